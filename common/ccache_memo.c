/*
** ccache_memo.c -- the hashes of dependency files that a load of many
** units asks again and again (ccache_internal.h, mssa__cchmemo): every
** unit of a project includes the same headers, and the cache's freshness
** check hashes each of them for each unit (17% of a warm load of BlueZ's
** 112 units, bench/RESULTS.md "The project in the editor").
**
** A remembered hash is used only while the file is provably the one that
** was hashed: the same device, inode, size, mtime and ctime (ctime moves
** on every write and no tool can set it back), and for at most
** MEMO_TTL_S seconds.
**
** Invariants:
**   1. Bounded: MEMO_SLOTS entries, direct-mapped by path; a new path
**      takes its slot's place.
**   2. A hit's file has the stat identity it had when it was read, and
**      that read and its stat were one open file (the fstat of the read):
**      a file changed between a stat and a read is not remembered.
**   3. Thread-safe: one mutex guards the table (units compile two at a
**      time in the daemon).
*/
#define _GNU_SOURCE   /* st_mtim */
#include "ccache_internal.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "hash64.h"

#define MEMO_SLOTS 1024u
#define MEMO_TTL_S 30

typedef struct slot {
  char *path;            /* NULL: empty */
  struct stat st;        /* the identity of the file hashed */
  uint64_t hash;
  time_t at;             /* CLOCK_MONOTONIC seconds when hashed */
} slot;

struct mssa__cchmemo {
  pthread_mutex_t mu;
  slot s[MEMO_SLOTS];
};

mssa__cchmemo *mssa__cchmemo_new(void) {
  mssa__cchmemo *m = mssa__cc_realloc(NULL, sizeof *m);
  memset(m, 0, sizeof *m);
  pthread_mutex_init(&m->mu, NULL);
  return m;
}

void mssa__cchmemo_free(mssa__cchmemo *m) {
  if (!m) return;
  for (unsigned i = 0; i < MEMO_SLOTS; i++) free(m->s[i].path);
  pthread_mutex_destroy(&m->mu);
  free(m);
}

int mssa__cchmemo_hash(mssa__cchmemo *m, const char *path, uint64_t *size, uint64_t *hash) {
  struct stat st;
  if (!m || stat(path, &st)) return mssa__cc_hash_file(path, size, hash, NULL, NULL);
  slot *x = &m->s[mssa_hash64(path, strlen(path), 0) % MEMO_SLOTS];
  time_t t = mssa__cc_now_s();
  pthread_mutex_lock(&m->mu);
  bool hit = x->path && !strcmp(x->path, path) && mssa__cc_same_file(&x->st, &st) &&
             t - x->at <= MEMO_TTL_S;
  if (hit) {
    *size = (uint64_t)x->st.st_size;
    *hash = x->hash;
  }
  pthread_mutex_unlock(&m->mu);
  if (hit) return 0;
  struct stat read_st;   /* invariant 2: the stat of the read itself */
  int rc = mssa__cc_hash_file(path, size, hash, NULL, &read_st);
  if (rc) return rc;
  pthread_mutex_lock(&m->mu);
  if (!x->path || strcmp(x->path, path)) {
    free(x->path);
    x->path = mssa__cc_strdup(path);
  }
  x->st = read_st;
  x->hash = *hash;
  x->at = t;
  assert((uint64_t)x->st.st_size == *size);   /* invariant 2: what was hashed */
  pthread_mutex_unlock(&m->mu);
  return 0;
}
