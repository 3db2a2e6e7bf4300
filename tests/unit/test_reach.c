/*
** test_reach.c -- reaching writes (analysis/query/reach.c) against a
** brute-force enumeration of CFG paths, and variable names
** (analysis/query/varname.c) on a fixture compiled from C.
**
** The brute force walks every path backwards from a load, instruction by
** instruction, each block at most PATH_VISITS times per path, and keeps
** every MemoryDef that may write the loaded bytes (LLVM's
** instructionClobbersQuery, mssa_def_clobbers) until a store that must
** overwrite them all. The location follows the path as the walker's does:
** translated into each predecessor, and without a size once the path has
** gone around a cycle (a pointer that is not invariant then names
** another iteration's bytes). The reaching writes must contain every def
** it finds (soundness), and report liveOnEntry when a path reaches the
** entry. Functions: the fixtures, then the csmith corpus under
** $MEMSSA_CORPUS/csmith, those with at most MAX_BLOCKS blocks.
**
** Each load is checked twice: in the module view (every CFG path), and in
** the source view (MSSA_REACH_SOURCE_VIEW), against paths whose dispatch
** switches (a switch on an alloca only loaded and stored constants: clang's
** cleanup.dest.slot) take the edge the constant last stored selects. The
** brute force holds the defs of a path until its slot's store is met, and
** counts them reached when the store allows the path, or when the path
** ends or is cut with the slot undecided. The source view's defs are
** judged with its alias context (the promoted view: loads of promotable
** locals are their stored values) and its member rule, the module view's
** with the graph's.
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alias/phitrans.h"
#include "query/mssa_query.h"
#include "query/reach.h"
#include "query/varname.h"
#include "reader/reader.h"
#include "tap.h"

#define MAX_BLOCKS 20
#define PATH_VISITS 2
#define PATH_BUDGET 200000u    /* frames per load before giving up on it */
#define MAX_FILES 100

#define MAX_PENDING 8

/* A dispatch edge the path took (source view): block `sw` ends in a switch
** on slot `slot`, and the path went on to block `to`. */
typedef struct pend {
  uint32_t sw, to;
} pend;

typedef struct frame {
  uint32_t block, pred_i;  /* pred_i: next predecessor to try; UINT32_MAX: not scanned */
  uint32_t from;           /* scan backwards from this instruction (exclusive); NONE: block end */
  mssa_loc loc;
  bool done;               /* a kill ended this path */
  /* source view: the dispatch edges the path took whose slot store is not
  ** met yet (then the defs found are held, not committed) */
  mssa_val slot;
  uint32_t npend;
  pend pend[MAX_PENDING];
  uint32_t held, nheld;    /* this frame's defs in the held list */
} frame;

typedef struct totals {
  unsigned files, loads, writes, extra, skipped, missed, entry_missed;
  unsigned source_only_cut;   /* writes of module paths that no source path brings */
} totals;
static totals T;

static bool precise(uint64_t sz) { return sz < MSSA_LOC_AFTER && !(sz & MSSA_LOC_UPPER_BOUND); }

/* The brute force's kill: a non-volatile store that must-aliases and
** covers loc, or the lifetime start of loc's alloca. */
static bool bf_kill(mssa_ssa *s, mssa_aa *aa, uint32_t d, const mssa_loc *loc) {
  const mssa_inst *in = &s->f->insts.a[s->acc.a[d].inst];
  if (!precise(loc->size)) return false;
  if (in->intrinsic == MSSA_INTR_LIFETIME_START) {
    mssa_points_to x, y;
    mssa_val p = mssa_inst_ops(s->f, in)[in->nops - 1];
    return mssa_aa_points_to(aa, p, &x) && mssa_aa_points_to(aa, loc->ptr, &y) &&
           x.object == y.object && MSSA_VAL_KIND(x.object) == MSSA_VK_INST &&
           s->f->insts.a[MSSA_VAL_INDEX(x.object)].opcode == MSSA_OP_ALLOCA;
  }
  int ar = 0;
  mssa_loc sl;
  return in->opcode == MSSA_OP_STORE && !(in->flags & MSSA_IF_VOLATILE) &&
         mssa_def_clobbers_aa(s, aa, d, MSSA_NONE, loc, &ar) && ar == MSSA_MUST_ALIAS &&
         mssa_aa_inst_loc(s->aa, s->acc.a[d].inst, &sl) && precise(sl.size) &&
         sl.size >= loc->size;
}

/* Does pointer p name the same bytes in every iteration of any cycle: is
** it, through casts and constant-index GEPs, an argument, a global, a
** constant or an entry-block instruction? (LLVM's walker asks less: one
** level only; the path truth here is the semantic one.) */
static bool invariant_ptr(const mssa_func *f, mssa_val p) {
  for (int depth = 0; depth < 16; depth++) {
    if (MSSA_VAL_KIND(p) != MSSA_VK_INST) return true;
    const mssa_inst *in = &f->insts.a[MSSA_VAL_INDEX(p)];
    if (in->block == f->first_block) return true;
    const mssa_val *ops = mssa_inst_ops(f, in);
    if (in->opcode == MSSA_OP_BITCAST || in->opcode == MSSA_OP_ADDRSPACECAST) {
      p = ops[0];
      continue;
    }
    if (in->opcode != MSSA_OP_GEP) return false;
    for (uint32_t k = 1; k < in->nops; k++)
      if (MSSA_VAL_KIND(ops[k]) != MSSA_VK_CONST) return false;
    p = ops[0];
  }
  return false;
}

/* Scans frame fr's block backwards; marks found defs; sets fr->done on a kill. */
/* The path enumeration's state: found defs, and (source view) the defs
** held on the current path until its dispatch slot's store is met. */
typedef struct bfs {
  mssa_ssa *s;
  mssa_aa *aa;     /* the source view's alias context in the source view */
  uint32_t inst;   /* the load's instruction (the source view's member rule) */
  uint8_t *found;
  bool source;
  uint32_t *held, nh;
} bfs;

static bool const_of(const mssa_module *m, mssa_val v, int64_t *out) {
  if (MSSA_VAL_KIND(v) != MSSA_VK_CONST) return false;
  const mssa_const *c = mssa_const_get(m, v);
  if (c->kind != MSSA_C_INT || c->wide) return false;
  *out = c->ival;
  return true;
}

/* The oracle's own dispatch test: block b ends in a switch on a load of an
** alloca that is only loaded and stored integer constants. */
static bool dispatch_slot(const mssa_ssa *s, uint32_t b, mssa_val *slot) {
  const mssa_func *f = s->f;
  uint32_t t = f->blocks.a[b].last;
  if (t == MSSA_NONE || f->insts.a[t].opcode != MSSA_OP_SWITCH) return false;
  mssa_val c = mssa_inst_ops(f, &f->insts.a[t])[0];
  if (MSSA_VAL_KIND(c) != MSSA_VK_INST || f->insts.a[MSSA_VAL_INDEX(c)].opcode != MSSA_OP_LOAD)
    return false;
  mssa_val p = mssa_inst_ops(f, &f->insts.a[MSSA_VAL_INDEX(c)])[0];
  if (MSSA_VAL_KIND(p) != MSSA_VK_INST || f->insts.a[MSSA_VAL_INDEX(p)].opcode != MSSA_OP_ALLOCA)
    return false;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    const mssa_val *ops = mssa_inst_ops(f, in);
    int64_t v;
    for (uint32_t k = 0; k < in->nops; k++)
      if (ops[k] == p && !(in->opcode == MSSA_OP_LOAD && k == 0) &&
          !(in->opcode == MSSA_OP_STORE && k == 1 && const_of(s->m, ops[0], &v)))
        return false;
  }
  *slot = p;
  return true;
}

/* Where the switch ending block sw sends value v. */
static uint32_t switch_to(const mssa_ssa *s, uint32_t sw, int64_t v) {
  const mssa_func *f = s->f;
  const mssa_inst *in = &f->insts.a[f->blocks.a[sw].last];
  const mssa_val *ops = mssa_inst_ops(f, in);
  for (uint32_t k = 2; k + 1 < in->nops; k += 2) {
    int64_t c;
    if (const_of(s->m, ops[k], &c) && c == v) return MSSA_VAL_INDEX(ops[k + 1]);
  }
  return MSSA_VAL_INDEX(ops[1]);
}

/* Every held def of the path is reached: commit them. */
static void commit(bfs *b) {
  for (uint32_t i = 0; i < b->nh; i++) b->found[b->held[i]] = 1;
  b->nh = 0;
}

static void reach_def(bfs *b, frame *fr, uint32_t d) {
  if (fr->npend) b->held[b->nh++] = d;
  else b->found[d] = 1;
}

static void bf_scan(bfs *b, frame *fr) {
  mssa_ssa *s = b->s;
  const mssa_func *f = s->f;
  uint32_t i = fr->from == MSSA_NONE ? f->blocks.a[fr->block].last : f->insts.a[fr->from].prev;
  for (; i != MSSA_NONE; i = f->insts.a[i].prev) {
    uint32_t d = mssa_ssa_inst_access(s, i);
    if (d == MSSA_NONE || s->acc.a[d].kind != MSSA_ACC_DEF) continue;
    const mssa_inst *in = &f->insts.a[i];
    int64_t v;
    if (fr->npend && in->opcode == MSSA_OP_STORE && mssa_inst_ops(f, in)[1] == fr->slot &&
        const_of(s->m, mssa_inst_ops(f, in)[0], &v)) {
      for (uint32_t k = 0; k < fr->npend; k++)
        if (switch_to(s, fr->pend[k].sw, v) != fr->pend[k].to) {
          fr->done = true;   /* the slot sends this path elsewhere: not a C path */
          return;
        }
      fr->npend = 0;
      commit(b);
    }
    int ar = 0;
    bool kill = bf_kill(s, b->aa, d, &fr->loc);
    if (!kill && (!mssa_def_clobbers_aa(s, b->aa, d, MSSA_NONE, &fr->loc, &ar) ||
                  (b->source && mssa_q_members_disjoint(s, s->acc.a[d].inst, b->inst))))
      continue;
    reach_def(b, fr, d);
    if (kill) {
      commit(b);   /* the path ends here, its slot undecided: reached */
      fr->done = true;
      return;
    }
  }
}

/* Every def some path reaches (found[]), and whether one reaches the
** entry; with `source`, only paths whose dispatch switches take the edge
** their slot's stored constant selects (the source view). False when the
** path budget ran out. */
static bool brute(mssa_ssa *s, uint32_t use, uint8_t *found, bool *entry, bool source) {
  const mssa_cfg *g = &s->cfg;
  uint8_t *visits = calloc(g->n + 1, 1);
  frame *st = malloc(((size_t)g->n * PATH_VISITS + 2) * sizeof *st);
  /* the source view's writes are judged with its own alias context (the
  ** promoted view, built by the view query check_func asks first) */
  if (source && !s->view_aa) return false;
  bfs b = {s, source ? s->view_aa : s->aa, s->acc.a[use].inst, found, source, malloc((s->acc.n + 1) * ((size_t)g->n * PATH_VISITS + 2) *
                                    sizeof(uint32_t)), 0};
  uint32_t n = 0, budget = PATH_BUDGET;
  mssa_loc loc;
  mssa_aa_inst_loc(s->aa, s->acc.a[use].inst, &loc);
  st[n] = (frame){s->acc.a[use].block, UINT32_MAX, s->acc.a[use].inst, loc, false, 0, 0, {{0}}, 0, 0};
  n++;
  visits[s->acc.a[use].block]++;
  *entry = false;
  while (n && budget) {
    frame *fr = &st[n - 1];
    if (fr->pred_i == UINT32_MAX) {
      budget--;
      fr->held = b.nh;
      bf_scan(&b, fr);
      fr->pred_i = g->pred_off[fr->block];
      if (!fr->done && fr->block == g->entry) {
        *entry = true;
        commit(&b);   /* a path from the entry, its slot never stored: reached */
      }
    }
    if (fr->done || fr->pred_i == g->pred_off[fr->block + 1]) {
      visits[fr->block]--;
      if (b.nh > fr->held) b.nh = fr->held;   /* this block's held defs leave with it */
      n--;
      continue;
    }
    uint32_t p = g->pred[fr->pred_i++];
    if (!mssa_dt_reachable(&s->dt, p)) continue;
    if (visits[p] >= PATH_VISITS) {
      commit(&b);   /* the path is cut here, its slot undecided: count it reached */
      continue;
    }
    mssa_loc nl = fr->loc;
    mssa_val t;
    if (mssa_phi_translate((mssa_module *)s->m, s->f, &s->dt, &s->users, nl.ptr, fr->block, p,
                           &t))
      nl.ptr = t;
    if (visits[p] && !invariant_ptr(s->f, nl.ptr)) nl.size = MSSA_LOC_UNKNOWN;
    visits[p]++;
    frame nf = *fr;
    nf.block = p;
    nf.pred_i = UINT32_MAX;
    nf.from = MSSA_NONE;
    nf.loc = nl;
    nf.done = false;
    mssa_val slot;
    if (source && dispatch_slot(s, p, &slot) && (!nf.npend || nf.slot == slot) &&
        nf.npend < MAX_PENDING) {
      nf.slot = slot;
      nf.pend[nf.npend++] = (pend){p, fr->block};
    }
    st[n++] = nf;
  }
  free(visits);
  free(st);
  free(b.held);
  return budget > 0;
}

/* Checks every load of function fi; returns the number of misses. */
static unsigned check_func(mssa_qmodule *q, uint32_t fi, const char *file, unsigned view) {
  mssa_ssa *s = q->ssa[fi];
  unsigned miss = 0;
  uint8_t *found = malloc(s->acc.n + 1);
  for (uint32_t a = 1; a < s->acc.n; a++) {
    const mssa_access *x = &s->acc.a[a];
    mssa_loc loc;
    if (x->kind != MSSA_ACC_USE || !mssa_aa_inst_loc(s->aa, x->inst, &loc)) continue;
    if (!mssa_dt_reachable(&s->dt, x->block)) continue;
    memset(found, 0, s->acc.n + 1);
    bool entry;
    mssa_qreach r;
    if (mssa_q_reaching_view(s, a, 1000, view, &r)) continue;
    if (!brute(s, a, found, &entry, view != 0)) {
      T.skipped++;
      mssa_qreach_free(&r);
      continue;
    }
    T.loads++;
    uint8_t *got = calloc(s->acc.n + 1, 1);
    for (uint32_t k = 0; k < r.n; k++) got[r.w[k].access] = 1;
    if (view) {   /* what the source view's paths leave out of the module's */
      uint8_t *all = calloc(s->acc.n + 1, 1);
      bool e2;
      if (brute(s, a, all, &e2, false))
        for (uint32_t d = 1; d < s->acc.n; d++) T.source_only_cut += all[d] && !found[d];
      free(all);
    }
    for (uint32_t d = 1; d < s->acc.n; d++) {
      if (found[d]) T.writes++;
      if (!found[d] && got[d]) T.extra++;
      if (found[d] && !got[d] && !r.truncated) {
        if (miss++ < 3)
          diag("%s @%s inst %u: reaching writes omit def id %u (inst %u)", file,
               mssa_str(q->m, q->m->funcs.a[fi].name), x->inst, s->acc.a[d].id, s->acc.a[d].inst);
      }
    }
    if (entry && !r.entry && !r.truncated) T.entry_missed++;
    free(got);
    mssa_qreach_free(&r);
  }
  free(found);
  return miss;
}

static void check_file(const char *path) {
  mssa_qmodule *q = NULL;
  mssa_diag dg;
  mssa_build_opts o = {.check_limit = 100};
  if (mssa_qmodule_build(path, NULL, 0, &o, &q, &dg)) return;
  T.files++;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++)
    if (q->ssa[fi] && q->ssa[fi]->cfg.n <= MAX_BLOCKS)
      for (unsigned view = 0; view <= MSSA_REACH_SOURCE_VIEW; view += MSSA_REACH_SOURCE_VIEW)
        T.missed += check_func(q, fi, path, view);
  mssa_qmodule_free(q);
}

static int no_dot(const struct dirent *e) { return e->d_name[0] != '.'; }

/* The csmith .ll files (O0 and O1raw: the forms an editor sees). */
static void scan_corpus(const char *dir, int depth) {
  struct dirent **ents;
  int n = scandir(dir, &ents, no_dot, alphasort);
  for (int i = 0; i < n; i++) {
    char p[4096];
    const char *nm = ents[i]->d_name;
    int w = snprintf(p, sizeof p, "%s/%s", dir, nm);
    bool fits = w >= 0 && (size_t)w < sizeof p;   /* else a path too long to be ours */
    struct stat sb;
    bool is_dir = fits && stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
    if (is_dir && depth < 1) scan_corpus(p, depth + 1);
    else if (fits && !is_dir && T.files < MAX_FILES && (strstr(nm, ".O0.ll") || strstr(nm, ".O1raw.ll")))
      check_file(p);
    free(ents[i]);
  }
  if (n >= 0) free(ents);
}

/* ------------------------------------------------ concrete answers */

static mssa_qmodule *fixture(const char *name) {
  const char *root = getenv("MEMSSA_ROOT");
  char p[4096];
  snprintf(p, sizeof p, "%s/tests/fixtures/reach/%s", root ? root : ".", name);
  mssa_qmodule *q = NULL;
  mssa_diag dg;
  mssa_build_opts o = {.check_limit = 100};
  if (mssa_qmodule_build(p, NULL, 0, &o, &q, &dg)) return NULL;
  return q;
}

/* The last access at file:line:col of function fn of the kind wanted. */
static uint32_t at_in(mssa_qmodule *q, const char *file, const char *fn, uint32_t line,
                      uint32_t col, unsigned kind, uint32_t *fi) {
  mssa_qhit h[16];
  uint32_t n = mssa_q_find_source(q, file, line, col, h, 16);
  *fi = mssa_q_find_func(q, fn);
  uint32_t found = MSSA_NONE;
  for (uint32_t i = 0; i < n && i < 16; i++) {
    if (h[i].func != *fi) continue;
    uint32_t a = mssa_ssa_inst_access(q->ssa[*fi], h[i].inst);
    if (q->ssa[*fi]->acc.a[a].kind == kind) found = a;
  }
  return found;
}

static uint32_t at(mssa_qmodule *q, const char *fn, uint32_t line, uint32_t col, unsigned kind,
                   uint32_t *fi) {
  return at_in(q, "sample.c", fn, line, col, kind, fi);
}

/* "line:path" of each reaching write in a view (MSSA_REACH_* flags),
** joined by spaces (line 0 for the entry). */
static void reach_str_view(mssa_qmodule *q, uint32_t fi, uint32_t a, unsigned view, char *buf,
                           size_t cap) {
  mssa_ssa *s = q->ssa[fi];
  mssa_qreach r;
  buf[0] = 0;
  if (a == MSSA_NONE || mssa_q_reaching_view(s, a, 0, view, &r)) return;
  size_t k = 0;
  for (uint32_t i = 0; i < r.n; i++) {
    uint32_t line = 0, col = 0;
    char file[256];
    if (r.w[i].access != MSSA_LIVE_ON_ENTRY)
      mssa_q_inst_source(q->m, &q->m->funcs.a[fi].insts.a[s->acc.a[r.w[i].access].inst], file,
                         sizeof file, &line, &col);
    k += (size_t)snprintf(buf + k, cap - k, "%s%u:%s", k ? " " : "", line,
                          mssa_path_name(r.w[i].path));
  }
  mssa_qreach_free(&r);
}

static void reach_str(mssa_qmodule *q, uint32_t fi, uint32_t a, char *buf, size_t cap) {
  reach_str_view(q, fi, a, 0, buf, cap);
}

/* Does some access on the line have variable name `want`? */
static bool line_has_var(mssa_qmodule *q, const char *fn, uint32_t line, const char *want) {
  mssa_qhit h[32];
  uint32_t n = mssa_q_find_source(q, "sample.c", line, 0, h, 32);
  uint32_t fi = mssa_q_find_func(q, fn);
  char var[128];
  for (uint32_t i = 0; i < n && i < 32; i++)
    if (h[i].func == fi && !mssa_q_inst_var(q->m, &q->m->funcs.a[fi], h[i].inst, var, sizeof var) &&
        !strcmp(var, want))
      return true;
  return false;
}

/* tests/fixtures/reach/NAME: tests/fixtures/nvim/sample.c compiled by
** clang 14 (llvm.dbg.declare calls) or 19 (#dbg_declare records). */
static void concrete(const char *name) {
  mssa_qmodule *q = fixture(name);
  if (!ok(q != NULL, "fixture %s reads", name)) return;
  note("%s", name);
  ok(line_has_var(q, "list_sum", 16, "p->next"), "`p = p->next` reads `p->next`");
  ok(line_has_var(q, "matmul", 34, "b[…][…]"), "`b[k][j]` is `b[…][…]`");
  uint32_t fi, a;
  char got[512], var[128];
  a = at(q, "sum", 24, 11, MSSA_ACC_USE, &fi);
  reach_str(q, fi, a, got, sizeof got);
  is_str(got, "22:straight 24:loop", "total in `total += a[i]`: written at 22, and at 24 around the loop");
  mssa_q_inst_var(q->m, &q->m->funcs.a[fi], q->ssa[fi]->acc.a[a].inst, var, sizeof var);
  is_str(var, "total", "its variable is `total`");
  a = at(q, "sum", 24, 14, MSSA_ACC_USE, &fi);
  reach_str(q, fi, a, got, sizeof got);
  is_str(got, "0:entry", "a[i] is written before sum");
  mssa_q_inst_var(q->m, &q->m->funcs.a[fi], q->ssa[fi]->acc.a[a].inst, var, sizeof var);
  is_str(var, "a[…]", "its variable is `a[…]`");
  a = at(q, "list_sum", 17, 13, MSSA_ACC_USE, &fi);
  mssa_q_inst_var(q->m, &q->m->funcs.a[fi], q->ssa[fi]->acc.a[a].inst, var, sizeof var);
  is_str(var, "p->val", "a field through a pointer: `p->val`");
  a = at(q, "list_sum", 17, 10, MSSA_ACC_USE, &fi);
  reach_str(q, fi, a, got, sizeof got);
  is_str(got, "16:straight 16:loop", "p: from `p = head` and `p = p->next`");
  a = at(q, "sum", 25, 11, MSSA_ACC_DEF, &fi);
  mssa_q_inst_var(q->m, &q->m->funcs.a[fi], q->ssa[fi]->acc.a[a].inst, var, sizeof var);
  is_str(var, "counter", "a global by its DIGlobalVariable: `counter`");
  /* readers of `int total = 0;` */
  a = at(q, "sum", 22, 7, MSSA_ACC_DEF, &fi);
  mssa_ssa *s = q->ssa[fi];
  while (a != MSSA_NONE && s->f->insts.a[s->acc.a[a].inst].opcode != MSSA_OP_STORE) a = MSSA_NONE;
  uint32_t rd[16];
  bool tr;
  uint32_t n = a == MSSA_NONE ? 0 : mssa_q_readers(s, a, rd, 16, &tr);
  size_t k = 0;
  got[0] = 0;
  for (uint32_t i = 0; i < n && i < 16; i++) {
    uint32_t line = 0, col = 0;
    char file[256];
    mssa_q_inst_source(q->m, &s->f->insts.a[s->acc.a[rd[i]].inst], file, sizeof file, &line, &col);
    k += (size_t)snprintf(got + k, sizeof got - k, "%s%u", k ? " " : "", line);
  }
  is_str(got, "24 25 26", "`int total = 0;` is read at lines 24, 25, 26");
  mssa_qmodule_free(q);
}

/* tests/fixtures/reach/view.c by clang 14 (view.ll) and 22 (view22.ll):
** the source view answers from the promoted view, where a pointer
** reloaded from its local's slot is one value, as it is in the C. */
static void promoted(const char *name) {
  mssa_qmodule *q = fixture(name);
  if (!ok(q != NULL, "fixture %s reads", name)) return;
  note("%s", name);
  uint32_t fi, a;
  char got[512];
  a = at_in(q, "view.c", "set_twice", 8, 13, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, 0, got, sizeof got);
  is_str(got, "6:straight 7:straight 0:entry",
         "module view: `c->user` after two stores through two loads of c lists both, and entry");
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "7:straight", "source view: `c->user = 0;` overwrites `c->user = x;`");
  a = at_in(q, "view.c", "walk", 16, 13, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "15:straight", "source view: `n += p->fd` reads this iteration's `p->fd = n`");
  reach_str_view(q, fi, a, 0, got, sizeof got);
  ok(strcmp(got, "15:straight") != 0, "module view lists more (%s)", got);
  a = at_in(q, "view.c", "keep_first", 25, 13, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "23:straight 24:straight",
         "source view: `d->user = 0;` may write c->user (c and d may be one), the entry may not");
  a = at_in(q, "view.c", "rehash", 38, 23, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, 0, got, sizeof got);
  is_str(got, "39:loop 0:entry", "module view: the union member `p->u.hnext = v[h];` may write `p->hash`");
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "0:entry", "source view: another member of struct str is other bytes, whichever str");
  mssa_qmodule_free(q);
}

/* view22-nosa.ll: view.c by clang-22 with -fno-strict-aliasing (no !tbaa):
** the member rule is off, the promoted view still on. */
static void promoted_nosa(void) {
  mssa_qmodule *q = fixture("view22-nosa.ll");
  if (!ok(q != NULL, "fixture view22-nosa.ll reads")) return;
  uint32_t fi, a;
  char got[512];
  a = at_in(q, "view.c", "rehash", 38, 23, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "39:loop 40:loop 0:entry",
         "without strict aliasing the union member may write `p->hash` (and, untyped, `v[h] = p;`)");
  a = at_in(q, "view.c", "set_twice", 8, 13, MSSA_ACC_USE, &fi);
  reach_str_view(q, fi, a, MSSA_REACH_SOURCE_VIEW, got, sizeof got);
  is_str(got, "7:straight", "the promoted view needs no strict aliasing");
  mssa_qmodule_free(q);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    for (int i = 1; i < argc; i++) check_file(argv[i]);
  } else {
    concrete("sample.ll");
    concrete("sample19.ll");
    promoted("view.ll");
    promoted("view22.ll");
    promoted_nosa();
    const char *corpus = getenv("MEMSSA_CORPUS");
    char p[4096];
    const char *root = getenv("MEMSSA_ROOT") ? getenv("MEMSSA_ROOT") : ".";
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/sample.ll", root);
    check_file(p);
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/sample19.ll", root);
    check_file(p);
    /* clang's cleanup dispatch (early returns in loops): paths.ll is
    ** tests/fixtures/judged/paths.c by clang-14 -g -O1 -Xclang
    ** -disable-llvm-passes, paths22.ll by clang-22 */
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/paths.ll", root);
    check_file(p);
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/paths22.ll", root);
    check_file(p);
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/view.ll", root);
    check_file(p);
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/view22.ll", root);
    check_file(p);
    snprintf(p, sizeof p, "%s/tests/fixtures/reach/view22-nosa.ll", root);
    check_file(p);
    if (corpus) {
      snprintf(p, sizeof p, "%s/csmith", corpus);
      scan_corpus(p, 0);
    }
  }
  note("files %u, loads %u (%u skipped: too many paths), writes found by paths %u, "
       "reported beyond them %u", T.files, T.loads, T.skipped, T.writes, T.extra);
  note("writes of CFG paths that no source-view path brings: %u", T.source_only_cut);
  ok(T.loads > 0, "compared reaching writes with path enumeration");
  ok(T.source_only_cut > 0, "the source view's paths leave some CFG paths' writes out "
                            "(clang's cleanup dispatch in paths.ll)");
  is_uint(T.missed, 0, "no write a path reaches is omitted");
  is_uint(T.entry_missed, 0, "liveOnEntry whenever a path reaches the entry");
  return done_testing();
}
