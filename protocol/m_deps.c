/*
** m_deps.c -- the methods compilers offload: accesses (paged), alias,
** modref, depends, value, promotable (analysis in query/deps.h).
**
** Invariants:
**   1. Decode params -> call the analysis -> encode: nothing here decides an
**      answer; every fact comes from query/deps.h or alias/aa.h.
**   2. Names are the module's own: `%x` and `%bb7` for LLVM text; `v3` and
**      `b1` for a module lowered from JSON IR (jsonir.h, invariant 3).
**   3. The `promotable` result is exactly what `memssa promotable --local
**      --json` prints for the same function (clients/cli_offload.c).
**   4. Queries that may cache walker answers (accesses, depends) bump
**      mssa_proto.gen, as m_query.c does, so no stale cached reply survives.
**   5. An `accesses` reply in the ids or packed form is kept encoded
**      (p->acache) and handed out again, byte for byte, while sgen is
**      unchanged: those forms carry numbers only (ids, kinds, the walker's
**      clobber and alias word), which walker caching does not change, and
**      sgen moves with everything that changes a graph or the module set.
**      A reuse asks the walker nothing, so it leaves gen alone. The full
**      form is not kept: its printed accesses change as the walker
**      optimizes uses. A page of `"functions":"*"` is kept the same way,
**      under a function index with the top bit set (no function has one).
**   6. `accesses` of several functions answers each with exactly its
**      one-function reply (m_deps_ids.c) plus its name, and a page never
**      holds more than `limit` accesses (a function without any counts
**      one): the bound is a count, not a clock, so a page is the same
**      bytes whenever it is asked, and it keeps a page's cost near a batch
**      slice at the clients' page size (docs/offload.md).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir.h"
#include "m_deps_ids.h"
#include "methods.h"
#include "program.h"
#include "memssa.h"

#define NAME_CAP 1024
#define REASON_CAP 2048
#define ACCESSES_PAGE 1000     /* default page of `accesses` */
#define ACCESSES_PAGE_MAX 100000
/* Questions of one `pairs` request (about one function or several): ~26k
** instructions a cold depends, so ~7M, about one batch slice. */
#define PAIRS_MAX 256
/* The acache's form key: the form, whether the reply has `blocks`, and
** the layout of a page of several functions. */
#define CACHE_FORM(form, names, columns) ((int)(form) | ((names) ? 0 : 8) | ((columns) ? 16 : 0))

/* ------------------------------------------------------------ naming */

/* `name` as the module spells it (invariant 2): drops '%' for JSON IR. */
static json_t *spelled_new(const mssa_qmodule *q, const char *name) {
  if (name[0] == '%' && mssa__jsonir_module(q->m)) name++;
  return mssa__jstr(name);
}

static json_t *inst_name_new(const mssa_qmodule *q, uint32_t fi, uint32_t inst) {
  char nm[NAME_CAP];
  mssa_q_inst_name(q->m, &q->m->funcs.a[fi], inst, nm, sizeof nm);
  return spelled_new(q, nm);
}

static json_t *block_name_new(const mssa_qmodule *q, uint32_t fi, uint32_t b) {
  char nm[NAME_CAP];
  nm[0] = '%';
  mssa_q_block_name(q->m, &q->m->funcs.a[fi], b, nm + 1, sizeof nm - 1);
  return spelled_new(q, nm);
}

static json_t *access_list_new(const mssa_qmodule *q, uint32_t fi, const mssa_u32vec *v) {
  json_t *arr = json_array();
  for (uint32_t k = 0; k < v->n; k++)
    json_array_append_new(arr, mssa__access_json_new(q, fi, v->a[k]));
  return arr;
}

static void type_text(const mssa_module *m, uint32_t t, char *buf, size_t cap) {
  const mssa_type *ty = t < m->types.n ? mssa_type_get(m, t) : NULL;
  if (!ty) snprintf(buf, cap, "?");
  else if (ty->kind == MSSA_T_INT) snprintf(buf, cap, "i%u", ty->bits);
  else if (ty->kind == MSSA_T_PTR) snprintf(buf, cap, "ptr");
  else if (ty->kind == MSSA_T_FLOAT) snprintf(buf, cap, "float");
  else if (ty->kind == MSSA_T_DOUBLE) snprintf(buf, cap, "double");
  else snprintf(buf, cap, "%s", ty->kind == MSSA_T_STRUCT ? "struct" : "aggregate");
}

/* A value's text: a name, or a constant's literal. */
static void value_text(const mssa_qmodule *q, uint32_t fi, mssa_val v, char *buf, size_t cap) {
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  uint32_t ix = MSSA_VAL_INDEX(v);
  switch (MSSA_VAL_KIND(v)) {
  case MSSA_VK_INST: mssa_q_inst_name(m, f, ix, buf, cap); return;
  case MSSA_VK_ARG:
    if (f->args[ix].name != MSSA_NONE) snprintf(buf, cap, "%%%s", mssa_str(m, f->args[ix].name));
    else snprintf(buf, cap, "%%%u", f->args[ix].slot);
    return;
  case MSSA_VK_GLOBAL: snprintf(buf, cap, "@%s", mssa_str(m, m->globals.a[ix].name)); return;
  case MSSA_VK_FUNC: snprintf(buf, cap, "@%s", mssa_str(m, m->funcs.a[ix].name)); return;
  default: break;
  }
  const mssa_const *c = MSSA_VAL_KIND(v) == MSSA_VK_CONST ? mssa_const_get(m, v) : NULL;
  const mssa_type *t = c ? mssa_type_get(m, c->type) : NULL;
  if (c && c->kind == MSSA_C_INT && t->bits == 1) snprintf(buf, cap, c->ival ? "true" : "false");
  else if (c && c->kind == MSSA_C_INT) snprintf(buf, cap, "%lld", (long long)c->ival);
  else if (c && c->kind == MSSA_C_FP) snprintf(buf, cap, "%s", mssa_str(m, c->aux));
  else if (c && c->kind == MSSA_C_NULL) snprintf(buf, cap, "null");
  else if (c && c->kind == MSSA_C_UNDEF) snprintf(buf, cap, "undef");
  else if (c && c->kind == MSSA_C_POISON) snprintf(buf, cap, "poison");
  else if (c && c->kind == MSSA_C_ZERO) snprintf(buf, cap, "zeroinitializer");
  else snprintf(buf, cap, "<constant>");
}

/* ------------------------------------------------------------ params */

/* What every method here names first: module and function (with a graph). */
typedef struct target {
  mssa_qmodule *q;
  const char *module;
  uint32_t fi;
} target;

static int get_fn(mssa__call *c, target *t) {
  int rc = mssa__get_module(c, &t->q, &t->module);
  return rc ? rc : mssa__get_function(c, t->q, &t->fi);
}

/* params[key] as an instruction with a MemoryAccess. */
static int get_mem_inst(mssa__call *c, mssa_qmodule *q, uint32_t fi, const char *key,
                        uint32_t *inst) {
  int rc = mssa__get_inst(c, q, fi, json_object_get(c->params, key), key, inst);
  if (rc) return rc;
  if (mssa_ssa_inst_access(q->ssa[fi], *inst) == MSSA_NONE) {
    char text[512];
    mssa_q_inst_text(q->m, &q->m->funcs.a[fi], *inst, text, sizeof text);
    return mssa__fail(c, MSSA_RPC_NO_ACCESS, "params.%s (%s) does not access memory", key, text);
  }
  return 0;
}

/* params[key]: {"ptr":P,"size":N} as a location, or an instruction (its
** location: a load, store, ...). *inst = the instruction or MSSA_NONE. */
static int get_loc(mssa__call *c, mssa_qmodule *q, uint32_t fi, const char *key, mssa_loc *loc,
                   uint32_t *inst) {
  json_t *v = json_object_get(c->params, key);
  const mssa_func *f = &q->m->funcs.a[fi];
  *inst = MSSA_NONE;
  if (json_is_object(v) && json_object_get(v, "ptr")) {
    json_t *ptr = json_object_get(v, "ptr"), *size = json_object_get(v, "size");
    if (!json_is_string(ptr) || (size && !json_is_null(size) &&
                                 (!json_is_integer(size) || json_integer_value(size) < 0)))
      return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                        "params.%s must be {\"ptr\":\"%%p\",\"size\":N} or an instruction", key);
    uint64_t sz = json_is_integer(size) ? (uint64_t)json_integer_value(size) : MSSA_LOC_UNKNOWN;
    char nm[NAME_CAP];
    const char *p = json_string_value(ptr);
    if (p[0] != '%' && p[0] != '@' && mssa__jsonir_module(q->m)) {
      snprintf(nm, sizeof nm, "%%%s", p);   /* JSON IR names come without the sigil */
      p = nm;
    }
    if (mssa_q_make_loc(q->m, f, p, sz, loc))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "params.%s.ptr: no value named '%.200s' in @%s",
                        key, json_string_value(ptr), mssa_str(q->m, f->name));
    return 0;
  }
  int rc = mssa__get_inst(c, q, fi, v, key, inst);
  if (rc) return rc;
  if (!mssa_aa_inst_loc(q->ssa[fi]->aa, *inst, loc))
    return mssa__fail(c, MSSA_RPC_NO_ACCESS,
                      "params.%s is not a load or store (no single location); give {ptr,size}",
                      key);
  return 0;
}

/* The reply object, opened with the module and function names. */
static json_t *head_new(const target *t) {
  return json_pack("{soso}", "module", mssa__jstr(t->module), "function",
                   mssa__jstr(mssa_str(t->q->m, t->q->m->funcs.a[t->fi].name)));
}

/* ------------------------------------------------------------ methods */

/* ------------------------------------------------------------ accesses cache */

/* The `accesses` cache's key: the bundle, the function (or a page of "*"),
** the form, the offset and the limit (invariant 5). */
typedef struct akey {
  uint64_t w[3];
} akey;
static akey acache_key(const void *q, uint32_t fi, int form, uint32_t offset, uint32_t limit) {
  return (akey){{(uint64_t)(uintptr_t)q, (uint64_t)fi << 32 | offset,
                 (uint64_t)limit << 32 | (uint32_t)form}};
}

/* Answers from the cache when it holds key's reply of this sgen: the
** reply's bytes, counted, its graph (q, fi) the one a raw reuse touches. */
static bool acache_answer(mssa__call *c, const akey *key, const void *q, uint32_t fi) {
  const mssa__rcentry *hit = mssa__rc_get(&c->p->acache, c->p->sgen, key, sizeof *key);
  if (!hit) return false;
  MSSA_ASSERT(hit->accesses && hit->q == q);   /* invariant 5: an accesses reply of this bundle */
  c->p->accesses_cached++;
  c->result_text = hit->text;
  c->result_len = hit->len;
  c->p->raw_q = q;
  c->p->raw_fi = fi;
  c->p->raw_accesses = true;
  return true;
}

/* Keeps c->result encoded under key and answers with those bytes (the same
** flags as mssa__emit: the same bytes). Past the cap: not kept. */
static void acache_store(mssa__call *c, const akey *key, const void *q, uint32_t fi) {
  mssa_proto *p = c->p;
  char *text = json_dumps(c->result, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(9));
  mssa__rcentry *e = mssa__rc_put(&p->acache, p->sgen, key, sizeof *key, text, text ? strlen(text) : 0);
  if (!e) return;
  e->q = q;
  e->fi = fi;
  e->accesses = true;
  c->result_text = e->text;
  c->result_len = e->len;
  p->raw_q = q;
  p->raw_fi = fi;
  p->raw_accesses = true;
}

/* Ends a method: the reply object becomes the result. */
static int reply(mssa__call *c, json_t *r) {
  c->result = r;
  return 0;
}

/* ------------------------------------------------------------ several functions */

/* The functions params.functions names (docs/offload.md, "Several functions
** in one request"): "*" = every function with a graph, in module order,
** else an array of names, each with a graph. *fis malloc'ed (freed by the
** caller whatever the result). */
static int get_functions(mssa__call *c, mssa_qmodule *q, uint32_t **fis, size_t *n) {
  json_t *v = json_object_get(c->params, "functions");
  *n = 0;
  *fis = mssa_xmalloc((q->nfuncs ? q->nfuncs : 1) * sizeof **fis);
  if (json_is_string(v) && !strcmp(json_string_value(v), "*")) {
    for (uint32_t fi = 0; fi < q->nfuncs; fi++)
      if (mssa_memcap_exists(q, fi)) (*fis)[(*n)++] = fi;
    return 0;
  }
  if (!json_is_array(v))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "params.functions must be \"*\" or an array of function names");
  if (json_array_size(v) > q->nfuncs) {   /* room: a name may repeat, not exceed */
    free(*fis);
    *fis = mssa_xmalloc(json_array_size(v) * sizeof **fis);
  }
  for (size_t k = 0; k < json_array_size(v); k++) {
    const char *nm = json_string_value(json_array_get(v, k));
    if (!nm)
      return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.functions[%zu] must be a string", k);
    uint32_t fi = mssa_q_find_func(q, nm[0] == '@' ? nm + 1 : nm);
    if (fi == MSSA_NONE || fi >= q->nfuncs)
      return mssa__fail(c, MSSA_RPC_UNKNOWN_FUNCTION,
                        "params.functions[%zu]: no function named '@%.200s'", k,
                        nm[0] == '@' ? nm + 1 : nm);
    if (!mssa_memcap_exists(q, fi))
      return mssa__fail_reason(c, MSSA_RPC_UNKNOWN_FUNCTION, MSSA_REASON_DECLARATION,
                               "params.functions[%zu]: '@%.200s' is a declaration (no body, no "
                               "MemorySSA)",
                               k, nm[0] == '@' ? nm + 1 : nm);
    (*fis)[(*n)++] = fi;
  }
  return 0;
}

/* One function of a page: its accesses from `offset`, at most `room`, as
** an entry of the page's array (a new value appended to arr), or added to
** the columns `col` when the page is in that layout; *got = how many. 0, or
** -1 out of memory. */
static int function_entry(mssa__call *c, mssa__form form, bool names, mssa_qmodule *q,
                          uint32_t fi, uint64_t offset, uint64_t room, uint32_t *got,
                          uint32_t *total, json_t *arr, mssa__columns *col) {
  /* not pinned: only this entry uses the graph, before the next is asked
  ** for, so --max-memory may evict it for the next one (graphs.c) */
  mssa_ssa *s = mssa__graph(c->p, q, fi, false);
  *got = *total = 0;
  if (!s) return -1;   /* it built before: cannot happen (graphs.c) */
  mssa_ssa_settle_words(s);
  if (room > s->acc.n) room = s->acc.n;
  mssa_deps_access *v = mssa_xmalloc((room ? room : 1) * sizeof *v);
  *total = mssa_deps_accesses(s, (uint32_t)offset, (uint32_t)room, v);
  *got = offset < *total ? *total - (uint32_t)offset : 0;
  if (*got > room) *got = (uint32_t)room;
  int rc = 0;
  if (col) {
    mssa__columns_add(col, q, fi, names, v, *got, *total, offset);
  } else {
    json_t *r = mssa__ids_accesses_new(c->p, form, q, fi, mssa_str(q->m, q->m->funcs.a[fi].name),
                                       names, v, *got, *total, offset);
    rc = !r || json_array_append_new(arr, r) ? -1 : 0;
  }
  free(v);
  return rc;
}

/* params.layout (docs/offload.md, "Several functions in one request"):
** "rows" (the default: an object a function) or "columns" (the packed
** form only); *columns. */
static int get_layout(mssa__call *c, mssa__form form, bool *columns) {
  json_t *v = json_object_get(c->params, "layout");
  const char *l = json_string_value(v);
  *columns = l && !strcmp(l, "columns");
  if (v && !*columns && !(l && !strcmp(l, "rows")))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.layout must be \"rows\" or \"columns\"");
  if (*columns && form != MSSA__FORM_PACKED)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_NEEDS_PACKED_FORM,
                             "params.layout \"columns\" needs \"form\":\"packed\"");
  if (*columns && !json_object_get(c->params, "functions"))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_NEEDS_FUNCTIONS,
                             "params.layout \"columns\" needs params.functions");
  return 0;
}

/* `accesses` with params.functions: pages over the listed functions' accesses
** in order, at most `limit` accesses a page (a function with none counts as
** one), from function `at` of the list, access `offset` of it. */
static int accesses_many(mssa__call *c, mssa_qmodule *q, mssa__form form, bool names,
                         bool columns, uint64_t offset, uint64_t limit) {
  uint64_t at = 0;
  uint32_t *fis;
  size_t n;
  int rc;
  if (json_object_get(c->params, "function"))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_FUNCTION_AND_FUNCTIONS,
                             "params.function and params.functions exclude each other");
  if (form == MSSA__FORM_FULL)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_NEEDS_COMPACT_FORM,
                             "params.functions needs \"form\":\"ids\" or \"packed\"");
  if ((rc = mssa__param_uint(c, "at", false, &at))) return rc;
  bool all = json_is_string(json_object_get(c->params, "functions"));
  if ((rc = get_functions(c, q, &fis, &n))) {
    free(fis);
    return rc;
  }
  /* Invariant 5: a page of "*" is kept like one function's (fi: the page's
  ** first function with the top bit set, a key no function has). */
  uint32_t page = 0x80000000u | (uint32_t)(at < n ? at : n);
  MSSA_ASSERT(q->nfuncs < 0x80000000u);   /* invariant 5: no function's index has the top bit */
  uint32_t page_fi = at < n ? fis[at] : 0;
  akey key = acache_key(q, page, CACHE_FORM(form, names, columns), (uint32_t)offset,
                        (uint32_t)limit);
  if (all && acache_answer(c, &key, q, page_fi)) {
    free(fis);
    return 0;
  }
  c->p->gen++;   /* invariant 4 */
  json_t *arr = json_array(), *next = json_null();
  mssa__columns col = {0};
  uint64_t used = 0;
  int bad = !arr;
  for (size_t k = at; !bad && k < n; k++, offset = 0) {
    if (used >= limit) {
      next = json_pack("{sIsI}", "at", (json_int_t)k, "offset", (json_int_t)0);
      break;
    }
    uint32_t got, total;
    bad |= function_entry(c, form, names, q, fis[k], offset, limit - used, &got, &total, arr,
                          columns ? &col : NULL);
    used += got ? got : 1;
    if (offset + got < total) {   /* the page ends inside this function */
      next = json_pack("{sIsI}", "at", (json_int_t)k, "offset", (json_int_t)(offset + got));
      break;
    }
  }
  free(fis);
  json_t *r = NULL;
  if (columns) {
    r = mssa__columns_new(&col, q, names, n, next);   /* takes next, frees col */
    next = NULL;
  } else if (!bad && next) {
    r = json_pack("{sIsOsO}", "total", (json_int_t)n, "functions", arr, "next", next);
  }
  json_decref(arr);
  json_decref(next);
  if (!r || bad) {
    json_decref(r);
    return mssa__fail(c, MSSA_RPC_INTERNAL_ERROR, "out of memory encoding the reply");
  }
  c->result = r;
  if (all) acache_store(c, &key, q, page);   /* key: the page's first offset */
  return 0;
}

int mssa__m_accesses(mssa__call *c) {
  target t;
  uint64_t offset = 0, limit = ACCESSES_PAGE;
  mssa__form form = MSSA__FORM_FULL;
  bool names = true, columns = false;
  int rc;
  if ((rc = mssa__param_uint(c, "offset", false, &offset)) ||
      (rc = mssa__param_uint(c, "limit", false, &limit)) || (rc = mssa__param_form(c, &form)) ||
      (rc = mssa__param_bool(c, "blocks", &names)) || (rc = get_layout(c, form, &columns)))
    return rc;
  if (!names && form == MSSA__FORM_FULL)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_NEEDS_COMPACT_FORM,
                             "params.blocks false needs \"form\":\"ids\" or \"packed\"");
  if (limit == 0 || limit > ACCESSES_PAGE_MAX)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.limit must be 1..%d", ACCESSES_PAGE_MAX);
  if (offset > UINT32_MAX) offset = UINT32_MAX;
  if (json_object_get(c->params, "functions")) {
    mssa_qmodule *q;
    if ((rc = mssa__get_module(c, &q, NULL))) return rc;
    return accesses_many(c, q, form, names, columns, offset, limit);
  }
  if ((rc = get_fn(c, &t))) return rc;
  akey key = acache_key(t.q, t.fi, CACHE_FORM(form, names, false), (uint32_t)offset, (uint32_t)limit);
  if (form != MSSA__FORM_FULL && acache_answer(c, &key, t.q, t.fi))   /* invariant 5 */
    return 0;
  mssa_ssa *s = t.q->ssa[t.fi];
  c->p->gen++;   /* invariant 4 */
  /* No more room than the function has accesses: a page of the largest
  ** limit would otherwise be a fresh 1 MB mapping for every request. */
  size_t room = s->acc.n < limit ? s->acc.n : (size_t)limit;
  mssa_deps_access *v = mssa_xmalloc((room ? room : 1) * sizeof *v);
  uint32_t total = mssa_deps_accesses(s, (uint32_t)offset, (uint32_t)limit, v);
  uint32_t n = offset < total ? total - (uint32_t)offset : 0;
  if (n > limit) n = (uint32_t)limit;
  if (form != MSSA__FORM_FULL) {
    rc = mssa__ids_accesses(c, form, t.q, t.fi, names, v, n, total, offset);
    free(v);
    if (!rc) acache_store(c, &key, t.q, t.fi);
    return rc;
  }
  json_t *arr = json_array();
  for (uint32_t k = 0; k < n; k++) {
    bool phi = s->acc.a[v[k].access].kind == MSSA_ACC_PHI;
    const char *ar = mssa_q_alias_name(v[k].ar);
    json_t *cl = phi ? json_null() : mssa__access_json_new(t.q, t.fi, v[k].clobber);
    json_array_append_new(arr, json_pack("{sososo}", "access",
                                         mssa__access_json_new(t.q, t.fi, v[k].access), "clobber",
                                         cl, "alias", ar ? json_string(ar) : json_null()));
  }
  free(v);
  json_t *r = head_new(&t);
  uint64_t next = offset + n;
  json_object_set_new(r, "total", json_integer(total));
  json_object_set_new(r, "offset", json_integer((json_int_t)offset));
  json_object_set_new(r, "accesses", arr);
  json_object_set_new(r, "next", next < total ? json_integer((json_int_t)next) : json_null());
  return reply(c, r);
}

/* ------------------------------------------------------------ pairs */

/* params.pairs (docs/offload.md, "Several questions in one request"): a
** packed string of instruction ids, two a question (three over several
** functions: `many`), in the packed form only; *v malloc'ed (freed by the
** caller), *n questions. */
static int get_pairs(mssa__call *c, mssa__form form, bool many, int64_t **v, size_t *n) {
  json_t *p = json_object_get(c->params, "pairs");
  size_t nv = 0, per = many ? 3 : 2;
  *v = NULL;
  if (form != MSSA__FORM_PACKED)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_NEEDS_PACKED_FORM,
                             "params.pairs needs \"form\":\"packed\"");
  if (!json_is_string(p) ||
      mssa__packed_decode(json_string_value(p), json_string_length(p), v, &nv) || nv % per)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_MALFORMED_PAIRS, "%s",
                             many ? "params.pairs over params.functions must be a packed string "
                                    "of three numbers a question (function index, two "
                                    "instruction ids)"
                                  : "params.pairs must be a packed string of instruction ids, "
                                    "two a question");
  *n = nv / per;
  return 0;
}

/* The failure rc of question k: data {reason, pair: k}, so a client that
** grouped its questions finds which one without reading the message. */
static int pair_failed(mssa__call *c, int rc, int reason, size_t k) {
  json_decref(c->data);
  c->data = json_pack("{sssI}", "reason", mssa_rpc_reason(reason), "pair", (json_int_t)k);
  return rc;
}

/* Instruction `id` of question k: one with a memory access, and with loc
** set, one with a single location (as `from`/`to` and `a`/`b` are). */
static int pair_inst(mssa__call *c, const target *t, int64_t id, size_t k, uint32_t *inst,
                     mssa_loc *loc) {
  const mssa_func *f = &t->q->m->funcs.a[t->fi];
  json_t *v = id >= 0 ? json_integer((json_int_t)id) : NULL;
  char what[48];
  snprintf(what, sizeof what, "pairs[%zu]", k);
  int rc = v ? mssa__get_inst(c, t->q, t->fi, v, what, inst)
             : mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "params.%s: no instruction %lld", what,
                          (long long)id);
  json_decref(v);
  if (rc && v && strncmp(c->msg, "params.pairs[", 13)) {   /* name the question */
    char m[sizeof c->msg];
    snprintf(m, sizeof m, "%s", c->msg);
    mssa__fail(c, rc, "params.%s: %s", what, m);
  }
  if (rc) return pair_failed(c, rc, MSSA_REASON_NO_INSTRUCTION, k);
  if (loc ? !mssa_aa_inst_loc(t->q->ssa[t->fi]->aa, *inst, loc)
          : mssa_ssa_inst_access(t->q->ssa[t->fi], *inst) == MSSA_NONE) {
    mssa__fail(c, MSSA_RPC_NO_ACCESS, "params.%s: instruction %u of @%s %s", what, *inst,
               mssa_str(t->q->m, f->name), loc ? "is not a load or store" : "does not access memory");
    return pair_failed(c, MSSA_RPC_NO_ACCESS, loc ? MSSA_REASON_NO_LOCATION : MSSA_REASON_NOT_MEMORY,
                       k);
  }
  return 0;
}

/* The questions of params.pairs over several functions (docs/offload.md,
** "Many questions over many functions"): params.functions names them (as
** `accesses` takes it), and pairs holds three numbers a question, the
** function's index in that list and the two instruction ids (at most
** PAIRS_MAX questions: answer_pairs checks). On success v is rewritten as pairs (a, b) and fis[k] is question
** k's function. */
static int get_pairs_many(mssa__call *c, target *t, int64_t *v, size_t *n, uint32_t **fis) {
  uint32_t *list;
  size_t nl;
  *fis = NULL;
  if (json_object_get(c->params, "function"))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_FUNCTION_AND_FUNCTIONS,
                             "params.function and params.functions exclude each other");
  int rc = get_functions(c, t->q, &list, &nl);
  *fis = rc ? NULL : mssa_xmalloc((*n ? *n : 1) * sizeof **fis);
  for (size_t k = 0; !rc && k < *n; k++) {
    int64_t f = v[3 * k];
    if (f < 0 || (uint64_t)f >= nl) {
      mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                 "params.pairs[%zu]: function %lld is not an index of params.functions (%zu)", k,
                 (long long)f, nl);
      rc = pair_failed(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_MALFORMED_PAIRS, k);
      break;
    }
    (*fis)[k] = list[f];
    v[2 * k] = v[3 * k + 1];   /* in place: 2k + 1 < 3k + 1 for k > 0 */
    v[2 * k + 1] = v[3 * k + 2];
  }
  free(list);
  if (rc) {
    free(*fis);
    *fis = NULL;
  }
  return rc;
}

/* Question k's answer (into the array arr): alias or depends of v[2k],
** v[2k+1] in t's function. */
static int answer_pair(mssa__call *c, const target *t, const int64_t *v, size_t k, bool depends,
                       json_t *arr) {
  uint32_t x, y;
  mssa_loc a, b;
  int rc;
  if ((rc = pair_inst(c, t, v[2 * k], k, &x, depends ? NULL : &a)) ||
      (rc = pair_inst(c, t, v[2 * k + 1], k, &y, depends ? NULL : &b)))
    return rc;
  if (depends) {
    mssa_deps_dep d;
    mssa_deps_depends(t->q->ssa[t->fi], x, y, &d);
    rc = mssa__ids_depends(c, MSSA__FORM_PACKED, t->q, t->fi, &d);
    mssa_deps_dep_free(&d);
  } else {
    mssa_aa *aa = t->q->ssa[t->fi]->aa;
    rc = mssa__ids_alias(c, MSSA__FORM_PACKED, mssa_aa_alias(aa, &a, &b), mssa_aa_overlap(aa, &a, &b));
  }
  if (!rc) json_array_append_new(arr, c->result);
  c->result = NULL;
  return rc;
}

/* alias or depends over params.pairs: the packed answers in an array; the
** questions about one function (params.function), or about several
** (params.functions). */
static int answer_pairs(mssa__call *c, bool depends) {
  target t;
  mssa__form form = MSSA__FORM_FULL;
  int64_t *v = NULL;
  uint32_t *fis = NULL;
  size_t n = 0;
  bool many = json_object_get(c->params, "functions") != NULL;
  int rc = many ? mssa__get_module(c, &t.q, &t.module) : get_fn(c, &t);
  if (!rc && !(rc = mssa__param_form(c, &form)) && !(rc = get_pairs(c, form, many, &v, &n)) &&
      n > PAIRS_MAX)   /* bounded like a page: one client, one batch slice */
    rc = mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_TOO_MANY_PAIRS,
                           "params.pairs: %zu questions, at most %d a request", n, PAIRS_MAX);
  if (!rc && many) rc = get_pairs_many(c, &t, v, &n, &fis);
  if (rc) {
    free(v);
    return rc;
  }
  if (depends) c->p->gen++;   /* invariant 4 */
  json_t *arr = json_array();
  for (size_t k = 0; !rc && k < n; k++) {
    if (fis && (k == 0 || fis[k] != t.fi)) {   /* a graph evicted meanwhile is built again */
      t.fi = fis[k];
      if (!mssa__graph(c->p, t.q, t.fi, false))
        rc = mssa__fail(c, MSSA_RPC_INTERNAL_ERROR, "params.pairs[%zu]: no graph", k);
    }
    if (!rc) rc = answer_pair(c, &t, v, k, depends, arr);
  }
  free(v);
  free(fis);
  if (rc) json_decref(arr);
  else c->result = arr;
  return rc;
}

int mssa__m_alias(mssa__call *c) {
  if (json_object_get(c->params, "pairs")) return answer_pairs(c, false);
  target t;
  uint32_t ia, ib;
  mssa_loc a, b;
  mssa__form form = MSSA__FORM_FULL;
  int rc;
  if ((rc = get_fn(c, &t)) || (rc = get_loc(c, t.q, t.fi, "a", &a, &ia)) ||
      (rc = get_loc(c, t.q, t.fi, "b", &b, &ib)) || (rc = mssa__param_form(c, &form)))
    return rc;
  mssa_aa *aa = t.q->ssa[t.fi]->aa;
  if (form != MSSA__FORM_FULL)
    return mssa__ids_alias(c, form, mssa_aa_alias(aa, &a, &b), mssa_aa_overlap(aa, &a, &b));
  json_t *r = head_new(&t);
  json_object_set_new(r, "alias", json_string(mssa_q_alias_name(mssa_aa_alias(aa, &a, &b))));
  json_object_set_new(r, "overlap", json_string(mssa_overlap_name(mssa_aa_overlap(aa, &a, &b))));
  return reply(c, r);
}

static const char *modref_name(unsigned mr) {
  static const char *names[] = {"NoModRef", "Ref", "Mod", "ModRef"};
  return names[mr & MSSA_MR_MODREF];
}

int mssa__m_modref(mssa__call *c) {
  target t;
  uint32_t inst, other;
  mssa_loc loc;
  int rc;
  if ((rc = get_fn(c, &t)) || (rc = get_mem_inst(c, t.q, t.fi, "inst", &inst))) return rc;
  mssa_aa *aa = t.q->ssa[t.fi]->aa;
  unsigned mr;
  if (json_object_get(c->params, "location") && !json_object_get(c->params, "other")) {
    if ((rc = get_loc(c, t.q, t.fi, "location", &loc, &other))) return rc;
    mr = mssa_aa_modref_loc(aa, inst, &loc);
  } else {
    if ((rc = get_mem_inst(c, t.q, t.fi, "other", &other))) return rc;
    /* What `inst` does to what `other` touches: its location, or the call. */
    mr = mssa_aa_inst_loc(aa, other, &loc) ? mssa_aa_modref_loc(aa, inst, &loc)
                                           : mssa_aa_modref_call(aa, inst, other);
  }
  json_t *r = head_new(&t);
  json_object_set_new(r, "modref", json_string(modref_name(mr)));
  json_object_set_new(r, "must", json_boolean((mr & MSSA_MR_MUST) != 0));
  json_t *sum = mssa__prog_call_summary(c->p, t.q, t.fi, inst);   /* a program's call */
  if (sum) json_object_set_new(r, "summary", sum);
  mssa__prog_mark(c->p, t.q, r);
  return reply(c, r);
}

/* An access as JSON, or null for MSSA_NONE. */
static json_t *access_or_null(const target *t, uint32_t a) {
  return a != MSSA_NONE ? mssa__access_json_new(t->q, t->fi, a) : json_null();
}

/* An instruction: its access when it has one, else {inst, name, text}. */
static json_t *inst_new(const target *t, uint32_t inst) {
  uint32_t a = mssa_ssa_inst_access(t->q->ssa[t->fi], inst);
  if (a != MSSA_NONE) return mssa__access_json_new(t->q, t->fi, a);
  char text[REASON_CAP];
  mssa_q_inst_text(t->q->m, &t->q->m->funcs.a[t->fi], inst, text, sizeof text);
  return json_pack("{sIsoso}", "inst", (json_int_t)inst, "name", inst_name_new(t->q, t->fi, inst),
                   "text", mssa__jstr(text));
}

int mssa__m_depends(mssa__call *c) {
  if (json_object_get(c->params, "pairs")) return answer_pairs(c, true);
  target t;
  uint32_t from, to;
  mssa__form form = MSSA__FORM_FULL;
  int rc;
  if ((rc = get_fn(c, &t)) || (rc = get_mem_inst(c, t.q, t.fi, "from", &from)) ||
      (rc = get_mem_inst(c, t.q, t.fi, "to", &to)) || (rc = mssa__param_form(c, &form)))
    return rc;
  c->p->gen++;   /* invariant 4 */
  mssa_ssa *s = t.q->ssa[t.fi];
  mssa_deps_dep d;
  mssa_deps_depends(s, from, to, &d);
  if (form != MSSA__FORM_FULL) {
    rc = mssa__ids_depends(c, form, t.q, t.fi, &d);
    mssa_deps_dep_free(&d);
    return rc;
  }
  json_t *kinds = json_array();
  static const char *kn[] = {"flow", "anti", "output"};
  for (unsigned k = 0; k < 3; k++)
    if (d.kinds & (1u << k)) json_array_append_new(kinds, json_string(kn[k]));
  const char *ar = d.alias >= 0 ? mssa_q_alias_name(d.alias) : NULL;
  json_t *r = head_new(&t);
  json_object_set_new(r, "depends", json_boolean(d.depends));
  json_object_set_new(r, "kinds", kinds);
  json_object_set_new(r, "alias", ar ? json_string(ar) : json_null());
  json_object_set_new(r, "carried", json_boolean(d.carried));
  json_object_set_new(r, "modref", json_string(modref_name(d.modref)));
  json_object_set_new(r, "reaches", json_boolean(d.reaches));
  json_object_set_new(r, "path", access_list_new(t.q, t.fi, &d.path));
  json_object_set_new(r, "killer", access_or_null(&t, d.killer != MSSA_NONE
                                                          ? mssa_ssa_inst_access(s, d.killer)
                                                          : MSSA_NONE));
  json_object_set_new(r, "walker_clobber", access_or_null(&t, d.clobber));
  json_object_set_new(r, "reason", d.reason ? json_string(d.reason) : json_null());
  mssa_deps_dep_free(&d);
  return reply(c, r);
}

/* "value", "type", "text" of a Known answer. */
static void known_value(const target *t, mssa_val v, json_t *r) {
  char txt[NAME_CAP], ty[64], shown[NAME_CAP + 16];
  value_text(t->q, t->fi, v, txt, sizeof txt);
  type_text(t->q->m, mssa_val_type(t->q->m, &t->q->m->funcs.a[t->fi], v), ty, sizeof ty);
  const char *x = txt[0] == '%' && mssa__jsonir_module(t->q->m) ? txt + 1 : txt;
  snprintf(shown, sizeof shown, "Known(%s)", x);
  json_object_set_new(r, "value", mssa__jstr(x));
  json_object_set_new(r, "type", json_string(ty));
  json_object_set_new(r, "text", mssa__jstr(shown));
}

int mssa__m_value(mssa__call *c) {
  target t;
  uint32_t inst;
  int rc;
  if ((rc = get_fn(c, &t)) || (rc = get_mem_inst(c, t.q, t.fi, "inst", &inst))) return rc;
  mssa_deps_val v;
  if (mssa_deps_value(t.q->ssa[t.fi], inst, &v))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.inst is not a load");
  json_t *r = head_new(&t);
  json_object_set_new(r, "inst", inst_name_new(t.q, t.fi, inst));
  json_object_set_new(r, "state", json_string(v.known ? "known" : "unknown"));
  if (v.known) known_value(&t, v.value, r);
  else {
    json_object_set_new(r, "value", json_null());
    json_object_set_new(r, "text", json_string("Unknown"));
  }
  json_object_set_new(r, "reason", v.reason ? json_string(v.reason) : json_null());
  json_object_set_new(r, "blocker", access_or_null(&t, v.blocker));
  json_object_set_new(r, "other", v.other != MSSA_NONE ? inst_new(&t, v.other) : json_null());
  json_object_set_new(r, "writes", access_list_new(t.q, t.fi, &v.writes));
  json_object_set_new(r, "path", access_list_new(t.q, t.fi, &v.path));
  mssa_deps_val_free(&v);
  return reply(c, r);
}

int mssa__m_promotable(mssa__call *c) {
  target t;
  int rc = get_fn(c, &t);
  if (rc) return rc;
  const mssa_func *f = &t.q->m->funcs.a[t.fi];
  mssa_deps_promote p;
  mssa_deps_promotable(t.q->ssa[t.fi], &p);
  json_t *arr = json_array();
  char why[REASON_CAP];
  for (uint32_t k = 0; k < p.n; k++) {
    const mssa_deps_alloca *a = &p.a[k];
    json_t *blocks = json_array();
    for (uint32_t j = 0; j < a->nphi; j++)
      json_array_append_new(blocks, block_name_new(t.q, t.fi, p.phis.a[a->phi_off + j]));
    mssa_deps_alloca_reason(t.q->m, f, a, why, sizeof why);
    json_array_append_new(arr, json_pack("{sosbsosIso}", "inst", inst_name_new(t.q, t.fi, a->inst),
                                         "promotable", a->promotable, "phi_blocks", blocks,
                                         "loads", (json_int_t)a->loads, "reason",
                                         a->promotable ? json_null() : mssa__jstr(why)));
  }
  mssa_deps_promote_free(&p);
  return reply(c, json_pack("{so}", "allocas", arr));
}
