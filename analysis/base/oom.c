/*
** oom.c -- recovery scopes: the per-thread stack of scopes, their
** registries of live blocks, the jump, the sweep, and the test hook that
** fails the Nth allocation (oom.h says why and what makes it safe).
**
** Invariants:
**   1. A registry is an open-addressing set of pointers with linear probing
**      and at most half its slots used; deletion shifts the cluster back
**      (no tombstones), so a lookup stops at the first empty slot.
**   2. The registry's own table is allocated with plain malloc, outside any
**      registry; if it cannot grow, the block it was to record is freed and
**      the allocation fails like any other (the scope unwinds).
**   3. Only blocks made inside a scope are registered, in the innermost
**      scope; realloc keeps a block in the registry it was in, or out.
**   4. The counters of the test hook are atomic (jobs allocate on the
**      thread pool); unarmed, an allocation reads one plain flag more.
**   5. A fallible allocation (mssa_oom_try_*) is counted by the test hook
**      but never recorded and never unwinds, in a scope or not (oom.h
**      invariant 8); a scope of mssa_oom_try_call starts small (`small`).
*/
#include "base/base_internal.h"
#include "base/oom.h"

#include "base/check.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local mssa_oom_scope *mssa_oom_cur;
static _Thread_local mssa_oom_guard *guards;
static bool enabled;

/* The test hook (invariant 4). `testing` is set once by the first arming. */
static bool testing;
static _Atomic uint64_t counted, fail_at;
static atomic_bool persist_fail, fired;

bool mssa_oom_enabled(void) { return enabled; }

/* ------------------------------------------------------------- registry */

/* Addresses are compared as integers: a block's address is still its key
** once it has been freed (the probe, realloc). */
static uint32_t slot_of(const mssa_oom_scope *sc, uintptr_t p) {
  uint64_t h = (uint64_t)p * 0x9e3779b97f4a7c15ull;
  return (uint32_t)(h >> 32) & (sc->cap - 1);
}

static uint32_t find(const mssa_oom_scope *sc, uintptr_t p) {
  if (!sc->cap) return UINT32_MAX;
  for (uint32_t i = slot_of(sc, p);; i = (i + 1) & (sc->cap - 1)) {
    if (!sc->slot[i]) return UINT32_MAX;
    if ((uintptr_t)sc->slot[i] == p) return i;
  }
}

static void put(mssa_oom_scope *sc, void *p) {
  uint32_t i = slot_of(sc, (uintptr_t)p);
  while (sc->slot[i]) i = (i + 1) & (sc->cap - 1);
  sc->slot[i] = p;
  sc->n++;
}

/* Doubles the table; false if it cannot (invariant 2). */
static bool grow(mssa_oom_scope *sc) {
  /* 32 KiB: a query's blocks, no rehash; 512 bytes for a scope of a few
  ** blocks (mssa_oom_try_call: a decoded line, a reply's encoding) */
  uint32_t nc = sc->cap ? sc->cap * 2 : sc->small ? 64 : 4096;
  if (nc < sc->cap) return false;
  void **old = sc->slot;
  uint32_t oc = sc->cap;
  sc->slot = calloc(nc, sizeof *sc->slot);
  if (!sc->slot) {
    sc->slot = old;
    return false;
  }
  sc->cap = nc;
  sc->n = 0;
  for (uint32_t i = 0; i < oc; i++)
    if (old[i]) put(sc, old[i]);
  free(old);
  return true;
}

/* Backward-shift deletion of slot i (invariant 1). */
static void del(mssa_oom_scope *sc, uint32_t i) {
  uint32_t mask = sc->cap - 1;
  for (uint32_t j = (i + 1) & mask; sc->slot[j]; j = (j + 1) & mask) {
    uint32_t h = slot_of(sc, (uintptr_t)sc->slot[j]);
    /* slot j may move to i if its home h is not in (i, j] cyclically */
    bool stays = i <= j ? (h > i && h <= j) : (h > i || h <= j);
    if (stays) continue;
    sc->slot[i] = sc->slot[j];
    i = j;
  }
  sc->slot[i] = NULL;
  sc->n--;
}

static bool add(mssa_oom_scope *sc, void *p) {
  if ((uint64_t)(sc->n + 1) * 2 > sc->cap && !grow(sc)) return false;
  put(sc, p);
  MSSA_ASSERT((uint64_t)sc->n * 2 <= sc->cap);
  return true;
}

/* The scope of this thread whose registry holds p, or NULL (slot in *at). */
static mssa_oom_scope *owner(uintptr_t p, uint32_t *at) {
  for (mssa_oom_scope *sc = mssa_oom_cur; sc; sc = sc->outer) {
    uint32_t i = find(sc, p);
    if (i != UINT32_MAX) {
      *at = i;
      return sc;
    }
  }
  return NULL;
}

void mssa_oom_forget(void *p) {
  uint32_t i;
  mssa_oom_scope *sc = p && mssa_oom_cur ? owner((uintptr_t)p, &i) : NULL;
  if (sc) del(sc, i);
}

void mssa_oom_adopt(void *p) {
  mssa_oom_scope *sc = mssa_oom_cur;
  if (!p || !sc || sc->no_return || sc->rolling_back) return;
  uint32_t i;
  MSSA_ASSERT(!owner((uintptr_t)p, &i));   /* in at most one registry (invariant 1) */
  if (!add(sc, p)) {   /* the registry cannot grow: the block goes, and the request */
    free(p);
    mssa_oom_fail(sizeof(void *));
  }
}

/* --------------------------------------------------------------- scopes */

bool mssa_oom_init(void) {
  /* A probe: a registered block freed with free() must leave the registry
  ** (the daemon's link routes free through mssa_oom_forget). */
  mssa_oom_scope sc;
  enabled = true;
  mssa_oom_enter(&sc);
  void *p = malloc(16);
  bool followed = false;
  if (p && add(&sc, p)) {
    uintptr_t key = (uintptr_t)p;
    free(p);
    uint32_t i = find(&sc, key);
    followed = i == UINT32_MAX;
    if (!followed) del(&sc, i);   /* freed already: only forget it */
  } else {
    free(p);
  }
  mssa_oom_commit(&sc);
  enabled = followed;
  return enabled;
}

void mssa_oom_enter(mssa_oom_scope *sc) {
  memset(sc, 0, sizeof *sc);
  if (!enabled) return;   /* a boundary mark only (oom.h invariant 4) */
  sc->outer = mssa_oom_cur;
  sc->guards0 = guards;
  mssa_oom_cur = sc;
}

void mssa_oom_guard_push(mssa_oom_guard *g, void (*fn)(void *arg), void *arg) {
  g->fn = fn;
  g->arg = arg;
  g->next = guards;
  guards = g;
}

void mssa_oom_guard_pop(mssa_oom_guard *g) {
  MSSA_ASSERT(guards == g);   /* guards nest (oom.h invariant 6) */
  guards = g->next;
}

static void run_hooks(mssa_oom_scope *sc, bool failed) {
  while (sc->nhooks) {
    sc->nhooks--;
    sc->hook[sc->nhooks].fn(sc->hook[sc->nhooks].arg, failed);
  }
}

static void pop(mssa_oom_scope *sc) {
  MSSA_ASSERT(mssa_oom_cur == sc);   /* scopes end innermost first (oom.h invariant 3) */
  MSSA_ASSERT(guards == sc->guards0);   /* its guards are gone (oom.h invariant 6) */
  mssa_oom_cur = sc->outer;
  free(sc->slot);
  sc->slot = NULL;
  sc->n = sc->cap = 0;
}

void mssa_oom_commit(mssa_oom_scope *sc) {
  if (!enabled) return;
  /* Success hooks run once the scope is gone: what they commit (a journal
  ** record) must not be unwound by a failure of their own. */
  pop(sc);
  run_hooks(sc, false);
}

void mssa_oom_rollback(mssa_oom_scope *sc, void (*cleanup)(void *), void *arg) {
  if (!enabled) return;
  MSSA_ASSERT(mssa_oom_cur == sc && !sc->rolling_back);
  sc->rolling_back = true;
  run_hooks(sc, true);
  if (cleanup) cleanup(arg);
  /* The sweep: what is left was made in the scope and is still live. The
  ** frees below must not look themselves up: unlink the scope first. */
  mssa_oom_cur = sc->outer;
  for (uint32_t i = 0; i < sc->cap; i++)
    if (sc->slot[i]) free(sc->slot[i]);
  mssa_oom_cur = sc;
  sc->n = 0;
  pop(sc);
}

void mssa_oom_on_end(mssa_oom_hook_fn fn, void *arg) {
  mssa_oom_scope *sc = mssa_oom_cur;
  if (!sc) return;
  MSSA_ASSERT(sc->nhooks < MSSA_OOM_HOOKS);
  sc->hook[sc->nhooks].fn = fn;
  sc->hook[sc->nhooks].arg = arg;
  sc->nhooks++;
}

void mssa_oom_no_return(void) {
  if (mssa_oom_cur) mssa_oom_cur->no_return = true;
}

_Noreturn void mssa_oom_fail(size_t n) {
  mssa_oom_scope *sc = mssa_oom_cur;
  if (sc && !sc->rolling_back && !sc->no_return) {
    sc->failed_bytes = n;
    /* The guards put back what their frames had swapped, while those
    ** frames still exist; an allocation they make cannot unwind again. */
    sc->rolling_back = true;
    while (guards != sc->guards0) {
      mssa_oom_guard *g = guards;
      guards = g->next;
      g->fn(g->arg);
    }
    sc->rolling_back = false;
    longjmp(sc->jb, 1);
  }
  fprintf(stderr, "memssa: out of memory allocating %zu bytes\n", n);
  abort();
}

/* ------------------------------------------------------------ test hook */

void mssa_oom_fail_after(uint64_t n, bool persist) {
  testing = true;
  atomic_store(&counted, 0);
  atomic_store(&fired, false);
  atomic_store(&persist_fail, persist);
  atomic_store(&fail_at, n);
}

uint64_t mssa_oom_counted(void) { return atomic_load(&counted); }
bool mssa_oom_fired(void) { return atomic_load(&fired); }

/* True if the test hook fails this allocation (invariant 5 of oom.h). */
static bool injected(void) {
  if (!testing) return false;
  uint64_t k = atomic_fetch_add(&counted, 1) + 1, at = atomic_load(&fail_at);
  if (!at || k < at || (k > at && !atomic_load(&persist_fail))) return false;
  atomic_store(&fired, true);
  return true;
}

/* ---------------------------------------------------------- allocation */

void *mssa__oom_track(void *p, size_t n) {
  mssa_oom_scope *sc = mssa_oom_cur;
  /* Past no return (oom.h invariant 7), or made by a rollback or a guard
  ** to put older state back: not the failed request's, not recorded, not
  ** injected; a failure aborts (mssa_oom_fail). */
  if (sc->no_return || sc->rolling_back) {
    if (!p) mssa_oom_fail(n);
    return p;
  }
  if (p && injected()) {
    free(p);
    p = NULL;
  }
  if (p && add(sc, p)) return p;
  free(p);
  mssa_oom_fail(n);
}

void *mssa__oom_realloc(void *p, size_t n) {
  mssa_oom_scope *sc = mssa_oom_cur;
  uint32_t at = 0;
  mssa_oom_scope *own = p ? owner((uintptr_t)p, &at) : sc;
  bool keeps = sc->no_return || sc->rolling_back;   /* as in mssa__oom_track */
  if (!keeps && injected()) mssa_oom_fail(n);   /* p untouched */
  /* The old block leaves its registry only once realloc has succeeded: on
  ** failure it is still live and still the scope's (or still not). */
  void *q = realloc(p, n ? n : 1);
  if (!q) mssa_oom_fail(n);
  if (!own) return q;   /* older than the scope: stays out (invariant 3) */
  if (p) del(own, at);
  if (keeps) return q;   /* the changed or restored state's now */
  if (add(own, q)) return q;
  /* q holds p's bytes but cannot be recorded: as if realloc had failed,
  ** except that p is gone, so q is freed as the scope's would be. */
  free(q);
  mssa_oom_fail(n);
}

void *mssa_oom_malloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!mssa_oom_cur) return p;   /* invariant 2 of oom.h: jansson handles NULL */
  return mssa__oom_track(p, n);
}

/* ---------------------------------------------- fallible allocations */

/* Invariant 8 of oom.h: counted by the test hook, never recorded. */
void *mssa_oom_try_malloc(size_t n) {
  if (injected()) return NULL;
  return malloc(n ? n : 1);
}

void *mssa_oom_try_realloc(void *p, size_t n) {
  uint32_t at;
  MSSA_ASSERT(!p || !owner((uintptr_t)p, &at));   /* a block of no scope (oom.h invariant 8) */
  if (injected()) return NULL;
  return realloc(p, n ? n : 1);
}

bool mssa_oom_try_call(void (*fn)(void *arg), void (*undo)(void *arg), void *arg) {
  mssa_oom_scope sc;
  if (!MSSA_OOM_TRY(&sc)) {
    mssa_oom_rollback(&sc, undo, arg);
    return false;
  }
  sc.small = true;
  fn(arg);
  mssa_oom_commit(&sc);
  return true;
}
