/*
** test_fuzz_update.c -- differential fuzzing of the incremental updater.
**
** Random edit sequences over functions of the LLVM MemorySSA corpus
** ($MEMSSA_SHARED/corpus/llvm-memoryssa, .ll files), the csmith corpus
** ($MEMSSA_CORPUS/csmith-NAME/SUBDIR, .ll files) and the project's own C
** files ($MEMSSA_CORPUS/own, .ll files). Each edit goes through mssa_update_*; after
** every edit mssa_verify() must pass; after every batch the updated graph
** must equal a fresh mssa_ssa_build() of the edited function: same accesses
** in the same places, same defining accesses / use clobbers, same phis with
** the same incoming (block, value) multisets, and the same walker answer for
** every access -- compared through a canonical text in which an access is
** named by its instruction (defs, uses) or block (phis), never by id.
** Every few batches one batch ends with a deliberately invalid op; the
** function and graph must then be exactly as before the batch.
**
** Environment: N (edits, default 2000), SEED (default 1), MAXINST (skip
** larger functions, default 1500), PERFILE (edits per file visit, default
** 60), VERBOSE.
** Also after every batch, before any walker query of the batch: the whole
** print<memoryssa> text equals a fresh build's up to id numbering (every
** printed field of every access: defining access, alias word, phi
** operands in order).
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "ir/ir_edit.h"
#include "mssa/mssa.h"
#include "update/mssa_update.h"
#include "tap.h"
#include "test_util.h"

/* ------------------------------------------------------------- files */

typedef MSSA_VEC(char *) strvec;

static void add_dir(strvec *v, const char *dir, const char *suffix) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  size_t sl = strlen(suffix);
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < sl || strcmp(e->d_name + n - sl, suffix)) continue;
    char *p = malloc(strlen(dir) + n + 2);
    sprintf(p, "%s/%s", dir, e->d_name);
    mssa_vec_push(v, p);
  }
  closedir(d);
}

static void add_subdirs(strvec *v, const char *dir, const char *prefix) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (strncmp(e->d_name, prefix, strlen(prefix)) || e->d_name[0] == '.') continue;
    char sub[8192];
    if ((size_t)snprintf(sub, sizeof sub, "%.4000s/%.255s", dir, e->d_name) >= sizeof sub) continue;
    DIR *d2 = opendir(sub);
    if (!d2) continue;
    struct dirent *e2;
    while ((e2 = readdir(d2))) {
      if (e2->d_name[0] == '.') continue;
      char sub2[8192 + 512];
      snprintf(sub2, sizeof sub2, "%.8000s/%.255s", sub, e2->d_name);
      add_dir(v, sub2, ".ll");
    }
    closedir(d2);
  }
  closedir(d);
}

static int cmpstr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ----------------------------------------------------------- random */

static uint64_t rng_state;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}
static uint32_t rndn(uint32_t n) { return n ? rnd() % n : 0; }

#include "update_canon.h"
#include "print_canon.h"

/* --------------------------------------------------------------- edits */

typedef struct fstats {
  uint64_t tried, applied, rejected, batches, mismatches, verify_fail, ar_diff, order_diff;
  uint64_t restores, restore_fail;
  uint64_t text_tried, text_ok, text_parse_fail;
  uint64_t reopt_checks, reopt_fail;
  uint64_t print_checks, print_fail;
  uint64_t per_corpus[3];
  uint64_t by_kind[16];
} fstats;

static fstats st;
static int verbose;
static char tracebuf[8192];
static size_t tracelen;
static void trace(const char *fmt, ...) TAP__PRINTF(1, 2);
static void trace(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(tracebuf + tracelen, sizeof tracebuf - tracelen, fmt, ap);
  va_end(ap);
  if (k > 0 && tracelen + (size_t)k < sizeof tracebuf) tracelen += (size_t)k;
}

static uint32_t pick_inst(const mssa_func *f, int want) {
  /* want: 0 any non-terminator, 1 memory-ish (load/store/call), 2 any */
  for (int tries = 0; tries < 64; tries++) {
    uint32_t i = rndn(f->insts.n);
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE) continue;
    bool term = mssa_opcode_is_terminator(in->opcode);
    if (want == 0 && term) continue;
    if (want == 1 && !(in->opcode == MSSA_OP_LOAD || in->opcode == MSSA_OP_STORE ||
                       in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_FENCE ||
                       in->opcode == MSSA_OP_ATOMICRMW || in->opcode == MSSA_OP_CMPXCHG))
      continue;
    return i;
  }
  return MSSA_NONE;
}

static uint32_t pick_block(const mssa_func *f) {
  for (int tries = 0; tries < 32; tries++) {
    uint32_t b = rndn(f->blocks.n);
    if (!f->blocks.a[b].removed) return b;
  }
  return MSSA_NONE;
}

static bool block_has_irphi(const mssa_func *f, uint32_t b) {
  uint32_t i = f->blocks.a[b].first;
  return i != MSSA_NONE && f->insts.a[i].opcode == MSSA_OP_PHI;
}

/* A random position: before/after an instruction or at a block's end. */
static void pick_pos(const mssa_func *f, uint32_t near, int *where, uint32_t *anchor) {
  uint32_t r = rndn(10);
  if (near != MSSA_NONE && r < 5) {
    /* near the original: same block, a few instructions later */
    uint32_t x = near;
    uint32_t steps = rndn(4);
    while (steps-- && f->insts.a[x].next != MSSA_NONE) x = f->insts.a[x].next;
    *where = mssa_opcode_is_terminator(f->insts.a[x].opcode) ? MSSA_AT_BEFORE : (int)rndn(2);
    *anchor = x;
    return;
  }
  if (r < 8) {
    uint32_t x = pick_inst(f, 2);
    if (x != MSSA_NONE) {
      *where = mssa_opcode_is_terminator(f->insts.a[x].opcode) ? MSSA_AT_BEFORE : (int)rndn(2);
      *anchor = x;
      return;
    }
  }
  *where = MSSA_AT_END;
  *anchor = pick_block(f);
}

/* One random edit; returns 0 if applied, else the error. */
static int random_edit(mssa_module *m, mssa_func *f, mssa_ssa *s, int *kind_out) {
  uint32_t r = rndn(100);
  int rc = MSSA_EINVAL;
  if (r < 30) { /* insert a clone of an existing instruction */
    *kind_out = 0;
    uint32_t i = pick_inst(f, rndn(4) ? 1 : 0);
    if (i == MSSA_NONE || f->insts.a[i].opcode == MSSA_OP_PHI) return MSSA_EINVAL;
    mssa_inst proto = f->insts.a[i];
    proto.name = MSSA_NONE;
    proto.slot = MSSA_NONE;
    uint32_t n = proto.nops;
    mssa_val *ops = malloc((n ? n : 1) * sizeof *ops);
    if (n) memcpy(ops, f->ops.a + proto.ops, n * sizeof *ops);
    int where; uint32_t anchor;
    pick_pos(f, i, &where, &anchor);
    uint32_t id;
    const mssa_inst *orig = &f->insts.a[i];
    if (rndn(2) && orig->text_len && orig->text_len < 900) {
      /* the text form: the original's text, renamed, attachments dropped */
      char text[1024];
      const char *t = m->text + orig->text_off;
      size_t len = orig->text_len;
      size_t k = 0;
      if (t[0] == '%') {
        const char *eq = memchr(t, '=', len);
        if (!eq) { free(ops); return MSSA_EINVAL; }
        k = (size_t)snprintf(text, sizeof text, "%%fz.%llu ", (unsigned long long)st.tried);
        size_t skip = (size_t)(eq - t);
        memcpy(text + k, t + skip, len - skip);
        k += len - skip;
      } else {
        memcpy(text, t, len);
        k = len;
      }
      text[k] = 0;
      char *md = strstr(text, ", !");
      if (md) *md = 0;
      mssa_diag d;
      rc = mssa_update_insert_text(m, f, s, text, strlen(text), (mssa_where)where, anchor, &id, &d);
      trace("insert_text '%s' where %d anchor %u -> %d id %u\n", text, where, anchor, rc, rc ? 0 : id);
      st.text_tried++;
      if (rc == MSSA_OK) st.text_ok++;
      else if (rc == MSSA_EPARSE) {
        st.text_parse_fail++;
        if (verbose) diag("text insert: %s: %u:%u: %s", text, d.line, d.col, d.msg);
      }
    } else {
      rc = mssa_update_insert(m, f, s, &proto, ops, n, (mssa_where)where, anchor, &id);
      trace("insert clone of i%u where %d anchor %u -> %d id %u\n", i, where, anchor, rc, rc ? 0 : id);
    }
    free(ops);
  } else if (r < 50) { /* remove */
    *kind_out = 1;
    uint32_t i = pick_inst(f, rndn(3) ? 1 : 0);
    if (i == MSSA_NONE) return MSSA_EINVAL;
    rc = mssa_update_remove(m, f, s, i);
    trace("remove i%u -> %d\n", i, rc);
  } else if (r < 70) { /* move */
    *kind_out = 2;
    uint32_t i = pick_inst(f, rndn(4) ? 1 : 0);
    if (i == MSSA_NONE) return MSSA_EINVAL;
    int where; uint32_t anchor;
    pick_pos(f, rndn(2) ? i : MSSA_NONE, &where, &anchor);
    rc = mssa_update_move(m, f, s, i, (mssa_where)where, anchor);
    trace("move i%u where %d anchor %u -> %d\n", i, where, anchor, rc);
  } else if (r < 80) { /* set_operand: re-point a load/store at another pointer */
    *kind_out = 3;
    uint32_t i = pick_inst(f, 1), j = pick_inst(f, 1);
    if (i == MSSA_NONE || j == MSSA_NONE) return MSSA_EINVAL;
    const mssa_inst *a = &f->insts.a[i], *b = &f->insts.a[j];
    uint32_t ka = a->opcode == MSSA_OP_STORE ? 1 : 0, kb = b->opcode == MSSA_OP_STORE ? 1 : 0;
    if (ka >= a->nops || kb >= b->nops) return MSSA_EINVAL;
    if (a->opcode == MSSA_OP_CALL || b->opcode == MSSA_OP_CALL) {
      /* calls: swap in another argument value of the same type */
      if (a->nops < 2 || b->nops < 2) return MSSA_EINVAL;
      ka = 1 + rndn(a->nops - 1);
      kb = 1 + rndn(b->nops - 1);
    }
    rc = mssa_update_set_operand(m, f, s, i, ka, f->ops.a[b->ops + kb]);
    trace("set_operand i%u op %u := op %u of i%u -> %d\n", i, ka, kb, j, rc);
  } else if (r < 88) { /* set_terminator: retarget or swap a br */
    *kind_out = 4;
    uint32_t b = pick_block(f);
    if (b == MSSA_NONE) return MSSA_EINVAL;
    uint32_t t = mssa_block_terminator(f, b);
    if (t == MSSA_NONE || f->insts.a[t].opcode != MSSA_OP_BR) return MSSA_EINVAL;
    mssa_inst proto = f->insts.a[t];
    uint32_t n = proto.nops;
    mssa_val ops[3];
    memcpy(ops, f->ops.a + proto.ops, n * sizeof *ops);
    if (n == 3 && rndn(2)) {
      mssa_val x = ops[1]; ops[1] = ops[2]; ops[2] = x;
    } else {
      uint32_t nb = pick_block(f);
      if (nb == MSSA_NONE || block_has_irphi(f, nb)) return MSSA_EINVAL;
      ops[n == 3 ? 1 + rndn(2) : 0] = MSSA_VAL(MSSA_VK_BLOCK, nb);
    }
    uint32_t id;
    rc = mssa_update_set_terminator(m, f, s, b, &proto, ops, n, &id);
    trace("set_terminator b%u -> %d\n", b, rc);
  } else if (r < 92) { /* split an edge */
    *kind_out = 5;
    uint32_t b = pick_block(f);
    if (b == MSSA_NONE) return MSSA_EINVAL;
    uint32_t t = mssa_block_terminator(f, b);
    if (t == MSSA_NONE || f->insts.a[t].nops == 0) return MSSA_EINVAL;
    uint32_t succ[64];
    uint32_t k = mssa_inst_successors(f, &f->insts.a[t], succ, 64);
    if (!k || k > 64) return MSSA_EINVAL;
    uint32_t nb;
    rc = mssa_update_split_edge(m, f, s, b, succ[rndn(k)], &nb);
    trace("split_edge from b%u -> %d\n", b, rc);
  } else if (r < 96) { /* split a block */
    *kind_out = 6;
    uint32_t i = pick_inst(f, 2);
    if (i == MSSA_NONE) return MSSA_EINVAL;
    uint32_t nb;
    rc = mssa_update_split_block(m, f, s, i, &nb);
    trace("split_block at i%u -> %d\n", i, rc);
  } else { /* add an unreachable block, or remove one */
    *kind_out = 7;
    if (rndn(2)) {
      uint32_t nb;
      rc = mssa_update_add_block(m, f, s, pick_block(f), MSSA_NONE, &nb);
      if (rc == MSSA_OK && rndn(2)) {
        /* give it a terminator branching somewhere without phis */
        uint32_t to = pick_block(f);
        if (to != MSSA_NONE && to != f->entry && !block_has_irphi(f, to)) {
          mssa_inst br;
          memset(&br, 0, sizeof br);
          br.opcode = MSSA_OP_BR;
          br.type = m->t_void;
          br.name = br.slot = br.attrs = br.md_tbaa = br.md_scope = br.md_noalias = br.dbg = MSSA_NONE;
          br.mdatt = MSSA_NONE;
          mssa_val op = MSSA_VAL(MSSA_VK_BLOCK, to);
          uint32_t id;
          mssa_update_set_terminator(m, f, s, nb, &br, &op, 1, &id);
        }
      }
    } else {
      uint32_t b = pick_block(f);
      if (b == MSSA_NONE) return MSSA_EINVAL;
      rc = mssa_update_remove_block(m, f, s, b);
    }
  }
  return rc;
}

/* ------------------------------------------------------------ driver */

/* Every printed field of every access -- defining access, alias word,
** phi operands in order -- equals a fresh build's. Printed before the
** walker runs (canon() queries every access and caches on defs). */
static bool compare_print(mssa_ssa *s, mssa_ssa *fresh, const char *where) {
  sbuf a = {0}, b = {0};
  print_text(s, &a);
  print_text(fresh, &b);
  bool same = sb_eq(&a, &b);
  st.print_checks++;
  if (!same && ++st.print_fail <= 5) {
    diag("%s: print<memoryssa> differs from a fresh build's", where);
    first_diff(a.a, b.a);
  }
  free(a.a);
  free(b.a);
  return same;
}

static bool compare_fresh(mssa_module *m, mssa_func *f, mssa_ssa *s, const char *where) {
  mssa_ssa *fresh = NULL;
  if (mssa_ssa_build(m, f, NULL, &fresh) != MSSA_OK) {
    diag("%s: fresh build failed", where);
    return false;
  }
  bool printed_same = compare_print(s, fresh, where);
  sbuf a = {0}, b = {0}, ara = {0}, arb = {0}, oa = {0}, ob = {0};
  canon(s, &a, &ara, &oa);
  canon(fresh, &b, &arb, &ob);
  bool same = sb_eq(&a, &b);
  if (!same) {
    st.mismatches++;
    if (st.mismatches <= 5) {
      diag("%s: updated graph differs from a fresh build", where);
      first_diff(a.a, b.a);
    }
  } else {
    if (!sb_eq(&ara, &arb)) {
      st.ar_diff++;
      if (verbose) { diag("%s: alias word differs", where); first_diff(ara.a, arb.a); }
    }
    if (!sb_eq(&oa, &ob)) {
      st.order_diff++;
      if (verbose) { diag("%s: phi operand order differs", where); first_diff(oa.a, ob.a); }
    }
  }
  if (same && rndn(4) == 0) {
    /* On demand the alias words are exact too. */
    mssa_update_reoptimize(m, f, s);
    sbuf c2 = {0}, arc = {0}, oc = {0};
    canon(s, &c2, &arc, &oc);
    st.reopt_checks++;
    if (!sb_eq(&c2, &b) || !sb_eq(&arc, &arb)) {
      st.reopt_fail++;
      if (st.reopt_fail <= 3) { diag("%s: reoptimized graph differs", where); first_diff(arc.a, arb.a); }
    }
    free(c2.a); free(arc.a); free(oc.a);
  }
  free(a.a); free(b.a); free(ara.a); free(arb.a); free(oa.a); free(ob.a);
  mssa_ssa_free(fresh);
  return same && printed_same;
}

static void fuzz_function(mssa_module *m, uint32_t fi, const char *file, uint64_t budget) {
  mssa_func *f = &m->funcs.a[fi];
  mssa_ssa *s = NULL;
  if (mssa_ssa_build(m, f, NULL, &s) != MSSA_OK) return;
  char where[512];
  uint64_t done = 0;
  while (done < budget) {
    uint32_t bs = 1 + rndn(6);
    bool poison = rndn(5) == 0; /* end this batch with an invalid op */
    mssa_update_snapshot *before = poison ? mssa_update_snapshot_take(f, s) : NULL;
    sbuf pre = {0}, prea = {0}, preo = {0};
    if (poison) canon(s, &pre, &prea, &preo);
    tracelen = 0;
    tracebuf[0] = 0;
    for (uint32_t k = 0; k < bs && done < budget; k++) {
      int kind = 0;
      st.tried++;
      int rc = random_edit(m, f, s, &kind);
      if (rc) { st.rejected++; continue; }
      st.applied++;
      st.by_kind[kind]++;
      done++;
      char msg[256];
      if (mssa_verify(s, msg, sizeof msg) != 0) {
        st.verify_fail++;
        if (st.verify_fail <= 5) diag("%s @%s: verify after edit kind %d: %s", file,
                                      mssa_str(m, f->name), kind, msg);
      }
    }
    st.batches++;
    if (getenv("TRACEFN") && !strcmp(getenv("TRACEFN"), mssa_str(m, f->name)))
      diag("trace %s batch %llu:\n%s", file, (unsigned long long)st.batches, tracebuf);
    snprintf(where, sizeof where, "%s @%s batch %llu", file, mssa_str(m, f->name),
             (unsigned long long)st.batches);
    if (!compare_fresh(m, f, s, where)) {
      if (st.mismatches <= 2) {
        diag("edits of this batch:\n%s", tracebuf);
        if (verbose) {
          mssa_print_function(stderr, s, false);
          mssa_ssa *fr = NULL;
          mssa_ssa_build(m, f, NULL, &fr);
          mssa_print_function(stderr, fr, false);
          mssa_ssa_free(fr);
        }
      }
      /* resynchronise so one bug does not cascade */
      mssa_ssa_free(s);
      if (mssa_ssa_build(m, f, NULL, &s) != MSSA_OK) { free(pre.a); free(prea.a); free(preo.a); return; }
    }
    if (poison) {
      /* Apply a batch of (valid-looking) edits followed by an invalid op
      ** through mssa_update_batch, against the pre-batch state restored
      ** from the snapshot: nothing may change. */
      mssa_update_snapshot *cur = mssa_update_snapshot_take(f, s);
      mssa_update_snapshot_restore(before, f, s);
      mssa_edit_op ops[2];
      memset(ops, 0, sizeof ops);
      ops[0].kind = MSSA_EDIT_SPLIT_BLOCK;
      ops[0].inst = pick_inst(f, 2);
      ops[1].kind = MSSA_EDIT_REMOVE;
      ops[1].inst = 0x0fffffffu; /* no such instruction */
      uint32_t res[2], failed = 0;
      int rc = mssa_update_batch(m, f, s, ops, 2, res, &failed, NULL);
      st.restores++;
      sbuf post = {0}, posta = {0}, posto = {0};
      canon(s, &post, &posta, &posto);
      if (rc == MSSA_OK || failed > 1 || !sb_eq(&post, &pre)) {
        st.restore_fail++;
        if (st.restore_fail <= 3) diag("%s: failed batch did not restore (rc %d failed %u)", where, rc, failed);
      }
      free(post.a); free(posta.a); free(posto.a);
      mssa_update_snapshot_restore(cur, f, s);
    }
    free(pre.a); free(prea.a); free(preo.a);
  }
  mssa_ssa_free(s);
}


int main(void) {
  const char *ev;
  uint64_t N = (ev = getenv("N")) ? strtoull(ev, NULL, 10) : 2000;
  uint64_t seed = (ev = getenv("SEED")) ? strtoull(ev, NULL, 10) : 1;
  uint32_t maxinst = (ev = getenv("MAXINST")) ? (uint32_t)strtoul(ev, NULL, 10) : 1500;
  verbose = getenv("VERBOSE") != NULL;
  rng_state = seed * 0x9E3779B97F4A7C15ull + 1;

  /* Three corpora, visited in rotation so that every run (even a short
  ** one) spreads its edits over all of them; files in a fixed shuffled
  ** order per corpus, at most PERFILE edits per file visit. */
  strvec lists[3] = {{0}, {0}, {0}};
  const char *shared = getenv("MEMSSA_SHARED");
  const char *corpus = getenv("MEMSSA_CORPUS");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/corpus/llvm-memoryssa", shared ? shared : "../shared");
  add_dir(&lists[0], dir, ".ll");
  snprintf(dir, sizeof dir, "%s", corpus ? corpus : "build/corpus");
  add_subdirs(&lists[1], dir, "csmith");
  snprintf(dir, sizeof dir, "%s/own", corpus ? corpus : "build/corpus");
  add_dir(&lists[2], dir, ".ll");
  if (!lists[0].n && !lists[1].n && !lists[2].n) skip_all("no corpus files found");
  for (int c = 0; c < 3; c++) {
    strvec *fl = &lists[c];
    if (fl->n) qsort(fl->a, fl->n, sizeof *fl->a, cmpstr);
    for (uint32_t i = fl->n; i > 1; i--) {
      uint32_t j = rndn(i);
      char *t = fl->a[i - 1]; fl->a[i - 1] = fl->a[j]; fl->a[j] = t;
    }
  }
  uint64_t per_func = 12, perfile = (ev = getenv("PERFILE")) ? strtoull(ev, NULL, 10) : 60;
  uint32_t nfiles = 0, nfuncs = 0, cursor[3] = {0, 0, 0};
  for (uint32_t it = 0; st.applied < N; it++) {
    int ci = (int)(it % 3);
    strvec *fl = &lists[ci];
    if (!fl->n) continue;
    if (cursor[0] >= 8 * (lists[0].n + 1) && cursor[1] >= 8 * (lists[1].n + 1) &&
        cursor[2] >= 8 * (lists[2].n + 1))
      break;
    const char *path = fl->a[cursor[ci]++ % fl->n];
    size_t len;
    char *text = slurp(path, &len);
    if (!text) continue;
    mssa_module *m = NULL;
    mssa_diag d;
    int rc = mssa_module_parse(path, text, len, &m, &d);
    free(text);
    if (rc) continue;
    nfiles++;
    uint64_t file_start = st.applied;
    /* start at a random function so repeated visits see different ones */
    uint32_t k0 = rndn(m->funcs.n);
    for (uint32_t kk = 0; kk < m->funcs.n && st.applied < N && st.applied - file_start < perfile; kk++) {
      uint32_t k = (k0 + kk) % m->funcs.n;
      mssa_func *f = &m->funcs.a[k];
      if (f->is_decl || f->entry == MSSA_NONE || f->insts.n > maxinst) continue;
      nfuncs++;
      uint64_t left = N - st.applied, before = st.applied;
      fuzz_function(m, k, path, left < per_func ? left : per_func);
      st.per_corpus[ci] += st.applied - before;
    }
    mssa_module_free(m);
  }

  note("files %u, functions %u, edits tried %llu, applied %llu, rejected %llu, batches %llu",
       nfiles, nfuncs, (unsigned long long)st.tried, (unsigned long long)st.applied,
       (unsigned long long)st.rejected, (unsigned long long)st.batches);
  note("edits by corpus: llvm-memoryssa %llu, csmith %llu, own %llu",
       (unsigned long long)st.per_corpus[0], (unsigned long long)st.per_corpus[1],
       (unsigned long long)st.per_corpus[2]);
  {
    static const char *const cname[3] = {"llvm-memoryssa", "csmith", "own C files"};
    bool spread = true;
    for (int c = 0; c < 3; c++) {
      if (!lists[c].n) diag("corpus %s: no files (not generated here): not exercised", cname[c]);
      else if (!st.per_corpus[c]) spread = false;
    }
    ok(spread, "every corpus present got edits (llvm-memoryssa %llu, csmith %llu, own %llu)",
       (unsigned long long)st.per_corpus[0], (unsigned long long)st.per_corpus[1],
       (unsigned long long)st.per_corpus[2]);
  }
  note("by kind: insert %llu remove %llu move %llu set_operand %llu set_terminator %llu "
       "split_edge %llu split_block %llu add/remove_block %llu",
       (unsigned long long)st.by_kind[0], (unsigned long long)st.by_kind[1],
       (unsigned long long)st.by_kind[2], (unsigned long long)st.by_kind[3],
       (unsigned long long)st.by_kind[4], (unsigned long long)st.by_kind[5],
       (unsigned long long)st.by_kind[6], (unsigned long long)st.by_kind[7]);
  note("updater: incremental %llu, reoptimized %llu, rebuilt %llu, uses re-queried %llu, "
       "phis +%llu -%llu",
       (unsigned long long)mssa_update_counters.incremental,
       (unsigned long long)mssa_update_counters.reoptimized,
       (unsigned long long)mssa_update_counters.rebuilt,
       (unsigned long long)mssa_update_counters.uses_requeried,
       (unsigned long long)mssa_update_counters.phis_added,
       (unsigned long long)mssa_update_counters.phis_removed);
  note("text inserts: tried %llu, applied %llu, parse errors %llu",
       (unsigned long long)st.text_tried, (unsigned long long)st.text_ok,
       (unsigned long long)st.text_parse_fail);
  is_int((int)st.ar_diff, 0, "use alias words equal a fresh build's after every batch");
  is_int((int)st.order_diff, 0, "phi operands come in a fresh build's order after every batch");
  ok(st.applied >= N || st.applied > 0, "applied %llu edits (asked %llu)",
     (unsigned long long)st.applied, (unsigned long long)N);
  is_int((int)st.verify_fail, 0, "verifier passes after every edit");
  is_int((int)st.mismatches, 0, "updated graph equals a fresh build after every batch (%llu batches)",
         (unsigned long long)st.batches);
  is_int((int)st.print_fail, 0,
         "print<memoryssa> of the updated graph equals a fresh build's, alias words included "
         "(%llu batches)", (unsigned long long)st.print_checks);
  is_int((int)st.reopt_fail, 0, "after mssa_update_reoptimize even alias words equal a fresh build (%llu checks)",
         (unsigned long long)st.reopt_checks);
  is_int((int)st.restore_fail, 0, "failed batches leave function and graph unchanged (%llu)",
         (unsigned long long)st.restores);
  for (int c = 0; c < 3; c++) {
    for (uint32_t i = 0; i < lists[c].n; i++) free(lists[c].a[i]);
    mssa_vec_free(&lists[c]);
  }
  return done_testing();
}
