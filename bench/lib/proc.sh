# bench/lib/proc.sh -- sourced by the benchmarks that time whole processes
# (bench/build.sh, bench/jobs.sh): the files they default to, the
# spawn-to-exit clock (bench/runproc.c), and medians.

# bench_default_files SHARED: the Lua corpora into the array `files`
# (LLVM 14's and clang 22's lua.O0 and lua.O2).
bench_default_files() {
  files=("$1/corpus/real/lua.O0.ll" "$1/corpus/real/lua.O2.ll"
         "$1/corpus/real22/lua.O0.ll" "$1/corpus/real22/lua.O2.ll")
}

# bench_runproc ROOT DIR: builds bench/runproc.c into DIR and sets RUNPROC.
# `"$RUNPROC" OUT ERR PROGRAM ARGS...` prints "wall_us peak_rss_kib cpu_us
# minor_faults exit_status".
bench_runproc() {
  RUNPROC=$2/runproc
  ${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror "$1/bench/runproc.c" -o "$RUNPROC"
}

# bench_median COLUMN FILE: the median of that column.
bench_median() {
  awk -v c="$1" '{print $c}' "$2" | sort -n | awk '{a[NR]=$1} END {
    if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'
}
