/*
** lsp_unit.c -- the unit a header answers through: a header is never
** compiled alone (as C it is often not a unit at all, and Neovim 0.7 calls
** it `cpp`); its answers come from the module of a .c file that includes
** it, whose debug info has the header's lines (inline functions, macros'
** code). That .c file is an open document that includes the header, else
** the first .c file of the header's directory (by name) that does.
**
** Invariants:
**   1. The choice depends on names and texts only (documents in the order
**      they were opened, then files sorted by name), never on readdir's
**      order.
**   2. Bounded: at most UNIT_MAX_FILES files are looked at, and the first
**      UNIT_MAX_BYTES of each.
*/
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

#define UNIT_MAX_FILES 512
#define UNIT_MAX_BYTES ((size_t)256 << 10)

bool mssa__lsp_is_header(const char *path) {
  size_t n = strlen(path);
  return n > 2 && !strcmp(path + n - 2, ".h");
}

const char *mssa__lsp_doc_module(const lsp_doc *d) { return d->unit ? d->unit : d->path; }

/* Does C text `t` have an #include line naming `base` ("x.h", <x.h>,
** "dir/x.h")? */
static bool includes(const char *t, const char *base) {
  size_t bl = strlen(base);
  for (const char *p = strstr(t, "include"); p; p = strstr(p + 1, "include")) {
    const char *ls = p;
    while (ls > t && ls[-1] != '\n') ls--;
    ls += strspn(ls, " \t");
    if (*ls != '#') continue;
    const char *e = p + strcspn(p, "\n");
    for (const char *q = p; q + bl < e; q++)
      if (!memcmp(q, base, bl) && (q[bl] == '"' || q[bl] == '>') &&
          (q[-1] == '"' || q[-1] == '<' || q[-1] == '/'))
        return true;
  }
  return false;
}

static bool is_c(const char *name) {
  size_t n = strlen(name);
  return n > 2 && !strcmp(name + n - 2, ".c");
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Does the file at path include base (its first UNIT_MAX_BYTES)? */
static bool file_includes(const char *path, const char *base) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  char *buf = malloc(UNIT_MAX_BYTES + 1);
  if (!buf) abort();
  size_t n = fread(buf, 1, UNIT_MAX_BYTES, f);
  fclose(f);
  buf[n] = 0;
  bool yes = includes(buf, base);
  free(buf);
  return yes;
}

char *mssa__lsp_header_unit(mssa__lsp *L, const char *header) {
  const char *base = strrchr(header, '/') ? strrchr(header, '/') + 1 : header;
  for (size_t i = 0; i < L->ndocs; i++) {   /* invariant 1: opened order */
    const lsp_doc *o = L->docs[i];
    if (is_c(o->path) && o->text && includes(o->text, base)) return strdup(o->path);
  }
  size_t dl = (size_t)(base - header);
  char *dir = strndup(header, dl ? dl : 1);
  if (!dir) abort();
  DIR *dh = opendir(dl ? dir : ".");
  char **names = NULL, *found = NULL;
  size_t n = 0;
  for (struct dirent *e; dh && n < UNIT_MAX_FILES && (e = readdir(dh));) {
    if (!is_c(e->d_name)) continue;
    names = realloc(names, (n + 1) * sizeof *names);
    if (!names || !(names[n] = strdup(e->d_name))) abort();
    n++;
  }
  if (dh) closedir(dh);
  if (n) qsort(names, n, sizeof *names, by_name);   /* invariant 1: not readdir's order */
  for (size_t i = 0; i < n; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s%s", dir, names[i]);
    if (!found && file_includes(path, base)) found = strdup(path);
    free(names[i]);
  }
  free(names);
  free(dir);
  return found;
}
