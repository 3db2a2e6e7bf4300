/*
** socket.c -- the socket rule of memssa-client.h: common/sockpath.c's rule
** (the daemon's own), under this library's names and error codes.
**
** Invariants:
**   1. One rule: nothing here decides where a socket is or whether it is
**      trusted; the answers are mssa_sock_default's and mssa_sock_check's,
**      only their error codes translated (MSSA_SOCK_E* -> MEMSSA_CLIENT_E*).
**   2. MEMSSA_SOCK_* flags are MSSA_SOCK_* flags, value for value, so they
**      pass through unchanged (checked at compile time below).
*/
#include "client_internal.h"
#include "common/sockpath.h"

_Static_assert((int)MEMSSA_SOCK_PRIVATE_DIR == (int)MSSA_SOCK_PRIVATE_DIR &&
                   (int)MEMSSA_SOCK_CREATE_DIR == (int)MSSA_SOCK_CREATE_DIR,
               "the installed socket flags are the rule's (invariant 2)");

/* An error code of the rule as this library's. */
static int client_code(int rc) {
  if (rc >= 0) return rc;
  return rc == MSSA_SOCK_EUNSAFE ? MEMSSA_CLIENT_EUNSAFE : MEMSSA_CLIENT_EINVAL;
}

int memssa_client_default_socket(char *buf, size_t cap) {
  return client_code(mssa_sock_default(buf, cap));
}

int memssa_client_check_socket(const char *path, int flags, char *why, size_t cap) {
  return client_code(mssa_sock_check(path, flags, why, cap));
}
