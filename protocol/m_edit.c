/*
** m_edit.c -- the `edit` method: a batch of IR edits to one function,
** applied through the incremental updater (mssa_update.h), all or none.
**
** Invariants:
**   1. Every op is decoded (shape, designators) before anything changes; a
**      decoding error rejects the batch with "data":{"op":K} and the function
**      is untouched. Designators (INST, BLOCK) name the function as it was
**      before the batch: ids of instructions an earlier op of the same batch
**      creates are not known yet (text inside ops is parsed when applied, so
**      it may use result names an earlier op introduced).
**   2. Applying goes through mssa_update_batch, which restores the function
**      and its graph exactly when op K fails; the error then carries
**      "data":{"op":K, ...}. Strings/types the failed batch interned stay in
**      the module, unreferenced (mssa_update.h).
**   3. An edit runs on the query (loop) thread like every query: the module
**      is used exclusively (queries mutate walker caches, edits mutate the
**      module). A successful edit bumps mssa_proto.gen, so every cached
**      encoded clobber answer is invalidated, and fixes the bundle's totals.
**   4. With a journal (the daemon's --state-dir) a batch is written to it
**      before it is applied, and taken back out if it fails; if the journal
**      cannot take the record the reply is an I/O error
**      (data.reason "journal_failed") and nothing is applied: an edit is
**      acknowledged only if it is in the journal, and the module never
**      holds an edit the journal lacks.
**   5. A refused op is named with its kind and instruction, and the cause
**      the updater recorded (mssa_ir_refusal, ir_edit.h invariant 7) is
**      spelled out ("%3 has 2 users", "operand %5 does not dominate it")
**      and given as data.reason, one word per cause (errors.h).
**   6. Out of memory anywhere in the request (applying, or encoding the
**      reply: dispatch.c invariant 5) leaves the module and the journal as
**      they were: the record is kept, and the totals and version move, only
**      once the request's recovery scope has committed (edit_end); until
**      then a failure takes the record back out and mssa_update_batch puts
**      the function back (its invariant 4).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"
#include "program.h"

/* Upper bound on ops per request (the request size cap bounds it too). */
#define MAX_OPS 100000
/* The largest operand number set_operand takes, and label length add_block. */
#define MAX_OPERAND_INDEX 65535
#define MAX_LABEL 255

/* A block designator: a label string ("entry", "%5", "5") or a number. */
static int get_block(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *v, const char *what,
                     uint32_t *blk) {
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  char buf[MSSA__LABEL_BUF];
  const char *s = mssa__block_label(v, buf);
  if (!s)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "%s must be a block label", what);
  if (mssa_q_block_by_name(m, f, s, blk))
    return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "%s: no block '%.200s' in @%s", what, s,
                      mssa_str(m, f->name));
  return 0;
}

/* "before"/"after" -> where + anchor instruction. */
static int get_anchor(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *op, bool allow_end,
                      mssa_edit_op *e) {
  json_t *b = json_object_get(op, "before"), *a = json_object_get(op, "after"),
         *end = allow_end ? json_object_get(op, "at_end") : NULL;
  if (!!b + !!a + !!end != 1)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "give exactly one of %s",
                      allow_end ? "before, after, at_end" : "before, after");
  if (end) {
    e->where = MSSA_AT_END;
    return get_block(c, q, fi, end, "at_end", &e->anchor);
  }
  e->where = b ? MSSA_AT_BEFORE : MSSA_AT_AFTER;
  return mssa__get_inst(c, q, fi, b ? b : a, b ? "before" : "after", &e->anchor);
}

static int get_text(mssa__call *c, json_t *op, mssa_edit_op *e) {
  json_t *t = json_object_get(op, "text");
  if (!json_is_string(t))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "text must be a string (one instruction)");
  e->text = json_string_value(t);
  e->text_len = json_string_length(t);
  return 0;
}

/* set_operand's index (an operand number) and value (a name). */
static int get_operand(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *op,
                       mssa_edit_op *e) {
  mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  json_t *ix = json_object_get(op, "index"), *v = json_object_get(op, "value");
  if (!json_is_integer(ix) || json_integer_value(ix) < 0 ||
      json_integer_value(ix) > MAX_OPERAND_INDEX)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "index must be an operand number");
  e->index = (uint32_t)json_integer_value(ix);
  if (!json_is_string(v))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "value must be a value name like \"%%p\"");
  if (mssa_q_value_by_name(m, f, json_string_value(v), &e->val))
    return mssa__fail(c, MSSA_RPC_UNKNOWN_INSTRUCTION, "no value named '%.200s' in @%s",
                      json_string_value(v), mssa_str(m, f->name));
  return 0;
}

/* add_block's optional name (a label not in use) and after (a block). */
static int get_new_block(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *op,
                         mssa_edit_op *e) {
  json_t *after = json_object_get(op, "after");
  int rc;
  if (after && (rc = get_block(c, q, fi, after, "after", &e->anchor))) return rc;
  json_t *name = json_object_get(op, "name");
  if (!name) return 0;
  mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  const char *s = json_string_value(name);
  size_t n = s ? json_string_length(name) : 0;
  if (s && n && s[0] == '%') s++, n--;
  if (!s || !n || memchr(s, '\0', n))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "name must be a non-empty label");
  uint32_t blk;
  char tmp[MAX_LABEL + 1];
  snprintf(tmp, sizeof tmp, "%.*s", (int)(n < MAX_LABEL ? n : MAX_LABEL), s);
  if (mssa_q_block_by_name(m, f, tmp, &blk) == 0)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "block '%s' exists already", tmp);
  e->index = mssa_strtab_intern(&m->strs, s, n);
  return 0;
}

/* What each op carries, decoded in this order (so its errors come in it). */
enum {
  F_TEXT = 1,       /* text: one instruction */
  F_INST = 2,       /* inst: INST */
  F_AT = 4,         /* at: INST */
  F_ANCHOR = 8,     /* before / after: INST, or at_end: BLOCK */
  F_BLOCK = 16,     /* block: BLOCK */
  F_FROM_TO = 32,   /* from, to: BLOCKs */
  F_OPERAND = 64,   /* index, value */
  F_NEW_BLOCK = 128 /* name?, after?: BLOCK */
};

static const struct op_kind {
  const char *name;
  int kind;
  unsigned fields;
} op_kinds[] = {
    {"insert", MSSA_EDIT_INSERT, F_TEXT | F_ANCHOR},
    {"remove", MSSA_EDIT_REMOVE, F_INST},
    {"move", MSSA_EDIT_MOVE, F_INST | F_ANCHOR},
    {"set_operand", MSSA_EDIT_SET_OPERAND, F_INST | F_OPERAND},
    {"set_terminator", MSSA_EDIT_SET_TERMINATOR, F_TEXT | F_BLOCK},
    {"add_block", MSSA_EDIT_ADD_BLOCK, F_NEW_BLOCK},
    {"remove_block", MSSA_EDIT_REMOVE_BLOCK, F_BLOCK},
    {"split_edge", MSSA_EDIT_SPLIT_EDGE, F_FROM_TO},
    {"split_block", MSSA_EDIT_SPLIT_BLOCK, F_AT},
};
#define NUM_OP_KINDS (sizeof op_kinds / sizeof op_kinds[0])

static int unknown_op(mssa__call *c, const char *kind) {
  mssa_buf names = {0};
  for (size_t i = 0; i < NUM_OP_KINDS; i++)
    mssa_buf_printf(&names, "%s%s", i ? ", " : "", op_kinds[i].name);
  int rc = mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "unknown op '%.100s' (%s)", kind, names.p);
  mssa_buf_free(&names);
  return rc;
}

/* Decodes one op into *e; fails with c->msg set. */
static int decode_op(mssa__call *c, mssa_qmodule *q, uint32_t fi, json_t *op, mssa_edit_op *e) {
  memset(e, 0, sizeof *e);
  e->inst = e->block = e->anchor = e->index = MSSA_NONE;
  if (!json_is_object(op)) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "an op must be an object");
  const char *kind = json_string_value(json_object_get(op, "op"));
  if (!kind) return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "op.op must be a string");
  const struct op_kind *k = NULL;
  for (size_t i = 0; i < NUM_OP_KINDS && !k; i++)
    if (!strcmp(kind, op_kinds[i].name)) k = &op_kinds[i];
  if (!k) return unknown_op(c, kind);
  e->kind = k->kind;
  unsigned f = k->fields;
  int rc = 0;
  if (!rc && (f & F_TEXT)) rc = get_text(c, op, e);
  if (!rc && (f & F_INST))
    rc = mssa__get_inst(c, q, fi, json_object_get(op, "inst"), "inst", &e->inst);
  if (!rc && (f & F_AT)) rc = mssa__get_inst(c, q, fi, json_object_get(op, "at"), "at", &e->inst);
  if (!rc && (f & F_ANCHOR)) rc = get_anchor(c, q, fi, op, true, e);
  if (!rc && (f & F_BLOCK))
    rc = get_block(c, q, fi, json_object_get(op, "block"), "block", &e->block);
  if (!rc && (f & F_FROM_TO) &&
      !(rc = get_block(c, q, fi, json_object_get(op, "from"), "from", &e->block)))
    rc = get_block(c, q, fi, json_object_get(op, "to"), "to", &e->anchor);
  if (!rc && (f & F_OPERAND)) rc = get_operand(c, q, fi, op, e);
  if (!rc && (f & F_NEW_BLOCK)) rc = get_new_block(c, q, fi, op, e);
  return rc;
}

/* Ops whose result is a block rather than an instruction. */
static bool makes_block(int kind) {
  return kind == MSSA_EDIT_ADD_BLOCK || kind == MSSA_EDIT_SPLIT_EDGE ||
         kind == MSSA_EDIT_SPLIT_BLOCK;
}

static json_t *result_json_new(mssa_qmodule *q, uint32_t fi, const mssa_edit_op *e, uint32_t r) {
  if (r == MSSA_NONE) return json_null();
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  char buf[4096];
  json_t *o = json_object();
  if (makes_block(e->kind)) {
    json_object_set_new(o, "block", json_integer(r));
    mssa_q_block_name(m, f, r, buf, sizeof buf);
    json_object_set_new(o, "label", mssa__jstr(buf));
    return o;
  }
  json_object_set_new(o, "inst", json_integer(r));
  if (mssa_q_inst_name(m, f, r, buf, sizeof buf) && buf[0])
    json_object_set_new(o, "name", mssa__jstr(buf));
  mssa_q_inst_text(m, f, r, buf, sizeof buf);
  json_object_set_new(o, "text", mssa__jstr(buf));
  return o;
}

/* ------------------------------------------------------------- refusals */

/* Each mssa_edit_why: its data.reason word (errors.h) and its words:
** printf formats taking the instruction the refusal names (as inst_ref
** gives it), the count and a plural "s"; `none` when it names none. */
static const struct why_info {
  int reason;
  const char *fmt, *none;
} whys[MSSA_WHY_COUNT_] = {
    [MSSA_WHY_NONE] = {-1, "invalid argument", NULL},
    [MSSA_WHY_HAS_USERS] = {MSSA_REASON_HAS_USERS, "%s has %u user%s", NULL},
    [MSSA_WHY_TERMINATOR] = {MSSA_REASON_IS_TERMINATOR,
                             "%s is a terminator: terminators change through set_terminator",
                             "the text is a terminator: terminators change through "
                             "set_terminator"},
    [MSSA_WHY_NOT_TERMINATOR] = {MSSA_REASON_NOT_A_TERMINATOR, "the text is not a terminator",
                                 NULL},
    [MSSA_WHY_PHI] = {MSSA_REASON_PHI,
                      "%s: phis are not inserted, moved or split at (their incoming values "
                      "follow the edges)",
                      "the text is a phi: phis are not inserted, moved or split at (their "
                      "incoming values follow the edges)"},
    [MSSA_WHY_AFTER_TERMINATOR] = {MSSA_REASON_AFTER_TERMINATOR,
                                   "nothing can follow the terminator %s", NULL},
    [MSSA_WHY_PHI_ORDER] = {MSSA_REASON_PHI_ORDER,
                            "phis lead their block: the place is next to %s on the wrong side",
                            NULL},
    [MSSA_WHY_OPERAND_NOT_DOMINATING] = {MSSA_REASON_OPERAND_NOT_DOMINATING,
                                         "operand %s does not dominate it", NULL},
    [MSSA_WHY_USER_NOT_DOMINATED] = {MSSA_REASON_USER_NOT_DOMINATED,
                                     "its user %s would no longer be dominated by it", NULL},
    [MSSA_WHY_TYPE_MISMATCH] = {MSSA_REASON_TYPE_MISMATCH,
                                "the value's type differs from the operand's", NULL},
    [MSSA_WHY_NO_SUCH_OPERAND] = {MSSA_REASON_NO_SUCH_OPERAND, "%s has %u operand%s", NULL},
    [MSSA_WHY_EDGE_OPERAND] = {MSSA_REASON_EDGE_OPERAND,
                               "the operand is a CFG edge or a phi's incoming block: edges "
                               "change through set_terminator", NULL},
    [MSSA_WHY_SELF_REFERENCE] = {MSSA_REASON_SELF_REFERENCE, "%s would use its own result",
                                 NULL},
    [MSSA_WHY_ENTRY_BLOCK] = {MSSA_REASON_ENTRY_BLOCK,
                              "the entry block cannot be removed or branched to", NULL},
    [MSSA_WHY_NEW_EDGE_INTO_PHIS] = {MSSA_REASON_NEW_EDGE_INTO_PHIS,
                                     "a new edge into the block of phi %s, which has no "
                                     "incoming value for it", NULL},
    [MSSA_WHY_BLOCK_IN_USE] = {MSSA_REASON_BLOCK_IN_USE, "the block is still used by %s", NULL},
    /* inst: the terminator of the edge, or the EH pad split at */
    [MSSA_WHY_UNSPLITTABLE] = {MSSA_REASON_UNSPLITTABLE, "%s", "the block has no terminator"},
};

/* Longest instruction text quoted in a refusal. */
#define MAX_QUOTED 120

/* An instruction as a refusal names it: its result name ("%5"), else its
** text in quotes. The batch was rolled back: an id an earlier op of it
** created no longer exists. */
static const char *inst_ref(const mssa_qmodule *q, uint32_t fi, uint32_t i, char *buf,
                            size_t cap) {
  const mssa_func *f = &q->m->funcs.a[fi];
  if (i == MSSA_NONE || i >= f->insts.n || f->insts.a[i].block == MSSA_NONE) {
    snprintf(buf, cap, "an instruction an earlier op of the batch inserted");
    return buf;
  }
  if (mssa_q_inst_name(q->m, f, i, buf, cap) && buf[0]) return buf;
  char text[MAX_QUOTED + 1];
  mssa_q_inst_text(q->m, f, i, text, sizeof text);
  snprintf(buf, cap, "'%s'", text);
  return buf;
}

/* "remove %3", "insert 'store i32 1, ptr %p'", "remove_block b2": the op
** and what it is about. */
static void describe_op(const mssa_qmodule *q, uint32_t fi, const mssa_edit_op *e, char *buf,
                        size_t cap) {
  const char *kind = "op";
  for (size_t i = 0; i < NUM_OP_KINDS; i++)
    if (op_kinds[i].kind == e->kind) kind = op_kinds[i].name;
  char what[160] = "";
  const mssa_func *f = &q->m->funcs.a[fi];
  if (e->text) {
    size_t n = e->text_len < MAX_QUOTED ? e->text_len : MAX_QUOTED;
    snprintf(what, sizeof what, "'%.*s'", (int)n, e->text);
  } else if (e->inst != MSSA_NONE) {
    inst_ref(q, fi, e->inst, what, sizeof what);
  } else if (e->block != MSSA_NONE && e->block < f->blocks.n) {
    mssa_q_block_name(q->m, f, e->block, what, sizeof what);
    if (e->kind == MSSA_EDIT_SPLIT_EDGE && e->anchor < f->blocks.n) {
      size_t n = strlen(what);
      snprintf(what + n, sizeof what - n, " -> ");
      n = strlen(what);
      mssa_q_block_name(q->m, f, e->anchor, what + n, sizeof what - n);
    }
  }
  snprintf(buf, cap, "%s%s%s", kind, what[0] ? " " : "", what);
}

/* Why the updater refused, in words (from the refusal it recorded). */
static void explain(const mssa_qmodule *q, uint32_t fi, const mssa_edit_refusal *r, char *buf,
                    size_t cap) {
  const struct why_info *w = &whys[r->why];
  if (r->inst == MSSA_NONE && w->none) {
    snprintf(buf, cap, "%s", w->none);
    return;
  }
  char who[200];
  inst_ref(q, fi, r->inst, who, sizeof who);
  if (r->why == MSSA_WHY_UNSPLITTABLE) {
    const mssa_func *f = &q->m->funcs.a[fi];
    bool term = r->inst < f->insts.n && mssa_opcode_is_terminator(f->insts.a[r->inst].opcode);
    snprintf(who, sizeof who, "%s", term ? "only edges of br, switch and indirectbr can be split"
                                         : "an exception-handling pad cannot start a new block");
  }
  snprintf(buf, cap, w->fmt, who, r->count, r->count == 1 ? "" : "s");
}

/* The -32012 (or -32003) error of a batch whose op k failed with rc. */
static int refused(mssa__call *c, mssa_qmodule *q, uint32_t fi, const mssa_edit_op *e,
                   uint32_t k, int rc, const mssa_diag *diag) {
  const mssa_edit_refusal *r = mssa_ir_refusal();
  char op[300], why[600];
  describe_op(q, fi, e, op, sizeof op);
  int reason = -1;
  if (rc == MSSA_EINVAL && r->why != MSSA_WHY_NONE && r->why < MSSA_WHY_COUNT_) {
    explain(q, fi, r, why, sizeof why);
    reason = whys[r->why].reason;
  } else {
    snprintf(why, sizeof why, "%s", diag->msg[0] ? diag->msg : mssa_strerror(rc));
  }
  c->data = json_pack("{sIso}", "op", (json_int_t)k, "message", mssa__jstr(why));
  int code = rc == MSSA_ENOENT ? MSSA_RPC_UNKNOWN_INSTRUCTION : MSSA_RPC_EDIT_REJECTED;
  if (reason >= 0)
    return mssa__fail_reason(c, code, reason, "ops[%u] (%s) rejected: %s; no op of the batch "
                             "was applied", k, op, why);
  return mssa__fail(c, code, "ops[%u] (%s) rejected: %s; no op of the batch was applied", k, op,
                    why);
}

/* Writes the batch (the request's params) to the journal before it is
** applied (invariant 4); 0, or an error set on c. */
static int journal_edit(mssa__call *c, const char *modname) {
  char *txt = json_dumps(c->params, JSON_COMPACT);
  int jr = txt ? mssa__journal(c->p, MSSA_PROTO_J_EDIT, modname, txt, strlen(txt)) : -1;
  free(txt);
  if (jr >= 0) return 0;
  return mssa__fail_reason(c, MSSA_RPC_IO_ERROR, MSSA_REASON_JOURNAL_FAILED,
                           "the edit could not be written to the journal; not applied");
}

/* What an applied batch still has to do once its request has succeeded
** (invariant 6): the journal record kept, the bundle's totals and version.
** A request that fails (out of memory) takes the record back out instead;
** its function was put back by mssa_update_batch's own hook. */
typedef struct edit_commit {
  mssa_proto *p;
  mssa_qmodule *q;
  uint32_t fi, od, ou, op_;
  bool journaled, applied, changed;   /* changed: the batch had ops */
} edit_commit;

static void edit_end(void *arg, bool failed) {
  edit_commit *ec = arg;
  if (ec->journaled) mssa__journal_end(ec->p, !failed);
  if (ec->applied && !failed) {
    mssa_qmodule *q = ec->q;
    const mssa_ssa *s = q->ssa[ec->fi];
    if (ec->changed) mssa_module_textmap_drop(q->m);   /* no longer what its text says */
    MSSA_ASSERT(!ec->changed || !mssa_module_textmap(q->m));   /* m_reload.c, invariant 2 */
    q->ndefs = q->ndefs - ec->od + s->ndefs;
    q->nuses = q->nuses - ec->ou + s->nuses;
    q->nphis = q->nphis - ec->op_ + s->nphis;
    MSSA_ASSERT(q->ndefs >= s->ndefs && q->nuses >= s->nuses && q->nphis >= s->nphis);   /* inv. 3 */
    ec->p->edits++;
    if (ec->changed) q->version = mssa_q_next_version();   /* a reload compared before is stale */
  }
  free(ec);
}

int mssa__m_edit(mssa__call *c) {
  mssa_qmodule *q;
  const char *modname;
  uint32_t fi;
  int rc;
  if ((rc = mssa__get_module(c, &q, &modname)) || (rc = mssa__get_function_to_edit(c, q, &fi)))
    return rc;
  if (q->refined)   /* a program's unit: its summaries would go stale */
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "'%.200s' is a program: its units are not "
                      "edited (reload the unit: load {\"program\", \"reload\"})", modname);
  json_t *ops = json_object_get(c->params, "ops");
  if (!json_is_array(ops))
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "params.ops must be an array of ops");
  size_t n = json_array_size(ops);
  if (n > MAX_OPS)
    return mssa__fail(c, MSSA_RPC_INVALID_PARAMS, "at most %d ops per edit", MAX_OPS);
  /* Instruction ids are never reused and each op's text is appended to the
  ** module text, so a module grows with every edit: bounded here (the
  ** journal's snapshot, load + edits, with it). A load of the module's
  ** current text compacts. */
  size_t grow = c->p->opts.max_edit_growth ? c->p->opts.max_edit_growth : (size_t)32 << 20;
  if (n && q->m->text_len > 2 * q->text_len_read + grow) {
    c->data = json_pack("{sIss}", "op", (json_int_t)0, "message", "module grew too much through edits");
    return mssa__fail_reason(c, MSSA_RPC_EDIT_REJECTED, MSSA_REASON_MODULE_GREW,
                      "module '%s' gathered %zu bytes of edits (limit: twice its text + %zu); "
                      "load its current text again to go on editing",
                      modname, q->m->text_len - q->text_len_read, grow);
  }
  mssa_edit_op *e = mssa_xcalloc(n ? n : 1, sizeof *e);
  uint32_t *res = mssa_xcalloc(n ? n : 1, sizeof *res);
  for (size_t k = 0; k < n; k++) {
    if ((rc = decode_op(c, q, fi, json_array_get(ops, k), &e[k]))) {
      char msg[sizeof c->msg];
      snprintf(msg, sizeof msg, "ops[%zu]: %.480s", k, c->msg);
      memcpy(c->msg, msg, sizeof msg);
      c->data = json_pack("{sI}", "op", (json_int_t)k);
      goto out;
    }
  }
  mssa_module *m = q->m;
  mssa_func *f = &m->funcs.a[fi];
  mssa_ssa *s = q->ssa[fi];
  uint32_t od = s->ndefs, ou = s->nuses, op_ = s->nphis;
  uint32_t failed = MSSA_NONE;
  mssa_diag diag;
  memset(&diag, 0, sizeof diag);
  edit_commit *ec = mssa_xcalloc(1, sizeof *ec);
  *ec = (edit_commit){c->p, q, fi, od, ou, op_, false, false, n != 0};
  if (n && (rc = journal_edit(c, modname))) {
    free(ec);
    goto out;
  }
  ec->journaled = n != 0;
  /* Registered before anything changes: the scope's hooks run last added
  ** first, so a failure puts the function back, then takes the record out. */
  if (mssa_oom_active()) mssa_oom_on_end(edit_end, ec);
  mssa_ir_refusal_clear();
  rc = mssa_update_batch(m, f, s, e, (uint32_t)n, res, &failed, &diag);
  mssa__changed(c->p);   /* invariant 3; a failed batch may have touched caches too */
  if (rc) {
    MSSA_ASSERT(failed == MSSA_NONE || failed < n);   /* invariant 2: op K of this batch */
    /* Refused: the record goes now; nothing is left to commit. */
    if (ec->journaled) mssa__journal_end(c->p, false);
    ec->journaled = ec->applied = false;
  } else {
    ec->applied = true;
  }
  if (!mssa_oom_active()) edit_end(ec, false);   /* replay: no scope */
  if (rc) {
    uint32_t k = failed == MSSA_NONE ? 0 : failed;
    if (rc == MSSA_EPARSE) {
      c->data = json_pack("{sIsIsIso}", "op", (json_int_t)k, "line", (json_int_t)diag.line,
                          "col", (json_int_t)diag.col, "message", mssa__jstr(diag.msg));
      rc = mssa__fail(c, MSSA_RPC_IR_ERROR, "ops[%u]: %u:%u: %s", k, diag.line, diag.col,
                      diag.msg);
    } else {
      rc = refused(c, q, fi, &e[k], k, rc, &diag);
    }
    goto out;
  }
  json_t *arr = json_array();
  for (size_t k = 0; k < n; k++) json_array_append_new(arr, result_json_new(q, fi, &e[k], res[k]));
  c->result = json_pack("{sosIsIsIsIsIso}", "function", mssa__jstr(mssa_str(m, f->name)), "ops",
                        (json_int_t)n, "defs", (json_int_t)s->ndefs, "uses",
                        (json_int_t)s->nuses, "phis", (json_int_t)s->nphis, "accesses",
                        (json_int_t)mssa_q_naccesses(s), "results", arr);
  rc = 0;
out:
  free(e);
  free(res);
  return rc;
}

/* ---------------------------------------------------------------- replay */

/* The version line of a J_LOAD_LLVM record is at most this many digits. */
#define MAX_LLVM_DIGITS 3

int mssa_proto_replay(mssa_proto *p, int kind, const char *module, const char *payload,
                      size_t len, mssa_qmodule **loaded, char *err, size_t cap) {
  *loaded = NULL;
  if (cap) err[0] = 0;
  mssa_proto_host *h = p->host;
  if (kind == MSSA_PROTO_J_LOAD || kind == MSSA_PROTO_J_LOAD_LLVM) {
    char path[300];
    snprintf(path, sizeof path, "%.290s.ll", module);
    mssa_diag diag;
    memset(&diag, 0, sizeof diag);
    unsigned llvm = 0;
    if (kind == MSSA_PROTO_J_LOAD_LLVM) {   /* "N\n" before the text */
      size_t k = 0;
      while (k < len && k < MAX_LLVM_DIGITS && payload[k] >= '0' && payload[k] <= '9')
        llvm = llvm * 10 + (unsigned)(payload[k++] - '0');
      if (k == 0 || k == len || payload[k] != '\n') {
        snprintf(err, cap, "load record without its LLVM version line");
        return -1;
      }
      payload += k + 1;
      len -= k + 1;
    }
    int rc = mssa_qmodule_build_llvm(path, payload, len, &p->opts.build, llvm, loaded, &diag);
    if (rc == MSSA_EINVAL) {
      snprintf(err, cap, "load record asks for LLVM %u, not one of %d..%d", llvm, MSSA_LLVM_MIN,
               MSSA_LLVM_MAX);
      return -1;
    }
    if (rc) {
      mssa_diag_format(&diag, err, cap);
      *loaded = NULL;
      return -1;
    }
    /* The caller installs it, freeing the bundle of the same name. */
    mssa_module_textmap_build((*loaded)->m);   /* for reloads by difference */
    mssa__changed(p);
    return 0;
  }
  if (kind == MSSA_PROTO_J_PROGRAM) return mssa__prog_replay(p, module, payload, len, err, cap);
  if (kind == MSSA_PROTO_J_UNLOAD) {
    mssa__changed(p);
    if (mssa__prog_unload(p, module) == 0) return 0;   /* a program's name is no module's */
    if (h->unload(h, module) < 0) {
      snprintf(err, cap, "no module '%.200s' to unload", module);
      return -1;
    }
    return 0;
  }
  if (kind != MSSA_PROTO_J_EDIT) {
    snprintf(err, cap, "unknown record kind %d", kind);
    return -1;
  }
  json_error_t je;
  json_t *params = json_loadb(payload, len, 0, &je);
  if (!json_is_object(params)) {
    json_decref(params);
    snprintf(err, cap, "edit record is not a JSON object");
    return -1;
  }
  mssa__call c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.notify = true;
  c.params = params;
  int rc = mssa__m_edit(&c);
  mssa__graphs_settle(p);
  if (rc) snprintf(err, cap, "%s", c.msg);
  json_decref(c.result);
  json_decref(c.data);
  json_decref(params);
  return rc ? -1 : 0;
}
