#!/usr/bin/env python3
"""tests/ipa/checker.t -- the soundness check's own parts (tests/ipa-sound/:
instrumenter, runtime, checker), on a program whose summaries are known by
hand (tests/fixtures/ipa-sound/small.c, small.right.json): the right summary
passes, and each broken one (one entry removed or weakened) is reported
with the function, the kind, the offsets and the line of the access.
Needs clang-14 (and clang-22 for the opaque-pointer run, skipped without).
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "tests", "ipa-sound"))
import sound  # noqa: E402

TOOLS = sound.TOOLS
FIX = os.path.join(sound.ROOT, "tests", "fixtures", "ipa-sound")
_tap = sound.Tap()
ok = _tap.ok


def run(cmd, env=None, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120, **kw)


if not shutil.which("clang-14") or not os.path.exists(os.path.join(TOOLS, "check")):
    print("1..0 # SKIP clang-14 or %s/check missing (make ipa-sound-tools)" % TOOLS)
    sys.exit(0)

tmp = tempfile.mkdtemp(prefix="ipa-checker-")


def build_and_run(clang, tag, extra=()):
    ll = os.path.join(tmp, "small.ll")  # the name the summary's modules list gives
    src = os.path.join(tmp, tag + ".c")
    shutil.copy(os.path.join(FIX, "small.c"), src)
    r = run([clang, "-O1", "-Xclang", "-disable-llvm-passes", "-g", "-S", "-emit-llvm", "-w", *extra, src, "-o", ll])
    if r.returncode:
        return None, r.stderr
    inst, meta, exe, facts = (os.path.join(tmp, tag + s) for s in (".i.ll", ".meta", ".exe", ".facts"))
    r = run([os.path.join(TOOLS, "instrument"), ll, inst, meta])
    if r.returncode:
        return None, r.stderr
    r = run([clang, "-O0", "-w", inst, os.path.join(TOOLS, "rt.o"), "-o", exe])
    if r.returncode:
        return None, r.stderr
    env = dict(os.environ, MSSA_FACTS=facts)
    r = run([exe], env=env)
    if r.returncode:
        return None, "exit %d %s" % (r.returncode, r.stderr)
    return (meta, facts), ""


res, err = build_and_run("clang-14", "typed")
ok(res is not None, "small.c instrumented (typed pointers), built and run: exit 0 as uninstrumented", err)
if res is None:
    _tap.done()
meta, facts = res
lines = open(facts).read().splitlines()
ok(lines[0].startswith("# accesses ") and " dropped 0 timeout 0" in lines[0], "facts header", lines[0])
fids = {l.split("\t")[2]: int(l.split("\t")[1]) for l in open(meta) if l.startswith("F\t")}
body = [l.split() for l in lines[1:]]
# set_b writes s->b: `other` for set_b with the param-0 alternative at offset 4
ok(any(f[0] == str(fids["set_b"]) and f[1:4] == ["w", "O", "0"] and f[5] == "4" and f[-1] == "0:4" for f in body),
   "set_b: write of param 0 at [4,8)", "\n".join(lines))
# bump's write of counter: recorded for bump, bump_twice (2 activations) and main (3: one after the longjmp)
cnt = {f[0]: f[8] for f in body if f[1:4] == ["w", "G", "0"]}
ok(cnt.get(str(fids["bump"])) == "3" and cnt.get(str(fids["bump_twice"])) == "2" and cnt.get(str(fids["main"])) == "3",
   "counter writes counted per activation (shadow stack right after longjmp)", cnt)
gids = {l.split("\t")[2]: int(l.split("\t")[1]) for l in open(meta) if l.startswith("G\t")}
ok([f[3] for f in body if f[0] == str(fids["pa"]) and f[1:3] == ["r", "G"]] == [str(gids["__const.pa.p"])] and
   [f[3] for f in body if f[0] == str(fids["pb"]) and f[1:3] == ["r", "G"]] == [str(gids["__const.pb.q"])],
   "equal unnamed_addr constants stay apart: pa reads __const.pa.p, pb __const.pb.q", "\n".join(lines))
ok(not any(f[0] == str(fids["set_b"]) and f[1] == "r" for f in body), "set_b reads nothing non-local (own allocas are local)")
ok(any(f[0] == str(fids["mk"]) and f[1:3] == ["w", "A"] for f in body), "mk: writes memory it allocated (alloc)")


def check(summary, tag):
    p = os.path.join(tmp, tag + ".json")
    with open(p, "w") as f:
        json.dump(summary, f)
    r = run([os.path.join(TOOLS, "check"), p, meta, facts])
    return r.returncode, r.stdout + r.stderr


right = json.load(open(os.path.join(FIX, "small.right.json")))
rc, out = check(right, "right")
ok(rc == 0 and "violations 0" in out, "the right summary: 0 violations", out)
base = {f["name"]: f for f in right["functions"]}


def broken(tag, edit, want, name):
    s = copy.deepcopy(right)
    fn = {f["name"]: f for f in s["functions"]}
    edit(s, fn)
    rc, out = check(s, tag)
    ok(rc == 1 and all(w in out for w in want), name, out)
    return out




out = broken("setb", lambda s, fn: fn["set_b"].update(writes=[]),
       ["VIOLATION set_b: write other (4 bytes) | param 0 [4,8) at line "],
       "set_b without its write: reported (param 0 [4,8))")
import re
m = re.search(r"at line (\d+) ", out or "")
ll = open(os.path.join(tmp, "small.ll")).read().splitlines()
ok(m and "store i32" in ll[int(m.group(1)) - 1] and "!dbg" in ll[int(m.group(1)) - 1],
   "the line reported is set_b's store in small.ll", m and ll[int(m.group(1)) - 1])
broken("setb-narrow", lambda s, fn: fn["set_b"]["writes"][0].update(lo=0, hi=4),
       ["VIOLATION set_b: write other (4 bytes) | param 0 [4,8)"], "set_b's write at [0,4) instead of [4,8): reported")
broken("bump2", lambda s, fn: fn["bump_twice"].update(writes=[]),
       ["VIOLATION bump_twice: write global counter [0,4) at line ", " in bump (a callee)"],
       "bump_twice without its callee's write: reported, with the callee")
broken("other", lambda s, fn: fn["main"]["writes"].__setitem__(1, {"kind": "other"}),
       ["VIOLATION main: write global counter [0,4)"], "`other` does not cover a global that is not address-taken")
broken("mk", lambda s, fn: fn["mk"].update(writes=[]), ["VIOLATION mk: write alloc"], "mk without alloc: reported")
broken("depth", lambda s, fn: fn["depth"].update(reads=[]), ["VIOLATION depth: read global env [0,200)"],
       "depth without longjmp's read of env: reported")
broken("gone", lambda s, fn: s["functions"].remove(fn["sum"]), ["VIOLATION sum: read", "function missing from the summary"],
       "a function missing from the summary: reported")
s = copy.deepcopy(right)
s["functions"][[f["name"] for f in s["functions"]].index("main")].update(unknown=True, reason="cap", reads=[], writes=[])
rc, out = check(s, "unknown")
ok(rc == 0, "an unknown function covers everything", out)
s = copy.deepcopy(right)
for f in s["functions"]:
    if f["name"] == "main":
        f["writes"] = [{"kind": "other"}, {"kind": "global", "name": "counter", "module": None, "lo": 0, "hi": None}]
rc, out = check(s, "other-ok")
ok(rc == 0, "`other` covers address-taken globals and alloc; hi null covers the whole global", out)

# A program of two modules, each with its own static `helper` and `state`:
# internal symbols are told apart by module (instrument --ids, two META files).
parts = []
for m in ("two_a", "two_b"):
    ll = os.path.join(tmp, m + ".ll")
    r = run(["clang-14", "-O1", "-Xclang", "-disable-llvm-passes", "-g", "-S", "-emit-llvm", "-w",
             os.path.join(FIX, m + ".c"), "-o", ll])
    parts.append(ll)
try:
    exe2, metas2 = sound.instrument_program(parts)
    facts2 = os.path.join(tmp, "two.facts")
    rc2, _, _ = sound.run_program(exe2, facts2)
except RuntimeError as e:
    rc2, metas2, facts2 = str(e), [], ""
ok(rc2 == 0, "two_a.c + two_b.c: each module instrumented alone, linked, run: exit 0", rc2)
if rc2 == 0:
    two = json.load(open(os.path.join(FIX, "two.right.json")))
    fig = sound.check(os.path.join(FIX, "two.right.json"), metas2, [facts2])
    ok(fig["violations"] == 0 and fig["facts"] == 12, "the right two-module summary: 0 violations", fig)
    for f in two["functions"]:
        if f["name"] == "helper" and f["module"] == "two_b.ll":
            for e in f["reads"] + f["writes"]:
                e["module"] = "two_a.ll"  # the other module's `state`
    p2 = os.path.join(tmp, "two.bad.json")
    json.dump(two, open(p2, "w"))
    fig = sound.check(p2, metas2, [facts2])
    ok(any(v.startswith("VIOLATION helper: write global state [0,4)") for v in fig["report"]) and
       any(v.startswith("VIOLATION helper: read global state [0,4)") for v in fig["report"]) and fig["violations"] == 2,
       "two_b.ll's helper summarized with two_a.ll's state: its read and write reported", fig["report"])

# A run past MSSA_RT_TIMEOUT in a loop without reported accesses still ends
# (exit 124, from the alarm handler) and writes its facts.
spin_ll = os.path.join(tmp, "spin.ll")
r = run(["clang-14", "-O2", "-S", "-emit-llvm", "-w", os.path.join(FIX, "spin.c"), "-o", spin_ll])
spin_exe, spin_meta = sound.instrument(spin_ll)
spin_facts = os.path.join(tmp, "spin.facts")
rc3, _, secs3 = sound.run_program(spin_exe, spin_facts, timeout=1)
lines3 = open(spin_facts).read().splitlines() if os.path.exists(spin_facts) else []
ok(rc3 == 124 and secs3 < 8 and lines3 and lines3[0].endswith("timeout 1") and len(lines3) == 2 and
   lines3[1].split()[1:4] == ["w", "G", "0"], "a loop without accesses ends at the time limit with its facts", (rc3, secs3, lines3))

# The same program as opaque-pointer IR: the same facts, up to line numbers.
if shutil.which("clang-22"):
    res2, err = build_and_run("clang-22", "opaque")
    ok(res2 is not None, "small.c instrumented (opaque pointers, clang-22), built and run", err)
    if res2:
        strip = lambda p: sorted(" ".join(l.split()[:6] + l.split()[7:]) for l in open(p).read().splitlines()[1:])
        ok(strip(res2[1]) == strip(facts), "opaque-pointer facts equal the typed ones (lines aside)")
        rc, out = check(right, "right")
        ok(rc == 0, "the right summary on the opaque run", out)
shutil.rmtree(tmp, ignore_errors=True)
_tap.done()
