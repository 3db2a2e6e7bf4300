/* Pointer arguments that may alias, arrays of pointers, globals versus
   escaped and non-escaped locals, restrict. */
int g;
int *g_ptr;
extern void sink(int *p);
extern int opaque(void);

int may_alias(int *p, int *q) {
  *p = 1;
  *q = 2;
  return *p;
}

int no_alias(int *restrict p, int *restrict q) {
  *p = 1;
  *q = 2;
  return *p;
}

int array_of_pointers(void) {
  int x = 0;
  int *v[4];
  v[0] = &x;
  *v[0] = 1;
  return x;
}

int through_struct(void) {
  int y = 5;
  struct { int *ref; int pad; } s;
  s.ref = &y;
  *s.ref = 7;
  return y;
}

int global_vs_local(void) {
  int local = 3;
  g = 4;
  local += g;
  return local;
}

int escaped_local(void) {
  int x = 1;
  sink(&x);
  g = 2;
  return x;
}

int leaked_to_global(int v) {
  int x = v;
  g_ptr = &x;
  *g_ptr = 9;
  g = opaque();
  return x;
}

void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

int double_indirect(int **pp, int *p) {
  **pp = 10;
  *p = 20;
  return **pp;
}

long casts(char *c, long *l) {
  *l = 0;
  c[1] = 1;
  return *l;
}
