/*
** sockpath.c -- where memssad's socket is, and whether it can be trusted:
** the one rule the daemon, the memssa CLI and every client share (sockpath.h).
**
** The default socket is $MEMSSA_SOCKET if set (an explicit choice, like
** --socket), else $XDG_RUNTIME_DIR/memssad.sock, else
** /tmp/memssad-$UID/memssad.sock.
**
** Invariants:
**   1. A default socket lives in a private directory: owned by this user,
**      with no access for group or others. The daemon creates
**      /tmp/memssad-$UID mode 0700 when it is missing; anyone may create
**      it first, so after mkdir the directory is checked as tmux checks
**      its own (lstat: a real directory, our uid, mode & 077 == 0), and
**      anything else is refused, never "fixed".
**   2. A socket that exists is trusted only if it is a socket owned by this
**      user (any path, explicit or default): a daemon started by someone
**      else could answer anything.
**   3. Every refusal says what was found and why it is refused, in `why`.
*/
#define _POSIX_C_SOURCE 200809L

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sockpath.h"

/* Group and other permission bits: a private directory has none. */
#define SHARED_BITS 077
#define PRIVATE_DIR_MODE 0700

int mssa_sock_default(char *buf, size_t cap) {
  const char *e = getenv("MEMSSA_SOCKET");
  int n, flags = MSSA_SOCK_PRIVATE_DIR;
  if (e && *e) {
    n = snprintf(buf, cap, "%s", e);
    flags = 0;
  } else if ((e = getenv("XDG_RUNTIME_DIR")) && *e) {
    n = snprintf(buf, cap, "%s/memssad.sock", e);
  } else {
    n = snprintf(buf, cap, "/tmp/memssad-%u/memssad.sock", (unsigned)getuid());
  }
  assert(flags == 0 || flags == MSSA_SOCK_PRIVATE_DIR);   /* invariant 1: a default is private */
  return n < 0 || (size_t)n >= cap ? MSSA_SOCK_EINVAL : flags;
}

static int refuse(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t cap, const char *fmt, ...) {
  if (cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    assert(why[0]);   /* invariant 3: a refusal says why */
  }
  return MSSA_SOCK_EUNSAFE;
}

/* The directory part of `path` ("." if none). */
static void dir_of(const char *path, char *dir, size_t cap) {
  const char *slash = strrchr(path, '/');
  size_t n = !slash ? 0 : slash == path ? 1 : (size_t)(slash - path);
  if (!n) snprintf(dir, cap, ".");
  else snprintf(dir, cap, "%.*s", (int)n, path);
}

static int check_dir(const char *path, int flags, char *why, size_t cap) {
  char dir[4096];
  dir_of(path, dir, sizeof dir);
  if ((flags & MSSA_SOCK_CREATE_DIR) && mkdir(dir, PRIVATE_DIR_MODE) != 0 && errno != EEXIST)
    return refuse(why, cap, "cannot create the socket directory %s: %s", dir, strerror(errno));
  struct stat st;
  if (lstat(dir, &st) != 0) {
    if (errno == ENOENT && !(flags & MSSA_SOCK_CREATE_DIR)) return 0;   /* no daemon */
    return refuse(why, cap, "socket directory %s: %s", dir, strerror(errno));
  }
  unsigned long me = (unsigned long)geteuid();
  if (!S_ISDIR(st.st_mode))
    return refuse(why, cap, "socket directory %s is not a directory; refusing it", dir);
  if (st.st_uid != me)
    return refuse(why, cap,
                  "socket directory %s is owned by uid %lu, not by you (uid %lu); refusing it: "
                  "another user may be impersonating memssad",
                  dir, (unsigned long)st.st_uid, me);
  if (st.st_mode & SHARED_BITS)
    return refuse(why, cap,
                  "socket directory %s is open to group or others (mode %03lo); refusing it: "
                  "it must be private (chmod 700)",
                  dir, (unsigned long)(st.st_mode & 0777));
  assert(S_ISDIR(st.st_mode) && st.st_uid == me && !(st.st_mode & SHARED_BITS));   /* invariant 1 */
  return 0;
}

int mssa_sock_check(const char *path, int flags, char *why, size_t cap) {
  if (cap) why[0] = 0;
  if (!path) return MSSA_SOCK_EINVAL;
  if (flags & MSSA_SOCK_PRIVATE_DIR) {
    int rc = check_dir(path, flags, why, cap);
    if (rc) return rc;
  }
  struct stat st;
  if (lstat(path, &st) != 0) return 0;   /* nothing there yet */
  if (!S_ISSOCK(st.st_mode))
    return refuse(why, cap, "%s exists and is not a socket; refusing it", path);
  if (st.st_uid != geteuid())
    return refuse(why, cap,
                  "socket %s is owned by uid %lu, not by you (uid %lu); refusing it: another "
                  "user may be impersonating memssad",
                  path, (unsigned long)st.st_uid, (unsigned long)geteuid());
  assert(S_ISSOCK(st.st_mode) && st.st_uid == geteuid());   /* invariant 2 */
  return 0;
}
