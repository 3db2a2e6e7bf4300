/*
** cli_daemon.c -- the memssa subcommands that talk to memssad through
** libmemssa-client:
**
**   memssa load FILE.ll|FILE.c [--module NAME] [--max-ir-mb MB]
**   memssa clobber FILE:LINE[:COL] [--module M]
**   memssa clobber MODULE FUNCTION INST [--ptr P [--size N]]
**   memssa uses    FILE:LINE[:COL] | MODULE FUNCTION INST
**   memssa access  MODULE FUNCTION INST
**   memssa print   MODULE [FUNCTION] [--walker]
**   memssa dot     MODULE FUNCTION [--svg]
**   memssa verify  MODULE [FUNCTION]
**   memssa functions MODULE | modules | stats | ping | unload MODULE
**   memssa query '<json>' | shutdown | daemon [MEMSSAD-OPTIONS]
**   options anywhere: --socket PATH, --json (print the raw reply)
**
** INST is a stable instruction id (12), a result name (%8), or BLOCK:INDEX
** (the INDEX-th instruction of block BLOCK, from 0).
**
** Invariants:
**   1. Exit status: 0 success, 1 the daemon answered with an error or could
**      not be reached, 2 bad usage (a `query` without "id" is one: a
**      notification gets no reply).
**   2. Every request is built as a jansson value and sent through
**      libmemssa-client, so no argument can break the JSON framing.
**   3. No socket is trusted that memssa_client_check_socket refuses: the
**      refusal is printed as it says it.
**   4. --json prints the reply as jansson encodes it with the daemon's
**      flags (compact, reals to 9 digits): the very bytes the daemon sent.
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#include "cli.h"

#include "memssa.h"
#include "libmemssa-client/memssa-client.h"

typedef struct dopts {
  const char *socket;
  const char *module;
  const char *ptr;
  long long size;
  bool json;
  bool walker;
  bool svg;            /* dot: render through Graphviz's dot -Tsvg */
  const char *trusted[16];   /* load: --trusted-compiler globs */
  int ntrusted;
  long max_ir_mb;      /* load: --max-ir-mb, memssad's cap on clang's output */
  int npos;
  char *pos[8];
} dopts;

static int parse(const char *cmd, int argc, char **argv, dopts *o) {
  memset(o, 0, sizeof *o);
  o->size = -1;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--socket") && v) { o->socket = v; i++; }
    else if (!strcmp(a, "--module") && v) { o->module = v; i++; }
    else if (!strcmp(a, "--ptr") && v) { o->ptr = v; i++; }
    else if (!strcmp(a, "--size") && v) { o->size = atoll(v); i++; }
    else if (!strcmp(a, "--trusted-compiler") && v && !strcmp(cmd, "load")) {
      if (o->ntrusted == 16 || v[0] != '/') {
        fprintf(stderr, "memssa load: --trusted-compiler takes an absolute glob (at most 16)\n");
        return -1;
      }
      o->trusted[o->ntrusted++] = v;
      i++;
    } else if (!strcmp(a, "--max-ir-mb") && v && !strcmp(cmd, "load")) {
      o->max_ir_mb = atol(v);
      i++;
    } else if (!strcmp(a, "--json")) o->json = true;
    else if (!strcmp(a, "--walker")) o->walker = true;
    else if (!strcmp(a, "--svg") && !strcmp(cmd, "dot")) o->svg = true;
    else if (a[0] == '-' && a[1] && strcmp(cmd, "query") && strcmp(cmd, "daemon")) {
      fprintf(stderr, "memssa %s: unknown option '%s'\n", cmd, a);
      return -1;
    } else if (o->npos < 8) o->pos[o->npos++] = argv[i];
    else {
      fprintf(stderr, "memssa %s: too many arguments\n", cmd);
      return -1;
    }
  }
  return 0;
}

/* The socket to use (--socket, else the default) and the flags its check
** wants; -1 after saying why if there is none. */
static int socket_path(const dopts *o, char *buf, size_t cap, int *flags) {
  *flags = 0;
  if (o->socket) {
    snprintf(buf, cap, "%s", o->socket);
    return 0;
  }
  if ((*flags = memssa_client_default_socket(buf, cap)) < 0) {
    fprintf(stderr, "memssa: the default socket path is too long\n");
    return -1;
  }
  return 0;
}

static memssa_client *connect_or_say(const dopts *o) {
  char path[512], why[1024];
  int flags;
  if (socket_path(o, path, sizeof path, &flags)) return NULL;
  if (memssa_client_check_socket(path, flags, why, sizeof why)) {
    fprintf(stderr, "memssa: %s\n", why);
    return NULL;
  }
  memssa_client *c = NULL;
  int rc = memssa_client_connect(path, &c);
  if (rc) {
    fprintf(stderr, "memssa: %s: %s\n", path, memssa_client_strerror(rc));
    return NULL;
  }
  return c;
}

/* A member as a string ("" if absent or not a string) or an integer. */
static const char *jstr(json_t *o, const char *key) {
  const char *v = json_string_value(json_object_get(o, key));
  return v ? v : "";
}

static long long jint(json_t *o, const char *key) {
  return (long long)json_integer_value(json_object_get(o, key));
}

/* The reply flags of the daemon (protocol/reply.c), for --json. */
#define REPLY_DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(9))

static void say_error(json_t *err) {
  json_t *d = json_object_get(err, "data");
  if (json_object_get(d, "line") && json_object_get(d, "message") && json_object_get(d, "file"))
    fprintf(stderr, "%s:%lld:%lld: error: %s\n", jstr(d, "file"), jint(d, "line"), jint(d, "col"),
            jstr(d, "message"));
  else
    fprintf(stderr, "memssa: error %lld: %s\n", jint(err, "code"), jstr(err, "message"));
  size_t i;
  json_t *k;
  json_array_foreach(json_object_get(d, "candidates"), i, k)
    fprintf(stderr, "  candidate at col %lld: %s\n", jint(k, "col"), jstr(k, "text"));
  json_array_foreach(json_object_get(d, "diagnostics"), i, k)   /* memssa's refusals */
    if (!strcmp(jstr(k, "source"), "memssa") && strcmp(jstr(k, "message"), jstr(d, "message")))
      fprintf(stderr, "%s: %s\n", jstr(k, "severity"), jstr(k, "message"));
}

/* Sends method+params (params taken; NULL for none); prints the whole
** reply with --json. Returns the reply, or NULL after printing the error.
** *status = exit status. */
static json_t *call(const dopts *o, const char *method, json_t *params, int *status) {
  *status = 1;
  memssa_client *c = connect_or_say(o);
  if (!c) {
    json_decref(params);
    return NULL;
  }
  json_t *r = NULL;
  int rc = memssa_client_send_new(c, method, params, NULL);
  if (!rc) rc = memssa_client_recv(c, &r);
  memssa_client_close(c);
  if (rc) {
    fprintf(stderr, "memssa: %s\n", memssa_client_strerror(rc));
    return NULL;
  }
  if (o->json) {
    char *text = json_dumps(r, REPLY_DUMP_FLAGS);
    if (text) puts(text);
    free(text);
  }
  json_t *err = json_object_get(r, "error");
  if (err) {
    if (!o->json) say_error(err);
    json_decref(r);
    return NULL;
  }
  *status = 0;
  return r;
}

/* ------------------------------------------------------ human output */

/* Prints line `line` of `file` (if readable) after `prefix`. */
static void print_source_line(const char *file, long long line) {
  FILE *f = fopen(file, "r");
  if (!f) return;
  char buf[4096];
  long long k = 0;
  while (fgets(buf, sizeof buf, f)) {
    size_t n = strlen(buf);
    bool whole = n && buf[n - 1] == '\n';
    if (++k == line) {
      buf[strcspn(buf, "\r\n")] = 0;
      const char *s = buf;
      while (*s == ' ' || *s == '\t') s++;
      printf("      | %s\n", s);
      break;
    }
    while (!whole && fgets(buf, sizeof buf, f)) {   /* rest of a long line */
      n = strlen(buf);
      whole = n && buf[n - 1] == '\n';
    }
  }
  fclose(f);
}

static void print_where(json_t *acc) {
  json_t *src = json_object_get(acc, "source");
  if (!src) return;
  printf("    at %s:%lld:%lld\n", jstr(src, "file"),
         jint(src, "line"), jint(src, "col"));
  print_source_line(jstr(src, "file"),
                    jint(src, "line"));
}

static void print_access_line(const char *indent, json_t *acc) {
  const char *text = jstr(acc, "text");
  printf("%s%s", indent, jstr(acc, "desc"));
  if (*text) printf("   ; inst %lld in block %s: %s", jint(acc, "inst"),
                    jstr(acc, "block"), text);
  else printf("   ; block %s", jstr(acc, "block"));
  putchar('\n');
}

/* The reaching writes of a clobber answer, in source terms. */
static void print_reaching(json_t *a) {
  json_t *rw = json_object_get(a, "reaching");
  if (!json_array_size(rw)) return;
  bool def = !strcmp(jstr(json_object_get(a, "access"), "kind"), "def");
  printf("  %s the value written at:\n", def ? "overwrites" : "may read");
  for (size_t i = 0; i < json_array_size(rw); i++) {
    json_t *w = json_array_get(rw, i), *src = json_object_get(w, "source");
    const char *path = jstr(w, "path"), *var = jstr(w, "var");
    if (!strcmp(path, "entry")) {
      printf("    before @%s (a parameter, a global, or memory its caller wrote)\n",
             jstr(a, "function"));
      continue;
    }
    if (src) printf("    line %lld:%lld", jint(src, "line"), jint(src, "col"));
    else printf("    %s", json_is_integer(json_object_get(w, "param")) ? "parameter spill" : "no line");
    if (*var) printf(" writes %s", var);
    printf("%s   ; %s\n", !strcmp(path, "loop") ? " (around the loop)" : "", jstr(w, "text"));
  }
  if (json_is_true(json_object_get(a, "truncated"))) printf("    … (more)\n");
}

static void print_answer(json_t *a) {
  json_t *acc = json_object_get(a, "access"), *cl = json_object_get(a, "clobber");
  printf("%s @%s:\n", jstr(a, "module"),
         jstr(a, "function"));
  print_access_line("  ", acc);
  print_where(acc);
  const char *ar = jstr(a, "alias");
  if (!strcmp(jstr(cl, "kind"), "liveOnEntry"))
    printf("  clobbered by liveOnEntry (nothing in the function writes it first)");
  else {
    printf("  clobbered by ");
    print_access_line("", cl);
    print_where(cl);
    printf("  ");
  }
  if (*ar) printf("alias: %s", ar);
  printf("%s\n", json_is_true(json_object_get(a, "from_cache")) ? " (cached)" : "");
  print_reaching(a);
}

/* --------------------------------------------------- target arguments */

/* FILE:LINE[:COL]? Fills line/col and cuts `arg` at the file. */
static bool parse_position(char *arg, char **file, long long *line, long long *col) {
  char *c1 = strrchr(arg, ':');
  if (!c1) return false;
  char *end;
  long long a = strtoll(c1 + 1, &end, 10);
  if (*end || c1[1] == 0 || a <= 0) return false;
  *c1 = 0;
  char *c2 = strrchr(arg, ':');
  long long b = c2 ? strtoll(c2 + 1, &end, 10) : 0;
  if (c2 && !*end && c2[1] && b > 0) {
    *c2 = 0;
    *line = b;
    *col = a;
  } else {
    *line = a;
    *col = 0;
  }
  *file = arg;
  return true;
}

/* Adds the target of clobber/uses/access to params; -1 on bad usage. */
static int add_target(const char *cmd, dopts *o, json_t *p, bool allow_pos) {
  if (o->npos == 1 && allow_pos) {
    char *file;
    long long line, col;
    if (!parse_position(o->pos[0], &file, &line, &col)) {
      fprintf(stderr, "memssa %s: expected FILE:LINE[:COL], got '%s'\n", cmd, o->pos[0]);
      return -1;
    }
    json_object_set_new(p, "file", json_string(file));
    json_object_set_new(p, "line", json_integer(line));
    json_object_set_new(p, "col", json_integer(col));
    if (o->module) json_object_set_new(p, "module", json_string(o->module));
    return 0;
  }
  if (o->npos != 3) {
    fprintf(stderr, "memssa %s: expected %sMODULE FUNCTION INST\n", cmd,
            allow_pos ? "FILE:LINE[:COL] or " : "");
    return -1;
  }
  json_t *inst = memssa_inst_json_new(o->pos[2]);
  if (!inst) {
    fprintf(stderr, "memssa %s: INST '%s': expected BLOCK:INDEX\n", cmd, o->pos[2]);
    return -1;
  }
  json_object_set_new(p, "module", json_string(o->pos[0]));
  json_object_set_new(p, "function", json_string(o->pos[1]));
  json_object_set_new(p, "inst", inst);
  return 0;
}

/* --------------------------------------------------------- commands */

/* Prints a successful result for humans; may set *status. */
typedef void (*show_fn)(const dopts *o, json_t *result, int *status);

/* Sends `method` with `params` (taken; NULL for none) and shows the result
** unless --json. Returns the exit status. */
static int run(const dopts *o, const char *method, json_t *params, show_fn show) {
  int st;
  json_t *r = call(o, method, params, &st);
  if (r && !o->json && show) show(o, json_object_get(r, "result"), &st);
  json_decref(r);
  return st;
}

static void show_load(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  size_t i;
  json_t *d;
  json_array_foreach(json_object_get(x, "compile_diagnostics"), i, d)   /* memssa's refusals */
    fprintf(stderr, "%s: %s\n", jstr(d, "severity"), jstr(d, "message"));
  printf("loaded module %s: %lld functions, %lld defs, %lld uses, %lld phis in %.1f ms%s\n",
         jstr(x, "module"),
         jint(x, "functions"),
         jint(x, "defs"), jint(x, "uses"),
         jint(x, "phis"), json_number_value(json_object_get(x, "ms")),
         json_is_true(json_object_get(x, "replaced")) ? " (replaced)" : "");
  if (!strcmp(jstr(x, "reload"), "incremental")) {
    long long renum = jint(x, "renumbered");
    printf("  reloaded by difference: %lld functions reused, %lld rebuilt",
           jint(x, "reused"),
           jint(x, "rebuilt"));
    if (renum) printf(" (%lld reused ones renumbered)", renum);
    printf("\n");
  } else if (*jstr(x, "why_full")) {
    printf("  full reload: %s\n", jstr(x, "why_full"));
  }
}

static int cmd_load(dopts *o) {
  if (o->npos != 1) {
    fprintf(stderr, "usage: memssa load FILE.ll|FILE.c [--module NAME] [--max-ir-mb MB]\n");
    return 2;
  }
  char abs[PATH_MAX];
  if (!realpath(o->pos[0], abs)) {
    fprintf(stderr, "memssa load: %s: %s\n", o->pos[0], strerror(errno));
    return 1;
  }
  size_t n = strlen(abs);
  bool c_file = n > 2 && !strcmp(abs + n - 2, ".c");   /* memssad compiles it */
  json_t *p = json_pack("{ss}", c_file ? "source" : "path", abs);
  if (o->module) json_object_set_new(p, "module", json_string(o->module));
  if (o->ntrusted) {
    json_t *t = json_array();
    for (int i = 0; i < o->ntrusted; i++) json_array_append_new(t, json_string(o->trusted[i]));
    json_object_set_new(p, "trusted_compilers", t);
  }
  if (c_file && o->max_ir_mb > 0)   /* memssad takes at most 1024 MiB */
    json_object_set_new(p, "max_ir_bytes",
                        json_integer((json_int_t)(o->max_ir_mb < 1024 ? o->max_ir_mb : 1024) << 20));
  return run(o, "load", p, show_load);
}

static void show_clobber(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  json_t *m = json_object_get(x, "matches");
  if (!m) {
    print_answer(x);
    return;
  }
  for (size_t i = 0; i < json_array_size(m); i++) print_answer(json_array_get(m, i));
}

static int cmd_clobber(dopts *o) {
  json_t *p = json_object();
  if (add_target("clobber", o, p, true)) {
    json_decref(p);
    return 2;
  }
  if (o->ptr) {
    json_t *loc = json_pack("{ss}", "ptr", o->ptr);
    if (o->size >= 0) json_object_set_new(loc, "size", json_integer(o->size));
    json_object_set_new(p, "location", loc);
  }
  return run(o, "clobber", p, show_clobber);
}

static void show_uses(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  json_t *u = json_object_get(x, "uses");
  print_access_line("", json_object_get(x, "def"));
  print_where(json_object_get(x, "def"));
  printf("is the clobber of %zu access%s\n", json_array_size(u),
         json_array_size(u) == 1 ? "" : "es");
  for (size_t i = 0; i < json_array_size(u); i++) {
    print_access_line("  ", json_array_get(u, i));
    print_where(json_array_get(u, i));
  }
}

static void show_access(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  print_access_line("", json_object_get(x, "access"));
  json_t *d = json_object_get(x, "defining"), *op = json_object_get(x, "optimized");
  if (json_is_object(d)) print_access_line("  defining:  ", d);
  if (json_is_object(op)) print_access_line("  optimized: ", op);
}

static int cmd_access_or_uses(dopts *o, const char *method) {
  json_t *p = json_object();
  if (add_target(method, o, p, true)) {
    json_decref(p);
    return 2;
  }
  return run(o, method, p, !strcmp(method, "uses") ? show_uses : show_access);
}

static void show_print(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  fputs(jstr(x, "text"), stdout);
}

static void show_unload(const dopts *o, json_t *x, int *st) {
  (void)x, (void)st;
  printf("unloaded %s\n", o->pos[0]);
}

static void show_verify(const dopts *o, json_t *x, int *st) {
  json_t *pr = json_object_get(x, "problems");
  for (size_t i = 0; i < json_array_size(pr); i++)
    printf("@%s: %s\n", jstr(json_array_get(pr, i), "function"),
           jstr(json_array_get(pr, i), "message"));
  printf("%s: %lld functions verified, %zu problem(s)\n", o->pos[0],
         jint(x, "functions"), json_array_size(pr));
  if (json_array_size(pr)) *st = 1;
}

static void show_functions(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  json_t *fs = json_object_get(x, "functions");
  printf("%-32s %8s %8s %8s %8s\n", "function", "defs", "uses", "phis", "accesses");
  for (size_t i = 0; i < json_array_size(fs); i++) {
    json_t *f = json_array_get(fs, i);
    printf("%-32s %8lld %8lld %8lld %8lld\n", jstr(f, "name"),
           jint(f, "defs"), jint(f, "uses"),
           jint(f, "phis"),
           jint(f, "accesses"));
  }
}

/* print / verify / functions / unload: MODULE [FUNCTION] */
static int cmd_module(dopts *o, const char *method, bool function_ok) {
  if (o->npos < 1 || o->npos > (function_ok ? 2 : 1)) {
    fprintf(stderr, "usage: memssa %s MODULE%s\n", method, function_ok ? " [FUNCTION]" : "");
    return 2;
  }
  json_t *p = json_pack("{ss}", "module", o->pos[0]);
  if (o->npos == 2) json_object_set_new(p, "function", json_string(o->pos[1]));
  if (o->walker) json_object_set_new(p, "walker", json_true());
  show_fn show = !strcmp(method, "print")    ? show_print
                 : !strcmp(method, "unload") ? show_unload
                 : !strcmp(method, "verify") ? show_verify
                                             : show_functions;
  return run(o, method, p, show);
}

/* Writes `text` to Graphviz's `dot -Tsvg` (spawned with an argv, its
** stdout ours); 0, or 1 when dot cannot run or fails. */
static int render_svg(const char *text) {
  int fd[2];
  if (pipe(fd)) return 1;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fd[0], 0);
  posix_spawn_file_actions_addclose(&fa, fd[1]);
  char *argv[] = {"dot", "-Tsvg", NULL};
  pid_t pid;
  fflush(stdout);
  int rc = posix_spawnp(&pid, "dot", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fd[0]);
  if (rc) {
    close(fd[1]);
    fprintf(stderr, "memssa dot: cannot run Graphviz's dot: %s\n", strerror(rc));
    return 1;
  }
  size_t n = strlen(text), off = 0;
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  while (off < n) {
    ssize_t k = write(fd[1], text + off, n - off);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    off += (size_t)k;
  }
  close(fd[1]);
  signal(SIGPIPE, old);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

static void show_dot(const dopts *o, json_t *x, int *st) {
  const char *t = jstr(x, "text");
  if (o->svg) *st = render_svg(t);
  else fputs(t, stdout);
}

/* dot MODULE FUNCTION [--svg]: the function's MemorySSA for Graphviz. */
static int cmd_dot(dopts *o) {
  if (o->npos != 2) {
    fprintf(stderr, "usage: memssa dot MODULE FUNCTION [--svg]\n");
    return 2;
  }
  json_t *p = json_pack("{ssssss}", "module", o->pos[0], "function", o->pos[1], "format", "dot");
  return run(o, "print", p, show_dot);
}

static void print_flat(const char *prefix, json_t *v) {
  const char *k;
  json_t *x;
  json_object_foreach(v, k, x) {
    if (json_is_object(x)) {
      char p[128];
      snprintf(p, sizeof p, "%s%s.", prefix, k);
      print_flat(p, x);
    } else if (json_is_number(x)) {
      double d = json_number_value(x);
      if (json_is_integer(x)) printf("%s%s: %lld\n", prefix, k, (long long)json_integer_value(x));
      else if (d == (double)(long long)d) printf("%s%s: %lld\n", prefix, k, (long long)d);
      else printf("%s%s: %.3f\n", prefix, k, d);
    } else {
      printf("%s%s: %s\n", prefix, k, json_is_string(x) ? json_string_value(x) : "");
    }
  }
}

static void show_flat(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  print_flat("", x);
}

static void show_modules(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  json_t *ms = json_object_get(x, "modules");
  printf("%-24s %9s %9s %9s %9s %12s\n", "module", "functions", "defs", "uses", "phis", "memory");
  for (size_t i = 0; i < json_array_size(ms); i++) {
    json_t *m = json_array_get(ms, i);
    printf("%-24s %9lld %9lld %9lld %9lld %12lld\n", jstr(m, "name"),
           jint(m, "functions"),
           jint(m, "defs"), jint(m, "uses"),
           jint(m, "phis"),
           jint(m, "memory"));
  }
}

static void show_stopping(const dopts *o, json_t *x, int *st) {
  (void)o, (void)x, (void)st;
  printf("memssad is stopping\n");
}

static int cmd_simple(dopts *o, const char *method) {
  show_fn show = !strcmp(method, "modules")    ? show_modules
                 : !strcmp(method, "shutdown") ? show_stopping
                                               : show_flat;
  return run(o, method, NULL, show);
}

/* The ops argument of `edit`: the text itself, or @FILE's content, on one
** line (outside strings a newline is mere JSON whitespace, and inside a
** string it is invalid JSON anyway). NULL after saying why. */
static char *read_ops(const char *arg) {
  if (arg[0] != '@') return strdup(arg);
  FILE *f = fopen(arg + 1, "rb");
  if (!f) {
    fprintf(stderr, "memssa edit: %s: %s\n", arg + 1, strerror(errno));
    return NULL;
  }
  mssa_buf t = {0};
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0 && !memchr(buf, 0, n)) mssa_buf_append(&t, buf, n);
  fclose(f);
  char *ops = mssa_buf_steal(&t, NULL);
  for (char *q = ops; *q; q++)
    if (*q == '\n' || *q == '\r') *q = ' ';
  return ops;
}

static void show_edit(const dopts *o, json_t *x, int *st) {
  (void)o, (void)st;
  json_t *res = json_object_get(x, "results");
  printf("edited @%s: %lld ops; now %lld defs, %lld uses, %lld phis\n",
         jstr(x, "function"),
         jint(x, "ops"), jint(x, "defs"),
         jint(x, "uses"), jint(x, "phis"));
  for (size_t i = 0; i < json_array_size(res); i++) {
    json_t *k = json_array_get(res, i);
    if (json_object_get(k, "block"))
      printf("  op %zu: new block %lld (%s)\n", i, jint(k, "block"),
             jstr(k, "label"));
    else if (json_object_get(k, "inst"))
      printf("  op %zu: new instruction %lld: %s\n", i,
             jint(k, "inst"),
             jstr(k, "text"));
  }
}

/* memssa edit MODULE FUNCTION '<ops json>' | @ops.json */
static int cmd_edit(dopts *o) {
  if (o->npos != 3) {
    fprintf(stderr, "usage: memssa edit MODULE FUNCTION '<ops json array>' | @OPS.json\n");
    return 2;
  }
  char *ops = read_ops(o->pos[2]);
  if (!ops) return 1;
  json_t *arr = json_loads(ops, 0, NULL);
  free(ops);
  if (!json_is_array(arr)) {
    fprintf(stderr, "memssa edit: the ops must be a JSON array\n");
    json_decref(arr);
    return 2;
  }
  return run(o, "edit", json_pack("{s:s, s:s, s:o}", "module", o->pos[0], "function", o->pos[1], "ops", arr),
             show_edit);
}

static int cmd_query(dopts *o) {
  if (o->npos != 1) {
    fprintf(stderr, "usage: memssa query '<json request>'\n");
    return 2;
  }
  json_t *req = json_loads(o->pos[0], JSON_DECODE_ANY, NULL);
  bool notify = json_is_object(req) && !json_object_get(req, "id");
  json_decref(req);
  if (notify) {
    fprintf(stderr, "memssa query: the request has no \"id\", so it is a notification, and a "
                    "notification gets no reply; not sent (add \"id\":1 to get one)\n");
    return 2;
  }
  memssa_client *c = connect_or_say(o);
  if (!c) return 1;
  char *reply = NULL;
  int rc = memssa_client_roundtrip(c, o->pos[0], &reply);
  memssa_client_close(c);
  if (rc) {
    fprintf(stderr, "memssa: %s\n", memssa_client_strerror(rc));
    return 1;
  }
  puts(reply);
  /* Status 1 if the reply, or an entry of a batch's, is an error. */
  json_t *r = json_loads(reply, 0, NULL), *e;
  size_t i;
  int st = !r || json_object_get(r, "error") ? 1 : 0;
  json_array_foreach(r, i, e) st |= json_object_get(e, "error") != NULL;
  json_decref(r);
  free(reply);
  return st;
}

/* `memssa daemon` waits up to DAEMON_WAIT_TRIES * DAEMON_WAIT_NS (5 s) for
** the new daemon to answer a ping. */
#define DAEMON_WAIT_TRIES 100
#define DAEMON_WAIT_NS (50 * 1000 * 1000)
#define PING_TIMEOUT_MS 2000

static bool daemon_answers(const char *path) {
  memssa_client *c;
  if (memssa_client_connect(path, &c)) return false;
  memssa_client_set_timeout(c, PING_TIMEOUT_MS);
  json_t *r = NULL;
  int rc = memssa_client_request(c, "ping", NULL, &r);
  memssa_client_close(c);
  bool ok = !rc && json_object_get(r, "version");
  json_decref(r);
  return ok;
}

/* memssad next to this binary, else $MEMSSAD_BIN, else on PATH. */
static void find_memssad(char *bin, size_t cap) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  const char *env = getenv("MEMSSAD_BIN");
  snprintf(bin, cap, "memssad");
  if (env && *env) {
    snprintf(bin, cap, "%s", env);
  } else if (n > 0) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(bin, cap, "%s/memssad", exe);
    if (access(bin, X_OK)) snprintf(bin, cap, "memssad");
  }
}

/* The child: memssad with the daemon options (--socket kept: without it
** memssad finds the same default socket), stdout to /dev/null, stderr to
** the log. Never returns. */
static void exec_memssad(const char *bin, const char *logpath, int argc, char **argv) {
  setsid();
  int nul = open("/dev/null", O_RDWR);
  int log = open(logpath, O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (nul >= 0) {
    dup2(nul, 0);
    dup2(nul, 1);
  }
  if (log >= 0) dup2(log, 2);
  char **av = calloc((size_t)argc + 2, sizeof *av);
  int k = 0;
  av[k++] = (char *)bin;
  for (int i = 0; i < argc; i++)
    if (strcmp(argv[i], "--json")) av[k++] = argv[i];
  av[k] = NULL;
  execvp(bin, av);
  _exit(127);
}

static int cmd_daemon(dopts *o, int argc, char **argv) {
  char path[512], why[1024];
  int flags;
  if (socket_path(o, path, sizeof path, &flags)) return 1;
  /* The private directory is made here already: the log goes in it. */
  if (memssa_client_check_socket(path, flags | (flags ? MEMSSA_SOCK_CREATE_DIR : 0), why,
                                 sizeof why)) {
    fprintf(stderr, "memssa daemon: %s\n", why);
    return 1;
  }
  if (daemon_answers(path)) {
    printf("memssad already answers on %s\n", path);
    return 0;
  }
  char bin[PATH_MAX + 16], logpath[600];
  find_memssad(bin, sizeof bin);
  snprintf(logpath, sizeof logpath, "%s.log", path);
  pid_t pid = fork();
  if (pid < 0) {
    perror("memssa daemon: fork");
    return 1;
  }
  if (pid == 0) exec_memssad(bin, logpath, argc, argv);
  for (int i = 0; i < DAEMON_WAIT_TRIES; i++) {
    struct timespec ts = {0, DAEMON_WAIT_NS};
    nanosleep(&ts, NULL);
    if (daemon_answers(path)) {
      printf("memssad started (pid %d) on %s; log in %s\n", (int)pid, path, logpath);
      return 0;
    }
  }
  fprintf(stderr, "memssa daemon: memssad did not answer on %s (see %s)\n", path, logpath);
  return 1;
}

int mssa_cli_has_local(int argc, char **argv) {
  for (int i = 0; i < argc; i++)
    if (!strcmp(argv[i], "--local")) return 1;
  return 0;
}

int mssa_cli_daemon(const char *cmd, int argc, char **argv) {
  static const char *known[] = {"load", "clobber", "uses", "access", "print", "verify",
                                "functions", "modules", "stats", "ping", "unload", "query",
                                "shutdown", "daemon", "edit", "dot"};
  bool ok = false;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) ok |= !strcmp(cmd, known[i]);
  if (!ok) return -1;
  dopts o;
  if (parse(cmd, argc, argv, &o)) return 2;
  if (!strcmp(cmd, "load")) return cmd_load(&o);
  if (!strcmp(cmd, "clobber")) return cmd_clobber(&o);
  if (!strcmp(cmd, "uses") || !strcmp(cmd, "access")) return cmd_access_or_uses(&o, cmd);
  if (!strcmp(cmd, "print") || !strcmp(cmd, "verify")) return cmd_module(&o, cmd, true);
  if (!strcmp(cmd, "functions") || !strcmp(cmd, "unload")) return cmd_module(&o, cmd, false);
  if (!strcmp(cmd, "query")) return cmd_query(&o);
  if (!strcmp(cmd, "edit")) return cmd_edit(&o);
  if (!strcmp(cmd, "dot")) return cmd_dot(&o);
  if (!strcmp(cmd, "daemon")) return cmd_daemon(&o, argc, argv);
  if (o.npos) {
    fprintf(stderr, "memssa %s: takes no arguments\n", cmd);
    return 2;
  }
  return cmd_simple(&o, cmd);
}
