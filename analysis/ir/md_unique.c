/*
** md_unique.c -- which metadata nodes LLVM would unique together.
**
** LLVM keeps one node per structurally equal, non-distinct MDNode: two
** textually separate `!2 = !{}` and `!7 = !{}` are the same node, which
** changes the printer's metadata numbering. We keep every node as parsed
** (references stay as written) and compute m->md_canon: md index -> the
** index of the first structurally equal node.
**
** Invariants:
**   1. Distinct nodes, STRING and VALUE wrappers are their own canon.
**   2. Equality is structural after canonicalizing operands: tuples compare
**      operand lists; specialized nodes compare their class, their source
**      text with `!N` numbers blanked, and their (canonical) references.
**   3. Operands are canonicalized first (post-order over an explicit stack);
**      a node on a reference cycle is its own canon (LLVM cannot unique a
**      node before its operands are final either).
*/
#include <string.h>

#include "base/check.h"
#include "base/hashtab.h"
#include "ir/ir_internal.h"

/* Hash of the node text with the digits of `!N` references left out;
** segments between references are hashed 8 bytes at a time. */
static uint64_t seg_hash(uint64_t h, const char *s, size_t n) {
  while (n >= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
    s += 8;
    n -= 8;
  }
  uint64_t w = 0;
  memcpy(&w, s, n);
  return ((h ^ w ^ n) * 0x100000001b3ull) ^ (h >> 31);
}

static uint64_t text_hash(const mssa_module *m, const mssa_md *d) {
  uint64_t h = 1469598103934665603ull;
  const char *s = m->text + d->text_off, *e = s + d->text_len;
  while (s < e) {
    const char *b = memchr(s, '!', (size_t)(e - s));
    if (!b) b = e;
    else b++;
    h = seg_hash(h, s, (size_t)(b - s));
    s = b;
    while (s < e && *s >= '0' && *s <= '9') s++;
  }
  return h;
}

static int text_eq(const mssa_module *m, const mssa_md *a, const mssa_md *b) {
  const char *s = m->text + a->text_off, *se = s + a->text_len;
  const char *t = m->text + b->text_off, *te = t + b->text_len;
  while (s < se && t < te) {
    if (*s != *t) return 0;
    char c = *s++;
    t++;
    if (c == '!') {
      while (s < se && *s >= '0' && *s <= '9') s++;
      while (t < te && *t >= '0' && *t <= '9') t++;
    }
  }
  return s == se && t == te;
}

static uint32_t op_canon(const mssa_module *m, const mssa_mdop *o) {
  return o->kind == MSSA_MDO_NODE ? m->md_canon.a[o->idx] : o->idx;
}

static uint32_t canon_or(const mssa_module *m, uint32_t md) {
  return md < m->md_canon.n ? m->md_canon.a[md] : md;
}

static uint64_t node_hash(const mssa_module *m, uint32_t id) {
  const mssa_md *d = &m->md.a[id];
  uint64_t h = (uint64_t)d->kind * 0x9e3779b97f4a7c15ull ^ d->tag;
  if (d->tag != MSSA_NONE) h ^= text_hash(m, d);
  for (uint32_t i = 0; i < d->nops; i++) {
    const mssa_mdop *o = &m->mdops.a[d->ops + i];
    h = (h ^ (o->kind * 31u + op_canon(m, o))) * 1099511628211ull;
  }
  return h;
}

static int node_eq(const void *ctx, const void *key, uint32_t b) {
  const mssa_module *m = ctx;
  const mssa_md *x = &m->md.a[*(const uint32_t *)key], *y = &m->md.a[b];
  if (x->kind != y->kind || x->tag != y->tag || x->nops != y->nops) return 0;
  /* a location's fields as parsed: its text span may be stale after a
  ** reparse in place moved the text under an unreachable old node */
  if (x->kind == MSSA_MD_LOCATION &&
      (x->line != y->line || x->col != y->col ||
       canon_or(m, x->scope) != canon_or(m, y->scope) ||
       canon_or(m, x->inlined_at) != canon_or(m, y->inlined_at)))
    return 0;
  if (x->tag != MSSA_NONE && !text_eq(m, x, y)) return 0;
  for (uint32_t i = 0; i < x->nops; i++) {
    const mssa_mdop *o = &m->mdops.a[x->ops + i], *q = &m->mdops.a[y->ops + i];
    if (o->kind != q->kind || op_canon(m, o) != op_canon(m, q)) return 0;
  }
  return 1;
}

static int uniquable(const mssa_md *d) {
  return !d->distinct && d->kind != MSSA_MD_STRING && d->kind != MSSA_MD_VALUE;
}

void mssa__md_unique(mssa_module *m) {
  uint32_t n = m->md.n;
  m->md_canon.n = 0;
  mssa_vec_reserve(&m->md_canon, n ? n : 1);
  for (uint32_t i = 0; i < n; i++) m->md_canon.a[i] = i;
  m->md_canon.n = n;
  if (!n) return;
  /* state: 0 new, 1 open, 2 done; cyc: reaches a cycle of non-distinct
  ** nodes. Distinct children are never entered (their canon is themselves
  ** and they break cycles, as in LLVM); they are visited as roots. */
  mssa__dfs d;
  mssa__dfs_init(&d, n);
  uint8_t *cyc = mssa_xcalloc(n, 1);
  mssa_idtab table = {0};
  mssa_idtab_reset(&table, n);
  for (uint32_t root = 0; root < n; root++) {
    if (d.state[root]) continue;
    mssa__dfs_push(&d, root);
    while (d.sp) {
      uint32_t id = d.stk[d.sp - 2], k = d.stk[d.sp - 1];
      const mssa_md *x = &m->md.a[id];
      if (k < x->nops) {
        d.stk[d.sp - 1] = k + 1;
        const mssa_mdop *o = &m->mdops.a[x->ops + k];
        if (o->kind != MSSA_MDO_NODE || o->idx >= n) continue;
        uint32_t c = o->idx;
        if (m->md.a[c].distinct) continue;
        if (d.state[c] == 1 || (d.state[c] == 2 && cyc[c])) { cyc[id] = 1; continue; }
        if (d.state[c] == 0) mssa__dfs_push(&d, c);
        continue;
      }
      MSSA_ASSERT(d.state[id] == 1); /* invariant 3: post-order, operands done */
      d.sp -= 2;
      d.state[id] = 2;
      if (cyc[id] && d.sp) cyc[d.stk[d.sp - 2]] = 1;
      if (cyc[id] || !uniquable(x)) {
        MSSA_ASSERT(m->md_canon.a[id] == id); /* invariants 1, 3: its own canon */
        continue;
      }
      uint32_t slot, e = mssa_idtab_find(&table, node_hash(m, id), node_eq, m, &id, &slot);
      /* Only canons enter the table, and they are finished nodes. */
      MSSA_ASSERT(e == MSSA_NONE || (e < n && m->md_canon.a[e] == e && d.state[e] == 2));
      if (e != MSSA_NONE) m->md_canon.a[id] = e;
      else mssa_idtab_set(&table, slot, id);
    }
  }
  free(cyc);
  mssa__dfs_free(&d);
  mssa_idtab_free(&table);
}
