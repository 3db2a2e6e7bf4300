/*
** rpc.c -- the JSON-RPC 2.0 envelope: decode one request line, dispatch to
** its method, encode the result or the error, keep request statistics.
**
** Invariants:
**   1. Checks run in the spec's order: not JSON -> -32700 (id null); not an
**      object, a bad "jsonrpc", a bad id or a missing method -> -32600;
**      unknown method -> -32601; params neither object nor absent -> -32602.
**      A non-empty array is a batch: every element is checked and answered
**      as one request, the replies returned together as an array (batch.c,
**      which decodes a batch line one element at a time).
**   2. A request without an "id" member is a notification: whatever happens
**      (even an error), nothing is sent back.
**   3. The reply's "id" is the request's id value itself (string, number or
**      null), so clients can match replies even though they come in order.
**   4. The histogram records service time from decode to encoded reply, for
**      synchronous requests only (a load's time is reported in its reply).
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"

typedef struct rpc_error {
  int code;
  const char *message, *reason;
} rpc_error;

static const rpc_error rpc_errors[] = {
#define ROW(name, code, msg, reason) {code, msg, reason},
    MSSA_RPC_ERROR_TABLE(ROW)
#undef ROW
};

static const char *const rpc_reasons[] = {
#define ROW(name, word, code) word,
    MSSA_RPC_REASON_TABLE(ROW)
#undef ROW
};

static const rpc_error *rpc_error_of(int code) {
  for (size_t i = 0; i < sizeof rpc_errors / sizeof rpc_errors[0]; i++)
    if (rpc_errors[i].code == code) return &rpc_errors[i];
  return NULL;
}

const char *mssa_rpc_strerror(int code) {
  const rpc_error *e = rpc_error_of(code);
  return e ? e->message : "Error";
}

const char *mssa_rpc_default_reason(int code) {
  const rpc_error *e = rpc_error_of(code);
  return e ? e->reason : NULL;
}

const char *mssa_rpc_reason(int reason) {
  return reason >= 0 && reason < MSSA_REASON_COUNT ? rpc_reasons[reason] : NULL;
}

/* ------------------------------------------------------------ histogram */

static unsigned hist_bucket(uint64_t ns) {
  if (ns < 4) return (unsigned)ns;
  unsigned lg = 63u - (unsigned)__builtin_clzll(ns);       /* floor(log2) */
  unsigned sub = (unsigned)((ns >> (lg - 2)) & 3u);         /* next 2 bits */
  unsigned b = 4 * (lg - 1) + sub;
  return b < MSSA__HIST_BUCKETS ? b : MSSA__HIST_BUCKETS - 1;
}

/* Upper bound (exclusive) of bucket b, in ns. */
static uint64_t hist_upper(unsigned b) {
  if (b < 4) return b + 1;
  unsigned lg = b / 4 + 1, sub = b % 4;
  return ((uint64_t)(4 + sub + 1)) << (lg - 2);
}

void mssa__hist_add(mssa__hist *h, uint64_t ns) {
  h->b[hist_bucket(ns)]++;
  h->count++;
  if (ns > h->max_ns) h->max_ns = ns;
}

uint64_t mssa__hist_quantile(const mssa__hist *h, double q) {
  if (!h->count) return 0;
  uint64_t want = (uint64_t)ceil(q * (double)h->count), seen = 0;
  if (want == 0) want = 1;
  for (unsigned b = 0; b < MSSA__HIST_BUCKETS; b++) {
    seen += h->b[b];
    if (seen >= want) {
      uint64_t u = hist_upper(b);
      return u < h->max_ns ? u : h->max_ns;
    }
  }
  return h->max_ns;
}

/* ------------------------------------------------------------- methods */

typedef struct method {
  const char *name;
  mssa__method_fn fn;
} method;

static const method methods[] = {
  {"ping", mssa__m_ping},         {"load", mssa__m_load},
  {"unload", mssa__m_unload},     {"modules", mssa__m_modules},
  {"functions", mssa__m_functions}, {"access", mssa__m_access},
  {"clobber", mssa__m_clobber},   {"uses", mssa__m_uses},
  {"print", mssa__m_print},       {"verify", mssa__m_verify},
  {"stats", mssa__m_stats},       {"shutdown", mssa__m_shutdown},
  {"edit", mssa__m_edit},
  {"accesses", mssa__m_accesses}, {"alias", mssa__m_alias},
  {"modref", mssa__m_modref},     {"depends", mssa__m_depends},
  {"value", mssa__m_value},       {"promotable", mssa__m_promotable},
};

static mssa__method_fn find_method(const char *name) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (!strcmp(methods[i].name, name)) return methods[i].fn;
  return NULL;
}

/* ------------------------------------------------------------- engine */

mssa_proto *mssa_proto_new(mssa_proto_host *host, const mssa_proto_opts *opts) {
  mssa_proto *p = mssa_xcalloc(1, sizeof *p);
  p->host = host;
  if (opts) p->opts = *opts;
  p->started_ns = mssa_now_ns();
  p->tick = 1;   /* graph nodes start at 0: not pinned (graphs.c) */
  return p;
}

/*
** The raw cache. A client that repeats a request byte for byte (the common
** case for an editor polling one position, and for load generators) gets
** the reply bytes it got last time, without decoding JSON, as long as that
** reply was itself served from the clobber reply cache and nothing has
** changed since (gen, which every load, unload, edit and walker update
** bumps). Only small requests are kept, in a fixed table, so memory is
** bounded: MSSA__RAW_SIZE * (MSSA__RAW_MAXLINE + reply).
*/
#define MSSA__RAW_SIZE MSSA__RAW_SLOTS
#define MSSA__RAW_MAXLINE 1024
struct mssa__rawentry {
  char *line;
  size_t len;
  char *reply;
  size_t rlen;
  uint64_t gen;
  const void *q;      /* the graph that answered (mssa__graph_touch on reuse) */
  uint32_t fi;
  bool accesses;      /* an `accesses` reply, else a clobber one (for stats) */
};

static struct mssa__rawentry *raw_slot(mssa_proto *p, const char *line, size_t len) {
  if (!p->raw) p->raw = mssa_xcalloc(MSSA__RAW_SIZE, sizeof *p->raw);
  return &p->raw[mssa_hash(line, len) & (MSSA__RAW_SIZE - 1)];
}

/* Frees the replies of older generations (see mssa_proto.rcache_gen). */
static void raw_flush_stale(mssa_proto *p) {
  if (p->raw_gen == p->gen) return;
  for (uint32_t i = 0; i < p->raw_filled.n; i++) {
    struct mssa__rawentry *e = &p->raw[p->raw_filled.a[i]];
    free(e->line);
    free(e->reply);
    e->line = e->reply = NULL;
  }
  p->raw_filled.n = 0;
  p->raw_gen = p->gen;
}

void mssa__raw_usage(const mssa_proto *p, size_t *entries, size_t *bytes) {
  *entries = *bytes = 0;
  if (!p->raw) return;
  *bytes = MSSA__RAW_SIZE * sizeof *p->raw;
  for (size_t i = 0; i < MSSA__RAW_SIZE; i++)
    if (p->raw[i].line) {
      ++*entries;
      *bytes += p->raw[i].len + 1 + p->raw[i].rlen + 1;
    }
}

void mssa_proto_free(mssa_proto *p) {
  if (!p) return;
  if (p->raw)
    for (size_t i = 0; i < MSSA__RAW_SIZE; i++) {
      free(p->raw[i].line);
      free(p->raw[i].reply);
    }
  free(p->raw);
  if (p->rcache)
    for (size_t i = 0; i < MSSA__RCACHE_SIZE; i++) free(p->rcache[i].text);
  free(p->rcache);
  mssa_vec_free(&p->rcache_filled);
  mssa_vec_free(&p->raw_filled);
  mssa__ids_free(p);
  mssa__acache_free(p);
  mssa__graphs_free(p);
  free(p);
}

int mssa__fail(mssa__call *c, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->msg, sizeof c->msg, fmt, ap);
  va_end(ap);
  c->code = code;
  return code;
}

int mssa__fail_reason(mssa__call *c, int code, int reason, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->msg, sizeof c->msg, fmt, ap);
  va_end(ap);
  c->code = code;
  if (!c->data) c->data = json_object();
  json_object_set_new(c->data, "reason", json_string(mssa_rpc_reason(reason)));
  return code;
}

int mssa__journal(mssa_proto *p, int kind, const char *module, const char *payload, size_t len) {
  mssa_proto_host *h = p->host;
  return h->journal ? h->journal(h, kind, module, payload, len) : 0;
}

int mssa__journal_load(mssa_proto *p, const char *module, const mssa_module *m, const char *text,
                       size_t len) {
  if (!m->llvm_requested || !p->host->journal)
    return mssa__journal(p, MSSA_PROTO_J_LOAD, module, text, len);
  char head[8];
  int hn = snprintf(head, sizeof head, "%u\n", mssa_module_llvm_version(m));
  char *payload = mssa_xmalloc((size_t)hn + len);
  memcpy(payload, head, (size_t)hn);
  memcpy(payload + hn, text, len);
  int rc = mssa__journal(p, MSSA_PROTO_J_LOAD_LLVM, module, payload, (size_t)hn + len);
  free(payload);
  return rc;
}

void mssa__journal_end(mssa_proto *p, bool applied) {
  mssa_proto_host *h = p->host;
  if (h->journal) h->journal_end(h, applied);
}

json_t *mssa__error_new(json_t *id, int code, const char *msg, json_t *data_steal) {
  json_t *err = json_object();
  json_object_set_new(err, "code", json_integer(code));
  json_object_set_new(err, "message", json_string(msg && *msg ? msg : mssa_rpc_strerror(code)));
  const char *reason = mssa_rpc_default_reason(code);
  if (reason && !json_object_get(data_steal, "reason")) {
    if (!data_steal) data_steal = json_object();
    json_object_set_new(data_steal, "reason", json_string(reason));
  }
  if (data_steal) json_object_set_new(err, "data", data_steal);
  json_t *r = json_object();
  json_object_set_new(r, "jsonrpc", json_string("2.0"));
  json_object_set_new(r, "id", id ? json_incref(id) : json_null());
  json_object_set_new(r, "error", err);
  return r;
}

/* The reply line of `id` with `err` (an error object) or `val` (a result):
** the bytes mssa__emit writes for the envelope holding them (borrowed). */
static void emit_parts(json_t *id, json_t *err, json_t *val, mssa_buf *out) {
  /* Assembled from jansson fragments so that the id keeps jansson's full
  ** precision (echoed as given) while reals in results print with 9
  ** significant digits ("ms":0.201008, not 0.20100799999999999).
  ** JSON_COMPACT never emits a raw newline (strings escape it), so the
  ** reply stays one line. The fixed key names and braces of the envelope
  ** are the only bytes not written by jansson: one dump of the envelope
  ** would print a real id with 9 digits, or reals in results with 17. */
  static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
  if (err) val = err;
  mssa_buf_append(out, head, sizeof head - 1);
  json_dump_callback(id ? id : json_null(), mssa_buf_dump_cb, out, JSON_COMPACT | JSON_ENCODE_ANY);
  mssa_buf_append(out, err ? ",\"error\":" : ",\"result\":", err ? 9 : 10);
  json_dump_callback(val ? val : json_null(), mssa_buf_dump_cb, out,
                     JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(9));
  mssa_buf_append(out, "}\n", 2);
}

void mssa__emit(json_t *reply_steal, mssa_buf *out) {
  emit_parts(json_object_get(reply_steal, "id"), json_object_get(reply_steal, "error"),
             json_object_get(reply_steal, "result"), out);
  json_decref(reply_steal);
}

json_t *mssa__result_new(json_t *id, json_t *result_steal) {
  json_t *r = json_object();
  json_object_set_new(r, "jsonrpc", json_string("2.0"));
  json_object_set_new(r, "id", json_incref(id));
  json_object_set_new(r, "result", result_steal);
  return r;
}

void mssa_proto_error_line(mssa_proto *p, int code, const char *detail, int reason,
                           long long limit, mssa_buf *out) {
  p->requests++;
  p->errors++;
  json_t *data = NULL;
  if (limit >= 0) data = json_pack("{sI}", "limit", (json_int_t)limit);
  if (mssa_rpc_reason(reason)) {
    if (!data) data = json_object();
    json_object_set_new(data, "reason", json_string(mssa_rpc_reason(reason)));
  }
  mssa__emit(mssa__error_new(NULL, code, detail, data), out);
}

/* Decodes the envelope; on failure returns the error code and sets *msg.
** *id is set (borrowed) as soon as a valid one is seen. */
static int decode_envelope(json_t *root, json_t **id, bool *notify, const char **name,
                           json_t **params, const char **msg) {
  *id = NULL;
  *notify = false;
  if (!json_is_object(root)) {
    *msg = "a request must be a JSON object";
    return MSSA_RPC_INVALID_REQUEST;
  }
  json_t *v = json_object_get(root, "id");
  if (!v) *notify = true;
  else if (json_is_string(v) || json_is_integer(v) || json_is_null(v) || json_is_real(v))
    *id = v;
  else {
    *msg = "id must be a string, a number or null";
    return MSSA_RPC_INVALID_REQUEST;
  }
  v = json_object_get(root, "jsonrpc");
  if (v && !(json_is_string(v) && !strcmp(json_string_value(v), "2.0"))) {
    *msg = "jsonrpc must be \"2.0\"";
    return MSSA_RPC_INVALID_REQUEST;
  }
  v = json_object_get(root, "method");
  if (!json_is_string(v)) {
    *msg = "method must be a string";
    return MSSA_RPC_INVALID_REQUEST;
  }
  *name = json_string_value(v);
  v = json_object_get(root, "params");
  if (v && !json_is_object(v) && !json_is_null(v)) {
    *msg = "params must be an object";
    return MSSA_RPC_INVALID_PARAMS;
  }
  *params = json_is_object(v) ? v : NULL;
  return 0;
}

struct mssa_proto_parsed {
  json_t *root;          /* NULL on a parse error */
  char msg[256];         /* the parse error */
  uint64_t t0;           /* when decoding started (service time) */
};

void mssa_proto_init_threads(void) { json_object_seed(0); }

mssa_proto_parsed *mssa_proto_parse(const char *line, size_t len) {
  mssa_proto_parsed *pp = mssa_xcalloc(1, sizeof *pp);
  pp->t0 = mssa_now_ns();
  json_error_t jerr;
  pp->root = json_loadb(line, len, 0, &jerr);
  if (!pp->root) snprintf(pp->msg, sizeof pp->msg, "%s (column %d)", jerr.text, jerr.column);
  return pp;
}

void mssa_proto_parsed_free(mssa_proto_parsed *pp) {
  if (!pp) return;
  json_decref(pp->root);
  free(pp);
}

int mssa_proto_handle(mssa_proto *p, const char *line, size_t len, mssa_buf *out,
                      mssa_proto_job **job) {
  struct mssa__rawentry *e = len <= MSSA__RAW_MAXLINE ? raw_slot(p, line, len) : NULL;
  if (e && e->line && e->gen == p->gen && e->len == len && !memcmp(e->line, line, len)) {
    uint64_t t0 = mssa_now_ns();
    *job = NULL;
    p->requests++;
    if (e->accesses) {
      p->accesses_cached++;
    } else {
      p->clobber_queries++;
      p->clobber_cached++;
    }
    mssa__graph_touch(p, e->q, e->fi);   /* alive: gen has not moved since */
    mssa_buf_append(out, e->reply, e->rlen);
    mssa__hist_add(&p->latency, mssa_now_ns() - t0);
    return MSSA_PROTO_REPLIED;
  }
  if (mssa_proto_is_batch(line, len)) {
    /* streamed (batch.c), all of it now */
    mssa_proto_batch *b = mssa_proto_batch_begin(p, line, len);
    while (!mssa_proto_batch_step(p, b, UINT64_MAX)) continue;
    *job = NULL;
    return mssa_proto_batch_finish(b, out);
  }
  size_t n0 = out->n;
  p->raw_last = false;
  p->raw_accesses = false;
  int rc = mssa_proto_handle_parsed(p, mssa_proto_parse(line, len), out, job);
  if (e && rc == MSSA_PROTO_REPLIED && p->raw_last && out->n > n0) {
    raw_flush_stale(p);
    if (!e->line) mssa_vec_push(&p->raw_filled, (uint32_t)(e - p->raw));
    free(e->line);
    free(e->reply);
    e->line = mssa_xstrndup(line, len);
    e->len = len;
    e->rlen = out->n - n0;
    e->reply = mssa_xstrndup(out->p + n0, e->rlen);
    e->q = p->raw_q;
    e->fi = p->raw_fi;
    e->accesses = p->raw_accesses;
    e->gen = p->gen;
  }
  return rc;
}


int mssa_proto_handle_parsed(mssa_proto *p, mssa_proto_parsed *pp, mssa_buf *out,
                             mssa_proto_job **job) {
  uint64_t t0 = pp->t0;
  *job = NULL;
  json_t *root = pp->root;
  pp->root = NULL;
  if (!root) {
    p->requests++;
    p->errors++;
    mssa__emit(mssa__error_new(NULL, MSSA_RPC_PARSE_ERROR, pp->msg, NULL), out);
    mssa_proto_parsed_free(pp);
    return MSSA_PROTO_REPLIED;
  }
  mssa_proto_parsed_free(pp);
  if (json_is_array(root) && json_array_size(root)) return mssa__batch_of_tree(p, root, out);
  return mssa__rpc_request(p, root, t0, out, job);
}

/* One request object (or any other JSON value, answered -32600); takes
** ownership of root. */
int mssa__rpc_request(mssa_proto *p, json_t *root, uint64_t t0, mssa_buf *out,
                      mssa_proto_job **job) {
  *job = NULL;
  p->requests++;
  json_t *id = NULL, *params = NULL;
  bool notify = false;
  const char *name = NULL, *emsg = NULL;
  int code = decode_envelope(root, &id, &notify, &name, &params, &emsg);
  if (!code && !find_method(name)) {
    code = MSSA_RPC_METHOD_NOT_FOUND;
    emsg = NULL;
  }
  if (code) {
    p->errors++;
    int rc = MSSA_PROTO_SILENT;
    if (!notify) {
      char msg[300];
      if (code == MSSA_RPC_METHOD_NOT_FOUND) snprintf(msg, sizeof msg, "unknown method '%.200s'", name);
      else snprintf(msg, sizeof msg, "%s", emsg);
      mssa__emit(mssa__error_new(id, code, msg, NULL), out);
      rc = MSSA_PROTO_REPLIED;
    } else {
      p->notifications++;
    }
    json_decref(root);
    return rc;
  }
  mssa__call c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.id = id;
  c.notify = notify;
  c.params = params ? json_incref(params) : json_object();
  code = find_method(name)(&c);
  int rc = MSSA_PROTO_REPLIED;
  if (code) {
    p->errors++;
    json_decref(c.result);
    if (!notify) mssa__emit(mssa__error_new(id, code, c.msg, c.data), out);
    else json_decref(c.data);
  } else if (c.job) {
    *job = c.job;
    json_decref(c.result);
    rc = MSSA_PROTO_ASYNC;
  } else if (!notify && c.result_text) {
    /* The same bytes mssa__emit would produce; both fragments come from
    ** jansson (the id here, the result when it was cached). */
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    mssa_buf_append(out, head, sizeof head - 1);
    json_dump_callback(id, mssa_buf_dump_cb, out, JSON_COMPACT | JSON_ENCODE_ANY);
    mssa_buf_append(out, ",\"result\":", 10);
    mssa_buf_append(out, c.result_text, c.result_len);
    mssa_buf_append(out, "}\n", 2);
    json_decref(c.result);
    p->raw_last = true;   /* a cached answer: the same request gets the same bytes */
  } else if (!notify) {
    /* what mssa__emit(mssa__result_new(id, c.result)) writes, without
    ** building the envelope object only to read it back */
    emit_parts(id, NULL, c.result, out);
    json_decref(c.result);
  } else {
    json_decref(c.result);
  }
  if (notify) {
    p->notifications++;
    if (rc == MSSA_PROTO_REPLIED) rc = MSSA_PROTO_SILENT;
  }
  if (c.shutdown && !code) rc = MSSA_PROTO_SHUTDOWN;
  json_decref(c.params);
  json_decref(root);
  mssa__graphs_settle(p);
  if (rc != MSSA_PROTO_ASYNC) mssa__hist_add(&p->latency, mssa_now_ns() - t0);
  return rc;
}
