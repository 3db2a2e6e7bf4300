/*
** cli_jobs.c -- building a module's functions on several threads for the
** CLI's --local commands (cli_jobs.h).
**
** Workers take the next function from an atomic counter (functions differ
** a lot in size: fixed shares would be unbalanced), build and measure it.
** Threads live here, not in analysis/: the library only offers the
** constant slices that let graphs of one module be built at once
** (alias/phitrans.h). Two ways to hand the results over:
**   - build, verify (no `keep`): each worker, the main thread one of them,
**     takes the largest function left, folds into a slice of its own and
**     frees each graph after measuring it; once all have ended the main
**     thread emits every function in module order;
**   - print (`keep`): the main thread emits (prints) while workers build
**     ahead, each function in its window slot; when it comes to a function
**     no worker has taken yet, it builds that one itself.
**
** Invariants:
**   1. The output is the one-thread output, byte for byte: emit runs on the
**      main thread in module order, and every graph emitted or measured is
**      the one-thread graph (one whose folds overflowed its slice is done
**      again, invariant 4).
**   2. keep: function k may be built only while k < consumed + window: at
**      most `window` graphs are built but not yet emitted, so memory stays
**      near the one-thread run's, and slot k % window (its constant slice,
**      its graph) is free when function k takes it.
**   3. While workers run, nothing changes the module but folds into the
**      slices, each slice's only by the thread that holds it: a worker's
**      own (no keep); with keep, the thread that builds the slot's
**      function while it builds, then the main thread while it emits, the
**      mutex ordering the hand-over (or none: the main thread built it).
**   4. Overflow (alias/phitrans.c invariant 6) in a build: that function
**      is done again as the one-thread loop does it, folding into the
**      module, while no worker builds: without keep after they have all
**      ended; with keep at the function's turn, its graph thrown away, the
**      workers paused (`active` 0, `paused` holding the rest). measure and
**      emit then run again. In an emit (the walker's queries fold too) a
**      full slice pauses the workers the same way until the emit ends, and
**      the folds go on into the module: nothing needs doing again, so emit
**      writes straight to stdout.
**   5. -j1 (and a module with one function) is the plain loop: no thread,
**      no slice, the module untouched.
**   6. With N threads and at least N CPUs allowed, each thread runs on a
**      CPU of its own while they build (the main thread on the one it is
**      on, then back to its own CPU set): placement only, the output does
**      not depend on it. MEMSSA_NO_PIN (set) leaves placement to the
**      system; MEMSSA_PIN_TRACE (set) tells on stderr which CPUs.
*/
#define _GNU_SOURCE   /* pthreads; CPU sets and sched_getcpu (invariant 6) */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "alias/phitrans.h"
#include "cli_jobs.h"

/* A slice's folds: how many constants and operands (MEMSSA_CONST_SLICE
** sets the constants, for tests: 0 makes every fold overflow). The most a
** function of the corpora folds is 46 (a csmith program, LLVM 22). */
#define SLICE_CONSTS 128u
#define SLICE_OPS_PER_CONST 4u

typedef struct slot {
  mssa_const_slice sl;
  mssa_ssa *s;          /* keep: the graph built, or NULL */
  bool done;            /* keep: built (or failed): the main thread's turn */
  bool overflow;        /* keep: its build overflowed the slice */
} slot;

typedef struct pool {
  mssa_module *m;
  mssa_cli_fn *fns;
  uint32_t n;
  const mssa_cli_work *w;
  slot *slots;          /* keep: `window` of them; else one per worker */
  uint32_t window;
  bool *redo;           /* no keep: per function, its folds overflowed */
  uint32_t *order;      /* no keep: the functions in the order to build them */
  atomic_uint next;     /* the next function to build */
  atomic_uint nworkers; /* no keep: hands the workers their slots */
  /* keep: the mutex guards what follows and each slot's hand-over. */
  pthread_mutex_t mu;
  pthread_cond_t work_cv, done_cv;
  uint32_t consumed;    /* functions emitted */
  uint32_t main_waits;  /* the function the main thread sleeps for, or MSSA_NONE */
  unsigned active;      /* workers building */
  unsigned sleeping;    /* workers waiting for the window or a pause */
  bool paused;          /* invariant 4 */
  bool held;            /* the main thread paused them while it emits */
} pool;

unsigned mssa_cli_default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 1) return 1;
  return n > MSSA_CLI_JOBS_DEFAULT_MAX ? MSSA_CLI_JOBS_DEFAULT_MAX : (unsigned)n;
}

/*
** Invariant 6: why threads are placed. `-j N` asks for N CPUs at once.
** Linux spreads runnable threads over idle CPUs, but a scheduler that packs
** them onto few virtual CPUs (the project's own 2-vCPU machines boot with
** sched_vcpu_pack) at times ran the main thread and a worker on one CPU:
** wall time above CPU time, and `build --local -j2` 5-11% slower in wall
** time over 60 interleaved runs per Lua module (bench/RESULTS.md, round 9). A CLI command
** lasts well under a second, and the threads only need their CPUs while
** they build: the main thread gets its own set back afterwards.
*/
typedef struct placement {
  bool on;              /* the threads are placed */
  int cpu[MSSA_CLI_JOBS_MAX]; /* thread k's CPU; 0 is the main thread's */
  cpu_set_t main_set;   /* the main thread's own, to restore */
} placement;

/* Chooses a CPU for each of `jobs` threads, or none (pl->on false) when
** MEMSSA_NO_PIN is set, fewer CPUs than threads are allowed, or the
** system cannot say; places the main thread. */
static void place_main(placement *pl, unsigned jobs) {
  pl->on = false;
  const char *why = NULL;
  cpu_set_t allowed;
  int here = sched_getcpu();
  if (getenv("MEMSSA_NO_PIN")) why = "MEMSSA_NO_PIN";
  else if (jobs > MSSA_CLI_JOBS_MAX || pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) != 0 ||
           here < 0 || here >= CPU_SETSIZE || !CPU_ISSET(here, &allowed))
    why = "CPUs unknown";
  else if ((unsigned)CPU_COUNT(&allowed) < jobs) why = "fewer CPUs than threads";
  if (!why) {
    pl->main_set = allowed;
    pl->cpu[0] = here;
    unsigned k = 1;
    for (int c = 0; c < CPU_SETSIZE && k < jobs; c++)
      if (c != here && CPU_ISSET(c, &allowed)) pl->cpu[k++] = c;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(here, &one);
    pl->on = pthread_setaffinity_np(pthread_self(), sizeof one, &one) == 0;
    if (!pl->on) why = "refused";
  }
  if (getenv("MEMSSA_PIN_TRACE")) {
    if (!pl->on) {
      fprintf(stderr, "memssa: -j%u: threads not placed (%s)\n", jobs, why);
    } else {
      fprintf(stderr, "memssa: -j%u: threads on CPUs", jobs);
      for (unsigned k = 0; k < jobs; k++) fprintf(stderr, "%s%d", k ? "," : " ", pl->cpu[k]);
      fprintf(stderr, "\n");
    }
  }
}

/* Thread attributes for worker k (1-based) on its CPU; false if none. */
static bool place_worker(const placement *pl, unsigned k, pthread_attr_t *attr) {
  if (!pl->on || pthread_attr_init(attr) != 0) return false;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(pl->cpu[k], &one);
  if (pthread_attr_setaffinity_np(attr, sizeof one, &one) == 0) return true;
  pthread_attr_destroy(attr);
  return false;
}

static void unplace_main(const placement *pl) {
  if (pl->on) pthread_setaffinity_np(pthread_self(), sizeof pl->main_set, &pl->main_set);
}

/* The one-thread loop's body: build, measure, emit, free. */
static void run_one(const mssa_module *m, mssa_cli_fn *fn, const mssa_cli_work *w, FILE *out) {
  mssa_ssa *s = NULL;
  fn->rc = mssa_ssa_build_refined(m, &m->funcs.a[fn->fi], w->bo, w->refine, &s);
  if (fn->rc != MSSA_OK) return;
  if (w->measure) w->measure(fn, s);
  w->emit(w->ctx, fn, s, out);
  mssa_ssa_free(s);
}

/* A worker's build (and measure) of function k with slice `sl`; the
** graph, or NULL when it was not built or `free`. *overflow: its folds
** overflowed the slice. */
static mssa_ssa *build_with(pool *p, uint32_t k, mssa_const_slice *sl, bool free_it,
                            bool *overflow) {
  mssa_cli_fn *fn = &p->fns[k];
  mssa_const_slice_reset(sl);
  mssa_const_slice_use(sl);
  mssa_ssa *s = NULL;
  fn->rc = mssa_ssa_build_refined(p->m, &p->m->funcs.a[fn->fi], p->w->bo, p->w->refine, &s);
  if (fn->rc == MSSA_OK && p->w->measure && !sl->overflow) p->w->measure(fn, s);
  mssa_const_slice_use(NULL);
  *overflow = sl->overflow;
  if (free_it || *overflow) {
    mssa_ssa_free(s);
    s = NULL;
  }
  return s;
}

/* No keep: build and measure until no function is left, the largest
** first (p->order). */
static void *worker_free(void *arg) {
  pool *p = arg;
  mssa_const_slice *sl = &p->slots[atomic_fetch_add(&p->nworkers, 1)].sl;
  for (;;) {
    uint32_t i = atomic_fetch_add(&p->next, 1);
    if (i >= p->n) return NULL;
    uint32_t k = p->order[i];
    build_with(p, k, sl, true, &p->redo[k]);
  }
}

/* Largest first: one large function taken last would leave the other
** threads idle at the end (luaV_execute is a quarter of lua.O0's build,
** and last but few in the module). Size: instructions. */
static int by_size_desc(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  return *x < *y ? 1 : *x > *y ? -1 : 0;
}

static uint32_t *largest_first(const mssa_module *m, const mssa_cli_fn *fns, uint32_t n) {
  uint64_t *key = malloc(n * sizeof *key);
  uint32_t *order = malloc(n * sizeof *order);
  if (!key || !order) abort();
  /* instructions in the high half, the position (ties: module order) low */
  for (uint32_t k = 0; k < n; k++)
    key[k] = (uint64_t)m->funcs.a[fns[k].fi].insts.n << 32 | (UINT32_MAX - k);
  qsort(key, n, sizeof *key, by_size_desc);
  for (uint32_t k = 0; k < n; k++) order[k] = UINT32_MAX - (uint32_t)key[k];
  free(key);
  return order;
}

/* keep: build into the window (invariant 2). */
static void *worker_keep(void *arg) {
  pool *p = arg;
  for (;;) {
    uint32_t k = atomic_fetch_add(&p->next, 1);
    if (k >= p->n) return NULL;
    pthread_mutex_lock(&p->mu);
    while (p->paused || k >= p->consumed + p->window) {
      p->sleeping++;
      pthread_cond_wait(&p->work_cv, &p->mu);
      p->sleeping--;
    }
    p->active++;
    pthread_mutex_unlock(&p->mu);
    slot *st = &p->slots[k % p->window];
    bool overflow;
    mssa_ssa *s = build_with(p, k, &st->sl, false, &overflow);
    pthread_mutex_lock(&p->mu);
    st->s = s;
    st->overflow = overflow;
    st->done = true;
    p->active--;
    /* only the main thread waits on done_cv: wake it only when it waits
    ** for this function, or for the last build before a pause */
    if (p->main_waits == k || (p->paused && !p->active)) pthread_cond_signal(&p->done_cv);
    pthread_mutex_unlock(&p->mu);
  }
}

/* Invariant 4: no worker builds between pause and resume. */
static void pause_workers(pool *p) {
  pthread_mutex_lock(&p->mu);
  p->paused = true;
  while (p->active) pthread_cond_wait(&p->done_cv, &p->mu);
  pthread_mutex_unlock(&p->mu);
}

static void resume_workers(pool *p) {
  pthread_mutex_lock(&p->mu);
  p->paused = false;
  pthread_cond_broadcast(&p->work_cv);
  pthread_mutex_unlock(&p->mu);
}

/* The hook of a slot's slice while the main thread emits from it
** (alias/phitrans.h): a fold past the full slice pauses the workers, and
** the module is the main thread's until the emit ends (invariant 4). */
static bool emit_slice_full(void *arg) {
  pool *p = arg;
  if (!p->held) pause_workers(p);
  p->held = true;
  return true;
}

/* Emits a built function from its slot (invariant 3): its folds go into
** the slot's slice, and past it into the module (emit_slice_full). */
static void emit_from_slot(pool *p, mssa_cli_fn *fn, slot *st) {
  const mssa_cli_work *w = p->w;
  if (fn->rc != MSSA_OK) return;   /* skipped, as the plain loop does */
  st->sl.on_full = emit_slice_full;
  st->sl.on_full_arg = p;
  mssa_const_slice_use(&st->sl);
  w->emit(w->ctx, fn, st->s, stdout);
  mssa_const_slice_use(NULL);
  st->sl.on_full = NULL;
  if (p->held) resume_workers(p);
  p->held = false;
}

/* keep: the main thread's turn for function k. When no worker has taken
** k yet, the main thread builds it itself (it is a worker too: it would
** only wait); else it waits for the worker's graph. */
static void take_turn(pool *p, uint32_t k, slot *st) {
  unsigned expect = k;
  if (atomic_compare_exchange_strong(&p->next, &expect, k + 1)) {
    /* slot k % window is free: k - window was emitted (invariant 2) */
    st->s = build_with(p, k, &st->sl, false, &st->overflow);
    return;
  }
  pthread_mutex_lock(&p->mu);
  /* a worker sleeping for the window is woken every half window
  ** (emit_in_order): before waiting, wake them all */
  if (!st->done && p->sleeping) pthread_cond_broadcast(&p->work_cv);
  while (!st->done) {
    p->main_waits = k;
    pthread_cond_wait(&p->done_cv, &p->mu);
  }
  p->main_waits = MSSA_NONE;
  pthread_mutex_unlock(&p->mu);
}

/* keep: the main thread's part, every function's turn in module order. */
static void emit_in_order(pool *p) {
  for (uint32_t k = 0; k < p->n; k++) {
    slot *st = &p->slots[k % p->window];
    take_turn(p, k, st);
    mssa_cli_fn *fn = &p->fns[k];
    if (!st->overflow) emit_from_slot(p, fn, st);
    mssa_ssa_free(st->s);
    st->s = NULL;
    if (st->overflow) {   /* its build overflowed: redo it alone */
      pause_workers(p);
      run_one(p->m, fn, p->w, stdout);
      resume_workers(p);
    }
    pthread_mutex_lock(&p->mu);
    st->done = false;
    p->consumed = k + 1;
    /* Workers sleeping for the window wake when half of it is free, not
    ** for each slot: then they build a batch between context switches. */
    if (p->sleeping && p->consumed % (p->window / 2) == 0) pthread_cond_broadcast(&p->work_cv);
    pthread_mutex_unlock(&p->mu);
  }
}

/* No keep: after the workers, every function in module order. */
static void emit_after(pool *p) {
  const mssa_cli_work *w = p->w;
  for (uint32_t k = 0; k < p->n; k++) {
    mssa_cli_fn *fn = &p->fns[k];
    if (p->redo[k]) run_one(p->m, fn, w, stdout);
    else if (fn->rc == MSSA_OK) w->emit(w->ctx, fn, NULL, stdout);
  }
}

static uint32_t slice_consts(void) {
  const char *e = getenv("MEMSSA_CONST_SLICE");
  if (!e || !*e) return SLICE_CONSTS;
  char *end;
  unsigned long v = strtoul(e, &end, 10);
  /* at most 4096: window * 4096 * 5 stays far below MSSA_MAX_INDEX */
  return *end || v > 4096 ? SLICE_CONSTS : (uint32_t)v;
}

void mssa_cli_run(mssa_module *m, mssa_cli_fn *fns, uint32_t n, unsigned jobs,
                  const mssa_cli_work *w) {
  if (jobs > n) jobs = n;
  if (jobs <= 1) {   /* invariant 5 */
    for (uint32_t k = 0; k < n; k++) run_one(m, &fns[k], w, stdout);
    return;
  }
  pool p = {.m = m, .fns = fns, .n = n, .w = w, .main_waits = MSSA_NONE};
  p.window = w->keep ? 4 * jobs + 8 : jobs;
  atomic_init(&p.next, 0);
  atomic_init(&p.nworkers, 0);
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.work_cv, NULL);
  pthread_cond_init(&p.done_cv, NULL);
  p.slots = calloc(p.window, sizeof *p.slots);
  pthread_t *tid = calloc(jobs, sizeof *tid);
  if (!w->keep) {   /* build and verify: the redo marks and the largest-first order */
    p.redo = calloc(n, sizeof *p.redo);
    p.order = largest_first(m, fns, n);
  }
  if (!p.slots || (!w->keep && !p.redo) || !tid) abort();
  uint32_t nc = slice_consts();
  for (uint32_t i = 0; i < p.window; i++)
    mssa_const_slice_reserve(m, &p.slots[i].sl, nc, nc * SLICE_OPS_PER_CONST);
  /* The main thread is one of the workers (with keep, one that also
  ** prints, and builds only what no other has taken yet). */
  placement pl;
  place_main(&pl, jobs);
  unsigned started = 0;
  while (started < jobs - 1) {
    pthread_attr_t attr;
    bool placed = place_worker(&pl, started + 1, &attr);
    void *(*fn)(void *) = w->keep ? worker_keep : worker_free;
    int rc = pthread_create(&tid[started], placed ? &attr : NULL, fn, &p);
    if (placed) pthread_attr_destroy(&attr);
    /* a CPU gone offline since it was chosen: that worker unplaced */
    if (rc != 0 && placed) rc = pthread_create(&tid[started], NULL, fn, &p);
    if (rc != 0) break;
    started++;
  }
  if (w->keep) emit_in_order(&p);
  else worker_free(&p);
  for (unsigned i = 0; i < started; i++) pthread_join(tid[i], NULL);
  unplace_main(&pl);
  if (!w->keep) emit_after(&p);
  free(tid);
  free(p.order);
  free(p.redo);
  free(p.slots);
  pthread_cond_destroy(&p.done_cv);
  pthread_cond_destroy(&p.work_cv);
  pthread_mutex_destroy(&p.mu);
}
