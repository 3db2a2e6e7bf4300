/*
** test_common_ccache.c -- unit tests of common/hash64.c and common/ccache_fmt.c:
** XXH64's published values; an entry that round-trips; and every way an
** entry can be damaged -- each truncation length, each single flipped bit,
** bytes appended, another key -- rejected, never decoded (ccache.h's
** invariant 1). Also clang's dependency-list syntax (escaped spaces,
** continuation lines, relative names). And the memo of dependency hashes
** (ccache_memo.c): a rewritten file is never answered from it.
*/
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/ccache_internal.h"
#include "common/hash64.h"
#include "tap.h"

static void test_hash(void) {
  /* the reference implementation's values (xxhsum -H1; python-xxhash's docs) */
  is_uint(mssa_hash64("", 0, 0), 0xEF46DB3751D8E999ULL, "XXH64(\"\")");
  is_uint(mssa_hash64("a", 1, 0), 0xD24EC4F1A98C6E5BULL, "XXH64(\"a\")");
  is_uint(mssa_hash64("abc", 3, 0), 0x44BC2CF5AD770999ULL, "XXH64(\"abc\")");
  const char *s = "Nobody inspects the spammish repetition";
  is_uint(mssa_hash64(s, strlen(s), 0), 0xFBCEA83C8A378BF1ULL, "XXH64 of 39 bytes (stripes)");
  ok(mssa_hash64("abc", 3, 1) != mssa_hash64("abc", 3, 0), "the seed changes the hash");
  char buf[64] = {0}, un[65];
  memcpy(un + 1, buf, 64);
  is_uint(mssa_hash64(un + 1, 64, 7), mssa_hash64(buf, 64, 7), "unaligned input: same hash");
}

static void sample(mssa__ccentry *e) {
  memset(e, 0, sizeof *e);
  e->key[0] = 0x0123456789abcdefULL;
  e->key[1] = 0xfedcba9876543210ULL;
  e->ir = mssa__cc_strdup("; ModuleID = 'a.c'\ndefine i32 @f() {\n  ret i32 1\n}\n");
  e->ir_len = strlen(e->ir);
  e->stderr_text = mssa__cc_strdup("a.c:1:1: warning: w\n");
  mssa__strv_push(&e->notes, "2memssa: clang rejected the flag '-fx'");
  e->dropped = 1;
  e->ndeps = 2;
  e->deps = mssa__cc_realloc(NULL, 2 * sizeof *e->deps);
  e->deps[0] = (mssa__ccdep){mssa__cc_strdup("/p/a.c"), 40, 0x1111};
  e->deps[1] = (mssa__ccdep){mssa__cc_strdup("/p/h h.h"), 7, 0x2222};
}

static void test_roundtrip(void) {
  mssa__ccentry e, d;
  sample(&e);
  unsigned char *b;
  size_t n;
  mssa__ccfmt_encode(&e, &b, &n);
  is_int(mssa__ccfmt_decode(b, n, e.key, &d), 0, "a sound entry decodes");
  is_int((int)d.ir_len, (int)e.ir_len, "ir length kept");
  is_str(d.ir, e.ir, "ir kept");
  is_str(d.stderr_text, e.stderr_text, "clang's stderr kept");
  is_int((int)d.notes.n, 1, "one note");
  is_str(d.notes.a[0], e.notes.a[0], "the note kept");
  is_int((int)d.dropped, 1, "dropped kept");
  is_int((int)d.ndeps, 2, "two dependencies");
  is_str(d.deps[1].path, "/p/h h.h", "a dependency's path");
  is_uint(d.deps[1].size, 7, "its size");
  is_uint(d.deps[1].hash, 0x2222, "its hash");
  mssa__ccentry_free(&d);
  uint64_t other[2] = {e.key[0], e.key[1] ^ 1};
  is_int(mssa__ccfmt_decode(b, n, other, &d), MSSA_CCACHE_EBAD, "another key: rejected");
  is_int(mssa__ccfmt_decode(b, n, NULL, &d), 0, "no key asked (verification): decodes");
  mssa__ccentry_free(&d);

  unsigned bad_trunc = 0, bad_flip = 0, flips = 0;
  for (size_t k = 0; k < n; k++) bad_trunc += mssa__ccfmt_decode(b, k, e.key, &d) != 0;
  is_int((int)bad_trunc, (int)n, "every one of the %zu truncations is rejected", n);
  for (size_t i = 0; i < n; i++)
    for (int bit = 0; bit < 8; bit++) {
      b[i] ^= (unsigned char)(1u << bit);
      flips++;
      int rc = mssa__ccfmt_decode(b, n, e.key, &d);
      if (rc) bad_flip++;
      else mssa__ccentry_free(&d);
      b[i] ^= (unsigned char)(1u << bit);
    }
  is_int((int)bad_flip, (int)flips, "every one of the %u single-bit flips is rejected", flips);
  unsigned char *longer = mssa__cc_realloc(NULL, n + 1);
  memcpy(longer, b, n);
  longer[n] = '\n';
  is_int(mssa__ccfmt_decode(longer, n + 1, e.key, &d), MSSA_CCACHE_EBAD,
         "a byte appended: rejected");
  free(longer);
  free(b);
  mssa__ccentry_free(&e);
}

static void test_depfile(void) {
  mssa__strv v = {0};
  const char *text = "-: a.c sub/h\\ 1.h \\\n  /usr/include/stdio.h $$x.h\n";
  is_int(mssa__ccfmt_depfile(text, "/proj", &v), 0, "a dependency list parses");
  is_int((int)v.n, 4, "four files");
  if (v.n == 4) {
    is_str(v.a[0], "/proj/a.c", "relative to the command's directory");
    is_str(v.a[1], "/proj/sub/h 1.h", "an escaped space is part of the name");
    is_str(v.a[2], "/usr/include/stdio.h", "after a continuation line");
    is_str(v.a[3], "/proj/$x.h", "$$ is a dollar");
  }
  mssa_compile_argv_free(v.a);
  memset(&v, 0, sizeof v);
  is_int(mssa__ccfmt_depfile("no colon at all", "/", &v), 0, "no target: no files");
  is_int((int)v.n, 0, "none");
}

/* The freshness check's memo of dependency hashes (ccache_memo.c): a
** file rewritten with the same size and its mtime put back is hashed
** again (its ctime moved), never answered from the memo. */
static void test_memo(void) {
  char path[] = "/tmp/memssa-ccmemo-XXXXXX";
  int fd = mkstemp(path);
  if (!ok(fd >= 0, "a temp file")) return;
  if (write(fd, "int a = 1;\n", 11) != 11) diag("short write");
  close(fd);
  mssa__cchmemo *m = mssa__cchmemo_new();
  uint64_t s1, h1, s2, h2, s3, h3;
  is_int(mssa__cchmemo_hash(m, path, &s1, &h1), 0, "hashed");
  is_int(mssa__cchmemo_hash(m, path, &s2, &h2), 0, "asked again");
  ok(s1 == 11 && s2 == s1 && h2 == h1, "the same file: the same size and hash");
  struct stat st;
  stat(path, &st);
  struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);   /* a ctime the clock can tell from the first */
  FILE *f = fopen(path, "w");
  fputs("int a = 2;\n", f);
  fclose(f);
  struct timespec ts[2] = {st.st_atim, st.st_mtim};
  utimensat(AT_FDCWD, path, ts, 0);
  is_int(mssa__cchmemo_hash(m, path, &s3, &h3), 0, "hashed after the rewrite");
  ok(s3 == 11 && h3 != h1 && h3 == mssa_hash64("int a = 2;\n", 11, 0),
     "same size, mtime put back: the new content's hash, not the memo's");
  unlink(path);
  is_int(mssa__cchmemo_hash(m, path, &s3, &h3), MSSA_CCACHE_EMISS, "a removed file: a miss");
  mssa__cchmemo_free(m);
}

int main(void) {
  test_hash();
  test_memo();
  test_roundtrip();
  test_depfile();
  return done_testing();
}
