/*
** mssa_print_canon.c -- the parts of an instruction or label that opt
** prints although the input text may leave them out: `; preds =` comments
** on labels, the default `align` of memory instructions, and call-site
** function attributes written inline, which opt prints as a group `#N`
** (numbers that depend on the printed function: mssa_print_attrs.c).
** Everything else of an instruction's text is echoed as read, so text that
** already has these forms (clang's output) prints unchanged.
**
** Invariants:
**   1. A non-entry label is followed by a `;` comment at column 50 (one
**      space when the label is longer), as AsmWriter::printBasicBlock pads
**      it: "preds = " and the predecessors, or "No predecessors!". The entry
**      block gets none.
**   2. Predecessors print in the order of the block's use list, which
**      LLParser fills as it reads the terminators in text order, each new
**      use at the head: the terminators in reverse layout order, a block
**      repeated once per edge (a switch with two cases to one block names
**      its block twice). The list is computed from the current terminators,
**      so after edits it follows the CFG as it is.
**   3. A load, store, alloca, cmpxchg or atomicrmw read without `align`
**      gets the one LLParser fills in from the DataLayout: the ABI
**      alignment of the accessed type for load and store, the preferred
**      one for alloca, the store size for cmpxchg and atomicrmw. `, align N`
**      goes where opt prints it: before the metadata attachments (and an
**      alloca's `, addrspace(N)`).
**   4. A call's function attributes print as the one group `#N` opt
**      prints for this function (mssa_print_attrs.c, invariant 2), and
**      every `!N` as opt numbers it there (invariant 1 there).
**   5. Debug records (`#dbg_value(...)`, LLVM 19+) print as opt prints
**      them: before the annotation of the instruction they are attached to,
**      indented by four spaces, their text as read. Records of a removed
**      instruction are not printed.
**   6. An instruction with a result written without `%N =` prints with
**      the number LLParser gave it (the next free one), as opt does.
*/
#include <string.h>

#include "mssa/mssa.h"
#include "mssa/mssa_print_internal.h"

/* ---------------------------------------------------------- predecessors */

void mssa__preds_build(mssa__preds *p, const mssa_func *f) {
  uint32_t nb = f->blocks.n, cap = 64;
  uint32_t *succ = mssa_xmalloc(cap * sizeof *succ);
  uint32_t *fill = mssa_xcalloc((size_t)nb + 1, sizeof *fill);
  p->start = mssa_xcalloc((size_t)nb + 1, sizeof *p->start);
  p->list = NULL;
  /* count the edges into each block, then fill in layout order (invariant 2) */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      for (uint32_t b = 0; b < nb; b++) p->start[b + 1] += p->start[b];
      p->list = mssa_xmalloc(((size_t)p->start[nb] + 1) * sizeof *p->list);
    }
    for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
      uint32_t t = mssa_block_terminator(f, b);
      if (t == MSSA_NONE) continue;
      uint32_t n = mssa_inst_successors(f, &f->insts.a[t], succ, cap);
      if (n > cap) {
        cap = n;
        succ = mssa_xrealloc(succ, cap * sizeof *succ);
        mssa_inst_successors(f, &f->insts.a[t], succ, cap);
      }
      for (uint32_t j = 0; j < n; j++) {
        if (succ[j] >= nb) continue;
        if (pass == 0) p->start[succ[j] + 1]++;
        else p->list[p->start[succ[j]] + fill[succ[j]]++] = b;
      }
    }
  }
  free(succ);
  free(fill);
}

void mssa__preds_free(mssa__preds *p) {
  free(p->start);
  free(p->list);
  p->start = p->list = NULL;
}

static bool plain_ident(const char *s, size_t n) {
  if (n == 0 || (s[0] >= '0' && s[0] <= '9')) return false;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '-' || c == '$' || c == '.' || c == '_'))
      return false;
  }
  return true;
}

/* A block's name as PrintLLVMNameWithoutPrefix writes it: raw when a plain
** identifier, else quoted with \XX escapes; the slot number when unnamed. */
static void put_block_name(mssa_buf *o, const mssa_module *m, const mssa_block *bb) {
  if (bb->name == MSSA_NONE) {
    mssa_buf_printf(o, "%u", bb->slot);
    return;
  }
  const char *nm = mssa_str(m, bb->name);
  size_t n = mssa_strtab_len(&m->strs, bb->name);
  if (plain_ident(nm, n)) {
    mssa_buf_append(o, nm, n);
    return;
  }
  mssa_buf_puts(o, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)nm[i];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') mssa_buf_append(o, &nm[i], 1);
    else mssa_buf_printf(o, "\\%02X", c);
  }
  mssa_buf_puts(o, "\"");
}

void mssa__print_label(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t b,
                       const mssa__preds *p, mssa_buf *o) {
  const mssa_block *bb = &f->blocks.a[b];
  o->n = 0;
  if (b != f->entry || bb->name != MSSA_NONE) {
    put_block_name(o, m, bb);
    mssa_buf_puts(o, ":");
  }
  if (b != f->entry) {   /* invariant 1 */
    size_t col = o->n;
    do mssa_buf_puts(o, " "); while (++col < 50);
    uint32_t k0 = p->start[b], k = p->start[b + 1];
    if (k == k0) mssa_buf_puts(o, "; No predecessors!");
    else mssa_buf_puts(o, "; preds = ");
    for (uint32_t j = k; j-- > k0;) {   /* invariant 2: reverse layout order */
      mssa_buf_puts(o, j + 1 < k ? ", %" : "%");
      put_block_name(o, m, &f->blocks.a[p->list[j]]);
    }
  }
  if (o->n) {
    fwrite(o->p, 1, o->n, out);
    fputc('\n', out);
  }
}

typedef mssa__tok tok;

/* ------------------------------------------------------------- alignment */

/* Where opt prints `, align N`: before the first top-level `, !...`
** attachment, or an alloca's `, addrspace(N)`; else at the end. */
static size_t align_point(const char *s, size_t n, bool alloca) {
  int depth = 0;
  for (tok t = mssa__next_tok(s, n, 0); t.kind; t = mssa__next_tok(s, n, t.end)) {
    depth += mssa__depth_step(t.kind);
    if (t.kind != ',' || depth != 0) continue;
    tok u = mssa__next_tok(s, n, t.end);
    if (u.kind == 'w' && (s[u.off] == '!' || (alloca && mssa__tok_is(s, u, "addrspace")))) return t.off;
  }
  return n;
}

static uint32_t type_field(const mssa_module *m, uint32_t t, int pref_or_store) {
  if (t == MSSA_NONE || t >= m->types.n) return 0;
  const mssa_type *ty = &m->types.a[t];
  /* scalable vectors are not SIZED but have a (known-minimum) layout */
  if (!(ty->flags & MSSA_TF_SIZED) && !(ty->kind == MSSA_T_VECTOR && (ty->flags & MSSA_TF_SCALABLE)))
    return 0;
  if (pref_or_store == 1) return mssa_type_pref_align(m, t);
  if (pref_or_store == 2) return (uint32_t)m->types.a[t].store_size;
  return m->types.a[t].align;
}

/* The alignment LLParser gives a memory instruction read without one
** (invariant 3), 0 when it has one or is no such instruction. */
static uint32_t default_align(const mssa_module *m, const mssa_func *f, const mssa_inst *in) {
  if (in->align) return 0;
  const mssa_val *o = mssa_inst_ops(f, in);
  switch (in->opcode) {
  case MSSA_OP_LOAD: return type_field(m, in->type, 0);
  case MSSA_OP_STORE: return type_field(m, in->aux, 0);
  case MSSA_OP_ALLOCA: return type_field(m, in->aux, 1);
  case MSSA_OP_CMPXCHG:
  case MSSA_OP_ATOMICRMW:
    return in->nops >= 2 ? type_field(m, mssa_val_type(m, f, o[1]), 2) : 0;
  default: return 0;
  }
}

mssa__canon *mssa__canon_new(const mssa_module *m, const mssa_func *f) {
  mssa__canon *c = mssa_xcalloc(1, sizeof *c);
  c->m = m;
  c->f = f;
  mssa__preds_build(&c->preds, f);
  c->pc = mssa__pcache_begin(m, f);
  return c;
}

void mssa__canon_free(mssa__canon *c) {
  if (!c) return;
  mssa__preds_free(&c->preds);
  free(c);
}

const mssa__preds *mssa__canon_preds(const mssa__canon *c) { return &c->preds; }

void mssa__print_records(FILE *out, const mssa__canon *c, uint32_t i) {
  const mssa_func *f = c->f;
  uint32_t lo = 0, hi = f->dbg.n;
  while (lo < hi) {   /* records are by nondecreasing instruction id */
    uint32_t mid = lo + (hi - lo) / 2;
    if (f->dbg.a[mid].inst < i) lo = mid + 1;
    else hi = mid;
  }
  for (uint32_t k = lo; k < f->dbg.n && f->dbg.a[k].inst == i; k++) {
    const mssa_dbg_record *r = &f->dbg.a[k];
    if (!r->text_len) continue;
    fputs("    ", out);
    mssa__put_text(out, c, c->m->text + r->text_off, r->text_len);
    fputc('\n', out);
  }
}

static bool is_call(unsigned op) {
  return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR;
}

void mssa__print_inst_text(FILE *out, mssa__canon *c, uint32_t i) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_inst *in = &f->insts.a[i];
  if (!in->text_len) {
    fputs(mssa_opcode_name(in->opcode), out);
    return;
  }
  const char *s = m->text + in->text_off;
  size_t n = in->text_len;
  /* a value read without `%N =` has its number all the same (invariant 6) */
  if (in->slot != MSSA_NONE && s[0] != '%') fprintf(out, "%%%u = ", in->slot);
  uint32_t a = default_align(m, f, in);
  if (a) {   /* invariant 3 */
    size_t at = align_point(s, n, in->opcode == MSSA_OP_ALLOCA);
    mssa__put_text(out, c, s, at);
    fprintf(out, ", align %u", a);
    mssa__put_text(out, c, s + at, n - at);
    return;
  }
  if (is_call(in->opcode) && mssa__print_call(out, c, s, n)) return;   /* invariant 4 */
  mssa__put_text(out, c, s, n);
}
