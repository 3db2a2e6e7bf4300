/*
** compile.c -- the C compile driver (compile.h): finds a C file's compile
** command, runs clang on it to get LLVM IR text with debug info, and turns
** clang's complaints into structured diagnostics.
**
** Invariants:
**   1. The compile command is found as clangd finds it: the directory the
**      caller names, else the file's directory and then each ancestor, each
**      tried for compile_commands.json, build/compile_commands.json and
**      compile_flags.txt; the first that exists wins, even if it has no entry
**      for the file (then the entry whose file shares the longest leading
**      path with it is taken, as clangd's interpolation does in spirit).
**   2. Of the command only flags that shape the code survive: the compiler,
**      the inputs and every flag about outputs or dependency files are
**      dropped, so a compile never writes a file anywhere (but for the
**      dependency list the cache asks for, into the cache's directory).
**   3. clang runs through posix_spawn with an argv (never a shell), in its
**      own process group, so a timeout or an output cap kills it whole.
**   4. Arguments clang rejects (unknown argument, unsupported option) are
**      dropped and clang is run again, at most MSSA_COMPILE_MAX_RETRIES
**      times, and only arguments that came from the command are dropped.
*/
#define _GNU_SOURCE   /* posix_spawn_file_actions_addchdir_np */

#include "ccache_internal.h"
#include "compile_internal.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The newest clang installed first: it is what users of a current
** toolchain run, and memssa reads LLVM 15-22 IR and answers as that
** version's opt does. Debian's plain `clang` (14 on Debian 12) is the last
** resort. */
const char *const mssa_compile_default_candidates[] = {"clang-22", "clang-19", "clang", NULL};

/* Flags every compile ends with (the level goes after -g). */
static const char *const fixed_flags[] = {
    "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
    /* plain one-line diagnostics, whatever the terminal */
    "-fno-color-diagnostics", "-fno-caret-diagnostics",
    /* memory dependences are worth showing even where the build's -Werror
    ** would stop at a warning */
    "-Wno-error", "-o", "-", NULL};

#define STDERR_CAP ((size_t)1 << 20)
#define READ_CHUNK 65536

const char *mssa_compile_strerror(int rc) {
  switch (rc) {
  case MSSA_COMPILE_OK: return "ok";
  case MSSA_COMPILE_EFAILED: return "the compiler reported errors";
  case MSSA_COMPILE_ENOSOURCE: return "no such source file";
  case MSSA_COMPILE_ENOCLANG: return "no clang found (install clang, or name one)";
  case MSSA_COMPILE_ESPAWN: return "could not start the compiler";
  case MSSA_COMPILE_ETIMEOUT: return "the compiler ran out of time and was stopped";
  case MSSA_COMPILE_ETOOBIG: return "the compiler's output is too large";
  case MSSA_COMPILE_EDB: return "compile_commands.json is not a JSON array of commands";
  case MSSA_COMPILE_EINVAL: return "invalid argument";
  case MSSA_COMPILE_EUNTRUSTED: return "the compiler named is not trusted (see --trusted-compiler)";
  case MSSA_COMPILE_EDIR: return "the compile command's directory is not a directory";
  default: return "unknown error";
  }
}

/* ------------------------------------- finding the compile command */

/* The database for `source`: sets *db (owned) and returns 1 for a
** compile_commands.json, 2 for a compile_flags.txt, 0 if none. */
static int find_db(const char *source, const char *commands_dir, char **db) {
  static const char *const names[] = {"compile_commands.json", "build/compile_commands.json",
                                      "compile_flags.txt"};
  *db = NULL;
  if (commands_dir) {
    char *p = mssa__cc_path_join(commands_dir, "compile_commands.json");
    if (mssa__cc_is_file(p)) return *db = p, 1;
    free(p);
    return 0;
  }
  char *dir = mssa__cc_dir_of(source);
  for (;;) {
    for (int k = 0; k < 3; k++) {
      char *p = mssa__cc_path_join(dir, names[k]);
      if (mssa__cc_is_file(p)) {
        free(dir);
        *db = p;
        return k == 2 ? 2 : 1;
      }
      free(p);
    }
    if (!strcmp(dir, "/")) break;
    char *up = mssa__cc_dir_of(dir);
    free(dir);
    dir = up;
  }
  free(dir);
  return 0;
}

/* Leading path components `a` and `b` share. */
static size_t shared_components(const char *a, const char *b) {
  size_t k = 0, i = 0;
  while (a[i] && a[i] == b[i]) {
    if (a[i] == '/') k++;
    i++;
  }
  return k;
}

/* The argv of one database entry ("arguments", else "command" split). */
static int entry_argv(json_t *e, char ***argv, size_t *argc) {
  json_t *args = json_object_get(e, "arguments");
  if (json_is_array(args)) {
    mssa__strv v = {0};
    size_t i;
    json_t *x;
    json_array_foreach(args, i, x) if (json_is_string(x)) mssa__strv_push(&v, json_string_value(x));
    if (!v.a) return MSSA_COMPILE_EDB;
    *argv = v.a;
    *argc = v.n;
    return 0;
  }
  const char *command = json_string_value(json_object_get(e, "command"));
  return mssa_compile_split(command, argv, argc) ? MSSA_COMPILE_EDB : 0;
}

/* The command's flags argv[first..argc) through the policy: the kept
** ones become out->args, the refused ones out->refused (invariant 2). */
static void take_flags(char *const *argv, size_t argc, size_t first, mssa_compile_cmd *out) {
  mssa__ccpolicy pol;
  mssa__cc_filter(argv, argc, first, out->directory, &pol);
  out->args = pol.keep.a;
  out->nargs = pol.keep.n;
  out->refused = pol.refused.a;
  out->notes = pol.notes.a;
  memset(&pol, 0, sizeof pol);
}

static int from_commands_json(const char *db, const char *source, mssa_compile_cmd *out) {
  /* the entries' realpaths, taken once for the many look-ups of a project
  ** load (compile_db.c) */
  json_t *root;
  mssa__ccdb *d;
  if (mssa__ccdb_get(db, &root, &d)) return MSSA_COMPILE_EDB;
  json_t *best = NULL;
  size_t best_shared = 0;
  for (size_t i = 0; i < d->n; i++) {
    const char *p = d->canon[i];
    if (!p) continue;
    size_t sh = strcmp(p, source) ? shared_components(p, source) : SIZE_MAX;
    if (!best || sh > best_shared) best = json_array_get(root, i), best_shared = sh;
    if (sh == SIZE_MAX) break;
  }
  int rc = 0;
  if (best) {
    char **argv;
    size_t argc;
    if ((rc = entry_argv(best, &argv, &argc)) == 0 && argc) {
      /* a relative directory is taken from the database's own */
      char *dbdir = mssa__cc_dir_of(db);
      out->directory =
          mssa__cc_path_join(dbdir, json_string_value(json_object_get(best, "directory")));
      free(dbdir);
      take_flags(argv, argc, 1, out);
      out->compiler = mssa__cc_strdup(argv[0]);
      out->inferred = best_shared != SIZE_MAX;
    }
    if (!rc) mssa_compile_argv_free(argv);
  }
  mssa__ccdb_release(d);
  json_decref(root);
  return rc;
}

/* compile_flags.txt: one flag per line, relative to the file's directory. */
static int from_flags_txt(const char *db, mssa_compile_cmd *out) {
  FILE *f = fopen(db, "r");
  if (!f) return 0;
  mssa__strv v = {0};
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    if (*line) mssa__strv_push(&v, line);
  }
  fclose(f);
  out->directory = mssa__cc_dir_of(db);
  take_flags(v.a, v.n, 0, out);
  mssa_compile_argv_free(v.a);
  return 0;
}

int mssa_compile_find_command(const char *source, const char *commands_dir,
                              mssa_compile_cmd *out) {
  memset(out, 0, sizeof *out);
  if (!source) return MSSA_COMPILE_EINVAL;
  char *src = mssa__cc_canon(".", source);
  if (!mssa__cc_is_file(src)) {
    free(src);
    return MSSA_COMPILE_ENOSOURCE;
  }
  int kind = find_db(src, commands_dir, &out->db), rc = 0;
  if (kind == 1) rc = from_commands_json(out->db, src, out);
  else if (kind == 2) rc = from_flags_txt(out->db, out);
  if (!out->directory) out->directory = mssa__cc_dir_of(src);
  if (!out->args) {
    out->args = mssa__cc_realloc(NULL, sizeof *out->args);
    out->args[0] = NULL;
  }
  free(src);
  return rc;
}

void mssa_compile_cmd_free(mssa_compile_cmd *c) {
  free(c->directory);
  free(c->compiler);
  free(c->db);
  mssa_compile_argv_free(c->args);
  mssa_compile_argv_free(c->refused);
  mssa_compile_argv_free(c->notes);
  memset(c, 0, sizeof *c);
}

/* -------------------------------------------------- the compiler */

char *mssa_compile_which(const char *name) {
  if (!name || !*name) return NULL;
  if (strchr(name, '/')) return access(name, X_OK) ? NULL : mssa__cc_strdup(name);
  const char *path = getenv("PATH");
  if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
  for (const char *p = path;;) {
    const char *e = strchr(p, ':');
    size_t k = e ? (size_t)(e - p) : strlen(p);
    char buf[PATH_MAX];
    if (k && snprintf(buf, sizeof buf, "%.*s/%s", (int)k, p, name) < (int)sizeof buf &&
        !access(buf, X_OK) && mssa__cc_is_file(buf))
      return mssa__cc_strdup(buf);
    if (!e) break;
    p = e + 1;
  }
  return NULL;
}

/* Is the compiler a clang by name (clang, clang-19, /opt/x/bin/clang)? */
static bool names_clang(const char *compiler) {
  const char *b = strrchr(compiler, '/');
  b = b ? b + 1 : compiler;
  return !strncmp(b, "clang", 5) && strncmp(b, "clang-cl", 8);
}

/* `name` (a path relative to `dir`, or a name on $PATH) as the absolute
** path to run when it is trusted, else NULL (invariant 5): its realpath
** when that is trusted (a symlink in the project to /usr/bin/clang runs
** /usr/bin/clang's target), else its own absolute path when that is. */
static char *trusted_exe(const char *name, const char *dir, const char *const *extra) {
  char *found = strchr(name, '/') ? mssa__cc_path_join(dir, name) : mssa_compile_which(name);
  if (!found) return NULL;
  char *abs = mssa__cc_path_join(".", found), real[PATH_MAX], *run = NULL;
  free(found);
  if (access(abs, X_OK) == 0 && mssa__cc_is_file(abs)) {
    if (realpath(abs, real) && mssa__cc_trusted(real, extra)) run = mssa__cc_strdup(real);
    else if (mssa__cc_trusted(abs, extra)) run = mssa__cc_strdup(abs);
  }
  free(abs);
  return run;
}

static void add_note(mssa__strv *notes, int severity, const char *fmt, const char *a,
                     const char *b) {
  char msg[8192];
  snprintf(msg, sizeof msg, "%c", '0' + severity);
  snprintf(msg + 1, sizeof msg - 1, fmt, a, b);
  mssa__strv_push(notes, msg);
}

/* The compiler that runs (malloc'ed), or NULL with *rc set. Remarks for
** the user go to `notes`, each prefixed by its severity digit. */
static char *choose_clang(const mssa_compile_opts *o, const mssa_compile_cmd *cmd,
                          mssa__strv *notes, int *rc) {
  *rc = MSSA_COMPILE_ENOCLANG;
  if (o->clang) {   /* the caller's choice: it too must be trusted */
    char *p = trusted_exe(o->clang, ".", o->trusted);
    if (p) return p;
    char *w = strchr(o->clang, '/') ? NULL : mssa_compile_which(o->clang);
    bool exists = w || (strchr(o->clang, '/') && access(o->clang, X_OK) == 0);
    free(w);
    if (exists) {
      *rc = MSSA_COMPILE_EUNTRUSTED;
      add_note(notes, MSSA_DIAG_ERROR,
               "memssa: the compiler '%s' is not trusted, so it was not run%s", o->clang,
               " (trust it with --trusted-compiler GLOB; docs/editor.md, \"Security\")");
    }
    return NULL;
  }
  char *p = NULL;
  if (cmd->compiler) {
    if ((p = trusted_exe(cmd->compiler, cmd->directory, o->trusted))) return p;
  }
  for (const char *const *c = o->candidates ? o->candidates : mssa_compile_default_candidates;
       *c && !p; c++)
    p = trusted_exe(*c, ".", o->trusted);
  if (p && cmd->compiler) {
    char how[PATH_MAX + 160];
    snprintf(how, sizeof how, ", which is not a trusted compiler: compiled with %s and the "
             "command's flags instead (trust it with --trusted-compiler GLOB)", p);
    add_note(notes, names_clang(cmd->compiler) ? MSSA_DIAG_WARNING : MSSA_DIAG_NOTE,
             "memssa: the compile command names '%s'%s", cmd->compiler, how);
  }
  return p;
}

/* ---------------------------------------------------- running it */

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A capture buffer: everything beyond `cap` is read and thrown away
** (`over` set), so the child never blocks on a full pipe. */
typedef struct capture {
  char *p;
  size_t n, cap;
  bool over;
} capture;

/* Reads what fd has; 1 while open, 0 at EOF. */
static int drain(int fd, capture *c) {
  char buf[READ_CHUNK];
  ssize_t k = read(fd, buf, sizeof buf);
  if (k < 0) return errno == EINTR || errno == EAGAIN ? 1 : 0;
  if (k == 0) return 0;
  size_t take = (size_t)k;
  if (c->n + take > c->cap) {
    take = c->cap - c->n;
    c->over = true;
  }
  c->p = mssa__cc_realloc(c->p, c->n + take + 1);
  memcpy(c->p + c->n, buf, take);
  c->n += take;
  c->p[c->n] = 0;
  assert(c->n <= c->cap);   /* invariant 2: never more than max_output */
  return 1;
}

typedef struct run {
  const char *exe, *dir;
  char **argv;
  char **envp;   /* mssa__cc_env's */
  int timeout_ms;
  size_t max_output;
  void (*spawn_on)(void (*fn)(void *), void *arg, void *ctx);   /* opts' */
  void *spawn_ctx;
  capture out, err;
  int status;   /* exit status, -1 if killed */
} run;

/* One posix_spawn, as a closure for opts.spawn_on. */
typedef struct spawn_call {
  pid_t *pid;
  const char *exe;
  const posix_spawn_file_actions_t *fa;
  const posix_spawnattr_t *at;
  char **argv, **envp;
  int rc;
} spawn_call;

static void do_spawn(void *arg) {
  spawn_call *c = arg;
  c->rc = posix_spawn(c->pid, c->exe, c->fa, c->at, c->argv, c->envp);
}

static int spawn(run *r, int pout[2], int perr[2], pid_t *pid) {
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  posix_spawn_file_actions_init(&fa);
  posix_spawnattr_init(&at);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, pout[1], 1);
  posix_spawn_file_actions_adddup2(&fa, perr[1], 2);
  posix_spawn_file_actions_addclosefrom_np(&fa, 3);
  posix_spawn_file_actions_addchdir_np(&fa, r->dir);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                    POSIX_SPAWN_SETSIGDEF);
  posix_spawnattr_setpgroup(&at, 0);
  sigset_t none, def;
  sigemptyset(&none);
  sigemptyset(&def);
  sigaddset(&def, SIGPIPE);
  posix_spawnattr_setsigmask(&at, &none);
  posix_spawnattr_setsigdefault(&at, &def);
  /* Invariants 1, 5: an argv (never a shell) and the allow-listed environment. */
  assert(r->argv && r->argv[0] && r->envp && r->dir);
  spawn_call sc = {pid, r->exe, &fa, &at, r->argv, r->envp, -1};
  if (r->spawn_on) r->spawn_on(do_spawn, &sc, r->spawn_ctx);
  else do_spawn(&sc);
  int e = sc.rc;
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  return e ? MSSA_COMPILE_ESPAWN : 0;
}

/* Runs r->argv in r->dir, capturing stdout and stderr, within the bounds. */
static int run_capture(run *r) {
  int pout[2], perr[2], rc = 0;
  r->status = -1;
  r->out.cap = r->max_output;
  r->err.cap = STDERR_CAP;
  if (pipe2(pout, O_CLOEXEC)) return MSSA_COMPILE_ESPAWN;
  if (pipe2(perr, O_CLOEXEC)) {
    close(pout[0]);
    close(pout[1]);
    return MSSA_COMPILE_ESPAWN;
  }
  pid_t pid;
  rc = spawn(r, pout, perr, &pid);
  bool started = rc == 0;
  close(pout[1]);
  close(perr[1]);
  double deadline = now_ms() + r->timeout_ms;
  struct pollfd pf[2] = {{pout[0], POLLIN, 0}, {perr[0], POLLIN, 0}};
  int open_fds = started ? 2 : 0;
  while (open_fds > 0) {
    double left = deadline - now_ms();
    if (left <= 0) {
      rc = MSSA_COMPILE_ETIMEOUT;
      break;
    }
    if (poll(pf, 2, (int)left + 1) < 0 && errno != EINTR) {
      rc = MSSA_COMPILE_ESPAWN;
      break;
    }
    for (int k = 0; k < 2; k++) {
      if (pf[k].fd < 0 || !(pf[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      if (!drain(pf[k].fd, k ? &r->err : &r->out)) pf[k].fd = -1, open_fds--;
    }
    if (r->out.over) {
      rc = MSSA_COMPILE_ETOOBIG;
      break;
    }
  }
  assert(!r->out.over || rc);   /* invariant 2: output past the bound is an error */
  if (started) {
    if (rc) kill(-pid, SIGKILL);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (!rc) r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }
  close(pout[0]);
  close(perr[0]);
  return rc;
}

/* ---------------------------------------------------- diagnostics */

static const struct {
  const char *tag;
  int severity;
} sev_tags[] = {{": fatal error: ", MSSA_DIAG_ERROR}, {": error: ", MSSA_DIAG_ERROR},
                {": warning: ", MSSA_DIAG_WARNING}, {": note: ", MSSA_DIAG_NOTE},
                {": remark: ", MSSA_DIAG_NOTE}};

/* "FILE:LINE:COL" (or "FILE:LINE", or a program name) in s[0..n). */
static void parse_where(const char *s, size_t n, const char *dir, mssa_compile_diag *d) {
  unsigned nums[2] = {0, 0};
  int k = 0;
  while (k < 2) {
    size_t j = n;
    while (j > 0 && s[j - 1] >= '0' && s[j - 1] <= '9') j--;
    if (j == n || j == 0 || s[j - 1] != ':') break;
    nums[k++] = (unsigned)strtoul(s + j, NULL, 10);
    n = j - 1;
  }
  if (k == 0) return;                 /* "clang: error: ..." */
  d->line = k == 2 ? nums[1] : nums[0];
  d->col = k == 2 ? nums[0] : 0;
  char *f = mssa__cc_strndup(s, n);
  d->file = mssa__cc_canon(dir, f);
  free(f);
}

int mssa_compile_parse_diags(const char *text, const char *dir, mssa_compile_diag **out,
                             size_t *n) {
  *out = NULL;
  *n = 0;
  size_t cap = 0;
  for (const char *line = text; line && *line;) {
    const char *eol = strchr(line, '\n');
    size_t len = eol ? (size_t)(eol - line) : strlen(line);
    for (size_t t = 0; t < sizeof sev_tags / sizeof sev_tags[0]; t++) {
      const char *m = memmem(line, len, sev_tags[t].tag, strlen(sev_tags[t].tag));
      if (!m) continue;
      if (*n == cap) *out = mssa__cc_realloc(*out, (cap = cap ? cap * 2 : 8) * sizeof **out);
      mssa_compile_diag *d = &(*out)[(*n)++];
      memset(d, 0, sizeof *d);
      d->severity = sev_tags[t].severity;
      const char *msg = m + strlen(sev_tags[t].tag);
      d->message = mssa__cc_strndup(msg, len - (size_t)(msg - line));
      parse_where(line, (size_t)(m - line), dir, d);
      break;
    }
    line = eol ? eol + 1 : NULL;
  }
  return 0;
}

void mssa_compile_diags_free(mssa_compile_diag *d, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(d[i].file);
    free(d[i].message);
  }
  free(d);
}

/* Drops from `args` the arguments clang's driver rejected in `err`
** ("unknown argument: '-fx'", "unsupported option '-fy'", "unsupported
** argument 'v' to option '-fz='"); returns how many were dropped. */
static unsigned drop_rejected(mssa__strv *args, const char *err, mssa__strv *notes) {
  static const char *const tags[] = {"error: unknown argument", "error: unsupported option",
                                     "error: unsupported argument", NULL};
  unsigned dropped = 0;
  for (const char *line = err; line && *line;) {
    const char *eol = strchr(line, '\n');
    size_t len = eol ? (size_t)(eol - line) : strlen(line);
    for (const char *const *t = tags; *t; t++) {
      const char *m = memmem(line, len, *t, strlen(*t));
      const char *q1 = m ? memchr(m, '\'', len - (size_t)(m - line)) : NULL;
      const char *q2 = q1 ? memchr(q1 + 1, '\'', len - (size_t)(q1 + 1 - line)) : NULL;
      if (!q2) continue;
      /* "unsupported argument 'v' to option '-fz='": the argument is -fz=v */
      const char *q3 = memchr(q2 + 1, '\'', len - (size_t)(q2 + 1 - line));
      const char *q4 = q3 ? memchr(q3 + 1, '\'', len - (size_t)(q3 + 1 - line)) : NULL;
      char bad[1024];
      if (!strcmp(*t, "error: unsupported argument") && q4)
        snprintf(bad, sizeof bad, "%.*s%.*s", (int)(q4 - q3 - 1), q3 + 1, (int)(q2 - q1 - 1),
                 q1 + 1);
      else
        snprintf(bad, sizeof bad, "%.*s", (int)(q2 - q1 - 1), q1 + 1);
      for (size_t i = 0; i < args->n; i++) {
        if (strcmp(args->a[i], bad)) continue;
        add_note(notes, MSSA_DIAG_NOTE, "memssa: clang rejected the flag '%s'%s", bad,
                 ": compiled without it");
        free(args->a[i]);
        memmove(args->a + i, args->a + i + 1, (args->n - i) * sizeof *args->a);
        args->n--;
        dropped++;
        break;
      }
    }
    line = eol ? eol + 1 : NULL;
  }
  return dropped;
}

/* ---------------------------------------------------- the driver */

/* The whole argv: compiler, the command's flags, -g LEVEL, fixed flags,
** (for the cache) -MD -MF DEPFILE, source. */
static char **build_argv(const char *exe, const mssa__strv *flags, const char *level,
                         const char *source, const char *depfile) {
  mssa__strv v = {0};
  mssa__strv_push(&v, exe);
  for (size_t i = 0; i < flags->n; i++) mssa__strv_push(&v, flags->a[i]);
  mssa__strv_push(&v, "-g");
  mssa__strv_push(&v, level);
  for (const char *const *f = fixed_flags; *f; f++) mssa__strv_push(&v, *f);
  if (depfile) {
    mssa__strv_push(&v, "-MD");
    mssa__strv_push(&v, "-MF");
    mssa__strv_push(&v, depfile);
  }
  mssa__strv_push(&v, source);
  assert(v.n >= 4 && !strcmp(v.a[0], exe) && v.a[v.n] == NULL);   /* invariant 1: an argv */
  return v.a;
}

static void result_init(mssa_compile_result *r) {
  memset(r, 0, sizeof *r);
  r->status = -1;
}

/* Runs clang, dropping rejected command arguments and rerunning. */
static int compile_runs(run *r, mssa__strv *flags, const char *level, const char *src,
                        const char *depfile, mssa_compile_result *out, mssa__strv *notes) {
  int rc;
  for (int attempt = 0;; attempt++) {
    r->argv = build_argv(r->exe, flags, level, src, depfile);
    free(r->out.p);
    free(r->err.p);
    memset(&r->out, 0, sizeof r->out);
    memset(&r->err, 0, sizeof r->err);
    rc = run_capture(r);
    if (rc || r->status == 0 || attempt == MSSA_COMPILE_MAX_RETRIES) break;
    unsigned k = drop_rejected(flags, r->err.p ? r->err.p : "", notes);
    if (!k) break;
    out->dropped += k;
    mssa_compile_argv_free(r->argv);
  }
  out->argv = r->argv;
  return rc;
}

/* A whole small file (the dependency list), NUL-terminated, or NULL. */
static char *read_text(const char *path) {
  FILE *f = fopen(path, "re");
  if (!f) return NULL;
  char *text = NULL;
  size_t n = 0;
  char buf[65536];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf, f)) > 0 && n < ((size_t)64 << 20)) {
    text = mssa__cc_realloc(text, n + k + 1);
    memcpy(text + n, buf, k);
    n += k;
    text[n] = 0;
  }
  fclose(f);
  return text;
}

/* A cache hit as the run that produced it (invariant 6): nothing runs. */
static void take_hit(run *r, mssa__ccentry *e, mssa_compile_result *out, mssa__strv *notes) {
  r->status = 0;
  r->out.p = e->ir;
  r->out.n = e->ir_len;
  r->err.p = e->stderr_text;
  e->ir = e->stderr_text = NULL;
  for (size_t i = 0; i < e->notes.n; i++) mssa__strv_push(notes, e->notes.a[i]);
  out->dropped = e->dropped;
  out->cached = true;
  assert(r->out.p && r->out.p[r->out.n] == 0);   /* ccache_internal.h's invariant 1 */
  mssa__ccentry_free(e);
}

/* The compile through the cache: a hit runs nothing; a miss runs clang
** with its dependency list written to a temp file of the cache's
** directory, and stores what a clean run produced. The key is of the argv
** before any rejected flag is dropped: the same command drops the same. */
static int compile_cached(mssa_ccache *c, run *r, mssa__strv *flags, const char *level,
                          const char *src, mssa_compile_result *out, mssa__strv *notes) {
  char **argv0 = build_argv(r->exe, flags, level, src, NULL);
  mssa__ccentry e;
  uint64_t key[2];
  mssa__ccache_key(r->exe, argv0, r->dir, r->envp, key);
  if (mssa__ccache_get(c, key, &e) == 0) {
    out->argv = argv0;
    /* Invariant 2 holds for a hit as for a run: a unit stored under a
    ** larger output bound is refused here the same way. */
    bool over = e.ir_len > r->max_output;
    take_hit(r, &e, out, notes);
    return over ? MSSA_COMPILE_ETOOBIG : 0;
  }
  mssa_compile_argv_free(argv0);
  /* made before clang starts: its mtime is the file system's start time */
  char *dep = mssa__ccache_temp(c, "d");
  int fd = open(dep, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  struct stat st;
  bool have = fd >= 0 && fstat(fd, &st) == 0;
  if (fd >= 0) close(fd);
  size_t first_note = notes->n;
  unsigned dropped0 = out->dropped;
  int rc = compile_runs(r, flags, level, src, have ? dep : NULL, out, notes);
  char *deptext = have && !rc && r->status == 0 ? read_text(dep) : NULL;
  if (deptext) {
    char empty[1] = "";
    mssa__ccentry ne = {.key = {key[0], key[1]}, .ir = r->out.p ? r->out.p : empty,
                        .ir_len = r->out.n, .stderr_text = r->err.p,
                        .dropped = out->dropped - dropped0};
    for (size_t i = first_note; i < notes->n; i++) mssa__strv_push(&ne.notes, notes->a[i]);
    mssa__ccache_put(c, &ne, deptext, r->dir, st.st_mtim);
    ne.ir = ne.stderr_text = NULL;   /* borrowed from the run */
    mssa__ccentry_free(&ne);
  }
  free(deptext);
  unlink(dep);
  free(dep);
  return rc;
}

/* The policy's remarks on the command (notes: severity digit + text) as
** memssa's own diagnostics, before clang's in out->diags. */
static void policy_diags(const mssa_compile_cmd *cmd, const mssa__strv *notes,
                         mssa_compile_result *out) {
  const char *db = cmd->db ? strrchr(cmd->db, '/') + 1 : "the compile command";
  mssa__strv all = {0};
  for (size_t i = 0; i < notes->n; i++) mssa__strv_push(&all, notes->a[i]);
  char msg[4096];
  for (char **f = cmd->refused; f && *f; f++) {
    snprintf(msg, sizeof msg, "%cmemssa: refused the flag '%s' of %s: only flags that shape "
             "the code are passed to clang, never one that loads code or changes where clang "
             "finds its tools or options (docs/editor.md, \"Security\")",
             '0' + MSSA_DIAG_WARNING, *f, db);
    mssa__strv_push(&all, msg);
  }
  for (char **f = cmd->notes; f && *f; f++) {
    snprintf(msg, sizeof msg, "%cmemssa: %s: %s", '0' + MSSA_DIAG_WARNING, db, *f);
    mssa__strv_push(&all, msg);
  }
  if (!all.n) return;
  size_t n = out->ndiags + all.n;
  mssa_compile_diag *d = mssa__cc_realloc(NULL, n * sizeof *d);
  for (size_t i = 0; i < all.n; i++) {
    memset(&d[i], 0, sizeof d[i]);
    d[i].severity = all.a[i][0] - '0';
    d[i].message = mssa__cc_strdup(all.a[i] + 1);
    d[i].memssa = true;
  }
  if (out->ndiags) memcpy(d + all.n, out->diags, out->ndiags * sizeof *d);
  free(out->diags);
  out->diags = d;
  out->ndiags = n;
  mssa_compile_argv_free(all.a);
}

int mssa_compile_c(const char *source, const mssa_compile_opts *opts, mssa_compile_result *out) {
  static const mssa_compile_opts defaults;
  const mssa_compile_opts *o = opts ? opts : &defaults;
  result_init(out);
  double t0 = now_ms();
  mssa_compile_cmd cmd;
  int rc = mssa_compile_find_command(source, o->commands_dir, &cmd);
  if (rc) {
    mssa_compile_cmd_free(&cmd);
    return rc;
  }
  mssa__strv notes = {0};
  out->directory = mssa__cc_strdup(cmd.directory);
  out->db = cmd.db ? mssa__cc_strdup(cmd.db) : NULL;
  char *exe = NULL;
  if (!mssa__cc_is_dir(cmd.directory)) {   /* never chdir into what is not a directory */
    rc = MSSA_COMPILE_EDIR;
    add_note(&notes, MSSA_DIAG_ERROR,
             "memssa: the compile command's directory '%s' is not a directory%s",
             cmd.directory, ": not compiled");
  } else {
    exe = choose_clang(o, &cmd, &notes, &rc);
  }
  if (!exe) {
    policy_diags(&cmd, &notes, out);
    mssa_compile_argv_free(notes.a);
    mssa_compile_cmd_free(&cmd);
    out->ms = now_ms() - t0;
    return rc;
  }
  out->clang = exe;
  mssa__strv flags = {cmd.args, cmd.nargs, cmd.nargs + 1};
  cmd.args = NULL;
  char *src = mssa__cc_canon(".", source);
  run r = {.exe = exe, .dir = cmd.directory, .envp = mssa__cc_env(),
           .timeout_ms = o->timeout_ms > 0 ? o->timeout_ms : MSSA_COMPILE_DEFAULT_TIMEOUT_MS,
           .max_output = o->max_output ? o->max_output : MSSA_COMPILE_DEFAULT_MAX_OUTPUT,
           .spawn_on = o->spawn_on, .spawn_ctx = o->spawn_ctx};
  const char *level = o->opt_level ? o->opt_level : MSSA_COMPILE_DEFAULT_LEVEL;
  rc = o->cache ? compile_cached(o->cache, &r, &flags, level, src, out, &notes)
                : compile_runs(&r, &flags, level, src, NULL, out, &notes);
  out->status = r.status;
  out->stderr_text = r.err.p ? r.err.p : mssa__cc_strdup("");
  mssa_compile_parse_diags(out->stderr_text, cmd.directory, &out->diags, &out->ndiags);
  policy_diags(&cmd, &notes, out);
  if (!rc && r.status != 0) rc = MSSA_COMPILE_EFAILED;
  if (!rc) {
    out->ir = r.out.p ? r.out.p : mssa__cc_strdup("");
    out->ir_len = r.out.n;
  } else {
    free(r.out.p);
  }
  mssa_compile_argv_free(r.envp);
  mssa_compile_argv_free(notes.a);
  mssa_compile_argv_free(flags.a);
  free(src);
  mssa_compile_cmd_free(&cmd);
  out->ms = now_ms() - t0;
  return rc;
}

void mssa_compile_result_free(mssa_compile_result *r) {
  free(r->ir);
  mssa_compile_diags_free(r->diags, r->ndiags);
  free(r->stderr_text);
  free(r->clang);
  mssa_compile_argv_free(r->argv);
  free(r->directory);
  free(r->db);
  result_init(r);
}
