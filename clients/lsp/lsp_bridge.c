/*
** lsp_bridge.c -- the language server's connection to memssad: one Unix
** socket connection, opened on first use; when nobody answers, memssad is
** started exactly as `memssa daemon` starts it (the same code: the CLI's
** subcommand, with its stdout sent to stderr, since stdout is the editor's;
** clients/cli_connect.c, shared with `memssa mcp`).
**
** Invariants:
**   1. A call that fails on the wire (the daemon stopped or restarted) is
**      retried once on a fresh connection, after starting memssad again if
**      need be; a `load` is safe to repeat, and queries have no effects.
**   2. Every call has a receive timeout (LSP_DAEMON_TIMEOUT_MS): a stuck
**      daemon costs the editor a failed request, never a hung server.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lsp_int.h"

static int connect_daemon(mssa__lsp *L) {
  if (L->dc) return 0;
  return mssa_cli_connect_or_start("memssa lsp", L->socket, LSP_DAEMON_TIMEOUT_MS,
                                   L->daemon_cmd, &L->dc) ? -1 : 0;
}

void mssa__lsp_disconnect(mssa__lsp *L) {
  if (L->dc) memssa_client_close(L->dc);
  L->dc = NULL;
}

int mssa__lsp_call(mssa__lsp *L, const char *method, json_t *params, json_t **out) {
  *out = NULL;
  char *text = params ? json_dumps(params, JSON_COMPACT) : NULL;
  json_decref(params);
  char *reply = NULL;
  int rc = -1;
  for (int attempt = 0; attempt < 2 && rc; attempt++) {
    if (connect_daemon(L)) break;
    rc = memssa_client_call(L->dc, method, text, &reply);
    if (rc) mssa__lsp_disconnect(L);
  }
  free(text);
  if (rc) {
    mssa__lsp_log("lsp: %s: memssad unreachable (%s)", method, memssa_client_strerror(rc));
    return -1;
  }
  json_t *r = json_loads(reply, 0, NULL);
  free(reply);
  json_t *res = json_object_get(r, "result"), *err = json_object_get(r, "error");
  int st = res ? 0 : err ? 1 : -1;
  *out = json_incref(res ? res : err);
  json_decref(r);
  return st;
}

void mssa__lsp_compile_settings(const mssa__lsp *L, const char *clang, json_t *p) {
  if (clang) json_object_set_new(p, "clang", json_string(clang));
  if (L->ntrusted) {
    json_t *t = json_array();
    for (size_t i = 0; i < L->ntrusted; i++) json_array_append_new(t, json_string(L->trusted[i]));
    json_object_set_new(p, "trusted_compilers", t);
  }
  if (L->opt_level) json_object_set_new(p, "opt_level", json_string(L->opt_level));
  if (L->compile_timeout_ms > 0)   /* memssad takes at most 600000 */
    json_object_set_new(p, "compile_timeout_ms",
                        json_integer(L->compile_timeout_ms < 600000 ? L->compile_timeout_ms
                                                                    : 600000));
  if (L->max_ir_mb > 0)   /* memssad takes at most 1024 MiB */
    json_object_set_new(p, "max_ir_bytes",
                        json_integer((json_int_t)(L->max_ir_mb < 1024 ? L->max_ir_mb : 1024) << 20));
}
