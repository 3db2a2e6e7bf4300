/*
** mssa.h -- MemorySSA for one function: the graph (construction), the
** walker (clobber queries), printing and verification.
**
** The graph mirrors LLVM 14's MemorySSA: a liveOnEntry def, one MemoryDef or
** MemoryUse per memory instruction, MemoryPhis at the iterated dominance
** frontier of the defining blocks.
**
** Invariants:
**   1. Access index MSSA_LIVE_ON_ENTRY is liveOnEntry (kind MSSA_ACC_LIVE,
**      id MSSA_LIVE_ON_ENTRY_ID, block = entry). Access indices are stable;
**      a removed access keeps its slot with kind MSSA_ACC_DEAD.
**   2. Printed ids come from one counter: defs are numbered in layout order
**      during construction, then phis in IDF order; uses have no id.
**      Ids are never reused.
**   3. Each block's access list runs phi (at most one) first, then defs and
**      uses in instruction order. `lastdef[b]` is the last def or phi of
**      block b, or MSSA_NONE.
**   4. A use's or def's `def` (defining access) dominates it. A phi has one
**      operand per CFG edge into its block (pairs of block, access).
**   5. `optimized` on a use means its `def` is the clobber found by use
**      optimization; `ar` is then the alias result to print (or
**      MSSA_AR_NONE). On a def, `optimized` means `opt` holds the walker's
**      clobber.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_MSSA_H
#define MSSA_MSSA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "alias/aa.h"
#include "base/buf.h"
#include "cfg/domtree.h"
#include "ir/ir.h"

typedef enum {
  MSSA_ACC_LIVE = 0,  /* liveOnEntry */
  MSSA_ACC_DEF = 1,
  MSSA_ACC_USE = 2,
  MSSA_ACC_PHI = 3,
  MSSA_ACC_DEAD = 4   /* removed */
} mssa_access_kind;
/* "This instruction gets no access" (mssa_ssa_access_kind); never stored. */
#define MSSA_ACC_NONE (-1)

/* liveOnEntry: its access index in every graph, and its printed id. */
#define MSSA_LIVE_ON_ENTRY 0u
#define MSSA_LIVE_ON_ENTRY_ID 0u

/* mssa_access.ar when there is no alias word to print: the access is not
** optimized, or its clobber is liveOnEntry (or the word was never known). */
#define MSSA_AR_NONE (-1)

typedef struct mssa_access {
  uint8_t kind;       /* mssa_access_kind */
  int8_t ar;          /* mssa_alias_result of the optimized access, or MSSA_AR_NONE */
  uint8_t optimized;  /* see invariant 5 */
  uint8_t pad_;
  uint32_t id;        /* printed number; MSSA_NONE for uses */
  uint32_t inst;      /* instruction id (def/use), MSSA_NONE otherwise */
  uint32_t block;     /* owning block */
  uint32_t def;       /* defining access (def/use), MSSA_NONE otherwise */
  uint32_t opt;       /* def: optimized (walker) access or MSSA_NONE */
  uint32_t nops;      /* phi: number of incoming pairs filled */
  uint32_t ops;       /* phi: start in ssa->phiops (2 entries per pair) */
  uint32_t cap;       /* phi: pairs reserved at ops */
  uint32_t prev, next; /* block access list, MSSA_NONE at the ends */
} mssa_access;

typedef struct mssa_build_opts {
  uint32_t check_limit;  /* LLVM's -memssa-check-limit; UINT32_MAX = unlimited;
                            0 = unlimited too, unless zero_check_limit */
  unsigned aa_layers;    /* MSSA_AA_* set; 0 means MSSA_AA_ALL */
  bool lazy_uses;        /* leave uses unoptimized (current LLVM's MemorySSA
                            before ensureOptimizedUses, what its
                            print<memoryssa-walker> walks): each use's `def`
                            is its nearest dominating def or phi, except
                            the trivially optimizable ones (liveOnEntry) */
  bool zero_check_limit; /* -memssa-check-limit=0: no clobber check at all */
} mssa_build_opts;

/* Does the graph follow current LLVM (15 and newer) rather than LLVM 14?
** Current LLVM prints no alias word on a MemoryUse, and the walker printout
** also omits it on defs and shows MemoryPhis. */
static inline bool mssa_ssa_current(const mssa_module *m) {
  return mssa_module_llvm_version(m) >= MSSA_LLVM_CURRENT;
}

typedef struct mssa_ssa {
  void *data;                 /* for the owner */
  const mssa_module *m;
  const mssa_func *f;
  mssa_aa *aa;
  mssa_cfg cfg;
  mssa_domtree dt;
  MSSA_VEC(mssa_access) acc;
  MSSA_VEC(uint32_t) phiops;  /* pairs: block id, access index */
  uint32_t *inst_acc;         /* instruction id -> access index or MSSA_NONE */
  uint32_t inst_cap;          /* size of inst_acc / inst_pos */
  uint32_t *inst_pos;         /* position of an instruction within its block */
  /* Per block, in one allocation of MSSA_BLOCK_ARRAYS * max(nblocks, 1)
  ** words that `first` owns (mssa_ssa_set_block_arrays): */
  uint32_t *first, *last;     /* access list ends */
  uint32_t *phi;              /* MemoryPhi access or MSSA_NONE */
  uint32_t *lastdef;          /* last def or phi, or MSSA_NONE */
  uint32_t nblocks;
  uint32_t next_id;           /* next printed id */
  uint32_t check_limit;
  uint32_t ndefs, nuses, nphis;
  uint64_t walker_steps;      /* statistics */
  bool words_stale;           /* use alias words await mssa_ssa_settle_words */
  struct mssa_users *users;   /* walker: value -> users index, built lazily */
  struct mssa_walk_memo *walk_memo; /* walker: phi-search answers; set only
                                       while mssa_ssa_optimize_uses runs */
  /* The editor's promoted view (query/reach.c): its alias context and the
  ** map it reads, both NULL until a view query builds them, and dropped
  ** (mssa_ssa_drop_view) whenever the IR changes. */
  mssa_aa *view_aa;
  mssa_val *view_map;
} mssa_ssa;

/* Forgets the promoted view (its answers index the IR as it was). */
static inline void mssa_ssa_drop_view(mssa_ssa *s) {
  mssa_aa_free(s->view_aa);
  free(s->view_map);
  s->view_aa = NULL;
  s->view_map = NULL;
}

/* The per-block arrays first, last, phi and lastdef share one allocation
** of this many arrays, `first` at its start. */
#define MSSA_BLOCK_ARRAYS 4u
/* Points the per-block arrays into `blk` (MSSA_BLOCK_ARRAYS * nb words, or
** MSSA_BLOCK_ARRAYS when nb is 0), which s->first then owns. */
static inline void mssa_ssa_set_block_arrays(mssa_ssa *s, uint32_t *blk, uint32_t nb) {
  s->first = blk;
  s->last = blk + nb;
  s->phi = blk + 2 * (size_t)nb;
  s->lastdef = blk + 3 * (size_t)nb;
}

/* Builds MemorySSA (with use optimization) for a defined function.
** On success *out owns a new graph (free with mssa_ssa_free). */
int mssa_ssa_build(const mssa_module *m, const mssa_func *f,
                   const mssa_build_opts *opts, mssa_ssa **out);
/* The same with a refinement of calls' mod/ref answers installed on the
** graph's alias context before uses are optimized (aa.h,
** mssa_aa_set_refine; ipa/ makes one): the walker and use optimization
** then see through calls. refine NULL: mssa_ssa_build. */
typedef struct mssa_refine {
  mssa_aa_refine_fn fn;
  void *ctx;
} mssa_refine;
int mssa_ssa_build_refined(const mssa_module *m, const mssa_func *f, const mssa_build_opts *opts,
                           const mssa_refine *refine, mssa_ssa **out);
void mssa_ssa_free(mssa_ssa *s);

static inline const mssa_access *mssa_ssa_access(const mssa_ssa *s, uint32_t a) {
  return &s->acc.a[a];
}
/* The access of instruction `inst`, or MSSA_NONE. */
static inline uint32_t mssa_ssa_inst_access(const mssa_ssa *s, uint32_t inst) {
  return inst < s->inst_cap ? s->inst_acc[inst] : MSSA_NONE;
}
/* Phi operand k: incoming block and access. */
static inline uint32_t mssa_phi_block(const mssa_ssa *s, const mssa_access *p, uint32_t k) {
  return s->phiops.a[p->ops + 2 * k];
}
static inline uint32_t mssa_phi_value(const mssa_ssa *s, const mssa_access *p, uint32_t k) {
  return s->phiops.a[p->ops + 2 * k + 1];
}

/* Does access a dominate access b (LLVM's MemorySSA::dominates)? */
bool mssa_ssa_dominates(const mssa_ssa *s, uint32_t a, uint32_t b);

/* ------------------------------------------------------------ the walker */

/*
** getClobberingMemoryAccess(MA): the nearest access that may clobber what MA
** reads or writes. Caches its answer on MA (the "optimized" access).
** *limit is LLVM's walk budget (UINT32_MAX for unlimited), decremented.
*/
uint32_t mssa_walker_clobber(mssa_ssa *s, uint32_t access, uint32_t *limit);
/* As above but without invariant.group handling (used by use optimization). */
uint32_t mssa_walker_clobber_noig(mssa_ssa *s, uint32_t access, uint32_t *limit);
/* Between begin and end, the walker remembers the answer of each phi
** search a use's query runs (by phi, location and the query's kind) and
** gives it again to a later query with the same search, which would repeat
** it step for step: the def chains and phis must not change in between
** (mssa_ssa_optimize_uses only sets the uses' clobbers). */
void mssa_walker_memo_begin(mssa_ssa *s);
void mssa_walker_memo_end(mssa_ssa *s);
/* getClobberingMemoryAccess(MA, Loc): clobber of `loc` starting above MA.
** Caches nothing. */
uint32_t mssa_walker_clobber_loc(mssa_ssa *s, uint32_t access, const mssa_loc *loc,
                                 uint32_t *limit);

/* LLVM's instructionClobbersQuery: does def access `def` clobber the query
** -- instruction `inst` (MSSA_NONE for the location form), location `loc`
** (NULL for calls)? Sets *ar to the alias word the answer carries. `def`
** is a MemoryDef, or one the updater just removed (kind MSSA_ACC_DEAD,
** its instruction still readable), to ask what the removal changes. */
bool mssa_def_clobbers(mssa_ssa *s, uint32_t def, uint32_t inst, const mssa_loc *loc, int *ar);
/* The same test asked of another alias context of the graph's function
** (an editor view's, query/reach.c): the graph's memo is not used. */
bool mssa_def_clobbers_aa(mssa_ssa *s, mssa_aa *aa, uint32_t def, uint32_t inst,
                          const mssa_loc *loc, int *ar);

/* ------------------------------------------ building blocks for the updater */

/* Use optimization as a fresh build runs it (LLVM's OptimizeUses) over
** every use not yet optimized; mssa_optimize.c. */
void mssa_ssa_optimize_uses(mssa_ssa *s);
/* The alias words of uses as use optimization records them, given use
** clobbers that are already a fresh build's (the updater's): a word
** depends on the searches of earlier uses of the same location, so an edit
** may change the words of uses it did not touch. The updater marks the
** graph (words_stale) and readers of use words (the printer, queries) call
** this first; it replays the build's search without asking where it
** stops (the clobber is known), one alias query per use whose search ends
** at a def. Does nothing unless words_stale. */
void mssa_ssa_settle_words(mssa_ssa *s);
/* LLVM's isUseTriviallyOptimizableToLiveOnEntry: an !invariant.load load, or
** a load from memory alias analysis proves constant. */
bool mssa_ssa_trivially_live_on_entry(mssa_ssa *s, uint32_t inst);

/* The access kind a fresh build gives instruction `inst`: MSSA_ACC_DEF,
** MSSA_ACC_USE, or MSSA_ACC_NONE. */
int mssa_ssa_access_kind(mssa_ssa *s, uint32_t inst);
/* A new access of `kind` for `inst` in `block`, appended to s->acc and
** linked nowhere, with its fields as a fresh build initialises them;
** returns its index. */
uint32_t mssa_ssa_new_access(mssa_ssa *s, uint8_t kind, uint32_t block, uint32_t inst);
/* Links access `a` into block b's access list right after access `after`
** (MSSA_NONE: at the front), and sets its block. */
void mssa_ssa_link_after(mssa_ssa *s, uint32_t b, uint32_t after, uint32_t a);
/* Unlinks access `a` from its block's access list (its block stays set). */
void mssa_ssa_unlink(mssa_ssa *s, uint32_t a);
/* A new MemoryPhi for block `b` (which must have none): a fresh id, room
** for one operand per incoming CFG edge (none filled yet), s->phi[b] set;
** not linked into the block's access list, lastdef untouched. Returns its
** index. */
uint32_t mssa_ssa_new_phi(mssa_ssa *s, uint32_t b);

/* ------------------------------------------------------ printing, verify */

/* Prints the function in opt's print<memoryssa> (walker=false) or
** print<memoryssa-walker> (walker=true) format. The walker form queries the
** walker for every access (and so caches answers on defs). */
void mssa_print_function(FILE *out, mssa_ssa *s, bool walker);
/* Appends access `a` as MemoryAccess::print writes it ("2 = MemoryDef(1)",
** "MemoryUse(2) MustAlias", "3 = MemoryPhi({a,1},{b,2})",
** "0 = MemoryDef(liveOnEntry)") to *out. */
void mssa_access_text(const mssa_ssa *s, uint32_t a, mssa_buf *out);
/* "NoAlias", "MayAlias", "PartialAlias", "MustAlias"; NULL for MSSA_AR_NONE. */
const char *mssa_alias_name(int ar);
/* Writes a block's label as LLVM prints it in phi operands (name, or %N). */
int mssa_block_operand_name(const mssa_module *m, const mssa_func *f, uint32_t b,
                            char *buf, size_t cap);

/* Checks the invariants above plus dominance of defs over their uses;
** returns 0 or a negative count of problems, the first described in msg. */
int mssa_verify(const mssa_ssa *s, char *msg, size_t cap);

/* The parts of mssa_verify (the V numbers of mssa_verify.c). */
enum {
  MSSA_VERIFY_ACCESSES = 1,   /* V1: instructions and their accesses agree */
  MSSA_VERIFY_LISTS = 2,      /* V2, V3: block access lists, lastdef, ids */
  MSSA_VERIFY_DEFS = 4,       /* V4: defining accesses dominate and reach */
  MSSA_VERIFY_PHIS = 8,       /* V5: phi operands: one per edge, in order */
  MSSA_VERIFY_PLACEMENT = 16, /* V6: phis exactly at the IDF */
  MSSA_VERIFY_ALL = 31
};
/* mssa_verify restricted to `parts` (MSSA_VERIFY_*): the cheaper checks an
** updater can afford after every edit. Same result convention. */
int mssa_verify_parts(const mssa_ssa *s, unsigned parts, char *msg, size_t cap);

#endif
