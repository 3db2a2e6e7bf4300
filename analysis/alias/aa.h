/*
** aa.h -- alias analysis and mod/ref, modelled on LLVM 14's default pipeline
** (BasicAA, then TypeBasedAA, then ScopedNoAliasAA), in layers that can be
** switched off one by one.
**
** Invariants:
**   1. Soundness: NoAlias is returned only when the two locations cannot
**      overlap on any execution; every approximation errs towards MayAlias,
**      and every mod/ref approximation towards ModRef.
**   2. Answers are what LLVM 14's AAResults would give for the same query
**      with the same pipeline, wherever this library models the case.
**   3. The analysis of one function never looks at another function's body
**      (as LLVM's function passes do not); declarations' attributes are used.
**   4. A context (mssa_aa) caches per-function facts (escape of each object)
**      and must be dropped or refreshed when the function is edited.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_AA_H
#define MSSA_AA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"

typedef enum {
  MSSA_NO_ALIAS = 0,
  MSSA_MAY_ALIAS = 1,
  MSSA_PARTIAL_ALIAS = 2,
  MSSA_MUST_ALIAS = 3
} mssa_alias_result;

/* Mod/ref bits. MSSA_MR_MUST is LLVM 14's "Must" flag: the access is known
** to be to exactly the location asked about (MustAlias). */
enum {
  MSSA_MR_NONE = 0,
  MSSA_MR_REF = 1,
  MSSA_MR_MOD = 2,
  MSSA_MR_MODREF = 3,
  MSSA_MR_MUST = 4
};

/* Location sizes (LLVM's LocationSize). A plain number is a precise size. */
#define MSSA_LOC_UNKNOWN UINT64_MAX          /* beforeOrAfterPointer */
#define MSSA_LOC_AFTER (UINT64_MAX - 1)      /* afterPointer */
#define MSSA_LOC_UPPER_BOUND (1ull << 62)    /* flag: size is an upper bound */

typedef struct mssa_loc {
  mssa_val ptr;      /* the pointer value */
  uint64_t size;     /* bytes, or one of the MSSA_LOC_* forms above */
  uint32_t tbaa;     /* !tbaa access tag or MSSA_NONE */
  uint32_t scope;    /* !alias.scope list or MSSA_NONE */
  uint32_t noalias;  /* !noalias list or MSSA_NONE */
} mssa_loc;

/* LLVM versions from this one on (to MSSA_LLVM_MAX) answer as current LLVM
** does; older ones (14) as LLVM 14 (mssa_module_llvm_version). */
#define MSSA_LLVM_CURRENT 15

/* Layers (bit set); MSSA_AA_ALL is LLVM's default pipeline. */
enum {
  MSSA_AA_BASIC = 1,
  MSSA_AA_TBAA = 2,
  MSSA_AA_SCOPED = 4,
  MSSA_AA_ALL = 7
};

typedef struct mssa_aa mssa_aa;

/* Creates a context for queries within function `f` of module `m`. The
** module and function must outlive it. `layers` is a MSSA_AA_* set. */
mssa_aa *mssa_aa_new(const mssa_module *m, const mssa_func *f, unsigned layers);
void mssa_aa_free(mssa_aa *aa);
/* A context for the editor's promoted view of base's function: the same
** layers and refinement, answering as if each instruction i < n with
** map[i] != MSSA_VAL_NONE were the value map[i] (query/deps.h,
** mssa_deps_promoted_values: a load of a local mem2reg promotes is the
** value stored). Sound for the program, not LLVM's answer (invariant 2
** does not hold for it); map must outlive the context. */
mssa_aa *mssa_aa_new_view(const mssa_aa *base, const mssa_val *map, uint32_t n);
/* The layer set (MSSA_AA_*) the context was created with. */
unsigned mssa_aa_layers(const mssa_aa *aa);
/* Forgets cached per-function facts (after the function was edited). */
void mssa_aa_invalidate(mssa_aa *aa);

/* MemoryLocation::get(I) for load, store, va_arg, cmpxchg, atomicrmw.
** Returns false (and leaves *out alone) for any other instruction. */
bool mssa_aa_inst_loc(mssa_aa *aa, uint32_t inst, mssa_loc *out);

/* AAResults::alias(A, B). */
mssa_alias_result mssa_aa_alias(mssa_aa *aa, const mssa_loc *a, const mssa_loc *b);

/* AAResults::getModRefInfo(I, None): how instruction `inst` may touch memory
** at all (MSSA_MR_* without MUST). Calls use their mod/ref behaviour from
** attributes and known-function tables; ordered atomics give MODREF. */
unsigned mssa_aa_inst_modref(mssa_aa *aa, uint32_t inst);

/* AAResults::getModRefInfo(I, Loc): may instruction `inst` read or write
** `loc`? Includes MSSA_MR_MUST as LLVM 14 sets it. */
unsigned mssa_aa_modref_loc(mssa_aa *aa, uint32_t inst, const mssa_loc *loc);

/* AAResults::getModRefInfo(I, Call): may instruction `inst` (any memory
** instruction, or a call) read or write what call `call` accesses?
** Includes MSSA_MR_MUST as LLVM 14 sets it. */
unsigned mssa_aa_modref_call(mssa_aa *aa, uint32_t inst, uint32_t call);

/* An optional refinement of the answers mssa_aa_modref_loc gives for calls
** (set by a layer above, e.g. ipa/, which alias/ never includes): called
** with the call, the location and the answer (MSSA_MR_*) alias analysis
** found, it returns a subset of that answer (never more bits). Without
** one, every answer is LLVM's. The hook may ask this context top-level
** queries (mssa_aa_alias, mssa_aa_points_to, mssa_aa_non_escaping_local):
** it runs after the query it refines is over. */
typedef unsigned (*mssa_aa_refine_fn)(void *ctx, mssa_aa *aa, uint32_t call, const mssa_loc *loc,
                                      unsigned mr);
void mssa_aa_set_refine(mssa_aa *aa, mssa_aa_refine_fn fn, void *ctx);
/* Current LLVM's memory effects of call `call` (MSSA_MEM_* location bits:
** the call site's attributes and the callee's, LLVM's own table for known
** intrinsics); MSSA_MEM_ANY when nothing says less. */
uint32_t mssa_aa_call_effects(mssa_aa *aa, uint32_t call);
/* TypeBasedAA alone: may accesses tagged `a` and `b` (!tbaa nodes of the
** context's module, MSSA_NONE: untagged) alias? True when the TBAA layer
** is off or either is untagged. */
bool mssa_aa_tbaa_may_alias(mssa_aa *aa, uint32_t a, uint32_t b);
/* The module and function the context answers for. */
const mssa_module *mssa_aa_module(const mssa_aa *aa);
const mssa_func *mssa_aa_func(const mssa_aa *aa);

/* AAResults::pointsToConstantMemory(Loc, OrLocal) (LLVM 14's test). */
bool mssa_aa_points_to_constant(mssa_aa *aa, const mssa_loc *loc, bool or_local);
/* AAResults::getModRefInfoMask(Loc): the accesses (MSSA_MR_REF/MOD bits)
** that can happen to loc at all. Current LLVM's rules for N >= 15; for
** LLVM 14, MSSA_MR_REF when loc points to constant memory, else MODREF. */
unsigned mssa_aa_modref_mask(mssa_aa *aa, const mssa_loc *loc);

/* ------------------------------------------------ escape (capture tracking) */

/* Capture tracking calls an object captured as soon as it has more uses
** than this, without looking at them (-capture-tracking-max-uses-to-explore:
** LLVM 14 counts the uses of each value it follows, default 20; current
** LLVM counts the distinct uses visited in the whole traversal, default
** 100). The updater relies on it: an object with more uses than this plus
** what an edit can change is captured before and after the edit. */
#define MSSA_CAPTURE_MAX_USES 20u
#define MSSA_CAPTURE_MAX_USES_CURRENT 100u
/* The limit that applies to module m. */
unsigned mssa_aa_capture_max_uses(const mssa_module *m);

/* isNonEscapingLocalObject(v): is v an identified function-local object
** (an alloca or a noalias call) that is never captured? Cached in the
** context until mssa_aa_invalidate. Asks no alias query. */
bool mssa_aa_non_escaping_local(mssa_aa *aa, mssa_val v);

/* ------------------------------------------------ points-to and overlap */

/* CodeQL's resultPointsTo: the underlying object of a pointer and, when it
** is a constant distance into it, the byte offset. */
typedef struct mssa_points_to {
  mssa_val object;     /* underlying object (may itself be unidentified) */
  int64_t offset;      /* byte offset into object, valid if offset_known */
  bool offset_known;
} mssa_points_to;

/* Fills *out; returns true when the object is an identified object
** (alloca, global, noalias call or argument). */
bool mssa_aa_points_to(mssa_aa *aa, mssa_val ptr, mssa_points_to *out);

/* How the bytes a write (`def`) touches relate to those a read (`use`)
** touches (CodeQL's overlap kinds); MAY when not known. */
typedef enum {
  MSSA_OVERLAP_NONE = 0,
  MSSA_OVERLAP_PARTIAL = 1,
  MSSA_OVERLAP_TOTAL = 2,
  MSSA_OVERLAP_EXACT = 3,
  MSSA_OVERLAP_MAY = 4
} mssa_overlap;
mssa_overlap mssa_aa_overlap(mssa_aa *aa, const mssa_loc *def, const mssa_loc *use);
/* "none", "partial", "total", "exact", "may". */
const char *mssa_overlap_name(mssa_overlap k);

/* Statistics for benchmarks: queries answered. */
uint64_t mssa_aa_queries(const mssa_aa *aa);

#endif
