/*
** test_update.c -- unit tests of the IR editor and the incremental MemorySSA
** updater, with concrete expected answers: phis appear and disappear where
** the IDF says, clobbers follow, ids are stable, bad ids are rejected, and
** the cases behind LLVM's known updater bugs (a new access in a block whose
** dominator changed; edges from unreachable blocks; 100,000-block chains,
** which overflowed LLVM's recursive getPreviousDefRecursive) work. After
** every step the verifier passes and the graph equals a fresh build up to
** numbering (update_canon.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "ir/ir_edit.h"
#include "mssa/mssa.h"
#include "update/mssa_update.h"
#include "update_canon.h"

static mssa_module *parse(const char *text) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("<test>", text, strlen(text), &m, &d) != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&d, buf, sizeof buf);
    diag("parse failed: %s", buf);
    return NULL;
  }
  return m;
}

static mssa_func *func(mssa_module *m, const char *name) {
  uint32_t k = mssa_module_find_func(m, name);
  return k == MSSA_NONE ? NULL : &m->funcs.a[k];
}

static uint32_t block_named(const mssa_module *m, const mssa_func *f, const char *name) {
  for (uint32_t b = 0; b < f->blocks.n; b++)
    if (!f->blocks.a[b].removed && f->blocks.a[b].name != MSSA_NONE &&
        !strcmp(mssa_str(m, f->blocks.a[b].name), name))
      return b;
  return MSSA_NONE;
}

static uint32_t inst_named(const mssa_module *m, const mssa_func *f, const char *name) {
  for (uint32_t i = 0; i < f->insts.n; i++)
    if (f->insts.a[i].block != MSSA_NONE && f->insts.a[i].name != MSSA_NONE &&
        !strcmp(mssa_str(m, f->insts.a[i].name), name))
      return i;
  return MSSA_NONE;
}

/* The access a use's/def's defining access (use: its clobber), as a name. */
static const char *def_of(const mssa_ssa *s, uint32_t inst) {
  static char buf[64];
  uint32_t a = mssa_ssa_inst_access(s, inst);
  if (a == MSSA_NONE) return "no access";
  name_of(s, s->acc.a[a].def, buf, sizeof buf);
  return buf;
}

/* verify + equal to a fresh build */
static bool good(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *what) {
  char msg[256];
  if (mssa_verify(s, msg, sizeof msg) != 0) {
    diag("%s: verify: %s", what, msg);
    return false;
  }
  mssa_ssa *fresh = NULL;
  if (mssa_ssa_build(m, f, NULL, &fresh) != MSSA_OK) return false;
  sbuf a = {0}, b = {0}, x = {0}, y = {0}, o1 = {0}, o2 = {0};
  canon(s, &a, &x, &o1);
  canon(fresh, &b, &y, &o2);
  bool same = sb_eq(&a, &b);
  if (!same) { diag("%s: differs from a fresh build", what); first_diff(a.a, b.a); }
  free(a.a); free(b.a); free(x.a); free(y.a); free(o1.a); free(o2.a);
  mssa_ssa_free(fresh);
  return same;
}

static int ins_text(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *text, mssa_where w,
                    uint32_t anchor, uint32_t *id) {
  mssa_diag d;
  int rc = mssa_update_insert_text(m, f, s, text, strlen(text), w, anchor, id, &d);
  if (rc == MSSA_EPARSE) diag("parse: %u:%u: %s", d.line, d.col, d.msg);
  return rc;
}

/* ------------------------------------------------------------ diamond */

static const char *DIAMOND =
    "define void @d(i1 %c, i32* noalias %p, i32* noalias %q) {\n"
    "entry:\n"
    "  br i1 %c, label %left, label %right\n"
    "left:\n"
    "  br label %join\n"
    "right:\n"
    "  br label %join\n"
    "join:\n"
    "  %v = load i32, i32* %p\n"
    "  ret void\n"
    "}\n";

static void test_diamond(void) {
  mssa_module *m = parse(DIAMOND);
  if (!m) { fail("diamond parses"); return; }
  mssa_func *f = func(m, "d");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t L = block_named(m, f, "left"), R = block_named(m, f, "right"),
           J = block_named(m, f, "join"), E = block_named(m, f, "entry");
  uint32_t v = inst_named(m, f, "v");
  is_str(def_of(s, v), "live", "initially the load is clobbered by liveOnEntry");

  uint32_t st1, st2, st3;
  is_int(ins_text(m, f, s, "store i32 1, i32* %p", MSSA_AT_END, L, &st1), 0, "insert store in left");
  ok(s->phi[J] != MSSA_NONE, "a phi appears at the join");
  is_str(def_of(s, v), "phi@b3", "the load is now clobbered by the phi");
  ok(s->phi[L] == MSSA_NONE && s->phi[R] == MSSA_NONE && s->phi[E] == MSSA_NONE, "no other phis");
  {
    const mssa_access *p = &s->acc.a[s->phi[J]];
    bool okops = p->nops == 2;
    for (uint32_t k = 0; k < p->nops && okops; k++) {
      uint32_t pb = mssa_phi_block(s, p, k), pv = mssa_phi_value(s, p, k);
      if (pb == L) okops = pv == mssa_ssa_inst_access(s, st1);
      else if (pb == R) okops = pv == 0;
      else okops = false;
    }
    ok(okops, "phi operands {left: the store, right: liveOnEntry}");
  }
  ok(good(m, f, s, "after insert"), "insert: verify + equals fresh build");
  uint32_t id1 = s->acc.a[mssa_ssa_inst_access(s, st1)].id;

  is_int(ins_text(m, f, s, "store i32 2, i32* %q", MSSA_AT_END, R, &st2), 0, "insert store to %%q in right");
  is_str(def_of(s, v), "phi@b3", "load still clobbered by the phi (paths disagree)");
  ok(good(m, f, s, "after 2nd insert"), "2nd insert equals fresh build");

  is_int(mssa_update_remove(m, f, s, st1), 0, "remove the store to %%p");
  ok(s->phi[J] != MSSA_NONE, "phi stays (right still defines)");
  is_str(def_of(s, v), "live", "no path clobbers %%p any more: liveOnEntry");
  ok(good(m, f, s, "after remove"), "remove equals fresh build");

  is_int(mssa_update_remove(m, f, s, st2), 0, "remove the store to %%q");
  ok(s->phi[J] == MSSA_NONE, "the phi is gone (no trivial phi left)");
  ok(good(m, f, s, "after 2nd remove"), "2nd remove equals fresh build");

  /* move: store in entry, then into left */
  is_int(ins_text(m, f, s, "store i32 3, i32* %p", MSSA_AT_END, E, &st3), 0, "insert store in entry");
  {
    uint32_t a = mssa_ssa_inst_access(s, st3);
    ok(s->acc.a[mssa_ssa_inst_access(s, v)].def == a, "load clobbered by the entry store");
    is_int(s->acc.a[mssa_ssa_inst_access(s, v)].ar, MSSA_MUST_ALIAS, "MustAlias");
    ok(s->acc.a[a].id > id1, "new def gets a fresh id (ids never reused)");
  }
  uint32_t idm = s->acc.a[mssa_ssa_inst_access(s, st3)].id;
  is_int(mssa_update_move(m, f, s, st3, MSSA_AT_END, L), 0, "move the store into left");
  ok(s->phi[J] != MSSA_NONE, "phi at the join again");
  is_int((int)s->acc.a[mssa_ssa_inst_access(s, st3)].id, (int)idm, "a moved def keeps its id");
  ok(good(m, f, s, "after move"), "move equals fresh build");

  /* set_operand: the load now reads %q */
  is_int(mssa_update_set_operand(m, f, s, v, 0, MSSA_VAL(MSSA_VK_ARG, 2)), 0, "load reads %%q");
  is_str(def_of(s, v), "live", "store to %%p does not clobber %%q");
  ok(good(m, f, s, "after set_operand"), "set_operand equals fresh build");

  /* bad ids and invalid edits */
  is_int(mssa_update_remove(m, f, s, 0x7fffffff), MSSA_ENOENT, "remove: bad id -> ENOENT");
  is_int(mssa_update_move(m, f, s, st3, MSSA_AT_BEFORE, 0x7ffffff0), MSSA_ENOENT, "move: bad anchor");
  is_int(mssa_update_move(m, f, s, mssa_block_terminator(f, J), MSSA_AT_END, L), MSSA_EINVAL,
         "move a terminator -> EINVAL");
  is_int(mssa_update_set_operand(m, f, s, v, 7, MSSA_VAL(MSSA_VK_ARG, 1)), MSSA_EINVAL, "bad operand index");
  is_int(mssa_update_set_operand(m, f, s, v, 0, MSSA_VAL(MSSA_VK_ARG, 0)), MSSA_EINVAL,
         "operand of another type -> EINVAL");
  is_int(mssa_update_remove_block(m, f, s, L), MSSA_EINVAL, "remove a reachable block -> EINVAL");
  is_int(mssa_update_add_block(m, f, s, 0x7ffffff0, MSSA_NONE, NULL), MSSA_ENOENT, "add_block: bad anchor");
  /* a use before its definition is rejected */
  {
    uint32_t before = f->insts.n, id;
    is_int(ins_text(m, f, s, "store i32 %w, i32* %p", MSSA_AT_END, E, &id), MSSA_EPARSE,
           "undefined value -> EPARSE");
    mssa_diag d;
    const char *t = "store i32 0,, i32* %p";
    is_int(mssa_update_insert_text(m, f, s, t, strlen(t), MSSA_AT_END, E, &id, &d), MSSA_EPARSE,
           "syntax error -> EPARSE");
    is_int((int)d.line, 1, "diag line relative to the text");
    is_int((int)d.col, 13, "diag column relative to the text (%s)", d.msg);
    const char *t2 = "%v = load i32, i32* %p";
    is_int(mssa_update_insert_text(m, f, s, t2, strlen(t2), MSSA_AT_END, E, &id, &d), MSSA_EPARSE,
           "redefinition of %%v -> EPARSE");
    const char *t3 = "%w2 = load i32, i32* %p";
    uint32_t term = mssa_block_terminator(f, E);
    is_int(mssa_update_insert_text(m, f, s, t3, strlen(t3), MSSA_AT_AFTER, term, &id, &d), MSSA_EINVAL,
           "insert after a terminator -> EINVAL");
    is_int((int)f->insts.n, (int)before, "failed inserts leave no instruction behind");
  }
  ok(good(m, f, s, "after rejected edits"), "rejected edits change nothing");

  /* split the join before the load: the load moves to the new block */
  uint32_t nb;
  is_int(mssa_update_split_block(m, f, s, v, &nb), 0, "split_block before the load");
  is_int((int)f->insts.a[v].block, (int)nb, "the load is in the new block");
  ok(good(m, f, s, "after split_block"), "split_block equals fresh build");
  uint32_t ne;
  is_int(mssa_update_split_edge(m, f, s, L, J, &ne), 0, "split_edge left->join");
  ok(good(m, f, s, "after split_edge"), "split_edge equals fresh build");
  uint32_t ab;
  is_int(mssa_update_add_block(m, f, s, MSSA_NONE, MSSA_NONE, &ab), 0, "add_block");
  is_int(mssa_update_remove_block(m, f, s, ab), 0, "remove the (unreachable, unused) block");
  ok(good(m, f, s, "after add/remove block"), "add/remove block equals fresh build");

  mssa_ssa_free(s);
  mssa_module_free(m);
}

/* ------------------------------------- dominator changed (LLVM bug class) */

static const char *DOMCHG =
    "define void @g(i1 %c, i32* noalias %p) {\n"
    "entry:\n"
    "  br i1 %c, label %a, label %b\n"
    "a:\n"
    "  br label %m\n"
    "b:\n"
    "  ret void\n"
    "m:\n"
    "  %v = load i32, i32* %p\n"
    "  ret void\n"
    "}\n";

/* ------------------------------------------ printed predecessors follow */

/* The label line of block `name` in the printout of f, without the
** padding: "m: ; preds = %b, %a" ("" when not found). */
static const char *label_line(mssa_ssa *s, const char *name) {
  static char line[256];
  char *buf = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&buf, &len);
  mssa_print_function(out, s, false);
  fclose(out);
  line[0] = 0;
  size_t k = strlen(name);
  for (char *p = buf; p && *p;) {
    char *nl = strchr(p, '\n');
    if (!strncmp(p, name, k) && p[k] == ':') {
      size_t n = 0;
      for (char *q = p; q < (nl ? nl : p + strlen(p)) && n + 1 < sizeof line; q++)
        if (*q != ' ' || (q > p && q[-1] != ' ' && q[1] != ' ')) line[n++] = *q;
      line[n] = 0;
      break;
    }
    p = nl ? nl + 1 : NULL;
  }
  free(buf);
  return line;
}

/* After CFG edits the `; preds =` comments name the current predecessors,
** in LLParser's use-list order for the current text: terminators in reverse
** layout order. */
static void test_printed_preds(void) {
  mssa_module *m = parse(DOMCHG);
  if (!m) { fail("preds: parses"); return; }
  mssa_func *f = func(m, "g");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t B = block_named(m, f, "b"), t;
  mssa_diag d;
  is_str(label_line(s, "m"), "m:; preds = %a", "m before the edit");
  is_str(label_line(s, "b"), "b:; preds = %entry", "b before the edit");
  const char *br = "br label %m";
  is_int(mssa_update_set_terminator_text(m, f, s, B, br, strlen(br), &t, &d), 0, "b: br label %%m");
  is_str(label_line(s, "m"), "m:; preds = %b, %a", "m gains b, the later terminator first");
  const char *br2 = "br label %a";
  is_int(mssa_update_set_terminator_text(m, f, s, f->entry, br2, strlen(br2), &t, &d), 0,
         "entry: br label %%a");
  is_str(label_line(s, "b"), "b:; No predecessors!", "b unreachable after the edit");
  is_str(label_line(s, "a"), "a:; preds = %entry", "a keeps entry");
  mssa_ssa_free(s);
  mssa_module_free(m);
}

static void test_dominator_changed(void) {
  mssa_module *m = parse(DOMCHG);
  if (!m) { fail("domchg parses"); return; }
  mssa_func *f = func(m, "g");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t A = block_named(m, f, "a"), B = block_named(m, f, "b"), M = block_named(m, f, "m");
  uint32_t v = inst_named(m, f, "v"), st;
  is_int(ins_text(m, f, s, "store i32 1, i32* %p", MSSA_AT_END, A, &st), 0, "store in a (a dominates m)");
  ok(s->phi[M] == MSSA_NONE, "no phi: a dominates m");
  ok(s->acc.a[mssa_ssa_inst_access(s, v)].def == mssa_ssa_inst_access(s, st), "load clobbered by the store");
  is_int((int)s->dt.idom[M], (int)A, "idom(m) = a");
  /* b now branches to m as well: idom(m) becomes entry */
  uint32_t t;
  mssa_diag d;
  const char *br = "br label %m";
  is_int(mssa_update_set_terminator_text(m, f, s, B, br, strlen(br), &t, &d), 0, "b: br label %%m");
  is_int((int)s->dt.idom[M], (int)f->entry, "idom(m) = entry after the edge");
  ok(s->phi[M] != MSSA_NONE, "phi at m (a no longer dominates it)");
  is_str(def_of(s, v), "phi@b3", "load clobbered by the phi");
  ok(good(m, f, s, "after set_terminator"), "equals fresh build");
  /* a new access in the block whose dominator changed */
  uint32_t st2;
  is_int(ins_text(m, f, s, "store i32 2, i32* %p", MSSA_AT_BEFORE, v, &st2), 0,
         "insert a store in m (dominator changed)");
  ok(s->acc.a[mssa_ssa_inst_access(s, st2)].def == s->phi[M], "its defining access is m's phi");
  ok(s->acc.a[mssa_ssa_inst_access(s, v)].def == mssa_ssa_inst_access(s, st2), "load clobbered by it");
  ok(good(m, f, s, "after insert in m"), "equals fresh build");
  /* and one in b, whose only successor is m */
  uint32_t st3;
  is_int(ins_text(m, f, s, "store i32 3, i32* %p", MSSA_AT_END, B, &st3), 0, "insert a store in b");
  ok(good(m, f, s, "after insert in b"), "equals fresh build");
  mssa_ssa_free(s);
  mssa_module_free(m);
}

/* --------------------------------- edges from unreachable blocks (LLVM bug) */

static const char *UNREACH =
    "define void @u(i1 %c, i32* noalias %p) {\n"
    "entry:\n"
    "  br i1 %c, label %a, label %b\n"
    "a:\n"
    "  br label %j\n"
    "b:\n"
    "  br label %j\n"
    "dead:\n"
    "  store i32 9, i32* %p\n"
    "  br label %j\n"
    "j:\n"
    "  %v = load i32, i32* %p\n"
    "  ret void\n"
    "}\n";

static void test_unreachable_preds(void) {
  mssa_module *m = parse(UNREACH);
  if (!m) { fail("unreach parses"); return; }
  mssa_func *f = func(m, "u");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t A = block_named(m, f, "a"), D = block_named(m, f, "dead"), J = block_named(m, f, "j");
  uint32_t v = inst_named(m, f, "v"), st;
  ok(s->phi[J] == MSSA_NONE, "no phi initially (the only def is unreachable)");
  is_int(ins_text(m, f, s, "store i32 1, i32* %p", MSSA_AT_END, A, &st), 0, "store in a");
  ok(s->phi[J] != MSSA_NONE, "phi at j");
  {
    const mssa_access *p = &s->acc.a[s->phi[J]];
    int dead_ops = 0;
    bool live = true;
    for (uint32_t k = 0; k < p->nops; k++)
      if (mssa_phi_block(s, p, k) == D) { dead_ops++; live = live && mssa_phi_value(s, p, k) == 0; }
    is_int(dead_ops, 1, "one operand for the edge from the unreachable block");
    ok(live, "... and it is liveOnEntry");
    is_int((int)p->nops, 3, "three operands in all");
    is_int((int)mssa_phi_block(s, p, p->nops - 1), (int)D, "the unreachable edge comes last (as a fresh build)");
  }
  is_str(def_of(s, v), "phi@b4", "load clobbered by the phi");
  ok(good(m, f, s, "unreachable preds"), "equals fresh build");
  uint32_t st2;
  is_int(ins_text(m, f, s, "store i32 2, i32* %p", MSSA_AT_BEFORE, mssa_block_terminator(f, D), &st2), 0,
         "a store in the unreachable block");
  is_str(def_of(s, st2), "live", "its defining access is liveOnEntry");
  ok(good(m, f, s, "def in unreachable block"), "equals fresh build");
  /* make the dead block reachable: entry -> dead */
  uint32_t t;
  const char *br = "br i1 %c, label %a, label %dead";
  mssa_diag d;
  is_int(mssa_update_set_terminator_text(m, f, s, f->entry, br, strlen(br), &t, &d), 0,
         "entry now branches to dead instead of b");
  ok(mssa_dt_reachable(&s->dt, D) && !mssa_dt_reachable(&s->dt, block_named(m, f, "b")),
     "dead is reachable, b is not");
  ok(good(m, f, s, "after retarget"), "equals fresh build");
  mssa_ssa_free(s);
  mssa_module_free(m);
}

/* --------------------------------------------------- 100,000-block chains */

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static char *chain_text(uint32_t n, bool loop) {
  size_t cap = (size_t)n * 40 + 1024, len = 0;
  char *t = malloc(cap);
  len += (size_t)sprintf(t + len, "define void @chain(i1 %%c, i32* noalias %%p) {\nentry:\n"
                                  "  store i32 0, i32* %%p\n  br label %%b0\n");
  for (uint32_t k = 0; k < n; k++) {
    if (k + 1 < n) len += (size_t)sprintf(t + len, "b%u:\n  br label %%b%u\n", k, k + 1);
    else if (loop) len += (size_t)sprintf(t + len, "b%u:\n  br i1 %%c, label %%b0, label %%exit\n", k);
    else len += (size_t)sprintf(t + len, "b%u:\n  br label %%exit\n", k);
  }
  len += (size_t)sprintf(t + len, "exit:\n  %%v = load i32, i32* %%p\n  ret void\n}\n");
  return t;
}

static void test_chain(bool loop) {
  const uint32_t N = 100000;
  char *text = chain_text(N, loop);
  mssa_module *m = parse(text);
  free(text);
  if (!m) { fail("chain parses"); return; }
  mssa_func *f = func(m, "chain");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t v = inst_named(m, f, "v");
  uint32_t entry_store = f->blocks.a[f->entry].first;
  uint32_t last = block_named(m, f, "b99999"), mid = block_named(m, f, "b50000");
  double t0 = now_ms();
  uint32_t st;
  /* clone the entry store into the middle (or, for the loop, the bottom) */
  mssa_inst proto = f->insts.a[entry_store];
  mssa_val ops[2] = {f->ops.a[proto.ops], f->ops.a[proto.ops + 1]};
  uint32_t where = loop ? last : mid;
  int rc = mssa_update_insert(m, f, s, &proto, ops, 2, MSSA_AT_END, where, &st);
  double t1 = now_ms();
  is_int(rc, 0, "%s: insert a store in block %s", loop ? "loop" : "chain", loop ? "b99999" : "b50000");
  ok(s->acc.a[mssa_ssa_inst_access(s, v)].def == mssa_ssa_inst_access(s, st),
     "%s: the load at the end is clobbered by it", loop ? "loop" : "chain");
  if (loop) {
    uint32_t b0 = block_named(m, f, "b0");
    ok(s->phi[b0] != MSSA_NONE, "loop: a phi at the header b0");
    ok(s->acc.a[mssa_ssa_inst_access(s, st)].def == s->phi[b0],
       "loop: the new store is defined by the header phi, 100,000 blocks up");
  }
  char msg[256];
  is_int(mssa_verify(s, msg, sizeof msg), 0, "%s: verifies (%s)", loop ? "loop" : "chain", msg);
  double t2 = now_ms();
  is_int(mssa_update_remove(m, f, s, st), 0, "%s: remove it again", loop ? "loop" : "chain");
  double t3 = now_ms();
  ok(s->acc.a[mssa_ssa_inst_access(s, v)].def == mssa_ssa_inst_access(s, entry_store),
     "%s: load clobbered by the entry store again", loop ? "loop" : "chain");
  if (loop) ok(s->phi[block_named(m, f, "b0")] == MSSA_NONE, "loop: header phi removed");
  is_int(mssa_verify(s, msg, sizeof msg), 0, "%s: verifies after removal (%s)", loop ? "loop" : "chain", msg);
  ok(good(m, f, s, loop ? "loop" : "chain"), "%s: equals fresh build", loop ? "loop" : "chain");
  note("%s of 100,000 blocks: insert %.2f ms, remove %.2f ms", loop ? "loop" : "chain", t1 - t0, t3 - t2);
  mssa_ssa_free(s);
  mssa_module_free(m);
}

/* --------------------------------------------------------------- batches */

static void test_batch(void) {
  mssa_module *m = parse(DIAMOND);
  if (!m) { fail("diamond parses"); return; }
  mssa_func *f = func(m, "d");
  mssa_ssa *s = NULL;
  mssa_ssa_build(m, f, NULL, &s);
  uint32_t L = block_named(m, f, "left"), R = block_named(m, f, "right");
  sbuf before = {0}, x = {0}, y = {0};
  canon(s, &before, &x, &y);
  uint32_t ninst = f->insts.n, nblocks = f->blocks.n;
  mssa_edit_op ops[3];
  memset(ops, 0, sizeof ops);
  ops[0].kind = MSSA_EDIT_INSERT;
  ops[0].where = MSSA_AT_END;
  ops[0].anchor = L;
  ops[0].text = "store i32 1, i32* %p";
  ops[0].text_len = strlen(ops[0].text);
  ops[1].kind = MSSA_EDIT_SPLIT_EDGE;
  ops[1].block = R;
  ops[1].anchor = block_named(m, f, "join");
  ops[2].kind = MSSA_EDIT_INSERT;
  ops[2].where = MSSA_AT_END;
  ops[2].anchor = R;
  ops[2].text = "store i32 2, i32* %nope";
  ops[2].text_len = strlen(ops[2].text);
  uint32_t res[3], failed = 0;
  mssa_diag d;
  int rc = mssa_update_batch(m, f, s, ops, 3, res, &failed, &d);
  is_int(rc, MSSA_EPARSE, "batch with a bad third op fails");
  is_int((int)failed, 2, "... naming op 2");
  sbuf after = {0};
  x.n = y.n = 0;
  canon(s, &after, &x, &y);
  ok(sb_eq(&before, &after), "graph unchanged after the failed batch");
  is_int((int)f->insts.n, (int)ninst, "no instruction added");
  is_int((int)f->blocks.n, (int)nblocks, "no block added");
  char msg[256];
  is_int(mssa_verify(s, msg, sizeof msg), 0, "verifies after restore");
  ops[2].text = "store i32 2, i32* %q";
  ops[2].text_len = strlen(ops[2].text);
  rc = mssa_update_batch(m, f, s, ops, 3, res, &failed, &d);
  is_int(rc, 0, "the corrected batch applies");
  ok(res[0] != MSSA_NONE && res[1] != MSSA_NONE && res[2] != MSSA_NONE, "results: new ids");
  ok(good(m, f, s, "batch"), "batch result equals fresh build");
  free(before.a); free(after.a); free(x.a); free(y.a);
  mssa_ssa_free(s);
  mssa_module_free(m);
}

/* ---------------------------------------------------- IR edit invariants */

static void test_ir_edit(void) {
  mssa_module *m = parse(
      "define i32 @h(i1 %c, i32* %p) {\n"
      "entry:\n"
      "  br i1 %c, label %a, label %j\n"
      "a:\n"
      "  br label %j\n"
      "j:\n"
      "  %x = phi i32 [ 1, %entry ], [ 2, %a ]\n"
      "  %y = add i32 %x, 1\n"
      "  ret i32 %y\n"
      "}\n");
  if (!m) { fail("h parses"); return; }
  mssa_func *f = func(m, "h");
  uint32_t A = block_named(m, f, "a"), J = block_named(m, f, "j");
  uint32_t x = inst_named(m, f, "x"), y = inst_named(m, f, "y");
  mssa_inst proto = f->insts.a[y];
  mssa_val ops[2] = {f->ops.a[proto.ops], f->ops.a[proto.ops + 1]};
  is_int(mssa_ir_insert(m, f, &proto, ops, 2, MSSA_AT_BEFORE, x, NULL), MSSA_EINVAL,
         "a non-phi cannot go before a phi");
  is_int(mssa_ir_remove(f, x), MSSA_EINVAL, "a used instruction cannot be removed");
  is_int(mssa_ir_remove(f, mssa_block_terminator(f, J)), MSSA_EINVAL, "a terminator cannot be removed");
  /* a: br label %j -> ret: j loses an edge, its phi drops the pair */
  mssa_inst ret;
  memset(&ret, 0, sizeof ret);
  ret.opcode = MSSA_OP_UNREACHABLE;
  ret.type = m->t_void;
  ret.name = ret.slot = ret.attrs = ret.md_tbaa = ret.md_scope = ret.md_noalias = ret.dbg = ret.mdatt = MSSA_NONE;
  uint32_t t;
  is_int(mssa_ir_set_terminator(m, f, A, &ret, NULL, 0, &t), 0, "a: unreachable");
  is_int((int)f->insts.a[x].nops, 2, "the phi dropped the pair for a (removePredecessor)");
  mssa_inst br = ret;
  br.opcode = MSSA_OP_BR;
  mssa_val to = MSSA_VAL(MSSA_VK_BLOCK, J);
  is_int(mssa_ir_set_terminator(m, f, A, &br, &to, 1, &t), MSSA_EINVAL,
         "a new edge into a block with phis is rejected");
  mssa_val toe = MSSA_VAL(MSSA_VK_BLOCK, f->entry);
  is_int(mssa_ir_set_terminator(m, f, A, &br, &toe, 1, &t), MSSA_EINVAL, "no edge into the entry block");
  is_int(mssa_ir_set_operand(m, f, y, 5, ops[0]), MSSA_EINVAL, "operand index out of range");
  is_int(mssa_ir_move(f, 0x0fffffff, MSSA_AT_END, J), MSSA_ENOENT, "move: bad id");
  mssa_module_free(m);
}

int main(void) {
  test_ir_edit();
  test_diamond();
  test_dominator_changed();
  test_printed_preds();
  test_unreachable_preds();
  test_batch();
  test_chain(false);
  test_chain(true);
  return done_testing();
}
