#!/usr/bin/env python3
# mem2reg.t -- `memssa promotable` against LLVM 14's `opt -passes=mem2reg`:
# the same allocas promoted and the same number of new phis in every block,
# over the project's C programs (tests/c or tests/fixtures/c, compiled by
# clang 14 at -O0 with optnone dropped, and at -O1 without LLVM passes, which
# adds lifetime markers) and the csmith corpora, typed and opaque pointers
# (-O0 and -O1raw) and the Lua interpreter at -O0, when present.
#
# Values and blocks are named first (opt -passes=instnamer) so that allocas
# and blocks can be matched across opt's output, which renumbers unnamed ones.
import concurrent.futures, glob, json, os, re, subprocess, sys, tempfile

root = os.environ.get("MEMSSA_ROOT", os.getcwd())
mbin = os.environ.get("MEMSSA_BIN", os.path.join(root, "build/memssa"))
corpus = os.environ.get("MEMSSA_CORPUS", os.path.join(root, "build/corpus"))
shared = os.environ.get("MEMSSA_SHARED", os.path.join(os.path.dirname(root), "shared"))

def which(p):
    return subprocess.run(["sh", "-c", "command -v " + p], capture_output=True).returncode == 0

if not which("opt") or not which("clang"):
    print("1..0 # SKIP opt or clang is missing")
    sys.exit(0)

tmp = tempfile.mkdtemp(prefix="mem2reg.")
inputs = []
cdir = next((d for d in ("tests/fixtures/c", "tests/c") if os.path.isdir(os.path.join(root, d))), None)
for c in sorted(glob.glob(os.path.join(root, cdir, "*.c"))) if cdir else []:
    base = os.path.basename(c)[:-2]
    for tag, flags in (("O0", ["-O0", "-Xclang", "-disable-O0-optnone"]),
                       ("O1raw", ["-O1", "-Xclang", "-disable-llvm-passes"])):
        out = os.path.join(tmp, "%s.%s.ll" % (base, tag))
        r = subprocess.run(["clang"] + flags + ["-S", "-emit-llvm", "-w", c, "-o", out],
                           capture_output=True)
        if r.returncode == 0:
            inputs.append(out)
inputs += sorted(glob.glob(os.path.join(corpus, "csmith/*/csmith-*.O0.ll")))
inputs += sorted(glob.glob(os.path.join(corpus, "csmith/*/csmith-*.O1raw.ll")))
inputs += sorted(glob.glob(os.path.join(corpus, "csmith-opaque/*/csmith-*.O0.ll")))
inputs += sorted(glob.glob(os.path.join(corpus, "csmith-opaque/*/csmith-*.O1raw.ll")))
inputs += glob.glob(os.path.join(shared, "corpus/real/lua.O0.ll"))   # no optnone in it

def parse(text):
    """function -> (set of alloca names, {block: phi count}) for LLVM text."""
    funcs, cur, blk = {}, None, None
    for line in text.splitlines():
        m = re.match(r'define .*?@("?[^"(]+"?)\(', line)
        if m:
            cur = m.group(1).strip('"')
            funcs[cur] = (set(), {})
            blk = None
            continue
        if cur is None:
            continue
        if line.startswith("}"):
            cur = None
            continue
        m = re.match(r'^([-\w.$]+):', line)
        if m:
            blk = m.group(1)
            funcs[cur][1].setdefault(blk, 0)
            continue
        m = re.match(r'\s+(%[-\w.$]+) = (alloca|phi) ', line)
        if m and m.group(2) == "alloca":
            funcs[cur][0].add(m.group(1))
        elif m:
            funcs[cur][1][blk] = funcs[cur][1].get(blk, 0) + 1
    return funcs

def compare(k, f):
    """One file: its counts and differences (run on MEMSSA_JOBS threads)."""
    res = {"files": 0, "funcs": 0, "allocas": 0, "promoted": 0, "phis": 0,
           "alloca_bad": [], "phi_bad": [], "errors": []}
    named = os.path.join(tmp, "named%d.ll" % k)
    op = ["-opaque-pointers"] if "/csmith-opaque/" in f else []   # LLVM 14 reads `ptr` only so
    r = subprocess.run(["opt"] + op + ["-passes=instnamer", "-S", f, "-o", named], capture_output=True)
    if r.returncode:
        res["errors"].append("%s: instnamer failed" % f)
        return res
    r = subprocess.run(["opt"] + op + ["-passes=mem2reg", "-S", named], capture_output=True, text=True)
    if r.returncode:
        res["errors"].append("%s: opt failed" % f)
        return res
    before, after = parse(open(named).read()), parse(r.stdout)
    r = subprocess.run([mbin, "promotable", "--local", named, "--json"], capture_output=True,
                       text=True)
    if r.returncode:
        res["errors"].append("%s: memssa promotable failed: %s" % (f, r.stderr.strip()))
        return res
    res["files"] = 1
    for line in r.stdout.splitlines():
        o = json.loads(line)
        fn = o["function"]
        if fn not in before or fn not in after:
            res["errors"].append("%s: @%s not found in opt's text" % (f, fn))
            continue
        res["funcs"] += 1
        ours_promoted = {a["inst"] for a in o["allocas"] if a["promotable"]}
        theirs = before[fn][0] - after[fn][0]
        res["allocas"] += len(before[fn][0])
        res["promoted"] += len(theirs)
        if ours_promoted != theirs:
            res["alloca_bad"].append("%s @%s: memssa promotes %s, opt %s" % (
                os.path.basename(f), fn, sorted(ours_promoted - theirs), sorted(theirs - ours_promoted)))
        ours_phis = {}
        for a in o["allocas"]:
            for b in a["phi_blocks"]:
                ours_phis[b[1:]] = ours_phis.get(b[1:], 0) + 1
        for b in set(before[fn][1]) | set(after[fn][1]) | set(ours_phis):
            want = after[fn][1].get(b, 0) - before[fn][1].get(b, 0)
            res["phis"] += max(want, 0)
            if ours_phis.get(b, 0) != want:
                res["phi_bad"].append("%s @%s %%%s: memssa %d new phis, opt %d" % (
                    os.path.basename(f), fn, b, ours_phis.get(b, 0), want))
    return res

jobs = int(os.environ.get("MEMSSA_JOBS") or os.cpu_count() or 1)
with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
    results = list(pool.map(compare, range(len(inputs)), inputs))
total = lambda key: sum(r[key] for r in results)
nfiles, nfuncs, nalloca, npromoted, nphis = (total(k) for k in ("files", "funcs", "allocas", "promoted", "phis"))
alloca_bad, phi_bad, errors = ([x for r in results for x in r[k]] for k in ("alloca_bad", "phi_bad", "errors"))

print("1..4")
print("%s - compared %d files (%d functions)" % ("ok 1" if nfiles and not errors else "not ok 1",
                                                 nfiles, nfuncs))
for e in errors[:10]:
    print("#   " + e)
print("%s - the same allocas promoted (%d allocas, %d promoted by opt)" % (
    "ok 2" if not alloca_bad else "not ok 2", nalloca, npromoted))
for e in alloca_bad[:15]:
    print("#   " + e)
print("%s - the same number of new phis in every block (%d phis by opt)" % (
    "ok 3" if not phi_bad else "not ok 3", nphis))
for e in phi_bad[:15]:
    print("#   " + e)
print("%s - mem2reg promoted something (the comparison is not vacuous)" % (
    "ok 4" if npromoted and nphis else "not ok 4"))
