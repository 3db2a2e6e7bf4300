/*
** test_deps.c -- query/deps.h on LLVM IR: concrete answers of depends,
** value, accesses and promotable, then `value` checked against brute force:
** on small random CFGs every path from the entry to a load (up to a
** length) is executed on an abstract memory, and a Known(v) answer must be
** what the load reads on every one of them -- the very instance of v.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "mssa/mssa.h"
#include "query/deps.h"
#include "query/mssa_query.h"
#include "tap.h"

/* ------------------------------------------------------------- fixtures */

typedef struct fx {
  mssa_module *m;
  mssa_func *f;
  mssa_ssa *s;
} fx;

static int fx_open(fx *x, const char *text, const char *fn) {
  mssa_diag d;
  memset(x, 0, sizeof *x);
  if (mssa_module_parse("t.ll", text, strlen(text), &x->m, &d) != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&d, buf, sizeof buf);
    diag("%s", buf);
    return -1;
  }
  x->f = &x->m->funcs.a[mssa_module_find_func(x->m, fn)];
  mssa_build_opts bo = {UINT32_MAX, MSSA_AA_ALL, false, false};
  return mssa_ssa_build(x->m, x->f, &bo, &x->s);
}

static void fx_close(fx *x) {
  mssa_ssa_free(x->s);
  mssa_module_free(x->m);
}

static uint32_t I(fx *x, const char *name) {
  uint32_t i = MSSA_NONE;
  if (mssa_q_inst_by_name(x->m, x->f, name, &i)) diag("no instruction %s", name);
  return i;
}

/* The instruction at block:index. */
static uint32_t AT(fx *x, const char *block, unsigned index) {
  uint32_t b = MSSA_NONE, i = MSSA_NONE;
  mssa_q_block_by_name(x->m, x->f, block, &b);
  mssa_q_inst_at(x->f, b, index, &i);
  return i;
}

/* value(): "Known(%name)" / "Known(7)" / "Unknown". */
static const char *value_of(fx *x, const char *load, char *buf, size_t cap) {
  mssa_deps_val v;
  if (mssa_deps_value(x->s, I(x, load), &v)) return "error";
  if (!v.known) snprintf(buf, cap, "Unknown");
  else if (MSSA_VAL_KIND(v.value) == MSSA_VK_INST) {
    char nm[48];
    mssa_q_inst_name(x->m, x->f, MSSA_VAL_INDEX(v.value), nm, sizeof nm);
    snprintf(buf, cap, "Known(%s)", nm);
  } else if (MSSA_VAL_KIND(v.value) == MSSA_VK_CONST) {
    snprintf(buf, cap, "Known(%lld)", (long long)mssa_const_get(x->m, v.value)->ival);
  } else {
    snprintf(buf, cap, "Known(?)");
  }
  mssa_deps_val_free(&v);
  return buf;
}

/* ------------------------------------------------------- concrete cases */

static const char *loops =
    "declare void @use(i64)\n"
    "declare void @esc(ptr)\n"
    "define void @f(i1 %c, ptr %p, i64 %n) {\n"
    "entry:\n"
    "  %a = alloca i64\n"
    "  %b = alloca i64\n"
    "  store i64 1, ptr %a\n"
    "  store i64 5, ptr %b\n"
    "  br label %head\n"
    "head:\n"
    "  %i = phi i64 [ 0, %entry ], [ %j, %head ]\n"
    "  %x = add i64 %i, 1\n"
    "  %la = load i64, ptr %a\n"          /* reads the %x of the last round */
    "  store i64 %x, ptr %a\n"
    "  %j = add i64 %i, 1\n"
    "  br i1 %c, label %head, label %exit\n"
    "exit:\n"
    "  %lb = load i64, ptr %a\n"          /* the %x stored in the last round: Known */
    "  %lc = load i64, ptr %b\n"          /* 5: nothing else writes %b */
    "  store i64 9, ptr %p\n"             /* %p may be anything but %a, %b */
    "  %ld = load i64, ptr %b\n"
    "  call void @esc(ptr %b)\n"
    "  %le = load i64, ptr %b\n"          /* the call may write %b */
    "  ret void\n"
    "}\n";

static void test_value(void) {
  fx x;
  char buf[64];
  if (fx_open(&x, loops, "f")) bail_out("loops fixture");
  is_str(value_of(&x, "%la", buf, sizeof buf), "Unknown", "a load between v's definition and its store in a loop is Unknown");
  is_str(value_of(&x, "%lb", buf, sizeof buf), "Known(%x)", "after the loop: Known(%%x)");
  is_str(value_of(&x, "%lc", buf, sizeof buf), "Known(5)", "a constant store reaches through the loop");
  is_str(value_of(&x, "%ld", buf, sizeof buf), "Known(5)",
         "a store through an argument never writes a local alloca (BasicAA)");
  is_str(value_of(&x, "%le", buf, sizeof buf), "Unknown", "an escaping call clobbers");
  fx_close(&x);
}

static const char *deps =
    "define void @g(ptr noalias %p, ptr noalias %q, i1 %c) {\n"
    "entry:\n"
    "  store i32 1, ptr %p\n"             /* entry:0 */
    "  %v = load i32, ptr %p\n"
    "  store i32 2, ptr %q\n"             /* entry:2 */
    "  store i32 3, ptr %p\n"             /* entry:3 */
    "  br i1 %c, label %l, label %r\n"
    "l:\n"
    "  store i32 4, ptr %p\n"             /* l:0 */
    "  br label %j\n"
    "r:\n"
    "  br label %j\n"
    "j:\n"
    "  %w = load i32, ptr %p\n"
    "  br i1 %c, label %j, label %e\n"
    "e:\n"
    "  ret void\n"
    "}\n";

static void test_depends(void) {
  fx x;
  if (fx_open(&x, deps, "g")) bail_out("deps fixture");
  mssa_deps_dep d;
  mssa_deps_depends(x.s, AT(&x, "entry", 0), I(&x, "%v"), &d);
  ok(d.depends && d.kinds == MSSA_DEP_FLOW && d.alias == MSSA_MUST_ALIAS && d.path.n == 2,
     "store -> load: flow, MustAlias, path of two accesses");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, I(&x, "%v"), AT(&x, "entry", 3), &d);
  ok(d.depends && d.kinds == MSSA_DEP_ANTI, "load -> later store: anti");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, AT(&x, "entry", 0), AT(&x, "entry", 2), &d);
  ok(!d.depends && d.alias == MSSA_NO_ALIAS && d.reason, "noalias arguments: no dependence");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, AT(&x, "entry", 0), I(&x, "%w"), &d);
  ok(!d.depends && !d.reaches && (d.killer == AT(&x, "entry", 3) || d.killer == AT(&x, "l", 0)),
     "every path passes a covering store (the killer)");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, AT(&x, "entry", 3), I(&x, "%w"), &d);
  ok(d.depends && d.reaches, "store 3 reaches %%w through r");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, AT(&x, "l", 0), AT(&x, "entry", 3), &d);
  ok(!d.depends && !d.reaches && d.killer == MSSA_NONE, "no path from l back to the entry");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, I(&x, "%w"), I(&x, "%w"), &d);
  ok(!d.depends && d.kinds == 0 && d.reason, "a load against itself: both only read");
  mssa_deps_dep_free(&d);
  mssa_deps_depends(x.s, AT(&x, "l", 0), I(&x, "%w"), &d);
  ok(d.depends && d.path.n >= 2 && x.s->acc.a[d.path.a[d.path.n - 1]].inst == AT(&x, "l", 0),
     "the path ends at `from`");
  mssa_deps_dep_free(&d);
  /* accesses: every access once, paged */
  uint32_t total = mssa_deps_accesses(x.s, 0, 0, NULL);
  mssa_deps_access page[64];
  uint32_t t2 = mssa_deps_accesses(x.s, 2, 3, page);
  is_uint(total, mssa_q_naccesses(x.s) - 1, "accesses lists every access but liveOnEntry");
  ok(t2 == total && x.s->acc.a[page[0].access].kind != MSSA_ACC_LIVE, "a page from offset 2");
  fx_close(&x);
}

static const char *m2r =
    "declare void @h(ptr)\n"
    "define i32 @k(i1 %c) {\n"
    "entry:\n"
    "  %x = alloca i32\n"
    "  %p = alloca ptr\n"
    "  %e = alloca i32\n"
    "  %u = alloca i32\n"
    "  store ptr %x, ptr %p\n"
    "  %0 = load ptr, ptr %p\n"
    "  store i32 3, ptr %0\n"             /* after %p goes, %x is promotable */
    "  call void @h(ptr %e)\n"
    "  store i32 0, ptr %u\n"
    "  br i1 %c, label %t, label %j\n"
    "t:\n"
    "  store i32 1, ptr %u\n"
    "  br label %j\n"
    "j:\n"
    "  %1 = load i32, ptr %x\n"
    "  %2 = load i32, ptr %u\n"
    "  %3 = add i32 %1, %2\n"
    "  ret i32 %3\n"
    "}\n";

static void test_promotable(void) {
  fx x;
  if (fx_open(&x, m2r, "k")) bail_out("mem2reg fixture");
  mssa_deps_promote p;
  mssa_deps_promotable(x.s, &p);
  is_uint(p.n, 4, "four allocas");
  ok(p.a[0].promotable && p.a[0].round == 2 && p.a[0].nphi == 0 && p.a[0].loads == 1,
     "%%x: promoted in the second round, single store, one load");
  ok(p.a[1].promotable && p.a[1].round == 1, "%%p: promoted in the first round");
  char why[256];
  mssa_deps_alloca_reason(x.m, x.f, &p.a[2], why, sizeof why);
  ok(!p.a[2].promotable && strstr(why, "passed to a call") && strstr(why, "@h"),
     "%%e escapes into a call: %s", why);
  uint32_t jb = MSSA_NONE;
  mssa_q_block_by_name(x.m, x.f, "j", &jb);
  ok(p.a[3].promotable && p.a[3].nphi == 1 && p.phis.a[p.a[3].phi_off] == jb,
     "%%u: one phi, in j");
  mssa_deps_promote_free(&p);
  fx_close(&x);
}

/* ------------------------------------------------------ brute force */

#define BF_BLOCKS 6
#define BF_INSTS 5
#define BF_PATH 8
#define BF_FUNCS 4000

enum { OP_STC, OP_STV, OP_DEF, OP_LD, OP_STSEL, OP_CALL, OP_ESC, OP_NOPS };
/* slot 2: through the block's pointer phi %pB, which picks %a0 or %a1 by
** the edge it came in on (an address that changes around loops) */
#define SLOT_PHI 2

typedef struct bop {
  int op, slot, k;    /* slot: alloca 0/1 or SLOT_PHI; k: constant */
} bop;

typedef struct bfn {
  int nb;
  int n[BF_BLOCKS];
  bop ins[BF_BLOCKS][BF_INSTS];
  int t1[BF_BLOCKS], t2[BF_BLOCKS];   /* successors; -1 none */
  bool hasp[BF_BLOCKS];               /* the block has %pB */
  int pin[BF_BLOCKS][BF_BLOCKS];      /* %pB's alloca when entered from a pred */
} bfn;

static unsigned rng_state = 12345;
static unsigned rnd(unsigned n) {
  rng_state = rng_state * 1103515245u + 12345u;
  return (rng_state >> 8) % n;
}

/* A random function; value %dB_K is defined at block B, instruction K. */
static bool is_pred(const bfn *g, int p, int b) { return g->t1[p] == b || g->t2[p] == b; }

static void bf_make(bfn *g) {
  g->nb = 2 + (int)rnd(BF_BLOCKS - 1);
  for (int b = 0; b < g->nb; b++) {
    int s = (int)rnd(3);
    g->t1[b] = s == 0 || b == g->nb - 1 ? -1 : 1 + (int)rnd((unsigned)g->nb - 1);
    g->t2[b] = s == 2 && g->t1[b] >= 0 ? 1 + (int)rnd((unsigned)g->nb - 1) : -1;
  }
  for (int b = 0; b < g->nb; b++) {
    g->hasp[b] = false;
    for (int p = 0; p < g->nb; p++) {
      g->pin[b][p] = (int)rnd(2);
      g->hasp[b] |= b > 0 && is_pred(g, p, b) && rnd(2);
    }
  }
  for (int b = 0; b < g->nb; b++) {
    g->n[b] = (int)rnd(BF_INSTS + 1);
    bool defd = false;
    for (int k = 0; k < g->n[b]; k++) {
      bop *o = &g->ins[b][k];
      o->op = (int)rnd(OP_NOPS);
      o->slot = (int)rnd(g->hasp[b] && o->op <= OP_LD ? 3 : 2);
      o->k = 1 + (int)rnd(2);
      if (o->op == OP_STV && !defd) o->op = OP_DEF;
      if (o->op == OP_DEF) defd = true;
    }
  }
}

/* The last OP_DEF before instruction k of block b, or -1. */
static int last_def(const bfn *g, int b, int k) {
  for (int j = k - 1; j >= 0; j--)
    if (g->ins[b][j].op == OP_DEF) return j;
  return -1;
}

static void bf_text(const bfn *g, char *out, size_t cap) {
  size_t n = 0;
#define P(...) n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, __VA_ARGS__)
  P("declare void @unk()\ndeclare void @esc(ptr)\n"
    "define void @r(i1 %%c, i64 %%z) {\nb0:\n  %%a0 = alloca i64\n  %%a1 = alloca i64\n"
    "  %%sel = select i1 %%c, ptr %%a0, ptr %%a1\n");
  for (int b = 0; b < g->nb; b++) {
    if (b) P("b%d:\n", b);
    if (g->hasp[b]) {
      P("  %%p%d = phi ptr", b);
      for (int p = 0, first = 1; p < g->nb; p++)
        if (is_pred(g, p, b)) {
          P("%s [ %%a%d, %%b%d ]", first ? "" : ",", g->pin[b][p], p);
          first = 0;
        }
      P("\n");
    }
    char sl[BF_INSTS][16];
    for (int k = 0; k < g->n[b]; k++) {
      const bop *o = &g->ins[b][k];
      if (o->slot == SLOT_PHI) snprintf(sl[k], sizeof sl[k], "p%d", b);
      else snprintf(sl[k], sizeof sl[k], "a%d", o->slot);
    }
    for (int k = 0; k < g->n[b]; k++) {
      const bop *o = &g->ins[b][k];
      switch (o->op) {
      case OP_STC: P("  store i64 %d, ptr %%%s\n", o->k, sl[k]); break;
      case OP_STV: P("  store i64 %%d%d_%d, ptr %%%s\n", b, last_def(g, b, k), sl[k]); break;
      case OP_DEF: P("  %%d%d_%d = add i64 %%z, %d\n", b, k, o->k); break;
      case OP_LD: P("  %%l%d_%d = load i64, ptr %%%s\n", b, k, sl[k]); break;
      case OP_STSEL: P("  store i64 %d, ptr %%sel\n", o->k); break;
      case OP_CALL: P("  call void @unk()\n"); break;
      default: P("  call void @esc(ptr %%a%d)\n", o->slot); break;
      }
    }
    if (g->t1[b] < 0) P("  ret void\n");
    else if (g->t2[b] < 0) P("  br label %%b%d\n", g->t1[b]);
    else P("  br i1 %%c, label %%b%d, label %%b%d\n", g->t1[b], g->t2[b]);
  }
  P("}\n");
#undef P
}

/* A memory cell of the abstract execution. */
enum { T_NONE, T_CONST, T_VAL, T_ANY };
typedef struct cell {
  int kind, k, b, idx, inst;   /* CONST: k; VAL: defined at (b, idx), instance */
} cell;

typedef struct bfrun {
  const bfn *g;
  int lb, lk;                  /* the load */
  int want_kind, wk, wb, widx; /* the claim: CONST k, or VAL (b, idx) */
  int path[BF_PATH];
  long paths, bad;
} bfrun;

/* Executes the path; 1 if the claim holds for it. */
static int bf_check_path(bfrun *r, int len) {
  const bfn *g = r->g;
  cell mem[2] = {{T_NONE, 0, 0, 0, 0}, {T_NONE, 0, 0, 0, 0}};
  int runs[BF_BLOCKS][BF_INSTS] = {{0}};
  bool escaped[2] = {false, false};
  int pslot = 0;
  for (int p = 0; p < len; p++) {
    int b = r->path[p], end = p == len - 1 ? r->lk : g->n[b];
    if (p > 0) pslot = g->pin[b][r->path[p - 1]];
    for (int k = 0; k < end; k++) {
      const bop *o = &g->ins[b][k];
      int slot = o->slot == SLOT_PHI ? pslot : o->slot;
      switch (o->op) {
      case OP_STC: mem[slot] = (cell){T_CONST, o->k, 0, 0, 0}; break;
      case OP_STV: {
        int d = last_def(g, b, k);
        mem[slot] = (cell){T_VAL, 0, b, d, runs[b][d]};
        break;
      }
      case OP_DEF: runs[b][k]++; break;
      case OP_STSEL: mem[0].kind = mem[1].kind = T_ANY; break;
      case OP_ESC:
      case OP_CALL:   /* an escaping call may write what it is given, too */
        if (o->op == OP_ESC) escaped[o->slot] = true;
        for (int s = 0; s < 2; s++)
          if (escaped[s]) mem[s].kind = T_ANY;
        break;
      default: break;
      }
    }
  }
  int ls = g->ins[r->lb][r->lk].slot;
  const cell *c = &mem[ls == SLOT_PHI ? pslot : ls];
  if (r->want_kind == T_CONST) return c->kind == T_CONST && c->k == r->wk;
  return c->kind == T_VAL && c->b == r->wb && c->idx == r->widx && c->inst == runs[r->wb][r->widx];
}

/* Every path from b0 to the load's block of at most BF_PATH blocks
** (explicit stack of successor choices). */
static void bf_paths(bfrun *r) {
  const bfn *g = r->g;
  int choice[BF_PATH];
  int len = 1;
  r->path[0] = 0;
  choice[0] = 0;
  while (len > 0) {
    int b = r->path[len - 1];
    if (choice[len - 1] == 0 && b == r->lb) {
      r->paths++;
      if (!bf_check_path(r, len)) r->bad++;
    }
    int c = choice[len - 1]++;
    int next = c == 0 ? g->t1[b] : c == 1 ? g->t2[b] : -1;
    if (c >= 2 || len == BF_PATH) {
      len--;
      continue;
    }
    if (next < 0) continue;
    r->path[len] = next;
    choice[len] = 0;
    len++;
  }
}

static void test_brute_force(void) {
  static char text[16384];
  long loads = 0, known = 0, paths = 0, bad = 0, failed = 0;
  for (int fnum = 0; fnum < BF_FUNCS; fnum++) {
    bfn g;
    bf_make(&g);
    bf_text(&g, text, sizeof text);
    fx x;
    if (fx_open(&x, text, "r")) {
      failed++;
      continue;
    }
    for (int b = 0; b < g.nb; b++)
      for (int k = 0; k < g.n[b]; k++) {
        if (g.ins[b][k].op != OP_LD) continue;
        char nm[32];
        snprintf(nm, sizeof nm, "%%l%d_%d", b, k);
        mssa_deps_val v;
        if (mssa_deps_value(x.s, I(&x, nm), &v)) continue;
        loads++;
        if (v.known) {
          known++;
          bfrun r = {&g, b, k, T_CONST, 0, 0, 0, {0}, 0, 0};
          if (MSSA_VAL_KIND(v.value) == MSSA_VK_CONST) r.wk = (int)mssa_const_get(x.m, v.value)->ival;
          else if (sscanf(mssa_str(x.m, x.f->insts.a[MSSA_VAL_INDEX(v.value)].name), "d%d_%d", &r.wb,
                          &r.widx) == 2)
            r.want_kind = T_VAL;
          bf_paths(&r);
          paths += r.paths;
          bad += r.bad;
          if (r.bad && bad == r.bad) diag("first violation: %s in\n%s", nm, text);
        }
        mssa_deps_val_free(&v);
      }
    fx_close(&x);
  }
  is_int(failed, 0, "all %d random functions read and built", BF_FUNCS);
  ok(known > 500 && paths > 2 * known, "brute force exercised: %ld loads, %ld Known, %ld paths", loads,
     known, paths);
  is_int(bad, 0, "no Known answer is contradicted by a path");
}

int main(void) {
  no_plan();
  test_value();
  test_depends();
  test_promotable();
  test_brute_force();
  return done_testing();
}
