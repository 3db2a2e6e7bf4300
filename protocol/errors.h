/*
** errors.h -- every error the daemon can put in a JSON-RPC error object, in
** one place: the codes with their fixed messages, and the `data.reason`
** words that tell apart refusals sharing a code. docs/protocol.md lists the
** same two tables, and a test (tests/daemon/errors-doc.t) fails when they
** differ.
**
** Invariants:
**   1. The JSON-RPC 2.0 codes (-32700..-32600) mean exactly what the spec
**      says; application codes live in -32001..-32099 (the spec's
**      "server error" range), so a client can tell the two apart.
**   2. Codes and reasons are never renumbered or renamed: clients switch
**      on them. A reason belongs to exactly one code.
**   3. Every error carries a data.reason: the handler's, or else its code's
**      default (last column), so a client can always switch on one word.
*/
#ifndef MSSA_PROTO_ERRORS_H
#define MSSA_PROTO_ERRORS_H

/* X(NAME, CODE, MESSAGE, DEFAULT_REASON) */
#define MSSA_RPC_ERROR_TABLE(X)                                                        \
  X(PARSE_ERROR, -32700, "Parse error", "parse_error")   /* the line is not JSON */   \
  X(INVALID_REQUEST, -32600, "Invalid Request", "invalid_request") /* JSON, not a request */ \
  X(METHOD_NOT_FOUND, -32601, "Method not found", "method_not_found")                  \
  X(INVALID_PARAMS, -32602, "Invalid params", "invalid_params")                        \
  X(INTERNAL_ERROR, -32603, "Internal error", "internal_error")                        \
  X(UNKNOWN_MODULE, -32001, "Unknown module", "unknown_module")                        \
  X(UNKNOWN_FUNCTION, -32002, "Unknown function", "unknown_function")                  \
  X(UNKNOWN_INSTRUCTION, -32003, "Unknown instruction", "unknown_id")                  \
  X(NO_ACCESS, -32004, "No memory access", "no_access")                                \
  X(IR_ERROR, -32010, "IR error", "ir_error")       /* data: {file, line, col, message} */ \
  X(IO_ERROR, -32011, "I/O error", "read_failed")   /* data: {path, message, reason} */ \
  X(EDIT_REJECTED, -32012, "Edit rejected", "edit_rejected") /* data: {op, message} */ \
  X(REQUEST_TOO_LARGE, -32020, "Request too large", "request_too_large")               \
  X(UNAUTHORIZED, -32030, "Unauthorized", "bad_token")                                 \
  X(SHUTTING_DOWN, -32040, "Shutting down", "shutting_down")                           \
  X(REQUEST_TIMEOUT, -32050, "Request timed out", "request_timeout") /* data: {limit_ms} */ \
  X(OUT_OF_MEMORY, -32060, "Out of memory", "out_of_memory") /* the request alone failed */

/* X(NAME, WORD, CODE_NAME): the data.reason words of refusals. */
#define MSSA_RPC_REASON_TABLE(X)                                                       \
  X(NOT_REGULAR_FILE, "not_regular_file", IO_ERROR)   /* a FIFO, device, directory */  \
  X(TOO_LARGE, "too_large", IO_ERROR)                 /* beyond --max-module-bytes */  \
  X(NOT_FOUND, "not_found", IO_ERROR)                                                  \
  X(PERMISSION_DENIED, "permission_denied", IO_ERROR)                                  \
  X(READ_FAILED, "read_failed", IO_ERROR)             /* any other read error */       \
  X(OUTSIDE_ROOT, "outside_root", IO_ERROR)           /* TCP: not under --root */      \
  X(JOURNAL_FAILED, "journal_failed", IO_ERROR)       /* --state-dir: not recorded */  \
  X(TOO_MANY_CONNECTIONS, "too_many_connections", INTERNAL_ERROR)                     \
  X(COMPILE_FAILED, "compile_failed", IR_ERROR)  /* load source: data.diagnostics */    \
  X(UNTRUSTED_COMPILER, "untrusted_compiler", IR_ERROR) /* load source: "clang" not trusted */ \
  X(UNIX_SOCKET_ONLY, "unix_socket_only", INVALID_PARAMS) /* over TCP: trusted_compilers */ \
  /* source positions that match no memory access (clobber/uses FILE:LINE) */          \
  X(NO_DEBUG_INFO, "no_debug_info", NO_ACCESS)        /* no !dbg locations at all */   \
  X(NO_SUCH_FILE, "no_such_file", NO_ACCESS)          /* no access in that file */     \
  X(NO_ACCESS_ON_LINE, "no_access_on_line", NO_ACCESS) /* data: nearest_lines, candidates */ \
  /* edit refusals (analysis/ir/ir_edit.h, mssa_edit_why), in that order */            \
  X(HAS_USERS, "has_users", EDIT_REJECTED)                                             \
  X(IS_TERMINATOR, "is_terminator", EDIT_REJECTED)                                     \
  X(NOT_A_TERMINATOR, "not_a_terminator", EDIT_REJECTED)                               \
  X(PHI, "phi", EDIT_REJECTED)                                                         \
  X(AFTER_TERMINATOR, "after_terminator", EDIT_REJECTED)                               \
  X(PHI_ORDER, "phi_order", EDIT_REJECTED)                                             \
  X(OPERAND_NOT_DOMINATING, "operand_not_dominating", EDIT_REJECTED)                   \
  X(USER_NOT_DOMINATED, "user_not_dominated", EDIT_REJECTED)                           \
  X(TYPE_MISMATCH, "type_mismatch", EDIT_REJECTED)                                     \
  X(NO_SUCH_OPERAND, "no_such_operand", EDIT_REJECTED)                                 \
  X(EDGE_OPERAND, "edge_operand", EDIT_REJECTED)                                       \
  X(SELF_REFERENCE, "self_reference", EDIT_REJECTED)                                   \
  X(ENTRY_BLOCK, "entry_block", EDIT_REJECTED)                                         \
  X(NEW_EDGE_INTO_PHIS, "new_edge_into_phis", EDIT_REJECTED)                           \
  X(BLOCK_IN_USE, "block_in_use", EDIT_REJECTED)                                       \
  X(UNSPLITTABLE, "unsplittable", EDIT_REJECTED)                                       \
  X(MODULE_GREW, "module_grew", EDIT_REJECTED)   /* --max-edit-growth */           \
  X(UNSUPPORTED_LLVM, "unsupported_llvm", INVALID_PARAMS) /* load: llvm not 14..22 */ \
  /* `accesses` of several functions (docs/offload.md) */                            \
  X(NEEDS_COMPACT_FORM, "needs_compact_form", INVALID_PARAMS) /* functions or !blocks, full */ \
  X(FUNCTION_AND_FUNCTIONS, "function_and_functions", INVALID_PARAMS)                \
  X(DECLARATION, "declaration", UNKNOWN_FUNCTION) /* functions[k]: no body */     \
  /* `pairs` of alias and depends (docs/offload.md); a question's adds data.pair */ \
  X(NEEDS_PACKED_FORM, "needs_packed_form", INVALID_PARAMS) /* pairs; layout columns */ \
  X(NEEDS_FUNCTIONS, "needs_functions", INVALID_PARAMS) /* layout columns, one function */ \
  X(MALFORMED_PAIRS, "malformed_pairs", INVALID_PARAMS) /* not packed ids, odd count */ \
  X(TOO_MANY_PAIRS, "too_many_pairs", INVALID_PARAMS)   /* > 256 questions */             \
  X(NO_INSTRUCTION, "no_instruction", UNKNOWN_INSTRUCTION) /* pairs[k]: no such id */ \
  X(NOT_MEMORY, "not_memory", NO_ACCESS)      /* pairs[k] of depends: no access */    \
  X(NO_LOCATION, "no_location", NO_ACCESS)    /* pairs[k] of alias: not a load/store */ \
  /* writers / readers (m_writers.c) */                                               \
  X(ONE_TARGET, "one_target", INVALID_PARAMS)  /* not exactly one of global, field, file */ \
  X(NO_SUCH_GLOBAL, "no_such_global", NO_ACCESS) /* no loaded unit has that global */ \
  X(NOT_NAMED_MEMORY, "not_named_memory", NO_ACCESS) /* position: no global or member */ \
  /* a member of params missing, or of the wrong JSON type (m_common.c) */             \
  X(MISSING_PARAM, "missing_param", INVALID_PARAMS)                                   \
  X(WRONG_TYPE, "wrong_type", INVALID_PARAMS)

#define MSSA__RPC_ENUM(name, code, msg, reason) MSSA_RPC_##name = (code),
enum { MSSA_RPC_ERROR_TABLE(MSSA__RPC_ENUM) };
#undef MSSA__RPC_ENUM

#define MSSA__RPC_REASON_ENUM(name, word, code) MSSA_REASON_##name,
enum { MSSA_RPC_REASON_TABLE(MSSA__RPC_REASON_ENUM) MSSA_REASON_COUNT };
#undef MSSA__RPC_REASON_ENUM

/* The fixed message for a code ("Parse error", "Unknown module", ...). */
const char *mssa_rpc_strerror(int code);
/* The code's default data.reason, or NULL. */
const char *mssa_rpc_default_reason(int code);
/* The word of reason MSSA_REASON_* ("not_regular_file", ...). */
const char *mssa_rpc_reason(int reason);

#endif
