/*
** m_deps_ids.c -- the ids and packed forms of accesses, alias and depends:
** the same answers as the full form (m_deps.c), as small integers and enum
** codes instead of access objects with names, texts and source positions.
** It is what a compiler pass wants when it asks about every access of a
** program: ~20 bytes an access instead of ~430 (ids), ~5 (packed), and
** neither side builds or parses an object per access; with packed, not
** even a JSON value per number.
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
**   3. The reply is a jansson value (c->result), encoded by the envelope
**      like every other reply (mssa__emit, JSON_COMPACT, keys in insertion
**      order): no JSON is written by hand here. Its bytes are the ones the
**      hand-written encoder of old produced (tests/unit/test_protocol.c,
**      test_ids_bytes). The arrays are flat (6 integers an access in
**      `accesses`, 3 a path step in `depends`): one jansson value per
**      number, none per access, and numbers from -1 to SMALL_INTS - 2
**      (kind and alias codes, blocks, most ids) are shared values made once
**      per engine (p->small_ints) and only referenced again: a reply of n
**      accesses allocates far fewer than 6n values. They are never changed
**      (json_integer_set), so sharing them cannot change a reply.
**   4. The packed form carries the ids form's numbers as one JSON string of
**      base64 VLQ numbers (Source Map v3's encoding: sign in the lowest
**      bit, 5 bits a digit, least significant first, bit 32 of a digit =
**      more digits follow; alphabet A-Z a-z 0-9 + /): none of its
**      characters needs escaping in JSON, and no separator is needed. For
**      alias and depends they are exactly the ids numbers in the same order
**      (a boolean as 0/1, a null access as 0,-1,-1; a depends reason
**      follows after a ';', not in the alphabet). The string is jansson's
**      value (json_stringn_nocheck: ASCII by construction); only its
**      content is written here, never JSON syntax.
**   5. Packed `accesses` spends fewer characters than the ids numbers would
**      (every character costs both jansson's encoder and the client's
**      parser ~100 instructions): per access (kind, alias) as one number,
**      ids, instructions and blocks as differences from the previous
**      access's, the clobber as a difference from the access's own id (a
**      def) or the last def/phi id (a use), and nothing a kind implies (a
**      use's id -1, a phi's inst and clobber -1); docs/offload.md gives
**      the layout, and every client rebuilds exactly the ids numbers from
**      it. `blocks` is one string, the names joined by '\n' (an array, as
**      in the ids form, when a name holds a '\n'), and there is no
**      `fields`.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "m_deps_ids.h"

/* Wire codes of access kinds (libmemssa-client's memssa_access_kind). */
enum { KIND_DEF = 1, KIND_USE = 2, KIND_PHI = 3, KIND_LIVE = 4 };
/* Wire codes of overlaps (libmemssa-client's memssa_overlap), by mssa_overlap. */
static const int OVERLAP_CODE[] = {
    [MSSA_OVERLAP_NONE] = 4, [MSSA_OVERLAP_PARTIAL] = 3, [MSSA_OVERLAP_TOTAL] = 2,
    [MSSA_OVERLAP_EXACT] = 1, [MSSA_OVERLAP_MAY] = 0};
#define NAME_CAP 1024
#define SMALL_INTS 4097   /* invariant 3: -1 .. 4095 */

int mssa__param_form(mssa__call *c, mssa__form *form) {
  const char *f = NULL;
  int rc = mssa__param_str(c, "form", false, &f);
  if (rc) return rc;
  *form = MSSA__FORM_FULL;
  if (!f || !strcmp(f, "full")) return 0;
  if (!strcmp(f, "ids")) *form = MSSA__FORM_IDS;
  else if (!strcmp(f, "packed")) *form = MSSA__FORM_PACKED;
  else
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS,
                      "params.form must be \"full\", \"ids\" or \"packed\"");
  return 0;
}

/* ------------------------------------------------------------ packed numbers */

/* Invariant 4: appends v as base64 VLQ, straight into b's room (it is
** called a few times an access: no scratch copy). */
static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void vlq(mssa_buf *b, int64_t v) {
  uint64_t u = v < 0 ? ((uint64_t)-(v + 1) + 1) << 1 | 1 : (uint64_t)v << 1;
  if (b->cap - b->n <= 14) mssa_buf_reserve(b, 14);   /* 65 bits: 13 digits */
  char *d = b->p + b->n;
  do {
    unsigned digit = (unsigned)(u & 31);
    u >>= 5;
    *d++ = B64[digit | (u ? 32 : 0)];
  } while (u);
  MSSA_ASSERT(d - (b->p + b->n) <= 13);   /* 65 bits at most: the room reserved */
  b->n = (size_t)(d - b->p);
}

int mssa__packed_decode(const char *s, size_t len, int64_t **out, size_t *n) {
  *out = mssa_xmalloc((len ? len : 1) * sizeof **out);   /* a number has >= 1 digit */
  *n = 0;
  uint64_t u = 0;
  unsigned shift = 0;
  for (size_t k = 0; k < len; k++) {
    const char *at = memchr(B64, s[k], 64);
    if (!at || !s[k] || shift > 60) return -1;
    unsigned d = (unsigned)(at - B64);
    u |= (uint64_t)(d & 31) << shift;
    if (d & 32) {
      shift += 5;
      continue;
    }
    (*out)[(*n)++] = u & 1 ? -(int64_t)(u >> 1) : (int64_t)(u >> 1);
    u = 0;
    shift = 0;
  }
  return shift ? -1 : 0;
}

/* The packed numbers of `b` (and ";reason") as the reply's JSON string. */
static json_t *packed_new(mssa_buf *b, const char *reason) {
  json_t *r;
  if (reason) {
    mssa_buf_append(b, ";", 1);
    mssa_buf_puts(b, reason);
    r = json_stringn(b->p, b->n);   /* checks the reason's UTF-8 */
    if (!r) r = mssa__jstr(b->p);
  } else {
    r = json_stringn_nocheck(b->n ? b->p : "", b->n);
  }
  mssa_buf_free(b);
  return r;
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

/* Invariant 3: the JSON integer v, shared when small (a new reference). */
static json_t *num(mssa_proto *p, json_int_t v) {
  if (v < -1 || v >= SMALL_INTS - 1) return json_integer(v);
  if (!p->small_ints) p->small_ints = mssa_xcalloc(SMALL_INTS, sizeof *p->small_ints);
  json_t **slot = &p->small_ints[v + 1];
  if (!*slot) *slot = json_integer(v);
  MSSA_ASSERT(!*slot || json_integer_value(*slot) == v);   /* invariant 3: never changed */
  return json_incref(*slot);
}

void mssa__ids_free(mssa_proto *p) {
  if (!p->small_ints) return;
  for (size_t i = 0; i < SMALL_INTS; i++) json_decref(p->small_ints[i]);
  free(p->small_ints);
  p->small_ints = NULL;
}

void mssa__ids_drop(mssa_proto *p) {
  /* The arrays that held references were swept without releasing them
  ** (nomem.c): the table's own reference is the only one left. */
  if (p->small_ints)
    for (size_t i = 0; i < SMALL_INTS; i++)
      if (p->small_ints[i]) p->small_ints[i]->refcount = 1;
  mssa__ids_free(p);
}

/* Sets the reply; -32603 if jansson could not allocate it (`r` NULL). */
static int reply(mssa__call *c, json_t *r) {
  if (!r) return mssa__fail(c, MSSA_RPC_INTERNAL_ERROR, "out of memory encoding the reply");
  c->result = r;
  return 0;
}

/* Invariant 2: kind, id, inst of access `a` (MSSA_NONE: 0, -1, -1). */
static void access_nums(const mssa_ssa *s, uint32_t a, int64_t out[3]) {
  if (a == MSSA_NONE) {
    out[0] = 0, out[1] = out[2] = -1;
    return;
  }
  const mssa_access *x = &s->acc.a[a];
  bool has_inst = (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE) && x->inst != MSSA_NONE;
  out[0] = kind_code(x->kind);
  out[1] = x->kind == MSSA_ACC_USE ? -1 : (int64_t)x->id;
  out[2] = has_inst ? (int64_t)x->inst : -1;
}

/* Appends the `n` numbers v to `arr` (ids) or `b` (packed), whichever is set. */
static void put(mssa_proto *p, json_t *arr, mssa_buf *b, const int64_t *v, size_t n) {
  for (size_t k = 0; k < n; k++) {
    if (b) vlq(b, v[k]);
    else json_array_append_new(arr, num(p, v[k]));
  }
}

/* [kind,id,inst] of access `a`, or null for MSSA_NONE. */
static json_t *access_or_null(mssa_proto *p, const mssa_ssa *s, uint32_t a) {
  if (a == MSSA_NONE) return json_null();
  json_t *arr = json_array();
  int64_t v[3];
  access_nums(s, a, v);
  if (arr) put(p, arr, NULL, v, 3);
  return arr;
}

/* "blocks": the function's block names by index, as access objects spell them. */
static json_t *blocks_new(const mssa_qmodule *q, uint32_t fi) {
  const mssa_func *f = &q->m->funcs.a[fi];
  char nm[NAME_CAP];
  json_t *arr = json_array();
  for (uint32_t k = 0; arr && k < f->blocks.n; k++) {
    mssa_q_block_name(q->m, f, k, nm, sizeof nm);
    json_array_append_new(arr, mssa__jstr(nm));
  }
  return arr;
}

/* Invariant 5: the packed `accesses` numbers of one access (row: the ids
** form's kind, id, inst, block, clobber, alias), relative to the state
** st = {last def/phi id, last instruction, last block}, which it updates. */
static void packed_access(mssa_buf *b, const int64_t row[6], int64_t st[3]) {
  int64_t kind = row[0], id = row[1], inst = row[2], block = row[3], clobber = row[4];
  vlq(b, (row[5] + 1) + 5 * (kind - 1));
  if (kind != KIND_USE) vlq(b, id - st[0]);
  if (kind != KIND_PHI) vlq(b, inst - st[1]);
  vlq(b, block - st[2]);
  if (kind != KIND_PHI) vlq(b, (kind == KIND_USE ? st[0] : id) - clobber);
  if (kind != KIND_USE) st[0] = id;
  if (kind != KIND_PHI) st[1] = inst;
  st[2] = block;
}

/* The decimal digits of v in buf (>= 11 bytes), as "%u" spells them: an
** unnamed block's slot, one a block of every -O2 function, where snprintf
** cost ~2.5k instructions each (bench/RESULTS.md). Not JSON: a name. */
static const char *decimal(char buf[16], uint32_t v) {
  char *d = buf + 15;
  *d = '\0';
  do *--d = (char)('0' + v % 10);
  while (v /= 10);
  return d;
}

/* Appends function fi's block names to b, joined by '\n' (invariant 5);
** false if a name holds a '\n' itself. */
static bool blocks_join(mssa_buf *b, const mssa_qmodule *q, uint32_t fi) {
  const mssa_func *f = &q->m->funcs.a[fi];
  for (uint32_t k = 0; k < f->blocks.n; k++) {
    /* mssa_q_block_name's spelling (and its NAME_CAP cap, as blocks_new
    ** has it), without its scratch buffer: ~1k instructions a block */
    const mssa_block *bb = &f->blocks.a[k];
    char slot[16];
    const char *nm = bb->name != MSSA_NONE ? mssa_str(q->m, bb->name) : decimal(slot, bb->slot);
    size_t len = strnlen(nm, NAME_CAP - 1);
    if (memchr(nm, '\n', len)) return false;
    if (k) mssa_buf_append(b, "\n", 1);
    mssa_buf_append(b, nm, len);
  }
  return true;
}

/* The text of b as a JSON string (b freed): jansson checks its UTF-8, and
** a name that is not UTF-8 is made so as every name is (mssa__jstr). */
static json_t *names_string(mssa_buf *b) {
  json_t *r = json_stringn(b->n ? b->p : "", b->n);
  if (!r) {
    mssa_buf_append(b, "", 1);
    r = mssa__jstr(b->p);
  }
  mssa_buf_free(b);
  return r;
}

/* "blocks" of the packed form (invariant 5): the names joined by '\n' in
** one string; the ids form's array if a name holds a '\n' itself. */
static json_t *blocks_packed_new(const mssa_qmodule *q, uint32_t fi) {
  mssa_buf b = {0};
  if (!blocks_join(&b, q, fi)) {
    mssa_buf_free(&b);
    return blocks_new(q, fi);
  }
  return names_string(&b);
}

/* The ids row of accesses v (fields: kind, id, inst, block, clobber, alias). */
static void access_row(const mssa_ssa *s, const mssa_deps_access *v, int64_t row[6]) {
  const mssa_access *x = &s->acc.a[v->access];
  access_nums(s, v->access, row);
  row[3] = x->block;
  row[4] = x->kind == MSSA_ACC_PHI ? -1 : (int64_t)s->acc.a[v->clobber].id;
  row[5] = mssa_q_alias_name(v->ar) ? v->ar : -1;
}

json_t *mssa__ids_accesses_new(mssa_proto *p, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                               const char *fname, bool names, const mssa_deps_access *v,
                               uint32_t n, uint32_t total, uint64_t offset) {
  const mssa_ssa *s = q->ssa[fi];
  mssa_buf b = {0};
  bool packed = form == MSSA__FORM_PACKED;
  json_t *acc = packed ? NULL : json_array();
  int64_t st[3] = {0, 0, 0};
  if (packed) mssa_buf_reserve(&b, (size_t)n * 8);
  for (uint32_t k = 0; (packed || acc) && k < n; k++) {
    int64_t row[6];
    access_row(s, &v[k], row);
    if (packed) packed_access(&b, row, st);
    else put(p, acc, NULL, row, 6);
  }
  json_t *next = offset + n < total ? json_integer((json_int_t)(offset + n)) : json_null();
  json_int_t entry = (json_int_t)q->m->funcs.a[fi].entry;   /* liveOnEntry's block */
  json_t *r = json_object();
  if (r && fname) json_object_set_new(r, "function", mssa__jstr(fname));
  json_t *members[] = {json_integer(total), json_integer((json_int_t)offset), next,
                       json_integer(entry), packed ? NULL : json_pack("[ssssss]", "kind", "id",
                                                                      "inst", "block", "clobber",
                                                                      "alias"),
                       !names ? NULL : packed ? blocks_packed_new(q, fi) : blocks_new(q, fi),
                       packed ? packed_new(&b, NULL) : acc};
  static const char *const keys[] = {"total", "offset", "next", "entry", "fields", "blocks",
                                     "accesses"};
  int bad = !r;
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    if ((packed && k == 4) || (!names && k == 5)) continue;   /* no `fields` (invariant 5), `blocks` */
    bad |= !members[k] || json_object_set_new(r, keys[k], members[k]);
  }
  if (!bad) return r;
  json_decref(r);
  return NULL;
}

int mssa__ids_accesses(mssa__call *c, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                       bool names, const mssa_deps_access *v, uint32_t n, uint32_t total,
                       uint64_t offset) {
  return reply(c, mssa__ids_accesses_new(c->p, form, q, fi, NULL, names, v, n, total, offset));
}

/* ------------------------------------------------------------ columns */

/* Function f's block names in the columns layout: a named block's name, an
** unnamed one's an empty name with its number in `slots` (a packed
** difference from the function's unnamed block before, from 0): on -O2
** code every block is unnamed, and its decimal number and '\n' cost ~3.5
** characters where a difference costs ~1.3. False when a name holds a
** '\n' or is empty (it would read as unnamed): the caller falls back. */
static bool blocks_slots(mssa__columns *col, const mssa_func *f, const mssa_qmodule *q) {
  int64_t last = 0;
  for (uint32_t k = 0; k < f->blocks.n; k++) {
    const mssa_block *bb = &f->blocks.a[k];
    if (col->nbnames + k) mssa_buf_append(&col->blocks, "\n", 1);
    if (bb->name == MSSA_NONE) {
      vlq(&col->slots, (int64_t)bb->slot - last);
      last = bb->slot;
      continue;
    }
    const char *nm = mssa_str(q->m, bb->name);
    size_t len = strnlen(nm, NAME_CAP - 1);
    if (!len || memchr(nm, '\n', len)) return false;
    mssa_buf_append(&col->blocks, nm, len);
  }
  return true;
}

void mssa__columns_add(mssa__columns *col, const mssa_qmodule *q, uint32_t fi, bool names,
                       const mssa_deps_access *v, uint32_t n, uint32_t total, uint64_t offset) {
  const mssa_ssa *s = q->ssa[fi];
  const mssa_func *f = &q->m->funcs.a[fi];
  const char *fname = mssa_str(q->m, f->name);
  int64_t st[3] = {0, 0, 0};   /* every function starts again from 0 */
  if (col->nf == col->cap) {
    col->cap = col->cap ? 2 * col->cap : 64;
    col->fis = mssa_xrealloc(col->fis, col->cap * sizeof *col->fis);
  }
  col->fis[col->nf] = fi;
  if (!col->fname_nl && strchr(fname, '\n')) col->fname_nl = true;
  if (!col->fname_nl) {
    if (col->nf) mssa_buf_append(&col->fnames, "\n", 1);
    mssa_buf_puts(&col->fnames, fname);
  }
  vlq(&col->head, total);
  vlq(&col->head, (int64_t)offset);
  vlq(&col->head, n);
  vlq(&col->head, f->entry);
  if (names) {
    vlq(&col->head, f->blocks.n);
    if (!col->block_nl && !blocks_slots(col, f, q)) col->block_nl = true;
    col->nbnames += f->blocks.n;
  }
  mssa_buf_reserve(&col->acc, (size_t)n * 8);
  for (uint32_t k = 0; k < n; k++) {
    int64_t row[6];
    access_row(s, &v[k], row);
    packed_access(&col->acc, row, st);
  }
  col->nf++;
}

/* One array of the names of each function's (or of its blocks, `blocks`)
** of the page: the fallback when a name holds a '\n'. */
static json_t *names_array(const mssa__columns *col, const mssa_qmodule *q, bool blocks) {
  json_t *arr = json_array();
  for (uint32_t k = 0; arr && k < col->nf; k++) {
    json_t *more = blocks ? blocks_new(q, col->fis[k])
                          : json_pack("[o]", mssa__jstr(mssa_str(q->m, q->m->funcs.a[col->fis[k]].name)));
    if (!more || json_array_extend(arr, more)) {
      json_decref(more);
      json_decref(arr);
      return NULL;
    }
    json_decref(more);
  }
  return arr;
}

json_t *mssa__columns_new(mssa__columns *col, const mssa_qmodule *q, bool names, size_t total,
                          json_t *next) {
  json_t *r = json_object();
  bool slots = names && !col->block_nl;
  json_t *members[] = {json_integer((json_int_t)total),
                       col->fname_nl ? names_array(col, q, false) : names_string(&col->fnames),
                       json_stringn_nocheck(col->head.n ? col->head.p : "", col->head.n),
                       !names ? NULL
                       : col->block_nl ? names_array(col, q, true)
                                       : names_string(&col->blocks),
                       !slots ? NULL : json_stringn_nocheck(col->slots.n ? col->slots.p : "",
                                                            col->slots.n),
                       json_stringn_nocheck(col->acc.n ? col->acc.p : "", col->acc.n), next};
  static const char *const keys[] = {"total", "names", "head", "blocks", "slots", "accesses",
                                     "next"};
  int bad = !r;
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
    if ((!names && k == 3) || (!slots && k == 4)) continue;
    bad |= !members[k] || json_object_set_new(r, keys[k], members[k]);
  }
  mssa_buf_free(&col->fnames);
  mssa_buf_free(&col->head);
  mssa_buf_free(&col->blocks);
  mssa_buf_free(&col->slots);
  mssa_buf_free(&col->acc);
  free(col->fis);
  memset(col, 0, sizeof *col);
  if (!bad) return r;
  json_decref(r);
  return NULL;
}

/* ------------------------------------------------------------ alias, depends */

/* Appends each of the `n` values (taken) to a new array; NULL if any is
** NULL. Plain appends, not json_pack: it parses its format on every call,
** which costs more than the answer of an alias query (invariant 3). */
static json_t *array_of(size_t n, json_t *const *v) {
  json_t *arr = json_array();
  int bad = !arr;
  for (size_t k = 0; k < n; k++) bad |= (v[k] == NULL) | json_array_append_new(arr, v[k]);   /* steals */
  if (!bad) return arr;
  json_decref(arr);
  return NULL;
}

int mssa__ids_alias(mssa__call *c, mssa__form form, int alias, mssa_overlap overlap) {
  if (form == MSSA__FORM_PACKED) {
    mssa_buf b = {0};
    vlq(&b, alias);
    vlq(&b, OVERLAP_CODE[overlap]);
    return reply(c, packed_new(&b, NULL));
  }
  json_t *v[] = {num(c->p, alias), num(c->p, OVERLAP_CODE[overlap])};
  return reply(c, array_of(2, v));
}

/* The packed depends (invariant 4): the ids form's numbers, booleans as
** 0/1, null accesses as 0,-1,-1, then ";reason" when there is one. */
static int depends_packed(mssa__call *c, const mssa_ssa *s, const mssa_deps_dep *d,
                          const int64_t head[3], uint32_t killer) {
  mssa_buf b = {0};
  int64_t v[11] = {d->depends, head[0], head[1], head[2], d->reaches};
  access_nums(s, killer, v + 5);
  access_nums(s, d->clobber, v + 8);
  mssa_buf_reserve(&b, 16 + (size_t)d->path.n * 6);
  put(c->p, NULL, &b, v, 11);
  for (uint32_t k = 0; k < d->path.n; k++) {
    access_nums(s, d->path.a[k], v);
    put(c->p, NULL, &b, v, 3);
  }
  return reply(c, packed_new(&b, d->reason));
}

int mssa__ids_depends(mssa__call *c, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                      const mssa_deps_dep *d) {
  const mssa_ssa *s = q->ssa[fi];
  uint32_t killer = d->killer != MSSA_NONE ? mssa_ssa_inst_access(s, d->killer) : MSSA_NONE;
  int64_t head[3] = {d->kinds, d->alias >= 0 && mssa_q_alias_name(d->alias) ? d->alias : -1,
                     d->modref & MSSA_MR_MODREF};
  if (form == MSSA__FORM_PACKED) return depends_packed(c, s, d, head, killer);
  json_t *path = json_array();
  int64_t t[3];
  for (uint32_t k = 0; path && k < d->path.n; k++) {
    access_nums(s, d->path.a[k], t);
    put(c->p, path, NULL, t, 3);
  }
  json_t *v[] = {json_boolean(d->depends), num(c->p, head[0]), num(c->p, head[1]),
                 num(c->p, head[2]), json_boolean(d->reaches),
                 d->reason ? mssa__jstr(d->reason) : json_null(), access_or_null(c->p, s, killer),
                 access_or_null(c->p, s, d->clobber), path};
  return reply(c, array_of(sizeof v / sizeof v[0], v));
}
