/*
** mssa_verify.c -- checks a MemorySSA graph against its function.
**
** What is checked (numbers match the messages; mssa_verify_parts runs a
** subset, MSSA_VERIFY_* in mssa.h):
**   V1. Every memory instruction has exactly one access, and the access
**       points back at it; no other instruction has one.
**   V2. Block access lists: phi first, then defs/uses in instruction order,
**       each access listed in its own block; lastdef is the last def/phi.
**   V3. Ids: liveOnEntry 0; defs and phis have distinct ids; uses none.
**   V4. A def's or use's defining access dominates it; in reachable blocks
**       a def's defining access is the reaching definition (the previous
**       def or phi, walking up the dominator tree).
**   V5. A phi has one operand per incoming CFG edge (as a multiset of
**       predecessor blocks), and each operand dominates the end of its
**       predecessor (the last def of a reachable predecessor's dominators,
**       or liveOnEntry for an unreachable one). Operands come in the order
**       a fresh build gives them: those of reachable predecessors in
**       dominator-tree preorder (dfs_in), then those of unreachable ones.
**   V6. Reachable blocks at the IDF of the defining blocks have a phi; no
**       other block has one (phi placement is exactly the pruned IDF).
*/
#include <stdarg.h>
#include <string.h>

#include "mssa/mssa.h"

typedef struct vctx {
  const mssa_ssa *s;
  char *msg;
  size_t cap;
  int problems;
  unsigned parts;   /* MSSA_VERIFY_* */
  uint32_t *rout;   /* per block: definition reaching its end (reachable only) */
} vctx;

static void fail(vctx *v, const char *fmt, ...) {
  if (v->problems++ == 0 && v->msg && v->cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->msg, v->cap, fmt, ap);
    va_end(ap);
  }
}

/* The definition reaching the end of every reachable block (the last def or
** phi up the dominator tree), computed once in preorder so that deep trees
** cost linear time. */
static uint32_t *reaching_outs(const mssa_ssa *s) {
  uint32_t *r = mssa_xmalloc((s->nblocks ? s->nblocks : 1) * sizeof(uint32_t));
  for (uint32_t k = 0; k < s->dt.npreorder; k++) {
    uint32_t b = s->dt.preorder[k], d = s->dt.idom[b];
    r[b] = s->lastdef[b] != MSSA_NONE ? s->lastdef[b] : d == MSSA_NONE ? MSSA_LIVE_ON_ENTRY : r[d];
  }
  return r;
}

static uint32_t reaching_in(const vctx *v, uint32_t b) {
  if (v->s->phi[b] != MSSA_NONE) return v->s->phi[b];
  uint32_t d = v->s->dt.idom[b];
  return d == MSSA_NONE ? MSSA_LIVE_ON_ENTRY : v->rout[d];
}

static const char *fname(const mssa_ssa *s) { return mssa_str(s->m, s->f->name); }

/* V1, from the instructions' side. */
static void verify_inst_map(vctx *v) {
  const mssa_ssa *s = v->s;
  const mssa_func *f = s->f;
  for (uint32_t i = 0; i < f->insts.n && i < s->inst_cap; i++) {
    uint32_t a = s->inst_acc[i];
    if (a == MSSA_NONE) continue;
    if (f->insts.a[i].block == MSSA_NONE) fail(v, "%s: V1: removed instruction %u has an access", fname(s), i);
    if (a >= s->acc.n || s->acc.a[a].inst != i)
      fail(v, "%s: V1: access of instruction %u does not point back", fname(s), i);
  }
}

/* V4 for def or use `a` of block b; cur_def is the definition reaching it. */
static void verify_defining_access(vctx *v, uint32_t a, bool reach, uint32_t cur_def) {
  const mssa_ssa *s = v->s;
  const mssa_access *x = &s->acc.a[a];
  if (x->def == MSSA_NONE || x->def >= s->acc.n) {
    fail(v, "%s: V4: access without defining access", fname(s));
  } else if (reach) {
    if (!mssa_ssa_dominates(s, x->def, a))
      fail(v, "%s: V4: defining access does not dominate its user", fname(s));
    if (x->kind == MSSA_ACC_DEF && x->def != cur_def)
      fail(v, "%s: V4: MemoryDef %u is not defined by the reaching definition", fname(s), x->id);
  } else if (x->def != MSSA_LIVE_ON_ENTRY) {
    fail(v, "%s: V4: access in an unreachable block not at liveOnEntry", fname(s));
  }
}

/* V2 (and V1 from the access's side) for access `a` listed in block b. */
static void verify_listed_access(vctx *v, uint32_t b, uint32_t a) {
  const mssa_ssa *s = v->s;
  const mssa_access *x = &s->acc.a[a];
  if (x->block != b) fail(v, "%s: V2: access listed in the wrong block", fname(s));
  if (x->kind == MSSA_ACC_PHI) {
    if (a != s->first[b] || s->phi[b] != a) fail(v, "%s: V2: phi not first in its block", fname(s));
  } else if (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) {
    if (s->f->insts.a[x->inst].block != b || s->inst_acc[x->inst] != a)
      fail(v, "%s: V1: access/instruction mismatch", fname(s));
  } else {
    fail(v, "%s: V2: bad access kind in list", fname(s));
  }
}

/* V3 for access `a`; `seen_id` marks the ids met so far. */
static void verify_id(vctx *v, uint32_t a, uint8_t *seen_id) {
  const mssa_ssa *s = v->s;
  const mssa_access *x = &s->acc.a[a];
  if (x->kind == MSSA_ACC_USE) {
    if (x->id != MSSA_NONE) fail(v, "%s: V3: use with an id", fname(s));
  } else if (x->id == MSSA_NONE || x->id == MSSA_LIVE_ON_ENTRY_ID || x->id > s->next_id ||
             seen_id[x->id]) {
    fail(v, "%s: V3: missing or duplicate id", fname(s));
  } else {
    seen_id[x->id] = 1;
  }
}

/* V2, V3 and V4 over every block's access list, as v->parts asks. */
static void verify_blocks(vctx *v) {
  const mssa_ssa *s = v->s;
  const mssa_func *f = s->f;
  bool lists = (v->parts & MSSA_VERIFY_LISTS) != 0, defs = (v->parts & MSSA_VERIFY_DEFS) != 0;
  uint8_t *seen_id = mssa_xcalloc((size_t)s->next_id + 1, 1);
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    bool reach = mssa_dt_reachable(&s->dt, b);
    uint32_t prevpos = 0, last_dp = MSSA_NONE;
    bool any = false;
    uint32_t cur_def = reach ? reaching_in(v, b) : MSSA_LIVE_ON_ENTRY;
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      const mssa_access *x = &s->acc.a[a];
      if (lists) verify_listed_access(v, b, a);
      if (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) {
        uint32_t pos = s->inst_pos[x->inst];
        if (lists && any && pos <= prevpos)
          fail(v, "%s: V2: accesses out of instruction order", fname(s));
        prevpos = pos;
        any = true;
        if (defs) verify_defining_access(v, a, reach, cur_def);
      }
      if (lists) verify_id(v, a, seen_id);
      if (x->kind != MSSA_ACC_USE) {
        last_dp = a;
        cur_def = a;
      }
    }
    if (lists && s->lastdef[b] != last_dp) fail(v, "%s: V2: stale last def of a block", fname(s));
  }
  free(seen_id);
}

/* Sort key of a phi operand's predecessor in a fresh build's order:
** reachable predecessors by dfs_in, then the unreachable ones. */
static uint64_t operand_rank(const mssa_ssa *s, uint32_t pb) {
  return mssa_dt_reachable(&s->dt, pb) ? s->dt.dfs_in[pb] : (uint64_t)UINT32_MAX + 1;
}

/* V5 for the phi of block b. */
static void verify_phi(vctx *v, uint32_t b) {
  const mssa_ssa *s = v->s;
  const mssa_access *x = &s->acc.a[s->phi[b]];
  uint32_t npred = s->cfg.pred_off[b + 1] - s->cfg.pred_off[b];
  if (x->nops != npred) {
    fail(v, "%s: V5: phi %u has %u operands for %u incoming edges", fname(s), x->id, x->nops, npred);
    return;
  }
  /* Multiset comparison: count edges per predecessor. */
  for (uint32_t k = 0; k < x->nops; k++) {
    uint32_t pb = mssa_phi_block(s, x, k), n1 = 0, n2 = 0;
    for (uint32_t j = 0; j < x->nops; j++) n1 += mssa_phi_block(s, x, j) == pb;
    for (uint32_t e = s->cfg.pred_off[b]; e < s->cfg.pred_off[b + 1]; e++) n2 += s->cfg.pred[e] == pb;
    if (n1 != n2) fail(v, "%s: V5: phi %u operand blocks do not match predecessors", fname(s), x->id);
    uint32_t want = mssa_dt_reachable(&s->dt, pb) ? v->rout[pb] : MSSA_LIVE_ON_ENTRY;
    if (mssa_phi_value(s, x, k) != want)
      fail(v, "%s: V5: phi %u operand %u is not the definition reaching its edge", fname(s), x->id, k);
    if (k && operand_rank(s, mssa_phi_block(s, x, k - 1)) > operand_rank(s, pb))
      fail(v, "%s: V5: phi %u operand %u is out of order", fname(s), x->id, k);
  }
}

/* V6: the phis are exactly at the IDF of the defining blocks. */
static void verify_placement(vctx *v) {
  const mssa_ssa *s = v->s;
  const mssa_func *f = s->f;
  mssa_u32vec defb = {0}, idf = {0};
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next)
      if (s->acc.a[a].kind == MSSA_ACC_DEF) { mssa_vec_push(&defb, b); break; }
  }
  mssa_idf(&s->dt, &s->cfg, defb.a, defb.n, &idf);
  uint8_t *want = mssa_xcalloc(s->nblocks ? s->nblocks : 1, 1);
  for (uint32_t k = 0; k < idf.n; k++) want[idf.a[k]] = 1;
  for (uint32_t b = 0; b < s->nblocks; b++)
    if ((s->phi[b] != MSSA_NONE) != (want[b] != 0))
      fail(v, "%s: V6: phi placement differs from the IDF of the defining blocks", fname(s));
  free(want);
  mssa_vec_free(&defb);
  mssa_vec_free(&idf);
}

int mssa_verify_parts(const mssa_ssa *s, unsigned parts, char *msg, size_t cap) {
  vctx v = {s, msg, cap, 0, parts, reaching_outs(s)};
  if (msg && cap) msg[0] = 0;
  if ((parts & MSSA_VERIFY_LISTS) &&
      (s->acc.n == 0 || s->acc.a[MSSA_LIVE_ON_ENTRY].kind != MSSA_ACC_LIVE ||
       s->acc.a[MSSA_LIVE_ON_ENTRY].id != MSSA_LIVE_ON_ENTRY_ID))
    fail(&v, "%s: V3: access 0 is not liveOnEntry", fname(s));
  if (parts & MSSA_VERIFY_ACCESSES) verify_inst_map(&v);
  if (parts & (MSSA_VERIFY_LISTS | MSSA_VERIFY_DEFS)) verify_blocks(&v);
  if (parts & MSSA_VERIFY_PHIS)
    for (uint32_t b = 0; b < s->nblocks; b++)
      if (s->phi[b] != MSSA_NONE) verify_phi(&v, b);
  if (parts & MSSA_VERIFY_PLACEMENT) verify_placement(&v);
  free(v.rout);
  return -v.problems;
}

int mssa_verify(const mssa_ssa *s, char *msg, size_t cap) {
  return mssa_verify_parts(s, MSSA_VERIFY_ALL, msg, cap);
}
