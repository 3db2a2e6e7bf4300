/*
** ll_read_type.c -- types: parsing, interning, printing, GEP/aggregate
** index walking.
**
** Invariants:
**   1. Literal types are interned structurally (an id set over a hash of
**      kind/flags/bits/elem/count/fields), so equal literal types share an id
**      and type equality is id equality. Named structs are never interned:
**      each name has one id (p->tmap), created at first reference as an
**      opaque placeholder and filled in by its definition.
**   2. Typed pointers keep their pointee in `elem`; once the lexer has seen
**      `ptr` (LLVM 14 -opaque-pointers mode) `T*` yields the opaque pointer of
**      that address space, as LLVM does in that mode.
**   3. Parsing recursion is bounded by mssa__ll_enter (LL_MAX_DEPTH).
*/
#include "reader/reader_internal.h"

#include <stdio.h>
#include <string.h>

#include "base/check.h"

static uint64_t type_hash(const mssa_type *t, const uint32_t *fields) {
  uint64_t h = MSSA_HASH_SEED;
  h = mssa_hash_mix(h, t->kind);
  h = mssa_hash_mix(h, t->flags);
  h = mssa_hash_mix(h, t->bits);
  h = mssa_hash_mix(h, t->elem);
  h = mssa_hash_mix(h, t->count);
  h = mssa_hash_mix(h, t->nfields);
  h = mssa_hash_mix(h, t->name);
  for (uint32_t i = 0; i < t->nfields; i++) h = mssa_hash_mix(h, fields[i]);
  return h;
}

static uint64_t type_id_hash(const void *ctx, uint32_t id) {
  const mssa_module *m = ctx;
  const mssa_type *t = &m->types.a[id];
  return type_hash(t, m->tlist.a + t->fields);
}

/* The key of a lookup: a literal type and its fields (not yet in tlist). */
typedef struct type_key {
  const mssa_type *t;
  const uint32_t *fields;
} type_key;

static int type_eq(const void *ctx, const void *key, uint32_t bid) {
  const mssa_module *m = ctx;
  const mssa_type *a = ((const type_key *)key)->t, *b = &m->types.a[bid];
  const uint32_t *af = ((const type_key *)key)->fields;
  if (a->kind != b->kind || a->flags != b->flags || a->bits != b->bits || a->elem != b->elem ||
      a->count != b->count || a->nfields != b->nfields || a->name != b->name)
    return 0;
  for (uint32_t i = 0; i < a->nfields; i++)
    if (af[i] != m->tlist.a[b->fields + i]) return 0;
  return 1;
}

static uint32_t push_type(ll_parser *p, const mssa_type *t) {
  mssa_module *m = p->m;
  uint32_t id = m->types.n;
  mssa_vec_push(&m->types, *t);
  mssa_vec_push(&p->tref, MSSA_NONE);
  mssa_vec_push(&p->tdef, MSSA_NONE);
  MSSA_ASSERT(p->tref.n == m->types.n && p->tdef.n == m->types.n); /* one entry per type id */
  return id;
}

uint32_t mssa__ll_intern_type(ll_parser *p, const mssa_type *t, const uint32_t *fields) {
  mssa_module *m = p->m;
  type_key key = {t, fields};
  uint32_t slot;
  mssa_idtab_reserve(&p->tset, type_id_hash, m);
  uint32_t id = mssa_idtab_find(&p->tset, type_hash(t, fields), type_eq, m, &key, &slot);
  if (id != MSSA_NONE) return id;
  /* invariant 1: named structs are never interned (each name has one id) */
  MSSA_ASSERT(!(t->kind == MSSA_T_STRUCT && t->name != MSSA_NONE));
  mssa_type nt = *t;
  nt.fields = m->tlist.n;
  for (uint32_t i = 0; i < t->nfields; i++) {
    MSSA_ASSERT(fields[i] < m->types.n); /* a literal type is made of existing ones */
    mssa_vec_push(&m->tlist, fields[i]);
  }
  id = push_type(p, &nt);
  mssa_idtab_set(&p->tset, slot, id);
  return id;
}

static mssa_type blank(uint8_t kind) {
  mssa_type t;
  memset(&t, 0, sizeof t);
  t.kind = kind;
  t.elem = MSSA_NONE;
  t.name = MSSA_NONE;
  t.offsets = MSSA_NONE;
  return t;
}

/* The caches below only short-cut mssa__ll_intern_type for the most
** frequent types (every `i32`, `double`, `%T*` token); they store id + 1. */
static uint32_t simple(ll_parser *p, uint8_t kind) {
  if (p->kind_cache[kind]) return p->kind_cache[kind] - 1;
  mssa_type t = blank(kind);
  uint32_t id = mssa__ll_intern_type(p, &t, NULL);
  p->kind_cache[kind] = id + 1;
  return id;
}

uint32_t mssa__ll_int_type(ll_parser *p, uint32_t bits) {
  if (bits <= 128 && p->int_cache[bits]) {
    MSSA_EXPENSIVE_ASSERT(p->m->types.a[p->int_cache[bits] - 1].kind == MSSA_T_INT &&
                          p->m->types.a[p->int_cache[bits] - 1].bits == bits);
    return p->int_cache[bits] - 1;
  }
  mssa_type t = blank(MSSA_T_INT);
  t.bits = bits;
  uint32_t id = mssa__ll_intern_type(p, &t, NULL);
  if (bits <= 128) p->int_cache[bits] = id + 1;
  return id;
}

uint32_t mssa__ll_ptr_type(ll_parser *p, uint32_t elem, uint32_t as) {
  int cacheable = as == 0 && !p->lx.saw_ptr && elem != MSSA_NONE;
  if (cacheable && elem < p->ptr_cache.n && p->ptr_cache.a[elem]) {
    /* invariant 2: a typed pointer keeps its pointee */
    MSSA_EXPENSIVE_ASSERT(p->m->types.a[p->ptr_cache.a[elem] - 1].kind == MSSA_T_PTR &&
                          p->m->types.a[p->ptr_cache.a[elem] - 1].elem == elem);
    return p->ptr_cache.a[elem] - 1;
  }
  mssa_type t = blank(MSSA_T_PTR);
  t.bits = as;
  t.elem = p->lx.saw_ptr ? MSSA_NONE : elem;
  uint32_t id = mssa__ll_intern_type(p, &t, NULL);
  if (cacheable) {
    while (p->ptr_cache.n <= elem) mssa_vec_push(&p->ptr_cache, 0);
    p->ptr_cache.a[elem] = id + 1;
  }
  return id;
}

uint32_t mssa__ll_vec_type(ll_parser *p, uint32_t elem, uint64_t n, int scalable) {
  mssa_type t = blank(MSSA_T_VECTOR);
  t.elem = elem;
  t.count = n;
  if (scalable) t.flags = MSSA_TF_SCALABLE;
  return mssa__ll_intern_type(p, &t, NULL);
}

uint32_t mssa__ll_func_type(ll_parser *p, uint32_t ret, const uint32_t *params, uint32_t n, int vararg) {
  mssa_type t = blank(MSSA_T_FUNC);
  t.elem = ret;
  t.nfields = n;
  if (vararg) t.flags = MSSA_TF_VARARG;
  return mssa__ll_intern_type(p, &t, params);
}

uint32_t mssa__ll_struct_type(ll_parser *p, const uint32_t *fields, uint32_t n, int packed) {
  mssa_type t = blank(MSSA_T_STRUCT);
  t.nfields = n;
  t.flags = MSSA_TF_DEFINED | (packed ? MSSA_TF_PACKED : 0);
  return mssa__ll_intern_type(p, &t, fields);
}

uint32_t mssa__ll_named_type(ll_parser *p, uint64_t key, uint32_t name, uint32_t off) {
  mssa_type t = blank(MSSA_T_STRUCT);
  t.name = name;
  t.flags = MSSA_TF_OPAQUE;
  uint32_t id = push_type(p, &t);
  p->tref.a[id] = off;
  /* invariant 1: one id per name, made at its first reference */
  MSSA_ASSERT(mssa_u64map_get(&p->tmap, key) == MSSA_NONE);
  mssa_u64map_put(&p->tmap, key, id);
  return id;
}

void mssa__ll_types_init(ll_parser *p) {
  mssa_module *m = p->m;
  m->t_void = simple(p, MSSA_T_VOID);
  m->t_i1 = mssa__ll_int_type(p, 1);
  m->t_i8 = mssa__ll_int_type(p, 8);
  m->t_i32 = mssa__ll_int_type(p, 32);
  m->t_i64 = mssa__ll_int_type(p, 64);
  mssa_type t = blank(MSSA_T_PTR);
  m->t_ptr = p->t_ptr0 = mssa__ll_intern_type(p, &t, NULL);
  m->t_label = simple(p, MSSA_T_LABEL);
  m->t_md = simple(p, MSSA_T_METADATA);
}

int mssa__ll_is_ptr(ll_parser *p, uint32_t t) {
  return t != MSSA_NONE && p->m->types.a[t].kind == MSSA_T_PTR;
}

int mssa__ll_at_type(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  switch (t->kind) {
  case LT_INTTYPE: case LT_LOCAL: case LT_LOCALID: case LT_LBRACE: case LT_LSQ: case LT_LT:
    return 1;
  case LT_KW:
    switch (t->kw) {
    case LL_KW_void: case LL_KW_half: case LL_KW_bfloat: case LL_KW_float: case LL_KW_double:
    case LL_KW_x86_fp80: case LL_KW_fp128: case LL_KW_ppc_fp128: case LL_KW_label:
    case LL_KW_metadata: case LL_KW_x86_mmx: case LL_KW_x86_amx: case LL_KW_token: case LL_KW_ptr:
    case LL_KW_target:
      return 1;
    default: return 0;
    }
  default: return 0;
  }
}

static uint32_t parse_type_inner(ll_parser *p);

/* Struct fields after '{' through '}', pushed on p->stk; returns how many. */
uint32_t mssa__ll_struct_fields(ll_parser *p) {
  uint32_t stk0 = p->stk.n;
  if (p->lx.tok.kind != LT_RBRACE) {
    for (;;) {
      uint32_t off = p->lx.tok.off;
      uint32_t ft = mssa__ll_type(p);
      uint8_t k = p->m->types.a[ft].kind;
      if (k == MSSA_T_VOID || k == MSSA_T_LABEL || k == MSSA_T_METADATA || k == MSSA_T_FUNC || k == MSSA_T_TOKEN)
        mssa__ll_err(p, off, "invalid element type for struct");
      mssa_vec_push(&p->stk, ft);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RBRACE, "'}' at end of struct");
  MSSA_ASSERT(p->stk.n >= stk0); /* the fields are still on the stack */
  return p->stk.n - stk0;
}

/* Element list of a literal struct, after the opening brace. */
static uint32_t parse_struct_body(ll_parser *p, int packed) {
  uint32_t n = mssa__ll_struct_fields(p);
  if (packed) mssa__ll_expect(p, LT_GT, "'>' at end of packed struct");
  uint32_t id = mssa__ll_struct_type(p, p->stk.a + p->stk.n - n, n, packed);
  p->stk.n -= n;
  return id;
}

static void check_elem(ll_parser *p, uint32_t et, uint32_t off, const char *what) {
  uint8_t k = p->m->types.a[et].kind;
  if (k == MSSA_T_VOID || k == MSSA_T_LABEL || k == MSSA_T_METADATA || k == MSSA_T_FUNC || k == MSSA_T_TOKEN)
    mssa__ll_err(p, off, "invalid %s element type", what);
}

/* `target("name", types..., ints...)` (LLVM 16+): interned by name and
** parameters; it has no layout here. */
static uint32_t target_type(ll_parser *p) {
  mssa__ll_saw(p, MSSA_SYN_TARGET_TYPE);
  mssa__ll_next(p);
  mssa__ll_expect(p, LT_LPAREN, "'(' in target extension type");
  ll_tok s = p->lx.tok;
  mssa__ll_expect(p, LT_STRING, "target extension type name");
  mssa_type tt = blank(MSSA_T_TARGET);
  tt.name = mssa__ll_string(p, &s);
  uint32_t stk0 = p->stk.n;
  while (mssa__ll_eat(p, LT_COMMA)) {
    if (p->lx.tok.kind == LT_INT) {
      mssa_vec_push(&p->stk, (uint32_t)mssa__ll_uint(p, "integer parameter"));
      tt.bits++;
    } else {
      if (tt.bits) mssa__ll_err(p, p->lx.tok.off, "expected uint32 param");
      mssa_vec_push(&p->stk, parse_type_inner(p));
    }
  }
  mssa__ll_expect(p, LT_RPAREN, "')' in target extension type");
  tt.nfields = p->stk.n - stk0;
  uint32_t id = mssa__ll_intern_type(p, &tt, p->stk.a + stk0);
  p->stk.n = stk0;
  return id;
}

/* A type named by a keyword (`i32` is LT_INTTYPE, not here). */
static uint32_t keyword_type(ll_parser *p) {
  mssa_module *m = p->m;
  ll_tok *t = &p->lx.tok;
  uint32_t ty;
  switch (t->kw) {
  case LL_KW_void: ty = m->t_void; break;
  case LL_KW_half: ty = simple(p, MSSA_T_HALF); break;
  case LL_KW_bfloat: ty = simple(p, MSSA_T_BFLOAT); break;
  case LL_KW_float: ty = simple(p, MSSA_T_FLOAT); break;
  case LL_KW_double: ty = simple(p, MSSA_T_DOUBLE); break;
  case LL_KW_x86_fp80: ty = simple(p, MSSA_T_X86_FP80); break;
  case LL_KW_fp128: ty = simple(p, MSSA_T_FP128); break;
  case LL_KW_ppc_fp128: ty = simple(p, MSSA_T_PPC_FP128); break;
  case LL_KW_label: ty = m->t_label; break;
  case LL_KW_metadata: ty = m->t_md; break;
  case LL_KW_x86_mmx: ty = simple(p, MSSA_T_X86_MMX); break;
  case LL_KW_x86_amx: ty = simple(p, MSSA_T_X86_AMX); break;
  case LL_KW_token: ty = simple(p, MSSA_T_TOKEN); break;
  case LL_KW_ptr: {
    mssa__ll_next(p);
    if (!mssa__ll_is_kw(p, LL_KW_addrspace)) return p->t_ptr0;   /* the common case */
    mssa_type pt = blank(MSSA_T_PTR);
    pt.bits = mssa__ll_opt_addrspace(p, 0);
    return mssa__ll_intern_type(p, &pt, NULL);
  }
  case LL_KW_target: return target_type(p);
  default:
    mssa__ll_err(p, t->off, "expected type");
  }
  mssa__ll_next(p);
  return ty;
}

/* `%T` / `%N`: the named struct (or alias), a placeholder until defined.
** A small cache of spellings seen skips interning the name again: a few
** struct names recur in most instructions of an -O0 module. A name's type
** never changes once made, so a hit is always right. */
static uint32_t named_type_ref(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  const char *s = p->m->text + t->toff;
  uint32_t h = mssa__ll_spell_slot(s, t->tlen, LL_TNAME_SLOTS - 1);
  if (t->kind == LT_LOCAL && !t->quoted && mssa__ll_spell_is(&p->tname_cache[h], s, t->tlen)) {
    mssa__ll_next(p);
    return p->tname_cache[h].id - 1;
  }
  uint32_t tlen = t->tlen, cacheable = t->kind == LT_LOCAL && !t->quoted;
  uint64_t key = mssa__ll_local_key(p, t);
  uint32_t ty = mssa_u64map_get(&p->tmap, key);
  if (ty == MSSA_NONE) {
    uint32_t name = t->kind == LT_LOCALID ? mssa__ll_num_name(p, t->num) : (uint32_t)key;
    ty = mssa__ll_named_type(p, key, name, t->off);
  }
  if (cacheable) mssa__ll_spell_set(&p->tname_cache[h], s, tlen, ty + 1);
  mssa__ll_next(p);
  return ty;
}

/* `[N x T]` after '['. */
static uint32_t array_type(ll_parser *p) {
  uint64_t n = mssa__ll_uint(p, "number in array type");
  if (!mssa__ll_is_kw(p, LL_KW_x)) mssa__ll_err(p, p->lx.tok.off, "expected 'x' after element count");
  mssa__ll_next(p);
  uint32_t eoff = p->lx.tok.off;
  uint32_t et = parse_type_inner(p);
  check_elem(p, et, eoff, "array");
  mssa__ll_expect(p, LT_RSQ, "']' at end of array");
  mssa_type at = blank(MSSA_T_ARRAY);
  at.elem = et;
  at.count = n;
  return mssa__ll_intern_type(p, &at, NULL);
}

/* `<[vscale x] N x T>` or `<{...}>` after '<'. */
static uint32_t vector_type(ll_parser *p) {
  if (mssa__ll_eat(p, LT_LBRACE)) return parse_struct_body(p, 1);
  int scalable = 0;
  if (mssa__ll_eat_kw(p, LL_KW_vscale)) {
    scalable = 1;
    if (!mssa__ll_eat_kw(p, LL_KW_x)) mssa__ll_err(p, p->lx.tok.off, "expected 'x' after vscale");
  }
  uint32_t noff = p->lx.tok.off;
  uint64_t n = mssa__ll_uint(p, "number in vector type");
  if (n == 0) mssa__ll_err(p, noff, "zero element vector is illegal");
  if (n >= (1ull << 32)) mssa__ll_err(p, noff, "size too large for vector");
  if (!mssa__ll_eat_kw(p, LL_KW_x)) mssa__ll_err(p, p->lx.tok.off, "expected 'x' after element count");
  uint32_t eoff = p->lx.tok.off;
  uint32_t et = parse_type_inner(p);
  uint8_t k = p->m->types.a[et].kind;
  if (!(k == MSSA_T_INT || k == MSSA_T_PTR || (k >= MSSA_T_HALF && k <= MSSA_T_PPC_FP128)))
    mssa__ll_err(p, eoff, "invalid vector element type");
  mssa__ll_expect(p, LT_GT, "'>' at end of vector");
  return mssa__ll_vec_type(p, et, n, scalable);
}

/* `ret (params)` after '(': a function type returning `ret`. */
static uint32_t function_type(ll_parser *p, uint32_t ret) {
  mssa_module *m = p->m;
  uint32_t stk0 = p->stk.n;
  int vararg = 0;
  if (p->lx.tok.kind != LT_RPAREN) {
    for (;;) {
      if (mssa__ll_eat(p, LT_DOTS)) { vararg = 1; break; }
      uint32_t poff = p->lx.tok.off;
      uint32_t pt = parse_type_inner(p);
      if (pt == m->t_void) mssa__ll_err(p, poff, "argument can not have void type");
      /* attributes and names are not allowed in function types, but
      ** LLVM tolerates parameter attributes here: skip them */
      ll_attrs ignored;
      mssa__ll_attrs_init(&ignored);
      mssa__ll_attrs(p, MSSA__ATTR_PARAM, &ignored);
      mssa_vec_push(&p->stk, pt);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RPAREN, "')' at end of function type");
  uint32_t ty = mssa__ll_func_type(p, ret, p->stk.a + stk0, p->stk.n - stk0, vararg);
  p->stk.n = stk0;
  return ty;
}

/* What may follow a type: `*`, `addrspace(N)*`, `(params)`. */
static uint32_t type_suffix(ll_parser *p, uint32_t ty) {
  mssa_module *m = p->m;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    uint8_t k = m->types.a[ty].kind;
    if (t->kind == LT_STAR) {
      mssa__ll_saw(p, MSSA_SYN_TYPED_PTR);
      if (k == MSSA_T_VOID) mssa__ll_err(p, t->off, "pointers to void are invalid - use i8* instead");
      if (k == MSSA_T_LABEL || k == MSSA_T_METADATA || k == MSSA_T_TOKEN)
        mssa__ll_err(p, t->off, "pointer to this type is invalid");
      mssa__ll_next(p);
      ty = mssa__ll_ptr_type(p, ty, 0);
    } else if (t->kind == LT_KW && t->kw == LL_KW_addrspace) {
      mssa__ll_saw(p, MSSA_SYN_TYPED_PTR);
      uint32_t as = mssa__ll_opt_addrspace(p, 0);
      if (p->lx.tok.kind != LT_STAR) mssa__ll_err(p, p->lx.tok.off, "expected '*' in address space");
      mssa__ll_next(p);
      ty = mssa__ll_ptr_type(p, ty, as);
    } else if (t->kind == LT_LPAREN) {
      if (k == MSSA_T_LABEL || k == MSSA_T_METADATA || k == MSSA_T_FUNC)
        mssa__ll_err(p, t->off, "invalid function return type");
      mssa__ll_next(p);
      ty = function_type(p, ty);
    } else {
      return ty;
    }
  }
}

static uint32_t parse_type_inner(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  uint32_t ty = MSSA_NONE;
  mssa__ll_enter(p);
  switch (t->kind) {
  case LT_INTTYPE:
    ty = mssa__ll_int_type(p, (uint32_t)t->num);
    mssa__ll_next(p);
    break;
  case LT_KW: ty = keyword_type(p); break;
  case LT_LOCAL: case LT_LOCALID: ty = named_type_ref(p); break;
  case LT_LBRACE: mssa__ll_next(p); ty = parse_struct_body(p, 0); break;
  case LT_LSQ: mssa__ll_next(p); ty = array_type(p); break;
  case LT_LT: mssa__ll_next(p); ty = vector_type(p); break;
  default: mssa__ll_err(p, t->off, "expected type");
  }
  ty = type_suffix(p, ty);
  mssa__ll_leave(p);
  return ty;
}

/* At an unquoted `%T` or `iN*`: the whole spelling `%T`, `%T*`, `i8**`... (no
** space inside) followed by ',' or ` %` is looked up in a small cache of
** spellings the token path has read before, and on a hit taken from the
** text in one step. A typed-pointer (-O0, LLVM 14) module spells most
** operand types so. A hit is always right: the token path made the same
** type from the same text, named types never change once made, and what
** it noted on the way (typed pointers seen, a forward reference's first
** use) was noted then. Where the spelling ends, type_suffix stops too. */
uint32_t mssa__ll_tspell_get(const ll_parser *p, uint32_t off, uint32_t len) {
  const char *s = p->m->text + off;
  uint32_t h = mssa__ll_spell_slot(s, len, LL_SPELL_SLOTS - 1);
  if (mssa__ll_spell_is(&p->tspell_cache[h], s, len)) return p->tspell_cache[h].id - 1;
  return MSSA_NONE;
}

#if defined(__GNUC__)
__attribute__((noinline))   /* kept out of mssa__ll_type: no register saves there */
#endif
static uint32_t spelled_type(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  const char *x = p->m->text, *s = x + t->off, *q = x + t->end;
  while (*q == '*') q++;
  if (*q != ',' && (q[0] != ' ' || q[1] != '%')) return parse_type_inner(p);
  uint32_t off = t->off, len = (uint32_t)(q - s);
  uint32_t hit = mssa__ll_tspell_get(p, off, len);
  if (hit != MSSA_NONE) {
    MSSA_EXPENSIVE_ASSERT(hit < p->m->types.n && q <= x + p->lx.len);
    mssa__ll_enter(p);   /* the token path's depth check, at the same token */
    mssa__ll_leave(p);
    p->lx.pos = (size_t)(q - x);
    t->end = (uint32_t)(q - x);   /* prev_end: the spelling's end */
    mssa__ll_next(p);
    return hit;
  }
  uint32_t ty = parse_type_inner(p);
  if (p->lx.prev_end == off + len) {   /* the type was exactly the spelling */
    mssa__ll_spell_set(&p->tspell_cache[mssa__ll_spell_slot(s, len, LL_SPELL_SLOTS - 1)], s, len, ty + 1);
  }
  return ty;
}

uint32_t mssa__ll_type(ll_parser *p) {
  if (p->lx.tok.kind == LT_ERROR) mssa__ll_err(p, p->lx.tok.off, "%s", p->lx.msg);
  const ll_tok *t = &p->lx.tok;
  if ((t->kind == LT_LOCAL && !t->quoted) || (t->kind == LT_INTTYPE && p->m->text[t->end] == '*'))
    return spelled_type(p);
  return parse_type_inner(p);
}

/* ---------------------------------------------------------------- printing */

static void put(char **o, char *e, const char *s, size_t n) {
  while (n-- && *o < e) *(*o)++ = *s++;
}

static void type_str(const mssa_module *m, uint32_t t, char **o, char *e, int depth) {
  char b[48];
  if (depth > 16 || *o >= e) { put(o, e, "...", 3); return; }
  const mssa_type *ty = &m->types.a[t];
  switch (ty->kind) {
  case MSSA_T_VOID: put(o, e, "void", 4); return;
  case MSSA_T_INT: snprintf(b, sizeof b, "i%u", ty->bits); put(o, e, b, strlen(b)); return;
  case MSSA_T_HALF: put(o, e, "half", 4); return;
  case MSSA_T_BFLOAT: put(o, e, "bfloat", 6); return;
  case MSSA_T_FLOAT: put(o, e, "float", 5); return;
  case MSSA_T_DOUBLE: put(o, e, "double", 6); return;
  case MSSA_T_X86_FP80: put(o, e, "x86_fp80", 8); return;
  case MSSA_T_FP128: put(o, e, "fp128", 5); return;
  case MSSA_T_PPC_FP128: put(o, e, "ppc_fp128", 9); return;
  case MSSA_T_X86_MMX: put(o, e, "x86_mmx", 7); return;
  case MSSA_T_X86_AMX: put(o, e, "x86_amx", 7); return;
  case MSSA_T_LABEL: put(o, e, "label", 5); return;
  case MSSA_T_METADATA: put(o, e, "metadata", 8); return;
  case MSSA_T_TOKEN: put(o, e, "token", 5); return;
  case MSSA_T_PTR:
    if (ty->elem == MSSA_NONE) put(o, e, "ptr", 3);
    else type_str(m, ty->elem, o, e, depth + 1);
    if (ty->bits) { snprintf(b, sizeof b, " addrspace(%u)", ty->bits); put(o, e, b, strlen(b)); }
    if (ty->elem != MSSA_NONE) put(o, e, "*", 1);
    return;
  case MSSA_T_STRUCT:
    if (ty->name != MSSA_NONE) {
      const char *n = mssa_str(m, ty->name);
      put(o, e, "%", 1);
      put(o, e, n, strlen(n));
      return;
    }
    if (ty->flags & MSSA_TF_PACKED) put(o, e, "<", 1);
    put(o, e, "{", 1);
    for (uint32_t i = 0; i < ty->nfields; i++) {
      put(o, e, i ? ", " : " ", i ? 2 : 1);
      type_str(m, m->tlist.a[ty->fields + i], o, e, depth + 1);
    }
    put(o, e, ty->nfields ? " }" : "}", ty->nfields ? 2 : 1);
    if (ty->flags & MSSA_TF_PACKED) put(o, e, ">", 1);
    return;
  case MSSA_T_ARRAY: case MSSA_T_VECTOR:
    snprintf(b, sizeof b, "%s%s%llu x ", ty->kind == MSSA_T_ARRAY ? "[" : "<",
             (ty->flags & MSSA_TF_SCALABLE) ? "vscale x " : "", (unsigned long long)ty->count);
    put(o, e, b, strlen(b));
    type_str(m, ty->elem, o, e, depth + 1);
    put(o, e, ty->kind == MSSA_T_ARRAY ? "]" : ">", 1);
    return;
  case MSSA_T_TARGET: {
    const char *n = mssa_str(m, ty->name);
    put(o, e, "target(\"", 8);
    put(o, e, n, strlen(n));
    put(o, e, "\"", 1);
    for (uint32_t i = 0; i < ty->nfields; i++) {
      put(o, e, ", ", 2);
      if (i < ty->nfields - ty->bits) {
        type_str(m, m->tlist.a[ty->fields + i], o, e, depth + 1);
      } else {
        snprintf(b, sizeof b, "%u", m->tlist.a[ty->fields + i]);
        put(o, e, b, strlen(b));
      }
    }
    put(o, e, ")", 1);
    return;
  }
  case MSSA_T_FUNC:
    type_str(m, ty->elem, o, e, depth + 1);
    put(o, e, " (", 2);
    for (uint32_t i = 0; i < ty->nfields; i++) {
      if (i) put(o, e, ", ", 2);
      type_str(m, m->tlist.a[ty->fields + i], o, e, depth + 1);
    }
    if (ty->flags & MSSA_TF_VARARG) put(o, e, ty->nfields ? ", ..." : "...", ty->nfields ? 5 : 3);
    put(o, e, ")", 1);
    return;
  default: put(o, e, "?", 1); return;
  }
}

void mssa__ll_type_str(ll_parser *p, uint32_t t, char *buf, size_t cap) {
  MSSA_ASSERT(cap >= 1);
  char *o = buf, *e = buf + cap - 1;
  type_str(p->m, t, &o, e, 0);
  MSSA_ASSERT(o >= buf && o <= e); /* room for the NUL */
  *o = 0;
}

/* ------------------------------------------------------------ index walking */

uint32_t mssa__ll_agg_index(ll_parser *p, uint32_t agg, uint64_t idx, uint32_t off) {
  const mssa_type *t = &p->m->types.a[agg];
  if (t->kind == MSSA_T_STRUCT) {
    if (idx >= t->nfields) mssa__ll_err(p, off, "invalid indices for extractvalue");
    MSSA_ASSERT(t->fields + idx < p->m->tlist.n);
    return p->m->tlist.a[t->fields + idx];
  }
  if (t->kind == MSSA_T_ARRAY) {
    if (idx >= t->count) mssa__ll_err(p, off, "invalid indices for extractvalue");
    return t->elem;
  }
  mssa__ll_err(p, off, "invalid indices for extractvalue");
}

/* Result type of getelementptr: walks the source element type through the
** indices after the first (struct indices must be constant integers). */
uint32_t mssa__ll_gep_result(ll_parser *p, uint32_t srcelem, uint32_t basety,
                             const mssa_val *idx, uint32_t nidx, const uint32_t *idxty, uint32_t off) {
  mssa_module *m = p->m;
  uint64_t vecn = 0;
  int scalable = 0;
  const mssa_type *bt = &m->types.a[basety];
  uint32_t bptr = basety;
  if (bt->kind == MSSA_T_VECTOR) {
    vecn = bt->count;
    scalable = !!(bt->flags & MSSA_TF_SCALABLE);
    bptr = bt->elem;
  }
  if (m->types.a[bptr].kind != MSSA_T_PTR) mssa__ll_err(p, off, "base of getelementptr must be a pointer");
  for (uint32_t i = 0; i < nidx; i++) {
    const mssa_type *it = &m->types.a[idxty[i]];
    if (it->kind == MSSA_T_VECTOR) {
      vecn = it->count;
      scalable = !!(it->flags & MSSA_TF_SCALABLE);
      if (m->types.a[it->elem].kind != MSSA_T_INT) mssa__ll_err(p, off, "getelementptr index must be an integer");
    } else if (it->kind != MSSA_T_INT) {
      mssa__ll_err(p, off, "getelementptr index must be an integer");
    }
  }
  uint32_t cur = srcelem;
  for (uint32_t i = 1; i < nidx; i++) {
    const mssa_type *ct = &m->types.a[cur];
    if (ct->kind == MSSA_T_STRUCT) {
      int ok = 0;
      int64_t v = mssa__ll_const_ival(p, idx[i], &ok);
      if (!ok || v < 0 || (uint64_t)v >= ct->nfields) mssa__ll_err(p, off, "invalid getelementptr indices");
      MSSA_ASSERT(ct->fields + (uint32_t)v < m->tlist.n);
      cur = m->tlist.a[ct->fields + (uint32_t)v];
    } else if (ct->kind == MSSA_T_ARRAY || ct->kind == MSSA_T_VECTOR) {
      cur = ct->elem;
    } else {
      mssa__ll_err(p, off, "invalid getelementptr indices");
    }
  }
  uint32_t rt = mssa__ll_ptr_type(p, cur, m->types.a[bptr].bits);
  if (vecn) rt = mssa__ll_vec_type(p, rt, vecn, scalable);
  return rt;
}

/* ------------------------------------------- reopening a parsed module */

/*
** For ll_read_edit.c (parsing one instruction into an existing module):
** enters every existing type into the interning set, the caches and (named
** structs) tmap, so that types parsed afterwards resolve to the module's
** existing ids instead of creating duplicates. Call on a fresh parser whose
** m is the module; clears MSSA_TF_SIZED everywhere, so the caller must run
** mssa_layout_compute(m) when done (success or not).
*/
void mssa__ll_types_check(ll_parser *p, uint32_t from) {
  mssa_module *m = p->m;
  for (uint32_t id = from; id < m->types.n && id < p->tref.n; id++)
    if (p->tref.a[id] != MSSA_NONE)
      mssa__ll_err(p, p->tref.a[id], "use of undefined type named '%s'", mssa_str(m, m->types.a[id].name));
}

void mssa__ll_types_reopen(ll_parser *p) {
  mssa_module *m = p->m;
  uint32_t n = m->types.n;
  p->tref.n = p->tdef.n = 0;
  for (uint32_t id = 0; id < n; id++) {
    mssa_vec_push(&p->tref, MSSA_NONE);
    mssa_vec_push(&p->tdef, MSSA_NONE);
  }
  mssa_idtab_reset(&p->tset, n);
  p->t_ptr0 = m->t_ptr;
  /* Layout marks types MSSA_TF_SIZED after parsing; interning compares
  ** flags, so drop the mark (the caller recomputes layout afterwards). */
  for (uint32_t id = 0; id < n; id++) m->types.a[id].flags &= (uint8_t)~MSSA_TF_SIZED;
  for (uint32_t id = 0; id < n; id++) {
    const mssa_type *t = &m->types.a[id];
    if (t->kind == MSSA_T_STRUCT && t->name != MSSA_NONE) {
      /* A named struct never defined is what a failed reparse left behind:
      ** not a name the module has (referring to it must fail again). */
      if (t->kind == MSSA_T_STRUCT && !(t->flags & MSSA_TF_DEFINED)) continue;
      const char *nm = mssa_str(m, t->name);
      uint64_t key = t->name;
      if (nm[0] >= '0' && nm[0] <= '9') key = LL_NUMKEY(strtoull(nm, NULL, 10));
      mssa_u64map_put(&p->tmap, key, id);
      continue;
    }
    mssa_idtab_add(&p->tset, type_id_hash(m, id), id);
    switch (t->kind) {
    case MSSA_T_INT:
      if (t->bits <= 128 && !p->int_cache[t->bits]) p->int_cache[t->bits] = id + 1;
      break;
    case MSSA_T_PTR:
      if (t->bits == 0 && t->elem != MSSA_NONE) {
        while (p->ptr_cache.n <= t->elem) mssa_vec_push(&p->ptr_cache, 0);
        if (!p->ptr_cache.a[t->elem]) p->ptr_cache.a[t->elem] = id + 1;
      }
      break;
    case MSSA_T_STRUCT: case MSSA_T_ARRAY: case MSSA_T_VECTOR: case MSSA_T_FUNC: case MSSA_T_TARGET:
      break;
    default:
      if (!p->kind_cache[t->kind]) p->kind_cache[t->kind] = id + 1;
      break;
    }
  }
}
