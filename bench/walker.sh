#!/usr/bin/env bash
# Benchmark: the clobber walker on every access, memssa against LLVM 14.
#
#   bench/walker.sh [-n RUNS] [-m OPT_RUNS] [-t OPT_TIMEOUT] [--scaling] [FILE.ll ...]
#
# For each FILE (default: ../shared/corpus/real/lua.O2.ll and lua.O0.ll) it
# alternates, in the same loop,
#
#   memssa:  build-release/memssa print --local --walker FILE > /dev/null
#   opt:     opt -passes='print<memoryssa-walker>' -memssa-check-limit=1000000
#                -disable-output FILE
#
# memssa RUNS times (default 5), opt OPT_RUNS times (default 3; opt needs
# minutes on lua.O0.ll) with a timeout of OPT_TIMEOUT seconds (default 900),
# and prints the median wall times and the ratio opt/memssa as a markdown
# table row. Both commands annotate every access with its clobber, opt with
# its unlimited-budget walker, memssa with its caching walker.
#
# --scaling: instead, generates functions of 1k, 10k and 100k accesses
# (bench/gen_scaling.py) and reports memssa's median time for each and the
# growth factors time(10N)/time(N).
#
# Environment: BUILD (build-release: `make release`, as `make bench-walker`
# does), MEMSSA_BIN ($BUILD/memssa), OPT (opt), MEMSSA_SHARED.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEMSSA_BIN:-${BUILD:-$root/build-release}/memssa}
opt=${OPT:-opt}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
runs=5 oruns=3 otimeout=900 scaling=0
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift ;;
    -m) oruns=$2; shift ;;
    -t) otimeout=$2; shift ;;
    --scaling) scaling=1 ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) files+=("$1") ;;
  esac
  shift
done
[ -x "$bin" ] || { echo "bench: no memssa binary at $bin (run make release)" >&2; exit 2; }

now_ns() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print "NA"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
secs() { awk -v ns="$1" 'BEGIN { if (ns=="NA") print "NA"; else printf "%.3f", ns/1e9 }'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

time_memssa() {
  local t0 t1
  t0=$(now_ns); "$bin" print --local --walker "$1" > /dev/null; t1=$(now_ns)
  echo $((t1 - t0))
}

if [ $scaling = 1 ]; then
  echo "| accesses (target) | memssa median (s) | growth vs previous |"
  echo "|---|---|---|"
  prev=""
  for n in 1000 10000 100000; do
    python3 "$root/bench/gen_scaling.py" $n > "$tmp/s$n.ll"
    for i in $(seq "$runs"); do time_memssa "$tmp/s$n.ll"; done | median > "$tmp/m$n"
    m=$(cat "$tmp/m$n")
    g="-"
    [ -n "$prev" ] && g=$(awk -v a="$m" -v b="$prev" 'BEGIN { printf "%.1f", a/b }')
    echo "| $n | $(secs "$m") | $g |"
    prev=$m
  done
  exit 0
fi

[ ${#files[@]} -gt 0 ] || files=("$shared/corpus/real/lua.O2.ll" "$shared/corpus/real/lua.O0.ll")
command -v "$opt" >/dev/null || { echo "bench: opt not found" >&2; exit 2; }
echo "| file | memssa median (s) | opt median (s) | opt / memssa |"
echo "|---|---|---|---|"
for f in "${files[@]}"; do
  : > "$tmp/mem"; : > "$tmp/opt"
  for i in $(seq "$runs"); do
    time_memssa "$f" >> "$tmp/mem"
    if [ "$i" -le "$oruns" ]; then
      t0=$(now_ns)
      if timeout "$otimeout" "$opt" -passes='print<memoryssa-walker>' -memssa-check-limit=1000000 \
           -disable-output "$f" 2>/dev/null; then
        t1=$(now_ns); echo $((t1 - t0)) >> "$tmp/opt"
      fi
    fi
  done
  m=$(median < "$tmp/mem"); o=$(median < "$tmp/opt")
  r=$(awk -v a="$o" -v b="$m" 'BEGIN { if (a=="NA") print "opt timed out"; else printf "%.0fx", a/b }')
  echo "| $(basename "$f") | $(secs "$m") | $(secs "$o") | $r |"
done
