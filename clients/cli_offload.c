/*
** cli_offload.c -- the offline queries compilers offload, for people:
**
**   memssa promotable --local FILE.ll [FUNCTION] [--json]
**
** what LLVM 14's mem2reg would do with each alloca of FUNCTION: promoted
** or why not, where its phis go, how many loads it replaces. With --json
** it prints the `promotable` method's result exactly as the daemon encodes
** it (jansson's compact form: no spaces, keys in this order). Without
** FUNCTION: every defined function, with --json one line each,
** {"function":NAME,"allocas":[...]}.
**
** Invariants:
**   1. Bad IR is one line FILE:LINE:COL: error: MSG on stderr, status 1;
**      bad usage is status 2.
**   2. The JSON is built with jansson and dumped compact, keys in the
**      order the daemon's `promotable` handler packs them (protocol/m_deps.c),
**      so it is the daemon's reply byte for byte; a name that is not UTF-8
**      has its high bytes replaced by '?', as the daemon does.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "memssa.h"

#define NAME_CAP 1024
#define REASON_CAP 2048

/* A JSON string of `s`; bytes that are not UTF-8 become '?' (as the
** daemon's mssa__jstr does). */
static json_t *jstr(const char *s) {
  json_t *v = json_string(s);
  if (v) return v;
  size_t n = strlen(s);
  char *t = malloc(n + 1);
  if (!t) return NULL;
  for (size_t i = 0; i <= n; i++) t[i] = (unsigned char)s[i] >= 0x80 ? '?' : s[i];
  v = json_string(t);
  free(t);
  return v;
}

static void block_label(const mssa_module *m, const mssa_func *f, uint32_t b, char *buf) {
  buf[0] = '%';
  mssa_q_block_name(m, f, b, buf + 1, NAME_CAP - 1);
}

/* The `promotable` result, {"allocas":[...]}, with the function's name
** first when `tag` is not NULL. */
static json_t *result_new(const mssa_module *m, const mssa_func *f, const mssa_deps_promote *r,
                          const char *tag) {
  char nm[NAME_CAP], why[REASON_CAP];
  json_t *arr = json_array();
  for (uint32_t k = 0; arr && k < r->n; k++) {
    const mssa_deps_alloca *a = &r->a[k];
    json_t *blocks = json_array();
    for (uint32_t j = 0; blocks && j < a->nphi; j++) {
      block_label(m, f, r->phis.a[a->phi_off + j], nm);
      json_array_append_new(blocks, jstr(nm));
    }
    mssa_deps_alloca_reason(m, f, a, why, sizeof why);
    mssa_q_inst_name(m, f, a->inst, nm, sizeof nm);
    json_array_append_new(arr, json_pack("{sosbsosIso}", "inst", jstr(nm), "promotable", a->promotable,
                                         "phi_blocks", blocks, "loads", (json_int_t)a->loads,
                                         "reason", a->promotable ? json_null() : jstr(why)));
  }
  if (tag) return json_pack("{soso}", "function", jstr(tag), "allocas", arr);
  return json_pack("{so}", "allocas", arr);
}

/* One line of JSON; 1 if jansson could not build or write it. */
static int print_json(const mssa_module *m, const mssa_func *f, const mssa_deps_promote *r,
                      const char *tag) {
  json_t *o = result_new(m, f, r, tag);
  int bad = !o || json_dumpf(o, stdout, JSON_COMPACT) || fputc('\n', stdout) == EOF;
  json_decref(o);
  if (bad) fprintf(stderr, "memssa: promotable: could not write the JSON\n");
  return bad;
}

static void print_human(const mssa_module *m, const mssa_func *f, const mssa_deps_promote *r) {
  char nm[NAME_CAP], why[REASON_CAP];
  uint32_t np = 0, nphi = 0, nloads = 0;
  for (uint32_t k = 0; k < r->n; k++) {
    np += r->a[k].promotable;
    nphi += r->a[k].nphi;
    nloads += r->a[k].loads;
  }
  printf("@%s: %u allocas, %u promoted by mem2reg (%u loads replaced, %u phis)\n",
         mssa_str(m, f->name), r->n, np, nloads, nphi);
  for (uint32_t k = 0; k < r->n; k++) {
    const mssa_deps_alloca *a = &r->a[k];
    mssa_q_inst_name(m, f, a->inst, nm, sizeof nm);
    if (!a->promotable) {
      mssa_deps_alloca_reason(m, f, a, why, sizeof why);
      printf("  %-12s stays in memory: %s\n", nm, why);
      continue;
    }
    printf("  %-12s promoted (round %u), %u load%s replaced", nm, a->round, a->loads,
           a->loads == 1 ? "" : "s");
    for (uint32_t j = 0; j < a->nphi; j++) {
      block_label(m, f, r->phis.a[a->phi_off + j], nm);
      printf("%s%s", j ? ", " : "; phis in ", nm);
    }
    fputc('\n', stdout);
  }
}

/* One function: its result, in the form asked for. `tag` prints the
** function's name first (every function of the file, one JSON line each). */
static int promote_one(mssa_module *m, uint32_t fi, bool json, bool tag) {
  mssa_ssa *s = NULL;
  mssa_build_opts bo = {UINT32_MAX, MSSA_AA_ALL, false, false};
  if (mssa_ssa_build(m, &m->funcs.a[fi], &bo, &s) != MSSA_OK) return 1;
  mssa_deps_promote r;
  mssa_deps_promotable(s, &r);
  int rc = 0;
  if (json) rc = print_json(m, &m->funcs.a[fi], &r, tag ? mssa_str(m, m->funcs.a[fi].name) : NULL);
  else print_human(m, &m->funcs.a[fi], &r);
  mssa_deps_promote_free(&r);
  mssa_ssa_free(s);
  return rc;
}

int mssa_cli_promotable_local(int argc, char **argv) {
  const char *pos[2] = {NULL, NULL};
  int npos = 0;
  bool local = false, json = false;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--local")) local = true;
    else if (!strcmp(argv[i], "--json")) json = true;
    else if (npos < 2) pos[npos++] = argv[i];
    else npos = 3;
  }
  if (!local || npos < 1 || npos > 2) {
    fprintf(stderr, "usage: memssa promotable --local FILE.ll [FUNCTION] [--json]\n");
    return 2;
  }
  mssa_module *m = NULL;
  mssa_diag d;
  memset(&d, 0, sizeof d);
  if (mssa_module_parse_file(pos[0], &m, &d) != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&d, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
    return 1;
  }
  int rc = 0;
  if (pos[1]) {
    uint32_t fi = mssa_module_find_func(m, pos[1][0] == '@' ? pos[1] + 1 : pos[1]);
    if (fi == MSSA_NONE || m->funcs.a[fi].is_decl || promote_one(m, fi, json, false)) {
      fprintf(stderr, "memssa promotable: no defined function '%s' in %s\n", pos[1], pos[0]);
      rc = 1;
    }
  } else {
    for (uint32_t fi = 0; fi < m->funcs.n; fi++)
      if (!m->funcs.a[fi].is_decl) rc |= promote_one(m, fi, json, true);
  }
  mssa_module_free(m);
  return rc;
}
