/*
** phitrans.c -- address translation across phis (LLVM 14's PHITransAddr, as
** used by MemorySSA's upward_defs with MustDominate = true).
**
** Translating pointer P from block CUR into predecessor PRED: a phi in CUR
** becomes its incoming value from PRED; a cast or getelementptr defined in
** CUR is rebuilt from translated operands, which succeeds only if an
** equivalent instruction already exists in a block dominating PRED (or the
** getelementptr simplifies to its base). Values defined outside CUR are left
** alone. The result must dominate PRED.
**
** Invariants:
**   1. Translation never creates IR; it only finds existing values.
**   2. Depth is bounded (MSSA__PHITRANS_DEPTH); deeper expressions fail,
**      which callers treat as "no translation" exactly like LLVM's failure.
**   3. The user index (value -> instructions using it) is built once per
**      graph, lazily, on the first translation that needs it.
**   4. A folded constant goes where the calling thread's constant slice
**      says (mssa_const_slice_use). With none, the default and the only
**      mode of the daemon and of a one-thread CLI, it is appended to
**      m->consts / m->cops as it always was.
**   5. With a slice in use, a fold writes only into that slice's reserved
**      range: m->consts.n, m->cops.n and the arrays' addresses do not
**      change, so other threads may read the module meanwhile. A folded
**      constant is read only through the graph that folded it (its user
**      index remembers it), so one slice serves one graph at a time.
**   6. A fold that finds its slice full asks the slice's on_full hook, if
**      it has one, whether the module is now the caller's alone; if so the
**      fold goes into the module as with no slice (the hook must have made
**      sure no other thread reads the module until this graph is done).
**      Else it sets the slice's `overflow` and fails the translation as if
**      LLVM could not translate: the graph (and whatever was computed from
**      it) is then not the one-thread answer and must be thrown away and
**      rebuilt with no slice in use, while no other thread uses the module.
**   7. Ids keep their order: slices lie after every constant the reader
**      made, within a slice (or with none) folds take increasing ids, and
**      a fold past a full slice (invariant 6) is appended after all slices,
**      so a graph's folded constants compare with each other and with the
**      module's exactly as in a one-thread build.
*/
#include "alias/phitrans.h"

#include <string.h>

#include "alias/alias_internal.h"
#include "base/check.h"

#define MSSA__PHITRANS_DEPTH 64

/* The calling thread's slice (invariant 4); NULL: fold into the module. */
static _Thread_local mssa_const_slice *cur_slice;

mssa_const_slice *mssa_const_slice_use(mssa_const_slice *sl) {
  mssa_const_slice *old = cur_slice;
  cur_slice = sl;
  return old;
}

void mssa_const_slice_reserve(mssa_module *m, mssa_const_slice *sl, uint32_t nconsts,
                              uint32_t nops) {
  /* Placeholders: a void undef, which no instruction names. */
  mssa_const ph;
  memset(&ph, 0, sizeof ph);
  ph.kind = MSSA_C_UNDEF;
  ph.type = m->t_void;
  memset(sl, 0, sizeof *sl);
  sl->c_lo = m->consts.n;
  sl->c_cap = nconsts;
  sl->o_lo = m->cops.n;
  sl->o_cap = nops;
  mssa_vec_reserve(&m->consts, m->consts.n + nconsts);
  mssa_vec_reserve(&m->cops, m->cops.n + nops);
  for (uint32_t k = 0; k < nconsts; k++) m->consts.a[m->consts.n++] = ph;
  for (uint32_t k = 0; k < nops; k++) m->cops.a[m->cops.n++] = MSSA_VAL_NONE;
  /* Invariant 7: the slice lies after every constant made so far. */
  MSSA_ASSERT(m->consts.n == sl->c_lo + nconsts && m->cops.n == sl->o_lo + nops);
}

void mssa_const_slice_reset(mssa_const_slice *sl) {
  sl->c_n = sl->o_n = 0;
  sl->overflow = false;
}

static bool slice_full(const mssa_const_slice *sl, uint32_t nops) {
  return sl->c_n >= sl->c_cap || nops > sl->o_cap - sl->o_n;
}

struct mssa_users {
  mssa_u64map head;      /* value -> first entry */
  uint32_t *inst;        /* entry -> using instruction */
  uint32_t *next;        /* entry -> next entry for the same value */
  uint32_t n;
  mssa_u64map synth;     /* hash -> constant made by folding a translation */
};

static mssa_users *users_build(const mssa_func *f) {
  mssa_users *u = mssa_xcalloc(1, sizeof *u);
  uint32_t total = 0;
  for (uint32_t i = 0; i < f->insts.n; i++)
    if (f->insts.a[i].block != MSSA_NONE) total += f->insts.a[i].nops;
  u->inst = mssa_xmalloc((total ? total : 1) * sizeof(uint32_t));
  u->next = mssa_xmalloc((total ? total : 1) * sizeof(uint32_t));
  /* Insert in reverse so each list comes out in instruction-id order. */
  for (uint32_t i = f->insts.n; i-- > 0;) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    for (uint32_t k = in->nops; k-- > 0;) {
      mssa_val v = ops[k];
      uint32_t kind = MSSA_VAL_KIND(v);
      if (kind != MSSA_VK_INST && kind != MSSA_VK_ARG && kind != MSSA_VK_GLOBAL &&
          kind != MSSA_VK_CONST)
        continue;
      uint32_t e = u->n++;
      u->inst[e] = i;
      u->next[e] = mssa_u64map_get(&u->head, v);
      mssa_u64map_put(&u->head, v, e);
    }
  }
  return u;
}

void mssa_users_free(mssa_users *u) {
  if (!u) return;
  mssa_u64map_free(&u->head);
  mssa_u64map_free(&u->synth);
  free(u->inst);
  free(u->next);
  free(u);
}

static bool is_cast(unsigned op) { return op >= MSSA_OP_TRUNC && op <= MSSA_OP_ADDRSPACECAST; }

static bool const_is_zero_int(const mssa_module *m, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(m, v);
  return (c->kind == MSSA_C_INT && c->ival == 0 && !c->wide) || c->kind == MSSA_C_ZERO;
}

/* A ConstantInt that fits in 64 bits: its value (sign-extended from its
** width) and type. LLVM uniques ConstantInts by (type, value), so two such
** values are "the same constant" exactly when both agree. */
static bool const_int(const mssa_module *m, mssa_val v, int64_t *val, uint32_t *type) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(m, v);
  if (c->kind == MSSA_C_ZERO && mssa_type_get(m, c->type)->kind == MSSA_T_INT) {
    *val = 0;
    *type = c->type;
    return true;
  }
  if (c->kind != MSSA_C_INT || c->wide) return false;
  *val = c->ival;
  *type = c->type;
  return true;
}

typedef struct tctx {
  mssa_module *m;
  const mssa_func *f;
  const mssa_domtree *dt;
  mssa_users **users;
  uint32_t cur, pred;
} tctx;

static uint32_t block_of(const tctx *t, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return MSSA_NONE;
  return t->f->insts.a[MSSA_VAL_INDEX(v)].block;
}

static bool avail_in_pred(const tctx *t, uint32_t inst) {
  uint32_t b = t->f->insts.a[inst].block;
  return b != MSSA_NONE && mssa_dt_dominates(t->dt, b, t->pred);
}

/*
** Folding a translated cast or getelementptr whose operands became constants
** yields a constant LLVM would create (ConstantExpr::getCast, SimplifyGEPInst's
** constant folding). We intern it into the module once per (kind, opcode,
** type, operands), so the same translation always gives the same value and
** locations built from it compare equal.
*/
static mssa_val synth(const tctx *t, const mssa_const *c, const mssa_val *ops) {
  if (!*t->users) *t->users = users_build(t->f);
  mssa_users *u = *t->users;
  mssa_module *m = t->m;
  uint64_t key[6] = {c->kind, c->opcode, c->type, c->aux, (uint64_t)c->ival, c->flags};
  uint64_t h = mssa_hash(key, sizeof key) ^ (c->nops ? mssa_hash(ops, c->nops * sizeof(mssa_val)) : 0);
  uint32_t id = mssa_u64map_get(&u->synth, h);
  if (id != MSSA_NONE) {
    const mssa_const *o = &m->consts.a[id];
    if (o->kind == c->kind && o->opcode == c->opcode && o->type == c->type && o->aux == c->aux &&
        o->ival == c->ival && o->flags == c->flags && o->nops == c->nops &&
        (!c->nops || !memcmp(m->cops.a + o->ops, ops, c->nops * sizeof(mssa_val))))
      return MSSA_VAL(MSSA_VK_CONST, id);
  }
  mssa_const nc = *c;
  mssa_const_slice *sl = cur_slice;
  if (sl && slice_full(sl, c->nops)) {   /* invariant 6 */
    if (!sl->on_full || !sl->on_full(sl->on_full_arg)) {
      sl->overflow = true;
      return MSSA_VAL_NONE;
    }
    sl = NULL;   /* the module is this thread's alone now */
  }
  if (sl) {
    uint32_t nconsts = m->consts.n, ncops = m->cops.n;
    nc.ops = sl->o_lo + sl->o_n;
    sl->o_n += c->nops;
    id = sl->c_lo + sl->c_n++;
    /* Invariant 5: inside the slice's reserved range, the module's sizes
    ** untouched. */
    MSSA_ASSERT(sl->c_n <= sl->c_cap && sl->o_n <= sl->o_cap);
    MSSA_ASSERT(m->consts.n == nconsts && m->cops.n == ncops);
    for (uint32_t k = 0; k < c->nops; k++) m->cops.a[nc.ops + k] = ops[k];
    m->consts.a[id] = nc;
  } else {
    nc.ops = m->cops.n;
    for (uint32_t k = 0; k < c->nops; k++) mssa_vec_push(&m->cops, ops[k]);
    mssa_vec_push(&m->consts, nc);
    id = m->consts.n - 1;
  }
  mssa_u64map_put(&u->synth, h, id);
  return MSSA_VAL(MSSA_VK_CONST, id);
}


/* ConstantExpr::getCast of a constant operand. */
static mssa_val fold_cast(const tctx *t, const mssa_inst *in, mssa_val x) {
  const mssa_const *cx = mssa_const_get(t->m, x);
  const mssa_type *dt = mssa_type_get(t->m, in->type);
  mssa_const c;
  memset(&c, 0, sizeof c);
  c.type = in->type;
  if (cx->kind == MSSA_C_INT && !cx->wide && dt->kind == MSSA_T_INT &&
      (in->opcode == MSSA_OP_TRUNC || in->opcode == MSSA_OP_ZEXT || in->opcode == MSSA_OP_SEXT)) {
    uint32_t sbits = mssa_type_get(t->m, cx->type)->bits;
    uint64_t v = (uint64_t)cx->ival;
    if (in->opcode == MSSA_OP_ZEXT && sbits < 64) v &= (1ull << sbits) - 1;
    c.kind = MSSA_C_INT;
    c.ival = mssa__sext(v, dt->bits);
    return synth(t, &c, NULL);
  }
  c.kind = MSSA_C_EXPR;
  c.opcode = in->opcode;
  c.aux = in->aux;
  c.nops = 1;
  return synth(t, &c, &x);
}

static mssa_val translate(const tctx *t, mssa_val v, int depth);

/* LLVM 15+'s simplifyGEPInst: with opaque pointers a GEP whose indices are
** all zero is its pointer, when the types agree (LLVM 14 folds only a
** single zero index). Measured: opt-15 translates a[0][i] at i = 0 to a. */
static bool all_zero_gep(const tctx *t, const mssa_val *nops, const mssa_inst *in) {
  if (mssa_val_type(t->m, t->f, nops[0]) != in->type) return false;
  for (uint32_t k = 1; k < in->nops; k++)
    if (!const_is_zero_int(t->m, nops[k])) return false;
  return true;
}

/* An add of a constant (LLVM's PHITransAddr handles `add X, C` besides casts
** and getelementptrs): X is translated; an X that is itself `add Y, C2`
** folds into `add Y, C+C2` (dropping the wrap flags); the add then
** simplifies (SimplifyAddInst's rules that can apply to a constant right
** operand) or must exist already, as an `add Y, C'` in a block dominating
** PRED. Unlike a getelementptr, the fold happens even when X did not change,
** so a location whose index is an add of an add can fail to translate. */
static mssa_val translate_add(const tctx *t, mssa_val v, const mssa_inst *in, int depth) {
  const mssa_val *ops = mssa_inst_ops(t->f, in);
  int64_t rhs, c2;
  uint32_t ty, ty2;
  if (!const_int(t->m, ops[1], &rhs, &ty)) return MSSA_VAL_NONE;
  uint32_t bits = mssa_type_get(t->m, ty)->bits;
  bool nsw = in->opflags & MSSA_OF_NSW, nuw = in->opflags & MSSA_OF_NUW;
  mssa_val lhs = translate(t, ops[0], depth + 1);
  if (lhs == MSSA_VAL_NONE) return MSSA_VAL_NONE;
  mssa_val rhsv = ops[1];
  if (MSSA_VAL_KIND(lhs) == MSSA_VK_INST) {
    const mssa_inst *li = &t->f->insts.a[MSSA_VAL_INDEX(lhs)];
    if (li->opcode == MSSA_OP_ADD && li->nops == 2 && const_int(t->m, mssa_inst_ops(t->f, li)[1], &c2, &ty2)) {
      lhs = mssa_inst_ops(t->f, li)[0];
      rhs = mssa__sext((uint64_t)rhs + (uint64_t)c2, bits);
      rhsv = MSSA_VAL_NONE;   /* a new constant: made below if needed */
      nsw = nuw = false;
    }
  }
  /* SimplifyAddInst with a constant right operand. */
  int64_t lv;
  uint32_t lty;
  mssa_const c;
  memset(&c, 0, sizeof c);
  c.kind = MSSA_C_INT;
  c.type = ty;
  if (const_int(t->m, lhs, &lv, &lty)) {   /* C1 + C2 folds */
    c.ival = mssa__sext((uint64_t)lv + (uint64_t)rhs, bits);
    return synth(t, &c, NULL);
  }
  if (rhs == 0) return lhs;                                  /* X + 0 */
  if (nuw && mssa__sext((uint64_t)-1, bits) == rhs) {          /* add nuw X, -1 */
    c.ival = rhs;
    return synth(t, &c, NULL);
  }
  if (MSSA_VAL_KIND(lhs) == MSSA_VK_INST) {                   /* (Y - C) + C */
    const mssa_inst *li = &t->f->insts.a[MSSA_VAL_INDEX(lhs)];
    if (li->opcode == MSSA_OP_SUB && li->nops == 2 && const_int(t->m, mssa_inst_ops(t->f, li)[1], &c2, &ty2) &&
        ty2 == ty && c2 == rhs)
      return mssa_inst_ops(t->f, li)[0];
    /* add nsw/nuw (xor Y, signmask), signmask: the add clears the bit. */
    int64_t sign = bits ? mssa__sext(1ull << (bits - 1), bits) : 0;
    if ((nsw || nuw) && bits && rhs == sign && li->opcode == MSSA_OP_XOR && li->nops == 2 &&
        const_int(t->m, mssa_inst_ops(t->f, li)[1], &c2, &ty2) && ty2 == ty && c2 == sign)
      return mssa_inst_ops(t->f, li)[0];
  }
  if (lhs == ops[0] && rhsv == ops[1]) return v;
  /* An existing `add LHS, RHS` available in PRED. */
  if (!*t->users) *t->users = users_build(t->f);
  mssa_users *u = *t->users;
  for (uint32_t e = mssa_u64map_get(&u->head, lhs); e != MSSA_NONE; e = u->next[e]) {
    const mssa_inst *a = &t->f->insts.a[u->inst[e]];
    if (a->opcode != MSSA_OP_ADD || a->nops != 2) continue;
    const mssa_val *aops = mssa_inst_ops(t->f, a);
    if (aops[0] != lhs || !const_int(t->m, aops[1], &c2, &ty2) || ty2 != ty || c2 != rhs) continue;
    if (avail_in_pred(t, u->inst[e])) return MSSA_VAL(MSSA_VK_INST, u->inst[e]);
  }
  return MSSA_VAL_NONE;
}

/* Returns the translated value or MSSA_VAL_NONE on failure. */
static mssa_val translate(const tctx *t, mssa_val v, int depth) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return v;
  if (depth > MSSA__PHITRANS_DEPTH) return MSSA_VAL_NONE;   /* invariant 2 */
  MSSA_ASSERT(depth >= 0 && MSSA_VAL_INDEX(v) < t->f->insts.n);
  uint32_t id = MSSA_VAL_INDEX(v);
  const mssa_inst *in = &t->f->insts.a[id];
  if (in->block != t->cur) return v; /* an input defined elsewhere stays */
  const mssa_val *ops = mssa_inst_ops(t->f, in);
  if (in->opcode == MSSA_OP_PHI) {
    for (uint32_t k = 0; k + 1 < in->nops; k += 2)
      if (MSSA_VAL_INDEX(ops[k + 1]) == t->pred) return ops[k];
    return MSSA_VAL_NONE;
  }
  if (is_cast(in->opcode)) {
    /* Only casts that are safe to speculate (all but none here). */
    mssa_val x = translate(t, ops[0], depth + 1);
    if (x == MSSA_VAL_NONE) return MSSA_VAL_NONE;
    if (x == ops[0]) return v;
    if (MSSA_VAL_KIND(x) == MSSA_VK_CONST) return fold_cast(t, in, x);
    if (!*t->users) *t->users = users_build(t->f);
    mssa_users *u = *t->users;
    for (uint32_t e = mssa_u64map_get(&u->head, x); e != MSSA_NONE; e = u->next[e]) {
      const mssa_inst *c = &t->f->insts.a[u->inst[e]];
      if (c->opcode == in->opcode && c->type == in->type && avail_in_pred(t, u->inst[e]))
        return MSSA_VAL(MSSA_VK_INST, u->inst[e]);
    }
    return MSSA_VAL_NONE;
  }
  if (in->opcode == MSSA_OP_GEP) {
    mssa_val tmp[16];
    mssa_val *nops = in->nops <= 16 ? tmp : mssa_xmalloc(in->nops * sizeof(mssa_val));
    bool changed = false, ok = true;
    for (uint32_t k = 0; k < in->nops && ok; k++) {
      nops[k] = translate(t, ops[k], depth + 1);
      if (nops[k] == MSSA_VAL_NONE) ok = false;
      else if (nops[k] != ops[k]) changed = true;
    }
    mssa_val res = MSSA_VAL_NONE;
    if (!ok) goto done;
    if (!changed) { res = v; goto done; }
    /* SimplifyGEPInst: gep P -> P; gep P, 0 -> P when the types agree;
    ** all-constant operands fold to a constant expression. */
    if (in->nops == 1 ||
        (in->nops == 2 && const_is_zero_int(t->m, nops[1]) &&
         mssa_val_type(t->m, t->f, nops[0]) == in->type) ||
        (mssa_module_llvm_version(t->m) >= MSSA_LLVM_CURRENT && all_zero_gep(t, nops, in))) {
      res = nops[0];
      goto done;
    }
    {
      bool allconst = true;
      for (uint32_t k = 0; k < in->nops; k++)
        if (MSSA_VAL_KIND(nops[k]) != MSSA_VK_CONST && MSSA_VAL_KIND(nops[k]) != MSSA_VK_GLOBAL &&
            MSSA_VAL_KIND(nops[k]) != MSSA_VK_FUNC) { allconst = false; break; }
      if (allconst) {
        mssa_const c;
        memset(&c, 0, sizeof c);
        c.kind = MSSA_C_EXPR;
        c.opcode = MSSA_OP_GEP;
        c.flags = in->flags & MSSA_IF_INBOUNDS;
        c.type = in->type;
        c.aux = in->aux;
        c.nops = in->nops;
        res = synth(t, &c, nops);
        goto done;
      }
    }
    if (!*t->users) *t->users = users_build(t->f);
    {
      mssa_users *u = *t->users;
      for (uint32_t e = mssa_u64map_get(&u->head, nops[0]); e != MSSA_NONE; e = u->next[e]) {
        const mssa_inst *g = &t->f->insts.a[u->inst[e]];
        if (g->opcode != MSSA_OP_GEP || g->type != in->type || g->nops != in->nops) continue;
        if (!avail_in_pred(t, u->inst[e])) continue;
        if (memcmp(mssa_inst_ops(t->f, g), nops, in->nops * sizeof(mssa_val)) == 0) {
          res = MSSA_VAL(MSSA_VK_INST, u->inst[e]);
          break;
        }
      }
    }
  done:
    if (nops != tmp) free(nops);
    return res;
  }
  if (in->opcode == MSSA_OP_ADD && in->nops == 2) return translate_add(t, v, in, depth);
  return MSSA_VAL_NONE;
}

bool mssa_phi_translate(mssa_module *m, const mssa_func *f, const mssa_domtree *dt,
                        mssa_users **users, mssa_val addr, uint32_t cur, uint32_t pred,
                        mssa_val *out) {
  if (!mssa_dt_reachable(dt, pred)) return false;
  tctx t = {m, f, dt, users, cur, pred};
  mssa_val r = translate(&t, addr, 0);
  if (r == MSSA_VAL_NONE) return false;
  /* Invariant 1: an existing instruction or a constant of the module. */
  MSSA_ASSERT(MSSA_VAL_KIND(r) != MSSA_VK_INST || MSSA_VAL_INDEX(r) < f->insts.n);
  MSSA_ASSERT(MSSA_VAL_KIND(r) != MSSA_VK_CONST || MSSA_VAL_INDEX(r) < m->consts.n);
  uint32_t b = block_of(&t, r);
  if (MSSA_VAL_KIND(r) == MSSA_VK_INST && (b == MSSA_NONE || !mssa_dt_dominates(dt, b, pred)))
    return false;
  *out = r;
  return true;
}

/*
** LLVM's IsGuaranteedLoopInvariant: a pointer (after stripping casts) that
** is not an instruction, is an alloca, is defined in the entry block, or is
** a constant-index GEP of such a base.
*/
static mssa_val strip_casts(const mssa_module *m, const mssa_func *f, mssa_val v) {
  for (int guard = 0; guard < 1000; guard++) {
    if (MSSA_VAL_KIND(v) == MSSA_VK_INST) {
      const mssa_inst *in = &f->insts.a[MSSA_VAL_INDEX(v)];
      if (in->opcode == MSSA_OP_BITCAST || in->opcode == MSSA_OP_ADDRSPACECAST) {
        v = mssa_inst_ops(f, in)[0];
        continue;
      }
      if (in->opcode == MSSA_OP_GEP && in->nops >= 1) {
        const mssa_val *ops = mssa_inst_ops(f, in);
        bool allzero = true;
        for (uint32_t k = 1; k < in->nops; k++)
          if (!const_is_zero_int(m, ops[k])) { allzero = false; break; }
        if (allzero) { v = ops[0]; continue; }
      }
      return v;
    }
    if (MSSA_VAL_KIND(v) == MSSA_VK_CONST) {
      const mssa_const *c = mssa_const_get(m, v);
      if (c->kind == MSSA_C_EXPR && c->nops >= 1 &&
          (c->opcode == MSSA_OP_BITCAST || c->opcode == MSSA_OP_ADDRSPACECAST)) {
        v = m->cops.a[c->ops];
        continue;
      }
      if (c->kind == MSSA_C_EXPR && c->opcode == MSSA_OP_GEP && c->nops >= 1) {
        bool allzero = true;
        for (uint32_t k = 1; k < c->nops; k++)
          if (!const_is_zero_int(m, m->cops.a[c->ops + k])) { allzero = false; break; }
        if (allzero) { v = m->cops.a[c->ops]; continue; }
      }
    }
    return v;
  }
  return v;
}

static bool invariant_base(const mssa_module *m, const mssa_func *f, mssa_val v) {
  v = strip_casts(m, f, v);
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return true;
  return f->insts.a[MSSA_VAL_INDEX(v)].opcode == MSSA_OP_ALLOCA;
}

bool mssa_loop_invariant_ptr(const mssa_module *m, const mssa_func *f, mssa_val p) {
  p = strip_casts(m, f, p);
  if (MSSA_VAL_KIND(p) == MSSA_VK_INST) {
    const mssa_inst *in = &f->insts.a[MSSA_VAL_INDEX(p)];
    if (in->block == f->entry) return true;
    if (in->opcode == MSSA_OP_GEP) {
      const mssa_val *ops = mssa_inst_ops(f, in);
      for (uint32_t k = 1; k < in->nops; k++)
        if (MSSA_VAL_KIND(ops[k]) != MSSA_VK_CONST) return false;
      /* hasAllConstantIndices: ConstantInt indices only. */
      for (uint32_t k = 1; k < in->nops; k++)
        if (mssa_const_get(m, ops[k])->kind != MSSA_C_INT &&
            mssa_const_get(m, ops[k])->kind != MSSA_C_ZERO)
          return false;
      return invariant_base(m, f, ops[0]);
    }
  } else if (MSSA_VAL_KIND(p) == MSSA_VK_CONST) {
    const mssa_const *c = mssa_const_get(m, p);
    if (c->kind == MSSA_C_EXPR && c->opcode == MSSA_OP_GEP) {
      for (uint32_t k = 1; k < c->nops; k++) {
        mssa_val ix = m->cops.a[c->ops + k];
        if (MSSA_VAL_KIND(ix) != MSSA_VK_CONST || mssa_const_get(m, ix)->kind != MSSA_C_INT)
          return false;
      }
      return invariant_base(m, f, m->cops.a[c->ops]);
    }
  }
  return invariant_base(m, f, p);
}

/*
** LLVM 14's getInvariantGroupClobberingInstruction: for a load or store with
** !invariant.group, the most dominating other load/store with
** !invariant.group through the same pointer (looking through bitcasts and
** all-zero GEPs of it). Users are visited in LLVM's use-list order, which
** for a module read from text is the reverse of the order uses were made.
*/
uint32_t mssa_invariant_group_clobber(const mssa_module *m, const mssa_func *f,
                                      const mssa_domtree *dt, const uint32_t *inst_pos,
                                      mssa_users **users, uint32_t inst) {
  const mssa_inst *in = &f->insts.a[inst];
  if (!(in->flags & MSSA_IF_INVARIANT_GROUP) || (in->flags & MSSA_IF_VOLATILE)) return MSSA_NONE;
  if (in->opcode != MSSA_OP_LOAD && in->opcode != MSSA_OP_STORE) return MSSA_NONE;
  mssa_val ptr = mssa_inst_ops(f, in)[in->opcode == MSSA_OP_LOAD ? 0 : 1];
  ptr = strip_casts(m, f, ptr);
  uint32_t k = MSSA_VAL_KIND(ptr);
  if (k == MSSA_VK_CONST || k == MSSA_VK_GLOBAL || k == MSSA_VK_FUNC) return MSSA_NONE;
  if (!*users) *users = users_build(f);
  mssa_users *u = *users;
  MSSA_VEC(mssa_val) queue = {0};
  mssa_u32vec list = {0};
  mssa_vec_push(&queue, ptr);
  uint32_t most = inst;
  /* Each value is queued at most once: a cast or GEP has one result. */
  while (queue.n) {
    mssa_val p = queue.a[--queue.n];
    list.n = 0;
    for (uint32_t e = mssa_u64map_get(&u->head, p); e != MSSA_NONE; e = u->next[e])
      if (!list.n || list.a[list.n - 1] != u->inst[e]) mssa_vec_push(&list, u->inst[e]);
    for (uint32_t j = list.n; j-- > 0;) {
      uint32_t ui = list.a[j];
      const mssa_inst *U = &f->insts.a[ui];
      if (ui == inst || U->block == MSSA_NONE) continue;
      const mssa_inst *M = &f->insts.a[most];
      bool dom = U->block == M->block ? inst_pos[ui] < inst_pos[most]
                                      : mssa_dt_dominates(dt, U->block, M->block);
      if (!dom) continue;
      if (U->opcode == MSSA_OP_BITCAST) {
        mssa_vec_push(&queue, MSSA_VAL(MSSA_VK_INST, ui));
        continue;
      }
      if (U->opcode == MSSA_OP_GEP) {
        const mssa_val *ops = mssa_inst_ops(f, U);
        bool allzero = true;
        for (uint32_t q = 1; q < U->nops; q++)
          if (!const_is_zero_int(m, ops[q])) { allzero = false; break; }
        if (allzero) mssa_vec_push(&queue, MSSA_VAL(MSSA_VK_INST, ui));
        continue;
      }
      if ((U->flags & MSSA_IF_INVARIANT_GROUP) && !(U->flags & MSSA_IF_VOLATILE) &&
          (U->opcode == MSSA_OP_LOAD || U->opcode == MSSA_OP_STORE) &&
          mssa_inst_ops(f, U)[U->opcode == MSSA_OP_LOAD ? 0 : 1] == p)
        most = ui;
    }
  }
  mssa_vec_free(&queue);
  mssa_vec_free(&list);
  return most == inst ? MSSA_NONE : most;
}
