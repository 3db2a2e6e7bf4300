#!/usr/bin/env python3
# The --local commands map the module file (clients/cli_local.c, invariant
# 3). Another process truncating the file while memssa reads it must give a
# one-line error and exit status 1, never a SIGBUS core dump.
#
# Deterministic enough: the module is ~40 MB of metadata (a few hundred ms
# to read), and the file is truncated only once /proc/PID/maps shows it
# mapped, so the reader is at the start of the text when it shrinks. An
# attempt where memssa finished first proves nothing and is retried.
import os, subprocess, sys, tempfile, time

ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa")

n = 0
def ok(cond, name, why=""):
    global n
    n += 1
    print("%sok %d - %s" % ("" if cond else "not ", n, name))
    if not cond and why:
        for l in str(why).splitlines():
            print("# " + l)
    sys.stdout.flush()
    return cond

if not sys.platform.startswith("linux"):
    print("1..0 # SKIP needs /proc/PID/maps")
    sys.exit(0)
print("1..4")

tmp = tempfile.mkdtemp(prefix="memssa-trunc-")
path = os.path.join(tmp, "big.ll")

def write_module():
    with open(path, "w") as f:
        f.write("define void @f(ptr %p) {\n  store i32 1, ptr %p\n  ret void\n}\n")
        # ~40 MB of metadata nodes, read field by field (slower than comments)
        line = '!%d = !{!"a string operand of some length", i32 %d, !%d}\n'
        f.write("".join(line % (k, k, k + 1) for k in range(700000)))
        f.write('!700000 = !{}\n')

def mapped(pid):
    try:
        with open("/proc/%d/maps" % pid) as m:
            return any(l.rstrip().endswith(path) for l in m)
    except OSError:
        return False

hit = None
for attempt in range(5):
    write_module()
    p = subprocess.Popen([BIN, "build", "--local", path], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    seen = False
    while p.poll() is None:
        if mapped(p.pid):
            seen = True
            os.truncate(path, 0)
            break
        time.sleep(0.0005)
    out, err = p.communicate(timeout=120)
    if seen and p.returncode != 0:
        hit = (p.returncode, err)
        break
    if p.returncode < 0:          # killed by a signal: the failure to catch
        hit = (p.returncode, err)
        break

ok(hit is not None, "the file was truncated while memssa read it (in 5 attempts)")
rc, err = hit if hit else (None, "")
ok(rc == 1, "exit status 1, not a signal", "status %s" % rc)
ok(err.count("\n") == 1, "one line on stderr", err)
ok(err.startswith(path + ": error: the file was truncated while memssa was reading it"),
   "the error names the file and what happened", err)
os.unlink(path)
os.rmdir(tmp)
