/*
** source.h -- memory instructions by source position, forgivingly: file
** names compared after normalising (`./sum.c`, an absolute path, the
** DIFile directory joined), inlined code found at its call site too
** (inlinedAt), a column that falls between accesses taking the nearest
** one of that line, and a miss that says why (no debug info, no such
** file, nothing touching memory on the line, with the nearest lines that
** have some).
**
** Invariants:
**   1. Columns are 1-based byte columns, as DILocation's; lines 1-based.
**   2. Hits come sorted by (column, function, instruction id), each once.
**   3. The module is not modified; the bundle keeps an index of its
**      locations by line (built by the first query, rebuilt when the
**      bundle's version moves), so queries on one bundle must be
**      serialized, as every query on it is (mssa_query.h).
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_QUERY_SOURCE_H
#define MSSA_QUERY_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "query/mssa_query.h"

/* Inlined-at links followed per location. */
#define MSSA_INLINE_DEPTH 16

/* A position query and what the search saw. */
typedef struct mssa_qpos {
  const char *file;          /* in: as the client names it */
  uint32_t line, col;        /* in: col 0 = the whole line */
  bool has_dbg;              /* out: some instruction has a !dbg location */
  bool file_known;           /* out: some memory access is located in `file` */
  bool nearest;              /* out: no access at `col`: hits are at col_used */
  uint32_t col_used;         /* out: the column the hits are at (0: any) */
  uint32_t line_before, line_after; /* out: nearest lines of `file` with memory
                                       accesses (0: none) */
} mssa_qpos;

/*
** The memory instructions (with a MemoryAccess) at pos->line (and
** pos->col, or the nearest column of the line that has one) of file
** pos->file, matching an instruction's own location or any location it
** was inlined at. Writes up to `cap` hits (sorted); returns the total.
*/
uint32_t mssa_q_find_position(mssa_qmodule *q, mssa_qpos *pos, mssa_qhit *out, uint32_t cap);
/*
** The lines (1-based, sorted, each once) of the module's loads whose own
** !dbg location (not the inlinedAt chain) is in `file` (compared as
** mssa_q_same_file does); *out malloc'ed (never NULL), the count returned.
** What an editor marks with a code lens: a walk of the instructions.
*/
uint32_t mssa_q_load_lines(const mssa_qmodule *q, const char *file, uint32_t **out);
/* Frees the bundle's line index (mssa_qmodule_free calls it). */
void mssa_q_line_index_free(struct mssa_qline_index *ix);

/* Lexically normalised path: "//" and "/./" collapsed, a leading "./"
** dropped, "dir/../" removed. Writes into buf (cap bytes). */
void mssa_q_normalize_path(const char *path, char *buf, size_t cap);
/* Do two file names denote the same file: equal once normalised, or one a
** suffix of the other at a '/' boundary ("src/a.c" and "/h/x/src/a.c")? */
bool mssa_q_same_file(const char *a, const char *b);

#endif
