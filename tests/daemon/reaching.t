#!/usr/bin/env python3
# Answers in source terms over the protocol: a clobber answer's "reaching"
# writes (with their path kinds), "var" on access objects, the "readers" of
# a store in a `uses` answer, on tests/fixtures/reach/sample.ll (the editor
# tests' sample.c compiled by clang 14 with -g).
import os

from daemonlib import MEMSSAD, ROOT, Daemon, bail, done, is_, ok


def lines(ws):
    """Each write as "LINE:PATH" ("0:entry" for liveOnEntry)."""
    return ["%d:%s" % (w.get("source", {}).get("line", 0), w["path"]) for w in ws]


def match(r, var):
    """The match of a clobber answer whose access names `var`."""
    ms = [m for m in r["matches"] if m["access"].get("var") == var]
    return ms[0] if ms else None


def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    d = Daemon()
    c = d.client()
    ll = os.path.join(ROOT, "tests/fixtures/reach/sample.ll")
    c.result("load", {"module": "s", "path": ll})

    r = c.result("clobber", {"file": "sample.c", "line": 24})
    m = match(r, "total")
    ok(m is not None, "line 24 has a load of `total` (var on the access)")
    is_(lines(m["reaching"]), ["22:straight", "24:loop"],
        "total += a[i] reads `int total = 0` (line 22) and, around the loop, line 24")
    is_([w.get("var") for w in m["reaching"]], ["total", "total"], "both write `total`")
    is_(m["truncated"], False, "not truncated")
    ok("clobber" in m and "alias" in m and "from_cache" in m, "the walker's fields stay")
    m = match(r, "a[…]")
    is_(lines(m["reaching"]), ["0:entry"], "a[i] reads memory written before sum (liveOnEntry)")

    r = c.result("clobber", {"file": "sample.c", "line": 17})
    is_(lines(match(r, "p")["reaching"]), ["16:straight", "16:loop"],
        "p in the list loop: from `p = head` and from `p = p->next`")
    ok(match(r, "p->val") is not None, "a field through a pointer is named p->val")

    r = c.result("clobber", {"file": "sample.c", "line": 25})
    w = [m for m in r["matches"] if m["access"]["kind"] == "def"][0]
    is_(w["access"].get("var"), "counter", "a global by its DIGlobalVariable name")

    r = c.result("clobber", {"file": "sample.c", "line": 24, "col": 14})
    p = [m for m in r["matches"] if m["access"].get("var") == "a"]
    is_([x.get("param") for x in p[0]["reaching"]] if p else None, [0],
        "`a` itself comes from the spill of parameter 0 (\"param\")")

    # uses on `int total = 0;` (line 22): the store, not lifetime.start
    r = c.result("uses", {"file": "sample.c", "line": 22})
    ok(r["def"]["text"].startswith("store i32 0"), "uses FILE:LINE picks the store", r["def"]["text"])
    is_([u["source"]["line"] for u in r["readers"]], [24, 25, 26],
        "its readers, through the loop's phi: lines 24, 25, 26")
    is_(r["readers_truncated"], False, "readers not truncated")
    done()


main()
