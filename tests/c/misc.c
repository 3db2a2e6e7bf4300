/* Odds and ends: constant tables (loads from constant memory), VLAs and
   alloca, __builtin_assume / __builtin_expect / prefetch, thread-locals,
   static locals, inline asm with a memory clobber. */
#include <alloca.h>
#include <string.h>

static const int k_primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
const char k_name[] = "memssa";
_Thread_local int t_counter;
int g_out[8];

int prime_sum(int n) {
  int s = 0;
  for (int i = 0; i < n && i < 8; i++) s += k_primes[i];
  g_out[0] = s;
  return s + k_primes[n & 7];
}

int vla(int n) {
  int buf[n + 1];
  for (int i = 0; i <= n; i++) buf[i] = i;
  return buf[n / 2];
}

int with_alloca(int n) {
  int *p = alloca((size_t)(n + 1) * sizeof *p);
  memset(p, 0, (size_t)(n + 1) * sizeof *p);
  p[n] = 5;
  return p[0] + p[n];
}

int assumed(int *p, int n) {
  __builtin_assume(n > 0);
  if (__builtin_expect(*p == 0, 0)) *p = n;
  __builtin_prefetch(p + 4);
  return *p;
}

int tls_bump(void) {
  t_counter++;
  g_out[1] = t_counter;
  return t_counter;
}

int static_local(void) {
  static int calls;
  return ++calls + g_out[2];
}

int barrier(int *p) {
  *p = 1;
  __asm__ volatile("" ::: "memory");
  return *p;
}

char first_letter(void) { return k_name[0]; }
