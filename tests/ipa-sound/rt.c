/*
** rt.c -- the runtime linked into a program instrumented by instrument.c:
** it keeps a shadow stack of activations and, for every memory access, what
** the access is in the terms of the mod/ref summary contract
** (tests/ipa-sound/README.md) for EACH enclosing activation, and writes the
** deduplicated facts at exit to the file $MSSA_FACTS.
**
** For an access of [a, a+n) and an activation of f at depth d:
**   - a global g (by the table @__mssa_init registers): fact `global g
**     [a-g, a-g+n)`, plus `param i` alternatives for the pointer arguments
**     of the activation that pointed into g at entry;
**   - a heap block (the __mssa_ allocation wrappers' map): `alloc` if it was
**     allocated after the activation's entry, else `other` plus `param i`
**     alternatives for the arguments that pointed into it;
**   - a stack object (a recorded alloca, or a byval argument): nothing if it
**     belongs to this activation or a deeper one, else `other` plus param
**     alternatives; a stack address in no recorded object: nothing if it
**     lies below the caller's stack pointer at the activation's entry (its
**     own frame or deeper ones: spill areas, va_arg save areas), else as
**     unknown memory;
**   - unknown memory (the C library's objects, argv, environ): `other`, plus
**     param alternatives for arguments at most WINDOW bytes below it (the
**     object's extent is unknown: a stated leniency).
** A fact is covered when one of its alternatives is (check.c).
**
** Invariants:
**   1. Shadow stack depths only grow by __mssa_enter and shrink by
**      __mssa_exit (the matching activation) or __mssa_sj_post (longjmp back
**      to a setjmp's activation); an activation's stack pointer is below its
**      caller's (the stack grows down).
**   2. Heap blocks in the map are disjoint, each listed under every 4 KiB
**      page it overlaps; a freed block leaves the map before free().
**   3. Output is sorted (fid, then the fact's fields): it depends neither on
**      addresses nor on hashing. Bounded: at most FACT_CAP facts, then later
**      new facts are counted as dropped (and reported), never stored.
*/
#define _GNU_SOURCE
#include <assert.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXARGS 16
#define MAXALT 4
#define WINDOW 4096
#define FACT_CAP (1u << 21)
#define ALLOCA_CAP_PER_ACT 4096

extern void *__libc_stack_end;
void __mssa_init(void);

/* ------------------------------------------------------------- activations */

typedef struct {
  uint32_t fid, nargs;
  uintptr_t sp;          /* the function's stack pointer when it called enter */
  uint64_t epoch;        /* heap blocks allocated so far */
  uint32_t alloca0;      /* first of its records in `allocas` */
  uintptr_t arg[MAXARGS];
} act;

typedef struct { uintptr_t lo, hi; uint32_t depth; } sobj;

static act *acts;
static uint32_t nacts, capacts;
static sobj *allocas;
static uint32_t nallocas, capallocas;

/* --------------------------------------------------------------- globals */

typedef struct { uintptr_t lo, hi; uint32_t gid; } gobj;
static gobj *globs;
static uint32_t nglobs, capglobs;
static int inited;

/* ------------------------------------------------------------------ heap */

typedef struct { uintptr_t lo, hi; uint64_t seq; int live; } hblock;
static hblock *blocks;
static uint32_t nblocks, capblocks;
static uint32_t *freelist;
static uint32_t nfree, capfree;
static uint64_t heap_seq;

/* page -> list of block indices (open addressing; each slot a small vector) */
typedef struct { uintptr_t page; uint32_t *b; uint32_t n, cap; } pslot;
static pslot *pages;
static size_t npages_cap, npages_used;

/* ----------------------------------------------------------------- facts */

typedef struct {
  uint32_t fid;
  uint8_t rw, kind, nalt, pad; /* kind: 'G' global, 'A' alloc, 'O' other */
  uint32_t gid;
  int64_t lo;
  uint64_t size;
  uint32_t alti[MAXALT];
  int64_t altd[MAXALT];
  /* not part of the key: */
  uint32_t line, topfid;
  uint64_t count;
  int used;
} fact;

static fact *facts;
static size_t factcap, nfacts;
static uint64_t dropped, accesses;
static volatile sig_atomic_t timed_out;

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q) { fputs("mssa-rt: out of memory\n", stderr); _exit(3); }
  return q;
}
#define GROW(arr, n, cap) \
  do { if ((n) == (cap)) { (cap) = (cap) ? (cap) * 2 : 64; (arr) = xrealloc((arr), (cap) * sizeof *(arr)); } } while (0)

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}
static uint64_t fact_hash(const fact *f) {
  uint64_t h = mix(f->fid, ((uint64_t)f->rw << 16) | ((uint64_t)f->kind << 8) | f->nalt);
  h = mix(h, f->gid);
  h = mix(h, (uint64_t)f->lo);
  h = mix(h, f->size);
  for (int i = 0; i < f->nalt; i++) h = mix(mix(h, f->alti[i]), (uint64_t)f->altd[i]);
  return h * 0xff51afd7ed558ccdull;
}
static int fact_eq(const fact *a, const fact *b) {
  if (a->fid != b->fid || a->rw != b->rw || a->kind != b->kind || a->nalt != b->nalt ||
      a->gid != b->gid || a->lo != b->lo || a->size != b->size)
    return 0;
  for (int i = 0; i < a->nalt; i++)
    if (a->alti[i] != b->alti[i] || a->altd[i] != b->altd[i]) return 0;
  return 1;
}

static void fact_add(const fact *k) {
  if (!factcap) {
    factcap = 1u << 16;
    facts = calloc(factcap, sizeof *facts);
    if (!facts) _exit(3);
  }
  size_t mask = factcap - 1, i = (size_t)fact_hash(k) & mask;
  while (facts[i].used) {
    if (fact_eq(&facts[i], k)) { facts[i].count++; return; }
    i = (i + 1) & mask;
  }
  if (nfacts >= FACT_CAP) { dropped++; return; }
  facts[i] = *k;
  facts[i].used = 1;
  facts[i].count = 1;
  nfacts++;
  if (nfacts * 2 > factcap) { /* rehash */
    size_t nc = factcap * 2;
    fact *nf = calloc(nc, sizeof *nf);
    if (!nf) _exit(3);
    for (size_t j = 0; j < factcap; j++) {
      if (!facts[j].used) continue;
      size_t p = (size_t)fact_hash(&facts[j]) & (nc - 1);
      while (nf[p].used) p = (p + 1) & (nc - 1);
      nf[p] = facts[j];
    }
    free(facts);
    facts = nf;
    factcap = nc;
  }
}

static int fact_cmp(const void *x, const void *y) {
  const fact *a = x, *b = y;
#define C(f) if (a->f != b->f) return a->f < b->f ? -1 : 1
  C(fid); C(rw); C(kind); C(gid); C(lo); C(size); C(nalt);
  for (int i = 0; i < a->nalt; i++) { C(alti[i]); C(altd[i]); }
#undef C
  return 0;
}

static void dump(void) {
  const char *path = getenv("MSSA_FACTS");
  if (!path || !facts) return;
  FILE *o = fopen(path, "w");
  if (!o) return;
  size_t k = 0;
  for (size_t i = 0; i < factcap; i++)
    if (facts[i].used) facts[k++] = facts[i];
  qsort(facts, k, sizeof *facts, fact_cmp);
  fprintf(o, "# accesses %llu facts %zu dropped %llu timeout %d\n", (unsigned long long)accesses,
          k, (unsigned long long)dropped, (int)timed_out);
  for (size_t i = 0; i < k; i++) {
    const fact *f = &facts[i];
    fprintf(o, "%u %c %c %u %lld %llu %u %u %llu", f->fid, f->rw ? 'w' : 'r', f->kind, f->gid,
            (long long)f->lo, (unsigned long long)f->size, f->line, f->topfid,
            (unsigned long long)f->count);
    for (int j = 0; j < f->nalt; j++) fprintf(o, " %u:%lld", f->alti[j], (long long)f->altd[j]);
    fputc('\n', o);
  }
  fclose(o);
  factcap = 0; /* written once */
}

/* Inside the runtime's own code (a counter: entry points nest). */
static volatile sig_atomic_t in_rt;

/* The first alarm asks the next event to end the run; if none comes within
** 2 s (a loop without accesses), a later alarm ends it from the handler --
** unless the runtime itself was interrupted, whose tables may be half
** updated (then it tries again a second later). */
static void on_alarm(int sig) {
  (void)sig;
  if (!timed_out) {
    timed_out = 1;
    alarm(2);
    return;
  }
  if (in_rt) {
    alarm(1);
    return;
  }
  dump();
  _exit(124);
}

static void init(void) {
  if (inited) return;
  inited = 1;
  __mssa_init();
  /* sort globals by address (insertion sort: called once, few hundred) */
  for (uint32_t i = 1; i < nglobs; i++) {
    gobj g = globs[i];
    uint32_t j = i;
    while (j > 0 && globs[j - 1].lo > g.lo) { globs[j] = globs[j - 1]; j--; }
    globs[j] = g;
  }
  atexit(dump);
  const char *t = getenv("MSSA_RT_TIMEOUT");
  if (t && atoi(t) > 0) {
    signal(SIGALRM, on_alarm);
    alarm((unsigned)atoi(t));
  }
}

static void check_timeout(void) {
  if (timed_out) {
    dump();
    _exit(124);
  }
}

void __mssa_global(uint32_t gid, void *p, uint64_t size) {
  GROW(globs, nglobs, capglobs);
  globs[nglobs++] = (gobj){(uintptr_t)p, (uintptr_t)p + size, gid};
}

/* ------------------------------------------------------------ heap map */

static pslot *page_slot(uintptr_t page, int create) {
  if (!npages_cap) {
    if (!create) return NULL;
    npages_cap = 1u << 12;
    pages = calloc(npages_cap, sizeof *pages);
    if (!pages) _exit(3);
  }
  size_t mask = npages_cap - 1, i = (size_t)((page * 0x9e3779b97f4a7c15ull) >> 20) & mask;
  while (pages[i].cap || pages[i].page) {
    if (pages[i].page == page) return &pages[i];
    i = (i + 1) & mask;
  }
  if (!create) return NULL;
  if ((npages_used + 1) * 2 > npages_cap) {
    size_t nc = npages_cap * 2;
    pslot *np = calloc(nc, sizeof *np);
    if (!np) _exit(3);
    for (size_t j = 0; j < npages_cap; j++) {
      if (!pages[j].cap && !pages[j].page) continue;
      size_t p = (size_t)((pages[j].page * 0x9e3779b97f4a7c15ull) >> 20) & (nc - 1);
      while (np[p].cap || np[p].page) p = (p + 1) & (nc - 1);
      np[p] = pages[j];
    }
    free(pages);
    pages = np;
    npages_cap = nc;
    return page_slot(page, 1);
  }
  pages[i].page = page;
  npages_used++;
  return &pages[i];
}

static void heap_add_body(void *p, size_t n) {
  if (!p) return;
  if (n == 0) n = 1;
  uint32_t id;
  if (nfree) id = freelist[--nfree];
  else { GROW(blocks, nblocks, capblocks); id = nblocks++; }
  blocks[id] = (hblock){(uintptr_t)p, (uintptr_t)p + n, ++heap_seq, 1};
  for (uintptr_t pg = (uintptr_t)p >> 12; pg <= ((uintptr_t)p + n - 1) >> 12; pg++) {
    pslot *s = page_slot(pg, 1);
    GROW(s->b, s->n, s->cap);
    s->b[s->n++] = id;
  }
}

static hblock *heap_find(uintptr_t a, uint32_t *idp) {
  pslot *s = page_slot(a >> 12, 0);
  if (!s) return NULL;
  for (uint32_t i = 0; i < s->n; i++) {
    hblock *b = &blocks[s->b[i]];
    if (b->live && a >= b->lo && a < b->hi) { if (idp) *idp = s->b[i]; return b; }
  }
  return NULL;
}

static void heap_del_body(void *p) {
  uint32_t id;
  hblock *b = p ? heap_find((uintptr_t)p, &id) : NULL;
  if (!b || b->lo != (uintptr_t)p) return;
  for (uintptr_t pg = b->lo >> 12; pg <= (b->hi - 1) >> 12; pg++) {
    pslot *s = page_slot(pg, 0);
    assert(s);
    for (uint32_t i = 0; i < s->n; i++)
      if (s->b[i] == id) { s->b[i] = s->b[--s->n]; break; }
  }
  b->live = 0;
  GROW(freelist, nfree, capfree);
  freelist[nfree++] = id;
}

static void heap_add(void *p, size_t n) { in_rt++; heap_add_body(p, n); in_rt--; }
static void heap_del(void *p) { in_rt++; heap_del_body(p); in_rt--; }

/* -------------------------------------------------------- classification */

static inline uintptr_t caller_sp(void *fa) { return (uintptr_t)fa + 16; }

/* The recorded stack object containing a, or NULL. */
static sobj *stack_find(uintptr_t a) {
  for (uint32_t i = nallocas; i-- > 0;)
    if (a >= allocas[i].lo && a < allocas[i].hi) return &allocas[i];
  return NULL;
}

/* Per activation: the param alternatives for an object [lo, hi) (or, with
** lo == hi == 0, unknown extent: arguments at most WINDOW below a). */
static int alternatives(const act *A, uintptr_t a, uintptr_t lo, uintptr_t hi, fact *k) {
  int n = 0;
  uint32_t na = A->nargs < MAXARGS ? A->nargs : MAXARGS;
  for (uint32_t i = 0; i < na && n < MAXALT; i++) {
    uintptr_t p = A->arg[i];
    if (!p) continue;
    int in = hi ? (p >= lo && p < hi) : (a >= p && a - p < WINDOW);
    if (!in) continue;
    k->alti[n] = i;
    k->altd[n] = (int64_t)(a - p);
    n++;
  }
  return n;
}

static void record_access_body(uintptr_t a, uint64_t n, int is_write, uint32_t line, uintptr_t sp) {
  if (!nacts || !n) return;
  accesses++;
  /* what object is it? */
  int what = 0; /* 1 global, 2 heap, 3 recorded stack, 4 other stack, 5 unknown */
  uintptr_t olo = 0, ohi = 0;
  uint32_t gid = 0, sdepth = 0;
  uint64_t seq = 0;
  uint32_t lo = 0, hi = nglobs;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (globs[mid].lo <= a) lo = mid + 1; else hi = mid;
  }
  if (lo > 0 && a < globs[lo - 1].hi) {
    what = 1; olo = globs[lo - 1].lo; ohi = globs[lo - 1].hi; gid = globs[lo - 1].gid;
  }
  hblock *hb = what ? NULL : heap_find(a, NULL);
  if (hb) { what = 2; olo = hb->lo; ohi = hb->hi; seq = hb->seq; }
  if (!what && a >= sp && a < (uintptr_t)__libc_stack_end) {
    sobj *so = stack_find(a);
    if (so) { what = 3; olo = so->lo; ohi = so->hi; sdepth = so->depth; }
    else what = 4;
  }
  if (!what) what = 5;
  uint32_t topfid = acts[nacts - 1].fid;
  for (uint32_t d = 0; d < nacts; d++) {
    const act *A = &acts[d];
    fact k;
    memset(&k, 0, sizeof k);
    k.fid = A->fid;
    k.rw = (uint8_t)is_write;
    k.line = line;
    k.topfid = topfid;
    k.size = n;
    switch (what) {
      case 1:
        k.kind = 'G'; k.gid = gid; k.lo = (int64_t)(a - olo);
        k.nalt = (uint8_t)alternatives(A, a, olo, ohi, &k);
        break;
      case 2:
        if (seq > A->epoch) { k.kind = 'A'; break; }
        k.kind = 'O';
        k.nalt = (uint8_t)alternatives(A, a, olo, ohi, &k);
        break;
      case 3:
        if (sdepth >= d) continue;
        k.kind = 'O';
        k.nalt = (uint8_t)alternatives(A, a, olo, ohi, &k);
        break;
      case 4:
        /* below the caller's sp at entry: this frame or a deeper one */
        if (a < (d ? acts[d - 1].sp : (uintptr_t)__libc_stack_end)) continue;
        /* fallthrough */
      default:
        k.kind = 'O';
        k.nalt = (uint8_t)alternatives(A, a, 0, 0, &k);
        break;
    }
    fact_add(&k);
  }
}

static void record_access(uintptr_t a, uint64_t n, int is_write, uint32_t line, uintptr_t sp) {
  in_rt++;
  record_access_body(a, n, is_write, line, sp);
  in_rt--;
}

/* ------------------------------------------------------------ entry points */

void __mssa_acc(void *p, uint64_t n, uint32_t is_write, uint32_t line) {
  init();
  check_timeout();
  record_access((uintptr_t)p, n, (int)is_write, line, caller_sp(__builtin_frame_address(0)));
}

void __mssa_enter(uint32_t fid, uint32_t nargs) {
  init();
  check_timeout();
  in_rt++;
  uintptr_t sp = caller_sp(__builtin_frame_address(0));
  /* activations at or below this stack pointer were left by a longjmp */
  while (nacts > 0 && acts[nacts - 1].sp <= sp) nallocas = acts[--nacts].alloca0;
  GROW(acts, nacts, capacts);
  act *A = &acts[nacts++];
  memset(A, 0, sizeof *A);
  A->fid = fid;
  A->nargs = nargs;
  A->sp = sp;
  A->epoch = heap_seq;
  A->alloca0 = nallocas;
  assert(nacts == 1 || A->sp < acts[nacts - 2].sp);
  in_rt--;
}

void __mssa_arg(uint32_t i, void *p, uint64_t byval) {
  in_rt++;
  assert(nacts > 0);
  act *A = &acts[nacts - 1];
  if (i < MAXARGS) A->arg[i] = (uintptr_t)p;
  if (byval && p) {
    /* the copy belongs to the call (LLVM's byval): a stack object of it */
    GROW(allocas, nallocas, capallocas);
    allocas[nallocas++] = (sobj){(uintptr_t)p, (uintptr_t)p + byval, nacts - 1};
  }
  in_rt--;
}

void __mssa_exit(uint32_t fid) {
  in_rt++;
  /* pop to the matching activation (a longjmp not seen would leave more) */
  while (nacts > 0) {
    act *A = &acts[--nacts];
    nallocas = A->alloca0;
    if (A->fid == fid) break;
  }
  in_rt--;
}

void __mssa_alloca(void *p, uint64_t n) {
  in_rt++;
  /* beyond the cap, the frame rule (record_access) makes them local still */
  if (nacts && nallocas - acts[nacts - 1].alloca0 < ALLOCA_CAP_PER_ACT) {
    GROW(allocas, nallocas, capallocas);
    allocas[nallocas++] = (sobj){(uintptr_t)p, (uintptr_t)p + (n ? n : 1), nacts - 1};
  }
  in_rt--;
}

/* setjmp: remember the depth per buffer; after it returns (the second time
** by a longjmp) cut the shadow stack back to it (invariant 1). */
typedef struct { uintptr_t buf; uint32_t depth; } sjrec;
static sjrec *sjs;
static uint32_t nsjs, capsjs;

static void lib_write(const void *p, size_t n);
static void lib_read(const void *p, size_t n);
void __mssa_sj_pre(void *buf) {
  lib_write(buf, sizeof(jmp_buf)); /* setjmp fills the buffer */
  for (uint32_t i = 0; i < nsjs; i++)
    if (sjs[i].buf == (uintptr_t)buf) { sjs[i].depth = nacts; return; }
  GROW(sjs, nsjs, capsjs);
  sjs[nsjs++] = (sjrec){(uintptr_t)buf, nacts};
}

void __mssa_sj_post(void *buf) {
  for (uint32_t i = 0; i < nsjs; i++)
    if (sjs[i].buf == (uintptr_t)buf) {
      while (nacts > sjs[i].depth) nallocas = acts[--nacts].alloca0;
      return;
    }
}

/* ------------------------------------------------------------ wrappers */

static void lib_read(const void *p, size_t n) {
  if (p && n) record_access((uintptr_t)p, n, 0, 0, (uintptr_t)__builtin_frame_address(0));
}
static void lib_write(const void *p, size_t n) {
  if (p && n) record_access((uintptr_t)p, n, 1, 0, (uintptr_t)__builtin_frame_address(0));
}

_Noreturn void __mssa_longjmp(jmp_buf buf, int v) { lib_read(buf, sizeof(jmp_buf)); longjmp(buf, v); }
_Noreturn void __mssa__longjmp(jmp_buf buf, int v) { lib_read(buf, sizeof(jmp_buf)); longjmp(buf, v); }
void *__mssa_malloc(size_t n) { void *p = malloc(n); heap_add(p, n); return p; }
void *__mssa_calloc(size_t a, size_t b) { void *p = calloc(a, b); heap_add(p, a * b); return p; }
void __mssa_free(void *p) { heap_del(p); free(p); }
void *__mssa_realloc(void *p, size_t n) {
  if (p) {
    hblock *b = heap_find((uintptr_t)p, NULL);
    if (b && b->lo == (uintptr_t)p) {
      size_t old = b->hi - b->lo, k = old < n ? old : n;
      lib_read(p, k);
      lib_write(p, k);
    }
    heap_del(p);
  }
  void *q = realloc(p, n);
  if (q) heap_add(q, n);
  else if (p && n) heap_add(p, 1); /* failed: the old block stays */
  return q;
}
char *__mssa_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  lib_read(s, n);
  char *p = malloc(n);
  if (p) { memcpy(p, s, n); heap_add(p, n); }
  return p;
}
char *__mssa_strndup(const char *s, size_t m) {
  size_t n = strnlen(s, m);
  lib_read(s, n);
  char *p = malloc(n + 1);
  if (p) { memcpy(p, s, n); p[n] = 0; heap_add(p, n + 1); }
  return p;
}
size_t __mssa_strlen(const char *s) { size_t n = strlen(s); lib_read(s, n + 1); return n; }
int __mssa_strcmp(const char *a, const char *b) {
  size_t i = 0;
  while (a[i] && a[i] == b[i]) i++;
  lib_read(a, i + 1);
  lib_read(b, i + 1);
  return strcmp(a, b);
}
int __mssa_strncmp(const char *a, const char *b, size_t n) {
  size_t i = 0;
  while (i < n && a[i] && a[i] == b[i]) i++;
  if (i < n) i++;
  lib_read(a, i);
  lib_read(b, i);
  return strncmp(a, b, n);
}
int __mssa_memcmp(const void *a, const void *b, size_t n) {
  lib_read(a, n);
  lib_read(b, n);
  return memcmp(a, b, n);
}
void *__mssa_memchr(const void *s, int c, size_t n) {
  void *r = memchr(s, c, n);
  lib_read(s, r ? (size_t)((char *)r - (char *)s) + 1 : n);
  return r;
}
char *__mssa_strchr(const char *s, int c) {
  char *r = strchr(s, c);
  lib_read(s, r ? (size_t)(r - s) + 1 : strlen(s) + 1);
  return r;
}
char *__mssa_strcpy(char *d, const char *s) {
  size_t n = strlen(s) + 1;
  lib_read(s, n);
  lib_write(d, n);
  return strcpy(d, s);
}
void *__mssa_memcpy(void *d, const void *s, size_t n) { lib_read(s, n); lib_write(d, n); return memcpy(d, s, n); }
void *__mssa_memmove(void *d, const void *s, size_t n) { lib_read(s, n); lib_write(d, n); return memmove(d, s, n); }
void *__mssa_memset(void *d, int c, size_t n) { lib_write(d, n); return memset(d, c, n); }
int __mssa_snprintf(char *d, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(d, n, fmt, ap);
  va_end(ap);
  lib_read(fmt, strlen(fmt) + 1);
  if (r >= 0 && n) lib_write(d, (size_t)r + 1 < n ? (size_t)r + 1 : n);
  return r;
}
int __mssa_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  lib_read(fmt, strlen(fmt) + 1);
  int r = vprintf(fmt, ap);
  va_end(ap);
  return r;
}
size_t __mssa_fwrite(const void *p, size_t a, size_t b, FILE *f) { lib_read(p, a * b); return fwrite(p, a, b, f); }
int __mssa_fputs(const char *s, FILE *f) { lib_read(s, strlen(s) + 1); return fputs(s, f); }
size_t __mssa_fread(void *p, size_t a, size_t b, FILE *f) {
  size_t r = fread(p, a, b, f);
  lib_write(p, r * a);
  return r;
}
double __mssa_strtod(const char *s, char **end) {
  char *e;
  double r = strtod(s, &e);
  lib_read(s, (size_t)(e - s) + (*e != 0)); /* what it parsed, and the char that stopped it */
  if (end) { lib_write(end, sizeof *end); *end = e; }
  return r;
}
int __mssa_strcoll(const char *a, const char *b) {
  lib_read(a, strlen(a) + 1);
  lib_read(b, strlen(b) + 1);
  return strcoll(a, b);
}
size_t __mssa_strspn(const char *s, const char *acc) {
  size_t r = strspn(s, acc);
  lib_read(s, r + 1);
  lib_read(acc, strlen(acc) + 1);
  return r;
}
char *__mssa_strpbrk(const char *s, const char *acc) {
  char *r = strpbrk(s, acc);
  lib_read(s, r ? (size_t)(r - s) + 1 : strlen(s) + 1);
  lib_read(acc, strlen(acc) + 1);
  return r;
}
char *__mssa_strstr(const char *h, const char *n) {
  char *r = strstr(h, n);
  lib_read(n, strlen(n) + 1);
  lib_read(h, r ? (size_t)(r - h) + strlen(n) : strlen(h) + 1);
  return r;
}
char *__mssa_strrchr(const char *s, int c) {
  lib_read(s, strlen(s) + 1);
  return strrchr(s, c);
}
