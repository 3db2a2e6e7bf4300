/*
** m_common.c -- parameter decoding and the JSON shapes shared by methods.
**
** Invariants:
**   1. See methods.h: wrong types are -32602 naming the member; unknown
**      names are the application codes of errors.h.
**   2. Every JSON value built here is a new reference owned by the caller.
**   3. An access's `name` is spelled as the module spells it: `%x` in LLVM
**      text, `v3` in a module lowered from JSON IR (jsonir.h, invariant 3),
**      in every method's replies alike. Either spelling is taken on input.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonir.h"
#include "methods.h"
#include "program.h"

json_t *mssa__jstr(const char *s) {
  json_t *v = json_string(s);
  if (v) return v;
  /* Not UTF-8 (IR text may hold any bytes): replace high bytes. */
  size_t n = strlen(s);
  char *t = mssa_xmalloc(n + 1);
  for (size_t i = 0; i <= n; i++) t[i] = (unsigned char)s[i] >= 0x80 ? '?' : s[i];
  v = json_string(t);
  free(t);
  return v;
}

int mssa__param_str(mssa__call *c, const char *key, bool required, const char **out) {
  json_t *v = json_object_get(c->params, key);
  if (!v || json_is_null(v)) {
    if (required)
      return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_MISSING_PARAM,
                               "params.%s is required (a string)", key);
    return 0;
  }
  if (!json_is_string(v))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_WRONG_TYPE,
                             "params.%s must be a string", key);
  *out = json_string_value(v);
  return 0;
}

int mssa__param_uint(mssa__call *c, const char *key, bool required, uint64_t *out) {
  json_t *v = json_object_get(c->params, key);
  if (!v || json_is_null(v)) {
    if (required)
      return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_MISSING_PARAM,
                               "params.%s is required (a number)", key);
    return 0;
  }
  if (!json_is_integer(v) || json_integer_value(v) < 0)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_WRONG_TYPE,
                             "params.%s must be a non-negative integer", key);
  *out = (uint64_t)json_integer_value(v);
  return 0;
}

void mssa__llvm_json(json_t *obj, const mssa_module *m) {
  json_object_set_new(obj, "llvm", json_integer(mssa_module_llvm_version(m)));
  json_object_set_new(obj, "llvm_from", json_string(mssa_module_llvm_basis(m)));
}

int mssa__param_bool(mssa__call *c, const char *key, bool *out) {
  json_t *v = json_object_get(c->params, key);
  if (!v || json_is_null(v)) return 0;
  if (!json_is_boolean(v))
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_WRONG_TYPE,
                             "params.%s must be true or false", key);
  *out = json_is_true(v);
  return 0;
}

int mssa__get_module(mssa__call *c, mssa_qmodule **q, const char **name) {
  const char *n = NULL;
  int rc = mssa__param_str(c, "module", true, &n);
  if (rc) return rc;
  mssa_proto_host *h = c->p->host;
  *q = h->find(h, n);
  const mssa__prog *g = *q ? NULL : mssa__prog_find(c->p, n);
  if (g) {
    /* A program: the unit params.unit names, else the one that defines
    ** params.function, else (a request about no function) the first. */
    const char *fn = NULL, *unit = NULL;
    if ((rc = mssa__param_str(c, "function", false, &fn)) ||
        (rc = mssa__param_str(c, "unit", false, &unit)))
      return rc;
    *q = fn || unit ? mssa__prog_unit_for(g, fn && fn[0] == '@' ? fn + 1 : fn, unit)
                    : mssa__prog_unit(g, 0);
    if (!*q && unit)
      return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "program '%.200s' has no unit '%.200s'", n, unit);
    if (!*q)
      return mssa__fail(c, MSSA_RPC_UNKNOWN_FUNCTION, "no unit of program '%.200s' defines '@%.200s'",
                        n, fn[0] == '@' ? fn + 1 : fn);
  }
  if (!*q) return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "no module named '%.200s' is loaded", n);
  MSSA_ASSERT((*q)->m && (*q)->nfuncs == (*q)->m->funcs.n);   /* a whole bundle */
  if (name) *name = n;
  return 0;
}

int mssa__get_function(mssa__call *c, mssa_qmodule *q, uint32_t *fi) {
  int rc = mssa__get_function_to_edit(c, q, fi);
  /* Readers see use alias words as a fresh build has them (mssa.h). */
  if (!rc) mssa_ssa_settle_words(q->ssa[*fi]);
  return rc;
}

int mssa__get_function_to_edit(mssa__call *c, mssa_qmodule *q, uint32_t *fi) {
  const char *n = NULL;
  int rc = mssa__param_str(c, "function", true, &n);
  if (rc) return rc;
  if (n[0] == '@') n++;
  uint32_t f = mssa_q_find_func(q, n);
  if (f == MSSA_NONE || f >= q->nfuncs)
    return mssa__fail(c, MSSA_RPC_UNKNOWN_FUNCTION, "no function named '@%.200s'", n);
  if (!mssa__graph(c->p, q, f, true))   /* rebuilt if --max-memory evicted it */
    return mssa__fail(c, MSSA_RPC_UNKNOWN_FUNCTION,
                      "'@%.200s' is a declaration (no body, no MemorySSA)", n);
  MSSA_ASSERT(q->ssa[f]);   /* pinned by mssa__graph until the request ends */
  *fi = f;
  return 0;
}

const char *mssa__block_label(json_t *v, char buf[MSSA__LABEL_BUF]) {
  if (json_is_string(v)) return json_string_value(v);
  if (!json_is_integer(v) || json_integer_value(v) < 0) return NULL;
  snprintf(buf, MSSA__LABEL_BUF, "%lld", (long long)json_integer_value(v));
  return buf;
}

int mssa__get_inst(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *v, const char *what,
                   uint32_t *inst) {
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  if (json_is_integer(v)) {
    json_int_t id = json_integer_value(v);
    if (id < 0 || mssa_q_inst_by_id(f, (uint64_t)id, inst))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no instruction with id %lld in @%s",
                        (long long)id, mssa_str(m, f->name));
    return 0;
  }
  if (json_is_string(v)) {
    const char *s = json_string_value(v);
    if (mssa_q_inst_by_name(m, f, s, inst))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no instruction named '%.200s' in @%s",
                        s, mssa_str(m, f->name));
    return 0;
  }
  if (json_is_object(v)) {
    json_t *ix = json_object_get(v, "index");
    char bname[MSSA__LABEL_BUF];
    const char *bs = mssa__block_label(json_object_get(v, "block"), bname);
    if (!bs || !json_is_integer(ix) || json_integer_value(ix) < 0)
      return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                        "params.%s: expected {\"block\":LABEL,\"index\":N}", what);
    uint32_t blk;
    if (mssa_q_block_by_name(m, f, bs, &blk))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no block '%.200s' in @%s", bs,
                        mssa_str(m, f->name));
    if (mssa_q_inst_at(f, blk, (uint64_t)json_integer_value(ix), inst))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "block '%.200s' has no instruction %lld",
                        bs, (long long)json_integer_value(ix));
    MSSA_ASSERT(*inst < f->insts.n && f->insts.a[*inst].block == blk);
    return 0;
  }
  if (!v) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.%s is required", what);
  return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                    "params.%s must be an id, a name like \"%%8\", or {\"block\",\"index\"}",
                    what);
}

json_t *mssa__source_json_new(const mssa_module *m, const mssa_inst *in) {
  char file[1024];
  uint32_t line = 0, col = 0;
  if (!mssa_q_inst_source(m, in, file, sizeof file, &line, &col)) return NULL;
  json_t *jf = mssa__jstr(file);
  return json_pack("{sosIsI}", "file", jf, "line", (json_int_t)line, "col", (json_int_t)col);
}

json_t *mssa__access_json_new(const mssa_qmodule *q, uint32_t fi, uint32_t access) {
  const mssa_ssa *s = q->ssa[fi];
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  const mssa_access *x = &s->acc.a[access];
  json_t *o = json_object();
  char buf[4096];
  json_object_set_new(o, "kind", json_string(mssa_q_kind_name(x->kind)));
  if (x->kind != MSSA_ACC_USE) json_object_set_new(o, "id", json_integer(x->id));
  mssa_q_block_name(m, f, x->block, buf, sizeof buf);
  json_object_set_new(o, "block", mssa__jstr(buf));
  if ((x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) && x->inst != MSSA_NONE) {
    const mssa_inst *in = &f->insts.a[x->inst];
    json_object_set_new(o, "inst", json_integer(x->inst));
    if (mssa_q_inst_name(m, f, x->inst, buf, sizeof buf)) {   /* invariant 3 */
      bool bare = buf[0] == '%' && mssa__jsonir_module(m);
      json_object_set_new(o, "name", mssa__jstr(bare ? buf + 1 : buf));
    }
    json_object_set_new(o, "index", json_integer(mssa_q_inst_index(f, x->inst)));
    mssa_q_inst_text(m, f, x->inst, buf, sizeof buf);
    json_object_set_new(o, "text", mssa__jstr(buf));
    json_t *src = mssa__source_json_new(m, in);
    if (src) json_object_set_new(o, "source", src);
    /* the bundle's name index is a cache: built on the query thread,
    ** where every access object is made */
    if (!mssa_q_inst_var_ix(mssa_qmodule_var_index((mssa_qmodule *)q), m, f, x->inst, buf,
                            sizeof buf))
      json_object_set_new(o, "var", mssa__jstr(buf));
    else if ((in->intrinsic == MSSA_INTR_LIFETIME_START || in->intrinsic == MSSA_INTR_LIFETIME_END) &&
             in->nops >= 2 &&
             !mssa_q_ptr_var(m, f, mssa_inst_ops(f, in)[in->nops - 1], buf, sizeof buf))
      json_object_set_new(o, "var", mssa__jstr(buf));   /* the local whose lifetime it marks */
    uint32_t arg;
    if (mssa_q_stores_param(f, x->inst, &arg)) json_object_set_new(o, "param", json_integer(arg));
  }
  mssa_q_access_text(s, access, buf, sizeof buf);
  json_object_set_new(o, "desc", mssa__jstr(buf));
  return o;
}
