target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @rl_redisplay(i64 %0, ptr %1) {
  br label %4

3:                                                ; No predecessors!
  br label %4

4:                                                ; preds = %3, %2
  %5 = phi ptr [ null, %3 ], [ null, %2 ]
  %6 = getelementptr i32, ptr %5, i64 %0
  store i32 0, ptr %6, align 4
  br label %7

7:                                                ; preds = %7, %4
  %8 = phi i64 [ 0, %4 ], [ %0, %7 ]
  %9 = getelementptr [5 x i8], ptr %1, i64 0, i64 %8
  %10 = load i8, ptr %9, align 1
  store i32 0, ptr null, align 4
  br label %7
}
