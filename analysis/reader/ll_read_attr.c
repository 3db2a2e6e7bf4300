/*
** ll_read_attr.c -- attributes (`noundef`, `align 8`, `byval(%T)`, `#0`,
** `"key"="value"`, `attributes #N = {...}`) and intrinsic identification.
**
** Invariants:
**   1. Attribute words are matched by text (binary search), whatever token
**      kind the lexer gave them, so new LLVM attributes that are plain words
**      are tolerated and ignored; a word followed by `(` has its argument
**      list skipped (balanced) unless we know its shape.
**   2. `#N` references are recorded (p->agtmp) until the attribute list they
**      belong to exists, then moved to p->agref; groups are ORed into the
**      function bits at the end of the module, as groups may be defined
**      after use.
**   3. The intrinsic id of a name is the entry with the longest base name
**      that equals the name or prefixes it followed by '.', so
**      `llvm.memcpy.inline.p0i8...` is MEMCPY_INLINE, not MEMCPY.
*/
#include "reader/reader_internal.h"

#include <string.h>

enum { AK_NONE, AK_TYPE, AK_INT, AK_ALIGN, AK_ANY };

typedef struct attr_def {
  const char *name;
  uint32_t bit;
  uint8_t arg;       /* AK_*: what may follow */
  uint8_t param_ok;  /* valid in parameter/return position */
} attr_def;

/* Sorted by name (strcmp). Only words that may appear in parameter or
** return position must be listed for parsing; function-position words
** are listed when they carry a bit. */
static const attr_def attrs[] = {
  {"align", 0, AK_ALIGN, 1},
  {"alignstack", 0, AK_ALIGN, 1},
  {"allocsize", 0, AK_ANY, 0},
  {"argmemonly", MSSA_A_ARGMEMONLY, AK_NONE, 0},
  {"builtin", MSSA_A_BUILTIN, AK_NONE, 0},
  {"byref", 0, AK_TYPE, 1},
  {"byval", MSSA_A_BYVAL, AK_TYPE, 1},
  {"dereferenceable", MSSA_A_DEREFERENCEABLE, AK_INT, 1},
  {"dereferenceable_or_null", MSSA_A_DEREFERENCEABLE_OR_NULL, AK_INT, 1},
  {"elementtype", 0, AK_TYPE, 1},
  {"immarg", MSSA_A_IMMARG, AK_NONE, 1},
  {"inaccessiblemem_or_argmemonly", MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY, AK_NONE, 0},
  {"inaccessiblememonly", MSSA_A_INACCESSIBLEMEMONLY, AK_NONE, 0},
  {"inalloca", MSSA_A_INALLOCA, AK_TYPE, 1},
  {"inreg", 0, AK_NONE, 1},
  {"nest", 0, AK_NONE, 1},
  {"noalias", MSSA_A_NOALIAS, AK_NONE, 1},
  {"nobuiltin", MSSA_A_NOBUILTIN, AK_NONE, 0},
  {"nocapture", MSSA_A_NOCAPTURE, AK_NONE, 1},
  {"nofree", MSSA_A_NOFREE, AK_NONE, 1},
  {"nomerge", MSSA_A_NOMERGE, AK_NONE, 0},
  {"nonnull", MSSA_A_NONNULL, AK_NONE, 1},
  {"noreturn", MSSA_A_NORETURN, AK_NONE, 0},
  {"nosync", MSSA_A_NOSYNC, AK_NONE, 0},
  {"noundef", MSSA_A_NOUNDEF, AK_NONE, 1},
  {"nounwind", MSSA_A_NOUNWIND, AK_NONE, 0},
  {"null_pointer_is_valid", MSSA_A_NULL_POINTER_IS_VALID, AK_NONE, 0},
  {"optnone", MSSA_A_OPTNONE, AK_NONE, 0},
  {"preallocated", MSSA_A_PREALLOCATED, AK_TYPE, 1},
  {"readnone", MSSA_A_READNONE, AK_NONE, 1},
  {"readonly", MSSA_A_READONLY, AK_NONE, 1},
  {"returned", MSSA_A_RETURNED, AK_NONE, 1},
  {"signext", 0, AK_NONE, 1},
  {"speculatable", MSSA_A_SPECULATABLE, AK_NONE, 0},
  {"sret", MSSA_A_SRET, AK_TYPE, 1},
  {"swiftasync", 0, AK_NONE, 1},
  {"swifterror", 0, AK_NONE, 1},
  {"swiftself", 0, AK_NONE, 1},
  {"uwtable", 0, AK_ANY, 0},
  {"vscale_range", 0, AK_ANY, 0},
  {"willreturn", MSSA_A_WILLRETURN, AK_NONE, 0},
  {"writeonly", MSSA_A_WRITEONLY, AK_NONE, 1},
  {"zeroext", 0, AK_NONE, 1},
};

static const attr_def *find_attr(const char *s, size_t n) {
  int lo = 0, hi = (int)(sizeof attrs / sizeof attrs[0]) - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const char *k = attrs[mid].name;
    size_t kn = strlen(k);
    int c = memcmp(s, k, n < kn ? n : kn);
    if (c == 0) c = (n > kn) - (n < kn);
    if (c == 0) return &attrs[mid];
    if (c < 0) hi = mid - 1; else lo = mid + 1;
  }
  return NULL;
}

static void skip_parens(ll_parser *p) {
  /* at '(' : skip to the balancing ')' (iterative) */
  uint32_t depth = 0;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind == LT_EOF) mssa__ll_err(p, t->off, "expected ')'");
    if (t->kind == LT_ERROR) mssa__ll_err(p, t->off, "%s", p->lx.msg);
    if (t->kind == LT_LPAREN) depth++;
    else if (t->kind == LT_RPAREN && --depth == 0) { mssa__ll_next(p); return; }
    mssa__ll_next(p);
  }
}

static void record_group(ll_parser *p, const ll_tok *t) {
  ll_pending pe = {MSSA_NONE, (uint32_t)t->num, 0, t->off};
  mssa__vec_push(&p->agtmp, pe);
}

void mssa__ll_attrs(ll_parser *p, int ctx, uint32_t *bits, uint64_t *deref, uint32_t attrlist) {
  (void)attrlist;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (ctx == 2 && t->kind == LT_ATTRID) { record_group(p, t); mssa__ll_next(p); continue; }
    if (t->kind == LT_STRING) {
      /* "key" or "key"="value" */
      mssa__ll_next(p);
      if (mssa__ll_eat(p, LT_EQ)) mssa__ll_expect(p, LT_STRING, "attribute value string");
      continue;
    }
    if (t->kind != LT_KW && t->kind != LT_IDENT) return;
    const attr_def *a = find_attr(p->m->text + t->toff, t->tlen);
    if (!a) {
      if (t->kind == LT_KW) return;          /* a keyword that is not an attribute */
      /* unknown bare word: tolerated as a future attribute */
      mssa__ll_next(p);
      if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
      continue;
    }
    if (ctx != 2 && !a->param_ok) return;
    uint32_t off = t->off;
    mssa__ll_next(p);
    *bits |= a->bit;
    switch (a->arg) {
    case AK_TYPE:
      if (mssa__ll_eat(p, LT_LPAREN)) {
        mssa__ll_type(p);
        mssa__ll_expect(p, LT_RPAREN, "')' after type attribute");
      }
      break;
    case AK_INT: {
      mssa__ll_expect(p, LT_LPAREN, "'('");
      uint64_t n = mssa__ll_uint(p, "number of bytes");
      mssa__ll_expect(p, LT_RPAREN, "')'");
      if (a->bit == MSSA_A_DEREFERENCEABLE && deref) *deref = n;
      break;
    }
    case AK_ALIGN:
      if (mssa__ll_eat(p, LT_LPAREN)) {
        mssa__ll_uint(p, "alignment");
        mssa__ll_expect(p, LT_RPAREN, "')'");
      } else if (mssa__ll_eat(p, LT_EQ)) {
        mssa__ll_uint(p, "alignment");
      } else if (p->lx.tok.kind == LT_INT) {
        uint64_t v = mssa__ll_uint(p, "alignment");
        if (v == 0 || (v & (v - 1))) mssa__ll_err(p, off, "alignment is not a power of two");
        if (a->bit == 0 && !strcmp(a->name, "align")) p->last_align = v > 0xffffffffu ? 0 : (uint32_t)v;
      } else if (ctx != 2) {
        mssa__ll_err(p, p->lx.tok.off, "expected alignment value");
      }
      break;
    case AK_ANY:
      if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
      break;
    default: break;
    }
  }
}

uint32_t mssa__ll_attrlist(ll_parser *p, uint32_t fn, uint32_t ret, const uint32_t *params, uint32_t n) {
  mssa_module *m = p->m;
  mssa_attrlist al;
  al.fn = fn;
  al.ret = ret;
  al.nparams = n;
  al.params = m->pattrs.n;
  for (uint32_t i = 0; i < n; i++) mssa__vec_push(&m->pattrs, params[i]);
  uint32_t id = m->attrlists.n;
  mssa__vec_push(&m->attrlists, al);
  for (uint32_t i = 0; i < p->agtmp.n; i++) {
    ll_pending pe = p->agtmp.a[i];
    pe.a = id;
    mssa__vec_push(&p->agref, pe);
  }
  p->agtmp.n = 0;
  return id;
}

void mssa__ll_attr_group(ll_parser *p) {
  mssa__ll_next(p);                      /* attributes */
  ll_tok g = p->lx.tok;
  mssa__ll_expect(p, LT_ATTRID, "attribute group id");
  mssa__ll_expect(p, LT_EQ, "'=' here");
  mssa__ll_expect(p, LT_LBRACE, "'{' here");
  uint32_t bits = 0;
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (t->kind == LT_RBRACE) { mssa__ll_next(p); break; }
    if (t->kind == LT_EOF) mssa__ll_err(p, t->off, "unterminated attribute group");
    if (t->kind == LT_ERROR) mssa__ll_err(p, t->off, "%s", p->lx.msg);
    if (t->kind == LT_STRING) {
      mssa__ll_next(p);
      if (mssa__ll_eat(p, LT_EQ)) mssa__ll_expect(p, LT_STRING, "attribute value string");
      continue;
    }
    if (t->kind == LT_KW || t->kind == LT_IDENT) {
      const attr_def *a = find_attr(p->m->text + t->toff, t->tlen);
      if (a) bits |= a->bit;
      mssa__ll_next(p);
      if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
      else if (mssa__ll_eat(p, LT_EQ)) mssa__ll_uint(p, "attribute value");
      continue;
    }
    mssa__ll_err(p, t->off, "unterminated attribute group");
  }
  if (mssa_u64map_get(&p->agmap, g.num) != MSSA_NONE)
    mssa__ll_err(p, g.off, "attribute group #%u redefined", (unsigned)g.num);
  mssa_u64map_put(&p->agmap, g.num, p->agbits.n);
  mssa__vec_push(&p->agbits, bits);
}

/* ------------------------------------------------------------- intrinsics */

static const struct { const char *base; uint32_t id; } intrinsics[] = {
  {"llvm.memcpy", MSSA_INTR_MEMCPY},
  {"llvm.memcpy.inline", MSSA_INTR_MEMCPY_INLINE},
  {"llvm.memmove", MSSA_INTR_MEMMOVE},
  {"llvm.memset", MSSA_INTR_MEMSET},
  {"llvm.lifetime.start", MSSA_INTR_LIFETIME_START},
  {"llvm.lifetime.end", MSSA_INTR_LIFETIME_END},
  {"llvm.invariant.start", MSSA_INTR_INVARIANT_START},
  {"llvm.invariant.end", MSSA_INTR_INVARIANT_END},
  {"llvm.assume", MSSA_INTR_ASSUME},
  {"llvm.dbg.declare", MSSA_INTR_DBG_DECLARE},
  {"llvm.dbg.value", MSSA_INTR_DBG_VALUE},
  {"llvm.dbg.label", MSSA_INTR_DBG_LABEL},
  {"llvm.dbg.addr", MSSA_INTR_DBG_ADDR},
  {"llvm.experimental.noalias.scope.decl", MSSA_INTR_NOALIAS_SCOPE_DECL},
  {"llvm.pseudoprobe", MSSA_INTR_PSEUDOPROBE},
  {"llvm.launder.invariant.group", MSSA_INTR_LAUNDER_INVARIANT_GROUP},
  {"llvm.strip.invariant.group", MSSA_INTR_STRIP_INVARIANT_GROUP},
  {"llvm.objectsize", MSSA_INTR_OBJECTSIZE},
  {"llvm.expect", MSSA_INTR_EXPECT},
  {"llvm.expect.with.probability", MSSA_INTR_OTHER},
  {"llvm.stacksave", MSSA_INTR_STACKSAVE},
  {"llvm.stackrestore", MSSA_INTR_STACKRESTORE},
  {"llvm.sideeffect", MSSA_INTR_SIDEEFFECT},
  {"llvm.masked.load", MSSA_INTR_MASKED_LOAD},
  {"llvm.masked.store", MSSA_INTR_MASKED_STORE},
  {"llvm.masked.gather", MSSA_INTR_MASKED_GATHER},
  {"llvm.masked.scatter", MSSA_INTR_MASKED_SCATTER},
  {"llvm.experimental.guard", MSSA_INTR_EXPERIMENTAL_GUARD},
  {"llvm.trap", MSSA_INTR_TRAP},
  {"llvm.prefetch", MSSA_INTR_PREFETCH},
  {"llvm.va_start", MSSA_INTR_VASTART},
  {"llvm.va_end", MSSA_INTR_VAEND},
  {"llvm.va_copy", MSSA_INTR_VACOPY},
  {"llvm.ptr.annotation", MSSA_INTR_PTR_ANNOTATION},
  {"llvm.var.annotation", MSSA_INTR_VAR_ANNOTATION},
};

uint32_t mssa__ll_intrinsic_id(const char *name, size_t n) {
  if (n < 5 || memcmp(name, "llvm.", 5) != 0) return MSSA_INTR_NONE;
  uint32_t best = MSSA_INTR_OTHER;
  size_t bestlen = 0;
  for (size_t i = 0; i < sizeof intrinsics / sizeof intrinsics[0]; i++) {
    size_t k = strlen(intrinsics[i].base);
    if (k > n || memcmp(name, intrinsics[i].base, k) != 0) continue;
    if (k < n && name[k] != '.') continue;
    if (k > bestlen) { best = intrinsics[i].id; bestlen = k; }
  }
  return best;
}
