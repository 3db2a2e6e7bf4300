#!/bin/bash
# Full-text comparison of `memssa print --local` with opt's stored printouts
# (the conformance tool compares annotations only). For every FILE.ll with a
# FILE.mssa.txt / FILE.walker.txt beside it (LLVM version from LLVM_VERSION
# in its folder, else 14), and every tests/fixtures/print-canon X.optN.txt /
# X.walkerN.txt: runs memssa and counts the files and lines that differ
# (lines: `diff` output lines starting with < or >).
# Usage: bench/print-fulltext.sh [-v] [DIR_OR_FILE...]   (default: the Lua
# corpora in ../shared/corpus/real*, build/corpus, tests/fixtures/print-canon)
# MEMSSA_BIN selects the binary (default build/memssa).
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${MEMSSA_BIN:-$root/build/memssa}
verbose=0; [ "$1" = -v ] && { verbose=1; shift; }
[ $# = 0 ] && set -- "$root"/../shared/corpus/real "$root"/../shared/corpus/real19 \
  "$root"/../shared/corpus/real22 "$root"/build/corpus/ "$root"/tests/fixtures/print-canon
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
files=0; dfiles=0; dlines=0; elines=0
check() {   # expected, ll, version, walker-flag
  local out="$tmp/out" n
  "$bin" print --local --llvm "$3" $4 "$2" >"$out" 2>/dev/null
  files=$((files+1)); elines=$((elines+$(wc -l <"$1")))
  n=$(diff "$1" "$out" | grep -c '^[<>]')
  if [ "$n" != 0 ]; then
    dfiles=$((dfiles+1)); dlines=$((dlines+n))
    [ $verbose = 1 ] && echo "DIFF $n $1"
  fi
}
for arg in "$@"; do
  find -L "$arg" -name '*.txt' | sort | while read -r exp; do echo "$exp"; done
done >"$tmp/list"
while read -r exp; do
  d=$(dirname "$exp"); b=$(basename "$exp")
  case "$b" in
    *.mssa.txt) ll="$d/${b%.mssa.txt}.ll"; w="";;
    *.walker.txt) ll="$d/${b%.walker.txt}.ll"; w="--walker";;
    *.opt[0-9]*.txt) x=${b%.txt}; v=${x##*.opt}; ll="$d/${x%.opt*}.ll"; w=""
       [ -f "$ll" ] && check "$exp" "$ll" "$v" ""; continue;;
    *.walker[0-9]*.txt) x=${b%.txt}; v=${x##*.walker}; ll="$d/${x%.walker*}.ll"
       [ -f "$ll" ] && check "$exp" "$ll" "$v" --walker; continue;;
    *) continue;;
  esac
  [ -f "$ll" ] || continue
  v=$(cat "$d/LLVM_VERSION" 2>/dev/null || echo 14)
  check "$exp" "$ll" "$v" "$w"
done <"$tmp/list"
echo "files $files differing $dfiles; expected lines $elines, diff lines $dlines"
