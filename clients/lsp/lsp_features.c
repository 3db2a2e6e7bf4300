/*
** lsp_features.c -- the language features of `memssa lsp`: hover,
** definition, references and executeCommand, each a rendering of
** lsp_reach.c's answers in LSP shapes (code lenses and inlay hints:
** lsp_lens.c).
**
**   hover       on a load or store: the writes whose value it may read (or
**               overwrite), each as "line N: <source line>" with the C
**               expression written, and "before the function" when the
**               value may come from its caller;
**   definition  the locations of those writes;
**   references  on a store: the loads that may read what it wrote (on a
**               global or a struct field lsp_refs.c answers first);
**   executeCommand "memssa.print": the MemorySSA of the function at a line.
**
** Invariants:
**   1. Positions are converted here and only here (lsp_lens.c through
**      mssa__lsp_char): LSP's 0-based line and
**      UTF-16 (or negotiated UTF-8) character to memssad's 1-based line and
**      byte column, and back, using the line's text.
**   2. Every request gets exactly one reply; a document that is unknown or
**      not (yet) loaded gets an empty answer (null / []), not an error.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

#define HOVER_MAX_ACCESSES 4
#define HOVER_MAX_ENTRIES 12   /* bullets per access; then "and N more" */
#define LINE_MAX_BYTES 4096

/* ------------------------------------------------------ positions */

static size_t utf8_len(unsigned char c) { return c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

/* Walks the UTF-8 text `s` until `max_bytes` bytes or `max_units` UTF-16
** code units are covered (or it ends); *bytes and *units: how far. */
static void utf8_walk(const char *s, size_t max_bytes, size_t max_units, size_t *bytes,
                      size_t *units) {
  size_t b = 0, u = 0;
  while (s[b] && b < max_bytes && u < max_units) {
    size_t k = utf8_len((unsigned char)s[b]);
    u += k == 4 ? 2 : 1;
    for (size_t j = 0; j < k && s[b]; j++) b++;
  }
  *bytes = b;
  *units = u;
}

static size_t utf16_to_bytes(const char *s, size_t units) {
  size_t b, u;
  utf8_walk(s, SIZE_MAX, units, &b, &u);
  return b;
}

static size_t bytes_to_utf16(const char *s, size_t bytes) {
  size_t b, u;
  utf8_walk(s, bytes, SIZE_MAX, &b, &u);
  return u;
}

/* The document and 1-based line / byte column of params.position. */
static lsp_doc *doc_pos(mssa__lsp *L, json_t *params, unsigned *line, unsigned *col) {
  const char *uri =
      json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
  lsp_doc *d = mssa__lsp_doc_find(L, uri);
  json_t *pos = json_object_get(params, "position");
  if (!d || !json_is_object(pos)) return NULL;
  *line = (unsigned)json_integer_value(json_object_get(pos, "line")) + 1;
  size_t ch = (size_t)json_integer_value(json_object_get(pos, "character"));
  char text[LINE_MAX_BYTES];
  if (!L->utf8 && mssa__lsp_source_line(L, d->path, *line, text, sizeof text))
    ch = utf16_to_bytes(text, ch);
  *col = (unsigned)ch + 1;
  return d;
}

int mssa__lsp_char(mssa__lsp *L, const char *path, unsigned line, unsigned col) {
  size_t b = col ? col - 1 : 0;
  char text[LINE_MAX_BYTES];
  if (!L->utf8 && mssa__lsp_source_line(L, path, line, text, sizeof text))
    return (int)bytes_to_utf16(text, b);
  return (int)b;
}

static json_t *location_new(mssa__lsp *L, const lsp_site *s) {
  char *uri = mssa__lsp_path_to_uri(s->file);
  int line = s->line ? (int)s->line - 1 : 0, ch = mssa__lsp_char(L, s->file, s->line, s->col);
  json_t *loc = json_pack("{sss{s{sisi}s{sisi}}}", "uri", uri, "range", "start", "line", line,
                          "character", ch, "end", "line", line, "character", ch + 1);
  free(uri);
  return loc;
}

lsp_doc *mssa__lsp_doc_pos(mssa__lsp *L, json_t *params, unsigned *line, unsigned *col) {
  return doc_pos(L, params, line, col);
}

json_t *mssa__lsp_location_new(mssa__lsp *L, const lsp_site *s) { return location_new(L, s); }

/* ------------------------------------------------------ requests */

/* The accesses at params.position: its document, or NULL (then *n is 0);
** *changed (if given): the cursor's line changed since the last good
** compile, so nothing is answered about it. */
static lsp_doc *accesses_changed(mssa__lsp *L, json_t *params, lsp_access **a, size_t *n,
                                 unsigned *changed) {
  unsigned line, col;
  lsp_doc *d = doc_pos(L, params, &line, &col);
  *a = NULL;
  *n = 0;
  int rc = d ? mssa__lsp_accesses_at(L, d, line, col, a, n) : -1;
  if (changed) *changed = rc == LSP_LINE_CHANGED ? line : 0;
  return !rc ? d : NULL;
}

static lsp_doc *accesses_here(mssa__lsp *L, json_t *params, lsp_access **a, size_t *n) {
  return accesses_changed(L, params, a, n, NULL);
}

void mssa__lsp_hover(mssa__lsp *L, json_t *id, json_t *params) {
  lsp_access *a;
  size_t n;
  unsigned changed;
  lsp_doc *d = accesses_changed(L, params, &a, &n, &changed);
  if (changed) {   /* say why there is no answer, rather than a stale one */
    char t[256];
    snprintf(t, sizeof t,
             "_memssa: line %u changed since the last good compile; it is answered again "
             "once the file compiles_",
             changed);
    mssa__lsp_reply(L, id, json_pack("{s{ssss}}", "contents", "kind", "markdown", "value", t));
    return;
  }
  if (!d || !n) {
    mssa__lsp_reply(L, id, json_null());
    mssa__lsp_accesses_free(a, n);
    return;
  }
  lsp_sbuf b = {0};
  /* clang's own temporaries (an atomic's, a struct return's) have no name:
  ** beside a named access of the same position they are noise */
  bool named = false;
  for (size_t i = 0; i < n; i++) named |= a[i].self.var != NULL;
  for (size_t i = 0, shown = 0; i < n && shown < HOVER_MAX_ACCESSES; i++) {
    if (named && !a[i].self.var) continue;
    if (shown++) mssa__lsp_sb_add(&b, "\n---\n\n");
    mssa__lsp_hover_access(L, &b, &a[i], HOVER_MAX_ENTRIES);
  }
  if (mssa__lsp_proj_loading(d))   /* lsp_proj.c: answered alone meanwhile */
    mssa__lsp_sb_add(&b, "\n_(this file only; the project is loading)_\n");
  else if (mssa__lsp_proj_module(d))
    mssa__lsp_sb_add(&b, "\n_(from the whole program of %zu file%s)_\n", d->proj->nlinked,
                     d->proj->nlinked == 1 ? "" : "s");
  if (!d->lines_same)
    mssa__lsp_sb_add(&b, "\n_(as of the last good compile; lines mapped through the edits "
                         "since)_\n");
  else if (d->dirty)
    mssa__lsp_sb_add(&b, "\n_(as of the last save)_\n");
  json_t *contents = json_pack("{ssss}", "kind", "markdown", "value", b.p);
  json_t *res = json_pack("{so}", "contents", contents);
  if (a[0].self.file) {
    json_t *loc = location_new(L, &a[0].self);
    json_object_set(res, "range", json_object_get(loc, "range"));
    json_decref(loc);
  }
  free(b.p);
  mssa__lsp_accesses_free(a, n);
  mssa__lsp_reply(L, id, res);
}

/* The writes of the line at params.position when the accesses at the
** cursor have none (the cursor on `user` of `c->user = x;` is nearer the
** load of `c`): those nearest the cursor's column. */
static void writes_of_line(mssa__lsp *L, json_t *params, lsp_access **a, size_t *n) {
  for (size_t i = 0; i < *n; i++)
    if ((*a)[i].self.write) return;
  unsigned line, col;
  lsp_doc *d = doc_pos(L, params, &line, &col);
  lsp_access *all = NULL;
  size_t k = 0;
  if (!d || mssa__lsp_accesses_at(L, d, line, 0, &all, &k)) return;
  unsigned best = ~0u;
  for (size_t i = 0; i < k; i++) {
    unsigned c = all[i].self.col, dist = c > col ? c - col : col - c;
    if (all[i].self.write && dist < best) best = dist;
  }
  if (best == ~0u) {
    mssa__lsp_accesses_free(all, k);
    return;
  }
  size_t kept = 0;
  for (size_t i = 0; i < k; i++) {
    unsigned c = all[i].self.col, dist = c > col ? c - col : col - c;
    if (all[i].self.write && dist == best) {
      lsp_access t = all[kept];
      all[kept++] = all[i];
      all[i] = t;
    }
  }
  mssa__lsp_accesses_free(*a, *n);
  for (size_t i = kept; i < k; i++) mssa__lsp_access_clear(&all[i]);
  *a = all;
  *n = kept;
}

void mssa__lsp_definition(mssa__lsp *L, json_t *id, json_t *params) {
  lsp_access *a;
  size_t n;
  lsp_doc *d = accesses_here(L, params, &a, &n);
  json_t *locs = json_array();
  /* the reads at the position first: definition is about where a value came from */
  bool reads = false, entry = false;
  for (size_t i = 0; i < n; i++) reads |= !a[i].self.write;
  const lsp_access *said = NULL;
  for (size_t i = 0; i < n; i++) {
    if (reads && a[i].self.write) continue;
    if (!said) said = &a[i];
    entry |= a[i].entry;
    for (size_t j = 0; j < a[i].nwrites; j++)
      if (a[i].writes[j].file && !a[i].writes[j].changed)
        json_array_append_new(locs, location_new(L, &a[i].writes[j]));
    for (size_t j = 0; j < a[i].ninner; j++)   /* a program's: the writes inside the callee */
      if (a[i].inner[j].file && !a[i].inner[j].changed)
        json_array_append_new(locs, location_new(L, &a[i].inner[j]));
  }
  /* an empty answer moves nothing: say why, or the user is left guessing */
  if (d && !json_array_size(locs)) {
    if (!said)
      mssa__lsp_show(L, 3, "memssa: nothing at the cursor reads or writes memory");
    else
      mssa__lsp_show(L, 3, "memssa: no write in `%s` %s `%s`%s", said->self.function,
                     said->self.write ? "comes before" : "reaches",
                     said->self.var ? said->self.var : "memory",
                     entry ? ": its value comes from before the function was entered" : "");
  }
  mssa__lsp_accesses_free(a, n);
  mssa__lsp_reply(L, id, locs);
}

void mssa__lsp_references(mssa__lsp *L, json_t *id, json_t *params) {
  lsp_access *a;
  size_t n;
  lsp_doc *d = accesses_here(L, params, &a, &n);
  if (d) writes_of_line(L, params, &a, &n);
  json_t *locs = json_array();
  bool decl = json_is_true(json_object_get(json_object_get(params, "context"),
                                           "includeDeclaration"));
  const lsp_access *w = NULL;
  for (size_t i = 0; i < n; i++) {
    if (!a[i].self.write) continue;
    if (!w) w = &a[i];
    if (decl && a[i].self.file) json_array_append_new(locs, location_new(L, &a[i].self));
    lsp_site *r = NULL;
    size_t k = 0;
    if (!mssa__lsp_readers(L, d, &a[i], &r, &k))
      for (size_t j = 0; j < k; j++)
        if (r[j].file && !r[j].changed) json_array_append_new(locs, location_new(L, &r[j]));
    mssa__lsp_sites_free(r, k);
  }
  if (d && !json_array_size(locs)) {
    if (!w)
      mssa__lsp_show(L, 3, "memssa: no write on this line (references are the loads a write feeds)");
    else
      mssa__lsp_show(L, 3, "memssa: no load in `%s` reads what this write to `%s` stores",
                     w->self.function, w->self.var ? w->self.var : "memory");
  }
  mssa__lsp_accesses_free(a, n);
  mssa__lsp_reply(L, id, locs);
}

/* memssa.writes [uri, line, character] (0-based, as LSP): every write of
** the accesses there, ungrouped and uncapped ({"text": markdown}): what a
** hover's "and N more" stands for. */
static void execute_writes(mssa__lsp *L, json_t *id, lsp_doc *d, json_t *args) {
  json_t *ln = json_array_get(args, 1), *ch = json_array_get(args, 2);
  if (!json_is_integer(ln)) {
    mssa__lsp_fail(L, id, LSP_INVALID_PARAMS, "memssa.writes needs [uri, line, character]");
    return;
  }
  json_t *params = json_pack("{s{ss}s{sIsI}}", "textDocument", "uri", d->uri, "position", "line",
                             json_integer_value(ln), "character",
                             json_is_integer(ch) ? json_integer_value(ch) : (json_int_t)0);
  lsp_access *a;
  size_t n;
  accesses_here(L, params, &a, &n);
  json_decref(params);
  lsp_sbuf b = {0};
  for (size_t i = 0; i < n; i++) {
    if (i) mssa__lsp_sb_add(&b, "\n---\n\n");
    mssa__lsp_hover_access(L, &b, &a[i], 0);
  }
  mssa__lsp_accesses_free(a, n);
  mssa__lsp_reply(L, id, json_pack("{ss}", "text", b.p ? b.p : ""));
  free(b.p);
}

/* memssa.print [uri, line?]: the MemorySSA of the function with an access
** on that line (0-based, as LSP), or of the whole module; memssa.dot [uri,
** line]: that function's Graphviz drawing ({"text": "digraph ..."});
** memssa.stats: the server's counters (lens lines computed and cached). */
void mssa__lsp_execute(mssa__lsp *L, json_t *id, json_t *params) {
  const char *cmd = json_string_value(json_object_get(params, "command"));
  json_t *args = json_object_get(params, "arguments");
  lsp_doc *d = mssa__lsp_doc_find(L, json_string_value(json_array_get(args, 0)));
  bool dot = cmd && !strcmp(cmd, "memssa.dot"), writes = cmd && !strcmp(cmd, "memssa.writes");
  if (cmd && !strcmp(cmd, "memssa.stats")) {   /* the server's own counters */
    mssa__lsp_reply(L, id, json_pack("{sIsIsI}", "lens_lines_computed",
                                     (json_int_t)L->lens_computed, "lens_lines_cached",
                                     (json_int_t)L->lens_cached, "lens_jobs", (json_int_t)L->njobs));
    return;
  }
  if (!cmd || (strcmp(cmd, "memssa.print") && !dot && !writes)) {
    mssa__lsp_fail(L, id, LSP_INVALID_PARAMS,
                   "unknown command '%s' (memssa.print, memssa.dot, memssa.writes and "
                   "memssa.stats are known)",
                   cmd ? cmd : "");
    return;
  }
  if (!d || !d->loaded) {
    mssa__lsp_fail(L, id, LSP_REQUEST_FAILED, "the document is not open or not loaded");
    return;
  }
  if (writes) {
    execute_writes(L, id, d, args);
    return;
  }
  json_t *p = json_pack("{ss}", "module", mssa__lsp_doc_module(d));
  json_t *ln = json_array_get(args, 1);
  lsp_access *a = NULL;
  size_t n = 0;
  if (json_is_integer(ln) &&
      !mssa__lsp_accesses_at(L, d, (unsigned)json_integer_value(ln) + 1, 0, &a, &n) && n)
    json_object_set_new(p, "function", json_string(a[0].self.function));
  mssa__lsp_accesses_free(a, n);
  if (dot && !json_object_get(p, "function")) {
    json_decref(p);
    mssa__lsp_fail(L, id, LSP_INVALID_PARAMS, "memssa.dot needs a line with a memory access");
    return;
  }
  if (dot) json_object_set_new(p, "format", json_string("dot"));
  json_t *r;
  int rc = mssa__lsp_call(L, "print", p, &r);
  const char *why = rc > 0 ? json_string_value(json_object_get(r, "message")) : NULL;
  if (rc == 0) mssa__lsp_reply(L, id, json_incref(r));
  else mssa__lsp_fail(L, id, LSP_REQUEST_FAILED, "%s", why ? why : "memssad unreachable");
  json_decref(r);
}
