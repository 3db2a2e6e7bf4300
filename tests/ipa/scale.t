#!/usr/bin/env python3
# Deep and large call graphs stay bounded (analysis/ipa: the iterative
# Tarjan of callgraph.c, the capped fixpoint of summary.c, the caps of
# entries.c): generated programs, not checked in --
#   a chain of 100,000 calls (f0 -> f1 -> ... -> f99999, the last writes a global),
#   one SCC of 2,000 functions (a ring; each writes its own global: beyond
#     the cap of 32 entries, "cap"; and a ring all writing one global),
#   a function calling 10,000 others (each writes its own global: "cap"),
#   a ring of 2,000 functions passing a pointer on with an offset (widening),
# each summarized in bounded time and memory, with the answer checked.
import json, os, resource, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ipalib import BIN, ok, done  # noqa: E402

LIMIT_S = 120          # each run, wall clock (they take a few seconds)
HEAD = 'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"\n'


def summarize(text, *opts):
    with tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False) as f:
        f.write(HEAD + text)
        path = f.name
    try:
        t0 = time.time()
        r = subprocess.run(["/usr/bin/time", "-f", "%M", BIN, "summary", "--local", "--ipa"] + list(opts) + [path],
                           capture_output=True, text=True, timeout=LIMIT_S)
        dt = time.time() - t0
        kb = int(r.stderr.strip().splitlines()[-1]) if r.stderr.strip() else 0
        doc = json.loads(r.stdout) if r.returncode == 0 else None
        return doc, r, dt, kb
    finally:
        os.unlink(path)


def fn(doc, name):
    return next((f for f in doc["functions"] if f["name"] == name), None)


# a chain of 100,000 calls
N = 100000
parts = ["@g = global i32 0\n"]
for k in range(N - 1):
    parts.append("define void @f%d() {\n  call void @f%d()\n  ret void\n}\n" % (k, k + 1))
parts.append("define void @f%d() {\n  store i32 1, ptr @g\n  ret void\n}\n" % (N - 1))
doc, r, dt, kb = summarize("".join(parts), "--function", "f0")
if ok(doc is not None, "chain of %d calls: summarized (%.1f s, %d MB)" % (N, dt, kb // 1024), r.stderr[-500:]):
    f = fn(doc, "f0")
    ok(f and not f["unknown"] and [(e["kind"], e["name"], e["lo"], e["hi"]) for e in f["writes"]] ==
       [("global", "g", 0, 4)], "f0 writes g[0, 4) through 99,999 calls", f)

# one SCC of 2,000 functions, each writing its own global
N = 2000
parts = ["@g%d = global i32 0\n" % k for k in range(N)]
for k in range(N):
    parts.append("define void @r%d(i32 %%n) {\n  store i32 %%n, ptr @g%d\n  call void @r%d(i32 %%n)\n  ret void\n}\n"
                 % (k, k, (k + 1) % N))
doc, r, dt, kb = summarize("".join(parts), "--function", "r0")
if ok(doc is not None, "SCC of %d functions: summarized (%.1f s, %d MB)" % (N, dt, kb // 1024), r.stderr[-500:]):
    f = fn(doc, "r0")
    ok(f and f["unknown"] and f["reason"] == "cap" and f["reads"] == [] and f["writes"] == [],
       "r0: 2,000 globals exceed the cap: unknown, reason cap", f)

# one SCC of 2,000 functions, all writing one global and reading their own
N = 2000
parts = ["@shared = global i32 0\n"] + ["@s%d = global i32 0\n" % k for k in range(N)]
for k in range(N):
    parts.append("define void @t%d() {\n  store i32 1, ptr @shared\n  call void @t%d()\n  ret void\n}\n"
                 % (k, (k + 1) % N))
doc, r, dt, kb = summarize("".join(parts), "--function", "t1234")
if ok(doc is not None, "SCC of %d functions writing one global: summarized (%.1f s, %d MB)" % (N, dt, kb // 1024),
      r.stderr[-500:]):
    f = fn(doc, "t1234")
    ok(f and not f["unknown"] and [(e["name"], e["lo"], e["hi"]) for e in f["writes"]] == [("shared", 0, 4)]
       and f["reads"] == [], "t1234: the fixpoint of the ring writes shared[0, 4) only", f)

# a ring of 200 functions reading 40 address-taken globals between them:
# beyond the cap the globals fold into other memory, and the fixpoint must
# not swing between the folded and the unfolded form (entries.c invariant 4)
N, G = 200, 40
parts = ["@a%d = global i32 0\n" % k for k in range(G)]
parts.append("@tab = global [%d x ptr] [%s]\n" % (G, ", ".join("ptr @a%d" % k for k in range(G))))
parts.append("@pp = global ptr null\n")
for k in range(N):
    parts.append("define i32 @o%d() {\n  %%v = load i32, ptr @a%d\n  %%q = load ptr, ptr @pp\n"
                 "  %%w = load i32, ptr %%q\n  %%r = call i32 @o%d()\n  ret i32 %%v\n}\n" % (k, k % G, (k + 1) % N))
doc, r, dt, kb = summarize("".join(parts), "--function", "o7")
if ok(doc is not None, "ring of %d functions over %d taken globals: summarized (%.1f s)" % (N, G, dt), r.stderr[-500:]):
    f = fn(doc, "o7")
    ok(f and not f["unknown"] and {"kind": "other"} in f["reads"] and
       not any(e["kind"] == "global" and e["name"].startswith("a") for e in f["reads"]),
       "o7: known, the taken globals read as other memory", f)

# one function calling 10,000 others
N = 10000
parts = ["@h%d = global i32 0\n" % k for k in range(N)]
for k in range(N):
    parts.append("define void @c%d() {\n  store i32 1, ptr @h%d\n  ret void\n}\n" % (k, k))
parts.append("define void @fan() {\n" + "".join("  call void @c%d()\n" % k for k in range(N)) + "  ret void\n}\n")
doc, r, dt, kb = summarize("".join(parts))
if ok(doc is not None, "a function calling %d others: summarized (%.1f s, %d MB)" % (N, dt, kb // 1024),
      r.stderr[-500:]):
    f = fn(doc, "fan")
    ok(f and f["unknown"] and f["reason"] == "cap", "fan: unknown, reason cap", f)
    f = fn(doc, "c9999")
    ok(f and not f["unknown"] and [e["name"] for e in f["writes"]] == ["h9999"], "c9999 writes h9999", f)

# a ring of 2,000 functions passing p + 4 on: the ranges widen to the whole object
N = 2000
parts = []
for k in range(N):
    parts.append("define void @w%d(ptr %%p) {\n  store i32 0, ptr %%p\n  %%q = getelementptr i8, ptr %%p, i64 4\n"
                 "  call void @w%d(ptr %%q)\n  ret void\n}\n" % (k, (k + 1) % N))
doc, r, dt, kb = summarize("".join(parts), "--function", "w0")
if ok(doc is not None, "ring of %d functions moving a pointer: summarized (%.1f s, %d MB)" % (N, dt, kb // 1024),
      r.stderr[-500:]):
    f = fn(doc, "w0")
    ok(f and not f["unknown"] and f["writes"] == [{"kind": "param", "index": 0, "lo": None, "hi": None}],
       "w0 writes anywhere in its parameter's object (widened)", f)

# build --ipa of the chain: the walker with summaries, bounded too
N = 100000
parts = ["@g = global i32 0\n@u = global i32 0\n"]
for k in range(N - 1):
    parts.append("define i32 @f%d() {\n  %%a = load i32, ptr @u\n  call void @f%d()\n  %%b = load i32, ptr @u\n"
                 "  %%s = add i32 %%a, %%b\n  ret i32 %%s\n}\n" % (k, k + 1))
parts.append("define void @f%d() {\n  store i32 1, ptr @g\n  ret void\n}\n" % (N - 1))
with tempfile.NamedTemporaryFile("w", suffix=".ll", delete=False) as tf:
    tf.write(HEAD + "".join(parts).replace("define i32 @f%d()" % (N - 2), "define i32 @f%d()" % (N - 2)))
    path = tf.name
try:
    t0 = time.time()
    r = subprocess.run([BIN, "build", "--local", "--ipa", "-j1", path], capture_output=True, text=True, timeout=LIMIT_S)
    ok(r.returncode == 0 and "functions %d " % N in r.stdout, "build --ipa of the chain (%.1f s)" % (time.time() - t0),
       r.stdout + r.stderr[-500:])
finally:
    os.unlink(path)

done()
