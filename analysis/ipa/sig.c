/*
** sig.c -- signature keys of function types: the classes of the return and
** parameter types (integers by width, pointers, floating types by kind,
** aggregates by size) and the variadic flag, which decide what an indirect
** call may call (callgraph.c states the rule), and the SIG node of a call.
**
** Invariants:
**   1. A key depends only on the type's structure, never on type ids, so
**      functions of different modules with the same prototype share a key.
**   2. Keys are bounded (the buffer's size); a longer prototype is cut,
**      which can only make more functions compatible (sound).
**
** Pure C11; no libuv, no jansson.
*/
#include <stdio.h>
#include <string.h>

#include "ipa/ipa_internal.h"

static size_t type_key(const mssa_module *m, uint32_t t, char *buf, size_t cap) {
  const mssa_type *ty = &m->types.a[t];
  int n;
  switch (ty->kind) {
  case MSSA_T_VOID: n = snprintf(buf, cap, "v"); break;
  case MSSA_T_INT: n = snprintf(buf, cap, "i%u", ty->bits); break;
  case MSSA_T_PTR: n = snprintf(buf, cap, "p"); break;
  case MSSA_T_FLOAT: case MSSA_T_DOUBLE: case MSSA_T_HALF: case MSSA_T_BFLOAT:
  case MSSA_T_X86_FP80: case MSSA_T_FP128: case MSSA_T_PPC_FP128:
    n = snprintf(buf, cap, "f%u", (unsigned)ty->kind); break;
  default: n = snprintf(buf, cap, "a%llu", (unsigned long long)ty->size); break;
  }
  return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap;
}

void mssa__ipa_sig_key(const mssa_module *m, uint32_t fty, char *buf, size_t cap) {
  MSSA_ASSERT(cap > 8);
  buf[0] = 0;
  if (fty == MSSA_NONE || fty >= m->types.n || m->types.a[fty].kind != MSSA_T_FUNC) {
    snprintf(buf, cap, "?");
    return;
  }
  const mssa_type *ft = &m->types.a[fty];
  size_t n = type_key(m, ft->elem, buf, cap);
  for (uint32_t k = 0; k < ft->nfields && n + 2 < cap; k++) {
    buf[n++] = ',';
    n += type_key(m, m->tlist.a[ft->fields + k], buf + n, cap - n);
  }
  if ((ft->flags & MSSA_TF_VARARG) && n + 5 < cap) { memcpy(buf + n, ",...", 5); n += 4; }
  buf[n < cap ? n : cap - 1] = 0;
}

uint32_t mssa__ipa_sig_node(const mssa_program *p, const char *key) {
  uint32_t lo = 0, hi = p->nsig;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    int c = strcmp(p->sigs[mid], key);
    if (!c) return p->funcs.n + mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return MSSA_NONE;
}

uint32_t mssa__ipa_sig_of_call(const mssa_program *p, const mssa_module *m, uint32_t fty) {
  char key[MSSA__IPA_SIG_CAP];
  mssa__ipa_sig_key(m, fty, key, sizeof key);
  return mssa__ipa_sig_node(p, key);
}

