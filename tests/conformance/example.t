#!/usr/bin/env bash
# The README's first command: `make example` runs
# `build/memssa print --local examples/sum.ll`. Check that it works and that
# its annotations are exactly LLVM 14's (examples/sum.mssa.txt, made by opt),
# and that verify and build accept the example too.
set -u
root=${MEMSSA_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
bin=${MEMSSA_BIN:-$root/build/memssa}
shared=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
ex=$root/examples/sum.ll
echo "1..5"
n=0; bad=0
t() { # STATUS DESCRIPTION
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; bad=$((bad + 1)); fi
}
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$bin" print --local "$ex" >"$out" 2>&1
t $? "memssa print --local examples/sum.ll exits 0"
grep -q 'MemoryPhi(' "$out"
t $? "the example has a MemoryPhi"
if command -v python3 >/dev/null && [ -x "$shared/tools/mssa-compare" ]; then
  "$shared/tools/mssa-compare" "$root/examples/sum.mssa.txt" "$out" >"$out.cmp" 2>&1
  st=$?
  t $st "annotations identical to opt's (examples/sum.mssa.txt)"
  [ $st = 0 ] || sed 's/^/# /' "$out.cmp" >&2
  rm -f "$out.cmp"
else
  n=$((n + 1)); echo "ok $n # SKIP no mssa-compare at $shared/tools"
fi
"$bin" verify --local "$ex" >/dev/null 2>&1
t $? "memssa verify --local examples/sum.ll exits 0"
line=$("$bin" build --local "$ex" 2>&1)
[[ $line =~ ^functions\ 1\ blocks\ [0-9]+\ instructions\ [0-9]+\ defs\ [0-9]+\ uses\ [0-9]+\ phis\ [0-9]+\ ms\  ]]
st=$?
t $st "memssa build --local prints one summary line"
[ $st = 0 ] || echo "# got: $line" >&2
exit $((bad > 0))
