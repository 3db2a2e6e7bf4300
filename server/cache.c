/*
** cache.c -- the daemon's persistent cache of compiled units: where it is
** (--cache-dir, $XDG_CACHE_HOME/memssa, ~/.cache/memssa, or none with
** --no-cache), its cap (--cache-max-mb), the log line for each damaged
** entry, and `memssad --cache-verify` (common/ccache.h does the work).
**
** Invariants:
**   1. A cache that cannot be opened never stops the daemon: it logs a
**      warning and compiles without one (every load runs clang, as before).
**   2. srv->ccache is set once, before anything listens, and freed after
**      the loop has stopped: pool threads only ever see it set or NULL.
*/
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "server.h"

/* ccache.h's log callback: a damaged entry or a failed write. */
static void cache_log(void *ctx, const char *line) {
  (void)ctx;
  MSSAD_WARN("%s", line);
}

/* The directory the options name (malloc'ed), or NULL for no cache. */
static char *cache_dir(const mssad_config *cfg) {
  if (cfg->no_cache) return NULL;
  if (cfg->cache_dir) return mssa_xstrndup(cfg->cache_dir, strlen(cfg->cache_dir));
  return mssa_ccache_default_dir();
}

static uint64_t cache_cap(const mssad_config *cfg) {
  return (uint64_t)(cfg->cache_max_mb ? cfg->cache_max_mb : MSSA_CCACHE_DEFAULT_MAX_MB) << 20;
}

void mssad_cache_open(mssad_server *s) {
  assert(!s->ccache);   /* invariant 2: once */
  char *dir = cache_dir(&s->cfg);
  if (!dir) {
    MSSAD_DEBUG("no compile cache");
    return;
  }
  if (mssa_ccache_open(dir, cache_cap(&s->cfg), cache_log, s, &s->ccache)) {
    MSSAD_WARN("compile cache %s cannot be used (it must be a directory of yours that only "
               "you may write): compiling without a cache", dir);
    free(dir);
    return;
  }
  MSSAD_DEBUG("compile cache %s (at most %u MB)", dir, (unsigned)(cache_cap(&s->cfg) >> 20));
  /* for tests only (compile-cache.t): a kill -9 that lands mid-write */
  const char *slow = getenv("MEMSSA_TEST_CACHE_SLOW_WRITES_MS");
  if (slow && *slow) mssa_ccache_set_slow_writes(s->ccache, (unsigned)strtoul(slow, NULL, 10));
  free(dir);
}

void mssad_cache_close(mssad_server *s) {
  mssa_ccache_close(s->ccache);
  s->ccache = NULL;
}

struct mssa_ccache *mssad_cache_host(mssa_proto_host *h) {
  mssad_server *s = h->data;
  return s->ccache;
}

int mssad_cache_verify_main(const mssad_config *cfg) {
  char *dir = cache_dir(cfg);
  mssa_ccache *c = NULL;
  if (!dir || mssa_ccache_open(dir, cache_cap(cfg), cache_log, NULL, &c)) {
    fprintf(stderr, "memssad: no usable compile cache%s%s\n", dir ? " at " : "", dir ? dir : "");
    free(dir);
    return 1;
  }
  unsigned good, bad, temps;
  int rc = mssa_ccache_verify(c, &good, &bad, &temps);
  printf("%s: %u entries good, %u damaged (dropped), %u temp files\n", dir, good, bad, temps);
  mssa_ccache_close(c);
  free(dir);
  return rc || bad ? 1 : 0;
}
