/*
** cli.h -- subcommands of the memssa command-line client. Each takes the
** arguments after the subcommand name and returns the process exit status
** (0 success, 1 failure of the work, 2 bad usage).
*/
#ifndef MSSA_CLI_H
#define MSSA_CLI_H

int mssa_cli_print_local(int argc, char **argv);
int mssa_cli_verify_local(int argc, char **argv);
int mssa_cli_build_local(int argc, char **argv);

#endif
