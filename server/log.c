/*
** log.c -- see log.h.
**
** Invariants:
**   1. The message is formatted into one buffer first, then written with a
**      single call, so a line is never split.
*/
#include "log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <uv.h>

#include "memssa.h"

int mssad_log_level = MSSAD_LOG_INFO;
void (*mssad_log_sink)(int level, const char *text);

static const char *names[] = {"error", "warn", "info", "debug"};

int mssad_log_parse_level(const char *s) {
  for (int i = 0; i < 4; i++)
    if (!strcmp(s, names[i])) return i;
  if (!strcmp(s, "warning")) return MSSAD_LOG_WARN;
  return -1;
}

void mssad_log(int level, const char *fmt, ...) {
  if (level > mssad_log_level) return;
  MSSA_ASSERT(level >= MSSAD_LOG_ERROR && level <= MSSAD_LOG_DEBUG);   /* a level log.h names */
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (mssad_log_sink) {
    mssad_log_sink(level, buf);
    return;
  }
  fprintf(stderr, "memssad: %s: %s\n", names[level < 0 ? 0 : level > 3 ? 3 : level], buf);
}

/* libuv's codes below this are its own (UV_EOF, UV_EAI_*), not -errno. */
#define UV_OWN_CODES (-3000)

const char *mssad_strerror(int uv_err) {
  return uv_err < 0 && uv_err > UV_OWN_CODES ? strerror(-uv_err) : uv_strerror(uv_err);
}
