/*
** test_util.h -- small helpers the C tests share:
**   slurp      a whole file, NUL-terminated, malloc'ed; NULL if it cannot be
**              read; *len (when len is not NULL) gets its size;
**   sb_printf  printf appending to a growing buffer (sbuf).
*/
#ifndef MEMSSA_TEST_UTIL_H
#define MEMSSA_TEST_UTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

static TAP__UNUSED char *slurp(const char *path, size_t *len) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return NULL;
  fseek(fp, 0, SEEK_END);
  long n = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  char *b = n >= 0 ? malloc((size_t)n + 1) : NULL;
  if (!b || fread(b, 1, (size_t)n, fp) != (size_t)n) {
    fclose(fp);
    free(b);
    return NULL;
  }
  fclose(fp);
  b[n] = 0;
  if (len) *len = (size_t)n;
  return b;
}

typedef struct sbuf { char *a; size_t n, cap; } sbuf;
static void sb_printf(sbuf *b, const char *fmt, ...) TAP__PRINTF(2, 3);
static TAP__UNUSED void sb_printf(sbuf *b, const char *fmt, ...) {
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(b->a ? b->a + b->n : NULL, b->a ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (b->a && (size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
    size_t nc = b->cap ? b->cap * 2 : 4096;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    b->a = realloc(b->a, nc);
    b->cap = nc;
  }
}

/* Equal contents? */
static TAP__UNUSED bool sb_eq(const sbuf *a, const sbuf *b) {
  return a->n == b->n && (a->n == 0 || !memcmp(a->a, b->a, a->n));
}

#endif
