#!/usr/bin/env bash
# Module reload through memssad (issue 5, item 3): a generated module of
# 1,000 functions, loaded once, then reloaded (same name) with one function
# changed; also the `edit` method and the journal's fsync policies.
#
#   bench/reload.sh [-n FUNCS] [-r REPEATS] [-o OUT.md]
#
# Target (issue 5): the reload at least 50x faster than the first load.
# Loads go by path (the text in a JSON string would add the JSON decoding of
# 0.8 MB, ~2 ms, to both sides). Reported: round trip as the client sees it,
# and the daemon's own "ms" (work on its side, without the socket).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build}
N=1000
REP=5
OUT=$BUILD/bench-reload.md
while getopts n:r:o: opt; do
  case $opt in
    n) N=$OPTARG ;;
    r) REP=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) exit 2 ;;
  esac
done
MEMSSAD=${MEMSSAD_BIN:-$BUILD/memssad}
[ -x "$MEMSSAD" ] || { echo "reload.sh: build memssad first (make)" >&2; exit 1; }
TMP=$(mktemp -d)
DPID=""
cleanup() {
  [ -n "$DPID" ] && kill "$DPID" 2>/dev/null && wait "$DPID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
"$MEMSSAD" --socket "$TMP/d.sock" -q 2>"$TMP/err" &
DPID=$!
python3 - "$TMP/d.sock" "$N" "$REP" "$OUT" "$TMP" <<'PY'
import json, os, socket, sys, time
sock, n, rep, out, tmp = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
for _ in range(500):
    try:
        s = socket.socket(socket.AF_UNIX); s.connect(sock); break
    except OSError:
        time.sleep(0.01)
buf = b""
def call(method, params):
    global buf
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}) + "\n").encode())
    while b"\n" not in buf:
        buf += s.recv(1 << 20)
    line, buf = buf.split(b"\n", 1)
    r = json.loads(line)
    if "error" in r:
        raise SystemExit("%s: %r" % (method, r["error"]))
    return r["result"]

def func(i, k):
    # a loop with loads/stores through two pointers: ~20 memory accesses
    body = ["define i32 @f%d(ptr %%p, ptr %%q, i32 %%n) {" % i, "entry:", "  br label %loop", "loop:",
            "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]"]
    for j in range(8):
        body += ["  %%a%d = load i32, ptr %%p, align 4" % j,
                 "  store i32 %%a%d, ptr %%q, align 4" % j]
    body += ["  store i32 %d, ptr %%p, align 4" % k, "  %i1 = add i32 %i, 1",
             "  %c = icmp slt i32 %i1, %n", "  br i1 %c, label %loop, label %exit",
             "exit:", "  %r = load i32, ptr %q, align 4", "  ret i32 %r", "}", ""]
    return "\n".join(body)

def module(changed):
    return "\n".join(func(i, 1 if i == changed else 0) for i in range(n))

A, B = os.path.join(tmp, "a.ll"), os.path.join(tmp, "b.ll")
open(A, "w").write(module(-1))
open(B, "w").write(module(n // 2))
first, reload, sfirst, sreload, kinds = [], [], [], [], set()
for r in range(rep):
    t0 = time.perf_counter(); res = call("load", {"module": "m%d" % r, "path": A})
    first.append(time.perf_counter() - t0); sfirst.append(res["ms"] / 1e3)
    for k in range(5):   # alternate: each reload changes one function
        t0 = time.perf_counter(); res = call("load", {"module": "m%d" % r, "path": B if k % 2 == 0 else A})
        reload.append(time.perf_counter() - t0); sreload.append(res["ms"] / 1e3)
        kinds.add("%s, reused %s, rebuilt %s" % (res.get("reload"), res.get("reused"), res.get("rebuilt")))
    call("unload", {"module": "m%d" % r})
for a in (first, reload, sfirst, sreload):
    a.sort()
med = lambda a: a[len(a) // 2]
call("load", {"module": "e", "text": module(-1)})
t0 = time.perf_counter(); E = 200
for k in range(E):
    call("edit", {"module": "e", "function": "f%d" % (n // 2),
                  "ops": [{"op": "insert", "before": "%r", "text": "store i32 %d, ptr %%p" % k}]})
edit_us = (time.perf_counter() - t0) / E * 1e6
size = len(module(-1))
lines = ["| what | round trip (median) | daemon's `ms` (median) |", "|---|---:|---:|",
         "| first load, %d functions (%.1f MB text), by path | %.2f ms | %.2f ms |" % (n, size / 1e6, med(first) * 1e3, med(sfirst) * 1e3),
         "| reload with 1 function changed (%s) | %.2f ms | %.2f ms |" % ("; ".join(sorted(kinds)), med(reload) * 1e3, med(sreload) * 1e3),
         "| ratio first / reload (target: 50x) | %.1fx | %.1fx |" % (med(first) / med(reload), med(sfirst) / med(sreload)),
         "| `edit` round trip (insert one store, one client) | %.0f us | |" % edit_us]
txt = "\n".join(lines) + "\n"
print(txt, end="")
open(out, "w").write(txt)
PY
