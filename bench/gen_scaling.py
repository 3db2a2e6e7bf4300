#!/usr/bin/env python3
"""Generate one LLVM IR function with about N memory accesses, for the
walker's scaling series (bench/walker.sh --scaling).

The function is a chain of chunks; each chunk is a diamond followed by a
small loop, touching a handful of allocas, two pointer arguments and a
global through loads and stores, so that walks cross many MemoryPhis with
locations that do and do not alias. The shape (and the per-chunk access
mix) is the same at every size, so time(10N)/time(N) measures the growth
of the walker's cost with the function, not a change of workload.

usage: gen_scaling.py N > out.ll
"""
import sys

def main():
    n = int(sys.argv[1])
    chunks = max(1, n // 12)          # 12 accesses per chunk
    out = []
    w = out.append
    w('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"')
    w('@g = global i32 0')
    w('define i32 @scale(i32* %p, i32* %q, i32 %n) {')
    w('entry:')
    for k in range(4):
        w(f'  %a{k} = alloca i32')
    w('  %arr = alloca [16 x i32]')
    w('  br label %c0')
    for c in range(chunks):
        a = f'%a{c % 4}'
        b = f'%a{(c + 1) % 4}'
        w(f'c{c}:')
        w(f'  %x{c} = load i32, i32* {a}')
        w(f'  %cc{c} = icmp slt i32 %x{c}, %n')
        w(f'  br i1 %cc{c}, label %l{c}, label %r{c}')
        w(f'l{c}:')
        w(f'  store i32 %x{c}, i32* {b}')
        w(f'  %e{c} = getelementptr [16 x i32], [16 x i32]* %arr, i64 0, i64 {c % 16}')
        w(f'  store i32 1, i32* %e{c}')
        w(f'  br label %j{c}')
        w(f'r{c}:')
        w(f'  store i32 %x{c}, i32* %p')
        w(f'  %y{c} = load i32, i32* @g')
        w(f'  br label %j{c}')
        w(f'j{c}:')
        w(f'  %z{c} = load i32, i32* {a}')
        w(f'  br label %h{c}')
        w(f'h{c}:')
        w(f'  %i{c} = phi i32 [ 0, %j{c} ], [ %i{c}.n, %h{c} ]')
        w(f'  %v{c} = load i32, i32* %q')
        w(f'  store i32 %v{c}, i32* {b}')
        w(f'  %w{c} = load i32, i32* %e{c}' if False else f'  %w{c} = load i32, i32* {b}')
        w(f'  store i32 %i{c}, i32* @g')
        w(f'  %u{c} = load i32, i32* %p')
        w(f'  %i{c}.n = add i32 %i{c}, 1')
        w(f'  %t{c} = icmp slt i32 %i{c}.n, %u{c}')
        w(f'  br i1 %t{c}, label %h{c}, label %c{c + 1}')
    w(f'c{chunks}:')
    w('  %fin = load i32, i32* %a0')
    w('  ret i32 %fin')
    w('}')
    sys.stdout.write('\n'.join(out) + '\n')

if __name__ == '__main__':
    main()
