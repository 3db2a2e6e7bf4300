/*
** rpc_bench.c -- a closed-loop load generator on libuv for memssad (or any
** server answering one line per request line, like bench/rpc_echo).
**
**   rpc_bench SOCKET CONNS SECONDS REQUEST_FILE
**
** Opens CONNS connections over the Unix socket; each sends the request line
** from REQUEST_FILE (several lines: each connection cycles through them, and
** reply lengths are not checked), waits for one reply line, and sends the
** next, for SECONDS
** (after a 0.3 s warm-up that is not counted). Prints one line:
**   conns=N requests=R seconds=S rps=X p50_us=A p99_us=B max_us=C bad=K
** where latency is from the write of a request to the end of its reply and
** `bad` counts replies that were not the expected length or carried an
** "error" member.
**
** Invariants:
**   1. One request outstanding per connection (closed loop), so latency is
**      service time plus queueing behind the other connections.
**   2. Latencies are kept in one preallocated array; at most MAX_SAMPLES.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>

#define MAX_SAMPLES (20u * 1000u * 1000u)

typedef struct conn {
  uv_pipe_t pipe;
  uv_connect_t creq;
  uint64_t sent_at;
  size_t got;              /* bytes of the current reply received */
  size_t next;             /* index of the next request line */
  char *rbuf;
  size_t rcap;
} conn;

#define MAX_LINES 64
static const char *req_line[MAX_LINES];
static size_t req_len[MAX_LINES], nlines;
static uint64_t t_start, t_measure, t_end;
static uint32_t *samples;
static size_t nsamples;
static uint64_t nreq, nbad;
static size_t expect_len;   /* reply length of the first reply, for checks */
static int stopping;
static int nconns;

static void send_req(conn *c);

static void on_alloc(uv_handle_t *h, size_t sz, uv_buf_t *b) {
  conn *c = h->data;
  (void)sz;
  if (c->rcap - c->got < 65536) {
    c->rcap = c->rcap ? c->rcap * 2 : 131072;
    c->rbuf = realloc(c->rbuf, c->rcap);
  }
  *b = uv_buf_init(c->rbuf + c->got, (unsigned)(c->rcap - c->got));
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b) {
  conn *c = s->data;
  (void)b;
  if (n < 0) {
    fprintf(stderr, "rpc_bench: connection closed: %s\n", uv_strerror((int)n));
    uv_close((uv_handle_t *)s, NULL);
    return;
  }
  size_t before = c->got;
  c->got += (size_t)n;
  char *nl = memchr(c->rbuf + before, '\n', (size_t)n);
  if (!nl) return;
  size_t len = (size_t)(nl - c->rbuf) + 1;
  uint64_t now = uv_hrtime();
  if (!expect_len) expect_len = len;
  if (now >= t_measure && now < t_end) {
    nreq++;
    uint64_t ns = now - c->sent_at;
    if (nsamples < MAX_SAMPLES) samples[nsamples++] = (uint32_t)(ns > UINT32_MAX ? UINT32_MAX : ns);
    c->rbuf[len - 1] = 0;
    if ((nlines == 1 && len != expect_len) || strstr(c->rbuf, "\"error\"")) nbad++;
  }
  memmove(c->rbuf, c->rbuf + len, c->got - len);
  c->got -= len;
  if (now >= t_end) {
    uv_read_stop(s);
    uv_close((uv_handle_t *)s, NULL);
    return;
  }
  send_req(c);
}

static void send_req(conn *c) {
  size_t i = c->next++ % nlines;
  uv_buf_t b = uv_buf_init((char *)req_line[i], (unsigned)req_len[i]);
  c->sent_at = uv_hrtime();
  int k = uv_try_write((uv_stream_t *)&c->pipe, &b, 1);
  if (k != (int)req_len[i]) {
    fprintf(stderr, "rpc_bench: short write (%d)\n", k);
    exit(1);
  }
}

static void on_connect(uv_connect_t *r, int status) {
  conn *c = r->data;
  if (status < 0) {
    fprintf(stderr, "rpc_bench: connect: %s\n", uv_strerror(status));
    exit(1);
  }
  uv_read_start((uv_stream_t *)&c->pipe, on_alloc, on_read);
  send_req(c);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: rpc_bench SOCKET CONNS SECONDS REQUEST_FILE\n");
    return 2;
  }
  nconns = atoi(argv[2]);
  double secs = atof(argv[3]);
  FILE *f = fopen(argv[4], "rb");
  if (!f) {
    perror(argv[4]);
    return 1;
  }
  static char line[65536];
  size_t n = fread(line, 1, sizeof line - 1, f);
  fclose(f);
  while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
  line[n++] = '\n';
  for (size_t a = 0; a < n && nlines < MAX_LINES;) {
    char *e = memchr(line + a, '\n', n - a);
    size_t b = (size_t)(e - line) + 1;
    if (b - a > 1) {
      req_line[nlines] = line + a;
      req_len[nlines++] = b - a;
    }
    a = b;
  }
  samples = malloc(MAX_SAMPLES * sizeof *samples);
  uv_loop_t *loop = uv_default_loop();
  t_start = uv_hrtime();
  t_measure = t_start + 300000000ull;
  t_end = t_measure + (uint64_t)(secs * 1e9);
  conn *cs = calloc((size_t)nconns, sizeof *cs);
  for (int i = 0; i < nconns; i++) {
    uv_pipe_init(loop, &cs[i].pipe, 0);
    cs[i].pipe.data = &cs[i];
    cs[i].creq.data = &cs[i];
    uv_pipe_connect(&cs[i].creq, &cs[i].pipe, argv[1], on_connect);
  }
  uv_run(loop, UV_RUN_DEFAULT);
  (void)stopping;
  qsort(samples, nsamples, sizeof *samples, cmp_u32);
  double p50 = nsamples ? samples[nsamples / 2] / 1e3 : 0;
  double p99 = nsamples ? samples[(size_t)(nsamples * 0.99)] / 1e3 : 0;
  double mx = nsamples ? samples[nsamples - 1] / 1e3 : 0;
  printf("conns=%d requests=%llu seconds=%.2f rps=%.0f p50_us=%.1f p99_us=%.1f max_us=%.1f "
         "bad=%llu reply_bytes=%zu\n",
         nconns, (unsigned long long)nreq, secs, nreq / secs, p50, p99, mx,
         (unsigned long long)nbad, expect_len);
  for (int i = 0; i < nconns; i++) free(cs[i].rbuf);
  free(cs);
  free(samples);
  return 0;
}
