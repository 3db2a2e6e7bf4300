/*
** mcp_out.c -- what a tool call of `memssa mcp` produces when it fails:
** the sentence the agent reads (isError), for a refusal of the server's
** own or for memssad's error object, which keeps memssad's code, its
** data.reason word and its message, so an agent can tell "no such
** module" from "nothing touches memory on that line".
**
** Invariants:
**   1. A failed output holds no structured data (mcp_tools.c's invariant
**      3 relies on it) and always a text.
*/
#define _POSIX_C_SOURCE 200809L  /* strdup */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "mcp_internal.h"

void mssa__mcp_out_fail(mcp_out *o, const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  json_decref(o->data);
  o->data = NULL;
  free(o->text);
  o->text = strdup(msg);
  o->error = true;
  MSSA_ASSERT(o->text && !o->data);
}

void mssa__mcp_out_daemon(mcp_out *o, const char *method, json_t *err) {
  if (!err) {
    mssa__mcp_out_fail(o, "memssad cannot be reached (%s): see the server's stderr", method);
    return;
  }
  const char *reason = json_string_value(json_object_get(json_object_get(err, "data"), "reason"));
  mssa__mcp_out_fail(o, "memssad %s: error %lld (%s): %s", method,
                     (long long)json_integer_value(json_object_get(err, "code")),
                     reason ? reason : "no reason",
                     json_string_value(json_object_get(err, "message")));
}
