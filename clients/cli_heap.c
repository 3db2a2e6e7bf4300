/*
** cli_heap.c -- the heap of the one-shot `--local` commands: asks for it
** in 2 MiB pages (transparent huge pages), where the C library and the
** kernel allow.
**
** Why: such a command reads one module into ~16 MB of arrays, written once
** front to back, and then exits. In 4 KiB pages that is ~4,000 page
** faults, about a sixth of the read (lua.O0.ll: 34-37 ms of CPU read in
** 4 KiB pages, 29-32 ms in 2 MiB pages, bench/read.sh). The daemon keeps
** its 4 KiB pages: it lives long and frees modules, and a huge page is
** resident whole while any byte of it is.
**
** How: glibc's main heap grows with brk, and only memory the heap already
** has can be advised. So the heap is made to grow once by HEAP_PAD (an
** address range; only pages written become resident), and that range is
** advised. The resident cost is at most the unused part of the last 2 MiB
** page of each range, and of the heap's free holes.
**
** Invariants:
**   1. Only a range the main heap just grew by is advised: if the heap did
**      not grow (another allocator, as under ASan or TSan, or not glibc),
**      nothing is.
**   2. Only advice: where the kernel has no huge page free (or THP is
**      off), the heap is the usual 4 KiB pages. Nothing else changes.
**   3. Nothing for a module under SMALL_MODULE bytes.
*/
#define _DEFAULT_SOURCE   /* sbrk, madvise */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>

#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#define HAVE_HEAP_TUNING 1
#endif

/* How far the heap grows each time it grows: room for any module up to
** ~100 MB of text without growing again (a growth past it is 4 KiB pages). */
#define HEAP_PAD ((size_t)256 << 20)
/* Modules smaller than this keep 4 KiB pages (their arrays take ~2x their
** text: under 2 MiB). */
#define SMALL_MODULE ((size_t)1 << 20)
/* Probe blocks: below glibc's mmap threshold (128 KiB), so they come from
** the heap; enough of them exhaust any top the heap already had. */
#define PROBE_BYTES ((size_t)96 << 10)
#define PROBES_MAX 4

void mssa__cli_heap_for_one_module(size_t file_bytes) {
#ifdef HAVE_HEAP_TUNING
  /* a small module's arrays fit in a few 4 KiB pages: a huge page would be
  ** mostly slack (2 MiB resident for a 10 KB module) */
  if (file_bytes < SMALL_MODULE) return;
  if (mallopt(M_TOP_PAD, (int)HEAP_PAD) != 1) return;
  char *before = sbrk(0);
  void *probe[PROBES_MAX];
  int n = 0;
  while (n < PROBES_MAX && (char *)sbrk(0) == before) probe[n++] = malloc(PROBE_BYTES);
  char *after = sbrk(0);
  /* Freed at the top, they return to it; the heap keeps HEAP_PAD. */
  for (int i = 0; i < n; i++) free(probe[i]);
  /* glibc grows by HEAP_PAD less what free top the heap had (at most a
  ** probe's worth): half of it tells a growth from no growth */
  if (before == (char *)-1 || after == (char *)-1 || after <= before ||
      (size_t)(after - before) < HEAP_PAD / 2)
    return;   /* invariant 1 */
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t a = ((uintptr_t)before + page - 1) & ~(page - 1);
  uintptr_t b = (uintptr_t)after & ~(page - 1);
  if (b > a) (void)madvise((void *)a, b - a, MADV_HUGEPAGE);
#else
  (void)file_bytes;
#endif
}
