/*
** mssa_print_internal.h -- between mssa_print.c and mssa_print_canon.c:
** the forms opt prints that input text may leave out (see the invariants
** of mssa_print_canon.c).
*/
#ifndef MSSA_PRINT_INTERNAL_H
#define MSSA_PRINT_INTERNAL_H

#include <stdio.h>

#include "mssa/mssa.h"

/* Predecessors of every block of a function, in layout order of their
** terminators: block b's are list[start[b] .. start[b+1]). */
typedef struct mssa__preds {
  uint32_t *start;
  uint32_t *list;
} mssa__preds;

void mssa__preds_build(mssa__preds *p, const mssa_func *f);
void mssa__preds_free(mssa__preds *p);

/* Prints block b's label line as AsmWriter::printBasicBlock does: name (or
** slot) and colon, then for a non-entry block the `; preds =` comment;
** nothing for an unnamed entry block. `o` is scratch. */
void mssa__print_label(FILE *out, const mssa_module *m, const mssa_func *f, uint32_t b,
                       const mssa__preds *p, mssa_buf *o);

/* What printing one function needs: its predecessor lists and, made when
** first needed, the attribute groups' numbering. */
typedef struct mssa__canon mssa__canon;
mssa__canon *mssa__canon_new(const mssa_module *m, const mssa_func *f);
void mssa__canon_free(mssa__canon *c);
const mssa__preds *mssa__canon_preds(const mssa__canon *c);

/* Prints instruction i's text (without indent or newline) with the
** default `align` and call-site attribute groups opt adds. */
void mssa__print_inst_text(FILE *out, mssa__canon *c, uint32_t i);

/* Prints the debug records attached to instruction i, one a line, as
** AssemblyWriter::printDbgRecordLine does (four spaces, the record). */
void mssa__print_records(FILE *out, const mssa__canon *c, uint32_t i);

#endif
