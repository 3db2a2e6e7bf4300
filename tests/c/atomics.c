/* volatile, C11 atomics, __atomic builtins, fences, varargs. */
#include <stdarg.h>
#include <stdatomic.h>

volatile int v_flag;
_Atomic int a_count;
int plain;
long shared_word;

int spin(void) {
  while (!v_flag) {
  }
  v_flag = 0;
  return v_flag;
}

int atomic_inc(void) {
  atomic_fetch_add(&a_count, 1);
  plain = 1;
  return atomic_load(&a_count);
}

int relaxed_then_acquire(int *p) {
  int a = __atomic_load_n(p, __ATOMIC_RELAXED);
  int b = __atomic_load_n(p, __ATOMIC_ACQUIRE);
  __atomic_store_n(p, a + b, __ATOMIC_RELEASE);
  return *p;
}

int cas(long *p, long expect, long want) {
  int ok = __atomic_compare_exchange_n(p, &expect, want, 0, __ATOMIC_SEQ_CST,
                                       __ATOMIC_SEQ_CST);
  atomic_thread_fence(memory_order_seq_cst);
  return ok + (int)shared_word;
}

int volatile_local(int n) {
  volatile int acc = 0;
  for (int i = 0; i < n; i++) acc += i;
  return acc;
}

int sum_ints(int count, ...) {
  va_list ap;
  int s = 0;
  va_start(ap, count);
  for (int i = 0; i < count; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

double mixed(const char *fmt, ...) {
  va_list ap, copy;
  double d = 0;
  va_start(ap, fmt);
  va_copy(copy, ap);
  for (const char *f = fmt; *f; f++) {
    if (*f == 'd') d += va_arg(ap, double);
    else d += va_arg(ap, int);
  }
  d += va_arg(copy, int);
  va_end(copy);
  va_end(ap);
  return d;
}
