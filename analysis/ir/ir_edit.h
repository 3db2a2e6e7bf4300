/*
** ir_edit.h -- in-place edits of a function's IR (ir.h), keeping its
** invariants. These edit the IR only; mssa_update.h wraps them and keeps a
** MemorySSA graph in step.
**
** Invariants (in addition to ir.h's):
**   1. Every entry point validates all its arguments first and changes
**      nothing when it returns an error (MSSA_ENOENT for ids that name no
**      live instruction/block, MSSA_EINVAL for edits that would break ir.h's
**      invariants). Bad ids never crash.
**   2. Instruction and block ids are never renumbered; new ones are fresh
**      (appended), removed ones keep their slot (inst.block == MSSA_NONE,
**      block.removed == 1).
**   3. Operand lists of new instructions are appended to the pool; an edit of
**      an existing list writes in place (same length) or appends a fresh
**      range (ir.h invariant 4).
**   4. Terminators only change through mssa_ir_set_terminator (and the split
**      helpers); a terminator stays the last instruction of its block, and
**      a non-phi never precedes a phi.
**   5. CFG edge removal follows LLVM's BasicBlock::removePredecessor: each
**      lost edge S<-B drops one incoming pair for B from every IR phi of S.
**      A *gained* edge into a block that has IR phis is rejected
**      (MSSA_EINVAL): the edit cannot know the incoming value. (Callers add
**      the phi operand first with set_operand on a phi of the right width, or
**      give the target no phis.)
**   6. SSA dominance of operands is not checked here (no dominator tree);
**      mssa_update checks it where it matters.
**   7. Every MSSA_EINVAL that refuses an edit for a reason a user can act
**      on records why (mssa_ir_refusal: the cause, the instruction it
**      names, a count), as errno does: per thread, set just before the
**      error is returned, never cleared by a success. A caller that wants
**      it clears it first (mssa_ir_refusal_clear).
*/
#ifndef MSSA_IR_EDIT_H
#define MSSA_IR_EDIT_H

#include "ir/ir.h"

/* Why an edit was refused (invariant 7). */
typedef enum {
  MSSA_WHY_NONE = 0,
  MSSA_WHY_HAS_USERS,          /* remove (or replace) an instruction whose result is
                                  used: inst = it, count = its users */
  MSSA_WHY_TERMINATOR,         /* remove/move/insert a terminator (set_terminator's job) */
  MSSA_WHY_NOT_TERMINATOR,     /* set_terminator's text is no terminator */
  MSSA_WHY_PHI,                /* insert/move/split at a phi: phis stay where they are */
  MSSA_WHY_AFTER_TERMINATOR,   /* a place after its block's terminator */
  MSSA_WHY_PHI_ORDER,          /* a non-phi before a phi (phis lead their block) */
  MSSA_WHY_OPERAND_NOT_DOMINATING, /* inst = an operand's definition that would not
                                      dominate the instruction */
  MSSA_WHY_USER_NOT_DOMINATED, /* move: inst = a user the moved result would not
                                  dominate */
  MSSA_WHY_TYPE_MISMATCH,      /* set_operand: the value's type (or kind) differs */
  MSSA_WHY_NO_SUCH_OPERAND,    /* set_operand: count = how many operands there are */
  MSSA_WHY_EDGE_OPERAND,       /* set_operand of a CFG edge or a phi's incoming block */
  MSSA_WHY_SELF_REFERENCE,     /* set_operand: a non-phi would use its own result */
  MSSA_WHY_ENTRY_BLOCK,        /* remove the entry block, or branch to it */
  MSSA_WHY_NEW_EDGE_INTO_PHIS, /* set_terminator: a new edge into a block with phis */
  MSSA_WHY_BLOCK_IN_USE,       /* remove_block: inst = an instruction elsewhere that
                                  branches to it or uses one of its values */
  MSSA_WHY_UNSPLITTABLE,       /* split_edge: no terminator, or not br/switch/indirectbr;
                                  split_block at an EH pad */
  MSSA_WHY_COUNT_
} mssa_edit_why;

typedef struct mssa_edit_refusal {
  mssa_edit_why why;
  uint32_t inst;    /* the instruction the cause names, or MSSA_NONE */
  uint32_t count;   /* HAS_USERS, NO_SUCH_OPERAND */
} mssa_edit_refusal;

/* The last refusal recorded on this thread (why MSSA_WHY_NONE if none since
** the last clear). */
const mssa_edit_refusal *mssa_ir_refusal(void);
void mssa_ir_refusal_clear(void);
/* Records a refusal and returns MSSA_EINVAL (for the edit layers above). */
int mssa_ir_refuse(mssa_edit_why why, uint32_t inst, uint32_t count);
/* How many operands of live instructions (other than itself) use `inst`'s
** result. */
uint32_t mssa_ir_count_users(const mssa_func *f, uint32_t inst);

/* Where to put an instruction relative to an anchor. */
typedef enum {
  MSSA_AT_BEFORE = 0,  /* anchor = instruction id */
  MSSA_AT_AFTER = 1,   /* anchor = instruction id */
  MSSA_AT_END = 2      /* anchor = block id: last, or just before the terminator */
} mssa_where;

/* Is `v` a valid operand value in function f of module m (in range, not a
** removed instruction/block)? */
bool mssa_ir_val_ok(const mssa_module *m, const mssa_func *f, mssa_val v);
/* Is `i` a live instruction / `b` a live block? */
bool mssa_ir_inst_live(const mssa_func *f, uint32_t i);
bool mssa_ir_block_live(const mssa_func *f, uint32_t b);

/* Inserts a new instruction: a copy of `proto` (its opcode, type, flags,
** aux fields, metadata; block/prev/next/ops/nops are ignored) with operands
** ops[0..nops). A terminator cannot be inserted (use set_terminator); a phi
** only among the block's leading phis. *out_id receives the new id. */
int mssa_ir_insert(const mssa_module *m, mssa_func *f, const mssa_inst *proto,
                   const mssa_val *ops, uint32_t nops, mssa_where where, uint32_t anchor,
                   uint32_t *out_id);

/* Removes a non-terminator instruction that no live instruction uses. */
int mssa_ir_remove(mssa_func *f, uint32_t inst);
/* As mssa_ir_remove for a caller that knows nothing uses the result (e.g.
** it has void type): skips the linear scan for users. */
int mssa_ir_remove_unused(mssa_func *f, uint32_t inst);
/* Does any live instruction use instruction `inst`'s result? */
bool mssa_ir_has_users(const mssa_func *f, uint32_t inst);

/* Moves a non-terminator, non-phi instruction. Moving it next to itself is a
** no-op success. */
int mssa_ir_move(mssa_func *f, uint32_t inst, mssa_where where, uint32_t anchor);

/* Replaces operand `k` of `inst` with `v`. The new value must have the old
** one's type (when both are typed); block operands are only replaced by
** blocks. Block operands of terminators (CFG edges) and of phis are
** rejected here: use set_terminator. */
int mssa_ir_set_operand(const mssa_module *m, mssa_func *f, uint32_t inst, uint32_t k,
                        mssa_val v);

/* Replaces (or adds, if the block has none) block b's terminator by a new
** instruction (proto/ops as for insert; proto->opcode must be a terminator).
** Phis of successors that lose edges drop the pairs (invariant 5). *out_id
** gets the new terminator's id; the old one is removed (its result must have
** no users). */
int mssa_ir_set_terminator(const mssa_module *m, mssa_func *f, uint32_t b,
                           const mssa_inst *proto, const mssa_val *ops, uint32_t nops,
                           uint32_t *out_id);

/* Adds an empty block after block `after` in layout (MSSA_NONE: at the end).
** `name` is an interned string id or MSSA_NONE (the block then gets a name
** "edit.N" interned into m, so printers have a label). */
int mssa_ir_add_block(mssa_module *m, mssa_func *f, uint32_t after, uint32_t name,
                      uint32_t *out_block);

/* Removes block b: not the entry; no live terminator of another block may
** branch to it, no instruction outside it may use its values. Its
** successors' phis drop its pairs. */
int mssa_ir_remove_block(mssa_func *f, uint32_t b);

/* Splits every edge from -> to: a new block N (`br label %to`, placed after
** `from`) takes those edges; phis of `to` get N instead of `from` (pairs for
** duplicate edges merged into one). *out_block = N. */
int mssa_ir_split_edge(mssa_module *m, mssa_func *f, uint32_t from, uint32_t to,
                       uint32_t *out_block);

/* Splits the block of `at` before `at` (not a phi): `at` and everything after
** it move to a new block N placed after it; the old block ends in
** `br label %N`; successors' phis name N instead. *out_block = N. */
int mssa_ir_split_block(mssa_module *m, mssa_func *f, uint32_t at, uint32_t *out_block);

/* Gives instruction `inst` the text `text[0..n)` for printers (and for the
** nuw/nsw flags alias analysis reads from text): the text is appended to
** the module text after a newline (the original text is unchanged; the
** module text stays NUL-terminated) and the instruction's span points at it. */
int mssa_ir_set_text(mssa_module *m, mssa_func *f, uint32_t inst, const char *text, size_t n);

/* Renumbers nothing; returns the position of instruction i in its block
** (0-based, linear time), or MSSA_NONE. */
uint32_t mssa_ir_position(const mssa_func *f, uint32_t i);

#endif
