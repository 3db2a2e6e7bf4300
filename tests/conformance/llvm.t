#!/usr/bin/env bash
# Conformance with LLVM 14 over LLVM's own MemorySSA tests
# (../shared/corpus/llvm-memoryssa): every MemoryDef and MemoryPhi
# annotation identical, IDs included; >= 97% of MemoryUse annotations
# identical; no crash, no timeout.
#
# Threshold assertions not met yet are TODO (reason below); empty = strict.
# shellcheck disable=SC2034  # read by lib.sh
TODO_DEFS=""
TODO_PHIS=""
TODO_USES=""
# shellcheck source=tests/conformance/lib.sh
. "$(dirname "$0")/lib.sh"

need_opt_and_tools
corpus=$MEMSSA_SHARED/corpus/llvm-memoryssa
[ -d "$corpus" ] || tap_skip_all "no corpus at $corpus"

conformance_check "llvm-memoryssa" 30 "$corpus"
tap_done
