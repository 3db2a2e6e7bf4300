/*
** mcp_reach.c -- source positions for the MCP tools: a C file named by
** the agent is compiled through memssad (`load {"source"}`, the compile
** driver `memssa lsp` uses, under the file's absolute path as the module
** name, so agent and editor share the module), then asked at the
** position; and the reaching_writes tool, memssad's clobber answer's
** "reaching" list (analysis/query/reach.c) in source terms, and the
** reading_loads tool, the other direction (a `uses` answer's "readers").
**
** Invariants:
**   1. A file is compiled again when its size, mtime or inode changed
**      since this server had it compiled, or when memssad no longer knows
**      its module (a restarted daemon): an answer is never about an older
**      text of the file than the one on disk (headers aside: docs/mcp.md).
**   2. At most MCP_MAX_SOURCES files are remembered; past that the least
**      recently used is forgotten (it is compiled again on its next use).
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "memssa.h"
#include "mcp_internal.h"

char *mssa__mcp_abs_path(const char *file) {
  char real[PATH_MAX];
  if (realpath(file, real)) return strdup(real);
  if (file[0] == '/') return strdup(file);
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return strdup(file);
  size_t n = strlen(cwd) + strlen(file) + 2;
  char *p = malloc(n);
  if (!p) abort();
  snprintf(p, n, "%s/%s", cwd, file);
  return p;
}

static mcp_source *find(mssa__mcp *M, const char *abs) {
  for (size_t i = 0; i < M->nsources; i++)
    if (!strcmp(M->sources[i].path, abs)) return &M->sources[i];
  return NULL;
}

void mssa__mcp_forget_source(mssa__mcp *M, const char *abs) {
  mcp_source *s = find(M, abs);
  if (!s) return;
  free(s->path);
  *s = M->sources[--M->nsources];
}

/* The entry for abs, new if need be (invariant 2). */
static mcp_source *remember(mssa__mcp *M, const char *abs) {
  mcp_source *s = find(M, abs);
  if (s) return s;
  if (M->nsources == MCP_MAX_SOURCES) {
    size_t old = 0;
    for (size_t i = 1; i < M->nsources; i++)
      if (M->sources[i].used < M->sources[old].used) old = i;
    mssa__mcp_forget_source(M, M->sources[old].path);
  }
  MSSA_ASSERT(M->nsources < MCP_MAX_SOURCES);
  s = &M->sources[M->nsources++];
  memset(s, 0, sizeof *s);
  s->path = strdup(abs);
  return s;
}

int mssa__mcp_ensure_source(mssa__mcp *M, const char *abs, bool force, json_t **reply,
                            mcp_out *o) {
  struct stat st;
  if (reply) *reply = NULL;
  if (stat(abs, &st)) {
    mssa__mcp_out_fail(o, "cannot read %s: %s", abs, strerror(errno));
    return -1;
  }
  long long mt = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
  mcp_source *s = find(M, abs);
  if (s && !force && s->mtime_ns == mt && s->size == (long long)st.st_size &&
      s->ino == (long long)st.st_ino) {
    s->used = ++M->tick;
    return 0;
  }
  json_t *res;
  int rc = mssa__mcp_call(M, "load", json_pack("{ssss}", "source", abs, "module", abs), &res);
  if (rc) {
    mssa__mcp_forget_source(M, abs);
    mssa__mcp_out_daemon(o, "load", rc > 0 ? res : NULL);
    json_decref(res);
    return -1;
  }
  s = remember(M, abs);
  s->mtime_ns = mt;
  s->size = (long long)st.st_size;
  s->ino = (long long)st.st_ino;
  s->used = ++M->tick;
  if (reply) *reply = res;
  else json_decref(res);
  return 0;
}

int mssa__mcp_at_position(mssa__mcp *M, const char *method, json_t *args, json_t *extra,
                          json_t **res, mcp_out *o) {
  const char *file = json_string_value(json_object_get(args, "file"));
  const char *module = json_string_value(json_object_get(args, "module"));
  json_t *line = json_object_get(args, "line"), *col = json_object_get(args, "col");
  *res = NULL;
  if (!file || !json_is_integer(line)) {
    json_decref(extra);
    mssa__mcp_out_fail(o, "a position needs file (a string) and line (an integer)");
    return -1;
  }
  char *abs = mssa__mcp_abs_path(file);
  int rc = -1;
  for (int attempt = 0; attempt < 2; attempt++) {
    /* Without a module: the file's own, compiled if need be (invariant 1). */
    if (!module && mssa__mcp_ensure_source(M, abs, attempt > 0, NULL, o)) break;
    json_t *p = json_pack("{sssssO}", "module", module ? module : abs, "file",
                          module ? file : abs, "line", line);
    if (col) json_object_set(p, "col", col);
    if (extra) json_object_update(p, extra);
    json_t *r;
    rc = mssa__mcp_call(M, method, p, &r);
    if (rc == 0) {
      *res = r;
      break;
    }
    bool gone = rc > 0 && json_integer_value(json_object_get(r, "code")) == MCP_DAEMON_UNKNOWN_MODULE;
    if (module || !gone || attempt) {
      mssa__mcp_out_daemon(o, method, rc > 0 ? r : NULL);
      json_decref(r);
      break;
    }
    json_decref(r);   /* memssad lost the module: compile it again, once */
  }
  json_decref(extra);
  free(abs);
  return rc ? -1 : 0;
}

/* One access (memssad's ACCESS object) in source terms. */
static json_t *site_new(const json_t *fn, const json_t *a) {
  const char *kind = json_string_value(json_object_get(a, "kind"));
  const char *text = json_string_value(json_object_get(a, "text"));
  const json_t *src = json_object_get(a, "source");
  /* A call's def or use is the callee's access: say "call", not write. */
  bool call = text && (!strncmp(text, "call ", 5) || strstr(text, "= call ") ||
                       strstr(text, "invoke "));
  const char *word = !kind ? "unknown" : call ? "call" : !strcmp(kind, "use") ? "read"
                  : !strcmp(kind, "def") ? "write" : kind;
  json_t *s = json_pack("{sO*sssO*ss*}", "function", fn, "kind", word, "inst",
                        json_object_get(a, "inst"), "text", text);
  const char *keys[] = {"file", "line", "col"};
  for (int k = 0; k < 3; k++)
    if (json_object_get(src, keys[k])) json_object_set(s, keys[k], json_object_get(src, keys[k]));
  if (json_object_get(a, "var")) json_object_set(s, "var", json_object_get(a, "var"));
  if (json_object_get(a, "param")) json_object_set(s, "param", json_object_get(a, "param"));
  if (json_object_get(a, "path")) json_object_set(s, "path", json_object_get(a, "path"));
  return s;
}

/* The reply's matches as {…site, writes, from_entry, truncated}. */
static json_t *accesses_new(const json_t *reply) {
  json_t *out = json_array();
  const json_t *matches = json_object_get(reply, "matches");
  for (size_t i = 0; i < json_array_size(matches); i++) {
    const json_t *m = json_array_get(matches, i);
    const json_t *fn = json_object_get(m, "function");
    json_t *e = site_new(fn, json_object_get(m, "access"));
    json_t *writes = json_array();
    bool entry = false;
    const json_t *reach = json_object_get(m, "reaching");
    for (size_t k = 0; k < json_array_size(reach); k++) {
      const json_t *w = json_array_get(reach, k);
      const char *kind = json_string_value(json_object_get(w, "kind"));
      if (kind && !strcmp(kind, "liveOnEntry")) entry = true;
      else json_array_append_new(writes, site_new(fn, w));
    }
    json_object_set_new(e, "writes", writes);
    json_object_set_new(e, "from_entry", json_boolean(entry));
    json_object_set(e, "truncated", json_object_get(m, "truncated") ? json_object_get(m, "truncated")
                                                                     : json_false());
    json_array_append_new(out, e);
  }
  return out;
}

void mssa__mcp_tool_reaching(mssa__mcp *M, json_t *args, mcp_out *o) {
  json_t *r;
  if (mssa__mcp_at_position(M, "clobber", args, NULL, &r, o)) return;
  const json_t *pos = json_object_get(r, "position");
  const json_t *mod = json_object_get(json_array_get(json_object_get(r, "matches"), 0), "module");
  const json_t *line = json_object_get(pos, "line");
  if (!mod) mod = json_object_get(args, "module");
  o->data = json_pack("{sssOsOsO*so}", "module", mod ? json_string_value(mod) : "", "file",
                      json_object_get(args, "file"), "line",
                      line ? line : json_object_get(args, "line"), "col",
                      json_object_get(pos, "col"), "accesses", accesses_new(r));
  if (json_is_true(json_object_get(pos, "nearest"))) json_object_set_new(o->data, "nearest", json_true());
  json_decref(r);
  o->text = mssa__mcp_render_reaching(o->data);
}

void mssa__mcp_tool_readers(mssa__mcp *M, json_t *args, mcp_out *o) {
  json_t *r;
  if (mssa__mcp_at_position(M, "uses", args, NULL, &r, o)) return;
  const json_t *fn = json_object_get(r, "function"), *rd = json_object_get(r, "readers");
  json_t *loads = json_array();
  for (size_t i = 0; i < json_array_size(rd); i++)
    json_array_append_new(loads, site_new(fn, json_array_get(rd, i)));
  json_t *tr = json_object_get(r, "readers_truncated");
  o->data = json_pack("{sOsosOsb}", "module", json_object_get(r, "module"), "store",
                      site_new(fn, json_object_get(r, "def")), "loads", loads, "truncated",
                      json_is_true(tr));
  if (!json_object_get(r, "readers")) {   /* a phi or lifetime marker: no bytes written */
    json_decref(o->data);
    o->data = NULL;
    mssa__mcp_out_fail(o, "reading_loads: no store at %s line %lld",
                       json_string_value(json_object_get(args, "file")),
                       (long long)json_integer_value(json_object_get(args, "line")));
  } else {
    o->text = mssa__mcp_render_readers(o->data);
  }
  json_decref(r);
}
