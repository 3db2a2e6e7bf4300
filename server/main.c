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
**   4. The other files stop the daemon through srv.ops (server_ops), set
**      with srv.conn_ops before anything runs: no file calls main.c by name
**      (server.h, invariant 5).
*/
#define _XOPEN_SOURCE 700   /* realpath */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>   /* mallopt */
#endif

#include <jansson.h>   /* json_set_alloc_funcs */

#include "common/sockpath.h"
#include "common/version.h"
#include "memssa.h"   /* base/oom.h */
#include "log.h"
#include "server.h"

/* SIGTERM ends the process within this (seconds), whatever is in flight. */
#define DEFAULT_DRAIN_S 1.5
/* Idle connections are closed after this (seconds): ten minutes leave an
** editor room to think, and the idle cannot lock new clients out. */
#define DEFAULT_IDLE_S 600
/* The idle sweep runs this many times per timeout (so a connection goes at
** most a quarter of the timeout late), and at least this often (ms). */
#define IDLE_SWEEPS 4
#define IDLE_SWEEP_MIN_MS 100

/* After the drain time, how long cancelled pool work has to report back
** before what still runs is abandoned (ms). */
#define CANCEL_SETTLE_MS 50

static void usage(FILE *out) {
  fputs("usage: memssad [OPTIONS]\n"
        "\n"
        "Serves MemorySSA queries (JSON-RPC 2.0, one request per line).\n"
        "\n"
        "  --socket PATH         Unix socket (default $MEMSSA_SOCKET, else\n"
        "                        $XDG_RUNTIME_DIR/memssad.sock, else\n"
        "                        /tmp/memssad-$UID/memssad.sock; a default socket's\n"
        "                        directory must be yours and private (mode 0700))\n"
        "  --listen HOST:PORT    also listen on TCP (loopback only, unless --allow-remote;\n"
        "                        needs --token-file, or --insecure-no-token)\n"
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
        "  --drain-timeout SEC   on SIGTERM, let requests in flight (loads included)\n"
        "                        finish for this long, then close every connection\n"
        "                        and abandon unfinished builds (default 1.5)\n"
        "  --idle-timeout SEC    close connections idle this long (default 600; 0 never)\n"
        "  --request-timeout SEC answer a load (read, build, compare) that takes longer\n"
        "                        with error -32050 and abandon it (default 0: no limit)\n"
        "  --max-module-bytes BYTES\n"
        "                        largest module a load reads or takes (default 1G);\n"
        "                        only regular files are read, checked before reading\n"
        "  --max-memory BYTES    cap on the memory of built MemorySSA graphs (with their\n"
        "                        walker caches): least recently used functions' graphs\n"
        "                        are freed and rebuilt on their next query (default: none)\n"
        "  --root DIR            TCP clients may load files under DIR only (without\n"
        "                        it they may load no file, only params.text)\n"
        "  --trusted-compiler GLOB\n"
        "                        a compiler `load {\"source\"}` may run, beside the\n"
        "                        system's clang (an absolute fnmatch glob; repeatable;\n"
        "                        docs/editor.md, \"Security\")\n"
        "  --cache-dir DIR       keep each compiled C unit's IR in DIR, keyed by its\n"
        "                        command, compiler and the bytes of every file it\n"
        "                        includes, so that loading it again (also after a\n"
        "                        restart) runs no clang (default $XDG_CACHE_HOME/memssa,\n"
        "                        else ~/.cache/memssa)\n"
        "  --cache-max-mb N      the cache's size cap: least recently used entries\n"
        "                        are removed beyond it (default 512)\n"
        "  --no-cache            compile every time; keep nothing\n"
        "  --cache-verify        check every entry of the cache (damaged ones are\n"
        "                        removed), print the counts and exit (1 if any was)\n"
        "  --insecure-no-token   allow --listen on loopback without --token-file\n"
        "                        (any local user could then use the daemon)\n"
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
  return mssa_xstrndup(line, strlen(line));
}

/* ---------------------------------------------------------------- stop */

static void on_handle_closed_noop(uv_handle_t *h) { (void)h; }

static void close_if_open(uv_handle_t *h) {
  if (h->loop && !uv_is_closing(h)) uv_close(h, on_handle_closed_noop);
}

static void on_idle_sweep(uv_timer_t *t) { mssad_conns_close_idle(t->data); }

static void server_maybe_done(mssad_server *s) {
  if (!s->stopping || s->conns || s->jobs_in_flight) return;
  close_if_open((uv_handle_t *)&s->drain_timer);
  close_if_open((uv_handle_t *)&s->idle_timer);
  close_if_open((uv_handle_t *)&s->batch_idle);
  close_if_open((uv_handle_t *)&s->sigterm);
  close_if_open((uv_handle_t *)&s->sigint);
  mssad_journal_stop(s);
}

/* The drain time is up with builds still running on the pool: nothing can
** stop a thread mid-build, and nobody waits for them any more (their
** connections are closed: nothing they produce is acknowledged). The
** journal is made durable and the process ends here. */
static void abandon_builds(mssad_server *s) {
  MSSAD_WARN("abandoning %llu build(s) in flight", (unsigned long long)s->jobs_in_flight);
  mssad_listeners_close(s);
  mssad_journal_close(s);
  MSSAD_INFO("stopped");
  /* _exit, not exit: libuv's destructor would join the pool's threads,
  ** that is, wait for the very builds abandoned here. */
  _exit(0);
}

static void on_builds_left(uv_timer_t *t) {
  mssad_server *s = t->data;
  if (s->jobs_in_flight) abandon_builds(s);
}

static void on_drain_timeout(uv_timer_t *t) {
  mssad_server *s = t->data;
  if (s->conns)
    MSSAD_WARN("clients still connected after %.1f s; closing them", s->cfg.drain_timeout_s);
  /* Closing only starts here; connections leave the list in close
  ** callbacks, so taking `next` first is safe. Their pool work is
  ** abandoned: cancelled if queued, dropped when it ends if running. */
  for (mssad_conn *c = s->conns; c;) {
    mssad_conn *n = mssad_conn_next(c);
    mssad_conn_close(c);
    c = n;
  }
  /* Cancelled work reports back in the next turn of the loop; what is left
  ** after that is running. */
  if (s->jobs_in_flight) uv_timer_start(&s->drain_timer, on_builds_left, CANCEL_SETTLE_MS, 0);
}

static void server_stop(mssad_server *s, const char *why) {
  if (s->stopping) return;
  s->stopping = true;
  MSSAD_INFO("stopping (%s)", why);
  mssad_listeners_close(s);
  uv_timer_stop(&s->idle_timer);
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
  server_maybe_done(s);
}

/* What the rest of the daemon calls to stop (server.h): through this
** table, so no file calls back into main.c. */
static const mssad_server_ops server_ops = {
  .stop = server_stop,
  .maybe_done = server_maybe_done,
};

static void on_signal(uv_signal_t *h, int signum) {
  mssad_server *s = h->data;
  if (s->stopping) {
    MSSAD_WARN("second %s: closing every connection now", signum == SIGINT ? "SIGINT" : "SIGTERM");
    on_drain_timeout(&s->drain_timer);
    return;
  }
  server_stop(s, signum == SIGINT ? "SIGINT" : "SIGTERM");
}

/* ------------------------------------------------------------- options */

/* Exit statuses. */
#define EXIT_USAGE 2
#define GO_ON (-1)   /* parse_args: no reason to exit; serve */

static void set_defaults(mssad_server *srv) {
  mssad_config *cfg = &srv->cfg;
  cfg->max_request = 64u << 20;
  cfg->max_connections = 1024;
  cfg->max_backlog = 64u << 20;
  cfg->check_limit = UINT32_MAX;
  cfg->drain_timeout_s = DEFAULT_DRAIN_S;
  cfg->idle_timeout_s = DEFAULT_IDLE_S;
  srv->journal.mode = MSSAD_FSYNC_EVERYSEC;
  srv->journal.max = 64u << 20;
  srv->journal.fd = -1;
}

/* A size option: GO_ON, or EXIT_USAGE after saying why. */
static int size_opt(const char *v, size_t *out) {
  if ((*out = parse_size(v))) return GO_ON;
  fprintf(stderr, "memssad: bad size '%s'\n", v);
  return EXIT_USAGE;
}

/* An option that takes a value `v`: GO_ON, an exit status, or NOT_MINE
** when `a` is not one of them. */
#define NOT_MINE (-2)   /* value_opt, flag_opt: not one of theirs */
static int value_opt(mssad_server *srv, const char *a, const char *v) {
  mssad_config *cfg = &srv->cfg;
  if (!strcmp(a, "--socket")) cfg->socket_path = v;
  else if (!strcmp(a, "--listen")) cfg->listen_addr = v;
  else if (!strcmp(a, "--token-file")) cfg->token_file = v;
  else if (!strcmp(a, "--max-request")) return size_opt(v, &cfg->max_request);
  else if (!strcmp(a, "--max-backlog")) return size_opt(v, &cfg->max_backlog);
  else if (!strcmp(a, "--max-edit-growth")) return size_opt(v, &cfg->max_edit_growth);
  else if (!strcmp(a, "--max-connections")) {
    if (!(cfg->max_connections = (uint32_t)strtoul(v, NULL, 10))) {
      fprintf(stderr, "memssad: bad count '%s'\n", v);
      return EXIT_USAGE;
    }
  } else if (!strcmp(a, "--check-limit")) {
    cfg->check_limit = (uint32_t)strtoul(v, NULL, 10);
    if (!cfg->check_limit) cfg->check_limit = UINT32_MAX;
  } else if (!strcmp(a, "--drain-timeout")) cfg->drain_timeout_s = atof(v);
  else if (!strcmp(a, "--idle-timeout")) cfg->idle_timeout_s = atof(v);
  else if (!strcmp(a, "--request-timeout")) cfg->request_timeout_s = atof(v);
  else if (!strcmp(a, "--max-module-bytes")) return size_opt(v, &cfg->max_module_bytes);
  else if (!strcmp(a, "--max-memory")) return size_opt(v, &cfg->max_memory);
  else if (!strcmp(a, "--root")) cfg->root = v;
  else if (!strcmp(a, "--trusted-compiler")) {
    if (v[0] != '/') {   /* a glob of absolute paths, never one the cwd completes */
      fprintf(stderr, "memssad: --trusted-compiler takes an absolute glob, not '%s'\n", v);
      return EXIT_USAGE;
    }
    cfg->trusted = mssa_xrealloc(cfg->trusted, (cfg->ntrusted + 2) * sizeof *cfg->trusted);
    cfg->trusted[cfg->ntrusted++] = v;
    cfg->trusted[cfg->ntrusted] = NULL;
  }
  else if (!strcmp(a, "--state-dir")) cfg->state_dir = v;
  else if (!strcmp(a, "--cache-dir")) cfg->cache_dir = v;
  else if (!strcmp(a, "--cache-max-mb")) {
    unsigned long mb = strtoul(v, NULL, 10);
    if (!mb || mb > (1ul << 24)) {
      fprintf(stderr, "memssad: --cache-max-mb takes a number of MB (1 to %lu)\n", 1ul << 24);
      return EXIT_USAGE;
    }
    cfg->cache_max_mb = (unsigned)mb;
  }
  else if (!strcmp(a, "--fsync")) {
    if (!strcmp(v, "always")) srv->journal.mode = MSSAD_FSYNC_ALWAYS;
    else if (!strcmp(v, "everysec")) srv->journal.mode = MSSAD_FSYNC_EVERYSEC;
    else if (!strcmp(v, "no")) srv->journal.mode = MSSAD_FSYNC_NO;
    else {
      fprintf(stderr, "memssad: --fsync takes always, everysec or no\n");
      return EXIT_USAGE;
    }
  } else if (!strcmp(a, "--journal-max")) {
    size_t m;
    int rc = size_opt(v, &m);
    srv->journal.max = m;
    return rc;
  } else if (!strcmp(a, "--log-level")) {
    if ((mssad_log_level = mssad_log_parse_level(v)) < 0) {
      fprintf(stderr, "memssad: unknown log level '%s'\n", v);
      return EXIT_USAGE;
    }
  } else return NOT_MINE;
  return GO_ON;
}

/* The flags without a value; GO_ON, an exit status, or NOT_MINE. */
static int flag_opt(mssad_server *srv, const char *a) {
  mssad_config *cfg = &srv->cfg;
  if (!strcmp(a, "--allow-remote")) cfg->allow_remote = true;
  else if (!strcmp(a, "--stdio")) cfg->use_stdio = true;
  else if (!strcmp(a, "--insecure-no-token")) cfg->insecure_no_token = true;
  else if (!strcmp(a, "--recover")) cfg->recover = true;
  else if (!strcmp(a, "--no-cache")) cfg->no_cache = true;
  else if (!strcmp(a, "--cache-verify")) cfg->cache_verify = true;
  else if (!strcmp(a, "-q")) mssad_log_level = MSSAD_LOG_WARN;
  else if (!strcmp(a, "-v")) mssad_log_level = MSSAD_LOG_DEBUG;
  else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
    usage(stdout);
    return 0;
  } else if (!strcmp(a, "--version")) {
    printf("memssad %s (protocol %s)\n", MSSA_VERSION, MSSA_PROTO_VERSION);
    return 0;
  } else return NOT_MINE;
  return GO_ON;
}

static bool takes_value(const char *a) {
  static const char *const names[] = {
      "--socket",      "--listen",          "--token-file",  "--max-request",
      "--max-backlog", "--max-edit-growth", "--max-connections", "--check-limit",
      "--drain-timeout", "--state-dir",     "--fsync",       "--journal-max",
      "--log-level",   "--idle-timeout",    "--max-module-bytes", "--root",
      "--request-timeout", "--max-memory", "--trusted-compiler", "--cache-dir",
      "--cache-max-mb"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(a, names[i])) return true;
  return false;
}

/* Every option into srv->cfg: GO_ON, or the status to exit with. */
static int parse_args(mssad_server *srv, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int rc;
    if (takes_value(a)) {
      if (i + 1 >= argc) {
        fprintf(stderr, "memssad: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      rc = value_opt(srv, a, argv[++i]);
    } else {
      rc = flag_opt(srv, a);
    }
    if (rc == NOT_MINE) {
      fprintf(stderr, "memssad: unknown option '%s'\n", a);
      usage(stderr);
      return EXIT_USAGE;
    }
    if (rc != GO_ON) return rc;
  }
  if (srv->cfg.allow_remote && !srv->cfg.token_file) {
    fprintf(stderr, "memssad: --allow-remote needs --token-file\n");
    return EXIT_USAGE;
  }
  return GO_ON;
}

/* ---------------------------------------------------------------- main */

/* The engine, the store, signals and timers (nothing listens yet). */
static int server_init(mssad_server *srv) {
  mssad_config *cfg = &srv->cfg;
  signal(SIGPIPE, SIG_IGN);
  mssa_proto_init_threads();   /* before any pool thread decodes JSON */
  srv->loop = uv_default_loop();
  srv->start_ns = uv_hrtime();
  if (cfg->token_file && !(srv->token = read_token(cfg->token_file))) return -1;
  mssad_store_init(srv);
  mssad_cache_open(srv);
  mssa_proto_opts po;
  memset(&po, 0, sizeof po);
  po.build.check_limit = cfg->check_limit;
  po.build.aa_layers = MSSA_AA_ALL;
  po.max_print_bytes = cfg->max_backlog / 2;
  po.max_edit_growth = cfg->max_edit_growth;
  po.max_module_bytes = cfg->max_module_bytes;
  po.max_graph_bytes = cfg->max_memory;
  srv->proto = mssa_proto_new(&srv->host, &po);
  uv_signal_init(srv->loop, &srv->sigterm);
  uv_signal_init(srv->loop, &srv->sigint);
  srv->sigterm.data = srv->sigint.data = srv;
  uv_signal_start(&srv->sigterm, on_signal, SIGTERM);
  uv_signal_start(&srv->sigint, on_signal, SIGINT);
  uv_timer_init(srv->loop, &srv->drain_timer);
  srv->drain_timer.data = srv;
  uv_timer_init(srv->loop, &srv->idle_timer);
  srv->idle_timer.data = srv;
  uv_idle_init(srv->loop, &srv->batch_idle);
  srv->batch_idle.data = srv;
  if (cfg->idle_timeout_s > 0) {
    double ms = cfg->idle_timeout_s * 1000 / IDLE_SWEEPS;
    uint64_t every = ms < IDLE_SWEEP_MIN_MS ? IDLE_SWEEP_MIN_MS : (uint64_t)ms;
    uv_timer_start(&srv->idle_timer, on_idle_sweep, every, every);
    uv_unref((uv_handle_t *)&srv->idle_timer);
  }
  if (cfg->root) {
    char real[PATH_MAX];
    struct stat st;
    if (!realpath(cfg->root, real) || stat(real, &st) || !S_ISDIR(st.st_mode)) {
      MSSAD_ERROR("--root %s: %s", cfg->root, errno ? strerror(errno) : "not a directory");
      return -1;
    }
    srv->root_real = mssa_xstrndup(real, strlen(real));
  }
  return 0;
}

/* The default socket, in its private directory (created if missing). */
static int listen_default_unix(mssad_server *srv) {
  static char defpath[512];
  int flags = mssa_sock_default(defpath, sizeof defpath);
  if (flags < 0) {
    MSSAD_ERROR("the default socket path is too long");
    return -1;
  }
  char why[1024];
  if (mssa_sock_check(defpath, flags | MSSA_SOCK_CREATE_DIR, why, sizeof why)) {
    MSSAD_ERROR("%s", why);
    return -1;
  }
  srv->cfg.socket_path = defpath;
  return mssad_listen_unix(srv, defpath);
}

/* Replays the journal, then listens where the options say. */
static int server_start(mssad_server *srv) {
  mssad_config *cfg = &srv->cfg;
  int rc = 0, nsd = 0;
  if (cfg->state_dir) {
    /* Replay before listening: no client sees a half-restored state. */
    srv->journal.dir = (char *)cfg->state_dir;
    rc = mssad_journal_open(srv);
  }
  if (!rc) rc = mssad_listen_systemd(srv, &nsd);
  if (rc || nsd) return rc;
  if (cfg->use_stdio) rc = mssad_serve_stdio(srv);
  if (!rc && cfg->socket_path) rc = mssad_listen_unix(srv, cfg->socket_path);
  else if (!rc && !cfg->use_stdio && !cfg->listen_addr) rc = listen_default_unix(srv);
  if (!rc && cfg->listen_addr) rc = mssad_listen_tcp(srv, cfg->listen_addr);
  return rc;
}

/* glibc gives each thread that allocates an arena of its own (up to 8 per
** core). Here modules are built on the pool threads, edited and queried on
** the loop thread and freed on the pool again, so every arena ends up with
** free holes the other threads cannot reuse, and RSS creeps up with them:
** in bench/soak.sh (64 clients, 2 cores, 2 minutes) 5 arenas held 4-5 MB
** free beside 11 MB in use, RSS averaged 6.5 MB and drifted 7% after
** warm-up; with one arena under 1 MB was free, RSS averaged 5.6 MB and
** drifted 2.6%, at the same throughput within the noise of a shared
** machine (the threads' tcaches serve most small blocks without taking the
** arena's lock). MALLOC_ARENA_MAX in the environment still decides. Runs
** before any thread exists. */
static void malloc_setup(void) {
#ifdef __GLIBC__
  if (!getenv("MALLOC_ARENA_MAX")) mallopt(M_ARENA_MAX, 1);
#endif
  /* Out of memory fails a request, not the daemon (base/oom.h): frees are
  ** followed (oom_free.c) and jansson allocates through the scopes too,
  ** before it allocates anything. */
  if (!mssa_oom_init()) MSSAD_WARN("allocation failures will abort (frees are not followed)");
  json_set_alloc_funcs(mssa_oom_malloc, free);
}

int main(int argc, char **argv) {
  malloc_setup();
  mssad_server srv;
  memset(&srv, 0, sizeof srv);
  srv.ops = &server_ops;                 /* before anything can stop */
  srv.conn_ops = &mssad_conn_callbacks;
  set_defaults(&srv);
  int rc = parse_args(&srv, argc, argv);
  if (rc != GO_ON) return rc;
  if (srv.cfg.cache_verify) return mssad_cache_verify_main(&srv.cfg);
  if (server_init(&srv)) return 1;
  int status = 0;
  if (server_start(&srv)) {
    status = 1;
    server_stop(&srv, "startup failed");
  } else {
    MSSAD_INFO("ready (pid %d)", (int)getpid());
  }
  MSSA_ASSERT(srv.ops == &server_ops && srv.conn_ops);   /* invariant 4: set before anything ran */
  uv_run(srv.loop, UV_RUN_DEFAULT);
  mssad_journal_close(&srv);
  mssad_store_fini(&srv);
  mssa_proto_free(srv.proto);
  mssad_cache_close(&srv);
  free(srv.token);
  free(srv.root_real);
  free(srv.cfg.trusted);
  uv_loop_close(srv.loop);
  if (!status) MSSAD_INFO("stopped");
  return status;
}
