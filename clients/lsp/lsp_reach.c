/*
** lsp_reach.c -- memory accesses in source terms for the language server:
** the accesses at a cursor, the writes each may read (its reaching
** writes), and the loads a write may feed (its readers), through memssad's
** clobber / access / uses / print methods.
**
** Reaching writes: a clobber answer's "reaching" list when memssad gives
** one. Otherwise they are found here from the walker's answer: a def is the
** one write; liveOnEntry means the value comes from before the function; a
** MemoryPhi is followed operand by operand. An operand def that stores to
** an allocation distinct from the one loaded (two different allocas or
** globals, from lsp_names.c) cannot have written it: the walk continues
** above it with the location form of `clobber` (the walker, with the
** loaded pointer and size). Every other operand def is kept.
**
** Invariants:
**   1. Sound: a write is left out only when it provably writes another
**      allocation, so every write a path can carry to the access is listed
**      (up to LSP_MAX_WRITES / LSP_MAX_PHIS; beyond, `truncated`).
**   2. Each MemoryPhi is expanded once per walk; a walk's daemon calls are
**      bounded by LSP_MAX_PHIS expansions plus one location query per
**      operand.
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
}

void mssa__lsp_sites_free(lsp_site *s, size_t n) {
  for (size_t i = 0; i < n; i++) site_clear(&s[i]);
  free(s);
}

static void access_clear(lsp_access *a) {
  free(a->module);
  site_clear(&a->self);
  mssa__lsp_sites_free(a->writes, a->nwrites);
}

void mssa__lsp_accesses_free(lsp_access *a, size_t n) {
  for (size_t i = 0; i < n; i++) access_clear(&a[i]);
  free(a);
}

/* An access object of memssad (with "source", "text", "inst", maybe
** "var") as a site of function `fn`. */
static void site_from(lsp_doc *d, const char *fn, json_t *acc, lsp_site *s) {
  memset(s, 0, sizeof *s);
  json_t *src = json_object_get(acc, "source");
  s->file = dup_or_null(jstr(src, "file"));
  s->line = (unsigned)json_integer_value(json_object_get(src, "line"));
  s->col = (unsigned)json_integer_value(json_object_get(src, "col"));
  s->text = dup_or_null(jstr(acc, "text"));
  s->function = dup_or_null(fn);
  json_t *inst = json_object_get(acc, "inst");
  s->inst = json_is_integer(inst) ? (long)json_integer_value(inst) : -1;
  s->write = !strcmp(jstr(acc, "kind") ? jstr(acc, "kind") : "", "def");
  s->param = s->write && !s->file && s->text &&
             mssa__lsp_names_stores_param(d->names, fn, s->text);
  char var[256];
  if (jstr(acc, "var")) s->var = strdup(jstr(acc, "var"));
  else if (s->text && !mssa__lsp_names_var(d->names, fn, s->text, var, sizeof var))
    s->var = strdup(var);
}

/* One walk: the access it is for and what it has found. */
typedef struct walk {
  mssa__lsp *L;
  lsp_doc *d;
  const char *module, *fn;
  lsp_access *a;
  char ptr[256];       /* the accessed pointer, "" if unknown */
  long long size;
  long stack[LSP_MAX_PHIS], seen[LSP_MAX_PHIS];
  size_t nstack, nseen;
} walk;

static void add_write(walk *w, json_t *acc) {
  lsp_access *a = w->a;
  json_t *inst = json_object_get(acc, "inst");
  for (size_t i = 0; i < a->nwrites; i++)
    if (a->writes[i].inst == (long)json_integer_value(inst)) return;
  if (a->nwrites == LSP_MAX_WRITES) {
    a->truncated = true;
    return;
  }
  a->writes = realloc(a->writes, (a->nwrites + 1) * sizeof *a->writes);
  if (!a->writes) abort();
  site_from(w->d, w->fn, acc, &a->writes[a->nwrites++]);
}

static void push_phi(walk *w, long id) {
  for (size_t i = 0; i < w->nseen; i++)
    if (w->seen[i] == id) return;
  if (w->nseen == LSP_MAX_PHIS) {
    w->a->truncated = true;
    return;
  }
  w->seen[w->nseen++] = id;
  w->stack[w->nstack++] = id;
}

/* One access met on the way up: a write, a phi to expand, or the entry. */
static void meet(walk *w, json_t *acc) {
  const char *k = jstr(acc, "kind");
  if (!k) return;
  if (!strcmp(k, "def")) add_write(w, acc);
  else if (!strcmp(k, "phi")) push_phi(w, (long)json_integer_value(json_object_get(acc, "id")));
  else if (!strcmp(k, "liveOnEntry")) w->a->entry = true;
}

/* A phi operand that is a def: kept, or passed when it provably stores to
** another allocation (then the walker answers for what lies above it). */
static void meet_operand_def(walk *w, json_t *acc) {
  char q[256];
  long long qsize;
  const char *text = jstr(acc, "text");
  if (!*w->ptr || !text || !mssa__lsp_ir_pointer(text, q, sizeof q, &qsize) ||
      !mssa__lsp_names_distinct(w->d->names, w->fn, w->ptr, q)) {
    add_write(w, acc);
    return;
  }
  json_t *loc = json_pack("{ss}", "ptr", w->ptr);
  if (w->size > 0) json_object_set_new(loc, "size", json_integer(w->size));
  json_t *p = json_pack("{sssssOso}", "module", w->module, "function", w->fn, "inst",
                        json_object_get(acc, "inst"), "location", loc);
  json_t *r;
  if (mssa__lsp_call(w->L, "clobber", p, &r) == 0) meet(w, json_object_get(r, "clobber"));
  else add_write(w, acc);   /* no answer: keep the write (sound) */
  json_decref(r);
}

static void expand_phis(walk *w) {
  while (w->nstack) {
    long id = w->stack[--w->nstack];
    json_t *r;
    json_t *p = json_pack("{sssssI}", "module", w->module, "function", w->fn, "id",
                          (json_int_t)id);
    if (mssa__lsp_call(w->L, "access", p, &r) == 0) {
      size_t i;
      json_t *op;
      json_array_foreach(json_object_get(r, "operands"), i, op) {
        json_t *acc = json_object_get(op, "access");
        const char *k = jstr(acc, "kind");
        if (k && !strcmp(k, "def")) meet_operand_def(w, acc);
        else meet(w, acc);
      }
    }
    json_decref(r);
  }
}

/* The reaching writes of one clobber answer (module, function, access,
** clobber, and maybe reaching). */
static void reaching(mssa__lsp *L, lsp_doc *d, json_t *ans, lsp_access *a) {
  walk *w = calloc(1, sizeof *w);
  if (!w) abort();
  w->L = L;
  w->d = d;
  w->module = jstr(ans, "module");
  w->fn = jstr(ans, "function");
  w->a = a;
  json_t *given = json_object_get(ans, "reaching");
  if (json_is_array(given)) {
    size_t i;
    json_t *x;
    json_array_foreach(given, i, x) {
      json_t *acc = json_object_get(x, "access");   /* {access, ...} or the access */
      meet(w, acc ? acc : x);
    }
    a->truncated |= json_is_true(json_object_get(ans, "truncated"));
    free(w);
    return;
  }
  if (!mssa__lsp_ir_pointer(a->self.text ? a->self.text : "", w->ptr, sizeof w->ptr, &w->size))
    w->ptr[0] = 0;
  meet(w, json_object_get(ans, "clobber"));
  expand_phis(w);
  free(w);
}

/* The column of the candidate nearest to `col` (ties: the one before). */
static unsigned nearest_col(json_t *cands, unsigned col) {
  unsigned best = 0, bestd = ~0u;
  size_t i;
  json_t *c;
  json_array_foreach(cands, i, c) {
    unsigned k = (unsigned)json_integer_value(json_object_get(c, "col"));
    unsigned dist = k > col ? k - col : col - k;
    if (dist < bestd || (dist == bestd && k < best)) best = k, bestd = dist;
  }
  return best;
}

static int clobber_at(mssa__lsp *L, lsp_doc *d, unsigned line, unsigned col, json_t **r) {
  json_t *p = json_pack("{sssssisi}", "module", d->path, "file", d->path, "line", (int)line,
                        "col", (int)col);
  return mssa__lsp_call(L, "clobber", p, r);
}

int mssa__lsp_accesses_at(mssa__lsp *L, lsp_doc *d, unsigned line, unsigned col,
                          lsp_access **out, size_t *n) {
  *out = NULL;
  *n = 0;
  if (!d->loaded) return 0;
  json_t *r;
  int rc = clobber_at(L, d, line, col, &r);
  if (rc == 1 && json_integer_value(json_object_get(r, "code")) == LSP_DAEMON_UNKNOWN_MODULE) {
    /* memssad was restarted (and lost the module): load the file again */
    json_decref(r);
    d->loaded = false;
    mssa__lsp_compile_and_load(L, d);
    if (!d->loaded) return 0;
    rc = clobber_at(L, d, line, col, &r);
  }
  json_t *cands = json_object_get(json_object_get(r, "data"), "candidates");
  if (rc == 1 && col && json_array_size(cands)) {
    unsigned near = nearest_col(cands, col);
    json_decref(r);
    rc = clobber_at(L, d, line, near, &r);
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
    site_from(d, jstr(ans, "function"), json_object_get(ans, "access"), &a[i].self);
    reaching(L, d, ans, &a[i]);
  }
  json_decref(r);
  *out = a;
  *n = k;
  return 0;
}

/* ------------------------------------------------------ readers */

typedef struct readers {
  lsp_site *s;
  size_t n;
  bool full;
} readers;

static void add_reader(readers *rd, lsp_doc *d, const char *fn, json_t *acc) {
  long inst = (long)json_integer_value(json_object_get(acc, "inst"));
  for (size_t i = 0; i < rd->n; i++)
    if (rd->s[i].inst == inst) return;
  if (rd->n == LSP_MAX_READERS) {
    rd->full = true;
    return;
  }
  rd->s = realloc(rd->s, (rd->n + 1) * sizeof *rd->s);
  if (!rd->s) abort();
  site_from(d, fn, acc, &rd->s[rd->n++]);
}

/* Does the load `use` (an access object) have `inst` among its reaching writes? */
static bool reads_from(mssa__lsp *L, lsp_doc *d, const char *module, const char *fn,
                       json_t *use, long inst) {
  json_t *r;
  json_t *p = json_pack("{sssssO}", "module", module, "function", fn, "inst",
                        json_object_get(use, "inst"));
  bool hit = false;
  if (mssa__lsp_call(L, "clobber", p, &r) == 0) {
    lsp_access a = {0};
    site_from(d, fn, json_object_get(r, "access"), &a.self);
    reaching(L, d, r, &a);
    for (size_t i = 0; i < a.nwrites && !hit; i++) hit = a.writes[i].inst == inst;
    access_clear(&a);
  }
  json_decref(r);
  return hit;
}

/* The ids of the function's MemoryPhis, from its printed MemorySSA. */
static size_t phi_ids(mssa__lsp *L, const char *module, const char *fn, long *ids, size_t cap) {
  json_t *r;
  size_t n = 0;
  if (mssa__lsp_call(L, "print", json_pack("{ssss}", "module", module, "function", fn), &r) == 0) {
    const char *t = jstr(r, "text");
    for (const char *s = t; s && (s = strstr(s, "; ")); s += 2) {
      long id;
      char kind[16];
      if (sscanf(s, "; %ld = %15[A-Za-z]", &id, kind) == 2 && !strcmp(kind, "MemoryPhi") &&
          n < cap)
        ids[n++] = id;
    }
  }
  json_decref(r);
  return n;
}

int mssa__lsp_readers(mssa__lsp *L, lsp_doc *d, const lsp_access *a, lsp_site **out, size_t *n) {
  *out = NULL;
  *n = 0;
  const char *fn = a->self.function, *module = a->module;
  if (!a->self.write || a->self.inst < 0 || !fn || !module) return 0;
  readers rd = {0};
  json_t *r;
  json_t *p = json_pack("{sssssI}", "module", module, "function", fn, "inst",
                        (json_int_t)a->self.inst);
  int rc = mssa__lsp_call(L, "uses", p, &r);
  if (rc < 0) return -1;
  size_t i;
  json_t *u;
  json_array_foreach(json_object_get(r, "uses"), i, u) {
    const char *k = jstr(u, "kind");
    if (k && !strcmp(k, "use")) add_reader(&rd, d, fn, u);
  }
  json_decref(r);
  /* loads whose clobber is a MemoryPhi: read from `a` if it reaches them */
  long ids[LSP_MAX_PHIS];
  size_t nphi = phi_ids(L, module, fn, ids, LSP_MAX_PHIS);
  for (size_t k = 0; k < nphi && !rd.full; k++) {
    p = json_pack("{sssssI}", "module", module, "function", fn, "id", (json_int_t)ids[k]);
    if (mssa__lsp_call(L, "uses", p, &r) == 0)
      json_array_foreach(json_object_get(r, "uses"), i, u) {
        const char *kind = jstr(u, "kind");
        if (kind && !strcmp(kind, "use") && reads_from(L, d, module, fn, u, a->self.inst))
          add_reader(&rd, d, fn, u);
      }
    json_decref(r);
  }
  *out = rd.s;
  *n = rd.n;
  return 0;
}
