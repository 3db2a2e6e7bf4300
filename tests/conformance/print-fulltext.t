#!/usr/bin/env bash
# The whole printed text of `memssa print --local --llvm N [--walker]`
# against every stored opt printout of the corpora, byte for byte: the
# conformance tool compares annotations only, print-canon.t covers small
# fixtures; this covers what real clang output holds (per-function `!N`
# and `#N` numbering, `; Function Attrs:` comments, debug records, `;
# preds =`) on the Lua modules (LLVM 14, 19, 22) and on the generated
# csmith and tests/c corpora of build/corpus (made by csmith*.t and own.t,
# which run before this file). One test per corpus folder: no file and no
# line differs. bench/print-fulltext.sh does the comparing (it also
# reports diff line counts for the benchmark notes).
set -u
root=${MEMSSA_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
shared=${MEMSSA_SHARED:-$root/../shared}
corpus=${MEMSSA_CORPUS:-$root/build/corpus}
export MEMSSA_BIN=${MEMSSA_BIN:-$root/build/memssa}
n=0; failed=0
for dir in "$shared"/corpus/real "$shared"/corpus/real19 "$shared"/corpus/real22 \
           "$corpus"/csmith "$corpus"/csmith-opaque "$corpus"/csmith19 "$corpus"/csmith22 \
           "$corpus"/own "$corpus"/own19 "$corpus"/own22; do
  n=$((n+1)); name=${dir#"$root"/}
  if [ -z "$(find -L "$dir" -name '*.mssa.txt' 2>/dev/null | head -1)" ]; then
    echo "ok $n - # SKIP $name: no stored opt printouts (corpus not generated: opt missing?)"
    continue
  fi
  out=$("$root"/bench/print-fulltext.sh -v "$dir" 2>&1)
  sum=$(printf '%s\n' "$out" | tail -1)
  if printf '%s\n' "$sum" | grep -Eq '^files [1-9][0-9]* differing 0;'; then
    echo "ok $n - $name: whole text equals opt's ($sum)"
  else
    failed=$((failed+1))
    echo "not ok $n - $name: whole text differs from opt's ($sum)"
    printf '%s\n' "$out" | grep '^DIFF' | head -10 | sed 's/^/#   /'
  fi
done
echo "1..$n"
exit $((failed > 0))
