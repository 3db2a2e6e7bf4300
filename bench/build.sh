#!/usr/bin/env bash
# Benchmark: building MemorySSA for a whole module, memssa against LLVM 14.
#
#   bench/build.sh [-n RUNS] [-o OUT.md] [FILE.ll ...]
#
# For each FILE (default: ../shared/corpus/real/lua.O0.ll and lua.O2.ll) it
# runs, alternating within the same loop so both see the same machine state,
#
#   memssa:  build-release/memssa build --local FILE
#   opt:     opt -passes='require<memoryssa>' -disable-output FILE
#
# RUNS times each (default 7) after one untimed warm-up of each, and reports
# the median wall time (measured around the process with a nanosecond clock),
# the median CPU time (user + system, GNU time's %U + %S: less sensitive to a
# busy machine) and the median peak RSS (GNU time's %M), plus the ratios
# opt/memssa. Prints a markdown table (also written to OUT.md with -o) and
# a "# machine" header with the facts that matter for reading it.
#
# Environment: BUILD (build-release: `make release`, as `make bench` does),
# MEMSSA_BIN ($BUILD/memssa), OPT (opt), MEMSSA_SHARED (<repo>/../shared),
# GNU_TIME (/usr/bin/time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEMSSA_BIN:-${BUILD:-$root/build-release}/memssa}
opt=${OPT:-opt}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
gtime=${GNU_TIME:-/usr/bin/time}
runs=7
out=""
while getopts "n:o:h" o; do
  case $o in
    n) runs=$OPTARG ;;
    o) out=$OPTARG ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$shared/corpus/real/lua.O0.ll" "$shared/corpus/real/lua.O2.ll")

[ -x "$bin" ] || { echo "bench: no memssa binary at $bin (run make release)" >&2; exit 2; }
command -v "$opt" >/dev/null || { echo "bench: opt not found" >&2; exit 2; }
[ -x "$gtime" ] || { echo "bench: GNU time not at $gtime (apt-get install time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_one KIND FILE: append "wall_us rss_kib cpu_us" to $tmp/KIND.FILE
run_one() {
  local kind=$1 f=$2 t0 t1
  t0=$(date +%s%N)
  if [ "$kind" = memssa ]; then
    "$gtime" -f '%M %U %S' -o "$tmp/rss" "$bin" build --local "$f" >"$tmp/stdout" 2>"$tmp/stderr" ||
      { echo "bench: memssa failed on $f: $(head -c 300 "$tmp/stderr")" >&2; return 1; }
  else
    "$gtime" -f '%M %U %S' -o "$tmp/rss" "$opt" -passes='require<memoryssa>' -disable-output "$f" \
      >"$tmp/stdout" 2>"$tmp/stderr" ||
      { echo "bench: opt failed on $f: $(head -c 300 "$tmp/stderr")" >&2; return 1; }
  fi
  t1=$(date +%s%N)
  # wall (us), peak RSS (KiB), CPU user+system (us)
  tail -n 1 "$tmp/rss" | awk -v w=$(( (t1 - t0) / 1000 )) '{ printf "%d %d %d\n", w, $1, ($2 + $3) * 1e6 }' \
    >>"$tmp/$kind.$(basename "$f")"
}

median() { # column number, file: median of that column
  awk -v c="$1" '{print $c}' "$2" | sort -n | awk '{a[NR]=$1} END {
    if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'
}

table="| file | memssa wall (s) | opt wall (s) | wall ratio (opt/memssa) | memssa CPU (s) | opt CPU (s) | CPU ratio | memssa peak RSS (MiB) | opt peak RSS (MiB) | memory ratio (opt/memssa) |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
for f in "${files[@]}"; do
  b=$(basename "$f")
  cat "$f" >/dev/null  # page cache
  run_one memssa "$f" && rm -f "$tmp/memssa.$b"   # warm-up, not counted
  run_one opt "$f" && rm -f "$tmp/opt.$b"
  summary=""
  for ((i = 0; i < runs; i++)); do
    run_one memssa "$f"
    summary=$(head -n 1 "$tmp/stdout")
    run_one opt "$f"
  done
  mw=$(median 1 "$tmp/memssa.$b"); ow=$(median 1 "$tmp/opt.$b")
  mr=$(median 2 "$tmp/memssa.$b"); orss=$(median 2 "$tmp/opt.$b")
  mc=$(median 3 "$tmp/memssa.$b"); oc=$(median 3 "$tmp/opt.$b")
  row=$(awk -v mw="$mw" -v ow="$ow" -v mr="$mr" -v orss="$orss" -v mc="$mc" -v oc="$oc" -v b="$b" 'BEGIN {
    printf "| %s | %.3f | %.3f | %.1fx | %.2f | %.2f | %.1fx | %.1f | %.1f | %.1fx |", b, mw/1e6, ow/1e6,
      (mw > 0 ? ow/mw : 0), mc/1e6, oc/1e6, (mc > 0 ? oc/mc : 0),
      mr/1024, orss/1024, (mr > 0 ? orss/mr : 0) }')
  table="$table
$row"
  echo "# $b: memssa says: $summary" >&2
done

{
  echo "<!-- bench/build.sh -n $runs, $(date -u '+%Y-%m-%d %H:%M UTC') -->"
  echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr);" \
       "$("$opt" --version | grep -m1 -o 'LLVM version [0-9.]*'); median of $runs alternating runs each;" \
       "load average before/after: $load0 / $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "$table"
} | if [ -n "$out" ]; then tee "$out"; else cat; fi
