/*
** jsonir_common.c -- what both levels of the JSON IR lowering use: the
** first error, formatted output, names, types, heaps and declared effects
** (jsonir_internal.h), and whether a module came from JSON IR.
**
** Why a file of its own: the module level (jsonir.c) lowers each function
** through jsonir_fn.c, and both need these; at the module level's home they
** made the two files call each other. mssa__jsonir_module is here too, for
** the methods (m_common.c, m_deps.c), which must not call into the lowering
** that the load path (jsonir.c) reaches them from.
**
** Invariants: see jsonir_internal.h (the first error is the one kept; types
** are canonical LLVM text; heap h > 0 has TBAA node !h), and:
**   1. An array type's counts are at most JL_MAX_ARRAY_COUNT and its size at
**      most JL_MAX_TYPE_BYTES, so mssa__jl_type_size (and the reader's
**      layout) never wraps.
**   2. A type alias chain is followed at most JL_MAX_ALIAS_DEPTH steps, so a
**      cycle of aliases ends (as an unknown type).
*/
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir_internal.h"
#include "methods.h"

#define JL_MAX_ALIAS_DEPTH 16
#define JL_MAX_ARRAY_DEPTH 8
/* An array's element count, and its whole size in bytes, are bounded so
** that the size arithmetic (mssa__jl_type_size, the reader's layout) never
** wraps: 2^32 - 1 elements a dimension, 2^48 bytes in all. */
#define JL_MAX_ARRAY_COUNT 0xffffffffull
#define JL_MAX_TYPE_BYTES (1ull << 48)

/* ------------------------------------------------------------ output */

void mssa__jl_fail(jl *c, const char *path, const char *fmt, ...) {
  if (c->failed) return;
  c->failed = true;
  int n = snprintf(c->err, sizeof c->err, "%s: ", path);
  if (n < 0 || (size_t)n >= sizeof c->err) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->err + n, sizeof c->err - (size_t)n, fmt, ap);
  va_end(ap);
}

static void vbprintf(mssa_buf *b, const char *fmt, va_list ap) {
  va_list aq;
  if (!fmt) return;   /* never; tells gcc's UBSan build fmt is not null */
  va_copy(aq, ap);
  /* A null buffer of size 0 asks only for the length (C11 7.21.6.12). */
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n <= 0) return;
  mssa_buf_reserve(b, (size_t)n + 1);
  vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
  b->n += (size_t)n;
}

void mssa__jl_bprintf(mssa_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vbprintf(b, fmt, ap);
  va_end(ap);
}

void mssa__jl_printf(jl *c, const char *fmt, ...) {
  if (c->failed) return;
  va_list ap;
  va_start(ap, fmt);
  vbprintf(&c->out, fmt, ap);
  va_end(ap);
}

/* ------------------------------------------------------------- names */

bool mssa__jl_name_ok(const char *s) {
  size_t n = strlen(s);
  if (n == 0 || n > JL_NAME_MAX) return false;
  if (!isalpha((unsigned char)s[0]) && s[0] != '_' && s[0] != '$') return false;
  for (size_t i = 1; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && !strchr("-_.$", s[i])) return false;
  return true;
}

const char *mssa__jl_name(jl *c, json_t *o, const char *key, bool required, const char *path) {
  json_t *v = json_object_get(o, key);
  if (!v) {
    if (required) mssa__jl_fail(c, path, "\"%s\" is required", key);
    return NULL;
  }
  if (!json_is_string(v) || !mssa__jl_name_ok(json_string_value(v))) {
    mssa__jl_fail(c, path, "%s: a name must match [A-Za-z_$][-A-Za-z0-9_.$]* (at most %d "
                  "characters)", key, JL_NAME_MAX);
    return NULL;
  }
  return json_string_value(v);
}

/* ------------------------------------------------------------- types */

static const char *scalar_type(const char *s) {
  static const char *names[][2] = {
      {"i1", "i1"},   {"i8", "i8"},     {"i16", "i16"},   {"i32", "i32"},     {"i64", "i64"},
      {"i128", "i128"}, {"ptr", "ptr"}, {"f32", "float"}, {"float", "float"}, {"f64", "double"},
      {"double", "double"}, {"void", "void"}};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
    if (!strcmp(s, names[k][0])) return names[k][1];
  return NULL;
}

/* "[N x T]" nests, read iteratively: the counts, then the element. */
static bool array_type(jl *c, const char *s, const char *path, char *buf) {
  unsigned long long cnt[JL_MAX_ARRAY_DEPTH];
  int depth = 0;
  while (*s == '[') {
    char *end;
    if (depth == JL_MAX_ARRAY_DEPTH) break;
    /* digits only: strtoull alone would take "-1" (as 2^64 - 1) and " 7" */
    if (!isdigit((unsigned char)s[1])) break;
    errno = 0;
    cnt[depth] = strtoull(s + 1, &end, 10);
    if (strncmp(end, " x ", 3)) break;
    if (errno == ERANGE || cnt[depth] > JL_MAX_ARRAY_COUNT) {
      mssa__jl_fail(c, path, "array count too large (at most %llu)", JL_MAX_ARRAY_COUNT);
      return false;
    }
    MSSA_ASSERT(cnt[depth] <= JL_MAX_ARRAY_COUNT);   /* invariant 1 */
    s = end + 3;
    depth++;
  }
  size_t n = strlen(s);
  if (depth == 0 || n < (size_t)depth || strspn(s + n - depth, "]") != (size_t)depth) {
    mssa__jl_fail(c, path, "unknown type \"%s\"", s);
    return false;
  }
  char elem[JL_TYPE];
  if (n - depth >= sizeof elem) {
    mssa__jl_fail(c, path, "type too long");
    return false;
  }
  memcpy(elem, s, n - depth);
  elem[n - depth] = 0;
  const char *e = scalar_type(elem);
  if (!e || !strcmp(e, "void")) {
    mssa__jl_fail(c, path, "unknown array element type \"%s\"", elem);
    return false;
  }
  uint64_t bytes = mssa__jl_type_size(e);
  for (int d = 0; d < depth; d++)
    if (cnt[d] && bytes > JL_MAX_TYPE_BYTES / cnt[d]) {
      mssa__jl_fail(c, path, "array type too large (over %llu bytes)", JL_MAX_TYPE_BYTES);
      return false;
    } else {
      bytes *= cnt[d];
    }
  MSSA_ASSERT(bytes <= JL_MAX_TYPE_BYTES);   /* invariant 1: mssa__jl_type_size never wraps */
  buf[0] = 0;
  size_t k = 0;
  for (int d = 0; d < depth; d++) k += snprintf(buf + k, JL_TYPE - k, "[%llu x ", cnt[d]);
  if (k + strlen(e) + (size_t)depth >= JL_TYPE) {
    mssa__jl_fail(c, path, "type too long");
    return false;
  }
  k += snprintf(buf + k, JL_TYPE - k, "%s", e);
  for (int d = 0; d < depth; d++) buf[k++] = ']';
  buf[k] = 0;
  return true;
}

bool mssa__jl_type(jl *c, json_t *v, bool void_ok, const char *path, char *buf) {
  if (c->failed) return false;
  for (int d = 0; json_is_string(v) && d < JL_MAX_ALIAS_DEPTH; d++) {
    json_t *al = json_object_get(c->types, json_string_value(v));
    if (!al) break;
    v = al;
  }
  if (!json_is_string(v)) {
    mssa__jl_fail(c, path, "a type must be a string such as \"i64\", \"ptr\" or \"[4 x i32]\"");
    return false;
  }
  const char *s = json_string_value(v), *t = scalar_type(s);
  if (t && !strcmp(t, "void") && !void_ok) {
    mssa__jl_fail(c, path, "void is not a value type");
    return false;
  }
  if (t) {
    snprintf(buf, JL_TYPE, "%s", t);
    return true;
  }
  return array_type(c, s, path, buf);
}

uint64_t mssa__jl_type_size(const char *t) {
  uint64_t mul = 1;
  while (*t == '[') {
    char *end;
    mul *= strtoull(t + 1, &end, 10);
    t = end + 3;
  }
  if (!strncmp(t, "ptr", 3) || !strncmp(t, "double", 6)) return mul * 8;
  if (!strncmp(t, "float", 5)) return mul * 4;
  if (*t == 'i') return mul * ((strtoull(t + 1, NULL, 10) + 7) / 8);
  return 0;
}

/* ------------------------------------------------------------- heaps */

int mssa__jl_heap(jl *c, json_t *v, const char *path) {
  json_t *ix = json_is_string(v) ? json_object_get(c->heap_ix, json_string_value(v)) : NULL;
  if (!ix) {
    if (json_is_string(v)) mssa__jl_fail(c, path, "unknown heap \"%s\"", json_string_value(v));
    else mssa__jl_fail(c, path, "a heap is named by a string");
    return JL_NO_HEAP;
  }
  return (int)json_integer_value(ix);
}

int mssa__jl_heap_lca(const jl *c, int a, int b) {
  if (a == JL_NO_HEAP) return b;
  if (b == JL_NO_HEAP) return a;
  for (int x = a; x >= 0; x = c->heap_parent[x])
    if (c->heap_start[x] <= c->heap_start[b] && c->heap_end[b] <= c->heap_end[x]) return x;
  return 0;
}

const char *mssa__jl_tag(jl *c, int h, char *buf, size_t cap) {
  if (h <= 0) return "";
  c->any_tag = true;
  snprintf(buf, cap, ", !tbaa !%d", c->nheaps + h);
  return buf;
}

/* ----------------------------------------------------------- effects */

/* The heaps listed at eff[key] folded into an LCA; false on error. */
static bool heap_list(jl *c, json_t *eff, const char *key, const char *path, int *lca, bool *any) {
  json_t *v = json_object_get(eff, key);
  *any = false;
  if (!v) return true;
  if (json_is_string(v)) v = json_pack("[O]", v);
  else if (json_is_array(v)) json_incref(v);
  else {
    mssa__jl_fail(c, path, "%s is a heap name or a list of them", key);
    return false;
  }
  size_t k;
  json_t *x;
  char p[JL_PATH];
  json_array_foreach(v, k, x) {
    snprintf(p, sizeof p, "%.300s.%s[%zu]", path, key, k);
    int h = mssa__jl_heap(c, x, p);
    if (h == JL_NO_HEAP) break;
    *lca = mssa__jl_heap_lca(c, *lca, h);
    *any = true;
  }
  json_decref(v);
  return !c->failed;
}

bool mssa__jl_effects(jl *c, json_t *eff, const char *path, char *attrs, size_t cap, int *heap) {
  attrs[0] = 0;
  *heap = JL_NO_HEAP;
  if (!eff) return true;
  if (!json_is_object(eff)) {
    mssa__jl_fail(c, path, "effects is an object {reads, writes, args_only}");
    return false;
  }
  int lca = JL_NO_HEAP;
  bool r, w;
  if (!heap_list(c, eff, "reads", path, &lca, &r) || !heap_list(c, eff, "writes", path, &lca, &w))
    return false;
  json_t *ao = json_object_get(eff, "args_only");
  snprintf(attrs, cap, "%s%s nounwind", !r && !w ? " readnone" : !w ? " readonly" : !r ? " writeonly" : "",
           json_is_true(ao) && (r || w) ? " argmemonly" : "");
  *heap = r || w ? lca : JL_NO_HEAP;
  return true;
}

/* ------------------------------------------------------------- modules */

bool mssa__jsonir_module(const mssa_module *m) {
  for (uint32_t k = 0; k + 1 < m->named_md.n; k += 2) {
    const mssa_mdop *o = &m->named_md.a[k];
    if (o->kind == MSSA_MDO_STRING && !strcmp(mssa_str(m, o->idx), JL_MARK)) return true;
  }
  return false;
}
