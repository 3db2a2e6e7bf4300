#!/usr/bin/env bash
# Conformance on Debian's libxcrypt and BlueZ sources (as
# tests/conformance/debian.t) at the other optimisation levels issue 25
# asks for: -O0 (optnone removed), -O3 and -Os, every file, clang 14, 19
# and 22 against the matching opt, print<memoryssa> and the walker's
# printout (`make test-real`; `make test` runs a sample of these levels in
# debian.t). The corpus is made by tests/conformance/gen-debian-corpus.sh
# --set levels into $MEMSSA_CORPUS/debianN.levels and cached there (about
# 6 CPU-minutes the first time).
# Strict: every annotation identical.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
USE_THRESHOLD=100
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/../conformance/lib.sh"

need_tools
[ -d /usr/src/libxcrypt/lib ] || [ -f /usr/src/bluez.tar.bz2 ] ||
  tap_skip_all "libxcrypt-source and bluez-source not installed (apt-get install libxcrypt-source bluez-source)"
t0=$(date +%s)
MEMSSA_SHARED=$MEMSSA_SHARED nice "$MEMSSA_ROOT/tests/conformance/gen-debian-corpus.sh" \
  --levels "O0 O3 Os" --set levels "$MEMSSA_CORPUS" 2>&1 | sed 's/^/# /'
tap_note "debian corpora (O0, O3, Os) ready in $(( $(date +%s) - t0 )) s"
ran=0
for v in 14 19 22; do
  d=$MEMSSA_CORPUS/debian$v.levels
  [ -f "$d/.complete" ] || { tap_note "debian$v.levels: not made (clang or opt missing)"; continue; }
  for lvl in O0 O3 Os; do
    files=()
    for f in "$d"/*."$lvl".ll; do [ -f "${f%.ll}.mssa.txt" ] && files+=("$f"); done
    [ ${#files[@]} -gt 0 ] || { tap_ok 1 "debian$v $lvl: files with opt's printouts"; continue; }
    conformance_check "debian$v $lvl" 120 "${files[@]}"
    CONFORMANCE_FLAGS=--walker conformance_check "debian$v $lvl walker" 120 "${files[@]}"
  done
  ran=1
done
[ $ran = 1 ] || tap_skip_all "no debian corpus could be made"
tap_done
