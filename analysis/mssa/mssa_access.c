/*
** mssa_access.c -- questions about the accesses of a graph that the build
** (mssa_build.c), the use optimizer (mssa_optimize.c) and the walker
** (walker.c) all ask: does one access dominate another, and is a load
** trivially live on entry. They sit below all three so that those files
** call downwards only (build -> optimize -> walker -> here).
**
** Invariants:
**   1. Pure questions: nothing here changes the graph, and each answer is
**      a function of the graph, the dominator tree and alias analysis only.
**   2. Dominance of accesses is LLVM's MemorySSA::dominates: liveOnEntry
**      dominates everything; across blocks the dominator tree decides;
**      within a block a MemoryPhi comes first, then instruction order.
**   3. A load is trivially live on entry (LLVM's
**      isUseTriviallyOptimizableToLiveOnEntry) when it carries
**      !invariant.load or alias analysis's mod/ref mask says nothing may
**      write its location (constant memory).
*/
#include "mssa/mssa.h"

#include "base/check.h"

bool mssa_ssa_dominates(const mssa_ssa *s, uint32_t a, uint32_t b) {
  MSSA_ASSERT(a < s->acc.n && b < s->acc.n);
  if (a == b) return true;
  const mssa_access *A = &s->acc.a[a], *B = &s->acc.a[b];
  if (A->kind == MSSA_ACC_LIVE) return true;
  if (B->kind == MSSA_ACC_LIVE) return false;
  if (A->block != B->block) return mssa_dt_dominates(&s->dt, A->block, B->block);
  /* Same block: a phi comes first, then instruction order. */
  if (A->kind == MSSA_ACC_PHI) return true;
  if (B->kind == MSSA_ACC_PHI) return false;
  return s->inst_pos[A->inst] < s->inst_pos[B->inst];
}

bool mssa_ssa_trivially_live_on_entry(mssa_ssa *s, uint32_t inst) {
  const mssa_inst *in = &s->f->insts.a[inst];
  if (in->opcode != MSSA_OP_LOAD) return false;
  if (in->flags & MSSA_IF_INVARIANT_LOAD) return true;
  mssa_loc loc;
  if (!mssa_aa_inst_loc(s->aa, inst, &loc)) return false;
  return !(mssa_aa_modref_mask(s->aa, &loc) & MSSA_MR_MOD);
}
