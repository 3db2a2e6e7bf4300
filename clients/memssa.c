/*
** memssa.c -- the memssa command-line client: dispatches subcommands.
*/
#include <stdio.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *out) {
  fputs("usage: memssa COMMAND [ARGS]\n"
        "\n"
        "Offline commands (no daemon; read FILE.ll in-process):\n"
        "  print  --local [--walker] [--check-limit N] [--function NAME] FILE.ll\n"
        "         MemorySSA of every defined function, in opt's print<memoryssa>\n"
        "         (or, with --walker, print<memoryssa-walker>) format\n"
        "  verify --local FILE.ll     check the MemorySSA invariants of every function\n"
        "  build  --local FILE.ll     read and build; print one summary line\n"
        "\n"
        "  help                       this text\n",
        out);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "print")) return mssa_cli_print_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "verify")) return mssa_cli_verify_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "build")) return mssa_cli_build_local(argc - 2, argv + 2);
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    usage(stdout);
    return 0;
  }
  fprintf(stderr, "memssa: unknown command '%s' (try 'memssa help')\n", cmd);
  return 2;
}
