/*
** layout_internal.h -- checked variants of the datalayout entry points, for
** the reader (which must turn bad layouts and recursive types into a
** positioned diagnostic rather than silently continuing).
*/
#ifndef MSSA_LAYOUT_INTERNAL_H
#define MSSA_LAYOUT_INTERNAL_H

#include "ir/ir.h"

/* Like mssa_layout_parse, but returns an error message (static string) for a
** malformed spec, or NULL. *dl is left with defaults for the bad part. */
const char *mssa__layout_parse_checked(mssa_datalayout *dl, const char *s, size_t n);
/* Like mssa_layout_compute; returns the id of a struct type that contains
** itself by value (LLVM: "invalid recursive type"), or MSSA_NONE. */
uint32_t mssa__layout_compute_checked(mssa_module *m);

#endif
