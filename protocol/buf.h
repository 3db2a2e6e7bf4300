/*
** buf.h -- a growable byte buffer: replies are encoded straight into a
** connection's output buffer, requests accumulate in its input buffer.
**
** Invariants:
**   1. p[0..n) is the content; n <= cap; p is NULL iff cap == 0.
**   2. Growth is geometric; allocation failure aborts (as in the library).
**   3. `off` marks consumed bytes at the front (input side): content still
**      to process is p[off..n); mssa_buf_compact moves it to the front.
*/
#ifndef MSSA_PROTO_BUF_H
#define MSSA_PROTO_BUF_H

#include <stddef.h>

typedef struct mssa_buf {
  char *p;
  size_t n, cap, off;
} mssa_buf;

void mssa_buf_reserve(mssa_buf *b, size_t extra);
void mssa_buf_append(mssa_buf *b, const void *data, size_t len);
void mssa_buf_compact(mssa_buf *b);
void mssa_buf_free(mssa_buf *b);
/* Steals the content (caller frees) and leaves the buffer empty. */
char *mssa_buf_steal(mssa_buf *b, size_t *len);
/* jansson's json_dump_callback_t: appends to the mssa_buf in `data`. */
int mssa_buf_dump_cb(const char *buffer, size_t size, void *data);

#endif
