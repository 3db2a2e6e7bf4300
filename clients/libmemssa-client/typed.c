/*
** typed.c -- the typed level of memssa-client.h: params builders, decoders
** of results into answer structs, and the calls that join them.
**
** Invariants:
**   1. An answer owns one reference to its result (`json`); every string
**      and access in it points into that value, and arrays of accesses are
**      the only memory it owns besides. (A packed `accesses` answer's
**      `json` is a shallow copy of the result with one more member,
**      "block_names", the block names split by NULs, which its accesses'
**      `block` point into.) A failed decode leaves the answer zeroed, so
**      its _free is always safe.
**   2. Decoders accept what docs/protocol.md and docs/offload.md promise and
**      tolerate absent members (NULL strings, kind NONE, -1 ids); only a
**      result that is not an object, or lacks the method's one defining
**      member, is EPROTO.
**   3. Instructions are sent as the CLI sends them (memssa_inst_json_new).
**   4. Every decoder reads all three reply forms (docs/offload.md): the ids form
**      is told apart by its shape (an array result, or `fields` in an
**      `accesses` object), so pipelined and batched callers need no flag;
**      the packed form by a string where the ids form has an array (the
**      `accesses` member, or the whole result of alias and depends), its
**      numbers decoded into exactly the ids form's (docs/offload.md).
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

/* `accesses` pages asked for at a time (the daemon's maximum). */
#define ACCESSES_PAGE 100000
/* Accesses a page of memssa_client_accesses_many: cold, about one batch
** slice of the daemon's time (~2 ms), so other clients wait no longer
** (docs/offload.md, "Several functions in one request"). */
#define ACCESSES_MANY_PAGE 2000
/* The ids form (docs/offload.md): numbers per access of `accesses` (kind,
** id, inst, block, clobber, alias), the members of an alias and a depends
** result, and the numbers of an access elsewhere (kind, id, inst). */
#define IDS_ACCESS_FIELDS 6
#define IDS_ALIAS_LEN 2
#define IDS_DEPENDS_LEN 9
#define IDS_REF 3
/* The packed depends: the 11 numbers before the path (depends, kinds,
** alias, modref, reaches, killer, walker_clobber), then ';' and the reason. */
#define PACKED_DEPENDS_HEAD 11

/* ------------------------------------------------------------ names */

static const char *const ALIAS_NAMES[] = {"NoAlias", "MayAlias", "PartialAlias", "MustAlias"};
static const char *const OVERLAP_NAMES[] = {"may", "exact", "total", "partial", "none"};
static const char *const MODREF_NAMES[] = {"NoModRef", "Ref", "Mod", "ModRef"};
static const char *const KIND_NAMES[] = {"", "def", "use", "phi", "liveOnEntry"};
static const char *const DEP_NAMES[] = {"flow", "anti", "output"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* Index of `s` in names[0..n), or `none`. */
static int lookup(const char *const *names, size_t n, const char *s, int none) {
  for (size_t k = 0; s && k < n; k++)
    if (!strcmp(names[k], s)) return (int)k;
  return none;
}

const char *memssa_alias_name(memssa_alias_result r) {
  return r >= 0 && (size_t)r < COUNT(ALIAS_NAMES) ? ALIAS_NAMES[r] : "";
}

const char *memssa_overlap_name(memssa_overlap o) {
  return (size_t)o < COUNT(OVERLAP_NAMES) ? OVERLAP_NAMES[o] : "";
}

const char *memssa_modref_name(unsigned modref) {
  return MODREF_NAMES[modref & MEMSSA_MODREF_BOTH];
}

static memssa_alias_result alias_of(json_t *v) {
  return (memssa_alias_result)lookup(ALIAS_NAMES, COUNT(ALIAS_NAMES), json_string_value(v),
                                     MEMSSA_ALIAS_NULL);
}

/* ------------------------------------------------------------ params */

json_t *memssa_inst_json_new(const char *inst) {
  if (!inst || !*inst) return NULL;
  char *end;
  long long id = strtoll(inst, &end, 10);
  if (inst[0] >= '0' && inst[0] <= '9' && !*end) return json_integer((json_int_t)id);
  const char *colon = strrchr(inst, ':');
  if (!colon || inst[0] == '%') return json_string(inst);
  long long ix = strtoll(colon + 1, &end, 10);
  if (colon == inst || !colon[1] || *end || ix < 0) return NULL;
  json_t *block = json_stringn(inst, (size_t)(colon - inst));
  return block ? json_pack("{sosI}", "block", block, "index", (json_int_t)ix) : NULL;
}

/* {"module","function"} plus `key`: an instruction, for each key given. */
static json_t *fn_params_new(const char *module, const char *function, const char *k1,
                             const char *i1, const char *k2, const char *i2) {
  if (!module || !function) return NULL;
  json_t *p = json_object();   /* not json_pack: see memssa_client_send */
  if (p && (json_object_set_new(p, "module", json_string(module)) ||
            json_object_set_new(p, "function", json_string(function)))) {
    json_decref(p);
    return NULL;
  }
  const char *keys[] = {k1, k2}, *insts[] = {i1, i2};
  for (int k = 0; p && k < 2; k++) {
    if (!keys[k]) continue;
    json_t *v = memssa_inst_json_new(insts[k]);
    if (!v) {
      json_decref(p);
      return NULL;
    }
    json_object_set_new(p, keys[k], v);
  }
  return p;
}

json_t *memssa_params_clobber_new(const char *module, const char *function, const char *inst) {
  return fn_params_new(module, function, "inst", inst, NULL, NULL);
}

json_t *memssa_params_value_new(const char *module, const char *function, const char *inst) {
  return fn_params_new(module, function, "inst", inst, NULL, NULL);
}

json_t *memssa_params_alias_new(const char *module, const char *function, const char *a,
                                const char *b) {
  return fn_params_new(module, function, "a", a, "b", b);
}

json_t *memssa_params_depends_new(const char *module, const char *function, const char *from,
                                  const char *to) {
  return fn_params_new(module, function, "from", from, "to", to);
}

json_t *memssa_params_ids_new(json_t *params) {
  if (params) json_object_set_new(params, "form", json_string("ids"));
  return params;
}

json_t *memssa_params_form_new(json_t *params, memssa_form form) {
  if (params && form == MEMSSA_FORM_IDS) return memssa_params_ids_new(params);
  if (params && form == MEMSSA_FORM_PACKED)
    json_object_set_new(params, "form", json_string("packed"));
  return params;
}

void memssa_client_set_form(memssa_client *c, memssa_form form) {
  if (c) c->form = form;
}

void memssa_client_set_block_names(memssa_client *c, bool names) {
  if (c) c->no_blocks = !names;
}

/* `accesses` params (taken) as the client asks: form, and "blocks":false
** when block names are not wanted (ids and packed forms only). */
static json_t *accesses_as_asked(const memssa_client *c, json_t *params, memssa_form form) {
  params = memssa_params_form_new(params, form);
  if (params && c->no_blocks && form != MEMSSA_FORM_FULL)
    json_object_set_new(params, "blocks", json_false());
  return params;
}

/* `params` (taken) in the form the client asks for. */
static json_t *in_form(const memssa_client *c, json_t *params) {
  return c ? memssa_params_form_new(params, c->form) : params;
}

json_t *memssa_params_accesses_new(const char *module, const char *function, size_t offset,
                                   size_t limit) {
  json_t *p = fn_params_new(module, function, NULL, NULL, NULL, NULL);
  if (p) {
    json_object_set_new(p, "offset", json_integer((json_int_t)offset));
    json_object_set_new(p, "limit", json_integer((json_int_t)limit));
  }
  return p;
}

/* ------------------------------------------------------------ decoding */

static const char *str_of(json_t *o, const char *key) {
  return json_string_value(json_object_get(o, key));
}

static long long int_of(json_t *o, const char *key, long long none) {
  json_t *v = json_object_get(o, key);
  return json_is_integer(v) ? (long long)json_integer_value(v) : none;
}

void memssa_access_decode(json_t *a, memssa_access *out) {
  memset(out, 0, sizeof *out);
  out->id = -1;
  out->inst = -1;
  if (!json_is_object(a)) return;
  out->kind = (memssa_access_kind)lookup(KIND_NAMES, COUNT(KIND_NAMES), str_of(a, "kind"),
                                         MEMSSA_ACCESS_NONE);
  out->id = (int)int_of(a, "id", -1);
  out->inst = int_of(a, "inst", -1);
  out->name = str_of(a, "name");
  out->block = str_of(a, "block");
  out->text = str_of(a, "text");
  out->desc = str_of(a, "desc");
}

/* Decodes an array of accesses into a new C array (NULL when empty). */
static int access_array(json_t *arr, size_t *n, memssa_access **out) {
  *n = json_array_size(arr);
  *out = NULL;
  if (!*n) return 0;
  if (!(*out = calloc(*n, sizeof **out))) return MEMSSA_CLIENT_EIO;
  for (size_t k = 0; k < *n; k++) memssa_access_decode(json_array_get(arr, k), &(*out)[k]);
  return 0;
}

/* ------------------------------------------------------------ the ids form */

/* A base64 VLQ digit's value by character (docs/offload.md, "The packed
** form"), -1 outside the alphabet: a table, as the decoding of a sweep's
** ~100 KB of packed accesses is a tenth of the client's work. */
static const signed char VLQ_DIGIT[256] = {
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 62, -1, -1, -1, 63,
    52, 53, 54, 55, 56, 57, 58, 59, 60, 61, -1, -1, -1, -1, -1, -1,
    -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
    15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, -1, -1, -1, -1, -1,
    -1, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
    41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

static int vlq_digit(unsigned char ch) { return VLQ_DIGIT[ch]; }

int memssa_packed_decode(const char *s, size_t len, long long **nums, size_t *n) {
  *nums = NULL;
  *n = 0;
  if (!s) return MEMSSA_CLIENT_EPROTO;
  size_t cap = 0;
  for (size_t k = 0; k < len; k++) cap += vlq_digit((unsigned char)s[k]) < 32;   /* last digits */
  if (cap && !(*nums = malloc(cap * sizeof **nums))) return MEMSSA_CLIENT_EIO;
  unsigned long long v = 0;
  unsigned shift = 0;
  for (size_t k = 0; k < len; k++) {
    int d = vlq_digit((unsigned char)s[k]);
    if (d < 0 || shift > 60) break;
    v |= (unsigned long long)(unsigned)(d & 31) << shift;
    if (d & 32) {
      shift += 5;
      continue;
    }
    (*nums)[(*n)++] = v & 1 ? -(long long)(v >> 1) : (long long)(v >> 1);
    v = 0;
    shift = 0;
  }
  if (*n == cap && !shift) return 0;
  free(*nums);
  *nums = NULL;
  *n = 0;
  return MEMSSA_CLIENT_EPROTO;
}

/* The numbers of an ids array (a non-integer is -1) or of a packed string,
** into *nums (malloc'ed) and *n. */
static int nums_of(json_t *x, long long **nums, size_t *n) {
  if (json_is_string(x))
    return memssa_packed_decode(json_string_value(x), json_string_length(x), nums, n);
  *n = json_array_size(x);
  *nums = NULL;
  if (!json_is_array(x)) return MEMSSA_CLIENT_EPROTO;
  if (*n && !(*nums = malloc(*n * sizeof **nums))) return MEMSSA_CLIENT_EIO;
  for (size_t i = 0; i < *n; i++) {
    json_t *v = json_array_get(x, i);
    (*nums)[i] = json_is_integer(v) ? (long long)json_integer_value(v) : -1;
  }
  return 0;
}

static long long int_at(json_t *arr, size_t i) {
  json_t *v = json_array_get(arr, i);
  return json_is_integer(v) ? (long long)json_integer_value(v) : -1;
}

/* An access given as kind code, id, inst (invariant 4). */
static void ids_access(long long kind, long long id, long long inst, memssa_access *out) {
  memset(out, 0, sizeof *out);
  out->kind = kind >= MEMSSA_ACCESS_DEF && kind <= MEMSSA_ACCESS_LIVE_ON_ENTRY
                  ? (memssa_access_kind)kind
                  : MEMSSA_ACCESS_NONE;
  out->id = (int)id;
  out->inst = inst;
}

/* The three numbers of an access at arr[i..i+3); a null (or anything but
** an array) at a single index is kind NONE. */
static void ids_ref(json_t *arr, size_t i, memssa_access *out) {
  ids_access(int_at(arr, i), int_at(arr, i + 1), int_at(arr, i + 2), out);
}

static memssa_alias_result alias_code(long long v) {
  return v >= MEMSSA_NO_ALIAS && v <= MEMSSA_MUST_ALIAS ? (memssa_alias_result)v
                                                        : MEMSSA_ALIAS_NULL;
}

/* The clobbers of an ids-form `accesses` answer: ids are resolved against
** the answer's own defs and phis (every page, for memssa_client_accesses);
** one on a page not decoded keeps its id with kind NONE. */
static int ids_clobbers(const long long *v, const char *entry_block, memssa_accesses_answer *out) {
  long long maxid = 0;
  for (size_t k = 0; k < out->n; k++)
    if (out->a[k].access.id > maxid) maxid = out->a[k].access.id;
  size_t *where = calloc((size_t)maxid + 1, sizeof *where);   /* index + 1, or 0 */
  if (!where) return MEMSSA_CLIENT_EIO;
  for (size_t k = 0; k < out->n; k++)
    if (out->a[k].access.kind != MEMSSA_ACCESS_USE && out->a[k].access.id >= 0)
      where[out->a[k].access.id] = k + 1;
  for (size_t k = 0; k < out->n; k++) {
    long long id = v[k * IDS_ACCESS_FIELDS + 4];
    memssa_access *cl = &out->a[k].clobber;
    if (id > 0 && id <= maxid && where[id]) *cl = out->a[where[id] - 1].access;
    else if (id == 0) {
      ids_access(MEMSSA_ACCESS_LIVE_ON_ENTRY, 0, -1, cl);
      cl->block = entry_block;
    } else {
      ids_access(MEMSSA_ACCESS_NONE, id, -1, cl);
    }
  }
  free(where);
  return 0;
}

/* One access of packed `accesses` numbers v[*i..nv) (docs/offload.md, "The
** packed form": (kind, alias) as one number, then differences from the
** state st = {last def/phi id, instruction, block} of the access before)
** as the ids form's 6 numbers in x; *i moves past it. */
static int packed_step(const long long *v, size_t nv, size_t *i, long long *x, long long st[3]) {
  long long kind = v[*i] / 5 + 1, alias = v[*i] % 5 - 1;
  size_t need = 1 + (kind != MEMSSA_ACCESS_USE) + 2 * (kind != MEMSSA_ACCESS_PHI) + 1;
  if (v[*i] < 0 || *i + need > nv) return MEMSSA_CLIENT_EPROTO;
  ++*i;
  if (kind != MEMSSA_ACCESS_USE) st[0] += v[(*i)++];
  if (kind != MEMSSA_ACCESS_PHI) st[1] += v[(*i)++];
  st[2] += v[(*i)++];
  x[0] = kind, x[1] = kind == MEMSSA_ACCESS_USE ? -1 : st[0];
  x[2] = kind == MEMSSA_ACCESS_PHI ? -1 : st[1];
  x[3] = st[2], x[5] = alias;
  x[4] = kind == MEMSSA_ACCESS_PHI ? -1 : st[0] - v[(*i)++];   /* a def's own id, or the last */
  return 0;
}

/* The ids numbers (6 an access) of packed `accesses` numbers v[0..nv),
** into *rows (malloc'ed). */
static int packed_rows(const long long *v, size_t nv, long long **rows, size_t *n) {
  *rows = malloc((nv ? nv : 1) * IDS_ACCESS_FIELDS * sizeof **rows);   /* >= 2 numbers an access */
  *n = 0;
  if (!*rows) return MEMSSA_CLIENT_EIO;
  long long st[3] = {0, 0, 0};
  for (size_t i = 0; i < nv; ++*n)
    if (packed_step(v, nv, &i, *rows + *n * IDS_ACCESS_FIELDS, st)) return MEMSSA_CLIENT_EPROTO;
  return 0;
}

int memssa_packed_accesses_decode(const char *s, size_t len, long long **ids, size_t *n) {
  long long *v;
  size_t nv;
  *ids = NULL;
  *n = 0;
  int rc = memssa_packed_decode(s, len, &v, &nv);
  if (!rc) rc = packed_rows(v, nv, ids, n);
  free(v);
  if (rc) {
    free(*ids);
    *ids = NULL;
    *n = 0;
  }
  return rc;
}

/* The numbers of `accesses` as ids rows (6 numbers each): the ids form's
** array (laid out by `fields`, or as docs say without it), or a packed
** string; *rows malloc'ed. */
static int accesses_rows(json_t *r, long long **rows, size_t *n) {
  json_t *acc = json_object_get(r, "accesses");
  if (json_is_string(acc))
    return memssa_packed_accesses_decode(json_string_value(acc), json_string_length(acc), rows, n);
  json_t *fields = json_object_get(r, "fields");
  size_t stride = fields ? json_array_size(fields) : IDS_ACCESS_FIELDS, nv;
  long long *v;
  int rc = nums_of(acc, &v, &nv);
  if (!rc && (stride < IDS_ACCESS_FIELDS || nv % stride)) rc = MEMSSA_CLIENT_EPROTO;
  *n = rc ? 0 : nv / stride;
  for (size_t k = 0; !rc && stride != IDS_ACCESS_FIELDS && k < *n; k++)
    memmove(v + k * IDS_ACCESS_FIELDS, v + k * stride, IDS_ACCESS_FIELDS * sizeof *v);
  *rows = rc ? NULL : v;
  if (rc) free(v);
  return rc;
}

/* The names in p[0..len), separated by NULs, by index (*names malloc'ed). */
static int split_names(const char *p, size_t len, const char ***names, size_t *n) {
  const char *end = p + len;
  *n = len ? 1 : 0;
  for (const char *q = p; q < end; q++) *n += !*q;
  if (*n && !(*names = malloc(*n * sizeof **names))) return MEMSSA_CLIENT_EIO;
  for (size_t k = 0; k < *n; k++, p += strlen(p) + 1) (*names)[k] = p;
  return 0;
}

/* The block names by index: the ids form's array, or the packed form's one
** string of names joined by '\n', split into a copy with NULs that the
** answer keeps (invariant 1: out->json becomes a shallow copy of the result
** holding it as "block_names"). *names malloc'ed. */
static int block_names(json_t *r, memssa_accesses_answer *out, const char ***names, size_t *n) {
  json_t *blocks = json_object_get(r, "blocks"), *made = json_object_get(r, "block_names");
  *names = NULL;
  *n = 0;
  if (json_is_string(made) && !blocks)   /* split already (a columns page: columns_page) */
    return split_names(json_string_value(made), json_string_length(made), names, n);
  if (!json_is_string(blocks)) {
    *n = json_array_size(blocks);
    if (*n && !(*names = malloc(*n * sizeof **names))) return MEMSSA_CLIENT_EIO;
    for (size_t k = 0; k < *n; k++) (*names)[k] = json_string_value(json_array_get(blocks, k));
    return 0;
  }
  size_t len = json_string_length(blocks);
  char *cut = malloc(len + 1);
  json_t *copy = json_copy(r), *split = NULL;
  if (cut) memcpy(cut, json_string_value(blocks), len + 1);
  for (size_t k = 0; cut && k < len; k++) cut[k] = cut[k] == '\n' ? '\0' : cut[k];
  if (cut) split = json_stringn_nocheck(cut, len);
  free(cut);
  if (!split || !copy || json_object_set_new(copy, "block_names", split)) {
    json_decref(copy);
    return MEMSSA_CLIENT_EIO;
  }
  json_decref(out->json);
  out->json = copy;
  return split_names(json_string_value(split), len, names, n);
}

/* The answer of the ids rows v (n accesses, taken) with r's blocks and
** entry. */
static int accesses_rows_decode(json_t *r, long long *v, size_t n, memssa_accesses_answer *out) {
  long long entry = int_of(r, "entry", -1);
  const char **names = NULL;
  size_t nb = 0;
  out->n = n;
  int rc = block_names(r, out, &names, &nb);
  if (!rc && out->n && !(out->a = calloc(out->n, sizeof *out->a))) rc = MEMSSA_CLIENT_EIO;
  for (size_t k = 0; !rc && k < out->n; k++) {
    const long long *x = v + k * IDS_ACCESS_FIELDS;
    ids_access(x[0], x[1], x[2], &out->a[k].access);
    out->a[k].access.block = x[3] >= 0 && (size_t)x[3] < nb ? names[x[3]] : NULL;
    out->a[k].alias = alias_code(x[5]);
  }
  if (!rc) rc = ids_clobbers(v, entry >= 0 && (size_t)entry < nb ? names[entry] : NULL, out);
  if (rc) out->n = 0;
  free(v);
  free(names);
  return rc;
}

/* Both forms: `accesses` an array of numbers (ids) or a packed string. */
static int accesses_ids_decode(json_t *r, memssa_accesses_answer *out) {
  long long *v = NULL;
  size_t n = 0;
  int rc = accesses_rows(r, &v, &n);
  return rc ? rc : accesses_rows_decode(r, v, n, out);
}

/* [depends, kinds, alias, modref, reaches, reason, killer, walker_clobber, path] */
static int depends_ids_decode(json_t *r, memssa_depends_answer *out) {
  if (json_array_size(r) < IDS_DEPENDS_LEN) return MEMSSA_CLIENT_EPROTO;
  out->depends = json_is_true(json_array_get(r, 0));
  out->kinds = (unsigned)int_at(r, 1);
  out->alias = alias_code(int_at(r, 2));
  out->modref = (unsigned)int_at(r, 3) & MEMSSA_MODREF_BOTH;
  out->reaches = json_is_true(json_array_get(r, 4));
  out->reason = json_string_value(json_array_get(r, 5));
  ids_ref(json_array_get(r, 6), 0, &out->killer);
  ids_ref(json_array_get(r, 7), 0, &out->walker_clobber);
  json_t *path = json_array_get(r, 8);
  out->npath = json_array_size(path) / IDS_REF;
  if (out->npath && !(out->path = calloc(out->npath, sizeof *out->path))) return MEMSSA_CLIENT_EIO;
  for (size_t k = 0; k < out->npath; k++) ids_ref(path, k * IDS_REF, &out->path[k]);
  return 0;
}

/* A packed depends (invariant 4): the numbers, then ";reason" if any. */
static int depends_packed_decode(json_t *r, memssa_depends_answer *out) {
  const char *s = json_string_value(r), *semi = strchr(s, ';');
  size_t nv;
  long long *v;
  int rc = memssa_packed_decode(s, semi ? (size_t)(semi - s) : json_string_length(r), &v, &nv);
  if (!rc && (nv < PACKED_DEPENDS_HEAD || (nv - PACKED_DEPENDS_HEAD) % IDS_REF))
    rc = MEMSSA_CLIENT_EPROTO;
  if (!rc) {
    out->depends = v[0] != 0;
    out->kinds = (unsigned)v[1];
    out->alias = alias_code(v[2]);
    out->modref = (unsigned)v[3] & MEMSSA_MODREF_BOTH;
    out->reaches = v[4] != 0;
    out->reason = semi ? semi + 1 : NULL;
    ids_access(v[5], v[6], v[7], &out->killer);
    ids_access(v[8], v[9], v[10], &out->walker_clobber);
    out->npath = (nv - PACKED_DEPENDS_HEAD) / IDS_REF;
    if (out->npath && !(out->path = calloc(out->npath, sizeof *out->path))) rc = MEMSSA_CLIENT_EIO;
  }
  for (size_t k = 0; !rc && k < out->npath; k++) {
    const long long *x = v + PACKED_DEPENDS_HEAD + k * IDS_REF;
    ids_access(x[0], x[1], x[2], &out->path[k]);
  }
  free(v);
  return rc;
}

/* The start of every decoder: `result` an object holding member `must`. */
static int begin(json_t *result, const char *must, json_t **json, void *out, size_t size) {
  memset(out, 0, size);
  if (!json_is_object(result) || !json_object_get(result, must)) return MEMSSA_CLIENT_EPROTO;
  *json = json_incref(result);
  return 0;
}

int memssa_load_answer_decode(json_t *r, memssa_load_answer *out) {
  int rc = begin(r, "module", &out->json, out, sizeof *out);
  if (rc) return rc;
  out->module = str_of(r, "module");
  out->functions = int_of(r, "functions", 0);
  out->defs = int_of(r, "defs", 0);
  out->uses = int_of(r, "uses", 0);
  out->phis = int_of(r, "phis", 0);
  out->ms = json_number_value(json_object_get(r, "ms"));
  out->replaced = json_is_true(json_object_get(r, "replaced"));
  const char *reload = str_of(r, "reload");
  out->incremental = reload && !strcmp(reload, "incremental");
  return 0;
}

int memssa_clobber_answer_decode(json_t *r, memssa_clobber_answer *out) {
  int rc = begin(r, "clobber", &out->json, out, sizeof *out);
  if (rc) return rc;
  memssa_access_decode(json_object_get(r, "access"), &out->access);
  memssa_access_decode(json_object_get(r, "clobber"), &out->clobber);
  out->alias = alias_of(json_object_get(r, "alias"));
  out->from_cache = json_is_true(json_object_get(r, "from_cache"));
  return 0;
}

int memssa_accesses_answer_decode(json_t *r, memssa_accesses_answer *out) {
  int rc = begin(r, "accesses", &out->json, out, sizeof *out);
  if (rc) return rc;
  if (json_object_get(r, "fields") || json_is_string(json_object_get(r, "accesses"))) {
    /* ids or packed */
    if ((rc = accesses_ids_decode(r, out))) memssa_accesses_answer_free(out);
    return rc;
  }
  json_t *arr = json_object_get(r, "accesses");
  size_t n = json_array_size(arr);
  if (n && !(out->a = calloc(n, sizeof *out->a))) {
    memssa_accesses_answer_free(out);
    return MEMSSA_CLIENT_EIO;
  }
  out->n = n;
  for (size_t k = 0; k < n; k++) {
    json_t *e = json_array_get(arr, k);
    memssa_access_decode(json_object_get(e, "access"), &out->a[k].access);
    memssa_access_decode(json_object_get(e, "clobber"), &out->a[k].clobber);
    out->a[k].alias = alias_of(json_object_get(e, "alias"));
  }
  return 0;
}

int memssa_alias_answer_decode(json_t *r, memssa_alias_answer *out) {
  long long v[IDS_ALIAS_LEN], *pv = NULL;
  size_t nv = 0;
  if (json_is_string(r) && !memssa_packed_decode(json_string_value(r), json_string_length(r), &pv, &nv) &&
      nv == IDS_ALIAS_LEN)
    memcpy(v, pv, sizeof v);
  free(pv);
  if (!json_is_string(r)) v[0] = int_at(r, 0), v[1] = int_at(r, 1);
  if (json_array_size(r) >= IDS_ALIAS_LEN || nv == IDS_ALIAS_LEN) {   /* [alias, overlap] */
    memset(out, 0, sizeof *out);
    long long ov = v[1];
    out->json = json_incref(r);
    out->alias = alias_code(v[0]);
    out->overlap = ov > MEMSSA_OVERLAP_MAY && ov <= MEMSSA_OVERLAP_NONE ? (memssa_overlap)ov
                                                                       : MEMSSA_OVERLAP_MAY;
    return 0;
  }
  int rc = begin(r, "overlap", &out->json, out, sizeof *out);
  if (rc) return rc;
  out->alias = alias_of(json_object_get(r, "alias"));
  out->overlap = (memssa_overlap)lookup(OVERLAP_NAMES, COUNT(OVERLAP_NAMES),
                                        str_of(r, "overlap"), MEMSSA_OVERLAP_MAY);
  return 0;
}

int memssa_depends_answer_decode(json_t *r, memssa_depends_answer *out) {
  if (json_is_array(r) || json_is_string(r)) {
    memset(out, 0, sizeof *out);
    out->json = json_incref(r);
    int rc = json_is_string(r) ? depends_packed_decode(r, out) : depends_ids_decode(r, out);
    if (rc) memssa_depends_answer_free(out);
    return rc;
  }
  int rc = begin(r, "depends", &out->json, out, sizeof *out);
  if (rc) return rc;
  out->depends = json_is_true(json_object_get(r, "depends"));
  out->reaches = json_is_true(json_object_get(r, "reaches"));
  size_t i;
  json_t *k;
  json_array_foreach(json_object_get(r, "kinds"), i, k) {
    int bit = lookup(DEP_NAMES, COUNT(DEP_NAMES), json_string_value(k), -1);
    if (bit >= 0) out->kinds |= 1u << bit;
  }
  out->alias = alias_of(json_object_get(r, "alias"));
  out->modref = (unsigned)lookup(MODREF_NAMES, COUNT(MODREF_NAMES), str_of(r, "modref"),
                                 MEMSSA_MODREF_BOTH);
  memssa_access_decode(json_object_get(r, "killer"), &out->killer);
  memssa_access_decode(json_object_get(r, "walker_clobber"), &out->walker_clobber);
  out->reason = str_of(r, "reason");
  if ((rc = access_array(json_object_get(r, "path"), &out->npath, &out->path)))
    memssa_depends_answer_free(out);
  return rc;
}

int memssa_value_answer_decode(json_t *r, memssa_value_answer *out) {
  int rc = begin(r, "state", &out->json, out, sizeof *out);
  if (rc) return rc;
  const char *state = str_of(r, "state");
  out->known = state && !strcmp(state, "known");
  out->value = str_of(r, "value");
  out->type = str_of(r, "type");
  out->text = str_of(r, "text");
  out->reason = str_of(r, "reason");
  memssa_access_decode(json_object_get(r, "blocker"), &out->blocker);
  memssa_access_decode(json_object_get(r, "other"), &out->other);
  if ((rc = access_array(json_object_get(r, "writes"), &out->nwrites, &out->writes)) ||
      (rc = access_array(json_object_get(r, "path"), &out->npath, &out->path)))
    memssa_value_answer_free(out);
  return rc;
}

/* ------------------------------------------------------------ freeing */

/* Drops an answer's reference and zeroes it (its arrays freed by the caller). */
static void release(json_t *json, void *answer, size_t size) {
  json_decref(json);
  memset(answer, 0, size);
}

void memssa_load_answer_free(memssa_load_answer *a) {
  if (a) release(a->json, a, sizeof *a);
}

void memssa_clobber_answer_free(memssa_clobber_answer *a) {
  if (a) release(a->json, a, sizeof *a);
}

void memssa_alias_answer_free(memssa_alias_answer *a) {
  if (a) release(a->json, a, sizeof *a);
}

void memssa_accesses_answer_free(memssa_accesses_answer *a) {
  if (a) free(a->a), release(a->json, a, sizeof *a);
}

void memssa_depends_answer_free(memssa_depends_answer *a) {
  if (a) free(a->path), release(a->json, a, sizeof *a);
}

void memssa_value_answer_free(memssa_value_answer *a) {
  if (!a) return;
  free(a->writes);
  free(a->path);
  release(a->json, a, sizeof *a);
}

/* ------------------------------------------------------------ calls */

/* Sends METHOD with `params` (taken; NULL: malformed arguments) and waits:
** *result (new) or an error, after zeroing the answer `out` (`size` bytes). */
static int call_result(memssa_client *c, const char *method, json_t *params, void *out,
                       size_t size, json_t **result) {
  *result = NULL;
  if (out) memset(out, 0, size);
  if (!c || !out) {
    json_decref(params);
    return MEMSSA_CLIENT_EINVAL;
  }
  if (!params) return memssa__fail(c, MEMSSA_CLIENT_EINVAL);
  return memssa_client_request_new(c, method, params, result);
}

/* After decoding `result` (dropped here) with status rc. */
static int decoded(memssa_client *c, json_t *result, int rc) {
  json_decref(result);
  return rc ? memssa__fail(c, rc) : 0;
}

/* load {"module"?, KEY: VALUE} (value taken; NULL: a missing argument). */
static int load_with(memssa_client *c, const char *module, const char *key, json_t *value,
                     memssa_load_answer *out) {
  json_t *p = value ? json_object() : NULL, *r;
  if (p && module) json_object_set_new(p, "module", json_string(module));
  if (p) json_object_set_new(p, key, value);
  int rc = call_result(c, "load", p, out, sizeof *out, &r);
  return rc ? rc : decoded(c, r, memssa_load_answer_decode(r, out));
}

int memssa_client_load(memssa_client *c, const char *module, const char *path,
                       memssa_load_answer *out) {
  char abs[PATH_MAX];
  return load_with(c, module, "path", path ? json_string(realpath(path, abs) ? abs : path) : NULL,
                   out);
}

int memssa_client_load_text(memssa_client *c, const char *module, const char *ll_text,
                            memssa_load_answer *out) {
  return load_with(c, module, "text", ll_text ? json_string(ll_text) : NULL, out);
}

int memssa_client_load_ir(memssa_client *c, const char *module, json_t *ir,
                          memssa_load_answer *out) {
  return load_with(c, module, "ir", ir && module ? json_incref(ir) : NULL, out);
}

int memssa_client_clobber(memssa_client *c, const char *module, const char *function,
                          const char *inst, memssa_clobber_answer *out) {
  json_t *p = memssa_params_clobber_new(module, function, inst), *r;
  int rc = call_result(c, "clobber", p, out, sizeof *out, &r);
  return rc ? rc : decoded(c, r, memssa_clobber_answer_decode(r, out));
}

static int alias_with(memssa_client *c, json_t *params, memssa_alias_answer *out) {
  json_t *r;
  int rc = call_result(c, "alias", params, out, sizeof *out, &r);
  return rc ? rc : decoded(c, r, memssa_alias_answer_decode(r, out));
}

int memssa_client_alias(memssa_client *c, const char *module, const char *function,
                        const char *a, const char *b, memssa_alias_answer *out) {
  return alias_with(c, in_form(c, memssa_params_alias_new(module, function, a, b)), out);
}

/* {"ptr":P,"size":N} (size omitted when unknown). */
static json_t *loc_new(const char *ptr, long long size) {
  json_t *l = json_pack("{ss}", "ptr", ptr);
  if (l && size >= 0) json_object_set_new(l, "size", json_integer((json_int_t)size));
  return l;
}

int memssa_client_alias_loc(memssa_client *c, const char *module, const char *function,
                            const char *ptr_a, long long size_a, const char *ptr_b,
                            long long size_b, memssa_alias_answer *out) {
  json_t *p = ptr_a && ptr_b ? fn_params_new(module, function, NULL, NULL, NULL, NULL) : NULL;
  if (p) {
    json_object_set_new(p, "a", loc_new(ptr_a, size_a));
    json_object_set_new(p, "b", loc_new(ptr_b, size_b));
  }
  return alias_with(c, in_form(c, p), out);
}

int memssa_client_depends(memssa_client *c, const char *module, const char *function,
                          const char *from, const char *to, memssa_depends_answer *out) {
  json_t *p = in_form(c, memssa_params_depends_new(module, function, from, to)), *r;
  int rc = call_result(c, "depends", p, out, sizeof *out, &r);
  return rc ? rc : decoded(c, r, memssa_depends_answer_decode(r, out));
}

int memssa_client_value(memssa_client *c, const char *module, const char *function,
                        const char *inst, memssa_value_answer *out) {
  json_t *p = memssa_params_value_new(module, function, inst), *r;
  int rc = call_result(c, "value", p, out, sizeof *out, &r);
  return rc ? rc : decoded(c, r, memssa_value_answer_decode(r, out));
}

/* `accesses` of `r` as the ids form's flat array (new): a packed page is
** decoded (its differences start again on every page, so pages do not
** concatenate as strings). */
static json_t *ids_array_of(json_t *r) {
  json_t *acc = json_object_get(r, "accesses");
  if (!json_is_string(acc)) return json_incref(acc);
  long long *v;
  size_t n;
  if (memssa_packed_accesses_decode(json_string_value(acc), json_string_length(acc), &v, &n))
    return NULL;
  json_t *arr = json_array();
  for (size_t k = 0; arr && k < n * IDS_ACCESS_FIELDS; k++)
    json_array_append_new(arr, json_integer((json_int_t)v[k]));
  free(v);
  return arr;
}

/* ------------------------------------------------------------ pairs */

size_t memssa__vlq_put(char *out, long long v) {
  static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  unsigned long long u =
      v < 0 ? ((unsigned long long)-(v + 1) + 1) << 1 | 1 : (unsigned long long)v << 1;
  size_t n = 0;
  do {
    unsigned d = (unsigned)(u & 31);
    u >>= 5;
    out[n++] = B64[d | (u ? 32 : 0)];
  } while (u);
  return n;
}

json_t *memssa_params_pairs_new(const char *module, const char *function, const long long *pairs,
                                size_t n) {
  json_t *p = fn_params_new(module, function, NULL, NULL, NULL, NULL);
  char *s = p && (pairs || !n) ? malloc(n * 2 * 13 + 1) : NULL;
  size_t len = 0;
  for (size_t k = 0; s && k < 2 * n; k++) len += memssa__vlq_put(s + len, pairs[k]);
  if (!s || json_object_set_new(p, "pairs", json_stringn(s, len)) ||
      json_object_set_new(p, "form", json_string("packed"))) {
    json_decref(p);
    p = NULL;
  }
  free(s);
  return p;
}

/* The daemon's bound on the questions of one `pairs` request
** (too_many_pairs): about one batch slice of its time. */
enum { PAIRS_REQUEST_MAX = 256 };

/* n questions (method, pairs) in requests of at most PAIRS_REQUEST_MAX,
** one after another; each answer decoded by `dec` into out (`size` bytes
** each). On failure every answer is freed and zeroed. */
static int pairs_call(memssa_client *c, const char *method, const char *module,
                      const char *function, const long long *pairs, size_t n, void *out,
                      size_t size, int (*dec)(json_t *, void *), void (*fr)(void *)) {
  if (out && n) memset(out, 0, n * size);
  if (!c || (!out && n)) return MEMSSA_CLIENT_EINVAL;
  int rc = 0;
  size_t done = 0;
  do {   /* n == 0: one request all the same, as before */
    size_t m = n - done < PAIRS_REQUEST_MAX ? n - done : PAIRS_REQUEST_MAX;
    json_t *r = NULL, *p = memssa_params_pairs_new(module, function, pairs + 2 * done, m);
    if (!p) {
      rc = memssa__fail(c, MEMSSA_CLIENT_EINVAL);
      break;
    }
    if ((rc = memssa_client_request_new(c, method, p, &r))) break;
    if (json_array_size(r) != m) rc = MEMSSA_CLIENT_EPROTO;
    for (size_t k = 0; !rc && k < m; k++)
      rc = dec(json_array_get(r, k), (char *)out + (done + k) * size);
    if ((rc = decoded(c, r, rc))) break;
    done += m;
  } while (done < n);
  if (rc)
    for (size_t k = 0; k < n; k++) {
      fr((char *)out + k * size);
      memset((char *)out + k * size, 0, size);
    }
  return rc;
}

static int dec_depends(json_t *r, void *out) { return memssa_depends_answer_decode(r, out); }
static int dec_alias(json_t *r, void *out) { return memssa_alias_answer_decode(r, out); }
static void free_depends(void *a) { memssa_depends_answer_free(a); }
static void free_alias(void *a) { memssa_alias_answer_free(a); }

int memssa_client_depends_pairs(memssa_client *c, const char *module, const char *function,
                                const long long *pairs, size_t n, memssa_depends_answer *out) {
  return pairs_call(c, "depends", module, function, pairs, n, out, sizeof *out, dec_depends,
                    free_depends);
}

int memssa_client_alias_pairs(memssa_client *c, const char *module, const char *function,
                              const long long *pairs, size_t n, memssa_alias_answer *out) {
  return pairs_call(c, "alias", module, function, pairs, n, out, sizeof *out, dec_alias,
                    free_alias);
}

/* Appends page's accesses to all's: arrays (full, ids), or packed pages as
** ids arrays (only a function of over 100,000 accesses has two pages). */
static int append_page(json_t *all, json_t *page) {
  json_t *a = ids_array_of(all), *b = ids_array_of(page);
  int rc = !a || !b || json_array_extend(a, b) || json_object_set(all, "accesses", a);
  /* packed pages joined are an ids array now: say so (memssa_accesses_answer_decode) */
  if (!rc && !json_object_get(all, "fields"))
    rc = json_object_set_new(all, "fields", json_pack("[ssssss]", "kind", "id", "inst", "block",
                                                      "clobber", "alias"));
  json_decref(a);
  json_decref(b);
  return rc ? MEMSSA_CLIENT_EPROTO : 0;
}

/* Every page of `accesses` into one result: the first page's object with
** the later pages' accesses appended. */
static int gather_accesses(memssa_client *c, const char *module, const char *function,
                           json_t **all) {
  *all = NULL;
  size_t offset = 0;
  for (;;) {
    json_t *page;
    json_t *p = memssa_params_accesses_new(module, function, offset, ACCESSES_PAGE);
    int rc = memssa_client_request_new(c, "accesses", accesses_as_asked(c, p, c->form), &page);
    if (rc) {
      json_decref(*all);
      *all = NULL;
      return rc;
    }
    json_t *next = json_object_get(page, "next");
    if (!*all) *all = json_incref(page);
    else if ((rc = append_page(*all, page))) {
      json_decref(page);
      json_decref(*all);
      *all = NULL;
      return rc;
    }
    offset = json_is_integer(next) ? (size_t)json_integer_value(next) : 0;
    json_decref(page);
    if (!offset) break;
  }
  json_object_set_new(*all, "next", json_null());
  return 0;
}

int memssa_client_accesses(memssa_client *c, const char *module, const char *function,
                           memssa_accesses_answer *out) {
  if (out) memset(out, 0, sizeof *out);
  if (!c || !out || !module || !function) return MEMSSA_CLIENT_EINVAL;
  json_t *all;
  int rc = gather_accesses(c, module, function, &all);
  if (rc) return rc;
  rc = memssa_accesses_answer_decode(all, out);
  json_decref(all);
  return rc ? memssa__fail(c, rc) : 0;
}

/* ------------------------------------------------------------ several functions */

json_t *memssa_params_accesses_many_new(const char *module, const char *const *functions,
                                        size_t nf, size_t at, size_t offset, size_t limit) {
  json_t *p = module ? json_object() : NULL, *fs = functions ? json_array() : json_string("*");
  int bad = !p || !fs || json_object_set_new(p, "module", json_string(module));
  for (size_t k = 0; !bad && functions && k < nf; k++)
    bad |= !functions[k] || json_array_append_new(fs, json_string(functions[k]));
  bad |= !p || json_object_set_new(p, "functions", fs);
  fs = NULL;
  if (!bad)
    bad = json_object_set_new(p, "at", json_integer((json_int_t)at)) ||
          json_object_set_new(p, "offset", json_integer((json_int_t)offset)) ||
          json_object_set_new(p, "limit", json_integer((json_int_t)limit));
  json_decref(fs);
  if (!bad) return p;
  json_decref(p);
  return NULL;
}

/* A function's answer as its pages arrive: the first page's entry and the
** ids rows of every page so far (pages are joined as rows, not as JSON:
** turning packed pages into arrays of JSON integers cost more than
** decoding them). */
typedef struct many_pending {
  json_t *first;
  long long *rows;
  size_t n, cap;
} many_pending;

static int many_join(json_t *e, long long *v, size_t n, many_pending *pend,
                     memssa_accesses_each each, void *arg);

/* One function's entry `e` of a page, joined to the pages before it
** (*pend); when the function is complete (next null) decoded and handed
** to each(). */
static int many_entry(json_t *e, many_pending *pend, memssa_accesses_each each, void *arg) {
  long long *v;
  size_t n;
  int rc = json_is_object(e) ? accesses_rows(e, &v, &n) : MEMSSA_CLIENT_EPROTO;
  return rc ? rc : many_join(e, v, n, pend, each, arg);
}

/* The same for a function whose entry e and ids rows v (n accesses, taken)
** are made already. */
static int many_join(json_t *e, long long *v, size_t n, many_pending *pend,
                     memssa_accesses_each each, void *arg) {
  int rc;
  if (!pend->first) {   /* the usual case: a whole function in one page */
    pend->first = json_incref(e);
    pend->rows = v;
    pend->n = pend->cap = n;
  } else {
    if (pend->n + n > pend->cap) {
      size_t cap = 2 * (pend->n + n);
      long long *grown = realloc(pend->rows, cap * IDS_ACCESS_FIELDS * sizeof *grown);
      if (!grown) {
        free(v);
        return MEMSSA_CLIENT_EIO;
      }
      pend->rows = grown;
      pend->cap = cap;
    }
    if (n) memcpy(pend->rows + pend->n * IDS_ACCESS_FIELDS, v, n * IDS_ACCESS_FIELDS * sizeof *v);
    pend->n += n;
    free(v);
  }
  if (!json_is_null(json_object_get(e, "next"))) return 0;
  memssa_accesses_answer a;
  memset(&a, 0, sizeof a);   /* the rows are decoded: a columns entry has no "accesses" */
  a.json = json_incref(pend->first);
  rc = accesses_rows_decode(pend->first, pend->rows, pend->n, &a);   /* takes the rows */
  pend->rows = NULL;
  if (!rc) rc = each(arg, str_of(pend->first, "function"), &a);
  memssa_accesses_answer_free(&a);
  json_decref(pend->first);
  free(pend->rows);
  *pend = (many_pending){NULL, NULL, 0, 0};
  return rc;
}

/* ------------------------------------------------------------ the columns layout */

/* Item k of a page's names member (docs/offload.md, "The columns layout"):
** one string of names joined by '\n', walked by *at (the offset of the
** next name), or an array; the name (or names) as a new JSON string, or an
** array of the `count` names from there when count >= 0 (block names). */
static json_t *column_names(json_t *m, size_t *at, size_t *item, long long count) {
  if (json_is_array(m)) {
    if (count < 0) return json_incref(json_array_get(m, (*item)++));
    json_t *arr = json_array();
    for (long long k = 0; arr && k < count; k++)
      json_array_append(arr, json_array_get(m, (*item)++));
    return arr;
  }
  const char *s = json_string_value(m), *end = s + json_string_length(m), *p = s + *at, *q = p;
  for (long long k = 0; q <= end && k < (count < 0 ? 1 : count); k++) {
    const char *nl = memchr(q, '\n', (size_t)(end - q));
    q = (nl ? nl : end) + 1;
  }
  size_t len = q > p ? (size_t)(q - p) - 1 : 0;
  *at += q > p ? (size_t)(q - p) : 0;
  return p <= end ? json_stringn_nocheck(p, len) : NULL;
}

/* Function's `count` block names from a columns page's `blocks` string at
** *at: a name as it is, an empty one (an unnamed block) as its number,
** the next of slots[*si..ns) (differences from the function's unnamed
** block before, from 0). A new JSON string of them separated by NULs (the
** answer's "block_names", invariant 1), or NULL when malformed. */
static json_t *column_blocks(json_t *m, size_t *at, const long long *slots, size_t ns, size_t *si,
                             long long count) {
  const char *s = json_string_value(m), *end = s + json_string_length(m), *p = s + *at;
  size_t cap = 64, n = 0;
  char *out = malloc(cap);
  long long last = 0, k = 0;
  for (; out && k < count && p <= end; k++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p)), *q = nl ? nl : end;
    char num[24], *d = num + sizeof num;   /* the number's digits, not snprintf: ~2k each */
    const char *nm = p;
    size_t len = (size_t)(q - p);
    if (!len) {   /* unnamed: its number */
      if (*si >= ns) break;
      last += slots[(*si)++];
      unsigned long long u = last < 0 ? 0ull - (unsigned long long)last : (unsigned long long)last;
      do *--d = (char)('0' + u % 10);
      while (u /= 10);
      if (last < 0) *--d = '-';
      nm = d;
      len = (size_t)(num + sizeof num - d);
    }
    if (n + len + 2 > cap) {
      char *grown = realloc(out, cap = 2 * (n + len + 2));
      if (!grown) break;
      out = grown;
    }
    if (k) out[n++] = '\0';   /* split already: block_names() keeps it as it is */
    memcpy(out + n, nm, len);
    n += len;
    p = q + 1;
  }
  json_t *r = out && k == count ? json_stringn_nocheck(out, n) : NULL;
  *at = (size_t)(p - s);
  free(out);
  return r;
}

/* A page in the columns layout: each function's entry (as the rows layout
** spells it) and rows, joined to the pages before (many_join). */
static int columns_page(json_t *page, many_pending *pend, memssa_accesses_each each, void *arg) {
  json_t *names = json_object_get(page, "names"), *blocks = json_object_get(page, "blocks");
  json_t *head = json_object_get(page, "head"), *acc = json_object_get(page, "accesses");
  json_t *slots = json_object_get(page, "slots");
  long long *h = NULL, *v = NULL, *sl = NULL;
  size_t nh = 0, nv = 0, per = blocks ? 5 : 4, i = 0, nat = 0, nitem = 0, bat = 0, bitem = 0;
  size_t nsl = 0, si = 0;
  int rc = !json_is_string(head) || !json_is_string(acc) || !names ? MEMSSA_CLIENT_EPROTO : 0;
  if (!rc) rc = memssa_packed_decode(json_string_value(head), json_string_length(head), &h, &nh);
  if (!rc) rc = memssa_packed_decode(json_string_value(acc), json_string_length(acc), &v, &nv);
  if (!rc && json_is_string(slots))
    rc = memssa_packed_decode(json_string_value(slots), json_string_length(slots), &sl, &nsl);
  if (!rc && nh % per) rc = MEMSSA_CLIENT_EPROTO;
  for (size_t f = 0; !rc && f < nh / per; f++) {
    const long long *x = h + f * per;   /* total, offset, n, entry, blocks? */
    long long total = x[0], offset = x[1], n = x[2], *rows = NULL;
    long long st[3] = {0, 0, 0};
    if (n < 0 || !(rows = malloc(((size_t)n ? (size_t)n : 1) * IDS_ACCESS_FIELDS * sizeof *rows)))
      rc = n < 0 ? MEMSSA_CLIENT_EPROTO : MEMSSA_CLIENT_EIO;
    for (long long k = 0; !rc && k < n; k++)
      rc = i < nv ? packed_step(v, nv, &i, rows + k * IDS_ACCESS_FIELDS, st) : MEMSSA_CLIENT_EPROTO;
    json_t *e = rc ? NULL : json_object();
    json_t *nm = e ? column_names(names, &nat, &nitem, -1) : NULL;
    json_t *bn = !e || !blocks ? NULL
                 : json_is_string(blocks) ? column_blocks(blocks, &bat, sl, nsl, &si, x[4])
                                          : column_names(blocks, &bat, &bitem, x[4]);
    if (e && (!nm || json_object_set_new(e, "function", nm) ||
              json_object_set_new(e, "total", json_integer(total)) ||
              json_object_set_new(e, "offset", json_integer(offset)) ||
              json_object_set_new(e, "next", offset + n < total ? json_integer(offset + n)
                                                                : json_null()) ||
              json_object_set_new(e, "entry", json_integer(x[3])) ||
              (blocks && (!bn || json_object_set_new(e, json_is_string(blocks) ? "block_names"
                                                                              : "blocks", bn)))))
      rc = MEMSSA_CLIENT_EPROTO;
    else if (!blocks)
      json_decref(bn);
    if (!rc) rc = many_join(e, rows, (size_t)n, pend, each, arg);   /* takes the rows */
    else free(rows);
    json_decref(e);
  }
  if (!rc && (i != nv || si != nsl)) rc = MEMSSA_CLIENT_EPROTO;   /* numbers left over */
  free(h);
  free(v);
  free(sl);
  return rc;
}

int memssa_client_accesses_many(memssa_client *c, const char *module, const char *const *functions,
                                size_t nf, memssa_accesses_each each, void *arg) {
  if (!c || !module || !each || (!functions && nf)) return MEMSSA_CLIENT_EINVAL;
  memssa_form form = c->form == MEMSSA_FORM_IDS ? MEMSSA_FORM_IDS : MEMSSA_FORM_PACKED;
  size_t at = 0, offset = 0;
  many_pending pending = {NULL, NULL, 0, 0};
  for (;;) {
    json_t *page = NULL, *p = memssa_params_accesses_many_new(module, functions, nf, at, offset,
                                                              ACCESSES_MANY_PAGE);
    if (!p) return memssa__fail(c, MEMSSA_CLIENT_EINVAL);
    p = accesses_as_asked(c, p, form);
    if (form == MEMSSA_FORM_PACKED) json_object_set_new(p, "layout", json_string("columns"));
    int rc = memssa_client_request_new(c, "accesses", p, &page);
    if (rc) {   /* recorded by the request already */
      json_decref(pending.first);
      free(pending.rows);
      return rc;
    }
    json_t *fs = json_object_get(page, "functions"), *next = json_object_get(page, "next");
    if (!(json_is_array(fs) || json_object_get(page, "head")) ||
        !(json_is_null(next) || json_is_object(next)))
      rc = MEMSSA_CLIENT_EPROTO;
    else if (!fs)
      rc = columns_page(page, &pending, each, arg);   /* or each()'s */
    for (size_t k = 0; !rc && k < json_array_size(fs); k++)
      rc = many_entry(json_array_get(fs, k), &pending, each, arg);   /* or each()'s */
    at = (size_t)int_of(next, "at", 0);
    offset = (size_t)int_of(next, "offset", 0);
    bool more = json_is_object(next);
    json_decref(page);
    if (rc || !more) {
      if (!rc && pending.first) rc = MEMSSA_CLIENT_EPROTO;   /* a function left unfinished */
      json_decref(pending.first);
      free(pending.rows);
      return rc == MEMSSA_CLIENT_EPROTO || rc == MEMSSA_CLIENT_EIO ? memssa__fail(c, rc) : rc;
    }
  }
}
