/*
** memssa.c -- the memssa command-line client: dispatches subcommands.
*/
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "libmemssa-client/memssa-client.h"

static void usage(FILE *out) {
  fputs("usage: memssa COMMAND [ARGS]\n"
        "\n"
        "Offline commands (no daemon; read FILE.ll in-process):\n"
        "  print  --local [--walker] [--check-limit N] [--function NAME] FILE.ll\n"
        "         MemorySSA of every defined function, in opt's print<memoryssa>\n"
        "         (or, with --walker, print<memoryssa-walker>) format\n"
        "  verify --local FILE.ll     check the MemorySSA invariants of every function\n"
        "  build  --local FILE.ll     read and build; print one summary line\n"
        "  alias  --local FILE.ll FUNCTION PTR1 SIZE1 PTR2 SIZE2\n"
        "                             one alias query (NoAlias/MayAlias/PartialAlias/MustAlias)\n"
        "  promotable --local FILE.ll [FUNCTION] [--json]\n"
        "                             what LLVM 14's mem2reg does with each alloca\n"
        "  summary --local [--ipa] [--function NAME] FILE.ll...\n"
        "                             every function's mod/ref summary, as JSON\n"
        "  print, verify and build take --ipa A.ll B.ll ...: the files are one\n"
        "  program, and answers see through calls (interprocedural summaries)\n"
        "  each takes --llvm N (14..22): read FILE.ll as LLVM N wrote it (default:\n"
        "  the version the module shows, from !llvm.ident or its syntax)\n"
        "  print, verify and build take -j N (--jobs N): build the functions on N\n"
        "  threads (default: the online CPUs, at most 8; -j1: one); the output is\n"
        "  the same\n"
        "\n"
        "Daemon commands (talk to memssad; options --socket PATH, --json):\n"
        "  daemon [MEMSSAD-OPTIONS]   start memssad in the background unless one answers\n"
        "  load FILE.ll|FILE.c [--module NAME] [--trusted-compiler GLOB]...\n"
        "         a .c: memssad compiles it (-g); GLOB: one more compiler its\n"
        "         compile_commands.json may run (docs/editor.md, \"Security\")\n"
        "  clobber FILE:LINE[:COL] [--module M]       what clobbers the access(es) there\n"
        "  clobber MODULE FUNCTION INST [--ptr P [--size N]]\n"
        "         INST: stable id (12), result name (%8) or BLOCK:INDEX\n"
        "  uses FILE:LINE[:COL] | MODULE FUNCTION INST  accesses a def clobbers\n"
        "  access MODULE FUNCTION INST\n"
        "  print MODULE [FUNCTION] [--walker]  verify MODULE [FUNCTION]\n"
        "  dot MODULE FUNCTION [--svg]  the function's MemorySSA for Graphviz (or as SVG)\n"
        "  functions MODULE  modules  stats  ping  unload MODULE\n"
        "  edit MODULE FUNCTION '<ops json>' | @OPS.json   edit a function (all or none)\n"
        "  query '<json request>'     send one raw JSON-RPC request\n"
        "  shutdown                   stop the daemon\n"
        "  lsp [OPTIONS]              language server for editors (docs/editor.md)\n"
        "\n"
        "  help                       this text\n"
        "  --version                  the release of memssa\n",
        out);
}

/*
** Global options may come before the command (`memssa --socket S clobber
** ...`): they are moved after it, where every subcommand parses them.
*/
static int hoist_global_options(int argc, char **argv) {
  int k = 1;
  while (k < argc && (!strcmp(argv[k], "--json") ||
                      (!strcmp(argv[k], "--socket") && k + 1 < argc)))
    k += !strcmp(argv[k], "--json") ? 1 : 2;
  if (k == 1 || k >= argc) return k == 1 ? 0 : -1;
  /* Rotate argv[1..k) (the options) behind argv[k] (the command). */
  char *cmd = argv[k];
  memmove(argv + 2, argv + 1, (size_t)(k - 1) * sizeof *argv);
  argv[1] = cmd;
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version"))) {
    printf("memssa %s\n", MEMSSA_VERSION);
    return 0;
  }
  if (argc < 2 || hoist_global_options(argc, argv) < 0) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  bool local = mssa_cli_has_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "print") && local) return mssa_cli_print_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "verify") && local) return mssa_cli_verify_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "build")) return mssa_cli_build_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "alias")) return mssa_cli_alias_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "lsp")) return mssa_lsp_main(argc - 2, argv + 2, mssa_cli_daemon);
  if (!strcmp(cmd, "promotable")) return mssa_cli_promotable_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "summary")) return mssa_cli_summary(argc - 2, argv + 2);
  int rc = mssa_cli_daemon(cmd, argc - 2, argv + 2);
  if (rc >= 0) return rc;
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    usage(stdout);
    return 0;
  }
  fprintf(stderr, "memssa: unknown command '%s' (try 'memssa help')\n", cmd);
  return 2;
}
