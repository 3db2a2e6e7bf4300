/*
** test_proto_fuzz.c -- the libFuzzer targets of tests/fuzz/ replayed by
** `make test` (and `make asan`) without libFuzzer: each target's entry
** point over its seed inputs and over every input in tests/fuzz/regress/NAME
** (where each finding of `make fuzz` is kept once fixed). A target that
** aborts fails the suite; so the targets keep building with gcc, and a
** fixed finding stays fixed.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each target defines LLVMFuzzerTestOneInput: one name per target here. */
#define LLVMFuzzerTestOneInput fuzz_reader_one
#include "../fuzz/fuzz_reader.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_jsonir_one
#include "../fuzz/fuzz_jsonir.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_rpc_one
#include "../fuzz/fuzz_rpc.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_edit_one
#include "../fuzz/fuzz_edit.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_journal_one
#include "../fuzz/fuzz_journal.c"
#undef LLVMFuzzerTestOneInput

#include "tap.h"
#include "test_util.h"

typedef int (*one_fn)(const uint8_t *, size_t);

/* Runs `fn` over the files of `dir` ending in `suffix` (NULL: all);
** returns how many. */
static int replay_dir(one_fn fn, const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t l = strlen(e->d_name), sl = suffix ? strlen(suffix) : 0;
    if (e->d_name[0] == '.' || (suffix && (l < sl || strcmp(e->d_name + l - sl, suffix))))
      continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    size_t len;
    char *b = slurp(path, &len);
    if (!b) continue;
    fn((const uint8_t *)b, len);
    free(b);
    n++;
  }
  closedir(d);
  return n;
}

static const char *root(void) {
  const char *r = getenv("MEMSSA_ROOT");
  return r ? r : ".";
}

static int replay(one_fn fn, const char *name, const char *seeds, const char *suffix) {
  char dir[4096];
  int n = 0;
  if (seeds) {
    snprintf(dir, sizeof dir, "%s/%s", root(), seeds);
    n += replay_dir(fn, dir, suffix);
  }
  snprintf(dir, sizeof dir, "%s/tests/fuzz/seeds/%s", root(), name);
  n += replay_dir(fn, dir, NULL);
  snprintf(dir, sizeof dir, "%s/tests/fuzz/regress/%s", root(), name);
  n += replay_dir(fn, dir, NULL);
  return n;
}

int main(void) {
  int n = replay(fuzz_reader_one, "reader", "tests/fixtures/domtree", ".ll");
  n += replay(fuzz_reader_one, "reader", "tests/fixtures/reader", ".ll");
  ok(n > 10, "reader: %d inputs replayed", n);
  n = replay(fuzz_jsonir_one, "jsonir", "tests/fixtures/jsonir", ".json");
  ok(n >= 4, "jsonir: %d inputs replayed", n);
  n = replay(fuzz_rpc_one, "rpc", NULL, NULL);
  ok(n >= 3, "rpc: %d inputs replayed", n);
  /* edit: fixed op streams (every kind, both functions), then the kept ones */
  static const uint8_t streams[][24] = {
      {0, 3, 0, 1, 5, 0, 0, 0, 0, 0, 0, 1, 0, 2, 1, 7, 0, 0, 0, 0, 0, 0, 2},
      {1, 4, 1, 0, 9, 0, 2, 0, 1, 0, 3, 0, 2, 0, 5, 1, 1, 3, 0, 0, 0, 0, 0},
      {0, 2, 4, 1, 1, 0, 3, 0, 0, 0, 1, 5, 8, 2, 0, 2, 0, 1, 0, 0, 0, 0, 6},
      {1, 1, 6, 0, 3, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  };
  for (size_t k = 0; k < sizeof streams / sizeof *streams; k++)
    fuzz_edit_one(streams[k], sizeof streams[k]);
  n = replay(fuzz_edit_one, "edit", NULL, NULL);
  ok(1, "edit: %zu fixed op streams and %d kept inputs replayed",
     sizeof streams / sizeof *streams, n);
  /* journal: real journals and snapshots of the daemon, each whole, torn,
  ** flipped, under every setting (tests/fuzz/seeds/journal/README) */
  n = replay(fuzz_journal_one, "journal", NULL, NULL);
  ok(n >= 10, "journal: %d inputs replayed", n);
  return done_testing();
}
