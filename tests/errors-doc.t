#!/usr/bin/env python3
# docs/protocol.md documents exactly the JSON-RPC error codes and data.reason
# words of protocol/errors.h (its two X-macro tables): a code or reason
# added to one and not the other fails here, and so does a default reason
# the code's row does not name.
#
# Usage: tests/errors-doc.t [ROOT]  (the tree to check: see tests/srctree.py)
import os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import srctree  # noqa: E402  (found beside this script)

ROOT = srctree.root()
tap = srctree.Tap()


def ok(cond, name, diag=None):
    return tap.ok(cond, name, [str(diag)] if diag and not cond else [])


hdr = open(os.path.join(ROOT, "protocol", "errors.h")).read()
# Only the table macros: the rows are the lines that start with X(.
def table(name):
    lines = hdr.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith("#define %s(X)" % name)), None)
    body = []
    for l in lines[start:] if start is not None else []:
        body.append(l)
        if not l.rstrip().endswith("\\"):
            break
    body = re.sub(r"/\*.*?\*/", "", "\n".join(body), flags=re.S)
    return re.findall(r"X\(([^)]*)\)", body), body.count("X(")


rows, nx = table("MSSA_RPC_ERROR_TABLE")
codes = {}
for r in rows:
    f = [x.strip() for x in r.split(",", 3)]
    codes[int(f[1])] = (f[0], f[2].strip('"'), None if f[3] == "NULL" else f[3].strip('"'))
ok(len(codes) == nx and nx >= 10, "errors.h: %d codes read from MSSA_RPC_ERROR_TABLE" % nx)
rrows, nr = table("MSSA_RPC_REASON_TABLE")
reasons = {}
for r in rrows:
    f = [x.strip() for x in r.split(",")]
    reasons[f[1].strip('"')] = f[2]
ok(len(reasons) == nr and nr >= 1, "errors.h: %d reasons read from MSSA_RPC_REASON_TABLE" % nr)
names = {v[0]: k for k, v in codes.items()}
ok(all(c in names for c in reasons.values()), "every reason belongs to a code of the table",
   {w: c for w, c in reasons.items() if c not in names})

doc = open(os.path.join(ROOT, "docs", "protocol.md")).read()
sec = doc.split("\n## Errors", 1)[1].split("\n## ", 1)[0] if "\n## Errors" in doc else ""
ok(sec != "", "docs/protocol.md has an Errors section")
drows = {}
for line in sec.splitlines():
    m = re.match(r"\|\s*(-\d+)\s*\|(.*)$", line)
    if m:
        drows[int(m.group(1))] = m.group(2)
dreasons = {}
for line in sec.splitlines():
    m = re.match(r"\|\s*`([a-z_]+)`\s*\|\s*(-\d+)\s*\|", line)
    if m:
        dreasons[m.group(1)] = int(m.group(2))

missing = sorted(set(codes) - set(drows))
extra = sorted(set(drows) - set(codes))
ok(not missing, "every code of errors.h is documented", missing)
ok(not extra, "the docs list no code errors.h does not define", extra)
for code, (name, msg, reason) in sorted(codes.items()):
    if reason:
        ok(reason in drows.get(code, ""), "the row of %d names its default reason %s" % (code, reason))
missing = sorted(set(reasons) - set(dreasons))
extra = sorted(set(dreasons) - set(reasons))
ok(not missing, "every reason of errors.h is documented", missing)
ok(not extra, "the docs list no reason errors.h does not define", extra)
wrong = {w: c for w, c in dreasons.items() if w in reasons and names.get(reasons[w]) != c}
ok(not wrong, "each documented reason is under its code", wrong)
tap.done()
