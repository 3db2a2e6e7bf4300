#!/usr/bin/env python3
# `memssa lsp` driven over pipes, byte by byte as an editor would: the
# Content-Length framing (split and joined frames, extra headers, a body
# that is not JSON), the lifecycle (requests before initialize, shutdown,
# exit with and without shutdown), compile on open and save with
# $/progress and publishDiagnostics (clang's errors with file, line, col),
# hover, definition, references, code lens, inlay hints and
# workspace/executeCommand on tests/fixtures/nvim/sample.c, UTF-16
# positions, a compile_commands.json with a gcc command, and didClose.
# The daemon runs on a private socket and is stopped at the end; every read
# has a time limit.
import json, os, select, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
ROOT, BIN = lib.ROOT, lib.MEMSSA
SAMPLE = os.path.join(ROOT, "tests", "fixtures", "nvim", "sample.c")
TIMEOUT = 60
lib.time_limit(TIMEOUT * 10)   # the whole script, beyond its per-step limits

frame = lsplib.frame


class Server(lsplib.Conn):
    """One `memssa lsp` process (lsplib.Conn: the framing and replies)."""

    def __init__(self, env, *args):
        self.socket = env.get("MEMSSA_SOCKET")
        lsplib.Conn.__init__(self, subprocess.Popen([BIN, "lsp"] + list(args),
                                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                    env=env))

    def exit_status(self):
        try:
            return self.p.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            return None


def uri(path):
    return "file://" + path


def pos(path, line, col):
    """1-based line and character -> LSP params."""
    return {"textDocument": {"uri": uri(path)}, "position": {"line": line - 1, "character": col - 1}}


def lines(locs):
    return sorted(l["range"]["start"]["line"] + 1 for l in (locs or []))


def open_doc(s, path, text=None):
    s.send("textDocument/didOpen", {"textDocument": {
        "uri": uri(path), "languageId": "c", "version": 1,
        "text": text if text is not None else open(path).read()}})
    return s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri(path))


def framing_and_initialize(s, tmp, sample):
    """Framing and the lifecycle up to initialize."""
    s.write(b"Content-Length: 9\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\nnot json!")
    m = s.read()
    is_((m.get("id"), m.get("error", {}).get("code")), (None, -32700), "a body that is not JSON: -32700, id null")
    r = s.request("textDocument/hover", pos(sample, 1, 1))
    is_(r.get("error", {}).get("code"), -32002, "a request before initialize: -32002")
    init = frame({"jsonrpc": "2.0", "id": 100, "method": "initialize", "params": {
        "processId": None, "rootUri": uri(tmp),
        "capabilities": {"window": {"workDoneProgress": True}}}})
    for k in (5, 17, 40):                   # a frame in pieces
        s.write(init[:k])
        init = init[k:]
        time.sleep(0.02)
    s.write(init + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    r = s.reply(100)
    caps = r["result"]["capabilities"]
    ok(caps.get("hoverProvider") and caps.get("definitionProvider") and caps.get("referencesProvider")
       and caps.get("codeLensProvider") is not None and caps.get("inlayHintProvider"),
       "initialize: hover, definition, references, code lens, inlay hints", caps)
    is_(caps["textDocumentSync"]["change"], 1, "full document sync")
    is_(caps["executeCommandProvider"]["commands"], ["memssa.print", "memssa.dot", "memssa.writes", "memssa.stats"], "four commands")
    is_(r["result"]["serverInfo"]["name"], "memssa", "serverInfo")
    r = s.request("initialize", {"capabilities": {}})
    is_(r.get("error", {}).get("code"), -32600, "a second initialize is refused")


def stats(s):
    """memssad's stats, over the socket the server uses."""
    c = lib.Client(s.socket)
    r = c.result("stats")
    c.close()
    return r


def open_and_ask(s, sample):
    """didOpen: compile, load, progress, diagnostics; then every feature."""
    d = open_doc(s, sample)
    is_(d["params"]["diagnostics"], [], "sample.c compiles: empty diagnostics")
    created = [m for m in s.seen if m.get("method") == "window/workDoneProgress/create"]
    ok(len(created) == 1, "a progress token is created")
    prog = [m["params"]["value"] for m in s.notes("$/progress")]
    if [v["kind"] for v in prog[-1:]] != ["end"]:
        prog += [s.wait_note("$/progress")["params"]["value"]]
    is_([v["kind"] for v in prog], ["begin", "end"], "$/progress begin, end")
    msgs = [v.get("message", "") for v in prog]
    ok(msgs[0].startswith("compiling and loading sample.c")
       and "4 functions (full load" in msgs[-1], "progress: what runs, then what was loaded", msgs)

    r = s.request("textDocument/hover", pos(sample, 24, 5))["result"]
    text = r["contents"]["value"] if r else ""
    ok("read of `total`" in text and "- line 22: `int total = 0;`" in text
       and "- line 24: `total += a[i];`" in text, "hover on total names lines 22 and 24", text)
    ok("write to `total`" in text, "the write on the same column is shown too", text)
    is_(r and r["range"]["start"]["line"], 23, "hover range on the access's line")
    is_(lines(s.request("textDocument/definition", pos(sample, 24, 5))["result"]), [22, 24],
        "definition of total: the writes at 22 and 24 (through the loop's MemoryPhi)")
    is_(lines(s.request("textDocument/definition", pos(sample, 41, 10))["result"]), [40],
        "definition of y: line 40")
    is_(lines(s.request("textDocument/definition", pos(sample, 17, 12))["result"]), [],
        "p->val: no write in list_sum")
    r = s.request("textDocument/hover", pos(sample, 17, 12))["result"]
    ok(r and "read of `p->val`" in r["contents"]["value"]
       and "before `list_sum` was entered" in r["contents"]["value"],
       "hover on p->val: a field name, and the value comes from before the function",
       r and r["contents"]["value"])
    r = s.request("textDocument/hover", pos(sample, 40, 11))["result"]
    ok(r and "- the value the parameter `x` had when `twice` was entered" in r["contents"]["value"],
       "hover on a parameter's read: its incoming value", r and r["contents"]["value"])
    is_(s.request("textDocument/hover", pos(sample, 20, 1))["result"], None, "an empty line: null")
    is_(lines(s.request("textDocument/references", dict(pos(sample, 22, 7), context={"includeDeclaration": False}))["result"]),
        [24, 25, 26], "references of `int total = 0;`: the loads at 24, 25, 26")
    is_(lines(s.request("textDocument/references", dict(pos(sample, 22, 7), context={"includeDeclaration": True}))["result"]),
        [22, 24, 25, 26], "includeDeclaration adds the store")
    lens = {l["range"]["start"]["line"] + 1: l["command"]["title"]
            for l in s.request("textDocument/codeLens", {"textDocument": {"uri": uri(sample)}})["result"]}
    ok("total ← 22, 24" in lens.get(24, ""), "code lens on line 24: total ← 22, 24", lens.get(24))
    ok("y ← 40" in lens.get(41, ""), "code lens on line 41: y ← 40", lens.get(41))
    hints = s.request("textDocument/inlayHint", {"textDocument": {"uri": uri(sample)},
                      "range": {"start": {"line": 39, "character": 0}, "end": {"line": 41, "character": 0}}})["result"]
    is_([(h["position"]["line"] + 1, h["position"]["character"], h["label"]) for h in hints],
        [(40, 16, "x ← param"), (41, 15, "y ← 40")],
        "inlay hints at the ends of lines 40 and 41 (x: the parameter's incoming value)")
    r = s.request("workspace/executeCommand", {"command": "memssa.print", "arguments": [uri(sample), 23]})
    t = (r.get("result") or {}).get("text", "")
    ok(t.startswith("MemorySSA for function: sum") and "MemoryPhi" in t, "memssa.print: the function's MemorySSA", t[:200])
    r = s.request("workspace/executeCommand", {"command": "memssa.dot", "arguments": [uri(sample), 23]})
    t = (r.get("result") or {}).get("text", "")
    ok(t.startswith('digraph "sum"') and "MemoryPhi" in t, "memssa.dot: the function's Graphviz drawing", t[:200])
    r = s.request("workspace/executeCommand", {"command": "memssa.nope", "arguments": []})
    ok("error" in r, "an unknown command is an error")


def edit_and_save(s, sample):
    """didChange + didSave: the answers follow the saved text."""
    text = open(sample).read().split("\n")
    text.insert(22, "  total = 5;")
    open(sample, "w").write("\n".join(text))
    s.send("textDocument/didChange", {"textDocument": {"uri": uri(sample), "version": 2},
                                      "contentChanges": [{"text": "\n".join(text)}]})
    r = s.request("textDocument/hover", pos(sample, 25, 5))["result"]
    v = r["contents"]["value"] if r else ""
    ok("as of the last good compile; lines mapped through the edits since" in v
       and "- line 22: `int total = 0;`" in v and "- line 25: `total += a[i];`" in v,
       "an unsaved change: answers say so, on the lines as they are now (24 is 25)", v)
    st0 = stats(s)
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(sample)}})
    is_(lines(s.request("textDocument/definition", pos(sample, 25, 5))["result"]), [23, 25],
        "after the save: total's writes are 23 and 25")
    st1 = stats(s)
    # memssad compiled the file itself (no IR through the server) and
    # reloaded it by difference: one function reparsed.
    is_((st1["loads_source"] - st0["loads_source"], st1["reloads_diff"] - st0["reloads_diff"]),
        (1, 1), "the save is a load of the source in memssad, reloaded by difference")
    end = [m["params"]["value"].get("message", "") for m in s.notes("$/progress")
           if m["params"]["value"]["kind"] == "end"][-1:]
    ok("(incremental load, 1 rebuilt" in "".join(end), "the save's progress: incremental, 1 function rebuilt", end)
    lens = {l["range"]["start"]["line"] + 1 for l in
            s.request("textDocument/codeLens", {"textDocument": {"uri": uri(sample)}})["result"]}
    is_(sorted(lens), [16, 17, 18, 24, 25, 26, 27, 30, 31, 32, 34, 35, 36, 41, 42],
        "code lenses follow the save (the lines with loads from line 23 on, one down)")
    text.insert(42, "  nope = 1;")
    open(sample, "w").write("\n".join(text))
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(sample)}})
    d = s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["diagnostics"])
    g = d["params"]["diagnostics"][0]
    is_((g["range"]["start"]["line"] + 1, g["range"]["start"]["character"] + 1, g["severity"]),
        (43, 3, 1), "a compile error: an error at 43:3")
    ok("undeclared identifier 'nope'" in g["message"], "clang's message", g["message"])
    is_(lines(s.request("textDocument/definition", pos(sample, 25, 5))["result"]), [23, 25],
        "the last good module still answers")
    del text[42]
    open(sample, "w").write("\n".join(text))
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(sample)}})
    d = s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri(sample))
    is_(d["params"]["diagnostics"], [], "fixed: the diagnostics are cleared")
    # A new global is outside every function body: a full reload, and the
    # progress says why.
    s.notes("$/progress")
    open(sample, "w").write("\n".join(text) + "\nint extra_global;\n")
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(sample)}})
    is_(lines(s.request("textDocument/definition", pos(sample, 25, 5))["result"]), [23, 25],
        "a global added: the answers stay")
    end = [m["params"]["value"].get("message", "") for m in s.notes("$/progress")
           if m["params"]["value"]["kind"] == "end"]
    ok(end and "(full load" in end[-1] and "full because something outside function bodies changed"
       in end[-1], "a full reload: the progress says why", end)


def utf16_positions(s, tmp):
    """A 4-byte character (2 UTF-16 units) before the access."""
    uni = os.path.join(tmp, "uni.c")
    line3 = "  /* \U0001D11E */ g2 = 1; g2 = g2 + 1;"
    open(uni, "w").write("int g2;\nvoid f(void) {\n%s\n}\n" % line3)
    is_(open_doc(s, uni)["params"]["diagnostics"], [], "uni.c compiles")

    def u16(k):   # the 1-based UTF-16 column of line3[k]
        return len(line3[:k].encode("utf-16-le")) // 2 + 1
    load, write = line3.rindex("g2 +"), line3.index("= 1")
    locs = s.request("textDocument/definition", pos(uni, 3, u16(load)))["result"]
    is_([(l["range"]["start"]["line"] + 1, l["range"]["start"]["character"] + 1) for l in locs],
        [(3, u16(write))], "UTF-16 columns in and out: g2's write at 3:%d (byte %d)" % (u16(write), write + 1))
    r = s.request("textDocument/hover", pos(uni, 3, u16(load)))["result"]
    ok(r and "read of `g2`" in r["contents"]["value"], "hover after a non-ASCII character", r)
    return uni


def compile_commands_and_errors(s, tmp):
    """A compile_commands.json with a gcc command: its -D is used, its
    gcc-only flag dropped; then a file that does not compile when opened."""
    proj = os.path.join(tmp, "proj")
    os.makedirs(os.path.join(proj, "build"))
    cc = os.path.join(proj, "cc.c")
    open(cc, "w").write("#ifndef WANT\n#error WANT is not defined\n#endif\nint v;\nint h(void) {\n  v = WANT;\n  return v;\n}\n")
    json.dump([{"directory": proj, "file": "cc.c",
                "command": "gcc -DWANT=7 -fconserve-stack -c cc.c -o cc.o"}],
              open(os.path.join(proj, "build", "compile_commands.json"), "w"))
    d = open_doc(s, cc)["params"]["diagnostics"]
    is_([(x["severity"], x["source"], x["message"].split(" of ")[0].split(", which")[0]) for x in d],
        [(3, "memssa", "memssa: the compile command names 'gcc'"),
         (2, "memssa", "memssa: refused the flag '-fconserve-stack'")],
        "cc.c compiles with the database's -DWANT: gcc not run and -fconserve-stack refused, "
        "each said in a diagnostic of memssa's")
    is_(lines(s.request("textDocument/definition", pos(cc, 7, 10))["result"]), [6], "and answers: v's write at 6")
    ok(not os.path.exists(os.path.join(proj, "cc.o")), "no object file written")
    bad = os.path.join(tmp, "bad.c")
    open(bad, "w").write("int f(void) {\n  return missing;\n}\n")
    d = open_doc(s, bad)["params"]["diagnostics"]
    is_([(x["range"]["start"]["line"] + 1, x["severity"]) for x in d], [(2, 1)], "bad.c: an error on line 2")
    is_(s.request("textDocument/hover", pos(bad, 2, 10))["result"], None, "no module: hover is null")
    return bad


def close_and_exit(s, env, sample, uni, bad):
    """didClose unloads the module and clears the diagnostics; shutdown, exit."""
    s.send("textDocument/didClose", {"textDocument": {"uri": uri(bad)}})
    d = s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri(bad))
    is_(d["params"]["diagnostics"], [], "didClose clears diagnostics")
    s.send("textDocument/didClose", {"textDocument": {"uri": uri(uni)}})
    s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == uri(uni))
    mods = subprocess.run([BIN, "--json", "modules"], env=env, capture_output=True, text=True, timeout=TIMEOUT)
    names = [m["name"] for m in json.loads(mods.stdout)["result"]["modules"]]
    ok(sample in names and uni not in names, "a closed file's module is unloaded", names)

    # memssad stops under the server: the next request starts it and loads again
    subprocess.run([BIN, "shutdown"], env=env, capture_output=True, timeout=TIMEOUT)
    deadline = time.time() + TIMEOUT
    while time.time() < deadline and subprocess.run([BIN, "ping"], env=env, capture_output=True,
                                                    timeout=TIMEOUT).returncode == 0:
        time.sleep(0.05)
    is_(lines(s.request("textDocument/definition", pos(sample, 25, 5))["result"]), [23, 25],
        "after memssad stopped: restarted, the file loaded again, the same answer")
    is_(s.request("shutdown"), {"jsonrpc": "2.0", "id": s.next, "result": None}, "shutdown: null")
    r = s.request("textDocument/hover", pos(sample, 25, 5))
    is_(r.get("error", {}).get("code"), -32600, "a request after shutdown: -32600")
    s.send("exit")
    is_(s.exit_status(), 0, "exit after shutdown: status 0")


def other_servers(env, sample):
    """Exit without shutdown, the end of input, a --clang that is not there."""
    s2 = Server(env)
    s2.request("initialize", {"capabilities": {}})
    s2.send("exit")
    is_(s2.exit_status(), 1, "exit without shutdown: status 1")
    s3 = Server(env, "--clang", "/nonexistent/clang")
    s3.request("initialize", {"capabilities": {}})
    d = open_doc(s3, sample)["params"]["diagnostics"]
    ok(d and "no clang found" in d[0]["message"], "--clang that does not exist: said in a diagnostic", d)
    s3.p.stdin.close()
    is_(s3.exit_status(), 1, "end of input without exit: status 1")


def main(tmp, env):
    sample = os.path.join(tmp, "sample.c")
    shutil.copy(SAMPLE, sample)
    s = Server(env)
    framing_and_initialize(s, tmp, sample)
    open_and_ask(s, sample)
    edit_and_save(s, sample)
    uni = utf16_positions(s, tmp)
    bad = compile_commands_and_errors(s, tmp)
    close_and_exit(s, env, sample, uni, bad)
    other_servers(env, sample)


def run():
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP %s not built" % BIN)
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-lsp-")
    env = dict(os.environ, MEMSSA_SOCKET=os.path.join(tmp, "memssad.sock"))
    try:
        main(tmp, env)
    except Exception as e:   # a timeout or a closed pipe: one failure, not a hang
        ok(False, "the session ran to its end", repr(e))
    finally:
        subprocess.run([BIN, "shutdown"], env=env, capture_output=True, timeout=TIMEOUT)
        shutil.rmtree(tmp, ignore_errors=True)
    done()


sys.exit(run())
