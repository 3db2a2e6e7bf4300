/*
** lsp_proj.c -- the project of an open file (issue 29): a .c file that
** its compile_commands.json lists has memssad load that database's whole
** program (`load {"program", "project"}`: every unit compiled, linked,
** summarized) in the background, on a connection of its own, while the
** editor goes on being answered from the file alone; the daemon's
** `$/progress` (a unit compiled, then the link) is forwarded to the editor
** as window/workDoneProgress. Once the program is loaded, the file's
** answers come from it (the module mssa__lsp_answer_module names, which
** lsp_reach.c and lsp_refs.c ask); a save reloads that one unit.
**
** Invariants:
**   1. One project per database (its realpath, also the program's name):
**      a second file of it joins the first; at most one load of a project
**      runs at a time, and a save during it is reloaded after it (saves
**      of two files: the whole project is loaded again; a save of a
**      project whose load failed loads it whole again too).
**   2. Never blocking: the load's connection is read only when poll says
**      so (mssa__lsp_proj_poll, from the main loop), whole lines at a time,
**      at most PROJ_MAX_LINE bytes a line.
**   3. A file answers from the program only while the program is loaded
**      and lists the file as a unit (a unit that failed answers alone);
**      a header, a file with no database or whose database has no entry
**      for it (a neighbour's command inferred) is never a project's.
**   4. At most LSP_MAX_PROJECTS projects; beyond, files answer alone.
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "common/compile.h"
#include "lsp_int.h"

#define PROJ_MAX_LINE ((size_t)64 << 20)
#define PROJ_DB_NAME "compile_commands.json"

/* ------------------------------------------------------ finding it */

/* The realpath of the database listing `path` (malloc'ed), or NULL
** (invariant 3). */
static char *db_of(mssa__lsp *L, const char *path) {
  if (mssa__lsp_is_header(path)) return NULL;
  mssa_compile_cmd cmd;
  int rc = mssa_compile_find_command(path, L->commands_dir, &cmd);
  char real[PATH_MAX], *db = NULL;
  size_t n = cmd.db ? strlen(cmd.db) : 0, k = strlen(PROJ_DB_NAME);
  if (!rc && cmd.db && !cmd.inferred && n >= k && !strcmp(cmd.db + n - k, PROJ_DB_NAME) &&
      realpath(cmd.db, real))
    db = strdup(real);
  mssa_compile_cmd_free(&cmd);
  return db;
}

static lsp_proj *proj_find(mssa__lsp *L, const char *db) {
  for (size_t i = 0; i < L->nprojs; i++)
    if (!strcmp(L->projs[i]->db, db)) return L->projs[i];
  return NULL;
}

/* ------------------------------------------------------ the connection */

/* A connection of its own to memssad's socket (the bridge's is the
** main loop's, answered in order: a program load there would hold every
** hover up). -1 when there is none or it may not be trusted. */
static int connect_raw(mssa__lsp *L) {
  char def[sizeof ((struct sockaddr_un *)0)->sun_path];
  const char *path = L->socket;
  int flags = 0;
  if (!path) {
    flags = memssa_client_default_socket(def, sizeof def);
    if (flags < 0) return -1;
    path = def;
  }
  char why[256];
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof a.sun_path ||
      memssa_client_check_socket(path, flags & MEMSSA_SOCK_PRIVATE_DIR, why, sizeof why))
    return -1;
  memcpy(a.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
    close(fd);
    return -1;
  }
  return fd;
}

/* Writes the whole line (the request is small: a blocking write). */
static int write_all(int fd, const char *s, size_t n) {
  while (n) {
    ssize_t k = write(fd, s, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    s += k;
    n -= (size_t)k;
  }
  return 0;
}

static void proj_close(lsp_proj *p) {
  if (p->fd >= 0) close(p->fd);
  p->fd = -1;
  p->in_n = 0;
}

/* ------------------------------------------------------ progress */

static void progress_note(mssa__lsp *L, lsp_proj *p, const char *kind, int pct, const char *msg) {
  if (!p->token) return;
  json_t *v = json_pack("{ssss}", "kind", kind, "message", msg);   /* begin: start() */
  if (pct >= 0) json_object_set_new(v, "percentage", json_integer(pct));
  mssa__lsp_notify(L, "$/progress", json_pack("{sOso}", "token", p->token, "value", v));
}

/* One `$/progress` of memssad's: "read" (a unit compiled, done of
** total) or "link". */
static void on_progress(mssa__lsp *L, lsp_proj *p, json_t *params) {
  const char *stage = json_string_value(json_object_get(params, "stage"));
  json_int_t done = json_integer_value(json_object_get(params, "done"));
  json_int_t total = json_integer_value(json_object_get(params, "total"));
  const char *unit = json_string_value(json_object_get(params, "unit"));
  const char *base = unit && strrchr(unit, '/') ? strrchr(unit, '/') + 1 : unit;
  char msg[512];
  if (stage && !strcmp(stage, "link"))
    snprintf(msg, sizeof msg, "linking %lld units", (long long)total);
  else
    snprintf(msg, sizeof msg, "compiled %lld of %lld: %s", (long long)done, (long long)total,
             base ? base : "?");
  p->done = (unsigned)done;
  p->total = (unsigned)total;
  /* the link is the last step: the compiles take up to 90 percent */
  int pct = !total ? 0 : stage && !strcmp(stage, "link") ? 95 : (int)(done * 90 / total);
  progress_note(L, p, "report", pct, msg);
}

/* ------------------------------------------------------ the reply */

static void units_free(lsp_proj *p) {
  for (size_t i = 0; i < p->nunits; i++) {
    free(p->units[i]);
    free(p->unit_paths[i]);
  }
  free(p->units);
  free(p->unit_paths);
  free(p->linked);
  p->units = p->unit_paths = NULL;
  p->linked = NULL;
  p->nunits = p->nlinked = 0;
}

static void add_unit(lsp_proj *p, const char *u, bool linked) {
  char real[PATH_MAX];
  p->unit_paths[p->nunits] = strdup(u);
  p->units[p->nunits] = strdup(realpath(u, real) ? real : u);
  p->linked[p->nunits++] = linked;
  p->nlinked += linked;
}

/* The reply's units, linked and failed (a failed one is reloaded by its
** next save too): memssad's paths, and each one's realpath. */
static void take_units(lsp_proj *p, json_t *res) {
  units_free(p);
  json_t *ok = json_object_get(res, "units"), *bad = json_object_get(res, "failed");
  size_t n = json_array_size(ok) + json_array_size(bad);
  p->units = calloc(n ? n : 1, sizeof *p->units);
  p->unit_paths = calloc(n ? n : 1, sizeof *p->unit_paths);
  p->linked = calloc(n ? n : 1, sizeof *p->linked);
  if (!p->units || !p->unit_paths || !p->linked) abort();
  for (int pass = 0; pass < 2; pass++) {
    json_t *arr = pass ? bad : ok;
    for (size_t i = 0; i < json_array_size(arr); i++) {
      const char *u = json_string_value(json_object_get(json_array_get(arr, i), "path"));
      if (u) add_unit(p, u, !pass);
    }
  }
}

/* memssad's path of the unit that is file `path` (linked: only one in the
** program), or NULL. */
static const char *unit_path(const lsp_proj *p, const char *path, bool linked) {
  for (size_t i = 0; i < p->nunits; i++)
    if (!strcmp(p->units[i], path) && (p->linked[i] || !linked)) return p->unit_paths[i];
  return NULL;
}

static void start(mssa__lsp *L, lsp_proj *p, const char *reload);

static void on_reply(mssa__lsp *L, lsp_proj *p, json_t *msg) {
  json_t *res = json_object_get(msg, "result");
  char text[512];
  if (res) {
    take_units(p, res);
    p->ready = true;
    p->gen++;
    snprintf(text, sizeof text, "%s: %zu units, %lld functions, %zu failed",
             p->reloading ? "reloaded" : "loaded", p->nlinked,
             (long long)json_integer_value(json_object_get(res, "functions")),
             json_array_size(json_object_get(res, "failed")));
  } else {
    const char *m = json_string_value(json_object_get(json_object_get(msg, "error"), "message"));
    snprintf(text, sizeof text, "not loaded: %s", m ? m : "?");
    if (!p->reloading) p->failed = true;
    mssa__lsp_show(L, 2, "memssa: the project %s was %s", p->db, text);
  }
  mssa__lsp_log("lsp: project %s %s", p->db, text);
  progress_note(L, p, "end", -1, text);
  json_decref(p->token);
  p->token = NULL;
  proj_close(p);
  char *next = p->pending;   /* invariant 1: a save during the load */
  p->pending = NULL;
  const char *u = next && p->ready ? unit_path(p, next, false) : NULL;
  if (p->pending_all) start(L, p, NULL);
  else if (u) start(L, p, u);
  p->pending_all = false;
  free(next);
}

/* The complete lines read so far: notifications, then the reply. */
static void take_lines(mssa__lsp *L, lsp_proj *p) {
  char *nl;
  while (p->fd >= 0 && (nl = memchr(p->in, '\n', p->in_n))) {
    size_t len = (size_t)(nl - p->in);
    json_t *msg = json_loadb(p->in, len, 0, NULL);
    memmove(p->in, nl + 1, p->in_n - len - 1);
    p->in_n -= len + 1;
    const char *method = json_string_value(json_object_get(msg, "method"));
    if (method && !strcmp(method, "$/progress")) on_progress(L, p, json_object_get(msg, "params"));
    else if (!method && json_object_get(msg, "id")) on_reply(L, p, msg);
    json_decref(msg);
  }
}

/* A failed load's connection (memssad stopped, a line too long). */
static void lost(mssa__lsp *L, lsp_proj *p, const char *why) {
  json_t *e = json_pack("{s{ss}}", "error", "message", why);
  on_reply(L, p, e);
  json_decref(e);
}

/* Reads what the load's connection has (invariant 2). */
static void proj_read(mssa__lsp *L, lsp_proj *p) {
  if (p->in_cap - p->in_n < 65536) {
    p->in_cap = p->in_cap ? p->in_cap * 2 : 131072;
    p->in = realloc(p->in, p->in_cap);
    if (!p->in) abort();
  }
  ssize_t k = read(p->fd, p->in + p->in_n, p->in_cap - p->in_n);
  if (k < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (k <= 0) {
    lost(L, p, "memssad closed the connection");
    return;
  }
  p->in_n += (size_t)k;
  take_lines(L, p);
  if (p->fd >= 0 && p->in_n > PROJ_MAX_LINE) lost(L, p, "a reply line beyond 64 MiB");
}

/* ------------------------------------------------------ the load */

/* Starts the program load (reload: the unit saved, memssad's path; NULL:
** the whole project), with the editor's compile settings. */
static void start(mssa__lsp *L, lsp_proj *p, const char *reload) {
  assert(p->fd < 0);   /* invariant 1: one load at a time */
  p->fd = connect_raw(L);
  if (p->fd < 0) {
    mssa__lsp_log("lsp: project %s: memssad cannot be reached", p->db);
    if (!p->ready) p->failed = true;
    return;
  }
  json_t *params = json_pack("{ss}", "program", p->db);
  json_object_set_new(params, reload ? "reload" : "project", json_string(reload ? reload : p->db));
  mssa__lsp_compile_settings(L, L->clang, params);
  json_t *req = json_pack("{sssisssO}", "jsonrpc", "2.0", "id", 1, "method", "load", "params",
                          params);
  json_decref(params);
  char *line = json_dumps(req, JSON_COMPACT);
  json_decref(req);
  size_t n = strlen(line);
  line[n] = '\n';   /* json_dumps's NUL becomes the line's end */
  int rc = write_all(p->fd, line, n + 1);
  free(line);
  if (rc) {
    proj_close(p);
    if (!p->ready) p->failed = true;
    return;
  }
  fcntl(p->fd, F_SETFL, fcntl(p->fd, F_GETFL) | O_NONBLOCK);
  p->reloading = reload != NULL;
  const char *base = strrchr(reload ? reload : p->db, '/');
  char msg[512];
  snprintf(msg, sizeof msg, "%s %s", reload ? "reloading" : "loading the program of",
           base ? base + 1 : p->db);
  p->token = mssa__lsp_progress_begin(L, "memssa project", msg);
}

void mssa__lsp_proj_open(mssa__lsp *L, lsp_doc *d) {
  if (d->proj) return;
  char *db = db_of(L, d->path);
  if (!db) return;
  lsp_proj *p = proj_find(L, db);
  if (!p && L->nprojs < LSP_MAX_PROJECTS) {   /* invariant 4 */
    p = calloc(1, sizeof *p);
    if (!p) abort();
    p->db = db;
    p->fd = -1;
    db = NULL;
    L->projs = realloc(L->projs, (L->nprojs + 1) * sizeof *L->projs);
    if (!L->projs) abort();
    L->projs[L->nprojs++] = p;
    start(L, p, NULL);
  }
  free(db);
  d->proj = p;   /* invariant 1: a second file of it joins */
}

void mssa__lsp_proj_saved(mssa__lsp *L, lsp_doc *d) {
  lsp_proj *p = d->proj;
  if (!p) return;
  if (p->fd >= 0) {   /* invariant 1: after the load that runs (the file's
                         realpath: its unit is known once that load is) */
    p->pending_all |= p->pending && strcmp(p->pending, d->path);   /* two files: all */
    free(p->pending);
    p->pending = strdup(d->path);
    return;
  }
  if (p->failed) {   /* its first load failed: the save tries the whole again */
    p->failed = false;
    start(L, p, NULL);
    return;
  }
  const char *u = p->ready ? unit_path(p, d->path, false) : NULL;
  if (u) start(L, p, u);   /* else not (or no longer) a unit of it */
}

const char *mssa__lsp_proj_module(const lsp_doc *d) {
  const lsp_proj *p = d->proj;
  return p && p->ready && unit_path(p, d->path, true) ? p->db : NULL;
}

const char *mssa__lsp_answer_module(const lsp_doc *d) {
  const char *prog = d->unit ? NULL : mssa__lsp_proj_module(d);
  return prog ? prog : mssa__lsp_doc_module(d);
}

bool mssa__lsp_proj_loading(const lsp_doc *d) {
  return d->proj && !d->proj->ready && !d->proj->failed;
}

void mssa__lsp_proj_lost(mssa__lsp *L, lsp_doc *d) {
  lsp_proj *p = d->proj;
  if (!p || p->fd >= 0) return;
  p->ready = false;   /* memssad restarted: load it again, answer alone meanwhile */
  units_free(p);
  start(L, p, NULL);
}

bool mssa__lsp_proj_busy(const mssa__lsp *L) {
  for (size_t i = 0; i < L->nprojs; i++)
    if (L->projs[i]->fd >= 0) return true;
  return false;
}

void mssa__lsp_proj_poll(mssa__lsp *L, int timeout_ms) {
  struct pollfd fds[LSP_MAX_PROJECTS + 1];
  lsp_proj *who[LSP_MAX_PROJECTS + 1];
  nfds_t n = 0;
  for (size_t i = 0; i < L->nprojs; i++)
    if (L->projs[i]->fd >= 0) {
      who[n] = L->projs[i];
      fds[n++] = (struct pollfd){L->projs[i]->fd, POLLIN, 0};
    }
  if (!n) return;
  if (timeout_ms) {   /* waiting: the editor's next message ends the wait too */
    who[n] = NULL;
    fds[n++] = (struct pollfd){L->in_fd, POLLIN, 0};
  }
  if (poll(fds, n, timeout_ms) <= 0) return;
  for (nfds_t i = 0; i < n; i++)
    if (who[i] && (fds[i].revents & (POLLIN | POLLHUP | POLLERR))) proj_read(L, who[i]);
}

void mssa__lsp_projs_free(mssa__lsp *L) {
  for (size_t i = 0; i < L->nprojs; i++) {
    lsp_proj *p = L->projs[i];
    json_t *r;
    /* the programs go with the editor, as its modules do (lsp_docs.c) */
    if (p->ready && L->dc) {
      mssa__lsp_call(L, "unload", json_pack("{ss}", "module", p->db), &r);
      json_decref(r);
    }
    proj_close(p);
    units_free(p);
    json_decref(p->token);
    free(p->pending);
    free(p->in);
    free(p->db);
    free(p);
  }
  free(L->projs);
  L->projs = NULL;
  L->nprojs = 0;
}
