/*
** lsp_lines.c -- the source lines that have loads, for code lenses and
** inlay hints: read from the IR text the server compiled (it holds that
** text anyway, to load it), each `load` line's `!dbg !N` and the line of
** DILocation !N. Everything else -- writes, readers, names -- comes from
** memssad.
**
** Invariants:
**   1. A scan of lines, not a reader: a line it does not recognise adds
**      nothing; no search runs past the end of its line.
**   2. The result is sorted and each line appears once.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

typedef struct ulist {
  uint64_t *v;
  size_t n, cap;
} ulist;

static void push(ulist *l, uint64_t x) {
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    l->v = realloc(l->v, l->cap * sizeof *l->v);
    if (!l->v) abort();
  }
  l->v[l->n++] = x;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static int cmp_unsigned(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

/* "needle" within [s, e)? */
static const char *find_in(const char *s, const char *e, const char *needle) {
  size_t k = strlen(needle);
  for (const char *p = s; p + k <= e; p++)
    if (!memcmp(p, needle, k)) return p;
  return NULL;
}

size_t mssa__lsp_load_lines(const char *ir, size_t len, unsigned **out) {
  ulist dbg = {0}, locs = {0};   /* locs: pairs (N << 32 | line), sorted later */
  for (const char *s = ir, *end = ir + len; s < end;) {
    const char *e = memchr(s, '\n', (size_t)(end - s));
    if (!e) e = end;
    const char *t = s;
    while (t < e && *t == ' ') t++;
    const char *load = find_in(t, e, " = load ");
    const char *d = load ? find_in(load, e, "!dbg !") : NULL;
    if (d) push(&dbg, strtoul(d + 6, NULL, 10));
    if (*t == '!' && t + 1 < e && t[1] >= '0' && t[1] <= '9') {
      const char *l = find_in(t, e, "!DILocation(line: ");
      if (l) push(&locs, (uint64_t)strtoul(t + 1, NULL, 10) << 32 | strtoul(l + 18, NULL, 10));
    }
    s = e + 1;
  }
  if (locs.n) qsort(locs.v, locs.n, sizeof *locs.v, cmp_u64);
  unsigned *lines = malloc((dbg.n ? dbg.n : 1) * sizeof *lines);
  if (!lines) abort();
  size_t n = 0;
  for (size_t i = 0; i < dbg.n; i++) {
    uint64_t key = dbg.v[i] << 32;
    size_t lo = 0, hi = locs.n;   /* the first entry >= key */
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (locs.v[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    if (lo < locs.n && locs.v[lo] >> 32 == dbg.v[i]) lines[n++] = (unsigned)(locs.v[lo] & 0xffffffffu);
  }
  free(dbg.v);
  free(locs.v);
  if (n) qsort(lines, n, sizeof *lines, cmp_unsigned);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (!k || lines[k - 1] != lines[i]) lines[k++] = lines[i];
  *out = lines;
  return k;
}
