"""memssa -- a synchronous Python client for memssad (standard library only).

For scripts and test harnesses; the C library (libmemssa-client,
docs/client.md) is the one for compilers. Same levels, same calls:

    import memssa
    c = memssa.Client()                         # the default socket
    c.load("prog.json")                         # module "prog"
    print(c.value("prog", "main", "v5")["text"])        # Known(v4)
    d = c.depends("prog", "main", "b2:2", "v5")         # from a store to a load
    c.send("ping"); c.send("ping"); c.recv(); c.recv()  # pipelining
    b = c.batch()                               # a JSON-RPC batch, typed
    b.value("prog", "main", "v3"); b.value("prog", "main", "v5")
    unknown, known = b.run()

Results are the replies' "result" objects (dicts), as docs/protocol.md and
docs/offload.md describe them. accesses, alias and depends take form="ids"
for the compact reply (numbers only, docs/offload.md "The ids form") or
form="packed" (the same numbers in one string, "The packed form");
memssa.unpack(method, result) turns a packed result into the ids one, and
memssa.expand(method, result) spells either with names again. An error reply raises memssa.Error (code,
message, data); in a batch it is returned in its place instead.

Instructions (`inst`, `a`, `b`, `from_`, `to`) are given as the C library
takes them: an int or a string of digits (the stable id), a result name
("%8", "v3"), "BLOCK:INDEX" ("b2:2": a store of JSON IR has no name), or
a dict passed through ({"ptr": "v0", "size": 8} for alias).

Invariants:
  1. Replies come in request order; every reply's id is checked against its
     request's (ProtocolError otherwise).
  2. The default socket is the rule of common/sockpath.c:
     $MEMSSA_SOCKET, else $XDG_RUNTIME_DIR/memssad.sock, else
     /tmp/memssad-$UID/memssad.sock; a default socket's directory must be
     ours and private, and any socket must be ours (UnsafeSocket otherwise).
"""
import collections
import json
import os
import socket
import stat

__all__ = ["Client", "Batch", "Error", "ProtocolError", "UnsafeSocket", "default_socket",
           "inst_json", "expand", "unpack", "vlq_decode", "vlq_encode", "columns_entries"]

ACCESSES_PAGE = 100000      # the daemon's largest `accesses` page
ACCESSES_MANY_PAGE = 2000   # accesses_many: about one batch slice of the daemon, cold
QUERIES_REQUEST = 64        # queries: questions a request (the daemon takes 256; queries.c)
PAIRS_REQUEST_MAX = 256     # the daemon's bound on the questions of one `pairs` request
READ_CHUNK = 1 << 20

# Codes of the ids form (docs/offload.md), by position.
KINDS = (None, "def", "use", "phi", "liveOnEntry")
ALIASES = ("NoAlias", "MayAlias", "PartialAlias", "MustAlias")
OVERLAPS = ("may", "exact", "total", "partial", "none")
MODREFS = ("NoModRef", "Ref", "Mod", "ModRef")
DEP_KINDS = ("flow", "anti", "output")
IDS_REF = 3                 # an access elsewhere: kind, id, inst


def _code(names, k):
    return names[k] if isinstance(k, int) and 0 <= k < len(names) else None


def _ref(kind, id_, inst):
    """An access of the ids form as a dict with the full form's kind, id, inst."""
    a = {"kind": _code(KINDS, kind)}
    if id_ >= 0:
        a["id"] = id_
    if inst >= 0:
        a["inst"] = inst
    return a


_B64_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64 = {c: i for i, c in enumerate(_B64_CHARS)}
PACKED_DEPENDS_HEAD = 11    # depends, kinds, alias, modref, reaches, killer, walker_clobber


def vlq_encode(nums):
    """Numbers as a packed string (base64 VLQ, docs/offload.md)."""
    out = []
    for n in nums:
        u = (-n << 1) | 1 if n < 0 else n << 1
        while True:
            d, u = u & 31, u >> 5
            out.append(_B64_CHARS[d | (32 if u else 0)])
            if not u:
                break
    return "".join(out)


def vlq_decode(s):
    """The numbers of a packed string (base64 VLQ, docs/offload.md)."""
    out, v, shift = [], 0, 0
    for ch in s:
        d = _B64.get(ch)
        if d is None:
            raise ProtocolError("not a packed number string: %r" % s[:40])
        v |= (d & 31) << shift
        if d & 32:
            shift += 5
            continue
        out.append(-(v >> 1) if v & 1 else v >> 1)
        v, shift = 0, 0
    if shift:
        raise ProtocolError("packed number string ends inside a number")
    return out


ACCESS_FIELDS = ["kind", "id", "inst", "block", "clobber", "alias"]


def _packed_rows(v):
    """The ids numbers of packed `accesses` numbers (docs/offload.md, "The
    packed form"): (kind, alias) as kind*5 + alias - 4, then differences."""
    return _packed_take(v, 0, None)[0]


def _packed_take(v, i, count):
    """`count` accesses (None: all) of packed numbers v from index i, the
    differences starting from 0: (their ids numbers, the index after them)."""
    out, id_, inst, block, n = [], 0, 0, 0, 0
    while i < len(v) and (count is None or n < count):
        kind, alias = v[i] // 5 + 1, v[i] % 5 - 1
        need = 2 + (kind != 2) + 2 * (kind != 3)
        if v[i] < 0 or i + need > len(v):
            raise ProtocolError("packed accesses cut short at number %d" % i)
        i += 1
        if kind != 2:
            id_ += v[i]
            i += 1
        if kind != 3:
            inst += v[i]
            i += 1
        block += v[i]
        i += 1
        clobber = -1
        if kind != 3:
            clobber = id_ - v[i]
            i += 1
        out += [kind, -1 if kind == 2 else id_, -1 if kind == 3 else inst, block, clobber, alias]
        n += 1
    if count is not None and n < count:
        raise ProtocolError("packed accesses: %d of %d accesses" % (n, count))
    return out, i


def _names(m):
    """A names member of the columns layout: one string joined by '\n', or a list."""
    return m if isinstance(m, list) else (m.split("\n") if m else [])


def columns_entries(page):
    """A page of `accesses` of several functions in the columns layout
    (docs/offload.md, "The columns layout") as the rows layout's entries,
    each already the ids form's result (with its "function")."""
    h, v = vlq_decode(page["head"]), vlq_decode(page["accesses"])
    names, per = _names(page["names"]), 5 if "blocks" in page else 4
    blocks = None
    if "blocks" in page:   # "" is one empty name (an unnamed block) when the head counts one
        nb = sum(h[f * per + 4] for f in range(len(h) // per)) if per == 5 else 0
        blocks = page["blocks"] if isinstance(page["blocks"], list) else \
            (page["blocks"].split("\n") if nb else [])
    slots, si = vlq_decode(page.get("slots", "")), 0
    if len(h) % per or len(h) // per != len(names):
        raise ProtocolError("columns: %d head numbers for %d functions" % (len(h), len(names)))
    out, i, b = [], 0, 0
    for f, name in enumerate(names):
        total, offset, n, entry = h[f * per:f * per + 4]
        rows, i = _packed_take(v, i, n)
        e = {"function": name, "total": total, "offset": offset,
             "next": offset + n if offset + n < total else None, "entry": entry,
             "fields": list(ACCESS_FIELDS)}
        if blocks is not None:
            e["blocks"], last = blocks[b:b + h[f * per + 4]], 0
            b += h[f * per + 4]
            for k, nm in enumerate(e["blocks"]):
                if nm == "" and "slots" in page:   # unnamed: its number, a difference
                    last += slots[si]
                    si += 1
                    e["blocks"][k] = str(last)
        e["accesses"] = rows
        out.append(e)
    if i != len(v) or si != len(slots):
        raise ProtocolError("columns: numbers left over")
    return out


def _ref_or_null(v):
    return None if v[0] == 0 else list(v)


def unpack(method, result):
    """A packed result of accesses, alias or depends as the ids form's result
    (exactly: docs/offload.md "The packed form"); others are returned as is."""
    if method == "accesses" and isinstance(result, dict) and isinstance(result.get("accesses"), str):
        r = {k: result[k] for k in ("total", "offset", "next", "entry")}
        r["fields"] = list(ACCESS_FIELDS)
        if "blocks" in result:   # not with "blocks": false
            b = result["blocks"]
            r["blocks"] = (b.split("\n") if b else []) if isinstance(b, str) else b
        r["accesses"] = _packed_rows(vlq_decode(result["accesses"]))
        return r
    if method == "alias" and isinstance(result, str):
        return vlq_decode(result)
    if method == "depends" and isinstance(result, str):
        nums, sep, reason = result.partition(";")
        v = vlq_decode(nums)
        if len(v) < PACKED_DEPENDS_HEAD or (len(v) - PACKED_DEPENDS_HEAD) % IDS_REF:
            raise ProtocolError("a packed depends has %d numbers" % len(v))
        return [bool(v[0]), v[1], v[2], v[3], bool(v[4]), reason if sep else None,
                _ref_or_null(v[5:8]), _ref_or_null(v[8:11]), v[11:]]
    return result


def _expand_accesses(r):
    f = r["fields"]
    n, flat, blocks = len(f), r["accesses"], r["blocks"]
    rows = [dict(zip(f, flat[k:k + n])) for k in range(0, len(flat), n)]
    by_id = {}
    out = []
    for x in rows:
        a = _ref(x["kind"], x["id"], x["inst"])
        a["block"] = blocks[x["block"]]
        if x["kind"] != 2:
            by_id[x["id"]] = a
        out.append({"access": a, "clobber": x["clobber"], "alias": _code(ALIASES, x["alias"])})
    for e in out:
        c = e["clobber"]
        if c == 0:
            e["clobber"] = {"kind": "liveOnEntry", "id": 0, "block": blocks[r["entry"]]}
        elif c is not None and c >= 0:
            e["clobber"] = by_id.get(c, {"id": c})
        else:
            e["clobber"] = None
    return {"total": r["total"], "offset": r["offset"], "next": r["next"], "accesses": out}


def _expand_depends(r):
    dep, kinds, alias, modref, reaches, reason, killer, clobber, path = r[:9]
    return {"depends": dep, "kinds": [k for i, k in enumerate(DEP_KINDS) if kinds & (1 << i)],
            "alias": _code(ALIASES, alias), "modref": _code(MODREFS, modref),
            "reaches": reaches, "reason": reason,
            "killer": _ref(*killer) if killer else None,
            "walker_clobber": _ref(*clobber) if clobber else None,
            "path": [_ref(*path[k:k + IDS_REF]) for k in range(0, len(path), IDS_REF)]}


def expand(method, result):
    """An ids-form result of accesses, alias or depends spelled as the full
    form spells it, with what the ids form carries: accesses by kind, id,
    inst (and block in `accesses`), alias words and kind names. A full-form
    result is returned as is; a packed one is unpacked first."""
    result = unpack(method, result)
    if method == "accesses" and "fields" in result:
        return _expand_accesses(result)
    if method == "alias" and isinstance(result, list):
        return {"alias": _code(ALIASES, result[0]), "overlap": _code(OVERLAPS, result[1])}
    if method == "depends" and isinstance(result, list):
        return _expand_depends(result)
    return result


def _form(params, form):
    if form is not None:
        params["form"] = form
    return params


class Error(Exception):
    """The daemon answered with an error."""

    def __init__(self, error):
        self.error = error
        self.code = error.get("code")
        self.message = error.get("message", "")
        self.data = error.get("data")
        super().__init__("error %s: %s" % (self.code, self.message))


class ProtocolError(Exception):
    """The daemon sent something that is not the awaited reply."""


class UnsafeSocket(Exception):
    """The socket or its directory belongs to another user, or is open to others."""


def default_socket():
    """(path, private): the default socket and whether its directory must be private."""
    env = os.environ.get("MEMSSA_SOCKET")
    if env:
        return env, False
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if xdg:
        return os.path.join(xdg, "memssad.sock"), True
    return "/tmp/memssad-%d/memssad.sock" % os.getuid(), True


def check_socket(path, private):
    """Raises UnsafeSocket as memssa_client_check_socket refuses (common/sockpath.c)."""
    me = os.geteuid()
    if private:
        d = os.path.dirname(path) or "."
        try:
            st = os.lstat(d)
        except FileNotFoundError:
            return                      # no daemon there yet
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafeSocket("socket directory %s is not a directory; refusing it" % d)
        if st.st_uid != me:
            raise UnsafeSocket("socket directory %s is owned by uid %d, not by you (uid %d); "
                               "refusing it" % (d, st.st_uid, me))
        if st.st_mode & 0o077:
            raise UnsafeSocket("socket directory %s is open to group or others (mode %03o); "
                               "refusing it" % (d, st.st_mode & 0o777))
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise UnsafeSocket("%s exists and is not a socket; refusing it" % path)
    if st.st_uid != me:
        raise UnsafeSocket("socket %s is owned by uid %d, not by you (uid %d); refusing it"
                           % (path, st.st_uid, me))


def inst_json(inst):
    """An instruction as the protocol takes it (see the module's docstring)."""
    if isinstance(inst, (int, dict)):
        return inst
    if not isinstance(inst, str) or not inst:
        raise ValueError("an instruction is an id, a name or BLOCK:INDEX, not %r" % (inst,))
    if inst.isdigit():
        return int(inst)
    block, colon, index = inst.rpartition(":")
    if not colon or inst.startswith("%"):
        return inst
    if not block or not index.isdigit():
        raise ValueError("INST %r: expected BLOCK:INDEX" % inst)
    return {"block": block, "index": int(index)}


def _location(x):
    """alias operand: a (ptr, size) tuple, a dict, or an instruction."""
    if isinstance(x, tuple):
        ptr, size = x
        return {"ptr": ptr} if size is None else {"ptr": ptr, "size": size}
    return inst_json(x)


class _Typed:
    """The typed calls, on anything with _do(method, params)."""

    def load(self, path=None, module=None, text=None, ir=None):
        p = {} if module is None else {"module": module}
        if path is not None:
            p["path"] = os.path.abspath(path)     # the daemon resolves paths in its own cwd
        elif text is not None:
            p["text"] = text
        elif ir is not None:
            p["ir"] = ir
        else:
            raise ValueError("load: give path, text or ir")
        return self._do("load", p)

    def clobber(self, module, function, inst):
        return self._do("clobber", {"module": module, "function": function,
                                    "inst": inst_json(inst)})

    def accesses_page(self, module, function, offset=0, limit=ACCESSES_PAGE, form=None):
        return self._do("accesses", _form({"module": module, "function": function,
                                           "offset": offset, "limit": limit}, form))

    def alias(self, module, function, a, b, form=None):
        return self._do("alias", _form({"module": module, "function": function,
                                        "a": _location(a), "b": _location(b)}, form))

    def modref(self, module, function, inst, other):
        return self._do("modref", {"module": module, "function": function,
                                   "inst": inst_json(inst), "other": inst_json(other)})

    def depends(self, module, function, from_, to, form=None):
        return self._do("depends", _form({"module": module, "function": function,
                                          "from": inst_json(from_), "to": inst_json(to)}, form))

    def value(self, module, function, inst):
        return self._do("value", {"module": module, "function": function,
                                  "inst": inst_json(inst)})

    def promotable(self, module, function):
        return self._do("promotable", {"module": module, "function": function})

    def writers(self, module=None, **target):
        """Every access that may write a global (global="g"), a field
        (field="struct s.f") or the memory at file=, line=, col=; limit=,
        cursor= page it (docs/protocol.md, writers)."""
        return self._do("writers", _refs_params(module, target))

    def readers(self, module=None, **target):
        """The same for the accesses that may read it."""
        return self._do("readers", _refs_params(module, target))


def _refs_params(module, target):
    p = dict(target)
    if module is not None:
        p["module"] = module
    return p


class Client(_Typed):
    """One connection to memssad. Not thread-safe."""

    def __init__(self, path=None, tcp=None, token=None, timeout=None):
        if tcp:
            self.sock = socket.create_connection(tcp, timeout=timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        else:
            private = False
            if path is None:
                path, private = default_socket()
            check_socket(path, private)
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.sock.settimeout(timeout)
            self.sock.connect(path)
        self.buf = bytearray()
        self.next_id = 1
        self.waiting = collections.deque()     # ids sent, replies not read
        self.out = []
        if token is not None:
            self.sock.sendall(token.encode() + b"\n")

    def close(self):
        self.sock.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ------------------------------------------------------------ pipeline
    def send(self, method, params=None):
        """Queues a request (sent at flush or at the next recv); returns its id."""
        rid = self.next_id
        self.next_id += 1
        req = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            req["params"] = params
        self.out.append(json.dumps(req, separators=(",", ":")))
        self.waiting.append(rid)
        return rid

    def flush(self):
        if self.out:
            data = ("\n".join(self.out) + "\n").encode()
            self.out = []
            self.sock.sendall(data)

    def _line(self):
        self.flush()
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line = bytes(self.buf[:nl])
                del self.buf[:nl + 1]
                return json.loads(line)
            chunk = self.sock.recv(READ_CHUNK)
            if not chunk:
                raise ConnectionError("memssad closed the connection")
            self.buf += chunk

    def recv(self):
        """The next reply, whole (a dict with "result" or "error")."""
        if not self.waiting:
            raise ProtocolError("no request is waiting for a reply")
        want = self.waiting.popleft()
        r = self._line()
        if not isinstance(r, dict) or r.get("id") != want:
            raise ProtocolError("reply %r is not the reply to request %d" % (r, want))
        return r

    @property
    def pending(self):
        return len(self.waiting)

    # ------------------------------------------------------------ calls
    def request(self, method, params=None):
        """Sends and waits: the whole reply."""
        if self.waiting:
            raise ProtocolError("%d pipelined replies are still unread" % len(self.waiting))
        self.send(method, params)
        return self.recv()

    def call(self, method, params=None):
        """Sends and waits: the result, or raises Error."""
        return _result(self.request(method, params))

    _do = call

    def depends_pairs(self, module, function, pairs):
        """Several depends questions about one function in few requests
        (docs/offload.md, "Several questions in one request"): pairs of
        instruction ids (from, to); the answers unpacked, as the ids form's.
        Sent PAIRS_REQUEST_MAX a request (the daemon's bound), one after
        another; an error names the question within its request."""
        return self._pairs("depends", module, function, pairs)

    def alias_pairs(self, module, function, pairs):
        """The same for alias: pairs of load/store instruction ids (a, b)."""
        return self._pairs("alias", module, function, pairs)

    def _pairs(self, method, module, function, pairs):
        pairs = list(pairs)
        out = []
        for i in range(0, max(len(pairs), 1), PAIRS_REQUEST_MAX):
            chunk = pairs[i:i + PAIRS_REQUEST_MAX]
            r = self.call(method, {"module": module, "function": function, "form": "packed",
                                 "pairs": vlq_encode([x for p in chunk for x in p])})
            out.extend(unpack(method, x) for x in r)
        return out

    def queries(self, module, questions):
        """Many alias and depends questions over the functions of one module
        in few requests (docs/offload.md, "Many questions over many
        functions"): questions are (function, kind, a, b) with kind "alias"
        or "depends" (a, b: from, to) and a, b instruction ids, in any order.
        They are sent as `pairs` over several functions, at most
        QUERIES_REQUEST questions a request, all sent, then all read
        (pipelined). Returns the answers unpacked (as the ids form's), in
        the questions' order. An error reply raises Error (after every
        reply is read), with `query` the index of the question it names."""
        if self.waiting:
            raise ProtocolError("%d pipelined replies are still unread" % len(self.waiting))
        by_kind = {"alias": collections.OrderedDict(), "depends": collections.OrderedDict()}
        for k, q in enumerate(questions):
            function, kind, a, b = q
            if kind not in by_kind:
                raise ValueError("questions[%d]: kind must be 'alias' or 'depends'" % k)
            by_kind[kind].setdefault(function, []).append((k, a, b))
        reqs = []
        for kind, fns in by_kind.items():
            flat = [(f, k, a, b) for f, qs in fns.items() for k, a, b in qs]
            for i in range(0, len(flat), QUERIES_REQUEST):
                part, names, nums = flat[i:i + QUERIES_REQUEST], [], []
                for f, k, a, b in part:
                    if not names or names[-1] != f:
                        names.append(f)
                    nums += [len(names) - 1, a, b]
                self.send(kind, {"module": module, "functions": names, "form": "packed",
                                 "pairs": vlq_encode(nums)})
                reqs.append((kind, part))
        out, first = [None] * sum(len(p) for _, p in reqs), None
        for kind, part in reqs:   # every reply, also after an error
            r = self.recv()
            if first is not None:
                continue
            if "error" in r:
                first = Error(r["error"])
                first.query = part[_failed_question(first, part)][1]
                continue
            res = _result(r)
            if not isinstance(res, list) or len(res) != len(part):
                first = ProtocolError("%s: %d answers for %d questions" % (kind, len(res), len(part)))
                continue
            for (_, k, _, _), x in zip(part, res):
                out[k] = unpack(kind, x)
        if first is not None:
            raise first
        return out

    def ping(self):
        return self.call("ping")

    def accesses(self, module, function, form=None):
        """Every access of the function with its clobber (all pages). A
        packed reply that took more than one page is returned unpacked (the
        ids result): its differences start again on every page."""
        r = self.accesses_page(module, function, form=form)
        while r.get("next") is not None:
            more = self.accesses_page(module, function, r["next"], form=form)
            r, more = unpack("accesses", r), unpack("accesses", more)
            r["accesses"].extend(more["accesses"])
            r["next"] = more["next"]
        return r

    def accesses_many(self, module, functions="*", form="packed", limit=ACCESSES_MANY_PAGE, blocks=True,
                      layout=None):
        """`accesses` of several functions, `limit` accesses a request
        (docs/offload.md, "Several functions in one request"): functions is
        "*" (every function with a body) or a list of names; form "packed"
        or "ids". A dict, in order, of each function's whole answer as the
        ids form's result (packed pages unpacked and joined). blocks=False:
        without the block names (no "blocks" member). layout: "columns"
        (the packed form's default here) or "rows"."""
        out, at, offset = {}, 0, 0
        extra = {} if blocks else {"blocks": False}
        if layout or form == "packed":
            extra["layout"] = layout or "columns"
        while True:
            r = self.call("accesses", dict({"module": module, "functions": functions, "form": form,
                                            "at": at, "offset": offset, "limit": limit}, **extra))
            entries = columns_entries(r) if "head" in r else r["functions"]
            for e in entries:
                name = e["function"]
                piece = unpack("accesses", {k: v for k, v in e.items() if k != "function"})
                if name in out and out[name]["next"] is not None:
                    out[name]["accesses"].extend(piece["accesses"])
                    out[name]["next"] = piece["next"]
                else:
                    out[name] = piece
            if r["next"] is None:
                return out
            at, offset = r["next"]["at"], r["next"]["offset"]

    def batch(self):
        """A Batch on this connection."""
        return Batch(self)

    def batch_raw(self, requests):
        """One JSON-RPC batch of (method, params) pairs: the whole replies, in order."""
        if self.waiting:
            raise ProtocolError("%d pipelined replies are still unread" % len(self.waiting))
        first = self.next_id
        reqs = []
        for k, (method, params) in enumerate(requests):
            q = {"jsonrpc": "2.0", "id": first + k, "method": method}
            if params is not None:
                q["params"] = params
            reqs.append(q)
        if not reqs:
            raise ValueError("an empty batch")
        self.next_id += len(reqs)
        self.flush()
        self.sock.sendall((json.dumps(reqs, separators=(",", ":")) + "\n").encode())
        got = self._line()
        by_id = {r.get("id"): r for r in got} if isinstance(got, list) else {}
        if len(by_id) != len(reqs) or any(q["id"] not in by_id for q in reqs):
            raise ProtocolError("the batch reply does not answer each request once")
        return [by_id[q["id"]] for q in reqs]


def _failed_question(e, part):
    """The index in part of the question an error of its request names:
    data.pair, or the first question of function j (params.functions[j])."""
    j = e.data.get("pair") if isinstance(e.data, dict) else None
    if isinstance(j, int) and 0 <= j < len(part):
        return j
    head = "params.functions["
    if e.message.startswith(head) and e.message[len(head):].split("]", 1)[0].isdigit():
        want, f = int(e.message[len(head):].split("]", 1)[0]), 0
        for i in range(1, len(part)):
            if part[i][0] != part[i - 1][0]:
                f += 1
                if f == want:
                    return i
    return 0


def _result(reply):
    if "error" in reply:
        raise Error(reply["error"])
    if "result" not in reply:
        raise ProtocolError("reply without result or error: %r" % (reply,))
    return reply["result"]


class Batch(_Typed):
    """Typed calls gathered into one JSON-RPC batch: each call returns its
    index; run() sends them and returns the results in order, an Error
    object (not raised) in the place of each error reply."""

    def __init__(self, client):
        self.client = client
        self.requests = []

    def _do(self, method, params):
        self.requests.append((method, params))
        return len(self.requests) - 1

    def call(self, method, params=None):
        return self._do(method, params)

    def __len__(self):
        return len(self.requests)

    def run(self):
        replies = self.client.batch_raw(self.requests)
        self.requests = []
        return [Error(r["error"]) if "error" in r else r.get("result") for r in replies]
