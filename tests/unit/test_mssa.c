/*
** test_mssa.c -- MemorySSA construction, use optimization, walker, printer
** and verifier on small functions with answers recorded from LLVM 14's opt
** (the .expected files under tests/fixtures/mssa were made with
**   opt -passes='print<memoryssa>' -disable-output F.ll 2>&1 | grep -E '^(; |MemorySSA)'
** and likewise print<memoryssa-walker>), plus huge generated CFGs that
** must build without recursion.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "mssa/mssa.h"
#include "tap.h"
#include "test_util.h"


/* Keeps only header and annotation lines (what opt's printout is compared on). */
static char *annotations(const char *text) {
  size_t n = strlen(text);
  char *out = malloc(n + 1), *o = out;
  const char *p = text;
  while (*p) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if ((len >= 2 && p[0] == ';' && p[1] == ' ') || (len >= 9 && !strncmp(p, "MemorySSA", 9))) {
      memcpy(o, p, len);
      o += len;
      *o++ = '\n';
    }
    p += len + (e ? 1 : 0);
  }
  *o = 0;
  return out;
}

static mssa_module *parse_text(const char *name, const char *text) {
  mssa_module *m = NULL;
  mssa_diag d;
  memset(&d, 0, sizeof d);
  if (mssa_module_parse(name, text, strlen(text), &m, &d) != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&d, buf, sizeof buf);
    diag("%s", buf);
    return NULL;
  }
  return m;
}

/* Builds and prints every function; returns malloc'd printout. */
static char *print_module(mssa_module *m, bool walker, int *verify_failures) {
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  for (uint32_t i = 0; i < m->funcs.n; i++) {
    mssa_func *f = &m->funcs.a[i];
    if (f->is_decl) continue;
    mssa_ssa *s = NULL;
    if (mssa_ssa_build(m, f, NULL, &s) != MSSA_OK) continue;
    char msg[256];
    if (mssa_verify(s, msg, sizeof msg) < 0) {
      diag("verify: %s", msg);
      ++*verify_failures;
    }
    mssa_print_function(out, s, walker);
    mssa_ssa_free(s);
  }
  fclose(out);
  return buf;
}

static void check_file(const char *dir, const char *stem) {
  char path[2048], exp[2048], wexp[2048];
  snprintf(path, sizeof path, "%s/%s.ll", dir, stem);
  snprintf(exp, sizeof exp, "%s/%s.expected", dir, stem);
  snprintf(wexp, sizeof wexp, "%s/%s.walker.expected", dir, stem);
  char *text = slurp(path, NULL), *e1 = slurp(exp, NULL), *e2 = slurp(wexp, NULL);
  if (!ok(text && e1 && e2, "%s: fixtures readable", stem)) return;
  mssa_module *m = parse_text(path, text);
  if (ok(m != NULL, "%s: parses", stem)) {
    int vf = 0;
    char *p1 = print_module(m, false, &vf);
    char *a1 = annotations(p1);
    is_str(a1, e1, "%s: print<memoryssa> annotations match opt", stem);
    char *p2 = print_module(m, true, &vf);
    char *a2 = annotations(p2);
    is_str(a2, e2, "%s: print<memoryssa-walker> annotations match opt", stem);
    is_int(vf, 0, "%s: verifier accepts every function", stem);
    free(p1); free(a1); free(p2); free(a2);
    mssa_module_free(m);
  }
  free(text); free(e1); free(e2);
}

static mssa_ssa *build_only(mssa_module *m, const char *fname) {
  uint32_t fi = mssa_module_find_func(m, fname);
  if (fi == MSSA_NONE) return NULL;
  mssa_ssa *s = NULL;
  if (mssa_ssa_build(m, &m->funcs.a[fi], NULL, &s) != MSSA_OK) return NULL;
  return s;
}

/* A chain of N blocks, each storing to %p: N defs, no phis. */
static void test_chain(uint32_t n) {
  sbuf b = {0};
  sb_printf(&b, "define void @chain(i32* %%p) {\nentry:\n  br label %%b0\n");
  for (uint32_t i = 0; i < n; i++)
    sb_printf(&b, "b%u:\n  store i32 %u, i32* %%p\n  br label %%b%u\n", i, i, i + 1);
  sb_printf(&b, "b%u:\n  %%v = load i32, i32* %%p\n  ret void\n}\n", n);
  mssa_module *m = parse_text("chain.ll", b.a);
  free(b.a);
  if (!ok(m != NULL, "chain of %u blocks parses", n)) return;
  mssa_ssa *s = build_only(m, "chain");
  if (ok(s != NULL, "chain of %u blocks builds", n)) {
    is_uint(s->ndefs, n, "chain: %u defs", n);
    is_uint(s->nphis, 0, "chain: no phis");
    char msg[256];
    is_int(mssa_verify(s, msg, sizeof msg), 0, "chain: verifies");
    /* The final load is clobbered by the last store (MustAlias). */
    const mssa_func *f = s->f;
    uint32_t last = f->blocks.a[f->last_block].first;
    uint32_t a = mssa_ssa_inst_access(s, last);
    ok(a != MSSA_NONE && s->acc.a[s->acc.a[a].def].id == n, "chain: load uses def %u", n);
    mssa_ssa_free(s);
  }
  mssa_module_free(m);
}

/* N allocas, N stores, N loads in one block: use optimization asks N*N
** distinct (store, location) pairs, none twice. The walker's memo is capped
** (walker.c invariant 8): the build's peak memory does not grow with N*N.
** Unbounded, N = 3000 took about 200 MB of map. */
static void test_memo_bounded(uint32_t n) {
  sbuf b = {0};
  sb_printf(&b, "define void @flat() {\nentry:\n");
  for (uint32_t i = 0; i < n; i++) sb_printf(&b, "  %%a%u = alloca i32, align 4\n", i);
  for (uint32_t i = 0; i < n; i++) sb_printf(&b, "  store i32 %u, i32* %%a%u, align 4\n", i, i);
  for (uint32_t i = 0; i < n; i++) sb_printf(&b, "  %%v%u = load i32, i32* %%a%u, align 4\n", i, i);
  sb_printf(&b, "  ret void\n}\n");
  mssa_module *m = parse_text("flat.ll", b.a);
  free(b.a);
  if (!ok(m != NULL, "flat function of %u stores parses", n)) return;
  struct rusage r0, r1;
  getrusage(RUSAGE_SELF, &r0);
  mssa_ssa *s = build_only(m, "flat");
  getrusage(RUSAGE_SELF, &r1);
  if (ok(s != NULL, "flat function of %u stores builds", n)) {
    /* Each load's clobber is its own store, found past n-1 NoAlias ones. */
    uint32_t a = mssa_ssa_inst_access(s, 2 * n);   /* the first load */
    ok(a != MSSA_NONE && s->acc.a[s->acc.a[a].def].id == 1, "flat: the first load uses the first store");
    long grown_kb = r1.ru_maxrss - r0.ru_maxrss;
    ok(grown_kb < 64 * 1024, "flat: the build's peak memory grew %ld KiB (cap 64 MiB)", grown_kb);
    mssa_ssa_free(s);
  }
  mssa_module_free(m);
}

/* N nested loops, each header storing: one phi per header, ids after defs. */
static void test_nested(uint32_t n) {
  sbuf b = {0};
  sb_printf(&b, "define void @nest(i32* %%p, i1 %%c) {\nentry:\n  br label %%h0\n");
  for (uint32_t i = 0; i < n; i++) {
    if (i + 1 < n)
      sb_printf(&b, "h%u:\n  store i32 %u, i32* %%p\n  br label %%h%u\n", i, i, i + 1);
    else
      sb_printf(&b, "h%u:\n  store i32 %u, i32* %%p\n  br label %%l%u\n", i, i, i);
  }
  for (uint32_t i = n; i-- > 0;) {
    if (i > 0)
      sb_printf(&b, "l%u:\n  br i1 %%c, label %%h%u, label %%l%u\n", i, i, i - 1);
    else
      sb_printf(&b, "l0:\n  br i1 %%c, label %%h0, label %%exit\n");
  }
  sb_printf(&b, "exit:\n  %%v = load i32, i32* %%p\n  ret void\n}\n");
  mssa_module *m = parse_text("nest.ll", b.a);
  free(b.a);
  if (!ok(m != NULL, "%u nested loops parse", n)) return;
  mssa_ssa *s = build_only(m, "nest");
  if (ok(s != NULL, "%u nested loops build", n)) {
    is_uint(s->ndefs, n, "nest: %u defs", n);
    /* Phis at every header and at every latch block l1..l(n-1) whose
    ** predecessors differ in reaching defs (l_i gets l_{i+1} and h_i...). */
    ok(s->nphis >= n, "nest: at least one phi per loop header (%u)", s->nphis);
    char msg[256];
    is_int(mssa_verify(s, msg, sizeof msg), 0, "nest: verifies");
    uint32_t h0 = s->f->blocks.a[s->f->entry].next;
    ok(s->phi[h0] != MSSA_NONE && s->acc.a[s->phi[h0]].id > n, "nest: phi ids come after def ids");
    mssa_ssa_free(s);
  }
  mssa_module_free(m);
}

/* The verifier must notice each kind of corruption (and name it). */
static void test_verifier_catches(void) {
  static const char *src =
      "define i32 @v(i32* %p, i32* %q, i1 %c) {\n"
      "entry:\n  store i32 0, i32* %p\n  br i1 %c, label %l, label %r\n"
      "l:\n  store i32 1, i32* %q\n  br label %j\n"
      "r:\n  br label %j\n"
      "j:\n  %x = load i32, i32* %p\n  store i32 2, i32* %q\n  ret i32 %x\n}\n";
  mssa_module *m = parse_text("v.ll", src);
  if (!ok(m != NULL, "verifier fixture parses")) return;
  uint32_t fi = mssa_module_find_func(m, "v");
  char msg[256];
  struct { const char *what, *code; } cases[] = {
    {"a def defined by the wrong access", "V4"},
    {"a phi missing an operand", "V5"},
    {"a phi operand from the wrong definition", "V5"},
    {"a duplicate id", "V3"},
    {"accesses out of order", "V2"},
    {"a stale last def", "V2"},
  };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    mssa_ssa *s = NULL;
    mssa_ssa_build(m, &m->funcs.a[fi], NULL, &s);
    is_int(mssa_verify(s, msg, sizeof msg), 0, "fresh graph verifies (%s case)", cases[k].code);
    uint32_t j = s->f->last_block, phi = s->phi[j];
    uint32_t use = s->first[j] == phi ? s->acc.a[phi].next : s->first[j];
    uint32_t def3 = s->acc.a[use].next;
    switch (k) {
    case 0: s->acc.a[def3].def = 0; break;
    case 1: s->acc.a[phi].nops--; break;
    case 2: s->phiops.a[s->acc.a[phi].ops + 1] = 0; break;
    case 3: s->acc.a[def3].id = s->acc.a[phi].id; break;
    case 4: { uint32_t t = s->inst_pos[s->acc.a[use].inst];
              s->inst_pos[s->acc.a[use].inst] = s->inst_pos[s->acc.a[def3].inst];
              s->inst_pos[s->acc.a[def3].inst] = t; break; }
    case 5: s->lastdef[j] = phi; break;
    }
    int r = mssa_verify(s, msg, sizeof msg);
    ok(r < 0 && strstr(msg, cases[k].code) != NULL, "verifier reports %s (%s): %s", cases[k].what,
       cases[k].code, msg);
    mssa_ssa_free(s);
  }
  mssa_module_free(m);
}

/* The walker's phi-search memo (walker.c invariant 6) must give every use
** the answer a fresh search would: %p and %q are searched from the same
** phi (one location must not get the other's answer), and x1 and x3 reach
** that phi with budgets 1 and 3 below the check limit (three stores to %r
** above x3), so at limit 12 x3's budget is below the steps x1's search took
** and the search must run again. Each row is opt-22's answer:
**   opt-22 -passes='print<memoryssa>' -memssa-check-limit=L */
static void test_phi_memo(void) {
  static const char *src =
      "define void @f(i32 %n, i1 %c) {\n"
      "entry:\n  %p = alloca i32\n  %q = alloca i32\n  %r = alloca i32\n  %s = alloca i32\n"
      "  store i32 0, ptr %p\n  store i32 0, ptr %s\n  store i32 0, ptr %s\n  store i32 0, ptr %s\n"
      "  store i32 0, ptr %q\n  br label %loop\n"
      "loop:\n  switch i32 %n, label %latch [ i32 0, label %a\n i32 1, label %b\n"
      "  i32 2, label %d\n i32 3, label %e ]\n"
      "a:\n  store i32 3, ptr %r\n  %x1 = load i32, ptr %p\n  br label %latch\n"
      "b:\n  %x2 = load i32, ptr %q\n  br label %latch\n"
      "d:\n  store i32 2, ptr %r\n  store i32 2, ptr %r\n  store i32 2, ptr %r\n"
      "  %x3 = load i32, ptr %p\n  br label %latch\n"
      "e:\n  %x4 = load i32, ptr %q\n  br label %latch\n"
      "latch:\n  store i32 1, ptr %q\n  br i1 %c, label %loop, label %exit\n"
      "exit:\n  %x5 = load i32, ptr %p\n  ret void\n}\n";
  /* limit (UINT32_MAX: none), then the ids of x1..x5's clobbers */
  static const uint32_t want[][6] = {
    {0, 6, 12, 9, 12, 10},  {6, 6, 12, 9, 12, 10},  {7, 5, 12, 9, 12, 10},
    {8, 4, 12, 9, 12, 4},   {9, 3, 12, 5, 12, 3},   {10, 2, 12, 4, 12, 2},
    {11, 1, 12, 3, 12, 1},  {12, 1, 12, 2, 12, 1},  {13, 1, 12, 1, 12, 1},
    {UINT32_MAX, 1, 12, 1, 12, 1},
  };
  mssa_module *m = parse_text("memo.ll", src);
  if (!ok(m != NULL, "phi memo fixture parses")) return;
  mssa_module_set_llvm_version(m, 22);
  uint32_t fi = mssa_module_find_func(m, "f");
  for (unsigned k = 0; k < sizeof want / sizeof want[0]; k++) {
    mssa_build_opts o = {want[k][0], MSSA_AA_ALL, false, want[k][0] == 0};
    mssa_ssa *s = NULL;
    if (!ok(mssa_ssa_build(m, &m->funcs.a[fi], &o, &s) == MSSA_OK, "phi memo: builds (limit %u)", want[k][0]))
      continue;
    char got[64] = "", exp[64] = "";
    unsigned nl = 0;
    const mssa_func *f = s->f;
    for (uint32_t i = 0; i < f->insts.n; i++) {
      uint32_t a = mssa_ssa_inst_access(s, i);
      if (f->insts.a[i].opcode != MSSA_OP_LOAD || a == MSSA_NONE || nl >= 5) continue;
      uint32_t d = s->acc.a[a].def;
      snprintf(got + strlen(got), sizeof got - strlen(got), " %u", s->acc.a[d].id);
      snprintf(exp + strlen(exp), sizeof exp - strlen(exp), " %u", want[k][1 + nl++]);
    }
    is_str(got, exp, "phi memo: clobbers of x1..x5 with limit %u are opt-22's", want[k][0]);
    mssa_ssa_free(s);
  }
  mssa_module_free(m);
}

int main(int argc, char **argv) {
  (void)argc;
  const char *root = getenv("MEMSSA_ROOT");
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/fixtures/mssa", root ? root : ".");
  (void)argv;
  check_file(dir, "diamond");
  test_verifier_catches();
  test_phi_memo();
  test_memo_bounded(3000);
  test_chain(100000);
  test_nested(100000);
  return done_testing();
}
