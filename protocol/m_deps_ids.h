/*
** m_deps_ids.h -- the compact replies of accesses, alias and depends
** (`"form":"ids"`, docs/offload.md "The ids form"): numbers and enums in
** arrays, built as jansson values like every other reply.
*/
#ifndef MSSA_PROTO_M_DEPS_IDS_H
#define MSSA_PROTO_M_DEPS_IDS_H

#include "alias/aa.h"
#include "methods.h"
#include "query/deps.h"

/* params.form: *ids = true for "ids", false for "full" or absent;
** -32602 for anything else. */
int mssa__param_form(mssa__call *c, bool *ids);

/* The replies; each sets c->result and returns 0 (-32603 when out of memory). */
int mssa__ids_accesses(mssa__call *c, const mssa_qmodule *q, uint32_t fi,
                       const mssa_deps_access *v, uint32_t n, uint32_t total, uint64_t offset);
int mssa__ids_alias(mssa__call *c, int alias, mssa_overlap overlap);
int mssa__ids_depends(mssa__call *c, const mssa_qmodule *q, uint32_t fi, const mssa_deps_dep *d);

#endif
