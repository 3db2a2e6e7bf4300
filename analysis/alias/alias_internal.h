/*
** alias_internal.h -- internals shared by the alias-analysis files (aa.c,
** memloc.c, aa_basic.c, aa_tbaa.c, aa_scoped.c, aa_overlap.c, modref.c,
** capture.c): the context struct, the "operator" view of instructions and
** constant expressions, pointer stripping, underlying objects and GEP
** decomposition. Other folders use aa.h (and phitrans.h) only; the alias
** unit tests include this header to reach the layers one by one.
**
** Invariants:
**   1. Nothing here is part of the public API; only aa.h is. Every name is
**      mssa__ prefixed.
**   2. All walks over use-def chains are iterative or depth-bounded with the
**      bounds LLVM 14 uses (getUnderlyingObject: 6 steps; GEP decomposition:
**      6 GEPs/casts; linear expressions: depth 6; alias recursion: 512).
**   3. Arithmetic on offsets is done in 64-bit two's complement, as LLVM does
**      with APInt at the maximum index width (64 on every target we read);
**      values narrower than 64 bits are kept sign-extended to 64.
**   4. Per-function caches (use lists, escape state of objects, underlying
**      objects) live in the context and are dropped by mssa_aa_invalidate.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_ALIAS_INTERNAL_H
#define MSSA_ALIAS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "alias/aa.h"
#include "base/check.h"
#include "ir/ir.h"

/* LLVM 14's search limits, which answers depend on. */
#define MSSA__MAX_ANALYSIS_DEPTH 6   /* ValueTracking's MaxAnalysisRecursionDepth */
#define MSSA__MAX_LOOKUP 6           /* BasicAA's MaxLookupSearchDepth (underlying
                                        objects, GEP decomposition) */

/* ------------------------------------------------------------ mod/ref (LLVM 14 encoding)
** LLVM 14's ModRefInfo: bit 0 Ref, bit 1 Mod, bit 2 "NoModRef" which here means
** "not known Must". Must = 0, MustRef = 1, MustMod = 2, MustModRef = 3,
** NoModRef = 4, Ref = 5, Mod = 6, ModRef = 7. Internally we compute in this
** encoding so that intersect/union behave exactly as LLVM's helpers. */
enum {
  MSSA__MR_MUST = 0, MSSA__MR_MUSTREF = 1, MSSA__MR_MUSTMOD = 2, MSSA__MR_MUSTMODREF = 3,
  MSSA__MR_NOMODREF = 4, MSSA__MR_REF = 5, MSSA__MR_MOD = 6, MSSA__MR_MODREF = 7
};
static inline unsigned mssa__mr_intersect(unsigned a, unsigned b) { return a & b; }
static inline unsigned mssa__mr_union(unsigned a, unsigned b) { return (a | b) & 7u; }
static inline bool mssa__mr_isnomodref(unsigned a) { return (a & 3u) == 0; }
static inline bool mssa__mr_ismod(unsigned a) { return (a & 2u) != 0; }
static inline bool mssa__mr_isref(unsigned a) { return (a & 1u) != 0; }
static inline bool mssa__mr_ismust(unsigned a) { return (a & 4u) == 0; }
static inline bool mssa__mr_ismodref(unsigned a) { return (a & 3u) == 3u; }
static inline unsigned mssa__mr_setmust(unsigned a) { return a & 3u; }
static inline unsigned mssa__mr_clearmust(unsigned a) { return a | 4u; }
static inline unsigned mssa__mr_setmodref(unsigned a) { return a | 3u; }
static inline unsigned mssa__mr_clearmod(unsigned a) { return a & 5u; }
static inline unsigned mssa__mr_clearref(unsigned a) { return a & 6u; }
/* Converts to the public MSSA_MR_* form (NoModRef never carries MUST). */
static inline unsigned mssa__mr_public(unsigned a) {
  if ((a & 3u) == 0) return MSSA_MR_NONE;
  return (a & 3u) | ((a & 4u) ? 0u : (unsigned)MSSA_MR_MUST);
}

/* FunctionModRefBehavior (LLVM 14): location bits | ModRefInfo bits. */
enum {
  MSSA__FMRL_NOWHERE = 0, MSSA__FMRL_ARG = 8, MSSA__FMRL_INACC = 16,
  MSSA__FMRL_ANYWHERE = 32 | 16 | 8,
  MSSA__FMRB_NONE = 0 | MSSA__MR_NOMODREF,
  MSSA__FMRB_UNKNOWN = MSSA__FMRL_ANYWHERE | MSSA__MR_MODREF
};
static inline bool mssa__fmrb_only_arg(unsigned b) { return !(b & MSSA__FMRL_ANYWHERE & ~MSSA__FMRL_ARG); }
static inline bool mssa__fmrb_only_inacc(unsigned b) { return !(b & MSSA__FMRL_ANYWHERE & ~MSSA__FMRL_INACC); }
static inline bool mssa__fmrb_only_inacc_or_arg(unsigned b) {
  return !(b & MSSA__FMRL_ANYWHERE & ~(MSSA__FMRL_INACC | MSSA__FMRL_ARG));
}
static inline bool mssa__fmrb_access_arg(unsigned b) { return (b & 3u) && (b & MSSA__FMRL_ARG); }
/* The ModRefInfo part of a FunctionModRefBehavior. */
static inline unsigned mssa__fmrb_modref(unsigned b) { return b & MSSA__MR_MODREF; }
static inline bool mssa__fmrb_only_reads(unsigned b) { return !(b & 2u); }
static inline bool mssa__fmrb_only_writes(unsigned b) { return !(b & 1u); }

/* ------------------------------------------------------------ locations */

/* LocationSize helpers on mssa_loc.size. */
static inline bool mssa__ls_has_value(uint64_t s) { return s != MSSA_LOC_UNKNOWN && s != MSSA_LOC_AFTER; }
static inline uint64_t mssa__ls_value(uint64_t s) { return s & ~MSSA_LOC_UPPER_BOUND; }
static inline bool mssa__ls_precise(uint64_t s) { return mssa__ls_has_value(s) && !(s & MSSA_LOC_UPPER_BOUND); }
static inline bool mssa__ls_zero(uint64_t s) { return mssa__ls_has_value(s) && mssa__ls_value(s) == 0; }
static inline uint64_t mssa__ls_upper(uint64_t v) {
  return v >= MSSA_LOC_UPPER_BOUND ? MSSA_LOC_AFTER : (v | MSSA_LOC_UPPER_BOUND);
}
static inline uint64_t mssa__ls_exact(uint64_t v) { return v >= MSSA_LOC_UPPER_BOUND ? MSSA_LOC_AFTER : v; }

/* ------------------------------------------------------------ context */

/* aa->escape[slot]: what capture tracking found for an object, cached:
** MSSA__ESC_KNOWN | the capture components (MSSA_CAP_*, one nibble). */
enum { MSSA__ESC_UNKNOWN = 0, MSSA__ESC_KNOWN = 0x80 };
/* aa->galias[global]: may getUnderlyingObject look through this GlobalAlias? */
enum { MSSA__GALIAS_UNKNOWN = 0, MSSA__GALIAS_THROUGH = 1, MSSA__GALIAS_OPAQUE = 2 };

struct mssa_aa {
  const mssa_module *m;
  const mssa_func *f;
  unsigned layers;
  uint64_t queries;
  bool null_valid;         /* function has null_pointer_is_valid */
  /* use lists (capture.c): for value slot k (insts first, then args),
  ** uses[use_start[k] .. use_start[k+1]) are its uses (mssa__use_pack) */
  bool uses_built;
  uint32_t nslots;
  uint32_t *use_start;
  uint64_t *uses;
  uint8_t *escape;         /* per slot: MSSA__ESC_* */
  uint8_t *bundle_cap;     /* per slot: named in an operand bundle (captured) */
  uint8_t *galias;         /* per global alias: MSSA__GALIAS_* */
  /* per instruction id below uobj_n: its getUnderlyingObject (memloc.c),
  ** MSSA_VAL_NONE until asked; the array is sized when the context is made
  ** or invalidated, its entries filled through a const context */
  mssa_val *uobj;
  uint32_t uobj_n;
  uint32_t *use_mark;      /* per use: generation in which it was visited */
  uint32_t use_gen;
  /* BasicAA query state (aa_basic.c): alias caches, visited phi blocks,
  ** decomposition pool; opaque outside aa_basic.c */
  struct mssa__basic_state *bs;
  uint32_t depth;            /* AAQueryInfo::Depth */
  /* TBAA answers per tag pair: (tag a << 32 | tag b) -> may alias (1) or not (0) */
  mssa_u64map tbaa;
  /* the optional refinement of call answers (aa.h, mssa_aa_set_refine) */
  mssa_aa_refine_fn refine;
  void *refine_ctx;
  bool in_refine;            /* the hook is running: its own queries are plain */
  /* the promoted view (aa.h, mssa_aa_new_view): per instruction below
  ** view_n, the value it stands for, or MSSA_VAL_NONE; NULL in every
  ** context but a view's */
  const mssa_val *view;
  uint32_t view_n;
};

/* The value v is taken for in the view (itself outside one). Pointer walks
** (stripping, underlying objects, GEP decomposition) ask it of each value
** before they look at it, so a view's loads of promoted locals are their
** values wherever BasicAA looks. */
static inline mssa_val mssa__viewed(const mssa_aa *aa, mssa_val v) {
  if (!aa->view || MSSA_VAL_KIND(v) != MSSA_VK_INST || MSSA_VAL_INDEX(v) >= aa->view_n) return v;
  mssa_val t = aa->view[MSSA_VAL_INDEX(v)];
  return t == MSSA_VAL_NONE ? v : t;
}

/* Does the context answer as current LLVM (15 and newer) rather than LLVM
** 14 (aa.h's MSSA_LLVM_CURRENT)? And the exact version, for the few rules
** that changed within 15..22. */
static inline unsigned mssa__llvm(const mssa_aa *aa) { return mssa_module_llvm_version(aa->m); }
static inline bool mssa__current(const mssa_aa *aa) { return mssa__llvm(aa) >= MSSA_LLVM_CURRENT; }

/* ------------------------------------------------------------ values (memloc.c) */

/* An operator view of an instruction or a constant expression. */
typedef struct mssa__op {
  unsigned opcode;
  uint32_t nops;
  const mssa_val *ops;
  uint32_t aux;          /* gep: source element type; cast: source type */
  uint32_t type;         /* result type */
  uint8_t flags;         /* MSSA_IF_* (inbounds for gep) */
  uint16_t opflags;      /* MSSA_OF_* (wrap flags, gep no-wrap flags) */
  bool is_inst;
  uint32_t inst;         /* instruction id when is_inst */
} mssa__op;

bool mssa__operator(const mssa_aa *aa, mssa_val v, mssa__op *out);
uint32_t mssa__val_type(const mssa_aa *aa, mssa_val v);
bool mssa__is_ptr(const mssa_aa *aa, mssa_val v);
/* Integer constant value (sign-extended) and width; false if not a ConstantInt. */
bool mssa__const_int(const mssa_aa *aa, mssa_val v, int64_t *val, unsigned *bits);
bool mssa__is_const(mssa_val v);   /* isa<Constant> (globals and functions too) */
bool mssa__is_null(const mssa_aa *aa, mssa_val v);
bool mssa__is_undef(const mssa_aa *aa, mssa_val v);
const mssa_inst *mssa__inst(const mssa_aa *aa, mssa_val v);  /* NULL if not an instruction */
unsigned mssa__int_bits(const mssa_aa *aa, mssa_val v);   /* 0 if not an integer */

/* Call helpers. */
uint32_t mssa__callee(const mssa_aa *aa, const mssa_inst *i);   /* function index or MSSA_NONE */
unsigned mssa__intrinsic(const mssa_aa *aa, const mssa_inst *i);
uint32_t mssa__call_param_attrs(const mssa_aa *aa, const mssa_inst *i, uint32_t argno);
uint32_t mssa__call_fn_attrs_site(const mssa_aa *aa, const mssa_inst *i);
uint32_t mssa__call_fn_attrs_callee(const mssa_aa *aa, const mssa_inst *i);
uint32_t mssa__call_ret_attrs(const mssa_aa *aa, const mssa_inst *i);
/* CallBase::hasFnAttr view: call-site bits | callee bits | intrinsic table,
** with callee memory attributes dropped when operand bundles are present. */
uint32_t mssa__call_fn_attrs(const mssa_aa *aa, const mssa_inst *i);
/* Attributes LLVM 14 gives intrinsics regardless of the declaration text. */
uint32_t mssa__intrinsic_fn_attrs(const mssa_aa *aa, const mssa_inst *i);
uint32_t mssa__intrinsic_param_attrs(const mssa_aa *aa, const mssa_inst *i, uint32_t argno);
bool mssa__call_has_bundles(const mssa_inst *i);
/* A memcpy, memmove or memset whose volatile operand is not false. */
bool mssa__is_volatile_memintrinsic(const mssa_aa *aa, const mssa_inst *i);
/* getReturnedArgOperand / aliasing intrinsics; MSSA_VAL_NONE if none. */
mssa_val mssa__returned_arg(const mssa_aa *aa, const mssa_inst *i, bool for_aa_strip);
bool mssa__is_noalias_call(const mssa_aa *aa, mssa_val v);
bool mssa__is_identified_object(const mssa_aa *aa, mssa_val v);
bool mssa__is_identified_function_local(const mssa_aa *aa, mssa_val v);
bool mssa__is_escape_source(const mssa_aa *aa, mssa_val v);
/* A GlobalAlias that getUnderlyingObject looks through (not interposable,
** not an ifunc): its aliasee, else MSSA_VAL_NONE. */
mssa_val mssa__alias_target(const mssa_aa *aa, uint32_t global);

/* Value::stripPointerCastsForAliasAnalysis. */
mssa_val mssa__strip_casts_aa(const mssa_aa *aa, mssa_val v);
/* llvm::getUnderlyingObject(V, MaxLookup) (0 = unlimited). */
mssa_val mssa__underlying_object(const mssa_aa *aa, mssa_val v, unsigned max_lookup);

/* Object sizes (MemoryBuiltins getObjectSize for identified objects). */
bool mssa__object_size(const mssa_aa *aa, mssa_val obj, bool round_to_align, uint64_t *size);
/* Value::getPointerDereferenceableBytes. */
uint64_t mssa__deref_bytes(const mssa_aa *aa, mssa_val v, bool *can_be_null);
/* True for allocas with a constant count in the entry block (isStaticAlloca). */
bool mssa__is_static_alloca(const mssa_aa *aa, uint32_t inst);

/* GEP decomposition (BasicAAResult::DecomposeGEPExpression). LLVM keeps
** any number of variable indices; more than this many makes ours unusable
** (MayAlias), which no real GEP reaches. */
#define MSSA__MAX_GEP_VARS 16
typedef struct mssa__varidx {
  mssa_val v;
  uint8_t zext, sext, trunc;   /* CastedValue bits */
  bool nsw;
  bool nneg;                   /* LLVM 18+: trunc(v) known non-negative */
  int64_t scale;
  uint32_t cxt;                /* context instruction or MSSA_NONE */
} mssa__varidx;

typedef struct mssa__decomp {
  mssa_val base;
  int64_t offset;
  int inbounds;                /* -1 none seen, 0 false, 1 true */
  bool nuw;                    /* LLVM 20+: every GEP and index scaling is
                                  nuw, so the offset adds without unsigned
                                  wrap (false before LLVM 20) */
  uint32_t nvar;
  mssa__varidx var[MSSA__MAX_GEP_VARS]; /* more: give up (`overflow`, see memloc.c) */
  bool overflow;               /* too many variable indices: result unusable */
} mssa__decomp;

void mssa__decompose_gep(mssa_aa *aa, mssa_val v, mssa__decomp *out);
/* The first LLVM whose capture tracking knows capture components
** (`captures(...)`), as BasicAA uses them. */
#define MSSA__LLVM_CAPTURE_COMPONENTS 21
/* The first LLVM whose BasicAA's getModRefInfo(Call, Loc) takes the
** memory effects itself and asks call arguments against the location
** (llvm-project PR 131144); before it, against the whole object
** (modref.c, split_basic_call_loc). Measured: 19 old, 22 new. */
#define MSSA__LLVM_CALL_LOC_MERGED 21
/* The first LLVM whose BasicAA no longer says that a constant cannot
** alias an identified object that is not one (a local that escaped may be
** reached through an inttoptr constant), and that counts inttoptr constant
** expressions as escape sources instead, so a local that does not escape
** still answers NoAlias against them (llvm-project PR 76815, merged in
** January 2024 for LLVM 18). Measured: 14 keeps the rule, 19 and 22 not. */
#define MSSA__LLVM_NO_CONST_RULE 18
/* The first LLVM whose BasicAA reads `zext nneg` (CastedValue's
** IsNonNegative): an index cast by a zext nneg counts as the same as one
** cast by a sext of the same width (hasSameCastsAs), so they cancel when
** two GEPs are subtracted. The flag itself is new in LLVM 18's IR.
** Measured: 19 and 22 cancel them. From MSSA__LLVM_GEP_NUW also a GEP
** index whose GEP is nusw (or inbounds) and nuw starts non-negative, and a
** non-negative index's value range drops its negative part (measured: 19
** neither, 22 both; 20 and 21 not run). */
#define MSSA__LLVM_ZEXT_NNEG 18
/* The first LLVM whose BasicAA uses GEPs' nuw flags (measured: 19 does
** not, 22 does; 20 and 21 not run). */
#define MSSA__LLVM_GEP_NUW 20
/* The first LLVM whose isKnownNonEqual looks through selects
** (isNonEqualSelect, llvm-project PR 68427, merged October 2023 after
** the 17 branch). Measured: 15 and 16 do not, 19 does. */
#define MSSA__LLVM_NONEQUAL_SELECT 18
/* The first LLVM whose ModRefInfo has no Must bit (MemorySSA stopped
** keeping alias results in the same release). Measured: opt-15 prints
** `MustAlias` on a store after a lifetime.start of its slot, opt-16 no word. */
#define MSSA__LLVM_NO_MUST_MODREF 16
/* The first LLVM with AAResults::getModRefInfoMask (constant memory: no
** mod or ref at all) in place of pointsToConstantMemory (only Ref).
** Measured: a readonly argmemonly call reading a constant table after an
** unknown call is clobbered by it in opt-15, not in opt-16. */
#define MSSA__LLVM_MODREF_MASK 16
/* The first LLVM whose BasicAA getModRefInfo(Call, Loc) asks every pointer
** operand against a non-escaping local object, not only the nocapture and
** byval ones (llvm-project PR 69931, "isNotCapturedBeforeOrAt() check for
** calls more precise", merged December 2023 after the 17 branch).
** Measured: opt-15 and opt-16 walk a lifetime.end of a stack array past a
** call given pointers that may alias it, opt-19 does not. */
#define MSSA__LLVM_CALL_ARGS_ANY_CAPTURE 18

/* Linear expression of an integer value (GetLinearExpression). */
typedef struct mssa__linexp {
  mssa_val v;
  uint8_t zext, sext, trunc;
  int64_t scale, offset;       /* sign-extended from the expression width */
  bool nsw;
  bool nuw;                    /* current LLVM's IsNUW */
  bool nneg;                   /* LLVM 18+: trunc(v) known non-negative
                                  (a zext nneg on the way) */
} mssa__linexp;
/* CastedValue::hasSameCastsAs: the same casts, or, with either side known
** non-negative, the same total extension and truncation. */
bool mssa__same_casts(unsigned z1, unsigned s1, unsigned t1, bool nn1,
                      unsigned z2, unsigned s2, unsigned t2, bool nn2);
unsigned mssa__casted_width(const mssa_aa *aa, mssa_val v, unsigned zext, unsigned sext, unsigned trunc);
void mssa__linear_expression(const mssa_aa *aa, mssa_val v, unsigned zext, unsigned sext,
                             unsigned trunc, bool nneg, unsigned depth, mssa__linexp *out);

/* Known bits of an integer value (a subset of computeKnownBits). */
typedef struct mssa__known { uint64_t zero, one; unsigned bits; } mssa__known;
void mssa__known_bits(const mssa_aa *aa, mssa_val v, unsigned depth, mssa__known *out);
bool mssa__known_nonzero(const mssa_aa *aa, mssa_val v, unsigned depth);

/* Sign-extends the low `bits` bits of x. */
static inline int64_t mssa__sext(uint64_t x, unsigned bits) {
  if (bits >= 64 || bits == 0) return (int64_t)x;
  uint64_t m = 1ull << (bits - 1);
  x &= (1ull << bits) - 1;
  return (int64_t)((x ^ m) - m);
}
static inline uint64_t mssa__zext_bits(uint64_t x, unsigned bits) {
  return bits >= 64 ? x : (x & ((1ull << bits) - 1));
}

/* ------------------------------------------------------------ capture (capture.c) */

/* A use as aa->uses keeps it: the user instruction, and its operand number
** clamped to MSSA__USE_OPNO_MAX (only "is it operand 0, 1 or 2" and "is it
** the callee", operand 0, matter to its readers). */
#define MSSA__USE_OPNO_BITS 8
#define MSSA__USE_OPNO_MAX ((1u << MSSA__USE_OPNO_BITS) - 1)
static inline uint64_t mssa__use_pack(uint32_t inst, uint32_t opno) {
  return ((uint64_t)inst << MSSA__USE_OPNO_BITS) |
         (opno < MSSA__USE_OPNO_MAX ? opno : MSSA__USE_OPNO_MAX);
}
static inline uint32_t mssa__use_inst(uint64_t u) { return (uint32_t)(u >> MSSA__USE_OPNO_BITS); }
static inline uint32_t mssa__use_opno(uint64_t u) { return (uint32_t)(u & MSSA__USE_OPNO_MAX); }

void mssa__build_uses(mssa_aa *aa);
/* SimpleCaptureAnalysis::getCapturesBefore for BasicAA: the capture
** components (MSSA_CAP_*, one nibble) by which v may escape; 0 for a
** non-escaping identified function-local object, non-zero for any other
** value. Up to LLVM 20 either 0 or all components; from LLVM 21 only
** provenance components count (read provenance alone lets calls read). */
unsigned mssa__escape_components(mssa_aa *aa, mssa_val v);
/* The capture components of argument argno at a call site: the call
** site's and the callee's `captures(...)` (MSSA_CAP_*, `ret:` in the high
** nibble); a known intrinsic's nocapture gives 0. */
unsigned mssa__call_param_caps(const mssa_aa *aa, const mssa_inst *i, uint32_t argno);

/* ------------------------------------------------------------ layers */
mssa_alias_result mssa__alias(mssa_aa *aa, const mssa_loc *a, const mssa_loc *b);   /* AAResults::alias within a query */
mssa_alias_result mssa__basic_alias(mssa_aa *aa, const mssa_loc *a, const mssa_loc *b);
void mssa__alias_query_begin(mssa_aa *aa);   /* a fresh AAQueryInfo */
void mssa__basic_free(mssa_aa *aa);
bool mssa__tbaa_alias(mssa_aa *aa, uint32_t tag_a, uint32_t tag_b);   /* false = NoAlias */
bool mssa__tbaa_immutable(const mssa_aa *aa, uint32_t tag);
bool mssa__scoped_may_alias(const mssa_aa *aa, uint32_t scopes, uint32_t noalias);
/* The metadata an access carries for the tag-based layers. */
typedef struct mssa__tags { uint32_t tbaa, scope, noalias; } mssa__tags;
static inline mssa__tags mssa__loc_tags(const mssa_loc *l) {
  mssa__tags t = {l->tbaa, l->scope, l->noalias};
  return t;
}
static inline mssa__tags mssa__inst_tags(const mssa_inst *i) {
  mssa__tags t = {i->md_tbaa, i->md_scope, i->md_noalias};
  return t;
}
/* Do the tag-based layers that are switched on (ScopedNoAliasAA, then
** TypeBasedAA) prove that accesses tagged `a` and `b` do not alias? */
bool mssa__tags_no_alias(mssa_aa *aa, mssa__tags a, mssa__tags b);
bool mssa__points_to_constant(mssa_aa *aa, const mssa_loc *loc, bool or_local);
/* getModRefInfoMask(loc) in the internal encoding: what can happen to loc at
** all (LLVM 14: Ref for constant memory, else ModRef). */
unsigned mssa__modref_mask(mssa_aa *aa, const mssa_loc *loc);

/* modref.c */
unsigned mssa__modref_behavior(mssa_aa *aa, const mssa_inst *call);  /* AAResults::getModRefBehavior */
/* Current LLVM's AAResults::getMemoryEffects(Call): MSSA_MEM_* bits
** (callattrs.c). */
uint32_t mssa__call_effects(mssa_aa *aa, const mssa_inst *call);
unsigned mssa__call_loc_modref(mssa_aa *aa, uint32_t call, const mssa_loc *loc);
unsigned mssa__call_call_modref(mssa_aa *aa, uint32_t call1, uint32_t call2);
bool mssa__arg_loc(mssa_aa *aa, uint32_t call, uint32_t argno, mssa_loc *out);

/* callattrs.c (what a call's attributes and name say; see also the call
** attribute readers above, which live there too) */
uint32_t mssa__direct_callee(const mssa_aa *aa, const mssa_inst *i);  /* getCalledFunction */
bool mssa__is_malloc_like(const mssa_aa *aa, const mssa_inst *call);
/* TargetLibraryInfo's function ids that alias analysis uses. */
enum { LF_NONE = 0, LF_MALLOC, LF_CALLOC, LF_VALLOC, LF_NEW, LF_ALIGNED_ALLOC,
       LF_STRCPY, LF_STRCAT, LF_STRNCAT, LF_STRNCPY, LF_MEMSET_CHK, LF_MEMSET_PATTERN4,
       LF_MEMSET_PATTERN8, LF_MEMSET_PATTERN16, LF_MEMCMP, LF_BCMP, LF_MEMCHR, LF_MEMCCPY,
       LF_REALLOC, LF_STRDUP };
/* TargetLibraryInfo-known function id by name (0 = none). */
int mssa__libfunc(const mssa_aa *aa, uint32_t func);
/* TLI->getLibFunc(Call): the callee's id unless the call site is nobuiltin. */
int mssa__call_libfunc(const mssa_aa *aa, const mssa_inst *call);
/* Memory effects (MSSA_MEM_*) of every location at access a (MSSA_MA_*),
** and of one location loc. */
#define MEM_ALL(a) ((uint32_t)(a) * 0x555u)
#define MEM_LOC(loc, a) ((uint32_t)(a) << (2 * (loc)))

#endif
