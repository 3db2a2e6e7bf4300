#!/usr/bin/env python3
# The memory a JSON-RPC batch costs the daemon: page faults (minor, from
# /proc/PID/stat) and CPU ticks of memssad while it answers one batch of
# 10,000 `alias` queries (ids form) on lua.O2, twice. Fresh pages are dear
# on the Firecracker VM this project is measured on, and the count does
# not depend on the machine's load.
#
#   bench/offload_batch_faults.py [MEMSSAD [MODULE.ll]]
#
# Defaults: build-release/memssad, ../shared/corpus/real/lua.O2.ll. The
# queries are pairs of memory instructions of one function, drawn with a
# fixed seed, kept if the daemon answers them (a call has no location).
import json, os, random, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DAEMON = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build-release", "memssad")
MODULE = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "..", "shared", "corpus", "real",
                                                            "lua.O2.ll")
N = 10000


class Conn:
    def __init__(self, path):
        self.s = socket.socket(socket.AF_UNIX)
        self.s.connect(path)
        self.buf = b""

    def send(self, obj):
        self.s.sendall((json.dumps(obj) + "\n").encode())

    def line(self):
        while b"\n" not in self.buf:
            self.buf += self.s.recv(1 << 20)
        got, self.buf = self.buf.split(b"\n", 1)
        return json.loads(got)

    def call(self, method, params):
        self.send({"jsonrpc": "2.0", "id": 0, "method": method, "params": params})
        return self.line()


def queries(c):
    rnd, qs = random.Random(1), []
    fns = [f["name"] for f in c.call("functions", {"module": "m"})["result"]["functions"]]
    for f in fns:
        r = c.call("accesses", {"module": "m", "function": f, "form": "ids"})
        if "result" not in r:
            continue
        a = r["result"]["accesses"]   # kind, id, inst, block, clobber, alias
        insts = [a[i + 2] for i in range(0, len(a), 6) if a[i] in (1, 2) and a[i + 2] >= 0]
        if len(insts) >= 2:
            qs += [(f, rnd.choice(insts), rnd.choice(insts)) for _ in range(60)]
    reqs = [{"jsonrpc": "2.0", "id": i, "method": "alias",
             "params": {"module": "m", "function": f, "a": x, "b": y, "form": "ids"}}
            for i, (f, x, y) in enumerate(qs)]
    c.send(reqs)
    reqs = [r for r, x in zip(reqs, c.line()) if "result" in x][:N]
    for i, r in enumerate(reqs):
        r["id"] = i
    return reqs


def faults_ticks(pid):
    st = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return int(st[7]), int(st[11]) + int(st[12])


def main():
    tmp = tempfile.mkdtemp()
    sock = os.path.join(tmp, "d.sock")
    p = subprocess.Popen([DAEMON, "--socket", sock, "-q"])
    try:
        while not os.path.exists(sock):
            time.sleep(0.05)
        c = Conn(sock)
        c.call("load", {"module": "m", "path": MODULE})
        reqs = queries(c)
        for k in range(2):
            f0, t0 = faults_ticks(p.pid)
            c.send(reqs)
            out = c.line()
            f1, t1 = faults_ticks(p.pid)
            print("batch %d: %d queries, %d answered, memssad: %d minor page faults, %d CPU ticks"
                  % (k + 1, len(reqs), sum("result" in x for x in out), f1 - f0, t1 - t0))
    finally:
        p.terminate()
        p.wait()
        if os.path.exists(sock):
            os.unlink(sock)
        os.rmdir(tmp)


main()
