#!/bin/sh
# bench/soak.sh -- a soak test of one memssad: CLIENTS clients (default 64)
# mix queries, edits, loads/unloads and reloads for DURATION against one
# daemon started with --max-memory and a journal (--state-dir, --fsync
# everysec). Every INTERVAL seconds the daemon's RSS, open fds, the reply
# latency p50/p99 of that interval, operations and errors go to a data file;
# gnuplot draws it (PNG and SVG). Then it asserts: no error reply, no
# client failure, RSS flat after warm-up (the least-squares slope over the
# run after the first WARMUP fraction, extrapolated over that span, within
# GROWTH percent of the mean), and no fd growth (the last sample at most
# FD_SLACK above the first after warm-up).
#
#   bench/soak.sh [-d SECONDS] [-c CLIENTS] [-i INTERVAL] [-m MAX_MEMORY]
#                 [-o OUTDIR]
#   defaults: -d 1800 (30 min) -c 64 -i 10 -m 256K -o $BUILD (build); -m is
#   small on purpose: the least recently used graphs get evicted and rebuilt
#
# Output: OUTDIR/soak.dat (columns: seconds rss_kb fds p50_ms p99_ms ops of
# the interval, errors so far; then from the daemon's `stats`, in KB unless
# said: malloc in use, malloc free, arenas (a count), built graphs, the
# clobber and raw reply caches, connection buffers, loaded modules),
# OUTDIR/soak.png, OUTDIR/soak.svg, OUTDIR/soak.md (a summary
# with the load average before and after). Exit 0 when every assertion
# holds.
#
# Each client owns one module (a generated function of a few blocks, loaded
# by text under its own name) and, per step, picks: a query (clobber, access,
# uses, print of one function: 55%) on its module or on the shared csmith
# module; an edit of its module (insert a store, or remove one it inserted:
# 25%); an unload and a load of its module (10%); a reload of its module
# from a slightly different text (10%: reload by difference). Error replies
# are not expected from any of these, so every one counts.
#
# Environment: BUILD (default build), MEMSSAD_BIN, GROWTH (5), WARMUP (0.2),
# FD_SLACK (4), MEMSSA_CORPUS (for the shared module; else a generated one).
set -e
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
DURATION=1800 CLIENTS=64 INTERVAL=10 MAXMEM=256K OUT=$BUILD
while getopts d:c:i:m:o: opt; do
  case $opt in
    d) DURATION=$OPTARG ;; c) CLIENTS=$OPTARG ;; i) INTERVAL=$OPTARG ;;
    m) MAXMEM=$OPTARG ;; o) OUT=$OPTARG ;;
    *) sed -n '2,30p' "$0" >&2; exit 2 ;;
  esac
done
MEMSSAD=${MEMSSAD_BIN:-$BUILD/memssad}
[ -x "$MEMSSAD" ] || { echo "soak.sh: no $MEMSSAD (make)" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
TMP=$(mktemp -d /tmp/memssa-soak.XXXXXX)
trap 'kill $DPID 2>/dev/null; wait $DPID 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
case $MAXMEM in
  *K) MAXMEM_B=$(( ${MAXMEM%K} * 1024 )) ;; *M) MAXMEM_B=$(( ${MAXMEM%M} * 1048576 )) ;;
  *G) MAXMEM_B=$(( ${MAXMEM%G} * 1073741824 )) ;; *) MAXMEM_B=$MAXMEM ;;
esac
mkdir -p "$TMP/state"
"$MEMSSAD" --socket "$TMP/d.sock" --max-memory "$MAXMEM_B" --state-dir "$TMP/state" \
  --fsync everysec --max-connections $((CLIENTS + 16)) -q 2>"$TMP/daemon.log" &
DPID=$!
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
rc=0
python3 - "$TMP/d.sock" "$DPID" "$DURATION" "$CLIENTS" "$INTERVAL" "$OUT" \
  "${GROWTH:-5}" "${WARMUP:-0.2}" "${FD_SLACK:-4}" "${MEMSSA_CORPUS:-$BUILD/corpus}" <<'EOF' || rc=$?
import glob, json, os, random, socket, sys, threading, time

sock, pid, duration, nclients, interval, out = sys.argv[1], int(sys.argv[2]), \
    float(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
growth, warmup, fd_slack, corpus = float(sys.argv[7]), float(sys.argv[8]), \
    int(sys.argv[9]), sys.argv[10]

def module_text(k, variant=0):
    """A client's module: a loop and a diamond over its arguments."""
    return ("define i32 @f(i32* %%p, i32* %%q, i1 %%c) {\n"
            "entry:\n  store i32 %d, i32* %%p, align 4\n  br label %%loop\n"
            "loop:\n  store i32 2, i32* %%q, align 4\n  %%v = load i32, i32* %%p, align 4\n"
            "  br i1 %%c, label %%loop, label %%mid\n"
            "mid:\n  br i1 %%c, label %%l, label %%r\n"
            "l:\n  store i32 3, i32* %%p, align 4\n  br label %%j\n"
            "r:\n  %%w = load i32, i32* %%q, align 4\n  br label %%j\n"
            "j:\n  %%x = load i32, i32* %%p, align 4\n  %%y = load i32, i32* %%q, align 4\n"
            "  %%s = add i32 %%x, %%y\n  ret i32 %%s\n}\n"
            "define void @g(i32* %%p) {\n  store i32 %d, i32* %%p\n  ret void\n}\n") % (k, variant)

shared = sorted(glob.glob(os.path.join(corpus, "csmith", "*", "csmith-*.O2.ll")))
shared_text = open(shared[0]).read() if shared else module_text(0)
shared_fn = "main" if shared else "f"   # csmith's entry, or the generated module's

def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(500):
        try:
            s.connect(sock)
            return s
        except OSError:
            time.sleep(0.02)
    raise RuntimeError("no daemon at " + sock)

class Conn:
    def __init__(self):
        self.s, self.buf, self.id = connect(), b"", 0
    def call(self, method, params):
        self.id += 1
        self.s.sendall((json.dumps({"jsonrpc": "2.0", "id": self.id, "method": method,
                                    "params": params}) + "\n").encode())
        while b"\n" not in self.buf:
            chunk = self.s.recv(1 << 20)
            if not chunk:
                raise RuntimeError("the daemon closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

lock = threading.Lock()
lat, ops, errors, failures, first_errors = [], [0], [0], [0], []
stop = threading.Event()

def timed(c, method, params):
    t0 = time.monotonic()
    r = c.call(method, params)
    dt = time.monotonic() - t0
    with lock:
        lat.append(dt)
        ops[0] += 1
        if "error" in r:
            errors[0] += 1
            if len(first_errors) < 5:
                first_errors.append("%s %s -> %s" % (method, json.dumps(params)[:120],
                                                     json.dumps(r["error"])[:200]))
    return r

def client(k):
    rng = random.Random(k)
    name = "c%d" % k
    try:
        c = Conn()
        timed(c, "load", {"module": name, "text": module_text(k)})
        mine = []          # ids of stores this client inserted
        variant = 0
        while not stop.is_set():
            r = rng.random()
            if r < 0.55:
                mod, fn = (name, rng.choice(["f", "g"])) if rng.random() < 0.7 else ("shared", shared_fn)
                q = rng.choice(["clobber", "access", "uses", "print"])
                if q == "print":
                    timed(c, "print", {"module": mod, "function": fn})
                elif mod == name:
                    # `uses` takes a def: a store, by its stable id (text order)
                    pick = ([0, 2, 6] if q == "uses" else ["%v", "%x", "%y", 0, 2, 6]) \
                        if fn == "f" else [0]
                    timed(c, q, {"module": mod, "function": fn, "inst": rng.choice(pick)})
                else:
                    timed(c, "print", {"module": mod, "function": fn, "walker": rng.random() < 0.1})
            elif r < 0.80:
                if mine and (len(mine) > 8 or rng.random() < 0.5):
                    iid = mine.pop(rng.randrange(len(mine)))
                    timed(c, "edit", {"module": name, "function": "f",
                                      "ops": [{"op": "remove", "inst": iid}]})
                else:
                    rep = timed(c, "edit", {"module": name, "function": "f", "ops": [
                        {"op": "insert", "after": rng.choice(["%v", "%x", "%w"]),
                         "text": "store i32 %d, i32* %s, align 4" % (rng.randrange(100), rng.choice(["%p", "%q"]))}]})
                    if "result" in rep:
                        mine.append(rep["result"]["results"][0]["inst"])
            elif r < 0.90:
                timed(c, "unload", {"module": name})
                timed(c, "load", {"module": name, "text": module_text(k, variant)})
                mine = []
            else:
                variant += 1
                timed(c, "load", {"module": name, "text": module_text(k, variant)})
                mine = []
    except Exception as e:            # a client that fails is an error too
        with lock:
            failures[0] += 1
            if len(first_errors) < 5:
                first_errors.append("client %d: %r" % (k, e))

def rss_kb():
    with open("/proc/%d/status" % pid) as f:
        for ln in f:
            if ln.startswith("VmRSS:"):
                return int(ln.split()[1])
    return 0

def nfds():
    return len(os.listdir("/proc/%d/fd" % pid))

c0 = Conn()
c0.call("load", {"module": "shared", "text": shared_text})
threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(nclients)]
t_start = time.monotonic()
for t in threads:
    t.start()
rows = []
dat = open(os.path.join(out, "soak.dat"), "w")
dat.write("# seconds rss_kb fds p50_ms p99_ms ops errors malloc_in_use_kb malloc_free_kb "
          "arenas graphs_kb clobber_cache_kb raw_cache_kb conn_buffers_kb modules_kb\n")
mon = Conn()   # the daemon's own view of its memory, sampled next to RSS

def daemon_memory():
    """From `stats`: malloc in use and free, arenas, graphs, the two reply
    caches, the connection buffers and the loaded modules' estimated memory
    (KB; zeros where not reported)."""
    st = mon.call("stats", {}).get("result", {})
    m, ca = st.get("malloc", {}), st.get("caches", {})
    kb = lambda v: (v or 0) / 1024.0
    return (kb(m.get("in_use")), kb(m.get("free")), m.get("arenas", 0),
            kb(st.get("graphs", {}).get("bytes")),
            kb(ca.get("clobber_replies", {}).get("bytes")),
            kb(ca.get("raw_replies", {}).get("bytes")), kb(st.get("connection_buffers")),
            kb(st.get("memory")))

while time.monotonic() - t_start < duration:
    time.sleep(min(interval, max(duration - (time.monotonic() - t_start), 0.1)))
    with lock:
        l = sorted(lat)
        lat.clear()
        n_ops, n_err = ops[0], errors[0] + failures[0]
        ops[0] = 0
    p50 = l[len(l) // 2] * 1e3 if l else 0.0
    p99 = l[min(len(l) - 1, int(len(l) * 0.99))] * 1e3 if l else 0.0
    row = (time.monotonic() - t_start, rss_kb(), nfds(), p50, p99, n_ops, n_err)
    rows.append(row)
    dat.write("%.1f %d %d %.3f %.3f %d %d" % row)
    dat.write(" %.0f %.0f %d %.0f %.0f %.0f %.0f %.0f\n" % daemon_memory())
    dat.flush()
stop.set()
for t in threads:
    t.join(30)
dat.close()
# c0 sat idle through the run: the daemon may have closed it (idle eviction)
st = Conn().call("stats", {}).get("result", {})

# ------------------------------------------------------------ assertions
after = [r for r in rows if r[0] >= warmup * duration] or rows
xs, ys = [r[0] for r in after], [r[1] for r in after]
n = len(xs)
mx, my = sum(xs) / n, sum(ys) / n
sxx = sum((x - mx) ** 2 for x in xs)
slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
drift = slope * (xs[-1] - xs[0]) / my * 100 if my else 0.0
fd_growth = after[-1][2] - after[0][2]
total_ops = sum(r[5] for r in rows)
total_err = rows[-1][6] if rows else 0
p99s = sorted(r[4] for r in rows)
checks = [
    (total_err == 0, "no error reply and no client failure (%d)" % total_err),
    (abs(drift) <= growth, "RSS flat after warm-up: least-squares drift %.2f%% over %.0f s "
     "(limit %.0f%%; mean %.1f MB)" % (drift, xs[-1] - xs[0], growth, my / 1024)),
    (fd_growth <= fd_slack, "no fd growth: %d -> %d after warm-up (slack %d)"
     % (after[0][2], after[-1][2], fd_slack)),
]
with open(os.path.join(out, "soak.md"), "w") as md:
    md.write("soak: %d clients, %.0f s, %d operations (%.0f/s), %d errors; RSS %.1f..%.1f MB, "
             "fds %d..%d, p50 median %.2f ms, p99 median %.2f ms, worst interval p99 %.2f ms\n"
             % (nclients, duration, total_ops, total_ops / duration, total_err,
                min(r[1] for r in rows) / 1024, max(r[1] for r in rows) / 1024,
                min(r[2] for r in rows), max(r[2] for r in rows),
                sorted(r[3] for r in rows)[len(rows) // 2], p99s[len(p99s) // 2], p99s[-1]))
    md.write("daemon stats: graphs %s; journal %s; edits %s, loads %s\n"
             % (json.dumps(st.get("graphs")), json.dumps(st.get("journal")), st.get("edits"),
                st.get("loads")))
    for good, what in checks:
        md.write("%s %s\n" % ("ok" if good else "FAILED", what))
    for e in first_errors:
        md.write("error: %s\n" % e)
sys.exit(0 if all(g for g, _ in checks) else 1)
EOF
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
echo "load average before: $LOAD0; after: $LOAD1" >> "$OUT/soak.md"
if command -v gnuplot >/dev/null 2>&1 && [ -s "$OUT/soak.dat" ]; then
  for term in "png size 1000,700" "svg size 1000,700"; do
    ext=${term%% *}
    gnuplot <<GP
set terminal $term
set output "$OUT/soak.$ext"
set multiplot layout 3,1 title "memssad soak: $CLIENTS clients, --max-memory $MAXMEM (load average $LOAD0)"
set xlabel "seconds"
set ylabel "RSS (MB)"
plot "$OUT/soak.dat" using 1:(\$2/1024) with lines title "RSS"
set ylabel "open fds"
plot "$OUT/soak.dat" using 1:3 with lines title "fds"
set ylabel "latency (ms)"
set logscale y
plot "$OUT/soak.dat" using 1:4 with lines title "p50", "" using 1:5 with lines title "p99"
unset multiplot
GP
  done
fi
cat "$OUT/soak.md"
kill "$DPID" 2>/dev/null && wait "$DPID" 2>/dev/null || true
# With a sanitizer build (MEMSSAD_BIN=build-asan/memssad) the daemon's exit
# runs LeakSanitizer: a leak over the run shows here.
if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:" "$TMP/daemon.log"; then
  echo "soak.sh: sanitizer report in the daemon's log:" >&2
  grep -A30 -E "ERROR: |runtime error:" "$TMP/daemon.log" | head -60 >&2
  rc=1
fi
exit $rc
