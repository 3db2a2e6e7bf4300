#!/usr/bin/env python3
# The judged set: loads and stores of C of our own (tests/fixtures/judged)
# and of Lua's sources (../shared/corpus/lua-src, read in place), each
# judged by reading the C: the lines whose writes can reach it, the lines
# that must not be listed (no C path brings them), and its name. Every case
# is asked through `memssa lsp` as Neovim asks (hover), compiled as the
# editor compiles it (clang-22 first). The cases are
# tests/fixtures/judged/cases.jsonl, one JSON object a line:
#   file, line, col    the position ("lua:NAME" for Lua's sources)
#   name               the C expression the hover must name
#   reach              lines (and "entry": before the function, "param":
#                      a parameter's incoming value) that must be listed
#   not                lines (or "entry") that must not be
#   says / never       text the hover must / must not hold
#   cat, item          its kind (param, local, field, global, call, cleanup,
#                      header, list) and the item of issue 28 it covers
#   todo               why memssa does not hold it yet (a TODO test)
# The last lines report the figures: cases held, by kind, and listed
# writes that a C path cannot bring (the `not` lines that were listed).
import json, os, re, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, done = lib.ok, lib.done
JUDGED = os.path.join(lib.ROOT, "tests", "fixtures", "judged")
LUA = os.path.join(lib.ROOT, "..", "shared", "corpus", "lua-src")
lib.time_limit(600)


def sections(text):
    """{name: [listed items]} of a hover: each access's name and the lines
    (ints), "entry" and "param" its list holds."""
    out = []
    for part in text.split("\n---\n"):
        m = re.search(r"\*\*(?:read of|write to) (`+) ?(.*?) ?\1\*\*", part)
        if not m:
            continue
        got = set()
        for ln in part.splitlines():
            if ln.startswith("- line ") or re.match(r"- \S+:\d", ln):
                got.add(int(re.match(r"- (?:line |\S+:)(\d+)", ln).group(1)))
            elif re.match(r"- \d+ calls to", ln):
                got.update(int(x) for x in re.findall(r"\d+", ln.split("at lines", 1)[1]))
            elif ln.startswith("- the value the parameter"):
                got.add("param")
            elif ln.startswith("- before `"):
                got.add("entry")
        out.append((m.group(2), got, part))
    return out


def path_of(tmp, case):
    f = case["file"]
    return os.path.join(LUA, f[4:]) if f.startswith("lua:") else os.path.join(tmp, f)


def judge(s, tmp, case, opened, tally):
    path = os.path.realpath(path_of(tmp, case))
    if path not in opened:
        diags = s.open(path)
        opened.add(path)
        errs = [d for d in diags if d.get("severity") == 1]
        if errs:
            print("# %s: %s" % (case["file"], errs[0]["message"]))
    text = s.hover(path, case["line"], case["col"])
    secs = [x for x in sections(text) if x[0] == case["name"]]
    got = secs[0][1] if secs else set()
    part = secs[0][2] if secs else text
    missing = [x for x in case["reach"] if x not in got]
    wrong = [x for x in case.get("not", []) if x in got]
    bad = []
    if case.get("says") and case["says"] not in part:
        bad.append("does not say %r" % case["says"])
    if case.get("never") and case["never"] in part:
        bad.append("says %r" % case["never"])
    held = bool(secs) and not missing and not wrong and not bad
    why = []
    if not secs:
        why.append("no access named `%s`" % case["name"])
    if missing:
        why.append("missing %s" % missing)
    if wrong:
        why.append("lists %s" % wrong)
    why += bad
    desc = "%s:%d:%d `%s` (%s)" % (case["file"], case["line"], case["col"], case["name"],
                                   case["cat"])
    if case.get("todo"):
        desc += " # TODO " + case["todo"]
    ok(held, desc, "; ".join(why), text)
    t = tally.setdefault(case["cat"], [0, 0])
    t[0] += held
    t[1] += 1
    tally["_unreachable_listed"] = tally.get("_unreachable_listed", 0) + len(wrong)


def main(s, tmp):
    for d in ("unit",):
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
    for root, _, files in os.walk(JUDGED):
        for f in files:
            if f.endswith((".c", ".h")):
                rel = os.path.relpath(os.path.join(root, f), JUDGED)
                shutil.copy(os.path.join(root, f), os.path.join(tmp, rel))
    cases = [json.loads(l) for l in open(os.path.join(JUDGED, "cases.jsonl")) if l.strip()]
    tally, opened = {}, set()
    for c in cases:
        if c["file"].startswith("lua:") and not os.path.isdir(LUA):
            ok(True, "# SKIP %s: no ../shared/corpus/lua-src" % c["file"])
            continue
        judge(s, tmp, c, opened, tally)
    held = sum(v[0] for k, v in tally.items() if not k.startswith("_"))
    total = sum(v[1] for k, v in tally.items() if not k.startswith("_"))
    print("# judged set: %d of %d cases hold (%.1f%%)" % (held, total, 100.0 * held / max(total, 1)))
    for k in sorted(x for x in tally if not x.startswith("_")):
        print("#   %-8s %d/%d" % (k, tally[k][0], tally[k][1]))
    print("# listed writes that no C path brings: %d" % tally.get("_unreachable_listed", 0))
    for k in ("param", "local"):
        if k in tally:
            ok(tally[k][0] == tally[k][1], "every %s case holds (%d/%d)" % ((k,) + tuple(tally[k])))


def run():
    if not os.access(lib.MEMSSA, os.X_OK):
        print("1..0 # SKIP %s not built" % lib.MEMSSA)
        return 0
    tmp = tempfile.mkdtemp(prefix="memssa-judged-")
    s = lsplib.Lsp(tmp=tmp)
    try:
        main(s, tmp)
    except Exception as e:   # a timeout or a closed pipe: one failure, not a hang
        ok(False, "the session ran to its end", repr(e))
    finally:
        s.close()
        shutil.rmtree(tmp, ignore_errors=True)
    done()


sys.exit(run())
