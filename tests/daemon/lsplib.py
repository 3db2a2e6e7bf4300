"""A small `memssa lsp` client for TAP tests: one server on a private
memssad socket, documents opened and hovered by 1-based line and column.
Every read has a time limit, so a test fails instead of hanging."""
import json, os, select, shutil, subprocess, tempfile, time

import daemonlib as lib

TIMEOUT = 60


def frame(obj):
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def uri(path):
    return "file://" + path


def pos(path, line, col):
    """1-based line and byte column -> LSP params (the fixtures are ASCII)."""
    return {"textDocument": {"uri": uri(path)},
            "position": {"line": line - 1, "character": col - 1}}


def lines(locs):
    return sorted(l["range"]["start"]["line"] + 1 for l in (locs or []))


class Conn:
    """The framing over a `memssa lsp` process's pipes; messages that are
    not the awaited reply are kept in self.seen (notifications, the
    server's own requests)."""

    def __init__(self, p):
        self.p = p
        self.buf = b""
        self.next = 0
        self.seen = []

    def write(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, method, params=None, id=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        if id is not None:
            msg["id"] = id
        self.write(frame(msg))

    def _fill(self, deadline):
        left = deadline - time.time()
        if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
            raise TimeoutError("no message from memssa lsp in time")
        chunk = os.read(self.p.stdout.fileno(), 65536)
        if not chunk:
            raise EOFError("memssa lsp closed its output")
        self.buf += chunk

    def read(self, timeout=TIMEOUT):
        deadline = time.time() + timeout
        while b"\r\n\r\n" not in self.buf:
            self._fill(deadline)
        head, rest = self.buf.split(b"\r\n\r\n", 1)
        n = [int(h.split(b":")[1]) for h in head.split(b"\r\n")
             if h.lower().startswith(b"content-length:")][0]
        while len(rest) < n:
            self._fill(deadline)
            head, rest = self.buf.split(b"\r\n\r\n", 1)
        self.buf = rest[n:]
        return json.loads(rest[:n])

    def reply(self, id):
        while True:
            m = self.read()
            if m.get("id") == id and "method" not in m:
                return m
            self.seen.append(m)

    def request(self, method, params=None):
        self.next += 1
        self.send(method, params, self.next)
        return self.reply(self.next)

    def notes(self, method):
        got = [m for m in self.seen if m.get("method") == method]
        self.seen = [m for m in self.seen if m.get("method") != method]
        return got

    def wait_note(self, method, pred=lambda m: True):
        for m in self.notes(method):
            if pred(m):
                return m
        while True:
            m = self.read()
            if m.get("method") == method and pred(m):
                return m
            self.seen.append(m)


class Lsp(Conn):
    """A server on a private memssad socket, initialized."""

    def __init__(self, *args, env=None, tmp=None):
        self.tmp = tmp or tempfile.mkdtemp(prefix="memssa-lsplib-")
        self.own_tmp = tmp is None
        self.env = env or dict(os.environ, MEMSSA_SOCKET=os.path.join(self.tmp, "memssad.sock"))
        Conn.__init__(self, subprocess.Popen([lib.MEMSSA, "lsp"] + list(args),
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             env=self.env))
        self.request("initialize", {"processId": None, "rootUri": uri(self.tmp),
                                    "capabilities": {}})
        self.send("initialized", {})

    def result(self, method, params=None):
        return self.request(method, params).get("result")

    def open(self, path, text=None):
        """didOpen; returns the diagnostics published for the file."""
        self.send("textDocument/didOpen", {"textDocument": {
            "uri": uri(path), "languageId": "c", "version": 1,
            "text": text if text is not None else open(path).read()}})
        m = self.wait_note("textDocument/publishDiagnostics",
                           lambda m: m["params"]["uri"] == uri(path))
        return m["params"]["diagnostics"]

    def hover(self, path, line, col):
        r = self.result("textDocument/hover", pos(path, line, col))
        return r["contents"]["value"] if r else ""

    def definition(self, path, line, col):
        return self.result("textDocument/definition", pos(path, line, col))

    def references(self, path, line, col, decl=False):
        return self.result("textDocument/references",
                           dict(pos(path, line, col), context={"includeDeclaration": decl}))

    def close(self):
        try:
            self.request("shutdown")
            self.send("exit")
            self.p.wait(timeout=TIMEOUT)
        except Exception:
            self.p.kill()
        subprocess.run([lib.MEMSSA, "shutdown"], env=self.env, capture_output=True,
                       timeout=TIMEOUT)
        if self.own_tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


def per_compiler(fixture, main, compilers=("clang-22", "clang-14")):
    """main(server, path) on a copy of fixture, once per installed compiler
    (the editor's first choice, and LLVM 14's), each on its own memssad;
    a timeout or a closed pipe is one failure, not a hang."""
    for cc in compilers:
        path = shutil.which(cc)
        if not path:
            lib.ok(True, "# SKIP %s not installed" % cc)
            continue
        print("# compiled by %s" % cc)
        tmp = tempfile.mkdtemp(prefix="memssa-lsplib-")
        f = os.path.join(tmp, os.path.basename(fixture))
        shutil.copy(fixture, f)
        s = Lsp("--clang", path, tmp=tmp)
        try:
            main(s, f)
        except Exception as e:
            lib.ok(False, "the session ran to its end", repr(e))
        finally:
            s.close()
            shutil.rmtree(tmp, ignore_errors=True)


def run_tap(fixture, main):
    """A TAP script's body: skipped when memssa is not built, else main on
    fixture under each compiler; returns the exit status."""
    if not os.access(lib.MEMSSA, os.X_OK):
        print("1..0 # SKIP %s not built" % lib.MEMSSA)
        return 0
    per_compiler(fixture, main)
    lib.done()
