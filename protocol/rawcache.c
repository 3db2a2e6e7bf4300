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
**      reply cache (replycache.c) of MSSA__RAW_SLOTS slots holding at most
**      MSSA__RAW_BYTES of lines and replies.
**   2. An entry answers only while its generation is p->gen; the entries
**      of an older gen are freed before one of a newer gen is kept, so dead
**      replies do not pile up (replycache.c, invariant 2).
**   3. A reuse counts as the request it repeats would (requests, the
**      clobber or accesses counters, the latency histogram) and touches
**      the graph that answered, which is alive since gen has not moved.
*/
#include <stdlib.h>
#include <string.h>

#include "methods.h"

bool mssa__raw_answer(mssa_proto *p, const char *line, size_t len, mssa_buf *out) {
  const mssa__rcentry *e = mssa__rc_get(&p->raw, p->gen, line, len);
  if (!e) return false;
  MSSA_ASSERT(e->klen == len && !memcmp(e->key, line, len));   /* invariant 2: this very line */
  uint64_t t0 = mssa_now_ns();
  p->requests++;
  if (e->accesses) {
    p->accesses_cached++;
  } else {
    p->clobber_queries++;
    p->clobber_cached++;
  }
  mssa_memcap_touch(&p->graphs, e->q, e->fi);   /* alive: gen has not moved since (invariant 3) */
  mssa_buf_append(out, e->text, e->len);
  mssa__hist_add(&p->latency, mssa_now_ns() - t0);
  return true;
}

void mssa__raw_keep(mssa_proto *p, const char *line, size_t len, const char *reply, size_t rlen) {
  mssa__rcentry *e = mssa__rc_put(&p->raw, p->gen, line, len, mssa_xstrndup(reply, rlen), rlen);
  if (!e) return;   /* too long a line, or past the cap (invariant 1) */
  MSSA_ASSERT(len <= MSSA__RAW_MAXLINE && e->len == rlen);   /* invariant 1 */
  e->q = p->raw_q;
  e->fi = p->raw_fi;
  e->accesses = p->raw_accesses;
}
