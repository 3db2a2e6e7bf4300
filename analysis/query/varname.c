/*
** varname.c -- C names for memory from debug info (see varname.h).
**
** A pointer is named by following it back to what it is based on:
**   alloca     the DILocalVariable of the llvm.dbg.declare call or
**              #dbg_declare record whose address it is;
**   global     the DIGlobalVariable of its !dbg attachment (else its IR
**              name, which for C globals is the C name);
**   GEP        a struct field (indices 0, k on a named struct type): the
**              k-th member of the DICompositeType of that name, `base.f`,
**              or `p->f` when the base was loaded from a variable; any
**              other GEP is an element, `base[…]`;
**   cast       the name of what it casts;
**   load       `*name` of the pointer it was loaded from;
**   any other  a pointer a variable holds (an argument, a register value:
**              llvm.dbg.value / #dbg_value with an empty expression):
**              `*q`, and `q->f`, `q[…]` through it.
**
** Invariants:
**   1. See varname.h: bounded depth, capped buffers, nothing modified.
**   2. Metadata string fields are read from the node's own text span
**      (the reader keeps strings out of a node's operands), so a field is
**      found only between that node's parentheses.
*/
#include "query/varname.h"

#include "query/dwtype.h"
#include "query/mssa_query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/check.h"

#define NAME_CAP 256

/* What the debug info says, by key, for a module (mssa_q_var_index_new):
** variables declared at an address and held as a value, per function
** ((function << 32) | value -> DILocalVariable), and DICompositeType nodes
** by the hash of their name. */
struct mssa_qvar_index {
  uint64_t version;        /* the bundle version it was built for */
  mssa_u64map decl, value, comps;
};

/* A lookup's context: the function, and the module's index or NULL. */
typedef struct vctx {
  const mssa_module *m;
  const mssa_func *f;
  uint32_t fi;
  const mssa_qvar_index *ix;
  mssa_qmember *mb;   /* mssa_q_inst_member_ix: the last member named, or NULL */
} vctx;

static uint64_t val_key(uint32_t fi, mssa_val v) { return (uint64_t)fi << 32 | v; }

static int put(char *buf, size_t cap, const char *s) {
  if (cap) snprintf(buf, cap, "%s", s);
  MSSA_ASSERT(!cap || strlen(buf) < cap);   /* invariant 1: capped buffers */
  return MSSA_OK;
}

/* ------------------------------------------------------------ metadata */

static bool md_tag_is(const mssa_module *m, uint32_t md, const char *tag) {
  return md < m->md.n && m->md.a[md].tag != MSSA_NONE &&
         !strcmp(mssa_str(m, m->md.a[md].tag), tag);
}

/* The node attached as `kind` in an attachment tuple ({STRING, NODE}
** pairs), or MSSA_NONE. */
static uint32_t attachment(const mssa_module *m, uint32_t tuple, const char *kind) {
  if (tuple >= m->md.n) return MSSA_NONE;
  const mssa_md *t = &m->md.a[tuple];
  for (uint32_t i = 0; i + 1 < t->nops; i += 2) {
    const mssa_mdop *k = &m->mdops.a[t->ops + i], *v = &m->mdops.a[t->ops + i + 1];
    if (k->kind == MSSA_MDO_STRING && v->kind == MSSA_MDO_NODE && !strcmp(mssa_str(m, k->idx), kind))
      return v->idx;
  }
  return MSSA_NONE;
}

/* ------------------------------------------------------------ variables */

/* Is node `md` the empty DIExpression (the value itself, no offset)? */
static bool md_empty_expr(const mssa_module *m, uint32_t md) {
  if (md >= m->md.n || !md_tag_is(m, md, "DIExpression")) return false;
  const mssa_md *d = &m->md.a[md];
  const char *t = m->text + d->text_off;
  return d->text_len >= 15 && !memcmp(t + d->text_len - 2, "()", 2);
}

/* The DILocalVariable of the first debug intrinsic call or record about
** value v: `declare` -- llvm.dbg.declare / #dbg_declare / #dbg_assign (v
** is the variable's address); else llvm.dbg.value / #dbg_value with an
** empty expression (v is the variable's value). MSSA_NONE if none. */
static uint32_t debug_var_scan(const mssa_module *m, const mssa_func *f, mssa_val v,
                               bool declare);

static uint32_t debug_var(const vctx *c, mssa_val v, bool declare) {
  if (c->ix) return mssa_u64map_get(declare ? &c->ix->decl : &c->ix->value, val_key(c->fi, v));
  return debug_var_scan(c->m, c->f, v, declare);
}

/* debug_var without an index: a scan of the function. */
static uint32_t debug_var_scan(const mssa_module *m, const mssa_func *f, mssa_val v,
                               bool declare) {
  for (uint32_t r = 0; r < f->dbg.n; r++) {
    const mssa_dbg_record *d = &f->dbg.a[r];
    bool kind = declare ? d->kind == MSSA_DBG_DECLARE || d->kind == MSSA_DBG_ASSIGN
                        : d->kind == MSSA_DBG_VALUE && md_empty_expr(m, d->expr);
    if (kind && d->addr == v) return d->var;
  }
  unsigned want = declare ? MSSA_INTR_DBG_DECLARE : MSSA_INTR_DBG_VALUE;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE || in->opcode != MSSA_OP_CALL || in->intrinsic != want ||
        in->nops < 4)   /* callee, value, variable, expression */
      continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    if (MSSA_VAL_KIND(ops[1]) != MSSA_VK_META || MSSA_VAL_KIND(ops[2]) != MSSA_VK_META ||
        MSSA_VAL_KIND(ops[3]) != MSSA_VK_META ||
        (!declare && !md_empty_expr(m, MSSA_VAL_INDEX(ops[3]))))
      continue;
    uint32_t w = MSSA_VAL_INDEX(ops[1]);
    if (w < m->md.n && m->md.a[w].kind == MSSA_MD_VALUE && m->md.a[w].val == v)
      return MSSA_VAL_INDEX(ops[2]);
  }
  return MSSA_NONE;
}

static int global_name(const mssa_module *m, uint32_t g, char *buf, size_t cap,
                       uint32_t *dty) {
  const mssa_global *gl = &m->globals.a[g];
  uint32_t expr = attachment(m, gl->mdatt, "dbg");
  uint32_t var = md_tag_is(m, expr, "DIGlobalVariableExpression")
                     ? mssa_q_md_node_field(m, expr, "var") : expr;
  if (md_tag_is(m, var, "DIGlobalVariable") && !mssa_q_md_string_field(m, var, "name", buf, cap)) {
    *dty = mssa_q_dw_var_type(m, var);
    return MSSA_OK;
  }
  return gl->name == MSSA_NONE ? MSSA_ENOENT : put(buf, cap, mssa_str(m, gl->name));
}

/* The DICompositeType behind IR struct type `ty` ("struct.node",
** "struct.node.0" for a second type of that name): the one named "node";
** used when the base's own DWARF type is not known. */
static uint32_t composite_by_name(const vctx *c, uint32_t ty) {
  const mssa_module *m = c->m;
  const mssa_type *t = mssa_type_get(m, ty);
  if (t->kind != MSSA_T_STRUCT || t->name == MSSA_NONE) return MSSA_NONE;
  const char *n = mssa_str(m, t->name), *dot = strchr(n, '.');
  if (!dot) return MSSA_NONE;
  char want[NAME_CAP], got[NAME_CAP];
  snprintf(want, sizeof want, "%s", dot + 1);
  size_t wl = strlen(want), j = wl;   /* drop a ".N" uniquing suffix */
  while (j > 0 && want[j - 1] >= '0' && want[j - 1] <= '9') j--;
  if (j > 1 && j < wl && want[j - 1] == '.') want[j - 1] = 0;
  uint32_t only = c->ix ? mssa_u64map_get(&c->ix->comps, mssa_hash(want, strlen(want)))
                        : MSSA_NONE;
  for (uint32_t d = only != MSSA_NONE ? only : 0; d < m->md.n; d++) {
    if (c->ix && d != only) return MSSA_NONE;   /* indexed: that node only */
    if (md_tag_is(m, d, "DICompositeType") &&
        !mssa_q_md_string_field(m, d, "name", got, sizeof got) && !strcmp(got, want))
      return d;
  }
  return MSSA_NONE;
}

bool mssa_q_const_int(const mssa_module *m, mssa_val v, int64_t *out) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(m, v);
  if (c->kind != MSSA_C_INT || c->wide) return false;
  *out = c->ival;
  return true;
}

static bool const_int(const mssa_module *m, mssa_val v, int64_t *out) {
  return mssa_q_const_int(m, v, out);
}

static int name_of(const vctx *c, mssa_val p, char *buf, size_t cap, int depth, uint32_t *dty);

/* Records (when asked) that the name now ends in member `fld` of
** DICompositeType `comp` (MSSA_NONE: it ends in no member any more). */
static void member_seen(const vctx *c, uint32_t comp, const char *fld, bool named) {
  if (!c->mb) return;
  mssa_qmember *mb = c->mb;
  char tag[64], nm[sizeof mb->chain[0].type - 8];
  if (comp == MSSA_NONE || !named) {
    mb->comp = MSSA_NONE;   /* no member, or one not found: the chain is broken */
    mb->n = 0;
    return;
  }
  /* an anonymous struct or union (`typedef union {...} StkIdRel`) has no
  ** name to ask by: `L->top.p` is still lua_State's top */
  if (mssa_q_md_string_field(c->m, comp, "name", nm, sizeof nm) ||
      mssa_q_md_word_field(c->m, comp, "tag", tag, sizeof tag))
    return;
  const char *kw = !strcmp(tag, "DW_TAG_union_type") ? "union"
                   : !strcmp(tag, "DW_TAG_class_type") ? "class" : "struct";
  mssa_qmember_name *x = &mb->chain[mb->n < MSSA_QMEMBER_CHAIN ? mb->n++ : MSSA_QMEMBER_CHAIN - 1];
  snprintf(x->type, sizeof x->type, "%s %s", kw, nm);
  snprintf(x->member, sizeof x->member, "%s", fld);
  mb->comp = comp;
  MSSA_ASSERT(mb->n >= 1 && mb->n <= MSSA_QMEMBER_CHAIN && x->type[0]);   /* a bounded chain */
}

/* buf (the name of memory of DWARF type *dty) becomes its member `fld`:
** `s.f`, or `p->f` when buf is `*p` (`(*q)->f` when it is `**q`). */
static void add_member(char *buf, size_t cap, const char *fld) {
  char t[NAME_CAP];
  if (buf[0] == '*' && buf[1] == '*') snprintf(t, sizeof t, "(%s)->%s", buf + 1, fld);
  else if (buf[0] == '*') snprintf(t, sizeof t, "%s->%s", buf + 1, fld);
  else snprintf(t, sizeof t, "%s.%s", buf, fld);
  put(buf, cap, t);
}

/* buf becomes an element of itself: `a[…]`, `p[…]` for `*p`, `a[3]`. */
static void add_index(char *buf, size_t cap, bool deref, const int64_t *k) {
  char t[NAME_CAP], ix[32];
  if (k) snprintf(ix, sizeof ix, "[%lld]", (long long)*k);
  else snprintf(ix, sizeof ix, "[…]");
  if (deref && buf[0] == '*' && buf[1] == '*') snprintf(t, sizeof t, "(%s)%s", buf + 1, ix);
  else if (deref && buf[0] == '*') snprintf(t, sizeof t, "%s%s", buf + 1, ix);
  else snprintf(t, sizeof t, "%s%s", buf, ix);
  put(buf, cap, t);
}

/* A GEP (instruction or constant expression) over base `base` with
** source element type `ty` and indices ix[0..n): fields and elements,
** index by index, members matched by their DWARF offsets (dwtype.h). */
static int name_gep(const vctx *c, mssa_val base, uint32_t ty, const mssa_val *ix, uint32_t n,
                    char *buf, size_t cap, int depth, uint32_t *dty) {
  const mssa_module *m = c->m;
  uint32_t t = MSSA_NONE;
  if (name_of(c, base, buf, cap, depth + 1, &t)) return MSSA_ENOENT;
  int64_t k;
  if (n == 0) {
    *dty = t;
    return MSSA_OK;
  }
  if (!const_int(m, ix[0], &k) || k) {   /* pointer arithmetic: an element */
    bool known = const_int(m, ix[0], &k);
    add_index(buf, cap, true, known ? &k : NULL);
    member_seen(c, MSSA_NONE, "", false);   /* another element: no longer that member */
  }
  for (uint32_t i = 1; i < n; i++) {
    const mssa_type *it = mssa_type_get(m, ty);
    if (it->kind == MSSA_T_STRUCT) {
      if (!const_int(m, ix[i], &k) || k < 0 || (uint64_t)k >= it->nfields) return MSSA_ENOENT;
      uint64_t off = m->toffs.a[it->offsets + (uint32_t)k];
      uint32_t fty = m->tlist.a[it->fields + (uint32_t)k];
      uint32_t comp = t != MSSA_NONE ? t : composite_by_name(c, ty);
      char fld[NAME_CAP];
      uint32_t mt = MSSA_NONE;
      if (mssa_q_dw_member_at(m, comp, off, mssa_type_get(m, fty)->store_size, -1, fld,
                              sizeof fld, &mt))
        snprintf(fld, sizeof fld, "…");
      add_member(buf, cap, fld);
      member_seen(c, comp, fld, strcmp(fld, "…") != 0);   /* "…": not found */
      t = mt;
      ty = fty;
    } else if (it->kind == MSSA_T_ARRAY || it->kind == MSSA_T_VECTOR) {
      bool known = const_int(m, ix[i], &k);
      add_index(buf, cap, false, known ? &k : NULL);
      t = mssa_q_dw_kind(m, t) == MSSA_DW_ARRAY && mssa_type_get(m, it->elem)->kind != MSSA_T_ARRAY
              ? mssa_q_dw_pointee(m, t) : MSSA_NONE;
      ty = it->elem;
    } else {
      return MSSA_ENOENT;
    }
  }
  *dty = t;
  return MSSA_OK;
}

/* A pointer named by dbg.value (`q` holds it): the memory is `*q`. */
static int name_held(const vctx *c, mssa_val p, char *buf, size_t cap, uint32_t *dty) {
  const mssa_module *m = c->m;
  char v[NAME_CAP];
  uint32_t var = debug_var(c, p, false);
  if (var == MSSA_NONE || mssa_q_md_string_field(m, var, "name", v, sizeof v)) return MSSA_ENOENT;
  if (cap) snprintf(buf, cap, "*%s", v);
  member_seen(c, MSSA_NONE, "", false);   /* the pointee, not a member */
  *dty = mssa_q_dw_pointee(m, mssa_q_dw_var_type(m, var));
  return MSSA_OK;
}

/* The name of the memory at pointer p, and its DWARF type (*dty,
** MSSA_NONE when not known). */
static int name_of(const vctx *c, mssa_val p, char *buf, size_t cap, int depth, uint32_t *dty) {
  const mssa_module *m = c->m;
  const mssa_func *f = c->f;
  *dty = MSSA_NONE;
  if (depth > MSSA_VARNAME_DEPTH) return MSSA_ENOENT;
  if (MSSA_VAL_KIND(p) == MSSA_VK_GLOBAL && MSSA_VAL_INDEX(p) < m->globals.n)
    return global_name(m, MSSA_VAL_INDEX(p), buf, cap, dty);
  if (MSSA_VAL_KIND(p) == MSSA_VK_CONST) {   /* getelementptr (@g, ...) */
    const mssa_const *k = mssa_const_get(m, p);
    if (k->kind != MSSA_C_EXPR || !k->nops) return MSSA_ENOENT;
    const mssa_val *ops = &m->cops.a[k->ops];
    if (k->opcode == MSSA_OP_GEP)
      return name_gep(c, ops[0], k->aux, ops + 1, k->nops - 1, buf, cap, depth, dty);
    if (k->opcode == MSSA_OP_BITCAST || k->opcode == MSSA_OP_ADDRSPACECAST)
      return name_of(c, ops[0], buf, cap, depth + 1, dty);
    return MSSA_ENOENT;
  }
  if (MSSA_VAL_KIND(p) == MSSA_VK_ARG) return name_held(c, p, buf, cap, dty);
  if (MSSA_VAL_KIND(p) != MSSA_VK_INST || MSSA_VAL_INDEX(p) >= f->insts.n) return MSSA_ENOENT;
  uint32_t i = MSSA_VAL_INDEX(p);
  const mssa_inst *in = &f->insts.a[i];
  if (in->block == MSSA_NONE) return MSSA_ENOENT;
  const mssa_val *ops = mssa_inst_ops(f, in);
  switch (in->opcode) {
  case MSSA_OP_ALLOCA: {
    uint32_t var = debug_var(c, MSSA_VAL(MSSA_VK_INST, i), true);
    if (var == MSSA_NONE || mssa_q_md_string_field(m, var, "name", buf, cap)) return MSSA_ENOENT;
    *dty = mssa_q_dw_var_type(m, var);
    return MSSA_OK;
  }
  case MSSA_OP_GEP: {
    if (!in->nops) return MSSA_ENOENT;
    return name_gep(c, ops[0], in->aux, ops + 1, in->nops - 1, buf, cap, depth, dty);
  }
  case MSSA_OP_BITCAST:
  case MSSA_OP_ADDRSPACECAST: return name_of(c, ops[0], buf, cap, depth + 1, dty);
  case MSSA_OP_LOAD: {
    char bn[NAME_CAP];
    uint32_t t;
    if (name_of(c, ops[0], bn, sizeof bn, depth + 1, &t)) return MSSA_ENOENT;
    if (cap) snprintf(buf, cap, "*%s", bn);
    member_seen(c, MSSA_NONE, "", false);   /* through the pointer: its pointee */
    *dty = mssa_q_dw_kind(m, t) == MSSA_DW_POINTER ? mssa_q_dw_pointee(m, t) : MSSA_NONE;
    return MSSA_OK;
  }
  default: return name_held(c, p, buf, cap, dty);
  }
}

/* An access of `size` bytes at the start of named memory of type t (a
** struct's first field has no GEP: `store i32 1, ptr @server`): the
** member it is, `server.dirty`, level by level. */
static void name_first_member(const vctx *c, uint32_t t, uint64_t size, bool ptr,
                              char *buf, size_t cap) {
  const mssa_module *m = c->m;
  for (int k = 0; k < MSSA_VARNAME_DEPTH && size; k++) {
    uint64_t ts = mssa_q_dw_size(m, t);
    mssa_dw_kind kind = mssa_q_dw_kind(m, t);
    /* a union as wide as the access is still one of its members */
    if (!ts || ts < size || (ts == size && kind != MSSA_DW_UNION)) return;
    char fld[NAME_CAP];
    uint32_t mt = MSSA_NONE;
    if (kind == MSSA_DW_ARRAY) {
      int64_t zero = 0;
      add_index(buf, cap, false, &zero);
      t = mssa_q_dw_pointee(m, t);
    } else if ((kind == MSSA_DW_STRUCT || kind == MSSA_DW_UNION) &&
               !mssa_q_dw_member_at(m, t, 0, size, ptr, fld, sizeof fld, &mt)) {
      add_member(buf, cap, fld);
      member_seen(c, t, fld, true);
      t = mt;
    } else {
      return;
    }
  }
}

static vctx ctx(const mssa_module *m, const mssa_func *f, const mssa_qvar_index *ix) {
  return (vctx){m, f, (uint32_t)(f - m->funcs.a), ix, NULL};
}

int mssa_q_ptr_var(const mssa_module *m, const mssa_func *f, mssa_val ptr, char *buf,
                   size_t cap) {
  if (cap) buf[0] = 0;
  vctx c = ctx(m, f, NULL);
  uint32_t t;
  return name_of(&c, ptr, buf, cap, 0, &t);
}

mssa_val mssa_q_inst_ptr(const mssa_func *f, uint32_t inst) {
  if (inst >= f->insts.n) return MSSA_VAL_NONE;
  const mssa_inst *in = &f->insts.a[inst];
  if (in->block == MSSA_NONE) return MSSA_VAL_NONE;
  const mssa_val *ops = mssa_inst_ops(f, in);
  switch (in->opcode) {
  case MSSA_OP_LOAD:
  case MSSA_OP_CMPXCHG:
  case MSSA_OP_ATOMICRMW:
  case MSSA_OP_VAARG: return in->nops >= 1 ? ops[0] : MSSA_VAL_NONE;
  case MSSA_OP_STORE: return in->nops >= 2 ? ops[1] : MSSA_VAL_NONE;
  default: return MSSA_VAL_NONE;
  }
}

/* mssa_q_inst_var_ix, recording the member the name ends in into mb. */
static int inst_var_mb(const mssa_qvar_index *ix, const mssa_module *m, const mssa_func *f,
                       uint32_t inst, char *buf, size_t cap, mssa_qmember *mb) {
  if (cap) buf[0] = 0;
  /* a function without debug info has no names (and IR offloaded by a
  ** compiler seldom has any: its accesses cost nothing extra) */
  if (f->md_dbg == MSSA_NONE) return MSSA_ENOENT;
  mssa_val p = mssa_q_inst_ptr(f, inst);
  vctx c = ctx(m, f, ix);
  c.mb = mb;
  uint32_t t;
  if (p == MSSA_VAL_NONE || name_of(&c, p, buf, cap, 0, &t)) return MSSA_ENOENT;
  const mssa_inst *in = &f->insts.a[inst];
  uint32_t vt = in->opcode == MSSA_OP_LOAD ? in->type : in->opcode == MSSA_OP_STORE ? in->aux
                                                                                     : MSSA_NONE;
  if (vt != MSSA_NONE && t != MSSA_NONE)
    name_first_member(&c, t, mssa_type_get(m, vt)->store_size,
                      mssa_type_get(m, vt)->kind == MSSA_T_PTR, buf, cap);
  return MSSA_OK;
}

int mssa_q_inst_var_ix(const mssa_qvar_index *ix, const mssa_module *m, const mssa_func *f,
                       uint32_t inst, char *buf, size_t cap) {
  return inst_var_mb(ix, m, f, inst, buf, cap, NULL);
}

int mssa_q_inst_member_ix(const mssa_qvar_index *ix, const mssa_module *m, const mssa_func *f,
                          uint32_t inst, mssa_qmember *out) {
  char name[NAME_CAP];
  out->comp = MSSA_NONE;
  out->n = 0;
  if (inst_var_mb(ix, m, f, inst, name, sizeof name, out) || !out->n) {
    out->comp = MSSA_NONE;
    out->n = 0;
    return MSSA_ENOENT;
  }
  return MSSA_OK;
}

int mssa_q_inst_var(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                    size_t cap) {
  return mssa_q_inst_var_ix(NULL, m, f, inst, buf, cap);
}

/* ------------------------------------------------------------ the index */

/* Keeps the first variable seen for a key, as the scans do. */
static void put_first(mssa_u64map *map, uint64_t k, uint32_t v) {
  if (v != MSSA_NONE && mssa_u64map_get(map, k) == MSSA_NONE) mssa_u64map_put(map, k, v);
}

/* Every value of function fi that debug intrinsics or records name. */
static void index_func(mssa_qvar_index *ix, const mssa_module *m, uint32_t fi) {
  const mssa_func *f = &m->funcs.a[fi];
  for (uint32_t r = 0; r < f->dbg.n; r++) {
    const mssa_dbg_record *d = &f->dbg.a[r];
    if (d->addr == MSSA_VAL_NONE) continue;
    if (d->kind == MSSA_DBG_DECLARE || d->kind == MSSA_DBG_ASSIGN)
      put_first(&ix->decl, val_key(fi, d->addr), d->var);
    else if (d->kind == MSSA_DBG_VALUE && md_empty_expr(m, d->expr))
      put_first(&ix->value, val_key(fi, d->addr), d->var);
  }
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    bool decl = in->intrinsic == MSSA_INTR_DBG_DECLARE;
    if (in->block == MSSA_NONE || in->opcode != MSSA_OP_CALL || in->nops < 4 ||
        (!decl && in->intrinsic != MSSA_INTR_DBG_VALUE))
      continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    uint32_t w = MSSA_VAL_INDEX(ops[1]);
    if (MSSA_VAL_KIND(ops[1]) != MSSA_VK_META || MSSA_VAL_KIND(ops[2]) != MSSA_VK_META ||
        MSSA_VAL_KIND(ops[3]) != MSSA_VK_META || w >= m->md.n ||
        m->md.a[w].kind != MSSA_MD_VALUE || (!decl && !md_empty_expr(m, MSSA_VAL_INDEX(ops[3]))))
      continue;
    put_first(decl ? &ix->decl : &ix->value, val_key(fi, m->md.a[w].val), MSSA_VAL_INDEX(ops[2]));
  }
}

mssa_qvar_index *mssa_q_var_index_new(const mssa_module *m, uint64_t version) {
  mssa_qvar_index *ix = mssa_xcalloc(1, sizeof *ix);
  ix->version = version;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++)
    if (m->funcs.a[fi].md_dbg != MSSA_NONE) index_func(ix, m, fi);
  char name[NAME_CAP];
  for (uint32_t d = 0; d < m->md.n; d++)
    if (md_tag_is(m, d, "DICompositeType") &&
        !mssa_q_md_string_field(m, d, "name", name, sizeof name))
      put_first(&ix->comps, mssa_hash(name, strlen(name)), d);
  return ix;
}

void mssa_q_var_index_free(mssa_qvar_index *ix) {
  if (!ix) return;
  mssa_u64map_free(&ix->decl);
  mssa_u64map_free(&ix->value);
  mssa_u64map_free(&ix->comps);
  free(ix);
}

const mssa_qvar_index *mssa_qmodule_var_index(struct mssa_qmodule *q) {
  if (!q->vars || q->vars->version != q->version) {
    mssa_q_var_index_free(q->vars);
    q->vars = NULL;   /* never dangling if the build fails (base/oom.h) */
    q->vars = mssa_q_var_index_new(q->m, q->version);
  }
  return q->vars;
}


bool mssa_q_stores_param(const mssa_func *f, uint32_t inst, uint32_t *arg) {
  if (inst >= f->insts.n) return false;
  const mssa_inst *in = &f->insts.a[inst];
  if (in->block == MSSA_NONE || in->opcode != MSSA_OP_STORE || in->nops < 2) return false;
  mssa_val v = mssa_inst_ops(f, in)[0];
  if (MSSA_VAL_KIND(v) != MSSA_VK_ARG) return false;
  if (arg) *arg = MSSA_VAL_INDEX(v);
  return true;
}
