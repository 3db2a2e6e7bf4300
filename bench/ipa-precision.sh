#!/bin/sh
# bench/ipa-precision.sh -- issue 27's figures for --ipa on Lua as one
# module (../shared/corpus/real22/lua.O2.ll, LLVM 22; and real/, LLVM 14):
#   precision: loads of non-local memory whose walker clobber is a call
#     without --ipa, and how many move past the call with --ipa
#     (bench/ipa_precision.py), with the callees that keep the most;
#   cost: `memssa build --local -j1` with and without --ipa, and opt-22 with
#     function-attrs and globals-aa and the walker printer (LLVM's own
#     interprocedural analyses), median of 3 under /usr/bin/time -v, wall
#     and CPU (user + system) seconds;
#   memory: summary entries per function (memssa summary --ipa).
# With no FILE, also Lua as a project of its files: every .c of
# ../shared/corpus/lua-src but onelua.c, ltests.c and luac.c, compiled by
# clang-22 -O2 into build/ipa-lua/ (one module each), as one program.
# Prints markdown for bench/RESULTS.md. Usage: bench/ipa-precision.sh [FILE.ll...]
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
BIN=${MEMSSA_BIN:-$ROOT/build/memssa}
SHARED=${MEMSSA_SHARED:-$(dirname "$ROOT")/shared}
OPT22=${OPT22:-opt-22}
PROJECT=0
if [ $# -eq 0 ]; then set -- "$SHARED/corpus/real22/lua.O2.ll" "$SHARED/corpus/real/lua.O2.ll"; PROJECT=1; fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# median of 3 runs of a command: "wall cpu maxrss_kb"
med3() {
  for k in 1 2 3; do
    /usr/bin/time -v "$@" > /dev/null 2> "$TMP/time.$k" || true
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
                /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
                END { printf "%.3f %.3f %d\n", w, u + s, m }' "$TMP/time.$k"
  done | sort -n | sed -n 2p
}

for f in "$@"; do
  [ -f "$f" ] || { echo "skipped (missing): $f"; continue; }
  echo "### $(basename "$(dirname "$f")")/$(basename "$f")"
  echo
  echo '```'
  python3 "$HERE/ipa_precision.py" "$BIN" "$f"
  echo '```'
  echo
  plain=$(med3 "$BIN" build --local -j1 "$f")
  ipa=$(med3 "$BIN" build --local -j1 --ipa "$f")
  echo "| run (median of 3) | wall s | CPU s | max RSS MB |"
  echo "|---|---:|---:|---:|"
  echo "$plain" | awk '{ printf "| memssa build --local -j1 | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1024 }'
  echo "$ipa" | awk '{ printf "| memssa build --local -j1 --ipa | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1024 }'
  if command -v "$OPT22" > /dev/null 2>&1; then
    o=$(med3 "$OPT22" -passes='module(cgscc(function-attrs),require<globals-aa>,function(print<memoryssa-walker>))' \
        -aa-pipeline=globals-aa,basic-aa,scoped-noalias-aa,tbaa -disable-output "$f")
    echo "$o" | awk '{ printf "| opt-22 function-attrs, globals-aa, print<memoryssa-walker> | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1024 }'
  fi
  echo
  "$BIN" summary --local --ipa "$f" > "$TMP/sum.json"
  python3 - "$TMP/sum.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
fs = d["functions"]
known = [f for f in fs if not f["unknown"]]
sizes = sorted(len(f["reads"]) + len(f["writes"]) for f in known)
reasons = {}
for f in fs:
    if f["unknown"]:
        reasons[f["reason"]] = reasons.get(f["reason"], 0) + 1
print("summaries: %d functions, %d unknown %s; entries per known summary: mean %.1f, median %d, max %d "
      "(24 bytes an entry in memory)" % (len(fs), len(fs) - len(known), reasons or "",
      sum(sizes) / max(1, len(sizes)), sizes[len(sizes) // 2] if sizes else 0, sizes[-1] if sizes else 0))
print("globals: %d, of which %d never address-taken" % (len(d["globals"]),
      sum(1 for g in d["globals"] if not g["address_taken"])))
PY
  echo
done

# Lua as a project of its files
LUA_SRC=${LUA_SRC:-$SHARED/corpus/lua-src}
CLANG22=${CLANG22:-clang-22}
if [ "$PROJECT" = 1 ] && [ -d "$LUA_SRC" ] && command -v "$CLANG22" > /dev/null 2>&1; then
  OUT=$ROOT/build/ipa-lua
  mkdir -p "$OUT"
  for c in "$LUA_SRC"/*.c; do
    b=$(basename "$c" .c)
    case $b in onelua|ltests|luac) continue ;; esac
    [ "$OUT/$b.ll" -nt "$c" ] || "$CLANG22" -O2 -DLUA_USE_LINUX -S -emit-llvm -o "$OUT/$b.ll" "$c"
  done
  set -- "$OUT"/*.ll
  echo "### Lua as a project: $# modules (clang-22 -O2, build/ipa-lua)"
  echo
  echo '```'
  python3 "$HERE/ipa_precision.py" "$BIN" "$@"
  echo '```'
  echo
  plain=$TMP/plain.sh
  printf '#!/bin/sh\nfor f in "$@"; do "%s" build --local -j1 "$f" || exit 1; done\n' "$BIN" > "$plain"
  chmod +x "$plain"
  p=$(med3 "$plain" "$@")
  i=$(med3 "$BIN" build --local -j1 --ipa "$@")
  echo "| run (median of 3) | wall s | CPU s | max RSS MB |"
  echo "|---|---:|---:|---:|"
  echo "$p" | awk '{ printf "| memssa build --local -j1, file by file | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1024 }'
  echo "$i" | awk '{ printf "| memssa build --local -j1 --ipa, all files | %.2f | %.2f | %.0f |\n", $1, $2, $3 / 1024 }'
  echo
fi
