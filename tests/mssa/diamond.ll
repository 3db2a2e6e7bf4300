define i32 @diamond(i32* %p, i32* %q, i1 %c) {
entry:
  store i32 0, i32* %p
  br i1 %c, label %left, label %right
left:
  store i32 1, i32* %q
  br label %join
right:
  br label %join
join:
  %v = load i32, i32* %p
  ret i32 %v
}

define i32 @swapped(i32* %p, i32* %q, i1 %c) {
entry:
  store i32 0, i32* %p
  br i1 %c, label %right, label %left
left:
  store i32 1, i32* %q
  br label %join
right:
  store i32 2, i32* %q
  br label %join
join:
  %v = load i32, i32* %p
  ret i32 %v
}

define void @loop(i32* noalias %p, i32* noalias %q, i32 %n) {
entry:
  %a = alloca i32
  store i32 0, i32* %a
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %body ]
  %x = load i32, i32* %a
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  store i32 %i, i32* %p
  %i1 = add i32 %i, 1
  br label %head
exit:
  %y = load i32, i32* %q
  ret void
}

define void @unreach(i32* %p) {
entry:
  br label %merge
dead:
  store i32 5, i32* %p
  br label %merge
merge:
  store i32 1, i32* %p
  br i1 undef, label %merge, label %out
out:
  %v = load i32, i32* %p
  ret void
}
