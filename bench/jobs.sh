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
# /dev/null). Reports medians of wall time (a nanosecond clock around the
# process), CPU time (user + system, GNU time), peak RSS, and for build the
# "build" ms of memssa's summary line (the part the threads share), and the
# ratios -j1 / -jN. The machine's load average is printed before and after:
# wall times on a loaded machine say little.
#
# Environment: BUILD (build-release), MEMSSA_BIN ($BUILD/memssa),
# MEMSSA_SHARED (<repo>/../shared), GNU_TIME (/usr/bin/time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEMSSA_BIN:-${BUILD:-$root/build-release}/memssa}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
gtime=${GNU_TIME:-/usr/bin/time}
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
[ ${#files[@]} -gt 0 ] || files=("$shared/corpus/real/lua.O0.ll" "$shared/corpus/real/lua.O2.ll"
                                  "$shared/corpus/real22/lua.O0.ll" "$shared/corpus/real22/lua.O2.ll")
[ -x "$bin" ] || { echo "bench: no memssa binary at $bin (run make release)" >&2; exit 2; }
[ -x "$gtime" ] || { echo "bench: GNU time not at $gtime (apt-get install time)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one J FILE: append "wall_us cpu_us rss_kib build_ms" to $tmp/J
one() {
  local j=$1 f=$2 t0 t1 b
  t0=$(date +%s%N)
  "$gtime" -f '%M %U %S' -o "$tmp/time" "$bin" "$cmd" --local -j"$j" "$f" >"$tmp/out" 2>&1
  t1=$(date +%s%N)
  b=$(sed -n 's/.*build \([0-9.]*\)).*/\1/p' "$tmp/out" | head -n 1)
  tail -n 1 "$tmp/time" | awk -v w=$(( (t1 - t0) / 1000 )) -v b="${b:-0}" \
    '{ printf "%d %d %d %s\n", w, ($2 + $3) * 1e6, $1, b }' >>"$tmp/$j"
}
median() { awk -v c="$1" '{print $c}' "$2" | sort -n | awk '{a[NR]=$1} END {
  if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'; }

echo "# bench/jobs.sh -n $runs -j $jobs -c $cmd, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs;" \
     "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| file | wall -j1 (ms) | wall -j$jobs (ms) | wall ratio | CPU -j1 (ms) | CPU -j$jobs (ms) | RSS -j1 (MiB) | RSS -j$jobs (MiB) | build -j1 (ms) | build -j$jobs (ms) | build ratio |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for f in "${files[@]}"; do
  rm -f "$tmp/1" "$tmp/$jobs"
  one 1 "$f"; one "$jobs" "$f"; rm -f "$tmp/1" "$tmp/$jobs"   # warm-up
  for ((i = 0; i < runs; i++)); do one 1 "$f"; one "$jobs" "$f"; done
  awk -v f="$(basename "$(dirname "$f")")/$(basename "$f")" \
      -v w1="$(median 1 "$tmp/1")" -v wn="$(median 1 "$tmp/$jobs")" \
      -v c1="$(median 2 "$tmp/1")" -v cn="$(median 2 "$tmp/$jobs")" \
      -v r1="$(median 3 "$tmp/1")" -v rn="$(median 3 "$tmp/$jobs")" \
      -v b1="$(median 4 "$tmp/1")" -v bn="$(median 4 "$tmp/$jobs")" 'BEGIN {
    printf "| %s | %.1f | %.1f | %.2fx | %.0f | %.0f | %.1f | %.1f | %.1f | %.1f | %.2fx |\n",
      f, w1/1e3, wn/1e3, (wn > 0 ? w1/wn : 0), c1/1e3, cn/1e3, r1/1024, rn/1024, b1, bn,
      (bn > 0 ? b1/bn : 0) }'
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
