/*
** ll_read.c -- LLVM textual IR reader: entry points, the top-level entity
** loop, globals and function headers, end-of-module resolution. The token
** helpers and the diagnostic every parser calls: ll_read_tok.c.
**
** Invariants:
**   1. Exactly one diagnostic per failed parse: mssa__ll_err (ll_read_tok.c)
**      formats the first error and longjmps to mssa_module_parse, which frees
**      the partial module and every parser table (all reachable, see
**      reader_internal.h).
**   2. Positions are byte offsets into m->text; line and column are computed
**      only when a diagnostic is made (or a `define` line is recorded, which
**      counts newlines incrementally), so the hot path never tracks lines.
**   3. Global references are resolved at the end of the module (functions
**      are routinely used before their `declare`), then every operand array
**      is patched in one pass; see reader_internal.h invariant 2.
**   4. After a successful parse: no forward values remain, every named type
**      and metadata node referenced is defined, and mssa_layout_compute has
**      filled sizes and alignments.
*/
#include "base/filemap.h"
#include "reader/reader_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/check.h"

/* ------------------------------------------------------------ line counter */

static uint32_t line_at(ll_parser *p, uint32_t off, uint32_t *cur_off, uint32_t *cur_line) {
  /* invariant 2: the counter moves forward through m->text only */
  MSSA_ASSERT(*cur_off <= off && off <= p->m->text_len);
  const char *t = p->m->text;
  const char *q = t + *cur_off, *e = t + off;
  uint32_t l = *cur_line;
  while (q < e) {
    const char *nl = memchr(q, '\n', (size_t)(e - q));
    if (!nl) break;
    l++;
    q = nl + 1;
  }
  *cur_off = off;
  *cur_line = l;
  return l;
}

/* ------------------------------------------------------- global definitions */

static int is_linkage_kw(unsigned kw) { return mssa__ll_kw_class[kw] == LL_KC_LINKAGE; }

/* The MSSA_LINK_* of a linkage keyword (-1: none written: external). */
static uint8_t linkage_of(int kw) {
  switch (kw) {
  case LL_KW_internal: return MSSA_LINK_INTERNAL;
  case LL_KW_private: return MSSA_LINK_PRIVATE;
  case LL_KW_weak: return MSSA_LINK_WEAK;
  case LL_KW_weak_odr: return MSSA_LINK_WEAK_ODR;
  case LL_KW_linkonce: return MSSA_LINK_LINKONCE;
  case LL_KW_linkonce_odr: return MSSA_LINK_LINKONCE_ODR;
  case LL_KW_common: return MSSA_LINK_COMMON;
  case LL_KW_extern_weak: return MSSA_LINK_EXTERN_WEAK;
  case LL_KW_available_externally: return MSSA_LINK_AVAILABLE_EXTERNALLY;
  case LL_KW_appending: return MSSA_LINK_APPENDING;
  default: return MSSA_LINK_EXTERNAL;
  }
}
static int is_prefix_kw(unsigned kw) { return mssa__ll_kw_class[kw] == LL_KC_PREFIX; }
static int is_cc_kw(unsigned kw) { return mssa__ll_kw_class[kw] == LL_KC_CC; }

/* Registers a global-scope name. Returns the fwd entry index it resolves or
** MSSA_NONE; errors on redefinition. */
static void define_global(ll_parser *p, const ll_tok *nt, mssa_val v) {
  uint64_t key;
  if (nt->kind == LT_GLOBALID) {
    if (nt->num != p->next_gslot)
      mssa__ll_err(p, nt->off, "variable expected to be numbered '@%u'", p->next_gslot);
    p->next_gslot++;
    key = LL_NUMKEY(nt->num);
  } else {
    key = mssa__ll_name(p, nt);
  }
  uint32_t old = mssa_u64map_get(&p->gmap, key);
  if (old != MSSA_NONE) {
    if (MSSA_VAL_KIND(old) != LL_VK_FWDG)
      mssa__ll_err(p, nt->off, "redefinition of global '@%.*s'", (int)(nt->end - nt->off - 1),
                   p->m->text + nt->off + 1);
    MSSA_ASSERT(MSSA_VAL_INDEX(old) < p->gfwd.n); /* reader_internal.h invariant 2 */
    p->gfwd.a[MSSA_VAL_INDEX(old)].val = v;
  }
  mssa_u64map_put(&p->gmap, key, v);
}

static void opt_comdat(ll_parser *p, uint32_t name_id) {
  uint32_t off = p->lx.tok.off;
  uint32_t cname = name_id;
  if (mssa__ll_eat(p, LT_LPAREN)) {
    ll_tok t = p->lx.tok;
    mssa__ll_expect(p, LT_COMDATVAR, "comdat variable");
    cname = mssa__ll_name(p, &t);
    off = t.off;
    mssa__ll_expect(p, LT_RPAREN, "')' after comdat var");
  }
  if (cname == MSSA_NONE) return;
  ll_pending pe = {cname, 0, 0, off};
  mssa_vec_push(&p->comdatref, pe);
}

/* Global variable, alias or ifunc after `@name =`. */
static void parse_global(ll_parser *p, ll_tok nt) {
  mssa_module *m = p->m;
  int linkage = -1;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind != LT_KW) break;
    if (is_linkage_kw(t->kw)) { linkage = t->kw; mssa__ll_next(p); continue; }
    if (is_prefix_kw(t->kw)) { mssa__ll_next(p); continue; }
    if (t->kw == LL_KW_thread_local) {
      mssa__ll_next(p);
      if (mssa__ll_eat(p, LT_LPAREN)) {
        if (!(mssa__ll_eat_kw(p, LL_KW_localdynamic) || mssa__ll_eat_kw(p, LL_KW_initialexec) ||
              mssa__ll_eat_kw(p, LL_KW_localexec)))
          mssa__ll_err(p, p->lx.tok.off, "expected localdynamic, initialexec or localexec");
        mssa__ll_expect(p, LT_RPAREN, "')' after thread local model");
      }
      continue;
    }
    if (t->kw == LL_KW_unnamed_addr || t->kw == LL_KW_local_unnamed_addr) { mssa__ll_next(p); continue; }
    break;
  }
  uint32_t as = mssa__ll_opt_addrspace(p, 0);
  mssa_global g;
  memset(&g, 0, sizeof g);
  g.mdatt = MSSA_NONE;
  g.linkage = linkage_of(linkage);
  g.addrspace = as;
  g.init = MSSA_VAL_NONE;
  g.name = nt.kind == LT_GLOBALID ? mssa__ll_num_name(p, nt.num) : mssa__ll_name(p, &nt);
  if (mssa__ll_is_kw(p, LL_KW_alias) || mssa__ll_is_kw(p, LL_KW_ifunc)) {
    mssa__ll_next(p);
    g.type = mssa__ll_type(p);
    mssa__ll_expect(p, LT_COMMA, "',' after alias type");
    uint32_t aty;
    uint32_t idx = m->globals.n;
    g.is_alias = 1;
    g.ptype = mssa__ll_ptr_type(p, g.type, as);
    mssa_vec_push(&m->globals, g);
    define_global(p, &nt, MSSA_VAL(MSSA_VK_GLOBAL, idx));
    mssa_val v = mssa__ll_tvalue(p, &aty);
    m->globals.a[idx].init = v;
    if (mssa__ll_is_ptr(p, aty)) m->globals.a[idx].addrspace = m->types.a[aty].bits;
    while (mssa__ll_eat(p, LT_COMMA)) {
      if (mssa__ll_eat_kw(p, LL_KW_partition)) { mssa__ll_expect(p, LT_STRING, "partition string"); continue; }
      mssa__ll_err(p, p->lx.tok.off, "unknown alias or ifunc property!");
    }
    return;
  }
  if (mssa__ll_eat_kw(p, LL_KW_externally_initialized)) {}
  if (mssa__ll_eat_kw(p, LL_KW_constant)) g.is_const = 1;
  else if (!mssa__ll_eat_kw(p, LL_KW_global))
    mssa__ll_err(p, p->lx.tok.off, "expected 'global' or 'constant'");
  g.type = mssa__ll_type(p);
  g.ptype = mssa__ll_ptr_type(p, g.type, as);
  uint32_t idx = m->globals.n;
  mssa_vec_push(&m->globals, g);
  define_global(p, &nt, MSSA_VAL(MSSA_VK_GLOBAL, idx));
  if (linkage == LL_KW_external || linkage == LL_KW_extern_weak) {
    m->globals.a[idx].is_decl = 1;
  } else {
    mssa_val v = mssa__ll_value(p, g.type);
    m->globals.a[idx].init = v;
  }
  m->globals.a[idx].mdatt = MSSA_NONE;
  while (mssa__ll_eat(p, LT_COMMA)) {
    ll_tok *t = &p->lx.tok;
    if (t->kind == LT_MDVAR) {
      /* `, !dbg !12, !type !3` attachments end the definition */
      uint32_t att = mssa__ll_attachments(p, 1, NULL);
      m->globals.a[idx].mdatt = att;
      break;
    }
    if (mssa__ll_eat_kw(p, LL_KW_section) || mssa__ll_eat_kw(p, LL_KW_partition)) {
      mssa__ll_expect(p, LT_STRING, "section name");
    } else if (mssa__ll_eat_kw(p, LL_KW_align)) {
      uint32_t aoff = p->lx.tok.off;
      uint64_t a = mssa__ll_uint(p, "alignment");
      if (a == 0 || (a & (a - 1)) || a > (1ull << 32))
        mssa__ll_err(p, aoff, "alignment is not a power of two");
      m->globals.a[idx].align = (uint32_t)a;
    } else if (mssa__ll_eat_kw(p, LL_KW_comdat)) {
      opt_comdat(p, m->globals.a[idx].name);
    } else if (t->kind == LT_IDENT) {
      /* no_sanitize_address, code_model "large" and friends (LLVM 15+):
      ** tolerated */
      mssa__ll_next(p);
      if (p->lx.tok.kind == LT_STRING) mssa__ll_next(p);
    } else {
      mssa__ll_err(p, t->off, "unknown global variable property!");
    }
  }
  /* global attributes: `#N` groups and "key"="value" pairs (not kept) */
  for (;;) {
    if (mssa__ll_eat(p, LT_ATTRID)) continue;
    if (!mssa__ll_eat(p, LT_STRING)) break;
    if (mssa__ll_eat(p, LT_EQ)) mssa__ll_expect(p, LT_STRING, "attribute value string");
  }
}

/* ------------------------------------------------------------- functions */


/* Linkage, visibility, DLL storage, preemption and calling convention
** before a function's return type. */
static uint8_t fn_prefix(ll_parser *p) {
  int linkage = -1;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind != LT_KW) return linkage_of(linkage);
    if (is_linkage_kw(t->kw)) { linkage = t->kw; mssa__ll_next(p); }
    else if (is_prefix_kw(t->kw)) mssa__ll_next(p);
    else if (t->kw == LL_KW_cc || is_cc_kw(t->kw)) mssa__ll_opt_cc(p);
    else return linkage_of(linkage);
  }
}

/* The argument list after '(' (through ')'): arguments in p->argv, their
** types pushed on p->stk. Returns the next unnamed slot number. */
static uint32_t fn_args(ll_parser *p, int *vararg) {
  mssa_module *m = p->m;
  uint32_t slot = 0;
  *vararg = 0;
  p->argv.n = 0;
  if (p->lx.tok.kind != LT_RPAREN) {
    for (;;) {
      if (p->lx.tok.kind == LT_DOTS) { mssa__ll_next(p); *vararg = 1; break; }
      uint32_t toff = p->lx.tok.off;
      mssa_arg a;
      memset(&a, 0, sizeof a);
      a.type = mssa__ll_type(p);
      if (a.type == m->t_void) mssa__ll_err(p, toff, "argument can not have void type");
      ll_attrs at;
      mssa__ll_attrs_init(&at);
      mssa__ll_attrs(p, MSSA__ATTR_PARAM, &at);
      a.attrs = at.bits;
      a.deref = at.deref;
      a.align = at.align;
      a.caps = at.caps;
      a.name = MSSA_NONE;
      a.slot = MSSA_NONE;
      ll_tok *t = &p->lx.tok;
      if (t->kind == LT_LOCAL) {
        a.name = mssa__ll_name(p, t);
        mssa__ll_next(p);
      } else {
        if (t->kind == LT_LOCALID) {
          if (t->num != slot) mssa__ll_err(p, toff, "argument expected to be numbered '%%%u'", slot);
          mssa__ll_next(p);
        }
        a.slot = slot++;
      }
      mssa_vec_push(&p->argv, a);
      mssa_vec_push(&p->stk, a.type);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RPAREN, "')' at end of argument list");
  return slot;
}

/* What a function header holds after its arguments. */
typedef struct fn_props {
  ll_attrs fn;        /* function attributes */
  uint32_t as;        /* addrspace(N) of the function */
  uint32_t mdatt;     /* attachments (define: here; declare: up front) */
  uint32_t md_dbg;    /* the !dbg attachment */
} fn_props;

/* unnamed_addr, addrspace, section, comdat, align, gc, prefix, prologue,
** personality, attachments (of a define) and function attributes. */
static void fn_properties(ll_parser *p, int is_define, uint32_t fname, fn_props *fp) {
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind == LT_KW) {
      switch (t->kw) {
      case LL_KW_unnamed_addr: case LL_KW_local_unnamed_addr: mssa__ll_next(p); continue;
      case LL_KW_addrspace: fp->as = mssa__ll_opt_addrspace(p, 0); continue;
      case LL_KW_section: case LL_KW_partition: case LL_KW_gc:
        mssa__ll_next(p);
        mssa__ll_expect(p, LT_STRING, "string");
        continue;
      case LL_KW_comdat: mssa__ll_next(p); opt_comdat(p, fname); continue;
      case LL_KW_align:
        mssa__ll_next(p);
        mssa__ll_uint(p, "alignment");
        continue;
      case LL_KW_prefix: case LL_KW_prologue: case LL_KW_personality: {
        mssa__ll_next(p);
        uint32_t ty;
        mssa__ll_tvalue(p, &ty);
        continue;
      }
      default: break;
      }
    }
    if (t->kind == LT_MDVAR && is_define) {
      /* function metadata attachments: `!dbg !12 !prof !3` (a declaration
      ** has them right after `declare`; an MDVAR here starts named md) */
      fp->mdatt = mssa__ll_attachments(p, 0, &fp->md_dbg);
      continue;
    }
    if (t->kind == LT_KW || t->kind == LT_IDENT || t->kind == LT_STRING || t->kind == LT_ATTRID) {
      uint32_t before = t->off;
      mssa__ll_attrs(p, MSSA__ATTR_FN, &fp->fn);
      if (p->lx.tok.off != before) continue;
    }
    return;
  }
}

static void parse_function(ll_parser *p, int is_define) {
  mssa_module *m = p->m;
  uint32_t head = p->lx.tok.off;
  fn_props fp = {{0}, 0, MSSA_NONE, MSSA_NONE};
  mssa__ll_attrs_init(&fp.fn);
  mssa__ll_next(p);
  /* `declare !dbg !12 ...`: declarations carry attachments up front */
  if (!is_define && p->lx.tok.kind == LT_MDVAR) fp.mdatt = mssa__ll_attachments(p, 0, &fp.md_dbg);
  uint8_t linkage = fn_prefix(p);
  ll_attrs ret;
  mssa__ll_attrs_init(&ret);
  mssa__ll_attrs(p, MSSA__ATTR_RET, &ret);
  uint32_t rty = mssa__ll_type(p);
  ll_tok nt = p->lx.tok;
  if (nt.kind != LT_GLOBAL && nt.kind != LT_GLOBALID)
    mssa__ll_err(p, nt.off, "expected function name");
  mssa__ll_next(p);
  mssa__ll_expect(p, LT_LPAREN, "'(' in function argument list");
  /* arguments: collected in parser scratch (freed by parser_free on error) */
  int vararg;
  uint32_t stk0 = p->stk.n;
  uint32_t slot = fn_args(p, &vararg);
  uint32_t fty = mssa__ll_func_type(p, rty, p->stk.a + stk0, p->stk.n - stk0, vararg);
  p->stk.n = stk0;
  uint32_t fname = nt.kind == LT_GLOBAL ? mssa__ll_name(p, &nt) : mssa__ll_num_name(p, nt.num);
  uint32_t fidx = m->funcs.n;
  fn_properties(p, is_define, fname, &fp);
  uint32_t nargs = p->argv.n;
  for (uint32_t i = 0; i < nargs; i++) {
    mssa_vec_push(&p->stk, p->argv.a[i].attrs);
    mssa_vec_push(&p->stk, p->argv.a[i].caps);
  }
  uint32_t al = mssa__ll_attrlist(p, &fp.fn, ret.bits, p->stk.a + stk0, nargs);
  p->stk.n = stk0;

  mssa_func f;
  memset(&f, 0, sizeof f);
  f.name = fname;
  f.type = fty;
  f.attrs = al;
  f.is_decl = (uint8_t)!is_define;
  f.linkage = linkage;
  f.nargs = nargs;
  f.args = mssa_xmalloc((nargs ? nargs : 1) * sizeof(mssa_arg));
  if (nargs) memcpy(f.args, p->argv.a, nargs * sizeof(mssa_arg));
  f.entry = f.first_block = f.last_block = MSSA_NONE;
  f.md_dbg = fp.md_dbg;
  f.mdatt = fp.mdatt;
  f.ptype = mssa__ll_ptr_type(p, fty, fp.as);
  f.intrinsic = (uint16_t)mssa__ll_intrinsic_id(mssa_str(m, fname), mssa_strtab_len(&m->strs, fname));
  if (!strncmp(mssa_str(m, fname), "llvm.dbg.", 9)) mssa__ll_saw(p, MSSA_SYN_DBG_CALL);
  if ((f.intrinsic == MSSA_INTR_LIFETIME_START || f.intrinsic == MSSA_INTR_LIFETIME_END) && nargs == 1)
    mssa__ll_saw(p, MSSA_SYN_LIFETIME_PTR);
  f.head_off = head;
  f.line = line_at(p, head, &p->line_off, &p->line_no);
  mssa_vec_push(&m->funcs, f);
  define_global(p, &nt, MSSA_VAL(MSSA_VK_FUNC, fidx));

  if (!is_define) {
    m->funcs.a[fidx].head_len = p->lx.prev_end - head;
    if (p->lx.tok.kind == LT_LBRACE) mssa__ll_err(p, p->lx.tok.off, "expected top-level entity");
    return;
  }
  if (p->lx.tok.kind != LT_LBRACE) mssa__ll_err(p, p->lx.tok.off, "expected '{' in function body");
  m->funcs.a[fidx].head_len = p->lx.tok.end - head;
  mssa__ll_next(p);
  p->fidx = fidx;
  p->next_slot = slot;
  mssa__ll_function_body(p);
}

/* ------------------------------------------------------------- top level */

static void skip_balanced_until_newline_entity(ll_parser *p) {
  /* `uselistorder ... { ... }` and `^N = ...(...)`: skip tokens, keeping
  ** (), [] and {} balanced, until the group closes at depth 0. */
  int depth = 0, seen_open = 0;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    mssa__ll_lex_check(p);
    if (t->kind == LT_EOF) {
      if (depth) mssa__ll_err(p, t->off, "unexpected end of file");
      return;
    }
    if (t->kind == LT_LPAREN || t->kind == LT_LBRACE || t->kind == LT_LSQ) { depth++; seen_open = 1; }
    else if (t->kind == LT_RPAREN || t->kind == LT_RBRACE || t->kind == LT_RSQ) {
      if (--depth < 0) mssa__ll_err(p, t->off, "unbalanced bracket");
      if (depth == 0 && seen_open) { mssa__ll_next(p); return; }
    }
    mssa__ll_next(p);
  }
}

static void parse_type_def(ll_parser *p, ll_tok nt) {
  mssa_module *m = p->m;
  mssa__ll_expect_kw(p, LL_KW_type);
  uint64_t key;
  uint32_t name;
  if (nt.kind == LT_LOCALID) {
    key = LL_NUMKEY(nt.num);
    name = mssa__ll_num_name(p, nt.num);
  } else {
    name = mssa__ll_name(p, &nt);
    key = name;
  }
  uint32_t existing = mssa_u64map_get(&p->tmap, key);
  ll_tok *t = &p->lx.tok;
  int is_struct = t->kind == LT_LBRACE || mssa__ll_is_kw(p, LL_KW_opaque);
  if (t->kind == LT_LT) {
    /* `<{` packed struct vs `<4 x i32>` vector: peek the next byte(s) */
    const char *q = m->text + t->end;
    while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n') q++;
    is_struct = *q == '{';
  }
  if (!is_struct) {
    /* `%T = type i32`: a named alias of a non-struct type */
    if (existing != MSSA_NONE) mssa__ll_err(p, nt.off, "redefinition of type");
    uint32_t ty = mssa__ll_type(p);
    mssa_u64map_put(&p->tmap, key, ty);
    return;
  }
  uint32_t id = existing;
  if (id == MSSA_NONE) {
    id = mssa__ll_named_type(p, key, name, nt.off);
  } else if (m->types.a[id].flags & MSSA_TF_DEFINED) {
    mssa__ll_err(p, nt.off, "redefinition of type");
  }
  p->tref.a[id] = MSSA_NONE;
  p->tdef.a[id] = nt.off;
  if (mssa__ll_eat_kw(p, LL_KW_opaque)) {
    m->types.a[id].flags |= MSSA_TF_DEFINED | MSSA_TF_OPAQUE;
    return;
  }
  int packed = 0;
  if (mssa__ll_eat(p, LT_LT)) packed = 1;
  mssa__ll_expect(p, LT_LBRACE, "'{'");
  /* Collect the fields on the parser's scratch stack: nested literal types
  ** intern themselves into tlist meanwhile, so our list is copied at the end. */
  uint32_t nf = mssa__ll_struct_fields(p), stk0 = p->stk.n - nf;
  if (packed) mssa__ll_expect(p, LT_GT, "'>' in packed struct");
  uint32_t start = m->tlist.n;
  for (uint32_t i = 0; i < nf; i++) mssa_vec_push(&m->tlist, p->stk.a[stk0 + i]);
  p->stk.n = stk0;
  mssa_type *ty = &m->types.a[id];
  ty->fields = start;
  ty->nfields = nf;
  ty->flags = (uint8_t)((ty->flags & ~MSSA_TF_OPAQUE) | MSSA_TF_DEFINED | (packed ? MSSA_TF_PACKED : 0));
}

/* A mapped text is read once, front to back: every FORGET_STEP bytes the
** pages behind the entity being read go back to the system, so a module's
** peak memory holds its arrays and a window of its text, not the whole
** text beside them (lua.O0.ll: 10 MB of 27). What reads them again later
** (an error's line count, a printer's text span) maps them again. */
#define FORGET_STEP ((uint32_t)1 << 20)

static void forget_read_text(ll_parser *p, uint32_t off) {
  if (off - p->forgot < FORGET_STEP || !p->m->text_mapped) return;
  /* the `define` line counter reads from its last stop: move it past the
  ** pages first, or it would map them all again. Once numbered metadata
  ** began, functions are over in what LLVM writes: the counter stays (a
  ** `define` after metadata still gets its line, mapping pages again). */
  if (!p->in_md) (void)line_at(p, off, &p->line_off, &p->line_no);
  mssa_filetext_forget(p->m->text, p->m->text_mapped, p->forgot, off);
  p->forgot = off;
}

static void parse_toplevel(ll_parser *p) {
  mssa_module *m = p->m;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    mssa__ll_lex_check(p);
    forget_read_text(p, t->off);
    switch (t->kind) {
    case LT_EOF: return;
    case LT_KW:
      switch (t->kw) {
      case LL_KW_define: parse_function(p, 1); continue;
      case LL_KW_declare: parse_function(p, 0); continue;
      case LL_KW_target: {
        mssa__ll_next(p);
        int dl = mssa__ll_is_kw(p, LL_KW_datalayout);
        if (!dl && !mssa__ll_is_kw(p, LL_KW_triple))
          mssa__ll_err(p, p->lx.tok.off, "unknown target property");
        mssa__ll_next(p);
        mssa__ll_expect(p, LT_EQ, "'=' after target property");
        ll_tok s = p->lx.tok;
        mssa__ll_expect(p, LT_STRING, "string");
        if (dl) {
          const char *err = mssa_layout_parse_checked(&m->dl, m->text + s.toff, s.tlen);
          if (err) mssa__ll_err(p, s.toff, "%s", err);
        }
        continue;
      }
      case LL_KW_source_filename:
        mssa__ll_next(p);
        mssa__ll_expect(p, LT_EQ, "'=' after source_filename");
        mssa__ll_expect(p, LT_STRING, "source_filename string");
        continue;
      case LL_KW_module:
        mssa__ll_next(p);
        mssa__ll_expect_kw(p, LL_KW_asm);
        mssa__ll_expect(p, LT_STRING, "inline asm string");
        continue;
      case LL_KW_deplibs:
        mssa__ll_next(p);
        mssa__ll_expect(p, LT_EQ, "'='");
        mssa__ll_expect(p, LT_LSQ, "'['");
        if (p->lx.tok.kind != LT_RSQ)
          do mssa__ll_expect(p, LT_STRING, "string"); while (mssa__ll_eat(p, LT_COMMA));
        mssa__ll_expect(p, LT_RSQ, "']'");
        continue;
      case LL_KW_attributes: mssa__ll_attr_group(p); continue;
      case LL_KW_uselistorder: case LL_KW_uselistorder_bb:
        mssa__ll_next(p);
        skip_balanced_until_newline_entity(p);
        continue;
      default: break;
      }
      break;
    case LT_LOCAL: case LT_LOCALID: {
      ll_tok nt = *t;
      mssa__ll_next(p);
      mssa__ll_expect(p, LT_EQ, "'=' after name");
      parse_type_def(p, nt);
      continue;
    }
    case LT_GLOBAL: case LT_GLOBALID: {
      ll_tok nt = *t;
      mssa__ll_next(p);
      mssa__ll_expect(p, LT_EQ, "'=' in global variable");
      parse_global(p, nt);
      continue;
    }
    case LT_COMDATVAR: {
      uint32_t name = mssa__ll_name(p, t);
      mssa__ll_next(p);
      mssa__ll_expect(p, LT_EQ, "'=' here");
      mssa__ll_expect_kw(p, LL_KW_comdat);
      ll_tok *k = &p->lx.tok;
      if (k->kind != LT_KW || !(k->kw == LL_KW_any || k->kw == LL_KW_exactmatch ||
                                k->kw == LL_KW_largest || k->kw == LL_KW_nodeduplicate ||
                                k->kw == LL_KW_noduplicates || k->kw == LL_KW_samesize))
        mssa__ll_err(p, k->off, "unknown selection kind");
      mssa__ll_next(p);
      mssa_u64map_put(&p->comdats, name, 1);
      continue;
    }
    case LT_EXCL: case LT_MDREF:
      p->in_md = 1;
      mssa__ll_md_def(p);
      continue;
    case LT_MDVAR: mssa__ll_named_md(p); continue;
    case LT_SUMMARYID:
      mssa__ll_next(p);
      mssa__ll_expect(p, LT_EQ, "'=' here");
      skip_balanced_until_newline_entity(p);
      continue;
    default: break;
    }
    mssa__ll_err(p, t->off, "expected top-level entity");
  }
}

/* ------------------------------------------------------- end of module */

static mssa_val patch(ll_parser *p, mssa_val v) {
  if (MSSA_VAL_KIND(v) != LL_VK_FWDG) return v;
  /* Undefined globals were errors (finish_module step 1), so every forward
  ** entry is resolved, to a real value (reader_internal.h invariant 2). */
  MSSA_ASSERT(MSSA_VAL_INDEX(v) < p->gfwd.n);
  mssa_val r = p->gfwd.a[MSSA_VAL_INDEX(v)].val;
  MSSA_ASSERT(r != MSSA_VAL_NONE && MSSA_VAL_KIND(r) != LL_VK_FWDG && MSSA_VAL_KIND(r) != LL_VK_FWDL);
  return r;
}

/* No forward value left in any function's operands or the constants
** (invariant 4); for MSSA_EXPENSIVE_ASSERT: a pass over every operand. */
static MSSA_CHECK_ONLY int no_forward_values(const mssa_module *m) {
  for (uint32_t i = 0; i < m->funcs.n; i++) {
    const mssa_func *f = &m->funcs.a[i];
    for (uint32_t k = 0; k < f->ops.n; k++)
      if (MSSA_VAL_KIND(f->ops.a[k]) == LL_VK_FWDG || MSSA_VAL_KIND(f->ops.a[k]) == LL_VK_FWDL) return 0;
  }
  for (uint32_t k = 0; k < m->cops.n; k++)
    if (MSSA_VAL_KIND(m->cops.a[k]) == LL_VK_FWDG || MSSA_VAL_KIND(m->cops.a[k]) == LL_VK_FWDL) return 0;
  return 1;
}

/* qsort has no context argument in C11; the comparator reads the module
** through a thread-local pointer set just before sorting. */
static _Thread_local const mssa_module *baddr_mod;
static int baddr_cmp(const void *x, const void *y) {
  const ll_pending *a = x, *b = y;
  uint32_t fa = MSSA_VAL_INDEX(baddr_mod->cops.a[baddr_mod->consts.a[a->a].ops]);
  uint32_t fb = MSSA_VAL_INDEX(baddr_mod->cops.a[baddr_mod->consts.a[b->a].ops]);
  if (fa != fb) return fa < fb ? -1 : 1;
  return a->off < b->off ? -1 : a->off > b->off;
}
static int (*baddr_cmp_ctx(const mssa_module *m))(const void *, const void *) {
  baddr_mod = m;
  return baddr_cmp;
}

/* DIFile paths of md nodes from index `from` on: the filename joined to the
** directory when relative (what mssa_inst_source reports). */
void mssa__ll_md_paths(ll_parser *p, uint32_t from) {
  mssa_module *m = p->m;
  for (uint32_t k = from; k < m->md.n; k++) {
    mssa_md *d = &m->md.a[k];
    if (d->kind != MSSA_MD_FILE || d->str == MSSA_NONE) continue;
    const char *fn = mssa_str(m, d->str);
    if (fn[0] == '/' || d->dir == MSSA_NONE || !mssa_strtab_len(&m->strs, d->dir)) { d->path = d->str; continue; }
    size_t a = mssa_strtab_len(&m->strs, d->dir), b = mssa_strtab_len(&m->strs, d->str);
    p->sbuf.n = 0;
    mssa_vec_reserve(&p->sbuf, (uint32_t)(a + b + 2));
    memcpy(p->sbuf.a, mssa_str(m, d->dir), a);
    size_t k2 = a;
    if (a && p->sbuf.a[a - 1] != '/') p->sbuf.a[k2++] = '/';
    MSSA_ASSERT(k2 + b <= a + b + 1); /* at most one '/' between them */
    memcpy(p->sbuf.a + k2, fn, b);
    uint32_t id = mssa_strtab_intern(&m->strs, p->sbuf.a, k2 + b);
    m->md.a[k].path = id;
  }
}

/* The clang major version !llvm.ident names (`!{!"clang version 19.1.7
** ..."}`), 0 if it names none. */
static unsigned ident_version(const mssa_module *m) {
  static const char key[] = "clang version ";
  for (uint32_t k = 0; k + 1 < m->named_md.n; k += 2) {
    if (strcmp(mssa_str(m, m->named_md.a[k].idx), "llvm.ident")) continue;
    const mssa_md *t = &m->md.a[m->named_md.a[k + 1].idx];
    for (uint32_t i = 0; i < t->nops; i++) {
      const mssa_md *n = &m->md.a[m->mdops.a[t->ops + i].idx];
      for (uint32_t j = 0; j < n->nops; j++) {
        const mssa_mdop *o = &m->mdops.a[n->ops + j];
        const char *s = o->kind == MSSA_MDO_STRING ? strstr(mssa_str(m, o->idx), key) : NULL;
        if (!s) continue;
        unsigned v = 0;
        for (s += sizeof key - 1; *s >= '0' && *s <= '9' && v < 1000; s++) v = v * 10 + (unsigned)(*s - '0');
        return v;
      }
    }
  }
  return 0;
}

/* Decides which LLVM the module is read as (mssa_module_llvm_version):
** a clang of 15 or newer named by !llvm.ident is the best evidence (a
** clang-17 -g module still calls llvm.dbg.*, as every LLVM up to 18
** printed); then the marks of LLVM 14; then the newest syntax used. */
static void detect_version(mssa_module *m) {
  unsigned syn = MSSA_LLVM_MIN, v;
  for (unsigned k = 0; k < MSSA_SYN_COUNT_; k++)
    if ((m->llvm_syntax & (1u << k)) && mssa_syntax_version(1u << k) > syn) syn = mssa_syntax_version(1u << k);
  unsigned id = ident_version(m);
  m->llvm_syntax_version = (uint8_t)syn;
  m->llvm_ident = (uint8_t)(id > 255 ? 255 : id);
  if (id > MSSA_LLVM_MIN) v = id > MSSA_LLVM_MAX ? MSSA_LLVM_MAX : id;
  else if (id || (m->llvm_syntax & (MSSA_SYN_TYPED_PTR | MSSA_SYN_DBG_CALL))) v = MSSA_LLVM_MIN;
  else v = syn;
  MSSA_ASSERT(v >= MSSA_LLVM_MIN && v <= MSSA_LLVM_MAX);
  m->llvm_detected = m->llvm_version = (uint8_t)v;
}

/* A declaration of intrinsic `name` of function type fty, as LLVM 20+
** makes one for an intrinsic called without being declared. */
static uint32_t declare_intrinsic(ll_parser *p, uint32_t name, uint32_t fty) {
  mssa_module *m = p->m;
  const mssa_type *t = &m->types.a[fty];
  mssa_func f;
  memset(&f, 0, sizeof f);
  f.name = name;
  f.type = fty;
  f.attrs = MSSA_NONE;
  f.is_decl = 1;
  f.nargs = t->nfields;
  f.args = mssa_xmalloc((f.nargs ? f.nargs : 1) * sizeof(mssa_arg));
  for (uint32_t i = 0; i < f.nargs; i++) {
    mssa_arg a = {MSSA_NONE, MSSA_NONE, m->tlist.a[t->fields + i], 0, 0, 0, MSSA_CAP_ALL};
    f.args[i] = a;
  }
  f.entry = f.first_block = f.last_block = MSSA_NONE;
  f.md_dbg = f.mdatt = MSSA_NONE;
  f.ptype = m->t_ptr;
  f.intrinsic = (uint16_t)mssa__ll_intrinsic_id(mssa_str(m, name), mssa_strtab_len(&m->strs, name));
  mssa_vec_push(&m->funcs, f);
  return m->funcs.n - 1;
}

/* An `@llvm.*` name used but never declared. */
static int undeclared_intrinsic(ll_parser *p, const ll_fwd *fw) {
  return fw->val == MSSA_VAL_NONE && !(fw->key >> 32) &&
         !strncmp(mssa_str(p->m, (uint32_t)fw->key), "llvm.", 5);
}

/* Undefined `@llvm.*` callees get a declaration from their first call's
** function type (LLVM 20+ accepts intrinsics used without a declaration);
** any other use of one is an error. */
static void declare_intrinsics(ll_parser *p) {
  mssa_module *m = p->m;
  uint32_t pending = 0;
  for (uint32_t i = 0; i < p->gfwd.n; i++) pending += (uint32_t)undeclared_intrinsic(p, &p->gfwd.a[i]);
  for (uint32_t fi = 0; fi < m->funcs.n && pending; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    for (uint32_t k = 0; k < f->insts.n && pending; k++) {
      const mssa_inst *in = &f->insts.a[k];
      if (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE && in->opcode != MSSA_OP_CALLBR) continue;
      mssa_val cv = f->ops.a[in->ops];
      if (MSSA_VAL_KIND(cv) != LL_VK_FWDG) continue;
      MSSA_ASSERT(MSSA_VAL_INDEX(cv) < p->gfwd.n);
      ll_fwd *fw = &p->gfwd.a[MSSA_VAL_INDEX(cv)];
      if (!undeclared_intrinsic(p, fw)) continue;
      fw->val = MSSA_VAL(MSSA_VK_FUNC, declare_intrinsic(p, (uint32_t)fw->key, in->aux));
      mssa_u64map_put(&p->gmap, fw->key, fw->val);
      f = &m->funcs.a[fi];
      pending--;
    }
  }
  for (uint32_t i = 0; i < p->gfwd.n && pending; i++)
    if (undeclared_intrinsic(p, &p->gfwd.a[i]))
      mssa__ll_err(p, p->gfwd.a[i].off, "intrinsic can only be used as callee");
}

static void finish_module(ll_parser *p) {
  mssa_module *m = p->m;
  declare_intrinsics(p);
  /* 1. undefined globals, in order of first reference */
  uint32_t bad = MSSA_NONE, badoff = UINT32_MAX;
  for (uint32_t i = 0; i < p->gfwd.n; i++)
    if (p->gfwd.a[i].val == MSSA_VAL_NONE && p->gfwd.a[i].off < badoff) { bad = i; badoff = p->gfwd.a[i].off; }
  if (bad != MSSA_NONE) {
    const char *s = m->text + badoff;
    size_t n = 1;
    while (n < 60 && s[n] && s[n] != ' ' && s[n] != ',' && s[n] != ')' && s[n] != '\n' &&
           s[n] != ']' && s[n] != '}' && s[n] != '>' && s[n] != '(') n++;
    mssa__ll_err(p, badoff, "use of undefined value '%.*s'", (int)n, s);
  }
  /* 2. named types used but never defined */
  for (uint32_t i = 0; i < p->tref.n; i++)
    if (p->tref.a[i] != MSSA_NONE && p->tref.a[i] < badoff) { bad = i; badoff = p->tref.a[i]; }
  if (bad != MSSA_NONE)
    mssa__ll_err(p, badoff, "use of undefined type named '%s'", mssa_str(m, m->types.a[bad].name));
  /* 3. metadata */
  for (uint32_t i = 0; i < p->mdref.n; i++)
    if (p->mdref.a[i] != MSSA_NONE && p->mdref.a[i] < badoff) { bad = i; badoff = p->mdref.a[i]; }
  if (bad != MSSA_NONE) {
    const char *s = m->text + badoff;
    size_t n = 1;
    while (n < 20 && s[n] >= '0' && s[n] <= '9') n++;
    mssa__ll_err(p, badoff, "use of undefined metadata '%.*s'", (int)n, s);
  }
  /* 4. attribute groups */
  for (uint32_t i = 0; i < p->agref.n; i++) {
    ll_pending *pe = &p->agref.a[i];
    uint32_t gi = mssa_u64map_get(&p->agmap, pe->b);
    /* LLVM 14 silently ignores references to groups never defined */
    if (gi != MSSA_NONE) mssa__ll_merge_group(m, pe->a, p->agbits.a[gi], p->agmem.a[gi]);
  }
  /* 5. comdats */
  for (uint32_t i = 0; i < p->comdatref.n; i++) {
    ll_pending *pe = &p->comdatref.a[i];
    if (mssa_u64map_get(&p->comdats, pe->a) == MSSA_NONE)
      mssa__ll_err(p, pe->off, "use of undefined comdat '$%s'", mssa_str(m, pe->a));
  }
  /* 6. blockaddress(@f, %bb): grouped by function, one block map each, so
  **    many blockaddresses into a big function stay linear */
  for (uint32_t i = 0; i < p->baddr.n; i++) {
    ll_pending *pe = &p->baddr.a[i];
    MSSA_ASSERT(pe->a < m->consts.n && m->consts.a[pe->a].ops + 1 < m->cops.n);
    mssa_const *c = &m->consts.a[pe->a];
    mssa_val fv = patch(p, m->cops.a[c->ops]);
    m->cops.a[c->ops] = fv;
    if (MSSA_VAL_KIND(fv) != MSSA_VK_FUNC)
      mssa__ll_err(p, pe->off, "expected function name in blockaddress");
    if (m->funcs.a[MSSA_VAL_INDEX(fv)].is_decl)
      mssa__ll_err(p, pe->off, "cannot take blockaddress inside a declaration");
  }
  if (p->baddr.n) {
    qsort(p->baddr.a, p->baddr.n, sizeof p->baddr.a[0], baddr_cmp_ctx(m));
    uint32_t cur = MSSA_NONE;
    mssa_u64map bm = {0};
    for (uint32_t i = 0; i < p->baddr.n; i++) {
      ll_pending *pe = &p->baddr.a[i];
      mssa_const *c = &m->consts.a[pe->a];
      uint32_t fi = MSSA_VAL_INDEX(m->cops.a[c->ops]);
      mssa_func *f = &m->funcs.a[fi];
      if (fi != cur) {
        mssa_u64map_free(&bm);
        for (uint32_t bi = 0; bi < f->blocks.n; bi++) {
          const mssa_block *bb = &f->blocks.a[bi];
          mssa_u64map_put(&bm, bb->name != MSSA_NONE ? (uint64_t)bb->name : LL_NUMKEY(bb->slot), bi);
        }
        cur = fi;
      }
      uint64_t key = ((uint64_t)pe->c << 32) | pe->b;
      uint32_t found = mssa_u64map_get(&bm, key);
      if (found == MSSA_NONE) { mssa_u64map_free(&bm); mssa__ll_err(p, pe->off, "referenced value is not a basic block"); }
      m->cops.a[c->ops + 1] = MSSA_VAL(MSSA_VK_BLOCK, found);
    }
    mssa_u64map_free(&bm);
  }
  /* 7. patch forward global references everywhere */
  if (p->gfwd.n) {
    for (uint32_t i = 0; i < m->funcs.n; i++) {
      mssa_func *f = &m->funcs.a[i];
      for (uint32_t k = 0; k < f->ops.n; k++) f->ops.a[k] = patch(p, f->ops.a[k]);
    }
    for (uint32_t k = 0; k < m->cops.n; k++) m->cops.a[k] = patch(p, m->cops.a[k]);
    for (uint32_t k = 0; k < m->md.n; k++)
      if (m->md.a[k].kind == MSSA_MD_VALUE) m->md.a[k].val = patch(p, m->md.a[k].val);
    for (uint32_t k = 0; k < m->mdops.n; k++)
      if (m->mdops.a[k].kind == MSSA_MDO_VALUE) m->mdops.a[k].idx = patch(p, m->mdops.a[k].idx);
    for (uint32_t k = 0; k < m->globals.n; k++) m->globals.a[k].init = patch(p, m->globals.a[k].init);
  }
  MSSA_EXPENSIVE_ASSERT(no_forward_values(m));
  /* 8. intrinsic ids of direct calls */
  for (uint32_t i = 0; i < m->funcs.n; i++) mssa__ll_call_intrinsics(m, &m->funcs.a[i]);
  /* 9. DIFile paths: filename joined to directory when relative */
  mssa__ll_md_paths(p, 0);
  /* 10. which metadata nodes LLVM would unique together: computed on
  ** demand, by mssa_md_print_slots (the only user); which LLVM wrote it */
  detect_version(m);
  /* 11. layout (and recursive struct check) */
  m->opaque_ptrs = (uint8_t)p->lx.saw_ptr;
  uint32_t rec = mssa_layout_compute_checked(m);
  if (rec != MSSA_NONE) {
    uint32_t off = rec < p->tdef.n && p->tdef.a[rec] != MSSA_NONE ? p->tdef.a[rec] : 0;
    mssa__ll_err(p, off, "invalid recursive type");
  }
}

/* ------------------------------------------------------------ entry points */

static void parser_free(ll_parser *p) {
  mssa_vec_free(&p->sbuf);
  mssa_u64map_free(&p->gmap);
  mssa_vec_free(&p->gfwd);
  mssa_u64map_free(&p->tmap);
  mssa_vec_free(&p->tref);
  mssa_vec_free(&p->tdef);
  mssa_idtab_free(&p->tset);
  mssa_idtab_free(&p->cset);
  mssa__ll_num_free(&p->mdmap);
  mssa_vec_free(&p->mdref);
  mssa_u64map_free(&p->agmap);
  mssa_vec_free(&p->agbits);
  mssa_vec_free(&p->agmem);
  mssa_vec_free(&p->agref);
  mssa_vec_free(&p->agtmp);
  mssa_u64map_free(&p->comdats);
  mssa_vec_free(&p->comdatref);
  mssa_vec_free(&p->baddr);
  mssa_u64map_free(&p->kinds);
  mssa_u64map_free(&p->lmap);
  mssa__ll_num_free(&p->lnum);
  mssa_vec_free(&p->lfwd);
  mssa_vec_free(&p->bref);
  mssa_vec_free(&p->attrs_tmp);
  mssa_vec_free(&p->stk);
  mssa_vec_free(&p->argv);
  mssa_vec_free(&p->ptr_cache);
  mssa_vec_free(&p->scr_insts);
  mssa_vec_free(&p->scr_ops);
  mssa_vec_free(&p->scr_blocks);
}

/* A diagnostic at the start of `path` (errors about the input as a whole). */
static void diag_whole(mssa_diag *diag, const char *path, const char *fmt, const char *arg) {
  if (!diag) return;
  memset(diag, 0, sizeof *diag);
  snprintf(diag->file, sizeof diag->file, "%s", path ? path : "<input>");
  diag->line = diag->col = 1;
  snprintf(diag->msg, sizeof diag->msg, fmt, arg);
}

/* Below this size a module's metadata arrays are left to grow as needed. */
#define PRESIZE_MIN_TEXT (256u << 10)
/* Per `!N` of the last line: metadata nodes (inline ones too, such as
** each debug record's `!DIExpression()`) and their operands, from the
** Lua modules of the corpora (1.2-1.5 nodes and 2.6-3.2 operands). */
#define PRESIZE_MD_NUM 8u
#define PRESIZE_MD_DEN 5u
#define PRESIZE_MDOPS_PER_NUM 4u
/* What the reservation may take, per byte of text: a real module needs
** about one (lua.O0: 8.7 MB for 9.4 MB of text); a last line claiming
** more reserves nothing rather than memory the text does not justify. */
#define PRESIZE_BYTES_PER_TEXT_BYTE 2u

/* LLVM prints metadata last, numbered in order: a -g module's last line
** is usually `!N = ...` with the highest N. Reserving the node arrays for
** that many before the read saves growing them by doubling through the
** function bodies' `!dbg` references, each growth copying the array (~5M
** instructions on lua.O0). Only a size hint: any other last line reserves
** nothing, nor does one whose N would take more memory than the text
** justifies (so no file can ask for much), and a wrong guess costs only
** the copies it meant to save. */
static void presize_md(ll_parser *p) {
  mssa_module *m = p->m;
  size_t len = m->text_len;
  if (len < PRESIZE_MIN_TEXT) return;
  const char *t = m->text, *e = t + len;
  while (e > t && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) e--;
  const char *s = e;
  while (s > t && s[-1] != '\n') s--;   /* once, over the last line only */
  if (s[0] != '!' || s[1] < '0' || s[1] > '9') return;
  uint64_t n = 0;
  for (const char *q = s + 1; *q >= '0' && *q <= '9' && n <= len; q++) n = n * 10 + (uint64_t)(*q - '0');
  if (n >= len) return;
  uint64_t nodes = (n + 1) * PRESIZE_MD_NUM / PRESIZE_MD_DEN, ops = (n + 1) * PRESIZE_MDOPS_PER_NUM;
  uint64_t bytes = nodes * (sizeof *m->md.a + sizeof *p->mdref.a) + ops * sizeof *m->mdops.a +
                   (n + 1) * sizeof *p->mdmap.dense.a;
  if (bytes > (uint64_t)len * PRESIZE_BYTES_PER_TEXT_BYTE) return;
  mssa_vec_reserve(&m->md, nodes);
  mssa_vec_reserve(&p->mdref, nodes);
  mssa_vec_reserve(&m->mdops, ops);
  mssa_vec_reserve(&p->mdmap.dense, n + 1);
}

#define TOO_LARGE "input too large (4 GB limit)%s"
/* Offsets are 32-bit; keep room for the slack a reader adds past the end. */
#define MAX_TEXT 0xfffffff0u

/* Parses `text` (len bytes, NUL at text[len]) and takes ownership of it on
** every path: the module keeps it as m->text, or it is freed. Reading a
** file hands its buffer over this way, so a module costs one copy of its
** text rather than two. */
static int parse_owned(const char *path, char *text, size_t len, size_t mapped,
                       mssa_module **out, mssa_diag *diag) {
  *out = NULL;
  if (diag) memset(diag, 0, sizeof *diag);
  if (len >= MAX_TEXT || !text) {
    mssa_filetext_release(text, mapped);
    diag_whole(diag, path, TOO_LARGE, "");
    return MSSA_ETOOBIG;
  }
  mssa_module *m = mssa_xcalloc(1, sizeof *m);
  m->path = mssa_xstrndup(path ? path : "<input>", strlen(path ? path : "<input>"));
  m->text = text;
  m->text_len = len;
  m->text_mapped = mapped;
  mssa_strtab_init(&m->strs);
  mssa_layout_parse(&m->dl, "", 0);

  ll_parser *p = mssa_xcalloc(1, sizeof *p);
  p->m = m;
  p->diag = diag;
  p->line_off = 0;
  p->line_no = 1;
  mssa__lex_init(&p->lx, m->text, len);
  if (setjmp(p->jb)) {
    parser_free(p);
    free(p);
    mssa_module_free(m);
    return MSSA_EPARSE;
  }
  mssa__ll_parser_scratch(p);
  mssa_vec_reserve(&m->tlist, 64);
  mssa_vec_reserve(&m->cops, 64);
  mssa__ll_types_init(p);
  presize_md(p);
  mssa__ll_next(p);
  parse_toplevel(p);
  finish_module(p);
  /* reader_internal.h invariant 3: every mssa__ll_enter had its leave;
  ** invariant 5: the scratch arrays are back with the parser. */
  MSSA_ASSERT(p->depth == 0 && p->f == NULL);
  mssa__ll_keep_numbering(p, NULL);
  parser_free(p);
  free(p);
  *out = m;
  return MSSA_OK;
}

int mssa_module_parse(const char *path, const char *text, size_t len,
                      mssa_module **out, mssa_diag *diag) {
  if (len >= MAX_TEXT) return parse_owned(path, NULL, len, 0, out, diag);
  return parse_owned(path, mssa_xstrndup(text, len), len, 0, out, diag);
}

static int parse_path(const char *path, int how, mssa_module **out, mssa_diag *diag) {
  *out = NULL;
  mssa_filetext ft;
  if (mssa_filetext_read(path, how, MAX_TEXT - 1, &ft) != 0) {
    int err = errno;
    if (err == EFBIG) {
      diag_whole(diag, path, TOO_LARGE, "");
      return MSSA_ETOOBIG;
    }
    diag_whole(diag, path, "could not read file: %s", strerror(err));
    return MSSA_EIO;
  }
  return parse_owned(path, ft.text, ft.len, ft.mapped, out, diag);
}

int mssa_module_parse_file(const char *path, mssa_module **out, mssa_diag *diag) {
  return parse_path(path, MSSA_FILE_READ, out, diag);
}

int mssa_module_parse_file_mapped(const char *path, mssa_module **out, mssa_diag *diag) {
  return parse_path(path, MSSA_FILE_MAP, out, diag);
}

/* Gives a new parser its scratch stacks. They are never NULL afterwards, so
** `a + start` is always defined. */
void mssa__ll_parser_scratch(ll_parser *p) {
  mssa_vec_reserve(&p->stk, 256);
  mssa_vec_reserve(&p->attrs_tmp, 64);
  mssa_vec_reserve(&p->argv, 16);
  mssa_vec_reserve(&p->sbuf, 256);
}

/* Intrinsic ids of f's direct calls (callees are known once the module,
** or a reparsed body, is read). */
void mssa__ll_call_intrinsics(mssa_module *m, mssa_func *f) {
  for (uint32_t k = 0; k < f->insts.n; k++) {
    mssa_inst *in = &f->insts.a[k];
    if (in->opcode != MSSA_OP_CALL && in->opcode != MSSA_OP_INVOKE && in->opcode != MSSA_OP_CALLBR)
      continue;
    MSSA_ASSERT(in->nops >= 1 && in->ops < f->ops.n); /* the callee is operand 0 */
    mssa_val cv = f->ops.a[in->ops];
    if (MSSA_VAL_KIND(cv) == MSSA_VK_FUNC) in->intrinsic = m->funcs.a[MSSA_VAL_INDEX(cv)].intrinsic;
  }
}

/* Reopens a parsed module for a parser that adds to it (edit text, the
** changed bodies of a reload): global names, types and constants as the
** module has them, metadata numbers and attachment kinds as its text had
** them, per-node tables sized to it. */
void mssa__ll_reopen_module(ll_parser *p) {
  mssa_module *m = p->m;
  p->gseed = &m->gnames;
  mssa__ll_types_reopen(p);
  mssa__ll_consts_reopen(p);
  for (uint32_t k = 0; k < m->md.n; k++) mssa_vec_push(&p->mdref, MSSA_NONE);
  p->mdseed = &m->mdnum;
  for (uint32_t k = 0; k < m->md_kinds.n; k++) mssa_u64map_put(&p->kinds, m->md_kinds.a[k], 1);
}

/* Moves the parser's `!N` and `#N` tables into the module (retext.h),
** replacing the module's: they then describe the text just parsed. The
** `!N` table becomes an array indexed by N (printer numbers are dense;
** lookups are the hot part of a reparse), merged into base_steal when
** given (owned on every path); numbers too sparse for an array (above
** four times their count plus 4096) leave the module without one. */
void mssa__ll_keep_numbering(ll_parser *p, mssa_u32vec *base_steal) {
  mssa_module *m = p->m;
  mssa_u32vec a = {0};
  if (base_steal) {
    a = *base_steal;
    memset(base_steal, 0, sizeof *base_steal);
  }
  const mssa_u64map *mm = &p->mdmap.sparse;
  const mssa_u32vec *md = &p->mdmap.dense;
  uint64_t hi = 0, count = 0;
  for (uint32_t i = 0; i < md->n; i++)
    if (md->a[i] != MSSA_NONE) hi = i + 1, count++;
  for (uint32_t i = 0; i < mm->cap; i++)
    if (mm->vals[i] != MSSA_NONE && mm->keys[i] + 1 > hi) hi = mm->keys[i] + 1;
  mssa_u64map_free(&m->mdnum_sparse);
  if (hi > 4 * (count + mm->n + a.n) + 4096) {
    /* the same table as a hash map, for the printer (dense over sparse
    ** over base, as the array below) */
    mssa_u64map *sp = &m->mdnum_sparse;
    for (uint32_t i = 0; i < a.n; i++)
      if (a.a[i] != MSSA_NONE) mssa_u64map_put(sp, i, a.a[i]);
    for (uint32_t i = 0; i < mm->cap; i++)
      if (mm->vals[i] != MSSA_NONE) mssa_u64map_put(sp, mm->keys[i], mm->vals[i]);
    for (uint32_t i = 0; i < md->n; i++)
      if (md->a[i] != MSSA_NONE) mssa_u64map_put(sp, i, md->a[i]);
    mssa_vec_free(&a);
  } else {
    if (hi > a.n) {
      mssa_vec_reserve(&a, hi);
      for (uint32_t i = a.n; i < hi; i++) a.a[i] = MSSA_NONE;
      a.n = (uint32_t)hi;
    }
    for (uint32_t i = 0; i < mm->cap; i++)
      if (mm->vals[i] != MSSA_NONE && !(mm->keys[i] < md->n && md->a[mm->keys[i]] != MSSA_NONE))
        a.a[mm->keys[i]] = mm->vals[i];
    for (uint32_t i = 0; i < md->n; i++)
      if (md->a[i] != MSSA_NONE) a.a[i] = md->a[i];
  }
  mssa_vec_free(&m->mdnum);
  mssa_u64map_free(&m->agnum);
  if (!p->gseed) {   /* a full parse: its global names too */
    mssa_u64map_free(&m->gnames);
    m->gnames = p->gmap;
    memset(&p->gmap, 0, sizeof p->gmap);
  }
  mssa_vec_free(&m->agbits);
  mssa_vec_free(&m->agmem);
  m->mdnum = a;
  m->agnum = p->agmap;
  memcpy(&m->agbits, &p->agbits, sizeof m->agbits);
  m->agmem = p->agmem;
  memset(&p->agmap, 0, sizeof p->agmap);
  memset(&p->agbits, 0, sizeof p->agbits);
  memset(&p->agmem, 0, sizeof p->agmem);
}

/* For ll_read_edit.c: frees a parser's tables (not the module). */
void mssa__ll_parser_free(ll_parser *p) { parser_free(p); }
