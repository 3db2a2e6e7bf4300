/*
** mssa_build.c -- MemorySSA construction, as LLVM 14's buildMemorySSA.
**
** Steps: (1) create a MemoryDef or MemoryUse for each memory instruction,
** numbering defs in layout order; (2) place MemoryPhis at the iterated
** dominance frontier of the defining blocks, numbering them in IDF order;
** (3) rename along the dominator tree in preorder, appending phi operands as
** each predecessor is left; (4) optimize uses (mssa_optimize.c); (5) point
** accesses in unreachable blocks at liveOnEntry and give reachable phis a
** liveOnEntry operand per edge from an unreachable block.
**
** Invariants (in addition to mssa.h's):
**   1. Steps run in exactly this order: phi ids depend on (1) being done,
**      operand order on (3) preceding (5).
**   2. No recursion: renaming and every walk use explicit stacks.
*/
#include "mssa/mssa.h"
#include "alias/phitrans.h"

#include <assert.h>
#include <string.h>

static uint32_t new_access(mssa_ssa *s, uint8_t kind, uint32_t block, uint32_t inst) {
  mssa_access a;
  memset(&a, 0, sizeof a);
  a.kind = kind;
  /* LLVM initialises a use's or def's optimized alias type to MayAlias. */
  a.ar = (kind == MSSA_ACC_DEF || kind == MSSA_ACC_USE) ? MSSA_MAY_ALIAS : -1;
  a.id = MSSA_NONE;
  a.inst = inst;
  a.block = block;
  a.def = MSSA_NONE;
  a.opt = MSSA_NONE;
  a.prev = a.next = MSSA_NONE;
  mssa_vec_push(&s->acc, a);
  return s->acc.n - 1;
}

static void append_to_block(mssa_ssa *s, uint32_t b, uint32_t a) {
  mssa_access *x = &s->acc.a[a];
  x->prev = s->last[b];
  x->next = MSSA_NONE;
  if (s->last[b] != MSSA_NONE) s->acc.a[s->last[b]].next = a;
  else s->first[b] = a;
  s->last[b] = a;
}

static void prepend_to_block(mssa_ssa *s, uint32_t b, uint32_t a) {
  mssa_access *x = &s->acc.a[a];
  x->next = s->first[b];
  x->prev = MSSA_NONE;
  if (s->first[b] != MSSA_NONE) s->acc.a[s->first[b]].prev = a;
  else s->last[b] = a;
  s->first[b] = a;
}

/*
** Which kind of access an instruction gets (LLVM's createNewAccess): none for
** assume-like markers and instructions that touch no memory; otherwise a
** MemoryDef if it may write or is ordered (volatile or atomic stronger than
** unordered), else a MemoryUse if it may read.
*/
static int access_kind_for(mssa_ssa *s, uint32_t id) {
  const mssa_inst *in = &s->f->insts.a[id];
  switch (in->intrinsic) {
  case MSSA_INTR_ASSUME:
  case MSSA_INTR_NOALIAS_SCOPE_DECL:
  case MSSA_INTR_PSEUDOPROBE:
    return -1;
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
    return -1; /* mayReadOrWriteMemory() is false for everything else */
  }
  unsigned mr = mssa_aa_inst_modref(s->aa, id);
  if ((mr & MSSA_MR_MOD) || ordered) return MSSA_ACC_DEF;
  if (mr & MSSA_MR_REF) return MSSA_ACC_USE;
  return -1;
}

bool mssa_ssa_dominates(const mssa_ssa *s, uint32_t a, uint32_t b) {
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

/* Step 1: accesses for instructions, defs numbered in layout order. */
static void create_accesses(mssa_ssa *s, mssa_u32vec *defblocks) {
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    bool has_def = false;
    uint32_t pos = 0;
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      s->inst_pos[i] = pos++;
      int k = access_kind_for(s, i);
      if (k < 0) continue;
      uint32_t a = new_access(s, (uint8_t)k, b, i);
      s->inst_acc[i] = a;
      append_to_block(s, b, a);
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

/* Step 2: phis at the IDF, in the order the IDF calculator lists them. */
static void place_phis(mssa_ssa *s, const mssa_u32vec *defblocks) {
  mssa_u32vec idf = {0};
  mssa_idf(&s->dt, &s->cfg, defblocks->a, defblocks->n, &idf);
  for (uint32_t k = 0; k < idf.n; k++) {
    uint32_t b = idf.a[k];
    uint32_t a = new_access(s, MSSA_ACC_PHI, b, MSSA_NONE);
    mssa_access *p = &s->acc.a[a];
    p->id = s->next_id++;
    p->cap = s->cfg.pred_off[b + 1] - s->cfg.pred_off[b];
    p->ops = s->phiops.n;
    mssa_vec_reserve(&s->phiops, s->phiops.n + 2 * p->cap);
    s->phiops.n += 2 * p->cap;
    s->phi[b] = a;
    if (s->lastdef[b] == MSSA_NONE) s->lastdef[b] = a;
    prepend_to_block(s, b, a);
    s->nphis++;
  }
  mssa_vec_free(&idf);
}

static void phi_add_incoming(mssa_ssa *s, uint32_t phi, uint32_t block, uint32_t val) {
  mssa_access *p = &s->acc.a[phi];
  assert(p->nops < p->cap);
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
static void rename_pass(mssa_ssa *s) {
  const mssa_domtree *dt = &s->dt;
  uint32_t root = dt->root;
  /* Stack entries: node, next child index, incoming definition. */
  uint32_t cap = 64, n = 0;
  uint32_t *st = mssa_xmalloc(cap * 3 * sizeof(uint32_t));
  uint32_t inc = rename_block(s, root, 0);
  st[0] = root; st[1] = dt->child_off[root]; st[2] = inc;
  n = 1;
  while (n) {
    uint32_t *top = &st[(n - 1) * 3];
    uint32_t node = top[0];
    if (top[1] == dt->child_off[node + 1]) { n--; continue; }
    uint32_t child = dt->child[top[1]++];
    uint32_t v = rename_block(s, child, top[2]);
    if (n == cap) {
      cap *= 2;
      st = mssa_xrealloc(st, cap * 3 * sizeof(uint32_t));
    }
    st[n * 3] = child;
    st[n * 3 + 1] = dt->child_off[child];
    st[n * 3 + 2] = v;
    n++;
  }
  free(st);
}

/* Step 5: unreachable blocks, in layout order. */
static void mark_unreachable(mssa_ssa *s) {
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    if (mssa_dt_reachable(&s->dt, b)) continue;
    for (uint32_t e = s->cfg.succ_off[b]; e < s->cfg.succ_off[b + 1]; e++) {
      uint32_t succ = s->cfg.succ[e];
      if (!mssa_dt_reachable(&s->dt, succ)) continue;
      if (s->phi[succ] != MSSA_NONE) phi_add_incoming(s, s->phi[succ], b, 0);
    }
    /* Unreachable blocks never get phis: the IDF has only reachable nodes. */
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next)
      s->acc.a[a].def = 0;
  }
}

int mssa_ssa_build(const mssa_module *m, const mssa_func *f,
                   const mssa_build_opts *opts, mssa_ssa **out) {
  *out = NULL;
  if (f->is_decl || f->entry == MSSA_NONE) return MSSA_EINVAL;
  mssa_ssa *s = mssa_xcalloc(1, sizeof *s);
  s->m = m;
  s->f = f;
  s->check_limit = opts && opts->check_limit ? opts->check_limit : UINT32_MAX;
  unsigned layers = opts && opts->aa_layers ? opts->aa_layers : MSSA_AA_ALL;
  s->aa = mssa_aa_new(m, f, layers);
  mssa_cfg_from_func(&s->cfg, f);
  mssa_domtree_build(&s->dt, &s->cfg);

  uint32_t nb = f->blocks.n, ni = f->insts.n;
  s->nblocks = nb;
  s->inst_cap = ni;
  s->inst_acc = mssa_xmalloc((ni ? ni : 1) * sizeof(uint32_t));
  s->inst_pos = mssa_xmalloc((ni ? ni : 1) * sizeof(uint32_t));
  memset(s->inst_acc, 0xff, (ni ? ni : 1) * sizeof(uint32_t));
  memset(s->inst_pos, 0xff, (ni ? ni : 1) * sizeof(uint32_t));
  uint32_t *blk = mssa_xmalloc((size_t)4 * (nb ? nb : 1) * sizeof(uint32_t));
  memset(blk, 0xff, (size_t)4 * (nb ? nb : 1) * sizeof(uint32_t));
  s->first = blk;
  s->last = blk + nb;
  s->phi = blk + 2 * nb;
  s->lastdef = blk + 3 * nb;

  /* liveOnEntry: id 0, in the entry block, in no access list. */
  uint32_t live = new_access(s, MSSA_ACC_LIVE, f->entry, MSSA_NONE);
  s->acc.a[live].id = 0;
  s->next_id = 1;

  mssa_u32vec defblocks = {0};
  create_accesses(s, &defblocks);
  place_phis(s, &defblocks);
  mssa_vec_free(&defblocks);
  rename_pass(s);
  mssa__optimize_uses(s);
  mark_unreachable(s);
  *out = s;
  return MSSA_OK;
}

void mssa_ssa_free(mssa_ssa *s) {
  if (!s) return;
  mssa_aa_free(s->aa);
  mssa_cfg_free(&s->cfg);
  mssa_domtree_free(&s->dt);
  mssa_vec_free(&s->acc);
  mssa_vec_free(&s->phiops);
  free(s->inst_acc);
  free(s->inst_pos);
  free(s->first);
  mssa__users_free(s->users);
  free(s);
}

/* ------------------------------------------------ exports for the updater */

/* access_kind_for / new_access for mssa_update.c (which keeps a built graph
** in step with IR edits); no behaviour of a fresh build depends on these. */
int mssa__access_kind(mssa_ssa *s, uint32_t inst) { return access_kind_for(s, inst); }

uint32_t mssa__new_access(mssa_ssa *s, uint8_t kind, uint32_t block, uint32_t inst) {
  return new_access(s, kind, block, inst);
}
