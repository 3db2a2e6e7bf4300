/*
** ll_read_attr.c -- attributes (`noundef`, `align 8`, `byval(%T)`, `#0`,
** `"key"="value"`, `memory(argmem: read)`, `captures(none)`, `attributes
** #N = {...}`) and intrinsic identification.
**
** Invariants:
**   1. Attribute words are matched by text (binary search), whatever token
**      kind the lexer gave them, so attributes of newer LLVMs that are plain
**      words are kept and ignored, never rejected; a word followed by `(`
**      has its argument list skipped (balanced) unless we know its shape.
**   2. `memory(...)` (LLVM 16+) gives the list's memory effects and the
**      MSSA_A_* bits that say as much (the bits the LLVM 14 alias layer
**      reads); the older spellings (readonly, argmemonly, ...) in function
**      position give the effects LLVM's upgrade gives them. Location kinds
**      we do not know count as "other" memory, so nothing is assumed of
**      them.
**   3. `captures(...)` (LLVM 21+) keeps its components (MSSA_CAP_*);
**      captures(none) also sets MSSA_A_NOCAPTURE, as `nocapture` (which is
**      captures(none)) does.
**   4. `#N` references are recorded (p->agtmp) until the attribute list they
**      belong to exists, then moved to p->agref; groups are merged into the
**      function's bits and memory effects at the end of the module, as
**      groups may be defined after use.
**   5. The intrinsic id of a name is the entry with the longest base name
**      that equals the name or prefixes it followed by '.', so
**      `llvm.memcpy.inline.p0i8...` is MEMCPY_INLINE, not MEMCPY.
*/
#include "reader/reader_internal.h"

#include <string.h>

#include "base/check.h"

enum { AK_NONE, AK_TYPE, AK_INT, AK_ALIGN, AK_ANY, AK_MEMORY, AK_CAPTURES };

/* Where an attribute may stand (bits of attr_def.where). */
enum { AW_PARAM = 1, AW_FN = 2 };

typedef struct attr_def {
  const char *name;
  uint32_t bit;      /* MSSA_A_* it sets */
  uint8_t arg;       /* AK_*: what may follow */
  uint8_t where;     /* AW_*: parameter/return and/or function position */
  uint32_t syntax;   /* MSSA_SYN_* it shows, 0 if LLVM 14 had it */
  uint32_t mem;      /* function position: the memory effects it implies */
} attr_def;

/* Memory effects: all locations `access`, or location `loc` only. */
#define MEM_ALL(access) ((access) * 0x555u)
#define MEM_LOC(loc) (3u << (2 * (loc)))

/* Sorted by name (strcmp). Only words that may appear in parameter or
** return position must be listed for parsing; function-position words
** are listed when they carry a bit or effects. */
static const attr_def attrs[] = {
  {"align", 0, AK_ALIGN, AW_PARAM | AW_FN, 0, MSSA_MEM_ANY},
  {"alignstack", 0, AK_ALIGN, AW_PARAM | AW_FN, 0, MSSA_MEM_ANY},
  {"allocsize", 0, AK_ANY, AW_FN, 0, MSSA_MEM_ANY},
  {"argmemonly", MSSA_A_ARGMEMONLY, AK_NONE, AW_FN, 0, MEM_LOC(MSSA_MEM_ARG)},
  {"builtin", MSSA_A_BUILTIN, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"byref", 0, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"byval", MSSA_A_BYVAL, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"captures", 0, AK_CAPTURES, AW_PARAM, MSSA_SYN_CAPTURES, MSSA_MEM_ANY},
  {"dead_on_return", 0, AK_ANY, AW_PARAM, MSSA_SYN_DEAD_ON_RETURN, MSSA_MEM_ANY},
  {"dead_on_unwind", MSSA_A_DEAD_ON_UNWIND, AK_NONE, AW_PARAM, MSSA_SYN_WRITABLE, MSSA_MEM_ANY},
  {"dereferenceable", MSSA_A_DEREFERENCEABLE, AK_INT, AW_PARAM, 0, MSSA_MEM_ANY},
  {"dereferenceable_or_null", MSSA_A_DEREFERENCEABLE_OR_NULL, AK_INT, AW_PARAM, 0, MSSA_MEM_ANY},
  {"elementtype", 0, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"immarg", MSSA_A_IMMARG, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"inaccessiblemem_or_argmemonly", MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY, AK_NONE, AW_FN, 0,
   MEM_LOC(MSSA_MEM_ARG) | MEM_LOC(MSSA_MEM_INACCESSIBLE)},
  {"inaccessiblememonly", MSSA_A_INACCESSIBLEMEMONLY, AK_NONE, AW_FN, 0, MEM_LOC(MSSA_MEM_INACCESSIBLE)},
  {"inalloca", MSSA_A_INALLOCA, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"initializes", 0, AK_ANY, AW_PARAM, MSSA_SYN_RANGE, MSSA_MEM_ANY},
  {"inreg", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"memory", 0, AK_MEMORY, AW_FN, MSSA_SYN_MEMORY, MSSA_MEM_ANY},
  {"nest", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"noalias", MSSA_A_NOALIAS, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"nobuiltin", MSSA_A_NOBUILTIN, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"nocapture", MSSA_A_NOCAPTURE, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"nofpclass", 0, AK_ANY, AW_PARAM, MSSA_SYN_NOFPCLASS, MSSA_MEM_ANY},
  {"nofree", MSSA_A_NOFREE, AK_NONE, AW_PARAM | AW_FN, 0, MSSA_MEM_ANY},
  {"nomerge", MSSA_A_NOMERGE, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"nonnull", MSSA_A_NONNULL, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"noreturn", MSSA_A_NORETURN, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"nosync", MSSA_A_NOSYNC, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"noundef", MSSA_A_NOUNDEF, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"nounwind", MSSA_A_NOUNWIND, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"null_pointer_is_valid", MSSA_A_NULL_POINTER_IS_VALID, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"optnone", MSSA_A_OPTNONE, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"preallocated", MSSA_A_PREALLOCATED, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"range", 0, AK_ANY, AW_PARAM, MSSA_SYN_RANGE, MSSA_MEM_ANY},
  {"readnone", MSSA_A_READNONE, AK_NONE, AW_PARAM | AW_FN, 0, MEM_ALL(MSSA_MA_NONE)},
  {"readonly", MSSA_A_READONLY, AK_NONE, AW_PARAM | AW_FN, 0, MEM_ALL(MSSA_MA_REF)},
  {"returned", MSSA_A_RETURNED, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"returns_twice", MSSA_A_RETURNS_TWICE, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"signext", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"speculatable", MSSA_A_SPECULATABLE, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"sret", MSSA_A_SRET, AK_TYPE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"swiftasync", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"swifterror", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"swiftself", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
  {"uwtable", 0, AK_ANY, AW_FN, 0, MSSA_MEM_ANY},
  {"vscale_range", 0, AK_ANY, AW_FN, 0, MSSA_MEM_ANY},
  {"willreturn", MSSA_A_WILLRETURN, AK_NONE, AW_FN, 0, MSSA_MEM_ANY},
  {"writable", MSSA_A_WRITABLE, AK_NONE, AW_PARAM, MSSA_SYN_WRITABLE, MSSA_MEM_ANY},
  {"writeonly", MSSA_A_WRITEONLY, AK_NONE, AW_PARAM | AW_FN, 0, MEM_ALL(MSSA_MA_MOD)},
  {"zeroext", 0, AK_NONE, AW_PARAM, 0, MSSA_MEM_ANY},
};

/* The entry of a table sorted by name whose key is s[0..n), or NULL:
** `stride` bytes per entry, the name pointer first. */
static const void *find_named(const void *table, size_t count, size_t stride, const char *s, size_t n) {
  size_t lo = 0, hi = count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *k = *(const char *const *)((const char *)table + mid * stride);
    size_t kn = strlen(k);
    int c = memcmp(s, k, n < kn ? n : kn);
    if (c == 0) c = (n > kn) - (n < kn);
    if (c == 0) return (const char *)table + mid * stride;
    if (c < 0) hi = mid; else lo = mid + 1;
  }
  return NULL;
}

/* The table is sorted by name (strcmp), as find_named needs: for
** MSSA_EXPENSIVE_ASSERT (a pass over the table). */
static MSSA_CHECK_ONLY int attrs_sorted(void) {
  for (size_t i = 1; i < sizeof attrs / sizeof attrs[0]; i++)
    if (strcmp(attrs[i - 1].name, attrs[i].name) >= 0) return 0;
  return 1;
}

static const attr_def *find_attr(const char *s, size_t n) {
  MSSA_EXPENSIVE_ASSERT(attrs_sorted()); /* invariant 1: a binary search by text */
  return find_named(attrs, sizeof attrs / sizeof attrs[0], sizeof attrs[0], s, n);
}

/* The attribute a word token names, or NULL. A keyword's answer is kept in
** the parser: type keywords such as `ptr` reach here before every call's
** return type and each argument, and the search costs a strlen and a
** memcmp per probe. */
static const attr_def *token_attr(ll_parser *p, const ll_tok *t) {
  if (t->kind != LT_KW) return find_attr(p->m->text + t->toff, t->tlen);
  int16_t c = p->kw_attr[t->kw];
  if (c == 0) {
    const attr_def *a = find_attr(p->m->text + t->toff, t->tlen);
    c = a ? (int16_t)(a - attrs + 1) : -1;
    p->kw_attr[t->kw] = c;
  }
  MSSA_EXPENSIVE_ASSERT(c == -1 || (c >= 1 && (size_t)c <= sizeof attrs / sizeof attrs[0]));
  return c > 0 ? &attrs[c - 1] : NULL;
}

static void skip_parens(ll_parser *p) {
  /* at '(' : skip to the balancing ')' (iterative) */
  MSSA_ASSERT(p->lx.tok.kind == LT_LPAREN);
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
  mssa_vec_push(&p->agtmp, pe);
}

static int tok_is(ll_parser *p, const ll_tok *t, const char *s) {
  size_t n = strlen(s);
  return t->tlen == n && memcmp(p->m->text + t->toff, s, n) == 0;
}

/* ------------------------------------------------------- memory effects */

/* The MSSA_A_* bits that say what memory effects `mem` say, as far as the
** LLVM 14 attributes can. */
uint32_t mssa__ll_mem_bits(uint32_t mem) {
  uint32_t any = 0, bits = 0, locs = 0;
  for (uint32_t l = 0; l < MSSA_MEM_NLOC; l++) {
    uint32_t a = MSSA_MEM_GET(mem, l);
    any |= a;
    if (a) locs |= 1u << l;
  }
  if (!any) return MSSA_A_READNONE;
  if (!(any & MSSA_MA_MOD)) bits |= MSSA_A_READONLY;
  if (!(any & MSSA_MA_REF)) bits |= MSSA_A_WRITEONLY;
  if (locs == 1u << MSSA_MEM_ARG) bits |= MSSA_A_ARGMEMONLY;
  else if (locs == 1u << MSSA_MEM_INACCESSIBLE) bits |= MSSA_A_INACCESSIBLEMEMONLY;
  else if (!(locs & ~((1u << MSSA_MEM_ARG) | (1u << MSSA_MEM_INACCESSIBLE))))
    bits |= MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY;
  return bits;
}

/* `none`, `read`, `write` or `readwrite` -> MSSA_MA_*. */
static uint32_t mem_access(ll_parser *p) {
  static const char *const names[] = {"none", "read", "write", "readwrite"};
  ll_tok *t = &p->lx.tok;
  for (uint32_t a = 0; a < 4; a++)
    if ((t->kind == LT_KW || t->kind == LT_IDENT) && tok_is(p, t, names[a])) {
      mssa__ll_next(p);
      return a;
    }
  mssa__ll_err(p, t->off, "expected memory location access kind");
}

/* `memory(...)` after the word: an access for every location, then
** `loc: access` pairs. Returns the effects. */
typedef struct mem_loc_def { const char *name; uint32_t loc, syntax; } mem_loc_def;

static uint32_t parse_memory(ll_parser *p) {
  static const mem_loc_def locs[] = {
    {"argmem", MSSA_MEM_ARG, 0}, {"errnomem", MSSA_MEM_ERRNO, MSSA_SYN_ERRNOMEM},
    {"inaccessiblemem", MSSA_MEM_INACCESSIBLE, 0}, {"other", MSSA_MEM_OTHER, 0},
    {"target_mem0", MSSA_MEM_TARGET0, MSSA_SYN_TARGET_MEM},
    {"target_mem1", MSSA_MEM_TARGET1, MSSA_SYN_TARGET_MEM},
  };
  uint32_t mem = MEM_ALL(MSSA_MA_NONE);
  mssa__ll_expect(p, LT_LPAREN, "'('");
  for (;;) {
    ll_tok t = p->lx.tok;
    if (t.kind == LT_LABEL) {
      mssa__ll_next(p);
      uint32_t a = mem_access(p);
      const mem_loc_def *e = find_named(locs, sizeof locs / sizeof locs[0], sizeof locs[0],
                                        p->m->text + t.toff, t.tlen);
      uint32_t loc = MSSA_MEM_OTHER;
      if (e) {
        loc = e->loc;
        mssa__ll_saw(p, e->syntax);
      }
      /* an unknown location keeps whatever "other" allowed, and more */
      uint32_t old = e ? 0 : MSSA_MEM_GET(mem, loc);
      mem = (mem & ~(3u << (2 * loc))) | ((a | old) << (2 * loc));
    } else {
      mem = MEM_ALL(mem_access(p));
    }
    if (!mssa__ll_eat(p, LT_COMMA)) break;
  }
  mssa__ll_expect(p, LT_RPAREN, "')'");
  return mem;
}

/* `captures(...)` after the word: components, then optionally `ret:` and
** the components of captures through the return value. */
typedef struct capture_def { const char *name; uint32_t bits; } capture_def;

static uint32_t parse_captures(ll_parser *p) {
  static const capture_def comps[] = {
    {"address", MSSA_CAP_ADDRESS}, {"address_is_null", MSSA_CAP_ADDRESS_IS_NULL},
    {"none", 0}, {"provenance", MSSA_CAP_PROVENANCE},
    {"read_provenance", MSSA_CAP_READ_PROVENANCE},
  };
  uint32_t other = 0, ret = 0, *cur = &other;
  int ret_seen = 0;
  mssa__ll_expect(p, LT_LPAREN, "'('");
  for (;;) {
    ll_tok t = p->lx.tok;
    if (t.kind == LT_LABEL && tok_is(p, &t, "ret")) {
      if (ret_seen) mssa__ll_err(p, t.off, "duplicate 'ret' location");
      ret_seen = 1;
      cur = &ret;
      mssa__ll_next(p);
      continue;
    }
    const capture_def *e = (t.kind == LT_KW || t.kind == LT_IDENT)
        ? find_named(comps, sizeof comps / sizeof comps[0], sizeof comps[0], p->m->text + t.toff, t.tlen)
        : NULL;
    if (!e)
      mssa__ll_err(p, t.off, "expected one of 'none', 'address', 'address_is_null', "
                             "'provenance' or 'read_provenance'");
    mssa__ll_next(p);
    *cur |= e->bits;
    if (!mssa__ll_eat(p, LT_COMMA)) break;
  }
  mssa__ll_expect(p, LT_RPAREN, "')'");
  if (!ret_seen) ret = other;
  return other | (ret << 4);
}

/* ------------------------------------------------------------- attributes */

/* What follows attribute `a` (its word consumed). */
static void attr_argument(ll_parser *p, const attr_def *a, int ctx, uint32_t off, ll_attrs *out) {
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
    if (a->bit == MSSA_A_DEREFERENCEABLE) out->deref = n;
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
      if (!strcmp(a->name, "align")) out->align = v > 0xffffffffu ? 0 : (uint32_t)v;
    } else if (ctx != MSSA__ATTR_FN) {
      mssa__ll_err(p, p->lx.tok.off, "expected alignment value");
    }
    break;
  case AK_MEMORY: {
    uint32_t mem = parse_memory(p);
    out->mem &= mem;
    out->bits |= mssa__ll_mem_bits(mem);
    break;
  }
  case AK_CAPTURES: {
    uint32_t caps = parse_captures(p);
    out->caps &= caps;
    if (!caps) out->bits |= MSSA_A_NOCAPTURE;
    break;
  }
  case AK_ANY:
    if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
    break;
  default: break;
  }
}

void mssa__ll_attrs_init(ll_attrs *a) {
  memset(a, 0, sizeof *a);
  a->mem = MSSA_MEM_ANY;
  a->caps = MSSA_CAP_ALL;
}

void mssa__ll_attrs(ll_parser *p, int ctx, ll_attrs *out) {
  for (;;) {
    ll_tok *t = &p->lx.tok;
    if (ctx == MSSA__ATTR_FN && t->kind == LT_ATTRID) { record_group(p, t); mssa__ll_next(p); continue; }
    if (t->kind == LT_STRING) {
      /* "key" or "key"="value" */
      mssa__ll_next(p);
      if (mssa__ll_eat(p, LT_EQ)) mssa__ll_expect(p, LT_STRING, "attribute value string");
      continue;
    }
    if (t->kind != LT_KW && t->kind != LT_IDENT) return;
    const attr_def *a = token_attr(p, t);
    if (!a) {
      if (t->kind == LT_KW) return;          /* a keyword that is not an attribute */
      /* unknown bare word: an attribute of a newer LLVM, kept and ignored */
      mssa__ll_next(p);
      if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
      continue;
    }
    if (!(a->where & (ctx == MSSA__ATTR_FN ? AW_FN : AW_PARAM))) return;
    uint32_t off = t->off;
    mssa__ll_next(p);
    out->bits |= a->bit;
    if (ctx == MSSA__ATTR_FN) out->mem &= a->mem;
    if (a->bit == MSSA_A_NOCAPTURE) out->caps = 0;
    mssa__ll_saw(p, a->syntax);
    attr_argument(p, a, ctx, off, out);
  }
}

uint32_t mssa__ll_attrlist(ll_parser *p, const ll_attrs *fn, uint32_t ret, const uint32_t *params,
                           uint32_t n) {
  mssa_module *m = p->m;
  mssa_attrlist al;
  al.fn = fn->bits;
  al.mem = fn->mem;
  al.ret = ret;
  al.nparams = n;
  al.params = m->pattrs.n;
  for (uint32_t i = 0; i < n; i++) {
    mssa_vec_push(&m->pattrs, params[2 * i]);
    mssa_vec_push(&m->pcaps, (uint8_t)params[2 * i + 1]);
  }
  /* a (bits, captures) pair per parameter: the two arrays stay in step */
  MSSA_ASSERT(m->pattrs.n == al.params + n && m->pcaps.n == m->pattrs.n);
  uint32_t id = m->attrlists.n;
  mssa_vec_push(&m->attrlists, al);
  for (uint32_t i = 0; i < p->agtmp.n; i++) {
    ll_pending pe = p->agtmp.a[i];
    pe.a = id;
    mssa_vec_push(&p->agref, pe);
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
  ll_attrs a;
  mssa__ll_attrs_init(&a);
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
      const attr_def *d = token_attr(p, t);
      uint32_t off = t->off;
      mssa__ll_next(p);
      if (d) {
        a.bits |= d->bit;
        a.mem &= d->mem;
        mssa__ll_saw(p, d->syntax);
        if (d->arg == AK_MEMORY) { attr_argument(p, d, MSSA__ATTR_FN, off, &a); continue; }
      }
      if (p->lx.tok.kind == LT_LPAREN) skip_parens(p);
      else if (mssa__ll_eat(p, LT_EQ)) mssa__ll_uint(p, "attribute value");
      continue;
    }
    mssa__ll_err(p, t->off, "unterminated attribute group");
  }
  if (mssa_u64map_get(&p->agmap, g.num) != MSSA_NONE)
    mssa__ll_err(p, g.off, "attribute group #%u redefined", (unsigned)g.num);
  mssa_u64map_put(&p->agmap, g.num, p->agbits.n);
  mssa_vec_push(&p->agbits, a.bits);
  mssa_vec_push(&p->agmem, a.mem);
  MSSA_ASSERT(p->agbits.n == p->agmem.n); /* invariant 4: one entry per group in each */
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
  {"llvm.allow.runtime.check", MSSA_INTR_ALLOW_RUNTIME_CHECK},
  {"llvm.allow.ubsan.check", MSSA_INTR_ALLOW_UBSAN_CHECK},
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
  /* invariant 5: the best base is the whole name or a prefix ending at '.' */
  MSSA_ASSERT(bestlen == 0 || bestlen == n || name[bestlen] == '.');
  return best;
}
