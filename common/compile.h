/*
** compile.h -- the C compile driver: turns a C file into the LLVM IR text
** memssa reads, compiled the way the file's own build compiles it.
**
**   mssa_compile_result r;
**   int rc = mssa_compile_c("/src/sum.c", NULL, &r);   // default options
**   if (rc == 0) load r.ir (r.ir_len bytes) ...
**   else if (rc == MSSA_COMPILE_EFAILED) show r.diags[0..r.ndiags) ...
**   mssa_compile_result_free(&r);
**
** What runs: the file's compile command, found as clangd finds it (the
** nearest compile_commands.json, build/compile_commands.json or
** compile_flags.txt in the file's directory or an ancestor, or in the
** directory the caller names), with only the flags that shape the code
** kept (an allow-list: compile_policy.c), plus the driver's fixed flags.
** Without a command: just those flags. The compiler is the caller's, else
** the command's own, else the first of the candidates installed -- and
** whichever it is, it runs only if it is trusted (a built-in glob of the
** system's clang binaries, opts.trusted, or the user's config file);
** a command naming another compiler compiles with a trusted clang and its
** flags, and a diagnostic says so. Arguments clang rejects ("unknown
** argument") are dropped and the compile retried.
**
** Invariants:
**   1. clang runs through posix_spawn (execve) with an argv: no shell ever
**      sees a file name or a flag. It runs in the command's directory, in
**      its own process group, stdin from /dev/null.
**   2. Bounded: a compile that outlives opts.timeout_ms, or whose output
**      passes opts.max_output bytes, is killed (its whole process group)
**      and reported as MSSA_COMPILE_ETIMEOUT / MSSA_COMPILE_ETOOBIG.
**   3. Synchronous and reentrant: no global state, so callers may run
**      compiles on several threads at once.
**   4. A result is always initialised (also on failure) and must be freed
**      with mssa_compile_result_free.
**   5. Nothing a project's files say runs code: the database's compiler
**      runs only when trusted, no refused flag reaches clang, clang's
**      environment is an allow-list, and it runs only in a `directory`
**      that is one. Every refusal is a diagnostic (memssa = true).
**   6. With opts.cache, a result from the cache equals what clang's run
**      gave when it was stored (ir, stderr, diagnostics, dropped flags), and
**      is used only when the command, the compiler and every included
**      file's bytes are unchanged (ccache.h's invariant 1).
*/
#ifndef MSSA_COMMON_COMPILE_H
#define MSSA_COMMON_COMPILE_H

#include <stdbool.h>
#include <stddef.h>

/* Flags every compile gets, after the command's own (the level is
** opts.opt_level, between -g and -Xclang). */
#define MSSA_COMPILE_DEFAULT_LEVEL "-O1"
#define MSSA_COMPILE_DEFAULT_TIMEOUT_MS 60000
/* memssad refuses request lines over 64 MiB by default, and IR sent as a
** JSON string grows by its escapes (every newline and quote): beyond 48
** MiB it could not be loaded as text anyway. */
#define MSSA_COMPILE_DEFAULT_MAX_OUTPUT ((size_t)48 << 20)
/* How many times arguments clang rejects are dropped and clang rerun. */
#define MSSA_COMPILE_MAX_RETRIES 3

enum {
  MSSA_COMPILE_OK = 0,
  MSSA_COMPILE_EFAILED = -1,    /* clang exited non-zero: see diags / stderr_text */
  MSSA_COMPILE_ENOSOURCE = -2,  /* the source file does not exist */
  MSSA_COMPILE_ENOCLANG = -3,   /* no usable compiler found */
  MSSA_COMPILE_ESPAWN = -4,     /* could not start the compiler */
  MSSA_COMPILE_ETIMEOUT = -5,   /* killed after opts.timeout_ms */
  MSSA_COMPILE_ETOOBIG = -6,    /* killed: output beyond opts.max_output */
  MSSA_COMPILE_EDB = -7,        /* a compile_commands.json that is not a JSON array */
  MSSA_COMPILE_EINVAL = -8,     /* bad argument */
  MSSA_COMPILE_EUNTRUSTED = -9, /* the caller's compiler is not trusted: not run */
  MSSA_COMPILE_EDIR = -10       /* the command's directory is not a directory */
};
const char *mssa_compile_strerror(int rc);

/* Severities as LSP numbers them (DiagnosticSeverity). */
enum { MSSA_DIAG_ERROR = 1, MSSA_DIAG_WARNING = 2, MSSA_DIAG_NOTE = 3 };

typedef struct mssa_compile_diag {
  char *file;        /* absolute when clang gave a position; NULL for driver errors */
  unsigned line, col; /* 1-based; col in bytes; 0 when unknown */
  int severity;      /* MSSA_DIAG_* */
  char *message;     /* without the "error: " prefix */
  bool memssa;       /* memssa's own (a refusal of the compile policy), not clang's */
} mssa_compile_diag;

typedef struct mssa_compile_opts {
  const char *clang;         /* compiler to run (path, or a name searched on PATH); NULL: choose.
                             ** It must be trusted too, else MSSA_COMPILE_EUNTRUSTED. */
  /* NULL-terminated absolute globs (fnmatch, FNM_PATHNAME) of more trusted
  ** compilers, beside the built-in ones and the user's
  ** $XDG_CONFIG_HOME/memssa/trusted-compilers; NULL: none. */
  const char *const *trusted;
  /* NULL-terminated names tried in order when neither `clang` nor the
  ** command names a clang; NULL: mssa_compile_default_candidates. */
  const char *const *candidates;
  /* the directory of compile_commands.json (clangd's --compile-commands-dir);
  ** NULL: searched upward from the file */
  const char *commands_dir;
  const char *opt_level;     /* NULL: MSSA_COMPILE_DEFAULT_LEVEL */
  int timeout_ms;            /* 0: MSSA_COMPILE_DEFAULT_TIMEOUT_MS */
  size_t max_output;         /* 0: MSSA_COMPILE_DEFAULT_MAX_OUTPUT */
  /* NULL: clang is spawned from the calling thread. Else the posix_spawn
  ** is done as spawn_on(fn, arg, spawn_ctx) does fn(arg), which must have
  ** run when it returns. A child takes the nice value of the thread that
  ** spawned it: memssad's pool threads run at nice 10, and spawn clang
  ** from a thread of normal priority through this, so that an editor's
  ** compile competes for the CPU as clang alone would. */
  void (*spawn_on)(void (*fn)(void *), void *arg, void *ctx);
  void *spawn_ctx;
  /* NULL: no cache. Else the persistent cache of compiled units
  ** (common/ccache.h): a hit returns the IR and clang's stderr of the run
  ** that produced it, and runs no clang; a miss runs clang with -MD (its
  ** dependency list into the cache's directory) and stores the result. */
  struct mssa_ccache *cache;
} mssa_compile_opts;

/* The default candidates, newest LLVM first except while memssa's reader
** reads only LLVM 14's syntax (see compile.c). */
extern const char *const mssa_compile_default_candidates[];

/* A file's compile command, as found (before the fixed flags are added). */
typedef struct mssa_compile_cmd {
  char *directory;   /* where the compiler runs */
  char *compiler;    /* the command's argv[0], or NULL (no command found) */
  char **args;       /* the flags kept, NULL-terminated */
  size_t nargs;
  char **refused;    /* the flags refused (with their values), NULL-terminated or NULL */
  char **notes;      /* response files not read, and why; NULL-terminated or NULL */
  char *db;          /* the compile_commands.json / compile_flags.txt used, or NULL */
  bool inferred;     /* the database has no entry for the file: a neighbour's was taken */
} mssa_compile_cmd;

typedef struct mssa_compile_result {
  char *ir;                 /* clang's output (NUL-terminated), on success */
  size_t ir_len;
  mssa_compile_diag *diags; /* clang's diagnostics, in order (also on success: warnings) */
  size_t ndiags;
  char *stderr_text;        /* clang's stderr (the last run), capped */
  char *clang;              /* the compiler that ran (resolved path) */
  char **argv;              /* the full command that ran, NULL-terminated */
  char *directory;
  char *db;                 /* as mssa_compile_cmd.db */
  int status;               /* exit status; -1 if killed or not run */
  unsigned dropped;         /* arguments dropped because clang rejected them */
  double ms;                /* wall time of all runs */
  bool cached;              /* answered from opts.cache: no clang ran */
} mssa_compile_result;

/* Finds the compile command of `source` (an existing file). 0, or a
** negative MSSA_COMPILE_E* code; *out must be freed with
** mssa_compile_cmd_free in either case. */
int mssa_compile_find_command(const char *source, const char *commands_dir,
                              mssa_compile_cmd *out);
void mssa_compile_cmd_free(mssa_compile_cmd *c);

/* Compiles `source` to IR text. 0 with out->ir set, or a negative
** MSSA_COMPILE_E* code (MSSA_COMPILE_EFAILED: out->diags say why). */
int mssa_compile_c(const char *source, const mssa_compile_opts *opts, mssa_compile_result *out);
void mssa_compile_result_free(mssa_compile_result *r);

/* `name` resolved to an executable: itself when it has a slash, else
** searched on $PATH. malloc'ed; NULL if there is none. */
char *mssa_compile_which(const char *name);

/* Parts, exposed for their tests. */
/* clang's diagnostics in `text` (relative file names resolved against
** `dir`); 0, *out malloc'ed with *n entries. */
int mssa_compile_parse_diags(const char *text, const char *dir, mssa_compile_diag **out,
                             size_t *n);
void mssa_compile_diags_free(mssa_compile_diag *d, size_t n);
/* Splits a compile_commands.json "command" string into arguments as
** clang's JSON compilation database does (POSIX shell quoting, no
** expansion). 0 with *argv NULL-terminated, or MSSA_COMPILE_EINVAL for an
** unterminated quote. */
int mssa_compile_split(const char *command, char ***argv, size_t *argc);
void mssa_compile_argv_free(char **argv);

#endif
