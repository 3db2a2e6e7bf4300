#!/usr/bin/env python3
"""bench/ipa_precision.py -- how many loads of non-local memory whose walker
clobber is a call move past the call with --ipa.

Usage: bench/ipa_precision.py MEMSSA FILE.ll [FILE2.ll ...]

Runs `memssa print --local --walker` on each file alone (opt's answers) and
`memssa print --local --walker --ipa FILE...` (the program), and pairs the
loads function by function, in order. A load is of non-local memory when
its pointer is not an alloca of its function. It counts the loads whose
clobber is a call without --ipa, how many of those get another clobber
with --ipa (always one above the call: ipa answers only refine), and for
those that stay, the callee of the call (named, indirect, or library).
Prints one line of counts and the callees that keep the most loads.
"""
import collections, re, subprocess, sys

DEF = re.compile(r"^; (\d+) = MemoryDef\((\w+)\)")
PHI = re.compile(r"^; (\d+) = MemoryPhi\((.*)\)\s*$")
USE = re.compile(r"^; MemoryUse\([^)]*\)(?: \w+)? - clobbered by (\S+)")
FN = re.compile(r"^MemorySSA \(walker\) for function: (\S+)")


def parse(text):
    """per function printed, in order (a static name may repeat across
    modules): {k: [(clobber id, load line, ptr)...]}, {k: {def id: inst
    line}}, {k: allocas}, keyed by the function's position"""
    loads, defs, allocas = collections.OrderedDict(), {}, {}
    parents = {}
    fn, pending_use, pending_def = None, None, None
    for line in text.splitlines():
        m = FN.match(line)
        if m:
            fn = (len(loads), m.group(1))
            loads[fn] = []
            defs[fn] = {}
            allocas[fn] = set()
            parents[fn] = {}
            continue
        if fn is None:
            continue
        # phis and defs named anywhere on the line (LLVM 14's walker printer
        # shows phis only as "clobbered by N = MemoryPhi(...)")
        if line.startswith(";"):
            for pm in re.finditer(r"(\d+) = MemoryPhi\(([^)]*)\)", line):
                parents[fn][pm.group(1)] = re.findall(r"\{[^,]+,(\w+)\}", pm.group(2))
            for dm in re.finditer(r"(\d+) = MemoryDef\((\w+)\)", line):
                parents[fn].setdefault(dm.group(1), [dm.group(2)])
        m = PHI.match(line)
        if m:
            continue
        m = DEF.match(line)
        if m:
            pending_def = m.group(1)
            parents[fn][m.group(1)] = [m.group(2)]
            continue
        m = USE.match(line)
        if m:
            pending_use = m.group(1)
            continue
        s = line.strip()
        if not s or s.startswith(";"):
            continue
        a = re.match(r"(%[\w.$-]+) = alloca ", s)
        if a:
            allocas[fn].add(a.group(1))
        if pending_def is not None:
            defs[fn][pending_def] = s
            pending_def = None
        if pending_use is not None:
            if " = load " in s:
                ptr = re.search(r"= load (?:atomic )?(?:volatile )?[^,]+, (?:ptr|[^,]*\*) (%[\w.$-]+|@[\w.$-]+)", s)
                loads[fn].append((pending_use, s, ptr.group(1) if ptr else None))
            pending_use = None
    return loads, defs, allocas, parents


def above(parents, start, goal):
    """is goal reachable from start going up the def chain (phis: any
    operand)? None when the printouts do not name every step (a phi whose
    operands neither shows)"""
    seen, todo, blind = set(), [start], False
    while todo:
        x = todo.pop()
        if x == goal:
            return True
        if x in seen:
            continue
        seen.add(x)
        if x != "liveOnEntry" and x not in parents:
            blind = True
        todo.extend(parents.get(x, []))
    return None if blind else False


def callee(inst):
    m = re.search(r"\bcall\b[^@%]*?(@[\w.$-]+|%[\w.$-]+)\(", inst) or re.search(r"\binvoke\b[^@%]*?(@[\w.$-]+|%[\w.$-]+)\(", inst)
    if not m:
        return None
    return m.group(1) if m.group(1).startswith("@") else "(indirect)"


def main():
    memssa, files = sys.argv[1], sys.argv[2:]
    plain = ""
    for f in files:
        plain += subprocess.run([memssa, "print", "--local", "--walker", "-j1", f], capture_output=True,
                                text=True, check=True).stdout
    ipa = subprocess.run([memssa, "print", "--local", "--walker", "-j1", "--ipa"] + files, capture_output=True,
                         text=True, check=True).stdout
    pl, pd, pa, pp = parse(plain)
    il, _, _, ip = parse(ipa)
    # the graph's defs and phis are the same in both modes (only uses are
    # optimized differently): what either printout names, both have
    for fn in pp:
        for x, ps in ip.get(fn, {}).items():
            pp[fn].setdefault(x, ps)
    total = by_call = moved = elsewhere = undecided = 0
    # every answer --ipa changes must be above the plain one (a refinement)
    for fn, ls in pl.items():
        other = il.get(fn, [])
        for k, (clob, inst, ptr) in enumerate(ls):
            if k < len(other) and other[k][0] != clob:
                a = above(pp[fn], clob, other[k][0])
                elsewhere += a is False
                undecided += a is None
    stays = collections.Counter()
    for fn, ls in pl.items():
        other = il.get(fn, [])
        for k, (clob, inst, ptr) in enumerate(ls):
            if ptr is None or ptr in pa[fn]:
                continue
            total += 1
            if clob == "liveOnEntry" or clob not in pd[fn]:
                continue
            c = callee(pd[fn][clob])
            if not c or c.startswith("@llvm."):
                continue   # intrinsics are memory instructions, not calls into a body
            by_call += 1
            if k < len(other) and other[k][0] != clob:
                moved += 1
            else:
                stays[c] += 1
    print("non-local loads %d clobbered by a call %d moved with --ipa %d (%.1f%%); answers not above LLVM's: %d (%d not decided: a phi neither printout shows)" %
          (total, by_call, moved, 100.0 * moved / by_call if by_call else 0, elsewhere, undecided))
    for c, n in stays.most_common(12):
        print("  stays: %5d %s" % (n, c))


try:
    main()
except BrokenPipeError:
    pass
