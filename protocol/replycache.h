/*
** replycache.h -- one generational reply cache (replycache.c): encoded
** replies kept under a request key, valid for one generation. The
** protocol keeps three (methods.h, struct mssa_proto): clobber answers
** (m_query.c), `accesses` pages in the ids and packed forms (m_deps.c) and
** byte-identical repeats of a request line (rawcache.c).
**
**   mssa__replycache rc;
**   mssa__rc_init(&rc, 4096, 1, 64, 16u << 20);
**   const mssa__rcentry *e = mssa__rc_get(&rc, gen, key, klen);
**   if (!e) e = mssa__rc_put(&rc, gen, key, klen, json_dumps(...), len);
**
** Invariants: replycache.c's (a fixed table, a byte cap, one generation
** held at a time, keys compared byte for byte).
*/
#ifndef MSSA_PROTO_REPLYCACHE_H
#define MSSA_PROTO_REPLYCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "memssa.h"

/* One kept reply, and which function's graph gave it (a reuse touches that
** graph, graphs.c, and counts as the request it repeats, rawcache.c). */
typedef struct mssa__rcentry {
  uint64_t hash;          /* of the key */
  char *key;              /* a copy of the key bytes; NULL: the slot is empty */
  size_t klen;
  char *text;             /* the reply bytes (owned), NUL-terminated */
  size_t len;
  const void *q;          /* the module bundle and function that answered */
  uint32_t fi;
  bool accesses;          /* an `accesses` reply, else a clobber one */
} mssa__rcentry;

typedef struct mssa__replycache {
  mssa__rcentry *slot;    /* nslots entries, made on the first store */
  uint32_t nslots;        /* a power of two */
  uint32_t ways;          /* 1 or 2: the slots a key may use */
  size_t max_key;         /* longer keys are never kept */
  size_t max_bytes;       /* keys and replies held, at most */
  size_t bytes;           /* keys and replies held now */
  uint64_t gen;           /* the generation of every entry held */
  MSSA_VEC(uint32_t) filled;   /* the slots holding an entry */
} mssa__replycache;

/* An empty cache of nslots (a power of two) slots, `ways` (1 or 2) of
** them per key, holding keys of at most max_key bytes and at most
** max_bytes of keys and replies. Allocates nothing yet. */
void mssa__rc_init(mssa__replycache *c, uint32_t nslots, uint32_t ways, size_t max_key,
                   size_t max_bytes);
/* The entry holding key's reply of generation gen, or NULL. */
const mssa__rcentry *mssa__rc_get(const mssa__replycache *c, uint64_t gen, const void *key,
                                  size_t klen);
/* Keeps `text` (malloc'ed, len bytes, NUL-terminated; taken) as key's
** reply of generation gen, first freeing the entries of an older one.
** Returns the entry (its q, fi and accesses are the caller's to set), or
** NULL when not kept (no text, a key over max_key, the byte cap): then the
** text is freed. */
mssa__rcentry *mssa__rc_put(mssa__replycache *c, uint64_t gen, const void *key, size_t klen,
                            char *text, size_t len);
/* Entries held and the bytes the cache holds: its table, keys and replies. */
void mssa__rc_usage(const mssa__replycache *c, size_t *entries, size_t *bytes);
void mssa__rc_free(mssa__replycache *c);

#endif
