#!/usr/bin/env python3
"""Code lens latency through `memssa lsp`, as an editor sees it
(bench/RESULTS.md, "Code lenses"):
  - first: the whole file's lenses right after open (a fresh module
    generation: every line with loads is asked of memssad), wall time and
    the CPU time `memssa lsp` and memssad spent on it;
  - again: the same request once more (the same generation);
  - hover behind a lens: on a fresh generation (after a save), a codeLens
    and a hover written together; the time to the hover's reply and to the
    lens's.
Usage: bench/lens.py FILE.c... (compiled in place, with a private
memssad). Environment: MEMSSA_BIN (default build/memssa; its memssad is the
one next to it), CLANG (default: the newest installed)."""
import os, shutil, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "daemon"))
import daemonlib  # noqa: E402
import lsplib  # noqa: E402

daemonlib.time_limit(3 * 3600)   # the tests' 120 s would cut a slow lens short

lsplib.Conn.read.__defaults__ = (1800,)   # a slow lens is measured, not a failure


def cpu(pid):
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def frame(id, method, params):
    return lsplib.frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params})


def one(path, clang):
    tmp = tempfile.mkdtemp(prefix="memssa-lens-bench-")   # the daemon's socket
    f = os.path.abspath(path)   # in place: its headers beside it (nothing is written there)
    s = lsplib.Lsp("--clang", clang, tmp=tmp)
    try:
        errs = [d for d in s.open(f) if d.get("severity") == 1]
        if errs:
            raise SystemExit("%s does not compile: %s" % (path, errs[0]["message"]))
        log = open(os.path.join(tmp, "memssad.sock.log")).read()
        dpid = int(log.split("ready (pid ")[1].split(")")[0])
        doc = {"textDocument": {"uri": lsplib.uri(f)}}
        row = [os.path.basename(path), str(sum(1 for _ in open(path)))]
        for k in range(2):
            c0, d0, t0 = cpu(s.p.pid), cpu(dpid), time.time()
            r = s.result("textDocument/codeLens", doc)
            row += ["%.3f s (cpu %.2f + %.2f s)" % (time.time() - t0, cpu(s.p.pid) - c0,
                                                    cpu(dpid) - d0)]
        row.insert(2, str(len(r)))
        s.send("textDocument/didSave", doc)   # a new generation
        s.result("textDocument/hover", lsplib.pos(f, 1, 1))   # the save is done
        first = lsplib.lines(r)[len(r) // 2] if r else 1
        t0 = time.time()
        s.write(frame(801, "textDocument/codeLens", doc) +
                frame(802, "textDocument/hover", lsplib.pos(f, first, 1)))
        got = {}
        while len(got) < 2:
            m = s.read()
            if m.get("id") in (801, 802) and "method" not in m:
                got[m["id"]] = time.time() - t0
        row += ["%.3f s" % got[802], "%.3f s" % got[801]]
        return row
    finally:
        s.close()
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    clang = os.environ.get("CLANG") or shutil.which("clang-22") or shutil.which("clang-19") \
        or shutil.which("clang")
    print("| file | lines | lenses | first lens (cpu: lsp + memssad) | again | hover behind a lens | that lens |")
    print("|---|---:|---:|---|---|---:|---:|")
    for p in sys.argv[1:]:
        print("| " + " | ".join(one(p, clang)) + " |", flush=True)
    print("\nload average: %.2f %.2f %.2f" % os.getloadavg())


main()
