/*
** test_protocol.c -- unit tests of analysis/query/mssa_query.c, the layer the
** daemon's protocol is built on: bundle building, lookups by id / name /
** block+index / value / source position, clobber and reverse queries, the
** location form, text, and rejection of bad designators; then the JSON-RPC
** engine (protocol/) in-process with a one-module host: exact reply bytes,
** error codes, notifications, the reply cache, and a load job. (The daemon
** itself is tested end to end by the scripts in tests/daemon/.)
**
** The module is written by hand: a loop with a MemoryPhi and debug locations.
** Expected values were checked against `opt -passes='print<memoryssa-walker>'`
** (LLVM 14):
**   1 = MemoryDef(liveOnEntry)       store 1 -> %p        t.c:2:6
**   3 = MemoryPhi({entry,1},{loop,2})
**   2 = MemoryDef(3)->3 MayAlias     store 2 -> %q        t.c:4:8
**   MemoryUse(2) MayAlias            %v = load %p         t.c:5:7
**   MemoryUse(2) MustAlias           %w = load %q         t.c:7:3
*/
#include <string.h>

#include "query/mssa_query.h"
#include "proto.h"
#include "tap.h"

static const char ir[] =
    "define void @f(i32* %p, i32* %q, i1 %c) !dbg !4 {\n"
    "entry:\n"
    "  store i32 1, i32* %p, align 4, !dbg !10\n"
    "  br label %loop\n"
    "\n"
    "loop:\n"
    "  store i32 2, i32* %q, align 4, !dbg !11\n"
    "  %v = load i32, i32* %p, align 4, !dbg !12\n"
    "  br i1 %c, label %loop, label %exit\n"
    "\n"
    "exit:\n"
    "  %w = load i32, i32* %q, align 4, !dbg !13\n"
    "  ret void\n"
    "}\n"
    "\n"
    "declare void @g()\n"
    "\n"
    "!llvm.dbg.cu = !{!0}\n"
    "!llvm.module.flags = !{!3}\n"
    "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"x\", "
    "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
    "!1 = !DIFile(filename: \"t.c\", directory: \"/src\")\n"
    "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
    "!4 = distinct !DISubprogram(name: \"f\", scope: !1, file: !1, line: 1, type: !5, unit: !0)\n"
    "!5 = !DISubroutineType(types: !6)\n"
    "!6 = !{null}\n"
    "!10 = !DILocation(line: 2, column: 6, scope: !4)\n"
    "!11 = !DILocation(line: 4, column: 8, scope: !4)\n"
    "!12 = !DILocation(line: 5, column: 7, scope: !4)\n"
    "!13 = !DILocation(line: 7, column: 3, scope: !4)\n";

/* A host with at most one module, "t". */
static mssa_qmodule *host_q;
static mssa_qmodule *h_find(mssa_proto_host *h, const char *n) {
  (void)h;
  return host_q && !strcmp(n, "t") ? host_q : NULL;
}
static uint32_t h_count(mssa_proto_host *h) { (void)h; return host_q ? 1 : 0; }
static mssa_qmodule *h_at(mssa_proto_host *h, uint32_t i, const char **n) {
  (void)h;
  (void)i;
  *n = "t";
  return host_q;
}
static int h_unload(mssa_proto_host *h, const char *n) {
  (void)h;
  if (!host_q || strcmp(n, "t")) return -1;
  mssa_qmodule_free(host_q);
  host_q = NULL;
  return 0;
}

/* Handles one line; returns the reply (static buffer) and sets *rc. */
static const char *rpc(mssa_proto *p, const char *line, int *rc) {
  static mssa_buf out;
  static char text[8192];
  mssa_proto_job *job = NULL;
  out.n = 0;
  *rc = mssa_proto_handle(p, line, strlen(line), &out, &job);
  if (job) {
    do {   /* a job may ask to run again (a stale reload comparison) */
      mssa_proto_job_run(job);
      mssa_proto_job_reply(p, job, &out);
    } while (mssa_proto_job_again(job));
    mssa_qmodule *nq = mssa_proto_job_steal_module(job);
    if (nq) {
      mssa_qmodule_free(host_q);
      host_q = nq;
    }
    mssa_proto_job_free(job);
  }
  size_t n = out.n < sizeof text - 1 ? out.n : sizeof text - 1;
  memcpy(text, out.p ? out.p : "", n);
  text[n] = 0;
  return text;
}

/* The reply to `line` through mssa_proto_handle (a batch is streamed) and
** through a whole decode first (mssa_proto_parse): the same bytes, or both
** a -32700 (whose message says where, in its own words). */
static bool same_either_way(mssa_proto *p, const char *line) {
  mssa_buf a = {0}, b = {0};
  mssa_proto_job *job = NULL;
  size_t n = strlen(line);
  mssa_proto_handle(p, line, n, &a, &job);
  mssa_proto_handle_parsed(p, mssa_proto_parse(line, n), &b, &job);
  mssa_buf_append(&a, "", 1);
  mssa_buf_append(&b, "", 1);
  const char *pe = "\"error\":{\"code\":-32700";
  bool same = !strcmp(a.p, b.p) || (a.p[0] == '{' && b.p[0] == '{' && strstr(a.p, pe) && strstr(b.p, pe));
  if (!same) diag("line %s\n  streamed: %s  whole:    %s", line, a.p, b.p);
  mssa_buf_free(&a);
  mssa_buf_free(&b);
  return same;
}

/* Random batches of read-only requests and non-requests, cut, spliced and
** garbled: the streamed decode decides as jansson's whole decode does. */
static void test_batch_random(mssa_proto *p) {
  static const char *const parts[] = {
      "{\"id\":1,\"method\":\"ping\"}", "{\"method\":\"ping\"}", "1", "\"s\"", "null", "[]",
      "{}", "{\"id\":\"x\",\"method\":\"nope\"}", "true", "-2.5e3", "[1,{\"a\":[]}]",
      "{\"id\":2,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"inst\":\"%v\"}}"};
  static const char *const seps[] = {",", " , ", "\t,\n", ",\r "};
  static const char junk[] = "[]{},:\" x1\\\t";
  uint32_t seed = 2024;
  int bad = 0;
  for (int k = 0; k < 3000; k++) {
    char line[2048];
    size_t n = 0;
    seed = seed * 1103515245u + 12345u;
    int count = (int)(seed >> 16) % 5;
    n += (size_t)snprintf(line + n, sizeof line - n, "%s[", (seed >> 8) & 1 ? " " : "");
    for (int i = 0; i < count; i++) {
      seed = seed * 1103515245u + 12345u;
      n += (size_t)snprintf(line + n, sizeof line - n, "%s%s", i ? seps[(seed >> 20) % 4] : "",
                            parts[(seed >> 8) % (sizeof parts / sizeof parts[0])]);
    }
    n += (size_t)snprintf(line + n, sizeof line - n, "]%s", (seed >> 9) & 1 ? "  " : "");
    seed = seed * 1103515245u + 12345u;
    size_t at = n ? (seed >> 8) % n : 0;
    switch ((seed >> 4) % 4) {
    case 0: n = at; break;                                            /* cut */
    case 1: line[at] = junk[(seed >> 20) % (sizeof junk - 1)]; break;  /* garble */
    case 2: memmove(line + at, line + at + 1, n - at); n--; break;     /* drop */
    default: break;                                                   /* as made */
    }
    line[n] = 0;
    bad += !same_either_way(p, line);
  }
  is_int(bad, 0, "3000 random batch lines: streamed and whole decoding give the same reply");
}

/* Batches (protocol/batch.c): answered in slices as the daemon does, in one
** go (mssa_proto_handle), or decoded whole first (mssa_proto_parse), the
** reply is the same bytes. */
static void test_batch(mssa_proto *p, const char *q1) {
  char line[4096], whole[8192];
  int rc;
  snprintf(line, sizeof line,
           " [ %s , {\"method\":\"ping\"},\t{\"id\":\"p\",\"method\":\"ping\"},7 ] ", q1);
  snprintf(whole, sizeof whole, "%s", rpc(p, line, &rc));
  char want[4096];
  snprintf(want, sizeof want, "[%.*s,%s,%s]\n", (int)strlen(rpc(p, q1, &rc)) - 1, rpc(p, q1, &rc),
           "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{\"version\":\"1.0\"}}",
           "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":"
           "\"a request must be a JSON object\",\"data\":{\"reason\":\"invalid_request\"}}}");
  is_str(whole, want, "a batch: the replies in order, the notification left out, 7 refused");
  ok(rc == MSSA_PROTO_REPLIED && mssa_proto_is_batch(line, strlen(line)), "REPLIED; a batch line");
  mssa_proto_batch *b = mssa_proto_batch_begin(p, line, strlen(line));
  int steps = 0;
  while (!mssa_proto_batch_step(p, b, 0)) steps++;
  mssa_buf out = {0};
  rc = mssa_proto_batch_finish(b, &out);
  mssa_buf_append(&out, "", 1);
  is_str(out.p, whole, "answered one element per step: the same bytes");
  is_int(steps, 4, "... one element a step, then the end (the fifth)");
  out.n = 0;
  mssa_proto_job *job = NULL;
  mssa_proto_handle_parsed(p, mssa_proto_parse(line, strlen(line)), &out, &job);
  mssa_buf_append(&out, "", 1);
  is_str(out.p, whole, "decoded whole first: the same bytes");
  mssa_buf_free(&out);
  const char *unload = "{\"id\":1,\"method\":\"unload\",\"params\":{\"module\":\"t\"}}";
  snprintf(line, sizeof line, "[%s,%s,{", q1, unload);
  ok(strstr(rpc(p, line, &rc), "\"id\":null,\"error\":{\"code\":-32700") && host_q,
     "an unload before a parse error: -32700, and the module stays");
  snprintf(line, sizeof line, "[%s] ]", unload);
  ok(strstr(rpc(p, line, &rc), "-32700") && host_q, "an unload before a stray ']': the same");
}

/* The ids form (protocol/m_deps_ids.c) byte for byte, as the wire carried it
** when the replies were written by hand: encoding them through jansson must
** not change one byte (docs/offload.md, "The ids form"). */
static void test_ids_bytes(mssa_proto *p) {
  static const char *const req[][2] = {
      {"{\"id\":20,\"method\":\"accesses\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"form\":\"ids\"}}",
       "{\"jsonrpc\":\"2.0\",\"id\":20,\"result\":{\"total\":5,\"offset\":0,\"next\":null,\""
       "entry\":0,\"fields\":[\"kind\",\"id\",\"inst\",\"block\",\"clobber\",\"alias\"],\"bl"
       "ocks\":[\"entry\",\"loop\",\"exit\"],\"accesses\":[1,1,0,0,0,-1,3,3,-1,1,-1,-1,1,2,2"
       ",1,3,1,2,-1,3,1,2,1,2,-1,5,2,2,3]}}\n"},
      {"{\"id\":21,\"method\":\"accesses\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"form\":\"ids\","
       "\"offset\":1,\"limit\":2}}",
       "{\"jsonrpc\":\"2.0\",\"id\":21,\"result\":{\"total\":5,\"offset\":1,\"next\":3,\"ent"
       "ry\":0,\"fields\":[\"kind\",\"id\",\"inst\",\"block\",\"clobber\",\"alias\"],\"block"
       "s\":[\"entry\",\"loop\",\"exit\"],\"accesses\":[3,3,-1,1,-1,-1,1,2,2,1,3,1]}}\n"},
      {"{\"id\":22,\"method\":\"alias\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"form\":\"ids\","
       "\"a\":\"%v\",\"b\":\"%w\"}}",
       "{\"jsonrpc\":\"2.0\",\"id\":22,\"result\":[1,0]}\n"},
      {"{\"id\":23,\"method\":\"depends\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"form\":\"ids\","
       "\"from\":{\"block\":\"loop\",\"index\":0},\"to\":\"%w\"}}",
       "{\"jsonrpc\":\"2.0\",\"id\":23,\"result\":[true,1,3,2,true,null,null,[1,2,2],[2,-1,5"
       ",1,2,2]]}\n"},
      {"{\"id\":24,\"method\":\"depends\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"form\":\"ids\","
       "\"from\":{\"block\":\"entry\",\"index\":0},\"to\":\"%w\"}}",
       "{\"jsonrpc\":\"2.0\",\"id\":24,\"result\":[false,1,1,2,false,\"every path from `from"
       "` to `to` passes a write that covers the location\",[1,2,2],[1,2,2],[]]}\n"},
  };
  int rc;
  for (size_t i = 0; i < sizeof req / sizeof req[0]; i++) {
    const char *r = rpc(p, req[i][0], &rc);
    is_str(r, req[i][1], "ids form, exact bytes: %s", req[i][0]);
  }
}

/* Every error names a data.reason (errors.h invariant 3): the refusal's
** own word, or its code's default. Needs module "t" loaded. */
static void test_reasons(mssa_proto *p) {
  static const struct { const char *line, *code, *reason; } cases[] = {
    {"nope", "-32700", "parse_error"},
    {"[]", "-32600", "invalid_request"},
    {"{\"id\":1,\"method\":\"zap\"}", "-32601", "method_not_found"},
    {"{\"id\":1,\"method\":\"functions\",\"params\":{}}", "-32602", "missing_param"},
    {"{\"id\":1,\"method\":\"functions\",\"params\":{\"module\":7}}", "-32602", "wrong_type"},
    {"{\"id\":1,\"method\":\"functions\",\"params\":{\"module\":\"none\"}}", "-32001", "unknown_module"},
    {"{\"id\":1,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"function\":\"g\",\"inst\":\"%v\"}}",
     "-32002", "unknown_function"},
    {"{\"id\":1,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"inst\":\"%zz\"}}",
     "-32003", "unknown_id"},
    {"{\"id\":1,\"method\":\"load\",\"params\":{\"module\":\"bad\",\"text\":\"bogus\"}}", "-32010", "ir_error"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int rc;
    char want_code[32], want_reason[64];
    snprintf(want_code, sizeof want_code, "\"code\":%s,", cases[i].code);
    snprintf(want_reason, sizeof want_reason, "\"reason\":\"%s\"", cases[i].reason);
    const char *r = rpc(p, cases[i].line, &rc);
    if (!ok(strstr(r, want_code) && strstr(r, want_reason), "%s carries data.reason %s", cases[i].code,
            cases[i].reason))
      diag("reply: %s", r);
  }
}

static void test_engine(void) {
  mssa_proto_host h = {0};
  h.find = h_find;
  h.count = h_count;
  h.at = h_at;
  h.unload = h_unload;
  mssa_proto *p = mssa_proto_new(&h, NULL);
  int rc;
  is_str(rpc(p, "{\"id\":1,\"method\":\"ping\"}", &rc),
         "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"version\":\"1.0\"}}\n", "ping: exact bytes");
  is_str(rpc(p, "{\"method\":\"ping\"}", &rc), "", "notification: no reply");
  is_int(rc, MSSA_PROTO_SILENT, "notification: SILENT");
  ok(strstr(rpc(p, "nope", &rc), "\"id\":null,\"error\":{\"code\":-32700") != NULL, "-32700");
  ok(strstr(rpc(p, "[]", &rc), "-32600") != NULL, "-32600 batch");
  ok(strstr(rpc(p, "{\"id\":true,\"method\":\"ping\"}", &rc), "-32600") != NULL, "-32600 id");
  ok(strstr(rpc(p, "{\"id\":\"x\",\"method\":\"zap\"}", &rc), "\"id\":\"x\",\"error\":{\"code\":-32601") != NULL,
     "-32601, string id echoed");
  ok(strstr(rpc(p, "{\"id\":2,\"method\":\"functions\",\"params\":{\"module\":\"t\"}}", &rc), "-32001") != NULL,
     "-32001 before any load");
  /* load by text through a job */
  char req[4096];
  size_t k = (size_t)snprintf(req, sizeof req, "{\"id\":3,\"method\":\"load\",\"params\":{\"module\":\"t\",\"text\":");
  mssa_buf b = {0};
  mssa_buf_append(&b, req, k);
  mssa_buf_append(&b, "\"", 1);   /* the IR as a JSON string */
  for (const char *c = ir; *c; c++) {
    if (*c == '"' || *c == '\\') mssa_buf_append(&b, "\\", 1);
    if (*c == '\n') mssa_buf_append(&b, "\\n", 2);
    else mssa_buf_append(&b, c, 1);
  }
  mssa_buf_append(&b, "\"}}", 3);
  mssa_buf_append(&b, "", 1);
  const char *r = rpc(p, b.p, &rc);
  mssa_buf_free(&b);
  ok(rc == MSSA_PROTO_ASYNC && strstr(r, "\"module\":\"t\",\"functions\":1") != NULL,
     "load by text: a job, then its reply");
  if (!host_q) return;
  const char *q1 = "{\"id\":4,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"inst\":\"%v\"}}";
  char first[2048], second[2048];
  snprintf(first, sizeof first, "%s", rpc(p, q1, &rc));
  snprintf(second, sizeof second, "%s", rpc(p, q1, &rc));
  ok(strstr(first, "\"clobber\":{\"kind\":\"def\",\"id\":2,") != NULL, "clobber %%v: def 2");
  is_str(second, first, "the cached reply is byte-identical");
  ok(strstr(rpc(p, "{\"id\":5,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"function\":\"f\",\"inst\":\"%zz\"}}",
                &rc), "-32003") != NULL, "-32003");
  ok(strstr(rpc(p, "{\"id\":6,\"method\":\"clobber\",\"params\":{\"module\":\"t\",\"file\":\"t.c\",\"line\":5,\"col\":7}}",
                &rc), "\"matches\":[{") != NULL, "clobber by position");
  ok(strstr(rpc(p, "{\"id\":7,\"method\":\"load\",\"params\":{\"module\":\"bad\",\"text\":\"define void @f() {\\n  bogus\\n}\"}}",
                &rc), "\"code\":-32010") != NULL, "-32010 for bad IR");
  ok(strstr(rpc(p, "{\"id\":8,\"method\":\"stats\"}", &rc), "\"modules\":1,") != NULL, "stats");
  test_ids_bytes(p);
  test_reasons(p);
  test_batch(p, q1);
  test_batch_random(p);
  ok(strstr(rpc(p, "{\"id\":9,\"method\":\"shutdown\"}", &rc), "\"stopping\":true") && rc == MSSA_PROTO_SHUTDOWN,
     "shutdown asks the daemon to stop");
  mssa_buf e = {0};
  mssa_proto_error_line(p, MSSA_RPC_REQUEST_TOO_LARGE, "too large", -1, 10, &e);
  ok(e.n && strstr(e.p, "-32020") && strstr(e.p, "\"limit\":10"), "error line with the limit");
  mssa_buf_free(&e);
  is_str(rpc(p, "{\"id\":10,\"method\":\"unload\",\"params\":{\"module\":\"t\"}}", &rc),
         "{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{\"module\":\"t\",\"unloaded\":true}}\n", "unload");
  mssa_proto_free(p);
}

int main(void) {
  mssa_qmodule *q = NULL;
  mssa_diag d;
  memset(&d, 0, sizeof d);
  mssa_build_opts o = {UINT32_MAX, 0, false, false};
  int rc = mssa_qmodule_build("t.ll", ir, sizeof ir - 1, &o, &q, &d);
  if (!is_int(rc, MSSA_OK, "the module builds")) {
    diag("%s:%u:%u: %s", d.file, d.line, d.col, d.msg);
    bail_out("cannot continue");
  }
  is_uint(q->ndefined, 1, "one defined function");
  ok(q->ndefs == 2 && q->nuses == 2 && q->nphis == 1, "2 defs, 2 uses, 1 phi");
  ok(mssa_qmodule_memory(q) > sizeof ir, "memory estimate covers the text");

  /* functions */
  uint32_t fi = mssa_q_find_func(q, "f");
  is_uint(fi, 0, "find_func f");
  is_uint(mssa_q_find_func(q, "nope"), MSSA_NONE, "find_func unknown");
  uint32_t gi = mssa_q_find_func(q, "g");
  ok(gi != MSSA_NONE && mssa_qmodule_ssa(q, gi) == NULL, "a declaration has no graph");
  mssa_ssa *s = mssa_qmodule_ssa(q, fi);
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  is_uint(mssa_q_naccesses(s), 6, "6 accesses with liveOnEntry");

  /* instruction lookup */
  uint32_t v = MSSA_NONE, v2 = MSSA_NONE, v3 = MSSA_NONE, w = MSSA_NONE, blk = MSSA_NONE;
  is_int(mssa_q_inst_by_name(m, f, "%v", &v), MSSA_OK, "inst by name %%v");
  is_int(mssa_q_inst_by_name(m, f, "v", &v2), MSSA_OK, "inst by name without %%");
  is_uint(v2, v, "same instruction");
  is_int(mssa_q_inst_by_id(f, v, &v3), MSSA_OK, "inst by id");
  is_int(mssa_q_block_by_name(m, f, "loop", &blk), MSSA_OK, "block by name");
  is_int(mssa_q_inst_at(f, blk, 1, &v3), MSSA_OK, "block loop, index 1");
  is_uint(v3, v, "is %%v");
  is_uint(mssa_q_inst_index(f, v), 1, "index of %%v in its block");
  is_int(mssa_q_inst_by_name(m, f, "%w", &w), MSSA_OK, "inst by name %%w");
  uint32_t junk;
  is_int(mssa_q_inst_by_id(f, 9999, &junk), MSSA_ENOENT, "id out of range");
  is_int(mssa_q_inst_by_name(m, f, "%nope", &junk), MSSA_ENOENT, "unknown name");
  is_int(mssa_q_inst_by_name(m, f, "%7", &junk), MSSA_ENOENT, "unknown number");
  is_int(mssa_q_inst_by_name(m, f, "%", &junk), MSSA_ENOENT, "empty name");
  is_int(mssa_q_block_by_name(m, f, "nope", &junk), MSSA_ENOENT, "unknown block");
  is_int(mssa_q_inst_at(f, blk, 99, &junk), MSSA_ENOENT, "index beyond the block");
  is_int(mssa_q_inst_at(f, 12345, 0, &junk), MSSA_ENOENT, "block id out of range");
  mssa_val val;
  is_int(mssa_q_value_by_name(m, f, "%p", &val), MSSA_OK, "value %%p");
  ok(MSSA_VAL_KIND(val) == MSSA_VK_ARG && MSSA_VAL_INDEX(val) == 0, "is argument 0");
  is_int(mssa_q_value_by_name(m, f, "@g", &val), MSSA_OK, "value @g");
  is_int(mssa_q_value_by_name(m, f, "@nope", &junk), MSSA_ENOENT, "unknown global");

  /* access ids and text */
  uint32_t a3, a9;
  is_int(mssa_q_access_by_id(s, 3, &a3), MSSA_OK, "access id 3");
  char buf[256];
  mssa_q_access_text(s, a3, buf, sizeof buf);
  is_str(buf, "3 = MemoryPhi({entry,1},{loop,2})", "phi text");
  is_str(mssa_q_kind_name(s->acc.a[a3].kind), "phi", "kind name");
  is_int(mssa_q_access_by_id(s, 9, &a9), MSSA_ENOENT, "access id 9 does not exist");
  mssa_q_inst_text(m, f, v, buf, sizeof buf);
  is_str(buf, "%v = load i32, i32* %p, align 4, !dbg !12", "instruction text");
  mssa_q_inst_name(m, f, v, buf, sizeof buf);
  is_str(buf, "%v", "instruction name");
  mssa_q_block_name(m, f, blk, buf, sizeof buf);
  is_str(buf, "loop", "block name");
  char tiny[4];
  size_t need = mssa_q_inst_text(m, f, v, tiny, sizeof tiny);
  ok(need > 10 && strlen(tiny) == 3, "text truncates to the buffer");

  /* source positions */
  mssa_qhit hits[4];
  is_uint(mssa_q_find_source(q, "t.c", 5, 7, hits, 4), 1, "t.c:5:7 -> one instruction");
  is_uint(hits[0].inst, v, "the load %%v");
  is_uint(mssa_q_find_source(q, "src/t.c", 5, 0, hits, 4), 1, "path suffix, any column");
  is_uint(mssa_q_find_source(q, "/src/t.c", 2, 6, hits, 4), 1, "absolute path");
  is_uint(mssa_q_find_source(q, "t.c", 5, 8, hits, 4), 0, "wrong column");
  is_uint(mssa_q_find_source(q, "x.c", 5, 7, hits, 4), 0, "wrong file");
  is_uint(mssa_q_find_source(q, "c", 5, 7, hits, 4), 0, "a partial file name does not match");
  uint32_t line = 0, col = 0;
  ok(mssa_q_inst_source(m, &f->insts.a[w], buf, sizeof buf, &line, &col) && line == 7 &&
         col == 3,
     "source of %%w is line 7 col 3 (%s)", buf);

  /* clobber queries */
  mssa_qclobber c;
  is_int(mssa_q_clobber(s, v, NULL, &c), MSSA_OK, "clobber %%v");
  ok(s->acc.a[c.clobber].id == 2 && c.ar == MSSA_MAY_ALIAS && c.from_cache,
     "%%v: clobbered by 2, MayAlias, from the cache (use optimization)");
  uint32_t st2 = s->acc.a[c.clobber].inst;
  is_int(mssa_q_clobber(s, st2, NULL, &c), MSSA_OK, "clobber store 2");
  ok(c.clobber == a3 && !c.from_cache, "store 2: clobbered by the phi, first time computed");
  is_int(mssa_q_clobber(s, st2, NULL, &c), MSSA_OK, "again");
  ok(c.clobber == a3 && c.from_cache, "second time from the cache");
  mssa_q_access_text(s, c.access, buf, sizeof buf);
  is_str(buf, "2 = MemoryDef(3)->3 MayAlias", "the def now prints its optimized access");
  uint32_t entry = MSSA_NONE, br = MSSA_NONE;
  mssa_q_block_by_name(m, f, "entry", &entry);
  is_int(mssa_q_inst_at(f, entry, 1, &br), MSSA_OK, "the entry block's branch");
  is_int(mssa_q_clobber(s, br, NULL, &c), MSSA_ENOENT, "a branch has no access: refused");

  /* location form: above %w, what clobbers %p (4 bytes)? store 2 (may alias) */
  mssa_loc loc;
  is_int(mssa_q_make_loc(m, f, "%p", 4, &loc), MSSA_OK, "location %%p, 4 bytes");
  is_int(mssa_q_clobber(s, w, &loc, &c), MSSA_OK, "location clobber at %%w");
  ok(s->acc.a[c.clobber].id == 2 && !c.from_cache && c.ar == MSSA_MAY_ALIAS,
     "clobbered by 2 (MayAlias), not cached");
  is_int(mssa_q_make_loc(m, f, "%nope", 4, &loc), MSSA_ENOENT, "unknown pointer");

  /* reverse query */
  uint32_t a2 = s->acc.a[mssa_ssa_inst_access(s, st2)].id == 2 ? mssa_ssa_inst_access(s, st2) : 0;
  uint32_t out[8];
  uint32_t n = mssa_q_uses(s, a2, out, 8);
  is_uint(n, 2, "def 2 is the clobber of two accesses");
  ok(n == 2 && s->acc.a[out[0]].inst == v && s->acc.a[out[1]].inst == w, "the two loads, in order");
  n = mssa_q_uses(s, a3, out, 8);
  ok(n == 1 && out[0] == a2, "the phi is the clobber of def 2");
  is_uint(mssa_q_uses(s, a3, NULL, 0), 1, "counting without an output array");

  /* names of alias results */
  is_str(mssa_q_alias_name(MSSA_MUST_ALIAS), "MustAlias", "alias name");
  ok(mssa_q_alias_name(-1) == NULL, "no alias name for -1");

  mssa_qmodule_free(q);

  /* a bad module: an error with a position, no bundle */
  static const char bad[] = "define void @f() {\n  bogus\n}\n";
  q = NULL;
  memset(&d, 0, sizeof d);
  rc = mssa_qmodule_build("bad.ll", bad, sizeof bad - 1, &o, &q, &d);
  ok(rc == MSSA_EPARSE && q == NULL && d.line == 2, "IR error reported at line %u col %u", d.line,
     d.col);
  rc = mssa_qmodule_build("/nonexistent/x.ll", NULL, 0, &o, &q, &d);
  ok(rc == MSSA_EIO && q == NULL, "unreadable file: MSSA_EIO");

  test_engine();
  mssa_qmodule_free(host_q);
  return done_testing();
}
