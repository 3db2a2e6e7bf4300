#!/usr/bin/env python3
# Integration tests for memssad's JSON-RPC protocol: every method with
# concrete expected values, every error code, notifications, ordering, the
# netcat/socat examples, a source-position query on C compiled with clang -g,
# and the `shutdown` method.
import json, os, random, re, socket, subprocess

from daemonlib import (MEMSSA, MEMSSAD, ROOT, Daemon, bail, compile_example, done,
                       err_code, is_, ok)

# ------------------------------------------------------------------ tests
def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    d = Daemon()
    ll = compile_example(d.tmp)
    c = d.client()

    # ping
    is_(c.result("ping"), {"version": "1.0"}, "ping answers the protocol version")

    # load by path and by text
    r = c.result("load", {"path": ll})
    is_((r["module"], r["functions"], r["defs"], r["uses"], r["phis"], r["replaced"]),
        ("update", 2, 8, 7, 0, False), "load by path: module name from the file, counts")
    ok(isinstance(r["ms"], float) or isinstance(r["ms"], int), "load reports milliseconds")
    text = open(ll).read()
    r = c.result("load", {"module": "u2", "text": text})
    is_((r["module"], r["functions"], r["defs"], r["uses"]), ("u2", 2, 8, 7), "load by text")
    r = c.result("load", {"module": "u2", "text": text})
    is_(r["replaced"], True, "loading a module of the same name replaces it")

    # modules, functions
    r = c.result("modules")
    is_(sorted(m["name"] for m in r["modules"]), ["u2", "update"], "modules lists both")
    r = c.result("functions", {"module": "update"})
    is_([(f["name"], f["defs"], f["uses"], f["phis"], f["accesses"]) for f in r["functions"]],
        [("update", 5, 5, 0, 11), ("local", 3, 2, 0, 6)], "functions: names with access counts")

    # clobber by source position (C compiled with clang -g)
    r = c.result("clobber", {"file": "update.c", "line": 8, "col": 7})
    is_(sorted(m["module"] for m in r["matches"]), ["u2", "update"],
        "a position without a module is looked up in every module")
    r = c.result("clobber", {"module": "update", "file": "update.c", "line": 8, "col": 7})
    is_(len(r["matches"]), 1, "clobber update.c:8:7 matches one load")
    a = r["matches"][0]
    is_((a["function"], a["access"]["kind"], a["access"]["name"], a["access"]["desc"]),
        ("update", "use", "%8", "MemoryUse(4) MayAlias"), "the queried access (g = *p reads *p)")
    is_((a["clobber"]["kind"], a["clobber"]["id"], a["clobber"]["inst"],
         a["clobber"]["source"]["line"], a["clobber"]["source"]["col"]),
        ("def", 4, 9, 7, 6), "clobbered by the store *q = 2 at update.c:7:6")
    ok(a["clobber"]["text"].startswith("store i32 2, i32* %6"), "clobber text is the store",
       a["clobber"]["text"])
    ok(a["clobber"]["source"]["file"].endswith("clients/examples/update.c"), "source file path")
    is_(a["alias"], "MayAlias", "alias result MayAlias (p and q may alias)")
    r = c.result("clobber", {"module": "update", "file": "update.c", "line": 8})
    is_([m["access"]["inst"] for m in r["matches"]], [12, 11, 10],
        "a line without a column matches every memory instruction on it, sorted by column")

    # clobber by id, name, {block,index}: same answer
    for inst, what in ((11, "stable id"), ("%8", "result name"),
                       ({"block": "2", "index": 11}, "{block,index}")):
        r = c.result("clobber", {"module": "update", "function": "update", "inst": inst})
        is_((r["access"]["inst"], r["clobber"]["id"]), (11, 4), "clobber by " + what)

    # from_cache: a def is optimized by the first walker query only
    r1 = c.result("clobber", {"module": "update", "function": "local", "inst": 6})
    r2 = c.result("clobber", {"module": "update", "function": "local", "inst": 6})
    is_((r1["clobber"]["id"], r1["alias"], r1["from_cache"], r2["from_cache"]),
        (1, "MustAlias", False, True), "def x = 3: clobbered by x = 1 (MustAlias), then cached")
    r = c.result("clobber", {"module": "update", "function": "local", "inst": 7})
    is_((r["clobber"]["id"], r["from_cache"]), (3, True), "optimized use answers from the cache")

    # location form
    r = c.result("clobber", {"module": "update", "function": "update", "inst": "%8",
                             "location": {"ptr": "@g", "size": 4}})
    is_((r["clobber"]["id"], r["from_cache"], r["location"]), (4, False, {"ptr": "@g", "size": 4}),
        "location form: @g above %8 is clobbered by store 4 (may alias)")
    r = c.result("clobber", {"module": "update", "function": "local", "inst": "%4",
                             "location": {"ptr": "%1", "size": 4}})
    is_((r["clobber"]["id"], r["alias"]), (3, "MustAlias"), "location form: x above the load of y")

    # uses, access
    r = c.result("uses", {"module": "update", "function": "local", "id": 3})
    is_([u["inst"] for u in r["uses"]], [7], "uses of def 3 (x = 3): the load of x")
    r = c.result("uses", {"module": "update", "function": "local", "inst": 3})
    is_((r["def"]["id"], [u["name"] for u in r["uses"] if "name" in u]), (1, []),
        "uses of def 1 (x = 1): only def 3 (a def has no name)")
    is_([u["id"] for u in r["uses"]], [3], "uses of def 1 is def 3 (optimized to it)")
    r = c.result("uses", {"module": "update", "file": "update.c", "line": 15, "col": 5})
    is_([u["inst"] for u in r["uses"]], [7], "uses by source position")
    r = c.result("access", {"module": "update", "function": "local", "inst": "%3"})
    is_((r["access"]["kind"], r["defining"]["id"], r["optimized"]["id"], r["alias"]),
        ("use", 3, 3, "MustAlias"), "access: a use, its defining and optimized access")
    r = c.result("access", {"module": "update", "function": "local", "id": 0})
    is_(r["access"]["kind"], "liveOnEntry", "access id 0 is liveOnEntry")

    # print, verify
    # (the clobber query above cached "->1 MustAlias" on def 3: opt's
    # print<memoryssa> never shows a cache no query of its own made)
    r = c.result("print", {"module": "update", "function": "local"})
    ok(r["text"].startswith("MemorySSA for function: local\n") and
       "; 3 = MemoryDef(2)\n  store i32 3" in r["text"], "print: opt's format, no walker cache",
       r["text"])
    r = c.result("print", {"module": "update", "walker": True})
    ok("MemorySSA (walker) for function: update" in r["text"] and
       "clobbered by 4 = MemoryDef(3)" in r["text"], "print walker: both functions")
    is_(c.result("verify", {"module": "update"}), {"ok": True, "functions": 2, "problems": []},
        "verify")

    # stats
    r = c.result("stats")
    is_((r["modules"], r["functions"], r["accesses"]), (2, 4, 34), "stats: modules, functions, accesses")
    ok(r["queries"] >= 10 and 0 < r["cache_hit_rate"] < 1, "stats: queries and cache hit rate", r)
    ok(r["memory"] > 10000 and r["latency"]["p50_us"] > 0 and
       r["latency"]["p99_us"] >= r["latency"]["p50_us"], "stats: memory and latency percentiles", r)

    # unload
    is_(c.result("unload", {"module": "u2"}), {"module": "u2", "unloaded": True}, "unload")
    is_([m["name"] for m in c.result("modules")["modules"]], ["update"], "unloaded module is gone")

    # ------------------------------------------------------------ errors
    def raw(line):
        c.send(line + "\n")
        return c.line()
    r = raw("this is not json")
    is_((err_code(r), r["id"], r["jsonrpc"]), (-32700, None, "2.0"), "-32700 parse error, id null")
    is_(err_code(raw('{"id":1,"method":"ping"')), -32700, "-32700 for truncated JSON")
    r = raw('[{"id":1,"method":"ping"}]')
    is_([x.get("id") for x in r] if isinstance(r, list) else r, [1],
        "a batch of one is answered by an array of one (tests/daemon/offload.t: batches)")
    is_(err_code(raw('[]')), -32600, "-32600 for an empty batch")
    is_(err_code(raw('{"jsonrpc":"1.0","id":2,"method":"ping"}')), -32600, "-32600 for jsonrpc 1.0")
    is_(err_code(raw('{"id":3,"method":7}')), -32600, "-32600 for a non-string method")
    is_(err_code(raw('{"id":{"a":1},"method":"ping"}')), -32600, "-32600 for an object id")
    r = raw('{"id":"s","method":"frobnicate"}')
    is_((err_code(r), r["id"]), (-32601, "s"), "-32601 unknown method, string id echoed")
    is_(err_code(raw('{"id":5,"method":"functions","params":[1]}')), -32602, "-32602 params array")
    is_(err_code(c.call("functions", {"module": 7})), -32602, "-32602 wrong member type")
    is_(err_code(c.call("clobber", {"module": "update", "function": "update"})), -32602,
        "-32602 missing inst")
    is_(err_code(c.call("load", {"module": "x"})), -32602, "-32602 load without path or text")
    is_(err_code(c.call("functions", {"module": "nope"})), -32001, "-32001 unknown module")
    is_(err_code(c.call("clobber", {"module": "update", "function": "nope", "inst": 1})), -32002,
        "-32002 unknown function")
    is_(err_code(c.call("clobber", {"module": "update", "function": "update", "inst": 9999})),
        -32003, "-32003 unknown instruction id")
    is_(err_code(c.call("clobber", {"module": "update", "function": "update", "inst": "%nope"})),
        -32003, "-32003 unknown instruction name")
    is_(err_code(c.call("clobber", {"module": "update", "function": "update", "inst": 0})), -32004,
        "-32004 the instruction (an alloca) has no memory access")
    r = c.result("clobber", {"module": "update", "file": "update.c", "line": 8, "col": 9})
    is_(([m["access"]["source"]["col"] for m in r["matches"]], r["position"]["nearest"]),
        ([8], True), "nothing at the column: the nearest column of the line answers")
    r = c.call("clobber", {"module": "update", "file": "update.c", "line": 2})
    is_((err_code(r), r["error"]["data"]["reason"]), (-32004, "no_access_on_line"),
        "-32004 nothing on the line, reason no_access_on_line")
    r = c.call("load", {"module": "bad", "text": "define void @f() {\n  bogus\n}\n"})
    is_((err_code(r), r["error"]["data"]["line"], r["error"]["data"]["col"]), (-32010, 2, 3),
        "-32010 IR error with line and column in data")
    r = c.call("load", {"path": "/nonexistent/x.ll"})
    is_(err_code(r), -32011, "-32011 unreadable file")
    is_([m["name"] for m in c.result("modules")["modules"]], ["update"],
        "errors lost no module and loaded nothing")

    # notifications and ordering
    c.send('{"jsonrpc":"2.0","method":"ping"}\n{"method":"nope"}\n{"id":77,"method":"ping"}\n')
    is_(c.line()["id"], 77, "notifications (even bad ones) get no reply")
    batch = "".join(json.dumps({"id": i, "method": "clobber" if i % 2 else "ping",
                                "params": {"module": "update", "function": "update", "inst": 11}
                                if i % 2 else None}) + "\n" for i in range(200))
    c.send(batch)
    ids = [c.line()["id"] for _ in range(200)]
    is_(ids, list(range(200)), "200 pipelined requests answered in order")
    c.send('\n\r\n{"id":78,"method":"ping"}\r\n')
    is_(c.line()["id"], 78, "blank lines are skipped, CRLF accepted")

    # garbage of every kind: each line gets an error reply, nothing breaks
    rnd = random.Random(4)
    junk = [b"\x00\x01\x02", b"\xff\xfe{\"id\":1}", b"[" * 5000 + b"]" * 5000,
            b"{" * 3000, b'{"id":1e999,"method":"ping"}', b'{"id":"\xc3\x28","method":"ping"}',
            b'"just a string"', b"123", b"null", b'{"id":1,"method":"ping","params":"x"}',
            b'{"id":1,"method":"clobber","params":{"module":"update","function":"update","inst":-5}}',
            b'{"id":1,"method":"clobber","params":{"module":"update","function":"update",'
            b'"inst":{"block":{},"index":"x"}}}',
            b'{"id":1,"method":"clobber","params":{"module":"update","function":"update","inst":11,'
            b'"location":{"ptr":7}}}']
    junk += [bytes(rnd.randrange(1, 256) for _ in range(rnd.randrange(1, 300))).replace(b"\n", b" ")
             for _ in range(200)]
    c.send(b"\n".join(junk) + b"\n" + b'{"id":"end","method":"ping"}\n')
    replies = []
    while True:
        r = c.line()
        if r is None or r.get("id") == "end":
            replies.append(r)
            break
        replies.append(r)
    ok(replies[-1] is not None and replies[-1]["id"] == "end" and
       all("error" in r for r in replies[:-1]) and len(replies) >= len(junk) - 5,
       "%d junk lines: one error each (blank ones skipped), then the ping answers" % len(junk),
       replies[:3])
    is_([m["name"] for m in c.result("modules")["modules"]], ["update"], "still no module lost")

    # a final request without a newline is still answered at end of input
    e = d.client()
    e.send('{"id":"last","method":"ping"}')
    e.s.shutdown(socket.SHUT_WR)
    is_((e.line() or {}).get("id"), "last", "a request cut short by EOF (no newline) is answered")
    e.close()

    # a load followed by a query on the same connection sees the module
    c.send(json.dumps({"id": 80, "method": "load", "params": {"module": "u3", "path": ll}}) + "\n" +
           json.dumps({"id": 81, "method": "clobber", "params": {"module": "u3", "function": "update",
                                                                 "inst": 11}}) + "\n")
    r1, r2 = c.line(), c.line()
    is_((r1["id"], r2["id"], r2["result"]["clobber"]["id"]), (80, 81, 4),
        "a query pipelined after a load sees the loaded module")

    # the CLI through the client library
    env = dict(os.environ, MEMSSA_SOCKET=d.sock)
    out = subprocess.run([MEMSSA, "clobber", "update.c:8:7"], env=env, capture_output=True, text=True)
    ok(out.returncode == 0 and "clobbered by 4 = MemoryDef(3)" in out.stdout and
       "| *q = 2;" in out.stdout, "memssa clobber FILE:LINE:COL shows the clobbering source line",
       out.stdout + out.stderr)
    out = subprocess.run([MEMSSA, "clobber", "update", "update", "%8", "--json"], env=env,
                         capture_output=True, text=True)
    ok(out.returncode == 0 and json.loads(out.stdout)["result"]["clobber"]["id"] == 4,
       "memssa clobber MODULE FUNCTION INST --json", out.stdout + out.stderr)
    out = subprocess.run([MEMSSA, "clobber", "update", "nope", "1"], env=env, capture_output=True,
                         text=True)
    ok(out.returncode == 1 and "-32002" in out.stderr, "CLI error exit status 1", out.stderr)

    def cli(*args):
        return subprocess.run([MEMSSA] + list(args), env=env, capture_output=True, text=True,
                              timeout=30)
    out = cli("load", ll, "--module", "viacli")
    ok(out.returncode == 0 and out.stdout.startswith("loaded module viacli: 2 functions, 8 defs"),
       "memssa load FILE --module NAME", out.stdout + out.stderr)
    out = cli("print", "viacli", "local", "--walker")
    ok(out.returncode == 0 and out.stdout.startswith("MemorySSA (walker) for function: local"),
       "memssa print MODULE FUNCTION --walker (daemon)", out.stdout + out.stderr)
    out = cli("print", "--local", "--function", "local", ll)
    ok(out.returncode == 0 and out.stdout.startswith("MemorySSA for function: local"),
       "memssa print --local still runs in-process", out.stdout + out.stderr)
    out = cli("uses", "viacli", "local", "%3")
    ok(out.returncode == 1 and "MemoryUse" in out.stderr, "memssa uses on a load: error", out.stderr)
    out = cli("uses", "update.c:15:5", "--module", "viacli")
    ok(out.returncode == 0 and "is the clobber of 1 access" in out.stdout, "memssa uses FILE:LINE:COL",
       out.stdout + out.stderr)
    out = cli("functions", "viacli")
    ok(out.returncode == 0 and "local" in out.stdout and "update" in out.stdout, "memssa functions")
    out = cli("modules")
    ok(out.returncode == 0 and "viacli" in out.stdout, "memssa modules")
    out = cli("stats")
    ok(out.returncode == 0 and "latency.p99_us:" in out.stdout, "memssa stats", out.stdout)
    out = cli("query", '{"id":"q","method":"ping"}')
    is_(out.stdout, '{"jsonrpc":"2.0","id":"q","result":{"version":"1.0"}}\n', "memssa query (raw)")
    out = cli("query", '{"method":"ping"}')
    ok(out.returncode == 2 and out.stdout == "" and "notification gets no reply" in out.stderr,
       "memssa query with a notification: says it gets no reply, exits 2", out.stderr)
    out = cli("--version")
    ok(out.returncode == 0 and re.match(r"memssa \d+\.\d+", out.stdout), "memssa --version",
       out.stdout + out.stderr)
    out = subprocess.run([MEMSSAD, "--version"], capture_output=True, text=True)
    ok(out.returncode == 0 and re.match(r"memssad \d+\.\d+ \(protocol 1\.0\)", out.stdout),
       "memssad --version", out.stdout + out.stderr)
    out = cli("unload", "viacli")
    ok(out.returncode == 0, "memssa unload")

    # netcat / socat examples
    for script in ("nc-session.sh", "socat-session.sh"):
        path = os.path.join(ROOT, "clients", "examples", script)
        exp = os.path.join(ROOT, "clients", "examples", script.replace(".sh", ".expected"))
        out = subprocess.run(["sh", path, ll], env=env, capture_output=True, text=True, timeout=30)
        want = open(exp).read() if os.path.exists(exp) else None
        ok(out.returncode == 0 and out.stdout == want, "example " + script, out.stdout + out.stderr)

    # shutdown
    c2 = d.client()
    r = c2.result("shutdown")
    is_(r, {"stopping": True}, "shutdown replies")
    rc = d.p.wait(20)
    is_(rc, 0, "daemon exits 0 after shutdown")
    ok(not os.path.exists(d.sock), "socket removed at exit")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr())
    done()


if __name__ == "__main__":
    main()
