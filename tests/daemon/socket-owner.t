#!/usr/bin/env python3
# Nobody else's socket is trusted: the default socket lives in a private
# directory ($XDG_RUNTIME_DIR, else /tmp/memssad-$UID, mode 0700), and the
# daemon, `memssa` and `memssa daemon` refuse a directory or socket owned by
# another user (or a directory open to others), saying so.
#
# Another user's files need root: the test runs as root in a private mount
# namespace (unshare -m) with its own tmpfs on /tmp, so /tmp/memssad-0 is
# its own and nothing of the machine's /tmp is touched. Elsewhere it skips.
import os, shutil, socket, subprocess, sys, threading, time

NOBODY = 65534
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemonlib import lib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done

lib.private_mounts(__file__)
# The private /tmp hides whatever the machine's /tmp holds, and a checkout
# (a CI clone, say) may live there: the binaries are read before the mount
# and put back inside it, side by side (`memssa daemon` finds memssad next
# to itself).
BINS = {name: open(getattr(lib, name), "rb").read() for name in ("MEMSSAD", "MEMSSA")}
COPIES = {name: open(os.path.join(lib.ROOT, *path), "rb").read() for name, path in
          (("nc-session.sh", ("clients", "examples", "nc-session.sh")),
           ("sum.ll", ("examples", "sum.ll")))}
if not lib.mount_tmpfs("/tmp", "128m"):
    print("1..0 # SKIP cannot mount a private /tmp")
    sys.exit(0)
os.mkdir("/tmp/memssa-bin", 0o755)
for name, data in BINS.items():
    path = "/tmp/memssa-bin/" + ("memssad" if name == "MEMSSAD" else "memssa")
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, 0o755)
    setattr(lib, name, path)
for name, data in COPIES.items():
    with open("/tmp/memssa-bin/" + name, "wb") as f:
        f.write(data)

UID = os.geteuid()
DIR = "/tmp/memssad-%d" % UID
SOCK = DIR + "/memssad.sock"
ENV = {k: v for k, v in os.environ.items() if k not in ("XDG_RUNTIME_DIR", "MEMSSA_SOCKET")}
ENV.update(MEMSSAD_BIN=lib.MEMSSAD, MEMSSA_BIN=lib.MEMSSA)


def daemon(*args, env=ENV):
    return subprocess.Popen([lib.MEMSSAD] + list(args), env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def refused(p):
    try:
        rc = p.wait(10)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        rc = None
    err = p.stderr.read()
    return rc, err


def cli(*args, env=ENV):
    return subprocess.run([lib.MEMSSA] + list(args), env=env, capture_output=True, text=True,
                          timeout=30)


def fresh_dir(mode=0o700, owner=UID):
    shutil.rmtree(DIR, ignore_errors=True)
    os.mkdir(DIR, mode)
    os.chmod(DIR, mode)
    os.chown(DIR, owner, -1)


def main():
    # 1. the squatted directory: someone else made /tmp/memssad-$UID first
    fresh_dir(owner=NOBODY)
    rc, err = refused(daemon())
    ok(rc not in (0, None) and "owned by uid %d" % NOBODY in err and "not by you" in err,
       "memssad refuses a socket directory owned by another user, and says so", err)
    ok(not os.path.exists(SOCK), "and binds nothing there")
    out = cli("ping")
    ok(out.returncode == 1 and "owned by uid %d" % NOBODY in out.stderr,
       "memssa refuses it too, saying so", out.stderr)
    out = cli("daemon")
    ok(out.returncode == 1 and "owned by uid %d" % NOBODY in out.stderr,
       "memssa daemon refuses it", out.stderr + out.stdout)

    # 2. the forged socket: our directory, but the socket is someone else's,
    # with a forger answering on it
    fresh_dir()
    forger = socket.socket(socket.AF_UNIX)
    forger.bind(SOCK)
    os.chown(SOCK, NOBODY, -1)
    forger.listen(8)
    seen = []

    def forge():
        forger.settimeout(5)
        try:
            while True:
                conn, _ = forger.accept()
                seen.append(conn.recv(4096))
                conn.sendall(b'{"jsonrpc":"2.0","id":1,"result":{"module":"FORGED",'
                             b'"functions":999,"defs":0,"uses":0,"phis":0,"ms":0}}\n')
                conn.close()
        except OSError:
            pass
    t = threading.Thread(target=forge, daemon=True)
    t.start()
    ll = "/tmp/memssa-bin/sum.ll"
    out = cli("load", ll)
    ok(out.returncode == 1 and "FORGED" not in out.stdout and
       "socket %s is owned by uid %d" % (SOCK, NOBODY) in out.stderr,
       "memssa load refuses a socket owned by another user (no forged answer)",
       out.stdout + out.stderr)
    out = cli("--socket", SOCK, "ping")
    ok(out.returncode == 1 and "owned by uid" in out.stderr,
       "an explicit --socket owned by another user is refused too", out.stderr)
    rc, err = refused(daemon("--socket", SOCK))
    ok(rc not in (0, None) and "owned by uid %d" % NOBODY in err,
       "memssad will not replace a socket owned by another user", err)
    forger.close()
    t.join()
    is_(seen, [], "the forger never got a request")

    # 3. our directory, open to others
    fresh_dir(mode=0o755)
    rc, err = refused(daemon())
    ok(rc not in (0, None) and "open to group or others" in err,
       "memssad refuses a socket directory open to group or others", err)

    # 4. $XDG_RUNTIME_DIR owned by someone else
    xdg = "/tmp/xdg"
    os.mkdir(xdg, 0o700)
    os.chown(xdg, NOBODY, -1)
    rc, err = refused(daemon(env=dict(ENV, XDG_RUNTIME_DIR=xdg)))
    ok(rc not in (0, None) and "socket directory %s is owned by uid" % xdg in err,
       "memssad refuses an XDG_RUNTIME_DIR owned by another user", err)

    # 5. no directory yet: memssad makes it, private, and clients find it
    shutil.rmtree(DIR, ignore_errors=True)
    p = daemon()
    for _ in range(500):
        if os.path.exists(SOCK) or p.poll() is not None:
            break
        time.sleep(0.01)
    st = os.stat(DIR)
    ok(st.st_uid == UID and (st.st_mode & 0o777) == 0o700,
       "memssad creates /tmp/memssad-$UID mode 0700", oct(st.st_mode))
    out = cli("ping")
    ok(out.returncode == 0 and "version" in out.stdout, "memssa finds it by the same rule",
       out.stdout + out.stderr)
    out = subprocess.run(["sh", "/tmp/memssa-bin/nc-session.sh", ll],
                         env=ENV, capture_output=True, text=True, timeout=30)
    ok('"version"' in out.stdout, "so does nc-session.sh", out.stdout + out.stderr)
    out = cli("shutdown")
    is_(p.wait(10), 0, "memssad stops")
    ok(not os.path.exists(SOCK), "and removes its socket")
    done()


main()
