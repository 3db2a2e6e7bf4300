; TBAA and scoped-noalias unit cases for tests/test_aa.c.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.P = type { i32, i32, float }

define void @tbaa_paths(%struct.P* %a, %struct.P* %b, i32* %ip, float* %fp, i8* %cp) {
  %ax = getelementptr inbounds %struct.P, %struct.P* %a, i64 0, i32 0
  %by = getelementptr inbounds %struct.P, %struct.P* %b, i64 0, i32 1
  %bx = getelementptr inbounds %struct.P, %struct.P* %b, i64 0, i32 0
  store i32 1, i32* %ax, align 4, !tbaa !6
  store i32 2, i32* %by, align 4, !tbaa !8
  store i32 3, i32* %bx, align 4, !tbaa !6
  store i32 4, i32* %ip, align 4, !tbaa !9
  store float 5.0, float* %fp, align 4, !tbaa !10
  store i8 6, i8* %cp, align 1, !tbaa !11
  %v = load i32, i32* %ip, align 4, !tbaa !9
  %w = load float, float* %fp, align 4, !tbaa !10
  %k = load i32, i32* %ip, align 4, !tbaa !12
  ret void
}

define void @scoped(i32* %p, i32* %q, i32* %r) {
  store i32 1, i32* %p, align 4, !alias.scope !20, !noalias !23
  store i32 2, i32* %q, align 4, !alias.scope !23, !noalias !20
  store i32 3, i32* %r, align 4
  %x = load i32, i32* %p, align 4, !noalias !20
  %y = load i32, i32* %q, align 4, !alias.scope !24
  ret void
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"P", !2, i64 0, !2, i64 4, !3, i64 8}
!6 = !{!4, !2, i64 0}
!8 = !{!4, !2, i64 4}
!9 = !{!2, !2, i64 0}
!10 = !{!3, !3, i64 0}
!11 = !{!1, !1, i64 0}
!12 = !{!2, !2, i64 0, i64 1}
!13 = !{!"dom"}
!14 = !{!"scopeA", !13}
!15 = !{!"scopeB", !13}
!16 = !{!"scopeC", !13}
!20 = !{!14}
!23 = !{!15}
!24 = !{!16}
