/*
** reach.c -- reaching writes and readers (see reach.h).
**
** A worklist of (start access, location, crossed a back edge) items, each
** run as a walk up its def chain to the first def that may clobber the
** location or the first MemoryPhi (chain_stop: the walker's clobber test,
** mssa_def_clobbers, without its phi searches):
**   - a MemoryDef answer is a reaching write; unless it kills the location
**     (must-alias store covering it, or the lifetime start of the same
**     alloca) the walk goes on above it, from its defining access;
**   - a MemoryPhi answer is expanded once per (phi, location, loop flag):
**     one item per incoming edge, the location translated into the
**     predecessor as the walker does (phi translation; a pointer that is
**     not loop-invariant loses its size), the loop flag set on a back edge;
**   - liveOnEntry means the value may come from before the function.
** An access without a location (a call) lists every def above it.
**
** Invariants:
**   1. See reach.h (sound, bounded, nothing cached).
**   2. Each item's location is the one that holds on the paths it stands
**      for, so a kill decided with it is a kill on all of them.
**   3. No recursion: the worklist is an explicit stack.
**   4. No def is judged through a MemoryPhi the walk has not expanded:
**      the walk expands each phi itself, so every def is judged with the
**      location that holds on its own paths (see chain_stop).
**   5. The source view judges defs with the promoted view's alias context
**      (view_aa), every other walk with the graph's own: the view only
**      merges values the program has equal, so its answers are a subset
**      of the module's, each still sound for the program (deps.h).
*/
#include "query/reach.h"

#include <stdlib.h>
#include <string.h>

#include "alias/phitrans.h"
#include "base/check.h"
#include "query/deps.h"
#include "query/mssa_query.h"
#include "query/reach_paths.h"

/* A walk item: from access `start` up, for location loc. Its paths go on
** into block `to` (the access's, or a phi's predecessor) and then `succ`
** (MSSA_NONE at the access itself); sc is their dispatch constraint. */
typedef struct item {
  uint32_t start;
  mssa_loc loc;
  uint8_t loop;
  uint32_t to, succ;
  mssa__slotc sc;
} item;

typedef struct seen {
  uint32_t phi;
  mssa_val ptr;
  uint64_t size;
  uint8_t loop;
  mssa__slotc sc;
} seen;

enum { FOUND = 1, FOUND_NONLOOP = 2 };

typedef struct rstate {
  mssa_ssa *s;
  mssa_aa *aa;          /* s->aa, or the promoted view's context */
  uint32_t inst;        /* the access's instruction */
  bool member;          /* source view: it is a member access ... */
  mssa_qfield mem;     /* ... of these bytes of this struct type */
  uint32_t a, max, nfound, steps;
  unsigned flags;       /* MSSA_REACH_* */
  bool has_loc, entry, truncated;
  mssa__slots slots;    /* which allocas are dispatch slots */
  uint8_t *mark;        /* per access: FOUND | FOUND_NONLOOP */
  MSSA_VEC(item) stack;
  MSSA_VEC(seen) seen;
} rstate;

const char *mssa_path_name(unsigned path) {
  switch (path) {
  case MSSA_PATH_STRAIGHT: return "straight";
  case MSSA_PATH_BRANCH: return "branch";
  case MSSA_PATH_LOOP: return "loop";
  default: return "entry";
  }
}

static bool size_precise(uint64_t sz) {
  return sz < MSSA_LOC_AFTER && !(sz & MSSA_LOC_UPPER_BOUND);
}

/* Is the lifetime.start `in` about the same alloca `loc` is based on? */
static bool lifetime_of(rstate *r, const mssa_inst *in, const mssa_loc *loc) {
  if (in->nops < 2) return false;
  mssa_val p = mssa_inst_ops(r->s->f, in)[in->nops - 1];
  mssa_points_to x, y;
  if (!mssa_aa_points_to(r->aa, p, &x) || !mssa_aa_points_to(r->aa, loc->ptr, &y))
    return false;
  return x.object == y.object && MSSA_VAL_KIND(x.object) == MSSA_VK_INST &&
         r->s->f->insts.a[MSSA_VAL_INDEX(x.object)].opcode == MSSA_OP_ALLOCA;
}

/* Does def `d` overwrite every byte of `loc` on every path (a kill)? The
** start of the lifetime of loc's alloca counts: its bytes are undefined
** from there up, whatever alias analysis says of the offsets. */
static bool kills(rstate *r, uint32_t d, const mssa_loc *loc) {
  mssa_ssa *s = r->s;
  if (!r->has_loc || !size_precise(loc->size)) return false;
  uint32_t i = s->acc.a[d].inst;
  const mssa_inst *in = &s->f->insts.a[i];
  if (in->intrinsic == MSSA_INTR_LIFETIME_START) return lifetime_of(r, in, loc);
  if (in->opcode != MSSA_OP_STORE || (in->flags & MSSA_IF_VOLATILE)) return false;
  int ar = MSSA_MAY_ALIAS;
  if (!mssa_def_clobbers_aa(s, r->aa, d, MSSA_NONE, loc, &ar) || ar != MSSA_MUST_ALIAS)
    return false;
  mssa_loc sl;
  return mssa_aa_inst_loc(s->aa, i, &sl) && size_precise(sl.size) && sl.size >= loc->size;
}

/* May def d write loc (the item's form of the access's location)? The
** walker's clobber test with the answer's alias context; in the source
** view, a member access of a struct never writes a disjoint member of the
** same struct type that the access reads (reach_members.c: a rule of
** types, so it holds for loc on every path). */
static bool may_write(rstate *r, uint32_t d, const mssa_loc *loc) {
  mssa_ssa *s = r->s;
  if (r->member) {
    MSSA_ASSERT(r->flags & MSSA_REACH_SOURCE_VIEW);   /* the rule is the source view's */
    uint32_t di = s->acc.a[d].inst;
    mssa_qfield dm;
    if (s->f->insts.a[di].opcode == MSSA_OP_STORE && mssa_q_member(s, di, &dm) &&
        mssa_q_members_apart(&dm, &r->mem))
      return false;
  }
  int ar = MSSA_MAY_ALIAS;
  return mssa_def_clobbers_aa(s, r->aa, d, MSSA_NONE, loc, &ar);
}

static void push(rstate *r, const item *from, uint32_t start, const mssa_loc *loc,
                 uint8_t loop) {
  item it = *from;
  it.start = start;
  it.loc = *loc;
  it.loop = loop;
  mssa_vec_push(&r->stack, it);
}

static void add_write(rstate *r, uint32_t d, uint8_t loop) {
  MSSA_ASSERT(d < r->s->acc.n && r->s->acc.a[d].kind == MSSA_ACC_DEF);   /* a write is a def */
  if (!r->mark[d]) {
    if (r->nfound == r->max) {
      r->truncated = true;
      return;
    }
    r->nfound++;
  }
  MSSA_ASSERT(r->nfound <= r->max);   /* invariant 1: bounded */
  r->mark[d] |= FOUND | (loop ? 0 : FOUND_NONLOOP);
}

/* Pushes one item per incoming edge of phi `p`, once per state. */
static void expand_phi(rstate *r, uint32_t p, const item *it) {
  mssa_ssa *s = r->s;
  const mssa_access *x = &s->acc.a[p];
  item next = *it;   /* what the incoming edges' items share */
  if ((r->flags & MSSA_REACH_SOURCE_VIEW) && mssa__is_dispatch(s, &r->slots, x->block)) {
    /* the edge out of the phi's block that the walk came through: a
    ** dispatch switch there says which values its slot holds */
    uint32_t t = x->block == it->to ? it->succ : mssa__succ_toward(s, x->block, it->to);
    mssa__slotc e;
    if (t != MSSA_NONE && mssa__slot_edge(s, &r->slots, x->block, t, &e) &&
        !mssa__slot_meet(&next.sc, &e))
      return;   /* no value of the slot leads here: not a C path */
  }
  for (uint32_t k = 0; k < r->seen.n; k++) {
    const seen *y = &r->seen.a[k];
    if (y->phi == p && y->ptr == it->loc.ptr && y->size == it->loc.size && y->loop == it->loop &&
        !memcmp(&y->sc, &next.sc, sizeof next.sc))
      return;
  }
  if (r->seen.n == MSSA_REACH_MAX_PHIS) {
    r->truncated = true;
    return;
  }
  seen sn;
  memset(&sn, 0, sizeof sn);
  sn.phi = p;
  sn.ptr = it->loc.ptr;
  sn.size = it->loc.size;
  sn.loop = it->loop;
  sn.sc = next.sc;
  mssa_vec_push(&r->seen, sn);
  x = &s->acc.a[p];
  for (uint32_t k = 0; k < x->nops; k++) {
    uint32_t blk = mssa_phi_block(s, x, k), val = mssa_phi_value(s, x, k);
    mssa_loc nl = it->loc;
    if (r->has_loc && nl.ptr != MSSA_VAL_NONE) {
      if (!mssa_loop_invariant_ptr(s->m, s->f, nl.ptr)) nl.size = MSSA_LOC_UNKNOWN;
      mssa_val t;
      /* as the walker does: translation may intern folded constants into
      ** the module, which changes no existing value */
      if (mssa_phi_translate((mssa_module *)s->m, s->f, &s->dt, &s->users, nl.ptr, x->block,
                             blk, &t))
        nl.ptr = t;
    }
    /* around the loop: a back edge of a loop the access is in (an inner
    ** loop's back edge before the access is the straight way to it) */
    bool back = mssa_dt_dominates(&s->dt, x->block, blk) &&
                mssa__in_loop(s, x->block, blk, s->acc.a[r->a].block);
    next.to = blk;
    next.succ = x->block;
    push(r, &next, val, &nl, (uint8_t)(it->loop || back));
    x = &s->acc.a[p];
  }
}

/* The first access on the def chain from `from` up that decides item's
** walk for `loc`: a def that may clobber it, a MemoryPhi, or liveOnEntry.
** That is exactly the walker's answer cut at the first phi of the chain
** (its phi searches judge defs with translated or sizeless locations,
** which must not decide a kill here; invariant 4), found without those
** searches: asking the walker and throwing away everything above the first
** phi cost 97% of a code lens of Lua's lvm.c, over 60 s (bench/RESULTS.md,
** "Code lenses"). The walker's budget only ever stopped it early at a def
** that step() then judged and walked past, so the writes found are the
** same. A def's defining access dominates it, so the chain has no cycle
** and at most acc.n links. */
static uint32_t chain_stop(rstate *r, uint32_t from, const mssa_loc *loc) {
  mssa_ssa *s = r->s;
  uint32_t x = from, links = 0;
  if (s->acc.a[x].kind == MSSA_ACC_USE) x = s->acc.a[x].def;
  while (x != MSSA_NONE && s->acc.a[x].kind == MSSA_ACC_DEF) {
    MSSA_ASSERT(links++ <= s->acc.n);   /* the chain is acyclic */
    if (may_write(r, x, loc) || s->acc.a[x].def == MSSA_NONE) return x;
    x = s->acc.a[x].def;
  }
  return x;
}

static void step(rstate *r, item it) {
  mssa_ssa *s = r->s;
  uint32_t c = it.start;
  if (r->has_loc && s->acc.a[c].kind != MSSA_ACC_LIVE) {
    c = chain_stop(r, it.start, &it.loc);
  }
  /* a store to the dispatch slot between here and c decides these paths */
  if ((r->flags & MSSA_REACH_SOURCE_VIEW) && !mssa__slot_chain(s, it.start, c, &it.sc)) return;
  switch (s->acc.a[c].kind) {
  case MSSA_ACC_LIVE: r->entry = true; break;
  case MSSA_ACC_PHI: expand_phi(r, c, &it); break;
  case MSSA_ACC_DEF: {
    bool kill = kills(r, c, &it.loc);
    /* the end of a chain (no defining access) may be a def that does not clobber */
    if (kill || !r->has_loc || may_write(r, c, &it.loc))
      add_write(r, c, it.loop);
    if (!kill && s->acc.a[c].def != MSSA_NONE) push(r, &it, s->acc.a[c].def, &it.loc, it.loop);
    break;
  }
  default: break;
  }
}

/* The found writes in layout order, then liveOnEntry. */
static void collect(rstate *r, mssa_qreach *out) {
  mssa_ssa *s = r->s;
  const mssa_func *f = s->f;
  out->w = mssa_xmalloc(((size_t)r->nfound + 1) * sizeof *out->w);
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    if (b >= s->nblocks) continue;
    for (uint32_t d = s->first[b]; d != MSSA_NONE; d = s->acc.a[d].next) {
      if (!r->mark[d]) continue;
      uint8_t path = !(r->mark[d] & FOUND_NONLOOP)     ? MSSA_PATH_LOOP
                     : mssa_ssa_dominates(s, d, r->a) ? MSSA_PATH_STRAIGHT
                                                      : MSSA_PATH_BRANCH;
      out->w[out->n++] = (mssa_qwrite){d, path};
    }
  }
  if (r->entry) out->w[out->n++] = (mssa_qwrite){MSSA_LIVE_ON_ENTRY, MSSA_PATH_ENTRY};
}

/* The promoted view's alias context of s's function, built on the first
** view query of each version of its IR (mssa_ssa_drop_view forgets it):
** loads of locals mem2reg promotes are the values stored (deps.h), so two
** accesses through `c->user` after `c` was reloaded have one base, as in
** the C. The map is s's before the context is made, so an allocation
** failure between the two leaves s owning it (freed here next time). */
static mssa_aa *view_aa(mssa_ssa *s) {
  if (s->view_aa) return s->view_aa;
  free(s->view_map);
  s->view_map = NULL;
  uint32_t n = s->f->insts.n;
  s->view_map = mssa_xmalloc(((size_t)n + 1) * sizeof *s->view_map);
  mssa_deps_promoted_values(s, s->view_map);
  s->view_aa = mssa_aa_new_view(s->aa, s->view_map, n);
  MSSA_ASSERT(s->view_aa && s->view_map);   /* invariant 5: built whole */
  return s->view_aa;
}

int mssa_q_reaching(mssa_ssa *s, uint32_t a, uint32_t max, mssa_qreach *out) {
  return mssa_q_reaching_view(s, a, max, 0, out);
}

int mssa_q_reaching_view(mssa_ssa *s, uint32_t a, uint32_t max, unsigned flags,
                         mssa_qreach *out) {
  memset(out, 0, sizeof *out);
  if (a >= s->acc.n) return MSSA_ENOENT;
  const mssa_access *x = &s->acc.a[a];
  if ((x->kind != MSSA_ACC_USE && x->kind != MSSA_ACC_DEF) || x->inst == MSSA_NONE)
    return MSSA_ENOENT;
  rstate r;
  memset(&r, 0, sizeof r);
  r.s = s;
  r.a = a;
  r.max = max ? max : MSSA_REACH_DEFAULT_MAX;
  r.flags = flags;
  r.aa = flags & MSSA_REACH_SOURCE_VIEW ? view_aa(s) : s->aa;
  r.inst = x->inst;
  r.member = (flags & MSSA_REACH_SOURCE_VIEW) && mssa_q_member(s, x->inst, &r.mem);
  r.mark = mssa_xcalloc(s->acc.n ? s->acc.n : 1, 1);
  mssa_loc loc;
  memset(&loc, 0, sizeof loc);
  r.has_loc = mssa_aa_inst_loc(s->aa, x->inst, &loc);
  item first;
  memset(&first, 0, sizeof first);   /* no constraint: compared with memcmp */
  first.to = x->block;
  first.succ = MSSA_NONE;
  push(&r, &first, mssa_q_reaching_def(s, a), &loc, 0);
  while (r.stack.n) {
    if (r.steps++ == MSSA_REACH_MAX_STEPS) {
      r.truncated = true;
      break;
    }
    item it = r.stack.a[--r.stack.n];
    step(&r, it);
  }
  collect(&r, out);
  out->entry = r.entry;
  out->truncated = r.truncated;
  out->has_loc = r.has_loc;
  free(r.mark);
  mssa_vec_free(&r.stack);
  mssa_vec_free(&r.seen);
  return MSSA_OK;
}

void mssa_qreach_free(mssa_qreach *r) {
  free(r->w);
  memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------ readers */

/* Blocks reachable from block `from` (itself included when on a cycle or
** when `self`); marks in reach[]. Explicit stack. */
static void forward_reach(const mssa_ssa *s, uint32_t from, uint8_t *reach) {
  const mssa_cfg *g = &s->cfg;
  uint32_t *st = mssa_xmalloc(((size_t)g->n + 1) * sizeof *st);
  uint32_t n = 0;
  st[n++] = from;
  while (n) {
    uint32_t b = st[--n];
    for (uint32_t e = g->succ_off[b]; e < g->succ_off[b + 1]; e++) {
      uint32_t t = g->succ[e];
      if (!reach[t]) {
        reach[t] = 1;
        st[n++] = t;
      }
    }
  }
  free(st);
}

/* Can `def` be among use u's reaching writes at all: later in its block or
** in a block reachable from it, and clobbering u's location? */
static bool may_read(mssa_ssa *s, uint32_t def, uint32_t u, const uint8_t *reach) {
  const mssa_access *d = &s->acc.a[def], *x = &s->acc.a[u];
  bool later = false;
  if (x->block == d->block)
    for (uint32_t p = d->next; p != MSSA_NONE && !later; p = s->acc.a[p].next) later = p == u;
  if (!later && !reach[x->block]) return false;
  mssa_loc loc;
  /* a pointer that phi translation could change is not filtered here */
  if (!mssa_aa_inst_loc(s->aa, x->inst, &loc) ||
      !mssa_loop_invariant_ptr(s->m, s->f, loc.ptr))
    return true;
  int ar = MSSA_MAY_ALIAS;
  return mssa_def_clobbers(s, def, MSSA_NONE, &loc, &ar);
}

uint32_t mssa_q_readers(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap,
                        bool *truncated) {
  return mssa_q_readers_view(s, def, out, cap, 0, truncated);
}

uint32_t mssa_q_readers_view(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap,
                             unsigned flags, bool *truncated) {
  *truncated = false;
  if (def >= s->acc.n || s->acc.a[def].kind != MSSA_ACC_DEF) return 0;
  uint8_t *reach = mssa_xcalloc(s->cfg.n ? s->cfg.n : 1, 1);
  if (s->acc.a[def].block < s->cfg.n) forward_reach(s, s->acc.a[def].block, reach);
  uint32_t n = 0;
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    if (b >= s->nblocks) continue;
    for (uint32_t u = s->first[b]; u != MSSA_NONE; u = s->acc.a[u].next) {
      if (s->acc.a[u].kind != MSSA_ACC_USE || !may_read(s, def, u, reach)) continue;
      mssa_qreach r;
      if (mssa_q_reaching_view(s, u, MSSA_REACH_DEFAULT_MAX, flags, &r)) continue;
      bool hit = r.truncated;
      for (uint32_t k = 0; k < r.n && !hit; k++) hit = r.w[k].access == def;
      *truncated |= r.truncated;
      mssa_qreach_free(&r);
      if (!hit) continue;
      if (n < cap) out[n] = u;
      n++;
    }
  }
  free(reach);
  return n;
}
