/*
** program.c -- whole programs in the daemon: the `load {"program"}` job
** (read or compile every unit, link, summarize, build refined), its reply
** and install, and what the other methods ask of a program (see
** program.h).
**
** Invariants:
**   1. Those of program.h: the engine owns its programs; a program is
**      replaced or freed whole, its mssa_program first; a job touches only
**      what it owns; units under the memory cap; changes journaled.
**   2. A unit that fails to read, compile or parse is reported in the
**      reply's `failed` and left out of the link; the program loads if at
**      least one unit does.
**   3. Units are linked in the order the request lists them (a project's:
**      sorted by file path), never in an order addresses or completion
**      times decide: answers do not depend on it.
**   4. At most MAX_UNITS units; a project's compile_commands.json is read
**      on the pool, under --max-module-bytes and --root, like a module.
**   5. Bounded parallelism: the units are read (compiled) by the job's pool
**      thread and at most READERS - 1 threads of its own, each taking the
**      next unit by an atomic counter and writing only that unit; the link
**      starts once all are joined, so completion order decides nothing.
**   6. The journal record of a program (J_PROGRAM) holds every linked
**      unit's text as it was read, whole, in link order, and the failed
**      units with their errors; its replay reads no file and retries no
**      failed unit, so it links the same texts in the same order and
**      answers as the acknowledged load did.
**   7. Out of memory fails the load alone (base/oom.h), as a module's does
**      (job.c invariant 4): the run has a scope of its own (inside the
**      job's), and each unit's read a scope of its own on whichever reader
**      thread reads it, so no failure unwinds past a reader that is still
**      running; a unit out of memory fails the whole run. The reply has a
**      scope too (journal record, reply): after a failure there the new
**      program is freed, the record taken back, and the reply is -32060
**      ("out_of_memory"). A program is installed only after its reply's
**      scope ended well, so a failed reload leaves the old one as it was.
**      Progress lines are handed to the host in a scope past its point of
**      no return: the host's buffer they grow outlives any request.
*/
#define _XOPEN_SOURCE 700
#include "program.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job.h"
#include "load_source.h"

#define MAX_UNITS 4096
/* Threads that read or compile a program's units at once (the job's own
** included): clang is the cost, and the machine it runs on is shared. */
#define READERS 2

typedef struct pj_unit {
  char *path;
  char *text;            /* owned: a copy of the loaded unit's text (a reload), or NULL */
  size_t len;
  bool compile;          /* a project's C file */
  mssa_module *m;        /* parsed (the job owns it until the bundle takes it) */
  bool failed;
  bool nomem;            /* its read ran out of memory (invariant 7) */
  char err[512];
} pj_unit;


struct mssa__progjob {
  char *project;         /* a project load: read it first (owned) */
  char *commands_dir;
  uint32_t n;
  pj_unit *u;
  char *reload;          /* the unit reloaded, or NULL */
  char *root;
  mssa__srcjob *settings; /* the request's compile settings (a project's units) */
  size_t max_bytes;
  mssa_build_opts opts;
  unsigned llvm;
  mssa_proto_host *host;
  mssa_proto_progress_fn progress;   /* or NULL */
  void *progress_ctx;
  char *token;           /* the request's id and the program's name, as JSON */
  char *jname;
  atomic_uint ndone;     /* units read so far */
  /* results */
  mssa__prog *g;
  bool nomem;            /* the run ran out of memory: nothing was built (invariant 7) */
  char err[512];         /* the whole load failed */
  double ms;
};

static char *dupstr(const char *s) { return s ? mssa_xstrndup(s, strlen(s)) : NULL; }
/* The journal (at the end of the file): g's record. */
static int prog_journal(mssa_proto *p, const mssa__prog *g, char *why, size_t cap);

/* ------------------------------------------------------------ the program */

/* p: the engine g was installed in (its units are under --max-memory), or
** NULL (never installed). */
static void prog_free(mssa_proto *p, mssa__prog *g) {
  if (!g) return;
  /* program.h invariant 4: out of the cap first, so no graph is rebuilt
  ** with a refinement about to go */
  for (uint32_t k = 0; p && k < g->n; k++) mssa_proto_module_removed(p, g->units[k]);
  mssa_program_free(g->prog);   /* program.h invariant 2: before its modules */
  for (uint32_t k = 0; k < g->n; k++) {
    mssa_qmodule_free(g->units[k]);
    free(g->paths[k]);
  }
  for (uint32_t k = 0; k < g->nfailed; k++) free(g->fpaths[k]);
  free(g->fpaths);
  free(g->units);
  free(g->mods);
  free(g->paths);
  json_decref(g->failed);
  free(g->project);
  free(g->name);
  free(g);
}

void mssa__prog_mark(const mssa_proto *p, const mssa_qmodule *q, json_t *o) {
  uint32_t k;
  const mssa__prog *g = o ? mssa__prog_of(p, q, &k) : NULL;
  if (!g) return;
  json_object_set_new(o, "mode", json_string("ipa"));
  json_object_set_new(o, "unit", mssa__jstr(g->paths[k]));
}

static json_t *units_json_new(const mssa__prog *g) {
  json_t *a = json_array();
  for (uint32_t k = 0; k < g->n; k++) {
    const mssa_qmodule *q = g->units[k];
    json_array_append_new(a, json_pack("{sosisi}", "path", mssa__jstr(g->paths[k]), "functions",
                                       (int)q->ndefined, "declarations",
                                       (int)(q->nfuncs - q->ndefined - q->nfailed)));
  }
  return a;
}

json_t *mssa__prog_json_new(const mssa_proto *p, uint32_t i) {
  const mssa__prog *g = p->progs[i];
  json_t *o = json_pack("{sossso}", "name", mssa__jstr(g->name), "mode", "ipa", "units",
                        units_json_new(g));
  json_object_set_new(o, "functions", json_integer(mssa__prog_functions(p, i)));
  size_t mem = 0;
  for (uint32_t k = 0; k < g->n; k++) mem += mssa_qmodule_memory(g->units[k]);
  json_object_set_new(o, "memory", json_integer((json_int_t)mem));   /* the units' bundles */
  json_object_set(o, "failed", g->failed);
  json_object_set_new(o, "project", g->project ? mssa__jstr(g->project) : json_null());
  return o;
}

/* Takes g out of the list (no free). */
static void prog_remove(mssa_proto *p, const mssa__prog *g) {
  for (uint32_t i = 0; i < p->nprogs; i++)
    if (p->progs[i] == g) {
      memmove(&p->progs[i], &p->progs[i + 1], (p->nprogs - i - 1) * sizeof *p->progs);
      p->nprogs--;
      return;
    }
}

int mssa__prog_unload(mssa_proto *p, const char *name) {
  mssa__prog *g = mssa__prog_find(p, name);
  if (!g) return -1;
  mssa__changed(p);   /* program.h invariant 2 */
  prog_remove(p, g);
  prog_free(p, g);
  return 0;
}

void mssa__progs_free(mssa_proto *p) {
  for (uint32_t i = 0; i < p->nprogs; i++) prog_free(p, p->progs[i]);
  free(p->progs);
  p->progs = NULL;
  p->nprogs = 0;
}

/* Installs g (sorted by name: invariant 2 of ipa.h's spirit, stable order). */
static void prog_install(mssa_proto *p, mssa__prog *g) {
  mssa__prog *old = mssa__prog_find(p, g->name);
  mssa__changed(p);
  if (old) {
    prog_remove(p, old);
    prog_free(p, old);
  }
  /* program.h invariant 4: accounted (and evictable) like a module's */
  for (uint32_t k = 0; k < g->n; k++) mssa_proto_module_added(p, g->units[k]);
  p->progs = mssa_xrealloc(p->progs, (p->nprogs + 1) * sizeof *p->progs);
  uint32_t at = 0;
  while (at < p->nprogs && strcmp(p->progs[at]->name, g->name) < 0) at++;
  memmove(&p->progs[at + 1], &p->progs[at], (p->nprogs - at) * sizeof *p->progs);
  p->progs[at] = g;
  p->nprogs++;
  MSSA_ASSERT(mssa__prog_find(p, g->name) == g);
}

/* ------------------------------------------------------------ summaries */

static json_t *entry_json(const mssa_program *pr, const mssa_ipa_entry *e) {
  json_t *o = json_object();
  bool ranged = mssa_ipa_entry_ranged(e);
  static const char *const kinds[] = {"global", "param", "alloc", "other", "inaccessible"};
  json_object_set_new(o, "kind", json_string(kinds[e->kind <= MSSA_IPA_INACC ? e->kind : MSSA_IPA_OTHER]));
  if (e->kind == MSSA_IPA_GLOBAL)
    json_object_set_new(o, "name", mssa__jstr(mssa_program_global(pr, e->id)->name));
  if (e->kind == MSSA_IPA_PARAM) json_object_set_new(o, "index", json_integer(e->id));
  if (e->kind == MSSA_IPA_GLOBAL || e->kind == MSSA_IPA_PARAM) {
    json_object_set_new(o, "lo", ranged ? json_integer(e->lo) : json_null());
    json_object_set_new(o, "hi", ranged ? json_integer(e->hi) : json_null());
  }
  return o;
}

static json_t *entries_json(const mssa_program *pr, const mssa_ipa_entry *es, uint32_t n) {
  json_t *a = json_array();
  for (uint32_t k = 0; k < n; k++) {
    /* other memory of several access tags is one "other" (ipa.h) */
    if (k && es[k].kind == MSSA_IPA_OTHER && es[k - 1].kind == MSSA_IPA_OTHER) continue;
    json_array_append_new(a, entry_json(pr, &es[k]));
  }
  return a;
}

json_t *mssa__prog_call_summary(const mssa_proto *p, const mssa_qmodule *q, uint32_t fi,
                                uint32_t inst) {
  uint32_t k;
  const mssa__prog *g = mssa__prog_of(p, q, &k);
  if (!g) return NULL;
  const mssa_func *f = &q->m->funcs.a[fi];
  const mssa_inst *in = &f->insts.a[inst];
  if (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE) return NULL;
  uint32_t callee = mssa_call_callee(q->m, f, in);
  json_t *o = json_pack("{ss}", "mode", "ipa");
  if (callee == MSSA_NONE) {   /* indirect: the walker maps every possible target */
    json_object_set_new(o, "callee", json_null());
    json_object_set_new(o, "indirect", json_true());
    return o;
  }
  uint32_t pf = mssa_program_func_of(g->prog, k, callee);
  const mssa_ipa_func *F = pf != MSSA_NONE ? mssa_program_func(g->prog, pf) : NULL;
  const mssa_ipa_summary *s = F ? mssa_program_summary(g->prog, pf) : NULL;
  json_object_set_new(o, "callee", mssa__jstr(mssa_str(q->m, q->m->funcs.a[callee].name)));
  if (!s) return o;
  bool unk = s->read_all || s->write_all;
  const char *why = unk ? mssa_ipa_reason_name(s->reason) : NULL;
  json_object_set_new(o, "defined_in",
                      F->def_fi != MSSA_NONE ? mssa__jstr(mssa_program_module_name(g->prog, F->def_mod))
                                             : json_null());
  json_object_set_new(o, "library", json_boolean(F->lib >= 0));
  json_object_set_new(o, "unknown", json_boolean(unk));
  json_object_set_new(o, "reason", why ? json_string(why) : json_null());
  json_object_set_new(o, "read_all", json_boolean(s->read_all));
  json_object_set_new(o, "write_all", json_boolean(s->write_all));
  json_object_set_new(o, "reads", entries_json(g->prog, s->r, s->read_all ? 0 : s->nr));
  json_object_set_new(o, "writes", entries_json(g->prog, s->w, s->write_all ? 0 : s->nw));
  return o;
}

/* ------------------------------------------------------------ the job */

static int prog_param(mssa__call *c, const char **prog, json_t **paths, const char **project,
                      const char **reload) {
  int rc;
  *paths = json_object_get(c->params, "paths");
  *project = *reload = NULL;
  if ((rc = mssa__param_str(c, "program", true, prog)) ||
      (rc = mssa__param_str(c, "project", false, project)) ||
      (rc = mssa__param_str(c, "reload", false, reload)))
    return rc;
  if (!**prog) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.program is empty");
  if (!!*paths + !!*project + !!*reload != 1)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "a program load takes exactly one of params.paths, params.project and "
                      "params.reload");
  if (*paths) {
    bool good = json_is_array(*paths) && json_array_size(*paths) >= 1 &&
                json_array_size(*paths) <= MAX_UNITS;
    size_t i;
    json_t *v;
    json_array_foreach(*paths, i, v) good = good && json_is_string(v) && json_string_length(v);
    if (!good)
      return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_WRONG_TYPE,
                               "params.paths must be an array of 1 to %d file paths", MAX_UNITS);
  }
  if (*project && (*project)[0] != '/')
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.project must be an absolute path");
  return 0;
}

static void add_unit(mssa__progjob *pj, const char *path, bool compile) {
  pj->u = mssa_xrealloc(pj->u, (pj->n + 1) * sizeof *pj->u);
  memset(&pj->u[pj->n], 0, sizeof *pj->u);
  pj->u[pj->n].path = dupstr(path);
  pj->u[pj->n].compile = compile;
  pj->n++;
}

/* A reload: every unit of g again, the texts of all but `path` copied. */
static int reload_units(mssa__call *c, mssa__progjob *pj, const mssa__prog *g, const char *path) {
  bool found = false;
  for (uint32_t k = 0; k < g->n; k++) {
    add_unit(pj, g->paths[k], g->project != NULL);
    if (!strcmp(g->paths[k], path)) {
      found = true;
      continue;
    }
    pj_unit *u = &pj->u[pj->n - 1];
    const mssa_module *m = g->units[k]->m;
    u->len = m->text_len;
    u->text = mssa_xmalloc(u->len + 1);
    memcpy(u->text, m->text, u->len);
    u->text[u->len] = 0;
  }
  for (uint32_t k = 0; k < g->nfailed; k++) {   /* failed ones are tried again */
    add_unit(pj, g->fpaths[k], g->project != NULL);
    found |= !strcmp(g->fpaths[k], path);
  }
  if (!found)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "'%.200s' is no unit of program '%.200s'", path,
                      g->name);
  return 0;
}

int mssa__program_load(mssa__call *c) {
  const char *name, *project, *reload;
  json_t *paths;
  int rc = prog_param(c, &name, &paths, &project, &reload);
  if (rc) return rc;
  mssa_proto_host *h = c->p->host;
  if (h->find(h, name))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "a module named '%.200s' is loaded: a program "
                      "needs a name of its own", name);
  const mssa__prog *old = mssa__prog_find(c->p, name);
  if (reload && !old)
    return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "no program named '%.200s' is loaded", name);
  mssa__progjob *pj = mssa_xcalloc(1, sizeof *pj);
  if ((rc = mssa__source_settings(c, &pj->settings)) ||
      (reload && (rc = reload_units(c, pj, old, reload)))) {
    mssa__progjob_free(pj);
    return rc;
  }
  if (reload) pj->reload = dupstr(reload);
  for (size_t i = 0; paths && i < json_array_size(paths); i++)
    add_unit(pj, json_string_value(json_array_get(paths, i)), false);
  const char *proj = project ? project : reload ? old->project : NULL;
  if (proj) {
    pj->commands_dir = dupstr(proj);
    char *slash = strrchr(pj->commands_dir, '/');
    slash[slash == pj->commands_dir ? 1 : 0] = 0;   /* its directory */
  }
  pj->project = dupstr(proj);   /* a reload keeps the project (its units listed already) */
  const char *root = h->file_root ? h->file_root(h) : NULL;
  pj->root = dupstr(root);
  pj->max_bytes = c->p->opts.max_module_bytes ? c->p->opts.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
  pj->opts = c->p->opts.build;
  pj->host = h;
  json_t *lv = json_object_get(c->params, "llvm");
  if (json_is_integer(lv) && json_integer_value(lv) >= MSSA_LLVM_MIN && json_integer_value(lv) <= MSSA_LLVM_MAX)
    pj->llvm = (unsigned)json_integer_value(lv);
  mssa_proto_job *j = mssa_xcalloc(1, sizeof *j);
  j->id = c->notify ? NULL : json_incref(c->id);
  j->name = dupstr(name);
  j->path = dupstr(name);
  j->refused = -1;
  j->t0 = mssa_now_ns();
  j->prog = pj;
  MSSA_ASSERT(pj->n || pj->project);   /* invariant 1: the job owns its list */
  c->job = j;
  c->p->loads++;
  return 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A project: the C files of its compile_commands.json, sorted, unique. */
static void project_units(mssa__progjob *pj) {
  char *text = NULL;
  size_t len = 0;
  int reason;
  if (mssa__read_module_file(pj->project, pj->root, pj->max_bytes, &text, &len, &reason, pj->err,
                             sizeof pj->err))
    return;
  json_error_t jerr;
  json_t *doc = json_loadb(text, len, 0, &jerr);
  free(text);
  if (!json_is_array(doc)) {
    snprintf(pj->err, sizeof pj->err, "%s: not a compile_commands.json (an array of entries)%s%s",
             pj->project, doc ? "" : ": ", doc ? "" : jerr.text);
    json_decref(doc);
    return;
  }
  size_t n = json_array_size(doc), k = 0;
  char **files = mssa_xcalloc(n ? n : 1, sizeof *files);
  for (size_t i = 0; i < n; i++) {
    json_t *e = json_array_get(doc, i);
    const char *f = json_string_value(json_object_get(e, "file"));
    const char *d = json_string_value(json_object_get(e, "directory"));
    if (!f) continue;
    if (f[0] != '/' && d) {
      files[k] = mssa_xmalloc(strlen(d) + strlen(f) + 2);
      sprintf(files[k], "%s/%s", d, f);
    } else {
      files[k] = dupstr(f);
    }
    k++;
  }
  json_decref(doc);
  qsort(files, k, sizeof *files, cmp_str);   /* invariant 3 */
  for (size_t i = 0; i < k; i++)   /* each compared with the one before: freed after */
    if ((!i || strcmp(files[i], files[i - 1])) && pj->n < MAX_UNITS) add_unit(pj, files[i], true);
  for (size_t i = 0; i < k; i++) free(files[i]);
  free(files);
  if (!pj->n) snprintf(pj->err, sizeof pj->err, "%s lists no translation unit", pj->project);
}

/* Reads (or compiles) and parses unit u; on failure u->failed, u->err.
** The text is u->text while it is needed, so that the unit's scope can
** free it when memory runs out (unit_nomem). */
static void unit_read(mssa__progjob *pj, pj_unit *u) {
  if (u->failed) return;   /* a replayed unit that had failed: its error kept (journal) */
  char *text = NULL;
  size_t len = 0;
  if (!u->text && u->compile) {
    mssa__srcjob *s = mssa__source_unit(pj->host, u->path, pj->commands_dir, pj->settings);
    if (mssa__source_compile(s, pj->root, &text, &len)) {
      mssa__source_failure(s, u->err, sizeof u->err);
      u->failed = true;
    }
    mssa__source_free(s);
  } else if (!u->text) {
    int reason;
    if (mssa__read_module_file(u->path, pj->root, pj->max_bytes, &text, &len, &reason, u->err,
                               sizeof u->err))
      u->failed = true;
  }
  if (text) {
    u->text = text;
    u->len = len;
  }
  if (u->failed) return;
  mssa_diag diag;
  memset(&diag, 0, sizeof diag);
  mssa_module *m = NULL;
  if (mssa_module_parse(u->path, u->text, u->len, &m, &diag) != MSSA_OK) {
    mssa_diag_format(&diag, u->err, sizeof u->err);
    u->failed = true;
    m = NULL;
  } else if (pj->llvm) {
    mssa_module_set_llvm_version(m, pj->llvm);
  }
  free(u->text);   /* the module has its own copy */
  u->text = NULL;
  u->m = m;
}

typedef struct unit_task {
  mssa__progjob *pj;
  pj_unit *u;
} unit_task;

static void unit_task_run(void *arg) {
  unit_task *t = arg;
  unit_read(t->pj, t->u);
}

/* A unit's read out of memory (invariant 7): what it holds goes before the
** sweep; the run then fails whole. */
static void unit_nomem(void *arg) {
  pj_unit *u = ((unit_task *)arg)->u;
  mssa_module_free(u->m);
  u->m = NULL;
  free(u->text);
  u->text = NULL;
  u->failed = u->nomem = true;
  snprintf(u->err, sizeof u->err, "out of memory");
}

void mssa__progjob_set_progress(mssa__progjob *pj, json_t *id, const char *name,
                                mssa_proto_progress_fn fn, void *ctx) {
  json_t *n = mssa__jstr(name);
  free(pj->token);
  free(pj->jname);
  pj->progress = NULL;
  if (!fn) {
    pj->token = pj->jname = NULL;
    json_decref(n);
    return;
  }
  pj->token = json_dumps(id, JSON_ENCODE_ANY | JSON_COMPACT);
  pj->jname = json_dumps(n, JSON_ENCODE_ANY);
  json_decref(n);
  if (pj->token && pj->jname) {
    pj->progress = fn;
    pj->progress_ctx = ctx;
  }
}

/* One `$/progress` notification: stage, units done of total, the unit
** (NULL: none). Called by the reader threads (fn is thread-safe). */
static void progress(mssa__progjob *pj, const char *stage, unsigned done, const char *unit) {
  if (!pj->progress) return;
  /* invariant 7: past a point of no return, nothing here is recorded in a
  ** scope (the host keeps the line in a buffer of its own), and nothing is
  ** failed by the test hook; a real failure aborts (base/oom.h 7) */
  mssa_oom_scope sc;
  if (!MSSA_OOM_TRY(&sc)) {   /* not reached: past no return a failure aborts */
    mssa_oom_rollback(&sc, NULL, NULL);
    return;
  }
  mssa_oom_no_return();
  json_t *u = unit ? mssa__jstr(unit) : json_null();
  char *ju = json_dumps(u, JSON_ENCODE_ANY);
  json_decref(u);
  char *line = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&line, &len);
  if (f) {
    fprintf(f, "{\"jsonrpc\":\"2.0\",\"method\":\"$/progress\",\"params\":{\"token\":%s,"
            "\"program\":%s,\"stage\":\"%s\",\"done\":%u,\"total\":%u,\"unit\":%s}}\n",
            pj->token, pj->jname, stage, done, pj->n, ju ? ju : "null");
    fclose(f);
    if (line) pj->progress(pj->progress_ctx, line, len);
  }
  free(line);
  free(ju);
  mssa_oom_commit(&sc);
}

typedef struct readers {
  mssa__progjob *pj;
  atomic_uint next;
} readers;

static void *reader_main(void *arg) {
  readers *r = arg;
  for (;;) {
    unsigned k = atomic_fetch_add(&r->next, 1);
    if (k >= r->pj->n) return NULL;
    unit_task t = {r->pj, &r->pj->u[k]};
    /* invariant 5: this unit only; invariant 7: in a scope of its own */
    mssa_oom_try_call(unit_task_run, unit_nomem, &t);
    progress(r->pj, "read", atomic_fetch_add(&r->pj->ndone, 1) + 1, r->pj->u[k].path);
  }
}

/* Reads every unit, READERS at a time (invariant 5). */
static void read_units(mssa__progjob *pj) {
  readers r = {.pj = pj};
  atomic_init(&r.next, 0);
  atomic_init(&pj->ndone, 0);
  pthread_t t[READERS];
  uint32_t nt = 0;
  for (uint32_t k = 1; k < READERS && k < pj->n; k++)
    if (!pthread_create(&t[nt], NULL, reader_main, &r)) nt++;
  reader_main(&r);
  for (uint32_t k = 0; k < nt; k++) pthread_join(t[k], NULL);
  MSSA_ASSERT(atomic_load(&r.next) >= pj->n);   /* every unit taken */
}

static void run_in_scope(mssa__progjob *pj) {
  uint64_t t0 = mssa_now_ns();
  if (pj->project && !pj->n) project_units(pj);   /* a reload lists its units already */
  if (pj->err[0]) return;
  mssa__prog *g = mssa_xcalloc(1, sizeof *g);
  g->failed = json_array();
  g->paths = mssa_xcalloc(pj->n, sizeof *g->paths);
  g->units = mssa_xcalloc(pj->n, sizeof *g->units);
  g->fpaths = mssa_xcalloc(pj->n, sizeof *g->fpaths);
  const mssa_module **mods = g->mods = mssa_xcalloc(pj->n, sizeof *mods);
  read_units(pj);
  for (uint32_t k = 0; k < pj->n; k++)
    if (pj->u[k].nomem) mssa_oom_fail(0);   /* invariant 7: the whole run fails */
  for (uint32_t k = 0; k < pj->n; k++) {
    pj_unit *u = &pj->u[k];
    if (u->failed) {   /* invariant 2 */
      g->fpaths[g->nfailed++] = dupstr(u->path);
      json_array_append_new(g->failed, json_pack("{soso}", "path", mssa__jstr(u->path), "error",
                                                 mssa__jstr(u->err)));
      continue;
    }
    mods[g->n] = u->m;
    g->paths[g->n++] = dupstr(u->path);
  }
  if (g->n) progress(pj, "link", pj->n, NULL);
  if (!g->n) {
    snprintf(pj->err, sizeof pj->err, "no unit of the program could be read");
  } else if (mssa_program_new(mods, (const char *const *)g->paths, g->n, &g->prog) != MSSA_OK ||
             mssa_program_summarize(g->prog, true) != MSSA_OK) {
    snprintf(pj->err, sizeof pj->err, "the units could not be linked");
  } else {
    uint32_t n = 0;
    for (uint32_t k = 0; k < pj->n; k++) {
      pj_unit *u = &pj->u[k];
      if (u->failed) continue;
      mssa_refine ref;
      mssa_program_refine(g->prog, n, &ref);
      /* takes the module; u->m kept until all are built, for run_nomem */
      mssa_qmodule_of_module(u->m, &pj->opts, &ref, &g->units[n]);
      n++;
    }
    MSSA_ASSERT(n == g->n);   /* every linked module is a unit, in link order */
    for (uint32_t k = 0; k < pj->n; k++) pj->u[k].m = NULL;   /* the bundles' now */
  }
  if (pj->err[0]) {   /* nothing was built: the bundles never took the modules */
    mssa_program_free(g->prog);
    g->prog = NULL;
    for (uint32_t k = 0; k < pj->n; k++) {
      mssa_module_free(pj->u[k].m);
      pj->u[k].m = NULL;
    }
    for (uint32_t k = 0; k < g->n; k++) free(g->paths[k]);
    g->n = 0;
  }
  pj->g = g;
  pj->ms = (double)(mssa_now_ns() - t0) / 1e6;
}

/* The run out of memory (invariant 7), before the sweep: the modules (a
** reader thread's are in no registry; a bundle being built on one is
** swept, its module is freed here) and the unit list go; what else the
** run made (the program, the bundles, g) is the scope's, swept. */
static void run_nomem(void *arg) {
  mssa__progjob *pj = arg;
  for (uint32_t k = 0; k < pj->n; k++) {
    mssa_module_free(pj->u[k].m);
    free(pj->u[k].text);
    free(pj->u[k].path);
  }
  free(pj->u);
  pj->u = NULL;
  pj->n = 0;
  MSSA_ASSERT(!pj->g);   /* g is set last, after the run's last allocation */
  pj->nomem = true;
  snprintf(pj->err, sizeof pj->err, "out of memory loading the program; nothing was loaded");
}

void mssa__progjob_run(mssa__progjob *pj) {
  mssa_oom_scope sc;
  mssa__progjob *volatile pv = pj;
  if (!MSSA_OOM_TRY(&sc)) {
    mssa_oom_rollback(&sc, run_nomem, pv);
    return;
  }
  run_in_scope(pj);
  mssa_oom_commit(&sc);
}

/* The journal hook of a program's reply: the record stays only if the
** reply could be made (invariant 7). */
static void journal_hook(void *arg, bool failed) { mssa__journal_end(arg, !failed); }

/* The reply, inside its scope: true if g is to be installed (after the
** scope ends well), false if the reply is an error. */
static bool reply_in_scope(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  mssa__progjob *pj = j->prog;
  mssa__prog *g = pj->g;
  if (pj->err[0] || !g || !g->n) {
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_IO_ERROR, pj->err[0] ? pj->err : "not loaded",
                                 json_pack("{sosO}", "program", mssa__jstr(j->name), "failed",
                                           g ? g->failed : json_array())),
                 out);
    return false;
  }
  bool replaced = mssa__prog_find(p, j->name) != NULL;
  g->name = dupstr(j->name);
  g->project = dupstr(pj->project);
  g->llvm = pj->llvm;
  g->ms = pj->ms;
  char why[300];
  if (prog_journal(p, g, why, sizeof why)) {   /* invariant 6: not recorded, not installed */
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_IO_ERROR, why,
                                 json_pack("{soss}", "program", mssa__jstr(j->name), "reason",
                                           mssa_rpc_reason(MSSA_REASON_JOURNAL_FAILED))),
                 out);
    return false;   /* pj->g is freed with the job */
  }
  /* kept when the reply is made; without a scope (disabled) at once */
  if (mssa_oom_active()) mssa_oom_on_end(journal_hook, p);
  else mssa__journal_end(p, true);
  if (!j->id) return true;
  uint32_t nf = 0;
  for (uint32_t k = 0; k < g->n; k++) nf += g->units[k]->ndefined;
  json_t *res = json_pack("{sosssosi}", "program", mssa__jstr(g->name), "mode", "ipa", "units",
                          units_json_new(g), "functions", (int)nf);
  json_object_set(res, "failed", g->failed);
  json_object_set_new(res, "replaced", json_boolean(replaced));
  if (pj->reload) json_object_set_new(res, "reloaded", mssa__jstr(pj->reload));
  json_object_set_new(res, "ms", json_real(pj->ms));
  mssa__emit(mssa__result_new(j->id, res), out);
  return true;
}

/* The reply out of memory (invariant 7), before the sweep: the new
** program goes whole (the swept reply held references to its `failed`). */
static void reply_nomem(void *arg) {
  mssa__progjob *pj = arg;
  if (!pj->g) return;
  mssa__json_reset_refs(pj->g->failed, 1);
  prog_free(NULL, pj->g);
  pj->g = NULL;
}

void mssa__progjob_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out) {
  mssa__progjob *pj = j->prog;
  if (pj->nomem) {   /* the run's failure (invariant 7): nothing was built */
    p->errors++;
    p->loads_failed++;
    if (j->id) mssa__emit(mssa__error_new(j->id, MSSA_RPC_OUT_OF_MEMORY, pj->err, NULL), out);
    return;
  }
  size_t n0 = out->n, id_refs = j->id ? j->id->refcount : 0;
  mssa_buf_reserve(out, 1);   /* its block is older than the scope */
  mssa_oom_scope sc;
  if (!MSSA_OOM_TRY(&sc)) {
    out->n = n0;
    mssa_oom_rollback(&sc, reply_nomem, pj);
    mssa__json_reset_refs(j->id, id_refs);   /* a swept reply may have held it */
    p->errors++;
    p->loads_failed++;
    if (j->id)
      mssa__emit(mssa__error_new(j->id, MSSA_RPC_OUT_OF_MEMORY,
                                 pj->reload ? "out of memory: the program reload failed; the "
                                              "program is as it was"
                                            : "out of memory: the program load failed; nothing "
                                              "was loaded",
                                 NULL),
                 out);
    return;
  }
  bool install = reply_in_scope(p, j, out);
  mssa__commit_reply(&sc, out, n0);   /* the journal record is kept (journal_hook) */
  if (!install) {
    p->errors++;
    p->loads_failed++;
    return;
  }
  MSSA_ASSERT(pj->g && pj->g->name);   /* invariant 7: installed only after its reply */
  prog_install(p, pj->g);   /* cannot fail for the request: outside any scope */
  pj->g = NULL;   /* the engine's now */
}

void mssa__progjob_free(mssa__progjob *pj) {
  if (!pj) return;
  for (uint32_t k = 0; k < pj->n; k++) {
    free(pj->u[k].path);
    free(pj->u[k].text);
    mssa_module_free(pj->u[k].m);
  }
  free(pj->u);
  prog_free(NULL, pj->g);
  free(pj->project);
  free(pj->commands_dir);
  free(pj->reload);
  free(pj->token);
  free(pj->jname);
  free(pj->root);
  mssa__source_free(pj->settings);
  free(pj);
}

/* ------------------------------------------------------------ the journal */

/* A program's journal record (J_PROGRAM, invariant 6): "MSSAPROG1 N\n",
** N bytes of a JSON header {"llvm", "project", "units": [[path, bytes]...],
** "failed": [{path, error}...]}, then every linked unit's text as read, in
** link order. The texts, not the paths: a replay must not depend on the
** files (they may have changed since the acknowledgement). */
#define JMAGIC "MSSAPROG1 "

static char *journal_payload(const mssa__prog *g, size_t max, size_t *len) {
  json_t *units = json_array();
  size_t texts = 0;
  for (uint32_t k = 0; k < g->n; k++) {
    const mssa_module *m = g->units[k]->m;
    json_array_append_new(units, json_pack("[oI]", mssa__jstr(g->paths[k]), (json_int_t)m->text_len));
    texts += m->text_len;
  }
  json_t *h = json_pack("{sisososO}", "llvm", (int)g->llvm, "project",
                        g->project ? mssa__jstr(g->project) : json_null(), "units", units, "failed",
                        g->failed);
  char *hdr = json_dumps(h, JSON_COMPACT);
  json_decref(h);
  char head[32];
  int hn = snprintf(head, sizeof head, JMAGIC "%zu\n", hdr ? strlen(hdr) : 0);
  size_t n = (size_t)hn + (hdr ? strlen(hdr) : 0);
  if (!hdr || texts > max || n > max - texts) {   /* the record must replay (journal.c's bound) */
    free(hdr);
    return NULL;
  }
  char *pl = mssa_xmalloc(n + texts), *at = pl;
  memcpy(at, head, (size_t)hn);
  memcpy(at + hn, hdr, strlen(hdr));
  at += n;
  for (uint32_t k = 0; k < g->n; k++) {
    const mssa_module *m = g->units[k]->m;
    memcpy(at, m->text, m->text_len);
    at += m->text_len;
  }
  MSSA_ASSERT((size_t)(at - pl) == n + texts);   /* invariant 6: header, then every text whole */
  free(hdr);
  *len = n + texts;
  return pl;
}

/* Writes g's record (mssa__journal: nothing without a journal); 0, or -1
** with `why` (then nothing is recorded and g must not be installed). */
static int prog_journal(mssa_proto *p, const mssa__prog *g, char *why, size_t cap) {
  if (!p->host->journal) return 0;
  size_t max = p->opts.max_module_bytes ? p->opts.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
  size_t len = 0;
  char *pl = journal_payload(g, max, &len);
  if (!pl) {
    snprintf(why, cap, "the program's units together exceed --max-module-bytes (%zu): its "
             "journal record could not be replayed; not loaded", max);
    return -1;
  }
  int rc = mssa__journal(p, MSSA_PROTO_J_PROGRAM, g->name, pl, len);
  free(pl);
  if (rc < 0) snprintf(why, cap, "cannot write the program load to the journal; not loaded");
  return rc < 0 ? -1 : 0;
}

int mssa__prog_unload_call(mssa__call *c, const char *name) {
  /* The reply first, as a module's unload does (m_admin.c); then the
  ** record, then the change. */
  c->result = json_pack("{sosbss}", "module", mssa__jstr(name), "unloaded", 1, "mode", "ipa");
  mssa_oom_no_return();   /* base/oom.h invariant 7: once recorded, the program goes */
  if (mssa__journal(c->p, MSSA_PROTO_J_UNLOAD, name, NULL, 0) < 0)
    return mssa__fail_reason(c, MSSA_RPC_IO_ERROR, MSSA_REASON_JOURNAL_FAILED,
                             "cannot write the unload to the journal; not unloaded");
  mssa__journal_end(c->p, true);
  mssa__prog_unload(c->p, name);
  return 0;
}

/* The header of a record: 0 and its parts, or -1 with err. */
static int replay_header(const char *pl, size_t len, json_t **hdr, size_t *texts_at, char *err,
                         size_t cap) {
  size_t k = strlen(JMAGIC), hl = 0;
  if (len < k || memcmp(pl, JMAGIC, k)) {
    snprintf(err, cap, "program record without its " JMAGIC "header");
    return -1;
  }
  size_t d0 = k;
  while (k < len && k - d0 < 10 && pl[k] >= '0' && pl[k] <= '9') hl = hl * 10 + (size_t)(pl[k++] - '0');
  if (k == d0 || k >= len || pl[k] != '\n' || hl > len - k - 1) {
    snprintf(err, cap, "program record with a bad header length");
    return -1;
  }
  json_error_t je;
  *hdr = json_loadb(pl + k + 1, hl, 0, &je);
  *texts_at = k + 1 + hl;
  if (!json_is_object(*hdr)) {
    json_decref(*hdr);
    *hdr = NULL;
    snprintf(err, cap, "program record whose header is not a JSON object");
    return -1;
  }
  return 0;
}

/* The job a record describes (units with their texts; failed ones with
** their errors, not read again): 0, or -1 with err. */
static int replay_job(const json_t *h, const char *texts, size_t n, mssa__progjob *pj, char *err,
                      size_t cap) {
  const json_t *units = json_object_get(h, "units"), *failed = json_object_get(h, "failed");
  const json_t *proj = json_object_get(h, "project"), *lv = json_object_get(h, "llvm");
  json_int_t llvm = json_integer_value(lv);
  if (!json_is_array(units) || !json_array_size(units) || json_array_size(units) > MAX_UNITS ||
      !json_is_array(failed) || json_array_size(failed) > MAX_UNITS ||
      !(json_is_null(proj) || json_is_string(proj)) || !json_is_integer(lv) ||
      (llvm && (llvm < MSSA_LLVM_MIN || llvm > MSSA_LLVM_MAX))) {
    snprintf(err, cap, "program record with a malformed header");
    return -1;
  }
  pj->llvm = (unsigned)llvm;
  pj->project = dupstr(json_string_value(proj));
  size_t at = 0;
  for (size_t i = 0; i < json_array_size(units); i++) {
    const json_t *u = json_array_get(units, i);
    const char *path = json_string_value(json_array_get(u, 0));
    json_int_t b = json_integer_value(json_array_get(u, 1));
    if (!path || !json_is_integer(json_array_get(u, 1)) || b < 0 || (size_t)b > n - at) {
      snprintf(err, cap, "program record: unit %zu malformed or longer than the record", i);
      return -1;
    }
    add_unit(pj, path, pj->project != NULL);
    pj_unit *x = &pj->u[pj->n - 1];
    x->len = (size_t)b;
    x->text = mssa_xmalloc(x->len + 1);
    memcpy(x->text, texts + at, x->len);
    x->text[x->len] = 0;
    at += x->len;
  }
  if (at != n) {
    snprintf(err, cap, "program record: %zu bytes after its units' texts", n - at);
    return -1;
  }
  for (size_t i = 0; i < json_array_size(failed); i++) {
    const json_t *f = json_array_get(failed, i);
    const char *path = json_string_value(json_object_get(f, "path"));
    const char *why = json_string_value(json_object_get(f, "error"));
    if (!path || !why) {
      snprintf(err, cap, "program record: failed unit %zu malformed", i);
      return -1;
    }
    add_unit(pj, path, pj->project != NULL);
    pj->u[pj->n - 1].failed = true;
    snprintf(pj->u[pj->n - 1].err, sizeof pj->u[pj->n - 1].err, "%s", why);
  }
  return 0;
}

int mssa__prog_replay(mssa_proto *p, const char *name, const char *payload, size_t len, char *err,
                      size_t cap) {
  json_t *h = NULL;
  size_t at = 0;
  if (p->host->find(p->host, name)) {
    snprintf(err, cap, "a module named '%.200s' is loaded: not a program", name);
    return -1;
  }
  if (replay_header(payload, len, &h, &at, err, cap)) return -1;
  mssa__progjob *pj = mssa_xcalloc(1, sizeof *pj);
  int rc = replay_job(h, payload + at, len - at, pj, err, cap);
  json_decref(h);
  if (!rc) {
    pj->opts = p->opts.build;
    pj->host = p->host;
    pj->max_bytes = p->opts.max_module_bytes ? p->opts.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
    mssa__progjob_run(pj);   /* every text given: nothing is read or compiled */
    rc = pj->err[0] || !pj->g || !pj->g->n ? -1 : 0;
    if (rc) snprintf(err, cap, "%s", pj->err[0] ? pj->err : "no unit of the program parses");
  }
  if (!rc) {
    mssa__prog *g = pj->g;
    pj->g = NULL;
    g->name = dupstr(name);
    g->project = dupstr(pj->project);
    g->llvm = pj->llvm;
    g->ms = pj->ms;
    prog_install(p, g);   /* replaces a program of that name (a later reload) */
  }
  mssa__progjob_free(pj);
  return rc;
}
