/*
** fuzz_rpc.c -- libFuzzer target: the JSON-RPC engine (protocol/rpc.c and
** every method behind it) without sockets. Each input is a list of request
** lines (NDJSON, as a client writes them) sent to a fresh engine whose host
** holds up to FUZZ_MODULES modules, "t" (fuzz_fixture.h) loaded first; jobs (loads,
** reloads) run inline, as the daemon's pool would run them.
**
** Invariants:
**   1. Every line gets one reply line, or none for a notification -- no
**      crash, leak, undefined behaviour or hang, whatever the bytes.
**   2. The host reads no file (file_root ""), and caps a module at
**      FUZZ_MAX_MODULE and a printout at FUZZ_MAX_PRINT, with a graph cap
**      small enough that eviction and rebuilds happen.
**   3. Each input starts from the same state (a new engine, a new module):
**      a finding replays from its input alone.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_fixture.h"
#include "fuzz_host.h"
#include "proto.h"
#include "query/mssa_query.h"

#define FUZZ_MAX_LINES 64
#define FUZZ_MAX_MODULE ((size_t)1 << 20)
#define FUZZ_MAX_PRINT ((size_t)1 << 20)
#define FUZZ_MAX_GRAPHS ((size_t)16 << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One request line through the engine, its job run inline. */
static void one_line(mssa_buf *out, const char *line, size_t len) {
  mssa_proto_job *job = NULL;
  out->n = 0;
  mssa_proto_handle(host_p, line, len, out, &job);
  if (!job) return;
  do {
    mssa_proto_job_run(job);
    mssa_proto_job_reply(host_p, job, out);
  } while (mssa_proto_job_again(job));
  mssa_qmodule *nq = mssa_proto_job_steal_module(job);
  const char *name = mssa_proto_job_module_name(job);
  if (nq) install(name ? name : "", nq);
  mssa_proto_job_free(job);
}

/* The load of the fixture, as a request line. */
static void load_fixture(mssa_buf *out) {
  mssa_buf b = {0};
  mssa_buf_puts(&b, "{\"id\":0,\"method\":\"load\",\"params\":{\"module\":\"t\",\"text\":\"");
  for (const char *c = fuzz_fixture; *c; c++) {
    if (*c == '"' || *c == '\\') mssa_buf_append(&b, "\\", 1);
    if (*c == '\n') mssa_buf_append(&b, "\\n", 2);
    else mssa_buf_append(&b, c, 1);
  }
  mssa_buf_puts(&b, "\"}}");
  one_line(out, b.p, b.n);
  mssa_buf_free(&b);
  if (slot_of("t") < 0) {
    fprintf(stderr, "fuzz_rpc: the fixture does not load: %.*s\n", (int)out->n, out->p);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mssa_proto_host h;
  fuzz_host_init(&h);
  mssa_proto_opts o;
  memset(&o, 0, sizeof o);
  o.max_print_bytes = FUZZ_MAX_PRINT;
  o.max_module_bytes = FUZZ_MAX_MODULE;
  o.max_graph_bytes = FUZZ_MAX_GRAPHS;
  host_p = mssa_proto_new(&h, &o);
  mssa_buf out = {0};
  load_fixture(&out);
  const char *p = (const char *)data, *end = p + size;
  for (int k = 0; k < FUZZ_MAX_LINES && p < end; k++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
    one_line(&out, p, len);
    p += len + (nl ? 1 : 0);
  }
  fuzz_host_fini();
  mssa_buf_free(&out);
  return 0;
}
