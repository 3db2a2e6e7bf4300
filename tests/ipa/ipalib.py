"""tests/ipa/ipalib.py -- what the tests of tests/ipa share: where the CLI
and the fixtures are, and TAP output (ok, done)."""
import os
import sys

ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("MEMSSA_BIN") or os.path.join(ROOT, "build", "memssa")
FIX = os.path.join(ROOT, "tests", "fixtures", "ipa")

_state = {"n": 0, "failed": 0}


def ok(cond, name, why=""):
    _state["n"] += 1
    if not cond:
        _state["failed"] += 1
    print("%sok %d - %s" % ("" if cond else "not ", _state["n"], name))
    if not cond and why:
        for line in str(why).splitlines()[:20]:
            print("# " + line)
    sys.stdout.flush()
    return cond


def done():
    print("1..%d" % _state["n"])
    sys.exit(1 if _state["failed"] else 0)
