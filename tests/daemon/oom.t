#!/usr/bin/env python3
# Allocation failure is an error, not an abort (base/oom.h), proved the
# SQLite way: the daemon's test hook (debug_fail_alloc, there only with
# MEMSSA_TEST_FAULTS) fails the Nth allocation of a request, for N over a
# sample of the request's allocations (all of them with MEMSSA_OOM_ALL=1:
# `make oom-all`), during a load, an edit, a query and a batch on a small
# module. Each run must end in error -32060 with data.reason
# "out_of_memory" (or in success once N exceeds the request's count), the
# daemon must stay up, the module print and the journal must be as before,
# and the same request must then succeed. A request that changes what it
# cannot put back (an unload, a reload by difference) may instead succeed
# while the failure was absorbed (a bundle freed at once), or, when its
# reply could not be encoded past its point of no return, close the client
# unanswered: the change must then be there. Also: the journal's
# compaction (out of memory keeps the journal: the acknowledged edit is
# there after a restart), a batch's framing, and a connection's own
# buffers (the one client is closed with a logged reason, the others and
# the modules are untouched). Under ASan (make asan) the daemon's stderr
# must stay free of errors and leaks.
import os, subprocess, time

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

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
ALL = os.environ.get("MEMSSA_OOM_ALL") == "1"
# Kinds that change what they cannot put back (base/oom.h invariant 7).
PAST_NO_RETURN = ("reload", "unload", "sum: reload by path")


class Conn:
    """A client that can be opened again after the daemon closed it."""
    def __init__(self, d):
        self.d, self.c = d, d.client()

    def reconnect(self):
        self.c.close()
        self.c = self.d.client()

    def call(self, method, params=None, **kw):
        """Client.call, but a -32060 with id null is the reply too: memory
        ran out decoding the line, before its id was known (rpc.c)."""
        rid = self.c.next_id
        self.c.next_id += 1
        req = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            req["params"] = params
        self.c.send(lib.json.dumps(req) + "\n")
        r = self.c.line(**kw)
        e = (r or {}).get("error") or {}
        if r is not None and r.get("id") != rid and not (
                r.get("id") is None and e.get("code") == -32060):
            raise RuntimeError("reply id %r for request %r" % (r.get("id"), rid))
        return r

    def result(self, method, params=None):
        r = self.call(method, params)
        if r is None or "result" not in r:
            raise RuntimeError("%s failed: %r" % (method, r))
        return r["result"]

    def __getattr__(self, k):
        return getattr(self.c, k)
SAMPLE = 40
lib.time_limit(3000 if ALL else 600)

EDIT = {"module": "m", "function": "f",
        "ops": [{"op": "insert", "before": "%b", "text": "store i32 3, ptr %p"},
                {"op": "insert", "after": "%a", "text": "%z = load i32, ptr %q"}]}
QUERY = {"module": "m", "function": "f", "inst": "%b"}


def sample(total, most=None):
    """1..total, every one with MEMSSA_OOM_ALL, else SAMPLE spread evenly
    (always 1, total and total + 1); at most `most` + 3 when given."""
    k = most or SAMPLE
    if (ALL and not most) or total <= k:
        return list(range(1, total + 2))
    step = total / (k - 1)
    return sorted({1, total, total + 1} | {max(1, round(i * step)) for i in range(k)})


def main():
    state = os.path.join(lib.tempfile.mkdtemp(prefix="memssad-oom-"), "state")
    lib._tmpdirs.append(os.path.dirname(state))
    d = Daemon("--state-dir", state, env={"MEMSSA_TEST_FAULTS": "1"})
    c = Conn(d)
    ok("frees are not followed" not in d.stderr(), "the daemon follows frees (scopes enabled)")

    def arm(n, persist=False):
        return c.result("debug_fail_alloc", {"n": n, "persist": persist})

    cur = {"module": "m", "text": MOD}   # the module each run starts from

    def fresh(force=False):
        """The module as loaded; a "_keep" one (read-only requests only) is
        loaded once."""
        if cur.get("_keep") and cur.get("_loaded") and not force:
            return
        c.call("unload", {"module": cur["module"]})
        r = c.call("load", {k: v for k, v in cur.items() if not k.startswith("_")}, timeout=600)
        if "result" not in (r or {}):
            raise RuntimeError("load failed: %r" % (r,))
        cur["_loaded"] = True

    def printed():
        q = {"module": cur["module"]}
        if cur.get("_fn"):
            q["function"] = cur["_fn"]
        return c.result("print", q)["text"]

    def journal_bytes():
        return sum(os.path.getsize(os.path.join(state, f)) for f in os.listdir(state))

    def count(send):
        """Allocations the request makes inside scopes (on a fresh module)."""
        fresh()
        arm(1 << 62)
        r = send()
        return arm(0)["counted"], r

    def batch():
        c.send('[{"jsonrpc":"2.0","id":"b1","method":"clobber","params":%s},'
               '{"jsonrpc":"2.0","id":"b2","method":"uses","params":{"module":"m","function":"f",'
               '"inst":0}}]\n' % lib.json.dumps(QUERY))
        return c.line()

    def now():
        """The module's print, or None once it is gone."""
        r = c.call("print", {"module": cur["module"]})
        return r["result"]["text"] if "result" in (r or {}) else None

    def is_nomem(r):
        e = (r or {}).get("error") or {}
        return e.get("code") == -32060 and (e.get("data") or {}).get("reason") == "out_of_memory"

    def batch_nomem(r):
        # an element's own -32060, or the batch's (its framing: batch.c 6)
        return (isinstance(r, list) and any(is_nomem(x) for x in r)) or (
            is_nomem(r) and r.get("id") is None)

    def batch_good(r):
        return isinstance(r, list) and len(r) == 2 and all("result" in x for x in r)

    def one(n, send, failed, good, undo, name, bad, after=None):
        """after: the state a success leaves (kinds past a point of no
        return, which may absorb a failure or drop the client)."""
        fresh()
        before, jb = printed(), journal_bytes()
        err0 = len(d.stderr())
        arm(n)
        r = send()
        dropped = r is None and after is not None and d.p.poll() is None
        if dropped:
            c.reconnect()   # closed unanswered: the change was made
        fired = arm(0)["fired"]
        if (r is None and not dropped) or d.p.poll() is not None:
            raise RuntimeError("no reply")
        if dropped:
            if not fired or "out of memory writing a reply" not in d.stderr()[err0:]:
                bad.append((n, "closed without a reply, not for memory (fired=%r)" % fired))
            elif now() != after[0] or journal_bytes() == jb:
                bad.append((n, "closed unanswered but the change is not there"))
            else:
                after[1] += 1
            return undo and undo()
        if fired and after is not None and good(r):
            # absorbed (a bundle freed at once): a success, with its change
            if now() != after[0]:
                bad.append((n, "succeeded but the change is not there"))
            return undo and undo()
        if fired and not failed(r):
            bad.append((n, "fired but replied %r" % (r,)))
        elif not fired and not good(r):
            bad.append((n, "not fired but replied %r" % (r,)))
        if fired:
            if printed() != before:
                bad.append((n, "module changed"))
            if name != "load" and journal_bytes() != jb:
                bad.append((n, "journal changed"))
            r2 = send()
            if not good(r2):
                bad.append((n, "the same request then failed: %r" % (r2,)))
        if undo:
            undo()

    kinds = [
        ("load", lambda: c.call("load", {"module": "n", "text": MOD}), is_nomem,
         lambda r: "result" in (r or {}), lambda: c.call("unload", {"module": "n"})),
        ("edit", lambda: c.call("edit", EDIT), is_nomem, lambda r: "result" in (r or {}), fresh),
        ("query", lambda: c.call("clobber", QUERY), is_nomem, lambda r: "result" in (r or {}),
         None),
        ("batch", batch, batch_nomem, batch_good, None),
        # A reload of m with one body changed (by difference: the comparison
        # runs on the pool, in the job's scope).
        ("reload", lambda: c.call("load", {"module": "m", "text": MOD.replace("i32 2", "i32 5")}),
         is_nomem, lambda r: "result" in (r or {}), fresh),
        ("unload", lambda: c.call("unload", {"module": "m"}), is_nomem,
         lambda r: "result" in (r or {}), fresh),
    ]
    # The same on examples/sum.ll, read from its file (a mapped text that
    # the first edit copies), with debug info: an edit of a clang -O0
    # function, a query by source position, a print, a load by path.
    SUM = os.path.join(lib.ROOT, "examples", "sum.ll")
    SUM_EDIT = {"module": "s", "function": "sum",
                "ops": [{"op": "insert", "before": "%17", "text": "store i32 7, i32* %5, align 4"}]}
    SUM_AT = {"module": "s", "file": "sum.c", "line": 13, "col": 7}
    # sum.ll with one body changed (a stored constant)
    SUM2 = os.path.join(os.path.dirname(state), "sum2.ll")
    with open(SUM) as f:
        text = f.read()
    with open(SUM2, "w") as f:
        f.write(text.replace("store i32 0, i32* %6, align 4, !dbg !28",
                             "store i32 5, i32* %6, align 4, !dbg !28", 1))

    def on_sum():
        cur.clear()
        cur.update({"module": "s", "path": SUM})
        return None

    kinds += [
        ("sum: switch", on_sum, None, None, None),
        ("sum: load by path", lambda: c.call("load", {"module": "t", "path": SUM}), is_nomem,
         lambda r: "result" in (r or {}), lambda: c.call("unload", {"module": "t"})),
        ("sum: edit", lambda: c.call("edit", SUM_EDIT), is_nomem, lambda r: "result" in (r or {}),
         fresh),
        # A reload by difference of a file (read and compared on the pool,
        # applied on the query thread: job.c's reload_in_scope).
        ("sum: reload by path", lambda: c.call("load", {"module": "s", "path": SUM2}), is_nomem,
         lambda r: (r or {}).get("result", {}).get("reload") == "incremental", fresh),
        ("sum: clobber at a source position", lambda: c.call("clobber", SUM_AT), is_nomem,
         lambda r: "result" in (r or {}), None),
        ("sum: print", lambda: c.call("print", {"module": "s", "function": "sum"}), is_nomem,
         lambda r: "result" in (r or {}), None),
    ]
    # Other methods on the same module, each through its reply caches.
    for meth, params in [
            ("accesses", {"function": "sum", "form": "ids"}),
            ("accesses", {"functions": "*", "form": "packed"}),
            ("depends", {"function": "sum", "from": "%17", "to": "%16"}),
            ("promotable", {"function": "sum"}),
            ("uses", {"function": "sum", "inst": 4}),
            ("verify", {}),
            ("functions", {})]:
        params = dict(params, module="s")
        kinds.append(("sum: %s %s" % (meth, lib.json.dumps(params, sort_keys=True)),
                      lambda m=meth, q=params: c.call(m, q), is_nomem,
                      lambda r: "result" in (r or {}), None))
    # make oom-all: a real module too, real22/lua.O2.ll (54,000 allocations
    # in its load), 12 of them failed in turn, then a query on it.
    LUA = os.path.join(lib.SHARED, "corpus", "real22", "lua.O2.ll")
    if ALL and os.path.exists(LUA):
        def on_lua():
            cur.clear()
            cur.update({"module": "lua", "path": LUA, "_fn": "luaH_get", "_keep": True})
        kinds += [
            ("lua: switch", on_lua, None, None, None),
            ("lua: load by path", lambda: c.call("load", {"module": "lua2", "path": LUA},
                                                 timeout=600),
             is_nomem, lambda r: "result" in (r or {}), lambda: c.call("unload", {"module": "lua2"})),
            ("lua: accesses", lambda: c.call("accesses", {"module": "lua", "function": "luaH_get",
                                                          "form": "ids"}),
             is_nomem, lambda r: "result" in (r or {}), None),
        ]
    only = os.environ.get("MEMSSA_OOM_KINDS")   # e.g. "edit,query" (debugging)
    for name, send, failed, good, undo in kinds:
        if failed is None:   # a switch of module
            send()
            continue
        if only and name not in only.split(","):
            continue
        total, r = count(send)
        after = [now(), 0] if name in PAST_NO_RETURN else None
        if undo:
            undo()
        ok(total > 0 and good(r), "%s: %d allocations inside scopes, and it succeeds" % (name, total))
        bad = []
        for n in sample(total, 12 if name.startswith("lua:") else None):
            try:
                one(n, send, failed, good, undo, name, bad, after)
            except (OSError, RuntimeError, ValueError) as e:   # the daemon died
                bad.append((n, "no reply, a broken one, or the daemon gone (%s): %s" % (e, d.stderr()[-1500:])))
                break
        ok(not bad, "%s: every sampled N (of %d) fails cleanly or succeeds" % (name, total),
           *["N=%d: %s" % b for b in bad[:10]])
        if after is not None:
            ok(after[1] > 0, "%s: some N failed the reply past the point of no return: the "
               "client was closed unanswered (%d times) and the change kept" % (name, after[1]))
        if bad and d.p.poll() is not None:
            break

    if d.p.poll() is not None:
        ok(False, "the daemon is still up", d.stderr()[-3000:])
        done()
    cur.clear()
    cur.update({"module": "m", "text": MOD})
    batch_with_edit(c, fresh, printed, journal_bytes, arm, is_nomem)
    connection_faults(d, c, fresh, printed, arm)
    # Every allocation from the Nth on fails (cleanup code included).
    cur.clear()
    cur.update({"module": "m", "text": MOD})
    fresh()
    before = printed()
    err0 = len(d.stderr())
    # A second client, its input buffer had already, disarms: with every
    # allocation failing a new connection could not even read its line.
    b = d.client()
    b.result("ping", {})
    arm(3, persist=True)
    r = c.call("edit", EDIT)
    b.result("debug_fail_alloc", {"n": 0, "persist": False})
    b.close()
    if r is None:   # even the -32060 line could not be encoded: closed
        c.reconnect()
    ok((is_nomem(r) or (r is None and "out of memory writing a reply; closing it"
                        in d.stderr()[err0:])) and printed() == before,
       "edit with every allocation from the 3rd failing: out_of_memory (or, with not even its "
       "line to be had, the client closed, logged), module unchanged", r)
    ok(c.result("ping", {}) is not None and d.p.poll() is None, "the daemon is still up")
    rc = d.stop()
    is_(rc, 0, "the daemon stops cleanly")
    err = d.stderr()
    at = min([i for i in (err.find("ERROR:"), err.find("runtime error"), err.find("memssa: "))
              if i >= 0] or [max(0, len(err) - 3000)])
    ok(d.sanitizer_clean() and "memssa: out of memory" not in err,
       "no sanitizer report (errors, leaks) and no abort", err[at:at + 3000])
    compaction_faults()
    program_faults()
    done()


def batch_with_edit(c, fresh, printed, journal_bytes, arm, is_nomem):
    """[edit, clobber]: a failure in the framing after the edit ran ends the
    batch with the edit's reply and one -32060 (id null) for the rest
    (batch.c invariant 6); before it, one -32060 alone, nothing changed."""
    line = ('[{"jsonrpc":"2.0","id":"e1","method":"edit","params":%s},'
            '{"jsonrpc":"2.0","id":"q2","method":"clobber","params":%s}]\n'
            % (lib.json.dumps(EDIT), lib.json.dumps(QUERY)))

    def send():
        c.send(line)
        return c.line()

    fresh(True)
    before = printed()
    # The query may optimize an access (which its print shows): the module
    # as each of the two elements leaves it, alone.
    c.result("edit", EDIT)
    edit_only = printed()
    fresh(True)
    c.result("clobber", QUERY)
    query_only = printed()
    fresh(True)
    arm(1 << 62)
    r = send()
    total = arm(0)["counted"]
    after = printed()
    ok(isinstance(r, list) and len(r) == 2 and all("result" in x for x in r) and after != before,
       "batch with an edit: %d allocations inside scopes, and it succeeds" % total, r)
    bad, seen = [], {"alone": 0, "rest": 0, "element": 0}
    for n in sample(total):
        fresh(True)
        jb = journal_bytes()
        arm(n)
        r = send()
        fired = arm(0)["fired"]
        if r is None:
            bad.append((n, "no reply"))
            break
        if not fired:
            if not (isinstance(r, list) and len(r) == 2 and all("result" in x for x in r)):
                bad.append((n, "not fired but replied %r" % (r,)))
            continue
        if isinstance(r, dict):   # the batch alone: nothing ran for good
            seen["alone"] += 1
            if not (is_nomem(r) and r.get("id") is None) or printed() != before \
                    or journal_bytes() != jb:
                bad.append((n, "one error, but %r, or the module or journal changed" % (r,)))
            continue
        edited = len(r) >= 1 and "result" in r[0] and r[0].get("id") == "e1"
        queried = len(r) == 2 and "result" in r[1]
        if len(r) == 2 and r[1].get("id") is None and is_nomem(r[1]) and edited:
            seen["rest"] += 1   # the edit ran and replied; the rest did not run
        elif len(r) == 2 and any(is_nomem(x) and x.get("id") in ("e1", "q2") for x in r):
            seen["element"] += 1   # an element's own request failed alone
        else:
            bad.append((n, "replied %r" % (r,)))
            continue
        want = {(False, False): before, (True, False): edit_only, (False, True): query_only,
                (True, True): after}[(edited, queried)]
        # after a failed request its graphs are rebuilt from the IR: equal
        # up to the numbering of accesses (nomem.c)
        if lib.canon(printed()) != lib.canon(want):
            bad.append((n, "the module is not what the replies say (%r, %r)" % (edited, queried)))
    ok(not bad, "batch with an edit: every sampled N (of %d) fails cleanly or succeeds" % total,
       *["N=%d: %s" % b for b in bad[:10]])
    ok(seen["alone"] and seen["rest"] and seen["element"],
       "batch with an edit: framing failures before the edit (one -32060 alone: %d), after it "
       "(the edit's reply, then one -32060 for the rest: %d), and in an element (%d)"
       % (seen["alone"], seen["rest"], seen["element"]))
    fresh(True)


def closed(cl):
    """True if the daemon closed the connection (an end, or a reset: it
    closed with input unread)."""
    cl.s.settimeout(10)
    try:
        while cl.s.recv(1 << 20):
            pass
        return True
    except ConnectionResetError:
        return True
    except OSError:
        return False


def connection_faults(d, c, fresh, printed, arm):
    """A connection's own buffers (conn.c invariant 10): the one client is
    closed with a logged reason; other clients and the modules go on."""
    fresh(True)
    before = printed()
    # The first allocation of a request line is its decoding: -32060 with
    # id null (the id was not known yet; rpc.c), not -32700.
    arm(1)
    r = c.call("clobber", QUERY)
    fired = arm(0)["fired"]
    e = (r or {}).get("error") or {}
    ok(fired and e.get("code") == -32060 and r.get("id") is None
       and (e.get("data") or {}).get("reason") == "out_of_memory"
       and "decoding" in e.get("message", ""),
       "a line that cannot be decoded for memory: -32060 out_of_memory, id null", r)
    # Its input buffer: the first read of a new connection is the first
    # fallible allocation counted after the arming.
    err0 = len(d.stderr())
    a = d.client()
    time.sleep(0.2)   # accepted (its handle and state had) before the arming
    arm(1)
    a.send('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"%s"}}\n' % ("x" * 100000))
    gone = closed(a)
    fired = arm(0)["fired"]
    ok(fired and gone and "out of memory reading a request; closing it" in d.stderr()[err0:],
       "a client whose input buffer cannot grow is closed, with the reason logged",
       d.stderr()[err0:][-800:])
    b = d.client()
    ok(b.result("ping", {}) is not None and printed() == before and d.p.poll() is None,
       "another client is answered, the module is as it was")
    # A new connection: its handle (the 1st fallible allocation), its
    # state (the 2nd). It is closed; the listener goes on accepting.
    for n, what in ((1, "handle"), (2, "state")):
        err0 = len(d.stderr())
        arm(n)
        a = d.client()
        gone = closed(a)
        fired = arm(0)["fired"]
        ok(fired and gone and "out of memory for a new connection; closing it"
           in d.stderr()[err0:], "a new connection without memory for its %s is closed, with "
           "the reason logged" % what, d.stderr()[err0:][-600:])
        a = d.client()
        ok(a.result("ping", {}) is not None, "the next new connection is answered")
        a.close()
    # A reply queued behind a full socket: a client that does not read gets
    # a big reply, then a ping whose reply must be queued (a write request).
    big = lib.json.dumps([{"jsonrpc": "2.0", "id": i, "method": "print", "params": {"module": "m"}}
                          for i in range(600)]) + "\n"

    def queued_ping(n, tag):
        w = d.client()
        w.send(big)
        time.sleep(0.3)   # answered, and the socket full
        arm(n)
        w.send('{"jsonrpc":"2.0","id":"%s","method":"ping"}\n' % tag)
        time.sleep(0.3)
        r = arm(0)
        return w, r

    w, r = queued_ping(1 << 62, "calibrate")
    w.close()
    total = r["counted"]
    err0 = len(d.stderr())
    w, r = queued_ping(total, "fail")
    msgs = d.stderr()[err0:]
    ok(r["fired"] and "out of memory queueing a reply; closing it" in msgs and closed(w),
       "a client whose reply cannot be queued (the %dth allocation) is closed, with the reason "
       "logged" % total, msgs[-800:])
    ok(b.result("ping", {}) is not None and printed() == before and d.p.poll() is None,
       "the other client is still answered, the module is as it was")
    b.close()
    refusal_faults()


def refusal_faults():
    """A refusal outside any request (a line beyond --max-request) is
    written in a scope of its own: without memory for it the client is
    closed without it, and the daemon goes on."""
    dd = Daemon("--max-request", "1000", env={"MEMSSA_TEST_FAULTS": "1"})
    a, b = dd.client(), dd.client()
    a.result("ping", {})   # its input buffer is had
    err0 = len(dd.stderr())
    b.result("debug_fail_alloc", {"n": 1, "persist": False})
    a.send('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"%s"}}\n' % ("x" * 2000))
    gone = closed(a)
    fired = b.result("debug_fail_alloc", {"n": 0, "persist": False})["fired"]
    ok(fired and gone and not a.buf and "request beyond 1000 bytes" in dd.stderr()[err0:]
       and b.result("ping", {}) is not None,
       "a refusal that cannot be written: the client closed without it, the daemon goes on",
       a.buf[:300], dd.stderr()[err0:][-600:])
    # the same unarmed: the refusal line, then the close
    a = dd.client()
    a.result("ping", {})
    a.send('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"%s"}}\n' % ("x" * 2000))
    r = a.line()
    is_((r or {}).get("error", {}).get("code"), -32020, "unarmed: the -32020 refusal line")
    rc = dd.stop()
    ok(rc == 0 and dd.sanitizer_clean(), "that daemon stops cleanly", dd.stderr()[-600:])


def compaction_faults():
    """The journal's compaction runs in a scope of its own (journal.c):
    out of memory there keeps the journal as it is; the edit whose record
    made it due is acknowledged, and there after a restart."""
    faults = {"MEMSSA_TEST_FAULTS": "1"}
    # a record larger than the snapshot (the load's): compaction is due at it
    edit = dict(EDIT, pad="x" * 3000)

    def start(st, jmax="1"):
        dd = Daemon("--state-dir", st, "--journal-max", jmax, env=faults)
        return dd, Conn(dd)

    def run(n, st, jmax="1"):
        dd, k = start(st, jmax)
        k.result("load", {"module": "m", "text": MOD})
        before = k.result("print", {"module": "m"})["text"]
        k.result("debug_fail_alloc", {"n": n, "persist": False})
        r = k.call("edit", edit)
        got = k.result("debug_fail_alloc", {"n": 0, "persist": False})
        return dd, k, before, r, got

    def newdir():
        t = lib.tempfile.mkdtemp(prefix="memssad-oomj-")
        lib._tmpdirs.append(t)
        return os.path.join(t, "state")

    dd, k, before, r, got = run(1 << 62, newdir(), "64M")
    plain = got["counted"]   # the same edit, no compaction due
    dd.stop()
    dd, k, before, r, got = run(1 << 62, newdir())
    total, after = got["counted"], k.result("print", {"module": "m"})["text"]
    # The compaction's allocations are the last ones (the edit's commit
    # hook): with its scope they are counted, every one is failed below.
    ok("result" in (r or {}) and after != before and dd.stderr().count("journal: compacted") == 2
       and total - plain >= 5,
       "compaction: the edit (%d allocations inside scopes, %d of them the compaction's) compacts "
       "the journal" % (total, total - plain))
    dd.stop()
    bad, kept = [], 0
    for n in sorted(set(sample(total)) | set(range(plain + 1, total + 1))):
        st = newdir()
        dd, k, before, r, got = run(n, st)
        now = k.result("print", {"module": "m"})["text"]
        if not got["fired"] and "result" not in (r or {}):
            bad.append((n, "not fired but replied %r" % (r,)))
        elif "result" not in (r or {}):
            e = (r or {}).get("error") or {}
            if e.get("code") != -32060 or now != before:
                bad.append((n, "failed with %r, or the module changed" % (r,)))
        elif now != after:
            bad.append((n, "acknowledged, but the edit is not there"))
        elif got["fired"]:
            if "compaction ran out of memory; keeping the journal" not in dd.stderr():
                bad.append((n, "fired, succeeded, and no compaction failed"))
            kept += 1
        rc = dd.stop()
        err = dd.stderr()
        if rc != 0 or "memssa: out of memory" in err or not dd.sanitizer_clean():
            bad.append((n, "the daemon did not stop cleanly: %s" % err[-800:]))
        if "result" in (r or {}):   # acknowledged: replayed after a restart
            d2, k2 = start(st)
            if k2.result("print", {"module": "m"})["text"] != after:
                bad.append((n, "the acknowledged edit is not there after a restart"))
            d2.stop()
    ok(not bad, "compaction: every sampled N (of %d) fails the edit cleanly, or compacts, or "
       "keeps the journal; every acknowledged edit is there after a restart" % total,
       *["N=%d: %s" % b for b in bad[:10]])
    ok(kept == total - plain, "compaction: out of memory at each of its %d allocations: the "
       "journal kept (%d times)" % (total - plain, kept))


# Two units for program_faults: reader() loads @shared around a call to
# set_other(), defined in the other unit; B2's set_other also writes @shared.
PA = """@shared = global i32 0, align 4
declare void @set_other(i32)
define i32 @reader() {
entry:
  %s = load i32, ptr @shared, align 4
  call void @set_other(i32 %s)
  %t = load i32, ptr @shared, align 4
  %r = add i32 %s, %t
  ret i32 %r
}
"""
PB = """@other = global i32 0, align 4
define void @set_other(i32 %v) {
entry:
  store i32 %v, ptr @other, align 4
  ret void
}
"""
PB2 = PB.replace("ret void", "store i32 %v, ptr @shared, align 4\n  ret void").replace(
    "define", "@shared = external global i32\ndefine", 1)


def program_faults():
    """A program's load and reload (protocol/program.c invariant 7): the
    run (its units read in scopes of their own, on two threads) and the
    reply (journal record, reply) fail cleanly: -32060 out_of_memory, no
    program (a load) or the old one as it was (a reload), the journal as
    before (a restart answers as the acknowledged loads did); else the
    right answer."""
    t = lib.tempfile.mkdtemp(prefix="memssad-oomp-")
    lib._tmpdirs.append(t)
    st = os.path.join(t, "state")
    a, b, bx = (os.path.join(t, n + ".ll") for n in ("a", "b", "bx"))
    for path, text in ((a, PA), (b, PB), (bx, PB)):
        with open(path, "w") as f:
            f.write(text)
    dd = Daemon("--state-dir", st, env={"MEMSSA_TEST_FAULTS": "1"})
    k = dd.client()

    def call(method, params):
        """One reply, past the load's $/progress notifications."""
        rid = k.next_id
        k.next_id += 1
        k.send(lib.json.dumps({"jsonrpc": "2.0", "id": rid, "method": method,
                               "params": params}) + "\n")
        while True:
            r = k.line(timeout=60)
            if r is None or "id" in r:
                return r

    def arm(n):
        return call("debug_fail_alloc", {"n": n, "persist": False})["result"]

    def clobber(prog):
        """What reader's second load of @shared is clobbered by, or the error code."""
        r = call("clobber", {"module": prog, "function": "reader", "inst": "%t"}) or {}
        if "error" in r:
            return r["error"].get("code")
        return (r["result"]["clobber"]["kind"], r["result"]["clobber"].get("text"))

    def is_nomem(r):
        e = (r or {}).get("error") or {}
        return e.get("code") == -32060 and (e.get("data") or {}).get("reason") == "out_of_memory"

    def setb(text):
        with open(bx, "w") as f:
            f.write(text)

    before = ("liveOnEntry", None)
    after = ("def", "call void @set_other(i32 %s)")
    r = call("load", {"program": "p", "paths": [a, bx]})
    ok("result" in (r or {}) and clobber("p") == before,
       "program: p loaded, @shared not clobbered by the call", r)
    load = lambda: call("load", {"program": "n", "paths": [a, b]})
    reload = lambda: call("load", {"program": "p", "reload": bx})
    for name, send, good_state, undo in (
            ("program load", load, lambda: clobber("n") == before,
             lambda: call("unload", {"module": "n"})),
            ("program reload", reload, lambda: clobber("p") == after,
             lambda: (setb(PB), reload(), setb(PB2)))):
        if name == "program reload":
            setb(PB2)
        arm(1 << 62)
        r = send()
        total = arm(0)["counted"]
        ok("result" in (r or {}) and good_state() and total > 0,
           "%s: %d allocations inside scopes, and it succeeds" % (name, total), r)
        undo()
        bad, failed = [], 0
        for n in sample(total):
            try:
                arm(n)
                r = send()
                fired = arm(0)["fired"]
            except (OSError, RuntimeError, ValueError, TypeError):   # the daemon died
                r = None
            if r is None or dd.p.poll() is not None:
                bad.append((n, "no reply, or the daemon gone: %s" % dd.stderr()[-1500:]))
                break
            if fired:
                failed += 1
                if not is_nomem(r):
                    bad.append((n, "fired but replied %r" % (r,)))
                if clobber("n") != -32001 or clobber("p") != before:
                    bad.append((n, "after the failure: n %r, p %r" % (clobber("n"), clobber("p"))))
                r2 = send()
                if "result" not in (r2 or {}) or not good_state():
                    bad.append((n, "the same request then failed: %r" % (r2,)))
            elif "result" not in (r or {}) or not good_state():
                bad.append((n, "not fired but replied %r" % (r,)))
            undo()
        ok(not bad and failed > 0, "%s: every sampled N (of %d) fails with out_of_memory, the "
           "programs as they were (%d failures), or succeeds" % (name, total, failed),
           *["N=%d: %s" % x for x in bad[:10]])
        if dd.p.poll() is not None:
            ok(False, "program: the daemon is still up", dd.stderr()[-1500:])
            return
    # A query on a program fills its units' caches (the name index of the
    # access objects): a failure there drops them as a module's (nomem.c),
    # so the next query finds none half made.
    setb(PB)
    arm(1 << 62)
    good = clobber("p")
    total = arm(0)["counted"]
    bad = []
    for n in sample(total):
        try:
            call("unload", {"module": "p"})
            call("load", {"program": "p", "paths": [a, bx]})
            arm(n)
            r = call("clobber", {"module": "p", "function": "reader", "inst": "%t"})
            fired = arm(0)["fired"]
            again = clobber("p"), clobber("p")
        except (OSError, RuntimeError, ValueError, TypeError, KeyError):
            bad.append((n, "the daemon gone: %s" % dd.stderr()[-1500:]))
            break
        if (fired and not is_nomem(r)) or (not fired and "result" not in (r or {})) or \
                again != (good, good):
            bad.append((n, "replied %r, then %r" % (r, again)))
    ok(good == before and not bad, "program query: every sampled N (of %d) fails with "
       "out_of_memory or succeeds, and the next queries answer as before" % total,
       *["N=%d: %s" % x for x in bad[:10]])
    if dd.p.poll() is not None:
        return
    setb(PB)
    ok(clobber("p") == before and clobber("n") == -32001, "program: p as first loaded, no n")
    rc = dd.stop()
    ok(rc == 0 and dd.sanitizer_clean() and "memssa: out of memory" not in dd.stderr(),
       "program: the daemon stops cleanly (no abort, no sanitizer report)", dd.stderr()[-2000:])
    dd = Daemon("--state-dir", st)
    k = dd.client()
    ok(clobber("p") == before and clobber("n") == -32001,
       "program: after a restart the journal has the acknowledged loads only", dd.stderr()[-1500:])
    dd.stop()


main()
