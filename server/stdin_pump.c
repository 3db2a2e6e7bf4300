/*
** stdin_pump.c -- `memssad --stdio < requests.jsonl`: stdin as a stream the
** event loop can poll, whatever it is.
**
** libuv polls a pipe or a socket, but epoll refuses a regular file (and a
** read of one never blocks, so polling it would mean nothing anyway). For
** such a stdin a thread copies it into a pipe whose read end the loop
** reads like any --stdio pipe; at the file's end the thread closes the
** write end, and the loop sees the end of the client's input as it would
** from a pipe. stdout needs no pump: libuv writes a regular file as is.
**
** Invariants:
**   1. The loop's side sees only a pipe: the reply path and the end-of-input
**      rule (conn.c: the --stdio client is done) are the same as for a
**      pipe, so every reply to a request read is written before exit.
**   2. Back-pressure: the thread blocks writing into the pipe while the
**      loop does not read, so memory does not grow with the file's size.
**   3. The thread touches only its two descriptors and nothing of the
**      loop's; it ends at the end of input, at a read error, or when the
**      loop closes the pipe's read end (EPIPE; SIGPIPE is ignored, main.c).
*/
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server.h"

typedef struct pump {
  int in, out;
} pump;

static void *pump_main(void *arg) {
  pump p = *(pump *)arg;
  free(arg);
  char buf[65536];
  for (;;) {
    ssize_t n = read(p.in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(p.out, buf + off, (size_t)(n - off));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) goto done;   /* invariant 3: the loop closed its end */
      MSSA_ASSERT(w <= n - off);
      off += w;
    }
  }
done:
  close(p.out);
  return NULL;
}

int mssad_stdin_pollable(int fd) {
  struct stat st;
  if (fstat(fd, &st) != 0) return 1;   /* let uv_pipe_open report it */
  return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
}

int mssad_stdin_pump(int fd) {
  int fds[2];
  if (pipe(fds) != 0) return -errno;
  fcntl(fds[0], F_SETFD, FD_CLOEXEC);
  fcntl(fds[1], F_SETFD, FD_CLOEXEC);
  pump *p = malloc(sizeof *p);
  if (!p) {
    close(fds[0]);
    close(fds[1]);
    return -ENOMEM;
  }
  p->in = fd;
  p->out = fds[1];
  pthread_t t;
  int rc = pthread_create(&t, NULL, pump_main, p);
  if (rc) {
    free(p);
    close(fds[0]);
    close(fds[1]);
    return -rc;
  }
  pthread_detach(t);
  return fds[0];
}
