/*
** fuzz_journal.c -- libFuzzer target: the daemon's journal replay
** (server/jrecord.c: record framing, CRC, the torn-tail and damage rules,
** moving bytes aside) and the records it re-applies through the engine
** (mssa_proto_replay: load, load with an LLVM version, edit, unload) over
** arbitrary bytes. The first input byte is the setting: bit 0 --recover,
** bit 1 the file is the snapshot (else journal.0), bit 2 small limits
** (bodies up to FUZZ_SMALL_BODY bytes, so that records beyond the limits
** occur), bit 3 the CRCs are made right before the file is written (each
** record in turn, as far as the lengths lead: a mutated payload is then a
** valid record, so loads and edits of any text get replayed, which a CRC
** would otherwise stop). The rest is the file, written to a private directory (on tmpfs
** when there is one, so the fsyncs cost nothing) and replayed as start-up
** replays it, into the host of fuzz_host.h.
**
** Invariants (a violation aborts):
**   1. No crash, leak, undefined behaviour or hang, whatever the bytes.
**   2. The valid prefix is applied exactly: `apply` sees each of its
**      records, in order, with the kind, name, payload and offset that an
**      independent decoder here (bitwise CRC-32) finds, and no other.
**   3. The replay ends as the rules say (server/journal.c invariant 3): a
**      clean file gives its length; at the first bad record, a torn tail
**      of the journal (no valid record after it) is cut, damage is refused
**      (or cut with --recover), a record beyond the limits is refused;
**      each with a message naming the bad record's offset.
**   4. No byte is deleted: afterwards the file plus what was moved beside
**      it (PATH.torn-OFF, PATH.damaged-OFF) is the input; a refused file is
**      untouched, with nothing beside it.
**   5. Each input starts from a fresh engine and an empty directory: a
**      finding replays from its input alone.
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../server/jrecord.h"
#include "../../server/log.h"
#include "fuzz_host.h"

#define FUZZ_SMALL_BODY 256u
#define FUZZ_BODY ((uint64_t)1 << 20)
#define FUZZ_MAX_RECS 4096
#define FUZZ_LOG_CAP 8192

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ------------------------------------------------- the oracle's decoder */

static uint32_t jz_le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* CRC-32 (IEEE, reflected) bit by bit: not jrecord.c's table. */
static uint32_t jz_crc(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

/* The body length of a valid record at b[off..n) under max_body, or 0. */
static uint32_t jz_valid(const uint8_t *b, size_t n, size_t off, uint64_t max_body) {
  if (n - off < MSSAD_JREC_HDR || memcmp(b + off, MSSAD_JREC_MAGIC, 4)) return 0;
  uint32_t body = jz_le32(b + off + 4);
  if (body < 5 || body > max_body || body > n - off - MSSAD_JREC_HDR) return 0;
  const uint8_t *p = b + off + MSSAD_JREC_HDR;
  if (jz_crc(p, body) != jz_le32(b + off + 8) || jz_le32(p + 1) > body - 5) return 0;
  return body;
}

/* Would the record at off be whole and valid under larger limits? */
static int jz_beyond(const uint8_t *b, size_t n, size_t off, uint64_t max_body) {
  if (n - off < MSSAD_JREC_HDR || memcmp(b + off, MSSAD_JREC_MAGIC, 4)) return 0;
  uint32_t body = jz_le32(b + off + 4);
  return body > max_body && body < MSSAD_JREC_MAX_BODY && body <= n - off - MSSAD_JREC_HDR;
}

/* Setting bit 3: the CRC of each record as far as the lengths lead. */
static void jz_fix_crcs(uint8_t *b, size_t n) {
  for (size_t off = 0; n - off >= MSSAD_JREC_HDR && !memcmp(b + off, MSSAD_JREC_MAGIC, 4);) {
    uint32_t body = jz_le32(b + off + 4), c;
    if (body < 5 || body > n - off - MSSAD_JREC_HDR) return;
    c = jz_crc(b + off + MSSAD_JREC_HDR, body);
    for (int i = 0; i < 4; i++) b[off + 8 + i] = (uint8_t)(c >> (8 * i));
    off += MSSAD_JREC_HDR + body;
  }
}

/* ------------------------------------------------------ the replay's side */

static struct {
  const uint8_t *file;              /* the file's bytes (the input after its flag) */
  size_t offs[FUZZ_MAX_RECS];       /* the valid prefix's records */
  size_t nrecs, seen;
  uint64_t gen;                     /* named by the prefix's last J_GEN record */
  char log[FUZZ_LOG_CAP];
  size_t loglen;
} jz;

static void jz_sink(int level, const char *text) {
  (void)level;
  int n = snprintf(jz.log + jz.loglen, sizeof jz.log - jz.loglen, "%s\n", text);
  if (n > 0) jz.loglen += (size_t)n < sizeof jz.log - jz.loglen ? (size_t)n : 0;
}

static void jz_fail(const char *what) {
  fprintf(stderr, "fuzz_journal: %s\nlog:\n%s", what, jz.log);
  abort();
}

/* Checks the record against the oracle (invariant 2), then re-applies it
** as the daemon's journal.c does, into the fuzz host. */
static void jz_apply(void *ctx, const mssad_jrec *r, const char *path) {
  (void)ctx, (void)path;
  if (jz.seen >= jz.nrecs || r->off != jz.offs[jz.seen]) jz_fail("a record outside the prefix");
  const uint8_t *b = jz.file + r->off;
  uint32_t body = jz_le32(b + 4), nl = jz_le32(b + 13);
  if (r->size != MSSAD_JREC_HDR + body || r->kind != b[12] || r->name_len != nl ||
      memcmp(r->name, b + 17, nl) || r->len != body - 5 - nl || memcmp(r->payload, b + 17 + nl, r->len))
    jz_fail("a record decoded differently");
  jz.seen++;
  if (r->kind == MSSAD_J_GEN) return;
  char *name = strndup(r->name, r->name_len);
  char err[600];
  mssa_qmodule *q = NULL;
  if (mssa_proto_replay(host_p, r->kind, name, r->payload, r->len, &q, err, sizeof err) == 0 && q)
    install(name, q);
  free(name);
}

/* --------------------------------------------------------- the directory */

static char jz_dir[64];

static void jz_clear(void) {
  DIR *d = opendir(jz_dir);
  struct dirent *e;
  while (d && (e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char p[512];
    snprintf(p, sizeof p, "%s/%s", jz_dir, e->d_name);
    unlink(p);
  }
  if (d) closedir(d);
}

static void jz_cleanup(void) {
  jz_clear();
  rmdir(jz_dir);
}

static void jz_setup(void) {
  if (jz_dir[0]) return;
  struct stat st;
  const char *base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) ? "/dev/shm" : "/tmp";
  snprintf(jz_dir, sizeof jz_dir, "%s/fuzz_journal.XXXXXX", base);
  if (!mkdtemp(jz_dir)) jz_fail("cannot create a directory");
  atexit(jz_cleanup);
}

/* The whole file at path (NULL if missing), its length in *n. */
static uint8_t *jz_read(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *b = malloc(1 << 16);
  *n = fread(b, 1, 1 << 16, f);
  fclose(f);
  return b;
}

static void jz_write(const char *path, const uint8_t *b, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(b, 1, n, f) != n || fclose(f)) jz_fail("cannot write the file");
}

/* Invariant 4: the directory holds the file, cut at `keep`, and (if aside)
** the rest beside it as PATH.aside-OFF. */
static void jz_check_bytes(const char *path, const uint8_t *b, size_t n, size_t keep,
                           const char *aside) {
  size_t got;
  uint8_t *f = jz_read(path, &got);
  if (!f || got != keep || memcmp(f, b, keep)) jz_fail("the file is not its kept prefix");
  free(f);
  int files = 0;
  DIR *d = opendir(jz_dir);
  struct dirent *e;
  while ((e = readdir(d))) files += e->d_name[0] != '.';
  closedir(d);
  if (files != 1 + (aside != NULL)) jz_fail("unexpected files in the directory");
  if (!aside) return;
  char p[600];
  snprintf(p, sizeof p, "%s.%s-%zu", path, aside, keep);
  f = jz_read(p, &got);
  if (!f || got != n - keep || memcmp(f, b + keep, got)) jz_fail("bytes moved aside differ");
  free(f);
}

/* Invariant 3's message: `what` followed by the offset. */
static void jz_check_log(const char *what, size_t off) {
  char want[128];
  snprintf(want, sizeof want, "%s%zu", what, off);
  if (!strstr(jz.log, want)) jz_fail(want);
}

/* The outcome the rules give for the file b[0..n) (invariant 3), with the
** oracle's prefix in jz.offs; *keep = the good prefix's length. */
static int jz_expect(const uint8_t *b, size_t n, uint64_t max_body, int flags, size_t *keep) {
  size_t off = 0;
  uint32_t body;
  jz.nrecs = 0;
  jz.gen = 0;
  while (off < n && jz.nrecs < FUZZ_MAX_RECS && (body = jz_valid(b, n, off, max_body))) {
    jz.offs[jz.nrecs++] = off;
    uint32_t nl = jz_le32(b + off + 13);
    if (b[off + 12] == MSSAD_J_GEN && body - 5 - nl == 8)
      for (int i = 7; i >= 0; i--) jz.gen = jz.gen << 8 | b[off + 17 + nl + i];
    off += MSSAD_JREC_HDR + body;
  }
  *keep = off;
  if (off == n) return MSSAD_REPLAY_CLEAN;
  int beyond = jz_beyond(b, n, off, max_body), recover = flags & 1, journal = !(flags & 2);
  if (beyond && !recover) return MSSAD_REPLAY_TOO_LONG;
  int follows = 0;
  for (size_t k = off + 1; k < n && !follows; k++) follows = jz_valid(b, n, k, max_body) != 0;
  if (journal && !follows && !beyond) return MSSAD_REPLAY_TORN;
  return recover ? MSSAD_REPLAY_RECOVERED : MSSAD_REPLAY_REFUSED;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > (1 << 16)) return 0;
  int flags = data[0];
  size_t n = size - 1, keep;
  uint8_t *b = malloc(n + 1);   /* the file's bytes, bit 3 may fix them */
  memcpy(b, data + 1, n);
  if (flags & 8) jz_fix_crcs(b, n);
  uint64_t max_body = flags & 4 ? FUZZ_SMALL_BODY : FUZZ_BODY;
  int want = jz_expect(b, n, max_body, flags, &keep);
  if (jz.nrecs == FUZZ_MAX_RECS) {   /* cannot happen within max_len */
    free(b);
    return 0;
  }
  jz_setup();
  jz_clear();
  char path[128];
  snprintf(path, sizeof path, "%s/%s", jz_dir, flags & 2 ? "snapshot" : "journal.0");
  jz_write(path, b, n);
  jz.file = b;
  jz.seen = 0;
  jz.loglen = 0;
  jz.log[0] = 0;
  mssad_log_sink = jz_sink;
  mssa_proto_host h;
  fuzz_host_init(&h);
  mssa_proto_opts o;
  memset(&o, 0, sizeof o);
  o.build.aa_layers = MSSA_AA_ALL;   /* as the daemon builds */
  o.max_module_bytes = (size_t)max_body;
  host_p = mssa_proto_new(&h, &o);
  mssad_replay rp = {.dir = jz_dir, .max_body = max_body, .recover = flags & 1, .apply = jz_apply};
  uint64_t gen = 0;
  long long got = mssad_replay_file(&rp, path, !(flags & 2), &gen);
  fuzz_host_fini();
  mssad_log_sink = NULL;
  if (rp.outcome != want) jz_fail("the replay ended otherwise than the rules say");
  if (jz.seen != jz.nrecs) jz_fail("a record of the valid prefix was not applied");
  if (gen != jz.gen) jz_fail("a wrong generation");
  bool cut = want == MSSAD_REPLAY_TORN || want == MSSAD_REPLAY_RECOVERED;
  if (got != (want == MSSAD_REPLAY_CLEAN || cut ? (long long)keep : -1))
    jz_fail("the replay returned a wrong length");
  if (want != MSSAD_REPLAY_CLEAN && rp.bad_off != keep) jz_fail("wrong bad offset");
  if (rp.cut_bytes != (cut ? n - keep : 0)) jz_fail("wrong count of bytes moved aside");
  jz_check_bytes(path, b, n, cut ? keep : n,
                 want == MSSAD_REPLAY_TORN ? "torn" : want == MSSAD_REPLAY_RECOVERED ? "damaged" : NULL);
  if (want == MSSAD_REPLAY_TORN) jz_check_log("cut a torn record at offset ", keep);
  if (want == MSSAD_REPLAY_RECOVERED) jz_check_log("damaged record at offset ", keep);
  if (want == MSSAD_REPLAY_REFUSED) jz_check_log("damaged record at offset ", keep);
  if (want == MSSAD_REPLAY_TOO_LONG) jz_check_log("the record at offset ", keep);
  free(b);
  return 0;
}
