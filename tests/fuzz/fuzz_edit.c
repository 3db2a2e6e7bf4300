/*
** fuzz_edit.c -- libFuzzer target: the edit ops (update/mssa_update.h)
** against a loaded module, each batch checked against a fresh build.
**
** The input is read as a stream of ops: a kind byte, then the bytes the
** op needs (instruction / block / anchor indices taken modulo what the
** function has, a position, an instruction text from a table of texts
** that fit the fixture (fuzz_fixture.h) or raw bytes from the input for
** the edit-text parser). Ops go in batches of 1..4 through
** mssa_update_batch.
**
** Invariants (a violation aborts: a finding):
**   1. After a batch that succeeds the graph verifies and its
**      print<memoryssa> text equals a fresh build's of the edited function
**      up to id numbering (every field: defining accesses, alias words,
**      phi operands in order) -- print_canon.h.
**   2. A batch that fails leaves the printout exactly as before it.
**   3. Each input starts from the fixture: a finding replays from its
**      input alone.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_fixture.h"
#include "mssa/mssa.h"
#include "print_canon.h"
#include "reader/reader.h"
#include "update/mssa_update.h"

#define FUZZ_MAX_OPS 48
#define FUZZ_MAX_BATCH 4
#define FUZZ_MAX_TEXT 200

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Instruction texts that fit one function of the fixture or the other
** (the updater refuses the rest, which is tested too). */
static const char *const texts[] = {
    "store i32 7, i32* %p, align 4",     "store i32 8, i32* %q, align 4",
    "%fz = load i32, i32* %p, align 4",  "store i32 9, i32* @g, align 4",
    "call void @k()",                    "%fy = load i32, i32* %a, align 4",
    "fence seq_cst",                     "store i32 %x, i32* %p, align 4",
    "%fw = load volatile i32, i32* %q",  "store i32 %v, i32* %q, align 4",
    "%fv = load i32, i32* %e, align 4",  "store i32 1, i32* %a, align 4",
    "%fu = getelementptr inbounds [4 x i32], [4 x i32]* %b, i64 0, i64 2",
    "%ft = atomicrmw add i32* %p, i32 1 seq_cst",
};
static const char *const terms[] = {
    "br label %exit", "br i1 %c, label %loop, label %exit", "ret void", "unreachable",
    "br label %j",    "br i1 %c, label %l, label %r",        "ret i32 0", "br label %loop",
};

typedef struct cursor { const uint8_t *p, *end; } cursor;
static uint32_t byte(cursor *c) { return c->p < c->end ? *c->p++ : 0; }
static uint32_t pick(cursor *c, uint32_t n) {
  uint32_t v = byte(c) | byte(c) << 8;
  return n ? v % n : 0;
}

/* A text for an op: from the table, or (high bit) raw input bytes, copied
** into `buf` (the batch keeps pointers until it is applied). */
static const char *text_of(cursor *c, const char *const *table, size_t n, char *buf, size_t *len) {
  uint32_t b = byte(c);
  if (b & 0x80) {
    size_t k = byte(c) % FUZZ_MAX_TEXT;
    if (k > (size_t)(c->end - c->p)) k = (size_t)(c->end - c->p);
    memcpy(buf, c->p, k);
    c->p += k;
    *len = k;
    return buf;
  }
  const char *t = table[b % n];
  *len = strlen(t);
  return t;
}

/* Decodes one op of function f; false when the input is used up. */
static bool decode(cursor *c, const mssa_func *f, mssa_edit_op *op, char *buf) {
  if (c->p >= c->end) return false;
  memset(op, 0, sizeof *op);
  op->kind = (int)(byte(c) % (MSSA_EDIT_SPLIT_BLOCK + 1));
  op->where = (int)(byte(c) % 3);
  op->inst = pick(c, f->insts.n + 1);      /* one past the end: a bad id */
  op->block = pick(c, f->blocks.n + 1);
  op->anchor = op->where == MSSA_AT_END ? pick(c, f->blocks.n) : pick(c, f->insts.n);
  op->index = byte(c) % 4;
  if (op->kind == MSSA_EDIT_SET_OPERAND && f->insts.n) {
    const mssa_inst *src = &f->insts.a[pick(c, f->insts.n)];
    op->val = src->nops ? f->ops.a[src->ops + byte(c) % src->nops] : MSSA_VAL_NONE;
  }
  if (op->kind == MSSA_EDIT_ADD_BLOCK) op->index = MSSA_NONE;
  if (op->kind == MSSA_EDIT_INSERT)
    op->text = text_of(c, texts, sizeof texts / sizeof *texts, buf, &op->text_len);
  else if (op->kind == MSSA_EDIT_SET_TERMINATOR)
    op->text = text_of(c, terms, sizeof terms / sizeof *terms, buf, &op->text_len);
  return true;
}

static void printed(mssa_ssa *s, sbuf *out) {
  out->n = 0;
  print_text(s, out);
}

/* Invariant 1 for function f after a successful batch. */
static void check_fresh(mssa_module *m, mssa_func *f, mssa_ssa *s) {
  char msg[256];
  if (mssa_verify(s, msg, sizeof msg) != 0) {
    fprintf(stderr, "fuzz_edit: @%s does not verify after the batch: %s\n",
            mssa_str(m, f->name), msg);
    abort();
  }
  mssa_ssa *fresh = NULL;
  if (mssa_ssa_build(m, f, NULL, &fresh) != MSSA_OK) abort();
  sbuf a = {0}, b = {0};
  printed(s, &a);
  printed(fresh, &b);
  if (!sb_eq(&a, &b)) {
    fprintf(stderr, "fuzz_edit: the updated graph differs from a fresh build\n"
                    "--- updated\n%.*s--- fresh\n%.*s", (int)a.n, a.a, (int)b.n, b.a);
    abort();
  }
  free(a.a);
  free(b.a);
  mssa_ssa_free(fresh);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mssa_module *m = NULL;
  if (mssa_module_parse("fixture.ll", fuzz_fixture, sizeof fuzz_fixture - 1, &m, NULL)) abort();
  uint32_t defined[8], nd = 0;
  for (uint32_t fi = 0; fi < m->funcs.n && nd < 8; fi++)
    if (!m->funcs.a[fi].is_decl) defined[nd++] = fi;
  mssa_ssa *graphs[8] = {0};
  for (uint32_t k = 0; k < nd; k++)
    if (mssa_ssa_build(m, &m->funcs.a[defined[k]], NULL, &graphs[k])) abort();
  cursor c = {data, data + size};
  static char bufs[FUZZ_MAX_BATCH][FUZZ_MAX_TEXT];
  sbuf before = {0}, after = {0};
  for (uint32_t done = 0; done < FUZZ_MAX_OPS && c.p < c.end;) {
    uint32_t k = byte(&c) % nd;
    mssa_func *f = &m->funcs.a[defined[k]];
    mssa_ssa *s = graphs[k];
    uint32_t n = 1 + byte(&c) % FUZZ_MAX_BATCH;
    mssa_edit_op ops[FUZZ_MAX_BATCH];
    uint32_t nops = 0;
    while (nops < n && decode(&c, f, &ops[nops], bufs[nops])) nops++;
    if (!nops) break;
    done += nops;
    printed(s, &before);
    uint32_t res[FUZZ_MAX_BATCH], failed = 0;
    mssa_diag d;
    if (mssa_update_batch(m, f, s, ops, nops, res, &failed, &d) == MSSA_OK) {
      check_fresh(m, f, s);
    } else {
      printed(s, &after);
      if (!sb_eq(&before, &after)) {
        fprintf(stderr, "fuzz_edit: a failed batch (op %u) changed the graph\n", failed);
        abort();
      }
    }
  }
  free(before.a);
  free(after.a);
  for (uint32_t k = 0; k < nd; k++) mssa_ssa_free(graphs[k]);
  mssa_module_free(m);
  return 0;
}
