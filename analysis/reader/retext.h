/*
** retext.h -- new text parsed into an existing module, for the stages above
** the reader:
**   - a module takes a new text that differs from its own only in some
**     function bodies and in metadata / attribute-group numbering, without
**     a full parse (ll_retext.c): the daemon's reload by difference;
**   - one instruction of edit text is parsed in the context of a function
**     (ll_read_edit.c): the updater's text forms.
**
** Contract: after mssa_module_retext succeeds, the module is what a full
** parse of the new text would give, up to the order in which strings,
** types, constants and metadata nodes were interned: every function listed
** in res->changed has a freshly parsed body (its instruction ids restart;
** its MemorySSA must be rebuilt), every other function keeps its body and
** instruction ids, and every text span (instructions, `define` lines,
** metadata nodes) points into the new text.
*/
#ifndef MSSA_RETEXT_H
#define MSSA_RETEXT_H

#include "ir/ir.h"

/* What mssa_module_retext did, or why it could not. */
typedef struct mssa_retext {
  uint32_t *changed;    /* function indices whose bodies were reparsed
                           (malloc'ed; the caller frees it) */
  uint32_t nchanged;
  uint32_t nfuncs;      /* defined functions */
  uint32_t renumbered;  /* kept functions whose text differed (numbers only) */
  uint32_t new_md;      /* `!N = ...` definitions parsed from the new text
                           (those no kept part reaches) */
  char why[200];        /* on MSSA_EINVAL: why a full parse is needed */
} mssa_retext;

/* Records the shape of m->text (where each `define`, metadata definition
** and attribute group is) so a later mssa_module_retext can compare
** against it; run it right after a full parse, ideally off the query
** thread. Returns MSSA_OK, or MSSA_EINVAL if the text is not in the shape
** LLVM's printer gives (then retext always refuses). */
int mssa_module_textmap_build(mssa_module *m);
/* Forgets it: the module was edited and no longer is what its text says. */
void mssa_module_textmap_drop(mssa_module *m);

/* Makes *text (len bytes, NUL at (*text)[len], malloc'ed) the module's text.
** max_changed: give up (MSSA_EINVAL) if more bodies than this changed.
** Returns MSSA_OK (*text was taken and set to NULL), MSSA_EINVAL (res->why
** says why; nothing changed), or MSSA_EPARSE (a changed part does not parse:
** nothing changed, *diag says where; a full parse reports it the same way).
** On MSSA_OK the caller frees res->changed. */
int mssa_module_retext(mssa_module *m, char **text, size_t len, uint32_t max_changed,
                        mssa_retext *res, mssa_diag *diag);

/* The same in two phases, so the comparison (the long part: it reads both
** whole texts) can run off the query thread, from copies:
**   plan_new compares old text `otext` (with its map `om`, see
**   mssa_module_textmap and mssa_textmap_dup) with `text`; it touches no
**   module. MSSA_OK gives *out, else MSSA_EINVAL with `why`.
**   apply (on the module's thread) parses and commits; it checks that the
**   module still has a text of the compared length and map, but the caller
**   must make sure the module did not change since its text was copied
**   (the daemon keeps a version per bundle). It frees the plan on every
**   path; results as mssa_module_retext. */
typedef struct mssa_retext_plan mssa_retext_plan;
int mssa_retext_plan_new(const char *otext, size_t olen, const struct mssa_textmap *om,
                          const char *text, size_t len, uint32_t max_changed,
                          const uint8_t *pinned, mssa_retext_plan **out, char *why,
                          size_t cap);
/* Per function index, 1 for functions a blockaddress constant names (their
** bodies cannot be reparsed alone: `pinned` above), or NULL if none;
** malloc'ed. */
uint8_t *mssa_module_pinned_funcs(const mssa_module *m);
int mssa_retext_apply(mssa_module *m, mssa_retext_plan *plan_steal, char **text, size_t len,
                       mssa_retext *res, mssa_diag *diag);
void mssa_retext_plan_free(mssa_retext_plan *pl);
const struct mssa_textmap *mssa_module_textmap(const mssa_module *m);
struct mssa_textmap *mssa_textmap_dup(const struct mssa_textmap *t);
bool mssa_textmap_has_refs(const struct mssa_textmap *t); /* any `!`/`#` */
void mssa_textmap_free(struct mssa_textmap *t);

/* Parses ONE instruction of text (`store i32 0, ptr %p`, `%x = load ...`)
** in the context of function f of module m, without changing f: *proto is
** the instruction (ops at 0, no text span), *ops its operands. Names and
** `!N`/`#N` numbers mean what they mean in f and in the module's text.
** Returns MSSA_OK, MSSA_EPARSE (diag relative to the edit text, file
** "<edit>"), MSSA_EINVAL or MSSA_ETOOBIG. The module may gain interned
** strings, types and constants, and on success the metadata nodes the
** text creates. */
int mssa_parse_inst(mssa_module *m, mssa_func *f, const char *text, size_t len,
                     mssa_inst *proto, mssa_u32vec *ops, mssa_diag *diag);

#endif
