#!/usr/bin/env python3
"""CPU time of `memssa build --local` against opt's `require<memoryssa>`,
side by side, with microsecond resolution.

    bench/cpu_ratio.py [-n RUNS] [FILE.ll[:OPT] ...]

bench/build.sh reports CPU time from GNU time's %U + %S, in hundredths of a
second: 0.05 s against 0.06 s is all it can tell apart on files memssa now
builds in 50-80 ms. This script runs the same two commands (memssa and opt
alternating within one loop, one untimed warm-up each, the same defaults:
the four Lua files, opt-N from the corpus's LLVM_VERSION, else opt) and
takes each child's user + system time from wait4's rusage, in microseconds.
CPU time is what a busy shared machine disturbs least; the load average is
printed before and after. Prints a markdown table: medians, min-max, and
the ratio opt / memssa of the medians.

Environment: MEMSSA_BIN (build-release/memssa), MEMSSA_SHARED (../shared),
OPT (opt).
"""
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build-release", "memssa")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")


def opt_for(spec):
    if ":" in spec:
        return spec.split(":", 1)
    vfile = os.path.join(os.path.dirname(spec), "LLVM_VERSION")
    if os.path.exists(vfile):
        v = "".join(c for c in open(vfile).read() if c.isdigit())
        if shutil.which("opt-" + v):
            return spec, "opt-" + v
    return spec, os.environ.get("OPT", "opt")


def cpu_us(argv):
    """Runs argv (output discarded); returns its user + system time in us."""
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        sys.exit("bench: %s failed" % " ".join(argv))
    return (ru.ru_utime + ru.ru_stime) * 1e6


def main():
    args = sys.argv[1:]
    runs = 11
    if len(args) >= 2 and args[0] == "-n":
        runs, args = int(args[1]), args[2:]
    if not args:
        args = [os.path.join(SHARED, "corpus", d, f)
                for d in ("real", "real22") for f in ("lua.O0.ll", "lua.O2.ll")]
    load0 = open("/proc/loadavg").read().split()[:3]
    rows = []
    for spec in args:
        f, opt = opt_for(spec)
        mine = [BIN, "build", "--local", f]
        theirs = [opt, "-passes=require<memoryssa>", "-disable-output", f]
        cpu_us(mine), cpu_us(theirs)  # warm-up, not counted
        m, o = [], []
        for _ in range(runs):
            m.append(cpu_us(mine))
            o.append(cpu_us(theirs))
        mm, om = statistics.median(m), statistics.median(o)
        tag = os.path.basename(os.path.dirname(f)) + "/" + os.path.basename(f)
        rows.append("| %s | %s | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) | %.1fx |" % (
            tag, opt, mm / 1e3, min(m) / 1e3, max(m) / 1e3, om / 1e3, min(o) / 1e3, max(o) / 1e3,
            om / mm if mm else 0))
    load1 = open("/proc/loadavg").read().split()[:3]
    print("median of %d alternating runs each; load average before/after: %s / %s" % (
        runs, " ".join(load0), " ".join(load1)))
    print()
    print("| file | opt | memssa CPU ms (min-max) | opt CPU ms (min-max) | CPU ratio |")
    print("|---|---|---:|---:|---:|")
    for r in rows:
        print(r)


if __name__ == "__main__":
    main()
