/*
** server.h -- the daemon's state: configuration, listeners, connections,
** the module store, and the protocol engine they feed.
**
** Invariants:
**   1. Everything here is touched on the loop thread only. The one thing
**      that runs elsewhere is a build (mssa_proto_job_run) or a module free
**      on libuv's thread pool, and the journal's fdatasync on its own thread
**      (journal.c); none touches this state: results come back through the
**      after-callbacks (or the syncer's uv_async) on the loop thread.
**   2. A connection is freed only from a uv_close callback, once every one
**      of its handles is closed and no job refers to it (refs == 0); never
**      from inside one of its own read/write callbacks.
**   3. Every per-connection buffer is capped: input at max_request (+ one
**      read), output at max_backlog (beyond it the client is dropped),
**      replies held for the journal (--fsync always) at max_backlog / 4
**      plus one reply (beyond it the connection stops handling requests
**      until they are released).
**   4. Once `stopping` is set no connection is accepted; the loop ends when
**      the last connection, listener and job are done.
**   5. Calls between the files go one way: main.c calls all; journal.c
**      calls conn.c and store.c, listen.c calls conn.c, conn.c calls
**      store.c (and all call log.c). Calls the
**      other way go through the tables `ops` (main.c's stop) and `conn_ops`
**      (a connection called back by the store), set by main() before
**      anything runs; tests/layers.t checks that no file calls back by name.
*/
#ifndef MSSAD_SERVER_H
#define MSSAD_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "common/ccache.h"
#include "proto.h"

typedef struct mssad_config {
  const char *socket_path;    /* NULL: none (e.g. --stdio only) */
  const char *listen_addr;    /* HOST:PORT or NULL */
  bool allow_remote;
  const char *token_file;
  bool use_stdio;
  size_t max_request;         /* bytes per request line */
  uint32_t max_connections;
  size_t max_backlog;         /* unsent reply bytes per client */
  size_t max_edit_growth;     /* see mssa_proto_opts */
  uint32_t check_limit;
  double drain_timeout_s;     /* on SIGTERM: how long requests in flight (loads
                                 included) may take to finish; then connections
                                 are closed and unfinished builds abandoned */
  double idle_timeout_s;      /* a connection idle this long is closed (0: never) */
  double request_timeout_s;   /* a load (read, build, compare) answered with -32050
                                 after this long (0: no limit) */
  size_t max_module_bytes;    /* see mssa_proto_opts */
  size_t max_memory;          /* --max-memory: mssa_proto_opts.max_graph_bytes */
  const char *root;           /* --root: the only files TCP clients may load */
  const char **trusted;       /* --trusted-compiler globs, NULL-terminated (or NULL) */
  size_t ntrusted;
  bool insecure_no_token;     /* allow TCP on loopback without --token-file */
  bool recover;               /* --recover: start from the journal's valid prefix */
  const char *state_dir;      /* --state-dir: persist loads/edits (journal.c) */
  const char *cache_dir;      /* --cache-dir (NULL: the default; cache.c) */
  bool no_cache;              /* --no-cache */
  bool cache_verify;          /* --cache-verify: check the cache and exit */
  unsigned cache_max_mb;      /* --cache-max-mb (0: MSSA_CCACHE_DEFAULT_MAX_MB) */
} mssad_config;

/* Persistence (journal.c). */
enum { MSSAD_FSYNC_NO = 0, MSSAD_FSYNC_EVERYSEC = 1, MSSAD_FSYNC_ALWAYS = 2 };

/* The journal's own fdatasync thread (journal.c): one request at a time,
** handed over under `mu`; `done` wakes the loop when it returns. Not the
** libuv pool, where builds could keep an acknowledgement waiting. */
typedef struct mssad_syncer {
  uv_thread_t tid;
  uv_mutex_t mu;
  uv_cond_t cv;
  uv_async_t done;
  int fd;                     /* the descriptor to fdatasync next, or -1 */
  int result;                 /* of the last fdatasync: 0 or a negative errno */
  bool has_result;            /* `result` not yet taken by the loop */
  bool quit;                  /* set by the loop: no more wake-ups wanted */
  bool started;
} mssad_syncer;

typedef struct mssad_journal {
  char *dir;                  /* NULL: no persistence */
  int mode;                   /* MSSAD_FSYNC_* */
  uint64_t max;               /* compaction threshold (bytes of journal) */
  int fd;                     /* journal.GEN, open for appending */
  uint64_t gen, size, snapshot_size;
  /* Records are numbered from 1 in the order they are appended since
  ** start-up: `seq` the last one written (= how many), `syncing` the last
  ** one the latest fdatasync (in flight or done) covers, `durable` the last
  ** one known to be on disk. */
  uint64_t seq, syncing, durable;
  size_t pending;             /* bytes of a record written, not yet committed */
  bool fsync_inflight, failed, timer_on;
  uv_timer_t timer;           /* everysec */
  mssad_syncer syncer;
  uint64_t fsync_t0;          /* when the fdatasync in flight started */
  uint64_t replayed, replay_failed, cut_bytes, fsyncs, fsync_errors, fsync_ns, compactions;
} mssad_journal;

typedef struct mssad_server mssad_server;
typedef struct mssad_conn mssad_conn;
/* Work on the thread pool for a connection (store.c): a build, or the
** decoding of a huge request line. */
typedef struct mssad_work mssad_work;

/* The daemon's own callbacks (main.c's table, set before anything runs):
** the files under main.c reach the orderly stop only through it, never by
** calling main.c, so the calls of server/ go one way, down from main.c. */
typedef struct mssad_server_ops {
  /* Starts the orderly stop (main.c, invariant 2); a second call does
  ** nothing. */
  void (*stop)(mssad_server *s, const char *why);
  /* Once stopping: closes the loop's own handles if no connection and no
  ** job is left, so the loop runs dry. Called whenever one ends. */
  void (*maybe_done)(mssad_server *s);
} mssad_server_ops;

/* What the store (pool work, the host interface) asks of a connection:
** conn.c's table (mssad_conn_callbacks, set by main.c). conn.c calls the
** store by name to start work; the store answers through this table, so
** the two do not call each other. */
typedef struct mssad_conn_ops {
  bool (*is_tcp)(const mssad_conn *c);
  /* Bytes allocated for the input and output buffers of every connection. */
  size_t (*buffer_bytes)(const mssad_server *s);
  mssa_buf *(*outbuf)(mssad_conn *c);
  /* The pool work the connection waits for (NULL when it is done). */
  void (*set_work)(mssad_conn *c, mssad_work *w);
  /* The connection's async job is answered: it goes on with its next
  ** request and drops the job's reference (may free it). */
  void (*job_done)(mssad_conn *c);
  /* The job was answered early (it timed out): the connection goes on with
  ** its next request while the job, still holding its reference, runs to
  ** its end, then drops it (unref). */
  void (*job_detached)(mssad_conn *c);
  void (*unref)(mssad_conn *c);
  /* Writes what the output buffer holds (a job's progress notification
  ** appended while the job runs). */
  void (*flush)(mssad_conn *c);
  /* Memory ran out in the connection's work (a reply lost past a point of
  ** no return): it is closed, with `what` logged (conn.c invariant 10). */
  void (*nomem_close)(mssad_conn *c, const char *what);
} mssad_conn_ops;

typedef struct mssad_listener {
  union {
    uv_handle_t handle;
    uv_stream_t stream;
    uv_pipe_t pipe;
    uv_tcp_t tcp;
  } h;
  mssad_server *srv;
  bool is_tcp;
  bool needs_token;
  bool open;
  char *unlink_path;          /* unix socket we created (removed at exit) */
  /* A connection accepted without memory for its handle is taken with
  ** this one and closed at once (listen.c, refuse_nomem). */
  union {
    uv_handle_t handle;
    uv_pipe_t pipe;
    uv_tcp_t tcp;
  } spare;
  bool spare_busy;            /* the spare is closing */
  bool spare_wanted;          /* a connection waits for it */
} mssad_listener;

#define MSSAD_MAX_LISTENERS 16

/* The module store (store.c). */
typedef struct mssad_entry {
  char *name;
  mssa_qmodule *q;
} mssad_entry;

/* A thread of normal priority that runs what the pool asks it to (the
** spawn of clang for `load {"source"}`: store.c, invariant 8). */
typedef struct mssad_spawner {
  uv_thread_t thread;
  uv_mutex_t one;          /* held by a requester: one request at a time */
  uv_mutex_t m;            /* guards the fields below */
  uv_cond_t cv;
  void (*fn)(void *);
  void *arg;
  bool pending, started, stop;
} mssad_spawner;

typedef struct mssad_store {
  mssad_entry *a;
  uint32_t n, cap;
  mssad_spawner sp;
} mssad_store;

struct mssad_server {
  uv_loop_t *loop;
  const mssad_server_ops *ops;        /* main.c's callbacks */
  const mssad_conn_ops *conn_ops;     /* conn.c's, for the store */
  mssad_config cfg;
  char *token;                /* TCP token (first line of --token-file) */
  mssa_proto *proto;
  mssa_proto_host host;
  mssad_store store;
  mssad_listener listeners[MSSAD_MAX_LISTENERS];
  int nlisteners;
  mssad_conn *conns;          /* doubly linked list of live connections */
  uint64_t nconns, conns_total, dropped_slow, closed_idle;
  uint64_t nclosing;          /* of nconns, closing: they hold no slot */
  uint64_t idle_evicted;      /* closed to make room for a new client */
  uint64_t jobs_in_flight;
  uint64_t jobs_abandoned;    /* builds and decodes whose client went away, or
                                 that timed out */
  uint64_t requests_timed_out; /* --request-timeout */
  char *root_real;            /* realpath of cfg.root (NULL: no --root) */
  mssa_ccache *ccache;        /* the compile cache (cache.c), or NULL */
  uv_timer_t idle_timer;      /* sweeps idle connections (idle_timeout_s) */
  uv_idle_t batch_idle;       /* answers a slice of each batch in progress
                                 per loop turn (conn.c), while batches > 0 */
  uint32_t batches;           /* connections with a batch in progress */
  uv_signal_t sigterm, sigint;
  uv_timer_t drain_timer;
  bool stopping;
  bool stdio_conn;            /* serving --stdio: stop when that client ends */
  uint64_t start_ns;
  mssad_journal journal;
  /* The connection whose request the engine is handling right now (NULL
  ** between requests): the journal hook holds that request's reply until
  ** its record is durable (--fsync always). Set around every call into the
  ** engine that may journal: conn_process, and the store's after-work
  ** callbacks for builds and pool-decoded requests. */
  mssad_conn *cur_conn;
};

/* listen.c */
int mssad_listen_unix(mssad_server *s, const char *path);
int mssad_listen_tcp(mssad_server *s, const char *hostport);
int mssad_listen_systemd(mssad_server *s, int *count);
int mssad_serve_stdio(mssad_server *s);
/* stdin_pump.c: is fd a pipe or socket libuv can poll? If not (a regular
** file), mssad_stdin_pump copies it on a thread into a new pipe and
** returns the pipe's read end (or a negative errno). */
int mssad_stdin_pollable(int fd);
int mssad_stdin_pump(int fd);
void mssad_listeners_close(mssad_server *s);

/* conn.c */
/* Takes a connected stream (in == out for sockets); the conn owns both.
** `tcp`: the client came over TCP (files are then read only under --root). */
mssad_conn *mssad_conn_new(mssad_server *s, uv_stream_t *in, uv_stream_t *out, bool needs_token,
                           bool tcp);
/* The callbacks the store calls a connection back through. */
extern const mssad_conn_ops mssad_conn_callbacks;
/* Closes the connections idle for idle_timeout_s (no request pending, no
** reply unsent). */
void mssad_conns_close_idle(mssad_server *s);
/* The connection idle the longest, if idle for at least min_ns, or NULL. */
mssad_conn *mssad_conns_idlest(mssad_server *s, uint64_t min_ns);
/* Allocates the handle storage a connection will own. */
/* NULL without memory (base/oom.h invariant 8). */
uv_stream_t *mssad_conn_alloc_stream(bool tcp);
void mssad_conn_close(mssad_conn *c);
/* Stop reading, answer what was received, then close. */
void mssad_conn_drain(mssad_conn *c);
/* The batch_idle callback: the next slice of every batch in progress. */
void mssad_conns_batch_slice(uv_idle_t *h);
mssad_conn *mssad_conn_next(mssad_conn *c);
/* Holds every reply appended to c from now on (this request's and all
** later ones) until journal record `seq` is durable. `covered` is the last
** record the fdatasync in flight covers (0 if none): holds released by the
** same fdatasync share one mark. */
void mssad_conn_hold(mssad_conn *c, uint64_t seq, uint64_t covered);
/* The journal's durable mark moved (or the fdatasync failed, `failed`):
** releases the replies that were waiting for it on every connection, or
** closes the connections that held any without sending them. */
void mssad_conns_durable(mssad_server *s, bool failed);

/* store.c */
void mssad_store_init(mssad_server *s);
void mssad_store_fini(mssad_server *s);
/* Runs `job` on the thread pool for connection `c`; replies and installs
** the module on the loop thread when done. */
int mssad_store_start_job(mssad_server *s, mssad_conn *c, mssa_proto_job *job);
/* Decodes a huge request line buf[off..off+len) on the thread pool, then
** handles it on the loop thread. On success the job owns `buf`. */
int mssad_store_start_parse(mssad_server *s, mssad_conn *c, char *buf, size_t off, size_t len);
/* Lines at least this long are decoded on the pool. */
#define MSSAD_POOL_PARSE_BYTES ((size_t)256 << 10)

/* The connection is gone: the work is cancelled if it has not started, else
** its result is dropped when it ends (no reply, no module installed). */
void mssad_work_abandon(mssad_work *w);

/* Adds (or replaces) module `name` (loop thread). */
void mssad_store_install(mssad_server *s, const char *name, mssa_qmodule *q);

/* journal.c */
/* Replays the state dir into the store, then records every change. */
int mssad_journal_open(mssad_server *s);
/* Closes the fsync timer (when stopping). */
void mssad_journal_stop(mssad_server *s);
/* Final fsync and close (after the loop). */
void mssad_journal_close(mssad_server *s);

/* The compile cache (cache.c). */
void mssad_cache_open(mssad_server *s);
void mssad_cache_close(mssad_server *s);
struct mssa_ccache *mssad_cache_host(mssa_proto_host *h);   /* host->compile_cache */
/* memssad --cache-verify: 0 when every entry is sound (damaged ones are dropped). */
int mssad_cache_verify_main(const mssad_config *cfg);

#endif
