#!/usr/bin/env python3
# Code lenses and inlay hints never make the editor wait (issue 28, "Never
# wait"; clients/lsp/lsp_lens.c), checked through `memssa lsp` with the
# server's own counters (workspace/executeCommand memssa.stats) and the
# order of its replies, never with a clock:
#   - a second lens request of the same module generation is served from
#     the cache (no line asked of memssad again), a save (a new generation)
#     asks again, and so does a request while unsaved edits moved lines
#     (the cache is used again once the buffer is the compiled text);
#   - a range-limited request returns, and computes, only the lines in it;
#   - a hover sent right behind a lens request of a large file is answered
#     before the lens; a lens request cancelled before it ran is answered
#     with RequestCancelled.
# Both requests of a pair go in one write, so the server has both before it
# starts: the order of the replies depends on the server alone.
import os, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, is_ = lib.ok, lib.is_
SAMPLE = os.path.join(lib.ROOT, "tests", "fixtures", "nvim", "sample.c")
GEN = os.path.join(lib.ROOT, "bench", "gen_editor_c.py")
lib.time_limit(600)


def doc(path):
    return {"textDocument": {"uri": lsplib.uri(path)}}


def lens_lines(r):
    return [l["range"]["start"]["line"] + 1 for l in r]


def stats(s):
    return s.result("workspace/executeCommand", {"command": "memssa.stats", "arguments": []})


def req(s, id, method, params):
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def cache_and_range(s, sample):
    s.open(sample)
    st0 = stats(s)
    is_((st0["lens_lines_computed"], st0["lens_lines_cached"]), (0, 0), "nothing computed on open")
    # only the range asked: lines 24-27 (0-based 23-26) of the fresh generation
    r = s.result("textDocument/codeLens", dict(doc(sample), range={
        "start": {"line": 23, "character": 0}, "end": {"line": 26, "character": 0}}))
    is_(lens_lines(r), [24, 25, 26], "a lens range of lines 24-27: the lenses of lines 24, 25, 26")
    st1 = stats(s)
    is_(st1["lens_lines_computed"], 3, "and only those three lines were asked of memssad")
    first = s.result("textDocument/codeLens", doc(sample))
    st2 = stats(s)
    ok("total ← 22, 24" in dict(zip(lens_lines(first), [l["command"]["title"] for l in first])).get(24, ""),
       "the whole file's lenses: line 24 is total ← 22, 24", first)
    is_(st2["lens_lines_cached"] - st1["lens_lines_cached"], 3,
        "the whole-file request took the range's three lines from the cache")
    n = st2["lens_lines_computed"] - st1["lens_lines_computed"]
    ok(n > 0 and n + 3 == len(first), "and computed the others once each (%d)" % n, st2)
    again = s.result("textDocument/codeLens", doc(sample))
    st3 = stats(s)
    is_(again, first, "a second lens request: the same answer")
    is_(st3["lens_lines_computed"], st2["lens_lines_computed"],
        "served from the cache: no line asked of memssad again")
    is_(st3["lens_lines_cached"] - st2["lens_lines_cached"], len(first), "every line from the cache")
    hints = s.result("textDocument/inlayHint", dict(doc(sample), range={
        "start": {"line": 39, "character": 0}, "end": {"line": 41, "character": 0}}))
    is_([(h["position"]["line"] + 1, h["label"]) for h in hints], [(40, "x ← param"), (41, "y ← 40")],
        "inlay hints of lines 40-42, from the same cache")
    is_(stats(s)["lens_lines_computed"], st3["lens_lines_computed"], "no line computed for them")
    s.send("textDocument/didSave", doc(sample))   # a new generation
    s.result("textDocument/codeLens", doc(sample))
    st4 = stats(s)
    is_(st4["lens_lines_computed"] - st3["lens_lines_computed"], len(first),
        "after a save (a new module generation) every line is asked again")
    # unsaved edits that move lines: computed for the request, not kept
    text = open(sample).read()
    change = lambda t, v: s.send("textDocument/didChange", {"textDocument": {
        "uri": lsplib.uri(sample), "version": v}, "contentChanges": [{"text": t}]})
    change("/* one more line */\n" + text, 2)
    moved = s.result("textDocument/codeLens", doc(sample))
    st5 = stats(s)
    is_(lens_lines(moved), [l + 1 for l in lens_lines(first)],
        "a line added on top (unsaved): every lens one line down")
    is_(st5["lens_lines_computed"] - st4["lens_lines_computed"], len(first),
        "computed for that request (the cache names the compiled text's lines)")
    change(text, 3)   # back to the text compiled: the cache holds again
    back = s.result("textDocument/codeLens", doc(sample))
    is_((back, stats(s)["lens_lines_computed"]), (first, st5["lens_lines_computed"]),
        "the edit undone: the cached lenses again, nothing computed")


def hover_first(s, big):
    s.open(big)
    hov = lsplib.pos(big, 1, 1)
    # the first load line of the file, for a hover with an answer
    lines = lens_lines(s.result("textDocument/codeLens", dict(doc(big), range={
        "start": {"line": 0, "character": 0}, "end": {"line": 60, "character": 0}})))
    ok(lines, "the generated file has lenses in its first 60 lines", lines)
    hov = lsplib.pos(big, lines[0] if lines else 1, 1)
    s.write(lsplib.frame(req(s, 901, "textDocument/codeLens", doc(big))) +
            lsplib.frame(req(s, 902, "textDocument/hover", hov)))
    order = []
    while len(order) < 2:
        m = s.read(timeout=300)
        if m.get("id") in (901, 902) and "method" not in m:
            order.append((m["id"], m))
        else:
            s.seen.append(m)
    is_([i for i, _ in order], [902, 901], "a hover sent right behind a lens request is answered first")
    h, l = order[0][1].get("result"), order[1][1].get("result") or []
    want = "line %d" % (lines[0] if lines else 0)
    ok(h and want in h["contents"]["value"], "the hover has its answer (about %s)" % want, h)
    ok(len(l) > 100, "the lens reply is the whole file's (%d lenses)" % len(l))
    # a lens request cancelled before its first chunk ran
    s.write(lsplib.frame(req(s, 903, "textDocument/inlayHint", dict(doc(big), range={
        "start": {"line": 0, "character": 0}, "end": {"line": 100000, "character": 0}}))) +
        lsplib.frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 903}}))
    r = s.reply(903)
    is_((r.get("error") or {}).get("code"), -32800, "a cancelled inlay-hint request: RequestCancelled")
    is_(stats(s)["lens_jobs"], 0, "no job is left queued")


def main():
    if not os.access(lib.MEMSSA, os.X_OK):
        print("1..0 # SKIP %s not built" % lib.MEMSSA)
        return 0
    cc = shutil.which("clang-22") or shutil.which("clang-19") or shutil.which("clang")
    tmp = tempfile.mkdtemp(prefix="memssa-lens-")
    sample = os.path.join(tmp, "sample.c")
    shutil.copy(SAMPLE, sample)
    big = os.path.join(tmp, "big.c")
    subprocess.run([sys.executable, GEN, big, "3000"], check=True)
    s = lsplib.Lsp("--clang", cc, tmp=tmp)
    try:
        cache_and_range(s, sample)
        hover_first(s, big)
    except Exception as e:
        ok(False, "the session ran to its end", repr(e))
    finally:
        s.close()
        shutil.rmtree(tmp, ignore_errors=True)
    lib.done()


sys.exit(main())
