#!/usr/bin/env bash
# The queries compilers offload, through memssad's socket and the C client
# library against the same answers computed in-process (bench/offload_bench.c
# links libmemssa.a and calls query/deps.h directly):
#   - `accesses` of every defined function of the module (cold: the walker
#     computes every clobber; warm: again, cached);
#   - `accesses` of every function again, on a fresh copy of the module on
#     both sides, through `"functions":"*"`: several functions a request
#     (accesses_all, cold and warm; docs/offload.md "Several functions in
#     one request");
#   - 10,000 alias/depends queries between random memory instructions of one
#     function: as one JSON-RPC batch, pipelined, and one round trip each;
#     in the packed form also grouped (`pairs`: one alias and one depends
#     request a function, docs/offload.md "Several questions in one request")
#     and through memssa_client_queries (queries_many: the caller's random
#     order, sent as `pairs` over several functions, 64 a request,
#     pipelined by the library, "Many questions over many functions").
# Every socket answer is compared with the in-process one. Each reply form
# (docs/offload.md: `full`, the default, `ids` and `packed`) runs against a
# fresh daemon and a fresh in-process module.
#
#   bench/offload.sh [-o OUT.md] [-n QUERIES] [-f FORMS] [-i]
#
# -f: the forms to run ("full ids packed", the default, or some of them).
# -i: instruction counts instead of times: the daemon and the benchmark run
#     under valgrind --tool=callgrind (about 50x slower: use -n 2000), and
#     each phase's in-process, client and daemon instructions are read from
#     the dumps the benchmark triggers (offload_bench.c, head comment).
#     Instructions do not depend on the machine's load; times do.
#
# Default module: ../shared/corpus/real/lua.O2.ll. Goal: the socket costs no
# more than 2x in-process. Reported: wall and CPU time (the socket's CPU is
# the client's plus the daemon's, all threads), the load average before and
# after (the machine may be shared: CPU time is the fairer figure then).
#
# Environment: BUILD (build-release: `make release`), MEMSSAD_BIN
# ($BUILD/memssad), CC, CG_KEEP (with -i: a directory to copy the callgrind
# dumps to, for callgrind_annotate).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
CC=${CC:-cc}
OUT=$BUILD/bench-offload.md
N=10000
FORMS="full ids packed"
INSTR=0
args=()
while [ $# -gt 0 ]; do
  case $1 in
    -f) FORMS=$2; shift 2 ;;
    -i) INSTR=1; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
. "$ROOT/bench/lib/daemon.sh"
bench_daemon_init offload.sh "${args[@]+"${args[@]}"}"
LL=${MODULE:-$ROOT/../shared/corpus/real/lua.O2.ll}
for f in "$BUILD/libmemssa.a" "$BUILD/libmemssa-client.a"; do
  [ -e "$f" ] || { echo "offload.sh: no $f (make release)" >&2; exit 1; }
done
mkdir -p "$BUILD/bench"
"$CC" -std=c11 -Wall -Wextra -Werror -O2 -g -I"$ROOT/analysis" -I"$ROOT/clients" -DMSSA_CHECKS=0 \
  $(pkg-config --cflags jansson) "$ROOT/bench/offload_bench.c" \
  "$BUILD/libmemssa-client.a" "$BUILD/libmemssa.a" $(pkg-config --libs jansson) -lm \
  -o "$BUILD/bench/offload_bench"

CG=(valgrind --tool=callgrind --dump-instr=no --compress-strings=no --compress-pos=no)

# run FORM: one daemon, one benchmark; the raw lines in $TMP/raw.FORM.
run() {
  local form=$1 sock=$TMP/d.$1.sock
  local dcmd=("$MEMSSAD") bcmd=("$BUILD/bench/offload_bench")
  if [ "$INSTR" = 1 ]; then
    dcmd=("${CG[@]}" --callgrind-out-file="$TMP/cg.daemon.$form" "$MEMSSAD")
    bcmd=("${CG[@]}" --callgrind-out-file="$TMP/cg.bench.$form" "${bcmd[@]}")
  fi
  "${dcmd[@]}" --socket "$sock" -q 2>"$TMP/d.$form.log" &
  DPID=$!
  for _ in $(seq 600); do [ -S "$sock" ] && break; sleep 0.05; done
  OFFLOAD_DAEMON_CALLGRIND=$([ "$INSTR" = 1 ] && echo 1 || true) \
    "${bcmd[@]}" "$sock" "$LL" "$N" "$DPID" "$form" > "$TMP/raw.$form" 2>"$TMP/bench.$form.log" ||
    { cat "$TMP/bench.$form.log" >&2; status=1; }
  kill "$DPID" 2>/dev/null && wait "$DPID" 2>/dev/null || true
  DPID=""
}

# instructions FORM NAME: the Ir of the dump NAME ("in:PHASE", "sock:PHASE",
# "daemon:PHASE") of that form's run, or empty.
instructions() {
  local f
  for f in "$TMP"/cg.bench."$1"* "$TMP"/cg.daemon."$1"*; do
    [ -e "$f" ] || continue
    if grep -q "^desc: Trigger: .*$2\$" "$f"; then
      sed -n 's/^summary: //p; s/^totals: //p' "$f" | head -1
      return
    fi
  done
}

field() { sed -E "s/.* $1=([0-9.a-z_]+).*/\1/" <<<" $2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf (b > 0 ? "%.2f" : "-"), a / b }'; }
mb() { awk -v b="$1" 'BEGIN { printf (b > 0 ? "%.2f" : "-"), b / 1e6 }'; }

table_times() {
  local form=$1 n
  echo "| phase | n | in-process wall / CPU (s) | socket wall / CPU (s) | of which memssad CPU | reply MB | bytes / answer | ratio wall | ratio CPU | mismatches |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  while read -r phase rest; do
    iw=$(field in_wall "$rest"); ic=$(field in_cpu "$rest")
    sw=$(field sock_wall "$rest"); sc=$(field sock_cpu "$rest"); n=$(field n "$rest")
    rb=$(field reply_bytes "$rest")
    echo "| $phase | $n | $iw / $ic | $sw / $sc | $(field daemon_cpu "$rest") | $(mb "$rb") | $(awk -v b="$rb" -v n="$n" 'BEGIN { printf (b > 0 ? "%.0f" : "-"), b / n }') | $(ratio "$sw" "$iw") | $(ratio "$sc" "$ic") | $(field mismatches "$rest") |"
  done < "$TMP/raw.$form"
}

table_instr() {
  local form=$1
  echo "| phase | n | in-process Ir | client Ir | memssad Ir | socket Ir / answer | ratio (client + memssad) / in-process | mismatches |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  while read -r phase rest; do
    case $phase in load*) continue ;; esac
    local n in cl dm
    n=$(field n "$rest")
    in=$(instructions "$form" "in:$(field in_from "$rest")")
    cl=$(instructions "$form" "sock:$phase")
    dm=$(instructions "$form" "daemon:$phase")
    echo "| $phase | $n | ${in:--} | ${cl:--} | ${dm:--} | $(awk -v c="${cl:-0}" -v d="${dm:-0}" -v n="$n" 'BEGIN { printf "%.0f", (c + d) / n }') | $(ratio "$(( ${cl:-0} + ${dm:-0} ))" "${in:-0}") | $(field mismatches "$rest") |"
  done < "$TMP/raw.$form"
}

status=0
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for form in $FORMS; do run "$form"; done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)
if [ "$INSTR" = 1 ] && [ -n "${CG_KEEP:-}" ]; then mkdir -p "$CG_KEEP" && cp "$TMP"/cg.* "$CG_KEEP"/; fi
{
  echo "Module: $(basename "$LL"); $N alias/depends queries; $(nproc) CPUs;"
  echo "load average $LOAD_BEFORE before, $LOAD_AFTER after."
  for form in $FORMS; do
    echo
    echo "Reply form \`$form\`$([ "$INSTR" = 1 ] && echo ", instructions (callgrind)"):"
    echo
    if [ "$INSTR" = 1 ]; then table_instr "$form"; else table_times "$form"; fi
  done
} > "$OUT"
cat "$OUT"
exit "$status"
