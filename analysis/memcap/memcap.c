/*
** memcap.c -- the memory cap on built graphs (memcap.h; memssad's
** --max-memory): every function's MemorySSA graph (with its walker caches
** and alias-analysis state) is accounted; past the cap the least recently
** used are freed, and rebuilt from the IR when a request needs them again.
**
** Why in analysis/: it holds graphs, bytes and IR, no JSON and no request;
** the protocol only ties its evictions to the reply caches (graphs.c).
**
** Invariants:
**   1. Only bundles added (mssa_memcap_add) are accounted, each with one
**      node per function in q->data; the owner adds one before serving it
**      and removes it (mssa_memcap_remove) before freeing it, so no node
**      outlives its bundle. A bundle not added is served as it is.
**   2. Built graphs are on one LRU list (most recent at the head) and
**      c->bytes is the sum of their accounted bytes
**      (mssa_qmodule_graph_bytes), measured when a graph is built and again
**      at the end of every request that used it (queries grow walker
**      caches, edits change the graph).
**   3. A graph a request has asked for with pin is not evicted before that
**      request ends: handlers may hold its pointer. Between requests
**      nothing is pinned, and the total is brought back under the cap
**      (mssa_memcap_settle).
**   4. Eviction keeps the bundle's counts (defs, uses, phis, functions):
**      a rebuild from the same IR gives the same graph, a fresh build's,
**      which is what the graph would answer after any history anyway (a
**      program's unit is rebuilt with its refinement, q->refine, as it was
**      first built).
**      Each eviction counts in c->evictions (the owner's cached answers
**      said "from_cache"). Only reload by difference changes the IR of a
**      function whose graph may be evicted: it forgets the node first
**      (mssa_memcap_forget).
**   5. Everything here runs on one thread (memssad's query thread).
**   6. Every answer counts as a use of the graph that gave it, including a
**      reply a cache hands out again without asking (mssa_memcap_touch):
**      the LRU order is the order of answers.
*/
#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "base/oom.h"
#include "memcap/memcap.h"

enum { GRAPH_NONE = 0, GRAPH_BUILT = 1, GRAPH_EVICTED = 2 };

struct mssa_memcap_node {
  mssa_memcap_node *prev, *next;   /* the LRU list (GRAPH_BUILT only) */
  mssa_qmodule *q;
  uint32_t fi;
  uint8_t state;
  bool touched;               /* listed in c->touched (measured at the request's end) */
  size_t bytes;               /* accounted while built */
  uint64_t tick;              /* the request that pinned it last */
  uint32_t ndefs, nuses, nphis, naccesses;   /* the graph's, kept while evicted */
};

typedef struct gtable {
  uint32_t n;
  mssa_memcap_node node[];
} gtable;

static mssa_memcap_node *node_of(const mssa_qmodule *q, uint32_t fi) {
  gtable *t = q->data;
  return t && fi < t->n ? &t->node[fi] : NULL;
}

static void lru_unlink(mssa_memcap *c, mssa_memcap_node *g) {
  if (g->prev) g->prev->next = g->next;
  else c->head = g->next;
  if (g->next) g->next->prev = g->prev;
  else c->tail = g->prev;
  g->prev = g->next = NULL;
}

static void lru_push_head(mssa_memcap *c, mssa_memcap_node *g) {
  MSSA_ASSERT(g->state == GRAPH_BUILT && !g->prev && !g->next);   /* invariant 2: built ones only */
  g->prev = NULL;
  g->next = c->head;
  if (c->head) c->head->prev = g;
  else c->tail = g;
  c->head = g;
}

/* Measures a built graph again (invariant 2). */
static void measure(mssa_memcap *c, mssa_memcap_node *g) {
  size_t b = mssa_qmodule_graph_bytes(g->q, g->fi);
  MSSA_ASSERT(g->state == GRAPH_BUILT && c->bytes >= g->bytes);   /* invariant 2 */
  c->bytes = c->bytes - g->bytes + b;
  g->bytes = b;
}

/* A graph that has just been built (or rebuilt): accounted, most recent. */
static void track(mssa_memcap *c, mssa_memcap_node *g) {
  g->state = GRAPH_BUILT;
  g->bytes = 0;
  measure(c, g);
  lru_push_head(c, g);
}

static void evict(mssa_memcap *c, mssa_memcap_node *g) {
  mssa_qmodule *q = g->q;
  mssa_ssa *s = q->ssa[g->fi];
  MSSA_ASSERT(s && g->state == GRAPH_BUILT && g->tick != c->tick);   /* invariant 3: not pinned */
  g->ndefs = s->ndefs;
  g->nuses = s->nuses;
  g->nphis = s->nphis;
  g->naccesses = mssa_q_naccesses(s);
  lru_unlink(c, g);
  c->bytes -= g->bytes;
  g->bytes = 0;
  g->state = GRAPH_EVICTED;
  mssa_ssa_free(s);
  q->ssa[g->fi] = NULL;
  c->evictions++;   /* invariant 4 */
  c->evicted++;
}

/* Evicts least recently used graphs, never `keep` nor one pinned by the
** current request (invariant 3), until the total is under the cap. */
static void evict_over(mssa_memcap *c, const mssa_memcap_node *keep) {
  size_t cap = c->cap;
  if (!cap) return;
  mssa_memcap_node *g = c->tail;
  while (c->bytes > cap && g) {
    mssa_memcap_node *prev = g->prev;
    if (g != keep && g->tick != c->tick) evict(c, g);
    g = prev;
  }
}

void mssa_memcap_init(mssa_memcap *c, size_t cap, const mssa_build_opts *build) {
  memset(c, 0, sizeof *c);
  c->cap = cap;
  c->build = *build;
  c->tick = 1;   /* nodes start at tick 0: not pinned (invariant 3) */
}

void mssa_memcap_add(mssa_memcap *c, mssa_qmodule *q) {
  if (q->data) return;
  gtable *t = mssa_xcalloc(1, sizeof *t + (size_t)q->nfuncs * sizeof t->node[0]);
  t->n = q->nfuncs;
  q->data = t;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa_memcap_node *g = &t->node[fi];
    g->q = q;
    g->fi = fi;
    if (q->ssa[fi]) track(c, g);
  }
  evict_over(c, NULL);
}

void mssa_memcap_remove(mssa_memcap *c, mssa_qmodule *q) {
  gtable *t = q->data;
  if (!t) return;
  for (uint32_t i = 0; i < c->touched.n; i++)
    if (c->touched.a[i] && c->touched.a[i]->q == q) c->touched.a[i] = NULL;
  for (uint32_t fi = 0; fi < t->n; fi++) {
    mssa_memcap_node *g = &t->node[fi];
    if (g->state == GRAPH_BUILT) {
      lru_unlink(c, g);
      c->bytes -= g->bytes;
    } else if (g->state == GRAPH_EVICTED) {
      c->evicted--;
    }
  }
  MSSA_ASSERT(c->bytes <= SIZE_MAX / 2);   /* invariant 2: no node's bytes subtracted twice */
  free(t);
  q->data = NULL;
}

mssa_ssa *mssa_memcap_graph(mssa_memcap *c, mssa_qmodule *q, uint32_t fi, bool pin) {
  mssa_memcap_node *g = node_of(q, fi);
  if (!g) return fi < q->nfuncs ? q->ssa[fi] : NULL;   /* not accounted (invariant 1) */
  if (g->state == GRAPH_EVICTED) {
    mssa_ssa *s = NULL;
    /* a program's unit: with its refinement, as its first build (invariant 4) */
    int rc = q->refined ? mssa_ssa_build_refined(q->m, &q->m->funcs.a[fi], &c->build, &q->refine, &s)
                        : mssa_ssa_build(q->m, &q->m->funcs.a[fi], &c->build, &s);
    if (rc != MSSA_OK || !s) {
      mssa_ssa_free(s);
      return NULL;   /* it built before from the same IR: cannot happen */
    }
    q->ssa[fi] = s;
    MSSA_ASSERT(c->evicted > 0);
    c->evicted--;
    c->rebuilds++;
    track(c, g);
  } else if (g->state == GRAPH_BUILT) {
    lru_unlink(c, g);
    lru_push_head(c, g);
  } else {
    return NULL;
  }
  if (pin) g->tick = c->tick;
  if (!g->touched) {
    g->touched = true;
    mssa_vec_push(&c->touched, g);
  }
  evict_over(c, g);
  return q->ssa[fi];
}

void mssa_memcap_touch(mssa_memcap *c, const void *q, uint32_t fi) {
  mssa_memcap_node *g = node_of(q, fi);
  if (!g || g->state != GRAPH_BUILT) return;
  lru_unlink(c, g);
  lru_push_head(c, g);
}

void mssa_memcap_settle(mssa_memcap *c) {
  for (uint32_t i = 0; i < c->touched.n; i++) {
    mssa_memcap_node *g = c->touched.a[i];
    if (!g) continue;
    g->touched = false;
    if (g->state == GRAPH_BUILT) measure(c, g);
  }
  c->touched.n = 0;
  c->tick++;   /* the request is over: nothing is pinned (invariant 3) */
  evict_over(c, NULL);
  MSSA_ASSERT(!c->cap || c->bytes <= c->cap);   /* invariants 2, 3: back under the cap */
}

void mssa_memcap_drop_touched(mssa_memcap *c) {
  c->tick++;   /* the failed request is over: nothing it pinned stays pinned (invariant 3) */
  for (uint32_t i = 0; i < c->touched.n; i++) {
    mssa_memcap_node *g = c->touched.a[i];
    if (!g) continue;
    g->touched = false;
    if (g->state == GRAPH_BUILT) evict(c, g);
  }
  c->touched.n = 0;
  mssa_oom_keep(c->touched.a);   /* the list may have grown in the request (base/oom.h) */
}

bool mssa_memcap_counts(const mssa_qmodule *q, uint32_t fi, mssa_memcap_count *out) {
  const mssa_ssa *s = fi < q->nfuncs ? q->ssa[fi] : NULL;
  if (s) {
    *out = (mssa_memcap_count){s->ndefs, s->nuses, s->nphis, mssa_q_naccesses(s)};
    return true;
  }
  const mssa_memcap_node *g = node_of(q, fi);
  if (!g || g->state != GRAPH_EVICTED) return false;
  *out = (mssa_memcap_count){g->ndefs, g->nuses, g->nphis, g->naccesses};
  return true;
}

bool mssa_memcap_exists(const mssa_qmodule *q, uint32_t fi) {
  if (fi < q->nfuncs && q->ssa[fi]) return true;
  const mssa_memcap_node *g = node_of(q, fi);
  return g && g->state == GRAPH_EVICTED;
}

void mssa_memcap_forget(mssa_memcap *c, mssa_qmodule *q, uint32_t fi) {
  mssa_memcap_node *g = node_of(q, fi);
  if (!g) return;
  if (g->state == GRAPH_BUILT) {
    lru_unlink(c, g);
    c->bytes -= g->bytes;
    g->bytes = 0;
  } else if (g->state == GRAPH_EVICTED) {
    /* As if its build had failed: what mssa_qmodule_build_func(rebuild)
    ** expects of a function without a graph. */
    q->ndefs -= g->ndefs;
    q->nuses -= g->nuses;
    q->nphis -= g->nphis;
    q->ndefined--;
    q->nfailed++;
    c->evicted--;
  }
  g->state = GRAPH_NONE;
}

void mssa_memcap_built(mssa_memcap *c, mssa_qmodule *q, uint32_t fi) {
  mssa_memcap_node *g = node_of(q, fi);
  if (g && g->state == GRAPH_NONE && q->ssa[fi]) track(c, g);
}

void mssa_memcap_at_line(mssa_memcap *c, mssa_qmodule *q, uint32_t line) {
  gtable *t = q->data;
  /* With nothing evicted nothing is rebuilt, so nothing gets evicted. */
  if (!t || !c->evicted) return;
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
      mssa_memcap_graph(c, q, fi, true);
      break;
    }
  }
}

void mssa_memcap_free(mssa_memcap *c) { mssa_vec_free(&c->touched); }
