#!/usr/bin/env bash
# The editor's latencies in a real Neovim (headless nvim 0.7 with the
# plugin, clients/nvim, as docs/editor.md sets it up), on generated C files
# (bench/gen_editor_c.py) of 5,000 and of 20,000+ lines:
#   - open to first hover: from :edit to the first hover that answers (the
#     plugin starts `memssa lsp`, which compiles the file with clang, loads
#     it into memssad and answers), with an empty compile cache, and again
#     on a restart with the cache the first run filled (no clang run);
#   - the first code lens request of the file, and a second one (cached);
#   - save to hover: an edit inside one function, :write, and a hover right
#     behind it (the compile, the reload by difference, then the answer);
# each against clang alone compiling the file with the server's flags.
# Goals (issue: editor answers): open within clang + 100 ms, save within
# 1.3x clang, a lens request under 50 ms.
#
#   bench/editor-nvim.sh [-r RUNS] [-o OUT.md] [LINES...]   (default 5000 20000)
#
# Medians of RUNS fresh Neovim runs (each its own memssad). Next to wall
# times: CPU time of memssad and of nvim with its children (memssa lsp and
# the clang it runs), from /proc and getrusage, against clang alone's. The
# load average at the end is printed: measure below 0.5.
#
# Environment: BUILD (build-release: `make release`), MEMSSA_BIN,
# MEMSSAD_BIN, CLANG (default: the newest installed), NVIM.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
RUNS=5
OUT=$BUILD/bench-editor-nvim.md
while getopts r:o: opt; do
  case $opt in
    r) RUNS=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(5000 20000)
MEMSSA=${MEMSSA_BIN:-$BUILD/memssa}
MEMSSAD=${MEMSSAD_BIN:-$BUILD/memssad}
NVIM=${NVIM:-$(command -v nvim || true)}
[ -x "$MEMSSA" ] && [ -x "$MEMSSAD" ] || { echo "editor-nvim.sh: build first (make release)" >&2; exit 1; }
[ -n "$NVIM" ] || { echo "editor-nvim.sh: nvim is not installed (make deps)" >&2; exit 1; }
CLANG=${CLANG:-$(command -v clang-22 || command -v clang-19 || command -v clang)}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
python3 - "$ROOT" "$MEMSSA" "$MEMSSAD" "$NVIM" "$CLANG" "$RUNS" "$OUT" "$TMP" "${SIZES[@]}" <<'PY'
import json, os, re, resource, shutil, statistics, subprocess, sys, time
root, memssa, memssad, nvim, clang, runs, out, tmp = sys.argv[1:9]
sizes, runs = [int(x) for x in sys.argv[9:]], int(runs)
# the server's compile flags for a file without a compile command (common/compile.c)
FLAGS = ["-g", "-O1", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
         "-fno-color-diagnostics", "-fno-caret-diagnostics", "-Wno-error", "-o", "-"]

def cpu_s(pid):
    f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")

def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def med(xs):
    return statistics.median(xs) if xs else float("nan")

rows = ["| file | measure | memssa in Neovim: wall (CPU) | clang alone: wall (CPU) | ratio (wall) |",
        "|---|---|---:|---:|---:|"]
for n in sizes:
    d = os.path.join(tmp, str(n))
    os.makedirs(d)
    src = os.path.join(d, "big.c")
    subprocess.run([sys.executable, os.path.join(root, "bench", "gen_editor_c.py"), src, str(n)], check=True)
    lines = open(src).read().count("\n")
    # a load to hover: the first one after line 20, from clang's own IR
    ir = subprocess.run([clang] + FLAGS + [src], capture_output=True, text=True, check=True).stdout
    locs = dict((m.group(1), (int(m.group(2)), int(m.group(3)))) for m in
                re.finditer(r"^!(\d+) = !DILocation\(line: (\d+), column: (\d+)", ir, re.M))
    pos = sorted(set(locs[m.group(1)] for m in re.finditer(r"= load .*!dbg !(\d+)", ir)
                     if m.group(1) in locs))
    line, col = next(p for p in pos if p[0] > 20)
    cl, clc = [], []
    for _ in range(runs):
        c = children_cpu(); t = time.perf_counter()
        subprocess.run([clang] + FLAGS + [src], stdout=subprocess.DEVNULL, check=True)
        cl.append((time.perf_counter() - t) * 1e3); clc.append((children_cpu() - c) * 1e3)
    res = {"open": [], "open_cpu": [], "lens1": [], "lens2": [], "save": [], "warm": []}
    for r in range(2 * runs):
        # even runs: a fresh compile cache (cold), on the generated text;
        # odd runs: the cache the run before filled, on the file as that
        # run's last save left it (a restart with nothing changed); each
        # run its own memssad
        warm = r % 2 == 1
        if not warm:
            subprocess.run([sys.executable, os.path.join(root, "bench", "gen_editor_c.py"), src,
                            str(n)], check=True)
        sock = os.path.join(d, "d%d.sock" % r)
        cache = os.path.join(d, "cache%d" % (r // 2))
        dp = subprocess.Popen([memssad, "--socket", sock, "--cache-dir", cache, "-q"],
                              stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(sock): break
            time.sleep(0.02)
        o = os.path.join(d, "out%d.json" % r)
        env = dict(os.environ, MEMSSA_SOCKET=sock, BENCH_FILE=src, BENCH_OUT=o,
                   BENCH_LINE=str(line), BENCH_COL=str(col), BENCH_SAVES="5", HOME=d,
                   XDG_CONFIG_HOME=d, XDG_DATA_HOME=d, XDG_STATE_HOME=d, BENCH_CLANG=clang,
                   XDG_CACHE_HOME=cache,
                   PATH=os.path.dirname(os.path.abspath(memssa)) + os.pathsep + os.environ["PATH"])
        d0, c0 = cpu_s(dp.pid), children_cpu()
        subprocess.run([nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n",
                        "--cmd", "set rtp^=" + os.path.join(root, "clients", "nvim"),
                        "-c", "luafile " + os.path.join(root, "bench", "editor_nvim.lua")],
                       cwd=d, env=env, capture_output=True, timeout=600)
        cpu = (cpu_s(dp.pid) - d0 + children_cpu() - c0) * 1e3
        dp.terminate(); dp.wait(10)
        j = json.load(open(o))
        if not j.get("ok") or not j.get("hover"):
            sys.exit("editor-nvim.sh: run %d on %d lines failed: %s" % (r, n, j.get("error")))
        if warm:
            res["warm"].append(j["open_to_hover_ms"])
            continue
        res["open"].append(j["open_to_hover_ms"])
        res["open_cpu"].append(cpu)   # the whole run: open, lenses and saves
        res["lens1"].append(j["lens_first_ms"]); res["lens2"].append(j["lens_again_ms"])
        res["save"] += [s["ms"] for s in j["saves"] if s["answered"]]
    mc, mcc = med(cl), med(clc)
    f = "%d lines" % lines
    rows.append("| %s | open to first hover | %.0f ms | %.0f (%.0f) ms | %.2fx |" %
                (f, med(res["open"]), mc, mcc, med(res["open"]) / mc))
    rows.append("| %s | restart (compile cache warm) to first hover | %.0f ms | %.0f (%.0f) ms | %.2fx |" %
                (f, med(res["warm"]), mc, mcc, med(res["warm"]) / mc))
    rows.append("| %s | save to hover | %.0f ms | %.0f (%.0f) ms | %.2fx |" %
                (f, med(res["save"]), mc, mcc, med(res["save"]) / mc))
    rows.append("| %s | code lens, first / again | %.0f / %.1f ms | | |" %
                (f, med(res["lens1"]), med(res["lens2"])))
    rows.append("| %s | CPU of a whole run (memssad + nvim + memssa lsp + its clang runs: open, 2 lenses, 5 saves) | %.0f ms | | |" %
                (f, med(res["open_cpu"])))
la = os.getloadavg()
rows.append("")
rows.append("Medians of %d Neovim runs a size (%s); %s; load average %.2f %.2f %.2f at the end." %
            (runs, subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout.split("\n")[0],
             clang, la[0], la[1], la[2]))
open(out, "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
