/*
** entries.c -- lists of summary entries: sorting and merging, the cap and
** its coarsening, widening (so that a fixpoint ends), and entries made
** from a pointer's bases.
**
** Invariants:
**   1. Normal order: kind, then `from`, then id, then whole entries before
**      ranges, then lo. Entries of one object that overlap or touch are
**      one entry; a whole entry absorbs every range of its object.
**   2. Coarsening only widens: beyond MSSA_IPA_CAP entries, each object's
**      ranges become their hull, then other memory forgets its access tags,
**      then address-taken globals become other memory; if that is still too many the list is unknown (the caller
**      says "cap").
**   3. Widening only widens, and each object can widen once (range to
**      whole), so a fixpoint that widens after a few rounds ends.
**   4. Normal forms are monotone: a list that absorbed an entry (a range
**      into a hull, a tag or a taken global into other memory) absorbs it
**      again when it comes back, so a fixpoint never oscillates between a
**      coarse and a fine form.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

void mssa__ipa_push(mssa__ipa_entvec *v, mssa_ipa_entry e) {
  if (!e.whole && e.lo >= e.hi) return;   /* an empty range: no byte */
  mssa_vec_push(v, e);
}

static int obj_cmp(const mssa_ipa_entry *x, const mssa_ipa_entry *y) {
  if (x->kind != y->kind) return x->kind < y->kind ? -1 : 1;
  if (x->from != y->from) return x->from < y->from ? -1 : 1;
  if (x->id != y->id) return x->id < y->id ? -1 : 1;
  /* tagged other memory: the tag's module */
  if (x->kind == MSSA_IPA_OTHER && x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
  return 0;
}

static bool has_object(unsigned kind) { return kind == MSSA_IPA_GLOBAL || kind == MSSA_IPA_PARAM; }

static int ent_cmp(const void *a, const void *b) {
  const mssa_ipa_entry *x = a, *y = b;
  int c = obj_cmp(x, y);
  if (c) return c;
  if (x->whole != y->whole) return x->whole ? -1 : 1;
  if (x->whole) return 0;
  if (x->lo != y->lo) return x->lo < y->lo ? -1 : 1;
  return x->hi < y->hi ? -1 : x->hi > y->hi;
}

bool mssa__ipa_entry_eq(const mssa_ipa_entry *a, const mssa_ipa_entry *b) {
  return ent_cmp(a, b) == 0;
}

static void merge(mssa__ipa_entvec *v);

void mssa__ipa_merge(mssa__ipa_entvec *v) { merge(v); }

/* Sort and merge (invariant 1). */
static void merge(mssa__ipa_entvec *v) {
  if (v->n > 1) qsort(v->a, v->n, sizeof *v->a, ent_cmp);
  uint32_t o = 0;
  for (uint32_t k = 0; k < v->n; k++) {
    mssa_ipa_entry e = v->a[k];
    if (e.kind == MSSA_IPA_OTHER) {
      e.whole = 1; e.hi = 0; e.from = 0;
      if (!e.id) e.lo = 0;
    } else if (!has_object(e.kind)) {
      e.whole = 1; e.lo = e.hi = 0; e.from = 0;
      if (e.kind != MSSA_IPA_INACC) e.id = 0;   /* inaccessible: which state */
    }
    if (o) {
      mssa_ipa_entry *last = &v->a[o - 1];
      /* other memory of any access absorbs the tagged kinds (sorted after it) */
      if (e.kind == MSSA_IPA_OTHER && last->kind == MSSA_IPA_OTHER && !last->id) continue;
      if (!obj_cmp(last, &e)) {
        if (last->whole) continue;
        MSSA_ASSERT(!e.whole);   /* whole entries sort first */
        if (e.lo <= last->hi) {
          if (e.hi > last->hi) last->hi = e.hi;
          continue;
        }
      }
    }
    v->a[o++] = e;
    MSSA_ASSERT(!mssa_ipa_entry_ranged(&e) || e.lo < e.hi);
  }
  v->n = o;
}

/* Other memory of any access covers every address-taken global: such
** globals' entries add nothing beside it (and dropping them always, not
** only beyond the cap, keeps a fixpoint monotone: invariant 4). */
static void drop_covered(const mssa_program *p, mssa__ipa_entvec *v) {
  bool any_other = false;
  for (uint32_t k = 0; k < v->n && !any_other; k++) any_other = v->a[k].kind == MSSA_IPA_OTHER && !v->a[k].id;
  if (!any_other) return;
  uint32_t o = 0;
  for (uint32_t k = 0; k < v->n; k++)
    if (v->a[k].kind != MSSA_IPA_GLOBAL || !p->globals.a[v->a[k].id].address_taken) v->a[o++] = v->a[k];
  v->n = o;
}

bool mssa__ipa_normalize(const mssa_program *p, mssa__ipa_entvec *v) {
  merge(v);
  drop_covered(p, v);
  if (v->n <= MSSA_IPA_CAP) return true;
  /* invariant 2: the hull of each object's ranges */
  uint32_t o = 0;
  for (uint32_t k = 0; k < v->n; k++) {
    if (o && !obj_cmp(&v->a[o - 1], &v->a[k])) {
      mssa_ipa_entry *last = &v->a[o - 1];
      if (!last->whole && v->a[k].hi > last->hi) last->hi = v->a[k].hi;
      continue;
    }
    v->a[o++] = v->a[k];
  }
  v->n = o;
  if (v->n <= MSSA_IPA_CAP) return true;
  /* then other memory forgets its tags */
  for (uint32_t k = 0; k < v->n; k++)
    if (v->a[k].kind == MSSA_IPA_OTHER) v->a[k].id = 0, v->a[k].lo = 0;
  merge(v);
  if (v->n <= MSSA_IPA_CAP) return true;
  /* then every global whose address is taken is other memory (which
  ** covers those, and only those: ipa-format.md) */
  bool other = false;
  o = 0;
  for (uint32_t k = 0; k < v->n; k++) {
    if (v->a[k].kind == MSSA_IPA_GLOBAL && p->globals.a[v->a[k].id].address_taken) { other = true; continue; }
    v->a[o++] = v->a[k];
  }
  v->n = o;
  if (other) {
    mssa_ipa_entry e = {MSSA_IPA_OTHER, 1, 0, 0, 0, 0, 0};
    mssa_vec_push(v, e);
    merge(v);
  }
  return v->n <= MSSA_IPA_CAP;
}

/* (a range entry is never empty: mssa__ipa_push drops empty ones) */

void mssa__ipa_widen(mssa__ipa_entvec *v, const mssa_ipa_entry *old, uint32_t nold) {
  /* both sorted: an object whose ranges are not exactly the old ones
  ** becomes whole (invariant 3) */
  uint32_t j = 0;
  for (uint32_t k = 0; k < v->n;) {
    uint32_t e = k;
    while (e < v->n && !obj_cmp(&v->a[k], &v->a[e])) e++;
    while (j < nold && obj_cmp(&old[j], &v->a[k]) < 0) j++;
    uint32_t je = j;
    while (je < nold && !obj_cmp(&old[je], &v->a[k])) je++;
    bool same = je - j == e - k;
    for (uint32_t t = 0; same && t < e - k; t++) same = mssa__ipa_entry_eq(&old[j + t], &v->a[k + t]);
    if (!same && has_object(v->a[k].kind))
      for (uint32_t t = k; t < e; t++) v->a[t].whole = 1;
    k = e;
    j = je;
  }
  merge(v);
}

void mssa__ipa_summary_free(mssa_ipa_summary *s) {
  free(s->r);
  free(s->w);
  memset(s, 0, sizeof *s);
}

mssa_ipa_entry mssa__ipa_base_entry(const mssa__ipa_base *b, int64_t lo, int64_t hi, bool whole) {
  mssa_ipa_entry e = {b->kind, 0, 0, 0, b->kind == MSSA__B_GLOBAL || b->kind == MSSA__B_PARAM ? b->id : 0,
                      0, 0};
  /* offsets beyond +-2^61 or an unknown base offset: anywhere in the object */
  const int64_t big = (int64_t)1 << 61;
  if (whole || b->whole || b->off > big || b->off < -big || lo > big || lo < -big || hi > big || hi < -big) {
    e.whole = 1;
    return e;
  }
  e.lo = lo + b->off;
  e.hi = hi + b->off;
  /* a global is never accessed before its start: such a range is UB, but
  ** stay sound and call it anywhere */
  if (b->kind == MSSA__B_GLOBAL && e.lo < 0) { e.whole = 1; e.lo = e.hi = 0; }
  return e;
}
