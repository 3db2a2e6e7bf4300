/*
** m_reload.c -- reload by difference: a `load` of a module name that is
** loaded already, whose new text differs from the loaded text only inside
** some function bodies, reparses just those bodies into the loaded module
** and rebuilds just their MemorySSA, on the query thread, instead of a full
** read and build on the pool.
**
** A text is cut at top-level `define` lines (column 0) and their closing
** "}" lines: each function is a header (`define ... {`) and a body; the rest
** (types, globals, declarations, attributes, metadata) is the "frame". For
** each loaded module that was not edited since its load the engine keeps
** the hash of its frame and of each header and body (mssa__rinfo). A reload
** takes the fast path only when the frame and every header are unchanged
** (same hashes, same number of functions) -- so metadata numbering, which
** shifts when anything above changes, always falls back -- and few bodies
** changed. Anything else is a full reload, and the reply says why.
**
** Invariants:
**   1. The fast path changes nothing unless it succeeds: every changed body
**      is reparsed first (ll_read_func.c restores a function on error); if
**      one fails, the ones already reparsed are restored and the load falls
**      back to a full build, which reports the error with the right line.
**   2. A module that was edited (m_edit.c drops its rinfo) or whose text
**      grew past twice its load size through fast reloads (bodies are
**      appended to m->text) always takes the full path.
**   3. The result is the state a full load of the same text gives: the
**      changed functions are parsed by the reader's own body parser and
**      built by mssa_ssa_build exactly as a full load does; the unchanged
**      functions are bytewise the same text, hence the same IR and graphs.
**      The one difference is invisible to answers: strings, types and
**      constants are interned in another order.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "methods.h"

int mssa__reparse_function_body(mssa_module *m, uint32_t fi, const char *body, size_t len,
                                mssa_func *old, mssa_diag *diag);
void mssa__func_body_free(mssa_func *old);
void mssa__func_body_restore(mssa_module *m, uint32_t fi, const mssa_func *old);

/* Word-at-a-time hash of a byte range, four independent lanes so the
** multiplies overlap (the whole text is hashed on every reload). */
static uint64_t text_hash(const char *p, size_t n, uint64_t seed) {
  const uint64_t K = 0x9E3779B97F4A7C15ull;
  uint64_t h0 = seed ^ 0x243F6A8885A308D3ull, h1 = seed ^ 0x13198A2E03707344ull,
           h2 = seed ^ 0xA4093822299F31D0ull, h3 = seed ^ 0x082EFA98EC4E6C89ull;
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    uint64_t w[4];
    memcpy(w, p + i, 32);
    h0 = (h0 ^ w[0]) * K;
    h1 = (h1 ^ w[1]) * K;
    h2 = (h2 ^ w[2]) * K;
    h3 = (h3 ^ w[3]) * K;
    h0 ^= h0 >> 29;
    h1 ^= h1 >> 29;
    h2 ^= h2 >> 29;
    h3 ^= h3 >> 29;
  }
  uint64_t h = h0 ^ (h1 * 3) ^ (h2 * 5) ^ (h3 * 7);
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * K;
    h ^= h >> 29;
  }
  uint64_t w = 0;
  memcpy(&w, p + i, n - i);
  h = (h ^ w ^ ((uint64_t)n << 56)) * K;
  return h ^ (h >> 31);
}

/* memmem (not POSIX): first occurrence of nd[0..k) in h[0..hn). */
static const char *find(const char *h, size_t hn, const char *nd, size_t k) {
  const char *end = h + hn;
  while ((size_t)(end - h) >= k) {
    const char *c = memchr(h, nd[0], (size_t)(end - h) - k + 1);
    if (!c) return NULL;
    if (!memcmp(c, nd, k)) return c;
    h = c + 1;
  }
  return NULL;
}

/* One function of a split text. */
typedef struct span {
  size_t head, body, end;  /* `define` .. '{' + 1 .. past the closing "}" */
} span;

/* Splits text into functions; false if the shape is not the printer's
** (then no fast path). A function starts at a line beginning "define " (its
** body after the first "{\n") and ends at the next line that is exactly
** "}": inside a body only '}' bytes are looked at (rare there), outside,
** line starts. *frame = hash of everything outside the functions. A body
** that swallowed the next function (no "}" line) changes the function count
** or fails to reparse: either way a full reload. */
static bool split(const char *t, size_t n, span **out, uint32_t *nout, uint64_t *frame) {
  span *a = NULL;
  uint32_t k = 0, cap = 0;
  uint64_t h = 0x1234567ull;
  size_t gap = 0, ls = 0;
  while (ls < n) {
    if (t[ls] == 'd' && n - ls >= 7 && !memcmp(t + ls, "define ", 7)) {
      const char *ob = find(t + ls, n - ls, "{\n", 2);
      if (!ob) goto bad;
      size_t body = (size_t)(ob - t) + 1, pos = body, end = 0;
      while (pos < n) {
        const char *cb = memchr(t + pos, '}', n - pos);
        if (!cb) break;
        size_t c = (size_t)(cb - t);
        if (t[c - 1] == '\n' && (c + 1 == n || t[c + 1] == '\n' || t[c + 1] == '\r')) {
          end = c + 1;
          break;
        }
        pos = c + 1;
      }
      if (!end) goto bad;
      if (k == cap) a = mssa__xrealloc(a, (cap = cap ? cap * 2 : 64) * sizeof *a);
      a[k++] = (span){ls, body, end};
      h = text_hash(t + gap, ls - gap, h);
      gap = end;
      ls = end;
    }
    const char *nl = memchr(t + ls, '\n', n - ls);
    if (!nl) break;
    ls = (size_t)(nl - t) + 1;
  }
  h = text_hash(t + gap, n - gap, h);
  *out = a;
  *nout = k;
  *frame = h ^ k;
  return true;
bad:
  free(a);
  return false;
}

mssa__rinfo *mssa__rinfo_new(const char *text, size_t len) {
  span *sp;
  uint32_t n;
  uint64_t frame;
  if (!split(text, len, &sp, &n, &frame)) return NULL;
  mssa__rinfo *r = mssa__xcalloc(1, sizeof *r);
  r->frame = frame;
  r->n = n;
  r->head = mssa__xmalloc((n ? n : 1) * sizeof *r->head);
  r->body = mssa__xmalloc((n ? n : 1) * sizeof *r->body);
  for (uint32_t i = 0; i < n; i++) {
    r->head[i] = text_hash(text + sp[i].head, sp[i].body - sp[i].head, 0);
    r->body[i] = text_hash(text + sp[i].body, sp[i].end - sp[i].body, 0);
  }
  r->load_len = len;
  free(sp);
  return r;
}

void mssa__rinfo_free(mssa__rinfo *r) {
  if (!r) return;
  free(r->head);
  free(r->body);
  free(r);
}

/* The table: bundle -> rinfo (few modules: a plain array). */
void mssa__rinfo_set(mssa_proto *p, const mssa_qmodule *q, mssa__rinfo *r) {
  for (uint32_t i = 0; i < p->nrinfo; i++)
    if (p->rinfo[i].q == q) {
      mssa__rinfo_free(p->rinfo[i].r);
      if (r) p->rinfo[i].r = r;
      else p->rinfo[i] = p->rinfo[--p->nrinfo];
      return;
    }
  if (!r) return;
  if (p->nrinfo == p->crinfo)
    p->rinfo = mssa__xrealloc(p->rinfo, (p->crinfo = p->crinfo ? p->crinfo * 2 : 8) *
                                            sizeof *p->rinfo);
  p->rinfo[p->nrinfo].q = q;
  p->rinfo[p->nrinfo].r = r;
  p->nrinfo++;
}

static mssa__rinfo *rinfo_get(mssa_proto *p, const mssa_qmodule *q) {
  for (uint32_t i = 0; i < p->nrinfo; i++)
    if (p->rinfo[i].q == q) return p->rinfo[i].r;
  return NULL;
}

/* Defined function number k (text order) -> function index. */
static uint32_t kth_defined(const mssa_module *m, uint32_t k) {
  for (uint32_t fi = 0; fi < m->funcs.n; fi++)
    if (!m->funcs.a[fi].is_decl && k-- == 0) return fi;
  return MSSA_NONE;
}

int mssa__reload_diff(mssa__call *c, mssa_qmodule *q, const char *name, const char *text,
                      size_t len, uint64_t t0, char *why, size_t cap) {
  mssa_proto *p = c->p;
  mssa__rinfo *old = rinfo_get(p, q);
  if (!old) {
    snprintf(why, cap, "the loaded module was edited (or its text is not in printer form)");
    return 1;
  }
  mssa_module *m = q->m;
  if (m->text_len > 2 * old->load_len + 4096) {
    snprintf(why, cap, "earlier reloads grew the module text: a full reload compacts it");
    return 1;
  }
  span *sp;
  uint32_t n;
  uint64_t frame;
  if (!split(text, len, &sp, &n, &frame)) {
    snprintf(why, cap, "the new text is not in printer form (define ... { ... })");
    return 1;
  }
  int rc = 1;
  uint32_t *changed = NULL, nch = 0;
  mssa_func *saved = NULL;
  uint64_t *nbody = NULL;
  if (frame != old->frame || n != old->n) {
    snprintf(why, cap, "something outside function bodies changed (types, globals, "
                       "declarations, attributes, metadata or a define line)");
    goto out;
  }
  uint32_t ndef = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) ndef += !m->funcs.a[fi].is_decl;
  if (ndef != n) {
    snprintf(why, cap, "function count mismatch");
    goto out;
  }
  changed = mssa__xmalloc((n ? n : 1) * sizeof *changed);
  nbody = mssa__xmalloc((n ? n : 1) * sizeof *nbody);
  for (uint32_t i = 0; i < n; i++) {
    if (text_hash(text + sp[i].head, sp[i].body - sp[i].head, 0) != old->head[i]) {
      snprintf(why, cap, "a define line changed");
      goto out;
    }
    nbody[i] = text_hash(text + sp[i].body, sp[i].end - sp[i].body, 0);
    if (nbody[i] != old->body[i]) changed[nch++] = i;
  }
  /* Many changes: a full build on the pool is the better deal (it does not
  ** hold the query thread). */
  if (nch > n / 8 + 2) {
    snprintf(why, cap, "%u of %u functions changed", nch, n);
    goto out;
  }
  saved = mssa__xcalloc(nch ? nch : 1, sizeof *saved);
  for (uint32_t k = 0; k < nch; k++) {
    uint32_t i = changed[k], fi = kth_defined(m, i);
    mssa_diag diag;
    int r = fi == MSSA_NONE ? MSSA_EINVAL
                            : mssa__reparse_function_body(m, fi, text + sp[i].body,
                                                          sp[i].end - sp[i].body, &saved[k], &diag);
    if (r) {
      while (k-- > 0) mssa__func_body_restore(m, kth_defined(m, changed[k]), &saved[k]);
      snprintf(why, cap, "function %u does not reparse alone (%s)", i,
               r == MSSA_EPARSE ? "parse error"
                                 : "metadata, an attribute group or blockaddress in its body");
      goto out;
    }
  }
  /* Committed: drop the old bodies and graphs, build the new ones. */
  uint64_t t1 = mssa__now_ns();
  for (uint32_t k = 0; k < nch; k++) {
    uint32_t fi = kth_defined(m, changed[k]);
    mssa__func_body_free(&saved[k]);
    mssa_ssa *s = q->ssa[fi];
    if (s) {
      q->ndefs -= s->ndefs;
      q->nuses -= s->nuses;
      q->nphis -= s->nphis;
      q->ndefined--;
      mssa_ssa_free(s);
    } else {
      q->nfailed--;
    }
    q->ssa[fi] = NULL;
    s = NULL;
    if (mssa_ssa_build(m, &m->funcs.a[fi], &p->opts.build, &s) != MSSA_OK || !s) {
      q->nfailed++;
      continue;
    }
    q->ssa[fi] = s;
    q->ndefined++;
    q->ndefs += s->ndefs;
    q->nuses += s->nuses;
    q->nphis += s->nphis;
  }
  for (uint32_t i = 0; i < n; i++) old->body[i] = nbody[i];
  p->gen++;
  p->reloads_diff++;
  uint64_t t2 = mssa__now_ns();
  mssa_proto_host *h = p->host;
  if (h->journal && h->journal(h, MSSA_PROTO_J_LOAD, name, text, len) < 0) {
    /* The module is the new text already; only persistence failed. */
    rc = mssa__fail(c, MSSA_RPC_IO_ERROR, "reloaded, but the load could not be journaled");
    goto out;
  }
  if (!c->notify)
    c->result = json_pack(
        "{sosisisisIsIsIsfsfsfsbsisiss}", "module", mssa__jstr(name), "functions",
        (int)q->ndefined, "declarations", (int)(q->nfuncs - q->ndefined - q->nfailed), "failed",
        (int)q->nfailed, "defs", (json_int_t)q->ndefs, "uses", (json_int_t)q->nuses, "phis",
        (json_int_t)q->nphis, "ms", (double)(t2 - t0) / 1e6, "read_ms",
        (double)(t1 - t0) / 1e6, "build_ms", (double)(t2 - t1) / 1e6, "replaced", 1, "reused",
        (int)(n - nch), "rebuilt", (int)nch, "reload", "incremental");
  rc = 0;
out:
  free(sp);
  free(changed);
  free(saved);
  free(nbody);
  return rc;
}
