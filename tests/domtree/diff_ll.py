#!/usr/bin/env python3
"""
diff_ll.py -- compares our dominator trees and phi placement on real
modules with LLVM 14's opt.

    diff_ll.py DUMP_BINARY FILE.ll... [--opt OPT]

Runs `opt -passes='print<memoryssa>,print<domtree>' -disable-output FILE.ll`
and, per function, takes
  * the dominator tree printout (DFS numbers valid: print<memoryssa>'s IDF
    calculator validated them on the cached tree), and
  * the blocks holding a MemoryDef, and the MemoryPhi blocks in phi-ID order,
then runs `DUMP_BINARY --dump-ll FILE.ll DEFS` with those def blocks and
compares the tree line for line and the IDF with the phi order. The def
blocks come from opt, so this checks mssa_cfg_from_func + the tree + the IDF
on real control flow independently of which instructions become defs.
Prints "matched N/M functions in K files"; exit status 0 iff all matched.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

LABEL = re.compile(r'^("(?:[^"\\]|\\.)*"|[-\w.$]+):')


def parse_opt(text):
    funcs = {}
    cur = None
    mode = None
    block = None
    for line in text.splitlines():
        m = re.match(r"MemorySSA for function: (.+)$", line)
        if m:
            cur = m.group(1)
            funcs.setdefault(cur, {"defs": [], "phis": [], "tree": []})
            mode, block = "mssa", None
            continue
        m = re.match(r"DominatorTree for function: (.+)$", line)
        if m:
            cur = m.group(1)
            funcs.setdefault(cur, {"defs": [], "phis": [], "tree": []})
            mode = "dt"
            continue
        if cur is None:
            continue
        if mode == "mssa":
            m = LABEL.match(line)
            if m:
                block = m.group(1)
                continue
            m = re.match(r"; (\d+) = MemoryDef\(", line)
            if m:
                d = funcs[cur]["defs"]
                if not d or d[-1] != block:
                    d.append(block)
                continue
            m = re.match(r"; (\d+) = MemoryPhi\(", line)
            if m:
                funcs[cur]["phis"].append((int(m.group(1)), block))
        elif mode == "dt":
            if re.match(r"^\s+\[\d+\] ", line):
                funcs[cur]["tree"].append(line.rstrip())
    for f in funcs.values():
        # Lines before the first label belong to the (unlabelled) entry.
        root = None
        if f["tree"]:
            root = re.match(r"\s+\[\d+\] %(\S+)", f["tree"][0]).group(1)
        f["defs"] = [root if b is None else b for b in f["defs"]]
        f["phis"] = [root if b is None else b for _, b in sorted(f["phis"])]
    return funcs


def parse_dump(text):
    out = {}
    cur = None
    for line in text.splitlines():
        if line.startswith("FUNC "):
            cur = line[5:]
            out[cur] = {"tree": [], "phis": []}
        elif line.startswith("PHIS"):
            out[cur]["phis"] = line.split()[1:]
        elif line.strip():
            out[cur]["tree"].append(line.rstrip())
    return out


def check_file(dump, ll, opt):
    """Returns (matched, total) for one module, printing mismatches."""
    p = subprocess.run([opt, "-passes=print<memoryssa>,print<domtree>",
                        "-disable-output", ll], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if p.returncode:
        print("opt failed on %s:\n%s" % (ll, p.stdout[:2000]))
        return None
    exp = parse_opt(p.stdout)
    with tempfile.NamedTemporaryFile("w", suffix=".defs", delete=False) as fh:
        for name, f in exp.items():
            fh.write("%s\t%s\n" % (name, " ".join(x.strip('"') for x in f["defs"])))
        defpath = fh.name
    q = subprocess.run([dump, "--dump-ll", ll, defpath], stdout=subprocess.PIPE,
                       universal_newlines=True)
    os.unlink(defpath)
    if q.returncode:
        print("dump failed on %s (status %d)" % (ll, q.returncode))
        return None
    got = parse_dump(q.stdout)
    total = matched = 0
    for name, f in exp.items():
        total += 1
        g = got.get(name)
        phis = [x.strip('"') for x in f["phis"]]
        if g and g["tree"] == f["tree"] and g["phis"] == phis:
            matched += 1
            continue
        print("MISMATCH %s in %s" % (name, ll))
        if g and g["tree"] != f["tree"]:
            for i, (x, y) in enumerate(zip(f["tree"], g["tree"])):
                if x != y:
                    print("  tree line %d: opt %r ours %r" % (i, x, y))
                    break
            else:
                print("  tree lengths: opt %d ours %d" % (len(f["tree"]), len(g["tree"])))
        if g:
            print("  phis opt : %s\n  phis ours: %s" % (phis, g["phis"]))
    return matched, total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dump")
    ap.add_argument("ll", nargs="+")
    ap.add_argument("--opt", default=os.environ.get("OPT", "opt"))
    a = ap.parse_args()
    matched = total = 0
    failed = False
    for ll in a.ll:
        r = check_file(a.dump, ll, a.opt)
        if r is None:
            failed = True
            continue
        matched += r[0]
        total += r[1]
    print("matched %d/%d functions in %d files" % (matched, total, len(a.ll)))
    return 0 if matched == total and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
