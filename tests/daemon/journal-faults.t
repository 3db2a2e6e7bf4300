#!/usr/bin/env python3
# The journal keeps every acknowledged edit and never deletes its bytes:
#  - a full disk (a small tmpfs) fails a write mid-record: the record is
#    truncated back, that edit gets error -32011 (reason journal_failed) and
#    is not applied, and every edit acknowledged after space came back
#    survives a crash;
#  - a torn tail (a crash mid-write) is cut at restart, its bytes moved to
#    journal.G.torn-OFFSET;
#  - one flipped bit mid-journal stops start-up with a message naming the
#    offset, the file untouched; `memssad --recover` keeps the valid prefix
#    and moves the rest to journal.G.damaged-OFFSET.
# Each case asserts which edits survive.
import os, signal, struct, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from daemonlib import lib  # noqa: E402
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

lib.private_mounts(__file__)

NBLK = 20
MAGIC = b"MSJ1"
HDR = 12


def edit(c, k):
    """Edit k inserts `store i32 1000+k`; the reply (result or error)."""
    return c.call("edit", {"module": "m", "function": "f", "ops": [
        {"op": "insert", "before": "%%l%d" % (k % NBLK),
         "text": "store i32 %d, ptr %%q, align 4" % (1000 + k)}]})


def present(c):
    """The edits whose store is in @f now."""
    text = c.result("print", {"module": "m", "function": "f"})["text"]
    return sorted(k for k in range(1000) if "store i32 %d, ptr %%q" % (1000 + k) in text)


def records(path):
    """(offset, size) of each record of a journal file."""
    data = open(path, "rb").read()
    off, out = 0, []
    while off + HDR <= len(data) and data[off:off + 4] == MAGIC:
        body = struct.unpack("<I", data[off + 4:off + 8])[0]
        out.append((off, HDR + body))
        off += HDR + body
    return out


def journal_of(state):
    js = sorted(f for f in os.listdir(state) if f.startswith("journal.") and f[8:].isdigit())
    return os.path.join(state, js[-1])


def start(state, *args):
    d = Daemon("--state-dir", state, "--fsync", "always", *args)
    return d, d.client()


def crash(d):
    d.p.send_signal(signal.SIGKILL)
    d.p.wait()


def full_disk():
    state = os.path.join(lib.tempfile.mkdtemp(prefix="memssad-enospc-"), "state")
    os.mkdir(state)
    if not lib.mount_tmpfs(state, "256k"):
        ok(False, "mount a small tmpfs for the state dir")
        return
    d, c = start(state)
    c.result("load", {"module": "m", "text": lib.chain_module(NBLK)})
    acked, refused, reasons = [], [], set()
    k = 0
    for k in range(10):
        if "result" in edit(c, k):
            acked.append(k)
    filler = os.path.join(state, "filler")
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)   # the disk fills up
    try:
        while os.write(fd, b"\0" * 4096) > 0:
            pass
    except OSError:
        pass
    os.close(fd)
    size_full = os.path.getsize(journal_of(state))
    while len(refused) < 3 and k < 400:
        k += 1
        r = edit(c, k)
        if "result" in r:
            acked.append(k)
        else:
            refused.append(k)
            reasons.add((r["error"]["code"], r["error"].get("data", {}).get("reason")))
    is_(sorted(reasons), [(-32011, "journal_failed")],
        "a full disk: edits refused with -32011 journal_failed")
    ok("No space left on device" in d.stderr(), "the daemon says why", d.stderr()[-1000:])
    ok(not set(refused) & set(present(c)), "the refused edits are not applied", refused)
    recs = records(journal_of(state))
    is_(recs[-1][0] + recs[-1][1], os.path.getsize(journal_of(state)),
        "no partial record left in the journal after the failed writes")
    os.unlink(filler)                        # space comes back
    after = []
    for k in range(k + 1, k + 21):
        r = edit(c, k)
        if "result" in r:
            after.append(k)
    is_(len(after), 20, "the 20 edits after space came back are acknowledged")
    acked += after
    ok(os.path.getsize(journal_of(state)) > size_full, "the journal grew again")
    want = present(c)
    is_(want, sorted(acked), "in memory: exactly the acknowledged edits")
    crash(d)
    d, c = start(state)
    is_(present(c), sorted(acked), "after a crash: every acknowledged edit, no refused one")
    is_(d.stop(), 0, "clean stop")
    lib.subprocess.run(["umount", state])


def edited_state(n):
    """A state dir holding a load of m and edits 0..n-1, the daemon killed."""
    state = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(state)
    d, c = start(state)
    c.result("load", {"module": "m", "text": lib.chain_module(NBLK)})
    for k in range(n):
        edit(c, k)
    crash(d)
    return state


def goes_on(d, c, state, jp, what, off, moved, kept, k):
    """After a cut at `off`: the bytes `moved` are in JOURNAL.WHAT-OFF, not
    deleted; the journal keeps what precedes off, and takes edit k, which
    survives a crash with the edits `kept`, without --recover."""
    aside = "%s.%s-%d" % (jp, what, off)
    ok(os.path.exists(aside) and open(aside, "rb").read() == moved,
       "the cut bytes are in %s, byte for byte" % os.path.basename(aside))
    is_(os.path.getsize(jp), off, "the journal keeps the %d bytes before them" % off)
    ok("result" in edit(c, k), "and takes new edits")
    crash(d)
    d, c = start(state)
    is_(present(c), kept + [k], "which survive the next crash")
    is_(d.stop(), 0, "clean stop")


def torn_tail():
    state = edited_state(12)
    jp = journal_of(state)
    recs = records(jp)
    last_off, last_size = recs[-1]
    data = open(jp, "rb").read()
    with open(jp, "r+b") as f:
        f.truncate(last_off + last_size // 2)   # the last write was cut short
    d, c = start(state)
    is_(present(c), list(range(11)), "a torn tail: every edit before it survives")
    ok("cut a torn record at offset %d" % last_off in d.stderr(), "the cut is reported",
       d.stderr()[-1500:])
    goes_on(d, c, state, jp, "torn", last_off, data[last_off:last_off + last_size // 2],
            list(range(11)), 50)


def flipped_bit():
    state = edited_state(30)
    jp = journal_of(state)
    recs = records(jp)
    off, size = recs[11]                        # the load, then edits 0..9 before it
    data = bytearray(open(jp, "rb").read())
    data[off + size - 5] ^= 0x10
    open(jp, "wb").write(bytes(data))
    d = Daemon("--state-dir", state, wait=False)
    rc = d.p.wait(30)
    err = d.stderr()
    ok(rc != 0 and "damaged record at offset %d" % off in err and "--recover" in err,
       "a flipped bit mid-journal stops start-up, naming offset %d and --recover" % off, err)
    is_(open(jp, "rb").read(), bytes(data), "the journal is left as it was")
    d, c = start(state, "--recover")
    is_(present(c), list(range(10)), "--recover: the edits before the damage survive")
    goes_on(d, c, state, jp, "damaged", off, bytes(data[off:]), list(range(10)), 60)


def main():
    full_disk()
    torn_tail()
    flipped_bit()
    done()


main()
