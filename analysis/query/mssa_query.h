/*
** mssa_query.h -- analysis-level helpers for answering queries about a
** loaded module: a module bundled with the MemorySSA of each of its defined
** functions, instruction lookup (stable id, result name, block + index,
** source position through !dbg), clobber queries with the facts a client
** wants to see, the reverse query ("which accesses does this def clobber"),
** and text for instructions and accesses.
**
** Invariants:
**   1. A mssa_qmodule owns its module and every graph in `ssa`; the graphs
**      point into the module, so the bundle is built, used and freed as one.
**   2. Building touches nothing outside the new bundle: two bundles can be
**      built on two threads at once. Queries mutate the graphs (the walker
**      caches answers on accesses), so queries on one bundle must be
**      serialized by the caller.
**   3. Lookups never trust their input: out-of-range ids, removed
**      instructions and unknown names give MSSA_ENOENT, never a crash.
**   4. Every function writing into a caller's buffer truncates to `cap` and
**      NUL-terminates when cap > 0.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_QUERY_H
#define MSSA_QUERY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "alias/aa.h"
#include "ir/ir.h"
#include "mssa/mssa.h"

/* ------------------------------------------------------------ the bundle */

typedef struct mssa_qmodule {
  void *data;             /* for the owner */
  mssa_module *m;
  mssa_ssa **ssa;         /* per function index; NULL for declarations and
                             functions whose build failed */
  uint32_t nfuncs;        /* == m->funcs.n */
  uint32_t ndefined;      /* functions with a graph */
  uint32_t nfailed;       /* defined functions whose build failed */
  uint64_t ndefs, nuses, nphis;
  double read_ms, build_ms;
  size_t text_len_read;   /* m->text_len when last read from a text (edits
                             append their text: the daemon bounds the growth) */
  uint64_t version;       /* unique over all bundles of the process; a new
                             one at every change of the module (build, edit,
                             reload): work started from a copy checks it */
  mssa_u64map fn_by_name; /* function name string id -> function index */
  struct mssa_qline_index *lines; /* source.c: locations by line, built by the
                             first position query, rebuilt when `version`
                             moves; owned */
  struct mssa_qvar_index *vars; /* varname.c: debug-info names by value, built
                             and rebuilt likewise; owned */
  bool refined;           /* a unit of a whole program: every build of its
                             graphs (a rebuild after an eviction too) sees
                             through calls with `refine` (ipa.h) */
  mssa_refine refine;
  struct mssa_qrefs_index *refs; /* refs.c: accesses by struct member, built
                             and rebuilt likewise; owned */
} mssa_qmodule;

/*
** Reads a module (from `text[0..len)` when text is non-NULL, else from the
** file `path`) and builds MemorySSA for each defined function. `path` names
** the input in diagnostics either way. On failure returns MSSA_EPARSE or
** MSSA_EIO with *diag filled.
*/
int mssa_qmodule_build(const char *path, const char *text, size_t len,
                       const mssa_build_opts *opts, mssa_qmodule **out, mssa_diag *diag);
/* The same, reading the module as LLVM `llvm` wrote it (MSSA_LLVM_MIN to
** MSSA_LLVM_MAX; 0 = the version the reader detects): see
** mssa_module_set_llvm_version. MSSA_EINVAL for a version out of range. */
int mssa_qmodule_build_llvm(const char *path, const char *text, size_t len,
                            const mssa_build_opts *opts, unsigned llvm, mssa_qmodule **out,
                            mssa_diag *diag);
/* The same over a module read already (taken: the bundle owns it, also on
** failure), every graph built with `refine` (NULL: none) -- a program's
** unit, whose refinement must outlive the bundle's graphs. */
int mssa_qmodule_of_module(mssa_module *m, const mssa_build_opts *opts, const mssa_refine *refine,
                           mssa_qmodule **out);
void mssa_qmodule_free(mssa_qmodule *q);
/* (Re)builds the graph of defined function fi, keeping the bundle's counts
** (rebuild: fi was built before; a function without a graph then counts as
** failed). MSSA_OK, or the build's error (fi is then counted as failed). */
int mssa_qmodule_build_func(mssa_qmodule *q, uint32_t fi, const mssa_build_opts *opts,
                            bool rebuild);
/* A fresh version number (thread-safe). */
uint64_t mssa_q_next_version(void);
/* Approximate heap bytes held by the bundle (module text, IR, graphs). */
size_t mssa_qmodule_memory(const mssa_qmodule *q);
/* Heap bytes held by the graph of function fi (0 without one): its arrays,
** CFG and dominator tree exactly (capacities), its alias-analysis state and
** walker index estimated from the function's size. What a daemon's memory
** cap counts per function. */
size_t mssa_qmodule_graph_bytes(const mssa_qmodule *q, uint32_t fi);
/* The graph of function `fi`, or NULL. */
static inline mssa_ssa *mssa_qmodule_ssa(const mssa_qmodule *q, uint32_t fi) {
  return fi < q->nfuncs ? q->ssa[fi] : NULL;
}
/* Function by name (without '@'), in O(1); MSSA_NONE if absent. */
uint32_t mssa_q_find_func(const mssa_qmodule *q, const char *name);
/* Number of live (non-removed) accesses of a graph, liveOnEntry included. */
uint32_t mssa_q_naccesses(const mssa_ssa *s);

/* ---------------------------------------------------------------- lookup */

/* Instruction by stable id (MSSA_ENOENT if out of range or removed). */
int mssa_q_inst_by_id(const mssa_func *f, uint64_t id, uint32_t *inst);
/* Instruction by result name: "%8", "%x", or the same without '%'. */
int mssa_q_inst_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                        uint32_t *inst);
/* Block by label: "entry", "%5", "5" (an unnamed block's number). */
int mssa_q_block_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                         uint32_t *block);
/* The index-th (0-based) instruction of a block. */
int mssa_q_inst_at(const mssa_func *f, uint32_t block, uint64_t index, uint32_t *inst);
/* The access with printed id `id` (MSSA_LIVE_ON_ENTRY_ID = liveOnEntry), or
** MSSA_ENOENT. */
int mssa_q_access_by_id(const mssa_ssa *s, uint64_t id, uint32_t *access);
/* A value by name as it may appear in a location: "%p", "%3", "@g", or an
** argument "%arg". */
int mssa_q_value_by_name(const mssa_module *m, const mssa_func *f, const char *name,
                         mssa_val *out);

/* One memory instruction found at a source position. */
typedef struct mssa_qhit {
  uint32_t func;
  uint32_t inst;
  uint32_t line, col;
} mssa_qhit;

/*
** Memory instructions (those with a MemoryAccess) whose !dbg location is at
** file:line:col. `file` matches the DIFile name, the directory-joined path,
** or a path suffix of either at a '/' boundary ("src/a.c" matches
** "/home/x/src/a.c"). col == 0 matches any column. Writes up to `cap` hits
** in function then instruction-id order; returns the total number.
** If nothing matches exactly and col != 0, nothing is returned: call again
** with col == 0 to list the candidates on the line.
*/
uint32_t mssa_q_find_source(const mssa_qmodule *q, const char *file, uint32_t line,
                            uint32_t col, mssa_qhit *out, uint32_t cap);

/* Source position of an instruction: the file as `mssa_inst_source` gives
** it (directory joined when relative), line, col. False if unknown. */
bool mssa_q_inst_source(const mssa_module *m, const mssa_inst *i, char *file, size_t cap,
                        uint32_t *line, uint32_t *col);

/* --------------------------------------------------------------- queries */

typedef struct mssa_qclobber {
  uint32_t access;        /* the queried access */
  uint32_t clobber;       /* the clobbering access (MSSA_LIVE_ON_ENTRY included) */
  int ar;                 /* mssa_alias_result, or MSSA_AR_NONE when none applies */
  bool from_cache;        /* the answer was cached on the access already */
} mssa_qclobber;

/*
** The walker's clobber for instruction `inst` (which must have an access;
** MSSA_ENOENT otherwise). With `loc` non-NULL, the location form: the
** clobber of *loc above the access, which caches nothing (from_cache false).
** Uses the graph's check limit, as opt's walker printer does.
*/
int mssa_q_clobber(mssa_ssa *s, uint32_t inst, const mssa_loc *loc, mssa_qclobber *out);

/* The def or phi that reaches access `a` (a use or def) before any use
** optimization: the nearest def or phi above it in its block, else the last
** one of the nearest dominating block that has one, else liveOnEntry (0). */
uint32_t mssa_q_reaching_def(const mssa_ssa *s, uint32_t a);

/*
** The reverse query: the accesses (defs and uses, in layout order) whose
** walker clobber is `def` (a def or phi access). Asks the walker about
** every access of the function, so answers get cached as a side effect.
** Writes up to `cap` access indices; returns the total count.
*/
uint32_t mssa_q_uses(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap);

/* Builds a location for the location form of a clobber query: `ptr` by
** name (see mssa_q_value_by_name), `size` bytes (MSSA_LOC_UNKNOWN when
** unknown). */
int mssa_q_make_loc(const mssa_module *m, const mssa_func *f, const char *ptr, uint64_t size,
                    mssa_loc *out);

/* ------------------------------------------------------------------ text */

/* "def", "use", "phi", "liveOnEntry" (or "dead"). */
const char *mssa_q_kind_name(unsigned kind);
/* "NoAlias", "MayAlias", "PartialAlias", "MustAlias", or NULL for MSSA_AR_NONE. */
const char *mssa_q_alias_name(int ar);
/* The instruction's text as read ("store i32 0, ptr %x, align 4"). */
size_t mssa_q_inst_text(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                        size_t cap);
/* The instruction's result name ("%8", "%x") or "" when it has none. */
size_t mssa_q_inst_name(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                        size_t cap);
/* A block's label: its name, or its number for unnamed blocks ("5"). */
size_t mssa_q_block_name(const mssa_module *m, const mssa_func *f, uint32_t block, char *buf,
                         size_t cap);
/* The access as opt prints it: "2 = MemoryDef(1)", "MemoryUse(2) MustAlias",
** "3 = MemoryPhi({a,1},{b,2})", "0 = MemoryDef(liveOnEntry)". */
size_t mssa_q_access_text(const mssa_ssa *s, uint32_t access, char *buf, size_t cap);
/* Position of an instruction within its block (0-based). */
uint32_t mssa_q_inst_index(const mssa_func *f, uint32_t inst);

#endif
