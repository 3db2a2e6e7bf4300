/*
** slurp.h -- the C tests' one file reader: a whole file, NUL-terminated,
** malloc'ed; NULL if it cannot be read. *len (when len is not NULL) gets
** its size.
*/
#ifndef MEMSSA_TEST_SLURP_H
#define MEMSSA_TEST_SLURP_H

#include <stdio.h>
#include <stdlib.h>

static char *slurp(const char *path, size_t *len) {
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

#endif
