#!/usr/bin/env python3
# Reload by difference: a `load` of a loaded module name whose text differs
# only inside function bodies reparses just those bodies; anything else is a
# full reload that says why. Every reload must answer exactly as a fresh load
# of the same text.
import subprocess, json, os, re, signal

import daemonlib as lib
ok, is_, done, Daemon, canon, same = lib.ok, lib.is_, lib.done, lib.Daemon, lib.canon, lib.same

HEAD = """; ModuleID = 'r'
%struct.S = type { i32, i32 }

@g = global i32 0, align 4

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @ext(ptr)
"""

A = """define void @a(ptr %p, ptr %q) {
entry:
  store i32 1, ptr %p, align 4
  %x = load i32, ptr %q, align 4
  ret void
}
"""

A2 = """define void @a(ptr %p, ptr %q) {
entry:
  store i32 1, ptr %p, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr @g, i64 4, i1 false)
  %x = load i32, ptr %q, align 4
  %s = getelementptr %struct.S, ptr %p, i64 0, i32 1
  store i32 %x, ptr %s, align 4
  call void @ext(ptr %p)
  %y = load i32, ptr %p, align 4
  ret void
}
"""

B = """define i32 @b(ptr %0, i1 %1) {
  store i32 5, ptr %0, align 4
  br i1 %1, label %3, label %5

3:
  %4 = load i32, ptr @g, align 4
  store i32 %4, ptr %0, align 4
  br label %5

5:
  %6 = load i32, ptr %0, align 4
  ret i32 %6
}
"""

B2 = B.replace("  %4 = load i32, ptr @g, align 4\n",
               "  %4 = load i32, ptr @g, align 4\n  store i32 0, ptr @g, align 4\n")

C = """define void @c(ptr %p) {
  store i32 3, ptr %p, align 4
  ret void
}
"""


def text(*fs, head=HEAD):
    return head + "\n" + "\n".join(fs)


def state(c, mod):
    """The walker's answer for every access (the walker printout) and the
    counts. (The plain printout also shows which accesses earlier queries
    optimized: history, not answers.)"""
    out = [c.result("print", {"module": mod, "walker": True})["text"]]
    for f in c.result("functions", {"module": mod})["functions"]:
        out.append((f["name"], f["defs"], f["uses"], f["phis"], f["instructions"]))
    return out


def fresh(t):
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "x", "text": t})
    s = state(c, "x")
    d.stop()
    return s


def main():
    d = Daemon()
    c = d.client()
    t0 = text(A, B, C)
    r = c.result("load", {"module": "m", "text": t0})
    is_((r["reload"], r["replaced"]), ("full", False), "first load is a full load")

    # one body changed (calls, an intrinsic, a GEP, a struct type)
    t1 = text(A2, B, C)
    r = c.result("load", {"module": "m", "text": t1})
    is_((r["reload"], r["reused"], r["rebuilt"], r["replaced"]), ("incremental", 2, 1, True),
        "one changed body: incremental, 2 reused, 1 rebuilt")
    same(state(c, "m"), fresh(t1), "answers equal a fresh load of the new text")
    is_(c.result("verify", {"module": "m"})["ok"], True, "verify passes")

    # unnamed values and blocks
    t2 = text(A2, B2, C)
    r = c.result("load", {"module": "m", "text": t2})
    is_((r["reload"], r["rebuilt"]), ("incremental", 1), "unnamed values: incremental")
    same(state(c, "m"), fresh(t2), "... equal to a fresh load")
    r = c.result("clobber", {"module": "m", "function": "b", "inst": "%6"})
    is_(r["clobber"]["kind"], "phi", "clobber after the reload")

    # back to the original, two bodies at once
    r = c.result("load", {"module": "m", "text": t0})
    is_((r["reload"], r["rebuilt"]), ("incremental", 2), "two bodies changed back")
    same(state(c, "m"), fresh(t0), "... equal to a fresh load")

    # identical text: nothing rebuilt
    r = c.result("load", {"module": "m", "text": t0})
    is_((r["reload"], r["reused"], r["rebuilt"]), ("incremental", 3, 0), "identical text")

    # the frame changed: full
    t3 = text(A, B, C, head=HEAD + "@h = global i32 1, align 4\n")
    r = c.result("load", {"module": "m", "text": t3})
    ok(r["reload"] == "full" and "outside function bodies" in r.get("why_full", ""),
       "a new global: full reload, says why", r)
    same(state(c, "m"), fresh(t3), "... equal to a fresh load")

    # a define line changed: full
    t4 = text(A.replace("define void @a(ptr %p, ptr %q)", "define void @a(ptr noalias %p, ptr %q)"),
              B, C, head=HEAD + "@h = global i32 1, align 4\n")
    r = c.result("load", {"module": "m", "text": t4})
    ok(r["reload"] == "full" and "define line" in r.get("why_full", ""),
       "a changed define line: full reload", r)

    # metadata: a changed body gains an attachment to a new node
    t5 = t4.replace("  ret void\n}\n", "  ret void, !nosuch !0\n}\n", 1) + "!0 = !{}\n"
    r = c.result("load", {"module": "m", "text": t5})
    ok(r["reload"] == "incremental" and r["rebuilt"] == 1 and r["new_metadata"] == 1,
       "a new metadata node and a body using it: incremental, 1 new node", r)
    same(state(c, "m"), fresh(t5), "... equal to a fresh load")
    t6 = t5.replace("ret void, !nosuch !0", "store i32 9, ptr %p, align 4, !nosuch !0\n  ret void, !nosuch !0")
    r = c.result("load", {"module": "m", "text": t6})
    ok(r["reload"] == "incremental" and r["rebuilt"] == 1 and r["new_metadata"] == 1,
       "a changed body using a node only it uses: incremental, the node reparsed", r)
    same(state(c, "m"), fresh(t6), "... equal to a fresh load")

    # an attribute group on a call in a changed body: the group's bits are
    # known to the reload (the call is readnone: no MemoryDef)
    ta = text(A, B, C, head=HEAD + "@h = global i32 1, align 4\n") + "\nattributes #0 = { readnone }\n"
    c.result("load", {"module": "m", "text": ta})
    tb = ta.replace("  %x = load i32, ptr %q, align 4\n  ret void",
                    "  call void @ext(ptr %p) #0\n  %x = load i32, ptr %q, align 4\n  ret void", 1)
    r = c.result("load", {"module": "m", "text": tb})
    ok(r["reload"] == "incremental" and r["rebuilt"] == 1,
       "an attribute group on a call in a changed body: incremental", r)
    same(state(c, "m"), fresh(tb), "... equal to a fresh load")

    # a parse error in a changed body: the full load reports it; module intact
    before = state(c, "m")
    bad = t6.replace("store i32 9, ptr %p", "store i32 9, ptr %nope")
    r = c.call("load", {"module": "m", "text": bad})
    is_(lib.err_code(r), -32010, "a bad body is an IR error")
    ok(r and r["error"]["data"]["line"] > 10, "with the line in the whole text",
       r and r["error"]["data"])
    same(state(c, "m"), before, "the loaded module is untouched")

    # after an edit: full
    c.result("load", {"module": "m", "text": t0})
    c.result("edit", {"module": "m", "function": "c",
                      "ops": [{"op": "insert", "before": {"block": "0", "index": 0},
                               "text": "store i32 4, ptr %p"}]})
    r = c.result("load", {"module": "m", "text": t1})
    ok(r["reload"] == "full" and "edited" in r.get("why_full", ""), "after an edit: full", r)
    same(state(c, "m"), fresh(t1), "... equal to a fresh load")
    r = c.result("load", {"module": "m", "text": t0})
    is_(r["reload"], "incremental", "and incremental again after that full reload")

    # by path, and a notification
    p1 = os.path.join(d.tmp, "r.ll")
    with open(p1, "w") as f:
        f.write(t2)
    r = c.result("load", {"module": "m", "path": p1})
    is_(r["reload"], "incremental", "a path load reloads by difference too")
    # the CLI says so
    with open(p1, "w") as f:
        f.write(t0)
    out = subprocess.run([lib.MEMSSA, "--socket", d.sock, "load", p1, "--module", "m"],
                         capture_output=True, text=True).stdout
    ok("reloaded by difference: 1 functions reused, 2 rebuilt" in out,
       "`memssa load` reports the reload by difference", out)
    c.send(json.dumps({"jsonrpc": "2.0", "method": "load", "params": {"module": "m", "text": t1}}) + "\n")
    same(state(c, "m"), fresh(t1), "a load notification reloads too")

    # many reloads do not grow the module without bound
    mem0 = None
    for k in range(200):
        c.result("load", {"module": "m", "text": t1 if k % 2 else t2})
        if k == 20:
            mem0 = [m for m in c.result("modules")["modules"] if m["name"] == "m"][0]["memory"]
    mem1 = [m for m in c.result("modules")["modules"] if m["name"] == "m"][0]["memory"]
    ok(mem1 < 3 * mem0 + 100000, "200 reloads: memory bounded (%d -> %d)" % (mem0, mem1))
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])

    # journaled: an incremental reload survives a restart
    st = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(st)
    d = Daemon("--state-dir", st, "--fsync", "always")
    c = d.client()
    c.result("load", {"module": "m", "text": t0})
    r = c.result("load", {"module": "m", "text": t2})
    is_(r["reload"], "incremental", "with --state-dir: incremental")
    d.p.send_signal(signal.SIGKILL)
    d.p.wait()
    d = Daemon("--state-dir", st)
    c = d.client()
    same(state(c, "m"), fresh(t2), "after SIGKILL + replay: the reloaded text")
    r = c.result("load", {"module": "m", "text": t1})
    is_(r["reload"], "incremental", "a replayed module reloads by difference")
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    big_debug_info()
    done()


def shifted(text):
    """One body changed (its first `store i32 0,` becomes 7) and every `!N`
    from the middle of the numbering on moved up by one, as LLVM's printer
    renumbers after a pass adds one location. Returns (text, function)."""
    nums = [int(x) for x in re.findall(r"^!(\d+) = ", text, re.M)]
    t = max(nums) // 2
    tok = re.compile(r'"[^"\n]*"|;[^\n]*|!(\d+)')
    out = tok.sub(lambda m: m.group(0) if m.group(1) is None or int(m.group(1)) < t
                  else "!%d" % (int(m.group(1)) + 1), text)
    for m in re.finditer(r"^define [^@]*@([\w.]+)\(", out, re.M):
        if m.start() < len(out) // 2:
            continue
        if "blockaddress(@%s," % m.group(1) in out:
            continue   # its blocks are named from outside: a full load
        e = out.index("\n}\n", m.start())
        k = out.find("store i32 0,", m.start(), e)
        if k >= 0:
            return out[:k] + "store i32 7," + out[k + 12:], m.group(1)
    raise SystemExit("no body to change")


def big_debug_info():
    """A -g module above 1 MB: its comparison runs on the pool (the query
    thread keeps answering), then applies; an edit that lands while it is
    compared makes it stale, and the load is a full one."""
    if not os.path.exists(lib.LUA):
        ok(True, "# SKIP no Lua corpus")
        return
    a = open(lib.LUA).read()
    b, fn = shifted(a)
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "lua", "path": lib.LUA})
    pb = os.path.join(d.tmp, "lua.b.ll")
    with open(pb, "w") as f:
        f.write(b)
    # the load, then pings right behind it on the same connection's peer
    c2 = d.client()
    c.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "load",
                       "params": {"module": "lua", "path": pb}}) + "\n")
    c2.send("".join(json.dumps({"jsonrpc": "2.0", "id": 100 + k, "method": "ping"}) + "\n"
                    for k in range(5)))
    pongs = [c2.line() for _ in range(5)]
    c.s.setblocking(False)
    try:
        early = c.s.recv(1 << 16)
    except BlockingIOError:
        early = b""
    c.s.setblocking(True)
    c.buf += early
    r = c.line()
    ok(all(p and "result" in p for p in pongs), "pings answered while the reload is compared")
    ok(not early, "... before the reload's reply (the query thread was not held)")
    res = (r or {}).get("result", {})
    ok(res.get("reload") == "incremental" and res.get("rebuilt") == 1 and res.get("renumbered", 0) > 100,
       "a 10 MB -g reload with renumbering: incremental (compared on the pool)", res)
    c.result("load", {"module": "fresh", "path": pb})
    for f in (fn, "luaH_getn", "main"):
        x = c.result("print", {"module": "lua", "function": f, "walker": True})["text"]
        y = c.result("print", {"module": "fresh", "function": f, "walker": True})["text"]
        is_(x, y, "%s prints as in a fresh load" % f)
    # an edit from another client while the reload is being compared: the
    # edit applies at once, so the compared copy is stale and the load is a
    # full one of the new text (the edit came first, the load replaces it)
    c.send(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "load",
                       "params": {"module": "lua", "path": lib.LUA}}) + "\n")
    lib.time.sleep(0.005)
    e = c2.call("edit", {"module": "lua", "function": "luaH_getn",
                         "ops": [{"op": "insert", "before": 0, "text": "%zz = add i32 1, 2"}]})
    ok(e and "result" in e, "an edit from another client during the comparison is applied", e)
    res = (c.line() or {}).get("result", {})
    ok(res.get("reload") == "full" and "changed while" in res.get("why_full", ""),
       "the load is then a full one, and says why", res)
    c.result("load", {"module": "fresh2", "path": lib.LUA})
    is_(c.result("print", {"module": "lua", "function": "luaH_getn", "walker": True})["text"],
        c.result("print", {"module": "fresh2", "function": "luaH_getn", "walker": True})["text"],
        "the module is the loaded text (the edit came before it)")
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])


main()
