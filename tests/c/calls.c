/* Calls with different memory effects: pure/const functions, readonly
   arguments, library functions, loops calling functions, a small program. */
#include <stdio.h>
#include <string.h>
#include <math.h>

int g_state;
int g_hist[10];

__attribute__((const)) int square(int x) { return x * x; }
__attribute__((pure)) int peek(const int *p) { return *p + g_state; }
__attribute__((noinline)) void touch(int *p) { *p += 1; }

int use_pure(int *p) {
  int a = peek(p);
  *p = 3;
  int b = peek(p);
  return a + b + square(*p);
}

int use_touch(void) {
  int local = 1;
  g_state = 5;
  touch(&local);
  return local + g_state;
}

double norms(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) s += sqrt(fabs(v[i]));
  return s;
}

void histogram(const char *s) {
  size_t n = strlen(s);
  for (size_t i = 0; i < n; i++)
    if (s[i] >= '0' && s[i] <= '9') g_hist[s[i] - '0']++;
}

int main(int argc, char **argv) {
  int x = argc;
  histogram(argc > 1 ? argv[1] : "31415926");
  for (int i = 0; i < 10; i++) printf("%d ", g_hist[i]);
  printf("\n%d %d\n", use_pure(&x), use_touch());
  return 0;
}
