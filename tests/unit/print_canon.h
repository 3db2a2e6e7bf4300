/*
** print_canon.h -- a graph's print<memoryssa> text with access ids
** renumbered by first appearance, for comparing an updated graph with a
** fresh build byte for byte "up to numbering" (the updater never reuses
** ids). Shared by test_fuzz_update.c and the edit fuzz target
** (tests/fuzz/fuzz_edit.c); header-only.
*/
#ifndef MEMSSA_PRINT_CANON_H
#define MEMSSA_PRINT_CANON_H

/* Includers define _POSIX_C_SOURCE 200809L first (open_memstream). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mssa/mssa.h"
#include "test_util.h"

/* Renumbers access ids by first appearance in a print<memoryssa> text
** ("; N = Memory", "MemoryDef(N)", "MemoryUse(N)", "->N", phi operands
** ",N}"): ids are never reused by the updater, so two printouts of the same
** graph agree only up to numbering; everything else must be byte-equal. */
static inline void canon_ids(const char *t, size_t n, sbuf *out) {
  MSSA_VEC(uint32_t) map = {0};   /* old id -> new id + 1, 0 = not seen */
  uint32_t next = 1;
  for (size_t i = 0; i < n;) {
    size_t skip = 0;
    if (t[i] == ';' && i + 1 < n && t[i + 1] == ' ' && (i == 0 || t[i - 1] == '\n')) skip = 2;
    else if (!strncmp(t + i, "MemoryDef(", 10) || !strncmp(t + i, "MemoryUse(", 10)) skip = 10;
    else if (!strncmp(t + i, "->", 2)) skip = 2;
    else if (t[i] == ',' && i + 1 < n && t[i + 1] >= '0' && t[i + 1] <= '9') skip = 1;
    if (!skip || i + skip >= n || t[i + skip] < '0' || t[i + skip] > '9') {
      sb_printf(out, "%c", t[i]);
      i++;
      continue;
    }
    sb_printf(out, "%.*s", (int)skip, t + i);
    i += skip;
    uint32_t id = 0;
    while (i < n && t[i] >= '0' && t[i] <= '9') id = id * 10 + (uint32_t)(t[i++] - '0');
    while (map.n <= id) mssa_vec_push(&map, 0);
    if (id == 0) map.a[0] = 1;   /* liveOnEntry stays 0 */
    if (!map.a[id]) map.a[id] = ++next;
    sb_printf(out, "%u", id ? map.a[id] - 1 : 0);
  }
  mssa_vec_free(&map);
}

/* The graph's print<memoryssa> text, ids renumbered (canon_ids). */
static inline void print_text(mssa_ssa *s, sbuf *out) {
  char *t = NULL;
  size_t n = 0;
  FILE *fp = open_memstream(&t, &n);
  mssa_print_function(fp, s, false);
  fclose(fp);
  canon_ids(t, n, out);
  free(t);
}

#endif
