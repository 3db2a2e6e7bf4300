#!/usr/bin/env python3
# The project in a real Neovim (issue 29): headless nvim (-u NONE,
# clients/nvim on the runtimepath) runs tests/fixtures/nvim/project_test.lua
# on a copy of tests/fixtures/lsp-project with a compile_commands.json:
# Neovim receives the project's progress (begin, a unit compiled of 2, the
# link, end), hover on a.c's load of counter names the write inside bump on
# b.c:7, the reads and writes of struct conf.level span both files, the
# call hierarchy goes from the load to the call to the write inside it, and
# a save of b.c moves the answer to b.c:9. memssad runs on a private socket.
import json, os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
ROOT, BIN = lib.ROOT, lib.MEMSSA
NVIM_TIMEOUT = 200
lib.time_limit(NVIM_TIMEOUT + 60)


def check(o):
    ok(o.get("ok"), "the Lua script ran to its end", "%s\n%s" % (o.get("error"), "\n".join(o.get("steps", []))))
    ok(o.get("attached") and o.get("loaded"), "memssa attached, and hover came to answer from the program")
    prog = [p for p in o.get("progress", []) if "compiled" in p or "link" in p or "program" in p
            or p.startswith("end: loaded") or p.startswith("end: reloaded")]
    is_([p.split(":")[0] for p in prog[:5]], ["begin", "report", "report", "report", "end"],
        "Neovim got the project's progress: begin, two units, the link, end")
    ok(any("compiled 2 of 2" in p for p in prog) and "report: linking 2 units" in prog,
       "units compiled of 2, then linked", prog)
    h = o.get("hover_counter", "")
    ok("read of `counter`" in h and "inside `bump`: b.c:line 7: `counter += by;`" in h,
       "hover on a.c's counter names b.c:7 inside bump", h)
    is_(o.get("rw_level"), ["a.c:9:read", "a.c:13:write", "a.c:13:read", "b.c:11:write"],
        "reads and writes of struct conf.level in both files, with kinds")
    is_(o.get("hierarchy"), ["read of `counter` in report, a.c:5", "call to `bump` in report, a.c:4",
                             "write to `counter` in bump, b.c:7"],
        "the call hierarchy: the load, the call it reads through, the write inside bump")
    ok(o.get("reloaded"), "after b.c is saved the hover names b.c:9", o.get("hover_counter_saved"))


def main():
    nvim = shutil.which("nvim")
    if not nvim:
        print("1..0 # SKIP nvim is not installed (make deps)")
        return 0
    if not os.access(BIN, os.X_OK):
        print("1..0 # SKIP %s not built" % BIN)
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-nvimproj-")
    for f in ("a.c", "b.c", "shared.h"):
        shutil.copy(os.path.join(ROOT, "tests", "fixtures", "lsp-project", f), tmp)
    with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
        json.dump([{"directory": tmp, "file": x, "arguments": ["clang", "-c", x]} for x in ("a.c", "b.c")], f)
    out = os.path.join(tmp, "out.json")
    env = dict(os.environ, MEMSSA_SOCKET=os.path.join(tmp, "memssad.sock"), MEMSSA_NVIM_DIR=tmp,
               MEMSSA_NVIM_OUT=out, HOME=tmp, XDG_CONFIG_HOME=tmp, XDG_DATA_HOME=tmp,
               XDG_STATE_HOME=tmp,
               PATH=os.path.dirname(os.path.abspath(BIN)) + os.pathsep + os.environ.get("PATH", ""))
    cmd = [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
           "--cmd", "set rtp^=" + os.path.join(ROOT, "clients", "nvim"),
           "-c", "luafile " + os.path.join(ROOT, "tests", "fixtures", "nvim", "project_test.lua")]
    try:
        p = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True, timeout=NVIM_TIMEOUT)
        if not os.path.exists(out):
            ok(False, "nvim wrote its observations", p.stdout + p.stderr)
        else:
            check(json.load(open(out)))
    except subprocess.TimeoutExpired:
        ok(False, "nvim finished within %d s" % NVIM_TIMEOUT)
    finally:
        subprocess.run([BIN, "shutdown"], env=env, capture_output=True, timeout=60)
        shutil.rmtree(tmp, ignore_errors=True)
    done()


sys.exit(main())
