/*
** mssa_print_tok.c -- the tokenizer over instruction text that the printer's
** two text passes share: mssa_print_canon.c (opt's spelling of an
** instruction) and mssa_print_attrs.c (attribute groups and call sites).
** Both call it; it calls neither, so the two passes do not call each other
** back for it.
**
** Invariants:
**   1. A token never extends past n, and the token after the last one has
**      kind 0 with off == end == n (callers loop on t.kind).
**   2. Kinds: '"' a quoted string (up to its closing quote, or n), a
**      punctuation character for one of ()[]{}<>,=*, 'w' for any other run
**      of characters up to a space, quote, ';' or punctuation. A ';' starts
**      a comment to the end of the line, skipped like white space.
**   3. mssa__match_close, given an opening bracket, returns the token that
**      closes it at the same depth, or the kind-0 end token if none does.
*/
#include "mssa/mssa_print_internal.h"

#include <string.h>

#include "base/check.h"

typedef mssa__tok tok;

static bool is_punct(char c) { return c && strchr("()[]{}<>,=*", c) != NULL; }

mssa__tok mssa__next_tok(const char *s, size_t n, size_t i) {
  tok t;
  for (;;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    if (i < n && s[i] == ';') {   /* a comment inside multi-line text */
      while (i < n && s[i] != '\n') i++;
      continue;
    }
    break;
  }
  t.off = t.end = i;
  t.kind = 0;
  if (i >= n) return t;
  if (s[i] == '"') {
    size_t j = i + 1;
    while (j < n && s[j] != '"') j++;
    t.end = j < n ? j + 1 : n;
    t.kind = '"';
  } else if (is_punct(s[i])) {
    t.end = i + 1;
    t.kind = s[i];
  } else {
    size_t j = i;
    while (j < n && !is_punct(s[j]) && s[j] != '"' && s[j] != ';' && s[j] != ' ' &&
           s[j] != '\t' && s[j] != '\n' && s[j] != '\r')
      j++;
    t.end = j;
    t.kind = 'w';
  }
  MSSA_ASSERT(t.off < t.end && t.end <= n);   /* invariant 1 */
  return t;
}

mssa__tok mssa__match_close(const char *s, size_t n, mssa__tok t) {
  int d = 0;
  do {
    d += mssa__depth_step(t.kind);
    if (d == 0) break;
    t = mssa__next_tok(s, n, t.end);
  } while (t.kind);
  MSSA_ASSERT(t.kind == 0 || d == 0);   /* invariant 3 */
  return t;
}
