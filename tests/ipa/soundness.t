#!/usr/bin/env python3
"""tests/ipa/soundness.t -- `memssa summary --ipa` checked against the
programs running (issue 27, point 5), on a sample: 20 csmith programs
(seeds 1-20, clang-14 -O1 without LLVM passes, -g) and Lua (its files linked
into one module) running testes/strings.lua and testes/tpack.lua. Every
memory access of every activation must be covered by the summary of the
function (tests/ipa-sound/: instrument.c, rt.c, check.c; sound.py drives
them). And the check can fail: with MSSA_IPA_DROP_WRITE=f:k (the summary
contract's fault injection) on a write entry a fact needs, the checker
reports f. The full run is `make ipa-sound` (bench/ipa-sound.sh).
Skipped while `memssa summary` does not exist.
"""
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                                "tests", "ipa-sound"))
import sound  # noqa: E402

if not sound.summary_available():
    print("1..0 # SKIP %s has no `summary` command yet" % sound.MEMSSA)
    sys.exit(0)
for tool in ("clang-14", "csmith", "llvm-link-14"):
    if not shutil.which(tool):
        print("1..0 # SKIP %s not installed" % tool)
        sys.exit(0)
if not os.path.exists(os.path.join(sound.TOOLS, "check")):
    print("1..0 # SKIP %s missing (make ipa-sound-tools)" % sound.TOOLS)
    sys.exit(0)

_tap = sound.Tap()
ok = _tap.ok

tmp = os.path.join(sound.TOOLS, "runs-test")
os.makedirs(tmp, exist_ok=True)
fault = None
total_acc = 0
for seed in range(1, 21):
    name = "csmith-%d" % seed
    try:
        ll = sound.csmith_ll(seed)
        exe, meta = sound.instrument(ll)
        fp = os.path.join(tmp, name + ".facts")
        rc, out, secs = sound.run_program(exe, fp, timeout=10)
        sj = os.path.join(tmp, name + ".summary.json")
        good, err = sound.summarize(ll, sj)
        if not good:
            ok(False, "%s: memssa summary" % name, err)
            continue
        fig = sound.check(sj, meta, [fp])
    except Exception as e:  # noqa: BLE001 (reported as a failed test)
        ok(False, "%s: instrumented, run, summarized, checked" % name, e)
        continue
    total_acc += fig["accesses"]
    ok(fig["violations"] == 0 and fig["accesses"] > 0 and fig["dropped"] == 0,
       "%s: %d accesses, %d facts, 0 violations" % (name, fig["accesses"], fig["facts"]), "\n".join(fig["report"]))
    if fault is None:
        t = sound.fault_target(sj, meta, fp)
        if t:
            fault = (ll, meta, fp, sj) + t

# Lua, one linked module, on two of its own test scripts.
try:
    ll, meta, facts, rows = sound.lua_workload(["strings", "tpack"], 60, tmp)
    ok(len(facts) == 2 and all(rc == 0 for s, rc, secs in rows), "lua: strings.lua and tpack.lua run instrumented",
       rows)
    sj = os.path.join(tmp, "lua.summary.json")
    good, err = sound.summarize(ll, sj)
    ok(good, "lua: memssa summary --ipa lua.ll", err)
    if good:
        fig = sound.check(sj, meta, facts)
        ok(fig["violations"] == 0 and fig["accesses"] > 100000,
           "lua: %d accesses, %d facts, 0 violations" % (fig["accesses"], fig["facts"]), "\n".join(fig["report"]))
        # a check of unknown functions checks nothing: most facts must meet a summary
        ok(fig["by_unknown"] * 2 < fig["facts"],
           "lua: most facts checked against a summary (%d of %d in unknown functions)" % (fig["by_unknown"], fig["facts"]))
except Exception as e:  # noqa: BLE001
    ok(False, "lua workload", e)

# The check can fail: one write entry dropped by the core's fault injection.
ok(fault is not None, "a csmith function with a write entry its facts need (for the fault test)")
if fault:
    ll, meta, fp, sj, fname, k, g = fault
    bad = os.path.join(tmp, "dropped.summary.json")
    good, err = sound.summarize(ll, bad, {"MSSA_IPA_DROP_WRITE": "%s:%d" % (fname, k)})
    ok(good, "memssa summary with MSSA_IPA_DROP_WRITE=%s:%d" % (fname, k), err)
    if good:
        before = {f["name"]: f for f in json.load(open(sj))["functions"]}[fname]["writes"]
        after = {f["name"]: f for f in json.load(open(bad))["functions"]}[fname]["writes"]
        ok(len(after) == len(before) - 1 and after == before[:k] + before[k + 1:],
           "the fault injection removed write entry %d of %s" % (k, fname), (before, after))
        fig = sound.check(bad, meta, [fp])
        want = "VIOLATION %s: write global %s " % (fname, g)
        ok(fig["violations"] > 0 and any(v.startswith(want) for v in fig["report"]),
           "the checker reports %s's write of %s once its entry is dropped" % (fname, g), "\n".join(fig["report"]))
_tap.done()
