#!/usr/bin/env bash
# Cached `clobber` queries per second and p50/p99 latency against memssad
# over the Unix socket with 1, 8 and 64 connections, side by side in the same
# run with a bare libuv server (bench/rpc_echo.c) that answers every request
# line with the very bytes memssad answers it with.
#
#   bench/rpc.sh [-d SECONDS] [-o OUT.md] [MODULE.ll FUNCTION INST]
#
# Defaults: 3 s per measurement, the Lua interpreter's IR
# (../shared/corpus/real/lua.O0.ll), function luaH_getn, instruction %13;
# output also goes to $BUILD/bench-rpc.md. Targets: throughput at least 50%
# of the echo server's; p99 under 200 us at 8 connections.
#
# Environment: BUILD (build-release: `make release`, as `make bench` does),
# MEMSSAD_BIN ($BUILD/memssad).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
SECS=3
OUT=$BUILD/bench-rpc.md
while getopts d:o: opt; do
  case $opt in
    d) SECS=$OPTARG ;;
    o) OUT=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
LL=${1:-$ROOT/../shared/corpus/real/lua.O0.ll}
FUNC=${2:-luaH_getn}
INST=${3:-%13}
MEMSSAD=${MEMSSAD_BIN:-$BUILD/memssad}
[ -x "$MEMSSAD" ] || { echo "rpc.sh: build memssad first (make release)" >&2; exit 1; }

mkdir -p "$BUILD/bench"
for t in rpc_bench rpc_echo; do
  cc -std=c11 -Wall -Wextra -Werror -O2 "$ROOT/bench/$t.c" -o "$BUILD/bench/$t" \
    $(pkg-config --cflags --libs libuv)
done

TMP=$(mktemp -d)
DPID=""; EPID=""
cleanup() {
  [ -n "$DPID" ] && kill "$DPID" 2>/dev/null || true
  [ -n "$EPID" ] && kill "$EPID" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

"$MEMSSAD" --socket "$TMP/d.sock" -q 2>"$TMP/d.log" &
DPID=$!
for _ in $(seq 100); do [ -S "$TMP/d.sock" ] && break; sleep 0.05; done
LLABS=$(cd "$(dirname "$LL")" && pwd)/$(basename "$LL")
printf '{"id":0,"method":"load","params":{"module":"b","path":"%s"}}\n' "$LLABS" |
  socat -t 60 - UNIX-CONNECT:"$TMP/d.sock" > "$TMP/load.json"
grep -q '"result"' "$TMP/load.json" || { cat "$TMP/load.json"; exit 1; }
printf '{"jsonrpc":"2.0","id":1,"method":"clobber","params":{"module":"b","function":"%s","inst":"%s"}}\n' \
  "$FUNC" "$INST" > "$TMP/req.json"
# Warm the cache, then keep memssad's reply as the echo server's answer.
socat -t 5 - UNIX-CONNECT:"$TMP/d.sock" < "$TMP/req.json" > /dev/null
socat -t 5 - UNIX-CONNECT:"$TMP/d.sock" < "$TMP/req.json" > "$TMP/reply.json"
grep -q '"from_cache":true' "$TMP/reply.json" || { cat "$TMP/reply.json"; exit 1; }
"$BUILD/bench/rpc_echo" "$TMP/e.sock" "$TMP/reply.json" &
EPID=$!
for _ in $(seq 100); do [ -S "$TMP/e.sock" ] && break; sleep 0.05; done

field() { sed -E "s/.*$1=([0-9.]+).*/\1/" <<<"$2"; }
rows=""
pass=1
for n in 1 8 64; do
  m=$("$BUILD/bench/rpc_bench" "$TMP/d.sock" "$n" "$SECS" "$TMP/req.json")
  e=$("$BUILD/bench/rpc_bench" "$TMP/e.sock" "$n" "$SECS" "$TMP/req.json")
  echo "memssad $m" >&2
  echo "echo    $e" >&2
  mr=$(field rps "$m"); er=$(field rps "$e")
  ratio=$(awk -v a="$mr" -v b="$er" 'BEGIN { printf "%.0f", (b > 0 ? 100 * a / b : 0) }')
  [ "$(field bad "$m")" = 0 ] || pass=0
  [ "$ratio" -ge 50 ] || pass=0
  if [ "$n" = 8 ]; then
    awk -v p="$(field p99_us "$m")" 'BEGIN { exit !(p < 200) }' || pass=0
  fi
  rows+="| $n | $mr | $(field p50_us "$m") | $(field p99_us "$m") | $er | $(field p50_us "$e") | $(field p99_us "$e") | $ratio% |"$'\n'
done
RB=$(wc -c < "$TMP/reply.json")
QB=$(wc -c < "$TMP/req.json")
{
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC'): $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"
  echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; ${SECS} s per cell after 0.3 s warm-up;"
  echo "request $QB bytes, reply $RB bytes (\`clobber\` of $INST in @$FUNC of $(basename "$LL"), from the cache)."
  echo
  echo "| conns | memssad q/s | p50 µs | p99 µs | echo q/s | p50 µs | p99 µs | memssad/echo |"
  echo "|------:|------------:|-------:|-------:|---------:|-------:|-------:|-------------:|"
  printf '%s' "$rows"
  echo
  if [ $pass = 1 ]; then echo "Targets met (>= 50% of echo throughput at every width; p99 < 200 µs at 8)."
  else echo "Targets NOT all met (see the table)."; fi
} | tee "$OUT"
