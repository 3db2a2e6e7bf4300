/* switch, goto, recursion, function pointers, setjmp. */
#include <setjmp.h>

int counter;
static jmp_buf env;

int classify(int *out, int v) {
  switch (v) {
  case 0: *out = 10; break;
  case 1:
  case 2: *out = 20; /* fall through */
  case 3: counter++; break;
  case 7: return *out;
  default: *out = -1;
  }
  return *out + counter;
}

int with_goto(int *a, int n) {
  int i = 0, s = 0;
again:
  if (i >= n) goto done;
  if (a[i] < 0) goto skip;
  s += a[i];
  a[i] = 0;
skip:
  i++;
  goto again;
done:
  return s;
}

int fib_mem(int n, int *memo) {
  if (n < 2) return n;
  if (memo[n]) return memo[n];
  memo[n] = fib_mem(n - 1, memo) + fib_mem(n - 2, memo);
  return memo[n];
}

typedef int (*binop)(int *, int);
static int add_to(int *p, int v) { return *p += v; }
static int mul_to(int *p, int v) { return *p *= v; }

int apply(binop f, int *p, int v) {
  int before = *p;
  f(p, v);
  return *p - before;
}

int dispatch(int which, int *p) {
  binop ops[2] = {add_to, mul_to};
  return ops[which & 1](p, 3) + *p;
}

int nested_loops_break(int m[8][8]) {
  int found = -1;
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) {
      if (m[i][j] == 42) { found = i * 8 + j; goto out; }
      m[i][j]++;
    }
  }
out:
  return found;
}

int jumps(int v) {
  volatile int x = v;
  if (setjmp(env)) return x;
  x++;
  counter = x;
  return 0;
}
