#!/usr/bin/env bash
# gen-real-corpus.sh -- compile real C programs FILE BY FILE to LLVM IR, with
# LLVM's MemorySSA printouts beside each file, for the conformance tests
# (tests/conformance/real-sample.t, tests/real/*.t via `make test-real`).
#
#   tests/conformance/gen-real-corpus.sh [--versions "14 15 16 19 22"]
#       [--levels "O0 O1raw O2 O3 Os"] [--projects "lua memssa"]
#       [--only "NAME..."] [--jobs N] [--list] [OUTDIR]
#
# Projects (sources):
#   lua     Lua 5.5's C files ($MEMSSA_SHARED/corpus/lua-src: every l*.c but
#           ltests.c and onelua.c), -std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX
#   memssa  this repository's analysis/ common/ protocol/ server/ clients/ *.c, with
#           the Makefile's flags: -std=c11 -D_POSIX_C_SOURCE=200809L
#           -DMSSA_CHECKS=1 -I. -Ianalysis -Iprotocol -Iserver -Iclients and
#           pkg-config --cflags libuv jansson
# Levels (all with -g -S -emit-llvm -w):
#   O0     -O0 -Xclang -disable-O0-optnone  (no optnone: MemorySSA would skip
#                                            the functions, as in csmith)
#   O1raw  -O1 -Xclang -disable-llvm-passes (allocas, TBAA, lifetime markers)
#   O2, O3, Os
# Versions: 14 (clang, opt), 15, 16, 19 and 22 (clang-N, opt-N);
# a version whose clang or opt is missing is skipped with a note.
#
# Layout: OUTDIR/llvmV/PROJECT.LEVEL/NAME.ll (default OUTDIR:
# $MEMSSA_CORPUS/real-files, i.e. build/corpus/real-files). NAME is the
# source's path with '/' as '-' and no .c (lvm, analysis-mssa-walker).
# Folders of LLVM 15 and newer hold LLVM_VERSION, so that gen-expected uses
# opt-N and conformance runs `memssa print --local --llvm N`. Beside each
# NAME.ll, ../shared/tools/gen-expected writes NAME.mssa.txt and
# NAME.walker.txt; NAME.done stamps a file whose three parts are complete.
# A file is remade only when its stamp is missing or older than its source
# (headers are not tracked: `rm -rf` the folder to force). A folder gets
# .complete when every file of its project is done (a run with --only
# never writes it). Failures: NAME.clang-error.txt (clang refused),
# NAME.opt-error.txt (opt refused, by gen-expected) or NAME.timeout (opt's
# printouts took longer than GEN_TIMEOUT seconds, default 150: LLVM's
# walker printout with an unlimited budget is slow on Lua's lvm.c, whose
# luaV_execute is one huge function); all count as failed, and are retried
# by the next run (a timed-out file only with a larger GEN_TIMEOUT).
# Units run smallest source first, so that an interrupted run has made
# the most files.
#
# --only NAME...  restrict to these files (NAME as above, e.g. "lvm lapi
#                 analysis-mssa-walker"): the quick sample uses this.
# --list          print the chosen units (V LEVEL PROJECT NAME) and exit.
# --jobs N        parallel units (default $MEMSSA_JOBS, else 2).
# Exit status: 0 when every chosen file is done, 1 otherwise (the failed
# files are printed, one per line, as "FAILED V LEVEL NAME: reason").
set -u
here=$(cd "$(dirname "$0")" && pwd)
MEMSSA_ROOT=${MEMSSA_ROOT:-$(cd "$here/../.." && pwd)}
MEMSSA_SHARED=${MEMSSA_SHARED:-$(cd "$MEMSSA_ROOT/.." && pwd)/shared}
MEMSSA_CORPUS=${MEMSSA_CORPUS:-$MEMSSA_ROOT/build/corpus}
LUA_SRC=${LUA_SRC:-$MEMSSA_SHARED/corpus/lua-src}
GEN_EXPECTED=${GEN_EXPECTED:-$MEMSSA_SHARED/tools/gen-expected}

level_flags() {
  case "$1" in
    O0) echo "-O0 -Xclang -disable-O0-optnone" ;;
    O1raw) echo "-O1 -Xclang -disable-llvm-passes" ;;
    O2|O3|Os) echo "-$1" ;;
    *) return 1 ;;
  esac
}
clang_of() { if [ "$1" = 14 ]; then echo clang; else echo "clang-$1"; fi; }
opt_of() { if [ "$1" = 14 ]; then echo opt; else echo "opt-$1"; fi; }

# The sources of project $1, one "NAME PATH" per line.
project_sources() {
  local f rel
  case "$1" in
    lua)
      for f in "$LUA_SRC"/l*.c; do
        case "$(basename "$f")" in ltests.c|onelua.c) continue ;; esac
        [ -f "$f" ] && echo "$(basename "$f" .c) $f"
      done ;;
    memssa)
      (cd "$MEMSSA_ROOT" && find analysis common protocol server clients -name '*.c' | LC_ALL=C sort) |
        while read -r rel; do
          f=${rel%.c}; echo "${f//\//-} $MEMSSA_ROOT/$rel"
        done ;;
  esac
}

project_flags() {
  case "$1" in
    lua) echo "-std=gnu99 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX" ;;
    memssa)
      echo "-std=c11 -D_POSIX_C_SOURCE=200809L -DMSSA_CHECKS=1 -I$MEMSSA_ROOT -I$MEMSSA_ROOT/analysis" \
           "-I$MEMSSA_ROOT/protocol -I$MEMSSA_ROOT/server -I$MEMSSA_ROOT/clients" \
           "$(pkg-config --cflags libuv jansson 2>/dev/null)" ;;
  esac
}

# One unit: --unit V LEVEL PROJECT NAME SRC DIR. Prints nothing on success,
# "FAILED ..." otherwise.
if [ "${1:-}" = --unit ]; then
  v=$2 level=$3 proj=$4 name=$5 src=$6 dir=$7
  ll=$dir/$name.ll
  rm -f "$dir/$name.done" "$dir/$name.clang-error.txt" "$dir/$name.opt-error.txt" \
        "$dir/$name.mssa.txt" "$dir/$name.walker.txt"
  # shellcheck disable=SC2046  # the flags are separate words
  if ! "$(clang_of "$v")" $(level_flags "$level") -g $(project_flags "$proj") \
       -S -emit-llvm -w "$src" -o "$ll" 2>"$dir/$name.clang-error.txt"; then
    rm -f "$ll"; echo "FAILED $v $level $name: clang-$v: $(head -c 200 "$dir/$name.clang-error.txt")"; exit 1
  fi
  rm -f "$dir/$name.clang-error.txt"
  tlimit=${GEN_TIMEOUT:-150}
  if [ -f "$dir/$name.timeout" ] && [ "$(cat "$dir/$name.timeout")" -ge "$tlimit" ] 2>/dev/null; then
    echo "FAILED $v $level $name: opt-$v printouts took over $(cat "$dir/$name.timeout") s before (GEN_TIMEOUT)"; exit 1
  fi
  rm -f "$dir/$name.timeout"
  # timeout(1) signals its whole process group: gen-expected and its opt.
  timeout "$tlimit" "$GEN_EXPECTED" "$ll" >/dev/null 2>&1
  if [ $? = 124 ]; then
    rm -f "$dir/$name.mssa.txt" "$dir/$name.walker.txt"; echo "$tlimit" >"$dir/$name.timeout"
    echo "FAILED $v $level $name: opt-$v printouts took over $tlimit s (GEN_TIMEOUT)"; exit 1
  fi
  if [ -f "$dir/$name.mssa.txt" ] && [ -f "$dir/$name.walker.txt" ]; then
    touch "$dir/$name.done"; exit 0
  fi
  echo "FAILED $v $level $name: opt-$v: $(head -c 200 "$dir/$name.opt-error.txt" 2>/dev/null || echo 'no printout')"
  exit 1
fi

versions="14 15 16 19 22" levels="O0 O1raw O2 O3 Os" projects="lua memssa" only="" list=0
jobs=${MEMSSA_JOBS:-2} out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --versions) versions=$2; shift ;;
    --levels) levels=$2; shift ;;
    --projects) projects=$2; shift ;;
    --only) only=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --list) list=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gen-real-corpus.sh: unknown option $1" >&2; exit 2 ;;
    *) out=$1 ;;
  esac
  shift
done
out=${out:-$MEMSSA_CORPUS/real-files}
[ -x "$GEN_EXPECTED" ] || { echo "gen-real-corpus.sh: no gen-expected at $GEN_EXPECTED" >&2; exit 2; }
for l in $levels; do level_flags "$l" >/dev/null || { echo "gen-real-corpus.sh: unknown level $l" >&2; exit 2; }; done
for p in $projects; do
  case "$p" in lua|memssa) ;; *) echo "gen-real-corpus.sh: unknown project $p" >&2; exit 2 ;; esac
done

units=()       # "V LEVEL PROJECT NAME SRC DIR" to make
folders=()     # "DIR PROJECT" of complete runs (for .complete)
for v in $versions; do
  if ! command -v "$(clang_of "$v")" >/dev/null 2>&1 || ! command -v "$(opt_of "$v")" >/dev/null 2>&1; then
    echo "gen-real-corpus.sh: LLVM $v skipped: $(clang_of "$v") or $(opt_of "$v") not installed" >&2
    continue
  fi
  for proj in $projects; do
    for level in $levels; do
      dir=$out/llvm$v/$proj.$level
      mkdir -p "$dir"
      [ "$v" = 14 ] || echo "$v" >"$dir/LLVM_VERSION"
      [ -z "$only" ] && [ -f "$dir/.complete" ] && continue
      [ -z "$only" ] && folders+=("$dir $proj")
      while read -r name src; do
        [ -n "$name" ] || continue
        if [ -n "$only" ]; then
          case " $only " in *" $name "*) ;; *) continue ;; esac
        fi
        if [ -f "$dir/$name.done" ] && [ ! "$src" -nt "$dir/$name.done" ]; then continue; fi
        units+=("$(stat -c %s "$src") $v $level $proj $name $src $dir")
      done < <(project_sources "$proj")
    done
  done
done

if [ $list = 1 ]; then
  # shellcheck disable=SC2086  # split the unit into its words
  for u in "${units[@]+"${units[@]}"}"; do set -- $u; echo "$2 $3 $4 $5"; done
  exit 0
fi

rc=0
if [ ${#units[@]} -gt 0 ]; then
  printf '%s\n' "${units[@]}" | sort -n -s -k1,1 | cut -d' ' -f2- |
    xargs -P "$jobs" -L 1 bash "$here/gen-real-corpus.sh" --unit || rc=1
fi

# .complete: every file of the project done in that folder.
for fp in "${folders[@]+"${folders[@]}"}"; do
  # shellcheck disable=SC2086  # split into DIR PROJECT
  set -- $fp
  dir=$1 all=1
  while read -r name src; do
    [ -f "$dir/$name.done" ] || { all=0; break; }
  done < <(project_sources "$2")
  [ $all = 1 ] && touch "$dir/.complete"
done
exit $rc
