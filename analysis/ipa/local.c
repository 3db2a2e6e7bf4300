/*
** local.c -- one defined function by itself: what its own instructions
** read and write, in terms of where their pointers may point at entry
** (bases: a global, a parameter, memory it allocates, other memory), and
** its call sites with the bases of every pointer argument, for the
** summaries to be mapped through.
**
** Invariants:
**   1. A pointer's bases are found by a worklist over use-def chains
**      (underlying objects, phis, selects, casts, calls that return an
**      argument), at most MSSA__IPA_MAX_STEPS values and MSSA__IPA_MAX_BASES
**      bases; beyond either the pointer may point to any parameter's object,
**      other or allocated memory (and if even that does not fit it
**      overflows: the function is unknown, "cap"). No recursion.
**   2. Through a phi the offset is lost (a loop may move the pointer): the
**      base is then whole. A pointer loaded from memory, made from an
**      integer or returned by an unknown call may point to other memory or
**      to memory allocated during the call; a call's result may also point
**      into any of its pointer arguments.
**   3. The function's own allocas are no base (invariant 3 of ipa.h: its
**      stack is never listed).
**   4. Ordered atomics and fences (which LLVM lets clobber every location),
**      and inline asm that may touch memory, make the function unknown.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

/* Memory effects with a read (write) of some location. */
#define MEM_ALL_REF 0x555u
#define MEM_ALL_MOD 0xaaau

typedef struct item { mssa_val v; int64_t off; bool whole; } item;

typedef struct walk {
  const mssa_program *p;
  uint32_t mod;
  const mssa_module *m;
  const mssa_func *f;
  mssa_aa *aa;
  mssa__ipa_bases *out;
  item todo[MSSA__IPA_MAX_STEPS];
  uint32_t ntodo;
  item seen[MSSA__IPA_MAX_STEPS];
  uint32_t nseen;
} walk;

static void add_base(walk *w, unsigned kind, uint32_t id, int64_t off, bool whole) {
  mssa__ipa_bases *o = w->out;
  if (kind != MSSA__B_GLOBAL && kind != MSSA__B_PARAM) { id = 0; off = 0; whole = true; }
  for (uint32_t k = 0; k < o->n; k++) {
    mssa__ipa_base *b = &o->b[k];
    if (b->kind != kind || b->id != id) continue;
    /* one object, two offsets: anywhere in it */
    if (!b->whole && (whole || b->off != off)) { b->whole = 1; b->off = 0; }
    return;
  }
  if (o->n == MSSA__IPA_MAX_BASES) { o->overflow = true; return; }
  mssa__ipa_base b = {(uint8_t)kind, (uint8_t)whole, id, whole ? 0 : off};
  o->b[o->n++] = b;
}

static void push(walk *w, mssa_val v, int64_t off, bool whole) {
  if (w->ntodo == MSSA__IPA_MAX_STEPS) { w->out->overflow = true; return; }
  item it = {v, whole ? 0 : off, whole};
  w->todo[w->ntodo++] = it;
}

static bool seen(walk *w, const item *it) {
  for (uint32_t k = 0; k < w->nseen; k++)
    if (w->seen[k].v == it->v && w->seen[k].whole == it->whole && w->seen[k].off == it->off) return true;
  if (w->nseen == MSSA__IPA_MAX_STEPS) { w->out->overflow = true; return true; }
  w->seen[w->nseen++] = *it;
  return false;
}

static bool is_ptr_val(const walk *w, mssa_val v) {
  uint32_t t = mssa_val_type(w->m, w->f, v);
  return t != MSSA_NONE && t < w->m->types.n && w->m->types.a[t].kind == MSSA_T_PTR;
}

/* A value not followed further: other memory, or memory allocated during
** the call (invariant 2). */
static void opaque(walk *w) {
  add_base(w, MSSA__B_OTHER, 0, 0, true);
  add_base(w, MSSA__B_ALLOC, 0, 0, true);
}

static void call_result(walk *w, const mssa_inst *i, int64_t off, bool whole) {
  const mssa_val *ops = mssa_inst_ops(w->f, i);
  uint32_t n = mssa_call_nargs(i);
  switch (i->intrinsic) {
  case MSSA_INTR_LAUNDER_INVARIANT_GROUP: case MSSA_INTR_STRIP_INVARIANT_GROUP:
  case MSSA_INTR_PTR_ANNOTATION:
    if (n) push(w, ops[1], off, whole);
    return;
  default: break;
  }
  uint32_t c = mssa_call_callee(w->m, w->f, i);
  if (c != MSSA_NONE) {
    const mssa_ipa_func *F = &w->p->funcs.a[w->p->fmap[w->mod][c]];
    switch (mssa__ipa_lib_ret(F->lib)) {
    case 'a': add_base(w, MSSA__B_ALLOC, 0, 0, true); return;
    case 'r':   /* realloc: a new block, or the old one grown in place */
      add_base(w, MSSA__B_ALLOC, 0, 0, true);
      if (n) push(w, ops[1], 0, true);
      return;
    case 'o': add_base(w, MSSA__B_OTHER, 0, 0, true); return;
    case '0': if (n) push(w, ops[1], 0, true); return;
    case '1': if (n > 1) push(w, ops[2], 0, true); return;
    default: break;
    }
  }
  opaque(w);
  for (uint32_t k = 0; k < n; k++)
    if (is_ptr_val(w, ops[1 + k])) push(w, ops[1 + k], 0, true);
}

/* Every global a constant refers to (a constant expression we do not
** follow): whole; and other memory. */
static void const_refs(walk *w, mssa_val v) {
  opaque(w);
  mssa_val stk[MSSA__IPA_MAX_STEPS];
  uint32_t n = 0, steps = 0;
  stk[n++] = v;
  while (n) {
    mssa_val x = stk[--n];
    if (++steps > MSSA__IPA_MAX_STEPS) { w->out->overflow = true; return; }
    if (MSSA_VAL_KIND(x) == MSSA_VK_GLOBAL) {
      uint32_t g = w->p->gmap[w->mod][MSSA_VAL_INDEX(x)];
      if (g != MSSA_NONE) add_base(w, MSSA__B_GLOBAL, g, 0, true);
    } else if (MSSA_VAL_KIND(x) == MSSA_VK_CONST) {
      const mssa_const *c = mssa_const_get(w->m, x);
      for (uint32_t k = 0; k < c->nops; k++) {
        if (n == MSSA__IPA_MAX_STEPS) { w->out->overflow = true; return; }
        stk[n++] = w->m->cops.a[c->ops + k];
      }
    }
  }
}

static void step_const(walk *w, mssa_val obj, int64_t off, bool whole) {
  const mssa_const *c = mssa_const_get(w->m, obj);
  switch (c->kind) {
  case MSSA_C_NULL: case MSSA_C_UNDEF: case MSSA_C_POISON: case MSSA_C_ZERO:
    return;   /* no object: an access through it is undefined */
  case MSSA_C_EXPR:
    if ((c->opcode == MSSA_OP_BITCAST || c->opcode == MSSA_OP_ADDRSPACECAST) && c->nops) {
      push(w, w->m->cops.a[c->ops], off, whole);
      return;
    }
    if (c->opcode == MSSA_OP_GEP && c->nops) {
      push(w, w->m->cops.a[c->ops], 0, true);
      return;
    }
    if (c->opcode == MSSA_OP_SELECT && c->nops == 3) {
      push(w, w->m->cops.a[c->ops + 1], off, whole);
      push(w, w->m->cops.a[c->ops + 2], off, whole);
      return;
    }
    break;
  default: break;
  }
  const_refs(w, obj);
}

static void step_inst(walk *w, uint32_t id, int64_t off, bool whole) {
  const mssa_inst *i = &w->f->insts.a[id];
  const mssa_val *ops = mssa_inst_ops(w->f, i);
  switch (i->opcode) {
  case MSSA_OP_ALLOCA: return;   /* invariant 3 */
  case MSSA_OP_PHI:
    for (uint32_t k = 0; k + 1 < i->nops; k += 2) push(w, ops[k], 0, true);
    return;
  case MSSA_OP_SELECT: push(w, ops[1], off, whole); push(w, ops[2], off, whole); return;
  case MSSA_OP_GEP: push(w, ops[0], 0, true); return;
  case MSSA_OP_BITCAST: case MSSA_OP_ADDRSPACECAST: case MSSA_OP_FREEZE:
    push(w, ops[0], off, whole);
    return;
  case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR: call_result(w, i, off, whole); return;
  default: opaque(w); return;
  }
}

/* Beyond the caps (invariant 1): whatever a pointer of the function can
** point to at all -- anywhere in any pointer parameter's object, other or
** allocated memory (a global whose address is never taken is reached only
** directly, never through the values that overflowed). Overflow stays only
** when even that does not fit. */
static void fallback(walk *w) {
  mssa__ipa_bases *o = w->out;
  memset(o, 0, sizeof *o);
  opaque(w);
  for (uint32_t k = 0; k < w->f->nargs && !o->overflow; k++)
    if (w->m->types.a[w->f->args[k].type].kind == MSSA_T_PTR) add_base(w, MSSA__B_PARAM, k, 0, true);
}

void mssa__ipa_bases_of(const mssa_program *p, uint32_t mod, mssa_aa *aa, mssa_val v,
                        mssa__ipa_bases *out) {
  walk ws, *w = &ws;   /* 3 KB: on the stack, not malloc'ed per pointer */
  w->p = p; w->mod = mod; w->m = p->mods[mod]; w->f = mssa_aa_func(aa); w->aa = aa; w->out = out;
  w->ntodo = w->nseen = 0;
  memset(out, 0, sizeof *out);
  push(w, v, 0, false);
  while (w->ntodo && !out->overflow) {
    item it = w->todo[--w->ntodo];
    if (seen(w, &it)) continue;
    mssa_points_to pt;
    mssa_aa_points_to(aa, it.v, &pt);
    bool whole = it.whole || !pt.offset_known;
    int64_t off = whole ? 0 : it.off + pt.offset;
    mssa_val obj = pt.object;
    switch (MSSA_VAL_KIND(obj)) {
    case MSSA_VK_ARG: add_base(w, MSSA__B_PARAM, MSSA_VAL_INDEX(obj), off, whole); break;
    case MSSA_VK_GLOBAL: {
      uint32_t g = p->gmap[mod][MSSA_VAL_INDEX(obj)];
      /* an alias: its aliasee's address is taken (link.c), so other memory */
      if (g == MSSA_NONE) opaque(w);
      else add_base(w, MSSA__B_GLOBAL, g, off, whole);
      break;
    }
    case MSSA_VK_FUNC: break;   /* code: no data is accessed */
    case MSSA_VK_CONST: step_const(w, obj, off, whole); break;
    case MSSA_VK_INST: step_inst(w, MSSA_VAL_INDEX(obj), off, whole); break;
    default: opaque(w); break;
    }
  }
  if (out->overflow) fallback(w);
  MSSA_ASSERT(out->n <= MSSA__IPA_MAX_BASES);
}

/* ------------------------------------------------------------ instructions */

typedef struct local {
  mssa_program *p;
  uint32_t mod;
  const mssa_module *m;
  const mssa_func *f;
  mssa_aa *aa;
  mssa__ipa_fn *fn;
} local;

static void unknown(local *l, unsigned reason, bool r, bool w) {
  if (!l->fn->lreason || (!l->fn->lr_all && !l->fn->lw_all)) l->fn->lreason = (uint8_t)reason;
  if (r) l->fn->lr_all = true;
  if (w) l->fn->lw_all = true;
}

static uint32_t pool_bases(local *l, mssa_val v) {
  mssa__ipa_bases b;
  mssa__ipa_bases_of(l->p, l->mod, l->aa, v, &b);
  mssa_vec_push(&l->fn->bases, b);
  return l->fn->bases.n - 1;
}

/* An access of `size` bytes (MSSA_LOC_*) through pointer v, with !tbaa
** tag `tag` (MSSA_NONE: none); other memory keeps the tag (ipa.h). */
static void access_tagged(local *l, mssa_val v, uint64_t size, bool rd, bool wr, uint32_t tag) {
  mssa__ipa_bases b;
  mssa__ipa_bases_of(l->p, l->mod, l->aa, v, &b);
  if (b.overflow) { unknown(l, MSSA_IPA_R_CAP, rd, wr); return; }
  bool whole = size == MSSA_LOC_UNKNOWN || size == MSSA_LOC_AFTER;
  int64_t hi = whole ? 0 : (int64_t)(size & ~MSSA_LOC_UPPER_BOUND);
  for (uint32_t k = 0; k < b.n; k++) {
    mssa_ipa_entry e = mssa__ipa_base_entry(mssa__ipa_base_at(&b, k), 0, hi, whole);
    if (e.kind == MSSA_IPA_OTHER && tag != MSSA_NONE) { e.id = tag + 1; e.lo = l->mod; }
    if (rd) mssa__ipa_push(&l->fn->lr, e);
    if (wr) mssa__ipa_push(&l->fn->lw, e);
  }
}

static void access(local *l, mssa_val v, uint64_t size, bool rd, bool wr) {
  access_tagged(l, v, size, rd, wr, MSSA_NONE);
}

static uint64_t const_len(local *l, mssa_val v) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return MSSA_LOC_UNKNOWN;
  const mssa_const *c = mssa_const_get(l->m, v);
  if (c->kind == MSSA_C_ZERO) return 0;
  if (c->kind != MSSA_C_INT || c->wide || c->ival < 0 || c->ival > ((int64_t)1 << 40)) return MSSA_LOC_UNKNOWN;
  return (uint64_t)c->ival;
}

/* The effects LLVM's tables and the attributes give a call we do not look
** into (intrinsics): argument memory through each pointer argument. */
static void effects(local *l, uint32_t id, const mssa_inst *i) {
  uint32_t mem = mssa_aa_call_effects(l->aa, id);
  const mssa_val *ops = mssa_inst_ops(l->f, i);
  bool r_all = false, w_all = false;
  for (uint32_t loc = 0; loc < MSSA_MEM_NLOC; loc++) {
    if (loc == MSSA_MEM_ARG || loc == MSSA_MEM_INACCESSIBLE) continue;
    uint32_t a = MSSA_MEM_GET(mem, loc);
    r_all |= (a & MSSA_MA_REF) != 0;
    w_all |= (a & MSSA_MA_MOD) != 0;
  }
  if (r_all || w_all) unknown(l, MSSA_IPA_R_UNKNOWN_CALLEE, r_all, w_all);
  uint32_t arg = MSSA_MEM_GET(mem, MSSA_MEM_ARG), in = MSSA_MEM_GET(mem, MSSA_MEM_INACCESSIBLE);
  uint32_t n = mssa_call_nargs(i);
  for (uint32_t k = 0; arg && k < n; k++) {
    uint32_t t = mssa_val_type(l->m, l->f, ops[1 + k]);
    if (t == MSSA_NONE || l->m->types.a[t].kind != MSSA_T_PTR) continue;
    uint32_t pa = mssa_call_param_attrs(l->m, l->f, i, k);
    if (pa & MSSA_A_READNONE) continue;
    access(l, ops[1 + k], MSSA_LOC_UNKNOWN, (arg & MSSA_MA_REF) && !(pa & MSSA_A_WRITEONLY),
           (arg & MSSA_MA_MOD) && !(pa & MSSA_A_READONLY));
  }
  mssa_ipa_entry e = {MSSA_IPA_INACC, 1, 0, 0, MSSA_IPA_HIDDEN, 0, 0};   /* LLVM's inaccessiblemem */
  if (in & MSSA_MA_REF) mssa__ipa_push(&l->fn->lr, e);
  if (in & MSSA_MA_MOD) mssa__ipa_push(&l->fn->lw, e);
}

/* An intrinsic call handled here (true), or not one. */
static bool intrinsic(local *l, uint32_t id, const mssa_inst *i) {
  const mssa_val *ops = mssa_inst_ops(l->f, i);
  uint32_t n = mssa_call_nargs(i);
  switch (i->intrinsic) {
  case MSSA_INTR_NONE: return false;
  case MSSA_INTR_MEMCPY: case MSSA_INTR_MEMCPY_INLINE: case MSSA_INTR_MEMMOVE:
    if (n < 3) break;
    access(l, ops[1], const_len(l, ops[3]), false, true);
    access(l, ops[2], const_len(l, ops[3]), true, false);
    return true;
  case MSSA_INTR_MEMSET:
    if (n < 3) break;
    access(l, ops[1], const_len(l, ops[3]), false, true);
    return true;
  case MSSA_INTR_LIFETIME_START: case MSSA_INTR_LIFETIME_END: case MSSA_INTR_INVARIANT_START:
  case MSSA_INTR_INVARIANT_END: case MSSA_INTR_ASSUME: case MSSA_INTR_DBG_DECLARE:
  case MSSA_INTR_DBG_VALUE: case MSSA_INTR_DBG_LABEL: case MSSA_INTR_DBG_ADDR:
  case MSSA_INTR_NOALIAS_SCOPE_DECL: case MSSA_INTR_PSEUDOPROBE: case MSSA_INTR_EXPECT:
  case MSSA_INTR_OBJECTSIZE: case MSSA_INTR_SIDEEFFECT: case MSSA_INTR_PREFETCH:
  case MSSA_INTR_STACKSAVE: case MSSA_INTR_STACKRESTORE: case MSSA_INTR_LAUNDER_INVARIANT_GROUP:
  case MSSA_INTR_STRIP_INVARIANT_GROUP: case MSSA_INTR_PTR_ANNOTATION: case MSSA_INTR_VAR_ANNOTATION:
  case MSSA_INTR_ALLOW_RUNTIME_CHECK: case MSSA_INTR_ALLOW_UBSAN_CHECK: case MSSA_INTR_TRAP:
    return true;   /* no memory of the program (the stack's own markers) */
  case MSSA_INTR_VASTART: case MSSA_INTR_VAEND:
    if (n) access(l, ops[1], MSSA_LOC_UNKNOWN, true, true);
    return true;
  case MSSA_INTR_VACOPY:
    if (n < 2) break;
    access(l, ops[1], MSSA_LOC_UNKNOWN, false, true);
    access(l, ops[2], MSSA_LOC_UNKNOWN, true, false);
    return true;
  case MSSA_INTR_MASKED_LOAD:
    if (n) access(l, ops[1], MSSA_LOC_UNKNOWN, true, false);
    return true;
  case MSSA_INTR_MASKED_STORE:
    if (n > 1) access(l, ops[2], MSSA_LOC_UNKNOWN, false, true);
    return true;
  default: break;
  }
  effects(l, id, i);
  return true;
}

static void call_site(local *l, uint32_t id, const mssa_inst *i) {
  const mssa_val *ops = mssa_inst_ops(l->f, i);
  if ((i->flags & MSSA_IF_INLINEASM) || (i->nops && MSSA_VAL_KIND(ops[0]) == MSSA_VK_ASM)) {
    uint32_t mem = mssa_aa_call_effects(l->aa, id);
    if (mem) unknown(l, MSSA_IPA_R_ASM, (mem & MEM_ALL_REF) != 0, (mem & MEM_ALL_MOD) != 0);
    return;
  }
  if (intrinsic(l, id, i)) return;
  mssa__ipa_call c = {id, MSSA_NONE, MSSA_NONE, 0, mssa_call_nargs(i), l->fn->argb.n};
  uint32_t callee = mssa_call_callee(l->m, l->f, i);
  if (callee != MSSA_NONE) {
    c.callee = l->p->fmap[l->mod][callee];
  } else {
    /* the program's functions of that signature (MSSA_NONE: none), and
    ** code from outside the program when it may have some (callgraph.c) */
    c.callee = mssa__ipa_sig_of_call(l->p, l->m, i->aux);
    if (l->p->extcode) c.callee2 = l->p->ext;
  }
  for (uint32_t k = 0; k < c.nargs; k++) {
    uint32_t t = mssa_val_type(l->m, l->f, ops[1 + k]);
    uint32_t b = t != MSSA_NONE && l->m->types.a[t].kind == MSSA_T_PTR ? pool_bases(l, ops[1 + k]) : MSSA_NONE;
    mssa_vec_push(&l->fn->argb, b);
  }
  mssa_vec_push(&l->fn->calls, c);
}

static int call_cmp(const void *a, const void *b) {
  const mssa__ipa_call *x = a, *y = b;
  return x->inst < y->inst ? -1 : x->inst > y->inst;
}

void mssa__ipa_local(mssa_program *p, uint32_t k) {
  const mssa_ipa_func *F = &p->funcs.a[k];
  MSSA_ASSERT(F->def_fi != MSSA_NONE);
  const mssa_module *m = p->mods[F->def_mod];
  const mssa_func *f = &m->funcs.a[F->def_fi];
  local l = {p, F->def_mod, m, f, mssa_aa_new(m, f, MSSA_AA_ALL), &p->fns[k]};
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t id = f->blocks.a[b].first; id != MSSA_NONE; id = f->insts.a[id].next) {
      const mssa_inst *i = &f->insts.a[id];
      const mssa_val *ops = mssa_inst_ops(f, i);
      mssa_loc loc;
      switch (i->opcode) {
      case MSSA_OP_LOAD: case MSSA_OP_STORE:
        if (i->ordering > MSSA_AO_UNORDERED) { unknown(&l, MSSA_IPA_R_ATOMIC, true, true); break; }
        if (mssa_aa_inst_loc(l.aa, id, &loc))
          access_tagged(&l, loc.ptr, loc.size, i->opcode == MSSA_OP_LOAD, i->opcode == MSSA_OP_STORE,
                        loc.tbaa);
        break;
      case MSSA_OP_CMPXCHG: case MSSA_OP_ATOMICRMW:
        if (i->ordering > MSSA_AO_MONOTONIC) { unknown(&l, MSSA_IPA_R_ATOMIC, true, true); break; }
        if (mssa_aa_inst_loc(l.aa, id, &loc)) access_tagged(&l, loc.ptr, loc.size, true, true, loc.tbaa);
        break;
      case MSSA_OP_FENCE: unknown(&l, MSSA_IPA_R_ATOMIC, true, true); break;
      case MSSA_OP_VAARG:
        access(&l, ops[0], MSSA_LOC_UNKNOWN, true, true);
        {
          mssa_ipa_entry e = {MSSA_IPA_OTHER, 1, 0, 0, 0, 0, 0};
          mssa__ipa_push(&l.fn->lr, e);   /* the arguments' save area */
        }
        break;
      case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR: call_site(&l, id, i); break;
      default: break;
      }
    }
  }
  /* calls by instruction id, for the lookups of refine.c */
  if (l.fn->calls.n > 1) qsort(l.fn->calls.a, l.fn->calls.n, sizeof *l.fn->calls.a, call_cmp);
  if (!mssa__ipa_normalize(p, &l.fn->lr)) unknown(&l, MSSA_IPA_R_CAP, true, false);
  if (!mssa__ipa_normalize(p, &l.fn->lw)) unknown(&l, MSSA_IPA_R_CAP, false, true);
  mssa_aa_free(l.aa);
}
