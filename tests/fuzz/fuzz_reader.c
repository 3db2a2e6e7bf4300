/*
** fuzz_reader.c -- libFuzzer target: the .ll reader on arbitrary text, and
** for every module it accepts, MemorySSA of each (small) function, verified.
**
** Invariants:
**   1. Any input is either rejected with a diagnostic or read into a module
**      whose functions build and verify (mssa_verify) -- no crash, leak,
**      undefined behaviour or hang.
**   2. Functions above FUZZ_MAX_INSTS instructions (fuzz_util.h) are read
**      but not built, so one input stays fast whatever it holds.
*/
#include <stdint.h>

#include "fuzz_util.h"
#include "mssa/mssa.h"
#include "reader/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("fuzz.ll", (const char *)data, size, &m, &d) != MSSA_OK) return 0;
  fuzz_build_all("fuzz_reader", m);
  mssa_module_free(m);
  return 0;
}
