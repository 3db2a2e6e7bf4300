/*
** program.c -- the program object: made from modules (linked by link.c,
** its call graph made by callgraph.c), freed, and read by the clients.
**
** Invariants:
**   1. A program is made in one step (link, then call graph and every
**      function's own accesses) and then only summarized; its tables never
**      change size afterwards, so readers may hold pointers into them.
**   2. The program owns everything it allocated and none of the modules.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

int mssa_program_new(const mssa_module *const *mods, const char *const *names, uint32_t n,
                     mssa_program **out) {
  *out = NULL;
  if (!n || !mods) return MSSA_EINVAL;
  mssa_program *p = mssa_xcalloc(1, sizeof *p);
  p->nmods = n;
  p->mods = mods;
  p->names = mssa_xcalloc(n, sizeof *p->names);
  for (uint32_t k = 0; k < n; k++) {
    const char *nm = names && names[k] ? names[k] : "";
    p->names[k] = mssa_xstrndup(nm, strlen(nm));
  }
  p->gmap = mssa_xcalloc(n, sizeof *p->gmap);
  p->ctx = mssa_xcalloc(n, sizeof *p->ctx);
  for (uint32_t k = 0; k < n; k++) { p->ctx[k].p = p; p->ctx[k].mod = k; }
  p->fmap = mssa_xcalloc(n, sizeof *p->fmap);
  mssa__ipa_link(p);
  mssa__ipa_callgraph(p);
  MSSA_ASSERT(p->ext == p->nodes.n - 1);   /* ipa_internal.h invariant 1 */
  *out = p;
  return MSSA_OK;
}

void mssa_program_free(mssa_program *p) {
  if (!p) return;
  for (uint32_t k = 0; k < p->nmods; k++) {
    free(p->names[k]);
    free(p->gmap[k]);
    free(p->fmap[k]);
  }
  free(p->names);
  free(p->ctx);
  free(p->gmap);
  free(p->fmap);
  for (uint32_t k = 0; k < p->nsig; k++) free(p->sigs[k]);
  free(p->sigs);
  if (p->fns)
    for (uint32_t k = 0; k < p->funcs.n; k++) {
      mssa__ipa_fn *f = &p->fns[k];
      mssa_vec_free(&f->lr);
      mssa_vec_free(&f->lw);
      mssa_vec_free(&f->calls);
      mssa_vec_free(&f->argb);
      mssa_vec_free(&f->bases);
    }
  free(p->fns);
  if (p->sum)
    for (uint32_t k = 0; k < p->nodes.n; k++) mssa__ipa_summary_free(&p->sum[k]);
  free(p->sum);
  mssa_vec_free(&p->globals);
  mssa_vec_free(&p->funcs);
  mssa_vec_free(&p->nodes);
  mssa_vec_free(&p->edges);
  free(p);
}

uint32_t mssa_program_nmodules(const mssa_program *p) { return p->nmods; }
const char *mssa_program_module_name(const mssa_program *p, uint32_t k) { return p->names[k]; }
uint32_t mssa_program_nglobals(const mssa_program *p) { return p->globals.n; }
const mssa_ipa_global *mssa_program_global(const mssa_program *p, uint32_t g) { return &p->globals.a[g]; }
uint32_t mssa_program_nfuncs(const mssa_program *p) { return p->funcs.n; }
const mssa_ipa_func *mssa_program_func(const mssa_program *p, uint32_t k) { return &p->funcs.a[k]; }
uint32_t mssa_program_func_of(const mssa_program *p, uint32_t mod, uint32_t fi) {
  return mod < p->nmods && fi < p->mods[mod]->funcs.n ? p->fmap[mod][fi] : MSSA_NONE;
}
const mssa_ipa_summary *mssa_program_summary(const mssa_program *p, uint32_t k) {
  return p->sum && k < p->funcs.n ? &p->sum[k] : NULL;
}

