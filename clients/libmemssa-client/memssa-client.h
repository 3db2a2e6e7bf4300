/*
** memssa-client.h -- the synchronous client for memssad, for compilers,
** editors and the memssa CLI. C11 + POSIX sockets + jansson (replies are
** jansson values; `pkg-config --cflags --libs memssa-client` brings it).
**
**   memssa_client *c;
**   memssa_value_answer v;
**   if (memssa_client_connect(NULL, &c) == 0) {              // default socket
**     if (memssa_client_value(c, "m", "main", "v5", &v) == 0)
**       puts(v.text);                                        // "Known(v4)"
**     else
**       puts(memssa_client_errmsg(c));
**     memssa_value_answer_free(&v);
**     memssa_client_close(c);
**   }
**
** Four levels, each built on the one before (docs/client.md):
**   text     memssa_client_roundtrip / memssa_client_call: one request line
**            out, one reply line back, as strings;
**   JSON     memssa_client_request: params and result as json_t;
**   pipeline memssa_client_send (N times), then memssa_client_recv (N
**            times); memssa_client_batch: one JSON-RPC 2.0 batch;
**   typed    memssa_client_load, _clobber, _accesses, _alias, _depends,
**            _value: answers decoded into structs.
**
** Ownership of json_t values, as jansson names it:
**   - a function whose name ends in `_new` and takes a json_t takes (steals)
**     the reference to it, as json_object_set_new does; every other
**     function only borrows its json_t arguments;
**   - builders named `_new` without a json_t argument (memssa_params_*_new,
**     memssa_inst_json_new), and out-parameters and results documented
**     "new", are new references: the caller json_decref's them;
**   - a function whose name ends in `_borrow` returns a borrowed reference,
**     valid until the next call on the same client;
**   - an answer struct owns its `json` member; every string and access in
**     it points into that value; memssa_X_answer_free releases it all (also
**     safe on an answer a failed call left zeroed).
**
** Invariants:
**   1. Replies come in the order the requests were sent; every reply's id
**      is checked against the request's (MEMSSA_CLIENT_EPROTO otherwise).
**   2. A client is not thread-safe; any number of requests may be in flight
**      on it (memssa_client_send): while the daemon does not take more bytes,
**      the replies it sends meanwhile are read into the client's buffer, so
**      neither side waits on the other forever.
**   3. Functions return 0 or a negative MEMSSA_CLIENT_E* code
**      (memssa_client_strerror). The text level returns error replies as any
**      reply; the JSON and typed levels return MEMSSA_CLIENT_ERPC, and the
**      error object is memssa_client_error_borrow(c).
**   4. Replies are capped at MEMSSA_CLIENT_MAX_REPLY bytes each.
*/
#ifndef MEMSSA_CLIENT_H
#define MEMSSA_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The release of memssa (daemon, CLI and this library), as --version prints
** it and memssa-client.pc says. */
#define MEMSSA_VERSION "1.0"

#define MEMSSA_CLIENT_MAX_REPLY ((size_t)1 << 30)

enum {
  MEMSSA_CLIENT_OK = 0,
  MEMSSA_CLIENT_ECONNECT = -1,  /* nobody answers on the socket */
  MEMSSA_CLIENT_EIO = -2,       /* read/write failed or connection closed */
  MEMSSA_CLIENT_EPROTO = -3,    /* the reply is not one JSON line, or not the awaited one */
  MEMSSA_CLIENT_EINVAL = -4,    /* bad argument */
  MEMSSA_CLIENT_ETOOBIG = -5,   /* reply beyond MEMSSA_CLIENT_MAX_REPLY */
  MEMSSA_CLIENT_EUNSAFE = -6,   /* the socket or its directory belongs to another user */
  MEMSSA_CLIENT_ERPC = -7       /* the daemon answered with an error (memssa_client_error_borrow) */
};
const char *memssa_client_strerror(int err);

typedef struct memssa_client memssa_client;

/* ------------------------------------------------------------ the socket */

/* The daemon's default socket, the one rule of the daemon and its clients:
** $MEMSSA_SOCKET if set, else $XDG_RUNTIME_DIR/memssad.sock, else
** /tmp/memssad-$UID/memssad.sock. Returns the flags that
** memssa_client_check_socket wants for it (MEMSSA_SOCK_PRIVATE_DIR unless
** it came from $MEMSSA_SOCKET), or MEMSSA_CLIENT_EINVAL if it does not fit. */
int memssa_client_default_socket(char *buf, size_t cap);

enum {
  MEMSSA_SOCK_PRIVATE_DIR = 1,  /* the socket's directory must be ours and private */
  MEMSSA_SOCK_CREATE_DIR = 2    /* create that directory (mode 0700) if missing */
};
/* Whether the socket at `path` may be trusted: if it exists it must be a
** socket owned by this user; with MEMSSA_SOCK_PRIVATE_DIR its directory
** must be a directory owned by this user with no group or other access.
** 0, or MEMSSA_CLIENT_EUNSAFE with a sentence saying what was found in
** `why` (cap bytes). memssa_client_connect checks the same. */
int memssa_client_check_socket(const char *path, int flags, char *why, size_t cap);

/* Connects to a Unix socket (NULL: the default one), after
** memssa_client_check_socket (MEMSSA_CLIENT_EUNSAFE if that refuses). */
int memssa_client_connect(const char *path, memssa_client **out);
/* Connects over TCP; `token` (may be NULL) is sent as the first line. */
int memssa_client_connect_tcp(const char *host, int port, const char *token,
                              memssa_client **out);
void memssa_client_close(memssa_client *c);
/* Timeout in milliseconds for every later wait on the daemon (0 = none). */
void memssa_client_set_timeout(memssa_client *c, int ms);

/* What the last failed call on `c` was about, for people: "error -32001:
** no module named 'm'" for an error reply, else the transport error's
** sentence. Borrowed: valid until the next call on `c`. */
const char *memssa_client_errmsg(memssa_client *c);
/* The "error" object ({code, message, data?}) of the last call that
** returned MEMSSA_CLIENT_ERPC, else NULL. Borrowed (see above). */
json_t *memssa_client_error_borrow(const memssa_client *c);

/* ------------------------------------------------------------ text level */

/* Sends `line` (one JSON request, no newline) and, unless `reply` is NULL
** (a notification), waits for one reply line (malloc'ed, NUL-terminated). */
int memssa_client_roundtrip(memssa_client *c, const char *line, char **reply);
/* Sends {"jsonrpc":"2.0","id":N,"method":METHOD,"params":PARAMS} where
** `params_json` is a JSON object text or NULL; returns the reply line. */
int memssa_client_call(memssa_client *c, const char *method, const char *params_json,
                       char **reply);

/* ------------------------------------------------------------ JSON level */

/* Sends METHOD with `params` (an object, or NULL for none) and waits. 0:
** *result is the reply's "result" (new). MEMSSA_CLIENT_ERPC: the daemon
** answered with an error (memssa_client_error_borrow), *result is NULL. */
int memssa_client_request(memssa_client *c, const char *method, json_t *params,
                          json_t **result);
/* The same, taking the reference to `params` (json_pack's result, say). */
int memssa_client_request_new(memssa_client *c, const char *method, json_t *params,
                              json_t **result);

/* -------------------------------------------------------- pipeline level */

/* Queues one request without waiting for its reply; *id (may be NULL) is
** the id it carries. Queued bytes go out when 64 KiB gather, at
** memssa_client_flush and at the next memssa_client_recv. */
int memssa_client_send(memssa_client *c, const char *method, json_t *params, long long *id);
int memssa_client_send_new(memssa_client *c, const char *method, json_t *params,
                           long long *id);
int memssa_client_flush(memssa_client *c);
/* Reads the next reply, whole ({"jsonrpc","id","result"|"error"}, new):
** the reply to the oldest request sent and not yet received. An error reply
** is returned as any reply (0). */
int memssa_client_recv(memssa_client *c, json_t **reply);
/* The same, as memssa_client_request answers: *result (new) or ERPC. */
int memssa_client_recv_result(memssa_client *c, json_t **result);
/* Requests sent whose replies were not received yet. The text and JSON
** levels and batches refuse (MEMSSA_CLIENT_EINVAL) while this is not 0. */
size_t memssa_client_pending(const memssa_client *c);

/* One JSON-RPC 2.0 batch on one line: `requests` is an array of
** {"method":M,"params":P?} (borrowed: the library sends copies with
** "jsonrpc" and "id"). 0: *replies (new) is an array of the whole replies,
** one per request in the same order; errors are entries, not a failure. */
int memssa_client_batch(memssa_client *c, json_t *requests, json_t **replies);

/* ------------------------------------------------------------ typed level */

/* An instruction, as typed calls take it: "12" (digits: the stable id, as
** access.inst reports it), "%8" / "%x" / "v3" (a result name), or
** "BLOCK:INDEX" (the INDEX-th instruction of block BLOCK, from 0; a store
** of JSON IR: "b2:2"). Returns its JSON form (new), NULL if malformed. */
json_t *memssa_inst_json_new(const char *inst);

typedef enum memssa_access_kind {
  MEMSSA_ACCESS_NONE = 0,      /* no access (a null in the reply) */
  MEMSSA_ACCESS_DEF, MEMSSA_ACCESS_USE, MEMSSA_ACCESS_PHI, MEMSSA_ACCESS_LIVE_ON_ENTRY
} memssa_access_kind;

/* LLVM's AliasResult; MEMSSA_ALIAS_NULL when the reply has none (a call). */
typedef enum memssa_alias_result {
  MEMSSA_ALIAS_NULL = -1,
  MEMSSA_NO_ALIAS = 0, MEMSSA_MAY_ALIAS, MEMSSA_PARTIAL_ALIAS, MEMSSA_MUST_ALIAS
} memssa_alias_result;

/* CodeQL's overlap of a write against a read. */
typedef enum memssa_overlap {
  MEMSSA_OVERLAP_MAY = 0, MEMSSA_OVERLAP_EXACT, MEMSSA_OVERLAP_TOTAL,
  MEMSSA_OVERLAP_PARTIAL, MEMSSA_OVERLAP_NONE
} memssa_overlap;

enum {                          /* mod/ref: a bit set */
  MEMSSA_MODREF_NONE = 0, MEMSSA_MODREF_REF = 1, MEMSSA_MODREF_MOD = 2, MEMSSA_MODREF_BOTH = 3
};
enum {                          /* dependence kinds: a bit set */
  MEMSSA_DEP_FLOW = 1,          /* from writes, to reads */
  MEMSSA_DEP_ANTI = 2,          /* from reads, to writes */
  MEMSSA_DEP_OUTPUT = 4         /* both write */
};

/* A MemoryAccess of a reply (docs/protocol.md, "An access"). */
typedef struct memssa_access {
  memssa_access_kind kind;
  int id;              /* opt's printed id (defs, phis; 0 = liveOnEntry), -1 for uses */
  long long inst;      /* the instruction's stable id, -1 if none (phis, liveOnEntry) */
  const char *name;    /* its result name as the module spells it, or NULL */
  const char *block;   /* its block's name, or NULL */
  const char *text;    /* the instruction's text, or NULL */
  const char *desc;    /* as print<memoryssa> prints the access, or NULL */
} memssa_access;

typedef struct memssa_load_answer {
  json_t *json;        /* the result; owns the strings */
  const char *module;
  long long functions, defs, uses, phis;
  double ms;
  bool replaced;       /* a module of that name was there before */
  bool incremental;    /* reloaded by difference */
} memssa_load_answer;

typedef struct memssa_clobber_answer {
  json_t *json;
  memssa_access access, clobber;
  memssa_alias_result alias;
  bool from_cache;
} memssa_clobber_answer;

typedef struct memssa_access_clobber {
  memssa_access access;
  memssa_access clobber;       /* MEMSSA_ACCESS_NONE for a phi */
  memssa_alias_result alias;
} memssa_access_clobber;

typedef struct memssa_accesses_answer {
  json_t *json;                /* the result, every page's accesses in one array */
  size_t n;
  memssa_access_clobber *a;    /* layout order */
} memssa_accesses_answer;

typedef struct memssa_alias_answer {
  json_t *json;
  memssa_alias_result alias;
  memssa_overlap overlap;
} memssa_alias_answer;

typedef struct memssa_depends_answer {
  json_t *json;
  bool depends;                /* some kind, may overlap, and reaches */
  unsigned kinds;              /* MEMSSA_DEP_* */
  memssa_alias_result alias;
  unsigned modref;             /* MEMSSA_MODREF_* of `from` on what `to` touches */
  bool reaches;
  size_t npath;
  memssa_access *path;         /* from `to` back to `from`, when reaches */
  memssa_access killer;        /* a covering write, or kind NONE */
  memssa_access walker_clobber;
  const char *reason;          /* why not, or NULL */
} memssa_depends_answer;

typedef struct memssa_value_answer {
  json_t *json;
  bool known;
  const char *value;           /* when known: "v4", "%x", "7", ... else NULL */
  const char *type;            /* when known: "i64", "ptr", ... else NULL */
  const char *text;            /* "Known(v4)" or "Unknown" */
  const char *reason;          /* when unknown: why, else NULL */
  memssa_access blocker;       /* the access that decided Unknown, or kind NONE */
  memssa_access other;         /* a second store the reason names (kind NONE if
                                  it has no access: then inst/name/text only) */
  size_t nwrites;
  memssa_access *writes;       /* the reaching stores */
  size_t npath;
  memssa_access *path;         /* every access the walk visited */
} memssa_value_answer;

/* The reply form typed calls ask for (docs/offload.md, "The ids form").
** FULL (the default): access objects with names, block, instruction text,
** source and the printed access. IDS: the same answers as numbers only
** (~20 bytes an access instead of ~430): kind, id and inst of every
** access, and `block` in `accesses` answers; name, text and desc are NULL,
** and so is block in depends answers. For a compiler that keeps its own
** instruction table and asks about every access. PACKED: the ids form's
** numbers in one JSON string (docs/offload.md, "The packed form": ~5
** bytes an access, and one JSON value per answer instead of one per
** number); decoded into the same answers as IDS. */
typedef enum memssa_form {
  MEMSSA_FORM_FULL = 0,
  MEMSSA_FORM_IDS = 1,
  MEMSSA_FORM_PACKED = 2
} memssa_form;
/* The form memssa_client_accesses, _alias, _alias_loc and _depends ask for. */
void memssa_client_set_form(memssa_client *c, memssa_form form);
/* Whether memssa_client_accesses and _accesses_many in the ids and packed
** forms ask for block names (the default: true). Without (`"blocks":false`,
** docs/offload.md), every access's `block` is NULL; a compiler that numbers
** its blocks in layout order needs no names, and they are ~a quarter of
** a packed reply's bytes on lua.O2. */
void memssa_client_set_block_names(memssa_client *c, bool names);

/* Several questions about one function in few requests (docs/offload.md,
** "Several questions in one request"; always in the packed form): the n
** questions are pairs[2k], pairs[2k+1], instruction ids (from, to for
** depends; a, b for alias, each a load or store); out[k] gets answer k (n
** answers to free with memssa_answer_free, zeroed on failure). They are
** sent 256 a request (the daemon's bound), one request after another. One
** bad question fails the call: the daemon's error names it within its
** request (pairs[j], data.pair = j: question 256 * r + j of the call). */
int memssa_client_depends_pairs(memssa_client *c, const char *module, const char *function,
                                const long long *pairs, size_t n, memssa_depends_answer *out);
int memssa_client_alias_pairs(memssa_client *c, const char *module, const char *function,
                              const long long *pairs, size_t n, memssa_alias_answer *out);
/* The params of such a request (new; NULL when malformed). */
json_t *memssa_params_pairs_new(const char *module, const char *function, const long long *pairs,
                                size_t n);

/* Many alias and depends questions over the functions of one module, in
** few requests (docs/offload.md, "Many questions over many functions"):
** q[0..n) in any order; the library sorts them by kind, then function, into
** `pairs` requests over several functions of at most 64 questions (the
** daemon takes 256: about one batch slice of its time, so other clients
** wait no longer), sends them all, then reads all the
** replies (pipelined), and puts answer k in out[k], the caller's order.
** Instructions are stable ids (access.inst), as memssa_client_depends_pairs
** takes them. On failure every out[k] is zeroed and the whole call fails:
** an error reply for one request fails it (memssa_client_error_borrow is
** that reply's error: data.pair is question j of that request, or the
** message names params.functions[j]); memssa_client_errmsg names the
** caller's query: "queries[K] (@f): error -32003: ..."); the other replies
** are still read, so the client stays usable. */
typedef enum memssa_query_kind {
  MEMSSA_QUERY_ALIAS = 0,      /* a, b: loads or stores (their locations) */
  MEMSSA_QUERY_DEPENDS = 1     /* a = from, b = to */
} memssa_query_kind;
typedef struct memssa_query {
  const char *function;        /* its name, without '@' */
  memssa_query_kind kind;
  long long a, b;              /* instruction ids */
} memssa_query;
typedef struct memssa_query_answer {
  memssa_query_kind kind;      /* the question's */
  memssa_alias_answer alias;   /* kind ALIAS: the answer (else zeroed) */
  memssa_depends_answer depends; /* kind DEPENDS: the answer (else zeroed) */
} memssa_query_answer;
int memssa_client_queries(memssa_client *c, const char *module, const memssa_query *q, size_t n,
                          memssa_query_answer *out);
/* Frees one answer of memssa_client_queries (safe on a zeroed one). */
void memssa_query_answer_free(memssa_query_answer *a);

/* `accesses` of several functions, a page of ~2,000 accesses a request
** (docs/offload.md, "Several functions in one request"): functions[0..nf),
** or every function with a body, in module order, when `functions` is
** NULL. Asked in the ids form when the client's form is IDS, else packed
** in the columns layout (docs/offload.md, "The columns layout").
** each(arg, function, answer) is called once per function, in order, with
** its whole answer (as memssa_client_accesses decodes it; borrowed for the
** call only; its `json` is the function's element of the first page that
** holds it, or in the columns layout an object the library makes of the
** same members but `accesses` (its block names, NUL-separated, in
** "block_names"): a function cut across pages is joined in `a`, not in
** `json`);
** a non-zero return stops the sweep and is returned. */
typedef int (*memssa_accesses_each)(void *arg, const char *function,
                                    const memssa_accesses_answer *answer);
int memssa_client_accesses_many(memssa_client *c, const char *module, const char *const *functions,
                                size_t nf, memssa_accesses_each each, void *arg);
/* The params of one page of it (new; NULL when malformed): from function
** `at` of the list, access `offset` of it, at most `limit` accesses. */
json_t *memssa_params_accesses_many_new(const char *module, const char *const *functions,
                                        size_t nf, size_t at, size_t offset, size_t limit);

/* Params objects of the methods (new), for memssa_client_send_new and
** batches; NULL when `inst` (or a, b, from, to) is malformed. */
json_t *memssa_params_clobber_new(const char *module, const char *function, const char *inst);
json_t *memssa_params_accesses_new(const char *module, const char *function, size_t offset,
                                   size_t limit);
json_t *memssa_params_alias_new(const char *module, const char *function, const char *a,
                                const char *b);
json_t *memssa_params_depends_new(const char *module, const char *function, const char *from,
                                  const char *to);
json_t *memssa_params_value_new(const char *module, const char *function, const char *inst);
/* Asks for the ids form: sets "form":"ids" in `params` (taken) and returns
** it (NULL stays NULL). The decoders below read either form. */
json_t *memssa_params_ids_new(json_t *params);
/* The same for any form: sets "form" (FULL: leaves `params` as it is). */
json_t *memssa_params_form_new(json_t *params, memssa_form form);
/* Decodes a packed string (base64 VLQ) of `len` bytes into *nums (malloc'ed,
** NULL when empty; the caller frees it) and *n. MEMSSA_CLIENT_EPROTO when
** `s` is not such a string (a character outside the alphabet, or a number
** cut short or over 63 bits). */
int memssa_packed_decode(const char *s, size_t len, long long **nums, size_t *n);
/* The packed `accesses` string (docs/offload.md, "The packed form") as the
** ids form's numbers: 6 an access (kind, id, inst, block, clobber, alias),
** *n accesses, *ids malloc'ed. MEMSSA_CLIENT_EPROTO when malformed. */
int memssa_packed_accesses_decode(const char *s, size_t len, long long **ids, size_t *n);

/* Decoders of a method's result (borrowed: the answer takes a reference of
** its own), full, ids or packed form alike. MEMSSA_CLIENT_EPROTO if `result` is not
** that method's. */
int memssa_load_answer_decode(json_t *result, memssa_load_answer *out);
int memssa_clobber_answer_decode(json_t *result, memssa_clobber_answer *out);
int memssa_accesses_answer_decode(json_t *result, memssa_accesses_answer *out);
int memssa_alias_answer_decode(json_t *result, memssa_alias_answer *out);
int memssa_depends_answer_decode(json_t *result, memssa_depends_answer *out);
int memssa_value_answer_decode(json_t *result, memssa_value_answer *out);
/* Decodes one access object of a reply into *out (kind NONE unless an object). */
void memssa_access_decode(json_t *access, memssa_access *out);

void memssa_load_answer_free(memssa_load_answer *a);
void memssa_clobber_answer_free(memssa_clobber_answer *a);
void memssa_accesses_answer_free(memssa_accesses_answer *a);
void memssa_alias_answer_free(memssa_alias_answer *a);
void memssa_depends_answer_free(memssa_depends_answer *a);
void memssa_value_answer_free(memssa_value_answer *a);

/* The typed calls: request, wait, decode into *out (zeroed on failure).
** `module` of a load may be NULL (the file name without its extension); a
** relative `path` is made absolute here (the daemon resolves paths in its
** own directory). memssa_client_load_ir loads the neutral JSON IR
** (docs/json-ir.md) given as a json_t (borrowed). */
int memssa_client_load(memssa_client *c, const char *module, const char *path,
                       memssa_load_answer *out);
int memssa_client_load_text(memssa_client *c, const char *module, const char *ll_text,
                            memssa_load_answer *out);
int memssa_client_load_ir(memssa_client *c, const char *module, json_t *ir,
                          memssa_load_answer *out);
int memssa_client_clobber(memssa_client *c, const char *module, const char *function,
                          const char *inst, memssa_clobber_answer *out);
/* Every access of the function, all pages of `accesses` gathered. */
int memssa_client_accesses(memssa_client *c, const char *module, const char *function,
                           memssa_accesses_answer *out);
/* a, b: instructions (their locations). */
int memssa_client_alias(memssa_client *c, const char *module, const char *function,
                        const char *a, const char *b, memssa_alias_answer *out);
/* Two locations {ptr, size}: a size < 0 is unknown. */
int memssa_client_alias_loc(memssa_client *c, const char *module, const char *function,
                            const char *ptr_a, long long size_a, const char *ptr_b,
                            long long size_b, memssa_alias_answer *out);
int memssa_client_depends(memssa_client *c, const char *module, const char *function,
                          const char *from, const char *to, memssa_depends_answer *out);
int memssa_client_value(memssa_client *c, const char *module, const char *function,
                        const char *inst, memssa_value_answer *out);

const char *memssa_alias_name(memssa_alias_result r);    /* "MustAlias", ... "" for NULL */
const char *memssa_overlap_name(memssa_overlap o);        /* "exact", ... */
const char *memssa_modref_name(unsigned modref);          /* "NoModRef", "Ref", "Mod", "ModRef" */

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
/* memssa_answer_free(&answer) for any answer struct (C11). */
#define memssa_answer_free(a)                                     \
  _Generic((a),                                                   \
      memssa_load_answer *: memssa_load_answer_free,              \
      memssa_clobber_answer *: memssa_clobber_answer_free,        \
      memssa_accesses_answer *: memssa_accesses_answer_free,      \
      memssa_alias_answer *: memssa_alias_answer_free,            \
      memssa_depends_answer *: memssa_depends_answer_free,        \
      memssa_value_answer *: memssa_value_answer_free,            \
      memssa_query_answer *: memssa_query_answer_free)(a)
#endif

#ifdef __cplusplus
}
#endif

#endif
