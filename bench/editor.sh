#!/usr/bin/env bash
# The editor's latencies, through `memssa lsp` as an editor drives it:
#   - hover: p50 / p99 / max over every load of a generated C file of about
#     5,000 lines (bench/gen_editor_c.py), once the file is loaded (one
#     hover per distinct load position, in file order);
#   - save: the time from didSave (after an edit inside one function) to
#     the answer of a hover sent right behind it (the server handles
#     messages in order: the compile, the reload by difference, then the
#     hover), against clang alone compiling the file with the same flags.
# Goal (docs/editor.md): hover p99 under 5 ms, save within 1.3x of clang.
# Then the same editor in a real Neovim (bench/editor-nvim.sh: open to
# first hover, a restart with the compile cache warm, save to hover and
# code lens time, on 5,000- and 20,000-line files), appended to the report;
# NVIM_RUNS sets its runs (default 5; 0 skips it).
#
#   bench/editor.sh [-n LINES] [-r SAVES] [-o OUT.md]
#
# The machine may be shared: next to wall times the report gives the load
# average and the CPU time the server processes (memssa lsp + memssad)
# spent per hover, and per save (with the clang they ran) against clang
# alone's, which other processes inflate far less than wall time.
#
# Environment: BUILD (build-release: `make release`, as `make bench-editor`
# does), MEMSSA_BIN ($BUILD/memssa), MEMSSAD_BIN ($BUILD/memssad), CLANG
# (the compiler the server and the clang baseline both use; default: the
# newest installed).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
N=5000
REP=5
OUT=$BUILD/bench-editor.md
. "$ROOT/bench/lib/daemon.sh"
bench_daemon_init editor.sh "$@"
MEMSSA=${MEMSSA_BIN:-$BUILD/memssa}
[ -x "$MEMSSA" ] || { echo "editor.sh: build memssa first (make release)" >&2; exit 1; }
CLANG=${CLANG:-$(command -v clang-22 || command -v clang-19 || command -v clang)}
python3 "$ROOT/bench/gen_editor_c.py" "$TMP/big.c" "$N"
"$MEMSSAD" --socket "$TMP/d.sock" -q 2>"$TMP/err" &
DPID=$!
python3 - "$MEMSSA" "$TMP" "$CLANG" "$REP" "$OUT" "$DPID" <<'PY'
import json, os, re, resource, statistics, subprocess, sys, time
memssa, tmp, clang, rep, out, dpid = sys.argv[1:7]
rep, dpid = int(rep), int(dpid)
src = os.path.join(tmp, "big.c")
# Exactly what the server's compile driver adds (common/compile.c; the
# generated file has no compile command): clang alone runs
# the same argv. (Until 2026-11-24 13:00 this list also had -gdwarf-4, which
# the server does not pass: within 3% of clang's CPU either way.)
FLAGS = ["-g", "-O1", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
         "-fno-color-diagnostics", "-fno-caret-diagnostics", "-Wno-error", "-o", "-"]

def cpu_s(pid, children=False):
    """User + system CPU seconds of a process so far (with children: also
    those of its children it has waited for, e.g. the clang it ran)."""
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    t = int(f[11]) + int(f[12]) + (int(f[13]) + int(f[14]) if children else 0)
    return t / os.sysconf("SC_CLK_TCK")

def own_children_cpu_s():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

# The positions of every load, from clang's own IR of the file.
ir = subprocess.run([clang] + FLAGS + [src], capture_output=True, text=True, check=True).stdout
locs = dict((m.group(1), (int(m.group(2)), int(m.group(3)))) for m in
            re.finditer(r"^!(\d+) = !DILocation\(line: (\d+), column: (\d+)", ir, re.M))
pos = sorted(set(locs[m.group(1)] for m in re.finditer(r"= load .*!dbg !(\d+)", ir)
                 if m.group(1) in locs))

p = subprocess.Popen([memssa, "lsp", "--socket", os.path.join(tmp, "d.sock"), "--clang", clang],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
seq = [0]

def send(msg):
    b = json.dumps(msg).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
    p.stdin.flush()

def read():
    n = 0
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""):
            break
        if line.lower().startswith(b"content-length:"):
            n = int(line.split(b":")[1])
    return json.loads(p.stdout.read(n))

def request(method, params):
    seq[0] += 1
    send({"jsonrpc": "2.0", "id": seq[0], "method": method, "params": params})
    while True:
        m = read()
        if m.get("id") == seq[0] and "method" not in m:
            return m
        if "method" in m and "id" in m:   # a request of the server's: accept it
            send({"jsonrpc": "2.0", "id": m["id"], "result": None})

uri = "file://" + src
request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
t0 = time.perf_counter()
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "c", "version": 1, "text": open(src).read()}}})
first = request("textDocument/hover", {"textDocument": {"uri": uri},
                                       "position": {"line": pos[0][0] - 1, "character": pos[0][1] - 1}})
open_ms = (time.perf_counter() - t0) * 1e3
assert first.get("result"), "no hover after didOpen: %s" % first

def hover_at(line, col):
    return request("textDocument/hover", {"textDocument": {"uri": uri},
                                          "position": {"line": line - 1, "character": col - 1}})

lpid = p.pid
c0 = cpu_s(lpid) + cpu_s(dpid)
lat = []
empty = 0
for line, col in pos:
    t = time.perf_counter()
    r = hover_at(line, col)
    lat.append((time.perf_counter() - t) * 1e3)
    empty += not r.get("result")
cpu_per = (cpu_s(lpid) + cpu_s(dpid) - c0) / len(pos) * 1e3
lat.sort()
pct = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))]

# Saves: an edit inside one function (list_0's constant), then didSave and
# a hover right behind it; against clang alone on the same file.
text = open(src).read()
save, cl, save_cpu, cl_cpu = [], [], [], []
server_cpu = lambda: cpu_s(lpid, True) + cpu_s(dpid, True)
target = next((l, c) for l, c in pos if l > 20)
for k in range(rep):
    text = re.sub(r"total -= p->weight \+ \d+;", "total -= p->weight + %d;" % (k + 10), text, count=1)
    open(src, "w").write(text)
    c = server_cpu()
    t = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didSave", "params": {"textDocument": {"uri": uri}}})
    r = hover_at(*target)
    save.append((time.perf_counter() - t) * 1e3)
    save_cpu.append((server_cpu() - c) * 1e3)
    assert r.get("result"), r
    c = own_children_cpu_s()
    t = time.perf_counter()
    subprocess.run([clang] + FLAGS + [src], stdout=subprocess.DEVNULL, check=True)
    cl.append((time.perf_counter() - t) * 1e3)
    cl_cpu.append((own_children_cpu_s() - c) * 1e3)
request("shutdown", None)
send({"jsonrpc": "2.0", "method": "exit"})
p.wait(10)
la = os.getloadavg()
ms, mc = statistics.median(save), statistics.median(cl)
mcs, mcc = statistics.median(save_cpu), statistics.median(cl_cpu)
rows = [
    "| measure | value |", "|---|---|",
    "| file | %d lines, %d load positions |" % (text.count("\n"), len(pos)),
    "| open (compile + load + first hover) | %.0f ms |" % open_ms,
    "| hover p50 / p99 / max | %.2f / %.2f / %.2f ms |" % (pct(0.5), pct(0.99), lat[-1]),
    "| hover CPU (lsp + memssad) per hover | %.3f ms |" % cpu_per,
    "| hovers without an answer | %d |" % empty,
    "| didSave to updated hover (median of %d) | %.0f ms |" % (rep, ms),
    "| clang alone, same flags (median of %d) | %.0f ms |" % (rep, mc),
    "| save / clang | %.2fx |" % (ms / mc),
    "| save CPU: lsp + memssad + the clang they ran (median) | %.0f ms |" % mcs,
    "| clang alone CPU (median) | %.0f ms |" % mcc,
    "| save CPU / clang CPU | %.2fx |" % (mcs / mcc),
    "| load average (1, 5, 15 min) at the end | %.2f %.2f %.2f |" % la,
    "| compiler | %s |" % clang,
]
open(out, "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
if [ "${NVIM_RUNS:-5}" != 0 ] && command -v nvim >/dev/null; then
  MEMSSA_BIN=$MEMSSA MEMSSAD_BIN=$MEMSSAD BUILD=$BUILD \
    "$ROOT/bench/editor-nvim.sh" -r "${NVIM_RUNS:-5}" -o "$TMP/nvim.md"
  { echo; echo "In a real Neovim (bench/editor-nvim.sh):"; echo; cat "$TMP/nvim.md"; } >>"$OUT"
fi
