#!/usr/bin/env python3
# Persistence (--state-dir): a stream of `edit` requests with --fsync always,
# SIGKILL in the middle, restart on the same state dir: every acknowledged
# edit is there and the answers equal a fresh build of the same edits. Also:
# a torn last record is cut at start-up (and reported), unloads and path
# loads survive (the text is journaled, not the path), compaction keeps
# everything, and the fsync modes all replay. Group commit (--fsync always
# with concurrent clients): acknowledged edits of 8 clients survive a
# SIGKILL, `stats` shows fewer fdatasyncs than edits, a reply held for the
# journal keeps later replies on its connection behind it, SIGTERM drains
# held replies, and a client leaving while its reply is held is harmless.
import json, os, signal, threading, time, zlib

import daemonlib as lib
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client
canon, same = lib.canon, lib.same

# A function with a chain of blocks so edits have room: one store per block.
NBLK = 40


MOD = lib.chain_module(NBLK)


def edit_ops(k):
    """Edit number k: insert a store in block b(k % NBLK), then every 3rd edit remove it."""
    return [{"op": "insert", "before": "%%l%d" % (k % NBLK),
             "text": "store i32 %d, ptr %%q, align 4" % (1000 + k)}]




def answers(c, mod):
    """The printout (up to numbering) and the walker's printout of @f."""
    p = c.result("print", {"module": mod, "function": "f"})["text"]
    w = c.result("print", {"module": mod, "function": "f", "walker": True})["text"]
    return canon(p), canon(w)


def fresh_answers(acked):
    """A daemon without state dir, same load + the acknowledged edits replayed by hand."""
    return fresh_from([{"module": "m", "function": "f", "ops": edit_ops(k)} for k in acked])


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
    group_commit()
    done()


# ---------------------------------------------------------- group commit
NCLI = 8


def client_k(i, m):
    """Client i's m-th edit number. Client i only touches blocks b(k % NBLK)
    with k = i mod NCLI (NBLK is a multiple of NCLI), so whether an edit of
    client i is present says nothing about the other clients."""
    return i + NCLI * m


def edit_req(k, rid=None):
    return json.dumps({"jsonrpc": "2.0", "id": k if rid is None else rid, "method": "edit",
                       "params": {"module": "m", "function": "f", "ops": edit_ops(k)}}) + "\n"


def stream(d, ms, window, kill_after=None):
    """NCLI clients at once, client i sending edits client_k(i, m) for m in
    ms, `window` requests per write (pipelined), then reading their replies.
    Returns the acknowledged ks per client in the order received, and any
    error replies. With kill_after, SIGKILL once that many are acknowledged."""
    acked = [[] for _ in range(NCLI)]
    bad = []
    lock = threading.Lock()

    def run(i):
        try:
            c = d.client()
            for w in range(0, len(ms), window):
                ks = [client_k(i, m) for m in ms[w:w + window]]
                c.send("".join(edit_req(k) for k in ks))
                for _ in ks:
                    rep = c.line(timeout=20)
                    if rep is None:
                        return
                    if "result" not in rep:
                        bad.append(rep)
                        return
                    with lock:
                        acked[i].append(rep["id"])
                        if kill_after and sum(map(len, acked)) == kill_after:
                            d.p.send_signal(signal.SIGKILL)
        except (OSError, ValueError):
            pass
    ts = [threading.Thread(target=run, args=(i,)) for i in range(NCLI)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return acked, bad


def journal_edits(state):
    """The params of every edit record of state/journal.*, in file order, up
    to the first bad record (what a replay applies)."""
    out = []
    for name in sorted(f for f in os.listdir(state) if f.startswith("journal.")):
        with open(os.path.join(state, name), "rb") as f:
            b = f.read()
        off = 0
        while off + 12 <= len(b) and b[off:off + 4] == b"MSJ1":
            n = int.from_bytes(b[off + 4:off + 8], "little")
            body = b[off + 12:off + 12 + n]
            if len(body) < n or zlib.crc32(body) != int.from_bytes(b[off + 8:off + 12], "little"):
                break
            nl = int.from_bytes(body[1:5], "little")
            if body[0] == 2:
                out.append(json.loads(body[5 + nl:]))
            off += 12 + n
    return out


def fresh_from(params):
    """A daemon without state dir: MOD loaded, then these edits in order."""
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})
    for pr in params:
        c.result("edit", pr)
    a = answers(c, "m")
    d.stop()
    return a


def group_commit():
    st = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(st)
    d = Daemon("--state-dir", st, "--fsync", "always")
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})

    # order on one connection: held edit replies, each with a ping after it
    c.send(edit_req(client_k(0, 0), "e1") + '{"jsonrpc":"2.0","id":"p1","method":"ping"}\n' +
           edit_req(client_k(0, 1), "e2") + '{"jsonrpc":"2.0","id":"p2","method":"ping"}\n')
    ids = [(c.line() or {}).get("id") for _ in range(4)]
    is_(ids, ["e1", "p1", "e2", "p2"], "a ping pipelined after a held edit is answered after it")
    # an acknowledgement comes only once its record is durable: ask at once
    early = []
    for m in range(2, 10):
        c.result("edit", {"module": "m", "function": "f", "ops": edit_ops(client_k(0, m))})
        j = c.result("stats").get("journal") or {}
        if j.get("durable", -1) != j.get("records"):
            early.append(j)
    is_(early, [], "right after each acknowledgement, stats: journal.durable = journal.records")

    # concurrency: fewer fdatasyncs than acknowledged edits
    zero = {"records": 0, "fsyncs": 0, "fsync_errors": 0}
    before = c.result("stats").get("journal")
    ok(before is not None and set(zero) <= set(before), "stats reports the journal", before)
    before = before or zero
    acked, bad = stream(d, list(range(10, 40)), 1)
    after = c.result("stats").get("journal") or zero
    n = sum(map(len, acked))
    is_((n, bad), (NCLI * 30, []), "8 clients, 30 edits each, one at a time: all acknowledged")
    is_(after.get("records", 0) - before.get("records", 0), n,
        "stats: journal.records counts the edits")
    fs = after.get("fsyncs", 0) - before.get("fsyncs", 0)
    ok(0 < fs < n, "group commit: %d fdatasyncs for %d acknowledged edits" % (fs, n), after)
    is_(after.get("fsync_errors"), 0, "stats: no fdatasync failed")

    # SIGKILL while 8 clients stream: every acknowledged edit survives
    ms = list(range(100, 160))
    total = NCLI * len(ms)
    acked, bad = stream(d, ms, 4, kill_after=total // 3)
    d.p.wait()
    n = sum(map(len, acked))
    ok(total // 3 <= n < total and not bad,
       "SIGKILL while 8 clients stream edits (%d of %d acknowledged)" % (n, total), bad)
    ok(all(a == [client_k(i, m) for m in ms[:len(a)]] for i, a in enumerate(acked)),
       "each client's acknowledgements came in its request order")
    journaled = journal_edits(st)
    d2 = Daemon("--state-dir", st, "--fsync", "always")
    c2 = d2.client()
    p = c2.result("print", {"module": "m", "function": "f"})["text"]
    present = [[k for k in (client_k(i, m) for m in ms) if "store i32 %d, ptr %%q" % (1000 + k) in p]
               for i in range(NCLI)]
    is_([k for i in range(NCLI) for k in acked[i] if k not in present[i]], [],
        "every acknowledged edit of the 8 clients is present after replay")
    ok(all(present[i] == [client_k(i, m) for m in ms[:len(present[i])]] for i in range(NCLI)),
       "what was replayed is a prefix of each client's stream")
    same(answers(c2, "m"), fresh_from(journaled),
         "answers after replay equal a fresh build of the journaled edits")

    # SIGTERM drains the replies held for the journal; a client that leaves
    # while its replies are held costs nothing
    leaver = d2.client()
    leaver.send("".join(edit_req(client_k(1, 900 + m), "x%d" % m) for m in range(20)))
    leaver.close()
    c3 = d2.client()
    c3.send("".join(edit_req(client_k(0, 900 + m), m) for m in range(20)))
    got = [c3.line()]
    rc = d2.stop()
    got += [c3.line(timeout=10) for _ in range(19)]
    ok(all(r and "result" in r for r in got) and [r["id"] for r in got] == list(range(20)),
       "SIGTERM with held replies: all 20 sent, in order", got[-1])
    is_(rc, 0, "clean stop after draining held replies")
    for dd in (d, d2):
        ok(dd.sanitizer_clean(), "no sanitizer reports (group commit)", dd.stderr()[-2000:])

main()
