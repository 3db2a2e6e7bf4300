/*
** aa_tbaa.c -- type-based alias analysis over !tbaa access tags, as LLVM
** 14's TypeBasedAAResult (struct-path aware, old and new node formats).
**
** Invariants:
**   1. Two tags may alias unless matchAccessTags proves otherwise; anything
**      malformed (non-node operands, cycles, missing offsets) answers
**      "may alias" -- never NoAlias.
**   2. Scalar (non struct-path) tags are read as LLVM's auto-upgrade makes
**      them: !{T, T, 0}.
**   3. All walks are loops with explicit bounds (type paths at most 256
**      nodes, field searches over an explicit worklist with a visit budget),
**      so no input can drive recursion.
**   4. Answers are cached per ordered tag pair in the context; the cache is
**      module-level knowledge and survives mssa_aa_invalidate.
**
** The "may these types overlap" test is exact rather than a DAG-numbering
** range test: type DAGs are small and every answer is cached, so the exact
** LLVM algorithm costs one hash lookup per query after the first.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "alias/alias_internal.h"

#define NONE MSSA_NONE

/* Bounds on walks over the type DAG, which well-formed TBAA never nears;
** past them the answer is "may alias" (malformed or cyclic metadata, which
** LLVM would assert on). */
#define TBAA_MAX_PATH 256      /* depth of a type's path to its root */
#define TBAA_FIELD_WORK 512    /* pending field types in has_field */
#define TBAA_MAX_STEPS 4096    /* types visited by one walk */

static const mssa_md *md(const mssa_aa *aa, uint32_t n) {
  if (n == NONE || n >= aa->m->md.n) return NULL;
  const mssa_md *x = &aa->m->md.a[n];
  return x->kind == MSSA_MD_TUPLE ? x : NULL;
}

static uint32_t nops(const mssa_aa *aa, uint32_t n) { const mssa_md *x = md(aa, n); return x ? x->nops : 0; }

static const mssa_mdop *op(const mssa_aa *aa, uint32_t n, uint32_t k) {
  const mssa_md *x = md(aa, n);
  if (!x || k >= x->nops) return NULL;
  return &aa->m->mdops.a[x->ops + k];
}

/* Operand k as a node index, or NONE. */
static uint32_t op_node(const mssa_aa *aa, uint32_t n, uint32_t k) {
  const mssa_mdop *o = op(aa, n, k);
  if (!o || o->kind != MSSA_MDO_NODE) return NONE;
  return md(aa, o->idx) ? o->idx : NONE;
}

static bool op_int(const mssa_aa *aa, uint32_t n, uint32_t k, uint64_t *out) {
  const mssa_mdop *o = op(aa, n, k);
  if (!o || o->kind != MSSA_MDO_VALUE) return false;
  int64_t c; unsigned w;
  if (!mssa__const_int(aa, (mssa_val)o->idx, &c, &w)) return false;
  *out = mssa__zext_bits((uint64_t)c, w);
  return true;
}

/* isNewFormatTypeNode */
static bool new_format_type(const mssa_aa *aa, uint32_t t) {
  if (nops(aa, t) < 3) return false;
  const mssa_mdop *o = op(aa, t, 0);
  return o && o->kind == MSSA_MDO_NODE;
}

static bool is_struct_path(const mssa_aa *aa, uint32_t tag) {
  const mssa_mdop *o = op(aa, tag, 0);
  return o && o->kind == MSSA_MDO_NODE && nops(aa, tag) >= 3;
}

/* A tag view: base type, access type, offset; for scalar tags the upgrade
** !{T, T, 0}. */
typedef struct { uint32_t node, base, access; uint64_t offset; bool newfmt; bool ok; } tagv;

static tagv tag_view(const mssa_aa *aa, uint32_t tag) {
  tagv t = { tag, NONE, NONE, 0, false, false };
  if (!md(aa, tag)) return t;
  if (is_struct_path(aa, tag)) {
    t.base = op_node(aa, tag, 0);
    t.access = op_node(aa, tag, 1);
    if (!op_int(aa, tag, 2, &t.offset)) return t;
    t.newfmt = nops(aa, tag) >= 4 && (t.access == NONE || new_format_type(aa, t.access));
    t.ok = t.base != NONE && t.access != NONE;
    return t;
  }
  /* scalar tag: upgraded to <T, T, 0> */
  t.base = t.access = tag; t.offset = 0; t.ok = true;
  return t;
}

bool mssa__tbaa_immutable(const mssa_aa *aa, uint32_t tag) {
  if (!md(aa, tag)) return false;
  if (is_struct_path(aa, tag)) {
    tagv t = tag_view(aa, tag);
    unsigned k = t.newfmt ? 4 : 3;
    uint64_t v;
    if (nops(aa, tag) < k + 1 || !op_int(aa, tag, k, &v)) return false;
    return (v & 1) != 0;
  }
  /* old scalar node: operand 2 is the "constant" flag */
  uint64_t v;
  if (nops(aa, tag) < 3 || !op_int(aa, tag, 2, &v)) return false;
  return (v & 1) != 0;
}

/* TBAANode::getParent */
static uint32_t type_parent(const mssa_aa *aa, uint32_t t) {
  if (new_format_type(aa, t)) return op_node(aa, t, 0);
  if (nops(aa, t) < 2) return NONE;
  return op_node(aa, t, 1);
}

/* getLeastCommonType; *fail set when a path is malformed (cycle). */
static uint32_t least_common_type(const mssa_aa *aa, uint32_t a, uint32_t b) {
  if (a == NONE || b == NONE) return NONE;
  if (a == b) return a;
  uint32_t pa[TBAA_MAX_PATH], pb[TBAA_MAX_PATH];
  int na = 0, nb = 0;
  for (uint32_t x = a; x != NONE; x = type_parent(aa, x)) {
    for (int i = 0; i < na; i++) if (pa[i] == x) return NONE;   /* cycle: LLVM aborts */
    if (na == TBAA_MAX_PATH) return NONE;
    pa[na++] = x;
  }
  for (uint32_t x = b; x != NONE; x = type_parent(aa, x)) {
    for (int i = 0; i < nb; i++) if (pb[i] == x) return NONE;
    if (nb == TBAA_MAX_PATH) return NONE;
    pb[nb++] = x;
  }
  MSSA_ASSERT(na <= TBAA_MAX_PATH && nb <= TBAA_MAX_PATH);   /* invariant 3 */
  uint32_t ret = NONE;
  for (int ia = na - 1, ib = nb - 1; ia >= 0 && ib >= 0; ia--, ib--) {
    if (pa[ia] == pb[ib]) ret = pa[ia]; else break;
  }
  return ret;
}

/* TBAAStructTypeNode::getField; returns NONE for "no node". */
static uint32_t type_get_field(const mssa_aa *aa, uint32_t t, uint64_t *offset) {
  bool nf = new_format_type(aa, t);
  uint32_t n = nops(aa, t);
  if (nf) {
    if (n < 6) return NONE;
  } else {
    if (n < 2) return NONE;
    if (n <= 3) {
      uint64_t cur = 0;
      if (n == 3 && !op_int(aa, t, 2, &cur)) return NONE;
      *offset -= cur;
      return op_node(aa, t, 1);
    }
  }
  uint32_t first = nf ? 3 : 1, per = nf ? 3 : 2;
  uint32_t the = 0;
  for (uint32_t i = first; i + 1 < n; i += per) {
    uint64_t cur;
    if (!op_int(aa, t, i + 1, &cur)) return NONE;
    if (cur > *offset) {
      if (i < first + per) return NONE;   /* LLVM asserts here */
      the = i - per;
      break;
    }
  }
  if (the == 0) the = n - per;
  uint64_t cur;
  if (!op_int(aa, t, the + 1, &cur)) return NONE;
  *offset -= cur;
  return op_node(aa, t, the);
}

/* hasField(BaseType, FieldType), recursive in LLVM; an explicit worklist
** with a visit budget here (exceeding it answers "has field": may alias). */
static bool has_field(const mssa_aa *aa, uint32_t base, uint32_t field) {
  uint32_t work[TBAA_FIELD_WORK]; uint32_t nw = 0;
  unsigned budget = TBAA_MAX_STEPS;
  work[nw++] = base;
  while (nw) {
    uint32_t t = work[--nw];
    bool nf = new_format_type(aa, t);
    uint32_t n = nops(aa, t);
    uint32_t first = nf ? 3 : 1, per = nf ? 3 : 2;
    if (n < first) continue;
    uint32_t nfields = (n - first) / per;
    for (uint32_t i = 0; i < nfields; i++) {
      uint32_t ft = op_node(aa, t, first + i * per);
      if (ft == NONE) continue;
      if (ft == field) return true;
      if (!--budget || nw == TBAA_FIELD_WORK) return true;
      work[nw++] = ft;
    }
  }
  return false;
}

/* mayBeAccessToSubobjectOf; returns true if decided, with *may set. */
static bool subobject_of(const mssa_aa *aa, const tagv *base, const tagv *sub, uint32_t common, bool *may) {
  if (base->access == base->base && base->access == common) { *may = true; return true; }
  uint32_t bt = base->base;
  uint64_t off = base->offset;
  for (unsigned guard = 0; guard < TBAA_MAX_STEPS; guard++) {
    if (bt == NONE) break;
    if (bt == sub->base) { *may = off == sub->offset; return true; }
    if (base->newfmt && bt == base->access) break;
    bt = type_get_field(aa, bt, &off);
    if (guard == TBAA_MAX_STEPS - 1) { *may = true; return true; }
  }
  if (base->newfmt) {
    if (bt != NONE && has_field(aa, bt, sub->base)) { *may = true; return true; }
  }
  return false;
}

static bool match_tags(const mssa_aa *aa, uint32_t a, uint32_t b) {
  if (a == b) return true;
  if (a == NONE || b == NONE) return true;
  tagv ta = tag_view(aa, a), tb = tag_view(aa, b);
  if (!ta.ok || !tb.ok) return true;
  uint32_t common = least_common_type(aa, ta.access, tb.access);
  if (common == NONE) return true;
  bool may;
  if (subobject_of(aa, &ta, &tb, common, &may) || subobject_of(aa, &tb, &ta, common, &may)) return may;
  return false;
}

bool mssa__tbaa_alias(mssa_aa *aa, uint32_t a, uint32_t b) {
  if (a == NONE || b == NONE || a == b) return true;
  uint64_t key = ((uint64_t)a << 32) | b;
  uint32_t known = mssa_u64map_get(&aa->tbaa, key);
  if (known != MSSA_NONE) return known != 0;
  bool r = match_tags(aa, a, b);
  mssa_u64map_put(&aa->tbaa, key, r ? 1u : 0u);
  return r;
}
