/*
** rpc_echo.c -- the baseline for bench/rpc.sh: a bare libuv server on a
** Unix socket that answers every request line with the bytes it received
** (no parsing, no analysis). Whatever memssad costs beyond this is the
** price of JSON-RPC + the query.
**
**   rpc_echo SOCKET_PATH [REPLY_FILE]     (runs until SIGTERM)
**
** With REPLY_FILE, every request line is answered with that file's first
** line instead of an echo, so the baseline moves the same bytes as memssad
** (bench/rpc.sh passes memssad's own reply to the benchmarked request).
**
** Invariants:
**   1. Replies are written once per read callback, like memssad batches its
**      replies, so the comparison measures the same syscall pattern.
*/
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

typedef struct wreq {
  uv_write_t req;
  char data[];
} wreq;

static uv_pipe_t server;
static char *reply;          /* canned reply line (with '\n') or NULL */
static size_t reply_len;
static uv_signal_t sig;

static void on_alloc(uv_handle_t *h, size_t sz, uv_buf_t *b) {
  (void)h;
  b->base = malloc(sz);
  b->len = b->base ? sz : 0;
}

static void on_write(uv_write_t *r, int status) {
  (void)status;
  free(r);
}

static void on_close(uv_handle_t *h) { free(h); }

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b) {
  if (n < 0) {
    free(b->base);
    uv_close((uv_handle_t *)s, on_close);
    return;
  }
  if (n > 0 && reply) {
    size_t lines = 0;
    for (ssize_t i = 0; i < n; i++) lines += b->base[i] == '\n';
    if (lines) {
      wreq *w = malloc(sizeof *w + lines * reply_len);
      for (size_t i = 0; i < lines; i++) memcpy(w->data + i * reply_len, reply, reply_len);
      uv_buf_t o = uv_buf_init(w->data, (unsigned)(lines * reply_len));
      int k = uv_try_write(s, &o, 1);
      if (k == (int)o.len) free(w);
      else {
        if (k < 0) k = 0;
        memmove(w->data, w->data + k, o.len - (size_t)k);
        o = uv_buf_init(w->data, o.len - (unsigned)k);
        uv_write(&w->req, s, &o, 1, on_write);
      }
    }
  } else if (n > 0) {
    uv_buf_t o = uv_buf_init(b->base, (unsigned)n);
    int k = uv_try_write(s, &o, 1);
    if (k < 0) k = 0;
    if (k < n) {
      wreq *w = malloc(sizeof *w + (size_t)(n - k));
      memcpy(w->data, b->base + k, (size_t)(n - k));
      o = uv_buf_init(w->data, (unsigned)(n - k));
      uv_write(&w->req, s, &o, 1, on_write);
    }
  }
  free(b->base);
}

static void on_conn(uv_stream_t *srv, int status) {
  if (status < 0) return;
  uv_pipe_t *c = malloc(sizeof *c);
  uv_pipe_init(srv->loop, c, 0);
  if (uv_accept(srv, (uv_stream_t *)c) == 0) uv_read_start((uv_stream_t *)c, on_alloc, on_read);
  else uv_close((uv_handle_t *)c, on_close);
}

static void on_sig(uv_signal_t *s, int n) {
  (void)n;
  uv_close((uv_handle_t *)&server, NULL);
  uv_close((uv_handle_t *)s, NULL);
  uv_stop(s->loop);
}

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    fprintf(stderr, "usage: rpc_echo SOCKET [REPLY_FILE]\n");
    return 2;
  }
  if (argc == 3) {
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
      perror(argv[2]);
      return 1;
    }
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    char *nl = memchr(buf, '\n', n);
    reply_len = nl ? (size_t)(nl - buf) + 1 : n;
    if (!nl) buf[reply_len++] = '\n';
    reply = buf;
  }
  signal(SIGPIPE, SIG_IGN);
  uv_loop_t *loop = uv_default_loop();
  unlink(argv[1]);
  uv_pipe_init(loop, &server, 0);
  if (uv_pipe_bind(&server, argv[1]) || uv_listen((uv_stream_t *)&server, 128, on_conn)) {
    fprintf(stderr, "rpc_echo: cannot listen on %s\n", argv[1]);
    return 1;
  }
  uv_signal_init(loop, &sig);
  uv_signal_start(&sig, on_sig, SIGTERM);
  uv_run(loop, UV_RUN_DEFAULT);
  unlink(argv[1]);
  return 0;
}
