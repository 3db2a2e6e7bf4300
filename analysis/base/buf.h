/*
** buf.h -- the one growable string/byte builder of the project: replies are
** encoded straight into a connection's output buffer, requests accumulate in
** its input buffer, clients build request text with it.
**
** Invariants:
**   1. p[0..n) is the content; n <= cap; p is NULL iff cap == 0. After any
**      append that wrote text (mssa_buf_puts, mssa_buf_printf), p[n] == 0,
**      so the content can be used as a C string; mssa_buf_append keeps
**      that byte only if it was there (binary content need not be
**      terminated).
**   2. Growth is geometric; allocation failure aborts (as in the library),
**      or unwinds to a recovery scope (oom.h); mssa_buf_try_reserve instead
**      says false and leaves the buffer as it was.
**   3. `off` marks consumed bytes at the front (input side): content still
**      to process is p[off..n); mssa_buf_compact moves it to the front.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_BUF_H
#define MSSA_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct mssa_buf {
  char *p;
  size_t n, cap, off;
} mssa_buf;

/* Room for `extra` more bytes (plus a terminating NUL) after p[n]. */
void mssa_buf_reserve(mssa_buf *b, size_t extra);
void mssa_buf_append(mssa_buf *b, const void *data, size_t len);
/* The same, fallible (oom.h invariant 8: for a buffer of no scope, such as
** a connection's): false, the buffer unchanged, if memory runs out. */
bool mssa_buf_try_reserve(mssa_buf *b, size_t extra);
/* Appends a C string; the content stays NUL-terminated. */
void mssa_buf_puts(mssa_buf *b, const char *s);
/* printf-style append; the content stays NUL-terminated. */
void mssa_buf_printf(mssa_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mssa_buf_vprintf(mssa_buf *b, const char *fmt, va_list ap);
void mssa_buf_compact(mssa_buf *b);
void mssa_buf_free(mssa_buf *b);
/* Steals the content (caller frees; NUL-terminated, never NULL) and leaves
** the buffer empty. */
char *mssa_buf_steal(mssa_buf *b, size_t *len);
/* A callback of the json_dump_callback_t shape (jansson's encoder calls it
** with each chunk): appends to the mssa_buf in `data`; always 0. */
int mssa_buf_dump_cb(const char *buffer, size_t size, void *data);

#endif
