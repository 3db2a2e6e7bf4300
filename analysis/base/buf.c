/*
** buf.c -- the growable byte buffer of buf.h.
**
** Invariants: see buf.h. Every reservation keeps one byte beyond `n` for
** the terminating NUL, so text appends never reallocate just for it.
*/
#include "base/buf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "base/oom.h"
#include "base/util.h"

/* The first allocation: small enough for a reply, large enough that most
** replies need no second one. */
#define BUF_FIRST_CAP 256

void mssa_buf_reserve(mssa_buf *b, size_t extra) {
  if (b->cap > b->n && b->cap - b->n > extra) return;
  size_t want = b->cap ? b->cap : BUF_FIRST_CAP;
  while (want - b->n <= extra) want *= 2;
  b->p = mssa_xrealloc(b->p, want);
  b->cap = want;
  MSSA_ASSERT(b->n < b->cap && b->cap - b->n > extra);   /* invariant 1, and the NUL's byte */
}

bool mssa_buf_try_reserve(mssa_buf *b, size_t extra) {
  if (b->cap > b->n && b->cap - b->n > extra) return true;
  size_t want = b->cap ? b->cap : BUF_FIRST_CAP;
  while (want - b->n <= extra) {
    if (want > SIZE_MAX / 2) return false;
    want *= 2;
  }
  char *q = mssa_oom_try_realloc(b->p, want);
  if (!q) return false;
  b->p = q;
  b->cap = want;
  MSSA_ASSERT(b->n < b->cap && b->cap - b->n > extra);   /* invariant 1, and the NUL's byte */
  return true;
}

void mssa_buf_append(mssa_buf *b, const void *data, size_t len) {
  if (!len) return;
  mssa_buf_reserve(b, len);
  memcpy(b->p + b->n, data, len);
  b->n += len;
}

void mssa_buf_puts(mssa_buf *b, const char *s) {
  size_t len = strlen(s);
  mssa_buf_reserve(b, len);
  memcpy(b->p + b->n, s, len + 1);
  b->n += len;
  MSSA_ASSERT(b->n < b->cap && b->p[b->n] == 0);   /* invariant 1: text stays terminated */
}

void mssa_buf_vprintf(mssa_buf *b, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  mssa_buf_reserve(b, 0);
  int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
  if (k > 0 && (size_t)k >= b->cap - b->n) {
    mssa_buf_reserve(b, (size_t)k);
    vsnprintf(b->p + b->n, b->cap - b->n, fmt, again);
  }
  va_end(again);
  if (k > 0) b->n += (size_t)k;
}

void mssa_buf_printf(mssa_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  mssa_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void mssa_buf_compact(mssa_buf *b) {
  if (!b->off) return;
  MSSA_ASSERT(b->off <= b->n);   /* invariant 3 */
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
  mssa_buf_reserve(b, 0);
  b->p[b->n] = 0;
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
