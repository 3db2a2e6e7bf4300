/*
** mssa_update.h -- the incremental updater: edit a function's IR in place
** (ir_edit.h) and keep its MemorySSA graph (mssa.h) equal to what a fresh
** mssa_ssa_build() of the edited function gives, up to numbering.
**
** Every entry point takes (module, function, graph, ...) where the graph was
** built for that function, edits the IR, updates the graph, and returns 0
** or a negative error (mssa_strerror). On error neither the IR nor the graph
** changes (batches: see mssa_update_batch).
**
** How much work an edit costs (see mssa_update.c for the why):
**   - memory instruction inserted / removed / moved / re-pointed, no change
**     to any object's escape state: incremental (phis added or removed only
**     where the IDF changes, renaming of the dominated def-free region,
**     use clobbers recomputed only for uses whose walk may cross the edit);
**   - an edit that changes what alias analysis knows beyond the edited
**     instruction (an object's escape state, a cast/GEP/add that phi
**     translation may find, a non-memory instruction moved or re-pointed):
**     structure as above, then every use re-optimized as a fresh build does;
**   - CFG edits (set_terminator, add/remove block, split edge/block):
**     CFG and dominator tree recomputed and the graph rebuilt in place,
**     keeping the ids of surviving defs (by instruction) and phis (by
**     block); new phis get fresh ids from the counter.
** Ids are never reused (mssa.h invariant 2), access indices of survivors
** are stable except after a CFG edit.
**
** Exactness: use clobbers are exactly a fresh build's. Use alias words
** are too, once settled: the build's use optimizer passes a word from one
** use of a location to later ones reached through a phi (mssa_optimize.c
** invariant 3), so an edit can change the words of uses it did not touch;
** the incremental path marks the graph (words_stale) and
** mssa_ssa_settle_words, which the printer and the queries call before
** reading a word, replays the optimizer's search with the known clobbers
** (linear in the function, one alias query per use, and only when a word
** is read after an edit). The differential fuzzer compares the whole
** print<memoryssa> text with a fresh build's. Budgets (check_limit) other
** than unlimited are not modelled exactly.
**
** For owners (the daemon): an edit mutates the module too -- interned
** strings/types/constants from parsed text, and instruction texts appended
** to m->text (mssa_ir_set_text; m->text may move) -- so edits need the
** module exclusively (no concurrent readers of that module). Walker caches
** on defs are invalidated where they may change; the graph owns its AA
** context and phi-translation index and refreshes both.
*/
#ifndef MSSA_MSSA_UPDATE_H
#define MSSA_MSSA_UPDATE_H

#include "ir/ir_edit.h"
#include "mssa/mssa.h"

/* Counters of how edits were handled (for tests and benchmarks). */
typedef struct mssa_update_stats {
  uint64_t edits;           /* successful edits */
  uint64_t incremental;     /* handled incrementally */
  uint64_t reoptimized;     /* every use re-optimized */
  uint64_t rebuilt;         /* graph rebuilt (CFG edits) */
  uint64_t uses_requeried;  /* uses whose clobber was recomputed */
  uint64_t phis_added, phis_removed;
} mssa_update_stats;
/* Process-wide counters (not thread-safe; for tests/benchmarks only). */
extern mssa_update_stats mssa_update_counters;

/*
** The edit operations. Validation beyond ir_edit.h's: operands of a
** (non-phi) instruction must dominate it, and a moved instruction must still
** dominate its users (code in unreachable blocks is unconstrained);
** inserting an IR phi instruction is not supported (MSSA_EINVAL). New
** instructions/blocks get fresh ids in *out_id / *out_block.
*/
int mssa_update_insert(mssa_module *m, mssa_func *f, mssa_ssa *s, const mssa_inst *proto,
                       const mssa_val *ops, uint32_t nops, mssa_where where, uint32_t anchor,
                       uint32_t *out_id);
int mssa_update_remove(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst);
int mssa_update_move(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst,
                     mssa_where where, uint32_t anchor);
int mssa_update_set_operand(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t inst,
                            uint32_t k, mssa_val v);
int mssa_update_set_terminator(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block,
                               const mssa_inst *proto, const mssa_val *ops, uint32_t nops,
                               uint32_t *out_id);
int mssa_update_add_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t after,
                          uint32_t name, uint32_t *out_block);
int mssa_update_remove_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block);
int mssa_update_split_edge(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t from,
                           uint32_t to, uint32_t *out_block);
int mssa_update_split_block(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t at,
                            uint32_t *out_block);
/* Text forms: parse one instruction (ll_read_edit.c) and insert it / make it
** the block's terminator. Parse errors: MSSA_EPARSE with *diag filled, its
** line/col relative to `text`. */
int mssa_update_insert_text(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *text,
                            size_t len, mssa_where where, uint32_t anchor, uint32_t *out_id,
                            mssa_diag *diag);
int mssa_update_set_terminator_text(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block,
                                    const char *text, size_t len, uint32_t *out_id,
                                    mssa_diag *diag);

/* ------------------------------------------------------------- batches */

typedef enum {
  MSSA_EDIT_INSERT,         /* text|proto, where, anchor -> result = new inst */
  MSSA_EDIT_REMOVE,         /* inst */
  MSSA_EDIT_MOVE,           /* inst, where, anchor */
  MSSA_EDIT_SET_OPERAND,    /* inst, index, val */
  MSSA_EDIT_SET_TERMINATOR, /* block, text|proto -> result = new terminator */
  MSSA_EDIT_ADD_BLOCK,      /* anchor = block after which (MSSA_NONE: end), index = name
                               string id or MSSA_NONE -> result = new block */
  MSSA_EDIT_REMOVE_BLOCK,   /* block */
  MSSA_EDIT_SPLIT_EDGE,     /* block = from, anchor = to -> result = new block */
  MSSA_EDIT_SPLIT_BLOCK     /* inst = first instruction of the new block -> result */
} mssa_edit_kind;

typedef struct mssa_edit_op {
  int kind;                 /* mssa_edit_kind */
  int where;                /* mssa_where (insert, move) */
  uint32_t inst, block, anchor, index;
  mssa_val val;
  const char *text;         /* instruction text, or NULL to use proto/ops */
  size_t text_len;
  const mssa_inst *proto;
  const mssa_val *ops;
  uint32_t nops;
} mssa_edit_op;

/*
** Applies ops[0..n) in order, all or none. On success results[k] (if
** results is non-NULL) holds op k's new instruction/block id or MSSA_NONE.
** On failure returns op `*failed`'s error and restores the function and the
** graph exactly (a snapshot of both is taken first: the function's arrays
** and the graph's arrays are plain vectors, so a snapshot is a few copies,
** linear in the function, much cheaper than a rebuild). Strings, types and
** constants a failed batch added to the module stay (they are interned and
** unreferenced, so harmless).
*/
int mssa_update_batch(mssa_module *m, mssa_func *f, mssa_ssa *s, const mssa_edit_op *ops,
                      uint32_t n, uint32_t *results, uint32_t *failed, mssa_diag *diag);

/* Snapshot / restore used by mssa_update_batch (exposed for the daemon). */
typedef struct mssa_update_snapshot mssa_update_snapshot;
mssa_update_snapshot *mssa_update_snapshot_take(const mssa_func *f, const mssa_ssa *s);
/* Restores f and s to the snapshot and frees it. */
void mssa_update_snapshot_restore(mssa_update_snapshot *snap, mssa_func *f, mssa_ssa *s);
void mssa_update_snapshot_free(mssa_update_snapshot *snap);

/* Re-runs use optimization over the whole function exactly as a fresh
** build does (structure untouched): afterwards even the alias words of
** uses reached through phis are a fresh build's (see "Exactness"). Linear
** in the function, with alias queries; for callers that print alias words
** after many edits. */
void mssa_update_reoptimize(mssa_module *m, mssa_func *f, mssa_ssa *s);

/* Rebuilds the graph in place from the function (what CFG edits do);
** ids of surviving defs and phis are kept. */
void mssa_update_rebuild(mssa_module *m, mssa_func *f, mssa_ssa *s);

#endif
