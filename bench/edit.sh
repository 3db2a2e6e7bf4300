#!/usr/bin/env bash
# `edit` round trip through memssad under each journal policy: no state
# dir ("none"), then --state-dir with --fsync no, everysec and always; with
# one client, and with 8 clients editing at once (each its own function,
# one request at a time). With `always`, concurrent edits share fdatasyncs
# (group commit): the last column is fdatasyncs per acknowledged edit.
#
#   bench/edit.sh [-n EDITS] [-r REPEATS] [-o OUT.md]
#
# Every measurement reloads a small module (8 functions of ~20 memory
# accesses each) and times EDITS edits from one client (default 200), or
# EDITS/4 from each of 8 clients, each edit inserting one store into the
# client's own function. Reported per policy: edits/s, and the median and
# p99 round trip as the client sees it, each the median over REPEATS runs
# (default 5). The state dir is a temporary directory under $TMPDIR, so the
# fsync cost is that file system's.
#
# Environment: BUILD (build-release: `make release`, as `make bench-edit`
# does), MEMSSAD_BIN ($BUILD/memssad).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
N=200
REP=5
OUT=$BUILD/bench-edit.md
. "$ROOT/bench/lib/daemon.sh"
bench_daemon_init edit.sh "$@"

rows=()
for POLICY in none no everysec always; do
  args=(--socket "$TMP/d.sock" -q)
  [ "$POLICY" != none ] && args+=(--state-dir "$TMP/state-$POLICY" --fsync "$POLICY")
  rm -f "$TMP/d.sock"
  "$MEMSSAD" "${args[@]}" 2>"$TMP/err-$POLICY" &
  DPID=$!
  rows+=("$(python3 - "$TMP/d.sock" "$POLICY" "$N" "$REP" <<'PY'
import json, multiprocessing as mp, socket, sys, time
sock, policy, n, rep = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
NCLI = 8


class Client:
    def __init__(self):
        for _ in range(500):
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(sock)
                break
            except OSError:
                self.s.close()
                time.sleep(0.01)
        else:
            raise SystemExit("edit.sh: no daemon at " + sock)
        self.buf = b""

    def call(self, method, params):
        self.s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method,
                                    "params": params}) + "\n").encode())
        while b"\n" not in self.buf:
            chunk = self.s.recv(1 << 20)
            if not chunk:
                raise SystemExit("edit.sh: the daemon closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        r = json.loads(line)
        if "error" in r:
            raise SystemExit("%s: %r" % (method, r["error"]))
        return r["result"]


def func(i):
    body = ["define i32 @f%d(ptr %%p, ptr %%q, i32 %%n) {" % i, "entry:", "  br label %loop",
            "loop:", "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]"]
    for j in range(8):
        body += ["  %%a%d = load i32, ptr %%p, align 4" % j, "  store i32 %%a%d, ptr %%q, align 4" % j]
    body += ["  %i1 = add i32 %i, 1", "  %c = icmp slt i32 %i1, %n",
             "  br i1 %c, label %loop, label %exit", "exit:", "  %r = load i32, ptr %q, align 4",
             "  ret i32 %r", "}", ""]
    return "\n".join(body)


MOD = "\n".join(func(i) for i in range(NCLI))


def edits(c, fn, count, lat):
    for k in range(count):
        t0 = time.perf_counter()
        c.call("edit", {"module": "e", "function": fn,
                        "ops": [{"op": "insert", "before": "%r", "text": "store i32 %d, ptr %%p" % k}]})
        lat.append(time.perf_counter() - t0)


def q(a, f):
    a = sorted(a)
    return a[min(len(a) - 1, int(f * len(a)))]


def fsyncs(c):
    return c.call("stats", {}).get("journal", {}).get("fsyncs", 0)


def run(clients):
    """One measurement: edits/s, p50, p99 (s), fdatasyncs per edit."""
    admin = Client()
    admin.call("load", {"module": "e", "text": MOD})
    cs = [Client() for _ in range(clients)]
    count = n if clients == 1 else max(1, n // 4)
    for i, c in enumerate(cs):        # warm-up: connections and functions
        edits(c, "f%d" % i, 3, [])
    # One process per client (threads would queue on the interpreter lock
    # and measure Python); each reports its round trips through a pipe.
    f0 = fsyncs(admin)
    go, pipes = mp.Event(), []
    procs = []
    for i, c in enumerate(cs):
        rd, wr = mp.Pipe(False)
        pr = mp.Process(target=client_proc, args=(c, "f%d" % i, count, go, wr))
        pr.start()
        procs.append(pr)
        pipes.append(rd)
    t0 = time.perf_counter()
    go.set()
    allv = [v for rd in pipes for v in rd.recv()]
    wall = time.perf_counter() - t0
    for pr in procs:
        pr.join()
    return len(allv) / wall, q(allv, 0.5), q(allv, 0.99), (fsyncs(admin) - f0) / len(allv)


def client_proc(c, fn, count, go, wr):
    lat = []
    go.wait()
    edits(c, fn, count, lat)
    wr.send(lat)


def med(a):
    return sorted(a)[len(a) // 2]


cells = [policy]
for clients in (1, NCLI):
    rs = [run(clients) for _ in range(rep)]
    eps, p50, p99, fpe = (med([r[i] for r in rs]) for i in range(4))
    cells += ["%.0f" % eps, "%.0f us" % (p50 * 1e6), "%.0f us" % (p99 * 1e6)]
    if clients == NCLI:
        cells.append("%.2f" % fpe if policy != "none" else "")
print("| " + " | ".join(cells) + " |")
PY
)")
  kill "$DPID" && wait "$DPID" 2>/dev/null || true
  DPID=""
done
{
  echo "| --fsync | 1 client: edits/s | p50 | p99 | 8 clients: edits/s | p50 | p99 | fdatasyncs per edit (8 clients) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${rows[@]}"
} | tee "$OUT"
