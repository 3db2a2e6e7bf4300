/*
** lsp_refs.c -- the reads and writes of a variable or field, for
** textDocument/references, $memssa/references and
** textDocument/documentHighlight: memssad's `writers` and `readers` at the
** cursor's load or store (docs/protocol.md), merged into one list.
**
** The cursor names a global or a struct member (the access under it); any
** other memory (a local) is not answered here, and references keeps its
** per-write answer (the loads a write feeds: lsp_features.c).
**
** Invariants:
**   1. One list, sorted by (file, line, col) as memssad sorts each half; an
**      access both read and written (x++ on an atomic) appears once, with
**      kind "readwrite".
**   2. At most LSP_MAX_REFS entries per direction are asked for (one page);
**      a longer answer is cut, and $memssa/references says so.
**   3. Lines of the document's own file are mapped to the buffer's
**      (lsp_lines.c); an entry on a line changed since the last good
**      compile is left out, never shown on a wrong line. So are the lines
**      of other open files, in a program's answer.
**   4. Once the document's project is loaded (lsp_proj.c) the list spans
**      every unit of its program; $memssa/references says which
**      ("scope": "program" or "file", and "project_loading").
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

#define LSP_MAX_REFS 1000

/* One entry of the merged list. */
typedef struct lsp_ref {
  lsp_site at;         /* file, line, col, function, var, callee */
  const char *kind;    /* "read", "write", "readwrite", "call" (static) */
} lsp_ref;

static const char *jstr(json_t *o, const char *k) { return json_string_value(json_object_get(o, k)); }
static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

/* writers or readers at the cursor: 0 with *r, 1 (memssad refused: no
** global or member there) or -1. */
static int ask(mssa__lsp *L, lsp_doc *d, const char *method, unsigned line, unsigned col,
               json_t **r) {
  json_t *p = json_pack("{sssssisisi}", "module", mssa__lsp_answer_module(d), "file", d->path,
                        "line", (int)line, "col", (int)col, "limit", LSP_MAX_REFS);
  return mssa__lsp_call(L, method, p, r);
}

static int ref_cmp(const void *a, const void *b) {
  const lsp_ref *x = a, *y = b;
  int k = strcmp(x->at.file, y->at.file);
  if (k) return k;
  if (x->at.line != y->at.line) return x->at.line < y->at.line ? -1 : 1;
  if (x->at.col != y->at.col) return x->at.col < y->at.col ? -1 : 1;
  return (x->at.inst > y->at.inst) - (x->at.inst < y->at.inst);
}

/* Appends the refs of one answer; *trunc when memssad had more. */
static void add_refs(mssa__lsp *L, const lsp_doc *d, json_t *r, bool write, lsp_ref **v, size_t *n,
                     bool *trunc) {
  json_t *arr = json_object_get(r, "refs");
  if (!json_is_null(json_object_get(r, "next_cursor")) || json_is_true(json_object_get(r, "truncated")))
    *trunc = true;
  size_t k = json_array_size(arr);
  *v = realloc(*v, (*n + k + 1) * sizeof **v);
  if (!*v) abort();
  for (size_t i = 0; i < k; i++) {
    json_t *e = json_array_get(arr, i);
    const char *file = jstr(e, "file");
    if (!file) continue;
    lsp_ref x = {{0}, NULL};
    x.at.line = (unsigned)json_integer_value(json_object_get(e, "line"));
    x.at.col = (unsigned)json_integer_value(json_object_get(e, "col"));
    x.at.inst = (long)json_integer_value(json_object_get(e, "inst"));
    if (!strcmp(file, d->path) && !d->unit) {   /* invariant 3 */
      unsigned now = mssa__lsp_to_current(d, x.at.line);
      if (!now) continue;
      x.at.line = now;
    } else if (jstr(e, "unit")) {   /* a program's: another open file's buffer */
      x.at.file = (char *)file;
      mssa__lsp_site_now_any(L, &x.at);
      x.at.file = NULL;
      if (x.at.changed) continue;
    }
    bool call = !strcmp(jstr(e, "kind") ? jstr(e, "kind") : "", "call");
    x.kind = call ? "call" : write ? "write" : "read";
    x.at.file = strdup(file);
    x.at.function = dup_or_null(jstr(e, "function"));
    x.at.var = dup_or_null(jstr(e, "var"));
    x.at.callee = call ? dup_or_null(jstr(e, "callee") ? jstr(e, "callee") : "") : NULL;
    x.at.write = write;
    (*v)[(*n)++] = x;
  }
}

static void refs_free(lsp_ref *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(v[i].at.file);
    free(v[i].at.function);
    free(v[i].at.var);
    free(v[i].at.callee);
  }
  free(v);
}

/* The merged reads and writes at the cursor. 0 with the list (maybe
** empty) and *target (memssad's, a new reference), or 1 when the cursor
** names no global or member (or the line changed), -1 when memssad is
** unreachable. */
static int refs_at(mssa__lsp *L, json_t *params, lsp_ref **out, size_t *n, bool *trunc,
                   json_t **target) {
  unsigned line, col;
  lsp_doc *d = mssa__lsp_doc_pos(L, params, &line, &col);
  *out = NULL;
  *n = 0;
  *trunc = false;
  *target = NULL;
  if (!d || !d->loaded) return 1;
  unsigned then = d->unit ? line : mssa__lsp_to_compiled(d, line);
  if (!then) return 1;
  json_t *w = NULL, *r = NULL;
  int rc = ask(L, d, "writers", then, col, &w);
  if (!rc) rc = ask(L, d, "readers", then, col, &r);
  if (!rc) {
    add_refs(L, d, w, true, out, n, trunc);
    add_refs(L, d, r, false, out, n, trunc);
    *target = json_incref(json_object_get(w, "target"));
  }
  json_decref(w);
  json_decref(r);
  if (rc) return rc;
  if (*n) qsort(*out, *n, sizeof **out, ref_cmp);
  size_t kept = 0;   /* invariant 1: one entry per access */
  for (size_t i = 0; i < *n; i++) {
    lsp_ref *x = &(*out)[i];
    lsp_ref *prev = kept ? &(*out)[kept - 1] : NULL;
    if (prev && !ref_cmp(prev, x) && !strcmp(prev->at.function ? prev->at.function : "",
                                             x->at.function ? x->at.function : "")) {
      if (strcmp(prev->kind, "call") && strcmp(prev->kind, x->kind)) prev->kind = "readwrite";
      free(x->at.file);
      free(x->at.function);
      free(x->at.var);
      free(x->at.callee);
      continue;
    }
    (*out)[kept++] = *x;
  }
  *n = kept;
  return 0;
}

/* A merged answer, as the three requests take it. */
typedef struct refs_answer {
  lsp_ref *v;
  size_t n;
  bool trunc;
  json_t *target;
} refs_answer;

static int answer_at(mssa__lsp *L, json_t *params, refs_answer *a) {
  return refs_at(L, params, &a->v, &a->n, &a->trunc, &a->target);
}

static void answer_free(refs_answer *a) {
  json_decref(a->target);
  refs_free(a->v, a->n);
}

void mssa__lsp_references_any(mssa__lsp *L, json_t *id, json_t *params) {
  refs_answer a;
  if (answer_at(L, params, &a)) {   /* a local: the loads a write feeds */
    answer_free(&a);
    mssa__lsp_references(L, id, params);
    return;
  }
  json_t *locs = json_array();
  for (size_t i = 0; i < a.n; i++)
    if (strcmp(a.v[i].kind, "call")) json_array_append_new(locs, mssa__lsp_location_new(L, &a.v[i].at));
  answer_free(&a);
  mssa__lsp_reply(L, id, locs);
}

void mssa__lsp_memssa_references(mssa__lsp *L, json_t *id, json_t *params) {
  refs_answer a;
  json_t *arr = json_array();
  int rc = answer_at(L, params, &a);
  for (size_t i = 0; !rc && i < a.n; i++) {
    const lsp_site *x = &a.v[i].at;
    json_t *loc = mssa__lsp_location_new(L, x);
    json_object_set_new(loc, "kind", json_string(a.v[i].kind));
    json_object_set_new(loc, "line", json_integer(x->line));
    if (x->function) json_object_set_new(loc, "function", json_string(x->function));
    if (x->var) json_object_set_new(loc, "var", json_string(x->var));
    if (x->callee) json_object_set_new(loc, "callee", json_string(x->callee));
    json_array_append_new(arr, loc);
  }
  json_t *res = json_pack("{sOsosb}", "target", a.target ? a.target : json_null(), "references",
                          arr, "truncated", a.trunc);
  unsigned line, col;
  lsp_doc *d = mssa__lsp_doc_pos(L, params, &line, &col);
  /* where the list is from: the whole program, or this file (its project still loading) */
  json_object_set_new(res, "scope", json_string(d && mssa__lsp_proj_module(d) ? "program" : "file"));
  json_object_set_new(res, "project_loading", json_boolean(d && mssa__lsp_proj_loading(d)));
  mssa__lsp_reply(L, id, res);
  answer_free(&a);
}

void mssa__lsp_document_highlight(mssa__lsp *L, json_t *id, json_t *params) {
  refs_answer a;
  json_t *arr = json_array();
  lsp_doc *d = NULL;
  unsigned line, col;
  if (!answer_at(L, params, &a)) d = mssa__lsp_doc_pos(L, params, &line, &col);
  for (size_t i = 0; d && i < a.n; i++) {
    if (!strcmp(a.v[i].kind, "call") || strcmp(a.v[i].at.file, d->path)) continue;  /* this file's */
    json_t *loc = mssa__lsp_location_new(L, &a.v[i].at);
    json_t *h = json_pack("{sOsi}", "range", json_object_get(loc, "range"), "kind",
                          strcmp(a.v[i].kind, "read") ? 3 : 2);   /* Write 3, Read 2 */
    json_decref(loc);
    json_array_append_new(arr, h);
  }
  answer_free(&a);
  mssa__lsp_reply(L, id, arr);
}
