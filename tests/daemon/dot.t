#!/usr/bin/env python3
# Pictures: `memssa dot MODULE FUNCTION --svg` (print format "dot" through
# Graphviz's dot -Tsvg) on tests/fixtures/reach/sample.ll's `sum`: the SVG
# has a cluster per block, a node per access, the CFG edges, def-use chains
# solid (phi operands labelled with their block) and walker answers dashed.
import os, shutil, subprocess
import xml.etree.ElementTree as ET

from daemonlib import MEMSSA, MEMSSAD, ROOT, Daemon, bail, done, err_code, is_, ok

SVG = "{http://www.w3.org/2000/svg}"


def svg_graph(text):
    """(node and cluster titles, {edge title: (dashed, [labels])}) of an SVG."""
    nodes, edges = set(), {}
    for g in ET.fromstring(text).iter(SVG + "g"):
        title = g.find(SVG + "title")
        if g.get("class") in ("node", "cluster"):
            nodes.add(title.text)
        elif g.get("class") == "edge":
            path = g.find(SVG + "path")
            edges[title.text] = (path.get("stroke-dasharray") is not None,
                                 [t.text for t in g.findall(SVG + "text")])
    return nodes, edges


def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    if not shutil.which("dot"):
        print("1..0 # SKIP Graphviz's dot is not installed (make deps)")
        return
    d = Daemon()
    c = d.client()
    c.result("load", {"module": "s", "path": os.path.join(ROOT, "tests/fixtures/reach/sample.ll")})
    text = c.result("print", {"module": "s", "function": "sum", "format": "dot"})["text"]
    ok(text.startswith('digraph "sum" {'), "print format dot gives a digraph")
    is_(err_code(c.call("print", {"module": "s", "format": "png"})), -32602, "an unknown format is refused")

    env = dict(os.environ, MEMSSA_SOCKET=d.sock)
    out = subprocess.run([MEMSSA, "dot", "s", "sum", "--svg"], env=env, capture_output=True,
                         text=True, timeout=60)
    ok(out.returncode == 0 and "<svg" in out.stdout, "memssa dot s sum --svg renders", out.stderr)
    nodes, edges = svg_graph(out.stdout)
    ok({"cluster_2", "cluster_9", "cluster_15", "cluster_23"} <= nodes, "a cluster per block",
       sorted(nodes))
    ok({"d0", "d4", "d6", "d9", "d12", "u17", "u28"} <= nodes,
       "nodes: liveOnEntry d0, `total = 0` d4, the loop phi d12, loads u17, u28", sorted(nodes))
    is_(edges.get("b2->b9"), (False, []), "a CFG edge between block headers")
    is_(edges.get("d6->d12"), (False, ["%2"]), "phi operand from the entry block, solid, labelled %2")
    is_(edges.get("d9->d12"), (False, ["%23"]), "phi operand around the loop (%23)")
    is_(edges.get("d12->u17"), (False, []), "def-use chain: the phi defines the load of i (u17)")
    is_(edges.get("d12->d9"), (True, []), "a walker answer that differs from the defining access: dashed")
    ok(all(dash for k, (dash, _) in edges.items() if k == "d0->d2"), "d0->d2 (walker) dashed")
    out = subprocess.run([MEMSSA, "dot", "s"], env=env, capture_output=True, text=True, timeout=60)
    ok(out.returncode == 2 and "usage" in out.stderr, "memssa dot needs MODULE FUNCTION")
    done()


main()
