/*
** load_source.c -- `load {"source":...}`: compile a C file, load its IR
** (see load_source.h).
**
** Invariants:
**   1. See load_source.h.
**   2. The job owns copies of every string it needs: the request is gone
**      when the pool runs it.
*/
#define _XOPEN_SOURCE 700   /* realpath */
#include "load_source.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/compile.h"

#define COMPILE_TIMEOUT_MAX_MS 600000

#define MAX_TRUSTED 64   /* globs a request may add */
#define MAX_IR_BYTES_MAX ((uint64_t)1 << 30)   /* params.max_ir_bytes: 1 GiB at most */

struct mssa__srcjob {
  char *source, *clang, *opt_level, *commands_dir;
  /* the daemon's --trusted-compiler globs, then the request's (a Unix
  ** socket client's: the socket is its user's), NULL-terminated */
  char **trusted;
  mssa_proto_host *host;   /* for host->normal_priority (the host outlives jobs) */
  int timeout_ms;
  size_t max_output;       /* 0: the compile driver's default */
  bool failed;
  int rc;                  /* MSSA_COMPILE_* */
  int refused;             /* MSSA_REASON_* when not compiled at all, else -1 */
  mssa_compile_result r;
};

static char *dup_opt(const char *s) { return s ? mssa_xstrndup(s, strlen(s)) : NULL; }

/* params.trusted_compilers: absolute globs, from a client of the Unix
** socket only. A TCP client is not the daemon's user: it may not widen
** what the daemon runs. 0, or the failure's return. */
static int trusted_param(mssa__call *c, json_t **out) {
  json_t *v = json_object_get(c->params, "trusted_compilers");
  *out = NULL;
  if (!v || json_is_null(v)) return 0;
  mssa_proto_host *h = c->p->host;
  if (h->file_root && h->file_root(h))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_UNIX_SOCKET_ONLY,
                             "params.trusted_compilers is taken over the Unix socket only");
  bool good = json_is_array(v) && json_array_size(v) <= MAX_TRUSTED;
  size_t i;
  json_t *g;
  json_array_foreach(v, i, g) good = good && json_is_string(g) && json_string_value(g)[0] == '/';
  if (!good)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_WRONG_TYPE,
                             "params.trusted_compilers must be an array of at most %d absolute "
                             "globs", MAX_TRUSTED);
  *out = v;
  return 0;
}

static char **trusted_new(mssa_proto_host *h, json_t *req) {
  const char *const *own = h && h->trusted_compilers ? h->trusted_compilers(h) : NULL;
  size_t n = 0, k = 0;
  while (own && own[n]) n++;
  char **v = mssa_xcalloc(n + json_array_size(req) + 1, sizeof *v);
  for (size_t i = 0; i < n; i++) v[k++] = dup_opt(own[i]);
  for (size_t i = 0; i < json_array_size(req); i++)
    v[k++] = dup_opt(json_string_value(json_array_get(req, i)));
  return v;
}

/* A request's compile settings; strings are the request's. */
typedef struct settings {
  const char *clang, *level, *dir;
  uint64_t timeout, max_ir;
  json_t *trusted;
} settings;

/* Decodes and checks the settings (with params.compile_commands_dir when
** `src`: a source load), in the order a source load always has: 0, or
** the failure's return. */
static int settings_params(mssa__call *c, const char *src, settings *st) {
  int rc;
  memset(st, 0, sizeof *st);
  if ((rc = mssa__param_str(c, "clang", false, &st->clang)) ||
      (rc = mssa__param_str(c, "opt_level", false, &st->level)) ||
      (src && (rc = mssa__param_str(c, "compile_commands_dir", false, &st->dir))) ||
      (rc = mssa__param_uint(c, "compile_timeout_ms", false, &st->timeout)) ||
      (rc = mssa__param_uint(c, "max_ir_bytes", false, &st->max_ir)))
    return rc;
  if ((rc = trusted_param(c, &st->trusted))) return rc;
  if (src && src[0] != '/')
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.source must be an absolute path");
  if (st->timeout > COMPILE_TIMEOUT_MAX_MS)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.compile_timeout_ms is at most %d",
                      COMPILE_TIMEOUT_MAX_MS);
  if (st->max_ir > MAX_IR_BYTES_MAX)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.max_ir_bytes is at most %llu",
                      (unsigned long long)MAX_IR_BYTES_MAX);
  return 0;
}

static mssa__srcjob *srcjob_new(mssa_proto_host *h, const char *src, const settings *st) {
  mssa__srcjob *s = mssa_xcalloc(1, sizeof *s);
  s->max_output = (size_t)st->max_ir;
  s->source = dup_opt(src);
  s->clang = dup_opt(st->clang);
  s->opt_level = dup_opt(st->level);
  s->commands_dir = dup_opt(st->dir);
  s->timeout_ms = (int)st->timeout;
  s->trusted = trusted_new(h, st->trusted);
  s->refused = -1;
  s->host = h;
  return s;
}

int mssa__source_params(mssa__call *c, mssa__srcjob **out) {
  const char *src = NULL;
  settings st;
  int rc;
  *out = NULL;
  if ((rc = mssa__param_str(c, "source", false, &src)) || !src) return rc;
  if ((rc = settings_params(c, src, &st))) return rc;
  *out = srcjob_new(c->p->host, src, &st);
  return 0;
}

int mssa__source_settings(mssa__call *c, mssa__srcjob **out) {
  settings st;
  *out = NULL;
  int rc = settings_params(c, NULL, &st);
  if (!rc) *out = srcjob_new(c->p->host, NULL, &st);
  return rc;
}

mssa__srcjob *mssa__source_unit(mssa_proto_host *h, const char *source, const char *commands_dir,
                                const mssa__srcjob *like) {
  settings st;
  memset(&st, 0, sizeof st);
  st.dir = commands_dir;
  if (like) {
    st.clang = like->clang;
    st.level = like->opt_level;
    st.timeout = (uint64_t)like->timeout_ms;
    st.max_ir = like->max_output;
  }
  mssa__srcjob *s = srcjob_new(h, source, &st);
  if (like) {   /* its globs are the daemon's and its request's already */
    for (char **t = s->trusted; *t; t++) free(*t);
    free(s->trusted);
    size_t n = 0;
    while (like->trusted[n]) n++;
    s->trusted = mssa_xcalloc(n + 1, sizeof *s->trusted);
    for (size_t i = 0; i < n; i++) s->trusted[i] = dup_opt(like->trusted[i]);
  }
  return s;
}

void mssa__source_failure(const mssa__srcjob *s, char *msg, size_t cap) {
  const mssa_compile_diag *first = NULL;
  for (size_t i = 0; i < s->r.ndiags && !first; i++)
    if (s->r.diags[i].severity == MSSA_DIAG_ERROR) first = &s->r.diags[i];
  if (s->refused >= 0)
    snprintf(msg, cap, "%s", s->refused == MSSA_REASON_OUTSIDE_ROOT ? "not under --root" : "no such file");
  else if (first)
    snprintf(msg, cap, "%s:%u:%u: %s", first->file ? first->file : s->source, (unsigned)first->line,
             (unsigned)first->col, first->message ? first->message : "");
  else
    snprintf(msg, cap, "%s", mssa_compile_strerror(s->rc));
}

const char *mssa__source_path(const mssa__srcjob *s) { return s->source; }

/* Is `path` (resolved) under directory `root`? */
static bool under_root(const char *path, const char *root) {
  char real[PATH_MAX];
  if (!realpath(path, real)) return false;
  size_t n = strlen(root);
  while (n > 1 && root[n - 1] == '/') n--;
  return !strncmp(real, root, n) && (real[n] == '/' || n == 1);
}

/* opts.spawn_on: clang spawned where the host says (normal priority). */
static void spawn_on_host(void (*fn)(void *), void *arg, void *ctx) {
  mssa_proto_host *h = ctx;
  h->normal_priority(h, fn, arg);
}

int mssa__source_compile(mssa__srcjob *s, const char *root, char **text, size_t *len) {
  if (root && !under_root(s->source, root)) {
    s->failed = true;
    s->refused = MSSA_REASON_OUTSIDE_ROOT;
    return -1;
  }
  mssa_compile_opts o = {.clang = s->clang, .commands_dir = s->commands_dir,
                         .opt_level = s->opt_level, .timeout_ms = s->timeout_ms,
                         .max_output = s->max_output,
                         .trusted = (const char *const *)s->trusted};
  if (s->host && s->host->normal_priority) {
    o.spawn_on = spawn_on_host;
    o.spawn_ctx = s->host;
  }
  if (s->host && s->host->compile_cache) o.cache = s->host->compile_cache(s->host);
  s->rc = mssa_compile_c(s->source, &o, &s->r);
  if (s->rc == MSSA_COMPILE_ENOSOURCE) s->refused = MSSA_REASON_NOT_FOUND;
  if (s->rc) {
    s->failed = true;
    return -1;
  }
  *text = s->r.ir;   /* the job takes clang's output */
  *len = s->r.ir_len;
  s->r.ir = NULL;
  s->r.ir_len = 0;
  return 0;
}

bool mssa__source_failed(const mssa__srcjob *s) { return s && s->failed; }

/* The diagnostics as JSON: all of them, or (own_only) memssa's own. */
static json_t *diags_json_new(const mssa_compile_result *r, bool own_only) {
  json_t *arr = json_array();
  static const char *const sev[] = {"", "error", "warning", "note"};
  for (size_t i = 0; i < r->ndiags; i++) {
    const mssa_compile_diag *d = &r->diags[i];
    if (own_only && !d->memssa) continue;
    json_t *o = json_pack("{sisiss}", "line", (int)d->line, "col", (int)d->col, "severity",
                          d->severity >= 1 && d->severity <= 3 ? sev[d->severity] : "error");
    json_object_set_new(o, "file", d->file ? mssa__jstr(d->file) : json_null());
    json_object_set_new(o, "message", mssa__jstr(d->message ? d->message : ""));
    json_object_set_new(o, "source", json_string(d->memssa ? "memssa" : "clang"));
    json_array_append_new(arr, o);
  }
  return arr;
}

void mssa__source_reply_failed(mssa__srcjob *s, json_t *id, mssa_buf *out) {
  if (!id) return;
  char msg[1024];
  json_t *data;
  int code;
  if (s->refused >= 0) {
    code = MSSA_RPC_IO_ERROR;
    snprintf(msg, sizeof msg, "%s: %s", s->source,
             s->refused == MSSA_REASON_OUTSIDE_ROOT ? "not under --root" : "no such file");
    data = json_pack("{soss}", "path", mssa__jstr(s->source), "reason", mssa_rpc_reason(s->refused));
  } else {
    code = MSSA_RPC_IR_ERROR;
    char why[256];   /* what failed; a cap names the option that raises it */
    snprintf(why, sizeof why, "%s", mssa_compile_strerror(s->rc));
    if (s->rc == MSSA_COMPILE_ETOOBIG)
      snprintf(why, sizeof why,
               "the compiler's output is too large (over %zu MiB of IR; raise the cap: "
               "--max-ir-mb of memssa lsp and memssa load, maxIrMb in the editor's "
               "initializationOptions, max_ir_bytes of load)",
               (s->max_output ? s->max_output : MSSA_COMPILE_DEFAULT_MAX_OUTPUT) >> 20);
    const mssa_compile_diag *first = NULL;
    for (size_t i = 0; i < s->r.ndiags && !first; i++)
      if (s->r.diags[i].severity == MSSA_DIAG_ERROR) first = &s->r.diags[i];
    snprintf(msg, sizeof msg, "compiling %s: %s%s%s", s->source, why,
             first ? ": " : "", first && first->message ? first->message : "");
    data = json_pack("{sssososo}", "reason", mssa_rpc_reason(MSSA_REASON_COMPILE_FAILED),
                     "message", mssa__jstr(first && first->message ? first->message : why),
                     "compile_error", mssa__jstr(why), "diagnostics",
                     diags_json_new(&s->r, false));
    if (s->rc == MSSA_COMPILE_EUNTRUSTED)
      json_object_set_new(data, "reason",
                          json_string(mssa_rpc_reason(MSSA_REASON_UNTRUSTED_COMPILER)));
    json_object_set_new(data, "file", mssa__jstr(first && first->file ? first->file : s->source));
    json_object_set_new(data, "line", json_integer(first ? first->line : 0));
    json_object_set_new(data, "col", json_integer(first ? first->col : 0));
    json_object_set_new(data, "clang", s->r.clang ? mssa__jstr(s->r.clang) : json_null());
  }
  json_t *m = mssa__jstr(msg);
  mssa__emit(mssa__error_new(id, code, json_string_value(m), data), out);
  json_decref(m);
}

void mssa__source_add_notes(const mssa__srcjob *s, json_t *result) {
  if (!s || !result) return;
  json_object_set_new(result, "compile_cached", json_boolean(s->r.cached));
  json_t *own = diags_json_new(&s->r, true);
  if (json_array_size(own)) json_object_set_new(result, "compile_diagnostics", own);
  else json_decref(own);
}

void mssa__source_free(mssa__srcjob *s) {
  if (!s) return;
  free(s->source);
  free(s->clang);
  free(s->opt_level);
  free(s->commands_dir);
  for (char **t = s->trusted; t && *t; t++) free(*t);
  free(s->trusted);
  mssa_compile_result_free(&s->r);
  free(s);
}

static bool has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), k = strlen(suf);
  return n >= k && !strcmp(s + n - k, suf);
}

const char *mssa__source_hint(const char *path) {
  if (has_suffix(path, ".c") || has_suffix(path, ".h"))
    return "a C file, not LLVM IR: load it with {\"source\": PATH} (memssa load FILE.c), "
           "which compiles it";
  if (has_suffix(path, ".bc"))
    return "LLVM bitcode: memssa reads the text form (llvm-dis FILE.bc, or clang -S -emit-llvm)";
  return NULL;
}
