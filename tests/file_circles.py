#!/usr/bin/env python3
"""file_circles -- the circles of files of the production code, from the
objects the build made (tests/layers.t's rule 8 and its allow-list).

File A depends on file B when A calls a function that B defines: A's object
has an undefined symbol (nm type U) that B's object defines as a global
function (T or W). Symbols are exact where #include lines are not: a header
shared by two files says nothing of which way the calls go, and a static
helper or an inlined call adds no edge. A circle of files is a group of two
or more files that all reach each other (a strongly connected component);
each is printed with one shortest cycle through it, call by call.

Invariants:
  1. Only objects of production sources present in the tree count
     (srctree.PRODUCTION); a stale object of a removed file adds nothing.
  2. A symbol defined by several objects (only `main`: the CLI's and the
     daemon's) is no edge: no file calls main.
  3. The output is sorted (files, circles, calls), so two runs on one build
     print the same lines.

Usage: tests/file_circles.py [ROOT]  prints the circles of ROOT's build
(ROOT/build, or $MEMSSA_BUILD) and exits 1 if there are any; tests/layers.t
holds them to its allow-list.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)

DEFINES = ("T", "W")


def build_dir(top):
    """The build to read: $MEMSSA_BUILD when it is this tree's (make test
    sets it), else TOP/build."""
    env = os.environ.get("MEMSSA_BUILD")
    if env and os.environ.get("MEMSSA_ROOT") and os.path.samefile(os.environ["MEMSSA_ROOT"], top):
        return env
    return os.path.join(top, "build")


def objects(top, build):
    """({source: its object} for every production .c with an up-to-date
    object, the sources whose object is older than the file, the sources
    with none: not built by `make all`, such as clients/examples/update.c)."""
    have, stale, unbuilt = {}, [], []
    for src in srctree.files(top, srctree.PRODUCTION, (".c",)):
        obj = os.path.join(build, "obj", src[:-2] + ".o")
        if not os.path.isfile(obj):
            unbuilt.append(src)
        elif os.path.getmtime(obj) < os.path.getmtime(os.path.join(top, src)):
            stale.append(src)
        else:
            have[src] = obj
    return have, stale, unbuilt


def symbols(objs):
    """{source: (defined global functions, undefined symbols)} of the
    objects objs ({source: object}), from one run of nm over all of them."""
    by_obj = {obj: src for src, obj in objs.items()}
    out = subprocess.run(["nm", "-P", "-A"] + sorted(by_obj), check=True, capture_output=True,
                         text=True).stdout
    syms = {src: (set(), set()) for src in objs}
    for line in out.splitlines():
        head, _, rest = line.partition(": ")   # "OBJECT: NAME TYPE VALUE SIZE"
        parts = rest.split()
        if head not in by_obj or len(parts) < 2:
            continue
        defined, undefined = syms[by_obj[head]]
        if parts[1] in DEFINES:
            defined.add(parts[0])
        elif parts[1] == "U":
            undefined.add(parts[0])
    return syms


def call_graph(objs):
    """{A: {B: sorted functions of B that A calls}} over the sources objs."""
    syms = symbols(objs)
    home = {}
    for src, (defined, _) in sorted(syms.items()):
        for name in defined:
            home.setdefault(name, []).append(src)
    edge = {}
    for src, (_, undefined) in sorted(syms.items()):
        for name in sorted(undefined):
            where = home.get(name, ())
            if len(where) == 1 and where[0] != src:
                edge.setdefault(src, {}).setdefault(where[0], []).append(name)
    return edge


def components(edge):
    """The strongly connected components of two or more files, each a sorted
    list, the list sorted (Tarjan's algorithm, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    nodes = sorted(set(edge) | {b for a in edge for b in edge[a]})
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edge.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            a, it = work[-1]
            b = next(it, None)
            if b is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[a])
                if low[a] == index[a]:
                    group = []
                    while True:
                        x = stack.pop()
                        on.discard(x)
                        group.append(x)
                        if x == a:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
            elif b not in index:
                index[b] = low[b] = len(index)
                stack.append(b)
                on.add(b)
                work.append((b, iter(sorted(edge.get(b, {})))))
            elif b in on:
                low[a] = min(low[a], index[b])
    return sorted(out)


def cycle(edge, group):
    """One shortest cycle through the group's first file, as its files
    (breadth-first inside the group)."""
    start, members = group[0], set(group)
    prev, queue = {start: None}, [start]
    while queue:
        a = queue.pop(0)
        for b in sorted(edge.get(a, {})):
            if b == start:
                path = [a]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return path[::-1] + [start]
            if b in members and b not in prev:
                prev[b] = a
                queue.append(b)
    return [start]


def describe(edge, group):
    """The lines that show one circle: its files, then each call of one
    cycle through it (the first function of B that A calls)."""
    hops = cycle(edge, group)
    lines = ["circle of %d files: %s" % (len(group), " ".join(group))]
    for a, b in zip(hops, hops[1:]):
        calls = edge[a][b]
        more = " (+%d more)" % (len(calls) - 1) if len(calls) > 1 else ""
        lines.append("    %s -> %s: calls %s%s" % (a, b, calls[0], more))
    return lines


def main():
    top = srctree.root()
    objs, stale, _ = objects(top, build_dir(top))
    if stale or not objs:
        print("objects older than their sources, or none (run make): %s" % " ".join(stale[:5]))
        return 2
    edge = call_graph(objs)
    groups = components(edge)
    for group in groups:
        print("\n".join(describe(edge, group)))
    print("%d files, %d circles" % (len(objs), len(groups)))
    return 1 if groups else 0


if __name__ == "__main__":
    sys.exit(main())
