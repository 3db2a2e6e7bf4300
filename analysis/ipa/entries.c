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

static inline int ent_cmp(const mssa_ipa_entry *x, const mssa_ipa_entry *y) {
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

/* e as merge leaves it (the fields merge resets for kinds without ranges) */
static mssa_ipa_entry merged_form(mssa_ipa_entry e) {
  if (e.kind == MSSA_IPA_OTHER) {
    e.whole = 1; e.hi = 0; e.from = 0;
    if (!e.id) e.lo = 0;
  } else if (!has_object(e.kind)) {
    e.whole = 1; e.lo = e.hi = 0; e.from = 0;
    if (e.kind != MSSA_IPA_INACC) e.id = 0;
  }
  return e;
}

/* The first entry of s[0..ns) (sorted) whose object is not before e's. */
static uint32_t lower_obj(const mssa_ipa_entry *s, uint32_t ns, const mssa_ipa_entry *e) {
  uint32_t lo = 0, hi = ns;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (obj_cmp(&s[mid], e) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

static bool absorbed(const mssa_program *p, const mssa_ipa_entry *s, uint32_t ns, bool other,
                     const mssa_ipa_entry *e0) {
  mssa_ipa_entry e = merged_form(*e0);
  if (!e.whole && e.lo >= e.hi) return true;   /* no byte (mssa__ipa_push drops it) */
  if (other && (e.kind == MSSA_IPA_OTHER ||
                (e.kind == MSSA_IPA_GLOBAL && p->globals.a[e.id].address_taken)))
    return true;   /* merge absorbs the first, drop_covered the second */
  for (uint32_t k = lower_obj(s, ns, &e); k < ns && !obj_cmp(&s[k], &e); k++) {
    if (s[k].whole) return true;   /* the whole object (whole entries sort first) */
    if (!e.whole && s[k].lo <= e.lo && e.hi <= s[k].hi) return true;
  }
  return false;
}

bool mssa__ipa_absorbed(const mssa_program *p, const mssa_ipa_entry *s, uint32_t ns,
                        const mssa_ipa_entry *e, uint32_t ne) {
  mssa_ipa_entry any = {MSSA_IPA_OTHER, 1, 0, 0, 0, 0, 0};
  uint32_t k = lower_obj(s, ns, &any);
  bool other = k < ns && !obj_cmp(&s[k], &any);   /* other memory of any access */
  for (uint32_t j = 0; j < ne; j++)
    if (!absorbed(p, s, ns, other, &e[j])) return false;
  return true;
}

bool mssa__ipa_same_list(const mssa_ipa_entry *a, uint32_t na, const mssa__ipa_entvec *v) {
  if (na != v->n) return false;
  for (uint32_t k = 0; k < na; k++)
    if (ent_cmp(&a[k], &v->a[k])) return false;
  return true;
}

/* ------------------------------------------------------------ sorting */

/* Invariant 5: a stable sort in invariant 1's order. A natural merge sort:
** the lists come mostly in sorted runs (a callee's summary is sorted, and
** mapping keeps most of it in order), which it finds and merges instead of
** sorting from scratch; runs shorter than MIN_RUN are made by insertion.
** Equal entries keep their order, as the C library's merge sort kept them,
** so the merged lists (and every answer) are those it gave. */
#define MIN_RUN 4

static void insertion(mssa_ipa_entry *a, uint32_t lo, uint32_t sorted, uint32_t hi) {
  for (uint32_t k = sorted; k < hi; k++) {
    mssa_ipa_entry x = a[k];
    uint32_t j = k;
    while (j > lo && ent_cmp(&a[j - 1], &x) > 0) { a[j] = a[j - 1]; j--; }
    a[j] = x;
  }
}

/* Merges src[a0..a1) and src[a1..a2) into dst[a0..a2), the left first on ties. */
static void merge_runs(const mssa_ipa_entry *src, mssa_ipa_entry *dst, uint32_t a0, uint32_t a1,
                       uint32_t a2) {
  uint32_t i = a0, j = a1, o = a0;
  while (i < a1 && j < a2) dst[o++] = ent_cmp(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
  while (i < a1) dst[o++] = src[i++];
  while (j < a2) dst[o++] = src[j++];
}

/* Lists up to this long sort in buffers on the stack (most do: a summary
** has at most MSSA_IPA_CAP entries, a union a few callees' worth). */
#define STACK_SORT 256

static void sort_entries(mssa__ipa_entvec *v) {
  uint32_t n = v->n;
  mssa_ipa_entry *a = v->a;
  if (n < 2) return;
  if (n <= MIN_RUN) { insertion(a, 0, 1, n); return; }
  uint32_t maxr = n / MIN_RUN + 2, srun[STACK_SORT / MIN_RUN + 3];
  mssa_ipa_entry stmp[STACK_SORT];
  bool heap = n > STACK_SORT;
  uint32_t *run = heap ? mssa_xmalloc(((size_t)maxr + 1) * sizeof *run) : srun, nr = 0;
  for (uint32_t i = 0; i < n;) {   /* the runs, each at least MIN_RUN long but the last */
    uint32_t j = i + 1;
    while (j < n && ent_cmp(&a[j - 1], &a[j]) <= 0) j++;
    if (j - i < MIN_RUN) {
      uint32_t end = i + MIN_RUN < n ? i + MIN_RUN : n;
      insertion(a, i, j, end);
      j = end;
    }
    MSSA_ASSERT(nr < maxr);
    run[nr++] = i;
    i = j;
  }
  run[nr] = n;
  mssa_ipa_entry *tmp = heap ? mssa_xmalloc((size_t)n * sizeof *tmp) : stmp, *src = a, *dst = tmp;
  while (nr > 1) {   /* merge neighbouring runs, pass by pass */
    uint32_t m = 0;
    for (uint32_t k = 0; k < nr; k += 2) {
      if (k + 1 < nr) merge_runs(src, dst, run[k], run[k + 1], run[k + 2]);
      else memcpy(dst + run[k], src + run[k], (size_t)(run[k + 1] - run[k]) * sizeof *dst);
      run[m++] = run[k];
    }
    run[m] = n;
    nr = m;
    mssa_ipa_entry *t = src;
    src = dst;
    dst = t;
  }
  if (src != a) memcpy(a, src, (size_t)n * sizeof *a);
  if (heap) {
    free(tmp);
    free(run);
  }
}

static void merge(mssa__ipa_entvec *v);

void mssa__ipa_merge(mssa__ipa_entvec *v) { merge(v); }

/* Sort and merge (invariant 1). */
static void merge(mssa__ipa_entvec *v) {
  sort_entries(v);
  for (uint32_t k = 1; MSSA_CHECKS >= 2 && k < v->n; k++)
    MSSA_EXPENSIVE_ASSERT(ent_cmp(&v->a[k - 1], &v->a[k]) <= 0);   /* invariant 5: sorted */
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
  /* the same list as before: no object's ranges changed (the common case
  ** once a fixpoint settles), nothing to widen */
  if (mssa__ipa_same_list(old, nold, v)) return;
  uint32_t j = 0;
  bool widened = false;
  for (uint32_t k = 0; k < v->n;) {
    uint32_t e = k;
    while (e < v->n && !obj_cmp(&v->a[k], &v->a[e])) e++;
    while (j < nold && obj_cmp(&old[j], &v->a[k]) < 0) j++;
    uint32_t je = j;
    while (je < nold && !obj_cmp(&old[je], &v->a[k])) je++;
    bool same = je - j == e - k;
    for (uint32_t t = 0; same && t < e - k; t++) same = !ent_cmp(&old[j + t], &v->a[k + t]);
    if (!same && has_object(v->a[k].kind)) {
      for (uint32_t t = k; t < e; t++) v->a[t].whole = 1;
      widened = true;
    }
    k = e;
    j = je;
  }
  /* v came normalized (merged): merging it again changes nothing unless
  ** some object widened */
  if (widened) merge(v);
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
