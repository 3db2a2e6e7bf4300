/*
** update_canon.h -- canonical text of a MemorySSA graph for comparing an
** updated graph with a fresh build "up to numbering": accesses are named
** by their instruction (defs, uses) or block (phis), never by id; phi
** operands are compared as sorted (block, value) multisets (their order is
** reported separately), use alias words separately. Walker answers for
** every access are part of the main text. Shared by test_update.c and
** test_fuzz_update.c (header-only, static functions).
*/
#ifndef MEMSSA_UPDATE_CANON_H
#define MEMSSA_UPDATE_CANON_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mssa/mssa.h"
#include "tap.h"
#include "test_util.h"

/* -------------------------------------------------------- canonical form */


static void name_of(const mssa_ssa *s, uint32_t a, char *buf, size_t cap) {
  if (a == MSSA_NONE) { snprintf(buf, cap, "none"); return; }
  const mssa_access *x = &s->acc.a[a];
  switch (x->kind) {
  case MSSA_ACC_LIVE: snprintf(buf, cap, "live"); break;
  case MSSA_ACC_PHI: snprintf(buf, cap, "phi@b%u", x->block); break;
  case MSSA_ACC_DEF: snprintf(buf, cap, "def@i%u", x->inst); break;
  case MSSA_ACC_USE: snprintf(buf, cap, "use@i%u", x->inst); break;
  default: snprintf(buf, cap, "DEAD%u", a); break;
  }
}

typedef struct pair { uint32_t b; char v[32]; } pair;
static int cmppair(const void *x, const void *y) {
  const pair *a = x, *b = y;
  if (a->b != b->b) return a->b < b->b ? -1 : 1;
  return strcmp(a->v, b->v);
}

/* Structure + clobbers (main), alias words of uses (ar), phi operand order. */
static void canon(mssa_ssa *s, sbuf *main, sbuf *ar, sbuf *order) {
  const mssa_func *f = s->f;
  char n1[48], n2[48];
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    bool reach = mssa_dt_reachable(&s->dt, b);
    sb_printf(main, "block %u%s\n", b, reach ? "" : " (unreachable)");
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      const mssa_access *x = &s->acc.a[a];
      name_of(s, a, n1, sizeof n1);
      if (x->kind == MSSA_ACC_PHI) {
        pair *ps = calloc(x->nops + 1, sizeof *ps);
        sb_printf(order, "%s:", n1);
        for (uint32_t k = 0; k < x->nops; k++) {
          ps[k].b = mssa_phi_block(s, x, k);
          name_of(s, mssa_phi_value(s, x, k), ps[k].v, sizeof ps[k].v);
          sb_printf(order, " {b%u,%s}", ps[k].b, ps[k].v);
        }
        sb_printf(order, "\n");
        qsort(ps, x->nops, sizeof *ps, cmppair);
        sb_printf(main, "  %s", n1);
        for (uint32_t k = 0; k < x->nops; k++) sb_printf(main, " {b%u,%s}", ps[k].b, ps[k].v);
        sb_printf(main, "\n");
        free(ps);
      } else {
        name_of(s, x->def, n2, sizeof n2);
        sb_printf(main, "  %s def=%s", n1, n2);
        if (x->kind == MSSA_ACC_USE && reach) {
          sb_printf(main, " opt=%u", x->optimized);
          sb_printf(ar, "%s ar=%d\n", n1, x->ar);
        }
        sb_printf(main, "\n");
      }
    }
  }
  /* Walker answers, asked in layout order. */
  for (uint32_t b = f->first_block; b != MSSA_NONE; b = f->blocks.a[b].next) {
    for (uint32_t a = s->first[b]; a != MSSA_NONE; a = s->acc.a[a].next) {
      if (s->acc.a[a].kind == MSSA_ACC_PHI) continue;
      uint32_t limit = UINT32_MAX;
      uint32_t r = mssa_walker_clobber(s, a, &limit);
      name_of(s, a, n1, sizeof n1);
      name_of(s, r, n2, sizeof n2);
      sb_printf(main, "walk %s -> %s\n", n1, n2);
    }
  }
}

static void first_diff(const char *a, const char *b) {
  const char *la = a, *lb = b;
  while (*a && *a == *b) {
    if (*a == '\n') { la = a + 1; lb = b + 1; }
    a++; b++;
  }
  const char *ea = strchr(la, '\n'), *eb = strchr(lb, '\n');
  diag("  updated: %.*s", ea ? (int)(ea - la) : (int)strlen(la), la);
  diag("  fresh:   %.*s", eb ? (int)(eb - lb) : (int)strlen(lb), lb);
}

#endif
