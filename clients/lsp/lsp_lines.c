/*
** lsp_lines.c -- lines of the text as last compiled and of the buffer now:
** answers are about the text memssad compiled (the last good compile);
** after an edit, or a save that failed to compile, a line of the buffer
** maps to the same line of that text when it is unchanged (a line diff:
** equal lines in order, edits found by a bounded lookahead), and to
** nothing when it changed (a line that changed gets no stale answer).
**
** Invariants:
**   1. A line maps only to an equal line, in order (the maps are
**      monotonic), so a mapped answer is about the very same text.
**   2. The mapping is computed once per text change (did_change, a load),
**      not per request, in O(lines x LINES_LOOKAHEAD) at worst.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

#define LINES_LOOKAHEAD 256   /* lines an edit may insert, remove or replace at once */
#define LINES_RESYNC 3        /* lines that must agree after it */

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

/* Do lines i.. of a and j.. of b agree for r lines (or to an end)? */
static bool same_run(const char *a, const size_t *sa, unsigned na, unsigned i, const char *b,
                     const size_t *sb, unsigned nb, unsigned j, unsigned r) {
  for (unsigned k = 0; k < r && i + k < na && j + k < nb; k++)
    if (!same_line(a, sa, i + k, b, sb, j + k)) return false;
  return i < na && j < nb;
}

void mssa__lsp_lines_update(lsp_doc *d) {
  free(d->now2then);
  free(d->then2now);
  d->now2then = d->then2now = NULL;
  d->lines_same = !d->compiled || !d->text || !strcmp(d->compiled, d->text);
  if (d->lines_same) return;
  unsigned nn, nt;
  const char *a = d->text, *b = d->compiled;
  size_t *sa = starts(a, &nn), *sb = starts(b, &nt);
  d->now2then = calloc((size_t)nn + 1, sizeof *d->now2then);
  d->then2now = calloc((size_t)nt + 1, sizeof *d->then2now);
  if (!d->now2then || !d->then2now) abort();
  d->lines_now = nn;
  d->lines_then = nt;
  unsigned i = 0, j = 0;
  while (i < nn && j < nt) {
    if (same_line(a, sa, i, b, sb, j)) {   /* invariant 1: equal lines map */
      d->now2then[i + 1] = j + 1;
      d->then2now[j + 1] = i + 1;
      i++, j++;
      continue;
    }
    /* the nearest place where both agree again for LINES_RESYNC lines:
    ** lines inserted, removed or replaced (bounded lookahead) */
    unsigned k = 1;
    for (; k <= LINES_LOOKAHEAD; k++) {
      if (same_run(a, sa, nn, i + k, b, sb, nt, j, LINES_RESYNC)) {
        i += k;
        break;
      }
      if (same_run(a, sa, nn, i, b, sb, nt, j + k, LINES_RESYNC)) {
        j += k;
        break;
      }
      if (same_run(a, sa, nn, i + k, b, sb, nt, j + k, LINES_RESYNC)) {
        i += k, j += k;
        break;
      }
    }
    if (k > LINES_LOOKAHEAD) i++, j++;   /* a changed line each */
  }
  free(sa);
  free(sb);
}

unsigned mssa__lsp_to_compiled(const lsp_doc *d, unsigned line) {
  if (d->lines_same) return line;
  return line && line <= d->lines_now ? d->now2then[line] : 0;
}

unsigned mssa__lsp_to_current(const lsp_doc *d, unsigned line) {
  if (d->lines_same) return line;
  return line && line <= d->lines_then ? d->then2now[line] : 0;
}
