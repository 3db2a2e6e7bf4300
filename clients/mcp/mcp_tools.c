/*
** mcp_tools.c -- the tool table of `memssa mcp`: each tool's name, its
** description for the agent, its input schema (checked by mcp_schema.c
** before the tool runs) and output schema, and tools/call's envelope
** around the tool's work: structuredContent plus a text rendering, or
** isError with the reason.
**
** Invariants:
**   1. Every schema text of the table is valid JSON (checked when the
**      table is first used); tools/list shows exactly the schemas that
**      tools/call enforces.
**   2. An unknown tool name or malformed tools/call params are protocol
**      errors (-32602); arguments that do not fit the schema, and every
**      failure of the tool's work, are results with isError true
**      (SEP-1303, MCP 2025-11-25: the model reads them and retries).
**   3. structuredContent and outputSchema are sent only to a client of
**      protocol version 2025-06-18 or later, which knows them; and never
**      with isError, so a client's output validation never sees an error.
*/
#define _POSIX_C_SOURCE 200809L  /* strdup */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memssa.h"
#include "mcp_internal.h"

/* Designators as memssad takes them (docs/protocol.md). */
#define INST_SCHEMA                                                                    \
  "{\"type\":[\"string\",\"integer\",\"object\"],\"description\":"                     \
  "\"an instruction: its stable id (12), its result name (\\\"%8\\\"), or "           \
  "{\\\"block\\\":\\\"5\\\",\\\"index\\\":3}\"}"
#define LOC_SCHEMA                                                                     \
  "{\"type\":\"object\",\"description\":\"a memory location: a pointer value and a "  \
  "size in bytes (absent: unknown)\",\"properties\":{\"ptr\":{\"type\":\"string\","    \
  "\"description\":\"%p, %3, an argument or @global\"},\"size\":{\"type\":\"integer\"," \
  "\"minimum\":0}},\"required\":[\"ptr\"],\"additionalProperties\":false}"
#define POS_PROPS                                                                      \
  "\"file\":{\"type\":\"string\",\"description\":\"a C source file (relative to the "  \
  "server's directory, or absolute)\"},\"line\":{\"type\":\"integer\",\"minimum\":1,"   \
  "\"description\":\"1-based line\"},\"col\":{\"type\":\"integer\",\"minimum\":0,"      \
  "\"description\":\"1-based byte column; 0 or absent: the whole line\"}"
#define MODULE_PROP "\"module\":{\"type\":\"string\",\"description\":\"a loaded module's name\"}"
#define FUNC_PROP "\"function\":{\"type\":\"string\",\"description\":\"a defined function, with or without @\"}"

typedef struct tool {
  const char *name, *title, *description, *input, *output;
  void (*run)(mssa__mcp *M, json_t *args, mcp_out *o);
} tool;

static const tool TOOLS[] = {
    {"reaching_writes", "Reaching writes",
     "The writes whose value a load at a source position may read (for a store: the "
     "writes it may overwrite), through branches and loops, with file, line, column, "
     "function and C variable of each, and whether a value from before the function "
     "(a parameter, a global, the caller's memory) may reach. The C file is compiled "
     "through memssad (with its compile_commands.json) unless `module` names a loaded one.",
     "{\"type\":\"object\",\"properties\":{" POS_PROPS "," MODULE_PROP
     "},\"required\":[\"file\",\"line\"],\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"module\":{\"type\":\"string\"},\"accesses\":"
     "{\"type\":\"array\"}},\"required\":[\"module\",\"accesses\"]}",
     mssa__mcp_tool_reaching},
    {"reading_loads", "Loads reading a store",
     "The loads that may read what the store at a source position wrote, within its "
     "function, through branches and loops (the other direction of reaching_writes), "
     "with file, line, column and C variable of each. The C file is compiled through "
     "memssad unless `module` names a loaded one.",
     "{\"type\":\"object\",\"properties\":{" POS_PROPS "," MODULE_PROP
     "},\"required\":[\"file\",\"line\"],\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"store\":{\"type\":\"object\"},\"loads\":"
     "{\"type\":\"array\"},\"truncated\":{\"type\":\"boolean\"}},"
     "\"required\":[\"store\",\"loads\",\"truncated\"]}",
     mssa__mcp_tool_readers},
    {"clobber", "Clobbering access",
     "MemorySSA's walker answer (getClobberingMemoryAccess) for one instruction "
     "(module, function, inst; optionally a location) or for the memory accesses at a "
     "source position (file, line, col; the C file is compiled unless module is given).",
     "{\"type\":\"object\",\"properties\":{" MODULE_PROP "," FUNC_PROP ",\"inst\":" INST_SCHEMA
     "," POS_PROPS ",\"location\":" LOC_SCHEMA "},\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"matches\":{\"type\":\"array\"}},"
     "\"required\":[\"matches\"]}",
     mssa__mcp_tool_clobber},
    {"alias", "Alias query",
     "Whether two memory locations may overlap in a function: each an instruction "
     "(a load or store: its location) or {ptr,size}. Answers LLVM's AliasResult "
     "(NoAlias, MayAlias, PartialAlias, MustAlias) and the overlap kind.",
     "{\"type\":\"object\",\"properties\":{" MODULE_PROP "," FUNC_PROP ",\"a\":{\"type\":"
     "[\"string\",\"integer\",\"object\"],\"description\":\"an instruction or {ptr,size}\"},"
     "\"b\":{\"type\":[\"string\",\"integer\",\"object\"],\"description\":\"an instruction or "
     "{ptr,size}\"}},\"required\":[\"module\",\"function\",\"a\",\"b\"],"
     "\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"alias\":{\"type\":\"string\"}},"
     "\"required\":[\"alias\"]}",
     mssa__mcp_tool_alias},
    {"modref", "Mod/ref of a call",
     "How an instruction (a call, say) may touch memory: against a location "
     "{ptr,size}, or against what another instruction touches. Answers NoModRef, Ref, "
     "Mod or ModRef, and whether it must.",
     "{\"type\":\"object\",\"properties\":{" MODULE_PROP "," FUNC_PROP ",\"inst\":" INST_SCHEMA
     ",\"location\":" LOC_SCHEMA ",\"other\":" INST_SCHEMA
     "},\"required\":[\"module\",\"function\",\"inst\"],\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"modref\":{\"type\":\"string\"}},"
     "\"required\":[\"modref\"]}",
     mssa__mcp_tool_modref},
    {"memoryssa", "MemorySSA of a function",
     "The MemorySSA of a function (or of every function of the module), as LLVM's "
     "opt -passes='print<memoryssa>' prints it (walker: print<memoryssa-walker>).",
     "{\"type\":\"object\",\"properties\":{" MODULE_PROP "," FUNC_PROP
     ",\"walker\":{\"type\":\"boolean\"}},\"required\":[\"module\"],"
     "\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},\"truncated\":"
     "{\"type\":\"boolean\"}},\"required\":[\"text\",\"truncated\"]}",
     mssa__mcp_tool_memoryssa},
    {"load", "Load a module",
     "Loads LLVM IR (path: a .ll file, or a .json JSON IR file) or compiles a C file "
     "(source; its module is named by its absolute path, as the editors name it) into "
     "memssad, replacing a module of the same name.",
     "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"},\"source\":"
     "{\"type\":\"string\"}," MODULE_PROP "},\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"module\":{\"type\":\"string\"},\"functions\":"
     "{\"type\":\"integer\"}},\"required\":[\"module\",\"functions\"]}",
     mssa__mcp_tool_load},
    {"modules", "Loaded modules", "The modules memssad holds (editors' and agents' alike).",
     "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"modules\":{\"type\":\"array\"}},"
     "\"required\":[\"modules\"]}",
     mssa__mcp_tool_modules},
    {"functions", "Functions of a module",
     "The defined functions of a loaded module with their access counts.",
     "{\"type\":\"object\",\"properties\":{" MODULE_PROP "},\"required\":[\"module\"],"
     "\"additionalProperties\":false}",
     "{\"type\":\"object\",\"properties\":{\"functions\":{\"type\":\"array\"}},"
     "\"required\":[\"functions\"]}",
     mssa__mcp_tool_functions},
};
#define NTOOLS (sizeof TOOLS / sizeof *TOOLS)

/* The parsed schemas, [i][0] input and [i][1] output (invariant 1). */
static json_t *schemas[NTOOLS][2];

static void parse_schemas(void) {
  if (schemas[0][0]) return;
  for (size_t i = 0; i < NTOOLS; i++) {
    json_error_t e;
    schemas[i][0] = json_loads(TOOLS[i].input, 0, &e);
    schemas[i][1] = json_loads(TOOLS[i].output, 0, &e);
    MSSA_ASSERT(schemas[i][0] && schemas[i][1]);
    if (!schemas[i][0] || !schemas[i][1]) abort();
  }
}

json_t *mssa__mcp_tools_list_new(const mssa__mcp *M) {
  parse_schemas();
  json_t *arr = json_array();
  for (size_t i = 0; i < NTOOLS; i++) {
    json_t *t = json_pack("{sssssssO}", "name", TOOLS[i].name, "title", TOOLS[i].title,
                          "description", TOOLS[i].description, "inputSchema", schemas[i][0]);
    if (M->structured) json_object_set(t, "outputSchema", schemas[i][1]);
    json_object_set_new(t, "annotations",
                        json_pack("{sbsbsb}", "readOnlyHint", strcmp(TOOLS[i].name, "load") != 0,
                                  "idempotentHint", 1, "openWorldHint", 0));
    json_array_append_new(arr, t);
  }
  return json_pack("{so}", "tools", arr);
}

static json_t *result_new(const mssa__mcp *M, mcp_out *o) {
  json_t *content = json_array();
  const char *text = o->text ? o->text : "";
  json_array_append_new(content, json_pack("{ssss}", "type", "text", "text", text));
  json_t *r = json_pack("{sosb}", "content", content, "isError", o->error);
  if (!o->error && M->structured && o->data) json_object_set(r, "structuredContent", o->data);
  MSSA_ASSERT(!o->error || !json_object_get(r, "structuredContent"));  /* invariant 3 */
  return r;
}

json_t *mssa__mcp_tools_call_new(mssa__mcp *M, json_t *params, int *code, char *why,
                                 size_t cap) {
  parse_schemas();
  const char *name = json_string_value(json_object_get(params, "name"));
  json_t *args = json_object_get(params, "arguments");
  if (!name) {
    *code = MCP_INVALID_PARAMS;
    snprintf(why, cap, "tools/call: params.name (a string) is required");
    return NULL;
  }
  if (args && !json_is_object(args)) {
    *code = MCP_INVALID_PARAMS;
    snprintf(why, cap, "tools/call: params.arguments must be an object");
    return NULL;
  }
  size_t i = 0;
  while (i < NTOOLS && strcmp(TOOLS[i].name, name)) i++;
  if (i == NTOOLS) {
    *code = MCP_INVALID_PARAMS;
    snprintf(why, cap, "Unknown tool: %s", name);
    return NULL;
  }
  json_t *a = args ? json_incref(args) : json_object();
  mcp_out o = {0};
  char msg[512];
  if (mssa__mcp_check_args(schemas[i][0], a, msg, sizeof msg))
    mssa__mcp_out_fail(&o, "%s: %s", name, msg);
  else
    TOOLS[i].run(M, a, &o);
  MSSA_ASSERT(o.error || o.text);
  json_t *r = result_new(M, &o);
  json_decref(o.data);
  free(o.text);
  json_decref(a);
  return r;
}
