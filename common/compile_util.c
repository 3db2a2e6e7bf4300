/*
** compile_util.c -- strings, paths and command splitting for the compile
** driver (compile_internal.h), below both the driver and the flag policy.
**
** Invariants:
**   1. See compile_internal.h; every allocation here aborts on failure (the
**      driver's callers hold no state a failure could leave half-made).
*/
#define _XOPEN_SOURCE 700   /* realpath */

#include "compile_internal.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------ helpers */

void *mssa__cc_realloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) abort();
  return q;
}

char *mssa__cc_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(mssa__cc_realloc(NULL, n), s, n);
}

char *mssa__cc_strndup(const char *s, size_t n) {
  char *p = mssa__cc_realloc(NULL, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}


void mssa__strv_push(mssa__strv *v, const char *s) {
  if (v->n + 2 > v->cap) {
    v->cap = v->cap ? v->cap * 2 : 16;
    v->a = mssa__cc_realloc(v->a, v->cap * sizeof *v->a);
  }
  v->a[v->n++] = mssa__cc_strdup(s);
  v->a[v->n] = NULL;
  assert(v->n < v->cap && v->a[v->n] == NULL);   /* invariant 1 */
}

/* --------------------------------------------------------------- paths */

/* `rel` made absolute against `dir` (if relative; a relative `dir` is
** taken from the working directory), with ".", ".." and repeated slashes
** removed lexically. */
char *mssa__cc_path_join(const char *dir, const char *rel) {
  char cwd[PATH_MAX] = "";
  if (rel[0] != '/' && dir[0] != '/' && !getcwd(cwd, sizeof cwd)) cwd[0] = 0;
  if (rel[0] == '/') dir = "";
  size_t cap = strlen(cwd) + strlen(dir) + strlen(rel) + 4;
  char *s = mssa__cc_realloc(NULL, cap);
  snprintf(s, cap, "%s/%s/%s", cwd, dir, rel);
  /* normalise in place: out <= in always */
  char *out = s;
  for (const char *in = s; *in;) {
    while (*in == '/') in++;
    const char *e = in;
    while (*e && *e != '/') e++;
    size_t k = (size_t)(e - in);
    if (k == 0) break;
    if (k == 1 && in[0] == '.') {
    } else if (k == 2 && in[0] == '.' && in[1] == '.') {
      while (out > s && *--out != '/') {}
    } else {
      *out++ = '/';
      memmove(out, in, k);
      out += k;
    }
    in = e;
  }
  if (out == s) *out++ = '/';
  *out = 0;
  assert(s[0] == '/' && !strstr(s, "//"));   /* invariant 2: absolute, no empty component */
  return s;
}

/* The canonical form of an existing path (realpath), else its lexical one. */
char *mssa__cc_canon(const char *dir, const char *rel) {
  char *p = mssa__cc_path_join(dir, rel);
  char buf[PATH_MAX];
  if (realpath(p, buf)) {
    free(p);
    return mssa__cc_strdup(buf);
  }
  return p;
}

char *mssa__cc_dir_of(const char *path) {
  const char *sl = strrchr(path, '/');
  if (!sl) return mssa__cc_strdup(".");
  return sl == path ? mssa__cc_strdup("/") : mssa__cc_strndup(path, (size_t)(sl - path));
}

bool mssa__cc_is_file(const char *p) {
  struct stat st;
  return !stat(p, &st) && S_ISREG(st.st_mode);
}


bool mssa__cc_is_dir(const char *p) {
  struct stat st;
  return !stat(p, &st) && S_ISDIR(st.st_mode);
}

/* ------------------------------------------------------- argv vectors */

void mssa_compile_argv_free(char **argv) {
  if (!argv) return;
  for (char **p = argv; *p; p++) free(*p);
  free(argv);
}

/* ----------------------------------------------- splitting a command */

/* One argument of `s` from *pos (POSIX shell quoting, no expansion): 1 and
** the word appended to *w, 0 at the end, -1 on an unterminated quote. */
static int next_word(const char *s, size_t *pos, mssa__strv *out) {
  size_t i = *pos, cap = strlen(s) + 1, n = 0;
  while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') i++;
  if (!s[i]) return 0;
  char *w = mssa__cc_realloc(NULL, cap);
  while (s[i] && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r') {
    char c = s[i++];
    if (c == '\\') {
      if (s[i]) w[n++] = s[i++];
    } else if (c == '\'') {
      while (s[i] && s[i] != '\'') w[n++] = s[i++];
      if (!s[i]) goto unterminated;
      i++;
    } else if (c == '"') {
      while (s[i] && s[i] != '"') {
        if (s[i] == '\\' && s[i + 1] && strchr("\"\\$`\n", s[i + 1])) i++;
        w[n++] = s[i++];
      }
      if (!s[i]) goto unterminated;
      i++;
    } else {
      w[n++] = c;
    }
  }
  w[n] = 0;
  mssa__strv_push(out, w);
  free(w);
  *pos = i;
  return 1;
unterminated:
  free(w);
  return -1;
}

int mssa_compile_split(const char *command, char ***argv, size_t *argc) {
  mssa__strv v = {0};
  size_t pos = 0;
  int k;
  *argv = NULL;
  *argc = 0;
  if (!command) return MSSA_COMPILE_EINVAL;
  while ((k = next_word(command, &pos, &v)) > 0) {}
  if (k < 0) {
    mssa_compile_argv_free(v.a);
    return MSSA_COMPILE_EINVAL;
  }
  if (!v.a) {
    v.a = mssa__cc_realloc(NULL, sizeof *v.a);
    v.a[0] = NULL;
  }
  *argv = v.a;
  *argc = v.n;
  return 0;
}

time_t mssa__cc_now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec;
}

static bool same_ts(struct timespec a, struct timespec b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

bool mssa__cc_same_file(const struct stat *a, const struct stat *b) {
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
         same_ts(a->st_mtim, b->st_mtim) && same_ts(a->st_ctim, b->st_ctim);
}
