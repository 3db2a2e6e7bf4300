/*
** reply.c -- the replies every method builds: the error tables, a failed
** call's code and message, the JSON-RPC envelopes of an error and a result,
** and the bytes of a reply line.
**
** Why a file of its own: every method, the dispatcher (dispatch.c) and
** the batch reader (batch.c) call these, and they call nothing of the
** protocol back; kept beside the dispatch table, they tied all the method
** files into one circle through it.
**
** Invariants:
**   1. A reply line is one line: JSON_COMPACT never writes a raw newline
**      (strings escape it), and each line ends with the one '\n' written
**      here.
**   2. The id is echoed with jansson's full precision, reals in results
**      with 9 significant digits (see mssa__emit_parts).
**   3. An error whose code has a default reason (errors.h) carries it in
**      data.reason unless the method set its own.
*/
#include <stdarg.h>
#include <stdio.h>
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

/* ------------------------------------------------------------ failures */

int mssa__fail(mssa__call *c, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->msg, sizeof c->msg, fmt, ap);
  va_end(ap);
  MSSA_ASSERT(rpc_error_of(code));   /* every code is one of errors.h */
  c->code = code;
  return code;
}

int mssa__fail_reason(mssa__call *c, int code, int reason, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->msg, sizeof c->msg, fmt, ap);
  va_end(ap);
  MSSA_ASSERT(rpc_error_of(code) && mssa_rpc_reason(reason));   /* errors.h's code and word */
  c->code = code;
  if (!c->data) c->data = json_object();
  json_object_set_new(c->data, "reason", json_string(mssa_rpc_reason(reason)));
  return code;
}

/* ------------------------------------------------------------ envelopes */

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
void mssa__emit_parts(json_t *id, json_t *err, json_t *val, mssa_buf *out) {
  /* Assembled from jansson fragments so that the id keeps jansson's full
  ** precision (echoed as given) while reals in results print with 9
  ** significant digits ("ms":0.201008, not 0.20100799999999999).
  ** JSON_COMPACT never emits a raw newline (strings escape it), so the
  ** reply stays one line. The fixed key names and braces of the envelope
  ** are the only bytes not written by jansson: one dump of the envelope
  ** would print a real id with 9 digits, or reals in results with 17. */
  static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
  size_t n0 = out->n;
  if (err) val = err;
  mssa_buf_append(out, head, sizeof head - 1);
  json_dump_callback(id ? id : json_null(), mssa_buf_dump_cb, out, JSON_COMPACT | JSON_ENCODE_ANY);
  mssa_buf_append(out, err ? ",\"error\":" : ",\"result\":", err ? 9 : 10);
  json_dump_callback(val ? val : json_null(), mssa_buf_dump_cb, out,
                     JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(9));
  mssa_buf_append(out, "}\n", 2);
  MSSA_ASSERT(out->n > n0 && !memchr(out->p + n0, '\n', out->n - n0 - 1));   /* invariant 1 */
}

void mssa__emit(json_t *reply_steal, mssa_buf *out) {
  mssa__emit_parts(json_object_get(reply_steal, "id"), json_object_get(reply_steal, "error"),
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

void mssa__emit_text(json_t *id, const char *result, size_t len, mssa_buf *out) {
  /* The same bytes mssa__emit would produce; both fragments come from
  ** jansson (the id here, the result when it was encoded). */
  static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":";
  mssa_buf_append(out, head, sizeof head - 1);
  json_dump_callback(id, mssa_buf_dump_cb, out, JSON_COMPACT | JSON_ENCODE_ANY);
  mssa_buf_append(out, ",\"result\":", 10);
  mssa_buf_append(out, result, len);
  mssa_buf_append(out, "}\n", 2);
}
