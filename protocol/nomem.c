/*
** nomem.c -- what a request that ran out of memory leaves behind, and its
** test hook's method. The boundaries that reply -32060 (data.reason
** "out_of_memory") are dispatch.c (one request, whose id the reply echoes;
** each element of a batch alike), batch.c (a batch's framing), rpc.c (a
** line that could not be decoded for memory) and job.c (a load's build on
** the pool and its reply, a reload by difference). The -32060 line itself
** is encoded in a scope of its own (mssa__emit_nomem): if even that
** fails, the request is MSSA_PROTO_DROP and the host closes the client.
**
** Why caches are dropped rather than repaired: a request that failed may
** have stopped anywhere inside a cache it was filling (a walker cache, a
** reply cache, a position index): blocks it linked in are its own
** (swept), and the structure may be half updated. Every one of them is
** derived state, rebuilt on demand with the same answers (graphs.c
** invariant 4), so freeing them through their own free functions, while
** the scope still follows frees (base/oom.h), is both simple and exact.
**
** Invariants:
**   1. The cleanup runs on the query thread, inside mssa_oom_rollback,
**      before the sweep; it allocates nothing.
**   2. After it, nothing older than the request points at a block the
**      request made: the graphs it used are evicted (rebuilt from the IR
**      when next asked for), the reply caches (filled inside the scope),
**      the shared integers and the modules' position and name indexes are
**      freed. The raw cache is filled outside it (rpc.c), after the reply:
**      it is told to keep nothing (raw_last).
**   3. A request's own JSON (parsed before its scope: every value held once,
**      by its container) may have been referenced by containers the sweep
**      freed without releasing them; its counts are set back
**      (mssa__json_reset_refs), so the tree is freed whole afterwards.
**   4. A request whose scope has end hooks (a journal record to keep) has
**      its reply bytes set aside while they run: the journal's hold for
**      --fsync always (server/conn.c invariant 6) must precede the reply.
**   5. The modules themselves, the journal and other clients' state are
**      untouched here: a failed edit has put its function back already
**      (m_edit.c, an end hook of the scope).
*/
#include "methods.h"

#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "program.h"

void mssa__caches_free(mssa_proto *p) {
  mssa__rc_free(&p->rcache);   /* empty and usable again (replycache.h) */
  mssa__ids_free(p);
  mssa__rc_free(&p->acache);
}

void mssa__nomem_cleanup(void *arg) {
  mssa_proto *p = arg;
  MSSA_ASSERT(mssa_oom_active());   /* frees are still followed (invariant 1) */
  mssa__graphs_drop_touched(p);
  mssa__ids_drop(p);   /* before caches_free's plain mssa__ids_free */
  mssa__caches_free(p);
  p->raw_last = false;   /* the raw cache keeps nothing of this request */
  mssa_proto_host *h = p->host;
  uint32_t n = h && h->count ? h->count(h) : 0;
  for (uint32_t i = 0; i < n; i++) {
    const char *name;
    mssa_qmodule *q = h->at(h, i, &name);
    if (!q) continue;
    mssa_q_line_index_free(q->lines);
    q->lines = NULL;
    mssa_q_var_index_free(q->vars);
    q->vars = NULL;
  }
  mssa__progs_nomem(p);   /* the programs' units alike */
  mssa__changed(p);   /* the caches' generation moves on (invariant 2) */
}

void mssa__commit_reply(mssa_oom_scope *sc, mssa_buf *out, size_t n0) {
  size_t n1 = out->n;
  char *reply = NULL;
  if (sc->nhooks && n1 > n0) {   /* inside the scope: may still fail */
    reply = mssa_xmalloc(n1 - n0);
    memcpy(reply, out->p + n0, n1 - n0);
    out->n = n0;
  }
  mssa_oom_commit(sc);   /* a journal hold lands at n0, before the reply */
  if (!reply) return;
  MSSA_ASSERT(out->n == n0 && out->cap >= n1);   /* the hooks wrote nothing */
  memcpy(out->p + n0, reply, n1 - n0);
  out->n = n1;
  free(reply);
}

typedef struct nomem_line {
  json_t *id;
  const char *msg;
  mssa_buf *out;
} nomem_line;

static void nomem_line_run(void *arg) {
  nomem_line *l = arg;
  mssa__emit(mssa__error_new(l->id, MSSA_RPC_OUT_OF_MEMORY, l->msg, NULL), l->out);
}

int mssa__emit_nomem(json_t *id, const char *msg, mssa_buf *out) {
  size_t n0 = out->n, refs = id ? id->refcount : 0;
  nomem_line l = {id, msg, out};
  if (mssa_oom_try_call(nomem_line_run, NULL, &l)) return MSSA_PROTO_REPLIED;
  out->n = n0;
  if (id && id->refcount != (size_t)-1) id->refcount = refs;   /* a swept envelope held it */
  return MSSA_PROTO_DROP;
}

void mssa__json_reset_refs(json_t *top, size_t top_refs) {
  if (!top) return;
  MSSA_VEC(json_t *) st = {0};
  mssa_vec_push(&st, top);
  while (st.n) {
    json_t *v = st.a[--st.n];
    if (v->refcount == (size_t)-1) continue;   /* jansson's true/false/null */
    v->refcount = v == top ? top_refs : 1;
    if (json_is_object(v)) {
      const char *k;
      json_t *x;
      json_object_foreach(v, k, x) mssa_vec_push(&st, x);
    } else if (json_is_array(v)) {
      size_t i;
      json_t *x;
      json_array_foreach(v, i, x) mssa_vec_push(&st, x);
    }
  }
  mssa_vec_free(&st);
}


/* The test hook as a method (not in the method table: dispatch.c finds it
** only when the daemon was started with MEMSSA_TEST_FAULTS set, and calls
** it outside any scope, so its own allocations are not counted).
** params {"n": N, "persist": bool}; the result tells what the previous
** arming saw: {"counted": allocations in scopes, "fired": bool}. */
int mssa__m_fail_alloc(mssa__call *c) {
  uint64_t n = 0;
  bool persist = false;
  int rc;
  if ((rc = mssa__param_uint(c, "n", true, &n)) || (rc = mssa__param_bool(c, "persist", &persist)))
    return rc;
  c->result = json_pack("{sIsb}", "counted", (json_int_t)mssa_oom_counted(), "fired",
                        mssa_oom_fired());
  mssa_oom_fail_after(n, persist);
  return 0;
}

bool mssa__faults_enabled(void) {
  static int on = -1;   /* the query thread only */
  if (on < 0) on = getenv("MEMSSA_TEST_FAULTS") != NULL && mssa_oom_enabled();
  return on;
}
