/*
** deps.h -- what a compiler pass asks of MemorySSA, beyond "what clobbers
** this": every access of a function with its clobber (accesses), the memory
** dependence between two instructions (depends), load forwarding (value),
** and what LLVM 14's mem2reg would do with each alloca (promotable).
**
** Invariants:
**   1. Sound answers: `value` says Known only when every path from the entry
**      to the load ends with a store of that very value (the same dynamic
**      instance of it) to exactly the loaded location; `depends` says no
**      dependence only when alias analysis says NoAlias, mod/ref rules it
**      out, or no CFG path joins the two instructions without a write that
**      covers the location in between.
**   2. `promotable` reproduces `opt -passes=mem2reg` of LLVM 14: the allocas
**      it promotes (over its repeated rounds), and the phis that survive its
**      simplification, block by block.
**   3. Queries read the graph and may warm the walker's cache (accesses,
**      depends); they never change an answer, so callers serialize them
**      like any walker query (mssa_query.h, invariant 2).
**   4. Every walk is iterative with explicit stacks and visited sets, so
**      input size never drives recursion.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_DEPS_H
#define MSSA_DEPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mssa/mssa.h"

/* ------------------------------------------------------------ accesses */

/* One access with the walker's clobber. Phis are their own clobber. */
typedef struct mssa_deps_access {
  uint32_t access;       /* def, use or phi (liveOnEntry is not listed) */
  uint32_t clobber;      /* the walker's clobber (0 = liveOnEntry) */
  int ar;                /* mssa_alias_result of the answer, MSSA_AR_NONE when none */
} mssa_deps_access;

/* Accesses of the function in layout order (blocks in layout order, each
** block's list: phi, then defs and uses in instruction order), skipping the
** first `first` of them; writes up to `max` to `out` (asking the walker
** about each) and returns the total number of accesses. */
uint32_t mssa_deps_accesses(mssa_ssa *s, uint32_t first, uint32_t max, mssa_deps_access *out);

/* ------------------------------------------------------------- depends */

enum {
  MSSA_DEP_FLOW = 1,     /* from writes what to reads (read after write) */
  MSSA_DEP_ANTI = 2,     /* from reads what to writes (write after read) */
  MSSA_DEP_OUTPUT = 4    /* both write (write after write) */
};

typedef struct mssa_deps_dep {
  bool depends;          /* kinds != 0, the locations may overlap, reaches */
  unsigned kinds;        /* MSSA_DEP_* allowed by the two mod/ref behaviours */
  int alias;             /* alias of the two locations; MSSA_AR_NONE if one is a call */
  unsigned modref;       /* MSSA_MR_* of `from` on `to` (its location or call) */
  bool reaches;          /* a CFG path from `from` to `to` on which no write
                            in between covers the location (see deps.c) */
  uint32_t killer;       /* no such path but some path: a covering write on
                            one (instruction), else MSSA_NONE */
  uint32_t clobber;      /* the walker's clobber of `to` (access index) */
  mssa_u32vec path;      /* the deciding path: accesses from `to` back to
                            `from` (both included) when reaches, else empty */
  const char *reason;    /* why not, when !depends; NULL otherwise */
  bool carried;          /* the addresses are recomputed on a path from
                            `from` to `to`, where the one-iteration NoAlias
                            does not hold: alias is the answer with unknown
                            sizes (deps.c invariant 5) */
} mssa_deps_dep;

/* Does instruction `to` depend on instruction `from` through memory? Both
** must have a MemoryAccess (MSSA_ENOENT otherwise). */
int mssa_deps_depends(mssa_ssa *s, uint32_t from, uint32_t to, mssa_deps_dep *out);
void mssa_deps_dep_free(mssa_deps_dep *d);

/* --------------------------------------------------------------- value */

typedef struct mssa_deps_val {
  bool known;
  mssa_val value;        /* when known: the value every reaching store stores */
  uint32_t blocker;      /* when unknown: the access that decided it (a
                            def, a phi, or 0 for liveOnEntry), or MSSA_NONE */
  uint32_t other;        /* a second instruction the reason names, or MSSA_NONE */
  mssa_u32vec writes;    /* the reaching stores (access indices), in walk order */
  mssa_u32vec path;      /* every access the walk visited, in visit order */
  const char *reason;    /* when unknown: why (a fixed sentence) */
} mssa_deps_val;

/* Load forwarding for load `inst` (MSSA_EINVAL if it is not a load). */
int mssa_deps_value(mssa_ssa *s, uint32_t inst, mssa_deps_val *out);
void mssa_deps_val_free(mssa_deps_val *v);

/* ---------------------------------------------------------- promotable */

typedef struct mssa_deps_alloca {
  uint32_t inst;         /* the alloca */
  bool promotable;
  uint32_t round;        /* mem2reg's round that promotes it (1 first), 0 if none */
  uint32_t loads;        /* loads it replaces */
  uint32_t phi_off;      /* its phi blocks: phis.a[phi_off .. phi_off+nphi), */
  uint32_t nphi;         /*   in layout order */
  const char *reason;    /* NULL when promotable */
  uint32_t culprit;      /* the instruction that blocks promotion, or MSSA_NONE */
} mssa_deps_alloca;

typedef struct mssa_deps_promote {
  uint32_t n;            /* allocas of the function, in layout order */
  mssa_deps_alloca *a;
  mssa_u32vec phis;      /* block ids */
} mssa_deps_promote;

/* What `opt -passes=mem2reg` (LLVM 14) does with every alloca of the
** graph's function. */
int mssa_deps_promotable(const mssa_ssa *s, mssa_deps_promote *out);
void mssa_deps_promote_free(mssa_deps_promote *p);
/* The values mem2reg leaves in place of the loads it removes: map (one
** entry per instruction of the graph's function, f->insts.n) gets, for each
** load the pass replaces, the value it becomes -- a stored value, an
** argument, a constant, or for a phi the pass inserts the lowest-numbered
** load it replaced -- and MSSA_VAL_NONE everywhere else (loads of
** uninitialized slots and loads of another type than the one stored
** included). Two loads mapped to one value read the same value whenever
** they are in the same iteration of every loop around them. */
int mssa_deps_promoted_values(const mssa_ssa *s, mssa_val *map);
/* The reason an alloca is not promoted, for people: the sentence and, when
** a use is to blame, that instruction's text ("its address is passed to a
** call: call void @g(ptr %x)"). Empty for a promotable alloca. Truncates to
** cap and NUL-terminates when cap > 0; returns the length written. */
size_t mssa_deps_alloca_reason(const mssa_module *m, const mssa_func *f,
                               const mssa_deps_alloca *a, char *buf, size_t cap);

#endif
