/*
** version.h -- the release of memssa, as memssad --version prints it and
** the Makefile writes into memssa-client.pc.
**
** Invariants: it is the MEMSSA_VERSION of the installed client header
** (clients/libmemssa-client/memssa-client.h), which cannot include this
** file; tests/layers.t compares the two.
*/
#ifndef MSSA_COMMON_VERSION_H
#define MSSA_COMMON_VERSION_H

#define MSSA_VERSION "1.0"

#endif
