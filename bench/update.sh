#!/bin/sh
# bench/update.sh -- incremental MemorySSA update vs rebuild (issue 5).
# Compiles bench/bench_update.c against build/libmemssa.a (run `make` first)
# and runs it. Usage: bench/update.sh [REPS] (default 100 per round).
set -e
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
CC=${CC:-cc}
mkdir -p "$BUILD/bench"
$CC -std=c11 -Wall -Wextra -Werror -O2 -g -Ianalysis bench/bench_update.c "$BUILD/libmemssa.a" -lm \
  -o "$BUILD/bench/bench_update"
"$BUILD/bench/bench_update" "$@"
