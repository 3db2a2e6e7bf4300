#!/usr/bin/env python3
# load {"source": FILE.c}: memssad compiles the C file with the compile
# driver (clang -g, the file's compile command) on its thread pool and loads
# the IR; an edit inside one function reloads by difference (though DWARF
# 5's DIFile checksum changes with every edit); compile
# errors come back as -32010 compile_failed with clang's diagnostics; a .c
# or .bc given as `path` gets a hint; and `memssa load FILE.c` does the same
# from the command line.
import os, shutil, subprocess

from daemonlib import MEMSSA, MEMSSAD, ROOT, Daemon, bail, done, err_code, is_, ok


def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    if not any(shutil.which(c) for c in ("clang-22", "clang-19", "clang")):
        print("1..0 # SKIP no clang installed")
        return
    d = Daemon()
    c = d.client()
    src = os.path.join(d.tmp, "sample.c")
    shutil.copy(os.path.join(ROOT, "tests/fixtures/nvim/sample.c"), src)

    r = c.result("load", {"source": src})
    is_((r["module"], r["functions"], r["reload"]), (src, 4, "full"),
        "a C file loads, named by its path")
    r = c.result("clobber", {"module": src, "file": "sample.c", "line": 24, "col": 11})
    m = [x for x in r["matches"] if x["access"]["kind"] == "use"][0]
    is_(["%d:%s" % (w["source"]["line"], w["path"]) for w in m["reaching"]],
        ["22:straight", "24:loop"], "its answers are in source terms (total += a[i])")

    text = open(src).read()
    open(src, "w").write(text.replace("int y = x * 2;", "int y = x * 3;"))
    r = c.result("load", {"source": src})
    is_((r["reload"], r["reused"], r["rebuilt"], r["replaced"]), ("incremental", 3, 1, True),
        "an edit inside one function reloads by difference (3 reused, 1 rebuilt)")
    LOADS = [16, 17, 18, 23, 24, 25, 26, 29, 30, 31, 33, 34, 35, 40, 41]
    r = c.result("load", {"source": src, "load_lines": True})
    is_((r["reload"], r.get("load_lines")), ("incremental", LOADS),
        "load_lines on a reload by difference: the lines with loads (clang's IR scanned)")
    r = c.result("load", {"module": "copy", "source": src, "load_lines": True})
    is_((r["reload"], r.get("load_lines")), ("full", LOADS),
        "load_lines on a full load of the same file, named otherwise: the same lines")
    c.result("unload", {"module": "copy"})
    s0 = c.result("stats")
    open(src, "w").write(text.replace("total += a[i];", "total += a[i] * 2;"))
    r = c.result("load", {"source": src})
    is_((r["reload"], r["rebuilt"]), ("incremental", 2),
        "a second edit elsewhere: by difference again (twice() back, sum() changed)")
    ok("load_lines" not in r, "no load_lines unless asked")
    s1 = c.result("stats")
    is_((s1["loads_source"] - s0["loads_source"], s1["reloads_diff"] - s0["reloads_diff"]), (1, 1),
        "stats: loads_source and reloads_diff count it")

    # A line added inside sum() moves every later function's debug info one
    # line down: sum() is rebuilt, the others kept, and their positions move.
    open(src, "w").write(text.replace("  counter = total;\n", "  counter = total;\n  counter++;\n"))
    r = c.result("load", {"source": src})
    is_((r["reload"], r["rebuilt"], r.get("why_full")), ("incremental", 1, None),
        "a line added in sum(): by difference, only sum() rebuilt")
    r = c.result("clobber", {"module": src, "file": "sample.c", "line": 41, "col": 11})
    ok(any(x["access"]["kind"] == "use" and x.get("function") == "twice" and
           x["access"]["source"]["line"] == 41 for x in r["matches"]),
       "twice()'s load of x is found one line down (41)", r)

    bad = os.path.join(d.tmp, "bad.c")
    open(bad, "w").write("int f(void) {\n  return x;\n}\n")
    r = c.call("load", {"source": bad})
    data = r.get("error", {}).get("data", {})
    is_((err_code(r), data.get("reason"), data.get("line"), data.get("col")),
        (-32010, "compile_failed", 2, 10), "a compile error: -32010 compile_failed at 2:10")
    ok(any("x" in k["message"] and k["severity"] == "error" for k in data.get("diagnostics", [])),
       "with clang's diagnostics", data)
    is_([m["name"] for m in c.result("modules")["modules"]], [src], "the module set is unchanged")
    r = c.call("load", {"source": os.path.join(d.tmp, "nope.c")})
    is_((err_code(r), r["error"]["data"]["reason"]), (-32011, "not_found"), "a missing file: not_found")
    r = c.call("load", {"source": "sample.c"})
    is_(err_code(r), -32602, "a relative source path is refused")
    r = c.call("load", {"source": src, "path": src})
    is_(err_code(r), -32602, "source and path together are refused")

    r = c.call("load", {"path": src})
    is_((err_code(r), "source" in r["error"]["data"].get("hint", "")), (-32010, True),
        "a .c given as a path: -32010 with a hint to load it as source")
    bc = os.path.join(d.tmp, "x.bc")
    open(bc, "wb").write(b"BC\xc0\xde\x35\x14\x00\x00")
    r = c.call("load", {"path": bc})
    ok("llvm-dis" in r["error"]["data"].get("hint", ""), "a .bc: a hint to disassemble it")

    # clang runs at the daemon's own priority, not its pool threads' nice 10
    # (a child takes the nice value of the thread that spawns it).
    real = next(shutil.which(x) for x in ("clang-22", "clang-19", "clang") if shutil.which(x))
    fake_dir = os.path.join(d.tmp, "bin")
    os.mkdir(fake_dir)
    fake, seen = os.path.join(fake_dir, "clang"), os.path.join(d.tmp, "nice.txt")
    open(fake, "w").write("#!/bin/sh\nawk '{print $19}' /proc/$$/stat > %s\nexec %s \"$@\"\n"
                          % (seen, real))
    os.chmod(fake, 0o755)
    r = c.call("load", {"source": src, "module": "nice", "clang": fake})
    is_(r.get("error", {}).get("data", {}).get("reason"), "untrusted_compiler",
        "a compiler the request names must be trusted: refused (untrusted_compiler)")
    r = c.result("load", {"source": src, "module": "nice", "clang": fake,
                          "trusted_compilers": [fake_dir + "/*"]})
    daemon_nice = open("/proc/%d/stat" % d.p.pid).read().rsplit(")", 1)[1].split()[16]
    is_((r["functions"], open(seen).read().strip()), (4, daemon_nice),
        "clang runs at the daemon's nice value (%s), not the pool's" % daemon_nice)
    c.result("unload", {"module": "nice"})

    env = dict(os.environ, MEMSSA_SOCKET=d.sock)
    out = subprocess.run([MEMSSA, "load", src, "--module", "viacli"], env=env,
                         capture_output=True, text=True, timeout=120)
    ok(out.returncode == 0 and "loaded module viacli: 4 functions" in out.stdout,
       "memssa load FILE.c", out.stdout + out.stderr)
    out = subprocess.run([MEMSSA, "load", bad], env=env, capture_output=True, text=True, timeout=120)
    ok(out.returncode != 0 and "bad.c:2:10" in out.stderr, "memssa load of a broken file: clang's position",
       out.stderr)
    done()


main()
