#!/usr/bin/env python3
# Offload answers that LLVM's own analyses confirm, on the five reduced
# cases of ../shared/corpus/offload-oracles (its README gives each request,
# the answer memssa used to give and LLVM's):
#   depends-carried-noalias           opt-22 print<da>: consistent anti [-1]
#   depends-kill-previous-iteration   the "killer" writes last iteration's a[i]
#   malloc-modref                     opt-22 aa-eval: Both ModRef
#   gep-gcd-no-nsw                    opt-19/22 aa-eval: MayAlias (14: NoAlias)
#   promotable-load-other-type        opt-22 mem2reg keeps %a (14 promotes it)
# Each is asked in the LLVM version the case names and, where LLVM 14
# answers otherwise, as LLVM 14 too, so a rule applied to the wrong version
# fails here. Plus depends cases around the new rules: a kill in the same
# iteration still kills, distinct noalias arrays stay independent across
# iterations.
import os, sys

import daemonlib as lib
ok, is_, done, Daemon, bail = lib.ok, lib.is_, lib.done, lib.Daemon, lib.bail
CASES = os.path.join(lib.SHARED, "corpus", "offload-oracles")


def load(c, name, llvm, text=None):
    p = {"module": "%s-%d" % (name, llvm), "llvm": llvm}
    if text is None:
        p["path"] = os.path.join(CASES, name + ".ll")
    else:
        p["text"] = text
    c.result("load", p)
    return p["module"]


def depends(c, m, fn, frm, to):
    return c.result("depends", {"module": m, "function": fn, "from": frm, "to": to})


LOOP_KILL_SAME = """
define void @f(ptr %a, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 7, ptr %q, align 4
  store i32 1, ptr %p, align 4
  %v = load i32, ptr %p, align 4
  %i1 = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""

LOOP_TWO_ARRAYS = """
define void @g(ptr noalias %a, ptr noalias %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 1, %entry ], [ %i1, %loop ]
  %im1 = add nsw i64 %i, -1
  %pl = getelementptr inbounds i32, ptr %a, i64 %im1
  %v = load i32, ptr %pl, align 4
  %ps = getelementptr inbounds i32, ptr %b, i64 %i
  store i32 %v, ptr %ps, align 4
  %i1 = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i1, %n
  br i1 %c, label %exit, label %loop
exit:
  ret void
}
"""


def main():
    if not os.access(lib.MEMSSAD, os.X_OK):
        bail("no memssad")
    if not os.path.isdir(CASES):
        print("1..0 # SKIP no corpus at %s" % CASES)
        return
    d = Daemon()
    c = d.client()

    m = load(c, "depends-carried-noalias", 22)
    r = depends(c, m, "g", {"block": "loop", "index": 6}, "%v")
    is_((r["depends"], r["carried"], r["alias"], r["kinds"], r["reaches"]),
        (True, True, "MayAlias", ["flow"], True),
        "store a[i] -> load a[i-1] of the next iteration: depends, carried (DA: consistent anti [-1])")
    is_([x["kind"] for x in r["path"]][:2], ["use", "phi"], "... by the path through the loop's MemoryPhi")
    r = depends(c, m, "g", "%v", {"block": "loop", "index": 6})
    is_((r["depends"], r["kinds"]), (True, ["anti"]), "load a[i-1] -> store a[i]: the anti direction too")

    m = load(c, "depends-kill-previous-iteration", 22)
    r = depends(c, m, "f", {"block": "loop", "index": 3}, "%v")
    is_((r["depends"], r["killer"], r["reaches"]), (True, None, True),
        "store *q -> load a[i]: the store of 1 to a[i] one iteration back does not kill it")

    m = load(c, "kill-same-iteration", 22, LOOP_KILL_SAME)
    r = depends(c, m, "f", {"block": "loop", "index": 2}, "%v")
    is_((r["depends"], r["killer"] is not None), (False, True),
        "store *q; store a[i]; load a[i] in one iteration: the store to a[i] still kills")
    ok("covers" in (r["reason"] or ""), "... with the kill sentence", r["reason"])

    m = load(c, "two-arrays", 22, LOOP_TWO_ARRAYS)
    r = depends(c, m, "g", {"block": "loop", "index": 5}, "%v")
    is_((r["depends"], r["alias"], r["carried"]), (False, "NoAlias", False),
        "noalias a and b: store b[i] -> load a[i-1] independent across iterations too")

    for v, want in ((22, "ModRef"), (14, "NoModRef")):
        m = load(c, "malloc-modref", v)
        r = c.result("modref", {"module": m, "function": "f", "inst": "%m",
                                "location": {"ptr": "%p", "size": 4}})
        is_(r["modref"], want, "malloc vs an argument's 4 bytes, LLVM %d: %s" % (v, want))
        r = c.result("clobber", {"module": m, "function": "f", "inst": "%v"})
        is_(r["clobber"]["name"] if v == 22 else r["clobber"]["kind"], "%m" if v == 22 else "def",
            "... and the load after it: clobbered by %s" % ("the malloc" if v == 22 else "the store"))

    for v, want in ((22, "MayAlias"), (19, "MayAlias"), (14, "NoAlias")):
        m = load(c, "gep-gcd-no-nsw", v)
        r = c.result("alias", {"module": m, "function": "f", "a": {"ptr": "%b", "size": 4},
                               "b": {"ptr": "%c", "size": 4}})
        is_(r["alias"], want, "g[0][i][i+3] (add without nsw) vs g[0][2][1], LLVM %d: %s" % (v, want))

    for v, want in ((22, False), (14, True)):
        m = load(c, "promotable-load-other-type", v)
        r = c.result("promotable", {"module": m, "function": "f"})
        a = r["allocas"][0]
        is_((a["inst"], a["promotable"]), ("%a", want),
            "alloca i32 loaded as i8, LLVM %d: %s" % (v, "promoted" if want else "kept"))
        if not want:
            ok("another type" in a["reason"], "... because the load has another type", a["reason"])

    is_(d.stop(), 0, "the daemon stops cleanly")
    ok(d.sanitizer_clean(), "no sanitizer report")
    done()


main()
