/*
** prog_through.c -- `clobber` on a program, when the reaching write is a
** call: the writes inside the callee (transitively) that may write the
** loaded global, each with its source position and the call chain that
** leads to it (program.h, mssa__prog_through); and when it is the value
** from before the function: the writes of the global that reach each call
** of the function in the program, one level up (mssa__prog_at_callers).
**
** Why only globals: a global is the same object under the same name in
** every unit (statics: in theirs), so "may write it" maps across the call
** with no argument mapping; memory reached through pointers would need the
** summaries' parameter mapping at every step, left for later.
**
** Invariants:
**   1. Bounded: a breadth-first walk over (unit, function) with an explicit
**      queue of at most MAX_FUNCS nodes, MAX_DEPTH calls deep, and at most
**      MAX_WRITES writes listed; beyond any, `truncated` is set. No
**      recursion, whatever the call graph.
**   2. A call is followed only when its callee's summary may write the
**      global (write_all, or a global entry of that name): the summaries
**      are sound (ipa.h invariant 3), so no write is missed by pruning,
**      and a callee without a body or with an unknown summary is listed as
**      such (`unknown`), never silently dropped.
**   3. Functions are visited in call order (instruction order of each
**      body, breadth first): the list does not depend on addresses.
**   4. Each write names its instruction (`inst`, the stable id a query
**      takes with its `unit` and `function`) and, like an access object
**      (m_common.c), its C variable (`var`) when the debug info has one:
**      a client can ask about the write itself.
**   5. Callers: every direct call of the function in the program, in link
**      order of units, then function and instruction order, at most
**      MAX_CALLERS; at each, the walker's location form from the call's
**      defining access with the global (as `clobber` with a `location`
**      asks), MemoryPhis expanded operand by operand with an explicit
**      worklist (at most MAX_CALLER_PHIS each, each phi once): every write
**      that may reach the call on some path, at most MAX_CALLER_WRITES in
**      all; beyond any, `truncated`. One level only: the callers' callers
**      are not asked (an `entry` flag says the value may come from there).
*/
#include <stdlib.h>
#include <string.h>

#include "program.h"

#define MAX_FUNCS 256
#define MAX_DEPTH 8
#define MAX_WRITES 32
#define MAX_CALLERS 16
#define MAX_CALLER_WRITES 32
#define MAX_CALLER_PHIS 64

typedef struct node {
  uint32_t unit, fi;
  uint32_t parent;      /* index of the caller's node, MSSA_NONE for the first callee */
  uint32_t call_unit, call_fi, call_inst;   /* the call that led here */
  uint32_t depth;
} node;

/* Is global `gi` of unit u the global named `name` (internal: of unit gu)? */
static bool same_global(const mssa__prog *g, uint32_t u, uint32_t gi, const char *name,
                        bool internal, uint32_t gu) {
  const mssa_module *m = g->units[u]->m;
  const mssa_global *G = &m->globals.a[gi];
  if (strcmp(mssa_str(m, G->name), name)) return false;
  bool local = G->linkage == MSSA_LINK_INTERNAL || G->linkage == MSSA_LINK_PRIVATE;
  return internal ? (u == gu && local) : !local;
}

/* May function k of the program write global `name` by its summary? */
static bool summary_writes(const mssa_program *pr, uint32_t k, const char *name) {
  const mssa_ipa_summary *s = mssa_program_summary(pr, k);
  if (s->write_all) return true;
  for (uint32_t i = 0; i < s->nw; i++) {
    const mssa_ipa_entry *e = &s->w[i];
    if (e->kind == MSSA_IPA_GLOBAL && !strcmp(mssa_program_global(pr, e->id)->name, name)) return true;
    if (e->kind == MSSA_IPA_OTHER || e->kind == MSSA_IPA_PARAM) return true;   /* may be it */
  }
  return false;
}

static json_t *fname_new(const mssa__prog *g, uint32_t u, uint32_t fi) {
  const mssa_module *m = g->units[u]->m;
  return mssa__jstr(mssa_str(m, m->funcs.a[fi].name));
}

/* The chain of calls from the queried call to node n, outermost first. */
static json_t *chain_new(const mssa__prog *g, const node *nodes, uint32_t n) {
  json_t *a = json_array();
  for (uint32_t k = n; k != MSSA_NONE; k = nodes[k].parent) {
    const node *x = &nodes[k];
    const mssa_module *m = g->units[x->call_unit]->m;
    const mssa_inst *in = &m->funcs.a[x->call_fi].insts.a[x->call_inst];
    json_t *src = mssa__source_json_new(m, in);
    json_array_insert_new(a, 0, json_pack("{sososo}", "caller", fname_new(g, x->call_unit, x->call_fi),
                                          "callee", fname_new(g, x->unit, x->fi), "source",
                                          src ? src : json_null()));
  }
  return a;
}

/* Instruction i of function fi of unit u as a listed write (invariant
** 4): function, unit, inst, var, source; `text` or `call_to` are the
** caller's. */
static json_t *site_new(const mssa__prog *g, uint32_t u, uint32_t fi, uint32_t i) {
  mssa_qmodule *q = g->units[u];
  const mssa_func *f = &q->m->funcs.a[fi];
  json_t *src = mssa__source_json_new(q->m, &f->insts.a[i]);
  json_t *o = json_pack("{sososIso}", "function", fname_new(g, u, fi), "unit",
                        mssa__jstr(g->paths[u]), "inst", (json_int_t)i, "source",
                        src ? src : json_null());
  char buf[512];
  /* the bundle's name index is a cache: built here, on the query thread */
  if (!mssa_q_inst_var_ix(mssa_qmodule_var_index(q), q->m, f, i, buf, sizeof buf))
    json_object_set_new(o, "var", mssa__jstr(buf));
  return o;
}

/* Adds what node n's body writes of the global and queues its calls. */
static void visit(mssa_proto *p, const mssa__prog *g, node *nodes, uint32_t *nn, uint32_t n,
                  const char *name, bool internal, uint32_t gu, json_t *writes, bool *truncated) {
  const node x = nodes[n];
  const mssa_qmodule *q = g->units[x.unit];
  const mssa_func *f = &q->m->funcs.a[x.fi];
  /* through the cap: --max-memory may have evicted it (program.h invariant 4) */
  const mssa_ssa *s = mssa__graph(p, g->units[x.unit], x.fi, true);
  if (!s) return;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    uint32_t a = mssa_ssa_inst_access(s, i);
    if (a == MSSA_NONE || s->acc.a[a].kind != MSSA_ACC_DEF) continue;
    if (in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_INVOKE) {
      uint32_t callee = mssa_call_callee(q->m, f, in);
      uint32_t k = callee == MSSA_NONE ? MSSA_NONE : mssa_program_func_of(g->prog, x.unit, callee);
      if (k == MSSA_NONE) continue;   /* indirect or an intrinsic: not followed (reported by the walker) */
      if (!summary_writes(g->prog, k, name)) continue;   /* invariant 2 */
      const mssa_ipa_func *F = mssa_program_func(g->prog, k);
      if (F->def_fi == MSSA_NONE) {   /* no body: its summary says it may */
        if (json_array_size(writes) >= MAX_WRITES) { *truncated = true; return; }
        json_t *w = site_new(g, x.unit, x.fi, i);
        json_object_set_new(w, "call_to", mssa__jstr(F->name));
        json_object_set_new(w, "unknown", json_true());
        json_object_set_new(w, "chain", chain_new(g, nodes, n));
        json_array_append_new(writes, w);
        continue;
      }
      bool seen = false;
      for (uint32_t j = 0; j < *nn && !seen; j++)
        seen = nodes[j].unit == F->def_mod && nodes[j].fi == F->def_fi;
      if (seen) continue;
      if (*nn >= MAX_FUNCS || x.depth + 1 >= MAX_DEPTH) { *truncated = true; continue; }
      nodes[(*nn)++] = (node){F->def_mod, F->def_fi, n, x.unit, x.fi, i, x.depth + 1};
      continue;
    }
    mssa_loc loc;
    if (!mssa_aa_inst_loc(s->aa, i, &loc) || MSSA_VAL_KIND(loc.ptr) != MSSA_VK_GLOBAL ||
        !same_global(g, x.unit, MSSA_VAL_INDEX(loc.ptr), name, internal, gu))
      continue;
    if (json_array_size(writes) >= MAX_WRITES) { *truncated = true; return; }
    char text[512];
    mssa_q_inst_text(q->m, f, i, text, sizeof text);
    json_t *w = site_new(g, x.unit, x.fi, i);
    json_object_set_new(w, "text", mssa__jstr(text));
    json_object_set_new(w, "chain", chain_new(g, nodes, n));
    json_array_append_new(writes, w);
  }
}

json_t *mssa__prog_through(mssa_proto *p, const mssa_qmodule *q, uint32_t fi, uint32_t use,
                           uint32_t call) {
  uint32_t gu;
  const mssa__prog *g = mssa__prog_of(p, q, &gu);
  if (!g) return NULL;
  const mssa_func *f = &q->m->funcs.a[fi];
  const mssa_inst *in = &f->insts.a[call];
  if (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE) return NULL;
  mssa_loc loc;
  if (!mssa_aa_inst_loc(q->ssa[fi]->aa, use, &loc) || MSSA_VAL_KIND(loc.ptr) != MSSA_VK_GLOBAL)
    return NULL;   /* only globals (see above) */
  const mssa_global *G = &q->m->globals.a[MSSA_VAL_INDEX(loc.ptr)];
  const char *name = mssa_str(q->m, G->name);
  bool internal = G->linkage == MSSA_LINK_INTERNAL || G->linkage == MSSA_LINK_PRIVATE;
  uint32_t callee = mssa_call_callee(q->m, f, in);
  uint32_t k = callee == MSSA_NONE ? MSSA_NONE : mssa_program_func_of(g->prog, gu, callee);
  if (k == MSSA_NONE) return NULL;
  const mssa_ipa_func *F = mssa_program_func(g->prog, k);
  json_t *writes = json_array();
  bool truncated = false;
  if (F->def_fi != MSSA_NONE) {
    node *nodes = mssa_xcalloc(MAX_FUNCS, sizeof *nodes);
    uint32_t nn = 1;
    nodes[0] = (node){F->def_mod, F->def_fi, MSSA_NONE, gu, fi, call, 0};
    for (uint32_t n = 0; n < nn; n++)   /* invariant 1: the queue, breadth first */
      visit(p, g, nodes, &nn, n, name, internal, gu, writes, &truncated);
    MSSA_ASSERT(nn <= MAX_FUNCS && json_array_size(writes) <= MAX_WRITES);
    free(nodes);
  }
  return json_pack("{sosososb}", "global", mssa__jstr(name), "callee", mssa__jstr(F->name),
                   "writes", writes, "truncated", truncated);
}

/* ------------------------------------------------------------ callers */

typedef struct callers {
  mssa_proto *p;
  const mssa__prog *g;
  const char *name;      /* the global */
  bool internal;         /* a static: of unit gu */
  uint32_t gu;
  uint64_t size;         /* the load's bytes */
  uint32_t nwrites;      /* listed so far, all calls together */
  bool truncated;
} callers;

/* Unit u's global that is the loaded one, or MSSA_NONE (it names none). */
static uint32_t global_in(const callers *cx, uint32_t u) {
  const mssa_module *m = cx->g->units[u]->m;
  for (uint32_t gi = 0; gi < m->globals.n; gi++)
    if (same_global(cx->g, u, gi, cx->name, cx->internal, cx->gu)) return gi;
  return MSSA_NONE;
}

/* Pushes the clobber of loc from access o on (o itself checked first, as
** the walker's location form does); a phi or liveOnEntry as it is. */
static void push_from(mssa_ssa *s, uint32_t o, const mssa_loc *loc, mssa_u32vec *work) {
  if (s->acc.a[o].kind == MSSA_ACC_DEF) {
    uint32_t limit = s->check_limit;
    o = mssa_walker_clobber_loc(s, o, loc, &limit);
  }
  mssa_vec_push(work, o);
}

/* The writes of loc that may reach call `ci` of function fi of unit u, on
** every path (invariant 5), into site: writes, entry, truncated. */
static void call_writes(callers *cx, uint32_t u, uint32_t fi, mssa_ssa *s, uint32_t ci,
                        const mssa_loc *loc, json_t *site) {
  json_t *writes = json_array();
  bool entry = false, trunc = false;
  mssa_u32vec work = {0}, seen = {0};   /* seen: phis expanded and writes listed */
  uint32_t phis = 0;
  mssa_qclobber qc;
  if (!mssa_q_clobber(s, ci, loc, &qc)) mssa_vec_push(&work, qc.clobber);
  while (work.n && !trunc) {
    uint32_t a = work.a[--work.n];
    const mssa_access *x = &s->acc.a[a];
    bool dup = false;
    for (uint32_t k = 0; k < seen.n && !dup; k++) dup = seen.a[k] == a;
    if (x->kind == MSSA_ACC_LIVE) entry = true;
    if (dup || (x->kind != MSSA_ACC_PHI && (x->kind != MSSA_ACC_DEF || x->inst == MSSA_NONE)))
      continue;
    mssa_vec_push(&seen, a);
    if (x->kind == MSSA_ACC_PHI) {
      if (phis++ == MAX_CALLER_PHIS) {
        trunc = true;
        break;
      }
      for (uint32_t k = x->nops; k-- > 0;)   /* popped in operand order */
        push_from(s, mssa_phi_value(s, &s->acc.a[a], k), loc, &work);
      continue;
    }
    if (cx->nwrites == MAX_CALLER_WRITES) {
      trunc = true;
      break;
    }
    char text[512];
    mssa_q_inst_text(s->m, s->f, x->inst, text, sizeof text);
    json_t *w = site_new(cx->g, u, fi, x->inst);
    json_object_set_new(w, "text", mssa__jstr(text));
    json_array_append_new(writes, w);
    cx->nwrites++;
  }
  MSSA_ASSERT(phis <= MAX_CALLER_PHIS + 1 && cx->nwrites <= MAX_CALLER_WRITES);   /* invariant 5 */
  mssa_vec_free(&work);
  mssa_vec_free(&seen);
  cx->truncated |= trunc;
  json_object_set_new(site, "writes", writes);
  json_object_set_new(site, "entry", json_boolean(entry));
  json_object_set_new(site, "truncated", json_boolean(trunc));
}

/* Call ci of function fi of unit u, a call of the queried function: the
** site with the writes that reach it. */
static json_t *caller_new(callers *cx, uint32_t u, uint32_t fi, uint32_t ci) {
  json_t *site = site_new(cx->g, u, fi, ci);
  uint32_t gi = global_in(cx, u);
  mssa_ssa *s = gi == MSSA_NONE ? NULL : mssa__graph(cx->p, cx->g->units[u], fi, true);
  if (!s) {   /* its unit names no such global: nothing there writes it directly */
    json_object_set_new(site, "writes", json_array());
    json_object_set_new(site, "unseen", json_true());
    return site;
  }
  mssa_loc loc = {MSSA_VAL(MSSA_VK_GLOBAL, gi), cx->size, MSSA_NONE, MSSA_NONE, MSSA_NONE};
  call_writes(cx, u, fi, s, ci, &loc, site);
  return site;
}

json_t *mssa__prog_at_callers(mssa_proto *p, const mssa_qmodule *q, uint32_t fi, uint32_t use) {
  uint32_t gu;
  const mssa__prog *g = mssa__prog_of(p, q, &gu);
  mssa_loc loc;
  if (!g || !mssa_aa_inst_loc(q->ssa[fi]->aa, use, &loc) || MSSA_VAL_KIND(loc.ptr) != MSSA_VK_GLOBAL)
    return NULL;   /* only globals (see prog_through's top) */
  uint32_t target = mssa_program_func_of(g->prog, gu, fi);
  if (target == MSSA_NONE) return NULL;
  const mssa_global *G = &q->m->globals.a[MSSA_VAL_INDEX(loc.ptr)];
  callers cx = {.p = p, .g = g, .name = mssa_str(q->m, G->name), .gu = gu, .size = loc.size};
  cx.internal = G->linkage == MSSA_LINK_INTERNAL || G->linkage == MSSA_LINK_PRIVATE;
  json_t *calls = json_array();
  for (uint32_t u = 0; u < g->n; u++) {   /* invariant 5: link, function, instruction order */
    const mssa_module *m = g->units[u]->m;
    for (uint32_t cf = 0; cf < m->funcs.n; cf++) {
      const mssa_func *f = &m->funcs.a[cf];
      for (uint32_t i = 0; !f->is_decl && i < f->insts.n; i++) {
        const mssa_inst *in = &f->insts.a[i];
        if (in->block == MSSA_NONE || (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE))
          continue;
        uint32_t callee = mssa_call_callee(m, f, in);
        if (callee == MSSA_NONE || mssa_program_func_of(g->prog, u, callee) != target) continue;
        if (json_array_size(calls) == MAX_CALLERS) {
          cx.truncated = true;
          goto done;
        }
        json_array_append_new(calls, caller_new(&cx, u, cf, i));
      }
    }
  }
done:
  return json_pack("{sosososb}", "global", mssa__jstr(cx.name), "function",
                   fname_new(g, gu, fi), "calls", calls, "truncated", cx.truncated);
}
