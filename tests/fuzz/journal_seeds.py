#!/usr/bin/env python3
"""tests/fuzz/journal_seeds.py -- writes the seeds of the journal fuzz target
(tests/fuzz/fuzz_journal.c) into tests/fuzz/seeds/journal/ from journals a
real memssad writes: a state dir fed loads (plain, and with "llvm": 14 and
22: record kind 5), edits of several op kinds (and a rejected one, which
leaves no record), an unload and a reload; then a second daemon with a tiny
--journal-max that compacts into a snapshot (its first record is kind 4,
the generation). Each seed is the setting byte of fuzz_journal.c (bit 0
--recover, bit 1 snapshot, bit 2 small limits, bit 3 CRCs made right) and
then the file, whole or
with a torn tail or a flipped bit, kept under the runs' -max_len of 4096.

Usage: tests/fuzz/journal_seeds.py   (needs build/memssad; MEMSSAD_BIN overrides)
"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "daemon"))
import daemonlib as lib  # noqa: E402

OUT = os.path.join(HERE, "seeds", "journal")
MAX_LEN = 4096
MOD = """define void @f(ptr %p, ptr %q, i1 %c) {
entry:
  store i32 1, ptr %p, align 4
  br i1 %c, label %a, label %b
a:
  store i32 2, ptr %q, align 4
  %x = load i32, ptr %p, align 4
  br label %b
b:
  %y = load i32, ptr %q, align 4
  ret void
}
"""


def edits(c, mod):
    ops = [
        [{"op": "insert", "before": "%x", "text": "store i32 7, ptr %q, align 4"}],
        [{"op": "remove", "inst": "%x"}],
        [{"op": "split_edge", "from": "entry", "to": "b"}],
        [{"op": "insert", "before": "%y", "text": "%z = load i32, ptr %p, align 4"},
         {"op": "move", "inst": "%z", "before": "%y"}],
        [{"op": "remove", "inst": "%nosuch"}],   # rejected: not journaled
    ]
    for o in ops:
        c.call("edit", {"module": mod, "function": "f", "ops": o})


def journal_run(state):
    d = lib.Daemon("--state-dir", state, "--fsync", "always")
    c = d.client()
    c.result("load", {"module": "m", "text": MOD})
    edits(c, "m")
    c.result("load", {"module": "v14", "text": MOD, "llvm": 14})
    c.result("load", {"module": "v22", "text": MOD, "llvm": 22})
    c.result("unload", {"module": "v14"})
    edits(c, "v22")
    c.result("load", {"module": "m", "text": MOD.replace("i32 2", "i32 3")})
    c.close()
    d.stop()


def compact_run(state):
    # A tiny --journal-max compacts at the first record beyond it.
    d = lib.Daemon("--state-dir", state, "--journal-max", "1")
    c = d.client()
    c.result("load", {"module": "s", "text": MOD})
    edits(c, "s")
    c.result("load", {"module": "t", "text": MOD, "llvm": 19})
    c.close()
    d.stop()


def put(name, flags, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(bytes([flags]) + data[:MAX_LEN - 1])


def main():
    os.makedirs(OUT, exist_ok=True)
    st = tempfile.mkdtemp(prefix="jseeds-")
    journal_run(st)
    j = open(os.path.join(st, "journal.0"), "rb").read()
    st2 = tempfile.mkdtemp(prefix="jseeds-")
    compact_run(st2)
    snap = open(os.path.join(st2, "snapshot"), "rb").read()
    j2 = [x for x in os.listdir(st2) if x.startswith("journal.")]
    j2 = open(os.path.join(st2, j2[0]), "rb").read() if j2 else b""
    # Record offsets of the first journal (for tears at record bounds).
    offs, o = [], 0
    while o + 12 <= len(j):
        offs.append(o)
        o += 12 + int.from_bytes(j[o + 4:o + 8], "little")
    print("journal: %d bytes, %d records; snapshot %d bytes; next journal %d bytes"
          % (len(j), len(offs), len(snap), len(j2)))
    # The records one by one (each kind alone), whole journals, tears, flips.
    for k, o in enumerate(offs):
        end = offs[k + 1] if k + 1 < len(offs) else len(j)
        put("rec%02d-kind%d" % (k, j[o + 12]), 0, j[o:end])
        put("rec%02d-kind%d-crc" % (k, j[o + 12]), 8, j[o:end])
    put("journal", 0, j)
    put("journal-recover", 1, j)
    put("journal-small", 4, j)
    put("journal-crc", 8, j)
    put("snapshot-crc", 10, snap)
    put("journal-torn", 0, j[:len(j) - 7])
    mid = offs[len(offs) // 2] + 20
    flipped = bytearray(j)
    flipped[mid] ^= 0x10
    put("journal-flip", 0, bytes(flipped))
    put("journal-flip-recover", 1, bytes(flipped))
    put("snapshot", 2, snap)
    put("snapshot-torn", 2, snap[:len(snap) - 3])
    put("snapshot-recover-torn", 3, snap[:len(snap) - 3])
    if j2:
        put("journal-after-compaction", 0, j2)


main()
