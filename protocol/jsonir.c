/*
** jsonir.c -- the neutral JSON IR (docs/json-ir.md) lowered to LLVM text:
** the module level -- the abstract heap hierarchy, type aliases, globals,
** externs with their declared effects, and the metadata that carries heaps
** to alias analysis. Functions and instructions: jsonir_fn.c; the names,
** types, heaps and effects both use: jsonir_common.c.
**
** How the JSON IR's facts reach LLVM 14's alias analysis:
**   - the heap tree becomes a TBAA type tree: heap h > 0 is a scalar type
**     node whose parent is its parent heap's node (the root heap is the TBAA
**     root), and accesses tagged with h carry the tag !{h, h, 0}; two tags
**     may alias iff one heap contains the other, which is exactly "their
**     [start, end) ranges overlap" of the toy optimizer's numbering;
**   - declared call effects become readnone / readonly / writeonly /
**     argmemonly on the declaration, plus a !tbaa tag on the call naming the
**     least common ancestor of the heaps it reads and writes (LLVM's TBAA
**     answers NoModRef for a call whose tag cannot alias the location's);
**     pointer parameters of a call with declared effects are nocapture
**     unless the extern says "captures": true;
**   - allocation sites are allocas (or noalias calls for the heap), which
**     BasicAA keeps apart from each other, from parameters and globals.
**
** Invariants: see jsonir.h and jsonir_internal.h.
*/
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir_internal.h"
#include "methods.h"

/* The datalayout of x86-64 Linux: sizes and alignments as clang's. */
#define JL_DATALAYOUT "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"

/* ------------------------------------------------------------- heaps */

typedef struct hnode {
  json_t *node;
  int parent, depth;
  char path[JL_PATH];
} hnode;

/* One heap node: its name into the index; its children onto the stack. */
static void heap_node(jl *c, hnode *h, hnode *stack, int *sp) {
  const char *nm = mssa__jl_name(c, h->node, "name", true, h->path);
  if (c->failed) return;
  if (json_object_get(c->heap_ix, nm)) {
    mssa__jl_fail(c, h->path, "heap \"%s\" is defined twice", nm);
    return;
  }
  int me = c->nheaps++;
  json_object_set_new(c->heap_ix, nm, json_integer(me));
  c->heap_parent[me] = h->parent;
  json_t *kids = json_object_get(h->node, "children");
  if (kids && !json_is_array(kids)) mssa__jl_fail(c, h->path, "children must be an array");
  if (json_array_size(kids) && h->depth + 1 >= JL_MAX_HEAP_DEPTH)
    mssa__jl_fail(c, h->path, "the heap tree is deeper than %d", JL_MAX_HEAP_DEPTH);
  /* pushed in reverse, so children are numbered in their order */
  for (size_t k = json_array_size(kids); k-- > 0 && !c->failed;) {
    if (*sp + c->nheaps >= JL_MAX_HEAPS) {
      mssa__jl_fail(c, h->path, "more than %d heaps", JL_MAX_HEAPS);
      return;
    }
    hnode *ch = &stack[(*sp)++];
    ch->node = json_array_get(kids, k);
    ch->parent = me;
    ch->depth = h->depth + 1;
    snprintf(ch->path, sizeof ch->path, "%.300s.children[%zu]", h->path, k);
    if (!json_is_object(ch->node)) mssa__jl_fail(c, ch->path, "a heap is an object {name, children}");
  }
}

/* Numbers the tree (preorder indices, so parents come before children):
** a leaf takes one slot, an inner node the span of its children. */
static void number_heaps(jl *c) {
  uint32_t *leaves = calloc((size_t)c->nheaps, sizeof *leaves), *cursor = calloc((size_t)c->nheaps, sizeof *cursor);
  for (int h = c->nheaps; h-- > 0;) {
    if (!leaves[h]) leaves[h] = 1;
    if (c->heap_parent[h] >= 0) leaves[c->heap_parent[h]] += leaves[h];
  }
  for (int h = 0; h < c->nheaps; h++) {
    int p = c->heap_parent[h];
    c->heap_start[h] = p < 0 ? 0 : c->heap_start[p] + cursor[p];
    if (p >= 0) cursor[p] += leaves[h];
    c->heap_end[h] = c->heap_start[h] + leaves[h];
  }
  free(leaves);
  free(cursor);
}

/* "heaps": one tree {name, children}, or an array of trees (then under an
** implicit root). */
static void read_heaps(jl *c, json_t *heaps) {
  c->heap_parent = calloc(JL_MAX_HEAPS, sizeof(int));
  c->heap_start = calloc(JL_MAX_HEAPS, sizeof(uint32_t));
  c->heap_end = calloc(JL_MAX_HEAPS, sizeof(uint32_t));
  hnode *stack = calloc(JL_MAX_HEAPS, sizeof *stack);
  int sp = 0;
  json_t *root = heaps;
  if (json_is_array(heaps)) {
    root = json_pack("{s:s,s:O}", "name", "$all", "children", heaps);
  } else {
    json_incref(root);
    if (heaps && !json_is_object(heaps)) mssa__jl_fail(c, "heaps", "heaps is a tree {name, children} or an array of trees");
  }
  if (root && !c->failed) {
    stack[sp++] = (hnode){root, -1, 0, "heaps"};
    while (sp && !c->failed) {
      hnode h = stack[--sp];
      heap_node(c, &h, stack, &sp);
    }
  }
  json_decref(root);
  free(stack);
  if (!c->failed && c->nheaps) number_heaps(c);
}

static void emit_heap_md(jl *c) {
  if (!c->nheaps || !c->any_tag) return;
  const char *name;
  json_t *ix;
  mssa_buf *b = &c->decls;
  json_object_foreach(c->heap_ix, name, ix) {
    int h = (int)json_integer_value(ix);
    if (h == 0) mssa__jl_bprintf(b, "!0 = !{!\"%s\"}\n", name);
    else mssa__jl_bprintf(b, "!%d = !{!\"%s\", !%d, i64 0}\n", h, name, c->heap_parent[h]);
    mssa__jl_bprintf(b, "; heap %s is [%u, %u)\n", name, c->heap_start[h], c->heap_end[h]);
  }
  for (int h = 1; h < c->nheaps; h++) mssa__jl_bprintf(b, "!%d = !{!%d, !%d, i64 0}\n", c->nheaps + h, h, h);
}

/* ----------------------------------------------------- externs, globals */

/* Records a callee's signature: {"ret", "params", "attrs", "heap", "nocapture"}. */
/* Takes the reference to sig, whether it is kept or refused. */
static void add_callee(jl *c, const char *name, json_t *sig_owned, const char *path) {
  if (json_object_get(c->callees, name) || json_object_get(c->globals, name)) {
    mssa__jl_fail(c, path, "\"%s\" is defined twice", name);
    json_decref(sig_owned);   /* a second definition's signature: a leak libFuzzer found */
  } else {
    json_object_set_new(c->callees, name, sig_owned);
  }
}

/* A signature from an extern or function object; params are types (extern)
** or {name, type} (function). */
static json_t *signature(jl *c, json_t *o, bool named_params, const char *path) {
  char t[JL_TYPE], p[JL_PATH], attrs[128];
  json_t *ret = json_object_get(o, "ret"), *params = json_object_get(o, "params");
  snprintf(t, sizeof t, "void");
  if (ret && !mssa__jl_type(c, ret, true, path, t)) return NULL;
  json_t *sig = json_pack("{ss}", "ret", t), *pt = json_array();
  if (params && !json_is_array(params)) mssa__jl_fail(c, path, "params must be an array");
  size_t k;
  json_t *x;
  json_array_foreach(params, k, x) {
    snprintf(p, sizeof p, "%.300s.params[%zu]", path, k);
    json_t *ty = named_params ? json_object_get(x, "type") : x;
    if (!mssa__jl_type(c, ty, false, p, t)) break;
    json_array_append_new(pt, json_string(t));
  }
  json_object_set_new(sig, "params", pt);
  int heap;
  snprintf(p, sizeof p, "%.300s.effects", path);
  json_t *eff = json_object_get(o, "effects");
  if (!mssa__jl_effects(c, eff, p, attrs, sizeof attrs, &heap)) {
    json_decref(sig);
    return NULL;
  }
  json_object_set_new(sig, "attrs", json_string(attrs));
  json_object_set_new(sig, "heap", json_integer(heap));
  json_object_set_new(sig, "nocapture", json_boolean(eff && !json_is_true(json_object_get(o, "captures"))));
  if (c->failed) {
    json_decref(sig);
    return NULL;
  }
  return sig;
}

/* `declare` line of callee `name` with signature sig. */
static void emit_decl(jl *c, const char *name, json_t *sig) {
  json_t *pt = json_object_get(sig, "params");
  bool nocap = json_is_true(json_object_get(sig, "nocapture"));
  mssa__jl_printf(c, "declare %s @%s(", json_string_value(json_object_get(sig, "ret")), name);
  for (size_t k = 0; k < json_array_size(pt); k++) {
    const char *t = json_string_value(json_array_get(pt, k));
    mssa__jl_printf(c, "%s%s%s", k ? ", " : "", t, nocap && !strcmp(t, "ptr") ? " nocapture" : "");
  }
  mssa__jl_printf(c, ")%s\n", json_string_value(json_object_get(sig, "attrs")));
}

static void read_externs(jl *c, json_t *ext) {
  if (ext && !json_is_array(ext)) mssa__jl_fail(c, "externs", "externs must be an array");
  size_t k;
  json_t *e;
  char p[JL_PATH];
  json_array_foreach(ext, k, e) {
    snprintf(p, sizeof p, "externs[%zu]", k);
    const char *nm = mssa__jl_name(c, e, "name", true, p);
    json_t *sig = nm ? signature(c, e, false, p) : NULL;
    if (!sig) return;
    add_callee(c, nm, sig, p);
    emit_decl(c, nm, sig);
  }
}

static void read_globals(jl *c, json_t *gl) {
  if (gl && !json_is_array(gl)) mssa__jl_fail(c, "globals", "globals must be an array");
  size_t k;
  json_t *g;
  char p[JL_PATH], t[JL_TYPE];
  json_array_foreach(gl, k, g) {
    snprintf(p, sizeof p, "globals[%zu]", k);
    const char *nm = mssa__jl_name(c, g, "name", true, p);
    if (!nm || !mssa__jl_type(c, json_object_get(g, "type"), false, p, t)) return;
    if (json_object_get(c->globals, nm)) mssa__jl_fail(c, p, "global \"%s\" is defined twice", nm);
    int heap = JL_NO_HEAP;
    if (json_object_get(g, "heap")) {
      char hp[JL_PATH];
      snprintf(hp, sizeof hp, "%.300s.heap", p);
      heap = mssa__jl_heap(c, json_object_get(g, "heap"), hp);
    }
    json_object_set_new(c->globals, nm, json_pack("{sssi}", "type", t, "heap", heap));
    json_t *init = json_object_get(g, "init");
    char iv[64] = "zeroinitializer";
    if (json_is_integer(init) && t[0] == 'i')
      snprintf(iv, sizeof iv, "%lld", (long long)json_integer_value(init));
    mssa__jl_printf(c, "@%s = %s %s %s, align 8\n", nm,
                    json_is_true(json_object_get(g, "constant")) ? "constant" : "global", t, iv);
  }
}

/* Every function's signature first (calls may go forward), then bodies. */
static void read_functions(jl *c, json_t *fns) {
  if (!json_is_array(fns) || !json_array_size(fns)) {
    mssa__jl_fail(c, "functions", "functions must be a non-empty array");
    return;
  }
  size_t k;
  json_t *f;
  char p[JL_PATH];
  json_array_foreach(fns, k, f) {
    snprintf(p, sizeof p, "functions[%zu]", k);
    if (!json_is_object(f)) mssa__jl_fail(c, p, "a function is an object");
    const char *nm = mssa__jl_name(c, f, "name", true, p);
    json_t *sig = nm ? signature(c, f, true, p) : NULL;
    if (!sig) return;
    add_callee(c, nm, sig, p);
  }
  json_array_foreach(fns, k, f) if (!c->failed) mssa__jl_function(c, f, (uint32_t)k);
}

/* ------------------------------------------------------------- entry */

static void jl_free(jl *c) {
  mssa_buf_free(&c->out);
  mssa_buf_free(&c->decls);
  json_decref(c->types);
  json_decref(c->heap_ix);
  json_decref(c->callees);
  json_decref(c->globals);
  json_decref(c->helpers);
  free(c->heap_parent);
  free(c->heap_start);
  free(c->heap_end);
}

int mssa__jsonir_lower(json_t *ir, char **text, size_t *len, char *err, size_t cap) {
  jl c;
  memset(&c, 0, sizeof c);
  c.heap_ix = json_object();
  c.callees = json_object();
  c.globals = json_object();
  c.types = json_object();
  c.helpers = json_object();
  if (!json_is_object(ir)) mssa__jl_fail(&c, "ir", "the JSON IR module is an object");
  json_t *ty = json_object_get(ir, "types");
  if (ty && !json_is_object(ty)) mssa__jl_fail(&c, "types", "types maps alias names to types");
  else if (ty) json_object_update(c.types, ty);
  mssa__jl_printf(&c, "; lowered from JSON IR by memssa (docs/json-ir.md)\n"
                      "target datalayout = \"%s\"\n\n", JL_DATALAYOUT);
  if (!c.failed) read_heaps(&c, json_object_get(ir, "heaps"));
  if (!c.failed) read_globals(&c, json_object_get(ir, "globals"));
  if (!c.failed) read_externs(&c, json_object_get(ir, "externs"));
  if (!c.failed) read_functions(&c, json_object_get(ir, "functions"));
  if (!c.failed) {
    emit_heap_md(&c);
    mssa__jl_printf(&c, "\n%.*s!%s = !{}\n", (int)c.decls.n, c.decls.p ? c.decls.p : "", JL_MARK);
  }
  int rc = 0;
  if (c.failed) {
    snprintf(err, cap, "%s", c.err);
    rc = -1;
  } else {
    mssa_buf_append(&c.out, "", 1);   /* the NUL */
    size_t n = 0;
    *text = mssa_buf_steal(&c.out, &n);
    *len = n - 1;
  }
  jl_free(&c);
  return rc;
}

/* "dir/foo.json" -> "foo" */
static json_t *name_from_path(const char *path) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t n = strlen(b);
  return json_stringn(b, n > 5 ? n - 5 : n);
}

/* The lowering's error as a -32010 reply: "PATH: message" split in data. */
static int ir_error(mssa__call *c, const char *file, const char *err) {
  const char *sep = strstr(err, ": ");
  json_t *jp = sep ? json_stringn(err, (size_t)(sep - err)) : json_string("");
  c->data = json_pack("{sososo}", "file", mssa__jstr(file), "json_path", jp ? jp : json_string(""),
                      "message", mssa__jstr(sep ? sep + 2 : err));
  return mssa__fail(c, MSSA_RPC_IR_ERROR, "%s: %s", file, err);
}

int mssa__jsonir_load_params(mssa__call *c) {
  json_t *ir = json_object_get(c->params, "ir"), *path = json_object_get(c->params, "path");
  const char *ps = json_is_string(path) ? json_string_value(path) : NULL;
  size_t pl = ps ? strlen(ps) : 0;
  bool json_file = pl > 5 && !strcmp(ps + pl - 5, ".json");
  if (!ir && !json_file) return 0;
  if (ir && (path || json_object_get(c->params, "text")))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "give exactly one of params.ir, params.path and params.text");
  json_t *module = json_object_get(c->params, "module");
  if (module && !json_is_string(module))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module must be a string");
  if (ir && !module)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.module is required with params.ir");
  json_t *owned = NULL;
  if (json_file) {
    json_error_t je;
    owned = json_load_file(ps, 0, &je);
    if (!owned && je.line < 0) {
      c->data = json_pack("{soso}", "path", mssa__jstr(ps), "message", mssa__jstr(je.text));
      return mssa__fail(c, MSSA_RPC_IO_ERROR, "%s: %s", ps, je.text);
    }
    if (!owned) {
      c->data = json_pack("{sosisiso}", "file", mssa__jstr(ps), "line", je.line, "col", je.column,
                          "message", mssa__jstr(je.text));
      return mssa__fail(c, MSSA_RPC_IR_ERROR, "%s:%d:%d: %s", ps, je.line, je.column, je.text);
    }
    ir = owned;
  }
  char *text = NULL, err[1024];
  size_t len = 0;
  char file[512];
  snprintf(file, sizeof file, "%s", ps ? ps : json_string_value(module));
  int rc = mssa__jsonir_lower(ir, &text, &len, err, sizeof err);
  json_decref(owned);
  if (rc) return ir_error(c, file, err);
  if (!module) json_object_set_new(c->params, "module", name_from_path(ps));
  json_object_set_new(c->params, "text", json_stringn(text, len));
  json_object_del(c->params, "ir");
  json_object_del(c->params, "path");
  free(text);
  return 0;
}
