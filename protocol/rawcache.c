/*
** rawcache.c -- the raw cache. A client that repeats a request byte for
** byte (the common case for an editor polling one position, and for load
** generators) gets the reply bytes it got last time, without decoding JSON,
** as long as that reply was itself served from a reply cache (the handler
** set p->raw_last) and nothing has changed since (gen, which every load,
** unload, edit and walker update bumps).
**
** Why a file of its own: the engine (rpc.c) answers from it and keeps into
** it, `stats` reads its usage (m_admin.c); at the engine's home, `stats`
** called back into the file that dispatches to it.
**
** Invariants:
**   1. Only requests of at most MSSA__RAW_MAXLINE bytes are kept, in a
**      fixed table of MSSA__RAW_SIZE slots, so memory is bounded:
**      MSSA__RAW_SIZE * (MSSA__RAW_MAXLINE + reply).
**   2. An entry answers only while its gen is p->gen; the entries of an
**      older gen are freed (all the slots filled, listed in p->raw_filled)
**      before one of a newer gen is kept, so dead replies do not pile up.
**   3. A reuse counts as the request it repeats would (requests, the
**      clobber or accesses counters, the latency histogram) and touches
**      the graph that answered, which is alive since gen has not moved.
*/
#include <stdlib.h>
#include <string.h>

#include "methods.h"

#define MSSA__RAW_SIZE MSSA__RAW_SLOTS
#define MSSA__RAW_MAXLINE 1024
struct mssa__rawentry {
  char *line;
  size_t len;
  char *reply;
  size_t rlen;
  uint64_t gen;
  const void *q;      /* the graph that answered (mssa__graph_touch on reuse) */
  uint32_t fi;
  bool accesses;      /* an `accesses` reply, else a clobber one (for stats) */
};

struct mssa__rawentry *mssa__raw_slot(mssa_proto *p, const char *line, size_t len) {
  if (len > MSSA__RAW_MAXLINE) return NULL;
  if (!p->raw) p->raw = mssa_xcalloc(MSSA__RAW_SIZE, sizeof *p->raw);
  return &p->raw[mssa_hash(line, len) & (MSSA__RAW_SIZE - 1)];
}

bool mssa__raw_answer(mssa_proto *p, const struct mssa__rawentry *e, const char *line, size_t len,
                      mssa_buf *out) {
  if (!e || !e->line || e->gen != p->gen || e->len != len || memcmp(e->line, line, len)) return false;
  uint64_t t0 = mssa_now_ns();
  p->requests++;
  if (e->accesses) {
    p->accesses_cached++;
  } else {
    p->clobber_queries++;
    p->clobber_cached++;
  }
  mssa__graph_touch(p, e->q, e->fi);   /* alive: gen has not moved since */
  mssa_buf_append(out, e->reply, e->rlen);
  mssa__hist_add(&p->latency, mssa_now_ns() - t0);
  return true;
}

/* Frees the replies of older generations (invariant 2). */
static void raw_flush_stale(mssa_proto *p) {
  if (p->raw_gen == p->gen) return;
  for (uint32_t i = 0; i < p->raw_filled.n; i++) {
    struct mssa__rawentry *e = &p->raw[p->raw_filled.a[i]];
    free(e->line);
    free(e->reply);
    e->line = e->reply = NULL;
  }
  p->raw_filled.n = 0;
  p->raw_gen = p->gen;
}

void mssa__raw_keep(mssa_proto *p, struct mssa__rawentry *e, const char *line, size_t len,
                    const char *reply, size_t rlen) {
  raw_flush_stale(p);
  if (!e->line) mssa_vec_push(&p->raw_filled, (uint32_t)(e - p->raw));
  free(e->line);
  free(e->reply);
  e->line = mssa_xstrndup(line, len);
  e->len = len;
  e->rlen = rlen;
  e->reply = mssa_xstrndup(reply, rlen);
  e->q = p->raw_q;
  e->fi = p->raw_fi;
  e->accesses = p->raw_accesses;
  e->gen = p->gen;
}

void mssa__raw_usage(const mssa_proto *p, size_t *entries, size_t *bytes) {
  *entries = *bytes = 0;
  if (!p->raw) return;
  *bytes = MSSA__RAW_SIZE * sizeof *p->raw;
  for (size_t i = 0; i < MSSA__RAW_SIZE; i++)
    if (p->raw[i].line) {
      ++*entries;
      *bytes += p->raw[i].len + 1 + p->raw[i].rlen + 1;
    }
}

void mssa__raw_free(mssa_proto *p) {
  if (p->raw)
    for (size_t i = 0; i < MSSA__RAW_SIZE; i++) {
      free(p->raw[i].line);
      free(p->raw[i].reply);
    }
  free(p->raw);
  mssa_vec_free(&p->raw_filled);
}
