/*
** oom_free.c -- free() as the daemon's own code calls it: first out of
** any recovery scope's registry (base/oom.h), then the C library's free.
**
** Why a linker wrap and not a new name at 300 call sites: the daemon is
** linked with -Wl,--wrap=free (Makefile), so every call to free in the
** objects it links (the library, protocol/, server/) comes here, while
** the shared libraries' own frees (jansson's, libuv's, the C library's)
** do not. A sweep then never frees twice a block the request freed
** itself. Other programs (the CLI, the unit tests) are linked without the
** wrap: mssa_oom_init sees their frees are not followed and leaves scopes
** disabled (oom.h invariant 4).
**
** Invariants:
**   1. A block is forgotten before it is freed: another thread's malloc
**      may reuse its address the moment it is freed.
*/
#include <stdlib.h>

#include "memssa.h"

/* The names the linker's --wrap=free option requires. */
void __real_free(void *p);
void __wrap_free(void *p);

void __wrap_free(void *p) {
  if (p && mssa_oom_active()) mssa_oom_forget(p);
  __real_free(p);
}
