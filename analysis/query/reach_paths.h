/*
** reach_paths.h -- what reach.c asks reach_paths.c inside
** analysis/query: the paths C has, for the source view of reaching writes
** (MSSA_REACH_SOURCE_VIEW), and loop membership for "around the loop".
**
** Invariants:
**   1. A slot constraint only ever removes paths on which the slot holds a
**      value that its dispatch switch sends elsewhere; when unsure (too many
**      values, two slots, a store that is not a constant) it keeps paths.
**   2. Every search over blocks is an explicit stack bounded by the CFG.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_REACH_PATHS_H
#define MSSA_REACH_PATHS_H

#include <stdbool.h>
#include <stdint.h>

#include "mssa/mssa.h"

#define MSSA__SLOT_VALS 8

/* On the paths an item stands for, the alloca `slot` (a switch's
** dispatch variable: only loaded, and stored constants) holds one of v[]
** at its dispatch (neg: none of v[]). slot == MSSA_VAL_NONE: no constraint.
** Zeroed before use: it is compared with memcmp. */
typedef struct mssa__slotc {
  mssa_val slot;
  uint8_t neg, n;
  int64_t v[MSSA__SLOT_VALS];
} mssa__slotc;

/* Per-answer memory of which allocas are dispatch slots. */
typedef struct mssa__slots {
  mssa_val known[16];
  uint8_t simple[16];
  uint32_t n;
} mssa__slots;

/* Does block d end in a switch on a dispatch slot? (Cheap once the slot
** is known: asked before the search for the edge the walk came by.) */
bool mssa__is_dispatch(const mssa_ssa *s, mssa__slots *cache, uint32_t d);
/* The constraint of the edge from block d to its successor t when d ends in
** a switch on a dispatch slot; false when d does not, or the edge's values
** do not fit (then there is none). */
bool mssa__slot_edge(const mssa_ssa *s, mssa__slots *cache, uint32_t d, uint32_t t,
                     mssa__slotc *out);
/* *a becomes a and b; false when no value is left (no path). */
bool mssa__slot_meet(mssa__slotc *a, const mssa__slotc *b);
/* Walks the def chain from access `from` up to `to` (inclusive, stopping at
** a phi or liveOnEntry): the first store to a's slot decides it. Returns
** false when that store's constant is not allowed (the chain is not a C
** path); a store that is allowed clears *a. */
bool mssa__slot_chain(const mssa_ssa *s, uint32_t from, uint32_t to, mssa__slotc *a);
/* The one successor of block d from which block `to` is reached without
** passing d again (to itself counts), or MSSA_NONE when several are. */
uint32_t mssa__succ_toward(const mssa_ssa *s, uint32_t d, uint32_t to);
/* Is block `a` in the loop of back edge latch -> header? */
bool mssa__in_loop(const mssa_ssa *s, uint32_t header, uint32_t latch, uint32_t a);

#endif
