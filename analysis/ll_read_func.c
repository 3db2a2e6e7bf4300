/*
** ll_read_func.c -- reparses ONE function body of an existing module in
** place, for the daemon's reload by difference (a `load` of a module whose
** text differs from the loaded one only inside some function bodies).
**
** The reader's own body parser (mssa__ll_function_body) does the work; this
** file reopens the module for it as ll_read_edit.c does for one instruction
** (globals, named types, interned types and constants), appends the body
** text to the module text (instruction spans are offsets into m->text) and
** runs the lexer over it.
**
** Invariants:
**   1. On error the function is exactly as before (its old arrays are put
**      back); the module may keep interned strings/types/constants and the
**      appended text (harmless: unreferenced).
**   2. What a module-level parse does after all bodies and that a body can
**      change is redone here for this function: intrinsic ids of direct
**      calls. What cannot be redone is rejected (MSSA_EINVAL, the caller
**      falls back to a full parse): metadata references (`!N` numbering is a
**      module-level table the module does not keep), attribute-group
**      references (`call ... #3`: the `#N` table is the reader's too),
**      blockaddress constants, references to globals the module does not
**      define.
**   3. The function's header (name, type, arguments, attributes) is kept:
**      the caller has checked that the `define ... {` text is unchanged.
*/
#include <stdio.h>
#include <string.h>

#include "ll_read.h"

/* Declared for the daemon (protocol/m_load.c); see the file comment.
** `body` is the text right after the function's '{' up to and including its
** closing '}'. On success *old receives the function's previous arrays
** (free them with mssa__func_body_free, or put them back with
** mssa__func_body_restore). */
int mssa__reparse_function_body(mssa_module *m, uint32_t fi, const char *body, size_t len,
                                mssa_func *old, mssa_diag *diag);
void mssa__func_body_free(mssa_func *old);
void mssa__func_body_restore(mssa_module *m, uint32_t fi, const mssa_func *old);

void mssa__func_body_free(mssa_func *old) {
  mssa__vec_free(&old->blocks);
  mssa__vec_free(&old->insts);
  mssa__vec_free(&old->ops);
}

void mssa__func_body_restore(mssa_module *m, uint32_t fi, const mssa_func *old) {
  mssa_func *f = &m->funcs.a[fi];
  mssa__func_body_free(f);
  *f = *old;
}

static void reopen_globals(ll_parser *p, mssa_module *m) {
  for (uint32_t g = 0; g < m->globals.n; g++) {
    uint32_t nm = m->globals.a[g].name;
    if (nm == MSSA_NONE) continue;
    mssa_u64map_put(&p->gmap, nm, MSSA_VAL(MSSA_VK_GLOBAL, g));
    const char *s = mssa_str(m, nm);
    if (s[0] >= '0' && s[0] <= '9')
      mssa_u64map_put(&p->gmap, LL_NUMKEY(strtoull(s, NULL, 10)), MSSA_VAL(MSSA_VK_GLOBAL, g));
  }
  for (uint32_t k = 0; k < m->funcs.n; k++) {
    uint32_t nm = m->funcs.a[k].name;
    if (nm == MSSA_NONE) continue;
    mssa_u64map_put(&p->gmap, nm, MSSA_VAL(MSSA_VK_FUNC, k));
    const char *s = mssa_str(m, nm);
    if (s[0] >= '0' && s[0] <= '9')
      mssa_u64map_put(&p->gmap, LL_NUMKEY(strtoull(s, NULL, 10)), MSSA_VAL(MSSA_VK_FUNC, k));
  }
  mssa__ll_types_reopen(p);
  mssa__ll_consts_reopen(p);
}

static void reset_body(mssa_func *f) {
  memset(&f->blocks, 0, sizeof f->blocks);
  memset(&f->insts, 0, sizeof f->insts);
  memset(&f->ops, 0, sizeof f->ops);
  f->entry = f->first_block = f->last_block = MSSA_NONE;
}

/* Unnamed values continue after the unnamed arguments (parse_function). */
static uint32_t first_slot(const mssa_func *f) {
  uint32_t slot = 0;
  for (uint32_t a = 0; a < f->nargs; a++)
    if (f->args[a].slot != MSSA_NONE && f->args[a].slot + 1 > slot) slot = f->args[a].slot + 1;
  return slot;
}

int mssa__reparse_function_body(mssa_module *m, uint32_t fi, const char *body, size_t len,
                                mssa_func *old, mssa_diag *diag) {
  if (diag) memset(diag, 0, sizeof *diag);
  if (!m || fi >= m->funcs.n || !body || !old || m->funcs.a[fi].is_decl) return MSSA_EINVAL;
  if (len >= 0x0ffffff0u || m->text_len + len + 2 >= 0xfffffff0u) return MSSA_ETOOBIG;
  /* Invariant 2: what a lone body cannot resolve. A '!' or "blockaddress"
  ** inside a string constant is rejected too (only costs a full parse). */
  if (memchr(body, '!', len) || memchr(body, '#', len)) return MSSA_EINVAL;
  for (size_t i = 0; i + 12 <= len; i++)
    if (body[i] == 'b' && !memcmp(body + i, "blockaddress", 12)) return MSSA_EINVAL;
  /* Append "\n" + body to the module text (NUL-terminated). */
  size_t off = m->text_len + 1;
  char *t = realloc(m->text, off + len + 1);
  if (!t) return MSSA_ETOOBIG;
  m->text = t;
  t[m->text_len] = '\n';
  memcpy(t + off, body, len);
  t[off + len] = 0;
  m->text_len = off + len;

  *old = m->funcs.a[fi];
  reset_body(&m->funcs.a[fi]);

  uint32_t md0 = m->md.n;
  ll_parser *p = mssa__xcalloc(1, sizeof *p);
  p->m = m;
  p->diag = diag;
  p->line_no = 1;
  volatile int rc = MSSA_OK;
  if (setjmp(p->jb)) {
    rc = MSSA_EPARSE;
    goto out;
  }
  mssa__ll_parser_scratch(p);
  reopen_globals(p, m);
  for (uint32_t k = 0; k < m->md.n; k++) mssa__vec_push(&p->mdref, MSSA_NONE);
  p->fidx = fi;
  p->next_slot = first_slot(&m->funcs.a[fi]);
  mssa__lex_init(&p->lx, m->text, m->text_len);
  p->lx.pos = off;
  p->lx.saw_ptr = m->opaque_ptrs;
  mssa__ll_next(p);
  mssa__ll_function_body(p);
  if (p->lx.tok.kind != LT_EOF)
    mssa__ll_err(p, p->lx.tok.off, "expected the end of the function body");
  if (p->gfwd.n) mssa__ll_err(p, p->gfwd.a[0].off, "use of undefined global value");
  if (p->baddr.n || m->md.n != md0 || p->agref.n || p->agtmp.n)
    mssa__ll_err(p, (uint32_t)off, "unsupported in a reparse");
  mssa_func *f = &m->funcs.a[fi];
  /* Intrinsic ids of direct calls (module parse step 8). */
  for (uint32_t k = 0; k < f->insts.n; k++) {
    mssa_inst *in = &f->insts.a[k];
    if (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE && in->opcode != MSSA_OP_CALLBR)
      continue;
    mssa_val cv = f->ops.a[in->ops];
    if (MSSA_VAL_KIND(cv) == MSSA_VK_FUNC) in->intrinsic = m->funcs.a[MSSA_VAL_INDEX(cv)].intrinsic;
  }
out:
  if (rc != MSSA_OK) mssa__func_body_restore(m, fi, old);
  mssa__ll_parser_free(p);
  free(p);
  return rc;
}
