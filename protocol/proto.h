/*
** proto.h -- the JSON-RPC protocol engine the daemon drives: one request
** line in, one reply line out (or an asynchronous job, or nothing for a
** notification). jansson lives here and below; libuv does not.
**
** Invariants:
**   1. mssa_proto_handle never fails as a whole: any line, however
**      malformed, yields a JSON-RPC error reply (or nothing for a
**      notification), and never touches a loaded module it was not asked
**      about. Every reply ends with exactly one '\n' and contains no other.
**   2. Work that may take long (reading and building a module) is returned
**      to the caller as a job: job_run is pure analysis and may run on any
**      thread; everything else here runs on the caller's single query
**      thread, because queries mutate the graphs (walker caches) and edits
**      and reloads by difference mutate the module. Those two are bounded
**      work (an edit batch; a reload of at most n/8+2 function bodies and a
**      16 MiB text), the reason they may run there.
**   3. The engine never owns modules: it sees them through the host
**      (mssa_proto_host), which the daemon implements over its store.
**   4. Replies carry "jsonrpc":"2.0" and the request's id verbatim.
*/
#ifndef MSSA_PROTO_H
#define MSSA_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memssa.h"
#include "errors.h"

#define MSSA_PROTO_VERSION "1.0"
/* The default of mssa_proto_opts.max_module_bytes (1 GiB). */
#define MSSA_PROTO_MAX_MODULE_BYTES ((size_t)1 << 30)

/* Numbers the daemon knows and the engine reports in `stats`. */
typedef struct mssa_proto_server_stats {
  uint64_t connections;        /* open now */
  uint64_t connections_total;  /* accepted since start */
  uint64_t dropped_slow;       /* clients dropped for not reading */
  uint64_t loads_in_flight;    /* builds running on the thread pool */
  uint64_t jobs_abandoned;     /* builds and decodes whose client went away, or
                                  that timed out */
  uint64_t requests_timed_out; /* loads answered -32050 (--request-timeout) */
  uint64_t closed_idle;        /* connections closed by the idle timeout */
  uint64_t idle_evicted;       /* idle connections closed for a new client at the limit */
  double uptime_s;
  bool journal;                /* persisting (--state-dir): the next five mean something */
  uint64_t journal_records;    /* appended since start-up */
  uint64_t journal_durable;    /* how many of those are known to be on disk */
  uint64_t journal_fsyncs;     /* fdatasyncs of the journal that succeeded */
  uint64_t journal_fsync_errors;
  uint64_t journal_compactions;
  bool malloc_known;           /* the C library reports its heap (glibc's mallinfo2) */
  uint64_t malloc_arena;       /* bytes the allocator holds from the system, not mmapped */
  uint64_t malloc_mmapped;     /* bytes in blocks mmapped one by one (large blocks) */
  uint64_t malloc_in_use;      /* bytes handed out and not yet freed */
  uint64_t malloc_free;        /* bytes held but free (fragmentation and caches) */
  uint64_t malloc_arenas;      /* arenas (one per thread that allocated, up to a cap) */
  uint64_t conn_buffers;       /* bytes of the connections' input and output buffers */
} mssa_proto_server_stats;

/* What the engine needs from the daemon's module store. */
typedef struct mssa_proto_host mssa_proto_host;
struct mssa_proto_host {
  void *data;
  /* The module named `name`, or NULL. */
  mssa_qmodule *(*find)(mssa_proto_host *h, const char *name);
  /* Modules by position 0..count-1 (any stable order); *name set. */
  uint32_t (*count)(mssa_proto_host *h);
  mssa_qmodule *(*at)(mssa_proto_host *h, uint32_t i, const char **name);
  /* Drops the module `name`; 0, or -1 if there is none. */
  int (*unload)(mssa_proto_host *h, const char *name);
  void (*server_stats)(mssa_proto_host *h, mssa_proto_server_stats *out);
  /* Optional (NULL: any file). Where the request being handled may read
  ** files: NULL for anywhere, else only under the returned directory (a
  ** real path; "" for nowhere). The daemon confines TCP clients so. */
  const char *(*file_root)(mssa_proto_host *h);
  /* Optional (NULL: no persistence). Records a change, on the query
  ** thread, in two steps around applying it, before its reply is produced:
  ** `journal` writes the record of a load (payload = the module text as
  ** read), an edit (payload = the request's params as compact JSON) or an
  ** unload (no payload): 0 once written, negative if it could not be (then
  ** nothing of it stays in the journal, and the change must not be
  ** applied). After a 0, `journal_end` must follow before anything else is
  ** journaled: `applied` keeps the record (the daemon sends the reply only
  ** once the record is as durable as its fsync policy promises: it may hold
  ** the reply bytes until an fsync returns), !applied takes it back out
  ** (the change failed). So a change that is acknowledged is in the
  ** journal, and one the journal could not take is not applied. */
  int (*journal)(mssa_proto_host *h, int kind, const char *module, const char *payload,
                 size_t len);
  void (*journal_end)(mssa_proto_host *h, bool applied);
  /* Optional (NULL: on the calling thread). Runs fn(arg) on a thread of
  ** normal priority and returns when it has run; called from pool threads
  ** (a load's job) to spawn clang for `load {"source"}`, which would
  ** otherwise take the pool thread's lower priority (nice 10). */
  void (*normal_priority)(mssa_proto_host *h, void (*fn)(void *), void *arg);
  /* Optional (NULL: none). The daemon's --trusted-compiler globs, NULL-
  ** terminated: compilers `load {"source"}` may run beside the built-in
  ** ones (common/compile.h, opts.trusted). */
  const char *const *(*trusted_compilers)(mssa_proto_host *h);
  /* Optional (NULL, or returning NULL: none). The persistent cache of
  ** compiled units `load {"source"}` compiles through (common/ccache.h;
  ** thread-safe: called from pool threads). */
  struct mssa_ccache *(*compile_cache)(mssa_proto_host *h);
};

/* Journal record kinds (host->journal; also the on-disk kind byte). */
enum { MSSA_PROTO_J_LOAD = 1, MSSA_PROTO_J_EDIT = 2, MSSA_PROTO_J_UNLOAD = 3,
       /* a load that asked for an LLVM version: payload "N\n" then the text
       ** (4 is the server's snapshot header, server/journal.c) */
       MSSA_PROTO_J_LOAD_LLVM = 5,
       /* a whole program (load {"program"} or its reload): a header, then
       ** every unit's text (protocol/program.c); its unload is J_UNLOAD */
       MSSA_PROTO_J_PROGRAM = 6 };

typedef struct mssa_proto mssa_proto;
typedef struct mssa_proto_job mssa_proto_job;

typedef struct mssa_proto_opts {
  mssa_build_opts build;       /* for every module loaded */
  size_t max_print_bytes;      /* cap on a `print` reply (0 = unlimited) */
  size_t max_edit_growth;      /* bytes of edit text a module may gather
                                  beyond twice its loaded text before edits
                                  are refused (0 = 32 MiB) */
  size_t max_module_bytes;     /* largest module text a load reads or takes
                                  (0 = MSSA_PROTO_MAX_MODULE_BYTES) */
  size_t max_graph_bytes;      /* cap on the bytes of built graphs (0 = none):
                                  least recently used ones are freed and
                                  rebuilt when needed (mssa_proto_module_added) */
} mssa_proto_opts;

mssa_proto *mssa_proto_new(mssa_proto_host *host, const mssa_proto_opts *opts);
void mssa_proto_free(mssa_proto *p);

/* Outcomes of mssa_proto_handle. */
enum {
  MSSA_PROTO_REPLIED = 0,   /* a reply was appended to `out` */
  MSSA_PROTO_SILENT = 1,    /* a notification: nothing to send */
  MSSA_PROTO_ASYNC = 2,     /* *job set: run it, then call job_reply */
  MSSA_PROTO_SHUTDOWN = 3,  /* replied; the client asked the daemon to stop */
  /* A change was made (past its point of no return, base/oom.h) but memory
  ** ran out encoding its reply: nothing was appended for it, and the host
  ** closes the client without one (what a crash would show it: no
  ** acknowledgement), rather than send a reply saying nothing changed. */
  MSSA_PROTO_DROP = 4
};

/* The host is about to install bundle q / to free it (query thread). The
** engine accounts the graphs of the bundles announced so against
** max_graph_bytes, freeing least recently used graphs beyond it and
** rebuilding them when a request needs them (it keeps its accounting in
** q->data, which the host must leave alone). A bundle never announced is
** served, unaccounted; one announced must be withdrawn before it is freed. */
void mssa_proto_module_added(mssa_proto *p, mssa_qmodule *q);
void mssa_proto_module_removed(mssa_proto *p, mssa_qmodule *q);

/* Handles one request line (without its '\n'). */
int mssa_proto_handle(mssa_proto *p, const char *line, size_t len, mssa_buf *out,
                      mssa_proto_job **job);

/* The same in two steps, so that decoding a huge line (a `load` with 10 MB
** of text) can run on a worker thread: mssa_proto_parse touches nothing but
** its input and its result; mssa_proto_handle_parsed (query thread) takes
** ownership of `pp`. Call mssa_proto_init_threads() once before any worker
** parses (it fixes jansson's hash seed while single-threaded). */
typedef struct mssa_proto_parsed mssa_proto_parsed;
void mssa_proto_init_threads(void);
mssa_proto_parsed *mssa_proto_parse(const char *line, size_t len);
int mssa_proto_handle_parsed(mssa_proto *p, mssa_proto_parsed *pp, mssa_buf *out,
                             mssa_proto_job **job);
void mssa_proto_parsed_free(mssa_proto_parsed *pp);

/* A JSON-RPC batch line (its first non-blank byte is '['), answered in
** steps so that the caller can serve others in between (batch.c): begin
** (the line must stay in place until finish or free), step until it
** returns true (each step answers elements until budget_ns has passed,
** at least one), then finish appends the reply to `out` and returns
** MSSA_PROTO_REPLIED, _SILENT, _SHUTDOWN or _DROP, freeing the batch.
** mssa_proto_handle does all of it at once. */
typedef struct mssa_proto_batch mssa_proto_batch;
bool mssa_proto_is_batch(const char *line, size_t len);
mssa_proto_batch *mssa_proto_batch_begin(mssa_proto *p, const char *line, size_t len);
bool mssa_proto_batch_step(mssa_proto *p, mssa_proto_batch *b, uint64_t budget_ns);
int mssa_proto_batch_finish(mssa_proto_batch *b, mssa_buf *out);
void mssa_proto_batch_free(mssa_proto_batch *b);

/* Appends an error reply with id null (for framing-level errors such as an
** oversize request, or a bad token). `reason`: an MSSA_REASON_* for
** data.reason, or -1; `limit` >= 0 goes in data.limit. */
void mssa_proto_error_line(mssa_proto *p, int code, const char *detail, int reason,
                           long long limit, mssa_buf *out);

/* The job: run on any thread, then (on the query thread) reply, and take
** the module out if the build succeeded. */
void mssa_proto_job_run(mssa_proto_job *j);
const char *mssa_proto_job_module_name(const mssa_proto_job *j);
/* Appends the job's reply (unless the request was a notification). Call
** before stealing the module: the reply reports its counts. Returns
** MSSA_PROTO_REPLIED (also when the job must run again: nothing appended),
** or MSSA_PROTO_DROP (a reload made, its reply lost: close the client
** unanswered). */
int mssa_proto_job_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out);
/* The built module (ownership passes to the caller), or NULL on failure. */
mssa_qmodule *mssa_proto_job_steal_module(mssa_proto_job *j);
/* Appends the error reply of a job that outran its time limit (code
** MSSA_RPC_REQUEST_TIMEOUT, data {reason, limit_ms}), unless the request was
** a notification. Safe while job_run still runs on another thread: it
** reads only what job_run never writes (the id, the module name). The
** caller then drops the job's result when it ends (no other reply, no
** module installed). */
void mssa_proto_job_timeout(mssa_proto *p, const mssa_proto_job *j, double limit_s,
                            mssa_buf *out);
/* After job_reply: true if it replied nothing and the job must run again
** (then reply again). A reload by difference compared on the pool whose
** module changed meanwhile goes back for a full build this way. */
bool mssa_proto_job_again(const mssa_proto_job *j);
void mssa_proto_job_free(mssa_proto_job *j);
/* Progress of a long job (a program load, `load {"program"}`): when the
** job wants it (a request with an id), the host may set `fn` before the
** job runs; the job then calls fn(ctx, line, len) from the threads running
** it (possibly two at once: fn must be thread-safe) with one complete
** notification line, '\n' included:
** {"jsonrpc":"2.0","method":"$/progress","params":{"token":ID,...}}.
** The last call returns before job_run does. */
typedef void (*mssa_proto_progress_fn)(void *ctx, const char *line, size_t len);
bool mssa_proto_job_wants_progress(const mssa_proto_job *j);
void mssa_proto_job_set_progress(mssa_proto_job *j, mssa_proto_progress_fn fn, void *ctx);

/*
** Journal replay (daemon start-up, before any client): re-applies one
** record as the live request did, without journaling it again (the caller
** leaves host->journal NULL while replaying). LOAD builds the module from
** `payload` and returns it in *loaded for the host to install; EDIT
** re-runs the edit (payload: the params JSON); UNLOAD drops the module
** (or the program); PROGRAM builds and installs a whole program (the
** engine owns programs: *loaded stays NULL).
** Returns 0, or negative with `err` filled (the record is then skipped).
*/
int mssa_proto_replay(mssa_proto *p, int kind, const char *module, const char *payload,
                      size_t len, mssa_qmodule **loaded, char *err, size_t cap);

#endif
