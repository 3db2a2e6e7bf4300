; Every terminator kind with several successors, and stores so that
; MemoryPhis appear. Checked by tests/domtree/diff_ll.py against opt 14
; (via test_domtree's differential step when opt is available).

declare i32 @__CxxFrameHandler3(...)
declare i32 @__gxx_personality_v0(...)
declare void @g()

define void @indirect(i8* %a, i32* %p) {
entry:
  indirectbr i8* %a, [label %l3, label %l1, label %l2, label %l1]
l1:
  store i32 1, i32* %p
  br label %l2
l2:
  store i32 2, i32* %p
  br label %l3
l3:
  indirectbr i8* %a, [label %l2, label %exit]
exit:
  ret void
}

define void @asmgoto(i32* %p) {
entry:
  callbr void asm "", "r,X,X"(i32 0, i8* blockaddress(@asmgoto, %ind2), i8* blockaddress(@asmgoto, %ind1))
          to label %fall [label %ind2, label %ind1]
fall:
  store i32 1, i32* %p
  br label %join
ind1:
  store i32 2, i32* %p
  br label %join
ind2:
  br label %ind1
join:
  ret void
}

define void @invokes(i32* %p) personality i32 (...)* @__gxx_personality_v0 {
entry:
  invoke void @g() to label %cont unwind label %lpad
cont:
  store i32 1, i32* %p
  invoke void @g() to label %done unwind label %lpad
lpad:
  %lp = landingpad { i8*, i32 } cleanup
  store i32 2, i32* %p
  br label %done
done:
  ret void
}

define void @seh(i32* %p) personality i32 (...)* @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ret unwind label %cs
cs:
  %s = catchswitch within none [label %h1, label %h2] unwind label %u
h1:
  %p1 = catchpad within %s []
  store i32 1, i32* %p
  catchret from %p1 to label %ret
h2:
  %p2 = catchpad within %s []
  catchret from %p2 to label %ret
u:
  %c = cleanuppad within none []
  store i32 2, i32* %p
  cleanupret from %c unwind to caller
ret:
  ret void
}

define void @seh2(i32* %p) personality i32 (...)* @__CxxFrameHandler3 {
entry:
  invoke void @g() to label %ret unwind label %cs
cs:
  %s = catchswitch within none [label %h2, label %h1] unwind to caller
h1:
  %p1 = catchpad within %s []
  store i32 1, i32* %p
  catchret from %p1 to label %ret
h2:
  %p2 = catchpad within %s []
  invoke void @g() [ "funclet"(token %p2) ] to label %h2c unwind label %cl
h2c:
  catchret from %p2 to label %ret
cl:
  %c = cleanuppad within %p2 []
  store i32 2, i32* %p
  cleanupret from %c unwind label %cs2
cs2:
  %s2 = catchswitch within %p2 [label %h3] unwind to caller
h3:
  %p3 = catchpad within %s2 []
  catchret from %p3 to label %h2c
ret:
  ret void
}

define void @switches(i32 %x, i32* %p) {
entry:
  switch i32 %x, label %d [ i32 0, label %a
                            i32 1, label %b
                            i32 2, label %a
                            i32 3, label %d ]
a:
  store i32 1, i32* %p
  switch i32 %x, label %b [ i32 7, label %d ]
b:
  store i32 2, i32* %p
  br i1 true, label %b, label %d
d:
  ret void
dead:
  store i32 3, i32* %p
  br label %a
}

define void @unnamed(i1 %0, i32* %1) {
  br i1 %0, label %4, label %3
3:
  store i32 1, i32* %1
  br label %5
4:
  store i32 2, i32* %1
  br i1 %0, label %5, label %3
5:
  ret void
}
