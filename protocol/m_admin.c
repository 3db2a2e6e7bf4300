/*
** m_admin.c -- methods about the daemon and its module set: ping, stats,
** shutdown, modules, unload.
**
** Invariants:
**   1. None of these touches a graph (evicted ones are counted from what
**      graphs.c kept), so none can be slow or mutate a module (unload only
**      asks the host to drop one).
**   2. `shutdown` replies first; the daemon stops after the reply is
**      queued (MSSA_PROTO_SHUTDOWN).
*/
#include <string.h>

#include "common/ccache.h"
#include "methods.h"
#include "program.h"

int mssa__m_ping(mssa__call *c) {
  c->result = json_pack("{ss}", "version", MSSA_PROTO_VERSION);
  return 0;
}

int mssa__m_shutdown(mssa__call *c) {
  c->shutdown = true;
  c->result = json_pack("{sb}", "stopping", 1);
  return 0;
}

/* Accesses of every graph of q, evicted ones included. */
static uint64_t module_accesses(const mssa_qmodule *q) {
  uint64_t n = 0;
  mssa_memcap_count k;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++)
    if (mssa_memcap_counts(q, fi, &k)) n += k.naccesses;
  return n;
}

static json_t *module_json_new(const char *name, const mssa_qmodule *q) {
  uint64_t naccess = module_accesses(q);
  json_t *o = json_pack("{sosisisIsIsIsIsIsfsf}", "name", mssa__jstr(name),
                   "functions", (int)q->ndefined, "declarations",
                   (int)(q->nfuncs - q->ndefined - q->nfailed), "defs", (json_int_t)q->ndefs,
                   "uses", (json_int_t)q->nuses, "phis", (json_int_t)q->nphis, "accesses",
                   (json_int_t)naccess, "memory", (json_int_t)mssa_qmodule_memory(q),
                   "read_ms", q->read_ms, "build_ms", q->build_ms);
  mssa__llvm_json(o, q->m);
  return o;
}

int mssa__m_modules(mssa__call *c) {
  mssa_proto_host *h = c->p->host;
  json_t *arr = json_array();
  uint32_t n = h->count(h);
  for (uint32_t i = 0; i < n; i++) {
    const char *name = NULL;
    mssa_qmodule *q = h->at(h, i, &name);
    if (q) json_array_append_new(arr, module_json_new(name, q));
  }
  json_t *progs = json_array();
  for (uint32_t i = 0; i < mssa__prog_count(c->p); i++)
    json_array_append_new(progs, mssa__prog_json_new(c->p, i));
  c->result = json_pack("{soso}", "modules", arr, "programs", progs);
  return 0;
}

int mssa__m_unload(mssa__call *c) {
  mssa_qmodule *q;
  const char *name;
  if (mssa__param_str(c, "module", false, &name) == 0 && name && !c->p->host->find(c->p->host, name) &&
      mssa__prog_find(c->p, name))   /* a program (journaled as a module's unload) */
    return mssa__prog_unload_call(c, name);
  int rc = mssa__get_module(c, &q, &name);
  if (rc) return rc;
  mssa_proto_host *h = c->p->host;
  /* The reply first (the name copied before its owner goes), then the
  ** record written (its encoding may still fail: nothing is written then),
  ** then the point of no return (base/oom.h invariant 7): once the record
  ** is kept the module goes, and no failure may reply that nothing
  ** changed. What follows allocates only where it can degrade: a
  ** compaction keeps the journal, the store frees the bundle at once, and
  ** a reply that cannot be encoded drops the client (dispatch.c). */
  c->result = json_pack("{sosb}", "module", mssa__jstr(name), "unloaded", 1);
  if (mssa__journal(c->p, MSSA_PROTO_J_UNLOAD, name, NULL, 0) < 0)
    return mssa__fail_reason(c, MSSA_RPC_IO_ERROR, MSSA_REASON_JOURNAL_FAILED,
                             "cannot write the unload to the journal; not unloaded");
  mssa_oom_no_return();
  mssa__journal_end(c->p, true);
  mssa__changed(c->p);
  h->unload(h, name);
  return 0;
}

/* The bounded reply caches: how full they are and what they hold. */
static json_t *caches_json_new(const mssa_proto *p) {
  size_t rn, rb, wn, wb, an, ab;
  mssa__rc_usage(&p->rcache, &rn, &rb);
  mssa__rc_usage(&p->raw, &wn, &wb);
  mssa__rc_usage(&p->acache, &an, &ab);
  return json_pack("{s{sIsIsI}s{sIsIsI}s{sIsIsIsI}}", "clobber_replies", "entries", (json_int_t)rn,
                   "slots", (json_int_t)MSSA__RCACHE_SIZE, "bytes", (json_int_t)rb,
                   "raw_replies", "entries", (json_int_t)wn, "slots", (json_int_t)MSSA__RAW_SLOTS,
                   "bytes", (json_int_t)wb, "accesses_replies", "entries", (json_int_t)an, "slots",
                   (json_int_t)MSSA__ACACHE_SLOTS, "bytes", (json_int_t)ab, "hits",
                   (json_int_t)p->accesses_cached);
}

/* The allocator's view of the process (when the C library tells it). */
static json_t *malloc_json_new(const mssa_proto_server_stats *ss) {
  return json_pack("{sIsIsIsIsI}", "arena", (json_int_t)ss->malloc_arena, "mmapped",
                   (json_int_t)ss->malloc_mmapped, "in_use", (json_int_t)ss->malloc_in_use,
                   "free", (json_int_t)ss->malloc_free, "arenas",
                   (json_int_t)ss->malloc_arenas);
}

/* The compile cache's counters (common/ccache.h), or null without one. */
static json_t *compile_cache_json_new(mssa_proto_host *h) {
  mssa_ccache *cc = h->compile_cache ? h->compile_cache(h) : NULL;
  if (!cc) return json_null();
  mssa_ccache_stats st;
  mssa_ccache_stats_get(cc, &st);
  json_t *o = json_pack("{sIsIsIsIsIsIsI}", "hits", (json_int_t)st.hits, "misses",
                        (json_int_t)st.misses, "errors", (json_int_t)st.errors, "stores",
                        (json_int_t)st.stores, "evictions", (json_int_t)st.evictions, "bytes",
                        (json_int_t)st.bytes, "max_bytes", (json_int_t)st.max_bytes);
  json_object_set_new(o, "dir", mssa__jstr(mssa_ccache_dir(cc)));
  return o;
}

int mssa__m_stats(mssa__call *c) {
  mssa_proto *p = c->p;
  uint64_t rebuilds = p->graphs.rebuilds;   /* invariant 1: counted, never rebuilt */
  mssa_proto_host *h = p->host;
  mssa_proto_server_stats ss;
  memset(&ss, 0, sizeof ss);
  if (h->server_stats) h->server_stats(h, &ss);
  uint64_t nfun = 0, nacc = 0, mem = 0, ndefs = 0, nuses = 0, nphis = 0;
  uint32_t nmod = h->count(h);
  for (uint32_t i = 0; i < nmod; i++) {
    const char *name;
    mssa_qmodule *q = h->at(h, i, &name);
    if (!q) continue;
    nfun += q->ndefined;
    ndefs += q->ndefs;
    nuses += q->nuses;
    nphis += q->nphis;
    mem += mssa_qmodule_memory(q);
    nacc += module_accesses(q);
  }
  double hit = p->clobber_queries ? (double)p->clobber_cached / (double)p->clobber_queries : 0;
  const mssa__hist *lh = &p->latency;
  json_t *lat = json_pack("{sIsfsfsfsfsf}", "count", (json_int_t)lh->count,
                          "p50_us", mssa__hist_quantile(lh, 0.50) / 1e3,
                          "p90_us", mssa__hist_quantile(lh, 0.90) / 1e3,
                          "p99_us", mssa__hist_quantile(lh, 0.99) / 1e3,
                          "p999_us", mssa__hist_quantile(lh, 0.999) / 1e3,
                          "max_us", lh->max_ns / 1e3);
  c->result = json_pack(
      "{sisIsIsIsIsIsIsIsIsIsIsIsfsIsIsIsIsIsfso}", "modules", (int)nmod, "functions",
      (json_int_t)nfun, "accesses", (json_int_t)nacc, "defs", (json_int_t)ndefs, "uses",
      (json_int_t)nuses, "phis", (json_int_t)nphis, "memory", (json_int_t)mem, "requests",
      (json_int_t)p->requests, "errors", (json_int_t)p->errors, "notifications",
      (json_int_t)p->notifications, "queries", (json_int_t)p->clobber_queries,
      "cache_hits", (json_int_t)p->clobber_cached, "cache_hit_rate", hit, "loads",
      (json_int_t)p->loads, "edits", (json_int_t)p->edits, "connections", (json_int_t)ss.connections, "connections_total",
      (json_int_t)ss.connections_total, "dropped_slow", (json_int_t)ss.dropped_slow,
      "uptime_s", ss.uptime_s, "latency", lat);
  json_object_set_new(c->result, "loads_source", json_integer((json_int_t)p->loads_source));
  uint64_t pfun = 0, punits = 0;
  for (uint32_t i = 0; i < mssa__prog_count(p); i++) {
    pfun += mssa__prog_functions(p, i);
    punits += mssa__prog_nunits(p->progs[i]);
  }
  json_object_set_new(c->result, "programs",
                      json_pack("{sIsIsI}", "count", (json_int_t)mssa__prog_count(p), "units",
                                (json_int_t)punits, "functions", (json_int_t)pfun));
  json_object_set_new(c->result, "compile_cache", compile_cache_json_new(h));
  json_object_set_new(c->result, "reloads_diff", json_integer((json_int_t)p->reloads_diff));
  json_object_set_new(c->result, "loads_in_flight", json_integer((json_int_t)ss.loads_in_flight));
  json_object_set_new(c->result, "jobs_abandoned", json_integer((json_int_t)ss.jobs_abandoned));
  json_object_set_new(c->result, "closed_idle", json_integer((json_int_t)ss.closed_idle));
  json_object_set_new(c->result, "idle_evicted", json_integer((json_int_t)ss.idle_evicted));
  json_object_set_new(c->result, "requests_timed_out",
                      json_integer((json_int_t)ss.requests_timed_out));
  json_object_set_new(c->result, "graphs",
                      json_pack("{sIsIsIsIsI}", "bytes", (json_int_t)p->graphs.bytes, "limit",
                                (json_int_t)p->opts.max_graph_bytes, "evicted",
                                (json_int_t)p->graphs.evicted, "evictions",
                                (json_int_t)p->graphs.evictions, "rebuilds",
                                (json_int_t)p->graphs.rebuilds));
  json_object_set_new(c->result, "caches", caches_json_new(p));
  json_object_set_new(c->result, "connection_buffers", json_integer((json_int_t)ss.conn_buffers));
  if (ss.malloc_known) json_object_set_new(c->result, "malloc", malloc_json_new(&ss));
  if (ss.journal)
    json_object_set_new(c->result, "journal",
                        json_pack("{sIsIsIsIsI}", "records", (json_int_t)ss.journal_records,
                                  "durable", (json_int_t)ss.journal_durable,
                                  "fsyncs", (json_int_t)ss.journal_fsyncs, "fsync_errors",
                                  (json_int_t)ss.journal_fsync_errors, "compactions",
                                  (json_int_t)ss.journal_compactions));
  MSSA_ASSERT(p->graphs.rebuilds == rebuilds);
  return 0;
}
