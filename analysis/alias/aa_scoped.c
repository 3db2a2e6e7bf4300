/*
** aa_scoped.c -- scoped no-alias analysis over !alias.scope / !noalias
** lists, as LLVM 14's ScopedNoAliasAAResult::mayAliasInScopes.
**
** Invariants:
**   1. An access with scope list S may alias an access with noalias list N
**      unless, for some domain D of a scope in N, every scope of S in D is
**      also in N (and S has at least one scope in D).
**   2. A missing list, or a malformed scope node (fewer than two operands,
**      or a non-node domain), never yields "no alias" by itself: such
**      scopes have no domain and are skipped, exactly as in LLVM.
**   3. Lists are scanned with plain loops; sizes are the metadata's own, and
**      no answer needs memory beyond the lists themselves.
**
** Pure C11; no libuv, no jansson.
*/
#include "alias/alias_internal.h"

static const mssa_md *tuple(const mssa_aa *aa, uint32_t n) {
  if (n == MSSA_NONE || n >= aa->m->md.n) return NULL;
  const mssa_md *x = &aa->m->md.a[n];
  return x->kind == MSSA_MD_TUPLE ? x : NULL;
}

/* Operand k of node n when it is a node, else MSSA_NONE. */
static uint32_t node_op(const mssa_aa *aa, const mssa_md *x, uint32_t k) {
  if (!x || k >= x->nops) return MSSA_NONE;
  MSSA_ASSERT(x->ops + k < aa->m->mdops.n);   /* invariant 3: the node's own operands */
  const mssa_mdop *o = &aa->m->mdops.a[x->ops + k];
  return o->kind == MSSA_MDO_NODE ? o->idx : MSSA_NONE;
}

/* AliasScopeNode::getDomain */
static uint32_t scope_domain(const mssa_aa *aa, uint32_t scope) {
  const mssa_md *s = tuple(aa, scope);
  if (!s || s->nops < 2) return MSSA_NONE;
  return node_op(aa, s, 1);
}

static bool list_has(const mssa_aa *aa, const mssa_md *list, uint32_t scope) {
  for (uint32_t k = 0; k < list->nops; k++)
    if (node_op(aa, list, k) == scope) return true;
  return false;
}

bool mssa__scoped_may_alias(const mssa_aa *aa, uint32_t scopes, uint32_t noalias) {
  const mssa_md *s = tuple(aa, scopes), *n = tuple(aa, noalias);
  if (!s || !n) return true;
  for (uint32_t i = 0; i < n->nops; i++) {
    uint32_t nscope = node_op(aa, n, i);
    if (nscope == MSSA_NONE) continue;
    uint32_t dom = scope_domain(aa, nscope);
    if (dom == MSSA_NONE) continue;
    /* each domain once */
    bool seen = false;
    for (uint32_t j = 0; j < i && !seen; j++) {
      uint32_t p = node_op(aa, n, j);
      if (p != MSSA_NONE && scope_domain(aa, p) == dom) seen = true;
    }
    if (seen) continue;
    bool any = false, all = true;
    for (uint32_t k = 0; k < s->nops; k++) {
      uint32_t sc = node_op(aa, s, k);
      if (sc == MSSA_NONE || scope_domain(aa, sc) != dom) continue;
      any = true;
      if (!list_has(aa, n, sc)) { all = false; break; }
    }
    if (any && all) return false;
  }
  return true;
}
