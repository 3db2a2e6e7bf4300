#!/usr/bin/env python3
"""oracles-sample.t -- a sample of tests/oracles/oracles.py (memssa's alias,
modref, depends and promotable answers against LLVM's aa-eval, print<da> and
mem2reg) that `make test` runs, in well under a minute of CPU:

  1. LLVM's side, parsed from opt's own output on the five known-bad cases of
     ../shared/corpus/offload-oracles (concrete answers: the parsers work);
  2. the classification rules on fixed answers;
  3. the five known-bad cases: no unsound answer (strict: each gave the
     unsound answer the README describes before main's 20ca4b4 and
     4787faf, and each is checked in LLVM 22 mode);
  4. a sample: one csmith program (-O1 without passes and -O2) by clang 14
     and by clang-22, three Lua files by clang -O2 and clang-22 -O2: no
     unsound answer, and most answers agree.

The csmith files come from $MEMSSA_CORPUS (csmith.t and csmith-current.t
make them first), else gen-csmith-corpus makes seed 1 into
$MEMSSA_BUILD/oracles-sample. Run alone:
  make test TESTS=tests/conformance/oracles-sample.t
"""
import glob, json, os, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MEMSSA_BUILD") or os.path.join(ROOT, "build")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
CORPUS = os.environ.get("MEMSSA_CORPUS") or os.path.join(BUILD, "corpus")
ORACLES = os.path.join(ROOT, "tests", "oracles", "oracles.py")
sys.path.insert(0, os.path.dirname(ORACLES))
import oracles  # noqa: E402

n = 0
failed = 0


def ok(cond, name, *diag):
    global n, failed
    n += 1
    if not cond and "# TODO" not in name:
        failed += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", n, name), flush=True)
    if not cond:
        for d in diag:
            for line in str(d).splitlines()[:15]:
                print("#   " + line, flush=True)


for tool in ("opt", "opt-19", "opt-22", "clang", "clang-22"):
    if not shutil.which(tool):
        print("1..0 # SKIP %s not installed" % tool)
        sys.exit(0)
BAD = os.path.join(SHARED, "corpus", "offload-oracles")
if not os.path.isdir(BAD):
    print("1..0 # SKIP no %s" % BAD)
    sys.exit(0)


def opt_err(ver, passes, path):
    p = subprocess.run([oracles.opt_of(ver), "-passes=" + passes, "-print-all-alias-modref-info",
                        "-disable-output", path], capture_output=True, text=True)
    return p.stderr


def bad(name):
    return os.path.join(BAD, name + ".ll")


# ---- 1. LLVM's side of the five cases, as the parsers read it
pairs, _, _ = oracles.parse_aa(opt_err(22, "aa-eval", bad("gep-gcd-no-nsw")))
ok(pairs == [("MayAlias", "i32", "%b", "i32", "%c")], "aa-eval-22: %b, %c MayAlias", pairs)
_, mr, _ = oracles.parse_aa(opt_err(22, "aa-eval", bad("malloc-modref")))
ok(mr == [("ModRef", "i32", "%p", "%m = call noalias ptr @malloc(i64 4)", 0)],
   "aa-eval-22: malloc <-> %p ModRef", mr)
da = oracles.parse_da(opt_err(22, "print<da>", bad("depends-carried-noalias")))
ok(("%v = load i32, ptr %pl, align 4", "store i32 %w, ptr %ps, align 4", "consistent anti [-1]") in da,
   "print<da>-22: the load of a[i-1] and the store to a[i]: consistent anti [-1]", da)
da = oracles.parse_da(opt_err(22, "print<da>", bad("depends-kill-previous-iteration")))
word = {(s, t): w for s, t, w in da}
ok(word.get(("%v = load i32, ptr %p, align 4", "store i32 1, ptr %p, align 4")) == "consistent anti [0|<]"
   and word.get(("%v = load i32, ptr %p, align 4", "store i32 %v, ptr %q, align 4")) == "confused",
   "print<da>-22: the killer meets the load in the same iteration only; *q confused", da)
p = subprocess.run(["opt-22", "-passes=mem2reg", "-S", bad("promotable-load-other-type")],
                   capture_output=True, text=True)
ok(oracles.allocas_by_function(p.stdout) == {"f": ["%a"]}, "mem2reg-22 keeps %a (load i8 of an i32 alloca)",
   p.stdout)
ty = oracles.Types("%struct.S = type { i8, i32, [3 x i16] }\n%struct.P = type <{ i8, i32 }>\n")
sizes = [ty.store_size(t) for t in ("i1", "i24", "x86_fp80", "%struct.S", "%struct.P", "<4 x float>",
                                     "[2 x %struct.S]", "{ ptr, i64 }", "i32*", "%struct.O")]
ok(sizes == [1, 3, 10, 16, 5, 16, 32, 16, 8, None], "type store sizes (x86-64)", sizes)

# ---- 2. the rules
ok([oracles.cmp_alias(l, m) for l, m in (("MayAlias", "NoAlias"), ("MustAlias", "NoAlias"),
                                         ("MayAlias", "MustAlias"), ("NoAlias", "MayAlias"),
                                         ("NoAlias", "MustAlias"), ("PartialAlias", "PartialAlias"))]
   == ["unsound", "unsound", "more", "less", "unsound", "agree"], "alias rules")
ok([oracles.cmp_modref(l, m) for l, m in (("ModRef", "NoModRef"), ("Ref", "Mod"), ("Ref", "ModRef"),
                                          ("NoModRef", "Ref"), ("Mod", "Mod"))]
   == ["unsound", "unsound", "less", "less", "agree"], "modref rules")
ok([oracles.same_iteration_only(w) for w in ("consistent anti [0|<]", "flow [= =]", "flow [S|<]",
                                               "output [0 S]", "anti [-1]", "flow [|<]", "confused",
                                               "none")]
   == [True, True, False, False, False, False, False, False], "DA: same iteration only")

# ---- 3. the five known-bad cases
KNOWN = [("depends-carried-noalias", "depends", "depends: false (NoAlias) where DA finds anti [-1]"),
         ("depends-kill-previous-iteration", "depends",
          "depends: false, killed by a store of the previous iteration's a[i]"),
         ("malloc-modref", "modref", "malloc NoModRef %p in 22 mode (LLVM 22: ModRef)"),
         ("gep-gcd-no-nsw", "alias", "%b/%c NoAlias in 22 mode without nsw (LLVM 19/22: MayAlias)"),
         ("promotable-load-other-type", "promotable",
          "%a promotable in 22 mode though a load has another type")]


def run(files, *extra):
    p = subprocess.run([sys.executable, ORACLES, "--json"] + list(extra) + files,
                       capture_output=True, text=True, timeout=600)
    try:
        return json.loads(p.stdout.strip().splitlines()[-1]), p.stderr
    except (ValueError, IndexError):
        return None, p.stdout + p.stderr


for name, oracle, what in KNOWN:
    counts, err = run([bad(name)], "--llvm", "22")
    ok(counts is not None and counts[oracle]["agree"] + counts[oracle]["unsound"] > 0,
       "%s: %s compared" % (name, oracle), err)
    ok(counts is not None and all(c["unsound"] == 0 for c in counts.values()),
       "%s: no unsound answer (it used to be: %s)" % (name, what), err)


# ---- 4. the sample
def csmith(ver):
    sub = "csmith" if ver == 14 else "csmith%d" % ver
    got = sorted(glob.glob(os.path.join(CORPUS, sub, "s1-*", "csmith-1.O[12]*.ll")))
    if len(got) == 2:
        return got
    out = os.path.join(BUILD, "oracles-sample", sub)
    got = sorted(glob.glob(os.path.join(out, "csmith-1.O[12]*.ll")))
    if len(got) != 2:
        flags = [] if ver == 14 else ["--llvm", str(ver)]
        subprocess.run([os.path.join(SHARED, "tools", "gen-csmith-corpus")] + flags + ["1", "1", out],
                       capture_output=True)
        got = sorted(glob.glob(os.path.join(out, "csmith-1.O[12]*.ll")))
    return got


def lua(ver):
    out = os.path.join(BUILD, "oracles-sample", "lua%d" % ver)
    os.makedirs(out, exist_ok=True)
    if ver != 14:
        with open(os.path.join(out, "LLVM_VERSION"), "w") as h:
            h.write("%d\n" % ver)
    files = []
    for c in ("lctype", "lzio", "lstring"):
        ll = os.path.join(out, c + ".O2.ll")
        if not os.path.exists(ll):
            subprocess.run(["clang" if ver == 14 else "clang-%d" % ver, "-O2", "-S", "-emit-llvm", "-w",
                            os.path.join(SHARED, "corpus", "lua-src", c + ".c"), "-o", ll])
        if os.path.exists(ll):
            files.append(ll)
    return files


for label, files in (("csmith seed 1, clang 14", csmith(14)), ("csmith seed 1, clang-22", csmith(22)),
                     ("lua lctype/lzio/lstring, clang -O2", lua(14)),
                     ("lua lctype/lzio/lstring, clang-22 -O2", lua(22))):
    if not files:
        ok(True, "%s: no files (csmith or the Lua sources missing) # SKIP" % label)
        continue
    counts, err = run(files)
    if counts is None:
        ok(False, "%s: oracles.py ran" % label, err)
        continue
    unsound = sum(c["unsound"] for c in counts.values())
    ok(unsound == 0, "%s (%d files): no unsound answer %s" % (label, len(files), json.dumps(counts)), err)
    agree = sum(c["agree"] for c in counts.values())
    total = sum(c[k] for c in counts.values() for k in ("agree", "more", "less", "unsound"))
    # 70%: depends is sound across iterations now (deps.c invariants 5-6),
    # and on csmith's -O2 loops in LLVM 22 mode that costs agreement with
    # DA's "none" where the unknown-size alias of a loop-carried pair says
    # MayAlias (csmith seed 1, clang-22: 75.5% on 2026-12-03).
    ok(total > 0 and agree >= 0.7 * total, "%s: %d of %d answers agree" % (label, agree, total))

print("1..%d" % n)
sys.exit(1 if failed else 0)
