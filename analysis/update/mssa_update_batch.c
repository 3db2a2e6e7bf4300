/*
** mssa_update_batch.c -- all-or-none batches of edits, snapshots, and the
** text forms of insert / set_terminator.
**
** Invariants:
**   1. A batch either applies every op or leaves the function and its graph
**      as they were: a snapshot (plain copies of the function's block,
**      instruction and operand vectors and of every array of the graph) is
**      taken first and put back on the first failing op. Copying is linear
**      in the function and far cheaper than rebuilding the graph (no alias
**      queries), and it restores ids and access indices exactly.
**   2. The AA context is kept (it belongs to the graph) but invalidated on
**      restore; the phi-translation user index is dropped.
**   3. A snapshot owns its copies; restore hands them to f and s and frees
**      what they replaced.
**   4. Inside a recovery scope (a daemon request, base/oom.h) the snapshot
**      of a batch that applied is kept until the scope ends: if the request
**      then runs out of memory (encoding its reply, say) the function and
**      its graph are put back as they were before the batch; if it
**      succeeds the snapshot is freed. An allocation failure inside an op
**      unwinds through here and is put back the same way.
*/
#include "update/mssa_update.h"

#include <string.h>

#include "alias/phitrans.h"
#include "base/check.h"
#include "base/oom.h"
#include "reader/retext.h"

struct mssa_update_snapshot {
  /* function */
  MSSA_VEC(mssa_block) blocks;
  MSSA_VEC(mssa_inst) insts;
  MSSA_VEC(mssa_val) ops;
  uint32_t entry, first_block, last_block;
  /* graph (a shallow struct copy whose arrays are owned copies) */
  mssa_ssa g;
};

#define DUP(dst, src, count) \
  do { size_t n_ = (size_t)(count) * sizeof *(src); \
       (dst) = mssa_xmalloc(n_ ? n_ : 1); if (n_) memcpy((dst), (src), n_); } while (0)

#define DUPVEC(dst, src) \
  do { (dst).n = (src).n; (dst).cap = (src).n; \
       if ((src).n) DUP((dst).a, (src).a, (src).n); else (dst).a = NULL; } while (0)

mssa_update_snapshot *mssa_update_snapshot_take(const mssa_func *f, const mssa_ssa *s) {
  mssa_update_snapshot *sn = mssa_xcalloc(1, sizeof *sn);
  DUPVEC(sn->blocks, f->blocks);
  DUPVEC(sn->insts, f->insts);
  DUPVEC(sn->ops, f->ops);
  sn->entry = f->entry;
  sn->first_block = f->first_block;
  sn->last_block = f->last_block;
  mssa_ssa *g = &sn->g;
  *g = *s;
  g->users = NULL;
  g->aa = NULL;
  DUPVEC(g->acc, s->acc);
  DUPVEC(g->phiops, s->phiops);
  DUP(g->inst_acc, s->inst_acc, s->inst_cap ? s->inst_cap : 1);
  DUP(g->inst_pos, s->inst_pos, s->inst_cap ? s->inst_cap : 1);
  uint32_t nb = s->nblocks ? s->nblocks : 1;
  uint32_t *blk;
  DUP(blk, s->first, (size_t)MSSA_BLOCK_ARRAYS * nb);
  mssa_ssa_set_block_arrays(g, blk, s->nblocks);
  /* CFG and dominator tree. */
  uint32_t n = s->cfg.n, m = s->cfg.succ_off ? s->cfg.succ_off[n] : 0;
  DUP(g->cfg.succ_off, s->cfg.succ_off, n + 1);
  DUP(g->cfg.pred_off, s->cfg.pred_off, n + 1);
  DUP(g->cfg.succ, s->cfg.succ, m);
  DUP(g->cfg.pred, s->cfg.pred, m);
  uint32_t dn = s->dt.n + 1;
  DUP(g->dt.idom, s->dt.idom, dn);
  DUP(g->dt.level, s->dt.level, dn);
  DUP(g->dt.dfs_in, s->dt.dfs_in, dn);
  DUP(g->dt.dfs_out, s->dt.dfs_out, dn);
  DUP(g->dt.child_off, s->dt.child_off, dn);
  DUP(g->dt.child, s->dt.child, dn);
  DUP(g->dt.preorder, s->dt.preorder, dn);
  return sn;
}

static void free_graph_arrays(mssa_ssa *g) {
  mssa_vec_free(&g->acc);
  mssa_vec_free(&g->phiops);
  free(g->inst_acc);
  free(g->inst_pos);
  free(g->first);
  mssa_cfg_free(&g->cfg);
  mssa_domtree_free(&g->dt);
}

void mssa_update_snapshot_free(mssa_update_snapshot *sn) {
  if (!sn) return;
  mssa_vec_free(&sn->blocks);
  mssa_vec_free(&sn->insts);
  mssa_vec_free(&sn->ops);
  free_graph_arrays(&sn->g);
  free(sn);
}

void mssa_update_snapshot_restore(mssa_update_snapshot *sn, mssa_func *f, mssa_ssa *s) {
  mssa_vec_free(&f->blocks);
  mssa_vec_free(&f->insts);
  mssa_vec_free(&f->ops);
  f->blocks.a = sn->blocks.a; f->blocks.n = sn->blocks.n; f->blocks.cap = sn->blocks.cap;
  f->insts.a = sn->insts.a; f->insts.n = sn->insts.n; f->insts.cap = sn->insts.cap;
  f->ops.a = sn->ops.a; f->ops.n = sn->ops.n; f->ops.cap = sn->ops.cap;
  f->entry = sn->entry;
  f->first_block = sn->first_block;
  f->last_block = sn->last_block;
  /* The graph may have been rebuilt (new AA context): keep the current
  ** context, which points at the same module and function. */
  mssa_aa *aa = s->aa;
  void *data = s->data;
  mssa_users_free(s->users);
  free_graph_arrays(s);
  /* the view indexes the IR the batch changed; the snapshot's copy of its
  ** pointers may be freed already */
  mssa_ssa_drop_view(s);
  *s = sn->g;
  s->view_aa = NULL;
  s->view_map = NULL;
  s->aa = aa;
  s->data = data;
  s->users = NULL;
  mssa_aa_invalidate(aa);
  /* Invariant 1: the function and its graph are as they were. */
  MSSA_ASSERT(s->inst_cap >= f->insts.n);
  free(sn);
}

/* ------------------------------------------------------------ text forms */

/* Length of text without trailing blanks/newlines. */
static size_t trimmed(const char *t, size_t n) {
  while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\n' || t[n - 1] == '\r')) n--;
  return n;
}

/* Parses `text` as one instruction, checks it is (or is not) a terminator,
** applies it through the matching update, and gives it its own text. */
static int apply_text(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *text, size_t len,
                      bool terminator, mssa_where where, uint32_t anchor, uint32_t *out_id,
                      mssa_diag *diag) {
  if (!m || !f || !s || !text) return MSSA_EINVAL;
  uint32_t local_id;
  if (!out_id) out_id = &local_id;
  mssa_inst proto;
  mssa_u32vec ops = {0};
  int rc = mssa_parse_inst(m, f, text, len, &proto, &ops, diag);
  if (rc == MSSA_OK) {
    if (mssa_opcode_is_terminator(proto.opcode) != terminator)
      rc = mssa_ir_refuse(terminator ? MSSA_WHY_NOT_TERMINATOR : MSSA_WHY_TERMINATOR, MSSA_NONE, 0);
    else if (terminator) rc = mssa_update_set_terminator(m, f, s, anchor, &proto, ops.a, ops.n, out_id);
    else rc = mssa_update_insert(m, f, s, &proto, ops.a, ops.n, where, anchor, out_id);
    /* Printers show an instruction's own text. */
    if (rc == MSSA_OK) mssa_ir_set_text(m, f, *out_id, text, trimmed(text, len));
  }
  mssa_vec_free(&ops);
  return rc;
}

int mssa_update_insert_text(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *text,
                            size_t len, mssa_where where, uint32_t anchor, uint32_t *out_id,
                            mssa_diag *diag) {
  return apply_text(m, f, s, text, len, false, where, anchor, out_id, diag);
}

int mssa_update_set_terminator_text(mssa_module *m, mssa_func *f, mssa_ssa *s, uint32_t block,
                                    const char *text, size_t len, uint32_t *out_id,
                                    mssa_diag *diag) {
  return apply_text(m, f, s, text, len, true, (mssa_where)0, block, out_id, diag);
}

/* --------------------------------------------------------------- batches */

static int apply_one(mssa_module *m, mssa_func *f, mssa_ssa *s, const mssa_edit_op *op,
                     uint32_t *res, mssa_diag *diag) {
  *res = MSSA_NONE;
  switch (op->kind) {
  case MSSA_EDIT_INSERT:
    if (op->text)
      return mssa_update_insert_text(m, f, s, op->text, op->text_len, (mssa_where)op->where,
                                     op->anchor, res, diag);
    return mssa_update_insert(m, f, s, op->proto, op->ops, op->nops, (mssa_where)op->where,
                              op->anchor, res);
  case MSSA_EDIT_REMOVE:
    return mssa_update_remove(m, f, s, op->inst);
  case MSSA_EDIT_MOVE:
    return mssa_update_move(m, f, s, op->inst, (mssa_where)op->where, op->anchor);
  case MSSA_EDIT_SET_OPERAND:
    return mssa_update_set_operand(m, f, s, op->inst, op->index, op->val);
  case MSSA_EDIT_SET_TERMINATOR:
    if (op->text)
      return mssa_update_set_terminator_text(m, f, s, op->block, op->text, op->text_len, res, diag);
    if (!op->proto) return MSSA_EINVAL;
    return mssa_update_set_terminator(m, f, s, op->block, op->proto, op->ops, op->nops, res);
  case MSSA_EDIT_ADD_BLOCK:
    return mssa_update_add_block(m, f, s, op->anchor, op->index, res);
  case MSSA_EDIT_REMOVE_BLOCK:
    return mssa_update_remove_block(m, f, s, op->block);
  case MSSA_EDIT_SPLIT_EDGE:
    return mssa_update_split_edge(m, f, s, op->block, op->anchor, res);
  case MSSA_EDIT_SPLIT_BLOCK:
    return mssa_update_split_block(m, f, s, op->inst, res);
  default:
    return MSSA_EINVAL;
  }
}

/* Invariant 4: the snapshot of a batch applied inside a recovery scope. */
typedef struct held {
  mssa_update_snapshot *sn;   /* NULL once restored by a failing op */
  mssa_func *f;
  mssa_ssa *s;
} held;

/* The snapshot's arrays become the function's and graph's again: they
** outlive the scope that made them, so they leave its registry. */
static void keep_snapshot(mssa_update_snapshot *sn) {
  void *a[] = {sn->blocks.a, sn->insts.a, sn->ops.a, sn->g.acc.a, sn->g.phiops.a,
               sn->g.inst_acc, sn->g.inst_pos, sn->g.first, sn->g.cfg.succ_off,
               sn->g.cfg.pred_off, sn->g.cfg.succ, sn->g.cfg.pred, sn->g.dt.idom,
               sn->g.dt.level, sn->g.dt.dfs_in, sn->g.dt.dfs_out, sn->g.dt.child_off,
               sn->g.dt.child, sn->g.dt.preorder};
  for (size_t i = 0; i < sizeof a / sizeof a[0]; i++) mssa_oom_keep(a[i]);
}

static void held_end(void *arg, bool failed) {
  held *h = arg;
  if (h->sn && failed) {
    keep_snapshot(h->sn);
    mssa_update_snapshot_restore(h->sn, h->f, h->s);
  } else {
    mssa_update_snapshot_free(h->sn);
  }
  free(h);
}

int mssa_update_batch(mssa_module *m, mssa_func *f, mssa_ssa *s, const mssa_edit_op *ops,
                      uint32_t n, uint32_t *results, uint32_t *failed, mssa_diag *diag) {
  if (failed) *failed = MSSA_NONE;
  if (!m || !f || !s || (n && !ops) || s->f != f) return MSSA_EINVAL;
  held *h = NULL;
  if (mssa_oom_active()) h = mssa_xcalloc(1, sizeof *h);
  mssa_update_snapshot *sn = mssa_update_snapshot_take(f, s);
  if (h) {
    *h = (held){sn, f, s};
    mssa_oom_on_end(held_end, h);
  }
  for (uint32_t k = 0; k < n; k++) {
    uint32_t r;
    int rc = apply_one(m, f, s, &ops[k], &r, diag);
    if (rc) {
      if (h) h->sn = NULL;
      keep_snapshot(sn);   /* f and s own its arrays again, whatever follows */
      mssa_update_snapshot_restore(sn, f, s);
      if (failed) *failed = k;
      return rc;
    }
    if (results) results[k] = r;
  }
  if (!h) mssa_update_snapshot_free(sn);   /* else when the scope ends */
  return MSSA_OK;
}
