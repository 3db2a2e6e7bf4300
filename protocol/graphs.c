/*
** graphs.c -- the memory cap on built graphs (--max-memory): every
** function's MemorySSA graph (with its walker caches and alias-analysis
** state) is accounted; past the cap the least recently used are freed, and
** rebuilt from the IR when a request needs them again.
**
** Invariants:
**   1. Only bundles the host announced (mssa_proto_module_added) are
**      accounted, each with one node per function in q->data; the host
**      announces one before installing it and withdraws it
**      (mssa_proto_module_removed) before freeing it, so no node outlives
**      its bundle. Without an announcement a bundle is served as before.
**   2. Built graphs are on one LRU list (most recent at the head) and
**      `graph_bytes` is the sum of their accounted bytes
**      (mssa_qmodule_graph_bytes), measured when a graph is built and again
**      at the end of every request that used it (queries grow walker
**      caches, edits change the graph).
**   3. A graph a request has asked for (mssa__graph with pin) is not
**      evicted before that request ends: handlers may hold its pointer.
**      Between requests nothing is pinned, and the total is brought back
**      under the cap (mssa__graphs_settle).
**   4. Eviction keeps the bundle's counts (defs, uses, phis, functions):
**      a rebuild from the same IR gives the same graph, a fresh build's,
**      which is what the graph would answer after any history anyway. It
**      bumps the reply-cache generation (cached answers said "from_cache").
**      Only reload by difference changes the IR of a function whose graph
**      may be evicted: it forgets the node first (mssa__graph_forget).
**   5. Everything here runs on the query thread.
**   6. Every answer counts as a use of the graph that gave it, including a
**      reply the raw cache (rawcache.c) hands out again without decoding the
**      request (mssa__graph_touch): the LRU order is the order of answers.
*/
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "base/oom.h"

enum { GRAPH_NONE = 0, GRAPH_BUILT = 1, GRAPH_EVICTED = 2 };

struct mssa__gnode {
  mssa__gnode *prev, *next;   /* the LRU list (GRAPH_BUILT only) */
  mssa_qmodule *q;
  uint32_t fi;
  uint8_t state;
  bool touched;               /* listed in p->touched (measured at the request's end) */
  size_t bytes;               /* accounted while built */
  uint64_t tick;              /* the request that pinned it last */
  uint32_t ndefs, nuses, nphis, naccesses;   /* the graph's, kept while evicted */
};

typedef struct gtable {
  uint32_t n;
  mssa__gnode node[];
} gtable;

static mssa__gnode *node_of(const mssa_qmodule *q, uint32_t fi) {
  gtable *t = q->data;
  return t && fi < t->n ? &t->node[fi] : NULL;
}

static void lru_unlink(mssa_proto *p, mssa__gnode *g) {
  if (g->prev) g->prev->next = g->next;
  else p->lru_head = g->next;
  if (g->next) g->next->prev = g->prev;
  else p->lru_tail = g->prev;
  g->prev = g->next = NULL;
}

static void lru_push_head(mssa_proto *p, mssa__gnode *g) {
  g->prev = NULL;
  g->next = p->lru_head;
  if (p->lru_head) p->lru_head->prev = g;
  else p->lru_tail = g;
  p->lru_head = g;
}

/* Measures a built graph again (invariant 2). */
static void measure(mssa_proto *p, mssa__gnode *g) {
  size_t b = mssa_qmodule_graph_bytes(g->q, g->fi);
  p->graph_bytes = p->graph_bytes - g->bytes + b;
  g->bytes = b;
}

/* A graph that has just been built (or rebuilt): accounted, most recent. */
static void track(mssa_proto *p, mssa__gnode *g) {
  g->state = GRAPH_BUILT;
  g->bytes = 0;
  measure(p, g);
  lru_push_head(p, g);
}

static void evict(mssa_proto *p, mssa__gnode *g) {
  mssa_qmodule *q = g->q;
  mssa_ssa *s = q->ssa[g->fi];
  g->ndefs = s->ndefs;
  g->nuses = s->nuses;
  g->nphis = s->nphis;
  g->naccesses = mssa_q_naccesses(s);
  lru_unlink(p, g);
  p->graph_bytes -= g->bytes;
  g->bytes = 0;
  g->state = GRAPH_EVICTED;
  mssa_ssa_free(s);
  q->ssa[g->fi] = NULL;
  p->graph_evictions++;
  p->graphs_evicted++;
  mssa__changed(p);   /* invariant 4 */
}

/* Evicts least recently used graphs, never `keep` nor one pinned by the
** current request, until the total is under the cap. */
static void evict_over(mssa_proto *p, const mssa__gnode *keep) {
  size_t cap = p->opts.max_graph_bytes;
  if (!cap) return;
  mssa__gnode *g = p->lru_tail;
  while (p->graph_bytes > cap && g) {
    mssa__gnode *prev = g->prev;
    if (g != keep && g->tick != p->tick) evict(p, g);
    g = prev;
  }
}

void mssa_proto_module_added(mssa_proto *p, mssa_qmodule *q) {
  if (q->data) return;
  gtable *t = mssa_xcalloc(1, sizeof *t + (size_t)q->nfuncs * sizeof t->node[0]);
  t->n = q->nfuncs;
  q->data = t;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa__gnode *g = &t->node[fi];
    g->q = q;
    g->fi = fi;
    if (q->ssa[fi]) track(p, g);
  }
  evict_over(p, NULL);
}

void mssa_proto_module_removed(mssa_proto *p, mssa_qmodule *q) {
  gtable *t = q->data;
  if (!t) return;
  for (uint32_t i = 0; i < p->touched.n; i++)
    if (p->touched.a[i] && p->touched.a[i]->q == q) p->touched.a[i] = NULL;
  for (uint32_t fi = 0; fi < t->n; fi++) {
    mssa__gnode *g = &t->node[fi];
    if (g->state == GRAPH_BUILT) {
      lru_unlink(p, g);
      p->graph_bytes -= g->bytes;
    } else if (g->state == GRAPH_EVICTED) {
      p->graphs_evicted--;
    }
  }
  free(t);
  q->data = NULL;
}

mssa_ssa *mssa__graph(mssa_proto *p, mssa_qmodule *q, uint32_t fi, bool pin) {
  mssa__gnode *g = node_of(q, fi);
  if (!g) return fi < q->nfuncs ? q->ssa[fi] : NULL;   /* not accounted (invariant 1) */
  if (g->state == GRAPH_EVICTED) {
    mssa_ssa *s = NULL;
    if (mssa_ssa_build(q->m, &q->m->funcs.a[fi], &p->opts.build, &s) != MSSA_OK || !s) {
      mssa_ssa_free(s);
      return NULL;   /* it built before from the same IR: cannot happen */
    }
    q->ssa[fi] = s;
    p->graphs_evicted--;
    p->graph_rebuilds++;
    track(p, g);
  } else if (g->state == GRAPH_BUILT) {
    lru_unlink(p, g);
    lru_push_head(p, g);
  } else {
    return NULL;
  }
  if (pin) g->tick = p->tick;
  if (!g->touched) {
    g->touched = true;
    mssa_vec_push(&p->touched, g);
  }
  evict_over(p, g);
  return q->ssa[fi];
}

void mssa__graph_touch(mssa_proto *p, const void *q, uint32_t fi) {
  mssa__gnode *g = node_of(q, fi);
  if (!g || g->state != GRAPH_BUILT) return;
  lru_unlink(p, g);
  lru_push_head(p, g);
}

void mssa__graphs_settle(mssa_proto *p) {
  for (uint32_t i = 0; i < p->touched.n; i++) {
    mssa__gnode *g = p->touched.a[i];
    if (!g) continue;
    g->touched = false;
    if (g->state == GRAPH_BUILT) measure(p, g);
  }
  p->touched.n = 0;
  p->tick++;   /* the request is over: nothing is pinned (invariant 3) */
  evict_over(p, NULL);
}

bool mssa__graph_counts(const mssa_qmodule *q, uint32_t fi, mssa__graph_count *out) {
  const mssa_ssa *s = fi < q->nfuncs ? q->ssa[fi] : NULL;
  if (s) {
    *out = (mssa__graph_count){s->ndefs, s->nuses, s->nphis, mssa_q_naccesses(s)};
    return true;
  }
  const mssa__gnode *g = node_of(q, fi);
  if (!g || g->state != GRAPH_EVICTED) return false;
  *out = (mssa__graph_count){g->ndefs, g->nuses, g->nphis, g->naccesses};
  return true;
}

bool mssa__graph_exists(const mssa_qmodule *q, uint32_t fi) {
  if (fi < q->nfuncs && q->ssa[fi]) return true;
  const mssa__gnode *g = node_of(q, fi);
  return g && g->state == GRAPH_EVICTED;
}

void mssa__graph_forget(mssa_proto *p, mssa_qmodule *q, uint32_t fi) {
  mssa__gnode *g = node_of(q, fi);
  if (!g) return;
  if (g->state == GRAPH_BUILT) {
    lru_unlink(p, g);
    p->graph_bytes -= g->bytes;
    g->bytes = 0;
  } else if (g->state == GRAPH_EVICTED) {
    /* As if its build had failed: what mssa_qmodule_build_func(rebuild)
    ** expects of a function without a graph. */
    q->ndefs -= g->ndefs;
    q->nuses -= g->nuses;
    q->nphis -= g->nphis;
    q->ndefined--;
    q->nfailed++;
    p->graphs_evicted--;
  }
  g->state = GRAPH_NONE;
}

void mssa__graph_built(mssa_proto *p, mssa_qmodule *q, uint32_t fi) {
  mssa__gnode *g = node_of(q, fi);
  if (g && g->state == GRAPH_NONE && q->ssa[fi]) track(p, g);
}

void mssa__graphs_at_line(mssa_proto *p, mssa_qmodule *q, uint32_t line) {
  gtable *t = q->data;
  /* With nothing evicted nothing is rebuilt, so nothing gets evicted. */
  if (!t || !p->graphs_evicted) return;
  const mssa_module *m = q->m;
  for (uint32_t fi = 0; fi < t->n; fi++) {
    /* Built ones are pinned too: rebuilding another module's may evict. */
    if (t->node[fi].state == GRAPH_NONE) continue;
    const mssa_func *f = &m->funcs.a[fi];
    for (uint32_t i = 0; i < f->insts.n; i++) {
      const mssa_inst *in = &f->insts.a[i];
      uint32_t fid, did, l, col;
      if (in->block == MSSA_NONE || in->dbg == MSSA_NONE ||
          !mssa_inst_source(m, in, &fid, &did, &l, &col) || l != line)
        continue;
      mssa__graph(p, q, fi, true);
      break;
    }
  }
}

void mssa__graphs_drop_touched(mssa_proto *p) {
  for (uint32_t i = 0; i < p->touched.n; i++) {
    mssa__gnode *g = p->touched.a[i];
    if (!g) continue;
    g->touched = false;
    if (g->state == GRAPH_BUILT) evict(p, g);
  }
  p->touched.n = 0;
  mssa_oom_keep(p->touched.a);   /* the list may have grown in the request */
  p->tick++;
}

void mssa__graphs_free(mssa_proto *p) { mssa_vec_free(&p->touched); }
