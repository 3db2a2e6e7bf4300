; Reader fixture: a grab bag of LLVM 14 syntax (validated with `opt -S`).
source_filename = "syntax.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "  .globl foo"
$cd = comdat any
$"quoted comdat" = comdat largest

%"class.std::basic_string" = type { %struct.later*, i64 }
%struct.later = type { i8, [0 x i32] }
%opq = type opaque
%0 = type { i32, i32 }
%vecs = type { <vscale x 4 x i32>* , <2 x double>, <4 x i1> }

@"quoted global" = private unnamed_addr constant [4 x i8] c"a\22b\00", align 1
@0 = internal global i32 1
@1 = external dllimport global i32
@tl = thread_local(localexec) global i32 0, align 4
@ei = externally_initialized global i32 0, partition "part"
@cdg = linkonce_odr global i32 5, comdat($cd), align 4
@qc = global i32 0, comdat($"quoted comdat")
@as = addrspace(3) global i16 0, section ".shared"
@floats = global { half, bfloat, float, double, x86_fp80, fp128, ppc_fp128 } { half 0xH3C00, bfloat 0xR3F80, float 1.500000e+00, double 0x7FF8000000000000, x86_fp80 0xK3FFF8000000000000000, fp128 0xL00000000000000003FFF000000000000, ppc_fp128 0xM3FF00000000000000000000000000000 }
@agg = global { i32, [2 x i8], <2 x i16>, <{ i8, i32 }> } { i32 -2147483648, [2 x i8] c"xy", <2 x i16> <i16 1, i16 -1>, <{ i8, i32 }> <{ i8 1, i32 2 }> }
@ptrs = global [3 x i8*] [i8* bitcast (i32* @0 to i8*), i8* getelementptr inbounds ([4 x i8], [4 x i8]* @"quoted global", i64 0, i64 1), i8* null]
@ce = global i64 add nuw (i64 ptrtoint (i32* @0 to i64), i64 sub (i64 8, i64 4))
@cmp = global i1 icmp eq (i32* @0, i32* null)
@sel = global i32 select (i1 icmp ne (i32* @0, i32* null), i32 1, i32 2)
@ev = global i32 extractelement (<2 x i32> <i32 7, i32 8>, i32 1)
@ex = global i32 extractvalue (%0 { i32 3, i32 4 }, 1)
@u = global i64 u0x8000000000000000
@tok = global i8* blockaddress(@eh, %cont)
@llvm.used = appending global [1 x i8*] [i8* bitcast (void ()* @used to i8*)], section "llvm.metadata"
@al = weak hidden alias i32, i32* @0
@ifn = ifunc void (), void ()* ()* @resolver

define internal void @used() { ret void }
define void ()* @resolver() { ret void ()* @used }

declare i32 @__gxx_personality_v0(...)
declare i32 @__CxxFrameHandler3(...)
declare void @may_throw(i32) nounwind readonly
declare noalias nonnull i8* @alloc(i64 zeroext) #1
declare token @llvm.experimental.gc.statepoint.p0f_isVoidf(i64 immarg, i32 immarg, void ()*, i32 immarg, i32 immarg, ...)
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)
declare void @vaf(i32, ...)
declare void @llvm.va_start(i8*)

define i32 @eh(i32 %x) personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  invoke void @may_throw(i32 %x)
          to label %cont unwind label %lpad

cont:                                             ; preds = %entry
  %r = phi i32 [ 1, %entry ]
  ret i32 %r

lpad:                                             ; preds = %entry
  %lp = landingpad { i8*, i32 }
          catch i8* null
          filter [1 x i8*] [i8* bitcast (i32* @0 to i8*)]
  resume { i8*, i32 } %lp
}

define void @win() personality i8* bitcast (i32 (...)* @__CxxFrameHandler3 to i8*) {
entry:
  invoke void @may_throw(i32 1)
          to label %exit unwind label %dispatch

dispatch:
  %cs = catchswitch within none [label %handler] unwind label %cleanup

handler:
  %cp = catchpad within %cs [i8* null, i32 64, i8* null]
  catchret from %cp to label %exit

cleanup:
  %cl = cleanuppad within none []
  cleanupret from %cl unwind to caller

exit:
  ret void
}

define i32 @cbr(i32 %a) {
entry:
  %r = callbr i32 asm "jmp $l1", "=r,X,~{dirflag}"(i8* blockaddress(@cbr, %indirect))
          to label %direct [label %indirect]

direct:
  ret i32 %r

indirect:
  ret i32 0
}

define void @"quoted fn"(i8* %"quoted arg", ...) #0 gc "shadow-stack" {
"quoted entry":
  br label %"quoted label"

"quoted label":
  %"a b" = alloca i32, align 4
  %buf = alloca [16 x i8], align 16
  %bp = bitcast [16 x i8]* %buf to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* nonnull %bp)
  %ap = alloca i8*, align 8
  %ap1 = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %ap1)
  %va = va_arg i8** %ap, i32
  store i32 %va, i32* %"a b", align 4, !nontemporal !{i32 1}
  %v = load i32, i32* %"a b", align 4, !range !0, !noundef !{}
  %f = sitofp i32 %v to double
  %fn = fneg nnan double %f
  %fc = fcmp fast ole double %fn, 0.000000e+00
  %fr = freeze i1 %fc
  br i1 %fr, label %"quoted label", label %next, !llvm.loop !1

next:
  call void (i32, ...) @vaf(i32 1, double %f)
  %m = call i8* @alloc(i64 8) #2
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %bp)
  call void @may_throw(i32 1) [ "deopt"(i32 1, i32 %v), "gc-live"(i8* %m) ]
  ret void
}

define <4 x i32> @vec(<4 x i32> %a, <4 x i32*> %ps) {
  %e = extractelement <4 x i32> %a, i64 0
  %i = insertelement <4 x i32> %a, i32 %e, i32 3
  %s = shufflevector <4 x i32> %i, <4 x i32> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %g = getelementptr i32, <4 x i32*> %ps, <4 x i64> <i64 1, i64 1, i64 1, i64 1>
  %agg = insertvalue { i32, <4 x i32> } undef, <4 x i32> %s, 1
  %back = extractvalue { i32, <4 x i32> } %agg, 1
  ret <4 x i32> %back
}

define void @atomics(i32* %p, float* %fp) {
  %a = load atomic volatile i32, i32* %p syncscope("singlethread") acquire, align 4
  store atomic i32 %a, i32* %p release, align 4
  %x = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst
  %y = atomicrmw umax i32* %p, i32 3 monotonic
  %z = atomicrmw fsub float* %fp, float 1.0 acq_rel
  fence seq_cst
  ret void
}

define void @sw(i32 %c, i8* %addr) {
  switch i32 %c, label %d [
    i32 1, label %a
    i32 2, label %b
  ]
a:
  indirectbr i8* %addr, [label %b, label %d]
b:
  unreachable
d:
  ret void
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "target-cpu"="x86-64" }
attributes #1 = { allocsize(0) inaccessiblememonly nofree nounwind willreturn }
attributes #2 = { builtin nounwind }

!0 = !{i32 0, i32 10}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.mustprogress"}
