/*
** aa_basic.c -- BasicAA's alias(): LLVM 14's BasicAAResult::aliasCheck and
** its helpers aliasGEP, aliasPHI, aliasSelect, with AAQueryInfo's cache and
** its assumption bookkeeping for cyclic (phi) queries.
**
** Invariants:
**   1. Recursion goes through mssa__alias (AAResults::alias), which counts
**      depth; aliasCheck answers MayAlias at depth 512 as LLVM does. Frames
**      are small: GEP decompositions live in a pool indexed by depth.
**   2. The cache is per AAQueryInfo. A query starts with an empty one; a phi
**      whose block is newly visited runs its sub-queries with a fresh cache
**      level (withEmptyCache), dropped when it returns. An entry holds
**      NoAlias as an assumption until its own query finishes; if the
**      assumption was used and the result is not NoAlias, the result becomes
**      MayAlias and results derived from the assumption are dropped.
**   3. Offsets and ranges: 64-bit two's complement; value ranges use 128-bit
**      intermediates so no overflow goes unnoticed (overflow -> full range).
**   4. Anything not modelled answers MayAlias (soundness, aa.h invariant 1).
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "cfg/domtree.h"
#include "alias/alias_internal.h"

#define MAX_DEPTH 512
#define MAX_PHI_BBS_REACH 20
#define MAX_DOM_COND_USES 20     /* ValueTracking's DomConditionsMaxUses */
/* Room of the reachability search's worklist and successor scratch; a
** search that would need more answers "reachable" (the safe side). */
#define REACH_WORK 256
#define REACH_SUCCS 64
/* Room for the users of a dominating compare followed through logical
** ands; past it no more of them are looked at (not known non-zero). */
#define COND_WORK 64
#define MAX_BBS_TO_EXPLORE 32

/* The alias cache's slot states (open addressing with tombstones). */
enum { SLOT_EMPTY = 0, SLOT_USED = 1, SLOT_DELETED = 2 };
/* centry.nassume once the entry's query finished: its result is final. */
#define DEFINITIVE (-1)

typedef struct centry {
  uint32_t level;
  uint8_t state;          /* SLOT_* */
  int8_t result;
  int32_t nassume;        /* times the NoAlias assumption was used, or DEFINITIVE */
  uint32_t gen;           /* the query that wrote the slot (slot_state) */
  mssa_val v1, v2;
  uint64_t s1, s2;
} centry;

typedef struct ckey { mssa_val v1, v2; uint64_t s1, s2; } ckey;

typedef struct level {
  int32_t num_assumption_uses;
  uint32_t abr_start;     /* start of this level's AssumptionBasedResults */
  uint32_t log_start;     /* start of this level's inserted-slot log */
} level;

struct mssa__basic_state {
  centry *tab; uint32_t cap, used;    /* used counts slots not SLOT_EMPTY */
  uint32_t gen;                       /* current query's generation */
  MSSA_VEC(ckey) abr;                 /* assumption-based results, all levels */
  MSSA_VEC(ckey) log;                 /* keys inserted, all levels */
  MSSA_VEC(level) levels;
  MSSA_VEC(uint32_t) phibbs;          /* VisitedPhiBBs */
  mssa__decomp **pool; uint32_t npool;
  /* reachability scratch */
  uint32_t *bbmark; uint32_t bbgen, nbb;
  /* dominator tree, built on first use (dominating-condition queries) */
  bool have_dt;
  mssa_cfg cfg;
  mssa_domtree dt;
};

static struct mssa__basic_state *bstate(mssa_aa *aa) {
  if (!aa->bs) aa->bs = mssa_xcalloc(1, sizeof *aa->bs);
  return aa->bs;
}

void mssa__basic_free(mssa_aa *aa) {
  struct mssa__basic_state *s = aa->bs;
  if (!s) return;
  free(s->tab);
  mssa_vec_free(&s->abr); mssa_vec_free(&s->log); mssa_vec_free(&s->levels); mssa_vec_free(&s->phibbs);
  for (uint32_t i = 0; i < s->npool; i++) free(s->pool[i]);
  free(s->pool);
  free(s->bbmark);
  if (s->have_dt) { mssa_domtree_free(&s->dt); mssa_cfg_free(&s->cfg); }
  free(s);
  aa->bs = NULL;
}

/* ------------------------------------------------------------ the cache */

static uint64_t khash(uint32_t level, const ckey *k) {
  uint64_t h = level * 0x9E3779B97F4A7C15ull;
  h ^= ((uint64_t)k->v1 << 32 | k->v2) * 0xC2B2AE3D27D4EB4Full;
  h ^= (k->s1 * 0x165667B19E3779F9ull) ^ (k->s2 * 0x27D4EB2F165667C5ull);
  h ^= h >> 29;
  return h;
}

/* A slot's state in the current query. Starting a query empties the cache
** by moving to a new generation rather than clearing the table: the table
** keeps the size of the largest query so far, and clearing all of it for
** every query showed in profiles. */
static uint8_t slot_state(const struct mssa__basic_state *s, const centry *e) {
  return e->gen == s->gen ? e->state : SLOT_EMPTY;
}

static bool keq(const struct mssa__basic_state *s, const centry *e, uint32_t level, const ckey *k) {
  return slot_state(s, e) == SLOT_USED && e->level == level && e->v1 == k->v1 && e->v2 == k->v2 && e->s1 == k->s1 && e->s2 == k->s2;
}

static centry *cfind(struct mssa__basic_state *s, uint32_t level, const ckey *k) {
  if (!s->cap) return NULL;
  uint32_t m = s->cap - 1;
  for (uint32_t i = (uint32_t)khash(level, k) & m, n = 0; n < s->cap; i = (i + 1) & m, n++) {
    centry *e = &s->tab[i];
    if (slot_state(s, e) == SLOT_EMPTY) return NULL;
    if (keq(s, e, level, k)) return e;
  }
  return NULL;
}

static void cinsert_raw(struct mssa__basic_state *s, const centry *src) {
  uint32_t m = s->cap - 1;
  ckey k = { src->v1, src->v2, src->s1, src->s2 };
  for (uint32_t i = (uint32_t)khash(src->level, &k) & m;; i = (i + 1) & m) {
    if (slot_state(s, &s->tab[i]) != SLOT_USED) {
      s->tab[i] = *src; s->tab[i].state = SLOT_USED; s->tab[i].gen = s->gen; return;
    }
  }
}

static centry *cinsert(struct mssa__basic_state *s, uint32_t level, const ckey *k) {
  if ((s->used + 1) * 2 > s->cap) {
    centry *old = s->tab; uint32_t oc = s->cap;
    uint32_t live = 0;
    for (uint32_t i = 0; i < oc; i++) live += slot_state(s, &old[i]) == SLOT_USED;
    uint32_t nc = 64;
    while (nc < (live + 1) * 4) nc *= 2;
    s->tab = mssa_xcalloc(nc, sizeof *s->tab);
    s->cap = nc; s->used = live;
    for (uint32_t i = 0; i < oc; i++) if (slot_state(s, &old[i]) == SLOT_USED) cinsert_raw(s, &old[i]);
    free(old);
  }
  uint32_t m = s->cap - 1;
  for (uint32_t i = (uint32_t)khash(level, k) & m;; i = (i + 1) & m) {
    centry *e = &s->tab[i];
    uint8_t st = slot_state(s, e);
    if (st != SLOT_USED) {
      if (st == SLOT_EMPTY) s->used++;
      e->state = SLOT_USED; e->gen = s->gen; e->level = level; e->v1 = k->v1; e->v2 = k->v2; e->s1 = k->s1; e->s2 = k->s2;
      e->result = MSSA_NO_ALIAS; e->nassume = 0;
      mssa_vec_push(&s->log, *k);
      return e;
    }
  }
}

static void cerase(struct mssa__basic_state *s, uint32_t level, const ckey *k) {
  centry *e = cfind(s, level, k);
  if (e) e->state = SLOT_DELETED;
}

static void level_push(struct mssa__basic_state *s) {
  level l = { 0, s->abr.n, s->log.n };
  mssa_vec_push(&s->levels, l);
}

static void level_pop(struct mssa__basic_state *s) {
  level *l = &s->levels.a[s->levels.n - 1];
  uint32_t lv = s->levels.n - 1;
  for (uint32_t i = l->log_start; i < s->log.n; i++) cerase(s, lv, &s->log.a[i]);
  s->log.n = l->log_start;
  s->abr.n = l->abr_start;
  s->levels.n--;
}

void mssa__alias_query_begin(mssa_aa *aa) {
  struct mssa__basic_state *s = bstate(aa);
  if (s->used) {
    /* A new generation empties every slot; a zeroed table is empty in
    ** generation 0, where the counter wraps. */
    if (++s->gen == 0) memset(s->tab, 0, (size_t)s->cap * sizeof *s->tab);
    s->used = 0;
  }
  s->abr.n = 0; s->log.n = 0; s->levels.n = 0; s->phibbs.n = 0;
  level_push(s);
  aa->depth = 0;
}

/* ------------------------------------------------------------ reachability */

static bool bb_reachable(mssa_aa *aa, uint32_t from_bb_succs_of, bool start_with_succs, uint32_t stop) {
  struct mssa__basic_state *s = bstate(aa);
  const mssa_func *f = aa->f;
  if (s->nbb < f->blocks.n) {
    free(s->bbmark);
    s->bbmark = NULL;   /* never left dangling by a failure below (base/oom.h) */
    s->bbmark = mssa_xcalloc(f->blocks.n, sizeof *s->bbmark);
    s->nbb = f->blocks.n; s->bbgen = 0;
  }
  if (++s->bbgen == 0) { memset(s->bbmark, 0, (size_t)s->nbb * sizeof *s->bbmark); s->bbgen = 1; }
  uint32_t work[REACH_WORK]; uint32_t nw = 0;
  uint32_t succ[REACH_SUCCS];
  if (start_with_succs) {
    uint32_t t = mssa_block_terminator(f, from_bb_succs_of);
    if (t == MSSA_NONE) return false;
    uint32_t n = mssa_inst_successors(f, &f->insts.a[t], succ, REACH_SUCCS);
    if (n > REACH_SUCCS) return true;
    if (!n) return false;
    for (uint32_t i = 0; i < n; i++) work[nw++] = succ[i];
  } else {
    work[nw++] = from_bb_succs_of;
  }
  unsigned limit = MAX_BBS_TO_EXPLORE;
  while (nw) {
    uint32_t bb = work[--nw];
    if (s->bbmark[bb] == s->bbgen) continue;
    s->bbmark[bb] = s->bbgen;
    if (bb == stop) return true;
    if (!--limit) return true;
    uint32_t t = mssa_block_terminator(f, bb);
    if (t == MSSA_NONE) continue;
    uint32_t n = mssa_inst_successors(f, &f->insts.a[t], succ, REACH_SUCCS);
    if (n > REACH_SUCCS || nw + n > REACH_WORK) return true;
    for (uint32_t i = 0; i < n; i++) work[nw++] = succ[i];
  }
  return false;
}

/* isPotentiallyReachable(&BB->front(), I) */
static bool block_front_reaches(mssa_aa *aa, uint32_t bb, uint32_t inst) {
  const mssa_func *f = aa->f;
  uint32_t ib = f->insts.a[inst].block;
  if (ib == bb) return true;   /* the front comes before (or is) I */
  return bb_reachable(aa, bb, false, ib);
}

static bool value_equal_in_cycles(mssa_aa *aa, mssa_val a, mssa_val b) {
  if (a != b) return false;
  if (MSSA_VAL_KIND(a) != MSSA_VK_INST) return true;
  struct mssa__basic_state *s = bstate(aa);
  if (!s->phibbs.n) return true;
  if (s->phibbs.n > MAX_PHI_BBS_REACH) return false;
  for (uint32_t i = 0; i < s->phibbs.n; i++)
    if (block_front_reaches(aa, s->phibbs.a[i], MSSA_VAL_INDEX(a))) return false;
  return true;
}


/* ------------------------------------------------------------ dominating conditions */

/* cmpExcludesZero(Pred, C) for the icmp predicates (MSSA_ICMP_*). */
static bool cmp_excludes_zero(unsigned pred, int64_t c, unsigned bits) {
  uint64_t uc = mssa__zext_bits((uint64_t)c, bits);
  int64_t smax = bits >= 64 ? INT64_MAX : (int64_t)((1ull << (bits - 1)) - 1);
  switch (pred) {
  case MSSA_ICMP_EQ: return uc != 0;
  case MSSA_ICMP_NE: return uc == 0;
  case MSSA_ICMP_UGT: return true;                /* [C+1, max] or empty */
  case MSSA_ICMP_UGE: return uc != 0;
  case MSSA_ICMP_ULT: return uc == 0;             /* empty when C == 0 */
  case MSSA_ICMP_ULE: return false;
  case MSSA_ICMP_SGT: return c >= 0 || c == smax;
  case MSSA_ICMP_SGE: return c > 0;
  case MSSA_ICMP_SLT: return c <= 0;
  case MSSA_ICMP_SLE: return c < 0;
  default: return false;
  }
}

/* The predicate with the operands swapped (CmpInst::getSwappedPredicate). */
static unsigned pred_swap(unsigned p) {
  switch (p) {
  case MSSA_ICMP_UGT: return MSSA_ICMP_ULT; case MSSA_ICMP_ULT: return MSSA_ICMP_UGT;
  case MSSA_ICMP_UGE: return MSSA_ICMP_ULE; case MSSA_ICMP_ULE: return MSSA_ICMP_UGE;
  case MSSA_ICMP_SGT: return MSSA_ICMP_SLT; case MSSA_ICMP_SLT: return MSSA_ICMP_SGT;
  case MSSA_ICMP_SGE: return MSSA_ICMP_SLE; case MSSA_ICMP_SLE: return MSSA_ICMP_SGE;
  default: return p;
  }
}

/* The negated predicate (CmpInst::getInversePredicate). */
static unsigned pred_inverse(unsigned p) {
  switch (p) {
  case MSSA_ICMP_EQ: return MSSA_ICMP_NE; case MSSA_ICMP_NE: return MSSA_ICMP_EQ;
  case MSSA_ICMP_UGT: return MSSA_ICMP_ULE; case MSSA_ICMP_ULE: return MSSA_ICMP_UGT;
  case MSSA_ICMP_UGE: return MSSA_ICMP_ULT; case MSSA_ICMP_ULT: return MSSA_ICMP_UGE;
  case MSSA_ICMP_SGT: return MSSA_ICMP_SLE; case MSSA_ICMP_SLE: return MSSA_ICMP_SGT;
  case MSSA_ICMP_SGE: return MSSA_ICMP_SLT; case MSSA_ICMP_SLT: return MSSA_ICMP_SGE;
  default: return p;
  }
}

static const mssa_domtree *get_dt(mssa_aa *aa) {
  struct mssa__basic_state *s = bstate(aa);
  if (!s->have_dt) {
    mssa_cfg_from_func(&s->cfg, aa->f);
    mssa_domtree_build(&s->dt, &s->cfg);
    s->have_dt = true;
  }
  return &s->dt;
}

/* DominatorTree::dominates(BasicBlockEdge(start, end), use) */
static bool edge_dominates(mssa_aa *aa, uint32_t start, uint32_t end, uint32_t use) {
  const mssa_domtree *dt = get_dt(aa);
  const mssa_cfg *g = &bstate(aa)->cfg;
  if (!mssa_dt_dominates(dt, end, use)) return false;
  uint32_t np = g->pred_off[end + 1] - g->pred_off[end];
  if (np == 1) return true;
  int dup = 0;
  for (uint32_t k = g->pred_off[end]; k < g->pred_off[end + 1]; k++) {
    uint32_t p = g->pred[k];
    if (p == start) { if (dup++) return false; continue; }
    if (!mssa_dt_dominates(dt, end, p)) return false;
  }
  return true;
}

/*
** isKnownNonNullFromDominatingCondition, the branch part: V is compared
** with a constant so that the taken edge excludes zero, and that edge
** dominates the context instruction's block. At most 20 users are looked
** at (DomConditionsMaxUses); "and" conditions are followed on the true side.
*/
static bool nonzero_from_dom_cond(mssa_aa *aa, mssa_val v, uint32_t cxt) {
  if (cxt == MSSA_NONE || mssa__is_const(v)) return false;
  unsigned kind = MSSA_VAL_KIND(v);
  if (kind != MSSA_VK_INST && kind != MSSA_VK_ARG) return false;
  mssa__build_uses(aa);
  const mssa_func *f = aa->f;
  uint32_t slot = kind == MSSA_VK_INST ? MSSA_VAL_INDEX(v) : f->insts.n + MSSA_VAL_INDEX(v);
  uint32_t cb = f->insts.a[cxt].block;
  if (cb == MSSA_NONE) return false;
  unsigned explored = 0;
  for (uint32_t u = aa->use_start[slot]; u < aa->use_start[slot + 1]; u++) {
    if (explored >= MAX_DOM_COND_USES) break;
    explored++;
    uint32_t ui = mssa__use_inst(aa->uses[u]), opno = mssa__use_opno(aa->uses[u]);
    const mssa_inst *cmp = &f->insts.a[ui];
    if (cmp->opcode != MSSA_OP_ICMP || opno > 1) continue;
    const mssa_val *co = mssa_inst_ops(f, cmp);
    if (co[0] == co[1]) continue;
    unsigned pred = cmp->aux;
    mssa_val rhs = co[1 - opno];
    if (opno == 1) pred = pred_swap(pred);
    int64_t c; unsigned w;
    if (!mssa__const_int(aa, rhs, &c, &w)) continue;
    bool nonnull_if_true;
    if (cmp_excludes_zero(pred, c, w)) nonnull_if_true = true;
    else if (cmp_excludes_zero(pred_inverse(pred), c, w)) nonnull_if_true = false;
    else continue;
    /* users of the compare (through logical ands when true means non-zero) */
    uint32_t work[COND_WORK], nw = 0, seen[COND_WORK], ns = 0;
    uint32_t cslot = ui;
    for (uint32_t q = aa->use_start[cslot]; q < aa->use_start[cslot + 1] && nw < COND_WORK; q++) {
      uint32_t us = mssa__use_inst(aa->uses[q]);
      bool dup = false;
      for (uint32_t z = 0; z < ns; z++) if (seen[z] == us) { dup = true; break; }
      if (dup) continue;
      if (ns == COND_WORK) break;   /* out of room: prove nothing more (safe) */
      seen[ns++] = us;
      work[nw++] = us;
      while (nw) {
        uint32_t cur = work[--nw];
        const mssa_inst *ci = &f->insts.a[cur];
        bool is_and = ci->opcode == MSSA_OP_AND;
        if (!is_and && ci->opcode == MSSA_OP_SELECT) {
          int64_t k2; unsigned w2;
          const mssa_val *so = mssa_inst_ops(f, ci);
          is_and = mssa__const_int(aa, so[2], &k2, &w2) && k2 == 0 && w2 == 1;   /* select c, x, false */
        }
        if (nonnull_if_true && is_and) {
          for (uint32_t r = aa->use_start[cur]; r < aa->use_start[cur + 1]; r++) {
            uint32_t u2 = mssa__use_inst(aa->uses[r]);
            bool d2 = false;
            for (uint32_t z = 0; z < ns; z++) if (seen[z] == u2) { d2 = true; break; }
            if (d2 || ns == COND_WORK || nw == COND_WORK) continue;
            seen[ns++] = u2;
            work[nw++] = u2;
          }
          continue;
        }
        if (ci->opcode == MSSA_OP_BR && ci->nops == 3) {
          const mssa_val *bo = mssa_inst_ops(f, ci);
          uint32_t succ = MSSA_VAL_INDEX(bo[nonnull_if_true ? 1 : 2]);
          uint32_t other = MSSA_VAL_INDEX(bo[nonnull_if_true ? 2 : 1]);
          if (succ != other && edge_dominates(aa, ci->block, succ, cb)) return true;
        }
      }
    }
  }
  return false;
}

/* ------------------------------------------------------------ helpers */

static mssa_alias_result sub_alias(mssa_aa *aa, mssa_val p1, uint64_t s1, mssa_val p2, uint64_t s2) {
  mssa_loc a = { p1, s1, MSSA_NONE, MSSA_NONE, MSSA_NONE };
  mssa_loc b = { p2, s2, MSSA_NONE, MSSA_NONE, MSSA_NONE };
  return mssa__alias(aa, &a, &b);
}

static mssa_alias_result swap_ar(mssa_alias_result r) { return r; }   /* offsets are not kept */

static mssa_alias_result merge(mssa_alias_result a, mssa_alias_result b) {
  if (a == b) return a;
  if ((a == MSSA_PARTIAL_ALIAS && b == MSSA_MUST_ALIAS) || (b == MSSA_PARTIAL_ALIAS && a == MSSA_MUST_ALIAS))
    return MSSA_PARTIAL_ALIAS;
  return MSSA_MAY_ALIAS;
}

static bool is_object_smaller_than(mssa_aa *aa, mssa_val obj, uint64_t size) {
  if (!mssa__is_identified_object(aa, obj)) return false;
  uint64_t os;
  if (!mssa__object_size(aa, obj, true, &os)) return false;
  return os < size;
}

static uint64_t minimal_extent(mssa_aa *aa, mssa_val v, uint64_t ls) {
  bool cbn;
  uint64_t d = mssa__deref_bytes(aa, v, &cbn);
  if (cbn && aa->null_valid) d = 0;
  if (mssa__ls_precise(ls) && mssa__ls_value(ls) > d) d = mssa__ls_value(ls);
  return d;
}

static bool is_object_size(mssa_aa *aa, mssa_val obj, uint64_t size) {
  uint64_t os;
  return mssa__object_size(aa, obj, false, &os) && os == size;
}

static mssa__decomp *pool_get(mssa_aa *aa, uint32_t idx) {
  struct mssa__basic_state *s = bstate(aa);
  if (idx >= s->npool) {
    uint32_t n = idx + 8;
    s->pool = mssa_xrealloc(s->pool, (size_t)n * sizeof *s->pool);
    for (uint32_t i = s->npool; i < n; i++) s->pool[i] = mssa_xmalloc(sizeof(mssa__decomp));
    s->npool = n;
  }
  MSSA_ASSERT(idx < s->npool);   /* invariant 1: one decomposition per depth */
  return s->pool[idx];
}

static bool is_gep(const mssa_aa *aa, mssa_val v) {
  mssa__op op;
  return mssa__operator(aa, v, &op) && op.opcode == MSSA_OP_GEP;
}

static bool is_base_of_object(const mssa_aa *aa, mssa_val v) {
  const mssa_inst *i = mssa__inst(aa, v);
  if (i && i->opcode == MSSA_OP_ALLOCA) return true;
  return MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL && !aa->m->globals.a[MSSA_VAL_INDEX(v)].is_alias;
}

static void subtract_decomposed(mssa_aa *aa, mssa__decomp *dst, const mssa__decomp *src) {
  /* nuw survives only where nothing is subtracted that could wrap */
  if ((uint64_t)dst->offset < (uint64_t)src->offset) dst->nuw = false;
  dst->offset = (int64_t)((uint64_t)dst->offset - (uint64_t)src->offset);
  for (uint32_t k = 0; k < src->nvar; k++) {
    const mssa__varidx *sv = &src->var[k];
    bool found = false;
    for (uint32_t q = 0; q < dst->nvar; q++) {
      mssa__varidx *dv = &dst->var[q];
      if (!value_equal_in_cycles(aa, dv->v, sv->v) ||
          !mssa__same_casts(dv->zext, dv->sext, dv->trunc, dv->nneg, sv->zext, sv->sext, sv->trunc, sv->nneg))
        continue;
      if (dv->scale != sv->scale) {
        if ((uint64_t)dv->scale < (uint64_t)sv->scale) dst->nuw = false;
        dv->scale = (int64_t)((uint64_t)dv->scale - (uint64_t)sv->scale);
        dv->nsw = false;
      } else {
        memmove(&dst->var[q], &dst->var[q + 1], (dst->nvar - q - 1) * sizeof dst->var[0]);
        dst->nvar--;
      }
      found = true;
      break;
    }
    if (!found) {
      dst->nuw = false;
      if (dst->nvar == MSSA__MAX_GEP_VARS) { dst->overflow = true; return; }
      mssa__varidx e = *sv;
      e.scale = (int64_t)(0 - (uint64_t)sv->scale);
      dst->var[dst->nvar++] = e;
    }
  }
  MSSA_ASSERT(dst->nvar <= MSSA__MAX_GEP_VARS);   /* memloc.c invariant 3 */
}

/* ---- ranges modulo 2^64: [lo, lo+size) with size in 1..2^64, or full */
typedef struct { uint64_t lo; __uint128_t size; bool full; } crange;

static crange cr_from(__int128 lo, __int128 hi) {   /* signed inclusive, lo <= hi */
  crange r;
  r.full = false;
  r.lo = (uint64_t)lo;
  r.size = (__uint128_t)(hi - lo) + 1;
  if (r.size >= ((__uint128_t)1 << 64)) r.full = true;
  return r;
}

static crange cr_add(crange a, crange b) {
  if (a.full || b.full) { a.full = true; return a; }
  crange r;
  r.full = false;
  r.lo = a.lo + b.lo;
  r.size = a.size + b.size - 1;
  if (r.size >= ((__uint128_t)1 << 64)) r.full = true;
  return r;
}

static bool cr_contains(crange r, uint64_t x) {
  if (r.full) return true;
  return (__uint128_t)(uint64_t)(x - r.lo) < r.size;
}

/* intersect of r with [0, m) is empty? */
static bool cr_disjoint_from_prefix(crange r, uint64_t m) {
  if (r.full || m == 0) return m == 0;
  return !cr_contains(r, 0) && !(r.lo < m);
}

/* signed range of V at its width, from known bits and a few value patterns */
static void value_srange(mssa_aa *aa, mssa_val v, unsigned bits, __int128 *lo, __int128 *hi) {
  __int128 smin = -((__int128)1 << (bits - 1)), smax = ((__int128)1 << (bits - 1)) - 1;
  mssa__known k;
  mssa__known_bits(aa, v, 0, &k);
  uint64_t mask = bits >= 64 ? ~0ull : ((1ull << bits) - 1);
  uint64_t sign = 1ull << (bits - 1);
  if (k.bits == bits) {
    uint64_t mn = k.one | (k.zero & sign ? 0 : sign);
    uint64_t mx = (~k.zero & mask) & ~(k.one & sign ? 0 : sign);
    __int128 a = mssa__sext(mn, bits), b = mssa__sext(mx, bits);
    if (a <= b) { smin = a; smax = b; }
  }
  /* computeConstantRange's binop limits for urem/udiv/srem by constants */
  mssa__op op;
  int64_t c; unsigned w;
  if (mssa__operator(aa, v, &op) && op.is_inst && op.nops == 2 && mssa__const_int(aa, op.ops[1], &c, &w)) {
    uint64_t uc = mssa__zext_bits((uint64_t)c, w);
    if (op.opcode == MSSA_OP_UREM && uc && uc - 1 <= (uint64_t)smax) {
      if (smin < 0) smin = 0;
      if (smax > (__int128)(uc - 1)) smax = (__int128)(uc - 1);
    } else if (op.opcode == MSSA_OP_SREM && c > 0) {
      if (smin < -(c - 1)) smin = -(c - 1);
      if (smax > c - 1) smax = c - 1;
    } else if (op.opcode == MSSA_OP_UDIV && uc > 1 && bits <= 64) {
      __int128 top = (__int128)(mask / uc);
      if (top <= smax) { if (smin < 0) smin = 0; if (smax > top) smax = top; }
    }
  }
  if (smin > smax) { smin = -((__int128)1 << (bits - 1)); smax = ((__int128)1 << (bits - 1)) - 1; }
  *lo = smin; *hi = smax;
}

/* ------------------------------------------------------------ aliasGEP */

static bool constant_offset_heuristic(mssa_aa *aa, const mssa__decomp *g, uint64_t s1, uint64_t s2) {
  if (g->nvar != 2 || !mssa__ls_has_value(s1) || !mssa__ls_has_value(s2)) return false;
  uint64_t v1 = mssa__ls_value(s1), v2 = mssa__ls_value(s2);
  const mssa__varidx *a = &g->var[0], *b = &g->var[1];
  if (a->trunc || a->zext != b->zext || a->sext != b->sext || a->trunc != b->trunc ||
      a->scale != -b->scale || mssa__int_bits(aa, a->v) != mssa__int_bits(aa, b->v))
    return false;
  mssa__linexp e0, e1;
  mssa__linear_expression(aa, a->v, 0, 0, 0, false, 0, &e0);
  mssa__linear_expression(aa, b->v, 0, 0, 0, false, 0, &e1);
  if (e0.scale != e1.scale || e0.zext != e1.zext || e0.sext != e1.sext || e0.trunc != e1.trunc ||
      !value_equal_in_cycles(aa, e0.v, e1.v))
    return false;
  unsigned w = mssa__int_bits(aa, a->v);
  uint64_t d = mssa__zext_bits((uint64_t)e0.offset - (uint64_t)e1.offset, w);
  uint64_t wd = mssa__zext_bits(0 - d, w);
  uint64_t mind = d < wd ? d : wd;
  uint64_t as = a->scale < 0 ? 0 - (uint64_t)a->scale : (uint64_t)a->scale;
  __uint128_t bytes = (__uint128_t)mind * as;
  bytes &= (((__uint128_t)1) << 64) - 1;
  uint64_t off = g->offset < 0 ? 0 - (uint64_t)g->offset : (uint64_t)g->offset;
  __uint128_t need1 = (__uint128_t)v1 + off, need2 = (__uint128_t)v2 + off;
  need1 &= (((__uint128_t)1) << 64) - 1; need2 &= (((__uint128_t)1) << 64) - 1;
  return bytes >= need1 && bytes >= need2;
}

static uint64_t gcd64(uint64_t a, uint64_t b) { while (b) { uint64_t t = a % b; a = b; b = t; } return a; }

/* The signed range of variable index ix's value after its casts, widened
** to 64 bits. */
static void index_value_range(mssa_aa *aa, const mssa__varidx *ix, __int128 *lo_out,
                              __int128 *hi_out) {
  unsigned vb = mssa__int_bits(aa, ix->v);
  __int128 lo, hi;
  if (!vb || vb > 64) { lo = INT64_MIN; hi = INT64_MAX; }
  else {
    value_srange(aa, ix->v, vb, &lo, &hi);
    unsigned w = vb;
    if (ix->trunc) {
      w -= ix->trunc;
      __int128 tmin = -((__int128)1 << (w - 1)), tmax = ((__int128)1 << (w - 1)) - 1;
      if (lo < tmin || hi > tmax) { lo = tmin; hi = tmax; }
    }
    /* LLVM 20+'s evaluateWith: a non-negative index drops the negative
    ** part of its range (a wholly negative one is left as it is) */
    if (ix->nneg && mssa__llvm(aa) >= MSSA__LLVM_GEP_NUW && lo < 0 && hi >= 0) lo = 0;
    if (ix->sext) w += ix->sext;
    if (ix->zext) {
      if (lo < 0) {
        __int128 m = (__int128)1 << w;
        if (hi < 0) { lo += m; hi += m; } else { lo = 0; hi = m - 1; }
      }
      w += ix->zext;
    }
    /* now a signed range at width w <= 64; sextOrTrunc to 64 */
    if (w > 64) { lo = INT64_MIN; hi = INT64_MAX; }
    else if (hi > ((__int128)1 << (w - 1)) - 1) {
      /* the value no longer fits signed at w (zext result): as a signed
      ** w-bit range it wraps; be conservative */
      if (w == 64) { lo = INT64_MIN; hi = INT64_MAX; }
    }
  }
  *lo_out = lo;
  *hi_out = hi;
}

/* The range variable index ix contributes (its value range times its
** scale); full when the product may overflow. */
static crange index_term(mssa_aa *aa, const mssa__varidx *ix) {
  __int128 lo, hi;
  index_value_range(aa, ix, &lo, &hi);
  __int128 s = (int64_t)ix->scale;
  __int128 p0 = lo * s, p2 = hi * s;
  __int128 mn = p0 < p2 ? p0 : p2, mx = p0 < p2 ? p2 : p0;
  crange term;
  if (ix->nsw) {
    if (mn < INT64_MIN) mn = INT64_MIN;
    if (mx > INT64_MAX) mx = INT64_MAX;
    if (mn > INT64_MAX) mn = INT64_MAX;
    if (mx < INT64_MIN) mx = INT64_MIN;
    if (mx == INT64_MAX && mn == INT64_MIN) { term.full = true; term.lo = 0; term.size = 0; }
    else term = cr_from(mn, mx);
  } else {
    if (mn < INT64_MIN || mx > INT64_MAX || lo < INT64_MIN || hi > INT64_MAX) {
      term.full = true; term.lo = 0; term.size = 0;
    } else {
      term = cr_from(mn, mx);
    }
  }
  return term;
}

/* The range of d1's offset: its constant part plus each variable index's
** term. *gcd_out gets the GCD of the indices' scales (for a scale without
** nsw, its lowest set bit), 0 without variable indices. */
static crange offset_range(mssa_aa *aa, const mssa__decomp *d1, uint64_t *gcd_out) {
  uint64_t gcd = 0;
  crange orange = cr_from(d1->offset, d1->offset);
  for (uint32_t i = 0; i < d1->nvar; i++) {
    const mssa__varidx *ix = &d1->var[i];
    uint64_t sc = (uint64_t)ix->scale;
    uint64_t sgcd = ix->nsw ? sc : (sc & (0 - sc));     /* lowest set bit */
    uint64_t abs = (int64_t)sgcd < 0 ? 0 - sgcd : sgcd;
    gcd = i == 0 ? abs : gcd64(gcd, abs);
    orange = cr_add(orange, index_term(aa, ix));
  }
  *gcd_out = gcd;
  return orange;
}

/* isKnownNonEqual, the parts that matter for GEP indices: V1 = V2 + nonzero,
** matching invertible operations, and contradictory known bits. */
/* matchSimpleRecurrence: %p = phi [start, ...], [%bo, ...] with %bo a binary
** operation of %p and a step. */
static bool simple_recurrence(const mssa_aa *aa, const mssa__op *phi, mssa_val pv,
                              mssa__op *bo, mssa_val *start) {
  if (phi->nops != 4) return false;
  for (unsigned i = 0; i < 2; i++) {
    mssa_val l = phi->ops[2 * i], r = phi->ops[2 * (1 - i)];
    if (!mssa__operator(aa, l, bo) || !bo->is_inst || bo->nops != 2) continue;
    switch (bo->opcode) {
    case MSSA_OP_LSHR: case MSSA_OP_ASHR: case MSSA_OP_SHL: case MSSA_OP_ADD:
    case MSSA_OP_SUB: case MSSA_OP_AND: case MSSA_OP_OR: case MSSA_OP_MUL:
      break;
    default:
      continue;
    }
    if (bo->ops[0] != pv && bo->ops[1] != pv) continue;
    *start = r;
    return true;
  }
  return false;
}

/* getInvertibleOperands' shifts and multiplies (LLVM 14, 19 and 22
** alike, measured): `x << s` and `y << s` both nuw or both nsw; `x * C`
** and `y * C` likewise, C a non-zero constant in the second operand (no
** commuting); `x >> s` and `y >> s` of one opcode, both exact. Each maps
** x != y to x' != y' one to one. The shift amount is compared as a value,
** so any amount counts, constant or not. */
static bool invertible_shift_mul(const mssa_aa *aa, const mssa__op *oa, const mssa__op *ob,
                                 mssa_val *na, mssa_val *nb) {
  if (oa->nops != 2 || ob->nops != 2 || oa->ops[1] != ob->ops[1]) return false;
  unsigned fa = oa->opflags, fb = ob->opflags;
  bool ok;
  switch (oa->opcode) {
  case MSSA_OP_SHL:
    ok = ((fa & fb) & (MSSA_OF_NUW | MSSA_OF_NSW)) != 0;
    break;
  case MSSA_OP_MUL: {
    int64_t c;
    unsigned w;
    ok = ((fa & fb) & (MSSA_OF_NUW | MSSA_OF_NSW)) != 0 && mssa__const_int(aa, oa->ops[1], &c, &w) && c != 0;
    break;
  }
  case MSSA_OP_ASHR:
  case MSSA_OP_LSHR:
    ok = (fa & fb & MSSA_OF_EXACT) != 0;
    break;
  default:
    ok = false;
  }
  if (!ok) return false;
  *na = oa->ops[0];
  *nb = ob->ops[0];
  return true;
}

/* getInvertibleOperands for the opcodes BasicAA's indices meet. */
static bool invertible_operands(const mssa_aa *aa, mssa_val a, mssa_val b, const mssa__op *oa,
                                const mssa__op *ob, mssa_val *na, mssa_val *nb) {
  if ((oa->opcode == MSSA_OP_ADD || oa->opcode == MSSA_OP_SUB || oa->opcode == MSSA_OP_XOR) &&
      oa->nops == 2 && ob->nops == 2) {
    if (oa->ops[0] == ob->ops[0]) { *na = oa->ops[1]; *nb = ob->ops[1]; return true; }
    if (oa->ops[1] == ob->ops[1]) { *na = oa->ops[0]; *nb = ob->ops[0]; return true; }
    if (oa->opcode != MSSA_OP_SUB) {
      if (oa->ops[0] == ob->ops[1]) { *na = oa->ops[1]; *nb = ob->ops[0]; return true; }
      if (oa->ops[1] == ob->ops[0]) { *na = oa->ops[0]; *nb = ob->ops[1]; return true; }
    }
    return false;
  }
  if (invertible_shift_mul(aa, oa, ob, na, nb)) return true;
  if ((oa->opcode == MSSA_OP_SEXT || oa->opcode == MSSA_OP_ZEXT) &&
      mssa__int_bits(aa, oa->ops[0]) == mssa__int_bits(aa, ob->ops[0])) {
    *na = oa->ops[0];
    *nb = ob->ops[0];
    return true;
  }
  if (oa->opcode == MSSA_OP_PHI && oa->is_inst && ob->is_inst &&
      aa->f->insts.a[oa->inst].block == aa->f->insts.a[ob->inst].block) {
    /* Two recurrences stepped by the same invertible function: they differ
    ** iff their start values do. */
    mssa__op bo1, bo2;
    mssa_val s1, s2, x, y;
    if (!simple_recurrence(aa, oa, a, &bo1, &s1) || !simple_recurrence(aa, ob, b, &bo2, &s2))
      return false;
    if (bo1.opcode != bo2.opcode) return false;
    if (!invertible_operands(aa, bo1.ops[0], bo2.ops[0], &bo1, &bo2, &x, &y)) return false;
    if (x != a || y != b) return false;
    *na = s1;
    *nb = s2;
    return true;
  }
  return false;
}

static bool nonequal(mssa_aa *aa, mssa_val a, mssa_val b, unsigned depth, uint32_t cxt);

/* isNonEqualPHIs: same block; per incoming block, different constants or
** (for at most one block) values known to differ, asked with that block's
** terminator as the context instruction, as LLVM does. */
static bool nonequal_phis(mssa_aa *aa, const mssa__op *pa, const mssa__op *pb, unsigned depth) {
  bool full = false;
  for (uint32_t k = 0; k + 1 < pa->nops; k += 2) {
    mssa_val blk = pa->ops[k + 1];
    bool seen = false;
    for (uint32_t q = 1; q < k; q += 2) seen |= pa->ops[q] == blk;
    if (seen) continue;
    mssa_val v1 = pa->ops[k], v2 = MSSA_VAL_NONE;
    for (uint32_t q = 0; q + 1 < pb->nops; q += 2)
      if (pb->ops[q + 1] == blk) { v2 = pb->ops[q]; break; }
    if (v2 == MSSA_VAL_NONE) return false;
    int64_t c1, c2;
    unsigned w1, w2;
    if (mssa__const_int(aa, v1, &c1, &w1) && mssa__const_int(aa, v2, &c2, &w2) && c1 != c2) continue;
    if (full) return false;
    uint32_t term = MSSA_VAL_KIND(blk) == MSSA_VK_BLOCK && MSSA_VAL_INDEX(blk) < aa->f->blocks.n
                        ? aa->f->blocks.a[MSSA_VAL_INDEX(blk)].last : MSSA_NONE;
    if (!nonequal(aa, v1, v2, depth + 1, term)) return false;
    full = true;
  }
  return true;
}

/* LLVM 14's isAddOfNonZero (current LLVM's isModifyingBinopOfNonZero
** also takes xor): `o` is x + y (or x ^ y) with the other operand `v`,
** and y is known not to be zero. */
static bool binop_of_nonzero(mssa_aa *aa, const mssa__op *o, mssa_val v, bool current, unsigned depth,
                             uint32_t cxt) {
  if (o->opcode != MSSA_OP_ADD && !(current && o->opcode == MSSA_OP_XOR)) return false;
  mssa_val y = o->ops[0] == v ? o->ops[1] : o->ops[1] == v ? o->ops[0] : MSSA_VAL_NONE;
  if (y == MSSA_VAL_NONE) return false;
  /* isKnownNonZero with the query's context instruction: a dominating
  ** branch on y == 0 counts (isKnownNonNullFromDominatingCondition). */
  return mssa__known_nonzero(aa, y, depth + 1) || nonzero_from_dom_cond(aa, y, cxt);
}

/* LLVM 18+'s isNonEqualSelect: `o` is a select; with `other` a select
** on the same condition, the arms differ pairwise; else both arms differ
** from v. */
static bool nonequal_select(mssa_aa *aa, const mssa__op *o, mssa_val v, const mssa__op *other,
                            unsigned depth, uint32_t cxt) {
  if (o->opcode != MSSA_OP_SELECT) return false;
  if (other && other->opcode == MSSA_OP_SELECT && other->ops[0] == o->ops[0])
    return nonequal(aa, o->ops[1], other->ops[1], depth + 1, cxt) &&
           nonequal(aa, o->ops[2], other->ops[2], depth + 1, cxt);
  return nonequal(aa, o->ops[1], v, depth + 1, cxt) && nonequal(aa, o->ops[2], v, depth + 1, cxt);
}

/* isKnownNonEqual, the parts that matter for GEP indices. Recursion is
** bounded by LLVM's MaxAnalysisRecursionDepth. */
static bool nonequal(mssa_aa *aa, mssa_val a, mssa_val b, unsigned depth, uint32_t cxt) {
  for (;; depth++) {
    if (a == b) return false;
    if (mssa__int_bits(aa, a) != mssa__int_bits(aa, b) || !mssa__int_bits(aa, a)) return false;
    if (depth >= MSSA__MAX_ANALYSIS_DEPTH) return false;
    mssa__op oa, ob;
    bool ha = mssa__operator(aa, a, &oa), hb = mssa__operator(aa, b, &ob);
    if (ha && hb && oa.opcode == ob.opcode) {
      mssa_val na, nb;
      if (invertible_operands(aa, a, b, &oa, &ob, &na, &nb)) { a = na; b = nb; continue; }
      if (oa.opcode == MSSA_OP_PHI && oa.is_inst && ob.is_inst &&
          aa->f->insts.a[oa.inst].block == aa->f->insts.a[ob.inst].block &&
          nonequal_phis(aa, &oa, &ob, depth))
        return true;
    }
    bool current = mssa__current(aa);
    if ((ha && binop_of_nonzero(aa, &oa, b, current, depth, cxt)) ||
        (hb && binop_of_nonzero(aa, &ob, a, current, depth, cxt)))
      return true;
    mssa__known ka, kb;
    mssa__known_bits(aa, a, depth, &ka);
    mssa__known_bits(aa, b, depth, &kb);
    if ((ka.zero & kb.one) || (ka.one & kb.zero)) return true;
    return mssa__llvm(aa) >= MSSA__LLVM_NONEQUAL_SELECT &&
           ((ha && nonequal_select(aa, &oa, b, hb ? &ob : NULL, depth, cxt)) ||
            (hb && nonequal_select(aa, &ob, a, ha ? &oa : NULL, depth, cxt)));
  }
}

/* isKnownNonEqual(a, b) asked with context instruction cxt (MSSA_NONE:
** none; only a dominating condition reads it). */
static bool known_nonequal(mssa_aa *aa, mssa_val a, mssa_val b, uint32_t cxt) {
  return nonequal(aa, a, b, 0, cxt);
}

/* The context instruction of aliasGEP's isKnownNonEqual: LLVM 14 passes
** none, so ValueTracking's safeCxtI takes the second value, else the
** first, if it is an instruction; current LLVM passes the GEP instruction
** each index came from (the first index's, else the second's). */
static uint32_t nonequal_cxt(const mssa_aa *aa, const mssa__varidx *a, const mssa__varidx *b) {
  if (mssa__current(aa)) return a->cxt != MSSA_NONE ? a->cxt : b->cxt;
  if (MSSA_VAL_KIND(b->v) == MSSA_VK_INST) return MSSA_VAL_INDEX(b->v);
  if (MSSA_VAL_KIND(a->v) == MSSA_VK_INST) return MSSA_VAL_INDEX(a->v);
  return MSSA_NONE;
}

/* Current LLVM's MultiplyByScaleNoWrap: abs(V * Scale) >= abs(Scale) for
** V != 0 only if the product cannot wrap: the index has nsw, or the scale
** fits in the bits the extension to the index width added. (LLVM 14 does
** not ask; opt-19 and opt-22 do: a `getelementptr` without inbounds of a
** 64-byte type by a non-zero i64 is MayAlias there.) */
static bool scale_no_wrap(const mssa_aa *aa, const mssa__varidx *v) {
  MSSA_ASSERT(v->trunc == 0);   /* asked only of an untruncated index */
  if (v->nsw) return true;
  unsigned orig = mssa__int_bits(aa, v->v);
  unsigned width = mssa__casted_width(aa, v->v, v->zext, v->sext, v->trunc);
  if (!orig || width <= orig) return false;
  unsigned room = width - orig;
  uint64_t max = room >= 64 ? ~0ull : (1ull << room) - 1;
  uint64_t scale = width >= 64 ? (uint64_t)v->scale : (uint64_t)v->scale & ((1ull << width) - 1);
  return scale <= max;
}

/* A lower bound (*minabs) on the absolute value of d1's variable offset
** when that offset is known non-zero: one index known non-zero, or two
** indices with opposite scales whose values are known to differ. */
static bool min_abs_var_offset(mssa_aa *aa, const mssa__decomp *d1, uint64_t *minabs) {
  if (d1->nvar == 1) {
    const mssa__varidx *v = &d1->var[0];
    MSSA_ASSERT(v->scale != 0);   /* a zero scale is never kept (memloc.c, subtract_decomposed) */
    if (v->trunc == 0 && (mssa__known_nonzero(aa, v->v, 0) || nonzero_from_dom_cond(aa, v->v, v->cxt)) &&
        (!mssa__current(aa) || scale_no_wrap(aa, v))) {
      *minabs = v->scale < 0 ? 0 - (uint64_t)v->scale : (uint64_t)v->scale;
      return true;
    }
  } else if (d1->nvar == 2) {
    const mssa__varidx *a = &d1->var[0], *b = &d1->var[1];
    if (a->scale == (int64_t)(0 - (uint64_t)b->scale) && a->trunc == 0 && a->zext == b->zext &&
        a->sext == b->sext && a->trunc == b->trunc && bstate(aa)->phibbs.n == 0 &&
        known_nonequal(aa, a->v, b->v, nonequal_cxt(aa, a, b))) {
      *minabs = a->scale < 0 ? 0 - (uint64_t)a->scale : (uint64_t)a->scale;
      return true;
    }
  }
  return false;
}

/* LLVM 20+ subtracts the decomposition with fewer variable indices from
** the other (with the sizes that go with them). */
static void swap_geps(mssa__decomp **d1, mssa__decomp **d2, uint64_t *s1, uint64_t *s2) {
  mssa__decomp *d = *d1; *d1 = *d2; *d2 = d;
  uint64_t s = *s1; *s1 = *s2; *s2 = s;
}

static mssa_alias_result alias_gep(mssa_aa *aa, mssa_val gep1, uint64_t s1, mssa_val v2, uint64_t s2,
                                   mssa_val u1, mssa_val u2) {
  if (!mssa__ls_has_value(s1) && !mssa__ls_has_value(s2)) {
    if (!is_gep(aa, v2)) return MSSA_MAY_ALIAS;
    mssa_alias_result ba = sub_alias(aa, u1, MSSA_LOC_UNKNOWN, u2, MSSA_LOC_UNKNOWN);
    return ba == MSSA_NO_ALIAS ? MSSA_NO_ALIAS : MSSA_MAY_ALIAS;
  }
  mssa__decomp *d1 = pool_get(aa, aa->depth * 2), *d2 = pool_get(aa, aa->depth * 2 + 1);
  mssa__decompose_gep(aa, gep1, d1);
  mssa__decompose_gep(aa, v2, d2);
  if (d1->overflow || d2->overflow) return MSSA_MAY_ALIAS;
  if (d1->base == gep1 && d2->base == v2) return MSSA_MAY_ALIAS;
  if (mssa__llvm(aa) >= MSSA__LLVM_GEP_NUW && d1->nvar < d2->nvar) swap_geps(&d1, &d2, &s1, &s2);
  subtract_decomposed(aa, d1, d2);
  if (d1->overflow) return MSSA_MAY_ALIAS;

  if (d1->inbounds == 1 && d1->nvar == 0 && mssa__ls_has_value(s2) &&
      d1->offset >= (int64_t)mssa__ls_value(s2) && is_base_of_object(aa, d2->base))
    return MSSA_NO_ALIAS;
  if (is_gep(aa, v2)) {
    if (d2->inbounds == 1 && d1->nvar == 0 && mssa__ls_has_value(s1) &&
        d1->offset <= -(int64_t)mssa__ls_value(s1) && is_base_of_object(aa, d1->base))
      return MSSA_NO_ALIAS;
  }
  if (d1->offset == 0 && d1->nvar == 0) return sub_alias(aa, d1->base, s1, d2->base, s2);

  mssa_alias_result ba = sub_alias(aa, d1->base, MSSA_LOC_UNKNOWN, d2->base, MSSA_LOC_UNKNOWN);
  if (ba != MSSA_MUST_ALIAS) return ba == MSSA_NO_ALIAS ? MSSA_NO_ALIAS : MSSA_MAY_ALIAS;
  /* d1 and d2 are intact: the nested queries ran at depth + 1, on other
  ** pool entries. */

  if (d1->nvar == 0) {
    /* A constant distance apart: they overlap iff the distance is less
    ** than the size of the access that starts first. */
    int64_t off = d1->offset;
    uint64_t lsize = off < 0 ? s1 : s2;
    if (off < 0) off = (int64_t)(0 - (uint64_t)off);
    if (!mssa__ls_has_value(lsize)) return MSSA_MAY_ALIAS;
    return (uint64_t)off < mssa__ls_value(lsize) ? MSSA_PARTIAL_ALIAS : MSSA_NO_ALIAS;
  }
  /* LLVM 20+: offset +nuw indices lies at least `offset` past v2 */
  if (d1->nvar && d1->nuw && mssa__ls_has_value(s2) && (uint64_t)d1->offset >= mssa__ls_value(s2)) return MSSA_NO_ALIAS;
  if (!mssa__ls_has_value(s1) || !mssa__ls_has_value(s2)) return MSSA_MAY_ALIAS;
  uint64_t v1size = mssa__ls_value(s1), v2size = mssa__ls_value(s2);

  uint64_t gcd = 0;
  crange orange = offset_range(aa, d1, &gcd);
  if (gcd && gcd != (1ull << 63)) {
    int64_t g = (int64_t)gcd;
    int64_t mod = d1->offset % g;
    if (mod < 0) mod += g;
    if ((uint64_t)mod >= v2size && gcd - (uint64_t)mod >= v1size) return MSSA_NO_ALIAS;
  }
  if (v1size) {
    crange r1 = cr_add(orange, cr_from(0, (__int128)v1size - 1));
    if (cr_disjoint_from_prefix(r1, v2size)) return MSSA_NO_ALIAS;
  }

  uint64_t minabs = 0;
  bool have_min = min_abs_var_offset(aa, d1, &minabs);
  if (have_min) {
    int64_t olo = (int64_t)((uint64_t)d1->offset - minabs);
    int64_t ohi = (int64_t)((uint64_t)d1->offset + minabs);
    if (olo < 0 && (0 - (uint64_t)olo) >= v1size && ohi >= 0 && (uint64_t)ohi >= v2size) return MSSA_NO_ALIAS;
  }
  if (constant_offset_heuristic(aa, d1, s1, s2)) return MSSA_NO_ALIAS;
  return MSSA_MAY_ALIAS;
}

/* ------------------------------------------------------------ select / phi */

static mssa_alias_result alias_select(mssa_aa *aa, const mssa_inst *si, uint64_t s1, mssa_val v2, uint64_t s2) {
  const mssa_val *o = mssa_inst_ops(aa->f, si);
  const mssa_inst *si2 = mssa__inst(aa, v2);
  if (si2 && si2->opcode == MSSA_OP_SELECT) {
    const mssa_val *o2 = mssa_inst_ops(aa->f, si2);
    if (o[0] == o2[0]) {
      mssa_alias_result a = sub_alias(aa, o[1], s1, o2[1], s2);
      if (a == MSSA_MAY_ALIAS) return MSSA_MAY_ALIAS;
      mssa_alias_result b = sub_alias(aa, o[2], s1, o2[2], s2);
      return merge(b, a);
    }
  }
  mssa_alias_result a = sub_alias(aa, v2, s2, o[1], s1);
  if (a == MSSA_MAY_ALIAS) return MSSA_MAY_ALIAS;
  mssa_alias_result b = sub_alias(aa, v2, s2, o[2], s1);
  return merge(b, a);
}

static mssa_val phi_incoming_for(const mssa_aa *aa, const mssa_inst *phi, mssa_val block) {
  const mssa_val *o = mssa_inst_ops(aa->f, phi);
  for (uint32_t k = 0; k + 1 < phi->nops; k += 2)
    if (o[k + 1] == block) return o[k];
  return MSSA_VAL_NONE;
}

static mssa_alias_result alias_phi(mssa_aa *aa, uint32_t pn_id, uint64_t s1, mssa_val v2, uint64_t s2) {
  const mssa_inst *pn = &aa->f->insts.a[pn_id];
  struct mssa__basic_state *st = bstate(aa);
  uint32_t nin = pn->nops / 2;
  if (!nin) return MSSA_NO_ALIAS;
  const mssa_val *o = mssa_inst_ops(aa->f, pn);
  const mssa_inst *pn2 = mssa__inst(aa, v2);
  if (pn2 && pn2->opcode == MSSA_OP_PHI && pn2->block == pn->block) {
    bool have = false;
    mssa_alias_result r = MSSA_MAY_ALIAS;
    for (uint32_t i = 0; i < nin; i++) {
      mssa_val in2 = phi_incoming_for(aa, pn2, o[2 * i + 1]);
      if (in2 == MSSA_VAL_NONE) return MSSA_MAY_ALIAS;
      mssa_alias_result t = sub_alias(aa, o[2 * i], s1, in2, s2);
      r = have ? merge(r, t) : t;
      have = true;
      if (r == MSSA_MAY_ALIAS) break;
    }
    return r;
  }
  /* V1Srcs: unique incoming values, at most one distinct phi among them */
  mssa_val one_phi = MSSA_VAL_NONE;
  bool recursive = false;
  uint32_t nsrc = 0, nuniq = 0;
  mssa_val pnv = MSSA_VAL(MSSA_VK_INST, pn_id);
  for (uint32_t i = 0; i < nin; i++) {
    mssa_val pv = o[2 * i];
    const mssa_inst *pi = mssa__inst(aa, pv);
    if (pi && pi->opcode == MSSA_OP_PHI) {
      if (one_phi != MSSA_VAL_NONE && one_phi != pv) return MSSA_MAY_ALIAS;
      one_phi = pv;
    }
    if (mssa__underlying_object(aa, pv, MSSA__MAX_LOOKUP) == pnv) { recursive = true; continue; }
    bool dup = false;
    for (uint32_t j = 0; j < i; j++) {
      mssa_val q = o[2 * j];
      if (q == pv && mssa__underlying_object(aa, q, MSSA__MAX_LOOKUP) != pnv) { dup = true; break; }
    }
    if (!dup) nuniq++;
    nsrc++;
  }
  if (one_phi != MSSA_VAL_NONE && nuniq > 1) return MSSA_MAY_ALIAS;
  if (nuniq == 0) return MSSA_MAY_ALIAS;
  if (recursive) s1 = MSSA_LOC_UNKNOWN;

  bool inserted = true;
  for (uint32_t i = 0; i < st->phibbs.n; i++) if (st->phibbs.a[i] == pn->block) { inserted = false; break; }
  if (inserted) { mssa_vec_push(&st->phibbs, pn->block); level_push(st); }

  mssa_alias_result r = MSSA_MAY_ALIAS;
  bool first = true;
  for (uint32_t i = 0; i < nin; i++) {
    mssa_val pv = o[2 * i];
    if (mssa__underlying_object(aa, pv, MSSA__MAX_LOOKUP) == pnv) continue;
    bool dup = false;
    for (uint32_t j = 0; j < i; j++) if (o[2 * j] == pv) { dup = true; break; }
    if (dup) continue;
    mssa_alias_result t = sub_alias(aa, v2, s2, pv, s1);
    if (first) {
      r = t;
      first = false;
      if (r == MSSA_MAY_ALIAS) break;
      if (recursive && r != MSSA_NO_ALIAS) { r = MSSA_MAY_ALIAS; break; }
      continue;
    }
    r = merge(t, r);
    if (r == MSSA_MAY_ALIAS) break;
  }
  if (inserted) {
    level_pop(st);
    /* VisitedPhiBBs.erase(block): remove our entry */
    for (uint32_t i = 0; i < st->phibbs.n; i++)
      if (st->phibbs.a[i] == pn->block) { st->phibbs.a[i] = st->phibbs.a[--st->phibbs.n]; break; }
  }
  return r;
}

/* ------------------------------------------------------------ aliasCheck */

static mssa_alias_result alias_recursive(mssa_aa *aa, mssa_val v1, uint64_t s1, mssa_val v2, uint64_t s2,
                                         mssa_val o1, mssa_val o2) {
  if (is_gep(aa, v1)) {
    mssa_alias_result r = alias_gep(aa, v1, s1, v2, s2, o1, o2);
    if (r != MSSA_MAY_ALIAS) return r;
  } else if (is_gep(aa, v2)) {
    mssa_alias_result r = swap_ar(alias_gep(aa, v2, s2, v1, s1, o2, o1));
    if (r != MSSA_MAY_ALIAS) return r;
  }
  const mssa_inst *i1 = mssa__inst(aa, v1), *i2 = mssa__inst(aa, v2);
  if (i1 && i1->opcode == MSSA_OP_PHI) {
    mssa_alias_result r = alias_phi(aa, MSSA_VAL_INDEX(v1), s1, v2, s2);
    if (r != MSSA_MAY_ALIAS) return r;
  } else if (i2 && i2->opcode == MSSA_OP_PHI) {
    mssa_alias_result r = alias_phi(aa, MSSA_VAL_INDEX(v2), s2, v1, s1);
    if (r != MSSA_MAY_ALIAS) return r;
  }
  if (i1 && i1->opcode == MSSA_OP_SELECT) {
    mssa_alias_result r = alias_select(aa, i1, s1, v2, s2);
    if (r != MSSA_MAY_ALIAS) return r;
  } else if (i2 && i2->opcode == MSSA_OP_SELECT) {
    mssa_alias_result r = alias_select(aa, i2, s2, v1, s1);
    if (r != MSSA_MAY_ALIAS) return r;
  }
  if (o1 == o2) {
    if (mssa__ls_precise(s1) && mssa__ls_precise(s2) &&
        (is_object_size(aa, o1, mssa__ls_value(s1)) || is_object_size(aa, o2, mssa__ls_value(s2))))
      return MSSA_PARTIAL_ALIAS;
  }
  return MSSA_MAY_ALIAS;
}

static bool null_is_noalias(const mssa_aa *aa, mssa_val o) {
  if (!mssa__is_null(aa, o)) return false;
  uint32_t t = mssa__val_type(aa, o);
  unsigned as = t != MSSA_NONE && t < aa->m->types.n ? aa->m->types.a[t].bits : 0;
  /* NullPointerIsDefined: true in non-zero address spaces, or with the
  ** null_pointer_is_valid function attribute */
  return as == 0 && !aa->null_valid;
}

mssa_alias_result mssa__basic_alias(mssa_aa *aa, const mssa_loc *la, const mssa_loc *lb) {
  /* Invariant 1: reached through mssa__alias, which counted this level;
  ** past MAX_DEPTH nothing recurses (the check below). */
  MSSA_ASSERT(aa->depth >= 1 && aa->depth <= MAX_DEPTH + 1);
  uint64_t s1 = la->size, s2 = lb->size;
  if (mssa__ls_zero(s1) || mssa__ls_zero(s2)) return MSSA_NO_ALIAS;
  mssa_val v1 = mssa__strip_casts_aa(aa, la->ptr), v2 = mssa__strip_casts_aa(aa, lb->ptr);
  if (mssa__is_undef(aa, v1) || mssa__is_undef(aa, v2)) return MSSA_NO_ALIAS;
  if (value_equal_in_cycles(aa, v1, v2)) return MSSA_MUST_ALIAS;
  if (!mssa__is_ptr(aa, v1) || !mssa__is_ptr(aa, v2)) return MSSA_NO_ALIAS;
  mssa_val o1 = mssa__underlying_object(aa, v1, MSSA__MAX_LOOKUP), o2 = mssa__underlying_object(aa, v2, MSSA__MAX_LOOKUP);
  if (null_is_noalias(aa, o1) || null_is_noalias(aa, o2)) return MSSA_NO_ALIAS;
  if (o1 != o2) {
    bool id1 = mssa__is_identified_object(aa, o1), id2 = mssa__is_identified_object(aa, o2);
    if (id1 && id2) return MSSA_NO_ALIAS;
    /* LLVM 14's "constants cannot alias non-constant identified objects";
    ** wrong for an escaped local, so gone from LLVM 18 (alias_internal.h) */
    bool c1 = mssa__is_const(o1), c2 = mssa__is_const(o2);
    if (mssa__llvm(aa) < MSSA__LLVM_NO_CONST_RULE && ((c1 && id2 && !c2) || (c2 && id1 && !c1)))
      return MSSA_NO_ALIAS;
    bool a1 = MSSA_VAL_KIND(o1) == MSSA_VK_ARG, a2 = MSSA_VAL_KIND(o2) == MSSA_VK_ARG;
    if ((a1 && mssa__is_identified_function_local(aa, o2)) || (a2 && mssa__is_identified_function_local(aa, o1)))
      return MSSA_NO_ALIAS;
    if (mssa__is_escape_source(aa, o1) && mssa_aa_non_escaping_local(aa, o2)) return MSSA_NO_ALIAS;
    if (mssa__is_escape_source(aa, o2) && mssa_aa_non_escaping_local(aa, o1)) return MSSA_NO_ALIAS;
  }
  if (is_object_smaller_than(aa, o2, minimal_extent(aa, v1, s1)) ||
      is_object_smaller_than(aa, o1, minimal_extent(aa, v2, s2)))
    return MSSA_NO_ALIAS;
  if (s1 == MSSA_LOC_UNKNOWN || s2 == MSSA_LOC_UNKNOWN) { s1 = MSSA_LOC_AFTER; s2 = MSSA_LOC_AFTER; }
  if (aa->depth >= MAX_DEPTH) return MSSA_MAY_ALIAS;

  struct mssa__basic_state *st = bstate(aa);
  if (!st->levels.n) level_push(st);
  uint32_t lv = st->levels.n - 1;
  ckey key;
  if (v1 > v2) { key.v1 = v2; key.s1 = s2; key.v2 = v1; key.s2 = s1; }
  else { key.v1 = v1; key.s1 = s1; key.v2 = v2; key.s2 = s2; }
  centry *e = cfind(st, lv, &key);
  if (e) {
    if (e->nassume != DEFINITIVE) { e->nassume++; st->levels.a[lv].num_assumption_uses++; }
    return (mssa_alias_result)e->result;
  }
  cinsert(st, lv, &key);
  int32_t orig_uses = st->levels.a[lv].num_assumption_uses;
  uint32_t orig_abr = st->abr.n;
  mssa_alias_result r = alias_recursive(aa, v1, s1, v2, s2, o1, o2);
  e = cfind(st, lv, &key);
  if (!e) return r == MSSA_NO_ALIAS ? MSSA_MAY_ALIAS : r;   /* cannot happen; be safe */
  bool disproven = e->nassume > 0 && r != MSSA_NO_ALIAS;
  if (disproven) r = MSSA_MAY_ALIAS;
  st->levels.a[lv].num_assumption_uses -= e->nassume;
  e->result = (int8_t)r;
  e->nassume = DEFINITIVE;
  if (disproven) {
    while (st->abr.n > orig_abr) {
      ckey k = st->abr.a[--st->abr.n];
      cerase(st, lv, &k);
    }
  }
  if (orig_uses != st->levels.a[lv].num_assumption_uses && r != MSSA_MAY_ALIAS)
    mssa_vec_push(&st->abr, key);
  return r;
}
