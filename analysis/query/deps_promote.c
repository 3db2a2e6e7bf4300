/*
** deps_promote.c -- mem2reg's what-if (mssa_deps_promotable): for every
** alloca, whether LLVM 14's `opt -passes=mem2reg` promotes it, where the
** phis it leaves are, and how many loads it replaces.
**
** The pass is simulated, not approximated (llvm/lib/Transforms/Utils/
** PromoteMemoryToRegister.cpp and Mem2Reg.cpp of LLVM 14):
**   - rounds: the pass collects the promotable allocas of the entry block,
**     promotes them, and repeats until none is left, because promoting one
**     alloca can make another promotable (`int *p = &x; *p = 1;` at -O0:
**     once p is gone, x is only loaded and stored);
**   - isAllocaPromotable as LLVM 14 has it (loads: only non-volatile --
**     14 does not compare the loaded type, 15 and newer want the allocated
**     type, as opt-22 shows; stores: non-volatile, of the
**     allocated type, not of the alloca itself; lifetime markers and
**     droppable intrinsics; bitcasts, all-zero GEPs and addrspacecasts used
**     only by those);
**   - per alloca, in PromoteMem2Reg::run's order (a removed alloca's slot
**     takes the last one): dead allocas, the single-store shortcut
**     (rewriteSingleStoreAlloca), the single-block shortcut
**     (promoteSingleBlockAlloca), else phis at the liveness-pruned IDF;
**   - renaming (RenamePass) and then SimplifyPHINode to a fixed point, which
**     removes phis whose incoming values agree (ignoring undef and the phi
**     itself, an instruction value only if it dominates the phi's block).
**
** Invariants:
**   1. Values are tracked as LLVM's RAUW leaves them: repl[i] is what load
**      i was replaced with; a replaced value is followed to its end at use
**      time, so later replacements are seen wherever the IR would see them.
**   2. Nothing in the module or the graph changes; all state is local.
**   3. Iterative throughout (explicit worklists).
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "base/check.h"
#include "query/deps.h"
#include "query/mssa_query.h"

#define NONE MSSA_NONE

/* Value kinds beyond ir.h's, for values the pass creates. */
enum { VK_UNDEF = 14, VK_NEWPHI = 15 };
#define UNDEF_VAL MSSA_VAL(VK_UNDEF, 0)
/* Following replacements never takes more steps than there are values. */
#define MAX_RESOLVE_STEPS (1u << 26)

/* A phi the pass inserted. */
typedef struct newphi {
  uint32_t block;
  uint32_t slot;         /* index of its alloca in out->a */
  uint32_t round;
  bool dead;             /* removed by simplification */
  mssa_val repl;         /* what it was replaced with */
  MSSA_VEC(mssa_val) in; /* incoming values, one per edge from visited preds */
} newphi;

typedef struct pm {
  const mssa_ssa *s;
  const mssa_module *m;
  const mssa_func *f;
  uint32_t ni, nb;
  uint8_t *dead;         /* per instruction: erased */
  mssa_val *repl;        /* per instruction: RAUW target, or MSSA_VAL_NONE */
  MSSA_VEC(newphi) phis;
  uint32_t *use_off;     /* per instruction value: users (CSR), this round */
  uint64_t *uses;        /* user << 8 | operand number; user | PHI_USER for new phis */
  uint32_t *slot;        /* per instruction: index in out->a, or NONE */
  uint32_t *bbnum;       /* per block: layout number */
  uint32_t round;
  mssa_deps_promote *out;
} pm;

#define PHI_USER (1ull << 63)

static const mssa_inst *I(const pm *p, uint32_t i) { return &p->f->insts.a[i]; }
static const mssa_val *OPS(const pm *p, uint32_t i) { return mssa_inst_ops(p->f, I(p, i)); }

/* Invariant 1: the value v stands for now. */
static mssa_val resolve(const pm *p, mssa_val v) {
  for (uint32_t n = 0; n < MAX_RESOLVE_STEPS; n++) {
    uint32_t k = MSSA_VAL_KIND(v), x = MSSA_VAL_INDEX(v);
    if (k == MSSA_VK_INST && x < p->ni && p->repl[x] != MSSA_VAL_NONE) v = p->repl[x];
    else if (k == VK_NEWPHI && p->phis.a[x].dead) v = p->phis.a[x].repl;
    else return v;
  }
  return v;
}

static bool is_undef(const pm *p, mssa_val v) {
  if (MSSA_VAL_KIND(v) == VK_UNDEF) return true;
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  unsigned k = mssa_const_get(p->m, v)->kind;
  return k == MSSA_C_UNDEF || k == MSSA_C_POISON;
}

static bool live(const pm *p, uint32_t i) { return I(p, i)->block != NONE && !p->dead[i]; }

/* Does operand `v` of an instruction stand for instruction x now? */
static bool is_inst(const pm *p, mssa_val v, uint32_t x) {
  return resolve(p, v) == MSSA_VAL(MSSA_VK_INST, x);
}

/* LLVM's DominatorTree::dominates(A, B) on blocks: an unreachable B is
** dominated by anything, an unreachable A dominates nothing else. */
static bool bb_dominates(const pm *p, uint32_t a, uint32_t b) {
  const mssa_domtree *dt = &p->s->dt;
  if (a == b || !mssa_dt_reachable(dt, b)) return true;
  return mssa_dt_dominates(dt, a, b);
}

/* ----------------------------------------------------------- use lists */

static void add_use(pm *p, mssa_val v, uint64_t user, bool fill, uint32_t *fillpos) {
  v = resolve(p, v);
  if (MSSA_VAL_KIND(v) != MSSA_VK_INST) return;
  uint32_t x = MSSA_VAL_INDEX(v);
  if (!fill) p->use_off[x + 1]++;
  else p->uses[fillpos[x]++] = user;
}

/* Users of every instruction value as the IR stands now (counting, then
** filling the CSR arrays). */
static void build_uses(pm *p) {
  free(p->use_off);
  free(p->uses);
  p->use_off = NULL;   /* never dangling if what follows fails (base/oom.h) */
  p->uses = NULL;
  p->use_off = mssa_xcalloc((size_t)p->ni + 1, sizeof(uint32_t));
  uint32_t *fillpos = NULL;
  for (int pass = 0; pass < 2; pass++) {
    bool fill = pass == 1;
    if (fill) {
      for (uint32_t x = 0; x < p->ni; x++) p->use_off[x + 1] += p->use_off[x];
      p->uses = mssa_xmalloc(((size_t)p->use_off[p->ni] + 1) * sizeof(uint64_t));
      fillpos = mssa_xmalloc(((size_t)p->ni + 1) * sizeof(uint32_t));
      memcpy(fillpos, p->use_off, ((size_t)p->ni + 1) * sizeof(uint32_t));
    }
    for (uint32_t i = 0; i < p->ni; i++) {
      if (!live(p, i)) continue;
      const mssa_val *ops = OPS(p, i);
      for (uint32_t k = 0; k < I(p, i)->nops; k++)
        add_use(p, ops[k], (uint64_t)i << 8 | (k < 255 ? k : 255), fill, fillpos);
    }
    for (uint32_t k = 0; k < p->phis.n; k++) {
      if (p->phis.a[k].dead) continue;
      for (uint32_t j = 0; j < p->phis.a[k].in.n; j++)
        add_use(p, p->phis.a[k].in.a[j], PHI_USER | k, fill, fillpos);
    }
  }
  free(fillpos);
}

/* ------------------------------------------------- isAllocaPromotable */

static bool is_lifetime(const pm *p, uint32_t i) {
  unsigned k = I(p, i)->intrinsic;
  return I(p, i)->opcode == MSSA_OP_CALL &&
         (k == MSSA_INTR_LIFETIME_START || k == MSSA_INTR_LIFETIME_END);
}

/* Instruction::isDroppable in LLVM 14: llvm.assume and pseudo probes. */
static bool is_droppable(const pm *p, uint32_t i) {
  unsigned k = I(p, i)->intrinsic;
  return I(p, i)->opcode == MSSA_OP_CALL && (k == MSSA_INTR_ASSUME || k == MSSA_INTR_PSEUDOPROBE);
}

/* onlyUsedByLifetimeMarkers(OrDroppableInsts) of instruction x. */
static bool only_markers(const pm *p, uint32_t x, bool droppable) {
  for (uint32_t u = p->use_off[x]; u < p->use_off[x + 1]; u++) {
    if (p->uses[u] & PHI_USER) return false;
    uint32_t i = (uint32_t)(p->uses[u] >> 8);
    if (!is_lifetime(p, i) && !(droppable && is_droppable(p, i))) return false;
  }
  return true;
}

static bool all_zero_indices(const pm *p, uint32_t gep) {
  const mssa_val *ops = OPS(p, gep);
  for (uint32_t k = 1; k < I(p, gep)->nops; k++) {
    if (MSSA_VAL_KIND(ops[k]) != MSSA_VK_CONST) return false;
    const mssa_const *c = mssa_const_get(p->m, ops[k]);
    if (c->kind != MSSA_C_INT || c->ival != 0 || c->wide) return false;
  }
  return true;
}

/* Why user i (operand k) keeps alloca x in memory, or NULL if it does not. */
static const char *use_blocks(const pm *p, uint32_t x, uint32_t i, uint32_t k) {
  const mssa_inst *in = I(p, i);
  switch (in->opcode) {
  case MSSA_OP_LOAD:
    if (in->flags & MSSA_IF_VOLATILE) return "a volatile load";
    /* LLVM 15 and newer (opaque pointers) also want the allocated type. */
    if (mssa_module_llvm_version(p->m) >= MSSA_LLVM_CURRENT && in->type != I(p, x)->aux)
      return "a load of another type than the allocated one";
    return NULL;
  case MSSA_OP_STORE:
    if (k == 0 || is_inst(p, OPS(p, i)[0], x)) return "its address is stored to memory";
    if (in->aux != I(p, x)->aux) return "a store of another type than the allocated one";
    return (in->flags & MSSA_IF_VOLATILE) ? "a volatile store" : NULL;
  case MSSA_OP_CALL:
    if (is_lifetime(p, i) || is_droppable(p, i)) return NULL;
    return "its address is passed to a call";
  case MSSA_OP_BITCAST:
    return only_markers(p, i, true) ? NULL : "a bitcast of it is used other than by lifetime markers";
  case MSSA_OP_GEP:
    if (!all_zero_indices(p, i)) return "a getelementptr with a non-zero index";
    return only_markers(p, i, true) ? NULL : "a getelementptr of it is used other than by lifetime markers";
  case MSSA_OP_ADDRSPACECAST:
    return only_markers(p, i, false) ? NULL : "an addrspacecast of it is used other than by lifetime markers";
  case MSSA_OP_PHI: return "its address flows into a phi";
  default: return "its address is used by an instruction other than a load or a store";
  }
}

/* isAllocaPromotable on the IR as it stands; sets the slot's reason. */
static bool check_alloca(pm *p, uint32_t x) {
  mssa_deps_alloca *a = &p->out->a[p->slot[x]];
  for (uint32_t u = p->use_off[x]; u < p->use_off[x + 1]; u++) {
    const char *why;
    uint32_t user = NONE;
    if (p->uses[u] & PHI_USER) why = "its address flows into a phi mem2reg inserted";
    else {
      user = (uint32_t)(p->uses[u] >> 8);
      why = use_blocks(p, x, user, (uint32_t)(p->uses[u] & 0xff));
    }
    if (why) {
      a->reason = why;
      a->culprit = user;
      return false;
    }
  }
  a->reason = NULL;
  a->culprit = NONE;
  return true;
}

/* ------------------------------------------------------ one alloca */

/* The loads and stores of alloca x as the IR stands (pointer operand). */
typedef struct lsets {
  mssa_u32vec loads, stores;
} lsets;

static void collect(pm *p, uint32_t x, lsets *ls) {
  ls->loads.n = ls->stores.n = 0;
  for (uint32_t u = p->use_off[x]; u < p->use_off[x + 1]; u++) {
    if (p->uses[u] & PHI_USER) continue;
    uint32_t i = (uint32_t)(p->uses[u] >> 8), k = (uint32_t)(p->uses[u] & 0xff);
    if (p->dead[i]) continue;
    if (I(p, i)->opcode == MSSA_OP_LOAD) mssa_vec_push(&ls->loads, i);
    else if (I(p, i)->opcode == MSSA_OP_STORE && k == 1) mssa_vec_push(&ls->stores, i);
  }
}

/* removeIntrinsicUsers: lifetime markers and the casts and GEPs feeding
** them go (droppable users only lose the operand, which nothing here
** tracks). */
static void remove_intrinsic_users(pm *p, uint32_t x) {
  for (uint32_t u = p->use_off[x]; u < p->use_off[x + 1]; u++) {
    if (p->uses[u] & PHI_USER) continue;
    uint32_t i = (uint32_t)(p->uses[u] >> 8);
    unsigned op = I(p, i)->opcode;
    if (op == MSSA_OP_LOAD || op == MSSA_OP_STORE || is_droppable(p, i)) continue;
    if (op != MSSA_OP_CALL)
      for (uint32_t v = p->use_off[i]; v < p->use_off[i + 1]; v++)
        if (!(p->uses[v] & PHI_USER) && !is_droppable(p, (uint32_t)(p->uses[v] >> 8)))
          p->dead[p->uses[v] >> 8] = 1;
    p->dead[i] = 1;
  }
}

static void replace_load(pm *p, uint32_t load, mssa_val v) {
  MSSA_ASSERT(load < p->ni && I(p, load)->opcode == MSSA_OP_LOAD);   /* invariant 1: a load is what RAUW replaces */
  p->repl[load] = resolve(p, v) == MSSA_VAL(MSSA_VK_INST, load) ? UNDEF_VAL : v;
  p->dead[load] = 1;
}

/* rewriteSingleStoreAlloca: true when every load was replaced; otherwise
** *using holds the blocks of the loads left. */
static bool single_store(pm *p, uint32_t x, const lsets *ls, mssa_u32vec *using, uint32_t *nrep) {
  uint32_t st = ls->stores.a[0], sb = I(p, st)->block;
  mssa_val v = resolve(p, OPS(p, st)[0]);
  bool global = MSSA_VAL_KIND(v) != MSSA_VK_INST && MSSA_VAL_KIND(v) != VK_NEWPHI;
  using->n = 0;
  for (uint32_t k = 0; k < ls->loads.n; k++) {
    uint32_t l = ls->loads.a[k], lb = I(p, l)->block;
    if (!global && lb == sb && p->s->inst_pos[st] > p->s->inst_pos[l]) {
      mssa_vec_push(using, sb);
      continue;
    }
    if (!global && lb != sb && !bb_dominates(p, sb, lb)) {
      mssa_vec_push(using, lb);
      continue;
    }
    replace_load(p, l, OPS(p, st)[0]);
    (*nrep)++;
  }
  if (using->n) return false;
  p->dead[st] = p->dead[x] = 1;
  return true;
}

/* promoteSingleBlockAlloca: each load takes the nearest store above it;
** false (some loads replaced already) if a load has stores only below. */
static bool single_block(pm *p, uint32_t x, const lsets *ls, uint32_t *nrep) {
  for (uint32_t k = 0; k < ls->loads.n; k++) {
    uint32_t l = ls->loads.a[k], best = NONE;
    if (p->dead[l]) continue;   /* replaced by the single-store shortcut */
    for (uint32_t j = 0; j < ls->stores.n; j++) {
      uint32_t st = ls->stores.a[j];
      if (p->s->inst_pos[st] < p->s->inst_pos[l] &&
          (best == NONE || p->s->inst_pos[st] > p->s->inst_pos[best]))
        best = st;
    }
    if (best == NONE && ls->stores.n) return false;
    replace_load(p, l, best == NONE ? UNDEF_VAL : OPS(p, best)[0]);
    (*nrep)++;
  }
  for (uint32_t j = 0; j < ls->stores.n; j++) p->dead[ls->stores.a[j]] = 1;
  p->dead[x] = 1;
  return true;
}

/* ComputeLiveInBlocks: blocks where x's value is live on entry. */
static void live_in(pm *p, uint32_t x, const mssa_u32vec *using, const uint8_t *isdef,
                    uint8_t *live) {
  mssa_u32vec wl = {0};
  for (uint32_t k = 0; k < using->n; k++) {
    uint32_t b = using->a[k];
    bool store_first = false;
    for (uint32_t i = isdef[b] ? p->f->blocks.a[b].first : NONE; i != NONE; i = I(p, i)->next) {
      if (p->dead[i]) continue;
      unsigned op = I(p, i)->opcode;
      if (op == MSSA_OP_STORE && is_inst(p, OPS(p, i)[1], x)) store_first = true;
      if ((op == MSSA_OP_STORE && store_first) ||
          (op == MSSA_OP_LOAD && is_inst(p, OPS(p, i)[0], x)))
        break;
    }
    if (!store_first) mssa_vec_push(&wl, b);
  }
  const mssa_cfg *g = &p->s->cfg;
  while (wl.n) {
    uint32_t b = wl.a[--wl.n];
    if (live[b]) continue;
    live[b] = 1;
    for (uint32_t e = g->pred_off[b]; e < g->pred_off[b + 1]; e++)
      if (!isdef[g->pred[e]]) mssa_vec_push(&wl, g->pred[e]);
  }
  mssa_vec_free(&wl);
}

/* The general case: phis at the liveness-pruned IDF of the store blocks,
** in block-number order (the order QueuePhiNode sees them). */
static void place_phis(pm *p, uint32_t x, const lsets *ls, const mssa_u32vec *using) {
  uint8_t *isdef = mssa_xcalloc(p->nb, 1), *live = mssa_xcalloc(p->nb, 1);
  mssa_u32vec defs = {0}, idf = {0};
  for (uint32_t k = 0; k < ls->stores.n; k++) {
    uint32_t b = I(p, ls->stores.a[k])->block;
    if (!isdef[b]) mssa_vec_push(&defs, b);
    isdef[b] = 1;
  }
  live_in(p, x, using, isdef, live);
  mssa_idf_live(&p->s->dt, &p->s->cfg, defs.a, defs.n, 0, live, &idf);
  for (uint32_t k = 1; k < idf.n; k++)   /* insertion sort by layout number */
    for (uint32_t j = k; j > 0 && p->bbnum[idf.a[j - 1]] > p->bbnum[idf.a[j]]; j--) {
      uint32_t t = idf.a[j];
      idf.a[j] = idf.a[j - 1];
      idf.a[j - 1] = t;
    }
  for (uint32_t k = 0; k < idf.n; k++) {
    newphi np;
    memset(&np, 0, sizeof np);
    np.block = idf.a[k];
    np.slot = p->slot[x];
    np.round = p->round;
    mssa_vec_push(&p->phis, np);
  }
  free(isdef);
  free(live);
  mssa_vec_free(&defs);
  mssa_vec_free(&idf);
}

enum { ALLOCA_DONE, ALLOCA_RENAME };

/* One alloca of PromoteMem2Reg::run's loop. */
static int process_alloca(pm *p, uint32_t x) {
  mssa_deps_alloca *a = &p->out->a[p->slot[x]];
  a->promotable = true;
  a->round = p->round;
  remove_intrinsic_users(p, x);
  lsets ls = {{0}, {0}};
  collect(p, x, &ls);
  int r = ALLOCA_DONE;
  mssa_u32vec using = {0};
  bool one_block = true;
  uint32_t blk = NONE;
  for (uint32_t k = 0; k < ls.loads.n + ls.stores.n; k++) {
    uint32_t i = k < ls.loads.n ? ls.loads.a[k] : ls.stores.a[k - ls.loads.n];
    if (k < ls.loads.n) mssa_vec_push(&using, I(p, i)->block);
    if (blk != NONE && I(p, i)->block != blk) one_block = false;
    blk = I(p, i)->block;
  }
  if (!ls.loads.n && !ls.stores.n) p->dead[x] = 1;
  else if (ls.stores.n == 1 && single_store(p, x, &ls, &using, &a->loads)) {
  } else if (one_block && single_block(p, x, &ls, &a->loads)) {
  } else {
    place_phis(p, x, &ls, &using);
    r = ALLOCA_RENAME;
  }
  mssa_vec_free(&ls.loads);
  mssa_vec_free(&ls.stores);
  mssa_vec_free(&using);
  return r;
}

/* ------------------------------------------------------------ renaming */

typedef struct rtask {
  uint32_t block, pred;
  mssa_val *vals;        /* current value of each renamed alloca (owned) */
} rtask;

typedef struct rstate {
  pm *p;
  const uint32_t *rn;    /* the allocas renamed, by rename index */
  uint32_t nrn;
  uint32_t *ridx;        /* per instruction: rename index, or NONE */
  uint32_t *phi_head;    /* per block: first phi of this round, or NONE */
  uint32_t *phi_next;    /* per phi: next of this round in its block */
  uint8_t *visited;
} rstate;

/* Adds the incoming values from `pred` to b's new phis; they become the
** current values. */
static void enter_block(rstate *r, uint32_t b, uint32_t pred, mssa_val *vals) {
  pm *p = r->p;
  if (pred == NONE || r->phi_head[b] == NONE) return;
  uint32_t edges = 0;
  for (uint32_t e = p->s->cfg.succ_off[pred]; e < p->s->cfg.succ_off[pred + 1]; e++)
    edges += p->s->cfg.succ[e] == b;
  for (uint32_t k = r->phi_head[b]; k != NONE; k = r->phi_next[k]) {
    newphi *np = &p->phis.a[k];
    uint32_t ai = r->ridx[p->out->a[np->slot].inst];
    for (uint32_t e = 0; e < edges; e++) mssa_vec_push(&np->in, vals[ai]);
    vals[ai] = MSSA_VAL(VK_NEWPHI, k);
  }
}

/* Loads of renamed allocas take the current value; stores set it. */
static void rename_insts(rstate *r, uint32_t b, mssa_val *vals) {
  pm *p = r->p;
  for (uint32_t i = p->f->blocks.a[b].first; i != NONE; i = I(p, i)->next) {
    if (p->dead[i] || mssa_opcode_is_terminator(I(p, i)->opcode)) continue;
    unsigned op = I(p, i)->opcode;
    if (op != MSSA_OP_LOAD && op != MSSA_OP_STORE) continue;
    mssa_val ptr = resolve(p, OPS(p, i)[op == MSSA_OP_LOAD ? 0 : 1]);
    if (MSSA_VAL_KIND(ptr) != MSSA_VK_INST || r->ridx[MSSA_VAL_INDEX(ptr)] == NONE) continue;
    uint32_t ai = r->ridx[MSSA_VAL_INDEX(ptr)];
    if (op == MSSA_OP_LOAD) {
      replace_load(p, i, vals[ai]);
      p->out->a[p->slot[r->rn[ai]]].loads++;
    } else {
      vals[ai] = OPS(p, i)[0];
      p->dead[i] = 1;
    }
  }
}

/* RenamePass over the CFG from the entry, a LIFO worklist of tasks. */
static void rename_pass(rstate *r) {
  pm *p = r->p;
  const mssa_cfg *g = &p->s->cfg;
  MSSA_VEC(rtask) wl = {0};
  rtask t0 = {p->f->entry, NONE, mssa_xmalloc(((size_t)r->nrn + 1) * sizeof(mssa_val))};
  for (uint32_t k = 0; k < r->nrn; k++) t0.vals[k] = UNDEF_VAL;
  mssa_vec_push(&wl, t0);
  while (wl.n) {
    rtask t = wl.a[--wl.n];
    for (;;) {
      enter_block(r, t.block, t.pred, t.vals);
      if (r->visited[t.block]) break;
      r->visited[t.block] = 1;
      rename_insts(r, t.block, t.vals);
      uint32_t e0 = g->succ_off[t.block], e1 = g->succ_off[t.block + 1];
      if (e0 == e1) break;
      for (uint32_t e = e0 + 1; e < e1; e++) {
        bool dup = false;
        for (uint32_t d = e0; d < e && !dup; d++) dup = g->succ[d] == g->succ[e];
        if (dup) continue;
        rtask c = {g->succ[e], t.block, mssa_xmalloc(((size_t)r->nrn + 1) * sizeof(mssa_val))};
        memcpy(c.vals, t.vals, (size_t)r->nrn * sizeof(mssa_val));
        mssa_vec_push(&wl, c);
      }
      t.pred = t.block;
      t.block = g->succ[e0];
    }
    free(t.vals);
  }
  mssa_vec_free(&wl);
}

static void rename_allocas(pm *p, const uint32_t *rn, uint32_t nrn, uint32_t first_phi) {
  rstate r = {p, rn, nrn, mssa_xmalloc((size_t)p->ni * sizeof(uint32_t)),
              mssa_xmalloc((size_t)p->nb * sizeof(uint32_t)),
              mssa_xmalloc(((size_t)p->phis.n + 1) * sizeof(uint32_t)), mssa_xcalloc(p->nb, 1)};
  memset(r.ridx, 0xff, (size_t)p->ni * sizeof(uint32_t));
  memset(r.phi_head, 0xff, (size_t)p->nb * sizeof(uint32_t));
  for (uint32_t k = 0; k < nrn; k++) r.ridx[rn[k]] = k;
  for (uint32_t k = p->phis.n; k-- > first_phi;) {
    r.phi_next[k] = r.phi_head[p->phis.a[k].block];
    r.phi_head[p->phis.a[k].block] = k;
  }
  rename_pass(&r);
  for (uint32_t k = 0; k < nrn; k++) p->dead[rn[k]] = 1;
  free(r.ridx);
  free(r.phi_head);
  free(r.phi_next);
  free(r.visited);
}

/* -------------------------------------------------------- simplification */

/* valueDominatesPHI with a dominator tree: a PHI user is dominated only by
** values of blocks that strictly dominate its block. */
static bool dominates_phi(const pm *p, mssa_val v, uint32_t b) {
  uint32_t k = MSSA_VAL_KIND(v), db;
  if (k == MSSA_VK_INST) db = I(p, MSSA_VAL_INDEX(v))->block;
  else if (k == VK_NEWPHI) db = p->phis.a[MSSA_VAL_INDEX(v)].block;
  else return true;
  const mssa_domtree *dt = &p->s->dt;
  if (!mssa_dt_reachable(dt, b)) return true;
  return db != b && mssa_dt_reachable(dt, db) && mssa_dt_dominates(dt, db, b);
}

/* SimplifyPHINode: the value phi k reduces to, or MSSA_VAL_NONE. */
static mssa_val simplify_phi(const pm *p, uint32_t k) {
  const newphi *np = &p->phis.a[k];
  mssa_val self = MSSA_VAL(VK_NEWPHI, k), common = MSSA_VAL_NONE;
  bool undef = false;
  for (uint32_t j = 0; j < np->in.n; j++) {
    mssa_val v = resolve(p, np->in.a[j]);
    if (v == self) continue;
    if (is_undef(p, v)) {
      undef = true;
      continue;
    }
    if (common != MSSA_VAL_NONE && v != common) return MSSA_VAL_NONE;
    common = v;
  }
  if (common == MSSA_VAL_NONE) return UNDEF_VAL;
  if (undef && !dominates_phi(p, common, np->block)) return MSSA_VAL_NONE;
  return common;
}

static void simplify_phis(pm *p, uint32_t first_phi) {
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t k = first_phi; k < p->phis.n; k++) {
      if (p->phis.a[k].dead) continue;
      mssa_val v = simplify_phi(p, k);
      if (v == MSSA_VAL_NONE) continue;
      p->phis.a[k].dead = true;
      p->phis.a[k].repl = v;
      changed = true;
    }
  }
}

/* ---------------------------------------------------------------- rounds */

/* One PromoteMemToReg call on the allocas cand[0..n). */
static void promote_round(pm *p, uint32_t *cand, uint32_t n) {
  uint32_t first_phi = p->phis.n;
  for (uint32_t k = 0; k < n; k++) {
    if (process_alloca(p, cand[k]) == ALLOCA_DONE) {
      cand[k] = cand[n - 1];   /* RemoveFromAllocasList */
      n--;
      k--;
    }
  }
  if (n) rename_allocas(p, cand, n, first_phi);
  simplify_phis(p, first_phi);
}

/* The function's allocas into out->a (layout order); the entry block's
** into *entry (instruction order). */
static void list_allocas(pm *p, mssa_u32vec *entry) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->ni; i++) n += I(p, i)->block != NONE && I(p, i)->opcode == MSSA_OP_ALLOCA;
  p->out->a = mssa_xcalloc(n ? n : 1, sizeof *p->out->a);
  uint32_t num = 0;
  for (uint32_t b = p->f->first_block; b != NONE; b = p->f->blocks.a[b].next) {
    p->bbnum[b] = num++;
    for (uint32_t i = p->f->blocks.a[b].first; i != NONE; i = I(p, i)->next) {
      if (I(p, i)->opcode != MSSA_OP_ALLOCA) continue;
      mssa_deps_alloca *a = &p->out->a[p->out->n];
      a->inst = i;
      a->culprit = NONE;
      p->slot[i] = p->out->n++;
      if (b == p->f->entry) mssa_vec_push(entry, i);
      else a->reason = "not in the entry block (mem2reg promotes only entry-block allocas)";
    }
  }
}

/* Phi blocks per alloca, in layout order (phis were made in that order
** per alloca, so a stable pass keeps it). */
static void collect_phis(pm *p) {
  mssa_deps_promote *o = p->out;
  for (uint32_t s = 0; s < o->n; s++) {
    o->a[s].phi_off = o->phis.n;
    for (uint32_t k = 0; k < p->phis.n; k++)
      if (!p->phis.a[k].dead && p->phis.a[k].slot == s) mssa_vec_push(&o->phis, p->phis.a[k].block);
    o->a[s].nphi = o->phis.n - o->a[s].phi_off;
  }
}

/* The promoted view's map (deps.h, mssa_deps_promoted_values): what each
** replaced load is once the pass is over. A phi the pass left stands for
** itself in no instruction, so the lowest-numbered load it replaced stands
** for it: loads that become one phi become one value. */
static void fill_map(const pm *p, mssa_val *map) {
  uint32_t *rep = mssa_xmalloc(((size_t)p->phis.n + 1) * sizeof *rep);
  memset(rep, 0xff, ((size_t)p->phis.n + 1) * sizeof *rep);
  for (uint32_t i = 0; i < p->ni; i++) {
    map[i] = MSSA_VAL_NONE;
    if (p->repl[i] == MSSA_VAL_NONE) continue;
    mssa_val v = resolve(p, p->repl[i]);
    uint32_t k = MSSA_VAL_KIND(v), x = MSSA_VAL_INDEX(v);
    if (k == VK_NEWPHI) {
      MSSA_ASSERT(x < p->phis.n && !p->phis.a[x].dead);   /* resolve ends at a live phi */
      if (rep[x] == NONE) rep[x] = i;
      v = MSSA_VAL(MSSA_VK_INST, rep[x]);
    } else if (is_undef(p, v)) {
      continue;   /* an uninitialized read: nothing to be equal to */
    }
    /* LLVM 14 also promotes a load of another type than the slot's; such a
    ** load is a reinterpretation, not the value stored (invariant 1 of
    ** deps.h's view: only equal values are merged) */
    if (mssa_val_type(p->m, p->f, v) != I(p, i)->type) continue;
    map[i] = v == MSSA_VAL(MSSA_VK_INST, i) ? MSSA_VAL_NONE : v;
  }
  free(rep);
}

static int promote(const mssa_ssa *s, mssa_deps_promote *out, mssa_val *map) {
  memset(out, 0, sizeof *out);
  pm p;
  memset(&p, 0, sizeof p);
  p.s = s;
  p.m = s->m;
  p.f = s->f;
  p.ni = s->f->insts.n;
  p.nb = s->nblocks;
  p.out = out;
  p.dead = mssa_xcalloc((size_t)p.ni + 1, 1);
  p.repl = mssa_xcalloc((size_t)p.ni + 1, sizeof(mssa_val));
  p.slot = mssa_xmalloc(((size_t)p.ni + 1) * sizeof(uint32_t));
  p.bbnum = mssa_xcalloc((size_t)p.nb + 1, sizeof(uint32_t));
  memset(p.slot, 0xff, ((size_t)p.ni + 1) * sizeof(uint32_t));
  mssa_u32vec entry = {0}, cand = {0};
  list_allocas(&p, &entry);
  for (;;) {
    build_uses(&p);
    cand.n = 0;
    for (uint32_t k = 0; k < entry.n; k++)
      if (!p.dead[entry.a[k]] && check_alloca(&p, entry.a[k])) mssa_vec_push(&cand, entry.a[k]);
    if (!cand.n) break;
    p.round++;
    promote_round(&p, cand.a, cand.n);
  }
  collect_phis(&p);
  if (map) fill_map(&p, map);
  for (uint32_t k = 0; k < p.phis.n; k++) mssa_vec_free(&p.phis.a[k].in);
  mssa_vec_free(&p.phis);
  mssa_vec_free(&entry);
  mssa_vec_free(&cand);
  free(p.dead);
  free(p.repl);
  free(p.slot);
  free(p.bbnum);
  free(p.use_off);
  free(p.uses);
  return MSSA_OK;
}

int mssa_deps_promotable(const mssa_ssa *s, mssa_deps_promote *out) {
  return promote(s, out, NULL);
}

int mssa_deps_promoted_values(const mssa_ssa *s, mssa_val *map) {
  mssa_deps_promote out;
  int rc = promote(s, &out, map);
  mssa_deps_promote_free(&out);
  return rc;
}

void mssa_deps_promote_free(mssa_deps_promote *p) {
  free(p->a);
  mssa_vec_free(&p->phis);
  memset(p, 0, sizeof *p);
}

size_t mssa_deps_alloca_reason(const mssa_module *m, const mssa_func *f,
                               const mssa_deps_alloca *a, char *buf, size_t cap) {
  if (!cap) return 0;
  buf[0] = 0;
  if (!a->reason) return 0;
  size_t n = strlen(a->reason);
  if (n >= cap) n = cap - 1;
  memcpy(buf, a->reason, n);
  buf[n] = 0;
  if (a->culprit == NONE || n + 3 >= cap) return n;
  memcpy(buf + n, ": ", 3);
  n += 2;
  n += mssa_q_inst_text(m, f, a->culprit, buf + n, cap - n);
  return n < cap ? n : cap - 1;
}
