/* memcpy / memmove / memset / string functions and struct copies. */
#include <string.h>
#include <stdlib.h>

struct blob { int a; int b[6]; char s[12]; };

int copy_struct(struct blob *dst, const struct blob *src) {
  *dst = *src;
  dst->a += 1;
  return dst->b[2];
}

void clear(struct blob *b) {
  memset(b, 0, sizeof *b);
  b->s[0] = 'x';
}

int local_copy(const int *src) {
  int tmp[8];
  memcpy(tmp, src, sizeof tmp);
  tmp[3] = 0;
  return tmp[2] + tmp[3];
}

void shift(char *buf, size_t n) {
  memmove(buf + 1, buf, n - 1);
  buf[0] = ' ';
}

size_t name_len(struct blob *b) {
  strcpy(b->s, "name");
  return strlen(b->s);
}

int *dup_array(const int *a, size_t n) {
  int *p = malloc(n * sizeof *p);
  if (!p) return NULL;
  for (size_t i = 0; i < n; i++) p[i] = a[i];
  p[0] = -1;
  return p;
}

int heap_roundtrip(int v) {
  int *p = malloc(sizeof *p);
  *p = v;
  int r = *p;
  free(p);
  return r;
}
