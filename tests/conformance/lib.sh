# shellcheck shell=bash
# tests/conformance/lib.sh -- sourced by tests/conformance/*.t (bash).
#
# A tiny TAP producer plus a wrapper around ../shared/tools/conformance that
# turns its summary line
#
#   conformance: files N ok M fail F crash C timeout T | defs a/b phis c/d
#                uses e/f | exact defs x phis y uses z
#
# into assertions: the run produced a summary over at least one file, zero
# crashes, zero timeouts (always strict), every MemoryDef and MemoryPhi
# annotation identical (exact defs == b, exact phis == d) and at least
# USE_THRESHOLD percent of MemoryUse annotations identical (exact uses / f).
#
# Threshold assertions the implementation does not meet yet carry a TAP
# "# TODO reason" taken from TODO_DEFS / TODO_PHIS / TODO_USES, which each
# test sets at its top. MEMSSA_STRICT=1 ignores them (everything strict).
#
# Environment (set by `make test`; defaults work from the repository root):
#   MEMSSA_ROOT    repository root
#   MEMSSA_BIN     the memssa binary under test        (build/memssa)
#   MEMSSA_SHARED  the shared data folder              (<root>/../shared)
#   MEMSSA_CORPUS  where generated corpora are cached  (<root>/build/corpus)
#   MEMSSA_JOBS    parallel jobs for corpus generation (nproc)
#
# CONFORMANCE_FLAGS (e.g. --walker) is passed on to the conformance tool by
# conformance_check: `CONFORMANCE_FLAGS=--walker conformance_check ...`
# compares print<memoryssa-walker> printouts.

set -u
MEMSSA_ROOT=${MEMSSA_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
MEMSSA_BIN=${MEMSSA_BIN:-$MEMSSA_ROOT/build/memssa}
MEMSSA_SHARED=${MEMSSA_SHARED:-$(cd "$MEMSSA_ROOT/.." && pwd)/shared}
MEMSSA_CORPUS=${MEMSSA_CORPUS:-$MEMSSA_ROOT/build/corpus}
MEMSSA_JOBS=${MEMSSA_JOBS:-$(nproc 2>/dev/null || echo 2)}
TOOLS=$MEMSSA_SHARED/tools
USE_THRESHOLD=${USE_THRESHOLD:-97}
: "${TODO_DEFS:=}" "${TODO_PHIS:=}" "${TODO_USES:=}"
if [ "${MEMSSA_STRICT:-0}" = 1 ]; then TODO_DEFS=""; TODO_PHIS=""; TODO_USES=""; fi

tap_n=0
tap_failed=0

# tap_ok STATUS DESCRIPTION [TODO_REASON]   (STATUS 0 = pass)
tap_ok() {
  local st=$1 desc=$2 todo=${3:-}
  tap_n=$((tap_n + 1))
  local line
  if [ "$st" = 0 ]; then line="ok $tap_n - $desc"; else line="not ok $tap_n - $desc"; fi
  if [ -n "$todo" ]; then
    line="$line # TODO $todo"
  elif [ "$st" != 0 ]; then
    tap_failed=$((tap_failed + 1))
  fi
  echo "$line"
}

tap_diag() { local l; while IFS= read -r l; do echo "# $l" >&2; done <<<"$*"; }
tap_note() { local l; while IFS= read -r l; do echo "# $l"; done <<<"$*"; }
tap_skip_all() { echo "1..0 # SKIP $*"; exit 0; }
tap_done() { echo "1..$tap_n"; [ "$tap_failed" = 0 ]; exit $?; }

# Skip the whole test unless the conformance tools exist.
need_tools() {
  [ -x "$TOOLS/conformance" ] || tap_skip_all "no conformance tool at $TOOLS (set MEMSSA_SHARED)"
  command -v python3 >/dev/null 2>&1 || tap_skip_all "python3 not installed (mssa-compare needs it)"
}

# Skip the whole test unless opt (LLVM 14) and the conformance tools exist.
need_opt_and_tools() {
  command -v opt >/dev/null 2>&1 || tap_skip_all "opt (LLVM 14) not installed"
  need_tools
}

# conformance_check LABEL TIMEOUT DIR_OR_FILE...
# Runs the conformance tool (MEMSSA_JOBS instances in parallel over a
# round-robin split of the .ll files that have an expected printout; the
# summaries are added up) and emits six assertions.
conformance_check() {
  local label=$1 timeout_s=$2; shift 2
  local tmp p f i rc=0 summary t0 t1
  tmp=$(mktemp -d)
  local files=()
  for p in "$@"; do
    if [ -d "$p" ]; then
      for f in "$p"/*.ll "$p"/*/*.ll; do [ -f "${f%.ll}.mssa.txt" ] && files+=("$f"); done
    elif [ -f "$p" ]; then
      files+=("$p")
    fi
  done
  local jobs=$MEMSSA_JOBS
  [ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
  [ ${#files[@]} -lt "$jobs" ] && jobs=${#files[@]}
  [ "$jobs" -ge 1 ] || jobs=1
  for ((i = 0; i < ${#files[@]}; i++)); do
    printf '%s\n' "${files[$i]}" >>"$tmp/list.$((i % jobs))"
  done
  t0=$(date +%s%N)
  for ((i = 0; i < jobs; i++)); do
    (
      g=()
      [ -f "$tmp/list.$i" ] && mapfile -t g <"$tmp/list.$i"
      # shellcheck disable=SC2086  # CONFORMANCE_FLAGS holds separate words
      "$TOOLS/conformance" --bin "$MEMSSA_BIN" --timeout "$timeout_s" ${CONFORMANCE_FLAGS:-} \
        "${g[@]+"${g[@]}"}" >"$tmp/out.$i" 2>&1
      echo $? >"$tmp/rc.$i"
    ) &
  done
  wait
  t1=$(date +%s%N)
  cat "$tmp"/out.* >"$tmp/out" 2>/dev/null
  local out=$tmp/out
  rc=$(cat "$tmp"/rc.* 2>/dev/null | sort -n | tail -n 1)
  # Sum the per-instance summaries into one line of the same format.
  summary=$(grep -h '^conformance: files ' "$tmp"/out.* 2>/dev/null | awk '
    { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+$/) v[++k] = $i;
      else if ($i ~ /^[0-9]+\/[0-9]+$/) { split($i, q, "/"); v[++k] = q[1]; v[++k] = q[2] }
      for (j = 1; j <= k; j++) s[j] += v[j]; n = k; k = 0; seen = 1 }
    END { if (seen) printf "conformance: files %d ok %d fail %d crash %d timeout %d | defs %d/%d phis %d/%d uses %d/%d | exact defs %d phis %d uses %d\n", s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11], s[12], s[13], s[14] }')
  local n=0 fail=0 crash=0 tout=0 sd=0 td=0 sp=0 tp=0 su=0 tu=0 xd=0 xp=0 xu=0
  local re='^conformance: files ([0-9]+) ok ([0-9]+) fail ([0-9]+) crash ([0-9]+) timeout ([0-9]+) \| defs ([0-9]+)/([0-9]+) phis ([0-9]+)/([0-9]+) uses ([0-9]+)/([0-9]+) \| exact defs ([0-9]+) phis ([0-9]+) uses ([0-9]+)'
  if [[ $summary =~ $re ]]; then
    n=${BASH_REMATCH[1]} fail=${BASH_REMATCH[3]}
    crash=${BASH_REMATCH[4]} tout=${BASH_REMATCH[5]}
    sd=${BASH_REMATCH[6]} td=${BASH_REMATCH[7]} sp=${BASH_REMATCH[8]} tp=${BASH_REMATCH[9]}
    su=${BASH_REMATCH[10]} tu=${BASH_REMATCH[11]}
    xd=${BASH_REMATCH[12]} xp=${BASH_REMATCH[13]} xu=${BASH_REMATCH[14]}
  else
    summary=""
  fi
  tap_diag "$label: ${summary:-no summary line} ($(( (t1 - t0) / 1000000 )) ms)"
  if [ -z "$summary" ] || [ "$n" = 0 ]; then
    tap_ok 1 "$label: conformance ran over at least one file"
    tap_diag "conformance exit $rc; output:
$(tail -n 20 "$out")"
  else
    tap_ok 0 "$label: conformance ran over $n files"
  fi
  tap_ok "$([ "$crash" = 0 ] && echo 0 || echo 1)" "$label: no crashes or errors ($crash)"
  [ "$crash" = 0 ] || tap_diag "$(grep -E '^(CRASH|ERROR)' "$out" | head -n 10)"
  tap_ok "$([ "$tout" = 0 ] && echo 0 || echo 1)" "$label: no timeouts ($tout)"
  [ "$tout" = 0 ] || tap_diag "$(grep -E '^TIMEOUT' "$out" | head -n 10)"
  local st
  st=1; [ "$td" -gt 0 ] && [ "$xd" = "$td" ] && st=0
  tap_ok $st "$label: MemoryDef annotations identical $xd/$td" "$TODO_DEFS"
  # A corpus may hold no phi at all; then 0/0 is all of them.
  st=1; [ -n "$summary" ] && [ "$n" -gt 0 ] && [ "$xp" = "$tp" ] && st=0
  tap_ok $st "$label: MemoryPhi annotations identical $xp/$tp" "$TODO_PHIS"
  local pct="0.00"
  [ "$tu" -gt 0 ] && pct=$(awk -v a="$xu" -v b="$tu" 'BEGIN{printf "%.2f", 100*a/b}')
  st=1; [ "$tu" -gt 0 ] && awk -v a="$xu" -v b="$tu" -v t="$USE_THRESHOLD" 'BEGIN{exit !(100*a >= t*b)}' && st=0
  tap_ok $st "$label: MemoryUse annotations identical $xu/$tu ($pct% >= $USE_THRESHOLD%)" "$TODO_USES"
  if [ "$fail" != 0 ] && [ "${MEMSSA_VERBOSE:-0}" = 1 ]; then
    tap_note "$(grep -E '^(DIFF|    )' "$out" | head -n 40)"
  fi
  rm -rf "$tmp"
}
