/*
** module_same.h -- for the reader tests: whether two modules read from the
** same text are the same, array by array (every vector the reader fills).
*/
#ifndef MSSA_TEST_MODULE_SAME_H
#define MSSA_TEST_MODULE_SAME_H

#include <string.h>

#include "ir/ir.h"

#define SAME_VEC(X, Y, V) \
  ((X)->V.n == (Y)->V.n && ((X)->V.n == 0 || !memcmp((X)->V.a, (Y)->V.a, (X)->V.n * sizeof *(X)->V.a)))

static int same_consts(const mssa_module *a, const mssa_module *b) {
  if (a->consts.n != b->consts.n) return 0;
  for (uint32_t i = 0; i < a->consts.n; i++) {   /* field by field: the struct has padding */
    const mssa_const *x = &a->consts.a[i], *y = &b->consts.a[i];
    if (x->kind != y->kind || x->flags != y->flags || x->opcode != y->opcode || x->type != y->type ||
        x->nops != y->nops || x->ops != y->ops || x->aux != y->aux || x->ival != y->ival ||
        x->wide != y->wide)
      return 0;
  }
  return 1;
}

/* The first part in which two modules differ, or NULL. */
static const char *difference(const mssa_module *a, const mssa_module *b) {
  if (!SAME_VEC(a, b, types)) return "types";
  if (!SAME_VEC(a, b, tlist)) return "tlist";
  if (!same_consts(a, b)) return "consts";
  if (!SAME_VEC(a, b, cops)) return "cops";
  if (!SAME_VEC(a, b, md)) return "md";
  if (!SAME_VEC(a, b, mdops)) return "mdops";
  if (!SAME_VEC(a, b, attrlists)) return "attrlists";
  if (!SAME_VEC(a, b, pattrs) || !SAME_VEC(a, b, pcaps)) return "pattrs";
  if (!SAME_VEC(a, b, globals)) return "globals";
  if (!SAME_VEC(a, b, mdnum) || !SAME_VEC(a, b, md_kinds) || !SAME_VEC(a, b, named_md)) return "md tables";
  if (a->strs.n != b->strs.n || a->strs.len != b->strs.len || memcmp(a->strs.buf, b->strs.buf, a->strs.len))
    return "strings";
  if (a->funcs.n != b->funcs.n) return "funcs";
  for (uint32_t i = 0; i < a->funcs.n; i++) {
    const mssa_func *f = &a->funcs.a[i], *g = &b->funcs.a[i];
    if (!SAME_VEC(f, g, insts)) return "insts";
    if (!SAME_VEC(f, g, ops)) return "ops";
    if (!SAME_VEC(f, g, blocks)) return "blocks";
    if (!SAME_VEC(f, g, dbg)) return "debug records";
  }
  return NULL;
}

#endif
