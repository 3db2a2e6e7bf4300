/*
** log.h -- leveled logging to stderr for the daemon.
**
** Invariants:
**   1. One line per message: "memssad: LEVEL: text", written with one
**      fprintf so lines from one process never interleave mid-line.
**   2. Never called from a signal handler (signals arrive through
**      uv_signal on the loop thread), so stdio is safe to use.
*/
#ifndef MSSAD_LOG_H
#define MSSAD_LOG_H

enum { MSSAD_LOG_ERROR = 0, MSSAD_LOG_WARN = 1, MSSAD_LOG_INFO = 2, MSSAD_LOG_DEBUG = 3 };

extern int mssad_log_level;

/* Parses "error" / "warn" / "info" / "debug"; -1 if unknown. */
int mssad_log_parse_level(const char *s);
void mssad_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* If set, gets each message (its text, without the "memssad: LEVEL: "
** prefix) instead of stderr: the journal's fuzz target checks the offsets
** its messages name. */
extern void (*mssad_log_sink)(int level, const char *text);
/* The words for a libuv error code: the C library's strerror for the
** system errors (libuv's codes are -errno on Unix), so messages read as
** errno's ("No such file or directory"), libuv's own words for the rest. */
const char *mssad_strerror(int uv_err);

#define MSSAD_ERROR(...) mssad_log(MSSAD_LOG_ERROR, __VA_ARGS__)
#define MSSAD_WARN(...) mssad_log(MSSAD_LOG_WARN, __VA_ARGS__)
#define MSSAD_INFO(...) mssad_log(MSSAD_LOG_INFO, __VA_ARGS__)
#define MSSAD_DEBUG(...) \
  do { if (mssad_log_level >= MSSAD_LOG_DEBUG) mssad_log(MSSAD_LOG_DEBUG, __VA_ARGS__); } while (0)

#endif
