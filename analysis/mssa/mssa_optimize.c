/*
** mssa_optimize.c -- use optimization at build time (LLVM 14's
** MemorySSA::OptimizeUses).
**
** One walk of the dominator tree in preorder keeps a stack of the defs and
** phis that dominate the current point (liveOnEntry at the bottom). For each
** MemoryUse it searches the stack downwards for a clobber. Searches are shared
** between uses of the same location (or the same call): per location we keep
** how far down the last search went (LowerBound) and where it stopped
** (LastKill), invalidated by epochs when the stack is pushed or popped.
** Reaching a phi, it asks the walker and resumes at the walker's answer.
**
** Invariants:
**   1. stack[0] is liveOnEntry; every stack entry dominates the current block.
**   2. For a location L with valid info, no def strictly between
**      stack[LastKill] and stack[top] (as of L's StackEpoch) clobbers L.
**   3. The alias word recorded on each use follows LLVM 14 to the letter,
**      including its quirks: a result reached through a phi keeps the alias
**      result recorded by an earlier use of the same location, and
**      liveOnEntry reached by the search prints no alias word.
**   4. Replay (mssa_ssa_settle_words) runs the same walk over the same
**      stack and per-location state, but knows each use's clobber D: the
**      search meets the highest phi above LowerBound first if that phi is
**      not below D (the phi branch), else stops at D if D is above
**      LowerBound (the def branch, the only alias query), else runs out
**      (the cached-kill branch). Same branches, same state, same words.
**   5. The walker keeps a memo of its phi searches and of the defs' mod/ref
**      answers (walker.c invariants 6 and 7)
**      for the length of one search run: that run changes only the uses'
**      clobbers, which no search reads.
*/
#include "mssa/mssa.h"

#include <string.h>

#include "base/check.h"

typedef struct locinfo {
  uint64_t stack_epoch, pop_epoch;
  uint32_t lower_bound;
  uint32_t lower_bound_block;   /* MSSA_NONE = unset */
  uint32_t last_kill;
  uint8_t last_kill_valid;
  int8_t ar;                    /* alias word, or MSSA_AR_NONE */
  int8_t live_entry;            /* a load of it is trivially live on entry:
                                   1 yes, 0 no, -1 not asked yet */
  uint32_t key_inst;            /* the use instruction that created the entry */
  uint32_t chain;               /* next entry with the same hash, MSSA_NONE */
} locinfo;

typedef struct optctx {
  mssa_ssa *s;
  MSSA_VEC(locinfo) infos;
  mssa_u64map by_hash;          /* hash -> first locinfo */
  MSSA_VEC(uint32_t) stack;
  MSSA_VEC(uint32_t) topphi;    /* per stack slot: highest phi slot <= it, or MSSA_NONE */
  uint32_t *slot;               /* replay: access -> its last stack slot */
  uint64_t stack_epoch;         /* bumped at every push */
  uint64_t pop_epoch;           /* bumped at every pop of a block's entries */
} optctx;

/* Key of a use: its location, or for a call its callee and arguments. */
typedef struct usekey {
  bool is_call;
  mssa_loc loc;
} usekey;

static void key_of(mssa_ssa *s, uint32_t inst, usekey *k) {
  const mssa_inst *in = &s->f->insts.a[inst];
  memset(k, 0, sizeof *k);
  if (in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_INVOKE ||
      in->opcode == MSSA_OP_CALLBR) {
    k->is_call = true;
    return;
  }
  if (!mssa_aa_inst_loc(s->aa, inst, &k->loc)) {
    k->loc.ptr = MSSA_VAL_NONE;
    k->loc.size = MSSA_LOC_UNKNOWN;
    k->loc.tbaa = k->loc.scope = k->loc.noalias = MSSA_NONE;
  }
}

static uint64_t key_hash(mssa_ssa *s, uint32_t inst, const usekey *k) {
  if (!k->is_call) {
    uint64_t v[] = {k->loc.ptr, k->loc.size, k->loc.tbaa, k->loc.scope, k->loc.noalias};
    return mssa_hash_words(v, sizeof v / sizeof v[0]) | 1; /* odd: never collides with calls' even */
  }
  const mssa_inst *in = &s->f->insts.a[inst];
  uint32_t nargs = mssa_call_nargs(in);
  const mssa_val *ops = mssa_inst_ops(s->f, in);
  return mssa_hash(ops, (size_t)(nargs + 1) * sizeof(mssa_val)) & ~1ull;
}

static bool key_equal(mssa_ssa *s, uint32_t a, const usekey *ka, uint32_t b) {
  usekey kb;
  key_of(s, b, &kb);
  if (ka->is_call != kb.is_call) return false;
  if (!ka->is_call)
    return ka->loc.ptr == kb.loc.ptr && ka->loc.size == kb.loc.size &&
           ka->loc.tbaa == kb.loc.tbaa && ka->loc.scope == kb.loc.scope &&
           ka->loc.noalias == kb.loc.noalias;
  const mssa_inst *x = &s->f->insts.a[a], *y = &s->f->insts.a[b];
  uint32_t n = mssa_call_nargs(x);
  if (n != mssa_call_nargs(y)) return false;
  return memcmp(mssa_inst_ops(s->f, x), mssa_inst_ops(s->f, y),
                (size_t)(n + 1) * sizeof(mssa_val)) == 0;
}

static locinfo *lookup(optctx *c, uint32_t inst, const usekey *k) {
  uint64_t h = key_hash(c->s, inst, k);
  uint32_t head = mssa_u64map_get(&c->by_hash, h);
  for (uint32_t i = head; i != MSSA_NONE; i = c->infos.a[i].chain)
    if (key_equal(c->s, inst, k, c->infos.a[i].key_inst)) return &c->infos.a[i];
  locinfo li;
  memset(&li, 0, sizeof li);
  li.lower_bound_block = MSSA_NONE;
  li.ar = MSSA_AR_NONE;
  li.live_entry = -1;
  li.key_inst = inst;
  li.chain = head;
  mssa_vec_push(&c->infos, li);
  mssa_u64map_put(&c->by_hash, h, c->infos.n - 1);
  return &c->infos.a[c->infos.n - 1];
}

static uint32_t acc_block(const mssa_ssa *s, uint32_t a) { return s->acc.a[a].block; }

/* Brings the search state of location `li` up to date for block bb: a pop
** since its last use may have removed the stack entries its LowerBound
** pointed into (unless that block still dominates bb). */
static void refresh_locinfo(optctx *c, locinfo *li, uint32_t bb) {
  mssa_ssa *s = c->s;
  if (li->pop_epoch != c->pop_epoch) {
    li->pop_epoch = c->pop_epoch;
    li->stack_epoch = c->stack_epoch;
    if (li->lower_bound_block != MSSA_NONE && li->lower_bound_block != bb &&
        !mssa_dt_dominates(&s->dt, li->lower_bound_block, bb)) {
      li->lower_bound = 0;
      li->lower_bound_block = acc_block(s, c->stack.a[0]);
      li->last_kill_valid = 0;
    }
  } else if (li->stack_epoch != c->stack_epoch) {
    li->pop_epoch = c->pop_epoch;
    li->stack_epoch = c->stack_epoch;
  }
  if (!li->last_kill_valid) {
    li->last_kill = c->stack.n - 1;
    li->last_kill_valid = 1;
    li->ar = MSSA_MAY_ALIAS;
  }
}

/* The search state of use `a`'s location, brought up to date for block
** bb; NULL when the search does not run: a use trivially live on entry
** (clobber and word set here) or one beyond the check limit. */
static locinfo *begin_use(optctx *c, uint32_t a, uint32_t bb, usekey *key) {
  mssa_ssa *s = c->s;
  mssa_access *mu = &s->acc.a[a];
  const mssa_inst *in = &s->f->insts.a[mu->inst];
  locinfo *li = NULL;
  bool live = in->opcode == MSSA_OP_LOAD && (in->flags & MSSA_IF_INVARIANT_LOAD);
  if (!live) {
    key_of(s, mu->inst, key);
    li = lookup(c, mu->inst, key);
    /* mssa_ssa_trivially_live_on_entry, its location's part asked once per
    ** location (a load's key is its location). Making the entry first
    ** changes nothing: a fresh entry is what a later use would make. */
    if (in->opcode == MSSA_OP_LOAD && key->loc.ptr != MSSA_VAL_NONE) { /* key_of found its location */
      if (li->live_entry < 0) li->live_entry = !(mssa_aa_modref_mask(s->aa, &key->loc) & MSSA_MR_MOD);
      live = li->live_entry;
    }
  }
  if (live) {
    mu->def = MSSA_LIVE_ON_ENTRY;
    mu->optimized = 1;
    mu->ar = MSSA_AR_NONE;
    return NULL;
  }
  refresh_locinfo(c, li, bb);
  if (c->stack.n - 1 - li->lower_bound > s->check_limit) {
    /* Too many stores to disambiguate: leave the use unoptimized. */
    li->last_kill_valid = 0;
    return NULL;
  }
  return li;
}

/* The end of a search that stopped at stack slot `upper` (found: at a
** clobber): updates the location's state and returns the use's clobber. */
static uint32_t end_use(optctx *c, locinfo *li, uint32_t upper, bool found, uint32_t bb) {
  mssa_ssa *s = c->s;
  uint32_t res;
  if (found || upper < li->last_kill) {
    if (s->acc.a[c->stack.a[upper]].kind == MSSA_ACC_LIVE) li->ar = MSSA_AR_NONE;
    res = c->stack.a[upper];
    li->last_kill = upper;
  } else {
    res = c->stack.a[li->last_kill];
  }
  li->lower_bound = c->stack.n - 1;
  li->lower_bound_block = bb;
  return res;
}

/* Optimizes use `a` of block bb: searches the stack downwards from its top
** to the location's LowerBound for a clobber (asking the walker at a phi). */
static void optimize_use(optctx *c, uint32_t a, uint32_t bb) {
  mssa_ssa *s = c->s;
  usekey key;
  locinfo *li = begin_use(c, a, bb, &key);
  if (!li) return;
  uint32_t upper = c->stack.n - 1;
  bool found = false;
  uint32_t limit = s->check_limit;
  while (upper > li->lower_bound) {
    uint32_t cand = c->stack.a[upper];
    if (s->acc.a[cand].kind == MSSA_ACC_PHI) {
      uint32_t res = mssa_walker_clobber_noig(s, a, &limit);
      while (c->stack.a[upper] != res && upper > 0) --upper;
      found = true;
      break;
    }
    int ar = MSSA_AR_NONE;
    if (mssa_def_clobbers(s, cand, s->acc.a[a].inst, key.is_call ? NULL : &key.loc, &ar)) {
      found = true;
      li->ar = (int8_t)ar;
      break;
    }
    --upper;
  }
  mssa_access *mu = &s->acc.a[a];
  mu->def = end_use(c, li, upper, found, bb);
  mu->optimized = 1;
  mu->ar = li->ar;
}

/* Replays use `a`'s search knowing its clobber (invariant 4): sets its
** alias word only. */
static void replay_use(optctx *c, uint32_t a, uint32_t bb) {
  mssa_ssa *s = c->s;
  mssa_access *mu = &s->acc.a[a];
  if (!mu->optimized) return;   /* the walker or a budget left it: no word to settle */
  uint32_t clobber = mu->def;
  usekey key;
  locinfo *li = begin_use(c, a, bb, &key);
  if (!li) return;
  uint32_t top = c->stack.n - 1;
  uint32_t d = c->slot[clobber];
  if (d >= c->stack.n || c->stack.a[d] != clobber) d = 0;
  uint32_t ph = c->topphi.a[top];
  bool found = true;
  uint32_t upper = d;
  if (ph != MSSA_NONE && ph > li->lower_bound && ph >= d) {
    /* the phi branch: the walker's answer, the word stays */
  } else if (d > li->lower_bound) {
    int ar = MSSA_AR_NONE;
    if (mssa_def_clobbers(s, clobber, mu->inst, key.is_call ? NULL : &key.loc, &ar))
      li->ar = (int8_t)ar;
  } else {
    found = false;
    upper = li->lower_bound;
  }
  end_use(c, li, upper, found, bb);
  s->acc.a[a].ar = li->ar;
}

static void stack_push(optctx *c, uint32_t a) {
  uint32_t below = c->stack.n ? c->topphi.a[c->stack.n - 1] : MSSA_NONE;
  mssa_vec_push(&c->stack, a);
  c->topphi.n = c->stack.n - 1;
  mssa_vec_push(&c->topphi, c->s->acc.a[a].kind == MSSA_ACC_PHI ? c->stack.n - 1 : below);
  if (c->slot) c->slot[a] = c->stack.n - 1;
}

static void optimize_block(optctx *c, uint32_t bb) {
  mssa_ssa *s = c->s;
  if (s->first[bb] == MSSA_NONE) return;
  /* Pop what does not dominate this block. */
  for (;;) {
    uint32_t back = acc_block(s, c->stack.a[c->stack.n - 1]);
    if (mssa_dt_dominates(&s->dt, back, bb)) break;
    while (c->stack.n > 1 && acc_block(s, c->stack.a[c->stack.n - 1]) == back) c->stack.n--;
    ++c->pop_epoch;
    if (c->stack.n == 1 && !mssa_dt_dominates(&s->dt, acc_block(s, c->stack.a[0]), bb)) break;
  }
  MSSA_ASSERT(c->stack.a[0] == MSSA_LIVE_ON_ENTRY); /* invariant 1 */
  for (uint32_t a = s->first[bb]; a != MSSA_NONE; a = s->acc.a[a].next) {
    if (s->acc.a[a].kind != MSSA_ACC_USE) {
      stack_push(c, a);
      ++c->stack_epoch;
      continue;
    }
    if (c->slot) replay_use(c, a, bb);
    else if (!s->acc.a[a].optimized) optimize_use(c, a, bb);
  }
}

/* The walk of both modes: replay when `replay`. */
static void run(mssa_ssa *s, bool replay) {
  optctx c;
  memset(&c, 0, sizeof c);
  c.s = s;
  if (replay) c.slot = mssa_xcalloc(s->acc.n ? s->acc.n : 1, sizeof *c.slot);
  stack_push(&c, MSSA_LIVE_ON_ENTRY);
  c.stack_epoch = c.pop_epoch = 1;
  /* Uses of one location in many blocks below one phi (a switch in a loop)
  ** each run the same phi search: the walker answers repeats from a memo. */
  if (!replay) mssa_walker_memo_begin(s);
  for (uint32_t k = 0; k < s->dt.npreorder; k++) optimize_block(&c, s->dt.preorder[k]);
  if (!replay) mssa_walker_memo_end(s);
  free(c.slot);
  mssa_vec_free(&c.infos);
  mssa_vec_free(&c.stack);
  mssa_vec_free(&c.topphi);
  mssa_u64map_free(&c.by_hash);
}

void mssa_ssa_optimize_uses(mssa_ssa *s) {
  run(s, false);
  s->words_stale = false;
}

void mssa_ssa_settle_words(mssa_ssa *s) {
  if (!s->words_stale) return;
  run(s, true);
  s->words_stale = false;
}
