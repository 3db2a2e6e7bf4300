#!/usr/bin/env bash
# The soundness comparison (tests/test_soundness.c) again, now over every
# corpus: prove runs the compiled tests before the scripts, so on a fresh
# machine build/tests/test_soundness ran before conformance-csmith.t had
# generated the csmith corpus; this run, ordered after it, includes it.
set -u
bin="${MEMSSA_BUILD:-build}/tests/test_soundness"
[ -x "$bin" ] || { echo "1..0 # SKIP $bin not built"; exit 0; }
exec "$bin"
