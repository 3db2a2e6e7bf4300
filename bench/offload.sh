#!/usr/bin/env bash
# The queries compilers offload, through memssad's socket and the C client
# library against the same answers computed in-process (bench/offload_bench.c
# links libmemssa.a and calls query/deps.h directly):
#   - `accesses` of every defined function of the module (cold: the walker
#     computes every clobber; warm: again, cached);
#   - 10,000 alias/depends queries between random memory instructions of one
#     function: as one JSON-RPC batch, pipelined, and one round trip each.
# Every socket answer is compared with the in-process one.
#
#   bench/offload.sh [-o OUT.md] [-n QUERIES]      (MODULE=FILE.ll to change the module)
#
# Default module: ../shared/corpus/real/lua.O2.ll. Goal: the socket costs no
# more than 2x in-process. Reported: wall and CPU time (the socket's CPU is
# the client's plus the daemon's, all threads), the load average before and
# after (the machine may be shared: CPU time is the fairer figure then).
#
# Environment: BUILD (build-release: `make release`, as `make bench-offload`
# does), MEMSSAD_BIN ($BUILD/memssad), CC.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
CC=${CC:-cc}
OUT=$BUILD/bench-offload.md
N=10000
. "$ROOT/bench/lib/daemon.sh"
bench_daemon_init offload.sh "$@"
LL=${MODULE:-$ROOT/../shared/corpus/real/lua.O2.ll}
for f in "$BUILD/libmemssa.a" "$BUILD/libmemssa-client.a"; do
  [ -e "$f" ] || { echo "offload.sh: no $f (make release)" >&2; exit 1; }
done
mkdir -p "$BUILD/bench"
"$CC" -std=c11 -Wall -Wextra -Werror -O2 -g -I"$ROOT/analysis" -I"$ROOT/clients" -DMSSA_CHECKS=0 \
  $(pkg-config --cflags jansson) "$ROOT/bench/offload_bench.c" \
  "$BUILD/libmemssa-client.a" "$BUILD/libmemssa.a" $(pkg-config --libs jansson) -lm \
  -o "$BUILD/bench/offload_bench"

"$MEMSSAD" --socket "$TMP/d.sock" -q 2>"$TMP/d.log" &
DPID=$!
for _ in $(seq 200); do [ -S "$TMP/d.sock" ] && break; sleep 0.05; done

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
status=0
"$BUILD/bench/offload_bench" "$TMP/d.sock" "$LL" "$N" "$DPID" > "$TMP/raw.txt" || status=1
cat "$TMP/raw.txt"
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

field() { sed -E "s/.* $1=([0-9.]+).*/\1/" <<<" $2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf (b > 0 ? "%.2f" : "-"), a / b }'; }
{
  echo "Module: $(basename "$LL"); $N alias/depends queries; $(nproc) CPUs;"
  echo "load average $LOAD_BEFORE before, $LOAD_AFTER after."
  echo
  echo "| phase | n | in-process wall / CPU (s) | socket wall / CPU (s) | of which memssad CPU | reply MB | ratio wall | ratio CPU | mismatches |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  while read -r phase rest; do
    iw=$(field in_wall "$rest"); ic=$(field in_cpu "$rest")
    sw=$(field sock_wall "$rest"); sc=$(field sock_cpu "$rest")
    echo "| $phase | $(field n "$rest") | $iw / $ic | $sw / $sc | $(field daemon_cpu "$rest") | $(awk -v b="$(field reply_bytes "$rest")" 'BEGIN { printf (b > 0 ? "%.1f" : "-"), b / 1e6 }') | $(ratio "$sw" "$iw") | $(ratio "$sc" "$ic") | $(field mismatches "$rest") |"
  done < "$TMP/raw.txt"
} > "$OUT"
cat "$OUT"
exit "$status"
