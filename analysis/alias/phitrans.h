/*
** phitrans.h -- pointer translation across MemoryPhis, and the other
** IR facts the walker asks beside alias queries (loop invariance of a
** pointer, invariant.group clobbers). Used by the walker (mssa/) and the
** updater (update/), which owns the graph's user index. See phitrans.c for
** the rules and invariants.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_PHITRANS_H
#define MSSA_PHITRANS_H

#include <stdbool.h>

#include "cfg/domtree.h"
#include "ir/ir.h"

/* A lazily built index from values to the instructions that use them. */
typedef struct mssa_users mssa_users;
/* Frees the index (NULL is fine); it must be dropped whenever the IR it
** was built from changes. */
void mssa_users_free(mssa_users *u);

/* Translates `addr` from block `cur` into predecessor `pred`. Returns true
** and sets *out on success; false when LLVM's PHITransAddr would fail.
** *users is the caller's user index (built on demand; may start NULL).
** Folding may intern new constants into `m` (see phitrans.c). */
bool mssa_phi_translate(mssa_module *m, const mssa_func *f, const mssa_domtree *dt,
                        mssa_users **users, mssa_val addr, uint32_t cur, uint32_t pred,
                        mssa_val *out);

/* LLVM's IsGuaranteedLoopInvariant(Ptr) as used by upward_defs. */
bool mssa_loop_invariant_ptr(const mssa_module *m, const mssa_func *f, mssa_val p);

/* LLVM's getInvariantGroupClobberingInstruction, or MSSA_NONE. `inst_pos`
** gives each instruction's position within its block. */
uint32_t mssa_invariant_group_clobber(const mssa_module *m, const mssa_func *f,
                                      const mssa_domtree *dt, const uint32_t *inst_pos,
                                      mssa_users **users, uint32_t inst);

#endif
