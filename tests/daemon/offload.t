#!/usr/bin/env python3
# Compilers offloading queries (neutral JSON IR, dependence and value
# queries, batches). Concrete answers of the seeds' worked examples on JSON
# IR (tests/fixtures/jsonir), the methods accesses / alias / modref / depends
# / value / promotable, JSON-RPC batches, JSON IR errors that name their JSON
# path (and no crash on mangled input), JSON IR and hand-written .ll of one
# random description giving isomorphic MemorySSA, and `value` against a
# brute-force path enumeration on random JSON IR CFGs.
import collections, json, os, random, re, subprocess, sys

import daemonlib as lib
sys.path.insert(0, os.path.join(lib.ROOT, "clients", "python"))
import memssa  # noqa: E402
ok, is_, done, Daemon, canon, bail = lib.ok, lib.is_, lib.done, lib.Daemon, lib.canon, lib.bail
err_code, ROOT, MEMSSA = lib.err_code, lib.ROOT, lib.MEMSSA
FIX = os.path.join(ROOT, "tests", "fixtures", "jsonir")


MC = None   # a memssa.Client on the daemon (main)


def fixture(name):
    with open(os.path.join(FIX, name)) as f:
        return json.load(f)


def value(c, module, fn, inst):
    r = c.result("value", {"module": module, "function": fn, "inst": inst})
    return r["text"]


def batch(c, reqs):
    """Sends one batch, returns the replies by id."""
    for i, r in enumerate(reqs):
        r.setdefault("jsonrpc", "2.0")
        r.setdefault("id", i)
    c.send(json.dumps(reqs) + "\n")
    out = c.line(timeout=60)
    return {x["id"]: x for x in out} if isinstance(out, list) else out


# ------------------------------------------------------------ the seeds
def seeds(c):
    r = c.result("load", {"path": os.path.join(FIX, "noir-loop.json")})
    is_((r["module"], r["functions"], r["defs"], r["uses"], r["phis"]), ("noir-loop", 1, 4, 3, 1),
        "Noir counting loop loads from a .json path (module named after the file)")
    got = [value(c, "noir-loop", "main", v) for v in ("v3", "v5", "v7")]
    is_(got, ["Unknown", "Known(v4)", "Unknown"],
        "Noir loop: v3 Unknown before the store, v5 Known(v4) after it, v7 Unknown after the loop")
    r = c.result("value", {"module": "noir-loop", "function": "main", "inst": "v3"})
    ok(r["reason"] and len(r["writes"]) == 2 and r["path"][0]["kind"] == "phi",
       "v3: the reason, the two reaching stores, the walk from b1's MemoryPhi", r)
    r = c.result("load", {"module": "noir7", "ir": fixture("noir-loop-store7.json")})
    got = [value(c, "noir7", "main", v) for v in ("v3", "v5", "v7")]
    is_(got, ["Known(7)", "Known(v4)", "Known(7)"],
        "with `store Field 7 in v0` in b1: v3 and v7 Known(Field 7) (load by params.ir)")
    r = c.result("value", {"module": "noir7", "function": "main", "inst": "v7"})
    is_((r["value"], r["type"]), ("7", "i64"), "Known(Field 7): the value and its type (Field = i64)")

    # the updater and the verifier work on JSON IR modules too: the variant by an edit
    r = c.result("edit", {"module": "noir-loop", "function": "main",
                          "ops": [{"op": "insert", "before": "v2", "text": "store i64 7, ptr %v0"}]})
    got = [value(c, "noir-loop", "main", v) for v in ("v3", "v5", "v7")]
    is_(got, ["Known(7)", "Known(v4)", "Known(7)"], "the same variant made by `edit` on the loaded JSON IR")
    is_(c.result("verify", {"module": "noir-loop"})["ok"], True, "verify: the edited JSON IR module")

    c.result("load", {"path": os.path.join(FIX, "noir-alias.json")})
    is_(value(c, "noir-alias", "main", "v7"), "Unknown",
        "Noir [v1, v1]: after the join v1 is Unknown, so no load of it is replaced")
    is_(value(c, "noir-alias", "main", "v3"), "Known(a)", "... while v2 still holds the array [v1, v1]")
    r = c.result("value", {"module": "noir-alias", "function": "main", "inst": "v7"})
    ok("alias" in r["reason"] and r["blocker"]["block"] in ("b1", "b2"),
       "... because a store through an element of the array may alias v1", r)

    toy = fixture("toy-tbaa.json")
    c.result("load", {"module": "toy", "ir": toy})
    got = [value(c, "toy", "test", v) for v in ("var4", "var5", "var6")]
    is_(got, ["Known(3)", "Known(3)", "Unknown"],
        "toy optimizer: the Array store survives the String store and String_setEncoding, "
        "not Object_setShape")
    plain = json.loads(json.dumps(toy))
    del plain["heaps"]
    for p in plain["functions"][0]["params"]:
        del p["heap"]
    for e in plain["externs"]:
        e.pop("effects", None)
    c.result("load", {"module": "toy-plain", "ir": plain})
    is_(value(c, "toy-plain", "test", "var4"), "Unknown",
        "toy optimizer without heap tags: offsets alone, the first store is not forwarded")

    glob = {"heaps": toy["heaps"], "globals": [{"name": "g", "type": "i64", "heap": "Other"}],
            "functions": [{"name": "f", "params": [{"name": "p", "type": "ptr", "heap": "Array"}],
                           "blocks": [{"name": "e", "insts": [
                               {"op": "store", "ptr": "@g", "value": 1}, {"op": "store", "ptr": "p", "value": 2},
                               {"op": "load", "name": "x", "ptr": "@g", "type": "i64"}, {"op": "ret"}]}]}]}
    c.result("load", {"module": "glob", "ir": glob})
    a = value(c, "glob", "f", "x")
    del glob["globals"][0]["heap"]
    c.result("load", {"module": "glob", "ir": glob})
    is_([a, value(c, "glob", "f", "x")], ["Known(1)", "Unknown"],
        "a global tagged Other keeps its store past an Array store through a parameter; untagged it does not")

    q = {"module": "toy", "function": "test"}
    mr = lambda inst, other: c.result("modref", dict(q, inst=inst, other=other))["modref"]
    st0 = {"block": "entry", "index": 0}
    is_([mr("n", st0), mr({"block": "entry", "index": 4}, st0), mr({"block": "entry", "index": 6}, st0)],
        ["Ref", "NoModRef", "Mod"],
        "builtin effects on the Array store: Array_length Ref, String_setEncoding NoModRef, "
        "Object_setShape Mod")
    acc = c.result("accesses", q)["accesses"]
    kinds = {a["access"].get("name"): a["access"]["kind"] for a in acc}
    is_(kinds.get("n"), "use", "Array_length reads Array and writes nothing: a MemoryUse")


# ------------------------------------------------------- overlap kinds
OVERLAP = {
    "functions": [{"name": "o", "params": [{"name": "i", "type": "i64"}], "blocks": [{"name": "e", "insts": [
        {"op": "alloc", "name": "s", "size": 16},
        {"op": "offset", "name": "s4", "base": "s", "offset": 4},
        {"op": "offset", "name": "s8", "base": "s", "offset": 8},
        {"op": "offset", "name": "si", "base": "s", "index": "i", "scale": 4},
        {"op": "store", "ptr": "s", "value": 1},
        {"op": "load", "name": "x", "ptr": "s4", "type": "i32"},
        {"op": "return"}]}]}]}


def overlaps(c):
    c.result("load", {"module": "ov", "ir": OVERLAP})
    q = {"module": "ov", "function": "o"}
    def ov(a, asz, b, bsz):
        r = c.result("alias", dict(q, a={"ptr": a, "size": asz}, b={"ptr": b, "size": bsz}))
        return r["overlap"]
    is_([ov("s", 8, "s", 8), ov("s", 8, "s4", 4), ov("s4", 4, "s", 8), ov("s", 4, "s8", 8),
         ov("s", 4, "si", 4)], ["exact", "total", "partial", "none", "may"],
        "CodeQL's overlap kinds: exact, total (write covers read), partial, none; may for a variable index")
    r = c.result("alias", dict(q, a={"block": "e", "index": 4}, b="x"))
    is_((r["alias"], r["overlap"]), ("PartialAlias", "total"),
        "alias of two instructions: the 8-byte store and the 4-byte load at +4")
    r = c.result("depends", dict(q, **{"from": {"block": "e", "index": 4}, "to": "x"}))
    is_((r["depends"], r["kinds"], r["reaches"], len(r["path"])), (True, ["flow"], True, 2),
        "depends store -> load: flow, reaching, a path of two accesses")


# ------------------------------------------------------------ methods
def methods(c, tmp):
    src = os.path.join(tmp, "m.c")
    with open(src, "w") as f:
        f.write("int g(int *);\nint f(int n) {\n  int s = 0, i, k = 3, *p = &k;\n"
                "  for (i = 0; i < n; i++) { s += i; *p += s; }\n  int t[4]; g(t);\n  return s + k;\n}\n")
    ll = os.path.join(tmp, "m.ll")
    subprocess.run(["clang", "-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
                    "-S", "-emit-llvm", src, "-o", ll], check=True)
    c.result("load", {"module": "m", "path": ll})
    r = c.result("promotable", {"module": "m", "function": "f"})
    cli = subprocess.run([MEMSSA, "promotable", "--local", ll, "f", "--json"], capture_output=True,
                         text=True)
    is_(json.loads(cli.stdout), r, "memssa promotable --local --json prints exactly the reply")
    byname = {a["inst"]: a for a in r["allocas"]}
    ok(byname["%s"]["phi_blocks"] == ["%for.cond"] and byname["%k"]["promotable"] and
       byname["%p"]["promotable"] and not byname["%t"]["promotable"] and
       "getelementptr" in byname["%t"]["reason"],
       "promotable: %s gets a phi in for.cond, %k and %p go, the array %t stays (decayed by a GEP)", r)
    ok(re.search(r'"reason":null', cli.stdout) and cli.stdout.count("\n") == 1,
       "the CLI prints one compact line")
    human = subprocess.run([MEMSSA, "promotable", "--local", ll, "f"], capture_output=True, text=True)
    ok(human.returncode == 0 and "promoted (round 2)" in human.stdout and "stays in memory" in human.stdout,
       "the human form says which round and why not", human.stdout)

    q = {"module": "m", "function": "f"}
    total = c.result("accesses", q)["total"]
    seen, off = [], 0
    while off is not None:
        r = c.result("accesses", dict(q, offset=off, limit=3))
        seen += r["accesses"]
        off = r["next"]
    one = c.result("accesses", dict(q, limit=10000))["accesses"]
    is_((len(seen), seen), (total, one), "accesses: pages of 3 add up to the whole list")
    ok(all(a["clobber"] is not None for a in one if a["access"]["kind"] != "phi"),
       "every def and use comes with its clobber")
    is_(err_code(c.call("accesses", dict(q, limit=0))), -32602, "accesses: limit 0 is -32602")
    is_(err_code(c.call("value", dict(q, inst="%s"))), -32004, "value of an alloca: -32004 no access")
    is_(err_code(c.call("alias", dict(q, a={"ptr": "%nope", "size": 4}, b="%s"))), -32003,
        "alias with an unknown pointer: -32003")


# ------------------------------------------------------------ batches
def batches(c):
    q = {"module": "noir-loop", "function": "main"}
    out = batch(c, [{"method": "ping"}, {"method": "value", "params": dict(q, inst="v5")},
                    {"jsonrpc": "2.0", "method": "ping", "id": None},
                    {"method": "nope"}, {"method": "load", "params": {"module": "z", "text": ""}}])
    ok(isinstance(out, dict) and out[0]["result"] == {"version": "1.0"} and
       out[1]["result"]["text"] == "Known(v4)" and err_code(out[3]) == -32601 and
       err_code(out[4]) == -32600 and None in out,
       "a batch: one array, each reply with its id, errors in place, load refused", out)
    c.send('[{"jsonrpc":"2.0","method":"ping"},{"method":"ping"}]\n{"id":"after","method":"ping"}\n')
    is_(c.line()["id"], "after", "a batch of notifications gets no reply at all")
    c.send("[1,2]\n")
    r = c.line()
    ok(isinstance(r, list) and len(r) == 2 and all(err_code(x) == -32600 and x["id"] is None for x in r),
       "[1,2]: two -32600 errors with id null", r)
    is_(err_code((c.send("[]\n"), c.line())[1]), -32600, "[] is one -32600 error")
    reqs = [{"method": "value", "params": dict(q, inst=v)} for v in ("v3", "v5", "v7") * 300]
    out = batch(c, reqs)
    is_(len(out), 900, "a batch of 900 value queries: 900 replies")


# A batch is decoded one element at a time (protocol/batch.c); the replies
# must still be the spec's, as if the whole line had been decoded first.
def batches_streamed(d, c):
    def raw(line):
        c.send(line + "\n")
        return c.line()

    def requests():
        return c.result("stats")["requests"]
    ping = '{"jsonrpc":"2.0","id":%d,"method":"ping"}'
    for line, what in [('[%s,%s' % (ping % 1, ping % 2), "a truncated batch"),
                       ('[%s,{"id":2,"method"' % (ping % 1), "a truncated element"),
                       ('[%s %s]' % (ping % 1, ping % 2), "a missing comma"),
                       ('[%s,]' % (ping % 1), "a trailing comma"),
                       ('[%s] x' % (ping % 1), "garbage after the array"),
                       ('[%s]]' % (ping % 1), "a second ']'"),
                       ('[%s,nul]' % (ping % 1), "a bad literal after good elements"),
                       ('[4true]', "two values run together")]:
        before = requests()
        r = raw(line)
        ok(isinstance(r, dict) and err_code(r) == -32700 and r["id"] is None,
           "%s: one -32700 error, id null, no array" % what, r)
        is_(requests() - before, 2, "%s counts one request (and the stats call)" % what)
    r = raw('[ \t]')
    ok(isinstance(r, dict) and err_code(r) == -32600, "[ \\t] is one -32600 error (not an array)", r)
    r = raw('[1, "x" ,null,{"id":5,"method":"ping"},[]]')
    ok(isinstance(r, list) and [err_code(x) for x in r] == [-32600] * 3 + [None, -32600] and
       r[3]["id"] == 5, "non-objects get -32600 each, in place, around a good request", r)
    # Nothing that changes a module runs unless the whole line decodes.
    unload = '{"jsonrpc":"2.0","id":%d,"method":"unload","params":{"module":"noir7"}}'
    r = raw('[%s,%s,{"id":3,' % (ping % 1, unload % 2))
    is_(err_code(r), -32700, "ping, unload, then a parse error: -32700")
    ok("noir7" in [m["name"] for m in c.result("modules")["modules"]],
       "... and the unload did not run", r)
    r = raw('[%s,%s,%s]' % (ping % 1, unload % 2, ping % 3))
    ok(isinstance(r, list) and [x["id"] for x in r] == [1, 2, 3] and "result" in r[1],
       "the same batch decoding whole: the unload runs, in order", r)
    ok("noir7" not in [m["name"] for m in c.result("modules")["modules"]], "... and noir7 is gone")
    batch_does_not_delay(d, c)


# A big batch is answered in slices: another client's requests are answered
# in between (server/conn.c, start_batch), not after the whole batch.
def batch_does_not_delay(d, c):
    import select
    import time
    q = {"module": "noir-loop", "function": "main", "form": "ids"}
    n = 60000
    reqs = [{"jsonrpc": "2.0", "id": i, "method": "depends" if i % 2 else "alias",
             "params": dict(q, **({"from": "v3", "to": "v7"} if i % 2 else {"a": "v3", "b": "v7"}))}
            for i in range(n)]
    other = d.client()
    other.result("ping")
    c.send(json.dumps(reqs) + "\n")
    t0 = time.monotonic()
    lat, answered_before = [], 0
    while True:
        ready = select.select([c.s], [], [], 0)[0] or c.buf
        if ready:
            break
        t = time.monotonic()
        other.result("ping")
        lat.append(time.monotonic() - t)
        answered_before += 1
    out = c.line(timeout=300)
    total = time.monotonic() - t0
    ok(isinstance(out, list) and len(out) == n and [x["id"] for x in out] == list(range(n)) and
       all("result" in x for x in out), "a batch of %d queries: every reply, in order" % n,
       out if not isinstance(out, list) else len(out))
    ok(answered_before >= 3 and max(lat) < 0.3 * total,
       "another client's pings are answered while the batch runs (%d pings, slowest %.3f s, "
       "the batch %.3f s)" % (answered_before, max(lat or [0]), total))
    other.close()


# ------------------------------------------------------------- errors
BAD = [
    (lambda d: d["functions"][0]["blocks"][2]["insts"][0].update(ptr="v9"),
     "functions[0].blocks[2].insts[0].ptr", 'unknown value "v9"'),
    (lambda d: d["functions"][0]["blocks"][1]["insts"].pop(),
     "functions[0].blocks[1].insts[0]", "terminator"),
    (lambda d: d["functions"][0]["blocks"][0]["insts"][0].update(op="frob"),
     "functions[0].blocks[0].insts[0]", 'unknown op "frob"'),
    (lambda d: d["functions"][0]["blocks"][2]["insts"][1].update(args=["v3", True]),
     "functions[0].blocks[2].insts[1].args[1]", "has type i1 where i64 is needed"),
    (lambda d: d["functions"][0]["blocks"][0]["insts"][2].update(args=[]),
     "functions[0].blocks[0].insts[2].args", "0 arguments for the 1 parameters"),
    (lambda d: d["functions"][0]["blocks"][2]["insts"][4].update(callee="printf"),
     "functions[0].blocks[2].insts[4]", 'unknown function "printf"'),
    (lambda d: d["functions"][0]["blocks"][1].update(name="b0"),
     "functions[0].blocks[1]", 'block "b0" is defined twice'),
    (lambda d: d["functions"][0]["blocks"][2]["insts"][0].update(heap="Nowhere"),
     "functions[0].blocks[2].insts[0].heap", 'unknown heap "Nowhere"'),
    (lambda d: d["functions"][0]["blocks"][0]["insts"][0].update(name="0bad"),
     "functions[0].blocks[0].insts[0]", "a name must match"),
    (lambda d: d["functions"][0]["blocks"][2]["insts"][6].update(to="b0"),
     "functions[0].blocks[0]", "entry block cannot be a branch target"),
    # array counts: digits only, at most 2^32 - 1, and 2^48 bytes in all
    # (libFuzzer's jsonir target found a 57-digit count passed through)
    (lambda d: d["functions"][0]["blocks"][0]["insts"][0].update(type="[-1 x i64]"),
     "functions[0].blocks[0].insts[0]", 'unknown type "[-1 x i64]"'),
    (lambda d: d["functions"][0]["blocks"][0]["insts"][0].update(type="[" + "1" * 57 + "2 x ptr]"),
     "functions[0].blocks[0].insts[0]", "array count too large"),
    (lambda d: d["functions"][0]["blocks"][0]["insts"][0].update(type="[65536 x [65536 x [65536 x i64]]]"),
     "functions[0].blocks[0].insts[0]", "array type too large"),
    (lambda d: d["functions"].append(json.loads(json.dumps(d["functions"][0]))),
     "functions[1]", '"main" is defined twice'),
    # where the lowering decides the type, "type" must agree (found by
    # libFuzzer: an array_get declared i1 lowered as i64)
    (lambda d: d["functions"][0]["blocks"][1]["insts"][0].update(type="Field"),
     "functions[0].blocks[1].insts[0].type", '"type" is i64, but the result has type i1'),
    (lambda d: d["functions"][0]["blocks"][2]["insts"][4].update(name="v99"),
     "functions[0].blocks[2].insts[4]", 'the result is void: "name" must be left out'),
]


def errors(c):
    base = fixture("noir-loop.json")
    for k, (mangle, path, words) in enumerate(BAD):
        d = json.loads(json.dumps(base))
        mangle(d)
        r = c.call("load", {"module": "bad", "ir": d})
        data = (r.get("error") or {}).get("data") or {}
        ok(err_code(r) == -32010 and data.get("json_path") == path and words in data.get("message", ""),
           "bad JSON IR %d: -32010 at %s (%s)" % (k, path, words), r)
    r = c.call("load", {"module": "bad", "ir": [1]})
    is_(err_code(r), -32010, "a JSON IR module that is not an object: -32010")
    rnd = random.Random(12)
    docs = [fixture(n) for n in sorted(os.listdir(FIX)) if n.endswith(".json")]
    crashes, unpathed = 0, []
    for _ in range(300):
        d = json.loads(json.dumps(rnd.choice(docs)))
        for _ in range(rnd.randrange(1, 4)):
            mangle_randomly(rnd, d)
        r = c.call("load", {"module": "fuzz", "ir": d})
        crashes += r is None
        if r is None:
            break
        if "error" in r and "json_path" not in (r["error"].get("data") or {}):
            unpathed.append(r["error"]["message"])
    is_(crashes, 0, "300 randomly mangled JSON IR modules: an answer each, no crash")
    is_(unpathed, [], "... and every refusal names its JSON path (none reaches the LLVM reader)")
    ok(c.result("ping") == {"version": "1.0"}, "the daemon is alive after the mangled modules")
    is_(err_code(c.call("load", {"module": "bad", "ir": {}, "text": "x"})), -32602,
        "ir together with text: -32602")


def mangle_randomly(rnd, d):
    """Deletes a key, or replaces a value with a random JSON value, somewhere in d."""
    nodes = []
    stack = [d]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            nodes += [(x, k) for k in x]
            stack += list(x.values())
        elif isinstance(x, list):
            nodes += [(x, i) for i in range(len(x))]
            stack += x
    if not nodes:
        return
    parent, key = rnd.choice(nodes)
    junk = [None, True, 0, -1, 1 << 40, 2.5, "", "v0", "b1", "i64", "[2 x ptr]", [], {}, [1, "x"],
            {"const": 1}, {"op": "store"}, "x" * 300]
    if rnd.random() < 0.3 and isinstance(parent, dict):
        del parent[key]
    elif rnd.random() < 0.2 and isinstance(parent, list):
        parent.pop(key)
    else:
        parent[key] = rnd.choice(junk)


# ------------------------------------------ random CFGs: one description
def random_desc(rnd):
    nb = rnd.randrange(2, 7)
    blocks = []
    for b in range(nb):
        s = rnd.randrange(3)
        t1 = -1 if s == 0 or b == nb - 1 else rnd.randrange(1, nb)
        t2 = rnd.randrange(1, nb) if s == 2 and t1 >= 0 else -1
        blocks.append({"t1": t1, "t2": t2})
    preds = [[p for p in range(nb) if b in (blocks[p]["t1"], blocks[p]["t2"])] for b in range(nb)]
    for b in range(nb):
        blocks[b]["hasp"] = b > 0 and bool(preds[b]) and rnd.random() < 0.5
        blocks[b]["pin"] = {p: rnd.randrange(2) for p in preds[b]}
        ops, defd = [], False
        for k in range(rnd.randrange(0, 6)):
            op = rnd.choice(["stc", "stv", "def", "ld", "call", "esc"])
            if op == "stv" and not defd:
                op = "def"
            defd |= op == "def"
            slot = rnd.randrange(3 if blocks[b]["hasp"] and op in ("stc", "stv", "ld") else 2)
            ops.append((op, slot, rnd.randrange(1, 3)))
        blocks[b]["ops"] = ops
    return {"nb": nb, "blocks": blocks, "preds": preds}


def last_def(ops, k):
    return max((j for j in range(k) if ops[j][0] == "def"), default=-1)


def desc_jsonir(d):
    bl = []
    for b, blk in enumerate(d["blocks"]):
        insts = []
        if b == 0:
            insts += [{"op": "alloc", "name": "a0", "type": "i64"}, {"op": "alloc", "name": "a1", "type": "i64"}]
        sl = lambda s: "p%d" % b if s == 2 else "a%d" % s
        for k, (op, s, n) in enumerate(blk["ops"]):
            if op == "stc":
                insts.append({"op": "store", "ptr": sl(s), "value": n})
            elif op == "stv":
                insts.append({"op": "store", "ptr": sl(s), "value": "d%d_%d" % (b, last_def(blk["ops"], k))})
            elif op == "def":
                insts.append({"op": "add", "name": "d%d_%d" % (b, k), "args": ["z", n]})
            elif op == "ld":
                insts.append({"op": "load", "name": "l%d_%d" % (b, k), "ptr": sl(s), "type": "i64"})
            elif op == "call":
                insts.append({"op": "call", "callee": "unk"})
            else:
                insts.append({"op": "call", "callee": "esc", "args": [sl(s)]})
        args = lambda t: ["a%d" % d["blocks"][t]["pin"][b]] if d["blocks"][t]["hasp"] else []
        if blk["t1"] < 0:
            insts.append({"op": "ret"})
        elif blk["t2"] < 0:
            insts.append({"op": "br", "to": "b%d" % blk["t1"], "args": args(blk["t1"])})
        else:
            insts.append({"op": "condbr", "cond": "c", "then": "b%d" % blk["t1"], "else": "b%d" % blk["t2"],
                          "then_args": args(blk["t1"]), "else_args": args(blk["t2"])})
        block = {"name": "b%d" % b, "insts": insts}
        if blk["hasp"]:
            block["params"] = [{"name": "p%d" % b, "type": "ptr"}]
        bl.append(block)
    return {"externs": [{"name": "unk"}, {"name": "esc", "params": ["ptr"]}],
            "functions": [{"name": "r", "params": [{"name": "c", "type": "i1"}, {"name": "z", "type": "i64"}],
                           "blocks": bl}]}


def desc_ll(d):
    """The same program, written here as LLVM text (not by the lowering)."""
    out = ["declare void @unk()", "declare void @esc(ptr)", "define void @r(i1 %c, i64 %z) {"]
    for b, blk in enumerate(d["blocks"]):
        out.append("b%d:" % b)
        if blk["hasp"]:
            inc = ", ".join("[ %%a%d, %%b%d ]" % (blk["pin"][p], p) for p in d["preds"][b])
            out.append("  %%p%d = phi ptr %s" % (b, inc))
        if b == 0:
            out += ["  %a0 = alloca i64", "  %a1 = alloca i64"]
        sl = lambda s: "%%p%d" % b if s == 2 else "%%a%d" % s
        for k, (op, s, n) in enumerate(blk["ops"]):
            out.append({"stc": "  store i64 %d, ptr %s" % (n, sl(s)),
                        "stv": "  store i64 %%d%d_%d, ptr %s" % (b, last_def(blk["ops"], k), sl(s)),
                        "def": "  %%d%d_%d = add i64 %%z, %d" % (b, k, n),
                        "ld": "  %%l%d_%d = load i64, ptr %s" % (b, k, sl(s)),
                        "call": "  call void @unk()",
                        "esc": "  call void @esc(ptr %s)" % sl(s)}[op])
        if blk["t1"] < 0:
            out.append("  ret void")
        elif blk["t2"] < 0:
            out.append("  br label %%b%d" % blk["t1"])
        else:
            out.append("  br i1 %%c, label %%b%d, label %%b%d" % (blk["t1"], blk["t2"]))
    return "\n".join(out) + "\n}\n"


def annotations(text):
    return [l for l in canon(text).splitlines() if l.startswith("; ")]


def isomorphic(c, rnd):
    same, n = 0, 60
    first_diff = None
    for i in range(n):
        d = random_desc(rnd)
        c.result("load", {"module": "iso-j", "ir": desc_jsonir(d)})
        c.result("load", {"module": "iso-l", "text": desc_ll(d)})
        pj = c.result("print", {"module": "iso-j", "walker": True})["text"]
        pl = c.result("print", {"module": "iso-l", "walker": True})["text"]
        if annotations(pj) == annotations(pl):
            same += 1
        elif first_diff is None:
            first_diff = desc_ll(d)
    is_(same, n, "%d random programs: JSON IR and .ll give isomorphic MemorySSA (walker printout)" % n)
    if first_diff:
        print("# first difference:\n# " + first_diff.replace("\n", "\n# "))


# ----------------------------------------------------------- brute force
def oracle_holds(d, path, lb, lk, claim):
    """Runs the path (blocks; the last one up to the load); does the claim hold?"""
    mem = [None, None]
    runs = {}
    esc = [False, False]
    pslot = 0
    for i, b in enumerate(path):
        ops = d["blocks"][b]["ops"]
        if i:
            pslot = d["blocks"][b]["pin"].get(path[i - 1], 0)
        for k, (op, s, n) in enumerate(ops[:lk] if i == len(path) - 1 else ops):
            slot = pslot if s == 2 else s
            if op == "stc":
                mem[slot] = ("c", n)
            elif op == "stv":
                j = last_def(ops, k)
                mem[slot] = ("v", b, j, runs.get((b, j), 0))
            elif op == "def":
                runs[(b, k)] = runs.get((b, k), 0) + 1
            elif op in ("call", "esc"):
                if op == "esc":
                    esc[slot] = True
                for t in (0, 1):
                    if esc[t]:
                        mem[t] = ("any",)
    s = d["blocks"][lb]["ops"][lk][1]
    cell = mem[pslot if s == 2 else s]
    if claim[0] == "c":
        return cell == claim
    return cell == ("v", claim[1], claim[2], runs.get((claim[1], claim[2]), 0))


def paths_to(d, lb, maxlen=8):
    stack = [[0]]
    while stack:
        p = stack.pop()
        if p[-1] == lb:
            yield p
        if len(p) < maxlen:
            blk = d["blocks"][p[-1]]
            for t in {blk["t1"], blk["t2"]} - {-1}:
                stack.append(p + [t])


def brute_force(c, rnd):
    loads = known = npaths = bad = 0
    for i in range(600):
        d = random_desc(rnd)
        c.result("load", {"module": "bf", "ir": desc_jsonir(d)})
        targets = [(b, k) for b, blk in enumerate(d["blocks"]) for k, o in enumerate(blk["ops"]) if o[0] == "ld"]
        if not targets:
            continue
        out = batch(c, [{"method": "value", "params": {"module": "bf", "function": "r",
                                                         "inst": "l%d_%d" % t}} for t in targets])
        for i, (b, k) in enumerate(targets):
            r = out[i]["result"]
            loads += 1
            if r["state"] != "known":
                continue
            known += 1
            m = re.fullmatch(r"d(\d+)_(\d+)", r["value"])
            claim = ("v", int(m.group(1)), int(m.group(2))) if m else ("c", int(r["value"]))
            for p in paths_to(d, b):
                npaths += 1
                bad += not oracle_holds(d, p, b, k, claim)
    ok(known > 80 and npaths > known, "brute force on JSON IR: %d loads, %d Known, %d paths" % (loads, known, npaths))
    is_(bad, 0, "value never says Known where a path reads something else")


# ------------------------------------------------------------ the ids form
ACC_KEYS = ("kind", "id", "inst", "block")


def acc_key(a, keys=ACC_KEYS):
    return None if a is None else tuple(a.get(k) for k in keys)


def forms_noir(c):
    c.result("load", {"module": "ids", "path": os.path.join(FIX, "noir-loop.json")})
    q = {"module": "ids", "function": "main", "form": "ids"}
    r = c.result("accesses", q)
    is_((r["total"], r["next"], r["entry"], r["fields"], r["blocks"]),
        (8, None, 0, ["kind", "id", "inst", "block", "clobber", "alias"], ["b0", "b1", "b2", "b3"]),
        "accesses ids: total, fields, the block names by index")
    is_(r["accesses"][18:30], [1, 2, 8, 2, 5, 1, 2, -1, 9, 2, 2, 3],
        "accesses ids: store v4 is def 2 in b2 (clobber phi 5, MayAlias); v5 a use in b2 clobbered by def 2, MustAlias")
    r = c.result("depends", dict(q, **{"from": {"block": "b2", "index": 2}, "to": "v5"}))
    is_(r, [True, 1, 3, 2, True, None, None, [1, 2, 8], [2, -1, 9, 1, 2, 8]],
        "depends ids: store -> v5: flow, MustAlias, Mod, reaches; clobber def 2; path v5 back to the store")
    r = c.result("depends", dict(q, **{"from": {"block": "b0", "index": 1}, "to": "v5"}))
    ok(r[0] is False and r[4] is False and r[5] and r[6] == [1, 2, 8],
       "depends ids: b0's store does not reach v5, killed by def 2 (reason given)", r)
    is_(c.result("alias", dict(q, a="v3", b="v5")), [3, 1], "alias ids: v3, v5: MustAlias, exact")
    is_(c.result("alias", dict(q, a={"ptr": "v0", "size": 8}, b={"ptr": "v0", "size": 4})), [3, 2],
        "alias ids: 8 bytes against 4 at the same pointer: MustAlias (as the full form says), total")
    is_(err_code(c.call("accesses", dict(q, form="short"))), -32602, "form must be full, ids or packed (-32602)")
    forms_noir_packed(c, q)
    r = c.result("clobber", {"module": "ids", "function": "main", "inst": "%v5"})
    names = [e["access"].get("name") for e in c.result("accesses", dict(q, form="full"))["accesses"]]
    is_((r["access"]["name"], names.count("v5"), [x for x in names if x and x.startswith("%")]),
        ("v5", 1, []), "JSON IR names: clobber (asked as %v5) and accesses both spell v5, never %v5")


def forms_noir_packed(c, q):
    """The packed form on Noir's loop: concrete strings, and exactly the ids
    answers once unpacked (docs/offload.md, "The packed form")."""
    p = dict(q, form="packed")
    ids, r = c.result("accesses", q), c.result("accesses", p)
    is_((r["accesses"], r["blocks"], "fields" in r), ("ACCACUICOKCAEHEAHSCAAECCAFOGCFECCAD", "b0\nb1\nb2\nb3", False),
        "accesses packed: 35 characters for the ids form's 48 numbers; the block names in one string")
    is_(memssa.vlq_decode(r["accesses"])[:14], [0, 1, 1, 0, 1, 10, 4, 1, 7, 5, 1, 0, 2, -3],
        "accesses packed: def 1 (kind/alias 0; id +1, inst +1, block +0, id - clobber 1), phi 5 (10; +4, block +1), "
        "use v3 (7: MayAlias; inst +5, block +1, clobber = phi 5 - 0), def 2 (2; id -3, ...)")
    is_(memssa.unpack("accesses", r), ids, "accesses packed: unpacks to exactly the ids answer")
    is_(memssa.vlq_decode("ACDgBhB/f"), [0, 1, -1, 16, -16, -511],
        "vlq_decode: 0, 1, -1, two-digit 16 and -16, -511")
    pages, off = [], 0
    while off is not None:
        pg = c.result("accesses", dict(p, offset=off, limit=3))
        pages, off = pages + memssa.unpack("accesses", pg)["accesses"], pg["next"]
    is_(pages, ids["accesses"], "accesses packed: pages of 3, each unpacked, give the whole ids answer")
    st = {"from": {"block": "b2", "index": 2}, "to": "v5"}
    is_(c.result("depends", dict(p, **st)), "CCGECADDCEQEDSCEQ",
        "depends packed: store -> v5 as 17 VLQ numbers (null killer: 0,-1,-1)")
    is_(memssa.unpack("depends", c.result("depends", dict(p, **st))), c.result("depends", dict(q, **st)),
        "depends packed: unpacks to exactly the ids answer")
    st = {"from": {"block": "b0", "index": 1}, "to": "v5"}
    r, want = c.result("depends", dict(p, **st)), c.result("depends", dict(q, **st))
    ok(r.split(";", 1)[1] == want[5] and want[5], "depends packed: the reason after ';'", r)
    is_(memssa.unpack("depends", r), want, "depends packed with a reason: unpacks to exactly the ids answer")
    is_(c.result("alias", dict(p, a="v3", b="v5")), "GC", "alias packed: MustAlias (3), exact (1)")
    is_(err_code(c.call("alias", dict(p, form="Packed"))), -32602, "form names are case-sensitive (-32602)")
    is_(MC.depends_pairs("ids", "main", [(8, 9), (1, 9)]),
        [c.result("depends", dict(q, **{"from": 8, "to": 9})), c.result("depends", dict(q, **{"from": 1, "to": 9}))],
        "depends pairs (8,9), (1,9) in one request: the two ids answers")
    is_(c.result("depends", dict(p, pairs=memssa.vlq_encode([8, 9]))), ["CCGECADDCEQEDSCEQ"],
        "depends pairs: an array of the packed answers")
    is_(MC.alias_pairs("ids", "main", [(6, 9), (9, 6)]), [[3, 1], [3, 1]],
        "alias pairs: v3 (inst 6) and v5 (inst 9) MustAlias, exact, both ways")
    is_(MC.alias_pairs("ids", "main", []), [], "no pairs: no answers")
    # bounded: 256 questions a request, whatever the form; the clients split
    many = [(8, 9), (1, 9)] * 150
    e = c.call("depends", dict(p, pairs=memssa.vlq_encode([x for q in many[:257] for x in q]))).get("error", {})
    ok(e.get("code") == -32602 and e.get("data") == {"reason": "too_many_pairs"} and "at most 256" in e["message"],
       "depends pairs about one function: 257 questions are -32602 too_many_pairs", e)
    is_(len(c.result("depends", dict(p, pairs=memssa.vlq_encode([x for q in many[:256] for x in q])))), 256,
        "depends pairs about one function: 256 questions are answered")
    two = MC.depends_pairs("ids", "main", [(8, 9), (1, 9)])
    is_(MC.depends_pairs("ids", "main", many), two * 150,
        "Python depends_pairs: 300 questions in two requests, the answers in order")
    for what, params, code, words, data in (
            ("without the packed form", dict(q, pairs="QS"), -32602, "needs", {"reason": "needs_packed_form"}),
            ("an odd count", dict(p, pairs="QSQ"), -32602, "two a question", {"reason": "malformed_pairs"}),
            ("not packed numbers", dict(p, pairs="Q!"), -32602, "packed string", {"reason": "malformed_pairs"}),
            ("not a string", dict(p, pairs=[8, 9]), -32602, "packed string", {"reason": "malformed_pairs"}),
            ("an instruction that is not there", dict(p, pairs=memssa.vlq_encode([8, 9, 8, 999])), -32003,
             "params.pairs[1]: no instruction with id 999", {"reason": "no_instruction", "pair": 1}),
            ("a negative id", dict(p, pairs=memssa.vlq_encode([-1, 9])), -32003, "params.pairs[0]",
             {"reason": "no_instruction", "pair": 0}),
            ("an instruction without access", dict(p, pairs=memssa.vlq_encode([8, 9, 7, 9])), -32004,
             "params.pairs[1]: instruction 7 of @main does not access memory", {"reason": "not_memory", "pair": 1})):
        r = c.call("depends", params)
        e = r.get("error", {})
        ok(e.get("code") == code and words in e.get("message", "") and e.get("data") == data,
           "depends pairs, %s: %d (%s), data %s" % (what, code, words, data), r)
    e = c.call("alias", dict(p, pairs=memssa.vlq_encode([9, 10]))).get("error", {})
    ok(e.get("code") == -32004 and "pairs[0]" in e.get("message", "") and "not a load or store" in e["message"]
       and e.get("data") == {"reason": "no_location", "pair": 0},
       "alias pairs: a call has no single location (-32004, pairs[0], reason no_location)", e)
    want = err_code(c.call("depends", dict(q, **{"from": "v5", "to": "nope"})))
    ok(want and err_code(c.call("depends", dict(p, **{"from": "v5", "to": "nope"}))) == want,
       "depends packed: a bad instruction fails as in the ids form (%s)" % want)


def forms_agree(c, path):
    """Both forms of accesses on every function, and of alias and depends on
    pairs of each function's memory instructions, give the same answers."""
    c.result("load", {"module": "big", "path": path})
    fns = [f["name"] for f in c.result("functions", {"module": "big"})["functions"] if f.get("defined", True)]
    reqs = []
    for f in fns:
        for form in ("full", "ids", "packed"):
            reqs.append({"method": "accesses", "params": {"module": "big", "function": f, "form": form,
                                                          "limit": 100000}})
    out = batch(c, reqs)
    naccess = bad = badp = 0
    pairs = []
    for k, f in enumerate(fns):
        full, ids, packed = (out[3 * k + j].get("result") for j in range(3))
        if full is None:
            badp += packed is not None
            continue
        badp += memssa.unpack("accesses", packed) != ids
        got = memssa.expand("accesses", ids)["accesses"]
        want = [(acc_key(e["access"]), acc_key(e["clobber"]), e["alias"]) for e in full["accesses"]]
        have = [(acc_key(e["access"]), acc_key(e["clobber"]), e["alias"]) for e in got]
        naccess += len(want)
        if want != have:
            bad += 1
            print("# %s: %s" % (f, next((w, h) for w, h in zip(want + [None], have + [None]) if w != h)))
        mem = [e["access"]["inst"] for e in full["accesses"] if e["access"]["kind"] in ("def", "use")]
        pairs += [(f, mem[i], mem[(i * 7 + 3) % len(mem)]) for i in range(0, len(mem), 5)]
    ok(naccess > 100, "%d accesses of %d functions in both forms" % (naccess, len(fns)))
    accesses_many(c, path, {f: out[3 * k + 1].get("result") for k, f in enumerate(fns)})
    is_(bad, 0, "accesses: the ids form agrees with the full form on every access")
    is_(badp, 0, "accesses: the packed form unpacks to exactly the ids answer of every function")
    reqs = []
    for f, a, b in pairs[:4000]:
        for form in ("full", "ids", "packed"):
            reqs.append({"method": "depends", "params": {"module": "big", "function": f, "from": a, "to": b, "form": form}})
            reqs.append({"method": "alias", "params": {"module": "big", "function": f, "a": a, "b": b, "form": form}})
    out = batch(c, reqs)
    ref = ("kind", "id", "inst")
    nq = bad = 0
    nreason = 0
    for k in range(0, len(reqs), 6):
        fd, fa, idd, ida, pd, pa = (out[k + j] for j in range(6))
        badp += pd.get("error", {}).get("code") != idd.get("error", {}).get("code")
        badp += pa.get("error", {}).get("code") != ida.get("error", {}).get("code")
        if "result" in pd:
            badp += memssa.unpack("depends", pd["result"]) != idd["result"]
            nreason += ";" in pd["result"]
        if "result" in pa:
            badp += memssa.unpack("alias", pa["result"]) != ida["result"]
        if "error" in fd:   # a call has no single location: alias refuses it in both forms
            bad += "error" not in idd
            continue
        d, e = fd["result"], memssa.expand("depends", idd["result"])
        nq += 1
        bad += (d["depends"], d["kinds"], d["alias"], d["modref"], d["reaches"], d["reason"],
                acc_key(d["killer"], ref), acc_key(d["walker_clobber"], ref),
                [acc_key(x, ref) for x in d["path"]]) != \
               (e["depends"], e["kinds"], e["alias"], e["modref"], e["reaches"], e["reason"],
                acc_key(e["killer"], ref), acc_key(e["walker_clobber"], ref),
                [acc_key(x, ref) for x in e["path"]])
        if "result" in fa:
            a = memssa.expand("alias", ida["result"])
            bad += (fa["result"]["alias"], fa["result"]["overlap"]) != (a["alias"], a["overlap"])
        else:
            bad += "error" not in ida
    ok(nq > 100, "%d depends and alias pairs in both forms" % nq)
    is_(bad, 0, "depends and alias: the ids form agrees with the full form")
    ok(nreason > 10, "%d packed depends answers carry a reason" % nreason)
    # The same questions grouped: one depends and one alias request a function.
    groups = {}
    for k in range(0, len(reqs), 6):
        prm = reqs[k]["params"]
        g = groups.setdefault(prm["function"], ([], [], [], []))
        if "result" in out[k + 2]:
            g[0].append((prm["from"], prm["to"]))
            g[1].append(out[k + 2]["result"])
        if "result" in out[k + 3]:
            g[2].append((prm["from"], prm["to"]))
            g[3].append(out[k + 3]["result"])
    badg = ng = 0
    for f, (dp, dw, ap, aw) in groups.items():
        badg += MC.depends_pairs("big", f, dp) != dw
        badg += MC.alias_pairs("big", f, ap) != aw
        ng += len(dp) + len(ap)
    ok(ng > 1000 and badg == 0, "%d questions in %d functions asked as pairs: the ids answers (%d functions differ)"
       % (ng, len(groups), badg))
    queries_mixed(reqs, out)
    is_(badp, 0, "depends and alias: the packed form unpacks to exactly the ids answers (and errors alike)")


def queries_mixed(reqs, out):
    """memssa.Client.queries (docs/offload.md, "Many questions over many
    functions"): the questions of forms_agree, depends and alias mixed over
    every function in a random order, give the ids answers in the caller's
    order, in few requests (a function with more than 256 questions in more
    than one); its errors name the caller's question."""
    qs, want = [], []
    for k in range(0, len(reqs), 6):
        prm = reqs[k]["params"]
        for j, kind in ((2, "depends"), (3, "alias")):
            if "result" in out[k + j]:
                qs.append((prm["function"], kind, prm["from"], prm["to"]))
                want.append(out[k + j]["result"])
    fns = collections.Counter(q[0] for q in qs)
    big = fns.most_common(1)[0][0]
    extra = [k for k, q in enumerate(qs) if q[0] == big and q[1] == "depends"]
    while len(extra) <= 300:   # more than one request for that function and kind
        extra += extra
    order = list(range(len(qs))) + extra
    random.Random(12).shuffle(order)
    first = MC.next_id
    got = MC.queries("big", [qs[k] for k in order])
    nreq = MC.next_id - first
    bad = sum(g != want[k] for g, k in zip(got, order))
    ok(len(order) > 3000 and len(fns) > 100 and len(got) == len(order) and bad == 0,
       "queries: %d questions over %d functions, random order, answered in that order as the ids form "
       "answers each (%d differ)" % (len(order), len(fns), bad))
    nkind = collections.Counter(qs[k][1] for k in order)
    per = memssa.QUERIES_REQUEST
    is_(nreq, sum((m + per - 1) // per for m in nkind.values()),
        "queries: %d requests for %d questions: pairs over several functions, %d a request" % (nreq, len(order), per))
    f0, _, a0, b0 = qs[0]
    f1 = next(q[0] for q in qs if q[0] != f0)
    for what, questions, code, k, data in (
            ("an unknown function", [(f0, "depends", a0, b0), ("nope", "depends", a0, b0), (f0, "depends", b0, a0)],
             -32002, 1, None),
            ("an unknown second function", [(f1, "depends", a0, b0), (f0, "depends", a0, b0), (f0, "depends", b0, a0),
                                            ("nope", "depends", a0, b0)], -32002, 3, None),
            ("an id that is no instruction", [(f0, "depends", a0, b0), (f1, "depends", a0, a0), (f0, "depends", b0, a0),
                                              (f0, "depends", a0, 999999)], -32003, 3,
             {"reason": "no_instruction", "pair": 2})):
        try:
            MC.queries("big", questions)
            ok(False, "queries, %s: refused" % what)
        except memssa.Error as e:
            ok(e.code == code and e.query == k and (data is None or e.data == data),
               "queries, %s: %d, question %d named, data %s" % (what, code, k, data),
               (e.code, e.query, e.data, e.message))
    ok(MC.pending == 0 and "version" in MC.ping(),
       "queries: after an error every reply was read (the next request is answered)")
    try:
        MC.queries("big", [(f0, "modref", a0, b0)])
        ok(False, "queries: a kind other than alias and depends is refused")
    except ValueError as e:
        ok("questions[0]" in str(e), "queries: a kind other than alias and depends is refused (%s)" % e)
    is_(MC.queries("big", []), [], "queries: none asked, none answered")
    pairs_over_functions(qs, want)


def pairs_over_functions(qs, want):
    """`pairs` over several functions (docs/offload.md, "Many questions over
    many functions") on the wire: three numbers a question, the answers of
    each function's own questions; its bound and its errors."""
    dq = [(q, w) for q, w in zip(qs, want) if q[1] == "depends"][:256]
    names = list(dict.fromkeys(q[0] for q, _ in dq))
    nums = [x for q, _ in dq for x in (names.index(q[0]), q[2], q[3])]
    base = {"module": "big", "functions": names, "form": "packed"}
    r = MC.call("depends", dict(base, pairs=memssa.vlq_encode(nums)))
    ok(len(names) > 20 and [memssa.unpack("depends", x) for x in r] == [w for _, w in dq],
       "depends pairs over %d functions, 256 questions in one request: the ids answers" % len(names))
    for what, params, code, reason, words in (
            ("257 questions", dict(base, pairs=memssa.vlq_encode(nums + nums[:3])), -32602, "too_many_pairs",
             "at most 256"),
            ("not three numbers a question", dict(base, pairs=memssa.vlq_encode(nums[:4])), -32602,
             "malformed_pairs", "three numbers a question"),
            ("a function index out of the list", dict(base, pairs=memssa.vlq_encode(nums[:3] + [len(names)] + nums[4:6])),
             -32602, "malformed_pairs", "params.pairs[1]: function %d is not an index" % len(names)),
            ("an unknown function", dict(base, functions=names[:2] + ["nope"], pairs=memssa.vlq_encode(nums[:3])),
             -32002, "unknown_function", "params.functions[2]"),
            ("with function too", dict(base, function=names[0], pairs=memssa.vlq_encode(nums[:3])), -32602,
             "function_and_functions", "exclude"),
            ("without the packed form", dict(base, form="ids", pairs=memssa.vlq_encode(nums[:3])), -32602,
             "needs_packed_form", "packed")):
        try:
            MC.call("depends", params)
            ok(False, "depends pairs over functions, %s: refused" % what)
        except memssa.Error as e:
            ok(e.code == code and (e.data or {}).get("reason") == reason and words in e.message,
               "depends pairs over functions, %s: %d, reason %s" % (what, code, reason), (e.code, e.data, e.message))


CACHE_LL = """define void @f(ptr %p, ptr %q) {
entry:
  store i32 1, ptr %p, align 4
  %v = load i32, ptr %q, align 4
  ret void
}
"""


def accesses_many(c, path, ids):
    """`accesses` of every function in one request a page (docs/offload.md,
    "Several functions in one request"): exactly the per-function ids
    answers, whatever the page size, in both forms; cached; its errors."""
    want = {f: r for f, r in ids.items() if r is not None}
    ok(len(want) > 100 and all(r["next"] is None for r in want.values()), "%d functions with answers" % len(want))
    h0 = hits(c)
    got = MC.accesses_many("big")
    is_(list(got), list(want), "accesses_many \"*\": every function with a body, in module order")
    is_(sum(got[f] != want[f] for f in want), 0, "packed, pages of 2,000: each function unpacks to exactly its ids answer")
    pages = c.result("accesses", {"module": "big", "functions": "*", "form": "packed"})
    ok(pages["total"] == len(want) and pages["next"] is not None and
       sum(memssa.unpack("accesses", e)["total"] - e["offset"] if e["next"] is None else e["next"] - e["offset"]
           for e in pages["functions"]) + sum(1 for e in pages["functions"] if e["total"] == 0) <= 1000,
       "a default page holds at most 1,000 accesses (a function without any counts one) and says where to go on",
       (pages["total"], pages["next"], len(pages["functions"])))
    is_(hits(c) - h0, 0, "a first sweep: no cached page")
    again = MC.accesses_many("big")
    ok(again == got and hits(c) - h0 >= 10, "a second sweep: the same answers, its pages from the cache (%d hits)"
       % (hits(c) - h0))
    is_(MC.accesses_many("big", form="ids", limit=97), want,
        "ids form, pages of 97 (functions split across pages): the same answers")
    is_(MC.accesses_many("big", limit=97), want, "packed, pages of 97: the same answers (each piece from 0)")
    nob = MC.accesses_many("big", blocks=False)
    is_({f: dict(r, blocks=None) for f, r in nob.items()}, {f: dict(r, blocks=None) for f, r in want.items()},
        "\"blocks\": false: the same answers without the block names")
    ok(all("blocks" not in r for r in nob.values()), "\"blocks\": false: no blocks member")
    one = c.result("accesses", {"module": "big", "function": list(want)[3], "form": "ids", "blocks": False})
    is_(one, {k: v for k, v in want[list(want)[3]].items() if k != "blocks"},
        "\"blocks\": false on one function: the ids answer without blocks")
    e = c.call("accesses", {"module": "big", "function": list(want)[3], "blocks": False}).get("error", {})
    is_((e.get("code"), (e.get("data") or {}).get("reason")), (-32602, "needs_compact_form"),
        "\"blocks\": false in the full form: -32602, needs_compact_form")
    columns_layout(c, want)
    some = [f for f in want][5:9]
    is_(MC.accesses_many("big", functions=list(reversed(some)), limit=5),
        {f: want[f] for f in reversed(some)}, "a list of four functions, in its order, pages of 5")
    is_(c.result("accesses", {"module": "big", "functions": [], "form": "packed"}),
        {"total": 0, "functions": [], "next": None}, "an empty list: no functions, no next page")
    is_(c.result("accesses", {"module": "big", "functions": "*", "form": "packed", "at": 100000}),
        {"total": len(want), "functions": [], "next": None}, "`at` past the list: an empty page")
    with open(path) as f:
        decl = next(iter(re.findall(r"^declare [^@]*@([\w.]+)\(", f.read(), re.M)), "printf")
    base = {"module": "big", "form": "packed"}
    for what, params, code, reason, words in (
            ("the full form", {"module": "big", "functions": "*"}, -32602, "needs_compact_form", "form"),
            ("function and functions", dict(base, functions="*", function=some[0]), -32602,
             "function_and_functions", "exclude"),
            ("a declaration", dict(base, functions=[some[0], decl]), -32002, "declaration", "functions[1]"),
            ("an unknown function", dict(base, functions=["nope"]), -32002, "unknown_function", "functions[0]"),
            ("not a string", dict(base, functions=[1]), -32602, "invalid_params", "functions[0]"),
            ("neither \"*\" nor an array", dict(base, functions="all"), -32602, "invalid_params", "\"*\""),
            ("limit 0", dict(base, functions="*", limit=0), -32602, "invalid_params", "limit"),
            ("an unknown module", dict(base, module="nope", functions="*"), -32001, "unknown_module", "nope")):
        e = c.call("accesses", params).get("error", {})
        ok(e.get("code") == code and (e.get("data") or {}).get("reason") == reason and words in e.get("message", ""),
           "accesses functions, %s: %d, reason %s" % (what, code, reason), e)


def columns_layout(c, want):
    """`"layout":"columns"` (docs/offload.md, "The columns layout"): the same
    answers as the rows layout, in fewer bytes; the rows layout unchanged
    beside it (also from the cache); its errors."""
    is_(MC.accesses_many("big", layout="rows"), want, "rows layout (the default of the protocol): the ids answers")
    is_(MC.accesses_many("big", layout="columns", limit=97), want,
        "columns layout, pages of 97 (functions cut across pages): the ids answers")
    nob = MC.accesses_many("big", layout="columns", blocks=False)
    is_({f: dict(r, blocks=None) for f, r in nob.items()}, {f: dict(r, blocks=None) for f, r in want.items()},
        "columns layout without block names: the same answers, no blocks")
    base = {"module": "big", "functions": "*", "form": "packed", "limit": 2000}
    rows, cols = (c.call("accesses", dict(base, layout=l)) for l in ("rows", "columns"))
    rows_again, cols_again = (c.call("accesses", dict(base, layout=l)) for l in ("rows", "columns"))
    rows, cols, rows_again, cols_again = (x.get("result") for x in (rows, cols, rows_again, cols_again))
    ok(rows == rows_again and cols == cols_again and "functions" in rows and "head" in cols,
       "rows and columns pages of the same request are cached apart")
    nr, nc = len(json.dumps(rows, separators=(",", ":"))), len(json.dumps(cols, separators=(",", ":")))
    ok(nc < nr * 0.8, "a columns page is smaller: %d bytes against %d for its rows" % (nc, nr))
    is_(memssa.columns_entries(cols), [dict(memssa.unpack("accesses", {k: v for k, v in e.items() if k != "function"}),
                                           function=e["function"]) for e in rows["functions"]],
        "a columns page: each function's entry exactly the rows page's, unpacked")
    c.result("load", {"module": "noircols", "path": os.path.join(FIX, "noir-loop.json")})
    r = c.result("accesses", {"module": "noircols", "functions": "*", "form": "packed", "layout": "columns",
                              "offset": 3, "limit": 3})
    is_(r, {"total": 1, "names": "main", "head": "QGGAI", "blocks": "b0\nb1\nb2\nb3", "slots": "",
            "accesses": "EEQEHSCAAECCAF", "next": {"at": 0, "offset": 6}},
        "noir loop, columns, accesses 3..5: the documented reply")
    ok(cols["blocks"].startswith("\n\n") and len(memssa.vlq_decode(cols["slots"])) == cols["blocks"].count("\n") + 1,
       "lua.O2's unnamed blocks: empty names, their numbers in slots", cols["blocks"][:20])
    for what, params, code, reason, words in (
            ("in the ids form", dict(base, form="ids", layout="columns"), -32602, "needs_packed_form", "packed"),
            ("for one function", {"module": "big", "function": list(want)[0], "form": "packed", "layout": "columns"},
             -32602, "needs_functions", "params.functions"),
            ("an unknown layout", dict(base, layout="col"), -32602, "invalid_params", "params.layout"),
            ("a layout not a string", dict(base, layout=1), -32602, "invalid_params", "params.layout")):
        e = c.call("accesses", params).get("error", {})
        ok(e.get("code") == code and (e.get("data") or {}).get("reason") == reason and words in e.get("message", ""),
           "accesses layout, %s: %d, reason %s" % (what, code, reason), e)


def hits(c):
    return c.result("stats")["caches"]["accesses_replies"]["hits"]


def accesses_cache(c):
    """`accesses` in the ids and packed forms is answered again from the
    encoded reply until a graph or the module set changes (sgen), and never
    after: an edit, an unload and a load each give the new answer."""
    c.result("load", {"module": "ac", "text": CACHE_LL})
    q = {"module": "ac", "function": "f"}
    h0 = hits(c)
    first = {f: c.call("accesses", dict(q, form=f)) for f in ("ids", "packed", "full")}
    again = {f: c.call("accesses", dict(q, form=f)) for f in ("ids", "packed", "full")}
    is_(hits(c) - h0, 2, "accesses: the second ids and packed requests come from the cache (full never)")
    is_([again[f]["result"] for f in again], [first[f]["result"] for f in first], "and say the same")
    is_(first["ids"]["result"]["accesses"], [1, 1, 0, 0, 0, -1, 2, -1, 1, 0, 1, 1],
        "before the edit: store to %p def 1 (inst 0), the load of %q (inst 1) clobbered by it, MayAlias")
    line = json.dumps({"jsonrpc": "2.0", "id": 77, "method": "accesses", "params": dict(q, form="packed")})
    st0 = c.result("stats")
    c.send(line + "\n")
    r1 = c.line()
    c.send(line + "\n")
    r2 = c.line()
    st1 = c.result("stats")
    is_((r1, st1["caches"]["accesses_replies"]["hits"] - st0["caches"]["accesses_replies"]["hits"],
         st1["cache_hits"] - st0["cache_hits"]), (r2, 2, 0),
        "a byte-identical repeat (the raw cache) counts as an accesses hit, not a clobber one")
    c.result("clobber", dict(q, inst="%v"))   # a walker query: fills caches, changes no answer
    h1 = hits(c)
    c.result("accesses", dict(q, form="packed"))
    is_(hits(c) - h1, 1, "a walker query in between does not drop the cached reply")
    c.result("edit", dict(q, ops=[{"op": "insert", "before": "%v", "text": "store i32 2, ptr %q, align 4"}]))
    h2 = hits(c)
    ids, packed = c.result("accesses", dict(q, form="ids")), c.result("accesses", dict(q, form="packed"))
    is_(hits(c), h2, "after an edit: no cached reply is used")
    is_((ids["total"], ids["accesses"][-6:]), (3, [2, -1, 1, 0, 2, 3]),
        "after the edit: the load (inst 1) is clobbered by the inserted store to %q (def 2), MustAlias")
    is_(memssa.unpack("accesses", packed), ids, "packed after the edit: the ids answer")
    c.result("unload", {"module": "ac"})
    c.result("load", {"module": "ac", "text": CACHE_LL.replace("  store i32 1, ptr %p, align 4\n", "")})
    h3 = hits(c)
    ids = c.result("accesses", dict(q, form="ids"))
    is_((hits(c), ids["total"]), (h3, 1), "unloaded and loaded again without the store: one access, not cached")
    cache = c.result("stats")["caches"]["accesses_replies"]
    ok(cache["entries"] >= 1 and cache["slots"] == 4096 and cache["bytes"] > 4096 * 40,
       "stats: the accesses cache's entries, slots and bytes", cache)
    c.result("unload", {"module": "ac"})


def forms(c):
    forms_noir(c)
    accesses_cache(c)
    lua = os.path.join(lib.SHARED, "corpus", "real", "lua.O2.ll")
    forms_agree(c, lua if os.path.exists(lua) else os.path.join(ROOT, "tests", "fixtures", "mssa", "diamond.ll"))


def cli_load(d):
    r = subprocess.run([MEMSSA, "--socket", d.sock, "load", os.path.join(FIX, "toy-tbaa.json")],
                       capture_output=True, text=True)
    ok(r.returncode == 0 and "loaded module toy-tbaa" in r.stdout, "memssa load FILE.json", r.stdout + r.stderr)


def main():
    if not os.access(lib.MEMSSAD, os.X_OK):
        bail("no memssad")
    global MC
    d = Daemon()
    c = d.client()
    MC = memssa.Client(d.sock)   # the Python client library's typed calls
    seeds(c)
    overlaps(c)
    methods(c, d.tmp)
    batches(c)
    batches_streamed(d, c)
    errors(c)
    forms(c)
    rnd = random.Random(2024)
    isomorphic(c, rnd)
    brute_force(c, rnd)
    cli_load(d)
    is_(d.stop(), 0, "the daemon stops cleanly")
    ok(d.sanitizer_clean(), "no sanitizer report")
    done()


main()
