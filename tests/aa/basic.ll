; BasicAA unit cases for tests/test_aa.c (answers checked against opt 14's aa-eval).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i32, [4 x i8] }

@g1 = global i32 0, align 4
@g2 = global i32 0, align 4
@gp = global i32* null, align 8
@arr = global [10 x i32] zeroinitializer, align 16
@cstr = constant [4 x i8] c"abc\00", align 1

declare noalias i8* @malloc(i64)
declare i32* @getp()
declare void @use(i32*)
declare void @use_nc(i32* nocapture)

define void @distinct(i32* %arg) {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %m1 = call i8* @malloc(i64 4)
  %m2 = call i8* @malloc(i64 4)
  store i32 1, i32* %a
  store i32 2, i32* %b
  store i32 3, i32* @g1
  store i32 4, i32* @g2
  store i8 5, i8* %m1
  store i8 6, i8* %m2
  ret void
}

define void @nonescaping(i32* %arg, i32** %pp) {
  %a = alloca i32, align 4
  %l = load i32*, i32** %pp
  %c = call i32* @getp()
  store i32 1, i32* %a
  store i32 2, i32* %arg
  store i32 3, i32* %l
  store i32 4, i32* %c
  ret void
}

define void @escaping(i32** %pp) {
  %a = alloca i32, align 4
  call void @use(i32* %a)
  %l = load i32*, i32** %pp
  %c = call i32* @getp()
  store i32 1, i32* %a
  store i32 3, i32* %l
  store i32 4, i32* %c
  store i32 5, i32* @g1
  ret void
}

define void @noalias_args(i32* noalias %p, i32* %q, i32* noalias %r) {
  store i32 1, i32* %p
  store i32 2, i32* %q
  store i32 3, i32* %r
  ret void
}

define void @too_big(i32** %pp) {
  %l = load i32*, i32** %pp
  %l64 = bitcast i32* %l to i64*
  store i64 1, i64* %l64
  store i32 2, i32* @g1
  ret void
}

define void @offsets(%struct.S* %s, i32 %i) {
  %f0 = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 0
  %f1 = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 1
  %f1b = getelementptr inbounds %struct.S, %struct.S* %s, i64 0, i32 1
  %c = bitcast %struct.S* %s to i8*
  %c3 = getelementptr inbounds i8, i8* %c, i64 3
  %c3i = bitcast i8* %c3 to i32*
  %idx = sext i32 %i to i64
  %ai = getelementptr inbounds [10 x i32], [10 x i32]* @arr, i64 0, i64 %idx
  %a3 = getelementptr inbounds [10 x i32], [10 x i32]* @arr, i64 0, i64 3
  store i32 1, i32* %f0
  store i32 2, i32* %f1
  store i32 3, i32* %f1b
  store i32 4, i32* %c3i
  store i32 5, i32* %ai
  store i32 6, i32* %a3
  ret void
}

define i32 @through_array() {
  %v1 = alloca i32, align 4
  %v2 = alloca [1 x i32*], align 8
  %e = getelementptr inbounds [1 x i32*], [1 x i32*]* %v2, i64 0, i64 0
  store i32* %v1, i32** %e
  %p = load i32*, i32** %e
  store i32 1, i32* %p
  store i32 2, i32* %v1
  %r = load i32, i32* %v1
  ret i32 %r
}

define void @phis(i1 %c, i32* %x) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca i32, align 4
  %a0 = getelementptr inbounds [4 x i32], [4 x i32]* %a, i64 0, i64 0
  %a1 = getelementptr inbounds [4 x i32], [4 x i32]* %a, i64 0, i64 1
  %a2 = getelementptr inbounds [4 x i32], [4 x i32]* %a, i64 0, i64 2
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi i32* [ %a1, %l ], [ %a2, %r ]
  %s = select i1 %c, i32* %a1, i32* %a2
  store i32 1, i32* %p
  store i32 2, i32* %s
  store i32 3, i32* %a0
  store i32 4, i32* %b
  store i32 5, i32* %x
  ret void
}

define void @loop(i32* %base, i64 %n) {
entry:
  %a = alloca [16 x i32], align 4
  %a0 = getelementptr inbounds [16 x i32], [16 x i32]* %a, i64 0, i64 0
  br label %h
h:
  %p = phi i32* [ %a0, %entry ], [ %pn, %h ]
  %i = phi i64 [ 0, %entry ], [ %in, %h ]
  store i32 0, i32* %p
  store i32 1, i32* %base
  %pn = getelementptr inbounds i32, i32* %p, i64 1
  %in = add nuw nsw i64 %i, 1
  %cmp = icmp ult i64 %in, %n
  br i1 %cmp, label %h, label %x
x:
  ret void
}

define void @constmem(i64 %i) {
  %p = getelementptr inbounds [4 x i8], [4 x i8]* @cstr, i64 0, i64 %i
  %v = load i8, i8* %p
  store i32 1, i32* @g1
  ret void
}

declare void @llvm.assume(i1)

define void @bundle_capture(i32** %pp) {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  call void @llvm.assume(i1 true) [ "align"(i32* %a, i64 4) ]
  %l = load i32*, i32** %pp
  store i32 1, i32* %a
  store i32 2, i32* %b
  store i32 3, i32* %l
  ret void
}

@ga = alias i32, i32* @g1
@gw = weak alias i32, i32* @g2

define void @galiases(i32* %p) {
  store i32 1, i32* @ga
  store i32 2, i32* @g1
  store i32 3, i32* @gw
  store i32 4, i32* @g2
  ret void
}
