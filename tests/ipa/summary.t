#!/usr/bin/env python3
# memssa summary --local --ipa (analysis/ipa, clients/cli_ipa.c): the
# summaries of the small programs of tests/fixtures/ipa, checked field by
# field against what their C source does (each .c beside its .ll, clang-22
# -O2 -fno-inline-functions): a setter through a parameter, a global
# counter, mutual recursion, an indirect call through a table of function
# pointers, a call to an external function, C library calls (libc.c), and
# a program of two modules with a static of the same name in each. Then
# the local mode (no callee summaries), --function, the fault injection
# MSSA_IPA_DROP_WRITE, and bad command lines.
import json, os, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ipalib import BIN, FIX, ok, done  # noqa: E402

def summary(files, *opts, env=None):
    e = dict(os.environ)
    e.pop("MSSA_IPA_DROP_WRITE", None)
    if env:
        e.update(env)
    r = subprocess.run([BIN, "summary", "--local"] + list(opts) + files, cwd=FIX, capture_output=True,
                       text=True, env=e, timeout=120)
    if r.returncode != 0:
        return None, r
    return json.loads(r.stdout), r

def fn(doc, name, module=None):
    for f in doc["functions"]:
        if f["name"] == name and f["module"] == module:
            return f
    return None

def ents(lst):
    out = []
    for e in lst:
        k = e["kind"]
        if k == "global":
            out.append(("global", e["name"], e["module"], e["lo"], e["hi"]))
        elif k == "param":
            out.append(("param", e["index"], e["lo"], e["hi"]))
        else:
            out.append((k,))
    return out

def check_fn(doc, name, reads, writes, module=None, unknown=False, reason=None):
    f = fn(doc, name, module)
    if not ok(f is not None, "%s: listed" % name, json.dumps(doc)[:500]):
        return
    ok(f["unknown"] == unknown and f["reason"] == reason, "%s: unknown %s reason %s" % (name, unknown, reason),
       "got %s %s" % (f["unknown"], f["reason"]))
    ok(ents(f["reads"]) == reads, "%s: reads %s" % (name, reads), "got %s" % ents(f["reads"]))
    ok(ents(f["writes"]) == writes, "%s: writes %s" % (name, writes), "got %s" % ents(f["writes"]))

# a setter through a parameter, a global counter
d, r = summary(["setter.ll"], "--ipa")
if ok(d is not None, "summary of setter.ll", getattr(r, "stderr", "")):
    ok(list(d.keys()) == ["mode", "modules", "globals", "functions"], "keys in the contract's order",
       list(d.keys()))
    ok(d["mode"] == "ipa" and d["modules"] == ["setter.ll"], "mode ipa, modules as given")
    ok([(g["name"], g["module"], g["size"], g["address_taken"]) for g in d["globals"]] ==
       [("g_counter", None, 4, False), ("g_other", None, 4, False)], "globals: sizes, not address-taken",
       d["globals"])
    ok([f["name"] for f in d["functions"]] == ["bump", "set_y", "use"], "defined functions sorted by name")
    G = lambda g: ("global", g, None, 0, 4)
    check_fn(d, "set_y", [], [("param", 0, 4, 8)])
    check_fn(d, "bump", [G("g_counter")], [G("g_counter")])
    check_fn(d, "use", [G("g_counter"), G("g_other"), ("param", 0, 0, 4)], [G("g_counter"), ("param", 0, 4, 8)])

# mutual recursion: even and odd are one SCC
d, r = summary(["recur.ll"], "--ipa")
if ok(d is not None, "summary of recur.ll", getattr(r, "stderr", "")):
    G = lambda g: ("global", g, None, 0, 4)
    for name in ("even", "odd"):
        check_fn(d, name, [G("ga"), G("gb")], [G("ga"), G("gb")])
    check_fn(d, "top", [G("ga"), G("gb"), G("gc")], [G("ga"), G("gb")])

# an indirect call through a table of two static functions
d, r = summary(["indirect.ll"], "--ipa")
if ok(d is not None, "summary of indirect.ll", getattr(r, "stderr", "")):
    G = lambda g: ("global", g, None, 0, 4)
    check_fn(d, "w1", [], [G("g1")], module="indirect.ll")
    check_fn(d, "w2", [], [G("g2")], module="indirect.ll")
    check_fn(d, "call_table", [G("g3"), ("global", "table", None, 0, None)], [G("g1"), G("g2")])
    ok([g["address_taken"] for g in d["globals"] if g["name"] == "table"] == [True],
       "the table (indexed by a variable) is address-taken")

# a call to a function of unknown effects
d, r = summary(["external.ll"], "--ipa")
if ok(d is not None, "summary of external.ll", getattr(r, "stderr", "")):
    check_fn(d, "call_ext", [], [], unknown=True, reason="unknown-callee")

# C library functions without a body (libtable.c): strcpy writes anywhere
# in its destination and reads its source; printf reads its format, its
# buffers (inaccessible), writes them and errno (other); malloc: a new block
d, r = summary(["libc.ll"], "--ipa")
if ok(d is not None, "summary of libc.ll", getattr(r, "stderr", "")):
    check_fn(d, "copy", [("param", 1, None, None)], [("param", 0, None, None)])
    check_fn(d, "show", [("global", ".str", "libc.ll", 0, None), ("param", 0, 0, 4), ("inaccessible",)],
             [("other",), ("inaccessible",)])
    check_fn(d, "fresh", [("inaccessible",)], [("alloc",), ("inaccessible",)])
    ok([(g["name"], g["module"], g["address_taken"]) for g in d["globals"]] ==
       [(".str", "libc.ll", True), ("g_seen", None, False)], "a private string is its module's; passed to printf, taken")

# two modules, a static `counter` in each; shared resolves to one global
d, r = summary(["mod_a.ll", "mod_b.ll"], "--ipa")
if ok(d is not None, "summary of mod_a.ll mod_b.ll", getattr(r, "stderr", "")):
    ok(d["modules"] == ["mod_a.ll", "mod_b.ll"], "two modules")
    ok([(g["name"], g["module"]) for g in d["globals"]] ==
       [("counter", "mod_a.ll"), ("counter", "mod_b.ll"), ("shared", None)],
       "each static stays in its module, sorted by (name, module)", d["globals"])
    A = ("global", "counter", "mod_a.ll", 0, 4)
    B = ("global", "counter", "mod_b.ll", 0, 4)
    check_fn(d, "a_inc", [A], [A])
    check_fn(d, "b_inc", [B], [B])
    check_fn(d, "b_get", [B], [])
    check_fn(d, "a_main", [A, B, ("global", "shared", None, 0, 4)], [A, B])

# linking as a linker does: weak_b.ll's strong @w replaces weak_a.ll's weak
# one, the first linkonce_odr @lo (weak_a.ll's) is kept, the common @c
# takes the larger size (8)
d, r = summary(["weak_a.ll", "weak_b.ll"], "--ipa")
if ok(d is not None, "summary of weak_a.ll weak_b.ll", getattr(r, "stderr", "")):
    ok([(g["name"], g["module"], g["size"]) for g in d["globals"]] == [("c", None, 8), ("x", None, 4), ("y", None, 4)],
       "one @c of 8 bytes, one @y (declared in weak_b.ll)", d["globals"])
    ok([f["name"] for f in d["functions"]] == ["caller", "lo", "w"], "each symbol defined once", d["functions"])
    G = lambda g: ("global", g, None, 0, 4)
    check_fn(d, "w", [], [G("y")])
    check_fn(d, "lo", [], [G("x")])
    check_fn(d, "caller", [], [G("c"), G("x"), G("y")])
d, r = summary(["weak_b.ll", "weak_a.ll"], "--ipa")
if ok(d is not None, "summary of weak_b.ll weak_a.ll", getattr(r, "stderr", "")):
    check_fn(d, "w", [], [("global", "y", None, 0, 4)])
    check_fn(d, "lo", [], [("global", "y", None, 0, 4)])

# the local mode: no callee summary, so every call to a program function is unknown
d, r = summary(["setter.ll"])
if ok(d is not None, "summary of setter.ll without --ipa", getattr(r, "stderr", "")):
    ok(d["mode"] == "local", "mode local")
    check_fn(d, "set_y", [], [("param", 0, 4, 8)])
    check_fn(d, "use", [], [], unknown=True, reason="local-mode")

# --function
d, r = summary(["setter.ll"], "--ipa", "--function", "set_y")
ok(d is not None and [f["name"] for f in d["functions"]] == ["set_y"], "--function set_y lists only it")

# fault injection: drop use's write 1 (param 0 [4, 8))
d, r = summary(["setter.ll"], "--ipa", env={"MSSA_IPA_DROP_WRITE": "use:1"})
if ok(d is not None, "MSSA_IPA_DROP_WRITE=use:1", getattr(r, "stderr", "")):
    ok(ents(fn(d, "use")["writes"]) == [("global", "g_counter", None, 0, 4)], "use's write 1 is gone",
       fn(d, "use")["writes"])
    ok(ents(fn(d, "set_y")["writes"]) == [("param", 0, 4, 8)], "set_y keeps its writes")
d, r = summary(["setter.ll"], "--ipa", env={"MSSA_IPA_DROP_WRITE": "use:9"})
ok(d is not None and "no write entry" in r.stderr, "a write that is not there: a warning", r.stderr)

# bad command lines
r = subprocess.run([BIN, "summary", "setter.ll"], cwd=FIX, capture_output=True, text=True)
ok(r.returncode == 2 and "usage" in r.stderr, "summary without --local: usage, exit 2", r.stderr)
r = subprocess.run([BIN, "summary", "--local", "--ipa", "missing.ll"], cwd=FIX, capture_output=True, text=True)
ok(r.returncode == 1 and "missing.ll" in r.stderr, "a missing file: its error, exit 1", r.stderr)
r = subprocess.run([BIN, "print", "--local", "setter.ll", "recur.ll"], cwd=FIX, capture_output=True, text=True)
ok(r.returncode == 2 and "--ipa" in r.stderr, "two files without --ipa: refused", r.stderr)

done()
