#!/usr/bin/env python3
# writers and readers (protocol/m_writers.c, analysis/query/refs.c) on
# tests/fixtures/refs/refs.c (clang 14 -g -O0 -Xclang -disable-O0-optnone):
# a global written in two functions and read in a third, a struct member
# written through two pointers, a member of another struct with the same
# name left out, positions, paging, order across modules, and refusals.
import os
import sys

from daemonlib import MEMSSAD, ROOT, Daemon, bail, done, is_, ok


def where(r):
    """Each reference as "LINE:FUNCTION:KIND"."""
    return ["%d:%s:%s" % (x["line"], x["function"], x["kind"]) for x in r["refs"]]


def err_code(r):
    """(code, data.reason) of an error reply."""
    e = (r or {}).get("error", {})
    return (e.get("code"), (e.get("data") or {}).get("reason"))


def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    d = Daemon()
    c = d.client()
    ll = os.path.join(ROOT, "tests/fixtures/refs/refs.ll")
    c.result("load", {"module": "r", "path": ll})

    r = c.result("writers", {"global": "counter"})
    is_(r["target"], {"kind": "global", "name": "counter"}, "the target is the global")
    is_(where(r), ["16:bump:write", "20:reset:write", "34:set_b:write", "58:via_call:call"],
        "counter is written in bump and reset, maybe through s->flags (opt-19's aa-eval: "
        "MayAlias; c->flags at offset 4 NoAlias), and maybe by the call to ext")
    is_([x.get("alias") for x in r["refs"]], ["MustAlias", "MustAlias", "MayAlias", None],
        "the direct stores MustAlias, the one through a pointer MayAlias")
    is_([x["col"] for x in r["refs"]], [11, 11, 12, 3], "columns")
    is_([x["access"] for x in r["refs"]], ["store", "store", "store", "call"], "access words")
    is_((r["refs"][3].get("callee"), r["refs"][3].get("desc")), ("ext", "call to ext"),
        "the call names its callee")
    ok(all(x["file"].endswith("refs.c") for x in r["refs"]), "files")
    is_((r["total"], r["next_cursor"], r["truncated"]), (4, None, False), "one page")
    r = c.result("writers", {"global": "counter", "calls": False})
    is_(where(r)[-1], "34:set_b:write", "\"calls\":false leaves the call out")

    r = c.result("readers", {"global": "counter"})
    is_(where(r), ["16:bump:read", "25:peek:read", "58:via_call:call"],
        "counter is read in bump and peek, maybe by ext")
    r = c.result("writers", {"global": "other"})
    is_(where(r), ["21:reset:write", "34:set_b:write", "58:via_call:call"],
        "other: its store, s->flags, the call")

    r = c.result("writers", {"field": "struct client.flags"})
    is_(r["target"], {"kind": "field", "type": "struct client", "member": "flags"}, "field target")
    is_(where(r), ["29:set_a:write", "33:set_b:write"],
        "client.flags written through c and d; server's flags (line 34) not listed")
    is_([x["var"] for x in r["refs"]], ["c->flags", "d->flags"], "named as C has them")
    r = c.result("readers", {"field": "client.flags"})
    is_(where(r), ["38:get_flags:read"], "a bare client.flags is struct client.flags")
    r = c.result("writers", {"field": "struct server.flags"})
    is_(where(r), ["34:set_b:write"], "struct server.flags: line 34 only")
    r = c.result("writers", {"field": "struct client.id"})
    is_(where(r), [], "struct client.id is never written")

    # o->in.y (line 52): y of struct inner, inside in of struct outer
    r = c.result("writers", {"field": "struct outer.in"})
    is_(where(r), ["52:set_in:write"], "a nested member writes the outer member too")
    r = c.result("writers", {"field": "struct inner.y"})
    is_(where(r), ["52:set_in:write"], "and the inner one")
    is_(where(c.result("writers", {"field": "struct inner.x"})), [], "not its sibling x")
    r = c.result("readers", {"file": "refs.c", "line": 52, "col": 9})
    is_(r["target"], {"kind": "field", "type": "struct outer", "member": "in"},
        "a position asks about the outermost member")

    r = c.result("writers", {"file": "refs.c", "line": 33, "col": 12})
    is_((r["target"]["type"], r["target"]["member"]), ("struct client", "flags"),
        "a position of a member access asks about the member")
    is_(where(r), ["29:set_a:write", "33:set_b:write"], "the same answer as by name")
    r = c.result("readers", {"file": "refs.c", "line": 25})
    is_(r["target"], {"kind": "global", "name": "counter"}, "a position of a global's load")
    is_(where(r), ["16:bump:read", "25:peek:read", "58:via_call:call"], "its readers")

    same = True
    for meth in ("writers", "readers"):
        for fld in ("struct client.flags", "struct server.flags", "struct outer.in",
                    "struct inner.y", "struct client.id"):
            a = c.result(meth, {"field": fld})
            b = c.result(meth, {"field": fld, "scan": True})
            same = same and a["refs"] == b["refs"]
    ok(same, "the members' index answers as the scan of every function (\"scan\":true)")

    # an edit moves the module's version: the index is built again. In a
    # second module of the same text, set_a's store (inst 5) is removed.
    c.result("load", {"module": "e", "path": ll})
    is_(where(c.result("writers", {"field": "struct client.flags", "module": "e"})),
        ["29:set_a:write", "33:set_b:write"], "before the edit")
    c.result("edit", {"module": "e", "function": "set_a", "ops": [{"op": "remove", "inst": 5}]})
    is_(where(c.result("writers", {"field": "struct client.flags", "module": "e"})),
        ["33:set_b:write"], "after removing set_a's store: the index follows the edit")
    c.result("edit", {"module": "e", "function": "set_b", "ops": [
        {"op": "insert", "after": 8, "text": "store i32 9, i32* %6, align 4, !dbg !61"}]})
    r = c.result("writers", {"field": "struct client.flags", "module": "e"})
    b = c.result("writers", {"field": "struct client.flags", "module": "e", "scan": True})
    is_((where(r), r["refs"] == b["refs"]), (["33:set_b:write", "33:set_b:write"], True),
        "an inserted store to d->flags is found, as the scan finds it")
    c.result("unload", {"module": "e"})

    pages, cur = [], 0
    while cur is not None:
        r = c.result("writers", {"global": "counter", "limit": 1, "cursor": cur})
        pages.append(where(r))
        cur = r["next_cursor"]
    is_(pages, [["16:bump:write"], ["20:reset:write"], ["34:set_b:write"], ["58:via_call:call"]],
        "paged one at a time, in (file, line, col) order")
    r = c.result("writers", {"global": "counter", "cursor": 99})
    is_((r["refs"], r["total"], r["next_cursor"]), ([], 4, None), "a cursor past the end: an empty page")

    # a second module of the same text: sorted by module within a position
    c.result("load", {"module": "a", "path": ll})
    r = c.result("writers", {"field": "struct client.flags"})
    is_(["%d:%s" % (x["line"], x["module"]) for x in r["refs"]],
        ["29:a", "29:r", "33:a", "33:r"], "two modules: by position, then module name")
    r = c.result("writers", {"field": "struct client.flags", "module": "r"})
    is_(r["total"], 2, "params.module restricts the search")

    is_(err_code(c.call("writers", {"global": "nope"})), (-32004, "no_such_global"),
        "an unknown global")
    is_(err_code(c.call("writers", {"global": "counter", "field": "struct client.flags"})),
        (-32602, "one_target"), "two targets")
    is_(err_code(c.call("readers", {})), (-32602, "one_target"), "no target")
    is_(err_code(c.call("writers", {"field": "flags"})), (-32602, "invalid_params"),
        "a field without its struct")
    is_(err_code(c.call("writers", {"global": "counter", "limit": 0})),
        (-32602, "invalid_params"), "limit 0")
    is_(err_code(c.call("writers", {"file": "refs.c", "line": 29, "col": 3})),
        (-32004, "not_named_memory"), "c (a local) at line 29 col 3 is no global or member")
    is_(err_code(c.call("writers", {"file": "refs.c", "line": 3})),
        (-32004, "no_access_on_line"), "no load or store on line 3")
    is_(err_code(c.call("writers", {"global": "counter", "module": "zz"})),
        (-32001, "unknown_module"), "an unknown module")
    sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
    import memssa  # noqa: E402  (the Python client)
    py = memssa.Client(d.sock)
    is_(py.writers("r", field="struct client.flags"),
        c.result("writers", {"module": "r", "field": "struct client.flags"}),
        "the Python client's writers() is the protocol's answer")
    is_(py.readers(**{"global": "counter"})["total"], 6,
        "and readers() (global counter in both modules: 3 each)")
    py.close()
    d.stop()
    ok(d.sanitizer_clean(), "memssad's stderr has no sanitizer report (make asan)", d.stderr()[-2000:])
    done()


main()
