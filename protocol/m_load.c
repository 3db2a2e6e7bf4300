/*
** m_load.c -- methods that read or report whole modules: load (as a job
** for the thread pool: made here, run, answered and freed by job.c),
** functions, print, verify.
**
** Invariants:
**   1. A load job owns copies of everything it reads (name, path, root) or
**      a reference to the text's JSON string, which nothing else touches
**      while the job runs; its run (job.c) calls only the analysis library
**      and m_read.c, so it is safe on a worker thread. Everything else
**      here runs on the query thread.
**   2. Every file a load reads is read by the job's run, on the pool: a path
**      load is always a job, even when the module is reloaded by
**      difference (then the pool reads, and the reply compares on the query
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
#include "job.h"
#include "load_source.h"
#include "program.h"
#include "methods.h"
#include "memssa.h"

/* Texts with debug info are compared at ~1.5 ms per MB (every `!N` is looked
** at): above this size the comparison goes to the pool so that the query
** thread keeps answering (pings within 10 ms during a load).
** Texts without references compare at memcmp speed and stay here. */
#define SYNC_REFS_MAX ((size_t)1 << 20)

/* params.load_lines: the file whose load lines the reply lists (the
** source, else the module's name), or NULL when not asked. */
static const char *lines_file(mssa__call *c, const char *name, const mssa__srcjob *src) {
  if (!json_is_true(json_object_get(c->params, "load_lines"))) return NULL;
  return src ? mssa__source_path(src) : name;
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
  if (rc == 0) mssa__add_load_lines(c->result, cur, lines_file(c, name, NULL));
  return rc;
}

/* Copies what the pool compares a reload against (the loaded bundle `cur`
** may change on the query thread meanwhile). */
static void copy_for_pool_compare(mssa_proto_job *j, mssa_qmodule *cur,
                                  const struct mssa_textmap *tm) {
  j->olen = cur->m->text_len;
  j->otext = mssa_xmalloc(j->olen + 1);
  memcpy(j->otext, cur->m->text, j->olen + 1);
  j->omap = mssa_textmap_dup(tm);
  j->max_changed = mssa__reload_max_changed(cur->m);
  j->pinned = mssa_module_pinned_funcs(cur->m);
}

/* Does a load asking for LLVM version `llvm` (0: detect) read module m as
** m is read now? A reload by difference keeps m's version. */
static bool same_llvm(const mssa_module *m, unsigned llvm) {
  if (!llvm) return !m->llvm_requested;
  return m->llvm_requested && mssa_module_llvm_version(m) == llvm;
}

int mssa__m_load(mssa__call *c) {
  if (json_object_get(c->params, "program")) return mssa__program_load(c);
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
  if (mssa__prog_find(c->p, name ? name : dname)) {   /* the program would shadow it */
    rc = mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "a program named '%.200s' is loaded: unload it "
                    "first, or load the module under another name", name ? name : dname);
    free(dname);
    mssa__source_free(src);
    return rc;
  }
  mssa_proto_host *h = c->p->host;
  mssa_qmodule *cur = h->find(h, name ? name : dname);
  const struct mssa_textmap *tm = cur ? mssa_module_textmap(cur->m) : NULL;
  if (tm && !same_llvm(cur->m, llvm)) {
    tm = NULL;
    snprintf(why, sizeof why, "params.llvm differs from the loaded module's");
  }
  bool async = tm && mssa_textmap_has_refs(tm) && cur->m->text_len > SYNC_REFS_MAX;
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
  /* Invariants 1, 2: the job owns what it reads, and reads every file itself. */
  MSSA_ASSERT(j->name && j->path && (j->from_file || j->text || j->src) && (!j->rq || j->rq == cur));
  c->job = j;
  c->p->loads++;
  return 0;
}

int mssa__m_functions(mssa__call *c) {
  mssa_qmodule *q;
  int rc = mssa__get_module(c, &q, NULL);
  if (rc) return rc;
  const mssa_module *m = q->m;
  json_t *arr = json_array();
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa_memcap_count s;   /* an evicted graph's too: no rebuild for a listing */
    if (!mssa_memcap_counts(q, fi, &s)) continue;
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

/* The printout's memory stream, which the C library allocates (so no
** scope's registry has it): closed and freed by a guard if the request
** runs out of memory while printing (base/oom.h). */
typedef struct print_stream {
  FILE *f;
  char *text;
} print_stream;

static void print_stream_drop(void *arg) {
  print_stream *ps = arg;
  if (ps->f) fclose(ps->f);
  free(ps->text);
  ps->f = NULL;
  ps->text = NULL;
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
  print_stream ps = {NULL, NULL};
  size_t len = 0;
  ps.f = open_memstream(&ps.text, &len);
  if (!ps.f) mssa_oom_fail(sizeof(FILE));
  mssa_oom_guard guard;
  mssa_oom_guard_push(&guard, print_stream_drop, &ps);
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    if (only != MSSA_NONE && fi != only) continue;
    mssa_ssa *s = mssa__graph(c->p, q, fi, false);
    if (s && dot) mssa_q_dot(ps.f, s);
    else if (s) mssa_print_function(ps.f, s, walker);
  }
  /* A stream that could not grow lost bytes: that is out of memory too. */
  bool lost = ferror(ps.f) != 0;
  lost |= fclose(ps.f) != 0;
  ps.f = NULL;
  if (lost) mssa_oom_fail(len);
  size_t cap = c->p->opts.max_print_bytes;
  if (cap && len > cap) {
    mssa_oom_guard_pop(&guard);
    free(ps.text);
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "the printout has %zu bytes, beyond the limit of %zu: ask for one function",
                      len, cap);
  }
  json_t *t = json_stringn(ps.text, len);
  if (!t) t = mssa__jstr(ps.text);
  mssa_oom_guard_pop(&guard);
  free(ps.text);
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
