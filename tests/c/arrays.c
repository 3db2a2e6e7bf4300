/* Loops over arrays: single, nested, with early exit, 2-D arrays. */
#include <stddef.h>

int g_table[64];

int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

void prefix_sums(int *a, int n) {
  for (int i = 1; i < n; i++) a[i] += a[i - 1];
}

void matmul(int n, double c[n][n], double a[n][n], double b[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double acc = 0;
      for (int k = 0; k < n; k++) acc += a[i][k] * b[k][j];
      c[i][j] = acc;
    }
}

int find_first(const int *a, size_t n, int key) {
  for (size_t i = 0; i < n; i++)
    if (a[i] == key) return (int)i;
  return -1;
}

int local_array(int x) {
  int buf[16];
  for (int i = 0; i < 16; i++) buf[i] = i * x;
  int t = 0;
  for (int i = 15; i >= 0; i -= 3) t ^= buf[i];
  return t + buf[x & 15];
}

void fill_global(int v) {
  int i = 0;
  while (i < 64) {
    g_table[i] = v;
    if (g_table[0] > 100) break;
    i++;
  }
}

void bubble(int *a, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j + 1 < n - i; j++)
      if (a[j] > a[j + 1]) {
        int t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
      }
}
