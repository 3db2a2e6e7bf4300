/*
** sockpath.h -- the socket rule (sockpath.c): where memssad's default
** socket is, and whether a socket may be trusted. The one rule the daemon
** (server/) and every client share; the client library hands it on under
** its own names (memssa_client_default_socket, memssa_client_check_socket).
**
**   char path[512];
**   int flags = mssa_sock_default(path, sizeof path);
**   if (flags >= 0 && mssa_sock_check(path, flags, why, sizeof why) == 0) ...
**
** Invariants: those of sockpath.c (a default socket lives in a private
** directory; a socket is trusted only if it is ours; every refusal says
** why).
*/
#ifndef MSSA_COMMON_SOCKPATH_H
#define MSSA_COMMON_SOCKPATH_H

#include <stddef.h>

enum {
  MSSA_SOCK_PRIVATE_DIR = 1,  /* the socket's directory must be ours and private */
  MSSA_SOCK_CREATE_DIR = 2    /* create that directory (mode 0700) if missing */
};

enum {
  MSSA_SOCK_EINVAL = -1,      /* no path, or the default path does not fit */
  MSSA_SOCK_EUNSAFE = -2      /* the socket or its directory is not ours and private */
};

/* The default socket: $MEMSSA_SOCKET if set, else
** $XDG_RUNTIME_DIR/memssad.sock, else /tmp/memssad-$UID/memssad.sock, into
** buf (cap bytes). Returns the flags mssa_sock_check wants for it
** (MSSA_SOCK_PRIVATE_DIR unless it came from $MEMSSA_SOCKET), or
** MSSA_SOCK_EINVAL if it does not fit. */
int mssa_sock_default(char *buf, size_t cap);

/* Whether the socket at `path` may be trusted: if it exists it must be a
** socket owned by this user; with MSSA_SOCK_PRIVATE_DIR its directory must
** be a directory owned by this user with no group or other access. 0, or
** MSSA_SOCK_EUNSAFE with a sentence saying what was found in `why` (cap
** bytes; may be 0), or MSSA_SOCK_EINVAL for a NULL path. */
int mssa_sock_check(const char *path, int flags, char *why, size_t cap);

#endif
