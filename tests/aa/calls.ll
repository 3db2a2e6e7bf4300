; Call mod/ref unit cases for tests/test_aa.c.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0, align 4
@c = constant i32 7, align 4

declare void @unknown(i32*)
declare void @rn(i32*) readnone
declare void @ro(i32*) readonly
declare void @wo(i32*) writeonly
declare void @am(i32* nocapture) argmemonly
declare void @amro(i32* nocapture readonly) argmemonly
declare void @inacc() inaccessiblememonly
declare void @inaccarg(i32* nocapture) inaccessiblemem_or_argmemonly
declare void @nc(i32* nocapture)
declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.memset.p0i8.i64(i8* nocapture writeonly, i8, i64, i1 immarg)
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)

define void @calls(i32* %p, i32* %q) {
  %a = alloca i32, align 4
  %b = alloca [8 x i8], align 1
  %d = alloca [8 x i8], align 1
  %b0 = getelementptr inbounds [8 x i8], [8 x i8]* %b, i64 0, i64 0
  %b4 = getelementptr inbounds [8 x i8], [8 x i8]* %b, i64 0, i64 4
  %d0 = getelementptr inbounds [8 x i8], [8 x i8]* %d, i64 0, i64 0
  call void @unknown(i32* %p)
  call void @rn(i32* %p)
  call void @ro(i32* %p)
  call void @wo(i32* %p)
  call void @am(i32* %p)
  call void @amro(i32* %q)
  call void @inacc()
  call void @inaccarg(i32* %a)
  call void @nc(i32* %a)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %b0, i8* %d0, i64 4, i1 false)
  call void @llvm.memset.p0i8.i64(i8* %b4, i8 0, i64 4, i1 false)
  call void @llvm.lifetime.start.p0i8(i64 8, i8* %d0)
  store i32 1, i32* %a
  store i32 2, i32* @g
  %x = load i32, i32* @c
  ret void
}

define void @orderings(i32* %p) {
  %l1 = load i32, i32* %p
  %l2 = load atomic i32, i32* %p unordered, align 4
  %l3 = load atomic i32, i32* %p monotonic, align 4
  store atomic i32 1, i32* %p unordered, align 4
  store atomic i32 1, i32* %p release, align 4
  fence seq_cst
  %r = atomicrmw add i32* %p, i32 1 monotonic
  %x = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst
  ret void
}

define void @bundles(i32* %p) {
  call void @ro(i32* %p) [ "foo"(i32 1) ]
  call void @wo(i32* %p) [ "foo"(i32 1) ]
  call void @am(i32* %p) [ "deopt"() ]
  call void @ro(i32* %p) readonly [ "foo"(i32 1) ]
  store i32 0, i32* @g
  ret void
}
