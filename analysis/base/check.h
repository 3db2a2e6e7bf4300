/*
** check.h -- checked invariants.
**
** MSSA_ASSERT(cond) states a precondition or invariant that the prose of a
** file header promises. It is checked when the build defines MSSA_CHECKS
** non-zero (the default, test and sanitizer builds) and costs nothing
** otherwise (release builds): the condition is then not evaluated, but it
** still has to compile, so a check cannot rot while it is switched off.
**
** A failed check prints "file:line: function: assertion `cond' failed" on
** stderr and aborts: a broken invariant means the graph is wrong, and no
** answer computed from it can be trusted.
**
** MSSA_EXPENSIVE_ASSERT(cond) is a check too costly for every test run: a
** whole verifier after each step (each function built, each edit). It is
** checked only when MSSA_CHECKS is 2 or more (`make checks`, `make asan`).
**
** Invariants:
**   1. A check has no side effect the program relies on: a release build
**      (which skips it) behaves exactly as a checked one that passes.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_CHECK_H
#define MSSA_CHECK_H

#ifndef MSSA_CHECKS
#define MSSA_CHECKS 0
#endif

/* Reports the failed check `expr` at file:line in function `func`, then
** aborts. Called by MSSA_ASSERT only. */
_Noreturn void mssa_check_failed(const char *expr, const char *file, int line,
                                 const char *func);

#if MSSA_CHECKS
#define MSSA_ASSERT(cond) \
  ((cond) ? (void)0 : mssa_check_failed(#cond, __FILE__, __LINE__, __func__))
#else
#define MSSA_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

#if MSSA_CHECKS >= 2
#define MSSA_EXPENSIVE_ASSERT(cond) MSSA_ASSERT(cond)
#else
#define MSSA_EXPENSIVE_ASSERT(cond) ((void)sizeof((cond) ? 1 : 0))
#endif

/* MSSA_CHECK_ONLY marks a static function that only checks call (a pass
** for MSSA_EXPENSIVE_ASSERT): with the checks off it is named only inside
** sizeof, which clang reports as a function never emitted. */
#if defined(__GNUC__)
#define MSSA_CHECK_ONLY __attribute__((unused))
#else
#define MSSA_CHECK_ONLY
#endif

#endif
