/*
** domtree.h -- CFG in compressed form, LLVM-14-compatible dominator tree,
** and iterated dominance frontiers.
**
** The graph is generic (nodes 0..n-1, successor lists in CSR form) so the
** algorithms can be unit-tested without IR. mssa_cfg_from_func() builds it
** from a function: node = block id, successors in terminator order with
** duplicate edges kept (a `switch` with two cases to one block has two edges).
**
** Invariants:
**   1. Every traversal is iterative: a 100,000-block chain or 100,000 nested
**      loops must not overflow the C stack.
**   2. The dominator tree is the one LLVM 14's SemiNCA builder produces:
**      children in the order LLVM attaches them, DFS-in/out numbers as
**      DominatorTree::updateDFSNumbers assigns them, levels from the root 0.
**   3. Unreachable nodes have idom == MSSA_NONE, level == MSSA_NONE and are
**      absent from `preorder`; the entry has idom == MSSA_NONE, level 0.
**   4. mssa_idf() lists blocks in the order LLVM 14's IDFCalculator appends
**      them to PHIBlocks, so MemoryPhi ids match opt's.
*/
#ifndef MSSA_DOMTREE_H
#define MSSA_DOMTREE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "base/util.h"

typedef struct mssa_cfg {
  uint32_t n;          /* number of nodes (block ids 0..n-1, removed blocks isolated) */
  uint32_t entry;      /* entry node */
  uint32_t *succ_off;  /* n+1 offsets into succ */
  uint32_t *succ;      /* successors, terminator order, duplicates kept */
  uint32_t *pred_off;  /* n+1 offsets into pred */
  uint32_t *pred;      /* predecessors: for each node, in increasing order of
                          the predecessor's node id, one entry per edge */
} mssa_cfg;

/* Builds the CFG of a function (blocks that are removed get no edges). */
void mssa_cfg_from_func(mssa_cfg *g, const mssa_func *f);
/* Builds a CFG from an edge list (tests): edges[2k] -> edges[2k+1] in order. */
void mssa_cfg_from_edges(mssa_cfg *g, uint32_t n, uint32_t entry,
                         const uint32_t *edges, uint32_t nedges);
void mssa_cfg_free(mssa_cfg *g);

typedef struct mssa_domtree {
  uint32_t n;
  uint32_t root;
  uint32_t *idom;       /* immediate dominator or MSSA_NONE */
  uint32_t *level;      /* depth (root 0) or MSSA_NONE if unreachable */
  uint32_t *dfs_in;     /* DFS numbers as LLVM's updateDFSNumbers */
  uint32_t *dfs_out;
  uint32_t *child_off;  /* n+1 offsets into child */
  uint32_t *child;      /* dominator-tree children, LLVM's order */
  uint32_t *preorder;   /* reachable nodes in dominator-tree preorder */
  uint32_t npreorder;
} mssa_domtree;

void mssa_domtree_build(mssa_domtree *dt, const mssa_cfg *g);
void mssa_domtree_free(mssa_domtree *dt);

static inline bool mssa_dt_reachable(const mssa_domtree *dt, uint32_t b) {
  return b == dt->root || dt->idom[b] != MSSA_NONE;
}
/* Does block a dominate block b? (Reflexive; false if either is unreachable.) */
static inline bool mssa_dt_dominates(const mssa_domtree *dt, uint32_t a, uint32_t b) {
  if (!mssa_dt_reachable(dt, a) || !mssa_dt_reachable(dt, b)) return false;
  return dt->dfs_in[a] <= dt->dfs_in[b] && dt->dfs_out[b] <= dt->dfs_out[a];
}

/*
** Iterated dominance frontier of `defs` (ndefs node ids, any order, may repeat),
** appended to *out in LLVM 14's order. No liveness pruning.
*/
void mssa_idf(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
              uint32_t ndefs, mssa_u32vec *out);

/*
** Flags of mssa_idf_ex().
**   MSSA_IDF_REVERSE_SUCC: inspect each block's CFG successors in *reverse*
**     terminator order. LLVM 14's MemorySSAUpdater::applyInsertUpdates builds
**     `ForwardIDFCalculator IDFs(DT, GD)` with a GraphDiff, whose
**     getChildren<false>() returns the successor list reversed (then minus
**     the diff's deleted edges, plus its inserted edges appended). With an
**     empty diff that is exactly this flag; for a non-empty diff, build a
**     CFG whose successor lists are already in GraphDiff order and pass 0.
**     (From reading CFGDiff.h / IteratedDominanceFrontier.h; no opt pass
**     prints an updater-computed IDF, so not confirmed against opt.)
*/
enum { MSSA_IDF_REVERSE_SUCC = 1u };

/* mssa_idf() with `flags` (MSSA_IDF_*); mssa_idf() is flags == 0. dt, g,
** defs, ndefs and out mean what they mean for mssa_idf(). */
void mssa_idf_ex(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
                 uint32_t ndefs, unsigned flags, mssa_u32vec *out);

/* mssa_idf_ex() with LLVM's liveness pruning (IDFCalculator::setLiveInBlocks,
** as PromoteMemToReg uses it): live_in[b] non-zero for the blocks where the
** value is live on entry; NULL means no pruning. */
void mssa_idf_live(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
                   uint32_t ndefs, unsigned flags, const uint8_t *live_in, mssa_u32vec *out);

#endif
