/*
** errors.h -- every error code the daemon can put in a JSON-RPC error
** object, in one place (docs/protocol.md lists the same table).
**
** Invariants:
**   1. The JSON-RPC 2.0 codes (-32700..-32600) mean exactly what the spec
**      says; application codes live in -32001..-32099 (the spec's
**      "server error" range), so a client can tell the two apart.
**   2. Codes are never renumbered: clients switch on them.
*/
#ifndef MSSA_PROTO_ERRORS_H
#define MSSA_PROTO_ERRORS_H

enum {
  MSSA_RPC_PARSE_ERROR = -32700,      /* the line is not JSON */
  MSSA_RPC_INVALID_REQUEST = -32600,  /* JSON, but not a request object */
  MSSA_RPC_METHOD_NOT_FOUND = -32601,
  MSSA_RPC_INVALID_PARAMS = -32602,
  MSSA_RPC_INTERNAL_ERROR = -32603,

  MSSA_RPC_UNKNOWN_MODULE = -32001,
  MSSA_RPC_UNKNOWN_FUNCTION = -32002,
  MSSA_RPC_UNKNOWN_INSTRUCTION = -32003,
  MSSA_RPC_NO_ACCESS = -32004,        /* the instruction / position has no MemoryAccess */
  MSSA_RPC_IR_ERROR = -32010,         /* data: {file, line, col, message} */
  MSSA_RPC_IO_ERROR = -32011,         /* data: {path, message} */
  MSSA_RPC_EDIT_REJECTED = -32012,    /* data: {op, message}; nothing of the batch applied */
  MSSA_RPC_REQUEST_TOO_LARGE = -32020,/* data: {limit}; the connection is closed */
  MSSA_RPC_UNAUTHORIZED = -32030,     /* TCP token missing or wrong; connection closed */
  MSSA_RPC_SHUTTING_DOWN = -32040     /* the daemon is stopping */
};

/* The fixed message for a code ("Parse error", "Unknown module", ...). */
const char *mssa_rpc_strerror(int code);

#endif
