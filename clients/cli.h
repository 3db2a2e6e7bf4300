/*
** cli.h -- subcommands of the memssa command-line client. Each takes the
** arguments after the subcommand name and returns the process exit status
** (0 success, 1 failure of the work, 2 bad usage).
*/
#ifndef MSSA_CLI_H
#define MSSA_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int mssa_cli_print_local(int argc, char **argv);
int mssa_cli_verify_local(int argc, char **argv);
int mssa_cli_build_local(int argc, char **argv);
int mssa_cli_alias_local(int argc, char **argv);
/* cli_ipa.c: `memssa summary`, and the program of `--ipa` */
int mssa_cli_summary(int argc, char **argv);
struct mssa_module;
struct mssa_program;
typedef struct mssa__cli_program {
  uint32_t n;
  struct mssa_module **mods;
  struct mssa_program *p;
} mssa__cli_program;
/* Reads files[0..n) (as LLVM `llvm`, 0: detected), links them and
** summarizes (use_callees: the ipa mode); 0, or -1 with the message printed. */
int mssa__cli_program_open(const char *const *files, uint32_t n, unsigned llvm, bool use_callees,
                           mssa__cli_program *out);
void mssa__cli_program_close(mssa__cli_program *cp);
/* cli_local.c: one module read for a command (NULL: message printed), and
** the `--llvm N` option at argv[*i] (1 taken, 0 not it, -1 bad). */
struct mssa_module *mssa__cli_load_module(const char *file, unsigned llvm);
int mssa__cli_llvm_opt(int argc, char **argv, int *i, unsigned *out, const char *cmd);

/* cli_offload.c */
int mssa_cli_promotable_local(int argc, char **argv);

/* cli_heap.c: before a one-shot command reads its module (file_bytes
** long), the heap in 2 MiB pages where the system allows (advice only;
** nothing for a small module). */
void mssa__cli_heap_for_one_module(size_t file_bytes);

/* cli_daemon.c: subcommands that talk to memssad. mssa_cli_daemon returns
** -1 when `cmd` is not one of them. */
int mssa_cli_has_local(int argc, char **argv);
int mssa_cli_daemon(const char *cmd, int argc, char **argv);

/* clients/lsp (lsp.h): `memssa lsp`, which starts memssad through the
** `daemon` subcommand it is given. */
int mssa_lsp_main(int argc, char **argv,
                  int (*daemon_cmd)(const char *cmd, int argc, char **argv));

#endif
