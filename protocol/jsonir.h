/*
** jsonir.h -- the neutral JSON IR (docs/json-ir.md): a module given as JSON
** by a compiler that is not LLVM-based, lowered to LLVM textual IR so that
** the reader, MemorySSA, the walker, the updater and every query work on it
** unchanged.
**
** Invariants:
**   1. Lowering either produces text the reader accepts, or fails with one
**      message that names the JSON path of the fault
**      (`functions[2].blocks[0].insts[5].ptr: unknown value "v9"`); no
**      input makes it crash or loop.
**   2. Names survive: a JSON value or block `v3` is `%v3` in the text, so
**      every query can name it; helper values the lowering adds start with
**      '.', which JSON names may not.
**   3. The text carries `!memssa.jsonir = !{}`, by which answers know to
**      name values as the JSON does (`v3`, not `%v3`).
*/
#ifndef MSSA_PROTO_JSONIR_H
#define MSSA_PROTO_JSONIR_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "memssa.h"

/* Lowers JSON IR `ir` (an object) to LLVM text: *text (malloc'ed,
** NUL-terminated, *len bytes) and 0, or -1 with the message in err. */
int mssa__jsonir_lower(json_t *ir, char **text, size_t *len, char *err, size_t cap);

/* For `load`: turns params.ir (a JSON IR object), or params.path naming a
** .json file, into params.text holding the lowered module (and a default
** params.module from the file name), so the load goes on as a text load.
** 0 (also when there is no JSON IR), or a JSON-RPC error set on c: -32602
** for bad params, -32011 for an unreadable file, -32010 for bad JSON IR
** with data {file, json_path, message}. */
struct mssa__call;
int mssa__jsonir_load_params(struct mssa__call *c);

/* Was module m lowered from JSON IR (invariant 3)? */
bool mssa__jsonir_module(const mssa_module *m);

#endif
