/*
** reach_paths.c -- the paths C has, for reach.c's source view: clang's
** cleanup dispatch, and loop membership (see reach_paths.h).
**
** clang sends an early `return` (and break, goto out of a scope with
** cleanups) through shared cleanup blocks: it stores a constant into an
** alloca (`cleanup.dest.slot`) before the jump, and the cleanup block ends
** in a switch on that slot. In the CFG every way into the cleanup block
** meets every way out, so a write made just before a `return` seems to
** reach the code after the loop. In C it cannot: the slot holds the
** constant its path stored. Walking backwards from an access, the edge
** out of the dispatch that the walk came through says which values the
** slot must hold (a constraint); the first store to the slot met further
** up either allows the path (the constraint is then met and dropped) or
** ends it.
**
** Invariants:
**   1. See reach_paths.h: only paths that cannot run are removed.
**   2. A dispatch slot is an alloca used only as the address of loads and
**      of stores of integer constants: nothing else (a call, an escape)
**      can change it, so the last store on a path is its value.
*/
#include "query/reach_paths.h"

#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "query/varname.h"

/* Is alloca `slot` a dispatch slot (invariant 2)? Cached per answer. */
static bool simple_slot(const mssa_ssa *s, mssa__slots *c, mssa_val slot) {
  for (uint32_t i = 0; i < c->n; i++)
    if (c->known[i] == slot) return c->simple[i];
  const mssa_func *f = s->f;
  bool ok = true;
  for (uint32_t i = 0; i < f->insts.n && ok; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    for (uint32_t k = 0; k < in->nops && ok; k++) {
      if (ops[k] != slot) continue;
      if (in->opcode == MSSA_OP_LOAD && k == 0) continue;
      ok = in->opcode == MSSA_OP_STORE && k == 1 && MSSA_VAL_KIND(ops[0]) == MSSA_VK_CONST &&
           mssa_const_get(s->m, ops[0])->kind == MSSA_C_INT;
    }
  }
  if (c->n < sizeof c->known / sizeof c->known[0]) {
    c->known[c->n] = slot;
    c->simple[c->n++] = ok;
  }
  return ok;
}

static bool const_int(const mssa_module *m, mssa_val v, int64_t *out) {
  return mssa_q_const_int(m, v, out);
}

/* The dispatch slot block d's switch is on, or MSSA_VAL_NONE. */
static mssa_val dispatch_slot(const mssa_ssa *s, mssa__slots *cache, uint32_t d) {
  const mssa_func *f = s->f;
  if (d >= f->blocks.n || f->blocks.a[d].last == MSSA_NONE) return MSSA_VAL_NONE;
  const mssa_inst *sw = &f->insts.a[f->blocks.a[d].last];
  if (sw->opcode != MSSA_OP_SWITCH || sw->nops < 2 || sw->nops % 2) return MSSA_VAL_NONE;
  const mssa_val *ops = mssa_inst_ops(f, sw);
  if (MSSA_VAL_KIND(ops[0]) != MSSA_VK_INST) return MSSA_VAL_NONE;
  const mssa_inst *ld = &f->insts.a[MSSA_VAL_INDEX(ops[0])];
  if (ld->opcode != MSSA_OP_LOAD || ld->nops < 1 || (ld->flags & MSSA_IF_VOLATILE))
    return MSSA_VAL_NONE;
  mssa_val slot = mssa_inst_ops(f, ld)[0];
  if (MSSA_VAL_KIND(slot) != MSSA_VK_INST ||
      f->insts.a[MSSA_VAL_INDEX(slot)].opcode != MSSA_OP_ALLOCA || !simple_slot(s, cache, slot))
    return MSSA_VAL_NONE;
  return slot;
}

bool mssa__is_dispatch(const mssa_ssa *s, mssa__slots *cache, uint32_t d) {
  return dispatch_slot(s, cache, d) != MSSA_VAL_NONE;
}

bool mssa__slot_edge(const mssa_ssa *s, mssa__slots *cache, uint32_t d, uint32_t t,
                     mssa__slotc *out) {
  const mssa_func *f = s->f;
  memset(out, 0, sizeof *out);
  mssa_val slot = dispatch_slot(s, cache, d);
  if (slot == MSSA_VAL_NONE) return false;
  const mssa_inst *sw = &f->insts.a[f->blocks.a[d].last];
  const mssa_val *ops = mssa_inst_ops(f, sw);
  mssa_val tb = MSSA_VAL(MSSA_VK_BLOCK, t);
  out->slot = slot;
  out->neg = ops[1] == tb;   /* the default: every value no case sends elsewhere */
  for (uint32_t k = 2; k + 1 < sw->nops; k += 2) {
    int64_t v;
    if (!const_int(s->m, ops[k], &v)) return false;
    if ((ops[k + 1] == tb) == out->neg) continue;   /* pos: cases to t; neg: cases elsewhere */
    if (out->n == MSSA__SLOT_VALS) return false;
    out->v[out->n++] = v;
  }
  MSSA_ASSERT(out->n <= MSSA__SLOT_VALS);
  return out->neg || out->n;
}

static bool has(const mssa__slotc *a, int64_t v) {
  for (uint32_t i = 0; i < a->n; i++)
    if (a->v[i] == v) return true;
  return false;
}

bool mssa__slot_meet(mssa__slotc *a, const mssa__slotc *b) {
  if (b->slot == MSSA_VAL_NONE) return true;
  if (a->slot == MSSA_VAL_NONE) {
    *a = *b;
    return true;
  }
  if (a->slot != b->slot) return true;   /* one constraint at a time: keep the first */
  mssa__slotc r;
  memset(&r, 0, sizeof r);
  r.slot = a->slot;
  if (a->neg && b->neg) {   /* none of either: the union, if it fits */
    r = *a;
    r.neg = 1;
    for (uint32_t i = 0; i < b->n; i++) {
      if (has(&r, b->v[i])) continue;
      if (r.n == MSSA__SLOT_VALS) return true;   /* keep a: fewer paths removed */
      r.v[r.n++] = b->v[i];
    }
  } else {
    const mssa__slotc *pos = a->neg ? b : a, *other = a->neg ? a : b;
    for (uint32_t i = 0; i < pos->n; i++)
      if (has(other, pos->v[i]) != other->neg) r.v[r.n++] = pos->v[i];
    if (!r.n) return false;
  }
  *a = r;
  return true;
}

bool mssa__slot_chain(const mssa_ssa *s, uint32_t from, uint32_t to, mssa__slotc *a) {
  if (a->slot == MSSA_VAL_NONE) return true;
  const mssa_func *f = s->f;
  for (uint32_t x = from; x != MSSA_NONE; x = s->acc.a[x].def) {
    const mssa_access *ac = &s->acc.a[x];
    if (ac->kind != MSSA_ACC_DEF) return true;   /* a phi or liveOnEntry: decided there */
    const mssa_inst *in = &f->insts.a[ac->inst];
    if (in->opcode == MSSA_OP_STORE && in->nops >= 2 && mssa_inst_ops(f, in)[1] == a->slot) {
      int64_t v;
      /* the slot is sent elsewhere: no C path */
      if (const_int(s->m, mssa_inst_ops(f, in)[0], &v) && has(a, v) == a->neg) return false;
      memset(a, 0, sizeof *a);   /* decided: no constraint above this store */
      return true;
    }
    if (x == to) return true;
  }
  return true;
}

uint32_t mssa__succ_toward(const mssa_ssa *s, uint32_t d, uint32_t to) {
  const mssa_cfg *g = &s->cfg;
  if (d >= g->n || to >= g->n) return MSSA_NONE;
  uint8_t *seen = calloc(g->n, 1);
  uint32_t *st = malloc(((size_t)g->n + 1) * sizeof *st);
  if (!seen || !st) abort();
  uint32_t found = MSSA_NONE;
  for (uint32_t e = g->succ_off[d]; e < g->succ_off[d + 1]; e++) {
    uint32_t t = g->succ[e];
    if (t == found) continue;
    memset(seen, 0, g->n);
    seen[d] = 1;   /* never through d again */
    uint32_t n = 0;
    bool hit = false;
    st[n++] = t;
    seen[t] = 1;
    while (n && !hit) {
      uint32_t b = st[--n];
      hit = b == to;
      for (uint32_t k = g->succ_off[b]; k < g->succ_off[b + 1] && !hit; k++)
        if (!seen[g->succ[k]]) {
          seen[g->succ[k]] = 1;
          st[n++] = g->succ[k];
          MSSA_ASSERT(n <= g->n);   /* invariant 2: each block once */
        }
    }
    if (!hit) continue;
    if (found != MSSA_NONE) {
      found = MSSA_NONE;   /* two ways: no one edge */
      break;
    }
    found = t;
  }
  free(seen);
  free(st);
  return found;
}

bool mssa__in_loop(const mssa_ssa *s, uint32_t header, uint32_t latch, uint32_t a) {
  const mssa_cfg *g = &s->cfg;
  if (a == header) return true;
  if (header >= g->n || latch >= g->n || a >= g->n) return false;
  uint8_t *seen = calloc(g->n, 1);
  uint32_t *st = malloc(((size_t)g->n + 1) * sizeof *st);
  if (!seen || !st) abort();
  uint32_t n = 0;
  bool hit = false;
  seen[header] = 1;
  seen[latch] = 1;
  st[n++] = latch;
  while (n && !hit) {   /* the natural loop: backwards from the latch to the header */
    uint32_t b = st[--n];
    hit = b == a;
    for (uint32_t k = g->pred_off[b]; k < g->pred_off[b + 1] && !hit; k++)
      if (!seen[g->pred[k]]) {
        seen[g->pred[k]] = 1;
        st[n++] = g->pred[k];
        MSSA_ASSERT(n <= g->n);
      }
  }
  free(seen);
  free(st);
  return hit;
}
