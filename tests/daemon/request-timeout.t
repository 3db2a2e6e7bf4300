#!/usr/bin/env python3
# --request-timeout: a load whose build (or the comparison of a reload by
# difference) outruns the limit is answered with error -32050, data.reason
# "request_timeout" and data.limit_ms, when the time is up; the connection
# goes on with its next request at once (a pipelined ping is answered),
# the abandoned build installs nothing when it ends, and stats counts it.
# A load within the limit is untouched. Without the option there is no limit.
import json, os, time

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

LIMIT = 0.5
SLOW_N = 12000   # a build of several seconds (lib.slow_module: O(n*n))


def main():
    lib.time_limit(300)
    d = Daemon("--request-timeout", str(LIMIT))
    slow = os.path.join(d.tmp, "slow.ll")
    lib.slow_module(slow, SLOW_N)
    c = d.client()
    is_(c.result("load", {"module": "small", "text": lib.chain_module(4)})["functions"], 1,
        "a quick load within the limit succeeds")

    t0 = time.monotonic()
    c.send(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "load",
                       "params": {"module": "slow", "path": slow}}) + "\n" +
           json.dumps({"jsonrpc": "2.0", "id": 8, "method": "ping"}) + "\n")
    r = c.line(timeout=120)
    dt = time.monotonic() - t0
    e = (r or {}).get("error", {})
    ok(r and r.get("id") == 7 and e.get("code") == -32050,
       "a slow load is answered -32050 after %.2f s (limit %.1f s)" % (dt, LIMIT), r)
    is_(e.get("data", {}).get("reason"), "request_timeout", "data.reason request_timeout")
    is_(e.get("data", {}).get("limit_ms"), int(LIMIT * 1000), "data.limit_ms")
    ok(dt < LIMIT + 3, "when the time is up, not when the build ends")
    r = c.line(timeout=30)
    ok(r and r.get("id") == 8 and "result" in r, "the pipelined ping is answered next", r)
    st = c.result("stats")
    ok(st["loads_in_flight"] == 1, "the abandoned build still runs on the pool",
       st["loads_in_flight"])
    is_(st["requests_timed_out"], 1, "stats: requests_timed_out")
    # The abandoned O(n*n) build takes seconds, minutes under a sanitizer
    # on a loaded machine: wait for it within the script's time limit.
    deadline = time.monotonic() + 200
    while time.monotonic() < deadline:
        st = c.result("stats")
        if st["loads_in_flight"] == 0:
            break
        time.sleep(0.1)
    is_(st["loads_in_flight"], 0, "the build ends")
    is_([m["name"] for m in c.result("modules")["modules"]], ["small"],
        "and installs nothing")
    is_(c.result("ping"), {"version": "1.0"}, "the connection is fine")

    # A notification that times out gets no reply; the next request does.
    c.send(json.dumps({"jsonrpc": "2.0", "method": "load",
                       "params": {"module": "slow2", "path": slow}}) + "\n")
    r = c.call("ping", timeout=60)
    ok(r and "result" in r, "a timed-out notification is silent; the next request is answered",
       r)
    c.close()
    is_(d.stop(), 0, "clean stop (builds still running are abandoned)")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])

    # No option, no limit.
    d = Daemon()
    c = d.client()
    r = c.call("load", {"module": "slow", "path": slow}, timeout=240)
    ok(r and "result" in r, "without --request-timeout the slow load completes", r)
    c.close()
    is_(d.stop(), 0, "clean stop")
    done()


main()
