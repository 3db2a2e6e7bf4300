#!/usr/bin/env bash
# Answers that do not depend on link order, addresses, allocation pattern
# or thread count. The CLI linked from the same objects in other orders
# (`make link-order-all`: reversed and two shuffles, made by `make test`
# before this runs), the normal build under another allocation pattern
# (glibc's tcache off, freed memory poisoned, small mmap threshold) and
# without ASLR, and the normal build on one thread, must print byte for
# byte what the normal build prints -- print<memoryssa> and the walker's
# printout -- over: the regress corpora, Lua as one module (LLVM 14 and
# 22), the offload-oracles cases and, when `make test` has made it, a chunk
# of the csmith corpus.
#
# An order dependency shows as a differing file: the test names it and the
# first differing line. Checked on a fault put in on purpose: walker.c
# translating phi addresses only while mssa_phi_translate's address is below
# mssa_walker_clobber's made the reversed and the shuffle:2026 links fail
# (shuffle:7 happens to keep alias/phitrans.o before mssa/walker.o).
set -u
ROOT=${MEMSSA_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${MEMSSA_BUILD:-$ROOT/build}
BIN=${MEMSSA_BIN:-$BUILD/memssa}
SHARED=${MEMSSA_SHARED:-$(cd "$ROOT/.." && pwd)/shared}
CORPUS=${MEMSSA_CORPUS:-$ROOT/build/corpus}
n=0; failed=0
okay() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi; }

files=()
for d in regress14 regress22 offload-oracles; do
  for f in "$SHARED/corpus/$d"/*.ll; do [ -f "$f" ] && files+=("$f"); done
done
for f in "$SHARED/corpus/real/lua.O2.ll" "$SHARED/corpus/real22/lua.O2.ll"; do [ -f "$f" ] && files+=("$f"); done
for f in "$CORPUS"/csmith/s1-5/*.ll; do [ -f "$f" ] && files+=("$f"); done
[ ${#files[@]} -gt 0 ] || { echo "1..0 # SKIP no corpus under $SHARED/corpus"; exit 0; }
echo "# ${#files[@]} files"

variants=()
for o in reverse shuffle-7 shuffle-2026; do variants+=("$BUILD/link-order/memssa-$o"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# version FILE: --llvm N for a folder with LLVM_VERSION
llvm_of() { local v; v=$(dirname "$1")/LLVM_VERSION; [ -f "$v" ] && echo "--llvm $(cat "$v")"; }

# run NAME [-jN] PREFIX... : prints every file both ways into $tmp/NAME
run() {
  local name=$1 jobs=""; shift
  case "$1" in -j*) jobs=$1; shift ;; esac
  local out=$tmp/$name f k=0
  : >"$out"
  for f in "${files[@]}"; do
    k=$((k + 1))
    # shellcheck disable=SC2046  # llvm_of gives separate words
    for w in "" --walker; do
      echo "== $k $w" >>"$out"
      "$@" print --local $jobs $w $(llvm_of "$f") "$f" >>"$out" 2>&1 || echo "exit $?" >>"$out"
    done
  done
}

run base "$BIN"
okay "$([ -s "$tmp/base" ] && ! grep -q '^exit ' "$tmp/base" && echo 0 || echo 1)" \
  "the normal build prints every file, print and walker"

compare() {   # compare NAME DESCRIPTION
  if cmp -s "$tmp/base" "$tmp/$1"; then okay 0 "$2: byte-identical"; return; fi
  okay 1 "$2: byte-identical"
  diff "$tmp/base" "$tmp/$1" | head -n 8 | sed 's/^/# /'
  local k; k=$(diff "$tmp/base" "$tmp/$1" | head -n 1 | sed 's/[acd,].*//')
  [ -n "$k" ] && echo "# first difference in: $(head -n "$k" "$tmp/base" | grep '^== ' | tail -n 1)"
}

for v in "${variants[@]}"; do
  if [ ! -x "$v" ]; then okay 1 "$(basename "$v") exists (make link-order-all)"; continue; fi
  run "$(basename "$v")" "$v"
  compare "$(basename "$v")" "linked $(basename "$v" | sed 's/^memssa-//')"
done

run alloc env MALLOC_PERTURB_=165 GLIBC_TUNABLES=glibc.malloc.tcache_count=0:glibc.malloc.mmap_threshold=4096 "$BIN"
compare alloc "another allocation pattern (tcache off, poisoned frees, mmap threshold 4096)"
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
  run noaslr setarch "$(uname -m)" -R "$BIN"
  compare noaslr "without address randomization"
fi
run j1 -j1 "$BIN"
compare j1 "on one thread (-j1)"
echo "1..$n"
[ "$failed" = 0 ]
