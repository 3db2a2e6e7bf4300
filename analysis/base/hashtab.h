/*
** hashtab.h -- a hashed set of ids: the one lookup table behind interning
** (the reader's types and constants, metadata uniquing).
**
** The table stores only ids; what an id stands for (a type, a constant, a
** node) lives in the caller's arrays, and the caller hashes and compares
** it. Lookups are inline and take the comparison as a function that the
** compiler sees at the call site, so interning stays on the reader's hot
** path without a call per probe.
**
** Invariants:
**   1. slots[j] is 0 (empty) or id + 1; cap is 0 or a power of two, and
**      n * 2 <= cap after mssa_idtab_reserve (probes always end at an empty
**      slot).
**   2. Linear probing, no deletion: an id, once added, stays until reset.
**   3. Growth rehashes every stored id through the caller's hash function,
**      which must give the hash the id was added with.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_HASHTAB_H
#define MSSA_HASHTAB_H

#include <stdint.h>

#include "base/util.h"

typedef struct mssa_idtab {
  uint32_t *slots;   /* id + 1, 0 = empty */
  uint32_t n, cap;   /* ids stored; slots (0 or a power of two) */
} mssa_idtab;

/* The hash an id was added with; ctx is the caller's (e.g. the module). */
typedef uint64_t (*mssa_idtab_hash_fn)(const void *ctx, uint32_t id);
/* 1 if id stands for the key being looked up (`key` is the caller's). */
typedef int (*mssa_idtab_eq_fn)(const void *ctx, const void *key, uint32_t id);

void mssa_idtab_free(mssa_idtab *t);
/* Empties t and sizes it for n ids (at least a small minimum). */
void mssa_idtab_reset(mssa_idtab *t, uint32_t n);
/* Makes room for one more id, rehashing (through hash) when half full.
** Call before mssa_idtab_find when the caller may then add. */
void mssa_idtab_grow_rehash(mssa_idtab *t, mssa_idtab_hash_fn hash, const void *ctx);
static inline void mssa_idtab_reserve(mssa_idtab *t, mssa_idtab_hash_fn hash, const void *ctx) {
  if ((t->n + 1) * 2 > t->cap) mssa_idtab_grow_rehash(t, hash, ctx);
}

/* The id among those added with `hash` that eq() accepts for key, or
** MSSA_NONE; then *slot is where an id for key goes (mssa_idtab_set). */
static inline uint32_t mssa_idtab_find(const mssa_idtab *t, uint64_t hash, mssa_idtab_eq_fn eq,
                                       const void *ctx, const void *key, uint32_t *slot) {
  uint32_t mask = t->cap - 1, j = (uint32_t)hash & mask;
  for (uint32_t e; (e = t->slots[j]) != 0; j = (j + 1) & mask)
    if (eq(ctx, key, e - 1)) return e - 1;
  *slot = j;
  return MSSA_NONE;
}

/* Stores id at a slot mssa_idtab_find returned (no call in between). */
static inline void mssa_idtab_set(mssa_idtab *t, uint32_t slot, uint32_t id) {
  t->slots[slot] = id + 1;
  t->n++;
}

/* Adds an id known to differ from every stored one (reopening a table);
** the caller has reserved room. */
void mssa_idtab_add(mssa_idtab *t, uint64_t hash, uint32_t id);

/* One round of the word hash the interning tables use over their fields. */
static inline uint64_t mssa_hash_mix(uint64_t h, uint64_t x) {
  h ^= x;
  h *= 1099511628211ull;
  return h ^ (h >> 31);
}
#define MSSA_HASH_SEED 1469598103934665603ull

#endif
