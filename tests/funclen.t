#!/usr/bin/env python3
"""tests/funclen.t -- no production function is longer than MAX_LINES.

Scans every .c file of analysis/, common/, protocol/, server/ and clients/ (see
tests/srctree.py) with a brace matcher that skips comments, string and
character literals and preprocessor lines. A function is a `{` at file scope
whose declaration ends in `)` and has no `=` outside parentheses; its length
runs from the first line of its declaration to its closing brace, both
included. Tests:

  1. every file scans cleanly (braces and parentheses balance), so the scan
     misses no function;
  2. no function is over MAX_LINES lines; each one that is, is named.

The five longest functions are printed as # comments.

Usage: tests/funclen.t [ROOT]  (the tree to check: see tests/srctree.py)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)

MAX_LINES = 120
SHOW_LONGEST = 5
IDENT_BEFORE_PAREN = re.compile(r"([A-Za-z_]\w*)\s*$")


def function_name(header):
    """The name declared by a function header ending in ')': the identifier
    before the '(' that opens its last parameter list."""
    depth = 0
    for k in range(len(header) - 1, -1, -1):
        c = header[k]
        if c == ")":
            depth += 1
        elif c == "(":
            depth -= 1
            if depth == 0:
                m = IDENT_BEFORE_PAREN.search(header[:k])
                return m.group(1) if m else None
    return None


def is_function_header(header):
    h = header.strip()
    if not h.endswith(")"):
        return False
    depth = 0
    for c in h:
        depth += c == "("
        depth -= c == ")"
        if c == "=" and depth == 0:
            return False           # an initializer, e.g. a compound literal
    return True


def scan(text):
    """(functions, problem): functions as (name, first line, last line);
    problem is None or why the braces did not balance."""
    code = srctree.blank_directives(srctree.blank(text, literals=True))
    funcs = []
    depth = parens = 0
    line = 1
    header_start = 0               # offset where the current file-scope declaration began
    open_line = open_name = None
    for k, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "(":
            parens += 1
        elif c == ")":
            parens -= 1
            if parens < 0:
                return funcs, "line %d: unbalanced ')'" % line
        elif c == "{":
            if depth == 0:
                header = code[header_start:k]
                if is_function_header(header):
                    lead = len(header) - len(header.lstrip())
                    open_line = code.count("\n", 0, header_start + lead) + 1
                    open_name = function_name(header.strip()) or "?"
                else:
                    open_line = None
            depth += 1
        elif c == "}":
            depth -= 1
            if depth < 0:
                return funcs, "line %d: unbalanced '}'" % line
            if depth == 0:
                if open_line is not None:
                    funcs.append((open_name, open_line, line))
                open_line = None
                header_start = k + 1
        elif c == ";" and depth == 0:
            header_start = k + 1
    if depth or parens:
        return funcs, "end of file inside %s" % ("a block" if depth else "parentheses")
    return funcs, None


def main():
    top = srctree.root()
    tap = srctree.Tap()
    sources = [f for f in srctree.files(top, srctree.PRODUCTION, (".c",))]
    if not sources:
        print("1..0 # SKIP no sources under %s" % top)
        return 0
    funcs, problems = [], []
    for src in sources:
        found, problem = scan(srctree.read(top, src))
        funcs += [(last - first + 1, src, first, name) for name, first, last in found]
        if problem:
            problems.append("%s: %s" % (src, problem))
    tap.note("%s: %d functions in %d files" % (top, len(funcs), len(sources)))
    tap.ok(not problems and funcs, "every file scans cleanly (braces and parentheses balance)", problems)
    funcs.sort(key=lambda f: (-f[0], f[1], f[2]))
    tap.ok(not any(n > MAX_LINES for n, _, _, _ in funcs),
           "no production function is over %d lines" % MAX_LINES,
           ["%s:%d: %s is %d lines" % (src, first, name, n) for n, src, first, name in funcs
            if n > MAX_LINES])
    tap.note("longest %d:" % SHOW_LONGEST)
    for n, src, first, name in funcs[:SHOW_LONGEST]:
        tap.note("  %4d  %s (%s:%d)" % (n, name, src, first))
    tap.done()


if __name__ == "__main__":
    sys.exit(main())
