/*
** ll_read_const.c -- values: local/global references (with forward
** references), literal constants, aggregates and constant expressions.
**
** Invariants:
**   1. Constants are interned (an id set over kind/flags/opcode/type/aux/
**      ival/ops), except blockaddress, whose block operand is patched later.
**   2. Integer constants keep the low 64 bits sign-extended from the type's
**      width; `wide` is set when an iN with N > 64 holds a value that does
**      not fit in int64_t.
**   3. Comparison predicates use LLVM's CmpInst::Predicate numbering
**      (fcmp false..true = 0..15, icmp eq..sle = 32..41).
**   4. Constant expressions nest through mssa__ll_enter, so their depth is
**      bounded (LL_MAX_DEPTH) whatever the input.
*/
#include "reader/reader_internal.h"

#include <stdio.h>
#include <string.h>

#include "base/check.h"

/* ------------------------------------------------------------- interning */

static uint64_t const_hash(const mssa_const *c, const mssa_val *ops) {
  uint64_t h = MSSA_HASH_SEED;
  h = mssa_hash_mix(h, c->kind);
  h = mssa_hash_mix(h, c->flags);
  h = mssa_hash_mix(h, c->opcode);
  h = mssa_hash_mix(h, c->type);
  h = mssa_hash_mix(h, c->aux);
  h = mssa_hash_mix(h, (uint64_t)c->ival);
  h = mssa_hash_mix(h, c->wide);
  h = mssa_hash_mix(h, c->nops);
  for (uint32_t i = 0; i < c->nops; i++) h = mssa_hash_mix(h, ops[i]);
  return h;
}

static uint64_t const_id_hash(const void *ctx, uint32_t id) {
  const mssa_module *m = ctx;
  const mssa_const *c = &m->consts.a[id];
  return const_hash(c, m->cops.a + c->ops);
}

/* The key of a lookup: a constant and its operands (not yet in cops). */
typedef struct const_key {
  const mssa_const *c;
  const mssa_val *ops;
} const_key;

static int const_eq(const void *ctx, const void *key, uint32_t id) {
  const mssa_module *m = ctx;
  const mssa_const *a = ((const const_key *)key)->c, *b = &m->consts.a[id];
  const mssa_val *ops = ((const const_key *)key)->ops;
  if (a->kind != b->kind || a->flags != b->flags || a->opcode != b->opcode || a->type != b->type ||
      a->aux != b->aux || a->ival != b->ival || a->wide != b->wide || a->nops != b->nops)
    return 0;
  return a->nops == 0 || memcmp(ops, m->cops.a + b->ops, a->nops * sizeof(mssa_val)) == 0;
}

static uint32_t push_const(ll_parser *p, const mssa_const *c, const mssa_val *ops) {
  mssa_module *m = p->m;
  mssa_const nc = *c;
  nc.ops = m->cops.n;
  for (uint32_t i = 0; i < c->nops; i++) mssa_vec_push(&m->cops, ops[i]);
  MSSA_ASSERT(m->cops.n == nc.ops + c->nops); /* its operands, contiguous */
  uint32_t id = m->consts.n;
  mssa_vec_push(&m->consts, nc);
  return id;
}

uint32_t mssa__ll_const(ll_parser *p, const mssa_const *c, const mssa_val *ops) {
  const mssa_module *m = p->m;
  const_key key = {c, ops};
  uint32_t slot;
  mssa_idtab_reserve(&p->cset, const_id_hash, m);
  uint32_t id = mssa_idtab_find(&p->cset, const_hash(c, ops), const_eq, m, &key, &slot);
  if (id != MSSA_NONE) {
    /* invariant 1: an equal constant already has this id */
    MSSA_ASSERT(id < m->consts.n && m->consts.a[id].kind == c->kind);
    return id;
  }
  id = push_const(p, c, ops);
  mssa_idtab_set(&p->cset, slot, id);
  return id;
}

static mssa_const cblank(uint8_t kind, uint32_t ty) {
  mssa_const c;
  memset(&c, 0, sizeof c);
  c.kind = kind;
  c.type = ty;
  c.aux = MSSA_NONE;
  return c;
}

static mssa_val simple_const(ll_parser *p, uint8_t kind, uint32_t ty) {
  mssa_const c = cblank(kind, ty);
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, NULL));
}

static int64_t sext(uint64_t v, uint32_t bits) {
  if (bits >= 64) return (int64_t)v;
  uint64_t m = 1ull << (bits - 1);
  v &= (m << 1) - 1;
  return (int64_t)((v ^ m) - m);
}

mssa_val mssa__ll_const_int(ll_parser *p, uint32_t ty, int64_t v) {
  mssa_const c = cblank(MSSA_C_INT, ty);
  const mssa_type *t = &p->m->types.a[ty];
  c.ival = t->kind == MSSA_T_INT ? sext((uint64_t)v, t->bits) : v;
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, NULL));
}

int64_t mssa__ll_const_ival(ll_parser *p, mssa_val v, int *ok) {
  *ok = 0;
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return 0;
  const mssa_const *c = &p->m->consts.a[MSSA_VAL_INDEX(v)];
  if (c->kind == MSSA_C_INT) { *ok = !c->wide; return c->ival; }
  if (c->kind == MSSA_C_ZERO) { *ok = 1; return 0; }
  if (c->kind == MSSA_C_SPLAT) return mssa__ll_const_ival(p, p->m->cops.a[c->ops], ok);
  if (c->kind == MSSA_C_AGG && c->nops) {  /* splat vector index */
    int64_t first = mssa__ll_const_ival(p, p->m->cops.a[c->ops], ok);
    for (uint32_t i = 1; i < c->nops && *ok; i++) {
      int ok2;
      if (mssa__ll_const_ival(p, p->m->cops.a[c->ops + i], &ok2) != first || !ok2) *ok = 0;
    }
    return first;
  }
  return 0;
}

/* Integer literal (decimal or u0x/s0x hex) of integer type `ty`. */
static mssa_val int_literal(ll_parser *p, uint32_t ty) {
  ll_tok *t = &p->lx.tok;
  const char *s = p->m->text + t->toff;
  uint32_t n = t->tlen;
  uint64_t v = 0;
  int over = 0, neg = 0;
  if (t->kind == LT_HEXINT) {
    for (uint32_t i = 3; i < n; i++) {
      int c = s[i], d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      if (v >> 60) over = 1;
      v = (v << 4) | (uint64_t)d;
    }
    /* s0x: the hex digits are a two's complement value of the type width;
    ** u0x: unsigned. Either way the low bits are what we keep. */
  } else {
    uint32_t i = 0;
    if (s[0] == '-') { neg = 1; i = 1; }
    for (; i < n; i++) {
      uint64_t d = (uint64_t)(s[i] - '0');
      if (v > (UINT64_MAX - d) / 10) over = 1;
      v = v * 10 + d;
    }
  }
  const mssa_type *tt = &p->m->types.a[ty];
  MSSA_ASSERT(tt->kind == MSSA_T_INT && tt->bits >= 1); /* number_value checked the type */
  mssa_const c = cblank(MSSA_C_INT, ty);
  uint64_t lo = neg ? (uint64_t)0 - v : v;
  c.ival = sext(lo, tt->bits);
  /* invariant 2: the low bits, sign-extended from the type's width */
  MSSA_ASSERT(tt->bits >= 64 || sext((uint64_t)c.ival, tt->bits) == c.ival);
  if (tt->bits > 64) {
    if (over) c.wide = 1;
    else if (!neg && v > (uint64_t)INT64_MAX) c.wide = 1;
    else if (neg && v > (uint64_t)INT64_MAX + 1) c.wide = 1;
  }
  mssa__ll_next(p);
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, NULL));
}

static int is_fp_kind(uint8_t k) { return k >= MSSA_T_HALF && k <= MSSA_T_PPC_FP128; }

static mssa_val fp_literal(ll_parser *p, uint32_t ty) {
  ll_tok *t = &p->lx.tok;
  mssa_const c = cblank(MSSA_C_FP, ty);
  c.aux = mssa_strtab_intern(&p->m->strs, p->m->text + t->toff, t->tlen);
  mssa__ll_next(p);
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, NULL));
}

/* ------------------------------------------------------------ references */

/* A forward reference to `key` (first seen at `off`, expected type `ty`):
** a placeholder value of kind `kind` naming its entry in `fwd`, which the
** caller enters under `key`. */
static mssa_val add_fwd(ll_parser *p, ll_fwdvec *fwd, uint32_t kind, uint64_t key, uint32_t off,
                        uint32_t ty) {
  ll_fwd fw = {key, off, ty, MSSA_VAL_NONE};
  uint32_t idx = fwd->n;
  if (idx >= MSSA_MAX_INDEX) mssa__ll_err(p, off, "too many forward references");
  mssa_vec_push(fwd, fw);
  return MSSA_VAL(kind, idx);
}

mssa_val mssa__ll_global_ref(ll_parser *p, const ll_tok *t) {
  uint64_t key = t->kind == LT_GLOBALID ? LL_NUMKEY(t->num) : mssa__ll_name(p, t);
  uint32_t v = mssa_u64map_get(&p->gmap, key);
  if (v != MSSA_NONE) return v;
  if (p->gseed && (v = mssa_u64map_get(p->gseed, key)) != MSSA_NONE) return v;
  mssa_val fv = add_fwd(p, &p->gfwd, LL_VK_FWDG, key, t->off, MSSA_NONE);
  mssa_u64map_put(&p->gmap, key, fv);
  return fv;
}

static uint32_t new_block(ll_parser *p, uint32_t name, uint32_t slot, uint32_t off) {
  mssa_func *f = p->f;
  mssa_block b;
  memset(&b, 0, sizeof b);
  b.name = name;
  b.slot = slot;
  b.first = b.last = b.prev = b.next = MSSA_NONE;
  uint32_t id = f->blocks.n;
  mssa_vec_push(&f->blocks, b);
  mssa_vec_push(&p->bref, off);
  MSSA_ASSERT(p->bref.n == f->blocks.n); /* one first-reference entry per block id */
  return id;
}

uint32_t mssa__ll_block_ref(ll_parser *p, const ll_tok *t) {
  if (!p->f) mssa__ll_err(p, t->off, "invalid use of function-local name");
  if (t->kind != LT_LOCAL && t->kind != LT_LOCALID) mssa__ll_err(p, t->off, "expected a basic block");
  uint64_t key = mssa__ll_local_key(p, t);
  uint32_t v = mssa__ll_local_get(p, key);
  if (v == MSSA_NONE) {
    uint32_t id = new_block(p, t->kind == LT_LOCAL ? (uint32_t)key : MSSA_NONE,
                            t->kind == LT_LOCALID ? (uint32_t)t->num : MSSA_NONE, t->off);
    mssa__ll_local_put(p, key, MSSA_VAL(MSSA_VK_BLOCK, id));
    return id;
  }
  if (MSSA_VAL_KIND(v) != MSSA_VK_BLOCK) mssa__ll_err(p, t->off, "expected a basic block");
  return MSSA_VAL_INDEX(v);
}

static uint32_t val_type(ll_parser *p, mssa_val v) {
  /* ir.h invariant 5: a local value's index names an entry of its kind */
  MSSA_EXPENSIVE_ASSERT(MSSA_VAL_KIND(v) != MSSA_VK_INST || MSSA_VAL_INDEX(v) < p->f->insts.n);
  MSSA_EXPENSIVE_ASSERT(MSSA_VAL_KIND(v) != MSSA_VK_ARG || MSSA_VAL_INDEX(v) < p->f->nargs);
  MSSA_EXPENSIVE_ASSERT(MSSA_VAL_KIND(v) != LL_VK_FWDL || MSSA_VAL_INDEX(v) < p->lfwd.n);
  switch (MSSA_VAL_KIND(v)) {
  case MSSA_VK_INST: return p->f->insts.a[MSSA_VAL_INDEX(v)].type;
  case MSSA_VK_ARG: return p->f->args[MSSA_VAL_INDEX(v)].type;
  case LL_VK_FWDL: return p->lfwd.a[MSSA_VAL_INDEX(v)].type;
  default: return MSSA_NONE;
  }
}

static void type_mismatch(ll_parser *p, const ll_tok *t, uint32_t want, uint32_t have) {
  /* Pointer types are compared loosely: typed and opaque pointers may mix in
  ** one module when `ptr` first appears after typed pointers were used. */
  if (want == have || want == MSSA_NONE || have == MSSA_NONE) return;
  mssa_module *m = p->m;
  if (m->types.a[want].kind == MSSA_T_PTR && m->types.a[have].kind == MSSA_T_PTR) return;
  char a[128], b[128];
  mssa__ll_type_str(p, have, a, sizeof a);
  mssa__ll_type_str(p, want, b, sizeof b);
  mssa__ll_err(p, t->off, "'%.*s' defined with type '%s' but expected '%s'",
               (int)(t->end - t->off), m->text + t->off, a, b);
}

mssa_val mssa__ll_local_ref(ll_parser *p, const ll_tok *t, uint32_t ty) {
  if (!p->f) mssa__ll_err(p, t->off, "invalid use of function-local name");
  if (ty == p->m->t_label) return MSSA_VAL(MSSA_VK_BLOCK, mssa__ll_block_ref(p, t));
  uint64_t key = mssa__ll_local_key(p, t);
  uint32_t v = mssa__ll_local_get(p, key);
  if (v == MSSA_NONE) {
    mssa_val fv = add_fwd(p, &p->lfwd, LL_VK_FWDL, key, t->off, ty);
    mssa__ll_local_put(p, key, fv);
    return fv;
  }
  if (MSSA_VAL_KIND(v) == MSSA_VK_BLOCK) {
    mssa__ll_err(p, t->off, "'%.*s' is not a basic block", (int)(t->end - t->off), p->m->text + t->off);
  }
  type_mismatch(p, t, ty, val_type(p, v));
  return v;
}

/* ------------------------------------------------------------- constants */

static mssa_val parse_value(ll_parser *p, uint32_t ty);

mssa_val mssa__ll_tvalue(ll_parser *p, uint32_t *ty) {
  *ty = mssa__ll_type(p);
  return parse_value(p, *ty);
}

mssa_val mssa__ll_value(ll_parser *p, uint32_t ty) { return parse_value(p, ty); }

/* Opcode keywords of binary operators and casts -> MSSA_OP_*. */
static const uint8_t kw_opcode[LL_KW_COUNT_] = {
  [LL_KW_add] = MSSA_OP_ADD, [LL_KW_fadd] = MSSA_OP_FADD, [LL_KW_sub] = MSSA_OP_SUB,
  [LL_KW_fsub] = MSSA_OP_FSUB, [LL_KW_mul] = MSSA_OP_MUL, [LL_KW_fmul] = MSSA_OP_FMUL,
  [LL_KW_udiv] = MSSA_OP_UDIV, [LL_KW_sdiv] = MSSA_OP_SDIV, [LL_KW_fdiv] = MSSA_OP_FDIV,
  [LL_KW_urem] = MSSA_OP_UREM, [LL_KW_srem] = MSSA_OP_SREM, [LL_KW_frem] = MSSA_OP_FREM,
  [LL_KW_shl] = MSSA_OP_SHL, [LL_KW_lshr] = MSSA_OP_LSHR, [LL_KW_ashr] = MSSA_OP_ASHR,
  [LL_KW_and] = MSSA_OP_AND, [LL_KW_or] = MSSA_OP_OR, [LL_KW_xor] = MSSA_OP_XOR,
  [LL_KW_trunc] = MSSA_OP_TRUNC, [LL_KW_zext] = MSSA_OP_ZEXT, [LL_KW_sext] = MSSA_OP_SEXT,
  [LL_KW_fptoui] = MSSA_OP_FPTOUI, [LL_KW_fptosi] = MSSA_OP_FPTOSI,
  [LL_KW_uitofp] = MSSA_OP_UITOFP, [LL_KW_sitofp] = MSSA_OP_SITOFP,
  [LL_KW_fptrunc] = MSSA_OP_FPTRUNC, [LL_KW_fpext] = MSSA_OP_FPEXT,
  [LL_KW_ptrtoint] = MSSA_OP_PTRTOINT, [LL_KW_inttoptr] = MSSA_OP_INTTOPTR,
  [LL_KW_bitcast] = MSSA_OP_BITCAST, [LL_KW_addrspacecast] = MSSA_OP_ADDRSPACECAST,
  [LL_KW_ptrtoaddr] = MSSA_OP_PTRTOADDR,
};

int mssa__ll_kw_binop(unsigned kw) {
  int op = kw < LL_KW_COUNT_ ? kw_opcode[kw] : 0;
  return op >= MSSA_OP_ADD && op <= MSSA_OP_XOR ? op : 0;
}

int mssa__ll_kw_castop(unsigned kw) {
  int op = kw < LL_KW_COUNT_ ? kw_opcode[kw] : 0;
  return (op >= MSSA_OP_TRUNC && op <= MSSA_OP_ADDRSPACECAST) || op == MSSA_OP_PTRTOADDR ? op : 0;
}

/* Comparison predicate keyword -> LLVM predicate number. */
uint32_t mssa__ll_pred(ll_parser *p, int fcmp) {
  ll_tok *t = &p->lx.tok;
  int r = -1;
  if (t->kind == LT_KW) {
    if (fcmp) {
      switch (t->kw) {
      case LL_KW_false: r = 0; break; case LL_KW_oeq: r = 1; break; case LL_KW_ogt: r = 2; break;
      case LL_KW_oge: r = 3; break; case LL_KW_olt: r = 4; break; case LL_KW_ole: r = 5; break;
      case LL_KW_one: r = 6; break; case LL_KW_ord: r = 7; break; case LL_KW_uno: r = 8; break;
      case LL_KW_ueq: r = 9; break; case LL_KW_ugt: r = 10; break; case LL_KW_uge: r = 11; break;
      case LL_KW_ult: r = 12; break; case LL_KW_ule: r = 13; break; case LL_KW_une: r = 14; break;
      case LL_KW_true: r = 15; break;
      default: break;
      }
    } else {
      switch (t->kw) {
      case LL_KW_eq: r = 32; break; case LL_KW_ne: r = 33; break; case LL_KW_ugt: r = 34; break;
      case LL_KW_uge: r = 35; break; case LL_KW_ult: r = 36; break; case LL_KW_ule: r = 37; break;
      case LL_KW_sgt: r = 38; break; case LL_KW_sge: r = 39; break; case LL_KW_slt: r = 40; break;
      case LL_KW_sle: r = 41; break;
      default: break;
      }
    }
  }
  if (r < 0) mssa__ll_err(p, t->off, "expected %s predicate", fcmp ? "fcmp" : "icmp");
  MSSA_ASSERT(fcmp ? r <= 15 : (r >= 32 && r <= 41)); /* invariant 3: LLVM's numbering */
  mssa__ll_next(p);
  return (uint32_t)r;
}

/* i1 for scalars, <N x i1> for vectors (comparison results). */
uint32_t mssa__ll_cmp_type(ll_parser *p, uint32_t opty) {
  const mssa_type *t = &p->m->types.a[opty];
  if (t->kind == MSSA_T_VECTOR)
    return mssa__ll_vec_type(p, p->m->t_i1, t->count, !!(t->flags & MSSA_TF_SCALABLE));
  return p->m->t_i1;
}

/* Operator flags before an operand: MSSA_OF_* for the wrap, exact, nneg,
** disjoint and samesign words (noting the newer ones' syntax); fast-math
** flags are skipped. */
uint32_t mssa__ll_flags(ll_parser *p) {
  uint32_t of = 0;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind != LT_KW) return of;
    switch (t->kw) {
    case LL_KW_nuw: of |= MSSA_OF_NUW; break;
    case LL_KW_nsw: of |= MSSA_OF_NSW; break;
    case LL_KW_exact: of |= MSSA_OF_EXACT; break;
    case LL_KW_nneg: of |= MSSA_OF_NNEG; mssa__ll_saw(p, MSSA_SYN_NNEG); break;
    case LL_KW_disjoint: of |= MSSA_OF_DISJOINT; mssa__ll_saw(p, MSSA_SYN_DISJOINT); break;
    case LL_KW_samesign: of |= MSSA_OF_SAMESIGN; mssa__ll_saw(p, MSSA_SYN_SAMESIGN); break;
    case LL_KW_fast: case LL_KW_nnan: case LL_KW_ninf: case LL_KW_nsz: case LL_KW_arcp:
    case LL_KW_contract: case LL_KW_afn: case LL_KW_reassoc:
      break;
    default: return of;
    }
    mssa__ll_next(p);
  }
}

/* getelementptr's flags: `inbounds` (which implies nusw), `nusw`, `nuw`. */
uint32_t mssa__ll_gep_flags(ll_parser *p) {
  uint32_t of = 0;
  for (;;) {
    if (mssa__ll_eat_kw(p, LL_KW_inbounds)) of |= MSSA_OF_INBOUNDS | MSSA_OF_NUSW;
    else if (mssa__ll_eat_kw(p, LL_KW_nusw)) of |= MSSA_OF_NUSW, mssa__ll_saw(p, MSSA_SYN_GEP_NOWRAP);
    else if (mssa__ll_eat_kw(p, LL_KW_nuw)) of |= MSSA_OF_NUW, mssa__ll_saw(p, MSSA_SYN_GEP_NOWRAP);
    else return of;
  }
}

/* Typed values `T v, T v, ...` until `close` (not consumed), pushed on
** p->stk; returns how many. */
uint32_t mssa__ll_tvalue_list(ll_parser *p, unsigned close) {
  uint32_t stk0 = p->stk.n;
  if (p->lx.tok.kind != close) {
    for (;;) {
      uint32_t et;
      mssa_val v = mssa__ll_tvalue(p, &et);
      mssa_vec_push(&p->stk, v);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  return p->stk.n - stk0;
}

static mssa_val agg_const(ll_parser *p, uint32_t ty, uint32_t n, uint32_t off) {
  const mssa_type *t = &p->m->types.a[ty];
  uint64_t want = t->kind == MSSA_T_STRUCT ? t->nfields : t->count;
  if (want != n) mssa__ll_err(p, off, "constant expression type mismatch: wrong number of elements");
  mssa_const c = cblank(MSSA_C_AGG, ty);
  c.nops = n;
  MSSA_ASSERT(n <= p->stk.n); /* the elements are on the stack */
  uint32_t stk0 = p->stk.n - n;
  uint32_t id = mssa__ll_const(p, &c, p->stk.a + stk0);
  p->stk.n = stk0;
  return MSSA_VAL(MSSA_VK_CONST, id);
}

static mssa_val expr_const(ll_parser *p, uint32_t ty, uint16_t op, uint8_t flags, uint32_t aux,
                           uint32_t stk0) {
  mssa_const c = cblank(MSSA_C_EXPR, ty);
  c.opcode = op;
  c.flags = flags;
  c.aux = aux;
  MSSA_ASSERT(p->stk.n >= stk0);
  c.nops = p->stk.n - stk0;
  uint32_t id = mssa__ll_const(p, &c, p->stk.a + stk0);
  p->stk.n = stk0;
  return MSSA_VAL(MSSA_VK_CONST, id);
}

static mssa_val push_tv(ll_parser *p, uint32_t *ty) {
  mssa_val v = mssa__ll_tvalue(p, ty);
  mssa_vec_push(&p->stk, v);
  return v;
}

/* One index of extractvalue/insertvalue: steps from aggregate type `cur`
** to the indexed member's type; *iv is the index as an i32 constant. */
uint32_t mssa__ll_agg_step(ll_parser *p, uint32_t cur, mssa_val *iv) {
  uint32_t ioff = p->lx.tok.off;
  uint64_t idx = mssa__ll_uint(p, "index");
  if (idx > 0xffffffffu) mssa__ll_err(p, ioff, "index too large");
  cur = mssa__ll_agg_index(p, cur, idx, ioff);
  *iv = mssa__ll_const_int(p, p->m->t_i32, (int64_t)idx);
  return cur;
}

/* `inrange(lo, hi)` after getelementptr's flags (LLVM 19+; not kept). */
static void gep_inrange(ll_parser *p) {
  if (!mssa__ll_eat_kw(p, LL_KW_inrange)) return;
  mssa__ll_saw(p, MSSA_SYN_INRANGE);
  mssa__ll_expect(p, LT_LPAREN, "'(' in inrange");
  mssa__ll_expect(p, LT_INT, "integer in inrange");
  mssa__ll_expect(p, LT_COMMA, "',' in inrange");
  mssa__ll_expect(p, LT_INT, "integer in inrange");
  mssa__ll_expect(p, LT_RPAREN, "')' in inrange");
}

/* getelementptr [flags] [inrange(a, b)] (T, ptr base, indices...) */
static mssa_val const_gep(ll_parser *p, uint32_t stk0) {
  uint8_t fl = (uint8_t)mssa__ll_gep_flags(p);
  gep_inrange(p);
  mssa__ll_expect(p, LT_LPAREN, "'(' in constantexpr");
  uint32_t src = mssa__ll_type(p);
  mssa__ll_expect(p, LT_COMMA, "',' after getelementptr's type");
  uint32_t boff = p->lx.tok.off;
  uint32_t bty;
  push_tv(p, &bty);
  /* index values go on p->stk, their types on p->attrs_tmp (both LIFO) */
  uint32_t nidx = 0;
  while (mssa__ll_eat(p, LT_COMMA)) {
    mssa__ll_eat_kw(p, LL_KW_inrange);
    uint32_t it;
    push_tv(p, &it);
    mssa_vec_push(&p->attrs_tmp, it);
    nidx++;
  }
  mssa__ll_expect(p, LT_RPAREN, "')' in constantexpr");
  uint32_t *itys = p->attrs_tmp.a + p->attrs_tmp.n - nidx;
  uint32_t rt = mssa__ll_gep_result(p, src, bty, p->stk.a + stk0 + 1, nidx, itys, boff);
  p->attrs_tmp.n -= nidx;
  return expr_const(p, rt, MSSA_OP_GEP, fl, src, stk0);
}

/* select / extractelement / insertelement / shufflevector (...) */
static mssa_val const_vector_op(ll_parser *p, unsigned kw, uint32_t off, uint32_t stk0) {
  mssa_module *m = p->m;
  mssa__ll_expect(p, LT_LPAREN, "'(' in constantexpr");
  uint32_t tys[3] = {0, 0, 0};
  uint32_t n = 0;
  for (;;) {
    if (n == 3) mssa__ll_err(p, p->lx.tok.off, "expected ')' in constantexpr");
    push_tv(p, &tys[n++]);
    if (!mssa__ll_eat(p, LT_COMMA)) break;
  }
  mssa__ll_expect(p, LT_RPAREN, "')' in constantexpr");
  const mssa_type *t0 = &m->types.a[tys[0]], *t2 = &m->types.a[tys[2]];
  switch (kw) {
  case LL_KW_select:
    if (n != 3) mssa__ll_err(p, off, "expected three operands to select");
    return expr_const(p, tys[1], MSSA_OP_SELECT, 0, MSSA_NONE, stk0);
  case LL_KW_extractelement:
    if (n != 2 || t0->kind != MSSA_T_VECTOR) mssa__ll_err(p, off, "invalid extractelement operands");
    return expr_const(p, t0->elem, MSSA_OP_EXTRACTELEMENT, 0, MSSA_NONE, stk0);
  case LL_KW_insertelement:
    if (n != 3) mssa__ll_err(p, off, "invalid insertelement operands");
    return expr_const(p, tys[0], MSSA_OP_INSERTELEMENT, 0, MSSA_NONE, stk0);
  default: {
    if (n != 3 || t0->kind != MSSA_T_VECTOR || t2->kind != MSSA_T_VECTOR)
      mssa__ll_err(p, off, "invalid shufflevector operands");
    uint32_t elem = t0->elem;
    uint64_t count = t2->count;
    int scalable = !!(t2->flags & MSSA_TF_SCALABLE);
    uint32_t rt = mssa__ll_vec_type(p, elem, count, scalable);
    return expr_const(p, rt, MSSA_OP_SHUFFLEVECTOR, 0, MSSA_NONE, stk0);
  }
  }
}

/* extractvalue / insertvalue (agg, [val,] indices...) */
static mssa_val const_agg_op(ll_parser *p, unsigned kw, uint32_t stk0) {
  uint32_t a, b;
  mssa__ll_expect(p, LT_LPAREN, "'(' in extractvalue constantexpr");
  push_tv(p, &a);
  uint32_t cur = a;
  if (kw == LL_KW_insertvalue) {
    mssa__ll_expect(p, LT_COMMA, "',' in insertvalue constantexpr");
    push_tv(p, &b);
  }
  int any = 0;
  while (mssa__ll_eat(p, LT_COMMA)) {
    mssa_val iv;
    cur = mssa__ll_agg_step(p, cur, &iv);
    mssa_vec_push(&p->stk, iv);
    any = 1;
  }
  if (!any) mssa__ll_err(p, p->lx.tok.off, "expected index");
  mssa__ll_expect(p, LT_RPAREN, "')' in extractvalue constantexpr");
  if (kw == LL_KW_extractvalue) return expr_const(p, cur, MSSA_OP_EXTRACTVALUE, 0, MSSA_NONE, stk0);
  return expr_const(p, a, MSSA_OP_INSERTVALUE, 0, MSSA_NONE, stk0);
}

/* A constant expression; its type is computed from the operands (the
** declared type of the surrounding value is not needed). */
static mssa_val const_expr(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  uint32_t off = t->off;
  unsigned kw = t->kw;
  uint32_t stk0 = p->stk.n;
  int op;
  uint32_t a, b;
  mssa__ll_next(p);
  if ((op = mssa__ll_kw_castop(kw))) {
    uint32_t of = mssa__ll_flags(p);
    mssa__ll_expect(p, LT_LPAREN, "'(' after constantexpr cast");
    push_tv(p, &a);
    mssa__ll_expect_kw(p, LL_KW_to);
    uint32_t dst = mssa__ll_type(p);
    mssa__ll_expect(p, LT_RPAREN, "')' at end of constantexpr cast");
    return expr_const(p, dst, (uint16_t)op, (uint8_t)of, a, stk0);
  }
  if ((op = mssa__ll_kw_binop(kw)) || kw == LL_KW_fneg) {
    uint32_t of = mssa__ll_flags(p);
    mssa__ll_expect(p, LT_LPAREN, "'(' in binary constantexpr");
    push_tv(p, &a);
    if (kw != LL_KW_fneg) {
      mssa__ll_expect(p, LT_COMMA, "',' in binary constantexpr");
      push_tv(p, &b);
    } else {
      op = MSSA_OP_FNEG;
    }
    mssa__ll_expect(p, LT_RPAREN, "')' in binary constantexpr");
    return expr_const(p, a, (uint16_t)op, (uint8_t)of, MSSA_NONE, stk0);
  }
  switch (kw) {
  case LL_KW_getelementptr: return const_gep(p, stk0);
  case LL_KW_icmp: case LL_KW_fcmp: {
    uint32_t pred = mssa__ll_pred(p, kw == LL_KW_fcmp);
    mssa__ll_expect(p, LT_LPAREN, "'(' in compare constantexpr");
    push_tv(p, &a);
    mssa__ll_expect(p, LT_COMMA, "',' in compare constantexpr");
    push_tv(p, &b);
    mssa__ll_expect(p, LT_RPAREN, "')' in compare constantexpr");
    return expr_const(p, mssa__ll_cmp_type(p, a), kw == LL_KW_icmp ? MSSA_OP_ICMP : MSSA_OP_FCMP, 0, pred, stk0);
  }
  case LL_KW_select: case LL_KW_extractelement: case LL_KW_insertelement: case LL_KW_shufflevector:
    return const_vector_op(p, kw, off, stk0);
  case LL_KW_extractvalue: case LL_KW_insertvalue: return const_agg_op(p, kw, stk0);
  default: break;
  }
  mssa__ll_err(p, off, "expected value token");
}

/* Integer or floating-point literal of type `ty`. */
static mssa_val number_value(ll_parser *p, uint32_t ty) {
  ll_tok *t = &p->lx.tok;
  uint8_t k = p->m->types.a[ty].kind;
  if (t->kind == LT_FLOAT) {
    if (!is_fp_kind(k)) mssa__ll_err(p, t->off, "floating point constant invalid for type");
    return fp_literal(p, ty);
  }
  if (k == MSSA_T_INT) return int_literal(p, ty);
  if (is_fp_kind(k)) return fp_literal(p, ty);
  mssa__ll_err(p, t->off, "integer constant must have integer type");
}

/* `{...}`, `<{...}>`, `<...>` or `[...]` of type `ty`. */
static mssa_val aggregate_value(ll_parser *p, uint32_t ty) {
  uint32_t off = p->lx.tok.off;
  unsigned open = p->lx.tok.kind;
  mssa__ll_enter(p);
  mssa__ll_next(p);
  uint8_t want;
  const char *what;
  uint32_t n;
  if (open == LT_LBRACE) {
    n = mssa__ll_tvalue_list(p, LT_RBRACE);
    mssa__ll_expect(p, LT_RBRACE, "'}' at end of constant");
    want = MSSA_T_STRUCT, what = "structure initializer must have structure type";
  } else if (open == LT_LSQ) {
    n = mssa__ll_tvalue_list(p, LT_RSQ);
    mssa__ll_expect(p, LT_RSQ, "']' at end of array constant");
    want = MSSA_T_ARRAY, what = "array constant must have array type";
  } else if (mssa__ll_eat(p, LT_LBRACE)) {
    n = mssa__ll_tvalue_list(p, LT_RBRACE);
    mssa__ll_expect(p, LT_RBRACE, "'}' at end of packed struct");
    mssa__ll_expect(p, LT_GT, "'>' at end of packed struct");
    want = MSSA_T_STRUCT, what = "packed structure initializer must have structure type";
  } else {
    n = mssa__ll_tvalue_list(p, LT_GT);
    mssa__ll_expect(p, LT_GT, "'>' at end of vector constant");
    want = MSSA_T_VECTOR, what = "vector constant must have vector type";
  }
  if (p->m->types.a[ty].kind != want) mssa__ll_err(p, off, "%s", what);
  mssa_val r = agg_const(p, ty, n, off);
  mssa__ll_leave(p);
  return r;
}

/* `blockaddress(@f, %bb)`: the block is resolved at the end of the module. */
static mssa_val blockaddress_value(ll_parser *p, uint32_t ty) {
  mssa__ll_expect(p, LT_LPAREN, "'(' in block address expression");
  ll_tok g = p->lx.tok;
  if (g.kind != LT_GLOBAL && g.kind != LT_GLOBALID) mssa__ll_err(p, g.off, "expected function name in blockaddress");
  mssa__ll_next(p);
  mssa_val fv = mssa__ll_global_ref(p, &g);
  mssa__ll_expect(p, LT_COMMA, "',' in block address expression");
  ll_tok bt = p->lx.tok;
  if (bt.kind != LT_LOCAL && bt.kind != LT_LOCALID) mssa__ll_err(p, bt.off, "expected basic block name in blockaddress");
  mssa__ll_next(p);
  uint64_t key = mssa__ll_local_key(p, &bt);
  mssa__ll_expect(p, LT_RPAREN, "')' in block address expression");
  mssa_const c = cblank(MSSA_C_BLOCKADDR, ty);
  c.nops = 2;
  mssa_val ops[2] = {fv, MSSA_VAL_NONE};
  uint32_t id = push_const(p, &c, ops);
  ll_pending pe = {id, (uint32_t)key, (uint32_t)(key >> 32), bt.off};
  mssa_vec_push(&p->baddr, pe);
  return MSSA_VAL(MSSA_VK_CONST, id);
}

/* `c"..."` (after `c`) of array type `ty`. */
static mssa_val cstring_value(ll_parser *p, uint32_t ty, uint32_t off) {
  mssa_module *m = p->m;
  ll_tok s = p->lx.tok;
  mssa__ll_expect(p, LT_STRING, "string constant");
  mssa_const c = cblank(MSSA_C_STRING, ty);
  c.aux = mssa__ll_string(p, &s);
  const mssa_type *tt = &m->types.a[ty];
  if (tt->kind != MSSA_T_ARRAY || tt->count != mssa_strtab_len(&m->strs, c.aux))
    mssa__ll_err(p, off, "constant expression type mismatch");
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, NULL));
}

/* `asm [sideeffect] [alignstack] [inteldialect] [unwind] "..." , "..."`
** (after `asm`, at off). The constraint string is kept for the call that
** uses the value (mssa__ll_asm_verify). */
static mssa_val asm_value(ll_parser *p, uint32_t off) {
  while (mssa__ll_eat_kw(p, LL_KW_sideeffect) || mssa__ll_eat_kw(p, LL_KW_alignstack) ||
         mssa__ll_eat_kw(p, LL_KW_inteldialect) || mssa__ll_eat_kw(p, LL_KW_unwind)) {}
  mssa__ll_expect(p, LT_STRING, "asm string");
  mssa__ll_expect(p, LT_COMMA, "',' after inline asm string");
  p->asm_cons = p->lx.tok;
  p->asm_off = off;
  mssa__ll_expect(p, LT_STRING, "asm constraint string");
  return MSSA_VAL(MSSA_VK_ASM, 0);
}

/* ------------------------------------------- inline asm constraints */

/* LLVM's InlineAsm::ConstraintInfo, as far as Verify looks at it. */
enum { ASM_INPUT, ASM_OUTPUT, ASM_CLOBBER, ASM_LABEL };
typedef struct asm_cons {
  int type;
  bool indirect;
  int32_t match;        /* MatchingInput, or -1 */
  uint32_t nalt;        /* alternatives ('|'): 1 if none */
  uint32_t alt;         /* multi: their MatchingInputs, at altmatch[alt..alt+nalt) */
} asm_cons;

typedef struct asm_parse {
  MSSA_VEC(asm_cons) c;
  MSSA_VEC(int32_t) altmatch;
} asm_parse;

/* The prefix and modifiers of one constraint: false if malformed
** (ConstraintInfo::Parse returning true). *s moves past them. */
static bool asm_prefix(const char **s, const char *e, asm_cons *ci) {
  const char *i = *s;
  if (*i == '~') {
    ci->type = ASM_CLOBBER;
    if (++i != e && *i != '{') return false;   /* '{' must follow '~' */
  } else if (*i == '=') {
    i++;
    ci->type = ASM_OUTPUT;
  } else if (*i == '!') {
    i++;
    ci->type = ASM_LABEL;
  }
  if (i != e && *i == '*') {
    ci->indirect = true;
    i++;
  }
  if (i == e) return false;   /* just a prefix: "=", "~" */
  bool early = false, commutative = false;
  for (;; i++) {
    if (*i == '&') {            /* early clobber: outputs only, once */
      if (ci->type != ASM_OUTPUT || early) return false;
      early = true;
    } else if (*i == '%') {     /* commutative: not a clobber, once */
      if (ci->type == ASM_CLOBBER || commutative) return false;
      commutative = true;
    } else if (*i == '#' || *i == '*') {
      return false;             /* comments and preferencing: unsupported */
    } else {
      break;
    }
    if (i + 1 == e) return false;   /* just prefixes and modifiers */
  }
  *s = i;
  return true;
}

/* A matching constraint "N" in alternative `alt` of constraint ci (the
** next one, number ap->c.n): false if LLVM refuses it. */
static bool asm_matching(asm_parse *ap, const asm_cons *ci, uint64_t n, uint32_t alt) {
  uint32_t self = ap->c.n;
  if (n >= self || ap->c.a[n].type != ASM_OUTPUT || ci->type != ASM_INPUT) return false;
  asm_cons *out = &ap->c.a[n];
  if (ci->nalt > 1) {
    if (out->nalt <= 1 || alt >= out->nalt) return false;
    int32_t *m = &ap->altmatch.a[out->alt + alt];
    if (*m != -1) return false;   /* one input per output */
    *m = (int32_t)self;
    return true;
  }
  if (out->match != -1 && out->match != (int32_t)self) return false;
  out->match = (int32_t)self;
  return true;
}

/* One constraint s[0..e), appended to ap; false if malformed. */
static bool asm_constraint(asm_parse *ap, const char *s, const char *e) {
  asm_cons ci = {ASM_INPUT, false, -1, 1, 0};
  for (const char *k = s; k < e; k++) ci.nalt += *k == '|';
  if (ci.nalt > 1) {
    ci.alt = ap->altmatch.n;
    for (uint32_t k = 0; k < ci.nalt; k++) mssa_vec_push(&ap->altmatch, -1);
  }
  if (!asm_prefix(&s, e, &ci)) return false;
  uint32_t alt = 0;
  while (s != e) {
    if (*s == '{') {            /* a register: "{eax}" */
      const char *r = memchr(s + 1, '}', (size_t)(e - s - 1));
      if (!r) return false;
      s = r + 1;
    } else if (*s >= '0' && *s <= '9') {   /* matching an output */
      uint64_t n = 0;
      for (; s != e && *s >= '0' && *s <= '9'; s++) n = n < UINT32_MAX ? n * 10 + (uint64_t)(*s - '0') : n;
      if (!asm_matching(ap, &ci, n, alt)) return false;
    } else if (*s == '|') {
      alt++;
      s++;
    } else if (*s == '^') {     /* two-letter code */
      if (e - s < 3) return false;
      s += 3;
    } else if (*s == '@') {     /* "@Nxx": an N-letter code */
      if (e - s < 2 || s[1] < '1' || s[1] > '9' || e - s - 2 < s[1] - '0') return false;
      s += 2 + (s[1] - '0');
    } else {
      s++;
    }
  }
  mssa_vec_push(&ap->c, ci);
  return true;
}

/* InlineAsm::ParseConstraints, then Verify's counts against fty. */
static bool asm_ok(ll_parser *p, const char *s, size_t len, uint32_t fty) {
  const mssa_module *m = p->m;
  const mssa_type *ft = &m->types.a[fty];
  if (ft->flags & MSSA_TF_VARARG) return false;
  asm_parse ap;
  memset(&ap, 0, sizeof ap);
  bool ok = true;
  for (const char *i = s, *e = s + len; ok && i != e;) {
    const char *end = memchr(i, ',', (size_t)(e - i));
    if (!end) end = e;
    ok = end != i && asm_constraint(&ap, i, end);   /* no empty one: ",," */
    i = end;
    if (ok && i != e && ++i == e) ok = false;      /* no trailing ',' */
  }
  uint32_t nout = 0, nin = 0, nclob = 0, nind = 0, nlab = 0;
  for (uint32_t k = 0; ok && k < ap.c.n; k++) {
    const asm_cons *c = &ap.c.a[k];
    if (c->type == ASM_OUTPUT) {
      if (nin - nind || nclob || nlab) ok = false;   /* outputs come first */
      else if (!c->indirect) nout++;
      else nind++;
    }
    if (ok && (c->type == ASM_INPUT || (c->type == ASM_OUTPUT && c->indirect))) {
      if (nclob) ok = false;                          /* inputs before clobbers */
      else nin++;
    }
    if (c->type == ASM_CLOBBER) nclob++;
    if (c->type == ASM_LABEL && (ok = !nclob)) nlab++;
  }
  mssa_vec_free(&ap.c);
  mssa_vec_free(&ap.altmatch);
  if (!ok) return false;
  const mssa_type *rt = &m->types.a[ft->elem];
  if (nout == 0) return ft->elem == m->t_void && ft->nfields == nin;
  if (nout == 1) return rt->kind != MSSA_T_STRUCT && ft->nfields == nin;
  return rt->kind == MSSA_T_STRUCT && rt->nfields == nout && ft->nfields == nin;
}

void mssa__ll_asm_verify(ll_parser *p, uint32_t fty) {
  uint32_t sid = mssa__ll_string(p, &p->asm_cons);
  const mssa_module *m = p->m;
  if (fty == MSSA_NONE || !asm_ok(p, mssa_str(m, sid), mssa_strtab_len(&m->strs, sid), fty))
    mssa__ll_err(p, p->asm_off, "invalid type for inline asm constraint string");
}

/* `splat (T v)` (after `splat`; LLVM 19+): every element of vector type
** `ty` is v. */
static mssa_val splat_value(ll_parser *p, uint32_t ty, uint32_t off) {
  mssa__ll_saw(p, MSSA_SYN_SPLAT);
  mssa__ll_expect(p, LT_LPAREN, "'(' after splat");
  uint32_t et;
  mssa_val v = mssa__ll_tvalue(p, &et);
  mssa__ll_expect(p, LT_RPAREN, "')' after splat");
  const mssa_type *t = &p->m->types.a[ty];
  if (t->kind != MSSA_T_VECTOR || t->elem != et) mssa__ll_err(p, off, "constant expression type mismatch");
  mssa_const c = cblank(MSSA_C_SPLAT, ty);
  c.nops = 1;
  return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, &v));
}

static int is_const_expr_kw(unsigned kw) {
  switch (kw) {
  case LL_KW_fneg: case LL_KW_getelementptr: case LL_KW_icmp: case LL_KW_fcmp:
  case LL_KW_select: case LL_KW_extractelement: case LL_KW_insertelement:
  case LL_KW_shufflevector: case LL_KW_extractvalue: case LL_KW_insertvalue:
    return 1;
  default: return mssa__ll_kw_castop(kw) || mssa__ll_kw_binop(kw);
  }
}

/* A value that starts with a keyword: true/false, null, undef, poison,
** zeroinitializer, none, c"...", blockaddress, dso_local_equivalent,
** no_cfi, asm, or a constant expression. */
static mssa_val keyword_value(ll_parser *p, uint32_t ty) {
  mssa_module *m = p->m;
  ll_tok *t = &p->lx.tok;
  uint32_t off = t->off;
  unsigned kw = t->kw;
  const mssa_type *tt = &m->types.a[ty];
  if (is_const_expr_kw(kw)) {
    mssa__ll_enter(p);
    mssa_val r = const_expr(p);
    mssa__ll_leave(p);
    return r;
  }
  mssa__ll_next(p);
  switch (kw) {
  case LL_KW_true: case LL_KW_false:
    if (tt->kind != MSSA_T_INT || tt->bits != 1) mssa__ll_err(p, off, "integer constant must have integer type");
    return mssa__ll_const_int(p, ty, kw == LL_KW_true);
  case LL_KW_null:
    if (tt->kind != MSSA_T_PTR) mssa__ll_err(p, off, "null must be a pointer type");
    return simple_const(p, MSSA_C_NULL, ty);
  case LL_KW_undef: return simple_const(p, MSSA_C_UNDEF, ty);
  case LL_KW_poison: return simple_const(p, MSSA_C_POISON, ty);
  case LL_KW_zeroinitializer: return simple_const(p, MSSA_C_ZERO, ty);
  case LL_KW_none:
    if (tt->kind != MSSA_T_TOKEN) mssa__ll_err(p, off, "invalid type for none constant");
    return simple_const(p, MSSA_C_TOKEN_NONE, ty);
  case LL_KW_c: return cstring_value(p, ty, off);
  case LL_KW_blockaddress: return blockaddress_value(p, ty);
  case LL_KW_dso_local_equivalent: case LL_KW_no_cfi: {
    ll_tok g = p->lx.tok;
    if (g.kind != LT_GLOBAL && g.kind != LT_GLOBALID) mssa__ll_err(p, g.off, "expected global value name");
    mssa__ll_next(p);
    mssa_val gv = mssa__ll_global_ref(p, &g);
    mssa_const c = cblank(MSSA_C_OTHER, ty);
    c.nops = 1;
    return MSSA_VAL(MSSA_VK_CONST, mssa__ll_const(p, &c, &gv));
  }
  case LL_KW_asm: return asm_value(p, off);
  case LL_KW_splat: return splat_value(p, ty, off);
  case LL_KW_ptrauth: {
    mssa__ll_expect(p, LT_LPAREN, "'(' in ptrauth constant");
    mssa_const c = cblank(MSSA_C_OTHER, ty);
    c.nops = mssa__ll_tvalue_list(p, LT_RPAREN);
    mssa__ll_expect(p, LT_RPAREN, "')' in ptrauth constant");
    uint32_t id = mssa__ll_const(p, &c, p->stk.a + p->stk.n - c.nops);
    p->stk.n -= c.nops;
    return MSSA_VAL(MSSA_VK_CONST, id);
  }
  default: break;
  }
  mssa__ll_err(p, off, "expected value token");
}

static mssa_val parse_value(ll_parser *p, uint32_t ty) {
  mssa_module *m = p->m;
  ll_tok *t = &p->lx.tok;
  if (ty == m->t_md) return mssa__ll_md_value(p);
  switch (t->kind) {
  case LT_LOCAL: case LT_LOCALID: {
    ll_tok k = *t;
    mssa__ll_next(p);
    return mssa__ll_local_ref(p, &k, ty);
  }
  case LT_GLOBAL: case LT_GLOBALID: {
    ll_tok k = *t;
    mssa__ll_next(p);
    uint8_t kind = m->types.a[ty].kind;
    if (kind != MSSA_T_PTR && kind != MSSA_T_VECTOR)
      mssa__ll_err(p, k.off, "global variable reference must have pointer type");
    return mssa__ll_global_ref(p, &k);
  }
  case LT_INT: case LT_HEXINT: case LT_FLOAT: return number_value(p, ty);
  case LT_LBRACE: case LT_LT: case LT_LSQ: return aggregate_value(p, ty);
  case LT_KW: return keyword_value(p, ty);
  case LT_ERROR: mssa__ll_err(p, t->off, "%s", p->lx.msg);
  default: break;
  }
  mssa__ll_err(p, t->off, "expected value token");
}

/* ------------------------------------------- reopening a parsed module */

/* For ll_read_edit.c: enters every existing constant into the interning
** set, so constants parsed afterwards resolve to existing ids. */
void mssa__ll_consts_reopen(ll_parser *p) {
  mssa_module *m = p->m;
  uint32_t n = m->consts.n;
  mssa_idtab_reset(&p->cset, n);
  for (uint32_t id = 0; id < n; id++) mssa_idtab_add(&p->cset, const_id_hash(m, id), id);
}
