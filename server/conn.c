/*
** conn.c -- one client connection: newline framing, request dispatch,
** in-order replies, limits, and a careful close.
**
** Invariants:
**   1. Requests on a connection are handled strictly one after another: a
**      request that becomes a job (load, or decoding a line of 256 KiB or
**      more on the pool) or a batch answered in slices (start_batch)
**      pauses the connection until the job or the batch is answered,
**      so replies are in request order and a `clobber` pipelined after a
**      `load` sees the loaded module.
**   2. Input is read straight into `in` (no copy); at most max_request bytes
**      of an unterminated line are kept. A longer line gets a -32020 error
**      and the connection is closed after the error is sent.
**   3. Replies are appended to `out` while a batch of lines is handled and
**      written once per batch: uv_try_write first (no allocation when the
**      socket takes it all), the rest through uv_write with its own copy.
**      Only the prefix before the first hold (invariant 6) is written.
**   4. If unsent output (queued in libuv) exceeds max_backlog the client
**      is dropped: a client that does not read cannot make the daemon
**      buffer without bound.
**   5. A connection is freed only in a close callback with refs == 0
**      (handles closed, no job pending), never inside its own callbacks.
**   6. With --fsync always, the reply to a request that journaled a record
**      is not handed to the socket before that record is durable: the
**      journal hook marks a hold at the current end of `out` (the request's
**      reply comes next) with the record's sequence number, and every byte
**      from the first hold on waits, so later replies on this connection
**      (even a ping) stay behind it and replies stay in request order.
**      Other connections are not delayed. mssad_conns_durable releases the
**      holds the journal's durable mark has passed. There are at most two
**      marks: those the fdatasync in flight covers, and those the next one
**      will (it covers everything written when it starts).
**   7. Held bytes are capped: past max_backlog / 4 the connection handles
**      no further request until they are released. If the fdatasync fails,
**      the connections holding replies are closed without them: the client
**      sees what a crash would show it (no acknowledgement; the change may
**      or may not be replayed), never an acknowledgement of a change that
**      may be lost. (An error reply instead would need each held reply's
**      id and bounds; a dropped connection is as honest and needs neither.)
**   8. Nothing runs for a client that has gone: when a connection closes
**      (the client hung up, a read or write failed, it was dropped or timed
**      out), its pool work is abandoned and its unread requests dropped.
**      A client that only finished sending (a half-close) is still
**      answered.
**   9. With --idle-timeout, a connection that owes nothing and has sent
**      nothing for that long is closed, so idle clients cannot hold every
**      slot of --max-connections; and when every slot is taken, a new
**      client takes the slot of the connection idle the longest, if one
**      has been idle a little while (listen.c).
**  10. Out of memory in a connection's own work (its buffers, a write, a
**      reply the engine could not encode: MSSA_PROTO_DROP) closes that one
**      connection, with a logged reason (nomem_close), or degrades (a huge
**      buffer kept, a batch answered in one go); it never aborts the daemon
**      nor touches other connections. These allocations are fallible
**      (base/oom.h invariant 8), never a scope's: the state they feed
**      outlives every request.
*/
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "server.h"

#define READ_CHUNK (64 * 1024)
/* How long a batch is answered before other clients get their turn. */
#define BATCH_SLICE_NS (2 * 1000 * 1000)

struct mssad_conn {
  mssad_server *srv;
  mssad_conn *prev, *next;
  uv_stream_t *in, *out;      /* the same handle for sockets */
  mssa_buf in_buf;            /* received bytes; in_buf.off = consumed */
  size_t scanned;             /* bytes after off known to hold no '\n' */
  mssa_buf out_buf;           /* replies not yet handed to libuv */
  /* Holds (invariant 6): bytes of out_buf from hold[k].start on wait until
  ** journal record hold[k].seq is durable; starts and seqs increase. */
  struct {
    size_t start;
    uint64_t seq;
  } hold[2];
  int nholds;
  uv_shutdown_t shutdown_req;
  uint64_t id;
  int refs;                   /* open handles + pending job */
  bool reading;
  bool waiting_job;           /* a job is running for this connection */
  bool closing;               /* handles are being closed */
  bool finishing;             /* close once the pending work is answered */
  bool eof;
  bool needs_token;
  bool tcp;                   /* came over TCP (h_file_root) */
  bool shutdown_started;
  mssad_work *work;           /* the pool work it waits for, or NULL */
  mssa_proto_batch *batch;    /* a batch answered a slice at a time, or NULL */
  char *batch_buf;            /* the input buffer its line lies in (owned) */
  uint64_t last_ns;           /* last byte received or reply sent */
};

typedef struct write_req {
  uv_write_t req;
  mssad_conn *conn;
  size_t len;
  char data[];
} write_req;

static void conn_process(mssad_conn *c);
static void conn_flush(mssad_conn *c);
static void shutdown_when_flushed(mssad_conn *c);

static mssa_buf *conn_outbuf(mssad_conn *c) { return &c->out_buf; }
static bool conn_is_tcp(const mssad_conn *c) { return c->tcp; }
static void conn_set_work(mssad_conn *c, mssad_work *w) { c->work = w; }
mssad_conn *mssad_conn_next(mssad_conn *c) { return c->next; }

uv_stream_t *mssad_conn_alloc_stream(bool tcp) {
  size_t n = tcp ? sizeof(uv_tcp_t) : sizeof(uv_pipe_t);
  uv_stream_t *h = mssa_oom_try_malloc(n);   /* invariant 10 */
  if (h) memset(h, 0, n);
  return h;
}

/* ------------------------------------------------------------- freeing */

static void conn_free(mssad_conn *c) {
  mssad_server *s = c->srv;
  MSSA_ASSERT(c->refs == 0 && c->closing);   /* invariant 5: only from a close callback */
  if (c->prev) c->prev->next = c->next;
  else s->conns = c->next;
  if (c->next) c->next->prev = c->prev;
  s->nconns--;
  if (c->closing) s->nclosing--;
  mssa_buf_free(&c->in_buf);
  mssa_buf_free(&c->out_buf);
  MSSAD_DEBUG("connection %llu freed", (unsigned long long)c->id);
  free(c);
  if (s->stdio_conn && !s->conns && !s->stopping) s->ops->stop(s, "the --stdio client is done");
  s->ops->maybe_done(s);
}

static void unref(mssad_conn *c) {
  MSSA_ASSERT(c->refs > 0);
  if (--c->refs == 0) conn_free(c);
}

static void on_handle_closed(uv_handle_t *h) {
  mssad_conn *c = h->data;
  free(h);
  unref(c);
}

void mssad_conn_close(mssad_conn *c) {
  if (c->closing) return;
  c->closing = true;
  c->srv->nclosing++;
  c->reading = false;
  /* Nobody will read what the work in flight produces. */
  if (c->work) mssad_work_abandon(c->work);
  MSSAD_DEBUG("connection %llu closing", (unsigned long long)c->id);
  uv_close((uv_handle_t *)c->in, on_handle_closed);
  if (c->out != c->in) uv_close((uv_handle_t *)c->out, on_handle_closed);
}

static void on_shutdown(uv_shutdown_t *req, int status) {
  (void)status;
  mssad_conn_close(req->data);
}

/* Closes once everything queued so far has been written: at once, or once
** the replies held for the journal are released (mssad_conns_durable). No
** request is handled after this. */
static void close_after_flush(mssad_conn *c) {
  if (c->closing || c->shutdown_started) return;
  c->shutdown_started = true;
  if (c->reading) uv_read_stop(c->in);
  c->reading = false;
  shutdown_when_flushed(c);
}

static void shutdown_when_flushed(mssad_conn *c) {
  conn_flush(c);
  if (c->closing || c->nholds) return;
  c->shutdown_req.data = c;
  if (uv_shutdown(&c->shutdown_req, c->out, on_shutdown)) mssad_conn_close(c);
}

/* ------------------------------------------------------------- writing */

static void on_write(uv_write_t *req, int status) {
  write_req *w = (write_req *)req;
  mssad_conn *c = w->conn;
  free(w);
  c->last_ns = uv_hrtime();
  if (status < 0 && !c->closing) {
    MSSAD_DEBUG("connection %llu: write failed: %s", (unsigned long long)c->id,
                mssad_strerror(status));
    mssad_conn_close(c);
  }
}

/* Drops every unsent byte (and hold) and starts closing. */
static void conn_abort(mssad_conn *c) {
  c->out_buf.n = 0;
  c->nholds = 0;
  mssad_conn_close(c);
}

/* Invariant 10: memory ran out in this connection's work. The replies
** already made still go out first (they may acknowledge changes). */
static void nomem_close(mssad_conn *c, const char *what) {
  MSSAD_WARN("connection %llu: out of memory %s; closing it", (unsigned long long)c->id, what);
  close_after_flush(c);
}

static void conn_flush(mssad_conn *c) {
  mssa_buf *o = &c->out_buf;
  size_t n = c->nholds ? c->hold[0].start : o->n;   /* held bytes stay */
  if (c->closing || n == 0) return;
  size_t done = 0;
  if (uv_stream_get_write_queue_size(c->out) == 0) {
    uv_buf_t b = uv_buf_init(o->p, (unsigned)(n > 0x7fffffff ? 0x7fffffff : n));
    int k = uv_try_write(c->out, &b, 1);
    if (k > 0) done = (size_t)k;
    else if (k < 0 && k != UV_EAGAIN && k != UV_ENOSYS) {
      conn_abort(c);
      return;
    }
  }
  if (done < n) {
    size_t len = n - done;
    write_req *w = mssa_oom_try_malloc(sizeof *w + len);
    if (!w) {   /* invariant 10: nothing more can be sent */
      MSSAD_WARN("connection %llu: out of memory queueing a reply; closing it",
                 (unsigned long long)c->id);
      conn_abort(c);
      return;
    }
    w->conn = c;
    w->len = len;
    memcpy(w->data, o->p + done, len);
    uv_buf_t b = uv_buf_init(w->data, (unsigned)len);
    if (uv_write(&w->req, c->out, &b, 1, on_write)) {
      free(w);
      conn_abort(c);
      return;
    }
  }
  /* What is held moves to the front (it is small: see invariant 7). */
  memmove(o->p, o->p + n, o->n - n);
  o->n -= n;
  for (int k = 0; k < c->nholds; k++) c->hold[k].start -= n;
  MSSA_ASSERT(!c->nholds || c->hold[0].start == 0);   /* invariants 3, 6: nothing held was sent */
  /* Keep a modest buffer for the next batch; give back a huge one. */
  if (o->n == 0 && o->cap > (1u << 20)) mssa_buf_free(o);
  if (uv_stream_get_write_queue_size(c->out) > c->srv->cfg.max_backlog) {
    MSSAD_WARN("connection %llu: dropped: %zu bytes of replies unread (limit %zu)",
               (unsigned long long)c->id, uv_stream_get_write_queue_size(c->out),
               c->srv->cfg.max_backlog);
    c->srv->dropped_slow++;
    mssad_conn_close(c);
  }
}

/* ------------------------------------------------------------- reading */

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf) {
  (void)suggested;
  mssad_conn *c = h->data;
  if (!mssa_buf_try_reserve(&c->in_buf, READ_CHUNK)) {
    *buf = uv_buf_init(NULL, 0);   /* on_read gets UV_ENOBUFS */
    return;
  }
  *buf = uv_buf_init(c->in_buf.p + c->in_buf.n, (unsigned)(c->in_buf.cap - c->in_buf.n));
}

/* Has the client closed both directions, not just finished sending? A
** Unix socket tells (POLLHUP once the peer has closed, not after a mere
** shutdown of its writing side, as `nc -N` does); TCP and pipes cannot
** tell the two apart without writing, so they are taken to be listening. */
static bool peer_gone(const mssad_conn *c) {
  uv_os_fd_t fd;
  if (c->tcp || c->in != c->out || uv_fileno((const uv_handle_t *)c->in, &fd)) return false;
  struct pollfd p = {.fd = fd, .events = POLLIN};
  return poll(&p, 1, 0) == 1 && (p.revents & POLLHUP);
}

static void on_read(uv_stream_t *st, ssize_t nread, const uv_buf_t *buf) {
  (void)buf;
  mssad_conn *c = st->data;
  if (c->closing) return;
  c->last_ns = uv_hrtime();
  if (nread == UV_ENOBUFS) {   /* on_alloc found no memory (invariant 10) */
    nomem_close(c, "reading a request");
    return;
  }
  if (nread < 0) {
    if (nread != UV_EOF)
      MSSAD_DEBUG("connection %llu: read: %s", (unsigned long long)c->id, mssad_strerror((int)nread));
    c->eof = true;
    if (c->reading) uv_read_stop(c->in);
    c->reading = false;
    if (nread != UV_EOF || peer_gone(c)) {
      /* Gone: what it asked for is answered to nobody, so not done. */
      MSSAD_DEBUG("connection %llu: the client has gone", (unsigned long long)c->id);
      mssad_conn_close(c);
      return;
    }
    /* The client finished sending: answer what it sent, then close. */
    c->finishing = true;
    conn_process(c);
    return;
  }
  c->in_buf.n += (size_t)nread;
  conn_process(c);
}

static void start_reading(mssad_conn *c) {
  if (c->reading || c->closing || c->eof || c->finishing || c->shutdown_started) return;
  if (uv_read_start(c->in, on_alloc, on_read) == 0) c->reading = true;
}

static bool token_ok(mssad_conn *c, const char *line, size_t len) {
  const char *t = c->srv->token;
  size_t tn = t ? strlen(t) : 0;
  /* Constant-time compare over the longer length. */
  unsigned diff = (unsigned)(tn != len);
  size_t n = len > tn ? len : tn;
  for (size_t i = 0; i < n; i++)
    diff |= (unsigned)((i < len ? (unsigned char)line[i] : 0) ^ (i < tn ? (unsigned char)t[i] : 0));
  return t && diff == 0;
}

/* Too many reply bytes wait for the journal (invariant 7). */
static bool held_full(const mssad_conn *c) {
  return c->nholds && c->out_buf.n - c->hold[0].start > c->srv->cfg.max_backlog / 4;
}

/* Handling paused: a job runs, or held replies reached their cap. */
static bool blocked(const mssad_conn *c) { return c->waiting_job || c->batch || held_full(c); }

/* What the next step of conn_process found. */
enum { STEP_GO_ON, STEP_WAIT, STEP_CLOSING, STEP_SHUTDOWN };

/* A request beyond --max-request: one error line, then the connection
** closes (invariant 2). */
static int refuse_oversize(mssad_conn *c) {
  size_t max = c->srv->cfg.max_request;
  MSSAD_WARN("connection %llu: request beyond %zu bytes; closing", (unsigned long long)c->id, max);
  mssa_proto_error_line(c->srv->proto, MSSA_RPC_REQUEST_TOO_LARGE,
                        "request too large: the connection will be closed", -1, (long long)max,
                        &c->out_buf);
  close_after_flush(c);
  return STEP_CLOSING;
}

/* Finds the next complete line of the input: STEP_GO_ON with *line, *len
** set (the line consumed, without "\n" or "\r\n"), STEP_WAIT when more
** bytes are needed, STEP_CLOSING when the line is too long. */
static int next_line(mssad_conn *c, char **line, size_t *len) {
  mssa_buf *in = &c->in_buf;
  size_t max = c->srv->cfg.max_request;
  char *start = in->p + in->off;
  size_t avail = in->n - in->off;
  char *nl = avail > c->scanned ? memchr(start + c->scanned, '\n', avail - c->scanned) : NULL;
  if (!nl && c->eof && avail && avail <= max) {
    /* The client ended without a final newline: the rest is a request. */
    if (!mssa_buf_try_reserve(in, 1)) {
      nomem_close(c, "reading its last request");
      return STEP_CLOSING;
    }
    start = in->p + in->off;
    start[avail] = '\n';
    in->n++;
    nl = start + avail;
  }
  if (!nl) {
    c->scanned = avail;
    if (avail <= max) return STEP_WAIT;
    in->off = in->n = 0;
    c->scanned = 0;
    return refuse_oversize(c);
  }
  size_t n = (size_t)(nl - start);
  in->off += n + 1;
  c->scanned = 0;
  if (n && start[n - 1] == '\r') n--;
  if (n > max) return refuse_oversize(c);
  MSSA_ASSERT(n <= max && in->off <= in->n);   /* invariant 2 */
  *line = start;
  *len = n;
  return STEP_GO_ON;
}

/* Decoding megabytes of JSON would stall every client: the pool decodes a
** line of MSSAD_POOL_PARSE_BYTES or more. The job takes the whole input
** buffer (no copy of the line); what follows the line moves to a fresh
** one. STEP_WAIT once queued, STEP_GO_ON if it could not be (the line is
** then handled here). */
static char *fresh_input(const mssad_conn *c);
static char *take_input(mssad_conn *c, char *fresh);

static int parse_on_pool(mssad_conn *c, char *line, size_t len) {
  mssa_buf *in = &c->in_buf;
  char *fresh = fresh_input(c);   /* first: the parse cannot be taken back */
  if (!fresh) return STEP_GO_ON;  /* degraded: decoded here (invariant 10) */
  if (mssad_store_start_parse(c->srv, c, in->p, (size_t)(line - in->p), len) != 0) {
    free(fresh);
    return STEP_GO_ON;
  }
  (void)take_input(c, fresh);   /* the parse work owns it now */
  c->waiting_job = true;
  c->refs++;
  return STEP_WAIT;
}

static size_t fresh_cap(const mssad_conn *c) {
  size_t rest = c->in_buf.n - c->in_buf.off;
  return rest > READ_CHUNK ? rest : READ_CHUNK;
}

/* The block take_input moves the rest of the input to, or NULL. */
static char *fresh_input(const mssad_conn *c) { return mssa_oom_try_malloc(fresh_cap(c)); }

/* Hands the whole input buffer over (a request being answered points into
** it: no copy of the line); what follows the line moves to `fresh`. */
static char *take_input(mssad_conn *c, char *fresh) {
  mssa_buf *in = &c->in_buf;
  size_t rest = in->n - in->off, cap = fresh_cap(c);
  char *old = in->p;
  memcpy(fresh, in->p + in->off, rest);
  in->p = fresh;
  in->cap = cap;
  in->n = rest;
  in->off = 0;
  return old;
}

/* The batch is answered: its reply goes out with the others. */
static int batch_done(mssad_conn *c) {
  int rc = mssa_proto_batch_finish(c->batch, &c->out_buf);
  c->batch = NULL;
  free(c->batch_buf);
  c->batch_buf = NULL;
  if (rc == MSSA_PROTO_DROP) {
    nomem_close(c, "writing a batch's reply");
    return STEP_CLOSING;
  }
  return rc == MSSA_PROTO_SHUTDOWN ? STEP_SHUTDOWN : STEP_GO_ON;
}

/* A JSON-RPC batch is answered a slice (BATCH_SLICE_NS) at a time: the
** first slice now, the others from the loop's idle turns, between which
** every other connection's requests are handled, so a batch of 10,000
** queries delays another client by one slice at most. The connection
** itself handles nothing else until its batch is answered (invariant 1). */
static int start_batch(mssad_conn *c, char *line, size_t len) {
  mssad_server *s = c->srv;
  c->batch = mssa_proto_batch_begin(s->proto, line, len);
  s->cur_conn = c;   /* for the journal hook (an edit in the batch) */
  bool done = mssa_proto_batch_step(s->proto, c->batch, BATCH_SLICE_NS);
  char *fresh = done ? NULL : fresh_input(c);
  if (!done && !fresh) {
    /* No buffer for the input that follows (invariant 10): the batch is
    ** answered now, in one go, while its line is still in place. */
    while (!mssa_proto_batch_step(s->proto, c->batch, UINT64_MAX)) continue;
    done = true;
  }
  s->cur_conn = NULL;
  if (done) return batch_done(c);
  c->batch_buf = take_input(c, fresh);
  c->refs++;
  MSSA_ASSERT(blocked(c));   /* invariant 1: nothing else until the batch is answered */
  if (s->batches++ == 0) uv_idle_start(&s->batch_idle, mssad_conns_batch_slice);
  return STEP_WAIT;
}

void mssad_conns_batch_slice(uv_idle_t *h) {
  mssad_server *s = h->data;
  mssad_conn *next;
  /* Only close callbacks free connections, and the unref below only this
  ** one: `next` stays valid. */
  for (mssad_conn *c = s->conns; c; c = next) {
    next = c->next;
    if (!c->batch) continue;
    bool done = c->closing;
    if (!done) {
      s->cur_conn = c;
      done = mssa_proto_batch_step(s->proto, c->batch, BATCH_SLICE_NS);
      s->cur_conn = NULL;
    }
    if (!done) continue;
    if (--s->batches == 0) uv_idle_stop(h);
    if (c->closing) {
      mssa_proto_batch_free(c->batch);   /* answered to nobody (invariant 8) */
      c->batch = NULL;
      free(c->batch_buf);
      c->batch_buf = NULL;
    } else if (batch_done(c) == STEP_SHUTDOWN && !c->closing) {
      s->ops->stop(s, "shutdown requested");
      c->finishing = true;
    }
    if (!c->closing) conn_process(c);
    unref(c);
  }
}

/* Handles one request line: the token check, then the engine. */
static int handle_line(mssad_conn *c, char *line, size_t len) {
  mssad_server *s = c->srv;
  bool blank = true;
  for (size_t i = 0; i < len && blank; i++) blank = line[i] == ' ' || line[i] == '\t';
  if (blank) return STEP_GO_ON;
  if (c->needs_token) {
    if (!token_ok(c, line, len)) {
      MSSAD_WARN("connection %llu: bad token; closing", (unsigned long long)c->id);
      mssa_proto_error_line(s->proto, MSSA_RPC_UNAUTHORIZED,
                            "the first line must be the access token", -1, -1, &c->out_buf);
      close_after_flush(c);
      return STEP_CLOSING;
    }
    c->needs_token = false;
    return STEP_GO_ON;
  }
  if (mssa_proto_is_batch(line, len)) return start_batch(c, line, len);
  if (len >= MSSAD_POOL_PARSE_BYTES && parse_on_pool(c, line, len) == STEP_WAIT) return STEP_WAIT;
  mssa_proto_job *job = NULL;
  s->cur_conn = c;   /* for the journal hook */
  int rc = mssa_proto_handle(s->proto, line, len, &c->out_buf, &job);
  s->cur_conn = NULL;
  if (rc == MSSA_PROTO_DROP) {   /* a change made, its reply lost: no ack (invariant 10) */
    nomem_close(c, "writing a reply");
    return STEP_CLOSING;
  }
  if (rc == MSSA_PROTO_ASYNC) {
    int qr = mssad_store_start_job(s, c, job);
    if (qr) {
      mssa_proto_job_free(job);
      if (qr == UV_ENOMEM)   /* invariant 10 (the load's id is the job's: null here) */
        mssa_proto_error_line(s->proto, MSSA_RPC_OUT_OF_MEMORY,
                              "out of memory queueing the load; nothing was loaded", -1, -1,
                              &c->out_buf);
      else
        mssa_proto_error_line(s->proto, MSSA_RPC_INTERNAL_ERROR, "cannot queue the build", -1, -1,
                              &c->out_buf);
      return STEP_GO_ON;
    }
    c->waiting_job = true;
    c->refs++;
    return STEP_WAIT;
  }
  if (c->out_buf.n > s->cfg.max_backlog / 4) {
    /* A long burst of requests with big replies: hand what we have to
    ** libuv now, so the backlog check (and drop) applies mid-burst. */
    conn_flush(c);
    if (c->closing) return STEP_CLOSING;
  }
  return rc == MSSA_PROTO_SHUTDOWN ? STEP_SHUTDOWN : STEP_GO_ON;
}

/* After a batch: give back the memory of a huge request that went by. */
static void shrink_input(mssad_conn *c) {
  mssa_buf *in = &c->in_buf;
  mssa_buf_compact(in);
  if (in->cap > 4 * (size_t)READ_CHUNK && in->n < READ_CHUNK) {
    char *p = mssa_oom_try_malloc(READ_CHUNK);
    if (!p) return;   /* the big one stays (invariant 10) */
    memcpy(p, in->p, in->n);
    free(in->p);
    in->p = p;
    in->cap = READ_CHUNK;
  }
}

/* Handles every complete line in the input, stopping at a job. */
static void conn_process(mssad_conn *c) {
  mssad_server *s = c->srv;
  bool stop = false;
  while (!c->closing && !blocked(c) && !c->shutdown_started) {
    char *line = NULL;
    size_t len = 0;
    int step = next_line(c, &line, &len);
    if (step == STEP_GO_ON) step = handle_line(c, line, len);
    if (step == STEP_CLOSING) return;
    if (step == STEP_WAIT) break;
    if (step == STEP_SHUTDOWN) stop = true;   /* after this batch (below) */
  }
  shrink_input(c);
  conn_flush(c);
  if (c->closing) return;
  if (stop) {
    /* Stops listening and drains every connection, this one included (the
    ** drain re-enters conn_process, which finds nothing left to do). */
    s->ops->stop(s, "shutdown requested");
    c->finishing = true;
    if (c->closing || c->shutdown_started) return;
  }
  /* Backpressure while a job runs or replies are held: keep at most one
  ** request's worth. Unread lines wait, so a finishing client is not closed
  ** yet: the job's end or the journal's release comes back here. */
  if (blocked(c) && c->in_buf.n > s->cfg.max_request && c->reading) {
    uv_read_stop(c->in);
    c->reading = false;
  }
  if (blocked(c)) return;
  if (c->finishing) {
    close_after_flush(c);
    return;
  }
  start_reading(c);
}

static void conn_job_done(mssad_conn *c) {
  c->waiting_job = false;
  if (!c->closing) conn_process(c);
  unref(c);
}

static void conn_job_detached(mssad_conn *c) {
  c->waiting_job = false;
  if (!c->closing) conn_process(c);
}

void mssad_conn_hold(mssad_conn *c, uint64_t seq, uint64_t covered) {
  if (c->closing) return;   /* its replies go nowhere */
  if (c->nholds) {
    /* One mark when both wait for the same fdatasync: the one in flight
    ** (seq <= covered), or the next one, which covers everything written
    ** before it starts (last mark > covered). Merging only ever delays a
    ** release, so it is also the answer should a third mark be needed. */
    uint64_t *last = &c->hold[c->nholds - 1].seq;
    if (c->nholds == 2 || *last > covered || seq <= covered) {
      *last = seq;
      return;
    }
  }
  MSSA_ASSERT(c->nholds < 2);   /* invariant 6: at most two marks */
  c->hold[c->nholds].start = c->out_buf.n;
  c->hold[c->nholds].seq = seq;
  c->nholds++;
}

void mssad_conns_durable(mssad_server *s, bool failed) {
  uint64_t durable = s->journal.durable;
  /* Nothing below frees a connection (only close callbacks do), so the
  ** list can be walked while connections start closing. */
  for (mssad_conn *c = s->conns; c; c = c->next) {
    if (!c->nholds || c->closing) continue;
    if (failed) {
      MSSAD_WARN("connection %llu: closed without its held replies (the journal could not "
                 "make their changes durable)", (unsigned long long)c->id);
      conn_abort(c);
      continue;
    }
    int k = 0;
    while (k < c->nholds && c->hold[k].seq <= durable) k++;
    if (!k) continue;
    c->nholds -= k;
    memmove(c->hold, c->hold + k, (size_t)c->nholds * sizeof c->hold[0]);
    if (c->shutdown_started) shutdown_when_flushed(c);
    else if (c->waiting_job) conn_flush(c);
    else conn_process(c);   /* flushes; resumes if the hold had paused it */
  }
}

void mssad_conn_drain(mssad_conn *c) {
  if (c->closing) return;
  if (c->reading) uv_read_stop(c->in);
  c->reading = false;
  c->finishing = true;
  if (!c->waiting_job) conn_process(c);
}

mssad_conn *mssad_conn_new(mssad_server *s, uv_stream_t *in, uv_stream_t *out, bool needs_token,
                           bool tcp) {
  mssad_conn *c = mssa_oom_try_malloc(sizeof *c);
  if (!c) {   /* invariant 10: the client is closed, nothing else changes */
    MSSAD_WARN("out of memory for a new connection; closing it");
    uv_close((uv_handle_t *)in, (uv_close_cb)free);
    if (out != in) uv_close((uv_handle_t *)out, (uv_close_cb)free);
    return NULL;
  }
  memset(c, 0, sizeof *c);
  c->srv = s;
  c->in = in;
  c->out = out;
  c->id = ++s->conns_total;
  c->needs_token = needs_token;
  c->tcp = tcp;
  c->last_ns = uv_hrtime();
  in->data = c;
  out->data = c;
  c->refs = in == out ? 1 : 2;
  c->next = s->conns;
  if (s->conns) s->conns->prev = c;
  s->conns = c;
  s->nconns++;
  MSSAD_DEBUG("connection %llu opened", (unsigned long long)c->id);
  start_reading(c);
  return c;
}

/* Idle: nothing received for the timeout, and nothing owed either way (no
** request waiting in the input, no job, no reply held or unsent). */
static bool idle(const mssad_conn *c, uint64_t now, uint64_t timeout_ns) {
  return !c->closing && !c->waiting_job && !c->batch && !c->nholds && c->out_buf.n == 0 &&
         c->in_buf.n == c->in_buf.off && uv_stream_get_write_queue_size(c->out) == 0 &&
         now - c->last_ns >= timeout_ns;
}

static size_t conns_buffer_bytes(const mssad_server *s) {
  size_t n = 0;
  for (const mssad_conn *c = s->conns; c; c = c->next) n += c->in_buf.cap + c->out_buf.cap;
  return n;
}

mssad_conn *mssad_conns_idlest(mssad_server *s, uint64_t min_ns) {
  uint64_t now = uv_hrtime();
  mssad_conn *best = NULL;
  for (mssad_conn *c = s->conns; c; c = c->next)
    if (idle(c, now, min_ns) && (!best || c->last_ns < best->last_ns)) best = c;
  return best;
}

void mssad_conns_close_idle(mssad_server *s) {
  uint64_t now = uv_hrtime(), timeout = (uint64_t)(s->cfg.idle_timeout_s * 1e9);
  /* Closing only starts here (invariant 5): the list stays intact. */
  for (mssad_conn *c = s->conns; c; c = c->next) {
    if (!idle(c, now, timeout)) continue;
    MSSAD_DEBUG("connection %llu: idle for %.0f s; closing", (unsigned long long)c->id,
                s->cfg.idle_timeout_s);
    s->closed_idle++;
    mssad_conn_close(c);
  }
}

/* The store calls a connection back only through this table (server.h). */
const mssad_conn_ops mssad_conn_callbacks = {
  .is_tcp = conn_is_tcp,
  .buffer_bytes = conns_buffer_bytes,
  .outbuf = conn_outbuf,
  .set_work = conn_set_work,
  .job_done = conn_job_done,
  .job_detached = conn_job_detached,
  .unref = unref,
  .flush = conn_flush,
  .nomem_close = nomem_close,
};
