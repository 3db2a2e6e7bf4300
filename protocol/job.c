/*
** job.c -- a load job's life after the `load` method made it (m_load.c):
** its run on the thread pool (read, compile, build or compare), its reply
** and install on the query thread, a timeout's reply, and its free. The
** daemon drives these through proto.h's mssa_proto_job_* functions.
**
** Why a file of its own: the daemon and the batch reader (batch.c) run and
** free jobs; with the job's code in a method file, the engine's side
** called into the methods for it.
**
** Invariants:
**   1. mssa_proto_job_run touches only the job and what it owns (m_load.c,
**      invariant 1), so it runs on a worker thread; everything else here
**      runs on the query thread.
**   2. A reload by difference applies its plan only if the bundle is still
**      at the version the job copied (rversion); otherwise, or when no plan
**      fits, the job asks for a second run (mssa_proto_job_again), a full
**      build, and nothing is replied meanwhile.
**   3. A failed load leaves the module set untouched (m_load.c, 3).
**   4. Out of memory fails the load alone (base/oom.h): the run on the pool
**      and a full load's reply (journal record, reply, load_lines) each
**      run in a recovery scope; after a failure the new bundle is freed,
**      the journal record taken back out, and the reply is error -32060
**      ("out_of_memory"). A reload by difference applied on the query
**      thread (reply_reload) has a scope too (reload_in_scope): before
**      its point of no return (m_reload.c invariant 4) a failure is -32060,
**      nothing changed; past it the reparse and the builds still abort, and
**      the reply, encoded in a scope of its own, is MSSA_PROTO_DROP when
**      memory runs out there (the host closes the client unanswered).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "jsonir.h"
#include "program.h"
#include "memssa.h"

/* A reload by difference on the query thread is bounded work: the new
** text is compared there only up to this size. */
#define SYNC_TEXT_MAX ((size_t)16 << 20)

void mssa__add_load_lines(json_t *res, const mssa_qmodule *q, const char *file) {
  if (!res || !file) return;
  uint32_t *lines;
  uint32_t n = mssa_q_load_lines(q, file, &lines);
  json_t *arr = json_array();
  for (uint32_t k = 0; k < n; k++) json_array_append_new(arr, json_integer(lines[k]));
  free(lines);
  json_object_set_new(res, "load_lines", arr);
}

bool mssa_proto_job_again(const mssa_proto_job *j) { return j->again; }

/* A full build of the text the job holds (read from the file, or the
** request's), then its text map for a later reload by difference (here,
** off the query thread: a fresh module's text is exactly its input). */
static void build_full(mssa_proto_job *j, uint64_t t0) {
  const char *text = j->ntext;
  size_t len = j->nlen;
  if (!text) {
    text = json_string_value(j->text);
    len = json_string_length(j->text);
  }
  j->rc = mssa_qmodule_build_llvm(j->path, text, len, &j->opts, j->llvm, &j->q, &j->diag);
  if (j->rc == MSSA_OK && j->q) {
    mssa_module_textmap_build(j->q->m);
    j->q->read_ms += j->read_ms;
  }
  /* The module has its own copy; the file's is not needed any more. */
  free(j->ntext);
  j->ntext = NULL;
  j->ms = (double)(mssa_now_ns() - t0) / 1e6;
}

/* Out of memory on the pool (invariant 4): what the run made goes (the
** rest is swept), and the reply says so. */
static void run_nomem(void *arg) {
  mssa_proto_job *j = arg;
  mssa_qmodule_free(j->q);
  j->q = NULL;
  mssa_retext_plan_free(j->plan);
  j->plan = NULL;
  free(j->ntext);
  j->ntext = NULL;
  mssa_textmap_free(j->omap);
  j->omap = NULL;
  free(j->otext);
  j->otext = NULL;
  j->compare_here = j->again = false;
  j->refused = -1;
  j->rc = MSSA_ENOMEM;
}

static void run_in_scope(mssa_proto_job *j) {
  uint64_t t0 = mssa_now_ns();
  if (j->prog) {
    mssa__progjob_run(j->prog);
    return;
  }
  memset(&j->diag, 0, sizeof j->diag);
  if (j->again) {   /* the second run: a full build of the text read */
    j->again = false;
    build_full(j, t0);
    return;
  }
  if (j->from_file) {
    if (mssa__read_module_file(j->path, j->root, j->max_bytes, &j->ntext, &j->nlen, &j->refused,
                               j->refusal, sizeof j->refusal))
      return;
    j->read_ms = (double)(mssa_now_ns() - t0) / 1e6;
    if (j->compare_here) return;   /* job_reply compares, on the query thread */
  } else if (j->src) {
    if (mssa__source_compile(j->src, j->root, &j->ntext, &j->nlen)) {
      j->compare_here = false;   /* nothing to compare: the failure is the reply */
      mssa_textmap_free(j->omap);
      j->omap = NULL;
      j->rc = MSSA_EIO;
      return;
    }
    if (j->compare_here) return;
  } else if (j->omap) {
    j->nlen = json_string_length(j->text);
    j->ntext = mssa_xmalloc(j->nlen + 1);
    memcpy(j->ntext, json_string_value(j->text), j->nlen + 1);
  }
  if (j->omap) {
    /* The comparison of a reload by difference (its apply: job_reply). */
    char why[256] = "";
    mssa_retext_plan_new(j->otext, j->olen, j->omap, j->ntext, j->nlen, j->max_changed,
                          j->pinned, &j->plan, why, sizeof why);
    free(j->otext);
    j->otext = NULL;
    mssa_textmap_free(j->omap);
    j->omap = NULL;
    if (j->plan) return;
    snprintf(j->why, sizeof j->why, "%s", why);   /* no plan: a full build */
  }
  build_full(j, t0);
}

void mssa_proto_job_run(mssa_proto_job *j) {
  mssa_oom_scope sc;
  mssa_proto_job *volatile jv = j;
  if (!MSSA_OOM_TRY(&sc)) {
    mssa_oom_rollback(&sc, run_nomem, jv);
    return;
  }
  run_in_scope(j);
  mssa_oom_commit(&sc);
}

const char *mssa_proto_job_module_name(const mssa_proto_job *j) { return j->name; }

/* The reply of a reload by difference (its call done): built on a copy
** of the result, so that the extras (load_lines, a source's notes) are
** the scope's own blocks and the result is never changed in place. */
typedef struct reload_tail {
  mssa_proto_job *j;
  mssa_qmodule *q;
  mssa__call *c;
  int rc;
  mssa_buf *out;
} reload_tail;

static void reload_tail_run(void *arg) {
  reload_tail *t = arg;
  mssa_proto_job *j = t->j;
  if (!j->id) return;
  if (t->rc) {
    mssa__emit(mssa__error_new(j->id, t->rc, t->c->msg, json_incref(t->c->data)), t->out);
    return;
  }
  json_t *res = json_copy(t->c->result);
  mssa__add_load_lines(res, t->q, j->lines_file);
  mssa__source_add_notes(j->src, res);
  mssa__emit_parts(j->id, NULL, res, t->out);
  json_decref(res);
}

/* A reload by difference of the text read, on the query thread (with the
** pool's plan, or comparing here), inside the caller's scope (invariant
** 4). Returns -1 if it must be a full build (j->why says why), else
** MSSA_PROTO_REPLIED, or MSSA_PROTO_DROP: the module was changed and its
** reply could not be encoded (nothing was appended). */
static int reply_reload(mssa_proto *p, mssa_proto_job *j, mssa_retext_plan *plan,
                        mssa_buf *out) {
  mssa_qmodule *q = p->host->find(p->host, j->name);
  if (!q || q != j->rq || q->version != j->rversion) {
    mssa_retext_plan_free(plan);
    snprintf(j->why, sizeof j->why, "the module changed while the new text was read or compared");
    return -1;
  }
  if (!plan && j->nlen > SYNC_TEXT_MAX) {
    snprintf(j->why, sizeof j->why, "the file is too large to compare on the query thread");
    return -1;
  }
  mssa__call c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.id = j->id;
  c.notify = !j->id;
  char why[256] = "";
  int rc = mssa__reload_diff(&c, q, j->name, j->path, plan, &j->ntext, j->nlen, j->t0, why,
                             sizeof why);
  if (rc == 1) {
    snprintf(j->why, sizeof j->why, "%s", why);
    return -1;
  }
  if (rc) p->errors++;
  /* Past the point of no return (m_reload.c invariant 4) the reply gets a
  ** scope of its own: out of memory there drops the client unanswered. */
  reload_tail t = {j, q, &c, rc, out};
  mssa_oom_scope *sc = mssa_oom_scope_now();
  size_t n0 = out->n;
  int ret = MSSA_PROTO_REPLIED;
  if (!sc || !sc->no_return) {
    reload_tail_run(&t);
  } else if (!mssa_oom_try_call(reload_tail_run, NULL, &t)) {
    out->n = n0;
    /* the copy's swept blocks held references to the result's members */
    if (c.result) mssa__json_reset_refs(c.result, 1);
    if (c.data) mssa__json_reset_refs(c.data, 1);
    ret = MSSA_PROTO_DROP;
  }
  json_decref(c.result);
  json_decref(c.data);
  return ret;
}

/* The reload's boundary (invariant 4): before its point of no return a
** failure is error -32060, nothing changed (the plan, older than the
** scope, is freed here); past it, reply_reload has the reply's own scope. */
static int reload_in_scope(mssa_proto *p, mssa_proto_job *j, mssa_retext_plan *pl,
                           mssa_buf *out) {
  size_t n0 = out->n, id_refs = j->id ? j->id->refcount : 0;
  mssa_buf_reserve(out, 1);   /* its block is older than the scope */
  mssa_oom_scope sc;
  if (!MSSA_OOM_TRY(&sc)) {
    out->n = n0;
    mssa_oom_rollback(&sc, mssa__nomem_cleanup, p);
    mssa_retext_plan_free(pl);   /* not applied: the failure came before no return */
    mssa__json_reset_refs(j->id, id_refs);
    p->errors++;
    p->loads_failed++;
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_OUT_OF_MEMORY,
                                 "out of memory: the reload failed and changed nothing", NULL),
                 out);
    return MSSA_PROTO_REPLIED;
  }
  int rc = reply_reload(p, j, pl, out);
  mssa__commit_reply(&sc, out, n0);
  return rc;
}

/* The reply to a load that failed: the file refused or unreadable, or the
** text not IR. */
static void reply_failed(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  p->errors++;
  p->loads_failed++;
  if (j->rc == MSSA_ENOMEM) {
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_OUT_OF_MEMORY,
                                 "out of memory building the module; nothing was loaded", NULL),
                 out);
    return;
  }
  if (mssa__source_failed(j->src)) {
    mssa__source_reply_failed(j->src, j->id, out);
    return;
  }
  if (!j->id) return;
  json_t *data;
  int code;
  const char *msg = j->refusal;
  char buf[1024];
  if (j->refused >= 0) {
    code = MSSA_RPC_IO_ERROR;
    data = json_pack("{sososs}", "path", mssa__jstr(j->path), "message", mssa__jstr(j->refusal),
                     "reason", mssa_rpc_reason(j->refused));
  } else if (j->rc == MSSA_EIO) {
    code = MSSA_RPC_IO_ERROR;
    data = json_pack("{soso}", "path", mssa__jstr(j->path), "message", mssa__jstr(j->diag.msg));
  } else {
    code = MSSA_RPC_IR_ERROR;
    data = json_pack("{sosIsIso}", "file", mssa__jstr(j->diag.file[0] ? j->diag.file : j->path),
                     "line", (json_int_t)j->diag.line, "col", (json_int_t)j->diag.col,
                     "message", mssa__jstr(j->diag.msg));
    const char *hint = j->from_file ? mssa__source_hint(j->path) : NULL;
    if (hint) json_object_set_new(data, "hint", json_string(hint));
  }
  if (j->refused < 0) {
    mssa_diag_format(&j->diag, buf, sizeof buf);
    const char *hint = j->rc != MSSA_EIO && j->from_file ? mssa__source_hint(j->path) : NULL;
    if (hint) snprintf(buf + strlen(buf), sizeof buf - strlen(buf), " (%s)", hint);
    msg = buf;
  }
  json_t *m = mssa__jstr(msg);
  mssa__emit(mssa__error_new(j->id, code, json_string_value(m), data), out);
  json_decref(m);
}

/* The reply to a full load that built; the store installs j->q next. */
static void reply_loaded(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  mssa_qmodule *q = j->q;
  mssa_proto_host *h = p->host;
  bool replaced = h->find(h, j->name) != NULL;
  if (!j->id) return;
  json_t *res = json_pack(
      "{sosisisisIsIsIsfsfsfsb}", "module", mssa__jstr(j->name), "functions", (int)q->ndefined,
      "declarations", (int)(q->nfuncs - q->ndefined - q->nfailed), "failed", (int)q->nfailed,
      "defs", (json_int_t)q->ndefs, "uses", (json_int_t)q->nuses, "phis", (json_int_t)q->nphis,
      "ms", j->ms, "read_ms", q->read_ms, "build_ms", q->build_ms, "replaced", replaced);
  json_object_set_new(res, "reused", json_integer(0));
  json_object_set_new(res, "rebuilt", json_integer(q->ndefined + q->nfailed));
  json_object_set_new(res, "reload", json_string("full"));
  mssa__llvm_json(res, q->m);
  if (replaced && j->why[0]) json_object_set_new(res, "why_full", mssa__jstr(j->why));
  mssa__add_load_lines(res, q, j->lines_file);
  mssa__source_add_notes(j->src, res);
  mssa__emit(mssa__result_new(j->id, res), out);
}

static void reply_full(mssa_proto *p, mssa_proto_job *j, mssa_buf *out);
static void reply_nomem(void *arg);

int mssa_proto_job_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  if (j->prog) {   /* installed here: the store never sees programs */
    mssa__progjob_reply(p, j, out);
    return MSSA_PROTO_REPLIED;
  }
  if (j->refused < 0 && (j->plan || j->compare_here)) {
    mssa_retext_plan *pl = j->plan;
    j->plan = NULL;
    j->compare_here = false;
    int rc = reload_in_scope(p, j, pl, out);
    if (rc >= 0) return rc;
    /* Rare: the module changed meanwhile, or the reparse met one of its
    ** limits. A full build, back on the pool (the server runs the job again
    ** and calls this again). */
    j->again = true;
    return MSSA_PROTO_REPLIED;
  }
  mssa__changed(p);   /* the module set is about to change */
  if (j->refused >= 0 || j->rc != MSSA_OK || !j->q) {
    reply_failed(p, j, out);
    return MSSA_PROTO_REPLIED;
  }
  size_t n0 = out->n, id_refs = j->id ? j->id->refcount : 0;
  mssa_buf_reserve(out, 1);   /* its block is older than the scope */
  mssa_oom_scope sc;
  mssa_proto_job *volatile jv = j;
  if (!MSSA_OOM_TRY(&sc)) {   /* invariant 4 */
    mssa_proto_job *k = jv;
    out->n = n0;
    mssa_oom_rollback(&sc, reply_nomem, k);
    mssa__json_reset_refs(k->id, id_refs);   /* a swept reply may have held it */
    mssa_qmodule_free(k->q);   /* not installed */
    k->q = NULL;
    k->rc = MSSA_ENOMEM;
    reply_failed(p, k, out);
    return MSSA_PROTO_REPLIED;
  }
  reply_full(p, j, out);
  mssa__commit_reply(&sc, out, n0);   /* the journal record is kept (load_end) */
  return MSSA_PROTO_REPLIED;
}

/* The journal hook of a full load's reply: the record stays only if the
** reply could be made (invariant 4). */
static void load_end(void *arg, bool failed) { mssa__journal_end(arg, !failed); }

/* A full load's reply failed for memory: what it added to the new bundle
** (the lines index of load_lines) goes before the sweep. */
static void reply_nomem(void *arg) {
  mssa_proto_job *j = arg;
  mssa_q_line_index_free(j->q->lines);
  j->q->lines = NULL;
  mssa_q_var_index_free(j->q->vars);
  j->q->vars = NULL;
}

static void reply_full(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  /* The text as read (also for path loads: replay must not depend on the
  ** file), journaled before the reply so `always` acknowledges a durable
  ** load. A fresh module's text is exactly its input (edits append later). */
  if (mssa__journal_load(p, j->name, j->q->m, j->q->m->text, j->q->m->text_len) < 0) {
    p->errors++;
    p->loads_failed++;
    mssa_qmodule_free(j->q);
    j->q = NULL;
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_IO_ERROR,
                                 "cannot write the load to the journal; not loaded",
                                 json_pack("{ss}", "reason",
                                           mssa_rpc_reason(MSSA_REASON_JOURNAL_FAILED))),
                 out);
    return;
  }
  /* Kept when the reply is made, then installed (the store), whatever
  ** happens; without a scope (disabled) at once. */
  if (mssa_oom_active()) mssa_oom_on_end(load_end, p);
  else mssa__journal_end(p, true);
  reply_loaded(p, j, out);
}

bool mssa_proto_job_wants_progress(const mssa_proto_job *j) { return j->prog && j->id; }

void mssa_proto_job_set_progress(mssa_proto_job *j, mssa_proto_progress_fn fn, void *ctx) {
  if (mssa_proto_job_wants_progress(j)) mssa__progjob_set_progress(j->prog, j->id, j->name, fn, ctx);
}

mssa_qmodule *mssa_proto_job_steal_module(mssa_proto_job *j) {
  mssa_qmodule *q = j->q;
  j->q = NULL;
  return q;
}

void mssa_proto_job_timeout(mssa_proto *p, const mssa_proto_job *j, double limit_s,
                            mssa_buf *out) {
  p->errors++;
  p->loads_failed++;
  if (!j->id) return;
  char msg[512];
  snprintf(msg, sizeof msg, "loading module '%.200s' took longer than --request-timeout (%g s); "
           "abandoned, the module is unchanged", j->name, limit_s);
  json_t *data = json_pack("{sI}", "limit_ms", (json_int_t)(limit_s * 1000));
  mssa__emit(mssa__error_new(j->id, MSSA_RPC_REQUEST_TIMEOUT, msg, data), out);
}

void mssa_proto_job_free(mssa_proto_job *j) {
  if (!j) return;
  json_decref(j->id);
  free(j->root);
  free(j->lines_file);
  json_decref(j->text);
  free(j->otext);
  mssa_textmap_free(j->omap);
  free(j->pinned);
  free(j->ntext);
  mssa_retext_plan_free(j->plan);
  mssa_qmodule_free(j->q);
  mssa__source_free(j->src);
  mssa__progjob_free(j->prog);
  free(j->name);
  free(j->path);
  free(j);
}
