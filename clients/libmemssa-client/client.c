/*
** client.c -- the synchronous memssad client (memssa-client.h).
**
** Invariants:
**   1. The connection is a blocking stream socket; a request is written
**      whole (looping over short writes, retrying EINTR), then bytes are
**      read until a '\n'. Bytes after the newline (none, since requests are
**      not pipelined here) are kept for the next reply.
**   2. The receive buffer is capped at MEMSSA_CLIENT_MAX_REPLY.
**   3. SIGPIPE is avoided with MSG_NOSIGNAL: a dead daemon is an error
**      return, never a signal in the host program.
*/
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "memssa-client.h"

struct memssa_client {
  int fd;
  long long next_id;
  char *buf;           /* received bytes not yet returned */
  size_t n, cap;
};

const char *memssa_client_strerror(int err) {
  switch (err) {
  case MEMSSA_CLIENT_OK: return "success";
  case MEMSSA_CLIENT_ECONNECT: return "cannot connect to memssad (is it running? try 'memssa daemon')";
  case MEMSSA_CLIENT_EIO: return "connection to memssad failed";
  case MEMSSA_CLIENT_EPROTO: return "memssad sent something that is not a reply";
  case MEMSSA_CLIENT_EINVAL: return "invalid argument";
  case MEMSSA_CLIENT_ETOOBIG: return "reply too large";
  case MEMSSA_CLIENT_EUNSAFE: return "the socket or its directory belongs to another user, or is open to others";
  default: return "unknown error";
  }
}

static int wrap(int fd, memssa_client **out) {
  memssa_client *c = calloc(1, sizeof *c);
  if (!c) {
    close(fd);
    return MEMSSA_CLIENT_EIO;
  }
  c->fd = fd;
  c->next_id = 1;
  *out = c;
  return 0;
}

int memssa_client_connect(const char *path, memssa_client **out) {
  char def[512];
  *out = NULL;
  int flags = 0;
  if (!path) {
    if ((flags = memssa_client_default_socket(def, sizeof def)) < 0) return flags;
    path = def;
  }
  if (memssa_client_check_socket(path, flags, NULL, 0)) return MEMSSA_CLIENT_EUNSAFE;
  struct sockaddr_un a;
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof a.sun_path) return MEMSSA_CLIENT_EINVAL;
  memcpy(a.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return MEMSSA_CLIENT_ECONNECT;
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
    close(fd);
    return MEMSSA_CLIENT_ECONNECT;
  }
  return wrap(fd, out);
}

static int send_all(memssa_client *c, const char *p, size_t n) {
  while (n) {
    ssize_t k = send(c->fd, p, n, MSG_NOSIGNAL);
    if (k < 0) {
      if (errno == EINTR) continue;
      return MEMSSA_CLIENT_EIO;
    }
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

int memssa_client_connect_tcp(const char *host, int port, const char *token,
                              memssa_client **out) {
  *out = NULL;
  char ps[16];
  snprintf(ps, sizeof ps, "%d", port);
  struct addrinfo hints, *res = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, ps, &hints, &res) != 0) return MEMSSA_CLIENT_ECONNECT;
  int fd = -1;
  for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
    fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) continue;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
    close(fd);
    fd = -1;
  }
  freeaddrinfo(res);
  if (fd < 0) return MEMSSA_CLIENT_ECONNECT;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  int rc = wrap(fd, out);
  if (rc) return rc;
  if (token) {
    if ((rc = send_all(*out, token, strlen(token))) || (rc = send_all(*out, "\n", 1))) {
      memssa_client_close(*out);
      *out = NULL;
      return rc;
    }
  }
  return 0;
}

void memssa_client_close(memssa_client *c) {
  if (!c) return;
  close(c->fd);
  free(c->buf);
  free(c);
}

void memssa_client_set_timeout(memssa_client *c, int ms) {
  struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
  setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

/* Reads one line (without the '\n') into a new string. */
static int read_line(memssa_client *c, char **out) {
  size_t scanned = 0;
  for (;;) {
    char *nl = c->n > scanned ? memchr(c->buf + scanned, '\n', c->n - scanned) : NULL;
    if (nl) {
      size_t len = (size_t)(nl - c->buf);
      char *line = malloc(len + 1);
      if (!line) return MEMSSA_CLIENT_EIO;
      memcpy(line, c->buf, len);
      line[len] = 0;
      memmove(c->buf, nl + 1, c->n - len - 1);
      c->n -= len + 1;
      *out = line;
      return 0;
    }
    scanned = c->n;
    if (c->n >= MEMSSA_CLIENT_MAX_REPLY) return MEMSSA_CLIENT_ETOOBIG;
    if (c->cap - c->n < 65536) {
      size_t nc = c->cap ? c->cap * 2 : 65536;
      char *nb = realloc(c->buf, nc);
      if (!nb) return MEMSSA_CLIENT_EIO;
      c->buf = nb;
      c->cap = nc;
    }
    ssize_t k = recv(c->fd, c->buf + c->n, c->cap - c->n, 0);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return MEMSSA_CLIENT_EIO;
    c->n += (size_t)k;
  }
}

int memssa_client_roundtrip(memssa_client *c, const char *line, char **reply) {
  if (!c || !line) return MEMSSA_CLIENT_EINVAL;
  if (reply) *reply = NULL;
  size_t n = strlen(line);
  while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
  if (memchr(line, '\n', n)) return MEMSSA_CLIENT_EINVAL;
  int rc = send_all(c, line, n);
  if (!rc) rc = send_all(c, "\n", 1);
  if (rc || !reply) return rc;
  return read_line(c, reply);
}

int memssa_client_call(memssa_client *c, const char *method, const char *params_json,
                       char **reply) {
  if (!c || !method) return MEMSSA_CLIENT_EINVAL;
  char m[256];
  if (memssa_json_quote(m, sizeof m, method) >= sizeof m) return MEMSSA_CLIENT_EINVAL;
  size_t cap = strlen(m) + (params_json ? strlen(params_json) : 0) + 96;
  char *line = malloc(cap);
  if (!line) return MEMSSA_CLIENT_EIO;
  snprintf(line, cap, "{\"jsonrpc\":\"2.0\",\"id\":%lld,\"method\":%s%s%s}", c->next_id++, m,
           params_json ? ",\"params\":" : "", params_json ? params_json : "");
  int rc = memssa_client_roundtrip(c, line, reply);
  free(line);
  return rc;
}
