#!/usr/bin/env python3
"""A project's program through `memssa lsp`, as an editor sees it (issue
29; docs/editor.md, "The project"): Lua's sources
($MEMSSA_SHARED/corpus/lua-src, the 33 files of the library and ltests.c)
as a project, its compile_commands.json in a temp directory
(--compile-commands-dir), a private memssad and, unless --warm, an empty
compile cache (XDG_CACHE_HOME in the temp directory). Prints, in wall
time from the editor's side:
  - open: didOpen of lvm.c to its diagnostics (the file's own compile);
  - hover while loading: a hover sent then, to its reply;
  - loaded: didOpen to the project's progress end (every unit compiled,
    linked, summarized, built);
  - reload: a save of lvm.c to the end of its reload;
Run it under /usr/bin/time -v for the whole client side.
Usage: bench/lsp_project.py [--warm]"""
import json, os, shutil, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "daemon"))
import daemonlib  # noqa: E402
import lsplib  # noqa: E402

daemonlib.time_limit(3600)
lsplib.Conn.read.__defaults__ = (1800,)
LUA = os.path.join(daemonlib.SHARED, "corpus", "lua-src")


def until_end(s, title="memssa project"):
    b = s.wait_note("$/progress", lambda m: m["params"]["value"].get("title") == title)
    tok = b["params"]["token"]
    v = b["params"]["value"]
    while v["kind"] != "end":
        v = s.wait_note("$/progress", lambda m: m["params"]["token"] == tok)["params"]["value"]
    return v["message"]


def main():
    tmp = tempfile.mkdtemp(prefix="memssa-lspproj-bench-")
    srcs = sorted(f for f in os.listdir(LUA) if f.endswith(".c") and f not in ("lua.c", "luac.c", "onelua.c"))
    with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
        json.dump([{"directory": LUA, "file": x, "arguments": ["clang", "-c", x]} for x in srcs], f)
    env = dict(os.environ, MEMSSA_SOCKET=os.path.join(tmp, "memssad.sock"))
    if "--warm" not in sys.argv:
        env["XDG_CACHE_HOME"] = os.path.join(tmp, "cache")
    s = lsplib.Conn(lsplib.subprocess.Popen([daemonlib.MEMSSA, "lsp", "--compile-commands-dir", tmp],
                                            stdin=lsplib.subprocess.PIPE, stdout=lsplib.subprocess.PIPE, env=env))
    try:
        s.request("initialize", {"processId": None, "capabilities": {"window": {"workDoneProgress": True}}})
        s.send("initialized", {})
        V = os.path.join(LUA, "lvm.c")
        t0 = time.time()
        s.send("textDocument/didOpen", {"textDocument": {"uri": lsplib.uri(V), "languageId": "c", "version": 1,
                                                         "text": open(V).read()}})
        s.wait_note("textDocument/publishDiagnostics", lambda m: m["params"]["uri"] == lsplib.uri(V))
        t_open = time.time()
        h = s.request("textDocument/hover", lsplib.pos(V, 344, 12))["result"]["contents"]["value"]
        t_hover = time.time()
        end = until_end(s)
        t_loaded = time.time()
        s.send("textDocument/didSave", {"textDocument": {"uri": lsplib.uri(V)}})
        t1 = time.time()
        again = until_end(s)
        t_reload = time.time()
        print("units: %d (%s)" % (len(srcs), "warm compile cache" if "--warm" in sys.argv else "empty compile cache"))
        print("open (lvm.c compiled and loaded): %.2f s" % (t_open - t0))
        print("hover while loading: %.3f s (%s)" % (t_hover - t_open,
                                                     "file only" if "this file only" in h else "program"))
        print("loaded (didOpen to progress end): %.2f s: %s" % (t_loaded - t0, end))
        print("reload of lvm.c (didSave to end): %.2f s: %s" % (t_reload - t1, again))
        s.request("shutdown")
        s.send("exit")
        s.p.wait(timeout=60)
    finally:
        if s.p.poll() is None:
            s.p.kill()
        lsplib.subprocess.run([daemonlib.MEMSSA, "shutdown"], env=env, capture_output=True, timeout=60)
        shutil.rmtree(tmp, ignore_errors=True)


main()
