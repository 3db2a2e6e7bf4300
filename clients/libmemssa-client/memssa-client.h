/*
** memssa-client.h -- a small synchronous client for memssad, for compilers,
** editors and the memssa CLI. Plain C11 + POSIX sockets; no dependencies
** (it carries its own small JSON reader for the replies).
**
**   memssa_client *c;
**   if (memssa_client_connect(NULL, &c) == 0) {           // default socket
**     char *reply;
**     memssa_client_call(c, "clobber",
**         "{\"module\":\"m\",\"function\":\"f\",\"inst\":\"%8\"}", &reply);
**     memssa_json *r = memssa_json_parse(reply, strlen(reply));
**     puts(memssa_json_str(memssa_json_path(r, "result.clobber.text")));
**     memssa_json_free(r); free(reply); memssa_client_close(c);
**   }
**
** Invariants:
**   1. One request, one reply: calls block until the reply line arrives
**      (or the connection fails); a client is not thread-safe.
**   2. Every reply is returned whole as a NUL-terminated malloc'ed string;
**      replies are capped at MEMSSA_CLIENT_MAX_REPLY bytes.
**   3. Functions return 0 or a negative MEMSSA_CLIENT_E* code
**      (memssa_client_strerror). A JSON-RPC error reply is not a failure of
**      the call: the caller reads its "error" member.
*/
#ifndef MEMSSA_CLIENT_H
#define MEMSSA_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

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
  MEMSSA_CLIENT_EPROTO = -3,    /* the reply is not one JSON line */
  MEMSSA_CLIENT_EINVAL = -4,    /* bad argument */
  MEMSSA_CLIENT_ETOOBIG = -5,   /* reply beyond MEMSSA_CLIENT_MAX_REPLY */
  MEMSSA_CLIENT_EUNSAFE = -6    /* the socket or its directory belongs to another user */
};
const char *memssa_client_strerror(int err);

typedef struct memssa_client memssa_client;

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
/* Receive timeout in milliseconds for every later call (0 = none). */
void memssa_client_set_timeout(memssa_client *c, int ms);

/* Sends `line` (one JSON request, no newline) and, unless `reply` is NULL
** (a notification), waits for one reply line. */
int memssa_client_roundtrip(memssa_client *c, const char *line, char **reply);
/* Sends {"jsonrpc":"2.0","id":N,"method":METHOD,"params":PARAMS} where
** `params_json` is a JSON object text or NULL; returns the reply line. */
int memssa_client_call(memssa_client *c, const char *method, const char *params_json,
                       char **reply);

/* ------------------------------------------------- a small JSON reader */

typedef enum {
  MEMSSA_JSON_NULL, MEMSSA_JSON_FALSE, MEMSSA_JSON_TRUE, MEMSSA_JSON_NUMBER,
  MEMSSA_JSON_STRING, MEMSSA_JSON_ARRAY, MEMSSA_JSON_OBJECT
} memssa_json_type;

typedef struct memssa_json memssa_json;

/* Parses one JSON value (nesting up to 512 levels); NULL if malformed. */
memssa_json *memssa_json_parse(const char *text, size_t len);
void memssa_json_free(memssa_json *v);
/* All accessors accept NULL and then return NULL / 0 / "". */
memssa_json_type memssa_json_kind(const memssa_json *v);
const memssa_json *memssa_json_get(const memssa_json *obj, const char *key);
/* Dotted path of object members and array indices: "result.matches.0.clobber". */
const memssa_json *memssa_json_path(const memssa_json *v, const char *path);
size_t memssa_json_len(const memssa_json *arr);          /* array/object size */
const memssa_json *memssa_json_at(const memssa_json *arr, size_t i);
const char *memssa_json_key_at(const memssa_json *obj, size_t i);
const char *memssa_json_str(const memssa_json *v);       /* "" unless a string */
double memssa_json_num(const memssa_json *v);
long long memssa_json_int(const memssa_json *v);
bool memssa_json_bool(const memssa_json *v);
/* Appends `s` as a quoted JSON string to buf (capacity cap, always
** NUL-terminated); returns the length it needed. */
size_t memssa_json_quote(char *buf, size_t cap, const char *s);

#ifdef __cplusplus
}
#endif

#endif
