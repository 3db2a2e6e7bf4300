#!/usr/bin/env python3
"""CPU time of `memssa build --local -j1` with and without `--ipa`, side by
side, with microsecond resolution (issue 27's cost goal: --ipa at most 1.5x
the plain build).

    bench/ipa_cost.py [-n RUNS] [FILE.ll ...]

Each run's user + system time comes from wait4's rusage (GNU time's %U + %S
only has hundredths, and these builds take 40-80 ms); the commands
alternate within one loop after one untimed warm-up each, so a busy shared
machine disturbs both alike. Prints medians, min and max, and the ratio of
the medians. Default files: real22/lua.O2.ll and real/lua.O2.ll of the
shared corpus. MEMSSA_BIN (build/memssa) is the binary; MEMSSA_BASE, if
set, a second one measured the same way (before/after a change).
MEMSSA_SHARED (../shared) is the corpus's folder.
"""
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")


def cpu(argv):
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if status:
        sys.exit("failed: %s" % " ".join(argv))
    return ru.ru_utime + ru.ru_stime


def main():
    args = sys.argv[1:]
    runs = 11
    if args[:1] == ["-n"]:
        runs, args = int(args[1]), args[2:]
    files = args or [os.path.join(SHARED, "corpus", d, "lua.O2.ll") for d in ("real22", "real")]
    bins = [("new", os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa"))]
    if os.environ.get("MEMSSA_BASE"):
        bins.insert(0, ("base", os.environ["MEMSSA_BASE"]))
    print("load average %.2f" % os.getloadavg()[0])
    print("| file | binary | plain s | --ipa s | ratio |\n|---|---|---:|---:|---:|")
    for f in files:
        res = {}
        for i in range(runs + 1):   # the first round is the warm-up
            for name, b in bins:
                for ipa in (False, True):
                    t = cpu([b, "build", "--local", "-j1"] + (["--ipa"] if ipa else []) + [f])
                    if i:
                        res.setdefault((name, ipa), []).append(t)
        for name, _ in bins:
            pl, ip = res[(name, False)], res[(name, True)]
            mp, mi = statistics.median(pl), statistics.median(ip)
            print("| %s | %s | %.4f (%.4f-%.4f) | %.4f (%.4f-%.4f) | %.2f |" %
                  (os.path.relpath(f, SHARED), name, mp, min(pl), max(pl), mi, min(ip), max(ip), mi / mp))
    print("load average %.2f" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
