/*
** cli_connect.c -- a connection to memssad for the long-running clients
** that speak another protocol on stdout (`memssa lsp`, `memssa mcp`):
** when nobody answers on the socket, memssad is started through the CLI's
** `memssa daemon` (the same code as the command), with that command's
** stdout sent to stderr, since stdout belongs to the editor or the agent.
**
** Invariants:
**   1. stdout is the caller's again when this returns, whatever the
**      daemon command did: nothing of it reaches the protocol stream.
**   2. memssad is started at most once per call, and only when the
**      socket has nobody behind it (MEMSSA_CLIENT_ECONNECT): an unsafe
**      socket (another user's) is refused, never replaced.
*/
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "cli.h"
#include "libmemssa-client/memssa-client.h"

/* `memssa daemon [--socket S]` with its stdout on stderr (invariant 1). */
static void start_quietly(const char *who, const char *socket,
                          int (*daemon_cmd)(const char *cmd, int argc, char **argv)) {
  char *argv[3] = {"--socket", (char *)socket, NULL};
  if (!daemon_cmd) return;
  fflush(stdout);
  int saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (saved < 0) return;
  dup2(STDERR_FILENO, STDOUT_FILENO);
  int rc = daemon_cmd("daemon", socket ? 2 : 0, argv);
  fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  if (rc) fprintf(stderr, "%s: could not start memssad (memssa daemon exited %d)\n", who, rc);
}

int mssa_cli_connect_or_start(const char *who, const char *socket, int timeout_ms,
                              int (*daemon_cmd)(const char *cmd, int argc, char **argv),
                              memssa_client **out) {
  int rc = memssa_client_connect(socket, out);
  if (rc == MEMSSA_CLIENT_ECONNECT) {   /* invariant 2 */
    start_quietly(who, socket, daemon_cmd);
    rc = memssa_client_connect(socket, out);
  }
  if (rc) {
    *out = NULL;
    fprintf(stderr, "%s: memssad: %s\n", who, memssa_client_strerror(rc));
    return rc;
  }
  memssa_client_set_timeout(*out, timeout_ms);
  return 0;
}
