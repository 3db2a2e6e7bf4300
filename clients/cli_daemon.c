/*
** cli_daemon.c -- the memssa subcommands that talk to memssad through
** libmemssa-client:
**
**   memssa load FILE.ll [--module NAME]
**   memssa clobber FILE:LINE[:COL] [--module M]
**   memssa clobber MODULE FUNCTION INST [--ptr P [--size N]]
**   memssa uses    FILE:LINE[:COL] | MODULE FUNCTION INST
**   memssa access  MODULE FUNCTION INST
**   memssa print   MODULE [FUNCTION] [--walker]
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
**      not be reached, 2 bad usage.
**   2. Every request is built with memssa_json_quote, so no argument can
**      break the JSON framing.
*/
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700   /* realpath */

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* Until the Makefile links build/libmemssa-client.a into the CLI (see the
** report of issue 4), compile the library in here. */
#ifndef MEMSSA_CLIENT_LINKED
#include "libmemssa-client/client.c"
#include "libmemssa-client/json.c"
#else
#include "libmemssa-client/memssa-client.h"
#endif

typedef struct dopts {
  const char *socket;
  const char *module;
  const char *ptr;
  long long size;
  bool json;
  bool walker;
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
    else if (!strcmp(a, "--json")) o->json = true;
    else if (!strcmp(a, "--walker")) o->walker = true;
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

static memssa_client *connect_or_say(const dopts *o) {
  memssa_client *c = NULL;
  int rc = memssa_client_connect(o->socket, &c);
  if (rc) {
    char def[512];
    memssa_client_default_socket(def, sizeof def);
    fprintf(stderr, "memssa: %s: %s\n", o->socket ? o->socket : def, memssa_client_strerror(rc));
    return NULL;
  }
  return c;
}

/* A growing string for request params. */
typedef struct sb {
  char *p;
  size_t n, cap;
} sb;

static void sb_raw(sb *b, const char *s) {
  size_t k = strlen(s);
  if (b->n + k + 1 > b->cap) {
    b->cap = (b->n + k + 1) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) abort();
  }
  memcpy(b->p + b->n, s, k + 1);
  b->n += k;
}

static void sb_str(sb *b, const char *s) {
  size_t need = memssa_json_quote(NULL, 0, s) + 1;
  char *q = malloc(need);
  if (!q) abort();
  memssa_json_quote(q, need, s);
  sb_raw(b, q);
  free(q);
}

/* ,"key":"value" (or the first member without the comma) */
static void sb_kv(sb *b, const char *key, const char *val) {
  sb_raw(b, b->n > 1 ? "," : "");
  sb_str(b, key);
  sb_raw(b, ":");
  sb_str(b, val);
}

static void sb_kraw(sb *b, const char *key, const char *raw) {
  sb_raw(b, b->n > 1 ? "," : "");
  sb_str(b, key);
  sb_raw(b, ":");
  sb_raw(b, raw);
}

/* Sends method+params; prints the raw reply with --json. Returns the
** parsed reply, or NULL after printing the error. *status = exit status. */
static memssa_json *call(const dopts *o, const char *method, const char *params, int *status) {
  *status = 1;
  memssa_client *c = connect_or_say(o);
  if (!c) return NULL;
  char *reply = NULL;
  int rc = memssa_client_call(c, method, params, &reply);
  memssa_client_close(c);
  if (rc) {
    fprintf(stderr, "memssa: %s\n", memssa_client_strerror(rc));
    return NULL;
  }
  memssa_json *r = memssa_json_parse(reply, strlen(reply));
  if (o->json) puts(reply);
  free(reply);
  if (!r) {
    fprintf(stderr, "memssa: %s\n", memssa_client_strerror(MEMSSA_CLIENT_EPROTO));
    return NULL;
  }
  const memssa_json *err = memssa_json_get(r, "error");
  if (err) {
    if (!o->json) {
      const memssa_json *d = memssa_json_get(err, "data");
      if (memssa_json_get(d, "line") && memssa_json_get(d, "message") &&
          memssa_json_get(d, "file"))
        fprintf(stderr, "%s:%lld:%lld: error: %s\n", memssa_json_str(memssa_json_get(d, "file")),
                memssa_json_int(memssa_json_get(d, "line")),
                memssa_json_int(memssa_json_get(d, "col")),
                memssa_json_str(memssa_json_get(d, "message")));
      else
        fprintf(stderr, "memssa: error %lld: %s\n", memssa_json_int(memssa_json_get(err, "code")),
                memssa_json_str(memssa_json_get(err, "message")));
      const memssa_json *cands = memssa_json_get(d, "candidates");
      for (size_t i = 0; i < memssa_json_len(cands); i++) {
        const memssa_json *k = memssa_json_at(cands, i);
        fprintf(stderr, "  candidate at col %lld: %s\n", memssa_json_int(memssa_json_get(k, "col")),
                memssa_json_str(memssa_json_get(k, "text")));
      }
    }
    memssa_json_free(r);
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

static void print_where(const memssa_json *acc) {
  const memssa_json *src = memssa_json_get(acc, "source");
  if (!src) return;
  printf("    at %s:%lld:%lld\n", memssa_json_str(memssa_json_get(src, "file")),
         memssa_json_int(memssa_json_get(src, "line")), memssa_json_int(memssa_json_get(src, "col")));
  print_source_line(memssa_json_str(memssa_json_get(src, "file")),
                    memssa_json_int(memssa_json_get(src, "line")));
}

static void print_access_line(const char *indent, const memssa_json *acc) {
  const char *text = memssa_json_str(memssa_json_get(acc, "text"));
  printf("%s%s", indent, memssa_json_str(memssa_json_get(acc, "desc")));
  if (*text) printf("   ; inst %lld in block %s: %s", memssa_json_int(memssa_json_get(acc, "inst")),
                    memssa_json_str(memssa_json_get(acc, "block")), text);
  else printf("   ; block %s", memssa_json_str(memssa_json_get(acc, "block")));
  putchar('\n');
}

static void print_answer(const memssa_json *a) {
  const memssa_json *acc = memssa_json_get(a, "access"), *cl = memssa_json_get(a, "clobber");
  printf("%s @%s:\n", memssa_json_str(memssa_json_get(a, "module")),
         memssa_json_str(memssa_json_get(a, "function")));
  print_access_line("  ", acc);
  print_where(acc);
  const char *ar = memssa_json_str(memssa_json_get(a, "alias"));
  if (!strcmp(memssa_json_str(memssa_json_get(cl, "kind")), "liveOnEntry"))
    printf("  clobbered by liveOnEntry (nothing in the function writes it first)");
  else {
    printf("  clobbered by ");
    print_access_line("", cl);
    print_where(cl);
    printf("  ");
  }
  if (*ar) printf("alias: %s", ar);
  printf("%s\n", memssa_json_bool(memssa_json_get(a, "from_cache")) ? " (cached)" : "");
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
static int add_target(const char *cmd, dopts *o, sb *p, bool allow_pos) {
  char num[64];
  if (o->npos == 1 && allow_pos) {
    char *file;
    long long line, col;
    if (!parse_position(o->pos[0], &file, &line, &col)) {
      fprintf(stderr, "memssa %s: expected FILE:LINE[:COL], got '%s'\n", cmd, o->pos[0]);
      return -1;
    }
    sb_kv(p, "file", file);
    snprintf(num, sizeof num, "%lld", line);
    sb_kraw(p, "line", num);
    snprintf(num, sizeof num, "%lld", col);
    sb_kraw(p, "col", num);
    if (o->module) sb_kv(p, "module", o->module);
    return 0;
  }
  if (o->npos != 3) {
    fprintf(stderr, "memssa %s: expected %sMODULE FUNCTION INST\n", cmd,
            allow_pos ? "FILE:LINE[:COL] or " : "");
    return -1;
  }
  sb_kv(p, "module", o->pos[0]);
  sb_kv(p, "function", o->pos[1]);
  const char *inst = o->pos[2];
  char *colon = strrchr(inst, ':');
  char *end;
  long long id = strtoll(inst, &end, 10);
  if (*inst && !*end && id >= 0) {
    snprintf(num, sizeof num, "%lld", id);
    sb_kraw(p, "inst", num);
  } else if (colon && inst[0] != '%') {
    long long ix = strtoll(colon + 1, &end, 10);
    if (*end || ix < 0) {
      fprintf(stderr, "memssa %s: INST '%s': expected BLOCK:INDEX\n", cmd, inst);
      return -1;
    }
    char *blk = strndup(inst, (size_t)(colon - inst));
    sb q = {0};
    sb_raw(&q, "{");
    sb_kv(&q, "block", blk);
    snprintf(num, sizeof num, "%lld", ix);
    sb_kraw(&q, "index", num);
    sb_raw(&q, "}");
    sb_kraw(p, "inst", q.p);
    free(q.p);
    free(blk);
  } else {
    sb_kv(p, "inst", inst);
  }
  return 0;
}

/* --------------------------------------------------------- commands */

static int cmd_load(dopts *o) {
  if (o->npos != 1) {
    fprintf(stderr, "usage: memssa load FILE.ll [--module NAME]\n");
    return 2;
  }
  char abs[PATH_MAX];
  if (!realpath(o->pos[0], abs)) {
    fprintf(stderr, "memssa load: %s: %s\n", o->pos[0], strerror(errno));
    return 1;
  }
  sb p = {0};
  sb_raw(&p, "{");
  sb_kv(&p, "path", abs);
  if (o->module) sb_kv(&p, "module", o->module);
  sb_raw(&p, "}");
  int st;
  memssa_json *r = call(o, "load", p.p, &st);
  free(p.p);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    printf("loaded module %s: %lld functions, %lld defs, %lld uses, %lld phis in %.1f ms%s\n",
           memssa_json_str(memssa_json_get(x, "module")),
           memssa_json_int(memssa_json_get(x, "functions")),
           memssa_json_int(memssa_json_get(x, "defs")), memssa_json_int(memssa_json_get(x, "uses")),
           memssa_json_int(memssa_json_get(x, "phis")), memssa_json_num(memssa_json_get(x, "ms")),
           memssa_json_bool(memssa_json_get(x, "replaced")) ? " (replaced)" : "");
    if (!strcmp(memssa_json_str(memssa_json_get(x, "reload")), "incremental")) {
      long long renum = memssa_json_int(memssa_json_get(x, "renumbered"));
      printf("  reloaded by difference: %lld functions reused, %lld rebuilt",
             memssa_json_int(memssa_json_get(x, "reused")),
             memssa_json_int(memssa_json_get(x, "rebuilt")));
      if (renum) printf(" (%lld reused ones renumbered)", renum);
      printf("\n");
    }
    else if (*memssa_json_str(memssa_json_get(x, "why_full")))
      printf("  full reload: %s\n", memssa_json_str(memssa_json_get(x, "why_full")));
  }
  memssa_json_free(r);
  return st;
}

static int cmd_clobber(dopts *o) {
  sb p = {0};
  sb_raw(&p, "{");
  if (add_target("clobber", o, &p, true)) {
    free(p.p);
    return 2;
  }
  if (o->ptr) {
    char loc[128];
    sb q = {0};
    sb_raw(&q, "{");
    sb_kv(&q, "ptr", o->ptr);
    if (o->size >= 0) {
      snprintf(loc, sizeof loc, "%lld", o->size);
      sb_kraw(&q, "size", loc);
    }
    sb_raw(&q, "}");
    sb_kraw(&p, "location", q.p);
    free(q.p);
  }
  sb_raw(&p, "}");
  int st;
  memssa_json *r = call(o, "clobber", p.p, &st);
  free(p.p);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    const memssa_json *m = memssa_json_get(x, "matches");
    if (m)
      for (size_t i = 0; i < memssa_json_len(m); i++) print_answer(memssa_json_at(m, i));
    else
      print_answer(x);
  }
  memssa_json_free(r);
  return st;
}

static int cmd_access_or_uses(dopts *o, const char *method) {
  sb p = {0};
  sb_raw(&p, "{");
  if (add_target(method, o, &p, true)) {
    free(p.p);
    return 2;
  }
  sb_raw(&p, "}");
  int st;
  memssa_json *r = call(o, method, p.p, &st);
  free(p.p);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    if (!strcmp(method, "uses")) {
      const memssa_json *u = memssa_json_get(x, "uses");
      print_access_line("", memssa_json_get(x, "def"));
      print_where(memssa_json_get(x, "def"));
      printf("is the clobber of %zu access%s\n", memssa_json_len(u),
             memssa_json_len(u) == 1 ? "" : "es");
      for (size_t i = 0; i < memssa_json_len(u); i++) {
        print_access_line("  ", memssa_json_at(u, i));
        print_where(memssa_json_at(u, i));
      }
    } else {
      print_access_line("", memssa_json_get(x, "access"));
      const memssa_json *d = memssa_json_get(x, "defining"), *op = memssa_json_get(x, "optimized");
      if (memssa_json_kind(d) == MEMSSA_JSON_OBJECT) print_access_line("  defining:  ", d);
      if (memssa_json_kind(op) == MEMSSA_JSON_OBJECT) print_access_line("  optimized: ", op);
    }
  }
  memssa_json_free(r);
  return st;
}

/* print / verify / functions / unload: MODULE [FUNCTION] */
static int cmd_module(dopts *o, const char *method, bool function_ok) {
  if (o->npos < 1 || o->npos > (function_ok ? 2 : 1)) {
    fprintf(stderr, "usage: memssa %s MODULE%s\n", method, function_ok ? " [FUNCTION]" : "");
    return 2;
  }
  sb p = {0};
  sb_raw(&p, "{");
  sb_kv(&p, "module", o->pos[0]);
  if (o->npos == 2) sb_kv(&p, "function", o->pos[1]);
  if (o->walker) sb_kraw(&p, "walker", "true");
  sb_raw(&p, "}");
  int st;
  memssa_json *r = call(o, method, p.p, &st);
  free(p.p);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    if (!strcmp(method, "print")) fputs(memssa_json_str(memssa_json_get(x, "text")), stdout);
    else if (!strcmp(method, "unload")) printf("unloaded %s\n", o->pos[0]);
    else if (!strcmp(method, "verify")) {
      const memssa_json *pr = memssa_json_get(x, "problems");
      for (size_t i = 0; i < memssa_json_len(pr); i++)
        printf("@%s: %s\n", memssa_json_str(memssa_json_get(memssa_json_at(pr, i), "function")),
               memssa_json_str(memssa_json_get(memssa_json_at(pr, i), "message")));
      printf("%s: %lld functions verified, %zu problem(s)\n", o->pos[0],
             memssa_json_int(memssa_json_get(x, "functions")), memssa_json_len(pr));
      if (memssa_json_len(pr)) st = 1;
    } else {
      const memssa_json *fs = memssa_json_get(x, "functions");
      printf("%-32s %8s %8s %8s %8s\n", "function", "defs", "uses", "phis", "accesses");
      for (size_t i = 0; i < memssa_json_len(fs); i++) {
        const memssa_json *f = memssa_json_at(fs, i);
        printf("%-32s %8lld %8lld %8lld %8lld\n", memssa_json_str(memssa_json_get(f, "name")),
               memssa_json_int(memssa_json_get(f, "defs")), memssa_json_int(memssa_json_get(f, "uses")),
               memssa_json_int(memssa_json_get(f, "phis")),
               memssa_json_int(memssa_json_get(f, "accesses")));
      }
    }
  }
  memssa_json_free(r);
  return st;
}

static void print_flat(const char *prefix, const memssa_json *v) {
  for (size_t i = 0; i < memssa_json_len(v); i++) {
    const memssa_json *x = memssa_json_at(v, i);
    const char *k = memssa_json_key_at(v, i);
    if (memssa_json_kind(x) == MEMSSA_JSON_OBJECT) {
      char p[128];
      snprintf(p, sizeof p, "%s%s.", prefix, k);
      print_flat(p, x);
    } else if (memssa_json_kind(x) == MEMSSA_JSON_NUMBER) {
      double d = memssa_json_num(x);
      if (d == (double)(long long)d) printf("%s%s: %lld\n", prefix, k, (long long)d);
      else printf("%s%s: %.3f\n", prefix, k, d);
    } else {
      printf("%s%s: %s\n", prefix, k, memssa_json_str(x));
    }
  }
}

static int cmd_simple(dopts *o, const char *method) {
  int st;
  memssa_json *r = call(o, method, NULL, &st);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    if (!strcmp(method, "modules")) {
      const memssa_json *ms = memssa_json_get(x, "modules");
      printf("%-24s %9s %9s %9s %9s %12s\n", "module", "functions", "defs", "uses", "phis", "memory");
      for (size_t i = 0; i < memssa_json_len(ms); i++) {
        const memssa_json *m = memssa_json_at(ms, i);
        printf("%-24s %9lld %9lld %9lld %9lld %12lld\n", memssa_json_str(memssa_json_get(m, "name")),
               memssa_json_int(memssa_json_get(m, "functions")),
               memssa_json_int(memssa_json_get(m, "defs")), memssa_json_int(memssa_json_get(m, "uses")),
               memssa_json_int(memssa_json_get(m, "phis")),
               memssa_json_int(memssa_json_get(m, "memory")));
      }
    } else if (!strcmp(method, "shutdown")) {
      printf("memssad is stopping\n");
    } else {
      print_flat("", x);
    }
  }
  memssa_json_free(r);
  return st;
}

/* memssa edit MODULE FUNCTION '<ops json>' | @ops.json */
static int cmd_edit(dopts *o) {
  if (o->npos != 3) {
    fprintf(stderr, "usage: memssa edit MODULE FUNCTION '<ops json array>' | @OPS.json\n");
    return 2;
  }
  char *ops = NULL;
  const char *arg = o->pos[2];
  if (arg[0] == '@') {
    FILE *f = fopen(arg + 1, "rb");
    if (!f) {
      fprintf(stderr, "memssa edit: %s: %s\n", arg + 1, strerror(errno));
      return 1;
    }
    sb t = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf - 1, f)) > 0) {
      buf[n] = 0;
      if (memchr(buf, 0, n)) break;
      sb_raw(&t, buf);
    }
    fclose(f);
    ops = t.p ? t.p : strdup("");
    /* One request is one line: outside strings a newline is mere JSON
    ** whitespace, and inside a string it is invalid JSON anyway. */
    for (char *q = ops; *q; q++)
      if (*q == '\n' || *q == '\r') *q = ' ';
  } else {
    ops = strdup(arg);
  }
  memssa_json *chk = memssa_json_parse(ops, strlen(ops));
  bool is_arr = chk && memssa_json_kind(chk) == MEMSSA_JSON_ARRAY;
  memssa_json_free(chk);
  if (!is_arr) {
    fprintf(stderr, "memssa edit: the ops must be a JSON array\n");
    free(ops);
    return 2;
  }
  sb p = {0};
  sb_raw(&p, "{");
  sb_kv(&p, "module", o->pos[0]);
  sb_kv(&p, "function", o->pos[1]);
  sb_kraw(&p, "ops", ops);
  sb_raw(&p, "}");
  free(ops);
  int st;
  memssa_json *r = call(o, "edit", p.p, &st);
  free(p.p);
  if (r && !o->json) {
    const memssa_json *x = memssa_json_get(r, "result");
    const memssa_json *res = memssa_json_get(x, "results");
    printf("edited @%s: %lld ops; now %lld defs, %lld uses, %lld phis\n",
           memssa_json_str(memssa_json_get(x, "function")),
           memssa_json_int(memssa_json_get(x, "ops")), memssa_json_int(memssa_json_get(x, "defs")),
           memssa_json_int(memssa_json_get(x, "uses")), memssa_json_int(memssa_json_get(x, "phis")));
    for (size_t i = 0; i < memssa_json_len(res); i++) {
      const memssa_json *k = memssa_json_at(res, i);
      if (memssa_json_get(k, "block"))
        printf("  op %zu: new block %lld (%s)\n", i, memssa_json_int(memssa_json_get(k, "block")),
               memssa_json_str(memssa_json_get(k, "label")));
      else if (memssa_json_get(k, "inst"))
        printf("  op %zu: new instruction %lld: %s\n", i,
               memssa_json_int(memssa_json_get(k, "inst")),
               memssa_json_str(memssa_json_get(k, "text")));
    }
  }
  memssa_json_free(r);
  return st;
}

static int cmd_query(dopts *o) {
  if (o->npos != 1) {
    fprintf(stderr, "usage: memssa query '<json request>'\n");
    return 2;
  }
  memssa_json *req = memssa_json_parse(o->pos[0], strlen(o->pos[0]));
  bool notify = req && memssa_json_kind(req) == MEMSSA_JSON_OBJECT && !memssa_json_get(req, "id");
  memssa_json_free(req);
  memssa_client *c = connect_or_say(o);
  if (!c) return 1;
  char *reply = NULL;
  int rc = memssa_client_roundtrip(c, o->pos[0], notify ? NULL : &reply);
  memssa_client_close(c);
  if (rc) {
    fprintf(stderr, "memssa: %s\n", memssa_client_strerror(rc));
    return 1;
  }
  if (reply) puts(reply);
  int st = reply && strstr(reply, "\"error\":") ? 1 : 0;
  free(reply);
  return st;
}

static bool daemon_answers(const char *path) {
  memssa_client *c;
  if (memssa_client_connect(path, &c)) return false;
  memssa_client_set_timeout(c, 2000);
  char *reply = NULL;
  int rc = memssa_client_call(c, "ping", NULL, &reply);
  memssa_client_close(c);
  bool ok = !rc && reply && strstr(reply, "\"version\"");
  free(reply);
  return ok;
}

static int cmd_daemon(dopts *o, int argc, char **argv) {
  char path[512];
  if (o->socket) snprintf(path, sizeof path, "%s", o->socket);
  else memssa_client_default_socket(path, sizeof path);
  if (daemon_answers(path)) {
    printf("memssad already answers on %s\n", path);
    return 0;
  }
  /* memssad next to this binary, else $MEMSSAD_BIN, else on PATH. */
  char exe[PATH_MAX], bin[PATH_MAX + 16];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  const char *env = getenv("MEMSSAD_BIN");
  if (env && *env) snprintf(bin, sizeof bin, "%s", env);
  else if (n > 0) {
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(bin, sizeof bin, "%s/memssad", exe);
    if (access(bin, X_OK)) snprintf(bin, sizeof bin, "memssad");
  } else snprintf(bin, sizeof bin, "memssad");
  char logpath[600];
  snprintf(logpath, sizeof logpath, "%s.log", path);
  pid_t pid = fork();
  if (pid < 0) {
    perror("memssa daemon: fork");
    return 1;
  }
  if (pid == 0) {
    setsid();
    int nul = open("/dev/null", O_RDWR);
    int log = open(logpath, O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (nul >= 0) { dup2(nul, 0); dup2(nul, 1); }
    if (log >= 0) dup2(log, 2);
    char **av = calloc((size_t)argc + 4, sizeof *av);
    int k = 0;
    av[k++] = bin;
    av[k++] = "--socket";
    av[k++] = path;
    for (int i = 0; i < argc; i++) {
      if (!strcmp(argv[i], "--socket") && i + 1 < argc) { i++; continue; }
      av[k++] = argv[i];
    }
    av[k] = NULL;
    execvp(bin, av);
    _exit(127);
  }
  for (int i = 0; i < 100; i++) {
    struct timespec ts = {0, 50 * 1000 * 1000};
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
                                "shutdown", "daemon", "edit"};
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
  if (!strcmp(cmd, "daemon")) return cmd_daemon(&o, argc, argv);
  if (o.npos) {
    fprintf(stderr, "memssa %s: takes no arguments\n", cmd);
    return 2;
  }
  return cmd_simple(&o, cmd);
}
