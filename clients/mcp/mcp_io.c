/*
** mcp_io.c -- MCP's stdio transport: one JSON-RPC message a line on
** stdin, one a line on stdout (newline-delimited; a message never holds a
** raw newline), bodies encoded and decoded by jansson.
**
** Invariants:
**   1. At most max_line bytes of one line are held: the rest of a longer
**      line is read and dropped up to its newline, and that line costs one
**      error reply, never the stream's framing or unbounded memory.
**   2. A line is consumed whole before it is parsed: a line that is not
**      JSON costs that message only (-32700).
**   3. Writes are whole lines, flushed at once: a client never sees half a
**      message, and stdout carries nothing else.
*/
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memssa.h"
#include "mcp_internal.h"

#define READ_CHUNK 65536

/* Reads more input; 0 at the end of input or on an error. */
static int fill(mssa__mcp *M) {
  if (M->in_n + READ_CHUNK > M->in_cap) {
    M->in_cap = M->in_n + READ_CHUNK;
    M->inbuf = realloc(M->inbuf, M->in_cap);
    if (!M->inbuf) abort();
  }
  for (;;) {
    ssize_t k = read(M->in_fd, M->inbuf + M->in_n, READ_CHUNK);
    if (k > 0) {
      M->in_n += (size_t)k;
      return 1;
    }
    if (k < 0 && errno == EINTR) continue;
    return 0;
  }
}

static void consume(mssa__mcp *M, size_t k) {
  memmove(M->inbuf, M->inbuf + k, M->in_n - k);
  M->in_n -= k;
}

/* Drops input up to and including the next newline (invariant 1). 1 when
** it was found, 0 at the end of input. */
static int skip_line(mssa__mcp *M) {
  for (;;) {
    char *nl = memchr(M->inbuf, '\n', M->in_n);
    if (nl) {
      consume(M, (size_t)(nl - M->inbuf) + 1);
      M->skipping = false;
      return 1;
    }
    M->in_n = 0;
    if (!fill(M)) return 0;
  }
}

int mssa__mcp_read(mssa__mcp *M, json_t **msg, char *why, size_t cap) {
  *msg = NULL;
  for (;;) {
    char *nl = M->in_n ? memchr(M->inbuf, '\n', M->in_n) : NULL;
    if (!nl && M->in_n > M->max_line) {
      M->skipping = true;
      snprintf(why, cap, "a message line longer than %zu bytes (--max-line); dropped",
               M->max_line);
      if (!skip_line(M)) M->eof = true;
      return -1;
    }
    if (!nl) {
      if (M->eof || !fill(M)) {
        M->eof = true;
        if (!M->in_n) return 0;
        nl = M->inbuf + M->in_n;   /* a last line without its newline */
        if (M->in_n == M->in_cap) {
          M->inbuf = realloc(M->inbuf, ++M->in_cap);
          if (!M->inbuf) abort();
          nl = M->inbuf + M->in_n;
        }
        *nl = '\n';
        M->in_n++;
      } else {
        continue;
      }
    }
    size_t len = (size_t)(nl - M->inbuf);
    if (len > M->max_line) {   /* the newline came in the same chunk */
      consume(M, len + 1);
      snprintf(why, cap, "a message line longer than %zu bytes (--max-line); dropped",
               M->max_line);
      return -1;
    }
    MSSA_ASSERT(!M->skipping);
    *nl = 0;
    size_t n = len && nl[-1] == '\r' ? len - 1 : len;
    bool blank = true;
    for (size_t i = 0; i < n && blank; i++)
      blank = M->inbuf[i] == ' ' || M->inbuf[i] == '\t';
    json_error_t e;
    json_t *v = blank ? NULL : json_loadb(M->inbuf, n, 0, &e);
    consume(M, len + 1);
    if (blank) continue;   /* blank lines carry nothing */
    if (!v) {
      snprintf(why, cap, "%s (column %d)", e.text, e.column);
      return -1;
    }
    *msg = v;
    return 1;
  }
}

void mssa__mcp_send(json_t *msg) {
  /* jansson escapes newlines inside strings; JSON_COMPACT puts none
  ** between members (invariant 3). */
  char *s = json_dumps(msg, JSON_COMPACT);
  json_decref(msg);
  if (!s) return;
  MSSA_ASSERT(!strchr(s, '\n'));
  fputs(s, stdout);
  fputc('\n', stdout);
  fflush(stdout);
  free(s);
}

json_t *mssa__mcp_result_new(json_t *id, json_t *result) {
  return json_pack("{sssOso}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
                   result ? result : json_object());
}

json_t *mssa__mcp_error_new(json_t *id, int code, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return json_pack("{sssOs{siss}}", "jsonrpc", "2.0", "id", id ? id : json_null(), "error",
                   "code", code, "message", msg);
}

void mssa__mcp_log(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("memssa mcp: ", stderr);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}
