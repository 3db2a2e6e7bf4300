/*
** buf.c -- the growable byte buffer of buf.h.
**
** Invariants: see buf.h.
*/
#include "buf.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void mssa_buf_reserve(mssa_buf *b, size_t extra) {
  if (b->cap - b->n >= extra) return;
  size_t want = b->cap ? b->cap : 256;
  while (want - b->n < extra) want *= 2;
  b->p = mssa__xrealloc(b->p, want);
  b->cap = want;
}

void mssa_buf_append(mssa_buf *b, const void *data, size_t len) {
  if (!len) return;
  mssa_buf_reserve(b, len);
  memcpy(b->p + b->n, data, len);
  b->n += len;
}

void mssa_buf_compact(mssa_buf *b) {
  if (!b->off) return;
  memmove(b->p, b->p + b->off, b->n - b->off);
  b->n -= b->off;
  b->off = 0;
}

void mssa_buf_free(mssa_buf *b) {
  free(b->p);
  b->p = NULL;
  b->n = b->cap = b->off = 0;
}

char *mssa_buf_steal(mssa_buf *b, size_t *len) {
  char *p = b->p;
  if (len) *len = b->n;
  b->p = NULL;
  b->n = b->cap = b->off = 0;
  return p;
}

int mssa_buf_dump_cb(const char *buffer, size_t size, void *data) {
  mssa_buf_append(data, buffer, size);
  return 0;
}
