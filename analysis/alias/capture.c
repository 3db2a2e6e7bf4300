/*
** capture.c -- escape tracking for function-local objects, as LLVM's
** PointerMayBeCaptured (SimpleCaptureTracker) and isNonEscapingLocalObject
** (SimpleCaptureAnalysis in current LLVM) compute it for BasicAA: LLVM 14's
** rules, and current LLVM's beside them where they differ.
**
** Invariants:
**   1. Use lists are built once per context from the operand lists of live
**      instructions (metadata operands are not uses, as in LLVM); they are
**      dropped by mssa_aa_invalidate.
**   2. Use budget (LLVM's -capture-tracking-max-uses-to-explore): LLVM 14
**      calls a value with more than MSSA_CAPTURE_MAX_USES (20) uses
**      captured, counted over all its uses, for each value followed;
**      current LLVM calls the object captured once the traversal has
**      visited MSSA_CAPTURE_MAX_USES_CURRENT (100) distinct uses, checked
**      before each use it reaches (a revisit too).
**   3. The traversal is an explicit worklist over uses with a visited mark
**      per use, so its cost is linear in the uses reached and no recursion
**      depth depends on the input.
**   4. Operand-bundle operands (absent from the IR's operand lists) capture:
**      they are recovered from the call's text (mark_bundle_operands).
**   5. The answer for each object is cached in aa->escape (flow-insensitive,
**      as SimpleCaptureInfo: stores of the pointer capture it, returns do
**      not for isNonEscapingLocalObject): the capture components found
**      (none, or all of them before LLVM 21).
**   6. Current LLVM (15+) drops LLVM 14's exceptions for an inbounds GEP
**      compared with null and for a comparison with a value loaded from a
**      global, and counts a vector GEP as a capture; LLVM 21+ classifies
**      uses by capture components (LLVM_CAPTURE_COMPONENTS).
**
** Pure C11; no libuv, no jansson.
*/
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_internal.h"


static uint32_t slot_of(const mssa_aa *aa, mssa_val v) {
  if (MSSA_VAL_KIND(v) == MSSA_VK_INST) return MSSA_VAL_INDEX(v);
  if (MSSA_VAL_KIND(v) == MSSA_VK_ARG) return aa->f->insts.n + MSSA_VAL_INDEX(v);
  return MSSA_NONE;
}

/* Values named by %NAME or %N in [a, b) of the module text. */
static uint32_t slot_by_name(const mssa_aa *aa, const char *nm, size_t len) {
  const mssa_func *f = aa->f;
  bool num = len > 0;
  uint32_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (nm[i] < '0' || nm[i] > '9') { num = false; break; }
    v = v * 10 + (uint32_t)(nm[i] - '0');
  }
  uint32_t id = num ? MSSA_NONE : mssa_strtab_find(&aa->m->strs, nm, len);
  if (!num && id == MSSA_NONE) return MSSA_NONE;
  for (uint32_t a = 0; a < f->nargs; a++)
    if (num ? f->args[a].slot == v : f->args[a].name == id) return f->insts.n + a;
  for (uint32_t i = 0; i < f->insts.n; i++)
    if (num ? f->insts.a[i].slot == v : f->insts.a[i].name == id) return i;
  return MSSA_NONE;
}

/*
** Operand-bundle operands are uses in LLVM (and capture a pointer unless
** the bundle is "deopt"), but the IR does not keep them. So that escape
** answers stay sound, values named inside a call's bundle list are read
** from the instruction's text and marked in aa->bundle_cap: reaching one
** of them during a capture walk means "captured".
*/
static void mark_bundle_operands(mssa_aa *aa) {
  const mssa_func *f = aa->f;
  const char *text = aa->m->text;
  if (!text) return;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE || !(in->flags & MSSA_IF_BUNDLES) || !in->text_len) continue;
    const char *t = text + in->text_off, *e = t + in->text_len;
    /* the bundle list is the last "[ ..." or "[\"..." after the arguments */
    const char *b = NULL;
    for (const char *q = t; q + 1 < e; q++)
      if (q[0] == '[' && (q[1] == '"' || (q[1] == ' ' && q + 2 < e && q[2] == '"'))) b = q;
    if (!b) continue;
    int depth = 0;
    for (const char *q = b; q < e; q++) {
      if (*q == '[') depth++;
      else if (*q == ']') { if (--depth == 0) break; }
      else if (*q == '"') { q++; while (q < e && *q != '"') q++; }
      else if (*q == '%') {
        const char *s0 = ++q;
        if (q < e && *q == '"') {   /* quoted name */
          s0 = ++q;
          while (q < e && *q != '"') q++;
        } else {
          while (q < e && (isalnum((unsigned char)*q) || *q == '.' || *q == '_' || *q == '-' || *q == '$')) q++;
        }
        uint32_t sl = slot_by_name(aa, s0, (size_t)(q - s0));
        if (sl != MSSA_NONE) aa->bundle_cap[sl] = 1;
        q--;
      }
    }
  }
}

/* One pass over the operands of the live instructions: counts each of the
** n slots' uses in cnt[] (fill false), or stores each use at its slot's
** start plus cnt[] (fill true, cnt[] zeroed first). */
static void scan_uses(mssa_aa *aa, uint32_t n, uint32_t *cnt, bool fill) {
  const mssa_func *f = aa->f;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    for (uint32_t k = 0; k < in->nops; k++) {
      uint32_t s = slot_of(aa, ops[k]);
      if (s == MSSA_NONE || s >= n) continue;
      if (fill) aa->uses[aa->use_start[s] + cnt[s]] = mssa__use_pack(i, k);
      cnt[s]++;
    }
  }
}

void mssa__build_uses(mssa_aa *aa) {
  if (aa->uses_built) return;
  const mssa_func *f = aa->f;
  uint32_t n = f->insts.n + f->nargs;
  aa->nslots = n;
  uint32_t *cnt = mssa_xcalloc((size_t)n + 1, sizeof *cnt);
  scan_uses(aa, n, cnt, false);
  aa->use_start = mssa_xmalloc(((size_t)n + 1) * sizeof *aa->use_start);
  uint32_t tot = 0;
  for (uint32_t s = 0; s < n; s++) { aa->use_start[s] = tot; tot += cnt[s]; }
  aa->use_start[n] = tot;
  aa->uses = mssa_xmalloc(((size_t)tot + 1) * sizeof *aa->uses);
  memset(cnt, 0, ((size_t)n + 1) * sizeof *cnt);
  scan_uses(aa, n, cnt, true);
  free(cnt);
  aa->escape = mssa_xcalloc((size_t)n + 1, 1);
  aa->bundle_cap = mssa_xcalloc((size_t)n + 1, 1);
  mark_bundle_operands(aa);
  aa->uses_built = true;
  /* Invariant 1: one slot per instruction and argument, the lists cover
  ** every use counted. */
  MSSA_ASSERT(aa->use_start[0] == 0 && aa->use_start[n] == tot);
}

/* From LLVM_CAPTURE_COMPONENTS (`captures(...)`, LLVM 21) BasicAA asks
** only whether provenance escapes, so comparisons, address-only captures
** and readonly void calls no longer count, and a byval argument captures
** nothing. */
#define LLVM_CAPTURE_COMPONENTS MSSA__LLVM_CAPTURE_COMPONENTS

/* The Mod bit of every location in memory effects (MSSA_MEM_*). */
#define MEM_MOD_BITS (MSSA_MEM_ANY & 0xaaau)

/* Components of one nibble (MSSA_CAP_* without `ret:`). */
#define CC_ALL 0x0fu

/* What one use does (CaptureTracking's DetermineUseCaptureKind): the
** components the use itself captures (`use`), and those that capturing the
** user's result would capture (`res`; the user's uses are followed when it
** is not empty). LLVM 14 and 19 know only all or nothing. */
typedef struct capinfo { uint8_t use, res; } capinfo;
static capinfo ci(unsigned use, unsigned res) {
  capinfo c = {(uint8_t)use, (uint8_t)res};
  return c;
}

/* Worklist entries are indexes into aa->uses. */
typedef struct {
  uint32_t *w; uint32_t n, cap;
  uint32_t *seen;  /* per use index: == gen when visited */
  uint32_t gen;
  uint32_t nvisited; /* distinct uses visited (current LLVM's budget) */
  unsigned mask;     /* the components asked about */
  unsigned cc;       /* those captured so far */
  bool ret_captures;
} walk;

static bool add_uses(mssa_aa *aa, walk *wk, uint32_t slot) {
  if (aa->bundle_cap[slot]) { wk->cc = wk->mask; return false; }
  uint32_t b = aa->use_start[slot], e = aa->use_start[slot + 1];
  uint32_t count = 0;
  bool current = mssa__current(aa);
  for (uint32_t u = b; u < e; u++) {
    if (current ? wk->nvisited >= MSSA_CAPTURE_MAX_USES_CURRENT : count++ >= MSSA_CAPTURE_MAX_USES) {
      wk->cc = wk->mask;   /* tooManyUses */
      return false;
    }
    if (wk->seen[u] == wk->gen) continue;
    wk->seen[u] = wk->gen;
    wk->nvisited++;
    mssa_grow((void **)&wk->w, &wk->cap, wk->n + 1, sizeof *wk->w);
    wk->w[wk->n++] = u;
  }
  return true;
}

static bool void_call(const mssa_aa *aa, const mssa_inst *user) {
  uint32_t vt = user->type;
  return vt != MSSA_NONE && vt < aa->m->types.n && aa->m->types.a[vt].kind == MSSA_T_VOID;
}

/* CallBase::getCaptureInfo(argno) (LLVM 21+): byval copies, so captures
** nothing; else the call site's and the callee's `captures(...)`. */
static unsigned param_caps(mssa_aa *aa, const mssa_inst *user, uint32_t argno) {
  uint32_t pa = mssa__call_param_attrs(aa, user, argno);
  if (pa & (MSSA_A_BYVAL | MSSA_A_NOCAPTURE)) return 0;
  return mssa__call_param_caps(aa, user, argno);
}

/* The pointer is operand `opno` of call `user`. */
static capinfo call_use(mssa_aa *aa, const mssa_inst *user, uint32_t opno) {
  bool comps = mssa__llvm(aa) >= LLVM_CAPTURE_COMPONENTS;
  uint32_t fa = mssa__call_fn_attrs(aa, user);
  bool only_reads = mssa__current(aa) ? !(mssa__call_effects(aa, user) & MEM_MOD_BITS)
                                      : (fa & (MSSA_A_READONLY | MSSA_A_READNONE)) != 0;
  /* a readonly nounwind void call leaks nothing (up to LLVM 20) */
  if (!comps && only_reads && (fa & MSSA_A_NOUNWIND) && void_call(aa, user)) return ci(0, 0);
  unsigned in = mssa__intrinsic(aa, user);
  if (in == MSSA_INTR_LAUNDER_INVARIANT_GROUP || in == MSSA_INTR_STRIP_INVARIANT_GROUP)
    return ci(0, CC_ALL);
  if (mssa__is_volatile_memintrinsic(aa, user)) return ci(CC_ALL, 0);
  if (opno == 0) return ci(0, 0);    /* the callee operand */
  uint32_t argno = opno - 1;
  if (argno >= mssa_call_nargs(user)) return ci(CC_ALL, 0);
  if (!comps) return ci((mssa__call_param_attrs(aa, user, argno) & MSSA_A_NOCAPTURE) ? 0 : CC_ALL, 0);
  unsigned caps = param_caps(aa, user, argno);
  unsigned other = caps & CC_ALL, ret = (caps >> 4) & CC_ALL;
  /* a readonly void call can leak only the address */
  if (only_reads && void_call(aa, user)) other &= MSSA_CAP_ADDRESS;
  return ci(other, ret);
}

/* stripPointerCastsSameRepresentation: bitcasts and all-zero GEPs, at most
** STRIP_MAX_STEPS of them. */
#define STRIP_MAX_STEPS 32
static mssa_val strip_same_representation(mssa_aa *aa, mssa_val o) {
  for (int s = 0; s < STRIP_MAX_STEPS; s++) {
    mssa__op op;
    if (!mssa__operator(aa, o, &op)) break;
    if (op.opcode == MSSA_OP_BITCAST) { o = op.ops[0]; continue; }
    if (op.opcode != MSSA_OP_GEP) break;
    for (uint32_t q = 1; q < op.nops; q++) {
      int64_t c; unsigned w;
      if (!mssa__const_int(aa, op.ops[q], &c, &w) || c) return o;
    }
    o = op.ops[0];
  }
  return o;
}

/*
** The pointer is operand `opno` of an icmp with operands ops. Comparing
** it against null captures nothing when it is a noalias call's result, or
** (null not valid) dereferenceable-or-null -- LLVM 14 also takes an
** inbounds GEP, and a comparison against a value loaded from a global.
** From LLVM 21 any comparison captures the address only.
*/
static capinfo icmp_use(mssa_aa *aa, const mssa_val *ops, uint32_t opno) {
  if (opno > 1) return ci(CC_ALL, 0);
  unsigned llvm = mssa__llvm(aa);
  mssa_val ov = ops[1 - (opno & 1)];
  if (mssa__is_null(aa, ov)) {
    uint32_t t = mssa__val_type(aa, ov);
    unsigned as = t != MSSA_NONE ? aa->m->types.a[t].bits : 0;
    if (as == 0 && mssa__is_noalias_call(aa, mssa__strip_casts_aa(aa, ops[opno]))) return ci(0, 0);
    if (llvm >= LLVM_CAPTURE_COMPONENTS) return ci(MSSA_CAP_ADDRESS, 0);
    if (!aa->null_valid) {
      mssa_val o = strip_same_representation(aa, ops[opno]);
      const mssa_inst *oi = mssa__inst(aa, o);
      if (llvm < MSSA_LLVM_CURRENT && oi && oi->opcode == MSSA_OP_GEP && (oi->flags & MSSA_IF_INBOUNDS))
        return ci(0, 0);
      bool cbn;
      if (mssa__deref_bytes(aa, o, &cbn)) return ci(0, 0);
    }
  }
  if (llvm >= LLVM_CAPTURE_COMPONENTS) return ci(MSSA_CAP_ADDRESS, 0);
  const mssa_inst *li = mssa__inst(aa, ov);
  if (llvm < MSSA_LLVM_CURRENT && li && li->opcode == MSSA_OP_LOAD &&
      MSSA_VAL_KIND(mssa_inst_ops(aa->f, li)[0]) == MSSA_VK_GLOBAL &&
      !aa->m->globals.a[MSSA_VAL_INDEX(mssa_inst_ops(aa->f, li)[0])].is_alias)
    return ci(0, 0);
  return ci(CC_ALL, 0);
}

static bool vector_typed(const mssa_aa *aa, const mssa_inst *in) {
  return in->type != MSSA_NONE && in->type < aa->m->types.n &&
         aa->m->types.a[in->type].kind == MSSA_T_VECTOR;
}

/* The pointer is operand `opno` of `user`. */
static capinfo use_of(mssa_aa *aa, const mssa_inst *user, uint32_t opno) {
  const mssa_val *ops = mssa_inst_ops(aa->f, user);
  bool vol = (user->flags & MSSA_IF_VOLATILE) != 0;
  switch (user->opcode) {
  case MSSA_OP_CALL: case MSSA_OP_INVOKE:
    return call_use(aa, user, opno);
  case MSSA_OP_LOAD:
    return ci(vol ? CC_ALL : 0, 0);
  case MSSA_OP_VAARG:
    return ci(0, 0);
  case MSSA_OP_STORE:   /* storing the pointer (operand 0) captures it */
    return ci(opno == 0 || vol ? CC_ALL : 0, 0);
  case MSSA_OP_ATOMICRMW:
    return ci(opno == 1 || vol ? CC_ALL : 0, 0);
  case MSSA_OP_CMPXCHG:
    return ci(opno == 1 || opno == 2 || vol ? CC_ALL : 0, 0);
  case MSSA_OP_GEP:   /* current LLVM: a vector of pointers is a capture */
    if (mssa__current(aa) && vector_typed(aa, user)) return ci(CC_ALL, 0);
    return ci(0, CC_ALL);
  case MSSA_OP_BITCAST: case MSSA_OP_PHI: case MSSA_OP_SELECT: case MSSA_OP_ADDRSPACECAST:
    return ci(0, CC_ALL);
  case MSSA_OP_PTRTOADDR:
    return ci(MSSA_CAP_ADDRESS, 0);
  case MSSA_OP_ICMP:
    return icmp_use(aa, ops, opno);
  default:
    return ci(CC_ALL, 0);
  }
}

/*
** PointerMayBeCaptured with a SimpleCaptureTracker: the components in
** `mask` that the uses of v capture (returns not counted unless
** return_captures). LLVM 14 and 19 stop at the first capture; from LLVM 21
** the walk stops once full provenance is captured, and a use that captures
** something is followed further only if its result would capture more.
*/
static unsigned captured_components(mssa_aa *aa, mssa_val v, bool return_captures, unsigned mask) {
  mssa__build_uses(aa);
  uint32_t slot = slot_of(aa, v);
  if (slot == MSSA_NONE) return mask;
  bool comps = mssa__llvm(aa) >= LLVM_CAPTURE_COMPONENTS;
  walk wk = {0};
  wk.ret_captures = return_captures;
  wk.mask = mask;
  if (!aa->use_mark) aa->use_mark = mssa_xcalloc((size_t)aa->use_start[aa->nslots] + 1, sizeof *aa->use_mark);
  if (++aa->use_gen == 0) {   /* wrapped: reset the marks */
    memset(aa->use_mark, 0, ((size_t)aa->use_start[aa->nslots] + 1) * sizeof *aa->use_mark);
    aa->use_gen = 1;
  }
  wk.seen = aa->use_mark;
  wk.gen = aa->use_gen;
  bool go_on = add_uses(aa, &wk, slot);
  while (go_on && wk.n) {
    uint64_t u = aa->uses[wk.w[--wk.n]];
    uint32_t ui = mssa__use_inst(u);
    const mssa_inst *user = &aa->f->insts.a[ui];
    capinfo c = use_of(aa, user, mssa__use_opno(u));
    if (c.use) {
      if (c.use & mask) {
        if (user->opcode != MSSA_OP_RET || return_captures) wk.cc |= c.use & mask;
        if (comps ? (wk.cc & MSSA_CAP_PROVENANCE) == MSSA_CAP_PROVENANCE : wk.cc != 0) break;
      }
      if (!comps || !(c.res & ~c.use)) continue;
    }
    if (c.res) go_on = add_uses(aa, &wk, ui);
  }
  free(wk.w);
  return wk.cc;
}

/* The components BasicAA asks about: any capture up to LLVM 20,
** provenance from LLVM 21. */
static unsigned basic_mask(const mssa_aa *aa) {
  return mssa__llvm(aa) >= LLVM_CAPTURE_COMPONENTS ? MSSA_CAP_PROVENANCE : CC_ALL;
}

unsigned mssa_aa_capture_max_uses(const mssa_module *m) {
  return mssa_module_llvm_version(m) >= MSSA_LLVM_CURRENT ? MSSA_CAPTURE_MAX_USES_CURRENT
                                                          : MSSA_CAPTURE_MAX_USES;
}

unsigned mssa__escape_components(mssa_aa *aa, mssa_val v) {
  if (!mssa__is_identified_function_local(aa, v)) return basic_mask(aa);
  mssa__build_uses(aa);
  uint32_t slot = slot_of(aa, v);
  if (slot == MSSA_NONE) return basic_mask(aa);
  if (aa->escape[slot] == MSSA__ESC_UNKNOWN)
    aa->escape[slot] = (uint8_t)(MSSA__ESC_KNOWN | captured_components(aa, v, false, basic_mask(aa)));
  return aa->escape[slot] & ~MSSA__ESC_KNOWN;
}

bool mssa_aa_non_escaping_local(mssa_aa *aa, mssa_val v) {
  return mssa__escape_components(aa, v) == 0;
}
