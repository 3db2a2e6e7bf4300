#!/usr/bin/env python3
# Paths that C does not have, in the editor's answers (the source view,
# docs/editor.md) on tests/fixtures/judged/paths.c, compiled by clang-22
# and clang-14 as the editor compiles it:
#   - clang's cleanup dispatch (a switch on the slot an early `return`
#     stores into) takes only the edge the stored constant selects: the
#     read of *p after the loop lists h(l), never g(0) or `*p = 7;` made
#     just before a `return`;
#   - the module view (memssad's clobber without "view", what print and
#     the offload queries answer) still lists them: every CFG path of the IR;
#   - "(around the loop)" marks only writes that reach through a back edge
#     of a loop the access is in, not an inner loop's writes earlier in the
#     same iteration.
import os, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
FIXTURE = os.path.join(lib.ROOT, "tests", "fixtures", "judged", "paths.c")
lib.time_limit(300)


def module_view(s, f, line, col, view=None):
    """The lines of memssad's reaching writes at line:col, and their paths."""
    c = lib.Client(s.env["MEMSSA_SOCKET"])
    p = {"module": f, "file": f, "line": line, "col": col}
    if view:
        p["view"] = view
    r = c.result("clobber", p)
    c.close()
    out = {}
    for m in r["matches"]:
        for w in m.get("reaching", []):
            if "source" in w:
                out.setdefault(w["source"]["line"], set()).add(w["path"])
    return out


def main(s, f):
    is_(s.open(f), [], "paths.c compiles without errors")
    h = s.hover(f, 13, 10)
    ok("read of `*p`" in h and "- line 7: `h(l);` — a call to `h`" in h and "line 9" not in h
       and "`g`" not in h, "after the loop, *p: h(l) may write it, g(0) before `return 1` cannot", h)
    is_(lsplib.lines(s.definition(f, 13, 10)), [7], "definition of *p after the loop: line 7 only")
    mv = module_view(s, f, 13, 10)
    ok(7 in mv and 9 in mv, "the module view still lists g(0) (line 9): every CFG path", mv)
    sv = module_view(s, f, 13, 10, "source")
    ok(7 in sv and 9 not in sv, "clobber with view \"source\": line 7, not line 9", sv)
    c = lib.Client(s.env["MEMSSA_SOCKET"])
    r = c.call("clobber", {"module": f, "file": f, "line": 13, "col": 10, "view": "c"})
    c.close()
    is_(r.get("error", {}).get("code"), -32602, "an unknown view: invalid params")
    h = s.hover(f, 24, 10)
    ok("read of `*p`" in h and "- line 22: `h(l);`" in h and "line 19" not in h,
       "`*p = 7;` just before `return 2;` does not reach `return *p;`", h)
    ok(19 in module_view(s, f, 24, 10), "the module view lists `*p = 7;` (line 19)")
    refs = lsplib.lines(s.references(f, 19, 10))
    ok(24 not in refs, "references of `*p = 7;`: not the read after the loop", refs)
    h = s.hover(f, 31, 7)
    ok("- line 30: `s += a[j];` — writes `s`\n" in h, "an inner loop's write earlier in the "
       "iteration: not around the loop", h)
    ok("- line 32: `s = s * 2;` — writes `s` (around the loop)" in h,
       "a write after the access in the outer loop: around the loop", h)
    ok("- line 27: `int s = 0;` — writes `s`\n" in h, "the initial store: straight", h)


sys.exit(lsplib.run_tap(FIXTURE, main))
