/*
** ir.c -- queries over the in-memory IR (ir.h) and module lifetime.
**
** Invariants:
**   1. Queries do not allocate, except the metadata numbering (its tables
**      and work stack, and the uniquing table on first use); every query is O(1) or linear
**      in one instruction's operands, except mssa_module_find_func (linear
**      in functions) and the metadata numbering (linear in metadata).
**   2. Call-site attribute queries combine the site's list with the direct
**      callee's declaration, as LLVM's CallBase::hasFnAttr/paramHasAttr do.
**   3. Successor order is LLVM's getSuccessor order (catchswitch: unwind
**      destination first, then handlers).
*/
#include <stdio.h>
#include <string.h>

#include "base/check.h"
#include "base/filemap.h"
#include "ir/ir_internal.h"

uint32_t mssa_val_type(const mssa_module *m, const mssa_func *f, mssa_val v) {
  uint32_t i = MSSA_VAL_INDEX(v);
  switch (MSSA_VAL_KIND(v)) {
  case MSSA_VK_INST: return f && i < f->insts.n ? f->insts.a[i].type : MSSA_NONE;
  case MSSA_VK_ARG: return f && i < f->nargs ? f->args[i].type : MSSA_NONE;
  case MSSA_VK_GLOBAL: return i < m->globals.n ? m->globals.a[i].ptype : MSSA_NONE;
  case MSSA_VK_FUNC: return i < m->funcs.n ? m->funcs.a[i].ptype : MSSA_NONE;
  case MSSA_VK_CONST: return i < m->consts.n ? m->consts.a[i].type : MSSA_NONE;
  default: return MSSA_NONE;
  }
}

bool mssa_opcode_is_terminator(unsigned op) {
  return op >= MSSA_OP_RET && op <= MSSA_OP_CALLBR;
}

static const char *const opnames[MSSA_OP_COUNT_] = {
  [MSSA_OP_INVALID] = "<invalid>",
  [MSSA_OP_RET] = "ret", [MSSA_OP_BR] = "br", [MSSA_OP_SWITCH] = "switch",
  [MSSA_OP_INDIRECTBR] = "indirectbr", [MSSA_OP_INVOKE] = "invoke",
  [MSSA_OP_RESUME] = "resume", [MSSA_OP_UNREACHABLE] = "unreachable",
  [MSSA_OP_CLEANUPRET] = "cleanupret", [MSSA_OP_CATCHRET] = "catchret",
  [MSSA_OP_CATCHSWITCH] = "catchswitch", [MSSA_OP_CALLBR] = "callbr",
  [MSSA_OP_FNEG] = "fneg", [MSSA_OP_ADD] = "add", [MSSA_OP_FADD] = "fadd",
  [MSSA_OP_SUB] = "sub", [MSSA_OP_FSUB] = "fsub", [MSSA_OP_MUL] = "mul",
  [MSSA_OP_FMUL] = "fmul", [MSSA_OP_UDIV] = "udiv", [MSSA_OP_SDIV] = "sdiv",
  [MSSA_OP_FDIV] = "fdiv", [MSSA_OP_UREM] = "urem", [MSSA_OP_SREM] = "srem",
  [MSSA_OP_FREM] = "frem", [MSSA_OP_SHL] = "shl", [MSSA_OP_LSHR] = "lshr",
  [MSSA_OP_ASHR] = "ashr", [MSSA_OP_AND] = "and", [MSSA_OP_OR] = "or",
  [MSSA_OP_XOR] = "xor", [MSSA_OP_ALLOCA] = "alloca", [MSSA_OP_LOAD] = "load",
  [MSSA_OP_STORE] = "store", [MSSA_OP_GEP] = "getelementptr", [MSSA_OP_FENCE] = "fence",
  [MSSA_OP_CMPXCHG] = "cmpxchg", [MSSA_OP_ATOMICRMW] = "atomicrmw",
  [MSSA_OP_TRUNC] = "trunc", [MSSA_OP_ZEXT] = "zext", [MSSA_OP_SEXT] = "sext",
  [MSSA_OP_FPTOUI] = "fptoui", [MSSA_OP_FPTOSI] = "fptosi", [MSSA_OP_UITOFP] = "uitofp",
  [MSSA_OP_SITOFP] = "sitofp", [MSSA_OP_FPTRUNC] = "fptrunc", [MSSA_OP_FPEXT] = "fpext",
  [MSSA_OP_PTRTOINT] = "ptrtoint", [MSSA_OP_INTTOPTR] = "inttoptr",
  [MSSA_OP_BITCAST] = "bitcast", [MSSA_OP_ADDRSPACECAST] = "addrspacecast",
  [MSSA_OP_ICMP] = "icmp", [MSSA_OP_FCMP] = "fcmp", [MSSA_OP_PHI] = "phi",
  [MSSA_OP_CALL] = "call", [MSSA_OP_SELECT] = "select", [MSSA_OP_VAARG] = "va_arg",
  [MSSA_OP_EXTRACTELEMENT] = "extractelement", [MSSA_OP_INSERTELEMENT] = "insertelement",
  [MSSA_OP_SHUFFLEVECTOR] = "shufflevector", [MSSA_OP_EXTRACTVALUE] = "extractvalue",
  [MSSA_OP_INSERTVALUE] = "insertvalue", [MSSA_OP_LANDINGPAD] = "landingpad",
  [MSSA_OP_CLEANUPPAD] = "cleanuppad", [MSSA_OP_CATCHPAD] = "catchpad",
  [MSSA_OP_FREEZE] = "freeze", [MSSA_OP_PTRTOADDR] = "ptrtoaddr",
};

const char *mssa_opcode_name(unsigned op) {
  return op < MSSA_OP_COUNT_ && opnames[op] ? opnames[op] : "<invalid>";
}

static bool is_call(const mssa_inst *i) {
  return i->opcode == MSSA_OP_CALL || i->opcode == MSSA_OP_INVOKE || i->opcode == MSSA_OP_CALLBR;
}

uint32_t mssa_call_callee(const mssa_module *m, const mssa_func *f, const mssa_inst *i) {
  if (!is_call(i) || i->nops == 0) return MSSA_NONE;
  MSSA_ASSERT(i->ops + i->nops <= f->ops.n); /* ir.h invariant 4 */
  mssa_val v = f->ops.a[i->ops];
  /* Look through pointer casts of a function; bounded so a malformed
  ** constant graph cannot loop. */
  for (int guard = 0; guard < 64; guard++) {
    uint32_t k = MSSA_VAL_KIND(v);
    if (k == MSSA_VK_FUNC) return MSSA_VAL_INDEX(v);
    if (k != MSSA_VK_CONST) return MSSA_NONE;
    MSSA_ASSERT(MSSA_VAL_INDEX(v) < m->consts.n); /* ir.h invariant 5 */
    const mssa_const *c = &m->consts.a[MSSA_VAL_INDEX(v)];
    if (c->kind != MSSA_C_EXPR || c->nops != 1 ||
        (c->opcode != MSSA_OP_BITCAST && c->opcode != MSSA_OP_ADDRSPACECAST))
      return MSSA_NONE;
    MSSA_ASSERT(c->ops < m->cops.n);
    v = m->cops.a[c->ops];
  }
  return MSSA_NONE;
}

uint32_t mssa_call_nargs(const mssa_inst *i) {
  switch (i->opcode) {
  case MSSA_OP_CALL: return i->nops ? i->nops - 1 : 0;
  case MSSA_OP_INVOKE: return i->nops >= 3 ? i->nops - 3 : 0;
  case MSSA_OP_CALLBR: return i->nops >= 2 + i->aux2 ? i->nops - 2 - i->aux2 : 0;
  default: return 0;
  }
}

static uint32_t list_param(const mssa_module *m, uint32_t al, uint32_t argno) {
  if (al == MSSA_NONE || al >= m->attrlists.n) return 0;
  const mssa_attrlist *l = &m->attrlists.a[al];
  return argno < l->nparams ? m->pattrs.a[l->params + argno] : 0;
}

uint32_t mssa_call_param_attrs(const mssa_module *m, const mssa_func *f,
                               const mssa_inst *i, uint32_t argno) {
  if (!is_call(i)) return 0;
  uint32_t bits = list_param(m, i->attrs, argno);
  uint32_t c = mssa_call_callee(m, f, i);
  if (c != MSSA_NONE) bits |= list_param(m, m->funcs.a[c].attrs, argno);
  return bits;
}

uint32_t mssa_call_fn_attrs(const mssa_module *m, const mssa_func *f, const mssa_inst *i) {
  if (!is_call(i)) return 0;
  uint32_t bits = 0;
  if (i->attrs != MSSA_NONE && i->attrs < m->attrlists.n) bits |= m->attrlists.a[i->attrs].fn;
  uint32_t c = mssa_call_callee(m, f, i);
  if (c != MSSA_NONE && m->funcs.a[c].attrs != MSSA_NONE) bits |= m->attrlists.a[m->funcs.a[c].attrs].fn;
  return bits;
}

uint32_t mssa_inst_successors(const mssa_func *f, const mssa_inst *t, uint32_t *out, uint32_t cap) {
  /* No operands, no successors (ret void, unreachable). Returning first also
  ** keeps `ops.a + 0` from being formed on a function whose operand pool is
  ** empty (NULL): undefined behaviour that clang's UBSan reports. */
  if (t->nops == 0) return 0;
  MSSA_ASSERT(t->ops + t->nops <= f->ops.n); /* ir.h invariant 4 */
  const mssa_val *o = f->ops.a + t->ops;
  uint32_t n = 0;
#define ADD(v) do { if (n < cap) out[n] = MSSA_VAL_INDEX(v); n++; } while (0)
  switch (t->opcode) {
  case MSSA_OP_BR:
    if (t->nops == 1) ADD(o[0]);
    else if (t->nops == 3) { ADD(o[1]); ADD(o[2]); }
    break;
  case MSSA_OP_SWITCH:
    if (t->nops >= 2) ADD(o[1]);
    for (uint32_t k = 3; k < t->nops; k += 2) ADD(o[k]);
    break;
  case MSSA_OP_INDIRECTBR:
    for (uint32_t k = 1; k < t->nops; k++) ADD(o[k]);
    break;
  case MSSA_OP_INVOKE:
    if (t->nops >= 3) { ADD(o[t->nops - 2]); ADD(o[t->nops - 1]); }
    break;
  case MSSA_OP_CALLBR:
    if (t->nops >= 2 + t->aux2)
      for (uint32_t k = t->nops - 1 - t->aux2; k < t->nops; k++) ADD(o[k]);
    break;
  case MSSA_OP_CLEANUPRET:
    if (t->nops == 2) ADD(o[1]);
    break;
  case MSSA_OP_CATCHRET:
    if (t->nops == 2) ADD(o[1]);
    break;
  case MSSA_OP_CATCHSWITCH:
    if (t->aux && t->nops >= 2) ADD(o[t->nops - 1]);
    for (uint32_t k = 1; k + (t->aux ? 1 : 0) < t->nops; k++) ADD(o[k]);
    break;
  default: break;
  }
#undef ADD
  return n;
}

uint32_t mssa_block_terminator(const mssa_func *f, uint32_t b) {
  if (b >= f->blocks.n) return MSSA_NONE;
  uint32_t l = f->blocks.a[b].last;
  if (l == MSSA_NONE || !mssa_opcode_is_terminator(f->insts.a[l].opcode)) return MSSA_NONE;
  /* ir.h invariants 2 and 3: the last instruction is in the block and ends it. */
  MSSA_ASSERT(l < f->insts.n && f->insts.a[l].block == b && f->insts.a[l].next == MSSA_NONE);
  return l;
}

bool mssa_inst_source(const mssa_module *m, const mssa_inst *i,
                      uint32_t *file, uint32_t *dir, uint32_t *line, uint32_t *col) {
  if (i->dbg == MSSA_NONE || i->dbg >= m->md.n) return false;
  const mssa_md *loc = &m->md.a[i->dbg];
  if (loc->kind != MSSA_MD_LOCATION) return false;
  *line = loc->line;
  *col = loc->col;
  *file = *dir = MSSA_NONE;
  /* scope chain: lexical blocks -> subprogram, each may name a file */
  uint32_t s = loc->scope;
  for (int guard = 0; guard < 256 && s != MSSA_NONE && s < m->md.n; guard++) {
    const mssa_md *d = &m->md.a[s];
    if (d->kind == MSSA_MD_FILE) break;
    if ((d->kind == MSSA_MD_SUBPROGRAM || d->kind == MSSA_MD_LEXBLOCK) && d->file != MSSA_NONE) {
      s = d->file;
      break;
    }
    if (d->kind != MSSA_MD_LEXBLOCK && d->kind != MSSA_MD_SUBPROGRAM) { s = MSSA_NONE; break; }
    s = d->scope;
  }
  if (s != MSSA_NONE && s < m->md.n && m->md.a[s].kind == MSSA_MD_FILE) {
    const mssa_md *fm = &m->md.a[s];
    *file = fm->path != MSSA_NONE ? fm->path : fm->str;
    *dir = fm->dir;
  }
  return true;
}

/* Node-valued fields of each specialized class in LLVM 14 operand order
** (DebugInfoMetadata.h: the Ops arrays of each getImpl). Fields that are
** strings (name, producer, ...) are not nodes and do not appear. */
static const struct { const char *cls; const char *fields[14]; } md_layout[] = {
  {"DILocation", {"scope", "inlinedAt"}},
  {"DISubrange", {"count", "lowerBound", "upperBound", "stride"}},
  {"DIGenericSubrange", {"count", "lowerBound", "upperBound", "stride"}},
  {"DIStringType", {"stringLength", "stringLengthExpression", "stringLocationExpression"}},
  {"DIDerivedType", {"file", "scope", "baseType", "extraData", "annotations"}},
  {"DICompositeType", {"file", "scope", "baseType", "elements", "vtableHolder", "templateParams",
                       "discriminator", "dataLocation", "associated", "allocated", "rank", "annotations"}},
  {"DISubroutineType", {"types"}},
  {"DICompileUnit", {"file", "enums", "retainedTypes", "globals", "imports", "macros"}},
  {"DISubprogram", {"file", "scope", "type", "unit", "declaration", "retainedNodes", "containingType",
                    "templateParams", "thrownTypes", "annotations"}},
  {"DILexicalBlock", {"file", "scope"}},
  {"DILexicalBlockFile", {"file", "scope"}},
  {"DINamespace", {"scope"}},
  {"DICommonBlock", {"scope", "declaration", "file"}},
  {"DIModule", {"file", "scope"}},
  {"DITemplateTypeParameter", {"type"}},
  {"DITemplateValueParameter", {"type", "value"}},
  {"DIGlobalVariable", {"scope", "file", "type", "declaration", "templateParams", "annotations"}},
  {"DILocalVariable", {"scope", "file", "type", "annotations"}},
  {"DILabel", {"scope", "file"}},
  {"DIGlobalVariableExpression", {"var", "expr"}},
  {"DIObjCProperty", {"file", "type"}},
  {"DIImportedEntity", {"scope", "entity", "file", "elements"}},
  {"DIMacroFile", {"file", "nodes"}},
};

enum { MD_NLAYOUT = sizeof md_layout / sizeof md_layout[0], MD_NFIELD = 14 };

/* The layout of class `cls` with its field names as this module's string
** ids (MSSA_NONE: never interned, so no node has that field); -1 when the
** class has no layout. */
static int md_layout_ids(const mssa_module *m, const char *cls, uint32_t *fids) {
  for (int k = 0; k < (int)MD_NLAYOUT; k++) {
    if (strcmp(md_layout[k].cls, cls)) continue;
    for (int j = 0; j < MD_NFIELD; j++) {
      const char *f = md_layout[k].fields[j];
      fids[j] = f ? mssa_strtab_find(&m->strs, f, strlen(f)) : MSSA_NONE;
    }
    return k;
  }
  return -1;
}

/* Node d's operands given its class's field ids (NULL: no layout). */
static uint32_t md_operands(const mssa_module *m, const mssa_md *d, const uint32_t *fids,
                            uint32_t *out, uint32_t cap) {
  MSSA_ASSERT(d->nops == 0 || d->ops + d->nops <= m->mdops.n);
  const mssa_mdop *o = m->mdops.a + d->ops;
  uint32_t n = 0;
#define PUT(x) do { if (n < cap) out[n] = (x); n++; } while (0)
  if (d->kind == MSSA_MD_LOCATION) {   /* the commonest node: its fields as parsed */
    if (d->scope != MSSA_NONE) PUT(d->scope);
    if (d->inlined_at != MSSA_NONE) PUT(d->inlined_at);
    return n;
  }
  if (d->tag == MSSA_NONE) {
    if (d->kind == MSSA_MD_TUPLE)
      for (uint32_t i = 0; i < d->nops; i++)
        if (o[i].kind == MSSA_MDO_NODE) PUT(o[i].idx);
    return n;
  }
  uint32_t nf = d->nops / 2;
  /* mark fields used through the class table, then append the rest */
  uint64_t used = 0;
  for (int j = 0; fids && j < MD_NFIELD; j++) {
    if (fids[j] == MSSA_NONE) continue;
    for (uint32_t f = 0; f < nf && f < 64; f++) {
      if (used >> f & 1) continue;
      if (o[2 * f].idx == fids[j]) { PUT(o[2 * f + 1].idx); used |= 1ull << f; break; }
    }
  }
  for (uint32_t f = 0; f < nf; f++)
    if (f >= 64 || !(used >> f & 1)) PUT(o[2 * f + 1].idx);
#undef PUT
  return n;
}

uint32_t mssa_md_node_operands(const mssa_module *m, uint32_t md, uint32_t *out, uint32_t cap) {
  if (md >= m->md.n) return 0;
  const mssa_md *d = &m->md.a[md];
  uint32_t fids[MD_NFIELD];
  bool has = d->kind != MSSA_MD_LOCATION && d->tag != MSSA_NONE &&
             md_layout_ids(m, mssa_str(m, d->tag), fids) >= 0;
  return md_operands(m, d, has ? fids : NULL, out, cap);
}

/* LLVM's FixedMetadataKinds.def, in kind-id order: LLVM 14's kinds, then
** those added since (the current LLVM's). */
static const char *const fixed_kinds[] = {
  "dbg", "tbaa", "prof", "fpmath", "range", "tbaa.struct", "invariant.load", "alias.scope",
  "noalias", "nontemporal", "llvm.mem.parallel_loop_access", "nonnull", "dereferenceable",
  "dereferenceable_or_null", "make.implicit", "unpredictable", "invariant.group", "align",
  "llvm.loop", "type", "section_prefix", "absolute_symbol", "associated", "callees",
  "irr_loop", "llvm.access.group", "callback", "llvm.preserve.access.index",
  "vcall_visibility", "noundef", "annotation",
  /* LLVM 15+ */
  "nosanitize", "func_sanitize", "exclude", "memprof", "callsite", "kcfi_type", "pcsections",
  "DIAssignID", "coro.outside.frame", "mmra", "noalias.addrspace", "callee_type", "nofree",
  "captures", "alloc_token", "implicit.ref", "nofpclass", "call_target", "inline_history",
  "elf_section_properties",
};
#define FIXED_KINDS_LLVM14 31   /* "dbg" .. "annotation" */

static uint32_t kind_id(const mssa_module *m, uint32_t name) {
  const char *s = mssa_str(m, name);
  uint32_t nfixed = mssa_module_llvm_version(m) > MSSA_LLVM_MIN
      ? (uint32_t)(sizeof fixed_kinds / sizeof fixed_kinds[0]) : FIXED_KINDS_LLVM14;
  for (uint32_t i = 0; i < nfixed; i++)
    if (!strcmp(s, fixed_kinds[i])) return i;
  for (uint32_t i = 0; i < m->md_kinds.n; i++)
    if (m->md_kinds.a[i] == name) return 1000 + i;
  return 100000;
}

/* The printer's metadata numbering (mssa_md_slots): module-level numbers
** in `base`, kept; a function's own in `fn`, valid where gen[i] == cur, so
** numbering the next function costs only what it reaches. */
struct mssa_md_slots {
  uint32_t n;              /* m->md.n the tables cover */
  uint32_t *base, nbase;   /* module level: number or MSSA_NONE; count */
  uint32_t *fn, *gen, cur; /* function level */
  uint32_t next;           /* next number */
  bool in_func;            /* numbering a function (not the module level) */
  uint32_t *stk, sn, cap;  /* DFS work stack */
  /* per node, made on its first visit: its operands as
  ** oplist[opoff[i] - 1] = count, then the count operands; 0 = not made;
  ** oplist[0] = MSSA_NONE stands for "gets no number" (slot_skip) */
  uint32_t *opoff;
  mssa_u32vec oplist;
  mssa_u64map kinds;       /* attachment kind name -> kind id + 1 */
  mssa_u64map cls;         /* class name -> layout index + 1, or MD_NLAYOUT + 1 */
  uint32_t fids[MD_NLAYOUT][MD_NFIELD];   /* field ids per layout */
};

static int slot_skip(const mssa_module *m, uint32_t md) {
  const mssa_md *d = &m->md.a[md];
  if (d->kind == MSSA_MD_STRING || d->kind == MSSA_MD_VALUE) return 1;
  if (d->kind == MSSA_MD_OTHER_DI && d->tag != MSSA_NONE) {
    const char *t = mssa_str(m, d->tag);
    if (!strcmp(t, "DIExpression") || !strcmp(t, "DIArgList")) return 1;
  }
  return 0;
}

static bool slot_has(const mssa_md_slots *st, uint32_t md) {
  return st->base[md] != MSSA_NONE || st->gen[md] == st->cur;
}

/* Node md's operands as {count, ops...}, NULL when it gets no number;
** made once per node (the class lookups compare strings). */
static const uint32_t *node_ops(mssa_md_slots *st, const mssa_module *m, uint32_t md) {
  if (!st->opoff[md]) {
    if (slot_skip(m, md)) {
      st->opoff[md] = 1;
    } else {
      const mssa_md *d = &m->md.a[md];
      const uint32_t *fids = NULL;
      if (d->kind != MSSA_MD_LOCATION && d->tag != MSSA_NONE) {
        uint32_t li = mssa_u64map_get(&st->cls, d->tag);
        if (li == MSSA_NONE) {
          uint32_t ids[MD_NFIELD];
          int k = md_layout_ids(m, mssa_str(m, d->tag), ids);
          li = k < 0 ? (uint32_t)MD_NLAYOUT + 1 : (uint32_t)k + 1;
          if (k >= 0) memcpy(st->fids[k], ids, sizeof ids);
          mssa_u64map_put(&st->cls, d->tag, li);
        }
        if (li <= MD_NLAYOUT) fids = st->fids[li - 1];
      }
      uint32_t k = md_operands(m, d, fids, NULL, 0), at = st->oplist.n;
      mssa_vec_reserve(&st->oplist, at + k + 1);
      st->oplist.a[at] = k;
      md_operands(m, d, fids, st->oplist.a + at + 1, k);
      st->oplist.n = at + k + 1;
      st->opoff[md] = at + 1;
    }
  }
  MSSA_ASSERT(st->opoff[md] >= 1 && st->opoff[md] <= st->oplist.n);
  const uint32_t *r = st->oplist.a + st->opoff[md] - 1;
  return *r == MSSA_NONE ? NULL : r;
}

/* CreateMetadataSlot: preorder DFS with an explicit stack (operands pushed
** in reverse so the first is visited first, as the recursion would). */
static void slot_create(const mssa_module *m, mssa_md_slots *st, uint32_t root) {
  st->sn = 0;
  st->stk[st->sn++] = root;
  while (st->sn) {
    uint32_t md = st->stk[--st->sn];
    if (md >= st->n) continue;
    if (md < m->md_canon.n) md = m->md_canon.a[md];   /* LLVM uniquing */
    MSSA_ASSERT(md < st->n);   /* a canon is a node of the same module */
    if (slot_has(st, md)) continue;
    const uint32_t *ops = node_ops(st, m, md);
    if (!ops) continue;
    if (st->in_func) {
      st->gen[md] = st->cur;
      st->fn[md] = st->next++;
    } else {
      st->base[md] = st->next++;
    }
    uint32_t k = ops[0];
    if (st->sn + k > st->cap) {
      while (st->sn + k > st->cap) st->cap *= 2;
      st->stk = mssa_xrealloc(st->stk, st->cap * sizeof(uint32_t));
      ops = node_ops(st, m, md);   /* (oplist did not move; reload anyway) */
    }
    MSSA_ASSERT(st->sn + k <= st->cap);   /* the stack grows on the heap */
    for (uint32_t i = k; i > 0; i--) st->stk[st->sn++] = ops[i];   /* reversed */
  }
}

/* Attachment tuple {kind, node}* plus fixed ones, visited in kind-id order. */
static void slot_attachments(const mssa_module *m, mssa_md_slots *st, uint32_t tuple,
                             const uint32_t *fixed_ids, const uint32_t *fixed_nodes, uint32_t nfixed) {
  if (tuple == MSSA_NONE) {   /* the common case: the fixed ones, ids ascending */
    for (uint32_t i = 0; i < nfixed; i++) {
      uint32_t md = fixed_nodes[i];
      if (md == MSSA_NONE || md >= st->n) continue;
      uint32_t c = md < m->md_canon.n ? m->md_canon.a[md] : md;
      if (!slot_has(st, c)) slot_create(m, st, md);
    }
    return;
  }
  uint32_t ids[64], nodes[64], n = 0;
  for (uint32_t i = 0; i < nfixed; i++)
    if (fixed_nodes[i] != MSSA_NONE) { ids[n] = fixed_ids[i]; nodes[n] = fixed_nodes[i]; n++; }
  if (tuple != MSSA_NONE && tuple < m->md.n) {
    const mssa_md *t = &m->md.a[tuple];
    for (uint32_t k = 0; k + 1 < t->nops && n < 64; k += 2) {
      uint32_t name = m->mdops.a[t->ops + k].idx, id = mssa_u64map_get(&st->kinds, name);
      if (id == MSSA_NONE) mssa_u64map_put(&st->kinds, name, id = kind_id(m, name));
      ids[n] = id;
      nodes[n] = m->mdops.a[t->ops + k + 1].idx;
      n++;
    }
  }
  for (uint32_t i = 1; i < n; i++) {  /* stable insertion sort by kind id */
    uint32_t a = ids[i], b = nodes[i], j = i;
    while (j > 0 && ids[j - 1] > a) { ids[j] = ids[j - 1]; nodes[j] = nodes[j - 1]; j--; }
    ids[j] = a;
    nodes[j] = b;
  }
  for (uint32_t i = 0; i < n; i++) slot_create(m, st, nodes[i]);
}

/* The first of f's debug records that precede instruction `inst` (records
** are kept in text order, so by nondecreasing instruction id). */
static uint32_t first_record(const mssa_func *f, uint32_t inst) {
  uint32_t lo = 0, hi = f->dbg.n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (f->dbg.a[mid].inst < inst) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* SlotTracker::processDbgRecordMetadata for the records before `inst`. A
** location operand gets a slot only as a node (`!{}`): slot_create skips
** value wrappers and DIArgLists, which print inline. */
static void slot_records(const mssa_module *m, mssa_md_slots *st, const mssa_func *f, uint32_t inst) {
  for (uint32_t k = first_record(f, inst); k < f->dbg.n && f->dbg.a[k].inst == inst; k++) {
    const mssa_dbg_record *r = &f->dbg.a[k];
    if (r->kind != MSSA_DBG_LABEL) slot_create(m, st, r->arg);
    slot_create(m, st, r->var);
    if (r->kind == MSSA_DBG_ASSIGN) {
      slot_create(m, st, r->assign_id);
      slot_create(m, st, r->assign_addr);
    }
    slot_create(m, st, r->loc);
  }
}

mssa_md_slots *mssa_md_slots_new(const mssa_module *m) {
  /* Which nodes LLVM would unique together matters only for numbering them
  ** (the analysis never compares metadata by content), so it is computed on
  ** the first call rather than on every read: it is a pass over every node,
  ** debug info included. */
  if (m->md_canon.n != m->md.n) mssa__md_unique((mssa_module *)m);
  mssa_md_slots *st = mssa_xcalloc(1, sizeof *st);
  uint32_t n = st->n = m->md.n;
  st->base = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  st->fn = mssa_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
  st->gen = mssa_xcalloc((size_t)n + 1, sizeof(uint32_t));
  st->cur = 1;
  st->cap = 256;
  st->stk = mssa_xmalloc(st->cap * sizeof(uint32_t));
  st->opoff = mssa_xcalloc((size_t)n + 1, sizeof(uint32_t));
  mssa_vec_push(&st->oplist, MSSA_NONE);
  for (uint32_t i = 0; i < n; i++) st->base[i] = MSSA_NONE;
  for (uint32_t g = 0; g < m->globals.n; g++)
    slot_attachments(m, st, m->globals.a[g].mdatt, NULL, NULL, 0);
  for (uint32_t k = 0; k + 1 < m->named_md.n; k += 2) {
    MSSA_ASSERT(m->named_md.a[k + 1].idx < m->md.n);
    const mssa_md *t = &m->md.a[m->named_md.a[k + 1].idx];
    for (uint32_t i = 0; i < t->nops; i++) slot_create(m, st, m->mdops.a[t->ops + i].idx);
  }
  st->nbase = st->next;
  return st;
}

void mssa_md_slots_free(mssa_md_slots *st) {
  if (!st) return;
  free(st->base);
  free(st->fn);
  free(st->gen);
  free(st->stk);
  free(st->opoff);
  mssa_vec_free(&st->oplist);
  mssa_u64map_free(&st->kinds);
  mssa_u64map_free(&st->cls);
  free(st);
}

uint32_t mssa_md_slots_func(mssa_md_slots *st, const mssa_module *m, uint32_t func) {
  if (++st->cur == 0) {   /* generations wrapped: forget them all */
    memset(st->gen, 0, ((size_t)st->n + 1) * sizeof(uint32_t));
    st->cur = 1;
  }
  st->next = st->nbase;
  if (func >= m->funcs.n) return st->next;
  st->in_func = true;
  const mssa_func *f = &m->funcs.a[func];
  slot_attachments(m, st, f->mdatt, NULL, NULL, 0);
  static const uint32_t fixed_ids[4] = {0, 1, 7, 8};   /* ascending (slot_attachments) */
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    MSSA_ASSERT(b < f->blocks.n && !f->blocks.a[b].removed); /* ir.h invariant 2 */
    for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
      const mssa_inst *in = &f->insts.a[i];
      MSSA_ASSERT(i < f->insts.n && in->block == b); /* ir.h invariants 1, 2 */
      if (f->dbg.n) slot_records(m, st, f, i);
      if (in->opcode == MSSA_OP_CALL && in->intrinsic != MSSA_INTR_NONE) {
        for (uint32_t k = 1; k < in->nops; k++) {
          mssa_val v = f->ops.a[in->ops + k];
          if (MSSA_VAL_KIND(v) == MSSA_VK_META) slot_create(m, st, MSSA_VAL_INDEX(v));
        }
      }
      uint32_t nodes[4] = {in->dbg, in->md_tbaa, in->md_scope, in->md_noalias};
      slot_attachments(m, st, in->mdatt, fixed_ids, nodes, 4);
    }
  }
  st->in_func = false;
  return st->next;
}

uint32_t mssa_md_slot(const mssa_md_slots *st, const mssa_module *m, uint32_t md) {
  if (md >= st->n) return MSSA_NONE;
  /* a reference to a uniqued duplicate prints its canonical number */
  if (md < m->md_canon.n) md = m->md_canon.a[md];
  MSSA_ASSERT(md < st->n);
  if (st->base[md] != MSSA_NONE) return st->base[md];
  return st->gen[md] == st->cur ? st->fn[md] : MSSA_NONE;
}

uint32_t mssa_md_print_slots(const mssa_module *m, uint32_t func, uint32_t *slots) {
  mssa_md_slots *st = mssa_md_slots_new(m);
  uint32_t next = mssa_md_slots_func(st, m, func);
  for (uint32_t i = 0; i < m->md.n; i++) slots[i] = mssa_md_slot(st, m, i);
  mssa_md_slots_free(st);
  return next;
}

/* ----------------------------------------------------------- LLVM version */

/* MSSA_SYN_* bit -> {first LLVM version with it, name}, in bit order. */
static const struct { uint8_t version; const char *name; } syntax[MSSA_SYN_COUNT_] = {
  {14, "typed pointers"}, {14, "llvm.dbg calls"}, {16, "memory(...)"},
  {16, "target types"}, {16, "atomicrmw uinc_wrap/udec_wrap"}, {17, "nofpclass"},
  {18, "nneg"}, {18, "or disjoint"}, {18, "writable/dead_on_unwind"},
  {19, "debug records"}, {19, "trunc nuw/nsw"}, {19, "getelementptr nuw/nusw"},
  {19, "inrange(a, b)"}, {19, "range/initializes"}, {19, "splat"},
  {20, "icmp samesign"}, {20, "atomicrmw usub_cond/usub_sat/fmaximum/fminimum"},
  {21, "captures(...)"}, {21, "errnomem"}, {21, "dead_on_return"},
  {22, "target_mem0/1"}, {22, "unsized llvm.lifetime"}, {22, "ptrtoaddr"},
  {22, "atomicrmw fmaximumnum/fminimumnum"},
};

unsigned mssa_syntax_version(uint32_t bit) {
  for (unsigned k = 0; k < MSSA_SYN_COUNT_; k++)
    if (bit == 1u << k) return syntax[k].version;
  return MSSA_LLVM_MIN;
}

void mssa_syntax_names(uint32_t bits, char *buf, size_t cap) {
  size_t n = 0;
  if (!cap) return;
  buf[0] = 0;
  for (unsigned k = 0; k < MSSA_SYN_COUNT_ && n < cap; k++)
    if (bits & (1u << k))
      n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", syntax[k].name);
}

unsigned mssa_module_llvm_version(const mssa_module *m) {
  return m->llvm_version ? m->llvm_version : MSSA_LLVM_MIN;
}

int mssa_module_set_llvm_version(mssa_module *m, unsigned v) {
  bool requested = v != 0;
  if (v == 0) v = m->llvm_detected ? m->llvm_detected : MSSA_LLVM_MIN;
  if (v < MSSA_LLVM_MIN || v > MSSA_LLVM_MAX) return MSSA_EINVAL;
  m->llvm_version = (uint8_t)v;
  m->llvm_requested = requested;
  return MSSA_OK;
}

/* In the order the reader weighs the evidence (ll_read.c, detect_version). */
const char *mssa_module_llvm_basis(const mssa_module *m) {
  if (m->llvm_requested) return "requested";
  if (m->llvm_ident) return "ident";
  if (m->llvm_syntax & MSSA_SYN_TYPED_PTR) return "typed-pointers";
  if (m->llvm_syntax & MSSA_SYN_DBG_CALL) return "dbg-calls";
  return m->llvm_syntax_version > MSSA_LLVM_MIN ? "syntax" : "default";
}

uint32_t mssa_module_find_func(const mssa_module *m, const char *name) {
  uint32_t id = mssa_strtab_find(&m->strs, name, strlen(name));
  if (id == MSSA_NONE) return MSSA_NONE;
  for (uint32_t i = 0; i < m->funcs.n; i++)
    if (m->funcs.a[i].name == id) return i;
  return MSSA_NONE;
}

void mssa_module_free(mssa_module *m) {
  if (!m) return;
  for (uint32_t i = 0; i < m->funcs.n; i++) {
    mssa_func *f = &m->funcs.a[i];
    free(f->args);
    mssa_vec_free(&f->blocks);
    mssa_vec_free(&f->insts);
    mssa_vec_free(&f->ops);
    mssa_vec_free(&f->dbg);
  }
  free(m->path);
  mssa_filetext_release(m->text, m->text_mapped);
  mssa_strtab_free(&m->strs);
  mssa_vec_free(&m->types);
  mssa_vec_free(&m->tlist);
  mssa_vec_free(&m->toffs);
  mssa_vec_free(&m->consts);
  mssa_vec_free(&m->cops);
  mssa_vec_free(&m->md);
  mssa_vec_free(&m->mdops);
  mssa_vec_free(&m->attrlists);
  mssa_vec_free(&m->pattrs);
  mssa_vec_free(&m->pcaps);
  mssa_vec_free(&m->globals);
  mssa_vec_free(&m->funcs);
  mssa_vec_free(&m->named_md);
  mssa_vec_free(&m->md_kinds);
  mssa_vec_free(&m->md_canon);
  mssa_vec_free(&m->mdnum);
  mssa_u64map_free(&m->mdnum_sparse);
  mssa_u64map_free(&m->agnum);
  mssa_u64map_free(&m->gnames);
  mssa_vec_free(&m->agbits);
  mssa_vec_free(&m->agmem);
  if (m->tmap && m->tmap_free) m->tmap_free(m->tmap);
  if (m->print_cache && m->print_cache_free) m->print_cache_free(m->print_cache);
  free(m);
}

void mssa_diag_format(const mssa_diag *d, char *buf, size_t cap) {
  if (!cap) return;
  snprintf(buf, cap, "%s:%u:%u: error: %s", d->file, d->line, d->col, d->msg);
}
