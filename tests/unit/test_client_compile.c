/*
** test_client_compile.c -- unit tests of common/compile.c, the C compile
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
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/compile.h"
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

  /* the database edited between two look-ups (its entries' realpaths are
  ** kept a while, common/compile_db.c): the new text is what counts, even
  ** with the same size and the mtime put back */
  struct stat st0;
  stat(at("proj/build/compile_commands.json"), &st0);
  char *foo2 = strstr(json, "-DFOO=1");
  foo2[6] = '2';
  put("proj/build/compile_commands.json", json);
  struct timespec ts[2] = {st0.st_atim, st0.st_mtim};
  utimensat(AT_FDCWD, at("proj/build/compile_commands.json"), ts, 0);
  is_int(mssa_compile_find_command(at("proj/src/a.c"), NULL, &c), 0, "edited database");
  ok(has_arg(c.args, "-DFOO=2") && !has_arg(c.args, "-DFOO=1"),
     "an edit of the database is seen at the next look-up (same size, mtime put back)");
  mssa_compile_cmd_free(&c);
  foo2[6] = '1';
  put("proj/build/compile_commands.json", json);

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
  is_int((int)r.dropped, 0, "nothing left for clang to reject");
  bool said = false;
  for (size_t i = 0; i < r.ndiags; i++)
    said |= r.diags[i].memssa && strstr(r.diags[i].message, "'-fconserve-stack'") &&
            r.diags[i].severity == MSSA_DIAG_WARNING;
  ok(said, "a flag off the allow-list (-fconserve-stack) refused, in a diagnostic");
  said = false;
  for (size_t i = 0; i < r.ndiags; i++)
    said |= r.diags[i].memssa && strstr(r.diags[i].message, "'/usr/bin/gcc'") &&
            r.diags[i].severity == MSSA_DIAG_NOTE;
  ok(said, "the command's gcc not run, in a note");
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
  char glob[512];   /* at()'s buffers are reused: a copy */
  snprintf(glob, sizeof glob, "%s", at("*.sh"));
  const char *mine[] = {glob, NULL};
  mssa_compile_opts o = {.clang = at("slow.sh"), .timeout_ms = 300, .trusted = mine};
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  is_int(mssa_compile_c(at("flags/x.c"), &o, &r), MSSA_COMPILE_ETIMEOUT, "time limit");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  ok(t1.tv_sec - t0.tv_sec < 5, "stopped promptly (its child too: the pipe closed)");
  mssa_compile_result_free(&r);
  mssa_compile_opts o2 = {.clang = at("loud.sh"), .max_output = 4096, .trusted = mine};
  is_int(mssa_compile_c(at("flags/x.c"), &o2, &r), MSSA_COMPILE_ETOOBIG, "output cap");
  mssa_compile_result_free(&r);
  const char *none[] = {"memssa-no-such-clang", NULL};
  mssa_compile_opts o3 = {.candidates = none};
  is_int(mssa_compile_c(at("flags/x.c"), &o3, &r), MSSA_COMPILE_ENOCLANG, "no compiler");
  mssa_compile_result_free(&r);
  mssa_compile_opts o4 = {.clang = at("slow.sh")};
  is_int(mssa_compile_c(at("flags/x.c"), &o4, &r), MSSA_COMPILE_EUNTRUSTED,
         "the caller's compiler, not trusted: not run");
  ok(r.ndiags == 1 && r.diags[0].memssa && strstr(r.diags[0].message, "slow.sh"),
     "... and said so, naming it");
  mssa_compile_result_free(&r);
}

/* The allow-list, one argv at a time (compile_policy.c). */
static void policy_case(const char *name, const char *cmdline, const char *const *kept,
                        const char *const *refused) {
  char json[4096];
  snprintf(json, sizeof json, "[{\"directory\":\"%s/pol\",\"file\":\"p.c\","
           "\"command\":\"%s\"}]", root, cmdline);
  put("pol/compile_commands.json", json);
  put("pol/p.c", "int p;\n");
  mssa_compile_cmd c;
  mssa_compile_find_command(at("pol/p.c"), NULL, &c);
  bool good = true;
  size_t nk = 0, nr = 0;
  for (const char *const *k = kept; *k; k++, nk++) good &= has_arg(c.args, *k);
  for (const char *const *k = refused; *k; k++, nr++) good &= has_arg(c.refused, *k);
  good &= c.nargs == nk;
  size_t n = 0;
  for (char **f = c.refused; f && *f; f++) n++;
  good &= n == nr;
  if (!ok(good, "%s", name)) {
    for (char **f = c.args; f && *f; f++) diag("kept: %s", *f);
    for (char **f = c.refused; f && *f; f++) diag("refused: %s", *f);
    for (char **f = c.notes; f && *f; f++) diag("note: %s", *f);
  }
  mssa_compile_cmd_free(&c);
}

static void test_policy(void) {
  const char *none[] = {NULL};
  policy_case("code-shaping flags kept, outputs dropped silently",
              "clang -DA=1 -D B -UC -I inc -isystem /s -iquote q -idirafter d -include h.h "
              "-std=c99 -O2 -g -Wall -Wno-unused -fno-strict-aliasing -fwrapv -m64 "
              "-march=x86-64 -c p.c -o p.o -MD -MF p.d -fcolor-diagnostics",
              (const char *const[]){"-DA=1", "-D", "B", "-UC", "-I", "inc", "-isystem", "/s",
                                    "-iquote", "q", "-idirafter", "d", "-include", "h.h",
                                    "-std=c99", "-O2", "-g", "-Wall", "-Wno-unused",
                                    "-fno-strict-aliasing", "-fwrapv", "-m64", "-march=x86-64",
                                    NULL},
              none);
  policy_case("code-loading flags refused, with their values",
              "clang -fplugin=/x/p.so -fpass-plugin=/x/q.so -Xclang -load -Xclang /x/r.so "
              "-mllvm -debug -B /x/bin --config /x/c.cfg --config=/x/d.cfg -specs=/x/s "
              "--gcc-toolchain=/x -Wl,-rpath,/x -Wp,-foo p.c",
              none,
              (const char *const[]){"-fplugin=/x/p.so", "-fpass-plugin=/x/q.so",
                                    "-Xclang -load", "-Xclang /x/r.so", "-mllvm -debug",
                                    "-B /x/bin", "--config /x/c.cfg", "--config=/x/d.cfg",
                                    "-specs=/x/s", "--gcc-toolchain=/x", "-Wl,-rpath,/x",
                                    "-Wp,-foo", NULL});
  policy_case("a kept flag takes its value whatever it looks like",
              "clang -D -fplugin=/x/p.so -I -Xclang p.c",
              (const char *const[]){"-D", "-fplugin=/x/p.so", "-I", "-Xclang", NULL}, none);
  policy_case("each refused flag once", "clang -fplugin=/p -fplugin=/p -x c++ -x c p.c",
              (const char *const[]){"-x", "c", NULL},
              (const char *const[]){"-fplugin=/p", "-x c++", NULL});
  put("pol/r1.rsp", "-DR1 @r2.rsp");
  put("pol/r2.rsp", "-fplugin=/x/rsp.so '-DQ=a b'");
  policy_case("a response file is expanded under the same rules",
              "clang @r1.rsp -DTOP p.c", (const char *const[]){"-DR1", "-DQ=a b", "-DTOP", NULL},
              (const char *const[]){"-fplugin=/x/rsp.so", NULL});
  put("pol/loop.rsp", "-DL @loop.rsp");
  mssa_compile_cmd c;
  policy_case("a response file that includes itself stops at the depth limit",
              "clang @loop.rsp p.c", (const char *const[]){"-DL", "-DL", "-DL", "-DL", NULL},
              none);
  mssa_compile_find_command(at("pol/p.c"), NULL, &c);
  ok(c.notes && strstr(c.notes[0], "nested more than 4 deep"), "... and says so");
  mssa_compile_cmd_free(&c);
  policy_case("a missing response file is left out", "clang @nope.rsp -DX p.c",
              (const char *const[]){"-DX", NULL}, none);
  mssa_compile_find_command(at("pol/p.c"), NULL, &c);
  ok(c.notes && strstr(c.notes[0], "@nope.rsp not read: no such file"), "... and says so");
  mssa_compile_cmd_free(&c);
  put("flags2/compile_flags.txt", "-DOK\n-fplugin=/x/f.so\n");
  put("flags2/z.c", "int z;\n");
  mssa_compile_find_command(at("flags2/z.c"), NULL, &c);
  ok(has_arg(c.args, "-DOK") && !has_arg(c.args, "-fplugin=/x/f.so") &&
         has_arg(c.refused, "-fplugin=/x/f.so"),
     "compile_flags.txt goes through the allow-list too");
  mssa_compile_cmd_free(&c);
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
  test_policy();
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd)) diag("could not remove %s", root);
  return done_testing();
}
