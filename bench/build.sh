#!/usr/bin/env bash
# Benchmark: building MemorySSA for a whole module, memssa against opt.
#
#   bench/build.sh [-n RUNS] [-j N] [-o OUT.md] [FILE.ll[:OPT] ...]
#
# For each FILE (default: ../shared/corpus/real/lua.O0.ll and lua.O2.ll
# against opt-14, then ../shared/corpus/real22/lua.O0.ll and lua.O2.ll
# against opt-22) it runs, alternating within the same loop so both see the
# same machine state,
#
#   memssa:  build-release/memssa build --local [-j N] FILE
#   opt:     OPT -passes='require<memoryssa>' -disable-output FILE
#
# -j N is passed to memssa (its threads; without it memssa's default, the
# online CPUs, at most 8). OPT is the one given after the file's ':', else opt-N when the file's
# folder holds a file LLVM_VERSION saying N (a corpus of that version),
# else $OPT (default opt). RUNS times each (default 7) after one untimed
# warm-up of each; reports the median wall time (from spawn to exit, by
# bench/runproc.c, not counting the script's own forks), the median CPU time
# (user + system of the process: less sensitive to a busy machine), the
# median peak RSS and page faults (on a virtual machine a first touch of a
# page costs 1-13 us), the ratios opt/memssa, and memssa's own split of its time
# (median "read" and "build" ms of its summary line) with the reader's
# speed in MB/s (file size / read time, 1 MB = 10^6 bytes). Prints a
# markdown table (also written to OUT.md with -o) and a "# machine" header
# with the facts that matter for reading it.
#
# Environment: BUILD (build-release: `make release`, as `make bench` does),
# MEMSSA_BIN ($BUILD/memssa), OPT (opt), MEMSSA_SHARED (<repo>/../shared),
# CC (cc, to build bench/runproc.c).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib/proc.sh"
bin=${MEMSSA_BIN:-${BUILD:-$root/build-release}/memssa}
opt=${OPT:-opt}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
runs=7
out=""
jobs=()
while getopts "n:j:o:h" o; do
  case $o in
    n) runs=$OPTARG ;;
    j) jobs=(-j "$OPTARG") ;;
    o) out=$OPTARG ;;
    *) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
files=("$@")
[ ${#files[@]} -gt 0 ] || bench_default_files "$shared"

[ -x "$bin" ] || { echo "bench: no memssa binary at $bin (run make release)" >&2; exit 2; }

# opt_for FILE[:OPT]: the opt to compare with (see the header).
opt_for() {
  local spec=$1 f=${1%%:*} v
  if [ "$spec" != "$f" ]; then echo "${spec#*:}"; return; fi
  if [ -f "$(dirname "$f")/LLVM_VERSION" ]; then
    v=$(tr -dc '0-9' <"$(dirname "$f")/LLVM_VERSION")
    if command -v "opt-$v" >/dev/null; then echo "opt-$v"; return; fi
  fi
  echo "$opt"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bench_runproc "$root" "$tmp"

# run_one KIND FILE OPT: append "wall_us rss_kib cpu_us faults" to $tmp/KIND.TAG
# (and, for memssa, "read_ms build_ms" of its summary line to $tmp/split.TAG)
run_one() {
  local kind=$1 f=$2 o=$3 m
  if [ "$kind" = memssa ]; then
    m=$("$RUNPROC" "$tmp/stdout" "$tmp/stderr" "$bin" build --local ${jobs[@]+"${jobs[@]}"} "$f")
  else
    m=$("$RUNPROC" "$tmp/stdout" "$tmp/stderr" "$o" -passes='require<memoryssa>' -disable-output "$f")
  fi
  [ "${m##* }" = 0 ] || { echo "bench: $kind failed on $f: $(head -c 300 "$tmp/stderr")" >&2; return 1; }
  # wall (us), peak RSS (KiB), CPU user+system (us), page faults
  echo "${m% *}" >>"$tmp/$kind.$tag"
  if [ "$kind" = memssa ]; then
    head -n 1 "$tmp/stdout" | sed -n 's/.*(read \([0-9.]*\), build \([0-9.]*\)).*/\1 \2/p' >>"$tmp/split.$tag"
  fi
}

table="| file | opt | memssa wall (s) | opt wall (s) | wall ratio | memssa CPU (s) | opt CPU (s) | CPU ratio | memssa peak RSS (MiB) | opt peak RSS (MiB) | memory ratio | memssa / opt page faults | memssa read / build (ms) | reader MB/s |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
load0=$(cut -d' ' -f1-3 /proc/loadavg)
opts_seen=""
for spec in "${files[@]}"; do
  f=${spec%%:*}
  o=$(opt_for "$spec")
  command -v "$o" >/dev/null || { echo "bench: $o not found (for $f)" >&2; exit 2; }
  case " $opts_seen " in *" $o "*) ;; *) opts_seen="$opts_seen $o" ;; esac
  b=$(basename "$f")
  tag=$(basename "$(dirname "$f")").$b
  cat "$f" >/dev/null  # page cache
  run_one memssa "$f" "$o" && rm -f "$tmp/memssa.$tag" "$tmp/split.$tag"  # warm-up, not counted
  run_one opt "$f" "$o" && rm -f "$tmp/opt.$tag"
  summary=""
  for ((i = 0; i < runs; i++)); do
    run_one memssa "$f" "$o"
    summary=$(head -n 1 "$tmp/stdout")
    run_one opt "$f" "$o"
  done
  mw=$(bench_median 1 "$tmp/memssa.$tag"); ow=$(bench_median 1 "$tmp/opt.$tag")
  mr=$(bench_median 2 "$tmp/memssa.$tag"); orss=$(bench_median 2 "$tmp/opt.$tag")
  mc=$(bench_median 3 "$tmp/memssa.$tag"); oc=$(bench_median 3 "$tmp/opt.$tag")
  mf=$(bench_median 4 "$tmp/memssa.$tag"); of=$(bench_median 4 "$tmp/opt.$tag")
  rd=$(bench_median 1 "$tmp/split.$tag"); bd=$(bench_median 2 "$tmp/split.$tag")
  size=$(wc -c <"$f")
  row=$(awk -v mw="$mw" -v ow="$ow" -v mr="$mr" -v orss="$orss" -v mc="$mc" -v oc="$oc" -v b="$tag" \
          -v o="$o" -v mf="$mf" -v of="$of" -v rd="$rd" -v bd="$bd" -v sz="$size" 'BEGIN {
    printf "| %s | %s | %.3f | %.3f | %.1fx | %.3f | %.3f | %.1fx | %.1f | %.1f | %.1fx | %d / %d | %.1f / %.1f | %.0f |",
      b, o, mw/1e6, ow/1e6, (mw > 0 ? ow/mw : 0), mc/1e6, oc/1e6, (mc > 0 ? oc/mc : 0),
      mr/1024, orss/1024, (mr > 0 ? orss/mr : 0), mf, of, rd, bd, (rd > 0 ? sz / 1e6 / (rd / 1e3) : 0) }')
  table="$table
$row"
  echo "# $tag: memssa says: $summary" >&2
done

{
  echo "<!-- bench/build.sh -n $runs ${jobs[*]-}, $(date -u '+%Y-%m-%d %H:%M UTC') -->"
  echo "Machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr);" \
       "$(for o in $opts_seen; do printf '%s: %s; ' "$o" "$("$o" --version | grep -m1 -o 'LLVM version [0-9.]*')"; done)median of $runs alternating runs each; memssa ${jobs[*]:-with its default -j};" \
       "load average before/after: $load0 / $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "$table"
} | if [ -n "$out" ]; then tee "$out"; else cat; fi
