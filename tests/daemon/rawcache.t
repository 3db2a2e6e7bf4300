#!/usr/bin/env python3
# The raw cache (protocol/rawcache.c): a byte-identical repeat of a clobber request
# whose answer came from the reply cache gets the same bytes without being
# decoded -- and never after anything that may change the answer (an edit,
# a load of the same module, an unload).
import json
import os
import platform

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

MOD = """define i32 @f(i32* %p, i32* %q) {
entry:
  store i32 1, i32* %p
  store i32 2, i32* %q
  %v = load i32, i32* %p
  ret i32 %v
}
"""
d = Daemon()
c = d.client()
r = c.result("load", {"module": "m", "text": MOD})
ok(r is not None and r.get("functions") == 1, "module loads")

LINE = b'{"jsonrpc":"2.0","id":7,"method":"clobber","params":{"module":"m","function":"f","inst":"%v"}}\n'

def ask(line=LINE):
    """Sends `line` and returns the raw reply bytes."""
    c.send(line)
    c.s.settimeout(30)
    while b"\n" not in c.buf:
        chunk = c.s.recv(1 << 20)
        if not chunk:
            return b""
        c.buf += chunk
    line, c.buf = c.buf.split(b"\n", 1)
    return line

first, second, third = ask(), ask(), ask()
j1, j3 = json.loads(first), json.loads(third)
is_(j1["result"]["clobber"]["id"], 2, "the load is clobbered by def 2 (store to %q may alias %p)")
ok(j3["result"]["from_cache"], "a repeat is answered from the cache")
is_(second, third, "byte-identical repeats get byte-identical replies")
is_(j3["id"], 7, "the reply carries the request's id")

st = c.result("stats", {})
ok(st is not None, "stats answer after raw-cache hits")

# An edit changes the answer: the same bytes must now get the new one.
r = c.result("edit", {"module": "m", "function": "f",
                      "ops": [{"op": "insert", "before": "%v", "text": "store i32 3, i32* %p"}]})
ok(r is not None, "edit applied")
after = json.loads(ask())
is_(after["result"]["clobber"]["id"], 3, "after the edit the same request sees the new store (def 3)")
again = json.loads(ask())
is_(again["result"]["clobber"]["id"], 3, "and keeps seeing it on repeats")

# Reloading the module (different text) changes it again.
r = c.result("load", {"module": "m", "text": MOD.replace("  store i32 2, i32* %q\n", "")})
ok(r is not None, "module reloaded without the store to %q")
j = json.loads(ask())
is_(j["result"]["clobber"]["id"], 1, "after the reload the same request sees def 1")

# Unloading: the same bytes now get an error, not a stale answer.
c.result("unload", {"module": "m"})
j = json.loads(ask())
ok("error" in j, "after unload the same request gets an error", j)

# Both reply caches answer only within one generation (every load, edit,
# unload or walker update starts a new one): answers of an older one are
# freed when a newer one is stored, so `stats` counts only live entries.
c.result("load", {"module": "n", "text": MOD})
LINE_N1 = b'{"jsonrpc":"2.0","id":8,"method":"clobber","params":{"module":"n","function":"f","inst":1}}\n'
LINE_NV = b'{"jsonrpc":"2.0","id":9,"method":"clobber","params":{"module":"n","function":"f","inst":"%v"}}\n'
for _ in range(3):
    ask(LINE_N1)   # the store to %q
ca = c.result("stats", {})["caches"]
is_(ca["clobber_replies"]["entries"], 1, "stats: one clobber reply cached")
is_(ca["clobber_replies"]["slots"], 4096, "stats: the clobber reply cache has 4096 slots")
ok(ca["clobber_replies"]["bytes"] > 4096 * 16, "stats: its bytes count the table", ca)
is_(ca["raw_replies"]["slots"], 1024, "stats: the raw cache has 1024 slots")
is_(ca["raw_replies"]["entries"], 1, "stats: the repeats filled one raw cache entry")
c.result("edit", {"module": "n", "function": "f",
                  "ops": [{"op": "insert", "before": "%v", "text": "store i32 3, i32* %p"}]})
for _ in range(3):
    ask(LINE_NV)
ca = c.result("stats", {})["caches"]
is_(ca["clobber_replies"]["entries"], 1,
    "stats: after the edit the store's stale answer is gone, only %v's is cached")
is_(ca["raw_replies"]["entries"], 1, "stats: the raw cache dropped the reply from before the edit")

st = c.result("stats", {})
ok(st["connection_buffers"] > 0, "stats: connection buffers counted", st.get("connection_buffers"))
m = st.get("malloc")
# glibc's malloc reports itself; under ASan (`make asan` sets ASAN_OPTIONS)
# malloc is the sanitizer's, and `stats` leaves the figures out.
own_malloc = platform.libc_ver()[0] == "glibc" and "ASAN_OPTIONS" not in os.environ
if not own_malloc:
    is_(m, None, "stats: no malloc figures when malloc is not glibc's")
    for _ in range(3):
        ok(True, "# SKIP not glibc's malloc")
else:
    ok(m["in_use"] > 0 and m["arena"] > 0, "stats: malloc in use and arena bytes", m)
    ok(m["free"] >= 0 and m["mmapped"] >= 0, "stats: malloc free and mmapped bytes", m)
    is_(m["arenas"], 1, "stats: one malloc arena (M_ARENA_MAX, server/main.c)")
    ok(m["in_use"] < 64 << 20, "stats: two tiny modules use well under 64 MB", m)

is_(d.stop(), 0, "daemon exits cleanly")
ok(d.sanitizer_clean(), "no sanitizer reports")
done()
