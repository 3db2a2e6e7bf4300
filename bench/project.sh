#!/usr/bin/env bash
# A C project loaded as one program (`load {"program", "project"}`,
# docs/protocol.md "load a program"; what the editor does by itself,
# docs/editor.md "The project"), on two projects the team did not write:
#   - lua:   Lua 5.5: its 32 library units and ltests.c ($MEMSSA_SHARED/corpus/lua-src,
#            copied: the saves below edit the copy);
#   - bluez: bluetoothd of BlueZ 5.66 (Debian 12's bluez-source,
#            /usr/src/bluez.tar.bz2, configured as shipped): its 112 units
#            with the plugins the shipped config enables (less the MIDI
#            plugin and backtrace.c, whose ALSA and elfutils headers are not
#            installed), glib and dbus flags from pkg-config.
# Each gets a compile_commands.json (clang-22, the unit's flags) in its temp
# tree. Measured (bench/project.py does the work), medians of RUNS runs:
#   1. first open: the program load with an empty compile cache (memssad
#      --cache-dir EMPTY) against clang alone compiling every unit with the
#      daemon's flags (-g -O1 -Xclang -disable-llvm-passes -S -emit-llvm and
#      the unit's own), 2 at a time as the daemon does. Goal <= 1.15x. And
#      the same load with --no-cache (what the compile cache adds).
#   2. warm restart: a new memssad on that cache, spawn to the load's reply,
#      then one `clobber` by position and one `writers` of a field; the
#      cache's hits and misses from `stats`, and the clang processes started
#      counted by strace -f -e trace=execve (one extra, untimed restart).
#      Goal: first project-wide answer < 1 s.
#   3. save of one unit (a comment appended): `load {"program", "reload"}`
#      against clang alone on that unit, for the largest unit and a
#      middle-sized one; and a reload with the unit unchanged (no clang: the
#      program's own part of a save). Goal <= 1.3x.
#   4. writers and readers of struct fields over the whole program (last
#      run): up to K fields the units' DWARF names, spread evenly over the
#      sorted list, both ways, limit 1000; p50, p99, max client side. Goal
#      p99 < 20 ms.
#   5. memssad's VmRSS and VmHWM (/proc) with the program loaded, after the
#      queries and after the saves; clangd's with its background index of
#      the same compile_commands.json (-j=2; an LSP client: initialize,
#      didOpen of the largest unit, until $/progress "backgroundIndexProgress"
#      ends).
# Wall and CPU time (memssad's CPU includes the clang processes it waited
# for, from /proc/PID/stat; clang alone's from wait4) and the load average:
# on a shared machine CPU time is the fairer figure.
#
#   bench/project.sh [-n RUNS] [-k FIELDS] [-o OUT.md] [lua] [bluez]
#
# Defaults: RUNS 3, FIELDS 400, both projects, OUT $BUILD/bench-project.md
# (also printed). Takes 10-15 minutes on 2 busy cores.
# Environment: BUILD (build-release: `make release`, as `make bench-project`
# does; build/ works too), MEMSSAD_BIN ($BUILD/memssad), MEMSSA_SHARED,
# CLANG (clang-22, else clang-19), CLANGD (clangd).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$ROOT/build-release}
runs=3
fields=400
out=$BUILD/bench-project.md
while getopts n:k:o:h o; do
  case $o in
    n) runs=$OPTARG ;;
    k) fields=$OPTARG ;;
    o) out=$OPTARG ;;
    *) sed -n '2,47p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
export BUILD
[ -x "${MEMSSAD_BIN:-$BUILD/memssad}" ] || { echo "project.sh: build memssad first (make release)" >&2; exit 1; }
[ -f /usr/src/bluez.tar.bz2 ] || [ "$*" = lua ] ||
  { echo "project.sh: /usr/src/bluez.tar.bz2 missing (make deps: bluez-source)" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
python3 "$ROOT/bench/project.py" -n "$runs" --fields "$fields" "$@" | tee "$out"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"
