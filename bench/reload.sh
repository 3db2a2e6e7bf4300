#!/usr/bin/env bash
# Module reload through memssad (reload by difference): a module loaded once,
# then reloaded (same name) with one function changed, alternating between
# the two texts:
#   - a generated module of 1,000 functions without debug info;
#   - Lua -O0 and -O2 (-g, from $MEMSSA_SHARED/corpus/real) with one body
#     changed and every metadata number from the middle on shifted by one,
#     as LLVM's printer renumbers after a pass adds one location.
#
#   bench/reload.sh [-n FUNCS] [-r REPEATS] [-o OUT.md]
#
# Target: the reload at least 50x faster than the first load.
# Loads go by path (the text in a JSON string would add the JSON decoding of
# 0.8 MB, ~2 ms, to both sides). Reported: round trip as the client sees it
# (Python over the Unix socket), the daemon's own "ms" (its work, file read
# included, without the socket), and the client's floor: a ping's round
# trip.
#
# Environment: BUILD (build-release: `make release`, as `make bench-reload`
# does), MEMSSAD_BIN ($BUILD/memssad), MEMSSA_SHARED.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
N=1000
REP=5
OUT=$BUILD/bench-reload.md
. "$ROOT/bench/lib/daemon.sh"
bench_daemon_init reload.sh "$@"
mkdir -p "$BUILD/bench"
cc -std=c11 -Wall -Wextra -Werror -O2 "$ROOT/bench/rpc_bench.c" -o "$BUILD/bench/rpc_bench" \
  $(pkg-config --cflags --libs libuv)
"$MEMSSAD" --socket "$TMP/d.sock" -q 2>"$TMP/err" &
DPID=$!
SHARED=${MEMSSA_SHARED:-$ROOT/../shared}
python3 - "$TMP/d.sock" "$N" "$REP" "$OUT" "$TMP" "$SHARED" "$BUILD/bench/rpc_bench" <<'PY'
import json, os, re, socket, subprocess, sys, time
sock, n, rep, out, tmp, shared, rpcb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7]
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

def shifted(text):
    """One body changed (its first `store i32 0,` becomes 7) and every `!N`
    with N at or above the middle of the numbering moved up by one."""
    nums = [int(x) for x in re.findall(r"^!(\d+) = ", text, re.M)]
    t = max(nums) // 2 if nums else 0
    tok = re.compile(r'"[^"\n]*"|;[^\n]*|!(\d+)')
    out = tok.sub(lambda m: m.group(0) if m.group(1) is None or int(m.group(1)) < t
                  else "!%d" % (int(m.group(1)) + 1), text)
    defs = [m.start() for m in re.finditer(r"^define ", out, re.M)]
    for d in defs[len(defs) // 2:]:
        e = out.index("\n}\n", d)
        k = out.find("store i32 0,", d, e)
        if k >= 0:
            return out[:k] + "store i32 7," + out[k + 12:]
    raise SystemExit("no body to change")

cases = []
A, B = os.path.join(tmp, "a.ll"), os.path.join(tmp, "b.ll")
open(A, "w").write("\n".join(func(i, 0) for i in range(n)))
open(B, "w").write("\n".join(func(i, 1 if i == n // 2 else 0) for i in range(n)))
cases.append(("generated, %d functions, no debug info (%.1f MB)" % (n, os.path.getsize(A) / 1e6), A, B, rep, 5))
for name in ("lua.O0", "lua.O2"):
    src = os.path.join(shared, "corpus", "real", name + ".ll")
    if not os.path.exists(src):
        continue
    text = open(src).read()
    a2, b2 = os.path.join(tmp, name + ".a.ll"), os.path.join(tmp, name + ".b.ll")
    open(a2, "w").write(text)
    open(b2, "w").write(shifted(text))
    cases.append(("%s, -g, one body changed + metadata renumbered (%.1f MB)" % (name, len(text) / 1e6), a2, b2, max(3, rep // 2), 5))

med = lambda a: sorted(a)[len(a) // 2]
t0 = time.perf_counter()
for _ in range(2000):
    call("ping", {})
ping_us = (time.perf_counter() - t0) / 2000 * 1e6
lines = ["| module | first load (round trip / daemon) | reload (round trip / daemon) | ratio (round trip / daemon) | reload, C client (p50) | ratio | reload kind |",
         "|---|---:|---:|---:|---:|---:|---|"]
for label, a, b, rounds, per in cases:
    first, reload, sfirst, sreload, kinds = [], [], [], [], set()
    for r in range(rounds):
        t0 = time.perf_counter(); res = call("load", {"module": "m%d" % r, "path": a})
        first.append(time.perf_counter() - t0); sfirst.append(res["ms"] / 1e3)
        for k in range(per):   # alternate: each reload changes one function
            t0 = time.perf_counter(); res = call("load", {"module": "m%d" % r, "path": b if k % 2 == 0 else a})
            reload.append(time.perf_counter() - t0); sreload.append(res["ms"] / 1e3)
            kinds.add("%s: reused %s, rebuilt %s, renumbered %s" % (res.get("reload"), res.get("reused"),
                                                                    res.get("rebuilt"), res.get("renumbered")))
        call("unload", {"module": "m%d" % r})
    # The same alternation from a C client (bench/rpc_bench: libuv, one
    # connection, closed loop, 2 s after a 0.3 s warm-up): the round trip
    # without the Python client's own ~0.1-0.3 ms per request.
    call("load", {"module": "mc", "path": a})
    req = os.path.join(tmp, "req.json")
    open(req, "w").write("".join(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "load",
                                             "params": {"module": "mc", "path": p}}) + "\n" for p in (b, a)))
    o = subprocess.run([rpcb, sock, "1", "2", req], capture_output=True, text=True).stdout
    cp50 = float(re.search(r"p50_us=([0-9.]+)", o).group(1)) / 1e6
    if " bad=0 " not in o:
        raise SystemExit("rpc_bench: " + o)
    call("unload", {"module": "mc"})
    lines.append("| %s | %.2f ms / %.2f ms | %.3f ms / %.3f ms | %.0fx / %.0fx | %.3f ms | **%.0fx** | %s |" % (
        label, med(first) * 1e3, med(sfirst) * 1e3, med(reload) * 1e3, med(sreload) * 1e3,
        med(first) / med(reload), med(sfirst) / med(sreload), cp50 * 1e3, med(first) / cp50,
        "; ".join(sorted(kinds))))
lines.append("")
lines.append("Client floor: a `ping` round trip takes %.0f us from this Python client (median over 2,000)." % ping_us)
txt = "\n".join(lines) + "\n"
print(txt, end="")
open(out, "w").write(txt)
PY
