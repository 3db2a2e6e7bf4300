#!/usr/bin/env python3
# Idle connections cannot lock new clients out, whatever --idle-timeout is:
# with every one of the default 1024 slots held by an idle client, a new
# client takes the slot of the one idle the longest (once it has been idle
# a second), that one is closed, and stats counts it (idle_evicted). A
# client that filled the last slot a moment ago is not cut: the next client
# is turned away (too_many_connections) while nobody has been idle a while.
# (The old daemon turned every new client away for the 10 minutes of the
# default --idle-timeout.)
import select, time

import daemonlib as lib
ok, is_, done, Daemon, Client = lib.ok, lib.is_, lib.done, lib.Daemon, lib.Client

SLOTS = 1024   # the default --max-connections


def closed(clients):
    """Indices of the clients whose connection the daemon closed."""
    time.sleep(0.2)
    p = select.poll()
    for h in clients:
        p.register(h.s, select.POLLIN)
    ready = {fd for fd, _ in p.poll(0)}
    return [i for i, h in enumerate(clients) if h.s.fileno() in ready and h.eof(timeout=1)]


def main():
    d = Daemon()
    held = [d.client() for _ in range(SLOTS)]
    time.sleep(1.3)   # all idle for more than a second
    x = Client(d.sock)
    r = x.call("ping", timeout=20)
    is_(r and r.get("result"), {"version": "1.0"},
        "with %d idle clients holding every slot, a new client gets in" % SLOTS)
    gone = closed(held)
    is_(len(gone), 1, "one idle client was closed for it")
    ok(gone and gone[0] < 3, "the one idle the longest (opened #%s)" % (gone[0] if gone else "-"))
    st = x.result("stats")
    is_(st["idle_evicted"], 1, "stats: idle_evicted")

    # Every client active within the last second: the next one is turned away.
    live = [h for i, h in enumerate(held) if i not in gone]
    for h in live:
        h.send('{"id":1,"method":"ping"}\n')
    for h in live:
        h.line(timeout=20)
    z = Client(d.sock)
    r = z.line(timeout=10)
    e = (r or {}).get("error", {})
    ok(e.get("data", {}).get("reason") == "too_many_connections" and z.eof(),
       "with every client active within the second, a new one is turned away", r)
    time.sleep(1.3)
    y = Client(d.sock)
    is_(y.call("ping", timeout=20).get("result"), {"version": "1.0"},
        "a second later, one more gets in")
    is_(len(closed(live + [x])), 1, "in the place of the client idle the longest")
    for h in held + [x, y, z]:
        h.close()
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
