#!/usr/bin/env python3
# `memssa mcp`, the Model Context Protocol server, as agents run it:
#  1. the official MCP SDK's client (tests/mcp/client.mjs: Client +
#     StdioClientTransport, @modelcontextprotocol/sdk from npm, installed
#     into tests/mcp/node_modules when missing; skipped with the reason when
#     node, npm or the package cannot be had) spawns it, initializes, lists
#     the tools, calls each on tests/fixtures/mcp/calls.c and makes bad
#     calls; this script asserts on what it saw (lines, names, ids, codes);
#  2. the wire by hand: version negotiation (each supported version echoed,
#     an unknown one answered with the newest; no structuredContent or
#     outputSchema before 2025-06-18), requests before initialize,
#     notifications, batches, a line that is not JSON, a line over
#     --max-line, the end of input;
#  4. (after 3) random messages, a fixed seed: none ends the server;
#  3. sharing and freshness: memssad is started by the server when nobody
#     answers (as `memssa lsp` does), an editor's connection sees the
#     agent's module, a module memssad lost is compiled again, and an
#     edited file is compiled again before it is answered.
import json, os, select, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
ROOT, BIN = lib.ROOT, lib.MEMSSA
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "mcp", "calls.c")
NODE_DIR = os.path.join(ROOT, "tests", "mcp")
SDK_PKG = os.path.join(NODE_DIR, "node_modules", "@modelcontextprotocol", "sdk", "package.json")
lib.time_limit(600)

tmp = tempfile.mkdtemp(prefix="memssa-mcp-t-")
lib._tmpdirs.append(tmp)
os.chmod(tmp, 0o700)
SOCK = os.path.join(tmp, "d.sock")
ENV = dict(os.environ, MEMSSA_SOCKET=SOCK)
ENV.pop("LISTEN_FDS", None)


def stop_daemon():
    if os.path.exists(SOCK):
        subprocess.run([BIN, "shutdown", "--socket", SOCK], env=ENV, capture_output=True,
                       timeout=30)
        for _ in range(300):
            if not os.path.exists(SOCK):
                break
            time.sleep(0.02)


import atexit  # noqa: E402
atexit.register(stop_daemon)


def sdk_ready():
    """The SDK in tests/mcp/node_modules: installed if missing; a reason if not."""
    if not shutil.which("node") or not shutil.which("npm"):
        return "node or npm is not installed (apt-get install nodejs npm)"
    if os.path.exists(SDK_PKG):
        return None
    try:
        # --prefer-offline: npm's cache first; few, short retries, so an
        # offline machine skips in well under a minute instead of retrying.
        r = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefer-offline",
                            "--fetch-retries=1", "--fetch-timeout=20000"],
                           cwd=NODE_DIR, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return "npm install @modelcontextprotocol/sdk took over 300 s (offline?)"
    if r.returncode or not os.path.exists(SDK_PKG):
        said = [l for l in (r.stderr or r.stdout).splitlines()
                if l.strip() and "complete log" not in l and "/_logs/" not in l]
        return "npm install @modelcontextprotocol/sdk failed (offline?): %s" % (
            said[0] if said else "exit %d" % r.returncode)
    return None


# ------------------------------------------------------------ 1. the SDK
why = sdk_ready()
if why:
    ok(True, "# SKIP the MCP SDK client: " + why)
else:
    r = subprocess.run(["node", os.path.join(NODE_DIR, "client.mjs"), BIN, FIXTURE], env=ENV,
                       capture_output=True, text=True, timeout=300)
    ok(r.returncode == 0, "the SDK client ran to its end", r.stderr[-2000:])
    try:
        out = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        out = {"calls": {}, "tools": []}
    C = out["calls"]
    print("# @modelcontextprotocol/sdk %s" % out.get("sdk"))
    is_(out.get("server", {}).get("name"), "memssa", "serverInfo.name")
    is_(out.get("protocol"), "2025-11-25", "the SDK's own version (its newest) is answered")
    ok("tools" in (out.get("capabilities") or {}), "the tools capability is declared")
    names = [t["name"] for t in out["tools"]]
    is_(names, ["reaching_writes", "reading_loads", "clobber", "alias", "modref", "memoryssa", "load",
                "modules", "functions"], "tools/list names every tool")
    ok(all(t["input"].get("type") == "object" and t["hasOutput"] for t in out["tools"]),
       "each tool has an object input schema and an output schema")
    req = {t["name"]: t["input"].get("required", []) for t in out["tools"]}
    is_(req.get("reaching_writes"), ["file", "line"], "reaching_writes requires file and line")

    def data(label):
        c = C.get(label, {})
        ok(c.get("isError") is False and c.get("data") is not None, label + ": a result",
           json.dumps(c)[:1500])
        return c.get("data") or {}

    def site(s):
        return (s.get("line"), s.get("col"), s.get("kind"), s.get("var"), s.get("path"))

    d = data("reaching")
    a = (d.get("accesses") or [{}])[0]
    is_(d.get("module"), os.path.realpath(FIXTURE),
        "reaching_writes: the module is the C file's absolute path (the editors' name)")
    is_((a.get("function"), a.get("line"), a.get("col"), a.get("kind"), a.get("var")),
        ("update", 13, 7, "read", "*p"), "reaching_writes: the load of *p on line 13")
    is_([site(w) for w in a.get("writes", [])],
        [(9, 6, "write", "*p", "straight"), (11, 8, "write", "*q", "branch"),
         (12, 3, "call", None, "straight")],
        "reaching_writes: *p = 1 (line 9), *q = 2 on a branch (line 11), the call set(q) (line 12)")
    is_(a.get("from_entry"), True, "reaching_writes: and a value from before the function")
    text = C.get("reaching", {}).get("text", "")
    ok("calls.c:11:8 write of *q in update [branch]" in text,
       "reaching_writes: the text names line 11's write of *q", text)
    d = data("reaching_loop")
    a = (d.get("accesses") or [{}])[0]
    is_((d.get("col"), d.get("nearest"), a.get("var")), (11, True, "total"),
        "reaching_writes: column 5 of line 20 takes the nearest column, 11 (total)")
    is_([site(w) for w in a.get("writes", [])],
        [(18, 7, "write", "total", "straight"), (20, 11, "write", "total", "loop")],
        "reaching_writes: total = 0 (line 18) and total += (line 20) around the loop")
    d = data("reaching_line")
    is_([(a.get("col"), a.get("kind"), [(w.get("param"), w.get("line")) for w in a.get("writes", [])],
          a.get("from_entry")) for a in d.get("accesses", [])],
        [(21, "read", [(0, None)], False), (23, "write", [], True)],
        "reaching_writes, a whole line (6): the load of p reads parameter 0's spill (no line); "
        "the store *p = 5 overwrites what came from before the function")
    text = C.get("reaching_line", {}).get("text", "")
    ok("on entry: write of p (parameter 0's incoming value) in set" in text,
       "reaching_writes: the text says the spill is on entry", text)
    d = data("readers")
    is_(site(d.get("store", {})), (18, 7, "write", "total", None),
        "reading_loads: the store total = 0 on line 18")
    is_([site(x) for x in d.get("loads", [])],
        [(20, 11, "read", "total", None), (21, 10, "read", "total", None)],
        "reading_loads: read by total += (line 20) and return total (line 21)")
    for label in ("clobber_pos", "clobber_inst"):
        m = (data(label).get("matches") or [{}])[0]
        is_((m.get("access", {}).get("inst"), m.get("clobber", {}).get("inst"),
             m.get("clobber", {}).get("source", {}).get("line"), m.get("clobber", {}).get("desc")),
            (17, 15, 12, "6 = MemoryDef(8)"),   # as opt-22 -passes=print<memoryssa> prints it
            label + ": the load (inst 17) is clobbered by the call on line 12 (inst 15)")
    is_((data("alias").get("alias"), data("alias").get("overlap")), ("MayAlias", "may"),
        "alias: *p = 1 and *q = 2 may alias")
    is_(data("modref").get("modref"), "ModRef", "modref: set(q) may read and write what *p reads")
    t = data("memoryssa").get("text", "")
    ok("MemorySSA for function: set" in t and "2 = MemoryDef(1)" in t,
       "memoryssa: print<memoryssa> of set", t)
    is_((data("load").get("module"), data("load").get("functions")), ("calls_copy", 3),
        "load: the source under the module name asked for, 3 functions")
    mods = [m["name"] for m in data("modules").get("modules", [])]
    ok(os.path.realpath(FIXTURE) in mods and "calls_copy" in mods, "modules: both", mods)
    is_([f["name"] for f in data("functions").get("functions", [])], ["set", "update", "sum"],
        "functions: set, update, sum")
    u = C.get("unknown_tool", {})
    is_((u.get("thrown"), u.get("code")), (True, -32602), "an unknown tool: JSON-RPC -32602")

    def tool_error(label, words):
        c = C.get(label, {})
        ok(c.get("isError") is True and c.get("data") is None and words in c.get("text", ""),
           "%s: isError, saying '%s'" % (label, words), json.dumps(c))
    tool_error("bad_type", "arguments.line must be an integer")
    tool_error("missing", "arguments.b is required")
    tool_error("extra", "no member 'bogus'")
    tool_error("unknown_module", "error -32001 (unknown_module)")
    tool_error("no_access", "error -32004 (no_access_on_line)")
    tool_error("no_file", "cannot read /nonexistent/x.c")
    tool_error("both_forms", "not both")
    tool_error("readers_of_load", "is a MemoryUse")
    ok(out.get("ping_after") is True and C.get("after") is True,
       "after the bad calls the server answers ping and tools")


# ------------------------------------------------------------ 2. the wire
class Mcp:
    def __init__(self, *args):
        self.p = subprocess.Popen([BIN, "mcp"] + list(args), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
        self.buf = b""
        self.n = 0

    def send(self, obj):
        self.p.stdin.write((obj if isinstance(obj, bytes) else json.dumps(obj).encode()) + b"\n")
        self.p.stdin.flush()

    def read(self, timeout=60):
        deadline = time.time() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.p.stdout.fileno(), 1 << 20)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def req(self, method, params=None):
        self.n += 1
        m = {"jsonrpc": "2.0", "id": self.n, "method": method}
        if params is not None:
            m["params"] = params
        self.send(m)
        return self.read()

    def init(self, version="2025-06-18"):
        r = self.req("initialize", {"protocolVersion": version, "capabilities": {},
                                    "clientInfo": {"name": "t", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return r

    def tool(self, name, args):
        return (self.req("tools/call", {"name": name, "arguments": args}) or {}).get("result", {})

    def end(self):
        self.p.stdin.close()
        try:
            return self.p.wait(30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return None


for v, want in (("2025-11-25", "2025-11-25"), ("2025-06-18", "2025-06-18"),
                ("2025-03-26", "2025-03-26"), ("2024-11-05", "2024-11-05"),
                ("1999-01-01", "2025-11-25")):
    s = Mcp()
    r = s.init(v)
    is_((r or {}).get("result", {}).get("protocolVersion"), want,
        "initialize %s is answered with %s" % (v, want))
    tools = (s.req("tools/list") or {}).get("result", {}).get("tools", [])
    if v == "2025-11-25":   # the module the calls below ask (also without the SDK part)
        s.tool("load", {"source": FIXTURE})
    res = s.tool("functions", {"module": os.path.realpath(FIXTURE)})
    structured = want >= "2025-06-18"
    ok(len(tools) == 9 and all(("outputSchema" in t) == structured for t in tools)
       and ("structuredContent" in res) == structured and "set: 2 defs" in
       res.get("content", [{}])[0].get("text", ""),
       "%s: outputSchema and structuredContent %s, text content always" %
       (want, "sent" if structured else "left out (the version has none)"), json.dumps(res)[:800])
    is_(s.end(), 0, "%s: the end of input ends the server with 0" % want)

s = Mcp("--max-line", "4096")
r = s.req("tools/list")
is_((r or {}).get("error", {}).get("code"), -32600, "tools/list before initialize: -32600")
is_((s.req("ping") or {}).get("result"), {}, "ping before initialize is answered")
s.init()
s.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}})
s.send(b"this is not json")
r = s.read()
is_((r or {}).get("error", {}).get("code"), -32700, "a line that is not JSON: -32700")
ok(r is not None and r.get("id") is None, "... with id null")
s.send(json.dumps({"jsonrpc": "2.0", "id": 77, "method": "ping",
                   "params": {"pad": "x" * 10000}}).encode())
r = s.read()
ok(r is not None and r.get("error", {}).get("code") == -32600 and r.get("id") is None
   and "--max-line" in r["error"]["message"], "a line over --max-line 4096: -32600, dropped", r)
is_((s.req("ping") or {}).get("result"), {}, "the next line is answered (the notification "
    "before was not)")
s.send([{"jsonrpc": "2.0", "id": "a", "method": "ping"},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": "b", "method": "nope"}])
r = s.read()
is_([(x.get("id"), "result" in x, x.get("error", {}).get("code")) for x in r or []],
    [("a", True, None), ("b", False, -32601)], "a batch: replies in order, none for its notification")
is_((s.req("tools/call", {"arguments": {}}) or {}).get("error", {}).get("code"), -32602,
    "tools/call without a name: -32602")
is_((s.req("tools/call", {"name": "alias", "arguments": [1]}) or {}).get("error", {}).get("code"),
    -32602, "tools/call with arguments not an object: -32602")
s.send(b'{"jsonrpc":"2.0","id":5,"result":{}}')   # a response: ignored
is_((s.req("ping") or {}).get("id"), s.n, "a response from the client is ignored")
s.send(b'{"jsonrpc":"2.0","id":99,"method":"ping"}')   # the last line, without a newline
s.p.stdin.write(b'{"jsonrpc":"2.0","id":100,"method":"ping"}')
s.p.stdin.flush()
s.p.stdin.close()
is_((s.read() or {}).get("id"), 99, "... and so is the ping after it")
is_((s.read() or {}).get("id"), 100, "a last line without its newline is answered at the end")
is_(s.p.wait(30), 0, "then the server exits 0")

# ------------------------------------------------- 3. sharing and freshness
stop_daemon()
ok(not os.path.exists(SOCK), "memssad stopped")
copy = os.path.join(tmp, "calls.c")
shutil.copy(FIXTURE, copy)
s = Mcp()
s.init()
res = s.tool("reaching_writes", {"file": copy, "line": 13, "col": 7})
lines = [w["line"] for w in res.get("structuredContent", {}).get("accesses", [{}])[0].get("writes", [])]
is_(lines, [9, 11, 12], "with no memssad running, the server starts one and answers")
ok(os.path.exists(SOCK), "memssad listens on the shared socket")
ed = lib.Client(SOCK)
mods = [m["name"] for m in ed.result("modules")["modules"]]
ok(copy in mods, "an editor's connection to memssad sees the agent's module", mods)
ed.result("unload", {"module": copy})
res = s.tool("reaching_writes", {"file": copy, "line": 13, "col": 7})
lines = [w["line"] for w in res.get("structuredContent", {}).get("accesses", [{}])[0].get("writes", [])]
is_(lines, [9, 11, 12], "a module memssad lost is compiled again and answered")
with open(copy) as f:
    src = f.read()
with open(copy, "w") as f:   # the call's line becomes a comment: lines stay where they were
    f.write(src.replace("  set(q);", "  /*set(q);*/"))
res = s.tool("reaching_writes", {"file": copy, "line": 13, "col": 7})
lines = [w["line"] for w in res.get("structuredContent", {}).get("accesses", [{}])[0].get("writes", [])]
is_(lines, [9, 11], "after the file is edited, its new text is compiled and answered")
is_(s.end(), 0, "the server exits 0")
ed.close()

# ------------------------------------------------- 4. random messages
import random  # noqa: E402
rng = random.Random(29)
TOOL_NAMES = ["reaching_writes", "reading_loads", "clobber", "alias", "modref", "memoryssa", "load", "modules",
              "functions", "nope", ""]
KEYS = ["file", "line", "col", "module", "function", "inst", "a", "b", "location", "other",
        "walker", "path", "source", "ptr", "size", "block", "index"]


def value(depth=0):
    k = rng.randrange(9 if depth < 4 else 6)
    if k == 0: return None
    if k == 1: return rng.choice([True, False])
    if k == 2: return rng.choice([0, 1, -1, 13, 2 ** 62, -2 ** 63, 1.5])
    if k == 3: return rng.choice(["", "x", copy, "%15", "@g", "update", "\u0000\n", "/dev/zero"])
    if k == 4: return rng.choice([[], {}])
    if k == 5: return os.path.realpath(FIXTURE)
    if k == 6: return [value(depth + 1) for _ in range(rng.randrange(3))]
    return {rng.choice(KEYS): value(depth + 1) for _ in range(rng.randrange(4))}


lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": rng.choice(["2025-06-18", "2024-11-05"]), "capabilities": {},
    "clientInfo": {"name": "t", "version": "0"}}}).encode()]
for i in range(300):
    k = rng.randrange(6)
    if k == 0:
        line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))).replace(b"\n", b" ")
    elif k == 1:
        line = b"[" * 3000 + b"]" * 3000          # deeper than jansson parses
    elif k == 2:
        line = json.dumps(value()).encode()
    else:
        m = {"jsonrpc": "2.0", "id": 1000 + i, "method": rng.choice(
            ["tools/call", "tools/call", "tools/list", "ping", "initialize", "x"]),
             "params": {"name": rng.choice(TOOL_NAMES),
                        "arguments": value() if rng.randrange(4) else
                        {kk: value() for kk in rng.sample(KEYS, 3)}}}
        if rng.randrange(8) == 0:
            del m["id"]
        line = json.dumps(m).encode()
    lines.append(line)
lines.append(b'{"jsonrpc":"2.0","id":"last","method":"ping"}')
# communicate() reads while it writes: neither pipe can fill up and stall both.
p = subprocess.Popen([BIN, "mcp", "--max-line", "65536"], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV)
try:
    so, _ = p.communicate(b"\n".join(lines) + b"\n", timeout=300)
except subprocess.TimeoutExpired:
    p.kill()
    so, _ = p.communicate()
replies = []
for ln in so.splitlines():
    try:
        replies.append(json.loads(ln))
    except ValueError:
        replies.append("not JSON: %r" % ln[:200])
ok(all(isinstance(r, (dict, list)) for r in replies), "every output line is one JSON message",
   [r for r in replies if isinstance(r, str)][:3])
last = replies[-1] if replies else {}
is_((last.get("id"), last.get("result")) if isinstance(last, dict) else last, ("last", {}),
    "after %d random messages the server answers the last ping" % (len(lines) - 2))
is_(p.returncode, 0, "and exits 0 at the end of input")
done()
