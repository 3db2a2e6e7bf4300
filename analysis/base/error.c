/*
** error.c -- the text of each error code (error.h).
**
** Invariants:
**   1. Every code of error.h has its own text; any other value gets
**      "unknown error", never NULL.
*/
#include "base/error.h"

#include <stddef.h>

#include "base/check.h"

/* error.h invariant 1, at compile time. */
_Static_assert(MSSA_OK == 0 && MSSA_EPARSE < 0 && MSSA_ETOOBIG < 0 && MSSA_ENOMEM < 0, "errors are negative");

static const char *text_of(int err) {
  switch (err) {
  case MSSA_OK: return "success";
  case MSSA_EPARSE: return "parse error";
  case MSSA_EIO: return "I/O error";
  case MSSA_ENOENT: return "not found";
  case MSSA_EINVAL: return "invalid argument";
  case MSSA_ETOOBIG: return "input too large";
  case MSSA_ENOMEM: return "out of memory";
  default: return "unknown error";
  }
}

const char *mssa_strerror(int err) {
  const char *t = text_of(err);
  MSSA_ASSERT(t != NULL && t[0] != 0);   /* invariant 1: never NULL, never empty */
  return t;
}
