#!/usr/bin/env python3
# Names and words a C programmer uses, through `memssa lsp` on
# tests/fixtures/judged/names.c (compiled as the editor compiles it):
# bitfields numbered as DWARF numbers the members (o->ptr is o->ptr), fields
# of global structs, arrays of structs and nested fields, every call named
# by its C callee (a call that returns a value; memcpy, never
# llvm.memcpy.*), lifetime markers never shown as writes of another
# local, an atomic load that reads, and a long list grouped by callee and
# capped with "and N more" and memssa.writes listing them all.
import os, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)
import daemonlib as lib  # noqa: E402
import lsplib  # noqa: E402
ok, is_, done = lib.ok, lib.is_, lib.done
FIXTURE = os.path.join(lib.ROOT, "tests", "fixtures", "judged", "names.c")
lib.time_limit(300)


def has(text, *parts):
    return all(p in text for p in parts)


def main(s, f):
    is_(s.open(f), [], "names.c compiles without errors")
    h = s.hover(f, 13, 13)
    ok(has(h, "read of `o->ptr`"), "a field after two bitfields: o->ptr, not o->rc", h)
    h = s.hover(f, 16, 13)
    ok(has(h, "read of `o->rc`"), "the field after the bitfields' unit: o->rc, not o->e", h)
    h = s.hover(f, 19, 10)
    ok(has(h, "write to `server.dirty`"), "a global struct's first field (no GEP): server.dirty", h)
    h = s.hover(f, 20, 13)
    ok(has(h, "write to `server.in.b`"), "a nested field of a global: server.in.b", h)
    h = s.hover(f, 21, 10)
    ok(has(h, "write to `pts[3].y`"), "a field of an element of a global array: pts[3].y", h)
    h = s.hover(f, 22, 18)
    ok(has(h, "read of `server.dirty`", "- line 19: `server.dirty = 1;` — writes `server.dirty`")
       and "line 20" not in h and "line 21" not in h,
       "server.dirty reads line 19 only, not the other fields' stores", h)
    h = s.hover(f, 27, 10)
    ok(has(h, "- line 26: `int v = f(2);` — a call to `f`"),
       "a call that returns a value is a call to `f`", h)
    h = s.hover(f, 31, 13)
    ok(has(h, "read of `a->x`", "a call to `memcpy`") and "llvm." not in h,
       "memcpy by its C name, never llvm.memcpy.*", h)
    h = s.hover(f, 34, 11)
    ok(has(h, "read of `*q`") and "write to" not in h, "an atomic load reads", h)
    h = s.hover(f, 41, 13)
    ok(has(h, "read of `c->rc`", "a call to `h`") and "lifetime" not in h,
       "no lifetime marker of another local among c->rc's writes", h)
    h = s.hover(f, 40, 16)
    ok(has(h, "read of `flags`", "- line 39:") and "lifetime" not in h and "`other`" not in h,
       "flags: its store, not the lifetime of `other`", h)
    h = s.hover(f, 66, 10)
    ok(has(h, "read of `u`", "- line 65: `u = 1;` — writes `u`",
           "the start of `u`'s lifetime (not initialised yet)"),
       "a read that may see an uninitialised local: its own lifetime start", h)
    h = s.hover(f, 60, 10)
    ok(has(h, "- 3 calls to `h`, at lines 44, 45, 46", "- 2 calls to `g`, at lines 47, 48",
           "- line 49: `q[1] = 1;` — writes `q[1]`",
           "- and 1 more (the command `memssa.writes` lists them all)")
       and "line 59" not in h, "a long list: calls grouped by callee, capped, and 1 more", h)
    r = s.result("workspace/executeCommand", {"command": "memssa.writes",
                                              "arguments": [lsplib.uri(f), 59, 9]})
    t = (r or {}).get("text", "")
    ok(has(t, "- line 59: `q[11] = 11;` — writes `q[11]`", "- line 44: `h(1);` — a call to `h`")
       and "more" not in t, "memssa.writes lists every write, one by one", t)


sys.exit(lsplib.run_tap(FIXTURE, main))
