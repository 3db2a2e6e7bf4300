/*
** domtree.c -- CFG construction (CSR) and the LLVM-14-compatible dominator
** tree (SemiNCA, as llvm/Support/GenericDomTreeConstruction.h builds it).
**
** Invariants:
**   1. No recursion anywhere: every walk uses an explicit, heap-allocated
**      stack sized from the graph, so depth is bounded only by memory.
**   2. Arrays and indices only: a CFG is four arrays, a dominator tree a
**      fixed set of n-sized arrays; no per-node allocation.
**   3. DFS numbers used during construction are 1-based like LLVM's
**      (0 = "not visited"); the root is 1 and its spanning-tree parent is 0.
**   4. The spanning-tree DFS visits successors in terminator order, a node
**      being numbered when it is first popped, and its spanning-tree parent
**      is the node whose push was popped (LLVM pushes the reversed successor
**      list on a LIFO worklist, which is exactly this).
**   5. Dominator-tree children are attached in increasing DFS-number order
**      (LLVM's attachNewSubtree creates nodes in NumToNode order and
**      appends each to its idom's children), so child order = discovery order.
**   6. dfs_in/dfs_out share one counter starting at 0 at the root, children
**      walked in child order (DominatorTreeBase::updateDFSNumbers).
**   7. Edges whose endpoints are out of range, removed, or otherwise invalid
**      are dropped when the CFG is built, so later code need not check.
*/
#include "cfg/domtree.h"

#include "base/check.h"

#include <string.h>

/* ------------------------------------------------------------------ CFG */

/*
** Builds the CSR arrays of `g` from an edge list that has already been
** validated. `src`/`dst` hold `m` edges, listed so that edges of one source
** appear in successor order (the sources themselves may interleave).
** The counting sort keeps each source's edges in list order (stable) and
** builds predecessor lists ordered by predecessor id, one entry per edge.
*/
static void cfg_build(mssa_cfg *g, uint32_t n, uint32_t entry,
                      const uint32_t *src, const uint32_t *dst, uint32_t m) {
  memset(g, 0, sizeof *g);
  g->n = n;
  g->entry = entry;
  g->succ_off = mssa_xcalloc((size_t)n + 1, sizeof(uint32_t));
  g->pred_off = mssa_xcalloc((size_t)n + 1, sizeof(uint32_t));
  g->succ = mssa_xmalloc((size_t)m * sizeof(uint32_t));
  g->pred = mssa_xmalloc((size_t)m * sizeof(uint32_t));
  for (uint32_t k = 0; k < m; k++) {
    MSSA_ASSERT(src[k] < n && dst[k] < n); /* invariant 7: validated edges only */
    g->succ_off[src[k] + 1]++;
    g->pred_off[dst[k] + 1]++;
  }
  for (uint32_t v = 0; v < n; v++) {
    g->succ_off[v + 1] += g->succ_off[v];
    g->pred_off[v + 1] += g->pred_off[v];
  }
  /* Fill cursors: reuse a scratch array rather than mutating offsets. */
  uint32_t *cur = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  memcpy(cur, g->succ_off, ((size_t)n + 1) * sizeof(uint32_t));
  for (uint32_t k = 0; k < m; k++) g->succ[cur[src[k]]++] = dst[k];
  /* Predecessors: scanning sources in increasing id (via the finished succ
  ** lists) yields each pred list sorted by predecessor id. */
  memcpy(cur, g->pred_off, ((size_t)n + 1) * sizeof(uint32_t));
  for (uint32_t u = 0; u < n; u++)
    for (uint32_t k = g->succ_off[u]; k < g->succ_off[u + 1]; k++)
      g->pred[cur[g->succ[k]]++] = u;
  /* Every edge is in exactly one successor and one predecessor list. */
  MSSA_ASSERT(g->succ_off[n] == m && g->pred_off[n] == m);
  free(cur);
}

void mssa_cfg_from_edges(mssa_cfg *g, uint32_t n, uint32_t entry,
                         const uint32_t *edges, uint32_t nedges) {
  uint32_t *src = mssa_xmalloc(((size_t)nedges + 1) * sizeof(uint32_t));
  uint32_t *dst = mssa_xmalloc(((size_t)nedges + 1) * sizeof(uint32_t));
  uint32_t m = 0;
  for (uint32_t k = 0; k < nedges; k++) {
    uint32_t a = edges[2 * (size_t)k], b = edges[2 * (size_t)k + 1];
    if (a >= n || b >= n) continue; /* invariant 7 */
    src[m] = a;
    dst[m] = b;
    m++;
  }
  cfg_build(g, n, entry < n ? entry : MSSA_NONE, src, dst, m);
  free(src);
  free(dst);
}

/*
** Successors come from mssa_inst_successors() on the block's last
** instruction (ir.c), which lists them in LLVM's successor order: br
** true/false, switch default then cases, invoke normal then unwind, callbr
** default then indirect, catchswitch unwind (if any) *first* then handlers
** (CatchSwitchInst::getSuccessor(0) is operand 1, the unwind dest, although
** the text prints it last; confirmed with opt 14's domtree child order).
** A block whose last instruction is not a terminator, or has no operands,
** gets no successors.
*/
void mssa_cfg_from_func(mssa_cfg *g, const mssa_func *f) {
  uint32_t n = f->blocks.n;
  mssa_u32vec src = {0}, dst = {0}, buf = {0};
  mssa_vec_reserve(&buf, 16);
  for (uint32_t b = 0; b < n; b++) {
    const mssa_block *bb = &f->blocks.a[b];
    if (bb->removed || bb->last == MSSA_NONE || bb->last >= f->insts.n) continue;
    const mssa_inst *t = &f->insts.a[bb->last];
    uint32_t k = mssa_inst_successors(f, t, buf.a, buf.cap);
    if (k > buf.cap) {
      mssa_vec_reserve(&buf, k);
      k = mssa_inst_successors(f, t, buf.a, buf.cap);
    }
    for (uint32_t i = 0; i < k; i++) {
      uint32_t s = buf.a[i];
      if (s >= n || f->blocks.a[s].removed) continue; /* invariant 7 */
      mssa_vec_push(&src, b);
      mssa_vec_push(&dst, s);
    }
  }
  uint32_t entry = f->entry;
  if (entry >= n || f->blocks.a[entry].removed) entry = MSSA_NONE;
  cfg_build(g, n, entry, src.a, dst.a, src.n);
  mssa_vec_free(&src);
  mssa_vec_free(&dst);
  mssa_vec_free(&buf);
}

void mssa_cfg_free(mssa_cfg *g) {
  free(g->succ_off);
  free(g->succ);
  free(g->pred_off);
  free(g->pred);
  memset(g, 0, sizeof *g);
}

/* ------------------------------------------------------- dominator tree */

/*
** SemiNCA's EVAL with iterative path compression, transcribed from LLVM 14's
** SemiNCAInfo::eval, in DFS-number space. `v` is a (1-based) DFS number;
** `last_linked` is the smallest number already linked into the virtual
** forest; `parent`/`label`/`semi` are indexed by DFS number; `stack` has room
** for every node. Returns the DFS number of the node with minimal semi on the
** virtual-forest path from v (the result is order-independent, so the idom
** computed from it is the unique one).
*/
static uint32_t semi_eval(uint32_t v, uint32_t last_linked, uint32_t *parent,
                          uint32_t *label, const uint32_t *semi, uint32_t *stack) {
  if (parent[v] < last_linked) return label[v];
  uint32_t sp = 0;
  do {
    stack[sp++] = v;
    v = parent[v];
  } while (parent[v] >= last_linked);
  uint32_t p = v, plabel = label[p];
  do {
    v = stack[--sp];
    parent[v] = parent[p];
    if (semi[plabel] < semi[label[v]])
      label[v] = plabel;
    else
      plabel = label[v];
    p = v;
  } while (sp);
  return label[v];
}

/* SemiNCA's scratch arrays, indexed by 1-based DFS number except `num`
** (indexed by node). Each is n+1 entries. */
typedef struct semi_nca {
  uint32_t count;     /* reachable nodes, numbered 1..count */
  uint32_t *num;      /* node -> DFS num, 0 = unvisited */
  uint32_t *node;     /* DFS num -> node */
  uint32_t *parent;   /* spanning-tree parent (num) */
  uint32_t *idom;     /* idom (num) */
  uint32_t *semi;
  uint32_t *label;
} semi_nca;

static void domtree_alloc(mssa_domtree *dt, uint32_t n, uint32_t root) {
  memset(dt, 0, sizeof *dt);
  dt->n = n;
  dt->root = root;
  dt->idom = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->level = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->dfs_in = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->dfs_out = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->child_off = mssa_xcalloc((size_t)n + 1, sizeof(uint32_t));
  dt->child = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  dt->preorder = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  for (uint32_t v = 0; v < n; v++)
    dt->idom[v] = dt->level[v] = dt->dfs_in[v] = dt->dfs_out[v] = MSSA_NONE;
}

/* Step 0: runDFS. Pushing successors in reverse onto a LIFO worklist means
** the first successor is popped first; a node is numbered at its first pop
** and takes the pusher of that entry as parent (invariant 4). */
static void run_dfs(semi_nca *t, const mssa_cfg *g) {
  /* Worklist of (node, pusher's DFS num): at most one entry per edge plus
  ** the root, because a node pushes its successors only once. */
  uint32_t m = g->succ_off[g->n];
  uint32_t *wl = mssa_xmalloc(((size_t)m + 1) * 2 * sizeof(uint32_t));
  uint32_t last = 0, sp = 0;
  wl[sp++] = g->entry;
  wl[sp++] = 0;
  while (sp) {
    uint32_t pnum = wl[--sp];
    uint32_t v = wl[--sp];
    if (t->num[v]) continue;
    uint32_t k = ++last;
    /* invariant 3: the root is 1 with parent 0; any other node's parent was
    ** numbered before it. */
    MSSA_ASSERT(pnum < k && (k == 1) == (pnum == 0));
    t->num[v] = k;
    t->node[k] = v;
    t->parent[k] = pnum;
    t->semi[k] = t->label[k] = k;
    for (uint32_t e = g->succ_off[v + 1]; e > g->succ_off[v]; e--) {
      uint32_t s = g->succ[e - 1];
      if (t->num[s]) continue; /* LLVM skips already-numbered successors too */
      /* invariant 1: at most one entry per edge plus the root's. */
      MSSA_ASSERT(sp + 2 <= 2 * ((size_t)m + 1));
      wl[sp++] = s;
      wl[sp++] = k;
    }
  }
  free(wl);
  t->count = last;
}

/* Step 1: semidominators, processing nodes in decreasing DFS number.
** `parent` is path-compressed here; `idom` keeps the uncompressed copy. */
static void compute_semidominators(semi_nca *t, const mssa_cfg *g) {
  memcpy(t->idom, t->parent, ((size_t)g->n + 1) * sizeof(uint32_t));
  uint32_t *stack = mssa_xmalloc(((size_t)g->n + 1) * sizeof(uint32_t));
  for (uint32_t i = t->count; i >= 2; i--) {
    uint32_t w = t->node[i];
    uint32_t s = t->parent[i];
    for (uint32_t e = g->pred_off[w]; e < g->pred_off[w + 1]; e++) {
      uint32_t u = t->num[g->pred[e]];
      if (!u || u == i) continue; /* unreachable predecessor or self loop */
      uint32_t su = t->semi[semi_eval(u, i + 1, t->parent, t->label, t->semi, stack)];
      if (su < s) s = su;
    }
    /* A semidominator is a proper ancestor in the spanning tree, so it has
    ** a smaller DFS number (invariant 3: numbers are 1-based). */
    MSSA_ASSERT(s >= 1 && s < i);
    t->semi[i] = s;
  }
  free(stack);
}

/* Step 2: idom(i) = NCA(sdom(i), parent(i)) by walking up idoms. */
static void compute_idoms(semi_nca *t) {
  for (uint32_t i = 2; i <= t->count; i++) {
    uint32_t w = t->idom[i];
    while (w > t->semi[i]) w = t->idom[w];
    MSSA_ASSERT(w >= 1 && w < i); /* the idom is numbered before the node */
    t->idom[i] = w;
  }
}

/* Tree: idoms and levels in DFS-number order (an idom always has a smaller
** number), then children appended in DFS-number order (invariant 5).
** `label` is no longer needed and becomes the fill cursor. */
static void attach_children(mssa_domtree *dt, semi_nca *t) {
  uint32_t n = dt->n;
  dt->level[dt->root] = 0;
  for (uint32_t i = 2; i <= t->count; i++) {
    uint32_t v = t->node[i], d = t->node[t->idom[i]];
    /* The idom of a reachable non-entry block is reachable, and got its
    ** level first (it has the smaller DFS number). */
    MSSA_ASSERT(d < n && dt->level[d] != MSSA_NONE);
    dt->idom[v] = d;
    dt->level[v] = dt->level[d] + 1;
    dt->child_off[d + 1]++;
  }
  for (uint32_t v = 0; v < n; v++) dt->child_off[v + 1] += dt->child_off[v];
  uint32_t *cur = t->label;
  memcpy(cur, dt->child_off, ((size_t)n + 1) * sizeof(uint32_t));
  for (uint32_t i = 2; i <= t->count; i++) {
    uint32_t v = t->node[i];
    dt->child[cur[dt->idom[v]]++] = v;
  }
}

/* updateDFSNumbers: one counter, in-number on entry, out-number when the
** last child is done (invariant 6); also the preorder. Stack of (node,
** next child index) in the no longer needed `semi` and `parent`. */
static void number_dfs(mssa_domtree *dt, semi_nca *t) {
  uint32_t *st_node = t->semi, *st_next = t->parent;
  uint32_t root = dt->root, dfs = 0, top = 0, np = 0;
  st_node[top] = root;
  st_next[top] = dt->child_off[root];
  top++;
  dt->dfs_in[root] = dfs++;
  dt->preorder[np++] = root;
  while (top) {
    uint32_t v = st_node[top - 1];
    if (st_next[top - 1] == dt->child_off[v + 1]) {
      dt->dfs_out[v] = dfs++;
      top--;
    } else {
      uint32_t c = dt->child[st_next[top - 1]++];
      st_node[top] = c;
      st_next[top] = dt->child_off[c];
      top++;
      dt->dfs_in[c] = dfs++;
      dt->preorder[np++] = c;
    }
  }
  /* domtree.h invariant 3: the preorder holds every reachable node once. */
  MSSA_ASSERT(np == t->count && dfs == 2 * np);
  dt->npreorder = np;
}

void mssa_domtree_build(mssa_domtree *dt, const mssa_cfg *g) {
  uint32_t n = g->n;
  domtree_alloc(dt, n, g->entry);
  if (n == 0 || g->entry >= n) return;
  size_t nn = (size_t)n + 1;
  semi_nca t;
  t.count = 0;
  t.num = mssa_xcalloc(nn, sizeof(uint32_t));
  t.node = mssa_xmalloc(nn * sizeof(uint32_t));
  t.parent = mssa_xmalloc(nn * sizeof(uint32_t));
  t.idom = mssa_xmalloc(nn * sizeof(uint32_t));
  t.semi = mssa_xmalloc(nn * sizeof(uint32_t));
  t.label = mssa_xmalloc(nn * sizeof(uint32_t));
  run_dfs(&t, g);
  compute_semidominators(&t, g);
  compute_idoms(&t);
  attach_children(dt, &t);
  number_dfs(dt, &t);
  free(t.num);
  free(t.node);
  free(t.parent);
  free(t.idom);
  free(t.semi);
  free(t.label);
}

void mssa_domtree_free(mssa_domtree *dt) {
  free(dt->idom);
  free(dt->level);
  free(dt->dfs_in);
  free(dt->dfs_out);
  free(dt->child_off);
  free(dt->child);
  free(dt->preorder);
  memset(dt, 0, sizeof *dt);
}
