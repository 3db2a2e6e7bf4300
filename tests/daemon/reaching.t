#!/usr/bin/env python3
# Answers in source terms over the protocol: a clobber answer's "reaching"
# writes (with their path kinds), "var" on access objects, the "readers" of
# a store in a `uses` answer, on tests/fixtures/reach/sample.ll (the editor
# tests' sample.c compiled by clang 14 with -g); and forgiving source
# positions: the nearest column, file names after normalising, inlined code
# at its call site (inl.ll: inl.c at -O1), and misses with their reasons.
import os

from daemonlib import MEMSSAD, ROOT, Daemon, bail, done, err_code, is_, ok


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
    positions(c)
    done()


def positions(c):
    fx = os.path.join(ROOT, "tests/fixtures/reach")
    r = c.result("clobber", {"file": "sample.c", "line": 24, "col": 13})
    is_(([m["access"].get("var") for m in r["matches"]], r["position"]["col"],
         r["position"]["nearest"]), (["a", "a[…]"], 14, True),
        "col 13 (inside `a[i]`) takes the nearest column with accesses, 14")
    r = c.result("clobber", {"file": "sample.c", "line": 24, "col": 11})
    is_(r["position"]["nearest"], False, "an exact column is not 'nearest'")
    for name in ("./sample.c", "/home/u/proj/./sample.c", "proj/../sample.c"):
        r = c.call("clobber", {"file": name, "line": 24, "col": 11})
        is_(len(r.get("result", {}).get("matches", [])), 2, "file %s matches DIFile ./sample.c" % name)
    r = c.call("clobber", {"file": "xsample.c", "line": 24})
    is_(r["error"]["data"]["reason"] if "error" in r else None, "no_such_file",
        "xsample.c is not sample.c (suffix only at a '/')")

    c.result("load", {"module": "inl", "path": os.path.join(fx, "inl.ll")})
    r = c.result("clobber", {"module": "inl", "file": "inl.c", "line": 9})
    ok([m["access"]["source"]["line"] for m in r["matches"]] == [4],
       "the load inlined from get() (line 4) is found at its call site, line 9")
    is_(r["matches"][0]["access"].get("var"), "*q",
        "a pointer held in a register (argument q, by llvm.dbg.value) names its memory *q")
    r = c.result("clobber", {"module": "inl", "file": "inl.c", "line": 4})
    is_(len(r["matches"]), 1, "... and at its own line")

    r = c.call("clobber", {"file": "nope.c", "line": 3})
    is_((err_code(r), r["error"]["data"]["reason"]), (-32004, "no_such_file"), "unknown file: no_such_file")
    c.result("load", {"module": "nodbg", "text": "define i32 @f(i32* %p) {\n  %x = load i32, i32* %p\n  ret i32 %x\n}\n"})
    r = c.call("clobber", {"module": "nodbg", "file": "sample.c", "line": 2})
    is_((err_code(r), r["error"]["data"]["reason"]), (-32004, "no_debug_info"),
        "a module without debug info: no_debug_info")
    r = c.call("clobber", {"module": "s", "file": "sample.c", "line": 20})
    data = r["error"]["data"]
    is_((err_code(r), data["reason"], data["nearest_lines"]), (-32004, "no_access_on_line", [19, 22]),
        "a line without memory accesses: no_access_on_line, nearest lines 19 and 22")
    cands = [(k["module"], k["line"], k["col"], k["inst"]) for k in data["candidates"]]
    is_(cands, sorted(cands, key=lambda k: (k[1], k[2], k[0], k[3])), "candidates sorted")
    ok(all(k["module"] == "s" and "function" in k and "inst" in k for k in data["candidates"]),
       "candidates carry module, function and instruction id")


main()
