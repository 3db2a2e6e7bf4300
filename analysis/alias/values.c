/*
** values.c -- the value basics every alias file reads: an instruction by
** value, a value's type, pointer and integer tests, constant integers,
** null and undef, and the operator view that treats an instruction and a
** constant expression alike (LLVM's Operator).
**
** The bottom of alias/: it calls nothing else in the folder.
**
** Invariants:
**   1. Every answer is read from the module and the function as they are;
**      nothing is cached or changed.
**   2. A value out of range (an instruction id past the function's, a type
**      id past the module's) answers "no" (NULL, MSSA_NONE, 0, false),
**      never reads past an array.
**   3. mssa__const_int sign-extends from the constant's width and refuses
**      integers wider than 64 bits.
**
** Pure C11; no libuv, no jansson.
*/
#include "alias/alias_internal.h"

const mssa_inst *mssa__inst(const mssa_aa *aa, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return NULL;
  uint32_t i = MSSA_VAL_INDEX(v);
  if (i >= aa->f->insts.n) return NULL;
  return &aa->f->insts.a[i];
}

uint32_t mssa__val_type(const mssa_aa *aa, mssa_val v) {
  switch (MSSA_VAL_KIND(v)) {
  case MSSA_VK_INST: return aa->f->insts.a[MSSA_VAL_INDEX(v)].type;
  case MSSA_VK_ARG: return aa->f->args[MSSA_VAL_INDEX(v)].type;
  case MSSA_VK_CONST: return aa->m->consts.a[MSSA_VAL_INDEX(v)].type;
  case MSSA_VK_GLOBAL: case MSSA_VK_FUNC: return mssa_val_type(aa->m, aa->f, v);
  default: return MSSA_NONE;
  }
}

bool mssa__is_ptr(const mssa_aa *aa, mssa_val v) {
  unsigned k = MSSA_VAL_KIND(v);
  if (k == MSSA_VK_GLOBAL || k == MSSA_VK_FUNC) return true;
  uint32_t t = mssa__val_type(aa, v);
  return t != MSSA_NONE && t < aa->m->types.n && aa->m->types.a[t].kind == MSSA_T_PTR;
}

unsigned mssa__int_bits(const mssa_aa *aa, mssa_val v) {
  uint32_t t = mssa__val_type(aa, v);
  if (t == MSSA_NONE || t >= aa->m->types.n) return 0;
  const mssa_type *ty = &aa->m->types.a[t];
  return ty->kind == MSSA_T_INT ? ty->bits : 0;
}

bool mssa__is_const(mssa_val v) {
  unsigned k = MSSA_VAL_KIND(v);
  return k == MSSA_VK_CONST || k == MSSA_VK_GLOBAL || k == MSSA_VK_FUNC;
}

bool mssa__const_int(const mssa_aa *aa, mssa_val v, int64_t *val, unsigned *bits) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(aa->m, v);
  unsigned w = 0;
  if (c->type < aa->m->types.n && aa->m->types.a[c->type].kind == MSSA_T_INT)
    w = aa->m->types.a[c->type].bits;
  if (!w || w > 64) return false;
  if (c->kind == MSSA_C_INT && !c->wide) { *val = mssa__sext((uint64_t)c->ival, w); *bits = w; return true; }
  if (c->kind == MSSA_C_ZERO) { *val = 0; *bits = w; return true; }
  return false;
}

bool mssa__is_null(const mssa_aa *aa, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(aa->m, v);
  if (c->kind == MSSA_C_NULL) return true;
  /* zeroinitializer of pointer type is ConstantPointerNull too */
  return c->kind == MSSA_C_ZERO && c->type < aa->m->types.n &&
         aa->m->types.a[c->type].kind == MSSA_T_PTR;
}

bool mssa__is_undef(const mssa_aa *aa, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(aa->m, v);
  return c->kind == MSSA_C_UNDEF || c->kind == MSSA_C_POISON;
}

bool mssa__operator(const mssa_aa *aa, mssa_val v, mssa__op *out) {
  unsigned k = MSSA_VAL_KIND(v);
  if (k == MSSA_VK_INST) {
    uint32_t id = MSSA_VAL_INDEX(v);
    if (id >= aa->f->insts.n) return false;
    const mssa_inst *i = &aa->f->insts.a[id];
    out->opcode = i->opcode; out->nops = i->nops; out->ops = mssa_inst_ops(aa->f, i);
    out->aux = i->aux; out->type = i->type; out->flags = i->flags; out->opflags = i->opflags;
    out->is_inst = true; out->inst = id;
    MSSA_ASSERT(out->nops == 0 || out->ops != NULL);
    return true;
  }
  if (k == MSSA_VK_CONST) {
    const mssa_const *c = mssa_const_get(aa->m, v);
    if (c->kind != MSSA_C_EXPR) return false;
    out->opcode = c->opcode; out->nops = c->nops; out->ops = aa->m->cops.a + c->ops;
    out->aux = c->aux; out->type = c->type; out->flags = c->flags; out->opflags = c->flags;
    out->is_inst = false; out->inst = MSSA_NONE;
    return true;
  }
  return false;
}
