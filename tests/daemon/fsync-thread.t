#!/usr/bin/env python3
# The journal's fdatasync has a thread of its own: with --fsync always and
# libuv's pool full of slow builds (four running, four queued), an edit is
# acknowledged at once, long before any of those builds ends. (When the
# fdatasync was queued on the pool, the acknowledgement waited for the
# builds ahead of it.) Then: the held reply is still durable (it survives a
# SIGKILL), and everysec keeps syncing.
import json, os, signal, socket, time

import daemonlib as lib
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client

POOL = 4            # UV_THREADPOOL_SIZE given to the daemon
SLOW_LOADS = 2 * POOL
SLOW_N = 6000       # about a second per build on an idle machine (lib.slow_module)


def edit(k):
    return {"module": "m", "function": "f",
            "ops": [{"op": "insert", "before": "%%l%d" % (k % 8),
                     "text": "store i32 %d, ptr %%q, align 4" % (1000 + k)}]}


def main():
    lib.time_limit(240)
    state = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(state)
    env = {"UV_THREADPOOL_SIZE": str(POOL)}
    d = Daemon("--state-dir", state, "--fsync", "always", env=env)
    c = d.client()
    c.result("load", {"module": "m", "text": lib.chain_module(8)})
    slow = os.path.join(d.tmp, "slow.ll")
    lib.slow_module(slow, SLOW_N)

    # Fill the pool: each slow load on its own connection.
    loaders = []
    for i in range(SLOW_LOADS):
        x = d.client()
        x.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "load",
                           "params": {"module": "slow%d" % i, "path": slow}}) + "\n")
        loaders.append(x)
    time.sleep(0.3)   # the builds have started
    st = c.result("stats")
    ok(st["loads_in_flight"] == SLOW_LOADS, "%d slow loads in flight" % SLOW_LOADS,
       st["loads_in_flight"])

    t0 = time.monotonic()
    r = c.call("edit", edit(0), timeout=120)
    ack = time.monotonic() - t0
    ok(r and "result" in r, "the edit is acknowledged (%.3f s)" % ack, r)
    # No slow load was answered before the acknowledgement.
    answered = 0
    for x in loaders:
        x.s.setblocking(False)
        try:
            if x.s.recv(1 << 16, socket.MSG_PEEK):
                answered += 1
        except BlockingIOError:
            pass
        x.s.setblocking(True)
    is_(answered, 0, "before any of the slow builds ended")
    st = c.result("stats")
    ok(st["journal"]["durable"] >= 2, "and its record is durable (%d of %d)"
       % (st["journal"]["durable"], st["journal"]["records"]), st["journal"])
    ok(st["loads_in_flight"] > 0, "while the builds still run (%d in flight)"
       % st["loads_in_flight"])

    # More edits while the pool is busy: each one prompt.
    worst = 0.0
    for k in range(1, 11):
        t0 = time.monotonic()
        c.result("edit", edit(k))
        worst = max(worst, time.monotonic() - t0)
    ok(c.result("stats")["loads_in_flight"] > 0,
       "10 more edits acknowledged while builds run (slowest %.3f s)" % worst)

    # Acknowledged means durable: SIGKILL, restart, all 11 edits are there.
    d.p.send_signal(signal.SIGKILL)
    d.p.wait()
    for x in loaders:
        x.close()
    d2 = Daemon("--state-dir", state, "--fsync", "always")
    for _ in range(600):   # the replay rebuilds any slow module installed
        if os.path.exists(d2.sock) or d2.p.poll() is not None:
            break
        time.sleep(0.1)
    c2 = d2.client()
    text = c2.result("print", {"module": "m", "function": "f"})["text"]
    got = sum(("store i32 %d," % (1000 + k)) in text for k in range(11))
    is_(got, 11, "after SIGKILL and restart, every acknowledged edit is there")
    c2.close()
    is_(d2.stop(), 0, "clean stop")

    # everysec: the timer's fdatasync goes through the same thread.
    d3 = Daemon("--state-dir", state, "--fsync", "everysec")
    c3 = d3.client()
    c3.result("edit", edit(11))
    for _ in range(40):
        j = c3.result("stats")["journal"]
        if j["durable"] >= 1:
            break
        time.sleep(0.1)
    ok(j["durable"] >= 1 and j["fsyncs"] >= 1, "everysec: the record becomes durable", j)
    c3.close()
    is_(d3.stop(), 0, "clean stop")
    ok(d.sanitizer_clean() and d2.sanitizer_clean() and d3.sanitizer_clean(),
       "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
