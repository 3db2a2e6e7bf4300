/*
** rpc.c -- the engine: one request line in, its reply line out. A line is
** answered from the raw cache (rawcache.c), read as a batch (batch.c), or
** decoded and handed to the dispatcher (dispatch.c); the engine's state is
** made and freed here.
**
** Invariants:
**   1. Not JSON -> -32700 with id null, before anything else is looked at;
**      the envelope's other checks are the dispatcher's (dispatch.c).
**      A non-empty array is a batch: every element is checked and answered
**      as one request, the replies returned together as an array (batch.c,
**      which decodes a batch line one element at a time).
**   2. A reply is kept in the raw cache only when the handler said it may
**      be reused (p->raw_last), it was sent, and the line is short enough;
**      the flags are cleared before each line is handled.
**   3. Nothing in the protocol calls back into this file: it is the top of
**      the protocol's calls, below the daemon (server/).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"
#include "program.h"

mssa_proto *mssa_proto_new(mssa_proto_host *host, const mssa_proto_opts *opts) {
  mssa_proto *p = mssa_xcalloc(1, sizeof *p);
  p->host = host;
  if (opts) p->opts = *opts;
  p->started_ns = mssa_now_ns();
  mssa_memcap_init(&p->graphs, p->opts.max_graph_bytes, &p->opts.build);
  mssa__rc_init(&p->rcache, MSSA__RCACHE_SIZE, 1, 2 * sizeof(uint64_t), MSSA__RCACHE_BYTES);
  mssa__rc_init(&p->acache, MSSA__ACACHE_SLOTS, 2, 3 * sizeof(uint64_t), MSSA__ACACHE_BYTES);
  mssa__rc_init(&p->raw, MSSA__RAW_SLOTS, 1, MSSA__RAW_MAXLINE, MSSA__RAW_BYTES);
  return p;
}

void mssa_proto_free(mssa_proto *p) {
  if (!p) return;
  mssa__rc_free(&p->raw);
  mssa__caches_free(p);
  mssa__progs_free(p);
  mssa_memcap_free(&p->graphs);
  free(p);
}

typedef struct error_line {
  int code, reason;
  const char *detail;
  long long limit;
  mssa_buf *out;
} error_line;

static void error_line_run(void *arg) {
  error_line *e = arg;
  json_t *data = NULL;
  if (e->limit >= 0) data = json_pack("{sI}", "limit", (json_int_t)e->limit);
  if (mssa_rpc_reason(e->reason)) {
    if (!data) data = json_object();
    json_object_set_new(data, "reason", json_string(mssa_rpc_reason(e->reason)));
  }
  mssa__emit(mssa__error_new(NULL, e->code, e->detail, data), e->out);
}

/* A refusal outside any request, in a scope of its own (base/oom.h):
** without memory for it nothing is appended (its connection is closed
** after it anyway), where jansson outside a scope could not be trusted. */
void mssa_proto_error_line(mssa_proto *p, int code, const char *detail, int reason,
                           long long limit, mssa_buf *out) {
  p->requests++;
  p->errors++;
  size_t n0 = out->n;
  error_line e = {code, reason, detail, limit, out};
  /* The buffer's block first, outside the scope: a sweep must not take it. */
  if (!mssa_buf_try_reserve(out, 1)) return;
  if (!mssa_oom_try_call(error_line_run, NULL, &e)) out->n = n0;
}

struct mssa_proto_parsed {
  json_t *root;          /* NULL on a parse error */
  bool nomem;            /* ... because memory ran out decoding it */
  char msg[256];         /* the parse error */
  uint64_t t0;           /* when decoding started (service time) */
};

void mssa_proto_init_threads(void) { json_object_seed(0); }

typedef struct parse_call {
  mssa_proto_parsed *pp;
  const char *line;
  size_t len;
} parse_call;

static void parse_run(void *arg) {
  parse_call *pc = arg;
  json_error_t jerr;
  pc->pp->root = json_loadb(pc->line, pc->len, 0, &jerr);
  if (!pc->pp->root)
    snprintf(pc->pp->msg, sizeof pc->pp->msg, "%s (column %d)", jerr.text, jerr.column);
}

/* Decoded in a scope of its own (base/oom.h): there jansson's allocations
** unwind instead of returning NULL, which it does not always survive (a
** string it cannot grow is cut short without an error, or its lexer
** asserts), and memory running out is told apart from a line that is not
** JSON (-32060, not -32700). What it decoded is ordinary once the scope
** ends. `counted` false: outside any scope (the test hook's own line,
** which must not count; base/oom.h invariant 5). */
static mssa_proto_parsed *parse(const char *line, size_t len, bool counted) {
  mssa_proto_parsed *pp = mssa_xcalloc(1, sizeof *pp);
  pp->t0 = mssa_now_ns();
  parse_call pc = {pp, line, len};
  if (!counted) {
    parse_run(&pc);
  } else if (!mssa_oom_try_call(parse_run, NULL, &pc)) {
    pp->root = NULL;
    pp->nomem = true;
  }
  return pp;
}

mssa_proto_parsed *mssa_proto_parse(const char *line, size_t len) { return parse(line, len, true); }

/* The test hook's own line is decoded outside any scope, so that arming
** and reading it never count (base/oom.h invariant 5). Only with
** MEMSSA_TEST_FAULTS (nomem.c); the query thread only. */
static bool hook_line(const char *line, size_t len) {
  static const char name[] = "\"debug_fail_alloc\"";
  size_t k = sizeof name - 1;
  if (!mssa__faults_enabled() || len < k) return false;
  for (size_t i = 0; i + k <= len; i++)
    if (line[i] == '"' && !memcmp(line + i, name, k)) return true;
  return false;
}

void mssa_proto_parsed_free(mssa_proto_parsed *pp) {
  if (!pp) return;
  json_decref(pp->root);
  free(pp);
}

int mssa_proto_handle(mssa_proto *p, const char *line, size_t len, mssa_buf *out,
                      mssa_proto_job **job) {
  if (mssa__raw_answer(p, line, len, out)) {
    *job = NULL;
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
  int rc = mssa_proto_handle_parsed(p, parse(line, len, !hook_line(line, len)), out, job);
  if (rc == MSSA_PROTO_REPLIED && p->raw_last && out->n > n0)
    mssa__raw_keep(p, line, len, out->p + n0, out->n - n0);
  return rc;
}

int mssa_proto_handle_parsed(mssa_proto *p, mssa_proto_parsed *pp, mssa_buf *out,
                             mssa_proto_job **job) {
  uint64_t t0 = pp->t0;
  *job = NULL;
  json_t *root = pp->root;
  pp->root = NULL;
  if (!root && pp->nomem) {
    p->requests++;
    p->errors++;
    mssa_proto_parsed_free(pp);
    return mssa__emit_nomem(NULL, "out of memory decoding the request; nothing was done", out);
  }
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
