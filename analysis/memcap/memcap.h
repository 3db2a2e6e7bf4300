/*
** memcap.h -- the memory cap on built graphs (memcap.c; memssad's
** --max-memory): every function's MemorySSA graph of the bundles it is
** given is accounted; past the cap the least recently used are freed, and
** rebuilt from the IR when they are asked for again.
**
**   mssa_memcap mc;
**   mssa_memcap_init(&mc, 512u << 20, &build_opts);
**   mssa_memcap_add(&mc, q);                 // before q is served
**   mssa_ssa *s = mssa_memcap_graph(&mc, q, fi, true);   // rebuilt if evicted
**   ...                                      // the request ends:
**   mssa_memcap_settle(&mc);                 // measured, back under the cap
**   mssa_memcap_remove(&mc, q);              // before q is freed
**
** The owner (protocol/graphs.c) bumps its reply caches' generation when
** `evictions` moves: an evicted graph's cached answers said "from_cache".
**
** Invariants: memcap.c's. Pure C11; one thread (the caller's).
*/
#ifndef MSSA_MEMCAP_H
#define MSSA_MEMCAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/util.h"
#include "mssa/mssa.h"
#include "query/mssa_query.h"

/* One function's graph as the cap accounts it (memcap.c). */
typedef struct mssa_memcap_node mssa_memcap_node;

typedef struct mssa_memcap {
  size_t cap;                 /* bytes of built graphs allowed (0: no cap) */
  mssa_build_opts build;      /* how an evicted graph is rebuilt */
  size_t bytes;               /* accounted bytes of the built graphs */
  uint64_t evictions, rebuilds;   /* so far */
  uint32_t evicted;           /* graphs evicted now */
  mssa_memcap_node *head, *tail;  /* most / least recently used */
  uint64_t tick;              /* numbers requests: what pins a graph */
  MSSA_VEC(mssa_memcap_node *) touched;   /* used by this request */
} mssa_memcap;

/* A cap of `cap` bytes (0: none, graphs are only accounted) rebuilding with
** *build. */
void mssa_memcap_init(mssa_memcap *c, size_t cap, const mssa_build_opts *build);
/* Accounts bundle q's graphs (one node per function, in q->data), then
** evicts down to the cap. Again for the same q: nothing. */
void mssa_memcap_add(mssa_memcap *c, mssa_qmodule *q);
/* Forgets q (before it is freed): its nodes and q->data. */
void mssa_memcap_remove(mssa_memcap *c, mssa_qmodule *q);
/* Function fi's graph, rebuilt if it was evicted (NULL if it has none).
** With pin the graph stays until mssa_memcap_settle (the caller keeps the
** pointer); without, only until the next mssa_memcap_graph call. A bundle
** not added is served as it is. */
mssa_ssa *mssa_memcap_graph(mssa_memcap *c, mssa_qmodule *q, uint32_t fi, bool pin);
/* A use of (q, fi)'s graph that did not ask for it (a reply cache's
** reuse): most recently used, if it is built. */
void mssa_memcap_touch(mssa_memcap *c, const void *q, uint32_t fi);
/* The request is over: the graphs it used are measured again, nothing is
** pinned, and the total is brought back under the cap. */
void mssa_memcap_settle(mssa_memcap *c);
/* After a request that ran out of memory: every graph it used is evicted
** (rebuilt from the IR when next asked for), so nothing older than the
** request keeps a block the request made (protocol/nomem.c). */
void mssa_memcap_drop_touched(mssa_memcap *c);

/* Defs, uses, phis and accesses of fi's graph, evicted or not; false if it
** has none. */
typedef struct mssa_memcap_count {
  uint32_t ndefs, nuses, nphis, naccesses;
} mssa_memcap_count;
bool mssa_memcap_counts(const mssa_qmodule *q, uint32_t fi, mssa_memcap_count *out);
/* Whether fi has a graph, evicted or not. */
bool mssa_memcap_exists(const mssa_qmodule *q, uint32_t fi);
/* Reload by difference: fi's IR is about to change and its graph to be
** rebuilt; forget_ drops its node's accounting, built_ takes the new graph. */
void mssa_memcap_forget(mssa_memcap *c, mssa_qmodule *q, uint32_t fi);
void mssa_memcap_built(mssa_memcap *c, mssa_qmodule *q, uint32_t fi);
/* For a query by position: the graphs of q's functions that have an
** instruction at `line`, rebuilt and pinned when evicted. */
void mssa_memcap_at_line(mssa_memcap *c, mssa_qmodule *q, uint32_t line);
void mssa_memcap_free(mssa_memcap *c);

#endif
