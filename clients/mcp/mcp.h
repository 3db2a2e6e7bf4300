/*
** mcp.h -- `memssa mcp`: a Model Context Protocol server on stdin/stdout
** that offers memssad's answers (reaching writes, clobber, alias, mod/ref,
** a function's MemorySSA) to coding agents as tools. Documented in
** docs/mcp.md.
*/
#ifndef MSSA_MCP_H
#define MSSA_MCP_H

/* Runs the server until its input ends; argv: the options after `mcp`
** (--socket PATH, --max-line BYTES). `daemon_cmd` is the CLI's daemon
** subcommand (mssa_cli_daemon), called as daemon_cmd("daemon", ...) to
** start memssad when nobody answers, as `memssa lsp` does. Returns the
** exit status: 0 at the end of input, 2 on bad usage. */
int mssa_mcp_main(int argc, char **argv,
                  int (*daemon_cmd)(const char *cmd, int argc, char **argv));

#endif
