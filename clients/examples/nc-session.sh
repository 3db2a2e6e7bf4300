#!/bin/sh
# A memssad session with netcat (netcat-openbsd): load a module, ask what
# clobbers a load, by stable id and by source position, list functions.
#   sh nc-session.sh FILE.ll        (socket: $MEMSSA_SOCKET)
# Timings and absolute paths are normalized so the output can be compared
# with nc-session.expected (the test suite does).
set -eu
LL=$1
# The default socket, as memssad and memssa find it (docs/protocol.md).
SOCK=${MEMSSA_SOCKET:-${XDG_RUNTIME_DIR:-/tmp/memssad-$(id -u)}/memssad.sock}
{
  printf '{"jsonrpc":"2.0","id":1,"method":"ping"}\n'
  printf '{"jsonrpc":"2.0","id":2,"method":"load","params":{"module":"ex","path":"%s"}}\n' "$LL"
  printf '{"jsonrpc":"2.0","id":3,"method":"clobber","params":{"module":"ex","function":"update","inst":"%%8"}}\n'
  printf '{"jsonrpc":"2.0","id":4,"method":"clobber","params":{"module":"ex","file":"update.c","line":16,"col":10}}\n'
  printf '{"jsonrpc":"2.0","id":5,"method":"functions","params":{"module":"ex"}}\n'
  printf '{"jsonrpc":"2.0","id":6,"method":"unload","params":{"module":"ex"}}\n'
} | nc -N -U "$SOCK" |
  sed -E -e 's/"(ms|read_ms|build_ms)":[0-9.e+-]+/"\1":0/g' -e 's/"file":"[^"]*\//"file":"/g'
