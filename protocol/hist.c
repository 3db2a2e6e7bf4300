/*
** hist.c -- the latency histogram of `stats`: four buckets per power of two
** of nanoseconds, so a quantile is known within a quarter of its octave
** from a fixed 160-bucket table, whatever the number of requests.
**
** Why a file of its own: the dispatcher adds to it and `stats` reads it;
** neither is the other's home.
**
** Invariants:
**   1. Buckets 0-3 hold exactly 0-3 ns; above, bucket 4 * (lg - 1) + sub
**      holds [(4 + sub) << (lg - 2), (5 + sub) << (lg - 2)), lg the floor of
**      log2, sub the next two bits; the last bucket takes all beyond.
**   2. A quantile is its bucket's upper bound, never above the largest
**      time seen (max_ns), so a histogram of one value answers that value.
*/
#include <math.h>

#include "methods.h"

static unsigned hist_bucket(uint64_t ns) {
  if (ns < 4) return (unsigned)ns;
  unsigned lg = 63u - (unsigned)__builtin_clzll(ns);       /* floor(log2) */
  unsigned sub = (unsigned)((ns >> (lg - 2)) & 3u);         /* next 2 bits */
  unsigned b = 4 * (lg - 1) + sub;
  return b < MSSA__HIST_BUCKETS ? b : MSSA__HIST_BUCKETS - 1;
}

/* Upper bound (exclusive) of bucket b, in ns. */
static uint64_t hist_upper(unsigned b) {
  if (b < 4) return b + 1;
  unsigned lg = b / 4 + 1, sub = b % 4;
  return ((uint64_t)(4 + sub + 1)) << (lg - 2);
}

void mssa__hist_add(mssa__hist *h, uint64_t ns) {
  unsigned b = hist_bucket(ns);
  MSSA_ASSERT(b == MSSA__HIST_BUCKETS - 1 ||
              (ns < hist_upper(b) && (b == 0 || ns >= hist_upper(b - 1))));   /* invariant 1 */
  h->b[b]++;
  h->count++;
  if (ns > h->max_ns) h->max_ns = ns;
}

uint64_t mssa__hist_quantile(const mssa__hist *h, double q) {
  if (!h->count) return 0;
  uint64_t want = (uint64_t)ceil(q * (double)h->count), seen = 0;
  if (want == 0) want = 1;
  for (unsigned b = 0; b < MSSA__HIST_BUCKETS; b++) {
    seen += h->b[b];
    if (seen >= want) {
      uint64_t u = hist_upper(b), r = u < h->max_ns ? u : h->max_ns;
      MSSA_ASSERT(r <= h->max_ns);   /* invariant 2 */
      return r;
    }
  }
  return h->max_ns;
}
