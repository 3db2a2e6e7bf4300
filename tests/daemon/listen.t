#!/usr/bin/env python3
# Where memssad listens: the Unix socket's mode (0600), stale and live
# sockets, a non-socket in the way, TCP loopback-only unless --allow-remote
# (which needs a token), the token handshake, --stdio, systemd socket
# activation (LISTEN_FDS), the connection limit, and `memssa daemon`.
import json, os, socket, stat, subprocess, tempfile, time

import daemonlib as lib
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client
free_port = lib.free_port


def wait_tcp(port, proc):
    for _ in range(300):
        try:
            return Client(tcp=("127.0.0.1", port))
        except OSError:
            if proc.poll() is not None:
                return None
            time.sleep(0.01)
    return None


def main():
    # socket mode
    d = Daemon()
    st = os.stat(d.sock)
    ok(stat.S_ISSOCK(st.st_mode), "the socket exists")
    is_(oct(st.st_mode & 0o777), "0o600", "socket mode 0600")
    c = d.client()
    is_(c.result("ping")["version"], "1.0", "answers on it")

    # a second daemon on a live socket refuses and leaves the first alone
    d2 = Daemon(tmp=d.tmp)
    rc = d2.p.wait(10)
    ok(rc != 0 and "already answers" in d2.stderr(), "second daemon on a live socket refuses",
       d2.stderr())
    is_(c.result("ping")["version"], "1.0", "the first keeps answering")
    is_(d.stop(), 0, "SIGTERM: exit 0")
    ok(d.sanitizer_clean(), "no sanitizer reports (socket)", d.stderr())

    # stale socket: a socket file nobody listens on is replaced
    tmp = tempfile.mkdtemp(prefix="memssad-t-")
    lib._tmpdirs.append(tmp)
    path = os.path.join(tmp, "d.sock")
    s = socket.socket(socket.AF_UNIX)
    s.bind(path)
    s.close()
    ok(os.path.exists(path), "a stale socket file is in place")
    d = Daemon(tmp=tmp)
    c = d.client()
    is_(c.result("ping")["version"], "1.0", "stale socket replaced")
    d.stop()

    # a regular file in the way is never removed
    with open(path, "w") as f:
        f.write("precious")
    d = Daemon(tmp=tmp, wait=False)
    rc = d.p.wait(10)
    ok(rc != 0 and open(path).read() == "precious", "a non-socket at the path: refused, untouched",
       d.stderr())
    os.unlink(path)

    # errors say what errno says: a missing directory is not "permission denied"
    d = Daemon("--socket", "/no/such/dir/x.sock", sock=False, wait=False)
    rc = d.p.wait(10)
    ok(rc != 0 and "No such file or directory" in d.stderr() and "denied" not in d.stderr(),
       "--socket in a missing directory: 'No such file or directory'", d.stderr())

    # TCP
    port = free_port()
    d = Daemon("--listen", "0.0.0.0:%d" % port, sock=False, wait=False)
    rc = d.p.wait(10)
    ok(rc != 0 and "--allow-remote" in d.stderr(), "TCP: non-loopback bind refused without --allow-remote",
       d.stderr())
    d = Daemon("--listen", "0.0.0.0:%d" % port, "--allow-remote", sock=False, wait=False)
    ok(d.p.wait(10) != 0, "--allow-remote without --token-file refused")
    d = Daemon("--listen", "127.0.0.1:%d" % port, "--insecure-no-token", sock=False, wait=False)
    c = wait_tcp(port, d.p)
    ok(c is not None and c.result("ping")["version"] == "1.0",
       "TCP on loopback answers (--insecure-no-token)")
    d.stop()

    tok = os.path.join(tmp, "token")
    with open(tok, "w") as f:
        f.write("s3cret\nignored second line\n")
    port = free_port()
    d = Daemon("--listen", "0.0.0.0:%d" % port, "--allow-remote", "--token-file", tok,
               sock=False, wait=False)
    c = wait_tcp(port, d.p)
    ok(c is not None, "--allow-remote with a token listens on 0.0.0.0")
    if c:
        c.send("wrong\n")
        r = c.line()
        is_(lib.err_code(r), -32030, "wrong token: -32030")
        ok(c.eof(), "and the connection is closed")
        c = Client(tcp=("127.0.0.1", port))
        c.send("s3cret\n")
        is_(c.result("ping")["version"], "1.0", "right token: requests are served")
    d.stop()

    # --stdio
    p = subprocess.Popen([lib.MEMSSAD, "--stdio", "-q"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ll = lib.compile_example(tmp)
    out, err = p.communicate(('{"id":1,"method":"ping"}\n' +
                              json.dumps({"id": 2, "method": "load", "params": {"path": ll}}) + "\n" +
                              '{"id":3,"method":"clobber","params":{"module":"update","function":"update","inst":11}}\n').encode(),
                             timeout=30)
    rs = [json.loads(l) for l in out.decode().splitlines()]
    is_([r["id"] for r in rs], [1, 2, 3], "--stdio: three replies in order")
    is_(rs[2]["result"]["clobber"]["id"] if len(rs) == 3 else None, 4, "--stdio: clobber answered")
    is_(p.returncode, 0, "--stdio: exits 0 at end of input")
    # stdin a regular file and stdout a file, as `memssad --stdio < in > out`
    # (epoll cannot poll a file: this aborted before stdin_pump.c)
    reqf, outf = os.path.join(tmp, "req.jsonl"), os.path.join(tmp, "out.jsonl")
    with open(reqf, "w") as f:
        for i in range(1, 2001):
            f.write('{"id":%d,"method":"ping"}\n' % i)
        f.write(json.dumps({"id": 2001, "method": "load", "params": {"path": ll}}) + "\n")
        f.write('{"id":2002,"method":"clobber","params":{"module":"update","function":"update","inst":11}}\n')
    with open(reqf) as fi, open(outf, "w") as fo:
        rc = subprocess.run([lib.MEMSSAD, "--stdio", "-q"], stdin=fi, stdout=fo, stderr=subprocess.PIPE,
                            timeout=60).returncode
    with open(outf) as f:
        rs = [json.loads(l) for l in f.read().splitlines()]
    is_((rc, len(rs), [r["id"] for r in rs] == list(range(1, 2003))), (0, 2002, True),
        "--stdio < FILE > FILE: exit 0, 2002 replies in order")
    is_(rs[-1]["result"]["clobber"]["id"] if rs else None, 4, "... the last one the clobber answer")
    rc = subprocess.run([lib.MEMSSAD, "--stdio", "-q"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, timeout=30)
    is_((rc.returncode, rc.stdout), (0, b""), "--stdio < /dev/null: no reply, exit 0")

    # systemd socket activation
    spath = os.path.join(tmp, "sd.sock")
    ls = socket.socket(socket.AF_UNIX)
    ls.bind(spath)
    ls.listen(8)
    fd = ls.fileno()
    p = subprocess.Popen(["sh", "-c", 'LISTEN_PID=$$ LISTEN_FDS=1 exec "$0" -q', lib.MEMSSAD],
                         pass_fds=(3,) if fd == 3 else (), stdin=subprocess.DEVNULL,
                         preexec_fn=(lambda: os.dup2(fd, 3)) if fd != 3 else None,
                         close_fds=False, stderr=subprocess.PIPE)
    lib._daemons.append(type("D", (), {"p": p})())
    ls.close()
    time.sleep(0.2)
    try:
        c = Client(spath)
        is_(c.result("ping")["version"], "1.0", "LISTEN_FDS: serves on the inherited socket")
    except OSError as e:
        ok(False, "LISTEN_FDS: serves on the inherited socket", repr(e))
    p.terminate()
    is_(p.wait(10), 0, "LISTEN_FDS daemon exits 0 on SIGTERM")

    # connection limit
    d = Daemon("--max-connections", "2", tmp=tmp)
    time.sleep(0.2)     # let the daemon retire Daemon()'s readiness probe
    a, b = d.client(), d.client()
    a.result("ping")
    b.result("ping")
    x = d.client()
    r = x.line()
    ok(r and "too many connections" in r["error"]["message"] and x.eof(), "third connection refused")
    is_(a.result("ping")["version"], "1.0", "the first two still served")
    d.stop()

    # memssa daemon: starts one in the background, then finds it answering
    sp = os.path.join(tmp, "cli.sock")
    env = dict(os.environ, MEMSSA_SOCKET=sp, MEMSSAD_BIN=lib.MEMSSAD)
    r1 = subprocess.run([lib.MEMSSA, "daemon"], env=env, capture_output=True, text=True, timeout=30)
    r2 = subprocess.run([lib.MEMSSA, "daemon"], env=env, capture_output=True, text=True, timeout=30)
    ok(r1.returncode == 0 and "started" in r1.stdout, "memssa daemon starts memssad", r1.stdout + r1.stderr)
    ok(r2.returncode == 0 and "already answers" in r2.stdout, "and then finds it running", r2.stdout)
    r3 = subprocess.run([lib.MEMSSA, "shutdown"], env=env, capture_output=True, text=True, timeout=30)
    ok(r3.returncode == 0, "memssa shutdown stops it", r3.stderr)
    for _ in range(200):
        if not os.path.exists(sp):
            break
        time.sleep(0.02)
    ok(not os.path.exists(sp), "its socket is gone")
    done()


main()
