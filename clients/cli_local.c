/*
** cli_local.c -- the `--local` subcommands of the memssa CLI: they read a
** module and run the analysis library in-process, without a daemon.
**
**   memssa print  --local [--walker] [--check-limit N] [--function NAME] FILE.ll
**   memssa print|build|verify --local --ipa [--walker] A.ll B.ll ... (a program)
**   memssa verify --local FILE.ll
**   memssa build  --local FILE.ll
**   memssa alias  --local FILE.ll FUNCTION PTR1 SIZE1 PTR2 SIZE2
** Each takes `--llvm N` (14..22): read the module as LLVM N wrote it, in
** place of the version detected from the module. print, verify and build
** take `-j N` (`--jobs N`): build the functions on N threads (default: the
** online CPUs, at most 8; cli_jobs.c), with the output of one.
**
** Invariants:
**   1. Diagnostics for bad IR are one line, FILE:LINE:COL: error: MSG, on
**      stderr, with exit status 1.
**   2. Output for `print` follows opt's function order: every defined
**      function of the module, in file order.
**   3. The module file is mapped, not copied (reader.h,
**      mssa_module_parse_file_mapped): these commands end with the process.
**      Another process truncating the file meanwhile makes the next access
**      to a page past its new end raise SIGBUS; the handler turns that into
**      a one-line error and exit status 1 instead of a core dump.
**   4. With --ipa the files are one program (analysis/ipa): linked and
**      summarized before any function is built, MSSA_IPA_DROP_WRITE
**      ("fname:k", fault injection) applied to the summaries before anything
**      reads them, and the program freed before its modules. Output then
**      starts with `; memssa: ipa mode`; without --ipa nothing changes.
*/
#define _POSIX_C_SOURCE 200809L   /* sigaction, siginfo_t */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alias/aa.h"
#include "cli.h"
#include "ipa/ipa.h"
#include "cli_jobs.h"
#include "ir/ir.h"
#include "reader/reader.h"
#include "mssa/mssa.h"
#include "query/mssa_query.h"

#define MAX_FILES 1024

typedef struct local_opts {
  bool walker;
  bool ipa;             /* --ipa: the files are one program (cli_ipa.c) */
  const char *files[MAX_FILES]; /* every input file (more than one with --ipa) */
  uint32_t nfiles;
  unsigned llvm;        /* --llvm N, 0 for the detected version */
  uint32_t check_limit;
  bool zero_check_limit;  /* --check-limit 0 */
  const char *function;
  const char *file;
  unsigned jobs;        /* -j N: building threads */
} local_opts;

/* `--llvm N` at argv[*i] (advancing *i): N into *out. Returns 1 if it was
** that option, 0 if not, -1 (message printed) for a bad N. */
int mssa__cli_llvm_opt(int argc, char **argv, int *i, unsigned *out, const char *cmd) {
  if (strcmp(argv[*i], "--llvm")) return 0;
  char *end = NULL;
  unsigned long v = *i + 1 < argc ? strtoul(argv[*i + 1], &end, 10) : 0;
  if (!end || *end || v < MSSA_LLVM_MIN || v > MSSA_LLVM_MAX) {
    fprintf(stderr, "memssa %s: --llvm needs an LLVM version from %d to %d\n", cmd, MSSA_LLVM_MIN,
            MSSA_LLVM_MAX);
    return -1;
  }
  *out = (unsigned)v;
  (*i)++;
  return 1;
}

/* `-j N`, `-jN`, `--jobs N` or `--jobs=N` at argv[*i] (advancing *i): N
** into *out. Returns 1 if it was that option, 0 if not, -1 (message
** printed) for a bad N. */
static int jobs_opt(int argc, char **argv, int *i, unsigned *out, const char *cmd) {
  const char *a = argv[*i], *v;
  if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) v = *i + 1 < argc ? argv[++*i] : "";
  else if (!strncmp(a, "--jobs=", 7)) v = a + 7;
  else if (!strncmp(a, "-j", 2)) v = a + 2;
  else return 0;
  char *end;
  unsigned long n = strtoul(v, &end, 10);
  if (*end || end == v || *v == '-' || n < 1 || n > MSSA_CLI_JOBS_MAX) {
    fprintf(stderr, "memssa %s: -j needs a number of threads from 1 to %d\n", cmd,
            MSSA_CLI_JOBS_MAX);
    return -1;
  }
  *out = (unsigned)n;
  return 1;
}

static int parse_local_opts(int argc, char **argv, local_opts *o, const char *cmd) {
  memset(o, 0, sizeof *o);
  o->check_limit = UINT32_MAX;
  o->jobs = mssa_cli_default_jobs();
  bool local = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int lv = mssa__cli_llvm_opt(argc, argv, &i, &o->llvm, cmd);
    if (lv == 0) lv = jobs_opt(argc, argv, &i, &o->jobs, cmd);
    if (lv < 0) return -1;
    if (lv) continue;
    if (!strcmp(a, "--local")) local = true;
    else if (!strcmp(a, "--walker")) o->walker = true;
    else if (!strcmp(a, "--ipa")) o->ipa = true;
    else if (!strcmp(a, "--check-limit") && i + 1 < argc) {
      char *end;
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (*end || end == argv[i] || v > UINT32_MAX) {
        fprintf(stderr, "memssa %s: --check-limit needs a number (0: no checks)\n", cmd);
        return -1;
      }
      o->check_limit = (uint32_t)v;
      o->zero_check_limit = v == 0;
    } else if (!strcmp(a, "--function") && i + 1 < argc) o->function = argv[++i];
    else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "memssa %s: unknown option '%s'\n", cmd, a);
      return -1;
    } else if (o->nfiles < MAX_FILES) {
      o->files[o->nfiles++] = a;
      if (!o->file) o->file = a;
    } else {
      fprintf(stderr, "memssa %s: more than %d input files\n", cmd, MAX_FILES);
      return -1;
    }
  }
  if (o->nfiles > 1 && !o->ipa) {
    fprintf(stderr, "memssa %s: more than one input file (a program: --ipa)\n", cmd);
    return -1;
  }
  if (!local) {
    fprintf(stderr, "memssa %s: only --local is available in this build of the CLI\n", cmd);
    return -1;
  }
  if (!o->file) {
    fprintf(stderr, "memssa %s: no input file\n", cmd);
    return -1;
  }
  return 0;
}

/* The mapped text and the message for a fault inside it (invariant 3),
** made before the handler is installed: a handler may only call
** async-signal-safe functions, so it writes a prepared line. */
static const char *mapped_lo, *mapped_hi;
static char sigbus_msg[600];
static size_t sigbus_len;

static void on_sigbus(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  const char *a = si ? (const char *)si->si_addr : NULL;
  /* While the reader runs the range is not known yet (mapped_lo NULL): a
  ** bus error then can only be the file's. */
  if (!mapped_lo || (a && a >= mapped_lo && a < mapped_hi)) {
    /* Returning would retry the access and fault again: stop here. */
    ssize_t w = write(STDERR_FILENO, sigbus_msg, sigbus_len);
    (void)w;
    _exit(1);
  }
  /* Not the file: a bus error of our own, reported as the system would. */
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Before the read: any bus error until narrow_sigbus is the file's. */
static void catch_sigbus(const char *file) {
  int n = snprintf(sigbus_msg, sizeof sigbus_msg,
                   "%s: error: the file was truncated while memssa was reading it\n", file);
  sigbus_len = n < 0 ? 0 : (size_t)n < sizeof sigbus_msg ? (size_t)n : sizeof sigbus_msg - 1;
  mapped_lo = mapped_hi = NULL;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigbus;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, NULL);
}

/* After it: only a bus error inside the mapping, if the reader mapped the
** file (else none: the text is a heap block). */
static void narrow_sigbus(const mssa_module *m) {
  mapped_lo = m->text;
  mapped_hi = m->text + m->text_mapped;
  if (!m->text_mapped) signal(SIGBUS, SIG_DFL);
}

mssa_module *mssa__cli_load_module(const char *file, unsigned llvm) {
  mssa_module *m = NULL;
  mssa_diag d;
  memset(&d, 0, sizeof d);
  catch_sigbus(file);
  struct stat st;
  mssa__cli_heap_for_one_module(stat(file, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size : 0);
  int rc = mssa_module_parse_file_mapped(file, &m, &d);
  if (rc != MSSA_OK) {
    char buf[1024];
    mssa_diag_format(&d, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
    return NULL;
  }
  narrow_sigbus(m);
  if (llvm) mssa_module_set_llvm_version(m, llvm);
  return m;
}

/* The defined functions the command works on (all, or --function's),
** in module order; *n their count. */
static mssa_cli_fn *local_fns(const mssa_module *m, const char *only, uint32_t *n) {
  mssa_cli_fn *fns = mssa_xcalloc(m->funcs.n ? m->funcs.n : 1, sizeof *fns);
  *n = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl) continue;
    if (only && strcmp(only, mssa_str(m, f->name))) continue;
    fns[(*n)++].fi = fi;
  }
  return fns;
}

static void free_fns(mssa_cli_fn *fns, uint32_t n) {
  for (uint32_t k = 0; k < n; k++) free(fns[k].msg);
  free(fns);
}

static void print_emit(void *ctx, mssa_cli_fn *fn, mssa_ssa *s, FILE *out) {
  (void)fn;
  mssa_print_function(out, s, *(const bool *)ctx);
}

/* ------------------------------------------------------------ programs (--ipa) */

/* Fault injection (invariant 4): MSSA_IPA_DROP_WRITE="fname:k". */
static void drop_write_env(mssa_program *p) {
  const char *e = getenv("MSSA_IPA_DROP_WRITE");
  if (!e || !*e) return;
  const char *colon = strrchr(e, ':');
  if (!colon || colon == e) {
    fprintf(stderr, "memssa: MSSA_IPA_DROP_WRITE needs FUNCTION:K\n");
    return;
  }
  char name[512];
  size_t n = (size_t)(colon - e) < sizeof name - 1 ? (size_t)(colon - e) : sizeof name - 1;
  memcpy(name, e, n);
  name[n] = 0;
  char *end;
  unsigned long k = strtoul(colon + 1, &end, 10);
  if (*end || mssa_program_drop_write(p, name, (uint32_t)k) != MSSA_OK)
    fprintf(stderr, "memssa: MSSA_IPA_DROP_WRITE: no write entry %s of '%s'\n", colon + 1, name);
}

int mssa__cli_program_open(const char *const *files, uint32_t n, unsigned llvm, bool use_callees,
                           mssa__cli_program *out) {
  memset(out, 0, sizeof *out);
  out->mods = mssa_xcalloc(n ? n : 1, sizeof *out->mods);
  for (uint32_t k = 0; k < n; k++) {
    out->mods[k] = mssa__cli_load_module(files[k], llvm);
    if (!out->mods[k]) {
      mssa__cli_program_close(out);
      return -1;
    }
    out->n = k + 1;
  }
  if (mssa_program_new((const mssa_module *const *)out->mods, files, n, &out->p) != MSSA_OK ||
      mssa_program_summarize(out->p, use_callees) != MSSA_OK) {
    fprintf(stderr, "memssa: could not link the program\n");
    mssa__cli_program_close(out);
    return -1;
  }
  drop_write_env(out->p);
  return 0;
}

void mssa__cli_program_close(mssa__cli_program *cp) {
  mssa_program_free(cp->p);   /* invariant 3: before its modules */
  for (uint32_t k = 0; k < cp->n; k++) mssa_module_free(cp->mods[k]);
  free(cp->mods);
  memset(cp, 0, sizeof *cp);
}

/* The modules a command works on: the one file, or with --ipa the
** program of every file (cli_ipa.c), whose builds see through calls. */
typedef struct inputs {
  mssa_module *one;
  mssa__cli_program cp;
  uint32_t n;
  mssa_refine refine;
} inputs;

static int open_inputs(const local_opts *o, inputs *in) {
  memset(in, 0, sizeof *in);
  if (!o->ipa) {
    in->one = mssa__cli_load_module(o->file, o->llvm);
    in->n = in->one != NULL;
    return in->one ? 0 : -1;
  }
  if (mssa__cli_program_open(o->files, o->nfiles, o->llvm, true, &in->cp) < 0) return -1;
  in->n = in->cp.n;
  return 0;
}

static mssa_module *input_module(const inputs *in, uint32_t k) { return in->one ? in->one : in->cp.mods[k]; }

/* The refinement of module k's builds: none without --ipa. */
static const mssa_refine *input_refine(inputs *in, uint32_t k) {
  if (in->one) return NULL;
  mssa_program_refine(in->cp.p, k, &in->refine);
  return &in->refine;
}

static void close_inputs(inputs *in) {
  if (in->one) mssa_module_free(in->one);
  else mssa__cli_program_close(&in->cp);
}

/* Builds every (or --function's) function of every input with `w`;
** returns how many functions were built. */
static uint32_t run_inputs(const local_opts *o, inputs *in, mssa_build_opts *bo, mssa_cli_work *w,
                           const char *only, void (*each)(void *ctx, const mssa_module *m, uint32_t k)) {
  uint32_t total = 0;
  for (uint32_t k = 0; k < in->n; k++) {
    mssa_module *m = input_module(in, k);
    /* current LLVM's print<memoryssa-walker> does not optimize uses first */
    bo->lazy_uses = w->emit == print_emit && o->walker && mssa_ssa_current(m);
    if (each) each(w->ctx, m, k);
    uint32_t n;
    mssa_cli_fn *fns = local_fns(m, only, &n);
    w->refine = input_refine(in, k);
    mssa_cli_run(m, fns, n, o->jobs, w);
    free_fns(fns, n);
    total += n;
  }
  return total;
}

int mssa_cli_print_local(int argc, char **argv) {
  local_opts o;
  if (parse_local_opts(argc, argv, &o, "print") < 0) return 2;
  inputs in;
  if (open_inputs(&o, &in) < 0) return 1;
  /* only in --ipa mode: the plain output stays opt's, byte for byte */
  if (o.ipa) printf("; memssa: ipa mode\n");
  mssa_build_opts bo = {o.check_limit, MSSA_AA_ALL, false, o.zero_check_limit};
  mssa_cli_work w = {&bo, NULL, print_emit, &o.walker, true, NULL};
  uint32_t n = run_inputs(&o, &in, &bo, &w, o.function, NULL);
  close_inputs(&in);
  if (o.function && !n) {
    fprintf(stderr, "memssa print: no function named '%s'\n", o.function);
    return 1;
  }
  return 0;
}

static void verify_measure(mssa_cli_fn *fn, const mssa_ssa *s) {
  char msg[512];
  free(fn->msg);
  fn->msg = NULL;
  if (mssa_verify(s, msg, sizeof msg) < 0) fn->msg = mssa_xstrndup(msg, strlen(msg));
}

typedef struct verify_ctx {
  const char *file;
  const local_opts *o;
  int bad, nf;
} verify_ctx;

static void verify_emit(void *ctx, mssa_cli_fn *fn, mssa_ssa *s, FILE *out) {
  (void)s;
  (void)out;
  verify_ctx *v = ctx;
  v->nf++;
  if (fn->msg) {
    fprintf(stderr, "%s: verify: %s\n", v->file, fn->msg);
    v->bad++;
  }
}

static void verify_each(void *ctx, const mssa_module *m, uint32_t k) {
  (void)m;
  verify_ctx *v = ctx;
  v->file = v->o->files[k];
}

int mssa_cli_verify_local(int argc, char **argv) {
  local_opts o;
  if (parse_local_opts(argc, argv, &o, "verify") < 0) return 2;
  inputs in;
  if (open_inputs(&o, &in) < 0) return 1;
  if (o.ipa) printf("; memssa: ipa mode\n");
  mssa_build_opts bo = {o.check_limit, MSSA_AA_ALL, false, o.zero_check_limit};
  verify_ctx v = {o.file, &o, 0, 0};
  mssa_cli_work w = {&bo, verify_measure, verify_emit, &v, false, NULL};
  run_inputs(&o, &in, &bo, &w, o.function, verify_each);
  close_inputs(&in);
  if (v.bad) return 1;
  if (o.ipa) printf("%u files: %d functions verified\n", o.nfiles, v.nf);
  else printf("%s: %d functions verified\n", o.file, v.nf);
  return 0;
}

static void build_measure(mssa_cli_fn *fn, const mssa_ssa *s) {
  fn->count[0] = s->ndefs;
  fn->count[1] = s->nuses;
  fn->count[2] = s->nphis;
}

/* functions, blocks, instructions, defs, uses, phis */
typedef struct build_sums {
  const mssa_module *m;
  uint64_t n[6];
} build_sums;

static void build_emit(void *ctx, mssa_cli_fn *fn, mssa_ssa *s, FILE *out) {
  (void)s;
  (void)out;
  build_sums *b = ctx;
  const mssa_func *f = &b->m->funcs.a[fn->fi];
  b->n[0]++;
  b->n[1] += f->blocks.n;
  b->n[2] += f->insts.n;
  for (int k = 0; k < 3; k++) b->n[3 + k] += fn->count[k];
}

static void build_each(void *ctx, const mssa_module *m, uint32_t k) {
  (void)k;
  ((build_sums *)ctx)->m = m;
}

int mssa_cli_build_local(int argc, char **argv) {
  local_opts o;
  if (parse_local_opts(argc, argv, &o, "build") < 0) return 2;
  uint64_t t0 = mssa_now_ns();
  inputs in;
  if (open_inputs(&o, &in) < 0) return 1;
  uint64_t t1 = mssa_now_ns();
  mssa_build_opts bo = {o.check_limit, MSSA_AA_ALL, false, o.zero_check_limit};
  build_sums b = {NULL, {0}};
  mssa_cli_work w = {&bo, build_measure, build_emit, &b, false, NULL};
  run_inputs(&o, &in, &bo, &w, NULL, build_each);
  uint64_t t2 = mssa_now_ns();
  /* with --ipa, "read" includes linking and the summaries */
  if (o.ipa) printf("; memssa: ipa mode\n");
  printf("functions %llu blocks %llu instructions %llu defs %llu uses %llu phis %llu "
         "ms %.1f (read %.1f, build %.1f)\n",
         (unsigned long long)b.n[0], (unsigned long long)b.n[1], (unsigned long long)b.n[2],
         (unsigned long long)b.n[3], (unsigned long long)b.n[4], (unsigned long long)b.n[5],
         (t2 - t0) / 1e6, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
  close_inputs(&in);
  return 0;
}

static const char *alias_word(mssa_alias_result r) {
  switch (r) {
  case MSSA_NO_ALIAS: return "NoAlias";
  case MSSA_MAY_ALIAS: return "MayAlias";
  case MSSA_PARTIAL_ALIAS: return "PartialAlias";
  default: return "MustAlias";
  }
}

static int parse_size(const char *s, uint64_t *out) {
  if (!strcmp(s, "unknown") || !strcmp(s, "?")) {
    *out = MSSA_LOC_UNKNOWN;
    return 0;
  }
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || end == s) return -1;
  *out = v;
  return 0;
}

/* memssa alias --local FILE FUNCTION PTR1 SIZE1 PTR2 SIZE2: one AA query. */
int mssa_cli_alias_local(int argc, char **argv) {
  const char *pos[6];
  int npos = 0;
  bool local = false;
  unsigned llvm = 0;
  for (int i = 0; i < argc; i++) {
    int lv = mssa__cli_llvm_opt(argc, argv, &i, &llvm, "alias");
    if (lv < 0) return 2;
    if (lv) continue;
    if (!strcmp(argv[i], "--local")) local = true;
    else if (npos < 6) pos[npos++] = argv[i];
    else npos = 7;
  }
  if (!local || npos != 6) {
    fprintf(stderr, "usage: memssa alias --local [--llvm N] FILE.ll FUNCTION PTR1 SIZE1 PTR2 SIZE2\n"
                    "       (PTR: %%name, %%N or @global; SIZE: bytes or 'unknown')\n");
    return 2;
  }
  uint64_t s1, s2;
  if (parse_size(pos[3], &s1) < 0 || parse_size(pos[5], &s2) < 0) {
    fprintf(stderr, "memssa alias: sizes are byte counts or 'unknown'\n");
    return 2;
  }
  mssa_module *m = mssa__cli_load_module(pos[0], llvm);
  if (!m) return 1;
  int rc = 1;
  uint32_t fi = mssa_module_find_func(m, pos[1][0] == '@' ? pos[1] + 1 : pos[1]);
  if (fi == MSSA_NONE || m->funcs.a[fi].is_decl) {
    fprintf(stderr, "memssa alias: no defined function '%s'\n", pos[1]);
  } else {
    mssa_func *f = &m->funcs.a[fi];
    mssa_loc a, b;
    if (mssa_q_make_loc(m, f, pos[2], s1, &a) != MSSA_OK) {
      fprintf(stderr, "memssa alias: no value '%s' in %s\n", pos[2], pos[1]);
    } else if (mssa_q_make_loc(m, f, pos[4], s2, &b) != MSSA_OK) {
      fprintf(stderr, "memssa alias: no value '%s' in %s\n", pos[4], pos[1]);
    } else {
      mssa_aa *aa = mssa_aa_new(m, f, MSSA_AA_ALL);
      printf("%s\n", alias_word(mssa_aa_alias(aa, &a, &b)));
      printf("overlap (write %s, read %s): %s\n", pos[2], pos[4],
             mssa_overlap_name(mssa_aa_overlap(aa, &a, &b)));
      for (int k = 0; k < 2; k++) {
        mssa_points_to pt;
        bool id = mssa_aa_points_to(aa, k ? b.ptr : a.ptr, &pt);
        char nm[128] = "?";
        uint32_t kind = MSSA_VAL_KIND(pt.object), ix = MSSA_VAL_INDEX(pt.object);
        if (kind == MSSA_VK_INST) mssa_q_inst_name(m, f, ix, nm, sizeof nm);
        else if (kind == MSSA_VK_ARG)
          snprintf(nm, sizeof nm, "%%%s", f->args[ix].name != MSSA_NONE ? mssa_str(m, f->args[ix].name) : "arg");
        else if (kind == MSSA_VK_GLOBAL) snprintf(nm, sizeof nm, "@%s", mssa_str(m, m->globals.a[ix].name));
        if (pt.offset_known)
          printf("%s points to %s%s + %lld\n", pos[2 + 2 * k], nm, id ? "" : " (unidentified)",
                 (long long)pt.offset);
        else
          printf("%s points to %s%s + ?\n", pos[2 + 2 * k], nm, id ? "" : " (unidentified)");
      }
      mssa_aa_free(aa);
      rc = 0;
    }
  }
  mssa_module_free(m);
  return rc;
}
