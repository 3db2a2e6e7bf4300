/*
** test_overlap.c -- points-to (object + constant offset) and CodeQL-style
** overlap kinds (exact / total / partial / none / may) on one struct.
*/
#include <string.h>

#include "alias/aa.h"
#include "ir/ir.h"
#include "reader/reader.h"
#include "query/mssa_query.h"
#include "tap.h"

static const char *src =
    "%S = type { i32, i32, [4 x i8] }\n"
    "define void @f(i32* %p, i64 %i) {\n"
    "  %s = alloca %S\n"
    "  %a = getelementptr %S, %S* %s, i32 0, i32 0\n"
    "  %b = getelementptr %S, %S* %s, i32 0, i32 1\n"
    "  %c = getelementptr %S, %S* %s, i32 0, i32 2, i64 1\n"
    "  %w = bitcast %S* %s to i64*\n"
    "  %v = getelementptr %S, %S* %s, i32 0, i32 2, i64 %i\n"
    "  ret void\n}\n";

static mssa_loc loc(mssa_module *m, mssa_func *f, const char *name, uint64_t size) {
  mssa_loc l;
  memset(&l, 0, sizeof l);
  if (mssa_q_make_loc(m, f, name, size, &l) != MSSA_OK) diag("no value %s", name);
  return l;
}

int main(void) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("ov.ll", src, strlen(src), &m, &d) != MSSA_OK) bail_out("fixture does not parse");
  mssa_func *f = &m->funcs.a[mssa_module_find_func(m, "f")];
  mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
  struct { const char *w; uint64_t ws; const char *r; uint64_t rs; mssa_overlap want; } c[] = {
    {"%a", 4, "%a", 4, MSSA_OVERLAP_EXACT},    /* same field */
    {"%w", 8, "%b", 4, MSSA_OVERLAP_TOTAL},    /* 8-byte write covers field 1 */
    {"%a", 4, "%w", 8, MSSA_OVERLAP_PARTIAL},  /* 4-byte write, 8-byte read */
    {"%a", 4, "%b", 4, MSSA_OVERLAP_NONE},     /* disjoint fields */
    {"%c", 1, "%v", 1, MSSA_OVERLAP_MAY},      /* variable index */
    {"%p", 4, "%a", 4, MSSA_OVERLAP_NONE},     /* argument vs non-escaping alloca */
  };
  for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
    mssa_loc a = loc(m, f, c[k].w, c[k].ws), b = loc(m, f, c[k].r, c[k].rs);
    mssa_overlap got = mssa_aa_overlap(aa, &a, &b);
    is_str(mssa_overlap_name(got), mssa_overlap_name(c[k].want), "write %s/%llu, read %s/%llu: %s",
           c[k].w, (unsigned long long)c[k].ws, c[k].r, (unsigned long long)c[k].rs,
           mssa_overlap_name(c[k].want));
  }
  mssa_points_to pt;
  mssa_loc cl = loc(m, f, "%c", 1), vl = loc(m, f, "%v", 1), pl = loc(m, f, "%p", 4);
  ok(mssa_aa_points_to(aa, cl.ptr, &pt) && pt.offset_known && pt.offset == 9,
     "%%c points to %%s + 9 (field 2 at 8, element 1)");
  ok(mssa_aa_points_to(aa, vl.ptr, &pt) && !pt.offset_known, "%%v points to %%s at an unknown offset");
  ok(!mssa_aa_points_to(aa, pl.ptr, &pt), "an ordinary argument is not an identified object");
  mssa_aa_free(aa);
  mssa_module_free(m);
  return done_testing();
}
