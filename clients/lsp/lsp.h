/*
** lsp.h -- `memssa lsp`: a language server (LSP over stdin/stdout) that
** shows memory dependences of C files in an editor, through memssad.
** Documented in docs/editor.md.
*/
#ifndef MSSA_LSP_H
#define MSSA_LSP_H

/* Runs the server until the editor's `exit`; argv: the options after
** `lsp` (--socket PATH, --clang PATH, --compile-commands-dir DIR,
** --opt-level -O1, --compile-timeout MS). Returns the exit status: 0 after
** shutdown + exit, 1 when the stream ends or exit comes without shutdown,
** 2 on bad usage. */
int mssa_lsp_main(int argc, char **argv);

#endif
