/*
** test_lsp_names.c -- unit tests of clients/lsp/lsp_names.c, the language
** server's C names for IR pointers: locals through llvm.dbg.declare (LLVM
** 14) and #dbg_declare records (LLVM 19+), globals through
** DIGlobalVariable, access paths (a[…], p->next through DICompositeType
** members, *q), parameters' spills, loads' source lines, and the
** distinct-allocation rule the reaching-writes fallback relies on
** (two allocas or globals; a local whose address never escapes against a
** pointer not derived from it), including the escapes that must defeat it.
*/
#include "../../clients/lsp/lsp_names.c"
#include "tap.h"

static const char ir14[] =
    "%struct.node = type { i32, %struct.node* }\n"
    "\n"
    "@counter = dso_local global i32 0, align 4, !dbg !0\n"
    "\n"
    "define dso_local void @f(i32* noundef %0, %struct.node* noundef %1, i32 noundef %2) #0 !dbg !4 {\n"
    "  %a.addr = alloca i32*, align 8\n"
    "  %p = alloca %struct.node*, align 8\n"
    "  %x.addr = alloca i32, align 4\n"
    "  %total = alloca i32, align 4\n"
    "  %e = alloca i32, align 4\n"
    "  store i32* %0, i32** %a.addr, align 8\n"
    "  call void @llvm.dbg.declare(metadata i32** %a.addr, metadata !10, metadata !DIExpression()), !dbg !12\n"
    "  call void @llvm.dbg.declare(metadata %struct.node** %p, metadata !11, metadata !DIExpression()), !dbg !12\n"
    "  store i32 %2, i32* %x.addr, align 4\n"
    "  call void @llvm.dbg.declare(metadata i32* %x.addr, metadata !14, metadata !DIExpression()), !dbg !12\n"
    "  call void @llvm.dbg.declare(metadata i32* %total, metadata !15, metadata !DIExpression()), !dbg !12\n"
    "  call void @llvm.dbg.declare(metadata i32* %e, metadata !16, metadata !DIExpression()), !dbg !12\n"
    "  %c = bitcast %struct.node** %p to i8*, !dbg !12\n"
    "  call void @llvm.lifetime.start.p0i8(i64 8, i8* %c), !dbg !12\n"
    "  store i32 0, i32* %total, align 4, !dbg !12\n"
    "  %5 = load %struct.node*, %struct.node** %p, align 8, !dbg !12\n"
    "  %6 = getelementptr inbounds %struct.node, %struct.node* %5, i32 0, i32 1, !dbg !12\n"
    "  store %struct.node* null, %struct.node** %6, align 8, !dbg !13\n"
    "  %7 = load i32*, i32** %a.addr, align 8, !dbg !13\n"
    "  %8 = getelementptr inbounds i32, i32* %7, i64 3, !dbg !13\n"
    "  %9 = load i32, i32* %8, align 4, !dbg !13\n"
    "  store i32 %9, i32* %7, align 4, !dbg !13\n"
    "  call void @use(i32* %e), !dbg !13\n"
    "  store i32 1, i32* @counter, align 4, !dbg !13\n"
    "  %10 = load double, double* null, align 8, !dbg !12\n"
    "  ret void\n"
    "}\n"
    "\n"
    "declare void @use(i32*)\n"
    "\n"
    "!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())\n"
    "!1 = distinct !DIGlobalVariable(name: \"counter\", scope: !2, file: !3, line: 1, type: !7)\n"
    "!10 = !DILocalVariable(name: \"a\", arg: 1, scope: !4, file: !3, line: 2, type: !7)\n"
    "!11 = !DILocalVariable(name: \"p\", scope: !4, file: !3, line: 3, type: !7)\n"
    "!12 = !DILocation(line: 9, column: 3, scope: !4)\n"
    "!13 = !DILocation(line: 7, column: 5, scope: !4)\n"
    "!14 = !DILocalVariable(name: \"x\", arg: 3, scope: !4, file: !3, line: 2, type: !7)\n"
    "!15 = !DILocalVariable(name: \"total\", scope: !4, file: !3, line: 4, type: !7)\n"
    "!16 = !DILocalVariable(name: \"e\", scope: !4, file: !3, line: 4, type: !7)\n"
    "!19 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: \"node\", file: !3, line: 6, size: 128, elements: !20)\n"
    "!20 = !{!21, !22}\n"
    "!21 = !DIDerivedType(tag: DW_TAG_member, name: \"val\", scope: !19, file: !3, line: 7, baseType: !7, size: 32)\n"
    "!22 = !DIDerivedType(tag: DW_TAG_member, name: \"next\", scope: !19, file: !3, line: 8, baseType: !18, size: 64, offset: 64)\n";

/* LLVM 19+ output: opaque pointers and debug records. */
static const char ir19[] =
    "%struct.node = type { i32, ptr }\n"
    "define dso_local i32 @g(ptr noundef %0) #0 !dbg !4 {\n"
    "  %2 = alloca ptr, align 8\n"
    "  store ptr %0, ptr %2, align 8\n"
    "    #dbg_declare(ptr %2, !30, !DIExpression(), !31)\n"
    "  %3 = load ptr, ptr %2, align 8, !dbg !31\n"
    "  %4 = getelementptr inbounds nuw %struct.node, ptr %3, i32 0, i32 0, !dbg !31\n"
    "  %5 = load i32, ptr %4, align 8, !dbg !31\n"
    "  ret i32 %5, !dbg !31\n"
    "}\n"
    "!19 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: \"node\", file: !3, line: 6, size: 128, elements: !20)\n"
    "!20 = !{!21, !22}\n"
    "!21 = !DIDerivedType(tag: DW_TAG_member, name: \"val\", scope: !19, file: !3, line: 7, baseType: !7, size: 32)\n"
    "!22 = !DIDerivedType(tag: DW_TAG_member, name: \"next\", scope: !19, file: !3, line: 8, baseType: !18, size: 64, offset: 64)\n"
    "!30 = !DILocalVariable(name: \"head\", arg: 1, scope: !4, file: !3, line: 13, type: !18)\n"
    "!31 = !DILocation(line: 14, column: 10, scope: !4)\n";

static void var_is(const mssa__lsp_names *nm, const char *fn, const char *text, const char *want) {
  char buf[256];
  int rc = mssa__lsp_names_var(nm, fn, text, buf, sizeof buf);
  if (want) is_str(rc ? "(none)" : buf, want, "%s names %s", text, want);
  else ok(rc == -1, "%s has no name", text);
}

static void test_names14(void) {
  mssa__lsp_names *nm = mssa__lsp_names_new(ir14, sizeof ir14 - 1);
  var_is(nm, "f", "store i32 0, i32* %total, align 4, !dbg !12", "total");
  var_is(nm, "@f", "%11 = load i32, i32* %total, align 4", "total");
  var_is(nm, "f", "store %struct.node* null, %struct.node** %6, align 8, !dbg !13", "p->next");
  var_is(nm, "f", "%9 = load i32, i32* %8, align 4, !dbg !13", "a[…]");
  var_is(nm, "f", "store i32 %9, i32* %7, align 4, !dbg !13", "*a");
  var_is(nm, "f", "store i32 1, i32* @counter, align 4, !dbg !13", "counter");
  var_is(nm, "f", "%10 = load double, double* null, align 8", NULL);
  var_is(nm, "nope", "store i32 0, i32* %total, align 4", NULL);
  var_is(nm, "f", "call void @use(i32* %e)", NULL);

  ok(mssa__lsp_names_distinct(nm, "f", "%total", "%x.addr"), "two allocas are distinct");
  ok(mssa__lsp_names_distinct(nm, "f", "%total", "@counter"), "an alloca and a global");
  ok(mssa__lsp_names_distinct(nm, "f", "%c", "%total"), "through a cast to its alloca");
  ok(!mssa__lsp_names_distinct(nm, "f", "%total", "%total"), "one alloca is not distinct from itself");
  ok(mssa__lsp_names_distinct(nm, "f", "%total", "%8"),
     "a local whose address stays in the function against a loaded pointer");
  ok(mssa__lsp_names_distinct(nm, "f", "%7", "%x.addr"), "... either way round");
  ok(!mssa__lsp_names_distinct(nm, "f", "%e", "%8"), "but not a local passed to a call");
  ok(mssa__lsp_names_distinct(nm, "f", "%p", "%8"),
     "a local only cast for lifetime.start stays unescaped");
  ok(!mssa__lsp_names_distinct(nm, "f", "@counter", "%8"), "a global may be what a pointer holds");
  ok(!mssa__lsp_names_distinct(nm, "f", "%7", "%8"), "two pointers of unknown origin");

  ok(mssa__lsp_names_stores_param(nm, "f", "store i32 %2, i32* %x.addr, align 4"),
     "the spill of a parameter");
  ok(!mssa__lsp_names_stores_param(nm, "f", "store i32 %9, i32* %7, align 4, !dbg !13"),
     "a store of a computed value");

  unsigned *lines;
  size_t n = mssa__lsp_names_load_lines(nm, &lines);
  ok(n == 2 && lines[0] == 7 && lines[1] == 9, "lines with loads: 7 and 9, sorted, once each");
  free(lines);
  mssa__lsp_names_free(nm);
}

static void test_names19(void) {
  mssa__lsp_names *nm = mssa__lsp_names_new(ir19, sizeof ir19 - 1);
  var_is(nm, "g", "%5 = load i32, ptr %4, align 8, !dbg !31", "head->val");
  ok(mssa__lsp_names_stores_param(nm, "g", "store ptr %0, ptr %2, align 8"),
     "a parameter's spill, opaque pointers");
  mssa__lsp_names_free(nm);
}

static void test_pointer(void) {
  char p[64];
  long long size;
  ok(mssa__lsp_ir_pointer("%8 = load i32, i32* %7, align 4, !dbg !29", p, sizeof p, &size) &&
         !strcmp(p, "%7") && size == 4,
     "load i32: %%7, 4 bytes");
  ok(mssa__lsp_ir_pointer("store volatile double %v, ptr %q, align 8", p, sizeof p, &size) &&
         !strcmp(p, "%q") && size == 8,
     "store volatile double: %%q, 8 bytes");
  ok(mssa__lsp_ir_pointer("%5 = load %struct.node*, %struct.node** %4, align 8", p, sizeof p,
                          &size) && !strcmp(p, "%4") && size == 8,
     "a pointer load: 8 bytes");
  ok(mssa__lsp_ir_pointer("%5 = load %struct.S, ptr %4", p, sizeof p, &size) && size == -1,
     "an aggregate: size unknown");
  ok(!mssa__lsp_ir_pointer("call void @f()", p, sizeof p, &size), "a call has no pointer operand");
  ok(!mssa__lsp_ir_pointer("%x = load i32, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @a, i64 0, i64 1)",
                           p, sizeof p, &size),
     "a constant expression is not a named pointer");
}

int main(void) {
  test_names14();
  test_names19();
  test_pointer();
  return done_testing();
}
