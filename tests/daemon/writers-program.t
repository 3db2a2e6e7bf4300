#!/usr/bin/env python3
# writers and readers on a program (protocol/m_writers.c, issue 29): every
# unit of the program searched, each entry naming the program as its module
# and its unit; a struct field read in a.c and written in both files; a
# global read in a.c and written in b.c; a C static of one unit is not the
# other unit's static of the same name; pages through the cursor.
import json, os, shutil, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import daemonlib as lib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done

lib.time_limit(120)
if not (shutil.which("clang-14") or shutil.which("clang")):
    print("1..0 # SKIP no clang")
    raise SystemExit(0)

tmp = tempfile.mkdtemp(prefix="memssa-wprog-")
FIX = os.path.join(lib.ROOT, "tests", "fixtures", "lsp-project")
for f in ("a.c", "b.c", "shared.h"):
    shutil.copy(os.path.join(FIX, f), tmp)
A, B = os.path.join(tmp, "a.c"), os.path.join(tmp, "b.c")
pj = os.path.join(tmp, "compile_commands.json")
with open(pj, "w") as f:
    json.dump([{"directory": tmp, "file": x, "arguments": ["clang", "-c", x]} for x in ("a.c", "b.c")], f)

d = lib.Daemon()
c = d.client()
rid = c.next_id
c.next_id += 1
c.send(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "load",
                   "params": {"program": "proj", "project": pj}}) + "\n")
while True:
    r = c.line(timeout=90)
    if r is None or "id" in r:
        break
is_([u["path"] for u in (r or {}).get("result", {}).get("units", [])], [A, B], "the project's two units load")


def refs(method, **params):
    res = c.result(method, dict({"module": "proj"}, **params))
    return res, [(os.path.basename(x["file"]), x["line"], x["kind"], x["function"]) for x in res["refs"]]


# the field: `c->level` read on a.c:9
res, got = refs("writers", file=A, line=9, col=13)
is_(res["target"], {"kind": "field", "type": "struct conf", "member": "level"}, "the target: struct conf.level")
is_(got, [("a.c", 13, "write", "raise_level"), ("b.c", 11, "write", "set_level")],
    "its writers in both units: a.c:13 and b.c:11")
ok(all(x["module"] == "proj" for x in res["refs"]), "each entry names the program as its module")
is_([x["unit"] for x in res["refs"]], [A, B], "and its unit")
res, got = refs("readers", file=A, line=9, col=13)
is_(got, [("a.c", 9, "read", "level_of"), ("a.c", 13, "read", "raise_level")], "its readers: a.c:9 and a.c:13")

# the global counter, read on a.c:5, written in b.c
res, got = refs("writers", file=A, line=5, col=10, calls=False)
ok(("b.c", 7, "write", "bump") in got, "counter is written on b.c:7 in bump", got)
is_(res["target"], {"kind": "global", "name": "counter"}, "target: the global counter")
res, got = refs("readers", file=B, line=7, col=11, calls=False)
ok(("a.c", 5, "read", "report") in got and ("b.c", 7, "read", "bump") in got,
   "and read on a.c:5 and b.c:7", got)

# statics of one name in two units
res, got = refs("writers", file=A, line=19, col=12)
is_([g[:2] for g in got if g[2] == "write"], [("a.c", 13), ("a.c", 19)],
    "a.c's static hits: written in a.c only (++hits, and c->level, which may point to it)")
res, got = refs("writers", file=B, line=17, col=3)
is_([g[:2] for g in got if g[2] == "write"], [("b.c", 11), ("b.c", 17)],
    "b.c's static hits: written in b.c only (hits = 0, and c->level)")

# paged
res, got = refs("writers", file=A, line=9, col=13, limit=1)
is_((got, res["next_cursor"], res["total"]), ([("a.c", 13, "write", "raise_level")], 1, 2), "page 1 of 2")
res, got = refs("writers", file=A, line=9, col=13, limit=1, cursor=1)
is_((got, res["next_cursor"]), ([("b.c", 11, "write", "set_level")], None), "page 2")

r = c.call("writers", {"module": "nosuch", "global": "counter"})
is_(r.get("error", {}).get("code"), -32001, "an unknown module or program: -32001")
ok(d.sanitizer_clean(), "no sanitizer report")
shutil.rmtree(tmp, ignore_errors=True)
done()
