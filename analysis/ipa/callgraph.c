/*
** callgraph.c -- the program's call graph and its strongly connected
** components, bottom-up.
**
** The rule for indirect calls (sound for C, where calling a function
** through a pointer of an incompatible type is undefined): an indirect call
** may call any address-taken function (defined or declared) whose
** signature matches the call's function type -- the same return and
** parameter classes (integers by width, pointers, floating types by kind,
** aggregates by size) and the same variadic flag. The calls of one
** signature go through one SIG node, whose callees are those functions.
** If the program may obtain code from outside itself (it calls or takes
** the address of a declared function of unknown effects, or calls dlsym),
** an indirect call may also reach that code: the EXTERNAL node. Code
** outside the program (EXTERNAL; library functions with callbacks such as
** qsort call it) may call every address-taken function; when the program
** may reach code outside itself, that code may also call every function
** the program exports and name every global it exports, so exported
** globals then count as address-taken, and EXTERNAL may touch other,
** allocated and inaccessible memory and what its arguments point to.
**
** Invariants:
**   1. Nodes and edges are made in program-function order, then signature
**      order: the graph does not depend on file order or addresses.
**   2. Tarjan's algorithm runs on an explicit stack (no recursion): a chain
**      of 100,000 calls or an SCC of thousands of functions needs memory
**      linear in the graph, never the C stack.
**   3. SCCs come out callees first: every edge leaves a node for a node of
**      the same SCC or of an SCC already emitted.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

#define SIG_CAP MSSA__IPA_SIG_CAP

static int str_cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_intrinsic_name(const char *n) { return !strncmp(n, "llvm.", 5); }

/* The signature key of program function k (its first occurrence's type). */
static void func_key(const mssa_program *p, uint32_t k, char *key, size_t cap) {
  const mssa_ipa_func *F = &p->funcs.a[k];
  const mssa_module *m = p->mods[F->def_mod];
  mssa__ipa_sig_key(m, m->funcs.a[F->occ_fi].type, key, cap);
}

/* SIG nodes: the signatures of address-taken functions, sorted, unique. */
static void make_sigs(mssa_program *p) {
  MSSA_VEC(char *) v = {0};
  char key[SIG_CAP];
  for (uint32_t k = 0; k < p->funcs.n; k++) {
    if (!p->funcs.a[k].address_taken) continue;
    func_key(p, k, key, sizeof key);
    mssa_vec_push(&v, mssa_xstrndup(key, strlen(key)));
  }
  if (v.n) qsort(v.a, v.n, sizeof *v.a, str_cmp);
  uint32_t o = 0;
  for (uint32_t k = 0; k < v.n; k++) {
    if (o && !strcmp(v.a[o - 1], v.a[k])) { free(v.a[k]); continue; }
    v.a[o++] = v.a[k];
  }
  p->sigs = v.a;
  p->nsig = o;
}

/* Fixed summaries of declared functions, and whether code from outside the
** program may be reached. */
static void declared(mssa_program *p) {
  for (uint32_t k = 0; k < p->funcs.n; k++) {
    const mssa_ipa_func *F = &p->funcs.a[k];
    mssa__ipa_node *n = &p->nodes.a[k];
    if (F->def_fi != MSSA_NONE) continue;
    if (F->lib >= 0) {
      mssa__ipa_lib_summary(F->lib, &p->sum[k]);
      if (mssa__ipa_lib_extcode(F->lib) && (F->called || F->address_taken)) p->extcode = true;
      continue;
    }
    n->kind = MSSA__N_DECL;
    /* a declaration's attributes: the first occurrence in module order */
    const mssa_module *m = p->mods[F->def_mod];
    mssa__ipa_decl_summary(m, &m->funcs.a[F->occ_fi], &p->sum[k]);
    /* a declaration nothing calls or takes the address of runs no code */
    if ((p->sum[k].read_all || p->sum[k].write_all) && !is_intrinsic_name(F->name) &&
        (F->called || F->address_taken))
      p->extcode = true;
  }
}

void mssa__ipa_callgraph(mssa_program *p) {
  make_sigs(p);
  uint32_t nn = p->funcs.n + p->nsig + 1;
  p->ext = nn - 1;
  mssa_vec_reserve(&p->nodes, nn);
  for (uint32_t k = 0; k < nn; k++) {
    mssa__ipa_node n = {MSSA__N_EXT, MSSA_NONE, 0, 0};
    if (k < p->funcs.n) {
      n.func = k;
      n.kind = p->funcs.a[k].def_fi != MSSA_NONE ? MSSA__N_DEF : p->funcs.a[k].lib >= 0 ? MSSA__N_LIB
                                                                                       : MSSA__N_DECL;
    } else if (k < p->ext) {
      n.kind = MSSA__N_SIG;
    }
    mssa_vec_push(&p->nodes, n);
  }
  p->sum = mssa_xcalloc(nn, sizeof *p->sum);
  p->fns = mssa_xcalloc(p->funcs.n + 1, sizeof *p->fns);
  declared(p);
  /* code outside the program may name every exported global */
  if (p->extcode)
    for (uint32_t g = 0; g < p->globals.n; g++)
      if (p->globals.a[g].module < 0) p->globals.a[g].address_taken = true;
  /* each address-taken function's SIG node */
  uint32_t *fsig = mssa_xmalloc(((size_t)p->funcs.n + 1) * sizeof *fsig);
  char key[SIG_CAP];
  for (uint32_t f = 0; f < p->funcs.n; f++) {
    fsig[f] = MSSA_NONE;
    if (!p->funcs.a[f].address_taken) continue;
    func_key(p, f, key, sizeof key);
    fsig[f] = mssa__ipa_sig_node(p, key);
    MSSA_ASSERT(fsig[f] != MSSA_NONE);   /* make_sigs saw every one */
  }
  /* edges, node by node (invariant 1) */
  for (uint32_t k = 0; k < nn; k++) {
    mssa__ipa_node *n = &p->nodes.a[k];
    n->e0 = p->edges.n;
    if (n->kind == MSSA__N_DEF) {
      mssa__ipa_local(p, k);
      const mssa__ipa_fn *fn = &p->fns[k];
      for (uint32_t c = 0; c < fn->calls.n; c++) {
        if (fn->calls.a[c].callee != MSSA_NONE) mssa_vec_push(&p->edges, fn->calls.a[c].callee);
        if (fn->calls.a[c].callee2 != MSSA_NONE) mssa_vec_push(&p->edges, fn->calls.a[c].callee2);
      }
    } else if (n->kind == MSSA__N_LIB) {
      if (mssa__ipa_lib_callback(p->funcs.a[k].lib)) mssa_vec_push(&p->edges, p->ext);
    } else if (n->kind == MSSA__N_SIG || n->kind == MSSA__N_EXT) {
      for (uint32_t f = 0; f < p->funcs.n; f++) {
        bool exported = p->extcode && p->funcs.a[f].module < 0 && p->funcs.a[f].def_fi != MSSA_NONE;
        if (n->kind == MSSA__N_SIG ? fsig[f] == k : fsig[f] != MSSA_NONE || exported)
          mssa_vec_push(&p->edges, f);
      }
    }
    p->nodes.a[k].e1 = p->edges.n;
  }
  free(fsig);
}

/* ------------------------------------------------------------ Tarjan */

typedef struct frame { uint32_t node, edge; } frame;

void mssa__ipa_sccs(const mssa_program *p, uint32_t *order, uint32_t *scc_start, uint32_t *nscc) {
  uint32_t nn = p->nodes.n;
  uint32_t *index = mssa_xmalloc(((size_t)nn + 1) * sizeof *index);
  uint32_t *low = mssa_xmalloc(((size_t)nn + 1) * sizeof *low);
  uint8_t *on = mssa_xcalloc((size_t)nn + 1, 1);
  uint32_t *stk = mssa_xmalloc(((size_t)nn + 1) * sizeof *stk);
  MSSA_VEC(frame) calls = {0};
  memset(index, 0xff, ((size_t)nn + 1) * sizeof *index);
  uint32_t next = 0, sp = 0, out = 0;
  *nscc = 0;
  for (uint32_t root = 0; root < nn; root++) {
    if (index[root] != MSSA_NONE) continue;
    frame f0 = {root, p->nodes.a[root].e0};
    mssa_vec_push(&calls, f0);
    index[root] = low[root] = next++;
    stk[sp++] = root;
    on[root] = 1;
    while (calls.n) {
      frame *f = &calls.a[calls.n - 1];
      uint32_t v = f->node;
      if (f->edge < p->nodes.a[v].e1) {
        uint32_t w = p->edges.a[f->edge++];
        if (index[w] == MSSA_NONE) {
          index[w] = low[w] = next++;
          stk[sp++] = w;
          on[w] = 1;
          frame g = {w, p->nodes.a[w].e0};
          mssa_vec_push(&calls, g);   /* f may move: not used after this */
        } else if (on[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      /* v is done */
      if (low[v] == index[v]) {
        scc_start[(*nscc)++] = out;
        uint32_t w;
        do {
          w = stk[--sp];
          on[w] = 0;
          order[out++] = w;
        } while (w != v);
      }
      calls.n--;
      if (calls.n) {
        uint32_t u = calls.a[calls.n - 1].node;
        if (low[v] < low[u]) low[u] = low[v];
      }
    }
  }
  MSSA_ASSERT(out == nn && sp == 0);   /* every node in exactly one SCC */
  scc_start[*nscc] = out;
  mssa_vec_free(&calls);
  free(index);
  free(low);
  free(on);
  free(stk);
}
