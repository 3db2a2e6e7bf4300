/*
** mssa_print_canon.c -- the parts of an instruction or label that opt
** prints although the input text may leave them out: `; preds =` comments
** on labels, the default `align` of memory instructions, and call-site
** function attributes written inline, which opt prints as a group `#N`.
** Everything else of an instruction's text is echoed as read, so text that
** already has these forms (clang's output) prints unchanged.
**
** Invariants:
**   1. A non-entry label is followed by a `;` comment at column 50 (one
**      space when the label is longer), as AsmWriter::printBasicBlock pads
**      it: "preds = " and the predecessors, or "No predecessors!". The entry
**      block gets none.
**   2. Predecessors print in the order of the block's use list, which
**      LLParser fills as it reads the terminators in text order, each new
**      use at the head: the terminators in reverse layout order, a block
**      repeated once per edge (a switch with two cases to one block names
**      its block twice). The list is computed from the current terminators,
**      so after edits it follows the CFG as it is.
**   3. A load, store, alloca, cmpxchg or atomicrmw read without `align`
**      gets the one LLParser fills in from the DataLayout: the ABI
**      alignment of the accessed type for load and store, the preferred
**      one for alloca, the store size for cmpxchg and atomicrmw. `, align N`
**      goes where opt prints it: before the metadata attachments (and an
**      alloca's `, addrspace(N)`).
**   4. A call whose function attributes are written inline prints them as
**      `#N`, N being the number opt's SlotTracker gives that attribute set
**      when it prints this one function: first global variables' attribute
**      sets, then each function's own attribute set in module order, then
**      the call sites' sets in
**      instruction order, equal sets sharing a number (see strv below for
**      what "equal" covers).
**   5. Debug records (`#dbg_value(...)`, LLVM 19+) print as opt prints
**      them: before the annotation of the instruction they are attached to,
**      indented by four spaces, their text as read. Records of a removed
**      instruction are not printed.
**   6. An instruction with a result written without `%N =` prints with
**      the number LLParser gave it (the next free one), as opt does.
*/
#include <string.h>

#include "mssa/mssa.h"
#include "mssa/mssa_print_internal.h"

/* ---------------------------------------------------------- predecessors */

void mssa__preds_build(mssa__preds *p, const mssa_func *f) {
  uint32_t nb = f->blocks.n, cap = 64;
  uint32_t *succ = mssa_xmalloc(cap * sizeof *succ);
  uint32_t *fill = mssa_xcalloc((size_t)nb + 1, sizeof *fill);
  p->start = mssa_xcalloc((size_t)nb + 1, sizeof *p->start);
  p->list = NULL;
  /* count the edges into each block, then fill in layout order (invariant 2) */
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      for (uint32_t b = 0; b < nb; b++) p->start[b + 1] += p->start[b];
      p->list = mssa_xmalloc(((size_t)p->start[nb] + 1) * sizeof *p->list);
    }
    for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
      uint32_t t = mssa_block_terminator(f, b);
      if (t == MSSA_NONE) continue;
      uint32_t n = mssa_inst_successors(f, &f->insts.a[t], succ, cap);
      if (n > cap) {
        cap = n;
        succ = mssa_xrealloc(succ, cap * sizeof *succ);
        mssa_inst_successors(f, &f->insts.a[t], succ, cap);
      }
      for (uint32_t j = 0; j < n; j++) {
        if (succ[j] >= nb) continue;
        if (pass == 0) p->start[succ[j] + 1]++;
        else p->list[p->start[succ[j]] + fill[succ[j]]++] = b;
      }
    }
  }
  free(succ);
  free(fill);
}

void mssa__preds_free(mssa__preds *p) {
  free(p->start);
  free(p->list);
  p->start = p->list = NULL;
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

/* A block's name as PrintLLVMNameWithoutPrefix writes it: raw when a plain
** identifier, else quoted with \XX escapes; the slot number when unnamed. */
static void put_block_name(mssa_buf *o, const mssa_module *m, const mssa_block *bb) {
  if (bb->name == MSSA_NONE) {
    mssa_buf_printf(o, "%u", bb->slot);
    return;
  }
  const char *nm = mssa_str(m, bb->name);
  size_t n = mssa_strtab_len(&m->strs, bb->name);
  if (plain_ident(nm, n)) {
    mssa_buf_append(o, nm, n);
    return;
  }
  mssa_buf_puts(o, "\"");
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)nm[i];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') mssa_buf_append(o, &nm[i], 1);
    else mssa_buf_printf(o, "\\%02X", c);
  }
  mssa_buf_puts(o, "\"");
}

void mssa__print_label(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t b,
                       const mssa__preds *p, mssa_buf *o) {
  const mssa_block *bb = &f->blocks.a[b];
  o->n = 0;
  if (b != f->entry || bb->name != MSSA_NONE) {
    put_block_name(o, m, bb);
    mssa_buf_puts(o, ":");
  }
  if (b != f->entry) {   /* invariant 1 */
    size_t col = o->n;
    do mssa_buf_puts(o, " "); while (++col < 50);
    uint32_t k0 = p->start[b], k = p->start[b + 1];
    if (k == k0) mssa_buf_puts(o, "; No predecessors!");
    else mssa_buf_puts(o, "; preds = ");
    for (uint32_t j = k; j-- > k0;) {   /* invariant 2: reverse layout order */
      mssa_buf_puts(o, j + 1 < k ? ", %" : "%");
      put_block_name(o, m, &f->blocks.a[p->list[j]]);
    }
  }
  if (o->n) {
    fwrite(o->p, 1, o->n, out);
    fputc('\n', out);
  }
}

/* ---------------------------------------------------------- text tokens */

/* Just enough of LLVM's lexer to find operand boundaries in an
** instruction's text: kind '"' a string, 'w' a word (`@f`, `#0`, `!dbg`,
** `i32`), a punctuation character itself, 0 at the end. */
typedef struct tok {
  size_t off, end;
  char kind;
} tok;

static bool is_punct(char c) { return c && strchr("()[]{}<>,=*", c) != NULL; }

static tok next_tok(const char *s, size_t n, size_t i) {
  tok t;
  for (;;) {
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
    if (i < n && s[i] == ';') {   /* a comment inside multi-line text */
      while (i < n && s[i] != '\n') i++;
      continue;
    }
    break;
  }
  t.off = t.end = i;
  t.kind = 0;
  if (i >= n) return t;
  if (s[i] == '"') {
    size_t j = i + 1;
    while (j < n && s[j] != '"') j++;
    t.end = j < n ? j + 1 : n;
    t.kind = '"';
  } else if (is_punct(s[i])) {
    t.end = i + 1;
    t.kind = s[i];
  } else {
    size_t j = i;
    while (j < n && !is_punct(s[j]) && s[j] != '"' && s[j] != ';' && s[j] != ' ' &&
           s[j] != '\t' && s[j] != '\n' && s[j] != '\r')
      j++;
    t.end = j;
    t.kind = 'w';
  }
  return t;
}

static bool tok_is(const char *s, tok t, const char *w) {
  size_t k = strlen(w);
  return t.kind == 'w' && t.end - t.off == k && !memcmp(s + t.off, w, k);
}

static int depth_step(char kind) {
  if (kind == '(' || kind == '[' || kind == '{' || kind == '<') return 1;
  if (kind == ')' || kind == ']' || kind == '}' || kind == '>') return -1;
  return 0;
}

/* The token closing the group that t opens; kind 0 when unbalanced. */
static tok match_close(const char *s, size_t n, tok t) {
  int d = 0;
  do {
    d += depth_step(t.kind);
    if (d == 0) break;
    t = next_tok(s, n, t.end);
  } while (t.kind);
  return t;
}

/* ------------------------------------------------------------- alignment */

/* Where opt prints `, align N`: before the first top-level `, !...`
** attachment, or an alloca's `, addrspace(N)`; else at the end. */
static size_t align_point(const char *s, size_t n, bool alloca) {
  int depth = 0;
  for (tok t = next_tok(s, n, 0); t.kind; t = next_tok(s, n, t.end)) {
    depth += depth_step(t.kind);
    if (t.kind != ',' || depth != 0) continue;
    tok u = next_tok(s, n, t.end);
    if (u.kind == 'w' && (s[u.off] == '!' || (alloca && tok_is(s, u, "addrspace")))) return t.off;
  }
  return n;
}

static uint32_t type_field(const mssa_module *m, uint32_t t, int pref_or_store) {
  if (t == MSSA_NONE || t >= m->types.n) return 0;
  const mssa_type *ty = &m->types.a[t];
  /* scalable vectors are not SIZED but have a (known-minimum) layout */
  if (!(ty->flags & MSSA_TF_SIZED) && !(ty->kind == MSSA_T_VECTOR && (ty->flags & MSSA_TF_SCALABLE)))
    return 0;
  if (pref_or_store == 1) return mssa_type_pref_align(m, t);
  if (pref_or_store == 2) return (uint32_t)m->types.a[t].store_size;
  return m->types.a[t].align;
}

/* The alignment LLParser gives a memory instruction read without one
** (invariant 3), 0 when it has one or is no such instruction. */
static uint32_t default_align(const mssa_module *m, const mssa_func *f, const mssa_inst *in) {
  if (in->align) return 0;
  const mssa_val *o = mssa_inst_ops(f, in);
  switch (in->opcode) {
  case MSSA_OP_LOAD: return type_field(m, in->type, 0);
  case MSSA_OP_STORE: return type_field(m, in->aux, 0);
  case MSSA_OP_ALLOCA: return type_field(m, in->aux, 1);
  case MSSA_OP_CMPXCHG:
  case MSSA_OP_ATOMICRMW:
    return in->nops >= 2 ? type_field(m, mssa_val_type(m, f, o[1]), 2) : 0;
  default: return 0;
  }
}

/* ---------------------------------------------------- attribute groups */

/* An attribute set as a comparable key: its attributes as text (spaces
** inside parentheses removed), sorted, one per line. For LLVM 16 and newer
** the memory attributes (readnone, readonly, writeonly, argmemonly,
** inaccessiblememonly, inaccessiblemem_or_argmemonly, memory(...)) become
** one memory effect, as LLParser upgrades them, so `readonly` and
** `memory(read)` are one set. Other spellings LLVM would unify (e.g.
** `uwtable` and `uwtable(async)`) count as different sets. */
typedef struct strv {
  MSSA_VEC(char *) v;
} strv;

static void strv_clear(strv *a) {
  for (uint32_t i = 0; i < a->v.n; i++) free(a->v.a[i]);
  a->v.n = 0;
}

/* `attributes #N = { ... }` of the module: N and the span inside braces. */
typedef struct agroup {
  uint64_t num;
  size_t off, end;
} agroup;

struct mssa__canon {
  mssa__preds preds;
  const mssa_module *m;
  const mssa_func *f;
  bool built;                /* groups and keys below are filled */
  MSSA_VEC(agroup) groups;
  MSSA_VEC(agroup) gvars;    /* global variables' `#N` lists: text spans */
  strv keys;                 /* distinct sets in SlotTracker order */
};

static void find_groups(mssa__canon *c) {
  const char *t = c->m->text;
  size_t n = c->m->text_len;
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - t) : n;
    if (t[i] == '@') {   /* a global; its attributes: from a top-level `#` */
      int depth = 0;
      for (tok k = next_tok(t, e, i); k.kind; k = next_tok(t, e, k.end)) {
        depth += depth_step(k.kind);
        if (depth == 0 && k.kind == 'w' && t[k.off] == '#') {
          agroup g = {0, k.off, e};
          mssa_vec_push(&c->gvars, g);
          break;
        }
      }
    } else if (e - i > 12 && !memcmp(t + i, "attributes #", 12)) {
      agroup g = {0, 0, 0};
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
        mssa_vec_push(&c->groups, g);
        e = k < n ? k : n;
      }
    }
    i = e + 1;
  }
}

static const agroup *group(const mssa__canon *c, const char *s, tok t) {
  uint64_t num = 0;
  for (size_t i = t.off + 1; i < t.end; i++) num = num * 10 + (uint64_t)(s[i] - '0');
  for (uint32_t i = 0; i < c->groups.n; i++)
    if (c->groups.a[i].num == num) return &c->groups.a[i];
  return NULL;
}

/* Words of a function header that end its attributes (LLParser's order:
** attributes, then section, partition, comdat, align, gc, prefix, ...),
** and the `to label` of an invoke or callbr. */
static bool ends_attrs(const char *s, tok t) {
  static const char *const w[] = {"section", "partition", "comdat", "align", "gc", "prefix",
                                  "prologue", "personality", "to"};
  for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
    if (tok_is(s, t, w[i])) return true;
  return t.kind == 'w' && s[t.off] == '!';
}

/* Appends the attributes in s[i..e) to `out`, `#N` groups expanded; stops
** at a top-level `[`, `,`, `{` or a word ending a header's attributes. */
static void collect(const mssa__canon *c, const char *s, size_t i, size_t e, strv *out,
                    int nesting) {
  for (tok t = next_tok(s, e, i); t.kind; t = next_tok(s, e, t.end)) {
    if (t.kind == '[' || t.kind == ',' || t.kind == '{' || ends_attrs(s, t)) return;
    if (tok_is(s, t, "unnamed_addr") || tok_is(s, t, "local_unnamed_addr")) continue;
    if (tok_is(s, t, "addrspace")) {   /* a function's address space */
      tok u = next_tok(s, e, t.end);
      while (u.kind && u.kind != ')') u = next_tok(s, e, u.end);
      t = u;
      if (!t.kind) return;
      continue;
    }
    if (t.kind == 'w' && s[t.off] == '#') {
      const agroup *g = group(c, s, t);
      if (g && nesting == 0) collect(c, c->m->text, g->off, g->end, out, 1);
      continue;
    }
    mssa_buf b = {0};
    mssa_buf_append(&b, s + t.off, t.end - t.off);
    tok u = next_tok(s, e, t.end);
    if (t.kind == 'w' && u.kind == '(') {   /* memory(argmem: read) */
      int depth = 0;
      do {
        depth += depth_step(u.kind);
        mssa_buf_append(&b, s + u.off, u.end - u.off);
        t = u;
        u = next_tok(s, e, u.end);
      } while (depth > 0 && u.kind);
    } else if (t.kind == '"' && u.kind == '=') {   /* "key"="value" */
      tok v = next_tok(s, e, u.end);
      mssa_buf_puts(&b, "=");
      mssa_buf_append(&b, s + v.off, v.end - v.off);
      t = v;
    }
    mssa_vec_push(&out->v, mssa_buf_steal(&b, NULL));
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

/* The upgrade of old memory attributes into one effect (LLVM >= 16). */
static void fold_memory(strv *a) {
  int access = -1, locs = 0;   /* locs: 1 argmem, 2 inaccessiblemem */
  bool have_mem = false;
  uint8_t eff[NLOCS];
  memset(eff, 3, sizeof eff);
  uint32_t w = 0;
  for (uint32_t i = 0; i < a->v.n; i++) {
    const char *x = a->v.a[i];
    if (!strcmp(x, "readnone")) access = 0;
    else if (!strcmp(x, "readonly")) access = 1;
    else if (!strcmp(x, "writeonly")) access = 2;
    else if (!strcmp(x, "argmemonly")) locs |= 1;
    else if (!strcmp(x, "inaccessiblememonly")) locs |= 2;
    else if (!strcmp(x, "inaccessiblemem_or_argmemonly")) locs |= 3;
    else if (!strncmp(x, "memory(", 7)) { parse_memory(x, eff); have_mem = true; }
    else { a->v.a[w++] = a->v.a[i]; continue; }
    free(a->v.a[i]);
  }
  a->v.n = w;
  if (access < 0 && !locs && !have_mem) return;
  uint8_t acc = (uint8_t)(access < 0 ? 3 : access);
  for (int k = 0; k < NLOCS; k++) {
    bool in = !locs || (k == 0 && (locs & 1)) || (k == 1 && (locs & 2));
    eff[k] &= in ? acc : 0;
  }
  mssa_buf b = {0};
  mssa_buf_puts(&b, "memory:");
  for (int k = 0; k < NLOCS; k++) mssa_buf_printf(&b, "%u", eff[k]);
  mssa_vec_push(&a->v, mssa_buf_steal(&b, NULL));
}

static int cmp_str(const void *x, const void *y) {
  return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The key of the attributes in s[i..e) (see strv above); "" for none. */
static char *set_key(const mssa__canon *c, const char *s, size_t i, size_t e) {
  strv a = {{0}};
  collect(c, s, i, e, &a, 0);
  if (c->m->llvm_version >= 16) fold_memory(&a);
  if (a.v.n > 1) qsort(a.v.a, a.v.n, sizeof *a.v.a, cmp_str);
  mssa_buf b = {0};
  mssa_buf_puts(&b, "");
  for (uint32_t k = 0; k < a.v.n; k++)
    if (k == 0 || strcmp(a.v.a[k], a.v.a[k - 1])) mssa_buf_printf(&b, "%s\n", a.v.a[k]);
  strv_clear(&a);
  free(a.v.a);
  return mssa_buf_steal(&b, NULL);
}

/* The span of a call's function attributes: after the argument list's
** `)` (the last top-level parenthesis not opened right after a keyword,
** so not `memory(` nor a type's parameter list `i32 (`) up to a bundle
** `[`, a `,`, an invoke's `to` or the end. False when none is found. */
static bool call_attr_span(const char *s, size_t n, size_t *from, size_t *to) {
  int depth = 0;
  size_t rp = 0;
  bool found = false;
  tok prev = {0, 0, 0};
  for (tok t = next_tok(s, n, 0); t.kind; t = next_tok(s, n, t.end)) {
    if (t.kind == '(' && depth == 0 &&
        !(prev.kind == 'w' && ((s[prev.off] >= 'a' && s[prev.off] <= 'z') || s[prev.off] == '!'))) {
      tok u = match_close(s, n, t);
      if (!u.kind) return false;
      rp = u.end;
      found = true;
      prev = u;
      t = u;
      continue;
    }
    depth += depth_step(t.kind);
    prev = t;
  }
  if (!found) return false;
  size_t e = rp;
  for (tok t = next_tok(s, n, rp); t.kind; t = next_tok(s, n, t.end)) {
    if (t.kind == '[' || t.kind == ',' || tok_is(s, t, "to")) break;
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

static bool is_call(unsigned op) {
  return op == MSSA_OP_CALL || op == MSSA_OP_INVOKE || op == MSSA_OP_CALLBR;
}

/* Adds `key` to the distinct sets unless empty or there (takes it). */
static void add_key(mssa__canon *c, char *key) {
  bool dup = !*key;
  for (uint32_t i = 0; i < c->keys.v.n && !dup; i++) dup = !strcmp(c->keys.v.a[i], key);
  if (dup) free(key);
  else mssa_vec_push(&c->keys.v, key);
}

/* SlotTracker's attribute-group order for this function (invariant 4). */
static void build_keys(mssa__canon *c) {
  const mssa_module *m = c->m;
  c->built = true;
  find_groups(c);
  for (uint32_t k = 0; k < c->gvars.n; k++)   /* SlotTracker: globals first */
    add_key(c, set_key(c, m->text, c->gvars.a[k].off, c->gvars.a[k].end));
  for (uint32_t k = 0; k < m->funcs.n; k++) {
    const mssa_func *g = &m->funcs.a[k];
    size_t from, to;
    const char *h = m->text + g->head_off;
    if (g->head_len && call_attr_span(h, g->head_len, &from, &to))
      add_key(c, set_key(c, h, from, g->head_len));
  }
  const mssa_func *f = c->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next)
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      const mssa_inst *in = &f->insts.a[i];
      size_t from, to;
      const char *s = m->text + in->text_off;
      if (is_call(in->opcode) && in->text_len && call_attr_span(s, in->text_len, &from, &to))
        add_key(c, set_key(c, s, from, to));
    }
}

/* A call's text with inline function attributes as `#N`; false (nothing
** written) when they are all groups already. */
static bool print_call(FILE *out, mssa__canon *c, const char *s, size_t n) {
  size_t from, to;
  if (!call_attr_span(s, n, &from, &to)) return false;
  bool inl = false;
  for (tok t = next_tok(s, to, from); t.kind && !inl; t = next_tok(s, to, t.end))
    inl = !(t.kind == 'w' && s[t.off] == '#');
  if (!inl) return false;
  if (!c->built) build_keys(c);
  char *key = set_key(c, s, from, to);
  uint32_t num = MSSA_NONE;
  for (uint32_t i = 0; i < c->keys.v.n && num == MSSA_NONE; i++)
    if (!strcmp(c->keys.v.a[i], key)) num = i;
  free(key);
  fwrite(s, 1, from, out);
  if (num != MSSA_NONE) fprintf(out, " #%u", num);
  /* what follows: as written, one space before a bundle or `to` */
  tok after = next_tok(s, n, to);
  if (after.kind && after.kind != ',') fwrite(s + to, 1, n - to, out);
  else fwrite(s + after.off, 1, n - after.off, out);
  return true;
}

mssa__canon *mssa__canon_new(const mssa_module *m, const mssa_func *f) {
  mssa__canon *c = mssa_xcalloc(1, sizeof *c);
  c->m = m;
  c->f = f;
  mssa__preds_build(&c->preds, f);
  return c;
}

void mssa__canon_free(mssa__canon *c) {
  if (!c) return;
  mssa__preds_free(&c->preds);
  free(c->groups.a);
  free(c->gvars.a);
  strv_clear(&c->keys);
  free(c->keys.v.a);
  free(c);
}

const mssa__preds *mssa__canon_preds(const mssa__canon *c) { return &c->preds; }

void mssa__print_records(FILE *out, const mssa__canon *c, uint32_t i) {
  const mssa_func *f = c->f;
  uint32_t lo = 0, hi = f->dbg.n;
  while (lo < hi) {   /* records are by nondecreasing instruction id */
    uint32_t mid = lo + (hi - lo) / 2;
    if (f->dbg.a[mid].inst < i) lo = mid + 1;
    else hi = mid;
  }
  for (uint32_t k = lo; k < f->dbg.n && f->dbg.a[k].inst == i; k++) {
    const mssa_dbg_record *r = &f->dbg.a[k];
    if (!r->text_len) continue;
    fputs("    ", out);
    fwrite(c->m->text + r->text_off, 1, r->text_len, out);
    fputc('\n', out);
  }
}

void mssa__print_inst_text(FILE *out, mssa__canon *c, uint32_t i) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_inst *in = &f->insts.a[i];
  if (!in->text_len) {
    fputs(mssa_opcode_name(in->opcode), out);
    return;
  }
  const char *s = m->text + in->text_off;
  size_t n = in->text_len;
  /* a value read without `%N =` has its number all the same (invariant 6) */
  if (in->slot != MSSA_NONE && s[0] != '%') fprintf(out, "%%%u = ", in->slot);
  uint32_t a = default_align(m, f, in);
  if (a) {   /* invariant 3 */
    size_t at = align_point(s, n, in->opcode == MSSA_OP_ALLOCA);
    fwrite(s, 1, at, out);
    fprintf(out, ", align %u", a);
    fwrite(s + at, 1, n - at, out);
    return;
  }
  if (is_call(in->opcode) && print_call(out, c, s, n)) return;   /* invariant 4 */
  fwrite(s, 1, n, out);
}
