#!/usr/bin/env python3
# `make install` as an outside project meets it: installs into a DESTDIR,
# checks what pkg-config says of the staged memssa-client.pc (prefix,
# Cflags, Libs, Requires: jansson), builds the worked example of
# docs/client.md (the very text between its markers) through pkg-config
# against the staged copy, runs it against the staged memssad and compares
# its output with the one the document shows; then `make uninstall` leaves
# no file behind.
#
# The nested make uses the build directory and flags of the running suite
# (read from BUILD/flags.stamp), so it installs what is built and rebuilds
# nothing.
import os, re, shutil, subprocess, tempfile

import daemonlib as lib
ok, is_, done, ROOT, BUILD = lib.ok, lib.is_, lib.done, lib.ROOT, lib.BUILD
lib.time_limit(300)
PREFIX = "/usr/local"
DOC = os.path.join(ROOT, "docs", "client.md")
LOOP = os.path.join(ROOT, "tests", "fixtures", "jsonir", "noir-loop.json")


def block_after(text, marker):
    """The fenced code block that follows the line holding `marker`."""
    m = re.search(re.escape(marker) + r"[^\n]*\n```\w*\n(.*?)```", text, re.S)
    return m.group(1) if m else None


def build_flags():
    """CC, SAN and MSSA_CHECKS of the suite's build, from its flags stamp."""
    with open(os.path.join(BUILD, "flags.stamp")) as f:
        stamp = f.read()
    checks = re.search(r"-DMSSA_CHECKS=(\d)", stamp)
    return {"CC": stamp.split()[0], "SAN": "1" if "-fsanitize" in stamp else "",
            "MSSA_CHECKS": checks.group(1) if checks else "1"}


def make(target, dest, flags):
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    args = ["make", "-s", "-C", ROOT, target, "BUILD=" + BUILD, "DESTDIR=" + dest,
            "PREFIX=" + PREFIX] + ["%s=%s" % kv for kv in flags.items()]
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=240)


tmp = tempfile.mkdtemp(prefix="memssa-install-")
lib._tmpdirs.append(tmp)
dest = os.path.join(tmp, "stage")
flags = build_flags()
r = make("install", dest, flags)
ok(r.returncode == 0, "make install DESTDIR=... PREFIX=%s" % PREFIX, r.stdout, r.stderr)
staged = os.path.join(dest, PREFIX.lstrip("/"))
files = ["bin/memssa", "bin/memssad", "lib/libmemssa-client.a", "include/memssa-client.h",
         "lib/pkgconfig/memssa-client.pc"]
missing = [f for f in files if not os.path.isfile(os.path.join(staged, f))]
is_(missing, [], "installs the programs, the library, the header and the .pc file")
ok(os.access(os.path.join(staged, "bin", "memssad"), os.X_OK), "the programs are executable")

penv = dict(os.environ, PKG_CONFIG_PATH=os.path.join(staged, "lib", "pkgconfig"),
            PKG_CONFIG_SYSROOT_DIR=dest)


def pkg(*args):
    p = subprocess.run(["pkg-config"] + list(args) + ["memssa-client"], env=penv,
                       capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else "FAILED: " + p.stderr.strip()


with open(os.path.join(staged, "lib", "pkgconfig", "memssa-client.pc")) as f:
    pc = f.read()
ok(re.search(r"^prefix=%s$" % re.escape(PREFIX), pc, re.M) and "${prefix}/lib" in pc
   and dest not in pc, "the .pc file says prefix=PREFIX, not DESTDIR", pc)
is_(pkg("--modversion"), "1.0", "pkg-config: version 1.0")
is_(pkg("--print-requires"), "jansson", "pkg-config: Requires: jansson (and nothing else)")
cflags, libs = pkg("--cflags"), pkg("--libs")
ok("-I%s/include" % staged in cflags.split(), "Cflags: -I the staged include dir", cflags)
ok("-L%s/lib" % staged in libs.split() and "-lmemssa-client" in libs.split()
   and "-ljansson" in libs.split(), "Libs: -L the staged lib dir -lmemssa-client ... -ljansson", libs)

with open(DOC) as f:
    doc = f.read()
src = block_after(doc, "<!-- example: offload.c")
expected = block_after(doc, "<!-- output: offload")
ok(src and expected, "docs/client.md holds the example and its output")
with open(os.path.join(tmp, "offload.c"), "w") as f:
    f.write(src or "")
san = ["-fsanitize=address,undefined"] if flags["SAN"] else []
cc = subprocess.run(" ".join([flags["CC"], "-std=c11 -Wall -Wextra -Werror"] + san +
                             ["offload.c -o offload $(pkg-config --cflags --libs memssa-client)"]),
                    shell=True, cwd=tmp, env=penv, capture_output=True, text=True)
ok(cc.returncode == 0, "the example builds through pkg-config against the staged copy",
   cc.stdout, cc.stderr)

lib.MEMSSAD = os.path.join(staged, "bin", "memssad")
d = lib.Daemon("-q")
run = subprocess.run([os.path.join(tmp, "offload"), LOOP], env=dict(os.environ, MEMSSA_SOCKET=d.sock),
                     capture_output=True, text=True, timeout=60)
ok(run.returncode == 0, "the example runs against the staged memssad", run.stderr)
lib.same(run.stdout, expected or "", "its output is the one docs/client.md shows")
memssa = subprocess.run([os.path.join(staged, "bin", "memssa"), "--socket", d.sock, "ping"],
                        capture_output=True, text=True)
ok(memssa.returncode == 0 and "1.0" in memssa.stdout, "the staged memssa talks to it", memssa.stderr)
ok(d.stop() == 0 and d.sanitizer_clean(), "memssad exits cleanly")

r = make("uninstall", dest, flags)
left = [os.path.join(dp, f) for dp, _, fs in os.walk(dest) for f in fs]
ok(r.returncode == 0 and not left, "make uninstall leaves no file", r.stderr, "\n".join(left))
shutil.rmtree(tmp, ignore_errors=True)
done()
