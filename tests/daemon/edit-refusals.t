#!/usr/bin/env python3
# Each refused edit names the op, its instruction and the cause, with one
# data.reason word per cause (protocol/errors.h), code -32012 as before:
# for each cause an op that meets it, the reason, the words of the message
# ("%a has 2 users", "operand %x does not dominate it"), and the function
# left as it was. A refusal in a batch names the op that failed (ops[1]).
# Every rejected edit used to say only "ops[0] rejected (invalid argument)".
import json

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

MOD = """define void @f(ptr %p, ptr %q, i1 %c) {
entry:
  %a = load i32, ptr %p, align 4
  %b = add i32 %a, %a
  store i32 %b, ptr %q, align 4
  br i1 %c, label %l, label %r

l:
  %x = load i32, ptr %q, align 4
  br label %j

r:
  br label %j

j:
  %ph = phi i32 [ %x, %l ], [ 0, %r ]
  store i32 %ph, ptr %p, align 4
  ret void
}
"""
BR = {"block": "entry", "index": 3}
STORE_Q = {"block": "entry", "index": 2}
ST0 = "store i32 0, ptr %p, align 4"
BRTEXT = "'br i1 %c, label %l, label %r'"

# (reason, ops, words the message holds)
CASES = [
    ("has_users", [{"op": "remove", "inst": "%a"}], ["(remove %a)", "%a has 2 users"]),
    ("is_terminator", [{"op": "remove", "inst": BR}],
     ["(remove %s)" % BRTEXT, "is a terminator", "set_terminator"]),
    ("is_terminator", [{"op": "insert", "before": "%a", "text": "ret void"}],
     ["(insert 'ret void')", "the text is a terminator"]),
    ("not_a_terminator", [{"op": "set_terminator", "block": "r", "text": ST0}],
     ["(set_terminator '%s')" % ST0, "not a terminator"]),
    ("phi", [{"op": "move", "inst": "%ph", "before": "%a"}], ["(move %ph)", "phis are not"]),
    ("phi", [{"op": "insert", "before": "%a", "text": "%z = phi i32 [ 0, %entry ]"}],
     ["the text is a phi"]),
    ("phi", [{"op": "split_block", "at": "%ph"}], ["(split_block %ph)", "phis"]),
    ("after_terminator", [{"op": "insert", "after": BR, "text": ST0}],
     ["(insert '%s')" % ST0, "nothing can follow the terminator " + BRTEXT]),
    ("phi_order", [{"op": "insert", "before": "%ph", "text": ST0}], ["phis lead", "%ph"]),
    ("operand_not_dominating",
     [{"op": "insert", "before": "%a", "text": "store i32 %x, ptr %p, align 4"}],
     ["operand %x does not dominate it"]),
    ("operand_not_dominating", [{"op": "move", "inst": "%b", "before": "%a"}],
     ["(move %b)", "operand %a does not dominate it"]),
    ("operand_not_dominating",
     [{"op": "set_operand", "inst": "%b", "index": 0, "value": "%x"}],
     ["(set_operand %b)", "operand %x does not dominate it"]),
    ("user_not_dominated", [{"op": "move", "inst": "%a", "after": "%b"}],
     ["(move %a)", "its user %b would no longer be dominated by it"]),
    ("type_mismatch", [{"op": "set_operand", "inst": STORE_Q, "index": 0, "value": "%p"}],
     ["(set_operand 'store i32 %b, ptr %q, align 4')", "type differs"]),
    ("no_such_operand", [{"op": "set_operand", "inst": "%b", "index": 5, "value": "%a"}],
     ["%b has 2 operands"]),
    ("edge_operand", [{"op": "set_operand", "inst": BR, "index": 1, "value": "%a"}],
     ["CFG edge"]),
    ("self_reference", [{"op": "set_operand", "inst": "%b", "index": 0, "value": "%b"}],
     ["%b would use its own result"]),
    ("entry_block", [{"op": "remove_block", "block": "entry"}],
     ["(remove_block entry)", "entry block"]),
    ("entry_block", [{"op": "set_terminator", "block": "r", "text": "br label %entry"}],
     ["entry block"]),
    ("new_edge_into_phis", [{"op": "set_terminator", "block": "entry", "text": "br label %j"}],
     ["new edge into the block of phi %ph"]),
    ("block_in_use", [{"op": "remove_block", "block": "l"}],
     ["(remove_block l)", "still used by " + BRTEXT]),
    ("unsplittable", [{"op": "split_edge", "from": "j", "to": "l"}],
     ["(split_edge j -> l)", "br, switch and indirectbr"]),
]


def main():
    d = Daemon("--max-edit-growth", "1k")
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})
    before = c.result("print", {"module": "m", "function": "f"})["text"]
    seen = set()
    for reason, ops, words in CASES:
        r = c.call("edit", {"module": "m", "function": "f", "ops": ops})
        e = (r or {}).get("error", {})
        msg = e.get("message", "")
        seen.add(reason)
        ok(e.get("code") == -32012 and e.get("data", {}).get("reason") == reason
           and all(w in msg for w in words) and msg.startswith("ops[0] ("),
           "%s: %s" % (reason, msg.split(" rejected: ")[-1].split(";")[0]), json.dumps(r))
    after = c.result("print", {"module": "m", "function": "f"})["text"]
    is_(after, before, "after every refusal the function is as it was")

    # In a batch, the op that failed is named, and the ones before it undone.
    r = c.call("edit", {"module": "m", "function": "f", "ops": [
        {"op": "insert", "before": "%a", "text": ST0}, {"op": "remove", "inst": "%a"}]})
    e = (r or {}).get("error", {})
    ok(e.get("data", {}).get("op") == 1 and e.get("message", "").startswith("ops[1] (remove %a)")
       and e["data"].get("reason") == "has_users", "a batch names ops[1]", json.dumps(r))
    is_(c.result("print", {"module": "m", "function": "f"})["text"], before,
        "and ops[0] is undone")

    # --max-edit-growth: module_grew.
    for k in range(200):
        r = c.call("edit", {"module": "m", "function": "f", "ops": [
            {"op": "insert", "before": "%a", "text": "store i32 %d, ptr %%q, align 4" % k}]})
        if "error" in r:
            break
    e = r.get("error", {})
    seen.add("module_grew")
    ok(e.get("code") == -32012 and e.get("data", {}).get("reason") == "module_grew" and k > 3,
       "module_grew after %d edits under --max-edit-growth 1k" % k, json.dumps(r))

    # Every edit reason of errors.h was met.
    hdr = open(lib.os.path.join(lib.ROOT, "protocol", "errors.h")).read()
    words = set(lib.re.findall(r'X\(\w+, "(\w+)", EDIT_REJECTED\)', hdr))
    is_(sorted(words - seen), [], "every EDIT_REJECTED reason of errors.h is tested")
    c.close()
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
