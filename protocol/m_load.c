/*
** m_load.c -- methods that read or report whole modules: load (as a job
** for the thread pool), functions, print, verify.
**
** Invariants:
**   1. A load job owns copies of everything it reads (name, path, root) or
**      a reference to the text's JSON string, which nothing else touches
**      while the job runs; job_run calls only the analysis library and
**      m_read.c, so it is safe on a worker thread. Everything else here
**      runs on the query thread.
**   2. Every file a load reads is read by job_run, on the pool: a path
**      load is always a job, even when the module is reloaded by
**      difference (then the pool reads, and job_reply compares on the query
**      thread, or the pool compares too for texts that compare slowly).
**      The query thread never opens a file, so no file (a FIFO, a slow
**      disk) can stall the other clients.
**   3. A failed load leaves the module set untouched: the error reply
**      carries the reader's FILE:LINE:COL in `data`, or, for a file that
**      was refused or could not be read, {path, message, reason}.
**   4. print and verify go function by function in file order, as opt does.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir.h"
#include "load_source.h"
#include "methods.h"
#include "query/dot.h"
#include "query/source.h"
#include "reader/retext.h"

struct mssa_proto_job {
  json_t *id;             /* request id (owned), NULL for a notification */
  char *name;
  char *path;             /* file to read, or the name used in diagnostics */
  bool from_file;         /* a path load: job_run reads `path` first */
  mssa__srcjob *src;      /* a source load: job_run compiles it first (owned) */
  char *root;             /* from_file: read only under this directory (NULL: anywhere) */
  size_t max_bytes;       /* --max-module-bytes */
  json_t *text;           /* the module text as a JSON string (owned) or NULL */
  mssa_build_opts opts;
  unsigned llvm;          /* params.llvm: read as this LLVM version (0: detect) */
  /* results of job_run */
  int rc;
  int refused;            /* the file was not read: its MSSA_REASON_*, else -1 */
  char refusal[512];
  mssa_qmodule *q;
  mssa_diag diag;
  double ms, read_ms;     /* read_ms: reading the file (path loads) */
  char why[256];          /* a replace that could not be done by difference */
  /* A reload by difference. Its comparison runs on the pool against copies
  ** (omap set; m_reload.c applies the plan on the query thread if the
  ** bundle is still at the version copied), or, for texts that compare
  ** fast, in job_reply on the query thread once the pool has read the file
  ** (compare_here). */
  mssa_qmodule *rq;       /* the bundle compared against (not owned) */
  uint64_t rversion;
  bool compare_here;
  char *otext;            /* copy of its text, and of its text map (owned) */
  size_t olen;
  struct mssa__textmap *omap;
  uint32_t max_changed;
  uint8_t *pinned;        /* mssa__module_pinned_funcs (owned) */
  char *ntext;            /* the new text (owned) */
  size_t nlen;
  mssa__retext_plan *plan; /* the comparison, when it found a plan */
  bool again;             /* job_reply asks for a second run: a full build */
  uint64_t t0;            /* when the request was handled */
  char *lines_file;       /* params.load_lines: the reply lists the lines of
                             this file's loads (owned), else NULL */
};

/* Texts with debug info are compared at ~1.5 ms per MB (every `!N` is looked
** at): above this size the comparison goes to the pool so that the query
** thread keeps answering (pings within 10 ms during a load).
** Texts without references compare at memcmp speed and stay here. */
#define SYNC_REFS_MAX ((size_t)1 << 20)
/* A reload by difference on the query thread is bounded work: the new
** text is compared there only up to this size. */
#define SYNC_TEXT_MAX ((size_t)16 << 20)

/* params.load_lines: the file whose load lines the reply lists (the
** source, else the module's name), or NULL when not asked. */
static const char *lines_file(mssa__call *c, const char *name, const mssa__srcjob *src) {
  if (!json_is_true(json_object_get(c->params, "load_lines"))) return NULL;
  return src ? mssa__source_path(src) : name;
}

/* Adds "load_lines" to a load's reply: the lines with loads of `file`
** in the module as loaded now (for an editor's code lenses). */
static void add_load_lines(json_t *res, const mssa_qmodule *q, const char *file) {
  if (!res || !file) return;
  uint32_t *lines;
  uint32_t n = mssa_q_load_lines(q, file, &lines);
  json_t *arr = json_array();
  for (uint32_t k = 0; k < n; k++) json_array_append_new(arr, json_integer(lines[k]));
  free(lines);
  json_object_set_new(res, "load_lines", arr);
}

/* "dir/foo.ll" -> "foo" */
static char *default_name(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 3 && !strcmp(b + n - 3, ".ll")) n -= 3;
  return mssa_xstrndup(b, n);
}

static size_t max_module_bytes(const mssa_proto *p) {
  return p->opts.max_module_bytes ? p->opts.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
}

/* params.llvm into *llvm (0 when absent); 0, or an error set on c. */
static int llvm_param(mssa__call *c, unsigned *llvm) {
  json_t *v = json_object_get(c->params, "llvm");
  *llvm = 0;
  if (!v || json_is_null(v)) return 0;
  json_int_t n = json_is_integer(v) ? json_integer_value(v) : 0;
  if (n < MSSA_LLVM_MIN || n > MSSA_LLVM_MAX) {
    int rc = mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_UNSUPPORTED_LLVM,
                               "params.llvm must be an LLVM major version from %d to %d",
                               MSSA_LLVM_MIN, MSSA_LLVM_MAX);
    json_object_set_new(c->data, "min", json_integer(MSSA_LLVM_MIN));
    json_object_set_new(c->data, "max", json_integer(MSSA_LLVM_MAX));
    return rc;
  }
  *llvm = (unsigned)n;
  return 0;
}

/* Decodes the params of `load`; 0, or an error set on c. */
static int load_params(mssa__call *c, const char **name, const char **path, json_t **text,
                       mssa__srcjob **src, unsigned *llvm) {
  int rc;
  *name = *path = NULL;
  if ((rc = llvm_param(c, llvm))) return rc;
  if ((rc = mssa__jsonir_load_params(c))) return rc;   /* JSON IR: lowered to text here */
  if ((rc = mssa__param_str(c, "module", false, name))) return rc;
  if ((rc = mssa__param_str(c, "path", false, path))) return rc;
  *text = json_object_get(c->params, "text");
  if (*text && !json_is_string(*text))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.text must be a string");
  if ((rc = mssa__source_params(c, src))) return rc;
  if (!!*text + !!*path + !!*src != 1)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "give exactly one of params.path, params.text and params.source");
  if (*src && !*name) *name = mssa__source_path(*src);   /* C file: named by its path */
  if (*text && !*name)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module is required with params.text");
  if (*name && !**name) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module is empty");
  size_t max = max_module_bytes(c->p);
  if (*text && json_string_length(*text) > max)
    return mssa__fail_reason(c, MSSA_RPC_IO_ERROR, MSSA_REASON_TOO_LARGE,
                             "params.text has %zu bytes, more than --max-module-bytes (%zu)",
                             json_string_length(*text), max);
  return 0;
}

/* A text load of a module loaded already, by difference, here (bounded:
** the text is in the request). 1 if it must be a full load (`why` says
** why), else the reply's outcome. */
static int reload_text_here(mssa__call *c, mssa_qmodule *cur, const char *name, json_t *text,
                            char *why, size_t cap) {
  uint64_t t0 = mssa_now_ns();
  size_t flen = json_string_length(text);
  char *ftext = mssa_xmalloc(flen + 1);
  memcpy(ftext, json_string_value(text), flen + 1);
  char file[300];
  snprintf(file, sizeof file, "%s.ll", name);
  int rc = mssa__reload_diff(c, cur, name, file, NULL, &ftext, flen, t0, why, cap);
  free(ftext);
  if (rc == 0) c->p->loads++;
  if (rc == 0) add_load_lines(c->result, cur, lines_file(c, name, NULL));
  return rc;
}

/* Copies what the pool compares a reload against (the loaded bundle `cur`
** may change on the query thread meanwhile). */
static void copy_for_pool_compare(mssa_proto_job *j, mssa_qmodule *cur,
                                  const struct mssa__textmap *tm) {
  j->olen = cur->m->text_len;
  j->otext = mssa_xmalloc(j->olen + 1);
  memcpy(j->otext, cur->m->text, j->olen + 1);
  j->omap = mssa__textmap_dup(tm);
  j->max_changed = mssa__reload_max_changed(cur->m);
  j->pinned = mssa__module_pinned_funcs(cur->m);
}

/* Does a load asking for LLVM version `llvm` (0: detect) read module m as
** m is read now? A reload by difference keeps m's version. */
static bool same_llvm(const mssa_module *m, unsigned llvm) {
  if (!llvm) return !m->llvm_requested;
  return m->llvm_requested && mssa_module_llvm_version(m) == llvm;
}

int mssa__m_load(mssa__call *c) {
  const char *name, *path;
  json_t *text;
  mssa__srcjob *src = NULL;
  unsigned llvm;
  int rc = load_params(c, &name, &path, &text, &src, &llvm);
  if (rc) {
    mssa__source_free(src);
    return rc;
  }
  char why[256] = "";
  char *dname = name ? NULL : default_name(path);
  mssa_proto_host *h = c->p->host;
  mssa_qmodule *cur = h->find(h, name ? name : dname);
  const struct mssa__textmap *tm = cur ? mssa__module_textmap(cur->m) : NULL;
  if (tm && !same_llvm(cur->m, llvm)) {
    tm = NULL;
    snprintf(why, sizeof why, "params.llvm differs from the loaded module's");
  }
  bool async = tm && mssa__textmap_has_refs(tm) && cur->m->text_len > SYNC_REFS_MAX;
  if (cur && !tm && !why[0])
    snprintf(why, sizeof why, "the loaded module was edited (or its text is not in printer form)");
  free(dname);
  if (tm && !async && text && (rc = reload_text_here(c, cur, name, text, why, sizeof why)) != 1)
    return rc;
  mssa_proto_job *j = mssa_xcalloc(1, sizeof *j);
  j->id = c->notify ? NULL : json_incref(c->id);
  j->name = name ? mssa_xstrndup(name, strlen(name)) : default_name(path);
  j->refused = -1;
  j->t0 = mssa_now_ns();
  j->max_bytes = max_module_bytes(c->p);
  if (path) {
    j->path = mssa_xstrndup(path, strlen(path));
    j->from_file = true;
    const char *root = h->file_root ? h->file_root(h) : NULL;
    if (root) j->root = mssa_xstrndup(root, strlen(root));
  } else {
    j->path = mssa_xmalloc(strlen(j->name) + 4);
    sprintf(j->path, "%s.ll", j->name);
    j->text = json_incref(text);
  }
  if ((j->src = src)) {
    c->p->loads_source++;
    const char *root = h->file_root ? h->file_root(h) : NULL;
    if (root) j->root = mssa_xstrndup(root, strlen(root));
  }
  j->opts = c->p->opts.build;
  j->llvm = llvm;
  const char *lf = lines_file(c, j->name, src);
  if (lf) j->lines_file = mssa_xstrndup(lf, strlen(lf));
  snprintf(j->why, sizeof j->why, "%s", why);
  if (tm && (async || path || src)) {
    j->rq = cur;
    j->rversion = cur->version;
    j->compare_here = !async;   /* the pool reads the file; the query thread compares */
    if (async) copy_for_pool_compare(j, cur, tm);
  }
  c->job = j;
  c->p->loads++;
  return 0;
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
    mssa__module_textmap_build(j->q->m);
    j->q->read_ms += j->read_ms;
  }
  /* The module has its own copy; the file's is not needed any more. */
  free(j->ntext);
  j->ntext = NULL;
  j->ms = (double)(mssa_now_ns() - t0) / 1e6;
}

void mssa_proto_job_run(mssa_proto_job *j) {
  uint64_t t0 = mssa_now_ns();
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
      mssa__textmap_free(j->omap);
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
    mssa__retext_plan_new(j->otext, j->olen, j->omap, j->ntext, j->nlen, j->max_changed,
                          j->pinned, &j->plan, why, sizeof why);
    free(j->otext);
    j->otext = NULL;
    mssa__textmap_free(j->omap);
    j->omap = NULL;
    if (j->plan) return;
    snprintf(j->why, sizeof j->why, "%s", why);   /* no plan: a full build */
  }
  build_full(j, t0);
}

const char *mssa_proto_job_module_name(const mssa_proto_job *j) { return j->name; }

/* A reload by difference of the text read, on the query thread (with the
** pool's plan, or comparing here). Returns true if it replied; false if
** it must be a full build (j->why says why). */
static bool reply_reload(mssa_proto *p, mssa_proto_job *j, mssa__retext_plan *plan,
                         mssa_buf *out) {
  mssa_qmodule *q = p->host->find(p->host, j->name);
  if (!q || q != j->rq || q->version != j->rversion) {
    mssa__retext_plan_free(plan);
    snprintf(j->why, sizeof j->why, "the module changed while the new text was read or compared");
    return false;
  }
  if (!plan && j->nlen > SYNC_TEXT_MAX) {
    snprintf(j->why, sizeof j->why, "the file is too large to compare on the query thread");
    return false;
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
    return false;
  }
  if (rc) p->errors++;
  json_t *r = NULL;
  if (j->id && rc) {
    r = mssa__error_new(j->id, rc, c.msg, c.data);
    c.data = NULL;
  } else if (j->id) {
    add_load_lines(c.result, q, j->lines_file);
    mssa__source_add_notes(j->src, c.result);
    r = mssa__result_new(j->id, c.result);
    c.result = NULL;
  }
  json_decref(c.result);
  json_decref(c.data);
  if (r) mssa__emit(r, out);
  return true;
}

/* The reply to a load that failed: the file refused or unreadable, or the
** text not IR. */
static void reply_failed(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  p->errors++;
  p->loads_failed++;
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
  add_load_lines(res, q, j->lines_file);
  mssa__source_add_notes(j->src, res);
  mssa__emit(mssa__result_new(j->id, res), out);
}

void mssa_proto_job_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  if (j->refused < 0 && (j->plan || j->compare_here)) {
    mssa__retext_plan *pl = j->plan;
    j->plan = NULL;
    j->compare_here = false;
    if (reply_reload(p, j, pl, out)) return;
    /* Rare: the module changed meanwhile, or the reparse met one of its
    ** limits. A full build, back on the pool (the server runs the job again
    ** and calls this again). */
    j->again = true;
    return;
  }
  mssa__changed(p);   /* the module set is about to change */
  if (j->refused >= 0 || j->rc != MSSA_OK || !j->q) {
    reply_failed(p, j, out);
    return;
  }
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
  mssa__journal_end(p, true);   /* installed next (the store), whatever happens */
  reply_loaded(p, j, out);
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
  mssa__textmap_free(j->omap);
  free(j->pinned);
  free(j->ntext);
  mssa__retext_plan_free(j->plan);
  mssa_qmodule_free(j->q);
  mssa__source_free(j->src);
  free(j->name);
  free(j->path);
  free(j);
}

int mssa__m_functions(mssa__call *c) {
  mssa_qmodule *q;
  int rc = mssa__get_module(c, &q, NULL);
  if (rc) return rc;
  const mssa_module *m = q->m;
  json_t *arr = json_array();
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa__graph_count s;   /* an evicted graph's too: no rebuild for a listing */
    if (!mssa__graph_counts(q, fi, &s)) continue;
    const mssa_func *f = &m->funcs.a[fi];
    json_array_append_new(
        arr, json_pack("{sosIsIsIsIsIsI}", "name", mssa__jstr(mssa_str(m, f->name)), "defs",
                       (json_int_t)s.ndefs, "uses", (json_int_t)s.nuses, "phis",
                       (json_int_t)s.nphis, "accesses", (json_int_t)s.naccesses,
                       "blocks", (json_int_t)f->blocks.n, "instructions",
                       (json_int_t)f->insts.n));
  }
  c->result = json_pack("{so}", "functions", arr);
  return 0;
}

/* Resolves the optional params.function: *only = MSSA_NONE for all. */
static int optional_function(mssa__call *c, mssa_qmodule *q, uint32_t *only) {
  *only = MSSA_NONE;
  if (!json_object_get(c->params, "function")) return 0;
  return mssa__get_function(c, q, only);
}

int mssa__m_print(mssa__call *c) {
  mssa_qmodule *q;
  uint32_t only;
  bool walker = false;
  const char *format = NULL;
  int rc;
  if ((rc = mssa__get_module(c, &q, NULL)) || (rc = optional_function(c, q, &only)) ||
      (rc = mssa__param_bool(c, "walker", &walker)) ||
      (rc = mssa__param_str(c, "format", false, &format)))
    return rc;
  bool dot = format && !strcmp(format, "dot");
  if (format && !dot && strcmp(format, "text"))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.format is \"text\" or \"dot\"");
  if (walker || dot) c->p->gen++;   /* the walker printer (and dot's walker edges) cache answers */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return mssa__fail(c, MSSA_RPC_INTERNAL_ERROR, "out of memory");
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    if (only != MSSA_NONE && fi != only) continue;
    mssa_ssa *s = mssa__graph(c->p, q, fi, false);
    if (s && dot) mssa_q_dot(f, s);
    else if (s) mssa_print_function(f, s, walker);
  }
  fclose(f);
  size_t cap = c->p->opts.max_print_bytes;
  if (cap && len > cap) {
    free(text);
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "the printout has %zu bytes, beyond the limit of %zu: ask for one function",
                      len, cap);
  }
  json_t *t = json_stringn(text, len);
  if (!t) t = mssa__jstr(text);
  free(text);
  c->result = json_pack("{so}", "text", t);
  return 0;
}

int mssa__m_verify(mssa__call *c) {
  mssa_qmodule *q;
  uint32_t only;
  int rc;
  if ((rc = mssa__get_module(c, &q, NULL)) || (rc = optional_function(c, q, &only))) return rc;
  json_t *problems = json_array();
  int n = 0;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa_ssa *s = only != MSSA_NONE && fi != only ? NULL : mssa__graph(c->p, q, fi, false);
    if (!s) continue;
    n++;
    char msg[512] = "";
    if (mssa_verify(s, msg, sizeof msg) < 0)
      json_array_append_new(problems,
                            json_pack("{soso}", "function",
                                      mssa__jstr(mssa_str(q->m, q->m->funcs.a[fi].name)),
                                      "message", mssa__jstr(msg)));
  }
  c->result = json_pack("{sbsiso}", "ok", json_array_size(problems) == 0, "functions", n,
                        "problems", problems);
  return 0;
}
