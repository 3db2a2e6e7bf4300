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

/*
** Constant slices: folding from several threads at once (phitrans.c,
** invariants 4-7). A translation may fold a constant into the module,
** which graphs built on other threads read. A caller that builds graphs of
** one module on several threads reserves slices first, on one thread, and
** points each thread at the slice of the graph it works on; a fold then
** fills that slice and never grows the module. A full slice calls its
** on_full hook (if set): when that answers true, the caller has made the
** module its own (no other thread reads it until the graph is done) and
** the fold grows the module. Else the fold fails and sets `overflow`: that
** graph must be rebuilt with no slice in use while no other thread
** touches the module (the answer is then the one-thread answer). Without a
** slice (the default) folds grow the module.
*/
typedef struct mssa_const_slice {
  uint32_t c_lo, c_n, c_cap;  /* constants [c_lo, c_lo + c_cap), c_n used */
  uint32_t o_lo, o_n, o_cap;  /* their operands in m->cops, likewise */
  bool overflow;              /* a fold found the slice full */
  bool (*on_full)(void *arg); /* NULL, or see above; set by the caller */
  void *on_full_arg;
} mssa_const_slice;

/* Appends a slice of `nconsts` constants and `nops` operands to m's
** tables (placeholders until filled) and describes it in *sl. The module
** must not be edited or read anew while its slices are in use. */
void mssa_const_slice_reserve(mssa_module *m, mssa_const_slice *sl, uint32_t nconsts,
                              uint32_t nops);
/* Empties a slice (and clears overflow; the hook stays) for the next
** graph: no graph that folded into it may be alive. */
void mssa_const_slice_reset(mssa_const_slice *sl);
/* From now on the calling thread's folds go into `sl`; NULL: into the
** module (the default). Returns the slice in use before. */
mssa_const_slice *mssa_const_slice_use(mssa_const_slice *sl);

/* LLVM's IsGuaranteedLoopInvariant(Ptr) as used by upward_defs. */
bool mssa_loop_invariant_ptr(const mssa_module *m, const mssa_func *f, mssa_val p);

/* LLVM's getInvariantGroupClobberingInstruction, or MSSA_NONE. `inst_pos`
** gives each instruction's position within its block. */
uint32_t mssa_invariant_group_clobber(const mssa_module *m, const mssa_func *f,
                                      const mssa_domtree *dt, const uint32_t *inst_pos,
                                      mssa_users **users, uint32_t inst);

#endif
