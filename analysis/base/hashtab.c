/*
** hashtab.c -- the hashed id set (hashtab.h): sizing, growth and the adds
** that need no comparison.
*/
#include "base/hashtab.h"

#include "base/check.h"

#include <string.h>

/* Smallest table: interning tables start with this many slots, so a small
** module never rehashes. */
#define IDTAB_MIN 1024u

void mssa_idtab_free(mssa_idtab *t) {
  free(t->slots);
  memset(t, 0, sizeof *t);
}

void mssa_idtab_reset(mssa_idtab *t, uint32_t n) {
  uint32_t cap = IDTAB_MIN;
  while (cap < 2 * ((uint64_t)n + 1)) cap *= 2;
  uint32_t *slots = mssa_xcalloc(cap, sizeof(uint32_t));   /* first: base/oom.h */
  free(t->slots);
  t->slots = slots;
  t->cap = cap;
  t->n = 0;
}

void mssa_idtab_add(mssa_idtab *t, uint64_t hash, uint32_t id) {
  /* A power-of-two table with a free slot left, or the probe never ends. */
  MSSA_ASSERT(t->cap && (t->cap & (t->cap - 1)) == 0 && t->n < t->cap);
  uint32_t mask = t->cap - 1, j = (uint32_t)hash & mask;
  while (t->slots[j]) j = (j + 1) & mask;
  t->slots[j] = id + 1;
  t->n++;
}

void mssa_idtab_grow_rehash(mssa_idtab *t, mssa_idtab_hash_fn hash, const void *ctx) {
  mssa_idtab old = *t;
  uint32_t cap = old.cap ? old.cap * 2 : IDTAB_MIN;
  t->slots = mssa_xcalloc(cap, sizeof(uint32_t));
  t->cap = cap;
  t->n = 0;
  for (uint32_t i = 0; i < old.cap; i++)
    if (old.slots[i]) mssa_idtab_add(t, hash(ctx, old.slots[i] - 1), old.slots[i] - 1);
  free(old.slots);
}
