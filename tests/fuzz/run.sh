#!/bin/sh
# tests/fuzz/run.sh BUILD NAME SECONDS [RUNS] -- runs the libFuzzer target
# BUILD/fuzz/fuzz_NAME for SECONDS (or until RUNS executions) on one core (no -jobs/-workers: the
# machine is shared), corpus BUILD/corpus/NAME seeded from the fixtures
# that fit the target and tests/fuzz/seeds/NAME; findings (crash-*, leak-*,
# timeout-*, oom-*) go to BUILD/artifacts/NAME/, the log to BUILD/NAME.log,
# whose last lines (libFuzzer's final stats: executions, time) are printed.
set -e
BUILD=$1 NAME=$2 SECONDS_=${3:-60} RUNS=${4:--1}
cd "$(dirname "$0")/../.."
BIN=$BUILD/fuzz/fuzz_$NAME
CORPUS=$BUILD/corpus/$NAME
ART=$BUILD/artifacts/$NAME
mkdir -p "$CORPUS" "$ART"
SEEDS=$BUILD/seeds/$NAME
rm -rf "$SEEDS"
mkdir -p "$SEEDS"
case $NAME in
  reader) find tests/fixtures -name '*.ll' -size -64k -exec cp {} "$SEEDS"/ \; ;;
  jsonir) cp tests/fixtures/jsonir/*.json "$SEEDS"/ ;;
esac
[ -d tests/fuzz/seeds/$NAME ] && cp tests/fuzz/seeds/$NAME/* "$SEEDS"/ 2>/dev/null || true
[ -d tests/fuzz/regress/$NAME ] && cp tests/fuzz/regress/$NAME/* "$SEEDS"/ 2>/dev/null || true
# edit: long op sequences from the start (libFuzzer's length control grows
# inputs too slowly for a stream of ops).
EXTRA=
[ "$NAME" = edit ] && EXTRA=-len_control=0
# Leak checks on; a UBSan report is a crash (the build has -fno-sanitize-recover).
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
  "$BIN" -max_total_time="$SECONDS_" -runs="$RUNS" -timeout=10 -rss_limit_mb=2048 -max_len=${MAX_LEN:-4096} \
  -print_final_stats=1 $EXTRA -artifact_prefix="$ART/" "$CORPUS" "$SEEDS" >"$BUILD/$NAME.log" 2>&1 || true
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb|Done [0-9]+ runs|ERROR|SUMMARY' "$BUILD/$NAME.log" | tail -6
ls "$ART" | head
