/*
** mssa_print_attrs.c -- what opt prints differently for each function it
** prints: metadata numbers `!N`, attribute-group numbers `#N`, and the
** `; Function Attrs:` comment before the function.
**
** print<memoryssa> prints each function with Function::print, which makes
** a fresh SlotTracker for the module: it numbers the module level (globals
** and named metadata, the attribute sets of globals and functions) and
** then the one function printed, so a number in opt's printout is not the
** one of the module's text (where every function was numbered in turn).
**
** Invariants:
**   1. A metadata reference `!N` prints as the number the node gets when
**      this function is printed (mssa_md_slots, ir.h): globals' attachments
**      and named metadata first, then the function's attachments, and per
**      instruction its debug records, the metadata operands of an intrinsic
**      call and its attachments, each a preorder walk over node operands in
**      LLVM's operand order. The text's `!N` is found through the reader's
**      table (m->mdnum, or m->mdnum_sparse when the numbers are sparse); a
**      reference to a node not numbered so (a node opt would print inline)
**      prints as written. `!` inside a string is no reference.
**   2. Attribute sets are numbered as SlotTracker numbers them: the global
**      variables' sets, then each function's own set in module order, then
**      the printed function's call-site sets in instruction order; equal
**      sets share a number (equality: see set_key). A function header or a
**      call with inline attributes or several groups prints one `#N`.
**   3. Before a function whose own set has an attribute that is not a
**      string attribute, opt prints `; Function Attrs: ` and those
**      attributes: in LLVM's attribute-kind order for the version
**      (Attributes.inc of LLVM 14, 19, 22), as Attribute::getAsString
**      writes them outside a group (`alignstack(16)` for `alignstack=16`);
**      from LLVM 16 the old memory attributes print as one memory(...),
**      as LLParser upgrades them.
**   4. The module's tables are made once and kept with the module
**      (m->print_cache); they are remade when the module changed (text,
**      metadata, globals, functions or the LLVM version it is read as), so
**      each function costs what it holds, not the module's size.
*/
#include <stdlib.h>
#include <string.h>

#include "mssa/mssa.h"
#include "mssa/mssa_print_internal.h"

typedef mssa__tok tok;
#define next_tok mssa__next_tok
#define tok_is mssa__tok_is
#define depth_step mssa__depth_step
#define match_close mssa__match_close

/* ---------------------------------------------------------- the tables */

/* An attribute set as a comparable key: its attributes as text (spaces
** removed, `k=v` written `k(v)`), sorted, one per line. For LLVM 16 and
** newer the memory attributes (readnone, readonly, writeonly, argmemonly,
** inaccessiblememonly, inaccessiblemem_or_argmemonly, memory(...)) become
** one memory effect, as LLParser upgrades them, so `readonly` and
** `memory(read)` are one set. Other spellings LLVM would unify (e.g.
** `uwtable` and `uwtable(async)`) count as different sets. */
typedef struct strv {
  MSSA_VEC(char *) v;
} strv;

static void strv_free(strv *a) {
  for (uint32_t i = 0; i < a->v.n; i++) free(a->v.a[i]);
  free(a->v.a);
  memset(a, 0, sizeof *a);
}

/* `attributes #N = { ... }` of the module: N and the span inside braces;
** for a global variable's attributes, the span from its first `#`. */
typedef struct agroup {
  uint64_t num;
  size_t off, end;
  uint32_t key;   /* its set's key id, MSSA_NONE until needed */
} agroup;

struct mssa__pcache {
  /* what the tables were made from (invariant 4) */
  const char *text;
  size_t text_len;
  uint32_t nmd, nfuncs, nglobals, nnamed;
  unsigned version;          /* LLVM version the tables are for */
  mssa_md_slots *md;
  MSSA_VEC(agroup) groups;
  MSSA_VEC(agroup) gvars;
  mssa_u32vec bynum;         /* group number -> index in groups (small numbers) */
  strv keys;                 /* distinct sets; the first nmod in module order */
  strv notes;                /* per key: its Function Attrs text, NULL until made */
  uint32_t nmod;
  uint32_t *fkey;            /* per function: its own set's key id or MSSA_NONE */
  /* the function being printed: its call-site sets' numbers */
  uint32_t *cnum, *cgen, ccap, cur, next;
};

static void find_groups(mssa__pcache *pc, const mssa_module *m) {
  const char *t = m->text;
  size_t n = m->text_len;
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - t) : n;
    /* a global; its attributes: from a top-level `#` */
    if (t[i] == '@' && memchr(t + i, '#', e - i)) {
      int depth = 0;
      for (tok k = next_tok(t, e, i); k.kind; k = next_tok(t, e, k.end)) {
        depth += depth_step(k.kind);
        if (depth == 0 && k.kind == 'w' && t[k.off] == '#') {
          agroup g = {0, k.off, e, MSSA_NONE};
          mssa_vec_push(&pc->gvars, g);
          break;
        }
      }
    } else if (e - i > 12 && !memcmp(t + i, "attributes #", 12)) {
      agroup g = {0, 0, 0, MSSA_NONE};
      size_t j = i + 12;
      while (j < e && t[j] >= '0' && t[j] <= '9') g.num = g.num * 10 + (uint64_t)(t[j++] - '0');
      const char *lb = memchr(t + j, '{', e - j);
      if (lb) {
        g.off = (size_t)(lb - t) + 1;
        /* the closing brace: the group may span lines (strings hold none) */
        size_t k = g.off;
        bool str = false;
        while (k < n && (str || t[k] != '}')) {
          if (t[k] == '"') str = !str;
          k++;
        }
        g.end = k;
        mssa_vec_push(&pc->groups, g);
        e = k < n ? k : n;
      }
    }
    i = e + 1;
  }
  uint64_t hi = 0;
  for (uint32_t k = 0; k < pc->groups.n; k++)
    if (pc->groups.a[k].num + 1 > hi) hi = pc->groups.a[k].num + 1;
  if (hi <= 4 * (uint64_t)pc->groups.n + 1024) {
    mssa_vec_reserve(&pc->bynum, (uint32_t)hi);
    for (uint32_t k = 0; k < hi; k++) pc->bynum.a[k] = MSSA_NONE;
    pc->bynum.n = (uint32_t)hi;
    for (uint32_t k = 0; k < pc->groups.n; k++) pc->bynum.a[pc->groups.a[k].num] = k;
  }
}

/* The group a `#N` token names, NULL when none. */
static agroup *group(mssa__pcache *pc, const char *s, tok t) {
  uint64_t num = 0;
  for (size_t i = t.off + 1; i < t.end; i++) num = num * 10 + (uint64_t)(s[i] - '0');
  if (pc->bynum.n) {
    uint32_t k = num < pc->bynum.n ? pc->bynum.a[num] : MSSA_NONE;
    return k == MSSA_NONE ? NULL : &pc->groups.a[k];
  }
  for (uint32_t i = 0; i < pc->groups.n; i++)
    if (pc->groups.a[i].num == num) return &pc->groups.a[i];
  return NULL;
}

/* Words of a function header that end its attributes (LLParser's order:
** attributes, then section, partition, comdat, align, gc, prefix, ...),
** and the `to label` of an invoke or callbr. */
static bool ends_attrs(const char *s, tok t) {
  static const char *const w[] = {"section", "partition", "comdat", "align", "gc", "prefix",
                                  "prologue", "personality", "to"};
  if (t.kind == '[' || t.kind == ',' || t.kind == '{') return true;
  if (t.kind != 'w') return false;
  char c0 = s[t.off];
  if (c0 == '!') return true;
  if (!strchr("spcagt", c0)) return false;   /* (most words: no strings compared) */
  for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
    if (w[i][0] == c0 && tok_is(s, t, w[i])) return true;
  return false;
}

/* A header's words that are no attributes: unnamed_addr, addrspace(N).
** Returns the last token of such a word, kind 0 if t is none. */
static tok not_attr(const char *s, size_t e, tok t) {
  if (tok_is(s, t, "unnamed_addr") || tok_is(s, t, "local_unnamed_addr")) return t;
  if (tok_is(s, t, "addrspace")) {   /* a function's address space */
    tok u = next_tok(s, e, t.end);
    while (u.kind && u.kind != ')') u = next_tok(s, e, u.end);
    return u;
  }
  t.kind = 0;
  return t;
}

/* Appends the attributes in s[i..e) to `out`, `#N` groups expanded; stops
** at a top-level `[`, `,`, `{` or a word ending a header's attributes.
** `shown`: as Function Attrs shows them (as written, `k=v` as `k(v)`,
** string attributes left out); else as keys (spaces removed). */
static void collect(mssa__pcache *pc, const mssa_module *m, const char *s, size_t i, size_t e,
                    strv *out, int nesting, bool shown) {
  for (tok t = next_tok(s, e, i); t.kind; t = next_tok(s, e, t.end)) {
    if (ends_attrs(s, t)) return;
    tok na = not_attr(s, e, t);
    if (na.kind) {
      t = na;
      continue;
    }
    if (t.kind == 'w' && s[t.off] == '#') {
      const agroup *g = group(pc, s, t);
      if (g && nesting == 0) collect(pc, m, m->text, g->off, g->end, out, 1, shown);
      continue;
    }
    mssa_buf b = {0};
    size_t start = t.off;
    mssa_buf_append(&b, s + t.off, t.end - t.off);
    tok u = next_tok(s, e, t.end);
    bool str = t.kind == '"';
    if (t.kind == 'w' && u.kind == '(') {   /* memory(argmem: read) */
      int depth = 0;
      do {
        depth += depth_step(u.kind);
        mssa_buf_append(&b, s + u.off, u.end - u.off);
        t = u;
        u = next_tok(s, e, u.end);
      } while (depth > 0 && u.kind);
      if (shown) {
        b.n = 0;
        mssa_buf_append(&b, s + start, t.end - start);
      }
    } else if (u.kind == '=') {   /* "key"="value", alignstack=16 */
      tok v = next_tok(s, e, u.end);
      mssa_buf_puts(&b, str ? "=" : "(");
      mssa_buf_append(&b, s + v.off, v.end - v.off);
      if (!str) mssa_buf_puts(&b, ")");
      t = v;
    }
    if (shown && str) mssa_buf_free(&b);
    else mssa_vec_push(&out->v, mssa_buf_steal(&b, NULL));
  }
}

/* Memory locations of memory(...), in a fixed order; a bare access sets
** them all. */
static const char *const mem_locs[] = {"argmem", "inaccessiblemem", "errnomem", "other",
                                       "target_mem0", "target_mem1"};
enum { NLOCS = sizeof mem_locs / sizeof mem_locs[0] };

static int mem_access(const char *s, size_t n) {
  if (n == 4 && !memcmp(s, "none", 4)) return 0;
  if (n == 4 && !memcmp(s, "read", 4)) return 1;
  if (n == 5 && !memcmp(s, "write", 5)) return 2;
  return 3;
}

/* memory(...) text without spaces -> access per location, into eff; a
** location it does not name has none (memory(argmem: read)). */
static void parse_memory(const char *s, uint8_t *eff) {
  const char *p = s + 7;   /* past "memory(" */
  memset(eff, 0, NLOCS);
  while (*p && *p != ')') {
    size_t n = strcspn(p, ",)");
    const char *colon = memchr(p, ':', n);
    if (!colon) {
      for (int k = 0; k < NLOCS; k++) eff[k] = (uint8_t)mem_access(p, n);
    } else {
      for (int k = 0; k < NLOCS; k++)
        if ((size_t)(colon - p) == strlen(mem_locs[k]) && !memcmp(p, mem_locs[k], colon - p))
          eff[k] = (uint8_t)mem_access(colon + 1, n - (size_t)(colon - p) - 1);
    }
    p += n;
    if (*p == ',') p++;
  }
}

/* The memory effect of the old attributes and memory(...) in `a` (taken
** out of it), LLParser's upgrade (LLVM >= 16); false when there is none. */
static bool take_memory(strv *a, uint8_t *eff) {
  int access = -1, locs = 0;   /* locs: 1 argmem, 2 inaccessiblemem */
  bool have_mem = false;
  memset(eff, 3, NLOCS);
  uint32_t w = 0;
  for (uint32_t i = 0; i < a->v.n; i++) {
    const char *x = a->v.a[i];
    if (!strcmp(x, "readnone")) access = 0;
    else if (!strcmp(x, "readonly")) access = 1;
    else if (!strcmp(x, "writeonly")) access = 2;
    else if (!strcmp(x, "argmemonly")) locs |= 1;
    else if (!strcmp(x, "inaccessiblememonly")) locs |= 2;
    else if (!strcmp(x, "inaccessiblemem_or_argmemonly")) locs |= 3;
    else if (!strncmp(x, "memory(", 7)) {
      char tight[256];
      size_t k = 0;
      for (const char *p = x; *p && k + 1 < sizeof tight; p++)
        if (*p != ' ') tight[k++] = *p;
      tight[k] = 0;
      parse_memory(tight, eff);
      have_mem = true;
    } else { a->v.a[w++] = a->v.a[i]; continue; }
    free(a->v.a[i]);
  }
  a->v.n = w;
  if (access < 0 && !locs && !have_mem) return false;
  uint8_t acc = (uint8_t)(access < 0 ? 3 : access);
  for (int k = 0; k < NLOCS; k++) {
    bool in = !locs || (k == 0 && (locs & 1)) || (k == 1 && (locs & 2));
    eff[k] &= in ? acc : 0;
  }
  return true;
}

static int cmp_str(const void *x, const void *y) {
  return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The key of the attributes in s[i..e) (see strv above); "" for none. */
static char *set_key(mssa__pcache *pc, const mssa_module *m, const char *s, size_t i, size_t e) {
  strv a = {{0}};
  collect(pc, m, s, i, e, &a, 0, false);
  uint8_t eff[NLOCS];
  if (m->llvm_version >= 16 && take_memory(&a, eff)) {
    mssa_buf b = {0};
    mssa_buf_puts(&b, "memory:");
    for (int k = 0; k < NLOCS; k++) mssa_buf_printf(&b, "%u", eff[k]);
    mssa_vec_push(&a.v, mssa_buf_steal(&b, NULL));
  }
  if (a.v.n > 1) qsort(a.v.a, a.v.n, sizeof *a.v.a, cmp_str);
  mssa_buf b = {0};
  mssa_buf_puts(&b, "");
  for (uint32_t k = 0; k < a.v.n; k++)
    if (k == 0 || strcmp(a.v.a[k], a.v.a[k - 1])) mssa_buf_printf(&b, "%s\n", a.v.a[k]);
  strv_free(&a);
  return mssa_buf_steal(&b, NULL);
}

/* The id of set `key` (taken), added when new; MSSA_NONE for no set. */
static uint32_t intern(mssa__pcache *pc, char *key) {
  if (!*key) {
    free(key);
    return MSSA_NONE;
  }
  for (uint32_t i = 0; i < pc->keys.v.n; i++)
    if (!strcmp(pc->keys.v.a[i], key)) {
      free(key);
      return i;
    }
  mssa_vec_push(&pc->keys.v, key);
  mssa_vec_push(&pc->notes.v, NULL);
  return pc->keys.v.n - 1;
}

/* The set id of the attributes in s[from..to): one `#N` (the common case)
** is looked up, anything else keyed. */
static uint32_t span_key(mssa__pcache *pc, const mssa_module *m, const char *s, size_t from,
                         size_t to) {
  tok t = next_tok(s, to, from);
  if (t.kind == 'w' && s[t.off] == '#') {
    tok u = next_tok(s, to, t.end);
    if (!u.kind || ends_attrs(s, u)) {
      agroup *g = group(pc, s, t);
      if (!g) return MSSA_NONE;
      if (g->key == MSSA_NONE) g->key = intern(pc, set_key(pc, m, m->text, g->off, g->end));
      return g->key;
    }
  }
  return intern(pc, set_key(pc, m, s, from, to));
}

/* The span of a call's function attributes: after the argument list's
** `)` (the last top-level parenthesis not opened right after a keyword,
** so not `memory(` nor a type's parameter list `i32 (`) up to a bundle
** `[`, a `,`, an invoke's `to`, or in a header the words that end its
** attributes. False when there is no argument list. */
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool is_brk(char c) {
  switch (c) {
  case '(': case ')': case '[': case ']': case '{': case '}': case '<': case '>': case ',':
  case '=': case '*':
    return true;
  default:
    return false;
  }
}
/* A word runs to a bracket, space, '"' or ';' (letters and digits, the
** commonest, are decided first). */
static bool word_char(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) return true;
  return c && !is_brk(c) && c != '"' && c != ';' && !is_space(c);
}

/* Past the token at s[i] (the lexer of mssa__next_tok, one character at a
** time: this runs over every call's text); *kind as mssa__tok.kind. */
static size_t skip_tok(const char *s, size_t n, size_t i, char *kind) {
  if (s[i] == '"') {
    const char *q = memchr(s + i + 1, '"', n - i - 1);
    *kind = '"';
    return q ? (size_t)(q - s) + 1 : n;
  }
  if (is_brk(s[i])) {
    *kind = s[i];
    return i + 1;
  }
  *kind = 'w';
  while (i < n && word_char(s[i])) i++;
  return i;
}

/* The end of the group opened at s[i]; n when unbalanced. */
static size_t skip_group(const char *s, size_t n, size_t i) {
  int d = 0;
  while (i < n) {
    char c = s[i], k;
    if (is_space(c)) { i++; continue; }
    if (c == ';') {   /* a comment inside multi-line text */
      const char *nl = memchr(s + i, '\n', n - i);
      i = nl ? (size_t)(nl - s) : n;
      continue;
    }
    i = skip_tok(s, n, i, &k);
    d += depth_step(k);
    if (d == 0) return i;
  }
  return n;
}

static bool attr_span(const char *s, size_t n, size_t *from, size_t *to) {
  int depth = 0;
  size_t rp = 0, i = 0;
  bool found = false;
  char pk = 0, pc = 0;   /* the previous token's kind and first character */
  while (i < n) {
    char c = s[i], k;
    if (is_space(c)) { i++; continue; }
    if (c == ';') {
      const char *nl = memchr(s + i, '\n', n - i);
      i = nl ? (size_t)(nl - s) : n;
      continue;
    }
    if (c == '(' && depth == 0 && !(pk == 'w' && ((pc >= 'a' && pc <= 'z') || pc == '!'))) {
      size_t e = skip_group(s, n, i);   /* an argument list */
      if (e >= n && (e == 0 || s[e - 1] != ')')) return false;
      rp = i = e;
      found = true;
      pk = ')';
      continue;
    }
    size_t e = skip_tok(s, n, i, &k);
    depth += depth_step(k);
    pk = k;
    pc = c;
    i = e;
  }
  if (!found) return false;
  size_t e = rp;
  for (tok t = next_tok(s, n, rp); t.kind && !ends_attrs(s, t); t = next_tok(s, n, t.end)) {
    if (t.kind == '(') {   /* memory(...): to its `)` */
      t = match_close(s, n, t);
      if (!t.kind) break;
    }
    e = t.end;
  }
  *from = rp;
  *to = e;
  return true;
}

/* Distinct attribute sets of the intrinsics below (opt-14, opt-19 and
** opt-22 -S on declarations of each, and on the corpora). */
static const char *const intr_sets[] = {
  "nofree nosync nounwind readnone speculatable willreturn",
  "nocallback nofree nosync nounwind speculatable willreturn memory(none)",
  "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)",
  "nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)",
  "inaccessiblememonly nofree nosync nounwind willreturn",
  "nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)",
  "nounwind",
  "nounwind readnone",
  "nounwind memory(none)",
  "nofree nosync nounwind readnone willreturn",
  "nocallback nofree nosync nounwind willreturn memory(none)",
  "nofree nosync willreturn",
  "",
  "argmemonly nofree nosync nounwind willreturn",
  "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)",
  "convergent nofree nosync nounwind readnone willreturn",
  "convergent nocallback nofree nosync nounwind willreturn memory(none)",
  "inaccessiblememonly nofree nosync nounwind speculatable willreturn",
  "nocallback nofree nosync nounwind speculatable willreturn memory(inaccessiblemem: readwrite)",
  "argmemonly nofree nosync nounwind readonly willreturn",
  "nocallback nofree nosync nounwind willreturn memory(argmem: read)",
  "nofree nosync nounwind readonly willreturn",
  "nocallback nofree nosync nounwind willreturn memory(read)",
  "nofree nosync nounwind willreturn writeonly",
  "nocallback nofree nosync nounwind willreturn memory(write)",
  "argmemonly nofree nosync nounwind willreturn writeonly",
  "nocallback nofree nosync nounwind willreturn memory(argmem: write)",
  "argmemonly nofree nounwind willreturn",
  "nocallback nofree nounwind willreturn memory(argmem: readwrite)",
  "argmemonly nofree nounwind willreturn writeonly",
  "nocallback nofree nounwind willreturn memory(argmem: write)",
  "inaccessiblemem_or_argmemonly nofree nosync nounwind willreturn",
  "nocallback nofree nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: readwrite)",
  "nofree nosync nounwind willreturn",
  "nocallback nofree nosync nounwind willreturn",
  "cold noreturn nounwind",
  "cold noreturn nounwind memory(inaccessiblemem: write)",
};
/* Intrinsic (name without overload suffixes) -> its function attributes
** in LLVM 14, 19 and 22 as indices into intr_sets; -1 where that LLVM has
** no such intrinsic or it was not asked; -2 where the declaration is
** gone by the time a pass runs (LLVM 22 drops the debug intrinsics, whose
** calls became debug records). */
static const struct { const char *name; int8_t set[3]; } intr_attrs[] = {
  {"llvm.abs", {0, 1, 1}},
  {"llvm.allow.runtime.check", {-1, 2, 3}},
  {"llvm.allow.ubsan.check", {-1, 2, 3}},
  {"llvm.annotation", {-1, 3, 3}},
  {"llvm.assume", {4, 2, 2}},
  {"llvm.bitreverse", {0, 1, 5}},
  {"llvm.bswap", {0, 1, 5}},
  {"llvm.canonicalize", {0, 1, 5}},
  {"llvm.ceil", {0, 1, 5}},
  {"llvm.clear_cache", {6, 6, 6}},
  {"llvm.copysign", {0, 1, 5}},
  {"llvm.cos", {0, 1, 5}},
  {"llvm.ctlz", {0, 1, 1}},
  {"llvm.ctpop", {0, 1, 5}},
  {"llvm.cttz", {0, 1, 1}},
  {"llvm.dbg.assign", {-1, 1, -2}},
  {"llvm.dbg.declare", {0, 1, -2}},
  {"llvm.dbg.label", {0, 1, -2}},
  {"llvm.dbg.value", {0, 1, -2}},
  {"llvm.debugtrap", {6, 6, 6}},
  {"llvm.eh.typeid.for", {7, 8, 8}},
  {"llvm.exp", {0, 1, 5}},
  {"llvm.exp2", {0, 1, 5}},
  {"llvm.expect", {9, 10, 10}},
  {"llvm.experimental.guard", {11, 12, 12}},
  {"llvm.experimental.noalias.scope.decl", {4, 3, 3}},
  {"llvm.fabs", {0, 1, 5}},
  {"llvm.floor", {0, 1, 5}},
  {"llvm.fma", {0, 1, 5}},
  {"llvm.fmuladd", {0, 1, 5}},
  {"llvm.frameaddress", {9, 10, 10}},
  {"llvm.fshl", {0, 1, 5}},
  {"llvm.fshr", {0, 1, 5}},
  {"llvm.invariant.end", {13, 14, 14}},
  {"llvm.invariant.start", {13, 14, 14}},
  {"llvm.is.constant", {15, 16, 16}},
  {"llvm.is.fpclass", {-1, 1, 5}},
  {"llvm.launder.invariant.group", {17, 18, 18}},
  {"llvm.lifetime.end", {13, 14, 14}},
  {"llvm.lifetime.start", {13, 14, 14}},
  {"llvm.llrint", {0, 1, 5}},
  {"llvm.llround", {0, 1, 5}},
  {"llvm.load.relative", {19, 20, 20}},
  {"llvm.log", {0, 1, 5}},
  {"llvm.log10", {0, 1, 5}},
  {"llvm.log2", {0, 1, 5}},
  {"llvm.lrint", {0, 1, 5}},
  {"llvm.lround", {0, 1, 5}},
  {"llvm.masked.gather", {21, 22, 22}},
  {"llvm.masked.load", {19, 20, 20}},
  {"llvm.masked.scatter", {23, 24, 24}},
  {"llvm.masked.store", {25, 26, 26}},
  {"llvm.maximum", {0, 1, 5}},
  {"llvm.maxnum", {0, 1, 5}},
  {"llvm.memcpy", {27, 28, 28}},
  {"llvm.memcpy.inline", {27, 28, 28}},
  {"llvm.memmove", {27, 28, 28}},
  {"llvm.memset", {29, 30, 30}},
  {"llvm.memset.inline", {-1, 30, 30}},
  {"llvm.minimum", {0, 1, 5}},
  {"llvm.minnum", {0, 1, 5}},
  {"llvm.nearbyint", {0, 1, 5}},
  {"llvm.objectsize", {0, 1, 1}},
  {"llvm.pow", {0, 1, 5}},
  {"llvm.powi", {0, 1, 5}},
  {"llvm.prefetch", {31, 32, 32}},
  {"llvm.pseudoprobe", {4, 3, 3}},
  {"llvm.ptr.annotation", {-1, 3, 3}},
  {"llvm.readcyclecounter", {33, 34, 34}},
  {"llvm.returnaddress", {9, 10, 10}},
  {"llvm.rint", {0, 1, 5}},
  {"llvm.round", {0, 1, 5}},
  {"llvm.roundeven", {0, 1, 5}},
  {"llvm.sadd.sat", {0, 1, 5}},
  {"llvm.sadd.with.overflow", {0, 1, 5}},
  {"llvm.sideeffect", {4, 3, 3}},
  {"llvm.sin", {0, 1, 5}},
  {"llvm.smax", {0, 1, 5}},
  {"llvm.smin", {0, 1, 5}},
  {"llvm.smul.with.overflow", {0, 1, 5}},
  {"llvm.sqrt", {0, 1, 5}},
  {"llvm.ssub.sat", {0, 1, 5}},
  {"llvm.ssub.with.overflow", {0, 1, 5}},
  {"llvm.stackrestore", {33, 34, 34}},
  {"llvm.stacksave", {33, 34, 34}},
  {"llvm.strip.invariant.group", {0, 1, 1}},
  {"llvm.threadlocal.address", {-1, 1, 1}},
  {"llvm.trap", {35, 36, 36}},
  {"llvm.trunc", {0, 1, 5}},
  {"llvm.uadd.sat", {0, 1, 5}},
  {"llvm.uadd.with.overflow", {0, 1, 5}},
  {"llvm.ubsantrap", {35, 35, 36}},
  {"llvm.umax", {0, 1, 5}},
  {"llvm.umin", {0, 1, 5}},
  {"llvm.umul.with.overflow", {0, 1, 5}},
  {"llvm.usub.sat", {0, 1, 5}},
  {"llvm.usub.with.overflow", {0, 1, 5}},
  {"llvm.va_copy", {33, 34, 34}},
  {"llvm.va_end", {33, 34, 34}},
  {"llvm.va_start", {33, 34, 34}},
  {"llvm.var.annotation", {-1, 3, 3}},
  {"llvm.vector.reduce.add", {9, 1, 1}},
  {"llvm.vector.reduce.and", {9, 1, 1}},
  {"llvm.vector.reduce.mul", {9, 1, 1}},
  {"llvm.vector.reduce.or", {9, 1, 1}},
  {"llvm.vector.reduce.smax", {9, 1, 1}},
  {"llvm.vector.reduce.smin", {9, 1, 1}},
  {"llvm.vector.reduce.umax", {9, 1, 1}},
  {"llvm.vector.reduce.umin", {9, 1, 1}},
  {"llvm.vector.reduce.xor", {9, 1, 1}},
};

/* A type part of an overloaded intrinsic's name: p0, i32, f64, v4i32,
** v4p0, p0i8 (typed pointers), s_struct.x... */
static bool type_part(const char *s, size_t n) {
  if (n >= 2 && strchr("pivfma", s[0]) && s[1] >= '0' && s[1] <= '9') return true;
  return (n >= 2 && s[0] == 's' && s[1] == '_') || (n == 6 && !memcmp(s, "isVoid", 6));
}

/* The attributes LLVM `v` gives intrinsic `name` whatever the text says
** (UpgradeIntrinsicFunction sets them from the intrinsic table), "" when
** its declaration is gone, NULL when the table above does not know it
** (the text's are kept then). */
static const char *intrinsic_attrs(const char *name, unsigned v) {
  if (strncmp(name, "llvm.", 5)) return NULL;
  int col = v >= 22 ? 2 : v >= 19 ? 1 : 0;
  const char *best = NULL;
  size_t best_len = 0;
  for (size_t k = 0; k < sizeof intr_attrs / sizeof intr_attrs[0]; k++) {
    size_t bl = strlen(intr_attrs[k].name);
    if (bl <= best_len || strncmp(name, intr_attrs[k].name, bl)) continue;
    bool ok = name[bl] == 0 || name[bl] == '.';
    for (const char *p = name + bl; ok && *p;) {   /* the rest: type parts only */
      const char *q = p + 1, *e = strchr(q, '.');
      size_t len = e ? (size_t)(e - q) : strlen(q);
      ok = type_part(q, len);
      p = q + len;
    }
    if (!ok) continue;
    best_len = bl;
    int set = intr_attrs[k].set[col];
    best = set == -2 ? "" : set < 0 ? NULL : intr_sets[set];
  }
  return best;
}

static void pcache_free(void *p) {
  mssa__pcache *pc = p;
  if (!pc) return;
  mssa_md_slots_free(pc->md);
  free(pc->groups.a);
  free(pc->gvars.a);
  free(pc->bynum.a);
  strv_free(&pc->keys);
  for (uint32_t i = 0; i < pc->notes.v.n; i++) free(pc->notes.v.a[i]);
  free(pc->notes.v.a);
  free(pc->fkey);
  free(pc->cnum);
  free(pc->cgen);
  free(pc);
}

/* The module level of SlotTracker's attribute-set numbering (invariant 2). */
static void number_module_sets(mssa__pcache *pc, const mssa_module *m) {
  find_groups(pc, m);
  for (uint32_t k = 0; k < pc->gvars.n; k++)   /* SlotTracker: globals first */
    intern(pc, set_key(pc, m, m->text, pc->gvars.a[k].off, pc->gvars.a[k].end));
  pc->fkey = mssa_xmalloc(((size_t)m->funcs.n + 1) * sizeof *pc->fkey);
  for (uint32_t k = 0; k < m->funcs.n; k++) {
    const mssa_func *g = &m->funcs.a[k];
    size_t from, to;
    const char *h = m->text + g->head_off;
    pc->fkey[k] = MSSA_NONE;
    const char *ia = intrinsic_attrs(mssa_str(m, g->name), mssa_module_llvm_version(m));
    if (ia) pc->fkey[k] = intern(pc, set_key(pc, m, ia, 0, strlen(ia)));
    else if (g->head_len && attr_span(h, g->head_len, &from, &to))
      pc->fkey[k] = span_key(pc, m, h, from, to);
  }
  pc->nmod = pc->keys.v.n;
}

static bool pcache_current(const mssa__pcache *pc, const mssa_module *m) {
  /* a reparse in place (retext) resets md_canon, even when the new text
  ** happens to have the old one's address and length */
  return pc->text == m->text && pc->text_len == m->text_len && pc->nmd == m->md.n &&
         m->md_canon.n == m->md.n && pc->version == mssa_module_llvm_version(m) &&
         pc->nfuncs == m->funcs.n && pc->nglobals == m->globals.n && pc->nnamed == m->named_md.n;
}

mssa__pcache *mssa__pcache_begin(const mssa_module *m, const mssa_func *f) {
  mssa_module *mm = (mssa_module *)m;   /* the cache is the printer's, not the module's */
  mssa__pcache *pc = m->print_cache;
  if (pc && !pcache_current(pc, m)) {
    pcache_free(pc);
    pc = mm->print_cache = NULL;
  }
  if (!pc) {
    pc = mssa_xcalloc(1, sizeof *pc);
    pc->text = m->text;
    pc->text_len = m->text_len;
    pc->nmd = m->md.n;
    pc->nfuncs = m->funcs.n;
    pc->nglobals = m->globals.n;
    pc->nnamed = m->named_md.n;
    pc->version = mssa_module_llvm_version(m);
    pc->md = mssa_md_slots_new(m);
    number_module_sets(pc, m);
    mm->print_cache = pc;
    mm->print_cache_free = pcache_free;
  }
  uint32_t fi = (uint32_t)(f - m->funcs.a);
  mssa_md_slots_func(pc->md, m, fi < m->funcs.n ? fi : MSSA_NONE);
  if (++pc->cur == 0) {
    if (pc->cgen) memset(pc->cgen, 0, pc->ccap * sizeof *pc->cgen);
    pc->cur = 1;
  }
  pc->next = pc->nmod;
  return pc;
}

/* The number set `key` prints with in this function (invariant 2). */
static uint32_t set_number(mssa__pcache *pc, uint32_t key) {
  if (key == MSSA_NONE || key < pc->nmod) return key;
  if (key >= pc->ccap) {
    uint32_t cap = pc->ccap ? pc->ccap : 16;
    while (cap <= key) cap *= 2;
    pc->cnum = mssa_xrealloc(pc->cnum, cap * sizeof *pc->cnum);
    pc->cgen = mssa_xrealloc(pc->cgen, cap * sizeof *pc->cgen);
    memset(pc->cgen + pc->ccap, 0, (cap - pc->ccap) * sizeof *pc->cgen);
    pc->ccap = cap;
  }
  if (pc->cgen[key] != pc->cur) {
    pc->cgen[key] = pc->cur;
    pc->cnum[key] = pc->next++;
  }
  return pc->cnum[key];
}

/* ------------------------------------------------------------ metadata */

static void put_u32(FILE *out, uint32_t v) {
  char b[12];
  int i = sizeof b;
  do b[--i] = (char)('0' + v % 10); while ((v /= 10) && i > 0);
  fwrite(b + i, 1, sizeof b - (size_t)i, out);
}

/* A line being assembled, written with one fwrite (most text is a few
** pieces around renumbered references; a call per piece showed). */
typedef struct obuf {
  FILE *out;
  size_t n;
  char b[1024];
} obuf;

static void ob_put(obuf *o, const char *s, size_t n) {
  if (o->n + n > sizeof o->b) {
    fwrite(o->b, 1, o->n, o->out);
    o->n = 0;
    if (n > sizeof o->b) {
      fwrite(s, 1, n, o->out);
      return;
    }
  }
  memcpy(o->b + o->n, s, n);
  o->n += n;
}

static void ob_u32(obuf *o, uint32_t v) {
  char b[12];
  int i = sizeof b;
  do b[--i] = (char)('0' + v % 10); while ((v /= 10) && i > 0);
  ob_put(o, b + i, sizeof b - (size_t)i);
}

void mssa__put_text(FILE *out, const mssa__canon *c, const char *s, size_t n) {
  const mssa_module *m = c->m;
  const mssa_u32vec *num = &m->mdnum;
  const mssa_u64map *sparse = &m->mdnum_sparse;
  obuf o;
  o.out = out;
  o.n = 0;
  size_t i = 0, done = 0;
  bool strings = memchr(s, '"', n) != NULL;
  while ((num->n || sparse->n) && i < n) {
    const char *b = memchr(s + i, '!', n - i);
    if (!b) break;
    size_t k = (size_t)(b - s);
    const char *q = strings ? memchr(s + i, '"', k - i) : NULL;
    if (q) {   /* a string before it: skip the string (invariant 1) */
      const char *qe = memchr(q + 1, '"', n - (size_t)(q + 1 - s));
      i = qe ? (size_t)(qe - s) + 1 : n;
      continue;
    }
    i = k + 1;
    if (i >= n || s[i] < '0' || s[i] > '9') continue;
    uint64_t v = 0;
    size_t j = i;
    while (j < n && s[j] >= '0' && s[j] <= '9' && v <= UINT32_MAX) v = v * 10 + (uint64_t)(s[j++] - '0');
    uint32_t md = num->n ? (v < num->n ? num->a[v] : MSSA_NONE) : mssa_u64map_get(sparse, v);
    uint32_t slot = md == MSSA_NONE ? MSSA_NONE : mssa_md_slot(c->pc->md, m, md);
    if (slot != MSSA_NONE && slot != v) {
      ob_put(&o, s + done, i - done);
      ob_u32(&o, slot);
      done = j;
    }
    i = j;
  }
  if (!o.n) {
    fwrite(s + done, 1, n - done, out);
    return;
  }
  ob_put(&o, s + done, n - done);
  fwrite(o.b, 1, o.n, out);
}

/* ---------------------------------------------------- attribute groups */

/* LLVM's attribute kinds in enum order (Attributes.inc), which is the
** order of a set's attributes: LLVM 14, 19 and 22. */
static const char *const attr_order14[] = {
  "alwaysinline", "argmemonly", "builtin", "cold", "convergent",
  "disable_sanitizer_instrumentation", "hot", "immarg", "inreg", "inaccessiblememonly",
  "inaccessiblemem_or_argmemonly", "inlinehint", "jumptable", "minsize", "mustprogress", "naked",
  "nest", "noalias", "nobuiltin", "nocallback", "nocapture", "nocf_check", "noduplicate",
  "nofree", "noimplicitfloat", "noinline", "nomerge", "noprofile", "norecurse", "noredzone",
  "noreturn", "nosanitize_coverage", "nosync", "noundef", "nounwind", "nonlazybind", "nonnull",
  "null_pointer_is_valid", "optforfuzzing", "optsize", "optnone", "readnone", "readonly",
  "returned", "returns_twice", "signext", "safestack", "sanitize_address", "sanitize_hwaddress",
  "sanitize_memtag", "sanitize_memory", "sanitize_thread", "shadowcallstack", "speculatable",
  "speculative_load_hardening", "ssp", "sspreq", "sspstrong", "strictfp", "swiftasync",
  "swifterror", "swiftself", "uwtable", "willreturn", "writeonly", "zeroext", "byref", "byval",
  "elementtype", "inalloca", "preallocated", "sret", "align", "allocsize", "dereferenceable",
  "dereferenceable_or_null", "alignstack", "vscale_range",
};
/* LLVM 15: allocalign, allocptr, allockind, fn_ret_thunk_extern,
** nosanitize_bounds and presplitcoroutine are new, and uwtable is an integer
** attribute (`uwtable(sync)`), so it sorts after the enum ones (measured:
** opt-15 prints `nounwind willreturn uwtable`). */
static const char *const attr_order15[] = {
  "allocalign", "allocptr", "alwaysinline", "argmemonly", "builtin", "cold", "convergent",
  "disable_sanitizer_instrumentation", "fn_ret_thunk_extern", "hot", "immarg", "inreg",
  "inaccessiblememonly", "inaccessiblemem_or_argmemonly", "inlinehint", "jumptable", "minsize",
  "mustprogress", "naked", "nest", "noalias", "nobuiltin", "nocallback", "nocapture", "nocf_check",
  "noduplicate", "nofree", "noimplicitfloat", "noinline", "nomerge", "noprofile", "norecurse",
  "noredzone", "noreturn", "nosanitize_bounds", "nosanitize_coverage", "nosync", "noundef",
  "nounwind", "nonlazybind", "nonnull", "null_pointer_is_valid", "optforfuzzing", "optsize",
  "optnone", "presplitcoroutine", "readnone", "readonly", "returned", "returns_twice", "signext",
  "safestack", "sanitize_address", "sanitize_hwaddress", "sanitize_memtag", "sanitize_memory",
  "sanitize_thread", "shadowcallstack", "speculatable", "speculative_load_hardening", "ssp",
  "sspreq", "sspstrong", "strictfp", "swiftasync", "swifterror", "swiftself", "willreturn",
  "writeonly", "zeroext", "byref", "byval", "elementtype", "inalloca", "preallocated", "sret",
  "align", "allockind", "allocsize", "dereferenceable", "dereferenceable_or_null", "alignstack",
  "uwtable", "vscale_range",
};
/* LLVM 16 (to 18): function memory effects are `memory(...)`, an integer
** attribute; argmemonly and the inaccessiblemem ones are gone. */
static const char *const attr_order16[] = {
  "allocalign", "allocptr", "alwaysinline", "builtin", "cold", "convergent",
  "disable_sanitizer_instrumentation", "fn_ret_thunk_extern", "hot", "immarg", "inreg",
  "inlinehint", "jumptable", "minsize", "mustprogress", "naked", "nest", "noalias", "nobuiltin",
  "nocallback", "nocapture", "nocf_check", "noduplicate", "nofree", "noimplicitfloat", "noinline",
  "nomerge", "noprofile", "norecurse", "noredzone", "noreturn", "nosanitize_bounds",
  "nosanitize_coverage", "nosync", "noundef", "nounwind", "nonlazybind", "nonnull",
  "null_pointer_is_valid", "optforfuzzing", "optsize", "optnone", "presplitcoroutine", "readnone",
  "readonly", "returned", "returns_twice", "signext", "safestack", "sanitize_address",
  "sanitize_hwaddress", "sanitize_memtag", "sanitize_memory", "sanitize_thread", "shadowcallstack",
  "speculatable", "speculative_load_hardening", "ssp", "sspreq", "sspstrong", "strictfp",
  "swiftasync", "swifterror", "swiftself", "willreturn", "writeonly", "zeroext", "byref", "byval",
  "elementtype", "inalloca", "preallocated", "sret", "align", "allockind", "allocsize",
  "dereferenceable", "dereferenceable_or_null", "memory", "alignstack", "uwtable", "vscale_range",
};
static const char *const attr_order19[] = {
  "allocalign", "allocptr", "alwaysinline", "builtin", "cold", "convergent",
  "coro_only_destroy_when_complete", "dead_on_unwind", "disable_sanitizer_instrumentation",
  "fn_ret_thunk_extern", "hot", "hybrid_patchable", "immarg", "inreg", "inlinehint", "jumptable",
  "minsize", "mustprogress", "naked", "nest", "noalias", "nobuiltin", "nocallback", "nocapture",
  "nocf_check", "noduplicate", "nofree", "noimplicitfloat", "noinline", "nomerge", "noprofile",
  "norecurse", "noredzone", "noreturn", "nosanitize_bounds", "nosanitize_coverage", "nosync",
  "noundef", "nounwind", "nonlazybind", "nonnull", "null_pointer_is_valid", "optforfuzzing",
  "optdebug", "optsize", "optnone", "presplitcoroutine", "readnone", "readonly", "returned",
  "returns_twice", "signext", "safestack", "sanitize_address", "sanitize_hwaddress",
  "sanitize_memtag", "sanitize_memory", "sanitize_numerical_stability", "sanitize_thread",
  "shadowcallstack", "skipprofile", "speculatable", "speculative_load_hardening", "ssp",
  "sspreq", "sspstrong", "strictfp", "swiftasync", "swifterror", "swiftself", "willreturn",
  "writable", "writeonly", "zeroext", "byref", "byval", "elementtype", "inalloca",
  "preallocated", "sret", "align", "allockind", "allocsize", "dereferenceable",
  "dereferenceable_or_null", "memory", "nofpclass", "alignstack", "uwtable", "vscale_range",
  "range", "initializes",
};
static const char *const attr_order22[] = {
  "allocalign", "allocptr", "alwaysinline", "builtin", "cold", "convergent",
  "coro_only_destroy_when_complete", "coro_elide_safe", "dead_on_return", "dead_on_unwind",
  "disable_sanitizer_instrumentation", "fn_ret_thunk_extern", "hot", "hybrid_patchable",
  "immarg", "inreg", "inlinehint", "jumptable", "minsize", "mustprogress", "naked", "nest",
  "noalias", "nobuiltin", "nocallback", "nocf_check", "nocreateundeforpoison",
  "nodivergencesource", "noduplicate", "noext", "nofree", "noimplicitfloat", "noinline",
  "nomerge", "noprofile", "norecurse", "noredzone", "noreturn", "nosanitize_bounds",
  "nosanitize_coverage", "nosync", "noundef", "nounwind", "nonlazybind", "nonnull",
  "null_pointer_is_valid", "optforfuzzing", "optdebug", "optsize", "optnone",
  "presplitcoroutine", "readnone", "readonly", "returned", "returns_twice", "signext",
  "safestack", "sanitize_address", "sanitize_alloc_token", "sanitize_hwaddress",
  "sanitize_memtag", "sanitize_memory", "sanitize_numerical_stability", "sanitize_realtime",
  "sanitize_realtime_blocking", "sanitize_thread", "sanitize_type", "shadowcallstack",
  "skipprofile", "speculatable", "speculative_load_hardening", "ssp", "sspreq", "sspstrong",
  "strictfp", "swiftasync", "swifterror", "swiftself", "willreturn", "writable", "writeonly",
  "zeroext", "byref", "byval", "elementtype", "inalloca", "preallocated", "sret", "align",
  "allockind", "allocsize", "captures", "dereferenceable", "dereferenceable_or_null", "memory",
  "nofpclass", "alignstack", "uwtable", "vscale_range", "range", "initializes",
};

/* A shown attribute's rank in the kind order of LLVM `v`: by its name
** (before any `(`); unknown names after the known. */
static uint32_t kind_rank(unsigned v, const char *a) {
#define ORDER_(t_) (t = (t_), nt = sizeof(t_) / sizeof *(t_))
  const char *const *t;
  size_t nt;
  if (v >= 22) ORDER_(attr_order22);
  else if (v >= 19) ORDER_(attr_order19);
  else if (v >= 16) ORDER_(attr_order16);
  else if (v >= 15) ORDER_(attr_order15);
  else ORDER_(attr_order14);
#undef ORDER_
  size_t k = strcspn(a, "(");
  for (size_t i = 0; i < nt; i++)
    if (strlen(t[i]) == k && !memcmp(t[i], a, k)) return (uint32_t)i;
  return (uint32_t)nt;
}

static unsigned sort_version;
static int cmp_kind(const void *x, const void *y) {
  const char *a = *(char *const *)x, *b = *(char *const *)y;
  uint32_t ra = kind_rank(sort_version, a), rb = kind_rank(sort_version, b);
  return ra != rb ? (ra < rb ? -1 : 1) : strcmp(a, b);
}

/* A memory effect as MemoryEffects prints (LLVM `v`): the access of other
** memory first (also when everything is none), then each location whose
** access differs, in enum order, among those LLVM `v` has. */
static char *show_memory(const uint8_t *eff, unsigned v) {
  static const char *const mr[] = {"none", "read", "write", "readwrite"};
  static const int order[] = {0, 1, 2, 4, 5};   /* mem_locs indices but other */
  int nloc = v >= 22 ? 5 : v >= 21 ? 3 : 2;
  uint8_t other = eff[3];
  bool all_none = other == 0;
  for (int k = 0; k < nloc; k++) all_none = all_none && eff[order[k]] == 0;
  mssa_buf b = {0};
  mssa_buf_puts(&b, "memory(");
  bool first = true;
  if (other != 0 || all_none) {
    mssa_buf_puts(&b, mr[other]);
    first = false;
  }
  for (int k = 0; k < nloc; k++) {
    uint8_t x = eff[order[k]];
    if (x == other) continue;
    mssa_buf_printf(&b, "%s%s: %s", first ? "" : ", ", mem_locs[order[k]], mr[x]);
    first = false;
  }
  mssa_buf_puts(&b, ")");
  return mssa_buf_steal(&b, NULL);
}

/* The Function Attrs text of the attributes in s[from..to) (invariant 3);
** "" when it has none to show. */
static char *fn_attrs_note(mssa__pcache *pc, const mssa_module *m, const char *s, size_t from,
                           size_t to) {
  strv a = {{0}};
  collect(pc, m, s, from, to, &a, 0, true);
  uint8_t eff[NLOCS];
  unsigned v = mssa_module_llvm_version(m);
  if (v >= 16 && take_memory(&a, eff)) mssa_vec_push(&a.v, show_memory(eff, v));
  sort_version = v;
  if (a.v.n > 1) qsort(a.v.a, a.v.n, sizeof *a.v.a, cmp_kind);
  mssa_buf b = {0};
  mssa_buf_puts(&b, "");
  for (uint32_t k = 0; k < a.v.n; k++) mssa_buf_printf(&b, "%s%s", k ? " " : "", a.v.a[k]);
  strv_free(&a);
  return mssa_buf_steal(&b, NULL);
}

/* Writes ` #N` unless num is none, then s[to..n) as written (one space
** before a bundle, `to` or metadata; none before a `,`). */
static void put_group_rest(FILE *out, const mssa__canon *c, const char *s, size_t n, size_t to,
                           uint32_t num) {
  if (num != MSSA_NONE) {
    fputs(" #", out);
    put_u32(out, num);
  }
  tok after = next_tok(s, n, to);
  if (after.kind && after.kind != ',') mssa__put_text(out, c, s + to, n - to);
  else mssa__put_text(out, c, s + after.off, n - after.off);
}

bool mssa__print_call(FILE *out, mssa__canon *c, const char *s, size_t n) {
  size_t from, to;
  if (!attr_span(s, n, &from, &to) || to == from) return false;
  uint32_t num = set_number(c->pc, span_key(c->pc, c->m, s, from, to));
  /* one `#N` that keeps its number prints as written */
  tok t = next_tok(s, to, from);
  if (num != MSSA_NONE && t.kind == 'w' && s[t.off] == '#' && t.end == to) {
    uint64_t v = 0;
    for (size_t i = t.off + 1; i < t.end; i++) v = v * 10 + (uint64_t)(s[i] - '0');
    if (v == num) return false;
  }
  mssa__put_text(out, c, s, from);
  put_group_rest(out, c, s, n, to, num);
  return true;
}

void mssa__print_head(FILE *out, mssa__canon *c) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  mssa__pcache *pc = c->pc;
  uint32_t fi = (uint32_t)(f - m->funcs.a);
  const char *h = m->text + f->head_off;
  size_t n = f->head_len, from, to;
  uint32_t key = fi < m->funcs.n ? pc->fkey[fi] : MSSA_NONE;
  if (!n || !attr_span(h, n, &from, &to)) {
    if (n) mssa__put_text(out, c, h, n);
    else fprintf(out, "define @%s", mssa_str(m, f->name));
    return;
  }
  if (key != MSSA_NONE) {   /* invariant 3 */
    if (!pc->notes.v.a[key]) pc->notes.v.a[key] = fn_attrs_note(pc, m, h, from, to);
    if (*pc->notes.v.a[key]) fprintf(out, "; Function Attrs: %s\n", pc->notes.v.a[key]);
  }
  /* the header as written but its attributes: unnamed_addr, addrspace(N)
  ** kept in place, the attribute set as one `#N` after them */
  mssa__put_text(out, c, h, from);
  for (tok t = next_tok(h, to, from); t.kind; t = next_tok(h, to, t.end)) {
    tok na = not_attr(h, to, t);
    if (na.kind) {
      fputc(' ', out);
      mssa__put_text(out, c, h + t.off, na.end - t.off);
      t = na;
    }
  }
  put_group_rest(out, c, h, n, to, key);
}
