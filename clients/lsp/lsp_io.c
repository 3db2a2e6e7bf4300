/*
** lsp_io.c -- the LSP base protocol on stdin/stdout: messages framed by a
** `Content-Length: N` header (other headers, such as Content-Type, are
** read and ignored), bodies of JSON encoded and decoded by jansson.
**
** Invariants:
**   1. A frame is consumed whole before it is parsed: a body that is not
**      JSON costs that message only (answered with -32700), never the
**      stream's framing.
**   2. Writes are whole messages, flushed at once, so an editor never sees
**      half a message; stdout carries nothing else.
*/
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lsp_int.h"

#define READ_CHUNK 65536
#define MAX_HEADER 8192

/* Reads more input; 0 at EOF or error. */
static int fill(mssa__lsp *L) {
  if (L->in_n + READ_CHUNK > L->in_cap) {
    L->in_cap = (L->in_n + READ_CHUNK) * 2;
    L->inbuf = realloc(L->inbuf, L->in_cap);
    if (!L->inbuf) abort();
  }
  for (;;) {
    ssize_t k = read(L->in_fd, L->inbuf + L->in_n, READ_CHUNK);
    if (k > 0) {
      L->in_n += (size_t)k;
      return 1;
    }
    if (k < 0 && errno == EINTR) continue;
    return 0;
  }
}

static void consume(mssa__lsp *L, size_t k) {
  memmove(L->inbuf, L->inbuf + k, L->in_n - k);
  L->in_n -= k;
}

/* The header block's end (index after "\r\n\r\n"), or 0 if not all read. */
static size_t header_end(const mssa__lsp *L) {
  for (size_t i = 0; i + 3 < L->in_n; i++)
    if (!memcmp(L->inbuf + i, "\r\n\r\n", 4)) return i + 4;
  return 0;
}

/* Content-Length of a header block, or -1. */
static long long content_length(const char *h, size_t n) {
  for (size_t i = 0; i < n;) {
    const char *eol = memchr(h + i, '\n', n - i);
    size_t len = eol ? (size_t)(eol - (h + i)) : n - i;
    if (len > 15 && !strncasecmp(h + i, "Content-Length:", 15)) {
      char num[32];
      snprintf(num, sizeof num, "%.*s", (int)(len - 15 < 31 ? len - 15 : 31), h + i + 15);
      char *end;
      long long v = strtoll(num, &end, 10);
      return end != num && v >= 0 ? v : -1;
    }
    i += len + 1;
  }
  return -1;
}

bool mssa__lsp_frame_buffered(const mssa__lsp *L) {
  size_t he = header_end(L);
  if (!he) return false;
  long long len = content_length(L->inbuf, he);
  /* a bad length is a whole "frame" too: mssa__lsp_read skips it at once */
  return len < 0 || (size_t)len > LSP_MAX_MESSAGE || L->in_n >= he + (size_t)len;
}

int mssa__lsp_read(mssa__lsp *L, json_t **msg) {
  *msg = NULL;
  size_t he;
  while (!(he = header_end(L))) {
    if (L->in_n > MAX_HEADER) {
      mssa__lsp_log("lsp: a header block without an end; input dropped");
      L->in_n = 0;
    }
    if (!fill(L)) return 0;
  }
  long long len = content_length(L->inbuf, he);
  if (len < 0 || (size_t)len > LSP_MAX_MESSAGE) {
    mssa__lsp_log("lsp: a message without a usable Content-Length; skipped");
    consume(L, he);
    return -1;
  }
  while (L->in_n < he + (size_t)len)
    if (!fill(L)) return 0;
  json_error_t err;
  *msg = json_loadb(L->inbuf + he, (size_t)len, 0, &err);
  consume(L, he + (size_t)len);
  if (!*msg) {
    mssa__lsp_fail(L, json_null(), LSP_PARSE_ERROR, "%s", err.text);
    return -1;
  }
  return 1;
}

void mssa__lsp_send(mssa__lsp *L, json_t *msg) {
  (void)L;
  json_object_set_new(msg, "jsonrpc", json_string("2.0"));
  char *body = json_dumps(msg, JSON_COMPACT);
  json_decref(msg);
  if (!body) return;
  size_t n = strlen(body);
  fprintf(stdout, "Content-Length: %zu\r\n\r\n", n);
  fwrite(body, 1, n, stdout);
  fflush(stdout);
  free(body);
}

void mssa__lsp_reply(mssa__lsp *L, json_t *id, json_t *result) {
  json_t *m = json_object();
  json_object_set(m, "id", id ? id : json_null());
  json_object_set_new(m, "result", result ? result : json_null());
  mssa__lsp_send(L, m);
}

void mssa__lsp_fail(mssa__lsp *L, json_t *id, int code, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  json_t *m = json_object();
  json_object_set(m, "id", id ? id : json_null());
  json_object_set_new(m, "error", json_pack("{siss}", "code", code, "message", msg));
  mssa__lsp_send(L, m);
}

void mssa__lsp_notify(mssa__lsp *L, const char *method, json_t *params) {
  json_t *m = json_object();
  json_object_set_new(m, "method", json_string(method));
  json_object_set_new(m, "params", params ? params : json_object());
  mssa__lsp_send(L, m);
}

void mssa__lsp_log(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

void mssa__lsp_show(mssa__lsp *L, int type, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  mssa__lsp_notify(L, "window/showMessage", json_pack("{siss}", "type", type, "message", msg));
}

/* Starts a server-created progress report (lsp_docs.c's compiles,
** lsp_proj.c's program loads); returns its token, or NULL when the client
** does not take server-created progress. */
json_t *mssa__lsp_progress_begin(mssa__lsp *L, const char *title, const char *msg) {
  if (!L->progress) return NULL;
  char tok[64];
  snprintf(tok, sizeof tok, "memssa-%ld", ++L->next_id);
  json_t *req = json_pack("{sssIs{ss}}", "method", "window/workDoneProgress/create", "id",
                          (json_int_t)L->next_id, "params", "token", tok);
  mssa__lsp_send(L, req);
  json_t *token = json_string(tok);
  mssa__lsp_notify(L, "$/progress",
                   json_pack("{sOs{sssssssb}}", "token", token, "value", "kind", "begin", "title",
                             title, "message", msg, "cancellable", 0));
  return token;
}
