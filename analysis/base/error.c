/*
** error.c -- the text of each error code (error.h).
**
** Invariants:
**   1. Every code of error.h has its own text; any other value gets
**      "unknown error", never NULL.
*/
#include "base/error.h"

const char *mssa_strerror(int err) {
  switch (err) {
  case MSSA_OK: return "success";
  case MSSA_EPARSE: return "parse error";
  case MSSA_EIO: return "I/O error";
  case MSSA_ENOENT: return "not found";
  case MSSA_EINVAL: return "invalid argument";
  case MSSA_ETOOBIG: return "input too large";
  default: return "unknown error";
  }
}
