#!/bin/sh
# The reader's CPU time and speed: bench/read_cpu.c (one parse per process,
# process CPU clock around reading and parsing the file), RUNS runs per file,
# median. The file mapped and the heap in huge pages, as the CLI's --local
# commands read it; with -c copied into the heap (read(2)), as the daemon
# reads it.
# Usage: bench/read.sh [-n RUNS] [-c] [FILE...]  (default: the Lua corpora)
# Compiles against $BUILD/libmemssa.a (BUILD defaults to build-release).
set -e
BUILD=${BUILD:-build-release}
CC=${CC:-cc}
RUNS=5
COPY=""
if [ "$1" = "-n" ]; then RUNS=$2; shift 2; fi
if [ "$1" = "-c" ]; then COPY=--copy; shift; fi
[ $# -gt 0 ] || set -- ../shared/corpus/real/lua.O0.ll ../shared/corpus/real/lua.O2.ll \
  ../shared/corpus/real22/lua.O0.ll ../shared/corpus/real22/lua.O2.ll
mkdir -p "$BUILD/bench"
$CC -std=c11 -Wall -Wextra -Werror -O2 -g -Ianalysis -DMSSA_CHECKS=0 bench/read_cpu.c \
  clients/cli_heap.c "$BUILD/libmemssa.a" -lm -o "$BUILD/bench/read_cpu"
how=mapped; [ -z "$COPY" ] || how="copied (read(2))"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); the file $how"
echo "| file | reader CPU ms (median of $RUNS) | range | reader MB/s | user / sys ms (median run) | minor faults (median run) |"
echo "|---|---:|---:|---:|---:|---:|"
for f in "$@"; do
  i=0; : >"$BUILD/bench/read.$$"
  while [ $i -lt "$RUNS" ]; do
    "$BUILD/bench/read_cpu" $COPY "$f" >>"$BUILD/bench/read.$$"; i=$((i + 1))
  done
  sort -n "$BUILD/bench/read.$$" | awk -v f="$f" -v n="$RUNS" '
    { ms[NR] = $1; mb[NR] = $2; us[NR] = $3; sy[NR] = $4; pf[NR] = $5 }
    END { m = int((n + 1) / 2)
          printf "| %s | %.1f | %.1f-%.1f | %.0f | %.1f / %.1f | %d |\n", f, ms[m], ms[1], ms[n], mb[m], us[m], sy[m], pf[m] }'
  rm -f "$BUILD/bench/read.$$"
done
