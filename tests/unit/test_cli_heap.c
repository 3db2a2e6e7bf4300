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
  char *before = sbrk(0);
  mssa__cli_heap_for_one_module();
  char *after = sbrk(0);
  ok((uintptr_t)(after - before) >= PAD_MIN, "the heap grew by %lu MiB (at least 256)",
     (unsigned long)((uintptr_t)(after - before) >> 20));
  void *blk = malloc(64 << 10);
  ok((char *)blk >= before && (char *)blk < after, "a block malloc hands out is in that range");
  uintptr_t lo = 0, hi = 0;
  char flags[512] = "";
  if (vm_flags((uintptr_t)blk, &lo, &hi, flags, sizeof flags) != 0) {
    skip(2, "/proc/self/smaps unreadable");
  } else {
    ok(strstr(flags, " hg") != NULL, "its mapping is advised for huge pages (VmFlags:%.60s)", flags);
    ok(hi - lo >= PAD_MIN - (2u << 20), "the advised mapping spans %lu MiB", (unsigned long)((hi - lo) >> 20));
  }
  free(blk);
  /* a second call grows the heap again and advises only the new range */
  char *before2 = sbrk(0);
  mssa__cli_heap_for_one_module();
  ok((uintptr_t)((char *)sbrk(0) - before2) >= PAD_MIN || (char *)sbrk(0) == before2,
     "a second call advises a fresh range or none");
  return done_testing();
#endif
}
