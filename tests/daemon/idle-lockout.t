#!/usr/bin/env python3
# Idle connections cannot lock new clients out, whatever --idle-timeout is:
# with every one of the default 1024 slots held by an idle client, a new
# client takes the slot of the one idle the longest (once it has been idle
# a second), that one is closed, and stats counts it (idle_evicted). A
# client in the middle of a request is not idle: with every slot held so,
# the next client is turned away (too_many_connections).
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

    # Clients in the middle of a request (a line half sent) are not idle,
    # however long ago they started it: the next client is turned away.
    live = [h for i, h in enumerate(held) if i not in gone] + [x]
    for h in live:
        h.send('{"id":1,')
    time.sleep(1.3)
    z = Client(d.sock)
    r = z.line(timeout=30)
    e = (r or {}).get("error", {})
    ok(e.get("data", {}).get("reason") == "too_many_connections" and z.eof(),
       "with every client in the middle of a request, a new one is turned away", r)
    for h in live:
        h.send('"method":"ping"}\n')
    for h in live:
        h.line(timeout=30)
    time.sleep(1.3)
    y = Client(d.sock)
    is_(y.call("ping", timeout=20).get("result"), {"version": "1.0"},
        "a second later, one more gets in")
    is_(len(closed(live)), 1, "in the place of the client idle the longest")
    for h in held + [x, y, z]:
        h.close()
    is_(d.stop(), 0, "clean stop")
    ok(d.sanitizer_clean(), "no sanitizer reports", d.stderr()[-2000:])
    done()


main()
