/*
** check.c -- the soundness checker of interprocedural mod/ref summaries:
** reads `memssa summary` JSON (tests/ipa-sound/README.md gives the mapping), the
** META file instrument.c wrote for the same .ll, and the FACTS files the
** instrumented program's runs wrote (rt.c), and reports every fact no entry
** of its function's summary covers.
**
**   check SUMMARY.json NAME.meta... FACTS... [--quiet]
**
** (one .meta file per module of the program, in id order: instrument --ids).
**
** Exit status: 0 when every fact is covered, 1 on any violation, 2 on bad
** input. Prints one line of figures ("facts F accesses A violations V ...",
** and how the covered facts were covered: by a named entry -- global, param,
** alloc --, only by `other`, or by an unknown function).
**
** A fact (fid, read|write, kind, ...) is covered when f is unknown, or when
** one of its alternatives is:
**   global g [lo, hi): global entries of g whose union holds [lo, hi), or
**       `other` when g is address-taken (per the summary's globals list);
**   alloc (allocated during the activation): `alloc`, or `other`;
**   other: `other`;
**   param i at delta d, size n: param-i entries whose union holds [d, d+n)
**       (an entry with hi null holds everything).
**
** Invariants:
**   1. A fact of a function absent from the summary is a violation (every
**      defined function must be there): nothing is skipped silently.
**   2. The output order is the facts files' order (sorted by rt.c), so two
**      runs on the same input print the same report.
*/
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { char *name; int internal; char *module; json_t *fn; } fentry;
typedef struct { char *name; int internal; char *module; int address_taken; } gentry;

static fentry *fns;
static uint32_t nfns;
static gentry *gls;
static uint32_t ngls;

/* Is the summary's entity (name, module) the META one? An internal symbol
** by name and module; an external one by name, its module null. */
static int same_symbol(json_t *o, const char *name, int internal, const char *module) {
  const char *n = json_string_value(json_object_get(o, "name"));
  const char *mod = json_string_value(json_object_get(o, "module"));
  if (!n || strcmp(n, name)) return 0;
  return internal ? mod && !strcmp(mod, module) : !mod;
}

static json_t *find_fn(json_t *funcs, const char *name, int internal, const char *module) {
  size_t i;
  json_t *f;
  json_array_foreach(funcs, i, f) if (same_symbol(f, name, internal, module)) return f;
  /* linkage read differently: by name alone, if that is unambiguous */
  json_t *one = NULL;
  json_array_foreach(funcs, i, f) {
    const char *n = json_string_value(json_object_get(f, "name"));
    if (n && !strcmp(n, name)) {
      if (one) return NULL;
      one = f;
    }
  }
  return one;
}

static int address_taken(json_t *globals, const gentry *ge) {
  size_t i;
  json_t *g;
  json_array_foreach(globals, i, g) {
    if (same_symbol(g, ge->name, ge->internal, ge->module))
      return json_is_true(json_object_get(g, "address_taken"));
  }
  return 0; /* unknown to the summary: the strict reading */
}

static int entry_is(json_t *e, const char *kind) {
  const char *k = json_string_value(json_object_get(e, "kind"));
  return k && !strcmp(k, kind);
}

/* Do the entries of `list` matching `want` cover [lo, hi)? */
typedef int (*match_fn)(json_t *e, const void *arg);
static int covers(json_t *list, match_fn want, const void *arg, int64_t lo, int64_t hi) {
  int64_t cur = lo;
  for (int progress = 1; cur < hi && progress;) {
    progress = 0;
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
      if (!want(e, arg)) continue;
      json_t *jh = json_object_get(e, "hi");
      if (!jh || json_is_null(jh)) return 1;
      int64_t elo = json_integer_value(json_object_get(e, "lo"));
      int64_t ehi = json_integer_value(jh);
      if (elo <= cur && cur < ehi) { cur = ehi; progress = 1; }
    }
  }
  return cur >= hi;
}

static int match_global(json_t *e, const void *arg) {
  const gentry *g = arg;
  return entry_is(e, "global") && same_symbol(e, g->name, g->internal, g->module);
}
static int match_param(json_t *e, const void *arg) {
  uint32_t idx = *(const uint32_t *)arg;
  return entry_is(e, "param") && json_integer_value(json_object_get(e, "index")) == (json_int_t)idx;
}
static int has_kind(json_t *list, const char *kind) {
  size_t i;
  json_t *e;
  json_array_foreach(list, i, e) if (entry_is(e, kind)) return 1;
  return 0;
}

static char *xstrdup(const char *s) {
  char *p = strdup(s);
  if (!p) { fputs("check: out of memory\n", stderr); exit(2); }
  return p;
}

static int read_meta(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { perror(path); return -1; }
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    char name[2048], mod[1024];
    unsigned id;
    int internal;
    unsigned long long size;
    int decl;
    if (line[0] == 'F' && sscanf(line, "F\t%u\t%2047[^\t]\t%d\t%1023[^\t\n]", &id, name, &internal, mod) == 4) {
      if (id != nfns) { fprintf(stderr, "check: %s: function ids out of order\n", path); fclose(f); return -1; }
      fns = realloc(fns, (nfns + 1) * sizeof *fns);
      fns[nfns++] = (fentry){xstrdup(name), internal, xstrdup(mod), NULL};
    } else if (line[0] == 'G' && sscanf(line, "G\t%u\t%2047[^\t]\t%d\t%llu\t%d\t%1023[^\t\n]", &id, name,
                                        &internal, &size, &decl, mod) == 6) {
      if (id != ngls) { fprintf(stderr, "check: %s: global ids out of order\n", path); fclose(f); return -1; }
      gls = realloc(gls, (ngls + 1) * sizeof *gls);
      gls[ngls++] = (gentry){xstrdup(name), internal, xstrdup(mod), 0};
    } else if (line[0] == 'F' || line[0] == 'G') {
      fprintf(stderr, "check: %s: bad META line (from an older instrument?): %s", path, line);
      fclose(f);
      return -1;
    }
  }
  fclose(f);
  return 0;
}

int main(int argc, char **argv) {
  int quiet = 0, nfiles = 0;
  const char *files[4096];
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quiet")) quiet = 1;
    else if (nfiles < 4096) files[nfiles++] = argv[i];
  }
  if (nfiles < 3) {
    fprintf(stderr, "usage: check SUMMARY.json NAME.meta... FACTS... [--quiet]\n");
    return 2;
  }
  json_error_t err;
  json_t *sum = json_load_file(files[0], 0, &err);
  if (!sum) { fprintf(stderr, "check: %s:%d: %s\n", files[0], err.line, err.text); return 2; }
  json_t *funcs = json_object_get(sum, "functions"), *globals = json_object_get(sum, "globals");
  if (!json_is_array(funcs) || !json_is_array(globals)) {
    fprintf(stderr, "check: %s: no functions/globals arrays\n", files[0]);
    return 2;
  }
  /* META files: one per module of the program, ids consecutive */
  int first = 1;
  for (; first < nfiles - 1 && strstr(files[first], ".meta"); first++)
    if (read_meta(files[first])) return 2;
  if (!nfns) { fprintf(stderr, "check: no META file (NAME.meta) given\n"); return 2; }
  for (uint32_t i = 0; i < nfns; i++) fns[i].fn = find_fn(funcs, fns[i].name, fns[i].internal, fns[i].module);
  for (uint32_t i = 0; i < ngls; i++) gls[i].address_taken = address_taken(globals, &gls[i]);
  uint64_t nfacts = 0, naccess = 0, viol = 0, dropped = 0, timeouts = 0;
  uint64_t by_entry = 0, by_other = 0, by_unknown = 0; /* how covered facts were */
  for (int fi = first; fi < nfiles; fi++) {
    FILE *f = fopen(files[fi], "r");
    if (!f) { perror(files[fi]); return 2; }
    char line[8192];
    while (fgets(line, sizeof line, f)) {
      if (line[0] == '#') {
        unsigned long long a = 0, k = 0, d = 0;
        int t = 0;
        if (sscanf(line, "# accesses %llu facts %llu dropped %llu timeout %d", &a, &k, &d, &t) == 4) {
          naccess += a; dropped += d; timeouts += t != 0;
        }
        continue;
      }
      unsigned fid, gid, ln, top;
      char rw, kind;
      long long lo;
      unsigned long long size, count;
      int used = 0;
      if (sscanf(line, "%u %c %c %u %lld %llu %u %u %llu%n", &fid, &rw, &kind, &gid, &lo, &size, &ln,
                 &top, &count, &used) != 9 || fid >= nfns || top >= nfns) {
        fprintf(stderr, "check: %s: bad fact line: %s", files[fi], line);
        return 2;
      }
      nfacts++;
      uint32_t alti[8];
      long long altd[8];
      int nalt = 0;
      for (char *p = line + used; nalt < 8;) {
        unsigned ai;
        long long ad;
        int u = 0;
        if (sscanf(p, " %u:%lld%n", &ai, &ad, &u) != 2) break;
        alti[nalt] = ai; altd[nalt] = ad; nalt++;
        p += u;
      }
      const fentry *fe = &fns[fid];
      const char *what = NULL;
      if (!fe->fn) {
        what = "function missing from the summary";
      } else if (!json_is_true(json_object_get(fe->fn, "unknown"))) {
        json_t *list = json_object_get(fe->fn, rw == 'w' ? "writes" : "reads");
        /* a named entry first (global, param, alloc), then `other` */
        int ok = 0;
        int other = has_kind(list, "other");
        if (kind == 'A') ok = has_kind(list, "alloc");
        else if (kind == 'G' && gid < ngls)
          ok = covers(list, match_global, &gls[gid], lo, lo + (long long)size);
        for (int j = 0; j < nalt && !ok; j++)
          ok = covers(list, match_param, &alti[j], altd[j], altd[j] + (long long)size);
        if (ok) by_entry++;
        else if (other && (kind != 'G' || (gid < ngls && gls[gid].address_taken))) ok = 1, by_other++;
        if (!ok) what = "not covered";
      } else {
        by_unknown++;
      }
      if (!what) continue;
      viol++;
      if (quiet && viol > 20) continue;
      printf("VIOLATION %s: %s ", fe->name, rw == 'w' ? "write" : "read");
      if (kind == 'G') printf("global %s [%lld,%llu)", gid < ngls ? gls[gid].name : "?", lo,
                              (unsigned long long)lo + size);
      else if (kind == 'A') printf("alloc (%llu bytes)", size);
      else printf("other (%llu bytes)", size);
      for (int j = 0; j < nalt; j++) printf(" | param %u [%lld,%lld)", alti[j], altd[j], altd[j] + (long long)size);
      printf(" at line %u in %s%s (%llu times): %s\n", ln, fns[top].name,
             top == fid ? "" : " (a callee)", count, what);
    }
    fclose(f);
  }
  printf("runs %d facts %" PRIu64 " accesses %" PRIu64 " violations %" PRIu64 " dropped %" PRIu64
         " timeouts %" PRIu64 " covered: by-entry %" PRIu64 " by-other %" PRIu64 " by-unknown %" PRIu64 "\n",
         nfiles - first, nfacts, naccess, viol, dropped, timeouts, by_entry, by_other, by_unknown);
  json_decref(sum);
  return viol ? 1 : 0;
}
