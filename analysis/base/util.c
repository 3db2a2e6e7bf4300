/*
** util.c -- allocation helpers, string interning, integer maps.
*/
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "base/util.h"

#include "base/check.h"
#include "base/base_internal.h"
#include "base/oom.h"

#include <stdio.h>
#include <sys/mman.h>
#include <time.h>

/* Outside a scope the old behaviour (one line, abort); inside one, the
** request's boundary gets the failure (base/oom.h). */
static _Noreturn void oom(size_t n) { mssa_oom_fail(n); }

/* Each wrapper pays one thread-local load outside scopes; inside one the
** block is recorded so a failed request's blocks can be swept. */
void *mssa_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (mssa_oom_scope_now()) return mssa__oom_track(p, n);
  if (!p) oom(n);
  return p;
}

void *mssa_xcalloc(size_t n, size_t sz) {
  if (sz && n > SIZE_MAX / sz) oom(SIZE_MAX);
  void *p = calloc(n ? n : 1, sz ? sz : 1);
  if (mssa_oom_scope_now()) return mssa__oom_track(p, n * sz);
  if (!p) oom(n * sz);
  return p;
}

void *mssa_xrealloc(void *p, size_t n) {
  if (mssa_oom_scope_now()) return mssa__oom_realloc(p, n);
  void *q = realloc(p, n ? n : 1);
  if (!q) oom(n);
  return q;
}

/* Whole 2 MiB ranges of a block can become transparent huge pages; below
** two of them the hint is not worth a system call. */
#define HUGE_MIN ((size_t)4 << 20)
#define PAGE_SZ ((uintptr_t)4096)

void mssa_advise_huge(void *p, size_t n) {
#ifdef MADV_HUGEPAGE
  if (n < HUGE_MIN) return;
  uintptr_t a = ((uintptr_t)p + PAGE_SZ - 1) & ~(PAGE_SZ - 1);
  uintptr_t b = ((uintptr_t)p + n) & ~(PAGE_SZ - 1);
  if (b > a) (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
  (void)p, (void)n;
#endif
}

char *mssa_xstrndup(const char *s, size_t n) {
  char *p = mssa_xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

void mssa_grow(void **a, uint32_t *cap, uint32_t need, size_t sz) {
  if (need <= *cap) return;
  uint64_t c = *cap ? *cap : 8;
  while (c < need) c *= 2;
  if (c > 0xfffffff0u) c = 0xfffffff0u;
  if (c < need) oom((size_t)need * sz);
  *a = mssa_xrealloc(*a, (size_t)c * sz);
  *cap = (uint32_t)c;
}

void mssa_strtab_init(mssa_strtab *t) { memset(t, 0, sizeof *t); }

void mssa_strtab_free(mssa_strtab *t) {
  free(t->buf);
  free(t->off);
  free(t->slen);
  free(t->hash);
  memset(t, 0, sizeof *t);
}

static uint32_t strtab_slot(const mssa_strtab *t, const char *s, size_t n, uint64_t h) {
  uint32_t mask = t->hcap - 1;
  uint32_t i = (uint32_t)h & mask;
  for (;;) {
    uint32_t e = t->hash[i];
    if (e == 0) return i;
    uint32_t id = e - 1;
    if (t->slen[id] == n && memcmp(t->buf + t->off[id], s, n) == 0) return i;
    i = (i + 1) & mask;
  }
}

uint32_t mssa_strtab_find(const mssa_strtab *t, const char *s, size_t n) {
  if (!t->hcap) return MSSA_NONE;
  uint32_t i = strtab_slot(t, s, n, mssa_hash(s, n));
  return t->hash[i] ? t->hash[i] - 1 : MSSA_NONE;
}

static void strtab_rehash(mssa_strtab *t) {
  uint32_t nc = t->hcap ? t->hcap * 2 : 256;
  /* The new table first: if it cannot be had, the old one still serves
  ** (an edit's allocation failure unwinds from here, base/oom.h). */
  uint32_t *h = mssa_xcalloc(nc, sizeof(uint32_t));
  free(t->hash);
  t->hash = h;
  t->hcap = nc;
  for (uint32_t id = 0; id < t->n; id++) {
    const char *s = t->buf + t->off[id];
    uint32_t i = strtab_slot(t, s, t->slen[id], mssa_hash(s, t->slen[id]));
    t->hash[i] = id + 1;
  }
}

uint32_t mssa_strtab_intern(mssa_strtab *t, const char *s, size_t n) {
  if ((uint64_t)(t->n + 1) * 2 > t->hcap) strtab_rehash(t);
  uint64_t h = mssa_hash(s, n);
  uint32_t i = strtab_slot(t, s, n, h);
  if (t->hash[i]) return t->hash[i] - 1;
  if (t->len + n + 1 > t->cap) {
    size_t c = t->cap ? t->cap : 4096;
    while (c < t->len + n + 1) c *= 2;
    t->buf = mssa_xrealloc(t->buf, c);
    t->cap = c;
  }
  if (t->n == t->ncap) {
    /* ncap moves only once both arrays have grown (a failure between the
    ** two unwinds: base/oom.h). */
    uint32_t nc = t->ncap ? t->ncap * 2 : 256;
    t->off = mssa_xrealloc(t->off, nc * sizeof(uint32_t));
    t->slen = mssa_xrealloc(t->slen, nc * sizeof(uint32_t));
    t->ncap = nc;
  }
  uint32_t id = t->n++;
  t->off[id] = (uint32_t)t->len;
  t->slen[id] = (uint32_t)n;
  memcpy(t->buf + t->len, s, n);
  t->buf[t->len + n] = 0;
  t->len += n + 1;
  t->hash[i] = id + 1;
  MSSA_ASSERT(t->len <= t->cap && t->n <= t->ncap && (uint64_t)t->n * 2 <= t->hcap);
  return id;
}

static inline uint64_t mix64(uint64_t k) {
  k ^= k >> 33; k *= 0xff51afd7ed558ccdull; k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull; k ^= k >> 33;
  return k;
}

void mssa_u64map_free(mssa_u64map *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

void mssa_u64map_clear(mssa_u64map *m) {
  if (m->cap) memset(m->vals, 0xff, m->cap * sizeof(uint32_t));
  m->n = 0;
}

uint32_t mssa_u64map_get(const mssa_u64map *m, uint64_t k) {
  if (!m->cap) return MSSA_NONE;
  uint32_t mask = m->cap - 1, i = (uint32_t)mix64(k) & mask;
  while (m->vals[i] != MSSA_NONE) {
    if (m->keys[i] == k) return m->vals[i];
    i = (i + 1) & mask;
  }
  return MSSA_NONE;
}

static void u64map_insert(mssa_u64map *m, uint64_t k, uint32_t v) {
  uint32_t mask = m->cap - 1, i = (uint32_t)mix64(k) & mask;
  while (m->vals[i] != MSSA_NONE) {
    if (m->keys[i] == k) { m->vals[i] = v; return; }
    i = (i + 1) & mask;
  }
  m->keys[i] = k;
  m->vals[i] = v;
  m->n++;
}

void mssa_u64map_put(mssa_u64map *m, uint64_t k, uint32_t v) {
  if ((uint64_t)(m->n + 1) * 2 > m->cap) {
    mssa_u64map old = *m;
    /* Both new arrays before *m changes (base/oom.h: a failure unwinds). */
    uint32_t nc = old.cap ? old.cap * 2 : 64;
    uint64_t *keys = mssa_xmalloc(nc * sizeof(uint64_t));
    uint32_t *vals = mssa_xmalloc(nc * sizeof(uint32_t));
    m->cap = nc;
    m->n = 0;
    m->keys = keys;
    m->vals = vals;
    memset(m->vals, 0xff, m->cap * sizeof(uint32_t));
    for (uint32_t i = 0; i < old.cap; i++)
      if (old.vals[i] != MSSA_NONE) u64map_insert(m, old.keys[i], old.vals[i]);
    free(old.keys);
    free(old.vals);
  }
  u64map_insert(m, k, v);
}

uint64_t mssa_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
