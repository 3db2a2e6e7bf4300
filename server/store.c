/*
** store.c -- the module store: loaded modules by name, builds on libuv's
** thread pool, and the host interface the protocol engine queries through.
**
** Invariants:
**   1. A module is built into a fresh bundle on a worker thread; it joins
**      the store (replacing a module of the same name) only in the
**      after-work callback on the loop thread, so a query never sees a
**      half-built module and never races with a build.
**   2. Queries run synchronously on the loop thread, so when a module is
**      replaced or unloaded no request is using it: the old bundle is
**      handed to the pool to be freed (freeing a large module can take
**      milliseconds, which the loop should not spend).
**   3. Pool threads run at a lower priority (nice 10) than the loop thread,
**      so a long build never delays answers on a busy machine.
**   4. A job holds a reference on its connection (conn refs), so a client
**      that disconnects mid-load is freed only after the job is done. The
**      store calls its connection back only through s->conn_ops, and stops
**      the daemon through s->ops (server.h, invariant 5).
**   5. Work for a client that has gone is abandoned (mssad_work_abandon):
**      cancelled if it has not started, else dropped when it ends: a load
**      nobody waits for installs no module and sends no reply.
**   6. A job that outruns --request-timeout is answered with error -32050
**      when the time is up, and its connection goes on with its next
**      request; the job itself is abandoned as in 5 (a build cannot be
**      stopped midway), keeping its reference on the connection until it
**      ends.
**   7. With --max-memory the engine accounts the graphs of every bundle
**      installed here (mssa_proto_module_added before it is installed,
**      mssa_proto_module_removed before it is freed), and memory freed with
**      a module goes back to the system (malloc_trim, where glibc has it).
**   9. A job's progress notifications (a program load) are produced on
**      pool threads into the job's own buffer under its mutex, and moved to
**      the connection only on the loop thread (the uv_async callback, and
**      once more before the reply, so every notification precedes it). The
**      async handle is closed before the job's memory is freed.
**   8. A child process takes the nice value of the thread that spawns it,
**      so pool work spawns clang (host->normal_priority) through a thread
**      the loop thread started, at the daemon's own priority: an editor's
**      compile competes for the CPU as clang alone would. That thread only
**      spawns (posix_spawn returns once the child has exec'ed).
*/
#include <stdio.h>    /* open_memstream */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#ifdef __GLIBC__
#include <malloc.h>   /* malloc_trim */
#endif

#include "log.h"
#include "server.h"

/* ------------------------------------------------------------ the set */

static int find_index(mssad_store *st, const char *name) {
  for (uint32_t i = 0; i < st->n; i++)
    if (!strcmp(st->a[i].name, name)) return (int)i;
  return -1;
}

typedef struct free_work {
  uv_work_t req;
  mssa_qmodule *q;
} free_work;

static void free_run(uv_work_t *w) {
  free_work *fw = w->data;
  mssa_qmodule_free(fw->q);
  fw->q = NULL;
#ifdef __GLIBC__
  /* A module is millions of small blocks: freed, they stay in glibc's
  ** arenas (RSS does not go down) until trimmed. */
  malloc_trim(0);
#endif
}

static void free_after(uv_work_t *w, int status) {
  (void)status;
  free_work *fw = w->data;
  mssa_qmodule_free(fw->q);   /* only if the work was cancelled */
  free(fw);
}

/* Frees a bundle on the pool (invariant 2). */
static void free_later(mssad_server *s, mssa_qmodule *q) {
  if (!q) return;
  /* Fallible (base/oom.h invariant 8): an unload past its point of no
  ** return comes here; without memory the bundle is freed now, here. */
  free_work *fw = mssa_oom_try_malloc(sizeof *fw);
  if (fw) memset(fw, 0, sizeof *fw);
  if (fw) {
    fw->req.data = fw;
    fw->q = q;
  }
  if (!fw || uv_queue_work(s->loop, &fw->req, free_run, free_after)) {
    mssa_qmodule_free(q);
    free(fw);
  }
}

void mssad_store_install(mssad_server *s, const char *name, mssa_qmodule *q) {
  mssad_store *st = &s->store;
  int i = find_index(st, name);
  MSSA_ASSERT(q && (i < 0 || st->a[i].q != q));   /* invariant 1: a fresh bundle */
  if (i >= 0) {
    mssa_proto_module_removed(s->proto, st->a[i].q);
    free_later(s, st->a[i].q);
    st->a[i].q = q;
    mssa_proto_module_added(s->proto, q);
    return;
  }
  if (st->n == st->cap) {
    st->cap = st->cap ? st->cap * 2 : 8;
    st->a = mssa_xrealloc(st->a, st->cap * sizeof *st->a);
  }
  st->a[st->n].name = mssa_xstrndup(name, strlen(name));
  st->a[st->n].q = q;
  st->n++;
  MSSA_ASSERT(st->n <= st->cap);
  mssa_proto_module_added(s->proto, q);   /* --max-memory accounts its graphs */
}

/* ----------------------------------------------------- host interface */

static mssa_qmodule *h_find(mssa_proto_host *h, const char *name) {
  mssad_server *s = h->data;
  int i = find_index(&s->store, name);
  return i < 0 ? NULL : s->store.a[i].q;
}

static uint32_t h_count(mssa_proto_host *h) {
  mssad_server *s = h->data;
  return s->store.n;
}

static mssa_qmodule *h_at(mssa_proto_host *h, uint32_t i, const char **name) {
  mssad_server *s = h->data;
  if (i >= s->store.n) return NULL;
  *name = s->store.a[i].name;
  return s->store.a[i].q;
}

static int h_unload(mssa_proto_host *h, const char *name) {
  mssad_server *s = h->data;
  mssad_store *st = &s->store;
  int i = find_index(st, name);
  if (i < 0) return -1;
  MSSAD_INFO("unloaded module '%s'", name);
  mssa_proto_module_removed(s->proto, st->a[i].q);
  free_later(s, st->a[i].q);
  free(st->a[i].name);   /* `name` may point here: the caller copied it */
  st->a[i] = st->a[--st->n];
  return 0;
}

/* TCP clients read files only under --root (nowhere without one). */
static const char *h_file_root(mssa_proto_host *h) {
  mssad_server *s = h->data;
  if (!s->cur_conn || !s->conn_ops->is_tcp(s->cur_conn)) return NULL;
  return s->root_real ? s->root_real : "";
}

/* What the C library says of its heap (glibc only), so that memory growth
** can be told apart: blocks in use, free space held in the arenas, arenas. */
static void malloc_stats_get(mssa_proto_server_stats *out) {
#ifdef __GLIBC__
  struct mallinfo2 mi = mallinfo2();   /* sums every arena */
  /* All zeros: malloc is not glibc's (a sanitizer's or valgrind's). */
  if (!mi.arena && !mi.hblkhd) return;
  out->malloc_known = true;
  out->malloc_arena = mi.arena;
  out->malloc_mmapped = mi.hblkhd;
  out->malloc_in_use = mi.uordblks + mi.hblkhd;
  out->malloc_free = mi.fordblks;
  /* The arena count is only in malloc_info's XML: one <heap nr=...> each. */
  char *xml = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&xml, &len);
  if (f) {
    malloc_info(0, f);
    fclose(f);
    for (const char *x = xml; x && (x = strstr(x, "<heap nr=")); x++) out->malloc_arenas++;
    free(xml);
  }
#else
  (void)out;
#endif
}

static void h_server_stats(mssa_proto_host *h, mssa_proto_server_stats *out) {
  mssad_server *s = h->data;
  malloc_stats_get(out);
  out->conn_buffers = s->conn_ops->buffer_bytes(s);
  out->jobs_abandoned = s->jobs_abandoned;
  out->requests_timed_out = s->requests_timed_out;
  out->closed_idle = s->closed_idle;
  out->idle_evicted = s->idle_evicted;
  out->connections = s->nconns;
  out->connections_total = s->conns_total;
  out->dropped_slow = s->dropped_slow;
  out->loads_in_flight = s->jobs_in_flight;
  out->uptime_s = (double)(uv_hrtime() - s->start_ns) / 1e9;
  const mssad_journal *j = &s->journal;
  out->journal = s->host.journal != NULL;
  out->journal_records = j->seq;
  out->journal_durable = j->durable;
  out->journal_fsyncs = j->fsyncs;
  out->journal_fsync_errors = j->fsync_errors;
  out->journal_compactions = j->compactions;
}

/* ---------------------------------------------------------------- spawner */

static void spawner_main(void *arg) {
  mssad_spawner *sp = arg;
  uv_mutex_lock(&sp->m);
  for (;;) {
    while (!sp->pending && !sp->stop) uv_cond_wait(&sp->cv, &sp->m);
    if (!sp->pending) break;   /* stopping, nothing asked */
    sp->fn(sp->arg);
    sp->pending = false;
    uv_cond_broadcast(&sp->cv);
  }
  uv_mutex_unlock(&sp->m);
}

/* host->normal_priority, from pool threads: fn(arg) on the spawner thread
** (directly when there is none, or it is stopping). */
static void h_normal_priority(mssa_proto_host *h, void (*fn)(void *), void *arg) {
  mssad_spawner *sp = &((mssad_server *)h->data)->store.sp;
  uv_mutex_lock(&sp->one);
  uv_mutex_lock(&sp->m);
  if (!sp->started || sp->stop) {
    uv_mutex_unlock(&sp->m);
    uv_mutex_unlock(&sp->one);
    fn(arg);
    return;
  }
  sp->fn = fn;
  sp->arg = arg;
  sp->pending = true;
  uv_cond_broadcast(&sp->cv);
  while (sp->pending) uv_cond_wait(&sp->cv, &sp->m);
  uv_mutex_unlock(&sp->m);
  uv_mutex_unlock(&sp->one);
}

static void spawner_start(mssad_spawner *sp) {
  if (uv_mutex_init(&sp->one) || uv_mutex_init(&sp->m) || uv_cond_init(&sp->cv)) abort();
  sp->started = uv_thread_create(&sp->thread, spawner_main, sp) == 0;
  if (!sp->started) MSSAD_DEBUG("no spawner thread: clang runs at the pool's priority");
}

/* Stops the spawner; a request in flight is finished first. */
static void spawner_stop(mssad_spawner *sp) {
  uv_mutex_lock(&sp->m);
  sp->stop = true;
  uv_cond_broadcast(&sp->cv);
  uv_mutex_unlock(&sp->m);
  if (sp->started) uv_thread_join(&sp->thread);
  sp->started = false;
}

static const char *const *h_trusted_compilers(mssa_proto_host *h) {
  mssad_server *s = h->data;
  return s->cfg.trusted;
}

void mssad_store_init(mssad_server *s) {
  memset(&s->store, 0, sizeof s->store);
  spawner_start(&s->store.sp);
  s->host.normal_priority = h_normal_priority;
  s->host.data = s;
  s->host.find = h_find;
  s->host.count = h_count;
  s->host.at = h_at;
  s->host.unload = h_unload;
  s->host.server_stats = h_server_stats;
  s->host.file_root = h_file_root;
  s->host.trusted_compilers = h_trusted_compilers;
  s->host.compile_cache = mssad_cache_host;
}

void mssad_store_fini(mssad_server *s) {
  for (uint32_t i = 0; i < s->store.n; i++) {
    mssa_proto_module_removed(s->proto, s->store.a[i].q);
    mssa_qmodule_free(s->store.a[i].q);
    free(s->store.a[i].name);
  }
  free(s->store.a);
  s->store.a = NULL;
  s->store.n = s->store.cap = 0;
  /* Pool work may still run (builds abandoned at shutdown): the spawner's
  ** locks stay valid, and with `stop` set requests run on their own thread. */
  spawner_stop(&s->store.sp);
}

/* ---------------------------------------------------------------- jobs */

/* What every piece of pool work for a connection has. */
struct mssad_work {
  uv_work_t req;
  mssad_server *srv;
  mssad_conn *conn;
  bool abandoned;          /* its connection went away: drop the result */
  bool timed_out;          /* answered already (invariant 6); conn released */
  uv_timer_t *timer;       /* --request-timeout, or NULL */
};

typedef struct job_work {
  mssad_work w;
  mssa_proto_job *job;
  /* progress notifications (invariant 9), when the job wants them */
  uv_async_t *async;
  uv_mutex_t mu;
  mssa_buf pending;
} job_work;

/* Pool side (invariant 9): keeps the line and wakes the loop. */
static void progress_line(void *ctx, const char *line, size_t len) {
  job_work *jw = ctx;
  uv_mutex_lock(&jw->mu);
  if (jw->pending.n < ((size_t)1 << 20)) mssa_buf_append(&jw->pending, line, len);   /* bounded */
  uv_mutex_unlock(&jw->mu);
  uv_async_send(jw->async);
}

/* Loop side: what the pool produced goes to the connection. */
static void progress_move(job_work *jw) {
  mssad_server *s = jw->w.srv;
  uv_mutex_lock(&jw->mu);
  if (jw->pending.n && !jw->w.abandoned && !jw->w.timed_out) {
    mssa_buf_append(s->conn_ops->outbuf(jw->w.conn), jw->pending.p, jw->pending.n);
    s->conn_ops->flush(jw->w.conn);
  }
  jw->pending.n = 0;
  uv_mutex_unlock(&jw->mu);
}

static void on_progress(uv_async_t *a) { progress_move(a->data); }

static void on_async_closed(uv_handle_t *h) { free(h); }

static void progress_start(mssad_server *s, job_work *jw) {
  if (!mssa_proto_job_wants_progress(jw->job)) return;
  if (uv_mutex_init(&jw->mu)) return;
  jw->async = mssa_xcalloc(1, sizeof *jw->async);
  if (uv_async_init(s->loop, jw->async, on_progress)) {
    free(jw->async);   /* never initialized as a handle: nothing to close */
    jw->async = NULL;
    uv_mutex_destroy(&jw->mu);
    return;
  }
  jw->async->data = jw;
  mssa_proto_job_set_progress(jw->job, progress_line, jw);
}

/* After the job ran (no pool thread calls progress_line any more). */
static void progress_end(job_work *jw) {
  if (!jw->async) return;
  progress_move(jw);
  uv_close((uv_handle_t *)jw->async, on_async_closed);
  jw->async = NULL;
  mssa_proto_job_set_progress(jw->job, NULL, NULL);   /* a second run reports nothing */
  uv_mutex_destroy(&jw->mu);
  mssa_buf_free(&jw->pending);
}

/* Pool work yields the CPU to the loop thread: on Linux the nice value is
** per thread, so this lowers only the calling pool thread (once is enough). */
static void lower_priority(void) {
  static _Thread_local bool niced;
  if (!niced) {
    niced = true;
    if (setpriority(PRIO_PROCESS, 0, 10) != 0) MSSAD_DEBUG("setpriority failed");
  }
}

void mssad_work_abandon(mssad_work *w) {
  if (w->abandoned) return;
  w->abandoned = true;
  w->srv->jobs_abandoned++;
  /* Not started yet: it never will (the after-callback sees UV_ECANCELED).
  ** Running: nothing can stop it; its result is dropped when it ends. */
  uv_cancel((uv_req_t *)&w->req);
}

static void job_run(uv_work_t *w) {
  job_work *jw = w->data;
  lower_priority();
  mssa_proto_job_run(jw->job);
}

/* Replies to the job (the reply journals a load, so the connection is the
** engine's current one meanwhile). */
static void job_reply(mssad_server *s, job_work *jw) {
  s->cur_conn = jw->w.conn;
  int rc = mssa_proto_job_reply(s->proto, jw->job, s->conn_ops->outbuf(jw->w.conn));
  s->cur_conn = NULL;
  if (rc == MSSA_PROTO_DROP)
    s->conn_ops->nomem_close(jw->w.conn, "writing a reply");
}

static void job_install(mssad_server *s, job_work *jw) {
  mssa_qmodule *q = mssa_proto_job_steal_module(jw->job);
  if (!q) return;
  const char *name = mssa_proto_job_module_name(jw->job);
  MSSAD_INFO("loaded module '%s': %u functions, %llu defs, %llu uses, %llu phis "
             "(read %.1f ms, build %.1f ms)",
             name, q->ndefined, (unsigned long long)q->ndefs, (unsigned long long)q->nuses,
             (unsigned long long)q->nphis, q->read_ms, q->build_ms);
  mssad_store_install(s, name, q);
}

static void on_timer_closed(uv_handle_t *h) { free(h); }

static void stop_timer(mssad_work *w) {
  if (!w->timer) return;
  uv_close((uv_handle_t *)w->timer, on_timer_closed);
  w->timer = NULL;
}

static void work_done(mssad_work *w) {
  mssad_server *s = w->srv;
  stop_timer(w);
  if (w->timed_out) {
    s->conn_ops->unref(w->conn);   /* answered and released at the timeout */
  } else {
    s->conn_ops->set_work(w->conn, NULL);
    s->conn_ops->job_done(w->conn);   /* may free the connection */
  }
  free(w);
  s->ops->maybe_done(s);
}

/* The job outran --request-timeout (invariant 6). */
static void on_request_timeout(uv_timer_t *t) {
  job_work *jw = t->data;
  mssad_work *w = &jw->w;
  mssad_server *s = w->srv;
  stop_timer(w);
  if (w->abandoned) return;   /* its client is gone: nobody to answer */
  MSSAD_WARN("load of '%s': longer than --request-timeout (%g s); abandoned",
             mssa_proto_job_module_name(jw->job), s->cfg.request_timeout_s);
  mssad_work_abandon(w);
  w->timed_out = true;
  s->requests_timed_out++;
  mssa_proto_job_timeout(s->proto, jw->job, s->cfg.request_timeout_s,
                         s->conn_ops->outbuf(w->conn));
  s->conn_ops->set_work(w->conn, NULL);
  s->conn_ops->job_detached(w->conn);
}

static void job_after(uv_work_t *w, int status) {
  job_work *jw = w->data;
  mssad_server *s = jw->w.srv;
  s->jobs_in_flight--;
  progress_end(jw);   /* invariant 9: before the reply; a rerun reports none */
  if (status == 0 && !jw->w.abandoned) {
    job_reply(s, jw);
    /* A reload compared against a copy that went stale, or a file read for
    ** a comparison that did not apply: back to the pool for a full build
    ** (nothing was replied; the connection keeps waiting). */
    if (mssa_proto_job_again(jw->job)) {
      if (!uv_queue_work(s->loop, &jw->w.req, job_run, job_after)) {
        s->jobs_in_flight++;
        return;
      }
      mssa_proto_job_run(jw->job);   /* could not queue it: here, then */
      job_reply(s, jw);
    }
    job_install(s, jw);
  }
  mssa_proto_job_free(jw->job);
  work_done(&jw->w);
}

int mssad_store_start_job(mssad_server *s, mssad_conn *c, mssa_proto_job *job) {
  job_work *jw = mssa_oom_try_malloc(sizeof *jw);   /* base/oom.h invariant 8 */
  if (!jw) return UV_ENOMEM;
  memset(jw, 0, sizeof *jw);
  jw->w.req.data = jw;
  jw->w.srv = s;
  jw->w.conn = c;
  jw->job = job;
  progress_start(s, jw);
  int rc = uv_queue_work(s->loop, &jw->w.req, job_run, job_after);
  if (rc) {
    progress_end(jw);
    free(jw);
    return rc;
  }
  s->jobs_in_flight++;
  s->conn_ops->set_work(c, &jw->w);
  if (s->cfg.request_timeout_s > 0 && !(jw->w.timer = mssa_oom_try_malloc(sizeof *jw->w.timer)))
    MSSAD_WARN("out of memory for the timer of a load: it runs without --request-timeout");
  if (jw->w.timer) {
    memset(jw->w.timer, 0, sizeof *jw->w.timer);
    uv_timer_init(s->loop, jw->w.timer);
    jw->w.timer->data = jw;
    uv_timer_start(jw->w.timer, on_request_timeout,
                   (uint64_t)(s->cfg.request_timeout_s * 1000), 0);
  }
  return 0;
}

/* ------------------------------------------------- big request decoding */

/* A request line too big to decode on the loop thread (a `load` carrying
** megabytes of text): jansson parses it on the pool; the parsed request is
** then handled on the loop thread like any other. */
typedef struct parse_work {
  mssad_work w;
  char *buf;               /* owned: the connection's old input buffer */
  size_t off, len;         /* the line within it */
  mssa_proto_parsed *pp;
} parse_work;

static void parse_run(uv_work_t *w) {
  parse_work *pw = w->data;
  lower_priority();
  pw->pp = mssa_proto_parse(pw->buf + pw->off, pw->len);
}

static void parse_after(uv_work_t *w, int status) {
  parse_work *pw = w->data;
  mssad_server *s = pw->w.srv;
  mssad_conn *c = pw->w.conn;
  s->jobs_in_flight--;
  free(pw->buf);
  mssa_proto_job *job = NULL;
  int rc = MSSA_PROTO_SILENT;
  if (status == 0 && pw->pp && !pw->w.abandoned) {
    s->cur_conn = c;   /* e.g. a huge `edit` journals here */
    rc = mssa_proto_handle_parsed(s->proto, pw->pp, s->conn_ops->outbuf(c), &job);
    s->cur_conn = NULL;
  } else {
    mssa_proto_parsed_free(pw->pp);
  }
  if (rc == MSSA_PROTO_ASYNC && job) {
    /* The connection stays paused: its reference passes to the build. */
    s->conn_ops->set_work(c, NULL);
    int qr = mssad_store_start_job(s, c, job);
    if (qr == 0) {
      free(pw);
      return;
    }
    mssa_proto_job_free(job);
    if (qr == UV_ENOMEM)
      mssa_proto_error_line(s->proto, MSSA_RPC_OUT_OF_MEMORY,
                            "out of memory queueing the load; nothing was loaded", -1, -1,
                            s->conn_ops->outbuf(c));
    else
      mssa_proto_error_line(s->proto, MSSA_RPC_INTERNAL_ERROR, "cannot queue the build", -1, -1,
                            s->conn_ops->outbuf(c));
  }
  if (rc == MSSA_PROTO_SHUTDOWN) s->ops->stop(s, "shutdown requested");
  if (rc == MSSA_PROTO_DROP) s->conn_ops->nomem_close(c, "writing a reply");
  work_done(&pw->w);
}

int mssad_store_start_parse(mssad_server *s, mssad_conn *c, char *buf, size_t off, size_t len) {
  parse_work *pw = mssa_oom_try_malloc(sizeof *pw);   /* none: decoded on the loop thread */
  if (!pw) return UV_ENOMEM;
  memset(pw, 0, sizeof *pw);
  pw->w.req.data = pw;
  pw->w.srv = s;
  pw->w.conn = c;
  pw->buf = buf;
  pw->off = off;
  pw->len = len;
  int rc = uv_queue_work(s->loop, &pw->w.req, parse_run, parse_after);
  if (rc) {
    free(pw);    /* the caller keeps `buf` */
    return rc;
  }
  s->jobs_in_flight++;
  s->conn_ops->set_work(c, &pw->w);
  return 0;
}
