/*
** callattrs.c -- what a call's attributes, its callee's declaration and its
** name say about it: the callee as getCalledFunction sees it, the known
** intrinsic, parameter, return and function attributes merged from the
** call site and the declaration (LLVM's own intrinsic attributes in place
** of a known intrinsic's declared ones), TargetLibraryInfo's library
** functions, and current LLVM's memory effects of a call.
**
** It answers from the module's text alone and asks no alias question, so
** memloc.c, capture.c and modref.c all call it and it calls none of them
** (only values.c and the TBAA layer's immutable-tag test).
**
** Invariants:
**   1. Intrinsics get the attributes LLVM attaches to them from
**      Intrinsics.td, whatever the declaration text says (opt does this
**      too); other functions get exactly their textual attributes -- no
**      attribute inference, as `opt -passes=print<memoryssa>` runs none.
**   2. Library functions are recognised by name and a prototype check
**      (mssa__libfunc), only where LLVM's BasicAA, MemoryLocation and
**      MemoryBuiltins use them, and never at a nobuiltin call site.
**   3. A call's memory effects (mssa__call_effects) are the call site's
**      attributes intersected with the callee's, except where operand
**      bundles may touch memory besides the callee (assume's excepted).
**
** Pure C11; no libuv, no jansson.
*/
#include <string.h>

#include "alias/alias_internal.h"

static const char *callee_name(const mssa_aa *aa, const mssa_inst *i) {
  uint32_t c = mssa__direct_callee(aa, i);
  return c == MSSA_NONE ? "" : mssa_str(aa->m, aa->m->funcs.a[c].name);
}

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static int intr_of(const mssa_aa *aa, const mssa_inst *i) { return (int)mssa__intrinsic(aa, i); }

static bool tbaa_tag_immutable(const mssa_aa *aa, uint32_t tag) {
  return (aa->layers & MSSA_AA_TBAA) && tag != MSSA_NONE && mssa__tbaa_immutable(aa, tag);
}

/* ------------------------------------------------------------ calls */

uint32_t mssa__callee(const mssa_aa *aa, const mssa_inst *i) {
  if (!i->nops) return MSSA_NONE;
  mssa_val c = mssa_inst_ops(aa->f, i)[0];
  /* look through pointer casts of a function (bitcast constant expressions) */
  for (int n = 0; n < 4; n++) {
    if (MSSA_VAL_KIND(c) == MSSA_VK_FUNC) return MSSA_VAL_INDEX(c);
    if (MSSA_VAL_KIND(c) != MSSA_VK_CONST) return MSSA_NONE;
    const mssa_const *k = mssa_const_get(aa->m, c);
    if (k->kind != MSSA_C_EXPR || (k->opcode != MSSA_OP_BITCAST && k->opcode != MSSA_OP_ADDRSPACECAST) || !k->nops)
      return MSSA_NONE;
    c = aa->m->cops.a[k->ops];
  }
  return MSSA_NONE;
}

/* The direct callee as LLVM's getCalledFunction() sees it: no casts. */
uint32_t mssa__direct_callee(const mssa_aa *aa, const mssa_inst *i) {
  if (!i->nops) return MSSA_NONE;
  mssa_val c = mssa_inst_ops(aa->f, i)[0];
  if (MSSA_VAL_KIND(c) != MSSA_VK_FUNC) return MSSA_NONE;
  MSSA_ASSERT(MSSA_VAL_INDEX(c) < aa->m->funcs.n);   /* a function of the module */
  return MSSA_VAL_INDEX(c);
}

unsigned mssa__intrinsic(const mssa_aa *aa, const mssa_inst *i) {
  uint32_t c = mssa__direct_callee(aa, i);
  if (c == MSSA_NONE) return MSSA_INTR_NONE;
  unsigned in = aa->m->funcs.a[c].intrinsic;
  if (in) return in;
  return i->intrinsic;
}

static const mssa_attrlist *attrlist(const mssa_aa *aa, uint32_t id) {
  if (id == MSSA_NONE || id >= aa->m->attrlists.n) return NULL;
  return &aa->m->attrlists.a[id];
}

static uint32_t param_bits(const mssa_aa *aa, const mssa_attrlist *al, uint32_t argno) {
  if (!al || argno >= al->nparams) return 0;
  return aa->m->pattrs.a[al->params + argno];
}

uint32_t mssa__call_param_attrs(const mssa_aa *aa, const mssa_inst *i, uint32_t argno) {
  uint32_t bits = param_bits(aa, attrlist(aa, i->attrs), argno);
  uint32_t c = mssa__direct_callee(aa, i);
  /* known intrinsics carry LLVM's own attributes, not the declaration's */
  unsigned in = mssa__intrinsic(aa, i);
  if (in != MSSA_INTR_NONE && in != MSSA_INTR_OTHER) return bits | mssa__intrinsic_param_attrs(aa, i, argno);
  if (c != MSSA_NONE) {
    const mssa_func *fn = &aa->m->funcs.a[c];
    bits |= param_bits(aa, attrlist(aa, fn->attrs), argno);
  }
  return bits;
}

static unsigned param_caps(const mssa_aa *aa, const mssa_attrlist *al, uint32_t argno) {
  if (!al || argno >= al->nparams) return MSSA_CAP_ALL;
  return aa->m->pcaps.a[al->params + argno];
}

unsigned mssa__call_param_caps(const mssa_aa *aa, const mssa_inst *i, uint32_t argno) {
  unsigned caps = param_caps(aa, attrlist(aa, i->attrs), argno);
  unsigned in = mssa__intrinsic(aa, i);
  if (in != MSSA_INTR_NONE && in != MSSA_INTR_OTHER)
    return (mssa__intrinsic_param_attrs(aa, i, argno) & MSSA_A_NOCAPTURE) ? 0 : caps;
  uint32_t c = mssa__direct_callee(aa, i);
  if (c != MSSA_NONE) caps &= param_caps(aa, attrlist(aa, aa->m->funcs.a[c].attrs), argno);
  return caps;
}

uint32_t mssa__call_fn_attrs_site(const mssa_aa *aa, const mssa_inst *i) {
  const mssa_attrlist *al = attrlist(aa, i->attrs);
  return al ? al->fn : 0;
}

uint32_t mssa__call_fn_attrs_callee(const mssa_aa *aa, const mssa_inst *i) {
  /* hasFnAttrOnCalledFunction looks through a bitcast of the callee */
  uint32_t c = mssa__callee(aa, i);
  if (c == MSSA_NONE) return 0;
  unsigned in = mssa__intrinsic(aa, i);
  if (in != MSSA_INTR_NONE && in != MSSA_INTR_OTHER) return 0;   /* see mssa__intrinsic_fn_attrs */
  const mssa_attrlist *al = attrlist(aa, aa->m->funcs.a[c].attrs);
  return al ? al->fn : 0;
}

uint32_t mssa__call_ret_attrs(const mssa_aa *aa, const mssa_inst *i) {
  const mssa_attrlist *al = attrlist(aa, i->attrs);
  uint32_t bits = al ? al->ret : 0;
  uint32_t c = mssa__direct_callee(aa, i);
  if (c != MSSA_NONE) {
    const mssa_attrlist *fl = attrlist(aa, aa->m->funcs.a[c].attrs);
    if (fl) bits |= fl->ret;
  }
  return bits;
}

bool mssa__call_has_bundles(const mssa_inst *i) { return (i->flags & MSSA_IF_BUNDLES) != 0; }

bool mssa__is_volatile_memintrinsic(const mssa_aa *aa, const mssa_inst *i) {
  unsigned in = mssa__intrinsic(aa, i);
  if ((in != MSSA_INTR_MEMCPY && in != MSSA_INTR_MEMMOVE && in != MSSA_INTR_MEMSET &&
       in != MSSA_INTR_MEMCPY_INLINE) || mssa_call_nargs(i) < 4)
    return false;
  /* MemIntrinsic::isVolatile: the i1 operand is not zero */
  int64_t c; unsigned w;
  return !mssa__const_int(aa, mssa_inst_ops(aa->f, i)[4], &c, &w) || c != 0;
}

/* ------------------------------------------------------------ intrinsic attributes */

enum { NOCAP = MSSA_A_NOCAPTURE, RO = MSSA_A_READONLY, WO = MSSA_A_WRITEONLY, NA = MSSA_A_NOALIAS };

/* Readnone "other" intrinsics by name prefix (LLVM 14 IntrNoMem). */
static const char *const readnone_prefixes[] = {
  "llvm.fabs", "llvm.sqrt", "llvm.sin", "llvm.cos", "llvm.pow", "llvm.exp", "llvm.log",
  "llvm.fma", "llvm.fmuladd", "llvm.minnum", "llvm.maxnum", "llvm.minimum", "llvm.maximum",
  "llvm.copysign", "llvm.floor", "llvm.ceil", "llvm.trunc", "llvm.rint", "llvm.nearbyint",
  "llvm.round", "llvm.roundeven", "llvm.lround", "llvm.llround", "llvm.lrint", "llvm.llrint",
  "llvm.ctpop", "llvm.ctlz", "llvm.cttz", "llvm.bswap", "llvm.bitreverse", "llvm.fshl",
  "llvm.fshr", "llvm.sadd.with", "llvm.uadd.with", "llvm.ssub.with", "llvm.usub.with",
  "llvm.smul.with", "llvm.umul.with", "llvm.smax", "llvm.smin", "llvm.umax", "llvm.umin",
  "llvm.abs", "llvm.sadd.sat", "llvm.uadd.sat", "llvm.ssub.sat", "llvm.usub.sat",
  "llvm.sshl.sat", "llvm.ushl.sat", "llvm.is.constant", "llvm.vector.reduce",
  "llvm.powi", "llvm.canonicalize", "llvm.annotation", "llvm.ptrmask", "llvm.umul.fix",
  "llvm.smul.fix", "llvm.convert.", "llvm.fptosi.sat", "llvm.fptoui.sat", "llvm.experimental.vector",
  "llvm.threadlocal.address", "llvm.expect", "llvm.objectsize", "llvm.dbg.", NULL
};


uint32_t mssa__intrinsic_fn_attrs(const mssa_aa *aa, const mssa_inst *i) {
  int in = intr_of(aa, i);
  uint32_t base = MSSA_A_NOUNWIND;
  switch (in) {
  case MSSA_INTR_NONE: return 0;
  case MSSA_INTR_MEMCPY: case MSSA_INTR_MEMCPY_INLINE: case MSSA_INTR_MEMMOVE:
  case MSSA_INTR_LIFETIME_START: case MSSA_INTR_LIFETIME_END:
  case MSSA_INTR_INVARIANT_START: case MSSA_INTR_INVARIANT_END:
    return base | MSSA_A_ARGMEMONLY | MSSA_A_WILLRETURN;
  case MSSA_INTR_MEMSET:
    return base | MSSA_A_ARGMEMONLY | MSSA_A_WRITEONLY | MSSA_A_WILLRETURN;
  case MSSA_INTR_ASSUME: case MSSA_INTR_NOALIAS_SCOPE_DECL: case MSSA_INTR_PSEUDOPROBE:
  case MSSA_INTR_SIDEEFFECT: case MSSA_INTR_LAUNDER_INVARIANT_GROUP:
  case MSSA_INTR_PTR_ANNOTATION: case MSSA_INTR_VAR_ANNOTATION:
    return base | MSSA_A_INACCESSIBLEMEMONLY | MSSA_A_WILLRETURN;
  case MSSA_INTR_ALLOW_RUNTIME_CHECK: case MSSA_INTR_ALLOW_UBSAN_CHECK:
    return mssa__llvm(aa) >= MSSA_LLVM_ALLOW_CHECK
               ? base | MSSA_A_INACCESSIBLEMEMONLY | MSSA_A_WILLRETURN : base;
  case MSSA_INTR_DBG_DECLARE: case MSSA_INTR_DBG_VALUE: case MSSA_INTR_DBG_LABEL:
  case MSSA_INTR_DBG_ADDR: case MSSA_INTR_STRIP_INVARIANT_GROUP: case MSSA_INTR_OBJECTSIZE:
  case MSSA_INTR_EXPECT:
    return base | MSSA_A_READNONE | MSSA_A_WILLRETURN;
  case MSSA_INTR_MASKED_LOAD: return base | MSSA_A_READONLY | MSSA_A_ARGMEMONLY;
  case MSSA_INTR_MASKED_STORE: return base | MSSA_A_WRITEONLY | MSSA_A_ARGMEMONLY;
  case MSSA_INTR_MASKED_GATHER: return base | MSSA_A_READONLY;
  case MSSA_INTR_MASKED_SCATTER: return base | MSSA_A_WRITEONLY;
  case MSSA_INTR_PREFETCH: return base | MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY;
  case MSSA_INTR_EXPERIMENTAL_GUARD: return 0;
  case MSSA_INTR_OTHER: {
    const char *nm = callee_name(aa, i);
    for (int k = 0; readnone_prefixes[k]; k++)
      if (has_prefix(nm, readnone_prefixes[k])) return base | MSSA_A_READNONE;
    return base;
  }
  default:
    return base;
  }
}

uint32_t mssa__intrinsic_param_attrs(const mssa_aa *aa, const mssa_inst *i, uint32_t argno) {
  switch (intr_of(aa, i)) {
  case MSSA_INTR_MEMCPY: case MSSA_INTR_MEMCPY_INLINE:
    return argno == 0 ? (NOCAP | WO | NA) : argno == 1 ? (NOCAP | RO | NA) : 0;
  case MSSA_INTR_MEMMOVE:
    return argno == 0 ? (NOCAP | WO) : argno == 1 ? (NOCAP | RO) : 0;
  case MSSA_INTR_MEMSET: return argno == 0 ? (NOCAP | WO) : 0;
  case MSSA_INTR_LIFETIME_START: case MSSA_INTR_LIFETIME_END:
    /* the pointer is the last operand: (i64 size, ptr), or (ptr) in LLVM 22 */
    return argno + 1 == mssa_call_nargs(i) ? NOCAP : 0;
  case MSSA_INTR_INVARIANT_START:
    return argno == 1 ? NOCAP : 0;
  case MSSA_INTR_INVARIANT_END: return argno == 2 ? NOCAP : 0;
  case MSSA_INTR_PREFETCH: return argno == 0 ? (NOCAP | RO) : 0;
  case MSSA_INTR_MASKED_LOAD: return argno == 0 ? (NOCAP) : 0;
  case MSSA_INTR_MASKED_STORE: return argno == 1 ? (NOCAP) : 0;
  default: return 0;
  }
}

enum { MEM_ATTRS = MSSA_A_READNONE | MSSA_A_READONLY | MSSA_A_WRITEONLY | MSSA_A_ARGMEMONLY |
                   MSSA_A_INACCESSIBLEMEMONLY | MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY };

uint32_t mssa__call_fn_attrs(const mssa_aa *aa, const mssa_inst *i) {
  uint32_t site = mssa__call_fn_attrs_site(aa, i);
  uint32_t callee = mssa__call_fn_attrs_callee(aa, i) | mssa__intrinsic_fn_attrs(aa, i);
  /* operand bundles override every memory attribute of the callee (not the
  ** call site's own); assume's bundles are the exception. Checked with opt
  ** 14: writeonly is dropped too (tests/aa/calls.ll, @bundles). */
  if (mssa__call_has_bundles(i) && intr_of(aa, i) != MSSA_INTR_ASSUME)
    callee &= ~(uint32_t)MEM_ATTRS;
  return site | callee;
}

/* ------------------------------------------------------------ library functions */

static bool type_is(const mssa_aa *aa, uint32_t t, unsigned kind) {
  return t != MSSA_NONE && t < aa->m->types.n && aa->m->types.a[t].kind == kind;
}
static bool type_int(const mssa_aa *aa, uint32_t t, unsigned bits) {
  return type_is(aa, t, MSSA_T_INT) && (bits == 0 || aa->m->types.a[t].bits == bits);
}

int mssa__libfunc(const mssa_aa *aa, uint32_t fidx) {
  if (fidx == MSSA_NONE) return LF_NONE;
  const mssa_func *fn = &aa->m->funcs.a[fidx];
  if (fn->intrinsic) return LF_NONE;
  const char *nm = mssa_str(aa->m, fn->name);
  if (nm[0] == 'l' && has_prefix(nm, "llvm.")) return LF_NONE;
  /* Every name below starts with one of these: the other callees (most of
  ** a program's) skip the chain of string compares. */
  if (!nm[0] || !strchr("_abcmrsv", nm[0])) return LF_NONE;
  const mssa_type *ft = &aa->m->types.a[fn->type];
  if (ft->kind != MSSA_T_FUNC) return LF_NONE;
  uint32_t np = ft->nfields;
  const uint32_t *pt = aa->m->tlist.a + ft->fields;
  uint32_t rt = ft->elem;
  bool rptr = type_is(aa, rt, MSSA_T_PTR);
  unsigned ptrbits = aa->m->dl.ptr_size ? aa->m->dl.ptr_size * 8 : 64;
  if (!strcmp(nm, "malloc")) return np == 1 && rptr && type_int(aa, pt[0], ptrbits) ? LF_MALLOC : 0;
  if (!strcmp(nm, "valloc")) return np == 1 && rptr && type_int(aa, pt[0], ptrbits) ? LF_VALLOC : 0;
  if (!strcmp(nm, "calloc"))
    return np == 2 && rptr && type_int(aa, pt[0], ptrbits) && type_int(aa, pt[1], ptrbits) ? LF_CALLOC : 0;
  if (!strcmp(nm, "_Znwm") || !strcmp(nm, "_Znam") || !strcmp(nm, "_Znwj") || !strcmp(nm, "_Znaj"))
    return np == 1 && rptr && type_int(aa, pt[0], 0) ? LF_NEW : 0;
  if (!strcmp(nm, "aligned_alloc"))
    return np == 2 && rptr && type_int(aa, pt[0], 0) && type_int(aa, pt[1], 0) ? LF_ALIGNED_ALLOC : 0;
  if (!strcmp(nm, "realloc")) return np == 2 && rptr && type_is(aa, pt[0], MSSA_T_PTR) ? LF_REALLOC : 0;
  if (!strcmp(nm, "strdup")) return np == 1 && rptr && type_is(aa, pt[0], MSSA_T_PTR) ? LF_STRDUP : 0;
  if (!strcmp(nm, "strcpy") || !strcmp(nm, "strcat"))
    return np == 2 && rptr && type_is(aa, pt[0], MSSA_T_PTR) && type_is(aa, pt[1], MSSA_T_PTR)
           ? (nm[3] == 'c' && nm[4] == 'p' ? LF_STRCPY : LF_STRCAT) : 0;
  if (!strcmp(nm, "strncat") || !strcmp(nm, "strncpy"))
    return np == 3 && rptr && type_is(aa, pt[0], MSSA_T_PTR) && type_is(aa, pt[1], MSSA_T_PTR) &&
           type_int(aa, pt[2], 0) ? (nm[4] == 'c' && nm[5] == 'a' ? LF_STRNCAT : LF_STRNCPY) : 0;
  if (!strcmp(nm, "__memset_chk")) return np == 4 && type_is(aa, pt[0], MSSA_T_PTR) ? LF_MEMSET_CHK : 0;
  if (!strcmp(nm, "memset_pattern4") || !strcmp(nm, "memset_pattern8") || !strcmp(nm, "memset_pattern16")) {
    /* Darwin-only in TargetLibraryInfo: unavailable on the Linux triples
    ** our corpora use, so never recognised unless the triple says macOS */
    return LF_NONE;
  }
  if (!strcmp(nm, "memcmp") || !strcmp(nm, "bcmp"))
    return np == 3 && type_int(aa, rt, 32) && type_is(aa, pt[0], MSSA_T_PTR) && type_is(aa, pt[1], MSSA_T_PTR) &&
           type_int(aa, pt[2], 0) ? (nm[0] == 'm' ? LF_MEMCMP : LF_BCMP) : 0;
  if (!strcmp(nm, "memchr"))
    return np == 3 && rptr && type_is(aa, pt[0], MSSA_T_PTR) && type_int(aa, pt[1], 32) && type_int(aa, pt[2], 0)
           ? LF_MEMCHR : 0;
  if (!strcmp(nm, "memccpy")) return np == 4 && rptr ? LF_MEMCCPY : 0;
  return LF_NONE;
}

int mssa__call_libfunc(const mssa_aa *aa, const mssa_inst *i) {
  /* TLI->getLibFunc(Call): not for nobuiltin call sites */
  if (mssa__call_fn_attrs_site(aa, i) & MSSA_A_NOBUILTIN) return LF_NONE;
  if ((mssa__call_fn_attrs_callee(aa, i) & MSSA_A_NOBUILTIN) && !(mssa__call_fn_attrs_site(aa, i) & MSSA_A_BUILTIN))
    return LF_NONE;
  return mssa__libfunc(aa, mssa__direct_callee(aa, i));
}

bool mssa__is_malloc_like(const mssa_aa *aa, const mssa_inst *call) {
  /* MallocOrCallocLike in LLVM 14: malloc, valloc, new (not the nothrow
  ** or aligned forms we do not list), calloc, aligned_alloc; the return
  ** type must be i8* (checked loosely as "a pointer"). */
  int lf = mssa__call_libfunc(aa, call);
  return lf == LF_MALLOC || lf == LF_VALLOC || lf == LF_NEW || lf == LF_CALLOC || lf == LF_ALIGNED_ALLOC;
}

/* ------------------------------------------------------------ memory effects (current LLVM) */


/* The memory effects LLVM's upgrade gives the old attribute spellings
** (readnone, readonly, writeonly, argmemonly, ...): how the intrinsic
** table, kept in those bits, reads in current LLVM. */
static uint32_t mem_from_bits(uint32_t a) {
  if (a & MSSA_A_READNONE) return 0;
  uint32_t acc = (a & MSSA_A_READONLY) ? MSSA_MA_REF : (a & MSSA_A_WRITEONLY) ? MSSA_MA_MOD : MSSA_MA_MODREF;
  if (a & MSSA_A_ARGMEMONLY) return MEM_LOC(MSSA_MEM_ARG, acc);
  if (a & MSSA_A_INACCESSIBLEMEMONLY) return MEM_LOC(MSSA_MEM_INACCESSIBLE, acc);
  if (a & MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY)
    return MEM_LOC(MSSA_MEM_ARG, acc) | MEM_LOC(MSSA_MEM_INACCESSIBLE, acc);
  return MEM_ALL(acc);
}

static uint32_t attrlist_mem(const mssa_aa *aa, uint32_t al) {
  return al != MSSA_NONE && al < aa->m->attrlists.n ? aa->m->attrlists.a[al].mem : MSSA_MEM_ANY;
}

/* The callee's own effects (BasicAAResult::getMemoryEffects(F)): a known
** intrinsic's from LLVM's table, whatever its declaration says; llvm.trap
** writes inaccessible memory in current LLVM; a guard reads everything and
** touches inaccessible memory. */
static uint32_t callee_mem(mssa_aa *aa, const mssa_inst *call, uint32_t callee) {
  int in = intr_of(aa, call);
  switch (in) {
  case MSSA_INTR_NONE: return attrlist_mem(aa, aa->m->funcs.a[callee].attrs);
  case MSSA_INTR_OTHER:
    return attrlist_mem(aa, aa->m->funcs.a[callee].attrs) & mem_from_bits(mssa__intrinsic_fn_attrs(aa, call));
  case MSSA_INTR_TRAP: return MEM_LOC(MSSA_MEM_INACCESSIBLE, MSSA_MA_MOD);
  case MSSA_INTR_EXPERIMENTAL_GUARD:
    return MEM_ALL(MSSA_MA_REF) | MEM_LOC(MSSA_MEM_INACCESSIBLE, MSSA_MA_MODREF);
  default: return mem_from_bits(mssa__intrinsic_fn_attrs(aa, call));
  }
}

/* Since LLVM 20 a volatile memory intrinsic also reads and writes
** inaccessible memory (LangRef: a volatile operation may touch state no load
** or store of the module can reach); CallBase::getMemoryEffects adds it, so a
** call reading only inaccessible memory now sees the memcpy as a clobber.
** Measured: opt-19 does not, opt-22 does; the change (llvm-project pull
** request 122926) landed in January 2025, before the 20 branch. */
#define LLVM_VOLATILE_INACCESSIBLE 20
static uint32_t volatile_mem(mssa_aa *aa, const mssa_inst *call) {
  return mssa__llvm(aa) >= LLVM_VOLATILE_INACCESSIBLE && mssa__is_volatile_memintrinsic(aa, call)
             ? MEM_LOC(MSSA_MEM_INACCESSIBLE, MSSA_MA_MODREF) : 0;
}

uint32_t mssa__call_effects(mssa_aa *aa, const mssa_inst *call) {
  uint32_t me = MSSA_MEM_ANY;
  if (aa->layers & MSSA_AA_BASIC) {
    me = attrlist_mem(aa, call->attrs);
    uint32_t c = mssa__direct_callee(aa, call);
    /* operand bundles may read and write memory besides the callee */
    if (c != MSSA_NONE && (!mssa__call_has_bundles(call) || intr_of(aa, call) == MSSA_INTR_ASSUME))
      me &= callee_mem(aa, call, c) | volatile_mem(aa, call);
  }
  /* TBAA: a call tagged with an immutable type only reads. */
  if (tbaa_tag_immutable(aa, call->md_tbaa)) me &= MEM_ALL(MSSA_MA_REF);
  return me;
}
