/*
** replycache.c -- one generational reply cache: a fixed table of encoded
** replies under request keys (replycache.h), what the clobber, `accesses`
** and raw caches of the protocol each are.
**
** Why one module: the three were hand-written copies of one idea (a hashed
** table of reply texts, freed by generation, bounded) that had drifted
** apart: one had a byte cap, one two slot choices, one neither.
**
** Invariants:
**   1. Bounded: at most nslots entries, keys of at most max_key bytes, and
**      at most max_bytes of keys and replies held (c->bytes); a reply that
**      would pass the cap is not kept (the request is answered anyway).
**   2. One generation at a time: every entry held is of generation c->gen.
**      A store of a newer generation first frees every entry (those of
**      c->filled), so dead replies never pile up until their slot is
**      reused; a lookup of another generation finds nothing.
**   3. A key is compared byte for byte (its hash only picks the slots), so
**      a hit is always this very key's reply; a key is held in one slot.
**   4. c->filled lists exactly the slots whose key is not NULL, and
**      c->bytes is the sum of their klen + len.
*/
#include <stdlib.h>
#include <string.h>

#include "replycache.h"

/* splitmix64's finalizer: every bit of FNV's hash moves the low bits and
** the high half, so both slot choices spread. */
static uint64_t mix(uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  return h ^ h >> 31;
}

static uint32_t slot_of(const mssa__replycache *c, uint64_t h, uint32_t way) {
  return (uint32_t)(way ? h >> 32 : h) & (c->nslots - 1);
}

void mssa__rc_init(mssa__replycache *c, uint32_t nslots, uint32_t ways, size_t max_key,
                   size_t max_bytes) {
  MSSA_ASSERT(nslots && !(nslots & (nslots - 1)) && (ways == 1 || ways == 2));
  memset(c, 0, sizeof *c);
  c->nslots = nslots;
  c->ways = ways;
  c->max_key = max_key;
  c->max_bytes = max_bytes;
}

static bool holds(const mssa__rcentry *e, uint64_t h, const void *key, size_t klen) {
  return e->key && e->hash == h && e->klen == klen && !memcmp(e->key, key, klen);
}

const mssa__rcentry *mssa__rc_get(const mssa__replycache *c, uint64_t gen, const void *key,
                                  size_t klen) {
  if (!c->slot || gen != c->gen || klen > c->max_key) return NULL;   /* invariant 2 */
  uint64_t h = mix(mssa_hash(key, klen));
  for (uint32_t w = 0; w < c->ways; w++) {
    const mssa__rcentry *e = &c->slot[slot_of(c, h, w)];
    if (holds(e, h, key, klen)) {   /* invariant 3 */
      MSSA_ASSERT(e->text && e->len + e->klen <= c->bytes);   /* invariant 4 */
      return e;
    }
  }
  return NULL;
}

static void drop(mssa__replycache *c, mssa__rcentry *e) {
  MSSA_ASSERT(e->key && c->bytes >= e->klen + e->len);
  c->bytes -= e->klen + e->len;
  free(e->key);
  free(e->text);
  e->key = e->text = NULL;
}

/* Invariant 2: frees every entry when gen is newer than what is held. */
static void flush_older(mssa__replycache *c, uint64_t gen) {
  if (gen == c->gen) return;
  for (uint32_t i = 0; i < c->filled.n; i++) drop(c, &c->slot[c->filled.a[i]]);
  MSSA_ASSERT(c->bytes == 0);
  c->filled.n = 0;
  c->gen = gen;
}

/* The slot a store of key (hash h) takes: the one holding it already
** (invariant 3), else the first empty one, else the last choice. */
static mssa__rcentry *store_slot(mssa__replycache *c, uint64_t h, const void *key, size_t klen) {
  mssa__rcentry *empty = NULL, *e = NULL;
  for (uint32_t w = 0; w < c->ways; w++) {
    e = &c->slot[slot_of(c, h, w)];
    if (holds(e, h, key, klen)) return e;
    if (!e->key && !empty) empty = e;
  }
  return empty ? empty : e;
}

mssa__rcentry *mssa__rc_put(mssa__replycache *c, uint64_t gen, const void *key, size_t klen,
                            char *text, size_t len) {
  if (!text || klen > c->max_key) {
    free(text);
    return NULL;
  }
  if (!c->slot) c->slot = mssa_xcalloc(c->nslots, sizeof *c->slot);
  flush_older(c, gen);
  uint64_t h = mix(mssa_hash(key, klen));
  mssa__rcentry *e = store_slot(c, h, key, klen);
  size_t old = e->key ? e->klen + e->len : 0;
  if (c->bytes - old + klen + len > c->max_bytes) {   /* invariant 1 */
    free(text);
    return NULL;
  }
  /* Every allocation before the first change: one that fails inside a
  ** request's scope (base/oom.h) leaves the cache as it was, so the
  ** cleanup's mssa__rc_free finds every listed slot holding a key. */
  char *k = mssa_xmalloc(klen ? klen : 1);
  memcpy(k, key, klen);
  if (e->key) drop(c, e);
  else mssa_vec_push(&c->filled, (uint32_t)(e - c->slot));   /* e is still empty if it fails */
  *e = (mssa__rcentry){h, k, klen, text, len, NULL, 0, false};
  c->bytes += klen + len;
  MSSA_ASSERT(c->filled.n <= c->nslots && c->bytes <= c->max_bytes);   /* invariants 1, 4 */
  return e;
}

void mssa__rc_usage(const mssa__replycache *c, size_t *entries, size_t *bytes) {
  MSSA_ASSERT(c->filled.n <= c->nslots && c->bytes <= c->max_bytes);   /* invariants 1, 4 */
  *entries = c->slot ? c->filled.n : 0;
  *bytes = c->slot ? c->nslots * sizeof *c->slot + c->bytes : 0;
}

void mssa__rc_free(mssa__replycache *c) {
  if (c->slot)
    for (uint32_t i = 0; i < c->filled.n; i++) drop(c, &c->slot[c->filled.a[i]]);
  free(c->slot);
  mssa_vec_free(&c->filled);
  c->slot = NULL;
  c->bytes = 0;
}
