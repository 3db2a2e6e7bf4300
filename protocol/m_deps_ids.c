/*
** m_deps_ids.c -- the ids form of accesses, alias and depends: the same
** answers as the full form (m_deps.c), as small integers and enum codes in
** arrays instead of access objects with names, texts and source positions.
** It is what a compiler pass wants when it asks about every access of a
** program: ~20 bytes an access instead of ~430, and neither side builds
** or parses an object per access.
**
** Invariants:
**   1. Every fact is the full form's, only spelled as numbers: the codes
**      below are the ones docs/offload.md lists ("The ids form"), and
**      tests/daemon/offload.t checks that both forms agree on every access
**      of a module.
**   2. An access is three numbers wherever it appears alone: kind code, id
**      (opt's printed id; -1 for a use), instruction id (-1 for a phi and
**      liveOnEntry). In `accesses` a clobber is its id only (it is always a
**      def, a phi or liveOnEntry, each with an id).
**   3. The reply is JSON text written into p->scratch (result_text), never
**      jansson values: no allocation per number, and the buffer is reused
**      by the next request. Strings go through jansson's encoder unless they
**      are plain printable ASCII.
*/
#include <string.h>

#include "m_deps_ids.h"

/* Wire codes of access kinds (libmemssa-client's memssa_access_kind). */
enum { KIND_DEF = 1, KIND_USE = 2, KIND_PHI = 3, KIND_LIVE = 4 };
/* Wire codes of overlaps (libmemssa-client's memssa_overlap), by mssa_overlap. */
static const int OVERLAP_CODE[] = {
    [MSSA_OVERLAP_NONE] = 4, [MSSA_OVERLAP_PARTIAL] = 3, [MSSA_OVERLAP_TOTAL] = 2,
    [MSSA_OVERLAP_EXACT] = 1, [MSSA_OVERLAP_MAY] = 0};
#define INT_CHARS 24   /* digits of a 64-bit integer, with its sign */
#define NAME_CAP 1024

int mssa__param_form(mssa__call *c, bool *ids) {
  const char *form = NULL;
  int rc = mssa__param_str(c, "form", false, &form);
  if (rc) return rc;
  *ids = form && !strcmp(form, "ids");
  if (form && !*ids && strcmp(form, "full"))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.form must be \"full\" or \"ids\"");
  return 0;
}

/* ------------------------------------------------------------ writing */

static void put(mssa_buf *b, const char *s) { mssa_buf_append(b, s, strlen(s)); }

static void put_int(mssa_buf *b, long long v) {
  char tmp[INT_CHARS], *end = tmp + sizeof tmp, *p = end;
  unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  do *--p = (char)('0' + u % 10);
  while (u /= 10);
  if (v < 0) *--p = '-';
  mssa_buf_append(b, p, (size_t)(end - p));
}

/* A JSON string: printable ASCII without '"' and '\' as is, anything else
** through jansson (escapes, and bytes that are not UTF-8 replaced). */
static void put_str(mssa_buf *b, const char *s) {
  size_t n = strlen(s);
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f || s[i] == '"' || s[i] == '\\') {
      json_t *j = mssa__jstr(s);
      json_dump_callback(j, mssa_buf_dump_cb, b, JSON_ENCODE_ANY);
      json_decref(j);
      return;
    }
  mssa_buf_append(b, "\"", 1);
  mssa_buf_append(b, s, n);
  mssa_buf_append(b, "\"", 1);
}

static mssa_buf *text_begin(mssa__call *c) {
  c->p->scratch.n = 0;
  return &c->p->scratch;
}

static int text_reply(mssa__call *c) {
  c->result_text = c->p->scratch.p;
  c->result_len = c->p->scratch.n;
  c->result_fresh = true;
  return 0;
}

/* ------------------------------------------------------------ accesses */

static int kind_code(unsigned kind) {
  switch (kind) {
  case MSSA_ACC_DEF: return KIND_DEF;
  case MSSA_ACC_USE: return KIND_USE;
  case MSSA_ACC_PHI: return KIND_PHI;
  default: return KIND_LIVE;
  }
}

/* Invariant 2: "kind,id,inst" of access `a`. */
static void put_access(mssa_buf *b, const mssa_ssa *s, uint32_t a) {
  const mssa_access *x = &s->acc.a[a];
  bool has_inst = (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) && x->inst != MSSA_NONE;
  put_int(b, kind_code(x->kind));
  mssa_buf_append(b, ",", 1);
  put_int(b, x->kind == MSSA_ACC_USE ? -1 : (long long)x->id);
  mssa_buf_append(b, ",", 1);
  put_int(b, has_inst ? (long long)x->inst : -1);
}

/* "[kind,id,inst]" of access `a`, or null for MSSA_NONE. */
static void put_access_or_null(mssa_buf *b, const mssa_ssa *s, uint32_t a) {
  if (a == MSSA_NONE) {
    put(b, "null");
    return;
  }
  mssa_buf_append(b, "[", 1);
  put_access(b, s, a);
  mssa_buf_append(b, "]", 1);
}

/* "blocks": the function's block names by index, as access objects spell them. */
static void put_blocks(mssa_buf *b, const mssa_qmodule *q, uint32_t fi) {
  const mssa_func *f = &q->m->funcs.a[fi];
  char nm[NAME_CAP];
  put(b, "\"blocks\":[");
  for (uint32_t k = 0; k < f->blocks.n; k++) {
    if (k) mssa_buf_append(b, ",", 1);
    mssa_q_block_name(q->m, f, k, nm, sizeof nm);
    put_str(b, nm);
  }
  mssa_buf_append(b, "]", 1);
}

int mssa__ids_accesses(mssa__call *c, const mssa_qmodule *q, uint32_t fi,
                       const mssa_deps_access *v, uint32_t n, uint32_t total, uint64_t offset) {
  const mssa_ssa *s = q->ssa[fi];
  mssa_buf *b = text_begin(c);
  put(b, "{\"total\":");
  put_int(b, total);
  put(b, ",\"offset\":");
  put_int(b, (long long)offset);
  put(b, ",\"next\":");
  if (offset + n < total) put_int(b, (long long)(offset + n));
  else put(b, "null");
  put(b, ",\"entry\":");
  put_int(b, q->m->funcs.a[fi].entry);   /* liveOnEntry's block */
  put(b, ",\"fields\":[\"kind\",\"id\",\"inst\",\"block\",\"clobber\",\"alias\"],");
  put_blocks(b, q, fi);
  put(b, ",\"accesses\":[");
  for (uint32_t k = 0; k < n; k++) {
    const mssa_access *x = &s->acc.a[v[k].access];
    bool phi = x->kind == MSSA_ACC_PHI;
    if (k) mssa_buf_append(b, ",", 1);
    put_access(b, s, v[k].access);
    mssa_buf_append(b, ",", 1);
    put_int(b, x->block);
    mssa_buf_append(b, ",", 1);
    put_int(b, phi ? -1 : (long long)s->acc.a[v[k].clobber].id);
    mssa_buf_append(b, ",", 1);
    put_int(b, mssa_q_alias_name(v[k].ar) ? v[k].ar : -1);
  }
  put(b, "]}");
  return text_reply(c);
}

/* ------------------------------------------------------------ alias, depends */

int mssa__ids_alias(mssa__call *c, int alias, mssa_overlap overlap) {
  mssa_buf *b = text_begin(c);
  mssa_buf_append(b, "[", 1);
  put_int(b, alias);
  mssa_buf_append(b, ",", 1);
  put_int(b, OVERLAP_CODE[overlap]);
  mssa_buf_append(b, "]", 1);
  return text_reply(c);
}

int mssa__ids_depends(mssa__call *c, const mssa_qmodule *q, uint32_t fi, const mssa_deps_dep *d) {
  const mssa_ssa *s = q->ssa[fi];
  mssa_buf *b = text_begin(c);
  put(b, d->depends ? "[true," : "[false,");
  put_int(b, d->kinds);
  mssa_buf_append(b, ",", 1);
  put_int(b, d->alias >= 0 && mssa_q_alias_name(d->alias) ? d->alias : -1);
  mssa_buf_append(b, ",", 1);
  put_int(b, d->modref & MSSA_MR_MODREF);
  put(b, d->reaches ? ",true," : ",false,");
  if (d->reason) put_str(b, d->reason);
  else put(b, "null");
  mssa_buf_append(b, ",", 1);
  put_access_or_null(b, s, d->killer != MSSA_NONE ? mssa_ssa_inst_access(s, d->killer) : MSSA_NONE);
  mssa_buf_append(b, ",", 1);
  put_access_or_null(b, s, d->clobber);
  put(b, ",[");
  for (uint32_t k = 0; k < d->path.n; k++) {
    if (k) mssa_buf_append(b, ",", 1);
    put_access(b, s, d->path.a[k]);
  }
  put(b, "]]");
  return text_reply(c);
}
