#!/bin/sh
# The same kind of session with socat: uses, access, verify, print, and two
# errors (unknown module, parse error).
#   sh socat-session.sh FILE.ll     (socket: $MEMSSA_SOCKET)
set -eu
LL=$1
# The default socket, as memssad and memssa find it (docs/protocol.md).
SOCK=${MEMSSA_SOCKET:-${XDG_RUNTIME_DIR:-/tmp/memssad-$(id -u)}/memssad.sock}
{
  printf '{"id":1,"method":"load","params":{"module":"ex2","path":"%s"}}\n' "$LL"
  printf '{"id":2,"method":"uses","params":{"module":"ex2","function":"local","id":3}}\n'
  printf '{"id":3,"method":"access","params":{"module":"ex2","function":"local","inst":{"block":"0","index":8}}}\n'
  printf '{"id":4,"method":"verify","params":{"module":"ex2","function":"local"}}\n'
  printf '{"id":5,"method":"print","params":{"module":"ex2","function":"local","walker":true}}\n'
  printf '{"id":6,"method":"functions","params":{"module":"missing"}}\n'
  printf 'not json\n'
  printf '{"id":7,"method":"unload","params":{"module":"ex2"}}\n'
} | socat -t 10 - UNIX-CONNECT:"$SOCK" |
  sed -E -e 's/"(ms|read_ms|build_ms)":[0-9.e+-]+/"\1":0/g' -e 's/"file":"[^"]*\//"file":"/g'
