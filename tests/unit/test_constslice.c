/*
** test_constslice.c -- constant slices (alias/phitrans.h, phitrans.c
** invariants 4-7): folds into a slice leave the module's tables alone,
** give the one-thread printout, and a slice too small (0 or 1 constants)
** reports overflow; the graph rebuilt with no slice (what the CLI's -j
** does then, clients/cli_jobs.c invariant 4) prints the same again; with
** an on_full hook that hands the module over, folds past the slice go into
** the module and the printout is the same.
**
** Fixture: tests/fixtures/jobs/folds.ll, whose functions one, two and cast
** fold constants while their uses are optimized (two folds more than one).
*/
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/phitrans.h"
#include "mssa/mssa.h"
#include "reader/reader.h"
#include "tap.h"

static mssa_module *load(void) {
  const char *root = getenv("MEMSSA_ROOT") ? getenv("MEMSSA_ROOT") : ".";
  char path[4096];
  snprintf(path, sizeof path, "%s/tests/fixtures/jobs/folds.ll", root);
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse_file(path, &m, &d) != MSSA_OK) bail_out("cannot read the fixture");
  return m;
}

static const mssa_func *func(const mssa_module *m, const char *name) {
  uint32_t fi = mssa_module_find_func(m, name);
  if (fi == MSSA_NONE) bail_out("no function in the fixture");
  return &m->funcs.a[fi];
}

/* Builds `name` twice, printing the plain then the walker form, each graph
** with slice `sl` (reset for it) in use, or none; *overflow: a slice
** overflowed; *most: the most one graph folded. Returns the text. */
static char *build_print(mssa_module *m, const char *name, mssa_const_slice *sl, bool *overflow,
                         uint32_t *most) {
  mssa_const_slice *prev = mssa_const_slice_use(sl);
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  *overflow = false;
  *most = 0;
  for (int walker = 0; walker < 2; walker++) {
    if (sl) mssa_const_slice_reset(sl);
    uint32_t n0 = m->consts.n;
    mssa_build_opts bo = {UINT32_MAX, MSSA_AA_ALL, false, false};
    mssa_ssa *s = NULL;
    if (mssa_ssa_build(m, func(m, name), &bo, &s) != MSSA_OK) bail_out("build failed");
    mssa_print_function(out, s, walker);
    mssa_ssa_free(s);
    uint32_t k = sl ? sl->c_n : m->consts.n - n0;
    if (k > *most) *most = k;
    if (sl && sl->overflow) *overflow = true;
  }
  fclose(out);
  mssa_const_slice_use(prev);
  return buf;
}

static const char *const NAMES[] = {"one", "two", "cast", "plain"};

static unsigned hook_calls;
static bool take_module(void *arg) {
  (*(unsigned *)arg)++;
  return true;
}

int main(void) {
  no_plan();
  /* The one-thread answers, and proof that the fixture folds. */
  mssa_module *m = load();
  char *ref[4];
  uint32_t folds[4];
  for (int i = 0; i < 4; i++) {
    bool of;
    ref[i] = build_print(m, NAMES[i], NULL, &of, &folds[i]);
  }
  ok(folds[0] == 1 && folds[1] > 1 && folds[2] > 0, "one, two, cast fold (%u, %u, %u per graph)",
     folds[0], folds[1], folds[2]);
  is_uint(folds[3], 0, "plain folds nothing");
  mssa_module_free(m);

  /* Slices of 0, 1, and enough constants. */
  m = load();
  mssa_const_slice sl[3];
  mssa_const_slice_reserve(m, sl, 0, 0);
  mssa_const_slice_reserve(m, sl + 1, 1, 8);
  mssa_const_slice_reserve(m, sl + 2, 64, 256);
  ok(sl[0].c_lo == sl[1].c_lo && sl[1].c_lo + 1 == sl[2].c_lo && sl[2].c_lo + 64 == m->consts.n,
     "slices lie after the module's constants, in order");
  uint32_t nc = m->consts.n, no = m->cops.n;
  const mssa_const *ca = m->consts.a;
  for (int i = 0; i < 4; i++) {
    bool of;
    uint32_t most;
    char *t = build_print(m, NAMES[i], &sl[2], &of, &most);
    ok(!of && !strcmp(t, ref[i]), "%s: a large slice prints the one-thread text", NAMES[i]);
    is_uint(most, folds[i], "%s: its folds went into the slice", NAMES[i]);
    free(t);
  }
  ok(m->consts.n == nc && m->cops.n == no && m->consts.a == ca,
     "with slices, the module's tables neither grew nor moved");
  for (int z = 0; z < 2; z++) {
    for (int i = 0; i < 4; i++) {
      bool of;
      uint32_t most;
      char *t = build_print(m, NAMES[i], &sl[z], &of, &most);
      bool expect = folds[i] > (uint32_t)z;
      is_int(of, expect, "slice of %d: %s %s", z, NAMES[i], expect ? "overflows" : "does not");
      if (!of) ok(!strcmp(t, ref[i]), "slice of %d: %s prints the one-thread text", z, NAMES[i]);
      free(t);
      if (!of) continue;
      /* the fallback: no slice, folding into the module */
      t = build_print(m, NAMES[i], NULL, &of, &most);
      ok(!strcmp(t, ref[i]), "slice of %d: %s rebuilt without a slice prints the same", z,
         NAMES[i]);
      free(t);
    }
  }
  ok(m->consts.n > nc, "the fallback folded into the module");

  /* A hook that hands the module over: folds past the full slice go into
  ** the module, and nothing overflows. */
  for (int i = 0; i < 4; i++) {
    bool of;
    uint32_t most, n0 = m->consts.n;
    hook_calls = 0;
    sl[1].on_full = take_module;
    sl[1].on_full_arg = &hook_calls;
    char *t = build_print(m, NAMES[i], &sl[1], &of, &most);
    sl[1].on_full = NULL;
    ok(!of && !strcmp(t, ref[i]), "slice of 1 with a hook: %s prints the one-thread text", NAMES[i]);
    is_uint(m->consts.n - n0, hook_calls, "%s: each fold past the slice called the hook and "
            "went into the module (%u)", NAMES[i], hook_calls);
    ok((hook_calls > 0) == (folds[i] > 1), "%s: the hook was called iff a graph folds more than one",
       NAMES[i]);
    free(t);
  }
  ok(mssa_const_slice_use(NULL) == NULL, "no slice is left in use");
  mssa_module_free(m);
  for (int i = 0; i < 4; i++) free(ref[i]);
  return done_testing();
}
