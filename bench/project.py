#!/usr/bin/env python3
"""bench/project.py -- a C project loaded as one program (issue 29), the
helper of bench/project.sh (which says what is measured and how to run it).

  bench/project.py [-n RUNS] [--fields K] [--no-clangd] [--no-strace] [PROJECT ...]

PROJECT: lua (Lua 5.5: its 32 library units and ltests.c, $MEMSSA_SHARED/corpus/lua-src,
copied) and bluez (bluetoothd of BlueZ 5.66, /usr/src/bluez.tar.bz2 from
Debian's bluez-source, unpacked); both by default. Everything happens in a
temporary directory: the sources, their compile_commands.json, the compile
caches, clangd's index. Prints markdown to stdout, progress to stderr.
"""
import glob, json, os, re, select, shutil, socket, statistics, subprocess, sys, tarfile, tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD") or os.path.join(ROOT, "build-release")
MEMSSAD = os.environ.get("MEMSSAD_BIN") or os.path.join(BUILD, "memssad")
SHARED = os.environ.get("MEMSSA_SHARED") or os.path.join(os.path.dirname(ROOT), "shared")
CLANG = os.environ.get("CLANG") or shutil.which("clang-22") or shutil.which("clang-19")
CLANGD = os.environ.get("CLANGD") or "clangd"
JOBS = 2   # the daemon compiles a project's units two at a time (docs/protocol.md)
# What common/compile.c adds to a command's flags (without the -MD -MF of
# the cache's dependency list, which is the daemon's own cost).
DRIVER = ["-g", "-O1", "-Xclang", "-disable-llvm-passes", "-S", "-emit-llvm",
          "-fno-color-diagnostics", "-fno-caret-diagnostics", "-Wno-error"]
TICK = os.sysconf("SC_CLK_TCK")

# bluetoothd as Makefile.am and Makefile.plugins build it with the plugins the
# shipped config.h and src/builtin.h enable, less three files whose headers
# Debian 12 does not have here: profiles/midi/{midi,libmidi}.c (ALSA) and
# src/backtrace.c (elfutils).
BLUEZ_UNITS = """
plugins/hostname.c plugins/wiimote.c plugins/autopair.c plugins/policy.c plugins/neard.c
profiles/sap/main.c profiles/sap/manager.c profiles/sap/server.c profiles/sap/sap-dummy.c
profiles/audio/source.c profiles/audio/sink.c profiles/audio/a2dp.c profiles/audio/avdtp.c
profiles/audio/media.c profiles/audio/transport.c profiles/audio/control.c profiles/audio/avctp.c
profiles/audio/avrcp.c profiles/audio/player.c profiles/network/manager.c profiles/network/bnep.c
profiles/network/server.c profiles/network/connection.c profiles/input/manager.c
profiles/input/server.c profiles/input/device.c profiles/input/hog.c profiles/input/hog-lib.c
profiles/deviceinfo/dis.c profiles/battery/bas.c profiles/scanparam/scpp.c
profiles/input/suspend-none.c profiles/health/mcap.c profiles/health/hdp_main.c
profiles/health/hdp_manager.c profiles/health/hdp.c profiles/health/hdp_util.c profiles/gap/gas.c
profiles/scanparam/scan.c profiles/deviceinfo/deviceinfo.c profiles/battery/battery.c
profiles/audio/bap.c profiles/audio/mcp.c profiles/audio/vcp.c
attrib/att.c attrib/gatt.c attrib/gattrib.c btio/btio.c
src/main.c src/log.c src/rfkill.c src/sdpd-server.c src/sdpd-request.c src/sdpd-service.c
src/sdpd-database.c src/gatt-database.c src/sdp-xml.c src/sdp-client.c src/textfile.c
src/uuid-helper.c src/plugin.c src/storage.c src/advertising.c src/agent.c src/error.c
src/adapter.c src/profile.c src/service.c src/gatt-client.c src/device.c src/dbus-common.c
src/eir.c src/adv_monitor.c src/battery.c src/settings.c
lib/bluetooth.c lib/hci.c lib/sdp.c lib/uuid.c
gdbus/mainloop.c gdbus/watch.c gdbus/object.c gdbus/client.c gdbus/polkit.c
src/shared/queue.c src/shared/util.c src/shared/mgmt.c src/shared/crypto.c src/shared/ecc.c
src/shared/ringbuf.c src/shared/hci.c src/shared/hci-crypto.c src/shared/hfp.c src/shared/uhid.c
src/shared/pcap.c src/shared/btsnoop.c src/shared/ad.c src/shared/att.c src/shared/gatt-helpers.c
src/shared/gatt-client.c src/shared/gatt-server.c src/shared/gatt-db.c src/shared/gap.c
src/shared/log.c src/shared/bap.c src/shared/mcp.c src/shared/vcp.c src/shared/io-glib.c
src/shared/timeout-glib.c src/shared/mainloop-glib.c src/shared/mainloop-notify.c
src/shared/tester.c""".split()


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def load_avg():
    return " ".join(open("/proc/loadavg").read().split()[:3])


# ------------------------------------------------------------- projects

class Project:
    """A source tree with its compile_commands.json at its root."""

    def __init__(self, name, tree, units, flags, first_field, position):
        self.name, self.tree, self.units, self.flags = name, tree, units, flags
        # the warm restart's queries: a field's writers, a clobber by position
        self.first_field, self.position = first_field, position
        self.cdb = os.path.join(tree, "compile_commands.json")
        with open(self.cdb, "w") as f:
            json.dump([{"directory": tree, "file": u, "arguments": [CLANG] + flags + ["-c", u]}
                       for u in units], f, indent=1)
        by_size = sorted(units, key=lambda u: (os.path.getsize(os.path.join(tree, u)), u))
        # a save of the largest unit and of a middle-sized one
        self.saved = [by_size[-1], by_size[len(by_size) // 2]]
        self.lines = sum(open(os.path.join(tree, u), "rb").read().count(b"\n") for u in units)


def lua_project(tmp):
    src = os.path.join(SHARED, "corpus", "lua-src")
    tree = os.path.join(tmp, "lua")
    os.mkdir(tree)
    for f in glob.glob(os.path.join(src, "*.[ch]")):
        shutil.copy(f, tree)
    units = sorted(os.path.basename(f) for f in glob.glob(os.path.join(tree, "l*.c"))
                   if os.path.basename(f) not in ("lua.c", "luac.c"))
    return Project("lua", tree, units, ["-std=c99", "-DLUA_USE_LINUX"], "struct lua_State.top",
                   ("lvm.c", 1424))


def bluez_project(tmp):
    with tarfile.open("/usr/src/bluez.tar.bz2") as t:
        t.extractall(tmp)
    tree = os.path.join(tmp, "bluez-source")
    pc = subprocess.run(["pkg-config", "--cflags", "glib-2.0", "dbus-1"], capture_output=True,
                        text=True, check=True).stdout.split()
    flags = ["-DHAVE_CONFIG_H", "-I.", "-Ilib", "-Isrc", "-DBLUETOOTH_PLUGIN_BUILTIN",
             '-DPLUGINDIR="/usr/lib/x86_64-linux-gnu/bluetooth/plugins"'] + pc
    return Project("bluez", tree, sorted(BLUEZ_UNITS), flags, "struct btd_adapter.current_settings",
                   ("src/adapter.c", 598))


# ---------------------------------------------------------- clang alone

def clang_alone(p, units, outdir):
    """Every unit of `units` compiled as the daemon compiles it, JOBS at a
    time. Returns (wall s, CPU s of the clang processes)."""
    todo = list(units)
    running = {}
    cpu = 0.0
    t0 = time.monotonic()
    while todo or running:
        while todo and len(running) < JOBS:
            u = todo.pop(0)
            out = os.path.join(outdir, u.replace("/", "_") + ".ll")
            q = subprocess.Popen([CLANG] + p.flags + DRIVER + ["-o", out, u], cwd=p.tree,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            running[q.pid] = (u, q)   # kept: a dropped Popen is reaped by the next one
        pid, status, ru = os.wait4(-1, 0)
        if pid in running:
            if status != 0:
                sys.exit("project: clang failed on %s" % running[pid][0])
            running.pop(pid)[1].returncode = status
            cpu += ru.ru_utime + ru.ru_stime
    return time.monotonic() - t0, cpu


def fields_of(outdir):
    """Every (struct, member) the units' DWARF names, sorted."""
    out = set()
    for ll in glob.glob(os.path.join(outdir, "*.ll")):
        text = open(ll).read()
        names = {m.group(1): m.group(2) for m in re.finditer(
            r'^!(\d+) = (?:distinct )?!DICompositeType\(tag: DW_TAG_structure_type, name: "(\w+)"',
            text, re.M)}
        out |= {(names[m.group(2)], m.group(1)) for m in re.finditer(
            r'DW_TAG_member, name: "(\w+)", scope: !(\d+)', text) if m.group(2) in names}
    return sorted(out)


# --------------------------------------------------------------- memssad

class Daemon:
    def __init__(self, tmp, cache, prefix=()):
        self.sock = os.path.join(tmp, "d.sock")
        if os.path.exists(self.sock):
            os.unlink(self.sock)
        store = ["--cache-dir", cache, "--cache-max-mb", "8192"] if cache else ["--no-cache"]
        self.p = subprocess.Popen(list(prefix) + [MEMSSAD, "--socket", self.sock, "-q"] + store,
                                  stdout=subprocess.DEVNULL)
        for _ in range(4000):
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(self.sock)
                break
            except OSError:
                self.s.close()
                time.sleep(0.0025)
        self.f = self.s.makefile("rwb")
        self.n = 0

    def call(self, method, params=None):
        self.n += 1
        self.f.write((json.dumps({"jsonrpc": "2.0", "id": self.n, "method": method,
                                  "params": params or {}}) + "\n").encode())
        self.f.flush()
        while True:   # a program load's $/progress notifications have no id
            r = json.loads(self.f.readline())
            if r.get("id") == self.n:
                if "error" in r:
                    sys.exit("project: %s %s: %s" % (method, params, r["error"]))
                return r["result"]

    def cpu(self):
        """CPU seconds of memssad and of the clang runs it has waited for."""
        return cpu_of(self.p.pid, children=True)

    def mem(self):
        return mem_of(self.p.pid)

    def stop(self):
        self.call("shutdown")
        self.p.wait(60)


def cpu_of(pid, children=False):
    st = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    ticks = sum(int(x) for x in st[11:15 if children else 13])   # utime stime [cutime cstime]
    return ticks / TICK


def mem_of(pid):
    kb = {}
    for line in open("/proc/%d/status" % pid):
        k, _, v = line.partition(":")
        if k in ("VmRSS", "VmHWM"):
            kb[k] = int(v.split()[0])
    return kb["VmRSS"] / 1024, kb["VmHWM"] / 1024


def timed(d, method, params):
    t0, c0 = time.monotonic(), d.cpu()
    r = d.call(method, params)
    return time.monotonic() - t0, d.cpu() - c0, r


def load_program(d, p):
    wall, cpu, r = timed(d, "load", {"program": p.name, "project": p.cdb})
    if r["failed"] or len(r["units"]) != len(p.units):
        sys.exit("project: %s: %d units loaded, failed %s" % (p.name, len(r["units"]), r["failed"]))
    return wall, cpu, r


def field_queries(d, p, fields, k):
    """writers and readers of up to k fields spread evenly over the sorted
    list, over the whole program; latencies in ms, client side."""
    pick = fields if len(fields) <= k else [fields[i * len(fields) // k] for i in range(k)]
    ts, nonempty = [], 0
    for st, mem in pick:
        for m in ("writers", "readers"):
            t0 = time.perf_counter()
            r = d.call(m, {"module": p.name, "field": "struct %s.%s" % (st, mem), "limit": 1000})
            ts.append((time.perf_counter() - t0) * 1000)
            nonempty += r["total"] > 0
    ts.sort()
    return {"queries": len(ts), "fields": len(pick), "nonempty": nonempty, "p50": ts[len(ts) // 2],
            "p99": ts[min(len(ts) - 1, int(len(ts) * 0.99))], "max": ts[-1]}


def warm_restart(tmp, p, cache, prefix=()):
    """A new memssad on a filled cache: spawn to the load's reply, then a
    `clobber` by position and a `writers` of a field (each timed alone).
    Returns (load s, clobber s, writers s, CPU s to the load's reply and to
    the end, cache stats, references of the writers)."""
    t0 = time.monotonic()
    d = Daemon(tmp, cache, prefix)
    d.call("load", {"program": p.name, "project": p.cdb})
    t1 = time.monotonic()
    c1 = d.cpu() if not prefix else 0.0
    f, line = p.position
    m = d.call("clobber", {"module": p.name, "file": f, "line": line})["matches"]
    assert m, "no memory access at %s:%d" % p.position
    t2 = time.monotonic()
    r = d.call("writers", {"module": p.name, "field": p.first_field, "limit": 1000})
    t3 = time.monotonic()
    st = d.call("stats")["compile_cache"]
    cpu = d.cpu() if not prefix else 0.0
    d.stop()
    return t1 - t0, t2 - t1, t3 - t2, c1, cpu, st, r["total"]


def clang_execs(tmp, p, cache):
    """The clang processes a warm restart starts, counted by strace."""
    trace = os.path.join(tmp, "strace.log")
    warm_restart(tmp, p, cache, ["strace", "-f", "-qq", "-e", "trace=execve", "-o", trace])
    return sum(1 for line in open(trace) if re.search(r'execve\("[^"]*clang', line))


# ---------------------------------------------------------------- clangd

class Lsp:
    def __init__(self, argv, cwd):
        self.p = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.buf = b""

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self, deadline):
        while True:
            if b"\r\n\r\n" in self.buf:
                head, rest = self.buf.split(b"\r\n\r\n", 1)
                n = int(re.search(rb"Content-Length: *(\d+)", head, re.I).group(1))
                if len(rest) >= n:
                    self.buf = rest[n:]
                    return json.loads(rest[:n])
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                raise TimeoutError("clangd: no message in time")
            chunk = os.read(self.p.stdout.fileno(), 1 << 16)
            if not chunk:
                raise EOFError("clangd exited")
            self.buf += chunk


def clangd_index(p, timeout=3600):
    """clangd's background index of the project, as an editor starts it:
    initialize, didOpen of the largest unit, until the index's progress
    ends. Returns (wall s, CPU s, RSS MB, HWM MB, index files MB)."""
    shutil.rmtree(os.path.join(p.tree, ".cache"), ignore_errors=True)
    t0 = time.monotonic()
    s = Lsp([CLANGD, "--background-index", "-j=%d" % JOBS, "--compile-commands-dir=" + p.tree,
             "--log=error"], p.tree)
    deadline = time.monotonic() + timeout
    s.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": os.getpid(), "rootUri": "file://" + p.tree,
        "capabilities": {"window": {"workDoneProgress": True}}}})
    while s.read(deadline).get("id") != 1:
        pass
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    path = os.path.join(p.tree, p.saved[0])
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file://" + path, "languageId": "c", "version": 1, "text": open(path).read()}}})
    while True:
        m = s.read(deadline)
        if m.get("method") == "window/workDoneProgress/create":
            s.send({"jsonrpc": "2.0", "id": m["id"], "result": None})
        elif (m.get("method") == "$/progress" and m["params"]["token"] == "backgroundIndexProgress"
              and m["params"]["value"]["kind"] == "end"):
            break
    wall = time.monotonic() - t0
    cpu = cpu_of(s.p.pid)
    rss, hwm = mem_of(s.p.pid)
    files = glob.glob(os.path.join(p.tree, ".cache", "clangd", "index", "*.idx"))
    idx = sum(os.path.getsize(f) for f in files)
    s.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    try:
        while s.read(time.monotonic() + 30).get("id") != 2:
            pass
        s.send({"jsonrpc": "2.0", "method": "exit"})
        s.p.wait(30)
    except (TimeoutError, EOFError, subprocess.TimeoutExpired):
        s.p.kill()
        s.p.wait()
    return wall, cpu, rss, hwm, len(files), idx / 1e6


# ------------------------------------------------------------------ runs

def touch(p, unit, k):
    """An edit of one unit: a comment appended, so its bytes (and the
    compile cache's key) change."""
    with open(os.path.join(p.tree, unit), "a") as f:
        f.write("/* bench/project.py edit %d */\n" % k)


def one_run(tmp, p, i, out, want_fields, k):
    """Steps 1-4 once; values appended to out[name]."""
    add = lambda key, v: out.setdefault(key, []).append(v)
    ir = os.path.join(tmp, "ir")
    shutil.rmtree(ir, ignore_errors=True)
    os.mkdir(ir)
    log("%s run %d: clang alone (load %s)" % (p.name, i + 1, load_avg()))
    add("clang", clang_alone(p, p.units, ir))
    cache = os.path.join(tmp, "cache%d" % i)   # empty
    d = Daemon(tmp, cache)
    log("%s run %d: cold load" % (p.name, i + 1))
    wall, cpu, r = load_program(d, p)
    add("cold", (wall, cpu))
    add("cold_ms", r["ms"])
    add("functions", r["functions"])
    add("cold_misses", d.call("stats")["compile_cache"]["misses"])
    add("after_load", d.mem())
    if want_fields:
        fields = fields_of(ir)
        out["field_count"] = len(fields)
        log("%s: %d fields; writers/readers" % (p.name, len(fields)))
        t0 = time.perf_counter()
        d.call("writers", {"module": p.name, "field": p.first_field, "limit": 1000})
        out["first_field_ms"] = (time.perf_counter() - t0) * 1000
        out["fields"] = field_queries(d, p, fields, k)
        add("after_fields", d.mem())
    for j, u in enumerate(p.saved):
        touch(p, u, i)
        log("%s run %d: save of %s" % (p.name, i + 1, u))
        add("save_clang%d" % j, clang_alone(p, [u], ir))
        wall, cpu, r = timed(d, "load", {"program": p.name, "reload": os.path.join(p.tree, u)})
        assert r.get("reloaded") == os.path.join(p.tree, u) and not r["failed"], r
        add("save%d" % j, (wall, cpu))
    add("after_saves", d.mem())
    # the program's own part of a save: a reload whose unit is unchanged
    # (its compile is a cache hit: no clang runs)
    wall, cpu, r = timed(d, "load", {"program": p.name, "reload": os.path.join(p.tree, p.saved[1])})
    add("reload_hit", (wall, cpu))
    d.stop()
    log("%s run %d: warm restart" % (p.name, i + 1))
    tl, tc, tw, cl, cpu, st, total = warm_restart(tmp, p, cache)
    add("warm", (tl, tc, tw, cl, cpu))
    add("warm_cache", (st["hits"], st["misses"]))
    out["warm_refs"] = total
    out["cache"] = cache
    log("%s run %d: first open without the compile cache" % (p.name, i + 1))
    d = Daemon(tmp, None)
    wall, cpu, r = load_program(d, p)
    add("nocache", (wall, cpu))
    d.stop()


def med(pairs, j):
    return statistics.median(x[j] for x in pairs)


def ratio_row(label, mine, base, goal_ratio):
    """A table row; goal_ratio None: a row for comparison, no goal."""
    rw, rc = med(mine, 0) / med(base, 0), med(mine, 1) / med(base, 1)
    goal = ("<= %.2fx: %s" % (goal_ratio, "met" if rc <= goal_ratio else "not met (CPU)")
            if goal_ratio else "(comparison)")
    return ("| %s | %.2f | %.2f | %.2f | %.2f | %.2fx | %.2fx | %s |" %
            (label, med(mine, 0), med(mine, 1), med(base, 0), med(base, 1), rw, rc, goal))


def report(p, o, runs, cd, strace_n):
    print("\n### %s: %d units, %d lines of C, %d functions in the program\n" %
          (p.name, len(p.units), p.lines, o["functions"][0]))
    print("Medians of %d runs; wall and CPU seconds (memssad's CPU includes the clang runs it "
          "waited for). Load average during the runs: %s.\n" % (runs, ", ".join(o["loads"])))
    print("| step | memssad wall | memssad CPU | clang alone wall | clang alone CPU | ratio wall "
          "| ratio CPU | goal |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    print(ratio_row("1. first open (load, empty cache; %d clang runs)" % o["cold_misses"][0],
                    o["cold"], o["clang"], 1.15))
    print(ratio_row("1'. first open with --no-cache", o["nocache"], o["clang"], None))
    for j, u in enumerate(p.saved):
        print(ratio_row("3. save of %s (reload)" % u, o["save%d" % j], o["save_clang%d" % j], 1.3))
    print("| 3'. reload of %s unchanged (no clang: the program's part) | %.2f | %.2f | | | | | |"
          % (p.saved[1], med(o["reload_hit"], 0), med(o["reload_hit"], 1)))
    hits, misses = o["warm_cache"][0]
    tl, tc, tw, cl, cpu = (med(o["warm"], j) for j in range(5))
    met = lambda t: "met" if t < 1 else "not met"
    print("\n| 2. warm restart (a new memssad on the same cache) | wall s |\n|---|---:|")
    print("| spawn to the load's reply (CPU %.2f s) | %.2f |" % (cl, tl))
    print("| then `clobber` of %s:%d | %.3f |" % (p.position + (tc,)))
    print("| then `writers` of `%s` (%d references) | %.3f |" % (p.first_field, o["warm_refs"], tw))
    print("| first answer, load + clobber (goal < 1 s: %s) | %.2f |" % (met(tl + tc), tl + tc))
    print("| first answer, load + writers (goal < 1 s: %s) | %.2f |" % (met(tl + tw), tl + tw))
    print("| CPU s in all | %.2f |" % cpu)
    print("\nCompile cache of the restart: %d hits, %d misses%s.\n" %
          (hits, misses, "" if strace_n is None else
           "; clang processes started (strace -f -e trace=execve): %d" % strace_n))
    f = o.get("fields")
    if f:
        print("4. **writers / readers of struct fields** over the whole program: %d of the %d "
              "fields the DWARF names (evenly spread), both ways, limit 1000: %d queries (%d "
              "non-empty): p50 %.2f ms, p99 %.2f ms, max %.2f ms; the first field query (the "
              "members' index of every unit) %.0f ms. Goal p99 < 20 ms: %s.\n" %
              (f["fields"], o["field_count"], f["queries"], f["nonempty"], f["p50"], f["p99"],
               f["max"], o["first_field_ms"], "met" if f["p99"] < 20 else "not met"))
    rss, hwm = o["after_load"][-1]
    print("5. **Memory**: memssad with the program loaded VmRSS %.0f MB (VmHWM %.0f MB)" %
          (rss, hwm))
    if "after_fields" in o:
        print("   after the field queries VmRSS %.0f MB (VmHWM %.0f MB)" % o["after_fields"][-1])
    print("   after the saves VmRSS %.0f MB (VmHWM %.0f MB)." % o["after_saves"][-1])
    if cd:
        print("   clangd %s `--background-index -j=%d`: index built in %.1f s wall, %.1f s CPU; "
              "VmRSS %.0f MB (VmHWM %.0f MB); %d index files, %.1f MB." %
              ((cd_version(),) + (JOBS,) + cd))


def cd_version():
    out = subprocess.run([CLANGD, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"version (\S+)", out)
    return m.group(1) if m else "?"


def main():
    args = sys.argv[1:]
    runs, k, names = 3, 400, []
    use_clangd, use_strace = True, bool(shutil.which("strace"))
    while args:
        a = args.pop(0)
        if a == "-n":
            runs = int(args.pop(0))
        elif a == "--fields":
            k = int(args.pop(0))
        elif a == "--no-clangd":
            use_clangd = False
        elif a == "--no-strace":
            use_strace = False
        elif a in ("lua", "bluez"):
            names.append(a)
        else:
            sys.exit(__doc__)
    names = names or ["lua", "bluez"]
    if not os.access(MEMSSAD, os.X_OK) or not CLANG:
        sys.exit("project: needs %s (make release) and clang-22 or clang-19" % MEMSSAD)
    print("memssad %s, %s, %d compiles at a time; started at load average %s" %
          (os.path.relpath(MEMSSAD, ROOT), os.path.basename(CLANG), JOBS, load_avg()))
    for name in names:
        tmp = tempfile.mkdtemp(prefix="memssa-bench-project-")
        try:
            p = lua_project(tmp) if name == "lua" else bluez_project(tmp)
            o = {"loads": []}
            for i in range(runs):
                o["loads"].append(load_avg())
                one_run(tmp, p, i, o, i == runs - 1, k)
            strace_n = clang_execs(tmp, p, o["cache"]) if use_strace else None
            cd = None
            if use_clangd and shutil.which(CLANGD):
                log("%s: clangd --background-index" % name)
                cd = clangd_index(p)
            o["loads"].append(load_avg())
            report(p, o, runs, cd, strace_n)
            sys.stdout.flush()
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
