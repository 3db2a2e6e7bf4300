#!/usr/bin/env python3
# writers / readers latency (docs/protocol.md): every struct member of a
# module (as its DWARF names them), asked both ways, through a memssad on a
# private socket; the first query builds the module's members' index.
# Reports the index build and p50 / p99 / max of the queries, client side
# (request sent to reply parsed), and one global's writers.
#
#   bench/refs.py [MODULE.ll]   (default ../shared/corpus/real/lua.O2.ll)
#
# Environment: MEMSSAD_BIN / MEMSSA_BUILD as tests/daemon/daemonlib.py.
import os, re, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "daemon"))
from daemonlib import Daemon  # noqa: E402

ll_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    HERE, "..", "..", "shared", "corpus", "real", "lua.O2.ll")
ll = open(ll_path).read()
names = {m.group(1): m.group(2) for m in re.finditer(
    r'^!(\d+) = (?:distinct )?!DICompositeType\(tag: DW_TAG_structure_type, name: "(\w+)"', ll, re.M)}
fields = sorted(set((names[m.group(2)], m.group(1)) for m in re.finditer(
    r'DW_TAG_member, name: "(\w+)", scope: !(\d+)', ll) if m.group(2) in names))
d = Daemon()
c = d.client()
c.result("load", {"module": "m", "path": ll_path})


def timed(method, params):
    t = time.perf_counter()
    r = c.result(method, params)
    return (time.perf_counter() - t) * 1000, r


first, _ = timed("writers", {"field": "struct %s.%s" % fields[0], "limit": 1})
ts = sorted(timed(m, {"field": "struct %s.%s" % f, "limit": 200})[0]
            for f in fields for m in ("writers", "readers"))
print("%s: %d members; first query (index build) %.0f ms; %d queries: p50 %.2f, "
      "p99 %.2f, max %.2f ms" % (os.path.basename(ll_path), len(fields), first, len(ts),
                                 ts[len(ts) // 2], ts[int(len(ts) * 0.99)], ts[-1]))
g = re.search(r"^@([A-Za-z_][\w.]*) = (?:dso_local |internal |external |local_unnamed_addr )*global", ll, re.M)
if g:
    ms, r = timed("writers", {"global": g.group(1), "limit": 200})
    print("writers of global %s: %d references, %.1f ms" % (g.group(1), r["total"], ms))
d.stop()
