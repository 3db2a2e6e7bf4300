# The daemon tests' shared helpers (Daemon, Client, ok, is_, done, ...), for
# the tests in this folder: `from daemonlib import lib`. They live in the
# protocol test, which is also a test of its own; this finds it wherever the
# tests/ layout puts it.
import importlib.machinery, os

_here = os.path.dirname(os.path.abspath(__file__))
for _p in ("protocol.t", "daemon-protocol.t", os.path.join("..", "daemon-protocol.t")):
    if os.path.exists(os.path.join(_here, _p)):
        lib = importlib.machinery.SourceFileLoader(
            "daemon_protocol", os.path.join(_here, _p)).load_module()
        break
else:
    raise ImportError("no daemon test helper library next to " + _here)
