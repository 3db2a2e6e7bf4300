/*
** m_read.c -- reading the file of a `load` (or of a reload by difference),
** on a thread of the pool, never on the query thread.
**
** Invariants:
**   1. The file is opened without blocking (O_NONBLOCK: opening a FIFO
**      would otherwise wait for a writer) and checked with fstat on the
**      descriptor before a byte is read: only a regular file of at most
**      max_bytes is read. A FIFO would hold a pool thread forever, and
**      /dev/zero would grow a buffer until memory runs out.
**   2. With a root (connections over TCP), only a file whose real path,
**      read back from the open descriptor after symlinks, lies under the
**      root is read. A path outside it is refused with the same words
**      whether it exists or not, so nothing is learnt about files outside.
**   3. The file is read into one buffer of its size (+1: a read that meets
**      EOF at once); if it grows while being read, past max_bytes it is
**      refused rather than read on.
**   4. Every refusal names one MSSA_REASON_* and says, in words, what was
**      found; the message holds the caller's path, never file content.
*/
#define _XOPEN_SOURCE 700   /* realpath */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "methods.h"

/* Room for /proc/self/fd/N. */
#define FD_LINK_BUF 64

static int refuse(int *reason, int why, char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int refuse(int *reason, int why, char *msg, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, cap, fmt, ap);
  va_end(ap);
  MSSA_ASSERT(mssa_rpc_reason(why));   /* invariant 4: one MSSA_REASON_* */
  *reason = why;
  return -1;
}

static int errno_reason(int e) {
  if (e == ENOENT || e == ENOTDIR) return MSSA_REASON_NOT_FOUND;
  if (e == EACCES || e == EPERM) return MSSA_REASON_PERMISSION_DENIED;
  return MSSA_REASON_READ_FAILED;
}

static const char *kind_of(mode_t m) {
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISDIR(m)) return "a directory";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

/* Is `path` (absolute, resolved) `root` itself or below it? */
static bool under(const char *path, const char *root) {
  size_t n = strlen(root);
  while (n > 1 && root[n - 1] == '/') n--;
  if (n == 1 && root[0] == '/') return path[0] == '/';
  return !strncmp(path, root, n) && (path[n] == '/' || path[n] == 0);
}

/* The real path of what `fd` is open on, or of `path` if /proc is missing. */
static bool real_path_of(int fd, const char *path, char out[PATH_MAX]) {
  char link[FD_LINK_BUF];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  return realpath(link, out) || realpath(path, out);
}

/* Reads st_size (+ growth, up to max) bytes of fd. */
static int read_all(int fd, size_t size, size_t max, char **text, size_t *len, int *reason,
                    char *msg, size_t cap, const char *path) {
  size_t bcap = size + 1, n = 0;
  char *b = mssa_xmalloc(bcap + 1);
  for (;;) {
    if (n == bcap) {   /* the file grew while being read */
      if (bcap > max) {
        free(b);
        return refuse(reason, MSSA_REASON_TOO_LARGE, msg, cap,
                      "%s grew beyond %zu bytes (--max-module-bytes) while being read", path, max);
      }
      bcap = bcap * 2 > max + 1 ? max + 1 : bcap * 2;
      b = mssa_xrealloc(b, bcap + 1);
    }
    ssize_t r = read(fd, b + n, bcap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int e = errno;
      free(b);
      return refuse(reason, errno_reason(e), msg, cap, "%s: %s", path, strerror(e));
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  if (n > max) {
    free(b);
    return refuse(reason, MSSA_REASON_TOO_LARGE, msg, cap,
                  "%s has more than %zu bytes (--max-module-bytes)", path, max);
  }
  MSSA_ASSERT(n <= max && n <= bcap);   /* invariants 1, 3 */
  b[n] = 0;
  *text = b;
  *len = n;
  return 0;
}

int mssa__read_module_file(const char *path, const char *root, size_t max_bytes, char **text,
                           size_t *len, int *reason, char *msg, size_t cap) {
  *text = NULL;
  *len = 0;
  char real[PATH_MAX];
  static const char outside[] = "%s is not under the directory this connection may read "
                                "(--root; over TCP, files are read only there)";
  /* Resolving the path (lstat and readlink only: nothing blocks) tells
  ** whether it leads under the root before anything is opened. */
  if (root && (!*root || !realpath(path, real) || !under(real, root)))
    return refuse(reason, MSSA_REASON_OUTSIDE_ROOT, msg, cap, outside, path);
  int fd = open(root ? real : path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    int e = errno;
    return refuse(reason, errno_reason(e), msg, cap, "%s: %s", path, strerror(e));
  }
  struct stat st;
  int rc = -1;
  if (fstat(fd, &st) != 0)
    refuse(reason, MSSA_REASON_READ_FAILED, msg, cap, "%s: %s", path, strerror(errno));
  else if (!S_ISREG(st.st_mode))
    refuse(reason, MSSA_REASON_NOT_REGULAR_FILE, msg, cap,
           "%s is %s; only regular files are loaded (send a stream's text as params.text)",
           path, kind_of(st.st_mode));
  else if ((unsigned long long)st.st_size > (unsigned long long)max_bytes)
    refuse(reason, MSSA_REASON_TOO_LARGE, msg, cap,
           "%s has %lld bytes, more than --max-module-bytes (%zu)", path,
           (long long)st.st_size, max_bytes);
  else if (root && (!real_path_of(fd, path, real) || !under(real, root)))
    refuse(reason, MSSA_REASON_OUTSIDE_ROOT, msg, cap, outside, path);
  else {
    MSSA_ASSERT(S_ISREG(st.st_mode) && (!root || under(real, root)));   /* invariants 1, 2 */
    rc = read_all(fd, (size_t)st.st_size, max_bytes, text, len, reason, msg, cap, path);
  }
  close(fd);
  return rc;
}
