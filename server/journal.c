/*
** journal.c -- persistence (--state-dir): an append-only journal of loads,
** edits and unloads, replayed at start-up, compacted into a snapshot.
**
** Files in the state directory:
**   snapshot      records (written whole: temp file, fsync, rename, fsync
**                 dir); its first record is GEN, naming the journal that
**                 continues it
**   journal.GEN   records appended since that snapshot (GEN 0 with no
**                 snapshot)
** A record (jrecord.h, which also replays a file): magic "MSJ1", u32 body
** length, u32 CRC-32 of the body, then the body: u8 kind, u32 name length,
** the module name, the payload (a load: the module text; an edit: the
** request's params as JSON; an unload: nothing). Integers are little-endian.
**
** Invariants:
**   1. Everything runs on the loop thread (records are written there, in
**      order, each numbered by `seq`), except fdatasync: with everysec and
**      always it runs on the journal's own thread (never libuv's pool, where
**      slow builds would delay it), at most one in flight,
**      covering every record written when it started (`syncing`); when it
**      returns, `durable` = `syncing`. One path serves both policies:
**      everysec starts one from a 1-second timer, always from the record's
**      append and again from the completion if more was written meanwhile,
**      so concurrent writers share one fdatasync (group commit). The loop
**      thread calls fdatasync itself only when there is no fsync thread or
**      no connection is handling the request. Compaction reads the journal
**      back and swaps its descriptor, so it never runs while an fdatasync
**      is in flight: it waits for the completion.
**   2. A record is committed only after its change succeeded in memory and
**      before the reply is produced (invariant 6). With --fsync always the reply is not
**      written to its client before the record is durable (fdatasync
**      returned): the hook holds the reply of the connection handling the
**      request (server->cur_conn; conn.c keeps it and every later reply of
**      that connection back) until `durable` reaches its record. Replay
**      therefore sees every acknowledged change, plus possibly ones whose
**      reply was lost in the crash. A failed fdatasync acknowledges
**      nothing: the held replies are never sent (their connections are
**      closed) and, with always, the journal takes no further record
**      (sync_failed explains why).
**   3. Start-up reads the snapshot, then journal.GEN (mssad_replay_file,
**      jrecord.c, which calls `apply` here per record). A record that does
**      not decode (short, bad magic, absurd length, wrong CRC) ends the
**      replay there. If no valid record follows it in the journal, it is a
**      torn tail (a crash mid-write): its bytes are moved aside to
**      journal.GEN.torn-OFFSET and the journal is cut there. Otherwise (or
**      in the snapshot, which was fsynced before it was renamed into place)
**      the file is damaged: start-up stops with a message naming the
**      offset, since the records after it would be silently lost;
**      `--recover` keeps the valid prefix and moves the rest aside
**      (FILE.damaged-OFFSET). Journal bytes are never deleted.
**   4. Compaction never loses a record (nor does it abort when memory runs
**      out: it then keeps the journal, see compact): the snapshot names the journal
**      generation that follows it, so a crash before the rename leaves the
**      old snapshot + old journal, and a crash after it leaves the new
**      snapshot and an empty (or missing) new journal; stale journals of
**      other generations are deleted at start-up.
**   5. The snapshot is "records deduplicated per module": the last load of
**      each module still loaded, and the edits after it. (There is no
**      printer of edited IR to write a module's current text, see
**      docs/architecture.md.) It is rewritten only when the journal has
**      grown beyond both --journal-max and the snapshot itself, so the
**      cost of compaction is amortized.
**   6. A record is written before its change is applied and committed
**      after (h_journal, h_journal_end): a change that fails is taken back
**      out, and a write that fails (a full disk) is truncated back to the
**      last committed record before anything else is appended, its change
**      refused with an error, never acknowledged.
*/
#define _GNU_SOURCE   /* madvise */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jrecord.h"
#include "log.h"
#include "server.h"

/* ------------------------------------------------------------ utilities */

static char *path_of(const mssad_journal *j, const char *leaf) {
  size_t n = strlen(j->dir) + strlen(leaf) + 2;
  char *p = mssa_xmalloc(n);
  snprintf(p, n, "%s/%s", j->dir, leaf);
  return p;
}

static char *journal_path(const mssad_journal *j, uint64_t gen) {
  char leaf[40];
  snprintf(leaf, sizeof leaf, "journal.%llu", (unsigned long long)gen);
  return path_of(j, leaf);
}

/* Maps a whole file read-only, or NULL (missing or empty). Compaction
** copies records out of the mapping: the journal (up to --journal-max and
** beyond) and the snapshot are never read into the daemon's own memory;
** their pages belong to the page cache, faulted in as the copy goes and
** reclaimable at any time. */
static unsigned char *map_file(const char *path, size_t *n) {
  *n = 0;
  int fd = open(path, O_RDONLY);
  if (fd < 0) return NULL;
  struct stat st;
  void *p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && st.st_size > 0)
    p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return NULL;
  madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
  *n = (size_t)st.st_size;
  return p;
}

static void unmap_file(unsigned char *p, size_t n) {
  if (p) munmap(p, n);
}

/* ----------------------------------------------------------- replaying */

/* Start-up reads a file record by record (jrecord.c), never whole: memory
** is one record, and a record is at most what the live daemon could have
** written (replay_bound). */

/* Records whose replay fails are logged one by one up to this many, then
** only counted (a journal of garbage must not flood the log). */
#define MAX_REPLAY_WARNINGS 20

/* The longest body the live daemon can journal: a load's text (up to
** --max-module-bytes; params.text is a request too) or an edit's params
** (up to --max-request), plus the module name (part of a request) and the
** kind and length fields. */
static uint64_t replay_bound(const mssad_server *s) {
  uint64_t mod = s->cfg.max_module_bytes ? s->cfg.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
  uint64_t req = s->cfg.max_request;
  uint64_t b = 5 + req + (mod > req ? mod : req);
  return b < MSSAD_JREC_MAX_BODY ? b : MSSAD_JREC_MAX_BODY - 1;
}

/* A valid record of the replay (mssad_replay.apply): re-applied through
** the engine, as the live request was. */
static void apply(void *ctx, const mssad_jrec *r, const char *file) {
  mssad_server *s = ctx;
  if (r->kind == MSSAD_J_GEN) return;
  char *name = mssa_xstrndup(r->name, r->name_len);
  char err[600];
  mssa_qmodule *q = NULL;
  /* Payloads are followed by more file bytes, not a NUL: the loader copies
  ** the text, and the JSON decoder takes a length. */
  int rc = mssa_proto_replay(s->proto, r->kind, name, r->payload, r->len, &q, err, sizeof err);
  if (rc && s->journal.replay_failed++ < MAX_REPLAY_WARNINGS)
    MSSAD_WARN("%s: record at offset %zu (%s '%s') not replayed: %s", file, r->off,
               r->kind == MSSA_PROTO_J_LOAD || r->kind == MSSA_PROTO_J_LOAD_LLVM ? "load"
               : r->kind == MSSA_PROTO_J_EDIT                                    ? "edit"
               : r->kind == MSSA_PROTO_J_PROGRAM                                 ? "program load"
                                                                                 : "unload",
               name, err);
  else if (!rc && q)
    mssad_store_install(s, name, q);
  s->journal.replayed++;
  free(name);
}

/* ------------------------------------------------------------- appends */

static int compact(mssad_server *s);

/* Compaction is due once the journal outgrew both --journal-max and the
** snapshot. It reads the journal back and replaces its descriptor, so it
** never starts while an fdatasync on that descriptor is in flight: it is
** tried again when that fdatasync returns (fsync_finished). */
static bool compact_due(const mssad_journal *j) {
  return j->size > j->max && j->size > j->snapshot_size && !j->fsync_inflight && j->fd >= 0;
}

/* An fdatasync failed. Linux may have dropped the dirty pages it could not
** write and reports that once, so a later fdatasync that succeeds proves
** nothing about the records before it, and a hole in the journal would end
** the replay there. With `always` the journal therefore takes no further
** record (those changes get error -32011, as for a failed write) and the
** replies held for unsynced records are never sent (mssad_conns_durable). */
static void sync_failed(mssad_journal *j, const char *why) {
  j->fsync_errors++;
  MSSAD_ERROR("journal: fdatasync: %s", why);
  if (j->mode == MSSAD_FSYNC_ALWAYS && !j->failed) {
    j->failed = true;
    MSSAD_ERROR("journal: records may be lost: unacknowledged changes stay unacknowledged "
                "and further changes are refused until a restart");
  }
}

/* fdatasync on the loop thread: when there is no reply to hold, or no
** fsync thread. Everything written so far is durable after it. */
static int sync_inline(mssad_journal *j) {
  uint64_t t0 = uv_hrtime();
  if (fdatasync(j->fd) < 0) {
    sync_failed(j, strerror(errno));
    return -1;
  }
  j->fsyncs++;
  j->fsync_ns += uv_hrtime() - t0;
  j->durable = j->seq;
  if (!j->fsync_inflight) j->syncing = j->seq;
  MSSA_ASSERT(j->syncing <= j->seq);   /* invariant 1 */
  return 0;
}

/* ---------------------------------------------------- the fsync thread */

/* The journal's fdatasync runs on a thread of its own, not on libuv's pool:
** with four slow builds queued there, an acknowledgement under --fsync
** always would otherwise wait for a build to end. The loop hands it one
** descriptor at a time (y->fd); it syncs, leaves the result and wakes the
** loop through y->done, unless the loop said it no longer listens (quit),
** after which the handle may be closed. */
static void syncer_main(void *arg) {
  mssad_syncer *y = arg;
  uv_mutex_lock(&y->mu);
  for (;;) {
    while (y->fd < 0 && !y->quit) uv_cond_wait(&y->cv, &y->mu);
    if (y->fd < 0) break;   /* quit, nothing left to sync */
    int fd = y->fd;
    uv_mutex_unlock(&y->mu);
    int rc = fdatasync(fd) < 0 ? -errno : 0;
    uv_mutex_lock(&y->mu);
    y->fd = -1;
    y->result = rc;
    y->has_result = true;
    if (!y->quit) uv_async_send(&y->done);
  }
  uv_mutex_unlock(&y->mu);
}

static void fsync_finished(mssad_server *s, int res);

static void on_synced(uv_async_t *a) {
  mssad_server *s = a->data;
  mssad_syncer *y = &s->journal.syncer;
  uv_mutex_lock(&y->mu);
  bool has = y->has_result;
  int res = y->result;
  y->has_result = false;
  uv_mutex_unlock(&y->mu);
  if (has) fsync_finished(s, res);   /* wake-ups may coalesce */
}

static void on_syncer_closed(uv_handle_t *h) { (void)h; }

/* Starts the thread (everysec and always); false if it could not be. */
static bool syncer_start(mssad_server *s) {
  mssad_syncer *y = &s->journal.syncer;
  y->fd = -1;
  if (uv_mutex_init(&y->mu)) return false;
  if (uv_cond_init(&y->cv)) {
    uv_mutex_destroy(&y->mu);
    return false;
  }
  if (uv_async_init(s->loop, &y->done, on_synced) == 0) {
    y->done.data = s;
    uv_unref((uv_handle_t *)&y->done);
    if (uv_thread_create(&y->tid, syncer_main, y) == 0) {
      y->started = true;
      return true;
    }
    uv_close((uv_handle_t *)&y->done, on_syncer_closed);
  }
  uv_cond_destroy(&y->cv);
  uv_mutex_destroy(&y->mu);
  return false;
}

/* Hands `fd` to the thread; false if there is none. */
static bool syncer_request(mssad_syncer *y, int fd) {
  if (!y->started) return false;
  uv_mutex_lock(&y->mu);
  bool ok = !y->quit && y->fd < 0;
  if (ok) {
    y->fd = fd;
    uv_cond_signal(&y->cv);
  }
  uv_mutex_unlock(&y->mu);
  return ok;
}

/* No more wake-ups (the loop is ending); closes the handle (loop thread). */
static void syncer_quit(mssad_syncer *y) {
  if (!y->started) return;
  uv_mutex_lock(&y->mu);
  bool was = y->quit;
  y->quit = true;
  uv_cond_signal(&y->cv);
  uv_mutex_unlock(&y->mu);
  if (!was && !uv_is_closing((uv_handle_t *)&y->done))
    uv_close((uv_handle_t *)&y->done, on_syncer_closed);
}

/* Waits for the thread to end (it finishes an fdatasync in flight). */
static void syncer_join(mssad_syncer *y) {
  if (!y->started) return;
  uv_mutex_lock(&y->mu);
  y->quit = true;
  uv_cond_signal(&y->cv);
  uv_mutex_unlock(&y->mu);
  uv_thread_join(&y->tid);
  uv_cond_destroy(&y->cv);
  uv_mutex_destroy(&y->mu);
  y->started = false;
}

/* Starts one fdatasync on the fsync thread that covers every record
** written so far, unless one is in flight already (fsync_finished starts
** the next) or nothing was written since the last one started: this is
** where concurrent writers share one fdatasync (group commit). 0, or -1 if
** it failed inline. */
static int sync_start(mssad_server *s) {
  mssad_journal *j = &s->journal;
  if (j->fsync_inflight || j->fd < 0 || j->syncing == j->seq) return 0;
  j->fsync_t0 = uv_hrtime();
  if (syncer_request(&j->syncer, j->fd)) {
    j->syncing = j->seq;
    j->fsync_inflight = true;
    return 0;
  }
  return sync_inline(j);
}

static void fsync_finished(mssad_server *s, int res) {
  mssad_journal *j = &s->journal;
  j->fsync_inflight = false;
  if (res < 0) {
    sync_failed(j, mssad_strerror(res));
  } else {
    j->fsyncs++;
    j->fsync_ns += uv_hrtime() - j->fsync_t0;
    if (j->syncing > j->durable) j->durable = j->syncing;
  }
  MSSA_ASSERT(j->durable <= j->seq);   /* invariant 1: durable = what a finished sync covered */
  if (!j->failed && compact_due(j)) compact(s);   /* deferred while this ran */
  if (j->mode != MSSAD_FSYNC_ALWAYS) return;
  /* Records written while this one ran: the next group, at once. */
  if (!j->failed) sync_start(s);
  mssad_conns_durable(s, j->failed);
}

static void on_tick(uv_timer_t *t) {
  mssad_server *s = t->data;
  sync_start(s);
}

/* Takes the journal back to its last committed record: the bytes of a
** failed or refused write go, so nothing is ever appended after a partial
** record. If even that fails, the journal takes no further record. */
static void truncate_back(mssad_journal *j) {
  if (ftruncate(j->fd, (off_t)j->size) == 0) return;
  MSSAD_ERROR("journal: cannot truncate back to %llu bytes: %s; further changes are refused "
              "until a restart", (unsigned long long)j->size, strerror(errno));
  j->failed = true;
}

/* Writes a record (not yet committed: h_journal_end decides). */
static int h_journal(mssa_proto_host *h, int kind, const char *module, const char *payload,
                     size_t len) {
  mssad_server *s = h->data;
  mssad_journal *j = &s->journal;
  if (j->failed || j->pending) return -1;   /* see sync_failed, truncate_back */
  size_t n;
  unsigned char *r = mssad_jrec_encode(kind, module, payload, len, &n);
  if (!r) return -1;
  int rc = mssad_write_all(j->fd, r, n);
  free(r);
  if (rc) {
    MSSAD_ERROR("journal: write: %s; the change is refused", strerror(errno));
    truncate_back(j);
    return -1;
  }
  j->pending = n;
  return 0;
}

static void h_journal_end(mssa_proto_host *h, bool applied) {
  mssad_server *s = h->data;
  mssad_journal *j = &s->journal;
  size_t n = j->pending;
  j->pending = 0;
  if (!n) return;
  if (!applied) {
    truncate_back(j);
    return;
  }
  j->size += n;
  j->seq++;
  MSSA_ASSERT(j->durable < j->seq);   /* invariant 2: this record is not durable yet */
  /* A compaction fsyncs a snapshot holding this record: durable already. */
  if (compact_due(j) && compact(s) == 0) return;
  if (j->mode != MSSAD_FSYNC_ALWAYS) return;   /* everysec: the timer */
  if (!s->cur_conn) {                            /* no reply to hold back */
    sync_inline(j);
    return;
  }
  int rc = sync_start(s);
  if (rc < 0 || j->durable < j->seq)
    mssad_conn_hold(s->cur_conn, j->seq, j->fsync_inflight ? j->syncing : 0);
  if (rc < 0) mssad_conns_durable(s, true);   /* never acknowledged: see sync_failed */
}

/* ----------------------------------------------------------- compaction */

typedef struct modrecs {
  char *name;
  mssad_jrec *a;
  size_t n, cap;
} modrecs;

static modrecs *mod_of(modrecs **ms, size_t *nm, const mssad_jrec *r) {
  for (size_t i = 0; i < *nm; i++)
    if (strlen((*ms)[i].name) == r->name_len && !memcmp((*ms)[i].name, r->name, r->name_len))
      return &(*ms)[i];
  *ms = mssa_xrealloc(*ms, (*nm + 1) * sizeof **ms);
  modrecs *m = &(*ms)[(*nm)++];
  memset(m, 0, sizeof *m);
  m->name = mssa_xstrndup(r->name, r->name_len);
  return m;
}

static void reduce(const unsigned char *buf, size_t n, modrecs **ms, size_t *nm) {
  size_t off = 0;
  mssad_jrec r;
  while (mssad_jrec_decode(buf, n, off, &r) == 1) {
    off += r.size;
    if (r.kind == MSSAD_J_GEN) continue;
    modrecs *m = mod_of(ms, nm, &r);
    if (r.kind != MSSA_PROTO_J_EDIT) m->n = 0;   /* a load or unload resets */
    if (r.kind == MSSA_PROTO_J_UNLOAD) continue;
    if (r.kind == MSSA_PROTO_J_EDIT && m->n == 0) continue;  /* orphan: no load */
    if (m->n == m->cap) m->a = mssa_xrealloc(m->a, (m->cap = m->cap ? m->cap * 2 : 8) * sizeof *m->a);
    m->a[m->n++] = r;
  }
}

/* A compaction's state, on the heap: its scope's failure path reads it
** after the jump (locals changed since the setjmp would be indeterminate). */
typedef struct compaction {
  mssad_server *s;
  char *snap, *tmp, *old, *next;   /* paths (the scope's: swept on failure) */
  unsigned char *sb, *jb;          /* the snapshot and journal, mapped */
  size_t ns, nj;
  modrecs *ms;
  size_t nm;
  int fd;                          /* snapshot.tmp while it is written */
  int rc;
} compaction;

/* Writes the new snapshot from the reduced records; 0 once it is fsynced
** and renamed into place (the point after which it is the truth). */
static int write_snapshot(compaction *k, uint64_t *size) {
  mssad_journal *j = &k->s->journal;
  int rc = -1;
  k->fd = open(k->tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (k->fd >= 0) {
    unsigned char g[8];
    for (int i = 0; i < 8; i++) g[i] = (unsigned char)((j->gen + 1) >> (8 * i));
    size_t n;
    unsigned char *r = mssad_jrec_encode(MSSAD_J_GEN, "", (const char *)g, 8, &n);
    rc = mssad_write_all(k->fd, r, n);
    *size += n;
    free(r);
    for (size_t i = 0; i < k->nm && !rc; i++)
      for (size_t e = 0; e < k->ms[i].n && !rc; e++) {
        /* Records are copied verbatim (header included). */
        const mssad_jrec *x = &k->ms[i].a[e];
        rc = mssad_write_all(k->fd, x->base + x->off, x->size);
        *size += x->size;
      }
    if (!rc) rc = fsync(k->fd);
    if (close(k->fd) < 0) rc = -1;
    k->fd = -1;
  }
  if (!rc) rc = rename(k->tmp, k->snap);
  if (!rc) rc = mssad_fsync_dir(j->dir);
  return rc;
}

/* The compaction's work, in its scope (compact): every allocation comes
** before the rename, so a failure leaves the old snapshot and journal. */
static void compact_run(void *arg) {
  compaction *k = arg;
  mssad_journal *j = &k->s->journal;
  uint64_t t0 = uv_hrtime();
  k->snap = path_of(j, "snapshot");
  k->tmp = path_of(j, "snapshot.tmp");
  k->old = journal_path(j, j->gen);
  k->next = journal_path(j, j->gen + 1);
  k->sb = map_file(k->snap, &k->ns);
  k->jb = map_file(k->old, &k->nj);
  if (k->sb) reduce(k->sb, k->ns, &k->ms, &k->nm);
  if (k->jb) reduce(k->jb, k->nj, &k->ms, &k->nm);
  uint64_t size = 0;
  int rc = write_snapshot(k, &size), nfd = -1;
  if (!rc) {
    /* The new snapshot names journal GEN+1: from here on it is the truth. */
    nfd = open(k->next, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0600);
    if (nfd < 0) rc = -1;
  }
  if (!rc) {
    close(j->fd);
    j->fd = nfd;
    j->gen++;
    unlink(k->old);
    mssad_fsync_dir(j->dir);
    j->size = 0;
    j->snapshot_size = size;
    /* Every record so far is in the fsynced snapshot. */
    j->syncing = j->durable = j->seq;
    j->compactions++;
    MSSAD_INFO("journal: compacted into a %llu-byte snapshot in %.1f ms",
               (unsigned long long)size, (double)(uv_hrtime() - t0) / 1e6);
  } else {
    MSSAD_ERROR("journal: compaction failed (%s); keeping the journal", strerror(errno));
    unlink(k->tmp);
    /* Do not retry on every record: wait until it doubles. */
    j->snapshot_size = j->size * 2;
  }
  k->rc = rc;
}

/* Out of memory in compact_run (before its rename: nothing of the journal
** changed): what the sweep cannot free goes. The paths and records are the
** scope's blocks, still live here (the sweep comes after). */
static void compact_undo(void *arg) {
  compaction *k = arg;
  if (k->fd >= 0) close(k->fd);
  if (k->fd >= 0 && k->tmp) unlink(k->tmp);
  unmap_file(k->sb, k->ns);
  unmap_file(k->jb, k->nj);
  k->sb = k->jb = NULL;
}

/* Compaction is work that may simply not happen: every record stays in the
** journal until one succeeds. So it runs in a recovery scope of its own
** (base/oom.h), even inside a request's scope past its point of no return
** or in a commit hook: out of memory there keeps the journal as it is (and
** waits until it doubles), and the record that triggered it is committed
** already (h_journal_end), never lost. */
static int compact(mssad_server *s) {
  mssad_journal *j = &s->journal;
  MSSA_ASSERT(!j->fsync_inflight);   /* invariant 1: never under an fdatasync in flight */
  compaction *k = mssa_oom_try_malloc(sizeof *k);
  if (k) {
    memset(k, 0, sizeof *k);
    k->s = s;
    k->fd = -1;
    k->rc = -1;
  }
  if (!k || !mssa_oom_try_call(compact_run, compact_undo, k)) {
    MSSAD_ERROR("journal: compaction ran out of memory; keeping the journal");
    j->snapshot_size = j->size * 2;
    free(k);
    return -1;
  }
  for (size_t i = 0; i < k->nm; i++) {
    free(k->ms[i].name);
    free(k->ms[i].a);
  }
  free(k->ms);
  unmap_file(k->sb, k->ns);
  unmap_file(k->jb, k->nj);
  free(k->snap);
  free(k->tmp);
  free(k->old);
  free(k->next);
  int rc = k->rc;
  free(k);
  return rc;
}

/* -------------------------------------------------------------- public */

int mssad_journal_open(mssad_server *s) {
  mssad_journal *j = &s->journal;
  j->fd = -1;
  if (mkdir(j->dir, 0700) < 0 && errno != EEXIST) {
    MSSAD_ERROR("--state-dir %s: %s", j->dir, strerror(errno));
    return -1;
  }
  uint64_t t0 = uv_hrtime();
  char *snap = path_of(j, "snapshot");
  uint64_t gen = 0;
  mssad_replay rp = {.dir = j->dir, .max_body = replay_bound(s), .recover = s->cfg.recover,
                     .apply = apply, .ctx = s};
  long long ss = mssad_replay_file(&rp, snap, false, &gen);
  free(snap);
  if (ss < 0) return -1;
  j->snapshot_size = (uint64_t)ss;
  j->gen = gen;
  char *jp = journal_path(j, gen);
  long long js = mssad_replay_file(&rp, jp, true, NULL);
  j->cut_bytes += rp.cut_bytes;
  if (js < 0) {
    free(jp);
    return -1;
  }
  j->size = (uint64_t)js;
  /* Stale generations (an interrupted compaction) and temp files. */
  for (uint64_t g = gen > 2 ? gen - 2 : 0; g < gen + 3; g++) {
    if (g == gen) continue;
    char *p = journal_path(j, g);
    unlink(p);
    free(p);
  }
  char *tmp = path_of(j, "snapshot.tmp");
  unlink(tmp);
  free(tmp);
  j->fd = open(jp, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (j->fd < 0) {
    MSSAD_ERROR("%s: %s", jp, strerror(errno));
    free(jp);
    return -1;
  }
  free(jp);
  mssad_fsync_dir(j->dir);
  MSSAD_INFO("journal: replayed %llu records (%u modules) from %s in %.1f ms%s",
             (unsigned long long)j->replayed, s->store.n, j->dir,
             (double)(uv_hrtime() - t0) / 1e6,
             j->cut_bytes ? " after moving damaged bytes aside" : "");
  if (j->replay_failed)
    MSSAD_WARN("journal: %llu record(s) could not be replayed (the first %d are named above)",
               (unsigned long long)j->replay_failed, MAX_REPLAY_WARNINGS);
  s->host.journal = h_journal;   /* from now on changes are recorded */
  s->host.journal_end = h_journal_end;
  if (j->mode != MSSAD_FSYNC_NO && !syncer_start(s))
    MSSAD_WARN("journal: no fsync thread; fdatasync runs on the loop thread");
  uv_timer_init(s->loop, &j->timer);
  j->timer.data = s;
  j->timer_on = true;
  if (j->mode == MSSAD_FSYNC_EVERYSEC) {
    uv_timer_start(&j->timer, on_tick, 1000, 1000);
    uv_unref((uv_handle_t *)&j->timer);
  }
  return 0;
}

void mssad_journal_stop(mssad_server *s) {
  mssad_journal *j = &s->journal;
  if (j->timer_on && !uv_is_closing((uv_handle_t *)&j->timer)) {
    uv_timer_stop(&j->timer);
    uv_close((uv_handle_t *)&j->timer, NULL);
  }
  syncer_quit(&j->syncer);
}

void mssad_journal_close(mssad_server *s) {
  mssad_journal *j = &s->journal;
  s->host.journal = NULL;
  syncer_join(&j->syncer);   /* before the descriptor it may be syncing closes */
  if (j->fd >= 0) {
    if (j->mode != MSSAD_FSYNC_NO && fdatasync(j->fd) < 0)
      MSSAD_ERROR("journal: fdatasync: %s", strerror(errno));
    close(j->fd);
    j->fd = -1;
  }
}
