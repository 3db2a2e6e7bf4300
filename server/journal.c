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
** A record: magic "MSJ1", u32 body length, u32 CRC-32 of the body, then the
** body: u8 kind, u32 name length, the module name, the payload (a load: the
** module text; an edit: the request's params as JSON; an unload: nothing).
** Integers are little-endian.
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
**   3. Start-up reads the snapshot, then journal.GEN. A record that does
**      not decode (short, bad magic, absurd length, wrong CRC) ends the
**      replay there. If no valid record follows it in the journal, it is a
**      torn tail (a crash mid-write): its bytes are moved aside to
**      journal.GEN.torn-OFFSET and the journal is cut there. Otherwise (or
**      in the snapshot, which was fsynced before it was renamed into place)
**      the file is damaged: start-up stops with a message naming the
**      offset, since the records after it would be silently lost;
**      `--recover` keeps the valid prefix and moves the rest aside
**      (FILE.damaged-OFFSET). Journal bytes are never deleted.
**   4. Compaction never loses a record: the snapshot names the journal
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
#define _GNU_SOURCE   /* memmem */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "server.h"

#define MAGIC "MSJ1"
#define HDR 12u
#define MAX_BODY ((uint32_t)1 << 31)
#define J_GEN 4   /* snapshot header record: payload = u64 generation */
/* Names tried for a file of bytes moved aside (PATH.torn-OFF, .1, .2 ...). */
#define MAX_ASIDE_TRIES 100

/* ---------------------------------------------------------------- crc32 */

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}

static uint32_t crc32_of(const void *p, size_t n) {
  const unsigned char *b = p;
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) c = crc_table[(c ^ b[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static void put32(unsigned char *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

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

static int write_all(int fd, const void *p, size_t n) {
  const char *b = p;
  while (n) {
    ssize_t w = write(fd, b, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    b += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Encodes one record into a malloc'ed buffer. */
static unsigned char *encode(int kind, const char *name, const char *payload, size_t len,
                             size_t *out_n) {
  size_t nl = strlen(name);
  size_t body = 1 + 4 + nl + len;
  if (body >= MAX_BODY) return NULL;
  unsigned char *r = mssa_xmalloc(HDR + body);
  memcpy(r, MAGIC, 4);
  put32(r + 4, (uint32_t)body);
  unsigned char *b = r + HDR;
  b[0] = (unsigned char)kind;
  put32(b + 1, (uint32_t)nl);
  memcpy(b + 5, name, nl);
  if (len) memcpy(b + 5 + nl, payload, len);
  put32(r + 8, crc32_of(b, body));
  *out_n = HDR + body;
  return r;
}

static int fsync_dir(const char *dir) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return -1;
  int rc = fsync(fd);
  close(fd);
  return rc;
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

/* One decoded record (pointers into the file buffer). */
typedef struct rec {
  int kind;
  const char *name;
  uint32_t name_len;
  const char *payload;
  size_t len;
  size_t off, size;   /* where it is in the file */
  const unsigned char *base;   /* the file buffer */
} rec;

/* Decodes the record at buf[off..n): 1 and *r on success, 0 at a clean
** end, -1 for a torn/corrupt record. */
static int decode(const unsigned char *buf, size_t n, size_t off, rec *r) {
  if (off == n) return 0;
  if (n - off < HDR || memcmp(buf + off, MAGIC, 4)) return -1;
  uint32_t body = get32(buf + off + 4), crc = get32(buf + off + 8);
  if (body < 5 || body >= MAX_BODY || body > n - off - HDR) return -1;
  const unsigned char *b = buf + off + HDR;
  if (crc32_of(b, body) != crc) return -1;
  uint32_t nl = get32(b + 1);
  if (nl > body - 5) return -1;
  r->kind = b[0];
  r->name = (const char *)b + 5;
  r->name_len = nl;
  r->payload = (const char *)b + 5 + nl;
  r->len = body - 5 - nl;
  r->off = off;
  r->size = HDR + body;
  r->base = buf;
  return 1;
}

/* ----------------------------------------------------------- replaying */

/* Start-up reads a file record by record (jfile), never whole: memory is
** one record, and a record is at most what the live daemon could have
** written (replay_bound). */

/* Records whose replay fails are logged one by one up to this many, then
** only counted (a journal of garbage must not flood the log). */
#define MAX_REPLAY_WARNINGS 20
/* Telling a torn tail from damage in the middle means looking for a valid
** record after the bad one; candidates are CRC-checked for at most this
** many bytes beyond twice the rest of the file (a file of fake headers
** cannot make the search quadratic). Past it the damage counts as in the
** middle: start-up stops, which never loses a byte. */
#define SCAN_SLACK ((uint64_t)64 << 20)
/* Bytes read at a time when scanning or moving bytes aside. */
#define CHUNK ((size_t)1 << 20)

typedef struct jfile {
  int fd;
  const char *path;
  uint64_t size;              /* at open */
  uint64_t max_body;          /* replay_bound */
  unsigned char *buf;         /* the current record */
  size_t cap;
  uint64_t budget;            /* CRC bytes next_valid may still spend */
} jfile;

/* The longest body the live daemon can journal: a load's text (up to
** --max-module-bytes; params.text is a request too) or an edit's params
** (up to --max-request), plus the module name (part of a request) and the
** kind and length fields. */
static uint64_t replay_bound(const mssad_server *s) {
  uint64_t mod = s->cfg.max_module_bytes ? s->cfg.max_module_bytes : MSSA_PROTO_MAX_MODULE_BYTES;
  uint64_t req = s->cfg.max_request;
  uint64_t b = 5 + req + (mod > req ? mod : req);
  return b < MAX_BODY ? b : MAX_BODY - 1;
}

/* n bytes at offset off; 0, or -1 (a read error, or the file is shorter). */
static int pread_all(int fd, void *p, size_t n, uint64_t off) {
  char *b = p;
  while (n) {
    ssize_t r = pread(fd, b, n, (off_t)off);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    b += r;
    n -= (size_t)r;
    off += (uint64_t)r;
  }
  return 0;
}

/* Is h (the HDR bytes at off) a record header whose body fits in the file
** and under the bound? *body gets its length. */
static bool header_ok(const jfile *f, const unsigned char *h, uint64_t off, uint32_t *body) {
  if (memcmp(h, MAGIC, 4)) return false;
  *body = get32(h + 4);
  return *body >= 5 && *body <= f->max_body && *body <= f->size - off - HDR;
}

/* The same, reading the header at off. */
static bool header_at(jfile *f, uint64_t off, uint32_t *body) {
  unsigned char h[HDR];
  return f->size - off >= HDR && !pread_all(f->fd, h, HDR, off) && header_ok(f, h, off, body);
}

/* Reads and decodes the record at off into f->buf: 1 and *r, 0 at the
** end of the file, -1 if it is torn or corrupt. */
static int read_rec(jfile *f, uint64_t off, rec *r) {
  if (off == f->size) return 0;
  uint32_t body;
  if (!header_at(f, off, &body)) return -1;
  size_t n = HDR + (size_t)body;
  if (n > f->cap) {
    free(f->buf);
    f->buf = mssa_xmalloc(n);
    f->cap = n;
  }
  if (pread_all(f->fd, f->buf, n, off) || decode(f->buf, n, 0, r) != 1) return -1;
  r->off = (size_t)off;
  return 1;
}

/* Would the record at off be whole and valid if this daemon's limits were
** larger? Then it is no torn write: only the limits refuse it. */
static bool beyond_bound(jfile *f, uint64_t off) {
  unsigned char h[HDR];
  if (f->size - off < HDR || pread_all(f->fd, h, HDR, off) || memcmp(h, MAGIC, 4)) return false;
  uint32_t body = get32(h + 4);
  return body > f->max_body && body < MAX_BODY && body <= f->size - off - HDR;
}

/* Where the search for a valid record after a bad one ended. */
#define SCAN_NONE UINT64_MAX        /* no valid record follows */
#define SCAN_GAVE_UP (UINT64_MAX - 1) /* the CRC budget ran out first */

/* The offset of the first whole, valid record after `off`, SCAN_NONE, or
** SCAN_GAVE_UP: tells a torn tail (nothing valid follows) from damage in
** the middle, reading the file a chunk at a time. */
static uint64_t next_valid(jfile *f, uint64_t off) {
  unsigned char *chunk = mssa_xmalloc(CHUNK);
  uint64_t found = SCAN_NONE;
  for (uint64_t base = off + 1; found == SCAN_NONE && base + HDR <= f->size;) {
    size_t n = f->size - base < CHUNK ? (size_t)(f->size - base) : CHUNK;
    if (pread_all(f->fd, chunk, n, base)) break;
    for (size_t k = 0; k + 4 <= n && found == SCAN_NONE;) {
      const unsigned char *m = memmem(chunk + k, n - k, MAGIC, 4);
      if (!m) break;
      k = (size_t)(m - chunk);
      uint32_t body;
      rec r;
      if (k + HDR <= n ? header_ok(f, chunk + k, base + k, &body) : header_at(f, base + k, &body)) {
        if (f->budget < body) found = SCAN_GAVE_UP;
        else if ((f->budget -= body, read_rec(f, base + k, &r) == 1)) found = base + k;
      }
      k++;
    }
    base += n > 3 ? n - 3 : n;   /* a magic split across chunks is seen */
  }
  free(chunk);
  return found;
}

/* Moves bytes [off, size) of the file aside, into PATH.WHAT-OFF (a new
** file, fsynced with its directory), then cuts it at off: journal bytes
** are never deleted, only moved where the journal does not read them. */
static int cut_aside(mssad_journal *j, jfile *f, const char *what, uint64_t off) {
  char aside[4096];
  int fd = -1;
  unsigned long long o = (unsigned long long)off;
  for (int k = 0; k < MAX_ASIDE_TRIES && fd < 0; k++) {
    if (k) snprintf(aside, sizeof aside, "%s.%s-%llu.%d", f->path, what, o, k);
    else snprintf(aside, sizeof aside, "%s.%s-%llu", f->path, what, o);
    fd = open(aside, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  int rc = fd < 0 ? -1 : 0;
  unsigned char *chunk = mssa_xmalloc(CHUNK);
  for (uint64_t at = off; !rc && at < f->size;) {
    size_t n = f->size - at < CHUNK ? (size_t)(f->size - at) : CHUNK;
    rc = pread_all(f->fd, chunk, n, at);
    if (!rc) rc = write_all(fd, chunk, n);
    at += n;
  }
  free(chunk);
  if (!rc) rc = fsync(fd);
  if (fd >= 0 && close(fd) < 0) rc = -1;
  if (!rc) rc = fsync_dir(j->dir);
  if (!rc) rc = truncate(f->path, (off_t)off);
  unsigned long long moved = (unsigned long long)(f->size - off);
  if (rc) {
    MSSAD_ERROR("%s: cannot move the %llu bytes from offset %llu aside to %s: %s", f->path,
                moved, o, aside, strerror(errno));
    return -1;
  }
  MSSAD_WARN("%s: moved the %llu bytes from offset %llu to %s", f->path, moved, o, aside);
  j->cut_bytes += f->size - off;
  return 0;
}

static void apply(mssad_server *s, const rec *r, const char *file) {
  if (r->kind == J_GEN) return;
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
                                                                                 : "unload",
               name, err);
  else if (!rc && q)
    mssad_store_install(s, name, q);
  s->journal.replayed++;
  free(name);
}

/* What to do at a record that does not decode (replay_file): 0 to go on
** from the good prefix, -1 to refuse to start. */
static int bad_record(mssad_server *s, jfile *f, bool journal, uint64_t off) {
  unsigned long long o = (unsigned long long)off;
  if (beyond_bound(f, off) && !s->cfg.recover) {
    MSSAD_ERROR("%s: the record at offset %llu is longer than this daemon's limits allow "
                "(--max-module-bytes, --max-request); refusing to start: restart with the "
                "limits it was written under, or --recover to keep the %llu bytes before it",
                f->path, o, o);
    return -1;
  }
  f->budget = 2 * (f->size - off) + SCAN_SLACK;
  uint64_t next = next_valid(f, off);
  if (journal && next == SCAN_NONE && !beyond_bound(f, off)) {
    MSSAD_WARN("journal: cut a torn record at offset %llu of %s (a write cut short)", o, f->path);
    return cut_aside(&s->journal, f, "torn", off);
  }
  if (s->cfg.recover) {
    MSSAD_WARN("%s: damaged record at offset %llu; --recover: keeping the %llu bytes before it",
               f->path, o, o);
    return cut_aside(&s->journal, f, "damaged", off);
  }
  MSSAD_ERROR("%s: damaged record at offset %llu%s; refusing to start: no record after it "
              "would be replayed. memssad --recover keeps the %llu bytes before it and "
              "moves the rest to %s.damaged-%llu",
              f->path, o,
              next == SCAN_GAVE_UP ? " (too many false headers after it to tell whether valid "
                                     "records follow)"
              : next != SCAN_NONE ? " (valid records follow it)" : "",
              o, f->path, o);
  return -1;
}

/* Replays a file (`journal`: the journal, else the snapshot). At the first
** record that does not decode: a torn tail of the journal (nothing valid
** after it: a crash mid-write) is moved aside and cut; anything else (a
** damaged record with valid ones after it, or any damage in the snapshot)
** stops start-up, naming the offset, unless --recover, which keeps the
** valid prefix and moves the rest aside. Returns the good length, or -1. */
static long long replay_file(mssad_server *s, const char *path, bool journal, uint64_t *gen) {
  jfile f = {.fd = open(path, O_RDONLY | O_CLOEXEC), .path = path, .max_body = replay_bound(s)};
  struct stat st;
  if (f.fd < 0) {
    if (errno == ENOENT) return 0;
    MSSAD_ERROR("%s: %s", path, strerror(errno));
    return -1;
  }
  bool stat_ok = fstat(f.fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode)) {
    MSSAD_ERROR("%s: %s", path, stat_ok ? "not a regular file" : strerror(errno));
    close(f.fd);
    return -1;
  }
  f.size = (uint64_t)st.st_size;
  uint64_t off = 0;
  rec r;
  int d;
  while ((d = read_rec(&f, off, &r)) == 1) {
    if (r.kind == J_GEN && gen && r.len == 8) {
      uint64_t g = 0;
      for (int i = 7; i >= 0; i--) g = g << 8 | (unsigned char)r.payload[i];
      *gen = g;
    }
    apply(s, &r, path);
    off += r.size;
    if (f.cap > CHUNK && r.size <= CHUNK) {   /* give back a huge record's buffer */
      free(f.buf);
      f.buf = NULL;
      f.cap = 0;
    }
  }
  int rc = d < 0 ? bad_record(s, &f, journal, off) : 0;
  free(f.buf);
  close(f.fd);
  return rc ? -1 : (long long)off;
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
  unsigned char *r = encode(kind, module, payload, len, &n);
  if (!r) return -1;
  int rc = write_all(j->fd, r, n);
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
  rec *a;
  size_t n, cap;
} modrecs;

static modrecs *mod_of(modrecs **ms, size_t *nm, const rec *r) {
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
  rec r;
  while (decode(buf, n, off, &r) == 1) {
    off += r.size;
    if (r.kind == J_GEN) continue;
    modrecs *m = mod_of(ms, nm, &r);
    if (r.kind != MSSA_PROTO_J_EDIT) m->n = 0;   /* a load or unload resets */
    if (r.kind == MSSA_PROTO_J_UNLOAD) continue;
    if (r.kind == MSSA_PROTO_J_EDIT && m->n == 0) continue;  /* orphan: no load */
    if (m->n == m->cap) m->a = mssa_xrealloc(m->a, (m->cap = m->cap ? m->cap * 2 : 8) * sizeof *m->a);
    m->a[m->n++] = r;
  }
}

static int compact(mssad_server *s) {
  mssad_journal *j = &s->journal;
  uint64_t t0 = uv_hrtime();
  char *snap = path_of(j, "snapshot"), *tmp = path_of(j, "snapshot.tmp");
  char *old = journal_path(j, j->gen), *next = journal_path(j, j->gen + 1);
  size_t ns = 0, nj = 0;
  unsigned char *sb = map_file(snap, &ns), *jb = map_file(old, &nj);
  modrecs *ms = NULL;
  size_t nm = 0;
  if (sb) reduce(sb, ns, &ms, &nm);
  if (jb) reduce(jb, nj, &ms, &nm);
  int rc = -1, fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  uint64_t size = 0;
  if (fd >= 0) {
    unsigned char g[8];
    for (int i = 0; i < 8; i++) g[i] = (unsigned char)((j->gen + 1) >> (8 * i));
    size_t n;
    unsigned char *r = encode(J_GEN, "", (const char *)g, 8, &n);
    rc = write_all(fd, r, n);
    size += n;
    free(r);
    for (size_t i = 0; i < nm && !rc; i++)
      for (size_t k = 0; k < ms[i].n && !rc; k++) {
        /* Records are copied verbatim (header included). */
        const rec *x = &ms[i].a[k];
        rc = write_all(fd, x->base + x->off, x->size);
        size += x->size;
      }
    if (!rc) rc = fsync(fd);
    if (close(fd) < 0) rc = -1;
  }
  int nfd = -1;
  if (!rc) rc = rename(tmp, snap);
  if (!rc) rc = fsync_dir(j->dir);
  if (!rc) {
    /* The new snapshot names journal GEN+1: from here on it is the truth. */
    nfd = open(next, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0600);
    if (nfd < 0) rc = -1;
  }
  if (!rc) {
    close(j->fd);
    j->fd = nfd;
    j->gen++;
    unlink(old);
    fsync_dir(j->dir);
    j->size = 0;
    j->snapshot_size = size;
    /* Every record so far is in the fsynced snapshot. */
    j->syncing = j->durable = j->seq;
    j->compactions++;
    MSSAD_INFO("journal: compacted into a %llu-byte snapshot in %.1f ms",
               (unsigned long long)size, (double)(uv_hrtime() - t0) / 1e6);
  } else {
    MSSAD_ERROR("journal: compaction failed (%s); keeping the journal", strerror(errno));
    unlink(tmp);
    /* Do not retry on every record: wait until it doubles. */
    j->snapshot_size = j->size * 2;
  }
  for (size_t i = 0; i < nm; i++) {
    free(ms[i].name);
    free(ms[i].a);
  }
  free(ms);
  unmap_file(sb, ns);
  unmap_file(jb, nj);
  free(snap);
  free(tmp);
  free(old);
  free(next);
  return rc;
}

/* -------------------------------------------------------------- public */

int mssad_journal_open(mssad_server *s) {
  mssad_journal *j = &s->journal;
  crc_init();
  j->fd = -1;
  if (mkdir(j->dir, 0700) < 0 && errno != EEXIST) {
    MSSAD_ERROR("--state-dir %s: %s", j->dir, strerror(errno));
    return -1;
  }
  uint64_t t0 = uv_hrtime();
  char *snap = path_of(j, "snapshot");
  uint64_t gen = 0;
  long long ss = replay_file(s, snap, false, &gen);
  free(snap);
  if (ss < 0) return -1;
  j->snapshot_size = (uint64_t)ss;
  j->gen = gen;
  char *jp = journal_path(j, gen);
  long long js = replay_file(s, jp, true, NULL);
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
  fsync_dir(j->dir);
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
