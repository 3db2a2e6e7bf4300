#!/usr/bin/env python3
# memssad under pressure: 32 concurrent clients x 1,000 mixed queries (all
# answers checked), a ping during a 10 MB load (< 10 ms), an oversize
# request, clients that disconnect mid-request and mid-load, a client that
# never reads, and SIGTERM with requests in flight.
import json, os, signal, socket, threading, time

import daemonlib as lib
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client


def main():
    # A long drain: the SIGTERM case below has a 10 MB load answered first.
    d = Daemon("--max-request", "64k", "--max-backlog", "256k", "--drain-timeout", "60")
    ll = lib.compile_example(d.tmp)
    c = d.client()
    c.result("load", {"module": "m", "path": ll})

    # ---------------------------------------------- 32 clients x 1000 queries
    qs = [
        ("clobber", {"module": "m", "function": "update", "inst": 11}),
        ("clobber", {"module": "m", "function": "update", "inst": "%9"}),
        ("clobber", {"module": "m", "function": "local", "inst": {"block": "0", "index": 8}}),
        ("clobber", {"module": "m", "file": "update.c", "line": 15, "col": 5}),
        ("clobber", {"module": "m", "function": "local", "inst": 7,
                     "location": {"ptr": "%2", "size": 4}}),
        ("access", {"module": "m", "function": "local", "inst": "%3"}),
        ("uses", {"module": "m", "function": "local", "id": 3}),
        ("functions", {"module": "m"}),
        ("ping", None),
        ("clobber", {"module": "m", "function": "update", "inst": 9999}),  # an error, too
    ]

    def strip(r):
        r = dict(r)
        r.pop("id", None)
        return r

    for m, p in qs:     # warm up: answers (desc, from_cache) change once cached
        c.call(m, p)
    expected = []
    for m, p in qs:
        r = c.call(m, p)
        expected.append(strip(r))
    is_(expected[0]["result"]["clobber"]["id"], 4, "reference answers computed")

    nclients, nq = 32, 1000
    bad = []
    lost = []

    def worker(k):
        try:
            cl = d.client()
            sent = 0
            batch = 50
            while sent < nq:
                lines = []
                for i in range(sent, min(sent + batch, nq)):
                    m, p = qs[(i + k) % len(qs)]
                    req = {"jsonrpc": "2.0", "id": i, "method": m}
                    if p is not None:
                        req["params"] = p
                    lines.append(json.dumps(req))
                cl.send("\n".join(lines) + "\n")
                for i in range(sent, min(sent + batch, nq)):
                    r = cl.line()
                    if r is None:
                        lost.append((k, i))
                        return
                    if r.get("id") != i or strip(r) != expected[(i + k) % len(qs)]:
                        bad.append((k, i, r))
                sent += batch
            cl.close()
        except Exception as e:  # noqa
            bad.append((k, -1, repr(e)))

    t0 = time.monotonic()
    ts = [threading.Thread(target=worker, args=(k,)) for k in range(nclients)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    dt = time.monotonic() - t0
    ok(not lost, "32 clients x 1000 queries: none lost", lost[:3])
    ok(not bad, "32 clients x 1000 queries: every answer correct and in order (%.1f s)" % dt, bad[:3])
    st = c.result("stats")
    ok(st["requests"] >= 32000, "stats counted the requests", st["requests"])

    # ---------------------------------------------- ping during a 10 MB load
    def pings_during(d, c, request, what):
        loader = d.client()
        loader.send(request)
        time.sleep(0.02)
        worst, n, lat = 0.0, 0, []
        loader.s.setblocking(False)
        done_load = None
        while n < 20000:
            t = time.monotonic()
            c.result("ping")
            lat.append(time.monotonic() - t)
            worst = max(worst, lat[-1])
            n += 1
            try:
                chunk = loader.s.recv(1 << 16)
                if chunk:
                    loader.buf += chunk
                    if b"\n" in loader.buf:
                        done_load = json.loads(loader.buf.split(b"\n")[0])
                        break
            except BlockingIOError:
                pass
            time.sleep(0.005)
        ok(done_load and done_load.get("result", {}).get("functions", 0) > 1000,
           "lua.O0.ll (10 MB) loaded %s" % what, done_load)
        # 10 ms for 9 pings in 10; the slowest may meet a scheduler hiccup on
        # a shared machine (the loop is idle: builds run niced on the pool),
        # so it gets 50 ms. Sanitized builds run several times slower: 5x.
        scale = 5 if "ASAN_OPTIONS" in os.environ else 1
        lat.sort()
        p90 = lat[int(len(lat) * 0.9)] if lat else 1
        good = n >= 5 and p90 < 0.010 * scale and worst < 0.050 * scale
        name = ("%d pings during the load %s: median %.2f ms, p90 %.2f ms (< %d), slowest %.2f ms (< %d)"
                % (n, what, lat[len(lat) // 2] * 1e3, p90 * 1e3, 10 * scale, worst * 1e3, 50 * scale))
        load = os.getloadavg()[0]
        if not good and load > (os.cpu_count() or 1):
            # Timing cannot be judged on a machine with more runnable work
            # than CPUs (CI's 2 cores right after the build): say so.
            name += " # TODO machine oversubscribed (load average %.1f)" % load
        ok(good, name)
        loader.s.setblocking(True)
        loader.close()

    if os.path.exists(lib.LUA):
        pings_during(d, c, json.dumps({"id": 1, "method": "load",
                                       "params": {"module": "lua", "path": lib.LUA}}) + "\n",
                     "by path")
        c.result("unload", {"module": "lua"})
        # The same with the text in the request: 10 MB of JSON decoded on the
        # pool too (a daemon with the default request limit).
        d3 = Daemon()
        c3 = d3.client()
        pings_during(d3, c3, json.dumps({"id": 1, "method": "load", "params": {
            "module": "lua", "text": open(lib.LUA).read()}}) + "\n", "as text")
        is_(c3.result("functions", {"module": "lua"})["functions"][0]["name"] != "", True,
            "the text-loaded module answers")
        is_(d3.stop(), 0, "that daemon stops cleanly")
        ok(d3.sanitizer_clean(), "no sanitizer reports there", d3.stderr()[-3000:])
    else:
        for _ in range(7):
            lib.ok(True, "# SKIP no lua corpus")

    # ---------------------------------------------- oversize request
    big = d.client()
    try:
        big.send('{"id":1,"method":"ping","params":{"pad":"' + "x" * 70000 + '"}}\n')
    except (BrokenPipeError, ConnectionResetError):
        pass   # refused and closed mid-send: the error line is still readable
    r = big.line()
    is_((r["error"]["code"], r["error"]["data"]["limit"]), (-32020, 65536),
        "oversize request: -32020 with the limit in data")
    ok(big.eof(), "oversize request: the connection is closed")
    big2 = d.client()
    try:
        big2.send("x" * 200000)   # no newline at all
    except (BrokenPipeError, ConnectionResetError):
        pass   # the daemon refused and closed before we finished: expected
    r = big2.line()
    is_(lib.err_code(r), -32020, "an unterminated line beyond the limit is refused too")
    is_(c.result("ping"), {"version": "1.0"}, "other clients unaffected")
    is_([m["name"] for m in c.result("modules")["modules"]], ["m"], "no module lost")

    # ---------------------------------------------- disconnect mid-request / mid-load
    for what, data in (("half a request", '{"id":1,"method":"clob'),
                       ("a pipelined burst", '{"id":1,"method":"ping"}\n' * 2000),
                       ("a load in flight", json.dumps({"id": 1, "method": "load",
                                                        "params": {"module": "gone", "path": ll}}) + "\n")):
        x = d.client()
        x.send(data)
        x.close()
        time.sleep(0.05)
        is_(c.result("ping"), {"version": "1.0"}, "client disconnecting after %s: daemon fine" % what)
    # (A load whose client hung up is abandoned: tests/daemon/hangup.t.)

    # ---------------------------------------------- slow client never reading
    slow = d.client()
    slow.s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    req = (json.dumps({"id": 1, "method": "print", "params": {"module": "m", "walker": True}}) + "\n").encode()
    slow.s.settimeout(0.2)
    dropped = False
    t0 = time.monotonic()
    while time.monotonic() - t0 < 20:
        try:
            slow.s.send(req * 20)
        except socket.timeout:
            pass
        except (BrokenPipeError, ConnectionResetError):
            dropped = True
            break
        st = c.result("stats")
        if st["dropped_slow"] >= 1:
            dropped = True
            break
    ok(dropped, "a client that never reads is dropped (backlog limit)")
    t = time.monotonic()
    is_(c.result("ping"), {"version": "1.0"}, "others answered meanwhile")
    ok(time.monotonic() - t < 0.5, "promptly")
    is_(c.result("stats")["dropped_slow"], 1, "stats: dropped_slow = 1")
    slow.close()

    # ---------------------------------------------- SIGTERM with requests in flight
    f = d.client()
    f.send(json.dumps({"id": 1, "method": "load", "params": {"module": "late", "path": lib.LUA if os.path.exists(lib.LUA) else ll}}) + "\n" +
           json.dumps({"id": 2, "method": "clobber", "params": {"module": "late", "function": "update" if not os.path.exists(lib.LUA) else "luaH_getn", "inst": 0}}) + "\n" +
           '{"id":3,"method":"ping"}\n')
    time.sleep(0.05)
    d.p.send_signal(signal.SIGTERM)
    r1, r2, r3 = f.line(), f.line(), f.line()
    ok(r1 and "result" in r1 and r1["id"] == 1, "SIGTERM: the load in flight is answered", r1)
    ok(r2 and r2["id"] == 2 and r3 and r3["id"] == 3, "SIGTERM: the requests queued behind it too")
    ok(f.eof(), "then the connection is closed")
    rc = d.p.wait(30)
    is_(rc, 0, "memssad exits 0 on SIGTERM")
    ok(not os.path.exists(d.sock), "socket removed")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-3000:])
    done()


main()
