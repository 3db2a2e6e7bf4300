/*
** mssa_print.c -- opt's print<memoryssa> and print<memoryssa-walker> formats.
**
** Annotation lines are byte-for-byte LLVM 14's; instruction lines echo the
** input text (tools compare annotations, keyed by block label and opcode).
**
** Invariants:
**   1. A block label prints as LLVM prints it: the name, quoted and escaped
**      when it is not a plain identifier, or the slot number when unnamed;
**      an unnamed entry block prints no label.
**   2. In phi operands a named block prints raw (BB->getName()) and an
**      unnamed one as %N (printAsOperand), as LLVM's MemoryPhi::print does.
**   3. The walker form queries each access before printing it, so a def's
**      "->N" shows the answer just computed; phis get no line of their own.
*/
#include <string.h>

#include "mssa/mssa.h"

const char *mssa_alias_name(int ar) {
  switch (ar) {
  case MSSA_NO_ALIAS: return "NoAlias";
  case MSSA_MAY_ALIAS: return "MayAlias";
  case MSSA_PARTIAL_ALIAS: return "PartialAlias";
  case MSSA_MUST_ALIAS: return "MustAlias";
  default: return NULL;
  }
}

int mssa_block_operand_name(const mssa_module *m, const mssa_func *f, uint32_t b,
                            char *buf, size_t cap) {
  const mssa_block *bb = &f->blocks.a[b];
  if (bb->name != MSSA_NONE) return snprintf(buf, cap, "%s", mssa_str(m, bb->name));
  return snprintf(buf, cap, "%%%u", bb->slot);
}

static void put_id(FILE *out, const mssa_ssa *s, uint32_t a) {
  if (a == MSSA_NONE || s->acc.a[a].id == MSSA_LIVE_ON_ENTRY_ID || s->acc.a[a].id == MSSA_NONE)
    fputs("liveOnEntry", out);
  else
    fprintf(out, "%u", s->acc.a[a].id);
}

/* Prints one access as MemoryAccess::print does. */
static void print_access(FILE *out, const mssa_ssa *s, uint32_t a) {
  const mssa_access *x = &s->acc.a[a];
  switch (x->kind) {
  case MSSA_ACC_DEF:
    fprintf(out, "%u = MemoryDef(", x->id);
    put_id(out, s, x->def);
    fputc(')', out);
    if (x->optimized) {
      fputs("->", out);
      put_id(out, s, x->opt);
      if (mssa_alias_name(x->ar)) fprintf(out, " %s", mssa_alias_name(x->ar));
    }
    break;
  case MSSA_ACC_USE:
    fputs("MemoryUse(", out);
    put_id(out, s, x->def);
    fputc(')', out);
    if (x->optimized && mssa_alias_name(x->ar)) fprintf(out, " %s", mssa_alias_name(x->ar));
    break;
  case MSSA_ACC_PHI: {
    fprintf(out, "%u = MemoryPhi(", x->id);
    char nm[512];
    for (uint32_t k = 0; k < x->nops; k++) {
      if (k) fputc(',', out);
      mssa_block_operand_name(s->m, s->f, mssa_phi_block(s, x, k), nm, sizeof nm);
      fprintf(out, "{%s,", nm);
      put_id(out, s, mssa_phi_value(s, x, k));
      fputc('}', out);
    }
    fputc(')', out);
    break;
  }
  case MSSA_ACC_LIVE:
    fputs("0 = MemoryDef(liveOnEntry)", out);
    break;
  default:
    fputs("<dead access>", out);
    break;
  }
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

/* Prints a label as printLLVMNameWithoutPrefix does. */
static void print_label(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t b) {
  const mssa_block *bb = &f->blocks.a[b];
  if (bb->name == MSSA_NONE) {
    fprintf(out, "%u:\n", bb->slot);
    return;
  }
  const char *nm = mssa_str(m, bb->name);
  size_t n = mssa_strtab_len(&m->strs, bb->name);
  if (plain_ident(nm, n)) {
    fprintf(out, "%s:\n", nm);
    return;
  }
  fputc('"', out);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)nm[i];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') fputc(c, out);
    else fprintf(out, "\\%02X", c);
  }
  fputs("\":\n", out);
}

static void print_inst_text(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t i) {
  const mssa_inst *in = &f->insts.a[i];
  fputs("  ", out);
  if (in->text_len) fwrite(m->text + in->text_off, 1, in->text_len, out);
  else fputs(mssa_opcode_name(in->opcode), out);
  fputc('\n', out);
}

void mssa_print_function(FILE *out, mssa_ssa *s, bool walker) {
  const mssa_module *m = s->m;
  const mssa_func *f = s->f;
  fprintf(out, "MemorySSA %sfor function: %s\n", walker ? "(walker) " : "", mssa_str(m, f->name));
  if (f->head_len) {
    fwrite(m->text + f->head_off, 1, f->head_len, out);
    fputc('\n', out);
  } else {
    fprintf(out, "define @%s {\n", mssa_str(m, f->name));
  }
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    const mssa_block *bb = &f->blocks.a[b];
    if (b != f->entry) fputc('\n', out);
    if (b != f->entry || bb->name != MSSA_NONE) print_label(out, m, f, b);
    if (!walker && s->phi[b] != MSSA_NONE) {
      fputs("; ", out);
      print_access(out, s, s->phi[b]);
      fputc('\n', out);
    }
    for (uint32_t i = bb->first; i != MSSA_NONE; i = f->insts.a[i].next) {
      uint32_t a = mssa_ssa_inst_access(s, i);
      if (a != MSSA_NONE) {
        if (walker) {
          uint32_t limit = s->check_limit;
          uint32_t c = mssa_walker_clobber(s, a, &limit);
          fputs("; ", out);
          print_access(out, s, a);
          fputs(" - clobbered by ", out);
          if (c == MSSA_LIVE_ON_ENTRY) fputs("liveOnEntry", out);
          else print_access(out, s, c);
        } else {
          fputs("; ", out);
          print_access(out, s, a);
        }
        fputc('\n', out);
      }
      print_inst_text(out, m, f, i);
    }
  }
  fputs("}\n", out);
}
