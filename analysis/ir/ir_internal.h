/*
** ir_internal.h -- what the IR's files share with each other and with the
** reader, beyond the public ir.h:
**   - checked variants of the datalayout entry points (layout.c), for the
**     reader, which must turn bad layouts and recursive types into a
**     positioned diagnostic rather than silently continuing;
**   - which metadata nodes LLVM would unique together (md_unique.c), for
**     the printer's metadata numbering (ir.c).
*/
#ifndef MSSA_IR_INTERNAL_H
#define MSSA_IR_INTERNAL_H

#include "ir/ir.h"

/* Like mssa_layout_parse, but returns an error message (static string) for a
** malformed spec, or NULL. *dl is left with defaults for the bad part. */
const char *mssa__layout_parse_checked(mssa_datalayout *dl, const char *s, size_t n);
/* Like mssa_layout_compute; returns the id of a struct type that contains
** itself by value (LLVM: "invalid recursive type"), or MSSA_NONE. */
uint32_t mssa__layout_compute_checked(mssa_module *m);

/* Fills m->md_canon: md index -> the first structurally equal node LLVM
** would unique it with (md_unique.c). Iterative; linear in the metadata. */
void mssa__md_unique(mssa_module *m);

#endif
