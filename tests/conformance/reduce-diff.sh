#!/usr/bin/env bash
# reduce-diff.sh -- shrink a function on which memssa and LLVM's opt
# disagree about a MemoryUse to a small .ll file that still shows it.
#
#   tests/conformance/reduce-diff.sh FILE.ll FUNCTION [--llvm N] [--walker]
#       [--bin PATH] [-o OUT.ll] [--keep] [--all-passes] [--jobs N]
#       [--delta-passes LIST] [--any]
#
# 1. llvm-extract (of LLVM N: /usr/lib/llvm-N/bin) takes FUNCTION out of
#    FILE.ll (its callees become declarations);
# 2. an interestingness test is written beside the output: it runs opt-N
#    -passes='print<memoryssa>' -memssa-check-limit=1000000 (with --walker:
#    print<memoryssa-walker>) and `memssa print --local [--llvm N]
#    [--walker]`, compares the two printouts with ../shared/tools/
#    mssa-compare and succeeds iff both programs succeed, every MemoryDef
#    and MemoryPhi matches (up to numbering) and at least one MemoryUse does
#    not: the file still shows a MemoryUse difference, and not some other
#    one (a crash or a def difference is another bug, not this one);
#    with --any, a difference in any annotation will do (e.g. a walker
#    printout's "MemoryDef(..)->N - clobbered by" of a def);
# 3. llvm-reduce (of LLVM N) runs with that test on the extracted function.
#    By default (LLVM 15 and later) without the delta passes that replace
#    operands by constants (operands-zero, -one, -nan, -poison): a pointer
#    turned into null or poison makes a new, degenerate alias question and
#    the reduced file then often shows another difference than the one
#    asked about. --all-passes runs them too (smaller, less faithful).
#    LLVM 14's llvm-reduce has no pass selection and replaces a removed
#    instruction's uses by undef, so for LLVM 14 --all-passes is implied.
#    Likewise the test refuses a candidate holding more null, undef or
#    poison pointers (`ptr null`, `i8* undef`, ...) than the extracted
#    function: removing an alloca or a GEP makes its users read poison.
#    --jobs N: llvm-reduce -j N (LLVM 15 and later; default 1).
#    --delta-passes LIST: only these llvm-reduce passes (LLVM 15 and later;
#    `llvm-reduce-N --print-delta-passes` lists them), e.g. for speed.
# Last line printed: "reduced: OUT.ll (B bytes, L lines)", then the
# differing annotations of the reduced file (mssa-compare's words).
#
# N: --llvm N, else the LLVM_VERSION file beside FILE.ll (as conformance
# reads it), else 14 (LLVM 14 IR with opaque pointers gets -opaque-pointers).
# --bin: the memssa under test (default $MEMSSA_BIN, else build/memssa).
# OUT.ll default: FUNCTION.reduced.ll in a new folder under ${TMPDIR:-/tmp}.
# --keep keeps the work folder (extracted function, the test script).
# Exit status: 0 reduced; 1 the extracted function shows no MemoryUse
# difference (nothing to reduce); 2 usage or tool errors.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
MEMSSA_SHARED=${MEMSSA_SHARED:-$(cd "$root/.." && pwd)/shared}
bin=${MEMSSA_BIN:-$root/build/memssa}
compare=${MSSA_COMPARE:-$MEMSSA_SHARED/tools/mssa-compare}
file="" func="" ver="" walker=0 out="" keep=0 allpasses=0 jobs=1 dpasses="" any=0
usage() { echo "usage: reduce-diff.sh FILE.ll FUNCTION [--llvm N] [--walker] [--bin PATH] [-o OUT.ll] [--keep] [--all-passes] [--jobs N] [--delta-passes LIST] [--any]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --llvm) ver=${2:-}; shift ;;
    --walker) walker=1 ;;
    --bin) bin=${2:-}; shift ;;
    -o) out=${2:-}; shift ;;
    --keep) keep=1 ;;
    --all-passes) allpasses=1 ;;
    --jobs) jobs=${2:-1}; shift ;;
    --delta-passes) dpasses=${2:-}; shift ;;
    --any) any=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage ;;
    *) if [ -z "$file" ]; then file=$1; elif [ -z "$func" ]; then func=$1; else usage; fi ;;
  esac
  shift
done
{ [ -n "$file" ] && [ -n "$func" ]; } || usage
[ -f "$file" ] || { echo "reduce-diff.sh: no file $file" >&2; exit 2; }
[ -n "$ver" ] || ver=$(cat "$(dirname "$file")/LLVM_VERSION" 2>/dev/null || echo 14)
llvmbin=/usr/lib/llvm-$ver/bin
for t in opt llvm-extract llvm-reduce; do
  [ -x "$llvmbin/$t" ] || { echo "reduce-diff.sh: no $llvmbin/$t (apt-get install llvm-$ver)" >&2; exit 2; }
done
[ -x "$bin" ] || { echo "reduce-diff.sh: no memssa at $bin (make, or --bin)" >&2; exit 2; }
[ -x "$compare" ] || { echo "reduce-diff.sh: no mssa-compare at $compare (set MEMSSA_SHARED)" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")

work=$(mktemp -d "${TMPDIR:-/tmp}/reduce-diff.XXXXXX")
[ -n "$out" ] || out=$work/$func.reduced.ll
# The work folder goes at exit, unless --keep, or it holds the result, or
# llvm-reduce failed (its log is there).
# shellcheck disable=SC2317  # called by the trap
cleanup() {
  local rc=$?
  [ "$keep" = 1 ] && return
  [ "$rc" = 0 ] && [ "$(dirname "$out")" = "$work" ] && return
  rm -rf "$work"
}
trap cleanup EXIT

# LLVM 14 reads opaque pointers only when asked to.
optflags=""
if [ "$ver" = 14 ] && ! "$llvmbin/opt" -disable-output "$file" 2>/dev/null &&
   "$llvmbin/opt" -opaque-pointers -disable-output "$file" 2>/dev/null; then
  optflags="-opaque-pointers"
fi
# shellcheck disable=SC2086
if ! "$llvmbin/llvm-extract" $optflags -S --func="$func" "$file" -o "$work/extracted.ll" 2>"$work/extract.err"; then
  echo "reduce-diff.sh: llvm-extract failed: $(head -c 300 "$work/extract.err")" >&2; exit 2
fi

[ "$ver" -ge 15 ] 2>/dev/null || allpasses=1
degen='(ptr|[*]) (null|undef|poison)([^a-zA-Z0-9_]|$)'
ndegen=$(grep -cE "$degen" "$work/extracted.ll")
[ $allpasses = 1 ] && ndegen=1000000000
pass='print<memoryssa>' mflags="--local"
[ "$ver" = 14 ] || mflags="$mflags --llvm $ver"
[ $walker = 1 ] && { pass='print<memoryssa-walker>'; mflags="$mflags --walker"; }
test_sh=$work/interesting.sh
cat >"$test_sh" <<EOF
#!/usr/bin/env bash
# Interestingness test written by reduce-diff.sh: succeeds iff opt-$ver and
# memssa both print \$1 and they differ in a MemoryUse (defs and phis equal).
set -u
[ "\$(grep -cE '$degen' "\$1")" -le $ndegen ] || exit 1
d=\$(mktemp -d "$work/t.XXXXXX")
trap 'rm -rf "\$d"' EXIT
"$llvmbin/opt" $optflags -passes='$pass' -memssa-check-limit=1000000 -disable-output "\$1" 2>"\$d/exp" >/dev/null || exit 1
timeout 20 "$bin" print $mflags "\$1" >"\$d/act" 2>/dev/null || exit 1
s=\$("$compare" --summary "\$d/exp" "\$d/act" 2>/dev/null)
re='missing 0 \\| defs ([0-9]+)/([0-9]+) phis ([0-9]+)/([0-9]+) uses ([0-9]+)/([0-9]+) '
[[ \$s =~ \$re ]] || exit 1
r=("\${BASH_REMATCH[@]}")
if [ $any = 1 ]; then
  [ "\${r[1]}" != "\${r[2]}" ] || [ "\${r[3]}" != "\${r[4]}" ] || [ "\${r[5]}" != "\${r[6]}" ]
else
  [ "\${r[1]}" = "\${r[2]}" ] && [ "\${r[3]}" = "\${r[4]}" ] && [ "\${r[5]}" -lt "\${r[6]}" ]
fi
EOF
chmod +x "$test_sh"

if ! "$test_sh" "$work/extracted.ll"; then
  [ $any = 1 ] && what="difference" || what="MemoryUse difference"
  echo "reduce-diff.sh: $func of $file shows no $what (LLVM $ver$([ $walker = 1 ] && echo ', walker'))" >&2
  exit 1
fi
rflags=""
if [ "$ver" -ge 15 ] 2>/dev/null; then
  rflags="-j $jobs"
  if [ $allpasses = 1 ]; then :; else
    # Only the passes this llvm-reduce has (LLVM 19 has no operands-poison).
    have=$("$llvmbin/llvm-reduce" --print-delta-passes 2>&1)
    skip=""
    for p in operands-zero operands-one operands-nan operands-poison; do
      grep -qw -- "$p" <<<"$have" && skip="$skip${skip:+,}$p"
    done
    [ -z "$skip" ] || rflags="$rflags --skip-delta-passes=$skip"
  fi
  [ -z "$dpasses" ] || rflags="$rflags --delta-passes=$dpasses"
fi
# shellcheck disable=SC2086
(cd "$work" && "$llvmbin/llvm-reduce" $rflags --test="$test_sh" -o "$out" extracted.ll >"$work/reduce.log" 2>&1)
if [ ! -s "$out" ] || ! "$test_sh" "$out"; then
  echo "reduce-diff.sh: llvm-reduce produced no interesting file; log: $work/reduce.log" >&2
  keep=1; exit 2
fi
"$llvmbin/opt" $optflags -passes="$pass" -memssa-check-limit=1000000 -disable-output "$out" 2>"$work/exp.txt" >/dev/null
# shellcheck disable=SC2086
"$bin" print $mflags "$out" >"$work/act.txt" 2>/dev/null
"$compare" "$work/exp.txt" "$work/act.txt" 2>/dev/null | sed 's/^/  /'
echo "reduced: $out ($(wc -c <"$out") bytes, $(wc -l <"$out") lines)"
exit 0
