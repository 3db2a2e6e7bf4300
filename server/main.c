/*
** main.c -- memssad: flags, signals, the loop, and an orderly stop.
**
** Invariants:
**   1. Signals are delivered through uv_signal on the loop thread; no code
**      runs in a signal handler. SIGPIPE is ignored (write errors come back
**      as EPIPE on the connection, which is then closed).
**   2. Stopping (SIGTERM, SIGINT, the `shutdown` method, the end of the
**      --stdio client) closes the listeners first, then lets every
**      connection answer what it has received and finish its job; slow
**      clients are cut after drain_timeout_s. The loop then runs dry and
**      the process exits 0.
**   3. Every handle is closed and every module freed before exit, so leak
**      checkers see a clean process.
*/
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "server.h"

static void usage(FILE *out) {
  fputs("usage: memssad [OPTIONS]\n"
        "\n"
        "Serves MemorySSA queries (JSON-RPC 2.0, one request per line).\n"
        "\n"
        "  --socket PATH         Unix socket (default $MEMSSA_SOCKET, else\n"
        "                        $XDG_RUNTIME_DIR/memssad.sock, else /tmp/memssad-$UID.sock)\n"
        "  --listen HOST:PORT    also listen on TCP (loopback only, unless --allow-remote)\n"
        "  --allow-remote        allow a non-loopback --listen address (needs --token-file)\n"
        "  --token-file FILE     TCP clients must send the first line of FILE first\n"
        "  --stdio               serve one client on stdin/stdout (no socket)\n"
        "  --max-request BYTES   longest request line (default 64M)\n"
        "  --max-edit-growth BYTES\n"
        "                        edit text a module may gather beyond twice its\n"
        "                        loaded text; then edits are refused until it is\n"
        "                        loaded again (default 32M)\n"
        "  --max-connections N   (default 1024)\n"
        "  --max-backlog BYTES   unread reply bytes before a client is dropped (default 64M)\n"
        "  --check-limit N       walker budget (LLVM's -memssa-check-limit; default unlimited)\n"
        "  --drain-timeout SEC   on SIGTERM, wait this long for clients (default 5)\n"
        "  --state-dir DIR       persist loads and edits in DIR (journal + snapshot),\n"
        "                        replayed at start-up\n"
        "  --fsync MODE          always (reply after the record is on disk; concurrent\n"
        "                        changes share one fsync), everysec (default) or no\n"
        "  --journal-max BYTES   compact the journal beyond this size (default 64M)\n"
        "  --log-level LEVEL     error, warn, info (default) or debug\n"
        "  -q, -v                log-level warn / debug\n"
        "  --help, --version\n"
        "\n"
        "Systemd socket activation (LISTEN_FDS) replaces --socket/--listen.\n",
        out);
}

/* "64M", "1k", "4096" -> bytes; 0 on error. */
static size_t parse_size(const char *s) {
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  if (end == s) return 0;
  switch (*end) {
  case 'k': case 'K': v <<= 10; end++; break;
  case 'm': case 'M': v <<= 20; end++; break;
  case 'g': case 'G': v <<= 30; end++; break;
  default: break;
  }
  return *end ? 0 : (size_t)v;
}

static char *read_token(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    MSSAD_ERROR("--token-file %s: %s", path, strerror(errno));
    return NULL;
  }
  char line[1024];
  char *ok = fgets(line, sizeof line, f);
  fclose(f);
  if (!ok) {
    MSSAD_ERROR("--token-file %s is empty", path);
    return NULL;
  }
  line[strcspn(line, "\r\n")] = 0;
  if (!line[0]) {
    MSSAD_ERROR("--token-file %s: the first line is empty", path);
    return NULL;
  }
  return mssa__xstrndup(line, strlen(line));
}

/* ---------------------------------------------------------------- stop */

static void on_handle_closed_noop(uv_handle_t *h) { (void)h; }

static void close_if_open(uv_handle_t *h) {
  if (h->loop && !uv_is_closing(h)) uv_close(h, on_handle_closed_noop);
}

void mssad_server_maybe_done(mssad_server *s) {
  if (!s->stopping || s->conns || s->jobs_in_flight) return;
  close_if_open((uv_handle_t *)&s->drain_timer);
  close_if_open((uv_handle_t *)&s->sigterm);
  close_if_open((uv_handle_t *)&s->sigint);
  mssad_journal_stop(s);
}

static void on_drain_timeout(uv_timer_t *t) {
  mssad_server *s = t->data;
  MSSAD_WARN("clients still connected after %.1f s; closing them", s->cfg.drain_timeout_s);
  /* Closing only starts here; connections leave the list in close
  ** callbacks, so taking `next` first is safe. */
  for (mssad_conn *c = s->conns; c;) {
    mssad_conn *n = mssad_conn_next(c);
    mssad_conn_close(c);
    c = n;
  }
}

void mssad_server_stop(mssad_server *s, const char *why) {
  if (s->stopping) return;
  s->stopping = true;
  MSSAD_INFO("stopping (%s)", why);
  mssad_listeners_close(s);
  if (s->cfg.drain_timeout_s > 0) {
    uv_timer_start(&s->drain_timer, on_drain_timeout,
                   (uint64_t)(s->cfg.drain_timeout_s * 1000), 0);
    uv_unref((uv_handle_t *)&s->drain_timer);
  }
  for (mssad_conn *c = s->conns; c;) {
    mssad_conn *n = mssad_conn_next(c);
    mssad_conn_drain(c);
    c = n;
  }
  mssad_server_maybe_done(s);
}

static void on_signal(uv_signal_t *h, int signum) {
  mssad_server *s = h->data;
  if (s->stopping) {
    MSSAD_WARN("second %s: closing every connection now", signum == SIGINT ? "SIGINT" : "SIGTERM");
    on_drain_timeout(&s->drain_timer);
    return;
  }
  mssad_server_stop(s, signum == SIGINT ? "SIGINT" : "SIGTERM");
}

/* ---------------------------------------------------------------- main */

int main(int argc, char **argv) {
  mssad_server srv;
  memset(&srv, 0, sizeof srv);
  mssad_config *cfg = &srv.cfg;
  cfg->max_request = 64u << 20;
  cfg->max_connections = 1024;
  cfg->max_backlog = 64u << 20;
  cfg->check_limit = UINT32_MAX;
  cfg->drain_timeout_s = 5;
  srv.journal.mode = MSSAD_FSYNC_EVERYSEC;
  srv.journal.max = 64u << 20;
  srv.journal.fd = -1;
  bool explicit_socket = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEEDV() do { if (!v) { fprintf(stderr, "memssad: %s needs a value\n", a); return 2; } i++; } while (0)
    if (!strcmp(a, "--socket")) { NEEDV(); cfg->socket_path = v; explicit_socket = true; }
    else if (!strcmp(a, "--listen")) { NEEDV(); cfg->listen_addr = v; }
    else if (!strcmp(a, "--allow-remote")) cfg->allow_remote = true;
    else if (!strcmp(a, "--token-file")) { NEEDV(); cfg->token_file = v; }
    else if (!strcmp(a, "--stdio")) cfg->use_stdio = true;
    else if (!strcmp(a, "--max-request")) {
      NEEDV();
      if (!(cfg->max_request = parse_size(v))) { fprintf(stderr, "memssad: bad size '%s'\n", v); return 2; }
    } else if (!strcmp(a, "--max-backlog")) {
      NEEDV();
      if (!(cfg->max_backlog = parse_size(v))) { fprintf(stderr, "memssad: bad size '%s'\n", v); return 2; }
    } else if (!strcmp(a, "--max-edit-growth")) {
      NEEDV();
      if (!(cfg->max_edit_growth = parse_size(v))) { fprintf(stderr, "memssad: bad size '%s'\n", v); return 2; }
    } else if (!strcmp(a, "--max-connections")) {
      NEEDV();
      cfg->max_connections = (uint32_t)strtoul(v, NULL, 10);
      if (!cfg->max_connections) { fprintf(stderr, "memssad: bad count '%s'\n", v); return 2; }
    } else if (!strcmp(a, "--check-limit")) {
      NEEDV();
      cfg->check_limit = (uint32_t)strtoul(v, NULL, 10);
      if (!cfg->check_limit) cfg->check_limit = UINT32_MAX;
    } else if (!strcmp(a, "--drain-timeout")) { NEEDV(); cfg->drain_timeout_s = atof(v); }
    else if (!strcmp(a, "--state-dir")) { NEEDV(); cfg->state_dir = v; }
    else if (!strcmp(a, "--fsync")) {
      NEEDV();
      if (!strcmp(v, "always")) srv.journal.mode = MSSAD_FSYNC_ALWAYS;
      else if (!strcmp(v, "everysec")) srv.journal.mode = MSSAD_FSYNC_EVERYSEC;
      else if (!strcmp(v, "no")) srv.journal.mode = MSSAD_FSYNC_NO;
      else { fprintf(stderr, "memssad: --fsync takes always, everysec or no\n"); return 2; }
    } else if (!strcmp(a, "--journal-max")) {
      NEEDV();
      if (!(srv.journal.max = parse_size(v))) { fprintf(stderr, "memssad: bad size '%s'\n", v); return 2; }
    }
    else if (!strcmp(a, "--log-level")) {
      NEEDV();
      if ((mssad_log_level = mssad_log_parse_level(v)) < 0) {
        fprintf(stderr, "memssad: unknown log level '%s'\n", v);
        return 2;
      }
    } else if (!strcmp(a, "-q")) mssad_log_level = MSSAD_LOG_WARN;
    else if (!strcmp(a, "-v")) mssad_log_level = MSSAD_LOG_DEBUG;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
    else if (!strcmp(a, "--version")) { printf("memssad %s\n", MSSA_PROTO_VERSION); return 0; }
    else {
      fprintf(stderr, "memssad: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    }
#undef NEEDV
  }
  if (cfg->allow_remote && !cfg->token_file) {
    fprintf(stderr, "memssad: --allow-remote needs --token-file\n");
    return 2;
  }

  signal(SIGPIPE, SIG_IGN);
  mssa_proto_init_threads();   /* before any pool thread decodes JSON */
  srv.loop = uv_default_loop();
  srv.start_ns = uv_hrtime();
  if (cfg->token_file && !(srv.token = read_token(cfg->token_file))) return 1;
  mssad_store_init(&srv);
  mssa_proto_opts po;
  memset(&po, 0, sizeof po);
  po.build.check_limit = cfg->check_limit;
  po.build.aa_layers = MSSA_AA_ALL;
  po.max_print_bytes = cfg->max_backlog / 2;
  po.max_edit_growth = cfg->max_edit_growth;
  srv.proto = mssa_proto_new(&srv.host, &po);

  uv_signal_init(srv.loop, &srv.sigterm);
  uv_signal_init(srv.loop, &srv.sigint);
  srv.sigterm.data = srv.sigint.data = &srv;
  uv_signal_start(&srv.sigterm, on_signal, SIGTERM);
  uv_signal_start(&srv.sigint, on_signal, SIGINT);
  uv_timer_init(srv.loop, &srv.drain_timer);
  srv.drain_timer.data = &srv;

  int rc = 0, nsd = 0;
  char defpath[512];
  if (cfg->state_dir) {
    /* Replay before listening: no client sees a half-restored state. */
    srv.journal.dir = (char *)cfg->state_dir;
    rc = mssad_journal_open(&srv);
  }
  if (!rc) rc = mssad_listen_systemd(&srv, &nsd);
  if (!rc && !nsd) {
    if (cfg->use_stdio) rc = mssad_serve_stdio(&srv);
    if (!rc && (explicit_socket || (!cfg->use_stdio && !cfg->listen_addr)) ) {
      if (!cfg->socket_path) {
        mssad_default_socket(defpath, sizeof defpath);
        cfg->socket_path = defpath;
      }
      rc = mssad_listen_unix(&srv, cfg->socket_path);
    }
    if (!rc && cfg->listen_addr) rc = mssad_listen_tcp(&srv, cfg->listen_addr);
  }
  int status = 0;
  if (rc) {
    status = 1;
    mssad_server_stop(&srv, "startup failed");
  } else {
    MSSAD_INFO("ready (pid %d)", (int)getpid());
  }
  uv_run(srv.loop, UV_RUN_DEFAULT);
  mssad_journal_close(&srv);
  mssad_store_fini(&srv);
  mssa_proto_free(srv.proto);
  free(srv.token);
  uv_loop_close(srv.loop);
  if (!status) MSSAD_INFO("stopped");
  return status;
}
