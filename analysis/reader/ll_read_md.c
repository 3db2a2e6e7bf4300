/*
** ll_read_md.c -- metadata: numbered and named nodes, tuples, specialized
** DI nodes, metadata operands of calls, instruction/global/function
** attachments.
**
** Invariants:
**   1. `!N` maps to one md index for the whole module. A reference before the
**      definition allocates the index (kind TUPLE, no operands) and records
**      the reference offset in p->mdref; the definition fills the same index.
**      Any index still pending at the end of the module is an error there.
**   2. DILocation, DISubprogram, DIFile, DILexicalBlock(File) keep their
**      fields (what mssa_inst_source needs). Every specialized node keeps
**      its class name (tag), its source span, and its node-valued fields as
**      {field name, node} pairs in text order -- enough to rebuild LLVM's
**      operand order (mssa_md_node_operands) and so the printer's metadata
**      numbering. Other DI nodes are skipped with an iterative raw scan
**      (mssa__lex_skip_parens) that still registers every `!N` reference,
**      so skipping cannot recurse whatever the input; DILocation, the most
**      common node, has a raw fast path (from `!N = ` on when written as
**      LLVM prints it) that falls back to tokens. Every fast path makes
**      the token path's calls in its order, so the module is the same
**      byte for byte (tests/unit/test_reader_fast.c).
**   3. Inline nodes (`!{...}` inside `!{...}`, `!DIx(...)` as a field value)
**      nest through mssa__ll_enter, bounding the recursion.
**   4. Attachments used by the analysis (!tbaa !alias.scope !noalias !dbg)
**      are stored in their fields; all others go to the instruction's mdatt
**      tuple (and !invariant.load also sets MSSA_IF_INVARIANT_LOAD). Custom
**      kind names are recorded in order of first appearance (m->md_kinds).
*/
#include "reader/reader_internal.h"

#include <string.h>

#include "base/check.h"

static uint32_t new_md(ll_parser *p, uint8_t kind) {
  mssa_md d;
  memset(&d, 0, sizeof d);
  d.kind = kind;
  d.scope = d.file = d.str = d.dir = d.inlined_at = d.path = d.tag = MSSA_NONE;
  uint32_t id = p->m->md.n;
  if (id >= MSSA_MAX_INDEX) mssa__ll_err(p, p->lx.tok.off, "too many metadata nodes");
  mssa_vec_push(&p->m->md, d);
  mssa_vec_push(&p->mdref, MSSA_NONE);
  /* invariant 1: mdref holds one entry per md index */
  MSSA_EXPENSIVE_ASSERT(p->mdref.n == p->m->md.n);
  return id;
}

uint32_t mssa__ll_md_ref(ll_parser *p, uint32_t n, uint32_t off) {
  uint32_t id = mssa__ll_num_get(&p->mdmap, n);
  if (id != MSSA_NONE) return id;
  if (p->mdseed && n < p->mdseed->n && (id = p->mdseed->a[n]) != MSSA_NONE) return id;
  id = new_md(p, MSSA_MD_TUPLE);
  p->mdref.a[id] = off;
  mssa__ll_num_put(&p->mdmap, n, id);
  /* invariant 1: the reference allocated the index `!N` maps to, pending */
  MSSA_EXPENSIVE_ASSERT(mssa__ll_num_get(&p->mdmap, n) == id && p->mdref.a[id] != MSSA_NONE);
  return id;
}

static uint32_t md_num(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  if (t->kind != LT_INT || p->m->text[t->toff] == '-' || t->tlen > 9)
    mssa__ll_err(p, t->off, "expected metadata number");
  uint32_t v = 0;
  for (uint32_t i = 0; i < t->tlen; i++) v = v * 10 + (uint32_t)(p->m->text[t->toff + i] - '0');
  mssa__ll_next(p);
  return v;
}

static uint32_t parse_tuple_into(ll_parser *p, uint32_t id);

/* Interned field name; a small direct-mapped cache avoids rehashing the
** same few dozen names (`scope`, `file`, `type`, ...) for every node. */
static uint32_t field_name(ll_parser *p, uint32_t off, uint32_t len) {
  const char *s = p->m->text + off;
  uint32_t h = mssa__ll_spell_slot(s, len, LL_SPELL_SLOTS - 1);
  if (mssa__ll_spell_is(&p->fname_cache[h], s, len)) return p->fname_cache[h].id - 1;
  uint32_t id = mssa_strtab_intern(&p->m->strs, s, len);
  mssa__ll_spell_set(&p->fname_cache[h], s, len, id + 1);
  return id;
}

/* A field's node reference inside a skipped node: pushed on p->stk as a
** (field name id, node) pair; the caller moves the pairs to mdops. */
static void raw_ref(void *ctx, uint64_t n, uint32_t off, uint32_t foff, uint32_t flen) {
  ll_parser *p = ctx;
  uint32_t id = mssa__ll_md_ref(p, (uint32_t)n, off);
  mssa_vec_push(&p->stk, field_name(p, foff, flen));
  mssa_vec_push(&p->stk, id);
}

static void fields_to_ops(ll_parser *p, uint32_t id, uint32_t stk0) {
  mssa_module *m = p->m;
  /* invariant 2: {field name, node} pairs on the stack above stk0 */
  MSSA_EXPENSIVE_ASSERT(id < m->md.n && p->stk.n >= stk0 && (p->stk.n - stk0) % 2 == 0);
  uint32_t n = (p->stk.n - stk0) / 2;
  m->md.a[id].ops = m->mdops.n;
  m->md.a[id].nops = 2 * n;
  p->stk.n = stk0;
  if (!n) return; /* mdops.a may still be NULL: no pointer arithmetic on it */
  /* one capacity check for all the pairs */
  mssa_vec_reserve(&m->mdops, m->mdops.n + 2 * n);
  mssa_mdop *o = m->mdops.a + m->mdops.n;
  for (uint32_t i = 0; i < n; i++) {
    o[2 * i] = (mssa_mdop){MSSA_MDO_STRING, p->stk.a[stk0 + 2 * i]};
    o[2 * i + 1] = (mssa_mdop){MSSA_MDO_NODE, p->stk.a[stk0 + 2 * i + 1]};
  }
  m->mdops.n += 2 * n;
}
static uint32_t parse_special_into(ll_parser *p, uint32_t id);

/* At '!' or MDVAR: a node reference or inline node; returns the md index.
** `!"str"` becomes a STRING node. */
uint32_t mssa__ll_md_node(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  uint32_t off = t->off;
  if (t->kind == LT_MDREF) {
    uint32_t n = (uint32_t)t->num;
    mssa__ll_next(p);
    return mssa__ll_md_ref(p, n, off);
  }
  if (t->kind == LT_MDVAR) {
    mssa__ll_enter(p);
    uint32_t id = parse_special_into(p, new_md(p, MSSA_MD_OTHER_DI));
    mssa__ll_leave(p);
    return id;
  }
  if (t->kind != LT_EXCL) mssa__ll_err(p, off, "expected metadata operand");
  mssa__ll_next(p);
  t = &p->lx.tok;
  if (t->kind == LT_INT) return mssa__ll_md_ref(p, md_num(p), off);
  if (t->kind == LT_LBRACE) {
    mssa__ll_enter(p);
    uint32_t id = parse_tuple_into(p, new_md(p, MSSA_MD_TUPLE));
    mssa__ll_leave(p);
    return id;
  }
  if (t->kind == LT_STRING) {
    uint32_t s = mssa__ll_string(p, t);
    mssa__ll_next(p);
    uint32_t id = new_md(p, MSSA_MD_STRING);
    p->m->md.a[id].str = s;
    return id;
  }
  mssa__ll_err(p, t->off, "expected metadata operand");
}

/* A tuple operand: null, !"s", a node, or a typed value. */
static mssa_mdop md_operand(ll_parser *p) {
  mssa_mdop o = {MSSA_MDO_NULL, 0};
  ll_tok *t = &p->lx.tok;
  if (t->kind == LT_KW && t->kw == LL_KW_null) { mssa__ll_next(p); return o; }
  if (t->kind == LT_EXCL) {
    /* `!"s"` is a string operand, not a node */
    const char *q = p->m->text + t->end;
    if (*q == '"') {
      mssa__ll_next(p);
      o.kind = MSSA_MDO_STRING;
      o.idx = mssa__ll_string(p, &p->lx.tok);
      mssa__ll_next(p);
      return o;
    }
  }
  if (mssa__ll_at_md(p)) {
    o.kind = MSSA_MDO_NODE;
    o.idx = mssa__ll_md_node(p);
    return o;
  }
  uint32_t ty;
  o.kind = MSSA_MDO_VALUE;
  o.idx = mssa__ll_tvalue(p, &ty);
  return o;
}

/* At `{` (after '!'): operands into node `id`. */
static uint32_t parse_tuple_into(ll_parser *p, uint32_t id) {
  mssa_module *m = p->m;
  mssa__ll_expect(p, LT_LBRACE, "'{' here");
  uint32_t stk0 = p->stk.n;
  if (p->lx.tok.kind != LT_RBRACE) {
    for (;;) {
      mssa_mdop o = md_operand(p);
      mssa_vec_push(&p->stk, o.kind);
      mssa_vec_push(&p->stk, o.idx);
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RBRACE, "'}' at end of metadata node");
  MSSA_ASSERT(p->stk.n >= stk0 && (p->stk.n - stk0) % 2 == 0); /* {kind, idx} pairs */
  uint32_t n = (p->stk.n - stk0) / 2;
  m->md.a[id].kind = MSSA_MD_TUPLE;
  m->md.a[id].ops = m->mdops.n;
  m->md.a[id].nops = n;
  for (uint32_t i = 0; i < n; i++) {
    mssa_mdop o = {p->stk.a[stk0 + 2 * i], p->stk.a[stk0 + 2 * i + 1]};
    mssa_vec_push(&m->mdops, o);
  }
  p->stk.n = stk0;
  return id;
}

static int name_is(ll_parser *p, const ll_tok *t, const char *s) {
  size_t n = strlen(s);
  return t->tlen == n && memcmp(p->m->text + t->toff, s, n) == 0;
}

/* Interns an attachment kind name, remembering first appearances (LLVM
** numbers custom kinds in that order). */
static uint32_t kind_name(ll_parser *p, const ll_tok *t) {
  uint32_t id = mssa__ll_name(p, t);
  if (mssa_u64map_get(&p->kinds, id) == MSSA_NONE) {
    mssa_u64map_put(&p->kinds, id, 1);
    mssa_vec_push(&p->m->md_kinds, id);
  }
  return id;
}

/* Reads one field value. Sets *md (node index or MSSA_NONE), *num, *str
** (interned only when want_str). Unknown forms are skipped to ',' or ')'. */
static void field_value(ll_parser *p, uint32_t *md, int64_t *num, uint32_t *str, int want_str) {
  ll_tok *t = &p->lx.tok;
  *md = MSSA_NONE;
  *num = 0;
  *str = MSSA_NONE;
  if (mssa__ll_at_md(p)) { *md = mssa__ll_md_node(p); return; }
  if (t->kind == LT_KW && t->kw == LL_KW_null) { mssa__ll_next(p); return; }
  if (t->kind == LT_INT) {
    const char *s = p->m->text + t->toff;
    int neg = s[0] == '-';
    uint64_t v = 0;
    for (uint32_t i = (uint32_t)neg; i < t->tlen; i++) v = v * 10 + (uint64_t)(s[i] - '0');
    *num = neg ? -(int64_t)v : (int64_t)v;
    mssa__ll_next(p);
    if (p->lx.tok.kind == LT_COMMA || p->lx.tok.kind == LT_RPAREN) return;
  } else if (t->kind == LT_STRING) {
    if (want_str) *str = mssa__ll_string(p, t);
    mssa__ll_next(p);
    if (p->lx.tok.kind == LT_COMMA || p->lx.tok.kind == LT_RPAREN) return;
  }
  /* skip: flags `A | B`, enums, `true`, nested brackets */
  uint32_t depth = 0;
  for (;;) {
    t = &p->lx.tok;
    if (t->kind == LT_EOF) mssa__ll_err(p, t->off, "expected ')' here");
    if (t->kind == LT_ERROR) mssa__ll_err(p, t->off, "%s", p->lx.msg);
    if (depth == 0 && (t->kind == LT_COMMA || t->kind == LT_RPAREN)) return;
    if (t->kind == LT_LPAREN || t->kind == LT_LBRACE || t->kind == LT_LSQ) depth++;
    else if (t->kind == LT_RPAREN || t->kind == LT_RBRACE || t->kind == LT_RSQ) {
      if (depth == 0) mssa__ll_err(p, t->off, "unbalanced brackets in metadata");
      depth--;
    }
    mssa__ll_next(p);
  }
}

/* Fast path for the most common node, `!DILocation(line: N, column: N,
** scope: !N[, inlinedAt: !N][, isImplicitCode: true][, atomGroup: N,
** atomRank: N])`, scanning raw text
** after the '(' (lx.pos). Returns 1 when it consumed the node up to and
** including ')', 0 (nothing consumed, no side effect) for any other shape,
** which the token parser then handles with full diagnostics. */
/* Length of the literal if q starts with it then ':', else 0 (the compare
** stops at the first difference, so never reads past the text's NUL). */
static inline size_t name_colon_n(const char *q, const char *s, size_t n) {
  return mssa__ll_has(q, s, n) && q[n] == ':' ? n : 0;
}
#define name_colon(q, lit) name_colon_n((q), (lit), sizeof(lit) - 1)

/* A DILocation field name at q (followed by ':'): its length, or 0 for
** any other text. Dispatched on the first letter: the names are compared
** in place rather than scanned as a letter run first. */
static size_t location_field(const char *q) {
  switch (*q) {
  case 'l': return name_colon(q, "line");
  case 'c': return name_colon(q, "column");
  case 's': return name_colon(q, "scope");
  case 'i': return q[1] == 'n' ? name_colon(q, "inlinedAt") : name_colon(q, "isImplicitCode");
  case 'a': {   /* both compares stop at the first difference (or the NUL) */
    size_t k = name_colon(q, "atomGroup");
    return k ? k : name_colon(q, "atomRank");
  }
  default: return 0;
  }
}

/* Past the blanks at *q: a field name that `names` knows (its length, as
** location_field), its ':' and the spaces after it; returns the name's
** start, its length in *fl and *q past it all; NULL for any other text. */
static inline const char *raw_field(const char **q, size_t (*names)(const char *), size_t *fl) {
  const char *s = *q;
  while (*s == ' ' || *s == '\t') s++;
  if (!(*fl = names(s))) return NULL;
  const char *e = s + *fl + 1;
  while (*e == ' ') e++;
  *q = e;
  return s;
}

/* The string id of a DILocation field name (`scope`, `inlinedAt`), kept
** in *slot (id + 1) after its first use: every location has a scope. */
static uint32_t loc_field_id(ll_parser *p, uint32_t *slot, uint32_t off, uint32_t len) {
  if (!*slot) *slot = field_name(p, off, len) + 1;
  return *slot - 1;
}

/* The decimal at *q, at least one digit and below 2^32 - 1 (the token
** path's limits), *q moved past it; -1 (*q anywhere) for any other text. */
static inline int64_t raw_u32(const char **q) {
  const char *s = *q, *d = s;
  uint64_t v = 0;
  while (*s >= '0' && *s <= '9' && v < 0xffffffffull) v = v * 10 + (uint64_t)(*s++ - '0');
  *q = s;
  return s == d || v >= 0xffffffffull ? -1 : (int64_t)v;
}

/* A DILocation's fields as read from the text: values, and for scope and
** inlinedAt the number, the `!`'s offset and the field name's offset. */
typedef struct loc_fields {
  uint32_t line, col;
  uint32_t scope_n, scope_off, scope_f;
  uint32_t inl_n, inl_off, inl_f;
  int has_scope, has_inl;
} loc_fields;

/* The shape clang prints for nearly every location, `line: L, column: C,
** scope: !S)`, read straight through rather than field by field, with
** the values the field loop would find; *q past the ')'. 0 (*q as it
** was) for any other text. */
static int clang_location(const char *t, const char **q, loc_fields *lf) {
  const char *r = *q;
  if (!MSSA__LL_HAS(r, "line: ")) return 0;
  r += 6;
  int64_t l = raw_u32(&r);
  if (l < 0 || !MSSA__LL_HAS(r, ", column: ")) return 0;
  r += 10;
  int64_t c = raw_u32(&r);
  if (c < 0 || !MSSA__LL_HAS(r, ", scope: !")) return 0;
  const char *f = r + 2, *bang = r + 9;   /* `scope`, and its `!` */
  r += 10;
  int64_t s = raw_u32(&r);
  if (s < 0 || *r != ')') return 0;
  lf->line = (uint32_t)l;
  lf->col = (uint32_t)c;
  lf->has_scope = 1;
  lf->scope_n = (uint32_t)s;
  lf->scope_f = (uint32_t)(f - t);
  lf->scope_off = (uint32_t)(bang - t);
  *q = r + 1;
  return 1;
}

/* Any other field order or spacing, field by field: 1 with *q past the
** ')', 0 for text the token path must read. */
static int location_loop(const char *t, const char *e, const char **qp, loc_fields *lf) {
  const char *q = *qp;
  for (;;) {
    size_t fl;
    const char *f = raw_field(&q, location_field, &fl);
    if (!f) return 0;
    if ((fl == 4 && !memcmp(f, "line", 4)) || (fl == 6 && !memcmp(f, "column", 6))) {
      int64_t v = raw_u32(&q);
      if (v < 0) return 0;
      if (fl == 4) lf->line = (uint32_t)v;
      else lf->col = (uint32_t)v;
    } else if ((fl == 5 && !memcmp(f, "scope", 5)) || (fl == 9 && !memcmp(f, "inlinedAt", 9))) {
      if (*q != '!') return 0;
      uint32_t off = (uint32_t)(q - t);
      q++;
      int64_t v = raw_u32(&q);   /* at least one digit */
      if (v < 0) return 0;
      if (fl == 5) {
        lf->has_scope = 1;
        lf->scope_n = (uint32_t)v;
        lf->scope_off = off;
        lf->scope_f = (uint32_t)(f - t);
      } else {
        lf->has_inl = 1;
        lf->inl_n = (uint32_t)v;
        lf->inl_off = off;
        lf->inl_f = (uint32_t)(f - t);
      }
    } else if ((fl == 9 && !memcmp(f, "atomGroup", 9)) || (fl == 8 && !memcmp(f, "atomRank", 8))) {
      /* key instructions (LLVM 21+): integers the token path reads and
      ** drops (no node operand); a sign or any other form goes that way */
      const char *d = q;
      while (*q >= '0' && *q <= '9') q++;
      if (q == d) return 0;
    } else if (fl == 14 && !memcmp(f, "isImplicitCode", 14)) {
      if ((size_t)(e - q) >= 4 && !memcmp(q, "true", 4)) q += 4;
      else if ((size_t)(e - q) >= 5 && !memcmp(q, "false", 5)) q += 5;
      else return 0;
    } else {
      return 0;
    }
    while (*q == ' ') q++;
    if (q < e && *q == ',') { q++; continue; }
    if (q < e && *q == ')') { q++; break; }
    return 0;
  }
  *qp = q;
  return 1;
}

static int fast_location(ll_parser *p, uint32_t id) {
  /* the text is NUL-terminated: the scans stop at its end without
  ** comparing against e (a NUL is neither a digit nor a blank) */
  const char *t = p->m->text, *q = t + p->lx.pos, *e = t + p->m->text_len;
  loc_fields lf;
  memset(&lf, 0, sizeof lf);
  if (!clang_location(t, &q, &lf) && !location_loop(t, e, &q, &lf)) return 0;
  uint32_t scope = MSSA_NONE, inl = MSSA_NONE;
  /* committed: no failure paths below except undefined-ref bookkeeping */
  if (lf.has_scope) scope = mssa__ll_md_ref(p, lf.scope_n, lf.scope_off);
  if (lf.has_inl) inl = mssa__ll_md_ref(p, lf.inl_n, lf.inl_off);
  mssa_module *m = p->m;
  uint32_t stk0 = p->stk.n;
  /* pairs in text order, as the token path records them */
  int inl_first = lf.has_inl && lf.has_scope && lf.inl_f < lf.scope_f;
  for (int pass = 0; pass < 2; pass++) {
    int want_inl = pass == 0 ? inl_first : !inl_first;
    if (want_inl && lf.has_inl) { mssa_vec_push(&p->stk, loc_field_id(p, &p->fn_inl, lf.inl_f, 9)); mssa_vec_push(&p->stk, inl); }
    if (!want_inl && lf.has_scope) { mssa_vec_push(&p->stk, loc_field_id(p, &p->fn_scope, lf.scope_f, 5)); mssa_vec_push(&p->stk, scope); }
  }
  mssa_md *d = &m->md.a[id];
  d->line = lf.line;
  d->col = lf.col;
  d->scope = scope;
  d->inlined_at = inl;
  fields_to_ops(p, id, stk0);
  MSSA_ASSERT(q > t + p->lx.pos && q <= e); /* past the ')', before the NUL */
  p->lx.pos = (size_t)(q - t);
  p->lx.tok.end = (uint32_t)p->lx.pos;
  mssa__ll_next(p);
  return 1;
}

/* A DILexicalBlock field name at q (followed by ':'): its length, or 0. */
static size_t block_field(const char *q) {
  switch (*q) {
  case 'l': return name_colon(q, "line");
  case 'c': return name_colon(q, "column");
  case 's': return name_colon(q, "scope");
  case 'f': return name_colon(q, "file");
  default: return 0;
  }
}

/* Fast path for `DILexicalBlock(scope: !N, file: !N, line: N, column: N)`
** (the fields in any order, each `!N` of at most 9 digits as the lexer's
** LT_MDREF), scanning raw text after the '(' (lx.pos) as fast_location
** does: 0 with nothing consumed for any other shape. It makes the token
** path's calls in its order (per node field in text order: the reference,
** then the field name) so node and string ids come out the same. */
static int fast_lexblock(ll_parser *p, uint32_t id) {
  const char *t = p->m->text, *q = t + p->lx.pos;
  struct { uint32_t f, fl, n, off; } refs[4];
  uint32_t nref = 0, line = 0, col = 0;
  int has_line = 0, has_col = 0;
  for (;;) {   /* the text is NUL-terminated: the scans stop at its end */
    size_t fl;
    const char *f = raw_field(&q, block_field, &fl);
    if (!f) return 0;
    if (*f == 'l' || *f == 'c') {
      uint64_t v = 0;
      const char *d = q;
      while (*q >= '0' && *q <= '9' && v < 0xffffffffull) v = v * 10 + (uint64_t)(*q++ - '0');
      if (q == d || v >= 0xffffffffull) return 0;
      if (*f == 'l') line = (uint32_t)v, has_line = 1;
      else col = (uint32_t)v, has_col = 1;
    } else {
      if (*q != '!' || nref == 4) return 0;
      const char *d = q + 1, *e = d;
      uint32_t v = 0;
      while (e - d < 9 && *e >= '0' && *e <= '9') v = v * 10 + (uint32_t)(*e++ - '0');
      if (e == d || mssa__ll_name_char(*e)) return 0;
      refs[nref].f = (uint32_t)(f - t);
      refs[nref].fl = (uint32_t)fl;
      refs[nref].n = v;
      refs[nref++].off = (uint32_t)(q - t);
      q = e;
    }
    while (*q == ' ') q++;
    if (*q == ',') { q++; continue; }
    if (*q == ')') { q++; break; }
    return 0;
  }
  /* committed */
  uint32_t stk0 = p->stk.n;
  for (uint32_t k = 0; k < nref; k++) {
    uint32_t md = mssa__ll_md_ref(p, refs[k].n, refs[k].off);
    mssa_vec_push(&p->stk, field_name(p, refs[k].f, refs[k].fl));
    mssa_vec_push(&p->stk, md);
    if (p->m->text[refs[k].f] == 's') p->m->md.a[id].scope = md;
    else p->m->md.a[id].file = md;
  }
  if (has_line) p->m->md.a[id].line = line;
  if (has_col) p->m->md.a[id].col = col;
  fields_to_ops(p, id, stk0);
  p->lx.pos = (size_t)(q - t);
  p->lx.tok.end = (uint32_t)p->lx.pos;
  mssa__ll_next(p);
  return 1;
}

/* At MDVAR `DIxxx` followed by `(`: fills node `id`. */
static uint32_t parse_special_into(ll_parser *p, uint32_t id) {
  mssa_module *m = p->m;
  ll_tok nt = p->lx.tok;
  uint8_t kind = MSSA_MD_OTHER_DI;
  if (name_is(p, &nt, "DILocation")) kind = MSSA_MD_LOCATION;
  else if (name_is(p, &nt, "DISubprogram")) kind = MSSA_MD_SUBPROGRAM;
  else if (name_is(p, &nt, "DIFile")) kind = MSSA_MD_FILE;
  else if (name_is(p, &nt, "DILexicalBlock") || name_is(p, &nt, "DILexicalBlockFile")) kind = MSSA_MD_LEXBLOCK;
  else if (nt.tlen < 2 || !(name_is(p, &nt, "GenericDINode") ||
                            memcmp(m->text + nt.toff, "DI", 2) == 0))
    mssa__ll_err(p, nt.off, "expected metadata type");
  mssa__ll_next(p);
  if (p->lx.tok.kind != LT_LPAREN) mssa__ll_err(p, p->lx.tok.off, "expected '(' here");
  m->md.a[id].kind = kind;
  /* DILocation, the commonest node: its tag's id kept after the first */
  m->md.a[id].tag = kind == MSSA_MD_LOCATION ? loc_field_id(p, &p->fn_loctag, nt.toff, nt.tlen)
                                             : field_name(p, nt.toff, nt.tlen);
  if (kind == MSSA_MD_LOCATION || kind == MSSA_MD_LEXBLOCK) {
    p->lx.pos = p->lx.tok.end;          /* just after '(' */
    if (kind == MSSA_MD_LOCATION ? fast_location(p, id) : fast_lexblock(p, id)) {
      m->md.a[id].text_off = nt.off;
      m->md.a[id].text_len = p->lx.prev_end - nt.off;
      return id;
    }
    p->lx.pos = p->lx.tok.end;          /* not taken: re-lex after '(' */
  }
  if (kind != MSSA_MD_OTHER_DI) mssa__ll_next(p);
  uint32_t stk0 = p->stk.n;
  if (kind == MSSA_MD_OTHER_DI) {
    /* The '(' is the current token; skip raw text after it. Most of a -g
    ** module is such nodes, so this is worth not tokenizing. */
    p->lx.pos = p->lx.tok.end;
    if (mssa__lex_skip_parens(&p->lx, raw_ref, p) < 0) mssa__ll_err(p, p->lx.tok.off, "%s", p->lx.msg);
    mssa__ll_next(p);
    /* invariant 2: the raw scan made no tokens, only (name, node) pairs */
    MSSA_ASSERT(p->stk.n >= stk0 && (p->stk.n - stk0) % 2 == 0);
    fields_to_ops(p, id, stk0);
    m->md.a[id].text_off = nt.off;
    m->md.a[id].text_len = p->lx.prev_end - nt.off;
    return id;
  }
  if (p->lx.tok.kind != LT_RPAREN) {
    for (;;) {
      ll_tok ft = p->lx.tok;
      if (ft.kind != LT_LABEL) mssa__ll_err(p, ft.off, "expected field label here");
      mssa__ll_next(p);
      uint32_t md, str;
      int64_t num;
      int want_str = (kind == MSSA_MD_FILE && (name_is(p, &ft, "filename") || name_is(p, &ft, "directory"))) ||
                     (kind == MSSA_MD_SUBPROGRAM && name_is(p, &ft, "name"));
      field_value(p, &md, &num, &str, want_str);
      if (md != MSSA_NONE) {
        mssa_vec_push(&p->stk, field_name(p, ft.toff, ft.tlen));
        mssa_vec_push(&p->stk, md);
      }
      mssa_md *d = &m->md.a[id];
      if (name_is(p, &ft, "line")) d->line = (uint32_t)num;
      else if (name_is(p, &ft, "column")) d->col = (uint32_t)num;
      else if (name_is(p, &ft, "scope")) d->scope = md;
      else if (name_is(p, &ft, "file")) d->file = md;
      else if (name_is(p, &ft, "inlinedAt")) d->inlined_at = md;
      else if (name_is(p, &ft, "filename") || name_is(p, &ft, "name")) d->str = str;
      else if (name_is(p, &ft, "directory")) d->dir = str;
      if (!mssa__ll_eat(p, LT_COMMA)) break;
    }
  }
  mssa__ll_expect(p, LT_RPAREN, "')' here");
  fields_to_ops(p, id, stk0);
  m->md.a[id].text_off = nt.off;
  m->md.a[id].text_len = p->lx.prev_end - nt.off;
  return id;
}

/* The inline node `!NAME()` (a DI node without fields, e.g. LLVM 14's
** `metadata !DIExpression()` call operand) whose `!` is at off, with the
** effects mssa__ll_md_node has on it (depth check, a new OTHER_DI node, its
** tag, no operands, its text span); the caller has matched the text and
** moves the lexer past it. */
uint32_t mssa__ll_md_empty_di(ll_parser *p, uint32_t off, uint32_t namelen) {
  mssa__ll_enter(p);
  uint32_t id = new_md(p, MSSA_MD_OTHER_DI);
  uint32_t tag = field_name(p, off + 1, namelen);
  fields_to_ops(p, id, p->stk.n);   /* no fields: no operands */
  mssa_md *d = &p->m->md.a[id];
  d->tag = tag;
  d->text_off = off;
  d->text_len = namelen + 3;   /* `!`, the name, `()` */
  mssa__ll_leave(p);
  return id;
}

mssa_val mssa__ll_md_value(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  if (mssa__ll_at_md(p)) return MSSA_VAL(MSSA_VK_META, mssa__ll_md_node(p));
  uint32_t ty;
  if (!mssa__ll_at_type(p)) mssa__ll_err(p, t->off, "expected metadata operand");
  mssa_val v = mssa__ll_tvalue(p, &ty);
  uint32_t id = new_md(p, MSSA_MD_VALUE);
  p->m->md.a[id].val = v;
  return MSSA_VAL(MSSA_VK_META, id);
}

/* The md index `!N` (at off) defines: the one its earlier references made,
** or a new one; a second definition is an error (invariant 1). */
static uint32_t define_slot(ll_parser *p, uint32_t n, uint32_t off) {
  uint32_t id = mssa__ll_num_get(&p->mdmap, n);
  if (id == MSSA_NONE) {
    id = new_md(p, MSSA_MD_TUPLE);
    mssa__ll_num_put(&p->mdmap, n, id);
  } else if (p->mdref.a[id] == MSSA_NONE) {
    mssa__ll_err(p, off, "Metadata id is already used");
  }
  MSSA_ASSERT(id < p->mdref.n && id < p->m->md.n);
  p->mdref.a[id] = MSSA_NONE;
  return id;
}

/* `!N = [distinct ]!DIxxx(` as LLVM prints it, at the `!N` token, read
** from the raw text with the token path's effects in its order
** (define_slot, then the node) but no tokens for `=` and `distinct`. The
** commonest definition of a -g module, a plain `!DILocation(`, makes no
** token for its class name and '(' either (fast_location); any other
** class, or a location fast_location does not take, is read by
** parse_special_into from its class name on. 0 (nothing done) for any
** other text. */
static int raw_def(ll_parser *p, uint32_t n, uint32_t off) {
  mssa_module *m = p->m;
  const char *t = m->text, *q = t + p->lx.tok.end;
  if (!MSSA__LL_HAS(q, " = ")) return 0;
  q += 3;
  int location = MSSA__LL_HAS(q, "!DILocation("), distinct = 0;   /* the commonest first */
  if (!location) {
    distinct = MSSA__LL_HAS(q, "distinct ");
    if (distinct) q += 9;
    if (!MSSA__LL_HAS(q, "!DI")) return 0;
  }
  uint32_t id = define_slot(p, n, off), noff = (uint32_t)(q - t);   /* noff: the class's `!` */
  if (location) {
    m->md.a[id].kind = MSSA_MD_LOCATION;
    m->md.a[id].tag = loc_field_id(p, &p->fn_loctag, noff + 1, 10);
    p->lx.pos = noff + 12;               /* just after '(' */
    if (fast_location(p, id)) {
      MSSA_ASSERT(p->lx.prev_end > noff); /* the fast path consumed the node */
      m->md.a[id].text_off = noff;
      m->md.a[id].text_len = p->lx.prev_end - noff;
      m->md.a[id].distinct = 0;
      return 1;
    }
  }
  p->lx.pos = noff;
  mssa__ll_next(p);                      /* the class name (MDVAR) */
  parse_special_into(p, id);
  m->md.a[id].distinct = (uint8_t)distinct;
  return 1;
}

void mssa__ll_md_def(ll_parser *p) {
  mssa_module *m = p->m;
  uint32_t off = p->lx.tok.off, n;
  if (p->lx.tok.kind == LT_MDREF) {
    n = (uint32_t)p->lx.tok.num;
    if (raw_def(p, n, off)) return;
    mssa__ll_next(p);
  } else {
    mssa__ll_next(p);               /* '!' */
    n = md_num(p);
  }
  mssa__ll_expect(p, LT_EQ, "'=' here");
  int distinct = mssa__ll_eat_kw(p, LL_KW_distinct);
  uint32_t id = define_slot(p, n, off);
  ll_tok *t = &p->lx.tok;
  if (t->kind == LT_MDVAR) {
    parse_special_into(p, id);
  } else if (t->kind == LT_EXCL) {
    mssa__ll_next(p);
    if (p->lx.tok.kind != LT_LBRACE) mssa__ll_err(p, p->lx.tok.off, "expected '{' here");
    parse_tuple_into(p, id);
  } else {
    mssa__ll_err(p, t->off, "expected metadata node");
  }
  m->md.a[id].distinct = (uint8_t)distinct;
}

/* One operand of a named node. As LLParser::parseNamedMetadata: a node
** number (`!N`, `! N`) or an inline `!DIExpression(...)`, nothing else (no
** `!"string"`, no inline `!{...}`), with LLVM's words. */
static uint32_t named_md_operand(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  if (t->kind == LT_MDREF || (t->kind == LT_MDVAR && name_is(p, t, "DIExpression")))
    return mssa__ll_md_node(p);
  if (t->kind != LT_EXCL) mssa__ll_err(p, t->off, "Expected '!' here");
  uint32_t off = t->off;
  mssa__ll_next(p);
  if (p->lx.tok.kind != LT_INT) mssa__ll_err(p, p->lx.tok.off, "expected integer");
  return mssa__ll_md_ref(p, md_num(p), off);
}

void mssa__ll_named_md(ll_parser *p) {
  mssa_module *m = p->m;
  ll_tok nt = p->lx.tok;
  mssa__ll_next(p);
  mssa__ll_expect(p, LT_EQ, "'=' here");
  mssa__ll_expect(p, LT_EXCL, "'!' here");
  mssa__ll_expect(p, LT_LBRACE, "'{' here");
  uint32_t stk0 = p->stk.n;
  if (p->lx.tok.kind != LT_RBRACE) {
    do {
      mssa_vec_push(&p->stk, named_md_operand(p));
    } while (mssa__ll_eat(p, LT_COMMA));
  }
  mssa__ll_expect(p, LT_RBRACE, "'}' here");
  /* kept as a tuple of its operands, for metadata numbering */
  uint32_t id = new_md(p, MSSA_MD_TUPLE);
  m->md.a[id].ops = m->mdops.n;
  m->md.a[id].nops = p->stk.n - stk0;
  for (uint32_t i = stk0; i < p->stk.n; i++) {
    mssa_mdop o = {MSSA_MDO_NODE, p->stk.a[i]};
    mssa_vec_push(&m->mdops, o);
  }
  p->stk.n = stk0;
  mssa_mdop nm = {MSSA_MDO_STRING, mssa__ll_name(p, &nt)};
  mssa_mdop tu = {MSSA_MDO_NODE, id};
  mssa_vec_push(&m->named_md, nm);
  mssa_vec_push(&m->named_md, tu);
  MSSA_ASSERT(m->named_md.n % 2 == 0); /* {name, tuple} pairs */
}

/* `!kind !N` attachment list of a global or function, starting at MDVAR and
** continuing while `more` says so; returns a TUPLE of {kind, node} pairs
** and the !dbg node through *dbg (if non-NULL). */
uint32_t mssa__ll_attachments(ll_parser *p, int comma_separated, uint32_t *dbg) {
  uint32_t stk0 = p->stk.n;
  while (p->lx.tok.kind == LT_MDVAR) {
    ll_tok nt = p->lx.tok;
    mssa__ll_next(p);
    uint32_t md = mssa__ll_md_node(p);
    if (dbg && name_is(p, &nt, "dbg")) *dbg = md;
    mssa_vec_push(&p->stk, kind_name(p, &nt));
    mssa_vec_push(&p->stk, md);
    if (comma_separated) {
      if (p->lx.tok.kind != LT_COMMA) break;
      mssa__ll_next(p);
      if (p->lx.tok.kind != LT_MDVAR) mssa__ll_err(p, p->lx.tok.off, "expected metadata after comma");
    }
  }
  uint32_t id = new_md(p, MSSA_MD_TUPLE);
  fields_to_ops(p, id, stk0);
  return id;
}

/* Where an instruction keeps an attachment of kind name `t`: its field
** for the four the analysis reads, else NULL. Compared by length first:
** every instruction of a -g module has a `!dbg`. */
static uint32_t *attachment_field(ll_parser *p, const ll_tok *t, mssa_inst *ins) {
  const char *s = p->m->text + t->toff;
  if (t->quoted) return NULL;
  switch (t->tlen) {
  case 3: return memcmp(s, "dbg", 3) ? NULL : &ins->dbg;
  case 4: return memcmp(s, "tbaa", 4) ? NULL : &ins->md_tbaa;
  case 7: return memcmp(s, "noalias", 7) ? NULL : &ins->md_noalias;
  case 11: return memcmp(s, "alias.scope", 11) ? NULL : &ins->md_scope;
  default: return NULL;
  }
}

/* At the MDVAR `dbg` of an instruction: `!dbg !N` read from the raw text
** when written as clang writes it (one space, !N of at most 9 digits as
** the lexer's LT_MDREF), skipping the token for `!N`. Returns 1 when taken
** (the current token is then the one after `!N`), 0 with nothing consumed
** for any other form, which the token path reads. Every instruction of a
** -g module has one. */
static int fast_dbg(ll_parser *p, mssa_inst *ins) {
  const ll_tok *t = &p->lx.tok;
  const char *x = p->m->text, *q = x + t->end;
  if (t->tlen != 3 || t->quoted || memcmp(x + t->toff, "dbg", 3) != 0 || q[0] != ' ' || q[1] != '!')
    return 0;
  const char *d = q + 2, *e = d;
  uint32_t v = 0;
  while (e - d < 9 && *e >= '0' && *e <= '9') v = v * 10 + (uint32_t)(*e++ - '0');
  if (e == d || mssa__ll_name_char(*e)) return 0;
  ins->dbg = mssa__ll_md_ref(p, v, (uint32_t)(q + 1 - x));
  MSSA_EXPENSIVE_ASSERT(ins->dbg < p->m->md.n && (size_t)(e - x) <= p->lx.len);
  /* as if `!N` had been the current token: prev_end becomes its end */
  p->lx.pos = (size_t)(e - x);
  p->lx.tok.end = (uint32_t)(e - x);
  mssa__ll_next(p);
  return 1;
}

void mssa__ll_inst_md(ll_parser *p, mssa_inst *ins) {
  uint32_t stk0 = p->stk.n;
  for (;;) {
    ll_tok nt = p->lx.tok;
    if (nt.kind != LT_MDVAR) mssa__ll_err(p, nt.off, "expected metadata after comma");
    if (fast_dbg(p, ins)) {
      if (p->lx.tok.kind != LT_COMMA) break;
      mssa__ll_next(p);
      continue;
    }
    mssa__ll_next(p);
    uint32_t md = mssa__ll_md_node(p), *field = attachment_field(p, &nt, ins);
    if (field) *field = md;
    else {
      /* kept for the printer's metadata numbering (see mssa_inst.mdatt) */
      if (name_is(p, &nt, "invariant.load")) ins->flags |= MSSA_IF_INVARIANT_LOAD;
      if (name_is(p, &nt, "invariant.group")) ins->flags |= MSSA_IF_INVARIANT_GROUP;
      mssa_vec_push(&p->stk, kind_name(p, &nt));
      mssa_vec_push(&p->stk, md);
    }
    if (p->lx.tok.kind != LT_COMMA) break;
    mssa__ll_next(p);
  }
  if (p->stk.n == stk0) return;
  ins->mdatt = new_md(p, MSSA_MD_TUPLE);
  fields_to_ops(p, ins->mdatt, stk0);
}
