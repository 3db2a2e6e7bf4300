/*
** mssa_build.c -- MemorySSA construction, as LLVM 14's buildMemorySSA.
**
** Steps: (1) create a MemoryDef or MemoryUse for each memory instruction,
** numbering defs in layout order; (2) place MemoryPhis at the iterated
** dominance frontier of the defining blocks, numbering them in IDF order;
** (3) rename along the dominator tree in preorder, appending phi operands as
** each predecessor is left; (4) optimize uses (mssa_optimize.c), or with
** mssa_build_opts.lazy_uses only the trivially optimizable ones; (5) point
** accesses in unreachable blocks at liveOnEntry and give reachable phis a
** liveOnEntry operand per edge from an unreachable block.
**
** Invariants (in addition to mssa.h's):
**   1. Steps run in exactly this order: phi ids depend on (1) being done,
**      operand order on (3) preceding (5).
**   2. No recursion: renaming and every walk use explicit stacks.
**   3. The updater creates accesses with the same functions a build uses
**      (mssa_ssa_access_kind, mssa_ssa_new_access, mssa_ssa_new_phi), so an
**      updated graph's accesses are initialised as a fresh build's.
*/
#include "mssa/mssa.h"

#include <string.h>

#include "alias/phitrans.h"
#include "base/check.h"

uint32_t mssa_ssa_new_access(mssa_ssa *s, uint8_t kind, uint32_t block, uint32_t inst) {
  mssa_access a;
  memset(&a, 0, sizeof a);
  a.kind = kind;
  /* LLVM initialises a use's or def's optimized alias type to MayAlias. */
  a.ar = (kind == MSSA_ACC_DEF || kind == MSSA_ACC_USE) ? MSSA_MAY_ALIAS : MSSA_AR_NONE;
  a.id = MSSA_NONE;
  a.inst = inst;
  a.block = block;
  a.def = MSSA_NONE;
  a.opt = MSSA_NONE;
  a.prev = a.next = MSSA_NONE;
  mssa_vec_push(&s->acc, a);
  return s->acc.n - 1;
}

void mssa_ssa_link_after(mssa_ssa *s, uint32_t b, uint32_t after, uint32_t a) {
  mssa_access *x = &s->acc.a[a];
  x->block = b;
  x->prev = after;
  x->next = after == MSSA_NONE ? s->first[b] : s->acc.a[after].next;
  if (after == MSSA_NONE) s->first[b] = a;
  else s->acc.a[after].next = a;
  if (x->next != MSSA_NONE) s->acc.a[x->next].prev = a;
  else s->last[b] = a;
}

void mssa_ssa_unlink(mssa_ssa *s, uint32_t a) {
  mssa_access *x = &s->acc.a[a];
  uint32_t b = x->block;
  if (x->prev != MSSA_NONE) s->acc.a[x->prev].next = x->next;
  else s->first[b] = x->next;
  if (x->next != MSSA_NONE) s->acc.a[x->next].prev = x->prev;
  else s->last[b] = x->prev;
  x->prev = x->next = MSSA_NONE;
}

/*
** Which kind of access an instruction gets (LLVM's createNewAccess): none for
** assume-like markers and instructions that touch no memory; otherwise a
** MemoryDef if it may write or is ordered (volatile or atomic stronger than
** unordered), else a MemoryUse if it may read.
*/
int mssa_ssa_access_kind(mssa_ssa *s, uint32_t id) {
  const mssa_inst *in = &s->f->insts.a[id];
  switch (in->intrinsic) {
  case MSSA_INTR_ASSUME:
  case MSSA_INTR_NOALIAS_SCOPE_DECL:
  case MSSA_INTR_PSEUDOPROBE:
    return MSSA_ACC_NONE;
  case MSSA_INTR_ALLOW_RUNTIME_CHECK:
  case MSSA_INTR_ALLOW_UBSAN_CHECK:
    if (mssa_module_llvm_version(s->m) >= MSSA_LLVM_ALLOW_CHECK) return MSSA_ACC_NONE;
    break;
  default:
    break;
  }
  bool ordered = false;
  switch (in->opcode) {
  case MSSA_OP_LOAD:
  case MSSA_OP_STORE:
    ordered = (in->flags & MSSA_IF_VOLATILE) || in->ordering > MSSA_AO_UNORDERED;
    break;
  case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR:
  case MSSA_OP_FENCE: case MSSA_OP_CMPXCHG: case MSSA_OP_ATOMICRMW:
  case MSSA_OP_VAARG: case MSSA_OP_CATCHPAD: case MSSA_OP_CATCHRET:
    break;
  default:
    return MSSA_ACC_NONE; /* mayReadOrWriteMemory() is false for everything else */
  }
  unsigned mr = mssa_aa_inst_modref(s->aa, id);
  if ((mr & MSSA_MR_MOD) || ordered) return MSSA_ACC_DEF;
  if (mr & MSSA_MR_REF) return MSSA_ACC_USE;
  return MSSA_ACC_NONE;
}

/* Step 1: accesses for instructions, defs numbered in layout order. */
static void create_accesses(mssa_ssa *s, mssa_u32vec *defblocks) {
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    bool has_def = false;
    uint32_t pos = 0;
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      s->inst_pos[i] = pos++;
      int k = mssa_ssa_access_kind(s, i);
      if (k == MSSA_ACC_NONE) continue;
      uint32_t a = mssa_ssa_new_access(s, (uint8_t)k, b, i);
      s->inst_acc[i] = a;
      mssa_ssa_link_after(s, b, s->last[b], a);
      if (k == MSSA_ACC_DEF) {
        s->acc.a[a].id = s->next_id++;
        s->lastdef[b] = a;
        s->ndefs++;
        has_def = true;
      } else {
        s->nuses++;
      }
    }
    if (has_def) mssa_vec_push(defblocks, b);
  }
}

uint32_t mssa_ssa_new_phi(mssa_ssa *s, uint32_t b) {
  uint32_t a = mssa_ssa_new_access(s, MSSA_ACC_PHI, b, MSSA_NONE);
  mssa_access *p = &s->acc.a[a];
  p->id = s->next_id++;
  p->cap = s->cfg.pred_off[b + 1] - s->cfg.pred_off[b];
  p->ops = s->phiops.n;
  p->nops = 0;
  mssa_vec_reserve(&s->phiops, s->phiops.n + 2 * p->cap);
  s->phiops.n += 2 * p->cap;
  s->phi[b] = a;
  s->nphis++;
  return a;
}

/* Step 2: phis at the IDF, in the order the IDF calculator lists them. */
static void place_phis(mssa_ssa *s, const mssa_u32vec *defblocks) {
  mssa_u32vec idf = {0};
  mssa_idf(&s->dt, &s->cfg, defblocks->a, defblocks->n, &idf);
  for (uint32_t k = 0; k < idf.n; k++) {
    uint32_t b = idf.a[k];
    uint32_t a = mssa_ssa_new_phi(s, b);
    if (s->lastdef[b] == MSSA_NONE) s->lastdef[b] = a;
    mssa_ssa_link_after(s, b, MSSA_NONE, a);
  }
  mssa_vec_free(&idf);
}

static void phi_add_incoming(mssa_ssa *s, uint32_t phi, uint32_t block, uint32_t val) {
  mssa_access *p = &s->acc.a[phi];
  /* One slot was reserved per incoming edge (place_phis), and renaming and
  ** step 5 add one operand per edge (mssa.h invariant 4). */
  MSSA_ASSERT(p->nops < p->cap);
  if (p->nops >= p->cap) return;
  s->phiops.a[p->ops + 2 * p->nops] = block;
  s->phiops.a[p->ops + 2 * p->nops + 1] = val;
  p->nops++;
}

/* renameBlock + renameSuccessorPhis: returns the outgoing definition. */
static uint32_t rename_block(mssa_ssa *s, uint32_t b, uint32_t incoming) {
  for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
    mssa_access *x = &s->acc.a[a];
    if (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) {
      if (x->def == MSSA_NONE) x->def = incoming;
    }
    if (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_PHI) incoming = a;
  }
  for (uint32_t e = s->cfg.succ_off[b]; e < s->cfg.succ_off[b + 1]; e++) {
    uint32_t succ = s->cfg.succ[e];
    if (s->phi[succ] != MSSA_NONE) phi_add_incoming(s, s->phi[succ], b, incoming);
  }
  return incoming;
}

/* Step 3: renaming in dominator-tree preorder with an explicit stack. */
typedef struct rename_frame {
  uint32_t node;        /* dominator-tree node */
  uint32_t next_child;  /* index into dt->child of the next child to visit */
  uint32_t incoming;    /* the definition leaving `node` */
} rename_frame;

static void rename_pass(mssa_ssa *s) {
  const mssa_domtree *dt = &s->dt;
  uint32_t root = dt->root;
  MSSA_VEC(rename_frame) st = {0};
  rename_frame top = {root, dt->child_off[root], rename_block(s, root, MSSA_LIVE_ON_ENTRY)};
  mssa_vec_push(&st, top);
  while (st.n) {
    rename_frame *f = &st.a[st.n - 1];
    if (f->next_child == dt->child_off[f->node + 1]) { st.n--; continue; }
    uint32_t child = dt->child[f->next_child++];
    rename_frame next = {child, dt->child_off[child], rename_block(s, child, f->incoming)};
    mssa_vec_push(&st, next);
  }
  mssa_vec_free(&st);
}

/* Step 4 when uses stay unoptimized (mssa_build_opts.lazy_uses): only the
** uses current LLVM optimizes as it creates them, to liveOnEntry. */
static void mark_trivial_uses(mssa_ssa *s) {
  for (uint32_t a = MSSA_LIVE_ON_ENTRY + 1; a < s->acc.n; a++) {
    mssa_access *x = &s->acc.a[a];
    if (x->kind != MSSA_ACC_USE || !mssa_ssa_trivially_live_on_entry(s, x->inst)) continue;
    x = &s->acc.a[a];
    x->def = MSSA_LIVE_ON_ENTRY;
    x->optimized = 1;
    x->ar = MSSA_AR_NONE;
  }
}

/* Step 5: unreachable blocks, in layout order. */
static void mark_unreachable(mssa_ssa *s) {
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    if (mssa_dt_reachable(&s->dt, b)) continue;
    for (uint32_t e = s->cfg.succ_off[b]; e < s->cfg.succ_off[b + 1]; e++) {
      uint32_t succ = s->cfg.succ[e];
      if (!mssa_dt_reachable(&s->dt, succ)) continue;
      if (s->phi[succ] != MSSA_NONE) phi_add_incoming(s, s->phi[succ], b, MSSA_LIVE_ON_ENTRY);
    }
    /* Unreachable blocks never get phis: the IDF has only reachable nodes. */
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next)
      s->acc.a[a].def = MSSA_LIVE_ON_ENTRY;
  }
}

int mssa_ssa_build(const mssa_module *m, const mssa_func *f,
                   const mssa_build_opts *opts, mssa_ssa **out) {
  return mssa_ssa_build_refined(m, f, opts, NULL, out);
}

int mssa_ssa_build_refined(const mssa_module *m, const mssa_func *f, const mssa_build_opts *opts,
                           const mssa_refine *refine, mssa_ssa **out) {
  *out = NULL;
  if (f->is_decl || f->entry == MSSA_NONE) return MSSA_EINVAL;
  mssa_ssa *s = mssa_xcalloc(1, sizeof *s);
  s->m = m;
  s->f = f;
  s->check_limit = opts && opts->zero_check_limit ? 0
                   : opts && opts->check_limit   ? opts->check_limit
                                                 : UINT32_MAX;
  unsigned layers = opts && opts->aa_layers ? opts->aa_layers : MSSA_AA_ALL;
  s->aa = mssa_aa_new(m, f, layers);
  if (refine && refine->fn) mssa_aa_set_refine(s->aa, refine->fn, refine->ctx);
  mssa_cfg_from_func(&s->cfg, f);
  mssa_domtree_build(&s->dt, &s->cfg);

  uint32_t nb = f->blocks.n, ni = f->insts.n;
  s->nblocks = nb;
  s->inst_cap = ni;
  s->inst_acc = mssa_xmalloc((ni ? ni : 1) * sizeof(uint32_t));
  s->inst_pos = mssa_xmalloc((ni ? ni : 1) * sizeof(uint32_t));
  memset(s->inst_acc, 0xff, (ni ? ni : 1) * sizeof(uint32_t));
  memset(s->inst_pos, 0xff, (ni ? ni : 1) * sizeof(uint32_t));
  size_t blk_bytes = (size_t)MSSA_BLOCK_ARRAYS * (nb ? nb : 1) * sizeof(uint32_t);
  uint32_t *blk = mssa_xmalloc(blk_bytes);
  memset(blk, 0xff, blk_bytes);
  mssa_ssa_set_block_arrays(s, blk, nb);

  /* liveOnEntry: the first access, in the entry block, in no access list. */
  uint32_t live = mssa_ssa_new_access(s, MSSA_ACC_LIVE, f->entry, MSSA_NONE);
  MSSA_ASSERT(live == MSSA_LIVE_ON_ENTRY);
  s->acc.a[live].id = MSSA_LIVE_ON_ENTRY_ID;
  s->next_id = MSSA_LIVE_ON_ENTRY_ID + 1;

  mssa_u32vec defblocks = {0};
  create_accesses(s, &defblocks);
  place_phis(s, &defblocks);
  mssa_vec_free(&defblocks);
  rename_pass(s);
  if (opts && opts->lazy_uses) mark_trivial_uses(s);
  else mssa_ssa_optimize_uses(s);
  mark_unreachable(s);
  /* Expensive checks: the whole verifier (V1-V6) on every graph built. */
  MSSA_EXPENSIVE_ASSERT(mssa_verify(s, NULL, 0) == 0);
  *out = s;
  return MSSA_OK;
}

void mssa_ssa_free(mssa_ssa *s) {
  if (!s) return;
  mssa_ssa_drop_view(s);
  mssa_aa_free(s->aa);
  mssa_cfg_free(&s->cfg);
  mssa_domtree_free(&s->dt);
  mssa_vec_free(&s->acc);
  mssa_vec_free(&s->phiops);
  free(s->inst_acc);
  free(s->inst_pos);
  free(s->first);
  mssa_users_free(s->users);
  free(s);
}
