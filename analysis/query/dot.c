/*
** dot.c -- a Graphviz drawing of a function's MemorySSA (see dot.h).
**
** Invariants:
**   1. See dot.h.
**   2. Labels go through dot_escape: a quote, a backslash or a newline in
**      IR text cannot end a label early.
*/
#include "query/dot.h"

#include <string.h>

#include "base/check.h"
#include "query/mssa_query.h"
#include "query/varname.h"

#define LABEL_CAP 512
#define TEXT_SHOWN 60   /* bytes of an instruction's text in its label */

/* Writes s escaped for a dot "..." string, at most `max` bytes of it. */
static void dot_escape(FILE *f, const char *s, size_t max) {
  MSSA_ASSERT(s != NULL && max <= LABEL_CAP);   /* invariant 2: bounded labels */
  for (size_t i = 0; s[i] && i < max; i++) {
    char ch = s[i];
    if (ch == '"' || ch == '\\') fputc('\\', f);
    if (ch == '\n') fputs("\\n", f);
    else fputc(ch, f);
  }
  if (strlen(s) > max) fputs("…", f);
}

/* The node name of access a. */
static void node_name(const mssa_ssa *s, uint32_t a, char *buf, size_t cap) {
  const mssa_access *x = &s->acc.a[a];
  if (x->kind == MSSA_ACC_USE) snprintf(buf, cap, "u%u", x->inst);
  else snprintf(buf, cap, "d%u", x->kind == MSSA_ACC_LIVE ? 0u : x->id);
}

static void block_name(const mssa_ssa *s, uint32_t b, char *buf, size_t cap) {
  mssa_q_block_name(s->m, s->f, b, buf, cap);
}

static void access_node(FILE *f, const mssa_ssa *s, uint32_t a) {
  const mssa_access *x = &s->acc.a[a];
  char name[32], text[LABEL_CAP];
  node_name(s, a, name, sizeof name);
  mssa_q_access_text(s, a, text, sizeof text);
  fprintf(f, "    %s [label=\"", name);
  dot_escape(f, text, LABEL_CAP);
  if ((x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) && x->inst != MSSA_NONE) {
    char file[LABEL_CAP], var[LABEL_CAP];
    uint32_t line = 0, col = 0;
    mssa_q_inst_text(s->m, s->f, x->inst, text, sizeof text);
    fputs("\\n", f);
    dot_escape(f, text, TEXT_SHOWN);
    if (mssa_q_inst_source(s->m, &s->f->insts.a[x->inst], file, sizeof file, &line, &col))
      fprintf(f, "\\nline %u:%u", line, col);
    if (!mssa_q_inst_var(s->m, s->f, x->inst, var, sizeof var)) {
      fputs("  ", f);
      dot_escape(f, var, LABEL_CAP);
    }
  }
  fprintf(f, "\"%s];\n", x->kind == MSSA_ACC_PHI ? ", shape=ellipse"
                         : x->kind == MSSA_ACC_USE ? ", style=rounded" : "");
}

/* The clusters: a header node per block, then its accesses. */
static void clusters(FILE *f, const mssa_ssa *s) {
  const mssa_func *fn = s->f;
  char bn[LABEL_CAP];
  for (uint32_t b = fn->first_block; b != MSSA_NONE; b = fn->blocks.a[b].next) {
    block_name(s, b, bn, sizeof bn);
    fprintf(f, "  subgraph \"cluster_%s\" {\n    label=\"", bn);
    dot_escape(f, bn, LABEL_CAP);
    fprintf(f, "\";\n    \"b%s\" [shape=plaintext, label=\"%%", bn);
    dot_escape(f, bn, LABEL_CAP);
    fputs("\"];\n", f);
    if (b == fn->first_block) access_node(f, s, MSSA_LIVE_ON_ENTRY);
    if (b < s->nblocks)
      for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) access_node(f, s, a);
    fputs("  }\n", f);
  }
}

static void edge(FILE *f, const mssa_ssa *s, uint32_t from, uint32_t to, const char *attrs) {
  char a[32], b[32];
  node_name(s, from, a, sizeof a);
  node_name(s, to, b, sizeof b);
  fprintf(f, "  %s -> %s%s;\n", a, b, attrs);
}

/* CFG edges (gray, between block headers), def-use chains, walker answers. */
static void edges(FILE *f, mssa_ssa *s) {
  const mssa_func *fn = s->f;
  char from[LABEL_CAP], to[LABEL_CAP];
  for (uint32_t b = fn->first_block; b != MSSA_NONE; b = fn->blocks.a[b].next) {
    if (b >= s->cfg.n) continue;
    block_name(s, b, from, sizeof from);
    for (uint32_t e = s->cfg.succ_off[b]; e < s->cfg.succ_off[b + 1]; e++) {
      block_name(s, s->cfg.succ[e], to, sizeof to);
      fprintf(f, "  \"b%s\" -> \"b%s\" [color=gray, penwidth=2];\n", from, to);
    }
  }
  for (uint32_t a = 1; a < s->acc.n; a++) {
    const mssa_access *x = &s->acc.a[a];
    if (x->kind == MSSA_ACC_PHI) {
      for (uint32_t k = 0; k < x->nops; k++) {
        block_name(s, mssa_phi_block(s, x, k), from, sizeof from);
        char attrs[LABEL_CAP + 16];
        snprintf(attrs, sizeof attrs, " [label=\"%%%s\"]", from);
        edge(f, s, mssa_phi_value(s, x, k), a, attrs);
      }
    } else if ((x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) && x->def != MSSA_NONE) {
      edge(f, s, x->def, a, "");
      uint32_t limit = s->check_limit;
      uint32_t c = mssa_walker_clobber(s, a, &limit);
      x = &s->acc.a[a];
      if (c != x->def) edge(f, s, c, a, " [style=dashed, color=blue, constraint=false]");
    }
  }
}

void mssa_q_dot(FILE *f, mssa_ssa *s) {
  fputs("digraph \"", f);
  dot_escape(f, mssa_str(s->m, s->f->name), LABEL_CAP);
  fputs("\" {\n  node [shape=box, fontname=\"monospace\", fontsize=10];\n", f);
  fputs("  edge [fontsize=9];\n", f);
  clusters(f, s);
  edges(f, s);
  fputs("}\n", f);
}
