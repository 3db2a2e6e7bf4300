/*
** fuzz_host.h -- the host the RPC and journal fuzz targets give the engine
** (mssa_proto_host): up to FUZZ_MODULES modules by name in fixed slots,
** freed at once (the daemon frees on its pool), no file readable
** (file_root ""), no journal.
*/
#ifndef MEMSSA_FUZZ_HOST_H
#define MEMSSA_FUZZ_HOST_H

#include <stdio.h>
#include <string.h>

#include "proto.h"

/* Up to FUZZ_MODULES modules by name (fuzz_rpc loads its fixture as "t"). */
#define FUZZ_MODULES 4
static struct { char name[64]; mssa_qmodule *q; } mods[FUZZ_MODULES];
static mssa_proto *host_p;

static int slot_of(const char *n) {
  for (int k = 0; k < FUZZ_MODULES; k++)
    if (mods[k].q && !strcmp(mods[k].name, n)) return k;
  return -1;
}
static mssa_qmodule *h_find(mssa_proto_host *h, const char *n) {
  (void)h;
  int k = slot_of(n);
  return k < 0 ? NULL : mods[k].q;
}
static uint32_t h_count(mssa_proto_host *h) {
  (void)h;
  uint32_t n = 0;
  for (int k = 0; k < FUZZ_MODULES; k++) n += mods[k].q != NULL;
  return n;
}
static mssa_qmodule *h_at(mssa_proto_host *h, uint32_t i, const char **n) {
  (void)h;
  for (int k = 0; k < FUZZ_MODULES; k++)
    if (mods[k].q && i-- == 0) {
      *n = mods[k].name;
      return mods[k].q;
    }
  return NULL;
}
static void drop_slot(int k) {
  if (k < 0 || !mods[k].q) return;
  mssa_proto_module_removed(host_p, mods[k].q);
  mssa_qmodule_free(mods[k].q);
  mods[k].q = NULL;
}
static int h_unload(mssa_proto_host *h, const char *n) {
  (void)h;
  int k = slot_of(n);
  if (k < 0) return -1;
  drop_slot(k);
  return 0;
}
/* Installs a module a load built under `name`, replacing one of that name;
** with no free slot (or a name too long) it is dropped. */
static void install(const char *name, mssa_qmodule *q) {
  int k = slot_of(name);
  if (k < 0)
    for (k = 0; k < FUZZ_MODULES && mods[k].q; k++) {}
  if (k >= FUZZ_MODULES || strlen(name) >= sizeof mods[k].name) {
    mssa_qmodule_free(q);
    return;
  }
  drop_slot(k);
  snprintf(mods[k].name, sizeof mods[k].name, "%s", name);
  mssa_proto_module_added(host_p, q);
  mods[k].q = q;
}
static void h_stats(mssa_proto_host *h, mssa_proto_server_stats *out) {
  (void)h;
  memset(out, 0, sizeof *out);
}
static const char *h_root(mssa_proto_host *h) { (void)h; return ""; }

/* h's callbacks (the engine to create next is host_p's). */
static void fuzz_host_init(mssa_proto_host *h) {
  memset(h, 0, sizeof *h);
  h->find = h_find;
  h->count = h_count;
  h->at = h_at;
  h->unload = h_unload;
  h->server_stats = h_stats;
  h->file_root = h_root;
}

/* Frees every module, then the engine. */
static void fuzz_host_fini(void) {
  for (int k = 0; k < FUZZ_MODULES; k++) drop_slot(k);
  mssa_proto_free(host_p);
  host_p = NULL;
}

#endif
