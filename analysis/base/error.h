/*
** error.h -- the library's error codes: 0 or a negative MSSA_E* code, as
** libuv returns them, with mssa_strerror() for their text.
**
** They live at the bottom (base/) because every stage returns them: the
** reader, the graph, the updater and the query layer alike, and the
** protocol maps each to its JSON-RPC error (protocol/errors.h).
**
** Invariants:
**   1. MSSA_OK is 0 and every error is negative, so `rc < 0` tests for
**      failure everywhere.
**   2. Codes are never renumbered (the protocol and the journal refer to
**      them); a new code takes the next negative number.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_ERROR_H
#define MSSA_ERROR_H

enum {
  MSSA_OK = 0,
  MSSA_EPARSE = -1,     /* malformed IR; details in the diag */
  MSSA_EIO = -2,        /* could not read the file */
  MSSA_ENOENT = -3,     /* no such function / instruction / block */
  MSSA_EINVAL = -4,     /* invalid argument */
  MSSA_ETOOBIG = -5,    /* input beyond a limit */
  MSSA_ENOMEM = -6      /* out of memory (a request's recovery scope, base/oom.h) */
};

/* A short English text for an error code ("unknown error" for others). */
const char *mssa_strerror(int err);

#endif
