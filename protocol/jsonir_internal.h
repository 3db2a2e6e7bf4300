/*
** jsonir_internal.h -- state shared by jsonir.c (module: heaps, types,
** globals, externs, metadata) and jsonir_fn.c (functions, blocks,
** instructions) while one JSON IR module is lowered, and the helpers of
** jsonir_common.c that both call.
**
** Invariants:
**   1. The first fault sets `failed` and `err` (with its JSON path); every
**      later step checks `failed` and does nothing, so the first error is
**      the one reported.
**   2. Types are kept as canonical LLVM type text ("i64", "ptr",
**      "[2 x ptr]"); two types are equal iff their texts are.
**   3. Heap 0 is the root of the heap tree (untagged: it aliases all);
**      heap h > 0 has TBAA type node !h and access tag !(nheaps + h).
*/
#ifndef MSSA_PROTO_JSONIR_INTERNAL_H
#define MSSA_PROTO_JSONIR_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "memssa.h"
#include "jsonir.h"

/* The named metadata that marks a module lowered from JSON IR
** (mssa__jsonir_module). */
#define JL_MARK "memssa.jsonir"
#define JL_PATH 384            /* room for a JSON path in messages */
#define JL_NAME_MAX 200        /* longest JSON name */
#define JL_MAX_HEAPS 4096
#define JL_MAX_HEAP_DEPTH 64
#define JL_TYPE 96             /* room for a canonical type text */
#define JL_NO_HEAP (-1)

typedef struct jl {
  mssa_buf out;                /* the LLVM text being written */
  mssa_buf decls;              /* helper declarations, appended at the end */
  bool failed;
  char err[768];
  json_t *types;               /* alias name -> type text (owned) */
  json_t *heap_ix;             /* heap name -> index (owned) */
  int nheaps;
  int *heap_parent;            /* per heap: parent index, -1 for the root */
  uint32_t *heap_start, *heap_end;   /* [start, end) numbering */
  json_t *callees;             /* name -> {"ret","params":[types],"attrs"} (owned) */
  json_t *globals;             /* name -> {"type", "heap"} (owned) */
  json_t *helpers;             /* declaration text -> helper name (owned) */
  bool any_tag;                /* some instruction uses a heap tag */
} jl;

/* jsonir_common.c. Records the first error (invariant 1): "PATH: message". */
void mssa__jl_fail(jl *c, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Appends formatted text to the output (or to `b` with jl_bprintf). */
void mssa__jl_printf(jl *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void mssa__jl_bprintf(mssa_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A valid JSON IR name ([A-Za-z_$][-A-Za-z0-9_.$]*, at most JL_NAME_MAX). */
bool mssa__jl_name_ok(const char *s);
/* params[key] as a name, required or not (NULL when absent). */
const char *mssa__jl_name(jl *c, json_t *o, const char *key, bool required, const char *path);

/* The canonical text of type `v` (aliases resolved) into buf; false on error.
** `void_ok` allows "void". */
bool mssa__jl_type(jl *c, json_t *v, bool void_ok, const char *path, char *buf);
/* Store size in bytes of a canonical type (0 for void or unknown). */
uint64_t mssa__jl_type_size(const char *t);
/* Heap index of name at json value v (a string), or JL_NO_HEAP with an error. */
int mssa__jl_heap(jl *c, json_t *v, const char *path);
/* Least common ancestor of two heaps (JL_NO_HEAP acts as "none yet"). */
int mssa__jl_heap_lca(const jl *c, int a, int b);
/* ", !tbaa !N" for heap h, or "" for the root and no heap. */
const char *mssa__jl_tag(jl *c, int h, char *buf, size_t cap);
/* The function attributes and call-site tag of an `effects` object (NULL:
** unknown effects). *attrs gets text like " readonly argmemonly", *heap the
** heap of the tag (JL_NO_HEAP for none); false on error. */
bool mssa__jl_effects(jl *c, json_t *eff, const char *path, char *attrs, size_t cap, int *heap);

/* jsonir_fn.c: lowers functions[i] (a definition) to text. */
void mssa__jl_function(jl *c, json_t *fn, uint32_t i);

#endif
