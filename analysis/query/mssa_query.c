/*
** mssa_query.c -- the helpers a query service needs on top of MemorySSA:
** bundle building, lookups, clobber and reverse-clobber queries, text.
**
** Invariants:
**   1. See mssa_query.h: bundles are self-contained (buildable on any
**      thread), lookups validate every index, buffers are capped.
**   2. Clobber queries go through the caching walker with the graph's own
**      check limit, so an answer here is the one `print --walker` shows.
**   3. Nothing here allocates per query except the walker's own scratch;
**      the reverse query reuses the caller's output array.
**
** Pure C11; no libuv, no jansson.
*/
#include "query/mssa_query.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "query/source.h"
#include "query/varname.h"
#include "query/refs.h"
#include "reader/reader.h"

/* ------------------------------------------------------------ the bundle */

uint64_t mssa_q_next_version(void) {
  static atomic_uint_fast64_t next = 1;
  return (uint64_t)atomic_fetch_add(&next, 1);
}

int mssa_qmodule_build_func(mssa_qmodule *q, uint32_t fi, const mssa_build_opts *opts,
                            bool rebuild) {
  mssa_ssa *s = q->ssa[fi];
  if (s) {
    q->ndefs -= s->ndefs;
    q->nuses -= s->nuses;
    q->nphis -= s->nphis;
    q->ndefined--;
    mssa_ssa_free(s);
    q->ssa[fi] = NULL;
  } else if (rebuild) {
    q->nfailed--;   /* it had no graph: its build had failed */
  }
  s = NULL;
  int rc = q->refined ? mssa_ssa_build_refined(q->m, &q->m->funcs.a[fi], opts, &q->refine, &s)
                      : mssa_ssa_build(q->m, &q->m->funcs.a[fi], opts, &s);
  if (rc != MSSA_OK || !s) {
    q->nfailed++;
    return rc != MSSA_OK ? rc : MSSA_EINVAL;
  }
  q->ssa[fi] = s;
  q->ndefined++;
  q->ndefs += s->ndefs;
  q->nuses += s->nuses;
  q->nphis += s->nphis;
  return MSSA_OK;
}

int mssa_qmodule_build(const char *path, const char *text, size_t len,
                       const mssa_build_opts *opts, mssa_qmodule **out, mssa_diag *diag) {
  return mssa_qmodule_build_llvm(path, text, len, opts, 0, out, diag);
}

int mssa_qmodule_build_llvm(const char *path, const char *text, size_t len,
                            const mssa_build_opts *opts, unsigned llvm, mssa_qmodule **out,
                            mssa_diag *diag) {
  *out = NULL;
  if (llvm && (llvm < MSSA_LLVM_MIN || llvm > MSSA_LLVM_MAX)) return MSSA_EINVAL;
  uint64_t t0 = mssa_now_ns();
  mssa_module *m = NULL;
  int rc = text ? mssa_module_parse(path, text, len, &m, diag)
                : mssa_module_parse_file(path, &m, diag);
  if (rc != MSSA_OK) return rc;
  if (llvm) mssa_module_set_llvm_version(m, llvm);   /* in range: checked above */
  double read_ms = (double)(mssa_now_ns() - t0) / 1e6;
  rc = mssa_qmodule_of_module(m, opts, NULL, out);
  if (rc == MSSA_OK) (*out)->read_ms = read_ms;
  return rc;
}

int mssa_qmodule_of_module(mssa_module *m, const mssa_build_opts *opts, const mssa_refine *refine,
                           mssa_qmodule **out) {
  uint64_t t1 = mssa_now_ns();
  mssa_qmodule *q = mssa_xcalloc(1, sizeof *q);
  q->m = m;
  if (refine) {
    q->refined = true;
    q->refine = *refine;
  }
  q->nfuncs = m->funcs.n;
  q->ssa = mssa_xcalloc(q->nfuncs ? q->nfuncs : 1, sizeof *q->ssa);
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    if (mssa_u64map_get(&q->fn_by_name, f->name) == MSSA_NONE)
      mssa_u64map_put(&q->fn_by_name, f->name, fi);
    if (!f->is_decl) mssa_qmodule_build_func(q, fi, opts, false);
  }
  uint64_t t2 = mssa_now_ns();
  q->text_len_read = m->text_len;
  q->version = mssa_q_next_version();
  q->build_ms = (double)(t2 - t1) / 1e6;
  MSSA_ASSERT(q->ndefined + q->nfailed <= q->nfuncs);   /* invariant 1: one bundle */
  *out = q;
  return MSSA_OK;
}

void mssa_qmodule_free(mssa_qmodule *q) {
  if (!q) return;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) mssa_ssa_free(q->ssa[fi]);
  free(q->ssa);
  mssa_u64map_free(&q->fn_by_name);
  mssa_q_line_index_free(q->lines);
  mssa_q_var_index_free(q->vars);
  mssa_q_refs_index_free(q->refs);
  mssa_module_free(q->m);
  free(q);
}

#define VEC_BYTES(v) ((size_t)(v).cap * sizeof(*(v).a))

/* Heap bytes of a function's alias-analysis context beyond what grows with
** the function (see mssa_qmodule_graph_bytes). */
#define GRAPH_AA_FIXED 1280

size_t mssa_qmodule_graph_bytes(const mssa_qmodule *q, uint32_t fi) {
  const mssa_ssa *s = fi < q->nfuncs ? q->ssa[fi] : NULL;
  if (!s) return 0;
  const mssa_func *f = &q->m->funcs.a[fi];
  size_t w = sizeof(uint32_t);
  size_t n = sizeof *s + VEC_BYTES(s->acc) + VEC_BYTES(s->phiops);
  n += (size_t)s->inst_cap * 2 * w;                                  /* inst_acc, inst_pos */
  n += (size_t)MSSA_BLOCK_ARRAYS * (s->nblocks ? s->nblocks : 1) * w;
  size_t edges = s->cfg.succ_off ? s->cfg.succ_off[s->cfg.n] : 0;
  n += (2 * ((size_t)s->cfg.n + 1) + 2 * edges) * w;                 /* CFG */
  n += 7 * ((size_t)s->dt.n + 1) * w;                                /* dominator tree */
  /* Estimated from the function's size, their layout being private to
  ** alias/: the alias analysis's context (a byte per global, BasicAA's
  ** caches: about GRAPH_AA_FIXED bytes measured over lua.O0/O2), its use
  ** lists and per-value bytes, and the walker's users index once a query
  ** built it. */
  size_t slots = (size_t)f->insts.n + f->nargs, ops = f->ops.n;
  n += GRAPH_AA_FIXED + q->m->globals.n;
  n += slots * (w + 2) + ops * (sizeof(uint64_t) + w);
  if (s->users) n += ops * 2 * w + slots * 4 * w;
  return n;
}

size_t mssa_qmodule_memory(const mssa_qmodule *q) {
  const mssa_module *m = q->m;
  size_t n = sizeof *q + sizeof *m + (size_t)q->nfuncs * sizeof(void *);
  n += m->text_len + m->strs.cap + (size_t)m->strs.ncap * 8 + (size_t)m->strs.hcap * 4;
  n += VEC_BYTES(m->types) + VEC_BYTES(m->tlist) + VEC_BYTES(m->toffs);
  n += VEC_BYTES(m->consts) + VEC_BYTES(m->cops) + VEC_BYTES(m->md) + VEC_BYTES(m->mdops);
  n += VEC_BYTES(m->attrlists) + VEC_BYTES(m->pattrs) + VEC_BYTES(m->globals);
  n += VEC_BYTES(m->funcs) + (size_t)q->fn_by_name.cap * 12;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    n += VEC_BYTES(f->blocks) + VEC_BYTES(f->insts) + VEC_BYTES(f->ops);
    n += (size_t)f->nargs * sizeof(mssa_arg);
    n += mssa_qmodule_graph_bytes(q, fi);
  }
  return n;
}

uint32_t mssa_q_find_func(const mssa_qmodule *q, const char *name) {
  uint32_t sid = mssa_strtab_find(&q->m->strs, name, strlen(name));
  return sid == MSSA_NONE ? MSSA_NONE : mssa_u64map_get(&q->fn_by_name, sid);
}

uint32_t mssa_q_naccesses(const mssa_ssa *s) {
  uint32_t n = 0;
  for (uint32_t a = 0; a < s->acc.n; a++)
    if (s->acc.a[a].kind != MSSA_ACC_DEAD) n++;
  return n;
}

/* ---------------------------------------------------------------- lookup */

static bool inst_live(const mssa_func *f, uint64_t id) {
  return id < f->insts.n && f->insts.a[id].block != MSSA_NONE;
}

int mssa_q_inst_by_id(const mssa_func *f, uint64_t id, uint32_t *inst) {
  if (!inst_live(f, id)) return MSSA_ENOENT;
  *inst = (uint32_t)id;
  return MSSA_OK;
}

/* Parses a decimal number of at most 9 digits; false if `s` is not one. */
static bool parse_small_uint(const char *s, uint32_t *out) {
  size_t n = strlen(s);
  if (n == 0 || n > 9) return false;
  uint32_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (uint32_t)(s[i] - '0');
  }
  *out = v;
  return true;
}

/* Strips a leading sigil and, for a quoted name (%"a b"), the quotes. */
static const char *strip_name(const char *s, char sigil, char *buf, size_t cap) {
  if (s[0] == sigil) s++;
  size_t n = strlen(s);
  if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
    if (n - 2 >= cap) return NULL;
    memcpy(buf, s + 1, n - 2);
    buf[n - 2] = 0;
    return buf;
  }
  return s;
}

/* Reads `name` ("%x", "x", "%7", "7", %"a b") as an unnamed value's number
** (*numeric, *slot) or as a name (*sid, its string id). False when nothing
** can have that name: empty, too long to unquote, or never interned. */
static bool parse_local_name(const mssa_module *m, const char *name, bool *numeric,
                             uint32_t *slot, uint32_t *sid) {
  char tmp[256];
  const char *s = strip_name(name, '%', tmp, sizeof tmp);
  if (!s || !*s) return false;
  *numeric = parse_small_uint(s, slot);
  *sid = *numeric ? MSSA_NONE : mssa_strtab_find(&m->strs, s, strlen(s));
  return *numeric || *sid != MSSA_NONE;
}

/* Does an entity named `name` (string id or MSSA_NONE) with number `slot`
** answer to the parsed name? */
static bool name_matches(bool numeric, uint32_t slot, uint32_t sid, uint32_t name,
                         uint32_t its_slot) {
  return numeric ? (name == MSSA_NONE && its_slot == slot) : (sid != MSSA_NONE && name == sid);
}

int mssa_q_inst_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                        uint32_t *inst) {
  bool numeric;
  uint32_t slot, sid;
  if (!parse_local_name(m, name, &numeric, &slot, &sid)) return MSSA_ENOENT;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block != MSSA_NONE && name_matches(numeric, slot, sid, in->name, in->slot)) {
      *inst = i;
      return MSSA_OK;
    }
  }
  return MSSA_ENOENT;
}

int mssa_q_block_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                         uint32_t *block) {
  bool numeric;
  uint32_t slot, sid;
  if (!parse_local_name(m, name, &numeric, &slot, &sid)) return MSSA_ENOENT;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    const mssa_block *bb = &f->blocks.a[b];
    if (name_matches(numeric, slot, sid, bb->name, bb->slot)) {
      *block = b;
      return MSSA_OK;
    }
  }
  return MSSA_ENOENT;
}

int mssa_q_inst_at(const mssa_func *f, uint32_t block, uint64_t index, uint32_t *inst) {
  if (block >= f->blocks.n || f->blocks.a[block].removed) return MSSA_ENOENT;
  uint64_t k = 0;
  for (uint32_t i = f->blocks.a[block].first; i != MSSA_NONE; i = f->insts.a[i].next, k++) {
    if (k == index) {
      *inst = i;
      return MSSA_OK;
    }
  }
  return MSSA_ENOENT;
}

int mssa_q_access_by_id(const mssa_ssa *s, uint64_t id, uint32_t *access) {
  if (id == MSSA_LIVE_ON_ENTRY_ID) {
    *access = MSSA_LIVE_ON_ENTRY;
    return MSSA_OK;
  }
  for (uint32_t a = 0; a < s->acc.n; a++) {
    const mssa_access *x = &s->acc.a[a];
    if (x->kind != MSSA_ACC_DEAD && x->kind != MSSA_ACC_USE && x->id == id) {
      MSSA_ASSERT(a != MSSA_LIVE_ON_ENTRY);   /* liveOnEntry's id was handled above */
      *access = a;
      return MSSA_OK;
    }
  }
  return MSSA_ENOENT;
}

int mssa_q_value_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                         mssa_val *out) {
  char tmp[256];
  if (name[0] == '@') {
    const char *s = strip_name(name, '@', tmp, sizeof tmp);
    if (!s || !*s) return MSSA_ENOENT;
    uint32_t sid = mssa_strtab_find(&m->strs, s, strlen(s));
    if (sid == MSSA_NONE) return MSSA_ENOENT;
    for (uint32_t g = 0; g < m->globals.n; g++)
      if (m->globals.a[g].name == sid) {
        *out = MSSA_VAL(MSSA_VK_GLOBAL, g);
        return MSSA_OK;
      }
    for (uint32_t fi = 0; fi < m->funcs.n; fi++)
      if (m->funcs.a[fi].name == sid) {
        *out = MSSA_VAL(MSSA_VK_FUNC, fi);
        return MSSA_OK;
      }
    return MSSA_ENOENT;
  }
  bool numeric;
  uint32_t slot, sid;
  if (!parse_local_name(m, name, &numeric, &slot, &sid)) return MSSA_ENOENT;
  for (uint32_t a = 0; a < f->nargs; a++) {
    const mssa_arg *ar = &f->args[a];
    if (name_matches(numeric, slot, sid, ar->name, ar->slot)) {
      *out = MSSA_VAL(MSSA_VK_ARG, a);
      return MSSA_OK;
    }
  }
  uint32_t inst;
  if (mssa_q_inst_by_name(m, f, name, &inst) != MSSA_OK) return MSSA_ENOENT;
  *out = MSSA_VAL(MSSA_VK_INST, inst);
  return MSSA_OK;
}

bool mssa_q_inst_source(const mssa_module *m, const mssa_inst *i, char *file, size_t cap,
                        uint32_t *line, uint32_t *col) {
  uint32_t fid = MSSA_NONE, did = MSSA_NONE;
  if (i->dbg == MSSA_NONE || !mssa_inst_source(m, i, &fid, &did, line, col)) return false;
  if (cap) {
    const char *fn = fid != MSSA_NONE ? mssa_str(m, fid) : "";
    snprintf(file, cap, "%s", fn);
  }
  return true;
}

/* Does `path` equal `want`, or end with "/" + want? */
static bool path_matches(const char *path, const char *want) {
  size_t pn = strlen(path), wn = strlen(want);
  if (wn == 0 || wn > pn) return false;
  if (strcmp(path + (pn - wn), want)) return false;
  return pn == wn || path[pn - wn - 1] == '/' || want[0] == '/';
}

static bool file_matches(const mssa_module *m, uint32_t fid, uint32_t did, const char *want) {
  if (fid == MSSA_NONE) return false;
  const char *fn = mssa_str(m, fid);
  if (path_matches(fn, want) || path_matches(want, fn)) return true;
  if (did == MSSA_NONE || fn[0] == '/') return false;
  char joined[1024];
  int k = snprintf(joined, sizeof joined, "%s/%s", mssa_str(m, did), fn);
  return k > 0 && (size_t)k < sizeof joined && path_matches(joined, want);
}

uint32_t mssa_q_find_source(const mssa_qmodule *q, const char *file, uint32_t line,
                            uint32_t col, mssa_qhit *out, uint32_t cap) {
  const mssa_module *m = q->m;
  uint32_t n = 0;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    const mssa_ssa *s = q->ssa[fi];
    if (!s) continue;
    const mssa_func *f = &m->funcs.a[fi];
    for (uint32_t i = 0; i < f->insts.n; i++) {
      const mssa_inst *in = &f->insts.a[i];
      if (in->block == MSSA_NONE || in->dbg == MSSA_NONE) continue;
      if (mssa_ssa_inst_access(s, i) == MSSA_NONE) continue;
      uint32_t fid = MSSA_NONE, did = MSSA_NONE, l = 0, c = 0;
      if (!mssa_inst_source(m, in, &fid, &did, &l, &c)) continue;
      if (l != line || (col && c != col)) continue;
      if (!file_matches(m, fid, did, file)) continue;
      if (n < cap) out[n] = (mssa_qhit){fi, i, l, c};
      n++;
    }
  }
  return n;
}

/* --------------------------------------------------------------- queries */

/* The nearest def or phi above access `a` in program order: the previous
** one in its block, else the last one of the nearest dominating block that
** has one, else liveOnEntry. (An optimized use's `def` is its clobber, which
** may lie above defs of other locations, so it cannot start a location
** query.) */
uint32_t mssa_q_reaching_def(const mssa_ssa *s, uint32_t a) {
  MSSA_ASSERT(a < s->acc.n);
  for (uint32_t p = s->acc.a[a].prev; p != MSSA_NONE; p = s->acc.a[p].prev) {
    unsigned k = s->acc.a[p].kind;
    if (k == MSSA_ACC_DEF || k == MSSA_ACC_PHI) return p;
  }
  uint32_t b = s->acc.a[a].block;
  if (b >= s->nblocks || !mssa_dt_reachable(&s->dt, b)) return MSSA_LIVE_ON_ENTRY;
  for (b = s->dt.idom[b]; b != MSSA_NONE; b = s->dt.idom[b])
    if (s->lastdef[b] != MSSA_NONE) return s->lastdef[b];
  return MSSA_LIVE_ON_ENTRY;
}

int mssa_q_clobber(mssa_ssa *s, uint32_t inst, const mssa_loc *loc, mssa_qclobber *out) {
  uint32_t a = mssa_ssa_inst_access(s, inst);
  if (a == MSSA_NONE || a >= s->acc.n) return MSSA_ENOENT;
  const mssa_access *x = &s->acc.a[a];
  if (x->kind != MSSA_ACC_DEF && x->kind != MSSA_ACC_USE) return MSSA_ENOENT;
  mssa_ssa_settle_words(s);
  x = &s->acc.a[a];
  uint32_t limit = s->check_limit;
  out->access = a;
  if (loc) {
    out->from_cache = false;
    out->clobber = mssa_walker_clobber_loc(s, mssa_q_reaching_def(s, a), loc, &limit);
    MSSA_ASSERT(out->clobber < s->acc.n);
    out->ar = MSSA_AR_NONE;
    const mssa_access *c = &s->acc.a[out->clobber];
    if (c->kind == MSSA_ACC_DEF) {
      int ar = MSSA_MAY_ALIAS;
      mssa_def_clobbers(s, out->clobber, MSSA_NONE, loc, &ar);
      out->ar = ar;
    }
    return MSSA_OK;
  }
  out->from_cache = x->optimized != 0;
  out->clobber = mssa_walker_clobber(s, a, &limit);
  x = &s->acc.a[a];
  /* Invariant 2: the walker's answer is a live access that dominates. */
  MSSA_ASSERT(out->clobber < s->acc.n && s->acc.a[out->clobber].kind != MSSA_ACC_DEAD);
  out->ar = out->clobber == MSSA_LIVE_ON_ENTRY ? MSSA_AR_NONE : x->ar;
  return MSSA_OK;
}

uint32_t mssa_q_uses(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap) {
  uint32_t n = 0;
  const mssa_func *f = s->f;
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      unsigned k = s->acc.a[a].kind;
      if ((k != MSSA_ACC_DEF && k != MSSA_ACC_USE) || a == def) continue;
      uint32_t limit = s->check_limit;
      if (mssa_walker_clobber(s, a, &limit) != def) continue;
      if (n < cap) out[n] = a;
      n++;
    }
  }
  return n;
}

int mssa_q_make_loc(const mssa_module *m, const mssa_func *f, const char *ptr, uint64_t size,
                    mssa_loc *out) {
  mssa_val v;
  if (mssa_q_value_by_name(m, f, ptr, &v) != MSSA_OK) return MSSA_ENOENT;
  out->ptr = v;
  out->size = size;
  out->tbaa = out->scope = out->noalias = MSSA_NONE;
  return MSSA_OK;
}

/* ------------------------------------------------------------------ text */

const char *mssa_q_kind_name(unsigned kind) {
  switch (kind) {
  case MSSA_ACC_LIVE: return "liveOnEntry";
  case MSSA_ACC_DEF: return "def";
  case MSSA_ACC_USE: return "use";
  case MSSA_ACC_PHI: return "phi";
  default: return "dead";
  }
}

const char *mssa_q_alias_name(int ar) { return mssa_alias_name(ar); }

/* Copies the text built in *b into the caller's buf (truncated to cap,
** NUL-terminated when cap > 0), frees it, and returns its full length. */
static size_t text_out(mssa_buf *b, char *buf, size_t cap) {
  size_t n = b->n;
  if (cap) {
    size_t k = n < cap ? n : cap - 1;
    if (k) memcpy(buf, b->p, k);
    buf[k] = 0;
  }
  mssa_buf_free(b);
  return n;
}

size_t mssa_q_inst_text(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                        size_t cap) {
  mssa_buf b = {0};
  const mssa_inst *in = &f->insts.a[inst];
  if (in->text_len && in->text_off + (size_t)in->text_len <= m->text_len)
    mssa_buf_append(&b, m->text + in->text_off, in->text_len);
  else
    mssa_buf_puts(&b, mssa_opcode_name(in->opcode));
  return text_out(&b, buf, cap);
}

size_t mssa_q_inst_name(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                        size_t cap) {
  mssa_buf b = {0};
  const mssa_inst *in = &f->insts.a[inst];
  if (in->name != MSSA_NONE) mssa_buf_printf(&b, "%%%s", mssa_str(m, in->name));
  else if (in->slot != MSSA_NONE) mssa_buf_printf(&b, "%%%u", in->slot);
  return text_out(&b, buf, cap);
}

size_t mssa_q_block_name(const mssa_module *m, const mssa_func *f, uint32_t block, char *buf,
                         size_t cap) {
  mssa_buf b = {0};
  const mssa_block *bb = &f->blocks.a[block];
  if (bb->name != MSSA_NONE) mssa_buf_puts(&b, mssa_str(m, bb->name));
  else mssa_buf_printf(&b, "%u", bb->slot);
  return text_out(&b, buf, cap);
}

size_t mssa_q_access_text(const mssa_ssa *s, uint32_t access, char *buf, size_t cap) {
  mssa_buf b = {0};
  if (access >= s->acc.n) mssa_buf_puts(&b, "<no access>");
  else mssa_access_text(s, access, &b);
  return text_out(&b, buf, cap);
}

uint32_t mssa_q_inst_index(const mssa_func *f, uint32_t inst) {
  uint32_t k = 0;
  for (uint32_t i = f->insts.a[inst].prev; i != MSSA_NONE; i = f->insts.a[i].prev) k++;
  return k;
}
