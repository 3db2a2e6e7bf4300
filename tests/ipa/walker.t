#!/usr/bin/env python3
# memssa print|build|verify --local --ipa (clients/cli_local.c with
# analysis/ipa/refine.c): the walker's answers that move past a call with
# --ipa and stay without it, on the programs of tests/fixtures/ipa; the
# answers that must stay with --ipa too (an unknown callee, a callee that
# writes the location); the mode line only in --ipa mode; verify and build
# over a program of two modules.
import os, re, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ipalib import BIN, FIX, ok, done  # noqa: E402

def run(cmd, files, *opts):
    r = subprocess.run([BIN, cmd, "--local"] + list(opts) + files, cwd=FIX, capture_output=True, text=True,
                       timeout=120)
    return r

def loads(text, fn):
    """[(clobber, load text)] of function fn's loads, in order"""
    out, cur, clob = [], None, None
    for line in text.splitlines():
        m = re.match(r"MemorySSA \(walker\) for function: (\S+)", line)
        if m:
            cur = m.group(1)
            continue
        if cur != fn:
            continue
        m = re.match(r"; MemoryUse\([^)]*\) - clobbered by (\S+)", line)
        if m:
            clob = m.group(1)
            continue
        if clob and " = load " in line:
            out.append((clob, re.search(r"ptr (\S+),", line).group(1)))
        clob = None
    return out

def compare(files, fn, plain_want, ipa_want, what):
    p = run("print", files[:1], "--walker")
    i = run("print", files, "--walker", "--ipa")
    ok(p.returncode == 0 and i.returncode == 0, "%s: print runs" % what, p.stderr + i.stderr)
    ok(loads(p.stdout, fn) == plain_want, "%s: without --ipa, LLVM's answers %s" % (what, plain_want),
       loads(p.stdout, fn))
    ok(loads(i.stdout, fn) == ipa_want, "%s: with --ipa %s" % (what, ipa_want), loads(i.stdout, fn))
    return p, i

# set_y writes p->y only, bump writes g_counter only: both loads after them move
p, i = compare(["setter.ll"], "use",
               [("liveOnEntry", "%0"), ("1", "%0"), ("1", "@g_other"), ("2", "@g_other")],
               [("liveOnEntry", "%0"), ("liveOnEntry", "%0"), ("liveOnEntry", "@g_other"),
                ("liveOnEntry", "@g_other")], "setter")
ok(not p.stdout.startswith("; memssa") and "; memssa:" not in p.stdout, "no mode line without --ipa")
ok(i.stdout.startswith("; memssa: ipa mode\n"), "the mode line with --ipa", i.stdout[:80])

# even/odd (mutual recursion) write ga and gb: gc's load moves
compare(["recur.ll"], "top", [("liveOnEntry", "@gc"), ("1", "@gc")],
        [("liveOnEntry", "@gc"), ("liveOnEntry", "@gc")], "recursion")

# the table's functions write g1 and g2: g3's load moves past the indirect call
compare(["indirect.ll"], "call_table", [("liveOnEntry", "@g3"), ("liveOnEntry", "%4"), ("1", "@g3")],
        [("liveOnEntry", "@g3"), ("liveOnEntry", "%4"), ("liveOnEntry", "@g3")], "indirect call")

# printf writes its buffers and errno, never a global the program defines
compare(["libc.ll"], "after_printf", [("liveOnEntry", "@g_seen"), ("1", "@g_seen")],
        [("liveOnEntry", "@g_seen"), ("liveOnEntry", "@g_seen")], "printf")

# an unknown callee may write ge: the load stays
compare(["external.ll"], "call_ext", [("liveOnEntry", "@ge"), ("1", "@ge")],
        [("liveOnEntry", "@ge"), ("1", "@ge")], "unknown callee")

# two modules: b_inc writes mod_b's counter, not mod_a's, nor shared;
# a_inc writes mod_a's counter, so that load stays at a_inc
compare(["mod_a.ll", "mod_b.ll"], "a_main",
        [("liveOnEntry", "@shared"), ("2", "@shared"), ("2", "@counter")],
        [("liveOnEntry", "@shared"), ("liveOnEntry", "@shared"), ("1", "@counter")], "two modules")

# print of a program prints every module's functions, in order
r = run("print", ["mod_a.ll", "mod_b.ll"], "--ipa")
fns = re.findall(r"^MemorySSA for function: (\S+)", r.stdout, re.M)
ok(fns == ["a_inc", "a_main", "b_get", "b_inc"], "print --ipa: the modules' functions in order", fns)

# verify and build of a program
r = run("verify", ["mod_a.ll", "mod_b.ll"], "--ipa")
ok(r.returncode == 0 and "2 files: 4 functions verified" in r.stdout, "verify --ipa of two modules", r.stdout + r.stderr)
r = run("build", ["mod_a.ll", "mod_b.ll"], "--ipa")
ok(r.returncode == 0 and r.stdout.startswith("; memssa: ipa mode\nfunctions 4 "), "build --ipa: mode line, 4 functions",
   r.stdout + r.stderr)
a = run("build", ["setter.ll"])
b = run("build", ["setter.ll"], "--ipa")
strip = lambda s: re.sub(r" ms .*", "", s.splitlines()[-1])
ok(strip(a.stdout) == strip(b.stdout), "build counts are the same with and without --ipa", a.stdout + b.stdout)

# fault injection reaches the walker too: without a_inc's write of its
# counter, a_main's load of it moves past a_inc (the damaged summary is
# what the walker reads)
env = dict(os.environ, MSSA_IPA_DROP_WRITE="a_inc:0")
r = subprocess.run([BIN, "print", "--local", "--walker", "--ipa", "mod_a.ll", "mod_b.ll"], cwd=FIX,
                   capture_output=True, text=True, env=env)
ok(r.returncode == 0 and loads(r.stdout, "a_main")[2] == ("liveOnEntry", "@counter"),
   "MSSA_IPA_DROP_WRITE=a_inc:0: the counter's load moves past a_inc", loads(r.stdout, "a_main"))

done()
