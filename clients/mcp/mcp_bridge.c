/*
** mcp_bridge.c -- the MCP server's connection to memssad: the default
** socket (or --socket), the one `memssa lsp` and the editors use, so an
** agent and an editor see the same loaded program; when nobody answers,
** memssad is started through the CLI's `memssa daemon`, as the language
** server starts it (cli_connect.c: that command's stdout goes to stderr,
** stdout is the MCP stream).
**
** Invariants:
**   1. A call that fails on the wire (memssad stopped or restarted) is
**      retried once on a fresh connection, after starting memssad again if
**      need be: every call the tools make is a load (safe to repeat) or a
**      query (no effects).
**   2. Every call has a receive timeout (MCP_DAEMON_TIMEOUT_MS): a stuck
**      daemon costs the agent a failed tool call, never a hung server.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "memssa.h"
#include "mcp_internal.h"

static int ensure_connected(mssa__mcp *M) {
  if (M->dc) return 0;
  return mssa_cli_connect_or_start("memssa mcp", M->socket, MCP_DAEMON_TIMEOUT_MS,
                                   M->daemon_cmd, &M->dc) ? -1 : 0;
}

void mssa__mcp_disconnect(mssa__mcp *M) {
  if (M->dc) memssa_client_close(M->dc);
  M->dc = NULL;
}

int mssa__mcp_call(mssa__mcp *M, const char *method, json_t *params, json_t **out) {
  *out = NULL;
  int rc = MEMSSA_CLIENT_ECONNECT;
  for (int attempt = 0; attempt < 2; attempt++) {
    if (ensure_connected(M)) break;
    json_t *res = NULL;
    rc = memssa_client_request(M->dc, method, params, &res);
    if (rc == 0) {
      json_decref(params);
      *out = res;
      return 0;
    }
    if (rc == MEMSSA_CLIENT_ERPC) {
      json_decref(params);
      *out = json_incref(memssa_client_error_borrow(M->dc));
      MSSA_ASSERT(*out);
      return 1;
    }
    mssa__mcp_disconnect(M);   /* invariant 1: once more, on a new connection */
  }
  json_decref(params);
  mssa__mcp_log("%s: memssad unreachable (%s)", method, memssa_client_strerror(rc));
  return -1;
}
