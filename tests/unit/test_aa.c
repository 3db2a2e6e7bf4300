/*
** test_aa.c -- alias analysis: unit cases with concrete answers (each also
** checked against opt 14 by the differential part), and a differential
** test against `opt -passes=aa-eval` on tests/fixtures/aa/ fixtures and a few corpus
** files (skipped when opt is absent).
**
**   build/tests/test_aa              the TAP suite
**   build/tests/test_aa F.ll ...     differential numbers for the given files
**
** Invariants:
**   1. Every expected answer below is what LLVM 14's aa-eval prints for the
**      same query (tests/fixtures/aa/ fixtures hold the IR; the differential test re-checks
**      all of them whenever opt is installed).
**   2. Fixtures are found in $MSSA_TEST_DIR, else $MEMSSA_ROOT/tests/fixtures/aa (set
**      by `make test`), else tests/fixtures/aa under the working directory; the LLVM
**      corpus under $MEMSSA_SHARED (default /work/shared).
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alias/aa.h"
#include "aa_eval.h"
#include "ir/ir.h"
#include "reader/reader.h"
#include "alias/alias_internal.h"
#include "tap.h"

static const char *fixture_dir(void) {
  static char buf[1024];
  const char *d = getenv("MSSA_TEST_DIR");
  if (d) return d;
  const char *root = getenv("MEMSSA_ROOT");   /* set by `make test` */
  if (root) { snprintf(buf, sizeof buf, "%s/tests/fixtures/aa", root); return buf; }
  return "tests/fixtures/aa";
}

static mssa_module *load(const char *name) {
  char path[2200];
  snprintf(path, sizeof path, "%s/%s", fixture_dir(), name);
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse_file(path, &m, &d) != MSSA_OK) {
    diag("cannot parse %s: %s:%u:%u: %s", path, d.file, d.line, d.col, d.msg);
    return NULL;
  }
  return m;
}

static const mssa_func *func(const mssa_module *m, const char *name) {
  uint32_t i = mssa_module_find_func(m, name);
  return i == MSSA_NONE ? NULL : &m->funcs.a[i];
}

/* Value by textual name: %name (instruction or argument) or @name (global). */
static mssa_val val(const mssa_module *m, const mssa_func *f, const char *name) {
  if (name[0] == '@') {
    for (uint32_t g = 0; g < m->globals.n; g++)
      if (!strcmp(mssa_str(m, m->globals.a[g].name), name + 1)) return MSSA_VAL(MSSA_VK_GLOBAL, g);
    return MSSA_VAL_NONE;
  }
  const char *n = name[0] == '%' ? name + 1 : name;
  for (uint32_t a = 0; a < f->nargs; a++)
    if (f->args[a].name != MSSA_NONE && !strcmp(mssa_str(m, f->args[a].name), n)) return MSSA_VAL(MSSA_VK_ARG, a);
  for (uint32_t i = 0; i < f->insts.n; i++)
    if (f->insts.a[i].name != MSSA_NONE && !strcmp(mssa_str(m, f->insts.a[i].name), n))
      return MSSA_VAL(MSSA_VK_INST, i);
  return MSSA_VAL_NONE;
}

/* The k-th instruction (0-based) with the given opcode. */
static uint32_t nth(const mssa_func *f, unsigned opcode, unsigned k) {
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next)
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next)
      if (f->insts.a[i].opcode == opcode && k-- == 0) return i;
  return MSSA_NONE;
}

/* Location of a pointer with its pointee's store size (as aa-eval asks). */
static mssa_loc ploc(const mssa_module *m, const mssa_func *f, mssa_aa *aa, const char *name) {
  (void)f;
  mssa_loc l = { val(m, f, name), MSSA_LOC_UNKNOWN, MSSA_NONE, MSSA_NONE, MSSA_NONE };
  l.size = aev_ptr_size(m, aa, l.ptr);
  return l;
}

static mssa_alias_result qa(const mssa_module *m, const mssa_func *f, mssa_aa *aa, const char *a, const char *b) {
  mssa_loc la = ploc(m, f, aa, a), lb = ploc(m, f, aa, b);
  return mssa_aa_alias(aa, &la, &lb);
}

static mssa_alias_result qstores(mssa_aa *aa, const mssa_func *f, unsigned s1, unsigned s2) {
  mssa_loc a, b;
  mssa_aa_inst_loc(aa, nth(f, MSSA_OP_STORE, s1), &a);
  mssa_aa_inst_loc(aa, nth(f, MSSA_OP_STORE, s2), &b);
  return mssa_aa_alias(aa, &a, &b);
}

#define NO MSSA_NO_ALIAS
#define MAY MSSA_MAY_ALIAS
#define PART MSSA_PARTIAL_ALIAS
#define MUST MSSA_MUST_ALIAS

static void test_basic(void) {
  mssa_module *m = load("basic.ll");
  if (!m) { skip(30, "basic.ll did not parse"); return; }
  const mssa_func *f = func(m, "distinct");
  mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%a", "%b"), NO, "distinct allocas: NoAlias");
  is_int(qa(m, f, aa, "@g1", "@g2"), NO, "distinct globals: NoAlias");
  is_int(qa(m, f, aa, "%m1", "%m2"), NO, "distinct noalias calls: NoAlias");
  is_int(qa(m, f, aa, "%a", "@g1"), NO, "alloca vs global: NoAlias");
  is_int(qa(m, f, aa, "%arg", "@g1"), MAY, "argument vs global: MayAlias");
  is_int(qa(m, f, aa, "%arg", "%m1"), NO, "argument vs noalias call: NoAlias");
  mssa_aa_free(aa);

  f = func(m, "nonescaping");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%a", "%arg"), NO, "non-escaping alloca vs argument: NoAlias");
  is_int(qa(m, f, aa, "%a", "%l"), NO, "non-escaping alloca vs loaded pointer: NoAlias");
  is_int(qa(m, f, aa, "%a", "%c"), NO, "non-escaping alloca vs call result: NoAlias");
  is_int(qa(m, f, aa, "%l", "%c"), MAY, "loaded pointer vs call result: MayAlias");
  mssa_aa_free(aa);

  f = func(m, "escaping");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%a", "%l"), MAY, "escaped alloca vs loaded pointer: MayAlias");
  is_int(qa(m, f, aa, "%a", "%c"), MAY, "escaped alloca vs call result: MayAlias");
  is_int(qa(m, f, aa, "%a", "@g1"), NO, "escaped alloca vs global: still NoAlias");
  is_int(qa(m, f, aa, "%l", "@g1"), MAY, "loaded pointer vs global: MayAlias");
  mssa_aa_free(aa);

  f = func(m, "noalias_args");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%p", "%q"), NO, "noalias arg vs arg: NoAlias");
  is_int(qa(m, f, aa, "%p", "%r"), NO, "two noalias args: NoAlias");
  mssa_aa_free(aa);

  f = func(m, "too_big");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%l64", "@g1"), NO, "8-byte access vs 4-byte global: NoAlias");
  is_int(qa(m, f, aa, "%l", "@g1"), MAY, "4-byte access vs 4-byte global: MayAlias");
  mssa_aa_free(aa);

  f = func(m, "offsets");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%f0", "%f1"), NO, "disjoint constant offsets: NoAlias");
  is_int(qa(m, f, aa, "%f1", "%f1b"), MUST, "equal constant offsets: MustAlias");
  is_int(qa(m, f, aa, "%c3i", "%f0"), PART, "overlapping constant offsets: PartialAlias");
  is_int(qa(m, f, aa, "%c3i", "%f1"), PART, "overlapping constant offsets (2): PartialAlias");
  is_int(qa(m, f, aa, "%c", "%c3"), NO, "byte 0 vs byte 3: NoAlias");
  is_int(qa(m, f, aa, "%a3", "%ai"), MAY, "variable index vs constant: MayAlias");
  is_int(qa(m, f, aa, "%s", "%f1"), PART, "whole struct vs field: PartialAlias");
  mssa_aa_free(aa);

  f = func(m, "through_array");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%p", "%v1"), MAY, "pointer loaded from memory may alias the alloca stored there");
  is_int(qa(m, f, aa, "%p", "%v2"), NO, "...but not the (non-escaping) array holding it");
  is_int(qstores(aa, f, 1, 2), MAY, "store through the loaded p vs store to v1: MayAlias");
  mssa_aa_free(aa);

  f = func(m, "phis");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%p", "%a0"), NO, "phi of a[1],a[2] vs a[0]: NoAlias");
  is_int(qa(m, f, aa, "%s", "%a0"), NO, "select of a[1],a[2] vs a[0]: NoAlias");
  is_int(qa(m, f, aa, "%p", "%a1"), MAY, "phi vs one of its inputs: MayAlias");
  is_int(qa(m, f, aa, "%p", "%b"), NO, "phi of one alloca vs another alloca: NoAlias");
  mssa_aa_free(aa);

  f = func(m, "loop");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%p", "%pn"), NO, "recursive phi vs its increment: NoAlias");
  is_int(qa(m, f, aa, "%p", "%a0"), MAY, "recursive phi vs its start: MayAlias");
  is_int(qa(m, f, aa, "%p", "%base"), NO, "recursive phi over an alloca vs an argument: NoAlias");
  mssa_aa_free(aa);

  f = func(m, "bundle_capture");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "%a", "%l"), MAY, "alloca named in an operand bundle escapes: MayAlias");
  is_int(qa(m, f, aa, "%b", "%l"), NO, "alloca not in the bundle: NoAlias");
  mssa_aa_free(aa);

  f = func(m, "galiases");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qa(m, f, aa, "@ga", "@g1"), PART, "alias of a global is looked through (same object)");
  is_int(qa(m, f, aa, "@ga", "@g2"), NO, "alias of g1 vs g2: NoAlias");
  is_int(qa(m, f, aa, "@gw", "@g2"), MAY, "weak (interposable) alias is not looked through: MayAlias");
  is_int(qa(m, f, aa, "@gw", "@g1"), MAY, "weak alias vs another global: MayAlias");
  mssa_aa_free(aa);

  f = func(m, "constmem");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  mssa_loc l;
  ok(mssa_aa_inst_loc(aa, nth(f, MSSA_OP_LOAD, 0), &l), "load has a location");
  ok(mssa_aa_points_to_constant(aa, &l, false), "load from a constant global points to constant memory");
  mssa_aa_inst_loc(aa, nth(f, MSSA_OP_STORE, 0), &l);
  ok(!mssa_aa_points_to_constant(aa, &l, false), "store to a global does not");
  mssa_aa_free(aa);
  mssa_module_free(m);
}

static void test_tbaa_scoped(void) {
  mssa_module *m = load("tbaa.ll");
  if (!m) { skip(12, "tbaa.ll did not parse"); return; }
  const mssa_func *f = func(m, "tbaa_paths");
  mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  /* stores: 0 a.x, 1 b.y, 2 b.x, 3 *ip (int), 4 *fp (float), 5 *cp (char) */
  is_int(qstores(aa, f, 0, 1), NO, "TBAA: same struct, different fields: NoAlias");
  is_int(qstores(aa, f, 0, 2), MAY, "TBAA: same struct, same field: MayAlias");
  is_int(qstores(aa, f, 3, 4), NO, "TBAA: int vs float: NoAlias");
  is_int(qstores(aa, f, 0, 4), NO, "TBAA: struct int field vs float: NoAlias");
  is_int(qstores(aa, f, 5, 3), MAY, "TBAA: char aliases int");
  is_int(qstores(aa, f, 5, 4), MAY, "TBAA: char aliases float");
  is_int(qstores(aa, f, 1, 3), MAY, "TBAA: int vs struct int field: MayAlias");
  mssa_aa_free(aa);
  aa = mssa_aa_new(m, f, MSSA_AA_BASIC);
  is_int(qstores(aa, f, 3, 4), MAY, "TBAA layer off: int vs float is MayAlias");
  mssa_aa_free(aa);

  f = func(m, "scoped");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(qstores(aa, f, 0, 1), NO, "alias.scope A / noalias A vs scope B / noalias B: NoAlias");
  is_int(qstores(aa, f, 0, 2), MAY, "scoped access vs unscoped: MayAlias");
  mssa_loc a, b;
  mssa_aa_inst_loc(aa, nth(f, MSSA_OP_LOAD, 1), &a);   /* scope C */
  mssa_aa_inst_loc(aa, nth(f, MSSA_OP_STORE, 0), &b);  /* p: scope A, noalias B */
  is_int(mssa_aa_alias(aa, &a, &b), MAY, "scope C vs noalias B: MayAlias");
  mssa_aa_free(aa);
  aa = mssa_aa_new(m, f, MSSA_AA_BASIC | MSSA_AA_TBAA);
  is_int(qstores(aa, f, 0, 1), MAY, "scoped layer off: MayAlias");
  mssa_aa_free(aa);
  mssa_module_free(m);
}

static void test_calls(void) {
  mssa_module *m = load("calls.ll");
  if (!m) { skip(24, "calls.ll did not parse"); return; }
  const mssa_func *f = func(m, "calls");
  mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  uint32_t c_unknown = nth(f, MSSA_OP_CALL, 0), c_rn = nth(f, MSSA_OP_CALL, 1), c_ro = nth(f, MSSA_OP_CALL, 2),
           c_wo = nth(f, MSSA_OP_CALL, 3), c_am = nth(f, MSSA_OP_CALL, 4), c_amro = nth(f, MSSA_OP_CALL, 5),
           c_inacc = nth(f, MSSA_OP_CALL, 6), c_inaccarg = nth(f, MSSA_OP_CALL, 7), c_nc = nth(f, MSSA_OP_CALL, 8),
           c_memcpy = nth(f, MSSA_OP_CALL, 9), c_memset = nth(f, MSSA_OP_CALL, 10),
           c_life = nth(f, MSSA_OP_CALL, 11);
  is_int(mssa_aa_inst_modref(aa, c_unknown), MSSA_MR_MODREF, "unknown call: ModRef");
  is_int(mssa_aa_inst_modref(aa, c_rn), MSSA_MR_NONE, "readnone call: NoModRef");
  is_int(mssa_aa_inst_modref(aa, c_ro), MSSA_MR_REF, "readonly call: Ref");
  is_int(mssa_aa_inst_modref(aa, c_wo), MSSA_MR_MOD, "writeonly call: Mod");
  is_int(mssa_aa_inst_modref(aa, c_inacc), MSSA_MR_MODREF, "inaccessiblememonly call: ModRef (no location)");
  mssa_loc lp = ploc(m, f, aa, "%p"), lq = ploc(m, f, aa, "%q"), la = ploc(m, f, aa, "%a"), lg = ploc(m, f, aa, "@g");
  mssa_loc lc = ploc(m, f, aa, "@c"), lb0 = ploc(m, f, aa, "%b0"), lb4 = ploc(m, f, aa, "%b4");
  mssa_loc ld0 = ploc(m, f, aa, "%d0");
  is_int(mssa_aa_modref_loc(aa, c_unknown, &la), MSSA_MR_NONE, "unknown call vs non-escaping alloca: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_unknown, &lg), MSSA_MR_MODREF, "unknown call vs global: ModRef");
  is_int(mssa_aa_modref_loc(aa, c_unknown, &lc), MSSA_MR_REF, "unknown call vs constant global: Ref");
  is_int(mssa_aa_modref_loc(aa, c_ro, &lg), MSSA_MR_REF, "readonly call vs global: Ref");
  is_int(mssa_aa_modref_loc(aa, c_wo, &lg), MSSA_MR_MOD, "writeonly call vs global: Mod");
  is_int(mssa_aa_modref_loc(aa, c_am, &lg), MSSA_MR_MODREF, "argmemonly call vs a global its argument may point to: ModRef");
  is_int(mssa_aa_modref_loc(aa, c_am, &la), MSSA_MR_NONE, "argmemonly call vs a non-escaping alloca: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_am, &lp), MSSA_MR_MODREF | MSSA_MR_MUST, "argmemonly call vs its argument: MustModRef");
  is_int(mssa_aa_modref_loc(aa, c_amro, &lq), MSSA_MR_REF | MSSA_MR_MUST, "argmemonly readonly-param call vs its argument: MustRef");
  is_int(mssa_aa_modref_loc(aa, c_amro, &lp), MSSA_MR_REF, "argmemonly readonly-param call vs other pointer: Ref");
  is_int(mssa_aa_modref_loc(aa, c_inacc, &lg), MSSA_MR_NONE, "inaccessiblememonly call vs global: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_inaccarg, &lg), MSSA_MR_NONE, "inaccessiblemem_or_argmemonly vs unrelated global: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_nc, &la), MSSA_MR_MODREF, "call with the alloca as nocapture argument: ModRef (no Must)");
  is_int(mssa_aa_modref_loc(aa, c_memcpy, &lb0), MSSA_MR_MOD, "memcpy vs its destination: Mod");
  is_int(mssa_aa_modref_loc(aa, c_memcpy, &ld0), MSSA_MR_REF, "memcpy vs its source: Ref");
  is_int(mssa_aa_modref_loc(aa, c_memcpy, &lb4), MSSA_MR_NONE, "memcpy of 4 bytes vs byte 4 of the destination: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_memset, &lb4), MSSA_MR_MOD | MSSA_MR_MUST, "memset vs its destination: MustMod");
  is_int(mssa_aa_modref_loc(aa, c_memset, &lb0), MSSA_MR_NONE, "memset of bytes 4..7 vs byte 0: NoModRef");
  is_int(mssa_aa_modref_loc(aa, c_life, &ld0), MSSA_MR_MODREF | MSSA_MR_MUST, "lifetime.start vs its object: MustModRef");
  is_int(mssa_aa_modref_call(aa, c_ro, c_amro), MSSA_MR_NONE, "two reading calls: NoModRef");
  is_int(mssa_aa_modref_call(aa, c_unknown, c_ro), MSSA_MR_MODREF, "unknown call vs readonly call: ModRef");
  uint32_t st_a = nth(f, MSSA_OP_STORE, 0), st_g = nth(f, MSSA_OP_STORE, 1);
  is_int(mssa_aa_modref_call(aa, st_a, c_unknown), MSSA_MR_NONE, "store to non-escaping alloca vs unknown call: NoModRef");
  is_int(mssa_aa_modref_call(aa, st_g, c_ro), MSSA_MR_MODREF, "store to global vs readonly call: ModRef");
  is_int(mssa_aa_modref_loc(aa, st_g, &lg), MSSA_MR_MOD | MSSA_MR_MUST, "store vs its own location: MustMod");
  mssa_aa_free(aa);

  f = func(m, "bundles");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_CALL, 0)), MSSA_MR_MODREF, "operand bundle overrides callee readonly");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_CALL, 1)), MSSA_MR_MODREF, "operand bundle overrides callee writeonly");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_CALL, 3)), MSSA_MR_REF, "call-site readonly survives bundles");
  mssa_aa_free(aa);

  f = func(m, "orderings");
  aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_LOAD, 0)), MSSA_MR_REF, "plain load: Ref");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_LOAD, 1)), MSSA_MR_REF, "unordered load: Ref");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_LOAD, 2)), MSSA_MR_MODREF, "monotonic load: ModRef");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_STORE, 0)), MSSA_MR_MOD, "unordered store: Mod");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_STORE, 1)), MSSA_MR_MODREF, "release store: ModRef");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_FENCE, 0)), MSSA_MR_MODREF, "fence: ModRef");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_ATOMICRMW, 0)), MSSA_MR_MODREF, "atomicrmw: ModRef");
  is_int(mssa_aa_inst_modref(aa, nth(f, MSSA_OP_CMPXCHG, 0)), MSSA_MR_MODREF, "cmpxchg: ModRef");
  ok(mssa_aa_queries(aa) > 0, "queries are counted");
  mssa_aa_free(aa);
  mssa_module_free(m);
}

static int have_opt(void) {
  return system("opt --version >/dev/null 2>&1") == 0;
}

static void add_stats(aev_stats *t, const aev_stats *s) {
  t->funcs += s->funcs; t->funcs_cmp += s->funcs_cmp; t->funcs_skipped += s->funcs_skipped;
  t->queries += s->queries; t->agree += s->agree; t->disagree += s->disagree; t->unsound += s->unsound;
  t->alias_q += s->alias_q; t->alias_bad += s->alias_bad; t->ls_q += s->ls_q; t->ls_bad += s->ls_bad;
  t->mr_q += s->mr_q; t->mr_bad += s->mr_bad; t->cc_q += s->cc_q; t->cc_bad += s->cc_bad;
}

static void print_stats(const aev_stats *t) {
  printf("# functions %lu (compared %lu, not comparable %lu); queries %lu: agree %lu, disagree %lu (%lu unsound)\n",
         t->funcs, t->funcs_cmp, t->funcs_skipped, t->queries, t->agree, t->disagree, t->unsound);
  printf("# disagreements: alias %lu/%lu, load-store %lu/%lu, call-pointer mod/ref %lu/%lu, call-call %lu/%lu\n",
         t->alias_bad, t->alias_q, t->ls_bad, t->ls_q, t->mr_bad, t->mr_q, t->cc_bad, t->cc_q);
}

static void test_differential(void) {
  if (!have_opt()) { skip(4, "opt (LLVM 14) not installed"); return; }
  const char *fixtures[] = { "basic.ll", "tbaa.ll", "calls.ll", NULL };
  aev_stats tot = {0};
  for (int i = 0; fixtures[i]; i++) {
    char path[2200];
    snprintf(path, sizeof path, "%s/%s", fixture_dir(), fixtures[i]);
    aev_stats st = {0};
    int r = aev_compare_file(path, &st, 1, 10);
    ok(r == 1 && st.disagree == 0 && st.funcs_skipped == 0 && st.queries > 0,
       "aa-eval agrees on %s (%lu queries)", fixtures[i], st.queries);
    add_stats(&tot, &st);
  }
  /* A corpus sample: the LLVM MemorySSA tests. */
  char corpus[1200];
  const char *shared = getenv("MEMSSA_SHARED");
  snprintf(corpus, sizeof corpus, "%s/corpus/llvm-memoryssa", shared ? shared : "/work/shared");
  char cmd[1400];
  snprintf(cmd, sizeof cmd, "ls %s/*.ll 2>/dev/null", corpus);
  FILE *p = popen(cmd, "r");
  aev_stats cst = {0};
  if (p) {
    char line[1024];
    while (fgets(line, sizeof line, p)) {
      line[strcspn(line, "\n")] = 0;
      aev_stats st = {0};
      if (aev_compare_file(line, &st, 0, 0) == 1) add_stats(&cst, &st);
    }
    pclose(p);
  }
  if (cst.queries) {
    print_stats(&cst);
    ok(cst.unsound == 0, "no unsound answers on the LLVM MemorySSA corpus (%lu queries)", cst.queries);
  } else {
    skip(1, "LLVM MemorySSA corpus not available");
  }
  print_stats(&tot);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    aev_stats tot = {0};
    int show = getenv("SHOW") ? atoi(getenv("SHOW")) : 5;
    for (int i = 1; i < argc; i++) {
      aev_stats st = {0};
      clock_t t0 = clock();
      int r = aev_compare_file(argv[i], &st, 1, show);
      if (r <= 0) { fprintf(stderr, "%s: not compared (%s)\n", argv[i], r < 0 ? "parse error" : "no opt output"); continue; }
      fprintf(stderr, "%s: %lu queries, %lu disagree (%.1fs)\n", argv[i], st.queries, st.disagree,
              (double)(clock() - t0) / CLOCKS_PER_SEC);
      add_stats(&tot, &st);
    }
    print_stats(&tot);
    return tot.unsound ? 1 : 0;
  }
  {
    char path[2200];
    snprintf(path, sizeof path, "%s/basic.ll", fixture_dir());
    FILE *fx = fopen(path, "r");
    if (!fx) skip_all("fixtures not found: run from the repository root or set MSSA_TEST_DIR");
    fclose(fx);
  }
  no_plan();
  test_basic();
  test_tbaa_scoped();
  test_calls();
  test_differential();
  return done_testing();
}
