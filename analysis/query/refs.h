/*
** refs.h -- who may write or read a piece of memory, within one function
** of a bundle: a global (alias queries of every load, store and call
** against the global's location) or a struct member by its DWARF names
** (the loads and stores whose C expression ends in that member: varname.h).
** A caller collects the functions of every unit it answers for, then sorts.
**
** Invariants:
**   1. A global's reference is found by the module's own alias analysis
**      (mssa_aa_alias, mssa_aa_modref_loc): nothing NoAlias is listed, and
**      nothing MayAlias is left out (aa.h invariant 1).
**   2. A member is matched by struct (or union) name and member name, as
**      DWARF names them, never by IR field index: two structs with a
**      member of one name are told apart, and the same struct in two units
**      (two DICompositeTypes) is one.
**   3. At most `cap` refs are written; the count of all is returned, so a
**      caller can tell it was cut.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_REFS_H
#define MSSA_REFS_H

#include <stdbool.h>
#include <stdint.h>

#include "query/mssa_query.h"
#include "query/varname.h"

typedef enum { MSSA_REFS_GLOBAL, MSSA_REFS_MEMBER } mssa_refs_kind;

/* What is asked about. For a global, `global` is its index in the bundle
** being searched (mssa_q_refs_find_global); for a member, type ("struct
** client") and member ("flags"). */
typedef struct mssa_qrefs_target {
  mssa_refs_kind kind;
  uint32_t global;
  char type[136];
  char member[128];
} mssa_qrefs_target;

/* One reference: function, instruction, its mod/ref bits (MSSA_MR_MOD,
** MSSA_MR_REF) as the target sees them, whether it is a call, and the
** alias answer for a load or store (MSSA_AR_NONE-like -1 otherwise). */
typedef struct mssa_qref {
  uint32_t func, inst;
  unsigned mr;
  bool call;
  int ar;
} mssa_qref;

/* The global named `name` in q (its IR name, else its DIGlobalVariable's
** C name), or MSSA_NONE. */
uint32_t mssa_q_refs_find_global(const mssa_qmodule *q, const char *name);

/* The references of function fi (graph s, settled) to target t whose
** mod/ref bits meet `want` (MSSA_MR_MOD for writers, MSSA_MR_REF for
** readers); `calls` false leaves calls out. Writes up to cap into out;
** returns how many there are. */
uint32_t mssa_q_refs_func(mssa_qmodule *q, mssa_ssa *s, uint32_t fi, const mssa_qrefs_target *t,
                          unsigned want, bool calls, mssa_qref *out, uint32_t cap);

/* The members' index of a bundle (built on first use, rebuilt when the
** bundle's version moves, like its name index): every load and store by
** each member its C expression is in. At most MSSA_REFS_INDEX_MAX
** entries; a bundle with more has no index (queries then scan). */
#define MSSA_REFS_INDEX_MAX (1u << 21)
typedef struct mssa_qrefs_index mssa_qrefs_index;
void mssa_q_refs_index_free(mssa_qrefs_index *ix);

/* Every load and store of bundle q to member t whose mod/ref bits meet
** `want`, through the index: up to cap into out, the count returned; or
** UINT32_MAX when q has no index (too many entries: mssa_q_refs_func then
** answers function by function). */
uint32_t mssa_q_refs_members(mssa_qmodule *q, const mssa_qrefs_target *t, unsigned want,
                             mssa_qref *out, uint32_t cap);

#endif
