/*
** ir.c -- queries over the in-memory IR (ir.h) and module lifetime.
**
** Invariants:
**   1. Nothing here allocates except mssa_module_parse_file (the read
**      buffer); every query is O(1) or linear in one instruction's operands,
**      except mssa_module_find_func (linear in functions).
**   2. Call-site attribute queries combine the site's list with the direct
**      callee's declaration, as LLVM's CallBase::hasFnAttr/paramHasAttr do.
**   3. Successor order is LLVM's getSuccessor order (catchswitch: unwind
**      destination first, then handlers).
*/
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ir.h"

const char *mssa_strerror(int err) {
  switch (err) {
  case MSSA_OK: return "success";
  case MSSA_EPARSE: return "parse error";
  case MSSA_EIO: return "I/O error";
  case MSSA_ENOENT: return "not found";
  case MSSA_EINVAL: return "invalid argument";
  case MSSA_ETOOBIG: return "input too large";
  default: return "unknown error";
  }
}

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
  [MSSA_OP_FREEZE] = "freeze",
};

const char *mssa_opcode_name(unsigned op) {
  return op < MSSA_OP_COUNT_ && opnames[op] ? opnames[op] : "<invalid>";
}

static bool is_call(const mssa_inst *i) {
  return i->opcode == MSSA_OP_CALL || i->opcode == MSSA_OP_INVOKE || i->opcode == MSSA_OP_CALLBR;
}

uint32_t mssa_call_callee(const mssa_module *m, const mssa_func *f, const mssa_inst *i) {
  if (!is_call(i) || i->nops == 0) return MSSA_NONE;
  mssa_val v = f->ops.a[i->ops];
  /* Look through pointer casts of a function; bounded so a malformed
  ** constant graph cannot loop. */
  for (int guard = 0; guard < 64; guard++) {
    uint32_t k = MSSA_VAL_KIND(v);
    if (k == MSSA_VK_FUNC) return MSSA_VAL_INDEX(v);
    if (k != MSSA_VK_CONST) return MSSA_NONE;
    const mssa_const *c = &m->consts.a[MSSA_VAL_INDEX(v)];
    if (c->kind != MSSA_C_EXPR || c->nops != 1 ||
        (c->opcode != MSSA_OP_BITCAST && c->opcode != MSSA_OP_ADDRSPACECAST))
      return MSSA_NONE;
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

uint32_t mssa_md_node_operands(const mssa_module *m, uint32_t md, uint32_t *out, uint32_t cap) {
  if (md >= m->md.n) return 0;
  const mssa_md *d = &m->md.a[md];
  const mssa_mdop *o = m->mdops.a + d->ops;
  uint32_t n = 0;
#define PUT(x) do { if (n < cap) out[n] = (x); n++; } while (0)
  if (d->tag == MSSA_NONE) {
    if (d->kind == MSSA_MD_TUPLE)
      for (uint32_t i = 0; i < d->nops; i++)
        if (o[i].kind == MSSA_MDO_NODE) PUT(o[i].idx);
    return n;
  }
  const char *cls = mssa_str(m, d->tag);
  int li = -1;
  for (size_t k = 0; k < sizeof md_layout / sizeof md_layout[0]; k++)
    if (!strcmp(md_layout[k].cls, cls)) { li = (int)k; break; }
  uint32_t nf = d->nops / 2;
  /* mark fields used through the class table, then append the rest */
  uint64_t used = 0;
  if (li >= 0) {
    for (int j = 0; j < 14 && md_layout[li].fields[j]; j++) {
      const char *want = md_layout[li].fields[j];
      for (uint32_t f = 0; f < nf && f < 64; f++) {
        if (used >> f & 1) continue;
        if (!strcmp(mssa_str(m, o[2 * f].idx), want)) { PUT(o[2 * f + 1].idx); used |= 1ull << f; break; }
      }
    }
  }
  for (uint32_t f = 0; f < nf; f++)
    if (f >= 64 || !(used >> f & 1)) PUT(o[2 * f + 1].idx);
#undef PUT
  return n;
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
    mssa__vec_free(&f->blocks);
    mssa__vec_free(&f->insts);
    mssa__vec_free(&f->ops);
  }
  free(m->path);
  free(m->text);
  mssa_strtab_free(&m->strs);
  mssa__vec_free(&m->types);
  mssa__vec_free(&m->tlist);
  mssa__vec_free(&m->toffs);
  mssa__vec_free(&m->consts);
  mssa__vec_free(&m->cops);
  mssa__vec_free(&m->md);
  mssa__vec_free(&m->mdops);
  mssa__vec_free(&m->attrlists);
  mssa__vec_free(&m->pattrs);
  mssa__vec_free(&m->globals);
  mssa__vec_free(&m->funcs);
  mssa__vec_free(&m->named_md);
  free(m);
}

void mssa_diag_format(const mssa_diag *d, char *buf, size_t cap) {
  if (!cap) return;
  snprintf(buf, cap, "%s:%u:%u: error: %s", d->file, d->line, d->col, d->msg);
}

int mssa_module_parse_file(const char *path, mssa_module **out, mssa_diag *diag) {
  *out = NULL;
  FILE *fp = fopen(path, "rb");
  const char *why = NULL;
  char *buf = NULL;
  size_t len = 0, cap = 0;
  if (!fp) {
    why = strerror(errno);
  } else {
    for (;;) {
      if (len + 65536 > cap) {
        cap = cap ? cap * 2 : 1 << 20;
        if (cap > 0xfffffff0u + (size_t)65536) {
          fclose(fp);
          free(buf);
          if (diag) {
            memset(diag, 0, sizeof *diag);
            snprintf(diag->file, sizeof diag->file, "%s", path);
            diag->line = diag->col = 1;
            snprintf(diag->msg, sizeof diag->msg, "input too large (4 GB limit)");
          }
          return MSSA_ETOOBIG;
        }
        buf = mssa__xrealloc(buf, cap);
      }
      size_t k = fread(buf + len, 1, cap - len, fp);
      len += k;
      if (k == 0) break;
    }
    if (ferror(fp)) why = strerror(errno);
    fclose(fp);
  }
  if (why) {
    free(buf);
    if (diag) {
      memset(diag, 0, sizeof *diag);
      snprintf(diag->file, sizeof diag->file, "%s", path);
      diag->line = diag->col = 1;
      snprintf(diag->msg, sizeof diag->msg, "could not read file: %s", why);
    }
    return MSSA_EIO;
  }
  int rc = mssa_module_parse(path, buf ? buf : "", len, out, diag);
  free(buf);
  return rc;
}
