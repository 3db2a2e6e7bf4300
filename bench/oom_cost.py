#!/usr/bin/env python3
# The cost of allocation-failure recovery (analysis/base/oom.h) in
# instructions: a daemon started under `valgrind --tool=callgrind`, one
# `load` of FILE (its build runs in a recovery scope, every allocation and
# free recorded), then `shutdown`; prints callgrind's total. Run it with the
# daemon of two builds and divide.
# Usage: bench/oom_cost.py MEMSSAD [FILE]  (default: real22/lua.O2.ll)
import json, os, socket, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
daemon = sys.argv[1]
path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "shared", "corpus",
                                                          "real22", "lua.O2.ll")
tmp = tempfile.mkdtemp(prefix="oom-cost-")
sock, out = os.path.join(tmp, "s"), os.path.join(tmp, "callgrind.out")
p = subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, daemon,
                      "--socket", sock], stderr=subprocess.DEVNULL)
for _ in range(3000):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sock)
        break
    except OSError:
        s.close()
        time.sleep(0.05)
buf = b""


def call(method, params):
    global buf
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) +
               "\n").encode())
    while b"\n" not in buf:
        buf += s.recv(1 << 20)
    line, buf = buf.split(b"\n", 1)
    return json.loads(line)


r = call("load", {"path": os.path.abspath(path), "name": "m"})
if "result" not in r:
    sys.exit("load failed: %r" % (r,))
call("shutdown", {})
p.wait()
total = next(l.split()[1] for l in open(out) if l.startswith("totals:"))
print("%s %s instructions" % (daemon, total))
