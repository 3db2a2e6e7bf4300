@g = external global i64
define void @f() {
  store i32 0, ptr @g, align 4
  %1 = alloca i32, align 4
  store i32 0, ptr %1, align 4
  call void @llvm.memcpy.p0readonlyFunction()
  %v = load i32, ptr %1, align 4
  ret void
}
