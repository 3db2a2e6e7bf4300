/*
** m_writers.c -- `writers` and `readers`: every load, store and call of the
** loaded units that may write (read) a global, a struct member, or the
** memory of the access at a source position (analysis in query/refs.h).
**
** The units searched come from one place, units_of: the loaded modules
** (params.module, or every one), or every unit of the program that
** params.module names (program.h). Globals are found by name in each unit,
** members by their DWARF names, so one answer spans units the same way; a
** global of internal linkage (a C static) found at a position is only its
** own unit's, as prog_through.c takes it.
**
** Invariants:
**   1. The answer is sorted by (file, line, col, module, function, inst):
**      it does not depend on load order, hash seeds or addresses, and a
**      cursor (an offset into it) pages the same list while nothing moves.
**   2. At most MSSA__REFS_MAX references are collected per request
**      ("truncated" then says so), and a page is at most MSSA__REFS_PAGE.
**   3. Graphs come through mssa__graph unpinned, one function at a time,
**      so --max-memory bounds what a whole-module walk keeps built.
**   4. A program's units are searched in link order, each answer entry
**      naming the program as its module and its unit by path; the sort
**      takes the unit path where a module's name would be, so two units
**      never tie by name.
*/
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"
#include "program.h"

#define MSSA__REFS_MAX 20000u   /* x sizeof(found), about 11 MB at most */
#define MSSA__REFS_PAGE 1000u
#define MSSA__REFS_DEFAULT 200u
#define MSSA__REFS_ANY UINT32_MAX             /* a global named by params.global */
#define MSSA__REFS_EXTERNAL (UINT32_MAX - 1)  /* found at a position, not a static */

/* One unit to search: a bundle, its name (a program's: the program's),
** and a program unit's path (NULL for a module). */
typedef struct unit {
  mssa_qmodule *q;
  const char *name;
  const char *path;
} unit;

/* The name the sort and the answer's order go by (invariant 4). */
static const char *unit_key(const unit *u) { return u->path ? u->path : u->name; }

/* One reference found, with where it is (for sorting). */
typedef struct found {
  const unit *u;
  mssa_qref r;
  char file[512];
  uint32_t line, col;
} found;

/* Every unit of program g, in link order (invariant 4). */
static void prog_units(const mssa__prog *g, unit **out, uint32_t *n) {
  uint32_t k = mssa__prog_nunits(g);
  *out = mssa_xmalloc((k ? k : 1) * sizeof **out);
  *n = 0;
  for (uint32_t u = 0; u < k; u++)
    (*out)[(*n)++] = (unit){mssa__prog_unit(g, u), mssa__prog_name(g), mssa__prog_unit_path(g, u)};
  MSSA_ASSERT(*n == k);
}

/* The units a request searches: params.module (a module, or a program's
** every unit), or every loaded module. */
static int units_of(mssa__call *c, unit **out, uint32_t *n) {
  const char *modname = NULL;
  int rc = mssa__param_str(c, "module", false, &modname);
  if (rc) return rc;
  mssa_proto_host *h = c->p->host;
  if (modname) {
    mssa_qmodule *q = h->find(h, modname);
    const mssa__prog *g = q ? NULL : mssa__prog_find(c->p, modname);
    if (g) {
      prog_units(g, out, n);
      return 0;
    }
    if (!q) return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "no module named '%.200s' is loaded", modname);
    *out = mssa_xmalloc(sizeof **out);
    (*out)[0] = (unit){q, modname, NULL};
    *n = 1;
    return 0;
  }
  uint32_t k = h->count(h);
  *out = mssa_xmalloc((k ? k : 1) * sizeof **out);
  *n = 0;
  for (uint32_t i = 0; i < k; i++) {
    const char *nm = NULL;
    mssa_qmodule *q = h->at(h, i, &nm);
    if (q) (*out)[(*n)++] = (unit){q, nm, NULL};
  }
  if (!*n) {
    free(*out);
    return mssa__fail(c, MSSA_RPC_UNKNOWN_MODULE, "no module is loaded");
  }
  return 0;
}

/* "struct client.flags" / "union u.f" / "client.flags" into t. */
static int parse_field(mssa__call *c, const char *s, mssa_qrefs_target *t) {
  const char *dot = strrchr(s, '.');
  if (!dot || dot == s || !dot[1] || strlen(dot + 1) >= sizeof t->member ||
      (size_t)(dot - s) + 8 >= sizeof t->type)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "params.field must be \"struct NAME.MEMBER\" (or \"union NAME.MEMBER\")");
  t->kind = MSSA_REFS_MEMBER;
  bool kw = !strncmp(s, "struct ", 7) || !strncmp(s, "union ", 6) || !strncmp(s, "class ", 6);
  snprintf(t->type, sizeof t->type, "%s%.*s", kw ? "" : "struct ", (int)(dot - s), s);
  snprintf(t->member, sizeof t->member, "%s", dot + 1);
  return 0;
}

/* The global pointer p is based on (GEPs and casts stripped), or MSSA_NONE. */
static uint32_t based_global(const mssa_module *m, const mssa_func *f, mssa_val p) {
  for (int k = 0; k < MSSA_VARNAME_DEPTH; k++) {
    if (MSSA_VAL_KIND(p) == MSSA_VK_GLOBAL) return MSSA_VAL_INDEX(p);
    const mssa_val *ops;
    unsigned op;
    if (MSSA_VAL_KIND(p) == MSSA_VK_CONST) {
      const mssa_const *k2 = mssa_const_get(m, p);
      if (k2->kind != MSSA_C_EXPR || !k2->nops) return MSSA_NONE;
      ops = &m->cops.a[k2->ops];
      op = k2->opcode;
    } else if (MSSA_VAL_KIND(p) == MSSA_VK_INST && MSSA_VAL_INDEX(p) < f->insts.n) {
      const mssa_inst *in = &f->insts.a[MSSA_VAL_INDEX(p)];
      if (in->block == MSSA_NONE || !in->nops) return MSSA_NONE;
      ops = mssa_inst_ops(f, in);
      op = in->opcode;
    } else {
      return MSSA_NONE;
    }
    if (op != MSSA_OP_GEP && op != MSSA_OP_BITCAST && op != MSSA_OP_ADDRSPACECAST)
      return MSSA_NONE;
    p = ops[0];
  }
  return MSSA_NONE;
}

/* params.file/line/col: the member the load or store there is to, else
** the global it is based on; the name of the global in *gname, and in
** *only the unit whose static it is (MSSA__REFS_EXTERNAL for a global of
** external linkage: another unit's static of that name is not it). */
static int target_at(mssa__call *c, const unit *us, uint32_t nu, mssa_qrefs_target *t,
                     char *gname, size_t cap, uint32_t *only) {
  const char *file = NULL;
  uint64_t line = 0, col = 0;
  int rc;
  if ((rc = mssa__param_str(c, "file", true, &file)) ||
      (rc = mssa__param_uint(c, "line", true, &line)) ||
      (rc = mssa__param_uint(c, "col", false, &col)))
    return rc;
  if (line > UINT32_MAX || col > UINT32_MAX)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.line/col out of range");
  bool any = false;
  for (uint32_t u = 0; u < nu; u++) {
    mssa_qmodule *q = us[u].q;
    mssa_qhit hits[16];
    mssa__graphs_at_line(c->p, q, (uint32_t)line);
    uint32_t k = mssa_q_find_source(q, file, (uint32_t)line, (uint32_t)col, hits, 16);
    if (!k && col) k = mssa_q_find_source(q, file, (uint32_t)line, 0, hits, 16);
    for (uint32_t j = 0; j < k && j < 16; j++) {
      const mssa_func *f = &q->m->funcs.a[hits[j].func];
      mssa_val p = mssa_q_inst_ptr(f, hits[j].inst);
      if (p == MSSA_VAL_NONE) continue;
      any = true;
      mssa_qmember mb;
      if (!mssa_q_inst_member_ix(mssa_qmodule_var_index(q), q->m, f, hits[j].inst, &mb)) {
        t->kind = MSSA_REFS_MEMBER;
        /* the outermost member: `L->top.p` asks about lua_State's top */
        snprintf(t->type, sizeof t->type, "%s", mb.chain[0].type);
        snprintf(t->member, sizeof t->member, "%s", mb.chain[0].member);
        return 0;
      }
      uint32_t g = based_global(q->m, f, p);
      if (g != MSSA_NONE && q->m->globals.a[g].name != MSSA_NONE) {
        const mssa_global *G = &q->m->globals.a[g];
        t->kind = MSSA_REFS_GLOBAL;
        snprintf(gname, cap, "%s", mssa_str(q->m, G->name));
        bool local = G->linkage == MSSA_LINK_INTERNAL || G->linkage == MSSA_LINK_PRIVATE;
        *only = local ? u : MSSA__REFS_EXTERNAL;   /* a static: its unit's alone */
        return 0;
      }
    }
  }
  return mssa__fail_reason(c, MSSA_RPC_NO_ACCESS, any ? MSSA_REASON_NOT_NAMED_MEMORY
                                                      : MSSA_REASON_NO_ACCESS_ON_LINE,
                           any ? "the access at %.300s:%u is to neither a global nor a named "
                                 "struct member"
                               : "no load or store at %.300s:%u",
                           file, (unsigned)line);
}

static int found_cmp(const void *a, const void *b) {
  const found *x = a, *y = b;
  int k = strcmp(x->file, y->file);
  if (k) return k;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  if (x->col != y->col) return x->col < y->col ? -1 : 1;
  if ((k = strcmp(unit_key(x->u), unit_key(y->u)))) return k;
  const mssa_module *mx = x->u->q->m, *my = y->u->q->m;
  k = strcmp(mssa_str(mx, mx->funcs.a[x->r.func].name), mssa_str(my, my->funcs.a[y->r.func].name));
  if (k) return k;
  return (x->r.inst > y->r.inst) - (x->r.inst < y->r.inst);
}

/* Appends refs rs[0..k) of unit u that have a source line to *v. */
static void keep_refs(const unit *u, const mssa_qref *rs, uint32_t k, found **v, uint32_t *n,
                      uint32_t *cap, bool *trunc, uint32_t *unlocated) {
  const mssa_module *m = u->q->m;
  for (uint32_t j = 0; j < k; j++) {
    found x = {.u = u, .r = rs[j]};
    const mssa_inst *in = &m->funcs.a[rs[j].func].insts.a[rs[j].inst];
    if (!mssa_q_inst_source(m, in, x.file, sizeof x.file, &x.line, &x.col) || !x.line) {
      (*unlocated)++;   /* a spill at entry, a merged line 0: no line to show */
      continue;
    }
    if (*n >= MSSA__REFS_MAX) {
      *trunc = true;
      continue;
    }
    if (*n == *cap) {
      *cap = *cap ? 2 * *cap : 64;
      *v = mssa_xrealloc(*v, *cap * sizeof **v);
    }
    (*v)[(*n)++] = x;
  }
}

/* The references of unit u to t, appended to *v (at most MSSA__REFS_MAX in
** all: *trunc is set when more were found). */
static void collect_unit(mssa__call *c, const unit *u, const mssa_qrefs_target *t, unsigned want,
                         bool calls, bool scan, found **v, uint32_t *n, uint32_t *cap, bool *trunc,
                         uint32_t *unlocated) {
  mssa_qmodule *q = u->q;
  mssa_qref buf[256];
  if (t->kind == MSSA_REFS_MEMBER && !scan) {   /* the bundle's members' index, if it has one */
    uint32_t k = mssa_q_refs_members(q, t, want, buf, 256);
    if (k != UINT32_MAX) {
      mssa_qref *rs = k > 256 ? mssa_xmalloc(k * sizeof *rs) : buf;
      if (rs != buf) mssa_q_refs_members(q, t, want, rs, k);
      keep_refs(u, rs, k, v, n, cap, trunc, unlocated);
      if (rs != buf) free(rs);
      return;
    }
  }
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    if (q->m->funcs.a[fi].is_decl) continue;
    mssa_ssa *s = mssa__graph(c->p, q, fi, false);   /* invariant 3 */
    if (!s) continue;
    mssa_ssa_settle_words(s);
    uint32_t k = mssa_q_refs_func(q, s, fi, t, want, calls, buf, 256);
    mssa_qref *rs = buf;
    if (k > 256) {   /* a function with more: ask again with room for all */
      rs = mssa_xmalloc(k * sizeof *rs);
      mssa_q_refs_func(q, s, fi, t, want, calls, rs, k);
    }
    keep_refs(u, rs, k, v, n, cap, trunc, unlocated);
    if (rs != buf) free(rs);
  }
}

static const char *access_word(const mssa_inst *in) {
  switch (in->opcode) {
  case MSSA_OP_LOAD: return "load";
  case MSSA_OP_STORE: return "store";
  case MSSA_OP_CALL:
  case MSSA_OP_INVOKE:
  case MSSA_OP_CALLBR: return "call";
  case MSSA_OP_CMPXCHG: return "cmpxchg";
  case MSSA_OP_ATOMICRMW: return "atomicrmw";
  default: return "other";
  }
}

/* One reference as JSON. */
static json_t *found_json_new(const found *x, unsigned want) {
  const mssa_module *m = x->u->q->m;
  const mssa_func *f = &m->funcs.a[x->r.func];
  const mssa_inst *in = &f->insts.a[x->r.inst];
  json_t *o = json_pack("{sosssisisosI}", "module", mssa__jstr(x->u->name), "file", x->file,
                        "line", (int)x->line, "col", (int)x->col, "function",
                        mssa__jstr(mssa_str(m, f->name)), "inst", (json_int_t)x->r.inst);
  if (x->u->path) json_object_set_new(o, "unit", mssa__jstr(x->u->path));   /* invariant 4 */
  const char *kind = x->r.call ? "call" : want == MSSA_MR_MOD ? "write" : "read";
  json_object_set_new(o, "kind", json_string(kind));
  json_object_set_new(o, "access", json_string(access_word(in)));
  json_object_set_new(o, "read", json_boolean(x->r.mr & MSSA_MR_REF));
  json_object_set_new(o, "write", json_boolean(x->r.mr & MSSA_MR_MOD));
  if (x->r.ar >= 0) json_object_set_new(o, "alias", json_string(mssa_q_alias_name(x->r.ar)));
  if (x->r.call) {
    const mssa_val *ops = mssa_inst_ops(f, in);
    mssa_val cal = in->nops ? ops[0] : MSSA_VAL_NONE;
    const char *cn = MSSA_VAL_KIND(cal) == MSSA_VK_FUNC && MSSA_VAL_INDEX(cal) < m->funcs.n
                         ? mssa_str(m, m->funcs.a[MSSA_VAL_INDEX(cal)].name) : NULL;
    json_object_set_new(o, "callee", cn ? mssa__jstr(cn) : json_null());
    char d[300];
    snprintf(d, sizeof d, "call to %.256s", cn ? cn : "an unknown function");
    json_object_set_new(o, "desc", mssa__jstr(d));
  }
  char var[256];
  if (!mssa_q_inst_var_ix(mssa_qmodule_var_index(x->u->q), m, f, x->r.inst, var, sizeof var))
    json_object_set_new(o, "var", mssa__jstr(var));
  return o;
}

/* {"kind":"global","name"} or {"kind":"field","type","member"}. */
static json_t *target_json_new(const mssa_qrefs_target *t, const char *gname) {
  if (t->kind == MSSA_REFS_GLOBAL) return json_pack("{ssss}", "kind", "global", "name", gname);
  return json_pack("{ssssss}", "kind", "field", "type", t->type, "member", t->member);
}

/* The target of the request: params.global, params.field, or a position. */
static int get_target(mssa__call *c, const unit *us, uint32_t nu, mssa_qrefs_target *t,
                      char *gname, size_t cap, uint32_t *only) {
  const char *g = NULL, *fld = NULL;
  int rc;
  if ((rc = mssa__param_str(c, "global", false, &g)) ||
      (rc = mssa__param_str(c, "field", false, &fld)))
    return rc;
  if (!!g + !!fld + !!json_object_get(c->params, "file") != 1)
    return mssa__fail_reason(c, MSSA_RPC_INVALID_PARAMS, MSSA_REASON_ONE_TARGET,
                             "give exactly one of params.global, params.field, params.file");
  if (fld) return parse_field(c, fld, t);
  if (g) {
    t->kind = MSSA_REFS_GLOBAL;
    snprintf(gname, cap, "%s", g[0] == '@' ? g + 1 : g);
    return 0;
  }
  return target_at(c, us, nu, t, gname, cap, only);
}

static int refs(mssa__call *c, unsigned want) {
  unit *us = NULL;
  uint32_t nu = 0;
  uint64_t limit = MSSA__REFS_DEFAULT, cursor = 0;
  bool calls = true, scan = false;
  int rc = units_of(c, &us, &nu);
  if (rc) return rc;
  mssa_qrefs_target t = {0};
  char gname[256] = "";
  uint32_t only = MSSA__REFS_ANY;
  if ((rc = mssa__param_uint(c, "limit", false, &limit)) ||
      (rc = mssa__param_uint(c, "cursor", false, &cursor)) ||
      (rc = mssa__param_bool(c, "calls", &calls)) ||
      (rc = mssa__param_bool(c, "scan", &scan)) ||
      (rc = get_target(c, us, nu, &t, gname, sizeof gname, &only)))
    goto out;
  if (limit == 0 || limit > MSSA__REFS_PAGE) {
    rc = mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.limit must be 1..%u", MSSA__REFS_PAGE);
    goto out;
  }
  found *v = NULL;
  uint32_t n = 0, cap = 0, unlocated = 0, known = 0;
  bool trunc = false;
  for (uint32_t u = 0; u < nu; u++) {
    if (only < nu && u != only) continue;
    if (t.kind == MSSA_REFS_GLOBAL) {
      t.global = mssa_q_refs_find_global(us[u].q, gname);
      if (t.global == MSSA_NONE) continue;   /* not in this unit */
      const mssa_global *G = &us[u].q->m->globals.a[t.global];
      if (only == MSSA__REFS_EXTERNAL &&
          (G->linkage == MSSA_LINK_INTERNAL || G->linkage == MSSA_LINK_PRIVATE))
        continue;   /* another unit's static of the same name */
    }
    known++;
    collect_unit(c, &us[u], &t, want, calls, scan, &v, &n, &cap, &trunc, &unlocated);
  }
  if (t.kind == MSSA_REFS_GLOBAL && !known) {
    free(v);
    rc = mssa__fail_reason(c, MSSA_RPC_NO_ACCESS, MSSA_REASON_NO_SUCH_GLOBAL,
                           "no global named '%.200s' in the loaded modules", gname);
    goto out;
  }
  if (n) qsort(v, n, sizeof *v, found_cmp);   /* invariant 1 */
  json_t *arr = json_array();
  uint64_t end = cursor + limit < n ? cursor + limit : n;
  for (uint64_t i = cursor; i < end; i++) json_array_append_new(arr, found_json_new(&v[i], want));
  MSSA_ASSERT(json_array_size(arr) <= MSSA__REFS_PAGE);   /* invariant 2 */
  c->result = json_pack("{sososIsbsI}", "target", target_json_new(&t, gname), "refs", arr,
                        "total", (json_int_t)n, "truncated", trunc, "unlocated",
                        (json_int_t)unlocated);
  json_object_set_new(c->result, "next_cursor",
                      end < n ? json_integer((json_int_t)end) : json_null());
  free(v);
out:
  free(us);
  return rc;
}

int mssa__m_writers(mssa__call *c) { return refs(c, MSSA_MR_MOD); }
int mssa__m_readers(mssa__call *c) { return refs(c, MSSA_MR_REF); }
