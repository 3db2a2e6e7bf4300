#!/usr/bin/env python3
# memssa in a real Neovim: headless nvim (-u NONE, clients/nvim on the
# runtimepath) runs tests/fixtures/nvim/lsp_test.lua on a copy of
# tests/fixtures/nvim/sample.c (a linked list, a loop, a matrix multiply)
# with nothing but require('memssa').setup{} -- `memssa` is found on PATH,
# as a user's would be. The Lua script writes what Neovim showed to a JSON
# file; this script checks it: hover names the writing lines and variables,
# definition jumps to the right lines (one location: the cursor moves;
# several: the quickfix list), references, the reads and writes of a
# global ($memssa/references, :MemssaReadsWrites), code lens, and the answers after
# an edit is saved and after a compile error is saved, a header (`cpp` to
# Neovim 0.7) answering through the .c file that includes it, and quitting
# (:qall!, no didClose) unloading the editor's modules. memssad runs on a
# private socket and is stopped at the end; nvim has a time limit.
import json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
ROOT, BIN = lib.ROOT, lib.MEMSSA
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "nvim")
NVIM_TIMEOUT = 300
lib.time_limit(NVIM_TIMEOUT + 120)   # the whole script, beyond its per-step limits

def has(text, *parts):
    return isinstance(text, str) and all(p in text for p in parts)


def check(o):
    ok(o.get("ok"), "the Lua script ran to its end",
       "%s\n%s" % (o.get("error"), "\n".join(o.get("steps", []))))
    ok(o.get("attached"), "setup{} attached memssa to the C buffer")
    is_(o.get("cmd"), ["memssa", "lsp"], "setup{} runs `memssa lsp` from PATH")

    h = o.get("hover_total")
    ok(has(h, "read of `total`", "- line 22: `int total = 0;` — writes `total`",
           "- line 24: `total += a[i];` — writes `total` (around the loop)"),
       "hover on total (24:5) names the writes at lines 22 and 24 and the variable", h)
    h = o.get("hover_p")
    ok(has(h, "read of `p`", "line 16:10: `for (p = head;", "line 16:31: `for (p = head;"),
       "hover on p (17:10): both writes on line 16, told apart by column", h)
    h = o.get("hover_pval")
    ok(has(h, "read of `p->val`", "before `list_sum` was entered") and "- line" not in h,
       "hover on p->val (17:12): the field, written before list_sum", h)
    h = o.get("hover_counter")
    ok(has(h, "write to `counter`", "before `sum` was entered"),
       "hover on the store to the global counter (25:3)", h)
    is_(o.get("hover_blank"), None, "hover on an empty line: nothing")

    is_(o.get("def_total"), [22, 24], "definition of total: lines 22 and 24")
    is_(o.get("def_y"), [40], "definition of y: line 40")
    is_(o.get("jump_y"), {"row": 40, "qf": []}, "vim.lsp.buf.definition() on y jumps to line 40")
    is_((o.get("jump_total") or {}).get("qf"), [22, 24],
        "vim.lsp.buf.definition() on total lists lines 22 and 24 in the quickfix list")
    is_(o.get("refs_total"), [24, 25, 26], "references of `int total = 0;`: lines 24, 25, 26")
    is_(o.get("rw_counter"), ["17:read", "24:read", "25:write"],
        "reads and writes of counter (25:3): its store, and the loads through p and a that may read it")
    is_(o.get("rw_qf"), ["17:read      in list_sum: p->val", "24:read      in sum: a[…]",
                         "25:write     in sum: counter"],
        ":MemssaReadsWrites fills the quickfix list, each entry marked read or write")
    lens = o.get("lens") or {}
    ok(has(lens.get("24"), "total ← 22, 24"), "code lens on line 24", lens.get("24"))
    ok(has(lens.get("17"), "p->val ← before list_sum", "n ← 14, 17"), "code lens on line 17", lens.get("17"))
    shown = o.get("shown_lens") or {}
    ok(has(shown.get("24"), "total ← 22, 24"), "Neovim holds the lens for line 24 to show", shown)

    h = o.get("hover_total_saved")
    ok(has(h, "- line 23: `total = 5;`", "- line 25: `total += a[i];`") and "line 22" not in h,
       "after `total = 5;` is inserted and saved, hover names lines 23 and 25", h)
    is_(o.get("def_total_saved"), [23, 25], "and definition jumps to 23 and 25")
    d = o.get("diagnostics") or []
    is_([(x["line"], x["col"], x["severity"]) for x in d], [(42, 3, 1)],
        "a saved compile error shows as an error at 42:3")
    ok(d and "undeclared identifier 'nope'" in d[0]["message"], "with clang's message", d)
    is_(o.get("def_total_after_error"), [23, 25], "the last good answers stay")
    is_(o.get("def_total_moved"), [24, 26],
        "a line inserted above, saved, still failing: definition follows to 24 and 26")
    h = o.get("hover_total_moved")
    ok(has(h, "- line 24: `total = 5;`", "lines mapped through the edits since"),
       "and hover names the lines as they are now, and says so", h)
    ok(has(o.get("hover_inserted"), "line 1 changed since the last good compile"),
       "the inserted line gets no stale answer", o.get("hover_inserted"))
    ok(has(o.get("ask_hover"), "read of `total`"),
       "require('memssa').ask_sync('hover'): memssa's own answer (what :MemssaHover shows)",
       o.get("ask_hover"))
    ok(o.get("commands"), ":MemssaHover and :MemssaReferences exist")
    ok(o.get("header_attached"), "setup{} attaches to a header too (filetype %s)"
       % o.get("header_filetype"))
    h = o.get("hover_header")
    ok(has(h, "read of `c->fd`** in `conn_reset`, line 5"),
       "hover in the header's inline function answers through main.c", h)


def unloaded(sock):
    """memssad's modules, once the server that quit with Neovim unloaded them."""
    deadline, mods = time.time() + 20, None
    while time.time() < deadline:
        c = lib.Client(sock)
        mods = [m["name"] for m in c.result("modules")["modules"]]
        c.close()
        if not mods:
            break
        time.sleep(0.1)
    return mods


def main():
    nvim = shutil.which("nvim")
    if not nvim:
        print("1..0 # SKIP nvim is not installed (make deps)")
        return 0
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP %s not built" % BIN)
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-nvim-")
    sample = os.path.join(tmp, "sample.c")
    shutil.copy(os.path.join(FIXTURES, "sample.c"), sample)
    unit = os.path.join(ROOT, "tests", "fixtures", "judged", "unit")
    for f in os.listdir(unit):   # util.h and main.c, which includes it
        shutil.copy(os.path.join(unit, f), tmp)
    out = os.path.join(tmp, "out.json")
    env = dict(os.environ, MEMSSA_SOCKET=os.path.join(tmp, "memssad.sock"),
               MEMSSA_NVIM_FILE=sample, MEMSSA_NVIM_OUT=out, HOME=tmp,
               MEMSSA_NVIM_HEADER=os.path.join(tmp, "util.h"),
               XDG_CONFIG_HOME=tmp, XDG_DATA_HOME=tmp, XDG_STATE_HOME=tmp,
               PATH=os.path.dirname(os.path.abspath(BIN)) + os.pathsep + os.environ.get("PATH", ""))
    cmd = [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
           "--cmd", "set rtp^=" + os.path.join(ROOT, "clients", "nvim"),
           "-c", "luafile " + os.path.join(FIXTURES, "lsp_test.lua")]
    try:
        p = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True,
                           timeout=NVIM_TIMEOUT)
        if not os.path.exists(out):
            ok(False, "nvim wrote its observations", p.stdout + p.stderr)
        else:
            check(json.load(open(out)))
            is_(unloaded(env["MEMSSA_SOCKET"]), [],
                "after :qall! (no didClose), memssad holds no module of the editor")
    except subprocess.TimeoutExpired:
        ok(False, "nvim finished within %d s" % NVIM_TIMEOUT)
    finally:
        subprocess.run([BIN, "shutdown"], env=env, capture_output=True, timeout=60)
        shutil.rmtree(tmp, ignore_errors=True)
    done()


sys.exit(main())
