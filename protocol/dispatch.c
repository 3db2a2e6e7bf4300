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
*/
#include <stdio.h>
#include <string.h>

#include "methods.h"

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

static mssa__method_fn find_method(const char *name) {
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    if (!strcmp(methods[i].name, name)) return methods[i].fn;
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
    mssa__emit_text(id, c.result_text, c.result_len, out);
    json_decref(c.result);
    p->raw_last = true;   /* a cached answer: the same request gets the same bytes */
  } else if (!notify) {
    /* what mssa__emit(mssa__result_new(id, c.result)) writes, without
    ** building the envelope object only to read it back */
    mssa__emit_parts(id, NULL, c.result, out);
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
