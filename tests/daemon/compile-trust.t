#!/usr/bin/env python3
# Opening a C file never runs code that the file's folder chose
# (docs/editor.md, "Security"). Each case is a hostile compile_commands.json
# beside a one-line C file, loaded with `load {"source"}`:
#   - another executable named clang (in the project, or a symlink to one);
#   - each code-loading flag: -fplugin=, -fpass-plugin=, -Xclang -load;
#   - a response file that adds one; --config naming a file that adds one;
#   - CCC_OVERRIDE_OPTIONS in the daemon's environment adding one;
#   - a `directory` that is a file.
# A canary file proves that nothing ran and nothing was loaded: the hostile
# executable writes it, and so does the shared object's constructor. Each
# case ends with a diagnostic of memssa's naming what was refused. The
# positive control: with --trusted-compiler naming the fake clang, it runs
# (the canary appears), so the canary does detect a run.
import json, os, shutil, subprocess

from daemonlib import MEMSSA, MEMSSAD, SHARED, Daemon, bail, done, is_, ok

PLUGIN_C = r"""
#include <fcntl.h>
#include <unistd.h>
__attribute__((constructor)) static void canary(void) {
  int fd = open("%s", O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (fd >= 0) { write(fd, "plugin\n", 7); close(fd); }
}
"""


def memssa_diags(r):
    """memssa's own diagnostics of a load reply (result or error)."""
    if "error" in r:
        ds = r["error"].get("data", {}).get("diagnostics", [])
    else:
        ds = r.get("result", {}).get("compile_diagnostics", [])
    return [x for x in ds if x.get("source") == "memssa"]


def main():
    if not os.access(MEMSSAD, os.X_OK):
        bail("no memssad at " + MEMSSAD)
    if not any(shutil.which(c) for c in ("clang-22", "clang-19", "clang")) or not shutil.which("cc"):
        print("1..0 # SKIP no clang or cc installed")
        return
    d = Daemon()
    c = d.client()
    tmp = d.tmp
    canary = os.path.join(tmp, "canary")
    evil = os.path.join(tmp, "evil")
    os.mkdir(evil)
    plug = os.path.join(evil, "plug.so")
    open(os.path.join(evil, "plug.c"), "w").write(PLUGIN_C % canary)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", plug, os.path.join(evil, "plug.c")],
                   check=True)
    fake = os.path.join(evil, "clang")
    open(fake, "w").write("#!/bin/sh\necho fake >> %s\nexit 1\n" % canary)
    os.chmod(fake, 0o755)

    def project(name, arguments, directory=None, extra=None):
        proj = os.path.join(tmp, name)
        os.mkdir(proj)
        src = os.path.join(proj, "a.c")
        open(src, "w").write("int g;\nint f(int *p) { g = 1; return *p; }\n")
        for fname, text in (extra or {}).items():
            open(os.path.join(proj, fname), "w").write(text)
        json.dump([{"directory": directory or proj, "file": "a.c", "arguments": arguments}],
                  open(os.path.join(proj, "compile_commands.json"), "w"))
        return src

    def case(name, arguments, refused, directory=None, extra=None, loads=True):
        if os.path.exists(canary):
            os.unlink(canary)
        src = project(name, arguments, directory, extra)
        r = c.call("load", {"source": src, "module": name})
        ok(not os.path.exists(canary), "%s: nothing ran, nothing was loaded (no canary)" % name,
           open(canary).read() if os.path.exists(canary) else "")
        if loads:
            ok("result" in r and r["result"]["functions"] == 1, "%s: the file still compiles" % name, r)
        else:
            is_(r.get("error", {}).get("data", {}).get("reason"), "compile_failed",
                "%s: refused: compile_failed" % name)
        msgs = [x["message"] for x in memssa_diags(r)]
        for want in refused if isinstance(refused, list) else [refused]:
            ok(any(want in m for m in msgs), "%s: a diagnostic names %s" % (name, want), msgs)
        return r

    # 1. another executable named clang
    r = case("exe", [fake, "-DX", "-c", "a.c"], "'%s'" % fake)
    ok(any("not a trusted compiler" in x["message"] and x["severity"] == "warning"
           for x in memssa_diags(r)), "exe: said as a warning: not trusted, compiled with clang instead")
    # ... also through a relative path, and as a symlink in the project to the fake
    case("exe-rel", ["../evil/clang", "-c", "a.c"], "'../evil/clang'")
    # 2. each code-loading flag
    case("fplugin", ["clang", "-fplugin=" + plug, "-c", "a.c"], "'-fplugin=%s'" % plug)
    case("fpass-plugin", ["clang", "-fpass-plugin=" + plug, "-c", "a.c"], "'-fpass-plugin=%s'" % plug)
    case("xclang-load", ["clang", "-Xclang", "-load", "-Xclang", plug, "-c", "a.c"],
         ["'-Xclang -load'", "'-Xclang %s'" % plug])
    case("mllvm", ["clang", "-mllvm", "-load=" + plug, "-c", "a.c"], "'-mllvm -load=%s'" % plug)
    # 3. a response file that adds one (and one nested in it)
    case("rsp", ["clang", "@flags.rsp", "-c", "a.c"], "'-fplugin=%s'" % plug,
         extra={"flags.rsp": "-DX @more.rsp\n", "more.rsp": "-fplugin=%s\n" % plug})
    # 4. a config flag, naming a file that adds one
    cfg = {"evil.cfg": "-Xclang -load -Xclang %s\n" % plug}
    case("config", ["clang", "--config", "evil.cfg", "-c", "a.c"], "'--config evil.cfg'", extra=cfg)
    case("config-eq", ["clang", "--config=evil.cfg", "-c", "a.c"], "'--config=evil.cfg'", extra=cfg)
    case("B", ["clang", "-B", evil, "-c", "a.c"], "'-B %s'" % evil)
    # 5. a directory that is a file
    notdir = os.path.join(tmp, "plainfile")
    open(notdir, "w").write("")
    case("dir-is-file", ["clang", "-c", "a.c"], "'%s' is not a directory" % notdir,
         directory=notdir, loads=False)

    # The positive control: trusted on purpose, the fake runs and the canary appears.
    if os.path.exists(canary):
        os.unlink(canary)
    src = os.path.join(tmp, "exe", "a.c")
    r = c.call("load", {"source": src, "module": "trusted", "trusted_compilers": [evil + "/*"]})
    ok(os.path.exists(canary) and "error" in r,
       "control: once trusted (--trusted-compiler), the fake clang runs: the canary works", r)
    c.close()
    d.stop()

    # 6. an environment that would load code: CCC_OVERRIDE_OPTIONS, LD_LIBRARY_PATH
    if os.path.exists(canary):
        os.unlink(canary)
    env = dict(os.environ, CCC_OVERRIDE_OPTIONS="+-fplugin=" + plug, LD_LIBRARY_PATH=evil)
    d2 = Daemon(env=env)
    c2 = d2.client()
    r = c2.call("load", {"source": os.path.join(tmp, "exe-rel", "a.c"), "module": "env"})
    ok("result" in r and not os.path.exists(canary),
       "CCC_OVERRIDE_OPTIONS in memssad's environment never reaches clang", r)
    # the CLI: memssa load says what was refused, on stderr
    out = subprocess.run([MEMSSA, "load", os.path.join(tmp, "fplugin", "a.c")],
                         env=dict(os.environ, MEMSSA_SOCKET=d2.sock), capture_output=True,
                         text=True, timeout=120)
    ok(out.returncode == 0 and "warning: memssa: refused the flag '-fplugin=" in out.stderr
       and not os.path.exists(canary), "memssa load FILE.c prints the refusal", out.stderr)
    # the daemon's own --trusted-compiler must be absolute
    p = subprocess.run([MEMSSAD, "--trusted-compiler", "clang*", "--stdio"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=30)
    ok(p.returncode != 0 and "absolute glob" in p.stderr, "memssad --trusted-compiler: a relative glob is refused",
       p.stderr)
    c2.close()
    d2.stop()

    # 7. the user's config file trusts a compiler; one others may write does not
    xdg = os.path.join(tmp, "xdg")
    os.makedirs(os.path.join(xdg, "memssa"))
    conf = os.path.join(xdg, "memssa", "trusted-compilers")
    open(conf, "w").write("# mine\n  %s/*  \n" % evil)
    os.chmod(conf, 0o664)
    d3 = Daemon(env={"XDG_CONFIG_HOME": xdg})
    c3 = d3.client()
    src = os.path.join(tmp, "exe", "a.c")
    if os.path.exists(canary):
        os.unlink(canary)
    r = c3.call("load", {"source": src, "module": "conf1"})
    ok("result" in r and not os.path.exists(canary),
       "a trusted-compilers file others may write is ignored", r)
    os.chmod(conf, 0o600)
    r = c3.call("load", {"source": src, "module": "conf2"})
    ok(os.path.exists(canary), "~/.config/memssa/trusted-compilers (the user's own) trusts its globs", r)
    c3.close()
    d3.stop()

    # 8. a real project's own flags pass the allow-list: Lua's makefile command
    # for each of lapi.c, lvm.c and lstrlib.c (`make -n CC=gcc`), as its
    # compile_commands.json would hold it. Only the note that gcc was
    # replaced; no flag refused.
    lua = os.path.join(SHARED, "corpus", "lua-src")
    if not os.path.isdir(lua):
        ok(True, "# SKIP no ../shared/corpus/lua-src")
    else:
        proj = os.path.join(tmp, "lua")
        os.mkdir(proj)
        for f in os.listdir(lua):
            if f.endswith((".c", ".h")):
                shutil.copy(os.path.join(lua, f), proj)
        flags = ("-Wall -O2 -Wfatal-errors -Wextra -Wshadow -Wundef -Wwrite-strings "
                 "-Wredundant-decls -Wdisabled-optimization -Wdouble-promotion "
                 "-Wmissing-declarations -Wconversion -Wdeclaration-after-statement "
                 "-Wmissing-prototypes -Wnested-externs -Wstrict-prototypes -Wc++-compat "
                 "-Wold-style-definition -Wlogical-op -Wno-aggressive-loop-optimizations "
                 "-std=c99 -DLUA_USE_LINUX -fno-stack-protector -fno-common").split()
        units = ("lapi.c", "lvm.c", "lstrlib.c")
        json.dump([{"directory": proj, "file": u,
                    "arguments": ["gcc"] + flags + ["-c", "-o", u[:-2] + ".o", u]} for u in units],
                  open(os.path.join(proj, "compile_commands.json"), "w"))
        d4 = Daemon()
        c4 = d4.client()
        for u in units:
            r = c4.call("load", {"source": os.path.join(proj, u), "module": "lua-" + u})
            ok("result" in r and r["result"]["functions"] > 10, "Lua's %s compiles with its makefile's flags" % u, r)
            ds = [x["message"] for x in memssa_diags(r)]
            ok(len(ds) == 1, "Lua's %s: one memssa diagnostic" % u, ds)
            ok(len(ds) == 1 and "'gcc', which is not a trusted compiler" in ds[0] and "refused" not in ds[0],
               "Lua's %s: only the note that gcc was replaced, no flag refused" % u, ds)
        c4.close()
        d4.stop()
    done()


main()
