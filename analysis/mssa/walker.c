/*
** walker.c -- clobber queries over MemorySSA (LLVM 14's ClobberWalker and
** CachingWalker).
**
** A query starts at an access's defining access and follows the def chain.
** A def that may clobber the query's location ends the walk. Reaching a phi,
** the walker tries to prove that every path above the phi reaches the same
** clobber at or above the phi's "walk target" (the last def or phi of the
** nearest dominating block that has one). Paths are searched depth-first
** with the location translated across each phi; a path that finds a clobber
** not dominating the target blocks the optimization and the phi itself is
** the answer. Otherwise the nearest of the clobbers found is the answer, or
** the search continues from the next phi up.
**
** Invariants:
**   1. Answers equal LLVM 14's with the same budget (UINT32_MAX = unlimited).
**   2. Iterative: paths live in an array linked by `prev` indices; there is
**      no recursion over the graph.
**   3. A query caches its answer only on the access it was asked about (the
**      "optimized" access), as LLVM does; the location form caches nothing.
**   4. The search state (paths, visited set) is reset after every query.
**      It starts in fixed buffers inside the walker, on the stack, and moves
**      to the heap only when a query outgrows them: most queries search a
**      few paths, and a malloc/realloc/free round per query showed in
**      profiles (3-6% of a whole build). The heap buffers of the paths and
**      the visited set outlive the query in a process-wide spare slot (up
**      to WALK_SPARE_MAX bytes each), so large searches do not regrow and
**      first-touch fresh memory query after query; a slot is taken and
**      given back by atomic exchange, so concurrent builds stay safe.
**   5. Every entry point takes a live access (not MSSA_ACC_DEAD); a phi and
**      liveOnEntry are their own clobbers; a def chain holds only defs and
**      ends at a phi or liveOnEntry (checked under MSSA_CHECKS).
**   6. With a memo (mssa_walker_memo_begin), a phi search (try_optimize_phi)
**      is answered from an earlier one with the same phi, location and query
**      kind (memo_kind) if that one took fewer steps than the budget left:
**      the search depends on nothing else (not on where the query started
**      nor which use asked; each alias query is fresh, aa.c invariant 1),
**      and a budget it never ran out of did not steer it. The budget and
**      walker_steps are charged its steps, as if it had run again. A search
**      that ran out of budget is not kept.
**   7. With a memo, mssa_def_clobbers asks alias analysis once per (def,
**      location): its answer is a function of the two alone (aa.c
**      invariant 1; escape state is cached flow-insensitively). Locations
**      are interned in the memo, so an answer costs one 12-byte map slot:
**      the memo must not raise the build's peak memory (README's goal).
**   8. The memo is bounded: at most MEMO_ENTRIES_MAX phi searches and
**      locations and MEMO_MODREF_MAX mod/ref answers a function. Past a cap
**      it keeps nothing new; a full mod/ref map is no longer even asked (a
**      lookup that misses costs a cache miss, more than most answers it
**      would save), phi searches still are. Straight-line
**      code of n stores and n loads asks n*n distinct (def, location)
**      pairs, none twice: unbounded, the memo took 1.2 GB and 17.5 s (in
**      the checked build) for n = 6000, where the build without a memo
**      needs 6.7 MB. No Lua function's memo reaches 20,000 answers.
**   9. Phi translation follows the module's LLVM. LLVM 14: a location whose
**      pointer is loop-variant before translation gets an unknown size on
**      every edge, and once any edge of a phi search translated its
**      address, meeting an (access, location) pair a second time blocks the
**      phi (the phi is the answer; PR46156). LLVM 15 does the same
**      (MSSA__LLVM_PHI_SIZE_AFTER; measured with opt-15). LLVM 16 and newer
**      (checked against opt-16, opt-19 and opt-22): the size becomes
**      unknown when the pointer after translation is loop-variant, and a
**      revisited pair is simply dropped.
*/
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "mssa/mssa.h"
#include "alias/phitrans.h"
#include "base/oom.h"
#include "base/check.h"

/* LLVM's DefPath: a stretch of a def chain searched for one location, from
** `first` (where the search entered) to `last` (how far it got). Paths form
** a tree through `prev`, so a blocked search can say which phi operand it
** came in by. */
typedef struct defpath {
  mssa_loc loc;           /* the location, as translated along this path */
  uint32_t first, last;
  uint32_t prev;          /* index of the path this one continues, or MSSA_NONE */
} defpath;

/* One query: what is asked about and how (LLVM's UpwardsMemoryQuery). */
typedef struct walkq {
  bool is_call;           /* the query instruction is a call */
  bool skip_self;
  int ar;                 /* alias result of a fast-path hit */
  mssa_loc loc;           /* starting location (empty for calls) */
  uint32_t inst;          /* query instruction or MSSA_NONE (location form) */
  uint32_t orig;          /* access the query is about */
} walkq;

/* An (access, location) pair the phi search has entered, in a set chained
** by hash (LLVM's VisitedPhis), so no path is searched twice. */
typedef struct visit {
  uint32_t acc;
  mssa_loc loc;
  uint32_t chain;         /* next entry with the same hash, or MSSA_NONE */
} visit;

/* Inline capacities of the walker's vectors (invariant 4). */
/* The first LLVM whose phi search judges loop variance after translation
** and drops revisited pairs (invariant 9); the two changes were measured
** together: opt-15 behaves as LLVM 14 in both, opt-16 as current LLVM. */
#define MSSA__LLVM_PHI_SIZE_AFTER 16u

#define WALK_INLINE_PATHS 64u
#define WALK_INLINE_VISITS 32u
/* Up to this many visits the set is searched linearly; the hash index is
** built when it grows past it. */
#define WALK_VISIT_SCAN 16u

/* A vector whose first `N` elements live in `buf`; `a` points at `buf`
** until it outgrows it (the struct must not be copied). */
#define SVEC(T, N) struct { T *a; uint32_t n, cap; T buf[N]; }
#define svec_init(v) ((v)->a = (v)->buf, (v)->n = 0, \
                      (v)->cap = (uint32_t)(sizeof (v)->buf / sizeof (v)->buf[0]))
#define svec_push(v, x)                                                           \
  do {                                                                            \
    if ((v)->n == (v)->cap) svec_grow((void **)&(v)->a, &(v)->cap, (v)->buf, sizeof *(v)->a); \
    (v)->a[(v)->n++] = (x);                                                       \
  } while (0)
#define svec_free(v) do { if ((v)->a != (v)->buf) free((v)->a); } while (0)

/* Doubles the capacity of a SVEC, moving it off its inline buffer. */
static void svec_grow(void **a, uint32_t *cap, void *buf, size_t sz) {
  uint32_t old = *cap;
  if (*a == buf) {
    void *p = mssa_xmalloc((size_t)old * 2 * sz);
    memcpy(p, buf, (size_t)old * sz);
    *a = p;
    *cap = old * 2;
  } else {
    mssa_grow(a, cap, old + 1, sz);
  }
}

/* A heap buffer larger than this is freed after its query, not kept. */
#define WALK_SPARE_MAX ((size_t)4 << 20)

/* Spare heap buffers of a finished query's paths and visits (invariant
** 4). A kept buffer holds its capacity, as a uint32_t, in its first bytes. */
static _Atomic(void *) spare_paths, spare_visits;

/* Gives a SVEC the spare buffer of `slot`, if there is one. */
static void spare_take(_Atomic(void *) *slot, void **a, uint32_t *cap) {
  void *p = atomic_exchange(slot, NULL);
  if (!p) return;
  mssa_oom_adopt(p);   /* the query's now: swept if it fails (base/oom.h) */
  memcpy(cap, p, sizeof *cap);
  *a = p;
}

/* Keeps a SVEC's heap buffer in `slot` if small enough and the slot is
** empty; frees it otherwise. */
static void spare_give(_Atomic(void *) *slot, void *a, void *buf, uint32_t cap, size_t sz) {
  if (a == buf) return;
  void *expected = NULL;
  if ((size_t)cap * sz <= WALK_SPARE_MAX) {
    memcpy(a, &cap, sizeof cap);
    mssa_oom_keep(a);   /* the slot outlives the query's recovery scope */
    if (atomic_compare_exchange_strong(slot, &expected, a)) return;
    mssa_oom_adopt(a);   /* not kept after all: freed below as the query's */
  }
  free(a);
}

/* The search state of one query (LLVM's ClobberWalker); reset after it. */
typedef struct walker {
  mssa_ssa *s;
  walkq *q;
  uint32_t *limit;
  SVEC(defpath, WALK_INLINE_PATHS) paths;
  SVEC(visit, WALK_INLINE_VISITS) visits;
  mssa_u64map visit_head; /* empty while visits.n <= WALK_VISIT_SCAN */
  bool translated;        /* PerformedPhiTranslation */
} walker;

/* Where walkToPhiOrClobber stopped: at a clobber (`known`, with its alias
** word) or at a phi / stop point (not known). */
typedef struct wres {
  uint32_t result;
  bool known;
  int ar;
} wres;

/* A path that ended at a clobber (LLVM's TerminatedPath): the clobber and
** the index of the path. */
typedef struct tpath {
  uint32_t clobber;
  uint32_t node;
} tpath;

/* Inline capacity of try_optimize_phi's work lists (invariant 4). */
#define WALK_INLINE_LIST 16u
typedef SVEC(tpath, WALK_INLINE_LIST) tpathvec;
typedef SVEC(uint32_t, WALK_INLINE_LIST) pathlist;

static bool is_call_op(unsigned op) {
  return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR;
}

static bool loc_eq(const mssa_loc *a, const mssa_loc *b) {
  return a->ptr == b->ptr && a->size == b->size && a->tbaa == b->tbaa &&
         a->scope == b->scope && a->noalias == b->noalias;
}

/* areLoadsReorderable(Use, MayClobber). */
static bool loads_reorderable(const mssa_inst *use, const mssa_inst *clob) {
  bool vu = use->flags & MSSA_IF_VOLATILE, vc = clob->flags & MSSA_IF_VOLATILE;
  if (vu && vc) return false;
  bool seqcst_use = use->ordering == MSSA_AO_SEQCST;
  bool clob_acquire = clob->ordering >= MSSA_AO_ACQUIRE && clob->ordering != MSSA_AO_RELEASE;
  return !(seqcst_use || clob_acquire);
}

/* ------------------------------------------------------------ the memo */

/* A remembered phi search (invariant 6: kind 0-7, memo_kind) with its
** answer and step count, or an interned location (MEMO_LOC, invariant 7). */
typedef struct memo_ent {
  mssa_loc loc;
  uint32_t acc, kind;     /* the phi (0 for a location), and the kind */
  uint32_t result, steps;
  uint32_t chain;         /* next entry with the same hash, or MSSA_NONE */
} memo_ent;

#define MEMO_LOC 8u
#define MEMO_ENTRIES_MAX (1u << 16)   /* invariant 8 */
#define MEMO_MODREF_MAX  (1u << 17)

struct mssa_walk_memo {
  MSSA_VEC(memo_ent) e;
  mssa_u64map head;       /* hash -> first entry */
  mssa_u64map modref;     /* def << 32 | location's entry -> mod/ref answer */
  uint32_t last_loc;      /* entry of the location asked last, or MSSA_NONE */
};

void mssa_walker_memo_begin(mssa_ssa *s) {
  MSSA_ASSERT(!s->walk_memo);
  s->walk_memo = mssa_xcalloc(1, sizeof *s->walk_memo);
  s->walk_memo->last_loc = MSSA_NONE;
}

void mssa_walker_memo_end(mssa_ssa *s) {
  struct mssa_walk_memo *m = s->walk_memo;
  if (!m) return;
  mssa_vec_free(&m->e);
  mssa_u64map_free(&m->head);
  mssa_u64map_free(&m->modref);
  free(m);
  s->walk_memo = NULL;
}

/* The entry for (acc, kind, loc) or NULL; *h and *head are what memo_add
** needs to add it. */
static const memo_ent *memo_find(const struct mssa_walk_memo *m, uint32_t acc, uint32_t kind,
                                 const mssa_loc *l, uint64_t *h, uint32_t *head) {
  uint64_t v[] = {acc, kind, l->ptr, l->size, l->tbaa, l->scope, l->noalias};
  *h = mssa_hash_words(v, sizeof v / sizeof v[0]);
  *head = mssa_u64map_get(&m->head, *h);
  for (uint32_t i = *head; i != MSSA_NONE; i = m->e.a[i].chain) {
    const memo_ent *e = &m->e.a[i];
    if (e->acc == acc && e->kind == kind && loc_eq(&e->loc, l)) return e;
  }
  return NULL;
}

/* Adds `e` (its chain: memo_find's *head) under hash h; false once the
** memo is full (invariant 8). */
static bool memo_add(struct mssa_walk_memo *m, uint64_t h, const memo_ent *e) {
  if (m->e.n >= MEMO_ENTRIES_MAX) return false;
  mssa_vec_push(&m->e, *e);
  mssa_u64map_put(&m->head, h, m->e.n - 1);
  return true;
}

/* The memo's entry for location l (added if new; MSSA_NONE if new and the
** memo is full). A walk asks about one location def after def: the last
** one is checked first. */
static uint32_t memo_loc(struct mssa_walk_memo *m, const mssa_loc *l) {
  if (m->last_loc != MSSA_NONE && loc_eq(&m->e.a[m->last_loc].loc, l)) return m->last_loc;
  uint64_t h;
  uint32_t head;
  const memo_ent *e = memo_find(m, 0, MEMO_LOC, l, &h, &head);
  if (e) {
    m->last_loc = (uint32_t)(e - m->e.a);
  } else {
    memo_ent n = {*l, 0, MEMO_LOC, 0, 0, head};
    if (!memo_add(m, h, &n)) return MSSA_NONE;
    m->last_loc = m->e.n - 1;
  }
  return m->last_loc;
}

/* mssa_aa_modref_loc of def `def` (instruction di), through the memo when
** there is one (invariant 7): 12 bytes of map a remembered answer. */
static unsigned modref_loc(mssa_ssa *s, uint32_t def, uint32_t di, const mssa_loc *loc) {
  struct mssa_walk_memo *m = s->walk_memo;
  uint32_t li = m && m->modref.n < MEMO_MODREF_MAX ? memo_loc(m, loc) : MSSA_NONE;
  if (li == MSSA_NONE) return mssa_aa_modref_loc(s->aa, di, loc);
  uint64_t key = (uint64_t)def << 32 | li;
  uint32_t r = mssa_u64map_get(&m->modref, key);
  if (r != MSSA_NONE) return r;
  unsigned mr = mssa_aa_modref_loc(s->aa, di, loc);
  MSSA_ASSERT(mr != MSSA_NONE);
  mssa_u64map_put(&m->modref, key, mr);
  return mr;
}

bool mssa_def_clobbers(mssa_ssa *s, uint32_t def, uint32_t inst, const mssa_loc *loc, int *ar) {
  return mssa_def_clobbers_aa(s, s->aa, def, inst, loc, ar);
}

bool mssa_def_clobbers_aa(mssa_ssa *s, mssa_aa *aa, uint32_t def, uint32_t inst,
                          const mssa_loc *loc, int *ar) {
  MSSA_ASSERT(def < s->acc.n && s->acc.a[def].inst != MSSA_NONE &&
              (s->acc.a[def].kind == MSSA_ACC_DEF || s->acc.a[def].kind == MSSA_ACC_DEAD));
  const mssa_func *f = s->f;
  uint32_t di = s->acc.a[def].inst;
  const mssa_inst *d = &f->insts.a[di];
  switch (d->intrinsic) {
  case MSSA_INTR_INVARIANT_START:
  case MSSA_INTR_INVARIANT_END:
  case MSSA_INTR_ASSUME:
  case MSSA_INTR_NOALIAS_SCOPE_DECL:
  case MSSA_INTR_PSEUDOPROBE:
    *ar = MSSA_NO_ALIAS;
    return false;
  case MSSA_INTR_ALLOW_RUNTIME_CHECK:
  case MSSA_INTR_ALLOW_UBSAN_CHECK:
    if (mssa_module_llvm_version(s->m) < MSSA_LLVM_ALLOW_CHECK) break;
    *ar = MSSA_NO_ALIAS;
    return false;
  default:
    break;
  }
  const mssa_inst *u = inst != MSSA_NONE ? &f->insts.a[inst] : NULL;
  if (u && is_call_op(u->opcode)) {
    unsigned mr = mssa_aa_modref_call(aa, di, inst);
    *ar = (mr & MSSA_MR_MUST) && (mr & MSSA_MR_MODREF) ? MSSA_MUST_ALIAS : MSSA_MAY_ALIAS;
    return (mr & MSSA_MR_MODREF) != 0;
  }
  if (d->opcode == MSSA_OP_LOAD && u && u->opcode == MSSA_OP_LOAD) {
    *ar = MSSA_MAY_ALIAS;
    return !loads_reorderable(u, d);
  }
  if (!loc) {
    *ar = MSSA_MAY_ALIAS;
    return true;
  }
  /* the memo holds the graph's own context's answers */
  unsigned mr = aa == s->aa ? modref_loc(s, def, di, loc) : mssa_aa_modref_loc(aa, di, loc);
  *ar = (mr & MSSA_MR_MUST) && (mr & MSSA_MR_MODREF) ? MSSA_MUST_ALIAS : MSSA_MAY_ALIAS;
  return (mr & MSSA_MR_MOD) != 0;
}

/* ------------------------------------------------------------ visited set */

static uint64_t visit_hash(uint32_t acc, const mssa_loc *l) {
  uint64_t v[] = {acc, l->ptr, l->size, l->tbaa, l->scope, l->noalias};
  return mssa_hash_words(v, sizeof v / sizeof v[0]);
}

/* Indexes visits [from, visits.n) by hash. */
static void visit_index(walker *w, uint32_t from) {
  for (uint32_t i = from; i < w->visits.n; i++) {
    visit *v = &w->visits.a[i];
    uint64_t h = visit_hash(v->acc, &v->loc);
    v->chain = mssa_u64map_get(&w->visit_head, h);
    mssa_u64map_put(&w->visit_head, h, i);
  }
}

/* Returns true if (acc, loc) was not in the set (and inserts it). A small
** set is searched linearly: cheaper than hashing the six words. */
static bool visit_insert(walker *w, uint32_t acc, const mssa_loc *l) {
  if (w->visits.n < WALK_VISIT_SCAN) {
    for (uint32_t i = 0; i < w->visits.n; i++)
      if (w->visits.a[i].acc == acc && loc_eq(&w->visits.a[i].loc, l)) return false;
  } else {
    if (w->visit_head.n == 0) visit_index(w, 0);
    uint64_t h = visit_hash(acc, l);
    for (uint32_t i = mssa_u64map_get(&w->visit_head, h); i != MSSA_NONE; i = w->visits.a[i].chain)
      if (w->visits.a[i].acc == acc && loc_eq(&w->visits.a[i].loc, l)) return false;
  }
  visit v = {acc, *l, MSSA_NONE};
  svec_push(&w->visits, v);
  if (w->visit_head.n) visit_index(w, w->visits.n - 1);
  return true;
}

static void reset_state(walker *w) {
  w->paths.n = 0;
  w->visits.n = 0;
  if (w->visit_head.n) mssa_u64map_clear(&w->visit_head);
  w->translated = false;
}

/* ---------------------------------------------------------------- walking */

static uint32_t push_path(walker *w, const mssa_loc *loc, uint32_t first, uint32_t last,
                          uint32_t prev) {
  defpath p = {*loc, first, last, prev};
  svec_push(&w->paths, p);
  return w->paths.n - 1;
}

/* walkToPhiOrClobber: follows path `pi` from its Last, updating Last. */
static wres walk_to_phi_or_clobber(walker *w, uint32_t pi, uint32_t stop, uint32_t skip) {
  mssa_ssa *s = w->s;
  bool limit_reached_before = false;
  if (*w->limit == 0) {
    *w->limit = 1;
    limit_reached_before = true;
  }
  uint32_t cur = w->paths.a[pi].last;
  for (;;) {
    w->paths.a[pi].last = cur;
    wres r = {cur, false, MSSA_MAY_ALIAS};
    if (cur == stop || cur == skip) return r;
    const mssa_access *a = &s->acc.a[cur];
    if (a->kind == MSSA_ACC_LIVE) {
      r.known = true;
      r.ar = MSSA_MUST_ALIAS;
      return r;
    }
    if (a->kind != MSSA_ACC_DEF) { /* a phi ends the chain */
      MSSA_ASSERT(a->kind == MSSA_ACC_PHI);
      break;
    }
    s->walker_steps++;
    if (!--*w->limit) {
      r.known = true;
      return r;
    }
    int ar = MSSA_MAY_ALIAS;
    mssa_loc loc = w->paths.a[pi].loc;
    if (mssa_def_clobbers(s, cur, w->q->inst, w->q->is_call ? NULL : &loc, &ar)) {
      r.known = true;
      r.ar = ar;
      return r;
    }
    cur = a->def;
  }
  if (limit_reached_before) *w->limit = 0;
  wres r = {cur, false, MSSA_MAY_ALIAS};
  return r;
}

/* upward_defs of `phi` for path `prior`: one new path per incoming edge. */
static void add_searches(walker *w, uint32_t phi, pathlist *paused, uint32_t prior) {
  mssa_ssa *s = w->s;
  const mssa_access *p = &s->acc.a[phi];
  MSSA_ASSERT(p->kind == MSSA_ACC_PHI);
  /* One operand per incoming edge (mssa.h invariant 4) once the graph is
  ** built; while the build's use optimization runs, only the edges from
  ** reachable predecessors have theirs yet (mssa_build.c step 5). */
  MSSA_ASSERT(p->nops <= s->cfg.pred_off[p->block + 1] - s->cfg.pred_off[p->block]);
  mssa_loc loc = w->paths.a[prior].loc;
  /* LLVM 14 and 15 make the size unknown when the pointer before
  ** translation is loop-variant (and keep it so whatever the translation
  ** gives); LLVM 16+ judges the pointer after translation, so a
  ** loop-variant address that translates to an invariant one keeps its
  ** size (invariant 9). The first is the same for every edge: asked once
  ** (LLVM asks per edge). Measured: a load of a[i] in a loop after a store
  ** to a[0] is clobbered by the loop's MemoryPhi in opt-15, by the store
  ** in opt-16. */
  bool current = mssa_module_llvm_version(s->m) >= MSSA__LLVM_PHI_SIZE_AFTER;
  bool variant = loc.ptr != MSSA_VAL_NONE && !mssa_loop_invariant_ptr(s->m, s->f, loc.ptr);
  for (uint32_t k = 0; k < p->nops; k++) {
    uint32_t blk = mssa_phi_block(s, p, k), val = mssa_phi_value(s, p, k);
    mssa_loc nl = loc;
    if (loc.ptr != MSSA_VAL_NONE) {
      if (variant && !current) nl.size = MSSA_LOC_UNKNOWN;
      mssa_val t;
      /* The graph holds its module const; translation may intern folded
      ** constants into it, which changes no existing value. */
      if (mssa_phi_translate((mssa_module *)s->m, s->f, &s->dt, &s->users, loc.ptr, p->block, blk, &t) &&
          t != nl.ptr) {
        nl.ptr = t;
        w->translated = true;
      }
      if (current && (nl.ptr == loc.ptr ? variant : !mssa_loop_invariant_ptr(s->m, s->f, nl.ptr)))
        nl.size = MSSA_LOC_UNKNOWN;
    }
    svec_push(paused, w->paths.n);
    push_path(w, &nl, val, val, prior);
    p = &s->acc.a[phi];
  }
}

/* The nearest def or phi that a walk from phi `from` may legally end at. */
static uint32_t walk_target(const mssa_ssa *s, uint32_t from) {
  MSSA_ASSERT(s->acc.a[from].kind == MSSA_ACC_PHI);
  uint32_t n = s->acc.a[from].block;
  while ((n = s->dt.idom[n]) != MSSA_NONE)
    if (s->lastdef[n] != MSSA_NONE) return s->lastdef[n];
  return MSSA_LIVE_ON_ENTRY;
}

static bool get_blocking_access(walker *w, uint32_t stop, pathlist *paused,
                                pathlist *new_paused, tpathvec *terminated, tpath *out) {
  mssa_ssa *s = w->s;
  while (paused->n) {
    uint32_t pi = paused->a[--paused->n];
    mssa_loc ploc = w->paths.a[pi].loc;
    if (!visit_insert(w, w->paths.a[pi].last, &ploc)) {
      /* LLVM 14 (PR46156): a revisit after any translation blocks the phi;
      ** current LLVM drops the revisited path like any other (invariant 9). */
      if (w->translated && mssa_module_llvm_version(s->m) < MSSA__LLVM_PHI_SIZE_AFTER) {
        out->clobber = w->paths.a[pi].last;
        out->node = pi;
        return true;
      }
      continue;
    }
    uint32_t skip = MSSA_NONE;
    if (w->q->skip_self && loc_eq(&ploc, &w->q->loc)) skip = w->q->orig;
    wres r = walk_to_phi_or_clobber(w, pi, stop, skip);
    if (r.known) {
      tpath t = {r.result, pi};
      if (!mssa_ssa_dominates(s, r.result, stop)) {
        *out = t;
        return true;
      }
      svec_push(terminated, t);
      continue;
    }
    if (r.result == stop || r.result == skip) {
      if (r.result != skip) svec_push(new_paused, pi);
      continue;
    }
    add_searches(w, r.result, paused, pi);
  }
  return false;
}

/* Picks the clobber dominated by all others (LLVM's MoveDominatedPathToEnd). */
static tpath most_dominated(const mssa_ssa *s, const tpathvec *v) {
  uint32_t dom = 0;
  for (uint32_t i = 1; i < v->n; i++)
    if (!mssa_ssa_dominates(s, v->a[i].clobber, v->a[dom].clobber)) dom = i;
  return v->a[dom];
}

static uint32_t try_optimize_phi(walker *w, uint32_t phi, uint32_t start, const mssa_loc *loc) {
  mssa_ssa *s = w->s;
  uint32_t first = push_path(w, loc, start, phi, MSSA_NONE);
  uint32_t prior_size = w->paths.n;
  pathlist paused, new_paused;
  tpathvec terminated, clobbers;
  svec_init(&paused);
  svec_init(&new_paused);
  svec_init(&terminated);
  svec_init(&clobbers);
  uint32_t result = phi;
  add_searches(w, phi, &paused, first);
  uint32_t current = phi;
  for (;;) {
    uint32_t target = walk_target(s, current);
    tpath blocker;
    if (get_blocking_access(w, target, &paused, &new_paused, &terminated, &blocker)) {
      uint32_t idx = blocker.node;
      while (idx >= prior_size && w->paths.a[idx].prev != MSSA_NONE) idx = w->paths.a[idx].prev;
      result = w->paths.a[idx].last;
      break;
    }
    if (new_paused.n == 0) {
      result = most_dominated(s, &terminated).clobber;
      break;
    }
    uint32_t chain_end = MSSA_NONE;
    clobbers.n = 0;
    for (uint32_t k = 0; k < new_paused.n; k++) {
      wres r = walk_to_phi_or_clobber(w, new_paused.a[k], MSSA_NONE, MSSA_NONE);
      if (r.known) {
        tpath t = {r.result, new_paused.a[k]};
        svec_push(&clobbers, t);
      } else {
        chain_end = r.result;
      }
    }
    if (terminated.n) {
      if (chain_end == MSSA_NONE) {
        uint32_t ma = target;
        for (;;) {
          chain_end = ma;
          uint8_t k = s->acc.a[ma].kind;
          if (k == MSSA_ACC_PHI || k == MSSA_ACC_LIVE) break;
          ma = s->acc.a[ma].def;
        }
      }
      uint32_t chain_bb = s->acc.a[chain_end].block;
      for (uint32_t k = 0; k < terminated.n; k++)
        if (mssa_dt_dominates(&s->dt, chain_bb, s->acc.a[terminated.a[k].clobber].block))
          svec_push(&clobbers, terminated.a[k]);
    }
    if (clobbers.n) {
      result = most_dominated(s, &clobbers).clobber;
      break;
    }
    if (chain_end == MSSA_NONE || s->acc.a[chain_end].kind != MSSA_ACC_PHI) {
      /* Cannot happen for a well-formed graph (liveOnEntry is a clobber);
      ** answer conservatively with the phi we stand on. */
      result = current;
      break;
    }
    prior_size = w->paths.n;
    paused.n = 0;
    for (uint32_t k = 0; k < new_paused.n; k++) add_searches(w, chain_end, &paused, new_paused.a[k]);
    new_paused.n = 0;
    current = chain_end;
  }
  svec_free(&paused);
  svec_free(&new_paused);
  svec_free(&terminated);
  svec_free(&clobbers);
  return result;
}

/* What of the query a phi search reads besides its location: for a load,
** what loads_reorderable reads; nothing for other non-calls. A call's search
** asks about the call itself (mssa_aa_modref_call): not kept (false). */
static bool memo_kind(const mssa_ssa *s, const walkq *q, uint32_t *kind) {
  if (q->is_call || q->skip_self) return false;
  *kind = 0;
  if (q->inst == MSSA_NONE) return true;
  const mssa_inst *u = &s->f->insts.a[q->inst];
  if (u->opcode == MSSA_OP_LOAD)
    *kind = 1u | ((u->flags & MSSA_IF_VOLATILE) ? 2u : 0u) | (u->ordering == MSSA_AO_SEQCST ? 4u : 0u);
  return true;
}

/* try_optimize_phi, answered from the memo when it can be (invariant 6). */
static uint32_t phi_search(walker *w, uint32_t phi, uint32_t start) {
  mssa_ssa *s = w->s;
  struct mssa_walk_memo *m = s->walk_memo;
  const mssa_loc *loc = &w->q->loc;
  uint32_t kind;
  if (!m || !memo_kind(s, w->q, &kind)) return try_optimize_phi(w, phi, start, loc);
  uint64_t h;
  uint32_t head;
  const memo_ent *e = memo_find(m, phi, kind, loc, &h, &head);
  if (e && e->steps >= *w->limit) return try_optimize_phi(w, phi, start, loc);
  if (e) {
    *w->limit -= e->steps;
    s->walker_steps += e->steps;
    return e->result;
  }
  uint32_t before = *w->limit;
  uint32_t result = try_optimize_phi(w, phi, start, loc);
  if (*w->limit == 0) return result;   /* ran out of budget: not kept */
  memo_ent n = {*loc, phi, kind, result, before - *w->limit, head};
  (void)memo_add(m, h, &n);   /* full: not kept (invariant 8) */
  return result;
}

static uint32_t find_clobber(walker *w, uint32_t start, walkq *q, uint32_t *limit) {
  mssa_ssa *s = w->s;
  w->q = q;
  w->limit = limit;
  if (*limit == 0) ++*limit;
  uint32_t cur = start;
  MSSA_ASSERT(s->acc.a[cur].kind != MSSA_ACC_DEAD);
  if (s->acc.a[cur].kind == MSSA_ACC_USE) cur = s->acc.a[cur].def;
  reset_state(w);
  uint32_t first = push_path(w, &q->loc, cur, cur, MSSA_NONE);
  wres r = walk_to_phi_or_clobber(w, first, MSSA_NONE, MSSA_NONE);
  uint32_t result;
  if (r.known) {
    result = r.result;
    q->ar = r.ar;
  } else {
    uint32_t phi = w->paths.a[first].last;
    reset_state(w);
    result = phi_search(w, phi, cur);
    reset_state(w);
  }
  return result;
}

/* Sets up only the headers: the inline buffers are written before read. */
static void walker_init(walker *w, mssa_ssa *s) {
  w->s = s;
  w->q = NULL;
  w->limit = NULL;
  svec_init(&w->paths);
  svec_init(&w->visits);
  spare_take(&spare_paths, (void **)&w->paths.a, &w->paths.cap);
  spare_take(&spare_visits, (void **)&w->visits.a, &w->visits.cap);
  memset(&w->visit_head, 0, sizeof w->visit_head);
  w->translated = false;
}

static void walker_fini(walker *w) {
  spare_give(&spare_paths, w->paths.a, w->paths.buf, w->paths.cap, sizeof *w->paths.a);
  spare_give(&spare_visits, w->visits.a, w->visits.buf, w->visits.cap, sizeof *w->visits.a);
  mssa_u64map_free(&w->visit_head);
}

static bool fence_like_noncall(const mssa_inst *in) {
  return in->opcode == MSSA_OP_FENCE || in->opcode == MSSA_OP_CATCHPAD ||
         in->opcode == MSSA_OP_CATCHRET;
}

static void set_optimized(mssa_ssa *s, uint32_t a, uint32_t to, int ar) {
  mssa_access *x = &s->acc.a[a];
  MSSA_ASSERT(x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE);
  if (x->kind == MSSA_ACC_USE) x->def = to;
  else x->opt = to;
  x->optimized = 1;
  x->ar = (int8_t)ar;
}

/* The query of access a (LLVM's UpwardsMemoryQuery). */
static void query_of(mssa_ssa *s, uint32_t a, walkq *q) {
  const mssa_access *x = &s->acc.a[a];
  memset(q, 0, sizeof *q);
  q->is_call = is_call_op(s->f->insts.a[x->inst].opcode);
  q->inst = x->inst;
  q->orig = a;
  q->ar = MSSA_MAY_ALIAS;
  q->loc.ptr = MSSA_VAL_NONE;
  q->loc.size = MSSA_LOC_UNKNOWN;
  q->loc.tbaa = q->loc.scope = q->loc.noalias = MSSA_NONE;
  if (!q->is_call) mssa_aa_inst_loc(s->aa, x->inst, &q->loc);
}

/* A walk from `def` for q, with a walker of its own (no cache is read). */
static uint32_t walk_from(mssa_ssa *s, uint32_t def, walkq *q, uint32_t *limit) {
  walker w;
  walker_init(&w, s);
  uint32_t res = find_clobber(&w, def, q, limit);
  walker_fini(&w);
  return res;
}

#if MSSA_CHECKS >= 2
/* Expensive checks (walker caches): a def's cached clobber is what a walk
** from its defining access finds again, when no budget cut either short
** (with one, a cached imprecise answer is LLVM's behaviour, invariant 3). A
** use's cache replaces its defining access, so it has nothing to redo; the
** verifier checks that it dominates (mssa_verify V4). */
static bool cache_holds(mssa_ssa *s, uint32_t a) {
  const mssa_access *x = &s->acc.a[a];
  if (x->kind != MSSA_ACC_DEF || s->check_limit != UINT32_MAX) return true;
  if (x->opt == MSSA_LIVE_ON_ENTRY && (mssa_ssa_trivially_live_on_entry(s, x->inst) ||
                                       x->def == MSSA_LIVE_ON_ENTRY))
    return true;
  walkq q;
  query_of(s, a, &q);
  uint32_t limit = UINT32_MAX;
  return walk_from(s, x->def, &q, &limit) == s->acc.a[a].opt;
}
#endif

static uint32_t clobber_base(mssa_ssa *s, uint32_t a, uint32_t *limit, bool use_ig) {
  MSSA_ASSERT(a < s->acc.n && s->acc.a[a].kind != MSSA_ACC_DEAD);
  mssa_access *x = &s->acc.a[a];
  if (x->kind != MSSA_ACC_DEF && x->kind != MSSA_ACC_USE) return a;
  if (use_ig) {
    /* As LLVM: consulted before the cache, and its answer is not cached. */
    uint32_t ci = mssa_invariant_group_clobber(s->m, s->f, &s->dt, s->inst_pos, &s->users,
                                               x->inst);
    if (ci != MSSA_NONE) {
      uint32_t ca = s->inst_acc[ci];
      if (ca != MSSA_NONE) return s->acc.a[ca].kind == MSSA_ACC_USE ? s->acc.a[ca].def : ca;
    }
    x = &s->acc.a[a];
  }
  if (x->optimized) {
#if MSSA_CHECKS >= 2
    MSSA_EXPENSIVE_ASSERT(cache_holds(s, a));   /* only built where it runs (clang warns) */
#endif
    x = &s->acc.a[a];
    return x->kind == MSSA_ACC_USE ? x->def : x->opt;
  }
  const mssa_inst *in = &s->f->insts.a[x->inst];
  if (!is_call_op(in->opcode) && fence_like_noncall(in)) return a;
  walkq q;
  query_of(s, a, &q);
  if (mssa_ssa_trivially_live_on_entry(s, x->inst) || x->def == MSSA_LIVE_ON_ENTRY) {
    set_optimized(s, a, MSSA_LIVE_ON_ENTRY, MSSA_AR_NONE);
    return MSSA_LIVE_ON_ENTRY;
  }
  uint32_t res = walk_from(s, x->def, &q, limit);
  x = &s->acc.a[a];
  int ar = x->ar;
  if (res == MSSA_LIVE_ON_ENTRY) ar = MSSA_AR_NONE;
  else if (q.ar == MSSA_MUST_ALIAS) ar = MSSA_MUST_ALIAS;
  set_optimized(s, a, res, ar);
  return res;
}

uint32_t mssa_walker_clobber(mssa_ssa *s, uint32_t access, uint32_t *limit) {
  return clobber_base(s, access, limit, true);
}

uint32_t mssa_walker_clobber_noig(mssa_ssa *s, uint32_t access, uint32_t *limit) {
  return clobber_base(s, access, limit, false);
}

uint32_t mssa_walker_clobber_loc(mssa_ssa *s, uint32_t access, const mssa_loc *loc,
                                 uint32_t *limit) {
  MSSA_ASSERT(access < s->acc.n && s->acc.a[access].kind != MSSA_ACC_DEAD);
  const mssa_access *x = &s->acc.a[access];
  if (x->kind == MSSA_ACC_LIVE) return access;
  if (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) {
    const mssa_inst *in = &s->f->insts.a[x->inst];
    if (!is_call_op(in->opcode) && fence_like_noncall(in)) return access;
  }
  walkq q;
  memset(&q, 0, sizeof q);
  q.inst = MSSA_NONE;
  q.orig = access;
  q.loc = *loc;
  q.ar = MSSA_MAY_ALIAS;
  walker w;
  walker_init(&w, s);
  uint32_t res = find_clobber(&w, access, &q, limit);
  walker_fini(&w);
  return res;
}
