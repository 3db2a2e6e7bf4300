/*
** summary.c -- per-function mod/ref summaries, bottom-up over the call
** graph's SCCs with a fixpoint inside each, and the mapping of a callee's
** summary through a call's actual arguments.
**
** Mapping (callee entry -> caller entries): a global or other, alloc and
** inaccessible entry stays what it is; a parameter entry becomes, for each
** base of the caller's argument, that base shifted by the base's offset
** (a caller's alloca is no base: its bytes are the caller's own stack and
** drop out); a parameter the call passes no pointer for is other memory.
**
** Invariants:
**   1. SCCs are solved callees first (callgraph.c invariant 3): a summary
**      outside the current SCC is final when it is read.
**   2. Inside an SCC every summary starts empty and only grows (entries
**      merge, invariant 1 of entries.c); after WIDEN_AFTER changes of a
**      node its changed ranges become whole, and after CHANGE_CAP changes of
**      one node or EVAL_CAP evaluations per node of the SCC on average the
**      SCC is unknown ("cap"): the fixpoint always ends.
**   4. A node evaluated once in full only adds, after that, what its callees
**      that changed since bring: summaries inside an SCC only grow
**      (invariant 2), so what it had is still part of the answer.
**   3. Without use_callees (the local mode) a call is mapped only when its
**      callee is a library function without callbacks; any other call makes
**      the caller unknown.
**   5. A re-evaluation whose new entries its stored summary absorbs changes
**      nothing and is not normalized (store, nothing_new): the answer is
**      the one normalizing would give, without its sort.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

#define WIDEN_AFTER 3     /* changes of a node's summary before its ranges widen */
#define CHANGE_CAP 64     /* changes of one node's summary */
#define EVAL_CAP 256      /* evaluations per node of an SCC, on average */

typedef struct acc {
  mssa__ipa_entvec r, w;
  bool r_all, w_all;
  uint8_t reason;
  uint32_t r_at, w_at;   /* merge when a list grows past these (compact) */
  bool again;            /* r and w start with the node's own summary, as stored */
  bool merged;           /* compact merged a list (it no longer starts so) */
} acc;

static void set_unknown(acc *a, unsigned reason, bool r, bool w) {
  if (!a->reason || (!a->r_all && !a->w_all)) a->reason = (uint8_t)reason;
  a->r_all |= r;
  a->w_all |= w;
}

static void map_param(acc *a, const mssa__ipa_fn *fn, const mssa__ipa_call *c, const mssa_ipa_entry *e,
                      bool side_w) {
  mssa__ipa_entvec *v = side_w ? &a->w : &a->r;
  uint32_t k0 = e->id, k1 = e->from ? c->nargs : e->id + 1;
  for (uint32_t k = k0; k < k1; k++) {
    uint32_t bi = k < c->nargs ? fn->argb.a[c->args + k] : MSSA_NONE;
    if (bi == MSSA_NONE) {
      /* no pointer passed there (or an integer made one): other memory;
      ** a variadic tail's non-pointers point nowhere */
      if (!e->from) {
        mssa_ipa_entry o = {MSSA_IPA_OTHER, 1, 0, 0, 0, 0, 0};
        mssa__ipa_push(v, o);
        o.kind = MSSA_IPA_ALLOC;
        mssa__ipa_push(v, o);
      }
      continue;
    }
    const mssa__ipa_bases *b = &fn->bases.a[bi];
    if (b->overflow) { set_unknown(a, MSSA_IPA_R_CAP, !side_w, side_w); return; }
    for (uint32_t j = 0; j < b->n; j++)
      mssa__ipa_push(v, mssa__ipa_base_entry(mssa__ipa_base_at(b, j), e->lo, e->hi, e->whole || e->from));
  }
}

/* Keeps the lists short while a union grows (sorting them whole at the
** end would cost the union's size times its log): merging early gives
** what merging at the end would; only the end coarsens (so the result
** does not depend on the order callees come in, and the fixpoint stays
** monotone). The threshold doubles when merging does not shrink a list. */
#define COMPACT_AT (4 * MSSA_IPA_CAP)
static void compact(const mssa_program *p, acc *a) {
  (void)p;
  if (a->r_all) a->r.n = 0;
  if (a->w_all) a->w.n = 0;
  if (a->r.n > a->r_at) { mssa__ipa_merge(&a->r); a->r_at = a->r.n > COMPACT_AT / 2 ? 2 * a->r.n : COMPACT_AT; a->merged = true; }
  if (a->w.n > a->w_at) { mssa__ipa_merge(&a->w); a->w_at = a->w.n > COMPACT_AT / 2 ? 2 * a->w.n : COMPACT_AT; a->merged = true; }
}

/* Adds callee summary s, mapped through call c of fn (NULL: identity;
** to_any: every parameter entry becomes "any argument"). */
static void add_mapped(const mssa_program *p, acc *a, const mssa_ipa_summary *s, const mssa__ipa_fn *fn,
                       const mssa__ipa_call *c, bool to_any) {
  if (s->read_all || s->write_all) set_unknown(a, s->reason ? s->reason : MSSA_IPA_R_UNKNOWN_CALLEE,
                                               s->read_all, s->write_all);
  for (int side = 0; side < 2; side++) {
    const mssa_ipa_entry *es = side ? s->w : s->r;
    uint32_t n = side ? s->nw : s->nr;
    for (uint32_t k = 0; k < n; k++) {
      mssa_ipa_entry e = es[k];
      if (e.kind == MSSA_IPA_PARAM && c) { map_param(a, fn, c, &e, side); continue; }
      if (e.kind == MSSA_IPA_PARAM && to_any) { e.from = 1; e.id = 0; e.whole = 1; e.lo = e.hi = 0; }
      MSSA_ASSERT(e.whole || e.lo < e.hi);   /* a summary's range is never empty (entries.c) */
      mssa_vec_push(side ? &a->w : &a->r, e);
    }
  }
  compact(p, a);
}

static void add_fixed(acc *a, const mssa__ipa_entvec *r, const mssa__ipa_entvec *w) {
  for (uint32_t k = 0; k < r->n; k++) mssa__ipa_push(&a->r, r->a[k]);
  for (uint32_t k = 0; k < w->n; k++) mssa__ipa_push(&a->w, w->a[k]);
}

/* When each node's summary last changed and each node was last evaluated
** (ticks), so that an evaluation after the first adds to what the node
** has only what its changed callees bring (invariant 4). */
typedef struct stamps {
  uint64_t tick;
  uint64_t *changed;   /* per node */
  uint64_t *seen;      /* per node; 0: never evaluated */
} stamps;

/* Did callee change after `prev` (the tick of the previous evaluation)? */
static bool fresh(const stamps *st, uint64_t prev, uint32_t callee) { return st->changed[callee] > prev; }

static void eval(const mssa_program *p, uint32_t n, bool use_callees, acc *a, stamps *st) {
  const mssa__ipa_node *nd = &p->nodes.a[n];
  uint64_t prev = st->seen[n];
  bool again = prev != 0;
  st->seen[n] = ++st->tick;
  /* after the first evaluation: what it has, then what changed callees bring */
  if (again && nd->kind != MSSA__N_LIB) {
    add_mapped(p, a, &p->sum[n], NULL, NULL, false);
    a->again = !a->merged;
  }
  switch (nd->kind) {
  case MSSA__N_DEF: {
    const mssa__ipa_fn *fn = &p->fns[n];
    if (!again) {
      add_fixed(a, &fn->lr, &fn->lw);
      if (fn->lr_all || fn->lw_all) set_unknown(a, fn->lreason, fn->lr_all, fn->lw_all);
    }
    for (uint32_t k = 0; k < fn->calls.n; k++) {
      const mssa__ipa_call *c = &fn->calls.a[k];
      if (c->callee == MSSA_NONE && c->callee2 == MSSA_NONE) {
        if (c->reason && !again) set_unknown(a, c->reason, true, true);
        continue;   /* else: an indirect call nothing can be the target of */
      }
      for (int j = 0; j < 2; j++) {
        uint32_t callee = j ? c->callee2 : c->callee;
        if (callee == MSSA_NONE || (again && !fresh(st, prev, callee))) continue;
        const mssa__ipa_node *cn = &p->nodes.a[callee];
        if (!use_callees && (cn->kind != MSSA__N_LIB || mssa__ipa_lib_callback(p->funcs.a[callee].lib))) {
          set_unknown(a, MSSA_IPA_R_LOCAL, true, true);
          continue;
        }
        add_mapped(p, a, &p->sum[callee], fn, c, false);
      }
    }
    break;
  }
  case MSSA__N_SIG: case MSSA__N_EXT: {
    if (!again && nd->kind == MSSA__N_EXT && p->extcode) {
      /* code outside the program itself (callgraph.c) */
      static const uint8_t kinds[] = {MSSA_IPA_OTHER, MSSA_IPA_ALLOC, MSSA_IPA_INACC};
      for (uint32_t k = 0; k < sizeof kinds; k++) {
        mssa_ipa_entry e = {kinds[k], 1, 0, 0, 0, 0, 0};
        mssa__ipa_push(&a->r, e);
        mssa__ipa_push(&a->w, e);
      }
      mssa_ipa_entry any = {MSSA_IPA_PARAM, 1, 1, 0, 0, 0, 0};
      mssa__ipa_push(&a->r, any);
      mssa__ipa_push(&a->w, any);
    }
    for (uint32_t e = nd->e0; e < nd->e1; e++)
      if (!again || fresh(st, prev, p->edges.a[e]))
        add_mapped(p, a, &p->sum[p->edges.a[e]], NULL, NULL, nd->kind == MSSA__N_EXT);
    break;
  }
  case MSSA__N_LIB: {
    /* the table's effects, and the callbacks through EXTERNAL */
    mssa_ipa_summary fixed;
    mssa__ipa_lib_summary(p->funcs.a[n].lib, &fixed);
    add_mapped(p, a, &fixed, NULL, NULL, false);
    mssa__ipa_summary_free(&fixed);
    if (use_callees) {
      for (uint32_t e = nd->e0; e < nd->e1; e++) add_mapped(p, a, &p->sum[p->edges.a[e]], NULL, NULL, true);
    } else if (nd->e1 > nd->e0) {
      set_unknown(a, MSSA_IPA_R_LOCAL, true, true);
    }
    break;
  }
  default: break;   /* a declaration: fixed when the graph was made */
  }
}

/* Invariant 5: a re-evaluation (a->again) that brought nothing its summary
** does not absorb: its lists are *s followed by entries each absorbed by *s
** (entries.c, mssa__ipa_absorbed), so normalizing them gives *s again and
** widening leaves it (the same list): nothing changes. */
static bool nothing_new(const mssa_program *p, const mssa_ipa_summary *s, const acc *a) {
  if (!a->again || a->merged || a->r_all || a->w_all || s->read_all || s->write_all) return false;
  MSSA_ASSERT(a->r.n >= s->nr && a->w.n >= s->nw);   /* they start with *s */
  return mssa__ipa_absorbed(p, s->w, s->nw, a->w.a + s->nw, a->w.n - s->nw) &&
         mssa__ipa_absorbed(p, s->r, s->nr, a->r.a + s->nr, a->r.n - s->nr);
}

/* Normalizes a into summary form; returns whether it differs from *s, and
** replaces *s when it does. */
static bool store(const mssa_program *p, mssa_ipa_summary *s, acc *a, bool widen) {
  if (nothing_new(p, s, a)) return false;
  if (!a->r_all && !mssa__ipa_normalize(p, &a->r)) set_unknown(a, MSSA_IPA_R_CAP, true, false);
  if (!a->w_all && !mssa__ipa_normalize(p, &a->w)) set_unknown(a, MSSA_IPA_R_CAP, false, true);
  if (widen) {
    if (!a->r_all) mssa__ipa_widen(&a->r, s->r, s->nr);
    if (!a->w_all) mssa__ipa_widen(&a->w, s->w, s->nw);
  }
  if (a->r_all) a->r.n = 0;
  if (a->w_all) a->w.n = 0;
  uint8_t reason = a->r_all || a->w_all ? a->reason : 0;
  if (s->read_all == a->r_all && s->write_all == a->w_all && s->reason == reason &&
      mssa__ipa_same_list(s->r, s->nr, &a->r) && mssa__ipa_same_list(s->w, s->nw, &a->w))
    return false;
  mssa__ipa_summary_free(s);
  s->read_all = a->r_all;
  s->write_all = a->w_all;
  s->reason = reason;
  s->nr = a->r.n;
  s->nw = a->w.n;
  if (a->r.n) { s->r = mssa_xmalloc(a->r.n * sizeof *s->r); memcpy(s->r, a->r.a, a->r.n * sizeof *s->r); }
  if (a->w.n) { s->w = mssa_xmalloc(a->w.n * sizeof *s->w); memcpy(s->w, a->w.a, a->w.n * sizeof *s->w); }
  MSSA_ASSERT(s->nr <= MSSA_IPA_CAP && s->nw <= MSSA_IPA_CAP);   /* ipa.h invariant 4 */
  return true;
}

static bool solved_here(const mssa__ipa_node *n) { return n->kind != MSSA__N_DECL; }

/* The worklist inside an SCC: a binary heap of positions in Tarjan's
** order, smallest first -- callees tend to come before their callers
** there, so facts flow up in few rounds. Each node is in it at most once. */
typedef struct heap { uint32_t *a, n; } heap;

static void heap_push(heap *h, uint32_t x) {
  uint32_t k = h->n++;
  while (k && h->a[(k - 1) / 2] > x) { h->a[k] = h->a[(k - 1) / 2]; k = (k - 1) / 2; }
  h->a[k] = x;
}

static uint32_t heap_pop(heap *h) {
  MSSA_ASSERT(h->n > 0);
  uint32_t top = h->a[0], x = h->a[--h->n], k = 0;
  for (;;) {
    uint32_t c = 2 * k + 1;
    if (c >= h->n) break;
    if (c + 1 < h->n && h->a[c + 1] < h->a[c]) c++;
    if (h->a[c] >= x) break;
    h->a[k] = h->a[c];
    k = c;
  }
  if (h->n) h->a[k] = x;
  return top;
}

int mssa__ipa_solve(mssa_program *p, bool use_callees) {
  uint32_t nn = p->nodes.n;
  uint32_t *order = mssa_xmalloc(((size_t)nn + 1) * sizeof *order);
  uint32_t *start = mssa_xmalloc(((size_t)nn + 2) * sizeof *start);
  uint32_t nscc = 0;
  mssa__ipa_sccs(p, order, start, &nscc);
  uint32_t *scc = mssa_xmalloc(((size_t)nn + 1) * sizeof *scc);
  for (uint32_t s = 0; s < nscc; s++)
    for (uint32_t k = start[s]; k < start[s + 1]; k++) scc[order[k]] = s;
  /* callers (reverse edges), for the worklist inside an SCC */
  uint32_t *rstart = mssa_xcalloc((size_t)nn + 2, sizeof *rstart);
  uint32_t *rev = mssa_xmalloc(((size_t)p->edges.n + 1) * sizeof *rev);
  for (uint32_t e = 0; e < p->edges.n; e++) rstart[p->edges.a[e] + 1]++;
  for (uint32_t k = 0; k < nn; k++) rstart[k + 1] += rstart[k];
  uint32_t *fill = mssa_xmalloc(((size_t)nn + 1) * sizeof *fill);
  memcpy(fill, rstart, (size_t)nn * sizeof *fill);
  for (uint32_t n = 0; n < nn; n++)
    for (uint32_t e = p->nodes.a[n].e0; e < p->nodes.a[n].e1; e++) rev[fill[p->edges.a[e]]++] = n;
  uint32_t *evals = mssa_xcalloc((size_t)nn + 1, sizeof *evals);   /* changes per node */
  uint8_t *queued = mssa_xcalloc((size_t)nn + 1, 1);
  heap hp = {mssa_xmalloc(((size_t)nn + 1) * sizeof(uint32_t)), 0};
  uint32_t *pos = mssa_xmalloc(((size_t)nn + 1) * sizeof *pos);
  for (uint32_t k = 0; k < nn; k++) pos[order[k]] = k;
  acc a;
  memset(&a, 0, sizeof a);
  stamps st = {0, mssa_xcalloc((size_t)nn + 1, sizeof(uint64_t)), mssa_xcalloc((size_t)nn + 1, sizeof(uint64_t))};
  for (uint32_t s = 0; s < nscc; s++) {
    hp.n = 0;
    uint64_t budget = (uint64_t)EVAL_CAP * (start[s + 1] - start[s]);
    bool capped = false;
    for (uint32_t k = start[s]; k < start[s + 1]; k++) {
      uint32_t n = order[k];
      if (!solved_here(&p->nodes.a[n])) continue;
      mssa__ipa_summary_free(&p->sum[n]);
      heap_push(&hp, k);
      queued[n] = 1;
    }
    while (hp.n) {
      uint32_t n = order[heap_pop(&hp)];
      queued[n] = 0;
      if (!budget--) { capped = true; break; }
      a.r.n = a.w.n = 0;
      a.r_all = a.w_all = false;
      a.reason = 0;
      a.r_at = a.w_at = COMPACT_AT;
      a.again = a.merged = false;
      eval(p, n, use_callees, &a, &st);
      if (!store(p, &p->sum[n], &a, evals[n] >= WIDEN_AFTER)) continue;
      st.changed[n] = ++st.tick;
      if (++evals[n] > CHANGE_CAP) { capped = true; break; }
      for (uint32_t e = rstart[n]; e < rstart[n + 1]; e++) {
        uint32_t c = rev[e];
        if (scc[c] != s || !solved_here(&p->nodes.a[c])) continue;
        if (queued[c]) continue;
        queued[c] = 1;
        heap_push(&hp, pos[c]);
      }
    }
    if (capped) {
      for (uint32_t k = start[s]; k < start[s + 1]; k++) {
        uint32_t n = order[k];
        if (!solved_here(&p->nodes.a[n])) continue;
        queued[n] = 0;
        mssa__ipa_summary_free(&p->sum[n]);
        p->sum[n].read_all = p->sum[n].write_all = true;
        p->sum[n].reason = MSSA_IPA_R_CAP;
      }
    }
  }
  mssa_vec_free(&a.r);
  mssa_vec_free(&a.w);
  free(st.changed);
  free(st.seen);
  free(order); free(start); free(scc); free(rstart); free(rev); free(fill);
  free(evals); free(queued); free(hp.a); free(pos);
  p->summarized = true;
  return MSSA_OK;
}

int mssa_program_summarize(mssa_program *p, bool use_callees) { return mssa__ipa_solve(p, use_callees); }

const mssa__ipa_call *mssa__ipa_call_at(const mssa_program *p, uint32_t k, uint32_t inst) {
  if (k >= p->funcs.n) return NULL;
  const mssa__ipa_fn *fn = &p->fns[k];
  uint32_t lo = 0, hi = fn->calls.n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (fn->calls.a[mid].inst == inst) return &fn->calls.a[mid];
    if (fn->calls.a[mid].inst < inst) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

const char *mssa_ipa_reason_name(unsigned r) {
  switch (r) {
  case MSSA_IPA_R_CAP: return "cap";
  case MSSA_IPA_R_UNKNOWN_CALLEE: return "unknown-callee";
  case MSSA_IPA_R_ASM: return "asm";
  case MSSA_IPA_R_ATOMIC: return "atomic";
  case MSSA_IPA_R_LOCAL: return "local-mode";
  default: return NULL;
  }
}

int mssa_program_drop_write(mssa_program *p, const char *fname, uint32_t k) {
  for (uint32_t f = 0; f < p->funcs.n; f++) {
    if (strcmp(p->funcs.a[f].name, fname) || p->funcs.a[f].def_fi == MSSA_NONE) continue;
    mssa_ipa_summary *s = &p->sum[f];
    /* k counts entries as the JSON shows them: the other entries of
    ** several access tags are one (ipa.h), and go together */
    uint32_t shown = 0, j = 0;
    while (j < s->nw) {
      uint32_t e = j + 1;
      while ((s->w[j].kind == MSSA_IPA_OTHER || s->w[j].kind == MSSA_IPA_INACC) && e < s->nw &&
             s->w[e].kind == s->w[j].kind)
        e++;
      if (shown++ == k) {
        memmove(s->w + j, s->w + e, (s->nw - e) * sizeof *s->w);
        s->nw -= e - j;
        return MSSA_OK;
      }
      j = e;
    }
    return MSSA_ENOENT;
  }
  return MSSA_ENOENT;
}
