/*
** lsp.h -- `memssa lsp`: a language server (LSP over stdin/stdout) that
** shows memory dependences of C files in an editor, through memssad.
** Documented in docs/editor.md.
*/
#ifndef MSSA_LSP_H
#define MSSA_LSP_H

/* Runs the server until the editor's `exit`; argv: the options after
** `lsp` (--socket PATH, --clang PATH, --compile-commands-dir DIR,
** --opt-level -O1, --compile-timeout MS). `daemon_cmd` is the CLI's daemon
** subcommand (mssa_cli_daemon), called as daemon_cmd("daemon", ...) to
** start memssad when nobody answers. Returns the exit status: 0 after
** shutdown + exit, 1 when the stream ends or exit comes without shutdown,
** 2 on bad usage. (clients/cli.h declares it too, for memssa.c.) */
int mssa_lsp_main(int argc, char **argv,
                  int (*daemon_cmd)(const char *cmd, int argc, char **argv));

#endif
