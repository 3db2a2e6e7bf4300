/*
** m_load.c -- methods that read or report whole modules: load (as a job
** for the thread pool), functions, print, verify.
**
** Invariants:
**   1. A load job owns copies of everything it reads (name, path) or a
**      reference to the text's JSON string, which nothing else touches while
**      the job runs; job_run calls only the analysis library, so it is safe
**      on a worker thread. Everything else here runs on the query thread.
**   2. A failed load leaves the module set untouched: the error reply
**      carries the reader's FILE:LINE:COL in `data`.
**   3. print and verify go function by function in file order, as opt does.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir.h"
#include "methods.h"
#include "reader/retext.h"

struct mssa_proto_job {
  json_t *id;             /* request id (owned), NULL for a notification */
  char *name;
  char *path;             /* file to read, or the name used in diagnostics */
  json_t *text;           /* the module text as a JSON string (owned) or NULL */
  mssa_build_opts opts;
  /* results of job_run */
  int rc;
  mssa_qmodule *q;
  mssa_diag diag;
  double ms;
  char why[256];          /* a replace that could not be done by difference */
  /* A reload by difference whose comparison runs here, on the pool, against
  ** copies (m_reload.c applies it on the query thread if the bundle is
  ** still at the version copied). */
  mssa_qmodule *rq;       /* the bundle compared against (not owned) */
  uint64_t rversion;
  char *otext;            /* copy of its text, and of its text map (owned) */
  size_t olen;
  struct mssa__textmap *omap;
  uint32_t max_changed;
  uint8_t *pinned;        /* mssa__module_pinned_funcs (owned) */
  char *ntext;            /* the new text (owned) */
  size_t nlen;
  mssa__retext_plan *plan; /* the comparison, when it found a plan */
  bool again;             /* job_reply asks for a second run: a full build */
  uint64_t t0;
};

/* Texts with debug info are compared at ~1.5 ms per MB (every `!N` is looked
** at): above this size the comparison goes to the pool so that the query
** thread keeps answering (issue 4: pings within 10 ms during a load).
** Texts without references compare at memcmp speed and stay here. */
#define SYNC_REFS_MAX ((size_t)1 << 20)

/* "dir/foo.ll" -> "foo" */
static char *default_name(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  if (n > 3 && !strcmp(b + n - 3, ".ll")) n -= 3;
  return mssa__xstrndup(b, n);
}

/* The file's bytes, or NULL if it cannot be read or is over 16 MiB (the
** reload by difference runs on the query thread: bounded work only). One
** buffer of the file's size and one read in the common case: growing a
** buffer by doubling would copy it again and fault in fresh pages each
** time, which is most of the cost of reading a file that is cached. */
static char *read_small(const char *path, size_t *len) {
  const size_t cap_max = (size_t)16 << 20;
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16;
  if (!fseek(f, 0, SEEK_END)) {
    long sz = ftell(f);
    if (sz > (long)cap_max) {
      fclose(f);
      return NULL;
    }
    if (sz >= 0) cap = (size_t)sz + 1;   /* +1: a read that hits EOF at once */
    rewind(f);
  }
  char *b = mssa__xmalloc(cap + 1);
  size_t n = 0;
  for (;;) {
    if (n == cap) {   /* the file grew, or is not seekable */
      if (cap >= cap_max) {
        free(b);
        fclose(f);
        return NULL;
      }
      cap *= 2;
      b = mssa__xrealloc(b, cap + 1);
    }
    size_t r = fread(b + n, 1, cap - n, f);
    if (!r) break;
    n += r;
  }
  bool err = ferror(f);
  fclose(f);
  if (err || n > cap_max) {
    free(b);
    return NULL;
  }
  b[n] = 0;
  *len = n;
  return b;
}

int mssa__m_load(mssa__call *c) {
  const char *name = NULL, *path = NULL;
  int rc;
  if ((rc = mssa__jsonir_load_params(c))) return rc;   /* JSON IR: lowered to text here */
  if ((rc = mssa__param_str(c, "module", false, &name))) return rc;
  if ((rc = mssa__param_str(c, "path", false, &path))) return rc;
  json_t *text = json_object_get(c->params, "text");
  if (text && !json_is_string(text))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.text must be a string");
  if (!!text == !!path)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "give exactly one of params.path and params.text");
  if (text && !name)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module is required with params.text");
  if (name && !*name) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module is empty");
  char why[256] = "";
  char *dname = name ? NULL : default_name(path);
  mssa_qmodule *cur = c->p->host->find(c->p->host, name ? name : dname);
  const struct mssa__textmap *tm = cur ? mssa__module_textmap(cur->m) : NULL;
  bool async = tm && mssa__textmap_has_refs(tm) && cur->m->text_len > SYNC_REFS_MAX;
  if (cur && !tm)
    snprintf(why, sizeof why, "the loaded module was edited (or its text is not in printer form)");
  if (tm && !async) {
    /* Reload by difference (m_reload.c) on this thread; a full build on the
    ** pool when it does not apply. */
    uint64_t t0 = mssa__now_ns();
    char *ftext = NULL;
    size_t flen = 0;
    if (path) ftext = read_small(path, &flen);
    if (!path) {
      flen = json_string_length(text);
      ftext = mssa__xmalloc(flen + 1);
      memcpy(ftext, json_string_value(text), flen + 1);
    }
    if (ftext) {
      char file[300];
      snprintf(file, sizeof file, "%s%s", path ? path : name, path ? "" : ".ll");
      rc = mssa__reload_diff(c, cur, name ? name : dname, file, NULL, &ftext, flen, t0, why,
                             sizeof why);
      free(ftext);
      if (rc != 1) {
        free(dname);
        if (rc == 0) c->p->loads++;
        return rc;
      }
    } else {
      snprintf(why, sizeof why, "the file is too large to compare on the query thread");
    }
  }
  free(dname);
  mssa_proto_job *j = mssa__xcalloc(1, sizeof *j);
  j->id = c->notify ? NULL : json_incref(c->id);
  j->name = name ? mssa__xstrndup(name, strlen(name)) : default_name(path);
  if (path) j->path = mssa__xstrndup(path, strlen(path));
  else {
    j->path = mssa__xmalloc(strlen(j->name) + 4);
    sprintf(j->path, "%s.ll", j->name);
    j->text = json_incref(text);
  }
  j->opts = c->p->opts.build;
  snprintf(j->why, sizeof j->why, "%s", why);
  if (async) {
    j->rq = cur;
    j->rversion = cur->version;
    j->olen = cur->m->text_len;
    j->otext = mssa__xmalloc(j->olen + 1);
    memcpy(j->otext, cur->m->text, j->olen + 1);
    j->omap = mssa__textmap_dup(tm);
    j->max_changed = mssa__reload_max_changed(cur->m);
    j->pinned = mssa__module_pinned_funcs(cur->m);
    j->t0 = mssa__now_ns();
  }
  c->job = j;
  c->p->loads++;
  return 0;
}

bool mssa_proto_job_again(const mssa_proto_job *j) { return j->again; }

void mssa_proto_job_run(mssa_proto_job *j) {
  uint64_t t0 = mssa__now_ns();
  memset(&j->diag, 0, sizeof j->diag);
  if (j->again) {   /* the second run: a full build of the text read */
    j->again = false;
    j->rc = mssa_qmodule_build(j->path, j->ntext, j->nlen, &j->opts, &j->q, &j->diag);
    if (j->rc == MSSA_OK && j->q) mssa__module_textmap_build(j->q->m);
    j->ms = (double)(mssa__now_ns() - t0) / 1e6;
    return;
  }
  if (j->omap) {
    /* The comparison of a reload by difference (its apply: job_reply). */
    if (j->text) {
      j->nlen = json_string_length(j->text);
      j->ntext = mssa__xmalloc(j->nlen + 1);
      memcpy(j->ntext, json_string_value(j->text), j->nlen + 1);
    } else {
      j->ntext = read_small(j->path, &j->nlen);
    }
    char why[256] = "the file is too large to compare";
    if (j->ntext)
      mssa__retext_plan_new(j->otext, j->olen, j->omap, j->ntext, j->nlen, j->max_changed,
                            j->pinned, &j->plan, why, sizeof why);
    free(j->otext);
    j->otext = NULL;
    mssa__textmap_free(j->omap);
    j->omap = NULL;
    if (j->plan) return;
    snprintf(j->why, sizeof j->why, "%s", why);
    if (j->ntext) {   /* no plan: a full build of the text read */
      j->rc = mssa_qmodule_build(j->path, j->ntext, j->nlen, &j->opts, &j->q, &j->diag);
      if (j->rc == MSSA_OK && j->q) mssa__module_textmap_build(j->q->m);
      j->ms = (double)(mssa__now_ns() - t0) / 1e6;
      return;
    }
  }
  const char *text = j->text ? json_string_value(j->text) : NULL;
  size_t len = j->text ? json_string_length(j->text) : 0;
  j->rc = mssa_qmodule_build(j->path, text, len, &j->opts, &j->q, &j->diag);
  /* A fresh module's text is exactly its input: map its shape for a later
  ** reload by difference (here, off the query thread). */
  if (j->rc == MSSA_OK && j->q) mssa__module_textmap_build(j->q->m);
  j->ms = (double)(mssa__now_ns() - t0) / 1e6;
}

const char *mssa_proto_job_module_name(const mssa_proto_job *j) { return j->name; }

void mssa_proto_job_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  if (j->plan) {
    mssa__retext_plan *pl = j->plan;
    j->plan = NULL;
    mssa_qmodule *q = p->host->find(p->host, j->name);
    if (q && q == j->rq && q->version == j->rversion) {
      mssa__call c;
      memset(&c, 0, sizeof c);
      c.p = p;
      c.id = j->id;
      c.notify = !j->id;
      char why[256] = "";
      int rc = mssa__reload_diff(&c, q, j->name, j->path, pl, &j->ntext, j->nlen, j->t0, why,
                                 sizeof why);
      if (rc != 1) {
        if (rc) p->errors++;
        json_t *r = NULL;
        if (j->id && rc) {
          r = mssa__error_new(j->id, rc, c.msg, c.data);
          c.data = NULL;
        } else if (j->id) {
          r = json_object();
          json_object_set_new(r, "jsonrpc", json_string("2.0"));
          json_object_set_new(r, "id", json_incref(j->id));
          json_object_set_new(r, "result", c.result);
          c.result = NULL;
        }
        json_decref(c.result);
        json_decref(c.data);
        if (r) mssa__emit(r, out);
        return;
      }
      snprintf(j->why, sizeof j->why, "%s", why);
    } else {
      mssa__retext_plan_free(pl);
      snprintf(j->why, sizeof j->why, "the module changed while the new text was compared");
    }
    /* Rare: the module changed meanwhile, or the reparse met one of its
    ** limits. A full build, back on the pool (the server runs the job again
    ** and calls this again). */
    j->again = true;
    return;
  }
  p->gen++;   /* the module set is about to change */
  if (j->rc != MSSA_OK || !j->q) {
    p->errors++;
    p->loads_failed++;
    if (!j->id) return;
    json_t *data;
    int code;
    if (j->rc == MSSA_EIO) {
      code = MSSA_RPC_IO_ERROR;
      data = json_pack("{soso}", "path", mssa__jstr(j->path), "message", mssa__jstr(j->diag.msg));
    } else {
      code = MSSA_RPC_IR_ERROR;
      data = json_pack("{sosIsIso}", "file", mssa__jstr(j->diag.file[0] ? j->diag.file : j->path),
                       "line", (json_int_t)j->diag.line, "col", (json_int_t)j->diag.col,
                       "message", mssa__jstr(j->diag.msg));
    }
    char msg[1024];
    mssa_diag_format(&j->diag, msg, sizeof msg);
    json_t *m = mssa__jstr(msg);
    mssa__emit(mssa__error_new(j->id, code, json_string_value(m), data), out);
    json_decref(m);
    return;
  }
  mssa_qmodule *q = j->q;
  /* The text as read (also for path loads: replay must not depend on the
  ** file), journaled before the reply so `always` acknowledges a durable
  ** load. A fresh module's text is exactly its input (edits append later). */
  mssa_proto_host *h = p->host;
  if (h->journal && h->journal(h, MSSA_PROTO_J_LOAD, j->name, q->m->text, q->m->text_len) < 0) {
    p->errors++;
    p->loads_failed++;
    mssa_qmodule_free(j->q);
    j->q = NULL;
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_IO_ERROR,
                                 "cannot write the load to the journal; not loaded", NULL),
                 out);
    return;
  }
  /* The store installs j->q next, freeing the bundle it replaces. */
  mssa_qmodule *prev = h->find(h, j->name);
  if (!j->id) return;
  bool replaced = prev != NULL;
  json_t *res = json_pack(
      "{sosisisisIsIsIsfsfsfsb}", "module", mssa__jstr(j->name), "functions", (int)q->ndefined,
      "declarations", (int)(q->nfuncs - q->ndefined - q->nfailed), "failed", (int)q->nfailed,
      "defs", (json_int_t)q->ndefs, "uses", (json_int_t)q->nuses, "phis", (json_int_t)q->nphis,
      "ms", j->ms, "read_ms", q->read_ms, "build_ms", q->build_ms, "replaced", replaced);
  json_object_set_new(res, "reused", json_integer(0));
  json_object_set_new(res, "rebuilt", json_integer(q->ndefined + q->nfailed));
  json_object_set_new(res, "reload", json_string("full"));
  if (replaced && j->why[0]) json_object_set_new(res, "why_full", mssa__jstr(j->why));
  json_t *r = json_object();
  json_object_set_new(r, "jsonrpc", json_string("2.0"));
  json_object_set_new(r, "id", json_incref(j->id));
  json_object_set_new(r, "result", res);
  mssa__emit(r, out);
}

mssa_qmodule *mssa_proto_job_steal_module(mssa_proto_job *j) {
  mssa_qmodule *q = j->q;
  j->q = NULL;
  return q;
}

void mssa_proto_job_free(mssa_proto_job *j) {
  if (!j) return;
  json_decref(j->id);
  json_decref(j->text);
  free(j->otext);
  mssa__textmap_free(j->omap);
  free(j->pinned);
  free(j->ntext);
  mssa__retext_plan_free(j->plan);
  mssa_qmodule_free(j->q);
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
    const mssa_ssa *s = q->ssa[fi];
    if (!s) continue;
    const mssa_func *f = &m->funcs.a[fi];
    json_array_append_new(
        arr, json_pack("{sosIsIsIsIsIsI}", "name", mssa__jstr(mssa_str(m, f->name)), "defs",
                       (json_int_t)s->ndefs, "uses", (json_int_t)s->nuses, "phis",
                       (json_int_t)s->nphis, "accesses", (json_int_t)mssa_q_naccesses(s),
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
  int rc;
  if ((rc = mssa__get_module(c, &q, NULL)) || (rc = optional_function(c, q, &only)) ||
      (rc = mssa__param_bool(c, "walker", &walker)))
    return rc;
  if (walker) c->p->gen++;   /* the walker printer caches answers */
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f) return mssa__fail(c, MSSA_RPC_INTERNAL_ERROR, "out of memory");
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    if (!q->ssa[fi] || (only != MSSA_NONE && fi != only)) continue;
    mssa_print_function(f, q->ssa[fi], walker);
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
    if (!q->ssa[fi] || (only != MSSA_NONE && fi != only)) continue;
    n++;
    char msg[512] = "";
    if (mssa_verify(q->ssa[fi], msg, sizeof msg) < 0)
      json_array_append_new(problems,
                            json_pack("{soso}", "function",
                                      mssa__jstr(mssa_str(q->m, q->m->funcs.a[fi].name)),
                                      "message", mssa__jstr(msg)));
  }
  c->result = json_pack("{sbsiso}", "ok", json_array_size(problems) == 0, "functions", n,
                        "problems", problems);
  return 0;
}
