/*
** program.h -- whole programs in the daemon (issue 27): `load {"program":
** NAME, "paths": [...]}` or `{"program": NAME, "project": "/abs/
** compile_commands.json"}` reads (or compiles) every unit on the pool,
** links them (analysis/ipa), summarizes, and builds every function's
** MemorySSA with the interprocedural refinement; queries then name the
** program as their module and are answered by the unit that defines the
** function (or holds the position).
**
** Invariants:
**   1. The engine owns its programs (mssa_proto.progs, sorted by name);
**      the host's store never sees them.
**   2. A program is replaced or freed whole, on the query thread: its
**      mssa_program before its units' bundles (ipa.h invariant 1: modules
**      outlive the program), and gen/sgen bumped (mssa__changed) so no
**      reply cache hands out an answer of the freed bundles.
**   3. A program job owns copies of everything it reads, like a load job
**      (m_load.c invariant 1); its run touches only the job.
**   4. An installed program's units are under --max-memory like modules
**      (announced with mssa_proto_module_added when installed, removed
**      before the program is freed): an evicted graph is rebuilt with its
**      unit's refinement (mssa_qmodule.refine), which lives as long as the
**      program, so the rebuild answers as the first build did.
**   5. A load, reload or unload of a program is journaled as a module's is
**      (proto.h, host->journal): the record is written before the program
**      is installed or freed and kept after, so an acknowledged change
**      survives a restart; a load whose record cannot be written (or would
**      exceed what a replay reads: --max-module-bytes) is refused and
**      nothing changes.
*/
#ifndef MSSA_PROTO_PROGRAM_H
#define MSSA_PROTO_PROGRAM_H

#include "methods.h"

typedef struct mssa__prog mssa__prog;
/* One program (owned by the engine: mssa_proto.progs). Its lookups are
** progset.c's; its job, reply and JSON program.c's. */
struct mssa__prog {
  char *name;
  char *project;         /* the compile_commands.json, or NULL */
  uint32_t n;            /* linked units */
  char **paths;
  mssa_qmodule **units;
  mssa_program *prog;
  const mssa_module **mods; /* the program keeps these arrays (mods, and paths
                             as names): they live as long as it does */
  uint32_t nfailed;
  char **fpaths;         /* units that failed, kept for a reload */
  json_t *failed;        /* [{path, error}] */
  unsigned llvm;         /* the LLVM version its units were read as (0: detected) */
  double ms;
};

typedef struct mssa__progjob mssa__progjob;

/* `load` with params.program: makes the job (c->job); 0 or an error on c. */
int mssa__program_load(mssa__call *c);
/* On the pool. */
void mssa__progjob_run(mssa__progjob *pj);
/* On the query thread: installs the program built (replacing one of the
** same name) and replies. */
void mssa__progjob_reply(mssa_proto *p, mssa_proto_job *j, mssa_buf *out);
void mssa__progjob_free(mssa__progjob *pj);
/* Progress notifications of the job (proto.h, mssa_proto_job_set_progress),
** tagged with the request's id as their token (query thread, before it runs). */
void mssa__progjob_set_progress(mssa__progjob *pj, json_t *id, const char *name,
                                mssa_proto_progress_fn fn, void *ctx);

/* progset.c: lookups (they call nothing else of protocol/). */
/* The program named `name`, or NULL. */
mssa__prog *mssa__prog_find(const mssa_proto *p, const char *name);
const char *mssa__prog_name(const mssa__prog *g);
/* Its units. */
uint32_t mssa__prog_nunits(const mssa__prog *g);
mssa_qmodule *mssa__prog_unit(const mssa__prog *g, uint32_t k);
const char *mssa__prog_unit_path(const mssa__prog *g, uint32_t k);
/* The unit that defines function `fname` (without '@'; the first in unit
** order for a static name in several), or, when `unit` is not NULL, the
** unit of that path; NULL if none. */
mssa_qmodule *mssa__prog_unit_for(const mssa__prog *g, const char *fname, const char *unit);
/* The program whose unit q is, or NULL; *k its index. */
const mssa__prog *mssa__prog_of(const mssa_proto *p, const mssa_qmodule *q, uint32_t *k);
/* "mode":"ipa" and "unit" added to a program answer by unit q (nothing
** for a plain module). */
void mssa__prog_mark(const mssa_proto *p, const mssa_qmodule *q, json_t *o);
/* `modref` of call `inst` of function fi of unit q: the callee's summary
** as JSON (mode, callee, unknown, reason, reads, writes), or NULL. */
json_t *mssa__prog_call_summary(const mssa_proto *p, const mssa_qmodule *q, uint32_t fi,
                                uint32_t inst);
/* prog_through.c: when a `clobber` of load `use` (function fi of unit q)
** stops at `call`, and the load reads a global: the writes of that global
** inside the callee, transitively and bounded, each with its source and
** call chain ({global, callee, writes, truncated}); NULL otherwise. */
json_t *mssa__prog_through(mssa_proto *p, const mssa_qmodule *q, uint32_t fi, uint32_t use,
                           uint32_t call);
/* prog_through.c: when a `clobber` of load `use` (function fi of unit q)
** reaches liveOnEntry, and the load reads a global: every call of the
** function in the program with the writes of that global reaching it,
** one level up and bounded ({global, function, calls, truncated}); NULL
** otherwise. */
json_t *mssa__prog_at_callers(mssa_proto *p, const mssa_qmodule *q, uint32_t fi, uint32_t use);
/* For `modules` and `stats`. */
uint32_t mssa__prog_count(const mssa_proto *p);
json_t *mssa__prog_json_new(const mssa_proto *p, uint32_t i);
uint32_t mssa__prog_functions(const mssa_proto *p, uint32_t i);
/* Frees program `name`: 0, or -1 if there is none. */
int mssa__prog_unload(mssa_proto *p, const char *name);
/* `unload` of program `name`: journaled (J_UNLOAD), then freed; 0 or an
** error on c (the journal refused: nothing changed). */
int mssa__prog_unload_call(mssa__call *c, const char *name);
/* Journal replay of a J_PROGRAM record (mssa_proto_replay): the program
** built from the texts it holds and installed (replacing one of the same
** name), or -1 with err (nothing changed). */
int mssa__prog_replay(mssa_proto *p, const char *name, const char *payload, size_t len, char *err,
                      size_t cap);
void mssa__progs_free(mssa_proto *p);
/* progset.c. A request out of memory (nomem.c's cleanup, before the sweep): the
** position and name indexes of every program's units go, as a module's
** do (caches the request may have been filling; rebuilt on demand). */
void mssa__progs_nomem(mssa_proto *p);

#endif
