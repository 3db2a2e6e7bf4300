#!/bin/sh
# bench/update.sh -- incremental MemorySSA update vs rebuild.
# Compiles bench/bench_update.c against $BUILD/libmemssa.a (BUILD defaults to
# build-release: run `make release` first, as `make bench-update` does) with
# the same MSSA_CHECKS=0, and runs it.
# Usage: bench/update.sh [REPS] (default 100 per round).
set -e
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build-release}
CC=${CC:-cc}
[ -f "$BUILD/libmemssa.a" ] || { echo "update.sh: no $BUILD/libmemssa.a (make release)" >&2; exit 1; }
mkdir -p "$BUILD/bench"
$CC -std=c11 -Wall -Wextra -Werror -O2 -g -Ianalysis -DMSSA_CHECKS=0 bench/bench_update.c \
  "$BUILD/libmemssa.a" -lm -o "$BUILD/bench/bench_update"
"$BUILD/bench/bench_update" "$@"
