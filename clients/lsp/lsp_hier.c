/*
** lsp_hier.c -- the memory dependence hierarchy (issue 29), shown as LSP's
** call hierarchy: textDocument/prepareCallHierarchy on a load or a store
** gives the accesses there as items; callHierarchy/incomingCalls of an
** item lists the writes whose value it may read (a write: the writes it
** overwrites), each an item whose incoming calls are, in turn, what
** reaches it. In a program, a call whose callee writes the global a load
** reads has the writes inside the callee (memssad's through_call) as its
** incoming items, expanded in turn as any write is (through_call names
** each one's unit, function and instruction id). callHierarchy/
** outgoingCalls of a write: the loads that may read what it stored.
**
** Invariants:
**   1. An item carries in `data` everything its next step asks memssad
**      (module, unit, function, stable instruction id; a call's writes
**      inside): the server keeps nothing between requests, and an item
**      from before a reload gets memssad's answer for that id, or none.
**   2. Bounded: lsp_reach.c's caps (LSP_MAX_WRITES writes, LSP_MAX_INNER
**      writes inside, LSP_MAX_READERS readers) per step; the editor asks
**      one level at a time, so the depth is the user's.
**   3. A site without a source line is no item (the editor needs a
**      range): parameter spills and writes before the function are left
**      out of the tree.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

enum { SYMBOL_FUNCTION = 12, SYMBOL_VARIABLE = 13 };

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* {module, unit?, function, inst, write, inner?}: what the next step asks
** (invariant 1). */
static json_t *data_new(const char *module, const char *unit, const lsp_site *s) {
  json_t *o = json_pack("{sssssIsb}", "module", module ? module : "", "function",
                        s->function ? s->function : "", "inst", (json_int_t)s->inst, "write",
                        s->write);
  const char *u = s->unit ? s->unit : unit;
  if (u) json_object_set_new(o, "unit", json_string(u));
  return o;
}

/* One item: "read of `x`", "write to `x`", "call to `f`"; NULL for a site
** without a line (invariant 3). Steals data. */
static json_t *item_new(mssa__lsp *L, const lsp_site *s, json_t *data) {
  if (!s->file || !s->line || s->changed) {
    json_decref(data);
    return NULL;
  }
  char name[512], detail[512];
  const char *var = s->var ? s->var : "memory";
  if (s->callee) snprintf(name, sizeof name, "call to `%s`", *s->callee ? s->callee : "(indirect)");
  else snprintf(name, sizeof name, "%s `%s`", s->write ? "write to" : "read of", var);
  snprintf(detail, sizeof detail, "in %s, %s:%u", s->function ? s->function : "?",
           base_name(s->file), s->line);
  json_t *loc = mssa__lsp_location_new(L, s);
  json_t *it = json_pack("{sssisssOsOsOsO}", "name", name, "kind",
                         s->callee ? SYMBOL_FUNCTION : SYMBOL_VARIABLE, "detail", detail, "uri",
                         json_object_get(loc, "uri"), "range", json_object_get(loc, "range"),
                         "selectionRange", json_object_get(loc, "range"), "data", data);
  json_decref(loc);
  json_decref(data);
  return it;
}

/* The writes inside a call's callee as data (a call item's incoming ones),
** each with its unit and instruction id (invariant 1). */
static json_t *inner_json_new(const lsp_access *a) {
  json_t *arr = json_array();
  for (size_t i = 0; i < a->ninner; i++) {
    const lsp_site *w = &a->inner[i];
    if (!w->file) continue;
    json_t *o = json_pack("{sssisisssbsssI}", "file", w->file, "line", (int)w->line, "col",
                          (int)w->col, "function", w->function ? w->function : "", "write", 1,
                          "var", w->var ? w->var : "memory", "inst", (json_int_t)w->inst);
    if (w->unit) json_object_set_new(o, "unit", json_string(w->unit));
    json_array_append_new(arr, o);
  }
  return arr;
}

void mssa__lsp_prepare_hierarchy(mssa__lsp *L, json_t *id, json_t *params) {
  unsigned line, col;
  lsp_doc *d = mssa__lsp_doc_pos(L, params, &line, &col);
  lsp_access *a = NULL;
  size_t n = 0;
  json_t *items = json_array();
  if (d && !mssa__lsp_accesses_at(L, d, line, col, &a, &n)) {
    bool named = false;   /* clang's unnamed temporaries beside a named access: noise */
    for (size_t i = 0; i < n; i++) named |= a[i].self.var != NULL;
    for (size_t i = 0; i < n; i++) {
      if (named && !a[i].self.var) continue;
      json_t *it = item_new(L, &a[i].self, data_new(a[i].module, a[i].unit, &a[i].self));
      if (it) json_array_append_new(items, it);
    }
  }
  mssa__lsp_accesses_free(a, n);
  mssa__lsp_reply(L, id, json_array_size(items) ? items : (json_decref(items), json_null()));
}

/* One CallHierarchyIncomingCall / OutgoingCall: the item and where. */
static void add_call(json_t *out, const char *key, json_t *it, json_t *range) {
  if (!it) return;
  json_t *r = json_object_get(range ? range : it, "range");
  json_array_append_new(out, json_pack("{sos[O]}", key, it, "fromRanges", r));
}

/* A call item's incoming: the writes inside its callee, kept in its data
** (the call item's); each an item of the program (`module`) with its unit,
** function and id, so that it expands as any write does (invariant 1). A
** write without an id (an older memssad) stays a leaf. */
static void inner_incoming(mssa__lsp *L, json_t *data, json_t *out) {
  const char *module = json_string_value(json_object_get(data, "module"));
  size_t i;
  json_t *w;
  json_array_foreach(json_object_get(data, "inner"), i, w) {
    json_t *inst = json_object_get(w, "inst");
    lsp_site s = {.file = (char *)json_string_value(json_object_get(w, "file")),
                  .line = (unsigned)json_integer_value(json_object_get(w, "line")),
                  .col = (unsigned)json_integer_value(json_object_get(w, "col")),
                  .function = (char *)json_string_value(json_object_get(w, "function")),
                  .var = (char *)json_string_value(json_object_get(w, "var")),
                  .unit = (char *)json_string_value(json_object_get(w, "unit")),
                  .write = true, .inst = json_is_integer(inst) ? (long)json_integer_value(inst) : -1};
    mssa__lsp_site_now_any(L, &s);
    json_t *dn = s.inst >= 0 && module && *module && s.function && *s.function
                     ? data_new(module, NULL, &s)
                     : json_pack("{sssI}", "module", "", "inst", (json_int_t)-1);
    add_call(out, "from", item_new(L, &s, dn), NULL);
  }
}

/* The item's access again, from its data. */
static int item_access(mssa__lsp *L, json_t *params, lsp_access *a, json_t **data) {
  *data = json_object_get(json_object_get(params, "item"), "data");
  const char *m = json_string_value(json_object_get(*data, "module"));
  json_t *inst = json_object_get(*data, "inst");
  if (!m || !*m || !json_is_integer(inst) || json_integer_value(inst) < 0) {
    memset(a, 0, sizeof *a);
    return 1;
  }
  return mssa__lsp_access_by_id(L, m, json_string_value(json_object_get(*data, "unit")),
                                json_string_value(json_object_get(*data, "function")),
                                (long)json_integer_value(inst), a);
}

void mssa__lsp_incoming(mssa__lsp *L, json_t *id, json_t *params) {
  json_t *out = json_array(), *data;
  lsp_access a;
  json_t *idata = json_object_get(json_object_get(params, "item"), "data");
  if (json_object_get(idata, "inner")) {
    inner_incoming(L, idata, out);
    mssa__lsp_reply(L, id, out);
    return;
  }
  if (!item_access(L, params, &a, &data)) {
    for (size_t i = 0; i < a.nwrites; i++) {
      const lsp_site *w = &a.writes[i];
      json_t *dn = data_new(a.module, a.unit, w);
      /* the call the value comes through: its writes inside are its incoming */
      if (a.via && w->callee && !strcmp(w->callee, a.via)) json_object_set_new(dn, "inner", inner_json_new(&a));
      add_call(out, "from", item_new(L, w, dn), NULL);
    }
  }
  mssa__lsp_access_clear(&a);
  mssa__lsp_reply(L, id, out);
}

void mssa__lsp_outgoing(mssa__lsp *L, json_t *id, json_t *params) {
  json_t *out = json_array(), *data;
  lsp_access a;
  if (!item_access(L, params, &a, &data) && a.self.write) {
    lsp_site *r = NULL;
    size_t k = 0;
    if (!mssa__lsp_readers(L, NULL, &a, &r, &k)) {
      json_t *self = json_object_get(params, "item");
      for (size_t j = 0; j < k; j++) add_call(out, "to", item_new(L, &r[j], data_new(a.module, a.unit, &r[j])), self);
    }
    mssa__lsp_sites_free(r, k);
  }
  mssa__lsp_access_clear(&a);
  mssa__lsp_reply(L, id, out);
}
