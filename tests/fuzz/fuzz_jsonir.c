/*
** fuzz_jsonir.c -- libFuzzer target: the JSON IR loader (protocol/jsonir.c)
** on arbitrary bytes.
**
** Invariants:
**   1. Bytes that are not a JSON object are refused by jansson; an object
**      is either lowered to LLVM text or refused with one message naming a
**      JSON path (jsonir.h invariant 1) -- no crash, leak or hang.
**   2. Text the lowering produces is read by the .ll reader without error
**      and its functions build and verify: a lowering the reader refuses
**      is a finding (abort), since a `load` of it would fail with a
**      reader message about text the client never wrote.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_util.h"
#include "jsonir.h"
#include "mssa/mssa.h"
#include "reader/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_text(const char *text, size_t len) {
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse("jsonir.ll", text, len, &m, &d) != MSSA_OK) {
    fprintf(stderr, "fuzz_jsonir: the reader refuses the lowered text: %u:%u: %s\n%.*s\n",
            d.line, d.col, d.msg, (int)len, text);
    abort();
  }
  fuzz_build_all("fuzz_jsonir", m);
  mssa_module_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  json_error_t je;
  json_t *ir = json_loadb((const char *)data, size, 0, &je);
  if (!ir) return 0;
  char *text = NULL, err[512];
  size_t len = 0;
  if (json_is_object(ir) && mssa__jsonir_lower(ir, &text, &len, err, sizeof err) == 0) {
    check_text(text, len);
    free(text);
  }
  json_decref(ir);
  return 0;
}
