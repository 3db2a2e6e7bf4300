# bench/lib/daemon.sh -- sourced by the memssad benchmarks (bench/edit.sh,
# bench/reload.sh): their options -n N -r REPEATS -o OUT (the caller sets the
# defaults first), the memssad binary, and a temporary directory that is
# removed at exit together with the daemon whose pid is in DPID.

# bench_daemon_init NAME "$@": parses the options into N, REP and OUT; sets
# MEMSSAD, TMP and DPID.
bench_daemon_init() {
  local name=$1 opt OPTIND=1
  shift
  while getopts n:r:o: opt; do
    case $opt in
      n) N=$OPTARG ;;
      r) REP=$OPTARG ;;
      o) OUT=$OPTARG ;;
      *) exit 2 ;;
    esac
  done
  MEMSSAD=${MEMSSAD_BIN:-$BUILD/memssad}
  [ -x "$MEMSSAD" ] || { echo "$name: build memssad first (make release)" >&2; exit 1; }
  TMP=$(mktemp -d)
  DPID=""
  trap bench_daemon_cleanup EXIT
}

bench_daemon_cleanup() {
  [ -n "$DPID" ] && kill "$DPID" 2>/dev/null && wait "$DPID" 2>/dev/null
  rm -rf "$TMP"
}
