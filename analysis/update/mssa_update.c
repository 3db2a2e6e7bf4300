/*
** mssa_update.c -- the incremental MemorySSA updater (see mssa_update.h).
**
** An edit runs in four phases:
**   A. validate (ids, IR invariants, SSA dominance of operands and users)
**      and snapshot what alias analysis knows about the objects the edited
**      instruction's operands derive from (their escape state);
**   B. edit the IR (ir_edit.c), renumber positions of the touched blocks,
**      drop the AA and phi-translation caches (they index the old IR);
**   C. structure: link/unlink the access, add the phis the IDF of the
**      edited block now requires / remove the ones it no longer requires,
**      fill new phis' operands, and rename the region that can see the
**      change (the edited block's def-free dominator subtree, likewise
**      below each added/removed phi) -- defs' defining accesses and the phi
**      operands of edges leaving that region;
**   D. clobbers: recompute the use clobbers (and drop def walker caches)
**      whose answer may differ -- or, if phase A saw an escape change or
**      the edit is of a kind phi translation can observe, re-run use
**      optimization over the whole function as a fresh build does.
** CFG edits skip C and D and rebuild the graph in place (ids kept).
**
** Invariants:
**   1. After every successful edit the graph satisfies mssa_verify() and
**      equals a fresh build of the edited function up to numbering (ids,
**      access indices); use clobbers are a fresh build's exactly, and so are
**      use alias words once settled (the incremental path leaves them to
**      mssa_ssa_settle_words, which every reader of a word calls). Under
**      MSSA_CHECKS every edit ends by checking verify's V4 (defining
**      accesses dominate) and V5 (phi operands match the edges, in order).
**   2. No recursion anywhere: propagation, region search, reaching-def
**      lookup and IDF are worklist loops (LLVM's getPreviousDefRecursive
**      overflowed the stack on long chains; this has no such path).
**   3. A new access's defining access is computed from the final structure
**      (lastdef along the dominator tree), never from "the access that used
**      to be here": this is what makes LLVM's fixupDefs assertion ("should
**      have dominated the new access") impossible -- there is no stale
**      dominance assumption to violate.
**   4. Phi operands are computed per incoming CFG edge from the current
**      CFG; unreachable predecessors contribute liveOnEntry (as a fresh
**      build's step 5) and are never asked for a reaching definition (the
**      applyInsertUpdates bug class).
**   5. Which use clobbers are recomputed (phase D, incremental case). Phase
**      C records every access whose links changed (the "delta": the new or
**      removed def, defs whose defining access changed, phis added, removed
**      or with a changed operand). A use U (or a def's walker cache) is
**      looked at only if it is in a block reachable from the edit point (or
**      after the point in its block), and its cached clobber C is kept if
**      no delta access lies strictly below C -- for a phi C, below C's walk
**      target. Why: the walker's exploration from U never goes above the
**      clobber it returns when that is a def (every path stops at a walk
**      target the result dominates), and returns a phi only when the first
**      round of its walk, which stops at the phi's target, was blocked; a
**      walk over unchanged links repeats itself. A new target (a def or phi
**      this edit created) or a removed/liveOnEntry clobber always counts as
**      changed.
**   6. Cheap re-answers before the walker: (a) splice -- when the edit only
**      put defs into existing chains or took them out (no phi added or
**      removed) and none of those defs may clobber U's location as is or
**      at unknown size (all a phi translation can do to a pointer defined
**      outside every phi's block: an argument, a global or constant, or an
**      entry-block value), U's walks meet the same clobbers: C and its alias
**      word stand; (b) chain -- when the def chain from U's new defining
**      access reaches C without a phi, only the defs this edit created need
**      asking (the old ones on it were passed by U's old walk) -- valid only
**      when every walk from U sees U's own location (a pointer no phi
**      translation rewrites), as in (a). Otherwise
**      the walker recomputes U exactly as the build's use optimizer does.
**   7. Escape: an object with more than mssa_aa_capture_max_uses + k uses
**      (k = uses the edit can add or remove) is captured before and after
**      (capture tracking's use limit), so alias analysis is asked only
**      about objects below that.
*/
#include "update/mssa_update.h"

#include <string.h>

#include "alias/phitrans.h"
#include "base/check.h"

mssa_update_stats mssa_update_counters;

/* ------------------------------------------------------------ context */

typedef struct upoint { uint32_t b, thr; } upoint;
/* A changed access, by place: block and key (see the delta_key_* below). */
typedef struct udelta { uint32_t b, key; } udelta;

/* Delta keys order the places in a block: its phi first, then each
** instruction position i, with the gap before position i (where a removed
** access was) just below it. */
#define DELTA_KEY_PHI 0u
static uint32_t delta_key_at(uint32_t pos) { return 2 * pos + 2; }
static uint32_t delta_key_before(uint32_t pos) { return 2 * pos + 1; }
typedef struct uroot { uint32_t b; uint8_t deep; } uroot;

/* An edit touches at most two places (a move: where it was, where it goes). */
#define MAX_EDIT_POINTS 2
/* Spliced defs the cheap re-answer (invariant 6a) asks about; an edit that
** splices more is treated as structural. */
#define MAX_SPLICED 4

typedef struct uctx {
  mssa_module *m;
  mssa_func *f;
  mssa_ssa *s;
  uint32_t *outm;               /* per block: reaching def at its end + 1, 0 = unknown */
  MSSA_VEC(uroot) roots;        /* blocks to rename from */
  MSSA_VEC(uint32_t) newphis;   /* phis created by this edit */
  MSSA_VEC(uint32_t) newuses;   /* uses created by this edit */
  MSSA_VEC(uint32_t) stk;       /* scratch */
  upoint pts[MAX_EDIT_POINTS];
  uint32_t npts;
  MSSA_VEC(udelta) delta;       /* accesses whose links changed (invariant 5) */
  uint32_t acc_n0;              /* s->acc.n when the edit began */
  uint32_t spliced[MAX_SPLICED]; /* defs inserted into / removed from chains */
  uint32_t nspliced;
  bool structural;              /* phis were added or removed, or an access re-pointed */
  bool reopt;                   /* phase D: re-optimize every use */
} uctx;

static void uctx_init(uctx *c, mssa_module *m, mssa_func *f, mssa_ssa *s) {
  memset(c, 0, sizeof *c);
  c->m = m;
  c->f = f;
  c->s = s;
  c->acc_n0 = s->acc.n;
}

static void add_delta(uctx *c, uint32_t b, uint32_t key) {
  udelta d = {b, key};
  mssa_vec_push(&c->delta, d);
}

static uint32_t key_of_acc(const mssa_ssa *s, uint32_t a) {
  const mssa_access *x = &s->acc.a[a];
  return x->kind == MSSA_ACC_PHI ? DELTA_KEY_PHI : delta_key_at(s->inst_pos[x->inst]);
}

static void uctx_fini(uctx *c) {
  free(c->outm);
  mssa_vec_free(&c->roots);
  mssa_vec_free(&c->newphis);
  mssa_vec_free(&c->newuses);
  mssa_vec_free(&c->stk);
  mssa_vec_free(&c->delta);
}

static bool reachable(const mssa_ssa *s, uint32_t b) {
  return b < s->nblocks && mssa_dt_reachable(&s->dt, b);
}

/* ------------------------------------------------------- IR-side helpers */

static void ensure_inst_cap(mssa_ssa *s, uint32_t n) {
  if (n <= s->inst_cap) return;
  uint32_t nc = s->inst_cap ? s->inst_cap : 16;
  while (nc < n) nc *= 2;
  s->inst_acc = mssa_xrealloc(s->inst_acc, (size_t)nc * sizeof(uint32_t));
  s->inst_pos = mssa_xrealloc(s->inst_pos, (size_t)nc * sizeof(uint32_t));
  memset(s->inst_acc + s->inst_cap, 0xff, (size_t)(nc - s->inst_cap) * sizeof(uint32_t));
  memset(s->inst_pos + s->inst_cap, 0xff, (size_t)(nc - s->inst_cap) * sizeof(uint32_t));
  s->inst_cap = nc;
}

static void renumber(mssa_ssa *s, const mssa_func *f, uint32_t b) {
  uint32_t pos = 0;
  for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) s->inst_pos[i] = pos++;
}

/* The IR changed: caches that index it are stale. */
static void ir_changed(mssa_ssa *s) {
  mssa_users_free(s->users);
  s->users = NULL;
  mssa_aa_invalidate(s->aa);
  mssa_ssa_drop_view(s);
}

/* Opcodes whose presence phi translation can observe (it looks for
** existing casts, getelementptrs and adds among a value's users). */
static bool phitrans_visible(unsigned op) {
  return op == MSSA_OP_GEP || (op >= MSSA_OP_TRUNC && op <= MSSA_OP_ADDRSPACECAST) ||
         op == MSSA_OP_ADD || op == MSSA_OP_SUB;
}

/* ------------------------------------------------ escape-state snapshot */

/*
** The objects whose escape state an edit of an instruction with these
** operands may change: everything the operands derive from through the
** instructions capture tracking follows (GEP base, casts, phi, select) and
** through calls (returned arguments). Identified locals among them are
** what isNonEscapingLocalObject can answer for.
*/
typedef struct escsnap {
  bool active;                  /* the edit's operands include local values */
  MSSA_VEC(mssa_val) objs;
  MSSA_VEC(uint8_t) before;     /* ESC_* per object, as before the edit */
  bool overflow;
} escsnap;

/* What the escape snapshot knows of an object before the edit. */
enum {
  ESC_ESCAPES = 0,     /* not a non-escaping local (mssa_aa_non_escaping_local false) */
  ESC_LOCAL = 1,       /* a non-escaping local */
  ESC_SETTLED = 2      /* captured before and after whatever the edit does: not asked */
};

/*
** Does value v have at least `need` uses among live instructions? Capture
** tracking declares an object captured as soon as the object itself has
** more than mssa_aa_capture_max_uses uses, before looking at any of them;
** an edit that changes its use count by at most k leaves an object with
** that limit + 1 + k uses or more captured both before and
** after, with no need to ask (and to rebuild alias analysis' use lists,
** which is linear in the function). Stops at `need`.
*/
static bool uses_at_least(const mssa_func *f, mssa_val v, uint32_t need) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *o = f->ops.a + in->ops;
    for (uint32_t k = 0; k < in->nops; k++)
      if (o[k] == v && ++n >= need) return true;
  }
  return false;
}

static bool val_in(const mssa_val *a, uint32_t n, mssa_val v) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i] == v) return true;
  return false;
}

/* How many values the escape snapshot follows before it gives up and
** counts the edit as an escape change (which re-optimizes every use). */
#define ESC_MAX_VALUES 256

static void esc_collect(mssa_ssa *s, const mssa_func *f, const mssa_val *ops, uint32_t nops,
                        escsnap *e) {
  /* the edit adds or removes at most nops (+1 for set_operand) uses */
  uint32_t need = mssa_aa_capture_max_uses(s->m) + 1 + nops + 1;
  MSSA_VEC(mssa_val) wl = {0}, seen = {0};
  for (uint32_t k = 0; k < nops; k++) {
    uint32_t kind = MSSA_VAL_KIND(ops[k]);
    if (kind == MSSA_VK_INST || kind == MSSA_VK_ARG) mssa_vec_push(&wl, ops[k]);
  }
  while (wl.n && !e->overflow) {
    mssa_val v = wl.a[--wl.n];
    if (val_in(seen.a, seen.n, v)) continue;
    if (seen.n >= ESC_MAX_VALUES) { e->overflow = true; break; }
    mssa_vec_push(&seen, v);
    if (MSSA_VAL_KIND(v) == MSSA_VK_ARG) {
      mssa_vec_push(&e->objs, v);
      continue;
    }
    if (MSSA_VAL_KIND(v) != MSSA_VK_INST || MSSA_VAL_INDEX(v) >= f->insts.n) continue;
    const mssa_inst *in = &f->insts.a[MSSA_VAL_INDEX(v)];
    const mssa_val *o = f->ops.a + in->ops;
    uint32_t from = 0, to = 0, step = 1;
    switch (in->opcode) {
    case MSSA_OP_ALLOCA:
      mssa_vec_push(&e->objs, v);
      break;
    case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR:
      mssa_vec_push(&e->objs, v);
      from = 1; to = 1 + mssa_call_nargs(in);
      break;
    case MSSA_OP_GEP: case MSSA_OP_BITCAST: case MSSA_OP_ADDRSPACECAST:
      from = 0; to = in->nops ? 1 : 0;
      break;
    case MSSA_OP_PHI:
      from = 0; to = in->nops; step = 2;
      break;
    case MSSA_OP_SELECT:
      from = 1; to = in->nops;
      break;
    default:
      break;
    }
    for (uint32_t k = from; k < to && k < in->nops; k += step) {
      uint32_t kind = MSSA_VAL_KIND(o[k]);
      if (kind == MSSA_VK_INST || kind == MSSA_VK_ARG) mssa_vec_push(&wl, o[k]);
    }
  }
  mssa_vec_free(&wl);
  mssa_vec_free(&seen);
  for (uint32_t k = 0; k < e->objs.n; k++) {
    uint8_t b;
    if (uses_at_least(f, e->objs.a[k], need)) b = ESC_SETTLED;
    else b = mssa_aa_non_escaping_local(s->aa, e->objs.a[k]) ? ESC_LOCAL : ESC_ESCAPES;
    mssa_vec_push(&e->before, b);
  }
}

/* After the IR edit (and mssa_aa_invalidate): did any state change? */
static bool esc_changed(mssa_ssa *s, const escsnap *e) {
  if (e->overflow) return true;
  for (uint32_t k = 0; k < e->objs.n; k++) {
    mssa_val v = e->objs.a[k];
    /* An object that is no longer a live instruction cannot be asked. */
    if (MSSA_VAL_KIND(v) == MSSA_VK_INST && !mssa_ir_inst_live(s->f, MSSA_VAL_INDEX(v))) return true;
    if (e->before.a[k] == ESC_SETTLED) continue;
    if ((mssa_aa_non_escaping_local(s->aa, v) ? ESC_LOCAL : ESC_ESCAPES) != e->before.a[k])
      return true;
  }
  return false;
}

static void esc_free(escsnap *e) {
  mssa_vec_free(&e->objs);
  mssa_vec_free(&e->before);
}

/* Phase A's snapshot, before the IR edit (alias analysis' use lists are
** built lazily from the current IR), for an edit that adds or removes the
** uses ops[0..nops). Only local values (instructions, arguments) can lead
** to an object whose escape state the edit changes. */
static void esc_begin(escsnap *e, mssa_ssa *s, const mssa_func *f, const mssa_val *ops,
                      uint32_t nops) {
  memset(e, 0, sizeof *e);
  for (uint32_t k = 0; k < nops && ops; k++) {
    uint32_t kind = MSSA_VAL_KIND(ops[k]);
    if (kind == MSSA_VK_INST || kind == MSSA_VK_ARG) e->active = true;
  }
  if (e->active) esc_collect(s, f, ops, nops, e);
}

/* After the IR edit (and ir_changed): did an escape state change? Frees
** the snapshot. */
static bool esc_end(escsnap *e, mssa_ssa *s) {
  bool changed = e->active && esc_changed(s, e);
  esc_free(e);
  return changed;
}

/* --------------------------------------------------- SSA dominance checks */

/* Key of an instruction for "comes before" within a block. */
static uint64_t key_of(const mssa_ssa *s, uint32_t i) { return (uint64_t)s->inst_pos[i]; }

/* Does instruction d (a value) dominate instruction u at its position?
** Code in unreachable blocks is unconstrained, as in LLVM's verifier. */
static bool inst_dominates(const mssa_ssa *s, const mssa_func *f, uint32_t d, uint32_t u) {
  uint32_t db = f->insts.a[d].block, ub = f->insts.a[u].block;
  if (!reachable(s, ub)) return true;
  if (!reachable(s, db)) return false;
  if (db == ub) return key_of(s, d) < key_of(s, u);
  return mssa_dt_dominates(&s->dt, db, ub);
}

/* Does d dominate the end of block b (a phi's incoming edge from b)? */
static bool dominates_end(const mssa_ssa *s, const mssa_func *f, uint32_t d, uint32_t b) {
  uint32_t db = f->insts.a[d].block;
  if (!reachable(s, b)) return true;
  if (!reachable(s, db)) return false;
  return mssa_dt_dominates(&s->dt, db, b);
}

/* The first operand of non-phi instruction i whose definition does not
** dominate it, or MSSA_NONE when they all do. */
static uint32_t undominated_operand(const mssa_ssa *s, const mssa_func *f, uint32_t i) {
  const mssa_inst *in = &f->insts.a[i];
  if (in->opcode == MSSA_OP_PHI) return MSSA_NONE;
  const mssa_val *o = f->ops.a + in->ops;
  for (uint32_t k = 0; k < in->nops; k++) {
    if (MSSA_VAL_KIND(o[k]) != MSSA_VK_INST) continue;
    uint32_t d = MSSA_VAL_INDEX(o[k]);
    if (d == i || !inst_dominates(s, f, d, i)) return d;
  }
  return MSSA_NONE;
}

/* The first user of i's result that i does not dominate, or MSSA_NONE. */
static uint32_t undominated_user(const mssa_ssa *s, const mssa_func *f, uint32_t i) {
  mssa_val v = MSSA_VAL(MSSA_VK_INST, i);
  for (uint32_t u = 0; u < f->insts.n; u++) {
    const mssa_inst *in = &f->insts.a[u];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *o = f->ops.a + in->ops;
    for (uint32_t k = 0; k < in->nops; k++) {
      if (o[k] != v) continue;
      if (in->opcode == MSSA_OP_PHI) {
        if (k + 1 < in->nops && MSSA_VAL_KIND(o[k + 1]) == MSSA_VK_BLOCK &&
            !dominates_end(s, f, i, MSSA_VAL_INDEX(o[k + 1])))
          return u;
      } else if (u == i || !inst_dominates(s, f, i, u)) {
        return u;
      }
    }
  }
  return MSSA_NONE;
}

/* ------------------------------------------------- access list plumbing */

static void recompute_lastdef(mssa_ssa *s, uint32_t b) {
  s->lastdef[b] = MSSA_NONE;
  for (uint32_t a = s->last[b]; a != MSSA_NONE; a = s->acc.a[a].prev) {
    uint8_t k = s->acc.a[a].kind;
    if (k == MSSA_ACC_DEF || k == MSSA_ACC_PHI) { s->lastdef[b] = a; return; }
  }
}

static bool block_has_def(const mssa_ssa *s, uint32_t b) {
  return s->lastdef[b] != MSSA_NONE && s->lastdef[b] != s->phi[b];
}

/* The access just before instruction i's slot in its block (by scanning the
** instructions before it), else the block's phi, else MSSA_NONE. */
static uint32_t prev_access(const mssa_ssa *s, const mssa_func *f, uint32_t i) {
  for (uint32_t x = f->insts.a[i].prev; x != MSSA_NONE; x = f->insts.a[x].prev)
    if (x < s->inst_cap && s->inst_acc[x] != MSSA_NONE) return s->inst_acc[x];
  return s->phi[f->insts.a[i].block];
}

/* ------------------------------------------- reaching definitions (memo) */

static void memo_reset(uctx *c) {
  free(c->outm);
  c->outm = NULL;   /* never dangling if the allocation fails (base/oom.h) */
  c->outm = mssa_xcalloc(c->s->nblocks ? c->s->nblocks : 1, sizeof(uint32_t));
}

/* The definition reaching the end of reachable block b: its last def or
** phi, else its immediate dominator's, ... else liveOnEntry. Memoized with
** path filling, so a batch of lookups is linear overall (invariant 2). */
static uint32_t out_of(uctx *c, uint32_t b) {
  mssa_ssa *s = c->s;
  c->stk.n = 0;
  uint32_t x = b, v;
  for (;;) {
    if (x == MSSA_NONE) { v = MSSA_LIVE_ON_ENTRY; break; }
    if (s->lastdef[x] != MSSA_NONE) { v = s->lastdef[x]; break; }
    if (c->outm[x]) { v = c->outm[x] - 1; break; }
    mssa_vec_push(&c->stk, x);
    x = s->dt.idom[x];
  }
  for (uint32_t k = 0; k < c->stk.n; k++) c->outm[c->stk.a[k]] = v + 1;
  return v;
}

static uint32_t in_of(uctx *c, uint32_t b) {
  mssa_ssa *s = c->s;
  if (s->phi[b] != MSSA_NONE) return s->phi[b];
  uint32_t d = s->dt.idom[b];
  return d == MSSA_NONE ? MSSA_LIVE_ON_ENTRY : out_of(c, d);
}

/* ----------------------------------------------------------------- phis */

static bool phi_set_from(mssa_ssa *s, uint32_t phi, uint32_t pred, uint32_t v) {
  mssa_access *p = &s->acc.a[phi];
  MSSA_ASSERT(p->kind == MSSA_ACC_PHI && v < s->acc.n);
  bool changed = false;
  for (uint32_t k = 0; k < p->nops; k++)
    if (s->phiops.a[p->ops + 2 * k] == pred && s->phiops.a[p->ops + 2 * k + 1] != v) {
      s->phiops.a[p->ops + 2 * k + 1] = v;
      changed = true;
    }
  return changed;
}

/* Creates an (operand-less) phi in block b; operands come in phi_fill. */
static uint32_t phi_create(uctx *c, uint32_t b) {
  mssa_ssa *s = c->s;
  MSSA_ASSERT(b < s->nblocks && s->phi[b] == MSSA_NONE);   /* one phi a block */
  uint32_t a = mssa_ssa_new_phi(s, b);
  mssa_ssa_link_after(s, b, MSSA_NONE, a);
  recompute_lastdef(s, b);
  c->structural = true;
  mssa_vec_push(&c->newphis, a);
  add_delta(c, b, DELTA_KEY_PHI);
  mssa_update_counters.phis_added++;
  return a;
}

static void phi_remove(uctx *c, uint32_t b) {
  mssa_ssa *s = c->s;
  uint32_t a = s->phi[b];
  mssa_ssa_unlink(s, a);
  s->acc.a[a].kind = MSSA_ACC_DEAD;
  s->phi[b] = MSSA_NONE;
  recompute_lastdef(s, b);
  s->nphis--;
  c->structural = true;
  add_delta(c, b, DELTA_KEY_PHI);
  mssa_update_counters.phis_removed++;
}

/*
** Operands of a new phi, in the order a fresh build produces them: the
** renaming pass visits predecessors in dominator-tree preorder (dfs_in
** order), one pair per edge; then edges from unreachable predecessors, in
** layout order, with liveOnEntry (mssa_build.c step 5).
*/
static void phi_fill(uctx *c, uint32_t phi) {
  mssa_ssa *s = c->s;
  uint32_t b = s->acc.a[phi].block;
  uint32_t p0 = s->cfg.pred_off[b], p1 = s->cfg.pred_off[b + 1];
  MSSA_VEC(uint32_t) live = {0}, dead = {0};
  for (uint32_t e = p0; e < p1; e++) {
    uint32_t pb = s->cfg.pred[e];
    if (e > p0 && s->cfg.pred[e - 1] == pb) continue; /* pred lists are sorted by id */
    if (reachable(s, pb)) mssa_vec_push(&live, pb);
    else mssa_vec_push(&dead, pb);
  }
  /* Insertion sort by dfs_in (few predecessors). */
  for (uint32_t i = 1; i < live.n; i++) {
    uint32_t x = live.a[i], j = i;
    while (j > 0 && s->dt.dfs_in[live.a[j - 1]] > s->dt.dfs_in[x]) { live.a[j] = live.a[j - 1]; j--; }
    live.a[j] = x;
  }
  if (dead.n > 1) {
    /* Layout order: one walk of the layout list. */
    uint32_t w = 0;
    uint32_t *rank = mssa_xcalloc(s->nblocks ? s->nblocks : 1, sizeof(uint32_t));
    uint32_t r = 1;
    for (uint32_t x = c->f->first_block; x != MSSA_NONE; x = c->f->blocks.a[x].next) rank[x] = r++;
    for (uint32_t i = 1; i < dead.n; i++) {
      uint32_t x = dead.a[i], j = i;
      while (j > 0 && rank[dead.a[j - 1]] > rank[x]) { dead.a[j] = dead.a[j - 1]; j--; }
      dead.a[j] = x;
    }
    (void)w;
    free(rank);
  }
  mssa_access *p = &s->acc.a[phi];
  uint32_t n = 0;
  for (uint32_t pass = 0; pass < 2; pass++) {
    const uint32_t *list = pass ? dead.a : live.a;
    uint32_t ln = pass ? dead.n : live.n;
    for (uint32_t i = 0; i < ln; i++) {
      uint32_t pb = list[i];
      uint32_t v = pass ? MSSA_LIVE_ON_ENTRY : out_of(c, pb);
      for (uint32_t e = p0; e < p1; e++) {
        if (s->cfg.pred[e] != pb || n >= p->cap) continue;
        s->phiops.a[p->ops + 2 * n] = pb;
        s->phiops.a[p->ops + 2 * n + 1] = v;
        n++;
      }
    }
  }
  p->nops = n;
  mssa_vec_free(&live);
  mssa_vec_free(&dead);
}

/* -------------------------------------------------------------- renaming */

/*
** Renames from root block r: r's defs get their defining accesses from the
** final structure; if `deep` (r's outgoing definition may have changed),
** the phi operands of r's outgoing edges are updated and the walk continues
** into dominator-tree children without a phi, through blocks without defs
** (a child with defs gets its first def re-pointed and stops the walk).
*/
static void propagate(uctx *c, uint32_t r, bool deep) {
  mssa_ssa *s = c->s;
  if (!reachable(s, r)) return;
  MSSA_VEC(uint32_t) st = {0};
  mssa_vec_push(&st, r);
  mssa_vec_push(&st, in_of(c, r));
  while (st.n) {
    uint32_t v = st.a[--st.n], y = st.a[--st.n];
    uint32_t cur = v;
    bool has = false;
    for (uint32_t a = s->first[y]; a != MSSA_NONE; a = s->acc.a[a].next) {
      mssa_access *x = &s->acc.a[a];
      if (x->kind == MSSA_ACC_PHI) cur = a;
      else if (x->kind == MSSA_ACC_DEF) {
        if (x->def != cur) add_delta(c, y, key_of_acc(s, a));
        x->def = cur;
        cur = a;
        has = true;
      }
    }
    if (y == r ? !deep : has) continue;
    for (uint32_t e = s->cfg.succ_off[y]; e < s->cfg.succ_off[y + 1]; e++) {
      uint32_t sb = s->cfg.succ[e];
      if (s->phi[sb] != MSSA_NONE && phi_set_from(s, s->phi[sb], y, cur))
        add_delta(c, sb, DELTA_KEY_PHI);
    }
    for (uint32_t k = s->dt.child_off[y]; k < s->dt.child_off[y + 1]; k++) {
      uint32_t ch = s->dt.child[k];
      if (s->phi[ch] != MSSA_NONE) continue;
      mssa_vec_push(&st, ch);
      mssa_vec_push(&st, cur);
    }
  }
  mssa_vec_free(&st);
}

static void add_root(uctx *c, uint32_t b, bool deep) {
  uroot r = {b, (uint8_t)deep};
  mssa_vec_push(&c->roots, r);
}

static void add_point(uctx *c, uint32_t b, uint32_t thr) {
  MSSA_ASSERT(c->npts < MAX_EDIT_POINTS);
  if (c->npts < MAX_EDIT_POINTS) { c->pts[c->npts].b = b; c->pts[c->npts].thr = thr; c->npts++; }
}

/* Def a went into or out of a chain of existing defs. */
static void add_spliced(uctx *c, uint32_t a) {
  if (c->nspliced < MAX_SPLICED) c->spliced[c->nspliced++] = a;
  else c->structural = true;
}

/* ------------------------------------------------ structural insert/remove */

/* Phase C for a new memory instruction i (already linked in the IR, block
** renumbered). Returns the new access or MSSA_NONE. */
static uint32_t struct_insert(uctx *c, uint32_t i, uint32_t reuse_id) {
  mssa_ssa *s = c->s;
  const mssa_func *f = c->f;
  int k = mssa_ssa_access_kind(s, i);
  if (k == MSSA_ACC_NONE) return MSSA_NONE;
  uint32_t b = f->insts.a[i].block;
  bool had_def = block_has_def(s, b);
  uint32_t prev = prev_access(s, f, i);
  MSSA_ASSERT(i < s->inst_cap && s->inst_acc[i] == MSSA_NONE);   /* one access an instruction */
  uint32_t a = mssa_ssa_new_access(s, (uint8_t)k, b, i);
  s->inst_acc[i] = a;
  mssa_ssa_link_after(s, b, prev, a);
  mssa_access *x = &s->acc.a[a];
  if (k == MSSA_ACC_DEF) {
    x->id = reuse_id != MSSA_NONE ? reuse_id : s->next_id++;
    MSSA_ASSERT(x->id < s->next_id);   /* ids are below the next free one */
    s->ndefs++;
    recompute_lastdef(s, b);
    MSSA_ASSERT(s->lastdef[b] != MSSA_NONE);
  } else {
    s->nuses++;
  }
  if (!reachable(s, b)) {
    s->acc.a[a].def = MSSA_LIVE_ON_ENTRY;
    return a;
  }
  if (k == MSSA_ACC_USE) {
    mssa_vec_push(&c->newuses, a);
    return a;
  }
  add_spliced(c, a);
  add_root(c, b, s->lastdef[b] == a);
  if (!had_def) {
    mssa_u32vec idf = {0};
    mssa_idf(&s->dt, &s->cfg, &b, 1, &idf);
    for (uint32_t j = 0; j < idf.n; j++) {
      uint32_t xb = idf.a[j];
      if (s->phi[xb] != MSSA_NONE) continue;
      phi_create(c, xb);
      add_root(c, xb, !block_has_def(s, xb));
    }
    mssa_vec_free(&idf);
  }
  return a;
}

/* Phase C for removing access a (its instruction may still be in the IR);
** `key` is where it was in the final numbering (udelta). */
static void struct_remove(uctx *c, uint32_t a, uint32_t key) {
  mssa_ssa *s = c->s;
  mssa_access *x = &s->acc.a[a];
  uint32_t b = x->block;
  bool wasdef = x->kind == MSSA_ACC_DEF, waslast = s->lastdef[b] == a;
  if (x->inst != MSSA_NONE && x->inst < s->inst_cap) s->inst_acc[x->inst] = MSSA_NONE;
  mssa_ssa_unlink(s, a);
  x = &s->acc.a[a];
  x->kind = MSSA_ACC_DEAD;
  if (wasdef) s->ndefs--;
  else s->nuses--;
  if (!wasdef) return;
  recompute_lastdef(s, b);
  if (!reachable(s, b)) return;
  add_delta(c, b, key);
  add_spliced(c, a);
  add_root(c, b, waslast);
  if (block_has_def(s, b)) return;
  /* b defines nothing now: drop the phis the remaining defining blocks do
  ** not require (IDF of the defining blocks = phi placement, V6). */
  mssa_u32vec defb = {0}, idf = {0};
  for (uint32_t y = 0; y < s->nblocks; y++)
    if (block_has_def(s, y) && reachable(s, y)) mssa_vec_push(&defb, y);
  mssa_idf(&s->dt, &s->cfg, defb.a, defb.n, &idf);
  uint8_t *want = mssa_xcalloc(s->nblocks ? s->nblocks : 1, 1);
  for (uint32_t j = 0; j < idf.n; j++) want[idf.a[j]] = 1;
  for (uint32_t y = 0; y < s->nblocks; y++) {
    if (s->phi[y] == MSSA_NONE || want[y]) continue;
    phi_remove(c, y);
    add_root(c, y, !block_has_def(s, y));
  }
  free(want);
  mssa_vec_free(&defb);
  mssa_vec_free(&idf);
}

/* Phase C, second half: operands of new phis, then renaming. */
static void struct_finish(uctx *c) {
  memo_reset(c);
  for (uint32_t k = 0; k < c->newphis.n; k++)
    if (c->s->acc.a[c->newphis.a[k]].kind == MSSA_ACC_PHI) phi_fill(c, c->newphis.a[k]);
  for (uint32_t k = 0; k < c->roots.n; k++) propagate(c, c->roots.a[k].b, c->roots.a[k].deep);
}

/* ------------------------------------------------------------- clobbers */

/* Every use re-optimized exactly as a fresh build does (and def walker
** caches dropped): reaching definitions first, then mssa_ssa_optimize_uses. */
static void reoptimize_all(uctx *c) {
  mssa_ssa *s = c->s;
  memo_reset(c);
  for (uint32_t k = 0; k < s->dt.npreorder; k++) {
    uint32_t b = s->dt.preorder[k];
    uint32_t cur = in_of(c, b);
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      mssa_access *x = &s->acc.a[a];
      if (x->kind == MSSA_ACC_PHI) { cur = a; continue; }
      x->optimized = 0;
      x->opt = MSSA_NONE;
      x->ar = MSSA_MAY_ALIAS;
      x->def = cur;
      if (x->kind == MSSA_ACC_DEF) cur = a;
    }
  }
  for (uint32_t b = 0; b < s->nblocks; b++) {
    if (reachable(s, b)) continue;
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      mssa_access *x = &s->acc.a[a];
      x->optimized = 0;
      x->opt = MSSA_NONE;
      x->ar = MSSA_MAY_ALIAS;
      x->def = MSSA_LIVE_ON_ENTRY;
    }
  }
  mssa_ssa_optimize_uses(s);
  mssa_update_counters.reoptimized++;
  mssa_update_counters.uses_requeried += s->nuses;
}

/* ----- which cached clobbers may have changed (invariant 5) ----- */

typedef struct dindex {
  uint32_t *maxk;    /* per block: 1 + largest delta key in it, 0 = none */
  uint32_t *dfs;     /* sorted dfs_in numbers of reachable delta blocks */
  uint32_t ndfs;
  bool any;
} dindex;

static int cmpu32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

static void dindex_build(uctx *c, dindex *d) {
  mssa_ssa *s = c->s;
  d->maxk = mssa_xcalloc(s->nblocks ? s->nblocks : 1, sizeof(uint32_t));
  d->dfs = mssa_xmalloc((c->delta.n ? c->delta.n : 1) * sizeof(uint32_t));
  d->ndfs = 0;
  d->any = c->delta.n != 0;
  for (uint32_t k = 0; k < c->delta.n; k++) {
    uint32_t b = c->delta.a[k].b, key = c->delta.a[k].key;
    if (!reachable(s, b)) continue;
    if (key + 1 > d->maxk[b]) {
      if (!d->maxk[b]) d->dfs[d->ndfs++] = s->dt.dfs_in[b];
      d->maxk[b] = key + 1;
    }
  }
  qsort(d->dfs, d->ndfs, sizeof(uint32_t), cmpu32);
}

static void dindex_free(dindex *d) {
  free(d->maxk);
  free(d->dfs);
}

/* Is some changed access strictly dominated by access x? */
static bool delta_below(const uctx *c, const dindex *d, uint32_t x) {
  const mssa_ssa *s = c->s;
  const mssa_access *X = &s->acc.a[x];
  if (X->kind == MSSA_ACC_LIVE) return d->any;
  uint32_t b = X->block, key = key_of_acc(s, x);
  if (d->maxk[b] > key + 1) return true;
  /* any delta block with dfs_in in (dfs_in[b], dfs_out[b]) */
  uint32_t lo = s->dt.dfs_in[b], hi = s->dt.dfs_out[b];
  uint32_t l = 0, r = d->ndfs;
  while (l < r) {
    uint32_t mid = l + (r - l) / 2;
    if (d->dfs[mid] <= lo) l = mid + 1;
    else r = mid;
  }
  return l < d->ndfs && d->dfs[l] < hi;
}

/*
** May the cached clobber C of some access have changed? The walk that
** found a def C explored only accesses C dominates; one that found a phi C
** explored only accesses dominated by C's walk target (the last def or phi
** of the nearest dominating block that has one: a phi is the answer only
** when the first round of its walk, which stops at that target, was
** blocked). So C stands unless a changed access lies strictly below C (or
** below the target), or the target itself is new.
*/
static bool may_change(uctx *c, const dindex *d, uint32_t cacc) {
  mssa_ssa *s = c->s;
  if (cacc == MSSA_NONE || cacc >= s->acc.n) return true;
  const mssa_access *C = &s->acc.a[cacc];
  if (C->kind == MSSA_ACC_DEAD) return true;
  if (!d->any) return false;          /* no link changed anywhere */
  if (C->kind == MSSA_ACC_LIVE) return true;
  if (C->kind == MSSA_ACC_DEF) return delta_below(c, d, cacc);
  uint32_t dom = s->dt.idom[C->block];
  uint32_t target = dom == MSSA_NONE ? MSSA_LIVE_ON_ENTRY : out_of(c, dom);
  if (target >= c->acc_n0) return true;
  return delta_below(c, d, target);
}


/*
** The cheap case of recomputing use a's clobber (old answer oldc): if the
** def chain from its (new) defining access reaches oldc without meeting a
** phi, the walk is a straight chain: the old defs on it were already known
** not to clobber the use (its old walk passed them -- the chain's old
** accesses are the old chain's, in the same order, minus removed ones), so
** only defs created by this edit need asking. Returns true when it settled
** the answer; false sends the use to the walker.
*/
/*
** The splice case: if the edit only inserted defs into existing chains or
** removed defs from them (no phi added or removed), and none of those defs
** may clobber use a's location -- asked for the location as is and with
** unknown size, which is what phi translation can make of a pointer that
** no phi translation can rewrite (an argument, a global or constant, or a
** value defined in the entry block, which has no phis) -- then every walk
** from a visits the same accesses with the same outcomes, plus or minus
** defs that do not clobber it: its clobber and alias word stand.
*/
/*
** The location of use instruction `inst` as every walk from it sees it
** (false if walks may see others): calls have none (their clobber test
** does not use one); otherwise the pointer must be one no phi translation
** rewrites -- an argument, a global or constant, or a value defined in the
** entry block (which has no phis) -- and such pointers are loop-invariant,
** so translation does not widen the size either.
*/
static bool fixed_loc(mssa_ssa *s, uint32_t inst, mssa_loc *loc, bool *is_call) {
  const mssa_inst *in = &s->f->insts.a[inst];
  *is_call = in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_INVOKE ||
             in->opcode == MSSA_OP_CALLBR;
  loc->ptr = MSSA_VAL_NONE;
  loc->size = MSSA_LOC_UNKNOWN;
  loc->tbaa = loc->scope = loc->noalias = MSSA_NONE;
  if (*is_call) return true;
  if (!mssa_aa_inst_loc(s->aa, inst, loc)) return false;
  mssa_val p = loc->ptr;
  uint32_t k = MSSA_VAL_KIND(p);
  if (k == MSSA_VK_INST) {
    uint32_t pi = MSSA_VAL_INDEX(p);
    if (pi >= s->f->insts.n || s->f->insts.a[pi].block != s->f->entry) return false;
  } else if (k != MSSA_VK_ARG && k != MSSA_VK_GLOBAL && k != MSSA_VK_CONST && k != MSSA_VK_FUNC) {
    return false;
  }
  return !mssa_ssa_trivially_live_on_entry(s, inst);
}

static bool splice_keeps(uctx *c, uint32_t a) {
  mssa_ssa *s = c->s;
  if (c->structural || c->nspliced == 0) return false;
  uint32_t inst = s->acc.a[a].inst;
  bool is_call;
  mssa_loc loc, loc2;
  if (!fixed_loc(s, inst, &loc, &is_call)) return false;
  loc2 = loc;
  loc2.size = MSSA_LOC_UNKNOWN;
  for (uint32_t k = 0; k < c->nspliced; k++) {
    int ar;
    uint32_t x = c->spliced[k];
    if (mssa_def_clobbers(s, x, inst, is_call ? NULL : &loc, &ar)) return false;
    if (!is_call && mssa_def_clobbers(s, x, inst, &loc2, &ar)) return false;
  }
  return true;
}

/* How far the chain case follows a def chain before leaving the use to the
** walker (a bound on work, not on correctness). */
#define CHAIN_MAX_STEPS 100000u

static bool chain_check(uctx *c, uint32_t a, uint32_t oldc, int8_t oldar) {
  mssa_ssa *s = c->s;
  if (oldc == MSSA_NONE || oldc >= c->acc_n0) return false;
  uint8_t ck = s->acc.a[oldc].kind;
  if (ck != MSSA_ACC_DEF && ck != MSSA_ACC_LIVE) return false;
  uint32_t inst = s->acc.a[a].inst;
  bool is_call;
  mssa_loc loc;
  /* The old walk must have seen the same location all the way: otherwise
  ** "passed by the old walk" says nothing about this location (a walk
  ** through a phi may have asked with a translated pointer or unknown size). */
  if (!fixed_loc(s, inst, &loc, &is_call)) return false;
  uint32_t x = s->acc.a[a].def;
  for (uint32_t steps = 0; steps < CHAIN_MAX_STEPS; steps++) {
    const mssa_access *X = &s->acc.a[x];
    if (x == oldc) {
      mssa_access *u = &s->acc.a[a];
      u->def = oldc;
      u->optimized = 1;
      u->ar = oldar;
      return true;
    }
    if (X->kind != MSSA_ACC_DEF) return false; /* a phi, or liveOnEntry not the old answer */
    if (x >= c->acc_n0) {
      int ar = MSSA_MAY_ALIAS;
      if (mssa_def_clobbers(s, x, inst, is_call ? NULL : &loc, &ar)) {
        mssa_access *u = &s->acc.a[a];
        u->def = x;
        u->optimized = 1;
        u->ar = (int8_t)(ar == MSSA_MUST_ALIAS ? MSSA_MUST_ALIAS : MSSA_MAY_ALIAS);
        return true;
      }
    }
    x = X->def;
  }
  return false;
}

/* Blocks where a cached clobber may see the edit: the edit points' blocks
** and, per point k, the blocks reachable from it by at least one edge
** (bit k of mark[]), plus the blocks of new uses; listed once each, in
** discovery order, in *list. */
static void blocks_after_points(uctx *c, uint8_t *mark, mssa_u32vec *list) {
  mssa_ssa *s = c->s;
  uint8_t *listed = mssa_xcalloc(s->nblocks ? s->nblocks : 1, 1);
  mssa_u32vec wl = {0};
  for (uint32_t k = 0; k < c->npts; k++) {
    uint32_t b = c->pts[k].b;
    if (!reachable(s, b)) continue;
    if (!listed[b]) { listed[b] = 1; mssa_vec_push(list, b); }
    wl.n = 0;
    mssa_vec_push(&wl, b);
    while (wl.n) {
      uint32_t y = wl.a[--wl.n];
      for (uint32_t e = s->cfg.succ_off[y]; e < s->cfg.succ_off[y + 1]; e++) {
        uint32_t z = s->cfg.succ[e];
        if (mark[z] & (1u << k)) continue;
        mark[z] |= (uint8_t)(1u << k);
        if (!listed[z]) { listed[z] = 1; mssa_vec_push(list, z); }
        mssa_vec_push(&wl, z);
      }
    }
  }
  /* New uses are computed wherever they are. */
  for (uint32_t k = 0; k < c->newuses.n; k++) {
    uint32_t b = s->acc.a[c->newuses.a[k]].block;
    if (!listed[b]) { listed[b] = 1; mssa_vec_push(list, b); }
  }
  mssa_vec_free(&wl);
  free(listed);
}

/* Must def or use x of block y be asked again (invariant 5)? New uses
** always; otherwise a cached clobber that lies after an edit point and
** may have changed. */
static bool needs_requery(uctx *c, const dindex *di, const uint8_t *mark, uint32_t y,
                          const mssa_access *x) {
  mssa_ssa *s = c->s;
  if (x->kind == MSSA_ACC_USE && !x->optimized && x->def == MSSA_NONE) return true;
  if (x->kind != MSSA_ACC_USE && !x->optimized) return false;
  uint32_t C = x->kind == MSSA_ACC_USE ? (x->optimized ? x->def : MSSA_NONE) : x->opt;
  for (uint32_t k = 0; k < c->npts; k++) {
    const upoint *p = &c->pts[k];
    bool considered = (mark[y] & (1u << k)) || (y == p->b && s->inst_pos[x->inst] >= p->thr);
    if (considered && may_change(c, di, C)) return true;
  }
  return false;
}

/* The uses phase D asks again, with the clobber and alias word they had. */
typedef struct requery {
  MSSA_VEC(uint32_t) use;
  MSSA_VEC(uint32_t) oldc;     /* old clobber, or MSSA_NONE */
  MSSA_VEC(int8_t) oldar;
} requery;

/* Drops the cached clobbers that may have changed in the listed blocks:
** uses go back to their reaching definition and into *rq; defs lose their
** walker cache. */
static void drop_changed_clobbers(uctx *c, const dindex *di, const uint8_t *mark,
                                  const mssa_u32vec *list, requery *rq) {
  mssa_ssa *s = c->s;
  for (uint32_t li = 0; li < list->n; li++) {
    uint32_t y = list->a[li];
    uint32_t cur = in_of(c, y);
    for (uint32_t a = s->first[y]; a != MSSA_NONE; a = s->acc.a[a].next) {
      mssa_access *x = &s->acc.a[a];
      if (x->kind == MSSA_ACC_PHI) { cur = a; continue; }
      bool affected = needs_requery(c, di, mark, y, x);
      if (x->kind == MSSA_ACC_USE) {
        if (affected) {
          mssa_vec_push(&rq->oldc, x->optimized ? x->def : MSSA_NONE);
          mssa_vec_push(&rq->oldar, x->ar);
          x->def = cur;
          x->optimized = 0;
          x->ar = MSSA_MAY_ALIAS;
          mssa_vec_push(&rq->use, a);
        }
      } else {
        if (affected && x->optimized) {
          x->optimized = 0;
          x->opt = MSSA_NONE;
          x->ar = MSSA_MAY_ALIAS;
        }
        cur = a;
      }
    }
  }
}

/* Answers each dropped use again: the splice and chain cases first
** (invariant 6), else the walker. */
static void requery_uses(uctx *c, const requery *rq) {
  mssa_ssa *s = c->s;
  uint32_t walked = 0;
  for (uint32_t k = 0; k < rq->use.n; k++) {
    uint32_t a = rq->use.a[k], oldc = rq->oldc.a[k];
    if (oldc != MSSA_NONE && oldc < c->acc_n0 && s->acc.a[oldc].kind != MSSA_ACC_DEAD &&
        splice_keeps(c, a)) {
      mssa_access *u = &s->acc.a[a];
      u->def = oldc;
      u->optimized = 1;
      u->ar = rq->oldar.a[k];
      continue;
    }
    if (chain_check(c, a, oldc, rq->oldar.a[k])) continue;
    walked++;
    bool no_dominating_def = s->acc.a[a].def == MSSA_LIVE_ON_ENTRY;
    uint32_t limit = s->check_limit;
    mssa_walker_clobber_noig(s, a, &limit);
    /* The build's use optimizer, with nothing but liveOnEntry on its
    ** stack, takes its "cached kill" branch and records MayAlias, where
    ** the walker records no alias word (mssa_optimize.c). Loads that are
    ** trivially live on entry get no word either way. */
    if (no_dominating_def && !mssa_ssa_trivially_live_on_entry(s, s->acc.a[a].inst))
      s->acc.a[a].ar = MSSA_MAY_ALIAS;
  }
  mssa_update_counters.uses_requeried += walked;
}

static void recompute_clobbers(uctx *c) {
  mssa_ssa *s = c->s;
  if (c->reopt) { reoptimize_all(c); return; }
  uint8_t *mark = mssa_xcalloc(s->nblocks ? s->nblocks : 1, 1);
  mssa_u32vec list = {0};
  blocks_after_points(c, mark, &list);
  memo_reset(c);
  dindex di;
  dindex_build(c, &di);
  requery rq;
  memset(&rq, 0, sizeof rq);
  drop_changed_clobbers(c, &di, mark, &list, &rq);
  requery_uses(c, &rq);
  /* Words may change beyond the uses asked again (an earlier use of a
  ** location passes its word on through phis): settled when read. */
  s->words_stale = true;
  mssa_vec_free(&rq.use);
  mssa_vec_free(&rq.oldc);
  mssa_vec_free(&rq.oldar);
  dindex_free(&di);
  free(mark);
  mssa_vec_free(&list);
}

/* Invariant 1, the part cheap enough to check after every edit (under
** MSSA_CHECKS): every def's and use's defining access dominates it and a
** def's is the reaching definition (V4); phi operands are one per incoming
** edge, in a fresh build's order, each the definition reaching its edge
** (V5). */
static void check_edited(const mssa_ssa *s) {
  MSSA_ASSERT(mssa_verify_parts(s, MSSA_VERIFY_DEFS | MSSA_VERIFY_PHIS, NULL, 0) == 0);
  /* Expensive checks: all of it, phi placement at the IDF included. */
  MSSA_EXPENSIVE_ASSERT(mssa_verify(s, NULL, 0) == 0);
}

/* Phases C (second half) and D of an incremental edit, then the context
** is freed. */
static void finish_edit(uctx *c) {
  struct_finish(c);
  recompute_clobbers(c);
  check_edited(c->s);
  mssa_update_counters.edits++;
  if (!c->reopt) mssa_update_counters.incremental++;
  uctx_fini(c);
}

/* ------------------------------------------------------------ rebuilding */

void mssa_update_rebuild(mssa_module *m, mssa_func *f, mssa_ssa *s) {
  mssa_build_opts o;
  memset(&o, 0, sizeof o);
  o.check_limit = s->check_limit == UINT32_MAX ? 0 : s->check_limit;
  o.aa_layers = mssa_aa_layers(s->aa) ? mssa_aa_layers(s->aa) : MSSA_AA_ALL;
  mssa_ssa *n = NULL;
  if (mssa_ssa_build(m, f, &o, &n) != MSSA_OK) return;
  /* Keep ids: defs by instruction, phis by block; the rest get fresh ones. */
  uint32_t next = s->next_id;
  for (uint32_t a = MSSA_LIVE_ON_ENTRY + 1; a < n->acc.n; a++) {
    mssa_access *x = &n->acc.a[a];
    uint32_t id = MSSA_NONE;
    if (x->kind == MSSA_ACC_DEF) {
      uint32_t old = x->inst < s->inst_cap ? s->inst_acc[x->inst] : MSSA_NONE;
      if (old != MSSA_NONE && s->acc.a[old].kind == MSSA_ACC_DEF) id = s->acc.a[old].id;
    } else if (x->kind == MSSA_ACC_PHI) {
      uint32_t old = x->block < s->nblocks ? s->phi[x->block] : MSSA_NONE;
      if (old != MSSA_NONE) id = s->acc.a[old].id;
    } else {
      continue;
    }
    x->id = id != MSSA_NONE ? id : next++;
  }
  n->next_id = next;
  MSSA_ASSERT(next >= s->next_id);   /* a rebuild reuses ids, never hands an old one out twice */
  n->data = s->data;
  n->walker_steps = s->walker_steps;
  /* Swap contents: the caller's pointer stays valid. */
  mssa_ssa tmp = *s;
  *s = *n;
  *n = tmp;
  mssa_ssa_free(n);
  mssa_update_counters.rebuilt++;
  mssa_update_counters.edits++;
  check_edited(s);
}

/* ----------------------------------------------------------- edit ops */

static int check_graph(const mssa_func *f, const mssa_ssa *s) {
  if (!f || !s || s->f != f) return MSSA_EINVAL;
  return MSSA_OK;
}

/* check_graph, and `inst` is a live instruction of f. */
static int check_inst(const mssa_func *f, const mssa_ssa *s, uint32_t inst) {
  int rc = check_graph(f, s);
  if (rc) return rc;
  return mssa_ir_inst_live(f, inst) ? MSSA_OK : MSSA_ENOENT;
}

/* Positions after a move from block b1 to block b2 (or back). */
static void renumber_moved(mssa_ssa *s, const mssa_func *f, uint32_t b1, uint32_t b2) {
  renumber(s, f, b1);
  if (b2 != b1) renumber(s, f, b2);
}

int mssa_update_insert(mssa_module *m, mssa_func *f, mssa_ssa *s, const mssa_inst *proto,
                       const mssa_val *ops, uint32_t nops, mssa_where where, uint32_t anchor,
                       uint32_t *out_id) {
  int rc = check_graph(f, s);
  if (rc) return rc;
  if (!proto) return MSSA_EINVAL;
  if (proto->opcode == MSSA_OP_PHI) /* see mssa_update.h */
    return mssa_ir_refuse(MSSA_WHY_PHI, MSSA_NONE, 0);
  escsnap e;
  esc_begin(&e, s, f, ops, nops);
  uint32_t id;
  uint32_t old_ops = f->ops.n;
  rc = mssa_ir_insert(m, f, proto, ops, nops, where, anchor, &id);
  if (rc) { esc_free(&e); return rc; }
  uint32_t b = f->insts.a[id].block;
  ensure_inst_cap(s, f->insts.n);
  renumber(s, f, b);
  uint32_t bad = undominated_operand(s, f, id);
  if (bad != MSSA_NONE) {
    /* Undo: the new instruction is the last one and has no users. */
    mssa_ir_remove(f, id);
    f->insts.n--;
    f->ops.n = old_ops;
    renumber(s, f, b);
    esc_free(&e);
    return mssa_ir_refuse(MSSA_WHY_OPERAND_NOT_DOMINATING, bad, 0);
  }
  ir_changed(s);
  uctx c;
  uctx_init(&c, m, f, s);
  if (esc_end(&e, s)) c.reopt = true;
  unsigned op = f->insts.a[id].opcode;
  uint32_t a = struct_insert(&c, id, MSSA_NONE);
  if (a == MSSA_NONE && phitrans_visible(op)) c.reopt = true;
  add_point(&c, b, s->inst_pos[id] + 1);
  finish_edit(&c);
  if (out_id) *out_id = id;
  return MSSA_OK;
}

int mssa_update_remove(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst) {
  int rc = check_inst(f, s, inst);
  if (rc) return rc;
  const mssa_inst *in = &f->insts.a[inst];
  if (mssa_opcode_is_terminator(in->opcode)) return mssa_ir_refuse(MSSA_WHY_TERMINATOR, inst, 0);
  uint32_t users = in->type != m->t_void ? mssa_ir_count_users(f, inst) : 0;
  if (users) return mssa_ir_refuse(MSSA_WHY_HAS_USERS, inst, users);
  unsigned op = in->opcode;
  uint32_t b = in->block, pos = s->inst_pos[inst];
  escsnap e;
  esc_begin(&e, s, f, f->ops.a + in->ops, in->nops);
  uctx c;
  uctx_init(&c, m, f, s);
  uint32_t a = mssa_ssa_inst_access(s, inst);
  if (a != MSSA_NONE) struct_remove(&c, a, delta_key_before(pos));
  rc = mssa_ir_remove_unused(f, inst); /* users were ruled out above */
  MSSA_ASSERT(rc == MSSA_OK);
  if (rc) { /* cannot happen after the checks above */
    uctx_fini(&c);
    esc_free(&e);
    return rc;
  }
  renumber(s, f, b);
  ir_changed(s);
  if (esc_end(&e, s)) c.reopt = true;
  if (a == MSSA_NONE && (phitrans_visible(op) || op == MSSA_OP_PHI)) c.reopt = true;
  add_point(&c, b, pos);
  finish_edit(&c);
  return MSSA_OK;
}

int mssa_update_move(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst,
                     mssa_where where, uint32_t anchor) {
  int rc = check_inst(f, s, inst);
  if (rc) return rc;
  uint32_t b1 = f->insts.a[inst].block, pos1 = s->inst_pos[inst];
  uint32_t oprev = f->insts.a[inst].prev, onext = f->insts.a[inst].next;
  rc = mssa_ir_move(f, inst, where, anchor);
  if (rc) return rc;
  uint32_t b2 = f->insts.a[inst].block;
  renumber_moved(s, f, b1, b2);
  bool has_users = f->insts.a[inst].type != m->t_void;
  uint32_t bad_op = undominated_operand(s, f, inst);
  uint32_t bad_user = bad_op == MSSA_NONE && has_users ? undominated_user(s, f, inst) : MSSA_NONE;
  if (bad_op != MSSA_NONE || bad_user != MSSA_NONE) {
    /* Put it back where it was (that position was valid). */
    if (oprev != MSSA_NONE) mssa_ir_move(f, inst, MSSA_AT_AFTER, oprev);
    else if (onext != MSSA_NONE) mssa_ir_move(f, inst, MSSA_AT_BEFORE, onext);
    else mssa_ir_move(f, inst, MSSA_AT_END, b1);
    renumber_moved(s, f, b1, b2);
    return bad_op != MSSA_NONE ? mssa_ir_refuse(MSSA_WHY_OPERAND_NOT_DOMINATING, bad_op, 0)
                               : mssa_ir_refuse(MSSA_WHY_USER_NOT_DOMINATED, bad_user, 0);
  }
  ir_changed(s);
  uctx c;
  uctx_init(&c, m, f, s);
  uint32_t a = mssa_ssa_inst_access(s, inst);
  /* A moved value that others use (e.g. a loaded pointer) changes loop
  ** invariance as phi translation sees it: re-optimize everything. */
  if (has_users && mssa_ir_has_users(f, inst)) c.reopt = true;
  if (a != MSSA_NONE) {
    uint32_t id = s->acc.a[a].kind == MSSA_ACC_DEF ? s->acc.a[a].id : MSSA_NONE;
    uint32_t q = s->inst_pos[inst];
    struct_remove(&c, a, b1 == b2 && q < pos1 ? delta_key_before(pos1 + 1) : delta_key_before(pos1));
    struct_insert(&c, inst, id);
  } else {
    /* Loop invariance and phi translation look at where values are
    ** defined: re-optimize everything. */
    c.reopt = true;
  }
  add_point(&c, b1, b1 == b2 ? (pos1 < s->inst_pos[inst] ? pos1 : s->inst_pos[inst]) : pos1);
  add_point(&c, b2, s->inst_pos[inst] + 1);
  finish_edit(&c);
  return MSSA_OK;
}

int mssa_update_set_operand(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst,
                            uint32_t k, mssa_val v) {
  int rc = check_inst(f, s, inst);
  if (rc) return rc;
  const mssa_inst *in = &f->insts.a[inst];
  if (k >= in->nops) return mssa_ir_refuse(MSSA_WHY_NO_SUCH_OPERAND, inst, in->nops);
  mssa_val old = f->ops.a[in->ops + k];
  rc = mssa_ir_set_operand(m, f, inst, k, v);
  if (rc) return rc;
  uint32_t bad = MSSA_VAL_KIND(v) == MSSA_VK_INST ? undominated_operand(s, f, inst) : MSSA_NONE;
  if (bad != MSSA_NONE) {
    mssa_ir_set_operand(m, f, inst, k, old);
    return mssa_ir_refuse(MSSA_WHY_OPERAND_NOT_DOMINATING, bad, 0);
  }
  in = &f->insts.a[inst];
  if (mssa_opcode_is_terminator(in->opcode)) {
    ir_changed(s);
    mssa_update_rebuild(m, f, s);
    return MSSA_OK;
  }
  uint32_t b = in->block, pos = s->inst_pos[inst];
  uctx c;
  uctx_init(&c, m, f, s);
  uint32_t a = mssa_ssa_inst_access(s, inst);
  /* Access kinds depend on the instruction's own operands only (callee
  ** attributes); ask with fresh AA state. */
  ir_changed(s);
  int nk = mssa_ssa_access_kind(s, inst);
  if (a == MSSA_NONE && nk == MSSA_ACC_NONE) {
    /* A non-memory instruction now computes something else: every
    ** location derived from it may have changed. */
    c.reopt = true;
  } else {
    /* Memory instruction: its own access is replaced (its kind, location
    ** or callee may have changed); escape states may have changed too. */
    escsnap e;
    mssa_val tmp[2] = {old, v};
    mssa_ir_set_operand(m, f, inst, k, old);
    ir_changed(s);
    esc_begin(&e, s, f, tmp, 2);
    mssa_ir_set_operand(m, f, inst, k, v);
    ir_changed(s);
    uint32_t id = MSSA_NONE;
    c.structural = true; /* the old access's instruction now reads otherwise */
    if (a != MSSA_NONE) {
      if (s->acc.a[a].kind == MSSA_ACC_DEF) id = s->acc.a[a].id;
      struct_remove(&c, a, delta_key_before(pos + 1));
    }
    if (esc_end(&e, s)) c.reopt = true;
    struct_insert(&c, inst, id);
    add_point(&c, b, pos);
  }
  finish_edit(&c);
  return MSSA_OK;
}

/* CFG edits: the graph is checked before the IR edit, and rebuilt (in
** place, ids of surviving accesses kept) once the edit is made. */
static int cfg_edited(mssa_module *m, mssa_func *f, mssa_ssa *s, int edit_rc) {
  if (edit_rc) return edit_rc;
  ir_changed(s);
  mssa_update_rebuild(m, f, s);
  return MSSA_OK;
}

int mssa_update_set_terminator(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block,
                               const mssa_inst *proto, const mssa_val *ops, uint32_t nops,
                               uint32_t *out_id) {
  int rc = check_graph(f, s);
  return rc ? rc : cfg_edited(m, f, s, mssa_ir_set_terminator(m, f, block, proto, ops, nops, out_id));
}

int mssa_update_add_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t after,
                          uint32_t name, uint32_t *out_block) {
  int rc = check_graph(f, s);
  return rc ? rc : cfg_edited(m, f, s, mssa_ir_add_block(m, f, after, name, out_block));
}

int mssa_update_remove_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block) {
  int rc = check_graph(f, s);
  return rc ? rc : cfg_edited(m, f, s, mssa_ir_remove_block(f, block));
}

int mssa_update_split_edge(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t from,
                           uint32_t to, uint32_t *out_block) {
  int rc = check_graph(f, s);
  return rc ? rc : cfg_edited(m, f, s, mssa_ir_split_edge(m, f, from, to, out_block));
}

int mssa_update_split_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t at,
                            uint32_t *out_block) {
  int rc = check_graph(f, s);
  return rc ? rc : cfg_edited(m, f, s, mssa_ir_split_block(m, f, at, out_block));
}

void mssa_update_reoptimize(mssa_module *m, mssa_func *f, mssa_ssa *s) {
  if (check_graph(f, s)) return;
  uctx c;
  uctx_init(&c, m, f, s);
  reoptimize_all(&c);
  uctx_fini(&c);
  check_edited(s);
}
