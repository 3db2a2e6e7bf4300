/*
** lsp_names.h -- C names for IR pointers, from the IR text the language
** server compiled (lsp_names.c): which variable or access path a load or
** store touches, and whether two pointers are based on different
** allocations. No dependency beyond libc.
*/
#ifndef MSSA_LSP_NAMES_H
#define MSSA_LSP_NAMES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct mssa__lsp_names mssa__lsp_names;

mssa__lsp_names *mssa__lsp_names_new(const char *ir, size_t len);
void mssa__lsp_names_free(mssa__lsp_names *nm);
/* The C expression the pointer operand of load/store `text` names, in
** function `fn` ("total", "a[…]", "p->next", "*q"): 0, or -1 if unknown. */
int mssa__lsp_names_var(const mssa__lsp_names *nm, const char *fn, const char *text, char *buf,
                        size_t cap);
/* Are pointers p and q ("%5", "@g") based on two different allocations? */
bool mssa__lsp_names_distinct(const mssa__lsp_names *nm, const char *fn, const char *p,
                              const char *q);
/* Does store `text` (in function `fn`) store one of the function's
** parameters (the spill clang writes, without a source line)? */
bool mssa__lsp_names_stores_param(const mssa__lsp_names *nm, const char *fn, const char *text);
/* The pointer operand and accessed size (-1 unknown) of a load or store. */
bool mssa__lsp_ir_pointer(const char *text, char *ptr, size_t cap, long long *size);
/* Source lines (sorted, unique) that have a load; *lines malloc'ed. */
size_t mssa__lsp_names_load_lines(const mssa__lsp_names *nm, unsigned **lines);

#endif
