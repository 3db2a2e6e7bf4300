/*
** ccache.c -- the compile cache's directory (ccache.h): keys, lookups,
** atomic stores, the size cap and verification. One entry is one file,
** DIR/<32 hex digits of the key>.mce; ccache_fmt.c says its bytes.
**
** Invariants:
**   1. Entries are immutable once renamed into place (invariant 2 of
**      ccache.h): a reader that opened one reads it whole even if another
**      daemon replaces or evicts it meanwhile (the inode lives on), and only
**      its mtime changes afterwards (a hit's LRU stamp).
**   2. Temp files are named ".tmp.<pid>.<seq>.<what>" and opened O_EXCL:
**      no two writers (threads or daemons) ever share one.
**   3. c->bytes is this process's count of the directory's entries: set by
**      each eviction scan, raised by each store; another daemon's stores are
**      seen at the next scan, so the cap holds within one store of each
**      daemon sharing the directory.
*/
#define _GNU_SOURCE   /* O_DIRECTORY, fdopendir, futimens */
#include "ccache_internal.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hash64.h"

#define SUFFIX ".mce"
#define NAME_LEN (32 + 4)
#define TEMP_PREFIX ".tmp."
#define STALE_TEMP_S 3600   /* a temp file this old is a dead writer's */

struct mssa_ccache {
  char *dir;
  int dirfd;
  uint64_t max_bytes;
  void (*log)(void *ctx, const char *line);
  void *log_ctx;
  pthread_mutex_t mu;   /* guards bytes and the eviction scan */
  mssa__cchmemo *memo;  /* dependency hashes of recent lookups */
  uint64_t bytes;       /* invariant 3 */
  unsigned slow_ms;     /* mssa_ccache_set_slow_writes */
  atomic_uint_fast64_t hits, misses, errors, stores, evictions, seq;
};

static void logf_(mssa_ccache *c, const char *fmt, const char *a, const char *b) {
  if (!c->log) return;
  char line[1024];
  snprintf(line, sizeof line, fmt, a, b);
  c->log(c->log_ctx, line);
}

/* mkdir -p, each new folder 0700. */
static int make_dirs(const char *dir) {
  char *p = mssa__cc_strdup(dir);
  int rc = 0;
  for (char *s = p + 1;; s++) {
    char ch = *s;
    if (ch != '/' && ch) continue;
    *s = 0;
    if (mkdir(p, 0700) && errno != EEXIST) rc = MSSA_CCACHE_EIO;
    *s = ch;
    if (!ch || rc) break;
  }
  free(p);
  return rc;
}

char *mssa_ccache_default_dir(void) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (xdg && xdg[0] == '/') return mssa__cc_path_join(xdg, "memssa");
  if (home && home[0] == '/') return mssa__cc_path_join(home, ".cache/memssa");
  return NULL;
}

static uint64_t scan(mssa_ccache *c, bool evict);
static bool is_entry_name(const char *s);

int mssa_ccache_open(const char *dir, uint64_t max_bytes,
                     void (*log)(void *ctx, const char *line), void *log_ctx,
                     mssa_ccache **out) {
  *out = NULL;
  if (!dir || !*dir || !max_bytes) return MSSA_CCACHE_EINVAL;
  char *abs = mssa__cc_path_join(".", dir);
  int fd = -1;
  struct stat st;
  if (make_dirs(abs) == 0) fd = open(abs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  /* only a directory of ours that nobody else may write: another user
  ** could otherwise plant entries (wrong IR, wrong answers) */
  if (fd >= 0 && (fstat(fd, &st) || st.st_uid != geteuid() || (st.st_mode & 022) ||
                  access(abs, W_OK | X_OK))) {
    close(fd);
    fd = -1;
  }
  if (fd < 0) {
    free(abs);
    return MSSA_CCACHE_EIO;
  }
  mssa_ccache *c = mssa__cc_realloc(NULL, sizeof *c);
  memset(c, 0, sizeof *c);
  c->dir = abs;
  c->dirfd = fd;
  c->max_bytes = max_bytes;
  c->log = log;
  c->log_ctx = log_ctx;
  pthread_mutex_init(&c->mu, NULL);
  c->memo = mssa__cchmemo_new();
  pthread_mutex_lock(&c->mu);
  c->bytes = scan(c, true);
  pthread_mutex_unlock(&c->mu);
  *out = c;
  return 0;
}

void mssa_ccache_close(mssa_ccache *c) {
  if (!c) return;
  close(c->dirfd);
  mssa__cchmemo_free(c->memo);
  pthread_mutex_destroy(&c->mu);
  free(c->dir);
  free(c);
}

const char *mssa_ccache_dir(const mssa_ccache *c) { return c->dir; }

void mssa_ccache_stats_get(mssa_ccache *c, mssa_ccache_stats *out) {
  out->hits = c->hits;
  out->misses = c->misses;
  out->errors = c->errors;
  out->stores = c->stores;
  out->evictions = c->evictions;
  pthread_mutex_lock(&c->mu);
  out->bytes = c->bytes;
  pthread_mutex_unlock(&c->mu);
  out->max_bytes = c->max_bytes;
}

/* ------------------------------------------------------------ keys */

static void push_bytes(mssa__strv *v, const char *tag, const char *s) {
  size_t k = strlen(tag) + strlen(s) + 1;
  char *b = mssa__cc_realloc(NULL, k);
  snprintf(b, k, "%s%s", tag, s);
  mssa__strv_push(v, b);
  free(b);
}

void mssa__ccache_key(const char *exe, char *const *argv, const char *dir, char *const *envp,
                      uint64_t key[2]) {
  mssa__strv v = {0};
  struct stat st;
  char id[160] = "";
  if (stat(exe, &st) == 0)   /* the compiler's identity: its file (ccache.h) */
    snprintf(id, sizeof id, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%lld.%09ld",
             (uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
             (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
  push_bytes(&v, "exe=", exe);
  push_bytes(&v, "id=", id);
  push_bytes(&v, "dir=", dir);
  for (char *const *a = argv; a && *a; a++) push_bytes(&v, "arg=", *a);
  for (char *const *e = envp; e && *e; e++) push_bytes(&v, "env=", *e);
  /* each string with its NUL: "ab","c" and "a","bc" differ */
  size_t n = 0;
  for (size_t i = 0; i < v.n; i++) n += strlen(v.a[i]) + 1;
  char *m = mssa__cc_realloc(NULL, n + 1), *p = m;
  for (size_t i = 0; i < v.n; i++) {
    size_t k = strlen(v.a[i]) + 1;
    memcpy(p, v.a[i], k);
    p += k;
  }
  key[0] = mssa_hash64(m, n, 0);
  key[1] = mssa_hash64(m, n, 0x9E3779B97F4A7C15ULL);
  free(m);
  mssa_compile_argv_free(v.a);
}

static void entry_name(const uint64_t key[2], char name[NAME_LEN + 1]) {
  int k = snprintf(name, NAME_LEN + 1, "%016" PRIx64 "%016" PRIx64 SUFFIX, key[0], key[1]);
  assert(k == NAME_LEN);   /* what is_entry_name accepts, and nothing a temp could be */
  (void)k;
}

/* --------------------------------------------------------- lookups */

static void drop(mssa_ccache *c, const char *name, const char *why) {
  c->errors++;
  if (unlinkat(c->dirfd, name, 0) && errno != ENOENT) why = "damaged, and could not be removed";
  logf_(c, "compile cache: entry %s dropped: %s", name, why);
}

/* Every dependency still has the length and hash recorded. */
static bool deps_fresh(mssa_ccache *c, const mssa__ccentry *e) {
  for (size_t i = 0; i < e->ndeps; i++) {
    uint64_t size, hash;
    if (mssa__cchmemo_hash(c->memo, e->deps[i].path, &size, &hash) || size != e->deps[i].size ||
        hash != e->deps[i].hash)
      return false;
  }
  return true;
}

int mssa__ccache_get(mssa_ccache *c, const uint64_t key[2], mssa__ccentry *out) {
  char name[NAME_LEN + 1];
  memset(out, 0, sizeof *out);
  entry_name(key, name);
  int fd = openat(c->dirfd, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    c->misses++;
    return MSSA_CCACHE_EMISS;
  }
  size_t len = 0;
  unsigned char *b = mssa__cc_read_fd(fd, c->max_bytes, &len, NULL);
  int rc = b ? mssa__ccfmt_decode(b, len, key, out) : MSSA_CCACHE_EBAD;
  free(b);
  if (rc) {
    close(fd);
    drop(c, name, "its length, checksum or key does not match (it is rebuilt)");
    c->misses++;
    return MSSA_CCACHE_EBAD;
  }
  if (!deps_fresh(c, out)) {   /* the source or a header changed: recompiled, then replaced */
    close(fd);
    mssa__ccentry_free(out);
    c->misses++;
    return MSSA_CCACHE_EMISS;
  }
  /* decode checked it (ccache.h's invariant 1): the entry is this key's */
  assert(out->key[0] == key[0] && out->key[1] == key[1]);
  futimens(fd, NULL);   /* the LRU stamp (invariant 3 of ccache.h) */
  close(fd);
  c->hits++;
  return 0;
}

/* ---------------------------------------------------------- stores */

char *mssa__ccache_temp(mssa_ccache *c, const char *what) {
  char name[96];
  snprintf(name, sizeof name, TEMP_PREFIX "%ld.%" PRIuFAST64 ".%s", (long)getpid(),
           (uint_fast64_t)c->seq++, what);
  return mssa__cc_path_join(c->dir, name);
}

void mssa_ccache_set_slow_writes(mssa_ccache *c, unsigned ms) { c->slow_ms = ms; }

#define SLOW_CHUNK 65536

static int write_all(int fd, const unsigned char *b, size_t n, unsigned slow_ms) {
  while (n) {
    if (slow_ms) nanosleep(&(struct timespec){slow_ms / 1000, (long)(slow_ms % 1000) * 1000000L},
                           NULL);
    ssize_t k = write(fd, b, slow_ms && n > SLOW_CHUNK ? SLOW_CHUNK : n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    b += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Writes b as entry `name`: temp, fsync, rename, fsync the directory. */
static int write_entry(mssa_ccache *c, const char *name, const unsigned char *b, size_t n) {
  char tmp[128];
  int fd = -1;
  for (int tries = 0; fd < 0 && tries < 8; tries++) {
    snprintf(tmp, sizeof tmp, TEMP_PREFIX "%ld.%" PRIuFAST64 ".entry", (long)getpid(),
             (uint_fast64_t)c->seq++);
    fd = openat(c->dirfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) return MSSA_CCACHE_EIO;
  assert(!strncmp(tmp, TEMP_PREFIX, strlen(TEMP_PREFIX)) && !is_entry_name(tmp));   /* inv. 2 */
  int bad = write_all(fd, b, n, c->slow_ms) || fsync(fd);
  bad = close(fd) || bad;
  if (bad || renameat(c->dirfd, tmp, c->dirfd, name)) {
    unlinkat(c->dirfd, tmp, 0);
    return MSSA_CCACHE_EIO;
  }
  fsync(c->dirfd);   /* the rename itself durable */
  return 0;
}

static bool at_or_after(struct timespec a, struct timespec b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec > b.tv_sec : a.tv_nsec >= b.tv_nsec;
}

int mssa__ccache_put(mssa_ccache *c, mssa__ccentry *e, const char *deptext, const char *dir,
                     struct timespec started) {
  mssa__strv paths = {0};
  int rc = mssa__ccfmt_depfile(deptext, dir, &paths);
  if (!rc && !paths.n) rc = MSSA_CCACHE_EMISS;   /* no list: nothing to check a hit by */
  if (!rc) {
    e->deps = mssa__cc_realloc(NULL, paths.n * sizeof *e->deps);
    for (size_t i = 0; i < paths.n && !rc; i++) {
      mssa__ccdep *d = &e->deps[i];
      d->path = mssa__cc_strdup(paths.a[i]);
      e->ndeps = i + 1;
      struct timespec changed;
      rc = mssa__cc_hash_file(d->path, &d->size, &d->hash, &changed, NULL);
      if (!rc && at_or_after(changed, started)) rc = MSSA_CCACHE_EMISS;   /* changed meanwhile */
    }
  }
  mssa_compile_argv_free(paths.a);
  if (rc) return rc;   /* uncacheable (a dependency unreadable): not an error */
  unsigned char *b;
  size_t n;
  mssa__ccfmt_encode(e, &b, &n);
  if (n > c->max_bytes) {
    free(b);
    return MSSA_CCACHE_EMISS;
  }
  char name[NAME_LEN + 1];
  entry_name(e->key, name);
  rc = write_entry(c, name, b, n);
  free(b);
  if (rc) {
    c->errors++;
    logf_(c, "compile cache: could not write entry %s in %s", name, c->dir);
    return rc;
  }
  c->stores++;
  pthread_mutex_lock(&c->mu);
  c->bytes += n;
  if (c->bytes > c->max_bytes) c->bytes = scan(c, true);
  pthread_mutex_unlock(&c->mu);
  return 0;
}

/* ------------------------------------------- eviction, verification */

typedef struct ent {
  char name[NAME_LEN + 1];
  struct timespec mtime;
  uint64_t size;
} ent;

static bool is_entry_name(const char *s) {
  if (strlen(s) != NAME_LEN || strcmp(s + 32, SUFFIX)) return false;
  for (int i = 0; i < 32; i++)
    if (!strchr("0123456789abcdef", s[i])) return false;
  return true;
}

/* Oldest first; ties by name, so every daemon evicts the same way. */
static int ent_cmp(const void *a, const void *b) {
  const ent *x = a, *y = b;
  if (x->mtime.tv_sec != y->mtime.tv_sec) return x->mtime.tv_sec < y->mtime.tv_sec ? -1 : 1;
  if (x->mtime.tv_nsec != y->mtime.tv_nsec) return x->mtime.tv_nsec < y->mtime.tv_nsec ? -1 : 1;
  return strcmp(x->name, y->name);
}

/* A temp file whose writer is gone (its pid does not exist) or old. */
static bool stale_temp(const char *name, const struct stat *st) {
  long pid = strtol(name + strlen(TEMP_PREFIX), NULL, 10);
  bool dead = pid > 0 && kill((pid_t)pid, 0) && errno == ESRCH;
  return dead || time(NULL) - st->st_mtim.tv_sec > STALE_TEMP_S;
}

/* The directory's entries (and, with `evict`, the least recently used
** ones removed past the cap, and stale temp files). Called with c->mu
** held. Returns the bytes of the entries that remain. */
static uint64_t scan(mssa_ccache *c, bool evict) {
  int lockfd = openat(c->dirfd, "lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (lockfd >= 0 && flock(lockfd, LOCK_EX | LOCK_NB)) {   /* another daemon evicts */
    close(lockfd);
    return c->bytes;
  }
  int dfd = dup(c->dirfd);
  DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
  ent *v = NULL;
  size_t n = 0, cap = 0;
  uint64_t total = 0;
  if (d) {
    rewinddir(d);
    struct dirent *de;
    while ((de = readdir(d))) {
      struct stat st;
      if (fstatat(c->dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
        continue;
      if (!strncmp(de->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX))) {
        if (evict && stale_temp(de->d_name, &st)) unlinkat(c->dirfd, de->d_name, 0);
        continue;
      }
      if (!is_entry_name(de->d_name)) continue;
      if (n == cap) v = mssa__cc_realloc(v, (cap = cap ? cap * 2 : 64) * sizeof *v);
      memcpy(v[n].name, de->d_name, NAME_LEN + 1);   /* is_entry_name: exactly that long */
      v[n].mtime = st.st_mtim;
      v[n].size = (uint64_t)st.st_size;
      total += v[n++].size;
    }
    closedir(d);
  } else if (dfd >= 0) {
    close(dfd);
  }
  if (evict && total > c->max_bytes) {
    qsort(v, n, sizeof *v, ent_cmp);
    uint64_t goal = c->max_bytes / 10 * 9;
    for (size_t i = 0; i < n && total > goal; i++) {
      /* gone already (another daemon's eviction): just not counted */
      if (unlinkat(c->dirfd, v[i].name, 0) == 0) c->evictions++;
      total -= v[i].size;
    }
  }
  assert(!evict || total <= c->max_bytes);   /* ccache.h's invariant 3 */
  free(v);
  if (lockfd >= 0) close(lockfd);   /* releases the flock */
  return total;
}

int mssa_ccache_verify(mssa_ccache *c, unsigned *good, unsigned *bad, unsigned *temps) {
  *good = *bad = *temps = 0;
  int dfd = dup(c->dirfd);
  DIR *d = dfd >= 0 ? fdopendir(dfd) : NULL;
  if (!d) {
    if (dfd >= 0) close(dfd);
    return MSSA_CCACHE_EIO;
  }
  mssa__strv names = {0};
  struct dirent *de;
  while ((de = readdir(d))) {
    if (!strncmp(de->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX))) ++*temps;
    else if (is_entry_name(de->d_name)) mssa__strv_push(&names, de->d_name);
  }
  closedir(d);
  for (size_t i = 0; i < names.n; i++) {
    int fd = openat(c->dirfd, names.a[i], O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;   /* evicted meanwhile */
    size_t len = 0;
    unsigned char *b = mssa__cc_read_fd(fd, UINT64_MAX, &len, NULL);
    close(fd);
    mssa__ccentry e;
    char want[NAME_LEN + 1] = "";
    int rc = b ? mssa__ccfmt_decode(b, len, NULL, &e) : MSSA_CCACHE_EBAD;
    free(b);
    if (!rc) entry_name(e.key, want);
    if (!rc && !strcmp(want, names.a[i])) {
      ++*good;
    } else {
      ++*bad;
      drop(c, names.a[i], "its length, checksum or name does not match");
    }
    if (!rc) mssa__ccentry_free(&e);
  }
  mssa_compile_argv_free(names.a);
  return 0;
}
