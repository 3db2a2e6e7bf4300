/*
** lsp_lens.c -- code lenses and inlay hints: on each line with loads, one
** summary ("total ← 22, 24 · a[…] ← before sum"), computed once per
** loaded module generation and in chunks, so that hover, definition and
** references are answered while a lens request of a large file is still
** being worked on.
**
** A lens or inlay-hint request becomes a job (mssa__lsp's queue, first
** come first served). The main loop (lsp_main.c) runs LENS_CHUNK lines of
** the first job whenever no message is waiting on the input, and handles
** every message that is: a hover sent right behind a lens request is
** answered before the lens (tests/daemon/lsp-lens.t).
**
** Invariants:
**   1. Once per generation: a line's summary is asked of memssad at most
**      once per loaded module (lsp_doc.gen, bumped by every load); later
**      requests of the same generation take it from lsp_doc.lens. The
**      summaries name the buffer's lines, so they are kept only while the
**      buffer equals the text compiled (lines_same), which is when editors
**      ask (after open and save); otherwise each is computed for its
**      request and not kept.
**   2. Only the range asked: inlay hints' `range`, and a code lens's
**      optional `range` (an extension: LSP's codeLens has none), bound
**      which lines are computed, and at most LSP_MAX_LENS_LINES are.
**   3. Every job gets exactly one reply: a job whose document was reloaded
**      meanwhile starts again on the new generation; one whose document
**      was closed or unloaded is answered with what is known, [] (never an
**      answer of another generation).
**   4. A chunk is bounded (LENS_CHUNK memssad calls), so a message waits
**      behind at most one chunk of lens work.
*/
#define _POSIX_C_SOURCE 200809L

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"
#include "memssa.h"   /* MSSA_ASSERT */

#define LENS_CHUNK 8
#define LINE_MAX_BYTES 4096

/* "total ← 22, 24 · a[…] ← before sum" for the loads of one line; "" if
** the line has none, NULL when memssad could not answer. */
static char *line_summary(mssa__lsp *L, lsp_doc *d, unsigned line) {
  lsp_access *a = NULL;
  size_t n = 0;
  if (mssa__lsp_accesses_at(L, d, line, 0, &a, &n)) return NULL;
  lsp_sbuf b = {0};
  for (size_t i = 0; i < n; i++) {
    if (a[i].self.write || a[i].self.line != line) continue;
    lsp_sbuf one = {0};
    mssa__lsp_sb_add(&one, "%s ←", a[i].self.var ? a[i].self.var : "load");
    for (size_t j = 0; j < a[i].nwrites; j++) {
      const lsp_site *w = &a[i].writes[j];
      bool again = false;   /* a line listed already */
      for (size_t k = 0; k < j && !again; k++)
        again = !w->file == !a[i].writes[k].file && w->line == a[i].writes[k].line;
      if (again) continue;
      if (w->file) mssa__lsp_sb_add(&one, "%s %u", j ? "," : "", w->line);
      else mssa__lsp_sb_add(&one, "%s %s", j ? "," : "", w->param ? "param" : "entry");
    }
    if (a[i].entry) mssa__lsp_sb_add(&one, "%s before %s", a[i].nwrites ? "," : "", a[i].self.function);
    if (a[i].truncated) mssa__lsp_sb_add(&one, ", …");
    if (!b.p || !strstr(b.p, one.p)) mssa__lsp_sb_add(&b, "%s%s", b.n ? " · " : "", one.p);
    free(one.p);
  }
  mssa__lsp_accesses_free(a, n);
  return b.p ? b.p : strdup("");
}

/* The summary of load line i of d (its line in the buffer: `now`), from
** the cache or memssad (invariant 1); NULL when memssad could not answer.
** The cache owns it, unless *own is set (to it): then the caller frees it. */
static const char *summary_of(mssa__lsp *L, lsp_doc *d, size_t i, unsigned now, char **own) {
  *own = NULL;
  if (d->lines_same && d->nlens == d->nload_lines && d->lens[i]) {
    L->lens_cached++;
    return d->lens[i];
  }
  L->lens_computed++;
  unsigned long gen = d->gen;
  char *t = line_summary(L, d, now);
  /* a restarted memssad makes accesses_at load the file again: a new
  ** generation, whose lines i no longer indexes */
  if (!t || !d->lines_same || d->gen != gen) return *own = t;
  if (d->nlens != d->nload_lines) {   /* the first line kept of this generation */
    MSSA_ASSERT(!d->lens && !d->nlens);
    d->lens = calloc(d->nload_lines ? d->nload_lines : 1, sizeof *d->lens);
    if (!d->lens) abort();
    d->nlens = d->nload_lines;
  }
  MSSA_ASSERT(i < d->nlens && !d->lens[i]);   /* invariant 1: computed once */
  return d->lens[i] = t;
}

/* The lens or hint of one line, appended to the job's answer. */
static void emit(mssa__lsp *L, lsp_lens_job *j, lsp_doc *d, unsigned now, const char *t) {
  int l = (int)now - 1;
  if (!j->inlay) {
    json_array_append_new(j->out, json_pack("{s{s{sisi}s{sisi}}s{ssss}}", "range", "start", "line",
                                            l, "character", 0, "end", "line", l, "character", 0,
                                            "command", "title", t, "command", ""));
    return;
  }
  char text[LINE_MAX_BYTES];
  int ch = mssa__lsp_source_line(L, d->path, now, text, sizeof text)
               ? mssa__lsp_char(L, d->path, now, (unsigned)strlen(text) + 1)
               : 0;
  json_array_append_new(j->out, json_pack("{s{sisi}sssb}", "position", "line", l, "character", ch,
                                          "label", t, "paddingLeft", 1));
}

static void job_free(lsp_lens_job *j) {
  json_decref(j->id);
  json_decref(j->out);
  free(j->uri);
}

/* Replies to the first job and drops it from the queue. */
static void job_done(mssa__lsp *L) {
  lsp_lens_job *j = &L->jobs[0];
  mssa__lsp_reply(L, j->id, json_incref(j->out));
  job_free(j);
  memmove(L->jobs, L->jobs + 1, (L->njobs - 1) * sizeof *L->jobs);
  L->njobs--;
}

void mssa__lsp_lens_step(mssa__lsp *L) {
  MSSA_ASSERT(L->njobs > 0);
  lsp_lens_job *j = &L->jobs[0];
  lsp_doc *d = mssa__lsp_doc_find(L, j->uri);
  if (!d || !d->loaded) {   /* invariant 3: closed or unloaded meanwhile */
    json_array_clear(j->out);
    job_done(L);
    return;
  }
  if (j->gen != d->gen) {   /* reloaded meanwhile: the new generation's lines */
    json_array_clear(j->out);
    j->gen = d->gen;
    j->next = 0;
    j->kept = 0;
  }
  for (unsigned calls = 0; j->next < d->nload_lines && j->kept < LSP_MAX_LENS_LINES;) {
    size_t i = j->next++;
    unsigned now = mssa__lsp_to_current(d, d->load_lines[i]);   /* 0: changed since */
    if (!now || now < j->from || now > j->to) continue;
    j->kept++;
    char *own;
    unsigned long before = L->lens_computed;
    const char *t = summary_of(L, d, i, now, &own);
    if (t && *t) emit(L, j, d, now, t);
    free(own);
    if (L->lens_computed != before && ++calls == LENS_CHUNK) return;   /* invariant 4 */
    if (j->gen != d->gen) return;   /* a restarted memssad loaded it again */
  }
  job_done(L);
}

bool mssa__lsp_input_waiting(mssa__lsp *L) {
  if (mssa__lsp_frame_buffered(L)) return true;
  struct pollfd p = {L->in_fd, POLLIN, 0};
  return poll(&p, 1, 0) > 0;   /* readable, or its end: either is handled first */
}

/* Queues a lens (inlay = false) or inlay-hint job for [from, to]. */
static void queue(mssa__lsp *L, json_t *id, json_t *params, bool inlay, unsigned from,
                  unsigned to) {
  const char *uri =
      json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
  lsp_doc *d = mssa__lsp_doc_find(L, uri);
  if (!d || !d->loaded || !d->nload_lines) {   /* lsp_features.c invariant 2 */
    mssa__lsp_reply(L, id, json_array());
    return;
  }
  if (L->njobs == L->capjobs) {
    L->capjobs = L->capjobs ? 2 * L->capjobs : 4;
    L->jobs = realloc(L->jobs, L->capjobs * sizeof *L->jobs);
    if (!L->jobs) abort();
  }
  L->jobs[L->njobs++] = (lsp_lens_job){.id = json_incref(id), .uri = strdup(uri), .inlay = inlay,
                                       .from = from, .to = to, .gen = d->gen, .out = json_array()};
}

/* params.range's lines (1-based, inclusive), or every line. */
static void range_of(json_t *params, unsigned *from, unsigned *to) {
  json_t *range = json_object_get(params, "range");
  *from = 1;
  *to = ~0u;
  if (!json_is_object(range)) return;
  json_t *s = json_object_get(json_object_get(range, "start"), "line");
  json_t *e = json_object_get(json_object_get(range, "end"), "line");
  if (json_is_integer(s)) *from = (unsigned)json_integer_value(s) + 1;
  if (json_is_integer(e)) *to = (unsigned)json_integer_value(e) + 1;
}

void mssa__lsp_code_lens(mssa__lsp *L, json_t *id, json_t *params) {
  unsigned from, to;
  range_of(params, &from, &to);
  queue(L, id, params, false, from, to);
}

void mssa__lsp_inlay_hint(mssa__lsp *L, json_t *id, json_t *params) {
  unsigned from, to;
  range_of(params, &from, &to);
  queue(L, id, params, true, from, to);
}

void mssa__lsp_lens_cancel(mssa__lsp *L, json_t *params) {
  json_t *id = json_object_get(params, "id");
  for (size_t k = 0; id && k < L->njobs; k++) {
    if (!json_equal(L->jobs[k].id, id)) continue;
    mssa__lsp_fail(L, id, LSP_REQUEST_CANCELLED, "cancelled");
    job_free(&L->jobs[k]);
    memmove(L->jobs + k, L->jobs + k + 1, (L->njobs - k - 1) * sizeof *L->jobs);
    L->njobs--;
    return;
  }
}

void mssa__lsp_lens_free(mssa__lsp *L) {
  for (size_t k = 0; k < L->njobs; k++) job_free(&L->jobs[k]);
  free(L->jobs);
  L->jobs = NULL;
  L->njobs = L->capjobs = 0;
}
