/*
** read_cpu.c -- the reader's CPU time on one file: one parse per process
** (a fresh heap, as `memssa build --local` sees it), timed with the
** process CPU clock around the call that reads and parses the file (warm
** cache): mssa_module_parse_file_mapped after the CLI's heap set-up
** (clients/cli_heap.c), as the CLI's --local commands read a module, or
** with --copy mssa_module_parse_file, as the daemon does (the bytes copied
** into its heap with read(2), in 4 KiB pages).
**
** Usage: read_cpu [--copy] FILE  -> prints "cpu_ms MB/s user_ms sys_ms minor_faults"
** (1 MB = 10^6 bytes; user/sys/faults from getrusage around the same call).
** bench/read.sh runs it N times and takes the median.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "memssa.h"

void mssa__cli_heap_for_one_module(size_t file_bytes);   /* clients/cli_heap.c */

static double tv_ms(struct timeval t) { return (double)t.tv_sec * 1e3 + (double)t.tv_usec / 1e3; }

static double cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  int copy = argc == 3 && !strcmp(argv[1], "--copy");
  if (argc != 2 + copy) { fprintf(stderr, "usage: read_cpu [--copy] FILE\n"); return 2; }
  const char *path = argv[1 + copy];
  struct stat st;
  if (stat(path, &st) != 0) { perror(path); return 1; }
  double n = (double)st.st_size;
  mssa_module *m = NULL;
  mssa_diag d;
  struct rusage r0, r1;
  if (!copy) mssa__cli_heap_for_one_module((size_t)st.st_size);   /* before the clock: the CLI does it before reading too */
  getrusage(RUSAGE_SELF, &r0);
  double t0 = cpu_ms();
  int rc = copy ? mssa_module_parse_file(path, &m, &d) : mssa_module_parse_file_mapped(path, &m, &d);
  double t1 = cpu_ms();
  getrusage(RUSAGE_SELF, &r1);
  if (rc != 0) { fprintf(stderr, "%s: parse failed\n", path); return 1; }
  printf("%.1f %.1f %.1f %.1f %ld\n", t1 - t0, n / 1e6 / ((t1 - t0) / 1e3),
         tv_ms(r1.ru_utime) - tv_ms(r0.ru_utime), tv_ms(r1.ru_stime) - tv_ms(r0.ru_stime),
         r1.ru_minflt - r0.ru_minflt);
  mssa_module_free(m);
  return 0;
}
