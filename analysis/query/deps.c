/*
** deps.c -- accesses, depends and value (deps.h): the questions a
** scheduler, LICM, DSE or a load-forwarding pass asks, answered from
** MemorySSA, the walker and alias analysis. (promotable: deps_promote.c.)
**
** Invariants:
**   1. `value` walks MemorySSA upwards from the load by defining accesses
**      (never by optimized ones, which may skip defs of other locations),
**      through every MemoryPhi operand, and asks alias analysis of each def
**      whether it may write the loaded location. The walk keeps the loaded
**      address untranslated, so it crosses a MemoryPhi only where that
**      address means one thing on all its incoming edges: a pointer that is
**      not an instruction, or one defined in a block that strictly dominates
**      the phi's block. Anywhere else the answer is Unknown.
**   2. `value` is Known(v) only if (a) every path ends at a MustAlias store
**      of the loaded size, all storing v; (b) v is available at the load;
**      (c) no path from v's definition reaches the load without passing a
**      write to the location -- else the store may have stored an older
**      instance of v (a loop that redefines v after storing it). With sound
**      alias analysis (a) implies (b) and (c), and the rule of invariant 1
**      only shortens walks that would end Unknown anyway (the first trip
**      through a loop meets no MustAlias store to an address made in the
**      loop); they are kept as cheap guards that make each Known answer
**      evident on its own.
**   3. `depends` decides "reaches" by a breadth-first search backwards over
**      instructions from `to`, which stops at `from` (found) and at stores
**      that cover the location (exact or total overlap), so the path it
**      reports is a shortest one in blocks.
**   4. Every search is iterative, with a visited mark per block or per
**      access, so each costs O(instructions) alias queries at most.
**   5. `depends` is sound across iterations. An alias answer relates the
**      two addresses as computed in one iteration; where an instruction
**      the addresses are computed from (their operand closure, which
**      reaches loop phis) lies on some path from `from` to `to`, `to` may
**      see another instance of them. There the NoAlias of one iteration
**      counts only if alias analysis also gives NoAlias with both sizes
**      unknown (what MemorySSA's walker does for a loop-variant pointer
**      crossing a phi); else the pair is `carried` and may depend.
**   6. A write kills a flow dependence only if it covers `to`'s location
**      as `to` will read it: the backward search from `to` stops taking
**      kills once it has passed an instruction of that location's operand
**      closure (the address may differ above it). For anti and output
**      kinds (the location of `from`), kills are taken only if no
**      instruction of `from`'s address closure lies on a path from `from`
**      to `to`. A closure larger than DEPS_CLOSURE_MAX counts as on every
**      path.
**
** Pure C11; no libuv, no jansson.
*/
#include "query/deps.h"

#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "query/mssa_query.h"

#define NONE MSSA_NONE
/* Instructions an address's operand closure may hold before it counts as
** "recomputed on every path" (invariants 5 and 6): a bound on the work per
** query, far above the few GEPs, casts, adds and phis of an address. */
#define DEPS_CLOSURE_MAX 256
/* parent[] mark: entered from the scan that starts at `to` itself */
#define FROM_START (NONE - 1)

/* ------------------------------------------------------------ accesses */

uint32_t mssa_deps_accesses(mssa_ssa *s, uint32_t first, uint32_t max, mssa_deps_access *out) {
  const mssa_func *f = s->f;
  uint32_t k = 0, n = 0;
  for (uint32_t b = f->first_block; b != NONE; b = f->blocks.a[b].next) {
    if (b >= s->nblocks) continue;
    for (uint32_t a = s->first[b]; a != NONE; a = s->acc.a[a].next, k++) {
      if (k < first || n >= max) continue;
      const mssa_access *x = &s->acc.a[a];
      mssa_deps_access e = {a, a, MSSA_AR_NONE};
      mssa_qclobber qc;
      if (x->kind != MSSA_ACC_PHI && mssa_q_clobber(s, x->inst, NULL, &qc) == MSSA_OK) {
        e.clobber = qc.clobber;
        e.ar = qc.ar;
      }
      out[n++] = e;
    }
  }
  return k;
}

/* -------------------------------------------------------------- common */

static const mssa_inst *inst_of(const mssa_ssa *s, uint32_t i) { return &s->f->insts.a[i]; }

/* Is instruction `i` a store whose bytes include all of `k`'s? */
static bool covers(mssa_ssa *s, uint32_t i, const mssa_loc *k) {
  MSSA_ASSERT(k->ptr != MSSA_VAL_NONE);
  if (inst_of(s, i)->opcode != MSSA_OP_STORE) return false;
  mssa_loc w;
  if (!mssa_aa_inst_loc(s->aa, i, &w)) return false;
  mssa_overlap o = mssa_aa_overlap(s->aa, &w, k);
  return o == MSSA_OVERLAP_EXACT || o == MSSA_OVERLAP_TOTAL;
}

/* May instruction `i` (with a MemoryDef) write location `k`? */
static bool may_write(mssa_ssa *s, uint32_t i, const mssa_loc *k) {
  uint32_t a = mssa_ssa_inst_access(s, i);
  if (a == NONE || s->acc.a[a].kind != MSSA_ACC_DEF) return false;
  return (mssa_aa_modref_loc(s->aa, i, k) & MSSA_MR_MOD) != 0;
}

/* Does instruction `a` come before instruction `b` (both live)? By
** dominance across blocks, by position within one. */
static bool inst_dominates(const mssa_ssa *s, uint32_t a, uint32_t b) {
  uint32_t ba = inst_of(s, a)->block, bb = inst_of(s, b)->block;
  if (ba != bb) return mssa_dt_dominates(&s->dt, ba, bb);
  return s->inst_pos[a] < s->inst_pos[b];
}

/* ------------------------------------------------------------- depends */

/* The backward search of invariant 3. */
typedef struct back_search {
  mssa_ssa *s;
  uint32_t from;
  const mssa_loc *kill;  /* writes covering it end a path; NULL: none do */
  const uint8_t *moves;  /* per instruction: kill's address is computed from
                            it (invariant 6); NULL: kills hold on the whole
                            path */
  uint8_t *seen;         /* per block: bit 0 entered with kills live, bit 1
                            entered with kills off */
  uint32_t *parent;      /* per (kills off, block), at off * nblocks + block:
                            the successor it was entered from, with
                            OFF_BIT set if that one was entered with kills
                            off, or FROM_START */
  mssa_u32vec queue;     /* block | (kills off) << 31 */
  uint32_t found;        /* block where `from` was met, FROM_START, or NONE */
  uint32_t killer;       /* first covering write met, or NONE */
} back_search;

#define OFF_BIT 0x80000000u

/* Scans backwards from instruction `i` (inclusive) to the top of its block:
** 1 when `from` is met, -1 at a covering write, 0 at the top. *live says
** whether kills still hold, and is cleared on passing an instruction the
** kill location's address is computed from. */
static int scan_back(back_search *q, uint32_t i, bool *live) {
  for (; i != NONE; i = inst_of(q->s, i)->prev) {
    if (i == q->from) return 1;
    if (*live && q->kill && covers(q->s, i, q->kill)) {
      if (q->killer == NONE) q->killer = i;
      return -1;
    }
    if (q->moves && q->moves[i]) *live = false;
  }
  return 0;
}

static void push_preds(back_search *q, uint32_t b, uint32_t parent, bool live) {
  uint32_t nb = q->s->nblocks;
  const mssa_cfg *g = &q->s->cfg;
  uint8_t bit = live ? 1 : 2;
  for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++) {
    uint32_t p = g->pred[e];
    if (q->seen[p] & bit) continue;
    /* Entered with kills live after entered with them off: nothing new. */
    if (live && (q->seen[p] & 2)) continue;
    q->seen[p] |= bit;
    q->parent[(live ? 0 : nb) + p] = parent;
    mssa_vec_push(&q->queue, p | (live ? 0 : OFF_BIT));
  }
}

static bool search_back(back_search *q, uint32_t to) {
  const mssa_func *f = q->s->f;
  bool live = true;
  int r = scan_back(q, inst_of(q->s, to)->prev, &live);
  if (r == 1) q->found = FROM_START;
  if (r) return r == 1;
  push_preds(q, inst_of(q->s, to)->block, FROM_START, live);
  for (uint32_t h = 0; h < q->queue.n; h++) {
    uint32_t b = q->queue.a[h] & ~OFF_BIT;
    live = !(q->queue.a[h] & OFF_BIT);
    r = scan_back(q, f->blocks.a[b].last, &live);
    if (r == 1) {
      q->found = q->queue.a[h];
      return true;
    }
    /* The parent is the entry as queued (its phase), so the path back to
    ** `to` follows the phases it was found with, with no cycle. */
    if (r == 0) push_preds(q, b, q->queue.a[h], live);
  }
  return false;
}

/* ------------------------------------------------ addresses across paths */

/* Marks in `mark` the instructions address `p` is computed from, p's own
** included, following operands through every instruction (phis too: a
** phi is where a loop gives the address its next value). False when the
** closure passes DEPS_CLOSURE_MAX instructions. */
static bool addr_closure(const mssa_ssa *s, mssa_val p, uint8_t *mark, mssa_u32vec *list) {
  MSSA_ASSERT(mark != NULL);
  const mssa_func *f = s->f;
  mssa_u32vec stack = {0};
  uint32_t n = 0;
  bool ok = true;
  if (MSSA_VAL_KIND(p) == MSSA_VK_INST) mssa_vec_push(&stack, MSSA_VAL_INDEX(p));
  while (stack.n && ok) {
    uint32_t i = stack.a[--stack.n];
    if (i >= f->insts.n || mark[i]) continue;
    if (++n > DEPS_CLOSURE_MAX) { ok = false; break; }
    mark[i] = 1;
    mssa_vec_push(list, i);
    const mssa_inst *in = &f->insts.a[i];
    const mssa_val *ops = mssa_inst_ops(f, in);
    for (uint32_t k = 0; k < in->nops; k++)
      if (MSSA_VAL_KIND(ops[k]) == MSSA_VK_INST && !mark[MSSA_VAL_INDEX(ops[k])])
        mssa_vec_push(&stack, MSSA_VAL_INDEX(ops[k]));
  }
  mssa_vec_free(&stack);
  MSSA_ASSERT(ok == (n <= DEPS_CLOSURE_MAX));   /* invariant 6: the bound */
  return ok;
}

/* Blocks reachable from the successors of b (fwd) or reaching the
** predecessors of b (backwards), as a per-block mark. */
static uint8_t *reach_blocks(const mssa_ssa *s, uint32_t b, bool fwd) {
  const mssa_cfg *g = &s->cfg;
  uint8_t *m = mssa_xcalloc(s->nblocks ? s->nblocks : 1, 1);
  mssa_u32vec q = {0};
  mssa_vec_push(&q, b);
  for (uint32_t h = 0; h < q.n; h++) {
    uint32_t x = q.a[h];
    const uint32_t *e = fwd ? g->succ + g->succ_off[x] : g->pred + g->pred_off[x];
    uint32_t ne = fwd ? g->succ_off[x + 1] - g->succ_off[x] : g->pred_off[x + 1] - g->pred_off[x];
    for (uint32_t k = 0; k < ne; k++)
      if (e[k] < s->nblocks && !m[e[k]]) {
        m[e[k]] = 1;
        mssa_vec_push(&q, e[k]);
      }
  }
  mssa_vec_free(&q);
  return m;
}

/* Paths from `from` to `to`: which instructions lie on one. The block
** reachability is made on the first question (an address of no
** instruction asks none). */
typedef struct onpath {
  const mssa_ssa *s;
  uint32_t from, to;
  uint8_t *fwd, *bwd;    /* per block: entered after `from` / left before `to`;
                            NULL until first needed */
} onpath;

static bool on_path(const onpath *o, uint32_t i) {
  const mssa_ssa *s = o->s;
  MSSA_ASSERT(i < s->f->insts.n && inst_of(s, i)->block < s->nblocks);
  uint32_t b = inst_of(s, i)->block, fb = inst_of(s, o->from)->block, tb = inst_of(s, o->to)->block;
  bool after_from = o->fwd[b] || (b == fb && s->inst_pos[i] > s->inst_pos[o->from]);
  bool before_to = o->bwd[b] || (b == tb && s->inst_pos[i] < s->inst_pos[o->to]);
  return after_from && before_to;
}

/* Does an instruction of an address closure (its list) lie on a path
** from `from` to `to`? */
static bool marked_on_path(onpath *o, const mssa_u32vec *list) {
  if (list->n && !o->fwd) {
    o->fwd = reach_blocks(o->s, inst_of(o->s, o->from)->block, true);
    o->bwd = reach_blocks(o->s, inst_of(o->s, o->to)->block, false);
  }
  for (uint32_t k = 0; k < list->n; k++)
    if (inst_of(o->s, list->a[k])->block != NONE && on_path(o, list->a[k])) return true;
  return false;
}

/* Appends the defs of instructions from `i` backwards to `stop` (exclusive;
** NONE: the top of block b, whose phi is then appended too). */
static void path_back(const mssa_ssa *s, uint32_t b, uint32_t i, uint32_t stop,
                      mssa_u32vec *path) {
  for (; i != NONE && i != stop; i = inst_of(s, i)->prev) {
    uint32_t a = mssa_ssa_inst_access(s, i);
    if (a != NONE && s->acc.a[a].kind == MSSA_ACC_DEF) mssa_vec_push(path, a);
  }
  if (stop == NONE && s->phi[b] != NONE) mssa_vec_push(path, s->phi[b]);
}

/* The accesses on the path the search found, from `to` back to `from`. */
static void build_path(const back_search *q, uint32_t to, mssa_u32vec *path) {
  const mssa_ssa *s = q->s;
  const mssa_func *f = s->f;
  uint32_t tb = inst_of(s, to)->block;
  mssa_vec_push(path, mssa_ssa_inst_access(s, to));
  if (q->found == FROM_START) {
    path_back(s, tb, inst_of(s, to)->prev, q->from, path);
  } else {
    path_back(s, tb, inst_of(s, to)->prev, NONE, path);
    mssa_u32vec chain = {0};   /* found block .. the block entered from `to` */
    for (uint32_t e = q->found; e != FROM_START;) {
      uint32_t b = e & ~OFF_BIT;
      /* Each (block, phase) is queued once, so the chain of parents has no
      ** cycle: at most two entries a block. */
      MSSA_ASSERT(b < s->nblocks && chain.n < 2 * (size_t)s->nblocks);
      mssa_vec_push(&chain, b);
      e = q->parent[((e & OFF_BIT) ? s->nblocks : 0) + b];
    }
    for (uint32_t k = chain.n; k-- > 0;) {
      uint32_t b = chain.a[k];
      path_back(s, b, f->blocks.a[b].last, k == 0 ? q->from : NONE, path);
    }
    mssa_vec_free(&chain);
  }
  mssa_vec_push(path, mssa_ssa_inst_access(s, q->from));
}

/* Dependence kinds given how `from` touches the shared memory (mr_on) and
** how `to` does (mr_to), both MSSA_MR_* sets. */
static unsigned dep_kinds(unsigned from_mr, unsigned to_mr) {
  unsigned k = 0;
  if ((from_mr & MSSA_MR_MOD) && (to_mr & MSSA_MR_REF)) k |= MSSA_DEP_FLOW;
  if ((from_mr & MSSA_MR_REF) && (to_mr & MSSA_MR_MOD)) k |= MSSA_DEP_ANTI;
  if ((from_mr & MSSA_MR_MOD) && (to_mr & MSSA_MR_MOD)) k |= MSSA_DEP_OUTPUT;
  return k;
}

/* Kinds and alias from mod/ref; sets out->kinds, alias, modref, reason. */
static void classify(mssa_ssa *s, uint32_t from, uint32_t to, const mssa_loc *lf,
                     const mssa_loc *lt, bool moved, mssa_deps_dep *out) {
  mssa_aa *aa = s->aa;
  unsigned mr_from = mssa_aa_inst_modref(aa, from), mr_to = mssa_aa_inst_modref(aa, to);
  out->alias = MSSA_AR_NONE;
  if (lf && lt) {
    out->alias = (int)mssa_aa_alias(aa, lf, lt);
    if (out->alias == MSSA_NO_ALIAS && moved) {
      /* Invariant 5: another iteration's instance of the addresses. */
      mssa_loc uf = *lf, ut = *lt;
      uf.size = ut.size = MSSA_LOC_UNKNOWN;
      int ar = (int)mssa_aa_alias(aa, &uf, &ut);
      if (ar != MSSA_NO_ALIAS) {
        out->alias = ar;
        out->carried = true;
      }
    }
    out->modref = out->alias == MSSA_NO_ALIAS ? MSSA_MR_NONE : mr_from;
    out->kinds = out->alias == MSSA_NO_ALIAS ? 0 : dep_kinds(mr_from, mr_to);
    if (out->alias == MSSA_NO_ALIAS) out->reason = "the two locations do not alias (NoAlias)";
  } else if (lt) {
    out->modref = mssa_aa_modref_loc(aa, from, lt);
    out->kinds = dep_kinds(out->modref, mr_to);
  } else if (lf) {
    unsigned to_on = mssa_aa_modref_loc(aa, to, lf);
    out->modref = mssa_aa_modref_loc(aa, from, lf);
    out->kinds = dep_kinds(mr_from, to_on);
  } else {
    out->modref = mssa_aa_modref_call(aa, from, to);
    out->kinds = dep_kinds(out->modref, mr_to);
  }
  if (!out->kinds && !out->reason)
    out->reason = (mr_from & MSSA_MR_MOD) || (mr_to & MSSA_MR_MOD)
                      ? "mod/ref rules out a dependence (NoModRef on the shared memory)"
                      : "both instructions only read memory";
}

int mssa_deps_depends(mssa_ssa *s, uint32_t from, uint32_t to, mssa_deps_dep *out) {
  memset(out, 0, sizeof *out);
  out->killer = out->clobber = NONE;
  uint32_t af = mssa_ssa_inst_access(s, from), at = mssa_ssa_inst_access(s, to);
  if (af == NONE || at == NONE) return MSSA_ENOENT;
  mssa_qclobber qc;
  if (mssa_q_clobber(s, to, NULL, &qc) == MSSA_OK) out->clobber = qc.clobber;
  mssa_loc lf, lt;
  bool hf = mssa_aa_inst_loc(s->aa, from, &lf), ht = mssa_aa_inst_loc(s->aa, to, &lt);
  size_t ni = s->f->insts.n ? s->f->insts.n : 1;
  onpath o = {s, from, to, NULL, NULL};
  uint8_t *mf = mssa_xcalloc(ni, 1), *mt = mssa_xcalloc(ni, 1);
  mssa_u32vec lf_list = {0}, lt_list = {0};
  bool cf_ok = !hf || addr_closure(s, lf.ptr, mf, &lf_list);
  bool ct_ok = !ht || addr_closure(s, lt.ptr, mt, &lt_list);
  bool from_moves = hf && (!cf_ok || marked_on_path(&o, &lf_list));
  bool to_moves = ht && (!ct_ok || marked_on_path(&o, &lt_list));
  mssa_vec_free(&lf_list);
  mssa_vec_free(&lt_list);
  classify(s, from, to, hf ? &lf : NULL, ht ? &lt : NULL, from_moves || to_moves, out);
  free(o.fwd);
  free(o.bwd);
  if (!out->kinds) {
    free(mf);
    free(mt);
    return MSSA_OK;
  }
  /* Writes that kill: covering what `to` reads (flow), else what `from`
  ** touches (anti, output: a covering write in between takes over), as
  ** invariant 6 allows. */
  bool flow = out->kinds & MSSA_DEP_FLOW;
  const mssa_loc *kill = flow ? (ht ? &lt : NULL) : (hf && !from_moves ? &lf : NULL);
  if (flow && !ct_ok) kill = NULL;   /* a closure too big: no kills */
  back_search q = {s, from, kill, flow ? mt : NULL, mssa_xcalloc(s->nblocks, 1),
               mssa_xmalloc(2 * (size_t)s->nblocks * sizeof(uint32_t) + 1), {0}, NONE, NONE};
  out->reaches = search_back(&q, to);
  MSSA_ASSERT(q.queue.n <= 2 * (size_t)s->nblocks);   /* invariant 4: each block twice at most */
  if (out->reaches) build_path(&q, to, &out->path);
  else if (q.killer != NONE) {
    /* Killed -- or no path at all? The same search without kills says. */
    uint32_t killer = q.killer;
    memset(q.seen, 0, s->nblocks);
    q.queue.n = 0;
    q.kill = NULL;
    out->killer = search_back(&q, to) ? killer : NONE;
  }
  out->depends = out->reaches;
  /* Invariant 3: a dependence has a path; no dependence has a reason. */
  MSSA_ASSERT(!out->depends || out->path.n >= 2);
  if (!out->reaches)
    out->reason = q.killer != NONE ? "every path from `from` to `to` passes a write that covers "
                                     "the location"
                                   : "no path leads from `from` to `to`";
  free(q.seen);
  free(q.parent);
  mssa_vec_free(&q.queue);
  free(mf);
  free(mt);
  return MSSA_OK;
}

void mssa_deps_dep_free(mssa_deps_dep *d) { mssa_vec_free(&d->path); }

/* --------------------------------------------------------------- value */

/* The walk of invariant 1. */
typedef struct vwalk {
  mssa_ssa *s;
  mssa_loc loc;
  uint8_t *seen;         /* per access */
  mssa_u32vec stack;     /* accesses still to follow */
  mssa_deps_val *out;
  uint32_t first_store;  /* instruction of the first store found */
} vwalk;

static int unknown(mssa_deps_val *v, const char *why, uint32_t blocker, uint32_t other) {
  v->known = false;
  v->value = MSSA_VAL_NONE;
  v->reason = why;
  v->blocker = blocker;
  v->other = other;
  return 1;
}

/* Does pointer p mean one address on every edge into block b? */
static bool addr_fixed_at(const mssa_ssa *s, mssa_val p, uint32_t b) {
  if (MSSA_VAL_KIND(p) != MSSA_VK_INST) return true;
  uint32_t d = inst_of(s, MSSA_VAL_INDEX(p))->block;
  return d != b && mssa_dt_dominates(&s->dt, d, b);
}

/* Def access x may write the location: 0 if it is a store that keeps the
** answer possible (recorded), 1 when it makes it Unknown. */
static int store_hit(vwalk *w, uint32_t x) {
  mssa_ssa *s = w->s;
  uint32_t i = s->acc.a[x].inst;
  const mssa_inst *in = inst_of(s, i);
  if (in->opcode != MSSA_OP_STORE)
    return unknown(w->out, "an instruction that may write the location reaches the load", x, NONE);
  if (in->flags & MSSA_IF_VOLATILE)
    return unknown(w->out, "a volatile store reaches the load", x, NONE);
  mssa_loc sl;
  if (!mssa_aa_inst_loc(s->aa, i, &sl))
    return unknown(w->out, "an instruction that may write the location reaches the load", x, NONE);
  mssa_alias_result ar = mssa_aa_alias(s->aa, &sl, &w->loc);
  if (ar != MSSA_MUST_ALIAS)
    return unknown(w->out,
                   ar == MSSA_PARTIAL_ALIAS ? "a store that partially overlaps the location "
                                              "reaches the load"
                                            : "a store that may alias the location reaches the load",
                   x, NONE);
  if (sl.size != w->loc.size)
    return unknown(w->out, "a store of another size to the location reaches the load", x, NONE);
  mssa_val v = mssa_inst_ops(s->f, in)[0];
  mssa_vec_push(&w->out->writes, x);
  if (w->first_store == NONE) {
    w->first_store = i;
    w->out->value = v;
  } else if (w->out->value != v) {
    return unknown(w->out, "stores of different values reach the load", x, w->first_store);
  }
  return 0;
}

/* Follows defining accesses up from x to a store, a phi or liveOnEntry:
** 0 to go on with the stack, 1 when the answer is Unknown. */
static int walk_one(vwalk *w, uint32_t x) {
  mssa_ssa *s = w->s;
  /* Invariant 4: each access is entered once, so the path never outgrows
  ** the graph. */
  MSSA_ASSERT(w->out->path.n <= s->acc.n);
  for (;;) {
    if (x == NONE || x >= s->acc.n)
      return unknown(w->out, "the walk left the graph (a removed access)", NONE, NONE);
    if (w->seen[x]) return 0;
    w->seen[x] = 1;
    mssa_vec_push(&w->out->path, x);
    const mssa_access *a = &s->acc.a[x];
    if (a->kind == MSSA_ACC_LIVE)
      return unknown(w->out, "on some path no store reaches the load (liveOnEntry)", x, NONE);
    if (a->kind == MSSA_ACC_PHI) {
      if (!addr_fixed_at(s, w->loc.ptr, a->block))
        return unknown(w->out, "the loaded address is not the same on every path into a join "
                               "(it is defined in a loop or below the join)",
                       x, NONE);
      for (uint32_t k = 0; k < a->nops; k++) mssa_vec_push(&w->stack, mssa_phi_value(s, a, k));
      return 0;
    }
    if (a->kind != MSSA_ACC_DEF)
      return unknown(w->out, "the walk met a removed access", x, NONE);
    /* Invariant 1: by defining accesses; a def's is never itself. */
    MSSA_ASSERT(a->def != x);
    if (mssa_aa_modref_loc(s->aa, a->inst, &w->loc) & MSSA_MR_MOD) return store_hit(w, x);
    x = a->def;
  }
}

/* Scans forward from instruction i (inclusive): 1 at `load`, -1 at a write
** to the location, 0 at the end of the block. */
static int scan_fwd(vwalk *w, uint32_t i, uint32_t load) {
  for (; i != NONE; i = inst_of(w->s, i)->next) {
    if (i == load) return 1;
    if (may_write(w->s, i, &w->loc)) return -1;
  }
  return 0;
}

/* Invariant 2(c): does a path from the definition of instruction d reach
** the load with no write to the location in between? */
static bool redefined_on_the_way(vwalk *w, uint32_t d, uint32_t load) {
  mssa_ssa *s = w->s;
  int r = scan_fwd(w, inst_of(s, d)->next, load);
  if (r) return r == 1;
  uint8_t *seen = mssa_xcalloc(s->nblocks, 1);
  mssa_u32vec q = {0};
  mssa_vec_push(&q, inst_of(s, d)->block);
  bool hit = false;
  for (uint32_t h = 0; h < q.n && !hit; h++) {
    uint32_t b = q.a[h];
    if (h > 0 && (r = scan_fwd(w, s->f->blocks.a[b].first, load)) != 0) {
      hit = r == 1;
      continue;
    }
    for (uint32_t e = s->cfg.succ_off[b]; e < s->cfg.succ_off[b + 1]; e++) {
      uint32_t c = s->cfg.succ[e];
      if (!seen[c]) {
        seen[c] = 1;
        mssa_vec_push(&q, c);
      }
    }
  }
  free(seen);
  mssa_vec_free(&q);
  return hit;
}

/* Invariant 2(b) and (c) for the candidate in out->value. */
static void check_candidate(vwalk *w, uint32_t load) {
  mssa_val v = w->out->value;
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return;
  uint32_t d = MSSA_VAL_INDEX(v);
  if (d >= w->s->f->insts.n || inst_of(w->s, d)->block == NONE || !inst_dominates(w->s, d, load))
    unknown(w->out, "the stored value is not available at the load", NONE, d);
  else if (redefined_on_the_way(w, d, load))
    unknown(w->out, "the stored value is redefined between the store and the load (a loop)",
            NONE, d);
}

int mssa_deps_value(mssa_ssa *s, uint32_t inst, mssa_deps_val *out) {
  memset(out, 0, sizeof *out);
  out->blocker = out->other = NONE;
  uint32_t a = mssa_ssa_inst_access(s, inst);
  if (a == NONE || inst_of(s, inst)->opcode != MSSA_OP_LOAD) return MSSA_EINVAL;
  if (inst_of(s, inst)->flags & MSSA_IF_VOLATILE) {
    unknown(out, "the load is volatile", a, NONE);
    return MSSA_OK;
  }
  vwalk w = {s, {0}, mssa_xcalloc(s->acc.n, 1), {0}, out, NONE};
  mssa_aa_inst_loc(s->aa, inst, &w.loc);
  out->known = true;
  mssa_vec_push(&w.stack, mssa_q_reaching_def(s, a));
  int r = 0;
  while (!r && w.stack.n) r = walk_one(&w, w.stack.a[--w.stack.n]);
  if (!r && w.first_store == NONE) unknown(out, "no store reaches the load", NONE, NONE);
  else if (!r) check_candidate(&w, inst);
  /* Invariant 2: Known names a value and the stores that hold it. */
  MSSA_ASSERT(!out->known || (out->value != MSSA_VAL_NONE && out->writes.n > 0));
  free(w.seen);
  mssa_vec_free(&w.stack);
  return MSSA_OK;
}

void mssa_deps_val_free(mssa_deps_val *v) {
  mssa_vec_free(&v->writes);
  mssa_vec_free(&v->path);
}
