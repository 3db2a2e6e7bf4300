"""daemonlib -- the shared helper of the daemon tests (tests/daemon/*.t).

A test script imports it as a plain module (`import daemonlib as lib`): Python
puts the running script's directory first on sys.path, and this file sits
beside the scripts.

  Daemon   starts a real memssad on a temporary socket (killed at exit, its
           temporary directories removed); Client speaks NDJSON to it.
  ok, is_, same, done, bail   print TAP; canon renumbers access ids;
           time_limit: the script's time limit (SIGALRM), 120 s unless changed.
  compile_example   clients/examples/update.c compiled with clang -g.

Paths come from the environment `make test` sets (MEMSSA_ROOT, MEMSSA_BUILD,
MEMSSA_BIN, MEMSSAD_BIN, MEMSSA_SHARED); the defaults work from a checkout.
"""
import atexit, json, os, re, shutil, signal, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MEMSSA_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MEMSSA_BUILD") or os.path.join(ROOT, "build")
MEMSSAD = os.environ.get("MEMSSAD_BIN") or os.path.join(BUILD, "memssad")
MEMSSA = os.environ.get("MEMSSA_BIN") or os.path.join(BUILD, "memssa")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
LUA = os.path.join(SHARED, "corpus", "real", "lua.O0.ll")

# ------------------------------------------------------------------ TAP
_n = 0
_failed = 0

def ok(cond, name, *diag):
    """One test line; on failure, the first lines of each diag item (None
    items skipped) as # comments."""
    global _n, _failed
    _n += 1
    if not cond and "# TODO" not in name:   # a TODO failure is reported, not counted
        _failed += 1
    print("%s %d - %s" % ("ok" if cond else "not ok", _n, name), flush=True)
    for d in diag if not cond else ():
        for line in str(d).splitlines()[:20] if d is not None else ():
            print("#   " + line, flush=True)
    return cond

def is_(got, exp, name):
    return ok(got == exp, name, "got:      %r\nexpected: %r" % (got, exp))

# Access ids in a printout: "; 3 = Memory...", "Memory{Def,Use}(3)" and phi
# operands "{%b,3}".
ACC = re.compile(r"(; )(\d+)( = )(?=Memory)|(Memory(?:Def|Use)\()(\d+)(\))|(\{[^,{}]+,)(\d+)(\})")


def canon(text):
    """Access ids renumbered by first appearance: printouts equal up to numbering."""
    ids = {}

    def sub(m):
        g = m.groups()
        for k in (0, 3, 6):
            if g[k] is not None:
                n = ids.setdefault(g[k + 1], str(len(ids) + 1))
                return g[k] + n + g[k + 2]
        return m.group(0)
    return ACC.sub(sub, text)


def same(got, exp, name):
    """is_ for long printouts (a string, or a sequence of items): on a
    difference, show the first differing line of each differing item."""
    if got == exp:
        return ok(True, name)
    diag = []
    seq = lambda x: (x,) if isinstance(x, str) else x
    for g, e in zip(seq(got), seq(exp)):
        if g == e:
            continue
        gl, el = str(g).splitlines(), str(e).splitlines()
        for i, (x, y) in enumerate(zip(gl, el)):
            if x != y:
                diag.append("line %d:\n got: %s\n exp: %s" % (i + 1, x, y))
                break
        else:
            diag.append("lengths %d vs %d" % (len(gl), len(el)))
    return ok(False, name, "\n".join(diag))


def done():
    print("1..%d" % _n, flush=True)
    sys.exit(1 if _failed else 0)

def bail(msg):
    print("Bail out! " + msg, flush=True)
    sys.exit(255)

# --------------------------------------------------------------- daemon
_daemons = []

_tmpdirs = []

def _cleanup():
    for d in _daemons:
        if d.p.poll() is None:
            d.p.kill()
            d.p.wait()
    for t in _tmpdirs:
        shutil.rmtree(t, ignore_errors=True)

atexit.register(_cleanup)
# A hung test must fail, not hang prove: SIGALRM ends it (atexit kills daemons).
signal.signal(signal.SIGALRM, lambda *a: (print("# timeout", flush=True), sys.exit(1)))


def time_limit(seconds):
    """The whole script may run `seconds` from now (set at import to
    $MEMSSA_TEST_TIMEOUT, default 120); a script that needs longer says so."""
    signal.alarm(int(seconds))


time_limit(os.environ.get("MEMSSA_TEST_TIMEOUT", "120"))

class Daemon:
    def __init__(self, *args, sock=True, tmp=None, env=None, wait=True, stdin=None):
        if not tmp:
            tmp = tempfile.mkdtemp(prefix="memssad-t-")
            _tmpdirs.append(tmp)
        self.tmp = tmp
        self.sock = os.path.join(self.tmp, "d.sock")
        self.errpath = os.path.join(self.tmp, "stderr-%d.log" % time.monotonic_ns())
        args = list(args)
        if not any(a in ("--cache-dir", "--no-cache") for a in args):
            # a test never shares the user's compile cache (or another test's)
            args += ["--cache-dir", os.path.join(self.tmp, "compile-cache")]
        argv = [MEMSSAD] + (["--socket", self.sock] if sock else []) + args
        e = dict(os.environ)
        e.pop("LISTEN_FDS", None)
        if env:
            e.update(env)
        self.err = open(self.errpath, "w")
        self.p = subprocess.Popen(argv, stderr=self.err, env=e, stdout=subprocess.DEVNULL,
                                  stdin=stdin if stdin is not None else subprocess.DEVNULL)
        _daemons.append(self)
        if wait and sock:
            for _ in range(1000):       # until it answers (a stale file may exist)
                try:
                    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    probe.connect(self.sock)
                    probe.close()
                    break
                except OSError:
                    probe.close()
                if self.p.poll() is not None:
                    break
                time.sleep(0.01)

    def client(self):
        return Client(self.sock)

    def stderr(self):
        if not self.err.closed:
            self.err.flush()
        with open(self.errpath) as f:
            return f.read()

    def stop(self, sig=signal.SIGTERM, timeout=30):
        if self.p.poll() is None:
            self.p.send_signal(sig)
        try:
            rc = self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = self.p.wait()
        self.err.close()
        return rc

    def sanitizer_clean(self):
        s = self.stderr()
        return not any(k in s for k in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer",
                                         "runtime error:"))


class Client:
    def __init__(self, path=None, tcp=None):
        if tcp:
            self.s = socket.create_connection(tcp)
        else:
            self.s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.s.connect(path)
        self.buf = b""
        self.next_id = 1

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.s.sendall(data)

    def line(self, timeout=30):
        self.s.settimeout(timeout)
        while b"\n" not in self.buf:
            chunk = self.s.recv(1 << 20)
            if not chunk:
                return None
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def call(self, method, params=None, **kw):
        rid = self.next_id
        self.next_id += 1
        req = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            req["params"] = params
        self.send(json.dumps(req) + "\n")
        r = self.line(**kw)
        if r is not None and r.get("id") != rid:
            raise RuntimeError("reply id %r for request %r" % (r.get("id"), rid))
        return r

    def result(self, method, params=None):
        r = self.call(method, params)
        if r is None or "result" not in r:
            raise RuntimeError("%s failed: %r" % (method, r))
        return r["result"]

    def eof(self, timeout=10):
        """True if the daemon closed the connection (after any pending lines)."""
        self.s.settimeout(timeout)
        try:
            while True:
                chunk = self.s.recv(1 << 20)
                if not chunk:
                    return True
                self.buf += chunk
        except (socket.timeout, ConnectionResetError):
            return False

    def close(self):
        self.s.close()


def compile_example(tmp):
    """clients/examples/update.c -> tmp/update.ll with clang -g -O0."""
    out = os.path.join(tmp, "update.ll")
    subprocess.run(["clang", "-g", "-O0", "-S", "-emit-llvm", "update.c", "-o", out], check=True,
                   cwd=os.path.join(ROOT, "clients", "examples"))
    return out


def private_mounts(script):
    """Runs the calling test in its own mount namespace (unshare -m, as
    root), where it may mount a tmpfs (a private /tmp, a small disk to
    fill) without touching the machine's. Re-executes `script` there and
    never returns, or returns inside it; where that cannot be done, prints
    a TAP skip plan and exits 0."""
    if os.environ.get("MEMSSA_IN_NS") == "1":
        return
    import shutil as sh
    if not (os.geteuid() == 0 and sh.which("unshare") and subprocess.run(
            ["unshare", "-m", "true"], capture_output=True).returncode == 0):
        print("1..0 # SKIP needs root and unshare -m (a private mount namespace)")
        sys.exit(0)
    os.environ["MEMSSA_IN_NS"] = "1"
    os.execvp("unshare", ["unshare", "-m", "--propagation", "private", sys.executable,
                          os.path.abspath(script)])


def mount_tmpfs(path, size):
    """A tmpfs of `size` (e.g. "16m") at path, inside private_mounts."""
    return subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s,mode=1777" % size, "tmpfs",
                           path]).returncode == 0


def chain_module(nblk):
    """@f(ptr %p, ptr %q, i1 %c): a chain of blocks b0..b{nblk-1}, each with
    a store to %p and a load %lK of %q, so edits have room."""
    out = ["define void @f(ptr %p, ptr %q, i1 %c) {", "entry:", "  br label %b0", ""]
    for i in range(nblk):
        nxt = "b%d" % (i + 1) if i + 1 < nblk else "exit"
        out += ["b%d:" % i, "  store i32 %d, ptr %%p, align 4" % i,
                "  %%l%d = load i32, ptr %%q, align 4" % i,
                "  br i1 %%c, label %%%s, label %%exit" % nxt, ""]
    out += ["exit:", "  %r = load i32, ptr %p, align 4", "  ret void", "}", ""]
    return "\n".join(out)


def free_port():
    """A TCP port on loopback that nothing listens on (now)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def slow_module(path, n, name="slow"):
    """A module whose build takes O(n*n): each of its n loads is optimized
    past the n stores to other allocas (no alias). n = 6000 builds in about
    a second."""
    lines = ["define void @%s() {" % name, "entry:"]
    lines += ["  %%a%d = alloca i32, align 4" % i for i in range(n)]
    lines += ["  store i32 %d, i32* %%a%d, align 4" % (i, i) for i in range(n)]
    lines += ["  %%v%d = load i32, i32* %%a%d, align 4" % (i, i) for i in range(n)]
    lines += ["  ret void", "}"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def err_code(r):
    return (r or {}).get("error", {}).get("code")


# `from daemonlib import lib` also works: the module itself.
lib = sys.modules[__name__]
