// client.mjs -- the official MCP SDK's client (@modelcontextprotocol/sdk:
// Client + StdioClientTransport) spawns `memssa mcp`, initializes, lists
// the tools, calls each on tests/fixtures/mcp/calls.c and makes bad calls.
// It prints one JSON object of what it saw; tests/daemon/mcp.t asserts on
// it (ids, lines, names, error codes). Usage:
//   node tests/mcp/client.mjs MEMSSA_BIN FIXTURE.c   (MEMSSA_SOCKET in the env)
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, fixture] = process.argv.slice(2);
const sdk = JSON.parse(readFileSync(new URL(
  "./node_modules/@modelcontextprotocol/sdk/package.json", import.meta.url))).version;
const out = { sdk, calls: {} };

const transport = new StdioClientTransport({
  command: bin, args: ["mcp"], env: { ...process.env }, stderr: "inherit",
});
// The version the server answered: the SDK keeps it to itself, so the
// transport's message handler is watched.
let negotiated = null, handler;
Object.defineProperty(transport, "onmessage", {
  configurable: true, get: () => handler,
  set: (h) => {
    handler = h && ((m, extra) => {
      if (m && m.result && m.result.protocolVersion) negotiated = m.result.protocolVersion;
      return h(m, extra);
    });
  },
});
const client = new Client({ name: "memssa-test", version: "1.0" });
await client.connect(transport);
out.server = client.getServerVersion();
out.protocol = negotiated;
out.instructions = client.getInstructions() ?? "";
out.capabilities = client.getServerCapabilities();

const listed = await client.listTools();
out.tools = listed.tools.map((t) => ({
  name: t.name, input: t.inputSchema, hasOutput: !!t.outputSchema,
}));

// A call: its structured result, its text, isError; or the thrown error.
async function call(label, name, args) {
  try {
    const r = await client.callTool({ name, arguments: args });
    out.calls[label] = {
      isError: !!r.isError, data: r.structuredContent ?? null,
      text: (r.content ?? []).map((c) => c.text).join(""),
    };
  } catch (e) {
    out.calls[label] = { thrown: true, code: e.code ?? null, message: String(e.message) };
  }
  return out.calls[label];
}

const reach = await call("reaching", "reaching_writes", { file: fixture, line: 13, col: 7 });
const mod = reach.data ? reach.data.module : fixture;
const load = reach.data ? reach.data.accesses[0] : null;
await call("reaching_loop", "reaching_writes", { file: fixture, line: 20, col: 5 });
await call("reaching_line", "reaching_writes", { file: fixture, line: 6 });
await call("readers", "reading_loads", { file: fixture, line: 18, col: 7 });
await call("readers_of_load", "reading_loads", { file: fixture, line: 14 });
await call("clobber_pos", "clobber", { file: fixture, line: 13, col: 7 });
await call("clobber_inst", "clobber", { module: mod, function: "update", inst: load ? load.inst : 0 });
const w = load ? load.writes : [];
await call("alias", "alias", { module: mod, function: "update", a: w[0]?.inst ?? 0, b: w[1]?.inst ?? 0 });
await call("modref", "modref", { module: mod, function: "update", inst: w[2]?.inst ?? 0, other: load ? load.inst : 0 });
await call("memoryssa", "memoryssa", { module: mod, function: "set" });
await call("load", "load", { source: fixture, module: "calls_copy" });
await call("modules", "modules", {});
await call("functions", "functions", { module: mod });

// Bad calls: each gets the protocol's answer, and the server stays up.
await call("unknown_tool", "no_such_tool", {});
await call("bad_type", "reaching_writes", { file: fixture, line: "thirteen" });
await call("missing", "alias", { module: mod, function: "update", a: 1 });
await call("extra", "memoryssa", { module: mod, bogus: 1 });
await call("unknown_module", "memoryssa", { module: "no-such-module" });
await call("no_access", "reaching_writes", { file: fixture, line: 1 });
await call("no_file", "reaching_writes", { file: "/nonexistent/x.c", line: 1 });
await call("both_forms", "clobber", { module: mod, function: "update", inst: 1, file: fixture, line: 13 });
out.ping_after = await client.ping().then(() => true, () => false);
out.calls.after = (await call("after", "functions", { module: mod })).isError === false;

await client.close();
process.stdout.write(JSON.stringify(out) + "\n");
