/*
** ccache.h -- the persistent cache of compiled units: the IR text clang
** produced for a C file, kept on disk so that a second compile of the same
** unit (also after a restart of the daemon) runs no clang.
**
**   mssa_ccache *c;
**   if (mssa_ccache_open(dir, 512 << 20, log, ctx, &c) == 0)
**     opts.cache = c;                  // mssa_compile_c looks up, then stores
**   ...
**   mssa_ccache_close(c);
**
** An entry is found by a 128-bit hash of the final compile command (after
** the trust policy), the compiler's identity (its resolved path and its
** file's size, mtime, inode and device: a different clang version is a
** different file), the directory and the environment clang runs in. The
** entry holds clang's dependency list (-MD) with each file's length and
** hash: a lookup re-reads and re-hashes the source and every header, and any
** difference is a miss. So the effective key is the command plus the bytes
** of every file the unit included.
**
** Invariants:
**   1. Nothing wrong is served: an entry is used only when its magic, its
**      length, its checksum (hash64 of everything after the checksum
**      field), its key and every dependency's length and hash match. A
**      damaged entry is unlinked, counted in stats.errors and logged; the
**      caller compiles as if it had missed.
**   2. Writes are atomic: a temp file with a unique name in the same
**      directory, written whole, fsynced, renamed onto the entry's name,
**      then the directory fsynced. A reader sees the old entry, the new one
**      or none, never half of one (kill -9 included); stale temp files of
**      dead writers are removed by the next eviction scan.
**   3. Bounded: the bytes of all entries stay near max_bytes: past it, the
**      least recently used entries (by mtime, which a hit sets to now) are
**      unlinked down to 90% of it. An entry larger than max_bytes is not
**      stored. Eviction takes an flock on DIR/lock, so two daemons sharing a
**      directory do not scan at once; one that finds an entry gone (evicted
**      by another) simply misses.
**   4. Thread-safe: lookups and stores may run on several threads at once.
*/
#ifndef MSSA_COMMON_CCACHE_H
#define MSSA_COMMON_CCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
  MSSA_CCACHE_EINVAL = -30,   /* bad argument */
  MSSA_CCACHE_EIO = -31,      /* the directory cannot be made or used */
  MSSA_CCACHE_EBAD = -32,     /* an entry failed its checks (dropped) */
  MSSA_CCACHE_EMISS = -33     /* no entry, or a stale one */
};

#define MSSA_CCACHE_DEFAULT_MAX_MB 512

typedef struct mssa_ccache mssa_ccache;

typedef struct mssa_ccache_stats {
  uint64_t hits;        /* lookups answered from the cache */
  uint64_t misses;      /* lookups that found no entry, or a stale one */
  uint64_t errors;      /* damaged entries dropped, and stores that failed */
  uint64_t stores;      /* entries written */
  uint64_t evictions;   /* entries unlinked by the size cap */
  uint64_t bytes;       /* bytes of entries, as last counted by this process */
  uint64_t max_bytes;
} mssa_ccache_stats;

/* Opens (creating it, mode 0700) the cache directory `dir`, which must
** be the caller's own (effective uid), writable, and not writable by group
** or others (else another user could plant entries). `log` (may be NULL)
** gets one line for each damaged entry dropped and each failed write. 0
** with *out set, or MSSA_CCACHE_EIO / _EINVAL. */
int mssa_ccache_open(const char *dir, uint64_t max_bytes,
                     void (*log)(void *ctx, const char *line), void *log_ctx,
                     mssa_ccache **out);
void mssa_ccache_close(mssa_ccache *c);
const char *mssa_ccache_dir(const mssa_ccache *c);
void mssa_ccache_stats_get(mssa_ccache *c, mssa_ccache_stats *out);

/* For tests of a kill in the middle of a write: each 64 KiB of an entry
** is followed by a pause of `ms` milliseconds (0: none, the default). */
void mssa_ccache_set_slow_writes(mssa_ccache *c, unsigned ms);

/* Checks every entry's format and checksum (not its dependencies); damaged
** ones are dropped. Sets *good and *bad (dropped), and *temps to the temp
** files present (a finished writer leaves none). 0, or MSSA_CCACHE_EIO. */
int mssa_ccache_verify(mssa_ccache *c, unsigned *good, unsigned *bad, unsigned *temps);

/* The default directory: $XDG_CACHE_HOME/memssa, else $HOME/.cache/memssa
** (malloc'ed), or NULL when neither variable is set. */
char *mssa_ccache_default_dir(void);

#endif
