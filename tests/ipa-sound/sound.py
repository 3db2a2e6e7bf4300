#!/usr/bin/env python3
"""sound.py -- runs the soundness check of `memssa summary --ipa` on whole
programs: compiles them to IR (clang-14), instruments the IR
(instrument.c), builds and runs it with the runtime (rt.c), asks memssa for
the summaries of the SAME IR file and checks every fact (check.c).

  sound.py [--csmith FIRST-LAST] [--csmith-o2 FIRST-LAST] [--lua SCRIPT,...]
           [--lua-project SCRIPT,...] [--lua22 SCRIPT,...] [--timeout S]
           [--lua-timeout S] [--out FILE]

Used by tests/ipa/soundness.t (a sample) and bench/ipa-sound.sh (the full
run). Environment: MEMSSA_BIN (build/memssa), MEMSSA_BUILD (build/, where the
tools are and where IR is cached: build/ipa-sound/csmith, build/ipa-sound/lua),
MEMSSA_SHARED (../shared: lua-src). Prints one line per program and a total;
exit status 1 on any violation, 2 when something could not run.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MEMSSA_BUILD") or os.path.join(ROOT, "build")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
MEMSSA = os.environ.get("MEMSSA_BIN") or os.path.join(BUILD, "memssa")
TOOLS = os.path.join(BUILD, "ipa-sound")
CLANG = os.environ.get("MSSA_SOUND_CLANG", "clang-14")
CSMITH_INC = "/usr/include/csmith"
FIGURES = re.compile(r"runs (\d+) facts (\d+) accesses (\d+) violations (\d+) dropped (\d+) timeouts (\d+) "
                     r"covered: by-entry (\d+) by-other (\d+) by-unknown (\d+)")
FIELDS = ("runs", "facts", "accesses", "violations", "dropped", "timeouts", "by_entry", "by_other", "by_unknown")


class Tap:
    """TAP output for the tests that use this module (tests/ipa/*.t)."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, name, diag=""):
        self.n += 1
        print(("ok %d - %s" % (self.n, name)) if cond else ("not ok %d - %s" % (self.n, name)), flush=True)
        if not cond:
            self.failed += 1
            for line in str(diag).splitlines()[:40]:
                print("# " + line)

    def done(self):
        print("1..%d" % self.n)
        sys.exit(1 if self.failed else 0)


def sh(cmd, cwd=None, env=None, timeout=600):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def summary_available():
    if not os.path.exists(MEMSSA):
        return False
    r = sh([MEMSSA, "summary", "--help"])
    return "summary" in (r.stdout + r.stderr) and "unknown command" not in (r.stdout + r.stderr).lower() and r.returncode in (0, 1, 2)


def csmith_ll(seed, o2=False):
    """build/ipa-sound/csmith/csmith-SEED[.O2].ll (cached); None if csmith fails."""
    d = os.path.join(TOOLS, "csmith")
    os.makedirs(d, exist_ok=True)
    name = "csmith-%d%s" % (seed, ".O2" if o2 else "")
    ll = os.path.join(d, name + ".ll")
    if os.path.exists(ll):
        return ll
    c = os.path.join(d, name + ".c")
    if sh(["csmith", "--seed", str(seed), "-o", c], cwd=d).returncode:
        return None
    opt = ["-O2"] if o2 else ["-O1", "-Xclang", "-disable-llvm-passes"]
    r = sh([CLANG, *opt, "-g", "-S", "-emit-llvm", "-w", "-I" + CSMITH_INC, c, "-o", ll + ".tmp"])
    if r.returncode:
        return None
    os.replace(ll + ".tmp", ll)
    return ll


def lua_parts(d):
    """Lua's files (no ltests.c, onelua.c) at -O1 without LLVM passes, -g,
    as d/NAME.ll (cached). LUA_USE_POSIX, as the shared corpora's Lua: without
    it lua.c calls `signal`, which glibc's headers make `__sysv_signal`, a
    function of unknown effects (then 812 of Lua's 1158 functions are
    unknown and the check has little to check)."""
    os.makedirs(d, exist_ok=True)
    src = os.path.join(SHARED, "corpus", "lua-src")
    parts = []
    for c in sorted(glob.glob(os.path.join(src, "l*.c"))):
        b = os.path.basename(c)[:-2]
        if b in ("ltests", "onelua"):
            continue
        out = os.path.join(d, b + ".ll")
        if not os.path.exists(out):
            r = sh([CLANG, "-O1", "-Xclang", "-disable-llvm-passes", "-g", "-DLUA_USE_POSIX", "-S", "-emit-llvm", "-w",
                    c, "-o", out + ".tmp"])
            if r.returncode:
                raise RuntimeError("lua: %s: %s" % (b, r.stderr[-500:]))
            os.replace(out + ".tmp", out)
        parts.append(out)
    return parts


def lua_ll():
    """build/ipa-sound/lua/lua.ll: Lua's files linked into one module by
    llvm-link-14 (cached)."""
    d = os.path.join(TOOLS, "lua")
    ll = os.path.join(d, "lua.ll")
    if os.path.exists(ll):
        return ll
    parts = lua_parts(os.path.join(TOOLS, "luaproj"))
    os.makedirs(d, exist_ok=True)
    r = sh(["llvm-link-14", "-S", *parts, "-o", ll + ".tmp"])
    if r.returncode:
        raise RuntimeError("llvm-link: " + r.stderr[-500:])
    os.replace(ll + ".tmp", ll)
    return ll


def instrument_program(parts, libs=()):
    """A program of several modules: each instrumented alone with consecutive
    ids (instrument --ids), linked with a @__mssa_init calling each module's.
    Returns the executable and the META files, in id order (cached)."""
    d = os.path.dirname(parts[0])
    exe = os.path.join(d, "program.exe")
    metas = [p[:-3] + ".meta" for p in parts]
    newest = max([os.path.getmtime(p) for p in parts] +
                 [os.path.getmtime(os.path.join(TOOLS, t)) for t in ("rt.o", "instrument")])
    if os.path.exists(exe) and os.path.getmtime(exe) >= newest and all(map(os.path.exists, metas)):
        return exe, metas
    fid = gid = 0
    insts = []
    for k, p in enumerate(parts):
        inst = p[:-3] + ".inst.ll"
        r = sh([os.path.join(TOOLS, "instrument"), "--ids", str(fid), str(gid), str(k), p, inst, metas[k]])
        if r.returncode:
            raise RuntimeError("instrument %s: %s" % (p, r.stderr[-800:]))
        for line in open(metas[k]):
            fid += line.startswith("F\t")
            gid += line.startswith("G\t")
        insts.append(inst)
    glue = os.path.join(d, "program-init.ll")
    with open(glue, "w") as f:
        f.write("define void @__mssa_init() {\n")
        f.writelines("  call void @__mssa_init_%d()\n" % k for k in range(len(parts)))
        f.write("  ret void\n}\n")
        f.writelines("declare void @__mssa_init_%d()\n" % k for k in range(len(parts)))
    objs = []
    for src in insts + [glue]:
        o = src[:-3] + ".o"
        r = sh([CLANG, "-O0", "-w", "-c", src, "-o", o])
        if r.returncode:
            raise RuntimeError("build %s: %s" % (src, r.stderr[-800:]))
        objs.append(o)
    r = sh([CLANG, *objs, os.path.join(TOOLS, "rt.o"), *libs, "-o", exe])
    if r.returncode:
        raise RuntimeError("link: " + r.stderr[-800:])
    for x in insts + objs:
        os.remove(x)
    return exe, metas


def instrument(ll, libs=(), clang=None):
    """The instrumented executable and META of ll (beside it, cached)."""
    base = ll[:-3]
    exe, meta, inst = base + ".exe", base + ".meta", base + ".inst.ll"
    if os.path.exists(exe) and os.path.getmtime(exe) >= max(os.path.getmtime(ll), os.path.getmtime(os.path.join(TOOLS, "rt.o")),
                                                           os.path.getmtime(os.path.join(TOOLS, "instrument"))):
        return exe, meta
    # private names, then renames: a test and the bench may share the cache
    tag = ".%d" % os.getpid()
    inst = base + tag + ".inst.ll"  # clang goes by the extension
    r = sh([os.path.join(TOOLS, "instrument"), ll, inst, meta + tag])
    if r.returncode:
        raise RuntimeError("instrument %s: %s" % (ll, r.stderr[-800:]))
    r = sh([clang or CLANG, "-O0", "-w", inst, os.path.join(TOOLS, "rt.o"), *libs, "-o", exe + tag])
    if r.returncode:
        raise RuntimeError("build %s: %s" % (inst, r.stderr[-800:]))
    os.remove(inst)
    os.replace(meta + tag, meta)
    os.replace(exe + tag, exe)
    return exe, meta


def summarize(ll, out, env_extra=None):
    """`memssa summary --local --ipa NAME.ll...` run in the folder of the
    file(s) ll (modules are named as given: the basename). Returns (ok,
    stderr)."""
    lls = ll if isinstance(ll, list) else [ll]
    env = dict(os.environ)
    env.pop("MSSA_IPA_DROP_WRITE", None)
    if env_extra:
        env.update(env_extra)
    r = sh([MEMSSA, "summary", "--local", "--ipa", *map(os.path.basename, lls)], cwd=os.path.dirname(lls[0]), env=env)
    if r.returncode:
        return False, r.stderr[-800:]
    with open(out, "w") as f:
        f.write(r.stdout)
    return True, ""


def run_program(exe, facts, args=(), cwd=None, timeout=10):
    env = dict(os.environ, MSSA_FACTS=facts, MSSA_RT_TIMEOUT=str(timeout))
    t = time.time()
    try:
        r = subprocess.run([exe, *args], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout * 2 + 10)
        rc = r.returncode
        out = r.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, out = -9, ""
    return rc, out, time.time() - t


def check(summary, meta, facts_files, quiet=True):
    metas = meta if isinstance(meta, list) else [meta]
    r = sh([os.path.join(TOOLS, "check"), summary, *metas, *facts_files] + (["--quiet"] if quiet else []))
    m = FIGURES.search(r.stdout)
    if r.returncode not in (0, 1) or not m:
        raise RuntimeError("check: " + (r.stdout + r.stderr)[-800:])
    fig = dict(zip(FIELDS, map(int, m.groups())))
    fig["report"] = [l for l in r.stdout.splitlines() if l.startswith("VIOLATION")]
    return fig


def read_facts(path):
    """[(fid, rw, kind, gid, lo, size, alts)] of a facts file."""
    out = []
    for l in open(path):
        if l.startswith("#"):
            continue
        f = l.split()
        out.append((int(f[0]), f[1], f[2], int(f[3]), int(f[4]), int(f[5]), f[9:]))
    return out


def read_meta(path):
    fns, gls = [], []
    for l in open(path):
        f = l.rstrip("\n").split("\t")
        if f[0] == "F":
            fns.append(f[2])
        elif f[0] == "G":
            gls.append(f[2])
    return fns, gls


def fault_target(summary_path, meta, facts):
    """A function and the index k of one of its write entries such that
    dropping entry k leaves a write fact of it uncovered: a `global` entry
    of a global that is not address-taken, which the fact needs (no other
    write entry of that global, no param alternative). None if there is none."""
    s = json.load(open(summary_path))
    taken = {g["name"]: g.get("address_taken") for g in s["globals"]}
    byname = {}
    for f in s["functions"]:
        byname.setdefault(f["name"], f)
    fns, gls = read_meta(meta)
    for fid, rw, kind, gid, lo, size, alts in read_facts(facts):
        if rw != "w" or kind != "G" or alts:
            continue
        g = gls[gid]
        f = byname.get(fns[fid])
        if not f or f.get("unknown") or taken.get(g, True):
            continue
        ents = [k for k, e in enumerate(f["writes"]) if e.get("kind") == "global" and e.get("name") == g]
        if len(ents) == 1:
            return f["name"], ents[0], g
    return None


def lua_workload(scripts, timeout, tmpdir, project=False):
    """Lua running testes/SCRIPT.lua for each script: as one linked module,
    or (project True) as its files, each a module of the program, or
    (project "22") the shared corpus' clang-22 -O2 module (opaque pointers)."""
    if project == "22":
        d = os.path.join(TOOLS, "lua22")
        os.makedirs(d, exist_ok=True)
        ll = os.path.join(d, "lua.O2.ll")
        if not os.path.exists(ll):
            shutil.copy(os.path.join(SHARED, "corpus", "real22", "lua.O2.ll"), ll)
        exe, meta = instrument(ll, ["-lm"], clang="clang-22")
    elif project:
        ll = lua_parts(os.path.join(TOOLS, "luaproj"))
        exe, meta = instrument_program(ll, ["-lm"])
    else:
        ll = lua_ll()
        exe, meta = instrument(ll, ["-lm"])
    testes = os.path.join(SHARED, "corpus", "lua-src", "testes")
    facts, rows = [], []
    for s in scripts:
        fp = os.path.join(tmpdir, "lua%s-%s.facts" % ({True: "proj", "22": "22"}.get(project, ""), s))
        rc, out, secs = run_program(exe, fp, ["-W", s + ".lua"], cwd=testes, timeout=timeout)
        ok_run = rc == 0 or (rc == 124 and os.path.exists(fp))
        rows.append((s, rc, secs))
        if ok_run and os.path.exists(fp):
            facts.append(fp)
    return ll, meta, facts, rows


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--csmith", default="")
    ap.add_argument("--csmith-o2", default="")
    ap.add_argument("--lua", default="")
    ap.add_argument("--lua-project", default="", help="scripts to run with Lua as a program of its files")
    ap.add_argument("--lua22", default="", help="scripts to run with ../shared/corpus/real22/lua.O2.ll")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--lua-timeout", type=int, default=60)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    if not summary_available():
        print("memssa summary is not available (%s)" % MEMSSA)
        return 2
    tmp = os.path.join(TOOLS, "runs")
    os.makedirs(tmp, exist_ok=True)
    total = dict(programs=0, failed=0, **{k: 0 for k in FIELDS})
    lines, viol = [], []
    t0 = time.time()

    def rng(s):
        if not s:
            return []
        lo, hi = s.split("-")
        return range(int(lo), int(hi) + 1)

    progs = [(s, False) for s in rng(a.csmith)] + [(s, True) for s in rng(a.csmith_o2)]
    for seed, o2 in progs:
        name = "csmith-%d%s" % (seed, ".O2" if o2 else "")
        try:
            ll = csmith_ll(seed, o2)
            if not ll:
                lines.append("%s: csmith/clang failed" % name)
                total["failed"] += 1
                continue
            exe, meta = instrument(ll)
            fp = os.path.join(tmp, name + ".facts")
            rc, out, secs = run_program(exe, fp, timeout=a.timeout)
            if not os.path.exists(fp):
                lines.append("%s: no facts (exit %d)" % (name, rc))
                total["failed"] += 1
                continue
            sj = os.path.join(tmp, name + ".summary.json")
            ok, err = summarize(ll, sj)
            if not ok:
                lines.append("%s: memssa summary failed: %s" % (name, err.strip()[-300:]))
                total["failed"] += 1
                continue
            fig = check(sj, meta, [fp])
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            lines.append("%s: %s" % (name, str(e)[:300]))
            total["failed"] += 1
            continue
        total["programs"] += 1
        for k in FIELDS:
            total[k] += fig[k]
        lines.append("%s: exit %d, %.1fs, accesses %d, facts %d, violations %d%s" % (
            name, rc, secs, fig["accesses"], fig["facts"], fig["violations"], " (time limit)" if fig["timeouts"] else ""))
        viol += ["%s: %s" % (name, v) for v in fig["report"]]
        print(lines[-1], flush=True)
    for scripts, project in ((a.lua, False), (a.lua_project, True), (a.lua22, "22")):
        if not scripts:
            continue
        what = "lua (%s)" % {False: "one linked module", True: "its files as modules",
                             "22": "clang-22 -O2, real22/lua.O2.ll"}[project]
        try:
            ll, meta, facts, rows = lua_workload(scripts.split(","), a.lua_timeout, tmp, project)
            sj = os.path.join(tmp, "lua%s.summary.json" % {True: "proj", "22": "22"}.get(project, ""))
            ok, err = summarize(ll, sj)
            if not ok:
                raise RuntimeError("memssa summary failed on %s: %s" % (what, err))
            for s, rc, secs in rows:
                lines.append("%s %s.lua: exit %d, %.1fs" % (what, s, rc, secs))
                print(lines[-1], flush=True)
            fig = check(sj, meta, facts)
            total["programs"] += 1
            for k in FIELDS:
                total[k] += fig[k]
            lines.append("%s, %d scripts run: accesses %d, facts %d, violations %d" % (
                what, fig["runs"], fig["accesses"], fig["facts"], fig["violations"]))
            viol += ["%s: %s" % (what, v) for v in fig["report"]]
            print(lines[-1], flush=True)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            lines.append("%s: %s" % (what, str(e)[:500]))
            total["failed"] += 1
            print(lines[-1], flush=True)
    tot = ("programs %(programs)d runs %(runs)d accesses %(accesses)d facts %(facts)d violations %(violations)d "
           "dropped %(dropped)d timeouts %(timeouts)d failed %(failed)d; facts covered by a named entry "
           "(global/param/alloc) %(by_entry)d, only by other %(by_other)d, by unknown functions %(by_unknown)d" % total)
    print("TOTAL " + tot + " (%.0fs)" % (time.time() - t0))
    for v in viol[:200]:
        print(v)
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(["TOTAL " + tot, ""] + lines + [""] + viol[:200]) + "\n")
    if total["violations"]:
        return 1
    return 2 if total["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
