/*
** mcp_query.c -- the MCP tools that are one memssad method each: load,
** modules, functions, clobber, alias, modref and memoryssa (print). The
** arguments have passed the tool's input schema (mcp_tools.c); what a
** schema cannot say (one of two forms) is checked here.
**
** Invariants:
**   1. A tool sends memssad only members its schema names, so an agent
**      cannot reach a daemon option the tool does not offer (a trusted
**      compiler, an LLVM version, an edit).
**   2. A print's text beyond MCP_MAX_TEXT is cut at a line's end and
**      flagged `truncated`: an agent's context is never flooded.
*/
#define _POSIX_C_SOURCE 200809L  /* strndup */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "mcp_internal.h"

/* A request of the members `keys` of args (invariant 1). */
static json_t *pick_new(const json_t *args, const char *const *keys) {
  json_t *p = json_object();
  for (; *keys; keys++)
    if (json_object_get(args, *keys)) json_object_set(p, *keys, json_object_get(args, *keys));
  return p;
}

/* One call; 0 with *res, or -1 with the error in o. */
static int call(mssa__mcp *M, const char *method, json_t *params, json_t **res, mcp_out *o) {
  int rc = mssa__mcp_call(M, method, params, res);
  if (rc == 0) return 0;
  mssa__mcp_out_daemon(o, method, rc > 0 ? *res : NULL);
  json_decref(*res);
  *res = NULL;
  return -1;
}

void mssa__mcp_tool_load(mssa__mcp *M, json_t *args, mcp_out *o) {
  const char *path = json_string_value(json_object_get(args, "path"));
  const char *source = json_string_value(json_object_get(args, "source"));
  const char *module = json_string_value(json_object_get(args, "module"));
  if (!path == !source) {
    mssa__mcp_out_fail(o, "load: give exactly one of path (a .ll or .json IR file) and "
                          "source (a C file)");
    return;
  }
  char *abs = mssa__mcp_abs_path(path ? path : source);
  json_t *r = NULL;
  int rc;
  if (source && (!module || !strcmp(module, abs))) {
    rc = mssa__mcp_ensure_source(M, abs, true, &r, o);   /* remembered, as a position's */
  } else {
    json_t *p = json_pack("{ss}", source ? "source" : "path", abs);
    if (module) json_object_set_new(p, "module", json_string(module));
    rc = call(M, "load", p, &r, o);
  }
  free(abs);
  if (rc) return;
  o->data = r;
  o->text = mssa__mcp_render_load(r);
}

void mssa__mcp_tool_modules(mssa__mcp *M, json_t *args, mcp_out *o) {
  (void)args;
  if (call(M, "modules", json_object(), &o->data, o)) return;
  o->text = mssa__mcp_render_listing(o->data, "modules");
}

void mssa__mcp_tool_functions(mssa__mcp *M, json_t *args, mcp_out *o) {
  static const char *const keys[] = {"module", NULL};
  if (call(M, "functions", pick_new(args, keys), &o->data, o)) return;
  o->text = mssa__mcp_render_listing(o->data, "functions");
}

void mssa__mcp_tool_clobber(mssa__mcp *M, json_t *args, mcp_out *o) {
  static const char *const keys[] = {"module", "function", "inst", "location", NULL};
  bool by_inst = json_object_get(args, "inst") != NULL;
  bool by_pos = json_object_get(args, "file") || json_object_get(args, "line");
  json_t *r;
  if (by_inst == by_pos) {
    mssa__mcp_out_fail(o, "clobber: give module, function and inst, or file and line "
                          "(and col), not both");
    return;
  }
  if (by_inst) {
    if (!json_object_get(args, "module") || !json_object_get(args, "function")) {
      mssa__mcp_out_fail(o, "clobber: inst needs module and function");
      return;
    }
    if (call(M, "clobber", pick_new(args, keys), &r, o)) return;
    o->data = json_pack("{s[o]}", "matches", r);
  } else {
    if (json_object_get(args, "location")) {
      mssa__mcp_out_fail(o, "clobber: location goes with inst, not with a position");
      return;
    }
    if (mssa__mcp_at_position(M, "clobber", args, NULL, &r, o)) return;
    o->data = r;
  }
  o->text = mssa__mcp_render_clobber(o->data);
}

void mssa__mcp_tool_alias(mssa__mcp *M, json_t *args, mcp_out *o) {
  static const char *const keys[] = {"module", "function", "a", "b", NULL};
  if (call(M, "alias", pick_new(args, keys), &o->data, o)) return;
  char buf[256];
  snprintf(buf, sizeof buf, "%s (overlap: %s)",
           json_string_value(json_object_get(o->data, "alias")),
           json_string_value(json_object_get(o->data, "overlap")));
  o->text = strdup(buf);
}

void mssa__mcp_tool_modref(mssa__mcp *M, json_t *args, mcp_out *o) {
  static const char *const keys[] = {"module", "function", "inst", "location", "other", NULL};
  if (!json_object_get(args, "location") == !json_object_get(args, "other")) {
    mssa__mcp_out_fail(o, "modref: give exactly one of location ({ptr,size}) and other "
                          "(an instruction)");
    return;
  }
  if (call(M, "modref", pick_new(args, keys), &o->data, o)) return;
  char buf[256];
  snprintf(buf, sizeof buf, "%s%s", json_string_value(json_object_get(o->data, "modref")),
           json_is_true(json_object_get(o->data, "must")) ? " (must)" : "");
  o->text = strdup(buf);
}

void mssa__mcp_tool_memoryssa(mssa__mcp *M, json_t *args, mcp_out *o) {
  static const char *const keys[] = {"module", "function", "walker", NULL};
  json_t *r;
  if (call(M, "print", pick_new(args, keys), &r, o)) return;
  const char *text = json_string_value(json_object_get(r, "text"));
  size_t n = text ? strlen(text) : 0, keep = n;
  if (n > MCP_MAX_TEXT) {   /* invariant 2 */
    keep = MCP_MAX_TEXT;
    while (keep && text[keep - 1] != '\n') keep--;
  }
  MSSA_ASSERT(keep <= MCP_MAX_TEXT);
  o->data = json_pack("{sOsO*sosb}", "module", json_object_get(args, "module"), "function",
                      json_object_get(args, "function"), "text",
                      json_stringn(text ? text : "", keep), "truncated", keep < n);
  o->text = strndup(text ? text : "", keep);
  json_decref(r);
}
