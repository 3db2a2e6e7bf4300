/*
** graphs.c -- the protocol's side of the memory cap on built graphs
** (--max-memory; the cap itself is analysis/memcap/memcap.c): the engine's
** one cap, and what an eviction means for its replies.
**
** Invariants:
**   1. Every graph a handler asks for comes through mssa__graph, so the cap
**      sees every use (memcap.c, invariant 6).
**   2. An eviction bumps gen and sgen (mssa__changed) before the call that
**      caused it returns: a cached answer of the evicted graph said
**      "from_cache", which its rebuild would not, so no reply cache may
**      hand it out again.
*/
#include "methods.h"

/* Invariant 2: after a call that may have evicted. */
static void evicted_since(mssa_proto *p, uint64_t before) {
  MSSA_ASSERT(p->graphs.evictions >= before);
  if (p->graphs.evictions != before) mssa__changed(p);
}

void mssa_proto_module_added(mssa_proto *p, mssa_qmodule *q) {
  uint64_t before = p->graphs.evictions;
  mssa_memcap_add(&p->graphs, q);
  evicted_since(p, before);
}

void mssa_proto_module_removed(mssa_proto *p, mssa_qmodule *q) {
  mssa_memcap_remove(&p->graphs, q);
}

mssa_ssa *mssa__graph(mssa_proto *p, mssa_qmodule *q, uint32_t fi, bool pin) {
  uint64_t before = p->graphs.evictions;
  mssa_ssa *s = mssa_memcap_graph(&p->graphs, q, fi, pin);
  MSSA_ASSERT(!s || (fi < q->nfuncs && q->ssa[fi] == s));   /* invariant 1 */
  evicted_since(p, before);
  return s;
}

void mssa__graphs_settle(mssa_proto *p) {
  uint64_t before = p->graphs.evictions;
  mssa_memcap_settle(&p->graphs);
  evicted_since(p, before);
}

void mssa__graphs_at_line(mssa_proto *p, mssa_qmodule *q, uint32_t line) {
  uint64_t before = p->graphs.evictions;
  mssa_memcap_at_line(&p->graphs, q, line);
  evicted_since(p, before);
}

/* Out of memory (nomem.c): the graphs the failed request used are evicted,
** so that nothing older than the request points at a block it made. */
void mssa__graphs_drop_touched(mssa_proto *p) {
  uint64_t before = p->graphs.evictions;
  mssa_memcap_drop_touched(&p->graphs);
  evicted_since(p, before);
}
