/*
** progset.c -- the engine's whole programs looked up: by name, a program's
** units, the unit that defines a function, the program a bundle belongs to
** (program.h). A file apart from program.c so that the parameter helpers
** (m_common.c), which resolve a program named as a module, call down to it
** while program.c calls them: no circle of files.
**
** Invariants:
**   1. Lookups only read mssa_proto.progs (sorted by name: program.c keeps
**      it so) and never allocate: safe anywhere on the query thread.
**   2. A function is found in the first unit, in link order, that defines
**      it (a static name in two units: the first), never by address.
**   3. The one change made here, mssa__progs_nomem, frees caches only (the
**      units' position and name indexes), inside a failed request's
**      rollback: nomem.c calls it, and this file calls nothing of
**      protocol/, so the two make no circle.
*/
#include <string.h>

#include "program.h"

mssa__prog *mssa__prog_find(const mssa_proto *p, const char *name) {
  /* invariant 1: sorted by name */
  MSSA_ASSERT(!p->nprogs || strcmp(p->progs[0]->name, p->progs[p->nprogs - 1]->name) <= 0);
  for (uint32_t i = 0; i < p->nprogs; i++)
    if (!strcmp(p->progs[i]->name, name)) return p->progs[i];
  return NULL;
}

const char *mssa__prog_name(const mssa__prog *g) { return g->name; }
uint32_t mssa__prog_nunits(const mssa__prog *g) { return g->n; }
mssa_qmodule *mssa__prog_unit(const mssa__prog *g, uint32_t k) { return k < g->n ? g->units[k] : NULL; }
const char *mssa__prog_unit_path(const mssa__prog *g, uint32_t k) { return k < g->n ? g->paths[k] : NULL; }

mssa_qmodule *mssa__prog_unit_for(const mssa__prog *g, const char *fname, const char *unit) {
  for (uint32_t k = 0; k < g->n; k++) {
    if (unit) {
      if (!strcmp(g->paths[k], unit)) return g->units[k];
      continue;
    }
    uint32_t fi = mssa_q_find_func(g->units[k], fname);
    if (fi == MSSA_NONE || g->units[k]->m->funcs.a[fi].is_decl) continue;
    MSSA_ASSERT(fi < g->units[k]->nfuncs);   /* invariant 2: the first unit with a body */
    return g->units[k];
  }
  return NULL;
}

const mssa__prog *mssa__prog_of(const mssa_proto *p, const mssa_qmodule *q, uint32_t *k) {
  if (!q->refined) return NULL;   /* only a program's units are refined */
  for (uint32_t i = 0; i < p->nprogs; i++)
    for (uint32_t u = 0; u < p->progs[i]->n; u++)
      if (p->progs[i]->units[u] == q) {
        MSSA_ASSERT(q->refined);   /* built with the program's refinement */
        if (k) *k = u;
        return p->progs[i];
      }
  return NULL;
}

uint32_t mssa__prog_count(const mssa_proto *p) { return p->nprogs; }

uint32_t mssa__prog_functions(const mssa_proto *p, uint32_t i) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < p->progs[i]->n; k++) n += p->progs[i]->units[k]->ndefined;
  return n;
}

void mssa__progs_nomem(mssa_proto *p) {
  MSSA_ASSERT(mssa_oom_active());   /* in a rollback: frees are still followed */
  for (uint32_t i = 0; i < p->nprogs; i++)
    for (uint32_t k = 0; k < p->progs[i]->n; k++) {
      mssa_qmodule *q = p->progs[i]->units[k];
      mssa_q_line_index_free(q->lines);
      q->lines = NULL;
      mssa_q_var_index_free(q->vars);
      q->vars = NULL;
    }
}
