#!/usr/bin/env python3
# The parts of print<memoryssa> text that opt adds although the input may
# leave them out (analysis/mssa/mssa_print_canon.c): `; preds =` comments on
# labels (use-list order, column 50, "No predecessors!"), the default
# `align` of alloca/load/store/cmpxchg/atomicrmw from the DataLayout, and
# call-site function attributes written inline as attribute groups `#N`;
# debug records (`#dbg_value(...)`), which opt prints before the
# annotation of the instruction they are attached to; metadata `!N` and
# attribute groups `#N` numbered as opt numbers them for each printed
# function (dbgnum*.ll: clang -g output whose later functions' numbers
# differ from the text's); and the `; Function Attrs:` comment (fnattrs*.ll).
# For each tests/fixtures/print-canon/X.ll and each stored printout
# X.optN.txt (opt-N's print<memoryssa>, N = 14, 19, 22) and X.walkerN.txt
# (its print<memoryssa-walker>): `memssa print --local --llvm N [--walker]
# X.ll` equals it byte for byte. Where opt-N is installed it is run too, and must
# still print the stored text (else the fixture is stale); SKIP otherwise.
import glob, os, shutil, subprocess, sys

ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
MEMSSA = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa")
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "print-canon")

n = 0
failed = 0


def ok(cond, name, diag=""):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, name), flush=True)
    if not cond:
        for line in str(diag).splitlines()[:30]:
            print("#   " + line)


def skip(name, why):
    global n
    n += 1
    print("ok %d - %s # SKIP %s" % (n, name, why), flush=True)


def opt_for(v):
    """opt-N, or plain opt when it is LLVM N; None if not installed."""
    for cand in ("opt-%d" % v, "/usr/lib/llvm-%d/bin/opt" % v, "opt"):
        p = shutil.which(cand) or (cand if os.access(cand, os.X_OK) else None)
        if not p:
            continue
        ver = subprocess.run([p, "--version"], capture_output=True, text=True).stdout
        if ("LLVM version %d." % v) in ver:
            return p
    return None


def first_diff(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i in range(max(len(al), len(bl))):
        x = al[i] if i < len(al) else "<end>"
        y = bl[i] if i < len(bl) else "<end>"
        if x != y:
            return "line %d:\n  expected: %s\n  got:      %s" % (i + 1, x, y)
    return ""


def main():
    stored = sorted(glob.glob(os.path.join(FIXTURES, "*.opt*.txt")) +
                    glob.glob(os.path.join(FIXTURES, "*.walker*.txt")))
    if not stored:
        print("1..0 # SKIP no fixtures in " + FIXTURES)
        return 0
    for exp in stored:
        walker = ".walker" in os.path.basename(exp)
        base, v = exp[:-len(".txt")].rsplit(".walker" if walker else ".opt", 1)
        v = int(v)
        ll = base + ".ll"
        name = "%s as LLVM %d%s" % (os.path.basename(ll), v, " (walker)" if walker else "")
        want = open(exp).read()
        p = subprocess.run([MEMSSA, "print", "--local", "--llvm", str(v)] +
                           (["--walker"] if walker else []) + [ll],
                           capture_output=True, text=True, timeout=60)
        ok(p.returncode == 0 and p.stdout == want, name + ": memssa prints what opt prints",
           p.stderr + first_diff(want, p.stdout))
        opt = opt_for(v)
        if not opt:
            skip(name + ": opt-%d still prints the stored text" % v, "opt-%d not installed" % v)
            continue
        passes = "-passes=print<memoryssa%s>" % ("-walker" if walker else "")
        o = subprocess.run([opt, passes, "-disable-output", ll],
                           capture_output=True, text=True, timeout=60)
        ok(o.stderr == want, name + ": opt-%d still prints the stored text" % v,
           first_diff(want, o.stderr))
    print("1..%d" % n)
    return 1 if failed else 0


sys.exit(main())
