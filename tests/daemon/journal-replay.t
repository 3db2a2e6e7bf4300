#!/usr/bin/env python3
# Start-up replay with bounded memory and time, whatever the journal holds:
#  - a 128 MB journal of 1 MB records is replayed record by record: the
#    daemon's peak RSS stays far below the file's size (it used to read the
#    whole file), and records that fail are logged 20 at most, then counted;
#  - 64 MB of garbage full of fake record headers (each claiming a body up
#    to the end of the file) stops start-up within seconds, naming offset 0
#    (telling a torn tail from damage used to CRC every candidate to the
#    end: quadratic, start-up never ended), and leaves the file as it was;
#  - a record longer than this daemon's limits allow (--max-module-bytes,
#    --max-request) is not taken for a torn tail: start-up stops, saying so,
#    and nothing is cut.
import os, struct, subprocess, time, zlib

import daemonlib as lib
ok, is_, done, Daemon = lib.ok, lib.is_, lib.done, lib.Daemon

KIND_LOAD, KIND_EDIT = 1, 2
MB = 1 << 20


def record(kind, name, payload):
    body = bytes([kind]) + struct.pack("<I", len(name)) + name + payload
    return b"MSJ1" + struct.pack("<II", len(body), zlib.crc32(body)) + body


def state_dir():
    d = lib.tempfile.mkdtemp(prefix="memssad-state-")
    lib._tmpdirs.append(d)
    return d


def peak_rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def start_fails(state, *args, timeout=60):
    """Runs memssad on `state` expecting it to refuse to start: (exit status
    or None on timeout, seconds, stderr)."""
    tmp = lib.tempfile.mkdtemp(prefix="memssad-t-")
    lib._tmpdirs.append(tmp)
    t0 = time.monotonic()
    try:
        p = subprocess.run([lib.MEMSSAD, "--socket", os.path.join(tmp, "d.sock"), "--state-dir",
                            state] + list(args), capture_output=True, text=True, timeout=timeout)
        return p.returncode, time.monotonic() - t0, p.stderr
    except subprocess.TimeoutExpired as e:
        return None, time.monotonic() - t0, (e.stderr or b"").decode(errors="replace")


def main():
    lib.time_limit(300)

    # 1. Memory: 128 records of 1 MB (edits whose params are no JSON object:
    # each fails at once), then one good load.
    st = state_dir()
    n = 128
    with open(os.path.join(st, "journal.0"), "wb") as f:
        junk = record(KIND_EDIT, b"m", b" " * (MB - 1) + b"1")
        for _ in range(n):
            f.write(junk)
        f.write(record(KIND_LOAD, b"m", lib.chain_module(4).encode()))
    size = os.path.getsize(os.path.join(st, "journal.0"))
    d = Daemon("--state-dir", st)
    c = d.client()
    names = [m["name"] for m in c.result("modules")["modules"]]
    is_(names, ["m"], "a %d MB journal is replayed (its last record loads m)" % (size // MB))
    rss = peak_rss_kb(d.p.pid)
    ok(0 < rss < 48 * 1024, "peak RSS %d MB while replaying %d MB, one record at a time"
       % (rss // 1024, size // MB), rss)
    c.close()
    is_(d.stop(), 0, "clean stop")
    err = d.stderr()
    is_(err.count("not replayed"), 20, "20 failed records are named in the log")
    ok("%d record(s) could not be replayed" % n in err, "and all %d are counted" % n,
       err[-1500:])

    # 2. Time: 64 MB of fake headers after one good record.
    st = state_dir()
    good = record(KIND_LOAD, b"m", lib.chain_module(4).encode())
    total = 64 * MB
    fake = bytearray(os.urandom(total))
    step = 4096
    for off in range(0, total, step):
        fake[off:off + 8] = b"MSJ1" + struct.pack("<I", total - off - 12)
    path = os.path.join(st, "journal.0")
    with open(path, "wb") as f:
        f.write(good)
        f.write(fake)
    before = os.path.getsize(path)
    rc, secs, err = start_fails(st)
    ok(rc not in (0, None), "64 MB of fake headers: start-up stops (exit %s) in %.1f s"
       % (rc, secs), err[-800:])
    ok(secs < 30, "within seconds, not a quadratic search")
    ok("damaged record at offset %d" % len(good) in err, "naming the offset of the damage",
       err[-800:])
    is_(os.path.getsize(path), before, "the file is left as it was")
    ok(not [x for x in os.listdir(st) if ".torn-" in x], "nothing is cut as a torn tail")

    # 3. A record longer than the limits this daemon runs with.
    st = state_dir()
    text = lib.chain_module(2000).encode()   # ~200 KB
    path = os.path.join(st, "journal.0")
    with open(path, "wb") as f:
        f.write(record(KIND_LOAD, b"big", text))
    rc, secs, err = start_fails(st, "--max-module-bytes", "64k", "--max-request", "64k")
    ok(rc not in (0, None) and "longer than this daemon's limits allow" in err,
       "a record beyond --max-module-bytes stops start-up, saying so", err[-800:])
    is_(os.path.getsize(path), len(text) + 12 + 5 + 3, "and nothing is cut")
    d = Daemon("--state-dir", st)
    c = d.client()
    is_([m["name"] for m in c.result("modules")["modules"]], ["big"],
        "with the default limits it replays")
    c.close()
    is_(d.stop(), 0, "clean stop")
    done()


main()
