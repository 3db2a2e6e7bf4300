/*
** dwtype.c -- C types from debug info, for naming memory (see dwtype.h).
**
** Types are metadata nodes: DIBasicType, DIDerivedType (pointers,
** typedefs, qualifiers, members: `tag:` tells), DICompositeType (structs,
** unions, arrays). Their unquoted fields (`tag:`, `offset:`, `size:`,
** `flags:`) are read from the node's own text, as varname.c reads names.
**
** Invariants:
**   1. See dwtype.h: bounded walks, MSSA_NONE when unreadable, nothing
**      modified.
**   2. Member offsets are DWARF's bits; IR offsets are bytes: a member is
**      matched only at offset*8, so a bitfield is never taken for the
**      field after it (the bug this file exists to prevent).
*/
#include "query/dwtype.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/check.h"

#define WORD_CAP 128

/* The text of field `field:` of node md, from its first non-blank
** character to the end of the node's text (*end); NULL if it has none. */
static const char *field_text(const mssa_module *m, uint32_t md, const char *field,
                              const char **end) {
  if (md >= m->md.n) return NULL;
  const mssa_md *d = &m->md.a[md];
  if (!d->text_len || (size_t)d->text_off + d->text_len > m->text_len) return NULL;
  const char *t = m->text + d->text_off;
  *end = t + d->text_len;
  size_t fl = strlen(field);
  for (const char *p = t; p + fl + 3 < *end; p++) {
    if ((*p != '(' && *p != ' ') || memcmp(p + 1, field, fl) || p[1 + fl] != ':') continue;
    const char *v = p + fl + 2;
    while (v < *end && *v == ' ') v++;
    return v < *end ? v : NULL;
  }
  return NULL;
}

int mssa_q_md_string_field(const mssa_module *m, uint32_t md, const char *field, char *buf,
                           size_t cap) {
  const char *end, *v = field_text(m, md, field, &end);
  if (!v || *v != '"') return MSSA_ENOENT;
  const char *q = memchr(v + 1, '"', (size_t)(end - v - 1));
  if (!q) return MSSA_ENOENT;
  if (cap) snprintf(buf, cap, "%.*s", (int)(q - v - 1), v + 1);
  return MSSA_OK;
}

uint32_t mssa_q_md_node_field(const mssa_module *m, uint32_t md, const char *field) {
  if (md >= m->md.n) return MSSA_NONE;
  const mssa_md *d = &m->md.a[md];
  if (d->tag == MSSA_NONE || d->kind == MSSA_MD_TUPLE) return MSSA_NONE;
  for (uint32_t i = 0; i + 1 < d->nops; i += 2) {
    const mssa_mdop *k = &m->mdops.a[d->ops + i], *v = &m->mdops.a[d->ops + i + 1];
    if (k->kind == MSSA_MDO_STRING && v->kind == MSSA_MDO_NODE &&
        !strcmp(mssa_str(m, k->idx), field))
      return v->idx;
  }
  return MSSA_NONE;
}

int mssa_q_md_word_field(const mssa_module *m, uint32_t md, const char *field, char *buf,
                         size_t cap) {
  const char *end, *v = cap ? field_text(m, md, field, &end) : NULL;
  if (!v) return MSSA_ENOENT;
  size_t n = 0;
  while (v + n < end && v[n] != ',' && v[n] != ')' && v[n] != '"') n++;
  if (!n || v[n] == '"') return MSSA_ENOENT;
  snprintf(buf, cap, "%.*s", (int)n, v);
  MSSA_ASSERT(strlen(buf) < cap);   /* capped like every name */
  return MSSA_OK;
}

static bool tag_is(const mssa_module *m, uint32_t md, const char *cls) {
  return md < m->md.n && m->md.a[md].tag != MSSA_NONE &&
         !strcmp(mssa_str(m, m->md.a[md].tag), cls);
}

static bool dw_tag(const mssa_module *m, uint32_t md, const char *tag) {
  char w[WORD_CAP];
  return !mssa_q_md_word_field(m, md, "tag", w, sizeof w) && !strcmp(w, tag);
}

static uint64_t word_u64(const mssa_module *m, uint32_t md, const char *field) {
  char w[WORD_CAP];
  if (mssa_q_md_word_field(m, md, field, w, sizeof w)) return 0;
  return strtoull(w, NULL, 10);
}

uint32_t mssa_q_dw_strip(const mssa_module *m, uint32_t t) {
  for (int k = 0; k < MSSA_DWTYPE_STRIP; k++) {   /* invariant 1 */
    if (!tag_is(m, t, "DIDerivedType")) return t;
    if (!dw_tag(m, t, "DW_TAG_typedef") && !dw_tag(m, t, "DW_TAG_const_type") &&
        !dw_tag(m, t, "DW_TAG_volatile_type") && !dw_tag(m, t, "DW_TAG_restrict_type") &&
        !dw_tag(m, t, "DW_TAG_atomic_type"))
      return t;
    t = mssa_q_md_node_field(m, t, "baseType");
  }
  return MSSA_NONE;
}

mssa_dw_kind mssa_q_dw_kind(const mssa_module *m, uint32_t t) {
  if (tag_is(m, t, "DICompositeType")) {
    if (dw_tag(m, t, "DW_TAG_structure_type")) return MSSA_DW_STRUCT;
    if (dw_tag(m, t, "DW_TAG_union_type")) return MSSA_DW_UNION;
    if (dw_tag(m, t, "DW_TAG_array_type")) return MSSA_DW_ARRAY;
  }
  if (tag_is(m, t, "DIDerivedType") && dw_tag(m, t, "DW_TAG_pointer_type")) return MSSA_DW_POINTER;
  return MSSA_DW_OTHER;
}

uint32_t mssa_q_dw_var_type(const mssa_module *m, uint32_t var) {
  if (!tag_is(m, var, "DILocalVariable") && !tag_is(m, var, "DIGlobalVariable")) return MSSA_NONE;
  return mssa_q_dw_strip(m, mssa_q_md_node_field(m, var, "type"));
}

uint32_t mssa_q_dw_pointee(const mssa_module *m, uint32_t t) {
  mssa_dw_kind k = mssa_q_dw_kind(m, t);
  if (k != MSSA_DW_POINTER && k != MSSA_DW_ARRAY) return MSSA_NONE;
  return mssa_q_dw_strip(m, mssa_q_md_node_field(m, t, "baseType"));
}

uint64_t mssa_q_dw_size(const mssa_module *m, uint32_t t) {
  return t == MSSA_NONE ? 0 : word_u64(m, t, "size") / 8;
}

/* Appends name `n` to the "{a,b" list in buf (k names so far). */
static void add_name(char *buf, size_t cap, unsigned k, const char *n) {
  size_t l = strlen(buf);
  if (l + 1 < cap) snprintf(buf + l, cap - l, "%s%s", k ? "," : "{", n);
}

int mssa_q_dw_member_at(const mssa_module *m, uint32_t t, uint64_t off, uint64_t size,
                        int ptr, char *buf, size_t cap, uint32_t *mtype) {
  *mtype = MSSA_NONE;
  if (!cap) return MSSA_ENOENT;
  buf[0] = 0;
  mssa_dw_kind k = mssa_q_dw_kind(m, t);
  if (k != MSSA_DW_STRUCT && k != MSSA_DW_UNION) return MSSA_ENOENT;
  uint32_t el = mssa_q_md_node_field(m, t, "elements");
  if (el >= m->md.n || m->md.a[el].kind != MSSA_MD_TUPLE) return MSSA_ENOENT;
  const mssa_md *e = &m->md.a[el];
  char name[WORD_CAP], fl[WORD_CAP];
  uint32_t first = MSSA_NONE, sized = MSSA_NONE, kinded = MSSA_NONE;
  unsigned nbits = 0;
  for (uint32_t i = 0; i < e->nops; i++) {
    const mssa_mdop *op = &m->mdops.a[e->ops + i];
    if (op->kind != MSSA_MDO_NODE || !dw_tag(m, op->idx, "DW_TAG_member")) continue;
    uint64_t o = word_u64(m, op->idx, "offset"), sz = word_u64(m, op->idx, "size");
    bool bitfield = !mssa_q_md_word_field(m, op->idx, "flags", fl, sizeof fl) &&
                    strstr(fl, "DIFlagBitField");
    if (bitfield) {   /* bits inside [off, off+size) of the access */
      if (o >= off * 8 && o < (off + (size ? size : 1)) * 8 &&
          !mssa_q_md_string_field(m, op->idx, "name", name, sizeof name))
        add_name(buf, cap, nbits++, name);
      continue;
    }
    if (o != off * 8) continue;   /* invariant 2 */
    if (first == MSSA_NONE) first = op->idx;
    if (sized == MSSA_NONE && size && sz == size * 8) sized = op->idx;
    /* a union's members of one size: the one whose kind the access has */
    bool isptr = mssa_q_dw_kind(m, mssa_q_dw_strip(m, mssa_q_md_node_field(m, op->idx, "baseType"))) ==
                 MSSA_DW_POINTER;
    if (kinded == MSSA_NONE && size && sz == size * 8 && ptr >= 0 && isptr == (ptr == 1))
      kinded = op->idx;
  }
  if (nbits) {
    size_t l = strlen(buf);
    if (nbits == 1) memmove(buf, buf + 1, l);   /* one bitfield: its bare name */
    else if (l + 1 < cap) snprintf(buf + l, cap - l, "}");
    return MSSA_OK;
  }
  uint32_t pick = kinded != MSSA_NONE ? kinded : sized != MSSA_NONE ? sized : first;
  if (pick == MSSA_NONE || mssa_q_md_string_field(m, pick, "name", buf, cap)) return MSSA_ENOENT;
  *mtype = mssa_q_dw_strip(m, mssa_q_md_node_field(m, pick, "baseType"));
  MSSA_ASSERT(strlen(buf) < cap);
  return MSSA_OK;
}
