/*
** compile_policy.c -- what a project's files may make the compile driver
** do: which compiler runs, with which of the command's flags, in which
** environment (compile_internal.h; docs/editor.md, "Security", says it for
** users).
**
** A compile_commands.json comes with the source tree, so whoever wrote the
** tree wrote it. It may name the flags that shape the code, nothing more.
**
** Invariants:
**   1. Flags are kept by an allow-list: a flag not named in `kept` below
**      is refused, whatever it is. Flags about outputs and diagnostics'
**      looks are replaced by the driver's own and dropped silently; every
**      other refused flag is listed once in the policy's `refused`, with
**      the value it takes ("-Xclang -load"), so the user is told.
**   2. A kept flag that takes a separate value takes the next argument as
**      that value, whatever it looks like, exactly as clang's driver parses
**      it ("-D -fplugin=x" defines a macro): the pair can never be read as
**      a refused flag by clang.
**   3. Response files (@file) are expanded in place under the same rules,
**      at most RSP_DEPTH deep and RSP_BYTES in all per command; past that,
**      or unreadable, they are left out and said so in `notes`.
**   4. The trusted compilers are globs matched against an absolute path
**      (fnmatch, FNM_PATHNAME): the built-in ones, the caller's, and the
**      user's config file. The command being checked never adds one.
**   5. clang's environment is built from an allow-list of variables; no
**      LD_*, no CCC_*, nothing that changes what clang loads or which
**      options it takes.
*/
#define _GNU_SOURCE   /* fnmatch's FNM_* with _XOPEN_SOURCE, realpath */

#include "compile_internal.h"

#include <assert.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RSP_DEPTH 4
#define RSP_BYTES ((size_t)1 << 20)
#define MAX_REFUSED 64     /* distinct refused flags listed per command */
#define CONFIG_BYTES 65536 /* the user's trusted-compilers file is read up to this */

extern char **environ;

/* ------------------------------------------------------ the allow-list */

/* How a flag of the command is treated. */
enum { F_KEEP, F_KEEP_VALUE, F_SILENT, F_SILENT_VALUE, F_REFUSE, F_REFUSE_VALUE };

/* A pattern: "-x" exact; "-x*" prefix; "-x=" the flag joined with a value
** ("-std=c99"); kind is for an exact or prefix match. */
typedef struct flagpat {
  const char *pat;
  int kind;
} flagpat;

/* Flags that shape the code: preprocessor and include paths, language
** standard and rules, optimisation level, debug info, warnings, the
** target, and a named set of -f / -m flags that change only code
** generation or language rules. */
static const flagpat kept[] = {
    /* with a separate value when not attached (JoinedOrSeparate in clang) */
    {"-D", F_KEEP_VALUE}, {"-U", F_KEEP_VALUE}, {"-I", F_KEEP_VALUE},
    {"-isystem", F_KEEP_VALUE}, {"-iquote", F_KEEP_VALUE}, {"-idirafter", F_KEEP_VALUE},
    {"-include", F_KEEP_VALUE}, {"-imacros", F_KEEP_VALUE}, {"-isysroot", F_KEEP_VALUE},
    {"--sysroot", F_KEEP_VALUE}, {"-target", F_KEEP_VALUE},
    {"-D*", F_KEEP}, {"-U*", F_KEEP}, {"-I*", F_KEEP}, {"-isystem*", F_KEEP},
    {"-iquote*", F_KEEP}, {"-idirafter*", F_KEEP}, {"-include*", F_KEEP}, {"-imacros*", F_KEEP},
    {"--sysroot=", F_KEEP}, {"--target=", F_KEEP},
    {"-std=", F_KEEP}, {"--std=", F_KEEP}, {"-ansi", F_KEEP}, {"-trigraphs", F_KEEP},
    {"-pthread", F_KEEP}, {"-nostdinc", F_KEEP}, {"-nostdlibinc", F_KEEP},
    {"-nobuiltininc", F_KEEP}, {"-undef", F_KEEP},
    {"-O", F_KEEP}, {"-O0", F_KEEP}, {"-O1", F_KEEP}, {"-O2", F_KEEP}, {"-O3", F_KEEP},
    {"-O4", F_KEEP}, {"-Os", F_KEEP}, {"-Oz", F_KEEP}, {"-Og", F_KEEP}, {"-Ofast", F_KEEP},
    {"-g", F_KEEP}, {"-g0", F_KEEP}, {"-g1", F_KEEP}, {"-g2", F_KEEP}, {"-g3", F_KEEP},
    {"-ggdb*", F_KEEP}, {"-gdwarf*", F_KEEP},
    {"-w", F_KEEP}, {"-pedantic", F_KEEP}, {"-pedantic-errors", F_KEEP}, {"-Wall", F_KEEP},
    {"-Wextra", F_KEEP}, {"-Qunused-arguments", F_KEEP},
    /* language rules */
    {"-fno-strict-aliasing", F_KEEP}, {"-fstrict-aliasing", F_KEEP}, {"-fwrapv", F_KEEP},
    {"-fno-wrapv", F_KEEP}, {"-ftrapv", F_KEEP}, {"-fno-strict-overflow", F_KEEP},
    {"-fstrict-overflow", F_KEEP}, {"-fcommon", F_KEEP}, {"-fno-common", F_KEEP},
    {"-fsigned-char", F_KEEP}, {"-funsigned-char", F_KEEP}, {"-fno-signed-char", F_KEEP},
    {"-fno-unsigned-char", F_KEEP}, {"-fbuiltin", F_KEEP}, {"-fno-builtin", F_KEEP},
    {"-fno-builtin-*", F_KEEP}, {"-ffreestanding", F_KEEP}, {"-fhosted", F_KEEP},
    {"-fno-delete-null-pointer-checks", F_KEEP}, {"-fdelete-null-pointer-checks", F_KEEP},
    {"-fms-extensions", F_KEEP}, {"-fno-ms-extensions", F_KEEP}, {"-fgnu89-inline", F_KEEP},
    {"-fgnu-keywords", F_KEEP}, {"-fno-gnu-keywords", F_KEEP}, {"-fno-asm", F_KEEP},
    {"-fasm", F_KEEP}, {"-fdollars-in-identifiers", F_KEEP},
    {"-fno-dollars-in-identifiers", F_KEEP}, {"-fshort-enums", F_KEEP},
    {"-fno-short-enums", F_KEEP}, {"-fshort-wchar", F_KEEP}, {"-fno-short-wchar", F_KEEP},
    {"-fblocks", F_KEEP}, {"-fno-blocks", F_KEEP}, {"-fopenmp", F_KEEP},
    {"-fno-openmp", F_KEEP}, {"-fexceptions", F_KEEP}, {"-fno-exceptions", F_KEEP},
    {"-fno-math-errno", F_KEEP}, {"-fmath-errno", F_KEEP}, {"-ffast-math", F_KEEP},
    {"-fno-fast-math", F_KEEP}, {"-ffp-contract=", F_KEEP}, {"-ffinite-math-only", F_KEEP},
    {"-fno-finite-math-only", F_KEEP}, {"-fno-trapping-math", F_KEEP},
    {"-ftrapping-math", F_KEEP}, {"-fno-signed-zeros", F_KEEP},
    {"-ftrivial-auto-var-init=", F_KEEP}, {"-fno-zero-initialized-in-bss", F_KEEP},
    {"-fzero-initialized-in-bss", F_KEEP}, {"-fno-inline", F_KEEP}, {"-finline", F_KEEP},
    {"-finline-functions", F_KEEP}, {"-fno-inline-functions", F_KEEP},
    {"-fvisibility=", F_KEEP}, {"-fno-semantic-interposition", F_KEEP},
    {"-fsemantic-interposition", F_KEEP}, {"-fmacro-backtrace-limit=", F_KEEP},
    /* code generation */
    {"-fPIC", F_KEEP}, {"-fpic", F_KEEP}, {"-fPIE", F_KEEP}, {"-fpie", F_KEEP},
    {"-fno-pic", F_KEEP}, {"-fno-pie", F_KEEP}, {"-fno-PIC", F_KEEP}, {"-fno-PIE", F_KEEP},
    {"-fomit-frame-pointer", F_KEEP}, {"-fno-omit-frame-pointer", F_KEEP},
    {"-fstack-protector", F_KEEP}, {"-fstack-protector-strong", F_KEEP},
    {"-fstack-protector-all", F_KEEP}, {"-fno-stack-protector", F_KEEP},
    {"-fstack-clash-protection", F_KEEP}, {"-fno-stack-clash-protection", F_KEEP},
    {"-fasynchronous-unwind-tables", F_KEEP}, {"-fno-asynchronous-unwind-tables", F_KEEP},
    {"-funwind-tables", F_KEEP}, {"-fno-unwind-tables", F_KEEP},
    {"-ffunction-sections", F_KEEP}, {"-fno-function-sections", F_KEEP},
    {"-fdata-sections", F_KEEP}, {"-fno-data-sections", F_KEEP}, {"-fno-plt", F_KEEP},
    {"-fplt", F_KEEP}, {"-fno-unroll-loops", F_KEEP}, {"-funroll-loops", F_KEEP},
    {"-fno-jump-tables", F_KEEP}, {"-fjump-tables", F_KEEP}, {"-fno-strict-enums", F_KEEP},
    {"-fstrict-enums", F_KEEP}, {"-fno-threadsafe-statics", F_KEEP}, {"-fcf-protection", F_KEEP},
    {"-fcf-protection=", F_KEEP}, {"-fno-vectorize", F_KEEP}, {"-fvectorize", F_KEEP},
    {"-fno-slp-vectorize", F_KEEP}, {"-fslp-vectorize", F_KEEP},
    /* -m: the target's code generation */
    {"-m16", F_KEEP}, {"-m32", F_KEEP}, {"-m64", F_KEEP}, {"-mx32", F_KEEP},
    {"-march=", F_KEEP}, {"-mtune=", F_KEEP}, {"-mcpu=", F_KEEP}, {"-mfpu=", F_KEEP},
    {"-mfloat-abi=", F_KEEP}, {"-mabi=", F_KEEP}, {"-mcmodel=", F_KEEP},
    {"-msse*", F_KEEP}, {"-mno-sse*", F_KEEP}, {"-mssse3", F_KEEP}, {"-mno-ssse3", F_KEEP},
    {"-mavx*", F_KEEP}, {"-mno-avx*", F_KEEP}, {"-mmmx", F_KEEP}, {"-mno-mmx", F_KEEP},
    {"-mred-zone", F_KEEP}, {"-mno-red-zone", F_KEEP}, {"-mstackrealign", F_KEEP},
    {"-mpopcnt", F_KEEP}, {"-mbmi", F_KEEP}, {"-mbmi2", F_KEEP}, {"-maes", F_KEEP},
    {"-mpclmul", F_KEEP}, {"-mfma", F_KEEP}, {"-mf16c", F_KEEP}, {"-mlzcnt", F_KEEP},
    {"-mmovbe", F_KEEP}, {"-mcx16", F_KEEP}, {"-mrdrnd", F_KEEP}, {"-mrdseed", F_KEEP},
    {"-msha", F_KEEP}, {"-mcrc32", F_KEEP}, {"-madx", F_KEEP}, {"-mgeneral-regs-only", F_KEEP},
    {"-mlittle-endian", F_KEEP}, {"-mbig-endian", F_KEEP}, {"-mthumb", F_KEEP},
    {"-marm", F_KEEP}, {"-momit-leaf-frame-pointer", F_KEEP},
    {"-mno-omit-leaf-frame-pointer", F_KEEP},
    {NULL, 0}};

/* Flags about the build's outputs, dependency files and how diagnostics
** look: the driver's fixed flags decide these, so they are dropped without
** a word (they are not the project's to choose and never load anything). */
static const flagpat silent[] = {
    {"-o", F_SILENT_VALUE}, {"-MF", F_SILENT_VALUE}, {"-MT", F_SILENT_VALUE},
    {"-MQ", F_SILENT_VALUE}, {"-MJ", F_SILENT_VALUE}, {"-o*", F_SILENT}, {"-MF*", F_SILENT},
    {"-MT*", F_SILENT}, {"-MQ*", F_SILENT}, {"-MJ*", F_SILENT},
    {"-c", F_SILENT}, {"-S", F_SILENT}, {"-E", F_SILENT}, {"-M", F_SILENT}, {"-MM", F_SILENT},
    {"-MD", F_SILENT}, {"-MMD", F_SILENT}, {"-MG", F_SILENT}, {"-MP", F_SILENT},
    {"-MV", F_SILENT}, {"-emit-llvm", F_SILENT}, {"-fsyntax-only", F_SILENT},
    {"-pipe", F_SILENT}, {"-Werror", F_SILENT}, {"-fcolor-diagnostics", F_SILENT},
    {"-fno-color-diagnostics", F_SILENT}, {"-fdiagnostics-*", F_SILENT},
    {"-fno-diagnostics-*", F_SILENT}, {"-fmessage-length=", F_SILENT},
    {"-fcaret-diagnostics", F_SILENT}, {"-Wp,-M*", F_SILENT}, {"-flto*", F_SILENT},
    {"-fno-lto", F_SILENT}, {"-fno-caret-diagnostics", F_SILENT},
    {NULL, 0}};

/* Refused flags whose value is the next argument: it is refused with
** them, so that "-Xclang -load -Xclang p.so" never leaves "p.so" behind. */
static const char *const refused_with_value[] = {
    "-Xclang", "-mllvm", "-Xpreprocessor", "-Xassembler", "-Xlinker", "-Xanalyzer",
    "-Xopenmp-target", "-Xcuda-fatbinary", "-Xcuda-ptxas", "-load", "-B", "--config",
    "-gcc-toolchain", "--gcc-toolchain", "-ivfsoverlay", "-resource-dir", "-ccc-install-dir",
    "-arch", "-aux-info", "-include-pch", "-x", "-L", "-T", "-u", "-z", "-l", "-dependency-file",
    "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-specs", "--specs", "-fplugin",
    "-fpass-plugin", "-Xopenmp", "-Xarch_host", "-Xarch_device", NULL};

/* Does `a` match pattern p? (invariant 1) */
static bool pat_match(const char *p, const char *a) {
  size_t n = strlen(p);
  if (n > 1 && p[n - 1] == '*') return !strncmp(a, p, n - 1);
  if (n > 1 && p[n - 1] == '=') return !strncmp(a, p, n);
  return !strcmp(a, p);
}

static int classify(const char *a) {
  /* first, so that no prefix of `kept` ("-include*") lets one through */
  for (const char *const *r = refused_with_value; *r; r++)
    if (!strcmp(a, *r)) return F_REFUSE_VALUE;
  for (const flagpat *f = kept; f->pat; f++)
    if (pat_match(f->pat, a)) return f->kind;
  for (const flagpat *f = silent; f->pat; f++)
    if (pat_match(f->pat, a)) return f->kind;
  /* warnings: -Wfoo, -Wno-foo, -Werror=foo, but never -Wl, / -Wa, / -Wp,
  ** (which hand arguments to the linker, assembler or preprocessor) */
  if (a[1] == 'W' && a[2] && !strchr(a, ',')) return F_KEEP;
  /* -x c / -xc: only C; another language is refused */
  if (!strcmp(a, "-xc") || !strcmp(a, "-xc-header")) return F_KEEP;
  return F_REFUSE;
}

/* ------------------------------------------------- applying it */

static void refuse(mssa__ccpolicy *out, const char *flag, const char *value) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s%s%s", flag, value ? " " : "", value ? value : "");
  for (size_t i = 0; i < out->refused.n; i++)
    if (!strcmp(out->refused.a[i], buf)) return;   /* once per command */
  if (out->refused.n < MAX_REFUSED) mssa__strv_push(&out->refused, buf);
}

/* A response file's words, or NULL with a note (invariant 3). */
static char **read_rsp(const char *dir, const char *name, size_t *budget, int depth,
                       mssa__ccpolicy *out, size_t *n) {
  char note[PATH_MAX + 128];
  *n = 0;
  if (depth >= RSP_DEPTH) {
    snprintf(note, sizeof note, "response file @%s not read: nested more than %d deep", name,
             RSP_DEPTH);
    mssa__strv_push(&out->notes, note);
    return NULL;
  }
  char *path = mssa__cc_path_join(dir, name);
  FILE *f = mssa__cc_is_file(path) ? fopen(path, "r") : NULL;
  free(path);
  if (!f) {
    snprintf(note, sizeof note, "response file @%s not read: no such file", name);
    mssa__strv_push(&out->notes, note);
    return NULL;
  }
  char *text = mssa__cc_realloc(NULL, *budget + 1);
  size_t k = fread(text, 1, *budget + 1, f);
  fclose(f);
  if (k > *budget) {
    free(text);
    snprintf(note, sizeof note, "response file @%s not read: response files of one command "
             "are read up to %zu bytes", name, RSP_BYTES);
    mssa__strv_push(&out->notes, note);
    return NULL;
  }
  *budget -= k;
  text[k] = 0;
  char **words;
  if (mssa_compile_split(text, &words, n)) {
    snprintf(note, sizeof note, "response file @%s not read: an unterminated quote", name);
    mssa__strv_push(&out->notes, note);
    words = NULL;
  }
  free(text);
  return words;
}

/* One level of the filter: argv[first..argc); depth is the response-file
** nesting (bounded by RSP_DEPTH, so the recursion is too). */
static void filter(char *const *argv, size_t argc, size_t first, const char *dir, int depth,
                   size_t *budget, bool *after_dashdash, mssa__ccpolicy *out) {
  for (size_t i = first; i < argc; i++) {
    const char *a = argv[i];
    if (*after_dashdash) continue;   /* inputs */
    if (a[0] == '@' && a[1]) {
      size_t n;
      char **w = read_rsp(dir, a + 1, budget, depth, out, &n);
      if (w) filter(w, n, 0, dir, depth + 1, budget, after_dashdash, out);
      mssa_compile_argv_free(w);
      continue;
    }
    if (a[0] != '-' || !a[1]) continue;   /* an input: the driver names the file */
    if (!strcmp(a, "--")) {
      *after_dashdash = true;
      continue;
    }
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    switch (classify(a)) {
    case F_KEEP:
      mssa__strv_push(&out->keep, a);
      break;
    case F_KEEP_VALUE:   /* invariant 2: the pair stays together */
      if (!v) break;
      mssa__strv_push(&out->keep, a);
      mssa__strv_push(&out->keep, v);
      i++;
      break;
    case F_SILENT:
      break;
    case F_SILENT_VALUE:
      i += v != NULL;
      break;
    case F_REFUSE_VALUE:
      if (!strcmp(a, "-x") && v && (!strcmp(v, "c") || !strcmp(v, "c-header"))) {
        mssa__strv_push(&out->keep, a);
        mssa__strv_push(&out->keep, v);
        i++;
        break;
      }
      refuse(out, a, v);
      i += v != NULL;
      break;
    default:
      refuse(out, a, NULL);
    }
  }
}

void mssa__cc_filter(char *const *argv, size_t argc, size_t first, const char *dir,
                     mssa__ccpolicy *out) {
  size_t budget = RSP_BYTES;
  bool after = false;
  memset(out, 0, sizeof *out);
  filter(argv, argc, first, dir, 0, &budget, &after, out);
  if (!out->keep.a) out->keep.a = mssa__cc_realloc(NULL, sizeof *out->keep.a), out->keep.a[0] = NULL;
  assert(out->keep.a[out->keep.n] == NULL);   /* a NULL-terminated list, even when empty */
}

void mssa__cc_policy_free(mssa__ccpolicy *p) {
  mssa_compile_argv_free(p->keep.a);
  mssa_compile_argv_free(p->refused.a);
  mssa_compile_argv_free(p->notes.a);
  memset(p, 0, sizeof *p);
}

/* ------------------------------------------- trusted compilers */

/* The system's clang binaries, as Debian installs them. */
static const char *const builtin_trusted[] = {
    "/usr/bin/clang", "/usr/bin/clang-[0-9]*", "/usr/lib/llvm-*/bin/clang",
    "/usr/local/bin/clang", "/usr/local/bin/clang-[0-9]*", NULL};

static bool glob_match(const char *glob, const char *path) {
  return glob[0] == '/' && !fnmatch(glob, path, FNM_PATHNAME);
}

/* The user's config file: $XDG_CONFIG_HOME/memssa/trusted-compilers, else
** ~/.config/memssa/trusted-compilers; one absolute glob per line, '#'
** comments. Ignored unless it is a regular file of the user's own that
** nobody else may write: a shared or project-made file is no trust. */
static bool config_match(const char *path) {
  const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
  char name[PATH_MAX];
  if (xdg && xdg[0] == '/')
    snprintf(name, sizeof name, "%s/memssa/trusted-compilers", xdg);
  else if (home && home[0] == '/')
    snprintf(name, sizeof name, "%s/.config/memssa/trusted-compilers", home);
  else
    return false;
  struct stat st;
  if (stat(name, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
      (st.st_mode & (S_IWGRP | S_IWOTH)))
    return false;
  FILE *f = fopen(name, "r");
  if (!f) return false;
  char line[PATH_MAX];
  bool hit = false;
  size_t read = 0;
  while (!hit && read < CONFIG_BYTES && fgets(line, sizeof line, f)) {
    read += strlen(line);
    line[strcspn(line, "\r\n")] = 0;
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
    if (*s && *s != '#') hit = glob_match(s, path);
  }
  fclose(f);
  return hit;
}

bool mssa__cc_trusted(const char *exe, const char *const *extra) {
  if (!exe || exe[0] != '/') return false;
  for (const char *const *g = builtin_trusted; *g; g++)
    if (glob_match(*g, exe)) return true;
  for (const char *const *g = extra; g && *g; g++)
    if (glob_match(*g, exe)) return true;
  return config_match(exe);
}

/* ------------------------------------------------ the environment */

/* Variables passed to clang (invariant 5): the locale (messages), HOME and
** TMPDIR, and the user's own header search variables, which only add
** directories to read headers from, as -I does. PATH is fixed: clang finds
** nothing on it when it only emits IR. */
static const char *const env_kept[] = {"HOME=", "TMPDIR=", "LANG=", "LC_", "TZ=",
                                       "SOURCE_DATE_EPOCH=", "CPATH=", "C_INCLUDE_PATH=",
                                       NULL};

char **mssa__cc_env(void) {
  mssa__strv v = {0};
  mssa__strv_push(&v, "PATH=/usr/local/bin:/usr/bin:/bin");
  for (char **e = environ; e && *e; e++)
    for (const char *const *k = env_kept; *k; k++)
      if (!strncmp(*e, *k, strlen(*k))) {
        mssa__strv_push(&v, *e);
        break;
      }
  assert(v.n >= 1 && v.a[v.n] == NULL);   /* invariant 5: PATH, then only the allowed ones */
  return v.a;
}
