/*
** jsonir_fn.c -- JSON IR functions lowered to LLVM text, one JSON
** instruction to one LLVM instruction (docs/json-ir.md has the table).
**
** Invariants:
**   1. Two passes per function: the first records every value's type and
**      heap, every block and every edge with its arguments; the second
**      writes the text. So operands may name values defined later (loops),
**      and block parameters become phis with one entry per incoming edge.
**   2. Every operand is checked (defined, of the type the instruction
**      needs) before any text for it is written: the reader never sees a
**      malformed module from here, and faults carry their JSON path.
**   3. A block's parameters are lowered to phis at its top, before its
**      instructions; positions {block, index} in answers count them (a
**      block with two parameters has its first instruction at index 2).
**   4. Helper functions (arrays, opaque ops, heap allocation) are declared
**      once each in jl.decls; their names start with '.', never a JSON name.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir_internal.h"

#define OPND 256               /* room for one operand's text */

/* One function being lowered. */
typedef struct fctx {
  jl *c;
  json_t *fn;
  char path[JL_PATH];
  json_t *vals;                /* value name -> {"type", "heap"} */
  json_t *blocks;              /* block name -> index */
  json_t *edges;               /* per block index: [{"pred","args","path"}] */
  unsigned tmp;                /* helper value names .tN */
} fctx;

static const char *val_type(fctx *f, const char *name) {
  json_t *v = json_object_get(f->vals, name);
  return v ? json_string_value(json_object_get(v, "type")) : NULL;
}

static int val_heap(fctx *f, const char *name) {
  json_t *v = name && name[0] == '@' ? json_object_get(f->c->globals, name + 1)
                                     : json_object_get(f->vals, name);
  return v ? (int)json_integer_value(json_object_get(v, "heap")) : JL_NO_HEAP;
}

static void define_val(fctx *f, const char *name, const char *type, int heap, const char *path) {
  if (json_object_get(f->vals, name))
    mssa__jl_fail(f->c, path, "value \"%s\" is defined twice", name);
  else if (json_object_get(f->blocks, name))   /* one namespace in LLVM */
    mssa__jl_fail(f->c, path, "value \"%s\" has the name of a block", name);
  else json_object_set_new(f->vals, name, json_pack("{sssi}", "type", type, "heap", heap));
}

/* The heap field `key` of object o, JL_NO_HEAP when absent. */
static int opt_heap(fctx *f, json_t *o, const char *key, const char *path) {
  json_t *h = json_object_get(o, key);
  if (!h) return JL_NO_HEAP;
  char p[JL_PATH];
  snprintf(p, sizeof p, "%.300s.%s", path, key);
  return mssa__jl_heap(f->c, h, p);
}

/* ------------------------------------------------------------ operands */

/* The type an operand has (without checking it), or NULL if unknown. */
static const char *operand_type(fctx *f, json_t *v) {
  if (json_is_string(v)) {
    const char *s = json_string_value(v);
    return s[0] == '@' ? "ptr" : val_type(f, s);
  }
  if (json_is_boolean(v)) return "i1";
  if (json_is_null(v)) return "ptr";
  return NULL;
}

/* Writes the text of operand v into out (invariant 2). `want`: the type it
** must have, or NULL to take the operand's own (numbers then are i64);
** *got (JL_TYPE bytes) receives its type. */
static bool operand(fctx *f, json_t *v, const char *want, const char *path, char *out, char *got) {
  jl *c = f->c;
  char ty[JL_TYPE] = "";
  json_t *lit = v;
  if (json_is_object(v)) {
    lit = json_object_get(v, "const");
    if (!lit || !mssa__jl_type(c, json_object_get(v, "type"), false, path, ty)) {
      if (!c->failed) mssa__jl_fail(c, path, "a constant is {\"const\": N, \"type\": T}");
      return false;
    }
  }
  if (json_is_string(lit)) {
    const char *s = json_string_value(lit);
    if (s[0] == '@') {
      if (!json_object_get(c->globals, s + 1) && !json_object_get(c->callees, s + 1)) {
        mssa__jl_fail(c, path, "unknown global \"%s\"", s + 1);
        return false;
      }
      snprintf(ty, sizeof ty, "ptr");
    } else if (val_type(f, s)) {
      snprintf(ty, sizeof ty, "%s", val_type(f, s));
    } else {
      mssa__jl_fail(c, path, "unknown value \"%s\"", s);
      return false;
    }
    snprintf(out, OPND, s[0] == '@' ? "%s" : "%%%s", s);
  } else if (json_is_integer(lit)) {
    if (!ty[0]) snprintf(ty, sizeof ty, "%s", want && want[0] == 'i' ? want : "i64");
    if (ty[0] != 'i') {
      mssa__jl_fail(c, path, "an integer constant of type %s", ty);
      return false;
    }
    snprintf(out, OPND, "%lld", (long long)json_integer_value(lit));
  } else if (json_is_real(lit)) {
    if (!ty[0]) snprintf(ty, sizeof ty, "%s", want && !strcmp(want, "float") ? want : "double");
    double x = json_real_value(lit);
    if (strcmp(ty, "double") && (strcmp(ty, "float") || (double)(float)x != x)) {
      mssa__jl_fail(c, path, "a real constant of type %s (float needs an exactly representable value)", ty);
      return false;
    }
    snprintf(out, OPND, "%#.17g", x);
  } else if (json_is_boolean(lit)) {
    snprintf(ty, sizeof ty, "i1");
    snprintf(out, OPND, json_is_true(lit) ? "true" : "false");
  } else if (json_is_null(lit)) {
    snprintf(ty, sizeof ty, "ptr");
    snprintf(out, OPND, "null");
  } else {
    mssa__jl_fail(c, path, "an operand is a value name, a number, true/false, null or "
                  "{\"const\", \"type\"}");
    return false;
  }
  if (want && strcmp(want, ty)) {
    mssa__jl_fail(c, path, "has type %s where %s is needed", ty, want);
    return false;
  }
  snprintf(got, JL_TYPE, "%s", ty);
  return true;
}

/* Operand o[key] (required). */
static bool field(fctx *f, json_t *o, const char *key, const char *want, const char *path,
                  char *out, char *got) {
  char p[JL_PATH];
  snprintf(p, sizeof p, "%.300s.%s", path, key);
  json_t *v = json_object_get(o, key);
  if (!v) {
    mssa__jl_fail(f->c, path, "\"%s\" is required", key);
    return false;
  }
  return operand(f, v, want, p, out, got);
}

static unsigned align_of(const char *t) {
  while (*t == '[') t = strstr(t, " x ") + 3;
  uint64_t s = mssa__jl_type_size(t);
  return s >= 8 ? 8 : s >= 4 ? 4 : s >= 2 ? 2 : 1;
}

/* ------------------------------------------------- pass 1: what exists */

typedef struct opdef {
  const char *op;
  const char *llvm;      /* instruction name for binary ops and compares */
  int kind;
} opdef;

enum {
  K_ALLOC, K_LOAD, K_STORE, K_OFFSET, K_CALL, K_OPAQUE, K_PHI, K_BIN, K_CMP, K_ARRAY,
  K_AGET, K_ASET, K_BR, K_CONDBR, K_RET, K_UNREACHABLE
};

static const opdef ops[] = {
    {"alloc", NULL, K_ALLOC},    {"allocate", NULL, K_ALLOC}, {"load", NULL, K_LOAD},
    {"store", NULL, K_STORE},    {"offset", NULL, K_OFFSET},  {"call", NULL, K_CALL},
    {"opaque", NULL, K_OPAQUE},  {"phi", NULL, K_PHI},        {"add", "add", K_BIN},
    {"sub", "sub", K_BIN},       {"mul", "mul", K_BIN},       {"udiv", "udiv", K_BIN},
    {"sdiv", "sdiv", K_BIN},     {"urem", "urem", K_BIN},     {"srem", "srem", K_BIN},
    {"and", "and", K_BIN},       {"or", "or", K_BIN},         {"xor", "xor", K_BIN},
    {"shl", "shl", K_BIN},       {"lshr", "lshr", K_BIN},     {"ashr", "ashr", K_BIN},
    {"eq", "eq", K_CMP},         {"ne", "ne", K_CMP},         {"lt", "ult", K_CMP},
    {"le", "ule", K_CMP},        {"gt", "ugt", K_CMP},        {"ge", "uge", K_CMP},
    {"ult", "ult", K_CMP},       {"ule", "ule", K_CMP},       {"ugt", "ugt", K_CMP},
    {"uge", "uge", K_CMP},       {"slt", "slt", K_CMP},       {"sle", "sle", K_CMP},
    {"sgt", "sgt", K_CMP},       {"sge", "sge", K_CMP},       {"array", NULL, K_ARRAY},
    {"array_get", NULL, K_AGET}, {"array_set", NULL, K_ASET}, {"br", NULL, K_BR},
    {"jmp", NULL, K_BR},         {"condbr", NULL, K_CONDBR},  {"jmpif", NULL, K_CONDBR},
    {"ret", NULL, K_RET},        {"return", NULL, K_RET},     {"unreachable", NULL, K_UNREACHABLE},
};

static const opdef *find_op(fctx *f, json_t *in, const char *path) {
  json_t *o = json_is_object(in) ? json_object_get(in, "op") : NULL;
  for (size_t k = 0; json_is_string(o) && k < sizeof ops / sizeof ops[0]; k++)
    if (!strcmp(ops[k].op, json_string_value(o))) return &ops[k];
  if (!json_is_object(in)) mssa__jl_fail(f->c, path, "an instruction is an object {\"op\", ...}");
  else if (!json_is_string(o)) mssa__jl_fail(f->c, path, "\"op\" is required (a string)");
  else mssa__jl_fail(f->c, path, "unknown op \"%s\"", json_string_value(o));
  return NULL;
}

static bool is_term(int k) { return k == K_BR || k == K_CONDBR || k == K_RET || k == K_UNREACHABLE; }

/* The element type of an array type text ("[2 x ptr]" -> "ptr"), its
** length in *n; false if t is not an array. */
static bool array_elem(const char *t, char *elem, uint64_t *n) {
  if (t[0] != '[') return false;
  char *end;
  *n = strtoull(t + 1, &end, 10);
  size_t len = strlen(end + 3);
  snprintf(elem, JL_TYPE, "%.*s", (int)(len - 1), end + 3);
  return true;
}

/* The result type an instruction has whatever its "type" says (an array
** read has its element's type, a call its callee's return type), or, for
** the rest, the type its operands give it; "" for none. */
static void inferred_type(fctx *f, json_t *in, const opdef *d, const char *path, char *t) {
  jl *c = f->c;
  json_t *ty = json_object_get(in, "type");
  const char *s = NULL;
  json_t *args = json_object_get(in, "args");
  switch (d->kind) {
  case K_ALLOC: case K_OFFSET: s = "ptr"; break;
  case K_CMP: s = "i1"; break;
  case K_BIN:
    s = operand_type(f, json_array_get(args, 0));
    if (!s) s = operand_type(f, json_array_get(args, 1));
    if (!s) s = "i64";
    break;
  case K_LOAD: {
    json_t *sz = json_object_get(in, "size");
    if (json_is_integer(sz) && json_integer_value(sz) > 0 && json_integer_value(sz) <= 16)
      snprintf(t, JL_TYPE, "i%lld", (long long)json_integer_value(sz) * 8);
    else mssa__jl_fail(c, path, "a load needs \"type\" or \"size\" (bytes, 1..16)");
    return;
  }
  case K_CALL: {
    json_t *sig = json_object_get(c->callees, json_string_value(json_object_get(in, "callee")));
    s = sig ? json_string_value(json_object_get(sig, "ret")) : "void";
    break;
  }
  case K_OPAQUE:
    if (ty) mssa__jl_type(c, ty, true, path, t);
    return;
  case K_ARRAY: {
    json_t *el = json_object_get(in, "elems");
    const char *et = operand_type(f, json_array_get(el, 0));
    char e[JL_TYPE];
    if (ty && !mssa__jl_type(c, ty, false, path, e)) return;
    if (snprintf(t, JL_TYPE, "[%zu x %s]", json_array_size(el), ty ? e : et ? et : "i64") >= JL_TYPE)
      mssa__jl_fail(c, path, "type too long");
    return;
  }
  case K_AGET: case K_ASET: {
    const char *at = operand_type(f, json_object_get(in, "array"));
    uint64_t n;
    char e[JL_TYPE];
    if (!at || !array_elem(at, e, &n)) {
      mssa__jl_fail(c, path, "\"array\" must name an array value defined earlier");
      return;
    }
    snprintf(t, JL_TYPE, "%s", d->kind == K_AGET ? e : at);
    return;
  }
  default: break;
  }
  if (s) snprintf(t, JL_TYPE, "%s", s);
}

/* The result type of a value-producing instruction, "" for none: its
** "type" where that decides it (a load, an arithmetic op); where the
** lowering decides it (array_get/array_set, call, comparison), "type" is
** optional and must agree, since the value is emitted with the lowered
** type (libFuzzer's jsonir target: an array_get declared i1 of an i64
** array lowered to text the reader refused). */
static void result_type(fctx *f, json_t *in, const opdef *d, const char *path, char *t) {
  json_t *ty = json_object_get(in, "type");
  int k = d->kind;
  bool decides = k != K_ALLOC && k != K_STORE && k != K_OPAQUE && k != K_ARRAY;
  bool checked = k == K_AGET || k == K_ASET || k == K_CALL || k == K_CMP;
  char p[JL_PATH], decl[JL_TYPE];
  t[0] = 0;
  snprintf(p, sizeof p, "%.300s.type", path);
  if (ty && decides && !checked) {
    mssa__jl_type(f->c, ty, false, p, t);
    return;
  }
  inferred_type(f, in, d, path, t);
  if (ty && checked && !f->c->failed && mssa__jl_type(f->c, ty, false, p, decl) && strcmp(decl, t))
    mssa__jl_fail(f->c, p, "\"type\" is %s, but the result has type %s", decl, t[0] ? t : "void");
  /* a named call of a void function would define a value of type void,
  ** which an operand could then use (libFuzzer's jsonir target) */
  if (!f->c->failed && !strcmp(t, "void") && json_object_get(in, "name"))
    mssa__jl_fail(f->c, path, "the result is void: \"name\" must be left out");
}

/* Records an edge to block `to` (from a terminator) with its arguments. */
static void add_edge(fctx *f, json_t *in, const char *tokey, const char *argkey, const char *pred,
                     const char *path) {
  json_t *to = json_object_get(in, tokey), *args = json_object_get(in, argkey);
  json_t *bi = json_is_string(to) ? json_object_get(f->blocks, json_string_value(to)) : NULL;
  if (!bi) {
    if (json_is_string(to)) mssa__jl_fail(f->c, path, "%s: unknown block \"%s\"", tokey, json_string_value(to));
    else mssa__jl_fail(f->c, path, "\"%s\" must name a block", tokey);
    return;
  }
  if (args && !json_is_array(args)) mssa__jl_fail(f->c, path, "%s must be an array", argkey);
  char p[JL_PATH];
  snprintf(p, sizeof p, "%.300s.%s", path, argkey);
  json_t *a = args ? json_incref(args) : json_array();
  json_array_append_new(json_array_get(f->edges, (size_t)json_integer_value(bi)),
                        json_pack("{sssoss}", "pred", pred, "args", a, "path", p));
}

/* Pass 1 over one block's parameters and instructions. */
static void collect_block(fctx *f, json_t *b, const char *bname, const char *bpath) {
  char p[JL_PATH], t[JL_TYPE];
  json_t *params = json_object_get(b, "params"), *insts = json_object_get(b, "insts"), *x;
  size_t k;
  json_array_foreach(params, k, x) {
    snprintf(p, sizeof p, "%.300s.params[%zu]", bpath, k);
    const char *nm = mssa__jl_name(f->c, x, "name", true, p);
    if (!nm || !mssa__jl_type(f->c, json_object_get(x, "type"), false, p, t)) return;
    define_val(f, nm, t, opt_heap(f, x, "heap", p), p);
  }
  if (!json_is_array(insts) || !json_array_size(insts)) {
    mssa__jl_fail(f->c, bpath, "insts must be a non-empty array ending with a terminator");
    return;
  }
  json_array_foreach(insts, k, x) {
    snprintf(p, sizeof p, "%.300s.insts[%zu]", bpath, k);
    const opdef *d = find_op(f, x, p);
    if (!d) return;
    if (is_term(d->kind) != (k + 1 == json_array_size(insts))) {
      mssa__jl_fail(f->c, p, is_term(d->kind) ? "a terminator must end its block"
                                              : "the block must end with a terminator");
      return;
    }
    if (d->kind == K_BR) add_edge(f, x, "to", "args", bname, p);
    if (d->kind == K_CONDBR) {
      add_edge(f, x, "then", "then_args", bname, p);
      add_edge(f, x, "else", "else_args", bname, p);
    }
    result_type(f, x, d, p, t);
    const char *nm = mssa__jl_name(f->c, x, "name", false, p);
    if (f->c->failed) return;
    if (nm && !t[0]) mssa__jl_fail(f->c, p, "this instruction has no result to name");
    int heap = opt_heap(f, x, d->kind == K_LOAD || d->kind == K_CALL ? "result_heap" : "heap", p);
    if (d->kind == K_OFFSET && heap == JL_NO_HEAP) heap = val_heap(f, json_string_value(json_object_get(x, "base")));
    if (nm) define_val(f, nm, t, heap, p);
    else if (t[0] && d->kind != K_CALL && d->kind != K_OPAQUE)
      mssa__jl_fail(f->c, p, "\"name\" is required");
  }
}

/* Pass 1: parameters, blocks, values, edges. */
static void collect(fctx *f) {
  char p[JL_PATH], t[JL_TYPE];
  json_t *params = json_object_get(f->fn, "params"), *blocks = json_object_get(f->fn, "blocks"), *x;
  size_t k;
  json_array_foreach(params, k, x) {
    snprintf(p, sizeof p, "%.300s.params[%zu]", f->path, k);
    const char *nm = mssa__jl_name(f->c, x, "name", true, p);
    if (!nm || !mssa__jl_type(f->c, json_object_get(x, "type"), false, p, t)) return;
    define_val(f, nm, t, opt_heap(f, x, "heap", p), p);
  }
  if (!json_is_array(blocks) || !json_array_size(blocks)) {
    mssa__jl_fail(f->c, f->path, "blocks must be a non-empty array");
    return;
  }
  json_array_foreach(blocks, k, x) {
    snprintf(p, sizeof p, "%.300s.blocks[%zu]", f->path, k);
    const char *nm = mssa__jl_name(f->c, x, "name", true, p);
    if (!nm) return;
    if (json_object_get(f->blocks, nm)) mssa__jl_fail(f->c, p, "block \"%s\" is defined twice", nm);
    if (json_object_get(f->vals, nm)) mssa__jl_fail(f->c, p, "block \"%s\" has the name of a parameter", nm);
    json_object_set_new(f->blocks, nm, json_integer((json_int_t)k));
    json_array_append_new(f->edges, json_array());
  }
  json_array_foreach(blocks, k, x) {
    snprintf(p, sizeof p, "%.300s.blocks[%zu]", f->path, k);
    if (!f->c->failed) collect_block(f, x, json_string_value(json_object_get(x, "name")), p);
  }
}

/* ------------------------------------------------- pass 2: the text */

/* The name of helper function `sig` ("RET (PARAMS) ATTRS"), declared on
** first use (invariant 4). */
static const char *helper(fctx *f, const char *stem, const char *ret, const char *params,
                          const char *attrs) {
  jl *c = f->c;
  char key[3 * JL_TYPE + 512];
  snprintf(key, sizeof key, "%s|%s|%s|%s", stem, ret, params, attrs);
  json_t *nm = json_object_get(c->helpers, key);
  if (!nm) {
    char name[64];
    snprintf(name, sizeof name, ".jsonir.%s.%zu", stem, json_object_size(c->helpers));
    MSSA_ASSERT(name[0] == '.' && !mssa__jl_name_ok(name));   /* invariant 4: never a JSON name */
    nm = json_string(name);
    json_object_set_new(c->helpers, key, nm);
    mssa__jl_bprintf(&c->decls, "declare %s @%s(%s)%s\n", ret, name, params, attrs);
  }
  return json_string_value(nm);
}

/* "%name = " for the instruction's result, a helper name when the JSON
** gave none (calls whose value is unused). */
static void lhs(fctx *f, json_t *in, char *buf, size_t cap) {
  json_t *nm = json_object_get(in, "name");
  if (nm) snprintf(buf, cap, "%%%s = ", json_string_value(nm));
  else snprintf(buf, cap, "%%.t%u = ", f->tmp++);
}

/* The access tag: the instruction's own heap, else its pointer's. */
static const char *access_tag(fctx *f, json_t *in, const char *p, char *buf, size_t cap) {
  int h = opt_heap(f, in, "heap", p);
  json_t *ptr = json_object_get(in, "ptr");
  if (h == JL_NO_HEAP && json_is_string(ptr)) h = val_heap(f, json_string_value(ptr));
  return mssa__jl_tag(f->c, h, buf, cap);
}

static void emit_alloc(fctx *f, json_t *in, const char *p) {
  char t[JL_TYPE], l[JL_NAME_MAX + 8];
  json_t *ty = json_object_get(in, "type"), *sz = json_object_get(in, "size");
  if (ty && !mssa__jl_type(f->c, ty, false, p, t)) return;
  if (!ty && !(json_is_integer(sz) && json_integer_value(sz) > 0)) {
    mssa__jl_fail(f->c, p, "an alloc needs \"type\" or \"size\" (bytes)");
    return;
  }
  if (!ty) snprintf(t, sizeof t, "[%lld x i8]", (long long)json_integer_value(sz));
  lhs(f, in, l, sizeof l);
  json_t *kind = json_object_get(in, "kind");
  if (json_is_string(kind) && !strcmp(json_string_value(kind), "heap")) {
    const char *h = helper(f, "new", "noalias ptr", "i64", " inaccessiblememonly nounwind");
    mssa__jl_printf(f->c, "  %scall ptr @%s(i64 %llu)\n", l, h,
                    (unsigned long long)mssa__jl_type_size(t));
  } else if (kind && !(json_is_string(kind) && !strcmp(json_string_value(kind), "stack"))) {
    mssa__jl_fail(f->c, p, "kind is \"stack\" (the default) or \"heap\"");
  } else {
    mssa__jl_printf(f->c, "  %salloca %s, align %u\n", l, t, align_of(t) < 8 ? 8 : align_of(t));
  }
}

static const char *volatile_kw(json_t *in) {
  return json_is_true(json_object_get(in, "volatile")) ? "volatile " : "";
}

static void emit_load(fctx *f, json_t *in, const char *p) {
  char ptr[OPND], got[JL_TYPE], l[JL_NAME_MAX + 8], tag[48];
  const char *t = val_type(f, json_string_value(json_object_get(in, "name")));
  if (!field(f, in, "ptr", "ptr", p, ptr, got)) return;
  lhs(f, in, l, sizeof l);
  mssa__jl_printf(f->c, "  %sload %s%s, ptr %s, align %u%s\n", l, volatile_kw(in), t, ptr,
                  align_of(t), access_tag(f, in, p, tag, sizeof tag));
}

static void emit_store(fctx *f, json_t *in, const char *p) {
  char ptr[OPND], val[OPND], t[JL_TYPE], got[JL_TYPE], tag[48];
  json_t *ty = json_object_get(in, "type");
  if (ty && !mssa__jl_type(f->c, ty, false, p, t)) return;
  if (!field(f, in, "value", ty ? t : NULL, p, val, got) || !field(f, in, "ptr", "ptr", p, ptr, t))
    return;
  mssa__jl_printf(f->c, "  store %s%s %s, ptr %s, align %u%s\n", volatile_kw(in), got, val, ptr,
                  align_of(got), access_tag(f, in, p, tag, sizeof tag));
}

static void emit_offset(fctx *f, json_t *in, const char *p) {
  char base[OPND], idx[OPND], got[JL_TYPE], it[JL_TYPE], l[JL_NAME_MAX + 8];
  json_t *off = json_object_get(in, "offset"), *scale = json_object_get(in, "scale");
  if ((off && !json_is_integer(off)) || (scale && !(json_is_integer(scale) && json_integer_value(scale) > 0))) {
    mssa__jl_fail(f->c, p, "offset is an integer (bytes) and scale a positive integer (bytes)");
    return;
  }
  if (!field(f, in, "base", "ptr", p, base, got)) return;
  lhs(f, in, l, sizeof l);
  long long o = off ? (long long)json_integer_value(off) : 0;
  if (!json_object_get(in, "index")) {
    mssa__jl_printf(f->c, "  %sgetelementptr i8, ptr %s, i64 %lld\n", l, base, o);
    return;
  }
  if (!field(f, in, "index", NULL, p, idx, it)) return;
  if (it[0] != 'i') {
    mssa__jl_fail(f->c, p, "index must be an integer value");
    return;
  }
  mssa__jl_printf(f->c, "  %sgetelementptr [%lld x i8], ptr %s, %s %s, i64 %lld\n", l,
                  scale ? (long long)json_integer_value(scale) : 1LL, base, it, idx, o);
}

/* "T a, T b, ..." of the `key` array of `in` against types pt (NULL: each
** operand's own); false on error. */
static bool arg_list(fctx *f, json_t *in, const char *key, json_t *pt, const char *p, mssa_buf *b,
                     mssa_buf *types) {
  json_t *args = json_object_get(in, key), *x;
  char pp[JL_PATH], v[OPND], got[JL_TYPE];
  if (args && !json_is_array(args)) {
    mssa__jl_fail(f->c, p, "%s must be an array", key);
    return false;
  }
  if (pt && json_array_size(args) != json_array_size(pt)) {
    mssa__jl_fail(f->c, p, "%zu arguments where %zu are expected", json_array_size(args), json_array_size(pt));
    return false;
  }
  size_t k;
  json_array_foreach(args, k, x) {
    snprintf(pp, sizeof pp, "%.300s.%s[%zu]", p, key, k);
    if (!operand(f, x, pt ? json_string_value(json_array_get(pt, k)) : NULL, pp, v, got)) return false;
    mssa__jl_bprintf(b, "%s%s %s", k ? ", " : "", got, v);
    if (types) mssa__jl_bprintf(types, "%s%s", k ? ", " : "", got);
  }
  return true;
}

static void emit_call(fctx *f, json_t *in, const char *p) {
  json_t *cal = json_object_get(in, "callee");
  json_t *sig = json_is_string(cal) ? json_object_get(f->c->callees, json_string_value(cal)) : NULL;
  if (!sig) {
    mssa__jl_fail(f->c, p, "callee: unknown function \"%s\" (declare it in externs)",
                  json_is_string(cal) ? json_string_value(cal) : "?");
    return;
  }
  const char *rt = json_string_value(json_object_get(sig, "ret"));
  mssa_buf args = {0};
  char l[JL_NAME_MAX + 8] = "", tag[48];
  if (arg_list(f, in, "args", json_object_get(sig, "params"), p, &args, NULL)) {
    if (strcmp(rt, "void")) lhs(f, in, l, sizeof l);
    mssa__jl_printf(f->c, "  %scall %s @%s(%.*s)%s\n", l, rt, json_string_value(cal), (int)args.n,
                    args.p ? args.p : "",
                    mssa__jl_tag(f->c, (int)json_integer_value(json_object_get(sig, "heap")), tag, sizeof tag));
  }
  mssa_buf_free(&args);
}

/* An opaque op: a call to a helper declared with the op's effects. */
static void emit_opaque(fctx *f, json_t *in, const char *p) {
  char t[JL_TYPE] = "void", attrs[128], pe[JL_PATH], l[JL_NAME_MAX + 8] = "", tag[48];
  json_t *ty = json_object_get(in, "type"), *eff = json_object_get(in, "effects");
  int heap;
  snprintf(pe, sizeof pe, "%.300s.effects", p);
  if ((ty && !mssa__jl_type(f->c, ty, true, p, t)) || !mssa__jl_effects(f->c, eff, pe, attrs, sizeof attrs, &heap))
    return;
  mssa_buf args = {0}, types = {0}, ptypes = {0};
  if (arg_list(f, in, "args", NULL, p, &args, &types)) {
    /* nocapture on pointer parameters when the effects are declared */
    const char *s = types.p ? types.p : "";
    for (size_t k = 0; k < types.n;) {
      size_t e = k;
      while (e < types.n && s[e] != ',') e++;
      mssa__jl_bprintf(&ptypes, "%s%.*s%s", k ? ", " : "", (int)(e - k), s + k,
                       eff && e - k == 3 && !strncmp(s + k, "ptr", 3) ? " nocapture" : "");
      k = e + 2;
    }
    mssa_buf_append(&ptypes, "", 1);
    const char *h = helper(f, "opaque", t, ptypes.p, attrs);
    if (strcmp(t, "void")) lhs(f, in, l, sizeof l);
    mssa__jl_printf(f->c, "  %scall %s @%s(%.*s)%s\n", l, t, h, (int)args.n, args.p ? args.p : "",
                    mssa__jl_tag(f->c, heap, tag, sizeof tag));
  }
  mssa_buf_free(&args);
  mssa_buf_free(&types);
  mssa_buf_free(&ptypes);
}

static void emit_phi(fctx *f, json_t *in, const char *p) {
  const char *t = val_type(f, json_string_value(json_object_get(in, "name")));
  json_t *inc = json_object_get(in, "incoming"), *x;
  char l[JL_NAME_MAX + 8], v[OPND], got[JL_TYPE], pp[JL_PATH];
  if (!json_is_array(inc) || !json_array_size(inc)) {
    mssa__jl_fail(f->c, p, "a phi needs \"incoming\": [{\"block\", \"value\"}, ...]");
    return;
  }
  lhs(f, in, l, sizeof l);
  mssa__jl_printf(f->c, "  %sphi %s ", l, t);
  size_t k;
  json_array_foreach(inc, k, x) {
    snprintf(pp, sizeof pp, "%.300s.incoming[%zu]", p, k);
    json_t *b = json_object_get(x, "block");
    if (!json_is_string(b) || !json_object_get(f->blocks, json_string_value(b))) {
      mssa__jl_fail(f->c, pp, "block: unknown block");
      return;
    }
    if (!field(f, x, "value", t, pp, v, got)) return;
    mssa__jl_printf(f->c, "%s[ %s, %%%s ]", k ? ", " : "", v, json_string_value(b));
  }
  mssa__jl_printf(f->c, "\n");
}

/* Binary ops and compares: two operands of one integer type. */
static void emit_binary(fctx *f, json_t *in, const opdef *d, const char *p) {
  json_t *args = json_object_get(in, "args");
  char a[OPND], b[OPND], ta[JL_TYPE], tb[JL_TYPE], l[JL_NAME_MAX + 8], pp[JL_PATH];
  if (!json_is_array(args) || json_array_size(args) != 2) {
    mssa__jl_fail(f->c, p, "args must be two operands");
    return;
  }
  const char *t = d->kind == K_BIN ? val_type(f, json_string_value(json_object_get(in, "name")))
                                   : operand_type(f, json_array_get(args, 0));
  if (!t) t = operand_type(f, json_array_get(args, 1));
  snprintf(pp, sizeof pp, "%.300s.args[0]", p);
  if (!operand(f, json_array_get(args, 0), t, pp, a, ta)) return;
  snprintf(pp, sizeof pp, "%.300s.args[1]", p);
  if (!operand(f, json_array_get(args, 1), ta, pp, b, tb)) return;
  if (ta[0] != 'i') {
    mssa__jl_fail(f->c, p, "%s takes integer operands", d->op);
    return;
  }
  lhs(f, in, l, sizeof l);
  mssa__jl_printf(f->c, "  %s%s%s %s %s, %s\n", l, d->kind == K_CMP ? "icmp " : "", d->llvm, ta, a, b);
}

/* Arrays of values (Noir's [v1, v1]): built by a readnone helper whose
** result may carry its pointer arguments, so they escape as they should. */
static void emit_array(fctx *f, json_t *in, const char *p) {
  const char *at = val_type(f, json_string_value(json_object_get(in, "name")));
  char et[JL_TYPE], l[JL_NAME_MAX + 8];
  uint64_t n = 0;
  array_elem(at, et, &n);
  json_t *pt = json_array();
  for (uint64_t k = 0; k < n; k++) json_array_append_new(pt, json_string(et));
  mssa_buf args = {0}, types = {0};
  if (arg_list(f, in, "elems", pt, p, &args, &types)) {
    mssa_buf_append(&types, "", 1);
    const char *h = helper(f, "array", at, types.p, " readnone nounwind");
    lhs(f, in, l, sizeof l);
    mssa__jl_printf(f->c, "  %scall %s @%s(%.*s)\n", l, at, h, (int)args.n, args.p ? args.p : "");
  }
  json_decref(pt);
  mssa_buf_free(&args);
  mssa_buf_free(&types);
}

/* array_get / array_set: extractvalue / insertvalue for a constant index,
** else a readnone helper. */
static void emit_array_access(fctx *f, json_t *in, const opdef *d, const char *p) {
  char arr[OPND], at[JL_TYPE], et[JL_TYPE], ix[OPND], it[JL_TYPE], v[OPND], vt[JL_TYPE] = "";
  char l[JL_NAME_MAX + 8], sig[3 * JL_TYPE + 16];
  uint64_t n = 0;
  if (!field(f, in, "array", NULL, p, arr, at)) return;
  if (!array_elem(at, et, &n)) {
    mssa__jl_fail(f->c, p, "array: not an array value");
    return;
  }
  if (d->kind == K_ASET && !field(f, in, "value", et, p, v, vt)) return;
  json_t *ixv = json_object_get(in, "index");
  lhs(f, in, l, sizeof l);
  if (json_is_integer(ixv)) {
    long long k = (long long)json_integer_value(ixv);
    if (k < 0 || (uint64_t)k >= n) {
      mssa__jl_fail(f->c, p, "index %lld is out of the array's bounds", k);
      return;
    }
    if (d->kind == K_AGET) mssa__jl_printf(f->c, "  %sextractvalue %s %s, %lld\n", l, at, arr, k);
    else mssa__jl_printf(f->c, "  %sinsertvalue %s %s, %s %s, %lld\n", l, at, arr, vt, v, k);
    return;
  }
  if (!field(f, in, "index", NULL, p, ix, it)) return;
  if (d->kind == K_AGET) {
    snprintf(sig, sizeof sig, "%s, %s", at, it);
    mssa__jl_printf(f->c, "  %scall %s @%s(%s %s, %s %s)\n", l, et,
                    helper(f, "get", et, sig, " readnone nounwind"), at, arr, it, ix);
  } else {
    snprintf(sig, sizeof sig, "%s, %s, %s", at, it, et);
    mssa__jl_printf(f->c, "  %scall %s @%s(%s %s, %s %s, %s %s)\n", l, at,
                    helper(f, "set", at, sig, " readnone nounwind"), at, arr, it, ix, vt, v);
  }
}

static void emit_term(fctx *f, json_t *in, const opdef *d, const char *p) {
  char v[OPND], got[JL_TYPE];
  const char *rt = json_string_value(json_object_get(json_object_get(f->c->callees, json_string_value(json_object_get(f->fn, "name"))), "ret"));
  switch (d->kind) {
  case K_BR:
    mssa__jl_printf(f->c, "  br label %%%s\n", json_string_value(json_object_get(in, "to")));
    break;
  case K_CONDBR:
    if (field(f, in, "cond", "i1", p, v, got))
      mssa__jl_printf(f->c, "  br i1 %s, label %%%s, label %%%s\n", v,
                      json_string_value(json_object_get(in, "then")),
                      json_string_value(json_object_get(in, "else")));
    break;
  case K_RET:
    if (!strcmp(rt, "void") != !json_object_get(in, "value"))
      mssa__jl_fail(f->c, p, "the function returns %s", rt);
    else if (!strcmp(rt, "void")) mssa__jl_printf(f->c, "  ret void\n");
    else if (field(f, in, "value", rt, p, v, got)) mssa__jl_printf(f->c, "  ret %s %s\n", rt, v);
    break;
  default: mssa__jl_printf(f->c, "  unreachable\n"); break;
  }
}

static void emit_inst(fctx *f, json_t *in, const opdef *d, const char *p) {
  switch (d->kind) {
  case K_ALLOC: emit_alloc(f, in, p); break;
  case K_LOAD: emit_load(f, in, p); break;
  case K_STORE: emit_store(f, in, p); break;
  case K_OFFSET: emit_offset(f, in, p); break;
  case K_CALL: emit_call(f, in, p); break;
  case K_OPAQUE: emit_opaque(f, in, p); break;
  case K_PHI: emit_phi(f, in, p); break;
  case K_BIN: case K_CMP: emit_binary(f, in, d, p); break;
  case K_ARRAY: emit_array(f, in, p); break;
  case K_AGET: case K_ASET: emit_array_access(f, in, d, p); break;
  default: emit_term(f, in, d, p); break;
  }
}

/* A block's parameters as phis, one entry per incoming edge (invariant 3). */
static void emit_block_params(fctx *f, json_t *b, size_t bi, const char *bpath) {
  json_t *params = json_object_get(b, "params"), *edges = json_array_get(f->edges, bi), *e, *x;
  size_t np = json_array_size(params), k, j;
  if (bi == 0 && json_array_size(edges)) {
    mssa__jl_fail(f->c, bpath, "the entry block cannot be a branch target");
    return;
  }
  if (np && !json_array_size(edges)) {
    mssa__jl_fail(f->c, bpath, "a block with parameters needs a predecessor");
    return;
  }
  json_array_foreach(edges, k, e) {
    if (json_array_size(json_object_get(e, "args")) != np)
      mssa__jl_fail(f->c, json_string_value(json_object_get(e, "path")),
                    "%zu arguments for the %zu parameters of block \"%s\"",
                    json_array_size(json_object_get(e, "args")), np,
                    json_string_value(json_object_get(b, "name")));
  }
  char v[OPND], got[JL_TYPE], pp[JL_PATH];
  json_array_foreach(params, j, x) {
    const char *nm = json_string_value(json_object_get(x, "name"));
    mssa__jl_printf(f->c, "  %%%s = phi %s ", nm, val_type(f, nm));
    json_array_foreach(edges, k, e) {
      snprintf(pp, sizeof pp, "%.300s[%zu]", json_string_value(json_object_get(e, "path")), j);
      if (!operand(f, json_array_get(json_object_get(e, "args"), j), val_type(f, nm), pp, v, got)) return;
      mssa__jl_printf(f->c, "%s[ %s, %%%s ]", k ? ", " : "", v,
                      json_string_value(json_object_get(e, "pred")));
    }
    mssa__jl_printf(f->c, "\n");
  }
}

static void emit_blocks(fctx *f) {
  json_t *blocks = json_object_get(f->fn, "blocks"), *b, *x;
  char bp[JL_PATH], p[JL_PATH];
  size_t bi, k;
  json_array_foreach(blocks, bi, b) {
    snprintf(bp, sizeof bp, "%.300s.blocks[%zu]", f->path, bi);
    mssa__jl_printf(f->c, "%s:\n", json_string_value(json_object_get(b, "name")));
    emit_block_params(f, b, bi, bp);
    bool body = false;
    json_array_foreach(json_object_get(b, "insts"), k, x) {
      if (f->c->failed) return;
      snprintf(p, sizeof p, "%.300s.insts[%zu]", bp, k);
      const opdef *d = find_op(f, x, p);
      if (d->kind == K_PHI && body) {
        mssa__jl_fail(f->c, p, "phis must come first in their block");
        return;
      }
      body |= d->kind != K_PHI;
      emit_inst(f, x, d, p);
    }
  }
}

void mssa__jl_function(jl *c, json_t *fn, uint32_t i) {
  fctx f;
  memset(&f, 0, sizeof f);
  f.c = c;
  f.fn = fn;
  snprintf(f.path, sizeof f.path, "functions[%u]", i);
  f.vals = json_object();
  f.blocks = json_object();
  f.edges = json_array();
  collect(&f);
  const char *name = json_string_value(json_object_get(fn, "name"));
  json_t *sig = json_object_get(c->callees, name), *x;
  bool nocap = json_is_true(json_object_get(sig, "nocapture"));
  mssa__jl_printf(c, "\ndefine %s @%s(", json_string_value(json_object_get(sig, "ret")), name);
  size_t k;
  json_array_foreach(json_object_get(fn, "params"), k, x) {
    const char *t = json_string_value(json_array_get(json_object_get(sig, "params"), k));
    mssa__jl_printf(c, "%s%s%s %%%s", k ? ", " : "", t, nocap && !strcmp(t, "ptr") ? " nocapture" : "",
                    json_string_value(json_object_get(x, "name")));
  }
  mssa__jl_printf(c, ")%s {\n", json_string_value(json_object_get(sig, "attrs")));
  if (!c->failed) emit_blocks(&f);
  mssa__jl_printf(c, "}\n");
  json_decref(f.vals);
  json_decref(f.blocks);
  json_decref(f.edges);
}
