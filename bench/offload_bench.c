/*
** offload_bench.c -- the queries compilers offload, through the socket and
** in-process, on the same module in the same run.
**
**   offload_bench SOCKET FILE.ll [QUERIES [DAEMON_PID [FORM]]]
**
** FORM: `full` (the default), `ids` or `packed`: the reply form the socket
** side asks for (docs/offload.md, "The ids form", "The packed form"; the
** answers are compared either way).
**
** In-process: the module is read and built with the daemon's options
** (mssa_qmodule_build, no check limit) and asked through query/deps.h and
** alias/aa.h directly. Through the socket: the daemon at SOCKET loads the
** same file and is asked through libmemssa-client. Phases, each timed both
** ways, in the same order on both sides (so caches are as warm):
**
**   accesses (cold)  `accesses` of every defined function, first time: the
**                    walker computes every clobber
**   accesses (warm)  the same again (clobbers cached)
**   accesses (warm, pipelined)  all the requests, then all the replies;
**                    reported again against in-process work that also makes
**                    every text the reply carries (names, instruction text,
**                    source, the printed access)
**   accesses_all (cold, warm)  the same on a second copy of the module
**                    (fresh on both sides), through the socket with
**                    `"functions":"*"` (memssa_client_accesses_many: pages
**                    of 2,000 accesses, several functions a request, in the
**                    packed form's columns layout; ids and packed forms
**                    only; docs/offload.md, "Several functions in one
**                    request"); accesses_all_noblocks the
**                    same on a third copy, without block names
**                    (`"blocks":false`: the in-process side makes none)
**   queries          QUERIES (10,000) alias and depends queries, in turn,
**                    between random memory instructions of one function;
**                    through the socket as one JSON-RPC batch, then
**                    pipelined (send all, read all), then one round trip
**                    each, and (packed form only) grouped: one alias and
**                    one depends request per function, its questions as
**                    `pairs`, one round trip each; and many: the queries in
**                    their random order through memssa_client_queries (the
**                    library sorts them into `pairs` requests over several
**                    functions, at most 64 questions each, and pipelines
**                    them); every way run twice and timed the second time
**
** Every socket answer is compared with the in-process one (access and
** clobber ids and alias word; AliasResult and overlap; depends and kinds):
** the program fails if any differs. The timed region receives and decodes
** the answers and keeps their numbers (what a compiler would keep); the
** comparison runs after it, untimed. Time is wall and CPU; the socket's CPU
** is this process's plus the daemon's (/proc/DAEMON_PID/stat, all its
** threads) when DAEMON_PID is given. Prints one line per phase:
**   PHASE in_wall=S in_cpu=S sock_wall=S sock_cpu=S daemon_cpu=S n=N mismatches=M reply_bytes=B
** (daemon_cpu: the daemon's part of sock_cpu; reply_bytes: the JSON the
** client received in the phase, measured in an untimed pass).
**
** Instruction counts: run under valgrind --tool=callgrind (bench/offload.sh
** -i), this program dumps its counts after the in-process part of each
** phase ("in:PHASE") and after the socket part ("sock:PHASE"); with
** $OFFLOAD_DAEMON_CALLGRIND set, the daemon (DAEMON_PID, itself under
** callgrind) is zeroed before the socket part and dumped after it
** ("daemon:PHASE", through callgrind_control). A phase that reuses another's
** in-process run says so: in_from=PHASE.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_DUMP_STATS_AT
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(name) ((void)(name))
#endif

#include "memssa.h"
#include "libmemssa-client/memssa-client.h"

#define DEFAULT_QUERIES 10000
#define SEED 12345u
#define NAME_CAP 64
#define ACCESS_PAGE 100000         /* the daemon's largest `accesses` page */

typedef struct clock_pair {
  double wall, cpu;      /* cpu: this process's, plus the daemon's */
  double daemon;         /* the daemon's part of cpu */
} clock_pair;

static pid_t daemon_pid;
static memssa_form form;      /* the socket side asks for "form":... */
static bool daemon_callgrind; /* the daemon runs under callgrind: dump it per phase */

static double ts_sec(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The daemon's CPU seconds so far, every thread, or 0: the sum of
** /proc/PID/task/TID/schedstat (nanoseconds; /proc/PID/stat counts clock
** ticks, too coarse for phases of a few milliseconds). */
static double daemon_cpu(void) {
  char path[96];
  if (daemon_pid <= 0) return 0;
  snprintf(path, sizeof path, "/proc/%d/task", (int)daemon_pid);
  DIR *d = opendir(path);
  if (!d) return 0;
  unsigned long long ns = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "/proc/%d/task/%.20s/schedstat", (int)daemon_pid, e->d_name);
    FILE *f = fopen(path, "r");
    unsigned long long t = 0;
    if (f && fscanf(f, "%llu", &t) == 1) ns += t;
    if (f) fclose(f);
  }
  closedir(d);
  return (double)ns / 1e9;
}

static clock_pair now(bool with_daemon) {
  clock_pair c = {ts_sec(CLOCK_MONOTONIC), ts_sec(CLOCK_PROCESS_CPUTIME_ID), 0};
  if (with_daemon) c.daemon = daemon_cpu();
  c.cpu += c.daemon;
  return c;
}

static clock_pair since(clock_pair t0, bool with_daemon) {
  clock_pair t = now(with_daemon);
  return (clock_pair){t.wall - t0.wall, t.cpu - t0.cpu, t.daemon - t0.daemon};
}

static size_t reply_bytes;   /* of the phase reported next (untimed pass), or 0 */

/* Instruction counts (see the head comment): the callgrind dumps of this
** process, and of the daemon through callgrind_control (-z zeroes, -d NAME
** dumps). */
static void daemon_callgrind_cmd(const char *cmd) {
  char line[256];
  if (!daemon_callgrind) return;
  snprintf(line, sizeof line, "callgrind_control %s %d >/dev/null 2>&1", cmd, (int)daemon_pid);
  if (system(line) != 0) fprintf(stderr, "offload_bench: %s failed\n", line);
}

static void mark_start(bool socket) {
  if (socket) daemon_callgrind_cmd("-z");
  CALLGRIND_ZERO_STATS;
}

static void mark_end(const char *phase, bool socket) {
  char name[128], cmd[160];
  snprintf(name, sizeof name, "%s:%s", socket ? "sock" : "in", phase);
  CALLGRIND_DUMP_STATS_AT(name);
  if (!socket) return;
  snprintf(cmd, sizeof cmd, "-d daemon:%s", phase);
  daemon_callgrind_cmd(cmd);
}

static void report(const char *phase, const char *in_from, clock_pair in, clock_pair sock,
                   size_t n, size_t bad) {
  printf("%s in_wall=%.4f in_cpu=%.4f sock_wall=%.4f sock_cpu=%.4f daemon_cpu=%.4f n=%zu "
         "mismatches=%zu reply_bytes=%zu in_from=%s\n",
         phase, in.wall, in.cpu, sock.wall, sock.cpu, sock.daemon, n, bad, reply_bytes,
         in_from ? in_from : phase);
  fflush(stdout);
}

/* Bytes of the reply line to METHOD with `params` (taken), through the
** text level: what the timed passes receive and parse. */
static size_t raw_reply_len(memssa_client *c, const char *method, json_t *params) {
  char *text = json_dumps(params, JSON_COMPACT), *reply = NULL;
  json_decref(params);
  size_t n = text && !memssa_client_call(c, method, text, &reply) ? strlen(reply) + 1 : 0;
  free(text);
  free(reply);
  return n;
}

/* ------------------------------------------------------------ the work */

typedef struct query {
  uint32_t fi, a, b;     /* function, two instructions */
  bool depends;          /* else alias */
  int ar, overlap;       /* in-process alias answer */
  bool dep;              /* in-process depends answer */
  unsigned kinds;
} query;

/* An access and its clobber as the socket answered (kind, id, inst each),
** kept so that the comparison runs after the timed region. */
typedef struct got_access {
  int kind, id, ckind, cid, alias;
  long long inst, cinst;
} got_access;

/* A query's answer as the socket gave it (decoded in the timed region). */
typedef struct got_query {
  bool ok;               /* an answer came */
  int ar, overlap;
  bool dep;
  unsigned kinds;
} got_query;

#define NO_ANSWER UINT32_MAX  /* ngot[fi] of a function not answered */

typedef struct bench {
  mssa_qmodule *q;
  const char *module;    /* the daemon's name for it */
  mssa_deps_access **acc; /* per function: in-process accesses */
  uint32_t *nacc;
  got_access **got;      /* per function: the socket's answer, or ngot = NO_ANSWER */
  uint32_t *ngot;
  query *qs;
  size_t nq;
  got_query *gq;         /* per query: the socket's answer */
} bench;

static uint32_t rnd(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

/* Memory instructions of function fi that have a location (loads,
** stores): both alias and depends can take them. */
static uint32_t located(bench *b, uint32_t fi, uint32_t *out) {
  mssa_ssa *s = b->q->ssa[fi];
  uint32_t n = 0;
  mssa_loc loc;
  for (uint32_t i = 0; i < b->q->m->funcs.a[fi].insts.n; i++)
    if (mssa_ssa_inst_access(s, i) != MSSA_NONE && mssa_aa_inst_loc(s->aa, i, &loc)) out[n++] = i;
  return n;
}

/* QUERIES pairs in functions picked in proportion to their located
** instructions (so big functions get their share). */
static void pick_queries(bench *b, size_t nq) {
  uint32_t nf = b->q->nfuncs, total = 0, seed = SEED;
  uint32_t *cnt = calloc(nf, sizeof *cnt), maxn = 0;
  for (uint32_t fi = 0; fi < nf; fi++)
    if (b->q->ssa[fi] && b->q->m->funcs.a[fi].insts.n > maxn) maxn = b->q->m->funcs.a[fi].insts.n;
  uint32_t *buf = malloc(((size_t)maxn + 1) * sizeof *buf);
  for (uint32_t fi = 0; fi < nf; fi++)
    if (b->q->ssa[fi] && (cnt[fi] = located(b, fi, buf)) >= 2) total += cnt[fi];
    else cnt[fi] = 0;
  b->qs = calloc(nq, sizeof *b->qs);
  b->gq = calloc(nq, sizeof *b->gq);
  b->nq = nq;
  for (size_t k = 0; k < nq; k++) {
    uint32_t r = rnd(&seed) % total, fi = 0;
    while (r >= cnt[fi]) r -= cnt[fi++];
    uint32_t n = located(b, fi, buf);
    b->qs[k] = (query){fi, buf[rnd(&seed) % n], buf[rnd(&seed) % n], k % 2 == 1, 0, 0, false, 0};
  }
  free(buf);
  free(cnt);
}

static void inproc_accesses(bench *b) {
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) {
    if (!b->q->ssa[fi]) continue;
    uint32_t cap = mssa_q_naccesses(b->q->ssa[fi]);   /* liveOnEntry included: room to spare */
    if (!b->acc[fi]) b->acc[fi] = malloc(((size_t)cap + 1) * sizeof **b->acc);
    b->nacc[fi] = mssa_deps_accesses(b->q->ssa[fi], 0, cap, b->acc[fi]);
  }
}

/* What the `accesses` reply tells of access `a` beyond ids, made in-process:
** kind, block name, the instruction's name, index, text and source, and
** the access as print<memoryssa> shows it. Returns bytes made, so none of
** it is optimized away. */
static size_t describe(const mssa_module *m, const mssa_func *f, const mssa_ssa *s, uint32_t a) {
  char buf[4096];
  const mssa_access *x = &s->acc.a[a];
  size_t n = strlen(mssa_q_kind_name(x->kind));
  n += mssa_q_block_name(m, f, x->block, buf, sizeof buf);
  if (x->inst != MSSA_NONE && (x->kind == MSSA_ACC_DEF || x->kind == MSSA_ACC_USE)) {
    uint32_t line, col;
    n += mssa_q_inst_name(m, f, x->inst, buf, sizeof buf);
    n += mssa_q_inst_index(f, x->inst);
    n += mssa_q_inst_text(m, f, x->inst, buf, sizeof buf);
    n += mssa_q_inst_source(m, &f->insts.a[x->inst], buf, sizeof buf, &line, &col);
  }
  return n + mssa_q_access_text(s, a, buf, sizeof buf);
}

/* The accesses with the texts the reply carries (the in-process cost of the
** same information). */
static size_t inproc_accesses_text(bench *b) {
  size_t n = 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) {
    mssa_ssa *s = b->q->ssa[fi];
    if (!s) continue;
    b->nacc[fi] = mssa_deps_accesses(s, 0, mssa_q_naccesses(s), b->acc[fi]);
    for (uint32_t k = 0; k < b->nacc[fi]; k++) {
      n += describe(b->q->m, &b->q->m->funcs.a[fi], s, b->acc[fi][k].access);
      if (s->acc.a[b->acc[fi][k].access].kind != MSSA_ACC_PHI)
        n += describe(b->q->m, &b->q->m->funcs.a[fi], s, b->acc[fi][k].clobber);
    }
  }
  return n;
}

static void inproc_queries(bench *b) {
  for (size_t k = 0; k < b->nq; k++) {
    query *x = &b->qs[k];
    mssa_ssa *s = b->q->ssa[x->fi];
    if (x->depends) {
      mssa_deps_dep d;
      mssa_deps_depends(s, x->a, x->b, &d);
      x->dep = d.depends;
      x->kinds = d.kinds;
      mssa_deps_dep_free(&d);
    } else {
      mssa_loc la, lb;
      mssa_aa_inst_loc(s->aa, x->a, &la);
      mssa_aa_inst_loc(s->aa, x->b, &lb);
      x->ar = mssa_aa_alias(s->aa, &la, &lb);
      x->overlap = (int)mssa_aa_overlap(s->aa, &la, &lb);
    }
  }
}

/* ------------------------------------------------------------ the socket */

static const char *fname(bench *b, uint32_t fi) {
  return mssa_str(b->q->m, b->q->m->funcs.a[fi].name);
}

/* `params` (taken) in the form the run asks for. */
static json_t *params_form(json_t *params) {
  return memssa_params_form_new(params, form);
}

/* An access of the daemon's reply (kind, id, inst) against in-process
** access index `a`. */
static bool same_access(const mssa_ssa *s, int kind, int id, long long inst, uint32_t a) {
  const mssa_access *m = &s->acc.a[a];
  if (m->kind == MSSA_ACC_USE) return kind == MEMSSA_ACCESS_USE && inst == (long long)m->inst;
  return kind != MEMSSA_ACCESS_USE && kind != MEMSSA_ACCESS_NONE && id == (int)m->id;
}

/* Keeps function fi's answer r for the comparison after the timed region
** (a copy of its numbers: what a compiler keeps of an answer). */
static void keep_accesses(bench *b, uint32_t fi, const memssa_accesses_answer *r) {
  got_access *g = realloc(b->got[fi], (r->n ? r->n : 1) * sizeof *g);
  if (!g) return;
  for (size_t k = 0; k < r->n; k++) {
    const memssa_access_clobber *x = &r->a[k];
    g[k] = (got_access){x->access.kind, x->access.id, x->clobber.kind, x->clobber.id, x->alias,
                        x->access.inst, x->clobber.inst};
  }
  b->got[fi] = g;
  b->ngot[fi] = (uint32_t)r->n;
}

/* Every function's kept answer against the in-process one (untimed). */
static size_t compare_accesses(bench *b, uint32_t fi) {
  const mssa_ssa *s = b->q->ssa[fi];
  if (b->ngot[fi] != b->nacc[fi]) return 1;
  size_t bad = 0;
  for (uint32_t k = 0; k < b->nacc[fi]; k++) {
    const mssa_deps_access *m = &b->acc[fi][k];
    const got_access *g = &b->got[fi][k];
    bool phi = s->acc.a[m->access].kind == MSSA_ACC_PHI;
    const char *ar = mssa_q_alias_name(m->ar);
    bad += !same_access(s, g->kind, g->id, g->inst, m->access) ||
           (!phi && !same_access(s, g->ckind, g->cid, g->cinst, m->clobber)) ||
           strcmp(memssa_alias_name((memssa_alias_result)g->alias), ar ? ar : "");
  }
  return bad;
}

static size_t check_accesses(bench *b) {
  size_t bad = 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++)
    if (b->q->ssa[fi]) bad += compare_accesses(b, fi) != 0;
  return bad;
}

/* Before a phase: no function answered yet. */
static void forget_answers(bench *b) {
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) b->ngot[fi] = NO_ANSWER;
  if (b->gq) memset(b->gq, 0, b->nq * sizeof *b->gq);
}

static size_t socket_accesses(bench *b, memssa_client *c) {
  size_t bad = 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) {
    if (!b->q->ssa[fi]) continue;
    memssa_accesses_answer r;
    if (memssa_client_accesses(c, b->module, fname(b, fi), &r)) {
      fprintf(stderr, "accesses @%s: %s\n", fname(b, fi), memssa_client_errmsg(c));
      bad++;
    } else {
      keep_accesses(b, fi, &r);
    }
    memssa_accesses_answer_free(&r);
  }
  return bad;
}

/* `accesses` of every function pipelined: all requests, then all replies
** (one page each: ACCESS_PAGE covers every function of the corpus). */
static size_t socket_accesses_pipelined(bench *b, memssa_client *c) {
  size_t bad = 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++)
    if (b->q->ssa[fi])
      bad += memssa_client_send_new(c, "accesses", params_form(memssa_params_accesses_new(
                                                       b->module, fname(b, fi), 0, ACCESS_PAGE)),
                                    NULL) != 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) {
    if (!b->q->ssa[fi]) continue;
    json_t *r;
    memssa_accesses_answer a = {0};
    if (memssa_client_recv_result(c, &r) || memssa_accesses_answer_decode(r, &a)) bad++;
    else keep_accesses(b, fi, &a);
    memssa_accesses_answer_free(&a);
    json_decref(r);
  }
  return bad;
}

static json_t *query_params_new(bench *b, const query *x) {
  char a[NAME_CAP], bb[NAME_CAP];
  snprintf(a, sizeof a, "%u", x->a);
  snprintf(bb, sizeof bb, "%u", x->b);
  return params_form(x->depends ? memssa_params_depends_new(b->module, fname(b, x->fi), a, bb)
                                : memssa_params_alias_new(b->module, fname(b, x->fi), a, bb));
}

/* Keeps a decoded answer of query k for the comparison after the timed
** region. */
static void keep_depends(bench *b, size_t k, const memssa_depends_answer *d) {
  b->gq[k] = (got_query){true, 0, 0, d->depends, d->kinds};
}

static void keep_alias(bench *b, size_t k, const memssa_alias_answer *a) {
  b->gq[k] = (got_query){true, (int)a->alias, (int)a->overlap, false, 0};
}

/* Decodes `result` as query k's answer (the client's work: timed) and keeps
** it; whether it decoded. */
static bool keep_query(bench *b, size_t k, json_t *result) {
  if (b->qs[k].depends) {
    memssa_depends_answer d;
    bool good = !memssa_depends_answer_decode(result, &d);
    if (good) keep_depends(b, k, &d);
    memssa_depends_answer_free(&d);
    return good;
  }
  memssa_alias_answer a;
  bool good = !memssa_alias_answer_decode(result, &a);
  if (good) keep_alias(b, k, &a);
  memssa_alias_answer_free(&a);
  return good;
}

/* Every kept answer against the in-process one (untimed). */
static size_t check_queries(bench *b) {
  size_t bad = 0;
  for (size_t k = 0; k < b->nq; k++) {
    const query *x = &b->qs[k];
    const got_query *g = &b->gq[k];
    if (!g->ok) bad++;
    else if (x->depends) bad += g->dep != x->dep || g->kinds != x->kinds;
    else
      bad += g->ar != x->ar || strcmp(memssa_overlap_name((memssa_overlap)g->overlap),
                                      mssa_overlap_name((mssa_overlap)x->overlap));
  }
  return bad;
}

static size_t socket_batch(bench *b, memssa_client *c) {
  json_t *reqs = json_array(), *replies = NULL;
  for (size_t k = 0; k < b->nq; k++) {
    const char *method = b->qs[k].depends ? "depends" : "alias";
    json_array_append_new(reqs, json_pack("{ssso}", "method", method, "params",
                                          query_params_new(b, &b->qs[k])));
  }
  size_t bad = b->nq;
  if (memssa_client_batch(c, reqs, &replies) == 0) {
    bad = 0;
    for (size_t k = 0; k < b->nq; k++)
      bad += !keep_query(b, k, json_object_get(json_array_get(replies, k), "result"));
  } else {
    fprintf(stderr, "batch: %s\n", memssa_client_errmsg(c));
  }
  json_decref(reqs);
  json_decref(replies);
  return bad;
}

static size_t socket_pipeline(bench *b, memssa_client *c) {
  size_t bad = 0;
  for (size_t k = 0; k < b->nq; k++)
    bad += memssa_client_send_new(c, b->qs[k].depends ? "depends" : "alias",
                                  query_params_new(b, &b->qs[k]), NULL) != 0;
  for (size_t k = 0; k < b->nq; k++) {
    json_t *r;
    bad += memssa_client_recv_result(c, &r) != 0 || !keep_query(b, k, r);
    json_decref(r);
  }
  return bad;
}

static size_t socket_one_by_one(bench *b, memssa_client *c) {
  size_t bad = 0;
  for (size_t k = 0; k < b->nq; k++) {
    json_t *r;
    bad += memssa_client_request_new(c, b->qs[k].depends ? "depends" : "alias",
                                     query_params_new(b, &b->qs[k]), &r) != 0 ||
           !keep_query(b, k, r);
    json_decref(r);
  }
  return bad;
}

/* The queries of one function and kind (indices in *idx, n of them) as one
** request (memssa_client_depends_pairs / _alias_pairs); mismatches. */
static size_t grouped_call(bench *b, memssa_client *c, const size_t *idx, size_t n, bool depends,
                           long long *pairs, void *answers) {
  const query *x0 = &b->qs[idx[0]];
  for (size_t k = 0; k < n; k++) {
    pairs[2 * k] = b->qs[idx[k]].a;
    pairs[2 * k + 1] = b->qs[idx[k]].b;
  }
  memssa_depends_answer *d = answers;
  memssa_alias_answer *a = answers;
  int rc = depends ? memssa_client_depends_pairs(c, b->module, fname(b, x0->fi), pairs, n, d)
                   : memssa_client_alias_pairs(c, b->module, fname(b, x0->fi), pairs, n, a);
  if (rc) return n;
  for (size_t k = 0; k < n; k++) {
    if (depends) {
      keep_depends(b, idx[k], &d[k]);
      memssa_depends_answer_free(&d[k]);
    } else {
      keep_alias(b, idx[k], &a[k]);
      memssa_alias_answer_free(&a[k]);
    }
  }
  return 0;
}

static const query *sort_qs;   /* for by_group */

/* Queries by function, then kind, then order. */
static int by_group(const void *x, const void *y) {
  const query *p = &sort_qs[*(const size_t *)x], *q = &sort_qs[*(const size_t *)y];
  if (p->fi != q->fi) return p->fi < q->fi ? -1 : 1;
  if (p->depends != q->depends) return p->depends ? 1 : -1;
  return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

/* The queries grouped: one alias and one depends request per function
** (docs/offload.md, "Several questions in one request"). */
static size_t socket_grouped(bench *b, memssa_client *c) {
  size_t *idx = malloc(b->nq * sizeof *idx), bad = 0, nreq = 0;
  long long *pairs = malloc(2 * b->nq * sizeof *pairs);
  size_t asz = sizeof(memssa_depends_answer) > sizeof(memssa_alias_answer)
                   ? sizeof(memssa_depends_answer) : sizeof(memssa_alias_answer);
  void *answers = malloc(b->nq * asz);
  for (size_t k = 0; k < b->nq; k++) idx[k] = k;
  sort_qs = b->qs;
  qsort(idx, b->nq, sizeof *idx, by_group);
  for (size_t k = 0, j; k < b->nq; k = j) {
    const query *x = &b->qs[idx[k]];
    for (j = k; j < b->nq && b->qs[idx[j]].fi == x->fi && b->qs[idx[j]].depends == x->depends; j++)
      continue;
    bad += grouped_call(b, c, idx + k, j - k, x->depends, pairs, answers);
    nreq++;
  }
  fprintf(stderr, "queries_grouped: %zu questions in %zu requests\n", b->nq, nreq);
  free(answers);
  free(pairs);
  free(idx);
  return bad;
}

/* The queries in the caller's order through memssa_client_queries: the
** library sorts them into `pairs` requests over several functions and
** pipelines them (docs/offload.md, "Many questions over many functions"). */
static size_t socket_many(bench *b, memssa_client *c) {
  memssa_query *q = malloc(b->nq * sizeof *q);
  memssa_query_answer *out = malloc(b->nq * sizeof *out);
  size_t bad = 0;
  for (size_t k = 0; k < b->nq; k++)
    q[k] = (memssa_query){fname(b, b->qs[k].fi),
                          b->qs[k].depends ? MEMSSA_QUERY_DEPENDS : MEMSSA_QUERY_ALIAS,
                          b->qs[k].a, b->qs[k].b};
  if (memssa_client_queries(c, b->module, q, b->nq, out)) {
    fprintf(stderr, "queries: %s\n", memssa_client_errmsg(c));
    bad = b->nq;
  } else {
    for (size_t k = 0; k < b->nq; k++) {
      if (b->qs[k].depends) keep_depends(b, k, &out[k].depends);
      else keep_alias(b, k, &out[k].alias);
      memssa_query_answer_free(&out[k]);
    }
  }
  free(out);
  free(q);
  return bad;
}

/* memssa_client_accesses_many's callback: function `function`'s answer
** against the in-process one; functions come in module order. */
typedef struct all_ctx {
  bench *b;
  uint32_t fi;   /* the next function with a graph to expect */
  size_t bad, functions;
} all_ctx;

static int all_each(void *arg, const char *function, const memssa_accesses_answer *a) {
  all_ctx *x = arg;
  while (x->fi < x->b->q->nfuncs && !x->b->q->ssa[x->fi]) x->fi++;
  if (x->fi >= x->b->q->nfuncs || strcmp(function, fname(x->b, x->fi))) {
    x->bad++;
    return 0;
  }
  keep_accesses(x->b, x->fi++, a);
  x->functions++;
  return 0;
}

static size_t socket_accesses_all(bench *b, memssa_client *c) {
  all_ctx x = {b, 0, 0, 0};
  if (memssa_client_accesses_many(c, b->module, NULL, 0, all_each, &x)) {
    fprintf(stderr, "accesses_many: %s\n", memssa_client_errmsg(c));
    return 1;
  }
  return x.bad + (x.functions != b->q->ndefined);
}

/* Bytes of every page's reply line of `"functions":"*"` (untimed), pages of
** the client library's size (ACCESSES_MANY_PAGE in typed.c). */
static size_t all_reply_bytes(bench *b, memssa_client *c, bool names) {
  size_t at = 0, offset = 0, bytes = 0;
  memssa_form f = form == MEMSSA_FORM_IDS ? MEMSSA_FORM_IDS : MEMSSA_FORM_PACKED;
  for (;;) {
    json_t *p = memssa_params_form_new(
        memssa_params_accesses_many_new(b->module, NULL, 0, at, offset, 2000), f);
    json_t *r = NULL;
    if (p && !names) json_object_set_new(p, "blocks", json_false());
    if (p && f == MEMSSA_FORM_PACKED)   /* as memssa_client_accesses_many asks */
      json_object_set_new(p, "layout", json_string("columns"));
    bytes += raw_reply_len(c, "accesses", json_incref(p));
    int rc = memssa_client_request_new(c, "accesses", p, &r);
    json_t *next = json_object_get(r, "next");
    at = (size_t)json_integer_value(json_object_get(next, "at"));
    offset = (size_t)json_integer_value(json_object_get(next, "offset"));
    bool more = !rc && json_is_object(next);
    json_decref(r);
    if (!more) return bytes;
  }
}

/* ------------------------------------------------------------ main */

static size_t count_accesses(const bench *b) {
  size_t n = 0;
  for (uint32_t fi = 0; fi < b->q->nfuncs; fi++) n += b->q->ssa[fi] ? b->nacc[fi] : 0;
  return n;
}

static int setup(bench *b, const char *path, memssa_client *c, const char *phase) {
  mssa_build_opts opts = {UINT32_MAX, 0, false, false};   /* the daemon's defaults */
  mssa_diag diag;
  clock_pair t = now(false);
  if (mssa_qmodule_build(path, NULL, 0, &opts, &b->q, &diag)) {
    fprintf(stderr, "%s: cannot build\n", path);
    return -1;
  }
  clock_pair in = since(t, false);
  memssa_load_answer l;
  t = now(true);
  if (memssa_client_load(c, b->module, path, &l)) {
    fprintf(stderr, "load: %s\n", memssa_client_errmsg(c));
    return -1;
  }
  clock_pair sock = since(t, true);
  report(phase, NULL, in, sock, b->q->ndefined, (uint64_t)l.defs != b->q->ndefs);
  memssa_load_answer_free(&l);
  b->acc = calloc(b->q->nfuncs, sizeof *b->acc);
  b->nacc = calloc(b->q->nfuncs, sizeof *b->nacc);
  b->got = calloc(b->q->nfuncs, sizeof *b->got);
  b->ngot = calloc(b->q->nfuncs, sizeof *b->ngot);
  return 0;
}

typedef size_t (*socket_fn)(bench *b, memssa_client *c);
typedef size_t (*check_fn)(bench *b);

/* Runs fn through the socket, timed, then compares the answers it kept
** with the in-process ones, untimed (check); `phase` names its
** instruction dumps (NULL: a warm-up, not counted). Mismatches. */
static size_t timed_socket(bench *b, memssa_client *c, socket_fn fn, check_fn check,
                           clock_pair *t, const char *phase) {
  forget_answers(b);
  if (phase) mark_start(true);
  clock_pair t0 = now(true);
  size_t bad = fn(b, c);
  *t = since(t0, true);
  if (phase) mark_end(phase, true);
  return bad + check(b);
}

typedef void (*inproc_fn)(bench *b);

static clock_pair timed_inproc(bench *b, inproc_fn fn, const char *phase) {
  if (phase) mark_start(false);
  clock_pair t0 = now(false);
  fn(b);
  clock_pair t = since(t0, false);
  if (phase) mark_end(phase, false);
  return t;
}

static void inproc_accesses_text_fn(bench *b) {
  if (!inproc_accesses_text(b)) fprintf(stderr, "offload_bench: no text made\n");
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: offload_bench SOCKET FILE.ll [QUERIES [DAEMON_PID [full|ids|packed]]]\n");
    return 2;
  }
  size_t nq = argc > 3 ? strtoul(argv[3], NULL, 10) : DEFAULT_QUERIES;
  daemon_pid = argc > 4 ? (pid_t)atoi(argv[4]) : 0;
  form = argc <= 5 || !strcmp(argv[5], "full") ? MEMSSA_FORM_FULL
         : !strcmp(argv[5], "ids")             ? MEMSSA_FORM_IDS
         : !strcmp(argv[5], "packed")          ? MEMSSA_FORM_PACKED
                                               : (memssa_form)-1;
  if (form == (memssa_form)-1) {
    fprintf(stderr, "offload_bench: FORM is full, ids or packed\n");
    return 2;
  }
  daemon_callgrind = daemon_pid > 0 && getenv("OFFLOAD_DAEMON_CALLGRIND");
  memssa_client *c;
  if (memssa_client_connect(argv[1], &c)) {
    fprintf(stderr, "%s: cannot connect\n", argv[1]);
    return 1;
  }
  memssa_client_set_form(c, form);
  bench b = {.module = "offload"};
  if (setup(&b, argv[2], c, "load")) return 1;
  size_t bad = 0, n;
  clock_pair in, sock;
  const char *phase[] = {"accesses_cold", "accesses_warm"};
  for (int pass = 0; pass < 2; pass++) {
    in = timed_inproc(&b, inproc_accesses, phase[pass]);
    n = timed_socket(&b, c, socket_accesses, check_accesses, &sock, phase[pass]);
    for (uint32_t fi = 0; fi < b.q->nfuncs && !pass; fi++)   /* once, untimed */
      if (b.q->ssa[fi])
        reply_bytes += raw_reply_len(c, "accesses", params_form(memssa_params_accesses_new(
                                                        b.module, fname(&b, fi), 0, ACCESS_PAGE)));
    report(phase[pass], NULL, in, sock, count_accesses(&b), n);
    bad += n;
  }
  n = timed_socket(&b, c, socket_accesses_pipelined, check_accesses, &sock,
                   "accesses_warm_pipelined");
  report("accesses_warm_pipelined", "accesses_warm", in, sock, count_accesses(&b), n);
  bad += n;
  if (form == MEMSSA_FORM_FULL) {   /* the texts the full form carries, made in-process */
    in = timed_inproc(&b, inproc_accesses_text_fn, "accesses_warm_pipelined_vs_texts");
    report("accesses_warm_pipelined_vs_texts", NULL, in, sock, count_accesses(&b), 0);
  }
  /* Every function in a few requests, on a fresh copy on both sides; then
  ** again on another, without block names ("blocks":false). */
  bench all[2] = {{.module = "offload_all"}, {.module = "offload_all_nb"}};
  const char *aphase[2][2] = {{"accesses_all_cold", "accesses_all_warm"},
                              {"accesses_all_noblocks_cold", "accesses_all_noblocks_warm"}};
  for (int v = 0; v < 2 && form != MEMSSA_FORM_FULL; v++) {
    reply_bytes = 0;
    if (setup(&all[v], argv[2], c, v ? "load_all_nb" : "load_all")) return 1;
    memssa_client_set_block_names(c, !v);
    for (int pass = 0; pass < 2; pass++) {
      in = timed_inproc(&all[v], inproc_accesses, aphase[v][pass]);
      reply_bytes = 0;
      n = timed_socket(&all[v], c, socket_accesses_all, check_accesses, &sock, aphase[v][pass]);
      reply_bytes = all_reply_bytes(&all[v], c, !v);   /* untimed, after: cold stays cold */
      report(aphase[v][pass], NULL, in, sock, count_accesses(&all[v]), n);
      bad += n;
    }
    memssa_client_set_block_names(c, true);
  }
  /* The queries twice each, reported the second time: the first run of a
  ** way also pays for fresh heap pages (page faults cost much here) on
  ** both sides. */
  pick_queries(&b, nq);
  reply_bytes = 0;
  for (size_t k = 0; k < b.nq; k++)
    reply_bytes += raw_reply_len(c, b.qs[k].depends ? "depends" : "alias",
                                 query_params_new(&b, &b.qs[k]));
  socket_fn ways[] = {socket_batch, socket_pipeline, socket_one_by_one, socket_grouped,
                      socket_many};
  const char *names[] = {"queries_batch", "queries_pipelined", "queries_one_by_one",
                         "queries_grouped", "queries_many"};
  int nways = form == MEMSSA_FORM_PACKED ? 5 : 3;   /* grouped, many: the packed form only */
  for (int round = 0; round < 2; round++) {
    in = timed_inproc(&b, inproc_queries, round ? "queries" : NULL);
    for (int w = 0; w < nways; w++) {
      n = timed_socket(&b, c, ways[w], check_queries, &sock, round ? names[w] : NULL);
      if (round) report(names[w], "queries", in, sock, b.nq, n);
      bad += n;
    }
  }
  memssa_client_close(c);
  return bad ? 1 : 0;
}
