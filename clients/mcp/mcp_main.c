/*
** mcp_main.c -- `memssa mcp`: options, MCP's lifecycle (initialize and
** its protocol version, notifications/initialized, ping) and the dispatch
** of tools/list and tools/call to mcp_tools.c.
**
** Invariants:
**   1. The protocol version answered is the client's when this server
**      supports it (SUPPORTED), else the newest it supports (the client
**      then decides whether to go on), as MCP's lifecycle says.
**   2. Before initialize, requests other than ping get -32600; unknown
**      methods -32601; notifications (no id) are never answered; a message
**      that is a response (result or error, no method) is ignored.
**   3. The server ends only when its input ends (exit 0): no message, and
**      nothing memssad does, ends it earlier.
*/
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "mcp.h"
#include "mcp_internal.h"

/* Newest first; the first one is offered to a client asking for another. */
static const char *const SUPPORTED[] = {"2025-11-25", "2025-06-18", "2025-03-26",
                                        "2024-11-05"};
#define NSUPPORTED (sizeof SUPPORTED / sizeof *SUPPORTED)

static const char usage_text[] =
    "usage: memssa mcp [--socket PATH] [--max-line BYTES]\n"
    "A Model Context Protocol server on stdin/stdout (one JSON-RPC message a\n"
    "line) whose tools ask memssad; see docs/mcp.md.\n";

static const char instructions[] =
    "memssa answers memory-dependence questions about C programs from LLVM's "
    "MemorySSA: which writes a load may read (reaching_writes), which loads may read "
    "a store (reading_loads), what clobbers an "
    "access, whether two locations alias, how a call may touch memory. Positions "
    "are 1-based lines and byte columns of a C file; the file is compiled with its "
    "compile_commands.json. Whole-program writers/readers of a variable are not "
    "offered yet.";

static int parse_opts(mssa__mcp *M, int argc, char **argv) {
  for (int i = 0; i < argc; i += 2) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage_text, stdout);
      return 1;
    }
    if (!v) {
      fprintf(stderr, "memssa mcp: '%s' needs a value\n%s", a, usage_text);
      return -1;
    }
    if (!strcmp(a, "--socket")) {
      free(M->socket);
      M->socket = strdup(v);
    } else if (!strcmp(a, "--max-line")) {
      char *end;
      unsigned long long n = strtoull(v, &end, 10);
      if (*end || n < 1024 || n > ((size_t)1 << 30)) {
        fprintf(stderr, "memssa mcp: --max-line takes 1024 .. 1073741824, not '%s'\n", v);
        return -1;
      }
      M->max_line = (size_t)n;
    } else {
      fprintf(stderr, "memssa mcp: unknown option '%s'\n%s", a, usage_text);
      return -1;
    }
  }
  return 0;
}

static json_t *initialize_new(mssa__mcp *M, json_t *params) {
  const char *want = json_string_value(json_object_get(params, "protocolVersion"));
  const char *v = SUPPORTED[0];
  for (size_t i = 0; want && i < NSUPPORTED; i++)
    if (!strcmp(want, SUPPORTED[i])) v = SUPPORTED[i];
  size_t vn = strlen(v);
  MSSA_ASSERT(vn < sizeof M->version);   /* SUPPORTED's entries are dates */
  memcpy(M->version, v, vn + 1);
  /* structuredContent and outputSchema came with 2025-06-18 (ISO dates
  ** compare as strings). */
  M->structured = strcmp(v, "2025-06-18") >= 0;
  M->initialized = true;
  return json_pack("{sss{s{sb}}s{ssssss}ss}", "protocolVersion", v, "capabilities", "tools",
                   "listChanged", 0, "serverInfo", "name", "memssa", "title",
                   "memssa (MemorySSA for C)", "version", MEMSSA_VERSION, "instructions",
                   instructions);
}

/* The reply to one message, or NULL when none is owed (invariant 2). */
static json_t *handle_new(mssa__mcp *M, json_t *msg) {
  json_t *id = json_object_get(msg, "id");
  const char *method = json_string_value(json_object_get(msg, "method"));
  const json_t *rpc = json_object_get(msg, "jsonrpc");
  if (!json_is_object(msg))
    return mssa__mcp_error_new(NULL, MCP_INVALID_REQUEST, "a message must be a JSON object");
  if (!method && !json_object_get(msg, "method") &&
      (json_object_get(msg, "result") || json_object_get(msg, "error")))
    return NULL;   /* a response: this server sends no requests */
  if (!id && method) return NULL;   /* a notification: never answered */
  if (id && !json_is_string(id) && !json_is_integer(id))
    return mssa__mcp_error_new(NULL, MCP_INVALID_REQUEST, "id must be a string or an integer");
  if (!method || !json_is_string(rpc) || strcmp(json_string_value(rpc), "2.0"))
    return mssa__mcp_error_new(id, MCP_INVALID_REQUEST,
                               "not a JSON-RPC 2.0 request (jsonrpc \"2.0\" and method)");
  json_t *params = json_object_get(msg, "params");
  if (params && !json_is_object(params))
    return id ? mssa__mcp_error_new(id, MCP_INVALID_PARAMS, "params must be an object") : NULL;
  MSSA_ASSERT(id);   /* notifications/initialized, cancelled...: returned above */
  if (!strcmp(method, "initialize")) return mssa__mcp_result_new(id, initialize_new(M, params));
  if (!strcmp(method, "ping")) return mssa__mcp_result_new(id, json_object());
  if (!M->initialized)
    return mssa__mcp_error_new(id, MCP_INVALID_REQUEST, "%s before initialize", method);
  if (!strcmp(method, "tools/list"))
    return mssa__mcp_result_new(id, mssa__mcp_tools_list_new(M));
  if (!strcmp(method, "tools/call")) {
    char why[512];
    int code = 0;
    json_t *r = mssa__mcp_tools_call_new(M, params, &code, why, sizeof why);
    return r ? mssa__mcp_result_new(id, r) : mssa__mcp_error_new(id, code, "%s", why);
  }
  return mssa__mcp_error_new(id, MCP_METHOD_NOT_FOUND, "unknown method '%s'", method);
}

/* A batch (MCP 2025-03-26 allows them): the replies, in order, or NULL. */
static json_t *batch_new(mssa__mcp *M, json_t *arr) {
  if (!json_array_size(arr))
    return mssa__mcp_error_new(NULL, MCP_INVALID_REQUEST, "an empty batch");
  json_t *out = json_array();
  for (size_t i = 0; i < json_array_size(arr); i++) {
    json_t *r = handle_new(M, json_array_get(arr, i));
    if (r) json_array_append_new(out, r);
  }
  if (json_array_size(out)) return out;
  json_decref(out);
  return NULL;
}

int mssa_mcp_main(int argc, char **argv,
                  int (*daemon_cmd)(const char *cmd, int argc, char **argv)) {
  static mssa__mcp M;
  memset(&M, 0, sizeof M);
  M.max_line = MCP_DEFAULT_MAX_LINE;
  M.daemon_cmd = daemon_cmd;
  int st = parse_opts(&M, argc, argv);
  if (st) return st < 0 ? 2 : 0;
  signal(SIGPIPE, SIG_IGN);   /* a gone memssad is an error reply, not our end */
  for (;;) {
    json_t *msg;
    char why[512];
    int rc = mssa__mcp_read(&M, &msg, why, sizeof why);
    if (rc == 0) break;   /* invariant 3 */
    if (rc < 0) {
      bool too_long = strstr(why, "--max-line") != NULL;
      mssa__mcp_send(mssa__mcp_error_new(NULL, too_long ? MCP_INVALID_REQUEST : MCP_PARSE_ERROR,
                                         "%s", why));
      continue;
    }
    json_t *r = json_is_array(msg) ? batch_new(&M, msg) : handle_new(&M, msg);
    json_decref(msg);
    if (r) mssa__mcp_send(r);
  }
  mssa__mcp_disconnect(&M);
  for (size_t i = 0; i < M.nsources; i++) free(M.sources[i].path);
  free(M.inbuf);
  free(M.socket);
  return 0;
}
