#!/usr/bin/env python3
# The persistent cache of compiled units (memssad --cache-dir; common/ccache.h).
# A wrapper around the real clang counts its runs (trusted through
# params.trusted_compilers), so "runs no clang" is seen, not assumed:
#   - a second load of the same source runs no clang (stats.compile_cache.hits);
#   - editing the source, or a header it includes, makes it compile again;
#   - a truncated entry, a flipped byte and a wrong length are each detected,
#     dropped (a log line, stats errors), rebuilt, and the right answer served;
#   - a restart with a warm cache loads the source without clang;
#   - the size cap evicts the least recently used entry;
#   - kill -9 in the middle of a loop of loads (entries being written)
#     leaves no half entry: memssad --cache-verify finds every entry sound;
#   - two daemons on one cache directory loading at once both answer right,
#     and the cache verifies afterwards;
#   - a header edited while clang runs is not stored under its new bytes
#     (else the next load would be answered with the old IR);
#   - a cache directory others may write is refused (the daemon compiles
#     without one); the default directory is $XDG_CACHE_HOME/memssa, else
#     ~/.cache/memssa.
import glob, os, random, shutil, signal, subprocess, threading, time

from daemonlib import MEMSSAD, Daemon, bail, done, is_, ok

HEADER = "struct s { int a, b; };\n#define N 1\n"
SOURCE = """#include "h.h"
struct s g;
int f(struct s *p) { g.a = N; p->b = 2; return g.a; }
"""


def write(path, text):
    open(path, "w").write(text)
    # the cache keeps no unit whose file changed at or after clang started
    # (the clock of file times is coarse): a load right after a save compiles
    time.sleep(0.03)


def big_source(name, nfun):
    body = "".join("int %s_%d(int *p, int *q) { *p = %d; *q = *p + %d; return *p; }\n"
                   % (name, i, i, i) for i in range(nfun))
    return body


def main():
    real = next((shutil.which(c) for c in ("clang-22", "clang-19") if shutil.which(c)), None)
    if not real:
        print("1..0 # SKIP no clang-22 or clang-19 installed")
        return
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    d = Daemon("--no-cache")   # only for its temp dir
    d.stop()
    tmp = d.tmp
    cache = os.path.join(tmp, "cache")
    count = os.path.join(tmp, "runs")
    bindir = os.path.join(tmp, "bin")
    os.mkdir(bindir)
    wrapper = os.path.join(bindir, "clang-counting")
    open(wrapper, "w").write("#!/bin/sh\necho run >> %s\nexec %s \"$@\"\n" % (count, real))
    os.chmod(wrapper, 0o755)
    proj = os.path.join(tmp, "proj")
    os.mkdir(proj)
    src, hdr = os.path.join(proj, "a.c"), os.path.join(proj, "h.h")
    write(hdr, HEADER)
    write(src, SOURCE)

    def runs():
        return len(open(count).read().split()) if os.path.exists(count) else 0

    def load(c, path, module=None):
        p = {"source": path, "clang": wrapper, "trusted_compilers": [bindir + "/*"]}
        if module:
            p["module"] = module
        return c.call("load", p, timeout=120)

    def cstats(c):
        return c.result("stats")["compile_cache"]

    def entries():
        return entries_in(cache)

    def verify():
        r = subprocess.run([MEMSSAD, "--cache-dir", cache, "--cache-verify"],
                           capture_output=True, text=True, timeout=60)
        return r.returncode, r.stdout.strip()

    d = Daemon("--cache-dir", cache, tmp=tmp)
    c = d.client()
    r = load(c, src)
    ok("result" in r and r["result"]["functions"] == 1, "first load compiles", r)
    is_((runs(), r["result"]["compile_cached"]), (1, False), "first load: clang ran once")
    ref = c.result("print", {"module": src})["text"]
    is_(len(entries()), 1, "one entry stored")
    r = load(c, src)
    is_((runs(), r["result"]["compile_cached"]), (1, True),
        "second load of the same source: no clang run, answered from the cache")
    is_(c.result("print", {"module": src})["text"], ref, "the cached IR gives the same MemorySSA")
    st = cstats(c)
    is_((st["hits"], st["misses"], st["errors"], st["stores"]), (1, 1, 0, 1),
        "stats: 1 hit, 1 miss, 0 errors, 1 store")
    is_(st["dir"], cache, "stats names the cache directory")

    # one included header changes: compiled again, and the answer follows
    write(hdr, HEADER + "int h2(int *p) { return *p; }\n")
    r = load(c, src)
    is_((runs(), r["result"]["compile_cached"], r["result"]["functions"]), (2, False, 2),
        "a header edited: clang runs again and sees the header's new function")
    r = load(c, src)
    is_((runs(), r["result"]["compile_cached"]), (2, True), "then a hit again")
    write(src, SOURCE + "int f3(int *p) { *p = 3; return 0; }\n")
    r = load(c, src)
    is_((runs(), r["result"]["functions"]), (3, 3), "the source edited: clang runs again")
    ref = c.result("print", {"module": src})["text"]
    is_(len(entries()), 1, "the stale entry was replaced, not added to")

    # damaged entries: each detected, dropped, rebuilt, never trusted
    def damage(name, how):
        e = entries()[0]
        b = bytearray(open(e, "rb").read())
        open(e, "wb").write(how(b))
        before, errs = runs(), cstats(c)["errors"]
        r = load(c, src, module="dmg-" + name)
        ok("result" in r and r["result"]["functions"] == 3 and not r["result"]["compile_cached"],
           "%s entry: not trusted, compiled (3 functions)" % name, r)
        is_((runs(), cstats(c)["errors"]), (before + 1, errs + 1),
            "%s entry: clang ran once, stats.errors counts it" % name)
        is_(c.result("print", {"module": "dmg-" + name})["text"], ref,
            "%s entry: the right answer is served" % name)
        ok("dropped" in d.stderr() and os.path.basename(e) in d.stderr(),
           "%s entry: a log line names the dropped entry" % name)
        r = load(c, src, module="dmg2-" + name)
        is_((runs(), r["result"]["compile_cached"]), (before + 1, True),
            "%s entry: rebuilt, the next load hits" % name)

    damage("truncated", lambda b: b[:len(b) // 2])

    def flip(b):
        b[len(b) - 40] ^= 0x01   # in the IR text, far from every length field
        return b

    damage("flipped-byte", flip)
    damage("wrong-length", lambda b: b + b"\n; appended\n")

    def flip_len(b):   # the length field itself says more than there is
        b[16] ^= 0x10
        return b

    damage("length-field", flip_len)

    # a restart with a warm cache runs no clang
    is_(d.stop(), 0, "the daemon stops cleanly")
    ok(d.sanitizer_clean(), "no sanitizer report (under make asan)", d.stderr())
    d = Daemon("--cache-dir", cache, tmp=tmp)
    c = d.client()
    before = runs()
    r = load(c, src)
    is_((runs(), r["result"]["compile_cached"], r["result"]["functions"]), (before, True, 3),
        "restart with a warm cache: loaded without clang")
    is_(c.result("print", {"module": src})["text"], ref, "restart: the same answer")
    d.stop()

    # the size cap: least recently used first
    lru = os.path.join(tmp, "lru")
    os.mkdir(lru)
    srcs = {}
    for n in ("A", "B", "C"):
        srcs[n] = os.path.join(lru, n + ".c")
        write(srcs[n], big_source(n, 200))   # about 430 KB of entry each
    d = Daemon("--cache-dir", os.path.join(tmp, "cache-lru"), "--cache-max-mb", "1", tmp=tmp)
    c = d.client()
    for n in ("A", "B"):
        load(c, srcs[n])
        time.sleep(0.05)
    size = sum(os.path.getsize(p) for p in glob.glob(os.path.join(tmp, "cache-lru", "*.mce")))
    ok(600000 < size < (1 << 20), "two entries fit under 1 MB (%d bytes)" % size)
    before = runs()
    r = load(c, srcs["A"])   # A used again: B is now the least recently used
    is_((runs(), r["result"]["compile_cached"]), (before, True), "A hits")
    time.sleep(0.05)
    load(c, srcs["C"])
    st = cstats(c)
    ok(st["evictions"] >= 1 and st["bytes"] <= (1 << 20),
       "storing C passes the cap: an entry evicted, bytes under the cap", st)
    before = runs()
    ra, rb = load(c, srcs["A"]), load(c, srcs["B"])
    is_((ra["result"]["compile_cached"], rb["result"]["compile_cached"], runs() - before),
        (True, False, 1), "A (recently used) stayed; B (least recently used) was evicted")
    d.stop()

    # kill -9 while entries are being written
    many = os.path.join(tmp, "many")
    os.mkdir(many)
    files = []
    for i in range(12):
        files.append(os.path.join(many, "m%d.c" % i))
        write(files[-1], big_source("m%d" % i, 400))
    kcache = os.path.join(tmp, "cache-kill")
    # each 64 KiB of an entry written 20 ms apart: a kill lands mid-write
    slow = {"MEMSSA_TEST_CACHE_SLOW_WRITES_MS": "20"}
    caught = []   # (temp file, its bytes) seen just before each kill
    after = []    # (the temp file still there, verify()) after each kill
    for round_ in range(3):
        d = Daemon("--cache-dir", kcache, tmp=tmp, env=slow)
        c = d.client()
        stop = threading.Event()

        def loop():
            try:
                for f in files[round_ * 3:] + files:
                    if stop.is_set():
                        return
                    load(c, f)
            except Exception:
                pass

        t = threading.Thread(target=loop, daemon=True)
        t.start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:   # kill once an entry is half written
            temp = [n for n in os.listdir(kcache) if n.endswith(".entry")]
            size = os.path.getsize(os.path.join(kcache, temp[0])) if temp else 0
            if size > 200000:
                d.stop(signal.SIGKILL)
                caught.append((temp[0], size))
                break
            time.sleep(0.005)
        d.stop(signal.SIGKILL)
        stop.set()
        t.join(10)
        if caught and len(caught) == round_ + 1:   # before the next daemon tidies up
            n = caught[-1][0]
            after.append((os.path.exists(os.path.join(kcache, n)), verify()))
    ok(len(caught) == 3, "kill -9 landed in the middle of 3 writes", caught)
    ok(all(there for there, _ in after) and len(after) == 3,
       "each killed write left only its temp file", after)
    ok(all(rc == 0 and " 0 damaged" in out for _, (rc, out) in after),
       "after each kill the cache verifies: no half entry under an entry's name", after)
    rc, out = verify()
    ok(rc == 0 and " 0 damaged" in out, "after the kills: every entry sound", out)
    d = Daemon("--cache-dir", kcache, tmp=tmp)   # its start-up scan removes dead writers' temps
    c = d.client()
    rc, out = verify()
    ok(rc == 0 and out.endswith(" 0 temp files"), "a new daemon removed the dead writers' temp files",
       out)
    r = load(c, files[0])
    ok("result" in r and r["result"]["functions"] == 400, "the cache still serves loads", r)
    d.stop()

    # a header edited while clang runs (after it read the file, before the
    # cache hashes it): the IR is of the old bytes, so it must not be stored
    # under the new bytes' hash
    slowc = os.path.join(bindir, "clang-slow-exit")
    clang_done = os.path.join(tmp, "clang-done")
    open(slowc, "w").write("#!/bin/sh\necho run >> %s\n%s \"$@\"\nrc=$?\necho > %s\nsleep 0.6\n"
                           "exit $rc\n" % (count, real, clang_done))
    os.chmod(slowc, 0o755)
    race = os.path.join(tmp, "race")
    os.mkdir(race)
    rsrc, rhdr = os.path.join(race, "a.c"), os.path.join(race, "h.h")
    write(rhdr, HEADER)
    write(rsrc, SOURCE)
    d = Daemon("--cache-dir", cache, tmp=tmp)
    c = d.client()
    got = {}
    th = threading.Thread(target=lambda: got.update(r=c.call(
        "load", {"source": rsrc, "clang": slowc, "trusted_compilers": [bindir + "/*"]},
        timeout=60)))
    th.start()
    for _ in range(3000):   # until clang has finished; the wrapper then sleeps
        if os.path.exists(clang_done):
            break
        time.sleep(0.01)
    os.unlink(clang_done)
    open(rhdr, "w").write(HEADER + "int late(int *p) { return *p; }\n")
    th.join(60)
    is_(got["r"].get("result", {}).get("functions"), 1, "the racing compile saw the old header")
    c2 = Daemon("--cache-dir", cache, tmp=tempfile_dir(tmp, "race-d")).client()
    r = c2.call("load", {"source": rsrc, "clang": slowc, "trusted_compilers": [bindir + "/*"]},
                timeout=60)
    is_((r["result"]["compile_cached"], r["result"]["functions"]), (False, 2),
        "a header changed during the compile: that IR was not stored; the next load compiles "
        "and sees the new function")
    d.stop()

    # a directory others may write is refused: the daemon compiles without it
    open_dir = os.path.join(tmp, "cache-open")
    os.mkdir(open_dir)
    os.chmod(open_dir, 0o777)
    d = Daemon("--cache-dir", open_dir, tmp=tmp)
    c = d.client()
    before = runs()
    r = load(c, src)
    ok("result" in r and r["result"]["functions"] == 3 and runs() == before + 1,
       "a world-writable cache directory: not used, the load compiles", r)
    is_(c.result("stats")["compile_cache"], None, "stats.compile_cache is null without a cache")
    ok("cannot be used" in d.stderr(), "a warning says why", d.stderr())
    is_(os.listdir(open_dir), [], "nothing was written into it")
    d.stop()

    # the default directory: $XDG_CACHE_HOME/memssa, else ~/.cache/memssa
    def default_dir(env):
        e = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "HOME")}
        e.update(env)
        r = subprocess.run([MEMSSAD, "--cache-verify"], capture_output=True, text=True,
                           env=e, timeout=60)
        return r.stdout.split(":")[0]

    xdg, home = os.path.join(tmp, "xdg"), os.path.join(tmp, "home")
    is_(default_dir({"XDG_CACHE_HOME": xdg, "HOME": home}), xdg + "/memssa",
        "default cache directory: $XDG_CACHE_HOME/memssa")
    is_(default_dir({"HOME": home}), home + "/.cache/memssa",
        "without XDG_CACHE_HOME: ~/.cache/memssa")

    # two daemons, one directory, loading the same files at once
    shared = os.path.join(tmp, "cache-shared")
    d1 = Daemon("--cache-dir", shared, tmp=tmp)
    d2 = Daemon("--cache-dir", shared, tmp=tempfile_dir(tmp, "second"))
    results = {1: [], 2: []}

    def worker(k, dm, order):
        cl = dm.client()
        for f in order:
            r = load(cl, f)
            results[k].append((f, r.get("result", {}).get("functions")))

    th = [threading.Thread(target=worker, args=(1, d1, files[:6])),
          threading.Thread(target=worker, args=(2, d2, files[5::-1]))]
    for t in th:
        t.start()
    for t in th:
        t.join(300)
    ok(all(n == 400 for k in results for _, n in results[k]) and
       len(results[1]) == len(results[2]) == 6, "two daemons: every load answered right", results)
    rc, out = verify()
    ok(rc == 0 and " 0 damaged" in out, "two daemons: the shared cache verifies", out)
    st1, st2 = cstats(d1.client()), cstats(d2.client())
    is_(st1["errors"] + st2["errors"], 0, "two daemons: no errors")
    is_((d1.stop(), d2.stop()), (0, 0), "two daemons: both stop cleanly")
    ok(d1.sanitizer_clean() and d2.sanitizer_clean(), "two daemons: no sanitizer report")
    done()


def entries_in(cache):
    return sorted(glob.glob(os.path.join(cache, "*.mce")))


def tempfile_dir(tmp, name):
    p = os.path.join(tmp, name)
    os.makedirs(p, exist_ok=True)
    return p


if __name__ == "__main__":
    main()
