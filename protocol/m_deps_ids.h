/*
** m_deps_ids.h -- the compact replies of accesses, alias and depends
** (`"form":"ids"` and `"form":"packed"`, docs/offload.md): numbers and
** enums in arrays, or packed in one JSON string, built as jansson values
** like every other reply.
*/
#ifndef MSSA_PROTO_M_DEPS_IDS_H
#define MSSA_PROTO_M_DEPS_IDS_H

#include "memssa.h"
#include "methods.h"

/* The reply forms (docs/offload.md). */
typedef enum mssa__form { MSSA__FORM_FULL, MSSA__FORM_IDS, MSSA__FORM_PACKED } mssa__form;

/* params.form: "full" (or absent), "ids" or "packed"; -32602 for anything else. */
int mssa__param_form(mssa__call *c, mssa__form *form);

/* Decodes a packed (base64 VLQ) string: *out (malloc'ed, freed by the
** caller whatever the result) holds *n numbers; -1 when malformed. */
int mssa__packed_decode(const char *s, size_t len, int64_t **out, size_t *n);

/* The replies in `form` (ids or packed); each sets c->result and returns 0
** (-32603 when out of memory). */
int mssa__ids_accesses(mssa__call *c, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                       bool names, const mssa_deps_access *v, uint32_t n, uint32_t total,
                       uint64_t offset);
/* The same reply as a new value (NULL when out of memory), opened with
** "function": fname when fname is not NULL (`accesses` of several
** functions, docs/offload.md); without `blocks` when !names
** (params.blocks false). */
json_t *mssa__ids_accesses_new(mssa_proto *p, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                               const char *fname, bool names, const mssa_deps_access *v,
                               uint32_t n, uint32_t total, uint64_t offset);
/* A page of `accesses` of several functions in the packed form's columns
** layout (`"layout":"columns"`, docs/offload.md): the page's functions as
** columns, not one object each: their names in one string, their numbers
** (total, offset, accesses in the page, entry, block count when names) in
** one packed string `head`, their block names in one string (an unnamed
** block's empty, its number in the packed string `slots`) and their
** accesses in one packed string (each function's differences starting
** again from 0). Zeroed to start; mssa__columns_add once per function, in
** page order; mssa__columns_new makes the result and frees the rest. */
typedef struct mssa__columns {
  mssa_buf fnames, head, blocks, slots, acc;
  bool fname_nl, block_nl;     /* a name holds a '\n': that member is an array */
  uint32_t *fis;               /* the page's functions */
  uint32_t nf, cap;
  size_t nbnames;              /* block names so far */
} mssa__columns;
void mssa__columns_add(mssa__columns *col, const mssa_qmodule *q, uint32_t fi, bool names,
                       const mssa_deps_access *v, uint32_t n, uint32_t total, uint64_t offset);
/* {total, names, head, blocks?, slots?, accesses, next} (next taken; NULL
** when out of memory). */
json_t *mssa__columns_new(mssa__columns *col, const mssa_qmodule *q, bool names, size_t total,
                          json_t *next);
int mssa__ids_alias(mssa__call *c, mssa__form form, int alias, mssa_overlap overlap);
int mssa__ids_depends(mssa__call *c, mssa__form form, const mssa_qmodule *q, uint32_t fi,
                      const mssa_deps_dep *d);

#endif
