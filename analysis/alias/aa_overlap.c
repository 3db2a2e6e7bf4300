/*
** aa_overlap.c -- points-to (object + offset) and CodeQL-style overlap kinds
** for the query API.
**
** CodeQL's IR relates a write to a read by how their memory overlaps:
** exact (same bytes), total (the write covers every byte read), partial
** (some bytes in common), or none. We derive this from the pointer's
** underlying object and constant byte offset (GEP decomposition with
** datalayout sizes) when both accesses have one, and fall back to the alias
** result otherwise (MustAlias and equal sizes: exact; NoAlias: none;
** anything else: may).
**
** Invariants:
**   1. Sound: "none" only when the alias analysis says NoAlias or the byte
**      ranges on one object are disjoint; "exact"/"total" only when both
**      ranges are known to the byte on the same object (or MustAlias).
**   2. Pure queries: nothing here changes the alias context's answers.
*/
#include "alias/aa.h"
#include "alias/alias_internal.h"

bool mssa_aa_points_to(mssa_aa *aa, mssa_val ptr, mssa_points_to *out) {
  mssa__decomp d;
  mssa__decompose_gep(aa, ptr, &d);
  out->object = mssa__underlying_object(aa, d.base, MSSA__MAX_LOOKUP);
  out->offset = d.offset;
  out->offset_known = !d.overflow && d.nvar == 0 && out->object == d.base;
  if (!out->offset_known) out->offset = 0;
  return mssa__is_identified_object(aa, out->object);
}

const char *mssa_overlap_name(mssa_overlap k) {
  switch (k) {
  case MSSA_OVERLAP_NONE: return "none";
  case MSSA_OVERLAP_PARTIAL: return "partial";
  case MSSA_OVERLAP_TOTAL: return "total";
  case MSSA_OVERLAP_EXACT: return "exact";
  default: return "may";
  }
}

mssa_overlap mssa_aa_overlap(mssa_aa *aa, const mssa_loc *def, const mssa_loc *use) {
  MSSA_ASSERT(def->ptr != MSSA_VAL_NONE && use->ptr != MSSA_VAL_NONE);
  mssa_alias_result ar = mssa_aa_alias(aa, def, use);
  /* Invariant 1: "none" first of all where alias analysis says NoAlias. */
  if (ar == MSSA_NO_ALIAS) return MSSA_OVERLAP_NONE;
  bool sized = mssa__ls_precise(def->size) && mssa__ls_precise(use->size);
  mssa_points_to pd, pu;
  mssa_aa_points_to(aa, def->ptr, &pd);
  mssa_aa_points_to(aa, use->ptr, &pu);
  if (sized && pd.offset_known && pu.offset_known && pd.object == pu.object) {
    int64_t d0 = pd.offset, d1 = d0 + (int64_t)def->size;
    int64_t u0 = pu.offset, u1 = u0 + (int64_t)use->size;
    if (d1 <= u0 || u1 <= d0) return MSSA_OVERLAP_NONE;
    if (d0 == u0 && d1 == u1) return MSSA_OVERLAP_EXACT;
    if (d0 <= u0 && u1 <= d1) return MSSA_OVERLAP_TOTAL;
    return MSSA_OVERLAP_PARTIAL;
  }
  if (ar == MSSA_MUST_ALIAS && sized) {
    if (def->size == use->size) return MSSA_OVERLAP_EXACT;
    return def->size > use->size ? MSSA_OVERLAP_TOTAL : MSSA_OVERLAP_PARTIAL;
  }
  if (ar == MSSA_PARTIAL_ALIAS) return MSSA_OVERLAP_PARTIAL;
  return MSSA_OVERLAP_MAY;
}
