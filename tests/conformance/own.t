#!/usr/bin/env bash
# Conformance with LLVM 14 on the project's own C programs (tests/fixtures/c/*.c),
# compiled with clang at test time four ways into $MEMSSA_CORPUS/own:
#   NAME.O0.ll        -O0 -g -Xclang -disable-O0-optnone
#   NAME.O1raw.ll     -O1 -g -Xclang -disable-llvm-passes
#   NAME.O2.ll        -O2 -g
#   NAME.O2opaque.ll  -O2 -g -mllvm -opaque-pointers (where clang 14 crashes
#                     on that, -O2 -g rewritten by `opt -opaque-pointers -S`)
# then ../shared/tools/gen-expected writes opt's printouts beside them
# (only for files whose .c changed) and conformance compares.
#
# Threshold assertions not met yet are TODO (reason below); empty = strict.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/lib.sh"

need_opt_and_tools
CLANG=${CLANG:-clang}
command -v "$CLANG" >/dev/null 2>&1 || tap_skip_all "clang not installed"
src=$MEMSSA_ROOT/tests/fixtures/c
out=$MEMSSA_CORPUS/own
mkdir -p "$out"
shopt -s nullglob
cfiles=("$src"/*.c)
[ ${#cfiles[@]} -gt 0 ] || tap_skip_all "no C programs in $src"

variants=("O0:-O0 -g -Xclang -disable-O0-optnone"
          "O1raw:-O1 -g -Xclang -disable-llvm-passes"
          "O2:-O2 -g"
          "O2opaque:-O2 -g -mllvm -opaque-pointers")
fails=()
stale=()
converted=()
for c in "${cfiles[@]}"; do
  base=$(basename "$c" .c)
  for v in "${variants[@]}"; do
    name=${v%%:*}; flags=${v#*:}
    ll=$out/$base.$name.ll
    if [ ! -f "$ll" ] || [ ! -f "$out/$base.$name.mssa.txt" ] || [ "$c" -nt "$ll" ]; then
      # shellcheck disable=SC2086
      if "$CLANG" $flags -fno-crash-diagnostics -S -emit-llvm -w "$c" -o "$ll" \
           2>"$out/$base.$name.clang.txt"; then
        stale+=("$ll")
      elif [ "$name" = O2opaque ] &&
           "$CLANG" -O2 -g -fno-crash-diagnostics -S -emit-llvm -w "$c" -o "$ll.typed" \
             2>>"$out/$base.$name.clang.txt" &&
           opt -opaque-pointers -S "$ll.typed" -o "$ll" 2>>"$out/$base.$name.clang.txt"; then
        # clang 14's -O2 pipeline crashes on some loops with opaque pointers
        # (LoopAccessAnalysis); then the -O2 typed IR is read by opt
        # -opaque-pointers, which writes it back with opaque pointers.
        rm -f "$ll.typed"; stale+=("$ll"); converted+=("$base")
      else
        fails+=("$base.$name"); rm -f "$ll" "$ll.typed"
      fi
    fi
  done
done
nll=$(( ${#cfiles[@]} * ${#variants[@]} ))
tap_ok "$([ ${#fails[@]} = 0 ] && echo 0 || echo 1)" \
  "clang compiled ${#cfiles[@]} programs x ${#variants[@]} variants (failed: ${#fails[@]})"
[ ${#fails[@]} = 0 ] || tap_diag "failed: ${fails[*]}"
[ ${#converted[@]} = 0 ] || tap_diag "O2opaque made by opt -opaque-pointers from typed -O2 IR (clang 14 crashed): ${converted[*]}"

[ ${#stale[@]} = 0 ] || "$TOOLS/gen-expected" "${stale[@]}"
missing=()
for c in "${cfiles[@]}"; do
  base=$(basename "$c" .c)
  for v in "${variants[@]}"; do
    name=${v%%:*}
    [ -f "$out/$base.$name.mssa.txt" ] || missing+=("$base.$name")
  done
done
tap_ok "$([ ${#missing[@]} = 0 ] && echo 0 || echo 1)" \
  "opt printed MemorySSA for every file ($((nll - ${#missing[@]}))/$nll)"
[ ${#missing[@]} = 0 ] || tap_diag "no printout: ${missing[*]}"

conformance_check "own" 30 "$out"
tap_done
