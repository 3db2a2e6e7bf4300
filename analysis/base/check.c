/*
** check.c -- the report of a failed MSSA_ASSERT (see check.h). Compiled in
** every build, so objects built with and without MSSA_CHECKS link together.
*/
#include "base/check.h"

#include <stdio.h>
#include <stdlib.h>

_Noreturn void mssa_check_failed(const char *expr, const char *file, int line,
                                 const char *func) {
  fprintf(stderr, "%s:%d: %s: assertion `%s' failed\n", file, line, func, expr);
  fflush(stderr);
  abort();
}
