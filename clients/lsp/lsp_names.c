/*
** lsp_names.c -- C names for IR pointers, read from the IR text the LSP
** server compiled (it holds that text anyway, to load it): the variable a
** `%5` is (llvm.dbg.declare / #dbg_declare and DILocalVariable), a global's
** DIGlobalVariable name, and simple access paths over them (`a[…]`,
** `p->next` through DICompositeType members, `*q`). The same facts say
** when two pointers are based on distinct allocations (two allocas or
** globals), which the reaching-writes fallback (lsp_reach.c) uses.
**
** This is a scan of lines, not a reader: the text is the printer's (one
** instruction per line), and anything it does not recognise simply gets no
** name. Once the daemon reports "var" on accesses, that wins.
**
** Invariants:
**   0. The index keeps its own copy of the text with every '\n' replaced
**      by a NUL: each line is a C string, so no search runs past its line.
**   1. Every string handed out is built in the caller's buffer; the index
**      points into its own copy of the text, kept for its lifetime.
**   2. Lookups follow at most MAX_DEPTH links (bases of bases), so a
**      malformed or cyclic chain cannot loop.
*/
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_names.h"

#define MAX_DEPTH 6
#define MAX_PARTS 8
#define MAX_PARAMS 128

enum { V_ALLOCA, V_GEP, V_CAST, V_LOAD };

/* A span of the text. */
typedef struct span {
  const char *p;
  size_t n;
} span;

/* One local value the names care about. */
typedef struct irval {
  span name;     /* "%5" */
  int kind;      /* V_* */
  span base;     /* GEP / cast / load: the pointer operand */
  span elty;     /* GEP: the source element type */
  int field;     /* GEP into a struct: the field index, else -1 */
  long md;       /* alloca: its DILocalVariable (!N), else -1 */
  bool escapes;  /* alloca: its address may be stored, passed or compared */
} irval;

typedef struct irfunc {
  span name;     /* without '@' */
  char *body;    /* its first instruction line (lines are NUL-separated) */
  char *end;     /* its closing "}" line */
  span params;   /* the parameter list of its define line */
  irval *v;
  size_t n, cap;
  long *loads;   /* !dbg numbers of its loads */
  size_t nloads, caploads;
} irfunc;

typedef struct irglobal {
  span name;     /* "@g" */
  long md;       /* its DIGlobalVariableExpression, else -1 */
} irglobal;

struct mssa__lsp_names {
  char *text;
  irfunc *f;
  size_t nf, capf;
  const char **md;   /* start of the line defining !N, by N */
  size_t nmd;
  irglobal *g;
  size_t ng, capg;
  long *comp;        /* the DICompositeType nodes */
  size_t ncomp, capcomp;
};

static void *grow(void *p, size_t *cap, size_t need, size_t elt) {
  if (need <= *cap) return p;
  *cap = *cap ? *cap * 2 : 16;
  if (*cap < need) *cap = need;
  p = realloc(p, *cap * elt);
  if (!p) abort();
  return p;
}

static bool span_is(span s, const char *z) { return s.n == strlen(z) && !memcmp(s.p, z, s.n); }

static bool is_name_char(char c) {
  return isalnum((unsigned char)c) || c == '.' || c == '_' || c == '-' || c == '$';
}

/* A value token ("%x", "@g", "%\"q\"") starting at s, or an empty span. */
static span value_at(const char *s) {
  span t = {s, 0};
  if (*s != '%' && *s != '@') return t;
  const char *e = s + 1;
  if (*e == '"') {
    e = strchr(e + 1, '"');
    if (!e) return t;
    e++;
  } else {
    while (is_name_char(*e)) e++;
  }
  t.n = e > s + 1 ? (size_t)(e - s) : 0;
  return t;
}

/* Splits s[0..n) at top-level commas (outside (), [], {}, <>); stops at
** the metadata attachments (", !dbg !5"), which are not operands. */
static int split_top(const char *s, size_t n, span *parts, int max) {
  int k = 0, depth = 0;
  const char *start = s;
  for (size_t i = 0; i <= n && k < max; i++) {
    char c = i < n ? s[i] : ',';
    if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
    else if (c == ')' || c == ']' || c == '}' || c == '>') depth--;
    else if (c == ',' && depth <= 0) {
      while (start < s + i && *start == ' ') start++;
      if (*start == '!') break;
      parts[k++] = (span){start, (size_t)(s + i - start)};
      start = s + i + 1;
    }
  }
  return k;
}

/* The last whitespace-separated token of a span, as a value token. */
static span last_value(span s) {
  size_t i = s.n;
  while (i > 0 && s.p[i - 1] == ' ') i--;
  size_t e = i;
  while (i > 0 && s.p[i - 1] != ' ') i--;
  span v = value_at(s.p + i);
  return v.n == e - i ? v : (span){s.p, 0};
}

/* Skips words like "inbounds", "volatile", "nuw" after an opcode. */
static const char *skip_words(const char *s, const char *const *words) {
  for (bool again = true; again;) {
    again = false;
    while (*s == ' ') s++;
    for (const char *const *w = words; *w; w++) {
      size_t k = strlen(*w);
      if (!strncmp(s, *w, k) && (s[k] == ' ' || s[k] == '(')) {
        s += k;
        if (*s == '(') s = strchr(s, ')') ? strchr(s, ')') + 1 : s;
        again = true;
      }
    }
  }
  return s;
}

static const char *const gep_words[] = {"inbounds", "nuw", "nusw", "inrange", NULL};
static const char *const mem_words[] = {"atomic", "volatile", NULL};

/* "!N" at s: N, else -1. */
static long md_ref(const char *s) {
  if (!s || s[0] != '!' || !isdigit((unsigned char)s[1])) return -1;
  return strtol(s + 1, NULL, 10);
}

/* ------------------------------------------------------ the scan */

static irval *add_val(irfunc *f, span name, int kind) {
  f->v = grow(f->v, &f->cap, f->n + 1, sizeof *f->v);
  irval *v = &f->v[f->n++];
  *v = (irval){.name = name, .kind = kind, .field = -1, .md = -1};
  return v;
}

static irval *find_val(const irfunc *f, span name) {
  for (size_t i = f->n; i-- > 0;)
    if (f->v[i].name.n == name.n && !memcmp(f->v[i].name.p, name.p, name.n)) return &f->v[i];
  return NULL;
}

/* getelementptr's operands: element type, base, and a struct field index. */
static void scan_gep(irval *v, const char *ops, size_t n) {
  span part[MAX_PARTS];
  int k = split_top(ops, n, part, MAX_PARTS);
  if (k < 2) return;
  v->elty = part[0];
  v->base = last_value(part[1]);
  if (k == 4 && (!strncmp(part[0].p, "%struct.", 8) || !strncmp(part[0].p, "%union.", 7)) &&
      !strncmp(part[2].p, "i32 0", 5) && !strncmp(part[3].p, "i32 ", 4))
    v->field = atoi(part[3].p + 4);
}

/* One instruction line inside a function body. */
static void scan_inst(irfunc *f, const char *s, size_t n) {
  const char *dbg = strstr(s, "#dbg_declare(");
  const char *decl = strstr(s, "@llvm.dbg.declare(metadata ");
  if ((decl && decl < s + n) || (dbg && dbg < s + n)) {
    /* (metadata T* %x, metadata !N, ...) or #dbg_declare(ptr %x, !N, ...) */
    const char *a = decl ? decl + strlen("@llvm.dbg.declare(metadata ") : dbg + 13;
    const char *comma = strchr(a, ',');
    irval *v = comma ? find_val(f, last_value((span){a, (size_t)(comma - a)})) : NULL;
    const char *m = comma ? strchr(comma, '!') : NULL;
    if (v && v->kind == V_ALLOCA) v->md = md_ref(m);
    return;
  }
  span res = value_at(s);
  if (!res.n || strncmp(s + res.n, " = ", 3)) return;
  const char *op = s + res.n + 3, *end = s + n;
  if (!strncmp(op, "alloca ", 7)) {
    add_val(f, res, V_ALLOCA);
  } else if (!strncmp(op, "getelementptr ", 14)) {
    const char *o = skip_words(op + 14, gep_words);
    scan_gep(add_val(f, res, V_GEP), o, (size_t)(end - o));
  } else if (!strncmp(op, "bitcast ", 8) || !strncmp(op, "addrspacecast ", 14)) {
    const char *to = strstr(op, " to ");   /* bitcast T* %v to U* */
    if (to) add_val(f, res, V_CAST)->base = last_value((span){op, (size_t)(to - op)});
  } else if (!strncmp(op, "load ", 5)) {
    const char *o = skip_words(op + 5, mem_words);
    span part[2];
    if (split_top(o, (size_t)(end - o), part, 2) == 2)
      add_val(f, res, V_LOAD)->base = last_value(part[1]);
    const char *d = strstr(o, "!dbg !");
    if (d && d < end) {
      f->loads = grow(f->loads, &f->caploads, f->nloads + 1, sizeof *f->loads);
      f->loads[f->nloads++] = md_ref(d + 5);
    }
  }
}

/* A top-level line: define, global, struct type, metadata. Returns the
** function a "define" opens, else NULL. */
static irfunc *scan_top(mssa__lsp_names *nm, const char *s, size_t n) {
  if (!strncmp(s, "define ", 7)) {
    const char *at = memchr(s, '@', n), *paren = at ? strchr(at, '(') : NULL;
    if (!paren) return NULL;
    nm->f = grow(nm->f, &nm->capf, nm->nf + 1, sizeof *nm->f);
    irfunc *f = &nm->f[nm->nf++];
    memset(f, 0, sizeof *f);
    f->name = (span){at + 1, (size_t)(paren - at - 1)};
    const char *close = strrchr(paren, ')');
    if (close) f->params = (span){paren + 1, (size_t)(close - paren - 1)};
    return f;
  }
  long k = md_ref(s);
  if (k >= 0 && k < 1L << 26) {
    if ((size_t)k >= nm->nmd) {
      size_t old = nm->nmd;
      nm->nmd = (size_t)k * 2 + 16;
      nm->md = realloc(nm->md, nm->nmd * sizeof *nm->md);
      if (!nm->md) abort();
      memset(nm->md + old, 0, (nm->nmd - old) * sizeof *nm->md);
    }
    nm->md[k] = s;
    const char *c = strstr(s, "!DICompositeType(");
    if (c && c < s + n) {
      nm->comp = grow(nm->comp, &nm->capcomp, nm->ncomp + 1, sizeof *nm->comp);
      nm->comp[nm->ncomp++] = k;
    }
  } else if (s[0] == '@') {
    span g = value_at(s);
    const char *eq = g.n ? strstr(s, " = ") : NULL;
    if (!eq || eq != s + g.n || (!strstr(s, " global ") && !strstr(s, " constant "))) return NULL;
    nm->g = grow(nm->g, &nm->capg, nm->ng + 1, sizeof *nm->g);
    const char *d = strstr(s, "!dbg !");
    nm->g[nm->ng++] = (irglobal){g, d && d < s + n ? md_ref(d + 5) : -1};
  }
  return NULL;
}

/* The alloca a pointer is derived from through GEPs and casts, or NULL. */
static irval *alloca_of(const irfunc *f, span p) {
  for (int d = 0; d <= MAX_DEPTH && p.n && p.p[0] == '%'; d++) {
    irval *v = find_val(f, p);
    if (!v || v->kind == V_LOAD) return NULL;
    if (v->kind == V_ALLOCA) return v;
    p = v->base;
  }
  return NULL;
}

/* Marks as escaping every alloca whose address line `l` may let out: any
** use but as the pointer of a load or store, the base of a GEP or cast
** (whose result is then checked where it is used), or an argument of the
** debug and lifetime intrinsics. */
static void mark_escapes(irfunc *f, const char *l) {
  while (*l == ' ') l++;
  if (strstr(l, "@llvm.dbg.") || strstr(l, "#dbg_") || strstr(l, "@llvm.lifetime.")) return;
  span res = value_at(l), safe = {NULL, 0};
  const char *op = l;
  if (res.n && !strncmp(l + res.n, " = ", 3)) op = l + res.n + 3;
  else res.n = 0;
  if (!strncmp(op, "load ", 5) || !strncmp(op, "store ", 6)) {
    const char *o = skip_words(op + (op[0] == 'l' ? 5 : 6), mem_words);
    span part[2];
    if (split_top(o, strlen(o), part, 2) == 2) safe = part[1];
  } else if (res.n && (!strncmp(op, "getelementptr ", 14) || !strncmp(op, "bitcast ", 8) ||
                       !strncmp(op, "addrspacecast ", 14))) {
    const irval *v = find_val(f, res);
    if (v) safe = v->base;
  }
  for (const char *t = op; (t = strchr(t, '%')) != NULL;) {
    span v = value_at(t);
    if (!v.n) {
      t++;
      continue;
    }
    irval *a = alloca_of(f, v);
    if (a && !(safe.p && t >= safe.p && t < safe.p + safe.n)) a->escapes = true;
    t += v.n;
  }
}

mssa__lsp_names *mssa__lsp_names_new(const char *ir, size_t len) {
  mssa__lsp_names *nm = calloc(1, sizeof *nm);
  if (!nm || !(nm->text = malloc(len + 1))) abort();
  memcpy(nm->text, ir, len);
  nm->text[len] = 0;
  irfunc *cur = NULL;
  /* Each line becomes a string of its own, so no search leaves its line. */
  for (char *s = nm->text, *end = nm->text + len; s < end;) {
    char *eol = strchr(s, '\n');
    if (eol) *eol = 0;
    size_t n = strlen(s);
    if (cur && n == 1 && s[0] == '}') {
      cur->end = s;
      cur = NULL;
    } else if (cur) {
      const char *t = s;
      while (*t == ' ') t++;
      scan_inst(cur, t, n - (size_t)(t - s));
    } else if (n && scan_top(nm, s, n)) {
      cur = &nm->f[nm->nf - 1];
      cur->body = eol ? eol + 1 : end;
    }
    s = eol ? eol + 1 : end;
  }
  for (size_t i = 0; i < nm->nf; i++)
    if (nm->f[i].end)
      for (char *l = nm->f[i].body; l < nm->f[i].end; l += strlen(l) + 1)
        mark_escapes(&nm->f[i], l);
  return nm;
}

void mssa__lsp_names_free(mssa__lsp_names *nm) {
  if (!nm) return;
  for (size_t i = 0; i < nm->nf; i++) {
    free(nm->f[i].v);
    free(nm->f[i].loads);
  }
  free(nm->f);
  free(nm->md);
  free(nm->g);
  free(nm->comp);
  free(nm->text);
  free(nm);
}

/* ------------------------------------------------------ lookups */

static const char *md_line(const mssa__lsp_names *nm, long k) {
  return k >= 0 && (size_t)k < nm->nmd ? nm->md[k] : NULL;
}

/* The value of `key: ` in metadata line !k: a string (copied to buf) or a
** reference (returned as its number). */
static long md_field(const mssa__lsp_names *nm, long k, const char *key, char *buf, size_t cap) {
  const char *l = md_line(nm, k);
  if (!l) return -1;
  char pat[32];
  snprintf(pat, sizeof pat, "(%s: ", key);
  const char *v = strstr(l, pat);
  if (!v) {
    snprintf(pat, sizeof pat, ", %s: ", key);
    v = strstr(l, pat);
  }
  if (!v) return -1;
  v += strlen(pat);
  if (*v == '"' && buf) {
    const char *q = strchr(v + 1, '"');
    if (!q) return -1;
    snprintf(buf, cap, "%.*s", (int)(q - v - 1), v + 1);
    return 0;
  }
  return md_ref(v);
}

static const irfunc *find_func(const mssa__lsp_names *nm, const char *fn) {
  if (!fn) return NULL;
  if (*fn == '@') fn++;
  for (size_t i = 0; i < nm->nf; i++)
    if (span_is(nm->f[i].name, fn)) return &nm->f[i];
  return NULL;
}

static const irglobal *find_global(const mssa__lsp_names *nm, span g) {
  for (size_t i = 0; i < nm->ng; i++)
    if (nm->g[i].name.n == g.n && !memcmp(nm->g[i].name.p, g.p, g.n)) return &nm->g[i];
  return NULL;
}

/* The member name of field `k` of struct type `ty` ("%struct.node", or
** "%struct.node.0" for a second type of that name), from the
** DICompositeType of the same name: its k-th element. */
static bool field_name(const mssa__lsp_names *nm, span ty, int k, char *buf, size_t cap) {
  const char *dot = memchr(ty.p, '.', ty.n);
  if (!dot) return false;
  const char *c = dot + 1;
  size_t n = (size_t)(ty.p + ty.n - c), j = n;
  while (j > 0 && isdigit((unsigned char)c[j - 1])) j--;
  if (j > 1 && j < n && c[j - 1] == '.') n = j - 1;
  char want[256], got[256];
  snprintf(want, sizeof want, "%.*s", (int)n, c);
  for (size_t i = 0; i < nm->ncomp; i++) {
    long t = nm->comp[i];
    if (md_field(nm, t, "name", got, sizeof got) || strcmp(got, want)) continue;
    const char *el = md_line(nm, md_field(nm, t, "elements", NULL, 0));
    const char *open = el ? strstr(el, "!{") : NULL;
    if (!open) return false;
    const char *p = open + 2;
    for (int e = 0; e < k && p; e++) {
      p = strchr(p, ',');
      p = p ? p + 2 : NULL;
    }
    return p && !md_field(nm, md_ref(p), "name", buf, cap);
  }
  return false;
}

static int name_of(const mssa__lsp_names *nm, const irfunc *f, span p, char *buf, size_t cap,
                   int depth);

/* The expression of a value loaded from or derived from `v`. */
static int name_derived(const mssa__lsp_names *nm, const irfunc *f, const irval *v, char *buf,
                        size_t cap, int depth) {
  char base[256];
  const irval *b = find_val(f, v->base);
  if (v->kind == V_CAST) return name_of(nm, f, v->base, buf, cap, depth + 1);
  if (v->kind == V_LOAD) {
    if (name_of(nm, f, v->base, base, sizeof base, depth + 1)) return -1;
    snprintf(buf, cap, "*%s", base);
    return 0;
  }
  /* a GEP: through a pointer loaded from a variable (p->f, a[…]) or on it (s.f) */
  bool through = b && b->kind == V_LOAD;
  if (name_of(nm, f, through ? b->base : v->base, base, sizeof base, depth + 1)) return -1;
  char fld[128];
  if (v->field >= 0) {
    if (!field_name(nm, v->elty, v->field, fld, sizeof fld)) snprintf(fld, sizeof fld, "…");
    snprintf(buf, cap, "%s%s%s", base, through ? "->" : ".", fld);
  } else {
    snprintf(buf, cap, "%s[…]", base);
  }
  return 0;
}

static int name_of(const mssa__lsp_names *nm, const irfunc *f, span p, char *buf, size_t cap,
                   int depth) {
  if (!p.n || depth > MAX_DEPTH) return -1;
  if (p.p[0] == '@') {
    const irglobal *g = find_global(nm, p);
    long var = g ? md_field(nm, g->md, "var", NULL, 0) : -1;
    if (var >= 0 && !md_field(nm, var, "name", buf, cap)) return 0;
    snprintf(buf, cap, "%.*s", (int)p.n - 1, p.p + 1);
    return 0;
  }
  const irval *v = f ? find_val(f, p) : NULL;
  if (!v) return -1;
  if (v->kind == V_ALLOCA) return v->md >= 0 && !md_field(nm, v->md, "name", buf, cap) ? 0 : -1;
  return name_derived(nm, f, v, buf, cap, depth);
}

/* Follows GEPs and casts to the allocation a pointer is based on: an
** alloca or a global variable; empty if it is not known to be one. */
static span root_of(const mssa__lsp_names *nm, const irfunc *f, span p) {
  for (int d = 0; d <= MAX_DEPTH && p.n; d++) {
    if (p.p[0] == '@') return find_global(nm, p) ? p : (span){NULL, 0};
    const irval *v = find_val(f, p);
    if (!v || v->kind == V_LOAD) break;
    if (v->kind == V_ALLOCA) return p;
    p = v->base;
  }
  return (span){NULL, 0};
}

/* ------------------------------------------------------ public */

bool mssa__lsp_ir_pointer(const char *text, char *ptr, size_t cap, long long *size) {
  const char *s = text;
  span res = value_at(s);
  if (res.n && !strncmp(s + res.n, " = ", 3)) s += res.n + 3;
  bool load = !strncmp(s, "load ", 5), store = !strncmp(s, "store ", 6);
  if (!load && !store) return false;
  s = skip_words(s + (load ? 5 : 6), mem_words);
  span part[2];
  if (split_top(s, strlen(s), part, 2) < 2) return false;
  span p = last_value(part[1]);
  if (!p.n || p.n >= cap) return false;
  snprintf(ptr, cap, "%.*s", (int)p.n, p.p);
  /* the accessed type: a load's first operand; a store's value type */
  span ty = part[0];
  if (store) {
    size_t i = ty.n;
    while (i > 0 && ty.p[i - 1] != ' ') i--;
    ty.n = i ? i - 1 : 0;
  }
  *size = -1;
  if (ty.n && ty.p[ty.n - 1] == '*') *size = 8;
  else if (span_is(ty, "ptr") || span_is(ty, "double") || span_is(ty, "i64")) *size = 8;
  else if (span_is(ty, "float") || span_is(ty, "i32")) *size = 4;
  else if (span_is(ty, "i16")) *size = 2;
  else if (span_is(ty, "i8") || span_is(ty, "i1")) *size = 1;
  return true;
}

bool mssa__lsp_names_stores_param(const mssa__lsp_names *nm, const char *fn, const char *text) {
  const irfunc *f = nm ? find_func(nm, fn) : NULL;
  if (!f || strncmp(text, "store ", 6)) return false;
  const char *o = skip_words(text + 6, mem_words);
  span part[2], param[MAX_PARAMS];
  if (split_top(o, strlen(o), part, 2) < 2) return false;
  span v = last_value(part[0]);
  int k = split_top(f->params.p, f->params.n, param, MAX_PARAMS);
  for (int i = 0; i < k && v.n; i++) {
    span name = last_value(param[i]);
    if (name.n == v.n && !memcmp(name.p, v.p, v.n)) return true;
  }
  return false;
}

int mssa__lsp_names_var(const mssa__lsp_names *nm, const char *fn, const char *text, char *buf,
                        size_t cap) {
  char ptr[256];
  long long size;
  if (!nm || !mssa__lsp_ir_pointer(text, ptr, sizeof ptr, &size)) return -1;
  return name_of(nm, find_func(nm, fn), value_at(ptr), buf, cap, 0);
}

bool mssa__lsp_names_distinct(const mssa__lsp_names *nm, const char *fn, const char *p,
                              const char *q) {
  const irfunc *f = nm ? find_func(nm, fn) : NULL;
  if (!f) return false;
  span a = root_of(nm, f, value_at(p)), b = root_of(nm, f, value_at(q));
  if (a.n && b.n) return !(a.n == b.n && !memcmp(a.p, b.p, a.n));
  /* A pointer not derived from a local allocation cannot point into one
  ** whose address never left the function (BasicAA's non-escaping local
  ** objects). */
  const irval *la = a.n ? alloca_of(f, a) : NULL, *lb = b.n ? alloca_of(f, b) : NULL;
  return (la && !la->escapes && !b.n) || (lb && !lb->escapes && !a.n);
}

static int cmp_unsigned(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return (x > y) - (x < y);
}

size_t mssa__lsp_names_load_lines(const mssa__lsp_names *nm, unsigned **out) {
  size_t n = 0, cap = 0;
  unsigned *lines = NULL;
  for (size_t i = 0; nm && i < nm->nf; i++)
    for (size_t j = 0; j < nm->f[i].nloads; j++) {
      const char *l = md_line(nm, nm->f[i].loads[j]);
      const char *d = l ? strstr(l, "!DILocation(line: ") : NULL;
      if (!d) continue;
      lines = grow(lines, &cap, n + 1, sizeof *lines);
      lines[n++] = (unsigned)strtoul(d + 18, NULL, 10);
    }
  if (n) qsort(lines, n, sizeof *lines, cmp_unsigned);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (!k || lines[k - 1] != lines[i]) lines[k++] = lines[i];
  *out = lines;
  return k;
}
