/*
** test_client_compile.c -- unit tests of libmemssa-client/compile.c, the C compile
** driver: splitting a "command" string, finding a file's compile command
** (compile_commands.json upward, build/, compile_flags.txt, an override
** directory, a neighbour's entry), which flags survive, a real clang run
** from a gcc command with flags clang rejects, structured diagnostics, and
** the bounds (time limit, output cap, no compiler).
**
** Every file lives in a fresh directory under $TMPDIR; clang must be
** installed (`make deps`).
*/
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "libmemssa-client/compile.h"
#include "tap.h"

static char root[256];

static void put(const char *rel, const char *text) {
  char p[512];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  for (char *s = strchr(p + strlen(root) + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    mkdir(p, 0700);
    *s = '/';
  }
  FILE *f = fopen(p, "w");
  if (!f) bail_out("cannot write a test file");
  fputs(text, f);
  fclose(f);
}

static char *at(const char *rel) {
  static char p[4][512];
  static int k;
  k = (k + 1) % 4;
  snprintf(p[k], sizeof p[k], "%s/%s", root, rel);
  return p[k];
}

static bool has_arg(char **argv, const char *a) {
  for (; argv && *argv; argv++)
    if (!strcmp(*argv, a)) return true;
  return false;
}

static void test_split(void) {
  char **v;
  size_t n;
  is_int(mssa_compile_split("cc -DX=\"a b\" -I'inc dir' x\\ y.c  -c", &v, &n), 0, "split ok");
  is_int((int)n, 5, "five words");
  is_str(v[1], "-DX=a b", "double quotes join");
  is_str(v[2], "-Iinc dir", "single quotes join");
  is_str(v[3], "x y.c", "backslash escapes a space");
  mssa_compile_argv_free(v);
  is_int(mssa_compile_split("cc 'open", &v, &n), MSSA_COMPILE_EINVAL, "unterminated quote");
}

static void test_diags(void) {
  mssa_compile_diag *d;
  size_t n;
  const char *text = "In file included from x.c:1:\n"
                     "./h.h:3:5: error: use of undeclared identifier 'q'\n"
                     "x.c:7: warning: something\n"
                     "clang: error: unknown argument: '-fq'\n"
                     "2 errors generated.\n";
  mssa_compile_parse_diags(text, "/src", &d, &n);
  is_int((int)n, 3, "three diagnostics");
  is_str(d[0].file, "/src/h.h", "relative file resolved against the directory");
  ok(d[0].line == 3 && d[0].col == 5 && d[0].severity == MSSA_DIAG_ERROR, "line, col, error");
  is_str(d[0].message, "use of undeclared identifier 'q'", "message");
  ok(d[1].line == 7 && d[1].col == 0 && d[1].severity == MSSA_DIAG_WARNING, "line without col");
  ok(d[2].file == NULL && d[2].line == 0, "a driver error has no position");
  mssa_compile_diags_free(d, n);
}

static void test_find(void) {
  char json[2048];
  snprintf(json, sizeof json,
           "[{\"directory\":\"%s/proj\",\"file\":\"src/a.c\","
           "\"command\":\"/usr/bin/gcc -DFOO=1 -Iinc -c src/a.c -o a.o -MD -MF a.d"
           " -fconserve-stack -std=gnu11\"},"
           "{\"directory\":\"%s/proj\",\"file\":\"src/b.c\","
           "\"arguments\":[\"cc\",\"-DB=2\",\"-c\",\"src/b.c\"]}]",
           root, root);
  put("proj/build/compile_commands.json", json);
  put("proj/inc/h.h", "#define TWO 2\n");
  put("proj/src/a.c", "#include \"h.h\"\n#if FOO != 1\n#error FOO\n#endif\n"
                      "int g;\nint f(int *p) { g = TWO; return *p + g; }\n");
  put("proj/src/other/c.c", "int h(void) { return 0; }\n");
  mssa_compile_cmd c;
  is_int(mssa_compile_find_command(at("proj/src/a.c"), NULL, &c), 0, "command found");
  is_str(c.db, at("proj/build/compile_commands.json"), "build/compile_commands.json upward");
  is_str(c.compiler, "/usr/bin/gcc", "the command's compiler");
  ok(has_arg(c.args, "-DFOO=1") && has_arg(c.args, "-Iinc") && has_arg(c.args, "-std=gnu11"),
     "code-shaping flags kept");
  ok(!has_arg(c.args, "-c") && !has_arg(c.args, "-o") && !has_arg(c.args, "a.o") &&
         !has_arg(c.args, "-MD") && !has_arg(c.args, "a.d") && !has_arg(c.args, "src/a.c"),
     "outputs, dependency files and the input dropped");
  ok(!c.inferred, "exact entry");
  mssa_compile_cmd_free(&c);

  is_int(mssa_compile_find_command(at("proj/src/other/c.c"), NULL, &c), 0, "neighbour");
  ok(c.inferred && (has_arg(c.args, "-DFOO=1") || has_arg(c.args, "-DB=2")),
     "a file without an entry takes a neighbour's flags");
  mssa_compile_cmd_free(&c);

  put("alt/compile_commands.json", "[{\"directory\":\"/\",\"file\":\"/nowhere.c\","
                                   "\"arguments\":[\"clang\",\"-DALT\"]}]");
  is_int(mssa_compile_find_command(at("proj/src/a.c"), at("alt"), &c), 0, "override dir");
  ok(has_arg(c.args, "-DALT"), "the override directory's database is used");
  mssa_compile_cmd_free(&c);

  put("flags/compile_flags.txt", "-DFLAG=3\n-Iinc\n");
  put("flags/x.c", "int x;\n");
  is_int(mssa_compile_find_command(at("flags/x.c"), NULL, &c), 0, "compile_flags.txt");
  ok(has_arg(c.args, "-DFLAG=3") && c.compiler == NULL, "its flags, no compiler");
  mssa_compile_cmd_free(&c);

  put("bad/compile_commands.json", "{\"not\":\"an array\"}");
  put("bad/y.c", "int y;\n");
  is_int(mssa_compile_find_command(at("bad/y.c"), NULL, &c), MSSA_COMPILE_EDB, "bad database");
  mssa_compile_cmd_free(&c);
  is_int(mssa_compile_find_command(at("nope.c"), NULL, &c), MSSA_COMPILE_ENOSOURCE, "no file");
  mssa_compile_cmd_free(&c);
}

static void test_compile(void) {
  mssa_compile_result r;
  int rc = mssa_compile_c(at("proj/src/a.c"), NULL, &r);
  if (!is_int(rc, 0, "gcc command compiled by clang")) diag("%s", r.stderr_text);
  ok(r.ir && strstr(r.ir, "define dso_local i32 @f(") && strstr(r.ir, "!DICompileUnit"),
     "IR with debug info");
  const char *ir = r.ir ? r.ir : "";
  ok(strstr(ir, "store i32 2, i32* @g") || strstr(ir, "store i32 2, ptr @g"),
     "the include path and -D worked");
  is_int((int)r.dropped, 1, "the flag clang rejects (-fconserve-stack) was dropped");
  ok(!has_arg(r.argv, "-fconserve-stack") && has_arg(r.argv, "-disable-llvm-passes") &&
         has_arg(r.argv, "-O1") && has_arg(r.argv, "-g"),
     "the fixed flags were added");
  ok(access(at("proj/a.o"), F_OK) && access(at("proj/a.d"), F_OK), "no output file written");
  is_str(r.directory, at("proj"), "ran in the command's directory");
  mssa_compile_result_free(&r);

  put("err/e.c", "int f(void) {\n  return nope;\n}\n");
  rc = mssa_compile_c(at("err/e.c"), NULL, &r);
  is_int(rc, MSSA_COMPILE_EFAILED, "a compile error fails");
  ok(r.ir == NULL && r.ndiags >= 1, "no IR, diagnostics");
  if (r.ndiags) {
    is_str(r.diags[0].file, at("err/e.c"), "diagnostic file");
    ok(r.diags[0].line == 2 && r.diags[0].col == 10 && r.diags[0].severity == MSSA_DIAG_ERROR,
       "diagnostic at 2:10, an error");
    ok(strstr(r.diags[0].message, "undeclared identifier 'nope'") != NULL, "diagnostic text");
  }
  mssa_compile_result_free(&r);

  mssa_compile_opts o = {.opt_level = "-O0"};
  rc = mssa_compile_c(at("flags/x.c"), &o, &r);
  ok(rc == 0 && has_arg(r.argv, "-O0") && !has_arg(r.argv, "-O1"), "level is configurable");
  mssa_compile_result_free(&r);
}

static void test_bounds(void) {
  mssa_compile_result r;
  put("slow.sh", "#!/bin/sh\nsleep 20\n");
  put("loud.sh", "#!/bin/sh\nexec yes memssa\n");
  chmod(at("slow.sh"), 0700);
  chmod(at("loud.sh"), 0700);
  mssa_compile_opts o = {.clang = at("slow.sh"), .timeout_ms = 300};
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  is_int(mssa_compile_c(at("flags/x.c"), &o, &r), MSSA_COMPILE_ETIMEOUT, "time limit");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  ok(t1.tv_sec - t0.tv_sec < 5, "stopped promptly (its child too: the pipe closed)");
  mssa_compile_result_free(&r);
  mssa_compile_opts o2 = {.clang = at("loud.sh"), .max_output = 4096};
  is_int(mssa_compile_c(at("flags/x.c"), &o2, &r), MSSA_COMPILE_ETOOBIG, "output cap");
  mssa_compile_result_free(&r);
  const char *none[] = {"memssa-no-such-clang", NULL};
  mssa_compile_opts o3 = {.candidates = none};
  is_int(mssa_compile_c(at("flags/x.c"), &o3, &r), MSSA_COMPILE_ENOCLANG, "no compiler");
  mssa_compile_result_free(&r);
}

int main(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(root, sizeof root, "%s/memssa-compile-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(root)) bail_out("mkdtemp");
  test_split();
  test_diags();
  test_find();
  test_compile();
  test_bounds();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd)) diag("could not remove %s", root);
  return done_testing();
}
