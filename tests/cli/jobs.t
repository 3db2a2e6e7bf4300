#!/usr/bin/env python3
# memssa build|verify|print --local -j N (clients/cli_jobs.c): the output
# with N threads is the one-thread output byte for byte, and so are the
# build counts and verify's answer; bad -j values are refused with exit 2.
# With N threads and N CPUs allowed each thread runs on a CPU of its own
# (cli_jobs.c invariant 6), never with fewer CPUs or MEMSSA_NO_PIN.
#
# Inputs: tests/fixtures/jobs/folds.ll (functions whose builds fold
# constants, alias/phitrans.c) and a module of 240 copies of its functions
# (so every thread gets work and the print window wraps many times), the
# bundled example, and where they are present the shared corpora's
# lua.O2.ll (LLVM 14 and 22; 5 folds), phi-translation.ll and a csmith
# program with 46 folds in one function. MEMSSA_CONST_SLICE=0, 1 and 8
# make folds overflow their slice, forcing the rebuild without slices of a
# function whose build overflows, or the pause of the workers when the
# walker's printing overflows (cli_jobs.c invariant 4): the output must not
# change.
import os, re, subprocess, sys, tempfile

ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
CORPUS = os.environ.get("MEMSSA_CORPUS") or os.path.join(ROOT, "build", "corpus")

n = 0
failed = 0
def ok(cond, name, why=""):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print("%sok %d - %s" % ("" if cond else "not ", n, name))
    if not cond and why:
        for l in str(why).splitlines()[:20]:
            print("# " + l)
    sys.stdout.flush()
    return cond

def run(args, slice_=None):
    env = dict(os.environ)
    env.pop("MEMSSA_CONST_SLICE", None)
    if slice_ is not None:
        env["MEMSSA_CONST_SLICE"] = str(slice_)
    p = subprocess.run([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr

fixture = os.path.join(ROOT, "tests", "fixtures", "jobs", "folds.ll")
tmp = tempfile.mkdtemp(prefix="memssa-jobs-")
many = os.path.join(tmp, "many.ll")
text = open(fixture).read()
head, _, body = text.partition("\ndefine ")
body = "define " + body
names = re.findall(r"^define [^@]*@(\w+)\(", body, re.M)
with open(many, "w") as f:
    f.write(head + "\n")
    for k in range(60):
        copy = body
        for nm in names:
            copy = re.sub(r"@%s\(" % nm, "@%s_%d(" % (nm, k), copy)
        f.write(copy + "\n")

inputs = [fixture, many, os.path.join(ROOT, "examples", "sum.ll")]
for rel in ("corpus/real/lua.O2.ll", "corpus/real22/lua.O2.ll",
            "corpus/llvm-memoryssa/phi-translation.ll"):
    if os.path.exists(os.path.join(SHARED, rel)):
        inputs.append(os.path.join(SHARED, rel))
csmith = os.path.join(CORPUS, "csmith22", "s1-5", "csmith-2.O2.ll")
if os.path.exists(csmith):
    inputs.append(csmith)

def short(path):
    return os.path.relpath(path, os.path.dirname(ROOT)) if path != many else "240 copies of folds.ll"

# print, both forms: -j2 and -j3, and -j2 with every fold overflowing.
# (--llvm 22 --walker: uses stay unoptimized, so only the printing's walker
# queries fold: a full slice pauses the workers instead of a rebuild.)
for f in inputs:
    for form in ([], ["--walker"]) + ((["--walker", "--llvm", "22"],) if f in (fixture, many) else ()):
        rc1, ref, err1 = run(["print", "--local"] + form + ["-j1", f])
        ok(rc1 == 0 and ref.startswith(b"MemorySSA"), "print %s-j1 %s" % ("".join(a + " " for a in form), short(f)), err1)
        for j, sl in (("2", None), ("3", None), ("2", 0), ("2", 1), ("3", 8)):
            rc, out, err = run(["print", "--local"] + form + ["-j" + j, f], sl)
            ok(rc == 0 and out == ref,
               "print %s-j%s%s %s: the -j1 output byte for byte" %
               ("".join(a + " " for a in form), j, "" if sl is None else " (slices of %d)" % sl,
                short(f)), err)

def counts(out):
    return re.sub(rb" ms .*", b"", out)

# build: the same counts; verify: the same answer.
for f in inputs:
    rc1, ref, _ = run(["build", "--local", "-j1", f])
    ok(rc1 == 0 and ref.startswith(b"functions "), "build -j1 %s" % short(f))
    for j, sl in (("2", None), ("3", None), ("2", 0)):
        rc, out, err = run(["build", "--local", "-j", j, f], sl)
        ok(rc == 0 and counts(out) == counts(ref),
           "build -j %s%s %s: the -j1 counts" % (j, "" if sl is None else " (slices of 0)", short(f)),
           (out + err).decode(errors="replace"))
    rc1, ref, err1 = run(["verify", "--local", "-j1", f])
    rc, out, err = run(["verify", "--local", "--jobs", "2", f], 0)
    ok(rc1 == 0 and (rc, out, err) == (rc1, ref, err1), "verify --jobs 2 %s: the -j1 answer" % short(f),
       (out + err).decode(errors="replace"))

# the other spellings, the default, and --function
rc1, ref, _ = run(["print", "--local", "-j1", many])
for args in (["--jobs=2"], ["--jobs", "3"], ["-j", "4"], []):
    rc, out, err = run(["print", "--local"] + args + [many])
    ok(rc == 0 and out == ref, "print %s: the -j1 output" % (" ".join(args) or "(default -j)"), err)
rc1, ref, _ = run(["print", "--local", "-j1", "--function", "two_7", many])
rc, out, err = run(["print", "--local", "-j2", "--function", "two_7", many])
ok(rc == 0 and out == ref and out.count(b"MemorySSA for function") == 1, "print -j2 --function", err)
rc, out, err = run(["print", "--local", "-j2", "--function", "nosuch", many])
ok(rc == 1 and b"no function named" in err, "print -j2 --function of no function: status 1", err)

# placement (cli_jobs.c invariant 6): with N threads and N CPUs allowed,
# each on a CPU of its own; never with fewer CPUs, nor with MEMSSA_NO_PIN;
# the output is the same either way
def placed(args, env_extra, cpus=None):
    env = dict(os.environ)
    env.pop("MEMSSA_NO_PIN", None)
    env["MEMSSA_PIN_TRACE"] = "1"
    env.update(env_extra)
    pre = (lambda: os.sched_setaffinity(0, cpus)) if cpus is not None else None
    p = subprocess.run([BIN] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                       timeout=300, preexec_fn=pre)
    trace = re.findall(rb"^memssa: -j\d+: (.*)$", p.stderr, re.M)
    return p.returncode, p.stdout, trace
allowed = sorted(os.sched_getaffinity(0))
rc0, ref, _ = run(["print", "--local", "-j1", many])
if len(allowed) >= 2:
    rc, out, trace = placed(["print", "--local", "-j2", many], {})
    cpus = [int(c) for c in re.findall(rb"\d+", trace[0])] if trace and trace[0].startswith(b"threads on CPUs") else []
    ok(rc == 0 and out == ref and len(cpus) == 2 and cpus[0] != cpus[1] and set(cpus) <= set(allowed),
       "print -j2 with %d CPUs allowed: two threads on two CPUs (%s), the -j1 output" % (len(allowed), trace), trace)
    rc, out, trace = placed(["build", "--local", "-j2", many], {})
    ok(rc == 0 and len(trace) == 1 and trace[0].startswith(b"threads on CPUs"), "build -j2: placed too", trace)
else:
    ok(True, "# SKIP one CPU allowed: no placement to check")
    ok(True, "# SKIP one CPU allowed: no placement to check")
rc, out, trace = placed(["print", "--local", "-j2", many], {}, cpus={allowed[0]})
ok(rc == 0 and out == ref and trace == [b"threads not placed (fewer CPUs than threads)"],
   "print -j2 with one CPU allowed: not placed, the -j1 output", trace)
rc, out, trace = placed(["print", "--local", "-j2", many], {"MEMSSA_NO_PIN": "1"})
ok(rc == 0 and out == ref and trace == [b"threads not placed (MEMSSA_NO_PIN)"],
   "print -j2 with MEMSSA_NO_PIN: not placed, the -j1 output", trace)
rc, out, trace = placed(["print", "--local", "-j1", many], {})
ok(rc == 0 and out == ref and trace == [], "print -j1: one thread, nothing to place", trace)

# bad values: one line on stderr, status 2
for cmd in ("print", "verify", "build"):
    for bad in (["-j0"], ["-jx"], ["-j", "0"], ["--jobs", "-1"], ["--jobs=abc"], ["-j", "65"], ["-j"],
                ["-j2x"]):
        rc, out, err = run([cmd, "--local"] + bad + [fixture])
        ok(rc == 2 and err.count(b"\n") == 1 and b"-j" in err and not out,
           "%s %s: refused, status 2" % (cmd, " ".join(bad)), "status %d: %r" % (rc, err))

for fn in os.listdir(tmp):
    os.unlink(os.path.join(tmp, fn))
os.rmdir(tmp)
print("1..%d" % n)
sys.exit(1 if failed else 0)
