/*
** test_soundness.c -- where do our clobber answers differ from LLVM 14's,
** and is any difference unsound?
**
** For every corpus module with opt's printouts beside it (FILE.mssa.txt for
** the optimized MemoryUses, FILE.walker.txt for the walker's answer on every
** access), this compares our answer with opt's, access by access, and sorts
** each difference:
**   - below:  our clobber is dominated by LLVM's (we stopped earlier: less
**             precise, still sound);
**   - ABOVE:  our clobber dominates LLVM's, or the two are unrelated: we
**             skipped an access LLVM's alias analysis says may clobber. These
**             are the soundness suspects; each is listed with its function
**             and instruction text.
** The test asserts that the ABOVE list is empty. Access ids are comparable
** because construction matches opt's numbering exactly (conformance tests).
**
** Corpora: $MEMSSA_SHARED/corpus/llvm-memoryssa, $MEMSSA_SHARED/corpus/real,
** and every directory under $MEMSSA_CORPUS (csmith, own C files), when
** present. Run it by hand on other files: test_soundness FILE.ll ...
*/
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ir/ir.h"
#include "reader/reader.h"
#include "mssa/mssa.h"
#include "tap.h"

typedef struct counts {
  unsigned files, compared, same, below, above, misaligned;
} counts;

static counts total;
static unsigned listed;

/* Reads opt's printout: per function, the clobber id of each annotation
** line in order (walker: "clobbered by"; mssa: the id inside MemoryUse()),
** with -2 for lines that carry no answer (defs/phis in the mssa form). */
typedef struct expfunc {
  char *name;
  long *ids;
  unsigned n, cap;
} expfunc;

typedef struct expfile {
  expfunc *f;
  unsigned n, cap;
} expfile;

static long parse_id(const char *p) {
  if (!strncmp(p, "liveOnEntry", 11)) return 0;
  return strtol(p, NULL, 10);
}

static bool read_expected(const char *path, bool walker, expfile *out) {
  FILE *in = fopen(path, "r");
  if (!in) return false;
  memset(out, 0, sizeof *out);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  expfunc *cur = NULL;
  const char *hdr = walker ? "MemorySSA (walker) for function: " : "MemorySSA for function: ";
  size_t hl = strlen(hdr);
  while ((len = getline(&line, &cap, in)) >= 0) {
    if (len && line[len - 1] == '\n') line[--len] = 0;
    if (!strncmp(line, hdr, hl)) {
      if (out->n == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 64;
        out->f = realloc(out->f, out->cap * sizeof *out->f);
      }
      cur = &out->f[out->n++];
      memset(cur, 0, sizeof *cur);
      cur->name = strdup(line + hl);
      continue;
    }
    if (!cur || strncmp(line, "; ", 2)) continue;
    const char *a = line + 2;
    bool phi_line = strstr(a, "= MemoryPhi(") && !strstr(a, "clobbered by");
    if (!strstr(a, "MemoryDef(") && !strstr(a, "MemoryUse(") && !strstr(a, "MemoryPhi(")) continue;
    if (phi_line) continue; /* phis are not instruction annotations */
    long id = -2;
    if (walker) {
      const char *c = strstr(a, " - clobbered by ");
      if (c) id = parse_id(c + 16);
    } else if (!strncmp(a, "MemoryUse(", 10)) {
      id = parse_id(a + 10);
    }
    if (cur->n == cur->cap) {
      cur->cap = cur->cap ? 2 * cur->cap : 64;
      cur->ids = realloc(cur->ids, cur->cap * sizeof(long));
    }
    cur->ids[cur->n++] = id;
  }
  free(line);
  fclose(in);
  return true;
}

static void free_expected(expfile *e) {
  for (unsigned i = 0; i < e->n; i++) {
    free(e->f[i].name);
    free(e->f[i].ids);
  }
  free(e->f);
}

static uint32_t access_with_id(const mssa_ssa *s, long id) {
  if (id == 0) return 0;
  for (uint32_t a = 0; a < s->acc.n; a++)
    if (s->acc.a[a].kind != MSSA_ACC_USE && s->acc.a[a].id == (uint32_t)id) return a;
  return MSSA_NONE;
}

static void report_above(const char *file, const mssa_module *m, const mssa_func *f,
                         uint32_t inst, long ours, long theirs, bool walker) {
  if (listed++ >= 200) return;
  const mssa_inst *in = &f->insts.a[inst];
  diag("ABOVE %s @%s (%s): ours %ld, opt %ld: %.*s", file, mssa_str(m, f->name),
       walker ? "walker" : "use optimization", ours, theirs, (int)in->text_len,
       m->text + in->text_off);
}

static void compare_file(const char *ll, bool walker) {
  char exp[4096];
  snprintf(exp, sizeof exp, "%.*s.%s", (int)(strlen(ll) - 3), ll, walker ? "walker.txt" : "mssa.txt");
  expfile e;
  if (!read_expected(exp, walker, &e)) return;
  mssa_module *m = NULL;
  mssa_diag d;
  if (mssa_module_parse_file(ll, &m, &d) != MSSA_OK) {
    free_expected(&e);
    return;
  }
  total.files++;
  unsigned ef = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl) continue;
    while (ef < e.n && strcmp(e.f[ef].name, mssa_str(m, f->name))) ef++;
    if (ef >= e.n) break;
    expfunc *x = &e.f[ef++];
    mssa_ssa *s = NULL;
    if (mssa_ssa_build(m, f, NULL, &s) != MSSA_OK) continue;
    unsigned k = 0;
    bool aligned = true;
    for (uint32_t b = f->first_block; b != MSSA_NONE && aligned; b = f->blocks.a[b].next) {
      for (uint32_t i = f->blocks.a[b].first; i != MSSA_NONE; i = f->insts.a[i].next) {
        uint32_t a = mssa_ssa_inst_access(s, i);
        if (a == MSSA_NONE) continue;
        if (k >= x->n) { aligned = false; break; }
        long theirs = x->ids[k++];
        uint32_t ours_acc;
        if (walker) {
          uint32_t limit = UINT32_MAX;
          ours_acc = mssa_walker_clobber(s, a, &limit);
        } else {
          if (s->acc.a[a].kind != MSSA_ACC_USE) continue;
          ours_acc = s->acc.a[a].def;
        }
        if (theirs < -1) continue;
        total.compared++;
        long ours = ours_acc == 0 ? 0 : (long)s->acc.a[ours_acc].id;
        if (ours == theirs) { total.same++; continue; }
        uint32_t t = access_with_id(s, theirs);
        if (t != MSSA_NONE && mssa_ssa_dominates(s, t, ours_acc)) {
          total.below++;
        } else {
          total.above++;
          report_above(ll, m, f, i, ours, theirs, walker);
        }
      }
    }
    if (k != x->n) aligned = false;
    if (!aligned) total.misaligned++;
    mssa_ssa_free(s);
  }
  free_expected(&e);
  mssa_module_free(m);
}

static int has_suffix(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && !strcmp(s + a - b, suf);
}

/* Every .ll in dir and one level below. */
static void scan(const char *dir, int depth) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *de;
  char **names = NULL;
  size_t n = 0, cap = 0;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? 2 * cap : 64;
      names = realloc(names, cap * sizeof *names);
    }
    names[n++] = strdup(de->d_name);
  }
  closedir(d);
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
      if (depth < 2) scan(path, depth + 1);
    } else if (has_suffix(names[i], ".ll")) {
      compare_file(path, false);
      compare_file(path, true);
    }
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  if (argc > 1) {
    for (int i = 1; i < argc; i++) {
      compare_file(argv[i], false);
      compare_file(argv[i], true);
    }
  } else {
    const char *shared = getenv("MEMSSA_SHARED");
    const char *corpus = getenv("MEMSSA_CORPUS");
    char p[4096];
    if (shared) {
      snprintf(p, sizeof p, "%s/corpus/llvm-memoryssa", shared);
      scan(p, 1);
      snprintf(p, sizeof p, "%s/corpus/real", shared);
      scan(p, 1);
    }
    if (corpus) scan(corpus, 0);
  }
  if (total.files == 0) skip_all("no corpus with opt printouts found (set MEMSSA_SHARED)");
  note("files %u, answers compared %u: same %u, below opt (less precise) %u, ABOVE opt %u; "
       "functions misaligned %u",
       total.files, total.compared, total.same, total.below, total.above, total.misaligned);
  ok(total.compared > 0, "compared answers with opt");
  is_uint(total.misaligned, 0, "every function's accesses line up with opt's printout");
  is_uint(total.above, 0, "no clobber above LLVM's (soundness suspects listed above)");
  return done_testing();
}
