/*
** compile_db.c -- the realpaths of a compile_commands.json's files, taken
** once while it is unchanged (compile_internal.h, mssa__ccdb_get): a
** project load looks up
** the command of each of its units, and each look-up parsed the whole file
** and took the realpath of every entry's file, so a load of N units cost
** N^2 realpaths (23% of a warm load of BlueZ's 112 units, bench/RESULTS.md
** "The project in the editor").
**
** Invariants:
**   1. One database is kept, with the stat identity (device, inode, size,
**      mtime, ctime) of the open file it was parsed from, for at most
**      DB_TTL_S seconds: a look-up whose file has another identity, or
**      comes later, parses it again. The realpaths of its entries are
**      those of that time: the TTL bounds how long a moved symlink goes
**      unseen.
**   2. A database handed out is reference-counted: replacing the kept one
**      never frees one a look-up on another thread still reads.
**   3. One mutex guards the slot; parsing runs outside it.
**   4. Only the realpaths are kept, in plain allocations: the JSON is
**      parsed for each look-up (jansson's blocks belong to the request's
**      out-of-memory scope, base/oom.h, which may free them on failure),
**      and parsing is cheap beside a realpath per entry.
*/
#define _GNU_SOURCE   /* st_mtim */
#include "compile_internal.h"

#include <assert.h>
#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define DB_TTL_S 30
/* The realpaths of a larger file are not kept. */
#define DB_MAX_BYTES ((off_t)64 << 20)

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static mssa__ccdb *kept;   /* invariant 1 */

/* The canonical files of root's entries, computed now. */
static mssa__ccdb *make(const char *db, const struct stat *st, json_t *root) {
  mssa__ccdb *d = mssa__cc_realloc(NULL, sizeof *d);
  memset(d, 0, sizeof *d);
  d->path = mssa__cc_strdup(db);
  d->st = *st;
  d->at = mssa__cc_now_s();
  d->n = json_array_size(root);
  d->canon = mssa__cc_realloc(NULL, (d->n ? d->n : 1) * sizeof *d->canon);
  for (size_t i = 0; i < d->n; i++) {
    json_t *e = json_array_get(root, i);
    const char *dir = json_string_value(json_object_get(e, "directory"));
    const char *file = json_string_value(json_object_get(e, "file"));
    d->canon[i] = dir && file ? mssa__cc_canon(dir, file) : NULL;
  }
  atomic_init(&d->refs, 1);
  return d;
}

static void unref(mssa__ccdb *d) {
  if (!d || atomic_fetch_sub(&d->refs, 1) != 1) return;
  for (size_t i = 0; i < d->n; i++) free(d->canon[i]);
  free(d->canon);
  free(d->path);
  free(d);
}

int mssa__ccdb_get(const char *db, json_t **root, mssa__ccdb **out) {
  *root = NULL;
  *out = NULL;
  struct stat st, after;
  if (stat(db, &st)) return MSSA_COMPILE_EDB;
  json_t *r = json_load_file(db, 0, NULL);
  if (!json_is_array(r)) {
    json_decref(r);
    return MSSA_COMPILE_EDB;
  }
  /* invariant 1: what was parsed is the file of identity st */
  bool stable = !stat(db, &after) && mssa__cc_same_file(&st, &after);
  size_t n = json_array_size(r);
  time_t t = mssa__cc_now_s();
  pthread_mutex_lock(&mu);
  mssa__ccdb *d = kept;
  if (d && (!stable || strcmp(d->path, db) || !mssa__cc_same_file(&d->st, &st) || d->n != n ||
            t - d->at > DB_TTL_S))
    d = NULL;
  if (d) atomic_fetch_add(&d->refs, 1);
  pthread_mutex_unlock(&mu);
  if (!d) {
    d = make(db, &st, r);
    if (stable && st.st_size <= DB_MAX_BYTES) {
      atomic_fetch_add(&d->refs, 1);   /* the slot's reference */
      pthread_mutex_lock(&mu);
      mssa__ccdb *old = kept;
      kept = d;
      pthread_mutex_unlock(&mu);
      unref(old);
    }
  }
  assert(d->n == n);   /* one canonical path per entry of the array parsed */
  *root = r;
  *out = d;
  return 0;
}

void mssa__ccdb_release(mssa__ccdb *d) { unref(d); }
