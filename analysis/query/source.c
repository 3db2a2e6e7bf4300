/*
** source.c -- memory instructions by source position (see source.h).
**
** The bundle's line index (every location of every instruction's
** inlinedAt chain, sorted by line) gives the candidates of the wanted
** line; each is checked for a MemoryAccess and its file compared with the
** wanted one (through a per-call cache keyed by the file's string id).
** Only on a miss a pass over every memory instruction looks at every
** location, for the file's nearest lines and the reason. Then the column picks: exact, else the nearest column (ties:
** the earlier).
**
** Invariants:
**   1. See source.h.
**   2. An instruction is a hit at most once: by its first location in the
**      chain (innermost first) that lies on the wanted line.
*/
#include "query/source.h"

#include <stdlib.h>
#include <string.h>

#include "base/check.h"

#define PATH_CAP 4096
enum { FILE_NO = 1, FILE_YES = 2 };

/* Appends part s[0..k) to buf (n bytes so far) after a '/' if needed. */
static size_t append_part(char *buf, size_t n, size_t root, size_t cap, const char *s, size_t k) {
  if (n > root && n + 1 < cap) buf[n++] = '/';
  for (size_t i = 0; i < k && n + 1 < cap; i++) buf[n++] = s[i];
  return n;
}

void mssa_q_normalize_path(const char *path, char *buf, size_t cap) {
  if (!cap) return;
  size_t n = 0, root = path[0] == '/' ? 1 : 0;
  if (root && cap > 1) buf[n++] = '/';
  for (const char *s = path; *s;) {
    while (*s == '/') s++;
    const char *e = s;
    while (*e && *e != '/') e++;
    size_t k = (size_t)(e - s);
    bool dot = k == 1 && s[0] == '.', dotdot = k == 2 && s[0] == '.' && s[1] == '.';
    if (dotdot && n > root) {
      size_t j = n;   /* the last part starts at j */
      while (j > root && buf[j - 1] != '/') j--;
      if (!(n - j == 2 && buf[j] == '.' && buf[j + 1] == '.')) {
        n = j > root ? j - 1 : root;   /* "dir/.." cancels */
        s = e;
        continue;
      }
    }
    if (k && !dot && !(dotdot && root && n == root)) n = append_part(buf, n, root, cap, s, k);
    s = e;
  }
  buf[n] = 0;
}

/* Is b a suffix of a at a '/' boundary (or equal)? */
static bool suffix_at_slash(const char *a, const char *b) {
  size_t an = strlen(a), bn = strlen(b);
  if (!bn || bn > an || strcmp(a + an - bn, b)) return false;
  return an == bn || a[an - bn - 1] == '/' || b[0] == '/';
}

bool mssa_q_same_file(const char *a, const char *b) {
  char na[PATH_CAP], nb[PATH_CAP];
  mssa_q_normalize_path(a, na, sizeof na);
  mssa_q_normalize_path(b, nb, sizeof nb);
  return suffix_at_slash(na, nb) || suffix_at_slash(nb, na);
}

/* The source of location node `loc` (file string id, line, col). */
static bool loc_source(const mssa_module *m, uint32_t loc, uint32_t *file, uint32_t *line,
                       uint32_t *col) {
  mssa_inst tmp;
  memset(&tmp, 0, sizeof tmp);
  tmp.dbg = loc;   /* mssa_inst_source reads only the location */
  uint32_t dir;
  return mssa_inst_source(m, &tmp, file, &dir, line, col);
}

typedef struct search {
  const mssa_qmodule *q;
  mssa_qpos *pos;
  mssa_u64map files;     /* file string id -> FILE_NO / FILE_YES */
  MSSA_VEC(mssa_qhit) hits;
} search;

static bool file_ok(search *sr, uint32_t fid) {
  if (fid == MSSA_NONE) return false;
  uint32_t v = mssa_u64map_get(&sr->files, fid);
  if (v == MSSA_NONE) {
    v = mssa_q_same_file(mssa_str(sr->q->m, fid), sr->pos->file) ? FILE_YES : FILE_NO;
    mssa_u64map_put(&sr->files, fid, v);
  }
  return v == FILE_YES;
}

static void note_line(mssa_qpos *pos, uint32_t l) {
  if (l < pos->line && l > pos->line_before) pos->line_before = l;
  if (l > pos->line && (!pos->line_after || l < pos->line_after)) pos->line_after = l;
}

/* Instruction i of function fi, on a miss: the file's lines it is at,
** through its chain (for the nearest lines), and whether the file is known. */
static void visit(search *sr, uint32_t fi, uint32_t i, uint32_t dbg) {
  const mssa_module *m = sr->q->m;
  uint32_t loc = dbg;
  for (int d = 0; d < MSSA_INLINE_DEPTH && loc != MSSA_NONE && loc < m->md.n; d++) {
    uint32_t fid = MSSA_NONE, l = 0, c = 0;
    if (!loc_source(m, loc, &fid, &l, &c)) return;
    if (file_ok(sr, fid)) {
      sr->pos->file_known = true;
      if (l == sr->pos->line) {
        mssa_qhit h = {fi, i, l, c};
        mssa_vec_push(&sr->hits, h);
        return;
      }
      note_line(sr->pos, l);
    }
    loc = m->md.a[loc].inlined_at;
  }
}

static int hit_cmp(const void *a, const void *b) {
  const mssa_qhit *x = a, *y = b;
  if (x->col != y->col) return x->col < y->col ? -1 : 1;
  if (x->func != y->func) return x->func < y->func ? -1 : 1;
  return (x->inst > y->inst) - (x->inst < y->inst);
}

/* The column to answer for: the wanted one if it has hits, else the
** nearest (the earlier on a tie); 0 = all. */
static uint32_t pick_col(const search *sr) {
  uint32_t want = sr->pos->col, best = 0, bestd = UINT32_MAX;
  if (!want) return 0;
  for (uint32_t k = 0; k < sr->hits.n; k++) {
    uint32_t c = sr->hits.a[k].col, d = c > want ? c - want : want - c;
    if (d < bestd || (d == bestd && c < best)) best = c, bestd = d;
  }
  return best;
}

static int u32_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

uint32_t mssa_q_load_lines(const mssa_qmodule *q, const char *file, uint32_t **out) {
  const mssa_module *m = q->m;
  mssa_u64map files;   /* file string id -> FILE_NO / FILE_YES */
  memset(&files, 0, sizeof files);
  MSSA_VEC(uint32_t) v = {0};
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl) continue;
    for (uint32_t i = 0; i < f->insts.n; i++) {
      const mssa_inst *in = &f->insts.a[i];
      if (in->block == MSSA_NONE || in->dbg == MSSA_NONE || in->opcode != MSSA_OP_LOAD) continue;
      uint32_t fid = MSSA_NONE, l = 0, c = 0;
      if (!loc_source(m, in->dbg, &fid, &l, &c) || fid == MSSA_NONE || !l) continue;
      uint32_t ok = mssa_u64map_get(&files, fid);
      if (ok == MSSA_NONE) {
        ok = mssa_q_same_file(mssa_str(m, fid), file) ? FILE_YES : FILE_NO;
        mssa_u64map_put(&files, fid, ok);
      }
      if (ok == FILE_YES) mssa_vec_push(&v, l);
    }
  }
  mssa_u64map_free(&files);
  if (v.n) qsort(v.a, v.n, sizeof *v.a, u32_cmp);
  uint32_t k = 0;
  for (uint32_t j = 0; j < v.n; j++)
    if (!k || v.a[k - 1] != v.a[j]) v.a[k++] = v.a[j];
  *out = v.a ? v.a : mssa_xmalloc(sizeof **out);
  return k;
}

/* ------------------------------------------------------ the line index */

/* One location of a memory instruction's inlinedAt chain. */
typedef struct lent {
  uint32_t line, col, func, inst, file, depth;
} lent;

struct mssa_qline_index {
  uint64_t version;   /* the bundle's version it was built for */
  lent *e;            /* sorted by line, then function, instruction, depth */
  uint32_t n;
};

static int lent_cmp(const void *a, const void *b) {
  const lent *x = a, *y = b;
  if (x->line != y->line) return x->line < y->line ? -1 : 1;
  if (x->func != y->func) return x->func < y->func ? -1 : 1;
  if (x->inst != y->inst) return x->inst < y->inst ? -1 : 1;
  return (x->depth > y->depth) - (x->depth < y->depth);
}

/* Largest line a counting sort takes (a count per line up to it). */
#define COUNT_SORT_LINES (1u << 22)

/* Entries made in (function, instruction, depth) order, sorted as lent_cmp
** says: a stable counting sort by line keeps that order within a line (the
** index is rebuilt after every reload: a qsort was most of the first query
** after a save). Lines beyond COUNT_SORT_LINES: qsort. Returns the sorted
** array (v, or a new one with v freed). */
static lent *sort_by_line(lent *v, uint32_t n) {
  uint32_t max = 0;
  for (uint32_t k = 0; k < n; k++) max = v[k].line > max ? v[k].line : max;
  if (n < 2 || max >= COUNT_SORT_LINES) {
    if (n > 1) qsort(v, n, sizeof *v, lent_cmp);
    return v;
  }
  uint32_t *start = mssa_xcalloc((size_t)max + 2, sizeof *start);
  for (uint32_t k = 0; k < n; k++) start[v[k].line + 1]++;
  for (uint32_t l = 1; l <= max + 1; l++) start[l] += start[l - 1];
  lent *out = mssa_xmalloc((size_t)n * sizeof *out);
  for (uint32_t k = 0; k < n; k++) out[start[v[k].line]++] = v[k];
  free(start);
  free(v);
  for (uint32_t k = 1; MSSA_CHECKS && k < n; k++) MSSA_ASSERT(lent_cmp(&out[k - 1], &out[k]) < 0);
  return out;
}

/* Every location (with the inlinedAt chain) of every instruction that has a
** !dbg in a defined function: whether it touches memory is asked at query
** time, since a graph may be rebuilt (or evicted) meanwhile. */
static struct mssa_qline_index *index_build(const mssa_qmodule *q) {
  const mssa_module *m = q->m;
  MSSA_VEC(lent) v = {0};
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl) continue;
    for (uint32_t i = 0; i < f->insts.n; i++) {
      const mssa_inst *in = &f->insts.a[i];
      if (in->block == MSSA_NONE || in->dbg == MSSA_NONE) continue;
      uint32_t loc = in->dbg;
      for (uint32_t d = 0; d < MSSA_INLINE_DEPTH && loc != MSSA_NONE && loc < m->md.n; d++) {
        lent e = {0, 0, fi, i, MSSA_NONE, d};
        if (!loc_source(m, loc, &e.file, &e.line, &e.col)) break;
        mssa_vec_push(&v, e);
        loc = m->md.a[loc].inlined_at;
      }
    }
  }
  struct mssa_qline_index *ix = mssa_xcalloc(1, sizeof *ix);
  ix->version = q->version;
  ix->e = sort_by_line(v.a, v.n);
  ix->n = v.n;
  return ix;
}

void mssa_q_line_index_free(struct mssa_qline_index *ix) {
  if (!ix) return;
  free(ix->e);
  free(ix);
}

/* The hits of the wanted line, from the index: each instruction once (its
** innermost location on the line), in a file that matches. */
static void index_hits(search *sr, mssa_qmodule *q) {
  if (!q->lines || q->lines->version != q->version) {
    mssa_q_line_index_free(q->lines);
    q->lines = NULL;   /* never dangling if the build fails (base/oom.h) */
    q->lines = index_build(q);
  }
  const struct mssa_qline_index *ix = q->lines;
  uint32_t lo = 0, hi = ix->n, line = sr->pos->line;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (ix->e[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  for (uint32_t k = lo; k < ix->n && ix->e[k].line == line; k++) {
    const lent *e = &ix->e[k];
    const mssa_ssa *s = q->ssa[e->func];
    if (!s || mssa_ssa_inst_access(s, e->inst) == MSSA_NONE || !file_ok(sr, e->file)) continue;
    if (sr->hits.n && sr->hits.a[sr->hits.n - 1].func == e->func &&
        sr->hits.a[sr->hits.n - 1].inst == e->inst)
      continue;   /* sorted: the same instruction's deeper location */
    sr->pos->file_known = sr->pos->has_dbg = true;
    mssa_qhit h = {e->func, e->inst, e->line, e->col};
    mssa_vec_push(&sr->hits, h);
  }
}

/* On a miss: one pass over every memory instruction with a location. */
static void scan(search *sr) {
  const mssa_qmodule *q = sr->q;
  const mssa_module *m = q->m;
  for (uint32_t fi = 0; fi < q->nfuncs; fi++) {
    const mssa_ssa *s = q->ssa[fi];
    const mssa_func *f = &m->funcs.a[fi];
    if (f->md_dbg != MSSA_NONE) sr->pos->has_dbg = true;
    if (!s) continue;
    for (uint32_t i = 0; i < f->insts.n; i++) {
      const mssa_inst *in = &f->insts.a[i];
      if (in->block == MSSA_NONE || in->dbg == MSSA_NONE) continue;
      sr->pos->has_dbg = true;
      if (mssa_ssa_inst_access(s, i) != MSSA_NONE) visit(sr, fi, i, in->dbg);
    }
  }
}

uint32_t mssa_q_find_position(mssa_qmodule *q, mssa_qpos *pos, mssa_qhit *out, uint32_t cap) {
  search sr;
  memset(&sr, 0, sizeof sr);
  sr.q = q;
  sr.pos = pos;
  pos->has_dbg = pos->file_known = pos->nearest = false;
  pos->col_used = 0;
  pos->line_before = pos->line_after = 0;
  index_hits(&sr, q);
  if (!sr.hits.n) scan(&sr);   /* a miss: what the file has, for its reason */
  uint32_t col = pick_col(&sr), n = 0;
  pos->col_used = col;
  pos->nearest = col && col != pos->col;
  if (sr.hits.n) qsort(sr.hits.a, sr.hits.n, sizeof *sr.hits.a, hit_cmp);
  for (uint32_t k = 0; k < sr.hits.n; k++) {
    if (col && sr.hits.a[k].col != col) continue;
    if (n < cap) out[n] = sr.hits.a[k];
    n++;
  }
  mssa_vec_free(&sr.hits);
  mssa_u64map_free(&sr.files);
  return n;
}
