/*
** bench_update.c -- incremental update vs rebuild, same run.
**
** A generated function with 10,000 memory accesses (100 diamonds; 64 local
** objects; stores and loads in rotation) is built once; then, in the same
** process, we time (a) rebuilding its MemorySSA from scratch and (b) the
** updater inserting one store, removing it, and moving one store (and back),
** each repeated and reported per operation (median of 9 rounds). The graph
** is checked against a fresh build at the end.
**
** Build/run: bench/update.sh (compiles this against build/libmemssa.a).
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "memssa.h"

/* CPU time of this thread: the machine the benchmarks run on is shared, and
** wall-clock ratios swing with the load; both sides are measured alike. */
static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static char *gen(uint32_t diamonds, uint32_t per_block, uint32_t nobj, uint32_t *naccess) {
  size_t cap = (size_t)diamonds * per_block * 4 * 64 + 65536, n = 0;
  char *t = malloc(cap);
  n += (size_t)sprintf(t + n, "define void @big(i1 %%c) {\nentry:\n");
  for (uint32_t o = 0; o < nobj; o++) n += (size_t)sprintf(t + n, "  %%a%u = alloca i32\n", o);
  n += (size_t)sprintf(t + n, "  br label %%h0\n");
  uint32_t k = 0, acc = 0, val = 0;
  for (uint32_t d = 0; d < diamonds; d++) {
    const char *names[3] = {"h", "l", "r"};
    uint32_t counts[3] = {per_block * 2, per_block, per_block};
    for (int part = 0; part < 3; part++) {
      n += (size_t)sprintf(t + n, "%s%u:\n", names[part], d);
      for (uint32_t i = 0; i < counts[part]; i++, k++) {
        uint32_t o = (k * 7 + d) % nobj;
        if (k % 3 == 0) n += (size_t)sprintf(t + n, "  store i32 %u, i32* %%a%u\n", k, o);
        else n += (size_t)sprintf(t + n, "  %%v%u = load i32, i32* %%a%u\n", val++, o);
        acc++;
      }
      if (part == 0) n += (size_t)sprintf(t + n, "  br i1 %%c, label %%l%u, label %%r%u\n", d, d);
      else if (d + 1 < diamonds) n += (size_t)sprintf(t + n, "  br label %%h%u\n", d + 1);
      else n += (size_t)sprintf(t + n, "  br label %%exit\n");
    }
  }
  n += (size_t)sprintf(t + n, "exit:\n  ret void\n}\n");
  *naccess = acc;
  return t;
}

int main(int argc, char **argv) {
  uint32_t reps = argc > 1 ? (uint32_t)atoi(argv[1]) : 100;
  uint32_t nacc;
  char *text = gen(100, 25, 64, &nacc);
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("<bench>", text, strlen(text), &m, &d) != MSSA_OK) {
    fprintf(stderr, "parse failed: %s\n", d.msg);
    return 1;
  }
  free(text);
  mssa_func *f = &m->funcs.a[mssa_module_find_func(m, "big")];
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  printf("function: %u blocks, %u instructions, %u memory accesses (%u defs, %u uses, %u phis)\n",
         f->blocks.n, f->insts.n, nacc, s->ndefs, s->nuses, s->nphis);

  enum { ROUNDS = 9 };
  double rebuild[ROUNDS], ins[ROUNDS], rem[ROUNDS], mov[ROUNDS];
  /* the store to clone and the places to put it: the middle diamond's head */
  uint32_t mid_head = MSSA_NONE, mid_left = MSSA_NONE;
  for (uint32_t b = 0; b < f->blocks.n; b++) {
    const char *nm = mssa_str(m, f->blocks.a[b].name);
    if (!strcmp(nm, "h50")) mid_head = b;
    if (!strcmp(nm, "l50")) mid_left = b;
  }
  uint32_t anchor = f->blocks.a[mid_head].first;
  for (int k = 0; k < 20; k++) anchor = f->insts.a[anchor].next; /* 20 into the block */
  uint32_t proto_store = MSSA_NONE;
  for (uint32_t i = f->blocks.a[mid_head].first; i != MSSA_NONE; i = f->insts.a[i].next)
    if (f->insts.a[i].opcode == MSSA_OP_STORE) { proto_store = i; break; }
  mssa_inst proto = f->insts.a[proto_store];
  mssa_val ops[2] = {f->ops.a[proto.ops], f->ops.a[proto.ops + 1]};
  /* a store to move: the first store of l50, moved to the end of h50 and back */
  uint32_t mover = MSSA_NONE;
  for (uint32_t i = f->blocks.a[mid_left].first; i != MSSA_NONE; i = f->insts.a[i].next)
    if (f->insts.a[i].opcode == MSSA_OP_STORE) { mover = i; break; }
  uint32_t mover_next = f->insts.a[mover].next;

  uint64_t requeried0 = 0;
  for (int r = 0; r < ROUNDS; r++) {
    double t0 = now_us();
    mssa_ssa *fresh = NULL;
    mssa_ssa_build(m, f, NULL, &fresh);
    rebuild[r] = now_us() - t0;
    mssa_ssa_free(fresh);

    double ti = 0, tr = 0, tm = 0;
    requeried0 = mssa_update_counters.uses_requeried;
    for (uint32_t k = 0; k < reps; k++) {
      uint32_t id;
      double a = now_us();
      if (mssa_update_insert(m, f, s, &proto, ops, 2, MSSA_AT_BEFORE, anchor, &id)) return 2;
      double b = now_us();
      if (mssa_update_remove(m, f, s, id)) return 3;
      double c = now_us();
      if (mssa_update_move(m, f, s, mover, MSSA_AT_END, mid_head)) return 4;
      if (mssa_update_move(m, f, s, mover, MSSA_AT_BEFORE, mover_next)) return 5;
      double e = now_us();
      ti += b - a;
      tr += c - b;
      tm += (e - c) / 2;
    }
    ins[r] = ti / reps;
    rem[r] = tr / reps;
    mov[r] = tm / reps;
  }
  uint64_t requeried = mssa_update_counters.uses_requeried - requeried0;
  /* A CFG edit for comparison: the updater recomputes the CFG and the
  ** dominator tree and rebuilds the graph in place (ids kept). */
  double cfg[3];
  for (int r = 0; r < 3; r++) {
    uint32_t nb;
    uint32_t from = mid_left, to = MSSA_NONE;
    uint32_t t = mssa_block_terminator(f, from);
    to = MSSA_VAL_INDEX(f->ops.a[f->insts.a[t].ops]);
    double a = now_us();
    if (mssa_update_split_edge(m, f, s, from, to, &nb)) return 6;
    cfg[r] = now_us() - a;
    mid_left = nb; /* split the new edge next time */
  }
  qsort(cfg, 3, sizeof(double), cmpd);
  qsort(rebuild, ROUNDS, sizeof(double), cmpd);
  qsort(ins, ROUNDS, sizeof(double), cmpd);
  qsort(rem, ROUNDS, sizeof(double), cmpd);
  qsort(mov, ROUNDS, sizeof(double), cmpd);
  double rb = rebuild[ROUNDS / 2];
  printf("(CPU time per operation, median of %d rounds; %u repetitions per round)\n", ROUNDS, reps);
  printf("rebuild (mssa_ssa_build):   %10.1f us\n", rb);
  printf("insert one store:           %10.1f us   %6.0fx faster\n", ins[ROUNDS / 2], rb / ins[ROUNDS / 2]);
  printf("remove one store:           %10.1f us   %6.0fx faster\n", rem[ROUNDS / 2], rb / rem[ROUNDS / 2]);
  printf("move one store:             %10.1f us   %6.0fx faster\n", mov[ROUNDS / 2], rb / mov[ROUNDS / 2]);
  printf("split one edge (CFG edit):  %10.1f us   %6.1fx (graph rebuilt in place)\n", cfg[1], rb / cfg[1]);
  printf("uses re-queried per op (last round): %.1f\n",
         (double)requeried / (4.0 * reps));
  printf("updater: incremental %llu, reoptimized %llu, rebuilt %llu\n",
         (unsigned long long)mssa_update_counters.incremental,
         (unsigned long long)mssa_update_counters.reoptimized,
         (unsigned long long)mssa_update_counters.rebuilt);
  char msg[256];
  int v = mssa_verify(s, msg, sizeof msg);
  printf("verify after %u edits: %s\n", ROUNDS * reps * 4 + 3, v == 0 ? "ok" : msg);
  int worst = rb / ins[ROUNDS / 2] < 100 || rb / rem[ROUNDS / 2] < 100 || rb / mov[ROUNDS / 2] < 100;
  printf("updates at least 100x faster than a rebuild: %s\n", worst ? "NO" : "yes");
  mssa_ssa_free(s);
  mssa_module_free(m);
  return v != 0;
}
