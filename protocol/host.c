/*
** host.c -- the journal hooks of the host (proto.h, mssa_proto_host): what
** the methods that change the module set call to record the change first.
**
** Why a file of its own: load, reload and edit (and a load job, job.c) call
** these, and the engine calls those methods through the dispatch table
** (dispatch.c); the hooks at the engine's home (rpc.c) made the two call
** each other.
**
** Invariants:
**   1. Without a journal (host->journal NULL: no --state-dir, or a replay)
**      mssa__journal returns 0 and mssa__journal_end does nothing, so a
**      method calls both unconditionally.
**   2. A load read as a requested LLVM version is recorded with that
**      version in front of the text (J_LOAD_LLVM), so a replay reads the
**      same IR as the live load did.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"

int mssa__journal(mssa_proto *p, int kind, const char *module, const char *payload, size_t len) {
  mssa_proto_host *h = p->host;
  return h->journal ? h->journal(h, kind, module, payload, len) : 0;
}

int mssa__journal_load(mssa_proto *p, const char *module, const mssa_module *m, const char *text,
                       size_t len) {
  if (!m->llvm_requested || !p->host->journal)
    return mssa__journal(p, MSSA_PROTO_J_LOAD, module, text, len);
  char head[8];
  int hn = snprintf(head, sizeof head, "%u\n", mssa_module_llvm_version(m));
  MSSA_ASSERT(hn > 1 && (size_t)hn < sizeof head);   /* invariant 2: the version, whole */
  char *payload = mssa_xmalloc((size_t)hn + len);
  memcpy(payload, head, (size_t)hn);
  memcpy(payload + hn, text, len);
  int rc = mssa__journal(p, MSSA_PROTO_J_LOAD_LLVM, module, payload, (size_t)hn + len);
  free(payload);
  return rc;
}

void mssa__journal_end(mssa_proto *p, bool applied) {
  mssa_proto_host *h = p->host;
  if (h->journal) h->journal_end(h, applied);
}
