/*
** idf.c -- iterated dominance frontier in LLVM 14's order
** (IDFCalculatorBase::calculate, llvm/Support/GenericIteratedDominanceFrontier.h,
** with the BasicBlock ChildrenGetter of llvm/Analysis/IteratedDominanceFrontier.h).
**
** Invariants:
**   1. The priority queue is a max-heap on (level, dfs_in). Distinct nodes
**      have distinct keys, and a node is pushed at most once (defining nodes
**      at the start, others when they first enter the IDF), so the pop order
**      is fully determined by the keys: any correct heap reproduces
**      std::priority_queue's order.
**   2. For each popped root, its dominator subtree is walked with a LIFO
**      worklist: pop the last entry, inspect its CFG successors in terminator
**      order (duplicates included; LLVM's ChildrenGetter does not reverse),
**      then push its dominator-tree children in child order, each only if it
**      was never pushed before in this whole calculation (VisitedWorklist is
**      not reset between roots, and starts out holding the defining nodes).
**   3. A successor joins the IDF at most once (VisitedPQ); it is appended
**      when first seen with level <= the root's level, and pushed on the
**      heap unless it is itself a defining node.
**   4. Unreachable defining blocks are ignored (LLVM: DT.getNode() == null).
**   5. Iterative, O(n + m + k log k) per call, scratch memory O(n).
**   6. MSSA_IDF_REVERSE_SUCC only changes the successor order of step 2, to
**      the order GraphDiff::getChildren<false> yields (reversed successor
**      list) when LLVM builds the calculator with a GraphDiff.
**   7. With live_in (mssa_idf_live), a successor that is not live-in is
**      marked seen (VisitedPQ) but neither listed nor pushed, exactly where
**      LLVM's calculator checks its LiveInBlocks.
*/
#include "cfg/domtree.h"

#include "base/check.h"

#include <string.h>

/* Per-node flags: a defining node, already in the IDF (LLVM's VisitedPQ),
** already pushed on the subtree worklist (VisitedWorklist). */
enum { IDF_DEF = 1, IDF_VPQ = 2, IDF_VWL = 4 };

/* Heap order: is node a's key (level, dfs_in) less than node b's? */
static inline bool idf_less(const mssa_domtree *dt, uint32_t a, uint32_t b) {
  if (dt->level[a] != dt->level[b]) return dt->level[a] < dt->level[b];
  return dt->dfs_in[a] < dt->dfs_in[b];
}

/* Push node `v` onto max-heap `h` holding `*hn` nodes. */
static void idf_push(const mssa_domtree *dt, uint32_t *h, uint32_t *hn, uint32_t v) {
  uint32_t i = (*hn)++;
  while (i > 0) {
    uint32_t p = (i - 1) / 2;
    if (!idf_less(dt, h[p], v)) break;
    h[i] = h[p];
    i = p;
  }
  h[i] = v;
}

/* Pop and return the maximum of heap `h` (non-empty). */
static uint32_t idf_pop(const mssa_domtree *dt, uint32_t *h, uint32_t *hn) {
  uint32_t top = h[0], v = h[--(*hn)], n = *hn, i = 0;
  for (;;) {
    uint32_t c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && idf_less(dt, h[c], h[c + 1])) c++;
    if (!idf_less(dt, v, h[c])) break;
    h[i] = h[c];
    i = c;
  }
  if (n) h[i] = v;
  return top;
}

void mssa_idf(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
              uint32_t ndefs, mssa_u32vec *out) {
  mssa_idf_ex(dt, g, defs, ndefs, 0, out);
}

void mssa_idf_ex(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
                 uint32_t ndefs, unsigned flags, mssa_u32vec *out) {
  mssa_idf_live(dt, g, defs, ndefs, flags, NULL, out);
}

void mssa_idf_live(const mssa_domtree *dt, const mssa_cfg *g, const uint32_t *defs,
                   uint32_t ndefs, unsigned flags, const uint8_t *live_in, mssa_u32vec *out) {
  uint32_t n = dt->n;
  const bool rev = (flags & MSSA_IDF_REVERSE_SUCC) != 0;
  if (n == 0 || ndefs == 0) return;
  uint8_t *flag = mssa_xcalloc(n, 1);           /* IDF_* bits per node */
  uint32_t *heap = mssa_xmalloc((size_t)n * sizeof(uint32_t));
  uint32_t *wl = mssa_xmalloc((size_t)n * sizeof(uint32_t));
  uint32_t hn = 0;

  for (uint32_t k = 0; k < ndefs; k++) {
    uint32_t b = defs[k];
    if (b >= n || !mssa_dt_reachable(dt, b) || (flag[b] & IDF_DEF)) continue;
    flag[b] |= IDF_DEF | IDF_VWL;
    MSSA_ASSERT(hn < n); /* invariant 1: a node is pushed at most once */
    idf_push(dt, heap, &hn, b);
  }

  while (hn) {
    uint32_t root = idf_pop(dt, heap, &hn);
    uint32_t root_level = dt->level[root];
    MSSA_ASSERT(root < n && root_level != MSSA_NONE); /* invariant 4 */
    /* A worklist entry is either the root or a never-before-pushed node
    ** (invariant 2), so the worklist never exceeds n entries. */
    uint32_t sp = 0;
    wl[sp++] = root;
    while (sp) {
      uint32_t v = wl[--sp];
      uint32_t e0 = g->succ_off[v], e1 = g->succ_off[v + 1];
      for (uint32_t e = e0; e < e1; e++) {
        uint32_t s = g->succ[rev ? e1 - 1 - (e - e0) : e];
        if (dt->level[s] > root_level) continue;
        if (flag[s] & IDF_VPQ) continue;
        flag[s] |= IDF_VPQ;
        if (live_in && !live_in[s]) continue;
        mssa_vec_push(out, s);
        if (!(flag[s] & IDF_DEF)) {
          MSSA_ASSERT(hn < n); /* invariant 1: pushed at most once */
          idf_push(dt, heap, &hn, s);
        }
      }
      for (uint32_t c = dt->child_off[v]; c < dt->child_off[v + 1]; c++) {
        uint32_t ch = dt->child[c];
        if (flag[ch] & IDF_VWL) continue;
        flag[ch] |= IDF_VWL;
        MSSA_ASSERT(sp < n); /* invariant 2: never more than n entries */
        wl[sp++] = ch;
      }
    }
  }

  free(flag);
  free(heap);
  free(wl);
}
