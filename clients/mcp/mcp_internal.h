/*
** mcp_internal.h -- internals of `memssa mcp`: its state, the message
** layer (mcp_io.c), the bridge to memssad (mcp_bridge.c), the argument
** checker (mcp_schema.c), failed outputs (mcp_out.c), the tool table (mcp_tools.c), the tools' work
** (mcp_query.c, mcp_reach.c) and their text renderings (mcp_render.c).
** mcp_main.c runs the lifecycle and dispatches.
**
** Invariants:
**   1. One thread: messages are handled in arrival order, each answered
**      before the next is read.
**   2. stdout carries MCP messages only, one JSON text a line, never a raw
**      newline inside one; everything else goes to stderr.
**   3. A tool call always ends in exactly one reply: a result (isError
**      false or true) or a JSON-RPC error; nothing a tool meets (bad
**      arguments, memssad's errors, memssad gone) ends the server.
**   4. Positions are memssad's: 1-based lines, 1-based byte columns.
*/
#ifndef MSSA_MCP_INTERNAL_H
#define MSSA_MCP_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "libmemssa-client/memssa-client.h"

/* JSON-RPC's error codes (MCP uses them as they are). */
enum { MCP_PARSE_ERROR = -32700, MCP_INVALID_REQUEST = -32600 };
enum { MCP_METHOD_NOT_FOUND = -32601, MCP_INVALID_PARAMS = -32602 };
enum { MCP_DAEMON_UNKNOWN_MODULE = -32001 /* memssad's */ };

/* Bounds. */
#define MCP_DEFAULT_MAX_LINE ((size_t)4 << 20)  /* one incoming message */
#define MCP_MAX_TEXT ((size_t)1 << 20)          /* a text rendering, a print */
#define MCP_MAX_SOURCES 256                     /* C files remembered as loaded */
#define MCP_DAEMON_TIMEOUT_MS 120000

/* A C file this server had memssad compile, and the file's state then:
** while it is unchanged the module stands (a header's edit is not seen:
** the `load` tool compiles it again). */
typedef struct mcp_source {
  char *path;          /* absolute: also the module's name, as for `memssa lsp` */
  long long mtime_ns, size, ino;
  unsigned long long used;  /* tick of its last use, for eviction */
} mcp_source;

typedef struct mssa__mcp {
  int in_fd;
  char *inbuf;         /* bytes read, not yet consumed */
  size_t in_n, in_cap;
  size_t max_line;
  bool skipping;       /* dropping the rest of an over-long line */
  bool eof;
  bool initialized;    /* initialize answered */
  bool structured;     /* the version has structuredContent / outputSchema */
  char version[16];    /* the protocol version agreed */
  char *socket;        /* NULL: the client library's default */
  memssa_client *dc;   /* the daemon connection, opened lazily */
  int (*daemon_cmd)(const char *cmd, int argc, char **argv);
  mcp_source sources[MCP_MAX_SOURCES];
  size_t nsources;
  unsigned long long tick;
} mssa__mcp;

/* mcp_io.c: newline-delimited JSON on stdin/stdout. */
/* The next line: 1 with *msg (a JSON value), 0 at the end of input, or -1
** with *msg NULL after a line that is not JSON or is longer than
** max_line (*why says which; the caller answers -32700 / -32600). */
int mssa__mcp_read(mssa__mcp *M, json_t **msg, char *why, size_t cap);
void mssa__mcp_send(json_t *msg);   /* steals msg */
json_t *mssa__mcp_result_new(json_t *id, json_t *result);  /* steals result */
json_t *mssa__mcp_error_new(json_t *id, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void mssa__mcp_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* mcp_bridge.c: calls to memssad. 0 with *out = the result, 1 with *out =
** the error object, -1 when memssad cannot be reached (*out NULL).
** `params` is stolen. */
int mssa__mcp_call(mssa__mcp *M, const char *method, json_t *params, json_t **out);
void mssa__mcp_disconnect(mssa__mcp *M);

/* What a tool produced: `data` (the structured result, an object) and
** `text` (its rendering), or, with `error`, `text` saying what went wrong. */
typedef struct mcp_out {
  json_t *data;
  char *text;
  bool error;
} mcp_out;
/* mcp_out.c */
void mssa__mcp_out_fail(mcp_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* memssad's error object (or NULL: unreachable) as the tool's error. */
void mssa__mcp_out_daemon(mcp_out *o, const char *method, json_t *err);

/* mcp_schema.c: arguments against a tool's input schema (the subset the
** tools use: type (a name or a list), properties, required,
** additionalProperties false, minimum). 0, or -1 with the first mismatch
** in words in why ("arguments.line must be an integer"). */
int mssa__mcp_check_args(const json_t *schema, const json_t *args, char *why, size_t cap);

/* mcp_tools.c */
json_t *mssa__mcp_tools_list_new(const mssa__mcp *M);
/* Handles tools/call's params: the reply's result, or NULL with *code and
** why for a protocol error (unknown tool, malformed params). */
json_t *mssa__mcp_tools_call_new(mssa__mcp *M, json_t *params, int *code, char *why, size_t cap);

/* mcp_query.c: the tools over memssad's methods. */
void mssa__mcp_tool_load(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_modules(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_functions(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_clobber(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_alias(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_modref(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_memoryssa(mssa__mcp *M, json_t *args, mcp_out *o);

/* mcp_reach.c: positions in C files, and the reaching_writes tool. */
/* An absolute path for `file` (relative: to the server's directory). */
char *mssa__mcp_abs_path(const char *file);
/* Has memssad compile the C file `abs` unless it is loaded and unchanged
** (force: always). 0; or -1 with the tool's error in o. */
int mssa__mcp_ensure_source(mssa__mcp *M, const char *abs, bool force, json_t **reply,
                            mcp_out *o);
void mssa__mcp_forget_source(mssa__mcp *M, const char *abs);
/* memssad's `method` at a position of args (file, line, col?, module?):
** without module, the C file is compiled first and its module asked. 0
** with *res, or -1 with the error in o. `extra` (stolen, may be NULL) is
** merged into the request. */
int mssa__mcp_at_position(mssa__mcp *M, const char *method, json_t *args, json_t *extra,
                          json_t **res, mcp_out *o);
void mssa__mcp_tool_reaching(mssa__mcp *M, json_t *args, mcp_out *o);
void mssa__mcp_tool_readers(mssa__mcp *M, json_t *args, mcp_out *o);

/* mcp_render.c: text renderings (malloc'ed, at most MCP_MAX_TEXT bytes). */
char *mssa__mcp_render_reaching(const json_t *data);
char *mssa__mcp_render_readers(const json_t *data);
char *mssa__mcp_render_clobber(const json_t *reply);
char *mssa__mcp_render_load(const json_t *reply);
char *mssa__mcp_render_listing(const json_t *reply, const char *key);
/* "file:line:col" of an access's source, or "no source location". */
void mssa__mcp_where(const json_t *access, char *buf, size_t cap);

#endif
