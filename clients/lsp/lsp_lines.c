/*
** lsp_lines.c -- lines of the text as last compiled and of the buffer now:
** answers are about the text memssad compiled (the last good compile);
** after an edit, or a save that failed to compile, a line of the buffer
** maps to the same line of that text when it lies in the unchanged lines
** before the first change or after the last one, and to nothing in between
** (a line that changed gets no stale answer).
**
** Invariants:
**   1. A line maps only where both texts are equal line for line around
**      it (the common head, or the common tail counted from the ends), so
**      a mapped answer is about the very same text.
**   2. The mapping is computed once per text change (did_change, a load),
**      not per request.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

/* Line start offsets of text (n lines; a last line without '\n' counts). */
static size_t *starts(const char *t, unsigned *n) {
  size_t cap = 64, k = 0, len = strlen(t);
  size_t *v = malloc(cap * sizeof *v);
  if (!v) abort();
  for (size_t i = 0; i < len;) {
    if (k + 1 >= cap && !(v = realloc(v, (cap *= 2) * sizeof *v))) abort();
    v[k++] = i;
    const char *e = memchr(t + i, '\n', len - i);
    i = e ? (size_t)(e - t) + 1 : len;
  }
  v[k] = len;   /* the end, so line j is [v[j], v[j+1]) */
  *n = (unsigned)k;
  return v;
}

static bool same_line(const char *a, const size_t *sa, unsigned i, const char *b,
                      const size_t *sb, unsigned j) {
  size_t la = sa[i + 1] - sa[i], lb = sb[j + 1] - sb[j];
  while (la && a[sa[i] + la - 1] == '\n') la--;
  while (lb && b[sb[j] + lb - 1] == '\n') lb--;
  return la == lb && !memcmp(a + sa[i], b + sb[j], la);
}

void mssa__lsp_lines_update(lsp_doc *d) {
  d->lines_same = !d->compiled || !d->text || !strcmp(d->compiled, d->text);
  if (d->lines_same) return;
  unsigned nn, nt;
  size_t *sn = starts(d->text, &nn), *st = starts(d->compiled, &nt);
  unsigned h = 0, t = 0;
  while (h < nn && h < nt && same_line(d->text, sn, h, d->compiled, st, h)) h++;
  while (t < nn - h && t < nt - h &&
         same_line(d->text, sn, nn - 1 - t, d->compiled, st, nt - 1 - t))
    t++;
  d->lines_head = h;
  d->lines_tail = t;
  d->lines_now = nn;
  d->lines_then = nt;
  free(sn);
  free(st);
}

/* Line `line` of a text of `from` lines in one of `to` lines (invariant 1). */
static unsigned map(const lsp_doc *d, unsigned line, unsigned from, unsigned to) {
  if (d->lines_same) return line;
  if (line <= d->lines_head) return line;
  if (line > from - d->lines_tail && line <= from) return line - from + to;
  return 0;
}

unsigned mssa__lsp_to_compiled(const lsp_doc *d, unsigned line) {
  return map(d, line, d->lines_now, d->lines_then);
}

unsigned mssa__lsp_to_current(const lsp_doc *d, unsigned line) {
  return map(d, line, d->lines_then, d->lines_now);
}
