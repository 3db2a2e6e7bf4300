/*
** lsp_main.c -- `memssa lsp`: options, the LSP lifecycle (initialize,
** shutdown, exit) and the dispatch of every other message to lsp_docs.c
** and lsp_features.c.
**
** Invariants:
**   1. Before `initialize`, requests get -32002 (ServerNotInitialized) and
**      notifications are dropped; after `shutdown`, requests get -32600;
**      `exit` ends the server with 0 after a shutdown, else 1 (as LSP says).
**   2. Responses to the server's own requests (progress tokens) are read
**      and ignored; unknown notifications are ignored, unknown requests get
**      -32601.
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/compile.h"
#include "lsp.h"
#include "lsp_int.h"

#define LSP_VERSION "0.1"

static const char usage_text[] =
    "usage: memssa lsp [--socket PATH] [--clang PATH] [--compile-commands-dir DIR]\n"
    "                  [--opt-level -O1] [--compile-timeout MS] [--max-ir-mb MB]\n"
    "                  [--trusted-compiler GLOB]...\n"
    "A language server on stdin/stdout; see docs/editor.md.\n";

static void set_str(char **dst, const char *v) {
  if (!v) return;
  free(*dst);
  *dst = strdup(v);
}

/* One more trusted glob (invariant 3 of lsp_int.h's `trusted`). */
static int add_trusted(mssa__lsp *L, const char *glob) {
  if (glob[0] != '/') {
    fprintf(stderr, "memssa lsp: --trusted-compiler takes an absolute glob, not '%s'\n", glob);
    return -1;
  }
  char **t = realloc(L->trusted, (L->ntrusted + 2) * sizeof *t);
  if (!t) abort();
  L->trusted = t;
  t[L->ntrusted++] = strdup(glob);
  t[L->ntrusted] = NULL;
  return 0;
}

/* --clang PATH trusts that one file: its path as a glob that matches only
** itself (fnmatch's special characters escaped). */
static int trust_clang(mssa__lsp *L) {
  char *p = mssa_compile_which(L->clang);
  char real[PATH_MAX], glob[2 * PATH_MAX + 1], *o = glob;
  if (!p) return 0;   /* not there: the load says "no clang found" */
  const char *s = realpath(p, real) ? real : p;
  for (; *s; s++) {
    if (strchr("*?[]\\", *s)) *o++ = '\\';
    *o++ = *s;
  }
  *o = 0;
  free(p);
  return add_trusted(L, glob);
}

static int parse_opts(mssa__lsp *L, int argc, char **argv) {
  for (int i = 0; i < argc; i += 2) {   /* every option takes a value */
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!v) {
      fprintf(stderr, "memssa lsp: '%s' needs a value\n%s", a, usage_text);
      return -1;
    }
    if (!strcmp(a, "--socket")) set_str(&L->socket, v);
    else if (!strcmp(a, "--clang")) set_str(&L->clang, v);
    else if (!strcmp(a, "--compile-commands-dir")) set_str(&L->commands_dir, v);
    else if (!strcmp(a, "--opt-level")) set_str(&L->opt_level, v);
    else if (!strcmp(a, "--compile-timeout")) L->compile_timeout_ms = atoi(v);
    else if (!strcmp(a, "--max-ir-mb")) L->max_ir_mb = atol(v);
    else if (!strcmp(a, "--trusted-compiler")) {
      if (add_trusted(L, v)) return -1;
    }
    else {
      fprintf(stderr, "memssa lsp: unknown option '%s'\n%s", a, usage_text);
      return -1;
    }
  }
  return L->clang ? trust_clang(L) : 0;
}

/* initializationOptions: {clang, compileCommandsDir, optLevel, compileTimeout,
** maxIrMb}
** (the command line wins over them). */
static void init_options(mssa__lsp *L, json_t *o) {
  if (!L->clang) set_str(&L->clang, json_string_value(json_object_get(o, "clang")));
  if (!L->commands_dir)
    set_str(&L->commands_dir, json_string_value(json_object_get(o, "compileCommandsDir")));
  if (!L->opt_level) set_str(&L->opt_level, json_string_value(json_object_get(o, "optLevel")));
  json_t *t = json_object_get(o, "compileTimeout");
  if (!L->compile_timeout_ms && json_is_integer(t))
    L->compile_timeout_ms = (int)json_integer_value(t);
  json_t *mb = json_object_get(o, "maxIrMb");
  if (!L->max_ir_mb && json_is_integer(mb)) L->max_ir_mb = (long)json_integer_value(mb);
}

static json_t *capabilities(const mssa__lsp *L) {
  json_t *c = json_pack(
      "{s{sbsiso}sbsbsbs{sb}sbs{s[ssss]}}", "textDocumentSync", "openClose", 1, "change", 1, "save",
      json_pack("{sb}", "includeText", 0), "hoverProvider", 1, "definitionProvider", 1,
      "referencesProvider", 1, "codeLensProvider", "resolveProvider", 0, "inlayHintProvider", 1,
      "executeCommandProvider", "commands", "memssa.print", "memssa.dot",
      "memssa.writes", "memssa.stats");
  json_object_set_new(c, "documentHighlightProvider", json_true());
  json_object_set_new(c, "callHierarchyProvider", json_true());   /* lsp_hier.c */
  if (L->utf8) json_object_set_new(c, "positionEncoding", json_string("utf-8"));
  return c;
}

static void initialize(mssa__lsp *L, json_t *id, json_t *params) {
  json_t *caps = json_object_get(params, "capabilities");
  L->progress = json_is_true(json_object_get(json_object_get(caps, "window"), "workDoneProgress"));
  json_t *enc = json_object_get(json_object_get(caps, "general"), "positionEncodings");
  size_t i;
  json_t *e;
  json_array_foreach(enc, i, e) if (!strcmp(json_string_value(e) ? json_string_value(e) : "",
                                            "utf-8")) L->utf8 = true;
  init_options(L, json_object_get(params, "initializationOptions"));
  L->initialized = true;
  mssa__lsp_reply(L, id, json_pack("{sos{ssss}}", "capabilities", capabilities(L), "serverInfo",
                                   "name", "memssa", "version", LSP_VERSION));
}

typedef void (*request_fn)(mssa__lsp *L, json_t *id, json_t *params);
typedef void (*notify_fn)(mssa__lsp *L, json_t *params);

static const struct {
  const char *method;
  request_fn fn;
} requests[] = {
    {"textDocument/hover", mssa__lsp_hover},
    {"textDocument/definition", mssa__lsp_definition},
    {"textDocument/references", mssa__lsp_references_any},
    {"textDocument/documentHighlight", mssa__lsp_document_highlight},
    {"$memssa/references", mssa__lsp_memssa_references},
    {"textDocument/codeLens", mssa__lsp_code_lens},
    {"textDocument/inlayHint", mssa__lsp_inlay_hint},
    {"workspace/executeCommand", mssa__lsp_execute},
    {"textDocument/prepareCallHierarchy", mssa__lsp_prepare_hierarchy},
    {"callHierarchy/incomingCalls", mssa__lsp_incoming},
    {"callHierarchy/outgoingCalls", mssa__lsp_outgoing},
};

static const struct {
  const char *method;
  notify_fn fn;
} notifications[] = {
    {"textDocument/didOpen", mssa__lsp_did_open},
    {"textDocument/didChange", mssa__lsp_did_change},
    {"textDocument/didSave", mssa__lsp_did_save},
    {"textDocument/didClose", mssa__lsp_did_close},
    {"$/cancelRequest", mssa__lsp_lens_cancel},
};

/* Handles one message; returns the exit status once `exit` arrives, else -1. */
static int dispatch(mssa__lsp *L, json_t *msg) {
  const char *method = json_string_value(json_object_get(msg, "method"));
  json_t *id = json_object_get(msg, "id"), *params = json_object_get(msg, "params");
  if (!method) return -1;   /* a response to one of our requests */
  if (!strcmp(method, "exit")) return L->shutdown ? 0 : 1;
  if (!id) {
    if (!L->initialized || L->shutdown) return -1;
    for (size_t i = 0; i < sizeof notifications / sizeof notifications[0]; i++)
      if (!strcmp(method, notifications[i].method)) notifications[i].fn(L, params);
    return -1;
  }
  if (!strcmp(method, "initialize")) {
    if (L->initialized) mssa__lsp_fail(L, id, LSP_INVALID_REQUEST, "initialized already");
    else initialize(L, id, params);
    return -1;
  }
  if (!L->initialized) {
    mssa__lsp_fail(L, id, LSP_SERVER_NOT_INITIALIZED, "initialize first");
    return -1;
  }
  if (L->shutdown) {
    mssa__lsp_fail(L, id, LSP_INVALID_REQUEST, "the server is shutting down");
    return -1;
  }
  if (!strcmp(method, "shutdown")) {
    L->shutdown = true;
    mssa__lsp_reply(L, id, json_null());
    return -1;
  }
  for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++)
    if (!strcmp(method, requests[i].method)) {
      requests[i].fn(L, id, params);
      return -1;
    }
  mssa__lsp_fail(L, id, LSP_METHOD_NOT_FOUND, "unknown method '%s'", method);
  return -1;
}

int mssa_lsp_main(int argc, char **argv,
                  int (*daemon_cmd)(const char *cmd, int argc, char **argv)) {
  mssa__lsp L = {.in_fd = 0, .daemon_cmd = daemon_cmd};
  if (argc > 0 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
    fputs(usage_text, stdout);
    return 0;
  }
  if (parse_opts(&L, argc, argv)) return 2;
  signal(SIGPIPE, SIG_IGN);
  int status = 1;
  for (;;) {
    /* lens work runs only while no message waits (lsp_lens.c) */
    mssa__lsp_proj_poll(&L, 0);   /* a project load's progress or reply */
    if (L.njobs && !mssa__lsp_input_waiting(&L)) {
      mssa__lsp_lens_step(&L);
      continue;
    }
    if (mssa__lsp_proj_busy(&L) && !mssa__lsp_input_waiting(&L)) {
      mssa__lsp_proj_poll(&L, 1000);   /* until a load or the editor says something */
      continue;
    }
    json_t *msg;
    int rc = mssa__lsp_read(&L, &msg);
    if (rc == 0) break;
    if (rc < 0) continue;
    int st = dispatch(&L, msg);
    json_decref(msg);
    if (st >= 0) {
      status = st;
      break;
    }
  }
  mssa__lsp_lens_free(&L);
  mssa__lsp_unload_all(&L);
  mssa__lsp_projs_free(&L);
  mssa__lsp_docs_free(&L);
  mssa__lsp_disconnect(&L);
  free(L.inbuf);
  free(L.socket);
  free(L.clang);
  for (size_t i = 0; i < L.ntrusted; i++) free(L.trusted[i]);
  free(L.trusted);
  free(L.commands_dir);
  free(L.opt_level);
  return status;
}
