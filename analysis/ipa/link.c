/*
** link.c -- a program from several modules, linked as a linker does: every
** external symbol resolves by name to one definition (a strong definition
** first in module order, else the first weak or linkonce one; common
** symbols take the largest size), internal and private symbols stay in
** their module; and which globals and functions have their address taken.
**
** Invariants:
**   1. The tables are sorted by (name, module): external symbols (module
**      -1) before internal ones, those in module order; ids never depend on
**      the order of definitions in a file or on addresses.
**   2. A global is not address-taken only if every use in the whole
**      program is the pointer operand of a load or store, possibly through
**      constant expression GEPs with constant indices, or a pointer operand
**      of memcpy/memmove/memset; a global only declared is always taken.
**      Function addresses are taken by any use but the callee operand.
**   3. Walks over constant expressions use an explicit stack and a visited
**      mark per constant: no recursion, each constant visited once per use
**      site kind.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

static bool is_local_linkage(unsigned l) { return l == MSSA_LINK_INTERNAL || l == MSSA_LINK_PRIVATE; }

/* A symbol while linking: its name, module (-1 external), and where it
** comes from. */
typedef struct sym {
  const char *name;
  int32_t module;
  uint32_t mod, idx;   /* the module and index of this occurrence */
  uint8_t rank;        /* definition strength: 3 strong, 2 weak/linkonce, 1 common,
                          0 declaration */
} sym;

static int sym_cmp(const void *a, const void *b) {
  const sym *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  if (c) return c;
  if (x->module != y->module) return x->module < y->module ? -1 : 1;
  /* the chosen occurrence first: strongest, then module order */
  if (x->rank != y->rank) return x->rank > y->rank ? -1 : 1;
  if (x->mod != y->mod) return x->mod < y->mod ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static uint8_t rank_of(unsigned linkage, bool decl) {
  if (decl || linkage == MSSA_LINK_EXTERN_WEAK || linkage == MSSA_LINK_AVAILABLE_EXTERNALLY) return 0;
  switch (linkage) {
  case MSSA_LINK_WEAK: case MSSA_LINK_WEAK_ODR: case MSSA_LINK_LINKONCE: case MSSA_LINK_LINKONCE_ODR:
    return 2;
  case MSSA_LINK_COMMON: return 1;
  default: return 3;
  }
}

static void link_globals(mssa_program *p) {
  MSSA_VEC(sym) v = {0};
  for (uint32_t mi = 0; mi < p->nmods; mi++) {
    const mssa_module *m = p->mods[mi];
    p->gmap[mi] = mssa_xmalloc(((size_t)m->globals.n + 1) * sizeof(uint32_t));
    for (uint32_t g = 0; g < m->globals.n; g++) {
      const mssa_global *gl = &m->globals.a[g];
      p->gmap[mi][g] = MSSA_NONE;
      if (gl->is_alias) continue;
      sym s = {mssa_str(m, gl->name), is_local_linkage(gl->linkage) ? (int32_t)mi : -1, mi, g,
               rank_of(gl->linkage, gl->is_decl)};
      mssa_vec_push(&v, s);
    }
  }
  if (v.n) qsort(v.a, v.n, sizeof *v.a, sym_cmp);
  for (uint32_t k = 0; k < v.n;) {
    uint32_t e = k;
    mssa_ipa_global G = {v.a[k].name, v.a[k].module, v.a[k].rank > 0, false, 0};
    for (; e < v.n && !strcmp(v.a[e].name, v.a[k].name) && v.a[e].module == v.a[k].module; e++) {
      const mssa_module *m = p->mods[v.a[e].mod];
      const mssa_global *gl = &m->globals.a[v.a[e].idx];
      uint64_t sz = gl->type < m->types.n ? m->types.a[gl->type].size : 0;
      /* the chosen definition's size; commons: the largest */
      if (v.a[e].rank == v.a[k].rank && v.a[e].rank && sz > G.size) G.size = sz;
      p->gmap[v.a[e].mod][v.a[e].idx] = p->globals.n;
    }
    G.address_taken = !G.defined;   /* invariant 2 */
    MSSA_ASSERT(!p->globals.n || strcmp(p->globals.a[p->globals.n - 1].name, G.name) <= 0);   /* invariant 1 */
    mssa_vec_push(&p->globals, G);
    k = e;
  }
  mssa_vec_free(&v);
}

static void link_funcs(mssa_program *p) {
  MSSA_VEC(sym) v = {0};
  for (uint32_t mi = 0; mi < p->nmods; mi++) {
    const mssa_module *m = p->mods[mi];
    p->fmap[mi] = mssa_xmalloc(((size_t)m->funcs.n + 1) * sizeof(uint32_t));
    for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
      const mssa_func *f = &m->funcs.a[fi];
      sym s = {mssa_str(m, f->name), is_local_linkage(f->linkage) ? (int32_t)mi : -1, mi, fi,
               rank_of(f->linkage, f->is_decl)};
      /* an available_externally body is the real one: usable when nothing
      ** else defines the symbol */
      if (!f->is_decl && f->linkage == MSSA_LINK_AVAILABLE_EXTERNALLY) s.rank = 1;
      mssa_vec_push(&v, s);
    }
  }
  if (v.n) qsort(v.a, v.n, sizeof *v.a, sym_cmp);
  for (uint32_t k = 0; k < v.n;) {
    uint32_t e = k;
    mssa_ipa_func F = {v.a[k].name, v.a[k].module, v.a[k].mod, v.a[k].rank ? v.a[k].idx : MSSA_NONE,
                       v.a[k].idx, false, false, -1};
    for (; e < v.n && !strcmp(v.a[e].name, v.a[k].name) && v.a[e].module == v.a[k].module; e++)
      p->fmap[v.a[e].mod][v.a[e].idx] = p->funcs.n;
    /* a library function only when the program has no body for it */
    if (F.def_fi == MSSA_NONE) F.lib = mssa__ipa_lib_find(F.name);
    MSSA_ASSERT(!p->funcs.n || strcmp(p->funcs.a[p->funcs.n - 1].name, F.name) <= 0);   /* invariant 1 */
    mssa_vec_push(&p->funcs, F);
    k = e;
  }
  mssa_vec_free(&v);
}

/* ------------------------------------------------------------ address taken */

typedef struct taken_walk {
  mssa_program *p;
  uint32_t mod;
  uint32_t *mark;     /* per constant: the walk that last visited it */
  uint32_t gen;
  mssa_u32vec stack;
} taken_walk;

static void take_global(taken_walk *t, uint32_t g) {
  uint32_t pg = t->p->gmap[t->mod][g];
  if (pg != MSSA_NONE) t->p->globals.a[pg].address_taken = true;
  else {
    /* an alias: what it aliases is taken (its initializer was walked) */
  }
}

/* Marks every global and function v refers to, through constants, taken. */
static void take_all(taken_walk *t, mssa_val v) {
  const mssa_module *m = t->p->mods[t->mod];
  t->gen++;
  t->stack.n = 0;
  mssa_vec_push(&t->stack, v);
  while (t->stack.n) {
    mssa_val x = t->stack.a[--t->stack.n];
    switch (MSSA_VAL_KIND(x)) {
    case MSSA_VK_GLOBAL: take_global(t, MSSA_VAL_INDEX(x)); break;
    case MSSA_VK_FUNC: t->p->funcs.a[t->p->fmap[t->mod][MSSA_VAL_INDEX(x)]].address_taken = true; break;
    case MSSA_VK_CONST: {
      uint32_t ci = MSSA_VAL_INDEX(x);
      MSSA_ASSERT(ci < m->consts.n);   /* invariant 3: the mark array covers it */
      if (t->mark[ci] == t->gen) break;
      t->mark[ci] = t->gen;
      const mssa_const *c = &m->consts.a[ci];
      for (uint32_t k = 0; k < c->nops; k++) mssa_vec_push(&t->stack, m->cops.a[c->ops + k]);
      break;
    }
    default: break;
    }
  }
}

/* Is v a global itself or a chain of constant GEPs with constant integer
** indices (and pointer casts) down to one? Then *g is that global. */
static bool direct_global(const mssa_module *m, mssa_val v, uint32_t *g) {
  for (int depth = 0; depth < 16; depth++) {
    if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) {
      *g = MSSA_VAL_INDEX(v);
      return !m->globals.a[*g].is_alias;
    }
    if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
    const mssa_const *c = mssa_const_get(m, v);
    if (c->kind != MSSA_C_EXPR || !c->nops) return false;
    if (c->opcode == MSSA_OP_GEP) {
      for (uint32_t k = 1; k < c->nops; k++) {
        mssa_val ix = m->cops.a[c->ops + k];
        if (MSSA_VAL_KIND(ix) != MSSA_VK_CONST) return false;
        const mssa_const *ic = mssa_const_get(m, ix);
        if (ic->kind != MSSA_C_INT && ic->kind != MSSA_C_ZERO) return false;
      }
    } else if (c->opcode != MSSA_OP_BITCAST && c->opcode != MSSA_OP_ADDRSPACECAST) {
      return false;
    }
    v = m->cops.a[c->ops];
  }
  return false;
}

static bool is_memintr(unsigned intr) {
  return intr == MSSA_INTR_MEMCPY || intr == MSSA_INTR_MEMCPY_INLINE || intr == MSSA_INTR_MEMMOVE ||
         intr == MSSA_INTR_MEMSET;
}

/* Is operand k of instruction i a position where a global's address is
** only used to access it (invariant 2)? */
static bool access_position(const mssa_inst *i, uint32_t k) {
  switch (i->opcode) {
  case MSSA_OP_LOAD: return k == 0;
  case MSSA_OP_STORE: return k == 1;
  case MSSA_OP_CALL: case MSSA_OP_INVOKE:
    if (!is_memintr(i->intrinsic)) return false;
    return k == 1 || (k == 2 && i->intrinsic != MSSA_INTR_MEMSET);
  default: return false;
  }
}

static bool is_call(unsigned op) { return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR; }

static void mark_taken(mssa_program *p) {
  for (uint32_t mi = 0; mi < p->nmods; mi++) {
    const mssa_module *m = p->mods[mi];
    taken_walk t = {p, mi, mssa_xcalloc((size_t)m->consts.n + 1, sizeof(uint32_t)), 0, {0}};
    for (uint32_t g = 0; g < m->globals.n; g++)
      if (m->globals.a[g].init != MSSA_VAL_NONE) take_all(&t, m->globals.a[g].init);
    for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
      const mssa_func *f = &m->funcs.a[fi];
      if (f->is_decl) continue;
      for (uint32_t ii = 0; ii < f->insts.n; ii++) {
        const mssa_inst *i = &f->insts.a[ii];
        if (i->block == MSSA_NONE) continue;
        const mssa_val *ops = mssa_inst_ops(f, i);
        for (uint32_t k = 0; k < i->nops; k++) {
          mssa_val v = ops[k];
          unsigned kind = MSSA_VAL_KIND(v);
          if (kind != MSSA_VK_GLOBAL && kind != MSSA_VK_FUNC && kind != MSSA_VK_CONST) continue;
          uint32_t g;
          if (access_position(i, k) && direct_global(m, v, &g)) continue;
          /* the callee operand of a direct call takes no address */
          uint32_t callee = k == 0 && is_call(i->opcode) ? mssa_call_callee(m, f, i) : MSSA_NONE;
          if (callee != MSSA_NONE) {
            p->funcs.a[p->fmap[mi][callee]].called = true;
            continue;
          }
          take_all(&t, v);
        }
      }
    }
    free(t.mark);
    mssa_vec_free(&t.stack);
  }
}

void mssa__ipa_link(mssa_program *p) {
  link_globals(p);
  link_funcs(p);
  mark_taken(p);
}
