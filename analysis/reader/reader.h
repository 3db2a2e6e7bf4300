/*
** reader.h -- the LLVM textual IR reader's public entry points: text or a
** file in, a module (ir/ir.h) or one positioned diagnostic out.
**
** Contract: on success the module holds no forward references, every named
** type and metadata node it uses is defined, and type layouts are computed
** from its datalayout. On failure nothing is allocated and the diagnostic
** is the first error, as `FILE:LINE:COL: error: MSG` (mssa_diag_format).
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_READER_H
#define MSSA_READER_H

#include <stddef.h>

#include "ir/ir.h"

/* Parses LLVM textual IR. `path` names the input in diagnostics; `text` need
** not be NUL-terminated and is copied. On success *out owns a new module
** (free it with mssa_module_free). On failure returns MSSA_EPARSE (or
** MSSA_ETOOBIG past 4 GB) and fills *diag (if non-NULL). */
int mssa_module_parse(const char *path, const char *text, size_t len,
                      mssa_module **out, mssa_diag *diag);
/* Reads and parses a file (MSSA_EIO with diag on read errors). */
int mssa_module_parse_file(const char *path, mssa_module **out, mssa_diag *diag);
/* The same, mapping the file where it can (base/filemap.h) instead of
** copying it: faster, but a process that keeps the module must not use it,
** since another process truncating the file while it is mapped makes the
** next access to the text raise SIGBUS. For one-shot commands that handle
** SIGBUS (the CLI's --local commands). */
int mssa_module_parse_file_mapped(const char *path, mssa_module **out, mssa_diag *diag);

#endif
