/*
** m_reload.c -- reload by difference: a `load` of a module name that is
** loaded already, whose new text differs from the loaded text only inside
** some function bodies (and in metadata / attribute-group numbering, which
** shifts whenever a function gains or loses a `!dbg` location), takes the
** new text into the loaded module (analysis/ll_retext.c), reparsing only the
** changed bodies, and rebuilds only their MemorySSA -- on the query thread,
** instead of a full read and build on the pool.
**
** Invariants:
**   1. Nothing changes unless the whole reload succeeds: mssa_module_retext
**      leaves the module as it was when it refuses or fails to parse; then
**      the load falls back to a full build, which reports any error with
**      the right line.
**   2. Only modules whose text is what their last load read have a text map
**      (m_edit.c drops it on the first edit), so an edited module always
**      takes the full path.
**   3. The result answers as a full load of the same text would: the
**      changed functions are parsed by the reader's own body parser and
**      built by mssa_ssa_build exactly as a full load does; the kept ones
**      are equal to their new text under the renaming of `!N`/`#N` that
**      ll_retext.c checked.
**   4. Out of memory: the module is rewritten in place, with nothing to put
**      it back from, so a reload by difference passes its request's point
**      of no return (base/oom.h invariant 7) once its journal record is
**      written: an allocation failure after it (the reparse, the graphs'
**      builds) aborts as before, never replying "nothing changed" about a
**      changed module; its reply is encoded in a scope of its own
**      (dispatch.c), whose failure drops the client unanswered. Before it
**      (the pool's comparison, the request's decoding, the record's
**      encoding) a failure is an out_of_memory reply.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"

uint32_t mssa__reload_max_changed(const mssa_module *m) {
  /* Many changes: a full build on the pool is the better deal (it does not
  ** hold the query thread). */
  uint32_t ndef = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) ndef += !m->funcs.a[fi].is_decl;
  return ndef / 8 + 2;
}

int mssa__reload_diff(mssa__call *c, mssa_qmodule *q, const char *name, const char *file,
                      mssa_retext_plan *plan_steal, char **text, size_t len, uint64_t t0,
                      char *why, size_t cap) {
  mssa_proto *p = c->p;
  mssa_module *m = q->m;
  mssa_retext res;
  mssa_diag diag;
  /* Journaled first, so that a text the journal cannot take never replaces
  ** the module; taken back out if the reload does not happen here. The
  ** record's encoding may still run out of memory: nothing is written then. */
  if (mssa__journal_load(p, name, m, *text, len) < 0) {
    /* the error first: if it cannot be made, the caller frees the plan */
    int rc = mssa__fail_reason(c, MSSA_RPC_IO_ERROR, MSSA_REASON_JOURNAL_FAILED,
                               "cannot write the load to the journal; not reloaded");
    mssa_retext_plan_free(plan_steal);
    return rc;
  }
  /* The installed module changes in place from here (invariant 4). */
  mssa_oom_no_return();
  mssa_oom_keep(*text);   /* the module may take it */
  int r = plan_steal ? mssa_retext_apply(m, plan_steal, text, len, &res, &diag)
                     : mssa_module_retext(m, text, len, mssa__reload_max_changed(m), &res, &diag);
  mssa__journal_end(p, r == MSSA_OK);
  if (r == MSSA_EPARSE) {
    /* An error in the new text (the module is as it was): reported as a
    ** full load reports it, with the line in the whole text. */
    snprintf(diag.file, sizeof diag.file, "%s", file);
    char msg[1024];
    mssa_diag_format(&diag, msg, sizeof msg);
    p->loads_failed++;
    c->data = json_pack("{sosIsIso}", "file", mssa__jstr(file), "line", (json_int_t)diag.line,
                        "col", (json_int_t)diag.col, "message", mssa__jstr(diag.msg));
    return mssa__fail(c, MSSA_RPC_IR_ERROR, "%s", msg);
  }
  if (r != MSSA_OK) {
    snprintf(why, cap, "%s", res.why);
    return 1;
  }
  MSSA_ASSERT(res.nchanged <= res.nfuncs);   /* invariant 3 */
  q->version = mssa_q_next_version();
  /* Committed: the changed bodies are new; build their graphs. */
  uint64_t t1 = mssa_now_ns();
  for (uint32_t k = 0; k < res.nchanged; k++) {
    MSSA_ASSERT(res.changed[k] < q->nfuncs);
    mssa_memcap_forget(&p->graphs, q, res.changed[k]);
    mssa_qmodule_build_func(q, res.changed[k], &p->opts.build, true);
    mssa_memcap_built(&p->graphs, q, res.changed[k]);
  }
  mssa__graphs_settle(p);
  free(res.changed);
  q->text_len_read = m->text_len;
  mssa__changed(p);
  p->reloads_diff++;
  uint64_t t2 = mssa_now_ns();
  if (!c->notify)
    c->result = json_pack(
        "{sosisisisIsIsIsfsfsfsbsisisisiss}", "module", mssa__jstr(name), "functions",
        (int)q->ndefined, "declarations", (int)(q->nfuncs - q->ndefined - q->nfailed), "failed",
        (int)q->nfailed, "defs", (json_int_t)q->ndefs, "uses", (json_int_t)q->nuses, "phis",
        (json_int_t)q->nphis, "ms", (double)(t2 - t0) / 1e6, "read_ms",
        (double)(t1 - t0) / 1e6, "build_ms", (double)(t2 - t1) / 1e6, "replaced", 1, "reused",
        (int)(res.nfuncs - res.nchanged), "rebuilt", (int)res.nchanged, "renumbered",
        (int)res.renumbered, "new_metadata", (int)res.new_md, "reload", "incremental");
  if (c->result) mssa__llvm_json(c->result, m);
  return 0;
}
