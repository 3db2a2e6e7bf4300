#!/usr/bin/env bash
# Conformance on the small reproducers of differences first seen in real
# applications (../shared/corpus/regress14 for LLVM 14, regress22 for LLVM
# 22; each folder's README gives the C and the compile command):
#   regress14/loop-after-malloc     phi translation of `add X, C` addresses
#                                   (LLVM's PHITransAddr), which decides
#                                   whether a loop's MemoryPhi blocks;
#   regress22/loop-two-arrays       current LLVM's phi search: no PR46156
#                                   block, size from the translated pointer;
#   regress22/malloc-undeclared-effects  no malloc rule in current BasicAA.
# and the project's own reductions of differences found on Debian's
# libxcrypt sources (tests/fixtures/regress/llvmN, expected printouts made
# by gen-expected with the matching opt):
#   llvm14/nonequal-dominating-branch  isKnownNonEqual's isKnownNonZero
#                                   sees a dominating branch (context from
#                                   safeCxtI);
#   llvm19, llvm22/scale-may-wrap   current BasicAA's MultiplyByScaleNoWrap;
#   llvm19, llvm22/call-gep-of-phi, call-in-loop  LLVM 15..20's BasicAA asks
#                                   a call's pointer operand against the
#                                   whole non-escaping object, sizes unknown
#                                   (aliasGEP: MayAlias unless a GEP); LLVM
#                                   21+ against the location (call-in-loop:
#                                   from memssa's own m_deps_ids.c at -Os);
#   llvm14, llvm19, llvm22/add-of-zexts-nonneg  known bits of an add keep
#                                   its operands' common leading zeros
#                                   (binutils' libiberty md5.c at -O2);
#   llvm14, llvm19, llvm22/const-vs-escaped-local  LLVM 18+ has no "constant
#                                   vs identified object" NoAlias; inttoptr
#                                   constants are escape sources instead
#                                   (libiberty cp-demangle.c, clang-19 -O2);
#   llvm14, llvm19, llvm22/zero-gep-translates  phi translation folds an
#                                   all-zero GEP to its base in current
#                                   LLVM (19, 22), only `gep P, 0` in 14
#                                   (readline display.c, clang-19 -O2);
#   llvm14, llvm19, llvm22/shift-nonequal  isKnownNonEqual through exact
#                                   ashr/lshr and nuw/nsw shl by the same
#                                   amount (readline bind.c, walker, -O2);
#   llvm19, llvm22/zext-nneg-cancels  LLVM 18+'s hasSameCastsAs: a zext nneg
#                                   index cancels a sext one of the same
#                                   width (readline bind.c, walker, -O2);
#   llvm19, llvm22/gep-nuw-nonneg   LLVM 20+: a nusw nuw GEP's index starts
#                                   non-negative (22 NoAlias, 19 not);
#   llvm15/lazy-walker-words        LLVM 15 prints alias words as 14 does,
#                                   and its walker printout optimizes uses
#                                   lazily, so a use's word there is its
#                                   walk's (MayAlias through a phi), not the
#                                   use optimizer's (MustAlias);
#   llvm15/lifetime-must-call       LLVM 15's ModRefInfo has 14's Must bit;
#   llvm15/call-reads-constant-table  LLVM 15's pointsToConstantMemory
#                                   (Ref), not 16's getModRefInfoMask;
#   llvm15/loop-variant-phi         LLVM 15's phi search sizes a
#                                   loop-variant address as 14 does, after
#                                   folding an all-zero GEP as 16 does;
#   llvm16/call-gep-of-phi          before LLVM 18 BasicAA asks only a
#                                   call's nocapture and byval operands
#                                   against a non-escaping object (memssa's
#                                   own aa_basic.c at -O2, clang-16);
#   llvm16/nonequal-selects         isKnownNonEqual through two selects on
#                                   one condition only from LLVM 18 (Lua's
#                                   lstrlib.c str_format at -O2).
# Strict: every annotation identical, print<memoryssa> and the walker's.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
USE_THRESHOLD=100
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/lib.sh"

need_tools
ran=0
for d in regress14 regress22 own/llvm14 own/llvm15 own/llvm16 own/llvm19 own/llvm22; do
  case $d in
    own/*) corpus=$MEMSSA_ROOT/tests/fixtures/regress/${d#own/} ;;
    *) corpus=$MEMSSA_SHARED/corpus/$d ;;
  esac
  [ -d "$corpus" ] || { tap_note "skipped $d: no corpus at $corpus"; continue; }
  v=14
  [ -f "$corpus/LLVM_VERSION" ] && v=$(cat "$corpus/LLVM_VERSION")
  o=opt; [ "$v" = 14 ] || o=opt-$v
  command -v "$o" >/dev/null 2>&1 || { tap_note "skipped $d: $o not installed"; continue; }
  conformance_check "$d" 30 "$corpus"
  CONFORMANCE_FLAGS=--walker conformance_check "$d walker" 30 "$corpus"
  ran=1
done
[ $ran = 1 ] || tap_skip_all "no regress corpus or no matching opt"
tap_done
