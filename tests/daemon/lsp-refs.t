#!/usr/bin/env python3
# The reads and writes of a global or a struct field through `memssa lsp`
# (clients/lsp/lsp_refs.c): textDocument/references, $memssa/references
# with each entry's kind, textDocument/documentHighlight with Read (2) and
# Write (3), on tests/fixtures/refs/refs.c compiled by the server (clang-22
# and clang-14); a local keeps the per-write answer (the loads it feeds).
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemonlib import ROOT, is_, ok  # noqa: E402
from lsplib import lines, pos, run_tap  # noqa: E402


def kinds(r):
    return ["%d:%s" % (x["line"], x["kind"]) for x in r["references"]]


def main(s, f):
    s.open(f)
    # `counter = 0;` in reset (line 20): the global counter
    is_(lines(s.references(f, 20, 3)), [16, 16, 20, 25, 34],
        "references of counter: the load and store of line 16, line 20, 25, and *s on 34")
    r = s.result("$memssa/references", pos(f, 20, 3))
    is_(r["target"], {"kind": "global", "name": "counter"}, "$memssa/references: the target")
    is_(kinds(r), ["16:write", "16:read", "20:write", "25:read", "34:write", "58:call"],
        "each with its kind (line 16: the store's column 11, `=`, before the load's 13)")
    is_([x["function"] for x in r["references"]], ["bump", "bump", "reset", "peek", "set_b", "via_call"],
        "and its function")
    is_(r["references"][5].get("callee"), "ext", "the call names its callee")
    is_(r["truncated"], False, "not truncated")
    ok(all(x["uri"].endswith("/refs.c") for x in r["references"]), "all in refs.c")
    # `d->flags = 2;` (line 33, col 6 is `flags`)
    r = s.result("$memssa/references", pos(f, 33, 6))
    is_((r["target"] or {}).get("type"), "struct client", "a field access: struct client")
    is_(kinds(r), ["29:write", "33:write", "38:read"],
        "client.flags: written through c and d, read in get_flags; server.flags not listed")
    is_(lines(s.references(f, 38, 13)), [29, 33, 38], "textDocument/references on a field read")
    h = s.result("textDocument/documentHighlight", pos(f, 29, 6))
    is_(sorted((x["range"]["start"]["line"] + 1, x["kind"]) for x in h),
        [(29, 3), (33, 3), (38, 2)], "documentHighlight: Write 3 on 29 and 33, Read 2 on 38")
    h = s.result("textDocument/documentHighlight", pos(f, 34, 6))
    is_(sorted((x["range"]["start"]["line"] + 1, x["kind"]) for x in h), [(34, 3)],
        "server.flags: its one write")
    # a local: no reads/writes list; references keep the per-write answer
    r = s.result("$memssa/references", pos(f, 29, 3))
    is_((r["target"], r["references"]), (None, []), "the local c: no target")


sys.exit(run_tap(os.path.join(ROOT, "tests/fixtures/refs/refs.c"), main))
