target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #0

define ptr @cplus_demangle_type(ptr %0) {
  %2 = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr %2)
  switch i8 0, label %8 [
    i8 114, label %3
    i8 86, label %3
    i8 75, label %3
    i8 68, label %7
    i8 97, label %5
    i8 98, label %5
    i8 99, label %5
    i8 100, label %5
    i8 101, label %5
    i8 102, label %5
    i8 103, label %5
    i8 104, label %5
    i8 105, label %5
    i8 106, label %5
    i8 108, label %5
    i8 109, label %5
    i8 110, label %5
    i8 111, label %5
    i8 115, label %5
    i8 116, label %5
    i8 118, label %5
    i8 119, label %5
    i8 120, label %5
    i8 121, label %5
    i8 122, label %5
  ]

3:                                                ; preds = %1, %1, %1
  %4 = call fastcc ptr null(ptr %0, ptr %2, i32 0)
  ret ptr null

5:                                                ; preds = %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1, %1
  %6 = load ptr, ptr inttoptr (i64 16 to ptr), align 16
  ret ptr null

7:                                                ; preds = %1
  ret ptr null

8:                                                ; preds = %1
  ret ptr null
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
