/*
** mssa_print_internal.h -- between mssa_print.c, mssa_print_canon.c and
** mssa_print_attrs.c: the forms opt prints that input text may leave out
** or numbers differently (see the invariants of mssa_print_canon.c and
** mssa_print_attrs.c).
*/
#ifndef MSSA_PRINT_INTERNAL_H
#define MSSA_PRINT_INTERNAL_H

#include <stdio.h>
#include <string.h>

#include "mssa/mssa.h"

/* Predecessors of every block of a function, in layout order of their
** terminators: block b's are list[start[b] .. start[b+1]). */
typedef struct mssa__preds {
  uint32_t *start;
  uint32_t *list;
} mssa__preds;

void mssa__preds_build(mssa__preds *p, const mssa_func *f);
void mssa__preds_free(mssa__preds *p);

/* Prints block b's label line as AsmWriter::printBasicBlock does: name (or
** slot) and colon, then for a non-entry block the `; preds =` comment;
** nothing for an unnamed entry block. `o` is scratch. */
void mssa__print_label(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t b,
                       const mssa__preds *p, mssa_buf *o);

/* ------------------------------------------------------------- tokens */

/* Just enough of LLVM's lexer to find operand boundaries in an
** instruction's text: kind '"' a string, 'w' a word (`@f`, `#0`, `!dbg`,
** `i32`), a punctuation character itself, 0 at the end. */
typedef struct mssa__tok {
  size_t off, end;
  char kind;
} mssa__tok;

mssa__tok mssa__next_tok(const char *s, size_t n, size_t i);

static inline bool mssa__tok_is(const char *s, mssa__tok t, const char *w) {
  size_t k = strlen(w);
  return t.kind == 'w' && t.end - t.off == k && !memcmp(s + t.off, w, k);
}

static inline int mssa__depth_step(char kind) {
  if (kind == '(' || kind == '[' || kind == '{' || kind == '<') return 1;
  if (kind == ')' || kind == ']' || kind == '}' || kind == '>') return -1;
  return 0;
}

/* The token closing the group that t opens; kind 0 when unbalanced. */
mssa__tok mssa__match_close(const char *s, size_t n, mssa__tok t);

/* ------------------------------------------- the per-function printer */

/* What printing one function needs: its predecessor lists, the module's
** numbering tables (mssa_print_attrs.c, kept with the module) and this
** function's metadata and attribute-group numbers. */
typedef struct mssa__pcache mssa__pcache;
typedef struct mssa__canon {
  mssa__preds preds;
  const mssa_module *m;
  const mssa_func *f;
  mssa__pcache *pc;
} mssa__canon;

mssa__canon *mssa__canon_new(const mssa_module *m, const mssa_func *f);
void mssa__canon_free(mssa__canon *c);
const mssa__preds *mssa__canon_preds(const mssa__canon *c);

/* The module's tables, made on first use (and again after the module
** changed), kept in m->print_cache; numbers function f's metadata and
** starts its attribute-group numbering. */
mssa__pcache *mssa__pcache_begin(const mssa_module *m, const mssa_func *f);

/* Writes s[0..n) with every metadata reference `!N` as the number opt
** gives that node when printing the function (mssa_print_attrs.c). */
void mssa__put_text(FILE *out, const mssa__canon *c, const char *s, size_t n);

/* Prints the `; Function Attrs: ...` line opt prints before function f
** (nothing when f has no attributes other than strings), then f's header
** line with its function attributes as the group number opt gives them. */
void mssa__print_head(FILE *out, mssa__canon *c);

/* A call's text with its function attributes as the group `#N` opt
** prints for this function; false (nothing written) when it has none. */
bool mssa__print_call(FILE *out, mssa__canon *c, const char *s, size_t n);

/* Prints instruction i's text (without indent or newline) with the
** default `align`, call-site attribute groups and metadata numbers opt
** prints. */
void mssa__print_inst_text(FILE *out, mssa__canon *c, uint32_t i);

/* Prints the debug records attached to instruction i, one a line, as
** AssemblyWriter::printDbgRecordLine does (four spaces, the record). */
void mssa__print_records(FILE *out, const mssa__canon *c, uint32_t i);

#endif
