/*
** reach_members.c -- the source view's rule for C member accesses
** (reach.h, mssa_q_members_disjoint): `p->hash` and `q->u.hnext` touch
** different members of `struct TString`, so neither can write what the
** other reads, whatever objects p and q point to.
**
** Why it holds: an object of a struct type T occupies its own bytes, and
** two T objects never partly overlap (T cannot contain a T); so the bytes
** [lo, hi) of one T object and [lo', hi') of another are disjoint when the
** two T objects differ, and when they are one object, disjoint ranges
** within T are disjoint bytes. It is C's rule for member accesses under
** strict aliasing, which GCC applies to access paths (its
** nonoverlapping_component_refs); LLVM's type-based alias analysis has it
** for struct members too, but clang tags a union member's access as
** `omnipotent char`, so there it is lost: Lua's `p->u.hnext` (a union
** member) against `p->hash` of the next string around a loop.
**
** Invariants:
**   1. Only member accesses: a load or a store whose pointer is a
**      getelementptr inbounds of a named C struct (`%struct.NAME`) with at
**      least one member index, every index after the first a constant,
**      and the bytes accessed inside the struct (with typed pointers,
**      through the bitcasts clang puts on a union member's address).
**      Anything else (other casts, pointer arithmetic, memcpy, calls) is
**      no member access, and the rule says nothing.
**   2. Only under strict aliasing: both accesses carry a !tbaa tag, which
**      clang emits only when type-based rules apply (not with
**      -fno-strict-aliasing, nor at -O0).
**   3. The rule depends on types and indices, never on pointer values, so
**      it holds on every path, around loops too (reach.c applies it to
**      the accesses' own locations, before any translation or widening).
**
** Pure C11; no libuv, no jansson.
*/
#include <string.h>

#include "base/check.h"
#include "query/reach.h"

/* Invariant 1: the byte range [*lo, *hi) of struct type *t that the member
** access `inst` touches. */
static bool member_range(const mssa_module *m, const mssa_func *f, uint32_t inst, uint32_t *t,
                         uint64_t *lo, uint64_t *hi) {
  const mssa_inst *in = &f->insts.a[inst];
  if (in->md_tbaa == MSSA_NONE) return false;   /* invariant 2 */
  const mssa_val *ops = mssa_inst_ops(f, in);
  mssa_val p;
  uint32_t vt;
  if (in->opcode == MSSA_OP_LOAD && in->nops >= 1) {
    p = ops[0];
    vt = in->type;
  } else if (in->opcode == MSSA_OP_STORE && in->nops >= 2) {
    p = ops[1];
    vt = mssa_val_type(m, f, ops[0]);
  } else {
    return false;
  }
  /* typed pointers (LLVM 14): clang casts a union member's address to
  ** the member's type; the bytes are still those of the struct object */
  for (int k = 0; k < 4 && MSSA_VAL_KIND(p) == MSSA_VK_INST && MSSA_VAL_INDEX(p) < f->insts.n &&
                  f->insts.a[MSSA_VAL_INDEX(p)].opcode == MSSA_OP_BITCAST;
       k++)
    p = mssa_inst_ops(f, &f->insts.a[MSSA_VAL_INDEX(p)])[0];
  if (vt == MSSA_NONE || vt >= m->types.n || MSSA_VAL_KIND(p) != MSSA_VK_INST ||
      MSSA_VAL_INDEX(p) >= f->insts.n)
    return false;
  const mssa_inst *g = &f->insts.a[MSSA_VAL_INDEX(p)];
  if (g->opcode != MSSA_OP_GEP || !(g->flags & MSSA_IF_INBOUNDS) || g->nops < 3 ||
      g->aux == MSSA_NONE || g->aux >= m->types.n)
    return false;
  const mssa_type *st = &m->types.a[g->aux];
  if (st->kind != MSSA_T_STRUCT || st->name == MSSA_NONE ||
      strncmp(mssa_str(m, st->name), "struct.", 7) != 0)
    return false;
  const mssa_val *gi = mssa_inst_ops(f, g);
  uint32_t cur = g->aux;
  uint64_t off = 0;
  for (uint32_t k = 2; k < g->nops; k++) {
    if (MSSA_VAL_KIND(gi[k]) != MSSA_VK_CONST) return false;
    const mssa_const *c = mssa_const_get(m, gi[k]);
    if (c->kind != MSSA_C_INT || c->wide || c->ival < 0) return false;
    const mssa_type *ct = &m->types.a[cur];
    if (ct->kind == MSSA_T_STRUCT) {
      if ((uint64_t)c->ival >= ct->nfields) return false;
      off += m->toffs.a[ct->offsets + (uint32_t)c->ival];
      cur = m->tlist.a[ct->fields + (uint32_t)c->ival];
    } else if (ct->kind == MSSA_T_ARRAY && (uint64_t)c->ival < ct->count) {
      cur = ct->elem;
      off += (uint64_t)c->ival * m->types.a[cur].size;
    } else {
      return false;
    }
  }
  uint64_t size = m->types.a[vt].store_size;
  if (!size || off + size > st->size) return false;   /* invariant 1: inside the struct */
  *t = g->aux;
  *lo = off;
  *hi = off + size;
  MSSA_ASSERT(*lo < *hi && *hi <= st->size);
  return true;
}

bool mssa_q_member(const mssa_ssa *s, uint32_t inst, mssa_qfield *out) {
  return inst < s->f->insts.n && member_range(s->m, s->f, inst, &out->type, &out->lo, &out->hi);
}

bool mssa_q_members_apart(const mssa_qfield *a, const mssa_qfield *b) {
  return a->type == b->type && (a->hi <= b->lo || b->hi <= a->lo);
}

bool mssa_q_members_disjoint(const mssa_ssa *s, uint32_t a, uint32_t b) {
  mssa_qfield x, y;
  return mssa_q_member(s, a, &x) && mssa_q_member(s, b, &y) && mssa_q_members_apart(&x, &y);
}
