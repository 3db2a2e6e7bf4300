/*
** test_cli_heap.c -- clients/cli_heap.c: the one-shot commands' heap is
** advised for huge pages, and only the range the heap just grew by.
**
** With glibc's allocator (not under a sanitizer, which brings its own):
** after the call the heap's end has moved by at least 256 MiB, that range
** carries the kernel's huge-page advice (VmFlags "hg" in /proc/self/smaps),
** and blocks malloc then hands out come from it. Whether the kernel then
** backs them with huge pages depends on the machine, so it is not asserted.
*/
#define _DEFAULT_SOURCE   /* sbrk */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tap.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && defined(__linux__) && !defined(SANITIZED)
#define TESTABLE 1
#define PAD_MIN ((uintptr_t)256 << 20)

/* The VmFlags line of the mapping holding address a, into flags; 0 if found. */
static int vm_flags(uintptr_t a, uintptr_t *lo, uintptr_t *hi, char *flags, size_t cap) {
  FILE *fp = fopen("/proc/self/smaps", "r");
  if (!fp) return -1;
  char line[512];
  int in = 0, found = -1;
  while (fgets(line, sizeof line, fp)) {
    unsigned long x, y;
    if (sscanf(line, "%lx-%lx ", &x, &y) == 2) {   /* a mapping's first line */
      in = a >= x && a < y;
      if (in) *lo = x, *hi = y;
    } else if (in && !strncmp(line, "VmFlags:", 8)) {
      snprintf(flags, cap, "%s", line + 8);
      found = 0;
      break;
    }
  }
  fclose(fp);
  return found;
}
#endif

int main(void) {
  no_plan();
#ifndef TESTABLE
  skip_all("the heap is not glibc's brk heap here (another libc or a sanitizer's allocator)");
#else
  /* a small module: nothing happens */
  char *before = sbrk(0);
  mssa__cli_heap_for_one_module(64 << 10);
  ok(sbrk(0) == before, "a 64 KiB module leaves the heap as it is");
  before = sbrk(0);
  mssa__cli_heap_for_one_module((size_t)10 << 20);
  char *after = sbrk(0);
  ok((uintptr_t)(after - before) >= PAD_MIN - (1u << 20), "the heap grew by %lu MiB (256 less its free top)",
     (unsigned long)((uintptr_t)(after - before) >> 20));
  /* the heap's old free top (below `before`) is used first; 4 MiB later
  ** the blocks come from the new range */
  enum { NBLK = 64, BLK = 64 << 10 };
  void *blk[NBLK];
  for (int i = 0; i < NBLK; i++) blk[i] = malloc(BLK);
  char *last = blk[NBLK - 1];
  ok(last >= before && last < after, "4 MiB of blocks later, malloc hands out blocks from that range");
  uintptr_t lo = 0, hi = 0;
  char flags[512] = "";
  if (vm_flags((uintptr_t)last, &lo, &hi, flags, sizeof flags) != 0) {
    skip(2, "/proc/self/smaps unreadable");
  } else {
    ok(strstr(flags, " hg") != NULL, "their mapping is advised for huge pages (VmFlags:%.60s)", flags);
    ok(hi - lo >= PAD_MIN - (2u << 20), "the advised mapping spans %lu MiB", (unsigned long)((hi - lo) >> 20));
  }
  uintptr_t plo = 0, phi = 0;
  char pflags[512] = "";
  if (before > (char *)blk[0] && vm_flags((uintptr_t)before - 1, &plo, &phi, pflags, sizeof pflags) == 0)
    ok(strstr(pflags, " hg") == NULL, "the heap below the new range is not advised");
  for (int i = 0; i < NBLK; i++) free(blk[i]);
  /* a second call grows the heap again and advises only the new range */
  char *before2 = sbrk(0);
  mssa__cli_heap_for_one_module((size_t)10 << 20);
  ok((uintptr_t)((char *)sbrk(0) - before2) >= PAD_MIN || (char *)sbrk(0) == before2,
     "a second call advises a fresh range or none");
  return done_testing();
#endif
}
