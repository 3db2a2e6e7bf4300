"""taplib.py -- TAP output for the Python test scripts of tests/daemon
(lsp-protocol.t, nvim-lsp.t): ok(), is_() and plan_and_status()."""
import sys

_count = 0
_failed = 0


def ok(cond, desc, *diag):
    """One test line; on failure each diag item is printed as '# ' lines."""
    global _count, _failed
    _count += 1
    print(("ok %d - %s" if cond else "not ok %d - %s") % (_count, desc))
    if not cond:
        _failed += 1
        for d in diag:
            for line in str(d).splitlines():
                print("# " + line)
    sys.stdout.flush()
    return cond


def is_(got, want, desc):
    return ok(got == want, desc, "got:  %r" % (got,), "want: %r" % (want,))


def plan_and_status():
    """Prints the plan (at the end) and returns the exit status."""
    print("1..%d" % _count)
    return 1 if _failed else 0
