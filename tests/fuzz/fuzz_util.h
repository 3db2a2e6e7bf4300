/*
** fuzz_util.h -- what several fuzz targets do with a module they read:
** build MemorySSA for each function of reasonable size and verify it.
*/
#ifndef MEMSSA_FUZZ_UTIL_H
#define MEMSSA_FUZZ_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "mssa/mssa.h"

/* Functions above this many instructions are read but not built, so one
** input stays fast whatever it holds. */
#define FUZZ_MAX_INSTS 2000u

/* Builds and verifies every defined function of m; a graph that does not
** verify is a finding (abort). */
static void fuzz_build_all(const char *who, mssa_module *m) {
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl || f->entry == MSSA_NONE || f->insts.n > FUZZ_MAX_INSTS) continue;
    mssa_ssa *s = NULL;
    if (mssa_ssa_build(m, f, NULL, &s) != MSSA_OK) continue;
    char msg[256];
    if (mssa_verify(s, msg, sizeof msg) != 0) {
      fprintf(stderr, "%s: @%s does not verify: %s\n", who, mssa_str(m, f->name), msg);
      abort();
    }
    mssa_ssa_free(s);
  }
}

#endif
