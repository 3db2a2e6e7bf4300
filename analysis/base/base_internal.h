/*
** base_internal.h -- what base/'s files share and nothing else may call:
** the allocation wrappers' side of the out-of-memory scopes (oom.h), which
** util.c's mssa_xmalloc & co call and oom.c defines. Like every
** X_internal.h it is included only from its own folder (tests/layers.t
** rule 3 checks that).
*/
#ifndef MSSA_BASE_INTERNAL_H
#define MSSA_BASE_INTERNAL_H

#include <stddef.h>

/* What mssa_xmalloc & co do with a fresh block inside a scope: p (NULL if
** the allocation failed) is recorded, or, if NULL or if the test hook
** fails this allocation, freed and mssa_oom_fail(n). */
void *mssa__oom_track(void *p, size_t n);
/* realloc inside a scope, with invariant 1's inheritance. */
void *mssa__oom_realloc(void *p, size_t n);

#endif
