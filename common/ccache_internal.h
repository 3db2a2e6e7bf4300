/*
** ccache_internal.h -- what the compile cache's files share with each other
** and with the compile driver (ccache.c: the directory; ccache_fmt.c: one
** entry's bytes and clang's dependency list; compile.c: the lookup before
** clang and the store after it). Not installed.
**
** Invariants:
**   1. An entry's strings are NUL-terminated in memory (ir[ir_len] == 0),
**      whatever the bytes on disk, so the driver hands them on as clang's.
**   2. deps hold absolute paths (resolved against the command's directory).
*/
#ifndef MSSA_COMMON_CCACHE_INTERNAL_H
#define MSSA_COMMON_CCACHE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>

#include "ccache.h"
#include "compile_internal.h"

/* Caps on what an entry may hold (a larger one is not stored, and one
** that claims more is damaged). */
#define MSSA__CC_MAX_DEPS 65536
#define MSSA__CC_MAX_PATH 4096
#define MSSA__CC_MAX_NOTES 256
/* A dependency larger than this is not hashed: the unit is not cached. */
#define MSSA__CC_MAX_DEP_BYTES ((uint64_t)256 << 20)

typedef struct mssa__ccdep {
  char *path;
  uint64_t size, hash;
} mssa__ccdep;

typedef struct mssa__ccentry {
  uint64_t key[2];
  char *ir;             /* invariant 1 */
  size_t ir_len;
  char *stderr_text;    /* clang's stderr of the run that produced ir */
  mssa__strv notes;     /* the driver's remarks of that run (dropped flags) */
  unsigned dropped;
  mssa__ccdep *deps;    /* invariant 2 */
  size_t ndeps;
} mssa__ccentry;

void mssa__ccentry_free(mssa__ccentry *e);

/* ------------------------------------------------ ccache_fmt.c */

/* The bytes of an entry (malloc'ed). */
void mssa__ccfmt_encode(const mssa__ccentry *e, unsigned char **buf, size_t *len);
/* Parses and checks an entry: 0 with *out filled, or MSSA_CCACHE_EBAD
** (then *out holds nothing). `key` NULL: any key (verification). */
int mssa__ccfmt_decode(const unsigned char *buf, size_t len, const uint64_t *key,
                       mssa__ccentry *out);
/* The files of a make-style dependency list (clang -MD -MF), resolved
** against `dir`, pushed to `paths`. 0, or MSSA_CCACHE_EBAD (too many). */
int mssa__ccfmt_depfile(const char *text, const char *dir, mssa__strv *paths);
/* Reads the regular file fd whole, if it has at most `cap` bytes:
** malloc'ed (one byte more than *len), or NULL. *len may be short of what
** fstat said (the file shrank): callers check lengths. *st (may be NULL)
** gets the file's stat. */
unsigned char *mssa__cc_read_fd(int fd, uint64_t cap, size_t *len, struct stat *st);
/* Reads `path` whole: *size and *hash (mssa_hash64), (changed not NULL)
** the later of its mtime and ctime, and (st not NULL) the stat of the
** open file read. 0, or MSSA_CCACHE_EMISS (gone, unreadable, or beyond
** MSSA__CC_MAX_DEP_BYTES). */
int mssa__cc_hash_file(const char *path, uint64_t *size, uint64_t *hash,
                       struct timespec *changed, struct stat *st);

/* ------------------------------------------------ ccache_memo.c */

/* Remembered hashes of dependency files, for the freshness checks of one
** cache (ccache_memo.c): a file's hash is reused while its stat identity
** (device, inode, size, mtime, ctime) is unchanged, for at most 30 s. */
typedef struct mssa__cchmemo mssa__cchmemo;
mssa__cchmemo *mssa__cchmemo_new(void);
void mssa__cchmemo_free(mssa__cchmemo *m);
/* mssa__cc_hash_file's size and hash, through the memo (m NULL: none). */
int mssa__cchmemo_hash(mssa__cchmemo *m, const char *path, uint64_t *size, uint64_t *hash);

/* ------------------------------------------------ ccache.c */

/* The key of a compile: the compiler `exe` (its identity: path and file
** stat), argv, the directory and the environment. */
void mssa__ccache_key(const char *exe, char *const *argv, const char *dir, char *const *envp,
                      uint64_t key[2]);
/* 0 with *out the entry (every dependency re-hashed and equal), or
** MSSA_CCACHE_EMISS / MSSA_CCACHE_EBAD (dropped, logged). Counts it. */
int mssa__ccache_get(mssa_ccache *c, const uint64_t key[2], mssa__ccentry *out);
/* Stores e (e->deps filled from the dependency list `deptext`, resolved
** against `dir`), unless a dependency changed at or after `started` (the
** file system's time when clang started: clang may have read the old
** bytes, and the hash would be of the new ones). 0, or a negative code
** (counted as an error when it is not merely uncacheable). */
int mssa__ccache_put(mssa_ccache *c, mssa__ccentry *e, const char *deptext, const char *dir,
                     struct timespec started);
/* A fresh temp path in the cache directory for clang's dependency list
** (malloc'ed); the caller unlinks it. */
char *mssa__ccache_temp(mssa_ccache *c, const char *what);

#endif
