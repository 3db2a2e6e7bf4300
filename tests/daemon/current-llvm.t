#!/usr/bin/env python3
# The LLVM version a module is read as, in the daemon:
#  - `load` takes "llvm": N (14..22); anything else is -32602 with
#    data.reason "unsupported_llvm" (and data.min, data.max); the load
#    reply and `modules` say which version applies ("llvm") and how it was
#    decided ("llvm_from": ident, syntax, typed-pointers, dbg-calls,
#    default or requested);
#  - a load asking for another version than the loaded module's is a full
#    load (never a reload by difference); one asking for the same keeps it;
#  - a requested version survives a restart (--state-dir replays it);
#  - C compiled by clang-22 with -g (debug records, `captures(...)`, ...)
#    works end to end: a source-position query, a reload by difference, an
#    edit (skipped where clang-22 is not installed).
import os, shutil, subprocess

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

# Opaque pointers and nothing newer than LLVM 14: "default".
PLAIN = """define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4
  store i32 2, ptr %q, align 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
"""
# `captures(none)` is LLVM 21 syntax.
SYNTAX21 = PLAIN.replace("ptr %p,", "ptr captures(none) %p,", 1)
TYPED = PLAIN.replace("ptr %p, ptr %q", "i32* %p, i32* %q").replace("ptr %", "i32* %")
IDENT19 = PLAIN + '!llvm.ident = !{!0}\n!0 = !{!"clang version 19.1.7"}\n'


def llvm_of(r):
    return (r.get("llvm"), r.get("llvm_from"))


def check_param(c):
    cases = ((PLAIN, None, (14, "default"), "no newer syntax: 14, default"),
             (SYNTAX21, None, (21, "syntax"), "captures(...): 21, from the syntax"),
             (TYPED, None, (14, "typed-pointers"), "typed pointers: 14"),
             (IDENT19, None, (19, "ident"), "!llvm.ident names clang 19: 19, ident"),
             (PLAIN, 22, (22, "requested"), "llvm: 22 asked for: 22, requested"),
             (IDENT19, 14, (14, "requested"), "llvm: 14 overrides the ident"))
    for k, (text, v, want, what) in enumerate(cases):
        params = {"module": "m%d" % k, "text": text}
        if v is not None:
            params["llvm"] = v
        is_(llvm_of(c.result("load", params)), want, "load reply: " + what)
    mods = {m["name"]: llvm_of(m) for m in c.result("modules")["modules"]}
    is_([mods["m%d" % k] for k in range(len(cases))], [w for _, _, w, _ in cases],
        "modules reports the same version and basis for each")
    # The print format follows the version: no alias word on uses from 15.
    t14 = c.result("print", {"module": "m0"})["text"]
    t22 = c.result("print", {"module": "m4"})["text"]
    ok("MemoryUse(2) MayAlias" in t14 and "MemoryUse(2)\n" in t22,
       "print: LLVM 14 format for 14, current format for 22", t14, t22)
    for bad in (13, 23, 0, -1, "19", 19.5, True, [19]):
        r = c.call("load", {"module": "bad", "text": PLAIN, "llvm": bad})
        e = (r or {}).get("error", {})
        d = e.get("data", {})
        is_((e.get("code"), d.get("reason"), d.get("min"), d.get("max")),
            (-32602, "unsupported_llvm", 14, 22), "llvm: %r refused" % (bad,))
    ok("bad" not in [m["name"] for m in c.result("modules")["modules"]],
       "a refused load loads nothing")


def check_reload(c):
    r = c.result("load", {"module": "r", "text": PLAIN, "llvm": 19})
    is_(llvm_of(r), (19, "requested"), "r loaded as 19")
    t2 = PLAIN.replace("store i32 2", "store i32 3")
    r = c.result("load", {"module": "r", "text": t2, "llvm": 19})
    is_((r["reload"], llvm_of(r)), ("incremental", (19, "requested")),
        "same llvm, one body changed: reload by difference, still 19")
    r = c.result("load", {"module": "r", "text": t2, "llvm": 22})
    is_((r["reload"], llvm_of(r)), ("full", (22, "requested")), "another llvm: a full load")
    ok("llvm" in r.get("why_full", ""), "why_full names the version", r)
    r = c.result("load", {"module": "r", "text": t2})
    is_((r["reload"], llvm_of(r)), ("full", (14, "default")),
        "no llvm after a requested one: a full load, detected again")


def check_replay():
    state = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(state)
    d = Daemon("--state-dir", state)
    c = d.client()
    c.result("load", {"module": "a", "text": IDENT19, "llvm": 22})
    c.result("load", {"module": "b", "text": IDENT19})
    t2 = IDENT19.replace("store i32 2", "store i32 3")
    r = c.result("load", {"module": "a", "text": t2, "llvm": 22})
    is_(r["reload"], "incremental", "a reload by difference of the requested module")
    d.stop()
    d = Daemon("--state-dir", state)
    c = d.client()
    mods = {m["name"]: llvm_of(m) for m in c.result("modules")["modules"]}
    is_(mods, {"a": (22, "requested"), "b": (19, "ident")},
        "after a restart: the requested version replayed, the detected one detected")
    t = c.result("print", {"module": "a"})["text"]
    ok("store i32 3" in t, "the reload's text replayed", t)
    d.stop()


def check_clang22(d):
    if not shutil.which("clang-22"):
        ok(True, "# SKIP clang-22 not installed (apt-get install clang-22)")
        return
    ll = os.path.join(d.tmp, "update.ll")
    subprocess.run(["clang-22", "-g", "-O0", "-S", "-emit-llvm", "update.c", "-o", ll],
                   check=True, cwd=os.path.join(lib.ROOT, "clients", "examples"))
    text = open(ll).read()
    ok("#dbg_declare" in text, "clang-22 -g writes debug records")
    c = d.client()
    r = c.result("load", {"path": ll})
    is_((r["functions"], llvm_of(r)), (2, (22, "ident")), "clang-22 -g module: 22 from the ident")
    # g = *p (update.c:8:7) is clobbered by *q = 2 (7:6).
    q = {"module": "update", "file": "update.c", "line": 8, "col": 7}
    r = c.result("clobber", q)
    is_(len(r["matches"]), 1, "clobber update.c:8:7: one load")
    a = r["matches"][0]
    is_((a["access"]["desc"], a["clobber"]["source"]["line"], a["clobber"]["source"]["col"]),
        ("MemoryUse(4)", 7, 6), "clobbered by *q = 2 at 7:6; current format (no alias word)")
    ok(a["clobber"]["text"].startswith("store i32 2, ptr"), "the clobber is the store",
       a["clobber"]["text"])
    # Reload by difference: *q = 5 instead of 2, the same positions.
    with open(ll, "w") as f:
        f.write(text.replace("store i32 2, ptr", "store i32 5, ptr", 1))
    r = c.result("load", {"path": ll})
    is_((r["reload"], r["rebuilt"], llvm_of(r)), ("incremental", 1, (22, "ident")),
        "changed body: reload by difference of one function, still 22")
    a = c.result("clobber", q)["matches"][0]
    ok(a["clobber"]["text"].startswith("store i32 5, ptr") and a["clobber"]["source"]["line"] == 7,
       "the source query sees the new store", a)
    # An edit: a store to @g just before the load of *p (p may point to g)
    # becomes the load's clobber.
    inst = a["access"]["inst"]
    r = c.result("edit", {"module": "update", "function": "update",
                          "ops": [{"op": "insert", "before": inst,
                                   "text": "store i32 7, ptr @g, align 4"}]})
    ok(r["results"] and r["results"][0].get("inst") is not None, "edit: a store inserted", r)
    r = c.result("clobber", {"module": "update", "function": "update", "inst": inst})
    ok(r["clobber"]["text"].startswith("store i32 7, ptr @g"),
       "after the edit the load's clobber is the inserted store", r)
    v = c.result("verify", {"module": "update"})
    ok(v["ok"], "verify after the edit", v)


def main():
    lib.time_limit(120)
    d = Daemon()
    c = d.client()
    check_param(c)
    check_reload(c)
    check_clang22(d)
    d.stop()
    check_replay()
    done()


main()
