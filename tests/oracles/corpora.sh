#!/usr/bin/env bash
# Runs tests/oracles/oracles.py (memssa's alias, modref, depends and
# promotable answers against aa-eval, print<da> and mem2reg) over the
# corpora and prints one table of counts per corpus:
#
#   offload-oracles  ../shared/corpus/offload-oracles (the five known-bad
#                    cases, read as LLVM 22, as their README says)
#   csmith14/22      random C programs (gen-csmith-corpus seeds FIRST..LAST,
#                    -O0, -O1 without passes, -O2), by clang 14 and clang-22
#   lua14/22         ../shared/corpus/lua-src/*.c, each compiled by clang -O2
#                    and clang-22 -O2 on its own
#
#   tests/oracles/corpora.sh [-s FIRST:LAST] [-o OUTDIR] [CORPUS...]
#
# CORPUS: any of the names above (default: all). -s: csmith seeds (default
# 1:6). OUTDIR (default build/oracles): the corpora are made there once and
# reused; each corpus's counts go to OUTDIR/NAME.out, its non-agreeing
# answers (one JSON line each) to OUTDIR/NAME.jsonl, its unsound ones also
# to OUTDIR/NAME.err. Exit status 1 if a corpus other than offload-oracles
# has an unsound answer. Runs one opt at a time (nice).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${MEMSSA_SHARED:-$(dirname "$ROOT")/shared}
OUT=$ROOT/build/oracles
SEEDS=1:6
while getopts "s:o:" o; do
  case $o in
    s) SEEDS=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) sed -n '2,22p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
CORPORA=("$@")
[ ${#CORPORA[@]} -gt 0 ] || CORPORA=(offload-oracles csmith14 csmith22 lua14 lua22)
mkdir -p "$OUT"
first=${SEEDS%:*}; last=${SEEDS#*:}

# make NAME: the corpus's directory (made if missing)
make_corpus() {
  local d=$OUT/$1
  case $1 in
    offload-oracles) echo "$SHARED/corpus/offload-oracles"; return ;;
    csmith14|csmith22)
      if [ ! -e "$d/.made-$SEEDS" ]; then
        if [ "$1" = csmith22 ]; then
          nice "$SHARED/tools/gen-csmith-corpus" --llvm 22 "$first" "$last" "$d" >&2
        else
          nice "$SHARED/tools/gen-csmith-corpus" "$first" "$last" "$d" >&2
        fi
        touch "$d/.made-$SEEDS"
      fi ;;
    lua14|lua22)
      if [ ! -e "$d/.made" ]; then
        mkdir -p "$d"
        local cc=clang
        if [ "$1" = lua22 ]; then cc=clang-22; echo 22 > "$d/LLVM_VERSION"; fi
        for c in "$SHARED"/corpus/lua-src/*.c; do
          case $(basename "$c") in onelua.c|ltests.c) continue ;; esac
          nice $cc -O2 -S -emit-llvm -w -I"$SHARED/corpus/lua-src" "$c" \
            -o "$d/$(basename "$c" .c).O2.ll" 2>/dev/null || rm -f "$d/$(basename "$c" .c).O2.ll"
        done
        touch "$d/.made"
      fi ;;
    *) echo "corpora.sh: unknown corpus $1" >&2; exit 2 ;;
  esac
  echo "$d"
}

bad=0
for name in "${CORPORA[@]}"; do
  dir=$(make_corpus "$name")
  extra=()
  [ "$name" = offload-oracles ] && extra=(--llvm 22)
  start=$(date +%s)
  nice python3 "$ROOT/tests/oracles/oracles.py" "${extra[@]}" --details "$OUT/$name.jsonl" \
    "$dir"/*.ll >"$OUT/$name.out" 2>"$OUT/$name.err"
  echo "== $name ($(ls "$dir"/*.ll | wc -l) files, $(( $(date +%s) - start )) s)"
  cat "$OUT/$name.out"
  n=$(grep -c '^UNSOUND' "$OUT/$name.err" || true)
  if [ "$n" != 0 ] && [ "$name" != offload-oracles ]; then bad=1; fi
done
exit $bad
