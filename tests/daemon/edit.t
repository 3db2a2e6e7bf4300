#!/usr/bin/env python3
# The `edit` method: each op, atomic rejection with the failing op's index,
# stable instruction ids, error codes, the reply cache invalidated by edits,
# equality with a fresh load of the equivalent text, and `memssa edit`.
import json, os, subprocess

import daemonlib as lib
ok, is_, done, Daemon, canon, same = lib.ok, lib.is_, lib.done, lib.Daemon, lib.canon, lib.same

MOD = """define void @f(ptr %p, ptr %q, i1 %c) {
entry:
  store i32 1, ptr %p, align 4
  %a = load i32, ptr %q, align 4
  br i1 %c, label %then, label %exit

then:
  store i32 2, ptr %q, align 4
  br label %exit

exit:
  %b = load i32, ptr %p, align 4
  ret void
}

define i32 @g(ptr %p) {
  %1 = load i32, ptr %p, align 4
  ret i32 %1
}
"""

# The same module after the edits of the equality check below, written out.
EDITED = MOD.replace("  %a = load i32, ptr %q, align 4\n",
                     "  %a = load i32, ptr %q, align 4\n  store i32 9, ptr %q, align 4\n")


def main():
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})

    def edit(ops, fn="f", mod="m"):
        return c.call("edit", {"module": mod, "function": fn, "ops": ops})

    def fprint(fn="f", mod="m"):
        return c.result("print", {"module": mod, "function": fn})["text"]

    before = fprint()
    acc_b = c.result("access", {"module": "m", "function": "f", "inst": "%b"})

    # ---------------------------------------------------------- insert
    r = edit([{"op": "insert", "after": "%a", "text": "store i32 9, ptr %q, align 4"}])
    res = (r or {}).get("result", {})
    ok("result" in (r or {}), "insert after: accepted", r)
    new_id = res.get("results", [{}])[0].get("inst")
    ok(isinstance(new_id, int) and new_id >= 7, "insert: the new instruction gets a fresh id",
       res)
    is_(res.get("defs"), 3, "insert: the reply carries the new def count")
    cl = c.result("clobber", {"module": "m", "function": "f", "inst": "%b"})
    is_(cl["clobber"]["kind"], "phi", "insert: %b is still clobbered by the phi")
    # Equality with a fresh load of the written-out text.
    c.result("load", {"module": "fresh", "text": EDITED})
    is_(canon(fprint()), canon(fprint(mod="fresh")),
        "insert: print equals a fresh build of the edited text (up to numbering)")
    for inst in ["%a", "%b", 0]:
        a = c.result("clobber", {"module": "m", "function": "f", "inst": inst})
        b = c.result("clobber", {"module": "fresh", "function": "f", "inst": inst})
        is_(canon("; " + a["clobber"].get("desc", "")), canon("; " + b["clobber"].get("desc", "")),
            "insert: clobber of %s equals a fresh build's" % inst)
    # Stable ids: %b keeps its instruction id across the edit.
    acc_b2 = c.result("access", {"module": "m", "function": "f", "inst": "%b"})
    is_(acc_b2["access"]["inst"] if "access" in acc_b2 else acc_b2.get("inst"),
        acc_b["access"]["inst"] if "access" in acc_b else acc_b.get("inst"),
        "ids are stable across edits")
    r = c.result("access", {"module": "m", "function": "f", "inst": new_id})
    ok("store i32 9" in json.dumps(r), "the new id names the new instruction", r)

    # ---------------------------------------------------------- insert at_end, before
    r = edit([{"op": "insert", "at_end": "then", "text": "%v = load i32, ptr %p"},
              {"op": "insert", "before": "%b", "text": "store i32 %v, ptr %p"}])
    ok("error" in (r or {}), "a later op cannot use a value defined in another block "
       "that does not dominate it", r)
    r = edit([{"op": "insert", "at_end": "exit", "text": "%v = load i32, ptr %q"},
              {"op": "insert", "at_end": "exit", "text": "store i32 %v, ptr %p"}])
    ok("result" in (r or {}) and len(r["result"]["results"]) == 2,
       "insert at_end: two ops, text of the second uses the first's result", r)
    v_id = r["result"]["results"][0]["inst"] if "result" in r else None
    s_id = r["result"]["results"][1]["inst"] if "result" in r else None
    is_(c.result("verify", {"module": "m"})["ok"], True, "verify passes after inserts")

    # ---------------------------------------------------------- move
    r = edit([{"op": "move", "inst": s_id, "before": "%b"}])
    ok("error" in (r or {}), "move: an instruction before its operand's definition is rejected", r)
    r = edit([{"op": "move", "inst": new_id, "after": {"block": "entry", "index": 0}}])
    ok("result" in (r or {}), "move: by {block,index}", r)
    t = fprint()
    ok(t.index("store i32 9") < t.index("%a = load"), "move: the store now precedes %a", t)

    # ---------------------------------------------------------- set_operand
    r = edit([{"op": "set_operand", "inst": "%b", "index": 0, "value": "%q"}])
    ok("result" in (r or {}), "set_operand: %b now loads from %q", r)
    r = edit([{"op": "set_operand", "inst": "%b", "index": 0, "value": "%nope"}])
    is_(lib.err_code(r), -32003, "set_operand: unknown value is -32003")

    # ---------------------------------------------------------- remove
    r = edit([{"op": "remove", "inst": s_id}, {"op": "remove", "inst": v_id}])
    ok("result" in (r or {}), "remove: two instructions (user first)", r)
    r = edit([{"op": "remove", "inst": v_id}])
    is_(lib.err_code(r), -32003, "remove: a removed id is unknown")

    # ---------------------------------------------------------- CFG ops
    r = edit([{"op": "add_block", "name": "nb", "after": "then"},
              {"op": "set_terminator", "block": "then", "text": "br label %nb"}])
    ok("result" in (r or {}), "add_block + set_terminator in one batch", r)
    ok(r and r.get("result", {}).get("results", [{}])[0].get("label") == "nb",
       "add_block: the reply names the new block", r)
    r = edit([{"op": "set_terminator", "block": "nb", "text": "br label %exit"}])
    ok("result" in (r or {}), "set_terminator: the new block branches to exit", r)
    r = edit([{"op": "split_edge", "from": "entry", "to": "exit"}])
    ok("result" in (r or {}) and "block" in r["result"]["results"][0], "split_edge", r)
    r = edit([{"op": "add_block", "name": "dead"}])
    ok("result" in (r or {}), "add_block at the end", r)
    r = edit([{"op": "set_terminator", "block": "dead", "text": "ret void"}])
    ok("result" in (r or {}), "set_terminator: ret in the unreachable block", r)
    r = edit([{"op": "remove_block", "block": "dead"}])
    ok("result" in (r or {}), "remove_block", r)
    r = edit([{"op": "remove_block", "block": "dead"}])
    is_(lib.err_code(r), -32003, "remove_block: gone is unknown")
    is_(c.result("verify", {"module": "m"})["ok"], True, "verify passes after CFG edits")

    # ---------------------------------------------------------- atomic rejection
    snap = fprint()
    r = edit([{"op": "insert", "before": "%b", "text": "store i32 5, ptr %p"},
              {"op": "insert", "before": "%b", "text": "store i32 6, ptr %p"},
              {"op": "remove", "inst": "%a"}])   # %a has no users: fine
    ok("result" in (r or {}), "a valid three-op batch", r)
    snap = fprint()
    r = edit([{"op": "insert", "before": "%b", "text": "store i32 7, ptr %p"},
              {"op": "move", "inst": "%b", "before": {"block": "entry", "index": 0}},
              {"op": "set_terminator", "block": "exit", "text": "br label %nowhere"}])
    is_(lib.err_code(r), -32010, "a parse error in op 2 is an IR error")
    is_((r or {}).get("error", {}).get("data", {}).get("op"), 2, "the error names op 2")
    ok("line" in (r or {}).get("error", {}).get("data", {}), "the error has line/col", r)
    is_(fprint(), snap, "the rejected batch left the function unchanged")
    r = edit([{"op": "insert", "before": "%b", "text": "store i32 7, ptr %p"},
              {"op": "remove", "inst": 0}, {"op": "remove", "inst": 0}])
    is_((r or {}).get("error", {}).get("data", {}).get("op"), 2,
        "a second remove of the same id fails at op 2")
    is_(fprint(), snap, "... and nothing of the batch stays")
    r = edit([{"op": "remove", "inst": "%b"}, {"op": "frobnicate"}])
    is_(lib.err_code(r), -32602, "an unknown op is -32602")
    is_((r or {}).get("error", {}).get("data", {}).get("op"), 1, "... naming op 1")
    r = edit([{"op": "set_terminator", "block": "exit", "text": "br label %exit, !bad"}])
    ok(lib.err_code(r) in (-32012, -32010), "a malformed terminator is rejected", r)
    is_(fprint(), snap, "function unchanged after every rejection")

    # ---------------------------------------------------------- error codes
    is_(lib.err_code(edit([], mod="nope")), -32001, "unknown module: -32001")
    is_(lib.err_code(edit([], fn="nope")), -32002, "unknown function: -32002")
    is_(lib.err_code(c.call("edit", {"module": "m", "function": "f", "ops": {}})), -32602,
        "ops not an array: -32602")
    is_(lib.err_code(edit([{"op": "insert", "text": "store i32 0, ptr %p"}])), -32602,
        "insert without an anchor: -32602")
    is_(lib.err_code(edit([{"op": "insert", "before": "%zz", "text": "store i32 0, ptr %p"}])),
        -32003, "unknown anchor: -32003")
    r = edit([])
    ok("result" in (r or {}), "an empty batch is fine", r)

    # ---------------------------------------------------------- reply cache
    c.result("load", {"module": "rc", "text": MOD})
    q = {"module": "rc", "function": "f", "inst": "%b"}
    c.result("clobber", q)
    a1 = c.result("clobber", q)     # from the reply cache now
    r = c.call("edit", {"module": "rc", "function": "f",
                        "ops": [{"op": "insert", "before": "%b", "text": "store i32 3, ptr %p"}]})
    a2 = c.result("clobber", q)
    ok(a1["clobber"]["kind"] == "phi" and a2["clobber"]["kind"] == "def" and
       "store i32 3" in a2["clobber"].get("text", ""),
       "an edit invalidates cached clobber answers", (a1, a2))

    # ---------------------------------------------------------- the CLI
    env = dict(os.environ, MEMSSA_SOCKET=d.sock)
    p = subprocess.run([lib.MEMSSA, "edit", "rc", "f",
                        '[{"op":"insert","before":"%b","text":"store i32 4, ptr %q"}]'],
                       env=env, capture_output=True, text=True)
    ok(p.returncode == 0 and "new instruction" in p.stdout, "memssa edit", p.stdout + p.stderr)
    opsf = os.path.join(d.tmp, "ops.json")
    newid = int(p.stdout.split("new instruction ")[1].split(":")[0]) if p.returncode == 0 else 0
    with open(opsf, "w") as f:
        f.write('[\n {"op": "remove",\n  "inst": %d}\n]\n' % newid)
    p = subprocess.run([lib.MEMSSA, "edit", "rc", "f", "@" + opsf], env=env,
                       capture_output=True, text=True)
    is_(p.returncode, 0, "memssa edit @ops.json (a multi-line file)")
    p = subprocess.run([lib.MEMSSA, "edit", "rc", "f",
                        '[{"op":"insert","before":"%b","text":"store i32 4, ptr %zz"}]'],
                       env=env, capture_output=True, text=True)
    ok(p.returncode == 1 and "ops[0]" in p.stderr, "memssa edit: a parse error exits 1",
       p.stderr)
    p = subprocess.run([lib.MEMSSA, "edit", "rc", "f", "{}"], env=env, capture_output=True,
                       text=True)
    is_(p.returncode, 2, "memssa edit: ops not an array is bad usage")

    # ---------------------------------------------------------- random batches
    # Valid, invalid and malformed ops mixed: every reply is a result or an
    # error, the function verifies after each, nothing crashes.
    import random
    rnd = random.Random(5)
    c.result("load", {"module": "fz", "text": MOD})
    insts = ["%a", "%b", 0, 1, 2, 3, 4, 5, 6, 99, -1, "%zz", {"block": "exit", "index": 0},
             {"block": "then", "index": 9}, {"block": 7}, None, [], "x"]
    blocks = ["entry", "then", "exit", "nope", 0, 5, None, {}]
    texts = ["store i32 0, ptr %p", "%n = load i32, ptr %q", "store i32 1, ptr %q, align 4",
             "br label %exit", "ret void", "call void @g()", "bogus", "", "store i32 %a, ptr %p",
             "%x = add i32 1, 2", "fence seq_cst", "store i32 0, ptr %p, !tbaa !1"]
    kinds = ["insert", "remove", "move", "set_operand", "set_terminator", "add_block",
             "remove_block", "split_edge", "split_block", "nope", 3]
    bad = 0
    for it in range(300):
        ops = []
        for _ in range(rnd.randint(0, 4)):
            k = rnd.choice(kinds)
            op = {"op": k}
            for key in rnd.sample(["before", "after", "at_end", "inst", "block", "text", "index",
                                   "value", "name", "from", "to", "at"], rnd.randint(0, 4)):
                op[key] = (rnd.choice(texts) if key == "text" else
                           rnd.choice(blocks) if key in ("block", "at_end", "from", "to") else
                           rnd.choice(["%p", "%q", "%a", "%c", "@g", 7]) if key == "value" else
                           rnd.choice([0, 1, 2, -1, "x"]) if key == "index" else
                           rnd.choice(["b%d" % it, 5, ""]) if key == "name" else
                           rnd.choice(insts))
            ops.append(op)
        r = c.call("edit", {"module": "fz", "function": rnd.choice(["f", "g"]), "ops": ops})
        if r is None or ("result" not in r and "error" not in r):
            bad += 1
            break
        if "error" in r and r["error"]["code"] not in (-32602, -32003, -32010, -32012, -32002):
            bad += 1
    is_(bad, 0, "300 random batches: every reply a result or a known error")
    is_(c.result("verify", {"module": "fz"})["ok"], True, "the fuzzed module verifies")

    # ---------------------------------------------------------- !N and #N in edit text
    # They mean what they mean in the loaded text: TBAA tags and call-site
    # attribute groups change the answers exactly as in a fresh load.
    MD = """define i32 @h(ptr %p, ptr %q) {
entry:
  store i32 1, ptr %p, align 4, !tbaa !0
  %a = load float, ptr %q, align 4, !tbaa !4
  ret i32 0
}

declare void @ext(ptr)

attributes #0 = { nounwind }
attributes #1 = { readnone nounwind }

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0}
!5 = !{!"float", !2, i64 0}
"""
    c.result("load", {"module": "md", "text": MD})
    steps = [("store i32 5, ptr %q, align 4, !tbaa !0", "an int store (TBAA !0) before a float load"),
             ("call void @ext(ptr %q) #1", "a call with a readnone group (#1)"),
             ("call void @ext(ptr %q) #0", "a call with a plain group (#0)")]
    text = MD
    for line, what in steps:
        r = edit([{"op": "insert", "before": "%a", "text": line}], fn="h", mod="md")
        ok("result" in (r or {}), "edit text with %s: accepted" % what, r)
        text = text.replace("  %a = load float", "  " + line + "\n  %a = load float")
        c.result("load", {"module": "mdfresh", "text": text})
        is_(canon(fprint("h", "md")), canon(fprint("h", "mdfresh")),
            "... prints as a fresh load of the same text")
        a = c.result("clobber", {"module": "md", "function": "h", "inst": "%a"})
        b = c.result("clobber", {"module": "mdfresh", "function": "h", "inst": "%a"})
        is_(canon("; " + a["clobber"].get("desc", "")), canon("; " + b["clobber"].get("desc", "")),
            "... and the load's clobber is a fresh load's (%s)" % b["clobber"].get("desc", ""))
    for bad_text, what in [("store i32 5, ptr %q, !tbaa !99", "an undefined !99"),
                           ("call void @ext(ptr %q) #7", "an undefined #7"),
                           ("%v = load %nosuch, ptr %p", "an undefined named type")]:
        r = edit([{"op": "insert", "before": "%a", "text": "store i32 6, ptr %p"},
                  {"op": "insert", "before": "%a", "text": bad_text}], fn="h", mod="md")
        ok(lib.err_code(r) == -32010 and r["error"]["data"].get("op") == 1,
           "%s: an IR error naming op 1" % what, r)
    is_(canon(fprint("h", "md")), canon(fprint("h", "mdfresh")),
        "the rejected batches changed nothing")

    r = edit([{"op": "set_terminator", "block": "entry", "text": "ret i32 0"}], fn="h", mod="md")
    ok("error" not in (r or {}), "set_terminator with the function's return type: accepted", r)
    r = edit([{"op": "set_terminator", "block": "entry", "text": "ret void"}], fn="h", mod="md")
    ok(lib.err_code(r) == -32010 and "result type" in r["error"]["message"],
       "set_terminator `ret void` in an i32 function: an IR error", r)

    st = c.result("stats")
    ok(st.get("edits", 0) >= 10, "stats counts edits", st)

    # Growth bound: each edit appends its text and instruction ids are never
    # reused, so edits are refused past --max-edit-growth (here 2000 bytes
    # beyond twice the text) until the module's text is loaded again.
    d2 = Daemon("--max-edit-growth", "2000")
    c2 = d2.client()
    c2.result("load", {"module": "g", "text": MOD})
    k, r = 0, None
    while k < 1000:
        r = c2.call("edit", {"module": "g", "function": "f",
                             "ops": [{"op": "insert", "before": "%b", "text": "store i32 %d, ptr %%p" % k}]})
        if "error" in r:
            break
        k += 1
    ok(lib.err_code(r) == -32012 and "load its current text again" in r["error"]["message"]
       and 2000 // 30 < k < 3000 // 15, "edits refused once the module grew past the bound (after %d)" % k, r)
    is_(c2.result("verify", {"module": "g"})["ok"], True, "the module still verifies")
    c2.result("load", {"module": "g", "text": MOD})
    r = c2.call("edit", {"module": "g", "function": "f",
                         "ops": [{"op": "insert", "before": "%b", "text": "store i32 1, ptr %p"}]})
    ok("result" in r, "after a load of its text, the module takes edits again", r)
    is_(d2.stop(), 0, "that memssad exits 0 too")
    is_(d.stop(), 0, "memssad exits 0")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
