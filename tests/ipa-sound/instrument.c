/*
** instrument.c -- an LLVM IR instrumenter for the runtime soundness check of
** interprocedural mod/ref summaries (issue 27, point 5): reads one .ll file
** (LLVM 14 typed pointers or opaque `ptr` IR) with the project's reader and
** writes a copy of its text in which every memory access, function entry and
** exit, alloca, heap allocation and setjmp reports itself to the runtime
** (tests/ipa-sound/rt.c), plus a side file naming the functions and globals.
**
**   instrument [--ids FID0 GID0 K] IN.ll OUT.ll META.tsv
**
** --ids: a program of several modules, each instrumented alone: this
** module's function and global ids start at FID0 and GID0, and its
** registration function is @__mssa_init_K (the driver links a @__mssa_init
** calling each). META lines name the module (IN.ll's file name, as the
** summary's "module" fields do).
**
** What is inserted (new values are NAMED %__mssaN, so the numbering of the
** unnamed values %0, %1, ... of the text is undisturbed):
**   - before each load/store/cmpxchg/atomicrmw, and each llvm.mem{cpy,move,
**     set} call: __mssa_acc(ptr, i64 size, i32 is_write, i32 line), line =
**     the instruction's line in IN.ll; not for a load/store straight to an
**     alloca of the same function (local to every activation: no fact);
**   - at the entry of each defined function: __mssa_enter(i32 fid, i32
**     nargs), then __mssa_arg(i32 index, ptr, i64 byval_size) per pointer
**     argument; before each ret: __mssa_exit(i32 fid);
**   - after each alloca: __mssa_alloca(ptr, i64 bytes);
**   - around setjmp/_setjmp/sigsetjmp calls: __mssa_sj_pre(buf) before,
**     __mssa_sj_post(buf) after (the runtime cuts its shadow stack back on
**     the second return: longjmp);
**   - calls to malloc/calloc/realloc/free/strdup/strndup, longjmp and some
**     string and stdio functions (the list `wrapped`) go to __mssa_NAME
**     wrappers of the same type, which report the library's own accesses
**     of the program's memory (a library function not wrapped is not
**     checked: no fact, never a false one);
**   - a function @__mssa_init registering every global's address and size.
**
** Invariants:
**   1. The output text is the input text with insertions only (and callee
**      names of wrapped library calls replaced, `unnamed_addr` dropped from
**      global definitions): every original instruction,
**      name and number stays, so the summary computed from IN.ll speaks of
**      exactly the functions and globals the instrumented program runs.
**   2. Function ids (fid) are FID0 + the defined functions in module order,
**      global ids (gid) GID0 + the globals in module order; META lists each
**      once.
**   3. No recursion on input structure: types print with an explicit stack.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "ir/ir.h"
#include "reader/reader.h"

/* ------------------------------------------------------------- buffers */

typedef struct { char *a; size_t n, cap; } sbuf;

static void sb_putn(sbuf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    size_t c = b->cap ? b->cap : 256;
    while (c < b->n + n + 1) c *= 2;
    char *na = realloc(b->a, c);
    if (!na) { fprintf(stderr, "instrument: out of memory\n"); exit(2); }
    b->a = na; b->cap = c;
  }
  memcpy(b->a + b->n, s, n);
  b->n += n;
  b->a[b->n] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }
static void sb_printf(sbuf *b, const char *fmt, ...) {
  char tmp[1024];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  MSSA_ASSERT(k >= 0 && (size_t)k < sizeof tmp);
  sb_putn(b, tmp, (size_t)k);
}

/* An edit of the input text: at `off`, drop `del` bytes, write `text`. */
typedef struct { size_t off, del; uint32_t seq; char *text; } edit;
typedef struct { edit *a; size_t n, cap; } editvec;
static void add_edit(editvec *v, size_t off, size_t del, const sbuf *text) {
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 1024;
    v->a = realloc(v->a, v->cap * sizeof *v->a);
    if (!v->a) { fprintf(stderr, "instrument: out of memory\n"); exit(2); }
  }
  v->a[v->n].off = off;
  v->a[v->n].del = del;
  v->a[v->n].seq = (uint32_t)v->n;
  v->a[v->n].text = strdup(text->a ? text->a : "");
  v->n++;
}
static int edit_cmp(const void *x, const void *y) {
  const edit *a = x, *b = y;
  if (a->off != b->off) return a->off < b->off ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* ------------------------------------------------------------- printing */

static int plain_ident(const char *s) {
  if (!*s) return 0;
  for (const char *p = s; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
          *p == '.' || *p == '_' || *p == '-' || *p == '$'))
      return 0;
  return 1;
}
static void put_ident(sbuf *b, char sigil, const char *s) {
  sb_putn(b, &sigil, 1);
  if (plain_ident(s)) { sb_puts(b, s); return; }
  sb_puts(b, "\"");
  for (const char *p = s; *p; p++) {
    if (*p == '"' || *p == '\\' || (unsigned char)*p < 32) sb_printf(b, "\\%02X", (unsigned char)*p);
    else sb_putn(b, p, 1);
  }
  sb_puts(b, "\"");
}

/* LLVM's spelling of type t, printed with an explicit stack (invariant 3). */
static void put_type(sbuf *b, const mssa_module *m, uint32_t t0) {
  struct fr { uint32_t t, i; } st[256];
  int sp = 0;
  st[sp++] = (struct fr){t0, 0};
  while (sp > 0) {
    struct fr *f = &st[sp - 1];
    const mssa_type *t = mssa_type_get(m, f->t);
    uint32_t child = MSSA_NONE;
    int done = 0;
    switch (t->kind) {
      case MSSA_T_VOID: sb_puts(b, "void"); done = 1; break;
      case MSSA_T_INT: sb_printf(b, "i%u", t->bits); done = 1; break;
      case MSSA_T_HALF: sb_puts(b, "half"); done = 1; break;
      case MSSA_T_BFLOAT: sb_puts(b, "bfloat"); done = 1; break;
      case MSSA_T_FLOAT: sb_puts(b, "float"); done = 1; break;
      case MSSA_T_DOUBLE: sb_puts(b, "double"); done = 1; break;
      case MSSA_T_X86_FP80: sb_puts(b, "x86_fp80"); done = 1; break;
      case MSSA_T_FP128: sb_puts(b, "fp128"); done = 1; break;
      case MSSA_T_PPC_FP128: sb_puts(b, "ppc_fp128"); done = 1; break;
      case MSSA_T_X86_MMX: sb_puts(b, "x86_mmx"); done = 1; break;
      case MSSA_T_LABEL: sb_puts(b, "label"); done = 1; break;
      case MSSA_T_METADATA: sb_puts(b, "metadata"); done = 1; break;
      case MSSA_T_TOKEN: sb_puts(b, "token"); done = 1; break;
      case MSSA_T_PTR:
        if (t->elem == MSSA_NONE || m->opaque_ptrs) { /* opaque IR: every pointer is `ptr` */
          sb_puts(b, "ptr");
          if (t->bits) sb_printf(b, " addrspace(%u)", t->bits);
          done = 1;
        } else if (f->i == 0) {
          child = t->elem;
        } else {
          if (t->bits) sb_printf(b, " addrspace(%u)", t->bits);
          sb_puts(b, "*");
          done = 1;
        }
        break;
      case MSSA_T_STRUCT:
        if (t->name != MSSA_NONE) {
          put_ident(b, '%', mssa_str(m, t->name));
          done = 1;
          break;
        }
        if (f->i == 0) sb_puts(b, (t->flags & MSSA_TF_PACKED) ? "<{" : "{");
        if (f->i < t->nfields) {
          sb_puts(b, f->i ? ", " : " ");
          child = m->tlist.a[t->fields + f->i];
        } else {
          sb_puts(b, t->nfields ? " " : "");
          sb_puts(b, (t->flags & MSSA_TF_PACKED) ? "}>" : "}");
          done = 1;
        }
        break;
      case MSSA_T_ARRAY:
      case MSSA_T_VECTOR:
        if (f->i == 0) {
          sb_puts(b, t->kind == MSSA_T_ARRAY ? "[" : "<");
          if (t->flags & MSSA_TF_SCALABLE) sb_puts(b, "vscale x ");
          sb_printf(b, "%llu x ", (unsigned long long)t->count);
          child = t->elem;
        } else {
          sb_puts(b, t->kind == MSSA_T_ARRAY ? "]" : ">");
          done = 1;
        }
        break;
      case MSSA_T_FUNC:
        if (f->i == 0) {
          child = t->elem;
        } else if (f->i <= t->nfields) {
          sb_puts(b, f->i == 1 ? " (" : ", ");
          child = m->tlist.a[t->fields + f->i - 1];
        } else {
          if (t->flags & MSSA_TF_VARARG) sb_puts(b, t->nfields ? ", ..." : " (...");
          else if (!t->nfields) sb_puts(b, " (");
          sb_puts(b, ")");
          done = 1;
        }
        break;
      default:
        fprintf(stderr, "instrument: cannot print a type of kind %u\n", t->kind);
        exit(2);
    }
    if (done) { sp--; continue; }
    f->i++;
    if (sp == 256) { fprintf(stderr, "instrument: type nested too deeply\n"); exit(2); }
    st[sp++] = (struct fr){child, 0};
  }
}

/* A simple value's spelling: a named or numbered local, a global, null, an
** integer; 0 if v is something else (then the caller uses the text). */
static int put_value(sbuf *b, const mssa_module *m, const mssa_func *f, mssa_val v) {
  uint32_t k = MSSA_VAL_KIND(v), i = MSSA_VAL_INDEX(v);
  uint32_t name = MSSA_NONE, slot = MSSA_NONE;
  if (k == MSSA_VK_INST) { name = f->insts.a[i].name; slot = f->insts.a[i].slot; }
  else if (k == MSSA_VK_ARG) { name = f->args[i].name; slot = f->args[i].slot; }
  else if (k == MSSA_VK_GLOBAL) { put_ident(b, '@', mssa_str(m, m->globals.a[i].name)); return 1; }
  else if (k == MSSA_VK_FUNC) { put_ident(b, '@', mssa_str(m, m->funcs.a[i].name)); return 1; }
  else if (k == MSSA_VK_CONST) {
    const mssa_const *c = mssa_const_get(m, v);
    if (c->kind == MSSA_C_NULL) { sb_puts(b, "null"); return 1; }
    if (c->kind == MSSA_C_INT && !c->wide) { sb_printf(b, "%lld", (long long)c->ival); return 1; }
    return 0;
  } else {
    return 0;
  }
  if (name != MSSA_NONE) put_ident(b, '%', mssa_str(m, name));
  else if (slot != MSSA_NONE) sb_printf(b, "%%%u", slot);
  else return 0;
  return 1;
}

/* ------------------------------------------------------- instruction text */

/* Top-level comma-separated pieces of s[0..n), trimmed; bracket depth counts
** () [] {} <> and quoted strings are skipped. Returns the count (<= cap). */
typedef struct { const char *s; size_t n; } piece;
static size_t split_top(const char *s, size_t n, piece *out, size_t cap) {
  size_t k = 0, start = 0;
  int depth = 0, q = 0;
  for (size_t i = 0; i <= n; i++) {
    char c = i < n ? s[i] : ',';
    if (q) { if (c == '"') q = 0; continue; }
    if (c == '"') { q = 1; continue; }
    if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
    else if (c == ')' || c == ']' || c == '}' || c == '>') depth--;
    else if ((c == ',' && depth == 0) || i == n) {
      size_t a = start, e = i;
      while (a < e && (s[a] == ' ' || s[a] == '\t' || s[a] == '\n')) a++;
      while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\n')) e--;
      if (k < cap) out[k++] = (piece){s + a, e - a};
      start = i + 1;
    }
  }
  return k;
}

/* The instruction's text after `%x = `. */
static piece inst_body(const mssa_module *m, const mssa_inst *in) {
  const char *s = m->text + in->text_off;
  size_t n = in->text_len;
  if (n && (s[0] == '%')) {
    const char *eq = memchr(s, '=', n);
    if (eq) { n -= (size_t)(eq + 1 - s); s = eq + 1; }
  }
  while (n && *s == ' ') { s++; n--; }
  return (piece){s, n};
}

/* Drops leading words of p that are in `words` (a NULL-ended list). */
static piece skip_words(piece p, const char *const *words) {
  for (;;) {
    size_t w = 0;
    while (w < p.n && p.s[w] != ' ') w++;
    int hit = 0;
    for (const char *const *x = words; *x; x++)
      if (strlen(*x) == w && !strncmp(p.s, *x, w)) hit = 1;
    if (!hit || w == p.n) return p;
    p.s += w + 1;
    p.n -= w + 1;
  }
}
/* Drops trailing atomic ordering words (`seq_cst`, `syncscope("x")`). */
static piece drop_orderings(piece p) {
  static const char *const ords[] = {"unordered", "monotonic", "acquire", "release",
                                     "acq_rel", "seq_cst", NULL};
  for (;;) {
    size_t e = p.n;
    while (e > 0 && p.s[e - 1] != ' ') e--;
    const char *w = p.s + e;
    size_t wn = p.n - e;
    int hit = wn > 9 && !strncmp(w, "syncscope", 9);
    for (const char *const *x = ords; *x; x++)
      if (strlen(*x) == wn && !strncmp(w, *x, wn)) hit = 1;
    if (!hit || e == 0) return p;
    p.n = e - 1;
  }
}

/* A call argument piece "TYPE [attrs] VALUE" without its attributes, as
** "TYPE VALUE" into b; the type text is printed from the IR (ty). */
static int put_arg(sbuf *b, const mssa_module *m, piece p, uint32_t ty) {
  sbuf t = {0};
  put_type(&t, m, ty);
  if (p.n <= t.n || strncmp(p.s, t.a, t.n) || p.s[t.n] != ' ') { free(t.a); return -1; }
  size_t i = t.n + 1;
  static const char *const attrs[] = {"noundef", "nonnull", "noalias", "nocapture", "readonly",
                                      "writeonly", "readnone", "returned", "signext", "zeroext",
                                      "inreg", "immarg", "nofree", "noundef", NULL};
  for (;;) {
    size_t w = i;
    while (w < p.n && p.s[w] != ' ' && p.s[w] != '(') w++;
    int hit = 0;
    for (const char *const *x = attrs; *x; x++)
      if (strlen(*x) == w - i && !strncmp(p.s + i, *x, w - i)) hit = 1;
    static const char *const paren[] = {"dereferenceable", "dereferenceable_or_null", "byval",
                                        "sret", "align", "elementtype", "captures", NULL};
    int ph = 0;
    for (const char *const *x = paren; *x; x++)
      if (strlen(*x) == w - i && !strncmp(p.s + i, *x, w - i)) ph = 1;
    if (hit && w < p.n && p.s[w] == ' ') { i = w + 1; continue; }
    if (ph && w < p.n && p.s[w] == '(') {
      int d = 0;
      for (; w < p.n; w++) { if (p.s[w] == '(') d++; if (p.s[w] == ')' && --d == 0) break; }
      i = w + 2;
      continue;
    }
    if (ph && w - i == 5 && w < p.n && p.s[w] == ' ') { /* align N */
      w++;
      while (w < p.n && p.s[w] != ' ') w++;
      i = w + 1;
      continue;
    }
    break;
  }
  if (i >= p.n) { free(t.a); return -1; }
  sb_putn(b, t.a, t.n);
  sb_puts(b, " ");
  sb_putn(b, p.s + i, p.n - i);
  free(t.a);
  return 0;
}

/* The argument pieces of a call's text: inside the parentheses after @callee. */
static size_t call_args(const mssa_module *m, const mssa_inst *in, const char *callee, piece *out,
                        size_t cap) {
  piece body = inst_body(m, in);
  char pat[300];
  snprintf(pat, sizeof pat, "@%s(", callee);
  const char *at = NULL;
  for (const char *s = body.s; s + strlen(pat) <= body.s + body.n; s++)
    if (!strncmp(s, pat, strlen(pat))) { at = s; break; }
  if (!at) return (size_t)-1;
  const char *a = at + strlen(pat) - 1, *e = a;
  int d = 0;
  for (; e < body.s + body.n; e++) { if (*e == '(') d++; if (*e == ')' && --d == 0) break; }
  return split_top(a + 1, (size_t)(e - a - 1), out, cap);
}

/* ------------------------------------------------------------ the tool */

typedef struct {
  const mssa_module *m;
  const mssa_func *f;
  sbuf *pre;       /* text to insert before the instruction */
  int typed;       /* typed pointers: casts to i8* needed */
  uint32_t tmp;    /* next %__mssaN */
  uint32_t line;
} ctx;


/* Makes `ptext` ("TYPE VALUE" of a pointer) a "i8* V" or "ptr V" operand in
** out, emitting a bitcast into c->pre for typed IR. */
static void as_byte_ptr(ctx *c, sbuf *out, const char *ptext, size_t n) {
  if (!c->typed) { sb_putn(out, ptext, n); return; }
  uint32_t k = c->tmp++;
  sb_printf(c->pre, "%%__mssa%u = bitcast ", k);
  sb_putn(c->pre, ptext, n);
  sb_printf(c->pre, " to i8*\n  ");
  sb_printf(out, "i8* %%__mssa%u", k);
}

static void emit_acc(ctx *c, piece ptr, const char *len, int is_write) {
  sbuf op = {0};
  as_byte_ptr(c, &op, ptr.s, ptr.n);
  sb_printf(c->pre, "call void @__mssa_acc(%s, %s, i32 %d, i32 %u)\n  ", op.a, len, is_write,
            c->line);
  free(op.a);
}

static int is_own_alloca(const mssa_func *f, mssa_val v) {
  return MSSA_VAL_KIND(v) == MSSA_VK_INST && f->insts.a[MSSA_VAL_INDEX(v)].opcode == MSSA_OP_ALLOCA;
}

static const char *const wrapped[] = {"malloc", "calloc", "realloc", "free", "strdup", "strndup",
                                      "strlen", "strcmp", "strncmp", "memcmp", "memchr", "strchr",
                                      "strcpy", "memcpy", "memmove", "memset", "longjmp", "_longjmp",
                                      "snprintf", "printf", "fwrite", "fputs", "fread", "strtod",
                                      "strcoll", "strspn", "strpbrk", "strstr", "strrchr", NULL};
static int wrapped_index(const char *name) {
  for (int i = 0; wrapped[i]; i++)
    if (!strcmp(wrapped[i], name)) return i;
  return -1;
}
static int is_setjmp(const char *name) {
  return !strcmp(name, "setjmp") || !strcmp(name, "_setjmp") || !strcmp(name, "sigsetjmp") ||
         !strcmp(name, "__sigsetjmp");
}

static uint32_t line_of(const uint32_t *nl, uint32_t nnl, size_t off) {
  uint32_t lo = 0, hi = nnl; /* count of newlines before off */
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (nl[mid] < off) lo = mid + 1; else hi = mid;
  }
  return lo + 1;
}

static void fail(const mssa_module *m, const mssa_inst *in, const char *why) {
  fprintf(stderr, "instrument: %s: cannot instrument `%.*s`: %s\n", m->path, (int)in->text_len,
          m->text + in->text_off, why);
  exit(2);
}

/* An alloca: register the object (its size: the count times the type's)
** in `post`, after the instruction. */
static void do_alloca(ctx *c, const mssa_inst *in, sbuf *post) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_val *ops = mssa_inst_ops(f, in);
  uint64_t esz = mssa_type_get(m, in->aux)->size;
  sbuf v = {0}, t = {0};
  if (!put_value(&v, m, f, MSSA_VAL(MSSA_VK_INST, (uint32_t)(in - f->insts.a))))
    fail(m, in, "unnamed alloca");
  put_type(&t, m, in->type);
  char size[128];
  snprintf(size, sizeof size, "i64 %llu", (unsigned long long)esz);
  if (in->nops >= 1) {
    mssa_val cnt = ops[0];
    if (MSSA_VAL_KIND(cnt) == MSSA_VK_CONST && mssa_const_get(m, cnt)->kind == MSSA_C_INT) {
      snprintf(size, sizeof size, "i64 %llu",
               (unsigned long long)(esz * (uint64_t)mssa_const_get(m, cnt)->ival));
    } else {
      sbuf cv = {0}, ct = {0};
      if (!put_value(&cv, m, f, cnt)) fail(m, in, "alloca count");
      put_type(&ct, m, mssa_val_type(m, f, cnt));
      uint32_t k = c->tmp++;
      if (strcmp(ct.a, "i64"))
        sb_printf(post, "\n  %%__mssa%u = zext %s %s to i64", k, ct.a, cv.a);
      else
        sb_printf(post, "\n  %%__mssa%u = add i64 %s, 0", k, cv.a);
      uint32_t k2 = c->tmp++;
      sb_printf(post, "\n  %%__mssa%u = mul i64 %%__mssa%u, %llu", k2, k,
                (unsigned long long)esz);
      snprintf(size, sizeof size, "i64 %%__mssa%u", k2);
      free(cv.a); free(ct.a);
    }
  }
  if (c->typed) {
    uint32_t k = c->tmp++;
    sb_printf(post, "\n  %%__mssa%u = bitcast %s %s to i8*", k, t.a, v.a);
    sb_printf(post, "\n  call void @__mssa_alloca(i8* %%__mssa%u, %s)", k, size);
  } else {
    sb_printf(post, "\n  call void @__mssa_alloca(ptr %s, %s)", v.a, size);
  }
  free(v.a); free(t.a);
}

/* A call: memory intrinsics report their accesses, setjmp is bracketed,
** wrapped library functions are renamed. */
static void do_call(ctx *c, editvec *ev, const mssa_inst *in, sbuf *post) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_val *ops = mssa_inst_ops(f, in);
  piece pcs[64];
  uint32_t callee = mssa_call_callee(m, f, in);
  if (callee == MSSA_NONE) return;
  const char *name = mssa_str(m, m->funcs.a[callee].name);
  unsigned intr = m->funcs.a[callee].intrinsic;
  if (intr == MSSA_INTR_MEMCPY || intr == MSSA_INTR_MEMCPY_INLINE || intr == MSSA_INTR_MEMMOVE ||
      intr == MSSA_INTR_MEMSET) {
    size_t k = call_args(m, in, name, pcs, 64);
    if (k == (size_t)-1 || k < 3) fail(m, in, "memory intrinsic arguments");
    sbuf d = {0}, s = {0}, l = {0};
    if (put_arg(&d, m, pcs[0], mssa_val_type(m, f, ops[1])) ||
        put_arg(&l, m, pcs[2], mssa_val_type(m, f, ops[3])))
      fail(m, in, "intrinsic argument text");
    if (strncmp(l.a, "i64 ", 4)) {
      uint32_t t = c->tmp++;
      sb_printf(c->pre, "%%__mssa%u = zext %s to i64\n  ", t, l.a);
      l.n = 0;
      sb_printf(&l, "i64 %%__mssa%u", t);
    }
    if (intr != MSSA_INTR_MEMSET) {
      if (put_arg(&s, m, pcs[1], mssa_val_type(m, f, ops[2]))) fail(m, in, "source text");
      emit_acc(c, (piece){s.a, s.n}, l.a, 0);
    }
    emit_acc(c, (piece){d.a, d.n}, l.a, 1);
    free(d.a); free(s.a); free(l.a);
    return;
  }
  if (is_setjmp(name)) {
    size_t k = call_args(m, in, name, pcs, 64);
    sbuf a = {0}, op = {0};
    if (k == (size_t)-1 || k < 1 || put_arg(&a, m, pcs[0], mssa_val_type(m, f, ops[1])))
      fail(m, in, "setjmp argument");
    as_byte_ptr(c, &op, a.a, a.n);
    sb_printf(c->pre, "call void @__mssa_sj_pre(%s)\n  ", op.a);
    sb_printf(post, "\n  call void @__mssa_sj_post(%s)", op.a);
    free(a.a); free(op.a);
    return;
  }
  if (m->funcs.a[callee].is_decl && wrapped_index(name) >= 0) {
    /* Rename the callee token `@name` (followed by a non-name char). */
    size_t nl = strlen(name);
    const char *s = m->text + in->text_off, *e = s + in->text_len;
    for (const char *p = s; p + nl + 1 < e; p++) {
      if (p[0] == '@' && !strncmp(p + 1, name, nl) &&
          !(plain_ident((char[]){p[1 + nl], 0}))) {
        sbuf r = {0};
        sb_printf(&r, "@__mssa_%s", name);
        add_edit(ev, (size_t)(p - m->text), nl + 1, &r);
        free(r.a);
        break;
      }
    }
  }
}

/* One instruction: its edits (before, after, callee renames). */
static void do_inst(ctx *c, editvec *ev, const mssa_inst *in, uint32_t fid) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_val *ops = mssa_inst_ops(f, in);
  sbuf post = {0};
  char len[64];
  piece pcs[64];
  piece body = inst_body(m, in);
  switch (in->opcode) {
    case MSSA_OP_LOAD:
    case MSSA_OP_STORE: {
      mssa_val p = in->opcode == MSSA_OP_LOAD ? ops[0] : ops[1];
      if (is_own_alloca(f, p)) break;
      uint32_t ty = in->opcode == MSSA_OP_LOAD ? in->type : in->aux;
      size_t k = split_top(body.s, body.n, pcs, 64);
      if (k < 2) fail(m, in, "no pointer operand");
      snprintf(len, sizeof len, "i64 %llu", (unsigned long long)mssa_type_get(m, ty)->store_size);
      emit_acc(c, drop_orderings(pcs[1]), len, in->opcode == MSSA_OP_STORE);
      break;
    }
    case MSSA_OP_CMPXCHG:
    case MSSA_OP_ATOMICRMW: {
      static const char *const kw[] = {"cmpxchg", "atomicrmw", "weak", "volatile", "xchg", "add",
                                       "sub", "and", "nand", "or", "xor", "max", "min", "umax",
                                       "umin", "fadd", "fsub", "fmax", "fmin", NULL};
      size_t k = split_top(body.s, body.n, pcs, 64);
      if (k < 2) fail(m, in, "no pointer operand");
      uint32_t ty = mssa_val_type(m, f, ops[1]);
      snprintf(len, sizeof len, "i64 %llu", (unsigned long long)mssa_type_get(m, ty)->store_size);
      piece p = skip_words(pcs[0], kw);
      emit_acc(c, p, len, 0);
      emit_acc(c, p, len, 1);
      break;
    }
    case MSSA_OP_ALLOCA:
      do_alloca(c, in, &post);
      break;
    case MSSA_OP_RET:
      sb_printf(c->pre, "call void @__mssa_exit(i32 %u)\n  ", fid);
      break;
    case MSSA_OP_CALL:
    case MSSA_OP_INVOKE:
      do_call(c, ev, in, &post);
      break;
    default:
      break;
  }
  if (post.n) add_edit(ev, in->text_off + in->text_len, 0, &post);
  free(post.a);
}

/* What the whole run shares. */
typedef struct {
  const mssa_module *m;
  int typed;
  const char *modname; /* IN.ll's file name: META's module column */
  uint32_t *nl, nnl;   /* newline offsets, for line numbers */
  editvec ev;
  FILE *meta;
} run;

/* Is the linkage in the text before the first '@' (a `define` header or a
** global's definition) internal or private? */
static int text_internal(const char *h, size_t n) {
  const char *at = memchr(h, '@', n);
  size_t k = at ? (size_t)(at - h) : n;
  for (size_t i = 0; i + 8 <= k; i++)
    if ((i + 9 <= k && !strncmp(h + i, "internal ", 9)) || !strncmp(h + i, "private ", 8)) return 1;
  return 0;
}

/* The entry of f: __mssa_enter, then __mssa_arg per pointer argument. */
static void emit_entry(ctx *c, run *r, uint32_t fid) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  const mssa_block *eb = &f->blocks.a[f->entry];
  MSSA_ASSERT(eb->first != MSSA_NONE);
  sb_printf(c->pre, "call void @__mssa_enter(i32 %u, i32 %u)\n  ", fid, f->nargs);
  for (uint32_t a = 0; a < f->nargs; a++) {
    const mssa_type *at = mssa_type_get(m, f->args[a].type);
    if (at->kind != MSSA_T_PTR) continue;
    sbuf v = {0}, t = {0}, op = {0};
    if (!put_value(&v, m, f, MSSA_VAL(MSSA_VK_ARG, a))) {
      fprintf(stderr, "instrument: unnamed argument in %s\n", mssa_str(m, f->name));
      exit(2);
    }
    put_type(&t, m, f->args[a].type);
    sb_puts(&t, " ");
    sb_puts(&t, v.a);
    as_byte_ptr(c, &op, t.a, t.n);
    uint64_t bv = 0; /* byval: the copy's size (typed IR says its type) */
    if ((f->args[a].attrs & MSSA_A_BYVAL) && at->elem != MSSA_NONE) bv = mssa_type_get(m, at->elem)->size;
    sb_printf(c->pre, "call void @__mssa_arg(i32 %u, %s, i64 %llu)\n  ", a, op.a, (unsigned long long)bv);
    free(v.a); free(t.a); free(op.a);
  }
  add_edit(&r->ev, f->insts.a[eb->first].text_off, 0, c->pre);
}

/* Every edit of one defined function. */
static void instrument_func(run *r, const mssa_func *f, uint32_t fid) {
  const mssa_module *m = r->m;
  MSSA_ASSERT(!f->is_decl && f->entry != MSSA_NONE);
  fprintf(r->meta, "F\t%u\t%s\t%d\t%s\n", fid, mssa_str(m, f->name),
          text_internal(m->text + f->head_off, f->head_len), r->modname);
  sbuf pre = {0};
  ctx c = {m, f, &pre, r->typed, 0, 0};
  emit_entry(&c, r, fid);
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      const mssa_inst *in = &f->insts.a[i];
      if (!in->text_len) continue;
      pre.n = 0;
      if (pre.a) pre.a[0] = 0;
      c.line = line_of(r->nl, r->nnl, in->text_off);
      do_inst(&c, &r->ev, in, fid);
      if (pre.n) add_edit(&r->ev, in->text_off, 0, &pre);
    }
  }
  free(pre.a);
}

/* Global g's definition line: META's internal flag, and (an edit) the
** instrumented copy without `unnamed_addr`, which lets the linker merge
** equal constants (and strings) into one address, so the runtime could not
** tell which global an access is of (a permission, not a behaviour; the
** summary is computed from the original). Returns the internal flag. */
static int global_line(run *r, const char *gname) {
  const mssa_module *m = r->m;
  sbuf pat = {0};
  put_ident(&pat, '@', gname);
  sb_puts(&pat, " = ");
  const char *at = strstr(m->text, pat.a);
  while (at && at != m->text && at[-1] != '\n') at = strstr(at + 1, pat.a);
  free(pat.a);
  if (!at) return 0;
  const char *eol = strchr(at, '\n');
  size_t ln = eol ? (size_t)(eol - at) : strlen(at);
  char head[200];
  snprintf(head, sizeof head, "%.*s", (int)(ln < 199 ? ln : 199), at);
  const char *kw = strstr(head, " constant ");
  const char *kw2 = strstr(head, " global ");
  if (!kw || (kw2 && kw2 < kw)) kw = kw2;
  const char *ua = strstr(head, " unnamed_addr ");
  if (ua && kw && ua < kw) {
    sbuf none = {0};
    add_edit(&r->ev, (size_t)(at - m->text) + (size_t)(ua - head), strlen(" unnamed_addr"), &none);
  }
  /* the linkage: between ` = ` and the `global`/`constant` keyword */
  const char *eq = strstr(head, " = ");
  return eq && kw && eq < kw && text_internal(eq, (size_t)(kw - eq) + 1);
}

/* @INIT registering every sized global, into tail; META's G lines. */
static void emit_globals(run *r, sbuf *tail, const char *initname, uint32_t gid0) {
  const mssa_module *m = r->m;
  sb_printf(tail, "\ndefine void @%s() {\n", initname);
  for (uint32_t g = 0; g < m->globals.n; g++) {
    const mssa_global *gl = &m->globals.a[g];
    const char *gname = mssa_str(m, gl->name);
    const mssa_type *gt = mssa_type_get(m, gl->type);
    uint64_t size = (gt->flags & MSSA_TF_SIZED) || gt->kind != MSSA_T_STRUCT ? gt->size : 0;
    if (gl->is_alias || gt->kind == MSSA_T_FUNC) size = 0;
    int internal = global_line(r, gname);
    fprintf(r->meta, "G\t%u\t%s\t%d\t%llu\t%d\t%s\n", gid0 + g, gname, internal,
            (unsigned long long)size, gl->is_decl, r->modname);
    if (!size) continue;
    sbuf t = {0};
    put_type(&t, m, gl->ptype);
    sb_printf(tail, "  call void @__mssa_global(i32 %u, ", gid0 + g);
    if (r->typed && strcmp(t.a, "i8*")) {
      sb_printf(tail, "i8* bitcast (%s ", t.a);
      put_ident(tail, '@', gname);
      sb_puts(tail, " to i8*)");
    } else {
      sb_printf(tail, "%s ", r->typed ? "i8*" : "ptr");
      put_ident(tail, '@', gname);
    }
    sb_printf(tail, ", i64 %llu)\n", (unsigned long long)size);
    free(t.a);
  }
  sb_printf(tail, "  ret void\n}\n");
}

/* The runtime's declarations, and each wrapper with the type of the
** declaration it replaces. */
static void emit_decls(run *r, sbuf *tail) {
  const mssa_module *m = r->m;
  const char *P = r->typed ? "i8*" : "ptr";
  sb_printf(tail, "declare void @__mssa_acc(%s, i64, i32, i32)\n", P);
  sb_printf(tail, "declare void @__mssa_enter(i32, i32)\n");
  sb_printf(tail, "declare void @__mssa_arg(i32, %s, i64)\n", P);
  sb_printf(tail, "declare void @__mssa_exit(i32)\n");
  sb_printf(tail, "declare void @__mssa_alloca(%s, i64)\n", P);
  sb_printf(tail, "declare void @__mssa_global(i32, %s, i64)\n", P);
  sb_printf(tail, "declare void @__mssa_sj_pre(%s)\n", P);
  sb_printf(tail, "declare void @__mssa_sj_post(%s)\n", P);
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    if (!f->is_decl || wrapped_index(mssa_str(m, f->name)) < 0) continue;
    const mssa_type *ft = mssa_type_get(m, f->type);
    sb_puts(tail, "declare ");
    put_type(tail, m, ft->elem);
    sb_printf(tail, " @__mssa_%s(", mssa_str(m, f->name));
    for (uint32_t a = 0; a < ft->nfields; a++) {
      if (a) sb_puts(tail, ", ");
      put_type(tail, m, m->tlist.a[ft->fields + a]);
    }
    if (ft->flags & MSSA_TF_VARARG) sb_puts(tail, ft->nfields ? ", ..." : "...");
    sb_puts(tail, ")\n");
  }
}

/* The text with the edits applied (invariant 1), then tail. */
static int write_output(run *r, const char *path, const sbuf *tail) {
  const mssa_module *m = r->m;
  qsort(r->ev.a, r->ev.n, sizeof *r->ev.a, edit_cmp);
  FILE *out = fopen(path, "w");
  if (!out) { perror(path); return -1; }
  size_t at = 0;
  for (size_t i = 0; i < r->ev.n; i++) {
    MSSA_ASSERT(r->ev.a[i].off >= at);
    fwrite(m->text + at, 1, r->ev.a[i].off - at, out);
    fputs(r->ev.a[i].text, out);
    at = r->ev.a[i].off + r->ev.a[i].del;
  }
  fwrite(m->text + at, 1, m->text_len - at, out);
  fputs(tail->a, out);
  if (fclose(out)) { perror(path); return -1; }
  return 0;
}

int main(int argc, char **argv) {
  uint32_t fid0 = 0, gid0 = 0;
  char initname[64] = "__mssa_init";
  if (argc == 8 && !strcmp(argv[1], "--ids")) {
    fid0 = (uint32_t)strtoul(argv[2], NULL, 10);
    gid0 = (uint32_t)strtoul(argv[3], NULL, 10);
    snprintf(initname, sizeof initname, "__mssa_init_%lu", strtoul(argv[4], NULL, 10));
    argv += 4;
    argc -= 4;
  }
  if (argc != 4) {
    fprintf(stderr, "usage: instrument [--ids FID0 GID0 K] IN.ll OUT.ll META.tsv\n");
    return 2;
  }
  mssa_module *m = NULL;
  mssa_diag dg;
  if (mssa_module_parse_file(argv[1], &m, &dg) != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&dg, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
    return 2;
  }
  run r = {m, !m->opaque_ptrs, strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1],
           NULL, 0, {0}, fopen(argv[3], "w")};
  if (!r.meta) { perror(argv[3]); return 2; }
  uint32_t capnl = 0;
  for (size_t i = 0; i < m->text_len; i++)
    if (m->text[i] == '\n') {
      if (r.nnl == capnl) {
        capnl = capnl ? capnl * 2 : 4096;
        r.nl = realloc(r.nl, capnl * sizeof *r.nl);
        if (!r.nl) return 2;
      }
      r.nl[r.nnl++] = (uint32_t)i;
    }
  uint32_t fid = fid0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++)
    if (!m->funcs.a[fi].is_decl) instrument_func(&r, &m->funcs.a[fi], fid++);
  sbuf tail = {0};
  emit_globals(&r, &tail, initname, gid0);
  emit_decls(&r, &tail);
  int rc = write_output(&r, argv[2], &tail);
  if (fclose(r.meta)) { perror(argv[3]); rc = -1; }
  for (size_t i = 0; i < r.ev.n; i++) free(r.ev.a[i].text);
  free(r.ev.a); free(tail.a); free(r.nl);
  mssa_module_free(m);
  return rc ? 2 : 0;
}
