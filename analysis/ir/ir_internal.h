/*
** ir_internal.h -- what the IR's files share with each other, beyond the
** public ir.h:
**   - which metadata nodes LLVM would unique together (md_unique.c), for
**     the printer's metadata numbering (ir.c);
**   - the explicit depth-first search layout.c and md_unique.c walk their
**     graphs with.
*/
#ifndef MSSA_IR_INTERNAL_H
#define MSSA_IR_INTERNAL_H

#include "ir/ir.h"

/* Fills m->md_canon: md index -> the first structurally equal node LLVM
** would unique it with (md_unique.c). Iterative; linear in the metadata. */
void mssa__md_unique(mssa_module *m);

/* Iterative depth-first search over ids 0..n-1: a stack of (id, index of
** the next child) pairs and a state per id (0 new, 1 on the stack, 2 done),
** so nesting the input controls never recurses. The stack holds each id
** at most once (it is pushed only while new). */
typedef struct mssa__dfs {
  uint32_t *stk;     /* 2 entries per id on the stack */
  uint8_t *state;
  uint32_t sp;
} mssa__dfs;

static inline void mssa__dfs_init(mssa__dfs *d, uint32_t n) {
  d->stk = (uint32_t *)mssa_xmalloc((size_t)(n ? n : 1) * 2 * sizeof(uint32_t));
  d->state = (uint8_t *)mssa_xcalloc(n ? n : 1, 1);
  d->sp = 0;
}
static inline void mssa__dfs_free(mssa__dfs *d) {
  free(d->stk);
  free(d->state);
}
static inline void mssa__dfs_push(mssa__dfs *d, uint32_t id) {
  d->state[id] = 1;
  d->stk[d->sp++] = id;
  d->stk[d->sp++] = 0;
}

#endif
