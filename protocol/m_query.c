/*
** m_query.c -- the per-instruction queries: access, clobber, uses.
**
** Invariants:
**   1. Every query runs the caching walker on the query thread; answers
**      are those of `print --walker` (same check limit).
**   2. An instruction can be named by stable id, result name, {block,index},
**      or (clobber, uses) by source position; all resolve to an instruction
**      id first, so every form gets the same answer.
**   3. "from_cache" is true iff the access was already optimized before this
**      query (LLVM's cached walker answer); the location form never caches.
**   4. A clobber answer that came from the walker cache is itself cached,
**      encoded, per (module bundle, function, instruction): repeating the
**      query then costs a lookup. Anything that could change any encoded
**      answer (a load, an unload, an edit, a walker query that optimizes an access,
**      which changes that access's printed form) bumps mssa_proto.gen and so
**      invalidates every entry.
*/
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "program.h"
#include "memssa.h"

/* Resolves function + instruction from params (module already resolved). */
static int get_target(mssa__call *c, mssa_qmodule *q, uint32_t *fi, uint32_t *inst) {
  int rc = mssa__get_function(c, q, fi);
  if (rc) return rc;
  return mssa__get_inst(c, q, *fi, json_object_get(c->params, "inst"), "inst", inst);
}

static json_t *func_name_new(const mssa_qmodule *q, uint32_t fi) {
  return mssa__jstr(mssa_str(q->m, q->m->funcs.a[fi].name));
}

/* A memory instruction found at a source position, and its module. */
typedef struct srchit {
  mssa_qmodule *q;
  const char *module;
  mssa_qhit h;
  uint32_t dist;     /* |column - wanted column| (0 when exact or any) */
} srchit;

#define MAX_HITS 64

/* What the modules searched for one position saw, together. */
typedef struct posinfo {
  const char *file;
  uint32_t line, col;
  bool has_dbg, file_known;
  uint32_t before, after;   /* nearest lines with accesses, 0 for none */
} posinfo;

static int srchit_cmp(const void *a, const void *b) {
  const srchit *x = a, *y = b;
  if (x->h.line != y->h.line) return x->h.line < y->h.line ? -1 : 1;
  if (x->h.col != y->h.col) return x->h.col < y->h.col ? -1 : 1;
  int k = strcmp(x->module, y->module);
  if (k) return k;
  if (x->h.func != y->h.func) return x->h.func < y->h.func ? -1 : 1;
  return (x->h.inst > y->h.inst) - (x->h.inst < y->h.inst);
}

/* The hits at (line, col) of every module searched (params.module, or
** all), nearest column first across modules; aggregates what was seen. */
static uint32_t search_modules(mssa__call *c, const char *modname, posinfo *pi, uint32_t line,
                               uint32_t col, srchit *hits) {
  mssa_proto_host *h = c->p->host;
  const mssa__prog *g = modname ? mssa__prog_find(c->p, modname) : NULL;
  /* the modules, then every program's units (a program: its units only) */
  uint32_t nhost = modname ? (g ? 0 : 1) : h->count(h), nprog = modname ? (g ? 1 : 0) : mssa__prog_count(c->p);
  uint32_t nmod = nhost, n = 0, best = UINT32_MAX;
  for (uint32_t i = 0; i < nprog; i++) nmod += mssa__prog_nunits(g ? g : c->p->progs[i]);
  for (uint32_t i = 0, pi_ = 0, u = 0; i < nmod; i++) {
    const char *mn = modname;
    mssa_qmodule *q;
    if (i < nhost) {
      q = modname ? h->find(h, modname) : h->at(h, i, &mn);
    } else {
      const mssa__prog *pg = g ? g : c->p->progs[pi_];
      q = mssa__prog_unit(pg, u);
      mn = mssa__prog_name(pg);
      if (++u == mssa__prog_nunits(pg)) { u = 0; pi_++; }
    }
    if (!q) continue;
    mssa_qhit tmp[MAX_HITS];
    mssa__graphs_at_line(c->p, q, line);   /* --max-memory may have evicted them */
    mssa_qpos pos = {.file = pi->file, .line = line, .col = col};
    uint32_t k = mssa_q_find_position(q, &pos, tmp, MAX_HITS);
    pi->has_dbg |= pos.has_dbg;
    pi->file_known |= pos.file_known;
    if (pos.line_before > pi->before) pi->before = pos.line_before;
    if (pos.line_after && (!pi->after || pos.line_after < pi->after)) pi->after = pos.line_after;
    uint32_t dist = !k || !col ? 0 : pos.col_used > col ? pos.col_used - col : col - pos.col_used;
    for (uint32_t j = 0; j < k && j < MAX_HITS && n < MAX_HITS; j++)
      hits[n++] = (srchit){q, mn, tmp[j], dist};
    if (k && dist < best) best = dist;
  }
  uint32_t kept = 0;   /* only the modules' nearest columns */
  for (uint32_t j = 0; j < n; j++)
    if (hits[j].dist == best) hits[kept++] = hits[j];
  if (kept) qsort(hits, kept, sizeof *hits, srchit_cmp);
  return kept;
}

/* The accesses on the nearest lines that have some, as candidates. */
static json_t *candidates_new(mssa__call *c, const char *modname, posinfo *pi) {
  json_t *cands = json_array();
  uint32_t lines[2] = {pi->before, pi->after};
  for (int k = 0; k < 2; k++) {
    if (!lines[k]) continue;
    srchit hits[MAX_HITS];
    posinfo tmp = *pi;
    uint32_t n = search_modules(c, modname, &tmp, lines[k], 0, hits);
    for (uint32_t j = 0; j < n; j++) {
      const srchit *x = &hits[j];
      char text[1024];
      const mssa_ssa *s = x->q->ssa[x->h.func];
      mssa_q_inst_text(x->q->m, &x->q->m->funcs.a[x->h.func], x->h.inst, text, sizeof text);
      json_array_append_new(
          cands, json_pack("{sssosIsisissso}", "module", x->module, "function",
                           func_name_new(x->q, x->h.func), "inst", (json_int_t)x->h.inst, "line",
                           (int)x->h.line, "col", (int)x->h.col, "kind",
                           mssa_q_kind_name(s->acc.a[mssa_ssa_inst_access(s, x->h.inst)].kind),
                           "text", mssa__jstr(text)));
    }
  }
  return cands;
}

/* The miss of a position, with its reason. */
static int position_miss(mssa__call *c, const char *modname, posinfo *pi) {
  if (!pi->has_dbg)
    return mssa__fail_reason(c, MSSA_RPC_NO_ACCESS, MSSA_REASON_NO_DEBUG_INFO,
                             "%s%s%s has no debug locations (compile with -g)",
                             modname ? "module '" : "no loaded module", modname ? modname : "",
                             modname ? "'" : "");
  if (!pi->file_known)
    return mssa__fail_reason(c, MSSA_RPC_NO_ACCESS, MSSA_REASON_NO_SUCH_FILE,
                             "no memory access of %s%s is located in '%.300s'",
                             modname ? "module " : "any module", modname ? modname : "", pi->file);
  json_t *near = json_array();
  if (pi->before) json_array_append_new(near, json_integer(pi->before));
  if (pi->after) json_array_append_new(near, json_integer(pi->after));
  c->data = json_pack("{soso}", "nearest_lines", near, "candidates",
                      candidates_new(c, modname, pi));
  return mssa__fail_reason(c, MSSA_RPC_NO_ACCESS, MSSA_REASON_NO_ACCESS_ON_LINE,
                           "nothing touches memory at %.300s:%u", pi->file, pi->line);
}

/* The memory instructions at params.file/line/col (a column without one
** takes the nearest of the line); -32004 with a reason if none. */
static int find_position(mssa__call *c, srchit *hits, uint32_t *n, posinfo *pi) {
  const char *file = NULL, *modname = NULL;
  uint64_t line = 0, col = 0;
  int rc;
  if ((rc = mssa__param_str(c, "file", true, &file)) ||
      (rc = mssa__param_uint(c, "line", true, &line)) ||
      (rc = mssa__param_uint(c, "col", false, &col)) ||
      (rc = mssa__param_str(c, "module", false, &modname)))
    return rc;
  if (line > UINT32_MAX || col > UINT32_MAX)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.line/col out of range");
  if (modname && !c->p->host->find(c->p->host, modname) && !mssa__prog_find(c->p, modname))
    return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "no module named '%.200s' is loaded", modname);
  *pi = (posinfo){.file = file, .line = (uint32_t)line, .col = (uint32_t)col};
  *n = search_modules(c, modname, pi, (uint32_t)line, (uint32_t)col, hits);
  return *n ? 0 : position_miss(c, modname, pi);
}

/* {"file","line","col","nearest"}: where the matches were found. */
static json_t *position_json_new(const posinfo *pi, const srchit *hits, uint32_t n) {
  uint32_t col = n ? hits[0].h.col : pi->col;
  return json_pack("{sssisisb}", "file", pi->file, "line", (int)pi->line, "col",
                   pi->col ? (int)col : 0, "nearest", pi->col && n && col != pi->col);
}

/* Decodes params.location: {"ptr":"%p","size":N}; *has = false if absent. */
static int get_location(mssa__call *c, mssa_qmodule *q, uint32_t fi, mssa_loc *loc, bool *has) {
  json_t *l = json_object_get(c->params, "location");
  *has = false;
  if (!l || json_is_null(l)) return 0;
  json_t *ptr = json_object_get(l, "ptr"), *size = json_object_get(l, "size");
  if (!json_is_object(l) || !json_is_string(ptr) ||
      (size && !json_is_null(size) && (!json_is_integer(size) || json_integer_value(size) < 0)))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "params.location must be {\"ptr\":\"%%p\",\"size\":N}");
  uint64_t sz = json_is_integer(size) ? (uint64_t)json_integer_value(size) : MSSA_LOC_UNKNOWN;
  if (mssa_q_make_loc(q->m, &q->m->funcs.a[fi], json_string_value(ptr), sz, loc))
    return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no value named '%.200s' in @%s",
                      json_string_value(ptr), mssa_str(q->m, q->m->funcs.a[fi].name));
  *has = true;
  return 0;
}

static int no_access(mssa__call *c, mssa_qmodule *q, uint32_t fi, uint32_t inst) {
  char text[512];
  mssa_q_inst_text(q->m, &q->m->funcs.a[fi], inst, text, sizeof text);
  return mssa__fail(c, MSSA_RPC_NO_ACCESS, "instruction %u (%s) does not access memory", inst,
                    text);
}

/* A list of accesses of function fi as JSON access objects. */
static json_t *accesses_json_new(mssa_qmodule *q, uint32_t fi, const uint32_t *v, uint32_t n) {
  json_t *arr = json_array();
  for (uint32_t i = 0; i < n; i++) json_array_append_new(arr, mssa__access_json_new(q, fi, v[i]));
  return arr;
}

/* params.view: "module" (the default: every CFG path of the IR, as opt
** sees it) or "source" (the editor's view: paths C has; reach.h). */
static int get_view(mssa__call *c, unsigned *flags) {
  const char *v = NULL;
  int rc = mssa__param_str(c, "view", false, &v);
  *flags = 0;
  if (rc) return rc;
  if (!v || !strcmp(v, "module")) return 0;
  if (!strcmp(v, "source")) {
    *flags = MSSA_REACH_SOURCE_VIEW;
    return 0;
  }
  return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.view must be \"module\" or \"source\"");
}

/* Adds "reaching" (each an access object with its "path") and
** "truncated" to a clobber answer about access a. */
static void reaching_add(json_t *o, mssa_qmodule *q, uint32_t fi, uint32_t a, unsigned view) {
  mssa_qreach r;
  if (mssa_q_reaching_view(q->ssa[fi], a, MSSA_REACH_DEFAULT_MAX, view, &r)) return;
  json_t *arr = json_array();
  for (uint32_t i = 0; i < r.n; i++) {
    json_t *w = mssa__access_json_new(q, fi, r.w[i].access);
    json_object_set_new(w, "path", json_string(mssa_path_name(r.w[i].path)));
    json_array_append_new(arr, w);
  }
  json_object_set_new(o, "reaching", arr);
  json_object_set_new(o, "truncated", json_boolean(r.truncated));
  mssa_qreach_free(&r);
}

/* One clobber answer as a JSON object. */
static json_t *answer_new(mssa__call *c, const char *module, mssa_qmodule *q, uint32_t fi,
                          uint32_t inst, const mssa_loc *loc, unsigned view) {
  mssa_ssa *s = q->ssa[fi];
  mssa_qclobber a;
  if (mssa_q_clobber(s, inst, loc, &a)) return NULL;
  c->p->clobber_queries++;
  if (a.from_cache) c->p->clobber_cached++;
  else if (!loc) c->p->gen++;   /* an access got optimized: its text changed */
  json_t *o = json_object();
  json_object_set_new(o, "module", mssa__jstr(module));
  json_object_set_new(o, "function", func_name_new(q, fi));
  json_object_set_new(o, "access", mssa__access_json_new(q, fi, a.access));
  json_object_set_new(o, "clobber", mssa__access_json_new(q, fi, a.clobber));
  const char *ar = mssa_q_alias_name(a.ar);
  json_object_set_new(o, "alias", ar ? json_string(ar) : json_null());
  json_object_set_new(o, "from_cache", json_boolean(a.from_cache));
  if (!loc) reaching_add(o, q, fi, a.access, view);
  mssa__prog_mark(c->p, q, o);   /* a program's answer says so */
  const mssa_access *cl = &s->acc.a[a.clobber];
  bool use = s->acc.a[a.access].kind == MSSA_ACC_USE;   /* read before other graphs are built */
  json_t *th = !loc && cl->kind == MSSA_ACC_DEF && cl->inst != MSSA_NONE
                   ? mssa__prog_through(c->p, q, fi, inst, cl->inst) : NULL;
  if (th) json_object_set_new(o, "through_call", th);
  /* the value from before the function: the writes at its callers */
  json_t *up = !loc && use && a.clobber == MSSA_LIVE_ON_ENTRY
                   ? mssa__prog_at_callers(c->p, q, fi, inst) : NULL;
  if (up) json_object_set_new(o, "at_callers", up);
  return o;
}

/* The clobber reply cache's key: the bundle, the function, the instruction. */
typedef struct rkey {
  uint64_t w[2];
} rkey;
static rkey rcache_key(const void *q, uint32_t fi, uint32_t inst) {
  return (rkey){{(uint64_t)(uintptr_t)q, (uint64_t)fi << 32 | inst}};
}

int mssa__m_clobber(mssa__call *c) {
  int rc;
  unsigned view;
  if ((rc = get_view(c, &view))) return rc;
  if (json_object_get(c->params, "file")) {
    srchit hits[MAX_HITS];
    uint32_t n = 0;
    posinfo pi;
    if ((rc = find_position(c, hits, &n, &pi))) return rc;
    json_t *arr = json_array();
    for (uint32_t i = 0; i < n; i++) {
      json_t *o =
          answer_new(c, hits[i].module, hits[i].q, hits[i].h.func, hits[i].h.inst, NULL, view);
      if (o) json_array_append_new(arr, o);
    }
    c->result = json_pack("{soso}", "matches", arr, "position", position_json_new(&pi, hits, n));
    return 0;
  }
  mssa_qmodule *q;
  const char *module;
  uint32_t fi, inst;
  mssa_loc loc;
  bool has_loc;
  if ((rc = mssa__get_module(c, &q, &module)) || (rc = get_target(c, q, &fi, &inst)) ||
      (rc = get_location(c, q, fi, &loc, &has_loc)))
    return rc;
  rkey key = rcache_key(q, fi, inst);
  /* the cache holds the module view's answers only */
  const mssa__rcentry *e = has_loc || view ? NULL : mssa__rc_get(&c->p->rcache, c->p->gen, &key, sizeof key);
  if (e) {
    MSSA_ASSERT(e->q == q && e->fi == fi && !e->accesses);   /* invariant 4: this graph's answer */
    c->p->clobber_queries++;
    c->p->clobber_cached++;
    c->result_text = e->text;
    c->result_len = e->len;
    c->p->raw_q = q;     /* a raw-cache reuse of this reply uses this graph */
    c->p->raw_fi = fi;
    return 0;
  }
  json_t *o = answer_new(c, module, q, fi, inst, has_loc ? &loc : NULL, view);
  if (!o) return no_access(c, q, fi, inst);
  if (!has_loc && !view && json_is_true(json_object_get(o, "from_cache"))) {
    /* Stable from now on (until gen moves): keep the encoded answer. */
    char *text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(9));
    mssa__rcentry *kept =
        mssa__rc_put(&c->p->rcache, c->p->gen, &key, sizeof key, text, text ? strlen(text) : 0);
    if (kept) {
      kept->q = q;
      kept->fi = fi;
    }
  }
  if (has_loc) json_object_set(o, "location", json_object_get(c->params, "location"));
  c->result = o;
  return 0;
}

/* How well instruction `inst` answers `uses FILE:LINE`: 0 a store, 1
** another def, 2 a lifetime marker, 3 a use. */
static uint32_t def_rank(const mssa_qmodule *q, uint32_t fi, uint32_t inst) {
  const mssa_ssa *s = q->ssa[fi];
  const mssa_func *f = &q->m->funcs.a[fi];
  if (s->acc.a[mssa_ssa_inst_access(s, inst)].kind != MSSA_ACC_DEF) return 3;
  unsigned in = f->insts.a[inst].intrinsic;
  if (in == MSSA_INTR_LIFETIME_START || in == MSSA_INTR_LIFETIME_END) return 2;
  return f->insts.a[inst].opcode == MSSA_OP_STORE ? 0 : 1;
}

/* Resolves the access for `access` and `uses`: params.id (a printed
** MemoryAccess id: defs and phis), or an instruction. */
static int resolve_access(mssa__call *c, mssa_qmodule **q, const char **module, uint32_t *fi,
                      uint32_t *acc) {
  int rc;
  if (!json_object_get(c->params, "function") && json_object_get(c->params, "file")) {
    srchit hits[MAX_HITS];
    uint32_t n = 0;
    posinfo pi;
    if ((rc = find_position(c, hits, &n, &pi))) return rc;
    /* Prefer a store at the position (`uses` is about what a store
    ** feeds), then another def, a lifetime marker only last. */
    uint32_t pick = 0, best = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
      uint32_t r = def_rank(hits[i].q, hits[i].h.func, hits[i].h.inst);
      if (r < best) pick = i, best = r;
    }
    *q = hits[pick].q;
    *module = hits[pick].module;
    *fi = hits[pick].h.func;
    *acc = mssa_ssa_inst_access((*q)->ssa[*fi], hits[pick].h.inst);
    return 0;
  }
  if ((rc = mssa__get_module(c, q, module)) || (rc = mssa__get_function(c, *q, fi))) return rc;
  mssa_ssa *s = (*q)->ssa[*fi];
  if (json_object_get(c->params, "id")) {
    uint64_t id = 0;
    if ((rc = mssa__param_uint(c, "id", true, &id))) return rc;
    if (mssa_q_access_by_id(s, id, acc))
      return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no MemoryAccess with id %llu",
                        (unsigned long long)id);
    return 0;
  }
  uint32_t inst;
  if ((rc = mssa__get_inst(c, *q, *fi, json_object_get(c->params, "inst"), "inst", &inst)))
    return rc;
  *acc = mssa_ssa_inst_access(s, inst);
  if (*acc == MSSA_NONE) return no_access(c, *q, *fi, inst);
  return 0;
}

/* The access `access` and `uses` are about, and what it was found in. */
typedef struct target {
  mssa_qmodule *q;
  const char *module;
  uint32_t fi, acc;
  mssa_ssa *s;
} target;

/* Resolves the target of `access` and `uses`: params.id (a printed
** MemoryAccess id: defs and phis), or an instruction, or a position. */
static int get_access(mssa__call *c, target *t) {
  int rc = resolve_access(c, &t->q, &t->module, &t->fi, &t->acc);
  if (!rc) t->s = t->q->ssa[t->fi];
  return rc;
}

/* {"module","function"} of a reply about the target, to add to. */
static json_t *reply_about_new(const mssa_proto *p, const target *t) {
  json_t *o = json_object();
  json_object_set_new(o, "module", mssa__jstr(t->module));
  json_object_set_new(o, "function", func_name_new(t->q, t->fi));
  mssa__prog_mark(p, t->q, o);   /* a program's unit answered */
  return o;
}

int mssa__m_access(mssa__call *c) {
  target t;
  int rc = get_access(c, &t);
  if (rc) return rc;
  mssa_qmodule *q = t.q;
  uint32_t fi = t.fi, a = t.acc;
  mssa_ssa *s = t.s;
  const mssa_access *x = &s->acc.a[a];
  json_t *o = reply_about_new(c->p, &t);
  json_object_set_new(o, "access", mssa__access_json_new(q, fi, a));
  bool usedef = x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE;
  json_object_set_new(o, "defining",
                      usedef && x->def != MSSA_NONE ? mssa__access_json_new(q, fi, x->def)
                                                    : json_null());
  uint32_t opt = !usedef || !x->optimized ? MSSA_NONE
                 : x->kind == MSSA_ACC_USE ? x->def : x->opt;
  json_object_set_new(o, "optimized",
                      opt != MSSA_NONE ? mssa__access_json_new(q, fi, opt) : json_null());
  const char *ar = usedef && x->optimized ? mssa_q_alias_name(x->ar) : NULL;
  json_object_set_new(o, "alias", ar ? json_string(ar) : json_null());
  if (x->kind == MSSA_ACC_PHI) {
    json_t *ops = json_array();
    char nm[256];
    for (uint32_t k = 0; k < x->nops; k++) {
      mssa_q_block_name(q->m, &q->m->funcs.a[fi], mssa_phi_block(s, x, k), nm, sizeof nm);
      json_array_append_new(ops, json_pack("{soso}", "block", mssa__jstr(nm), "access",
                                           mssa__access_json_new(q, fi, mssa_phi_value(s, x, k))));
    }
    json_object_set_new(o, "operands", ops);
  }
  c->result = o;
  return 0;
}

int mssa__m_uses(mssa__call *c) {
  target t;
  unsigned view;
  int rc = get_view(c, &view);
  if (rc || (rc = get_access(c, &t))) return rc;
  if (t.s->acc.a[t.acc].kind == MSSA_ACC_USE)
    return mssa__fail(c, MSSA_RPC_NO_ACCESS,
                      "the instruction is a MemoryUse; `uses` takes a MemoryDef or MemoryPhi");
  c->p->gen++;   /* asks the walker about every access */
  uint32_t n = mssa_q_uses(t.s, t.acc, NULL, 0);
  uint32_t *v = mssa_xmalloc((n ? n : 1) * sizeof *v);
  mssa_q_uses(t.s, t.acc, v, n);
  json_t *o = reply_about_new(c->p, &t);
  json_object_set_new(o, "def", mssa__access_json_new(t.q, t.fi, t.acc));
  json_object_set_new(o, "uses", accesses_json_new(t.q, t.fi, v, n));
  free(v);
  if (t.s->acc.a[t.acc].kind == MSSA_ACC_DEF) {
    bool trunc = false;
    n = mssa_q_readers_view(t.s, t.acc, NULL, 0, view, &trunc);
    v = mssa_xmalloc((n ? n : 1) * sizeof *v);
    mssa_q_readers_view(t.s, t.acc, v, n, view, &trunc);
    json_object_set_new(o, "readers", accesses_json_new(t.q, t.fi, v, n));
    json_object_set_new(o, "readers_truncated", json_boolean(trunc));
    free(v);
  }
  c->result = o;
  return 0;
}
