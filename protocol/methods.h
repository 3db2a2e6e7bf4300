/*
** methods.h -- internals shared by the protocol files: the engine's state,
** one call being answered, parameter decoding, and the JSON shapes several
** methods reply with.
**
** Invariants:
**   1. A handler returns 0 with c->result set (a new reference), or a
**      negative JSON-RPC error code with c->msg (and maybe c->data) set via
**      mssa__fail; never both. Async handlers set c->job and return 0.
**   2. Handlers decode every parameter through the mssa__param_* helpers,
**      so a wrong type is always -32602 with the member named.
**   3. Helpers that resolve module / function / instruction fail with the
**      documented application codes (errors.h).
*/
#ifndef MSSA_PROTO_METHODS_H
#define MSSA_PROTO_METHODS_H

#include <jansson.h>
#include <stdarg.h>

#include "proto.h"
#include "memssa.h"
#include "replycache.h"

/* Latency histogram: 4 buckets per power of two of nanoseconds (hist.c). */
#define MSSA__HIST_BUCKETS 160
typedef struct mssa__hist {
  uint64_t count;
  uint64_t max_ns;
  uint64_t b[MSSA__HIST_BUCKETS];
} mssa__hist;
void mssa__hist_add(mssa__hist *h, uint64_t ns);
/* The q-quantile (0 < q <= 1) in nanoseconds (bucket upper bound). */
uint64_t mssa__hist_quantile(const mssa__hist *h, double q);

/* The three reply caches (replycache.c), each bounded by its slots and
** bytes. Clobber answers that came from the walker cache: the encoded
** "result", keyed by module bundle, function and instruction, of
** generation gen (m_query.c). */
#define MSSA__RCACHE_SIZE 4096
#define MSSA__RCACHE_BYTES (16u << 20)
/* `accesses` in the ids and packed forms (m_deps.c): the encoded result,
** keyed by module bundle, function, form, offset and limit, of generation
** sgen; two slot choices per key. */
#define MSSA__ACACHE_SLOTS 4096
#define MSSA__ACACHE_BYTES (16u << 20)
/* The raw cache (rawcache.c): whole reply lines, keyed by the request line
** (at most MSSA__RAW_MAXLINE bytes), of generation gen. */
#define MSSA__RAW_SLOTS 1024
#define MSSA__RAW_MAXLINE 1024
#define MSSA__RAW_BYTES (16u << 20)
/* When the raw cache holds this very line's reply of the current gen:
** appends it to out, counts it as the request it repeats, and returns
** true. */
bool mssa__raw_answer(mssa_proto *p, const char *line, size_t len, mssa_buf *out);
/* Keeps `reply` for `line`, with p->raw_q, raw_fi, raw_accesses. */
void mssa__raw_keep(mssa_proto *p, const char *line, size_t len, const char *reply, size_t rlen);


struct mssa_proto {
  mssa_proto_host *host;
  mssa_proto_opts opts;
  uint64_t started_ns;
  uint64_t requests, errors, notifications;
  uint64_t clobber_queries, clobber_cached;
  uint64_t loads, loads_failed;
  uint64_t edits;       /* successful edit batches */
  mssa__hist latency;   /* service time of synchronous requests */
  /* Bumped by anything that may change an encoded answer: a load, an edit or
  ** unload, or a walker query that optimized an access (see m_query.c). */
  uint64_t gen;
  /* Bumped with gen by what changes a graph or the module set (load,
  ** reload, edit, unload, an eviction: mssa__changed), not by walker
  ** queries, which only fill caches: an `accesses` answer in the ids and
  ** packed forms (numbers, no printed texts) stays the same until it moves. */
  uint64_t sgen;
  /* The reply caches (replycache.c): an entry answers only while its
  ** generation is current (sgen for acache, gen for the others), and the
  ** entries of an older one are freed before one of a newer is kept. */
  mssa__replycache acache;    /* `accesses` replies (m_deps.c) */
  uint64_t accesses_cached;   /* `accesses` answered from acache */
  mssa__replycache rcache;    /* clobber replies (m_query.c) */
  uint64_t reloads_diff;  /* loads answered by reparsing changed bodies only */
  uint64_t loads_source;  /* loads of a C source (`load {"source"}`) */
  /* Replies to byte-identical repeats of a request answered from rcache
  ** (rawcache.c); valid while gen is unchanged. */
  mssa__replycache raw;
  bool raw_last;          /* set by the handler: this reply may be reused */
  const void *raw_q;      /* with raw_last: the module bundle and function */
  uint32_t raw_fi;        /*   whose graph answered (a reuse counts as use) */
  bool raw_accesses;      /*   an `accesses` reply (counted as such on reuse) */
  /* Built graphs under --max-memory (analysis/memcap; graphs.c). */
  mssa_memcap graphs;
  struct mssa__prog **progs; /* whole programs (program.c), sorted by name; owned */
  uint32_t nprogs;
  json_t **small_ints;    /* m_deps_ids.c: shared JSON integers, made lazily */
};

typedef struct mssa__call {
  mssa_proto *p;
  json_t *id;           /* the request's id (borrowed; NULL for a notification) */
  bool notify;
  json_t *params;       /* an object; an empty one when absent (owned) */
  json_t *result;       /* on success (owned) */
  const char *result_text; /* or: the result already encoded (borrowed) */
  size_t result_len;
  int code;             /* on failure */
  char msg[512];
  json_t *data;         /* optional error data (owned) */
  mssa_proto_job *job;  /* async handlers */
  bool shutdown;
} mssa__call;

typedef int (*mssa__method_fn)(mssa__call *c);

int mssa__fail(mssa__call *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same, also setting c->data.reason to MSSA_REASON_* `reason` (c->data
** is created if absent). */
int mssa__fail_reason(mssa__call *c, int code, int reason, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* A graph or the module set changes: bumps gen and sgen. */
static inline void mssa__changed(mssa_proto *p) {
  p->gen++;
  p->sgen++;
}


/* Frees p->small_ints (m_deps_ids.c; mssa_proto_free). ids_drop: the same
** after a request ran out of memory, whose swept replies held references
** they never gave back (nomem.c). */
void mssa__ids_free(mssa_proto *p);
void mssa__ids_drop(mssa_proto *p);

/* A JSON string of `s`, with bytes that are not UTF-8 replaced. */
json_t *mssa__jstr(const char *s);

/* Parameter decoding. `required` false: absent leaves *out untouched and
** returns 0; present with a wrong type is -32602. */
int mssa__param_str(mssa__call *c, const char *key, bool required, const char **out);
int mssa__param_uint(mssa__call *c, const char *key, bool required, uint64_t *out);
int mssa__param_bool(mssa__call *c, const char *key, bool *out);

/* Resolves params.module (required). */
int mssa__get_module(mssa__call *c, mssa_qmodule **q, const char **name);
/* Resolves params.function (required; "f" or "@f") to a function with a graph,
** its use alias words settled (mssa_ssa_settle_words) for reading. */
int mssa__get_function(mssa__call *c, mssa_qmodule *q, uint32_t *fi);
/* The same without settling: for `edit`, which only changes the graph. */
int mssa__get_function_to_edit(mssa__call *c, mssa_qmodule *q, uint32_t *fi);
/* A block designator's label: a string as is, a number in decimal (in buf),
** or NULL if it is neither. */
#define MSSA__LABEL_BUF 32
const char *mssa__block_label(json_t *v, char buf[MSSA__LABEL_BUF]);
/* Resolves an instruction designator: an id (number), a result name
** ("%8"), or {"block":B,"index":N}; `what` names it in messages. */
int mssa__get_inst(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *v, const char *what,
                   uint32_t *inst);

/* {"file","line","col"} of an instruction, or NULL if it has no !dbg. */
json_t *mssa__source_json_new(const mssa_module *m, const mssa_inst *in);
/* An access: kind, id, inst, name, block, index, text, source, desc. */
json_t *mssa__access_json_new(const mssa_qmodule *q, uint32_t fi, uint32_t access);

/* Method handlers, by file. */
int mssa__m_ping(mssa__call *c);      /* m_admin.c */
int mssa__m_stats(mssa__call *c);
int mssa__m_shutdown(mssa__call *c);
int mssa__m_modules(mssa__call *c);
int mssa__m_unload(mssa__call *c);
int mssa__m_load(mssa__call *c);      /* m_load.c */
int mssa__m_functions(mssa__call *c);
int mssa__m_print(mssa__call *c);
int mssa__m_verify(mssa__call *c);
int mssa__m_access(mssa__call *c);    /* m_query.c */
int mssa__m_clobber(mssa__call *c);
int mssa__m_uses(mssa__call *c);
int mssa__m_edit(mssa__call *c);      /* m_edit.c */
int mssa__m_accesses(mssa__call *c);  /* m_deps.c */
int mssa__m_alias(mssa__call *c);
int mssa__m_modref(mssa__call *c);
int mssa__m_depends(mssa__call *c);
int mssa__m_value(mssa__call *c);
int mssa__m_promotable(mssa__call *c);
int mssa__m_writers(mssa__call *c);  /* m_writers.c */
int mssa__m_readers(mssa__call *c);

/* graphs.c (--max-memory). mssa__graph: function fi's graph, rebuilt if it
** was evicted (mssa_memcap_graph), with pin until the request ends; an
** eviction bumps gen and sgen. The others hand on memcap.h's. */
mssa_ssa *mssa__graph(mssa_proto *p, mssa_qmodule *q, uint32_t fi, bool pin);
void mssa__graphs_settle(mssa_proto *p);
void mssa__graphs_at_line(mssa_proto *p, mssa_qmodule *q, uint32_t line);
/* Out of memory (nomem.c): the graphs this request used are evicted, the
** list of them emptied (its block kept: it is older than the request). */
void mssa__graphs_drop_touched(mssa_proto *p);

/* nomem.c. caches_free: the reply caches and the shared integers freed
** (mssa_proto_free; a failed request). nomem_cleanup(p):
** what mssa_oom_rollback runs for a request that ran out of memory. */
void mssa__caches_free(mssa_proto *p);
void mssa__nomem_cleanup(void *p);
/* Commits sc, whose reply is out[n0..]: its end hooks run with the reply
** set aside, so a journal hold lands before it (nomem.c invariant 4). */
void mssa__commit_reply(mssa_oom_scope *sc, mssa_buf *out, size_t n0);
/* The -32060 line of a request that ran out of memory (after its
** rollback): encoded in a scope of its own, MSSA_PROTO_REPLIED; or, when
** even that cannot be had, nothing appended and MSSA_PROTO_DROP (the host
** closes the client: nothing changed, it may send the request again). */
int mssa__emit_nomem(json_t *id, const char *msg, mssa_buf *out);
/* After a failed scope: `top` holds top_refs references again and every
** value under it one (nomem.c invariant 3). Walks with its own stack. */
void mssa__json_reset_refs(json_t *top, size_t top_refs);
/* The allocation-failure test hook as a method, and whether it may be
** called (MEMSSA_TEST_FAULTS in the environment; nomem.c). */
int mssa__m_fail_alloc(mssa__call *c);
bool mssa__faults_enabled(void);

/* m_reload.c. reload_diff: the reload by difference of bundle q to *text
** (len bytes, malloc'ed, NUL-terminated; taken on success, set to NULL).
** plan_steal: the comparison done already (on the pool, against a copy of
** q's text at q's current version: the caller checked it), taken on every
** path; NULL to compare here. Returns 0 (result set on c), an error code
** (error set on c: the new text does not parse; the module is unchanged),
** or 1 if it must be a full load (`why` says why). file: the name for
** diagnostics. t0: when the request started (the reply's "ms" counts from
** there: file reading included). max_changed: how many changed bodies are
** still worth it. */
struct mssa_retext_plan;
int mssa__reload_diff(mssa__call *c, mssa_qmodule *q, const char *name, const char *file,
                      struct mssa_retext_plan *plan_steal, char **text, size_t len, uint64_t t0,
                      char *why, size_t cap);
uint32_t mssa__reload_max_changed(const mssa_module *m);

/* m_read.c: reads the module file `path` (on a pool thread), refusing
** before reading a byte what is not a regular file, what is larger than
** max_bytes, and (root not NULL) what is not under the directory `root`.
** 0 with *text (malloc'ed, NUL-terminated) and *len; or -1 with *reason
** (MSSA_REASON_*) and a sentence in msg. */
int mssa__read_module_file(const char *path, const char *root, size_t max_bytes, char **text,
                           size_t *len, int *reason, char *msg, size_t cap);

/* host.c: host->journal and host->journal_end, or nothing without a
** journal (mssa__journal then returns 0). */
int mssa__journal(mssa_proto *p, int kind, const char *module, const char *payload, size_t len);
void mssa__journal_end(mssa_proto *p, bool applied);
/* Journals a load of `text` as module m reads it: a J_LOAD record, or a
** J_LOAD_LLVM one when its LLVM version was asked for (m->llvm_requested),
** so that a replay reads it as the same version. */
int mssa__journal_load(mssa_proto *p, const char *module, const mssa_module *m, const char *text,
                       size_t len);
/* Adds "llvm" (the version module m is read as) and "llvm_from" (how it was
** decided: mssa_module_llvm_basis) to obj. */
void mssa__llvm_json(json_t *obj, const mssa_module *m);

/* reply.c: sets id member and "jsonrpc", dumps `reply` + '\n' into out,
** frees it. */
void mssa__emit(json_t *reply_steal, mssa_buf *out);
json_t *mssa__error_new(json_t *id, int code, const char *msg, json_t *data_steal);
json_t *mssa__result_new(json_t *id, json_t *result_steal);
/* The reply line of `id` with `err` (an error object) or `val` (a result),
** both borrowed: the bytes mssa__emit writes for the envelope holding them. */
void mssa__emit_parts(json_t *id, json_t *err, json_t *val, mssa_buf *out);
/* The reply line of `id` with a result already encoded (`len` bytes). */
void mssa__emit_text(json_t *id, const char *result, size_t len, mssa_buf *out);
/* One request (or any other JSON value, answered -32600); takes root
** (dispatch.c). */
int mssa__rpc_request(mssa_proto *p, json_t *root, uint64_t t0, mssa_buf *out,
                      mssa_proto_job **job);
/* A batch decoded whole already (a non-empty array, taken): batch.c. */
int mssa__batch_of_tree(mssa_proto *p, json_t *batch, mssa_buf *out);

#endif
