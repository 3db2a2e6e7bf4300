/*
** jrecord.c -- see jrecord.h: the journal's record format and the replay of
** one file, apart from the daemon (journal.c keeps appending, fsync and
** compaction, which need its loop).
*/
#define _GNU_SOURCE   /* memmem */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "memssa.h"
#include "jrecord.h"
#include "log.h"

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
  if (!crc_table[1]) crc_init();   /* invariant 3 */
  MSSA_ASSERT(crc_table[1] == 0x77073096u);   /* the reflected CRC-32 polynomial's table */
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

int mssad_write_all(int fd, const void *p, size_t n) {
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

unsigned char *mssad_jrec_encode(int kind, const char *name, const char *payload, size_t len,
                                 size_t *out_n) {
  size_t nl = strlen(name);
  size_t body = 1 + 4 + nl + len;
  MSSA_ASSERT(kind >= 0 && kind <= 0xff);   /* invariant 1: a u8 kind */
  if (body >= MSSAD_JREC_MAX_BODY) return NULL;
  unsigned char *r = mssa_xmalloc(MSSAD_JREC_HDR + body);
  memcpy(r, MSSAD_JREC_MAGIC, 4);
  put32(r + 4, (uint32_t)body);
  unsigned char *b = r + MSSAD_JREC_HDR;
  b[0] = (unsigned char)kind;
  put32(b + 1, (uint32_t)nl);
  memcpy(b + 5, name, nl);
  if (len) memcpy(b + 5 + nl, payload, len);
  put32(r + 8, crc32_of(b, body));
  *out_n = MSSAD_JREC_HDR + body;
  return r;
}

int mssad_fsync_dir(const char *dir) {
  int fd = open(dir, O_RDONLY | O_DIRECTORY);
  if (fd < 0) return -1;
  int rc = fsync(fd);
  close(fd);
  return rc;
}

int mssad_jrec_decode(const unsigned char *buf, size_t n, size_t off, mssad_jrec *r) {
  if (off == n) return 0;
  if (n - off < MSSAD_JREC_HDR || memcmp(buf + off, MSSAD_JREC_MAGIC, 4)) return -1;
  uint32_t body = get32(buf + off + 4), crc = get32(buf + off + 8);
  if (body < 5 || body >= MSSAD_JREC_MAX_BODY || body > n - off - MSSAD_JREC_HDR) return -1;
  const unsigned char *b = buf + off + MSSAD_JREC_HDR;
  if (crc32_of(b, body) != crc) return -1;
  uint32_t nl = get32(b + 1);
  if (nl > body - 5) return -1;
  r->kind = b[0];
  r->name = (const char *)b + 5;
  r->name_len = nl;
  r->payload = (const char *)b + 5 + nl;
  r->len = body - 5 - nl;
  r->off = off;
  r->size = MSSAD_JREC_HDR + body;
  r->base = buf;
  MSSA_ASSERT(r->size <= n - off && 5 + r->name_len + r->len == body);   /* invariant 1 */
  return 1;
}

/* ----------------------------------------------------------- replaying */

/* A file is read record by record (jfile), never whole: memory is one
** record, and a record is at most what the live daemon could have written
** (max_body). */

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
  uint64_t max_body;          /* mssad_replay.max_body */
  unsigned char *buf;         /* the current record */
  size_t cap;
  uint64_t budget;            /* CRC bytes next_valid may still spend */
} jfile;

/* The buffer for reading the rest of the file from off a chunk at a time:
** CHUNK, or less when less is left (a torn tail of a few bytes, the common
** case, needs no megabyte). */
static size_t chunk_for(const jfile *f, uint64_t off) {
  uint64_t left = f->size > off ? f->size - off : 1;
  return left < CHUNK ? (size_t)left : CHUNK;
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

/* Is h (the MSSAD_JREC_HDR bytes at off) a record header whose body fits in the file
** and under the bound? *body gets its length. */
static bool header_ok(const jfile *f, const unsigned char *h, uint64_t off, uint32_t *body) {
  if (memcmp(h, MSSAD_JREC_MAGIC, 4)) return false;
  *body = get32(h + 4);
  return *body >= 5 && *body <= f->max_body && *body <= f->size - off - MSSAD_JREC_HDR;
}

/* The same, reading the header at off. */
static bool header_at(jfile *f, uint64_t off, uint32_t *body) {
  unsigned char h[MSSAD_JREC_HDR];
  return f->size - off >= MSSAD_JREC_HDR && !pread_all(f->fd, h, MSSAD_JREC_HDR, off) && header_ok(f, h, off, body);
}

/* Reads and decodes the record at off into f->buf: 1 and *r, 0 at the
** end of the file, -1 if it is torn or corrupt. */
static int read_rec(jfile *f, uint64_t off, mssad_jrec *r) {
  if (off == f->size) return 0;
  uint32_t body;
  if (!header_at(f, off, &body)) return -1;
  size_t n = MSSAD_JREC_HDR + (size_t)body;
  if (n > f->cap) {
    free(f->buf);
    f->buf = mssa_xmalloc(n);
    f->cap = n;
  }
  if (pread_all(f->fd, f->buf, n, off) || mssad_jrec_decode(f->buf, n, 0, r) != 1) return -1;
  r->off = (size_t)off;
  return 1;
}

/* Would the record at off be whole and valid if this daemon's limits were
** larger? Then it is no torn write: only the limits refuse it. */
static bool beyond_bound(jfile *f, uint64_t off) {
  unsigned char h[MSSAD_JREC_HDR];
  if (f->size - off < MSSAD_JREC_HDR || pread_all(f->fd, h, MSSAD_JREC_HDR, off) || memcmp(h, MSSAD_JREC_MAGIC, 4)) return false;
  uint32_t body = get32(h + 4);
  return body > f->max_body && body < MSSAD_JREC_MAX_BODY && body <= f->size - off - MSSAD_JREC_HDR;
}

/* Where the search for a valid record after a bad one ended. */
#define SCAN_NONE UINT64_MAX        /* no valid record follows */
#define SCAN_GAVE_UP (UINT64_MAX - 1) /* the CRC budget ran out first */

/* The offset of the first whole, valid record after `off`, SCAN_NONE, or
** SCAN_GAVE_UP: tells a torn tail (nothing valid follows) from damage in
** the middle, reading the file a chunk at a time. */
static uint64_t next_valid(jfile *f, uint64_t off) {
  unsigned char *chunk = mssa_xmalloc(chunk_for(f, off));
  uint64_t found = SCAN_NONE;
  for (uint64_t base = off + 1; found == SCAN_NONE && base + MSSAD_JREC_HDR <= f->size;) {
    size_t n = f->size - base < CHUNK ? (size_t)(f->size - base) : CHUNK;
    if (pread_all(f->fd, chunk, n, base)) break;
    for (size_t k = 0; k + 4 <= n && found == SCAN_NONE;) {
      const unsigned char *m = memmem(chunk + k, n - k, MSSAD_JREC_MAGIC, 4);
      if (!m) break;
      k = (size_t)(m - chunk);
      uint32_t body;
      mssad_jrec r;
      if (k + MSSAD_JREC_HDR <= n ? header_ok(f, chunk + k, base + k, &body) : header_at(f, base + k, &body)) {
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
static int cut_aside(mssad_replay *rp, jfile *f, const char *what, uint64_t off) {
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
  unsigned char *chunk = mssa_xmalloc(chunk_for(f, off));
  for (uint64_t at = off; !rc && at < f->size;) {
    size_t n = f->size - at < CHUNK ? (size_t)(f->size - at) : CHUNK;
    rc = pread_all(f->fd, chunk, n, at);
    if (!rc) rc = mssad_write_all(fd, chunk, n);
    at += n;
  }
  free(chunk);
  if (!rc) rc = fsync(fd);
  if (fd >= 0 && close(fd) < 0) rc = -1;
  if (!rc) rc = mssad_fsync_dir(rp->dir);
  if (!rc) rc = truncate(f->path, (off_t)off);
  unsigned long long moved = (unsigned long long)(f->size - off);
  if (rc) {
    MSSAD_ERROR("%s: cannot move the %llu bytes from offset %llu aside to %s: %s", f->path,
                moved, o, aside, strerror(errno));
    rp->outcome = MSSAD_REPLAY_IO;
    return -1;
  }
  MSSAD_WARN("%s: moved the %llu bytes from offset %llu to %s", f->path, moved, o, aside);
  rp->cut_bytes += f->size - off;
  return 0;
}

/* What to do at a record that does not decode (replay_file): 0 to go on
** from the good prefix, -1 to refuse to start. */
static int bad_record(mssad_replay *rp, jfile *f, bool journal, uint64_t off) {
  unsigned long long o = (unsigned long long)off;
  rp->bad_off = off;
  if (beyond_bound(f, off) && !rp->recover) {
    rp->outcome = MSSAD_REPLAY_TOO_LONG;
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
    rp->outcome = MSSAD_REPLAY_TORN;
    return cut_aside(rp, f, "torn", off);
  }
  if (rp->recover) {
    MSSAD_WARN("%s: damaged record at offset %llu; --recover: keeping the %llu bytes before it",
               f->path, o, o);
    rp->outcome = MSSAD_REPLAY_RECOVERED;
    return cut_aside(rp, f, "damaged", off);
  }
  rp->outcome = MSSAD_REPLAY_REFUSED;
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
long long mssad_replay_file(mssad_replay *rp, const char *path, bool journal, uint64_t *gen) {
  jfile f = {.fd = open(path, O_RDONLY | O_CLOEXEC), .path = path, .max_body = rp->max_body};
  struct stat st;
  rp->outcome = MSSAD_REPLAY_CLEAN;
  rp->bad_off = 0;
  if (f.fd < 0) {
    if (errno == ENOENT) return 0;
    MSSAD_ERROR("%s: %s", path, strerror(errno));
    rp->outcome = MSSAD_REPLAY_IO;
    return -1;
  }
  bool stat_ok = fstat(f.fd, &st) == 0;
  if (!stat_ok || !S_ISREG(st.st_mode)) {
    MSSAD_ERROR("%s: %s", path, stat_ok ? "not a regular file" : strerror(errno));
    rp->outcome = MSSAD_REPLAY_IO;
    close(f.fd);
    return -1;
  }
  f.size = (uint64_t)st.st_size;
  uint64_t off = 0;
  mssad_jrec r;
  int d;
  while ((d = read_rec(&f, off, &r)) == 1) {
    if (r.kind == MSSAD_J_GEN && gen && r.len == 8) {
      uint64_t g = 0;
      for (int i = 7; i >= 0; i--) g = g << 8 | (unsigned char)r.payload[i];
      *gen = g;
    }
    rp->apply(rp->ctx, &r, path);
    off += r.size;
    if (f.cap > CHUNK && r.size <= CHUNK) {   /* give back a huge record's buffer */
      free(f.buf);
      f.buf = NULL;
      f.cap = 0;
    }
  }
  int rc = d < 0 ? bad_record(rp, &f, journal, off) : 0;
  free(f.buf);
  close(f.fd);
  return rc ? -1 : (long long)off;
}

