/* The example for source-position queries (tests/daemon-protocol.t,
** docs/protocol.md): compile with clang -g, load, ask what clobbers a read. */
int g;

int update(int *p, int *q) {
  *p = 1;
  *q = 2;
  g = *p;
  return g;
}

int local(void) {
  int x = 1;
  int y = 2;
  x = 3;
  return x + y;
}
