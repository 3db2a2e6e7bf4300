/*
** ll_read_edit.c -- parses ONE instruction (or terminator) of LLVM text, such
** as `store i32 0, ptr %p` or `%x = load i32, i32* %q`, in the context of an
** existing function of an existing module, for the updater's text forms.
**
** The reader's own machinery does the parsing (mssa__ll_inst_body); this file
** only reopens the module for it: a parser whose symbol tables are rebuilt
** from the module (globals, named types, interned types and constants) and
** from the function (arguments, blocks and live instructions by name and
** number -- the names and slots stored on them are the function's symbol
** table), and whose lexer runs over the edit text.
**
** Invariants:
**   1. Diagnostics are relative to the edit text: while parsing, the
**      module's text pointer is swapped for the edit text (the reader reads
**      token spellings through m->text), and restored on every exit.
**   2. Nothing of the function changes: operands are parsed into the pool
**      and copied out, the pool is truncated back; references to undefined
**      values, labels or globals are errors (the reader would have created
**      forward-reference placeholders -- those are rolled back). A new result
**      name must not already exist in the function.
**   3. What the module may gain: interned strings, types and constants
**      (harmless if unused; types get their layout computed), and on
**      success the metadata nodes the text creates (inline `!{...}`,
**      attachment lists). `!N` and `#N` mean what they mean in the text the
**      module was last loaded from (m->mdnum, m->agnum: the reader's
**      tables, kept); a number that text does not define is an error.
**   4. The instruction's text is kept (appended to the module text through
**      mssa_ir_set_text by the caller's insert) -- see mssa_parse_inst.
*/
#include <stdio.h>
#include <string.h>

#include "base/check.h"
#include "base/oom.h"
#include "ir/ir_edit.h"
#include "reader/reader_internal.h"
#include "reader/retext.h"

static void put_local(ll_parser *p, uint32_t name, uint32_t slot, mssa_val v) {
  if (name != MSSA_NONE) mssa__ll_local_put(p, name, v);
  if (slot != MSSA_NONE) mssa__ll_local_put(p, LL_NUMKEY(slot), v);
}

static void reopen(ll_parser *p, mssa_module *m, mssa_func *f) {
  mssa__ll_reopen_module(p);
  p->f = f;
  p->fidx = (uint32_t)(f - m->funcs.a);
  for (uint32_t a = 0; a < f->nargs; a++)
    put_local(p, f->args[a].name, f->args[a].slot, MSSA_VAL(MSSA_VK_ARG, a));
  for (uint32_t b = 0; b < f->blocks.n; b++) {
    mssa_vec_push(&p->bref, MSSA_NONE);
    if (!f->blocks.a[b].removed)
      put_local(p, f->blocks.a[b].name, f->blocks.a[b].slot, MSSA_VAL(MSSA_VK_BLOCK, b));
  }
  for (uint32_t i = 0; i < f->insts.n; i++)
    if (f->insts.a[i].block != MSSA_NONE)
      put_local(p, f->insts.a[i].name, f->insts.a[i].slot, MSSA_VAL(MSSA_VK_INST, i));
  p->md_mark = m->md.n;
}

/* What mssa_parse_inst changes for the time of the parse (its `out:`). */
typedef struct swap_back {
  mssa_module *m;
  mssa_func *f;
  char *text;
  size_t len;
  uint32_t md0, mdops0, kinds0, blocks0, ops0;
} swap_back;

static void put_back(void *arg) {
  swap_back *sb = arg;
  sb->f->ops.n = sb->ops0;
  sb->f->blocks.n = sb->blocks0;
  sb->m->md.n = sb->md0;
  sb->m->mdops.n = sb->mdops0;
  sb->m->md_kinds.n = sb->kinds0;
  sb->m->text = sb->text;
  sb->m->text_len = sb->len;
}

int mssa_parse_inst(mssa_module *m, mssa_func *f, const char *text, size_t len,
                     mssa_inst *proto, mssa_u32vec *ops, mssa_diag *diag) {
  if (diag) memset(diag, 0, sizeof *diag);
  if (!m || !f || !text || !proto || !ops || f->is_decl) return MSSA_EINVAL;
  if (len >= MSSA_MAX_INDEX) return MSSA_ETOOBIG;
  char *buf = mssa_xstrndup(text, len);
  char *saved_text = m->text;
  size_t saved_len = m->text_len;
  uint32_t md0 = m->md.n, mdops0 = m->mdops.n, kinds0 = m->md_kinds.n, blocks0 = f->blocks.n;
  uint32_t ops0 = f->ops.n;
  uint32_t types0 = m->types.n, al0 = m->attrlists.n;
  ll_parser *p = mssa_xcalloc(1, sizeof *p);
  p->m = m;
  p->diag = diag;
  volatile int rc = MSSA_OK;
  if (setjmp(p->jb)) {
    rc = MSSA_EPARSE;
    goto out;
  }
  mssa__ll_parser_scratch(p);
  /* Out of memory while the module reads the temporary text: it gets its
  ** own text and counts back before the request unwinds (base/oom.h). */
  swap_back sb = {m, f, saved_text, saved_len, md0, mdops0, kinds0, blocks0, ops0};
  mssa_oom_guard guard;
  mssa_oom_guard_push(&guard, put_back, &sb);
  m->text = buf;
  m->text_len = len;
  reopen(p, m, f);
  /* the parser's per-block and per-node tables cover the function and module */
  MSSA_ASSERT(p->bref.n == f->blocks.n && p->mdref.n == m->md.n);
  mssa__lex_init(&p->lx, buf, len);
  p->lx.saw_ptr = m->opaque_ptrs;
  mssa__ll_next(p);

  ll_tok nt;
  mssa_inst ins;
  int named = mssa__ll_inst_begin(p, &ins, MSSA_NONE, &nt);
  uint32_t start = p->lx.tok.off;
  int md = mssa__ll_inst_body(p, &ins);
  if (!md && p->lx.tok.kind == LT_COMMA) {
    mssa__ll_next(p);
    md = 1;
  }
  if (md) mssa__ll_inst_md(p, &ins);
  /* invariant 2: the operands went onto the pool's end, to be copied out */
  MSSA_ASSERT(ins.ops == ops0 && f->ops.n >= ops0);
  ins.nops = f->ops.n - ins.ops;
  if (p->lx.tok.kind != LT_EOF) mssa__ll_err(p, p->lx.tok.off, "expected end of instruction text");
  if (p->lfwd.n) mssa__ll_err(p, p->lfwd.a[0].off, "use of undefined value");
  if (p->gfwd.n) mssa__ll_err(p, p->gfwd.a[0].off, "use of undefined global value");
  for (uint32_t b = blocks0; b < f->blocks.n; b++)
    mssa__ll_err(p, p->bref.a[b] != MSSA_NONE ? p->bref.a[b] : start, "use of undefined label");
  for (uint32_t k = md0; k < m->md.n; k++) {
    if (p->mdref.a[k] != MSSA_NONE) mssa__ll_err(p, p->mdref.a[k], "use of undefined metadata");
    /* its span would point into this temporary text */
    if (m->md.a[k].text_len)
      mssa__ll_err(p, m->md.a[k].text_off,
                   "inline `!DI...` nodes are not supported in edit text: refer to one by number");
  }
  if (p->agtmp.n) mssa__ll_err(p, p->agtmp.a[0].off, "attribute group outside an attribute list");
  mssa__ll_types_check(p, types0);
  for (uint32_t k = 0; k < p->agref.n; k++) {
    const ll_pending *pe = &p->agref.a[k];
    uint32_t gi = mssa_u64map_get(&m->agnum, pe->b);
    if (gi == MSSA_NONE || gi >= m->agbits.n)
      mssa__ll_err(p, pe->off, "use of undefined attribute group #%u", pe->b);
    mssa__ll_merge_group(m, pe->a, m->agbits.a[gi], gi < m->agmem.n ? m->agmem.a[gi] : MSSA_MEM_ANY);
  }
  if (ins.type == m->t_void) {
    if (named) mssa__ll_err(p, nt.off, "instructions returning void cannot have a name");
  } else if (named) {
    uint64_t key = mssa__ll_local_key(p, &nt);
    if (mssa__ll_local_get(p, key) != MSSA_NONE)
      mssa__ll_err(p, nt.off, "multiple definition of local value named '%.*s'",
                   (int)(nt.end - nt.off), buf + nt.off);
    if (nt.kind == LT_LOCAL) ins.name = (uint32_t)key;
    else ins.slot = (uint32_t)nt.num;
  }
  (void)al0;
  /* Copy the operands out; the function's pool is left as it was. */
  ops->n = 0;
  for (uint32_t k = 0; k < ins.nops; k++) mssa_vec_push(ops, f->ops.a[ins.ops + k]);
  ins.ops = 0;
  ins.text_off = ins.text_len = 0;
  *proto = ins;
out:
  mssa_oom_guard_pop(&guard);
  f->ops.n = ops0;
  f->blocks.n = blocks0;
  if (rc != MSSA_OK) {
    m->md.n = md0;
    m->mdops.n = mdops0;
    m->md_kinds.n = kinds0;
  }
  m->text = saved_text;
  m->text_len = saved_len;
  /* invariant 3: the module may only gain (strings, types, constants, and
  ** on success metadata); the function is as it was (invariant 2). */
  MSSA_ASSERT(m->md.n >= md0 && m->types.n >= types0 && m->attrlists.n >= al0);
  MSSA_ASSERT(rc == MSSA_OK || (m->md.n == md0 && m->mdops.n == mdops0));
  if (diag && rc != MSSA_OK) snprintf(diag->file, sizeof diag->file, "<edit>");
  mssa__ll_parser_free(p);
  free(p);
  free(buf);
  (void)types0;
  mssa_layout_compute(m); /* types_reopen cleared the layout marks */
  return rc;
}
