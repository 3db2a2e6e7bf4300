/*
** tap.h -- a small header-only TAP (Test Anything Protocol) producer.
**
**   #include "tap.h"
**   int main(void) {
**     plan(3);                      // or no_plan(); ... done_testing()
**     ok(1 + 1 == 2, "addition");
**     is_int(f(), 4, "f() is %d", 4);
**     is_str(name, "main", "name");
**     return done_testing();        // 0 iff every test passed and plan held
**   }
**
** Checks: ok(cond, fmt, ...), is_int(got, exp, fmt, ...), isnt_int,
** is_uint, is_str (NULL-safe), is_mem(got, exp, len, ...), pass(), fail().
** A description (a non-empty printf format) is required on each check.
** Every check returns its result (1 pass, 0 fail), so
** `if (!ok(...)) diag(...)` works.
** Diagnostics: diag() to stderr, note() to stdout, each line prefixed "# ".
** Skips: skip(n, reason) emits n "ok N # SKIP reason" lines;
** skip_all(reason) prints "1..0 # SKIP reason" and exits 0;
** bail_out(reason) prints "Bail out!" and exits 255.
** TODO: todo_start("reason") ... todo_end(): failures in between are
** reported as "not ok N - desc # TODO reason" and do not fail the run.
**
** Everything is static: each test program includes tap.h once. Output is
** flushed after every line so that it interleaves sensibly with a crash.
*/
#ifndef MEMSSA_TAP_H
#define MEMSSA_TAP_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define TAP__PRINTF(f, a) __attribute__((format(printf, f, a)))
#define TAP__UNUSED __attribute__((unused))
#else
#define TAP__PRINTF(f, a)
#define TAP__UNUSED
#endif

static int tap__planned = -1;  /* -1: no plan yet; -2: no_plan */
static int tap__run = 0;
static int tap__failed = 0;
static int tap__todo_failed = 0;
static const char *tap__todo = NULL;

static TAP__UNUSED void plan(int n) {
  tap__planned = n;
  printf("1..%d\n", n);
  fflush(stdout);
}

static TAP__UNUSED void no_plan(void) { tap__planned = -2; }

static TAP__UNUSED void tap__vprefixed(FILE *f, const char *fmt, va_list ap) {
  char buf[4096];
  vsnprintf(buf, sizeof buf, fmt, ap);
  const char *p = buf;
  for (;;) {
    const char *nl = strchr(p, '\n');
    int len = nl ? (int)(nl - p) : (int)strlen(p);
    fprintf(f, "# %.*s\n", len, p);
    if (!nl || nl[1] == '\0') break;
    p = nl + 1;
  }
  fflush(f);
}

/* Failure details: stderr, or stdout inside a TODO block (as Test::More). */
static TAP__UNUSED TAP__PRINTF(1, 2) void tap__faildiag(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  va_start(ap, fmt);
  tap__vprefixed(tap__todo ? stdout : stderr, fmt, ap);
  va_end(ap);
}

/* Diagnostic to stderr (shown by prove), "# " on every line. */
static TAP__UNUSED TAP__PRINTF(1, 2) void diag(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  va_start(ap, fmt);
  tap__vprefixed(stderr, fmt, ap);
  va_end(ap);
}

/* Note to stdout (shown by prove -v), "# " on every line. */
static TAP__UNUSED TAP__PRINTF(1, 2) void note(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tap__vprefixed(stdout, fmt, ap);
  va_end(ap);
}

static TAP__UNUSED void tap__emit(int pass, const char *file, int line, const char *fmt,
                      va_list ap) {
  char desc[1024];
  desc[0] = '\0';
  if (fmt) vsnprintf(desc, sizeof desc, fmt, ap);
  /* '#' in a description would start a directive: escape it. */
  char esc[2048];
  size_t j = 0;
  for (size_t i = 0; desc[i] && j + 3 < sizeof esc; i++) {
    if (desc[i] == '#') esc[j++] = '\\';
    esc[j++] = desc[i] == '\n' ? ' ' : desc[i];
  }
  esc[j] = '\0';
  tap__run++;
  printf("%sok %d%s%s", pass ? "" : "not ", tap__run, esc[0] ? " - " : "", esc);
  if (tap__todo) printf(" # TODO %s", tap__todo);
  printf("\n");
  fflush(stdout);
  if (!pass) {
    if (tap__todo) {
      tap__todo_failed++;
    } else {
      tap__failed++;
    }
    tap__faildiag("  Failed %stest '%s'\n  at %s line %d.", tap__todo ? "(TODO) " : "",
         esc, file, line);
  }
}

static TAP__UNUSED TAP__PRINTF(4, 5) int tap__ok(int pass, const char *file,
                                                 int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  return pass;
}

static TAP__UNUSED TAP__PRINTF(5, 6) int tap__is_int(long long got, long long exp,
                                                     const char *file, int line,
                                                     const char *fmt, ...) {
  va_list ap;
  int pass = got == exp;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  if (!pass) tap__faildiag("         got: %lld\n    expected: %lld", got, exp);
  return pass;
}

static TAP__UNUSED TAP__PRINTF(5, 6) int tap__isnt_int(long long got, long long exp,
                                                       const char *file, int line,
                                                       const char *fmt, ...) {
  va_list ap;
  int pass = got != exp;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  if (!pass) tap__faildiag("         got: %lld\n    expected: anything else", got);
  return pass;
}

static TAP__UNUSED TAP__PRINTF(5, 6) int tap__is_uint(unsigned long long got,
                                                      unsigned long long exp,
                                                      const char *file, int line,
                                                      const char *fmt, ...) {
  va_list ap;
  int pass = got == exp;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  if (!pass) tap__faildiag("         got: %llu\n    expected: %llu", got, exp);
  return pass;
}

static TAP__UNUSED TAP__PRINTF(5, 6) int tap__is_str(const char *got, const char *exp,
                                                     const char *file, int line,
                                                     const char *fmt, ...) {
  va_list ap;
  int pass = (got == NULL || exp == NULL) ? got == exp : strcmp(got, exp) == 0;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  if (!pass) {
    if (got) tap__faildiag("         got: '%s'", got); else tap__faildiag("         got: NULL");
    if (exp) tap__faildiag("    expected: '%s'", exp); else tap__faildiag("    expected: NULL");
  }
  return pass;
}

static TAP__UNUSED TAP__PRINTF(6, 7) int tap__is_mem(const void *got, const void *exp,
                                                     size_t len, const char *file,
                                                     int line, const char *fmt, ...) {
  va_list ap;
  int pass = (got && exp) ? memcmp(got, exp, len) == 0 : got == exp;
  va_start(ap, fmt);
  tap__emit(pass, file, line, fmt, ap);
  va_end(ap);
  if (!pass && got && exp) {
    const unsigned char *g = got, *e = exp;
    size_t i = 0;
    while (i < len && g[i] == e[i]) i++;
    tap__faildiag("    first difference at byte %zu: got 0x%02x, expected 0x%02x", i, g[i], e[i]);
  }
  return pass;
}

/* The checks. The description format is required and must not be "". */
#define ok(cond, ...) tap__ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define pass(...) tap__ok(1, __FILE__, __LINE__, __VA_ARGS__)
#define fail(...) tap__ok(0, __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, exp, ...) \
  tap__is_int((long long)(got), (long long)(exp), __FILE__, __LINE__, __VA_ARGS__)
#define isnt_int(got, exp, ...) \
  tap__isnt_int((long long)(got), (long long)(exp), __FILE__, __LINE__, __VA_ARGS__)
#define is_uint(got, exp, ...)                                                      \
  tap__is_uint((unsigned long long)(got), (unsigned long long)(exp), __FILE__, \
               __LINE__, __VA_ARGS__)
#define is_str(got, exp, ...) tap__is_str((got), (exp), __FILE__, __LINE__, __VA_ARGS__)
#define is_mem(got, exp, len, ...) \
  tap__is_mem((got), (exp), (len), __FILE__, __LINE__, __VA_ARGS__)

/* Failures between todo_start() and todo_end() do not fail the run. */
static TAP__UNUSED void todo_start(const char *reason) { tap__todo = reason ? reason : ""; }
static TAP__UNUSED void todo_end(void) { tap__todo = NULL; }

/* Emit n passing "# SKIP" results (e.g. for checks that cannot run here). */
static TAP__UNUSED void skip(int n, const char *reason) {
  for (int i = 0; i < n; i++) {
    tap__run++;
    printf("ok %d # SKIP %s\n", tap__run, reason ? reason : "");
  }
  fflush(stdout);
}

/* Skip the whole program: call before plan() or any check. Exits 0. */
static TAP__UNUSED void skip_all(const char *reason) {
  printf("1..0 # SKIP %s\n", reason ? reason : "");
  fflush(stdout);
  exit(0);
}

/* Abort the whole test run (prove stops). */
static TAP__UNUSED void bail_out(const char *reason) {
  printf("Bail out! %s\n", reason ? reason : "");
  fflush(stdout);
  exit(255);
}

/* Ends the run: prints the plan if there was none, reports a mismatch, and
   returns the exit status (0 iff everything passed and the plan held). */
static TAP__UNUSED int done_testing(void) {
  int status = 0;
  if (tap__planned < 0) {
    printf("1..%d\n", tap__run);
    fflush(stdout);
  } else if (tap__planned != tap__run) {
    diag("Looks like you planned %d tests but ran %d.", tap__planned, tap__run);
    status = 255;
  }
  if (tap__failed) {
    diag("Looks like you failed %d test%s of %d.", tap__failed,
         tap__failed == 1 ? "" : "s", tap__run);
    if (!status) status = tap__failed > 254 ? 254 : tap__failed;
  }
  return status;
}

/* The number of failed (non-TODO) checks so far. */
static TAP__UNUSED int tap_failures(void) { return tap__failed; }

#endif /* MEMSSA_TAP_H */
