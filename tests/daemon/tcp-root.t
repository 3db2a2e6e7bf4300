#!/usr/bin/env python3
# Over TCP only the holder of the token gets in, and reads only what it may:
# --listen without --token-file is refused even on loopback (unless
# --insecure-no-token); TCP clients load files only under --root (none at
# all without it: "outside_root", whether the file exists or not, symlinks
# followed), and no error echoes a byte of a file they could not open. Unix
# socket clients (the daemon's own user) are not confined.
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemonlib import lib  # noqa: E402
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client
free_port = lib.free_port

SUM = os.path.join(lib.ROOT, "examples", "sum.ll")
SECRET = "secret_identifier_4711"


def tcp_client(port, proc, token=None):
    for _ in range(500):
        try:
            c = Client(tcp=("127.0.0.1", port))
            if token:
                c.send(token + "\n")
            return c
        except OSError:
            if proc.poll() is not None:
                return None
            lib.time.sleep(0.01)
    return None


def refusal(r):
    e = (r or {}).get("error", {})
    return e.get("code"), e.get("data", {}).get("reason")


def main():
    port = free_port()
    d = Daemon("--listen", "127.0.0.1:%d" % port, sock=False, wait=False)
    rc = d.p.wait(10)
    ok(rc != 0 and "--token-file" in d.stderr() and "--insecure-no-token" in d.stderr(),
       "--listen on loopback without a token is refused, naming both ways out", d.stderr())

    d = Daemon("--listen", "127.0.0.1:%d" % port, "--insecure-no-token")
    c = tcp_client(port, d.p)
    r = c.call("load", {"path": SUM})
    is_(refusal(r), (-32011, "outside_root"), "without --root a TCP client loads no file")
    r = c.call("load", {"module": "t", "text": open(SUM).read()})
    ok(r and "result" in r, "but may send the text", r)
    u = d.client()
    ok("result" in u.call("load", {"module": "u", "path": SUM}),
       "a Unix socket client loads any path")
    is_(d.stop(), 0, "clean stop")

    # --root, with a token
    root = os.path.join(d.tmp, "root")
    os.mkdir(root)
    with open(os.path.join(root, "sum.ll"), "w") as f:
        f.write(open(SUM).read())
    outside = os.path.join(d.tmp, "private.ll")
    with open(outside, "w") as f:
        f.write(SECRET + " = global i32 0\n")
    with open(os.path.join(d.tmp, "bad.ll"), "w") as f:
        f.write("not ir " + SECRET + "\n")
    os.symlink(outside, os.path.join(root, "link.ll"))
    tok = os.path.join(d.tmp, "token")
    with open(tok, "w") as f:
        f.write("s3cret\n")
    port = free_port()
    d = Daemon("--listen", "127.0.0.1:%d" % port, "--token-file", tok, "--root", root, tmp=d.tmp)
    c = tcp_client(port, d.p, token="s3cret")
    r = c.call("load", {"path": os.path.join(root, "sum.ll")})
    ok(r and "result" in r, "a file under --root loads over TCP", r)
    for what, path in (("a file outside", outside),
                       ("a path through ..", os.path.join(root, "..", "private.ll")),
                       ("a symlink out of the root", os.path.join(root, "link.ll")),
                       ("a missing file outside", os.path.join(d.tmp, "nothing.ll")),
                       ("a file that is not IR, outside", os.path.join(d.tmp, "bad.ll")),
                       ("/etc/passwd", "/etc/passwd")):
        r = c.call("load", {"path": path})
        is_(refusal(r), (-32011, "outside_root"), "%s: outside_root" % what)
        ok(SECRET not in str(r) and "root:x" not in str(r), "... and nothing of it echoed", r)
    r1 = c.call("load", {"path": outside})
    r2 = c.call("load", {"path": os.path.join(d.tmp, "nothing.ll")})
    is_(r1["error"]["message"].replace(outside, "P"),
        r2["error"]["message"].replace(os.path.join(d.tmp, "nothing.ll"), "P"),
        "an existing and a missing file outside get the same words")
    u = d.client()
    r = u.call("load", {"path": os.path.join(d.tmp, "bad.ll")})
    ok(r and r["error"]["code"] == -32010, "over the Unix socket the same file is read (IR error)",
       r)
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
