#!/usr/bin/env python3
"""tests/layers.t -- the #include lines and the calls between files follow
the architecture.

Reads the #include lines of every .c and .h file of analysis/, protocol/,
server/, clients/ and bench/*.c (bench programs count as clients), and the
calls between the production files from the build's objects, and checks
one rule per TAP test:

  1. every #include "..." names a file of the tree (so the others see all);
  2. folders include only themselves and folders below them in the order
       base < ir < {reader, cfg} < alias < mssa < ipa < update < query < protocol < server
     (reader and cfg are siblings: neither includes the other; update and
     query may also include reader, for edit text and reloads); the client
     library depends on nothing, so protocol and server may use it too (one
     rule for the default socket path);
  3. an X_internal.h header is included only from its own folder;
  4. analysis/ includes neither libuv nor jansson;
  5. protocol/ does not include libuv (it reaches the daemon through the
     host interface of protocol/proto.h);
  6. no circle of includes between folders;
  7. clients include only the client library's headers, the analysis public
     headers and their own: the CLI (clients/ and its subfolders, one
     program) and bench/*.c; the client library (clients/libmemssa-client)
     includes only its own headers;
  8. no circle of files: no group of files that call each other's functions
     round (tests/file_circles.py reads the calls from the build's objects
     with nm), except the circles of ALLOWED_CIRCLES, each with its reason;
     a circle passes if its files are all in one allowed entry, so an entry
     may shrink but never grow;
  9. every entry of ALLOWED_CIRCLES is still needed: it is the smallest
     entry that holds some circle, or its files are all inside one circle
     (an inherent pair inside a larger circle still to break); so a circle
     broken, or shrunk into a smaller entry, is also taken off the list.
  10. the circle finder finds the one circle of a made-up call graph.
Rules 8 and 9 need the objects (`make` first); without them they are
skipped.

Usage: tests/layers.t [ROOT]  (the tree to check: see tests/srctree.py)

A quoted include is resolved as the compiler does: the including file's
folder first, then the -I folders of the Makefile (analysis, protocol, server,
clients).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)
import file_circles  # noqa: E402

# The circles of files allowed (rule 8), each with why it stays. The
# reader's grammar nests: constants hold types and metadata (`i32 7`,
# `metadata !3`), metadata holds typed constants (`!{i32 7}`), attributes hold
# types (byval(T), sret(T)), a function type's parameters may carry
# attributes (LLVM tolerates them there), and a getelementptr's result type
# is found by the constant value of each struct index; so the parsers of
# types, constants, metadata and attributes call each other as the text
# nests, each bounded by mssa__ll_enter.
ALLOWED_CIRCLES = (
    (("analysis/reader/ll_read_attr.c", "analysis/reader/ll_read_const.c",
      "analysis/reader/ll_read_md.c", "analysis/reader/ll_read_type.c"),
     "the grammar nests types, constants, metadata and attributes in each other"),
    (("analysis/alias/aa.c", "analysis/alias/aa_basic.c", "analysis/alias/modref.c"),
     "AA <-> BasicAA: BasicAA's alias and mod/ref answers ask the whole alias stack (aa.c) "
     "again about the operands of a phi or a select and about a call's arguments, as LLVM's "
     "BasicAA does through AAQueryInfo, and aa.c runs BasicAA first"),
)

ORDER = (("base",), ("ir",), ("reader", "cfg"), ("alias",), ("mssa",), ("ipa",), ("update",),
         ("query",), ("protocol",), ("server",))
RANK = {folder: rank for rank, group in enumerate(ORDER) for folder in group}
CLIENT_LIB = "clients/libmemssa-client"
ALSO_MAY_INCLUDE = {"update": {"reader"}, "query": {"reader"}, "protocol": {CLIENT_LIB},
                    "server": {CLIENT_LIB}}
ORDER_TEXT = " < ".join(g[0] if len(g) == 1 else "{%s}" % ", ".join(g) for g in ORDER)

INCLUDE_PATH = ("analysis", "protocol", "server", "clients")
INTERNAL_SUFFIX = "_internal.h"
LIBUV = re.compile(r"^uv(\.h$|/)")
JANSSON = re.compile(r"^jansson(_config)?\.h$")

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)


def folder_of(rel):
    """The unit the rules speak of: analysis/STAGE/x -> STAGE; protocol/x ->
    protocol; server/x -> server; the client library; the rest of clients/
    (the CLI, one program) -> clients; anything else -> its directory."""
    parts = rel.split("/")
    if parts[0] == "analysis":
        return parts[1] if len(parts) > 2 else "analysis"
    if parts[0] in ("protocol", "server"):
        return parts[0]
    if parts[0] == "clients":
        return CLIENT_LIB if rel.startswith(CLIENT_LIB + "/") else "clients"
    return os.path.dirname(rel)


def is_client(rel):
    return rel.startswith("clients/") or rel.startswith("bench/")


class Include:
    def __init__(self, src, line, system, name, target):
        self.src, self.line, self.system, self.name, self.target = src, line, system, name, target

    def where(self):
        return "%s:%d: #include %s" % (self.src, self.line,
                                      "<%s>" % self.name if self.system else '"%s"' % self.name)


def resolve(top, src, name):
    for d in (os.path.dirname(src),) + INCLUDE_PATH:
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(top, cand)):
            return cand
    return None


def scan(top):
    sources = srctree.files(top, srctree.PRODUCTION, (".c", ".h"))
    sources += [f for f in srctree.files(top, ("bench",), (".c", ".h")) if f.count("/") == 1]
    incs = []
    for src in sources:
        text = srctree.blank(srctree.read(top, src), literals=False)
        for m in INCLUDE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            system = m.group(1) == "<"
            target = None if system else resolve(top, src, m.group(2))
            incs.append(Include(src, line, system, m.group(2), target))
    return sources, incs


def order_problem(inc):
    a, b = folder_of(inc.src), folder_of(inc.target)
    if a == b or b in ALSO_MAY_INCLUDE.get(a, ()):
        return None
    if a not in RANK:
        return "%s is not in the layer order" % a
    if b not in RANK:
        return "%s includes %s, which is not in the layer order" % (a, b)
    if RANK[b] < RANK[a]:
        return None
    if RANK[b] == RANK[a]:
        return "%s and %s are siblings" % (a, b)
    return "%s is above %s" % (b, a)


def client_problem(inc):
    own, tgt = folder_of(inc.src), inc.target
    if folder_of(tgt) == own:
        return None
    if own == CLIENT_LIB:
        return "the client library includes only its own headers"
    if not tgt.endswith(".h"):
        return "includes a .c file"
    if folder_of(tgt) == CLIENT_LIB:
        return None
    if tgt.startswith("analysis/") and not tgt.endswith(INTERNAL_SUFFIX):
        return None
    return "%s is not the client library or an analysis public header" % tgt


def reachable(edge, start):
    seen, todo = {start}, [start]
    while todo:
        for b in edge.get(todo.pop(), {}):
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def find_circles(incs):
    """One circle of folders per group of folders that reach each other, as
    the list of its includes (one per edge), shortest through the group's
    first folder."""
    edge = {}
    for inc in incs:
        a, b = folder_of(inc.src), folder_of(inc.target)
        if a != b:
            edge.setdefault(a, {}).setdefault(b, inc)
    reach = {a: reachable(edge, a) for a in edge}
    circles, done = [], set()
    for start in sorted(edge):
        group = {b for b in reach[start] if start in reach.get(b, ())}
        if start in done or len(group) < 2:
            continue
        done |= group
        prev, queue, back = {start: None}, [start], None
        while back is None:          # breadth-first inside the group, back to start
            a = queue.pop(0)
            for b in sorted(edge[a]):
                if b == start:
                    back = a
                    break
                if b in group and b not in prev:
                    prev[b] = a
                    queue.append(b)
        path = [back]
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])
        hops = path[::-1] + [start]
        circles.append([edge[x][y] for x, y in zip(hops, hops[1:])])
    return circles


def allowed_entry(group):
    """The smallest entry of ALLOWED_CIRCLES that holds every file of the
    circle `group` (its index), or None."""
    fits = [(len(files), k) for k, (files, _) in enumerate(ALLOWED_CIRCLES) if set(group) <= set(files)]
    return min(fits)[1] if fits else None


def check_finder(tap):
    """Rule 10: the circle finder, on a made-up call graph, finds exactly
    its circle (so rules 8 and 9 cannot pass on a finder that finds none)."""
    edge = {"a.c": {"b.c": ["f"]}, "b.c": {"c.c": ["g"]}, "c.c": {"a.c": ["h"], "d.c": ["i"]},
            "d.c": {"e.c": ["j"]}}
    got = file_circles.components(edge)
    hops = file_circles.cycle(edge, got[0]) if got else []
    good = got == [["a.c", "b.c", "c.c"]] and hops == ["a.c", "b.c", "c.c", "a.c"]
    tap.ok(good, "the circle finder finds a made-up circle a -> b -> c -> a, and only it",
           [] if good else ["found %r, cycle %r" % (got, hops)])


def check_circles(top, tap):
    """Rules 8 and 9, from the build's objects (file_circles.py)."""
    objs, stale, _ = file_circles.objects(top, file_circles.build_dir(top))
    if not objs or stale:
        why = "no objects" if not objs else "%d objects older than their sources" % len(stale)
        for rule in ("no circle of files", "every allowed circle still exists"):
            print("ok %d - %s # SKIP %s (run make)" % (tap.n + 1, rule, why), flush=True)
            tap.n += 1
        return
    edge = file_circles.call_graph(objs)
    groups = file_circles.components(edge)
    used = {}
    for group in groups:
        used.setdefault(allowed_entry(group), []).append(group)
    for k, group in ((allowed_entry(g), g) for g in groups):
        tap.note("%s (%s)" % (file_circles.describe(edge, group)[0],
                              "not allowed" if k is None else "allowed: " + ALLOWED_CIRCLES[k][1]))
    tap.ok(None not in used, "no circle of files but the %d allowed (%d objects, %d circles)"
           % (len(ALLOWED_CIRCLES), len(objs), len(groups)),
           [line for g in used.get(None, ()) for line in file_circles.describe(edge, g)])
    gone = [k for k, (files, _) in enumerate(ALLOWED_CIRCLES)
            if k not in used and not any(set(files) <= set(g) for g in groups)]
    tap.ok(not gone, "every allowed circle still exists",
           ["no longer a circle, take it off ALLOWED_CIRCLES: %s (%s)"
            % (" ".join(ALLOWED_CIRCLES[k][0]), ALLOWED_CIRCLES[k][1]) for k in gone])


def main():
    top = srctree.root()
    tap = srctree.Tap()
    sources, incs = scan(top)
    if not sources:
        print("1..0 # SKIP no sources under %s" % top)
        return 0
    quoted = [i for i in incs if not i.system]
    found = [i for i in quoted if i.target]
    tap.note("%s: %d files, %d quoted includes; order %s" % (top, len(sources), len(quoted), ORDER_TEXT))

    tap.ok(len(found) == len(quoted), "every #include \"...\" names a file of the tree",
           [i.where() + ": no such file" for i in quoted if not i.target])

    layered = [i for i in found if not is_client(i.src)]
    bad = [(i, order_problem(i)) for i in layered]
    tap.ok(not any(p for _, p in bad), "includes follow the layer order " + ORDER_TEXT,
           ["%s: %s" % (i.where(), p) for i, p in bad if p])

    tap.ok(all(folder_of(i.src) == folder_of(i.target) for i in found if i.target.endswith(INTERNAL_SUFFIX)),
           "an *%s header is included only from its own folder" % INTERNAL_SUFFIX,
           ["%s: %s is internal to %s" % (i.where(), i.target, folder_of(i.target))
            for i in found if i.target.endswith(INTERNAL_SUFFIX) and folder_of(i.src) != folder_of(i.target)])

    def system_in(prefix, pattern):
        return [i.where() for i in incs if i.system and i.src.startswith(prefix) and pattern.search(i.name)]
    libs = system_in("analysis/", LIBUV) + system_in("analysis/", JANSSON)
    tap.ok(not libs, "analysis/ includes neither libuv nor jansson", libs)
    uv = system_in("protocol/", LIBUV)
    tap.ok(not uv, "protocol/ does not include libuv", uv)

    circles = find_circles(found)
    tap.ok(not circles, "no circle of includes between folders",
           [" -> ".join([folder_of(c[0].src)] + [folder_of(i.target) for i in c]) + "  (" +
            "; ".join(i.where() for i in c) + ")" for c in circles])

    bad = [(i, client_problem(i)) for i in found if is_client(i.src)]
    tap.ok(not any(p for _, p in bad),
           "clients include only the client library and the analysis public headers",
           ["%s: %s" % (i.where(), p) for i, p in bad if p])

    check_circles(top, tap)
    check_finder(tap)
    tap.done()


if __name__ == "__main__":
    sys.exit(main())
