/*
** batch.c -- JSON-RPC 2.0 batches, streamed: the array is decoded one
** element at a time (jansson's json_loadb with JSON_DISABLE_EOF_CHECK,
** which reports how far it read) and each element is answered and its
** reply encoded as soon as it is decoded, so a batch of 10,000 queries
** never holds 10,000 decoded requests, nor 10,000 reply objects. The
** caller may answer a batch in steps (the daemon does, so that one client's
** big batch never holds up another client's request: server/conn.c).
**
** Invariants:
**   1. The replies are the spec's, exactly as if the whole line had been
**      decoded first: `[]` is one -32600 error (not an array); a line that
**      is not JSON (anywhere, even after many good elements) is one -32700
**      error with id null and nothing else; an element that is not a
**      request gets its own -32600 in place; notifications add nothing, and
**      a batch of notifications only gets no reply at all.
**   2. Hence nothing that changes a module runs before the whole line is
**      known to decode: before the first element whose method is not
**      read-only (READ_ONLY below: `edit`, `unload`, `shutdown`, anything
**      unknown), the rest of the line is decoded (and dropped) first. Read-
**      only elements answered before a parse error turns up only warmed
**      caches; the request counters are put back as they were, plus the one
**      failed request the error reply stands for.
**   3. Only the bytes between elements are read here ('[', ',', ']' and
**      JSON's four blanks); every element is decoded by jansson, and every
**      reply encoded by it (mssa__emit and the handlers). The reply array's
**      own '[', ',' and ']' are the only bytes written here: jansson has no
**      encoder for an array handed over one element at a time, and a
**      json_array of every reply would hold 10,000 reply objects, which is
**      what streaming avoids (bench/RESULTS.md, batches: 4,085 page faults
**      a batch before).
**   4. The reply is built in the batch's own buffer and handed over whole
**      when the batch ends, so a parse error found late can still replace
**      it, and the caller never sends half an array.
**   5. A `load` in a batch gets its own -32600 (it would need the thread
**      pool, which one reply line cannot wait for).
**   6. Out of memory: each element's request has its own scope (its reply
**      is then its -32060, dispatch.c); what lies around it here (decoding
**      the element, the framing, an error line) runs in a scope per step
**      (frame_run), so memory running out there ends the batch instead of
**      the daemon. Before any element that may change something was run,
**      the reply is one -32060 error (id null), as for a parse error
**      (invariant 2: nothing changed); after one, it is the replies so far
**      then one -32060 (id null) standing for the element that failed and
**      every later one, none of which ran. Those closing bytes are written
**      by finish from a fixed text; if even they cannot be, or an element
**      past its point of no return could not encode its reply, finish says
**      MSSA_PROTO_DROP (the host closes the client).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"
#include "memssa.h"

#define VALIDATE_STEP 64   /* elements decoded between looks at the clock */

/* Methods that change nothing a later reply could see (only caches). */
static const char *const READ_ONLY[] = {
    "ping",   "modules", "functions", "access", "clobber", "uses",  "print",      "verify",
    "stats",  "accesses", "alias",    "modref", "depends", "value", "promotable", "load"};

struct mssa_proto_batch {
  const char *line;
  size_t len;
  size_t pos;          /* the next byte to read */
  size_t checked;      /* with `validated`: decoded up to here (invariant 2) */
  bool validated;      /* the whole line is known to decode */
  bool started;        /* the first element was read */
  bool ended;          /* the closing ']' was read */
  bool any;            /* a reply was written */
  bool stop;           /* a shutdown was answered */
  bool changed;        /* an element that may change something was run */
  bool drop;           /* an element's reply was lost past no return */
  bool held_new;       /* `held` was decoded in the step's scope under way */
  int nomem;           /* 0, or how the batch ended out of memory (invariant 6) */
  size_t done_n;       /* out.n after the last element answered */
  int rc;              /* the outcome, once ended */
  char msg[256];       /* the parse error, when rc is -32700 */
  bool failed;         /* the line does not decode */
  json_t *held;        /* decoded, waiting for the rest to be checked */
  mssa_buf out;
  struct {   /* invariant 2: the counters as they were (COUNTERS) */
    uint64_t requests, errors, notifications, clobber_queries, clobber_cached;
    mssa__hist latency;
  } saved;
};

/* The members of mssa_proto a batch that fails to decode puts back. */
#define COUNTERS(X) \
  X(requests) X(errors) X(notifications) X(clobber_queries) X(clobber_cached) X(latency)

static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

static size_t skip_blanks(const char *s, size_t len, size_t i) {
  while (i < len && blank(s[i])) i++;
  return i;
}

bool mssa_proto_is_batch(const char *line, size_t len) {
  size_t i = skip_blanks(line, len, 0);
  return i < len && line[i] == '[';
}

static void parse_failed(mssa_proto_batch *b, const char *what, size_t at) {
  b->failed = true;
  snprintf(b->msg, sizeof b->msg, "%s (column %zu)", what, at + 1);
}

/* The next element from byte *pos on (after '[' or after the previous
** element): a decoded value, or NULL at the end of the array or on a
** parse error (b->failed). Moves *pos past it. */
static json_t *next_element(mssa_proto_batch *b, size_t *pos, bool first) {
  const char *s = b->line;
  size_t i = skip_blanks(s, b->len, *pos);
  if (!first || i >= b->len || s[i] == ']') {
    if (i < b->len && s[i] == ']') {
      i = skip_blanks(s, b->len, i + 1);
      if (i < b->len) parse_failed(b, "end of file expected", i);
      *pos = b->len;
      return NULL;
    }
    if (i >= b->len) {
      parse_failed(b, "']' expected near end of file", i);
      return NULL;
    }
    if (!first && s[i] != ',') {
      parse_failed(b, "',' or ']' expected", i);
      return NULL;
    }
    if (!first) i++;
  }
  json_error_t err;
  json_t *v = json_loadb(s + i, b->len - i, JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY, &err);
  if (!v) {
    char what[200];
    snprintf(what, sizeof what, "%s", err.text);
    parse_failed(b, what, i + (size_t)(err.position > 0 ? err.position : 0));
    return NULL;
  }
  *pos = i + (size_t)err.position;
  return v;
}

mssa_proto_batch *mssa_proto_batch_begin(mssa_proto *p, const char *line, size_t len) {
  mssa_proto_batch *b = mssa_xcalloc(1, sizeof *b);
  b->line = line;
  b->len = len;
  b->pos = skip_blanks(line, len, 0) + 1;   /* past '[' (mssa_proto_is_batch) */
#define SAVE(f) b->saved.f = p->f;
  COUNTERS(SAVE)
#undef SAVE
  mssa_buf_append(&b->out, "[", 1);
  return b;
}

static bool read_only(json_t *req) {
  const char *m = json_string_value(json_object_get(req, "method"));
  if (!m) return true;   /* answered -32600: changes nothing */
  for (size_t i = 0; i < sizeof READ_ONLY / sizeof READ_ONLY[0]; i++)
    if (!strcmp(READ_ONLY[i], m)) return true;
  return false;
}

/* Invariant 2: decodes (and drops) up to `max` elements past b->checked. */
static void validate_some(mssa_proto_batch *b, unsigned max) {
  if (!b->checked) b->checked = b->pos;
  for (unsigned k = 0; k < max && !b->validated && !b->failed; k++) {
    json_t *v = next_element(b, &b->checked, false);
    if (v) json_decref(v);
    else if (!b->failed) b->validated = true;
  }
}

/* Answers one element (owned), its reply appended to b->out. */
static void answer(mssa_proto *p, mssa_proto_batch *b, json_t *req, uint64_t t0) {
  json_t *m = json_is_object(req) ? json_object_get(req, "method") : NULL;
  json_t *id = json_is_object(req) ? json_object_get(req, "id") : NULL;
  size_t n0 = b->out.n;
  if (b->any) mssa_buf_append(&b->out, ",", 1);
  size_t n1 = b->out.n;
  if (json_is_string(m) && !strcmp(json_string_value(m), "load")) {
    p->requests++;
    p->errors++;
    if (id) mssa__emit(mssa__error_new(id, MSSA_RPC_INVALID_REQUEST,
                                       "load cannot be part of a batch; send it alone", NULL),
                       &b->out);
    json_decref(req);
  } else {
    mssa_proto_job *job = NULL;
    if (!read_only(req)) b->changed = true;
    int rc = mssa__rpc_request(p, req, t0, &b->out, &job);
    b->stop |= rc == MSSA_PROTO_SHUTDOWN;
    b->drop |= rc == MSSA_PROTO_DROP;
    mssa_proto_job_free(job);   /* none: only load makes jobs */
  }
  if (b->out.n == n1) {
    b->out.n = n0;   /* a notification: nothing, not even the comma */
    b->done_n = b->out.n;
    return;
  }
  b->out.n--;   /* the reply's '\n': the array is one line */
  b->any = true;
  b->done_n = b->out.n;
}

static void end(mssa_proto *p, mssa_proto_batch *b) {
  b->ended = true;
  json_decref(b->held);
  b->held = NULL;
  p->raw_last = false;   /* a batch's bytes are not one cached answer */
  if (b->failed) {
#define RESTORE(f) p->f = b->saved.f;
    COUNTERS(RESTORE)
#undef RESTORE
    p->requests++;
    p->errors++;
    b->out.n = 0;
    mssa__emit(mssa__error_new(NULL, MSSA_RPC_PARSE_ERROR, b->msg, NULL), &b->out);
    b->rc = MSSA_PROTO_REPLIED;
  } else if (!b->started) {
    /* `[]`: one error, as for any request that is not an object */
    json_t *empty = json_array();
    b->out.n = 0;
    b->rc = mssa__rpc_request(p, empty, mssa_now_ns(), &b->out, &(mssa_proto_job *){NULL});
  } else if (!b->any) {
    b->out.n = 0;
    b->rc = MSSA_PROTO_SILENT;
  } else {
    mssa_buf_append(&b->out, "]\n", 2);
    b->rc = b->stop ? MSSA_PROTO_SHUTDOWN : MSSA_PROTO_REPLIED;
  }
}

/* Out of memory around an element (invariant 6): the batch ends. */
enum { NOMEM_ALONE = 1, NOMEM_TAIL = 2 };

static void end_nomem(mssa_proto *p, mssa_proto_batch *b) {
  b->ended = true;
  json_decref(b->held);
  b->held = NULL;
  p->raw_last = false;
  b->rc = MSSA_PROTO_REPLIED;
  if (!b->changed) {
#define RESTORE(f) p->f = b->saved.f;
    COUNTERS(RESTORE)
#undef RESTORE
    b->out.n = 0;
    b->nomem = NOMEM_ALONE;
  } else {
    b->out.n = b->done_n;
    b->nomem = NOMEM_TAIL;
  }
  p->requests++;
  p->errors++;
}

/* One step of a batch (an element decoded, checked or answered), in a
** scope of its own (invariant 6). */
typedef struct frame {
  mssa_proto *p;
  mssa_proto_batch *b;
  uint64_t t0, t, budget_ns;
  bool brk;    /* the step loop stops: the batch ended or its time is up */
} frame;

static void frame_run(void *arg) {
  frame *f = arg;
  mssa_proto *p = f->p;
  mssa_proto_batch *b = f->b;
  if (b->drop) {   /* an element's reply was lost: nothing more runs */
    end(p, b);
    f->brk = true;
    return;
  }
  if (!b->held) {
    b->held = next_element(b, &b->pos, !b->started);
    b->held_new = b->held != NULL;
    if (!b->held) {
      end(p, b);
      f->brk = true;
      return;
    }
    b->started = true;
  }
  if (!b->validated && !read_only(b->held)) {
    validate_some(b, VALIDATE_STEP);
    if (b->failed) {
      end(p, b);
      f->brk = true;
      return;
    }
    if (!b->validated) {
      f->brk = mssa_now_ns() - f->t0 >= f->budget_ns;
      return;
    }
  }
  json_t *req = b->held;
  b->held = NULL;
  answer(p, b, req, f->t);
  f->t = mssa_now_ns();
  f->brk = f->t - f->t0 >= f->budget_ns;
}

/* A failed step's element, if it decoded it, is the sweep's. */
static void frame_undo(void *arg) {
  frame *f = arg;
  if (f->b->held_new) f->b->held = NULL;
}

bool mssa_proto_batch_step(mssa_proto *p, mssa_proto_batch *b, uint64_t budget_ns) {
  frame f = {p, b, mssa_now_ns(), 0, budget_ns, false};
  f.t = f.t0;
  while (!b->ended && !f.brk) {
    b->held_new = false;
    if (!mssa_oom_try_call(frame_run, frame_undo, &f)) end_nomem(p, b);
    b->held_new = false;
  }
  return b->ended;
}

typedef struct tree_step {
  mssa_proto *p;
  mssa_proto_batch *b;
  json_t *batch;
  size_t i;
} tree_step;

static void tree_run(void *arg) {
  tree_step *t = arg;
  answer(t->p, t->b, json_incref(json_array_get(t->batch, t->i)), mssa_now_ns());
}

static void tree_end(void *arg) {
  tree_step *t = arg;
  end(t->p, t->b);
}

int mssa__batch_of_tree(mssa_proto *p, json_t *batch, mssa_buf *out) {
  mssa_proto_batch *b = mssa_proto_batch_begin(p, "[", 1);
  b->validated = b->started = true;   /* decoded already, and not empty */
  tree_step t = {p, b, batch, 0};
  bool ok = true;
  for (; t.i < json_array_size(batch) && ok && !b->drop; t.i++)
    ok = mssa_oom_try_call(tree_run, NULL, &t);
  /* A step that failed may have left its element with a reference it took
  ** (the sweep frees blocks, it releases nothing): the counts are set back
  ** (nomem.c invariant 3), so the tree, older than every step, goes whole. */
  if (!ok) mssa__json_reset_refs(batch, 1);
  json_decref(batch);
  if (!ok || !mssa_oom_try_call(tree_end, NULL, &t)) end_nomem(p, b);
  return mssa_proto_batch_finish(b, out);
}

/* The closing bytes of a batch that ran out of memory (invariant 6),
** written with no allocation but the room in `out`; false if there is none. */
static bool finish_nomem(mssa_proto_batch *b, mssa_buf *out) {
  char line[320];
  int k = snprintf(line, sizeof line,
                   "%s{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":%d,\"message\":"
                   "\"%s\",\"data\":{\"reason\":\"%s\"}}}%s\n",
                   b->nomem == NOMEM_TAIL && b->any ? "," : "", MSSA_RPC_OUT_OF_MEMORY,
                   b->nomem == NOMEM_TAIL
                       ? "out of memory: this element and the rest of the batch were not run"
                       : "out of memory: the batch failed and changed nothing",
                   mssa_rpc_default_reason(MSSA_RPC_OUT_OF_MEMORY), b->nomem == NOMEM_TAIL ? "]" : "");
  MSSA_ASSERT(k > 0 && (size_t)k < sizeof line);   /* the fixed text fits */
  if (!mssa_buf_try_reserve(out, b->out.n + (size_t)k)) return false;
  memcpy(out->p + out->n, b->out.p, b->out.n);
  memcpy(out->p + out->n + b->out.n, line, (size_t)k);
  out->n += b->out.n + (size_t)k;
  return true;
}

int mssa_proto_batch_finish(mssa_proto_batch *b, mssa_buf *out) {
  int rc = b->rc;
  if (b->drop) rc = MSSA_PROTO_DROP;   /* the replies so far go with the client */
  else if (b->nomem && !finish_nomem(b, out)) rc = MSSA_PROTO_DROP;
  else if (!b->nomem && !mssa_buf_try_reserve(out, b->out.n)) rc = MSSA_PROTO_DROP;
  else if (!b->nomem) mssa_buf_append(out, b->out.p, b->out.n);
  mssa_proto_batch_free(b);
  return rc;
}

void mssa_proto_batch_free(mssa_proto_batch *b) {
  if (!b) return;
  json_decref(b->held);
  mssa_buf_free(&b->out);
  free(b);
}
