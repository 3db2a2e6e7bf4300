#!/usr/bin/env python3
"""
diff_opt.py -- differential check of analysis/domtree.c + idf.c against
LLVM 14's opt.

For each round it generates random CFGs as functions of one .ll file (blocks
b0..b{n-1}, b0 the entry, a store in each "defining" block), runs

    opt -passes='print<memoryssa>,print<domtree>' -disable-output

(print<memoryssa> runs the IDF calculator, which calls updateDFSNumbers on
the cached DominatorTree, so the following print<domtree> shows valid DFS
numbers), and compares with `test_domtree --dump` fed the same graphs:
  * the dominator tree printout, line for line (order of children, levels,
    DFS in/out numbers);
  * the MemoryPhi blocks sorted by phi ID (= IDF order).

Usage: diff_opt.py DUMP_BINARY [--rounds R] [--per-file K] [--seed S]
                   [--opt OPT] [--keep DIR]
Exit status 0 iff every graph matched; prints a summary line
"matched N/M graphs". Needs python3 and opt (LLVM 14).
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile


def gen_graph(rng):
    """Returns (n, edges, defs). Node 0 is the entry and never a target
    (LLVM's entry block may not have predecessors)."""
    style = rng.choice(["random", "random", "sparse", "dense", "structured",
                        "ladder", "loops", "big", "wide", "tangle"])
    n = rng.choice([2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 45, 80, 150])
    if style == "big":
        n = rng.randint(200, 600) if rng.random() < 0.8 else rng.randint(1000, 3000)
        style = rng.choice(["random", "sparse", "structured", "loops"])
    succ = [[] for _ in range(n)]
    if style in ("random", "sparse", "dense"):
        for v in range(n):
            if style == "sparse":
                k = rng.choice([0, 1, 1, 1, 2, 2])
            elif style == "dense":
                k = rng.choice([1, 2, 2, 3, 4, 5])
            else:
                k = rng.choice([0, 1, 1, 2, 2, 2, 3, 4])
            if n == 1:
                k = 0
            for _ in range(k):
                if rng.random() < 0.6 and v + 1 < n:
                    # forward-ish edge keeps most nodes reachable
                    s = rng.randint(v + 1, min(n - 1, v + 4))
                else:
                    s = rng.randint(1, n - 1)
                succ[v].append(s)
            if rng.random() < 0.15 and succ[v]:
                succ[v].append(rng.choice(succ[v]))  # duplicate edge
            if rng.random() < 0.1:
                succ[v].reverse()
    elif style == "structured":
        # chain with random backedges (loops) and forward skips
        for v in range(n - 1):
            succ[v].append(v + 1)
            if v > 0 and rng.random() < 0.35:
                succ[v].append(rng.randint(1, v))  # backedge / self loop
            if rng.random() < 0.25 and v + 2 < n:
                succ[v].append(rng.randint(v + 2, n - 1))
            rng.shuffle(succ[v])
    elif style == "loops":
        # reducible nests: open loops at random, each closing with a backedge
        # to its header and optional breaks to the block after the loop
        open_hdrs = []
        for v in range(n - 1):
            succ[v].append(v + 1)
            if v > 0 and rng.random() < 0.3:
                open_hdrs.append(v)
            if open_hdrs and rng.random() < 0.3:
                h = open_hdrs.pop()
                succ[v].append(h)
            elif open_hdrs and rng.random() < 0.15:
                succ[v].append(rng.choice(open_hdrs))  # continue to an outer header
            if rng.random() < 0.1 and v + 2 < n:
                succ[v].append(rng.randint(v + 2, min(n - 1, v + 10)))  # break
            if rng.random() < 0.5:
                succ[v].reverse()
    elif style == "wide":
        # a few huge switches (with duplicate cases) into a shared pool
        n = max(n, 8)
        succ = [[] for _ in range(n)]
        for v in range(n):
            if rng.random() < 0.3:
                succ[v] = [rng.randint(1, n - 1) for _ in range(rng.randint(3, 60))]
            elif v + 1 < n:
                succ[v] = [v + 1] if rng.random() < 0.7 else [rng.randint(1, n - 1)]
    elif style == "tangle":
        # chain plus many random edges in both directions: nested irreducible
        # regions with multi-entry cycles
        for v in range(n - 1):
            succ[v].append(v + 1)
            for _ in range(rng.randint(0, 3)):
                succ[v].append(rng.randint(1, n - 1))
            rng.shuffle(succ[v])
    else:  # ladder: two parallel chains with cross edges
        for v in range(n):
            for s in (v + 1, v + 2):
                if s < n and rng.random() < 0.7:
                    succ[v].append(s)
            if v > 1 and rng.random() < 0.2:
                succ[v].append(rng.randint(1, v))
            rng.shuffle(succ[v])
    edges = [(v, s) for v in range(n) for s in succ[v]]
    p = rng.choice([0.1, 0.25, 0.4, 0.6])
    defs = [v for v in range(n) if rng.random() < p]
    return n, succ, edges, defs


def emit_func(name, n, succ, defs):
    out = ["define void @%s(i1 %%c, i32 %%x, i32* %%p) {" % name]
    defset = set(defs)
    for v in range(n):
        out.append("b%d:" % v)
        if v in defset:
            out.append("  store i32 %d, i32* %%p" % v)
        s = succ[v]
        if len(s) == 0:
            out.append("  ret void")
        elif len(s) == 1:
            out.append("  br label %%b%d" % s[0])
        elif len(s) == 2:
            out.append("  br i1 %%c, label %%b%d, label %%b%d" % (s[0], s[1]))
        else:
            cases = " ".join("i32 %d, label %%b%d" % (i, t) for i, t in enumerate(s[1:]))
            out.append("  switch i32 %%x, label %%b%d [ %s ]" % (s[0], cases))
    out.append("}")
    return "\n".join(out) + "\n"


def parse_opt(text):
    """Returns {func: (tree_lines, phi_blocks)}."""
    res = {}
    phis = {}
    cur = None
    block = None
    tree = None
    for line in text.splitlines():
        m = re.match(r"MemorySSA for function: (\S+)", line)
        if m:
            cur = m.group(1)
            phis[cur] = []
            block = None
            continue
        m = re.match(r"DominatorTree for function: (\S+)", line)
        if m:
            cur = m.group(1)
            tree = []
            res[cur] = tree
            continue
        m = re.match(r"^(b\d+):", line)
        if m:
            block = m.group(1)
            continue
        m = re.match(r"; (\d+) = MemoryPhi\(", line)
        if m:
            phis[cur].append((int(m.group(1)), block))
            continue
        if re.match(r"^\s+\[\d+\] %", line) and tree is not None:
            tree.append(line.rstrip())
    out = {}
    for f, tr in res.items():
        out[f] = (tr, [b for _, b in sorted(phis.get(f, []))])
    return out


def parse_dump(text):
    out = {}
    cur = None
    for line in text.splitlines():
        if line.startswith("GRAPH "):
            cur = line.split()[1]
            out[cur] = ([], [])
        elif line.startswith("PHIS"):
            out[cur][1].extend(line.split()[1:])
        elif line.strip():
            out[cur][0].append(line.rstrip())
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--per-file", type=int, default=100)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--opt", default=os.environ.get("OPT", "opt"))
    ap.add_argument("--keep", default=None)
    a = ap.parse_args()
    seed = a.seed if a.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    total = matched = 0
    tmp = a.keep or tempfile.mkdtemp(prefix="dtdiff")
    for r in range(a.rounds):
        ll = []
        dump_in = []
        graphs = {}
        for k in range(a.per_file):
            name = "f%d_%d" % (r, k)
            n, succ, edges, defs = gen_graph(rng)
            graphs[name] = (n, edges, defs)
            ll.append(emit_func(name, n, succ, defs))
            dump_in.append("G %s %d 0 %d" % (name, n, len(edges)))
            dump_in.append(" ".join("%d %d" % e for e in edges))
            dump_in.append("D %d %s" % (len(defs), " ".join(map(str, defs))))
        path = os.path.join(tmp, "r%d.ll" % r)
        with open(path, "w") as fh:
            fh.write("\n".join(ll))
        p = subprocess.run([a.opt, "-passes=print<memoryssa>,print<domtree>",
                            "-disable-output", path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode != 0:
            print("opt failed on %s:\n%s" % (path, p.stdout[:2000]))
            return 2
        exp = parse_opt(p.stdout)
        q = subprocess.run([a.dump, "--dump"], input="\n".join(dump_in) + "\n",
                           stdout=subprocess.PIPE, universal_newlines=True)
        if q.returncode != 0:
            print("dump failed (status %d)" % q.returncode)
            return 2
        got = parse_dump(q.stdout)
        for name in graphs:
            total += 1
            if exp.get(name) == got.get(name):
                matched += 1
            else:
                n, edges, defs = graphs[name]
                print("MISMATCH %s (seed %d): n=%d edges=%s defs=%s" %
                      (name, seed, n, edges, defs))
                print("  opt : %s" % (exp.get(name),))
                print("  ours: %s" % (got.get(name),))
    print("matched %d/%d graphs (seed %d)" % (matched, total, seed))
    return 0 if matched == total else 1


if __name__ == "__main__":
    sys.exit(main())
