#!/usr/bin/env python3
# Persistence (--state-dir): a stream of `edit` requests with --fsync always,
# SIGKILL in the middle, restart on the same state dir: every acknowledged
# edit is there and the answers equal a fresh build of the same edits. Also:
# a torn last record is cut at start-up (and reported), unloads and path
# loads survive (the text is journaled, not the path), compaction keeps
# everything, and the fsync modes all replay.
import importlib.machinery, json, os, re, shutil, signal, socket, sys, threading, time

lib = importlib.machinery.SourceFileLoader(
    "daemonlib", os.path.join(os.path.dirname(os.path.abspath(__file__)), "daemon-protocol.t")
).load_module()
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client

# A function with a chain of blocks so edits have room: one store per block.
NBLK = 40


def module_text():
    out = ["define void @f(ptr %p, ptr %q, i1 %c) {", "entry:", "  br label %b0", ""]
    for i in range(NBLK):
        nxt = "b%d" % (i + 1) if i + 1 < NBLK else "exit"
        out += ["b%d:" % i, "  store i32 %d, ptr %%p, align 4" % i,
                "  %%l%d = load i32, ptr %%q, align 4" % i,
                "  br i1 %%c, label %%%s, label %%exit" % nxt, ""]
    out += ["exit:", "  %r = load i32, ptr %p, align 4", "  ret void", "}", ""]
    return "\n".join(out)


MOD = module_text()


def edit_ops(k):
    """Edit number k: insert a store in block b(k % NBLK), then every 3rd edit remove it."""
    return [{"op": "insert", "before": "%%l%d" % (k % NBLK),
             "text": "store i32 %d, ptr %%q, align 4" % (1000 + k)}]


ACC = re.compile(r"(; )(\d+)( = )(?=Memory)|(Memory(?:Def|Use)\()(\d+)(\))|(\{[^,{}]+,)(\d+)(\})")


def canon(text):
    ids = {}

    def sub(m):
        g = m.groups()
        for k in (0, 3, 6):
            if g[k] is not None:
                return g[k] + ids.setdefault(g[k + 1], str(len(ids) + 1)) + g[k + 2]
        return m.group(0)
    return ACC.sub(sub, text)


def answers(c, mod):
    """The printout (up to numbering) and the walker's printout of @f."""
    p = c.result("print", {"module": mod, "function": "f"})["text"]
    w = c.result("print", {"module": mod, "function": "f", "walker": True})["text"]
    return canon(p), canon(w)


def fresh_answers(acked):
    """A daemon without state dir, same load + the acknowledged edits replayed by hand."""
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})
    for k in acked:
        c.result("edit", {"module": "m", "function": "f", "ops": edit_ops(k)})
    a = answers(c, "m")
    d.stop()
    return a


def same(got, exp, name):
    """is_ for long printouts: on a difference, show the first differing lines only."""
    if got == exp:
        return ok(True, name)
    diag = []
    for g, e in zip(got if isinstance(got, tuple) else (got,), exp if isinstance(exp, tuple) else (exp,)):
        gl, el = g.splitlines(), e.splitlines()
        for i, (a, b) in enumerate(zip(gl, el)):
            if a != b:
                diag.append("line %d:\n got: %s\n exp: %s" % (i + 1, a, b))
                break
        else:
            if len(gl) != len(el):
                diag.append("lengths %d vs %d" % (len(gl), len(el)))
    return ok(False, name, "\n".join(diag))


def main():
    state = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(state)

    # ------------------------------------------------ SIGKILL mid-stream
    d = Daemon("--state-dir", state, "--fsync", "always")
    c = d.client()
    r = c.result("load", {"module": "m", "text": MOD})
    is_(r["functions"], 1, "loaded with --state-dir --fsync always")
    # Stream edits on one connection (a sender thread, small groups, so the
    # daemon works through them while more arrive); SIGKILL once a third is
    # acknowledged. An edit is acknowledged iff its reply was received.
    N = 600
    reqs = [json.dumps({"jsonrpc": "2.0", "id": k, "method": "edit",
                        "params": {"module": "m", "function": "f", "ops": edit_ops(k)}}) + "\n"
            for k in range(N)]
    acked = []

    def sender():
        try:
            for k in range(0, N, 5):
                c.send("".join(reqs[k:k + 5]))
                time.sleep(0.002)
        except OSError:
            pass

    def kill_after(n):
        while len(acked) < n and d.p.poll() is None:
            time.sleep(0.0005)
        d.p.send_signal(signal.SIGKILL)
    snd = threading.Thread(target=sender)
    killer = threading.Thread(target=kill_after, args=(N // 3,))
    snd.start()
    killer.start()
    try:
        while True:
            rep = c.line(timeout=10)
            if rep is None:
                break
            if "result" in rep:
                acked.append(rep["id"])
    except (OSError, ValueError):
        pass
    snd.join()
    killer.join()
    d.p.wait()
    ok(N // 3 <= len(acked) < N, "SIGKILL arrived mid-stream (%d of %d acknowledged)" %
       (len(acked), N))
    is_(acked, list(range(len(acked))), "acknowledgements in order")

    d2 = Daemon("--state-dir", state, "--fsync", "always")
    c2 = d2.client()
    mods = c2.result("modules")["modules"]
    is_([m["name"] for m in mods], ["m"], "after restart the module is back")
    p = c2.result("print", {"module": "m", "function": "f"})["text"]
    present = [k for k in range(N) if "store i32 %d, ptr %%q" % (1000 + k) in p]
    missing = [k for k in acked if k not in present]
    is_(missing, [], "every acknowledged edit is present after replay")
    ok(len(present) >= len(acked), "replayed %d edits: the %d acknowledged + %d whose reply "
       "was lost in the crash" % (len(present), len(acked), len(present) - len(acked)))
    ok(present == list(range(len(present))), "the replayed edits are a prefix of the stream")
    got = answers(c2, "m")
    exp = fresh_answers(present)
    same(got[0], exp[0], "replayed MemorySSA equals a fresh build of the same edits")
    same(got[1], exp[1], "walker answers equal a fresh build's")
    is_(c2.result("verify", {"module": "m"})["ok"], True, "verify passes after replay")
    # more edits on the restored state, then a clean stop and a second replay
    r = c2.call("edit", {"module": "m", "function": "f", "ops": edit_ops(9999)})
    ok("result" in (r or {}), "edits continue after replay", r)
    # (answers depend on what the walker cached already: compare fresh states)
    before = fresh_answers(present + [9999])
    is_(d2.stop(), 0, "clean stop")
    d3 = Daemon("--state-dir", state)
    c3 = d3.client()
    same(answers(c3, "m"), before, "a second restart gives the same answers")

    # ------------------------------------------------ path loads, unloads
    ll = os.path.join(d3.tmp, "g.ll")
    with open(ll, "w") as f:
        f.write("define i32 @g(ptr %p) {\n  %1 = load i32, ptr %p\n  ret i32 %1\n}\n")
    c3.result("load", {"module": "g", "path": ll})
    c3.result("load", {"module": "gone", "text": MOD})
    c3.result("unload", {"module": "gone"})
    is_(d3.stop(), 0, "clean stop (everysec)")
    os.unlink(ll)
    d4 = Daemon("--state-dir", state, "--fsync", "no")
    c4 = d4.client()
    is_(sorted(m["name"] for m in c4.result("modules")["modules"]), ["g", "m"],
        "a path load survives without its file; an unload stays unloaded")
    is_(d4.stop(), 0, "clean stop (--fsync no)")

    # ------------------------------------------------ torn record
    jfiles = sorted(f for f in os.listdir(state) if f.startswith("journal."))
    is_(len(jfiles), 1, "one journal file")
    jp = os.path.join(state, jfiles[0])
    d5 = Daemon("--state-dir", state, "--fsync", "always")
    c5 = d5.client()
    c5.result("edit", {"module": "m", "function": "f", "ops": edit_ops(7777)})
    want = fresh_answers(present + [9999, 7777])
    c5.result("edit", {"module": "m", "function": "f", "ops": edit_ops(8888)})
    d5.p.send_signal(signal.SIGKILL)
    d5.p.wait()
    size = os.path.getsize(jp)
    with open(jp, "r+b") as f:
        f.truncate(size - 7)          # tear the last record (the 8888 edit)
    d6 = Daemon("--state-dir", state)
    c6 = d6.client()
    ok(c6.result("ping") is not None, "the daemon starts on a torn journal")
    ok("cut a torn record" in d6.stderr(), "... and reports the cut", d6.stderr()[-1000:])
    same(answers(c6, "m"), want, "state = everything before the torn record")
    ok(os.path.getsize(jp) < size - 7, "the journal was truncated to the last good record")
    is_(d6.stop(), 0, "clean stop")
    # garbage appended (a bad CRC): same
    with open(jp, "ab") as f:
        f.write(b"MSJ1\x10\x00\x00\x00\x00\x00\x00\x00" + b"x" * 16)
    d7 = Daemon("--state-dir", state)
    c7 = d7.client()
    same(answers(c7, "m"), want, "a record with a bad CRC is cut too")
    is_(d7.stop(), 0, "clean stop")

    # every cut point inside the last record, and garbage: starts, cuts
    with open(jp, "rb") as f:
        good = f.read()
    d7 = Daemon("--state-dir", state, "--fsync", "always")
    d7.client().result("edit", {"module": "m", "function": "f", "ops": edit_ops(4242)})
    d7.stop()
    with open(jp, "rb") as f:
        full = f.read()
    last = len(full) - len(good)
    bad = []
    for cut in sorted(set([1, 4, 11, 12, 13, last // 2, last - 1])):
        with open(jp, "wb") as f:
            f.write(full[:len(full) - cut])
        dd = Daemon("--state-dir", state)
        cc = dd.client()
        r = cc.call("print", {"module": "m", "function": "f"})
        if not (r and "result" in r and "store i32 5242" not in r["result"]["text"]):
            bad.append(cut)
        dd.stop()
        if os.path.getsize(jp) != len(good):
            bad.append(("size", cut))
    is_(bad, [], "a record cut at any point is dropped, the rest kept")
    import random
    rnd = random.Random(3)
    with open(jp, "wb") as f:
        f.write(good + bytes(rnd.randrange(256) for _ in range(3000)))
    dd = Daemon("--state-dir", state)
    ok(dd.client().call("ping") is not None, "random garbage after the records: starts")
    dd.stop()
    with open(jp, "wb") as f:
        f.write(good)

    # ------------------------------------------------ compaction
    st2 = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(st2)
    d8 = Daemon("--state-dir", st2, "--fsync", "everysec", "--journal-max", "16k")
    c8 = d8.client()
    c8.result("load", {"module": "m", "text": MOD})
    for k in range(3):     # superseded by the reload below
        c8.result("edit", {"module": "m", "function": "f", "ops": edit_ops(k)})
    c8.result("load", {"module": "m", "text": MOD})
    c8.result("load", {"module": "x", "text": MOD})
    c8.result("unload", {"module": "x"})
    for k in range(60):
        c8.result("edit", {"module": "m", "function": "f", "ops": edit_ops(k)})
    want = fresh_answers(range(60))
    ok(os.path.exists(os.path.join(st2, "snapshot")), "the journal was compacted into a snapshot")
    d8.p.send_signal(signal.SIGKILL)
    d8.p.wait()
    d9 = Daemon("--state-dir", st2)
    c9 = d9.client()
    is_([m["name"] for m in c9.result("modules")["modules"]], ["m"], "modules after compaction")
    same(answers(c9, "m"), want, "answers after compaction + replay equal a fresh build of the same edits")
    is_(d9.stop(), 0, "clean stop")
    for dd in (d2, d3, d4, d6, d7, d9):
        ok(dd.sanitizer_clean(), "no sanitizer reports", dd.stderr()[-2000:])
    done()


main()
