/*
** load_source.h -- `load {"source":"/abs/file.c"}`: the C file compiled
** to IR by the compile driver (common/compile.h, which the LSP bridge
** uses too) on the load job's pool thread, then loaded as a text (by
** difference when the module is loaded already). m_load.c (the params) and
** job.c (the job's run, a failed reply, the free) call these at their few
** points.
**
** Invariants:
**   1. The compile runs on the thread pool, never on the query thread:
**      clang through posix_spawn with an argv (no shell), in its own
**      process group, killed past its time limit or output cap.
**   2. Over TCP (a --root), only a source under the root is compiled.
**   3. A failed compile leaves the module set untouched and answers -32010
**      with reason compile_failed and clang's diagnostics.
**   4. clang is spawned through host->normal_priority when the host has
**      one: it then runs at normal priority, as clang alone would, not at
**      the pool thread's nice 10.
*/
#ifndef MSSA_PROTO_LOAD_SOURCE_H
#define MSSA_PROTO_LOAD_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "methods.h"

typedef struct mssa__srcjob mssa__srcjob;

/* Decodes params.source (and clang, opt_level, compile_commands_dir,
** compile_timeout_ms); *out NULL when there is no source. 0, or an error
** set on c. */
int mssa__source_params(mssa__call *c, mssa__srcjob **out);
/* A program load's compile settings (params.clang, opt_level,
** trusted_compilers, compile_timeout_ms, max_ir_bytes), decoded and
** checked as mssa__source_params checks them (the same errors): 0 with
** *out, a template for mssa__source_unit, or an error set on c. */
int mssa__source_settings(mssa__call *c, mssa__srcjob **out);
/* A unit of a project (program.c): `source` compiled with its command in
** the compile_commands.json of directory `commands_dir`, under the host's
** trust policy and compile cache, with the settings of `like` (from
** mssa__source_settings; NULL: a `load {"source"}` with no options).
** `like` is only read: reader threads share it. */
mssa__srcjob *mssa__source_unit(mssa_proto_host *h, const char *source, const char *commands_dir,
                                const mssa__srcjob *like);
/* A failed compile's one-line message (for a program's failed units). */
void mssa__source_failure(const mssa__srcjob *s, char *msg, size_t cap);
/* The source's path (the module's default name). */
const char *mssa__source_path(const mssa__srcjob *s);
/* On the pool: compiles; 0 with *text (malloc'ed) and *len, or -1. */
int mssa__source_compile(mssa__srcjob *s, const char *root, char **text, size_t *len);
/* Did the compile (or its refusal) fail? Then the reply, emitted into out. */
bool mssa__source_failed(const mssa__srcjob *s);
void mssa__source_reply_failed(mssa__srcjob *s, json_t *id, mssa_buf *out);
void mssa__source_free(mssa__srcjob *s);
/* Adds to a successful load's result "compile_diagnostics": memssa's own
** remarks on the compile (refused flags, a compiler not run), if any. */
void mssa__source_add_notes(const mssa__srcjob *s, json_t *result);
/* For an IR error on a file that is not IR text: a hint by its suffix (a
** C source: load it as `source`; bitcode: disassemble it), else NULL. */
const char *mssa__source_hint(const char *path);

#endif
