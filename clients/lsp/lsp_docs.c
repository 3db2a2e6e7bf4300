/*
** lsp_docs.c -- open documents: when opened and when saved, memssad
** compiles the file (`load {"source"}`: the compile driver of
** libmemssa-client/compile.c on the daemon's pool, clang's output read
** there, never sent through this process) and loads the IR under the
** file's absolute path as the module name (so a save reloads by
** difference); clang's diagnostics published, $/progress reported while
** that runs.
**
** Invariants:
**   1. A compile that fails leaves the last good module loaded: answers
**      stay available (for the text as last compiled) next to the errors.
**   2. Every publishDiagnostics replaces the previous set: files that had
**      diagnostics and have none now get an empty list. Only clang's errors
**      are published (warnings are the C language server's to show).
**   3. IR memssa's reader rejects (-32010 without reason compile_failed)
**      is compiled again with clang 14 (LLVM_14_CLANG), unless the user
**      named the compiler or there is no clang 14.
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <stdint.h>

#include "common/compile.h"
#include "lsp_int.h"

/* The compiler whose IR memssa's reader is sure to read. */
#define LLVM_14_CLANG "clang-14"

/* ------------------------------------------------------ URIs */

static int hexval(char c) {
  return isdigit((unsigned char)c) ? c - '0' : (tolower((unsigned char)c) - 'a' + 10);
}

char *mssa__lsp_uri_to_path(const char *uri) {
  if (!uri || strncmp(uri, "file://", 7)) return NULL;
  const char *s = uri + 7;
  if (strncmp(s, "localhost/", 10) == 0) s += 9;
  char *p = malloc(strlen(s) + 1), *o = p;
  if (!p) abort();
  for (; *s; s++) {
    if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
      *o++ = (char)(hexval(s[1]) * 16 + hexval(s[2]));
      s += 2;
    } else {
      *o++ = *s;
    }
  }
  *o = 0;
  return p;
}

char *mssa__lsp_path_to_uri(const char *path) {
  char *u = malloc(strlen(path) * 3 + 8), *o = u;
  if (!u) abort();
  o += sprintf(o, "file://");
  for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
    if (isalnum(*s) || strchr("/-._~", *s)) *o++ = (char)*s;
    else o += sprintf(o, "%%%02X", *s);
  }
  *o = 0;
  return u;
}

/* ------------------------------------------------------ the set */

lsp_doc *mssa__lsp_doc_find(mssa__lsp *L, const char *uri) {
  for (size_t i = 0; uri && i < L->ndocs; i++)
    if (!strcmp(L->docs[i]->uri, uri)) return L->docs[i];
  return NULL;
}

/* A new generation of d's module (or d's end): the code lens summaries of
** the last one go (lsp_lens.c invariant 1). */
static void lens_reset(lsp_doc *d) {
  for (size_t i = 0; i < d->nlens; i++) free(d->lens[i]);
  free(d->lens);
  d->lens = NULL;
  d->nlens = 0;
  d->gen++;
}

static void doc_free(lsp_doc *d) {
  free(d->uri);
  free(d->path);
  free(d->unit);
  free(d->text);
  free(d->compiled);
  free(d->now2then);
  free(d->then2now);
  free(d->load_lines);
  lens_reset(d);
  for (size_t i = 0; i < d->ndiag_uris; i++) free(d->diag_uris[i]);
  free(d->diag_uris);
  free(d);
}

void mssa__lsp_docs_free(mssa__lsp *L) {
  for (size_t i = 0; i < L->ndocs; i++) doc_free(L->docs[i]);
  free(L->docs);
  L->docs = NULL;
  L->ndocs = L->capdocs = 0;
}

bool mssa__lsp_source_line(mssa__lsp *L, const char *path, unsigned line, char *buf, size_t cap) {
  const char *text = NULL;
  for (size_t i = 0; i < L->ndocs && !text; i++)
    if (!strcmp(L->docs[i]->path, path)) text = L->docs[i]->text;
  FILE *f = text ? NULL : fopen(path, "r");
  if (!text && !f) return false;
  unsigned k = 1;
  bool found = false;
  if (text) {
    for (const char *s = text; s; k++) {
      const char *eol = strchr(s, '\n');
      if (k == line) {
        size_t n = eol ? (size_t)(eol - s) : strlen(s);
        snprintf(buf, cap, "%.*s", (int)n, s);
        found = true;
        break;
      }
      s = eol ? eol + 1 : NULL;
    }
  } else {
    char tmp[4096];
    while (fgets(tmp, sizeof tmp, f)) {
      bool whole = strchr(tmp, '\n') != NULL;
      if (k == line && !found) {
        snprintf(buf, cap, "%s", tmp);
        found = true;
      }
      if (whole && k++ == line) break;
    }
    fclose(f);
  }
  if (found) buf[strcspn(buf, "\r\n")] = 0;
  return found;
}

/* ------------------------------------------------------ progress */

static void progress(mssa__lsp *L, json_t *token, const char *kind, const char *msg) {
  if (!token) return;
  mssa__lsp_notify(L, "$/progress",
                   json_pack("{sOs{ssss}}", "token", token, "value", "kind", kind, "message", msg));
}

/* ------------------------------------------------------ diagnostics */

static json_t *range_new(unsigned line, unsigned col0, unsigned col1) {
  return json_pack("{s{sisi}s{sisi}}", "start", "line", (int)line, "character", (int)col0, "end",
                   "line", (int)line, "character", (int)col1);
}

/* One clang diagnostic as an LSP Diagnostic. Columns are bytes here; the
** editor's UTF-16 count differs only past non-ASCII text on that line. */
static json_t *diag_new(const mssa_compile_diag *g) {
  unsigned line = g->line ? g->line - 1 : 0, col = g->col ? g->col - 1 : 0;
  return json_pack("{sosissss}", "range", range_new(line, col, g->col ? col + 1 : 1000),
                   "severity", g->severity, "source", g->memssa ? "memssa" : "memssa (clang)",
                   "message", g->message);
}

/* Publishes `diags` (or nothing) for the document and every file they
** name; clears files published before that have none now. */
static void publish(mssa__lsp *L, lsp_doc *d, const mssa_compile_diag *diags, size_t n,
                    json_t *extra) {
  json_t *byfile = json_object();   /* uri -> [Diagnostic] */
  json_object_set_new(byfile, d->uri, extra ? extra : json_array());
  for (size_t i = 0; i < n; i++) {
    const mssa_compile_diag *g = &diags[i];
    /* clang's errors only: its warnings are the business of the editor's
    ** C server (clangd), which would show them a second time. memssa's
    ** own (a refused flag, a compiler not run) always: nobody else says them */
    if (g->severity != MSSA_DIAG_ERROR && !g->memssa) continue;
    char *uri = g->file ? mssa__lsp_path_to_uri(g->file) : strdup(d->uri);
    json_t *arr = json_object_get(byfile, uri);
    if (!arr) json_object_set_new(byfile, uri, arr = json_array());
    json_array_append_new(arr, diag_new(g));
    free(uri);
  }
  for (size_t i = 0; i < d->ndiag_uris; i++) {
    if (!json_object_get(byfile, d->diag_uris[i]))
      json_object_set_new(byfile, d->diag_uris[i], json_array());
    free(d->diag_uris[i]);
  }
  free(d->diag_uris);
  d->diag_uris = calloc(json_object_size(byfile) + 1, sizeof *d->diag_uris);
  d->ndiag_uris = 0;
  const char *uri;
  json_t *arr;
  json_object_foreach(byfile, uri, arr) {
    if (json_array_size(arr)) d->diag_uris[d->ndiag_uris++] = strdup(uri);
    mssa__lsp_notify(L, "textDocument/publishDiagnostics",
                     json_pack("{sssO}", "uri", uri, "diagnostics", arr));
  }
  json_decref(byfile);
}

/* ------------------------------------------------------ compile + load */

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* Has memssad compile the document's file and load its IR (`load
** {"source"}`: clang's output goes straight into the daemon, and a save
** reloads by difference there); the reply lists the lines with loads.
** 0, 1 with *res the daemon's error object, -1 when it is unreachable. */
static int load_source(mssa__lsp *L, lsp_doc *d, const char *clang, json_t **res) {
  const char *m = mssa__lsp_doc_module(d);
  json_t *p = json_pack("{sssssb}", "module", m, "source", m, "load_lines", 1);
  mssa__lsp_compile_settings(L, clang, p);
  if (L->commands_dir) json_object_set_new(p, "compile_commands_dir", json_string(L->commands_dir));
  return mssa__lsp_call(L, "load", p, res);
}

/* Is the daemon's error a compile that failed (clang's diagnostics in
** data), rather than IR memssa could not read? */
static bool compile_failed(json_t *err) {
  const char *why = json_string_value(json_object_get(json_object_get(err, "data"), "reason"));
  return why && !strcmp(why, "compile_failed");
}

/* clang's diagnostics from a failed source load's data.diagnostics;
** *n entries, malloc'ed strings. */
static mssa_compile_diag *diags_from(json_t *arr, size_t *n) {
  *n = json_array_size(arr);
  mssa_compile_diag *v = calloc(*n ? *n : 1, sizeof *v);
  if (!v) abort();
  for (size_t i = 0; i < *n; i++) {
    json_t *g = json_array_get(arr, i);
    const char *f = json_string_value(json_object_get(g, "file"));
    const char *m = json_string_value(json_object_get(g, "message"));
    const char *sev = json_string_value(json_object_get(g, "severity"));
    v[i].file = f ? strdup(f) : NULL;
    v[i].message = strdup(m ? m : "");
    v[i].line = (unsigned)json_integer_value(json_object_get(g, "line"));
    v[i].col = (unsigned)json_integer_value(json_object_get(g, "col"));
    const char *src = json_string_value(json_object_get(g, "source"));
    v[i].memssa = src && !strcmp(src, "memssa");
    v[i].severity = !sev || !strcmp(sev, "error") ? MSSA_DIAG_ERROR
                    : !strcmp(sev, "warning")     ? MSSA_DIAG_WARNING
                                                  : MSSA_DIAG_NOTE;
  }
  return v;
}

static void diags_free(mssa_compile_diag *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(v[i].file);
    free(v[i].message);
  }
  free(v);
}

/* A diagnostic of memssa's own (not clang's) at the top of the file. */
static json_t *own_diag(int severity, const char *fmt, const char *a, const char *b) {
  char msg[1024];
  snprintf(msg, sizeof msg, fmt, a, b);
  json_t *arr = json_array();
  json_array_append_new(arr, json_pack("{sosissss}", "range", range_new(0, 0, 0), "severity",
                                       severity, "source", "memssa", "message", msg));
  return arr;
}

/* The reply's load_lines as the document's lines with loads. */
static void take_load_lines(lsp_doc *d, json_t *res) {
  json_t *arr = json_object_get(res, "load_lines");
  lens_reset(d);   /* a new generation: its lenses are asked again */
  free(d->load_lines);
  d->nload_lines = json_array_size(arr);
  d->load_lines = malloc((d->nload_lines ? d->nload_lines : 1) * sizeof *d->load_lines);
  if (!d->load_lines) abort();
  for (size_t i = 0; i < d->nload_lines; i++)
    d->load_lines[i] = (unsigned)json_integer_value(json_array_get(arr, i));
}

/* IR memssa's reader rejected (invariant 3): compiled again by clang 14,
** when there is one and the user named no compiler. */
static int retry_llvm14(mssa__lsp *L, lsp_doc *d, json_t **res) {
  char *c14 = L->clang ? NULL : mssa_compile_which(LLVM_14_CLANG);
  if (!c14) return 1;
  json_t *r14 = NULL;
  int rc = load_source(L, d, c14, &r14);
  free(c14);
  json_decref(*res);
  *res = r14;
  return rc;
}

void mssa__lsp_compile_and_load(mssa__lsp *L, lsp_doc *d) {
  const char *base = strrchr(d->path, '/') ? strrchr(d->path, '/') + 1 : d->path;
  char msg[512];
  if (mssa__lsp_is_header(d->path) && !d->unit) {   /* lsp_unit.c: nothing compiles it */
    json_t *e = own_diag(3, "memssa: no .c file that includes %s is open or in its directory: "
                            "open one, and this header answers through it%s", base, "");
    publish(L, d, NULL, 0, e);
    return;
  }
  snprintf(msg, sizeof msg, "compiling and loading %s", d->unit ? d->unit : base);
  json_t *tok = mssa__lsp_progress_begin(L, "memssa", msg);
  uint64_t t0 = now_ms();
  json_t *res = NULL, *extra = NULL;
  int lrc = load_source(L, d, L->clang, &res);
  if (lrc == 1 && json_integer_value(json_object_get(res, "code")) == -32010 &&
      !compile_failed(res))
    lrc = retry_llvm14(L, d, &res);
  mssa_compile_diag *diags = NULL;
  size_t ndiags = 0;
  if (lrc == 0) {
    d->loaded = true;
    d->dirty = false;
    free(d->compiled);   /* the answers are about this text from now on */
    d->compiled = strdup(d->text ? d->text : "");
    mssa__lsp_lines_update(d);
    take_load_lines(d, res);
    if (d->unit) d->nload_lines = 0;   /* the unit's lines, not the header's: no lenses */
    diags = diags_from(json_object_get(res, "compile_diagnostics"), &ndiags);
    const char *how = json_string_value(json_object_get(res, "reload"));
    snprintf(msg, sizeof msg, "%s: %lld functions (%s load, %lld rebuilt, %llu ms)", base,
             json_integer_value(json_object_get(res, "functions")), how ? how : "full",
             json_integer_value(json_object_get(res, "rebuilt")),
             (unsigned long long)(now_ms() - t0));
    const char *why = json_string_value(json_object_get(res, "why_full"));
    if (why)   /* a replace that could not be done by difference: say why */
      snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; full because %s", why);
  } else if (lrc == 1 && compile_failed(res)) {
    /* the last good module stays loaded (invariant 1) */
    diags = diags_from(json_object_get(json_object_get(res, "data"), "diagnostics"), &ndiags);
    bool errors = false;
    for (size_t i = 0; i < ndiags; i++) errors |= diags[i].severity == MSSA_DIAG_ERROR;
    const char *ce = json_string_value(json_object_get(json_object_get(res, "data"),
                                                       "compile_error"));
    snprintf(msg, sizeof msg, "%s: %s", base, ce ? ce : "clang failed");
    if (!errors) extra = own_diag(1, "memssa: %s%s", msg, "");
  } else {
    const char *why = lrc < 0 ? "memssad cannot be reached"
                              : json_string_value(json_object_get(res, "message"));
    snprintf(msg, sizeof msg, "%s: not loaded", base);
    extra = own_diag(lrc == 1 && json_integer_value(json_object_get(res, "code")) != -32010 ? 1 : 2,
                     "memssa could not compile or load %s: %s", base, why ? why : "?");
  }
  publish(L, d, diags, ndiags, extra);
  diags_free(diags, ndiags);
  progress(L, tok, "end", msg);
  json_decref(tok);
  json_decref(res);
}

/* ------------------------------------------------------ notifications */

static const char *doc_uri(json_t *params) {
  return json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
}

void mssa__lsp_did_open(mssa__lsp *L, json_t *params) {
  json_t *td = json_object_get(params, "textDocument");
  const char *uri = json_string_value(json_object_get(td, "uri"));
  const char *text = json_string_value(json_object_get(td, "text"));
  char *path = mssa__lsp_uri_to_path(uri);
  char real[PATH_MAX];
  if (!path || !text) {
    free(path);
    return;
  }
  lsp_doc *d = mssa__lsp_doc_find(L, uri);
  if (!d) {
    if (L->ndocs == L->capdocs) {
      L->capdocs = L->capdocs ? L->capdocs * 2 : 8;
      L->docs = realloc(L->docs, L->capdocs * sizeof *L->docs);
      if (!L->docs) abort();
    }
    d = L->docs[L->ndocs++] = calloc(1, sizeof *d);
    if (!d) abort();
    d->uri = strdup(uri);
    d->path = strdup(realpath(path, real) ? real : path);
    if (mssa__lsp_is_header(d->path)) d->unit = mssa__lsp_header_unit(L, d->path);
  }
  free(path);
  free(d->text);
  d->text = strdup(text);
  mssa__lsp_lines_update(d);
  d->version = (long)json_integer_value(json_object_get(td, "version"));
  mssa__lsp_compile_and_load(L, d);
  if (d->loaded) mssa__lsp_proj_open(L, d);   /* its project, in the background */
}

void mssa__lsp_did_change(mssa__lsp *L, json_t *params) {
  lsp_doc *d = mssa__lsp_doc_find(L, doc_uri(params));
  json_t *changes = json_object_get(params, "contentChanges");
  size_t n = json_array_size(changes);
  if (!d || !n) return;
  /* full sync: the last change holds the whole text */
  const char *text = json_string_value(json_object_get(json_array_get(changes, n - 1), "text"));
  if (!text) return;
  free(d->text);
  d->text = strdup(text);
  d->dirty = true;
  mssa__lsp_lines_update(d);
  d->version = (long)json_integer_value(
      json_object_get(json_object_get(params, "textDocument"), "version"));
}

void mssa__lsp_did_save(mssa__lsp *L, json_t *params) {
  lsp_doc *d = mssa__lsp_doc_find(L, doc_uri(params));
  if (!d) return;
  const char *text = json_string_value(json_object_get(params, "text"));
  if (text) {
    free(d->text);
    d->text = strdup(text);
    mssa__lsp_lines_update(d);
  }
  mssa__lsp_compile_and_load(L, d);
  mssa__lsp_proj_saved(L, d);
}

/* Unloads the document's module from memssad, if it holds one. */
static void unload(mssa__lsp *L, lsp_doc *d) {
  if (!d->loaded) return;
  json_t *r;
  for (size_t i = 0; d->unit && i < L->ndocs; i++)   /* the unit is open itself: it stays */
    if (L->docs[i] != d && !strcmp(L->docs[i]->path, d->unit)) {
      d->loaded = false;
      return;
    }
  mssa__lsp_call(L, "unload", json_pack("{ss}", "module", mssa__lsp_doc_module(d)), &r);
  json_decref(r);
  d->loaded = false;
}

void mssa__lsp_unload_all(mssa__lsp *L) {
  /* an editor that quits sends no didClose (Neovim does not): what it
  ** opened goes with it, but only over a connection that is up (never
  ** start memssad to unload) */
  if (!L->dc) return;
  for (size_t i = 0; i < L->ndocs; i++) unload(L, L->docs[i]);
}

void mssa__lsp_did_close(mssa__lsp *L, json_t *params) {
  const char *uri = doc_uri(params);
  for (size_t i = 0; uri && i < L->ndocs; i++) {
    lsp_doc *d = L->docs[i];
    if (strcmp(d->uri, uri)) continue;
    unload(L, d);
    publish(L, d, NULL, 0, NULL);
    doc_free(d);
    L->docs[i] = L->docs[--L->ndocs];
    return;
  }
}
