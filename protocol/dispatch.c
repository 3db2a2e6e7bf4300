/*
** dispatch.c -- one JSON-RPC request object answered: its envelope decoded
** and checked, its method found in the table and called, the result or the
** error written as the reply line.
**
** Why a file of its own: the engine (rpc.c) and the batch reader
** (batch.c) both hand requests here, and the methods reply through
** reply.c; so this file calls down into the methods, and nothing of the
** methods calls back into it.
**
** Invariants:
**   1. Checks run in the spec's order: not an object, a bad "jsonrpc", a
**      bad id or a missing method -> -32600; unknown method -> -32601;
**      params neither object nor absent -> -32602 (not JSON at all, -32700,
**      is the parser's: rpc.c, batch.c).
**   2. A request without an "id" member is a notification: whatever happens
**      (even an error), nothing is sent back.
**   3. The reply's "id" is the request's id value itself (string, number or
**      null), so clients can match replies even though they come in order.
**   4. The histogram records service time from decode to encoded reply, for
**      synchronous requests only (a load's time is reported in its reply).
**   5. A method runs and its reply is encoded inside a recovery scope
**      (base/oom.h): if memory runs out there, the bytes it wrote are cut
**      off, what it made is dropped (nomem.c), and the reply is error
**      -32060 with data.reason "out_of_memory" and the request's id. The
**      scope's end hooks have undone what it changed (an edit). A method
**      that passed its point of no return (an unload, a reload by
**      difference) has its reply encoded in a scope of its own: memory
**      running out there is MSSA_PROTO_DROP (no reply; the host closes
**      the client), never a reply that says nothing changed.
*/
#include <stdio.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"

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
  {"writers", mssa__m_writers},   {"readers", mssa__m_readers},
};

/* The test hook's method, outside the table (nomem.c). */
#define FAIL_ALLOC_METHOD "debug_fail_alloc"

static mssa__method_fn find_method(const char *name) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (!strcmp(methods[i].name, name)) return methods[i].fn;
  if (!strcmp(name, FAIL_ALLOC_METHOD) && mssa__faults_enabled()) return mssa__m_fail_alloc;
  return NULL;
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

/* The reply of a method that passed its point of no return (base/oom.h
** invariant 7): encoded in a scope of its own, so that memory running out
** there drops the client (MSSA_PROTO_DROP) instead of aborting. */
typedef struct late_reply {
  mssa__call *c;
  mssa_buf *out;
  int code;
} late_reply;

static void emit_reply(mssa__call *c, int code, mssa_buf *out);

static void late_run(void *arg) {
  late_reply *lr = arg;
  emit_reply(lr->c, lr->code, lr->out);
}

static int answer_in_scope(mssa_proto *p, mssa__call *c, mssa__method_fn fn, mssa_buf *out,
                           mssa_proto_job **job) {
  int code = fn(c), rc = MSSA_PROTO_REPLIED;
  mssa_oom_scope *sc = mssa_oom_scope_now();
  if (sc && sc->no_return && !c->job) {
    size_t n0 = out->n;
    late_reply lr = {c, out, code};
    if (code) p->errors++;
    if (!mssa_oom_try_call(late_run, NULL, &lr)) {
      out->n = n0;   /* a partial line never goes out */
      rc = MSSA_PROTO_DROP;
    }
    json_decref(c->result);
    json_decref(c->data);
    c->result = c->data = NULL;
    return rc;
  }
  /* What is freed or handed on is cleared at once: after a failure the
  ** fields say what is left to drop (answer_nomem). */
  if (code) {
    p->errors++;
    emit_reply(c, code, out);
  } else if (c->job) {
    json_decref(c->result);
    c->result = NULL;
    *job = c->job;
    rc = MSSA_PROTO_ASYNC;
  } else {
    if (!c->notify && c->result_text) p->raw_last = true;   /* a cached answer: same bytes */
    emit_reply(c, 0, out);
  }
  json_decref(c->result);
  c->result = NULL;
  if (c->shutdown && !code) rc = MSSA_PROTO_SHUTDOWN;
  return rc;
}

/* The reply line of a method that returned `code` (not a job): the error
** (data handed over), or the result, encoded or as text; nothing for a
** notification. */
static void emit_reply(mssa__call *c, int code, mssa_buf *out) {
  if (code) {
    json_decref(c->result);
    c->result = NULL;
    json_t *data = c->data;
    c->data = NULL;
    if (!c->notify) mssa__emit(mssa__error_new(c->id, code, c->msg, data), out);
    else json_decref(data);
  } else if (!c->notify && c->result_text) {
    mssa__emit_text(c->id, c->result_text, c->result_len, out);
  } else if (!c->notify) {
    /* what mssa__emit(mssa__result_new(c->id, c->result)) writes, without
    ** building the envelope object only to read it back */
    mssa__emit_parts(c->id, NULL, c->result, out);
  }
}

/* Out of memory in a method (invariant 5): what it built is dropped, its
** partial reply cut off, and the error takes the reply's place. */
static void answer_nomem(mssa__call *c, mssa_buf *out, size_t n0, mssa_proto_job **job) {
  out->n = n0;
  json_decref(c->result);
  json_decref(c->data);
  mssa_proto_job_free(c->job);
  c->result = c->data = NULL;
  c->job = *job = NULL;
  c->shutdown = false;
}

/* Calls the method and writes its reply, inside a recovery scope
** (base/oom.h): the reply's bytes are part of the request, so a reply
** that cannot be encoded fails the request as a whole. */
static int answer(mssa_proto *p, mssa__call *c, mssa__method_fn fn, json_t *root, mssa_buf *out,
                  mssa_proto_job **job) {
  if (fn == mssa__m_fail_alloc) return answer_in_scope(p, c, fn, out, job);   /* uncounted */
  size_t n0 = out->n, root_refs = root->refcount, params_refs = c->params->refcount;
  mssa_buf_reserve(out, 1);   /* its block is older than the scope */
  mssa_oom_scope sc;
  mssa__call *volatile cv = c;
  if (!MSSA_OOM_TRY(&sc)) {
    mssa__call *k = cv;
    answer_nomem(k, out, n0, job);
    mssa_oom_rollback(&sc, mssa__nomem_cleanup, p);
    mssa__json_reset_refs(root, root_refs);   /* nomem.c invariant 3 */
    mssa__json_reset_refs(k->params, params_refs);
    p->errors++;
    if (k->notify) return MSSA_PROTO_REPLIED;
    return mssa__emit_nomem(k->id, "out of memory: the request failed and changed nothing", out);
  }
  int rc = answer_in_scope(p, c, fn, out, job);
  mssa__commit_reply(&sc, out, n0);
  return rc;
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
  int rc = answer(p, &c, find_method(name), root, out, job);
  if (notify) {
    p->notifications++;
    if (rc == MSSA_PROTO_REPLIED) rc = MSSA_PROTO_SILENT;
  }
  json_decref(c.params);
  json_decref(root);
  mssa__graphs_settle(p);
  if (rc != MSSA_PROTO_ASYNC) mssa__hist_add(&p->latency, mssa_now_ns() - t0);
  return rc;
}
