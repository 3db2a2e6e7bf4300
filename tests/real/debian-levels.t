#!/usr/bin/env bash
# Conformance on Debian's libxcrypt and BlueZ sources (as
# tests/conformance/debian.t) at the other optimisation levels issue 25
# asks for: -O0 (optnone removed), -O3 and -Os, every file, clang 14, 19
# and 22 against the matching opt, print<memoryssa> and the walker's
# printout (`make test-real`; `make test` runs a sample of these levels in
# debian.t). The corpus is made by tests/conformance/gen-debian-corpus.sh
# --set levels into $MEMSSA_CORPUS/debianN.levels and cached there (about
# 6 CPU-minutes the first time).
# binutils' libiberty (33 files), gdb's readline and libdecnumber (33) and
# Linux 6.1's lib/ (24) (binutils-source, gdb-source, linux-source-6.1)
# at all five levels: -O2 and -O1 without passes into
# $MEMSSA_CORPUS/debianN.gnu, -O0, -O3 and -Os into debianN.gnu-levels.
# Strict: every annotation identical.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
USE_THRESHOLD=100
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/../conformance/lib.sh"

need_tools
[ -d /usr/src/libxcrypt/lib ] || [ -f /usr/src/bluez.tar.bz2 ] || [ -f /usr/src/gdb.tar.xz ] ||
  [ -f /usr/src/linux-source-6.1.tar.xz ] || compgen -G '/usr/src/binutils/binutils-*.tar.xz' >/dev/null ||
  tap_skip_all "no Debian source package installed (apt-get install libxcrypt-source bluez-source binutils-source gdb-source linux-source-6.1)"
t0=$(date +%s)
MEMSSA_SHARED=$MEMSSA_SHARED nice "$MEMSSA_ROOT/tests/conformance/gen-debian-corpus.sh" \
  --levels "O0 O3 Os" --set levels "$MEMSSA_CORPUS" 2>&1 | sed 's/^/# /'
for s in "gnu O2 O1raw" "gnu-levels O0 O3 Os"; do
  MEMSSA_SHARED=$MEMSSA_SHARED nice "$MEMSSA_ROOT/tests/conformance/gen-debian-corpus.sh" \
    --pkgs "binutils gdb linux" --levels "${s#* }" --set "${s%% *}" "$MEMSSA_CORPUS" 2>&1 | sed 's/^/# /'
done
tap_note "debian corpora (O0, O3, Os; binutils, gdb, linux at all levels) ready in $(( $(date +%s) - t0 )) s"
ran=0
# check_levels LABEL DIR LEVEL...: print and walker on DIR's files of each LEVEL
check_levels() {
  local label=$1 d=$2 lvl f files; shift 2
  for lvl in "$@"; do
    files=()
    for f in "$d"/*."$lvl".ll; do [ -f "${f%.ll}.mssa.txt" ] && files+=("$f"); done
    [ ${#files[@]} -gt 0 ] || { tap_ok 1 "$label $lvl: files with opt's printouts"; continue; }
    conformance_check "$label $lvl" 120 "${files[@]}"
    CONFORMANCE_FLAGS=--walker conformance_check "$label $lvl walker" 120 "${files[@]}"
  done
  ran=1
}
for v in 14 19 22; do
  d=$MEMSSA_CORPUS/debian$v.levels
  if [ -f "$d/.complete" ] && [ -n "$(find "$d/" -maxdepth 1 -name '*.ll' -print -quit)" ]; then
    check_levels "debian$v" "$d" O0 O3 Os
  else
    tap_note "debian$v.levels: not made or empty (clang, opt or the packages missing)"
  fi
  for s in "gnu O2 O1raw" "gnu-levels O0 O3 Os"; do
    d=$MEMSSA_CORPUS/debian$v.${s%% *}
    if [ -f "$d/.complete" ] && [ -n "$(find "$d/" -maxdepth 1 -name '*.ll' -print -quit)" ]; then
      # shellcheck disable=SC2086  # the levels are separate words
      check_levels "debian$v binutils/gdb/linux" "$d" ${s#* }
    else
      tap_note "debian$v.${s%% *}: not made or empty (clang, opt or the packages missing)"
    fi
  done
done
[ $ran = 1 ] || tap_skip_all "no debian corpus could be made"
tap_done
