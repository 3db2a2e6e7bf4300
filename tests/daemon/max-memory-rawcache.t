#!/usr/bin/env python3
# --max-memory evicts the least recently *used* graph, and a reply the raw
# cache hands out again (a byte-identical repeat of a clobber request,
# answered without decoding it) is a use: with room for two of three
# functions' graphs, f0 answered last through the raw cache survives the
# next rebuild, which evicts f2, used before it.
import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

NPAIR = 12


def function(k):
    out = ["define void @f%d(ptr %%p, ptr %%q, i32 %%n) {" % k, "entry:", "  br label %loop",
           "loop:", "  %i = phi i32 [ 0, %entry ], [ %i1, %body ]",
           "  %c = icmp slt i32 %i, %n", "  br i1 %c, label %body, label %exit", "body:"]
    for j in range(NPAIR):
        out += ["  %%a%d = getelementptr inbounds i32, ptr %%p, i64 %d" % (j, j),
                "  store i32 %d, ptr %%a%d, align 4" % (j + k, j),
                "  %%v%d = load i32, ptr %%a%d, align 4" % (j, j)]
    out += ["  %i1 = add i32 %i, 1", "  br label %loop", "exit:",
            "  %r = load i32, ptr %p, align 4", "  ret void", "}", ""]
    return "\n".join(out)


def raw(c, line):
    c.send(line + "\n")
    return c.line()


def main():
    text = "\n".join(function(k) for k in range(3))
    free = Daemon()
    fc = free.client()
    fc.result("load", {"module": "one", "text": function(0)})
    one = fc.result("stats")["graphs"]["bytes"]
    d = Daemon("--max-memory", str(one * 5 // 2))
    c = d.client()
    c.result("load", {"module": "m", "text": text})
    req = lambda fn, rid: ('{"jsonrpc":"2.0","id":%d,"method":"clobber","params":'
                           '{"module":"m","function":"%s","inst":"%%r"}}' % (rid, fn))
    g = lambda: c.result("stats")["graphs"]
    raw(c, req("f0", 1))             # f0 built (f1 evicted, or was)
    raw(c, req("f2", 2))
    raw(c, req("f0", 3))             # from the reply cache: the raw cache keeps it
    raw(c, req("f2", 4))
    before = g()
    r = raw(c, req("f0", 3))         # the same bytes again: a raw-cache reply
    after = g()
    ok("result" in r and after["evictions"] == before["evictions"] and
       after["rebuilds"] == before["rebuilds"],
       "the repeat is answered without touching a graph (%s)" % after, r)
    raw(c, req("f1", 5))             # a rebuild: evicts the least recently used
    g1 = g()
    ok(g1["evictions"] > after["evictions"], "querying f1 rebuilt it and evicted one graph", g1)
    raw(c, req("f0", 6))             # f0 must still be built
    g2 = g()
    is_(g2["rebuilds"], g1["rebuilds"],
        "f0, answered last by the raw cache, was not the one evicted (f2 was)")
    raw(c, req("f2", 7))
    ok(g()["rebuilds"] == g2["rebuilds"] + 1, "f2 was: it is rebuilt")
    ok(d.stop() == 0 and d.sanitizer_clean(), "the daemon stops cleanly")
    done()


main()
