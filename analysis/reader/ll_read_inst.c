/*
** ll_read_inst.c -- function bodies: basic blocks, instructions, slot
** numbering, function-local forward references.
**
** Invariants:
**   1. Slot numbers follow LLVM's: unnamed arguments, then per block in
**      layout order the block label (if unnamed) and each unnamed non-void
**      instruction. An explicit `%N`/`N:` must equal the next slot.
**   2. An instruction's operands are pushed straight onto f->ops while it is
**      parsed (nothing else appends to f->ops meanwhile), in the order ir.h
**      documents per opcode; the instruction itself is appended to f->insts
**      once complete, then its name is defined (so `%x = phi [%x, ..]`
**      resolves through the forward-reference table).
**   3. At the end of the function: unresolved values and blocks are errors
**      at their first reference; forward values are patched in f->ops and in
**      metadata made inside the function; blocks are renumbered so that
**      block ids follow layout order (id 0 is the entry block).
**   4. text_off/text_len span from the instruction's first token to the end
**      of its last token (metadata attachments included, comments not).
*/
#include "reader/reader_internal.h"

#include <string.h>

#include "base/check.h"

#define TOK (&p->lx.tok)

static void push_op(ll_parser *p, mssa_val v) { mssa_vec_push(&p->f->ops, v); }

/* ` %N` at q (one space, at most 9 digits and no name character after
** them, as the lexer's LT_LOCALID): its end with *n set, or NULL. */
static inline const char *raw_local(const char *q, uint32_t *n) {
  if (q[0] != ' ' || q[1] != '%') return NULL;
  const char *d = q + 2, *e = d;
  uint32_t v = 0;
  while (e - d < 9 && *e >= '0' && *e <= '9') v = v * 10 + (uint32_t)(*e++ - '0');
  if (e == d || mssa__ll_name_char(*e)) return NULL;
  *n = v;
  return e;
}

/* Takes ` %N` (q..e) of type tt as if `%N` had been the current token:
** prev_end becomes its end, the token after it is lexed, then local_ref. */
static inline mssa_val take_local(ll_parser *p, const char *q, const char *e, uint32_t n, uint32_t tt,
                                  uint32_t *ty) {
  const char *x = p->m->text;
  ll_tok k;
  memset(&k, 0, sizeof k);
  k.kind = LT_LOCALID;
  k.off = k.toff = (uint32_t)(q + 1 - x);
  k.end = (uint32_t)(e - x);
  k.num = n;
  MSSA_EXPENSIVE_ASSERT(k.off < k.end && k.end <= p->lx.len); /* `%N` lies in the text */
  p->lx.pos = k.end;
  TOK->end = k.end;
  mssa__ll_next(p);
  *ty = tt;
  return mssa__ll_local_ref(p, &k, tt);
}

/* At a type token `ptr` or `iN`: ` %N` (one space, at most 9 digits, as the
** lexer's LT_LOCALID) read from the raw text, skipping the type parser and
** the token for `%N`. Returns 1 with *v, *ty set and the current token the
** one after `%N`; 0 with nothing consumed for any other form. The steps
** and their order are the token path's (type, next token, local_ref), so
** every error is the same. Most operands of -O0 code have this form. */
static int fast_local(ll_parser *p, mssa_val *v, uint32_t *ty) {
  ll_tok *t = TOK;
  const char *q = p->m->text + t->end, *e;
  uint32_t tt, n;
  if (t->kind == LT_KW && t->kw == LL_KW_ptr) tt = p->t_ptr0;
  else if (t->kind == LT_INTTYPE) tt = MSSA_NONE;
  else return 0;
  if (!(e = raw_local(q, &n))) return 0;
  if (tt == MSSA_NONE) tt = mssa__ll_int_type(p, (uint32_t)t->num);
  *v = take_local(p, q, e, n, tt, ty);
  return 1;
}

/* The same for a typed-pointer spelling the spelling cache knows
** (`%struct.T** %N`, `i8* %N`: LLVM 14's -O0 operands): the type from the
** cache, as spelled_type takes it (its depth check included), and `%N`
** read in place as fast_local reads it. 0 with nothing consumed else. */
static int fast_typed_local(ll_parser *p, mssa_val *v, uint32_t *ty) {
  ll_tok *t = TOK;
  const char *x = p->m->text, *q = x + t->end, *e;
  if (!((t->kind == LT_LOCAL && !t->quoted) || (t->kind == LT_INTTYPE && *q == '*'))) return 0;
  while (*q == '*') q++;
  uint32_t n;
  if (!(e = raw_local(q, &n))) return 0;
  uint32_t tt = mssa__ll_tspell_get(p, t->off, (uint32_t)(q - (x + t->off)));
  if (tt == MSSA_NONE) return 0;
  mssa__ll_enter(p);
  mssa__ll_leave(p);
  *v = take_local(p, q, e, n, tt, ty);
  return 1;
}

static mssa_val tv_op(ll_parser *p, uint32_t *ty) {
  mssa_val v;
  if (!fast_local(p, &v, ty) && !fast_typed_local(p, &v, ty)) v = mssa__ll_tvalue(p, ty);
  push_op(p, v);
  return v;
}

static void label_op(ll_parser *p) {
  if (!mssa__ll_eat_kw(p, LL_KW_label)) mssa__ll_err(p, TOK->off, "expected 'label' here");
  ll_tok t = *TOK;
  if (t.kind != LT_LOCAL && t.kind != LT_LOCALID) mssa__ll_err(p, t.off, "expected a basic block");
  mssa__ll_next(p);
  push_op(p, MSSA_VAL(MSSA_VK_BLOCK, mssa__ll_block_ref(p, &t)));
}

/* `label %a, label %b, ...]` after '[': returns the count. */
static uint32_t label_list(ll_parser *p) {
  uint32_t n = 0;
  if (TOK->kind != LT_RSQ) {
    do { label_op(p); n++; } while (mssa__ll_eat(p, LT_COMMA));
  }
  mssa__ll_expect(p, LT_RSQ, "']' at end of block list");
  return n;
}

/* `, align N` / `, !md` continuation: consumes a comma; returns 1 when the
** comma introduces metadata attachments (left for the caller). */
static int comma_md(ll_parser *p) {
  mssa__ll_next(p);
  return TOK->kind == LT_MDVAR;
}

static uint32_t parse_align(ll_parser *p) {
  uint32_t off = TOK->off;
  uint64_t a = mssa__ll_uint(p, "alignment");
  if (a == 0 || (a & (a - 1)) || a > (1ull << 32)) mssa__ll_err(p, off, "alignment is not a power of two");
  if (a > 0xffffffffu) a = 0x80000000u;
  return (uint32_t)a;
}

static int ordering(ll_parser *p, int required) {
  if (mssa__ll_eat_kw(p, LL_KW_syncscope)) {
    mssa__ll_expect(p, LT_LPAREN, "'(' in syncscope");
    mssa__ll_expect(p, LT_STRING, "syncscope name");
    mssa__ll_expect(p, LT_RPAREN, "')' in syncscope");
  }
  if (TOK->kind == LT_KW) {
    int o = -1;
    switch (TOK->kw) {
    case LL_KW_unordered: o = MSSA_AO_UNORDERED; break;
    case LL_KW_monotonic: o = MSSA_AO_MONOTONIC; break;
    case LL_KW_acquire: o = MSSA_AO_ACQUIRE; break;
    case LL_KW_release: o = MSSA_AO_RELEASE; break;
    case LL_KW_acq_rel: o = MSSA_AO_ACQREL; break;
    case LL_KW_seq_cst: o = MSSA_AO_SEQCST; break;
    default: break;
    }
    if (o >= 0) { mssa__ll_next(p); return o; }
  }
  if (required) mssa__ll_err(p, TOK->off, "Expected ordering on atomic instruction");
  return MSSA_AO_NOTATOMIC;
}

static uint32_t ptr_to(ll_parser *p, uint32_t ty, uint32_t as) { return mssa__ll_ptr_type(p, ty, as); }

/* Per call argument, the parser's stack holds its type, attribute bits
** and capture components. */
enum { CALL_ARG_WORDS = 3 };

/* The argument list after '(' through ')': operands pushed, per argument
** CALL_ARG_WORDS words on p->stk. Returns the count. */
static uint32_t call_args(ll_parser *p) {
  uint32_t stk0 = p->stk.n;
  if (TOK->kind != LT_RPAREN) {
    for (;;) {
      if (mssa__ll_eat(p, LT_DOTS)) break;   /* musttail varargs forwarding */
      uint32_t at = mssa__ll_type(p);
      ll_attrs a;
      mssa__ll_attrs_init(&a);
      mssa__ll_attrs(p, MSSA__ATTR_PARAM, &a);
      push_op(p, mssa__ll_value(p, at));
      mssa_vec_push(&p->stk, at);
      mssa_vec_push(&p->stk, a.bits);
      mssa_vec_push(&p->stk, a.caps);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RPAREN, "')' at end of argument list");
  return (p->stk.n - stk0) / CALL_ARG_WORDS;
}

/* `[ "tag"(values...), ... ]` operand bundles (not kept). */
static void call_bundles(ll_parser *p, mssa_inst *ins) {
  mssa__ll_next(p);
  ins->flags |= MSSA_IF_BUNDLES;
  if (TOK->kind != LT_RSQ) {
    for (;;) {
      mssa__ll_expect(p, LT_STRING, "operand bundle tag");
      mssa__ll_expect(p, LT_LPAREN, "'(' in operand bundle");
      p->stk.n -= mssa__ll_tvalue_list(p, LT_RPAREN);
      mssa__ll_expect(p, LT_RPAREN, "')' in operand bundle");
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RSQ, "']' at end of operand bundles");
}

/* Arguments, fn attrs, bundles of call/invoke/callbr. Fills ins->aux (fn
** type), ins->type, ins->attrs. Operands pushed: callee, args. */
static void call_common(ll_parser *p, mssa_inst *ins) {
  mssa_module *m = p->m;
  mssa__ll_flags(p);
  mssa__ll_opt_cc(p);
  ll_attrs ret, fn;
  mssa__ll_attrs_init(&ret);
  mssa__ll_attrs_init(&fn);
  mssa__ll_attrs(p, MSSA__ATTR_RET, &ret);
  mssa__ll_opt_addrspace(p, 0);
  uint32_t toff = TOK->off;
  uint32_t ty = mssa__ll_type(p);
  uint32_t fty = m->types.a[ty].kind == MSSA_T_FUNC ? ty : MSSA_NONE;
  uint32_t rty = fty != MSSA_NONE ? m->types.a[fty].elem : ty;
  if (rty != m->t_void && (m->types.a[rty].kind == MSSA_T_LABEL || m->types.a[rty].kind == MSSA_T_METADATA))
    mssa__ll_err(p, toff, "invalid result type");
  mssa_val callee = mssa__ll_value(p, fty != MSSA_NONE ? ptr_to(p, fty, 0) : p->t_ptr0);
  push_op(p, callee);
  if (MSSA_VAL_KIND(callee) == MSSA_VK_ASM) ins->flags |= MSSA_IF_INLINEASM;
  mssa__ll_expect(p, LT_LPAREN, "'(' in call");
  uint32_t stk0 = p->stk.n;
  uint32_t nargs = call_args(p);
  if (fty == MSSA_NONE) {
    uint32_t s1 = p->stk.n;
    for (uint32_t i = 0; i < nargs; i++) mssa_vec_push(&p->stk, p->stk.a[stk0 + CALL_ARG_WORDS * i]);
    fty = mssa__ll_func_type(p, rty, p->stk.a + s1, nargs, 0);
    p->stk.n = s1;
  }
  if (MSSA_VAL_KIND(callee) == MSSA_VK_ASM) mssa__ll_asm_verify(p, fty);
  mssa__ll_attrs(p, MSSA__ATTR_FN, &fn);
  if (TOK->kind == LT_LSQ) call_bundles(p, ins);
  /* (bits, captures) per argument, as mssa__ll_attrlist wants them */
  for (uint32_t i = 0; i < nargs; i++) {
    p->stk.a[stk0 + 2 * i] = p->stk.a[stk0 + CALL_ARG_WORDS * i + 1];
    p->stk.a[stk0 + 2 * i + 1] = p->stk.a[stk0 + CALL_ARG_WORDS * i + 2];
  }
  ins->attrs = mssa__ll_attrlist(p, &fn, ret.bits, p->stk.a + stk0, nargs);
  p->stk.n = stk0;
  ins->aux = fty;
  ins->type = rty;
}

/* `within none` / `within %pad` and `[args]` of catchpad/cleanuppad. */
static void pad_args(ll_parser *p) {
  mssa__ll_expect(p, LT_LSQ, "'[' here");
  uint32_t n = mssa__ll_tvalue_list(p, LT_RSQ);
  for (uint32_t i = p->stk.n - n; i < p->stk.n; i++) push_op(p, p->stk.a[i]);
  p->stk.n -= n;
  mssa__ll_expect(p, LT_RSQ, "']' here");
}

static uint32_t token_type(ll_parser *p) {
  mssa_type t;
  memset(&t, 0, sizeof t);
  t.kind = MSSA_T_TOKEN;
  t.elem = t.name = t.offsets = MSSA_NONE;
  return mssa__ll_intern_type(p, &t, NULL);
}

static void pad_parent(ll_parser *p) {
  mssa__ll_expect_kw(p, LL_KW_within);
  push_op(p, mssa__ll_value(p, token_type(p)));
}

static int unwind_dest(ll_parser *p) {
  mssa__ll_expect_kw(p, LL_KW_unwind);
  if (mssa__ll_eat_kw(p, LL_KW_to)) { mssa__ll_expect_kw(p, LL_KW_caller); return 0; }
  label_op(p);
  return 1;
}

/* At a ',': ` align N` read from the raw text when written as LLVM prints
** it (one space each, N a power of two of at most 10 digits followed by
** neither a name character nor ':'). Returns 1 with ins->align set and the
** current token the one after N; 0 with nothing consumed for any other
** form (a bad alignment included), which the token path reads and reports. */
static int fast_align(ll_parser *p, mssa_inst *ins) {
  ll_tok *t = TOK;
  const char *x = p->m->text, *q = x + t->end;
  if (!MSSA__LL_HAS(q, " align ")) return 0;   /* stops at the text's NUL */
  const char *d = q + 7, *e = d;
  uint64_t a = 0;
  while (e - d < 10 && *e >= '0' && *e <= '9') a = a * 10 + (uint64_t)(*e++ - '0');
  if (e == d || mssa__ll_name_char(*e) || *e == ':' || a == 0 || (a & (a - 1)) || a > (1ull << 32))
    return 0;
  ins->align = a > 0xffffffffu ? 0x80000000u : (uint32_t)a;
  p->lx.pos = (size_t)(e - x);
  t->end = (uint32_t)(e - x);
  mssa__ll_next(p);
  return 1;
}

/* `, align N` then an optional attachment list, after a memory operation.
** Returns 1 when metadata attachments follow (comma consumed). */
static int align_tail(ll_parser *p, mssa_inst *ins) {
  while (TOK->kind == LT_COMMA) {
    if (fast_align(p, ins)) continue;
    if (comma_md(p)) return 1;
    if (mssa__ll_eat_kw(p, LL_KW_align)) ins->align = parse_align(p);
    else mssa__ll_err(p, TOK->off, "expected metadata after comma");
  }
  return 0;
}

/* Each instruction family has one parser: it gets the opcode keyword
** (already consumed) and its offset, fills *ins and pushes the operands;
** it returns 1 when metadata attachments follow (comma consumed). */
typedef int (*inst_family)(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off);

/* `T v, label %dest` (switch condition and cases). */
static void value_label(ll_parser *p, const char *comma) {
  uint32_t ty;
  tv_op(p, &ty);
  mssa__ll_expect(p, LT_COMMA, comma);
  label_op(p);
}

/* ret, br, switch, indirectbr, unreachable */
static int parse_branch(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  mssa_module *m = p->m;
  uint32_t ty;
  switch (kw) {
  case LL_KW_ret: {
    ins->opcode = MSSA_OP_RET;
    uint32_t toff = TOK->off;
    ty = mssa__ll_type(p);
    if (p->f && ty != m->types.a[p->f->type].elem) {
      char b[128];
      mssa__ll_type_str(p, m->types.a[p->f->type].elem, b, sizeof b);
      mssa__ll_err(p, toff, "value doesn't match function result type '%s'", b);
    }
    if (ty != m->t_void) push_op(p, mssa__ll_value(p, ty));
    return 0;
  }
  case LL_KW_br:
    ins->opcode = MSSA_OP_BR;
    if (mssa__ll_is_kw(p, LL_KW_label)) { label_op(p); return 0; }
    tv_op(p, &ty);
    if (ty != m->t_i1) mssa__ll_err(p, off, "branch condition must have 'i1' type");
    mssa__ll_expect(p, LT_COMMA, "',' after branch condition");
    label_op(p);
    mssa__ll_expect(p, LT_COMMA, "',' after true destination");
    label_op(p);
    return 0;
  case LL_KW_switch:
    ins->opcode = MSSA_OP_SWITCH;
    value_label(p, "',' after switch condition");
    mssa__ll_expect(p, LT_LSQ, "'[' with switch table");
    while (TOK->kind != LT_RSQ) value_label(p, "',' after case value");
    mssa__ll_next(p);
    return 0;
  case LL_KW_indirectbr:
    ins->opcode = MSSA_OP_INDIRECTBR;
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after indirectbr address");
    mssa__ll_expect(p, LT_LSQ, "'[' with indirectbr");
    label_list(p);
    return 0;
  default:
    ins->opcode = MSSA_OP_UNREACHABLE;
    return 0;
  }
}

/* call (tail, musttail, notail), invoke, callbr */
/* LLVM 14's commonest call in -g code, written as its printer writes it:
**   call void @llvm.dbg.declare(metadata T %x, metadata !N, metadata !DIExpression()), !dbg ...
** with T %x free of quotes and brackets. At the `void` after `call`: the
** whole call read with the calls and in the order call_common makes them
** (callee, the first operand through mssa__ll_md_value, the node reference,
** the inline expression node, the function type, an attribute list), so
** every id comes out the same; the raw text is matched before anything is
** consumed. Returns 0 with nothing consumed for any other text. */
static int fast_dbg_declare(ll_parser *p, mssa_inst *ins) {
  static const char head[] = "void @llvm.dbg.declare(metadata ";
  static const char expr[] = ", metadata !DIExpression()), !";
  enum { HEAD = sizeof head - 1, NAME = 5, NAMELEN = 16, EXPR = sizeof expr - 1 };
  ll_tok *t = TOK;
  const char *x = p->m->text, *s = x + t->off;
  if (t->kind != LT_KW || t->kw != LL_KW_void || !mssa__ll_has(s, head, HEAD)) return 0;
  /* the first operand: up to the first comma, nothing that nests or quotes */
  static const unsigned char stop[256] = {
    [0] = 1, [','] = 1, ['\n'] = 1, ['"'] = 1, ['('] = 1, [')'] = 1, ['['] = 1, [']'] = 1,
    ['{'] = 1, ['}'] = 1, ['<'] = 1, ['>'] = 1, [';'] = 1,
  };
  const char *c = s + HEAD;
  while (!stop[(unsigned char)*c]) c++;
  if (!MSSA__LL_HAS(c, ", metadata !")) return 0;
  const char *d = c + 12, *e = d;
  uint32_t n = 0;
  while (e - d < 9 && *e >= '0' && *e <= '9') n = n * 10 + (uint32_t)(*e++ - '0');
  if (e == d || !mssa__ll_has(e, expr, EXPR)) return 0;
  /* committed: what call_common would do, in its order */
  mssa_module *m = p->m;
  ll_tok k;
  memset(&k, 0, sizeof k);
  k.kind = LT_GLOBAL;
  k.off = t->off + NAME;
  k.toff = k.off + 1;
  k.tlen = NAMELEN;
  k.end = k.toff + NAMELEN;
  push_op(p, mssa__ll_global_ref(p, &k));
  p->lx.pos = t->off + HEAD;
  t->end = t->off + HEAD - 1;            /* prev_end: the end of `metadata` */
  mssa__ll_next(p);
  push_op(p, mssa__ll_md_value(p));
  if (TOK->off != (uint32_t)(c - x)) mssa__ll_expect(p, LT_RPAREN, "')' at end of argument list");
  push_op(p, MSSA_VAL(MSSA_VK_META, mssa__ll_md_ref(p, n, (uint32_t)(d - 1 - x))));
  uint32_t eoff = (uint32_t)(e - x) + 11;  /* the `!` of `!DIExpression()` */
  push_op(p, MSSA_VAL(MSSA_VK_META, mssa__ll_md_empty_di(p, eoff, 12)));
  if (!p->dbg_decl_fty) {
    uint32_t md3[3] = {m->t_md, m->t_md, m->t_md};
    p->dbg_decl_fty = mssa__ll_func_type(p, m->t_void, md3, 3, 0) + 1;
  }
  ll_attrs none;
  mssa__ll_attrs_init(&none);
  uint32_t params[6];
  for (int i = 0; i < 3; i++) params[2 * i] = none.bits, params[2 * i + 1] = none.caps;
  ins->attrs = mssa__ll_attrlist(p, &none, none.bits, params, 3);
  ins->aux = p->dbg_decl_fty - 1;
  ins->type = m->t_void;
  p->lx.pos = eoff + 16;                 /* past `!DIExpression())`: at the comma */
  t->end = (uint32_t)p->lx.pos;
  mssa__ll_next(p);
  return 1;
}

static int parse_call(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  (void)off;
  switch (kw) {
  case LL_KW_invoke:
    ins->opcode = MSSA_OP_INVOKE;
    call_common(p, ins);
    mssa__ll_expect_kw(p, LL_KW_to);
    label_op(p);
    mssa__ll_expect_kw(p, LL_KW_unwind);
    label_op(p);
    return 0;
  case LL_KW_callbr:
    ins->opcode = MSSA_OP_CALLBR;
    call_common(p, ins);
    mssa__ll_expect_kw(p, LL_KW_to);
    label_op(p);
    mssa__ll_expect(p, LT_LSQ, "'[' in callbr");
    ins->aux2 = label_list(p);
    return 0;
  case LL_KW_tail: case LL_KW_musttail: case LL_KW_notail:
    if (kw != LL_KW_notail) ins->flags |= MSSA_IF_TAIL;
    mssa__ll_expect_kw(p, LL_KW_call);
    break;
  default:
    if (fast_dbg_declare(p, ins)) {
      ins->opcode = MSSA_OP_CALL;
      return 0;
    }
    break;
  }
  ins->opcode = MSSA_OP_CALL;
  call_common(p, ins);
  return 0;
}

/* Exception handling: resume, cleanupret, catchret, catchswitch,
** catchpad, cleanuppad, landingpad */
static int parse_eh(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  (void)off;
  uint32_t ty;
  switch (kw) {
  case LL_KW_resume:
    ins->opcode = MSSA_OP_RESUME;
    tv_op(p, &ty);
    return 0;
  case LL_KW_cleanupret: case LL_KW_catchret:
    ins->opcode = kw == LL_KW_cleanupret ? MSSA_OP_CLEANUPRET : MSSA_OP_CATCHRET;
    mssa__ll_expect_kw(p, LL_KW_from);
    push_op(p, mssa__ll_value(p, token_type(p)));
    if (kw == LL_KW_cleanupret) {
      unwind_dest(p);
    } else {
      mssa__ll_expect_kw(p, LL_KW_to);
      label_op(p);
    }
    return 0;
  case LL_KW_catchswitch:
    ins->opcode = MSSA_OP_CATCHSWITCH;
    pad_parent(p);
    mssa__ll_expect(p, LT_LSQ, "'[' with catchswitch labels");
    do label_op(p); while (mssa__ll_eat(p, LT_COMMA));
    mssa__ll_expect(p, LT_RSQ, "']' after catchswitch labels");
    ins->aux = (uint32_t)unwind_dest(p);
    ins->type = token_type(p);
    return 0;
  case LL_KW_catchpad: case LL_KW_cleanuppad:
    ins->opcode = kw == LL_KW_catchpad ? MSSA_OP_CATCHPAD : MSSA_OP_CLEANUPPAD;
    pad_parent(p);
    pad_args(p);
    ins->type = token_type(p);
    return 0;
  default:
    ins->opcode = MSSA_OP_LANDINGPAD;
    ins->type = mssa__ll_type(p);
    mssa__ll_eat_kw(p, LL_KW_cleanup);
    while (mssa__ll_is_kw(p, LL_KW_catch) || mssa__ll_is_kw(p, LL_KW_filter)) {
      mssa__ll_next(p);
      tv_op(p, &ty);
    }
    return 0;
  }
}

static int parse_alloca(ll_parser *p, mssa_inst *ins) {
  mssa_module *m = p->m;
  ins->opcode = MSSA_OP_ALLOCA;
  while (mssa__ll_eat_kw(p, LL_KW_inalloca) ||
         (TOK->kind == LT_IDENT && TOK->tlen == 10 && memcmp(m->text + TOK->toff, "swifterror", 10) == 0 &&
          (mssa__ll_next(p), 1))) {}
  uint32_t ty = mssa__ll_type(p), ty2;
  ins->aux = ty;
  uint32_t as = 0;
  int md = 0;
  while (TOK->kind == LT_COMMA) {
    if (fast_align(p, ins)) continue;
    if ((md = comma_md(p))) break;
    if (mssa__ll_eat_kw(p, LL_KW_align)) ins->align = parse_align(p);
    else if (mssa__ll_is_kw(p, LL_KW_addrspace)) as = mssa__ll_opt_addrspace(p, 0);
    else if (p->f->ops.n == ins->ops) tv_op(p, &ty2);
    else mssa__ll_err(p, TOK->off, "expected metadata after comma");
  }
  ins->type = ptr_to(p, ty, as);
  return md;
}

static int parse_gep(ll_parser *p, mssa_inst *ins, uint32_t off) {
  (void)off;
  mssa_func *f = p->f;
  ins->opcode = MSSA_OP_GEP;
  ins->opflags = (uint16_t)mssa__ll_gep_flags(p);
  ins->flags |= (uint8_t)(ins->opflags & MSSA_IF_INBOUNDS);
  uint32_t src = mssa__ll_type(p), ty, ty2;
  ins->aux = src;
  mssa__ll_expect(p, LT_COMMA, "comma after getelementptr's type");
  uint32_t boff = TOK->off;
  tv_op(p, &ty);
  uint32_t stk0 = p->stk.n;
  int md = 0;
  while (TOK->kind == LT_COMMA) {
    if ((md = comma_md(p))) break;
    tv_op(p, &ty2);
    mssa_vec_push(&p->stk, ty2);
  }
  uint32_t nidx = p->stk.n - stk0;
  ins->type = mssa__ll_gep_result(p, src, ty, f->ops.a + f->ops.n - nidx, nidx, p->stk.a + stk0, boff);
  p->stk.n = stk0;
  return md;
}

/* The operation word of atomicrmw -> MSSA_RMW_*. */
static int rmw_op(ll_parser *p) {
  static const struct { uint16_t kw; uint32_t syntax; } ops[MSSA_RMW_COUNT_] = {
    [MSSA_RMW_XCHG] = {LL_KW_xchg, 0}, [MSSA_RMW_ADD] = {LL_KW_add, 0},
    [MSSA_RMW_SUB] = {LL_KW_sub, 0}, [MSSA_RMW_AND] = {LL_KW_and, 0},
    [MSSA_RMW_NAND] = {LL_KW_nand, 0}, [MSSA_RMW_OR] = {LL_KW_or, 0},
    [MSSA_RMW_XOR] = {LL_KW_xor, 0}, [MSSA_RMW_MAX] = {LL_KW_max, 0},
    [MSSA_RMW_MIN] = {LL_KW_min, 0}, [MSSA_RMW_UMAX] = {LL_KW_umax, 0},
    [MSSA_RMW_UMIN] = {LL_KW_umin, 0}, [MSSA_RMW_FADD] = {LL_KW_fadd, 0},
    [MSSA_RMW_FSUB] = {LL_KW_fsub, 0}, [MSSA_RMW_FMAX] = {LL_KW_fmax, 0},
    [MSSA_RMW_FMIN] = {LL_KW_fmin, 0},
    [MSSA_RMW_UINC_WRAP] = {LL_KW_uinc_wrap, MSSA_SYN_RMW_WRAP},
    [MSSA_RMW_UDEC_WRAP] = {LL_KW_udec_wrap, MSSA_SYN_RMW_WRAP},
    [MSSA_RMW_FMAXIMUM] = {LL_KW_fmaximum, MSSA_SYN_RMW_SAT},
    [MSSA_RMW_FMINIMUM] = {LL_KW_fminimum, MSSA_SYN_RMW_SAT},
    [MSSA_RMW_USUB_COND] = {LL_KW_usub_cond, MSSA_SYN_RMW_SAT},
    [MSSA_RMW_USUB_SAT] = {LL_KW_usub_sat, MSSA_SYN_RMW_SAT},
    [MSSA_RMW_FMAXIMUMNUM] = {LL_KW_fmaximumnum, MSSA_SYN_RMW_NUM},
    [MSSA_RMW_FMINIMUMNUM] = {LL_KW_fminimumnum, MSSA_SYN_RMW_NUM},
  };
  if (TOK->kind == LT_KW)
    for (int r = 0; r < MSSA_RMW_COUNT_; r++)
      if (TOK->kw == ops[r].kw) {
        mssa__ll_saw(p, ops[r].syntax);
        mssa__ll_next(p);
        return r;
      }
  mssa__ll_err(p, TOK->off, "expected binary operation in atomicrmw");
}

/* load, store, cmpxchg, atomicrmw: a pointer operand, then orderings and
** `, align N` */
static int parse_access(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  uint32_t ty, ty2, ty3;
  int atomic = 0;
  switch (kw) {
  case LL_KW_load:
    ins->opcode = MSSA_OP_LOAD;
    atomic = mssa__ll_eat_kw(p, LL_KW_atomic);
    if (mssa__ll_eat_kw(p, LL_KW_volatile)) ins->flags |= MSSA_IF_VOLATILE;
    ins->type = mssa__ll_type(p);
    mssa__ll_expect(p, LT_COMMA, "comma after load's type");
    tv_op(p, &ty);
    if (!mssa__ll_is_ptr(p, ty)) mssa__ll_err(p, off, "load operand must be a pointer");
    break;
  case LL_KW_store:
    ins->opcode = MSSA_OP_STORE;
    atomic = mssa__ll_eat_kw(p, LL_KW_atomic);
    if (mssa__ll_eat_kw(p, LL_KW_volatile)) ins->flags |= MSSA_IF_VOLATILE;
    tv_op(p, &ty);
    ins->aux = ty;
    mssa__ll_expect(p, LT_COMMA, "',' after store operand");
    tv_op(p, &ty2);
    if (!mssa__ll_is_ptr(p, ty2)) mssa__ll_err(p, off, "store operand must be a pointer");
    break;
  case LL_KW_cmpxchg: {
    ins->opcode = MSSA_OP_CMPXCHG;
    if (mssa__ll_eat_kw(p, LL_KW_weak)) ins->flags |= MSSA_IF_WEAK;
    if (mssa__ll_eat_kw(p, LL_KW_volatile)) ins->flags |= MSSA_IF_VOLATILE;
    tv_op(p, &ty);
    if (!mssa__ll_is_ptr(p, ty)) mssa__ll_err(p, off, "cmpxchg operand must be a pointer");
    mssa__ll_expect(p, LT_COMMA, "',' after cmpxchg address");
    tv_op(p, &ty2);
    mssa__ll_expect(p, LT_COMMA, "',' after cmpxchg cmp operand");
    tv_op(p, &ty3);
    ins->ordering = (uint8_t)ordering(p, 1);
    ordering(p, 1);
    uint32_t fl[2] = {ty2, p->m->t_i1};
    ins->type = mssa__ll_struct_type(p, fl, 2, 0);
    break;
  }
  default:
    ins->opcode = MSSA_OP_ATOMICRMW;
    if (mssa__ll_eat_kw(p, LL_KW_volatile)) ins->flags |= MSSA_IF_VOLATILE;
    ins->aux = (uint32_t)rmw_op(p);
    tv_op(p, &ty);
    if (!mssa__ll_is_ptr(p, ty)) mssa__ll_err(p, off, "atomicrmw operand must be a pointer");
    mssa__ll_expect(p, LT_COMMA, "',' after atomicrmw address");
    tv_op(p, &ty2);
    ins->type = ty2;
    atomic = 1;
    break;
  }
  if (atomic) ins->ordering = (uint8_t)ordering(p, 1);
  return align_tail(p, ins);
}

/* alloca, getelementptr, fence, and the accesses */
static int parse_memory(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  switch (kw) {
  case LL_KW_alloca: return parse_alloca(p, ins);
  case LL_KW_getelementptr: return parse_gep(p, ins, off);
  case LL_KW_fence:
    ins->opcode = MSSA_OP_FENCE;
    ins->ordering = (uint8_t)ordering(p, 1);
    return 0;
  default: return parse_access(p, ins, kw, off);
  }
}

/* Binary operators, casts, fneg, icmp/fcmp, freeze, select, va_arg */
static int parse_arith(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  (void)off;
  uint32_t ty, ty2;
  int op;
  if ((op = mssa__ll_kw_binop(kw)) || kw == LL_KW_fneg) {
    ins->opflags = (uint16_t)mssa__ll_flags(p);
    ins->opcode = (uint16_t)(op ? op : MSSA_OP_FNEG);
    tv_op(p, &ty);
    if (op) {
      mssa__ll_expect(p, LT_COMMA, "',' in arithmetic operation");
      push_op(p, mssa__ll_value(p, ty));
    }
    ins->type = ty;
    return 0;
  }
  if ((op = mssa__ll_kw_castop(kw))) {
    ins->opcode = (uint16_t)op;
    ins->opflags = (uint16_t)mssa__ll_flags(p);
    if (op == MSSA_OP_TRUNC && (ins->opflags & (MSSA_OF_NUW | MSSA_OF_NSW))) mssa__ll_saw(p, MSSA_SYN_TRUNC_WRAP);
    if (op == MSSA_OP_PTRTOADDR) mssa__ll_saw(p, MSSA_SYN_PTRTOADDR);
    tv_op(p, &ty);
    mssa__ll_expect_kw(p, LL_KW_to);
    ins->type = mssa__ll_type(p);
    ins->aux = ty;
    return 0;
  }
  switch (kw) {
  case LL_KW_icmp: case LL_KW_fcmp:
    ins->opcode = kw == LL_KW_icmp ? MSSA_OP_ICMP : MSSA_OP_FCMP;
    ins->opflags = (uint16_t)mssa__ll_flags(p);
    ins->aux = mssa__ll_pred(p, kw == LL_KW_fcmp);
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after compare value");
    push_op(p, mssa__ll_value(p, ty));
    ins->type = mssa__ll_cmp_type(p, ty);
    return 0;
  case LL_KW_select:
    ins->opcode = MSSA_OP_SELECT;
    mssa__ll_flags(p);
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after select condition");
    tv_op(p, &ty2);
    mssa__ll_expect(p, LT_COMMA, "',' after select value");
    tv_op(p, &ty);
    ins->type = ty2;
    return 0;
  case LL_KW_va_arg:
    ins->opcode = MSSA_OP_VAARG;
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after vaarg operand");
    ins->type = mssa__ll_type(p);
    return 0;
  default:
    ins->opcode = MSSA_OP_FREEZE;
    tv_op(p, &ty);
    ins->type = ty;
    return 0;
  }
}

static int parse_phi(ll_parser *p, mssa_inst *ins) {
  ins->opcode = MSSA_OP_PHI;
  mssa__ll_flags(p);
  uint32_t ty = mssa__ll_type(p);
  ins->type = ty;
  for (;;) {
    mssa__ll_expect(p, LT_LSQ, "'[' in phi value list");
    push_op(p, mssa__ll_value(p, ty));
    mssa__ll_expect(p, LT_COMMA, "',' after insertelement value");
    ll_tok bt = *TOK;
    if (bt.kind != LT_LOCAL && bt.kind != LT_LOCALID) mssa__ll_err(p, bt.off, "expected a basic block");
    mssa__ll_next(p);
    push_op(p, MSSA_VAL(MSSA_VK_BLOCK, mssa__ll_block_ref(p, &bt)));
    mssa__ll_expect(p, LT_RSQ, "']' in phi value list");
    if (TOK->kind != LT_COMMA) return 0;
    if (comma_md(p)) return 1;
  }
}

/* extractvalue / insertvalue: constant indices after the operands */
static int parse_agg_index(ll_parser *p, mssa_inst *ins, unsigned kw) {
  uint32_t ty, ty2;
  ins->opcode = kw == LL_KW_extractvalue ? MSSA_OP_EXTRACTVALUE : MSSA_OP_INSERTVALUE;
  tv_op(p, &ty);
  uint32_t cur = ty;
  if (kw == LL_KW_insertvalue) {
    mssa__ll_expect(p, LT_COMMA, "',' after insertvalue operand");
    tv_op(p, &ty2);
  }
  int any = 0, md = 0;
  while (TOK->kind == LT_COMMA) {
    if ((md = comma_md(p))) break;
    mssa_val iv;
    cur = mssa__ll_agg_step(p, cur, &iv);
    push_op(p, iv);
    any = 1;
  }
  if (!any) mssa__ll_err(p, TOK->off, "expected index");
  ins->type = kw == LL_KW_extractvalue ? cur : ty;
  return md;
}

/* phi, vector element and shuffle operations, extractvalue/insertvalue */
static int parse_aggregate(ll_parser *p, mssa_inst *ins, unsigned kw, uint32_t off) {
  mssa_module *m = p->m;
  uint32_t ty, ty2, ty3;
  switch (kw) {
  case LL_KW_phi: return parse_phi(p, ins);
  case LL_KW_extractvalue: case LL_KW_insertvalue: return parse_agg_index(p, ins, kw);
  case LL_KW_extractelement:
    ins->opcode = MSSA_OP_EXTRACTELEMENT;
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after extract value");
    tv_op(p, &ty2);
    if (m->types.a[ty].kind != MSSA_T_VECTOR) mssa__ll_err(p, off, "invalid extractelement operands");
    ins->type = m->types.a[ty].elem;
    return 0;
  case LL_KW_insertelement:
    ins->opcode = MSSA_OP_INSERTELEMENT;
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after insertelement value");
    tv_op(p, &ty2);
    mssa__ll_expect(p, LT_COMMA, "',' after insertelement value");
    tv_op(p, &ty2);
    if (m->types.a[ty].kind != MSSA_T_VECTOR) mssa__ll_err(p, off, "invalid insertelement operands");
    ins->type = ty;
    return 0;
  default: {
    ins->opcode = MSSA_OP_SHUFFLEVECTOR;
    tv_op(p, &ty);
    mssa__ll_expect(p, LT_COMMA, "',' after shuffle mask");
    tv_op(p, &ty2);
    mssa__ll_expect(p, LT_COMMA, "',' after shuffle value");
    tv_op(p, &ty3);
    const mssa_type *a = &m->types.a[ty], *mk = &m->types.a[ty3];
    if (a->kind != MSSA_T_VECTOR || mk->kind != MSSA_T_VECTOR) mssa__ll_err(p, off, "invalid shufflevector operands");
    ins->type = mssa__ll_vec_type(p, a->elem, mk->count, !!(mk->flags & MSSA_TF_SCALABLE));
    return 0;
  }
  }
}

/* The family parser of an opcode keyword, or NULL. */
static inst_family family_of(unsigned kw) {
  if (mssa__ll_kw_binop(kw) || mssa__ll_kw_castop(kw)) return parse_arith;
  switch (kw) {
  case LL_KW_ret: case LL_KW_br: case LL_KW_switch: case LL_KW_indirectbr: case LL_KW_unreachable:
    return parse_branch;
  case LL_KW_call: case LL_KW_tail: case LL_KW_musttail: case LL_KW_notail: case LL_KW_invoke:
  case LL_KW_callbr:
    return parse_call;
  case LL_KW_resume: case LL_KW_cleanupret: case LL_KW_catchret: case LL_KW_catchswitch:
  case LL_KW_catchpad: case LL_KW_cleanuppad: case LL_KW_landingpad:
    return parse_eh;
  case LL_KW_alloca: case LL_KW_load: case LL_KW_store: case LL_KW_getelementptr:
  case LL_KW_fence: case LL_KW_cmpxchg: case LL_KW_atomicrmw:
    return parse_memory;
  case LL_KW_fneg: case LL_KW_icmp: case LL_KW_fcmp: case LL_KW_select: case LL_KW_va_arg:
  case LL_KW_freeze:
    return parse_arith;
  case LL_KW_phi: case LL_KW_extractelement: case LL_KW_insertelement: case LL_KW_shufflevector:
  case LL_KW_extractvalue: case LL_KW_insertvalue:
    return parse_aggregate;
  default: return NULL;
  }
}

/* Parses one instruction's opcode and operands into *ins. Returns 1 when
** metadata attachments follow (comma already consumed). */
static int parse_inst_body(ll_parser *p, mssa_inst *ins) {
  ll_tok *t = TOK;
  uint32_t off = t->off;
  if (t->kind != LT_KW) {
    if (t->kind == LT_ERROR) mssa__ll_err(p, t->off, "%s", p->lx.msg);
    mssa__ll_err(p, off, "expected instruction opcode");
  }
  unsigned kw = t->kw;
  inst_family fam = family_of(kw);
  if (!fam) mssa__ll_err(p, off, "expected instruction opcode");
  ins->type = p->m->t_void;
  mssa__ll_next(p);
  return fam(p, ins, kw, off);
}

/* Defines local `key` as value v (type ty); resolves a pending forward ref. */
static void define_local(ll_parser *p, const ll_tok *nt, uint64_t key, mssa_val v, uint32_t ty) {
  uint32_t old = mssa__ll_local_get(p, key);
  if (old != MSSA_NONE) {
    if (MSSA_VAL_KIND(old) == LL_VK_FWDL) {
      MSSA_ASSERT(MSSA_VAL_INDEX(old) < p->lfwd.n); /* reader_internal.h invariant 2 */
      ll_fwd *fw = &p->lfwd.a[MSSA_VAL_INDEX(old)];
      mssa_module *m = p->m;
      if (fw->type != ty && !(m->types.a[fw->type].kind == MSSA_T_PTR && m->types.a[ty].kind == MSSA_T_PTR)) {
        char a[128], b[128];
        mssa__ll_type_str(p, ty, a, sizeof a);
        mssa__ll_type_str(p, fw->type, b, sizeof b);
        mssa__ll_err(p, fw->off, "'%.*s' defined with type '%s' but expected '%s'",
                     (int)(nt->end - nt->off), m->text + nt->off, a, b);
      }
      fw->val = v;
    } else if (MSSA_VAL_KIND(old) == MSSA_VK_BLOCK) {
      mssa__ll_err(p, nt->off, "instruction forward referenced with type 'label'");
    } else {
      mssa__ll_err(p, nt->off, "multiple definition of local value named '%.*s'",
                   (int)(nt->end - nt->off - 1), p->m->text + nt->off + 1);
    }
  }
  mssa__ll_local_put(p, key, v);
}

static uint32_t define_block(ll_parser *p) {
  mssa_func *f = p->f;
  ll_tok t = *TOK;
  uint64_t key;
  uint32_t name = MSSA_NONE, slot = MSSA_NONE;
  if (t.kind == LT_LABEL) {
    name = mssa__ll_name(p, &t);
    key = name;
    mssa__ll_next(p);
  } else {
    if (t.kind == LT_LABELID) {
      if (t.num != p->next_slot) mssa__ll_err(p, t.off, "label expected to be numbered '%u'", p->next_slot);
      mssa__ll_next(p);
    }
    slot = p->next_slot++;
    key = LL_NUMKEY(slot);
  }
  uint32_t v = mssa__ll_local_get(p, key);
  uint32_t bid;
  if (v == MSSA_NONE) {
    mssa_block b;
    memset(&b, 0, sizeof b);
    b.name = name;
    b.slot = slot;
    b.first = b.last = b.prev = b.next = MSSA_NONE;
    bid = f->blocks.n;
    mssa_vec_push(&f->blocks, b);
    mssa_vec_push(&p->bref, MSSA_NONE);
    mssa__ll_local_put(p, key, MSSA_VAL(MSSA_VK_BLOCK, bid));
  } else if (MSSA_VAL_KIND(v) == MSSA_VK_BLOCK && p->bref.a[MSSA_VAL_INDEX(v)] != MSSA_NONE) {
    bid = MSSA_VAL_INDEX(v);
    p->bref.a[bid] = MSSA_NONE;
    f->blocks.a[bid].slot = slot;
  } else if (MSSA_VAL_KIND(v) == LL_VK_FWDL) {
    char b[128];
    mssa__ll_type_str(p, p->lfwd.a[MSSA_VAL_INDEX(v)].type, b, sizeof b);
    mssa__ll_err(p, p->lfwd.a[MSSA_VAL_INDEX(v)].off, "'%%%s' defined with type 'label' but expected '%s'",
                 name != MSSA_NONE ? mssa_str(p->m, name) : "", b);
  } else {
    mssa__ll_err(p, t.off, "redefinition of label");
  }
  /* bref has one entry per block id; a block is linked into the layout
  ** once, at its definition (ir.h invariant 2). */
  MSSA_ASSERT(bid < f->blocks.n && p->bref.n == f->blocks.n && f->last_block != bid);
  mssa_block *b = &f->blocks.a[bid];
  b->prev = f->last_block;
  b->next = MSSA_NONE;
  if (f->last_block != MSSA_NONE) f->blocks.a[f->last_block].next = bid;
  else f->first_block = bid;
  f->last_block = bid;
  return bid;
}

/* Reads an optional `%name =` before an instruction and initialises *ins
** (owned by block `bid`, operands to start at the end of the pool). Returns
** 1 when a name was read, its token in *nt. */
int mssa__ll_inst_begin(ll_parser *p, mssa_inst *ins, uint32_t bid, ll_tok *nt) {
  int named = 0;
  if (TOK->kind == LT_LOCAL || TOK->kind == LT_LOCALID) {
    *nt = *TOK;
    named = 1;
    const char *q = p->m->text + TOK->end;
    if (q[0] == ' ' && q[1] == '=') {
      /* ` =` as written: the '=' token is skipped (prev_end becomes its end) */
      MSSA_EXPENSIVE_ASSERT(TOK->end + 2u <= p->lx.len);
      p->lx.pos = TOK->end + 2u;
      TOK->end += 2u;
      mssa__ll_next(p);
    } else {
      mssa__ll_next(p);
      mssa__ll_expect(p, LT_EQ, "'=' after instruction name");
    }
  }
  memset(ins, 0, sizeof *ins);
  ins->block = bid;
  ins->name = ins->slot = ins->attrs = MSSA_NONE;
  ins->md_tbaa = ins->md_scope = ins->md_noalias = ins->dbg = ins->mdatt = MSSA_NONE;
  ins->ops = p->f->ops.n;
  return named;
}

/* A metadata node operand of a debug record: its md index. */
static uint32_t record_node(ll_parser *p) {
  /* `, !DIExpression()` as LLVM prints it (every #dbg_declare of -O0
  ** code has one): the inline node made from the raw text, as
  ** mssa__ll_md_node would make it */
  const char *x = p->m->text + TOK->end;
  if (TOK->kind == LT_COMMA && MSSA__LL_HAS(x, " !DIExpression()") && (x[16] == ',' || x[16] == ')')) {
    uint32_t id = mssa__ll_md_empty_di(p, TOK->end + 1, 12);
    p->lx.pos = TOK->end + 16;           /* past `)`: prev_end is its end */
    TOK->end = (uint32_t)p->lx.pos;
    mssa__ll_next(p);
    return id;
  }
  mssa__ll_expect(p, LT_COMMA, "',' in debug record");
  ll_tok *t = TOK;
  if (!mssa__ll_at_md(p)) mssa__ll_err(p, t->off, "expected metadata operand");
  return mssa__ll_md_node(p);
}

/* A debug record (`#dbg_value(...)`, LLVM 19+): into the function's side
** table, attached to the instruction that follows (its id is the next). */
static void parse_record(ll_parser *p) {
  mssa_dbg_record r;
  r.inst = p->f->insts.n;
  r.kind = (uint32_t)TOK->num;
  r.expr = r.arg = r.assign_id = r.assign_addr = r.assign_expr = MSSA_NONE;
  r.addr = MSSA_VAL_NONE;
  r.text_off = TOK->off;
  mssa__ll_saw(p, MSSA_SYN_DBG_RECORD);
  mssa__ll_next(p);
  mssa__ll_expect(p, LT_LPAREN, "'(' in debug record");
  if (r.kind == MSSA_DBG_LABEL) {
    ll_tok *t = TOK;
    if (!mssa__ll_at_md(p)) mssa__ll_err(p, t->off, "expected metadata operand");
    r.var = mssa__ll_md_node(p);
  } else {
    r.arg = MSSA_VAL_INDEX(mssa__ll_md_value(p));
    r.var = record_node(p);
    r.expr = record_node(p);
    if (r.kind == MSSA_DBG_ASSIGN) {
      r.assign_id = record_node(p);
      mssa__ll_expect(p, LT_COMMA, "',' in debug record");
      r.assign_addr = MSSA_VAL_INDEX(mssa__ll_md_value(p));
      r.assign_expr = record_node(p);
    }
  }
  r.loc = record_node(p);
  mssa__ll_expect(p, LT_RPAREN, "')' at end of debug record");
  MSSA_ASSERT(p->lx.prev_end >= r.text_off); /* its span ends after it starts */
  r.text_len = p->lx.prev_end - r.text_off;
  mssa_vec_push(&p->f->dbg, r);
}

/* The values the records' location operands wrap (forward references are
** resolved by now). */
static void record_addresses(ll_parser *p, mssa_func *f) {
  const mssa_module *m = p->m;
  for (uint32_t k = 0; k < f->dbg.n; k++) {
    mssa_dbg_record *r = &f->dbg.a[k];
    if (r->arg != MSSA_NONE && m->md.a[r->arg].kind == MSSA_MD_VALUE) r->addr = m->md.a[r->arg].val;
  }
}

static void parse_block(ll_parser *p) {
  mssa_module *m = p->m;
  mssa_func *f = p->f;
  uint32_t bid = define_block(p);
  for (;;) {
    while (TOK->kind == LT_DBGREC) parse_record(p);
    uint32_t ioff = TOK->off;
    ll_tok nt;
    mssa_inst ins;
    int named = mssa__ll_inst_begin(p, &ins, bid, &nt);
    int md = parse_inst_body(p, &ins);
    if (!md && TOK->kind == LT_COMMA) {
      mssa__ll_next(p);
      md = 1;
    }
    if (md) mssa__ll_inst_md(p, &ins);
    /* invariant 2: the operands were pushed onto f->ops from ins.ops on;
    ** invariant 4: the text span runs from the first token to the last. */
    MSSA_ASSERT(ins.ops <= f->ops.n && p->lx.prev_end >= ioff);
    ins.nops = f->ops.n - ins.ops;
    ins.text_off = ioff;
    ins.text_len = p->lx.prev_end - ioff;
    uint32_t id = f->insts.n;
    if (id >= MSSA_MAX_INDEX) mssa__ll_err(p, ioff, "too many instructions");
    if (ins.type == m->t_void) {
      if (named) mssa__ll_err(p, nt.off, "instructions returning void cannot have a name");
    } else {
      uint64_t key;
      if (named && nt.kind == LT_LOCAL) {
        ins.name = mssa__ll_name(p, &nt);
        key = ins.name;
      } else {
        if (named && nt.num != p->next_slot)
          mssa__ll_err(p, nt.off, "instruction expected to be numbered '%%%u'", p->next_slot);
        ins.slot = p->next_slot++;
        key = LL_NUMKEY(ins.slot);
        if (!named) nt = *TOK, nt.off = nt.end = ioff;
      }
      define_local(p, &nt, key, MSSA_VAL(MSSA_VK_INST, id), ins.type);
    }
    mssa_block *b = &f->blocks.a[bid];
    MSSA_EXPENSIVE_ASSERT(ins.block == bid && id == f->insts.n); /* appended once complete */
    ins.prev = b->last;
    ins.next = MSSA_NONE;
    if (b->last != MSSA_NONE) f->insts.a[b->last].next = id;
    else b->first = id;
    b->last = id;
    mssa_vec_push(&f->insts, ins);
    if (mssa_opcode_is_terminator(ins.opcode)) return;
  }
}

static mssa_val fix(ll_parser *p, mssa_val v, const uint32_t *perm) {
  uint32_t k = MSSA_VAL_KIND(v);
  if (k == LL_VK_FWDL) {
    /* invariant 3: every forward value is resolved by now (else an error) */
    MSSA_ASSERT(MSSA_VAL_INDEX(v) < p->lfwd.n && p->lfwd.a[MSSA_VAL_INDEX(v)].val != MSSA_VAL_NONE);
    return p->lfwd.a[MSSA_VAL_INDEX(v)].val;
  }
  if (k == MSSA_VK_BLOCK) return MSSA_VAL(MSSA_VK_BLOCK, perm[MSSA_VAL_INDEX(v)]);
  return v;
}

static void finish_function(ll_parser *p) {
  mssa_module *m = p->m;
  mssa_func *f = p->f;
  uint32_t bad = UINT32_MAX;
  for (uint32_t i = 0; i < p->lfwd.n; i++)
    if (p->lfwd.a[i].val == MSSA_VAL_NONE && p->lfwd.a[i].off < bad) bad = p->lfwd.a[i].off;
  for (uint32_t i = 0; i < p->bref.n; i++)
    if (p->bref.a[i] != MSSA_NONE && p->bref.a[i] < bad) bad = p->bref.a[i];
  if (bad != UINT32_MAX) {
    const char *s = m->text + bad;
    size_t n = 1;
    if (s[1] == '"') { while (n < 200 && s[n + 1] && s[n + 1] != '"') n++; n += 2; }
    else while (n < 200 && (s[n] == '-' || s[n] == '$' || s[n] == '.' || s[n] == '_' ||
                            (s[n] >= '0' && s[n] <= '9') || ((s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z'))) n++;
    mssa__ll_err(p, bad, "use of undefined value '%.*s'", (int)n, s);
  }
  /* block ids -> layout order */
  uint32_t nb = f->blocks.n;
  uint32_t *perm = mssa_xmalloc((nb ? nb : 1) * sizeof(uint32_t));
  int identity = 1;
  {
    uint32_t k = 0;
    for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
      perm[b] = k;
      if (b != k) identity = 0;
      k++;
    }
    /* Every block was defined (an undefined one was an error above), so
    ** the layout holds each id once and perm is a permutation. */
    MSSA_ASSERT(k == nb);
  }
  if (!identity) {
    mssa_block *nbk = mssa_xmalloc(nb * sizeof(mssa_block));
    for (uint32_t b = 0; b < nb; b++) {
      mssa_block x = f->blocks.a[b];
      if (x.prev != MSSA_NONE) x.prev = perm[x.prev];
      if (x.next != MSSA_NONE) x.next = perm[x.next];
      nbk[perm[b]] = x;
    }
    memcpy(f->blocks.a, nbk, nb * sizeof(mssa_block));
    free(nbk);
    for (uint32_t i = 0; i < f->insts.n; i++) f->insts.a[i].block = perm[f->insts.a[i].block];
    f->first_block = 0;
    f->last_block = nb - 1;
  }
  if (p->lfwd.n || !identity) {
    for (uint32_t k = 0; k < f->ops.n; k++) f->ops.a[k] = fix(p, f->ops.a[k], perm);
    for (uint32_t k = p->md_mark; k < m->md.n; k++)
      if (m->md.a[k].kind == MSSA_MD_VALUE) m->md.a[k].val = fix(p, m->md.a[k].val, perm);
  }
  free(perm);
  f->entry = f->first_block;
  /* invariant 3: block ids follow layout order, id 0 is the entry */
  MSSA_ASSERT(nb >= 1 && f->entry == 0 && f->last_block == nb - 1);
  record_addresses(p, f);
}

/* Moves vector `src` into the empty vector `dst` (same element type). */
#define LL_MOVE_VEC(dst, src) \
  ((dst)->a = (src)->a, (dst)->cap = (src)->cap, (dst)->n = 0, (src)->a = NULL, (src)->cap = (src)->n = 0)
/* Gives scratch `src` its array back from `dst`, leaving in `dst` a copy of
** its elements at their exact size (invariant 5 of reader_internal.h). */
#define LL_KEEP_EXACT(dst, src)                                              \
  do {                                                                       \
    (src)->a = (dst)->a, (src)->cap = (dst)->cap, (src)->n = 0;              \
    (dst)->cap = (dst)->n;                                                   \
    (dst)->a = (dst)->n ? mssa_xmalloc((dst)->n * sizeof *(dst)->a) : NULL;  \
    if ((dst)->n) memcpy((dst)->a, (src)->a, (dst)->n * sizeof *(dst)->a);   \
  } while (0)

void mssa__ll_function_body(ll_parser *p) {
  mssa_module *m = p->m;
  mssa_func *f = &m->funcs.a[p->fidx];
  p->f = f;
  LL_MOVE_VEC(&f->insts, &p->scr_insts);
  LL_MOVE_VEC(&f->ops, &p->scr_ops);
  LL_MOVE_VEC(&f->blocks, &p->scr_blocks);
  mssa__ll_locals_clear(p);
  p->lfwd.n = 0;
  p->bref.n = 0;
  p->md_mark = m->md.n;
  for (uint32_t i = 0; i < f->nargs; i++) {
    mssa_arg *a = &f->args[i];
    uint64_t key = a->name != MSSA_NONE ? a->name : LL_NUMKEY(a->slot);
    if (mssa__ll_local_get(p, key) != MSSA_NONE)
      mssa__ll_err(p, f->head_off, "redefinition of argument '%%%s'", a->name != MSSA_NONE ? mssa_str(m, a->name) : "");
    mssa__ll_local_put(p, key, MSSA_VAL(MSSA_VK_ARG, i));
  }
  if (TOK->kind == LT_RBRACE) mssa__ll_err(p, TOK->off, "function body requires at least one basic block");
  do {
    parse_block(p);
  } while (TOK->kind != LT_RBRACE && TOK->kind != LT_EOF && TOK->kind != LT_ERROR);
  if (TOK->kind != LT_RBRACE) {
    if (TOK->kind == LT_ERROR) mssa__ll_err(p, TOK->off, "%s", p->lx.msg);
    mssa__ll_err(p, TOK->off, "expected instruction opcode");
  }
  finish_function(p);
  LL_KEEP_EXACT(&f->insts, &p->scr_insts);
  LL_KEEP_EXACT(&f->ops, &p->scr_ops);
  LL_KEEP_EXACT(&f->blocks, &p->scr_blocks);
  mssa__ll_next(p);
  p->f = NULL;
}

/* For ll_read_edit.c: parses one instruction body (after any `%x =`) into
** *ins, operands appended to p->f->ops; returns parse_inst_body's "a
** metadata list follows" flag. */
int mssa__ll_inst_body(ll_parser *p, mssa_inst *ins) { return parse_inst_body(p, ins); }
