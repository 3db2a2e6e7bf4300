/*
** mcp_render.c -- the text content of the MCP tools' results: what an
** agent that reads only `content` (or a client of a protocol version
** without structuredContent) gets, in source terms first ("sample.c:24:14
** read of a[i] in sum may read: sample.c:22:7 write of total"), IR second.
**
** Invariants:
**   1. A rendering is at most MCP_MAX_TEXT bytes: once past it, the rest
**      is left out and the text ends with a line saying so.
**   2. Entries are rendered in the order memssad answered them (sorted by
**      line, column, module, function, instruction id), so a rendering is
**      as stable as the answer.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "mcp_internal.h"

#define LEFT_OUT "... (the rest left out: see structuredContent, or ask a smaller question)\n"

/* Whether the text reached the cap; the first time, it is cut at a line's
** end and the note put after it (invariant 1). */
static bool full(mssa_buf *b) {
  size_t note = strlen(LEFT_OUT);
  if (b->n <= MCP_MAX_TEXT - 128) return false;
  if (b->n >= note && !strcmp(b->p + b->n - note, LEFT_OUT)) return true;
  b->n = MCP_MAX_TEXT - 128;
  while (b->n && b->p[b->n - 1] != '\n') b->n--;
  b->p[b->n] = 0;
  mssa_buf_puts(b, LEFT_OUT);
  return true;
}

static char *done(mssa_buf *b) {
  if (!b->p) mssa_buf_puts(b, "");
  full(b);
  MSSA_ASSERT(b->n <= MCP_MAX_TEXT);
  return mssa_buf_steal(b, NULL);
}

static const char *str(const json_t *o, const char *k, const char *dflt) {
  const char *s = json_string_value(json_object_get(o, k));
  return s ? s : dflt;
}

void mssa__mcp_where(const json_t *a, char *buf, size_t cap) {
  const json_t *src = json_object_get(a, "source");
  if (!src && json_object_get(a, "line")) src = a;   /* a site (mcp_reach.c) */
  const char *file = str(src, "file", NULL);
  if (!file) {
    snprintf(buf, cap, "no source location");
    return;
  }
  const char *base = strrchr(file, '/');
  snprintf(buf, cap, "%s:%lld:%lld", base ? base + 1 : file,
           (long long)json_integer_value(json_object_get(src, "line")),
           (long long)json_integer_value(json_object_get(src, "col")));
}

/* "sample.c:22:7 write of total in sum" */
static void put_site(mssa_buf *b, const json_t *s) {
  char where[512];
  mssa__mcp_where(s, where, sizeof where);
  if (!json_object_get(s, "line"))   /* a parameter's spill, say: no line of its own */
    snprintf(where, sizeof where, "%s", json_object_get(s, "param") ? "on entry:" : "(no line)");
  mssa_buf_printf(b, "%s %s", where, str(s, "kind", "access"));
  if (json_object_get(s, "var")) mssa_buf_printf(b, " of %s", str(s, "var", ""));
  if (json_object_get(s, "param"))
    mssa_buf_printf(b, " (parameter %lld's incoming value)",
                    (long long)json_integer_value(json_object_get(s, "param")));
  mssa_buf_printf(b, " in %s", str(s, "function", "?"));
}

char *mssa__mcp_render_reaching(const json_t *data) {
  mssa_buf b = {0};
  const json_t *acc = json_object_get(data, "accesses");
  if (json_is_true(json_object_get(data, "nearest")))
    mssa_buf_printf(&b, "(nothing starts at that column: column %lld is used)\n",
                    (long long)json_integer_value(json_object_get(data, "col")));
  for (size_t i = 0; i < json_array_size(acc) && !full(&b); i++) {
    const json_t *a = json_array_get(acc, i);
    const json_t *w = json_object_get(a, "writes");
    put_site(&b, a);
    mssa_buf_printf(&b, " (inst %lld: %s)\n", (long long)json_integer_value(json_object_get(a, "inst")),
                    str(a, "text", ""));
    if (!json_array_size(w) && !json_is_true(json_object_get(a, "from_entry")))
      mssa_buf_puts(&b, "  no write reaches it\n");
    for (size_t k = 0; k < json_array_size(w) && !full(&b); k++) {
      mssa_buf_puts(&b, "  may read/overwrite: ");
      put_site(&b, json_array_get(w, k));
      mssa_buf_printf(&b, " [%s]\n", str(json_array_get(w, k), "path", "?"));
    }
    if (json_is_true(json_object_get(a, "from_entry")))
      mssa_buf_puts(&b, "  and a value from before the function (a parameter, a global, "
                        "the caller's memory)\n");
    if (json_is_true(json_object_get(a, "truncated"))) mssa_buf_puts(&b, "  (list truncated)\n");
  }
  return done(&b);
}

char *mssa__mcp_render_readers(const json_t *data) {
  mssa_buf b = {0};
  const json_t *loads = json_object_get(data, "loads");
  put_site(&b, json_object_get(data, "store"));
  mssa_buf_puts(&b, json_array_size(loads) ? " may be read by:\n" : ": no load reads it\n");
  for (size_t i = 0; i < json_array_size(loads) && !full(&b); i++) {
    mssa_buf_puts(&b, "  ");
    put_site(&b, json_array_get(loads, i));
    mssa_buf_puts(&b, "\n");
  }
  if (json_is_true(json_object_get(data, "truncated"))) mssa_buf_puts(&b, "  (list truncated)\n");
  return done(&b);
}

/* "4 = MemoryDef(3) store i32 2, ... at update.c:7:6" */
static void put_access(mssa_buf *b, const json_t *a) {
  char where[512];
  if (!a || json_is_null(a)) {
    mssa_buf_puts(b, "none");
    return;
  }
  mssa__mcp_where(a, where, sizeof where);
  mssa_buf_printf(b, "%s", str(a, "desc", str(a, "kind", "?")));
  if (json_object_get(a, "text")) mssa_buf_printf(b, " `%s`", str(a, "text", ""));
  if (json_object_get(a, "source")) mssa_buf_printf(b, " at %s", where);
}

char *mssa__mcp_render_clobber(const json_t *reply) {
  mssa_buf b = {0};
  const json_t *m = json_object_get(reply, "matches");
  for (size_t i = 0; i < json_array_size(m) && !full(&b); i++) {
    const json_t *x = json_array_get(m, i);
    mssa_buf_printf(&b, "in %s: ", str(x, "function", "?"));
    put_access(&b, json_object_get(x, "access"));
    mssa_buf_puts(&b, "\n  clobbered by: ");
    put_access(&b, json_object_get(x, "clobber"));
    mssa_buf_printf(&b, " [%s]\n", str(x, "alias", "no alias word"));
  }
  return done(&b);
}

char *mssa__mcp_render_load(const json_t *r) {
  mssa_buf b = {0};
  mssa_buf_printf(&b, "loaded module %s: %lld functions, %lld defs, %lld uses, %lld phis (%s load)",
                  str(r, "module", "?"), (long long)json_integer_value(json_object_get(r, "functions")),
                  (long long)json_integer_value(json_object_get(r, "defs")),
                  (long long)json_integer_value(json_object_get(r, "uses")),
                  (long long)json_integer_value(json_object_get(r, "phis")), str(r, "reload", "full"));
  return done(&b);
}

char *mssa__mcp_render_listing(const json_t *reply, const char *key) {
  mssa_buf b = {0};
  const json_t *arr = json_object_get(reply, key);
  if (!json_array_size(arr)) mssa_buf_printf(&b, "no %s\n", key);
  for (size_t i = 0; i < json_array_size(arr) && !full(&b); i++) {
    const json_t *e = json_array_get(arr, i);
    mssa_buf_printf(&b, "%s: %lld defs, %lld uses, %lld phis\n", str(e, "name", "?"),
                    (long long)json_integer_value(json_object_get(e, "defs")),
                    (long long)json_integer_value(json_object_get(e, "uses")),
                    (long long)json_integer_value(json_object_get(e, "phis")));
  }
  return done(&b);
}
