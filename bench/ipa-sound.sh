#!/usr/bin/env bash
# The soundness check of interprocedural mod/ref summaries in full (issue 27,
# point 5): `memssa summary --local --ipa` on csmith programs and on Lua
# (its files linked into one module), checked against every memory access
# of the programs running (tests/ipa-sound/: instrument.c, rt.c, check.c,
# driven by sound.py). Writes the figures into bench/RESULTS.md (the
# section between the ipa-sound markers) and build/bench-ipa-sound.md.
#
#   bench/ipa-sound.sh [-n] [--csmith A-B] [--csmith-o2 A-B] [--lua S1,S2,...]
#                      [--lua-project S1,S2,...] [--lua22 S1,S2,...]
#
# -n: do not touch bench/RESULTS.md. --raw FILE: render the report FILE of
# an earlier `sound.py --out FILE` run with these options instead of
# running (the section then says so). Defaults: csmith seeds 1-120 at -O1
# without LLVM passes, 1-40 at -O2, and the Lua scripts below (testes/:
# Lua linked into one module, and a few with Lua as a program of its 33
# files, one module each, given to memssa summary together; and a few with
# the clang-22 -O2 Lua of ../shared/corpus/real22;
# each under a 60 s limit: a run cut by the limit still counts, its
# facts are all real accesses). Exit status 1 on any violation.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${MEMSSA_BUILD:-${BUILD:-$root/build}}
export MEMSSA_BUILD=$build MEMSSA_ROOT=$root
export MEMSSA_BIN=${MEMSSA_BIN:-$build/memssa}
export MEMSSA_SHARED=${MEMSSA_SHARED:-$root/../shared}
write=1 csmith=1-120 csmith_o2=1-40 raw=
lua=bitwise,strings,tpack,utf8,vararg,events,closure,literals,goto,pm,math,nextvar,sort,calls,constructs,coroutine,locals,errors
luaproj=bitwise,strings,tpack,utf8,vararg,events,closure,goto
lua22=bitwise,strings,tpack,utf8,vararg,events,closure,goto,literals,pm
while [ $# -gt 0 ]; do
  case $1 in
    -n) write=0; shift ;;
    --csmith) csmith=$2; shift 2 ;;
    --csmith-o2) csmith_o2=$2; shift 2 ;;
    --lua) lua=$2; shift 2 ;;
    --lua-project) luaproj=$2; shift 2 ;;
    --lua22) lua22=$2; shift 2 ;;
    --raw) raw=$2; shift 2 ;;
    *) echo "usage: $0 [-n] [--csmith A-B] [--csmith-o2 A-B] [--lua S1,...] [--lua-project S1,...] [--lua22 S1,...] [--raw FILE]" >&2; exit 2 ;;
  esac
done
out=$build/bench-ipa-sound.md
mkdir -p "$build"
start=$(date -u '+%Y-%m-%d %H:%M UTC')
if [ -n "$raw" ]; then
  # an earlier run's report (sound.py --out), rendered again: say which
  cp "$raw" "$out.raw"
  grep -q '^TOTAL .* violations 0 ' "$out.raw"
  rc=$?
else
  python3 "$root/tests/ipa-sound/sound.py" --csmith "$csmith" --csmith-o2 "$csmith_o2" --lua "$lua" \
    --lua-project "$luaproj" --lua22 "$lua22" --lua-timeout 60 --out "$out.raw"
  rc=$?
fi
[ -f "$out.raw" ] || exit 2
{
  echo "<!-- ipa-sound: begin (bench/ipa-sound.sh, $start; do not edit by hand) -->"
  echo "## Interprocedural summaries checked against the programs running (issue 27, point 5)"
  echo
  if [ -n "$raw" ]; then
    echo "\`bench/ipa-sound.sh --raw\` ($start, commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null)): the report of an"
    echo "earlier run with the options below ($raw):"
  else
    echo "\`bench/ipa-sound.sh\` ($start, commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null)):"
  fi
  echo "csmith seeds $csmith (clang-14 -O1 without LLVM passes, -g) and $csmith_o2 (-O2),"
  echo "Lua linked into one module running testes/{$lua}.lua, and Lua as a"
  echo "program of its files (one module each) running testes/{$luaproj}.lua, and the"
  echo "shared corpus' clang-22 -O2 Lua (real22/lua.O2.ll, opaque pointers) running"
  echo "testes/{$lua22}.lua. Each program is"
  echo "instrumented (every load, store, atomic, memory intrinsic, alloca, heap"
  echo "allocation, setjmp/longjmp and wrapped library call), run, and every access"
  echo "of every activation checked against \`memssa summary --local --ipa\` of the"
  echo "same IR (tests/ipa-sound/README.md says how accesses map to summary terms)."
  echo
  echo '```'
  cat "$out.raw"
  echo '```'
  echo "<!-- ipa-sound: end -->"
} > "$out"
rm -f "$out.raw"
if [ $write = 1 ] && [ $rc != 2 ]; then  # not from a run where something could not run
  python3 - "$here/RESULTS.md" "$out" <<'PY'
import re, sys
res, new = sys.argv[1], open(sys.argv[2]).read()
s = open(res).read()
pat = re.compile(r"<!-- ipa-sound: begin.*?<!-- ipa-sound: end -->\n", re.S)
s = pat.sub(lambda m: new, s) if pat.search(s) else s.rstrip("\n") + "\n\n" + new
open(res, "w").write(s)
PY
fi
grep '^TOTAL' "$out"
exit $rc
