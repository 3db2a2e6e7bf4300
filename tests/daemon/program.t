#!/usr/bin/env python3
# Whole programs in the daemon (issue 27): load {"program", "paths"} links
# several units and answers through calls with the interprocedural
# summaries; a unit that fails is reported and the rest answers; modules,
# stats and unload know programs; a reload of one unit re-links and changes
# an answer; modref of a call shows the callee's summary; with --state-dir a
# program's load, reload and unload survive kill -9 and a restart (the same
# answers, from the journaled texts, through a compaction too), damaged
# program records are logged and skipped, and a program too large for a
# record is refused; under --max-memory a program's graphs are evicted and
# rebuilt with its summaries (the same answers); Lua's sources as a
# project (compile_commands.json) load and answer across files.
import json, os, shutil, subprocess, tempfile

import daemonlib as lib
ok, is_, done = lib.ok, lib.is_, lib.done

lib.time_limit(260)
CLANG = shutil.which("clang-14") or shutil.which("clang")
if not CLANG:
    print("1..0 # SKIP no clang")
    raise SystemExit(0)

tmp = tempfile.mkdtemp(prefix="memssa-prog-")
A = """int shared;
void set_other(int v);
int reader(void) {
  int s = shared;
  set_other(s);
  return shared + s;
}
"""
B = """int other;
void set_other(int v) {
  other = v;
}
"""
B2 = """int other;
extern int shared;
static void deep(int v) { shared = v; }
void set_other(int v) {
  other = v;
  deep(v);
}
"""


def compile_unit(name, text):
    c = os.path.join(tmp, name + ".c")
    with open(c, "w") as f:
        f.write(text)
    ll = os.path.join(tmp, name + ".ll")
    subprocess.run([CLANG, "-S", "-emit-llvm", "-O1", "-Xclang", "-disable-llvm-passes", "-g",
                    c, "-o", ll], check=True)
    return ll


a_ll, b_ll = compile_unit("a", A), compile_unit("b", B)
bad = os.path.join(tmp, "bad.ll")
with open(bad, "w") as f:
    f.write("define void @f( {\n")
missing = os.path.join(tmp, "missing.ll")

d = lib.Daemon()
c = d.client()
NOTES = []


def prog_load(params, timeout=30):
    """A program load: its $/progress notifications (kept in NOTES), then its reply."""
    rid = c.next_id
    c.next_id += 1
    c.send(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "load", "params": params}) + "\n")
    del NOTES[:]
    while True:
        r = c.line(timeout=timeout)
        if r is None or "id" in r:
            return r
        NOTES.append(r)


# 1. a program of two units, and two that fail
r = prog_load({"program": "p", "paths": [a_ll, b_ll, bad, missing]})
res = r.get("result", {})
is_([u["path"] for u in res.get("units", [])], [a_ll, b_ll], "the two good units are linked, in request order")
is_(res.get("mode"), "ipa", "the load says the mode")
is_([(n["method"], n["params"]["token"], n["params"]["program"], n["params"]["stage"], n["params"]["total"]) for n in NOTES],
    [("$/progress", r["id"], "p", "read", 4)] * 4 + [("$/progress", r["id"], "p", "link", 4)],
    "a $/progress notification per unit read, then the link, before the reply")
is_((sorted(n["params"]["done"] for n in NOTES[:4]), sorted(n["params"]["unit"] for n in NOTES[:4])),
    ([1, 2, 3, 4], sorted([a_ll, b_ll, bad, missing])), "counting the units done, naming each")
is_(res.get("functions"), 2, "two functions with a graph")
fl = res.get("failed", [])
is_([x["path"] for x in fl], [bad, missing], "the failing units are reported")
ok(len(fl) == 2 and "bad.ll:2:1: error: expected type" in fl[0]["error"] and "No such file" in fl[1]["error"],
   "each with its error (file:line of the parse error; the read error)", fl)


def shared_load(module):
    r = c.call("clobber", {"module": module, "file": "a.c", "line": 6})
    ms = r.get("result", {}).get("matches", [])
    m = [x for x in ms if x["access"].get("var") == "shared"]
    return m[0] if m else r


# 2. the load of `shared` on line 6 moves past the call in the program ...
m = shared_load("p")
is_(m.get("clobber", {}).get("kind"), "liveOnEntry", "program: the call to set_other does not clobber shared")
is_((m.get("mode"), m.get("unit"), m.get("module")), ("ipa", a_ll, "p"), "the answer says mode ipa, its unit, the program")
# ... and not in a plain module load of the same file
c.result("load", {"module": "a", "path": a_ll})
m = shared_load("a")
is_((m.get("clobber", {}).get("text", "").split(",")[0], m.get("clobber", {}).get("source", {}).get("line")),
    ("call void @set_other(i32 noundef %4)", 5), "plain module: the call clobbers (as opt)")
ok("mode" not in m, "a plain module's answer has no mode", m)

# 3. queries by function find the unit that defines it
r = c.call("access", {"module": "p", "function": "set_other", "inst": 3})
is_(r.get("result", {}).get("access", {}).get("source", {}).get("file"), os.path.join(tmp, "b.c"),
    "function set_other is answered by b's unit")
is_((r.get("result", {}).get("mode"), r.get("result", {}).get("unit"), r.get("result", {}).get("module")),
    ("ipa", b_ll, "p"), "access on a program says mode, unit and the program")
r = c.call("access", {"module": "p", "function": "nosuch", "inst": 0})
is_(r.get("error", {}).get("code"), -32002, "a function no unit defines: -32002")

# 4. modref of the call: the callee's summary
r = c.call("modref", {"module": "p", "function": "reader", "inst": 7, "location": {"ptr": "@shared", "size": 4}})
res = r.get("result", {})
is_(res.get("modref"), "NoModRef", "modref of the call on shared in the program: NoModRef")
s = res.get("summary", {})
is_((s.get("callee"), s.get("defined_in"), s.get("unknown")), ("set_other", b_ll, False), "the summary's callee")
is_(s.get("writes"), [{"kind": "global", "name": "other", "lo": 0, "hi": 4}], "it writes other[0,4)")
is_(s.get("reads"), [], "and reads nothing")
r = c.call("modref", {"module": "a", "function": "reader", "inst": 7, "location": {"ptr": "@shared", "size": 4}})
ok(r.get("result", {}).get("modref") == "ModRef" and "summary" not in r["result"], "plain module: ModRef, no summary", r)

# 5. modules and stats know programs
mods = c.result("modules")
is_([(p["name"], [u["path"] for u in p["units"]], p["functions"]) for p in mods["programs"]],
    [("p", [a_ll, b_ll], 2)], "modules lists the program with its units and function count")
is_([x["name"] for x in mods["modules"]], ["a"], "the plain module apart")
ok(mods["programs"][0]["memory"] > 10000, "with the memory its units hold", mods["programs"][0].get("memory"))
r = c.call("edit", {"module": "p", "function": "reader", "ops": []})
is_(r.get("error", {}).get("code"), -32602, "a program's units are not edited (-32602)")
is_(c.result("stats")["programs"], {"count": 1, "units": 2, "functions": 2}, "stats counts programs")

# 6. a reload of one unit: b now writes shared, the answer changes back
compile_unit("b", B2)
r = prog_load({"program": "p", "reload": b_ll})
res = r.get("result", {})
ok(res.get("replaced") is True and res.get("reloaded") == b_ll and len(res.get("failed", [])) == 2,
   "the reload replaces the program (the failing units tried again)", r)
m = shared_load("p")
is_((m.get("clobber", {}).get("source", {}).get("line"), m.get("mode")), (5, "ipa"),
    "after the reload the call to set_other clobbers shared")
r = c.call("modref", {"module": "p", "function": "reader", "inst": 7, "location": {"ptr": "@shared", "size": 4}})
is_(r.get("result", {}).get("summary", {}).get("writes"),
    [{"kind": "global", "name": "other", "lo": 0, "hi": 4}, {"kind": "global", "name": "shared", "lo": 0, "hi": 4}],
    "the new summary writes other and shared")
# 6b. through the call: the write inside the callee, its position and the call chain
th = m.get("through_call", {})
is_((th.get("global"), th.get("callee"), th.get("truncated")), ("shared", "set_other", False), "through_call: the global and callee")
w = th.get("writes", [])
is_([(x["function"], x["unit"], x["source"]["file"], x["source"]["line"]) for x in w],
    [("deep", b_ll, os.path.join(tmp, "b.c"), 3)], "the write of shared in deep (b.c:3), inside set_other")
is_([(x["caller"], x["callee"], x["source"]["line"]) for x in (w[0]["chain"] if w else [])],
    [("reader", "set_other", 5), ("set_other", "deep", 6)], "with its call chain a.c:5 -> b.c:6")
is_([(x.get("var"), isinstance(x.get("inst"), int)) for x in w], [("shared", True)],
    "the write names its C variable and its instruction id")
if w:   # the id is the one a query on the write takes: the same store
    r = c.call("access", {"module": "p", "unit": w[0]["unit"], "function": "deep", "inst": w[0]["inst"]})
    acc = r.get("result", {}).get("access", {})
    is_((acc.get("kind"), acc.get("text"), acc.get("var"), acc.get("source", {}).get("line")),
        ("def", w[0]["text"], "shared", 3), "access by that id: the store of shared in deep, b.c:3")
is_(shared_load("a").get("through_call"), None, "a plain module's answer has no through_call")
r = prog_load({"program": "p", "reload": "/nowhere.ll"})
is_(r.get("error", {}).get("code"), -32602, "a reload of no unit of the program: -32602")
r = prog_load({"program": "a", "paths": [a_ll]})
is_(r.get("error", {}).get("code"), -32602, "a program may not take a loaded module's name")
r = c.call("load", {"module": "p", "path": a_ll})
is_(r.get("error", {}).get("code"), -32602, "a module may not take a loaded program's name")
r = prog_load({"program": "q", "paths": [missing]})
is_((r.get("error", {}).get("code"), [x["path"] for x in r.get("error", {}).get("data", {}).get("failed", [])]),
    (-32011, [missing]), "a program none of whose units reads: -32011 with the failures")

# 7. unload frees it
r = c.call("unload", {"module": "p"})
is_(r.get("result", {}).get("unloaded"), True, "unload of the program")
is_(c.result("modules")["programs"], [], "gone from modules")
is_(c.call("clobber", {"module": "p", "function": "reader", "inst": 8}).get("error", {}).get("code"), -32001,
    "queries on it: -32001")

# 9. Programs are journaled: a load, a reload and an unload survive a kill -9
# after their acknowledgement, answering from the texts as loaded (not the
# files, which change behind the daemon's back).
state = tempfile.mkdtemp(prefix="memssa-prog-state-")
ja_ll, jb_ll = compile_unit("ja", A), compile_unit("jb", B)


def jshared(cl, module):
    r = cl.call("clobber", {"module": module, "file": "ja.c", "line": 6})
    ms = r.get("result", {}).get("matches", [])
    m = [x for x in ms if x["access"].get("var") == "shared"]
    return m[0] if m else r


def answer(m):
    """What must be the same after a restart (no timing, no cache flags)."""
    return json.dumps({k: m.get(k) for k in ("clobber", "access", "function", "unit", "mode", "through_call")},
                      sort_keys=True)


def pload(cl, params, timeout=60):
    """A program load on client cl: its reply, past its $/progress notifications."""
    rid = cl.next_id
    cl.next_id += 1
    cl.send(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "load", "params": params}) + "\n")
    while True:
        r = cl.line(timeout=timeout)
        if r is None or "id" in r:
            return r


def jdaemon(*args):
    dj = lib.Daemon("--state-dir", state, "--fsync", "always", *args)
    return dj, dj.client()


dj, cj = jdaemon()
r = pload(cj, {"program": "j", "paths": [ja_ll, jb_ll, missing]})
is_([u["path"] for u in r.get("result", {}).get("units", [])], [ja_ll, jb_ll], "journaled daemon: the program loads")
m = jshared(cj, "j")
before = answer(m)
is_(m.get("clobber", {}).get("kind"), "liveOnEntry", "journaled daemon: shared moves past set_other")
dj.stop(lib.signal.SIGKILL)
compile_unit("jb", B2)   # the file changes; no reload asked for
dj, cj = jdaemon()
m = jshared(cj, "j")
is_(answer(m), before, "after kill -9 and a restart: the same answer (from the journaled texts, not the changed file)")
progs = cj.result("modules")["programs"]
is_([(x["name"], [u["path"] for u in x["units"]], [f["path"] for f in x["failed"]]) for x in progs],
    [("j", [ja_ll, jb_ll], [missing])], "the program is back with its units and its failed unit")
r = pload(cj, {"program": "j", "reload": jb_ll})
is_(r.get("result", {}).get("reloaded"), jb_ll, "a reload of jb after the restart")
m = jshared(cj, "j")
after = answer(m)
is_(m.get("clobber", {}).get("source", {}).get("line"), 5, "the reloaded program: the call clobbers shared")
compile_unit("jb", B)   # changed back on disk: the journal keeps what the reload read
dj.stop(lib.signal.SIGKILL)
dj, cj = jdaemon()
m = jshared(cj, "j")
is_(answer(m), after, "the reload survives kill -9: the same answer, through_call included")
is_((m.get("through_call", {}).get("writes") or [{}])[0].get("function"), "deep", "its through_call names deep")
r = cj.call("unload", {"module": "j"})
is_(r.get("result", {}).get("unloaded"), True, "unload of the journaled program")
dj.stop(lib.signal.SIGKILL)
dj, cj = jdaemon()
is_((cj.result("modules")["programs"], cj.call("clobber", {"module": "j", "function": "reader", "inst": 8}).get("error", {}).get("code")),
    ([], -32001), "the unload survives kill -9: no program j")
# compaction keeps a program's record as a module's (the last load, whole)
dj.stop()
dj, cj = jdaemon("--journal-max", "1")
r = pload(cj, {"program": "j", "paths": [ja_ll, jb_ll]})
want = answer(jshared(cj, "j"))
cj.call("load", {"module": "filler", "path": a_ll})
for k in range(3):   # journal records beyond --journal-max: compaction
    cj.call("load", {"module": "filler", "path": a_ll})
st = cj.result("stats").get("journal", {})
dj.stop(lib.signal.SIGKILL)
ok(st.get("compactions", 0) >= 1, "the journal was compacted (--journal-max 1)", st)
dj, cj = jdaemon("--journal-max", "1")
is_(answer(jshared(cj, "j")), want, "after compaction and kill -9: the program answers the same")
dj.stop()
# a program too large for a journal record a replay would read is refused whole
dj, cj = jdaemon("--max-module-bytes", str(max(os.path.getsize(ja_ll), os.path.getsize(jb_ll)) + 16))
r = pload(cj, {"program": "big", "paths": [ja_ll, jb_ll]})
e = r.get("error", {})
is_((e.get("code"), e.get("data", {}).get("reason"), e.get("data", {}).get("program")), (-32011, "journal_failed", "big"),
    "units together beyond --max-module-bytes with a journal: -32011 journal_failed")
is_([x["name"] for x in cj.result("modules")["programs"]], ["j"], "and nothing was installed (j is the replayed one)")
ok("--max-module-bytes" in e.get("message", ""), "the message says which limit", e.get("message"))
dj.stop()
ok(dj.sanitizer_clean(), "journaled daemons: no sanitizer report")

# 9b. a damaged program record is logged and skipped, never half-installed
import struct, zlib


def jrecord(kind, name, payload):
    body = bytes([kind]) + struct.pack("<I", len(name)) + name + payload
    return b"MSJ1" + struct.pack("<II", len(body), zlib.crc32(body)) + body


good_hdr = json.dumps({"llvm": 0, "project": None, "units": [["/x/a.ll", 10]], "failed": []}).encode()
bad = tempfile.mkdtemp(prefix="memssa-prog-bad-")
with open(os.path.join(bad, "journal.0"), "wb") as f:
    f.write(jrecord(6, b"p1", b"garbage"))
    f.write(jrecord(6, b"p2", b"MSSAPROG1 %d\n" % len(good_hdr) + good_hdr + b"short"))
    f.write(jrecord(6, b"p3", b"MSSAPROG1 99999\n{}"))
db = lib.Daemon("--state-dir", bad)
cb = db.client()
is_(cb.result("modules")["programs"], [], "damaged program records: no program installed")
db.stop()
err = db.stderr()
ok("(program load 'p1') not replayed: program record without its MSSAPROG1 header" in err and
   "(program load 'p2') not replayed: program record: unit 0 malformed or longer than the record" in err and
   "(program load 'p3') not replayed: program record with a bad header length" in err,
   "each is logged with what is wrong", err)

# 10. --max-memory: a program's graphs are counted and evicted like a module's,
# rebuilt with the program's summaries (the answers do not change)
dm = lib.Daemon("--max-memory", "1")
cm = dm.client()
r = pload(cm, {"program": "m", "paths": [ja_ll, jb_ll]})
is_(len(r.get("result", {}).get("units", [])), 2, "a program under --max-memory 1 loads")
g = cm.result("stats")["graphs"]
ok(g["evicted"] >= 1 and g["evictions"] >= 1, "its graphs are accounted and evicted", g)
m = jshared(cm, "m")
is_(m.get("clobber", {}).get("kind"), "liveOnEntry", "an evicted unit's graph is rebuilt with the summaries: shared still moves past the call")
r = cm.call("modref", {"module": "m", "function": "reader", "inst": 7, "location": {"ptr": "@shared", "size": 4}})
is_(r.get("result", {}).get("modref"), "NoModRef", "modref answers as without the cap")
g2 = cm.result("stats")["graphs"]
ok(g2["rebuilds"] > g["rebuilds"], "the query rebuilt an evicted graph", (g, g2))
cm.call("unload", {"module": "m"})
is_(cm.result("stats")["graphs"]["bytes"], 0, "unloading the program leaves no graph bytes")
dm.stop()
ok(dm.sanitizer_clean(), "capped daemon: no sanitizer report")

# 7a. Writes at callers: reader's load of shared reaches liveOnEntry; the
# program's calls of reader name the writes of shared that reach them
# (cc.c: one on every path, one on some; plain() has none: the value from
# before it).
C = """extern int shared;
int reader(void);
int caller(int c) {
  shared = 7;
  if (c)
    shared = 8;
  return reader();
}
int plain(void) { return reader(); }
"""
ca_ll, cb_ll, cc_ll = compile_unit("ca", A), compile_unit("cb", B), compile_unit("cc", C)
r = prog_load({"program": "pc", "paths": [ca_ll, cb_ll, cc_ll]})
ok("result" in r, "a program of three units: reader called from cc.c", r)
r = c.call("clobber", {"module": "pc", "file": "ca.c", "line": 4})
ms = [x for x in r.get("result", {}).get("matches", []) if x["access"].get("var") == "shared"]
up = ms[0].get("at_callers", {}) if ms else {}
is_((ms[0]["clobber"]["kind"] if ms else None, up.get("global"), up.get("function"), up.get("truncated")),
    ("liveOnEntry", "shared", "reader", False), "at_callers: shared's value from before reader")
is_([(x["function"], x["unit"], x["source"]["line"], x["entry"],
      [(w["function"], w["source"]["line"], w["var"], w["text"].split(",")[0]) for w in x["writes"]])
     for x in up.get("calls", [])],
    [("caller", cc_ll, 7, False, [("caller", 4, "shared", "store i32 7"), ("caller", 6, "shared", "store i32 8")]),
     ("plain", cc_ll, 9, True, [])],
    "the calls of reader in cc.c: the stores of shared on cc.c:4 and :6 reach the call on :7; none before plain's")
w0 = up["calls"][0]["writes"][0] if up.get("calls") and up["calls"][0]["writes"] else {}
r = c.call("access", {"module": "pc", "unit": w0.get("unit"), "function": "caller", "inst": w0.get("inst", -1)})
is_(r.get("result", {}).get("access", {}).get("source", {}).get("line"), 4, "a write's inst names that store")
r = c.call("clobber", {"module": "pc", "file": "ca.c", "line": 6})
is_(sorted((x["access"].get("var"), x["clobber"]["kind"], "at_callers" in x)
           for x in r.get("result", {}).get("matches", []) if x["access"]["kind"] == "use"),
    [("s", "def", False), ("shared", "liveOnEntry", True)],
    "on ca.c:6 shared (past set_other) has at_callers; s, stored in reader, has none")
c.result("load", {"module": "ca", "path": ca_ll})
r = c.call("clobber", {"module": "ca", "file": "ca.c", "line": 4})
ok(r.get("result", {}).get("matches") and all("at_callers" not in x for x in r["result"]["matches"]),
   "a plain module's answer has no at_callers")
c.call("unload", {"module": "ca"})
c.call("unload", {"module": "pc"})

# 7b. A project load takes the compile settings of load {"source"}
# (clang, opt_level, trusted_compilers), validated the same way.
sproj = os.path.join(tmp, "settings")
os.mkdir(sproj)
for name, text in (("pa.c", A), ("pb.c", B)):
    with open(os.path.join(sproj, name), "w") as f:
        f.write(text)
spj = os.path.join(sproj, "compile_commands.json")
with open(spj, "w") as f:
    json.dump([{"directory": sproj, "file": x, "arguments": ["clang", "-g", "-c", x]}
               for x in ("pa.c", "pb.c")], f)
fake_dir = os.path.join(tmp, "bin")
os.mkdir(fake_dir)
fake, seen = os.path.join(fake_dir, "clang"), os.path.join(tmp, "fake-args.txt")
with open(fake, "w") as f:
    f.write("#!/bin/sh\necho \"$@\" >> %s\nexec %s \"$@\"\n" % (seen, CLANG))
os.chmod(fake, 0o755)
for bad_params, field in (({"trusted_compilers": "x"}, "trusted_compilers"),
                          ({"trusted_compilers": ["rel/*"]}, "trusted_compilers"),
                          ({"opt_level": 2}, "opt_level"), ({"clang": ["x"]}, "clang"),
                          ({"compile_timeout_ms": 600001}, "compile_timeout_ms")):
    want = c.call("load", dict(bad_params, source=os.path.join(sproj, "pa.c"))).get("error", {})
    r = prog_load(dict(bad_params, program="ps", project=spj)).get("error", {})
    ok(r.get("code") == -32602 and r == want and field in r.get("message", ""),
       "project load with bad %s: the source load's error (%s)" % (field, r.get("message")), r, want)
r = prog_load({"program": "ps", "project": spj, "clang": fake})
e = r.get("error", {})
ok(e.get("code") == -32011 and len(e.get("data", {}).get("failed", [])) == 2 and
   all("not trusted" in x["error"] for x in e["data"]["failed"]) and not os.path.exists(seen),
   "project load with an untrusted clang: every unit refused, the compiler not run", r)
r = prog_load({"program": "ps", "project": spj, "clang": fake, "trusted_compilers": [fake_dir + "/*"],
               "opt_level": "-O2"})
res = r.get("result", {})
args = open(seen).read().splitlines() if os.path.exists(seen) else []
is_((len(res.get("units", [])), res.get("failed")), (2, []),
    "project load with a trusted clang and -O2: both units compiled and linked")
ok(len(args) == 2 and all("-O2" in a.split() for a in args),
   "the named clang ran once per unit, with -O2", args)
os.unlink(seen)
r = prog_load({"program": "ps", "reload": os.path.join(sproj, "pb.c"), "clang": fake,
               "trusted_compilers": [fake_dir + "/*"], "opt_level": "-O1"})
args = open(seen).read().splitlines() if os.path.exists(seen) else []
ok(r.get("result", {}).get("reloaded") == os.path.join(sproj, "pb.c") and len(args) == 1
   and "-O1" in args[0].split(), "a reload compiles the saved unit with the reload's settings", r, args)
c.call("unload", {"module": "ps"})

# 8. Lua's sources as a project
LUA = os.path.join(lib.SHARED, "corpus", "lua-src")
if not os.path.exists(os.path.join(LUA, "lvm.c")):
    ok(True, "# SKIP no Lua sources")
else:
    srcs = sorted(f for f in os.listdir(LUA) if f.endswith(".c") and f not in ("lua.c", "luac.c", "onelua.c"))
    proj = os.path.join(tmp, "lua")
    os.mkdir(proj)
    cc = [{"directory": LUA, "file": f,
           "arguments": ["clang", "-O1", "-Xclang", "-disable-llvm-passes", "-g", "-c", f]} for f in srcs]
    pj = os.path.join(proj, "compile_commands.json")
    with open(pj, "w") as f:
        json.dump(cc, f)
    r = prog_load({"program": "lua", "project": pj}, timeout=150)
    res = r.get("result", {})
    is_((len(res.get("units", [])), res.get("failed")), (len(srcs), []), "every Lua file compiled and linked")
    ok(res.get("functions", 0) > 800, "Lua's functions have graphs", res.get("functions"))
    is_(([n["params"]["stage"] for n in NOTES].count("read"), NOTES[-1]["params"]["stage"] if NOTES else None),
        (len(srcs), "link"), "progress: one notification per file compiled, then the link")
    # lvm.c:1424 calls luaH_resize, defined in ltable.c: the call's summary comes from there
    m = c.call("clobber", {"module": "lua", "file": "lvm.c", "line": 1424})
    ms = m.get("result", {}).get("matches", [])
    ok(ms and all(x["unit"] == os.path.join(LUA, "lvm.c") and x["mode"] == "ipa" for x in ms),
       "a position in lvm.c answers from lvm.c's unit, in ipa mode", m)
    calls = [x for x in ms if "@luaH_resize(" in x["access"].get("text", "")]
    ok(len(calls) == 1, "the call to luaH_resize is on lvm.c:1424", [x["access"].get("text") for x in ms])
    if calls:
        r = c.call("modref", {"module": "lua", "function": calls[0]["function"], "inst": calls[0]["access"]["inst"],
                              "other": calls[0]["access"]["inst"]})
        s = r.get("result", {}).get("summary", {})
        is_((s.get("callee"), s.get("defined_in")), ("luaH_resize", os.path.join(LUA, "ltable.c")),
            "modref of that call: luaH_resize's summary, from ltable.c's unit")
        ok(isinstance(s.get("writes"), list) and "unknown" in s, "with its writes (or why it is unknown)", s)
    m = c.call("clobber", {"module": "lua", "file": "ltable.c", "line": 480})
    ms = m.get("result", {}).get("matches", [])
    ok(ms and all(x["unit"] == os.path.join(LUA, "ltable.c") for x in ms), "and one in ltable.c from its unit", m)
    st = c.result("stats")["programs"]
    is_((st["count"], st["units"]), (1, len(srcs)), "stats counts its units")
    r = prog_load({"program": "lua", "reload": os.path.join(LUA, "lvm.c")}, timeout=150)
    res = r.get("result", {})
    is_((res.get("reloaded"), res.get("replaced"), len(res.get("units", [])), res.get("failed")),
        (os.path.join(LUA, "lvm.c"), True, len(srcs), []), "a reload of lvm.c recompiles it and re-links")
    is_([p.get("project") for p in c.result("modules")["programs"]], [pj], "the program keeps its project")

ok(d.sanitizer_clean(), "no sanitizer report")
done()
