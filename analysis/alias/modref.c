/*
** modref.c -- mod/ref of instructions and calls, as LLVM 14's AAResults
** combines BasicAA, ScopedNoAliasAA and TypeBasedAA: getModRefBehavior,
** getArgModRefInfo, getModRefInfo(Call, Loc), getModRefInfo(Call, Call),
** getModRefInfo(I, Loc) per opcode, MemoryLocation::getForArgument; and
** current LLVM's getModRefInfo from memory effects. What a call's
** attributes and name say is read through callattrs.c.
**
** Invariants:
**   1. Mod/ref values are computed in LLVM 14's encoding (alias_internal.h) so that
**      the Must bit follows LLVM's intersect/union rules exactly; the public
**      entry points in aa.c convert once at the end.
**   2. Attributes are callattrs.c's (LLVM's own for known intrinsics, the
**      text's for everything else, no inference); library functions are
**      used only where LLVM 14's BasicAA/MemoryLocation/MemoryBuiltins use
**      them.
**   3. Every query walks call arguments once; no recursion apart from the
**      alias queries it issues (bounded in aa_basic.c): the one circle of
**      files alias/ keeps, AA <-> BasicAA, is this one.
**
** Pure C11; no libuv, no jansson.
*/
#include <string.h>

#include "alias/alias_internal.h"

static const char *callee_name(const mssa_aa *aa, const mssa_inst *i) {
  uint32_t c = mssa__direct_callee(aa, i);
  return c == MSSA_NONE ? "" : mssa_str(aa->m, aa->m->funcs.a[c].name);
}

static int intr_of(const mssa_aa *aa, const mssa_inst *i) { return (int)mssa__intrinsic(aa, i); }

static bool has_prefix(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* ------------------------------------------------------------ behaviour */

static unsigned behavior_from_attrs(uint32_t a) {
  if (a & MSSA_A_READNONE) return MSSA__FMRB_NONE;
  unsigned min = MSSA__FMRB_UNKNOWN;
  if (a & MSSA_A_READONLY) min = MSSA__FMRL_ANYWHERE | MSSA__MR_REF;
  else if (a & MSSA_A_WRITEONLY) min = MSSA__FMRL_ANYWHERE | MSSA__MR_MOD;
  if (a & MSSA_A_ARGMEMONLY) min &= MSSA__FMRL_ARG | MSSA__MR_MODREF;
  else if (a & MSSA_A_INACCESSIBLEMEMONLY) min &= MSSA__FMRL_INACC | MSSA__MR_MODREF;
  else if (a & MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY) min &= MSSA__FMRL_INACC | MSSA__FMRL_ARG | MSSA__MR_MODREF;
  return min;
}

static bool tbaa_tag_immutable(const mssa_aa *aa, uint32_t tag) {
  return (aa->layers & MSSA_AA_TBAA) && tag != MSSA_NONE && mssa__tbaa_immutable(aa, tag);
}

/* A FunctionModRefBehavior that says what memory effects `me` say, so that
** the code shared with LLVM 14 reads them: the argument and inaccessible
** locations as such, every other kind as "anywhere". */
static unsigned behavior_from_mem(uint32_t me) {
  unsigned b = MSSA__MR_NOMODREF;
  for (uint32_t l = 0; l < MSSA_MEM_NLOC; l++) {
    uint32_t a = MSSA_MEM_GET(me, l);
    if (!a) continue;
    b |= a | (l == MSSA_MEM_ARG ? MSSA__FMRL_ARG : l == MSSA_MEM_INACCESSIBLE ? MSSA__FMRL_INACC
                                                                               : MSSA__FMRL_ANYWHERE);
  }
  return b;
}

unsigned mssa__modref_behavior(mssa_aa *aa, const mssa_inst *call) {
  if (mssa__current(aa)) return behavior_from_mem(mssa__call_effects(aa, call));
  /* BasicAA: call-site view (hasFnAttr: site, then callee), then the callee
  ** function's own behaviour when there are no operand bundles. */
  unsigned r = MSSA__FMRB_UNKNOWN;
  if (aa->layers & MSSA_AA_BASIC) {
    uint32_t fa = mssa__call_fn_attrs(aa, call);
    r = behavior_from_attrs(fa);
    if (r != MSSA__FMRB_NONE && !mssa__call_has_bundles(call) && mssa__direct_callee(aa, call) != MSSA_NONE)
      r &= behavior_from_attrs(mssa__call_fn_attrs_callee(aa, call) | mssa__intrinsic_fn_attrs(aa, call));
  }
  if (r == MSSA__FMRB_NONE) return r;
  /* TBAA: a call tagged with an immutable type only reads. */
  if (tbaa_tag_immutable(aa, call->md_tbaa)) r &= MSSA__FMRL_ANYWHERE | MSSA__MR_REF;
  return r;
}

/* AAResults::getArgModRefInfo. Current LLVM asks readnone first, and a
** byval argument is only read (the callee gets a copy). */
static unsigned arg_modref(mssa_aa *aa, const mssa_inst *call, uint32_t argno) {
  if (!(aa->layers & MSSA_AA_BASIC)) return MSSA__MR_MODREF;
  uint32_t pa = mssa__call_param_attrs(aa, call, argno);
  if (mssa__current(aa)) {
    if (pa & MSSA_A_READNONE) return MSSA__MR_NOMODREF;
    if (pa & MSSA_A_WRITEONLY) return MSSA__MR_MOD;
    return pa & (MSSA_A_READONLY | MSSA_A_BYVAL) ? MSSA__MR_REF : MSSA__MR_MODREF;
  }
  if (pa & MSSA_A_WRITEONLY) return MSSA__MR_MOD;
  if (mssa__call_libfunc(aa, call) == LF_MEMSET_PATTERN16 && argno == 0) return MSSA__MR_MOD;
  if (pa & MSSA_A_READONLY) return MSSA__MR_REF;
  if (pa & MSSA_A_READNONE) return MSSA__MR_NOMODREF;
  return MSSA__MR_MODREF;
}

static mssa_val call_arg(const mssa_aa *aa, const mssa_inst *i, uint32_t k) {
  return mssa_inst_ops(aa->f, i)[1 + k];
}

static bool const_u64(const mssa_aa *aa, mssa_val v, uint64_t *out) {
  int64_t c; unsigned w;
  if (!mssa__const_int(aa, v, &c, &w)) return false;
  *out = mssa__zext_bits((uint64_t)c, w);
  return true;
}

/* The last LLVM whose lifetime markers carry a size: LLVM 22 drops it (and
** reads the sized form by dropping it), so a marker covers its alloca. */
#define LLVM_LAST_SIZED_LIFETIME 21

/* getForArgument of a lifetime marker's pointer (its last operand): the
** size operand's bytes up to LLVM 21; in LLVM 22, and for the unsized
** form, the whole alloca (any other pointer: unknown). */
static void lifetime_loc(mssa_aa *aa, const mssa_inst *i, mssa_loc *out) {
  uint32_t n = mssa_call_nargs(i);
  uint64_t len;
  out->ptr = call_arg(aa, i, n - 1);
  out->size = MSSA_LOC_UNKNOWN;
  if (n > 1 && mssa__llvm(aa) <= LLVM_LAST_SIZED_LIFETIME) {
    if (const_u64(aa, call_arg(aa, i, 0), &len)) out->size = mssa__ls_exact(len);
    return;
  }
  const mssa_inst *ai = mssa__inst(aa, out->ptr);
  if (ai && ai->opcode == MSSA_OP_ALLOCA)
    out->size = mssa__object_size(aa, out->ptr, false, &len) ? mssa__ls_exact(len) : MSSA_LOC_AFTER;
}

/* MemoryLocation::getForArgument */
bool mssa__arg_loc(mssa_aa *aa, uint32_t call, uint32_t argno, mssa_loc *out) {
  const mssa_inst *i = &aa->f->insts.a[call];
  uint32_t n = mssa_call_nargs(i);
  if (argno >= n) return false;
  out->ptr = call_arg(aa, i, argno);
  out->tbaa = i->md_tbaa; out->scope = i->md_scope; out->noalias = i->md_noalias;
  out->size = MSSA_LOC_UNKNOWN;
  uint64_t len;
  switch (intr_of(aa, i)) {
  case MSSA_INTR_MEMSET: case MSSA_INTR_MEMCPY: case MSSA_INTR_MEMCPY_INLINE: case MSSA_INTR_MEMMOVE:
    out->size = n > 2 && const_u64(aa, call_arg(aa, i, 2), &len) ? mssa__ls_exact(len) : MSSA_LOC_AFTER;
    return true;
  case MSSA_INTR_LIFETIME_START: case MSSA_INTR_LIFETIME_END:
    lifetime_loc(aa, i, out);
    return true;
  case MSSA_INTR_INVARIANT_START:
    if (const_u64(aa, call_arg(aa, i, 0), &len)) out->size = mssa__ls_exact(len);
    return true;
  case MSSA_INTR_MASKED_LOAD: {
    uint64_t s = aa->m->types.a[i->type].store_size;
    out->size = mssa__ls_upper(s);
    return true;
  }
  case MSSA_INTR_MASKED_STORE: {
    uint32_t t = mssa__val_type(aa, call_arg(aa, i, 0));
    out->size = t != MSSA_NONE ? mssa__ls_upper(aa->m->types.a[t].store_size) : MSSA_LOC_AFTER;
    return true;
  }
  case MSSA_INTR_INVARIANT_END:
    if (argno == 0) out->size = 0;
    else if (n > 1 && const_u64(aa, call_arg(aa, i, 1), &len)) out->size = mssa__ls_exact(len);
    return true;
  case MSSA_INTR_OTHER: {
    const char *nm = callee_name(aa, i);
    if (has_prefix(nm, "llvm.arm.neon.vld1.") && argno == 0) {
      out->size = mssa__ls_exact(aa->m->types.a[i->type].store_size);
      return true;
    }
    if (has_prefix(nm, "llvm.arm.neon.vst1.") && argno == 0 && n > 1) {
      uint32_t t = mssa__val_type(aa, call_arg(aa, i, 1));
      out->size = t != MSSA_NONE ? mssa__ls_exact(aa->m->types.a[t].store_size) : MSSA_LOC_AFTER;
      return true;
    }
    break;
  }
  default: break;
  }
  switch (mssa__call_libfunc(aa, i)) {
  case LF_STRCPY: case LF_STRCAT: case LF_STRNCAT:
    out->size = MSSA_LOC_AFTER; return true;
  case LF_MEMSET_CHK:
    out->size = n > 2 && const_u64(aa, call_arg(aa, i, 2), &len) ? mssa__ls_upper(len) : MSSA_LOC_AFTER;
    return true;
  case LF_STRNCPY:
    if (n > 2 && const_u64(aa, call_arg(aa, i, 2), &len)) out->size = argno == 0 ? mssa__ls_exact(len) : mssa__ls_upper(len);
    else out->size = MSSA_LOC_AFTER;
    return true;
  case LF_MEMCMP: case LF_BCMP: case LF_MEMCHR:
    out->size = n > 2 && const_u64(aa, call_arg(aa, i, 2), &len) ? mssa__ls_exact(len) : MSSA_LOC_AFTER;
    return true;
  case LF_MEMCCPY:
    out->size = n > 3 && const_u64(aa, call_arg(aa, i, 3), &len) ? mssa__ls_upper(len) : MSSA_LOC_AFTER;
    return true;
  default: break;
  }
  out->size = MSSA_LOC_UNKNOWN;
  return true;
}

/* ------------------------------------------------------------ call vs location */

static mssa_loc loc_any(mssa_val p) {
  mssa_loc l = { p, MSSA_LOC_UNKNOWN, MSSA_NONE, MSSA_NONE, MSSA_NONE };
  return l;
}

static bool type_is_ptr(const mssa_aa *aa, mssa_val v) { return mssa__is_ptr(aa, v); }

/* BasicAA's rules about the caller's frame: a tail call touches no alloca
** (unless an argument is byval: hasAttrSomewhere(ByVal), which
** mssa__call_param_attrs approximates), and stackrestore writes dynamic
** allocas. True with *mr (MSSA_MA_*) when one applies to `object`. */
static bool frame_rule(mssa_aa *aa, const mssa_inst *call, mssa_val object, unsigned *mr) {
  const mssa_inst *oi = mssa__inst(aa, object);
  if (!oi || oi->opcode != MSSA_OP_ALLOCA) return false;
  if (call->opcode == MSSA_OP_CALL && (call->flags & MSSA_IF_TAIL)) {
    bool byval = false;
    uint32_t n = mssa_call_nargs(call);
    for (uint32_t k = 0; k < n && !byval; k++)
      if (mssa__call_param_attrs(aa, call, k) & MSSA_A_BYVAL) byval = true;
    *mr = 0;
    if (!byval) return true;
  }
  *mr = MSSA_MA_MOD;
  return !mssa__is_static_alloca(aa, MSSA_VAL_INDEX(object)) && intr_of(aa, call) == MSSA_INTR_STACKRESTORE;
}

/* BasicAAResult::getModRefInfo(Call, Loc) */
static unsigned basic_call_loc(mssa_aa *aa, uint32_t callid, const mssa_loc *loc) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  mssa_val object = mssa__underlying_object(aa, loc->ptr, MSSA__MAX_LOOKUP);
  unsigned fr;
  if (frame_rule(aa, call, object, &fr)) return fr | MSSA__MR_NOMODREF;
  if (!mssa__is_const(object) && object != MSSA_VAL(MSSA_VK_INST, callid) &&
      mssa_aa_non_escaping_local(aa, object)) {
    unsigned result = MSSA__MR_NOMODREF;
    bool must = true;
    uint32_t n = mssa_call_nargs(call);
    for (uint32_t k = 0; k < n; k++) {
      mssa_val a = call_arg(aa, call, k);
      if (!type_is_ptr(aa, a)) continue;
      uint32_t pa = mssa__call_param_attrs(aa, call, k) | mssa__intrinsic_param_attrs(aa, call, k);
      if (!(pa & MSSA_A_NOCAPTURE) && !(pa & MSSA_A_BYVAL)) continue;
      if (pa & MSSA_A_READNONE) continue;
      mssa_loc la = loc_any(a), lo = loc_any(object);
      mssa_alias_result ar = mssa__alias(aa, &la, &lo);
      if (ar != MSSA_MUST_ALIAS) must = false;
      if (ar == MSSA_NO_ALIAS) continue;
      if (pa & (MSSA_A_READONLY | MSSA_A_READNONE)) { result |= MSSA__MR_REF; continue; }
      if (pa & (MSSA_A_WRITEONLY | MSSA_A_READNONE)) { result |= MSSA__MR_MOD; continue; }
      result = MSSA__MR_MODREF;
      break;
    }
    if (mssa__mr_isnomodref(result)) must = false;
    if (!mssa__mr_ismodref(result)) {
      if (mssa__mr_isnomodref(result)) return MSSA__MR_NOMODREF;
      return must ? mssa__mr_setmust(result) : mssa__mr_clearmust(result);
    }
  }
  if (mssa__is_malloc_like(aa, call)) {
    mssa_loc lc = loc_any(MSSA_VAL(MSSA_VK_INST, callid));
    if (mssa__alias(aa, &lc, loc) == MSSA_NO_ALIAS) return MSSA__MR_NOMODREF;
  }
  int in = intr_of(aa, call);
  mssa_loc src, dst;
  /* Both arguments must be there: the reader takes a call of an
  ** llvm.memcpy.* name with fewer (LLVM rejects it: "invalid intrinsic
  ** signature"), and without them src/dst would be uninitialized (a fuzz
  ** finding, tests/fuzz/regress/reader/). Such a call is as opaque as any. */
  if ((in == MSSA_INTR_MEMCPY || in == MSSA_INTR_MEMCPY_INLINE) &&
      mssa__arg_loc(aa, callid, 1, &src) && mssa__arg_loc(aa, callid, 0, &dst)) {
    unsigned rv = MSSA__MR_NOMODREF;
    if (mssa__alias(aa, &src, loc) != MSSA_NO_ALIAS || mssa__call_has_bundles(call)) rv |= MSSA__MR_REF;
    if (mssa__alias(aa, &dst, loc) != MSSA_NO_ALIAS || mssa__call_has_bundles(call)) rv |= MSSA__MR_MOD;
    return rv;
  }
  if (in == MSSA_INTR_EXPERIMENTAL_GUARD) return MSSA__MR_REF;
  if (in == MSSA_INTR_INVARIANT_START) return MSSA__MR_REF;
  if (in == MSSA_INTR_OTHER && !strcmp(callee_name(aa, call), "llvm.experimental.deoptimize")) return MSSA__MR_REF;
  return MSSA__MR_MODREF;
}

/* TypeBasedAAResult::aliasErrno: may a location tagged `tag` be errno,
** whose tags the module lists in !llvm.errno.tbaa (any, without it)? */
static bool tbaa_may_be_errno(mssa_aa *aa, uint32_t tag) {
  const mssa_module *m = aa->m;
  for (uint32_t k = 0; k + 1 < m->named_md.n; k += 2) {
    if (strcmp(mssa_str(m, m->named_md.a[k].idx), "llvm.errno.tbaa")) continue;
    const mssa_md *t = &m->md.a[m->named_md.a[k + 1].idx];
    for (uint32_t i = 0; i < t->nops; i++) {
      const mssa_mdop *o = &m->mdops.a[t->ops + i];
      if (o->kind != MSSA_MDO_NODE || mssa__tbaa_alias(aa, tag, o->idx)) return true;
    }
    return false;
  }
  return true;
}

/* AAResults::aliasErrno: can loc be errno? Not (BasicAA) when it is larger
** than an int, or an identified function-local object; not (TBAA) when its
** tag cannot alias errno's. */
#define ERRNO_INT_BITS 32u
static bool may_be_errno(mssa_aa *aa, const mssa_loc *loc) {
  if ((aa->layers & MSSA_AA_BASIC) &&
      ((mssa__ls_has_value(loc->size) && mssa__ls_value(loc->size) * 8 > ERRNO_INT_BITS) ||
       mssa__is_identified_function_local(aa, mssa__underlying_object(aa, loc->ptr, MSSA__MAX_LOOKUP))))
    return false;
  return !(aa->layers & MSSA_AA_TBAA) || loc->tbaa == MSSA_NONE || tbaa_may_be_errno(aa, loc->tbaa);
}

/* What a call may do to memory its pointer arguments reach that aliases
** loc, within arg_mr (the ArgMem refinement of current BasicAA). */
static unsigned current_arg_modref(mssa_aa *aa, uint32_t callid, const mssa_loc *loc, unsigned arg_mr) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  unsigned r = 0;
  uint32_t n = mssa_call_nargs(call);
  for (uint32_t k = 0; k < n && r != arg_mr; k++) {
    mssa_val a = call_arg(aa, call, k);
    if (!type_is_ptr(aa, a)) continue;
    mssa_loc al;
    mssa__arg_loc(aa, callid, k, &al);
    if (mssa__alias(aa, &al, loc) != MSSA_NO_ALIAS) r |= arg_mr & arg_modref(aa, call, k) & 3u;
  }
  return r;
}

/*
** LLVM 15..20's BasicAAResult::getModRefInfo(Call, Loc), before LLVM 21
** merged it with AAResults' memory-effects step (llvm-project PR 131144),
** plain ModRef bits. For a local object that does not escape, each pointer
** operand the call may access is asked against the *whole object*, both
** sides of unknown size (getBeforeOrAfter(*CI) against
** getBeforeOrAfter(Object)), not against loc. Why it matters: BasicAA's
** aliasGEP answers MayAlias at once when both sizes are unknown and the
** other side is not a GEP (a compile-time limit), and the object never is
** one; so an operand that is a GEP off a phi or select, which only
** decomposition could tell apart from the object, makes the call ModRef on
** it (tests/fixtures/regress/llvm19/call-gep-of-phi.ll). LLVM 21+ asks the
** argument's own location against loc, with loc's size.
** MSSA_MA_MODREF when no rule narrows it.
*/
static unsigned split_basic_call_loc(mssa_aa *aa, uint32_t callid, mssa_val object) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  if (mssa__is_const(object) || object == MSSA_VAL(MSSA_VK_INST, callid) ||
      !mssa_aa_non_escaping_local(aa, object))
    return intr_of(aa, call) == MSSA_INTR_INVARIANT_START ? MSSA_MA_REF : MSSA_MA_MODREF;
  unsigned r = 0;
  uint32_t n = mssa_call_nargs(call);
  for (uint32_t k = 0; k < n && r != MSSA_MA_MODREF; k++) {
    mssa_val a = call_arg(aa, call, k);
    if (!type_is_ptr(aa, a)) continue;
    uint32_t pa = mssa__call_param_attrs(aa, call, k);
    /* Before LLVM 18 (PR 69931) a capture by the call itself made the
    ** object escape, so only nocapture and byval operands were asked. */
    if (mssa__llvm(aa) < MSSA__LLVM_CALL_ARGS_ANY_CAPTURE &&
        !((pa | mssa__intrinsic_param_attrs(aa, call, k)) & (MSSA_A_NOCAPTURE | MSSA_A_BYVAL)))
      continue;
    if (pa & MSSA_A_READNONE) continue;           /* doesNotAccessMemory(k) */
    mssa_loc la = loc_any(a), lo = loc_any(object);
    if (mssa__alias(aa, &la, &lo) == MSSA_NO_ALIAS) continue;
    if (pa & (MSSA_A_READONLY | MSSA_A_BYVAL)) r |= MSSA_MA_REF;   /* onlyReadsMemory(k) */
    else if (pa & MSSA_A_WRITEONLY) r |= MSSA_MA_MOD;             /* onlyWritesMemory(k) */
    else r = MSSA_MA_MODREF;
  }
  MSSA_ASSERT(r <= MSSA_MA_MODREF);
  if (r != MSSA_MA_MODREF) return r;
  return intr_of(aa, call) == MSSA_INTR_INVARIANT_START ? MSSA_MA_REF : MSSA_MA_MODREF;
}

/*
** Current LLVM's BasicAAResult::getModRefInfo(Call, Loc), plain ModRef
** bits: the call's memory effects without inaccessible (and target)
** memory; what it does to other memory vanishes for a local object that
** does not escape (Ref only when just its read provenance escapes); what it
** does through its arguments is narrowed to the arguments that may alias
** loc; errno memory counts where loc may be errno.
*/
static unsigned basic_call_loc_current(mssa_aa *aa, uint32_t callid, const mssa_loc *loc) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  mssa_val object = mssa__underlying_object(aa, loc->ptr, MSSA__MAX_LOOKUP);
  const mssa_inst *oi = mssa__inst(aa, object);
  bool alloca = oi && oi->opcode == MSSA_OP_ALLOCA;
  unsigned fr;
  if (frame_rule(aa, call, object, &fr)) return fr;
  uint32_t me = mssa__call_effects(aa, call);
  unsigned arg_mr = MSSA_MEM_GET(me, MSSA_MEM_ARG), errno_mr = MSSA_MEM_GET(me, MSSA_MEM_ERRNO);
  unsigned other_mr = MSSA_MEM_GET(me, MSSA_MEM_OTHER);
  if (!arg_mr && !errno_mr && !other_mr) return 0;
  if (mssa__llvm(aa) < MSSA__LLVM_CALL_LOC_MERGED) {
    /* AAResults of LLVM 15..20: BasicAA's answer, then the memory effects
    ** (the arguments' part narrowed by alias with loc), intersected; no
    ** errno memory before LLVM 21 (errno_mr is 0). */
    unsigned basic = split_basic_call_loc(aa, callid, object);
    if (!basic) return 0;
    if ((arg_mr | other_mr) != other_mr) arg_mr = current_arg_modref(aa, callid, loc, arg_mr);
    return basic & (arg_mr | other_mr | errno_mr);
  }
  if (other_mr && !mssa__is_const(object) && object != MSSA_VAL(MSSA_VK_INST, callid) &&
      (alloca || !(mssa__call_fn_attrs(aa, call) & MSSA_A_RETURNS_TWICE))) {
    unsigned cc = mssa__escape_components(aa, object);
    if (!cc) other_mr = 0;
    else if ((cc & MSSA_CAP_PROVENANCE) == MSSA_CAP_READ_PROVENANCE) other_mr = MSSA_MA_REF;
  }
  if ((arg_mr | other_mr) != other_mr) arg_mr = current_arg_modref(aa, callid, loc, arg_mr);
  unsigned result = arg_mr | other_mr;
  if ((errno_mr | result) != result && may_be_errno(aa, loc)) result |= errno_mr;
  if (result != MSSA_MA_MODREF) return result;
  /* No malloc rule here: LLVM 14's "a malloc-like call touches no memory
  ** the IR can see" is gone from current BasicAA, which knows malloc only
  ** by its attributes (`memory(inaccessiblemem: readwrite)` once attribute
  ** inference has run; nothing before it, so a plain `declare ptr
  ** @malloc(i64)` may write anything that escapes). opt-19 and opt-22 agree
  ** (tests/conformance/regress.t, malloc-undeclared-effects). */
  if (intr_of(aa, call) == MSSA_INTR_INVARIANT_START) return MSSA_MA_REF;
  return MSSA_MA_MODREF;
}

/* Current AAResults::getModRefInfo(Call, Loc): the layers, then the mask. */
static unsigned call_loc_modref_current(mssa_aa *aa, uint32_t callid, const mssa_loc *loc) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  unsigned result = MSSA__MR_MODREF;
  if (aa->layers & MSSA_AA_BASIC) result = basic_call_loc_current(aa, callid, loc) | MSSA__MR_NOMODREF;
  if (mssa__mr_isnomodref(result) || mssa__tags_no_alias(aa, mssa__loc_tags(loc), mssa__inst_tags(call)))
    return MSSA__MR_NOMODREF;
  return mssa__mr_intersect(result, mssa__modref_mask(aa, loc));
}

static unsigned call_loc_modref_14(mssa_aa *aa, uint32_t callid, const mssa_loc *loc);

unsigned mssa__call_loc_modref(mssa_aa *aa, uint32_t callid, const mssa_loc *loc) {
  MSSA_ASSERT(callid < aa->f->insts.n);
  if (!mssa__current(aa)) return call_loc_modref_14(aa, callid, loc);
  unsigned r = call_loc_modref_current(aa, callid, loc);
  /* LLVM 15's ModRefInfo still has LLVM 14's Must bit (MemorySSA's alias
  ** words read it), computed as 14 does: BasicAA's local-object rule and
  ** AAResults' argument-only rule. The Mod/Ref bits stay current's. */
  if (mssa__llvm(aa) < MSSA__LLVM_NO_MUST_MODREF && !mssa__mr_isnomodref(r) &&
      mssa__mr_ismust(call_loc_modref_14(aa, callid, loc)))
    r = mssa__mr_setmust(r);
  return r;
}

/* LLVM 14's AAResults::getModRefInfo(Call, Loc), with its Must bit. */
static unsigned call_loc_modref_14(mssa_aa *aa, uint32_t callid, const mssa_loc *loc) {
  const mssa_inst *call = &aa->f->insts.a[callid];
  unsigned result = MSSA__MR_MODREF;
  if (aa->layers & MSSA_AA_BASIC) {
    result &= basic_call_loc(aa, callid, loc);
    if (mssa__mr_isnomodref(result)) return MSSA__MR_NOMODREF;
  }
  if (mssa__tags_no_alias(aa, mssa__loc_tags(loc), mssa__inst_tags(call))) return MSSA__MR_NOMODREF;
  unsigned mrb = mssa__modref_behavior(aa, call);
  if (mssa__fmrb_only_inacc(mrb)) return MSSA__MR_NOMODREF;
  if (mssa__fmrb_only_reads(mrb)) result = mssa__mr_clearmod(result);
  else if (mssa__fmrb_only_writes(mrb)) result = mssa__mr_clearref(result);
  if (mssa__fmrb_only_arg(mrb) || mssa__fmrb_only_inacc_or_arg(mrb)) {
    bool must = true;
    unsigned all = MSSA__MR_NOMODREF;
    if (mssa__fmrb_access_arg(mrb)) {
      uint32_t n = mssa_call_nargs(call);
      for (uint32_t k = 0; k < n; k++) {
        mssa_val a = call_arg(aa, call, k);
        if (!type_is_ptr(aa, a)) continue;
        mssa_loc al;
        mssa__arg_loc(aa, callid, k, &al);
        mssa_alias_result ar = mssa__alias(aa, &al, loc);
        if (ar != MSSA_NO_ALIAS) all = mssa__mr_union(all, arg_modref(aa, call, k));
        must = must && ar == MSSA_MUST_ALIAS;
      }
    }
    if (mssa__mr_isnomodref(all)) return MSSA__MR_NOMODREF;
    result = mssa__mr_intersect(result, all);
    result = must ? mssa__mr_setmust(result) : mssa__mr_clearmust(result);
  }
  /* LLVM 14 clears Mod for constant memory; current LLVM intersects the mask
  ** with any answer that is not NoModRef (so the two agree on Mod) */
  if (mssa__current(aa) ? !mssa__mr_isnomodref(result) : mssa__mr_ismod(result))
    result = mssa__mr_intersect(result, mssa__modref_mask(aa, loc));
  return result;
}

/* ------------------------------------------------------------ call vs call */

/*
** getModRefInfo(Call1, Call2) when one of the calls only accesses memory
** through its pointer arguments: the union over those arguments' locations
** of how the calls meet there, within `result`. With `of_second`, Call2 is
** that call and each argument counts by what Call1 may do to it (Call2
** writing it: any access of Call1; Call2 reading it: Call1 writing);
** otherwise Call1 is, and an argument counts with Call1's own access when
** Call2 touches the location in a way that conflicts with it.
*/
static unsigned modref_by_args(mssa_aa *aa, uint32_t c1, uint32_t c2, bool of_second,
                               unsigned result) {
  uint32_t argcall = of_second ? c2 : c1, other = of_second ? c1 : c2;
  const mssa_inst *call = &aa->f->insts.a[argcall];
  unsigned r = MSSA__MR_NOMODREF;
  bool must = true;
  uint32_t n = mssa_call_nargs(call);
  for (uint32_t k = 0; k < n; k++) {
    mssa_val a = call_arg(aa, call, k);
    if (!type_is_ptr(aa, a)) continue;
    mssa_loc al;
    mssa__arg_loc(aa, argcall, k, &al);
    unsigned amr = arg_modref(aa, call, k);
    if (of_second) {
      unsigned mask = MSSA__MR_NOMODREF;
      if (mssa__mr_ismod(amr)) mask = MSSA__MR_MODREF;
      else if (mssa__mr_isref(amr)) mask = MSSA__MR_MOD;
      unsigned mr1 = mssa__call_loc_modref(aa, other, &al);
      mask = mssa__mr_intersect(mask, mr1);
      must = must && mssa__mr_ismust(mr1);
      r = mssa__mr_intersect(mssa__mr_union(r, mask), result);
    } else {
      unsigned mr2 = mssa__call_loc_modref(aa, other, &al);
      if ((mssa__mr_ismod(amr) && !mssa__mr_isnomodref(mr2)) || (mssa__mr_isref(amr) && mssa__mr_ismod(mr2)))
        r = mssa__mr_intersect(mssa__mr_union(r, amr), result);
      must = must && mssa__mr_ismust(mr2);
    }
    if (r == result) {
      if (k + 1 != n) must = false;
      break;
    }
  }
  if (mssa__mr_isnomodref(r)) return MSSA__MR_NOMODREF;
  return must ? mssa__mr_setmust(r) : mssa__mr_clearmust(r);
}

unsigned mssa__call_call_modref(mssa_aa *aa, uint32_t c1, uint32_t c2) {
  MSSA_ASSERT(c1 < aa->f->insts.n && c2 < aa->f->insts.n);
  const mssa_inst *call1 = &aa->f->insts.a[c1], *call2 = &aa->f->insts.a[c2];
  unsigned result = MSSA__MR_MODREF;
  if (aa->layers & MSSA_AA_BASIC) {
    /* A guard only reads (all memory); what the other call writes is all it
    ** can conflict with. */
    if (intr_of(aa, call1) == MSSA_INTR_EXPERIMENTAL_GUARD)
      result &= mssa__mr_ismod(mssa__modref_behavior(aa, call2)) ? MSSA__MR_REF : MSSA__MR_NOMODREF;
    else if (intr_of(aa, call2) == MSSA_INTR_EXPERIMENTAL_GUARD)
      result &= mssa__mr_ismod(mssa__modref_behavior(aa, call1)) ? MSSA__MR_MOD : MSSA__MR_NOMODREF;
    if (mssa__mr_isnomodref(result)) return MSSA__MR_NOMODREF;
  }
  if (mssa__tags_no_alias(aa, mssa__inst_tags(call1), mssa__inst_tags(call2))) return MSSA__MR_NOMODREF;
  unsigned b1 = mssa__modref_behavior(aa, call1);
  if (b1 == MSSA__FMRB_NONE) return MSSA__MR_NOMODREF;
  unsigned b2 = mssa__modref_behavior(aa, call2);
  if (b2 == MSSA__FMRB_NONE) return MSSA__MR_NOMODREF;
  if (mssa__fmrb_only_reads(b1) && mssa__fmrb_only_reads(b2)) return MSSA__MR_NOMODREF;
  if (mssa__fmrb_only_reads(b1)) result = mssa__mr_clearmod(result);
  else if (mssa__fmrb_only_writes(b1)) result = mssa__mr_clearref(result);

  if (mssa__fmrb_only_arg(b2)) {
    if (!mssa__fmrb_access_arg(b2)) return MSSA__MR_NOMODREF;
    return modref_by_args(aa, c1, c2, true, result);
  }
  if (mssa__fmrb_only_arg(b1)) {
    if (!mssa__fmrb_access_arg(b1)) return MSSA__MR_NOMODREF;
    return modref_by_args(aa, c1, c2, false, result);
  }
  return result;
}
