/*
** memloc.c -- pointer values as alias analysis sees them: the operator view
** of instructions and constant expressions, cast stripping, underlying
** objects, identified objects, object sizes, GEP decomposition into
** base + constant offset + scaled variable indices, and the small part of
** ValueTracking (known bits, non-zero, non-equal) that BasicAA consults.
**
** Invariants:
**   1. Every walk is bounded: getUnderlyingObject by its MaxLookup (6 for
**      BasicAA), cast stripping by a visited check, GEP decomposition by 6
**      steps, linear expressions and known bits by depth 6 -- LLVM 14's limits.
**   2. "Don't know" answers are always the conservative ones: unknown size,
**      not identified, no known bits, not known non-zero.
**   3. Offsets are 64-bit two's complement (alias_internal.h invariant 3); a GEP with
**      more variable indices than mssa__decomp holds is marked `overflow` and
**      callers treat it as undecomposable (MayAlias), never as NoAlias.
**
** Pure C11; no libuv, no jansson.
*/
#include <string.h>

#include "alias/alias_internal.h"

static bool is_call_op(unsigned op) {
  return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR;
}

/* Name of the direct callee, or "". */
static const char *callee_name(const mssa_aa *aa, const mssa_inst *i) {
  uint32_t c = mssa__direct_callee(aa, i);
  if (c == MSSA_NONE) return "";
  return mssa_str(aa->m, aa->m->funcs.a[c].name);
}

static bool name_is(const char *n, const char *prefix) {
  size_t k = strlen(prefix);
  return strncmp(n, prefix, k) == 0 && (n[k] == 0 || n[k] == '.');
}

mssa_val mssa__returned_arg(const mssa_aa *aa, const mssa_inst *i, bool for_aa_strip) {
  uint32_t n = mssa_call_nargs(i);
  const mssa_val *ops = mssa_inst_ops(aa->f, i);
  for (uint32_t a = 0; a < n; a++)
    if (mssa__call_param_attrs(aa, i, a) & MSSA_A_RETURNED) return ops[1 + a];
  if (n == 0) return MSSA_VAL_NONE;
  unsigned in = mssa__intrinsic(aa, i);
  if (in == MSSA_INTR_LAUNDER_INVARIANT_GROUP || in == MSSA_INTR_STRIP_INVARIANT_GROUP) return ops[1];
  if (in == MSSA_INTR_OTHER && !for_aa_strip) {
    const char *nm = callee_name(aa, i);
    if (name_is(nm, "llvm.aarch64.irg") || name_is(nm, "llvm.aarch64.tagp")) return ops[1];
    /* isIntrinsicReturningPointerAliasingArgumentWithoutCapturing: the
    ** thread's copy of a thread-local global is that global's underlying
    ** object (measured: opt-19 and opt-22; LLVM 14 has no such intrinsic).
    ** LLVM excludes presplit coroutines, whose thread may change at a
    ** suspend point; the reader keeps no presplitcoroutine attribute. */
    if (mssa__current(aa) && name_is(nm, "llvm.threadlocal.address")) return ops[1];
  }
  return MSSA_VAL_NONE;
}

bool mssa__is_noalias_call(const mssa_aa *aa, mssa_val v) {
  const mssa_inst *i = mssa__inst(aa, v);
  if (!i || !is_call_op(i->opcode)) return false;
  return (mssa__call_ret_attrs(aa, i) & MSSA_A_NOALIAS) != 0;
}

static bool is_noalias_or_byval_arg(const mssa_aa *aa, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_ARG) return false;
  uint32_t a = aa->f->args[MSSA_VAL_INDEX(v)].attrs;
  return (a & (MSSA_A_NOALIAS | MSSA_A_BYVAL)) != 0;
}

bool mssa__is_identified_object(const mssa_aa *aa, mssa_val v) {
  const mssa_inst *i = mssa__inst(aa, v);
  if (i && i->opcode == MSSA_OP_ALLOCA) return true;
  if (MSSA_VAL_KIND(v) == MSSA_VK_FUNC) return true;
  if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) return !aa->m->globals.a[MSSA_VAL_INDEX(v)].is_alias;
  if (mssa__is_noalias_call(aa, v)) return true;
  return is_noalias_or_byval_arg(aa, v);
}

bool mssa__is_identified_function_local(const mssa_aa *aa, mssa_val v) {
  const mssa_inst *i = mssa__inst(aa, v);
  if (i && i->opcode == MSSA_OP_ALLOCA) return true;
  return mssa__is_noalias_call(aa, v) || is_noalias_or_byval_arg(aa, v);
}

/* CallBase::hasArgumentWithAdditionalReturnCaptureComponents: a pointer
** argument that may reach the result in more ways than it escapes. */
static bool returns_captured_arg(const mssa_aa *aa, const mssa_inst *call) {
  uint32_t n = mssa_call_nargs(call);
  for (uint32_t k = 0; k < n; k++) {
    if (!mssa__is_ptr(aa, mssa_inst_ops(aa->f, call)[1 + k])) continue;
    unsigned caps = mssa__call_param_caps(aa, call, k);
    if ((caps >> 4) & ~caps & 0xfu) return true;
  }
  return false;
}

/* BasicAA's isEscapeSource: calls, loads, inttoptr. From LLVM 18 also
** inttoptr constant expressions (MSSA__LLVM_NO_CONST_RULE); from LLVM 21
** also extractvalue and extractelement, but not a call that may return an
** argument it does not otherwise capture (`captures(ret: ...)`), nor an
** intrinsic returning its argument. */
bool mssa__is_escape_source(const mssa_aa *aa, mssa_val v) {
  bool comps = mssa__llvm(aa) >= MSSA__LLVM_CAPTURE_COMPONENTS;
  mssa__op op;
  if (mssa__llvm(aa) >= MSSA__LLVM_NO_CONST_RULE && MSSA_VAL_KIND(v) == MSSA_VK_CONST && mssa__operator(aa, v, &op))
    return op.opcode == MSSA_OP_INTTOPTR;
  const mssa_inst *i = mssa__inst(aa, v);
  if (!i) return false;
  if (comps && is_call_op(i->opcode)) {
    unsigned in = mssa__intrinsic(aa, i);
    return in != MSSA_INTR_LAUNDER_INVARIANT_GROUP && in != MSSA_INTR_STRIP_INVARIANT_GROUP &&
           !returns_captured_arg(aa, i);
  }
  if (comps && (i->opcode == MSSA_OP_EXTRACTVALUE || i->opcode == MSSA_OP_EXTRACTELEMENT)) return true;
  return is_call_op(i->opcode) || i->opcode == MSSA_OP_LOAD || i->opcode == MSSA_OP_INTTOPTR;
}

/* ------------------------------------------------------------ global aliases */

/*
** The IR keeps no linkage, but an alias with interposable linkage (weak,
** linkonce, common, extern_weak) must not be looked through, and an ifunc
** is no alias at all. The definition line `@name = ... alias|ifunc ...` is
** read from the module text once per context and remembered in aa->galias.
*/
static int alias_kind(const mssa_aa *aa, uint32_t gi) {
  if (aa->galias && aa->galias[gi] != MSSA__GALIAS_UNKNOWN) return aa->galias[gi];
  const mssa_module *m = aa->m;
  int kind = MSSA__GALIAS_OPAQUE;
  const char *nm = mssa_str(m, m->globals.a[gi].name);
  size_t nl = strlen(nm);
  const char *t = m->text;
  if (t && nl) {
    for (const char *q = t; (q = strstr(q, nm)) != NULL; q++) {
      bool quoted = q >= t + 2 && q[-1] == '"' && q[-2] == '@';
      bool plain = q >= t + 1 && q[-1] == '@';
      if (!quoted && !plain) continue;
      const char *start = q - (quoted ? 2 : 1);
      if (start != t && start[-1] != '\n') continue;
      const char *r = q + nl + (quoted ? 1 : 0);
      if (r[0] != ' ' || r[1] != '=') continue;
      /* scan the keywords up to "alias" / "ifunc" */
      const char *e = strchr(r, '\n');
      if (!e) e = r + strlen(r);
      bool interp = false;
      kind = MSSA__GALIAS_OPAQUE;
      for (const char *w = r + 2; w < e;) {
        while (w < e && *w == ' ') w++;
        const char *we = w;
        while (we < e && *we != ' ') we++;
        size_t wl = (size_t)(we - w);
#define KW(s) (wl == sizeof(s) - 1 && !memcmp(w, s, wl))
        if (KW("weak") || KW("linkonce") || KW("common") || KW("extern_weak")) interp = true;
        if (KW("alias")) { kind = interp ? MSSA__GALIAS_OPAQUE : MSSA__GALIAS_THROUGH; break; }
        if (KW("ifunc")) { kind = MSSA__GALIAS_OPAQUE; break; }
#undef KW
        w = we;
      }
      break;
    }
  }
  if (aa->galias) aa->galias[gi] = (uint8_t)kind;
  return kind;
}

mssa_val mssa__alias_target(const mssa_aa *aa, uint32_t gi) {
  const mssa_global *g = &aa->m->globals.a[gi];
  if (!g->is_alias || g->init == MSSA_VAL_NONE) return MSSA_VAL_NONE;
  return alias_kind(aa, gi) == MSSA__GALIAS_THROUGH ? g->init : MSSA_VAL_NONE;
}

/* ------------------------------------------------------------ stripping */

static bool gep_all_zero(const mssa_aa *aa, const mssa__op *op) {
  for (uint32_t k = 1; k < op->nops; k++) {
    int64_t c; unsigned b;
    if (!mssa__const_int(aa, op->ops[k], &c, &b) || c != 0) {
      /* zeroinitializer vectors etc. are not handled: not all-zero */
      return false;
    }
  }
  return true;
}

mssa_val mssa__strip_casts_aa(const mssa_aa *aa, mssa_val v) {
  v = mssa__viewed(aa, v);
  if (!mssa__is_ptr(aa, v)) return v;
  /* LLVM keeps a visited set against cycles in unreachable code; a step
  ** bound that is far above any real chain gives the same answers. */
  mssa_val seen[64];
  unsigned nseen = 0;
  seen[nseen++] = v;
  for (;;) {
    mssa__op op;
    mssa_val nv = v;
    if (mssa__operator(aa, v, &op)) {
      if (op.opcode == MSSA_OP_GEP) {
        if (!gep_all_zero(aa, &op)) return v;
        nv = op.ops[0];
      } else if (op.opcode == MSSA_OP_BITCAST) {
        nv = op.ops[0];
        if (!mssa__is_ptr(aa, nv)) return nv;
      } else if (op.opcode == MSSA_OP_ADDRSPACECAST) {
        nv = op.ops[0];
      } else if (op.opcode == MSSA_OP_PHI && op.is_inst && op.nops == 2) {
        nv = op.ops[0];
      } else if (op.is_inst && is_call_op(op.opcode)) {
        mssa_val r = mssa__returned_arg(aa, &aa->f->insts.a[op.inst], true);
        if (r == MSSA_VAL_NONE) return v;
        nv = r;
      } else {
        return v;
      }
    } else {
      return v;
    }
    nv = mssa__viewed(aa, nv);
    for (unsigned k = 0; k < nseen; k++)
      if (seen[k] == nv) return nv;
    if (nseen == 64) return nv;
    seen[nseen++] = nv;
    v = nv;
  }
}

static mssa_val underlying_object(const mssa_aa *aa, mssa_val v, unsigned max_lookup) {
  if (!mssa__is_ptr(aa, v)) return v;
  for (unsigned count = 0; max_lookup == 0 || count < max_lookup; ++count) {
    v = mssa__viewed(aa, v);
    mssa__op op;
    if (mssa__operator(aa, v, &op)) {
      if (op.opcode == MSSA_OP_GEP) { v = op.ops[0]; continue; }
      if (op.opcode == MSSA_OP_BITCAST || op.opcode == MSSA_OP_ADDRSPACECAST) {
        v = op.ops[0];
        if (!mssa__is_ptr(aa, v)) return v;
        continue;
      }
      if (op.is_inst && op.opcode == MSSA_OP_PHI) {
        if (op.nops == 2) { v = op.ops[0]; continue; }
        return v;
      }
      if (op.is_inst && is_call_op(op.opcode)) {
        mssa_val r = mssa__returned_arg(aa, &aa->f->insts.a[op.inst], false);
        if (r != MSSA_VAL_NONE) { v = r; continue; }
      }
      return v;
    }
    if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) {
      /* a GlobalAlias that is not interposable is looked through */
      mssa_val t = mssa__alias_target(aa, MSSA_VAL_INDEX(v));
      if (t != MSSA_VAL_NONE) { v = t; continue; }
    }
    return v;
  }
  return v;
}

/* getUnderlyingObject; an instruction's answer with BasicAA's depth is
** asked once per context (alias_internal.h invariant 4): walks ask it of
** the same pointers again and again. */
mssa_val mssa__underlying_object(const mssa_aa *aa, mssa_val v, unsigned max_lookup) {
  if (max_lookup != MSSA__MAX_LOOKUP || MSSA_VAL_KIND(v) != MSSA_VK_INST ||
      MSSA_VAL_INDEX(v) >= aa->uobj_n)
    return underlying_object(aa, v, max_lookup);
  mssa_val *c = &aa->uobj[MSSA_VAL_INDEX(v)];
  if (*c == MSSA_VAL_NONE) *c = underlying_object(aa, v, max_lookup);
  return *c;
}

/* ------------------------------------------------------------ sizes */

static uint64_t align_up(uint64_t s, uint64_t a) { return a > 1 ? (s + a - 1) / a * a : s; }

bool mssa__is_static_alloca(const mssa_aa *aa, uint32_t inst) {
  const mssa_inst *i = &aa->f->insts.a[inst];
  if (i->opcode != MSSA_OP_ALLOCA) return false;
  if (i->nops) {
    int64_t c; unsigned b;
    if (!mssa__const_int(aa, mssa_inst_ops(aa->f, i)[0], &c, &b)) return false;
  }
  return i->block == aa->f->entry;
}

static bool alloca_is_array(const mssa_aa *aa, const mssa_inst *i) {
  if (!i->nops) return false;
  int64_t c; unsigned b;
  if (!mssa__const_int(aa, mssa_inst_ops(aa->f, i)[0], &c, &b)) return true;
  return c != 1;
}

static bool type_sized(const mssa_aa *aa, uint32_t t, uint64_t *alloc, uint64_t *store) {
  if (t == MSSA_NONE || t >= aa->m->types.n) return false;
  const mssa_type *ty = &aa->m->types.a[t];
  if (!(ty->flags & MSSA_TF_SIZED) || (ty->flags & MSSA_TF_SCALABLE)) return false;
  if (alloc) *alloc = ty->size;
  if (store) *store = ty->store_size;
  return true;
}

/* allocsize-style knowledge of allocation functions (MemoryBuiltins). */
static bool alloc_fn_size(const mssa_aa *aa, const mssa_inst *i, uint64_t *size) {
  int lf = mssa__libfunc(aa, mssa__direct_callee(aa, i));
  if (!lf) return false;
  const char *nm = callee_name(aa, i);
  const mssa_val *ops = mssa_inst_ops(aa->f, i);
  uint32_t n = mssa_call_nargs(i);
  int64_t a, b; unsigned w;
  if (!strcmp(nm, "malloc") || !strcmp(nm, "valloc") || !strcmp(nm, "_Znwm") ||
      !strcmp(nm, "_Znam") || !strcmp(nm, "_Znwj") || !strcmp(nm, "_Znaj")) {
    if (n < 1 || !mssa__const_int(aa, ops[1], &a, &w)) return false;
    *size = mssa__zext_bits((uint64_t)a, w);
    return true;
  }
  if (!strcmp(nm, "calloc")) {
    if (n < 2 || !mssa__const_int(aa, ops[1], &a, &w)) return false;
    uint64_t x = mssa__zext_bits((uint64_t)a, w);
    if (!mssa__const_int(aa, ops[2], &b, &w)) return false;
    uint64_t y = mssa__zext_bits((uint64_t)b, w);
    if (y && x > UINT64_MAX / y) return false;
    *size = x * y;
    return true;
  }
  if (!strcmp(nm, "aligned_alloc")) {
    if (n < 2 || !mssa__const_int(aa, ops[2], &a, &w)) return false;
    *size = mssa__zext_bits((uint64_t)a, w);
    return true;
  }
  return false;
}

bool mssa__object_size(const mssa_aa *aa, mssa_val obj, bool round_to_align, uint64_t *size) {
  const mssa_inst *i = mssa__inst(aa, obj);
  if (i && i->opcode == MSSA_OP_ALLOCA) {
    uint64_t s;
    if (!type_sized(aa, i->aux, &s, NULL)) return false;
    if (alloca_is_array(aa, i)) {
      int64_t c; unsigned w;
      if (!mssa__const_int(aa, mssa_inst_ops(aa->f, i)[0], &c, &w)) return false;
      uint64_t n = mssa__zext_bits((uint64_t)c, w);
      if (n && s > UINT64_MAX / n) return false;
      s *= n;
    }
    *size = round_to_align ? align_up(s, i->align) : s;
    return true;
  }
  if (i && is_call_op(i->opcode)) {
    if (i->opcode == MSSA_OP_CALLBR) return false;
    return alloc_fn_size(aa, i, size);
  }
  if (MSSA_VAL_KIND(obj) == MSSA_VK_ARG) {
    const mssa_arg *a = &aa->f->args[MSSA_VAL_INDEX(obj)];
    if (!(a->attrs & MSSA_A_BYVAL)) return false;
    const mssa_type *pt = &aa->m->types.a[a->type];
    uint64_t s;
    if (pt->kind != MSSA_T_PTR || !type_sized(aa, pt->elem, &s, NULL)) return false;
    /* ObjectSizeOffsetVisitor::visitArgument rounds to the parameter's
    ** alignment when asked to (isObjectSmallerThan does). */
    *size = round_to_align && a->align ? align_up(s, a->align) : s;
    return true;
  }
  if (MSSA_VAL_KIND(obj) == MSSA_VK_GLOBAL) {
    const mssa_global *g = &aa->m->globals.a[MSSA_VAL_INDEX(obj)];
    if (g->is_alias || g->is_decl || g->init == MSSA_VAL_NONE) return false;
    uint64_t s;
    if (!type_sized(aa, g->type, &s, NULL)) return false;
    *size = round_to_align ? align_up(s, g->align) : s;
    return true;
  }
  return false;
}

uint64_t mssa__deref_bytes(const mssa_aa *aa, mssa_val v, bool *can_be_null) {
  *can_be_null = true;
  if (MSSA_VAL_KIND(v) == MSSA_VK_ARG) {
    const mssa_arg *a = &aa->f->args[MSSA_VAL_INDEX(v)];
    if (a->attrs & MSSA_A_BYVAL) {
      const mssa_type *pt = &aa->m->types.a[a->type];
      uint64_t s;
      if (pt->kind == MSSA_T_PTR && type_sized(aa, pt->elem, NULL, &s)) { *can_be_null = false; return s; }
      return 0;
    }
    if (a->deref) {
      *can_be_null = (a->attrs & MSSA_A_DEREFERENCEABLE) == 0;
      return a->deref;
    }
    return 0;
  }
  const mssa_inst *i = mssa__inst(aa, v);
  if (i && i->opcode == MSSA_OP_ALLOCA) {
    uint64_t s;
    if (alloca_is_array(aa, i) || !type_sized(aa, i->aux, NULL, &s)) return 0;
    *can_be_null = false;
    return s;
  }
  if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) {
    const mssa_global *g = &aa->m->globals.a[MSSA_VAL_INDEX(v)];
    uint64_t s;
    if (g->is_alias || !type_sized(aa, g->type, NULL, &s)) return 0;
    *can_be_null = false;
    return s;
  }
  return 0;
}

/* nuw/nsw of an overflowing binary operator. The IR does not keep these
** flags, so they are read from the instruction's text (between the opcode
** and the first operand). */
static void wrap_flags(const mssa_aa *aa, uint32_t inst, bool *nuw, bool *nsw) {
  const mssa_inst *in = &aa->f->insts.a[inst];
  *nuw = *nsw = false;
  if (!in->text_len || !aa->m->text) return;
  const char *tx = aa->m->text + in->text_off;
  uint32_t n = in->text_len;
  for (uint32_t q = 1; q + 3 < n; q++) {
    if (tx[q] == ',') break;
    if (tx[q - 1] != ' ' || tx[q + 3] != ' ' || tx[q] != 'n') continue;
    if (tx[q + 1] == 'u' && tx[q + 2] == 'w') *nuw = true;
    if (tx[q + 1] == 's' && tx[q + 2] == 'w') *nsw = true;
  }
}

/* ------------------------------------------------------------ known bits */

static uint64_t wmask(unsigned bits) { return bits >= 64 ? ~0ull : ((1ull << bits) - 1); }

/* The number of leading bits of a `bits`-bit value that `zero` says are 0. */
static unsigned lz_known(uint64_t zero, unsigned bits) {
  unsigned n = 0;
  while (n < bits && (zero >> (bits - 1 - n)) & 1) n++;
  return n;
}
static unsigned ctz64(uint64_t x) { unsigned n = 0; if (!x) return 64; while (!(x & 1)) { x >>= 1; n++; } return n; }

/* Known bits of a simple recurrence `v = phi(start, v op step)`
** (matchSimpleRecurrence): the trailing zeros both start and step share,
** and for nsw arithmetic the sign both keep. `op` is v's phi; bits the
** width. Adds to *k. */
static void known_bits_recurrence(const mssa_aa *aa, mssa_val v, const mssa__op *op,
                                  unsigned depth, unsigned bits, mssa__known *k) {
  for (unsigned e = 0; e < 2; e++) {
    mssa_val inc = op->ops[2 * e], start = op->ops[2 * (1 - e)];
    mssa__op bo;
    if (!mssa__operator(aa, inc, &bo) || !bo.is_inst || bo.nops != 2) continue;
    unsigned oc = bo.opcode;
    if (oc != MSSA_OP_ADD && oc != MSSA_OP_SUB && oc != MSSA_OP_AND && oc != MSSA_OP_OR &&
        oc != MSSA_OP_MUL)
      continue;
    mssa_val step;
    if (bo.ops[0] == v) step = bo.ops[1];
    else if (bo.ops[1] == v && oc != MSSA_OP_SUB) step = bo.ops[0];
    else continue;
    mssa__known k2, k3;
    mssa__known_bits(aa, start, depth + 1, &k2);
    mssa__known_bits(aa, step, depth + 1, &k3);
    unsigned t2 = ctz64(~k2.zero), t3 = ctz64(~k3.zero);
    unsigned t = t2 < t3 ? t2 : t3;
    if (t > bits) t = bits;
    k->zero |= wmask(t);
    bool nuw, nsw;
    wrap_flags(aa, bo.inst, &nuw, &nsw);
    uint64_t sign = 1ull << (bits - 1);
    bool nn2 = (k2.zero & sign) != 0, nn3 = (k3.zero & sign) != 0;
    bool ng2 = (k2.one & sign) != 0, ng3 = (k3.one & sign) != 0;
    if (nsw) {
      if (oc == MSSA_OP_ADD) {
        if (nn2 && nn3) k->zero |= sign;
        else if (ng2 && ng3) k->one |= sign;
      } else if (oc == MSSA_OP_SUB) {
        if (nn2 && ng3) k->zero |= sign;
        else if (ng2 && nn3) k->one |= sign;
      } else if (oc == MSSA_OP_MUL && nn2 && nn3) {
        k->zero |= sign;
      }
    }
    return;
  }
}

/* The high bits of add `op` of operands with known bits a and b: a sum of
** values below 2^(bits-la) and 2^(bits-lb) is below 2^(bits-min+1), so it
** keeps min(la, lb) - 1 leading zeros (libiberty's md5 indexes a buffer
** by `add nuw nsw (zext x), (zext y)`, which LLVM knows is non-negative);
** with nsw, two non-negative (negative) operands give a non-negative
** (negative) sum, as computeKnownBitsAddSub says. */
static void known_bits_add_high(const mssa_aa *aa, const mssa__op *op, unsigned bits,
                                const mssa__known *a, const mssa__known *b, mssa__known *k) {
  MSSA_ASSERT(bits >= 1 && bits <= 64);
  unsigned la = lz_known(a->zero, bits), lb = lz_known(b->zero, bits);
  unsigned l = la < lb ? la : lb;
  if (l > 1) k->zero |= wmask(bits) & ~wmask(bits - (l - 1));
  if (!op->is_inst) return;
  bool nuw, nsw;
  wrap_flags(aa, op->inst, &nuw, &nsw);
  uint64_t sign = 1ull << (bits - 1);
  if (nsw && (a->zero & sign) && (b->zero & sign)) k->zero |= sign;
  else if (nsw && (a->one & sign) && (b->one & sign)) k->one |= sign;
}

/* Known bits of phi v (operator `op`): a recurrence's, else what all
** incoming values other than v itself agree on. */
static void known_bits_phi(const mssa_aa *aa, mssa_val v, const mssa__op *op, unsigned depth,
                           unsigned bits, mssa__known *k) {
  if (op->is_inst && op->nops == 4) known_bits_recurrence(aa, v, op, depth, bits, k);
  /* LLVM looks at the incoming values with depth MaxDepth-1, i.e. one
  ** more level only, and skips the phi itself */
  const unsigned last = MSSA__MAX_ANALYSIS_DEPTH - 1;
  if (op->is_inst && depth < last && op->nops >= 2 && !k->zero && !k->one) {
    bool first = true;
    for (uint32_t q = 0; q + 1 < op->nops; q += 2) {
      if (op->ops[q] == v) continue;
      mssa__known a;
      mssa__known_bits(aa, op->ops[q], last, &a);
      if (first) { k->zero = a.zero; k->one = a.one; first = false; }
      else { k->zero &= a.zero; k->one &= a.one; }
      if (!k->zero && !k->one) break;
    }
  }
}

/* Known bits of a shift by a constant, an extension or a truncation to
** `bits` bits (nothing known when the shift amount is not a constant). */
static void known_bits_shift_ext(const mssa_aa *aa, const mssa__op *op, unsigned depth,
                                 unsigned bits, mssa__known *k) {
  mssa__known a;
  int64_t c; unsigned w;
  unsigned sb = mssa__int_bits(aa, op->ops[0]);
  switch (op->opcode) {
  case MSSA_OP_SHL:
    if (mssa__const_int(aa, op->ops[1], &c, &w) && c >= 0 && (uint64_t)c < bits) {
      mssa__known_bits(aa, op->ops[0], depth + 1, &a);
      k->one = (a.one << c) & wmask(bits);
      k->zero = ((a.zero << c) | wmask((unsigned)c)) & wmask(bits);
    }
    break;
  case MSSA_OP_LSHR:
    if (mssa__const_int(aa, op->ops[1], &c, &w) && c >= 0 && (uint64_t)c < bits) {
      mssa__known_bits(aa, op->ops[0], depth + 1, &a);
      k->one = a.one >> c;
      k->zero = (a.zero >> c) | (wmask(bits) & ~(wmask(bits) >> c));
    }
    break;
  case MSSA_OP_ZEXT:
    if (sb && sb < bits) {
      mssa__known_bits(aa, op->ops[0], depth + 1, &a);
      k->one = a.one; k->zero = a.zero | (wmask(bits) & ~wmask(sb));
    }
    break;
  case MSSA_OP_SEXT:
    if (sb && sb < bits) {
      mssa__known_bits(aa, op->ops[0], depth + 1, &a);
      uint64_t hi = wmask(bits) & ~wmask(sb);
      k->one = a.one | ((a.one >> (sb - 1)) & 1 ? hi : 0);
      k->zero = a.zero | ((a.zero >> (sb - 1)) & 1 ? hi : 0);
    }
    break;
  case MSSA_OP_TRUNC:
    mssa__known_bits(aa, op->ops[0], depth + 1, &a);
    k->one = a.one & wmask(bits); k->zero = a.zero & wmask(bits);
    break;
  default:
    break;
  }
}

void mssa__known_bits(const mssa_aa *aa, mssa_val v, unsigned depth, mssa__known *k) {
  unsigned bits = mssa__int_bits(aa, v);
  k->zero = k->one = 0; k->bits = bits;
  if (!bits || bits > 64) { k->bits = bits > 64 ? 0 : bits; return; }
  int64_t c; unsigned w;
  if (mssa__const_int(aa, v, &c, &w)) {
    k->one = (uint64_t)c & wmask(bits); k->zero = ~(uint64_t)c & wmask(bits);
    return;
  }
  if (depth >= MSSA__MAX_ANALYSIS_DEPTH) return;
  mssa__op op;
  if (!mssa__operator(aa, v, &op)) return;
  mssa__known a, b;
  switch (op.opcode) {
  case MSSA_OP_AND:
    mssa__known_bits(aa, op.ops[0], depth + 1, &a); mssa__known_bits(aa, op.ops[1], depth + 1, &b);
    k->one = a.one & b.one; k->zero = a.zero | b.zero; break;
  case MSSA_OP_OR:
    mssa__known_bits(aa, op.ops[0], depth + 1, &a); mssa__known_bits(aa, op.ops[1], depth + 1, &b);
    k->one = a.one | b.one; k->zero = a.zero & b.zero; break;
  case MSSA_OP_XOR:
    mssa__known_bits(aa, op.ops[0], depth + 1, &a); mssa__known_bits(aa, op.ops[1], depth + 1, &b);
    k->zero = (a.zero & b.zero) | (a.one & b.one); k->one = (a.zero & b.one) | (a.one & b.zero); break;
  case MSSA_OP_SHL: case MSSA_OP_LSHR: case MSSA_OP_ZEXT: case MSSA_OP_SEXT: case MSSA_OP_TRUNC:
    known_bits_shift_ext(aa, &op, depth, bits, k);
    break;
  case MSSA_OP_MUL: case MSSA_OP_ADD: case MSSA_OP_SUB: {
    /* trailing zeros (enough for GEP scales), and for an add the leading
    ** zeros below: sound, and a subset of what LLVM's carry propagation
    ** (KnownBits::computeForAddSub) finds */
    mssa__known_bits(aa, op.ops[0], depth + 1, &a); mssa__known_bits(aa, op.ops[1], depth + 1, &b);
    unsigned ta = ctz64(~a.zero), tb = ctz64(~b.zero);
    unsigned t = op.opcode == MSSA_OP_MUL ? ta + tb : (ta < tb ? ta : tb);
    if (t > bits) t = bits;
    k->zero = wmask(t);
    if (op.opcode == MSSA_OP_ADD) known_bits_add_high(aa, &op, bits, &a, &b, k);
    break;
  }
  case MSSA_OP_PHI:
    known_bits_phi(aa, v, &op, depth, bits, k);
    break;
  case MSSA_OP_SELECT:
    if (op.nops == 3) {
      mssa__known_bits(aa, op.ops[1], depth + 1, &a); mssa__known_bits(aa, op.ops[2], depth + 1, &b);
      k->zero = a.zero & b.zero; k->one = a.one & b.one;
    }
    break;
  default: break;
  }
  k->zero &= wmask(bits); k->one &= wmask(bits);
}

bool mssa__known_nonzero(const mssa_aa *aa, mssa_val v, unsigned depth) {
  int64_t c; unsigned w;
  if (mssa__const_int(aa, v, &c, &w)) return c != 0;
  if (depth >= MSSA__MAX_ANALYSIS_DEPTH) return false;
  mssa__known k;
  mssa__known_bits(aa, v, depth + 1, &k);
  if (k.one) return true;
  mssa__op op;
  if (!mssa__operator(aa, v, &op)) return false;
  switch (op.opcode) {
  case MSSA_OP_ZEXT: case MSSA_OP_SEXT:
    return op.is_inst && mssa__known_nonzero(aa, op.ops[0], depth + 1);
  case MSSA_OP_OR:
    return mssa__known_nonzero(aa, op.ops[0], depth + 1) || mssa__known_nonzero(aa, op.ops[1], depth + 1);
  case MSSA_OP_SELECT:
    return op.is_inst && mssa__known_nonzero(aa, op.ops[1], depth + 1) && mssa__known_nonzero(aa, op.ops[2], depth + 1);
  case MSSA_OP_ADD: {
    if (!op.is_inst) return false;
    /* both operands non-negative and one non-zero (LLVM 14 looks at no
    ** wrap flags here) */
    mssa__known ka, kb;
    mssa__known_bits(aa, op.ops[0], depth + 1, &ka);
    mssa__known_bits(aa, op.ops[1], depth + 1, &kb);
    if (!ka.bits || ka.bits > 64) return false;
    uint64_t sg = 1ull << (ka.bits - 1);
    if ((ka.zero & sg) && (kb.zero & sg))
      return mssa__known_nonzero(aa, op.ops[0], depth + 1) || mssa__known_nonzero(aa, op.ops[1], depth + 1);
    return false;
  }
  case MSSA_OP_PHI: {
    if (!op.is_inst) return false;
    if (op.nops == 4) {
      /* an induction variable counting up from a positive constant */
      mssa_val start = op.ops[0], ind = op.ops[2];
      int64_t sc; unsigned sw;
      if (mssa__const_int(aa, ind, &sc, &sw) && !mssa__const_int(aa, start, &sc, &sw)) {
        mssa_val t = start; start = ind; ind = t;
      }
      if (mssa__const_int(aa, start, &sc, &sw) && sc > 0) {
        mssa__op io;
        int64_t x;
        if (mssa__operator(aa, ind, &io) && io.is_inst && io.opcode == MSSA_OP_ADD && io.nops == 2 &&
            io.ops[0] == v && mssa__const_int(aa, io.ops[1], &x, &sw) && x >= 0) {
          bool nuw, nsw;
          wrap_flags(aa, io.inst, &nuw, &nsw);
          if (nuw || nsw) return true;
        }
      }
    }
    /* LLVM: NewDepth = max(Depth, MaxDepth - 1) with Depth already
    ** incremented on entry, so a cycle of phis still reaches the limit. */
    unsigned nd = depth + 1 > MSSA__MAX_ANALYSIS_DEPTH - 1 ? depth + 1 : MSSA__MAX_ANALYSIS_DEPTH - 1;
    for (uint32_t q = 0; q + 1 < op.nops; q += 2) {
      if (op.ops[q] == v) continue;
      if (!mssa__known_nonzero(aa, op.ops[q], nd)) return false;
    }
    return op.nops >= 2;
  }
  default: return false;
  }
}

/* ------------------------------------------------------------ linear expressions */

unsigned mssa__casted_width(const mssa_aa *aa, mssa_val v, unsigned zext, unsigned sext, unsigned trunc) {
  return mssa__int_bits(aa, v) - trunc + zext + sext;
}

/* CastedValue::evaluateWith on a constant given at V's width. */
static int64_t cv_eval(int64_t n, unsigned vbits, unsigned zext, unsigned sext, unsigned trunc) {
  unsigned w = vbits;
  uint64_t x = (uint64_t)n;
  if (trunc) { w -= trunc; x = (uint64_t)mssa__sext(x, w); }
  if (sext) { w += sext; x = (uint64_t)mssa__sext(x, w - sext); }
  if (zext) { x = mssa__zext_bits(x, w); w += zext; }
  return mssa__sext(x, w);
}

static void le_init(mssa__linexp *e, mssa_val v, unsigned z, unsigned s, unsigned t) {
  e->v = v; e->zext = (uint8_t)z; e->sext = (uint8_t)s; e->trunc = (uint8_t)t;
  e->scale = 1; e->offset = 0; e->nsw = true; e->nuw = true; e->nneg = false;
}

bool mssa__same_casts(unsigned z1, unsigned s1, unsigned t1, bool nn1,
                      unsigned z2, unsigned s2, unsigned t2, bool nn2) {
  if (z1 == z2 && s1 == s2 && t1 == t2) return true;
  return (nn1 || nn2) && z1 + s1 == z2 + s2 && t1 == t2;
}

void mssa__linear_expression(const mssa_aa *aa, mssa_val v, unsigned zext, unsigned sext,
                             unsigned trunc, bool nneg, unsigned depth, mssa__linexp *out) {
  /* LLVM recurses only into operand 0 (and through casts), so this is a
  ** loop over a chain, with the arithmetic applied on the way back out.
  ** We record the chain of steps and replay it in reverse. */
  struct step { unsigned opcode; int64_t rhs; bool nsw, nuw; } steps[8];
  bool current = mssa__current(aa);
  bool read_nneg = mssa__llvm(aa) >= MSSA__LLVM_ZEXT_NNEG;
  unsigned nsteps = 0;
  unsigned z = zext, s = sext, t = trunc;
  /* CastedValue's IsNonNegative: set by a zext nneg that extends past the
  ** truncation, kept through sexts, through a shl only when nsw, dropped
  ** by every other step (withValue's PreserveNonNeg) */
  bool nn = nneg;
  for (;;) {
    unsigned vb = mssa__int_bits(aa, v);
    unsigned width = vb - t + z + s;
    if (depth == MSSA__MAX_ANALYSIS_DEPTH || !vb || vb > 64 || width > 64) {
      le_init(out, v, z, s, t);
      break;
    }
    int64_t c; unsigned w;
    if (mssa__const_int(aa, v, &c, &w)) {
      le_init(out, v, z, s, t);
      out->scale = 0; out->offset = cv_eval(c, vb, z, s, t); out->nsw = true;
      break;
    }
    mssa__op op;
    if (!mssa__operator(aa, v, &op)) { le_init(out, v, z, s, t); break; }
    bool binop = op.is_inst && op.opcode >= MSSA_OP_ADD && op.opcode <= MSSA_OP_XOR && op.nops == 2;
    if (binop && mssa__const_int(aa, op.ops[1], &c, &w)) {
      int64_t rhs = cv_eval(c, vb, z, s, t);
      bool nuw = true, nsw = true;
      /* overflowing binary operators carry nuw/nsw; the IR keeps them in
      ** the instruction text only, so read them from there */
      if (op.opcode == MSSA_OP_ADD || op.opcode == MSSA_OP_SUB || op.opcode == MSSA_OP_MUL ||
          op.opcode == MSSA_OP_SHL) {
        nuw = nsw = false;
        if (op.is_inst) wrap_flags(aa, op.inst, &nuw, &nsw);
      }
      if ((z && !nuw) || (s && !nsw)) { le_init(out, v, z, s, t); break; }
      if (t) nuw = nsw = false;
      unsigned opc = op.opcode;
      if (opc == MSSA_OP_OR) {
        mssa__known k;
        mssa__known_bits(aa, op.ops[0], 0, &k);
        uint64_t rc = (uint64_t)c & wmask(vb);
        if ((k.zero & rc) != rc) { le_init(out, v, z, s, t); break; }
        opc = MSSA_OP_ADD;
      } else if (opc == MSSA_OP_SHL) {
        if ((uint64_t)rhs > width) { le_init(out, v, z, s, t); break; }
      } else if (opc != MSSA_OP_ADD && opc != MSSA_OP_SUB && opc != MSSA_OP_MUL) {
        le_init(out, v, z, s, t); break;
      }
      if (nsteps == 8) { le_init(out, v, z, s, t); break; }
      nn = nn && opc == MSSA_OP_SHL && nsw;
      MSSA_ASSERT(depth < MSSA__MAX_ANALYSIS_DEPTH);   /* invariant 1 */
      steps[nsteps].opcode = opc; steps[nsteps].rhs = rhs; steps[nsteps].nsw = nsw;
      steps[nsteps].nuw = nuw; nsteps++;
      v = op.ops[0]; depth++;
      continue;
    }
    if (op.opcode == MSSA_OP_ZEXT && op.is_inst) {
      unsigned nb = mssa__int_bits(aa, op.ops[0]);
      unsigned ext = vb - nb;
      if (ext <= t) { t -= ext; }
      else { ext -= t; z = z + s + ext; s = 0; t = 0; nn = read_nneg && (op.opflags & MSSA_OF_NNEG); }
      v = op.ops[0]; depth++;
      continue;
    }
    if (op.opcode == MSSA_OP_SEXT && op.is_inst) {
      unsigned nb = mssa__int_bits(aa, op.ops[0]);
      unsigned ext = vb - nb;
      if (ext <= t) { t -= ext; }
      else { ext -= t; s += ext; t = 0; }
      v = op.ops[0]; depth++;
      continue;
    }
    le_init(out, v, z, s, t);
    break;
  }
  out->nneg = nn;
  /* replay the arithmetic, innermost first */
  unsigned width = mssa__int_bits(aa, out->v) - out->trunc + out->zext + out->sext;
  while (nsteps) {
    struct step *st = &steps[--nsteps];
    switch (st->opcode) {
    case MSSA_OP_ADD:
      out->offset = mssa__sext((uint64_t)out->offset + (uint64_t)st->rhs, width);
      out->nsw &= st->nsw; out->nuw &= st->nuw; break;
    case MSSA_OP_SUB:   /* current LLVM: sub nsw/nuw imply neither for the sum */
      out->offset = mssa__sext((uint64_t)out->offset - (uint64_t)st->rhs, width);
      out->nsw = current ? false : out->nsw && st->nsw;
      out->nuw = false; break;
    case MSSA_OP_MUL: {
      bool nsw = out->nsw && (st->rhs == 1 || (st->nsw && out->offset == 0));
      out->nuw = out->nuw && (st->rhs == 1 || st->nuw);
      out->scale = mssa__sext((uint64_t)out->scale * (uint64_t)st->rhs, width);
      out->offset = mssa__sext((uint64_t)out->offset * (uint64_t)st->rhs, width);
      out->nsw = nsw; break;
    }
    case MSSA_OP_SHL: {
      unsigned sh = (unsigned)st->rhs;
      out->offset = sh >= 64 ? 0 : mssa__sext((uint64_t)out->offset << sh, width);
      out->scale = sh >= 64 ? 0 : mssa__sext((uint64_t)out->scale << sh, width);
      out->nsw &= st->nsw; out->nuw &= st->nuw; break;
    }
    default: break;
    }
  }
}

/* ------------------------------------------------------------ GEP decomposition */

static bool same_casts(const mssa__varidx *a, const mssa__linexp *b) {
  return mssa__same_casts(a->zext, a->sext, a->trunc, a->nneg, b->zext, b->sext, b->trunc, b->nneg);
}

void mssa__decompose_gep(mssa_aa *aa, mssa_val v, mssa__decomp *d) {
  const mssa_module *m = aa->m;
  unsigned max_lookup = MSSA__MAX_LOOKUP;
  uint32_t cxt = MSSA_VAL_KIND(v) == MSSA_VK_INST ? MSSA_VAL_INDEX(v) : MSSA_NONE;
  unsigned index_size = m->dl.ptr_size ? m->dl.ptr_size * 8 : 64;
  if (index_size > 64) index_size = 64;
  d->offset = 0; d->nvar = 0; d->inbounds = -1; d->overflow = false;
  d->nuw = mssa__llvm(aa) >= MSSA__LLVM_GEP_NUW;
  do {
    v = mssa__viewed(aa, v);
    mssa__op op;
    if (!mssa__operator(aa, v, &op)) {
      if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) {
        mssa_val t = mssa__alias_target(aa, MSSA_VAL_INDEX(v));
        if (t != MSSA_VAL_NONE) { v = t; continue; }
      }
      d->base = v;
      return;
    }
    if (op.opcode == MSSA_OP_BITCAST || op.opcode == MSSA_OP_ADDRSPACECAST) { v = op.ops[0]; continue; }
    if (op.opcode != MSSA_OP_GEP) {
      if (op.is_inst && op.opcode == MSSA_OP_PHI) {
        if (op.nops == 2) { v = op.ops[0]; continue; }
      } else if (op.is_inst && is_call_op(op.opcode)) {
        mssa_val r = mssa__returned_arg(aa, &aa->f->insts.a[op.inst], false);
        if (r != MSSA_VAL_NONE) { v = r; continue; }
      }
      d->base = v;
      return;
    }
    bool inb = (op.flags & MSSA_IF_INBOUNDS) != 0, gep_nuw = (op.opflags & MSSA_OF_NUW) != 0;
    if (!gep_nuw) d->nuw = false;
    if (d->inbounds < 0) d->inbounds = inb;
    else if (!inb) d->inbounds = 0;
    uint32_t ty = op.aux;
    if (ty == MSSA_NONE || ty >= m->types.n || (m->types.a[ty].flags & MSSA_TF_SCALABLE)) { d->base = v; return; }
    bool const_off = true;
    uint32_t cur = ty;       /* the indexed type for the next index */
    for (uint32_t k = 1; k < op.nops; k++) {
      mssa_val idx = op.ops[k];
      const mssa_type *ct = k == 1 ? NULL : &m->types.a[cur];
      uint64_t esize;
      uint32_t next;
      if (ct && ct->kind == MSSA_T_STRUCT) {
        int64_t fno; unsigned w;
        if (!mssa__const_int(aa, idx, &fno, &w) || fno < 0 || (uint64_t)fno >= ct->nfields) {
          d->overflow = true; d->base = v; return;
        }
        next = m->tlist.a[ct->fields + fno];
        if (fno) d->offset = (int64_t)((uint64_t)d->offset + m->toffs.a[ct->offsets + fno]);
        cur = next;
        continue;
      }
      if (k == 1) { next = ty; }
      else if (ct && (ct->kind == MSSA_T_ARRAY || ct->kind == MSSA_T_VECTOR)) next = ct->elem;
      else { d->overflow = true; d->base = v; return; }
      if (!type_sized(aa, next, &esize, NULL)) { d->overflow = true; d->base = v; return; }
      cur = next;
      int64_t ci; unsigned w;
      if (mssa__const_int(aa, idx, &ci, &w)) {
        if (ci == 0) continue;
        d->offset = (int64_t)((uint64_t)d->offset + esize * (uint64_t)ci);
        continue;
      }
      unsigned width = mssa__int_bits(aa, idx);
      if (!width || width > 64) { d->overflow = true; d->base = v; return; }
      const_off = false;
      unsigned sext = index_size > width ? index_size - width : 0;
      unsigned trunc = index_size < width ? width - index_size : 0;
      mssa__linexp le;
      /* LLVM 20+: a nusw (or inbounds) nuw GEP's index is non-negative */
      bool nonneg = mssa__llvm(aa) >= MSSA__LLVM_GEP_NUW && gep_nuw &&
                    (inb || (op.opflags & MSSA_OF_NUSW));
      mssa__linear_expression(aa, idx, 0, sext, trunc, nonneg, 0, &le);
      /* LE.mul(TypeSize, nuw, inbounds) at index width */
      {
        bool nsw = le.nsw && (esize == 1 || (inb && le.offset == 0));
        if (!le.nuw || (esize != 1 && !gep_nuw)) d->nuw = false;
        le.scale = mssa__sext((uint64_t)le.scale * esize, index_size);
        le.offset = mssa__sext((uint64_t)le.offset * esize, index_size);
        le.nsw = nsw;
      }
      d->offset = (int64_t)((uint64_t)d->offset + (uint64_t)le.offset);
      int64_t scale = le.scale;
      for (uint32_t q = 0; q < d->nvar; q++) {
        if (d->var[q].v == le.v && same_casts(&d->var[q], &le)) {
          scale = (int64_t)((uint64_t)scale + (uint64_t)d->var[q].scale);
          /* Current LLVM: the sum of two scaled occurrences may wrap even
          ** where each did not, so the merged index has no nsw (and the
          ** GCD rule then keeps only the scale's lowest set bit). */
          if (mssa__current(aa)) le.nsw = false;
          memmove(&d->var[q], &d->var[q + 1], (d->nvar - q - 1) * sizeof d->var[0]);
          d->nvar--;
          break;
        }
      }
      scale = mssa__sext((uint64_t)scale, index_size);
      if (scale) {
        if (d->nvar == MSSA__MAX_GEP_VARS) { d->overflow = true; d->base = v; return; }
        MSSA_ASSERT(d->nvar < MSSA__MAX_GEP_VARS);   /* invariant 3 */
        mssa__varidx *e = &d->var[d->nvar++];
        e->v = le.v; e->zext = le.zext; e->sext = le.sext; e->trunc = le.trunc;
        e->scale = scale; e->cxt = cxt; e->nsw = le.nsw; e->nneg = le.nneg;
      }
    }
    if (const_off) d->offset = mssa__sext((uint64_t)d->offset, index_size);
    v = op.ops[0];
  } while (--max_lookup);
  d->base = mssa__viewed(aa, v);
}
