#!/usr/bin/env python3
# `print` over the daemon equals `print --local` of the edited text, whatever
# was edited and queried before: random store (and load) insertions and
# removals through `edit` on csmith functions, with clobber / access / uses /
# walker-print queries in between; every CHECK edits, the daemon's printout
# of the function is compared with `memssa print --local` of the same edits
# written out as text -- byte for byte once access ids are renumbered by
# first appearance (the updater never reuses ids). Every field counts: the
# defining access, the alias word of each MemoryUse (MustAlias / MayAlias,
# which use optimization passes from one use of a location to later ones
# through phis), phi operands in order, and no walker cache left on a def.
#
# Environment: EDITS (default 240), CHECK (default 10), SEED (default 1),
# QUERIES (0: no queries between edits; default 1),
# MEMSSA_CORPUS (the csmith corpus, default build/corpus).
import glob, os, random, re, subprocess, tempfile

import daemonlib as lib
ok, is_, done, Daemon, canon, same = lib.ok, lib.is_, lib.done, lib.Daemon, lib.canon, lib.same

EDITS = int(os.environ.get("EDITS", "240"))
CHECK = int(os.environ.get("CHECK", "10"))
SEED = int(os.environ.get("SEED", "1"))
QUERIES = os.environ.get("QUERIES", "1") != "0"
CORPUS = os.environ.get("MEMSSA_CORPUS") or os.path.join(lib.BUILD, "corpus")
# Functions to edit (each gets EDITS / NFUNCS edits), and their size range.
NFUNCS = 3
LONG = 600
MIN_STORES, MIN_BRANCHES, MAX_LINES = 8, 2, 400

DEFINE = re.compile(r"^define [^@]*@([\w.$]+)\(.*?^}\n", re.S | re.M)
# A value every instruction of the function sees: a constant, a global, an
# argument, or (the text is unoptimized, allocas in the entry block) a local.
STORE = re.compile(r"^  store (\S+) (\S+), (\S+) (@[\w.$]+|%\d+|%[\w.$]+)(, align \d+)?")


def candidates():
    files = sorted(glob.glob(os.path.join(CORPUS, "csmith", "*", "csmith-*.O1raw.ll")))
    for path in files:
        text = open(path).read()
        for m in DEFINE.finditer(text):
            body = m.group(0)
            if (body.count("\n  store ") >= MIN_STORES and body.count(" br i1 ") >= MIN_BRANCHES
                    and body.count("\n") <= MAX_LINES):
                yield path, text, m


class Func:
    """The mirror of one function: blocks of (instruction id, text) in order,
    ids as the daemon gives them (text order from 0, then fresh ones)."""

    def __init__(self, text, m):
        self.text, self.m, self.name = text, m, m.group(1)
        lines = m.group(0).split("\n")
        self.head, self.items, nid = lines[0], [], 0
        for ln in lines[1:]:
            if (ln.startswith("    ") or ln.startswith("  ]")) and self.items:
                self.items[-1][2] += "\n" + ln     # a switch's cases: one instruction
            elif ln.startswith("  ") and not ln.lstrip().startswith(";"):
                self.items.append(["inst", nid, ln[2:]])
                nid += 1
            elif ln not in ("}", ""):
                self.items.append(["label", None, ln])
            elif ln == "" and self.items:
                self.items.append(["blank", None, ""])
        allocas = {re.match(r"(%[\w.$]+) = alloca", t).group(1)
                   for k, _, t in self.items if k == "inst" and " = alloca " in t}
        self.stores = []     # texts of stores whose operands dominate everything
        for k, _, t in self.items:
            s = STORE.match("  " + t) if k == "inst" else None
            if s and (s.group(4).startswith("@") or s.group(4) in allocas) and \
                    not s.group(2).startswith("%"):
                self.stores.append("store %s %s, %s %s%s" % (s.group(1), s.group(2), s.group(3),
                                                              s.group(4), s.group(5) or ""))
        self.loads = [re.sub(r"^store (\S+) \S+, (\S+) (\S+)(.*)$", r"load \1, \2 \3\4", t)
                      for t in self.stores]

    def insts(self):
        return [(i, t) for k, i, t in self.items if k == "inst"]

    def where(self, iid):
        return next(n for n, it in enumerate(self.items) if it[0] == "inst" and it[1] == iid)

    def written(self):
        body = [self.head]
        for k, _, t in self.items:
            body.append("  " + t if k == "inst" else t)
        body.append("}\n")
        return self.text[:self.m.start()] + "\n".join(body) + self.text[self.m.end():]


def is_term(t):
    return re.match(r"(ret|br|switch|unreachable|indirectbr|resume)\b", t) is not None


def main():
    lib.time_limit(600)
    rng = random.Random(SEED)
    picked = list(candidates())
    if len(picked) < NFUNCS:
        print("1..0 # SKIP no csmith corpus with fitting functions under %s" % CORPUS)
        return
    picked = [picked[k] for k in sorted(rng.sample(range(len(picked)), NFUNCS))]
    d = Daemon()
    c = d.client()
    # Loads of csmith modules take seconds under the sanitizers on a busy
    # machine: wait for every reply as long as the script may run.
    call = lambda method, params: c.call(method, params, timeout=LONG)
    tmp = tempfile.mkdtemp(prefix="memssa-epf-")
    lib._tmpdirs.append(tmp)
    checkpoints = differ = edits_done = refused = queries = 0
    first_bad = None
    per_func = max(EDITS // NFUNCS, 1)
    for n, (path, text, m) in enumerate(picked):
        f = Func(text, m)
        mod = "m%d" % n
        r = call("load", {"module": mod, "text": text})
        if "result" not in r:
            lib.bail("load of %s failed: %r" % (path, r))
        fresh_n = 0
        for e in range(per_func):
            insts = f.insts()
            r = rng.random()
            op = None
            if r < 0.55 and f.stores:            # insert a store
                anchor = rng.choice([i for i, t in insts if " = phi " not in t])
                t = rng.choice(f.stores)
                op = {"op": "insert", ("before" if is_term(dict(insts)[anchor]) else "after"):
                      anchor, "text": t}
            elif r < 0.7 and f.loads:            # insert a load (no users)
                anchor = rng.choice([i for i, t in insts if " = phi " not in t])
                fresh_n += 1
                t = "%%fz.%d = %s" % (fresh_n, rng.choice(f.loads))
                op = {"op": "insert", ("before" if is_term(dict(insts)[anchor]) else "after"):
                      anchor, "text": t}
            else:                                # remove a store or one of our loads
                victims = [i for i, t in insts if t.startswith("store ") or t.startswith("%fz.")]
                if not victims:
                    continue
                anchor = rng.choice(victims)
                op = {"op": "remove", "inst": anchor}
            rep = call("edit", {"module": mod, "function": f.name, "ops": [op]})
            if "result" not in rep:
                refused += 1
                continue
            edits_done += 1
            k = f.where(op.get("inst", op.get("after", op.get("before"))))
            if op["op"] == "remove":
                del f.items[k]
            else:
                new = ["inst", rep["result"]["results"][0]["inst"], op["text"]]
                f.items.insert(k + (1 if "after" in op else 0), new)
            # Queries in between: answers cached on the graph must not show.
            for _ in range(rng.randrange(3) if QUERIES else 0):
                mi = [i for i, t in f.insts() if "load " in t or t.startswith("store ")
                      or "call " in t]
                q = rng.choice(["clobber", "access", "uses", "walker"])
                queries += 1
                if q == "walker":
                    call("print", {"module": mod, "function": f.name, "walker": True})
                elif mi:
                    call(q, {"module": mod, "function": f.name, "inst": rng.choice(mi)})
            if (e + 1) % CHECK:
                continue
            checkpoints += 1
            got = call("print", {"module": mod, "function": f.name})["result"]["text"]
            src = os.path.join(tmp, "%s.%d.ll" % (mod, e))
            with open(src, "w") as out:
                out.write(f.written())
            loc = subprocess.run([lib.MEMSSA, "print", "--local", "--function", f.name, src],
                                 capture_output=True, text=True)
            if loc.returncode != 0 or canon(got) != canon(loc.stdout):
                differ += 1
                if first_bad is None:
                    first_bad = (mod, f.name, e + 1, canon(got), canon(loc.stdout) + loc.stderr)
    ok(edits_done >= EDITS * 2 // 3, "%d edits applied (%d refused), %d queries in between"
       % (edits_done, refused, queries))
    ok(checkpoints >= EDITS // CHECK - NFUNCS, "%d checkpoints" % checkpoints)
    if first_bad:
        same(first_bad[3], first_bad[4], "first differing checkpoint: %s @%s after %d edits"
             % first_bad[:3])
    is_(differ, 0, "print over the daemon equals print --local of the edited text at every "
        "checkpoint (%d of %d differ)" % (differ, checkpoints))
    ok(d.stop() == 0 and d.sanitizer_clean(), "the daemon stops cleanly", d.stderr()[-2000:])
    done()


main()
