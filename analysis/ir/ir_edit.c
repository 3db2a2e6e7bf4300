/*
** ir_edit.c -- in-place IR edits (see ir_edit.h).
**
** Invariants:
**   1. Validate, then mutate: every check that can fail runs before the
**      first write, so an error leaves the function exactly as it was.
**   2. Linking is done by three helpers (link_before/link_after/unlink) that
**      keep the block's first/last and the neighbours' prev/next in step;
**      nothing else writes those fields.
**   3. No recursion; loops are bounded by the function's sizes.
**   4. Operand pool: new instructions append; phi pair removal shrinks a
**      phi's own range in place (nops decreases), never touching another
**      instruction's range.
*/
#include "ir/ir_edit.h"

#include <stdio.h>
#include <string.h>

#include "base/check.h"
#include "base/filemap.h"
#include "base/oom.h"

/* Invariant 7 of ir_edit.h. */
static _Thread_local mssa_edit_refusal refusal;

const mssa_edit_refusal *mssa_ir_refusal(void) { return &refusal; }

void mssa_ir_refusal_clear(void) {
  refusal.why = MSSA_WHY_NONE;
  refusal.inst = MSSA_NONE;
  refusal.count = 0;
}

int mssa_ir_refuse(mssa_edit_why why, uint32_t inst, uint32_t count) {
  refusal.why = why;
  refusal.inst = inst;
  refusal.count = count;
  return MSSA_EINVAL;
}

bool mssa_ir_inst_live(const mssa_func *f, uint32_t i) {
  return f && i < f->insts.n && f->insts.a[i].block != MSSA_NONE;
}

bool mssa_ir_block_live(const mssa_func *f, uint32_t b) {
  return f && b < f->blocks.n && !f->blocks.a[b].removed;
}

bool mssa_ir_val_ok(const mssa_module *m, const mssa_func *f, mssa_val v) {
  uint32_t i = MSSA_VAL_INDEX(v);
  switch (MSSA_VAL_KIND(v)) {
  case MSSA_VK_INST: return mssa_ir_inst_live(f, i);
  case MSSA_VK_ARG: return i < f->nargs;
  case MSSA_VK_GLOBAL: return i < m->globals.n;
  case MSSA_VK_FUNC: return i < m->funcs.n;
  case MSSA_VK_CONST: return i < m->consts.n;
  case MSSA_VK_BLOCK: return mssa_ir_block_live(f, i);
  case MSSA_VK_META: return i < m->md.n;
  case MSSA_VK_ASM: return true;
  default: return false;
  }
}

uint32_t mssa_ir_position(const mssa_func *f, uint32_t i) {
  if (!mssa_ir_inst_live(f, i)) return MSSA_NONE;
  uint32_t pos = 0;
  for (uint32_t x = f->blocks.a[f->insts.a[i].block].first; x != i; x = f->insts.a[x].next) pos++;
  return pos;
}

/* ------------------------------------------------------------ linking */

static void unlink_inst(mssa_func *f, uint32_t i) {
  mssa_inst *in = &f->insts.a[i];
  MSSA_ASSERT(i < f->insts.n && in->block < f->blocks.n); /* ir.h invariants 1, 2 */
  mssa_block *b = &f->blocks.a[in->block];
  /* invariant 2: the neighbours and the block's ends point back at i. */
  MSSA_ASSERT(in->prev == MSSA_NONE ? b->first == i : f->insts.a[in->prev].next == i);
  MSSA_ASSERT(in->next == MSSA_NONE ? b->last == i : f->insts.a[in->next].prev == i);
  if (in->prev != MSSA_NONE) f->insts.a[in->prev].next = in->next;
  else b->first = in->next;
  if (in->next != MSSA_NONE) f->insts.a[in->next].prev = in->prev;
  else b->last = in->prev;
  in->prev = in->next = MSSA_NONE;
}

/* Links i into block b after instruction `after` (MSSA_NONE: at the head). */
static void link_after(mssa_func *f, uint32_t b, uint32_t after, uint32_t i) {
  mssa_inst *in = &f->insts.a[i];
  mssa_block *bb = &f->blocks.a[b];
  /* invariant 2: i is unlinked, and `after` is in block b. */
  MSSA_ASSERT(in->prev == MSSA_NONE && in->next == MSSA_NONE);
  MSSA_ASSERT(after == MSSA_NONE || f->insts.a[after].block == b);
  in->block = b;
  in->prev = after;
  in->next = after == MSSA_NONE ? bb->first : f->insts.a[after].next;
  if (after == MSSA_NONE) bb->first = i;
  else f->insts.a[after].next = i;
  if (in->next != MSSA_NONE) f->insts.a[in->next].prev = i;
  else bb->last = i;
}

static bool is_term(const mssa_inst *in) { return mssa_opcode_is_terminator(in->opcode); }

/*
** Resolves (where, anchor) to (block, predecessor-in-block) for placing a
** non-terminator instruction whose opcode is `opcode`; `self` is the
** instruction being moved (or MSSA_NONE). Returns 0 or an error.
*/
static int resolve_slot(const mssa_func *f, unsigned opcode, mssa_where where, uint32_t anchor,
                        uint32_t self, uint32_t *out_b, uint32_t *out_after) {
  uint32_t b, after;
  if (where == MSSA_AT_END) {
    if (!mssa_ir_block_live(f, anchor)) return MSSA_ENOENT;
    b = anchor;
    after = f->blocks.a[b].last;
    if (after != MSSA_NONE && is_term(&f->insts.a[after])) after = f->insts.a[after].prev;
  } else if (where == MSSA_AT_BEFORE || where == MSSA_AT_AFTER) {
    if (!mssa_ir_inst_live(f, anchor)) return MSSA_ENOENT;
    b = f->insts.a[anchor].block;
    if (where == MSSA_AT_BEFORE) {
      after = f->insts.a[anchor].prev;
    } else {
      if (is_term(&f->insts.a[anchor]))   /* nothing after a terminator */
        return mssa_ir_refuse(MSSA_WHY_AFTER_TERMINATOR, anchor, 0);
      after = anchor;
    }
  } else {
    return MSSA_EINVAL;
  }
  MSSA_ASSERT(b < f->blocks.n && !f->blocks.a[b].removed);
  /* Skip over ourselves when moving next to our own slot. */
  if (self != MSSA_NONE && after == self) after = f->insts.a[self].prev;
  uint32_t next = after == MSSA_NONE ? f->blocks.a[b].first : f->insts.a[after].next;
  if (self != MSSA_NONE && next == self) next = f->insts.a[self].next;
  /* Phis stay together at the head: a phi goes only after phis (or first);
  ** a non-phi never goes before a phi. */
  bool prev_phi = after == MSSA_NONE || f->insts.a[after].opcode == MSSA_OP_PHI;
  bool next_phi = next != MSSA_NONE && f->insts.a[next].opcode == MSSA_OP_PHI;
  if (opcode == MSSA_OP_PHI && !prev_phi) return mssa_ir_refuse(MSSA_WHY_PHI_ORDER, after, 0);
  if (opcode != MSSA_OP_PHI && next_phi) return mssa_ir_refuse(MSSA_WHY_PHI_ORDER, next, 0);
  *out_b = b;
  *out_after = after;
  return MSSA_OK;
}

static int check_ops(const mssa_module *m, const mssa_func *f, const mssa_val *ops, uint32_t nops) {
  if (nops && !ops) return MSSA_EINVAL;
  for (uint32_t k = 0; k < nops; k++)
    if (!mssa_ir_val_ok(m, f, ops[k])) return MSSA_ENOENT;
  return MSSA_OK;
}

/* Appends a new unlinked instruction; returns its id. */
/* New instructions keep the prototype's text span if it lies inside the
** module text (a clone prints as, and has the nuw/nsw flags of, the
** original, which alias analysis reads from the text); else none. */
static uint32_t new_inst(mssa_func *f, const mssa_inst *proto, const mssa_val *ops, uint32_t nops) {
  mssa_inst in = *proto;
  in.block = MSSA_NONE;
  in.prev = in.next = MSSA_NONE;
  in.ops = f->ops.n;
  in.nops = nops;
  for (uint32_t k = 0; k < nops; k++) mssa_vec_push(&f->ops, ops[k]);
  MSSA_ASSERT(f->ops.n == in.ops + nops); /* invariant 4: a fresh range at the end */
  mssa_vec_push(&f->insts, in);
  return f->insts.n - 1;
}

int mssa_ir_insert(const mssa_module *m, mssa_func *f, const mssa_inst *proto,
                   const mssa_val *ops, uint32_t nops, mssa_where where, uint32_t anchor,
                   uint32_t *out_id) {
  if (!m || !f || !proto || f->is_decl) return MSSA_EINVAL;
  if (proto->opcode == MSSA_OP_INVALID || proto->opcode >= MSSA_OP_COUNT_) return MSSA_EINVAL;
  if (is_term(proto)) return mssa_ir_refuse(MSSA_WHY_TERMINATOR, MSSA_NONE, 0);
  if (f->insts.n >= MSSA_MAX_INDEX) return MSSA_ETOOBIG;
  int rc = check_ops(m, f, ops, nops);
  if (rc) return rc;
  uint32_t b, after;
  rc = resolve_slot(f, proto->opcode, where, anchor, MSSA_NONE, &b, &after);
  if (rc) return rc;
  uint32_t id = new_inst(f, proto, ops, nops);
  if ((uint64_t)proto->text_off + proto->text_len > m->text_len)
    f->insts.a[id].text_off = f->insts.a[id].text_len = 0;
  link_after(f, b, after, id);
  if (out_id) *out_id = id;
  return MSSA_OK;
}

/* Uses of inst's result by live instructions other than itself, counting
** up to `stop`. */
static uint32_t users_upto(const mssa_func *f, uint32_t inst, uint32_t stop) {
  mssa_val v = MSSA_VAL(MSSA_VK_INST, inst);
  uint32_t n = 0;
  for (uint32_t i = 0; i < f->insts.n && n < stop; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE || i == inst) continue;
    const mssa_val *o = f->ops.a + in->ops;
    for (uint32_t k = 0; k < in->nops; k++) n += o[k] == v;
  }
  return n;
}

bool mssa_ir_has_users(const mssa_func *f, uint32_t inst) { return users_upto(f, inst, 1) > 0; }

uint32_t mssa_ir_count_users(const mssa_func *f, uint32_t inst) {
  return users_upto(f, inst, UINT32_MAX);
}

int mssa_ir_remove(mssa_func *f, uint32_t inst) {
  if (!f || !mssa_ir_inst_live(f, inst)) return MSSA_ENOENT;
  if (is_term(&f->insts.a[inst])) return mssa_ir_refuse(MSSA_WHY_TERMINATOR, inst, 0);
  uint32_t users = mssa_ir_count_users(f, inst);
  if (users) return mssa_ir_refuse(MSSA_WHY_HAS_USERS, inst, users);
  unlink_inst(f, inst);
  f->insts.a[inst].block = MSSA_NONE;
  return MSSA_OK;
}

int mssa_ir_remove_unused(mssa_func *f, uint32_t inst) {
  if (!f || !mssa_ir_inst_live(f, inst)) return MSSA_ENOENT;
  if (is_term(&f->insts.a[inst])) return mssa_ir_refuse(MSSA_WHY_TERMINATOR, inst, 0);
  unlink_inst(f, inst);
  f->insts.a[inst].block = MSSA_NONE;
  return MSSA_OK;
}

int mssa_ir_move(mssa_func *f, uint32_t inst, mssa_where where, uint32_t anchor) {
  if (!f || !mssa_ir_inst_live(f, inst)) return MSSA_ENOENT;
  const mssa_inst *in = &f->insts.a[inst];
  if (is_term(in)) return mssa_ir_refuse(MSSA_WHY_TERMINATOR, inst, 0);
  if (in->opcode == MSSA_OP_PHI) return mssa_ir_refuse(MSSA_WHY_PHI, inst, 0);
  if (where != MSSA_AT_END && anchor == inst) return MSSA_OK;
  uint32_t b, after;
  int rc = resolve_slot(f, in->opcode, where, anchor, inst, &b, &after);
  if (rc) return rc;
  unlink_inst(f, inst);
  link_after(f, b, after, inst);
  return MSSA_OK;
}

/* -------------------------------------------------------------- operands */

/* Is operand k of `in` a CFG edge (a successor block of a terminator)? */
static bool is_edge_operand(const mssa_inst *in, const mssa_val *o, uint32_t k) {
  return is_term(in) && MSSA_VAL_KIND(o[k]) == MSSA_VK_BLOCK;
}

int mssa_ir_set_operand(const mssa_module *m, mssa_func *f, uint32_t inst, uint32_t k,
                        mssa_val v) {
  if (!m || !f || !mssa_ir_inst_live(f, inst)) return MSSA_ENOENT;
  mssa_inst *in = &f->insts.a[inst];
  if (k >= in->nops) return mssa_ir_refuse(MSSA_WHY_NO_SUCH_OPERAND, inst, in->nops);
  if (!mssa_ir_val_ok(m, f, v)) return MSSA_ENOENT;
  mssa_val *o = f->ops.a + in->ops;
  mssa_val old = o[k];
  bool ob = MSSA_VAL_KIND(old) == MSSA_VK_BLOCK, nb = MSSA_VAL_KIND(v) == MSSA_VK_BLOCK;
  if (ob && (is_edge_operand(in, o, k) || in->opcode == MSSA_OP_PHI))
    return mssa_ir_refuse(MSSA_WHY_EDGE_OPERAND, inst, 0);
  if (ob != nb) return mssa_ir_refuse(MSSA_WHY_TYPE_MISMATCH, inst, 0);
  if (MSSA_VAL_KIND(old) == MSSA_VK_META || MSSA_VAL_KIND(v) == MSSA_VK_META) {
    if (MSSA_VAL_KIND(old) != MSSA_VAL_KIND(v)) return mssa_ir_refuse(MSSA_WHY_TYPE_MISMATCH, inst, 0);
  } else if (!ob) {
    uint32_t to = mssa_val_type(m, f, old), tn = mssa_val_type(m, f, v);
    if (to != MSSA_NONE && tn != MSSA_NONE && to != tn) {
      /* Typed pointers of one address space are interchangeable for us
      ** only if identical; keep it strict. */
      return mssa_ir_refuse(MSSA_WHY_TYPE_MISMATCH, inst, 0);
    }
  }
  if (v == MSSA_VAL(MSSA_VK_INST, inst) && in->opcode != MSSA_OP_PHI)
    return mssa_ir_refuse(MSSA_WHY_SELF_REFERENCE, inst, 0);
  o[k] = v;
  return MSSA_OK;
}

/* ----------------------------------------------------------- CFG edits */

#define MAXSUCC_STACK 64

/* Successors of block b's current terminator into *out (heap if needed). */
static uint32_t block_succs(const mssa_func *f, uint32_t b, mssa_u32vec *out) {
  out->n = 0;
  uint32_t t = mssa_block_terminator(f, b);
  if (t == MSSA_NONE) return 0;
  const mssa_inst *ti = &f->insts.a[t];
  if (ti->nops == 0) return 0;
  uint32_t k = mssa_inst_successors(f, ti, NULL, 0);
  mssa_vec_reserve(out, k ? k : 1);
  mssa_inst_successors(f, ti, out->a, k);
  out->n = k;
  return k;
}

static uint32_t count_in(const uint32_t *a, uint32_t n, uint32_t x) {
  uint32_t c = 0;
  for (uint32_t i = 0; i < n; i++) c += a[i] == x;
  return c;
}

static bool block_has_phi(const mssa_func *f, uint32_t b) {
  uint32_t i = f->blocks.a[b].first;
  return i != MSSA_NONE && f->insts.a[i].opcode == MSSA_OP_PHI;
}

/* Drops up to `count` incoming pairs for `pred` from every phi of block s. */
static void drop_phi_pairs(mssa_func *f, uint32_t s, uint32_t pred, uint32_t count) {
  mssa_val pv = MSSA_VAL(MSSA_VK_BLOCK, pred);
  for (uint32_t i = f->blocks.a[s].first; i != MSSA_NONE; i = f->insts.a[i].next) {
    mssa_inst *in = &f->insts.a[i];
    if (in->opcode != MSSA_OP_PHI) break;
    mssa_val *o = f->ops.a + in->ops;
    uint32_t left = count, w = 0;
    for (uint32_t k = 0; k + 1 < in->nops; k += 2) {
      if (left && o[k + 1] == pv) { left--; continue; }
      o[w] = o[k];
      o[w + 1] = o[k + 1];
      w += 2;
    }
    MSSA_ASSERT(w <= in->nops); /* invariant 4: the range shrinks in place */
    in->nops = w;
  }
}

/* Renames incoming block `from` to `to` in every phi of block s; with
** `merge`, keeps only the first such pair (duplicate edges merged). */
static void rename_phi_pairs(mssa_func *f, uint32_t s, uint32_t from, uint32_t to, bool merge) {
  mssa_val fv = MSSA_VAL(MSSA_VK_BLOCK, from), tv = MSSA_VAL(MSSA_VK_BLOCK, to);
  for (uint32_t i = f->blocks.a[s].first; i != MSSA_NONE; i = f->insts.a[i].next) {
    mssa_inst *in = &f->insts.a[i];
    if (in->opcode != MSSA_OP_PHI) break;
    mssa_val *o = f->ops.a + in->ops;
    uint32_t w = 0;
    bool seen = false;
    for (uint32_t k = 0; k + 1 < in->nops; k += 2) {
      mssa_val val = o[k], blk = o[k + 1];
      if (blk == fv) {
        if (merge && seen) continue;
        seen = true;
        blk = tv;
      }
      o[w] = val;
      o[w + 1] = blk;
      w += 2;
    }
    MSSA_ASSERT(w <= in->nops); /* invariant 4: the range shrinks in place */
    in->nops = w;
  }
}

int mssa_ir_set_terminator(const mssa_module *m, mssa_func *f, uint32_t b,
                           const mssa_inst *proto, const mssa_val *ops, uint32_t nops,
                           uint32_t *out_id) {
  if (!m || !f || !proto) return MSSA_EINVAL;
  if (!mssa_ir_block_live(f, b)) return MSSA_ENOENT;
  if (!is_term(proto)) return mssa_ir_refuse(MSSA_WHY_NOT_TERMINATOR, MSSA_NONE, 0);
  if (f->insts.n >= MSSA_MAX_INDEX) return MSSA_ETOOBIG;
  int rc = check_ops(m, f, ops, nops);
  if (rc) return rc;
  uint32_t old = mssa_block_terminator(f, b);
  uint32_t users = old != MSSA_NONE && f->insts.a[old].type != m->t_void
                       ? mssa_ir_count_users(f, old) : 0;
  if (users) return mssa_ir_refuse(MSSA_WHY_HAS_USERS, old, users);
  /* Old and new successor multisets. */
  mssa_u32vec os = {0}, ns = {0};
  block_succs(f, b, &os);
  {
    mssa_inst tmp = *proto;
    tmp.ops = 0;
    tmp.nops = nops;
    /* mssa_inst_successors reads f->ops at tmp.ops: use a scratch function
    ** view over `ops`. */
    mssa_func view = *f;
    view.ops.a = (mssa_val *)ops;
    view.ops.n = view.ops.cap = nops;
    uint32_t k = mssa_inst_successors(&view, &tmp, NULL, 0);
    mssa_vec_reserve(&ns, k ? k : 1);
    if (k) mssa_inst_successors(&view, &tmp, ns.a, k);
    ns.n = k;
  }
  rc = MSSA_OK;
  for (uint32_t i = 0; i < ns.n && rc == MSSA_OK; i++) {
    uint32_t s = ns.a[i];
    if (!mssa_ir_block_live(f, s)) rc = MSSA_ENOENT;
    else if (s == f->entry) /* the entry block has no predecessors */
      rc = mssa_ir_refuse(MSSA_WHY_ENTRY_BLOCK, MSSA_NONE, 0);
    else if (count_in(ns.a, ns.n, s) > count_in(os.a, os.n, s) && block_has_phi(f, s))
      rc = mssa_ir_refuse(MSSA_WHY_NEW_EDGE_INTO_PHIS, f->blocks.a[s].first, 0); /* invariant 5 */
  }
  if (rc == MSSA_OK) {
    /* Lost edges: drop phi pairs (each distinct successor once). */
    for (uint32_t i = 0; i < os.n; i++) {
      uint32_t s = os.a[i];
      if (count_in(os.a, i, s)) continue; /* handled at its first occurrence */
      uint32_t co = count_in(os.a, os.n, s), cn = count_in(ns.a, ns.n, s);
      if (cn < co && mssa_ir_block_live(f, s)) drop_phi_pairs(f, s, b, co - cn);
    }
    uint32_t id = new_inst(f, proto, ops, nops);
    if ((uint64_t)proto->text_off + proto->text_len > m->text_len)
      f->insts.a[id].text_off = f->insts.a[id].text_len = 0;
    if (old != MSSA_NONE) {
      uint32_t after = f->insts.a[old].prev;
      unlink_inst(f, old);
      f->insts.a[old].block = MSSA_NONE;
      link_after(f, b, after, id);
    } else {
      link_after(f, b, f->blocks.a[b].last, id);
    }
    /* ir_edit.h invariant 4: the terminator is the last instruction. */
    MSSA_ASSERT(f->blocks.a[b].last == id && f->insts.a[id].next == MSSA_NONE);
    if (out_id) *out_id = id;
  }
  mssa_vec_free(&os);
  mssa_vec_free(&ns);
  return rc;
}

static uint32_t fresh_block_name(mssa_module *m, uint32_t id) {
  char buf[48];
  int n = snprintf(buf, sizeof buf, "edit.bb%u", id);
  return mssa_strtab_intern(&m->strs, buf, (size_t)n);
}

int mssa_ir_add_block(mssa_module *m, mssa_func *f, uint32_t after, uint32_t name,
                      uint32_t *out_block) {
  if (!m || !f || f->is_decl) return MSSA_EINVAL;
  if (after != MSSA_NONE && !mssa_ir_block_live(f, after)) return MSSA_ENOENT;
  if (name != MSSA_NONE && name >= m->strs.n) return MSSA_EINVAL;
  if (f->blocks.n >= MSSA_MAX_INDEX) return MSSA_ETOOBIG;
  uint32_t id = f->blocks.n;
  mssa_block nb;
  memset(&nb, 0, sizeof nb);
  nb.name = name != MSSA_NONE ? name : fresh_block_name(m, id);
  nb.slot = MSSA_NONE;
  nb.first = nb.last = MSSA_NONE;
  if (after == MSSA_NONE) after = f->last_block;
  nb.prev = after;
  nb.next = after == MSSA_NONE ? f->first_block : f->blocks.a[after].next;
  mssa_vec_push(&f->blocks, nb);
  if (after == MSSA_NONE) f->first_block = id;
  else f->blocks.a[after].next = id;
  if (nb.next != MSSA_NONE) f->blocks.a[nb.next].prev = id;
  else f->last_block = id;
  if (f->entry == MSSA_NONE) f->entry = f->first_block;
  /* ir.h invariant 2: the new block is linked both ways. */
  MSSA_ASSERT(nb.prev == MSSA_NONE ? f->first_block == id : f->blocks.a[nb.prev].next == id);
  MSSA_ASSERT(nb.next == MSSA_NONE ? f->last_block == id : f->blocks.a[nb.next].prev == id);
  if (out_block) *out_block = id;
  return MSSA_OK;
}

int mssa_ir_remove_block(mssa_func *f, uint32_t b) {
  if (!f || !mssa_ir_block_live(f, b)) return MSSA_ENOENT;
  if (b == f->entry) return mssa_ir_refuse(MSSA_WHY_ENTRY_BLOCK, MSSA_NONE, 0);
  mssa_val bv = MSSA_VAL(MSSA_VK_BLOCK, b);
  /* No other live instruction may name the block or use its values (phis
  ** of its successors name it as an incoming block: those pairs go). */
  mssa_u32vec succ = {0};
  block_succs(f, b, &succ);
  int rc = MSSA_OK;
  for (uint32_t i = 0; i < f->insts.n && rc == MSSA_OK; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE || in->block == b) continue;
    const mssa_val *o = f->ops.a + in->ops;
    for (uint32_t k = 0; k < in->nops; k++) {
      mssa_val v = o[k];
      if (v == bv) {
        if (in->opcode == MSSA_OP_PHI && (k & 1) && count_in(succ.a, succ.n, in->block)) continue;
        rc = mssa_ir_refuse(MSSA_WHY_BLOCK_IN_USE, i, 0);
        break;
      }
      if (MSSA_VAL_KIND(v) == MSSA_VK_INST && MSSA_VAL_INDEX(v) < f->insts.n &&
          f->insts.a[MSSA_VAL_INDEX(v)].block == b) {
        /* A phi pair that goes away with the edge is no real use. */
        if (in->opcode == MSSA_OP_PHI && !(k & 1) && k + 1 < in->nops && o[k + 1] == bv) continue;
        rc = mssa_ir_refuse(MSSA_WHY_BLOCK_IN_USE, i, 0);
        break;
      }
    }
  }
  if (rc == MSSA_OK) {
    for (uint32_t i = 0; i < succ.n; i++) {
      uint32_t s = succ.a[i];
      if (s == b || count_in(succ.a, i, s) || !mssa_ir_block_live(f, s)) continue;
      drop_phi_pairs(f, s, b, count_in(succ.a, succ.n, s));
    }
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE;) {
      uint32_t nx = f->insts.a[i].next;
      f->insts.a[i].block = MSSA_NONE;
      f->insts.a[i].prev = f->insts.a[i].next = MSSA_NONE;
      i = nx;
    }
    mssa_block *bb = &f->blocks.a[b];
    bb->first = bb->last = MSSA_NONE;
    if (bb->prev != MSSA_NONE) f->blocks.a[bb->prev].next = bb->next;
    else f->first_block = bb->next;
    if (bb->next != MSSA_NONE) f->blocks.a[bb->next].prev = bb->prev;
    else f->last_block = bb->prev;
    bb->prev = bb->next = MSSA_NONE;
    bb->removed = 1;
  }
  mssa_vec_free(&succ);
  return rc;
}

int mssa_ir_set_text(mssa_module *m, mssa_func *f, uint32_t inst, const char *text, size_t n) {
  if (!m || !f || !mssa_ir_inst_live(f, inst) || (n && !text)) return MSSA_EINVAL;
  if (m->text_len + n + 2 >= 0xfffffff0u) return MSSA_ETOOBIG;
  /* Appended after a newline so the original text (and its line numbers)
  ** is unchanged; the module text stays NUL-terminated. */
  if (m->text_mapped) {
    /* a mapping cannot grow, and is never written (filemap.c invariant 5) */
    char *heap = mssa_xmalloc(m->text_len + n + 2);
    memcpy(heap, m->text, m->text_len);
    mssa_filetext_release(m->text, m->text_mapped);
    m->text = heap;
    m->text_mapped = 0;
    mssa_oom_keep(heap);   /* the module's whatever becomes of the request (base/oom.h) */
  } else {
    m->text = mssa_xrealloc(m->text, m->text_len + n + 2);
  }
  m->text[m->text_len] = '\n';
  if (n) memcpy(m->text + m->text_len + 1, text, n);
  m->text[m->text_len + 1 + n] = 0;
  f->insts.a[inst].text_off = (uint32_t)m->text_len + 1;
  f->insts.a[inst].text_len = (uint32_t)n;
  m->text_len += n + 1;
  return MSSA_OK;
}


/* Writes block b as it appears in an operand: %name (quoted if needed) or %N. */
static int block_ref(const mssa_module *m, const mssa_func *f, uint32_t b, char *buf, size_t cap) {
  const mssa_block *bb = &f->blocks.a[b];
  if (bb->name == MSSA_NONE) return snprintf(buf, cap, "%%%u", bb->slot);
  const char *nm = mssa_str(m, bb->name);
  bool plain = (nm[0] < '0' || nm[0] > '9') && nm[0];
  for (const char *c = nm; *c && plain; c++)
    plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
            *c == '-' || *c == '$' || *c == '.' || *c == '_';
  return snprintf(buf, cap, plain ? "%%%s" : "%%\"%s\"", nm);
}

static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '$' || c == '.' || c == '_';
}

/*
** Keeps an instruction's text in step with a retargeted block operand:
** every whole-token reference to block `from` becomes `to`. Blocks and
** values share one namespace in a function, so the token is unambiguous.
** Texts that would not fit are left as they were (printing only).
*/
static void retarget_text(mssa_module *m, mssa_func *f, uint32_t inst, uint32_t from, uint32_t to) {
  const mssa_inst *in = &f->insts.a[inst];
  if (!in->text_len) return;
  char old[600], neu[600];
  int ol = block_ref(m, f, from, old, sizeof old), nl = block_ref(m, f, to, neu, sizeof neu);
  if (ol <= 0 || nl <= 0 || (size_t)ol >= sizeof old || (size_t)nl >= sizeof neu) return;
  const char *t = m->text + in->text_off;
  size_t n = in->text_len, cap = n + 8 * (size_t)nl + 16, w = 0;
  char *out = mssa_xmalloc(cap);
  bool changed = false;
  for (size_t i = 0; i < n;) {
    if (i + (size_t)ol <= n && !memcmp(t + i, old, (size_t)ol) &&
        (i + (size_t)ol == n || !name_char(t[i + (size_t)ol])) && w + (size_t)nl < cap) {
      memcpy(out + w, neu, (size_t)nl);
      w += (size_t)nl;
      i += (size_t)ol;
      changed = true;
      continue;
    }
    if (w + 1 >= cap) { changed = false; break; }
    out[w++] = t[i++];
  }
  if (changed) mssa_ir_set_text(m, f, inst, out, w);
  free(out);
}

/* Gives a synthesized `br label %B` its text, for printers. */
static void br_text(mssa_module *m, mssa_func *f, uint32_t id, uint32_t target) {
  char buf[600];
  const mssa_block *tb = &f->blocks.a[target];
  int n;
  if (tb->name != MSSA_NONE) n = snprintf(buf, sizeof buf, "br label %%%.512s", mssa_str(m, tb->name));
  else n = snprintf(buf, sizeof buf, "br label %%%u", tb->slot);
  if (n > 0 && (size_t)n < sizeof buf) mssa_ir_set_text(m, f, id, buf, (size_t)n);
}

static mssa_inst br_proto(const mssa_module *m) {
  mssa_inst t;
  memset(&t, 0, sizeof t);
  t.opcode = MSSA_OP_BR;
  t.type = m->t_void;
  t.name = t.slot = t.attrs = MSSA_NONE;
  t.md_tbaa = t.md_scope = t.md_noalias = t.dbg = MSSA_NONE;
  t.mdatt = MSSA_NONE;
  return t;
}

int mssa_ir_split_edge(mssa_module *m, mssa_func *f, uint32_t from, uint32_t to,
                       uint32_t *out_block) {
  if (!m || !f) return MSSA_EINVAL;
  if (!mssa_ir_block_live(f, from) || !mssa_ir_block_live(f, to)) return MSSA_ENOENT;
  uint32_t t = mssa_block_terminator(f, from);
  if (t == MSSA_NONE) return mssa_ir_refuse(MSSA_WHY_UNSPLITTABLE, MSSA_NONE, 0);
  mssa_inst *ti = &f->insts.a[t];
  /* Only plain branch-like terminators: their block operands are exactly
  ** the successors (invoke/callbr/catchswitch edges are not split). */
  if (ti->opcode != MSSA_OP_BR && ti->opcode != MSSA_OP_SWITCH && ti->opcode != MSSA_OP_INDIRECTBR)
    return mssa_ir_refuse(MSSA_WHY_UNSPLITTABLE, t, 0);
  mssa_val tv = MSSA_VAL(MSSA_VK_BLOCK, to);
  uint32_t hits = 0;
  for (uint32_t k = 0; k < ti->nops; k++) hits += f->ops.a[ti->ops + k] == tv;
  if (!hits) return MSSA_ENOENT;
  uint32_t nb;
  int rc = mssa_ir_add_block(m, f, from, MSSA_NONE, &nb);
  if (rc) return rc;
  mssa_inst br = br_proto(m);
  uint32_t id = new_inst(f, &br, &tv, 1);
  link_after(f, nb, MSSA_NONE, id);
  br_text(m, f, id, to);
  ti = &f->insts.a[t];
  for (uint32_t k = 0; k < ti->nops; k++)
    if (f->ops.a[ti->ops + k] == tv) f->ops.a[ti->ops + k] = MSSA_VAL(MSSA_VK_BLOCK, nb);
  retarget_text(m, f, t, to, nb);
  for (uint32_t i = f->blocks.a[to].first; i != MSSA_NONE && f->insts.a[i].opcode == MSSA_OP_PHI;
       i = f->insts.a[i].next)
    retarget_text(m, f, i, from, nb);
  rename_phi_pairs(f, to, from, nb, true);
  if (out_block) *out_block = nb;
  return MSSA_OK;
}

int mssa_ir_split_block(mssa_module *m, mssa_func *f, uint32_t at, uint32_t *out_block) {
  if (!m || !f) return MSSA_EINVAL;
  if (!mssa_ir_inst_live(f, at)) return MSSA_ENOENT;
  if (f->insts.a[at].opcode == MSSA_OP_PHI) return mssa_ir_refuse(MSSA_WHY_PHI, at, 0);
  if (f->insts.a[at].opcode == MSSA_OP_LANDINGPAD || f->insts.a[at].opcode == MSSA_OP_CATCHPAD ||
      f->insts.a[at].opcode == MSSA_OP_CLEANUPPAD)
    return mssa_ir_refuse(MSSA_WHY_UNSPLITTABLE, at, 0);
  uint32_t b = f->insts.a[at].block;
  mssa_u32vec succ = {0};
  block_succs(f, b, &succ);
  uint32_t nb;
  int rc = mssa_ir_add_block(m, f, b, MSSA_NONE, &nb);
  if (rc) { mssa_vec_free(&succ); return rc; }
  /* Move [at .. last] to nb, in order. */
  mssa_block *ob = &f->blocks.a[b];
  uint32_t last = ob->last, before = f->insts.a[at].prev;
  if (before != MSSA_NONE) f->insts.a[before].next = MSSA_NONE;
  else ob->first = MSSA_NONE;
  ob->last = before;
  f->insts.a[at].prev = MSSA_NONE;
  mssa_block *n = &f->blocks.a[nb];
  n->first = at;
  n->last = last;
  for (uint32_t i = at; i != MSSA_NONE; i = f->insts.a[i].next) f->insts.a[i].block = nb;
  MSSA_ASSERT(f->insts.a[last].block == nb && f->insts.a[last].next == MSSA_NONE);
  mssa_val nv = MSSA_VAL(MSSA_VK_BLOCK, nb);
  mssa_inst br = br_proto(m);
  uint32_t id = new_inst(f, &br, &nv, 1);
  link_after(f, b, f->blocks.a[b].last, id);
  br_text(m, f, id, nb);
  for (uint32_t i = 0; i < succ.n; i++) {
    uint32_t s = succ.a[i];
    if (count_in(succ.a, i, s) || !mssa_ir_block_live(f, s)) continue;
    for (uint32_t k = f->blocks.a[s].first; k != MSSA_NONE && f->insts.a[k].opcode == MSSA_OP_PHI;
         k = f->insts.a[k].next)
      retarget_text(m, f, k, b, nb);
    rename_phi_pairs(f, s, b, nb, false);
  }
  mssa_vec_free(&succ);
  if (out_block) *out_block = nb;
  return MSSA_OK;
}
