/*
** job.h -- a load job (protocol/proto.h's mssa_proto_job), shared by the
** method that makes it (m_load.c) and the file that runs, answers and
** frees it (job.c).
**
** Invariants: those of m_load.c (1-3): a job owns copies of everything it
** reads, or a reference to the text's JSON string that nothing else
** touches while it runs, and its run calls only the analysis library and
** m_read.c, so it is safe on a worker thread.
*/
#ifndef MSSA_PROTO_JOB_H
#define MSSA_PROTO_JOB_H

#include "load_source.h"
#include "methods.h"
#include "memssa.h"

struct mssa_proto_job {
  json_t *id;             /* request id (owned), NULL for a notification */
  char *name;
  char *path;             /* file to read, or the name used in diagnostics */
  bool from_file;         /* a path load: job_run reads `path` first */
  mssa__srcjob *src;      /* a source load: job_run compiles it first (owned) */
  char *root;             /* from_file: read only under this directory (NULL: anywhere) */
  size_t max_bytes;       /* --max-module-bytes */
  json_t *text;           /* the module text as a JSON string (owned) or NULL */
  mssa_build_opts opts;
  unsigned llvm;          /* params.llvm: read as this LLVM version (0: detect) */
  /* results of job_run */
  int rc;
  int refused;            /* the file was not read: its MSSA_REASON_*, else -1 */
  char refusal[512];
  mssa_qmodule *q;
  mssa_diag diag;
  double ms, read_ms;     /* read_ms: reading the file (path loads) */
  char why[256];          /* a replace that could not be done by difference */
  /* A reload by difference. Its comparison runs on the pool against copies
  ** (omap set; m_reload.c applies the plan on the query thread if the
  ** bundle is still at the version copied), or, for texts that compare
  ** fast, in job_reply on the query thread once the pool has read the file
  ** (compare_here). */
  mssa_qmodule *rq;       /* the bundle compared against (not owned) */
  uint64_t rversion;
  bool compare_here;
  char *otext;            /* copy of its text, and of its text map (owned) */
  size_t olen;
  struct mssa_textmap *omap;
  uint32_t max_changed;
  uint8_t *pinned;        /* mssa_module_pinned_funcs (owned) */
  char *ntext;            /* the new text (owned) */
  size_t nlen;
  mssa_retext_plan *plan; /* the comparison, when it found a plan */
  bool again;             /* job_reply asks for a second run: a full build */
  uint64_t t0;            /* when the request was handled */
  struct mssa__progjob *prog; /* a program load (program.c; owned), else NULL */
  char *lines_file;       /* params.load_lines: the reply lists the lines of
                             this file's loads (owned), else NULL */
};

/* Adds "load_lines" to a load's reply: the lines with loads of `file` in
** the module as loaded now (for an editor's code lenses); nothing when
** `res` or `file` is NULL. */
void mssa__add_load_lines(json_t *res, const mssa_qmodule *q, const char *file);

#endif
