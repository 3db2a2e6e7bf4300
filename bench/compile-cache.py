#!/usr/bin/env python3
"""bench/compile-cache.py -- what the compile cache (memssad --cache-dir) saves.

Loads every .c of a source tree with `load {"source"}`, one after another
on one connection, and reports wall times:
  - clang alone: each unit compiled by clang with the driver's flags;
  - --no-cache: memssad compiling every unit;
  - cold cache: the same with an empty --cache-dir (the cost of -MD, the
    hashing and the writes);
  - warm restart: a new memssad on that cache loads every unit (no clang);
  - first answer after a warm restart: a new memssad, one unit loaded and
    its `functions` answered.
Each memssad figure also gives its CPU time with the clang runs it waited
for (/usr/bin/time; on a shared machine wall time is mostly the others'
load) and the clang runs (stats.compile_cache misses).

  bench/compile-cache.py [SRC_DIR] [--skip NAME.c ...]

SRC_DIR defaults to ../shared/corpus/lua-src (lua.c, luac.c and onelua.c
skipped: the programs, not library units). Environment: MEMSSAD_BIN
(default build/memssad), CLANG (default clang-22, else clang-19).
"""
import glob, json, os, shutil, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMSSAD = os.environ.get("MEMSSAD_BIN") or os.path.join(ROOT, "build", "memssad")
CLANG = os.environ.get("CLANG") or shutil.which("clang-22") or shutil.which("clang-19")
FLAGS = ["-g", "-O1", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
         "-fno-color-diagnostics", "-fno-caret-diagnostics", "-Wno-error", "-o", "-"]


class Daemon:
    def __init__(self, tmp, *args):
        self.sock = os.path.join(tmp, "d.sock")
        self.cpu_file = os.path.join(tmp, "cpu")
        # CPU seconds of memssad and the clang runs it waited for
        self.p = subprocess.Popen(["/usr/bin/time", "-f", "%U %S", "-o", self.cpu_file, MEMSSAD,
                                   "--socket", self.sock, "-q"] + list(args),
                                  stdout=subprocess.DEVNULL)
        for _ in range(1000):
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(self.sock)
                break
            except OSError:
                self.s.close()
                time.sleep(0.005)
        self.f = self.s.makefile("rwb")
        self.n = 0

    def call(self, method, params=None):
        self.n += 1
        self.f.write((json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method,
                                  "params": params or {}}) + "\n").encode())
        self.f.flush()
        return json.loads(self.f.readline())

    def stop(self):
        self.call("shutdown")
        self.p.wait(30)
        return sum(float(x) for x in open(self.cpu_file).read().split()[-2:])


def loads(d, srcs):
    t0 = time.monotonic()
    for s in srcs:
        r = d.call("load", {"source": s, "clang": CLANG})
        if "result" not in r:
            sys.exit("load %s: %s" % (s, r))
    return time.monotonic() - t0


def main():
    args = sys.argv[1:]
    skip = {"lua.c", "luac.c", "onelua.c"}
    if "--skip" in args:
        i = args.index("--skip")
        skip |= set(args[i + 1:])
        args = args[:i]
    src = os.path.abspath(args[0] if args else os.path.join(ROOT, "..", "shared", "corpus",
                                                              "lua-src"))
    srcs = sorted(p for p in glob.glob(os.path.join(src, "*.c"))
                  if os.path.basename(p) not in skip)
    tmp = tempfile.mkdtemp(prefix="bench-ccache-")
    cache = os.path.join(tmp, "cache")
    out = []
    t0, c0 = time.monotonic(), os.times()
    for s in srcs:
        subprocess.run([CLANG] + FLAGS + [s], cwd=src, stdout=subprocess.DEVNULL, check=True)
    c1 = os.times()
    out.append(("clang alone", time.monotonic() - t0,
                c1.children_user + c1.children_system - c0.children_user - c0.children_system,
                len(srcs)))
    for label, extra in (("memssad --no-cache", ["--no-cache"]),
                         ("memssad, cold cache", ["--cache-dir", cache]),
                         ("memssad restarted, warm cache", ["--cache-dir", cache])):
        d = Daemon(tmp, *extra)
        t = loads(d, srcs)
        st = d.call("stats")["result"]["compile_cache"]
        out.append((label, t, d.stop(), len(srcs) if st is None else st["misses"]))
    t0 = time.monotonic()
    d = Daemon(tmp, "--cache-dir", cache)
    loads(d, srcs[:1])
    d.call("functions", {"module": srcs[0]})
    first = time.monotonic() - t0
    d.stop()
    print("%d units of %s (%s), one at a time; load average %.2f" %
          (len(srcs), src, os.path.basename(CLANG), os.getloadavg()[0]))
    print("| run | wall s | CPU s (with clang) | clang runs |")
    print("|---|---:|---:|---:|")
    for label, t, cpu, n in out:
        print("| %s | %.2f | %.2f | %d |" % (label, t, cpu, n))
    print("| first answer after a warm restart (start, load %s, functions) | %.3f | | 0 |" %
          (os.path.basename(srcs[0]), first))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
