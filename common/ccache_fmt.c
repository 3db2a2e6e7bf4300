/*
** ccache_fmt.c -- one compile cache entry as bytes, and clang's dependency
** list (ccache_internal.h).
**
** An entry, all integers little-endian:
**   0   "MSSACC1\n"                 magic (the format's version is its last digit)
**   8   u64 checksum                mssa_hash64 of bytes [16, total) , seed CHECK_SEED
**   16  u64 total                   the entry's length
**   24  u64 key[0], key[1]
**   40  u32 ndeps, nnotes, dropped, 0
**   56  u64 stderr_len, ir_len
**   72  ndeps  x (u64 size, u64 hash, u32 path_len, path bytes)
**       nnotes x (u32 len, bytes)
**       stderr bytes, ir bytes      and then exactly `total`
**
** Invariants:
**   1. decode accepts only an entry whose every length fits inside the
**      bytes read, whose fields end exactly at `total` == the length read,
**      and whose checksum matches: truncation, a flipped byte or a wrong
**      length are each MSSA_CCACHE_EBAD (ccache.h's invariant 1).
**   2. decode never reads outside [buf, buf + len): every read goes through
**      take(), which checks the bound first.
*/
#define _GNU_SOURCE   /* O_CLOEXEC, st_mtim */
#include "ccache_internal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hash64.h"

#define MAGIC "MSSACC1\n"
#define HEADER 72
#define CHECK_SEED 0x6d73736163636831ULL   /* "mssacch1" */

void mssa__ccentry_free(mssa__ccentry *e) {
  if (!e) return;
  free(e->ir);
  free(e->stderr_text);
  mssa_compile_argv_free(e->notes.a);
  for (size_t i = 0; i < e->ndeps; i++) free(e->deps[i].path);
  free(e->deps);
  memset(e, 0, sizeof *e);
}

/* ------------------------------------------------------ writing */

typedef struct wbuf {
  unsigned char *p;
  size_t n, cap;
} wbuf;

static void put(wbuf *b, const void *s, size_t k) {
  if (b->n + k > b->cap) {
    while (b->n + k > b->cap) b->cap = b->cap ? b->cap * 2 : 4096;
    b->p = mssa__cc_realloc(b->p, b->cap);
  }
  if (k) memcpy(b->p + b->n, s, k);
  b->n += k;
}

static void put64(wbuf *b, uint64_t v) {
  unsigned char x[8];
  for (int i = 0; i < 8; i++) x[i] = (unsigned char)(v >> (8 * i));
  put(b, x, 8);
}

static void put32(wbuf *b, uint32_t v) {
  unsigned char x[4];
  for (int i = 0; i < 4; i++) x[i] = (unsigned char)(v >> (8 * i));
  put(b, x, 4);
}

static void set64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

void mssa__ccfmt_encode(const mssa__ccentry *e, unsigned char **buf, size_t *len) {
  wbuf b = {0};
  size_t errlen = e->stderr_text ? strlen(e->stderr_text) : 0;
  put(&b, MAGIC, 8);
  put64(&b, 0);   /* checksum, set below */
  put64(&b, 0);   /* total, set below */
  put64(&b, e->key[0]);
  put64(&b, e->key[1]);
  put32(&b, (uint32_t)e->ndeps);
  put32(&b, (uint32_t)e->notes.n);
  put32(&b, e->dropped);
  put32(&b, 0);
  put64(&b, errlen);
  put64(&b, e->ir_len);
  assert(b.n == HEADER);
  for (size_t i = 0; i < e->ndeps; i++) {
    size_t k = strlen(e->deps[i].path);
    put64(&b, e->deps[i].size);
    put64(&b, e->deps[i].hash);
    put32(&b, (uint32_t)k);
    put(&b, e->deps[i].path, k);
  }
  for (size_t i = 0; i < e->notes.n; i++) {
    size_t k = strlen(e->notes.a[i]);
    put32(&b, (uint32_t)k);
    put(&b, e->notes.a[i], k);
  }
  put(&b, e->stderr_text, errlen);
  put(&b, e->ir, e->ir_len);
  assert(b.n >= HEADER + errlen + e->ir_len);   /* every section written */
  set64(b.p + 16, b.n);
  set64(b.p + 8, mssa_hash64(b.p + 16, b.n - 16, CHECK_SEED));
  *buf = b.p;
  *len = b.n;
}

/* ------------------------------------------------------ reading */

typedef struct rbuf {
  const unsigned char *p;
  size_t n, at;
  bool bad;
} rbuf;

/* The next k bytes, or NULL (and r->bad) past the end (invariant 2). */
static const unsigned char *take(rbuf *r, size_t k) {
  if (r->bad || k > r->n - r->at) {
    r->bad = true;
    return NULL;
  }
  const unsigned char *s = r->p + r->at;
  r->at += k;
  return s;
}

static uint64_t get64(rbuf *r) {
  const unsigned char *s = take(r, 8);
  uint64_t v = 0;
  if (s)
    for (int i = 7; i >= 0; i--) v = v << 8 | s[i];
  return v;
}

static uint32_t get32(rbuf *r) {
  const unsigned char *s = take(r, 4);
  return s ? (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 |
                 (uint32_t)s[3] << 24
           : 0;
}

/* k bytes as a NUL-terminated copy, or NULL. */
static char *get_str(rbuf *r, size_t k) {
  const unsigned char *s = take(r, k);
  return s ? mssa__cc_strndup((const char *)s, k) : NULL;
}

int mssa__ccfmt_decode(const unsigned char *buf, size_t len, const uint64_t *key,
                       mssa__ccentry *out) {
  memset(out, 0, sizeof *out);
  if (len < HEADER || memcmp(buf, MAGIC, 8)) return MSSA_CCACHE_EBAD;
  rbuf r = {buf, len, 8, false};
  uint64_t sum = get64(&r), total = get64(&r);
  if (total != len || sum != mssa_hash64(buf + 16, len - 16, CHECK_SEED)) return MSSA_CCACHE_EBAD;
  out->key[0] = get64(&r);
  out->key[1] = get64(&r);
  if (key && (out->key[0] != key[0] || out->key[1] != key[1])) return MSSA_CCACHE_EBAD;
  uint32_t ndeps = get32(&r), nnotes = get32(&r);
  out->dropped = get32(&r);
  get32(&r);
  uint64_t errlen = get64(&r), irlen = get64(&r);
  if (ndeps > MSSA__CC_MAX_DEPS || nnotes > MSSA__CC_MAX_NOTES) return MSSA_CCACHE_EBAD;
  out->deps = mssa__cc_realloc(NULL, (ndeps + 1) * sizeof *out->deps);
  for (uint32_t i = 0; i < ndeps && !r.bad; i++) {
    mssa__ccdep *d = &out->deps[i];
    d->size = get64(&r);
    d->hash = get64(&r);
    uint32_t k = get32(&r);
    d->path = k <= MSSA__CC_MAX_PATH ? get_str(&r, k) : (r.bad = true, NULL);
    if (d->path) out->ndeps = i + 1;
  }
  for (uint32_t i = 0; i < nnotes && !r.bad; i++) {
    char *s = get_str(&r, get32(&r));
    if (s) mssa__strv_push(&out->notes, s);
    free(s);
  }
  if (!r.bad && errlen <= len && irlen <= len) {
    out->stderr_text = get_str(&r, (size_t)errlen);
    out->ir = get_str(&r, (size_t)irlen);
    out->ir_len = (size_t)irlen;
  }
  if (r.bad || !out->ir || r.at != len) {   /* invariant 1: nothing left over */
    mssa__ccentry_free(out);
    return MSSA_CCACHE_EBAD;
  }
  assert(out->ir[out->ir_len] == 0);   /* ccache_internal.h's invariant 1 */
  return 0;
}

/* ------------------------------------------- the dependency list */

/* Make's syntax as clang writes it: "target: dep dep \<newline> dep",
** a space in a name escaped as "\ ", a '$' as "$$", a '#' as "\#". */
int mssa__ccfmt_depfile(const char *text, const char *dir, mssa__strv *paths) {
  const char *p = strchr(text, ':');
  /* the target may itself hold "\:"-free text; clang's is "-" or a name */
  if (!p) return 0;
  p++;
  char name[MSSA__CC_MAX_PATH + 1];
  size_t k = 0;
  bool over = false;
  for (;; p++) {
    char ch = *p;
    if (ch == '\\' && (p[1] == '\n' || (p[1] == '\r' && p[2] == '\n'))) {
      p += p[1] == '\r' ? 2 : 1;
      ch = ' ';
    } else if (ch == '\\' && (p[1] == ' ' || p[1] == '#' || p[1] == '\\')) {
      ch = *++p;
      if (k < MSSA__CC_MAX_PATH) name[k++] = ch;
      else over = true;
      continue;
    } else if (ch == '$' && p[1] == '$') {
      p++;
    }
    if (ch == 0 || ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
      if (k && !over) {
        name[k] = 0;
        if (paths->n >= MSSA__CC_MAX_DEPS) return MSSA_CCACHE_EBAD;
        char *abs = mssa__cc_path_join(dir, name);
        mssa__strv_push(paths, abs);
        free(abs);
      }
      if (over) return MSSA_CCACHE_EBAD;
      k = 0;
      if (ch == 0) break;
      continue;
    }
    if (k < MSSA__CC_MAX_PATH) name[k++] = ch;
    else over = true;
  }
  return 0;
}

unsigned char *mssa__cc_read_fd(int fd, uint64_t cap, size_t *len, struct stat *st) {
  struct stat own;
  if (!st) st = &own;
  if (fstat(fd, st) || !S_ISREG(st->st_mode) || (uint64_t)st->st_size > cap) return NULL;
  size_t n = (size_t)st->st_size, got = 0;
  unsigned char *b = mssa__cc_realloc(NULL, n + 1);
  while (got < n) {
    ssize_t k = read(fd, b + got, n - got);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got += (size_t)k;
  }
  *len = got;
  return b;
}

int mssa__cc_hash_file(const char *path, uint64_t *size, uint64_t *hash,
                       struct timespec *changed, struct stat *st_out) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return MSSA_CCACHE_EMISS;
  struct stat st;
  int rc = MSSA_CCACHE_EMISS;
  size_t got = 0;
  unsigned char *b = mssa__cc_read_fd(fd, MSSA__CC_MAX_DEP_BYTES, &got, &st);
  if (b) {
    size_t n = (size_t)st.st_size;
    if (got == n) {
      *size = n;
      if (changed) {
        bool c_later = st.st_ctim.tv_sec > st.st_mtim.tv_sec ||
                       (st.st_ctim.tv_sec == st.st_mtim.tv_sec &&
                        st.st_ctim.tv_nsec > st.st_mtim.tv_nsec);
        *changed = c_later ? st.st_ctim : st.st_mtim;
      }
      *hash = mssa_hash64(b, n, 0);
      if (st_out) *st_out = st;
      rc = 0;
    }
    free(b);
  }
  close(fd);
  return rc;
}
