/*
** lsp_int.h -- internals of `memssa lsp`, the language server: its state,
** the message layer (lsp_io.c), the bridge to memssad (lsp_bridge.c), open
** documents (lsp_docs.c), memssad's
** reaching writes and readers (lsp_reach.c) and the request handlers
** (lsp_features.c), a file's project (lsp_proj.c). lsp_main.c dispatches.
**
** Invariants:
**   1. One thread: messages are handled in arrival order; a compile blocks
**      the server (the editor's later requests wait, none is lost). Code
**      lenses and inlay hints are the exception: queued as jobs and worked
**      on in chunks between messages (lsp_lens.c), they are answered after
**      the requests that arrive while they run. A project's program load
**      runs in memssad; its progress and reply are read between messages
**      (lsp_proj.c), never waited for.
**   2. stdout carries LSP messages only; everything else goes to stderr.
**   3. Positions inside the server are 1-based lines and 1-based byte
**      columns, as memssad's; conversion to and from LSP positions (0-based,
**      UTF-16 or UTF-8 units) happens at the edge, in lsp_features.c.
*/
#ifndef MSSA_LSP_INT_H
#define MSSA_LSP_INT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "libmemssa-client/memssa-client.h"

/* Error codes the server answers with: JSON-RPC's, and LSP's own (LSP's
** -32002 is not memssad's -32002). */
enum { LSP_PARSE_ERROR = -32700, LSP_INVALID_REQUEST = -32600, LSP_METHOD_NOT_FOUND = -32601 };
enum { LSP_INVALID_PARAMS = -32602, LSP_SERVER_NOT_INITIALIZED = -32002 };
enum { LSP_REQUEST_FAILED = -32803, LSP_REQUEST_CANCELLED = -32800, LSP_DAEMON_UNKNOWN_MODULE = -32001 /* memssad's */ };

/* Bounds on the work one request may cause. */
#define LSP_MAX_MESSAGE ((size_t)256 << 20)  /* one incoming message body */
#define LSP_MAX_WRITES 64      /* reaching writes listed per access */
#define LSP_MAX_READERS 256    /* loads listed for references */
#define LSP_MAX_LENS_LINES 2000  /* lines given a code lens / inlay hint */
#define LSP_DAEMON_TIMEOUT_MS 120000
#define LSP_MAX_PROJECTS 16    /* programs loaded for open files' databases */
#define LSP_MAX_INNER 8        /* writes inside a callee listed per access */

/* A compile_commands.json whose program memssad loads (lsp_proj.c). */
typedef struct lsp_proj {
  char *db;            /* the database's realpath: also the program's name */
  bool ready;          /* the program is loaded: its units answer */
  bool failed;         /* its first load failed: its files answer alone */
  bool reloading;      /* the load running is a reload of one unit */
  int fd;              /* the running load's own connection, else -1 */
  char *in;            /* bytes read from fd, not yet a whole line */
  size_t in_n, in_cap;
  json_t *token;       /* the editor's progress token of the load, or NULL */
  unsigned done, total;   /* units compiled of the running load */
  char **units;        /* the units' realpaths (the documents' paths) */
  char **unit_paths;   /* the same units as memssad names them */
  bool *linked;        /* in the program (else it failed: it answers alone) */
  size_t nunits;       /* units listed: linked and failed */
  size_t nlinked;
  char *pending;       /* the realpath of a file saved while a load ran:
                          its unit is reloaded after it */
  bool pending_all;    /* two files were: the whole project is, after it */
  unsigned long gen;   /* bumped by every load that succeeded */
} lsp_proj;

/* An open document. */
typedef struct lsp_doc {
  char *uri;
  char *path;          /* canonical absolute path: also the module's name */
  char *text;          /* the editor's buffer (full sync) */
  long version;
  bool loaded;         /* memssad holds a module for it */
  bool dirty;          /* changed since the text that was compiled */
  char *compiled;      /* the text as of the last good compile, or NULL */
  bool lines_same;     /* lsp_lines.c: text and compiled are equal, else */
  unsigned *now2then, *then2now;     /* 1-based line maps (0: changed) */
  unsigned lines_now, lines_then;    /* line counts of text, of compiled */
  unsigned *load_lines;  /* sorted lines with loads (memssad's load_lines) */
  size_t nload_lines;
  char *unit;          /* a header: the .c file it answers through (its
                          module's name), else NULL (lsp_unit.c) */
  char **diag_uris;    /* files diagnostics were published for */
  size_t ndiag_uris;
  unsigned long gen;   /* bumped by every load (lsp_docs.c's lens_reset,
                          which empties `lens`): the module's generation */
  char **lens;         /* lsp_lens.c: per load_lines entry, its summary of
                          generation gen ("" none, NULL not asked yet) */
  size_t nlens;        /* nload_lines once the first is kept, else 0 */
  lsp_proj *proj;      /* the project whose database lists it, or NULL */
} lsp_doc;

/* A code lens or inlay-hint request being worked on (lsp_lens.c). */
typedef struct lsp_lens_job {
  json_t *id;
  char *uri;
  bool inlay;
  unsigned from, to;   /* the buffer's lines asked (1-based, inclusive) */
  unsigned long gen;   /* the generation the answer is of */
  size_t next;         /* the next load_lines entry to look at */
  size_t kept;         /* lines in range so far (at most LSP_MAX_LENS_LINES) */
  json_t *out;         /* the answer so far */
} lsp_lens_job;

typedef struct mssa__lsp {
  int in_fd;
  char *inbuf;         /* bytes read from in_fd not yet consumed */
  size_t in_n, in_cap;
  bool initialized, shutdown;
  bool utf8;           /* positions in UTF-8 bytes (negotiated), else UTF-16 */
  bool progress;       /* the client accepts window/workDoneProgress/create */
  long next_id;        /* ids of the server's own requests */
  /* options (command line, then initializationOptions) */
  char *socket;        /* NULL: the client library's default */
  char *clang, *commands_dir, *opt_level;
  /* --trusted-compiler globs, and --clang's path (named on the command
  ** line, so the user's choice): sent with every load as
  ** trusted_compilers. initializationOptions never add one: a project's
  ** editor settings could. NULL-terminated, or NULL. */
  char **trusted;
  size_t ntrusted;
  int compile_timeout_ms;
  long max_ir_mb;      /* --max-ir-mb / maxIrMb: memssad's IR cap; 0: its default */
  memssa_client *dc;   /* the daemon connection, opened lazily */
  /* the CLI's daemon subcommand, to start memssad */
  int (*daemon_cmd)(const char *cmd, int argc, char **argv);
  lsp_doc **docs;
  size_t ndocs, capdocs;
  lsp_lens_job *jobs;  /* lens and inlay-hint requests, first come first */
  size_t njobs, capjobs;
  unsigned long lens_computed, lens_cached;   /* lines summarised: asked of
                          memssad, or taken from a document's cache */
  lsp_proj **projs;    /* lsp_proj.c, in the order first opened */
  size_t nprojs;
} mssa__lsp;

/* lsp_io.c: Content-Length framed JSON messages. */
int mssa__lsp_read(mssa__lsp *L, json_t **msg);     /* 1 msg, 0 EOF, -1 bad frame */
bool mssa__lsp_frame_buffered(const mssa__lsp *L);  /* a whole frame is read already */
void mssa__lsp_send(mssa__lsp *L, json_t *msg);     /* steals msg */
void mssa__lsp_reply(mssa__lsp *L, json_t *id, json_t *result);  /* steals result */
void mssa__lsp_fail(mssa__lsp *L, json_t *id, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void mssa__lsp_notify(mssa__lsp *L, const char *method, json_t *params);  /* steals */
void mssa__lsp_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* window/showMessage (type 1 error .. 4 log) */
void mssa__lsp_show(mssa__lsp *L, int type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A server-created progress report (window/workDoneProgress/create, then
** "begin"): its token, or NULL when the client takes none. */
json_t *mssa__lsp_progress_begin(mssa__lsp *L, const char *title, const char *msg);

/* lsp_bridge.c: calls to memssad. Returns 0 with *out = the result, 1 with
** *out = the error object, or -1 when memssad cannot be reached. `params`
** is stolen. */
int mssa__lsp_call(mssa__lsp *L, const char *method, json_t *params, json_t **out);
void mssa__lsp_disconnect(mssa__lsp *L);

/* lsp_docs.c */
lsp_doc *mssa__lsp_doc_find(mssa__lsp *L, const char *uri);
/* Compiles the document's file and loads its IR (publishing diagnostics
** and progress); also used to load it again into a restarted memssad. */
void mssa__lsp_compile_and_load(mssa__lsp *L, lsp_doc *d);
void mssa__lsp_did_open(mssa__lsp *L, json_t *params);
void mssa__lsp_did_change(mssa__lsp *L, json_t *params);
void mssa__lsp_did_save(mssa__lsp *L, json_t *params);
void mssa__lsp_did_close(mssa__lsp *L, json_t *params);
void mssa__lsp_docs_free(mssa__lsp *L);
/* On exit or the end of input: every open document's module is unloaded. */
void mssa__lsp_unload_all(mssa__lsp *L);
/* "file:///a%20b/c.c" <-> "/a b/c.c" (malloc'ed; NULL if not a file URI) */
char *mssa__lsp_uri_to_path(const char *uri);
char *mssa__lsp_path_to_uri(const char *path);
/* Line `line` (1-based) of a file: from an open document, else from disk.
** Copies it (without the newline) into buf; false if there is none. */
bool mssa__lsp_source_line(mssa__lsp *L, const char *path, unsigned line, char *buf, size_t cap);

/* lsp_lines.c: a line of the buffer in the text last compiled and back;
** 0 for a line in the changed part. */
void mssa__lsp_lines_update(lsp_doc *d);
unsigned mssa__lsp_to_compiled(const lsp_doc *d, unsigned line);
unsigned mssa__lsp_to_current(const lsp_doc *d, unsigned line);

/* lsp_unit.c: headers answer through a .c file that includes them. */
bool mssa__lsp_is_header(const char *path);
/* The module a document's answers come from: its unit's, or its own. */
const char *mssa__lsp_doc_module(const lsp_doc *d);
/* An open .c document that includes the header, else the first .c file of
** its directory that does (malloc'ed path), or NULL. */
char *mssa__lsp_header_unit(mssa__lsp *L, const char *header);

/* lsp_proj.c: the project of an open file. */
/* After a .c document's own load: joins (or starts loading) the program of
** the compile_commands.json that lists it. */
void mssa__lsp_proj_open(mssa__lsp *L, lsp_doc *d);
/* After a save: reloads the document's unit of its program. */
void mssa__lsp_proj_saved(mssa__lsp *L, lsp_doc *d);
/* The program the document answers from (its name), or NULL: answer alone. */
const char *mssa__lsp_proj_module(const lsp_doc *d);
/* Is its project's program still loading (answers are the file's alone)? */
bool mssa__lsp_proj_loading(const lsp_doc *d);
/* memssad lost the program (restarted): load it again. */
void mssa__lsp_proj_lost(mssa__lsp *L, lsp_doc *d);
/* A load runs; poll reads what has come (timeout_ms 0: no wait; else waits
** that long for a load's connection or the editor's input). */
bool mssa__lsp_proj_busy(const mssa__lsp *L);
void mssa__lsp_proj_poll(mssa__lsp *L, int timeout_ms);
void mssa__lsp_projs_free(mssa__lsp *L);
/* The module a document's queries name: its program's, else its own. */
const char *mssa__lsp_answer_module(const lsp_doc *d);

/* lsp_reach.c: one memory access in source terms. */
typedef struct lsp_site {
  char *file;          /* NULL: no debug location */
  unsigned line, col;
  char *var;           /* the C expression accessed, or NULL */
  char *text;          /* the IR instruction */
  char *function;
  char *unit;          /* a program's unit of a write inside a callee, or NULL */
  long inst;           /* stable instruction id; -1 for none */
  bool write;
  bool param;          /* a store of a parameter's incoming value */
  bool loop;           /* a write that reaches only around a loop */
  char *callee;        /* a call: its C callee ("memcpy" for llvm.memcpy.*),
                          "" for an indirect call; NULL for any other */
  int lifetime;        /* 1: llvm.lifetime.start, 2: .end, 0: neither */
  bool reads;          /* a MemoryDef that only reads (an atomic load) */
  bool changed;        /* its line changed since the last good compile
                          (line: its number then) */
} lsp_site;

typedef struct lsp_access {
  char *module;
  char *unit;          /* a program's answer: the unit's path, else NULL */
  lsp_site self;
  lsp_site *writes;    /* the writes whose value it may read (or overwrite) */
  size_t nwrites;
  bool entry;          /* or a value from before the function */
  bool truncated;      /* more than LSP_MAX_WRITES, or memssad cut its list */
  /* a program's answer whose write is a call: the writes of the global
  ** loaded inside the callee (memssad's through_call) */
  char *via;           /* the callee, or NULL */
  lsp_site *inner;     /* function, file, line of each write inside */
  size_t ninner;
  bool inner_truncated;
} lsp_access;

/* The editor's compile settings (--clang or `clang`, --trusted-compiler,
** --opt-level, --compile-timeout-ms, --max-ir-mb, capped as memssad
** takes them) into the params of a load that compiles: a file's own
** (lsp_docs.c) and its project's (lsp_proj.c), so both compile alike. */
void mssa__lsp_compile_settings(const mssa__lsp *L, const char *clang, json_t *p);

/* The accesses at line:col of a document (col 0: the whole line). A
** column with nothing takes the nearest column of that line that has some.
** 0 and *out (n entries, maybe 0), -1 when memssad is unreachable, or
** LSP_LINE_CHANGED when the line changed since the last good compile.
** Lines are the buffer's (mapped through lsp_lines.c both ways). */
#define LSP_LINE_CHANGED 2
int mssa__lsp_accesses_at(mssa__lsp *L, lsp_doc *d, unsigned line, unsigned col,
                          lsp_access **out, size_t *n);
void mssa__lsp_accesses_free(lsp_access *a, size_t n);
void mssa__lsp_access_clear(lsp_access *a);   /* its strings and writes, not itself */
/* A site's line as the buffer of its file's open document has it now
** (changed: its line is gone), for a file other than the one asked about. */
void mssa__lsp_site_now_any(mssa__lsp *L, lsp_site *s);
/* The access with stable id `inst` of function `fn` (module and unit as
** memssad named them in an answer; unit may be NULL), as accesses_at
** gives one: 0 with *a (mssa__lsp_access_clear it), 1 when memssad
** refused, -1 when it is unreachable. */
int mssa__lsp_access_by_id(mssa__lsp *L, const char *module, const char *unit, const char *fn,
                           long inst, lsp_access *a);
/* The loads that may read what the write `a` stored (d: the document asked
** about, for its lines; NULL: any open file's). */
int mssa__lsp_readers(mssa__lsp *L, lsp_doc *d, const lsp_access *a, lsp_site **out, size_t *n);
void mssa__lsp_sites_free(lsp_site *s, size_t n);

/* lsp_hover.c: answers in words. A growing string: */
typedef struct lsp_sbuf {
  char *p;
  size_t n, cap;
} lsp_sbuf;
void mssa__lsp_sb_add(lsp_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* `code` as a Markdown code span (a longer fence when it holds backticks). */
void mssa__lsp_sb_code(lsp_sbuf *b, const char *code);
/* The C callee of a call instruction's text ("f", "memcpy" for
** @llvm.memcpy.p0.p0.i64, "" for an indirect call) into buf; false if
** the text is not a call. */
bool mssa__lsp_callee(const char *text, char *buf, size_t cap);
/* Is write w shown for access a: never a lifetime end, a lifetime start
** only of the variable a is about (it is then "not initialised yet"),
** never a def that only reads (an atomic load)? */
bool mssa__lsp_write_shown(const lsp_access *a, const lsp_site *w);
/* The hover text of access a: its writes grouped (calls by callee, stores
** by line) and, when `cap` > 0, at most `cap` entries then "and N more". */
void mssa__lsp_hover_access(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a, size_t cap);

/* lsp_features.c: request handlers (each replies). */
void mssa__lsp_hover(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_definition(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_references(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_execute(mssa__lsp *L, json_t *id, json_t *params);
/* An LSP character offset for a 1-based byte column of a file's line. */
int mssa__lsp_char(mssa__lsp *L, const char *path, unsigned line, unsigned col);

/* lsp_lens.c: code lenses and inlay hints. The handlers queue a job (and
** reply later); the main loop calls lens_step (one chunk of the first
** job) while jobs wait and no message does (input_waiting). */
void mssa__lsp_code_lens(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_inlay_hint(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_execute(mssa__lsp *L, json_t *id, json_t *params);
/* The document and 1-based line / byte column of params.position, or NULL. */
lsp_doc *mssa__lsp_doc_pos(mssa__lsp *L, json_t *params, unsigned *line, unsigned *col);
/* An LSP Location of a site's file, line and column. */
json_t *mssa__lsp_location_new(mssa__lsp *L, const lsp_site *s);

/* lsp_refs.c: the reads and writes of the global or member at the cursor.
** references_any: textDocument/references: those, or when the cursor names
** neither, mssa__lsp_references's per-write answer. */
void mssa__lsp_references_any(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_memssa_references(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_document_highlight(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_lens_step(mssa__lsp *L);
/* lsp_hier.c: the memory dependence hierarchy, as LSP's call hierarchy. */
void mssa__lsp_prepare_hierarchy(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_incoming(mssa__lsp *L, json_t *id, json_t *params);
void mssa__lsp_outgoing(mssa__lsp *L, json_t *id, json_t *params);
bool mssa__lsp_input_waiting(mssa__lsp *L);
void mssa__lsp_lens_cancel(mssa__lsp *L, json_t *params);   /* $/cancelRequest */
void mssa__lsp_lens_free(mssa__lsp *L);

#endif
