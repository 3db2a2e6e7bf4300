/*
** listen.c -- where clients come from: a Unix socket, TCP, systemd socket
** activation, or stdin/stdout.
**
** Invariants:
**   1. A Unix socket is bound under umask 0177 and chmod'ed 0600 before
**      listen(), so no other user can connect at any moment.
**   2. An existing path is replaced only if it is a socket nobody answers
**      on (connect() refused); a live daemon or a non-socket is an error.
**   3. TCP binds only to loopback addresses unless allow_remote is set, and
**      every TCP listener (systemd's included) requires a token, which each
**      connection must send as its first line, unless --insecure-no-token
**      (loopback only) says otherwise. Over TCP, files are read only under
**      --root (store.c, h_file_root).
**   4. At the connection limit, a new client takes the slot of the
**      connection idle the longest, if it has been idle for at least
**      IDLE_EVICT_MS (so idle clients cannot lock others out, and a client
**      between two requests is not cut); with none, the new client gets
**      one error line and is closed, taking no memory beyond its handle.
**   5. A socket path that exists is used (replaced when stale) only if it
**      is a socket owned by this user (mssa_sock_check, common/sockpath.c).
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <netinet/in.h>

#include "common/sockpath.h"
#include "log.h"
#include "server.h"

/* Connections the kernel queues for accept(). */
#define LISTEN_BACKLOG 128
/* At the limit, a connection idle at least this long (ms) gives its slot
** to a new client. */
#define IDLE_EVICT_MS 1000

static mssad_listener *new_listener(mssad_server *s) {
  if (s->nlisteners >= MSSAD_MAX_LISTENERS) return NULL;
  mssad_listener *l = &s->listeners[s->nlisteners++];
  memset(l, 0, sizeof *l);
  l->srv = s;
  l->h.handle.data = l;
  return l;
}

/* One error line to a client we turn away, then close: no connection state
** is created for it. */
static void reject(mssad_server *s, uv_stream_t *client) {
  mssa_buf line = {0};
  if (s->stopping)
    mssa_proto_error_line(s->proto, MSSA_RPC_SHUTTING_DOWN, "shutting down", -1, -1, &line);
  else
    mssa_proto_error_line(s->proto, MSSA_RPC_INTERNAL_ERROR, "too many connections",
                          MSSA_REASON_TOO_MANY_CONNECTIONS, -1, &line);
  uv_buf_t b = uv_buf_init(line.p, (unsigned)line.n);
  uv_try_write(client, &b, 1);
  mssa_buf_free(&line);
  uv_close((uv_handle_t *)client, (uv_close_cb)free);
}

/* No memory for a new connection's handle (conn.c invariant 10): it is
** taken with the listener's spare handle and closed at once, so that the
** listener goes on accepting (libuv offers the next one only once this one
** is taken). While the spare closes, the next such one waits for it. */
static void refuse_nomem(mssad_listener *l);

static void on_spare_closed(uv_handle_t *h) {
  mssad_listener *l = h->data;
  l->spare_busy = false;
  if (l->spare_wanted) {
    l->spare_wanted = false;
    refuse_nomem(l);
  }
}

static void refuse_nomem(mssad_listener *l) {
  if (l->spare_busy) {
    l->spare_wanted = true;
    return;
  }
  if (uv_is_closing(&l->h.handle)) return;
  mssad_server *s = l->srv;
  int rc = l->is_tcp ? uv_tcp_init(s->loop, &l->spare.tcp) : uv_pipe_init(s->loop, &l->spare.pipe, 0);
  if (rc) return;
  l->spare.handle.data = l;
  l->spare_busy = true;
  if (uv_accept(&l->h.stream, (uv_stream_t *)&l->spare.handle) == 0)
    MSSAD_WARN("out of memory for a new connection; closing it");
  uv_close(&l->spare.handle, on_spare_closed);
}

static void on_connection(uv_stream_t *server, int status) {
  mssad_listener *l = server->data;
  mssad_server *s = l->srv;
  if (status < 0) {
    MSSAD_WARN("accept: %s", mssad_strerror(status));
    return;
  }
  uv_stream_t *client = mssad_conn_alloc_stream(l->is_tcp);
  if (!client) {
    refuse_nomem(l);
    return;
  }
  int rc = l->is_tcp ? uv_tcp_init(s->loop, (uv_tcp_t *)client)
                     : uv_pipe_init(s->loop, (uv_pipe_t *)client, 0);
  if (rc) {
    free(client);
    return;
  }
  if (uv_accept(server, client)) {
    uv_close((uv_handle_t *)client, (uv_close_cb)free);
    return;
  }
  /* A connection closing holds no slot: its client has seen the end of
  ** it (an idle one closed by --idle-timeout may reconnect at once), and
  ** it is freed within a loop turn or two; the limit may be passed by
  ** those, for that moment. */
  bool full = s->nconns - s->nclosing >= s->cfg.max_connections;
  if (!s->stopping && full) {
    mssad_conn *idlest = mssad_conns_idlest(s, (uint64_t)IDLE_EVICT_MS * 1000000);
    if (idlest) {
      MSSAD_INFO("connection limit: closing the connection idle the longest for a new client");
      s->idle_evicted++;
      mssad_conn_close(idlest);
      full = false;
    }
  }
  if (s->stopping || full) {
    MSSAD_WARN("refusing a connection: %s", s->stopping ? "stopping" : "connection limit");
    reject(s, client);
    return;
  }
  if (l->is_tcp) uv_tcp_nodelay((uv_tcp_t *)client, 1);
  mssad_conn_new(s, client, client, l->needs_token, l->is_tcp);
}

/* Is something answering on the Unix socket at `path`? */
static bool socket_alive(const char *path) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return false;
  struct sockaddr_un a;
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  snprintf(a.sun_path, sizeof a.sun_path, "%s", path);
  bool alive = connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
  close(fd);
  return alive;
}

/* Binds a Unix socket at `path` that only this user can connect to
** (invariant 1). Bound here rather than by uv_pipe_bind, which reports a
** missing directory as "permission denied": the error is errno's own. */
static int bind_private(const char *path, int *out) {
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return uv_translate_sys_error(errno);
  struct sockaddr_un a;
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  memcpy(a.sun_path, path, strlen(path) + 1);   /* the caller checked the length */
  mode_t old = umask(0177);
  int rc = bind(fd, (struct sockaddr *)&a, sizeof a);
  int e = errno;
  umask(old);
  if (rc == 0 && chmod(path, 0600) != 0) {
    e = errno;
    rc = -1;
    unlink(path);
  }
  struct stat st;
  MSSA_ASSERT(rc || (lstat(path, &st) == 0 && (st.st_mode & 0777) == 0600));   /* invariant 1 */
  if (rc) {
    close(fd);
    return uv_translate_sys_error(e);
  }
  *out = fd;
  return 0;
}

int mssad_listen_unix(mssad_server *s, const char *path) {
  struct sockaddr_un probe;
  if (strlen(path) >= sizeof probe.sun_path) {
    MSSAD_ERROR("socket path too long: %s", path);
    return UV_ENAMETOOLONG;
  }
  char why[1024];
  if (mssa_sock_check(path, 0, why, sizeof why)) {
    MSSAD_ERROR("%s", why);
    return UV_EACCES;
  }
  struct stat st;
  if (lstat(path, &st) == 0) {
    if (!S_ISSOCK(st.st_mode)) {
      MSSAD_ERROR("%s exists and is not a socket; not replacing it", path);
      return UV_EEXIST;
    }
    if (socket_alive(path)) {
      MSSAD_ERROR("a daemon already answers on %s", path);
      return UV_EADDRINUSE;
    }
    MSSAD_INFO("replacing stale socket %s", path);
    unlink(path);
  }
  mssad_listener *l = new_listener(s);
  if (!l) return UV_EMFILE;
  uv_pipe_init(s->loop, &l->h.pipe, 0);
  l->open = true;
  int fd = -1, rc = bind_private(path, &fd);
  if (rc == 0) {
    l->unlink_path = mssa_xstrndup(path, strlen(path));
    rc = uv_pipe_open(&l->h.pipe, fd);
    if (rc) close(fd);
  }
  if (rc == 0) rc = uv_listen(&l->h.stream, LISTEN_BACKLOG, on_connection);
  if (rc) {
    MSSAD_ERROR("cannot listen on %s: %s", path, mssad_strerror(rc));
    return rc;
  }
  MSSAD_INFO("listening on %s", path);
  return 0;
}

static bool is_loopback(const struct sockaddr *sa) {
  if (sa->sa_family == AF_INET) {
    const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
    return (ntohl(in->sin_addr.s_addr) >> 24) == 127;
  }
  if (sa->sa_family == AF_INET6) {
    const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
    static const unsigned char lo[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    return memcmp(&in6->sin6_addr, lo, 16) == 0;
  }
  return false;
}

/* TCP without a token is open to every local user, as the daemon's user:
** refused unless asked for in so many words (invariant 3). */
static bool tcp_allowed(const mssad_server *s) {
  if (s->token || s->cfg.insecure_no_token) return true;
  MSSAD_ERROR("TCP needs --token-file: any local user can connect to a loopback port and "
              "would act as this daemon's user (--insecure-no-token allows it anyway)");
  return false;
}

int mssad_listen_tcp(mssad_server *s, const char *hostport) {
  char host[256];
  const char *colon = strrchr(hostport, ':');
  if (!colon || colon == hostport || (size_t)(colon - hostport) >= sizeof host) {
    MSSAD_ERROR("--listen wants HOST:PORT, got '%s'", hostport);
    return UV_EINVAL;
  }
  memcpy(host, hostport, (size_t)(colon - hostport));
  host[colon - hostport] = 0;
  char *end;
  long port = strtol(colon + 1, &end, 10);
  if (*end || port < 0 || port > 65535) {
    MSSAD_ERROR("bad port in '%s'", hostport);
    return UV_EINVAL;
  }
  const char *h = host;
  if (h[0] == '[') {          /* [::1]:port */
    size_t n = strlen(h);
    if (n < 2 || h[n - 1] != ']') return UV_EINVAL;
    host[n - 1] = 0;
    h = host + 1;
  }
  if (!strcmp(h, "localhost")) h = "127.0.0.1";
  struct sockaddr_storage ss;
  memset(&ss, 0, sizeof ss);
  if (uv_ip4_addr(h, (int)port, (struct sockaddr_in *)&ss) &&
      uv_ip6_addr(h, (int)port, (struct sockaddr_in6 *)&ss)) {
    MSSAD_ERROR("--listen: '%s' is not a numeric address", h);
    return UV_EINVAL;
  }
  bool loop = is_loopback((struct sockaddr *)&ss);
  if (!loop && !s->cfg.allow_remote) {
    MSSAD_ERROR("refusing to listen on non-loopback address %s without --allow-remote", h);
    return UV_EACCES;
  }
  if (!loop && !s->token) {
    MSSAD_ERROR("--allow-remote needs --token-file");
    return UV_EACCES;
  }
  if (!tcp_allowed(s)) return UV_EACCES;
  mssad_listener *l = new_listener(s);
  if (!l) return UV_EMFILE;
  uv_tcp_init(s->loop, &l->h.tcp);
  l->open = true;
  l->is_tcp = true;
  l->needs_token = s->token != NULL;
  int rc = uv_tcp_bind(&l->h.tcp, (struct sockaddr *)&ss, 0);
  if (!rc) rc = uv_listen(&l->h.stream, LISTEN_BACKLOG, on_connection);
  if (rc) {
    MSSAD_ERROR("cannot listen on %s: %s", hostport, mssad_strerror(rc));
    return rc;
  }
  MSSAD_INFO("listening on tcp %s%s", hostport, l->needs_token ? " (token required)" : "");
  return 0;
}

int mssad_listen_systemd(mssad_server *s, int *count) {
  *count = 0;
  const char *pid = getenv("LISTEN_PID"), *fds = getenv("LISTEN_FDS");
  if (!pid || !fds || strtol(pid, NULL, 10) != (long)getpid()) return 0;
  long n = strtol(fds, NULL, 10);
  unsetenv("LISTEN_PID");
  unsetenv("LISTEN_FDS");
  unsetenv("LISTEN_FDNAMES");
  for (long i = 0; i < n && i < MSSAD_MAX_LISTENERS; i++) {
    int fd = 3 + (int)i;
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) != 0) {
      MSSAD_WARN("LISTEN_FDS: fd %d is not a socket", fd);
      continue;
    }
    mssad_listener *l = new_listener(s);
    if (!l) return UV_EMFILE;
    int rc;
    if (ss.ss_family == AF_UNIX) {
      uv_pipe_init(s->loop, &l->h.pipe, 0);
      rc = uv_pipe_open(&l->h.pipe, fd);
    } else {
      if (!tcp_allowed(s)) return UV_EACCES;
      uv_tcp_init(s->loop, &l->h.tcp);
      l->is_tcp = true;
      l->needs_token = s->token != NULL;
      rc = uv_tcp_open(&l->h.tcp, fd);
    }
    l->open = true;
    if (!rc) rc = uv_listen(&l->h.stream, LISTEN_BACKLOG, on_connection);
    if (rc) {
      MSSAD_ERROR("LISTEN_FDS: fd %d: %s", fd, mssad_strerror(rc));
      return rc;
    }
    (*count)++;
  }
  MSSAD_INFO("socket activation: listening on %d inherited socket(s)", *count);
  return 0;
}

/* stdin/stdout: pipes or sockets; a stdin that is a regular file is read
** through a pipe a thread fills (stdin_pump.c); stdout may be a file. */
int mssad_serve_stdio(mssad_server *s) {
  int infd = 0;
  if (!mssad_stdin_pollable(0) && (infd = mssad_stdin_pump(0)) < 0) {
    MSSAD_ERROR("--stdio: cannot read stdin through a pipe (%s)", strerror(-infd));
    return infd;
  }
  uv_stream_t *in = mssad_conn_alloc_stream(false), *out = mssad_conn_alloc_stream(false);
  if (!in || !out) {
    free(in);
    free(out);
    MSSAD_ERROR("--stdio: out of memory");
    return UV_ENOMEM;
  }
  int rc = uv_pipe_init(s->loop, (uv_pipe_t *)in, 0);
  if (!rc) rc = uv_pipe_open((uv_pipe_t *)in, infd);
  int rc2 = uv_pipe_init(s->loop, (uv_pipe_t *)out, 0);
  if (!rc2) rc2 = uv_pipe_open((uv_pipe_t *)out, 1);
  if (rc || rc2) {
    MSSAD_ERROR("--stdio: stdin and stdout must be pipes or sockets (%s)",
                mssad_strerror(rc ? rc : rc2));
    uv_close((uv_handle_t *)in, (uv_close_cb)free);
    uv_close((uv_handle_t *)out, (uv_close_cb)free);
    return rc ? rc : rc2;
  }
  s->stdio_conn = true;
  return mssad_conn_new(s, in, out, false, false) ? 0 : UV_ENOMEM;
}

static void on_listener_closed(uv_handle_t *h) {
  mssad_listener *l = h->data;
  l->open = false;
  l->srv->ops->maybe_done(l->srv);
}

void mssad_listeners_close(mssad_server *s) {
  for (int i = 0; i < s->nlisteners; i++) {
    mssad_listener *l = &s->listeners[i];
    if (l->unlink_path) {
      unlink(l->unlink_path);
      free(l->unlink_path);
      l->unlink_path = NULL;
    }
    if (l->open && !uv_is_closing(&l->h.handle)) uv_close(&l->h.handle, on_listener_closed);
  }
}
