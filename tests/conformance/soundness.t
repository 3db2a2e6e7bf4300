#!/usr/bin/env bash
# The soundness comparison (tests/unit/test_soundness.c) again, now over every
# corpus: the unit tests run after the conformance scripts, but this run
# belongs with them -- it is ordered last among tests/conformance/, after
# csmith.t and own.t have generated their corpora, so even on a fresh machine
# it compares every corpus with LLVM's answers.
set -u
bin="${MEMSSA_BUILD:-build}/tests/test_soundness"
[ -x "$bin" ] || { echo "1..0 # SKIP $bin not built"; exit 0; }
exec "$bin"
