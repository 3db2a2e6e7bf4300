#!/usr/bin/env python3
"""tests/asserts.t -- the numbered invariants of the analysis are checked
where the code runs, not only stated.

A file opens with its invariants, numbered ("**   1. ..."); base/check.h's
MSSA_ASSERT and MSSA_EXPENSIVE_ASSERT (and assert) check them. This test
counts those checks in the code (comments, string literals and preprocessor
lines do not count: check.h's own #defines are not checks) and holds every
folder to them:

  1. per folder of analysis/, and for protocol/, server/ and common/ (the
     daemon's layers and the compile driver, OUTSIDE), asserts per 1000
     lines of its .c and .h files is at least MIN_DENSITY; a folder of
     DENSITY_TODO is below it still (its entry says why) and its test is a
     TAP TODO, so it does not fail the run; once it reaches the minimum,
     prove reports the TODO as passed and the entry should go. The table of
     every folder is printed as # comments.
  2. no file of analysis/ states numbered invariants and checks none of
     them: each such file holds a check, or (a header) its companion does:
     the .c file of its folder named after it (X.h: X.c or *_X.c), where
     what it declares is implemented. The files of FILES_TODO do not yet
     (each printed, with why); an entry whose file now holds a check, or
     states no invariants any more, is flagged, so the list only shrinks;
     so is one in reader/, ir/ or cfg/, whose files all check theirs.

Usage: tests/asserts.t [ROOT]  (the tree to check: see tests/srctree.py)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)

MIN_DENSITY = 5.0          # asserts per 1000 lines, per analysis/ folder
SHOWN = ("analysis", "common", "protocol", "server")
# Folders outside analysis/ held to MIN_DENSITY too (rule 1).
OUTSIDE = ("common", "protocol", "server")

# Folders still below MIN_DENSITY, with why (rule 1: TAP TODO).
LEAD = "(issue 26, item 1: the lead fills it)"
DENSITY_TODO = {
}

# Files of analysis/ that state numbered invariants and check none of them
# yet (rule 2), with why. Outside reader/, ir/ and cfg/ only.
LATER = "invariants stated, none checked yet (issue 26, item 1: the lead fills them)"
FILES_TODO = {
    "analysis/alias/alias_internal.h": LATER,
    "analysis/base/check.h": "its invariant is a rule for checks (no side effects), not a state to assert",
    "analysis/mssa/mssa.h": LATER,
    "analysis/mssa/mssa_print_attrs.c": LATER,
    "analysis/mssa/mssa_print_canon.c": LATER,
}

# Folders whose files may not be on FILES_TODO.
CHECKED = ("analysis/reader", "analysis/ir", "analysis/cfg")

CHECK = re.compile(r"\b(MSSA_ASSERT|MSSA_EXPENSIVE_ASSERT|assert)\s*\(")
NUMBERED = re.compile(r"^\*\*\s+1\.\s", re.M)


def checks_in(text):
    """How many checks the code of `text` holds."""
    code = srctree.blank_directives(srctree.blank(text, literals=True))
    return len(CHECK.findall(code))


def states_invariants(text):
    """Does the file's opening comment number invariants ("**   1. ...")?"""
    start = text.find("/*")
    if start < 0:
        return False
    end = text.find("*/", start)
    return bool(NUMBERED.search(text[start:end if end >= 0 else len(text)]))


def folder_of(rel):
    parts = rel.split("/")
    return "/".join(parts[:2]) if parts[0] == "analysis" and len(parts) > 2 else parts[0]


def companions(rel, names):
    """The .c files of a header's folder that implement it: X.c, *_X.c."""
    if not rel.endswith(".h"):
        return []
    d, stem = os.path.dirname(rel), os.path.basename(rel)[:-2]
    return [n for n in names if os.path.dirname(n) == d and n.endswith(".c") and
            (os.path.basename(n) == stem + ".c" or os.path.basename(n).endswith("_" + stem + ".c"))]


def main():
    top = srctree.root()
    rels = srctree.files(top, SHOWN, (".c", ".h"))
    text = {rel: srctree.read(top, rel) for rel in rels}
    count = {rel: checks_in(text[rel]) for rel in rels}
    tap = srctree.Tap()

    # 1. density per folder
    lines, checks = {}, {}
    for rel in rels:
        f = folder_of(rel)
        lines[f] = lines.get(f, 0) + text[rel].count("\n")
        checks[f] = checks.get(f, 0) + count[rel]
    tap.note("%-20s %7s %7s %8s" % ("folder", "lines", "asserts", "per 1000"))
    density = {}
    for f in sorted(lines):
        density[f] = 1000.0 * checks[f] / lines[f] if lines[f] else 0.0
        tap.note("%-20s %7d %7d %8.1f" % (f, lines[f], checks[f], density[f]))
    held = [d for d in lines if d.startswith("analysis/") or d in OUTSIDE]
    for f in sorted(held):
        name = f.split("/")[1] if f.startswith("analysis/") else f
        tap.ok(density[f] >= MIN_DENSITY,
               "%s: %.1f asserts per 1000 lines (at least %.0f)" % (f, density[f], MIN_DENSITY),
               ["%s: %d asserts in %d lines" % (f, checks[f], lines[f])],
               todo=DENSITY_TODO.get(name))
    stale = sorted(k for k in DENSITY_TODO if "analysis/" + k not in lines and k not in OUTSIDE)
    tap.ok(not stale, "every DENSITY_TODO entry names a folder of analysis/ or of OUTSIDE",
           ["no folder analysis/%s, and not one of %s" % (k, " ".join(OUTSIDE)) for k in stale])

    # 2. files that state numbered invariants check some of them
    names = [r for r in rels if r.startswith("analysis/")]
    stating = [r for r in names if states_invariants(text[r])]
    unchecked = [r for r in stating if count[r] == 0 and not any(count[c] for c in companions(r, names))]
    for rel in sorted(FILES_TODO):
        tap.note("TODO %s: %s" % (rel, FILES_TODO[rel]))
    tap.ok(all(r in FILES_TODO for r in unchecked),
           "every file of analysis/ that numbers invariants checks some (%d files, %d on the TODO list)"
           % (len(stating), len(FILES_TODO)),
           ["%s: numbered invariants, no MSSA_ASSERT/MSSA_EXPENSIVE_ASSERT/assert%s" %
            (r, " (nor in %s)" % ", ".join(companions(r, names)) if companions(r, names) else "")
            for r in unchecked if r not in FILES_TODO])
    done = sorted(r for r in FILES_TODO if r not in unchecked or folder_of(r) in CHECKED)
    tap.ok(not done, "every FILES_TODO entry is still needed",
           ["%s: %s; take it off the list" %
            (r, "no such file" if r not in text else
             "in a folder whose files all check their invariants" if folder_of(r) in CHECKED else
             "checks its invariants now" if r in stating else "states no numbered invariants")
            for r in done])
    tap.done()


if __name__ == "__main__":
    main()
