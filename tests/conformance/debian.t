#!/usr/bin/env bash
# Conformance on real C that Debian ships as source packages (libxcrypt's
# lib/ and BlueZ's lib/ and src/shared/), compiled file by file by clang 14,
# 19 and 22 at -O2 and at -O1 without LLVM passes, against the matching opt,
# print<memoryssa> and the walker's printout. The corpus is made by
# tests/conformance/gen-debian-corpus.sh into $MEMSSA_CORPUS/debianN and
# cached there (about 3 CPU-minutes the first time, on 2 cores).
# Strict: every annotation identical.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
USE_THRESHOLD=100
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/lib.sh"

need_tools
[ -d /usr/src/libxcrypt/lib ] || [ -f /usr/src/bluez.tar.bz2 ] ||
  tap_skip_all "libxcrypt-source and bluez-source not installed (apt-get install libxcrypt-source bluez-source)"
t0=$(date +%s)
MEMSSA_SHARED=$MEMSSA_SHARED nice "$(dirname "$0")/gen-debian-corpus.sh" "$MEMSSA_CORPUS" 2>&1 | sed 's/^/# /'
tap_note "debian corpora ready in $(( $(date +%s) - t0 )) s"
ran=0
for v in 14 19 22; do
  d=$MEMSSA_CORPUS/debian$v
  [ -f "$d/.complete" ] || { tap_note "debian$v: not made (clang or opt missing)"; continue; }
  conformance_check "debian$v" 60 "$d"
  CONFORMANCE_FLAGS=--walker conformance_check "debian$v walker" 60 "$d"
  ran=1
done
[ $ran = 1 ] || tap_skip_all "no debian corpus could be made"
tap_done
