/*
** mssa_print.c -- opt's print<memoryssa> and print<memoryssa-walker> formats.
**
** Annotation lines are byte-for-byte LLVM's; instruction lines echo the
** input text, with what opt adds to text that leaves it out (default
** aligns, call-site attribute groups) and labels with their `; preds =`
** comments (mssa_print_canon.c); metadata and attribute-group numbers are
** the ones opt gives when it prints this one function, and the header gets
** opt's `; Function Attrs:` comment (mssa_print_attrs.c).
**
** Invariants:
**   1. A block label prints as LLVM prints it: the name, quoted and escaped
**      when it is not a plain identifier, or the slot number when unnamed,
**      and a predecessor comment (mssa_print_canon.c, invariants 1-2); an
**      unnamed entry block prints no label.
**   2. In phi operands a named block prints raw (BB->getName()) and an
**      unnamed one as %N (printAsOperand), as LLVM's MemoryPhi::print does.
**   3. The walker form queries each access before printing it, so a def's
**      "->N" shows the answer just computed. Phis get no line of their own
**      in LLVM 14's walker form, and their usual line in current LLVM's.
**   4. Alias words ("MayAlias" after a MemoryUse or a def's "->N") are
**      printed by LLVM 14 and 15 (MemoryUseOrDef::getOptimizedAccessType);
**      LLVM 16 and newer keep no alias result and print none. LLVM 15's
**      walker form thus shows phis as current LLVM does and words as 14:
**      each use's word is what its walker query set (uses are optimized
**      lazily there), not the use optimizer's of the plain form.
**   5. The plain form prints what opt prints right after building: no
**      def's walker cache ("->N"), which only a walker query puts there
**      (opt never asks one before print<memoryssa>), and use alias words
**      settled (mssa_ssa_settle_words) -- so the printout of a graph does
**      not depend on which queries and edits came before.
*/
#include <string.h>

#include "mssa/mssa.h"
#include "mssa/mssa_print_internal.h"

#include "base/check.h"

/* The first LLVM whose accesses keep no alias result (MemoryUseOrDef's
** getOptimizedAccessType is gone), so no word is printed. */
#define MSSA__LLVM_NO_ALIAS_WORDS 16

const char *mssa_alias_name(int ar) {
  switch (ar) {
  case MSSA_NO_ALIAS: return "NoAlias";
  case MSSA_MAY_ALIAS: return "MayAlias";
  case MSSA_PARTIAL_ALIAS: return "PartialAlias";
  case MSSA_MUST_ALIAS: return "MustAlias";
  default: return NULL;
  }
}

/* A block as a phi operand: its name raw, or %N when unnamed (invariant 2). */
static void put_block_operand(mssa_buf *o, const mssa_module *m, const mssa_func *f, uint32_t b) {
  const mssa_block *bb = &f->blocks.a[b];
  if (bb->name != MSSA_NONE) mssa_buf_puts(o, mssa_str(m, bb->name));
  else mssa_buf_printf(o, "%%%u", bb->slot);
}

int mssa_block_operand_name(const mssa_module *m, const mssa_func *f, uint32_t b,
                            char *buf, size_t cap) {
  mssa_buf o = {0};
  put_block_operand(&o, m, f, b);
  if (cap) snprintf(buf, cap, "%s", o.p);
  int n = (int)o.n;
  mssa_buf_free(&o);
  return n;
}

/* An access as a defining access is printed: its id, or liveOnEntry. */
static void put_id(mssa_buf *o, const mssa_ssa *s, uint32_t a) {
  if (a == MSSA_NONE || a >= s->acc.n || s->acc.a[a].id == MSSA_LIVE_ON_ENTRY_ID ||
      s->acc.a[a].id == MSSA_NONE)
    mssa_buf_puts(o, "liveOnEntry");
  else
    mssa_buf_printf(o, "%u", s->acc.a[a].id);
}

/* An access's text; `caches`: show a def's walker cache (invariant 5). */
static void access_text(const mssa_ssa *s, uint32_t a, mssa_buf *o, bool caches) {
  const mssa_access *x = &s->acc.a[a];
  /* invariant 4: LLVM 16 and newer print no alias word */
  const char *arn = mssa_module_llvm_version(s->m) >= MSSA__LLVM_NO_ALIAS_WORDS
                        ? NULL
                        : mssa_alias_name(x->ar);
  switch (x->kind) {
  case MSSA_ACC_DEF:
    mssa_buf_printf(o, "%u = MemoryDef(", x->id);
    put_id(o, s, x->def);
    mssa_buf_puts(o, ")");
    if (x->optimized && caches) {
      mssa_buf_puts(o, "->");
      put_id(o, s, x->opt);
      if (arn) mssa_buf_printf(o, " %s", arn);
    }
    break;
  case MSSA_ACC_USE:
    mssa_buf_puts(o, "MemoryUse(");
    put_id(o, s, x->def);
    mssa_buf_puts(o, ")");
    if (x->optimized && arn) mssa_buf_printf(o, " %s", arn);
    break;
  case MSSA_ACC_PHI:
    mssa_buf_printf(o, "%u = MemoryPhi(", x->id);
    for (uint32_t k = 0; k < x->nops; k++) {
      mssa_buf_puts(o, k ? ",{" : "{");
      put_block_operand(o, s->m, s->f, mssa_phi_block(s, x, k));
      mssa_buf_puts(o, ",");
      put_id(o, s, mssa_phi_value(s, x, k));
      mssa_buf_puts(o, "}");
    }
    mssa_buf_puts(o, ")");
    break;
  case MSSA_ACC_LIVE:
    mssa_buf_puts(o, "0 = MemoryDef(liveOnEntry)");
    break;
  default:
    mssa_buf_puts(o, "<dead access>");
    break;
  }
}

void mssa_access_text(const mssa_ssa *s, uint32_t a, mssa_buf *o) { access_text(s, a, o, true); }

/* Prints one access as MemoryAccess::print does; `scratch` is reused. */
static void print_access(FILE *out, const mssa_ssa *s, uint32_t a, mssa_buf *scratch,
                         bool caches) {
  MSSA_ASSERT(a < s->acc.n && s->acc.a[a].kind != MSSA_ACC_DEAD);   /* a live access */
  scratch->n = 0;
  access_text(s, a, scratch, caches);
  fwrite(scratch->p, 1, scratch->n, out);
}

void mssa_print_function(FILE *out, mssa_ssa *s, bool walker) {
  const mssa_module *m = s->m;
  const mssa_func *f = s->f;
  mssa_buf scratch = {0};
  mssa__canon *canon = mssa__canon_new(m, f);
  mssa_ssa_settle_words(s);
  fprintf(out, "MemorySSA %sfor function: %s\n", walker ? "(walker) " : "", mssa_str(m, f->name));
  mssa__print_head(out, canon);
  if (!f->head_len) fputs(" {", out);
  fputc('\n', out);
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    const mssa_block *bb = &f->blocks.a[b];
    if (b != f->entry) fputc('\n', out);
    mssa__print_label(out, m, f, b, mssa__canon_preds(canon), &scratch);
    if ((!walker || mssa_ssa_current(m)) && s->phi[b] != MSSA_NONE) {
      fputs("; ", out);
      print_access(out, s, s->phi[b], &scratch, walker);
      fputc('\n', out);
    }
    for (uint32_t i = bb->first; i != MSSA_NONE; i = f->insts.a[i].next) {
      uint32_t a = mssa_ssa_inst_access(s, i);
      if (f->dbg.n) mssa__print_records(out, canon, i);
      if (a != MSSA_NONE) {
        if (walker) {
          uint32_t limit = s->check_limit;
          uint32_t c = mssa_walker_clobber(s, a, &limit);
          fputs("; ", out);
          print_access(out, s, a, &scratch, true);
          fputs(" - clobbered by ", out);
          if (c == MSSA_LIVE_ON_ENTRY) fputs("liveOnEntry", out);
          else print_access(out, s, c, &scratch, true);
        } else {
          fputs("; ", out);
          print_access(out, s, a, &scratch, false);
        }
        fputc('\n', out);
      }
      fputs("  ", out);
      mssa__print_inst_text(out, canon, i);
      fputc('\n', out);
    }
  }
  fputs("}\n", out);
  mssa__canon_free(canon);
  mssa_buf_free(&scratch);
}
