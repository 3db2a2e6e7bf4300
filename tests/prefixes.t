#!/usr/bin/env python3
"""tests/prefixes.t -- one prefix per library, read from the objects the
build made (nm), so no name can slip past it.

  1. every global name (function or data) that a production object defines
     starts with its library's prefix (PREFIXES; `main` aside in the two
     programs): analysis/, common/ and protocol/ define `mssa_` names
     (`mssa__` internal), the daemon's server/ `mssad_`, the CLI `mssa_`,
     and the installed client library `memssa_` (`memssa__` internal);
     names the toolchain fixes (FIXED_NAMES, each with its reason) aside;
  2. the installed header (memssa-client.h) names no `mssa_` / `MSSA_`
     identifier outside comments: what a compiler including it sees is
     the client library's prefix only.
Rule 1 needs the objects (`make` first); without them it is skipped.

Usage: tests/prefixes.t [ROOT]  (the tree to check: see tests/srctree.py)
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)
import file_circles  # noqa: E402

CLIENT_LIB = "clients/libmemssa-client/"
CLIENT_HDR = CLIENT_LIB + "memssa-client.h"
# The first matching folder prefix of a source names its library's prefix.
PREFIXES = (
    (CLIENT_LIB, "memssa_"),
    ("analysis/", "mssa_"),
    ("common/", "mssa_"),
    ("protocol/", "mssa_"),
    ("server/", "mssad_"),
    ("clients/", "mssa_"),
)
PROGRAMS = ("server/main.c", "clients/memssa.c")   # where `main` is defined
# Names the toolchain fixes, with why: they cannot carry a prefix.
FIXED_NAMES = {
    ("server/oom_free.c", "__wrap_free"): "the linker's --wrap=free sends free() here",
}
# Defined globals: text, data, bss, read-only, weak (nm -P types).
GLOBAL = re.compile(r"^[TDBRVWGS]$")
MSSA_NAME = re.compile(r"\b(mssa_|MSSA_)[A-Za-z0-9_]*")


def prefix_of(src):
    return next(p for folder, p in PREFIXES if src.startswith(folder))


def defined(objs):
    by_obj = {obj: src for src, obj in objs.items()}
    out = subprocess.run(["nm", "-P", "-A", "-g", "--defined-only"] + sorted(by_obj),
                         check=True, capture_output=True, text=True).stdout
    names = {src: set() for src in objs}
    for line in out.splitlines():
        head, _, rest = line.partition(": ")
        parts = rest.split()
        if head in by_obj and len(parts) >= 2 and GLOBAL.match(parts[1]):
            names[by_obj[head]].add(parts[0])
    return names


def main():
    top = srctree.root()
    tap = srctree.Tap()
    objs, stale, _ = file_circles.objects(top, file_circles.build_dir(top))
    if not objs or stale:
        why = "no objects" if not objs else "%d objects older than their sources" % len(stale)
        print("ok 1 - one prefix per library # SKIP %s (run make)" % why, flush=True)
        tap.n += 1
    else:
        bad, count = [], {}
        for src, names in sorted(defined(objs).items()):
            want = prefix_of(src)
            for name in sorted(names):
                # ASan's ODR indicators name the global they guard
                name = name[len("__odr_asan."):] if name.startswith("__odr_asan.") else name
                if (name == "main" and src in PROGRAMS) or (src, name) in FIXED_NAMES:
                    continue
                count[want] = count.get(want, 0) + 1
                if not name.startswith(want):
                    bad.append("%s defines %s, not a %s name" % (src, name, want))
        tap.ok(not bad, "one prefix per library (%s)" % ", ".join(
            "%d %s" % (n, p) for p, n in sorted(count.items())), bad)
    text = srctree.blank(srctree.read(top, CLIENT_HDR), literals=True)
    leaks = ["%s:%d: %s" % (CLIENT_HDR, text.count("\n", 0, m.start()) + 1, m.group(0))
             for m in MSSA_NAME.finditer(text)]
    tap.ok(not leaks, "the installed header names only memssa_ / MEMSSA_ identifiers", leaks)
    tap.done()


if __name__ == "__main__":
    sys.exit(main())
