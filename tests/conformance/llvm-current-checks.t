#!/usr/bin/env python3
# LLVM's own MemorySSA tests, current revisions (tests/fixtures/
# llvm-memoryssa-current, from llvm/test/Analysis/MemorySSA of llvm-project;
# see the README there): every file is read by `memssa print --local
# --llvm N` for N = 19 and 22, and for each RUN line that only prints
# MemorySSA (print<memoryssa> or print<memoryssa-walker>, with
# verify<memoryssa>), its CHECK lines hold on memssa's printout: the RUN's
# -memssa-check-limit is passed as --check-limit, its --check-prefix(es) to
# FileCheck. Where opt-N is installed the same RUN line is run with opt-N
# too, as a cross-check: a RUN whose checks fail with opt-N (a test written
# for another LLVM) is reported and not held against memssa.
# Needs LLVM's FileCheck (llvm-N-tools); skipped without it.
import glob, os, re, shutil, subprocess, sys

ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
MEMSSA = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa")
FIXTURES = os.path.join(ROOT, "tests", "fixtures", "llvm-memoryssa-current")
VERSIONS = (19, 22)

# RUN lines whose checks are known not to hold for memssa, with the reason
# (a TODO each). None now: the printer adds what opt prints and input text
# may leave out (default aligns, '; preds =' comments, call-site attribute
# groups; see analysis/mssa/mssa_print_canon.c).
KNOWN = {}

n = 0
failed = 0


def ok(cond, name, diag="", todo=None):
    global n, failed
    n += 1
    if not cond and not todo:
        failed += 1
    print("%s %d - %s%s" % ("ok" if cond else "not ok", n, name,
                            " # TODO " + todo if todo else ""), flush=True)
    if not cond:
        for line in str(diag).splitlines()[:25]:
            print("#   " + line)


def filecheck():
    for v in (22, 21, 20, 19, 18):
        for p in ("/usr/lib/llvm-%d/bin/FileCheck" % v, shutil.which("FileCheck-%d" % v)):
            if p and os.access(p, os.X_OK):
                return p
    return shutil.which("FileCheck")


def runs(path):
    """The RUN lines of a test file, continuation lines joined."""
    out, cur = [], None
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\s*;\s*RUN:\s?(.*)$", line)
        if not m:
            if cur is not None:
                out.append(cur)
                cur = None
            continue
        part = m.group(1).rstrip()
        cur = (cur or "") + (" " if cur else "") + part.rstrip("\\").rstrip()
        if not part.endswith("\\"):
            out.append(cur)
            cur = None
    if cur is not None:
        out.append(cur)
    return out


PASSES = re.compile(r"""-passes=['"]?([^'" ]+)['"]?""")


def printing_run(run):
    """(walker, check_limit, prefixes) for a RUN that only prints MemorySSA
    with opt; None for any other (transforms, other analyses, no FileCheck)."""
    if not run.startswith("opt ") or "FileCheck" not in run:
        return None
    m = PASSES.search(run)
    if not m:
        return None
    passes = [p for p in m.group(1).split(",") if p != "verify<memoryssa>"]
    if passes not in (["print<memoryssa>"], ["print<memoryssa-walker>"]):
        return None
    opt_part = run.split("|")[0]
    flags = [f for f in opt_part.split()[1:] if f.startswith("-")]
    limit = None
    for f in flags:
        if f.startswith("-memssa-check-limit="):
            limit = f.split("=", 1)[1]
        elif not (f.startswith("-aa-pipeline=") or f.startswith("-passes=") or
                  f in ("-disable-output", "-verify-memoryssa", "-S")):
            return None   # a flag memssa has no counterpart for
    fc = run.split("|", 1)[1].split()
    fc_args = [a for a in fc[fc.index("FileCheck") + 1:] if a != "%s"] if "FileCheck" in fc else []
    return (passes == ["print<memoryssa-walker>"], limit, fc_args, flags)


def check(fc, path, text, fc_args):
    p = subprocess.run([fc, path] + fc_args, input=text,
                       capture_output=True, text=True)
    return p.returncode == 0, p.stderr


def main():
    files = sorted(glob.glob(os.path.join(FIXTURES, "*.ll")))
    fc = filecheck()
    if not fc:
        print("1..0 # SKIP LLVM's FileCheck not installed (apt-get install llvm-19-tools or llvm-22-tools)")
        return 0
    if not files:
        print("1..0 # SKIP no files in " + FIXTURES)
        return 0
    held = opt_fail = 0
    for path in files:
        name = os.path.basename(path)
        for v in VERSIONS:
            p = subprocess.run([MEMSSA, "print", "--local", "--llvm", str(v), path],
                               capture_output=True, text=True, timeout=60)
            ok(p.returncode == 0, "%s: read as LLVM %d" % (name, v), p.stderr)
            opt = shutil.which("opt-%d" % v)
            for k, run in enumerate(runs(path)):
                pr = printing_run(run)
                if not pr:
                    continue
                walker, limit, fc_args, flags = pr
                prefixes = " ".join(fc_args) or "CHECK"
                if opt:   # the RUN line's own flags, quotes removed
                    cmd = [opt] + [f.replace("'", "").replace('"', "") for f in flags]
                    o = subprocess.run(cmd + ["-disable-output", path], capture_output=True,
                                       text=True, timeout=60)
                    good, why = check(fc, path, o.stderr, fc_args)
                    if not good:
                        opt_fail += 1
                        print("# %s RUN %d: opt-%d does not pass its checks either: %s"
                              % (name, k + 1, v, why.splitlines()[0] if why else ""))
                        continue
                cmd = [MEMSSA, "print", "--local", "--llvm", str(v)]
                if walker:
                    cmd.append("--walker")
                if limit is not None:
                    cmd += ["--check-limit", limit]
                m = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=60)
                good, why = check(fc, path, m.stdout, fc_args)
                held += 1
                ok(good, "%s RUN %d (%s): CHECK lines hold for memssa --llvm %d"
                   % (name, k + 1, prefixes, v), why, KNOWN.get((name, k + 1)))
    print("# %d RUN lines checked against memssa; %d skipped where opt fails them too"
          % (held, opt_fail))
    print("1..%d" % n)
    return 1 if failed else 0


sys.exit(main())
