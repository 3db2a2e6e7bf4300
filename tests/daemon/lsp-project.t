#!/usr/bin/env python3
# The project in the editor (issue 29, clients/lsp/lsp_proj.c): a .c file
# its compile_commands.json lists has memssad load the whole program in the
# background; memssad's $/progress is forwarded to the editor (a unit
# compiled of N, then the link); hover says "this file only" until the
# program is loaded and then names the write inside the callee in b.c;
# references on a struct field list reads and writes of both files with
# their kinds; a second file of the project joins the load; a save of b.c
# reloads its unit and the hover's answer moves with it; a header and a
# file of no project keep the per-file answers; the call hierarchy goes
# from a load to the call it reads through to the write inside. Then Lua
# (a 33-unit project): a hover right after the open answers from the file
# alone, and a save during the load is reloaded after it. The editor's
# --clang and --opt-level compile the project's units too. A write inside
# a callee expands in the call hierarchy as any write does.
import json, os, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
from lsplib import pos, uri  # noqa: E402
ok, is_ = lib.ok, lib.is_
lib.time_limit(400)
FIX = os.path.join(lib.ROOT, "tests", "fixtures", "lsp-project")
LUA = os.path.join(lib.SHARED, "corpus", "lua-src")
B2 = open(os.path.join(FIX, "b.c")).read().replace(
    "void bump(int by) {\n  counter += by;\n",
    "void bump(int by) {\n  if (by > 8)\n    by = 8;\n  counter += by;\n")


class Server(lsplib.Lsp):
    """A server whose editor takes server-created progress."""

    def __init__(self, tmp, *args):
        self.tmp, self.own_tmp = tmp, False
        self.env = dict(os.environ, MEMSSA_SOCKET=os.path.join(tmp, "memssad.sock"))
        lsplib.Conn.__init__(self, lsplib.subprocess.Popen(
            [lib.MEMSSA, "lsp"] + list(args), stdin=lsplib.subprocess.PIPE, stdout=lsplib.subprocess.PIPE, env=self.env))
        self.request("initialize", {"processId": None, "rootUri": uri(tmp),
                                    "capabilities": {"window": {"workDoneProgress": True}}})
        self.send("initialized", {})

    def project_load(self, timeout=lsplib.TIMEOUT):
        """The project progress of one load: [value...] from begin to end."""
        def is_proj_begin(m):
            v = m["params"]["value"]
            return v["kind"] == "begin" and v.get("title") == "memssa project"
        begin = self.wait_note("$/progress", is_proj_begin)
        tok = begin["params"]["token"]
        vals = [begin["params"]["value"]]
        while vals[-1]["kind"] != "end":
            m = self.wait_note("$/progress", lambda m: m["params"]["token"] == tok)
            vals.append(m["params"]["value"])
        return vals


def project(tmp, files, directory=None):
    directory = directory or tmp
    pj = os.path.join(tmp, "compile_commands.json")
    with open(pj, "w") as f:
        json.dump([{"directory": directory, "file": x, "arguments": ["clang", "-c", x]} for x in files], f)
    return pj


def kinds(r):
    return ["%s:%d:%s" % (os.path.basename(x["uri"][7:]), x["line"], x["kind"]) for x in r["references"]]


def small(s, tmp):
    A, B, H = (os.path.join(tmp, f) for f in ("a.c", "b.c", "shared.h"))
    s.open(A)
    vals = s.project_load()
    msgs = [v.get("message", "") for v in vals]
    is_([v["kind"] for v in vals], ["begin", "report", "report", "report", "end"],
        "project progress: begin, a report per unit compiled and the link, end")
    is_(sorted(msgs[1:3]), ["compiled 1 of 2: a.c", "compiled 2 of 2: b.c"] if msgs[1].startswith("compiled 1")
        else sorted(["compiled 1 of 2: b.c", "compiled 2 of 2: a.c"]), "units compiled of 2, by name")
    is_((msgs[3], [v.get("percentage") for v in vals[1:4]]), ("linking 2 units", [45, 90, 95]),
        "then linked (percentages 45, 90, 95)")
    is_(msgs[4], "loaded: 2 units, 7 functions, 0 failed", "end: what was loaded")
    ok(msgs[0].startswith("loading the program of compile_commands.json"), "begin: what runs", msgs[0])

    h = s.hover(A, 5, 10)
    ok("read of `counter`" in h and "- line 4: `bump(2);` — a call to `bump`" in h, "hover: the call on line 4", h)
    ok("  - inside `bump`: b.c:line 7: `counter += by;`" in h, "and the write inside it, on b.c:7", h)
    ok("from the whole program of 2 files" in h and "this file only" not in h, "from the program", h)

    r = s.result("$memssa/references", pos(A, 9, 13))
    is_(r["target"], {"kind": "field", "type": "struct conf", "member": "level"}, "references: struct conf.level")
    is_(kinds(r), ["a.c:9:read", "a.c:13:write", "a.c:13:read", "b.c:11:write"],
        "reads and writes in both files, with their kinds")
    is_([x["function"] for x in r["references"]], ["level_of", "raise_level", "raise_level", "set_level"],
        "and their functions")
    is_((r["scope"], r["project_loading"]), ("program", False), "$memssa/references: from the program")
    locs = s.references(A, 9, 13)
    is_(sorted((x["uri"][7:], x["range"]["start"]["line"] + 1) for x in locs),
        sorted([(A, 9), (A, 13), (A, 13), (B, 11)]), "textDocument/references: a.c and b.c")

    # the memory dependence hierarchy: the load, the call it reads through, the write inside
    items = s.result("textDocument/prepareCallHierarchy", pos(A, 5, 10)) or []
    is_([(x["name"], x["detail"]) for x in items], [("read of `counter`", "in report, a.c:5")],
        "prepareCallHierarchy on the load of counter")
    inc = s.result("callHierarchy/incomingCalls", {"item": items[0]}) if items else []
    is_([(x["from"]["name"], x["from"]["detail"], x["fromRanges"][0]["start"]["line"] + 1) for x in inc],
        [("call to `bump`", "in report, a.c:4", 4)], "its incoming: the call to bump on a.c:4")
    inc2 = s.result("callHierarchy/incomingCalls", {"item": inc[0]["from"]}) if inc else []
    is_([(x["from"]["name"], x["from"]["detail"], x["from"]["uri"][7:]) for x in inc2],
        [("write to `counter`", "in bump, b.c:7", B)], "and the call's: the write inside bump on b.c:7")

    s.open(B)
    r = s.result("$memssa/references", pos(B, 11, 6))   # read past whatever the open sent
    is_(kinds(r), ["a.c:9:read", "a.c:13:write", "a.c:13:read", "b.c:11:write"], "the same list from b.c")
    ok(not [m for m in s.seen if m.get("method") == "$/progress" and m["params"]["value"].get("title") == "memssa project"],
       "b.c joins the loaded project: no second load")

    with open(B, "w") as f:
        f.write(B2)
    s.send("textDocument/didChange", {"textDocument": {"uri": uri(B), "version": 2},
                                      "contentChanges": [{"text": B2}]})
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(B)}})
    vals = s.project_load()
    is_((vals[0]["message"], vals[-1]["message"]), ("reloading b.c", "reloaded: 2 units, 7 functions, 0 failed"),
        "a save of b.c reloads its unit")
    h = s.hover(A, 5, 10)
    ok("b.c:line 9: `counter += by;`" in h and "line 7" not in h, "the hover moved to b.c:9 after the save", h)
    r = s.result("$memssa/references", pos(A, 9, 13))
    is_(kinds(r)[-1], "b.c:13:write", "the field's write in b.c moved to line 13")
    is_(sorted((x["uri"][7:], x["range"]["start"]["line"] + 1) for x in s.definition(A, 5, 10)),
        sorted([(A, 4), (B, 9)]), "definition of a.c's counter: the call, and the write inside it on b.c:9")

    # b.c saved with an error: the program goes on without it; fixed, it is back
    bad = B2.replace("counter += by;", "counter += ;")
    with open(B, "w") as f:
        f.write(bad)
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(B)}, "text": bad})
    vals = s.project_load()
    is_(vals[-1]["message"], "reloaded: 1 units, 4 functions, 1 failed", "b.c with an error: left out of the program")
    h = s.hover(A, 5, 10)
    ok("from the whole program of 1 file)" in h and "inside `bump`" not in h, "a.c answers from a program of itself", h)
    with open(B, "w") as f:
        f.write(B2)
    s.send("textDocument/didSave", {"textDocument": {"uri": uri(B)}, "text": B2})
    vals = s.project_load()
    is_(vals[-1]["message"], "reloaded: 2 units, 7 functions, 0 failed", "b.c fixed and saved: linked again")
    ok("b.c:line 9" in s.hover(A, 5, 10), "and named by a.c's hover again")

    # a header and a file of no project answer alone
    s.open(H)
    other = tempfile.mkdtemp(prefix="memssa-lspproj-other-")
    C = os.path.join(other, "c.c")
    with open(C, "w") as f:
        f.write("int g;\nint get(void) {\n  g = 1;\n  return g;\n}\n")
    s.open(C)
    h = s.hover(C, 4, 10)
    ok("read of `g`" in h and "project" not in h and "whole program" not in h, "a file of no project: per-file", h)
    ok(not [m for m in s.seen if m.get("method") == "$/progress" and m["params"]["value"].get("title") == "memssa project"],
       "no project load for the header or the file of no project")
    items = s.result("textDocument/prepareCallHierarchy", pos(C, 4, 10)) or []
    inc = s.result("callHierarchy/incomingCalls", {"item": items[0]}) if items else []
    is_([(x["from"]["name"], x["from"]["range"]["start"]["line"] + 1) for x in inc], [("write to `g`", 3)],
        "per file: the read of g's incoming is the write on line 3")
    out = s.result("callHierarchy/outgoingCalls", {"item": inc[0]["from"]}) if inc else []
    is_([(x["to"]["name"], x["to"]["range"]["start"]["line"] + 1) for x in out], [("read of `g`", 4)],
        "and that write's outgoing: the read on line 4")
    is_(s.result("textDocument/prepareCallHierarchy", pos(C, 1, 1)), None, "no access: no item")

    # a file beside a.c that the database does not list: per-file
    X = os.path.join(tmp, "extra.c")
    with open(X, "w") as f:
        f.write("#include \"shared.h\"\nint peek(void) {\n  return counter;\n}\n")
    s.open(X)
    h = s.hover(X, 3, 10)
    ok("read of `counter`" in h and "whole program" not in h and "this file only" not in h,
       "a file the database does not list: per-file", h)
    ok(not [m for m in s.seen if m.get("method") == "$/progress" and m["params"]["value"].get("title") == "memssa project"],
       "no project load for extra.c")
    # another project: its own program, a.c's stays
    project(other, ["c.c"])
    s.send("textDocument/didClose", {"textDocument": {"uri": uri(C)}})
    s.open(C)
    vals = s.project_load()
    is_(vals[-1]["message"], "loaded: 1 units, 1 functions, 0 failed", "c.c's own project loads beside a.c's")
    ok("from the whole program of 1 file)" in s.hover(C, 4, 10), "c.c answers from its program")
    ok("from the whole program of 2 files" in s.hover(A, 5, 10), "a.c still from its own")
    shutil.rmtree(other, ignore_errors=True)


def settings(tmp):
    """The editor's --clang and --opt-level reach the project's units: a
    wrapper named by --clang (so trusted, lsp_main.c) logs each compile;
    only a.c is opened, so a compile of b.c is the project's."""
    real = shutil.which("clang-14") or shutil.which("clang")
    fake, log = os.path.join(tmp, "bin", "clang"), os.path.join(tmp, "args.txt")
    os.mkdir(os.path.dirname(fake))
    with open(fake, "w") as f:
        f.write("#!/bin/sh\necho \"$@\" >> %s\nexec %s \"$@\"\n" % (log, real))
    os.chmod(fake, 0o755)
    s = Server(tmp, "--clang", fake, "--opt-level", "-O1")
    try:
        A = os.path.join(tmp, "a.c")
        s.open(A)
        vals = s.project_load()
        is_(vals[-1]["message"], "loaded: 2 units, 7 functions, 0 failed",
            "settings: the project loads with the editor's --clang")
        args = open(log).read().splitlines() if os.path.exists(log) else []
        bs = [a for a in args if a.endswith("/b.c")]
        ok(bs and all("-O1" in a.split() for a in bs),
           "the project's b.c was compiled by --clang's compiler, with --opt-level -O1", args)
        ok("from the whole program of 2 files" in s.hover(A, 5, 10), "and a.c answers from it")
    finally:
        s.close()


def inner(tmp):
    """The call hierarchy expands a write inside a callee (through_call's
    writes carry their unit, function and id): w() in b.c stores g twice;
    the second store's incoming is the first. A hover on peek()'s read of
    g names the store at its caller poke() (at_callers)."""
    with open(os.path.join(tmp, "a.c"), "w") as f:
        f.write("extern int g;\nvoid w(void);\nint r(void) {\n  w();\n  return g;\n}\n"
                "int peek(void) {\n  return g;\n}\nint poke(void) {\n  g = 5;\n  return peek();\n}\n")
    with open(os.path.join(tmp, "b.c"), "w") as f:
        f.write("int g;\nvoid w(void) {\n  g = 1;\n  g = 2;\n}\n")
    project(tmp, ["a.c", "b.c"])
    s = Server(tmp)
    try:
        A, B = os.path.join(tmp, "a.c"), os.path.join(tmp, "b.c")
        s.open(A)
        s.project_load()
        items = s.result("textDocument/prepareCallHierarchy", pos(A, 5, 10)) or []
        inc = s.result("callHierarchy/incomingCalls", {"item": items[0]}) if items else []
        is_([x["from"]["name"] for x in inc], ["call to `w`"], "inner: the read of g comes through w()")
        inc2 = s.result("callHierarchy/incomingCalls", {"item": inc[0]["from"]}) if inc else []
        is_([(x["from"]["name"], x["from"]["detail"]) for x in inc2],
            [("write to `g`", "in w, b.c:3"), ("write to `g`", "in w, b.c:4")],
            "inner: the call's incoming are both stores inside w")
        d = inc2[-1]["from"]["data"] if inc2 else {}
        ok(d.get("unit", "").endswith("/b.c") and d.get("function") == "w" and d.get("inst", -1) >= 0
           and d.get("module"), "inner: each with its program, unit, function and id", d)
        inc3 = s.result("callHierarchy/incomingCalls", {"item": inc2[-1]["from"]}) if inc2 else []
        is_([(x["from"]["name"], x["from"]["detail"], x["from"]["uri"][7:]) for x in inc3],
            [("write to `g`", "in w, b.c:3", B)],
            "inner: expanded in turn, the store on b.c:4 overwrites the one on b.c:3")
        # peek() reads g from before it; its one caller, poke(), stores first
        h = s.hover(A, 8, 10)
        ok("- at callers: a.c line 11: `g = 5;` (the call in `poke`, a.c line 12)" in h,
           "hover: a read of a value from before its function names the write at its caller", h)
        ok("at callers" not in s.hover(A, 5, 10), "and r()'s read, whose value comes through w(), has none")
    finally:
        s.close()


def lua(tmp):
    """Lua's sources as a project (compile_commands.json in a temp dir, found
    through --compile-commands-dir): a hover right after the open comes
    before the program is loaded, and says so."""
    srcs = sorted(f for f in os.listdir(LUA) if f.endswith(".c") and f not in ("lua.c", "luac.c", "onelua.c"))
    project(tmp, srcs, LUA)
    s = Server(tmp, "--compile-commands-dir", tmp)
    try:
        V = os.path.join(LUA, "lvm.c")
        s.open(V)
        h = s.hover(V, 344, 12)
        r = s.result("$memssa/references", pos(V, 344, 12))
        is_((r["scope"], r["project_loading"]), ("file", True), "Lua: references meanwhile: this file, loading")
        ok("**read of `" in h and "_(this file only; the project is loading)_" in h,
           "Lua: a hover while the program loads answers from lvm.c alone, and says so", h)
        s.send("textDocument/didSave", {"textDocument": {"uri": uri(V)}})   # most likely while it loads
        vals = s.project_load(timeout=300)
        reps = [v for v in vals if v["kind"] == "report"]
        is_((len(reps), reps[-1]["message"] if reps else None), (len(srcs) + 1, "linking %d units" % len(srcs)),
            "a report per file compiled, then the link")
        is_(vals[-1]["message"].split(",")[0], "loaded: %d units" % len(srcs), "every file loaded")
        again = s.project_load(timeout=300)
        is_((again[0]["message"], again[-1]["message"].split(",")[0]), ("reloading lvm.c", "reloaded: %d units" % len(srcs)),
            "the save during the load: lvm.c reloaded after it")
        h = s.hover(V, 344, 12)
        ok("from the whole program of %d files" % len(srcs) in h and "this file only" not in h,
           "then lvm.c answers from the program", h)
    finally:
        s.close()


def main():
    if not os.access(lib.MEMSSA, os.X_OK):
        print("1..0 # SKIP %s not built" % lib.MEMSSA)
        return 0
    if not (shutil.which("clang-14") or shutil.which("clang")):
        print("1..0 # SKIP no clang")
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-lspproj-")
    for f in ("a.c", "b.c", "shared.h"):
        shutil.copy(os.path.join(FIX, f), tmp)
    project(tmp, ["a.c", "b.c"])
    s = Server(tmp)
    try:
        small(s, tmp)
    except Exception as e:
        ok(False, "the session ran to its end", repr(e))
    finally:
        s.close()
        shutil.rmtree(tmp, ignore_errors=True)
    tmp = tempfile.mkdtemp(prefix="memssa-lspproj-set-")
    for f in ("a.c", "b.c", "shared.h"):
        shutil.copy(os.path.join(FIX, f), tmp)
    project(tmp, ["a.c", "b.c"])
    try:
        settings(tmp)
    except Exception as e:
        ok(False, "the settings session ran to its end", repr(e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    tmp = tempfile.mkdtemp(prefix="memssa-lspproj-inner-")
    try:
        inner(tmp)
    except Exception as e:
        ok(False, "the inner session ran to its end", repr(e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not os.path.exists(os.path.join(LUA, "lvm.c")):
        ok(True, "# SKIP no Lua sources")
    else:
        tmp = tempfile.mkdtemp(prefix="memssa-lspproj-lua-")
        try:
            lua(tmp)
        except Exception as e:
            ok(False, "the Lua session ran to its end", repr(e))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    lib.done()


sys.exit(main())
