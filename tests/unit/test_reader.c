/*
** test_reader.c -- the LLVM IR reader (analysis/ll_*.c, layout.c, ir.c):
** concrete facts about parsed IR, every error path with its position, and
** the real corpora (skipped when absent).
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/filemap.h"
#include "ir/ir.h"
#include "reader/reader.h"
#include "reader/ll_lex.h"
#include "tap.h"

static mssa_diag last_diag;

static mssa_module *parse(const char *text) {
  mssa_module *m = NULL;
  int rc = mssa_module_parse("t.ll", text, strlen(text), &m, &last_diag);
  if (rc) {
    char b[1024];
    mssa_diag_format(&last_diag, b, sizeof b);
    diag("unexpected parse failure: %s", b);
    return NULL;
  }
  return m;
}

/* Expects a parse error; returns "LINE:COL: error: MSG" in a static buffer. */
static const char *perr(const char *text) {
  static char buf[1100];
  mssa_module *m = NULL;
  mssa_diag d;
  int rc = mssa_module_parse("t.ll", text, strlen(text), &m, &d);
  if (rc == MSSA_OK) {
    mssa_module_free(m);
    return "(parsed)";
  }
  if (rc != MSSA_EPARSE) return "(wrong code)";
  char full[1100];
  mssa_diag_format(&d, full, sizeof full);
  if (strncmp(full, "t.ll:", 5)) return "(bad file)";
  snprintf(buf, sizeof buf, "%s", full + 5);
  return buf;
}

/* How many prefixes of `text` neither parse nor fail with one positioned
** diagnostic (a reader that stops at any byte must still say where). */
static int bad_truncations(const char *text) {
  size_t len = strlen(text);
  int bad = 0;
  for (size_t cut = 0; cut < len; cut++) {
    mssa_module *mm = NULL;
    mssa_diag d;
    memset(&d, 0, sizeof d);
    int rc = mssa_module_parse("t.ll", text, cut, &mm, &d);
    if (rc == MSSA_OK) mssa_module_free(mm);
    else if (rc != MSSA_EPARSE || d.line == 0 || d.col == 0 || !d.msg[0]) bad++;
  }
  return bad;
}

static mssa_func *fn(mssa_module *m, const char *name) {
  uint32_t i = mssa_module_find_func(m, name);
  return i == MSSA_NONE ? NULL : &m->funcs.a[i];
}

static const char *tname(const mssa_module *m, uint32_t t) {
  const mssa_type *ty = &m->types.a[t];
  return ty->name == MSSA_NONE ? "" : mssa_str(m, ty->name);
}

static uint32_t find_named_type(const mssa_module *m, const char *name) {
  for (uint32_t i = 0; i < m->types.n; i++)
    if (m->types.a[i].name != MSSA_NONE && !strcmp(mssa_str(m, m->types.a[i].name), name)) return i;
  return MSSA_NONE;
}

/* ------------------------------------------------------------------ tests */

static void test_lexer(void) {
  ok(mssa__kw_table_ok(), "keyword table sorted and hash agrees");
  const char *src = "%x @\"a b\" %12 !dbg !{ 5: -7 1.5e3 0xK0001 u0x10 i32 load c\"hi\" ...";
  ll_lexer lx;
  mssa__lex_init(&lx, src, strlen(src));
  int kinds[] = {LT_LOCAL, LT_GLOBAL, LT_LOCALID, LT_MDVAR, LT_EXCL, LT_LBRACE, LT_LABELID,
                 LT_INT, LT_FLOAT, LT_FLOAT, LT_HEXINT, LT_INTTYPE, LT_KW, LT_KW, LT_STRING, LT_DOTS, LT_EOF};
  int good = 1;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    mssa__lex_next(&lx);
    if (lx.tok.kind != kinds[i]) { diag("token %zu: kind %d, want %d", i, lx.tok.kind, kinds[i]); good = 0; }
  }
  ok(good, "token kinds");
  /* words of up to 8 bytes are looked up as a number (ll_lex.c kw8_lookup),
  ** longer ones and those within 8 bytes of the end by hash and compare:
  ** keywords, their prefixes and extensions, at the text's end too */
  static const struct { const char *src; int kw; } words[] = {
    {"ptr         x", LL_KW_ptr}, {"ptrx        x", -1}, {"alig        x", -1}, {"align,        x", LL_KW_align},
    {"zeroinitializer ", LL_KW_zeroinitializer}, {"abcdefgh        x", -1}, {"undef)        x", LL_KW_undef},
    {"noundef)        x", -1}, {"inbounds        x", LL_KW_inbounds}, {"inboundsx        x", -1},
    {"ptr", LL_KW_ptr}, {"pt", -1}, {"inbounds", LL_KW_inbounds}, {"inboundsx", -1},
  };
  good = 1;
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
    mssa__lex_init(&lx, words[i].src, strlen(words[i].src));
    mssa__lex_next(&lx);
    int kw = lx.tok.kind == LT_KW ? lx.tok.kw : lx.tok.kind == LT_IDENT ? -1 : -2;
    if (kw != words[i].kw) { diag("'%s': %d, want %d", words[i].src, kw, words[i].kw); good = 0; }
  }
  ok(good, "keywords and other words, short and long, mid-text and at its end");
}

static const char *basic_ir =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128\"\n"
    "target triple = \"x86_64-pc-linux-gnu\"\n"
    "%struct.S = type { i8, i32, i64 }\n"
    "%struct.P = type <{ i8, i32 }>\n"
    "%struct.L = type { %struct.Later*, %struct.Later }\n"
    "%struct.Later = type { [3 x i16], x86_fp80 }\n"
    "%struct.O = type opaque\n"
    "@g = dso_local global i32 7, align 4\n"
    "@s = internal constant [3 x i8] c\"hi\\00\", align 1\n"
    "@ptr = global i32* getelementptr inbounds (%struct.S, %struct.S* null, i64 0, i32 1)\n"
    "\n"
    "define dso_local i32 @f(i32* noundef nonnull dereferenceable(4) %p, i32 %0) #0 {\n"
    "  %2 = load volatile i32, i32* %p, align 4, !tbaa !5\n"
    "  %3 = add nsw i32 %2, %0\n"
    "  store atomic i32 %3, i32* %p seq_cst, align 4\n"
    "  br label %4\n"
    "\n"
    "4:                                                ; preds = %4, %1\n"
    "  %5 = phi i32 [ %3, %1 ], [ %6, %4 ]\n"
    "  %6 = add i32 %5, 1\n"
    "  %cmp = icmp slt i32 %6, 10\n"
    "  br i1 %cmp, label %4, label %done\n"
    "done:\n"
    "  %r = load i32, i32* %p, align 4, !tbaa !5\n"
    "  ret i32 %r\n"
    "}\n"
    "attributes #0 = { noinline nounwind \"frame-pointer\"=\"all\" uwtable }\n"
    "!5 = !{!6, !6, i64 0}\n"
    "!6 = !{!\"int\", !7, i64 0}\n"
    "!7 = !{!\"omnipotent char\"}\n";

static void test_basic(void) {
  mssa_module *m = parse(basic_ir);
  if (!ok(m != NULL, "basic module parses")) { skip(40, "no module"); return; }
  mssa_func *f = fn(m, "f");
  ok(f && !f->is_decl, "@f defined");
  if (!f) { mssa_module_free(m); return; }
  is_int(f->nargs, 2, "two args");
  is_str(mssa_str(m, f->args[0].name), "p", "arg 0 named p");
  is_uint(f->args[0].slot, MSSA_NONE, "named arg has no slot");
  is_uint(f->args[1].slot, 0, "unnamed arg is %%0");
  ok((f->args[0].attrs & (MSSA_A_NOUNDEF | MSSA_A_NONNULL | MSSA_A_DEREFERENCEABLE)) ==
         (MSSA_A_NOUNDEF | MSSA_A_NONNULL | MSSA_A_DEREFERENCEABLE), "arg attrs");
  is_int(f->args[0].deref, 4, "dereferenceable(4)");
  is_int(f->blocks.n, 3, "three blocks");
  is_uint(f->entry, 0, "entry is block 0");
  is_uint(f->blocks.a[0].slot, 1, "unnamed entry block is %%1");
  is_uint(f->blocks.a[1].slot, 4, "block 4");
  is_str(mssa_str(m, f->blocks.a[2].name), "done", "block done");
  ok(m->attrlists.a[f->attrs].fn & MSSA_A_NOUNWIND, "#0 resolved: nounwind");
  is_int(f->line, 12, "define on line 12");
  ok(f->head_len > 0 && !strncmp(m->text + f->head_off, "define dso_local i32 @f(", 24) &&
         m->text[f->head_off + f->head_len - 1] == '{', "head span");

  mssa_inst *ld = &f->insts.a[0];
  is_int(ld->opcode, MSSA_OP_LOAD, "inst 0 is load");
  is_uint(ld->slot, 2, "load is %%2");
  ok(ld->flags & MSSA_IF_VOLATILE, "volatile");
  is_int(ld->align, 4, "align 4");
  is_int(ld->nops, 1, "load has one operand");
  is_uint(f->ops.a[ld->ops], MSSA_VAL(MSSA_VK_ARG, 0), "load of arg 0");
  ok(ld->md_tbaa != MSSA_NONE && ld->md_tbaa == f->insts.a[8].md_tbaa, "tbaa shared by both loads");
  is_int(m->md.a[ld->md_tbaa].nops, 3, "tbaa tag has 3 operands");
  is_str(mssa_str(m, m->md.a[m->mdops.a[m->md.a[ld->md_tbaa].ops].idx].ops == 0 ? 0 :
                          m->mdops.a[m->md.a[m->mdops.a[m->md.a[ld->md_tbaa].ops].idx].ops].idx),
         "int", "tbaa base type name");
  {
    char b[128];
    snprintf(b, sizeof b, "%.*s", (int)ld->text_len, m->text + ld->text_off);
    is_str(b, "%2 = load volatile i32, i32* %p, align 4, !tbaa !5", "load text span");
  }
  mssa_inst *add = &f->insts.a[1];
  is_int(add->opcode, MSSA_OP_ADD, "add");
  is_uint(f->ops.a[add->ops], MSSA_VAL(MSSA_VK_INST, 0), "add op0 = %%2");
  is_uint(f->ops.a[add->ops + 1], MSSA_VAL(MSSA_VK_ARG, 1), "add op1 = %%0");
  mssa_inst *st = &f->insts.a[2];
  is_int(st->opcode, MSSA_OP_STORE, "store");
  is_int(st->ordering, MSSA_AO_SEQCST, "seq_cst");
  is_uint(st->type, m->t_void, "store is void");
  is_uint(st->slot, MSSA_NONE, "store has no slot");
  mssa_inst *phi = &f->insts.a[4];
  is_int(phi->opcode, MSSA_OP_PHI, "phi");
  is_uint(phi->slot, 5, "phi is %%5");
  is_uint(f->ops.a[phi->ops + 2], MSSA_VAL(MSSA_VK_INST, 5), "phi forward ref to %%6 resolved");
  is_uint(f->ops.a[phi->ops + 3], MSSA_VAL(MSSA_VK_BLOCK, 1), "phi incoming block 4");
  is_uint(f->ops.a[phi->ops + 1], MSSA_VAL(MSSA_VK_BLOCK, 0), "phi incoming entry %%1");
  mssa_inst *cmp = &f->insts.a[6];
  is_int(cmp->aux, 40, "slt predicate number");
  is_uint(cmp->type, m->t_i1, "icmp is i1");
  uint32_t succ[4];
  uint32_t t = mssa_block_terminator(f, 1);
  is_int(mssa_inst_successors(f, &f->insts.a[t], succ, 4), 2, "cond br has 2 successors");
  ok(succ[0] == 1 && succ[1] == 2, "successors in order");

  /* types and layout */
  uint32_t S = find_named_type(m, "struct.S");
  const mssa_type *ts = &m->types.a[S];
  is_int(ts->size, 16, "struct.S size 16");
  is_int(ts->align, 8, "struct.S align 8 (i64:64)");
  ok(m->toffs.a[ts->offsets] == 0 && m->toffs.a[ts->offsets + 1] == 4 && m->toffs.a[ts->offsets + 2] == 8,
     "struct.S offsets 0,4,8");
  const mssa_type *tp = &m->types.a[find_named_type(m, "struct.P")];
  is_int(tp->size, 5, "packed size 5");
  is_int(m->toffs.a[tp->offsets + 1], 1, "packed offset 1");
  const mssa_type *tl = &m->types.a[find_named_type(m, "struct.Later")];
  is_int(tl->size, 32, "[3 x i16] + x86_fp80 (16-aligned) = 32");
  is_int(m->toffs.a[tl->offsets + 1], 16, "fp80 at 16");
  const mssa_type *tll = &m->types.a[find_named_type(m, "struct.L")];
  is_int(tll->size, 48, "struct.L uses a type defined after it");
  const mssa_type *to = &m->types.a[find_named_type(m, "struct.O")];
  ok(!(to->flags & MSSA_TF_SIZED), "opaque struct unsized");
  is_str(tname(m, S), "struct.S", "type name");
  /* globals */
  ok(m->globals.n == 3, "three globals");
  const mssa_global *gs = &m->globals.a[1];
  ok(gs->is_const && gs->align == 1, "@s constant align 1");
  const mssa_const *cs = mssa_const_get(m, gs->init);
  is_int(cs->kind, MSSA_C_STRING, "c string");
  is_int(mssa_strtab_len(&m->strs, cs->aux), 3, "string has 3 bytes incl NUL");
  const mssa_const *ce = mssa_const_get(m, m->globals.a[2].init);
  ok(ce->kind == MSSA_C_EXPR && ce->opcode == MSSA_OP_GEP && (ce->flags & MSSA_IF_INBOUNDS) && ce->aux == S,
     "constant gep");
  is_int(m->consts.a[MSSA_VAL_INDEX(m->cops.a[ce->ops + 2])].ival, 1, "gep index 1");
  mssa_module_free(m);
}

static void test_default_layout(void) {
  mssa_module *m = parse("%T = type { i32, i64 }\n@a = external global %T\n@v = external global <3 x i32>\n"
                         "@w = external global <4 x i1>\n@x = external global i128\n@y = external global [10 x i24]\n");
  if (!m) { skip(7, "no module"); return; }
  const mssa_type *t = &m->types.a[find_named_type(m, "T")];
  is_int(t->size, 12, "default layout: i64 align 4, {i32,i64} is 12");
  is_int(t->align, 4, "align 4");
  const mssa_type *v = &m->types.a[m->globals.a[1].type];
  ok(v->size == 16 && v->align == 16 && v->store_size == 12, "<3 x i32>: store 12, alloc 16, align 16");
  const mssa_type *w = &m->types.a[m->globals.a[2].type];
  ok(w->store_size == 1 && w->align == 4, "<4 x i1>: store 1, natural align 4");
  const mssa_type *x = &m->types.a[m->globals.a[3].type];
  ok(x->size == 16 && x->align == 4, "i128 in default layout takes largest int align (4)");
  const mssa_type *y = &m->types.a[m->globals.a[4].type];
  is_int(y->size, 40, "[10 x i24]: 10 * alloc(i24)=4");
  is_int(m->dl.ptr_size, 8, "default pointer size 8");
  mssa_module_free(m);
}

static const char *call_ir =
    "%struct.S = type { i32, [4 x i8] }\n"
    "declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #1\n"
    "declare void @llvm.memcpy.inline.p0i8.p0i8.i64(i8*, i8*, i64 immarg, i1 immarg)\n"
    "declare void @llvm.dbg.value(metadata, metadata, metadata) #2\n"
    "declare i32 @printf(i8*, ...)\n"
    "define void @g(%struct.S* byval(%struct.S) align 8 %s, i8* %d) personality i8* bitcast (i32 (...)* @pers to i8*) !dbg !10 {\n"
    "entry:\n"
    "  %0 = bitcast %struct.S* %s to i8*\n"
    "  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 1 %d, i8* %0, i64 8, i1 false), !dbg !14\n"
    "  call void @llvm.memcpy.inline.p0i8.p0i8.i64(i8* %d, i8* %0, i64 8, i1 true)\n"
    "  call void @llvm.dbg.value(metadata i8* %0, metadata !12, metadata !DIExpression()), !dbg !14\n"
    "  %c = tail call i32 (i8*, ...) @printf(i8* %d, i32 1) #3 [ \"deopt\"(i32 0) ]\n"
    "  call void bitcast (void ()* @h to void (i32)*)(i32 5)\n"
    "  call void asm sideeffect \"nop\", \"~{dirflag}\"()\n"
    "  %i = invoke i32 @pers() to label %ok unwind label %bad\n"
    "ok:\n"
    "  switch i32 %i, label %bad [\n"
    "    i32 0, label %ok\n"
    "    i32 1, label %bad\n"
    "  ]\n"
    "bad:\n"
    "  %lp = landingpad { i8*, i32 } cleanup catch i8* null\n"
    "  resume { i8*, i32 } %lp\n"
    "}\n"
    "define void @h() { ret void }\n"
    "declare i32 @pers(...)\n"
    "attributes #1 = { argmemonly nofree nounwind willreturn }\n"
    "attributes #2 = { nofree nosync nounwind readnone speculatable willreturn }\n"
    "attributes #3 = { nounwind }\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"clang\", emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"a.c\", directory: \"/src\")\n"
    "!10 = distinct !DISubprogram(name: \"g\", scope: !1, file: !1, line: 3, type: !11, unit: !0)\n"
    "!11 = !DISubroutineType(types: !{null})\n"
    "!12 = !DILocalVariable(name: \"x\", scope: !13, file: !1, line: 4, type: !11)\n"
    "!13 = distinct !DILexicalBlock(scope: !10, file: !1, line: 4, column: 7)\n"
    "!14 = !DILocation(line: 5, column: 9, scope: !13)\n";

static void test_calls(void) {
  mssa_module *m = parse(call_ir);
  if (!m) { skip(30, "no module"); return; }
  mssa_func *mc = fn(m, "llvm.memcpy.p0i8.p0i8.i64");
  is_int(mc->intrinsic, MSSA_INTR_MEMCPY, "memcpy decl intrinsic id");
  is_int(fn(m, "llvm.memcpy.inline.p0i8.p0i8.i64")->intrinsic, MSSA_INTR_MEMCPY_INLINE, "memcpy.inline id");
  is_int(fn(m, "llvm.dbg.value")->intrinsic, MSSA_INTR_DBG_VALUE, "dbg.value id");
  is_int(fn(m, "printf")->intrinsic, MSSA_INTR_NONE, "printf not an intrinsic");
  mssa_func *g = fn(m, "g");
  ok(g->args[0].attrs & MSSA_A_BYVAL, "byval arg");
  ok(g->md_dbg != MSSA_NONE && m->md.a[g->md_dbg].kind == MSSA_MD_SUBPROGRAM, "function !dbg");
  mssa_inst *c1 = &g->insts.a[1];
  is_int(c1->opcode, MSSA_OP_CALL, "call");
  is_int(c1->intrinsic, MSSA_INTR_MEMCPY, "call intrinsic id");
  is_int(mssa_call_nargs(c1), 4, "4 args");
  is_uint(mssa_call_callee(m, g, c1), mssa_module_find_func(m, "llvm.memcpy.p0i8.p0i8.i64"), "direct callee");
  ok(mssa_call_fn_attrs(m, g, c1) & MSSA_A_ARGMEMONLY, "callee group attrs reach the call");
  ok(mssa_call_param_attrs(m, g, c1, 0) & MSSA_A_NOALIAS, "callee param attrs");
  ok(mssa_call_param_attrs(m, g, c1, 3) & MSSA_A_IMMARG, "immarg");
  uint32_t file, dir, line, col;
  ok(mssa_inst_source(m, c1, &file, &dir, &line, &col), "source known");
  is_str(mssa_str(m, file), "/src/a.c", "file joined with directory");
  ok(line == 5 && col == 9, "line 5 col 9");
  is_int(g->insts.a[2].intrinsic, MSSA_INTR_MEMCPY_INLINE, "memcpy.inline call");
  mssa_inst *dv = &g->insts.a[3];
  const mssa_val *dops = mssa_inst_ops(g, dv);
  is_int(MSSA_VAL_KIND(dops[1]), MSSA_VK_META, "metadata operand");
  const mssa_md *vm = &m->md.a[MSSA_VAL_INDEX(dops[1])];
  ok(vm->kind == MSSA_MD_VALUE && vm->val == MSSA_VAL(MSSA_VK_INST, 0), "metadata i8* %%0");
  is_int(m->md.a[MSSA_VAL_INDEX(dops[3])].kind, MSSA_MD_OTHER_DI, "!DIExpression()");
  {
    const mssa_md *lv = &m->md.a[MSSA_VAL_INDEX(dops[2])];
    ok(lv->kind == MSSA_MD_OTHER_DI && !strcmp(mssa_str(m, lv->tag), "DILocalVariable"), "DILocalVariable tag");
    ok(lv->nops == 6 && !strcmp(mssa_str(m, m->mdops.a[lv->ops].idx), "scope") &&
       m->md.a[m->mdops.a[lv->ops + 1].idx].kind == MSSA_MD_LEXBLOCK &&
       !strcmp(mssa_str(m, m->mdops.a[lv->ops + 2].idx), "file") &&
       !strcmp(mssa_str(m, m->mdops.a[lv->ops + 4].idx), "type"), "skipped node keeps its (field, node) pairs");
    const mssa_md *sp = &m->md.a[g->md_dbg];
    ok(!strcmp(mssa_str(m, sp->tag), "DISubprogram") && sp->nops == 8 &&
       !strcmp(mssa_str(m, m->mdops.a[sp->ops + 6].idx), "unit"), "kept node keeps its pairs too");
  }
  mssa_inst *pf = &g->insts.a[4];
  ok((pf->flags & MSSA_IF_TAIL) && (pf->flags & MSSA_IF_BUNDLES), "tail call with bundles");
  ok(m->types.a[pf->aux].flags & MSSA_TF_VARARG, "explicit vararg fn type");
  ok(mssa_call_fn_attrs(m, g, pf) & MSSA_A_NOUNWIND, "call-site #3");
  is_uint(mssa_call_callee(m, g, &g->insts.a[5]), mssa_module_find_func(m, "h"), "callee through bitcast");
  ok(g->insts.a[6].flags & MSSA_IF_INLINEASM, "inline asm");
  mssa_inst *iv = &g->insts.a[7];
  is_int(iv->opcode, MSSA_OP_INVOKE, "invoke");
  uint32_t s[8];
  is_int(mssa_inst_successors(g, iv, s, 8), 2, "invoke successors");
  mssa_inst *sw = &g->insts.a[8];
  is_int(mssa_inst_successors(g, sw, s, 8), 3, "switch successors (default + 2)");
  ok(sw->text_len > 0 && m->text[sw->text_off + sw->text_len - 1] == ']', "multi-line switch span ends at ]");
  is_int(g->insts.a[9].opcode, MSSA_OP_LANDINGPAD, "landingpad");
  is_int(g->insts.a[9].nops, 1, "one catch clause operand");
  mssa_module_free(m);
}

static void test_misc_syntax(void) {
  mssa_module *m = parse(
      "source_filename = \"x.c\"\n"
      "module asm \".globl x\"\n"
      "$c = comdat any\n"
      "@a = weak_odr hidden thread_local(initialexec) unnamed_addr addrspace(1) global i32 0, section \"s\", comdat($c), align 8\n"
      "@al = alias i32, i32 addrspace(1)* @a\n"
      "@0 = private constant i128 -1\n"
      "@big = global i128 170141183460469231731687303715884105727\n"
      "@h = global i16 u0xFFFF\n"
      "@f = global <2 x float> <float 1.0, float 0x7FF0000000000000>\n"
      "@ba = global i8* blockaddress(@k, %bb)\n"
      "define fastcc i32 @k(i32 %x) unnamed_addr #0 section \"t\" align 16 gc \"shadow-stack\" {\n"
      "  %v = alloca i32, i32 4, align 16\n"
      "  %q = getelementptr inbounds i32, i32* %v, <2 x i64> <i64 0, i64 1>\n"
      "  %old = cmpxchg weak volatile i32* %v, i32 0, i32 1 syncscope(\"agent\") acq_rel monotonic, align 4\n"
      "  %rmw = atomicrmw volatile fadd float* null, float 1.0 seq_cst\n"
      "  fence syncscope(\"singlethread\") release\n"
      "  %e = extractvalue { i32, i1 } %old, 1\n"
      "  %fr = freeze i32 %x\n"
      "  %vv = insertelement <4 x i32> undef, i32 %x, i32 0\n"
      "  %sh = shufflevector <4 x i32> %vv, <4 x i32> poison, <8 x i32> zeroinitializer\n"
      "  %sel = select fast i1 %e, float 1.0, float 2.0\n"
      "  br label %bb\n"
      "bb:\n"
      "  indirectbr i8* blockaddress(@k, %bb), [label %bb]\n"
      "}\n"
      "uselistorder i32* %v, { 1, 0 }\n"
      "attributes #0 = { nounwind allocsize(0) vscale_range(1,16) memory(read) alignstack=16 }\n");
  if (!m) { skip(12, "no module"); return; }
  ok(m->globals.a[0].addrspace == 1 && m->globals.a[0].align == 8, "addrspace(1) global align 8");
  ok(m->globals.a[1].is_alias, "alias");
  const mssa_const *c = mssa_const_get(m, m->globals.a[2].init);
  ok(c->kind == MSSA_C_INT && c->ival == -1 && !c->wide, "i128 -1 not wide");
  c = mssa_const_get(m, m->globals.a[3].init);
  ok(c->wide && c->ival == -1, "2^127-1: wide, low 64 bits all ones");
  c = mssa_const_get(m, m->globals.a[4].init);
  is_int(c->ival, -1, "i16 u0xFFFF sign-extends to -1");
  mssa_func *k = fn(m, "k");
  const mssa_const *ba = mssa_const_get(m, m->globals.a[6].init);
  ok(ba->kind == MSSA_C_BLOCKADDR && m->cops.a[ba->ops + 1] == MSSA_VAL(MSSA_VK_BLOCK, 1), "blockaddress resolved");
  mssa_inst *q = &k->insts.a[1];
  is_int(m->types.a[q->type].kind, MSSA_T_VECTOR, "vector gep gives vector of pointers");
  mssa_inst *cx = &k->insts.a[2];
  ok((cx->flags & MSSA_IF_WEAK) && (cx->flags & MSSA_IF_VOLATILE) && cx->ordering == MSSA_AO_ACQREL, "cmpxchg flags");
  is_int(m->types.a[cx->type].nfields, 2, "cmpxchg returns {i32, i1}");
  is_int(k->insts.a[3].aux, 11, "atomicrmw fadd op index");
  is_int(k->insts.a[4].ordering, MSSA_AO_RELEASE, "fence release");
  is_int(m->types.a[k->insts.a[8].type].count, 8, "shufflevector result has mask length");
  mssa_module_free(m);
}

static void test_opaque(void) {
  mssa_module *m = parse("define ptr @o(ptr %p) {\n  %a = load ptr, ptr %p, align 8\n"
                         "  %g = getelementptr { i32, i64 }, ptr %a, i64 0, i32 1\n  ret ptr %g\n}\n");
  if (!m) { skip(3, "no module"); return; }
  ok(m->opaque_ptrs, "opaque pointer mode");
  mssa_func *f = fn(m, "o");
  is_uint(f->insts.a[1].type, m->t_ptr, "gep result is ptr");
  is_int(m->types.a[f->args[0].type].size, 8, "ptr size 8");
  mssa_module_free(m);
}

static void test_old_labels(void) {
  /* old-style `; <label>:N` comments and implicit numbering */
  mssa_module *m = parse("define i32 @f(i1) {\n  br i1 %0, label %2, label %3\n\n"
                         "; <label>:2:\n  br label %3\n\n; <label>:3:\n  %4 = phi i32 [ 0, %1 ], [ 1, %2 ]\n"
                         "  ret i32 %4\n}\n");
  if (!m) { skip(3, "no module"); return; }
  mssa_func *f = fn(m, "f");
  ok(f->blocks.n == 3 && f->blocks.a[1].slot == 2 && f->blocks.a[2].slot == 3, "implicit block numbers");
  is_uint(f->insts.a[2].slot, 4, "phi is %%4");
  is_uint(f->ops.a[f->insts.a[0].ops + 1], MSSA_VAL(MSSA_VK_BLOCK, 1), "forward label resolved");
  mssa_module_free(m);
}

static void test_errors(void) {
  static const struct { const char *in, *want; } cases[] = {
    {"define void @f() {\n  %x = add i32 %y, 1\n  ret void\n}\n", "2:16: error: use of undefined value '%y'"},
    {"define void @f() {\n  br label %nowhere\n}\n", "2:12: error: use of undefined value '%nowhere'"},
    {"define void @f() {\n  ret i32 0\n}\n", "2:7: error: value doesn't match function result type 'void'"},
    {"define i32 @f() {\n  ret void\n}\n", "2:7: error: value doesn't match function result type 'i32'"},
    {"define void @f() {\n  call void @g()\n  ret void\n}\n", "2:13: error: use of undefined value '@g'"},
    {"@g = global %T zeroinitializer\n", "1:13: error: use of undefined type named 'T'"},
    {"@g = global i32 0, !foo !3\n", "1:25: error: use of undefined metadata '!3'"},
    {"define void @f() {\n  %2 = add i32 1, 2\n  ret void\n}\n", "2:3: error: instruction expected to be numbered '%1'"},
    {"define void @f(i32 %1) {\n  ret void\n}\n", "1:16: error: argument expected to be numbered '%0'"},
    {"define void @f() {\n  br label %2\n2:\n  ret void\n}\n", "3:1: error: label expected to be numbered '1'"},
    {"define void @f() {\n  frobnicate i32 1\n}\n", "2:3: error: expected instruction opcode"},
    {"@g = global blah 0\n", "1:13: error: expected type"},
    {"bogus\n", "1:1: error: expected top-level entity"},
    {"define void @f() {\n  ret void\n", "3:1: error: expected instruction opcode"},
    {"@g = global { i32, i32 } { i32 1, i32 2 \n", "2:1: error: expected '}' at end of constant"},
    {"@g = global [2 x i32] [i32 1, i32 2\n", "2:1: error: expected ']' at end of array constant"},
    {"@s = global [2 x i8] c\"ab\n", "1:23: error: end of file in string constant"},
    {"define void @f() {\n  %x = add i32 1, 2\n  %x = add i32 1, 2\n  ret void\n}\n",
     "3:3: error: multiple definition of local value named 'x'"},
    {"define void @f() {\n  store i32 1, i32* null\n  %v = store i32 1, i32* null\n  ret void\n}\n",
     "3:3: error: instructions returning void cannot have a name"},
    {"%a = type { %b }\n%b = type { %a }\n@g = external global %a\n", "1:1: error: invalid recursive type"},
    {"define void @f() {\n  %x = add i32 %y, 1\n  %y = add i64 1, 1\n  ret void\n}\n",
     "2:16: error: '%y' defined with type 'i64' but expected 'i32'"},
    {"@g = global i32 \x01\n", "1:17: error: invalid character"},
    {"@g = global i32 0\n@g = global i32 1\n", "2:1: error: redefinition of global '@g'"},
    {"target datalayout = \"e-q:1\"\n", "1:22: error: Unknown specifier in datalayout string"},
    {"!0 = !DILocation(line: 1, column: 2\n", "2:1: error: expected ')' here"},
    {"!0 = !DIBasicType(name: \"int\"\n", "2:1: error: expected ')' here"},
    {"@g = global i8 300000000000000000000000000000000000000000000000000, align 3\n",
     "1:75: error: alignment is not a power of two"},
    {"define void @f() {\n  ret void, !dbg !DILocation(line: 1, scope: !9)\n}\n",
     "2:46: error: use of undefined metadata '!9'"},
    /* `!dbg !N` read from raw text (fast_dbg) and its token-path forms */
    {"define void @f() {\n  ret void, !dbg !7\n}\n", "2:18: error: use of undefined metadata '!7'"},
    {"define void @f() {\n  ret void, !dbg  !7\n}\n", "2:19: error: use of undefined metadata '!7'"},
    {"define void @f() {\n  ret void, !dbg !1234567890\n}\n", "2:19: error: expected metadata number"},
    {"define void @f() {\n  ret void, !dbg !7, !tbaa !8\n}\n!7 = !{}\n", "2:28: error: use of undefined metadata '!8'"},
    {"define void @f() {\n  ret void, !dbg !7a\n}\n!7 = !{}\n", "2:20: error: expected instruction opcode"},
    /* `%T**` type spellings taken from the spelling cache (spelled_type):
    ** the first reference of an undefined type is still the one reported */
    {"define void @f(%T** %0) {\n  %2 = load %T*, %T** %0, align 8\n  %3 = load %T*, %T** %0, align 8\n  ret void\n}\n",
     "1:16: error: use of undefined type named 'T'"},
    {"%T = type { i32 }\ndefine void @f(%T** %0) {\n  %2 = load %T*, %T** %0, align 8\n  %3 = load %T*, %T** %9, align 8\n  ret void\n}\n",
     "4:23: error: use of undefined value '%9'"},
    /* `ptr %N` / `iN %N` operands and `, align N` read from raw text
    ** (fast_local, fast_align) and the forms they leave to the token path */
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %0, align 3\n  ret void\n}\n",
     "2:32: error: alignment is not a power of two"},
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %0, align 8589934592\n  ret void\n}\n",
     "2:32: error: alignment is not a power of two"},
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %0, align 4:\n  ret void\n}\n",
     "2:32: error: expected alignment"},
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %0, align 4x\n  ret void\n}\n",
     "2:33: error: expected instruction opcode"},
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %1, align 4\n  ret void\n}\n",
     "2:22: error: '%1' is not a basic block"},
    {"define void @f(i64 %0) {\n  %2 = load i32, ptr %0, align 4\n  ret void\n}\n",
     "2:22: error: '%0' defined with type 'i64' but expected 'ptr'"},
    {"define void @f(ptr %0) {\n  %2 = load i32, i32 %0, align 4\n  ret void\n}\n",
     "2:22: error: '%0' defined with type 'ptr' but expected 'i32'"},
    {"define void @f(ptr %0) {\n  store i32 %1234567890, ptr %0, align 4\n  ret void\n}\n",
     "2:13: error: use of undefined value '%1234567890'"},
    {"define void @f(ptr %0) {\n  store i32 %12345678901, ptr %0, align 4\n  ret void\n}\n",
     "2:13: error: invalid value number (too large)"},
    {"define void @f(ptr %0) {\n  store i32 %1a, ptr %0, align 4\n  ret void\n}\n",
     "2:13: error: use of undefined value '%1a'"},
    {"define void @f(ptr %0) {\n  %2 = load i32, ptr %0, align 4\n  %3 = load i32, ptr %2, align 4\n  ret void\n}\n",
     "3:22: error: '%2' defined with type 'i32' but expected 'ptr'"},
    {"define void @f(ptr %0) {\n  %x = load i32, ptr %y, align 4\n  %y = load i64, ptr %0, align 4\n  ret void\n}\n",
     "2:22: error: '%y' defined with type 'i64' but expected 'ptr'"},
    {"define void @f(ptr %0) {\n  store i32 %3, ptr %0, align 4\n  %2 = add i32 0, 0\n  %3 = add i64 0, 0\n  ret void\n}\n",
     "2:13: error: '%3' defined with type 'i64' but expected 'i32'"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    is_str(perr(cases[i].in), cases[i].want, "error case %zu", i);
}

/* Deep nesting, huge lines, truncation, garbage: one diagnostic each. */
static void test_robustness(void) {
  enum { N = 100000 };
  size_t cap = (size_t)N * 24 + 256;
  char *b = malloc(cap);
  size_t n = 0;
  n += (size_t)sprintf(b + n, "@x = global i8 0\n@g = global i8* ");
  for (int i = 0; i < N; i++) n += (size_t)sprintf(b + n, "bitcast (i8* ");
  n += (size_t)sprintf(b + n, "@x");
  for (int i = 0; i < N; i++) n += (size_t)sprintf(b + n, " to i8*)");
  b[n] = 0;
  ok(strstr(perr(b), "nesting too deep") != NULL, "100k-deep constant expression: %s", perr(b));
  n = (size_t)sprintf(b, "@g = external global ");
  for (int i = 0; i < N; i++) n += (size_t)sprintf(b + n, "[1 x ");
  b[n] = 0;
  ok(strstr(perr(b), "nesting too deep") != NULL, "100k-deep array type");
  n = (size_t)sprintf(b, "!0 = !{");
  for (int i = 0; i < N; i++) n += (size_t)sprintf(b + n, "!{");
  b[n] = 0;
  ok(strstr(perr(b), "nesting too deep") != NULL, "100k-deep metadata");
  n = (size_t)sprintf(b, "@g = external global i8");
  for (int i = 0; i < N; i++) b[n++] = '*';
  b[n] = 0;
  mssa_module *m = parse(b);
  ok(m != NULL, "100k pointer levels parse iteratively");
  mssa_module_free(m);
  free(b);
  /* 50 MB single line */
  size_t big = 50u << 20;
  b = malloc(big + 64);
  memcpy(b, "@g = global i32 ", 16);
  memset(b + 16, ' ', big);
  memcpy(b + 16 + big, "%x\n", 4);
  is_str(perr(b), "1:52428817: error: invalid use of function-local name", "50 MB line");
  memset(b, '{', big);
  memcpy(b, "@g = global ", 12);
  b[big] = 0;
  ok(strstr(perr(b), "nesting too deep") != NULL, "50 MB of braces");
  free(b);
  /* truncations of a real module: each one error (or a valid prefix) */
  is_int(bad_truncations(call_ir), 0, "every truncation gives a positioned diagnostic");
  /* random bytes */
  char r[4096];
  unsigned s = 12345;
  int bad = 0;
  for (int k = 0; k < 200; k++) {
    for (size_t i = 0; i < sizeof r; i++) { s = s * 1103515245u + 12345u; r[i] = (char)(s >> 16); }
    mssa_module *mm = NULL;
    mssa_diag d;
    int rc = mssa_module_parse("t.ll", r, sizeof r, &mm, &d);
    if (rc == MSSA_OK) mssa_module_free(mm);
    else if (d.line == 0 || !d.msg[0]) bad++;
  }
  is_int(bad, 0, "random bytes give diagnostics");
}

/* --------------------------------------------------------------- corpora */

static int parse_ok(const char *path, char *why, size_t cap) {
  mssa_module *m = NULL;
  mssa_diag d;
  int rc = mssa_module_parse_file(path, &m, &d);
  if (rc) { mssa_diag_format(&d, why, cap); return 0; }
  mssa_module_free(m);
  return 1;
}

static int exists(const char *p) {
  struct stat st;
  return stat(p, &st) == 0;
}

static void test_corpus(void) {
  const char *shared = getenv("MEMSSA_SHARED");
  char dir[1024], path[2048], why[1024];
  if (!shared) shared = "../shared";
  snprintf(dir, sizeof dir, "%s/corpus/llvm-memoryssa", shared);
  DIR *dp = opendir(dir);
  if (!dp) { skip(1, "no LLVM corpus"); }
  else {
    int n = 0, bad = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
      size_t k = strlen(e->d_name);
      if (k < 4 || strcmp(e->d_name + k - 3, ".ll")) continue;
      snprintf(path, sizeof path, "%s/%.*s.mssa.txt", dir, (int)(k - 3), e->d_name);
      if (!exists(path)) continue;
      snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
      n++;
      if (!parse_ok(path, why, sizeof why)) { diag("%s", why); bad++; }
    }
    closedir(dp);
    ok(n > 0 && bad == 0, "LLVM MemorySSA corpus: %d files, %d failures", n, bad);
  }
  const char *real[] = {"lua.O0.ll", "lua.O2.ll"};
  for (int i = 0; i < 2; i++) {
    snprintf(path, sizeof path, "%s/corpus/real/%s", shared, real[i]);
    if (!exists(path)) { skip(1, "real corpus absent"); continue; }
    uint64_t t0 = mssa_now_ns();
    int good = parse_ok(path, why, sizeof why);
    uint64_t t1 = mssa_now_ns();
    if (!ok(good, "%s parses (%.1f ms)", real[i], (double)(t1 - t0) / 1e6)) diag("%s", why);
  }
  /* reader fixtures */
  dp = opendir("tests/fixtures/reader");
  if (!dp) { skip(1, "no tests/fixtures/reader fixtures"); return; }
  int n = 0, bad = 0;
  struct dirent *e;
  while ((e = readdir(dp))) {
    size_t k = strlen(e->d_name);
    if (k < 4 || strcmp(e->d_name + k - 3, ".ll")) continue;
    snprintf(path, sizeof path, "tests/fixtures/reader/%s", e->d_name);
    n++;
    if (!parse_ok(path, why, sizeof why)) { diag("%s", why); bad++; }
  }
  closedir(dp);
  ok(bad == 0, "tests/fixtures/reader fixtures: %d files, %d failures", n, bad);
}

/* tests/fixtures/reader/syntax.ll: EH pads, callbr, quoted names, exotic floats */
static void test_fixture_syntax(void) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse_file("tests/fixtures/reader/syntax.ll", &m, &d)) { skip(9, "syntax.ll not found"); return; }
  mssa_func *w = fn(m, "win");
  ok(w != NULL, "@win");
  if (!w) { mssa_module_free(m); return; }
  const mssa_inst *cs = &w->insts.a[1];
  is_int(cs->opcode, MSSA_OP_CATCHSWITCH, "catchswitch");
  uint32_t s[8];
  ok(mssa_inst_successors(w, cs, s, 8) == 2 && s[0] == 3 && s[1] == 2, "catchswitch: unwind dest first, then handler");
  is_int(w->insts.a[3].opcode, MSSA_OP_CATCHRET, "catchret");
  ok(mssa_inst_successors(w, &w->insts.a[5], s, 8) == 0, "cleanupret to caller has no successor");
  mssa_func *c = fn(m, "cbr");
  ok(c && c->insts.a[0].opcode == MSSA_OP_CALLBR && c->insts.a[0].aux2 == 1 &&
     mssa_call_nargs(&c->insts.a[0]) == 1, "callbr: one indirect dest, one arg");
  mssa_func *q = fn(m, "quoted fn");
  ok(q && !strcmp(mssa_str(m, q->blocks.a[1].name), "quoted label") &&
     !strcmp(mssa_str(m, q->insts.a[1].name), "a b"), "quoted function, label and value names");
  const mssa_const *fl = mssa_const_get(m, m->globals.a[8].init);
  ok(fl->kind == MSSA_C_AGG && fl->nops == 7, "seven float kinds");
  mssa_func *at = fn(m, "atomics");
  ok(at && at->insts.a[0].ordering == MSSA_AO_ACQUIRE && (at->insts.a[0].flags & MSSA_IF_VOLATILE) &&
     at->insts.a[3].aux == 9, "atomic volatile load; atomicrmw umax");
  mssa_module_free(m);
}

/* LLVM's per-function metadata numbering (what print<memoryssa> prints),
** including uniquing of structurally equal nodes (`!2 = !{}` == `!23`).
** Expected numbers from LLVM 14's print<memoryssa> on the same module
** (llvm/test/Analysis/MemorySSA/debugvalue.ll). */
static void test_md_numbering(void) {
  mssa_module *m = parse(
      "define void @f(i16 %x) {\n"
      "  call void @llvm.dbg.value(metadata i16 %x, metadata !32, metadata !DIExpression()), !dbg !31\n"
      "  ret void\n}\n"
      "declare void @llvm.dbg.value(metadata, metadata, metadata)\n"
      "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!14}\n"
      "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"c\", isOptimized: true, "
      "runtimeVersion: 0, emissionKind: FullDebug, enums: !2, retainedTypes: !3)\n"
      "!1 = !DIFile(filename: \"vec.c\", directory: \"test\")\n!2 = !{}\n!3 = !{!4}\n"
      "!4 = !DIBasicType(name: \"int\", size: 16, encoding: DW_ATE_signed)\n"
      "!14 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
      "!15 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 36, type: !16, scopeLine: 38, "
      "spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !23)\n"
      "!16 = !DISubroutineType(types: !17)\n!17 = !{null}\n!23 = !{}\n"
      "!30 = distinct !DILexicalBlock(scope: !15, file: !1, line: 43, column: 5)\n"
      "!31 = !DILocation(line: 0, scope: !30)\n"
      "!32 = !DILocalVariable(name: \"i\", scope: !30, file: !1, line: 43, type: !4)\n");
  if (!m) { skip(3, "no module"); return; }
  mssa_func *f = fn(m, "f");
  uint32_t *slots = malloc(m->md.n * sizeof(uint32_t));
  mssa_md_print_slots(m, (uint32_t)(f - m->funcs.a), slots);
  const mssa_inst *c = &f->insts.a[0];
  const mssa_val *o = mssa_inst_ops(f, c);
  is_uint(slots[MSSA_VAL_INDEX(o[2])], 6, "metadata !32 prints as !6");
  is_uint(slots[c->dbg], 11, "!dbg !31 prints as !11 (!23 uniqued with !2)");
  is_uint(slots[MSSA_VAL_INDEX(o[3])], MSSA_NONE, "DIExpression gets no number");
  free(slots);
  mssa_module_free(m);
}

/* DILocation: raw fast path and its token fallback give the same node */
static void test_dilocation_forms(void) {
  mssa_module *m = parse(
      "define void @f() !dbg !3 {\n  ret void, !dbg !4\n}\n"
      "define void @g() !dbg !3 {\n  ret void, !dbg !5\n}\n"
      "!1 = !DIFile(filename: \"rel/a.c\", directory: \"/d\")\n"
      "!3 = distinct !DISubprogram(name: \"f\", file: !1, line: 1)\n"
      "!4 = !DILocation(line: 7, column: 3, scope: !3, isImplicitCode: true)\n"
      "!5 = !DILocation(scope: !3,\n   column: 4, line: 8)\n");
  if (!m) { skip(4, "no module"); return; }
  uint32_t file, dir, line, col;
  const mssa_inst *a = &fn(m, "f")->insts.a[0], *b = &fn(m, "g")->insts.a[0];
  ok(mssa_inst_source(m, a, &file, &dir, &line, &col) && line == 7 && col == 3, "fast path: line 7 col 3");
  is_str(mssa_str(m, file), "/d/rel/a.c", "relative file joined");
  ok(mssa_inst_source(m, b, &file, &dir, &line, &col) && line == 8 && col == 4, "multi-line, reordered: token path");
  ok(m->md.a[a->dbg].nops == 2 && m->md.a[b->dbg].nops == 2, "both record the scope pair");
  mssa_module_free(m);

  /* key instructions' atomGroup/atomRank (LLVM 21+): read and dropped by
  ** both paths (a sign sends the node to the token path) */
  m = parse("define void @f() !dbg !3 {\n  ret void, !dbg !6\n}\n"
            "define void @g() !dbg !3 {\n  ret void, !dbg !7\n}\n"
            "!1 = !DIFile(filename: \"a.c\", directory: \"/d\")\n"
            "!3 = distinct !DISubprogram(name: \"f\", file: !1, line: 1)\n"
            "!4 = !DILocation(line: 2, column: 1, scope: !3)\n"
            "!6 = !DILocation(line: 9, column: 5, scope: !3, inlinedAt: !4, atomGroup: 2, atomRank: 1)\n"
            "!7 = !DILocation(line: 9, column: 5, scope: !3, inlinedAt: !4, atomGroup: -2, atomRank: 1)\n");
  if (!m) { skip(3, "no module"); return; }
  a = &fn(m, "f")->insts.a[0], b = &fn(m, "g")->insts.a[0];
  const mssa_md *da = &m->md.a[a->dbg], *db = &m->md.a[b->dbg];
  ok(da->line == 9 && da->col == 5 && db->line == 9 && db->col == 5, "atomGroup: line 9 col 5, both paths");
  ok(da->inlined_at != MSSA_NONE && da->inlined_at == db->inlined_at && da->scope == db->scope,
     "atomGroup: same scope and inlinedAt");
  ok(da->nops == 4 && db->nops == 4 && da->tag == db->tag, "atomGroup: scope and inlinedAt pairs only, same tag");
  mssa_module_free(m);

  /* DILexicalBlock: raw fast path (fast_lexblock) and the token path (a
  ** line break sends !9 there) give the same node */
  m = parse("define void @f() !dbg !3 {\n  ret void, !dbg !6\n}\n"
            "define void @g() !dbg !3 {\n  ret void, !dbg !7\n}\n"
            "!1 = !DIFile(filename: \"a.c\", directory: \"/d\")\n"
            "!3 = distinct !DISubprogram(name: \"f\", file: !1, line: 1)\n"
            "!6 = !DILocation(line: 9, column: 5, scope: !8)\n"
            "!7 = !DILocation(line: 9, column: 5, scope: !9)\n"
            "!8 = distinct !DILexicalBlock(file: !1, scope: !3, line: 4, column: 2)\n"
            "!9 = distinct !DILexicalBlock(file: !1,\n  scope: !3, line: 4, column: 2)\n");
  if (!m) { skip(3, "no module"); return; }
  a = &fn(m, "f")->insts.a[0], b = &fn(m, "g")->insts.a[0];
  const mssa_md *la = &m->md.a[m->md.a[a->dbg].scope], *lb = &m->md.a[m->md.a[b->dbg].scope];
  ok(la->kind == MSSA_MD_LEXBLOCK && lb->kind == MSSA_MD_LEXBLOCK && la->line == 4 && la->col == 2 &&
     lb->line == 4 && lb->col == 2, "lexical block: line 4 col 2, both paths");
  ok(la->scope == lb->scope && la->file == lb->file && la->scope != MSSA_NONE && la->file != MSSA_NONE &&
     la->tag == lb->tag, "lexical block: same scope, file and tag");
  int same = la->nops == 4 && lb->nops == 4;
  for (uint32_t i = 0; same && i < 4; i++)
    same = m->mdops.a[la->ops + i].kind == m->mdops.a[lb->ops + i].kind &&
           m->mdops.a[la->ops + i].idx == m->mdops.a[lb->ops + i].idx;
  ok(same, "lexical block: the same field pairs in text order (file, then scope)");
  mssa_module_free(m);
}

/* ------------------------------------------- the syntax of LLVM 15 to 22 */

/* Every construct LLVM 15..22 added that clang emits or LLVM's tests use,
** in one module (opt-22 reads it, but for the unknown attributes and
** memory location kinds, which LLVM would reject and we keep and ignore). */
static const char *current_ir =
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n"
    "%T = type { i32, [4 x i8] }\n"
    "@g = global i32 0, align 4, code_model \"small\"\n"
    "@v = global <4 x i32> splat (i32 7)\n"
    "@tab = constant [2 x ptr] [ptr getelementptr inbounds nuw (i8, ptr @g, i64 2), "
    "ptr getelementptr nusw inrange(-4, 4) (i8, ptr @g, i64 0)]\n"
    "declare void @ext(ptr captures(none) %p, ptr captures(address_is_null) %q, "
    "ptr captures(ret: address, provenance) %r) "
    "memory(argmem: readwrite, inaccessiblemem: write, target_mem0: none)\n"
    "declare i32 @pure(i32) memory(none)\n"
    "declare i32 @reader(ptr nocapture) memory(read)\n"
    "declare void @argr(ptr) memory(argmem: read)\n"
    "declare void @errw(ptr) memory(errnomem: write, argmem: read)\n"
    "declare void @future(ptr) memory(argmem: read, future_mem: write)\n"
    "declare void @grouped(ptr) #0\n"
    "declare noundef range(i32 0, 10) i32 @ranged(float nofpclass(nan inf) %x, "
    "ptr writable dead_on_unwind initializes((0, 4), (8, 12)) %o, ptr dead_on_return %d, "
    "ptr somenewattr(1, 2) anotherone %z)\n"
    "declare void @llvm.lifetime.start.p0(ptr)\n"
    "declare void @llvm.lifetime.end.p0(ptr)\n"
    "declare void @tt(target(\"spirv.Image\", i8, 0, 1))\n"
    "define i32 @f(ptr %p, i32 %a, i64 %b, <4 x i32> %vec, ptr addrspace(1) %q) !dbg !10 {\n"
    "entry:\n"
    "  %x = alloca i32, align 4\n"
    "    #dbg_declare(ptr %x, !12, !DIExpression(), !14)\n"
    "  call void @llvm.lifetime.start.p0(ptr %x)\n"
    "  %t = trunc nuw nsw i64 %b to i32\n"
    "  %z = zext nneg i32 %a to i64\n"
    "  %u = uitofp nneg i32 %a to double\n"
    "  %o = or disjoint i32 %a, 8\n"
    "  %c = icmp samesign ult i32 %a, %t\n"
    "  %s = add nuw nsw i32 %a, 1\n"
    "  %e = sdiv exact i32 %s, 2\n"
    "  %g1 = getelementptr inbounds nuw %T, ptr %p, i64 0, i32 1\n"
    "  %g2 = getelementptr nusw i8, ptr %p, i64 %b\n"
    "  %g3 = getelementptr nuw i8, ptr %p, i64 4\n"
    "    #dbg_value(i32 %s, !13, !DIExpression(), !14)\n"
    "    #dbg_value(!DIArgList(i32 %a, i32 %e), !13, !DIExpression(DW_OP_LLVM_arg, 0, DW_OP_LLVM_arg, 1, "
    "DW_OP_plus, DW_OP_stack_value), !14)\n"
    "  store i32 %e, ptr %x, align 4, !DIAssignID !16\n"
    "    #dbg_assign(i32 %e, !12, !DIExpression(), !16, ptr %x, !DIExpression(), !14)\n"
    "  %r1 = atomicrmw uinc_wrap ptr %p, i32 1 seq_cst, align 4\n"
    "  %r2 = atomicrmw usub_sat ptr %p, i32 1 monotonic, align 4\n"
    "  %r3 = atomicrmw fmaximum ptr %p, float 1.0 acquire, align 4\n"
    "  %sp = add <4 x i32> %vec, splat (i32 1)\n"
    "  %l = load i32, ptr addrspace(1) %q, align 4\n"
    "  call void @ext(ptr %x, ptr %p, ptr %p) memory(argmem: read)\n"
    "  %w = call i32 @pure(i32 %l)\n"
    "  call void @llvm.lifetime.end.p0(ptr %x)\n"
    "    #dbg_value(i32 %w, !13, !DIExpression(), !14)\n"
    "    #dbg_label(!15, !14)\n"
    "  ret i32 %w\n"
    "}\n"
    "attributes #0 = { nounwind memory(inaccessiblemem: readwrite) }\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: \"clang\", "
    "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"m.c\", directory: \"/src\")\n"
    "!10 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, "
    "spFlags: DISPFlagDefinition, unit: !0)\n"
    "!11 = !DISubroutineType(types: !{null})\n"
    "!12 = !DILocalVariable(name: \"x\", scope: !10, file: !1, line: 4, type: !17)\n"
    "!13 = !DILocalVariable(name: \"s\", scope: !10, file: !1, line: 5, type: !17)\n"
    "!14 = !DILocation(line: 4, column: 7, scope: !10)\n"
    "!15 = !DILabel(scope: !10, name: \"out\", file: !1, line: 9)\n"
    "!16 = distinct !DIAssignID()\n"
    "!17 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n";

static const char *md_tag(const mssa_module *m, uint32_t md) {
  return md < m->md.n && m->md.a[md].tag != MSSA_NONE ? mssa_str(m, m->md.a[md].tag) : "";
}

/* Debug records: a side table, not instructions. */
static void test_debug_records(mssa_module *m, mssa_func *f) {
  is_uint(f->insts.n, 22, "22 instructions: records take no instruction");
  is_uint(f->dbg.n, 6, "6 debug records");
  if (f->dbg.n != 6) return;
  const mssa_dbg_record *r = f->dbg.a;
  ok(r[0].kind == MSSA_DBG_DECLARE && r[0].inst == 1 && r[0].addr == MSSA_VAL(MSSA_VK_INST, 0),
     "#dbg_declare before instruction 1, address %%x");
  is_str(md_tag(m, r[0].var), "DILocalVariable", "declare: variable");
  ok(m->md.a[r[0].loc].kind == MSSA_MD_LOCATION && m->md.a[r[0].loc].line == 4, "declare: location line 4");
  is_str(md_tag(m, r[0].expr), "DIExpression", "declare: expression");
  ok(r[1].kind == MSSA_DBG_VALUE && r[1].inst == 12 && r[1].addr == MSSA_VAL(MSSA_VK_INST, 7),
     "#dbg_value of %%s before the store");
  ok(r[2].inst == 12 && r[2].addr == MSSA_VAL_NONE && !strcmp(md_tag(m, r[2].arg), "DIArgList"),
     "#dbg_value of a DIArgList: no single value");
  ok(r[3].kind == MSSA_DBG_ASSIGN && r[3].inst == 13 && r[3].addr == MSSA_VAL(MSSA_VK_INST, 8) &&
     !strcmp(md_tag(m, r[3].assign_id), "DIAssignID") &&
     m->md.a[r[3].assign_addr].val == MSSA_VAL(MSSA_VK_INST, 0), "#dbg_assign: id and address");
  ok(r[4].inst == 21 && r[5].kind == MSSA_DBG_LABEL && r[5].inst == 21 &&
     !strcmp(md_tag(m, r[5].var), "DILabel") && r[5].arg == MSSA_NONE, "#dbg_label before ret");
  ok(r[5].text_len == 20 && !strncmp(m->text + r[5].text_off, "#dbg_label(!15, !14)", 20),
     "a record's text span");
}

static void test_operator_flags(mssa_module *m, mssa_func *f) {
  static const struct { uint32_t inst, flags; const char *what; } want[] = {
    {2, MSSA_OF_NUW | MSSA_OF_NSW, "trunc nuw nsw"}, {3, MSSA_OF_NNEG, "zext nneg"},
    {4, MSSA_OF_NNEG, "uitofp nneg"}, {5, MSSA_OF_DISJOINT, "or disjoint"},
    {6, MSSA_OF_SAMESIGN, "icmp samesign"}, {7, MSSA_OF_NUW | MSSA_OF_NSW, "add nuw nsw"},
    {8, MSSA_OF_EXACT, "sdiv exact"},
    {9, MSSA_OF_INBOUNDS | MSSA_OF_NUSW | MSSA_OF_NUW, "getelementptr inbounds nuw"},
    {10, MSSA_OF_NUSW, "getelementptr nusw"}, {11, MSSA_OF_NUW, "getelementptr nuw"},
  };
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    is_uint(f->insts.a[want[i].inst].opflags, want[i].flags, "%s", want[i].what);
  ok((f->insts.a[9].flags & MSSA_IF_INBOUNDS) && !(f->insts.a[10].flags & MSSA_IF_INBOUNDS),
     "inbounds also in the instruction flags");
  ok(f->insts.a[13].aux == MSSA_RMW_UINC_WRAP && f->insts.a[14].aux == MSSA_RMW_USUB_SAT &&
     f->insts.a[15].aux == MSSA_RMW_FMAXIMUM, "newer atomicrmw operations");
  const mssa_const *sp = mssa_const_get(m, mssa_inst_ops(f, &f->insts.a[16])[1]);
  ok(sp->kind == MSSA_C_SPLAT && sp->nops == 1 && m->consts.a[MSSA_VAL_INDEX(m->cops.a[sp->ops])].ival == 1,
     "splat (i32 1) operand");
  ok(mssa_const_get(m, m->globals.a[1].init)->kind == MSSA_C_SPLAT, "splat initializer");
  const mssa_const *tab = mssa_const_get(m, m->globals.a[2].init);
  ok(tab->kind == MSSA_C_AGG && tab->nops == 2 &&
     m->consts.a[MSSA_VAL_INDEX(m->cops.a[tab->ops])].flags == (MSSA_OF_INBOUNDS | MSSA_OF_NUSW | MSSA_OF_NUW) &&
     m->consts.a[MSSA_VAL_INDEX(m->cops.a[tab->ops + 1])].flags == MSSA_OF_NUSW,
     "constant getelementptr flags, inrange(a, b)");
  uint32_t lt = mssa_val_type(m, f, mssa_inst_ops(f, &f->insts.a[17])[0]);
  ok(m->types.a[lt].kind == MSSA_T_PTR && m->types.a[lt].bits == 1, "ptr addrspace(1)");
}

#define MEM(loc, acc) ((uint32_t)(acc) << (2 * (loc)))

static void test_memory_captures(mssa_module *m, mssa_func *f) {
  const mssa_attrlist *ext = &m->attrlists.a[fn(m, "ext")->attrs];
  is_uint(ext->mem, MEM(MSSA_MEM_ARG, MSSA_MA_MODREF) | MEM(MSSA_MEM_INACCESSIBLE, MSSA_MA_MOD),
          "memory(argmem: readwrite, inaccessiblemem: write, target_mem0: none)");
  is_uint(ext->fn & (MSSA_A_READONLY | MSSA_A_WRITEONLY | MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY),
          MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY, "... as inaccessiblemem_or_argmemonly");
  const uint8_t *caps = m->pcaps.a + ext->params;
  ok(caps[0] == 0 && (m->pattrs.a[ext->params] & MSSA_A_NOCAPTURE), "captures(none) is nocapture");
  is_uint(caps[1], MSSA_CAP_ADDRESS_IS_NULL * 0x11, "captures(address_is_null)");
  is_uint(caps[2], (MSSA_CAP_ADDRESS | MSSA_CAP_PROVENANCE) << 4, "captures(ret: address, provenance)");
  ok(!(m->pattrs.a[ext->params + 1] & MSSA_A_NOCAPTURE), "captures(address_is_null) is no nocapture");
  const mssa_attrlist *pure = &m->attrlists.a[fn(m, "pure")->attrs];
  ok(pure->mem == 0 && (pure->fn & MSSA_A_READNONE), "memory(none) is readnone");
  const mssa_attrlist *rd = &m->attrlists.a[fn(m, "reader")->attrs];
  ok(rd->mem == 0x555 && (rd->fn & MSSA_A_READONLY) && !(rd->fn & MSSA_A_ARGMEMONLY) &&
     m->pcaps.a[rd->params] == 0, "memory(read) is readonly; nocapture is captures(none)");
  const mssa_attrlist *ar = &m->attrlists.a[fn(m, "argr")->attrs];
  is_uint(ar->fn & (MSSA_A_READONLY | MSSA_A_ARGMEMONLY), MSSA_A_READONLY | MSSA_A_ARGMEMONLY,
          "memory(argmem: read) is argmemonly readonly");
  const mssa_attrlist *ew = &m->attrlists.a[fn(m, "errw")->attrs];
  ok(MSSA_MEM_GET(ew->mem, MSSA_MEM_ERRNO) == MSSA_MA_MOD && !(ew->fn & (MSSA_A_ARGMEMONLY | MSSA_A_READONLY)),
     "errnomem is not argument memory");
  const mssa_attrlist *fu = &m->attrlists.a[fn(m, "future")->attrs];
  ok(MSSA_MEM_GET(fu->mem, MSSA_MEM_OTHER) == MSSA_MA_MOD && !(fu->fn & MSSA_A_ARGMEMONLY),
     "an unknown location kind counts as other memory");
  const mssa_attrlist *gr = &m->attrlists.a[fn(m, "grouped")->attrs];
  ok(gr->mem == MEM(MSSA_MEM_INACCESSIBLE, MSSA_MA_MODREF) && (gr->fn & MSSA_A_INACCESSIBLEMEMONLY),
     "memory(...) in an attribute group");
  const mssa_func *rg = fn(m, "ranged");
  ok(rg && rg->nargs == 4 && (rg->args[1].attrs & (MSSA_A_WRITABLE | MSSA_A_DEAD_ON_UNWIND)) ==
     (MSSA_A_WRITABLE | MSSA_A_DEAD_ON_UNWIND), "range, nofpclass, writable, dead_on_unwind, "
     "initializes, dead_on_return and unknown attributes");
  const mssa_inst *call = &f->insts.a[18];
  ok(m->attrlists.a[call->attrs].mem == MEM(MSSA_MEM_ARG, MSSA_MA_REF) &&
     (mssa_call_fn_attrs(m, f, call) & MSSA_A_READONLY), "call-site memory(argmem: read)");
  const mssa_func *lt = fn(m, "llvm.lifetime.start.p0");
  ok(lt && lt->nargs == 1 && lt->intrinsic == MSSA_INTR_LIFETIME_START &&
     f->insts.a[1].intrinsic == MSSA_INTR_LIFETIME_START, "unsized llvm.lifetime.start.p0(ptr)");
  const mssa_func *tt = fn(m, "tt");
  const mssa_type *tty = tt ? &m->types.a[tt->args[0].type] : NULL;
  ok(tty && tty->kind == MSSA_T_TARGET && !strcmp(mssa_str(m, tty->name), "spirv.Image") &&
     tty->nfields == 3 && tty->bits == 2, "target(\"spirv.Image\", i8, 0, 1)");
}

static void test_current_syntax(void) {
  mssa_module *m = parse(current_ir);
  if (!m) { skip(1, "current syntax does not parse"); return; }
  mssa_func *f = fn(m, "f");
  test_debug_records(m, f);
  test_operator_flags(m, f);
  test_memory_captures(m, f);
  is_uint(mssa_module_llvm_version(m), 22, "no ident: the newest syntax used (LLVM 22)");
  ok((m->llvm_syntax & (MSSA_SYN_DBG_RECORD | MSSA_SYN_CAPTURES | MSSA_SYN_TARGET_MEM | MSSA_SYN_NNEG |
                        MSSA_SYN_SAMESIGN | MSSA_SYN_SPLAT | MSSA_SYN_LIFETIME_PTR)) ==
     (MSSA_SYN_DBG_RECORD | MSSA_SYN_CAPTURES | MSSA_SYN_TARGET_MEM | MSSA_SYN_NNEG | MSSA_SYN_SAMESIGN |
      MSSA_SYN_SPLAT | MSSA_SYN_LIFETIME_PTR) && !(m->llvm_syntax & MSSA_SYN_TYPED_PTR),
     "the syntax seen is recorded");
  mssa_module_free(m);
}

/* Which LLVM a module is read as. */
static void test_llvm_version(void) {
  static const struct { const char *ir; unsigned want; const char *what; } cases[] = {
    {"!llvm.ident = !{!0}\n!0 = !{!\"clang version 19.1.7 (Debian)\"}\n", 19, "ident clang 19"},
    {"!llvm.ident = !{!0}\n!0 = !{!\"Debian clang version 14.0.6\"}\n", 14, "ident clang 14"},
    {"!llvm.ident = !{!0}\n!0 = !{!\"clang version 22.1.8\"}\ndeclare void @f(ptr) readonly\n", 22,
     "ident clang 22"},
    {"!llvm.ident = !{!0}\n!0 = !{!\"clang version 17.0.0\"}\ndeclare void @llvm.dbg.value(metadata, "
     "metadata, metadata)\n", 17, "ident clang 17 with llvm.dbg calls"},
    {"@g = global i32* null\n", 14, "typed pointers"},
    {"declare void @llvm.dbg.declare(metadata, metadata, metadata)\n", 14, "llvm.dbg.* calls"},
    {"@g = global ptr null\n", 14, "opaque pointers alone"},
    {"declare void @f() memory(none)\n", 16, "memory(...)"},
    {"define i64 @f(i32 %a) {\n  %z = zext nneg i32 %a to i64\n  ret i64 %z\n}\n", 18, "nneg"},
    {"declare void @f(ptr captures(none))\n", 21, "captures(...)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    mssa_module *m = parse(cases[i].ir);
    if (!m) { fail("%s parses", cases[i].what); continue; }
    is_uint(mssa_module_llvm_version(m), cases[i].want, "%s", cases[i].what);
    mssa_module_free(m);
  }
  mssa_module *m = parse("declare void @f() memory(none)\n");
  if (!m) return;
  ok(mssa_module_set_llvm_version(m, 23) == MSSA_EINVAL && mssa_module_set_llvm_version(m, 13) == MSSA_EINVAL &&
     mssa_module_llvm_version(m) == 16, "versions outside 14..22 are refused");
  ok(mssa_module_set_llvm_version(m, 19) == MSSA_OK && mssa_module_llvm_version(m) == 19 &&
     mssa_module_set_llvm_version(m, 0) == MSSA_OK && mssa_module_llvm_version(m) == 16,
     "an override, and back to the detected version");
  char names[256];
  mssa_syntax_names(m->llvm_syntax, names, sizeof names);
  is_str(names, "memory(...)", "the syntax seen, by name");
  mssa_module_free(m);
}

/* Debug records in LLVM's metadata numbering: their variable, location and
** `!{}` operands are numbered before the next instruction's attachments.
** Numbers from opt-22's print<memoryssa> on the same module. */
static void test_record_slots(void) {
  mssa_module *m = parse(
      "define void @f(ptr %p) !dbg !10 {\nentry:\n  %x = alloca i32, align 4\n"
      "    #dbg_declare(ptr %x, !12, !DIExpression(), !14)\n"
      "    #dbg_value(!{}, !13, !DIExpression(), !15)\n"
      "  store i32 1, ptr %x, align 4, !dbg !16, !tbaa !20\n  ret void, !dbg !16\n}\n"
      "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!5}\n"
      "!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: \"clang\", "
      "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
      "!1 = !DIFile(filename: \"m.c\", directory: \"/src\")\n!5 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
      "!10 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 3, type: !11, scopeLine: 3, "
      "spFlags: DISPFlagDefinition, unit: !0)\n!11 = !DISubroutineType(types: !18)\n!18 = !{null}\n"
      "!12 = !DILocalVariable(name: \"x\", scope: !10, file: !1, line: 4, type: !17)\n"
      "!13 = !DILocalVariable(name: \"s\", scope: !10, file: !1, line: 5, type: !17)\n"
      "!14 = !DILocation(line: 4, column: 7, scope: !10)\n!15 = !DILocation(line: 5, column: 7, scope: !10)\n"
      "!16 = !DILocation(line: 6, column: 7, scope: !10)\n"
      "!17 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n"
      "!20 = !{!21, !21, i64 0}\n!21 = !{!\"int\", !22, i64 0}\n!22 = !{!\"omnipotent char\", !23, i64 0}\n"
      "!23 = !{!\"Simple C/C++ TBAA\"}\n");
  if (!m) { skip(1, "no module"); return; }
  mssa_func *f = fn(m, "f");
  uint32_t *slots = malloc(m->md.n * sizeof(uint32_t));
  mssa_md_print_slots(m, (uint32_t)(f - m->funcs.a), slots);
  const mssa_dbg_record *r = f->dbg.a;
  const mssa_inst *st = &f->insts.a[1];
  ok(f->dbg.n == 2 && slots[r[0].var] == 6 && slots[r[0].loc] == 8 && slots[r[1].arg] == 9 &&
     slots[r[1].var] == 10 && slots[r[1].loc] == 11 && slots[st->dbg] == 12 && slots[st->md_tbaa] == 13,
     "records numbered as opt-22 numbers them");
  free(slots);
  mssa_module_free(m);
}

static void test_current_errors(void) {
  static const struct { const char *in, *want; } cases[] = {
    {"define void @f() {\n  #dbg_bogus(ptr null, !1, !2, !3)\n  ret void\n}\n",
     "2:3: error: expected debug record type here"},
    {"define void @f(ptr %x) {\n  #dbg_value(ptr %x, !1)\n  ret void\n}\n",
     "2:24: error: expected ',' in debug record"},
    {"declare void @f() memory(argmem: sometimes)\n", "1:34: error: expected memory location access kind"},
    {"declare void @f(ptr captures(none, bogus))\n",
     "1:36: error: expected one of 'none', 'address', 'address_is_null', 'provenance' or 'read_provenance'"},
    {"declare void @f(ptr captures(ret: none, ret: none))\n", "1:41: error: duplicate 'ret' location"},
    {"@g = global i32 splat (i32 1)\n", "1:17: error: constant expression type mismatch"},
    {"@g = global ptr getelementptr inrange(1) (i8, ptr @g, i64 0)\n", "1:40: error: expected ',' in inrange"},
    {"@p = global ptr @llvm.foo\n", "1:17: error: intrinsic can only be used as callee"},
    {"declare void @f(target(i8))\n", "1:24: error: expected target extension type name"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    is_str(perr(cases[i].in), cases[i].want, "current-syntax error case %zu", i);
  /* LLVM 20+: an intrinsic called without a declaration gets one */
  mssa_module *m = parse("define void @f(ptr %p, ptr %q) {\n"
                         "  call void @llvm.memcpy(ptr %p, ptr %q, i64 4, i1 false)\n  ret void\n}\n");
  const mssa_func *d = m ? fn(m, "llvm.memcpy") : NULL;
  ok(d && d->is_decl && d->nargs == 4 && d->intrinsic == MSSA_INTR_MEMCPY &&
     fn(m, "f")->insts.a[0].intrinsic == MSSA_INTR_MEMCPY, "undeclared intrinsic declared from its call");
  mssa_module_free(m);
  /* every truncation of the current-syntax module: one positioned error */
  is_int(bad_truncations(current_ir), 0,
         "every truncation of the current-syntax module gives a positioned diagnostic");
}

/* What llvm-as-14 rejects that the reader used to take: named metadata
** holding anything but node numbers and !DIExpression (an inline string, an
** inline tuple, another specialized node, a value), and inline asm whose
** constraint string does not parse or does not fit the call's type
** (InlineAsm::Verify). Messages and positions are llvm-as-14's. */
#define ASM_CALL(ret, params, args, cons) \
  "define " ret " @f(" params ") {\n  %r = call " ret " asm \"\", \"" cons "\"(" args ")\n  ret " \
  ret " %r\n}\n"
#define ASM_VOID(params, args, cons) \
  "define void @f(" params ") {\n  call void asm \"\", \"" cons "\"(" args ")\n  ret void\n}\n"
static void test_llvm_as_rejects(void) {
  static const struct { const char *in, *want; } cases[] = {
    {"!named = !{!\"x\"}\n", "1:13: error: expected integer"},
    {"!0 = !{}\n!named = !{!0, !\"x\"}\n", "2:17: error: expected integer"},
    {"!named = !{!{}}\n", "1:13: error: expected integer"},
    {"!named = !{!DIFile(filename: \"a\", directory: \"b\")}\n", "1:12: error: Expected '!' here"},
    {"!named = !{i32 0}\n", "1:12: error: Expected '!' here"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,r,"),   /* a trailing comma */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,,r"),   /* an empty constraint */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,{ax"),  /* an unclosed register */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,1"),    /* matching no output */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "r,=r"),    /* an output after an input */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_VOID("i32 %x", "i32 %x", "~{memory},r"),    /* an input after a clobber */
     "2:13: error: invalid type for inline asm constraint string"},
    {ASM_VOID("i32 %x", "i32 %x", "=&&r"), "2:13: error: invalid type for inline asm constraint string"},
    {ASM_VOID("i32 %x", "i32 %x", "#r"), "2:13: error: invalid type for inline asm constraint string"},
    {ASM_VOID("i32 %x, i32 %y", "i32 %x, i32 %y", "r"),   /* two arguments, one input */
     "2:13: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,=r,r"),      /* two outputs, no struct */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r|m,0|1"),     /* matching an input */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=&r,0|r"),      /* alternatives the output lacks */
     "2:17: error: invalid type for inline asm constraint string"},
    {ASM_CALL("i32", "i32 %x", "i32 %x", "=r,^R"),        /* a cut two-letter code */
     "2:17: error: invalid type for inline asm constraint string"},
    {"define void @f() {\n  call void (...) asm \"\", \"\"()\n  ret void\n}\n",
     "2:19: error: invalid type for inline asm constraint string"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    is_str(perr(cases[i].in), cases[i].want, "llvm-as rejects it too: case %zu", i);
  static const char *const good[] = {
    "!0 = !{}\n!named = !{!0, ! 0, !DIExpression()}\n",
    "!named = !{}\n",
    "define void @f() {\n  call void asm \"\", \"=r\"()\n  ret void\n}\n",
    ASM_VOID("i32 %x", "i32 %x", "r,~{memory},~{dirflag}"),
    ASM_CALL("i32", "i32 %x", "i32 %x", "=r|m,0|0"),
    ASM_CALL("i32", "i32 %x", "i32 %x", "=r,{ax}"),
    ASM_CALL("i32", "i32 %x", "i32 %x", "=r,^Rm"),
    ASM_CALL("{i32, i32}", "i32 %x", "i32 %x", "=r,=r,0"),
    ASM_VOID("ptr %p", "ptr elementtype(i32) %p", "=*m"),
    /* LLVM 15+: label constraints of callbr are no inputs */
    ("define void @f(i32 %x) {\n  callbr void asm \"\", \"r,!i\"(i32 %x) to label %a [label %b]\n"
     "a:\n  ret void\nb:\n  ret void\n}\n"),
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
    is_str(perr(good[i]), "(parsed)", "and accepts what it accepts: case %zu", i);
}

/* Writes `n` bytes of a repeated comment line to a new temporary file. */
static int temp_file(char *path, size_t cap, size_t n) {
  snprintf(path, cap, "/tmp/memssa-filemap-XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0) return -1;
  FILE *fp = fdopen(fd, "wb");
  if (!fp) return -1;
  for (size_t k = 0; k < n; k++) fputc(k % 64 == 63 ? '\n' : (k % 64 == 0 ? ';' : 'x'), fp);
  return fclose(fp);
}

/* base/filemap.h: which files are mapped, the NUL after the text, the
** errors; and a mapped module reads, prints and frees like a copied one. */
static void test_file_text(void) {
  char path[64];
  mssa_filetext ft;
  /* big enough to map, size not a page multiple: mapped, NUL after it */
  size_t big = MSSA_FILE_MAP_MIN + 12345;
  if (temp_file(path, sizeof path, big)) { skip(16, "no temporary file"); return; }
  ok(mssa_filetext_read(path, MSSA_FILE_MAP, big, &ft) == 0, "filemap: a 1 MiB + 12345 file reads");
  is_uint(ft.mapped, big, "filemap: ... mapped whole");
  ok(ft.len == big && ft.text[big] == 0 && ft.text[0] == ';' && ft.text[63] == '\n',
     "filemap: ... its bytes, then a NUL");
  ft.text[1] = 'y';   /* private: a write changes a copy of the page */
  mssa_filetext_release(ft.text, ft.mapped);
  ok(mssa_filetext_read(path, MSSA_FILE_READ, big, &ft) == 0 && ft.mapped == 0 && ft.text[1] == 'x' &&
     ft.text[big] == 0, "filemap: read, not mapped, when asked; the file kept its bytes");
  mssa_filetext_release(ft.text, ft.mapped);
  errno = 0;
  ok(mssa_filetext_read(path, MSSA_FILE_MAP, big - 1, &ft) == -1 && errno == EFBIG && !ft.text,
     "filemap: one byte over the limit is EFBIG (mapping)");
  errno = 0;
  ok(mssa_filetext_read(path, MSSA_FILE_READ, big - 1, &ft) == -1 && errno == EFBIG && !ft.text,
     "filemap: one byte over the limit is EFBIG (reading)");
  remove(path);
  /* a whole number of pages: no room for the NUL in the mapping, so read */
  if (temp_file(path, sizeof path, (size_t)2 << 20)) { skip(10, "no temporary file"); return; }
  ok(mssa_filetext_read(path, MSSA_FILE_MAP, (size_t)4 << 20, &ft) == 0 && ft.mapped == 0 &&
     ft.len == ((size_t)2 << 20) && ft.text[ft.len] == 0, "filemap: a 2 MiB file is read, not mapped");
  mssa_filetext_release(ft.text, ft.mapped);
  remove(path);
  /* small files are read: a mapping costs more than the copy */
  if (temp_file(path, sizeof path, 1000)) { skip(9, "no temporary file"); return; }
  ok(mssa_filetext_read(path, MSSA_FILE_MAP, big, &ft) == 0 && ft.mapped == 0 && ft.len == 1000 &&
     ft.text[1000] == 0, "filemap: a 1000-byte file is read, not mapped");
  mssa_filetext_release(ft.text, ft.mapped);
  remove(path);
  errno = 0;
  ok(mssa_filetext_read("/nonexistent/memssa.ll", MSSA_FILE_MAP, big, &ft) == -1 && errno == ENOENT,
     "filemap: a missing file is ENOENT");
  /* a directory: its ftell "size" is no size; the read fails as a read */
  errno = 0;
  ok(mssa_filetext_read("/tmp", MSSA_FILE_MAP, big, &ft) == -1 && errno == EISDIR,
     "filemap: a directory is EISDIR, not too large");
  mssa_module *dm = NULL;
  mssa_diag dd;
  ok(mssa_module_parse_file("/tmp", &dm, &dd) == MSSA_EIO && strstr(dd.msg, "could not read file"),
     "filemap: parsing a directory is a read error (%s)", dd.msg);
  mssa_filetext_release(NULL, 0);
  pass("filemap: releasing NULL is a no-op");
  /* A module over 1 MiB parsed from a mapping: the same module. */
  const char *head = "define i32 @f(ptr %p) {\n  store i32 1, ptr %p\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
  snprintf(path, sizeof path, "/tmp/memssa-filemap-XXXXXX");
  int fd = mkstemp(path);
  FILE *fp = fd >= 0 ? fdopen(fd, "wb") : NULL;
  if (!fp) { skip(5, "no temporary file"); return; }
  fputs(head, fp);
  for (size_t k = 0; k < MSSA_FILE_MAP_MIN / 50; k++) fputs("; a comment line to make the module big enough to map ..\n", fp);
  fputs("declare void @g()\n", fp);
  fclose(fp);
  mssa_module *a = NULL, *b = NULL;
  mssa_diag d;
  if (!ok(mssa_module_parse_file_mapped(path, &a, &d) == MSSA_OK && a && a->text_mapped == a->text_len,
          "filemap: a 1 MiB module is parsed from a mapping") && a)
    diag("text_len %zu, mapped %zu", a->text_len, a->text_mapped);
  ok(mssa_module_parse_file(path, &b, &d) == MSSA_OK && b && b->text_mapped == 0,
     "filemap: and the same file copied (the daemon's way)");
  if (a && b) {
    is_uint(a->funcs.n, 2, "filemap: two functions read from the mapping");
    ok(a->funcs.n == b->funcs.n && a->funcs.a[0].insts.n == b->funcs.a[0].insts.n &&
       a->text_len == b->text_len && !memcmp(a->text, b->text, a->text_len),
       "filemap: the same module both ways");
  } else {
    skip(2, "a module did not parse");
  }
  mssa_module_free(a);   /* unmaps (ASan would flag a free() of the mapping) */
  mssa_module_free(b);
  /* an error in a mapped file has its position */
  fp = fopen(path, "ab");
  if (fp) fputs("define void @h() {\n  bogus\n}\n", fp), fclose(fp);
  char buf[1100];
  ok(mssa_module_parse_file_mapped(path, &a, &d) == MSSA_EPARSE && !a,
     "filemap: a bad mapped module fails");
  mssa_diag_format(&d, buf, sizeof buf);
  diag("%s", buf);
  remove(path);
}

/* The metadata arrays are sized from the last line's `!N` before the read
** (ll_read.c, presize_md) only when the text justifies that much. 12,000
** nodes: grown by doubling, the node array ends at 16,384; reserved for
** 1.6 per `!N` of the last line, at 32,768. The same text ending in a far
** larger `!N` reserves nothing. */
static void test_md_presize(void) {
  enum { NODES = 12000 };
  size_t cap = (size_t)NODES * 100 + 4096, len = 0;
  char *text = malloc(cap);
  for (int k = 0; k < NODES; k++)
    len += (size_t)snprintf(text + len, cap - len,
                            "!%d = !DIBasicType(name: \"int%d\", size: 32, encoding: DW_ATE_signed)\n", k, k);
  uint32_t mdcap[2] = {0, 0}, mdn[2] = {0, 0};
  for (int t = 0; t < 2; t++) {
    size_t n = len;
    if (t == 1) n += (size_t)snprintf(text + n, cap - n, "!999999999 = !{}\n");
    mssa_module *m = NULL;
    mssa_diag d;
    if (mssa_module_parse("presize.ll", text, n, &m, &d) == MSSA_OK) {
      mdcap[t] = m->md.cap;
      mdn[t] = m->md.n;
      mssa_module_free(m);
    } else {
      diag("%s", d.msg);
    }
  }
  ok(mdn[0] == NODES && mdcap[0] >= NODES * 8 / 5,
     "last line !%d: %u nodes, in arrays reserved for %u before the read", NODES - 1, mdn[0], mdcap[0]);
  ok(mdn[1] == NODES + 1 && mdcap[1] < NODES * 8 / 5,
     "last line !999999999: %u nodes, in arrays grown as needed (%u)", mdn[1], mdcap[1]);
  free(text);
}

int main(void) {
  no_plan();
  test_md_presize();
  test_lexer();
  test_basic();
  test_default_layout();
  test_calls();
  test_misc_syntax();
  test_opaque();
  test_old_labels();
  test_errors();
  test_fixture_syntax();
  test_md_numbering();
  test_dilocation_forms();
  test_robustness();
  test_corpus();
  test_current_syntax();
  test_llvm_version();
  test_record_slots();
  test_current_errors();
  test_llvm_as_rejects();
  test_file_text();
  return done_testing();
}
