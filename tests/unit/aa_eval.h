/*
** aa_eval.h -- an emulation of LLVM 14's `opt -passes=aa-eval
** -print-all-alias-modref-info -evaluate-aa-metadata` over our IR and
** alias analysis, and a comparison with opt's own output, query by query.
** Used by tests/unit/test_aa.c (differential tests, skipped without opt) and
** runnable by hand: build/tests/test_aa FILE.ll... prints per-file numbers.
**
** Invariants:
**   1. Queries are issued in exactly aa-eval's order (pointer pairs, then
**      load/store pairs, store/store pairs, call/pointer mod/ref, call/call
**      mod/ref), so results compare position by position; a function whose
**      query count differs from opt's is reported as "not comparable" and
**      never counted as agreeing.
**   2. opt runs in a child process with its output in a temporary file that
**      is removed afterwards.
**
** Pure C11 plus POSIX popen; tests only.
*/
#ifndef MSSA_TEST_AA_EVAL_H
#define MSSA_TEST_AA_EVAL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/aa.h"
#include "ir/ir.h"
#include "reader/reader.h"
#include "alias/alias_internal.h"

typedef struct aev_stats {
  unsigned long funcs, funcs_cmp, funcs_skipped;
  unsigned long queries, agree, disagree;
  unsigned long alias_q, alias_bad, ls_q, ls_bad, mr_q, mr_bad, cc_q, cc_bad;
  unsigned long unsound;     /* we said No* where opt did not */
} aev_stats;

static const char *aev_alias_word(mssa_alias_result r) {
  switch (r) {
  case MSSA_NO_ALIAS: return "NoAlias";
  case MSSA_MAY_ALIAS: return "MayAlias";
  case MSSA_PARTIAL_ALIAS: return "PartialAlias";
  default: return "MustAlias";
  }
}

static const char *aev_mr_word(unsigned mr) {   /* LLVM 14 encoding */
  switch (mr & 7u) {
  case 0: return "Must";
  case 1: return "Just Ref (MustAlias)";
  case 2: return "Just Mod (MustAlias)";
  case 3: return "Both ModRef (MustAlias)";
  case 4: return "NoModRef";
  case 5: return "Just Ref";
  case 6: return "Just Mod";
  default: return "Both ModRef";
  }
}

typedef struct aev_words { char **w; unsigned n, cap; } aev_words;

static void aev_push(aev_words *ws, const char *s) {
  if (ws->n == ws->cap) {
    ws->cap = ws->cap ? ws->cap * 2 : 256;
    ws->w = realloc(ws->w, ws->cap * sizeof *ws->w);
  }
  size_t l = strlen(s);
  char *c = malloc(l + 1);
  memcpy(c, s, l + 1);
  ws->w[ws->n++] = c;
}

static void aev_words_free(aev_words *ws) {
  for (unsigned i = 0; i < ws->n; i++) free(ws->w[i]);
  free(ws->w);
  ws->w = NULL; ws->n = ws->cap = 0;
}

static int aev_interesting(const mssa_module *m, const mssa_func *f, mssa_aa *aa, mssa_val v) {
  (void)f;
  if (!mssa__is_ptr(aa, v)) return 0;
  if (MSSA_VAL_KIND(v) == MSSA_VK_CONST) {
    const mssa_const *c = mssa_const_get(m, v);
    if (c->kind == MSSA_C_NULL) return 0;
    if (c->kind == MSSA_C_ZERO) return 0;
  }
  return 1;
}

static uint64_t aev_ptr_size(const mssa_module *m, mssa_aa *aa, mssa_val v) {
  uint32_t t = mssa__val_type(aa, v);
  if (t == MSSA_NONE) return MSSA_LOC_AFTER;
  const mssa_type *pt = &m->types.a[t];
  if (pt->kind != MSSA_T_PTR || pt->elem == MSSA_NONE) return MSSA_LOC_AFTER;
  const mssa_type *et = &m->types.a[pt->elem];
  if (!(et->flags & MSSA_TF_SIZED) || (et->flags & MSSA_TF_SCALABLE)) return MSSA_LOC_AFTER;
  return et->store_size;
}

/* Our answers for function f, in aa-eval's order; also records the kind of
** each query (0 alias, 1 load/store, 2 modref, 3 call/call) and whether the
** answer is a "No" one. */
static void aev_ours(const mssa_module *m, const mssa_func *f, aev_words *out, aev_words *kinds) {
  mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  MSSA_VEC(mssa_val) ptrs = {0};
  mssa_u32vec loads = {0}, stores = {0}, calls = {0};
#define ADDPTR(v) do { mssa_val v_ = (v); int dup_ = 0; \
    for (uint32_t q_ = 0; q_ < ptrs.n; q_++) if (ptrs.a[q_] == v_) { dup_ = 1; break; } \
    if (!dup_) mssa_vec_push(&ptrs, v_); } while (0)
  for (uint32_t a = 0; a < f->nargs; a++) {
    mssa_val v = MSSA_VAL(MSSA_VK_ARG, a);
    if (mssa__is_ptr(aa, v)) ADDPTR(v);
  }
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      const mssa_inst *in = &f->insts.a[i];
      const mssa_val *ops = mssa_inst_ops(f, in);
      if (mssa__is_ptr(aa, MSSA_VAL(MSSA_VK_INST, i))) ADDPTR(MSSA_VAL(MSSA_VK_INST, i));
      if (in->opcode == MSSA_OP_LOAD) mssa_vec_push(&loads, i);
      if (in->opcode == MSSA_OP_STORE) mssa_vec_push(&stores, i);
      if (in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_INVOKE || in->opcode == MSSA_OP_CALLBR) {
        mssa_val callee = ops[0];
        if (MSSA_VAL_KIND(callee) != MSSA_VK_FUNC && MSSA_VAL_KIND(callee) != MSSA_VK_ASM &&
            aev_interesting(m, f, aa, callee))
          ADDPTR(callee);
        uint32_t n = mssa_call_nargs(in);
        for (uint32_t k = 0; k < n; k++)
          if (aev_interesting(m, f, aa, ops[1 + k])) ADDPTR(ops[1 + k]);
        mssa_vec_push(&calls, i);
      } else {
        for (uint32_t k = 0; k < in->nops; k++) {
          unsigned kd = MSSA_VAL_KIND(ops[k]);
          if (kd == MSSA_VK_BLOCK || kd == MSSA_VK_META || kd == MSSA_VK_NONE) continue;
          if (aev_interesting(m, f, aa, ops[k])) ADDPTR(ops[k]);
        }
      }
    }
  }
#undef ADDPTR
  for (uint32_t i1 = 0; i1 < ptrs.n; i1++) {
    mssa_loc l1 = { ptrs.a[i1], aev_ptr_size(m, aa, ptrs.a[i1]), MSSA_NONE, MSSA_NONE, MSSA_NONE };
    for (uint32_t i2 = 0; i2 < i1; i2++) {
      mssa_loc l2 = { ptrs.a[i2], aev_ptr_size(m, aa, ptrs.a[i2]), MSSA_NONE, MSSA_NONE, MSSA_NONE };
      aev_push(out, aev_alias_word(mssa_aa_alias(aa, &l1, &l2)));
      aev_push(kinds, "a");
    }
  }
  for (uint32_t x = 0; x < loads.n; x++)
    for (uint32_t y = 0; y < stores.n; y++) {
      mssa_loc a, b;
      mssa_aa_inst_loc(aa, loads.a[x], &a);
      mssa_aa_inst_loc(aa, stores.a[y], &b);
      aev_push(out, aev_alias_word(mssa_aa_alias(aa, &a, &b)));
      aev_push(kinds, "l");
    }
  for (uint32_t x = 0; x < stores.n; x++)
    for (uint32_t y = 0; y < x; y++) {
      mssa_loc a, b;
      mssa_aa_inst_loc(aa, stores.a[x], &a);
      mssa_aa_inst_loc(aa, stores.a[y], &b);
      aev_push(out, aev_alias_word(mssa_aa_alias(aa, &a, &b)));
      aev_push(kinds, "l");
    }
  for (uint32_t c = 0; c < calls.n; c++)
    for (uint32_t p = 0; p < ptrs.n; p++) {
      mssa_loc l = { ptrs.a[p], aev_ptr_size(m, aa, ptrs.a[p]), MSSA_NONE, MSSA_NONE, MSSA_NONE };
      mssa__alias_query_begin(aa);
      aev_push(out, aev_mr_word(mssa__call_loc_modref(aa, calls.a[c], &l)));
      aev_push(kinds, "m");
    }
  for (uint32_t a = 0; a < calls.n; a++)
    for (uint32_t b = 0; b < calls.n; b++) {
      if (a == b) continue;
      mssa__alias_query_begin(aa);
      aev_push(out, aev_mr_word(mssa__call_call_modref(aa, calls.a[a], calls.a[b])));
      aev_push(kinds, "c");
    }
  mssa_vec_free(&ptrs); mssa_vec_free(&loads); mssa_vec_free(&stores); mssa_vec_free(&calls);
  mssa_aa_free(aa);
}

static int aev_is_no(const char *w) { return !strcmp(w, "NoAlias") || !strcmp(w, "NoModRef"); }

/* Is `ours` unsound relative to opt's `theirs` (claims less)? */
static int aev_unsound(const char *ours, const char *theirs) {
  if (aev_is_no(ours) && !aev_is_no(theirs)) return 1;
  if (!strcmp(ours, "MustAlias") && strcmp(theirs, "MustAlias")) return 1;
  if (strstr(ours, "Just Ref") && (strstr(theirs, "Mod"))) return 1;
  if (strstr(ours, "Just Mod") && (strstr(theirs, "Ref"))) return 1;
  return 0;
}

/* Runs opt on `path` and compares. Returns 0 if opt could not run. When
** verbose, prints up to `show` disagreements with opt's line. */
static int aev_compare_file(const char *path, aev_stats *st, int verbose, int show) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse_file(path, &m, &d) != MSSA_OK) {
    if (verbose) fprintf(stderr, "%s: parse failed: %s\n", path, d.msg);
    return -1;
  }
  char cmd[4096];
  snprintf(cmd, sizeof cmd,
           "opt -passes=aa-eval -print-all-alias-modref-info -evaluate-aa-metadata -disable-output '%s' 2>&1",
           path);
  /* AEV_OPT_OUT=FILE: read opt's output saved earlier instead of running it */
  const char *saved = getenv("AEV_OPT_OUT");
  FILE *p = saved ? fopen(saved, "r") : popen(cmd, "r");
  if (!p) { mssa_module_free(m); return 0; }
  size_t cap = 1 << 16;
  char *line = malloc(cap);
  char fname[1024] = "";
  aev_words theirs = {0}, lines = {0};
  int shown = 0;
  int any = 0;
  for (;;) {
    char *got = fgets(line, (int)cap, p);
    int is_header = got && !strncmp(line, "Function: ", 10);
    int is_end = !got || !strncmp(line, "=====", 5);
    if ((is_header || is_end) && fname[0]) {
      /* finish the previous function */
      uint32_t fi = mssa_module_find_func(m, fname);
      st->funcs++;
      if (fi == MSSA_NONE) { st->funcs_skipped++; }
      else {
        aev_words ours = {0}, kinds = {0};
        aev_ours(m, &m->funcs.a[fi], &ours, &kinds);
        if (ours.n != theirs.n) {
          st->funcs_skipped++;
          if (verbose) fprintf(stderr, "%s: @%s: %u queries here, %u from opt (not comparable)\n",
                               path, fname, ours.n, theirs.n);
        } else {
          st->funcs_cmp++;
          for (unsigned i = 0; i < ours.n; i++) {
            int bad = strcmp(ours.w[i], theirs.w[i]) != 0;
            char k = kinds.w[i][0];
            st->queries++;
            if (k == 'a') { st->alias_q++; st->alias_bad += bad; }
            else if (k == 'l') { st->ls_q++; st->ls_bad += bad; }
            else if (k == 'm') { st->mr_q++; st->mr_bad += bad; }
            else { st->cc_q++; st->cc_bad += bad; }
            if (!bad) { st->agree++; continue; }
            st->disagree++;
            if (aev_unsound(ours.w[i], theirs.w[i])) st->unsound++;
            if (verbose && shown < show) {
              fprintf(stderr, "%s: @%s: ours %s, opt %s:%s", path, fname, ours.w[i], theirs.w[i], lines.w[i]);
              shown++;
            }
          }
        }
        aev_words_free(&ours); aev_words_free(&kinds);
      }
      aev_words_free(&theirs); aev_words_free(&lines);
      fname[0] = 0;
    }
    if (!got) break;
    if (is_header) {
      any = 1;
      const char *s = line + 10;
      const char *e = strstr(s, ": ");
      /* the name may itself contain ": " only in odd quoted names */
      const char *last = NULL;
      for (const char *q = s; (q = strstr(q, " pointers, ")); q++) last = q;
      if (last) {
        const char *c = last;
        while (c > s && c[-1] != ':') c--;
        e = c - 1;
      }
      size_t n = e && e > s ? (size_t)(e - s) : 0;
      if (n >= sizeof fname) n = sizeof fname - 1;
      memcpy(fname, s, n);
      fname[n] = 0;
      continue;
    }
    if (is_end || !fname[0]) continue;
    if (line[0] != ' ' || line[1] != ' ') continue;
    char *c = strchr(line + 2, ':');
    if (!c) continue;
    char w[64];
    size_t n = (size_t)(c - (line + 2));
    if (n >= sizeof w) continue;
    memcpy(w, line + 2, n);
    w[n] = 0;
    if (!strncmp(w, "PartialAlias (off", 17)) w[12] = 0;
    aev_push(&theirs, w);
    aev_push(&lines, c + 1);
  }
  int rc = saved ? fclose(p) : pclose(p);
  free(line);
  mssa_module_free(m);
  (void)rc;
  return any ? 1 : 0;
}

#endif
