#!/usr/bin/env python3
# The cost of allocation-failure recovery (analysis/base/oom.h) on small
# requests, in instructions: a daemon started under `valgrind
# --tool=callgrind`, one `load` of examples/sum.ll, N `clobber` queries whose
# lines differ (their ids: no raw-cache hit, so each line is decoded; the
# answer itself comes from the reply cache), then `shutdown`; prints
# callgrind's total. Run it with the daemon of two builds and divide.
# Usage: bench/oom_rpc_cost.py MEMSSAD [N]  (default 2000)
import json, os, socket, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
daemon, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 2000
tmp = tempfile.mkdtemp(prefix="oom-rpc-cost-")
sock, out = os.path.join(tmp, "s"), os.path.join(tmp, "callgrind.out")
p = subprocess.Popen(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, daemon,
                      "--socket", sock, "--no-cache"], stderr=subprocess.DEVNULL)
for _ in range(3000):
    try:
        s = socket.socket(socket.AF_UNIX)
        s.connect(sock)
        break
    except OSError:
        s.close()
        time.sleep(0.05)
buf = b""


def line():
    global buf
    while b"\n" not in buf:
        buf += s.recv(1 << 20)
    got, buf = buf.split(b"\n", 1)
    return json.loads(got)


def req(i, method, params):
    return (json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}) +
            "\n").encode()


s.sendall(req(0, "load", {"module": "s", "path": os.path.join(here, "..", "examples", "sum.ll")}))
if "result" not in line():
    sys.exit("load failed")
q = {"module": "s", "function": "sum", "inst": "%17"}
for k in range(0, n, 100):
    s.sendall(b"".join(req(k + i + 1, "clobber", q) for i in range(min(100, n - k))))
    for i in range(min(100, n - k)):
        if "result" not in line():
            sys.exit("query failed")
s.sendall(req(n + 1, "shutdown", {}))
p.wait()
total = next(l.split()[1] for l in open(out) if l.startswith("totals:"))
print("%s %s instructions" % (daemon, total))
