"""srctree -- what the source-tree checks (tests/layers.t, tests/funclen.t)
share: which tree to check, its files, a C lexer, and TAP output.

The tree is the first command-line argument, else $MEMSSA_ROOT (set by
`make test`), else the checkout this file is in; so a check can be pointed at
a scratch copy: `tests/layers.t /tmp/copy`.

Invariants:
  1. blank() keeps every newline and the length of every line, so a line
     number or column in its output is one in the file.
  2. Files are listed in sorted order, so the output is the same on every
     machine.
"""
import os
import sys

# Production code: what the checks hold to the rules (tests/ and bench/ are not).
PRODUCTION = ("analysis", "common", "protocol", "server", "clients")


def root():
    if len(sys.argv) > 1:
        return os.path.abspath(sys.argv[1])
    return os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def files(top, folders, exts):
    """Paths relative to top of the files under folders (recursively) whose
    names end in one of exts, sorted."""
    out = []
    for folder in folders:
        for d, subdirs, names in os.walk(os.path.join(top, folder)):
            subdirs[:] = sorted(s for s in subdirs if not s.startswith("."))
            out += [os.path.relpath(os.path.join(d, n), top) for n in names if n.endswith(exts)]
    return sorted(out)


def read(top, rel):
    with open(os.path.join(top, rel), encoding="utf-8", errors="replace") as f:
        return f.read()


def blank(text, literals):
    """text with every comment replaced by spaces and, if literals, the
    contents of every string and character literal too (quotes kept)."""
    out = list(text)
    i, n = 0, len(text)

    def wipe(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            wipe(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            wipe(i, j)
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if literals:
                wipe(i + 1, min(j, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


def blank_directives(text):
    """text with every preprocessor directive line (and its backslash
    continuations) replaced by spaces; run on blank()'s output."""
    lines = text.split("\n")
    cont = False
    for k, line in enumerate(lines):
        if cont or line.lstrip().startswith("#"):
            cont = line.endswith("\\")
            lines[k] = " " * len(line)
    return "\n".join(lines)


class Tap:
    """One TAP stream: ok() per rule, with the offending lines as diagnostics."""

    MAX_DIAG = 60   # lines of diagnostics per failed rule, then a count

    def __init__(self):
        self.n = 0
        self.failed = 0

    def ok(self, cond, name, problems=(), todo=None):
        """One test; with `todo` (the reason) a TAP TODO test, which does
        not fail the run (its name says what is missing; no diagnostics)."""
        self.n += 1
        self.failed += 0 if cond or todo else 1
        print("%s %d - %s%s" % ("ok" if cond else "not ok", self.n, name,
                                " # TODO " + todo if todo else ""), flush=True)
        problems = list(problems) if not cond and not todo else []
        for p in problems[:self.MAX_DIAG]:     # on stderr: prove shows it
            print("#   " + p, file=sys.stderr, flush=True)
        if len(problems) > self.MAX_DIAG:
            print("#   ... and %d more" % (len(problems) - self.MAX_DIAG), file=sys.stderr, flush=True)
        return cond

    @staticmethod
    def note(msg):
        print("# " + msg, flush=True)

    def done(self):
        print("1..%d" % self.n, flush=True)
        sys.exit(1 if self.failed else 0)
