/*
** test_retext.c -- a module takes a new text by difference (retext.h): only
** changed bodies are reparsed, metadata and attribute-group renumbering is
** followed, and the result prints exactly as a fresh parse of the new text
** (print<memoryssa> and walker forms, source positions). Refusals leave the
** module untouched. Also run over Lua -O0 (-g) from $MEMSSA_SHARED with a
** changed function and every metadata number above a threshold shifted.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "mssa/mssa.h"
#include "reader/reader.h"
#include "base/filemap.h"
#include "reader/retext.h"
#include "tap.h"
#include "test_util.h"

typedef struct loaded {
  mssa_module *m;
  mssa_ssa **ssa;
} loaded;

static mssa_build_opts opts = {UINT32_MAX, 0, false, false};

static void build_all(loaded *l) {
  l->ssa = calloc(l->m->funcs.n ? l->m->funcs.n : 1, sizeof *l->ssa);
  for (uint32_t fi = 0; fi < l->m->funcs.n; fi++)
    if (!l->m->funcs.a[fi].is_decl) mssa_ssa_build(l->m, &l->m->funcs.a[fi], &opts, &l->ssa[fi]);
}

static bool load(loaded *l, const char *text, size_t len) {
  memset(l, 0, sizeof *l);
  mssa_diag d;
  if (mssa_module_parse("<t>", text, len, &l->m, &d) != MSSA_OK) {
    char b[1024];
    mssa_diag_format(&d, b, sizeof b);
    diag("parse: %s", b);
    return false;
  }
  build_all(l);
  return true;
}

static void unload(loaded *l) {
  if (!l->m) return;
  for (uint32_t fi = 0; fi < l->m->funcs.n; fi++) mssa_ssa_free(l->ssa[fi]);
  free(l->ssa);
  mssa_module_free(l->m);
  memset(l, 0, sizeof *l);
}

/* Everything a client sees of a function: both printouts and the source
** position of every instruction. */
static char *render(loaded *l, uint32_t fi, bool walker) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  mssa_module *m = l->m;
  mssa_func *fn = &m->funcs.a[fi];
  fprintf(f, "line %u head %.*s\n", fn->line, (int)fn->head_len, m->text + fn->head_off);
  /* The walker form only, once the walker ran: print<memoryssa> shows
  ** walker results cached on defs ("->N"), which a fresh build lacks. */
  if (l->ssa[fi]) mssa_print_function(f, l->ssa[fi], walker);
  for (uint32_t i = 0; i < fn->insts.n; i++) {
    uint32_t file, dir, line, col;
    if (mssa_inst_source(m, &fn->insts.a[i], &file, &dir, &line, &col))
      fprintf(f, "%u %s:%u:%u\n", i, file != MSSA_NONE ? mssa_str(m, file) : "-", line, col);
  }
  fclose(f);
  return buf;
}

/* Compares every function of a and b (same text): 0 if all equal. */
static uint32_t differences(loaded *a, loaded *b, bool walker) {
  if (a->m->funcs.n != b->m->funcs.n) return UINT32_MAX;
  uint32_t bad = 0;
  for (uint32_t fi = 0; fi < a->m->funcs.n; fi++) {
    if (a->m->funcs.a[fi].is_decl) continue;
    char *x = render(a, fi, walker), *y = render(b, fi, walker);
    if (strcmp(x, y)) {
      if (!bad++) diag("function %s differs:\n--- retext\n%s--- fresh\n%s", mssa_str(a->m, a->m->funcs.a[fi].name), x, y);
    }
    free(x);
    free(y);
  }
  return bad;
}

/* Retexts l to `text`, rebuilding changed graphs; returns the retext rc. */
static int retext(loaded *l, const char *text, size_t len, uint32_t max, mssa_retext *res,
                  mssa_diag *d) {
  char *t = malloc(len + 1);
  memcpy(t, text, len);
  t[len] = 0;
  int rc = mssa_module_retext(l->m, &t, len, max, res, d);
  if (rc == MSSA_OK) {
    if (t) diag("text not taken");
    for (uint32_t k = 0; k < res->nchanged; k++) {
      uint32_t fi = res->changed[k];
      mssa_ssa_free(l->ssa[fi]);
      l->ssa[fi] = NULL;
      mssa_ssa_build(l->m, &l->m->funcs.a[fi], &opts, &l->ssa[fi]);
    }
    free(res->changed);
    res->changed = NULL;
  } else {
    free(t);
  }
  return rc;
}

/* One step: retext `l` to B, check rc / changed / renumbered, compare with
** a fresh parse of B. */
static void step(loaded *l, const char *B, int want_rc, int want_changed, int want_renum,
                 const char *what) {
  mssa_retext res;
  mssa_diag d;
  int rc = retext(l, B, strlen(B), 8, &res, &d);
  if (!is_int(rc, want_rc, "%s: rc", what)) diag("why: %s / %s", res.why, d.msg);
  if (rc != MSSA_OK) return;
  if (want_changed >= 0) is_int((int)res.nchanged, want_changed, "%s: functions reparsed", what);
  if (want_renum >= 0) is_int((int)res.renumbered, want_renum, "%s: functions kept though renumbered", what);
  loaded f;
  if (!load(&f, B, strlen(B))) {
    fail("%s: fresh parse", what);
    return;
  }
  is_int((int)differences(l, &f, true), 0, "%s: equal to a fresh parse", what);
  unload(&f);
}

/* ------------------------------------------------------------- fixtures */

#define HDR "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\n@g = global i32 0, align 4\n\n"

static const char *plain_a = HDR
    "define void @f0(ptr %p) {\nentry:\n  store i32 1, ptr %p, align 4\n  %x = load i32, ptr @g, align 4\n  ret void\n}\n\n"
    "define void @f1(ptr %p, ptr %q) {\nentry:\n  store i32 1, ptr %p, align 4\n  %x = load i32, ptr %q, align 4\n  ret void\n}\n\n"
    "define i32 @f2(ptr %p) {\nentry:\n  %x = load i32, ptr %p, align 4\n  store i32 %x, ptr @g, align 4\n  ret i32 %x\n}\n";
static const char *plain_b = HDR
    "define void @f0(ptr %p) {\nentry:\n  store i32 1, ptr %p, align 4\n  %x = load i32, ptr @g, align 4\n  ret void\n}\n\n"
    "define void @f1(ptr %p, ptr %q) {\nentry:\n  store i32 1, ptr %p, align 4\n  store i32 7, ptr %q, align 4\n  %x = load i32, ptr %q, align 4\n  br label %next\nnext:\n  ret void\n}\n\n"
    "define i32 @f2(ptr %p) {\nentry:\n  %x = load i32, ptr %p, align 4\n  store i32 %x, ptr @g, align 4\n  ret i32 %x\n}\n";

/* Debug info: f1 gains a store with a new location, which shifts every
** later metadata number (and, in dbg_c, the digit counts). */
#define DBG_TAIL(S)                                                                               \
  "declare void @ext(ptr) " S "\n\n"                                                              \
  "attributes #0 = { nounwind }\n"                                                                \
  "attributes #1 = { readnone nounwind }\n"                                                       \
  "attributes #2 = { argmemonly nounwind }\n\n"                                                   \
  "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!3}\n\n"                                          \
  "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"clang\", "           \
  "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)\n"                  \
  "!1 = !DIFile(filename: \"t.c\", directory: \"/src\")\n!2 = !{}\n"                              \
  "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"                                               \
  "!4 = distinct !DISubprogram(name: \"f0\", scope: !1, file: !1, line: 1, type: !5, "            \
  "scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n"                     \
  "!5 = !DISubroutineType(types: !2)\n"

static const char *dbg_a = HDR
    "define void @f0(ptr %p) #0 !dbg !4 {\nentry:\n  store i32 1, ptr %p, align 4, !dbg !6\n  call void @ext(ptr %p) #1, !dbg !7\n  %x = load i32, ptr %p, align 4, !dbg !8\n  ret void, !dbg !8\n}\n\n"
    "define void @f1(ptr %p) #0 !dbg !9 {\nentry:\n  store i32 2, ptr %p, align 4, !dbg !10\n  %x = load i32, ptr %p, align 4, !dbg !11\n  ret void, !dbg !11\n}\n\n"
    "define void @f2(ptr %p) #0 !dbg !12 {\nentry:\n  store i32 3, ptr %p, align 4, !dbg !13\n  call void @ext(ptr %p) #1, !dbg !14\n  %x = load i32, ptr %p, align 4, !dbg !15, !tbaa !16\n  ret void, !dbg !15\n}\n\n"
    DBG_TAIL("#0")
    "!6 = !DILocation(line: 2, column: 3, scope: !4)\n!7 = !DILocation(line: 3, column: 3, scope: !4)\n"
    "!8 = !DILocation(line: 4, column: 3, scope: !4)\n"
    "!9 = distinct !DISubprogram(name: \"f1\", scope: !1, file: !1, line: 6, type: !5, scopeLine: 6, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n"
    "!10 = !DILocation(line: 7, column: 3, scope: !9)\n!11 = !DILocation(line: 8, column: 3, scope: !9)\n"
    "!12 = distinct !DISubprogram(name: \"f2\", scope: !1, file: !1, line: 10, type: !5, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n"
    "!13 = !DILocation(line: 11, column: 3, scope: !12)\n!14 = !DILocation(line: 12, column: 3, scope: !12)\n"
    "!15 = !DILocation(line: 13, column: 3, scope: !12)\n"
    "!16 = !{!17, !17, i64 0}\n!17 = !{!\"int\", !18, i64 0}\n!18 = !{!\"omnipotent char\", !19, i64 0}\n!19 = !{!\"Simple C/C++ TBAA\"}\n";

/* f1 gains `store ..., !dbg !11` and a call with attribute group #1 ->
** readnone: the call must not be a MemoryDef in the reparsed f1. Every
** number after !10 moves up by one. */
static const char *dbg_b = HDR
    "define void @f0(ptr %p) #0 !dbg !4 {\nentry:\n  store i32 1, ptr %p, align 4, !dbg !6\n  call void @ext(ptr %p) #1, !dbg !7\n  %x = load i32, ptr %p, align 4, !dbg !8\n  ret void, !dbg !8\n}\n\n"
    "define void @f1(ptr %p) #0 !dbg !9 {\nentry:\n  store i32 2, ptr %p, align 4, !dbg !10\n  store i32 5, ptr %p, align 4, !dbg !11\n  call void @ext(ptr %p) #1, !dbg !11\n  %x = load i32, ptr %p, align 4, !dbg !12\n  ret void, !dbg !12\n}\n\n"
    "define void @f2(ptr %p) #0 !dbg !13 {\nentry:\n  store i32 3, ptr %p, align 4, !dbg !14\n  call void @ext(ptr %p) #1, !dbg !15\n  %x = load i32, ptr %p, align 4, !dbg !16, !tbaa !17\n  ret void, !dbg !16\n}\n\n"
    DBG_TAIL("#0")
    "!6 = !DILocation(line: 2, column: 3, scope: !4)\n!7 = !DILocation(line: 3, column: 3, scope: !4)\n"
    "!8 = !DILocation(line: 4, column: 3, scope: !4)\n"
    "!9 = distinct !DISubprogram(name: \"f1\", scope: !1, file: !1, line: 6, type: !5, scopeLine: 6, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n"
    "!10 = !DILocation(line: 7, column: 3, scope: !9)\n!11 = !DILocation(line: 8, column: 3, scope: !9)\n"
    "!12 = !DILocation(line: 9, column: 3, scope: !9)\n"
    "!13 = distinct !DISubprogram(name: \"f2\", scope: !1, file: !1, line: 10, type: !5, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n"
    "!14 = !DILocation(line: 11, column: 3, scope: !13)\n!15 = !DILocation(line: 12, column: 3, scope: !13)\n"
    "!16 = !DILocation(line: 13, column: 3, scope: !13)\n"
    "!17 = !{!18, !18, i64 0}\n!18 = !{!\"int\", !19, i64 0}\n!19 = !{!\"omnipotent char\", !20, i64 0}\n!20 = !{!\"Simple C/C++ TBAA\"}\n";

/* A text with its DIFile given a DWARF 5 checksum (32 hex digits made of
** `digit`), as clang's default -g writes it. Caller frees. */
static char *with_checksum(const char *text, char digit) {
  static const char from[] = "directory: \"/src\")";
  char ck[33];
  memset(ck, digit, 32);
  ck[32] = 0;
  const char *at = strstr(text, from);
  if (!at) bail_out("no DIFile in the fixture");
  size_t pre = (size_t)(at - text), n = strlen(text) + 128;
  char *t = malloc(n);
  if (!t) bail_out("out of memory");
  snprintf(t, n, "%.*sdirectory: \"/src\", checksumkind: CSK_MD5, checksum: \"%s\")%s", (int)pre,
           text, ck, at + strlen(from));
  return t;
}

/* Every save of a C file changes its DWARF 5 checksum: that alone must not
** make every function (they all reach the DIFile) count as changed. */
static void checksums(void) {
  char *a1 = with_checksum(dbg_a, '1'), *a2 = with_checksum(dbg_a, '2');
  char *b3 = with_checksum(dbg_b, '3');
  loaded l;
  if (load(&l, a1, strlen(a1))) {
    is_int(mssa_module_textmap_build(l.m), MSSA_OK, "checksum: text map");
    step(&l, a2, MSSA_OK, 0, 0, "checksum: only the DIFile checksum changed");
    step(&l, b3, MSSA_OK, 1, 1, "checksum: a new checksum and one function edited");
    unload(&l);
  }
  free(a1);
  free(a2);
  free(b3);
}

/* The text with every `line: N` (and `scopeLine: N`) at or above `from`
** moved down by one: what adding a source line above them does to the
** debug info. Caller frees. */
static char *shift_lines(const char *text, uint32_t from) {
  size_t n = strlen(text), cap = n + n / 8 + 64, k = 0;
  char *t = malloc(cap);
  if (!t) bail_out("out of memory");
  for (size_t i = 0; i < n;) {
    if (i >= 5 && !memcmp(text + i - 5, "ine: ", 5) && text[i] >= '0' && text[i] <= '9') {
      char *end;
      unsigned long v = strtoul(text + i, &end, 10);
      k += (size_t)snprintf(t + k, cap - k, "%lu", v >= from ? v + 1 : v);
      i = (size_t)(end - text);
      continue;
    }
    t[k++] = text[i++];
  }
  t[k] = 0;
  return t;
}

/* A source line added in one function moves the line numbers of every
** function below it: they stay kept (their MemorySSA is unchanged) and
** their source positions follow the new text. */
static void line_shifts(void) {
  char *a_moved = shift_lines(dbg_a, 5), *b_moved = shift_lines(dbg_b, 10);
  loaded l;
  if (load(&l, dbg_a, strlen(dbg_a))) {
    is_int(mssa_module_textmap_build(l.m), MSSA_OK, "line shift: text map");
    step(&l, a_moved, MSSA_OK, 0, 0, "line shift: f1 and f2 one line down, no body changed");
    step(&l, b_moved, MSSA_OK, 1, 1, "line shift: f1 edited, f2 one line down and renumbered");
    step(&l, dbg_a, MSSA_OK, 1, 1, "line shift: and back");
    unload(&l);
  }
  free(a_moved);
  free(b_moved);
}

/* ---------------------------------------------------- a real module, shifted */


/* Renumbers: every `!N` with N >= t becomes N + dmd, every `#N` becomes
** N + dag (outside strings and comments). An equivalent module whose
** numbers differ, often in digit count. */
static char *shift(const char *s, size_t n, uint32_t t, uint32_t dmd, uint32_t dag, size_t *out) {
  char *o = malloc(n * 2 + 64);
  size_t k = 0;
  bool str = false;
  for (size_t i = 0; i < n;) {
    char c = s[i];
    if (str) {
      if (c == '"') str = false;
      o[k++] = s[i++];
      continue;
    }
    if (c == '"') str = true;
    if (c == ';') {
      while (i < n && s[i] != '\n') o[k++] = s[i++];
      continue;
    }
    if ((c == '!' || c == '#') && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9') {
      o[k++] = s[i++];
      unsigned long v = 0;
      while (i < n && s[i] >= '0' && s[i] <= '9') v = v * 10 + (unsigned long)(s[i++] - '0');
      if (c == '!' && v >= t) v += dmd;
      if (c == '#') v += dag;
      k += (size_t)sprintf(o + k, "%lu", v);
      continue;
    }
    o[k++] = s[i++];
  }
  o[k] = 0;
  *out = k;
  return o;
}

/* In the body of the k-th `define`, replaces the first "store i32 0," with
** "store i32 7,". Returns false if there is none. */
static bool perturb(char *s, size_t n, uint32_t k) {
  char *d = s;
  for (uint32_t i = 0; i <= k; i++) {
    d = strstr(d + 1, "\ndefine ");
    if (!d) return false;
  }
  char *e = strstr(d, "\n}\n");
  char *st = strstr(d, "store i32 0,");
  if (!st || !e || st > e) return false;
  st[10] = '7';
  (void)n;
  return true;
}

/* A generated module without references: function i stores c[i] and, when
** extra[i], a second value in a new block; a global whose initializer is g. */
static char *gen(uint32_t n, const uint32_t *c, const uint8_t *extra, uint32_t g) {
  size_t cap = 4096 + (size_t)n * 400, k = 0;
  char *t = malloc(cap);
  k += (size_t)sprintf(t + k, "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\n@g = global i32 %u, align 4\n\n", g);
  for (uint32_t i = 0; i < n; i++) {
    k += (size_t)sprintf(t + k,
                         "define i32 @f%u(ptr %%p, ptr %%q) {\nentry:\n  store i32 %u, ptr %%p, align 4\n"
                         "  %%x = load i32, ptr %%q, align 4\n", i, c[i]);
    if (extra[i])
      k += (size_t)sprintf(t + k, "  br label %%more\nmore:\n  store i32 %%x, ptr @g, align 4\n");
    k += (size_t)sprintf(t + k, "  ret i32 %%x\n}\n\n");
  }
  k += (size_t)sprintf(t + k, "declare void @ext(ptr)\n");
  t[k] = 0;
  return t;
}

/* Random one-to-three-function changes (constants of other digit counts,
** added blocks, first and last functions), identical texts and frame
** changes, on a text without references: every step equals a fresh parse. */
static void random_plain(void) {
  enum { N = 40, STEPS = 300 };
  uint32_t c[N];
  uint8_t x[N];
  for (uint32_t i = 0; i < N; i++) c[i] = i, x[i] = 0;
  uint32_t g = 0, seed = 12345, bad = 0, full = 0, incr = 0;
  char *t = gen(N, c, x, g);
  loaded l;
  if (!load(&l, t, strlen(t)) || mssa_module_textmap_build(l.m) != MSSA_OK) {
    fail("random plain: first load");
    free(t);
    return;
  }
  for (uint32_t step = 0; step < STEPS; step++) {
    seed = seed * 1103515245u + 12345u;
    uint32_t kind = (seed >> 16) % 8, nchg = 1 + (seed >> 8) % 3;
    for (uint32_t j = 0; j < nchg && kind < 6; j++) {
      seed = seed * 1103515245u + 12345u;
      uint32_t f = kind == 4 ? 0 : kind == 5 ? N - 1 : (seed >> 16) % N;
      if ((seed >> 4) & 1) x[f] ^= 1;
      else c[f] = (seed >> 7) % ((seed & 3) == 0 ? 10 : (seed & 3) == 1 ? 1000 : 1000000);
    }
    if (kind == 6) g++;   /* frame change: refused */
    char *nt = gen(N, c, x, g);
    mssa_retext res;
    mssa_diag d;
    int rc = retext(&l, nt, strlen(nt), N, &res, &d);
    if (rc == MSSA_OK) {
      incr++;
    } else {
      full++;
      if (kind != 6 && !bad++) diag("step %u: refused: %s %s", step, res.why, d.msg);
      unload(&l);
      load(&l, nt, strlen(nt));
      mssa_module_textmap_build(l.m);
    }
    loaded f;
    load(&f, nt, strlen(nt));
    uint32_t dif = differences(&l, &f, true);
    if (dif && !bad++) diag("step %u: %u functions differ", step, dif);
    unload(&f);
    free(t);
    t = nt;
  }
  ok(!bad, "random plain: %u steps (%u incremental, %u refused frame changes), all equal to fresh parses",
     STEPS, incr, full);
  ok(incr > STEPS / 2, "random plain: most steps incremental (%u)", incr);
  unload(&l);
  free(t);
}

/* The same with debug info numbered as clang numbers it (order of first
** use), so changing how many locations a function has renumbers every
** later node: function i has nloc[i] stores, each with its own location,
** and calls @ext with attribute group #(1 + grp[i]) (groups also numbered
** by first use). */
static char *gen_dbg(uint32_t n, const uint32_t *nloc, const uint8_t *grp, const uint32_t *c) {
  size_t cap = 8192 + (size_t)n * 2000, k = 0;
  char *t = malloc(cap);
  uint32_t next = 4, gnum[2] = {MSSA_NONE, MSSA_NONE}, ng = 1;
  uint32_t *sp = malloc(n * sizeof *sp), *l0 = malloc(n * sizeof *l0);
  k += (size_t)sprintf(t + k, "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n\n");
  for (uint32_t i = 0; i < n; i++) {
    sp[i] = next++;
    l0[i] = next;
    next += nloc[i] + 1;
    if (gnum[grp[i]] == MSSA_NONE) gnum[grp[i]] = ng++;
    k += (size_t)sprintf(t + k, "define void @f%u(ptr %%p) #0 !dbg !%u {\nentry:\n", i, sp[i]);
    for (uint32_t j = 0; j < nloc[i]; j++)
      k += (size_t)sprintf(t + k, "  store i32 %u, ptr %%p, align 4, !dbg !%u\n", c[i] + j, l0[i] + j);
    k += (size_t)sprintf(t + k, "  call void @ext(ptr %%p) #%u, !dbg !%u\n  %%x = load i32, ptr %%p, align 4, !dbg !%u\n  ret void, !dbg !%u\n}\n\n",
                         gnum[grp[i]], l0[i] + nloc[i], l0[i] + nloc[i], l0[i] + nloc[i]);
  }
  k += (size_t)sprintf(t + k, "declare void @ext(ptr) #0\n\nattributes #0 = { nounwind }\n");
  for (int g = 0; g < 2; g++)
    if (gnum[g] != MSSA_NONE)
      k += (size_t)sprintf(t + k, "attributes #%u = { %s }\n", gnum[g], g ? "readnone nounwind" : "nounwind");
  k += (size_t)sprintf(t + k, "\n!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!3}\n\n"
                              "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"clang\", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)\n"
                              "!1 = !DIFile(filename: \"t.c\", directory: \"/src\")\n!2 = !{}\n!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n");
  for (uint32_t i = 0; i < n; i++) {
    k += (size_t)sprintf(t + k, "!%u = distinct !DISubprogram(name: \"f%u\", scope: !1, file: !1, line: %u, type: !%u, scopeLine: %u, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)\n",
                         sp[i], i, 10 * i + 1, next, 10 * i + 1);
    for (uint32_t j = 0; j <= nloc[i]; j++)
      k += (size_t)sprintf(t + k, "!%u = !DILocation(line: %u, column: %u, scope: !%u)\n", l0[i] + j, 10 * i + 2, 3 + j, sp[i]);
  }
  k += (size_t)sprintf(t + k, "!%u = !DISubroutineType(types: !2)\n", next);
  t[k] = 0;
  free(sp);
  free(l0);
  return t;
}

static void random_dbg(void) {
  enum { N = 30, STEPS = 200 };
  uint32_t nloc[N], c[N];
  uint8_t grp[N];
  for (uint32_t i = 0; i < N; i++) nloc[i] = 1 + i % 3, c[i] = i, grp[i] = 0;
  uint32_t seed = 777, bad = 0, full = 0, incr = 0, renum = 0;
  char *t = gen_dbg(N, nloc, grp, c);
  loaded l;
  if (!load(&l, t, strlen(t)) || mssa_module_textmap_build(l.m) != MSSA_OK) {
    fail("random dbg: first load");
    free(t);
    return;
  }
  for (uint32_t step = 0; step < STEPS; step++) {
    seed = seed * 1103515245u + 12345u;
    uint32_t f = (seed >> 16) % N, kind = (seed >> 8) % 3;
    if (kind == 0) nloc[f] = 1 + (nloc[f] + 1 + (seed & 1)) % 4;
    else if (kind == 1) grp[f] ^= 1;
    else c[f] += 1000;
    char *nt = gen_dbg(N, nloc, grp, c);
    mssa_retext res;
    mssa_diag d;
    int rc = retext(&l, nt, strlen(nt), N / 8 + 2, &res, &d);
    if (rc == MSSA_OK) {
      incr++;
      renum += res.renumbered;
    } else {
      full++;
      unload(&l);
      load(&l, nt, strlen(nt));
      mssa_module_textmap_build(l.m);
    }
    loaded fr;
    load(&fr, nt, strlen(nt));
    uint32_t dif = differences(&l, &fr, true);
    if (dif && !bad++) diag("step %u: %u functions differ", step, dif);
    unload(&fr);
    free(t);
    t = nt;
  }
  ok(!bad, "random dbg: %u steps (%u incremental, %u full), all equal to fresh parses", STEPS, incr, full);
  ok(incr > STEPS / 2 && renum > STEPS, "random dbg: mostly incremental (%u), %u renumbered functions kept",
     incr, renum);
  unload(&l);
  free(t);
}

/* Random byte mutations of a new text (deletions, insertions of bytes that
** matter to the cut -- `!`, `#`, `"`, `}`, newline, digits -- and
** replacements): retext must never crash and, whenever it succeeds, a fresh
** parse of the same text must succeed and print the same. */
static void mutations(const char *base_old, const char *base_new, const char *what) {
  static const char pool[] = "!#\"};\n0123456789 {%@a";
  uint32_t seed = getenv("RETEXT_SEED") ? (uint32_t)atoi(getenv("RETEXT_SEED")) : 99, bad = 0, okc = 0, inval = 0,
           perr = 0, n = getenv("RETEXT_N") ? (uint32_t)atoi(getenv("RETEXT_N")) : 1500;
  size_t bl = strlen(base_new);
  char *t = malloc(bl + 64);
  for (uint32_t step = 0; step < n; step++) {
    loaded l;
    if (!load(&l, base_old, strlen(base_old))) break;
    mssa_module_textmap_build(l.m);
    memcpy(t, base_new, bl + 1);
    size_t len = bl;
    for (int k = 0; k < 1 + (int)(step % 3); k++) {
      seed = seed * 1103515245u + 12345u;
      size_t at = (seed >> 8) % (len ? len : 1);
      int op = (int)((seed >> 4) % 3);
      char c = pool[(seed >> 16) % (sizeof pool - 1)];
      if (op == 0 && len) {
        memmove(t + at, t + at + 1, len - at);
        len--;
      } else if (op == 1) {
        memmove(t + at + 1, t + at, len - at + 1);
        t[at] = c;
        len++;
      } else if (len) {
        t[at] = c;
      }
    }
    mssa_retext res;
    mssa_diag d;
    int rc = retext(&l, t, len, 8, &res, &d);
    loaded f;
    mssa_module *fm = NULL;
    mssa_diag fd;
    bool fresh_ok = mssa_module_parse("<t>", t, len, &fm, &fd) == MSSA_OK;
    mssa_module_free(fm);
    if (rc == MSSA_OK) {
      okc++;
      if (!fresh_ok) {
        if (!bad++) {
          diag("%s step %u: retext took a text a fresh parse rejects (%u:%u: %s)", what, step, fd.line, fd.col, fd.msg);
          if (getenv("RETEXT_DUMP")) {
            FILE *o = fopen(getenv("RETEXT_DUMP"), "w");
            if (o) { fwrite(t, 1, len, o); fclose(o); }
          }
        }
      } else if (load(&f, t, len)) {
        if (differences(&l, &f, false) && !bad++) diag("%s step %u: differs from a fresh parse", what, step);
        unload(&f);
      }
    } else if (rc == MSSA_EPARSE) {
      perr++;
    } else {
      inval++;
    }
    unload(&l);
  }
  free(t);
  ok(!bad, "%s: %u mutated texts: %u taken (each equal to a fresh parse), %u refused, %u parse errors",
     what, n, okc, inval, perr);
}

/* Every debug record's span in the module's text is a `#dbg_` record. */
static uint32_t bad_record_spans(const mssa_module *m) {
  uint32_t bad = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++)
    for (uint32_t k = 0; k < m->funcs.a[fi].dbg.n; k++) {
      const mssa_dbg_record *r = &m->funcs.a[fi].dbg.a[k];
      if (r->text_len < 6 || strncmp(m->text + r->text_off, "#dbg_", 5) || m->text[r->text_off + r->text_len - 1] != ')')
        bad++;
    }
  return bad;
}

/* Metadata nodes whose text span is not a node in the module's text: a
** span starts at the node's `!` and ends with its `)`. Nodes the reparse
** made are read from the new text, and must keep their spans as read. */
static uint32_t bad_md_spans(const mssa_module *m) {
  uint32_t bad = 0;
  for (uint32_t i = 0; i < m->md.n; i++) {
    const mssa_md *d = &m->md.a[i];
    if (!d->text_len) continue;
    if ((uint64_t)d->text_off + d->text_len > m->text_len || m->text[d->text_off] != '!' ||
        m->text[d->text_off + d->text_len - 1] != ')')
      bad++;
  }
  return bad;
}

static void real_module_at(const char *rel);
static void real_module(void) {
  real_module_at("real/lua.O0.ll");
  real_module_at("real22/lua.O0.ll");   /* clang 22 -g: debug records */
}

static void real_module_at(const char *rel) {
  const char *shared = getenv("MEMSSA_SHARED");
  char path[1024];
  snprintf(path, sizeof path, "%s/corpus/%s", shared ? shared : "../shared", rel);
  size_t len;
  char *a = slurp(path, &len);
  if (!a) {
    skip(7, "no lua.O0.ll in the shared corpus");
    return;
  }
  loaded l;
  if (!load(&l, a, len)) {
    skip(7, "lua.O0 does not parse");
    free(a);
    return;
  }
  is_int(mssa_module_textmap_build(l.m), MSSA_OK, "lua.O0: text map");
  /* B: function 600 changed, metadata above 20000 shifted by 990000 (5 to
  ** 7 digits), attribute groups by 7. */
  size_t blen;
  char *b = shift(a, len, 20000, 990000, 7, &blen);
  uint32_t k = 600;
  while (k < 1100 && !perturb(b, blen, k)) k++;
  ok(k < 1100, "lua.O0: a function to change (define #%u)", k);
  mssa_retext res;
  mssa_diag d;
  int rc = retext(&l, b, blen, 8, &res, &d);
  if (!is_int(rc, MSSA_OK, "lua.O0 shifted + one body changed: retext")) diag("why: %s / %s", res.why, d.msg);
  is_int((int)res.nchanged, 1, "lua.O0: one function reparsed");
  ok(res.renumbered > 300, "lua.O0: %u functions kept though renumbered", res.renumbered);
  loaded f;
  if (load(&f, b, blen)) {
    is_int((int)differences(&l, &f, false), 0, "lua.O0: every function prints as a fresh parse");
    is_int((int)bad_record_spans(l.m), 0, "%s: debug record spans moved into the new text", rel);
    is_int((int)bad_md_spans(l.m), 0, "%s: metadata spans are nodes of the new text", rel);
    unload(&f);
  } else {
    fail("lua.O0 shifted does not parse");
  }
  unload(&l);
  free(a);
  free(b);
}

/* A module read from a mapped file (reader.h, mssa_module_parse_file_mapped)
** takes a new text like any other, and its old text is released as a
** mapping (ASan would flag free() of it); the new text is the caller's. */
static void test_mapped(void) {
  size_t pad = MSSA_FILE_MAP_MIN + 4097, na = strlen(plain_a), nb = strlen(plain_b);
  char *a = malloc(na + pad + 1), *b = malloc(nb + pad + 1);
  if (!a || !b) bail_out("out of memory");
  memcpy(a, plain_a, na);
  memcpy(b, plain_b, nb);
  for (size_t k = 0; k < pad; k++) a[na + k] = b[nb + k] = k % 80 == 0 ? ';' : k % 80 == 79 ? '\n' : 'c';
  a[na + pad] = b[nb + pad] = 0;
  char path[64];
  snprintf(path, sizeof path, "/tmp/memssa-retext-XXXXXX");
  int fd = mkstemp(path);
  FILE *fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
  if (!fp) { skip(5, "no temporary file"); free(a); free(b); return; }
  fwrite(a, 1, na + pad, fp);
  fclose(fp);
  loaded l;
  memset(&l, 0, sizeof l);
  mssa_diag d;
  if (ok(mssa_module_parse_file_mapped(path, &l.m, &d) == MSSA_OK && l.m->text_mapped == na + pad,
         "mapped: a 1 MiB module read from a mapping")) {
    build_all(&l);
    is_int(mssa_module_textmap_build(l.m), MSSA_OK, "mapped: its text map");
    step(&l, b, MSSA_OK, 1, 0, "mapped: one body changed");
    is_uint(l.m->text_mapped, 0, "mapped: the new text is a heap block");
    unload(&l);
  }
  remove(path);
  free(a);
  free(b);
}

int main(void) {
  no_plan();
  loaded l;
  /* Plain text, no metadata. */
  if (load(&l, plain_a, strlen(plain_a))) {
    is_int(mssa_module_textmap_build(l.m), MSSA_OK, "text map of a printer-form text");
    step(&l, plain_b, MSSA_OK, 1, 0, "plain: one body changed");
    step(&l, plain_a, MSSA_OK, 1, 0, "plain: and back");
    step(&l, plain_a, MSSA_OK, 0, 0, "plain: same text");
    /* Refusals leave the module as it was. */
    char *t = malloc(strlen(plain_a) + 64);
    if (!t) bail_out("out of memory");
    sprintf(t, "@h = global i32 1\n%s", plain_a);
    step(&l, t, MSSA_EINVAL, -1, -1, "plain: a new global is refused");
    sprintf(t, "%s\ndefine void @f3() {\nentry:\n  ret void\n}\n", plain_a);
    step(&l, t, MSSA_EINVAL, -1, -1, "plain: a new function is refused");
    strcpy(t, plain_a);
    char *ret = strstr(strstr(t, "@f1"), "ret void");
    memcpy(ret, "ret i32", 7);
    mssa_retext res;
    mssa_diag d;
    is_int(retext(&l, t, strlen(t), 8, &res, &d), MSSA_EPARSE, "plain: a body that does not parse");
    is_int((int)d.line, 16, "plain: the error is on the body's line in the new text (%s)", d.msg);
    free(t);
    loaded f;
    load(&f, plain_a, strlen(plain_a));
    is_int((int)differences(&l, &f, true), 0, "plain: after the refusals, still the old module");
    unload(&f);
    step(&l, plain_b, MSSA_OK, 1, 0, "plain: and a good text goes through after them");
    unload(&l);
  }
  /* Debug info, attribute groups, TBAA: renumbering. */
  if (load(&l, dbg_a, strlen(dbg_a))) {
    is_int(mssa_module_textmap_build(l.m), MSSA_OK, "dbg: text map");
    step(&l, dbg_b, MSSA_OK, 1, 1, "dbg: f1 gains a location, f2 renumbered");
    step(&l, dbg_a, MSSA_OK, 1, 1, "dbg: and back");
    step(&l, dbg_b, MSSA_OK, 1, 1, "dbg: again");
    /* Reparsed bodies leave unused nodes behind: bounded, then refused
    ** (a full load compacts). */
    uint32_t md0 = l.m->md.n, k = 0;
    int rc = MSSA_OK;
    mssa_retext res;
    mssa_diag d;
    for (; k < 100000 && rc == MSSA_OK; k++)
      rc = retext(&l, k % 2 ? dbg_b : dbg_a, strlen(k % 2 ? dbg_b : dbg_a), 8, &res, &d);
    ok(rc == MSSA_EINVAL && strstr(res.why, "full load compacts"),
       "dbg: after %u reloads, refused: %s", k, res.why);
    ok(l.m->md.n <= 2 * md0 + 4096 + 64, "dbg: metadata table bounded (%u nodes, %u at first)",
       l.m->md.n, md0);
    unload(&l);
  }
  /* An edited module (no text map) is refused. */
  if (load(&l, plain_a, strlen(plain_a))) {
    mssa_retext res;
    mssa_diag d;
    is_int(retext(&l, plain_b, strlen(plain_b), 8, &res, &d), MSSA_EINVAL, "no text map: refused");
    unload(&l);
  }
  checksums();
  line_shifts();
  random_plain();
  random_dbg();
  mutations(plain_a, plain_b, "mutations, plain");
  mutations(dbg_a, dbg_b, "mutations, debug info");
  real_module();
  test_mapped();
  return done_testing();
}
