#!/usr/bin/env python3
# A `load` never stalls the daemon: what is not a regular file (a FIFO, even
# under the name of a loaded module; /dev/zero; a directory) is refused at
# once with data.reason "not_regular_file", a file beyond --max-module-bytes
# with "too_large" (checked before reading: a sparse 2 GiB file), a missing
# one with "not_found"; other clients are answered meanwhile, the pool stays
# free, and SIGTERM ends the daemon within 2 s while a long build runs.
import json, os, signal, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemonlib import lib  # noqa: E402
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

SUM = os.path.join(lib.ROOT, "examples", "sum.ll")
# A build of this takes seconds: each of its N loads is optimized past the
# N stores to other allocas (no alias), N*N alias queries in all.
SLOW_N = 12000
# SIGTERM ends the daemon within this many seconds (2 s: --drain-timeout's 1.5 s and exit, plus
# room for a machine shared with other builds).
STOP_LIMIT_S = 2.5


def refusal(r):
    e = (r or {}).get("error", {})
    return e.get("code"), e.get("data", {}).get("reason")


def timed_load(c, params):
    t = time.monotonic()
    r = c.call("load", params, timeout=20)
    return r, time.monotonic() - t


def main():
    d = Daemon("--max-module-bytes", "1G")
    c = d.client()
    fifo = os.path.join(d.tmp, "pipe.ll")
    os.mkfifo(fifo)

    # A FIFO, alone and under the name of a loaded module (a reload by
    # difference would read it on the query thread).
    r, dt = timed_load(c, {"path": fifo})
    is_(refusal(r), (-32011, "not_regular_file"), "a FIFO is refused: not_regular_file")
    ok("FIFO" in r["error"]["message"] and dt < 2, "at once, saying it is a FIFO (%.2f s)" % dt,
       r)
    c.result("load", {"module": "pipe", "path": SUM})
    r, dt = timed_load(c, {"path": fifo})
    is_(refusal(r), (-32011, "not_regular_file"),
        "a FIFO under the name of a loaded module: refused too")
    is_(c.result("ping"), {"version": "1.0"}, "the connection goes on")

    # Many FIFO loads at once on many connections: the pool is never held.
    others = [d.client() for _ in range(8)]
    for x in others:
        x.send(json.dumps({"id": 1, "method": "load", "params": {"path": fifo}}) + "\n")
    replies = [x.line(timeout=20) for x in others]
    ok(all(refusal(x) == (-32011, "not_regular_file") for x in replies),
       "8 FIFO loads at once: all refused", replies)
    r, dt = timed_load(c, {"module": "after", "path": SUM})
    ok(r and "result" in r and dt < 5, "a load after them is answered (%.2f s)" % dt, r)

    # /dev/zero, a directory, a missing file, a huge sparse one.
    r, dt = timed_load(c, {"module": "zero", "path": "/dev/zero"})
    is_(refusal(r), (-32011, "not_regular_file"), "/dev/zero is refused: not_regular_file")
    ok(dt < 2 and "character device" in r["error"]["message"],
       "at once (%.2f s), saying what it is" % dt, r)
    r, _ = timed_load(c, {"module": "dir", "path": d.tmp})
    is_(refusal(r), (-32011, "not_regular_file"), "a directory is refused: not_regular_file")
    r, _ = timed_load(c, {"path": os.path.join(d.tmp, "missing.ll")})
    is_(refusal(r), (-32011, "not_found"), "a missing file: not_found")
    ok("No such file or directory" in r["error"]["message"], "with errno's words", r)
    sparse = os.path.join(d.tmp, "huge.ll")
    with open(sparse, "wb") as f:
        f.truncate(2 << 30)
    r, dt = timed_load(c, {"path": sparse})
    is_(refusal(r), (-32011, "too_large"), "a 2 GiB file beyond --max-module-bytes: too_large")
    ok(dt < 2, "before reading it (%.2f s)" % dt)
    d2 = Daemon("--max-module-bytes", "100")
    c2 = d2.client()
    r, _ = timed_load(c2, {"path": SUM})
    is_(refusal(r), (-32011, "too_large"), "--max-module-bytes 100: a file over it is refused")
    r = c2.call("load", {"module": "t", "text": open(SUM).read()})
    is_(refusal(r), (-32011, "too_large"), "so is a text over it")
    is_(d2.stop(), 0, "clean stop")
    mods = sorted(m["name"] for m in c.result("modules")["modules"])
    is_(mods, ["after", "pipe"], "refused loads left the module set alone")
    st = c.result("stats")
    ok(st["loads"] >= 2, "stats still count loads")
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])

    # SIGTERM with a long build in flight: the process ends within 2 s.
    d = Daemon()
    slow = os.path.join(d.tmp, "slow.ll")
    lib.slow_module(slow, SLOW_N)
    c = d.client()
    c.send(json.dumps({"id": 1, "method": "load", "params": {"path": slow}}) + "\n")
    time.sleep(0.5)
    is_(d.client().result("stats").get("loads_in_flight"), 1, "a long build is running")
    t = time.monotonic()
    d.p.send_signal(signal.SIGTERM)
    try:
        rc = d.p.wait(30)
    except subprocess.TimeoutExpired:
        rc = None
    dt = time.monotonic() - t
    ok(rc == 0 and dt < STOP_LIMIT_S, "SIGTERM ends the daemon in %.2f s (< 2) with a build in "
       "flight, exit status %r" % (dt, rc))
    ok("abandoning 1 build" in d.stderr(), "and says it abandoned the build", d.stderr()[-1500:])
    done()


main()
