/*
** cli_jobs.h -- the per-function work of `memssa build|verify|print
** --local`, on one thread or on several (cli_jobs.c).
**
** Each defined function is built (mssa_ssa_build), then `measure`d on the
** thread that built it, then `emit`ted on the main thread, function after
** function in module order; with one job that is the plain loop, build,
** measure, emit, free, one function at a time.
*/
#ifndef MSSA_CLI_JOBS_H
#define MSSA_CLI_JOBS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ir/ir.h"
#include "mssa/mssa.h"

/* -j's bounds, and the default's cap (the number of online CPUs, at most). */
#define MSSA_CLI_JOBS_MAX 64
#define MSSA_CLI_JOBS_DEFAULT_MAX 8

/* One function's work and what `measure` found. */
typedef struct mssa_cli_fn {
  uint32_t fi;          /* index in m->funcs */
  int rc;               /* mssa_ssa_build's result: not MSSA_OK, skipped */
  uint64_t count[3];    /* measure's numbers (build: defs, uses, phis) */
  char *msg;            /* measure's message (verify), malloc'ed, or NULL */
} mssa_cli_fn;

typedef struct mssa_cli_work {
  const mssa_build_opts *bo;
  /* On the building thread, after a successful build; may be NULL. It only
  ** reads the graph and sets fn's fields, replacing what it set before (a
  ** function may be measured twice, cli_jobs.c invariant 4). */
  void (*measure)(mssa_cli_fn *fn, const mssa_ssa *s);
  /* On the main thread, in module order, for each function built; `s` is
  ** the graph with keep, else NULL (it may be the graph in either case
  ** when a function is done again, cli_jobs.c invariant 4). */
  void (*emit)(void *ctx, mssa_cli_fn *fn, mssa_ssa *s, FILE *out);
  void *ctx;
  /* emit needs the graph (print): built graphs wait for it, a few at a
  ** time; else the building thread frees each graph after measure. */
  bool keep;
  /* optional: calls seen through (ipa/, mssa_ssa_build_refined), or NULL */
  const mssa_refine *refine;
} mssa_cli_work;

/* The default -j: the number of online CPUs, at most
** MSSA_CLI_JOBS_DEFAULT_MAX. */
unsigned mssa_cli_default_jobs(void);

/* Does the work for fns[0..n) of m on `jobs` building threads (1: the
** plain loop on this thread). With more than one, the module gets
** constant slices (alias/phitrans.h): it must not be used for anything
** else until it is freed. */
void mssa_cli_run(mssa_module *m, mssa_cli_fn *fns, uint32_t n, unsigned jobs,
                  const mssa_cli_work *w);

#endif
