/*
** refine.c -- the walker's view of a call through the callee's summary:
** the refinement hook (alias/aa.h, mssa_aa_set_refine) that takes MOD
** (REF) away from a call's answer for a location when no write (read)
** entry of the summary, mapped through the call's actual arguments, can
** touch the location.
**
** Which entry may touch a location L (of the caller, with underlying
** object O):
**   global g [lo, hi)   O is g and the bytes overlap, or O is not an
**                       identified object of the caller and g's address
**                       is taken;
**   param i [lo, hi)    L and argument i are constant offsets from one
**                       value and L's bytes meet [lo, hi) from
**                       the argument; or else the alias query of L against
**                       argument i (size hi, or before-or-after the pointer
**                       when lo < 0 or the range is whole) is not NoAlias;
**   alloc               O is not an argument, a global or an alloca;
**   other               O is not a global whose address is never taken and
**                       not a local object that never escapes, and, for
**                       other memory of tagged accesses, TBAA does not tell
**                       L's tag from theirs; other memory that is errno:
**                       O is not an alloca or a global the program defines;
**   inaccessible        O is not an alloca or a global the program defines
**                       (stdio's state); never, for the state no program
**                       code reaches (the allocator's: MSSA_IPA_HIDDEN).
**
** Invariants:
**   1. The hook only takes bits away (aa.c checks it), and only when the
**      callee's summary is known for that side: an unknown summary or a
**      call this file has no record of keeps LLVM's answer.
**   2. It asks only top-level queries of the context (the query it refines
**      is over): mssa_aa_points_to, mssa_aa_alias, mssa_aa_non_escaping_local.
**   3. It reads the program and never writes it: builds on several threads
**      may share one program.
**
** Pure C11; no libuv, no jansson.
*/
#include <string.h>

#include "ipa/ipa_internal.h"

typedef struct target {
  const mssa_program *p;
  uint32_t mod;
  mssa_aa *aa;
  const mssa_module *m;
  const mssa_func *f;
  const mssa_inst *call;
  const mssa_loc *loc;
  mssa_points_to pt;
  uint32_t gid;        /* O's program global, or MSSA_NONE */
  bool is_alloca, is_arg, is_global;
  int nonescaping;     /* -1 not asked yet */
} target;

static bool loc_size(const mssa_loc *l, uint64_t *out) {
  if (l->size == MSSA_LOC_UNKNOWN || l->size == MSSA_LOC_AFTER) return false;
  *out = l->size & ~MSSA_LOC_UPPER_BOUND;
  return true;
}

static bool global_touch(const target *t, const mssa_ipa_entry *e) {
  if (t->is_global) {
    if (t->gid == MSSA_NONE) return true;   /* an alias */
    if (t->gid != e->id) return false;
    uint64_t sz;
    if (e->whole || !t->pt.offset_known || !loc_size(t->loc, &sz)) return true;
    int64_t lo = t->pt.offset, hi = lo + (int64_t)sz;
    return lo < e->hi && e->lo < hi;
  }
  if (t->is_alloca) return false;
  return t->p->globals.a[e->id].address_taken;
}

static bool param_touch(target *t, const mssa_ipa_entry *e) {
  uint32_t n = mssa_call_nargs(t->call);
  const mssa_val *ops = mssa_inst_ops(t->f, t->call);
  if (!e->from && e->id >= n) return true;   /* not passed: keep LLVM's answer */
  uint32_t k1 = e->from ? n : e->id + 1;
  for (uint32_t k = e->id; k < k1; k++) {
    mssa_val a = ops[1 + k];
    uint32_t ty = mssa_val_type(t->m, t->f, a);
    if (ty == MSSA_NONE || t->m->types.a[ty].kind != MSSA_T_PTR) {
      if (!e->from) return true;
      continue;
    }
    /* the same object at constant offsets from it: the bytes decide */
    mssa_points_to pa;
    uint64_t sz;
    /* (one base value at constant offsets: exact, identified or not) */
    if (!e->whole && !e->from && t->pt.offset_known && loc_size(t->loc, &sz) &&
        (mssa_aa_points_to(t->aa, a, &pa), pa.offset_known) && pa.object == t->pt.object) {
      int64_t lo = t->pt.offset - pa.offset, hi = lo + (int64_t)sz;
      if (hi <= e->lo || e->hi <= lo) continue;
      return true;
    }
    mssa_loc l2 = {a, MSSA_LOC_UNKNOWN, MSSA_NONE, MSSA_NONE, MSSA_NONE};
    if (!e->whole && !e->from && e->lo >= 0 && e->hi > 0) l2.size = (uint64_t)e->hi;
    if (mssa_aa_alias(t->aa, t->loc, &l2) != MSSA_NO_ALIAS) return true;
  }
  return false;
}

static bool nonescaping(target *t) {
  if (t->nonescaping < 0) t->nonescaping = mssa_aa_non_escaping_local(t->aa, t->pt.object);
  return t->nonescaping > 0;
}

static bool touches(target *t, const mssa_ipa_entry *e) {
  switch (e->kind) {
  case MSSA_IPA_GLOBAL: return global_touch(t, e);
  case MSSA_IPA_PARAM: return param_touch(t, e);
  case MSSA_IPA_ALLOC: return !(t->is_arg || t->is_global || t->is_alloca);
  case MSSA_IPA_OTHER:
    /* errno is no object of the program's own (a defined global, a stack slot) */
    if (e->id == MSSA_IPA_ERRNO)
      return !(t->is_alloca || (t->is_global && t->gid != MSSA_NONE && t->p->globals.a[t->gid].defined));
    if (t->is_global && t->gid != MSSA_NONE && !t->p->globals.a[t->gid].address_taken) return false;
    if (!t->is_global && nonescaping(t)) return false;
    /* every access it stands for has a tag that TBAA tells apart */
    if (e->id && (uint32_t)e->lo == t->mod && t->loc->tbaa != MSSA_NONE &&
        !mssa_aa_tbaa_may_alias(t->aa, t->loc->tbaa, e->id - 1))
      return false;
    return true;
  case MSSA_IPA_INACC:
    if (e->id == MSSA_IPA_HIDDEN) return false;   /* no program code reaches it */
    if (t->is_alloca) return false;
    return !(t->is_global && t->gid != MSSA_NONE && t->p->globals.a[t->gid].defined);
  default: return true;
  }
}

static bool any_touch(target *t, const mssa_ipa_entry *es, uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    if (touches(t, &es[k])) return true;
  return false;
}

static unsigned refine(void *ctx, mssa_aa *aa, uint32_t call, const mssa_loc *loc, unsigned mr) {
  const mssa__ipa_ctx *c = ctx;
  const mssa_program *p = c->p;
  const mssa_module *m = mssa_aa_module(aa);
  const mssa_func *f = mssa_aa_func(aa);
  MSSA_ASSERT(m == p->mods[c->mod]);   /* the hook of this module's builds */
  uint32_t fi = (uint32_t)(f - m->funcs.a);
  uint32_t k = p->fmap[c->mod][fi];
  /* a function the program did not choose (a discarded weak copy), or a
  ** call this file has no record of: LLVM's answer (invariant 1) */
  if (p->funcs.a[k].def_mod != c->mod || p->funcs.a[k].def_fi != fi) return mr;
  const mssa__ipa_call *cs = mssa__ipa_call_at(p, k, call);
  if (!cs) return mr;
  if (cs->callee == MSSA_NONE && cs->callee2 == MSSA_NONE) return cs->reason ? mr : MSSA_MR_NONE;
  const mssa_ipa_summary *s1 = cs->callee != MSSA_NONE ? &p->sum[cs->callee] : NULL;
  const mssa_ipa_summary *s2 = cs->callee2 != MSSA_NONE ? &p->sum[cs->callee2] : NULL;
  bool r_all = (s1 && s1->read_all) || (s2 && s2->read_all);
  bool w_all = (s1 && s1->write_all) || (s2 && s2->write_all);
  if (r_all && w_all) return mr;
  target t;
  memset(&t, 0, sizeof t);
  t.p = p; t.mod = c->mod; t.aa = aa; t.m = m; t.f = f; t.call = &f->insts.a[call]; t.loc = loc;
  t.nonescaping = -1;
  t.gid = MSSA_NONE;
  mssa_aa_points_to(aa, loc->ptr, &t.pt);
  mssa_val o = t.pt.object;
  switch (MSSA_VAL_KIND(o)) {
  case MSSA_VK_ARG: t.is_arg = true; break;
  case MSSA_VK_GLOBAL: t.is_global = true; t.gid = p->gmap[c->mod][MSSA_VAL_INDEX(o)]; break;
  case MSSA_VK_INST: t.is_alloca = f->insts.a[MSSA_VAL_INDEX(o)].opcode == MSSA_OP_ALLOCA; break;
  default: break;
  }
  unsigned r = mr;
  if ((mr & MSSA_MR_MOD) && !w_all && !(s1 && any_touch(&t, s1->w, s1->nw)) &&
      !(s2 && any_touch(&t, s2->w, s2->nw)))
    r &= ~(unsigned)MSSA_MR_MOD;
  if ((mr & MSSA_MR_REF) && !r_all && !(s1 && any_touch(&t, s1->r, s1->nr)) &&
      !(s2 && any_touch(&t, s2->r, s2->nr)))
    r &= ~(unsigned)MSSA_MR_REF;
  if (!(r & MSSA_MR_MODREF)) r = MSSA_MR_NONE;
  return r;
}

void mssa_program_refine(const mssa_program *p, uint32_t mod, mssa_refine *out) {
  MSSA_ASSERT(p->summarized && mod < p->nmods);   /* ipa.h: summarized first */
  out->fn = refine;
  out->ctx = &p->ctx[mod];
}
