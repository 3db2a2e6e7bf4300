/*
** aa.c -- the alias-analysis context and LLVM 14's AAResults aggregation:
** alias() asks BasicAA, then ScopedNoAliasAA, then TypeBasedAA, and takes
** the first answer that is not MayAlias; mod/ref intersects the layers;
** pointsToConstantMemory takes any layer's "yes" (current LLVM: the
** getModRefInfoMask of every layer, intersected).
**
** Invariants:
**   1. Every public entry point is one top-level query with a fresh
**      AAQueryInfo (alias cache), as AAResults' non-AAQI overloads are.
**   2. Tags (!tbaa, !alias.scope, !noalias) only matter at the top level:
**      BasicAA's sub-queries build locations without them, as LLVM does.
**   3. Layers can be switched off one by one (aa->layers); with none, every
**      answer is the conservative one.
**   4. Public mod/ref results use MSSA_MR_*; internally LLVM's encoding
**      (alias_internal.h) is used and converted once, on the way out.
**   5. A refinement hook (mssa_aa_set_refine) only takes mod/ref bits away
**      from a call's answer, and none is set unless a layer above asks:
**      without one every answer is LLVM's.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "alias/alias_internal.h"

mssa_aa *mssa_aa_new(const mssa_module *m, const mssa_func *f, unsigned layers) {
  mssa_aa *aa = mssa_xcalloc(1, sizeof *aa);
  aa->m = m;
  aa->f = f;
  aa->layers = layers & MSSA_AA_ALL;
  uint32_t fa = 0;
  if (f->attrs != MSSA_NONE && f->attrs < m->attrlists.n) fa = m->attrlists.a[f->attrs].fn;
  aa->null_valid = (fa & MSSA_A_NULL_POINTER_IS_VALID) != 0;
  aa->galias = mssa_xcalloc((size_t)m->globals.n + 1, 1);
  aa->uobj_n = f->insts.n;
  aa->uobj = mssa_xcalloc((size_t)aa->uobj_n + 1, sizeof *aa->uobj);
  return aa;
}

mssa_aa *mssa_aa_new_view(const mssa_aa *base, const mssa_val *map, uint32_t n) {
  mssa_aa *aa = mssa_aa_new(base->m, base->f, base->layers);
  aa->refine = base->refine;
  aa->refine_ctx = base->refine_ctx;
  aa->view = map;
  aa->view_n = n;
  return aa;
}

void mssa_aa_invalidate(mssa_aa *aa) {
  free(aa->use_start); aa->use_start = NULL;
  free(aa->uses); aa->uses = NULL;
  free(aa->escape); aa->escape = NULL;
  free(aa->bundle_cap); aa->bundle_cap = NULL;
  free(aa->use_mark); aa->use_mark = NULL;
  aa->use_gen = 0;
  aa->uses_built = false;
  /* The new table before the old goes: an allocation failure unwinds from
  ** here (base/oom.h) and must leave a table that is still there. */
  uint32_t *uobj = mssa_xcalloc((size_t)aa->f->insts.n + 1, sizeof *aa->uobj);
  free(aa->uobj);
  aa->uobj_n = aa->f->insts.n;
  aa->uobj = uobj;
  mssa__basic_free(aa);
}

void mssa_aa_free(mssa_aa *aa) {
  if (!aa) return;
  mssa_aa_invalidate(aa);
  free(aa->uobj);
  mssa_u64map_free(&aa->tbaa);
  free(aa->galias);
  free(aa);
}

uint64_t mssa_aa_queries(const mssa_aa *aa) { return aa->queries; }

unsigned mssa_aa_layers(const mssa_aa *aa) { return aa->layers; }

/* ------------------------------------------------------------ locations */

static uint64_t store_size(const mssa_aa *aa, uint32_t t) {
  if (t == MSSA_NONE || t >= aa->m->types.n) return MSSA_LOC_AFTER;
  const mssa_type *ty = &aa->m->types.a[t];
  if (!(ty->flags & MSSA_TF_SIZED) || (ty->flags & MSSA_TF_SCALABLE)) return MSSA_LOC_AFTER;
  return mssa__ls_exact(ty->store_size);
}

bool mssa_aa_inst_loc(mssa_aa *aa, uint32_t inst, mssa_loc *out) {
  if (inst >= aa->f->insts.n) return false;
  const mssa_inst *i = &aa->f->insts.a[inst];
  const mssa_val *ops = mssa_inst_ops(aa->f, i);
  mssa_loc l = { MSSA_VAL_NONE, MSSA_LOC_UNKNOWN, i->md_tbaa, i->md_scope, i->md_noalias };
  switch (i->opcode) {
  case MSSA_OP_LOAD: l.ptr = ops[0]; l.size = store_size(aa, i->type); break;
  case MSSA_OP_STORE: l.ptr = ops[1]; l.size = store_size(aa, mssa__val_type(aa, ops[0])); break;
  case MSSA_OP_VAARG: l.ptr = ops[0]; l.size = MSSA_LOC_AFTER; break;
  case MSSA_OP_CMPXCHG: l.ptr = ops[0]; l.size = store_size(aa, mssa__val_type(aa, ops[1])); break;
  case MSSA_OP_ATOMICRMW: l.ptr = ops[0]; l.size = store_size(aa, mssa__val_type(aa, ops[1])); break;
  default: return false;
  }
  MSSA_ASSERT(l.ptr != MSSA_VAL_NONE);   /* every access with a location has its pointer */
  *out = l;
  return true;
}

/* ------------------------------------------------------------ alias */

bool mssa__tags_no_alias(mssa_aa *aa, mssa__tags a, mssa__tags b) {
  if ((aa->layers & MSSA_AA_SCOPED) &&
      (!mssa__scoped_may_alias(aa, a.scope, b.noalias) || !mssa__scoped_may_alias(aa, b.scope, a.noalias)))
    return true;
  return (aa->layers & MSSA_AA_TBAA) && a.tbaa != MSSA_NONE && b.tbaa != MSSA_NONE &&
         !mssa__tbaa_alias(aa, a.tbaa, b.tbaa);
}

mssa_alias_result mssa__alias(mssa_aa *aa, const mssa_loc *a, const mssa_loc *b) {
  mssa_alias_result r = MSSA_MAY_ALIAS;
  uint32_t depth = aa->depth++;
  if (aa->layers & MSSA_AA_BASIC) r = mssa__basic_alias(aa, a, b);
  if (r == MSSA_MAY_ALIAS && mssa__tags_no_alias(aa, mssa__loc_tags(a), mssa__loc_tags(b)))
    r = MSSA_NO_ALIAS;
  aa->depth--;
  MSSA_ASSERT(aa->depth == depth);   /* every sub-query gave its level back */
  MSSA_ASSERT(r == MSSA_NO_ALIAS || r == MSSA_MAY_ALIAS || r == MSSA_PARTIAL_ALIAS || r == MSSA_MUST_ALIAS);
  return r;
}

mssa_alias_result mssa_aa_alias(mssa_aa *aa, const mssa_loc *a, const mssa_loc *b) {
  MSSA_ASSERT(aa->depth == 0);   /* invariant 1: a top-level query */
  aa->queries++;
  mssa__alias_query_begin(aa);
  return mssa__alias(aa, a, b);
}

/* ------------------------------------------------------------ constant memory */

/*
** BasicAA's constant-memory walk from loc's pointer through selects and
** phis to underlying objects, at most MASK_MAX_LOOKUP steps: every object
** must be a constant global (or, with or_local, an alloca). Two versions:
**   - LLVM 14's pointsToConstantMemory (`current` false): an object reached
**     a second time fails the test; the answer is NoModRef or ModRef.
**   - current LLVM's getModRefInfoMask (IgnoreLocals = or_local): a
**     revisited object is skipped, and a noalias argument that is readonly
**     or readnone is invariant while the function runs, so adds Ref.
** Returns the mask in the internal encoding.
*/
#define MASK_MAX_LOOKUP 8u
#define MASK_MAX_WORK 64u
static unsigned basic_constant_walk(mssa_aa *aa, const mssa_loc *loc, bool or_local, bool current) {
  mssa_val work[MASK_MAX_WORK]; uint32_t nw = 0;
  mssa_val visited[MASK_MAX_WORK]; uint32_t nv = 0;
  unsigned max_lookup = MASK_MAX_LOOKUP, result = MSSA__MR_NOMODREF;
  work[nw++] = loc->ptr;
  do {
    mssa_val v = mssa__underlying_object(aa, work[--nw], MSSA__MAX_LOOKUP);
    bool seen = false;
    for (uint32_t i = 0; i < nv && !seen; i++) seen = visited[i] == v;
    if (seen && !current) return MSSA__MR_MODREF;
    if (seen) continue;
    if (nv == MASK_MAX_WORK) return MSSA__MR_MODREF;
    visited[nv++] = v;
    const mssa_inst *in = mssa__inst(aa, v);
    if (or_local && in && in->opcode == MSSA_OP_ALLOCA) continue;
    if (current && MSSA_VAL_KIND(v) == MSSA_VK_ARG) {
      uint32_t pa = aa->f->args[MSSA_VAL_INDEX(v)].attrs;
      if (!(pa & MSSA_A_NOALIAS) || !(pa & (MSSA_A_READONLY | MSSA_A_READNONE))) return MSSA__MR_MODREF;
      result = mssa__mr_union(result, MSSA__MR_REF);
      continue;
    }
    if (MSSA_VAL_KIND(v) == MSSA_VK_GLOBAL) {
      const mssa_global *g = &aa->m->globals.a[MSSA_VAL_INDEX(v)];
      if (g->is_alias || !g->is_const) return MSSA__MR_MODREF;
      continue;
    }
    if (in && in->opcode == MSSA_OP_SELECT) {
      const mssa_val *o = mssa_inst_ops(aa->f, in);
      if (nw + 2 > MASK_MAX_WORK) return MSSA__MR_MODREF;
      work[nw++] = o[1]; work[nw++] = o[2];
      continue;
    }
    if (in && in->opcode == MSSA_OP_PHI) {
      uint32_t n = in->nops / 2;
      if (n > max_lookup) return MSSA__MR_MODREF;
      const mssa_val *o = mssa_inst_ops(aa->f, in);
      if (nw + n > MASK_MAX_WORK) return MSSA__MR_MODREF;
      for (uint32_t k = 0; k < n; k++) work[nw++] = o[2 * k];
      continue;
    }
    return MSSA__MR_MODREF;
  } while (nw && --max_lookup);
  return nw ? MSSA__MR_MODREF : result;
}

static bool basic_points_to_constant(mssa_aa *aa, const mssa_loc *loc, bool or_local) {
  return basic_constant_walk(aa, loc, or_local, false) != MSSA__MR_MODREF;
}

unsigned mssa__modref_mask(mssa_aa *aa, const mssa_loc *loc) {
  /* LLVM 14's and 15's pointsToConstantMemory, as a mask: constant memory
  ** is only read */
  if (mssa__llvm(aa) < MSSA__LLVM_MODREF_MASK) return mssa__points_to_constant(aa, loc, false) ? MSSA__MR_REF : MSSA__MR_MODREF;
  unsigned r = MSSA__MR_MODREF;
  if (aa->layers & MSSA_AA_BASIC) r = mssa__mr_intersect(r, basic_constant_walk(aa, loc, false, true));
  if ((aa->layers & MSSA_AA_TBAA) && loc->tbaa != MSSA_NONE && mssa__tbaa_immutable(aa, loc->tbaa))
    r = MSSA__MR_NOMODREF;
  return r;
}

unsigned mssa_aa_modref_mask(mssa_aa *aa, const mssa_loc *loc) {
  aa->queries++;
  mssa__alias_query_begin(aa);
  return mssa__mr_public(mssa__modref_mask(aa, loc)) & MSSA_MR_MODREF;
}

bool mssa__points_to_constant(mssa_aa *aa, const mssa_loc *loc, bool or_local) {
  if ((aa->layers & MSSA_AA_BASIC) && basic_points_to_constant(aa, loc, or_local)) return true;
  if ((aa->layers & MSSA_AA_TBAA) && loc->tbaa != MSSA_NONE && mssa__tbaa_immutable(aa, loc->tbaa)) return true;
  return false;
}

bool mssa_aa_points_to_constant(mssa_aa *aa, const mssa_loc *loc, bool or_local) {
  aa->queries++;
  mssa__alias_query_begin(aa);
  return mssa__points_to_constant(aa, loc, or_local);
}

/* ------------------------------------------------------------ mod/ref */

static bool is_call_op(unsigned op) {
  return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR;
}

/* Invariant 4: what leaves aa.c is in the public encoding. */
static unsigned public_mr(unsigned internal) {
  MSSA_ASSERT(internal <= MSSA__MR_MODREF);
  unsigned r = mssa__mr_public(internal);
  MSSA_ASSERT((r & ~(unsigned)(MSSA_MR_MODREF | MSSA_MR_MUST)) == 0);
  return r;
}

unsigned mssa_aa_inst_modref(mssa_aa *aa, uint32_t inst) {
  aa->queries++;
  if (inst >= aa->f->insts.n) return MSSA_MR_NONE;
  const mssa_inst *i = &aa->f->insts.a[inst];
  switch (i->opcode) {
  case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR:
    mssa__alias_query_begin(aa);
    return public_mr(mssa__mr_clearmust(mssa__fmrb_modref(mssa__modref_behavior(aa, i))));
  case MSSA_OP_LOAD: return i->ordering > MSSA_AO_UNORDERED ? MSSA_MR_MODREF : MSSA_MR_REF;
  case MSSA_OP_STORE: return i->ordering > MSSA_AO_UNORDERED ? MSSA_MR_MODREF : MSSA_MR_MOD;
  case MSSA_OP_FENCE: case MSSA_OP_VAARG: case MSSA_OP_CMPXCHG: case MSSA_OP_ATOMICRMW:
  case MSSA_OP_CATCHPAD: case MSSA_OP_CATCHRET:
    return MSSA_MR_MODREF;
  default: return MSSA_MR_NONE;
  }
}

/* How instruction `inst` touches `loc` through its own location: not at all
** when the two do not alias (or, for an access that writes (`writes`), when
** loc is constant memory), else `mr`, with the Must bit when they must
** alias. */
static unsigned own_loc_modref(mssa_aa *aa, uint32_t inst, const mssa_loc *loc, unsigned mr,
                               bool writes) {
  mssa_loc il;
  mssa_aa_inst_loc(aa, inst, &il);
  mssa_alias_result ar = mssa__alias(aa, &il, loc);
  if (ar == MSSA_NO_ALIAS) return MSSA__MR_NOMODREF;
  if (writes && !mssa__mr_ismod(mssa__modref_mask(aa, loc))) return MSSA__MR_NOMODREF;
  return ar == MSSA_MUST_ALIAS ? mssa__mr_setmust(mr) : mr;
}

/* AAResults::getModRefInfo(I, Loc), internal encoding. */
static unsigned inst_loc_modref(mssa_aa *aa, uint32_t inst, const mssa_loc *loc) {
  const mssa_inst *i = &aa->f->insts.a[inst];
  switch (i->opcode) {
  case MSSA_OP_LOAD:
    if (i->ordering > MSSA_AO_UNORDERED) return MSSA__MR_MODREF;
    return own_loc_modref(aa, inst, loc, MSSA__MR_REF, false);
  case MSSA_OP_STORE:
    if (i->ordering > MSSA_AO_UNORDERED) return MSSA__MR_MODREF;
    return own_loc_modref(aa, inst, loc, MSSA__MR_MOD, true);
  case MSSA_OP_FENCE:   /* LLVM 14: Ref for constant memory; current: the mask */
    return mssa__modref_mask(aa, loc);
  case MSSA_OP_VAARG:
    return own_loc_modref(aa, inst, loc, MSSA__MR_MODREF, true);
  case MSSA_OP_CMPXCHG: case MSSA_OP_ATOMICRMW:
    if (i->ordering > MSSA_AO_MONOTONIC) return MSSA__MR_MODREF;
    return own_loc_modref(aa, inst, loc, MSSA__MR_MODREF, false);
  case MSSA_OP_CATCHPAD: case MSSA_OP_CATCHRET: {
    /* LLVM 14: nothing for constant memory; current: the mask */
    unsigned mask = mssa__modref_mask(aa, loc);
    if (mssa__current(aa)) return mask;
    return mssa__mr_ismod(mask) ? MSSA__MR_MODREF : MSSA__MR_NOMODREF;
  }
  case MSSA_OP_CALL: case MSSA_OP_INVOKE: case MSSA_OP_CALLBR:
    return mssa__call_loc_modref(aa, inst, loc);
  default:
    return MSSA__MR_NOMODREF;
  }
}

unsigned mssa_aa_modref_loc(mssa_aa *aa, uint32_t inst, const mssa_loc *loc) {
  aa->queries++;
  if (inst >= aa->f->insts.n) return MSSA_MR_NONE;
  MSSA_ASSERT(aa->depth == 0);   /* invariant 1 */
  mssa__alias_query_begin(aa);
  unsigned mr = public_mr(inst_loc_modref(aa, inst, loc));
  if (!aa->refine || aa->in_refine || !(mr & MSSA_MR_MODREF) || !is_call_op(aa->f->insts.a[inst].opcode))
    return mr;
  /* invariant 5: the hook only takes bits away */
  aa->in_refine = true;
  unsigned r = aa->refine(aa->refine_ctx, aa, inst, loc, mr);
  aa->in_refine = false;
  MSSA_ASSERT((r & ~mr) == 0);
  return (r & MSSA_MR_MODREF) ? r : MSSA_MR_NONE;
}

void mssa_aa_set_refine(mssa_aa *aa, mssa_aa_refine_fn fn, void *ctx) {
  aa->refine = fn;
  aa->refine_ctx = ctx;
}

uint32_t mssa_aa_call_effects(mssa_aa *aa, uint32_t call) {
  if (call >= aa->f->insts.n || !is_call_op(aa->f->insts.a[call].opcode)) return MSSA_MEM_ANY;
  return mssa__call_effects(aa, &aa->f->insts.a[call]);
}

bool mssa_aa_tbaa_may_alias(mssa_aa *aa, uint32_t a, uint32_t b) {
  if (!(aa->layers & MSSA_AA_TBAA)) return true;
  return mssa__tbaa_alias(aa, a, b);
}

const mssa_module *mssa_aa_module(const mssa_aa *aa) { return aa->m; }
const mssa_func *mssa_aa_func(const mssa_aa *aa) { return aa->f; }

unsigned mssa_aa_modref_call(mssa_aa *aa, uint32_t inst, uint32_t call) {
  aa->queries++;
  if (inst >= aa->f->insts.n || call >= aa->f->insts.n) return MSSA_MR_NONE;
  mssa__alias_query_begin(aa);
  const mssa_inst *i = &aa->f->insts.a[inst];
  MSSA_ASSERT(aa->depth == 0);   /* invariant 1 */
  if (is_call_op(i->opcode)) return public_mr(mssa__call_call_modref(aa, inst, call));
  /* isFenceLike: fences, and (for completeness) any instruction LLVM treats
  ** as a fence */
  if (i->opcode == MSSA_OP_FENCE || i->opcode == MSSA_OP_CATCHPAD || i->opcode == MSSA_OP_CATCHRET)
    return MSSA_MR_MODREF;
  mssa_loc l;
  if (!mssa_aa_inst_loc(aa, inst, &l)) return MSSA_MR_NONE;
  unsigned mr = mssa__call_loc_modref(aa, call, &l);
  if (!mssa__mr_isnomodref(mr)) return public_mr(mssa__mr_setmodref(mr));
  return MSSA_MR_NONE;
}
