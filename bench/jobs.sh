#!/usr/bin/env bash
# Benchmark: `memssa build --local` on one thread against -j N threads.
#
#   bench/jobs.sh [-n RUNS] [-j N] [-c CMD] [FILE.ll ...]
#
# For each FILE (default: ../shared/corpus/real/lua.O0.ll, lua.O2.ll and
# real22's) it runs, alternating -j1 and -jN (default N 2) within the same
# loop so both see the same machine state, RUNS times each (default 15)
# after one untimed warm-up of each,
#
#   build-release/memssa CMD --local -j1 FILE   and   ... -jN FILE
#
# CMD is build (default), verify or print (print's output goes to
# /dev/null). Reports medians of wall time (spawn to exit, bench/runproc.c),
# CPU time (user + system of the process), peak RSS, and for build the
# "build" ms of memssa's summary line (the part the threads share), and the
# ratios -j1 / -jN. The machine's load average is printed before and after:
# wall times on a loaded machine say little.
#
# Environment: BUILD (build-release), MEMSSA_BIN ($BUILD/memssa),
# MEMSSA_SHARED (<repo>/../shared), CC (cc, to build bench/runproc.c).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib/proc.sh"
bin=${MEMSSA_BIN:-${BUILD:-$root/build-release}/memssa}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
runs=15
jobs=2
cmd=build
while getopts "n:j:c:h" o; do
  case $o in
    n) runs=$OPTARG ;;
    j) jobs=$OPTARG ;;
    c) cmd=$OPTARG ;;
    *) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
files=("$@")
[ ${#files[@]} -gt 0 ] || bench_default_files "$shared"
[ -x "$bin" ] || { echo "bench: no memssa binary at $bin (run make release)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench_runproc "$root" "$tmp"

# one J FILE: append "wall_us cpu_us rss_kib build_ms" to $tmp/J
one() {
  local j=$1 f=$2 m b
  m=$("$RUNPROC" "$tmp/out" "$tmp/err" "$bin" "$cmd" --local -j"$j" "$f")
  [ "${m##* }" = 0 ] || { echo "bench: memssa -j$j failed on $f: $(head -c 300 "$tmp/err")" >&2; exit 1; }
  b=$(sed -n 's/.*build \([0-9.]*\)).*/\1/p' "$tmp/out" | head -n 1)
  echo "$m" | awk -v b="${b:-0}" '{ printf "%d %d %d %s\n", $1, $3, $2, b }' >>"$tmp/$j"
}

echo "# bench/jobs.sh -n $runs -j $jobs -c $cmd, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs;" \
     "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| file | wall -j1 (ms) | wall -j$jobs (ms) | wall ratio | CPU -j1 (ms) | CPU -j$jobs (ms) | RSS -j1 (MiB) | RSS -j$jobs (MiB) | build -j1 (ms) | build -j$jobs (ms) | build ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  rm -f "$tmp/1" "$tmp/$jobs"
  one 1 "$f"; one "$jobs" "$f"; rm -f "$tmp/1" "$tmp/$jobs"   # warm-up
  for ((i = 0; i < runs; i++)); do one 1 "$f"; one "$jobs" "$f"; done
  awk -v f="$(basename "$(dirname "$f")")/$(basename "$f")" \
      -v w1="$(bench_median 1 "$tmp/1")" -v wn="$(bench_median 1 "$tmp/$jobs")" \
      -v c1="$(bench_median 2 "$tmp/1")" -v cn="$(bench_median 2 "$tmp/$jobs")" \
      -v r1="$(bench_median 3 "$tmp/1")" -v rn="$(bench_median 3 "$tmp/$jobs")" \
      -v b1="$(bench_median 4 "$tmp/1")" -v bn="$(bench_median 4 "$tmp/$jobs")" 'BEGIN {
    printf "| %s | %.1f | %.1f | %.2fx | %.0f | %.0f | %.1f | %.1f | %.1f | %.1f | %.2fx |\n",
      f, w1/1e3, wn/1e3, (wn > 0 ? w1/wn : 0), c1/1e3, cn/1e3, r1/1024, rn/1024, b1, bn,
      (bn > 0 ? b1/bn : 0) }'
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
