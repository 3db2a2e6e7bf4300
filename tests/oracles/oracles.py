#!/usr/bin/env python3
"""oracles.py -- memssa's offload answers against LLVM's own analyses.

For each .ll file: read it with the LLVM version its folder's LLVM_VERSION
names (none: 14), canonicalise it with that opt (`opt-N -S`, so that memssa
and LLVM read the same text), load it into a private memssad with
`"llvm": N`, and for each defined function compare

  alias    every pointer pair `opt-N -passes=aa-eval
           -print-all-alias-modref-info` prints, run on one function a
           module: the module with every other body stubbed to
           `unreachable` (not llvm-extract: it turns internal globals into
           external declarations, and BasicAA then answers MayAlias where
           it says NoAlias on the real module), asked as
           {"ptr": P, "size": S} with S the
           store size of the type aa-eval prints (aa-eval's own size; no AA
           metadata, as aa-eval's queries have none);
  alias-inst  every load/store and store/store pair the same run prints
           with -evaluate-aa-metadata (the instructions' own locations, TBAA
           and scopes included), asked as alias {a: INST, b: INST} (a text
           two accesses share is skipped);
  modref   every "Ptr: ... <-> call" line of the same run, asked as
           modref {inst: the call, location: {ptr, size}};
  depends  every load/store pair of `opt-N -passes='print<da>'` (the same
           one-function module), asked both ways (from->to and to->from);
  promotable  every alloca of the function against `opt-N -passes=mem2reg`
           (an alloca promoted iff it is gone from mem2reg's output), on
           the module with every value named (`opt-N -passes=instnamer`:
           mem2reg renumbers unnamed values), loaded as a second module.
  value    every load against `opt-N -passes=gvn`, on the named module
           with a call `@__oracle_use(i32 K, T V)` (declared readnone: no
           memory access for memssa or GVN) after each load L (V = L) and,
           for a load memssa calls Known(v) with v a value, one more after
           it with V = v: after GVN the first call's operand is what GVN
           made of L (L itself: kept), the second what v became there.

Counts per oracle: agree / more (memssa more precise) / less (memssa less
precise) / unsound / skipped. What counts as what:

  alias    unsound: memssa says NoAlias and LLVM does not, or the two give
           different definite answers (No/Must/Partial); more: memssa
           Must/Partial where LLVM says May; less: memssa May where LLVM is
           definite.  memssa reproduces BasicAA, so a NoAlias LLVM cannot
           prove is a claim no oracle backs.
  modref   unsound: memssa's answer lacks Mod or Ref that LLVM's has; less:
           memssa's has a bit LLVM's lacks.
  depends  (DA reports the pairs in layout order; read-read pairs skipped.)
           agree: DA "none" and memssa false both ways, or DA a dependence
           and memssa true one way at least; less: DA none, memssa true;
           more: DA a dependence, memssa false (reachability, kills);
           unsound: DA found a "consistent" dependence (a constant
           distance: not "confused", not a "*" direction, which DA gives
           whenever it cannot tell) and memssa denies it saying NoAlias (the
           locations of one iteration do not alias, those of two do); or
           memssa denies
           it with a killer K that comes after `to` in layout while DA
           says K's writes meet `to`'s reads only in the same iteration
           (distance 0 / "=" only: K of iteration i writes what `to` reads
           in iteration i, never what a later `to` reads, so K cannot kill
           a path that reaches `to` through the back edge).
  promotable  unsound: memssa promotable, mem2reg keeps it; less: the other
           way round.
  value    agree: GVN replaced L by what memssa's value became, or both
           leave it (Unknown, kept); less: memssa Unknown, GVN replaced it;
           more: memssa Known, GVN kept L, or replaced it by a load GVN kept
           whose memssa value is the same, or by a phi of its load PRE;
           unsound: GVN replaced L by another value. Skipped: GVN replaced
           L by a constant while memssa's value is a name (GVN knows it
           from a branch on a load of the location: `if (x) ... else x`).

Usage:
  tests/oracles/oracles.py [--oracles alias,modref,depends,promotable,value] [--llvm N]
        [--max-pointers N] [--max-accesses N] [--details FILE] [--json]
        [--expect-bad FILE] FILE.ll...

--details: one JSON line per non-agreeing answer (file, function, request,
memssa's answer, LLVM's answer); unsound ones are also printed on stderr.
--json: the counts as one JSON object on stdout instead of the table.
--max-pointers (default 150): skip aa-eval of a function with more memory
accesses (its pointers and output grow with the square; counted as one
skipped function); --max-accesses (default 200): skip
depends of a function with more loads/stores.
Environment: MEMSSAD_BIN (default build/memssad of this checkout).
Needs opt (14), opt-19, opt-22.
"""
import argparse, collections, json, os, re, shutil, signal, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "clients", "python"))
import memssa  # noqa: E402

ORACLES = ("alias", "alias-inst", "modref", "depends", "promotable", "value")
CATS = ("agree", "more", "less", "unsound", "skipped")


def opt_of(ver):
    """The opt of LLVM ver: 14, 19 for 15..19, 22 above."""
    if ver <= 14:
        return "opt"
    if ver <= 19:
        return "opt-19"
    return "opt-22"


def version_of(path):
    f = os.path.join(os.path.dirname(os.path.abspath(path)), "LLVM_VERSION")
    if os.path.exists(f):
        with open(f) as h:
            return int(h.read().strip())
    return 14


def run(argv, timeout=120):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


# ------------------------------------------------------------ type sizes (x86-64)

NAME = r'(?:[%@][-\w.$]+|[%@]"[^"]*")'


class Types:
    """Store sizes of printed LLVM types, named struct types from the module."""

    def __init__(self, text):
        self.named = {}
        for m in re.finditer(r'^(%[-\w.$]+|%"[^"]*") = type (.*)$', text, re.M):
            self.named[m.group(1)] = m.group(2).strip()
        self.memo = {}

    @staticmethod
    def split_top(s):
        """s split at commas outside brackets."""
        out, depth, cur = [], 0, ""
        for ch in s:
            if ch in "([{<":
                depth += 1
            elif ch in ")]}>":
                depth -= 1
            if ch == "," and depth == 0:
                out.append(cur.strip())
                cur = ""
            else:
                cur += ch
        if cur.strip():
            out.append(cur.strip())
        return out

    def layout(self, t):
        """(size, align) of t's allocation, or None when not sized / unknown."""
        t = t.strip()
        if t in self.memo:
            return self.memo[t]
        self.memo[t] = None          # recursion guard
        r = self._layout(t)
        self.memo[t] = r
        return r

    def _layout(self, t):
        m = re.fullmatch(r"i(\d+)", t)
        if m:
            bits = int(m.group(1))
            store = (bits + 7) // 8
            align = 1
            while align < store and align < 16:
                align *= 2
            if bits > 64 and bits != 128:
                align = 8
            return ((store + align - 1) // align * align, align)
        simple = {"half": (2, 2), "bfloat": (2, 2), "float": (4, 4), "double": (8, 8),
                  "fp128": (16, 16), "x86_fp80": (16, 16), "ptr": (8, 8)}
        if t in simple:
            return simple[t]
        if t.endswith("*") or re.fullmatch(r"ptr addrspace\(\d+\)", t):
            return (8, 8)
        m = re.fullmatch(r"\[(\d+) x (.*)\]", t)
        if m:
            e = self.layout(m.group(2))
            return None if e is None else (int(m.group(1)) * e[0], e[1])
        m = re.fullmatch(r"<(\d+) x (.*)>", t)
        if m and not t.startswith("<{"):
            n, e = int(m.group(1)), self.layout(m.group(2))
            if e is None:
                return None
            size = n * e[0]
            align = 1
            while align < size:
                align *= 2
            return (align if size & (size - 1) else size, align)
        packed = t.startswith("<{") and t.endswith("}>")
        if packed or (t.startswith("{") and t.endswith("}")):
            body = t[2:-2] if packed else t[1:-1]
            off, al = 0, 1
            for f in self.split_top(body):
                e = self.layout(f)
                if e is None:
                    return None
                a = 1 if packed else e[1]
                off = (off + a - 1) // a * a + e[0]
                al = max(al, a)
            return ((off + al - 1) // al * al, al)
        if t in self.named:
            d = self.named[t]
            if d == "opaque":
                return None
            return self.layout(d)
        return None

    def store_size(self, t):
        t = t.strip()
        m = re.fullmatch(r"i(\d+)", t)
        if m:
            return (int(m.group(1)) + 7) // 8
        if t == "x86_fp80":
            return 10
        lay = self.layout(t)
        return None if lay is None else lay[0]


# ------------------------------------------------------------ the daemon

class Daemon:
    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="oracles-")
        self.sock = os.path.join(self.tmp, "d.sock")
        binary = os.environ.get("MEMSSAD_BIN") or os.path.join(ROOT, "build", "memssad")
        self.err = open(os.path.join(self.tmp, "d.log"), "w")
        self.p = subprocess.Popen([binary, "--socket", self.sock, "-q"], stderr=self.err,
                                  stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        for _ in range(1000):
            if os.path.exists(self.sock):
                try:
                    s = socket.socket(socket.AF_UNIX)
                    s.connect(self.sock)
                    s.close()
                    break
                except OSError:
                    pass
            if self.p.poll() is not None:
                raise SystemExit("oracles.py: memssad exited (%s)" % binary)
            time.sleep(0.01)
        self.c = memssa.Client(self.sock)

    def close(self):
        try:
            self.c.close()
        except Exception:
            pass
        self.p.send_signal(signal.SIGTERM)
        try:
            self.p.wait(30)
        except subprocess.TimeoutExpired:
            self.p.kill()
        self.err.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    def batch(self, reqs):
        """reqs: (method, params); results in order (memssa.Error in place of errors)."""
        out = []
        for k in range(0, len(reqs), 2000):
            part = reqs[k:k + 2000]
            replies = self.c.batch_raw(part)
            out += [memssa.Error(r["error"]) if "error" in r else r.get("result") for r in replies]
        return out


# ------------------------------------------------------------ parsing LLVM's output

def stubbed(text, keep):
    """The module's text with every function body but keep's replaced by
    `unreachable`: linkage, globals and declarations stay as they are, so
    alias analysis sees the same objects (llvm-extract turns internal
    globals into external declarations, which changes BasicAA's answers),
    and aa-eval and DA run over one function only."""
    out, skipping = [], False
    for line in text.split("\n"):
        if skipping:
            if line.startswith("}"):
                out.append("  unreachable")
                out.append(line)
                skipping = False
            continue
        m = re.match(r'^define [^@]*@([-\w.$]+|"[^"]*")\(', line)
        if m and m.group(1) != keep and line.rstrip().endswith("{"):
            out.append(line)
            skipping = True
            continue
        out.append(line)
    # a stubbed body has no blocks to take the address of (Lua's computed
    # goto table, `blockaddress(@luaV_execute, %52)`): null instead
    def unaddress(m):
        return m.group(0) if m.group(1) == keep else "null"
    return re.sub(r'blockaddress\(@([-\w.$]+|"[^"]*"), %[-\w.$]+\)', unaddress, "\n".join(out))


USE = "@__oracle_use"
LOAD_LINE = re.compile(r"^(\s+)(%[-\w.$]+|%\"[^\"]*\") = load (?:atomic )?(?:volatile )?(.*)$")
STORE_LINE = re.compile(r"^(\s+)store (?:atomic )?(?:volatile )?(.*)$")


def instrumented(text, at_load=None):
    """The module with a call `@__oracle_use(i32 K, T V)` (readnone, so no
    memory access for memssa or GVN) after every load (V: the load), so
    that after GVN each call's operand says what the load became; and
    after load L of function F also one for V = each "T V" of
    at_load[(F, L)] (memssa's value of the load: what it became there, with
    GVN's equalities from branches). Returns (text, {K: (function, kind,
    name, type)}), kind "load" or "at:L"."""
    at_load = at_load or {}
    out, tags, fn = [], {}, None
    for line in text.split("\n"):
        out.append(line)
        m = re.match(r'^define [^@]*@([-\w.$]+|"[^"]*")\(', line)
        if m:
            fn = m.group(1)
            continue
        if line.startswith("}"):
            fn = None
            continue
        if fn is None:
            continue
        m = LOAD_LINE.match(line)
        if m:
            ty = Types.split_top(m.group(3))[0]
            k = len(tags) + 1
            tags[k] = (fn, "load", m.group(2), ty)
            out.append("%scall void (i32, ...) %s(i32 %d, %s %s)" % (m.group(1), USE, k, ty, m.group(2)))
            for tv in at_load.get((fn, m.group(2)), ()):
                k = len(tags) + 1
                tags[k] = (fn, "at:" + m.group(2), tv, None)
                out.append("%scall void (i32, ...) %s(i32 %d, %s)" % (m.group(1), USE, k, tv))
            continue
    out.append("declare void %s(i32, ...) nounwind readnone willreturn" % USE)
    return "\n".join(out), tags


def definitions(text):
    """{function: {name: opcode}}: the arguments ("arg") and named
    instructions of each defined function."""
    out, cur = {}, None
    for line in text.split("\n"):
        m = re.match(r'^define [^@]*@([-\w.$]+|"[^"]*")\((.*)', line)
        if m:
            cur = m.group(1)
            out[cur] = {a: "arg" for a in re.findall(r"%[-\w.$]+", m.group(2))}
        elif line.startswith("}"):
            cur = None
        elif cur is not None:
            m = re.match(r"\s+(%[-\w.$]+|%\"[^\"]*\") = (?:tail |musttail |notail )?(\w+)", line)
            if m:
                out[cur][m.group(1)] = m.group(2)
    return out


def uses_after(text):
    """{K: "T V"} of the @__oracle_use calls in GVN's output."""
    got = {}
    for m in re.finditer(r"call void \(i32, \.\.\.\) %s\(i32 (\d+), (.*)\)\s*$" % USE, text, re.M):
        got[int(m.group(1))] = m.group(2).strip()
    return got


def functions_of(text):
    """Names of the defined functions, in order."""
    return [m.group(1) for m in re.finditer(r'^define [^@]*@([-\w.$]+|"[^"]*")\(', text, re.M)]


def allocas_by_function(text):
    """{function: [alloca result names]} of the module's text."""
    out, cur = {}, None
    for line in text.splitlines():
        m = re.match(r'^define [^@]*@([-\w.$]+|"[^"]*")\(', line)
        if m:
            cur = m.group(1)
            out[cur] = []
        elif line.startswith("}"):
            cur = None
        elif cur is not None:
            m = re.match(r"\s+(%[-\w.$]+|%\"[^\"]*\") = alloca ", line)
            if m:
                out[cur].append(m.group(1))
    return out


AA_LINE = re.compile(r"^\s+(NoAlias|MayAlias|PartialAlias|MustAlias):\t(.+?)\* (%s), (.+)\* (%s)$"
                     % (NAME, NAME))
MR_LINE = re.compile(r"^\s+(NoModRef|Just Ref|Just Mod|Both ModRef):\s+Ptr: (.+)\* (%s)\t<->\s+(.*)$"
                     % NAME)
CONSTEXPR = re.compile(r"\b(getelementptr|bitcast|addrspacecast|inttoptr|select|ptrtoint)\b")
AA_INST = re.compile(r"^\s+(NoAlias|MayAlias|PartialAlias|MustAlias):   (.+?) <->   (.+)$")
MR_ANY = re.compile(r"^\s+(NoModRef|Just Ref|Just Mod|Both ModRef):\s+Ptr: ")
MR_WORD = {"NoModRef": "NoModRef", "Just Ref": "Ref", "Just Mod": "Mod", "Both ModRef": "ModRef"}
LOADSTORE = re.compile(r"(%\S+ = )?(load|store) ")
DA_SRC = re.compile(r"^Src:\s*(.*?) --> Dst:\s*(.*)$")
DA_RES = re.compile(r"^\s+da analyze - (.*)!$")


def norm(text):
    """An instruction's text without the numbers of attribute groups and
    metadata, which llvm-extract renumbers."""
    return re.sub(r"!\d+", "!N", re.sub(r" #\d+", " #N", text.strip()))


def parse_aa(out, fn=None):
    """aa-eval's pairs and modref lines of function fn (all without fn): the
    stubbed functions' arguments are pointers too for aa-eval 14."""
    pairs, modrefs, insts = [], [], []
    npointers, nline = 0, 0
    on = fn is None
    for line in out.splitlines():
        if line.startswith("Function: "):
            on = fn is None or line.startswith("Function: %s: " % fn.strip('"'))
            m = re.search(r": (\d+) pointers, \d+ call sites$", line)
            npointers, nline = (int(m.group(1)) if m else 0), 0
            continue
        if not on:
            continue
        m = AA_INST.match(line)
        if m:
            insts.append((m.group(1), m.group(2).strip(), m.group(3).strip()))
            continue
        m = AA_LINE.match(line)
        if m and (CONSTEXPR.search(m.group(2)) or CONSTEXPR.search(m.group(4))):
            continue      # a constant expression pointer: not a name memssa takes
        if m:
            pairs.append((m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)))
            continue
        if MR_ANY.match(line):
            # for each call, a line for each pointer: the line's number
            # says which call (its text alone may be another call's too)
            group = nline // npointers if npointers else None
            nline += 1
        m = MR_LINE.match(line)
        if m:
            modrefs.append((MR_WORD[m.group(1)], m.group(2), m.group(3), m.group(4).strip(), group))
    return pairs, modrefs, insts


def parse_da(out, fn=None):
    res, cur = [], None
    on = True            # LLVM 14 prints no header: the one function with a body
    for line in out.splitlines():
        if line.startswith("Printing analysis 'Dependence Analysis' for function "):
            on = fn is None or line.endswith("function '%s':" % fn.strip('"'))
            continue
        if not on:
            continue
        m = DA_SRC.match(line)
        if m:
            cur = (m.group(1).strip(), m.group(2).strip())
            continue
        m = DA_RES.match(line)
        if m and cur:
            res.append((cur[0], cur[1], m.group(1).strip()))
            cur = None
    return res


def da_vector(word):
    """The levels of a DA answer "consistent anti [0 <|<]": list of entries, and
    whether it has the loop-independent mark; None without a vector."""
    m = re.search(r"\[(.*)\]", word)
    if not m:
        return None, False
    body = m.group(1)
    indep = body.endswith("|<")
    if indep:
        body = body[:-2]
    return body.split(), indep


def same_iteration_only(word):
    """DA says the two meet only in the same iteration of every loop."""
    if word == "none" or "confused" in word:
        return False
    levels, _ = da_vector(word)
    if levels is None:
        return False
    return bool(levels) and all(e in ("0", "=") for e in levels)


# ------------------------------------------------------------ the comparisons

ALIAS_DEF = {"NoAlias", "MustAlias", "PartialAlias"}


def cmp_alias(llvm, mine):
    if mine == llvm:
        return "agree"
    if mine == "NoAlias":
        return "unsound"
    if llvm == "MayAlias":
        return "more"
    if mine == "MayAlias":
        return "less"
    return "unsound"     # two different definite answers


MR_BITS = {"NoModRef": 0, "Ref": 1, "Mod": 2, "ModRef": 3}


def cmp_modref(llvm, mine):
    a, b = MR_BITS[llvm], MR_BITS[mine]
    if a == b:
        return "agree"
    if a & ~b:
        return "unsound"
    return "less"


class Run:
    def __init__(self, args):
        self.args = args
        self.counts = {o: collections.Counter() for o in ORACLES}
        self.details = open(args.details, "w") if args.details else None
        self.unsound = []
        self.d = Daemon()
        self.tmp = tempfile.mkdtemp(prefix="oracles-ll-")

    def note(self, oracle, cat, rec):
        self.counts[oracle][cat] += 1
        if cat == "unsound":
            self.unsound.append(rec)
            print("UNSOUND %s: %s" % (oracle, json.dumps(rec)), file=sys.stderr)
        if self.details and cat not in ("agree",):
            self.details.write(json.dumps(dict(rec, oracle=oracle, cat=cat)) + "\n")

    def file(self, path):
        ver = self.args.llvm or version_of(path)
        opt = opt_of(ver)
        canon = os.path.join(self.tmp, "canon.ll")
        rc, _, err = run([opt, "-S", path, "-o", canon])
        if rc:
            print("oracles.py: %s: %s cannot read it: %s" % (path, opt, err.strip()[:200]), file=sys.stderr)
            return
        with open(canon) as h:
            text = h.read()
        mod = "m"
        try:
            self.d.c.call("unload", {"module": mod})
        except memssa.Error:
            pass
        self.d.c.call("load", {"module": mod, "path": canon, "llvm": ver})
        types = Types(text)
        fns = functions_of(text)
        want = set(self.args.oracles)
        m2r = None
        if "promotable" in want:
            # mem2reg renumbers the unnamed values: name them all first
            # (instnamer), so that an alloca keeps its name through the pass
            named = os.path.join(self.tmp, "named.ll")
            rc, _, err = run([opt, "-passes=instnamer", "-S", canon, "-o", named])
            if rc == 0:
                rc, out, err = run([opt, "-passes=mem2reg", "-S", named])
            if rc == 0:
                m2r = allocas_by_function(out)
                with open(named) as h:
                    before = allocas_by_function(h.read())
                try:
                    self.d.c.call("unload", {"module": "p"})
                except memssa.Error:
                    pass
                self.d.c.call("load", {"module": "p", "path": named, "llvm": ver})
        if "value" in want:
            self.value(path, ver, opt, text)
        for fn in fns:
            ctx = {"file": path, "llvm": ver, "function": fn}
            if m2r is not None:
                self.promotable("p", fn, before.get(fn, []), m2r.get(fn),
                                dict(ctx, names="opt -passes=instnamer"))
            if want & {"alias", "alias-inst", "modref", "depends"}:
                self.per_function(mod, fn, text, types, opt, ctx, want)

    def value(self, path, ver, opt, text):
        """memssa's value of every load against what GVN replaced it with."""
        named = os.path.join(self.tmp, "vnamed.ll")
        p = subprocess.run([opt, "-passes=instnamer", "-S", "-o", named], input=text.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode:
            return
        with open(named) as h:
            h_text = h.read()
        itext, tags = instrumented(h_text)
        defined = definitions(h_text)
        inst = os.path.join(self.tmp, "vinst.ll")
        with open(inst, "w") as h:
            h.write(itext)
        try:
            self.d.c.call("unload", {"module": "v"})
        except memssa.Error:
            pass
        try:
            self.d.c.call("load", {"module": "v", "path": inst, "llvm": ver})
        except memssa.Error as e:
            self.why_skipped("value", {"file": path}, "load: %s" % e)
            return
        loads = [(k, t) for k, t in tags.items() if t[1] == "load"]
        reqs = [("value", {"module": "v", "function": fn, "inst": name}) for _, (fn, _, name, _) in loads]
        res = self.d.batch(reqs) if reqs else []
        # memssa's value of each Known load, as "T V": a named value is
        # tagged again right after the load (so GVN says what it became
        # there); a constant is the reaching store's operand as the module
        # spells it (memssa says "<constant>" for a constant expression)
        mine, at_load = {}, {}
        for (k, (fn, _, name, ty)), r in zip(loads, res):
            if isinstance(r, memssa.Error) or r["state"] != "known":
                continue
            tv = None
            for w in r.get("writes") or []:
                m = STORE_LINE.match("  " + (w.get("text") or ""))
                if m:
                    tv = Types.split_top(m.group(2))[0]
                    break
            tv = tv or "%s %s" % (ty, r["value"])
            mine[(fn, name)] = tv
            if re.search(r"[%@]", tv):
                at_load[(fn, name)] = [tv]
        itext2, tags2 = instrumented(h_text, at_load)
        inst2 = os.path.join(self.tmp, "vinst2.ll")
        with open(inst2, "w") as h:
            h.write(itext2)
        rc, out, err = run([opt, "-passes=gvn", "-S", inst2], timeout=300)
        if rc:
            self.why_skipped("value", {"file": path}, "opt: " + err.strip()[:300])
            return
        after = uses_after(out)
        gvn_defs = definitions(out)
        load_tag = {(t[0], t[2]): k for k, t in tags2.items() if t[1] == "load"}
        expect = {}       # (function, load): what memssa's value became under GVN
        for k, (fn, kind, tv, _) in tags2.items():
            if kind.startswith("at:") and k in after:
                expect[(fn, kind[3:])] = after[k]
        for key, tv in mine.items():
            if key not in at_load:
                expect[key] = tv
        for (_, (fn, _, name, ty)), r in zip(loads, res):
            ctx = {"file": path, "llvm": ver, "function": fn,
                   "names": "opt -passes=instnamer, then a readnone call after each load and store"}
            k = load_tag.get((fn, name))
            if isinstance(r, memssa.Error) or k not in after:
                self.counts["value"]["skipped"] += 1
                continue
            g = after[k]
            kept = g == "%s %s" % (ty, name)
            rec = dict(ctx, request={"method": "value", "inst": name},
                       memssa=r["text"], llvm="kept" if kept else "GVN: " + g)
            if r["state"] != "known":
                self.note("value", "agree" if kept else "less", rec)
                continue
            want_ = expect.get((fn, name))
            rec["memssa_after_gvn"] = want_
            if want_ is None:
                self.counts["value"]["skipped"] += 1
            elif kept:
                self.note("value", "more", rec)
            elif want_ == g:
                self.note("value", "agree", rec)
            else:
                # GVN forwarded an earlier load of the same value: agree when
                # memssa gives that load the same value (GVN kept it)
                other = g.split(" ")[-1]
                if expect.get((fn, other)) == want_:
                    rec["why"] = "GVN forwards the load %s, whose memssa value is the same" % other
                    self.note("value", "more", rec)
                elif other.startswith("%") and (other not in defined.get(fn, {}) or
                                                 defined[fn][other] != gvn_defs.get(fn, {}).get(other)):
                    # a phi GVN's load PRE made (`%x.pre-phi`, or a phi that
                    # took a deleted load's name): GVN did not find one
                    # value; memssa did
                    rec["why"] = "GVN's PRE phi"
                    self.note("value", "more", rec)
                elif not re.search(r"[%@]", g) and re.search(r"[%@]", want_):
                    # a constant GVN knows from a branch on a load of the
                    # location (`if (x != 0) ... else use x`): not a
                    # write's value, and not comparable
                    self.counts["value"]["skipped"] += 1
                    self.why_skipped("value", dict(rec, cat=None), "GVN's constant %s, memssa's %s" % (g, want_))
                else:
                    self.note("value", "unsound", rec)

    def why_skipped(self, oracle, ctx, why):
        if self.details:
            self.details.write(json.dumps(dict(ctx, oracle=oracle, cat="skipped", why=why)) + "\n")

    def promotable(self, mod, fn, allocas, after, ctx):
        if not allocas:
            return
        try:
            r = self.d.c.call("promotable", {"module": mod, "function": fn})
        except memssa.Error as e:
            for _ in allocas:
                self.counts["promotable"]["skipped"] += 1
            return
        mine = {a["inst"]: a for a in r["allocas"]}
        for a in allocas:
            if a not in mine or after is None:
                self.counts["promotable"]["skipped"] += 1
                continue
            llvm_prom = a not in after
            mp = mine[a]["promotable"]
            cat = "agree" if mp == llvm_prom else ("unsound" if mp else "less")
            self.note("promotable", cat, dict(ctx, request={"method": "promotable", "alloca": a},
                                              memssa={"promotable": mp, "reason": mine[a]["reason"]},
                                              llvm={"promoted_by_mem2reg": llvm_prom}))

    def accesses(self, mod, fn):
        r = self.d.c.call("accesses", {"module": mod, "function": fn, "limit": 100000})
        return [a for a in r["accesses"]]

    def per_function(self, mod, fn, text, types, opt, ctx, want):
        try:
            acc = self.accesses(mod, fn)
        except memssa.Error:
            return
        fl = os.path.join(self.tmp, "fn.ll")
        with open(fl, "w") as h:
            h.write(stubbed(text, fn))
        memops = [a["access"] for a in acc if a["access"].get("text")
                  and re.match(r"(%\S+ = )?(load|store) ", a["access"]["text"])]
        passes = []
        if want & {"alias", "alias-inst", "modref"}:
            passes.append("aa-eval")
        if "depends" in want and len(memops) <= self.args.max_accesses:
            passes.append("print<da>")
        elif "depends" in want:
            self.counts["depends"]["skipped"] += 1      # one function
            self.why_skipped("depends", ctx, "%d loads and stores" % len(memops))
        if not passes:
            return
        # aa-eval's output grows with the square of the pointers: bound the function
        if "aa-eval" in passes and len(acc) > self.args.max_pointers:
            passes.remove("aa-eval")
            for o in want & {"alias", "alias-inst", "modref"}:
                self.counts[o]["skipped"] += 1
        if not passes:
            return
        rc, out, err = run([opt, "-passes=" + ",".join(passes), "-print-all-alias-modref-info",
                            "-evaluate-aa-metadata", "-disable-output", fl], timeout=300)
        if rc:
            for o in want & {"alias", "alias-inst", "modref", "depends"}:
                self.counts[o]["skipped"] += 1
            self.why_skipped("opt", ctx, err.strip()[:300])
            return
        if "aa-eval" in passes:
            pairs, modrefs, insts = parse_aa(err, fn)
            if "alias" in want:
                self.alias(mod, fn, pairs, types, ctx)
            if "alias-inst" in want:
                self.alias_inst(mod, fn, insts, acc, ctx)
            if "modref" in want:
                self.modref(mod, fn, modrefs, types, acc, ctx)
        if "print<da>" in passes:
            self.depends(mod, fn, parse_da(err, fn), [a["access"] for a in acc], ctx)

    def loc(self, types, ty, ptr):
        s = types.store_size(ty)
        return {"ptr": ptr} if s is None else {"ptr": ptr, "size": s}

    def alias(self, mod, fn, pairs, types, ctx):
        reqs = []
        for (_, t1, p1, t2, p2) in pairs:
            reqs.append(("alias", {"module": mod, "function": fn, "a": self.loc(types, t1, p1),
                                   "b": self.loc(types, t2, p2)}))
        for (llvm, *_), (_, params), r in zip(pairs, reqs, self.d.batch(reqs) if reqs else []):
            rec = dict(ctx, request=dict(params, method="alias"), llvm=llvm)
            if isinstance(r, memssa.Error):
                self.counts["alias"]["skipped"] += 1
                continue
            rec["memssa"] = r["alias"]
            self.note("alias", cmp_alias(llvm, r["alias"]), rec)

    def alias_inst(self, mod, fn, insts, acc, ctx):
        by_text = collections.defaultdict(list)
        for a in acc:
            t = a["access"].get("text")
            if t:
                by_text[norm(t)].append(a["access"]["inst"])
        reqs, keep = [], []
        for (llvm, t1, t2) in insts:
            i1, i2 = by_text.get(norm(t1), []), by_text.get(norm(t2), [])
            if len(i1) != 1 or len(i2) != 1:
                self.counts["alias-inst"]["skipped"] += 1
                continue
            reqs.append(("alias", {"module": mod, "function": fn, "a": i1[0], "b": i2[0]}))
            keep.append((llvm, t1, t2))
        for (llvm, t1, t2), (_, params), r in zip(keep, reqs, self.d.batch(reqs) if reqs else []):
            if isinstance(r, memssa.Error):
                self.counts["alias-inst"]["skipped"] += 1
                continue
            rec = dict(ctx, request=dict(params, method="alias", a_text=t1, b_text=t2), llvm=llvm,
                       memssa=r["alias"])
            self.note("alias-inst", cmp_alias(llvm, r["alias"]), rec)

    def modref(self, mod, fn, modrefs, types, acc, ctx):
        by_text = collections.defaultdict(list)
        for a in acc:
            t = a["access"].get("text")
            if t:
                by_text[norm(t)].append(a["access"]["inst"])
        # the calls in aa-eval's order (every call of the function, in
        # layout order), each the next access of memssa with its text
        group_text = {}
        for (_, _, _, call, g) in modrefs:
            if g is not None:
                group_text.setdefault(g, call)
        texts = [a["access"] for a in acc if a["access"].get("text")]
        group_inst, at = {}, 0
        for g in sorted(group_text):
            k = at
            while k < len(texts) and norm(texts[k]["text"]) != norm(group_text[g]):
                k += 1
            if k < len(texts):
                group_inst[g] = texts[k]["inst"]
                at = k + 1
        reqs, keep = [], []
        for (llvm, ty, ptr, call, g) in modrefs:
            ids = by_text.get(norm(call), [])
            if g in group_inst and group_text.get(g) == call:
                ids = [group_inst[g]]
            if len(ids) != 1:
                self.counts["modref"]["skipped"] += 1
                self.why_skipped("modref", ctx, "%d accesses are the call %r" % (len(ids), call))
                continue
            reqs.append(("modref", {"module": mod, "function": fn, "inst": ids[0],
                                    "location": self.loc(types, ty, ptr)}))
            keep.append((llvm, call))
        for (llvm, call), (_, params), r in zip(keep, reqs, self.d.batch(reqs) if reqs else []):
            if isinstance(r, memssa.Error):
                self.counts["modref"]["skipped"] += 1
                continue
            rec = dict(ctx, request=dict(params, method="modref", call=call), llvm=llvm,
                       memssa=r["modref"])
            self.note("modref", cmp_modref(llvm, r["modref"]), rec)

    def depends(self, mod, fn, da, all_acc, ctx):
        # DA prints Src/Dst for i <= j over the instructions that touch memory,
        # in layout order: n(n+1)/2 pairs, the first n of them (0, j)
        n = 0
        while n * (n + 1) // 2 < len(da):
            n += 1
        order = [(i, j) for i in range(n) for j in range(i, n)]
        if not da:
            return
        if len(order) != len(da):
            self.counts["depends"]["skipped"] += len(da)
            self.why_skipped("depends", ctx, "DA printed %d pairs" % len(da))
            return
        seq = [da[k][1] for k in range(n)]
        # each of DA's instructions is the next access of memssa with its text
        texts = [a for a in all_acc if a.get("text")]
        insts, at = [], 0
        for t in seq:
            k = at
            while k < len(texts) and norm(texts[k]["text"]) != norm(t):
                k += 1
            if k == len(texts):       # not an access of memssa's (a call it skips)
                insts.append({"text": t, "inst": None})
                continue
            insts.append(texts[k])
            at = k + 1
        for (i, j), (s_, t_, _) in zip(order, da):
            if norm(insts[i]["text"]) != norm(s_) or norm(insts[j]["text"]) != norm(t_):
                self.counts["depends"]["skipped"] += len(da)
                self.why_skipped("depends", ctx, "DA's pair %r / %r" % (s_, t_))
                return
        memops = insts
        word = {}
        for (i, j), (_, _, w) in zip(order, da):
            word[(i, j)] = w
        reqs, keep = [], []
        for (i, j) in order:
            if i == j:
                continue
            a, b = memops[i], memops[j]
            if not (LOADSTORE.match(a["text"]) and LOADSTORE.match(b["text"])) or \
               a["inst"] is None or b["inst"] is None:
                continue          # DA is confused by calls: nothing to compare
            if " = load " in a["text"] and " = load " in b["text"]:
                continue          # read-read: an input dependence, not memssa's question
            for (x, y) in ((a, b), (b, a)):
                reqs.append(("depends", {"module": mod, "function": fn, "from": x["inst"],
                                         "to": y["inst"]}))
            keep.append((i, j))
        res = self.d.batch(reqs) if reqs else []
        pos = {m["inst"]: k for k, m in enumerate(memops)}
        for k, (i, j) in enumerate(keep):
            w = word[(i, j)]
            r1, r2 = res[2 * k], res[2 * k + 1]
            if isinstance(r1, memssa.Error) or isinstance(r2, memssa.Error):
                self.counts["depends"]["skipped"] += 1
                continue
            mine = r1["depends"] or r2["depends"]
            rec = dict(ctx, request={"method": "depends", "function": fn,
                                     "a": memops[i]["text"], "b": memops[j]["text"],
                                     "a_inst": memops[i]["inst"], "b_inst": memops[j]["inst"]},
                       llvm="da: " + w,
                       memssa={"a->b": [r1["depends"], r1["reason"]],
                               "b->a": [r2["depends"], r2["reason"]]})
            why = []
            for r, to, name in ((r1, memops[j], "a->b"), (r2, memops[i], "b->a")):
                if r["depends"] or w == "none":
                    continue
                if w.startswith("consistent") and r["alias"] == "NoAlias":
                    why.append("%s: DA found the dependence (%s), memssa says NoAlias" % (name, w))
                    continue
                kl = r.get("killer")
                if not kl or kl.get("inst") not in pos:
                    continue
                kk, tk = pos[kl["inst"]], pos[to["inst"]]
                if kk <= tk:
                    continue      # the killer comes first: it may cover in-iteration
                kw = word.get((tk, kk))
                if kw and same_iteration_only(kw):
                    why.append("%s: killer %r comes after `to` and DA says they meet only in "
                               "the same iteration (%s)" % (name, kl["text"], kw))
            if why:
                cat = "unsound"
                rec["why"] = "; ".join(why)
            elif w == "none":
                cat = "less" if mine else "agree"
            elif mine:
                cat = "agree"
            else:
                cat = "more"
            self.note("depends", cat, rec)

    def close(self):
        self.d.close()
        shutil.rmtree(self.tmp, ignore_errors=True)
        if self.details:
            self.details.close()


def main():
    ap = argparse.ArgumentParser(description="memssa's offload answers against LLVM's analyses")
    ap.add_argument("--oracles", default=",".join(ORACLES))
    ap.add_argument("--max-pointers", type=int, default=150)
    ap.add_argument("--max-accesses", type=int, default=200)
    ap.add_argument("--details")
    ap.add_argument("--llvm", type=int, help="the LLVM version of every file (default: LLVM_VERSION beside it, else 14)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    args.oracles = [o for o in args.oracles.split(",") if o]
    for o in args.oracles:
        if o not in ORACLES:
            ap.error("unknown oracle %s" % o)
    # a SIGTERM still stops the private memssad and removes the temporary files
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    r = Run(args)
    t0 = time.time()
    try:
        for f in args.files:
            r.file(f)
    finally:
        r.close()
    if args.json:
        print(json.dumps({o: {c: r.counts[o][c] for c in CATS} for o in args.oracles}))
    else:
        print("%-11s %8s %8s %8s %8s %8s" % (("oracle",) + CATS))
        for o in args.oracles:
            print("%-11s %8d %8d %8d %8d %8d" % ((o,) + tuple(r.counts[o][c] for c in CATS)))
        print("# %d files, %.1f s" % (len(args.files), time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
