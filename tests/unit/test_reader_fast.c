/*
** test_reader_fast.c -- the reader's raw-text fast paths against its token
** path. Each fast path (ll_read_inst.c fast_dbg_declare, ll_read_md.c
** raw_def, ...) must build exactly the module the token path builds
** from the same text. The test defeats a fast path without moving a byte
** (a tab where the fast path wants a space: the token path skips either),
** parses both texts and compares every array of the two modules; and it
** checks that input the fast paths take part of keeps the token path's
** diagnostics, position included.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "module_same.h"
#include "tap.h"

/* LLVM 14 -g shapes: dbg.declare on typed pointers (one whose operand
** nests, which no fast path takes), DILocations in LLVM's field order,
** reordered, with inlinedAt, with isImplicitCode, and one broken by a
** comment (fast path declines, token path reads it). */
static const char fixture[] =
    "%struct.S = type { i32, i32 }\n"
    "\n"
    "define void @f(i32* %p, { i32, i32 }* %q) !dbg !3 {\n"
    "entry:\n"
    "  %x = alloca i32, align 4\n"
    "  %s = alloca %struct.S*, align 8\n"
    "  call void @llvm.dbg.declare(metadata i32* %x, metadata !7, metadata !DIExpression()), !dbg !8\n"
    "  call void @llvm.dbg.declare(metadata %struct.S** %s, metadata !7, metadata !DIExpression()), !dbg !9\n"
    "  call void @llvm.dbg.declare(metadata { i32, i32 }* %q, metadata !7, metadata !DIExpression()), !dbg !10\n"
    "  call void @llvm.dbg.declare(metadata i32* %p, metadata !7, metadata !DIExpression(DW_OP_deref)), !dbg !11\n"
    "  store i32 1, i32* %x, align 4, !dbg !8\n"
    "  ret void, !dbg !12\n"
    "}\n"
    "\n"
    "declare void @llvm.dbg.declare(metadata, metadata, metadata)\n"
    "\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!13}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"clang version 14.0.6\", "
    "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"a.c\", directory: \"/tmp\")\n"
    "!2 = !DISubroutineType(types: !{null})\n"
    "!3 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, unit: !0)\n"
    "!4 = !DILocation(line: 9, column: 1, scope: !3)\n"
    "!5 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
    "!6 = distinct !DILexicalBlock(scope: !3, file: !1, line: 2, column: 3)\n"
    "!7 = !DILocalVariable(name: \"x\", scope: !3, file: !1, line: 2, type: !5)\n"
    "!8 = !DILocation(line: 2, column: 7, scope: !3)\n"
    "!9 = !DILocation(scope: !6, line: 3, column: 7)\n"
    "!10 = !DILocation(line: 4, column: 7, scope: !6, inlinedAt: !4)\n"
    "!11 = !DILocation(line: 5, ; a comment\n"
    "  column: 7, scope: !3)\n"
    "!12 = !DILocation(line: 6, column: 1, scope: !3, isImplicitCode: true)\n"
    "!13 = !{i32 2, !\"Debug Info Version\", i32 3}\n";

/* LLVM 19+ debug records: `!DIExpression()` operands (fast path) beside
** one with an operation (token path), and #dbg_assign's two. */
static const char records[] =
    "define void @g(ptr %p) !dbg !3 {\n"
    "entry:\n"
    "  %x = alloca i32, align 4\n"
    "    #dbg_declare(ptr %x, !7, !DIExpression(), !8)\n"
    "    #dbg_value(i32 1, !7, !DIExpression(), !8)\n"
    "    #dbg_value(ptr %p, !7, !DIExpression(DW_OP_deref), !8)\n"
    "    #dbg_assign(i32 0, !7, !DIExpression(), !9, ptr %x, !DIExpression(), !8)\n"
    "  store i32 1, ptr %x, align 4, !dbg !8, !DIAssignID !9\n"
    "  ret void, !dbg !8\n"
    "}\n"
    "\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!13}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: \"clang version 22.1.8\", "
    "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"b.c\", directory: \"/tmp\")\n"
    "!2 = !DISubroutineType(types: !{null})\n"
    "!3 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, line: 1, type: !2, scopeLine: 1, unit: !0)\n"
    "!5 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
    "!7 = !DILocalVariable(name: \"x\", scope: !3, file: !1, line: 2, type: !5)\n"
    "!8 = !DILocation(line: 2, column: 7, scope: !3)\n"
    "!9 = distinct !DIAssignID()\n"
    "!13 = !{i32 2, !\"Debug Info Version\", i32 3}\n";

/* The texts each fast path starts from; replace_at is the byte within it
** that becomes a tab, which the token path reads as a blank. */
static const struct { const char *head; size_t replace_at; } defeats[] = {
  {"call void @llvm.dbg.declare(metadata ", 36},
  {" = !DILocation(", 2},
  {", !DIExpression()", 1},
  {"* %", 1},
  /* raw_def, other specialized nodes (after " = !DILocation(", which
  ** has made those lines its own) */
  {" = !DI", 2},
  {" = distinct !DI", 2},
  /* clang_location; the field loop declines it too (a tab after ':') */
  {"(line: ", 6},
};

static char *defeated(const char *text, size_t len, int *count) {
  char *t = malloc(len + 1);
  memcpy(t, text, len + 1);
  *count = 0;
  for (size_t k = 0; k < sizeof defeats / sizeof defeats[0]; k++) {
    /* by hand, not strstr: under ASan each strstr call checks the whole
    ** rest of a 10 MB text, which made the Lua modules take minutes */
    const char *h = defeats[k].head;
    size_t hl = strlen(h);
    for (size_t i = 0; i + hl <= len; i++) {
      if (t[i] != h[0] || memcmp(t + i, h, hl) != 0) continue;
      t[i + defeats[k].replace_at] = '\t';
      (*count)++;
      i += hl - 1;
    }
  }
  return t;
}

/* Parses text as is and defeated; 1 if both read and agree. */
static int same_both_ways(const char *what, const char *text, size_t len, int want_defeats) {
  int count;
  char *slow = defeated(text, len, &count);
  mssa_module *a = NULL, *b = NULL;
  mssa_diag d;
  int ra = mssa_module_parse("fast.ll", text, len, &a, &d);
  int rb = mssa_module_parse("slow.ll", slow, len, &b, &d);
  const char *diff = ra || rb ? "a parse failed" : difference(a, b);
  int good = ok(!diff && (want_defeats < 0 || count == want_defeats),
                "%s: fast and token paths build the same module (%d fast-path texts)", what, count);
  if (!good) diag("differs in: %s", diff ? diff : "(count)");
  if (a) mssa_module_free(a);
  if (b) mssa_module_free(b);
  free(slow);
  return good;
}

static void test_fixture_same(void) {
  same_both_ways("fixture", fixture, strlen(fixture), 4 + 6 + 7 + 7 + 5);
  /* and what the fast paths made, concretely */
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("t.ll", fixture, strlen(fixture), &m, &d)) { skip(5, "fixture does not parse"); return; }
  const mssa_func *f = &m->funcs.a[mssa_module_find_func(m, "f")];
  const mssa_inst *call = &f->insts.a[2];
  const mssa_type *fty = &m->types.a[call->aux];
  ok(call->opcode == MSSA_OP_CALL && call->nops == 4 && call->type == m->t_void &&
     call->intrinsic == MSSA_INTR_DBG_DECLARE, "dbg.declare: a call of 4 operands, void, the intrinsic");
  ok(fty->kind == MSSA_T_FUNC && fty->nfields == 3 && m->tlist.a[fty->fields] == m->t_md,
     "dbg.declare: void (metadata, metadata, metadata)");
  const mssa_val *ops = mssa_inst_ops(f, call);
  const mssa_md *expr = &m->md.a[MSSA_VAL_INDEX(ops[3])];
  ok(expr->kind == MSSA_MD_OTHER_DI && !strcmp(mssa_str(m, expr->tag), "DIExpression") && expr->nops == 0 &&
     expr->text_len == 15 && !strncmp(m->text + expr->text_off, "!DIExpression()", 15),
     "the inline !DIExpression(): tag, no operands, its text span");
  const mssa_md *var = &m->md.a[MSSA_VAL_INDEX(ops[2])];
  ok(!strcmp(mssa_str(m, var->tag), "DILocalVariable"), "the variable operand is !7");
  const mssa_md *l10 = &m->md.a[f->insts.a[4].dbg], *l8 = &m->md.a[call->dbg];
  ok(l8->kind == MSSA_MD_LOCATION && l8->line == 2 && l8->col == 7 && l10->line == 4 &&
     l10->inlined_at != MSSA_NONE && m->md.a[l10->inlined_at].line == 9,
     "locations: !8 line 2 col 7, !10 line 4 inlined at line 9");
  mssa_module_free(m);
}

static void test_records_same(void) {
  same_both_ways("debug records", records, strlen(records), 4 + 1 + 7 + 1);
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("t.ll", records, strlen(records), &m, &d)) { skip(1, "records do not parse"); return; }
  const mssa_func *f = &m->funcs.a[mssa_module_find_func(m, "g")];
  const mssa_dbg_record *r = &f->dbg.a[0];
  const mssa_md *expr = &m->md.a[r->expr];
  ok(f->dbg.n == 4 && r->inst == 1 && !strcmp(mssa_str(m, expr->tag), "DIExpression") && expr->nops == 0 &&
     !strncmp(m->text + expr->text_off, "!DIExpression()", 15) && expr->text_len == 15 &&
     m->md.a[r->loc].line == 2 && m->md.a[f->dbg.a[3].assign_expr].text_len == 15,
     "records: four, the first before instruction 1, its !DIExpression() and location line 2");
  mssa_module_free(m);
}

/* Edits of `base` (the first occurrence of `from` replaced by `to`) and
** the diagnostic each must give. */
typedef struct { const char *from, *to, *want; } edit_case;

static void errors_kept(const char *base, const edit_case *cases, size_t ncases) {
  for (size_t k = 0; k < ncases; k++) {
    const char *at = strstr(base, cases[k].from);
    if (!at) { ok(0, "case %zu: text not in the fixture", k); continue; }
    size_t pre = (size_t)(at - base), fl = strlen(cases[k].from), tl = strlen(cases[k].to);
    size_t n = strlen(base) - fl + tl;
    char *t = malloc(n + 1);
    memcpy(t, base, pre);
    memcpy(t + pre, cases[k].to, tl);
    strcpy(t + pre + tl, at + fl);
    mssa_module *m = NULL;
    mssa_diag d;
    char got[1100] = "(parsed)";
    if (mssa_module_parse("t.ll", t, n, &m, &d) == MSSA_OK) mssa_module_free(m);
    else mssa_diag_format(&d, got, sizeof got);
    is_str(strncmp(got, "t.ll:", 5) ? got : got + 5, cases[k].want, "error kept: %s", cases[k].want);
    free(t);
  }
}

/* Errors inside text a fast path matches: the token path's diagnostics
** (positions taken from the reader before the fast paths). */
static void test_errors_kept(void) {
  static const edit_case cases[] = {
    {"metadata i32* %x, metadata !7", "metadata i32* %x x, metadata !7",
     "7:48: error: expected ')' at end of argument list"},
    {"!9 = !DILocation(scope: !6", "!8 = !DILocation(scope: !6", "28:1: error: Metadata id is already used"},
    {"!7 = !DILocalVariable", "!5 = !DILocalVariable", "26:1: error: Metadata id is already used"},
    {"!6 = distinct !DILexicalBlock", "!3 = distinct !DILexicalBlock", "25:1: error: Metadata id is already used"},
    {"!2 = !DISubroutineType(types: !{null})", "!2 = !DISubroutineType(types: !{null}",
     "34:1: error: expected ')' here"},
    {"line: 9, column: 1, scope: !3)", "line: 9, column: 1, scope: !3 x)", "23:48: error: expected ')' here"},
    {"metadata !7, metadata !DIExpression()), !dbg !8", "metadata !77, metadata !DIExpression()), !dbg !8",
     "7:58: error: use of undefined metadata '!77'"},
    {"column: 7, scope: !3)\n!9", "column: 7, scope: !99)\n!9", "27:45: error: use of undefined metadata '!99'"},
    {"declare(metadata i32* %x", "declare(metadata i32* %nope", "7:45: error: use of undefined value '%nope'"},
  };
  errors_kept(fixture, cases, sizeof cases / sizeof cases[0]);
  static const edit_case rec_cases[] = {
    {"!DIExpression(), !8)\n    #dbg_value(i32 1", "!DIExpression(), !88)\n    #dbg_value(i32 1",
     "4:47: error: use of undefined metadata '!88'"},
    {"#dbg_declare(ptr %x, !7, !DIExpression(), !8)", "#dbg_declare(ptr %x, !7, !DIExpression() !8)",
     "4:46: error: expected ',' in debug record"},
    {"#dbg_declare(ptr %x, !7, !DIExpression(), !8)", "#dbg_declare(ptr %x, !7, !DIExpression()), !8)",
     "4:45: error: expected ',' in debug record"},
  };
  errors_kept(records, rec_cases, sizeof rec_cases / sizeof rec_cases[0]);
}

/* The Lua modules, when the shared corpus is there. */
static void test_real(void) {
  const char *shared = getenv("MEMSSA_SHARED");
  if (!shared) shared = "../shared";
  static const char *const files[] = {"real/lua.O0.ll", "real/lua.O2.ll", "real22/lua.O0.ll"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/corpus/%s", shared, files[i]);
    FILE *fp = fopen(path, "rb");
    if (!fp) { skip(1, "a Lua module of the shared corpus is absent"); continue; }
    fseek(fp, 0, SEEK_END);
    long len = ftell(fp);
    rewind(fp);
    char *text = malloc((size_t)len + 1);
    size_t got = fread(text, 1, (size_t)len, fp);
    fclose(fp);
    text[got] = 0;
    same_both_ways(files[i], text, got, -1);
    free(text);
  }
}

int main(void) {
  no_plan();
  test_fixture_same();
  test_records_same();
  test_errors_kept();
  test_real();
  return done_testing();
}
