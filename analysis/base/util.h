/*
** util.h -- small containers shared by the analysis library.
**
** Invariants:
**   1. A vector's `n` never exceeds its `cap`; `a` is NULL iff `cap` is 0.
**   2. Growth is geometric, so pushing N elements costs O(N) amortized.
**   3. The allocation wrappers never return NULL. Outside a recovery scope
**      a failure aborts the process with a one-line message (the CLI);
**      inside one (a daemon request, base/oom.h) it unwinds to the scope's
**      boundary, which fails that request alone. So no library function
**      threads ENOMEM through its callers.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_UTIL_H
#define MSSA_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* "No such index": an absent block, instruction, access, id or map value. */
#define MSSA_NONE 0xffffffffu

/* Allocation that never returns NULL (invariant 3). A block they return
** is freed with free(). */

void *mssa_xmalloc(size_t n);
void *mssa_xcalloc(size_t n, size_t sz);
void *mssa_xrealloc(void *p, size_t n);
char *mssa_xstrndup(const char *s, size_t n);
/* A hint that the large block p[0..n) will be filled at once: where the
** system has transparent huge pages, its first touches then fault 2 MiB at
** a time rather than 4 KiB. First touches of fresh memory are a large part
** of reading a module (one page fault per 4 KiB costs ~13 us on a virtual
** machine); the resident size is unchanged, as only whole 2 MiB ranges
** inside the block can become huge pages. Does nothing for small blocks or
** where the hint is unknown. */
void mssa_advise_huge(void *p, size_t n);

/* Grow `*a` (element size `sz`, capacity `*cap`) so it holds `need` elements. */
void mssa_grow(void **a, uint32_t *cap, uint32_t need, size_t sz);

#define MSSA_VEC(T) struct { T *a; uint32_t n, cap; }
/* The capacity test is inline: pushes are the commonest operation of the
** reader and the graphs, and a call per push showed in profiles. `need` is
** evaluated twice. */
#define mssa_vec_reserve(v, need)                                             \
  do {                                                                         \
    if ((uint64_t)(need) > (v)->cap)                                           \
      mssa_grow((void **)&(v)->a, &(v)->cap, (uint32_t)(need), sizeof(*(v)->a)); \
  } while (0)
#define mssa_vec_push(v, x) \
  do { mssa_vec_reserve((v), (v)->n + 1); (v)->a[(v)->n++] = (x); } while (0)
#define mssa_vec_free(v) do { free((v)->a); (v)->a = NULL; (v)->n = (v)->cap = 0; } while (0)

typedef MSSA_VEC(uint32_t) mssa_u32vec;

/* FNV-1a over bytes; good enough for interning identifiers. */
static inline uint64_t mssa_hash(const void *p, size_t n) {
  const unsigned char *s = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 1099511628211ull; }
  return h;
}

/* Hash of n 64-bit words: one multiply-xorshift round per word. Much faster
** than the bytewise FNV above for fixed-size keys on hot paths. */
static inline uint64_t mssa_hash_words(const uint64_t *w, size_t n) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (size_t i = 0; i < n; i++) {
    h ^= w[i];
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  return h;
}

/*
** String table: interns byte strings, giving each a dense id. Ids are stable
** for the table's lifetime. Strings are stored NUL-terminated (a string may
** itself contain NUL bytes; `mssa_strtab_len` gives the true length).
*/
typedef struct mssa_strtab {
  char *buf;          /* all strings, each followed by a NUL */
  size_t len, cap;
  uint32_t *off;      /* off[id] = byte offset in buf */
  uint32_t *slen;     /* slen[id] = length */
  uint32_t n, ncap;
  uint32_t *hash;     /* open addressing: id+1, 0 = empty */
  uint32_t hcap;      /* power of two */
} mssa_strtab;

void mssa_strtab_init(mssa_strtab *t);
void mssa_strtab_free(mssa_strtab *t);
/* Returns the id of `s[0..n)`, interning it if new. */
uint32_t mssa_strtab_intern(mssa_strtab *t, const char *s, size_t n);
/* Returns the id of `s[0..n)` or MSSA_NONE if it was never interned. */
uint32_t mssa_strtab_find(const mssa_strtab *t, const char *s, size_t n);
static inline const char *mssa_strtab_get(const mssa_strtab *t, uint32_t id) {
  return t->buf + t->off[id];
}
static inline uint32_t mssa_strtab_len(const mssa_strtab *t, uint32_t id) {
  return t->slen[id];
}

/*
** Integer map u64 -> u32 (open addressing). Used for "name id -> value",
** "metadata slot -> node" and similar lookups.
*/
typedef struct mssa_u64map {
  uint64_t *keys;
  uint32_t *vals;     /* MSSA_NONE marks an empty slot */
  uint32_t n, cap;    /* cap is zero or a power of two */
} mssa_u64map;

void mssa_u64map_free(mssa_u64map *m);
void mssa_u64map_clear(mssa_u64map *m);
/* Returns the value for `k` or MSSA_NONE. */
uint32_t mssa_u64map_get(const mssa_u64map *m, uint64_t k);
/* Sets `k` to `v` (v must not be MSSA_NONE). */
void mssa_u64map_put(mssa_u64map *m, uint64_t k, uint32_t v);

/* Monotonic clock in nanoseconds (for the build summary). */
uint64_t mssa_now_ns(void);

#endif
