/*
** queries.c -- memssa_client_queries: many alias and depends questions over
** the functions of one module in few requests: `pairs` over several
** functions (docs/offload.md, "Many questions over many functions"),
** pipelined.
**
** Why: every request costs its two JSON-RPC envelopes (~50k instructions
** on both sides together), about twice an in-process answer; a request of
** m questions pays them once. Grouped by function alone (one `pairs`
** request a function and kind), 2,000 questions drawn over lua.O2 make
** ~580 requests (3.4 questions each) and the envelopes are a quarter of
** the cost; over several functions, 16.
**
** Invariants:
**   1. Answer k is the answer to q[k]: requests are laid out by kind, then
**      function (by first appearance), but every question keeps its caller
**      index (order[]), and answers are stored through it.
**   2. A request holds at most QUERIES_REQUEST (64) questions, under the
**      daemon's bound (256, PAIRS_MAX in protocol/m_deps.c), which
**      keeps one request near a batch slice. 64, not 256, by measurement
**      (bench/offload.sh, queries_many, lua.O2): 2,000 questions cost 1.72x
**      in-process instructions in 32 requests against 1.69x in 8, but with 8
**      the client waits for a whole big first answer before it decodes
**      anything, and CPU and wall were worse; 64 keeps the daemon's work and
**      the client's decoding overlapped.
**   3. Every reply to a request sent is read, also after a failure, so the
**      connection stays in step (memssa-client.h, invariant 1); on failure
**      every answer is zeroed.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client_internal.h"

#define QUERIES_REQUEST 64

void memssa_query_answer_free(memssa_query_answer *a) {
  if (!a) return;
  memssa_alias_answer_free(&a->alias);
  memssa_depends_answer_free(&a->depends);
  memset(a, 0, sizeof *a);
}

static size_t name_hash(const char *s) {
  size_t h = 14695981039346656037u & (size_t)-1;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * (size_t)1099511628211u;
  return h;
}

/* The group of every question, grp[k] = kind * (functions) + the
** function's number, functions numbered by first appearance (a hash table
** of the names, so 10,000 questions cost no sort of strings); *ngroups. */
static int number_groups(const memssa_query *q, size_t n, size_t *grp, size_t *ngroups) {
  size_t cap = 16, nf = 0;
  while (cap < 2 * n) cap *= 2;
  size_t *slot = malloc(cap * sizeof *slot);   /* caller index + 1 of the function's first, or 0 */
  size_t *fnum = malloc((n ? n : 1) * sizeof *fnum);   /* the function's number, by first index */
  if (!slot || !fnum) {
    free(slot);
    free(fnum);
    return MEMSSA_CLIENT_EIO;
  }
  memset(slot, 0, cap * sizeof *slot);
  for (size_t k = 0; k < n; k++) {
    size_t h = name_hash(q[k].function) & (cap - 1);
    while (slot[h] && strcmp(q[slot[h] - 1].function, q[k].function)) h = (h + 1) & (cap - 1);
    if (!slot[h]) {
      slot[h] = k + 1;
      fnum[k] = nf++;
    }
    grp[k] = fnum[slot[h] - 1];
  }
  for (size_t k = 0; k < n; k++) grp[k] += (size_t)q[k].kind * nf;
  *ngroups = 2 * nf;
  free(slot);
  free(fnum);
  return 0;
}

/* The caller indices in group order, stable (a counting sort): *order. */
static int group_order(const memssa_query *q, size_t n, size_t **order) {
  size_t *grp = malloc((n ? n : 1) * sizeof *grp), ng = 0;
  *order = malloc((n ? n : 1) * sizeof **order);
  int rc = grp && *order ? number_groups(q, n, grp, &ng) : MEMSSA_CLIENT_EIO;
  size_t *start = rc ? NULL : calloc(ng + 1, sizeof *start);
  if (!rc && !start) rc = MEMSSA_CLIENT_EIO;
  for (size_t k = 0; !rc && k < n; k++) start[grp[k] + 1]++;
  for (size_t g = 0; !rc && g < ng; g++) start[g + 1] += start[g];
  for (size_t k = 0; !rc && k < n; k++) (*order)[start[grp[k]]++] = k;
  free(start);
  free(grp);
  if (rc) {
    free(*order);
    *order = NULL;
  }
  return rc;
}

static bool same_function(const memssa_query *x, const memssa_query *y) {
  return x->function == y->function || !strcmp(x->function, y->function);
}

/* The params of one request: questions order[from..to), all of one kind:
** {"module","functions":[...],"form":"packed","pairs"} with three numbers a
** question (its function's index in `functions`, a, b). NULL when out of
** memory. */
static json_t *request_params(const char *module, const memssa_query *q, const size_t *order,
                              size_t from, size_t to) {
  char *buf = malloc((to - from) * 3 * 13 + 1);   /* 13 characters a number at most */
  json_t *p = json_object(), *fs = json_array();
  size_t len = 0, nf = 0;
  int bad = !buf || !p || !fs;
  for (size_t k = from; !bad && k < to; k++) {
    const memssa_query *x = &q[order[k]];
    if (k == from || !same_function(x, &q[order[k - 1]])) {   /* not UTF-8: NULL, refused */
      bad = json_array_append_new(fs, json_string(x->function));
      nf++;
    }
    len += memssa__vlq_put(buf + len, (long long)nf - 1);
    len += memssa__vlq_put(buf + len, x->a);
    len += memssa__vlq_put(buf + len, x->b);
  }
  if (bad) json_decref(fs);
  bad = bad || json_object_set_new(p, "module", json_string(module)) ||
        json_object_set_new(p, "functions", fs) ||
        json_object_set_new(p, "form", json_string("packed")) ||
        json_object_set_new(p, "pairs", json_stringn(buf, len));
  free(buf);
  if (!bad) return p;
  json_decref(p);
  return NULL;
}

/* Sends the requests: runs of order[] of one kind, at most QUERIES_REQUEST
** each; req[r] is where request r starts in order[] (req[nreq] = n). */
static int send_all(memssa_client *c, const char *module, const memssa_query *q, size_t n,
                    const size_t *order, size_t *req, size_t *nreq) {
  *nreq = 0;
  for (size_t k = 0, j; k < n; k = j) {
    const memssa_query *x = &q[order[k]];
    for (j = k; j < n && j - k < QUERIES_REQUEST && q[order[j]].kind == x->kind; j++) continue;
    json_t *p = request_params(module, q, order, k, j);
    if (!p) return MEMSSA_CLIENT_EINVAL;   /* a name that is not UTF-8, or out of memory */
    int rc = memssa_client_send_new(c, x->kind == MEMSSA_QUERY_DEPENDS ? "depends" : "alias", p,
                                    NULL);
    if (rc) return rc;
    req[(*nreq)++] = k;
  }
  req[*nreq] = n;
  return memssa_client_flush(c);
}

/* The answers of one request's result r (an array of packed answers) into
** out[] through order[from..to). */
static int decode_request(json_t *r, const size_t *order, size_t from, size_t to,
                          memssa_query_answer *out) {
  if (!json_is_array(r) || json_array_size(r) != to - from) return MEMSSA_CLIENT_EPROTO;
  for (size_t k = from; k < to; k++) {
    memssa_query_answer *a = &out[order[k]];
    json_t *x = json_array_get(r, k - from);
    int rc = a->kind == MEMSSA_QUERY_DEPENDS ? memssa_depends_answer_decode(x, &a->depends)
                                             : memssa_alias_answer_decode(x, &a->alias);
    if (rc) return rc;
  }
  return 0;
}

/* memssa_client_errmsg after an error reply to the request of questions
** order[from..to): the caller's query it names (data.pair: question j of
** that request; params.functions[j]: the first question of its j-th
** function; else the request's first), then the daemon's message. */
static void name_query(memssa_client *c, const memssa_query *q, const size_t *order, size_t from,
                       size_t to) {
  json_t *err = memssa_client_error_borrow(c);
  json_t *pair = json_object_get(json_object_get(err, "data"), "pair");
  const char *m = json_string_value(json_object_get(err, "message"));
  size_t j = 0, fj;
  if (json_is_integer(pair) && json_integer_value(pair) >= 0 &&
      (size_t)json_integer_value(pair) < to - from) {
    j = (size_t)json_integer_value(pair);
  } else if (m && sscanf(m, "params.functions[%zu]", &fj) == 1) {
    for (size_t k = from + 1, f = 0; k < to && f < fj; k++)
      if (!same_function(&q[order[k]], &q[order[k - 1]]) && ++f == fj) j = k - from;
  }
  char buf[1024];
  snprintf(buf, sizeof buf, "queries[%zu] (@%.200s): %s", order[from + j],
           q[order[from + j]].function, memssa_client_errmsg(c));
  memssa__set_errmsg(c, buf);
}

/* Reads the replies of requests req[0..nreq) (every one, invariant 3). */
static int recv_all(memssa_client *c, const memssa_query *q, const size_t *order,
                    const size_t *req, size_t nreq, memssa_query_answer *out) {
  int first = 0;
  for (size_t r = 0; r < nreq; r++) {
    json_t *res = NULL;
    int rc;
    if (first) {   /* after a failure: keep its error, read the rest whole */
      rc = memssa_client_recv(c, &res);
      json_decref(res);
      if (rc == MEMSSA_CLIENT_EIO || rc == MEMSSA_CLIENT_EPROTO) return first;
      continue;
    }
    rc = memssa_client_recv_result(c, &res);
    if (!rc) rc = decode_request(res, order, req[r], req[r + 1], out);
    if (rc == MEMSSA_CLIENT_ERPC) name_query(c, q, order, req[r], req[r + 1]);
    json_decref(res);
    first = rc;
    if (rc == MEMSSA_CLIENT_EIO) return rc;   /* the connection is gone */
  }
  return first;
}

int memssa_client_queries(memssa_client *c, const char *module, const memssa_query *q, size_t n,
                          memssa_query_answer *out) {
  if (out && n) memset(out, 0, n * sizeof *out);
  if (!c || !module || (n && (!q || !out))) return MEMSSA_CLIENT_EINVAL;
  if (memssa_client_pending(c)) return memssa__fail(c, MEMSSA_CLIENT_EINVAL);
  for (size_t k = 0; k < n; k++) {
    if (!q[k].function || (q[k].kind != MEMSSA_QUERY_ALIAS && q[k].kind != MEMSSA_QUERY_DEPENDS))
      return memssa__fail(c, MEMSSA_CLIENT_EINVAL);
    out[k].kind = q[k].kind;
  }
  size_t *order = NULL, *req = NULL, nreq = 0;
  int rc = group_order(q, n, &order);
  if (!rc && !(req = malloc((n + 1) * sizeof *req))) rc = MEMSSA_CLIENT_EIO;
  if (!rc) {
    rc = send_all(c, module, q, n, order, req, &nreq);
    int got = recv_all(c, q, order, req, nreq, out);   /* what was sent, also after a failure */
    if (!rc) rc = got;
  }
  free(order);
  free(req);
  if (rc) {
    for (size_t k = 0; k < n; k++) memssa_query_answer_free(&out[k]);
    if (rc != MEMSSA_CLIENT_ERPC) memssa__fail(c, rc);
  }
  return rc;
}
