#!/usr/bin/env python3
# clients/python/memssa.py against a real memssad: its typed calls on Noir's
# counting loop (tests/fixtures/jsonir/noir-loop.json) give the answers the
# raw protocol gives, errors raise memssa.Error, a pipeline of 1000 requests
# comes back in order with its ids, typed batches answer in order with
# errors in place, and the default socket follows the one rule of
# common/sockpath.c (and refuses a directory open to
# others).
import json, os, stat, sys, tempfile

import daemonlib as lib
ok, is_, done, Daemon, ROOT = lib.ok, lib.is_, lib.done, lib.Daemon, lib.ROOT
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
import memssa  # noqa: E402

LOOP = os.path.join(ROOT, "tests", "fixtures", "jsonir", "noir-loop.json")
PIPELINE_N = 1000
M, F = "noir-loop", "main"

d = Daemon("-q")
raw = d.client()
c = memssa.Client(d.sock, timeout=60)

# ------------------------------------------------------------------ typed
r = c.load(LOOP)
ok(r["module"] == M and (r["defs"], r["uses"], r["phis"]) == (4, 3, 1),
   "load a .json file: module noir-loop, 4 defs, 3 uses, 1 phi")
with open(LOOP) as f:
    ir = json.load(f)
ok(c.load(ir=ir, module="ir")["defs"] == 4, "load ir=: the JSON IR as a dict")

for method, params, call in [
        ("clobber", {"inst": "v5"}, lambda: c.clobber(M, F, "v5")),
        ("value", {"inst": "v3"}, lambda: c.value(M, F, "v3")),
        ("value", {"inst": "v5"}, lambda: c.value(M, F, "v5")),
        ("depends", {"from": {"block": "b2", "index": 2}, "to": "v5"},
         lambda: c.depends(M, F, "b2:2", "v5")),
        ("alias", {"a": "v3", "b": "v5"}, lambda: c.alias(M, F, "v3", "v5")),
        ("alias", {"a": {"ptr": "v0", "size": 8}, "b": {"ptr": "v0", "size": 4}},
         lambda: c.alias(M, F, ("v0", 8), ("v0", 4))),
        ("modref", {"inst": 8, "other": "v5"}, lambda: c.modref(M, F, "8", "v5")),
        ("promotable", {}, lambda: c.promotable(M, F))]:
    params.update(module=M, function=F)
    want = raw.result(method, params)
    if method == "clobber":                     # from_cache differs on the second ask
        want.pop("from_cache")
    got = call()
    got.pop("from_cache", None)
    is_(got, want, "%s %s: the raw protocol's answer" % (method, json.dumps(params)))

is_(c.value(M, F, "v5")["text"], "Known(v4)", "value v5: Known(v4)")
is_(c.value(M, F, "v7")["text"], "Unknown", "value v7: Unknown")
a = c.accesses(M, F)
ok(a["total"] == 8 and len(a["accesses"]) == 8 and a["next"] is None, "accesses: all 8")
i = c.accesses(M, F, form="ids")
is_(i["accesses"][24:30], [2, -1, 9, 2, 2, 3], "accesses form=ids: v5 a use (inst 9) in b2, clobber def 2, MustAlias")
x = memssa.expand("accesses", i)["accesses"]
key = lambda e: e and (e.get("kind"), e.get("id"), e.get("inst"), e.get("block"))
is_([(key(e["access"]), key(e["clobber"]), e["alias"]) for e in x],
    [(key(e["access"]), key(e["clobber"]), e["alias"]) for e in a["accesses"]],
    "memssa.expand: the ids form spelled as the full form, the same on all 8 accesses")
dep = c.depends(M, F, "b2:2", "v5", form="ids")
is_(memssa.expand("depends", dep)["kinds"], ["flow"], "depends form=ids, expanded: flow")
is_(memssa.expand("alias", c.alias(M, F, "v3", "v5", form="ids")), {"alias": "MustAlias", "overlap": "exact"},
    "alias form=ids, expanded: MustAlias, exact")
p = c.accesses(M, F, form="packed")
is_((memssa.unpack("accesses", p), isinstance(p["accesses"], str)), (i, True),
    "accesses form=packed: one string, and memssa.unpack gives exactly the ids answer")
is_([(key(e["access"]), key(e["clobber"]), e["alias"]) for e in memssa.expand("accesses", p)["accesses"]],
    [(key(e["access"]), key(e["clobber"]), e["alias"]) for e in a["accesses"]],
    "memssa.expand of the packed form: the full form's answer on all 8 accesses")
pg = [c.accesses_page(M, F, k, 3, form="packed") for k in (0, 3, 6)]
is_(sum((memssa.unpack("accesses", r)["accesses"] for r in pg), []), i["accesses"],
    "accesses_page form=packed, pages of 3: each unpacked, together the ids answer")
is_(memssa.unpack("depends", c.depends(M, F, "b2:2", "v5", form="packed")), dep,
    "depends form=packed, unpacked: the ids answer")
is_(memssa.expand("alias", c.alias(M, F, "v3", "v5", form="packed")), {"alias": "MustAlias", "overlap": "exact"},
    "alias form=packed, expanded: MustAlias, exact")
try:
    memssa.unpack("depends", "CC")
    ok(False, "a packed depends of 2 numbers is refused")
except memssa.ProtocolError as e:
    ok("2 numbers" in str(e), "a packed depends of 2 numbers is refused: %s" % e)
is_(c.ping(), {"version": "1.0"}, "ping")

# ----------------------------------------------------------------- errors
try:
    c.value("nosuch", F, "v5")
    ok(False, "an unknown module raises memssa.Error")
except memssa.Error as e:
    ok(isinstance(e.code, int) and e.code < 0 and e.message, "an unknown module raises memssa.Error (%s)" % e)
try:
    c.value(M, F, "b2:x")
    ok(False, "a malformed BLOCK:INDEX raises ValueError")
except ValueError:
    ok(True, "a malformed BLOCK:INDEX raises ValueError")
is_(memssa.inst_json("12"), 12, "inst '12' is an id")
is_(memssa.inst_json("%x:y"), "%x:y", "a %-name is a name, colon or not")

# --------------------------------------------------------------- pipeline
ids = []
for k in range(PIPELINE_N):
    ids.append(c.send("value", {"module": M, "function": F, "inst": ["v3", "v5", "v7"][k % 3]}))
is_(c.pending, PIPELINE_N, "%d requests pending" % PIPELINE_N)
try:
    c.call("ping")
    ok(False, "a call is refused while replies are pending")
except memssa.ProtocolError:
    ok(True, "a call is refused while replies are pending")
got = [c.recv() for _ in range(PIPELINE_N)]
is_([g["id"] for g in got], ids, "every reply carries its request's id, in order")
is_([g["result"]["text"] for g in got], ["Unknown", "Known(v4)", "Unknown"] * (PIPELINE_N // 3)
    + ["Unknown"] * (PIPELINE_N % 3), "every reply is its request's answer")
is_(c.pending, 0, "nothing pending")

# ------------------------------------------------------------------ batch
b = c.batch()
b.value(M, F, "v5")
b.depends(M, F, "b2:2", "v5")
b.value("nosuch", F, "v5")
b.clobber(M, F, "v3")
res = b.run()
ok(len(res) == 4 and res[0]["text"] == "Known(v4)" and res[1]["depends"] is True
   and isinstance(res[2], memssa.Error) and res[3]["clobber"]["kind"] == "phi",
   "a typed batch: results in order, the error in its place")

# ---------------------------------------------------------- default socket
saved = {k: os.environ.get(k) for k in ("MEMSSA_SOCKET", "XDG_RUNTIME_DIR")}
os.environ["MEMSSA_SOCKET"] = d.sock
is_(memssa.default_socket(), (d.sock, False), "$MEMSSA_SOCKET first")
is_(memssa.Client().ping(), {"version": "1.0"}, "Client() connects to it")
del os.environ["MEMSSA_SOCKET"]
os.environ["XDG_RUNTIME_DIR"] = "/run/user/x"
is_(memssa.default_socket(), ("/run/user/x/memssad.sock", True), "then $XDG_RUNTIME_DIR")
del os.environ["XDG_RUNTIME_DIR"]
is_(memssa.default_socket(), ("/tmp/memssad-%d/memssad.sock" % os.getuid(), True),
    "then /tmp/memssad-$UID")
open_dir = tempfile.mkdtemp(prefix="memssa-py-")
lib._tmpdirs.append(open_dir)
os.chmod(open_dir, 0o755)
os.environ["XDG_RUNTIME_DIR"] = open_dir
try:
    memssa.Client()
    ok(False, "a default socket directory open to others is refused")
except memssa.UnsafeSocket as e:
    ok("open to group or others" in str(e), "a default socket directory open to others is refused")
for k, v in saved.items():
    if v is None:
        os.environ.pop(k, None)
    else:
        os.environ[k] = v

c.close()
ok(d.stop() == 0 and d.sanitizer_clean(), "memssad exits cleanly")
done()
