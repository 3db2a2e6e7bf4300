/*
** jrecord.h -- the journal's records (see journal.c for the files and
** their rules): framing, CRC-32, and replaying one file record by record,
** the bad-record rules included (torn tail cut, damage refused or, with
** --recover, moved aside). No libuv and no daemon state: start-up drives
** it through a callback, and so does the journal's fuzz target
** (tests/fuzz/fuzz_journal.c) on a file it wrote.
**
** Invariants:
**   1. A record: magic "MSJ1", u32 body length, u32 CRC-32 of the body,
**      then the body: u8 kind, u32 name length, the name, the payload.
**      Integers are little-endian.
**   2. mssad_replay_file calls `apply` once per valid record of the file's
**      valid prefix, in order, and for no other; it never deletes a byte:
**      what it cuts off the file it first copies (fsynced) beside it.
**   3. Single-threaded: the CRC table is built on first use.
*/
#ifndef MSSAD_JRECORD_H
#define MSSAD_JRECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MSSAD_JREC_MAGIC "MSJ1"
#define MSSAD_JREC_HDR 12u
#define MSSAD_JREC_MAX_BODY ((uint32_t)1 << 31)
#define MSSAD_J_GEN 4   /* snapshot header record: payload = u64 generation */

/* One decoded record (pointers into the buffer it was decoded from). */
typedef struct mssad_jrec {
  int kind;
  const char *name;
  uint32_t name_len;
  const char *payload;
  size_t len;
  size_t off, size;            /* where it is in the file */
  const unsigned char *base;   /* the buffer */
} mssad_jrec;

/* Encodes one record into a malloc'ed buffer (NULL if too long). */
unsigned char *mssad_jrec_encode(int kind, const char *name, const char *payload, size_t len,
                                 size_t *out_n);
/* Decodes the record at buf[off..n): 1 and *r on success, 0 at a clean
** end, -1 for a torn/corrupt record. */
int mssad_jrec_decode(const unsigned char *buf, size_t n, size_t off, mssad_jrec *r);

int mssad_write_all(int fd, const void *p, size_t n);
int mssad_fsync_dir(const char *dir);

/* How the replay of a file ended (mssad_replay.outcome). */
enum {
  MSSAD_REPLAY_CLEAN = 0,     /* every byte was a valid record (or no file) */
  MSSAD_REPLAY_TORN,          /* a torn tail, moved to PATH.torn-OFF and cut */
  MSSAD_REPLAY_RECOVERED,     /* damage, --recover: moved to PATH.damaged-OFF, cut */
  MSSAD_REPLAY_REFUSED,       /* damage with valid records after it (or in a
                                 snapshot): start-up stops, file untouched */
  MSSAD_REPLAY_TOO_LONG,      /* a record beyond this daemon's limits: stops */
  MSSAD_REPLAY_IO             /* the file could not be read or cut */
};

typedef struct mssad_replay {
  const char *dir;            /* the state directory (fsynced after a cut) */
  uint64_t max_body;          /* the longest body the live daemon could write */
  bool recover;               /* --recover */
  /* Each valid record, in order (J_GEN records included). */
  void (*apply)(void *ctx, const mssad_jrec *r, const char *path);
  void *ctx;
  uint64_t cut_bytes;         /* out: bytes moved aside, over all files */
  int outcome;                /* out: MSSAD_REPLAY_*, of the last file */
  uint64_t bad_off;           /* out: the offset of its bad record, if any */
} mssad_replay;

/* Replays a file (`journal`: the journal, else the snapshot); *gen (if
** gen) gets the generation a J_GEN record names. Returns the length of
** the good prefix, or -1 when start-up must stop (the reason is logged,
** naming the offset). */
long long mssad_replay_file(mssad_replay *rp, const char *path, bool journal, uint64_t *gen);

#endif
