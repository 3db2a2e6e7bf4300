/*
** client_internal.h -- what client.c shares with typed.c: the connection
** and its buffers.
*/
#ifndef MEMSSA_CLIENT_INTERNAL_H
#define MEMSSA_CLIENT_INTERNAL_H

#include "memssa-client.h"

struct memssa_client {
  int fd;
  int timeout_ms;          /* 0: wait forever */
  long long next_id;
  char *in;                /* received bytes: in[in_start .. in_n) not yet returned */
  size_t in_start, in_scan, in_n, in_cap;   /* in_scan: searched for '\n' up to here */
  char *out;               /* queued request bytes not yet written */
  size_t out_n, out_cap;
  long long *pend;         /* ring of the ids awaiting replies */
  size_t pend_head, pend_n, pend_cap;
  json_t *error;           /* the last error reply's "error" */
  char *errmsg;            /* memssa_client_errmsg */
  memssa_form form;        /* what the typed calls ask for (memssa_client_set_form) */
  bool no_blocks;          /* `accesses` without block names (memssa_client_set_block_names) */
};

/* Writes v as base64 VLQ (docs/offload.md, "The packed form") at out (room
** for 13 characters); returns how many it wrote. */
size_t memssa__vlq_put(char *out, long long v);

/* Sets what memssa_client_errmsg says (copied). */
void memssa__set_errmsg(memssa_client *c, const char *msg);

/* Records transport error `rc` as the last failure; returns rc. */
int memssa__fail(memssa_client *c, int rc);

#endif
