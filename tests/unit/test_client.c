/*
** test_client.c -- libmemssa-client against a real memssad: the typed
** calls on Noir's counting loop (tests/fixtures/jsonir/noir-loop.json, as
** file, as json_t and as LLVM text), error replies, a pipeline of 1000
** requests whose replies must come back in order with their ids, a flood
** of more request bytes than a socket buffer holds (17 MB of replies),
** batches, and a daemon that goes away.
**
** The daemon is $MEMSSAD_BIN (else build/memssad) on a socket in a fresh
** temporary directory; the fixture is found under $MEMSSA_ROOT (else .).
*/
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "libmemssa-client/memssa-client.h"
#include "tap.h"

#define PIPELINE_N 1000
#define FLOOD_N 5000
#define BATCH_N 100
#define START_TRIES 200
#define START_WAIT_NS (25 * 1000 * 1000)

static char sock[512], dir[256];
static pid_t daemon_pid;

static void start_daemon(void) {
  const char *bin = getenv("MEMSSAD_BIN");
  snprintf(dir, sizeof dir, "/tmp/test_client.XXXXXX");
  if (!mkdtemp(dir)) bail_out("mkdtemp");
  snprintf(sock, sizeof sock, "%s/d.sock", dir);
  daemon_pid = fork();
  if (daemon_pid == 0) {
    execl(bin && *bin ? bin : "build/memssad", "memssad", "--socket", sock, "-q", (char *)NULL);
    _exit(127);
  }
  for (int i = 0; i < START_TRIES; i++) {
    memssa_client *c;
    if (memssa_client_connect(sock, &c) == 0) {
      memssa_client_close(c);
      return;
    }
    struct timespec ts = {0, START_WAIT_NS};
    nanosleep(&ts, NULL);
  }
  bail_out("memssad did not start");
}

static void stop_daemon(void) {
  if (daemon_pid > 0) {
    kill(daemon_pid, SIGTERM);
    waitpid(daemon_pid, NULL, 0);
    daemon_pid = 0;
  }
  unlink(sock);
  rmdir(dir);
}

static const char *fixture(char *buf, size_t cap) {
  const char *root = getenv("MEMSSA_ROOT");
  snprintf(buf, cap, "%s/tests/fixtures/jsonir/noir-loop.json", root && *root ? root : ".");
  return buf;
}

/* The same loop as LLVM text (what the JSON IR lowers to, by hand). */
static const char LOOP_LL[] =
    "declare void @println(i64)\n"
    "define void @main() {\n"
    "b0:\n"
    "  %v0 = alloca i64\n"
    "  store i64 0, ptr %v0\n"
    "  br label %b1\n"
    "b1:\n"
    "  %v1 = phi i64 [ 0, %b0 ], [ %v6, %b2 ]\n"
    "  %v2 = icmp ult i64 %v1, 3\n"
    "  br i1 %v2, label %b2, label %b3\n"
    "b2:\n"
    "  %v3 = load i64, ptr %v0\n"
    "  %v4 = add i64 %v3, 1\n"
    "  store i64 %v4, ptr %v0\n"
    "  %v5 = load i64, ptr %v0\n"
    "  call void @println(i64 %v5)\n"
    "  %v6 = add i64 %v1, 1\n"
    "  br label %b1\n"
    "b3:\n"
    "  %v7 = load i64, ptr %v0\n"
    "  call void @println(i64 %v7)\n"
    "  ret void\n"
    "}\n";

static void test_loads(memssa_client *c) {
  char path[1024];
  memssa_load_answer l;
  is_int(memssa_client_load(c, NULL, fixture(path, sizeof path), &l), 0, "load a .json file");
  is_str(l.module, "noir-loop", "module named after the file");
  ok(l.functions == 1 && l.defs == 4 && l.uses == 3 && l.phis == 1,
     "counts: 1 function, 4 defs, 3 uses, 1 phi (got %lld %lld %lld %lld)", l.functions, l.defs,
     l.uses, l.phis);
  memssa_answer_free(&l);
  ok(l.json == NULL && l.module == NULL, "an answer is zeroed by its free");

  json_t *ir = json_load_file(path, 0, NULL);
  is_int(memssa_client_load_ir(c, "ir", ir, &l), 0, "load_ir: the JSON IR as a json_t");
  ok(l.defs == 4 && !l.replaced && ir->refcount == 1, "load_ir borrows the IR");
  memssa_load_answer_free(&l);
  is_int(memssa_client_load_ir(c, "ir", ir, &l), 0, "load_ir again");
  ok(l.replaced, "a second load of a name replaces the module");
  memssa_load_answer_free(&l);
  json_decref(ir);

  is_int(memssa_client_load_text(c, "ll", LOOP_LL, &l), 0, "load_text: LLVM text");
  ok(l.defs == 4 && l.uses == 3 && l.phis == 1, "the same MemorySSA from the text");
  memssa_load_answer_free(&l);
}

static void test_typed(memssa_client *c) {
  memssa_clobber_answer cl;
  is_int(memssa_client_clobber(c, "noir-loop", "main", "v5", &cl), 0, "clobber v5");
  ok(cl.access.kind == MEMSSA_ACCESS_USE && cl.clobber.kind == MEMSSA_ACCESS_DEF,
     "v5 is a use clobbered by a def");
  ok(cl.clobber.inst == 8 && cl.clobber.id == 2, "the clobber is the store of v4 (inst 8, id 2)");
  ok(cl.alias == MEMSSA_MUST_ALIAS, "MustAlias");
  memssa_answer_free(&cl);

  memssa_accesses_answer a;
  is_int(memssa_client_accesses(c, "noir-loop", "main", &a), 0, "accesses of main");
  is_int((long long)a.n, 8, "8 accesses (4 defs, 3 uses, 1 phi)");
  ok(a.n > 1 && a.a[1].access.kind == MEMSSA_ACCESS_PHI && a.a[1].clobber.kind == MEMSSA_ACCESS_NONE,
     "the phi comes second, without a clobber");
  ok(a.n && a.a[0].clobber.kind == MEMSSA_ACCESS_LIVE_ON_ENTRY && a.a[0].clobber.id == 0,
     "the first store is clobbered by liveOnEntry");
  memssa_answer_free(&a);

  memssa_alias_answer al;
  is_int(memssa_client_alias(c, "noir-loop", "main", "v3", "v5", &al), 0, "alias v3 v5");
  ok(al.alias == MEMSSA_MUST_ALIAS && al.overlap == MEMSSA_OVERLAP_EXACT, "MustAlias, exact");
  memssa_answer_free(&al);
  is_int(memssa_client_alias_loc(c, "noir-loop", "main", "v0", 8, "v0", 4, &al), 0,
         "alias of two {ptr,size} locations");
  ok(al.overlap == MEMSSA_OVERLAP_TOTAL, "8 bytes over 4 at the same pointer: total (%s)",
     memssa_overlap_name(al.overlap));
  memssa_answer_free(&al);

  memssa_depends_answer d;
  is_int(memssa_client_depends(c, "noir-loop", "main", "b2:2", "v5", &d), 0,
         "depends from the store (b2:2) to v5");
  ok(d.depends && d.reaches && d.kinds == MEMSSA_DEP_FLOW && d.modref == MEMSSA_MODREF_MOD,
     "a flow dependence that reaches");
  ok(d.npath == 2 && d.path[0].inst == 9 && d.path[1].inst == 8 && d.reason == NULL,
     "its path: v5 back to the store");
  ok(d.killer.kind == MEMSSA_ACCESS_NONE && d.walker_clobber.inst == 8, "no killer; the walker agrees");
  memssa_answer_free(&d);
  is_int(memssa_client_depends(c, "noir-loop", "main", "b0:1", "v5", &d), 0,
         "depends from the first store to v5");
  ok(!d.depends && d.reason && d.killer.inst == 8, "killed by the store of v4 (%s)",
     d.reason ? d.reason : "no reason");
  memssa_answer_free(&d);

  memssa_value_answer v;
  is_int(memssa_client_value(c, "noir-loop", "main", "v5", &v), 0, "value v5");
  ok(v.known && !strcmp(v.value, "v4") && !strcmp(v.type, "i64") && !strcmp(v.text, "Known(v4)"),
     "Known(v4)");
  ok(v.nwrites == 1 && v.writes[0].inst == 8 && v.reason == NULL, "one reaching store");
  memssa_answer_free(&v);
  is_int(memssa_client_value(c, "ll", "main", "%v3", &v), 0, "value %%v3 of the LLVM text");
  ok(!v.known && v.value == NULL && v.reason && !strcmp(v.text, "Unknown"), "Unknown, with a reason");
  ok(v.blocker.kind == MEMSSA_ACCESS_DEF && v.other.kind == MEMSSA_ACCESS_DEF && v.nwrites == 2,
     "two stores of different values reach it (%s)", v.reason ? v.reason : "no reason");
  memssa_answer_free(&v);
}

static void test_errors(memssa_client *c) {
  memssa_value_answer v;
  is_int(memssa_client_value(c, "nope", "main", "v5", &v), MEMSSA_CLIENT_ERPC,
         "an unknown module is an error reply");
  json_t *e = memssa_client_error_borrow(c);
  ok(json_is_integer(json_object_get(e, "code")) && v.json == NULL,
     "the error object is kept; the answer stays zeroed");
  ok(!strncmp(memssa_client_errmsg(c), "error -32", 9), "errmsg: %s", memssa_client_errmsg(c));
  is_int(memssa_client_value(c, "noir-loop", "main", "v4", &v), MEMSSA_CLIENT_ERPC,
         "value of an add (no memory access) is an error reply");
  memssa_value_answer_free(&v);
  is_int(memssa_client_value(c, "noir-loop", "main", "b2:x", &v), MEMSSA_CLIENT_EINVAL,
         "a malformed BLOCK:INDEX is refused before sending");
  is_int(memssa_client_value(c, "noir-loop", "main", "v5", &v), 0, "the connection still works");
  ok(memssa_client_error_borrow(c) == NULL, "a success clears the last error");
  memssa_value_answer_free(&v);

  char *reply = NULL;
  is_int(memssa_client_call(c, "ping", NULL, &reply), 0, "text level: ping");
  ok(reply && strstr(reply, "\"version\""), "the reply line");
  free(reply);
  reply = NULL;
  is_int(memssa_client_call(c, "value", "{ \"module\" : \"noir-loop\", \"function\":\"main\",\"inst\":\"v5\"}",
                            &reply), 0, "text level: value, params as text (re-encoded by jansson)");
  ok(reply && strstr(reply, "\"result\":{") && strstr(reply, "Known("), "... its reply line");
  free(reply);
  reply = NULL;
  is_int(memssa_client_call(c, "value", "{\"module\":", &reply), MEMSSA_CLIENT_EINVAL,
         "params text that is not JSON is refused before sending");
  ok(reply == NULL, "... no reply");
  is_int(memssa_client_call(c, "ping", NULL, &reply), 0, "the connection still works");
  free(reply);
}

/* Request k of the pipeline: four kinds in turn, one of them an error. */
static json_t *pipeline_params(int k, const char **method) {
  switch (k % 4) {
  case 0: *method = "value"; return memssa_params_value_new("noir-loop", "main", "v5");
  case 1: *method = "depends"; return memssa_params_depends_new("noir-loop", "main", "b2:2", "v5");
  case 2: *method = "clobber"; return memssa_params_clobber_new("noir-loop", "main", "v3");
  default: *method = "value"; return memssa_params_value_new("noir-loop", "nosuch", "v5");
  }
}

/* Whether reply k of the pipeline is the right answer. */
static bool pipeline_answer_ok(int k, json_t *reply) {
  json_t *r = json_object_get(reply, "result");
  bool good = false;
  if (k % 4 == 0) {
    memssa_value_answer v;
    good = !memssa_value_answer_decode(r, &v) && v.known && !strcmp(v.value, "v4");
    memssa_answer_free(&v);
  } else if (k % 4 == 1) {
    memssa_depends_answer d;
    good = !memssa_depends_answer_decode(r, &d) && d.depends;
    memssa_answer_free(&d);
  } else if (k % 4 == 2) {
    memssa_clobber_answer cl;
    good = !memssa_clobber_answer_decode(r, &cl) && cl.clobber.kind == MEMSSA_ACCESS_PHI;
    memssa_answer_free(&cl);
  } else {
    good = !r && json_object_get(reply, "error");
  }
  return good;
}

static void test_pipeline(memssa_client *c) {
  static long long ids[PIPELINE_N];
  int sent = 0, in_order = 0, right = 0;
  for (int k = 0; k < PIPELINE_N; k++) {
    const char *method;
    json_t *p = pipeline_params(k, &method);
    sent += memssa_client_send_new(c, method, p, &ids[k]) == 0;
  }
  is_int(sent, PIPELINE_N, "%d requests sent without reading", PIPELINE_N);
  is_int((long long)memssa_client_pending(c), PIPELINE_N, "all of them pending");
  char *line;
  is_int(memssa_client_roundtrip(c, "{\"id\":1,\"method\":\"ping\"}", &line), MEMSSA_CLIENT_EINVAL,
         "a roundtrip is refused while replies are pending");
  for (int k = 0; k < PIPELINE_N; k++) {
    json_t *reply;
    if (memssa_client_recv(c, &reply)) break;
    in_order += json_integer_value(json_object_get(reply, "id")) == ids[k];
    right += pipeline_answer_ok(k, reply);
    json_decref(reply);
  }
  is_int(in_order, PIPELINE_N, "every reply carries its request's id, in order");
  is_int(right, PIPELINE_N, "every reply is its request's answer (errors where expected)");
  is_int((long long)memssa_client_pending(c), 0, "nothing pending");
  json_t *reply;
  is_int(memssa_client_recv(c, &reply), MEMSSA_CLIENT_EINVAL, "recv with nothing pending is refused");
}

/* More request bytes than a socket buffer holds, each with a reply larger
** than its request (the daemon queues them, up to its --max-backlog). */
static void test_flood(memssa_client *c) {
  int sent = 0, got = 0;
  for (int k = 0; k < FLOOD_N; k++)
    sent += memssa_client_send_new(c, "accesses",
                                   memssa_params_accesses_new("noir-loop", "main", 0, 1000), NULL) == 0;
  for (int k = 0; k < FLOOD_N; k++) {
    json_t *r;
    if (memssa_client_recv_result(c, &r)) break;
    got += json_array_size(json_object_get(r, "accesses")) == 8;
    json_decref(r);
  }
  ok(sent == FLOOD_N && got == FLOOD_N, "a flood of %d `accesses` (%d sent, %d answered)", FLOOD_N,
     sent, got);
}

static void test_batch(memssa_client *c) {
  json_t *reqs = json_array(), *replies = NULL;
  for (int k = 0; k < BATCH_N; k++) {
    const char *method;
    json_t *p = pipeline_params(k, &method);
    json_array_append_new(reqs, json_pack("{ssso}", "method", method, "params", p));
  }
  is_int(memssa_client_batch(c, reqs, &replies), 0, "a batch of %d", BATCH_N);
  int right = 0;
  for (int k = 0; k < (int)json_array_size(replies); k++)
    right += pipeline_answer_ok(k, json_array_get(replies, (size_t)k));
  is_int(right, BATCH_N, "one reply per request, in order, each the right answer");
  ok(!json_object_get(json_array_get(reqs, 0), "id"), "the requests given are not modified");
  json_decref(reqs);
  json_decref(replies);
  json_t *bad = json_pack("[{s:i}]", "params", 1);
  is_int(memssa_client_batch(c, bad, &replies), MEMSSA_CLIENT_EINVAL, "a request without method is refused");
  json_decref(bad);
  bad = json_pack("[{s:s},{s:i}]", "method", "ping", "params", 1);
  is_int(memssa_client_batch(c, bad, &replies), MEMSSA_CLIENT_EINVAL,
         "... also after a good one (checked before anything is queued)");
  json_decref(bad);
  bad = json_pack("[{s:s},{s:s,s:{}}]", "method", "ping", "method", "load", "params");
  ok(memssa_client_batch(c, bad, &replies) == 0 && json_array_size(replies) == 2 &&
         json_object_get(json_array_get(replies, 0), "result") &&
         json_object_get(json_array_get(replies, 1), "error"),
     "the next batch: nothing of the refused one went out; an error reply is an entry in place");
  json_decref(bad);
  json_decref(replies);
}

/* Two accesses the same as far as the ids form tells (kind, id, inst, and
** the block when both have one). */
static bool same_access(const memssa_access *x, const memssa_access *y) {
  return x->kind == y->kind && x->id == y->id && x->inst == y->inst &&
         (!x->block || !y->block || !strcmp(x->block, y->block));
}

static bool same_depends(const memssa_depends_answer *x, const memssa_depends_answer *y) {
  bool same = x->depends == y->depends && x->kinds == y->kinds && x->alias == y->alias &&
              x->modref == y->modref && x->reaches == y->reaches && x->npath == y->npath &&
              !x->reason == !y->reason && (!x->reason || !strcmp(x->reason, y->reason)) &&
              same_access(&x->killer, &y->killer) &&
              same_access(&x->walker_clobber, &y->walker_clobber);
  for (size_t k = 0; same && k < x->npath; k++) same = same_access(&x->path[k], &y->path[k]);
  return same;
}

/* The ids form through the typed calls: concrete answers, and the same
** answers as the full form for every access and every pair of them. */
static void test_ids_form(memssa_client *c) {
  memssa_accesses_answer full, ids;
  memssa_client_set_form(c, MEMSSA_FORM_FULL);
  is_int(memssa_client_accesses(c, "ids", "main", &full), 0, "accesses, full form");
  memssa_client_set_form(c, MEMSSA_FORM_IDS);
  is_int(memssa_client_accesses(c, "ids", "main", &ids), 0, "accesses, ids form");
  ok(ids.n == 8 && ids.a[4].access.kind == MEMSSA_ACCESS_USE && ids.a[4].access.inst == 9 &&
         !strcmp(ids.a[4].access.block, "b2") && ids.a[4].clobber.kind == MEMSSA_ACCESS_DEF &&
         ids.a[4].clobber.id == 2 && ids.a[4].clobber.inst == 8 && ids.a[4].alias == MEMSSA_MUST_ALIAS,
     "ids: v5 (inst 9 in b2) is clobbered by def 2 (inst 8), MustAlias");
  ok(ids.a[4].access.text == NULL && ids.a[4].access.desc == NULL, "ids: no texts");
  size_t bad = full.n != ids.n;
  for (size_t k = 0; !bad && k < full.n; k++)
    bad += !same_access(&full.a[k].access, &ids.a[k].access) ||
           !same_access(&full.a[k].clobber, &ids.a[k].clobber) || full.a[k].alias != ids.a[k].alias;
  is_int((long long)bad, 0, "ids and full accesses agree on all %zu accesses", full.n);
  size_t pairs = 0, dbad = 0, abad = 0;
  for (size_t i = 0; i < full.n; i++)
    for (size_t j = 0; j < full.n; j++) {
      if (full.a[i].access.inst < 0 || full.a[j].access.inst < 0) continue;
      char a[32], b[32];
      snprintf(a, sizeof a, "%lld", full.a[i].access.inst);
      snprintf(b, sizeof b, "%lld", full.a[j].access.inst);
      memssa_depends_answer df, di;
      memssa_alias_answer af, ai;
      memssa_client_set_form(c, MEMSSA_FORM_FULL);
      int rd = memssa_client_depends(c, "ids", "main", a, b, &df);
      int ra = memssa_client_alias(c, "ids", "main", a, b, &af);
      memssa_client_set_form(c, MEMSSA_FORM_IDS);
      dbad += rd != memssa_client_depends(c, "ids", "main", a, b, &di) || !same_depends(&df, &di);
      abad += ra != memssa_client_alias(c, "ids", "main", a, b, &ai) ||
              (!ra && (af.alias != ai.alias || af.overlap != ai.overlap));
      pairs++;
      memssa_answer_free(&df);
      memssa_answer_free(&di);
      memssa_answer_free(&af);
      memssa_answer_free(&ai);
    }
  ok(pairs >= 49 && !dbad && !abad, "ids and full depends/alias agree on %zu pairs (%zu, %zu differ)",
     pairs, dbad, abad);
  memssa_answer_free(&full);
  memssa_answer_free(&ids);
  memssa_depends_answer d;
  is_int(memssa_client_depends(c, "ids", "main", "b2:2", "v5", &d), 0, "depends, ids form");
  ok(d.depends && d.kinds == MEMSSA_DEP_FLOW && d.alias == MEMSSA_MUST_ALIAS && d.npath == 2 &&
         d.path[0].inst == 9 && d.path[1].id == 2 && d.walker_clobber.id == 2,
     "ids: store -> v5 flow, MustAlias, path v5 back to def 2");
  memssa_answer_free(&d);
  memssa_client_set_form(c, MEMSSA_FORM_FULL);
}

/* The packed form through the typed calls: exactly the ids answers (same
** numbers, same blocks), and the VLQ decoder's answers and refusals. */
static void test_packed_form(memssa_client *c) {
  long long *v;
  size_t n;
  static const long long want[] = {0, 1, -1, 16, -16, -511, 1099511627776LL};
  ok(!memssa_packed_decode("ACDgBhB/fggggggggC", 18, &v, &n) && n == 7 &&
         !memcmp(v, want, sizeof want),
     "packed decode: 0, 1, -1, 16, -16, -511, 2^40");
  free(v);
  ok(memssa_packed_decode("CC!", 3, &v, &n) == MEMSSA_CLIENT_EPROTO && !v && !n,
     "packed decode: a character outside the alphabet is EPROTO");
  ok(memssa_packed_decode("Cg", 2, &v, &n) == MEMSSA_CLIENT_EPROTO && !v,
     "packed decode: a number cut short is EPROTO");
  ok(memssa_packed_decode("gggggggggggggC", 14, &v, &n) == MEMSSA_CLIENT_EPROTO && !v,
     "packed decode: a number over 63 bits is EPROTO");
  ok(!memssa_packed_decode("", 0, &v, &n) && !v && !n, "packed decode: empty is no numbers");
  static const long long rows[] = {1, 1, 1, 0, 0, -1, 3, 5, -1, 1, -1, -1, 2, -1, 6, 2, 5, 1};
  ok(!memssa_packed_accesses_decode("ACCACUICOKCA", 12, &v, &n) && n == 3 &&
         !memcmp(v, rows, sizeof rows),
     "packed accesses: def 1, phi 5, use inst 6 clobbered by phi 5 (the ids rows)");
  free(v);
  ok(memssa_packed_accesses_decode("ACCA", 4, &v, &n) == MEMSSA_CLIENT_EPROTO && !v && !n,
     "packed accesses: a def without its clobber is EPROTO");
  ok(memssa_packed_accesses_decode("D", 1, &v, &n) == MEMSSA_CLIENT_EPROTO && !v,
     "packed accesses: a negative kind/alias number is EPROTO");
  memssa_accesses_answer ids, pk;
  memssa_client_set_form(c, MEMSSA_FORM_IDS);
  is_int(memssa_client_accesses(c, "ids", "main", &ids), 0, "accesses, ids form");
  memssa_client_set_form(c, MEMSSA_FORM_PACKED);
  is_int(memssa_client_accesses(c, "ids", "main", &pk), 0, "accesses, packed form");
  ok(json_is_string(json_object_get(pk.json, "accesses")), "packed: the numbers are one string");
  size_t bad = ids.n != pk.n || pk.n != 8;
  for (size_t k = 0; !bad && k < ids.n; k++)
    bad += !same_access(&ids.a[k].access, &pk.a[k].access) ||
           strcmp(ids.a[k].access.block, pk.a[k].access.block) ||
           !same_access(&ids.a[k].clobber, &pk.a[k].clobber) || ids.a[k].alias != pk.a[k].alias;
  is_int((long long)bad, 0, "packed and ids accesses are the same %zu accesses", pk.n);
  memssa_answer_free(&ids);
  memssa_answer_free(&pk);
  memssa_depends_answer d, di;
  is_int(memssa_client_depends(c, "ids", "main", "b2:2", "v5", &d), 0, "depends, packed form");
  ok(d.depends && d.kinds == MEMSSA_DEP_FLOW && d.alias == MEMSSA_MUST_ALIAS &&
         d.modref == MEMSSA_MODREF_MOD && d.reaches && !d.reason && d.killer.kind == MEMSSA_ACCESS_NONE &&
         d.npath == 2 && d.path[0].inst == 9 && d.path[1].id == 2 && d.walker_clobber.id == 2,
     "packed: store -> v5 flow, MustAlias, Mod, no killer, path v5 back to def 2");
  memssa_answer_free(&d);
  is_int(memssa_client_depends(c, "ids", "main", "b0:1", "v5", &d), 0, "depends with a reason, packed");
  memssa_client_set_form(c, MEMSSA_FORM_IDS);
  is_int(memssa_client_depends(c, "ids", "main", "b0:1", "v5", &di), 0, "the same, ids");
  ok(d.reason && same_depends(&d, &di) && d.killer.id == 2,
     "packed: the reason after ';' and the killer, as the ids form says (%s)", d.reason ? d.reason : "");
  memssa_answer_free(&d);
  memssa_answer_free(&di);
  memssa_alias_answer a;
  memssa_client_set_form(c, MEMSSA_FORM_PACKED);
  is_int(memssa_client_alias(c, "ids", "main", "v3", "v5", &a), 0, "alias, packed form");
  ok(a.alias == MEMSSA_MUST_ALIAS && a.overlap == MEMSSA_OVERLAP_EXACT && json_is_string(a.json),
     "packed: v3, v5 MustAlias, exact");
  memssa_answer_free(&a);
  static const long long pairs[] = {8, 9, 1, 9};
  memssa_depends_answer dp[2], one;
  is_int(memssa_client_depends_pairs(c, "ids", "main", pairs, 2, dp), 0, "depends pairs: one request");
  is_int(memssa_client_depends(c, "ids", "main", "b0:1", "v5", &one), 0, "the second alone");
  ok(dp[0].depends && dp[0].kinds == MEMSSA_DEP_FLOW && dp[0].walker_clobber.id == 2 && dp[0].npath == 2 &&
         same_depends(&dp[1], &one) && !dp[1].depends && dp[1].reason,
     "depends pairs: (8,9) flows, (1,9) is the b0 store killed by def 2, as asked alone");
  memssa_answer_free(&dp[0]);
  memssa_answer_free(&dp[1]);
  memssa_answer_free(&one);
  static const long long apairs[] = {6, 9, 9, 6, 6, 6};
  memssa_alias_answer ap[3];
  is_int(memssa_client_alias_pairs(c, "ids", "main", apairs, 3, ap), 0, "alias pairs: one request");
  ok(ap[0].alias == MEMSSA_MUST_ALIAS && ap[1].alias == MEMSSA_MUST_ALIAS &&
         ap[2].overlap == MEMSSA_OVERLAP_EXACT,
     "alias pairs: v3/v5 MustAlias both ways, v3 with itself exact");
  for (int k = 0; k < 3; k++) memssa_answer_free(&ap[k]);
  static const long long badp[] = {8, 9, 8, 999};
  memset(dp, 0xff, sizeof dp);
  int rc = memssa_client_depends_pairs(c, "ids", "main", badp, 2, dp);
  const char *msg = memssa_client_errmsg(c);
  ok(rc != 0 && dp[0].json == NULL && dp[1].json == NULL && msg && strstr(msg, "pairs[1]"),
     "depends pairs: a bad second question fails the request, answers zeroed (%s)", msg ? msg : "");
  /* more than the daemon's 256 a request: split, answers in order; a bad
  ** question in the second request fails the call, every answer zeroed */
  enum { NBIG = 300 };
  long long big[2 * NBIG];
  memssa_depends_answer *bd = calloc(NBIG, sizeof *bd);
  for (int k = 0; k < NBIG; k++) big[2 * k] = k % 2 ? 1 : 8, big[2 * k + 1] = 9;
  int same = bd && memssa_client_depends_pairs(c, "ids", "main", big, NBIG, bd) == 0;
  for (int k = 0; same && k < NBIG; k++)
    same = bd[k].depends == !(k % 2) && (k % 2 ? bd[k].reason != NULL : bd[k].kinds == MEMSSA_DEP_FLOW);
  ok(same, "depends pairs: %d questions (two requests) answered in order", NBIG);
  for (int k = 0; bd && k < NBIG; k++) memssa_answer_free(&bd[k]);
  big[2 * 280 + 1] = 999;
  rc = bd ? memssa_client_depends_pairs(c, "ids", "main", big, NBIG, bd) : -1;
  int zeroed = rc != 0;
  for (int k = 0; bd && zeroed && k < NBIG; k++) zeroed = bd[k].json == NULL;
  msg = memssa_client_errmsg(c);
  ok(zeroed && msg && strstr(msg, "pairs[24]"),
     "depends pairs: question 280 bad fails the call (pairs[24] of the second request), all zeroed (%s)",
     msg ? msg : "");
  free(bd);
  json_t *bogus = json_string("CC!");
  ok(memssa_alias_answer_decode(bogus, &a) == MEMSSA_CLIENT_EPROTO &&
         memssa_depends_answer_decode(bogus, &d) == MEMSSA_CLIENT_EPROTO,
     "a result string that is not packed numbers is EPROTO");
  json_decref(bogus);
  memssa_client_set_form(c, MEMSSA_FORM_FULL);
}

/* memssa_client_accesses_many's callback: compares each function's answer
** with memssa_client_accesses in the ids form on the second connection. */
typedef struct many_check {
  memssa_client *ids;   /* IDS form */
  const char *module;
  size_t functions, accesses, bad, stop_after;
  char first[64];
} many_check;

static int many_each(void *arg, const char *function, const memssa_accesses_answer *a) {
  many_check *m = arg;
  if (!m->functions++) snprintf(m->first, sizeof m->first, "%s", function ? function : "");
  memssa_accesses_answer want;
  if (memssa_client_accesses(m->ids, m->module, function, &want)) {
    m->bad++;
    return 0;
  }
  size_t bad = want.n != a->n;
  for (size_t k = 0; !bad && k < a->n; k++)
    bad += !same_access(&want.a[k].access, &a->a[k].access) ||
           !want.a[k].access.block != !a->a[k].access.block ||
           (a->a[k].access.block && strcmp(want.a[k].access.block, a->a[k].access.block)) ||
           !same_access(&want.a[k].clobber, &a->a[k].clobber) || want.a[k].alias != a->a[k].alias;
  m->bad += bad != 0;
  m->accesses += a->n;
  memssa_answer_free(&want);
  return m->stop_after && m->functions == m->stop_after ? 42 : 0;
}

static void test_queries(memssa_client *c, memssa_client *ids);

/* `accesses` of several functions in one request a page (docs/offload.md,
** "Several functions in one request"). */
static void test_accesses_many(memssa_client *c) {
  memssa_client *ids;
  if (memssa_client_connect(sock, &ids)) bail_out("cannot connect");
  memssa_client_set_form(ids, MEMSSA_FORM_IDS);
  memssa_client_set_form(c, MEMSSA_FORM_FULL);   /* asked packed all the same */
  many_check m = {ids, "ids", 0, 0, 0, 0, ""};
  is_int(memssa_client_accesses_many(c, "ids", NULL, 0, many_each, &m), 0, "accesses_many, every function");
  ok(m.functions == 1 && m.accesses == 8 && !m.bad && !strcmp(m.first, "main"),
     "noir loop: main, 8 accesses, the same as memssa_client_accesses (%zu, %zu, %zu)", m.functions,
     m.accesses, m.bad);
  json_t *r = NULL;
  json_t *p = memssa_params_form_new(
      memssa_params_accesses_many_new("ids", (const char *const[]){"main"}, 1, 0, 3, 3),
      MEMSSA_FORM_PACKED);
  is_int(memssa_client_request_new(c, "accesses", p, &r), 0, "a page of 3 from access 3");
  json_t *e = json_array_get(json_object_get(r, "functions"), 0), *next = json_object_get(r, "next");
  ok(json_integer_value(json_object_get(e, "offset")) == 3 &&
         !strcmp(json_string_value(json_object_get(e, "accesses")), "EEQEHSCAAECCAF") &&
         json_integer_value(json_object_get(next, "at")) == 0 &&
         json_integer_value(json_object_get(next, "offset")) == 6,
     "accesses 3..5 of main packed (EEQEHSCAAECCAF), next at 0, offset 6");
  json_decref(r);
  const char *decl[] = {"main", "println"};
  int rc = memssa_client_accesses_many(c, "ll", decl, 2, many_each, &m);
  json_t *err = memssa_client_error_borrow(c);
  const char *why = json_string_value(json_object_get(json_object_get(err, "data"), "reason"));
  ok(rc == MEMSSA_CLIENT_ERPC && json_integer_value(json_object_get(err, "code")) == -32002 &&
         why && !strcmp(why, "declaration"),
     "a declaration in the list: -32002, reason declaration (%s)", memssa_client_errmsg(c));
  const char *sh = getenv("MEMSSA_SHARED");
  char path[1024];
  snprintf(path, sizeof path, "%s/corpus/real/lua.O2.ll", sh && *sh ? sh : "../shared");
  memssa_load_answer l;
  if (access(path, R_OK) || memssa_client_load(c, "lua", path, &l)) {
    ok(1, "# SKIP no lua.O2.ll");
  } else {
    memssa_answer_free(&l);
    m = (many_check){ids, "lua", 0, 0, 0, 0, ""};
    is_int(memssa_client_accesses_many(c, "lua", NULL, 0, many_each, &m), 0, "lua.O2: every function");
    ok(m.functions == 687 && m.accesses == 19266 && !m.bad,
       "lua.O2: 687 functions, 19,266 accesses, each as memssa_client_accesses answers it alone, ids "
       "(%zu, %zu, %zu differ)", m.functions, m.accesses, m.bad);
    memssa_client_set_block_names(c, false);
    memssa_client_set_block_names(ids, false);
    m = (many_check){ids, "lua", 0, 0, 0, 0, ""};
    is_int(memssa_client_accesses_many(c, "lua", NULL, 0, many_each, &m), 0,
           "lua.O2 without block names");
    ok(m.functions == 687 && m.accesses == 19266 && !m.bad,
       "lua.O2 without block names: the same (%zu, %zu, %zu differ)", m.functions, m.accesses, m.bad);
    memssa_client_set_block_names(c, true);
    memssa_client_set_block_names(ids, true);
    m = (many_check){ids, "lua", 0, 0, 0, 5, ""};
    is_int(memssa_client_accesses_many(c, "lua", NULL, 0, many_each, &m), 42,
           "a callback's non-zero return stops the sweep and is returned");
    is_int((long long)m.functions, 5, "... after 5 functions");
    test_queries(c, ids);
  }
  memssa_client_close(ids);
}

/* Questions of memssa_client_queries gathered from each function's
** accesses (memssa_client_accesses_many's callback): every 5th memory
** instruction against another, depends and alias in turn. */
typedef struct qgather {
  memssa_query *q;
  size_t n, cap;
  char **names;
  size_t nnames;
} qgather;

static int gather_each(void *arg, const char *function, const memssa_accesses_answer *a) {
  qgather *g = arg;
  long long mem[4096];
  size_t m = 0;
  for (size_t k = 0; k < a->n && m < 4096; k++)
    if (a->a[k].access.inst >= 0) mem[m++] = a->a[k].access.inst;
  if (m < 2) return 0;
  char *name = strdup(function);
  g->names = realloc(g->names, (g->nnames + 1) * sizeof *g->names);
  g->names[g->nnames++] = name;
  for (size_t i = 0; i < m; i += 5) {
    if (g->n == g->cap) g->q = realloc(g->q, (g->cap = 2 * g->cap + 64) * sizeof *g->q);
    g->q[g->n] = (memssa_query){name, g->n % 2 ? MEMSSA_QUERY_ALIAS : MEMSSA_QUERY_DEPENDS, mem[i],
                                mem[(i * 5 + 3) % m]};
    g->n++;
  }
  return 0;
}

/* The answer of q alone, through the typed call (ids form on `ids`);
** non-zero if the daemon refuses it (alias of a call). */
static int ask_alone(memssa_client *ids, const memssa_query *q, memssa_query_answer *out) {
  char a[32], b[32];
  snprintf(a, sizeof a, "%lld", q->a);
  snprintf(b, sizeof b, "%lld", q->b);
  memset(out, 0, sizeof *out);
  out->kind = q->kind;
  return q->kind == MEMSSA_QUERY_DEPENDS
             ? memssa_client_depends(ids, "lua", q->function, a, b, &out->depends)
             : memssa_client_alias(ids, "lua", q->function, a, b, &out->alias);
}

static bool same_answer(const memssa_query_answer *x, const memssa_query_answer *y) {
  if (x->kind != y->kind) return false;
  if (x->kind == MEMSSA_QUERY_DEPENDS) return same_depends(&x->depends, &y->depends);
  return x->alias.alias == y->alias.alias && x->alias.overlap == y->alias.overlap;
}

/* memssa_client_queries (docs/offload.md, "Many questions over many
** functions") on lua.O2: thousands of depends and alias questions over
** hundreds of functions, in a random order, answered in that order as the
** typed calls answer each alone; more than 256 questions of one function;
** errors name the caller's question and leave the client usable. */
static void test_queries(memssa_client *c, memssa_client *ids) {
  qgather g = {NULL, 0, 0, NULL, 0};
  memssa_client_set_form(ids, MEMSSA_FORM_IDS);
  is_int(memssa_client_accesses_many(ids, "lua", NULL, 0, gather_each, &g), 0, "questions gathered");
  memssa_query_answer *want = calloc(g.n + 600, sizeof *want);
  size_t n = 0;
  for (size_t k = 0; k < g.n; k++)   /* drop what the daemon refuses alone (alias of a call) */
    if (!ask_alone(ids, &g.q[k], &want[n])) g.q[n++] = g.q[k];
  size_t nbig = 0;   /* 600 more depends of one function, its own in turn */
  g.q = realloc(g.q, (n + 600) * sizeof *g.q);
  for (size_t k = 0; nbig < 600; k = (k + 1) % n)
    if (g.q[k].function == g.q[0].function && g.q[k].kind == MEMSSA_QUERY_DEPENDS) {
      g.q[n + nbig] = g.q[k];
      ask_alone(ids, &g.q[k], &want[n + nbig++]);
    }
  n += nbig;
  size_t *order = malloc(n * sizeof *order);
  memssa_query *q = malloc(n * sizeof *q);
  for (size_t k = 0; k < n; k++) order[k] = k;
  unsigned seed = 7;
  for (size_t k = n; k > 1; k--) {   /* a random order */
    seed = seed * 1103515245u + 12345u;
    size_t j = (seed >> 8) % k, t = order[k - 1];
    order[k - 1] = order[j];
    order[j] = t;
  }
  for (size_t k = 0; k < n; k++) q[k] = g.q[order[k]];
  memssa_query_answer *out = malloc(n * sizeof *out);
  memssa_client_set_form(c, MEMSSA_FORM_FULL);   /* asked packed all the same */
  is_int(memssa_client_queries(c, "lua", q, n, out), 0, "queries: one call");
  size_t bad = 0, ndep = 0;
  for (size_t k = 0; k < n; k++) {
    bad += !same_answer(&out[k], &want[order[k]]);
    ndep += out[k].kind == MEMSSA_QUERY_DEPENDS;
    memssa_answer_free(&out[k]);
  }
  ok(n > 2500 && g.nnames > 300 && nbig >= 300 && ndep > n / 3 && ndep < n && !bad,
     "queries: %zu questions (%zu depends) over %zu functions of lua.O2 in a random order, each "
     "answered in its place as alone (%zu differ)", n, ndep, g.nnames, bad);
  /* errors */
  memssa_query e[4] = {q[0], {"nope", MEMSSA_QUERY_ALIAS, q[0].a, q[0].b}, q[1], q[2]};
  int rc = memssa_client_queries(c, "lua", e, 3, out);
  json_t *err = memssa_client_error_borrow(c);
  ok(rc == MEMSSA_CLIENT_ERPC && json_integer_value(json_object_get(err, "code")) == -32002 &&
         strstr(memssa_client_errmsg(c), "queries[1] (@nope): error -32002") && !out[0].alias.json &&
         !out[0].depends.json && !out[2].alias.json && !out[2].depends.json,
     "queries: an unknown function fails the call, names queries[1], answers zeroed (%s)",
     memssa_client_errmsg(c));
  e[0] = (memssa_query){q[0].function, MEMSSA_QUERY_DEPENDS, q[0].a, q[0].b};
  e[1] = (memssa_query){q[0].function, MEMSSA_QUERY_DEPENDS, q[0].b, q[0].a};
  e[2] = (memssa_query){"nope2", MEMSSA_QUERY_DEPENDS, q[0].b, q[0].a};
  rc = memssa_client_queries(c, "lua", e, 3, out);
  err = memssa_client_error_borrow(c);
  ok(rc == MEMSSA_CLIENT_ERPC && json_integer_value(json_object_get(err, "code")) == -32002 &&
         strstr(memssa_client_errmsg(c), "queries[2] (@nope2): error -32002: params.functions[1]"),
     "queries: the second function of a request unknown: -32002 params.functions[1] = queries[2] "
     "(%s)", memssa_client_errmsg(c));
  e[2] = (memssa_query){q[0].function, MEMSSA_QUERY_DEPENDS, q[0].a, 999999};
  rc = memssa_client_queries(c, "lua", e, 3, out);
  err = memssa_client_error_borrow(c);
  json_t *data = json_object_get(err, "data");
  ok(rc == MEMSSA_CLIENT_ERPC && json_integer_value(json_object_get(err, "code")) == -32003 &&
         json_integer_value(json_object_get(data, "pair")) == 2 &&
         !strcmp(json_string_value(json_object_get(data, "reason")), "no_instruction") &&
         strstr(memssa_client_errmsg(c), "queries[2] ("),
     "queries: a bad id is -32003 no_instruction, data.pair 2 = queries[2] (%s)",
     memssa_client_errmsg(c));
  json_t *r = NULL;
  ok(memssa_client_pending(c) == 0 && memssa_client_request_new(c, "ping", NULL, &r) == 0,
     "queries: after an error every reply was read, the client goes on");
  json_decref(r);
  e[0].kind = (memssa_query_kind)7;
  is_int(memssa_client_queries(c, "lua", e, 1, out), MEMSSA_CLIENT_EINVAL, "queries: a bad kind is EINVAL");
  e[0] = (memssa_query){NULL, MEMSSA_QUERY_ALIAS, 1, 2};
  is_int(memssa_client_queries(c, "lua", e, 1, out), MEMSSA_CLIENT_EINVAL, "queries: no function is EINVAL");
  is_int(memssa_client_queries(c, "lua", NULL, 0, NULL), 0, "queries: none asked");
  for (size_t k = 0; k < n; k++) memssa_answer_free(&want[k]);
  for (size_t k = 0; k < g.nnames; k++) free(g.names[k]);
  free(g.names);
  free(g.q);
  free(q);
  free(out);
  free(order);
  free(want);
}

int main(void) {
  no_plan();
  signal(SIGPIPE, SIG_IGN);
  start_daemon();
  memssa_client *c;
  if (memssa_client_connect(sock, &c)) bail_out("cannot connect");
  test_loads(c);
  test_typed(c);
  {
    char path[1024];
    memssa_load_answer l;
    is_int(memssa_client_load(c, "ids", fixture(path, sizeof path), &l), 0, "load a fresh copy");
    memssa_answer_free(&l);
    test_ids_form(c);
    test_packed_form(c);
    test_accesses_many(c);
  }
  test_errors(c);
  test_pipeline(c);
  test_flood(c);
  test_batch(c);
  stop_daemon();
  memssa_value_answer v;
  int rc = memssa_client_value(c, "noir-loop", "main", "v5", &v);
  ok(rc == MEMSSA_CLIENT_EIO, "a daemon gone is an I/O error (%s)", memssa_client_strerror(rc));
  memssa_client_close(c);
  return done_testing();
}
