/*
** lsp_reach.c -- memory accesses in source terms for the language server:
** the accesses at a cursor, the writes each may read (its reaching
** writes), and the loads a write may feed (its readers), as memssad
** answers them: a clobber answer's "reaching" list and a `uses` answer's
** "readers" (analysis/query/reach.c computes both), with each access's C
** variable ("var") and parameter spill ("param") from the debug info.
**
** Invariants:
**   1. Nothing is computed here: every write, reader and name is memssad's.
**      A daemon without "reaching" (an older one) gives the walker's
**      clobber alone, marked truncated, never a list passed off as whole.
**   2. At most LSP_MAX_WRITES writes per access and LSP_MAX_READERS
**      readers are kept; beyond, `truncated`.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static const char *jstr(json_t *o, const char *k) {
  return json_string_value(json_object_get(o, k));
}

static void site_clear(lsp_site *s) {
  free(s->file);
  free(s->var);
  free(s->text);
  free(s->function);
  free(s->unit);
  free(s->callee);
}

void mssa__lsp_sites_free(lsp_site *s, size_t n) {
  for (size_t i = 0; i < n; i++) site_clear(&s[i]);
  free(s);
}

void mssa__lsp_access_clear(lsp_access *a) {
  free(a->module);
  free(a->unit);
  free(a->via);
  site_clear(&a->self);
  mssa__lsp_sites_free(a->writes, a->nwrites);
  mssa__lsp_sites_free(a->inner, a->ninner);
}

void mssa__lsp_accesses_free(lsp_access *a, size_t n) {
  for (size_t i = 0; i < n; i++) mssa__lsp_access_clear(&a[i]);
  free(a);
}

void mssa__lsp_site_now_any(mssa__lsp *L, lsp_site *s) {
  for (size_t i = 0; s->file && i < L->ndocs; i++) {
    const lsp_doc *o = L->docs[i];
    if (o->unit || strcmp(o->path, s->file)) continue;
    unsigned now = s->line ? mssa__lsp_to_current(o, s->line) : 0;
    if (now) s->line = now;
    else if (s->line) s->changed = true;
    return;
  }
}

/* An access object of memssad (with "source", "text", "inst", "var",
** "param", "path") as a site of function `fn`. */
static void site_from(const char *fn, json_t *acc, lsp_site *s) {
  memset(s, 0, sizeof *s);
  json_t *src = json_object_get(acc, "source");
  s->file = dup_or_null(jstr(src, "file"));
  s->line = (unsigned)json_integer_value(json_object_get(src, "line"));
  s->col = (unsigned)json_integer_value(json_object_get(src, "col"));
  s->text = dup_or_null(jstr(acc, "text"));
  s->function = dup_or_null(fn);
  s->unit = dup_or_null(jstr(acc, "unit"));   /* through_call's writes name theirs */
  s->var = dup_or_null(jstr(acc, "var"));
  json_t *inst = json_object_get(acc, "inst");
  s->inst = json_is_integer(inst) ? (long)json_integer_value(inst) : -1;
  char callee[256];
  if (s->text && mssa__lsp_callee(s->text, callee, sizeof callee)) {
    s->callee = strdup(callee);
    s->lifetime = strstr(s->text, "@llvm.lifetime.start") ? 1
                  : strstr(s->text, "@llvm.lifetime.end") ? 2 : 0;
  }
  /* an ordered (atomic) load is a MemoryDef to MemorySSA, yet it writes
  ** nothing: the editor calls it a read */
  s->reads = s->text && strstr(s->text, "= load ") != NULL;
  s->write = !strcmp(jstr(acc, "kind") ? jstr(acc, "kind") : "", "def") && !s->reads;
  s->param = s->write && !s->file && json_is_integer(json_object_get(acc, "param"));
  const char *path = jstr(acc, "path");
  s->loop = path && !strcmp(path, "loop");
}

static void add_write(lsp_access *a, const char *fn, json_t *acc) {
  if (a->nwrites == LSP_MAX_WRITES) {
    a->truncated = true;
    return;
  }
  a->writes = realloc(a->writes, (a->nwrites + 1) * sizeof *a->writes);
  if (!a->writes) abort();
  site_from(fn, acc, &a->writes[a->nwrites++]);
}

/* One access of a reaching list (or the walker's clobber): a write, or
** the entry. */
static void meet(lsp_access *a, const char *fn, json_t *acc) {
  const char *k = jstr(acc, "kind");
  if (k && !strcmp(k, "def")) add_write(a, fn, acc);
  else if (k && !strcmp(k, "liveOnEntry")) a->entry = true;
  else if (k) a->truncated = true;   /* a MemoryPhi: not followed here */
}

/* The reaching writes of one clobber answer (module, function, access,
** clobber, reaching, truncated). */
/* A site of document d's own file: its line as the buffer has it now. */
static void site_now(const lsp_doc *d, lsp_site *s) {
  if (!s->file || !s->line || strcmp(s->file, d->path)) return;
  unsigned now = mssa__lsp_to_current(d, s->line);
  if (now) s->line = now;
  else s->changed = true;
}

static void reaching(json_t *ans, lsp_access *a) {
  const char *fn = jstr(ans, "function");
  json_t *given = json_object_get(ans, "reaching");
  if (!json_is_array(given)) {
    meet(a, fn, json_object_get(ans, "clobber"));
    a->truncated = true;
    return;
  }
  size_t i;
  json_t *x;
  json_array_foreach(given, i, x) meet(a, fn, x);
  a->truncated |= json_is_true(json_object_get(ans, "truncated"));
}

static int clobber_at(mssa__lsp *L, lsp_doc *d, unsigned line, unsigned col, json_t **r) {
  /* the source view: paths C has (docs/editor.md, "What the answers are") */
  json_t *p = json_pack("{sssssisiss}", "module", mssa__lsp_answer_module(d), "file", d->path, "line", (int)line,
                        "col", (int)col, "view", "source");
  return mssa__lsp_call(L, "clobber", p, r);
}

/* A program's answer whose write is a call (memssad's through_call): the
** writes of the loaded global inside the callee, at most LSP_MAX_INNER. */
static void inner_writes(mssa__lsp *L, json_t *th, lsp_access *a) {
  json_t *w = json_object_get(th, "writes");
  const char *callee = jstr(th, "callee");
  if (!callee || !json_array_size(w)) return;
  size_t k = json_array_size(w) < LSP_MAX_INNER ? json_array_size(w) : LSP_MAX_INNER;
  a->via = strdup(callee);
  a->inner = calloc(k, sizeof *a->inner);
  if (!a->inner) abort();
  for (size_t i = 0; i < k; i++) {
    json_t *x = json_array_get(w, i);
    site_from(jstr(x, "function"), x, &a->inner[i]);
    a->inner[i].write = true;
    if (!a->inner[i].var && jstr(th, "global")) a->inner[i].var = strdup(jstr(th, "global"));
    mssa__lsp_site_now_any(L, &a->inner[i]);
  }
  a->ninner = k;
  a->inner_truncated = json_array_size(w) > k || json_is_true(json_object_get(th, "truncated"));
}

int mssa__lsp_accesses_at(mssa__lsp *L, lsp_doc *d, unsigned line, unsigned col,
                          lsp_access **out, size_t *n) {
  *out = NULL;
  *n = 0;
  if (!d->loaded) return 0;
  unsigned then = d->unit ? line : mssa__lsp_to_compiled(d, line);
  if (!then) return LSP_LINE_CHANGED;
  line = then;
  json_t *r;
  int rc = clobber_at(L, d, line, col, &r);
  if (rc == 1 && json_integer_value(json_object_get(r, "code")) == LSP_DAEMON_UNKNOWN_MODULE) {
    /* memssad was restarted (and lost the module or the program): load
    ** the file again, and the project in the background */
    json_decref(r);
    mssa__lsp_proj_lost(L, d);
    d->loaded = false;
    mssa__lsp_compile_and_load(L, d);
    if (!d->loaded) return 0;
    rc = clobber_at(L, d, line, col, &r);
  }
  if (rc) {
    json_decref(r);
    return rc < 0 ? -1 : 0;
  }
  json_t *m = json_object_get(r, "matches");
  size_t k = json_array_size(m);
  lsp_access *a = calloc(k ? k : 1, sizeof *a);
  if (!a) abort();
  for (size_t i = 0; i < k; i++) {
    json_t *ans = json_array_get(m, i);
    a[i].module = dup_or_null(jstr(ans, "module"));
    a[i].unit = dup_or_null(jstr(ans, "unit"));
    site_from(jstr(ans, "function"), json_object_get(ans, "access"), &a[i].self);
    reaching(ans, &a[i]);
    inner_writes(L, json_object_get(ans, "through_call"), &a[i]);
    size_t kept = 0;   /* what is never a write goes before anything is shown */
    for (size_t j = 0; j < a[i].nwrites; j++) {
      if (mssa__lsp_write_shown(&a[i], &a[i].writes[j])) a[i].writes[kept++] = a[i].writes[j];
      else site_clear(&a[i].writes[j]);
    }
    a[i].nwrites = kept;
    if (!d->unit) {
      site_now(d, &a[i].self);
      for (size_t j = 0; j < a[i].nwrites; j++) site_now(d, &a[i].writes[j]);
    }
    if (a[i].unit)   /* a program's: writes in the other open files too */
      for (size_t j = 0; j < a[i].nwrites; j++)
        if (a[i].writes[j].file && strcmp(a[i].writes[j].file, d->path))
          mssa__lsp_site_now_any(L, &a[i].writes[j]);
  }
  json_decref(r);
  *out = a;
  *n = k;
  return 0;
}

/* ------------------------------------------------------ by id */

int mssa__lsp_access_by_id(mssa__lsp *L, const char *module, const char *unit, const char *fn,
                           long inst, lsp_access *a) {
  memset(a, 0, sizeof *a);
  if (!module || !fn || inst < 0) return 1;
  json_t *r, *p = json_pack("{sssssIss}", "module", module, "function", fn, "inst",
                            (json_int_t)inst, "view", "source");
  if (unit) json_object_set_new(p, "unit", json_string(unit));
  int rc = mssa__lsp_call(L, "clobber", p, &r);
  if (rc) {
    json_decref(r);
    return rc;
  }
  a->module = dup_or_null(jstr(r, "module"));
  a->unit = dup_or_null(jstr(r, "unit"));
  site_from(jstr(r, "function"), json_object_get(r, "access"), &a->self);
  reaching(r, a);
  inner_writes(L, json_object_get(r, "through_call"), a);
  size_t kept = 0;   /* as accesses_at: what is never a write goes */
  for (size_t j = 0; j < a->nwrites; j++) {
    if (mssa__lsp_write_shown(a, &a->writes[j])) a->writes[kept++] = a->writes[j];
    else site_clear(&a->writes[j]);
  }
  a->nwrites = kept;
  mssa__lsp_site_now_any(L, &a->self);
  for (size_t j = 0; j < a->nwrites; j++) mssa__lsp_site_now_any(L, &a->writes[j]);
  json_decref(r);
  return 0;
}

/* ------------------------------------------------------ readers */

int mssa__lsp_readers(mssa__lsp *L, lsp_doc *d, const lsp_access *a, lsp_site **out, size_t *n) {
  *out = NULL;
  *n = 0;
  const char *fn = a->self.function, *module = a->module;
  if (!a->self.write || a->self.inst < 0 || !fn || !module) return 0;
  json_t *r;
  json_t *p = json_pack("{sssssIss}", "module", module, "function", fn, "inst",
                        (json_int_t)a->self.inst, "view", "source");
  if (a->unit) json_object_set_new(p, "unit", json_string(a->unit));   /* a static's own unit */
  int rc = mssa__lsp_call(L, "uses", p, &r);
  if (rc) {
    json_decref(r);
    return rc < 0 ? -1 : 0;
  }
  json_t *rd = json_object_get(r, "readers");
  size_t k = json_array_size(rd);
  if (k > LSP_MAX_READERS) k = LSP_MAX_READERS;
  lsp_site *s = calloc(k ? k : 1, sizeof *s);
  if (!s) abort();
  for (size_t i = 0; i < k; i++) {
    site_from(fn, json_array_get(rd, i), &s[i]);
    if (d && !d->unit) site_now(d, &s[i]);
    else if (!d) mssa__lsp_site_now_any(L, &s[i]);
  }
  json_decref(r);
  *out = s;
  *n = k;
  return 0;
}
