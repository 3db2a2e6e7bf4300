#!/usr/bin/env python3
# Rough edges of `memssa lsp`, smoothed:
#   - a header answers through a .c file that includes it (an inline
#     function of tests/fixtures/judged/unit/util.h, through main.c), and
#     a header that nothing includes says so in a diagnostic;
#   - gr with the cursor on the field name of `c->user = 0;` (nearer the
#     load of `c`) lists the member's reads and writes; gd that finds
#     nothing says so (window/showMessage);
#   - the IR size cap is an option (--max-ir-mb) and its message names it;
#   - quitting (exit, with no didClose, as Neovim does) unloads the modules;
#   - after a save that fails to compile, answers are mapped to the lines
#     as they are now, and a line that changed gets no stale answer.
import os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
UNIT = os.path.join(lib.ROOT, "tests", "fixtures", "judged", "unit")
lib.time_limit(300)


def messages(s):
    got = [m["params"]["message"] for m in s.seen if m.get("method") == "window/showMessage"]
    s.seen = [m for m in s.seen if m.get("method") != "window/showMessage"]
    return got


def modules(s):
    c = lib.Client(s.env["MEMSSA_SOCKET"])
    r = c.result("modules")
    c.close()
    return sorted(m["name"] for m in r["modules"])


def headers_and_keys(tmp):
    for f in os.listdir(UNIT):
        shutil.copy(os.path.join(UNIT, f), tmp)
    s = lsplib.Lsp(tmp=tmp)
    h, c = os.path.join(tmp, "util.h"), os.path.join(tmp, "main.c")
    is_(s.open(h), [], "util.h opens without a diagnostic (compiled through main.c)")
    t = s.hover(h, 5, 13)
    ok("read of `c->fd`** in `conn_reset`, line 5" in t, "hover in the header's inline function", t)
    is_(modules(s), [os.path.realpath(c)], "the header's module is main.c's")
    is_(lsplib.lines(s.definition(h, 5, 13)), [], "gd on c->fd: no write in conn_reset")
    m = messages(s)
    ok(any("no write in `conn_reset` reaches `c->fd`" in x and "before the function" in x for x in m),
       "gd with no write says so, and where the value comes from", m)
    is_(s.open(c), [], "main.c opens too")
    # gr on a member is the member's reads and writes in the whole unit
    # (lsp_refs.c): util.h line 3 and main.c lines 7, 8 and 9.
    is_(lsplib.lines(s.references(c, 8, 6)), [3, 7, 8, 9],
        "gr with the cursor on `user` of `c->user = 0;`: every access of struct conn.user")
    r = s.result("$memssa/references", lsplib.pos(h, 3, 7))
    is_(sorted("%s:%d:%s" % (x["uri"].rsplit("/", 1)[-1], x["range"]["start"]["line"] + 1, x["kind"])
               for x in r["references"]),
        ["main.c:7:write", "main.c:8:write", "main.c:9:read", "util.h:3:write"],
        "and from the header's `c->user = u;`, each with its kind")
    is_(lsplib.lines(s.references(h, 5, 13)), [5], "gr on `c->fd` in the header: its one read")
    s.send("exit")   # no shutdown, no didClose: Neovim quitting
    lib.ok(s.p.wait(timeout=60) == 1, "exit without shutdown: status 1")
    is_(modules(s), [], "after exit, the editor's modules are unloaded")
    s.close()
    lone = os.path.join(tmp, "lone")
    os.mkdir(lone)
    shutil.copy(os.path.join(UNIT, "util.h"), lone)
    s = lsplib.Lsp(tmp=tmp)
    d = s.open(os.path.join(lone, "util.h"))
    ok(d and "no .c file that includes util.h" in d[0]["message"],
       "a header nothing includes: a diagnostic says what to open", d)
    s.close()


def ir_cap(tmp):
    big = os.path.join(tmp, "big.c")
    with open(big, "w") as f:   # about 1.5 MiB of IR
        for i in range(300):
            f.write("int f%d(int *p, int n) { int s = 0; for (int i = 0; i < n; i++) "
                    "s += p[i] * %d; return s; }\n" % (i, i))
    s = lsplib.Lsp("--max-ir-mb", "1", tmp=tmp)
    d = s.open(big)
    ok(d and "over 1 MiB of IR" in d[0]["message"] and "--max-ir-mb" in d[0]["message"],
       "past --max-ir-mb 1: the message names the option", d)
    s.close()
    s = lsplib.Lsp("--max-ir-mb", "8", tmp=tmp)
    is_(s.open(big), [], "--max-ir-mb 8: the same file loads")
    ok("read of `s`" in s.hover(big, 1, 79), "and answers")
    r = subprocess.run([lib.MEMSSA, "load", big, "--max-ir-mb", "1"], env=s.env,
                       capture_output=True, text=True, timeout=120)
    ok(r.returncode != 0 and "--max-ir-mb" in r.stderr, "memssa load --max-ir-mb 1: refused, "
       "and the message names the option", r.stderr)
    r = subprocess.run([lib.MEMSSA, "load", big, "--max-ir-mb", "8"], env=s.env,
                       capture_output=True, text=True, timeout=120)
    is_(r.returncode, 0, "memssa load --max-ir-mb 8: loaded")
    s.close()


def moved_lines(tmp):
    """A save that fails to compile after a line was inserted at the top:
    answers land on the lines as they are now, the changed line gets none."""
    src = os.path.join(lib.ROOT, "tests", "fixtures", "judged", "paths.c")
    f = os.path.join(tmp, "paths.c")
    shutil.copy(src, f)
    s = lsplib.Lsp(tmp=tmp)
    is_(s.open(f), [], "paths.c opens")
    text = "int oops = ;\n" + open(src).read()
    with open(f, "w") as fh:
        fh.write(text)
    s.send("textDocument/didChange", {"textDocument": {"uri": lsplib.uri(f), "version": 2},
                                      "contentChanges": [{"text": text}]})
    s.send("textDocument/didSave", {"textDocument": {"uri": lsplib.uri(f)}})
    d = s.wait_note("textDocument/publishDiagnostics",
                    lambda m: m["params"]["uri"] == lsplib.uri(f))["params"]["diagnostics"]
    ok(d and d[0]["range"]["start"]["line"] == 0, "the saved error is on line 1", d)
    h = s.hover(f, 14, 10)
    ok("read of `*p`** in `early`, line 14" in h and "- line 8: `h(l);` — a call to `h`" in h
       and "lines mapped through the edits since" in h,
       "after the failed compile, `return *p + n;` (now line 14) answers with line 8 (was 7)", h)
    is_(lsplib.lines(s.definition(f, 14, 10)), [8], "definition lands on the moved line 8")
    h = s.hover(f, 1, 5)
    ok("line 1 changed since the last good compile" in h, "the changed line: no stale answer", h)
    s.close()


def run():
    if not os.access(lib.MEMSSA, os.X_OK):
        print("1..0 # SKIP %s not built" % lib.MEMSSA)
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-rough-")
    try:
        headers_and_keys(tmp)
        ir_cap(tmp)
        moved_lines(tmp)
    except Exception as e:   # a timeout or a closed pipe: one failure, not a hang
        ok(False, "the session ran to its end", repr(e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    done()


sys.exit(run())
