/*
** test_proto_replycache.c -- unit tests of protocol/replycache.c, the one
** generational reply cache behind the clobber, `accesses` and raw caches:
** a hit is this very key's bytes, a newer generation frees the older one,
** the byte cap and the key cap hold, a key sits in one slot, and the two
** slot choices keep both of two colliding keys.
*/
#include <string.h>

#include "replycache.h"
#include "tap.h"

static char *dup(const char *s) {
  return mssa_xstrndup(s, strlen(s));
}

static void put_str(mssa__replycache *c, uint64_t gen, const char *key, const char *text) {
  mssa__rc_put(c, gen, key, strlen(key), dup(text), strlen(text));
}

static const char *get_str(const mssa__replycache *c, uint64_t gen, const char *key) {
  const mssa__rcentry *e = mssa__rc_get(c, gen, key, strlen(key));
  return e ? e->text : NULL;
}

static size_t entries(const mssa__replycache *c) {
  size_t n, b;
  mssa__rc_usage(c, &n, &b);
  return n;
}

static void test_hits_and_generations(void) {
  mssa__replycache c;
  mssa__rc_init(&c, 64, 1, 32, 1 << 20);
  ok(get_str(&c, 1, "a") == NULL, "an empty cache finds nothing");
  is_int((long long)entries(&c), 0, "an empty cache holds no entry (and no table)");
  put_str(&c, 1, "clobber f 12", "{\"clobber\":3}");
  is_str(get_str(&c, 1, "clobber f 12"), "{\"clobber\":3}", "a hit is the reply kept, byte for byte");
  ok(get_str(&c, 1, "clobber f 13") == NULL, "another key misses");
  ok(get_str(&c, 1, "clobber f 1") == NULL, "a key's prefix misses (keys compare whole)");
  ok(get_str(&c, 2, "clobber f 12") == NULL, "a newer generation finds nothing of an older one");
  put_str(&c, 1, "clobber f 12", "{\"clobber\":4}");
  is_str(get_str(&c, 1, "clobber f 12"), "{\"clobber\":4}", "a store of the same key replaces it");
  is_int((long long)entries(&c), 1, "a key is held in one slot");
  put_str(&c, 2, "clobber g 5", "{}");
  is_int((long long)entries(&c), 1, "a store of generation 2 freed generation 1's entries");
  ok(get_str(&c, 1, "clobber f 12") == NULL, "generation 1 answers nothing any more");
  is_str(get_str(&c, 2, "clobber g 5"), "{}", "generation 2's entry answers");
  mssa__rc_free(&c);
  is_int((long long)entries(&c), 0, "a freed cache holds nothing");
}

static void test_caps(void) {
  mssa__replycache c;
  mssa__rc_init(&c, 16, 1, 8, 40);
  ok(mssa__rc_put(&c, 1, "123456789", 9, dup("x"), 1) == NULL, "a key over max_key is not kept");
  ok(mssa__rc_put(&c, 1, "k", 1, NULL, 0) == NULL, "no text: nothing kept");
  put_str(&c, 1, "k1", "0123456789012345");       /* 2 + 16 bytes */
  put_str(&c, 1, "k2", "0123456789012345");       /* 36 of 40 */
  ok(mssa__rc_put(&c, 1, "k3", 2, dup("0123456789"), 10) == NULL,
     "a reply that would pass max_bytes is not kept");
  size_t n, b;
  mssa__rc_usage(&c, &n, &b);
  is_int((long long)n, 2, "two entries held under the cap");
  is_int((long long)(b - 16 * sizeof(mssa__rcentry)), 36, "bytes: table + keys + replies (36)");
  for (int i = 0; i < 200; i++) {
    char k[16];
    snprintf(k, sizeof k, "n%d", i);
    put_str(&c, 2, k, "v");
  }
  ok(entries(&c) <= 16, "never more entries than slots (%zu of 16)", entries(&c));
  mssa__rc_free(&c);
}

/* The hash the cache gives key (read back from an entry). */
static uint64_t hash_of(const char *key) {
  mssa__replycache probe;
  mssa__rc_init(&probe, 4, 1, 16, 1 << 20);
  put_str(&probe, 1, key, "x");
  uint64_t h = mssa__rc_get(&probe, 1, key, strlen(key))->hash;
  mssa__rc_free(&probe);
  return h;
}

/* Two keys that share their first slot, the second's other choice free:
** with one choice the second evicts the first; with two both stay. */
static void test_two_ways(void) {
  const char *a = "k0";
  uint64_t ha = hash_of(a);
  char b[16] = "";
  for (int i = 1; i < 1000; i++) {
    snprintf(b, sizeof b, "k%d", i);
    uint64_t hb = hash_of(b);
    if ((hb & 3) == (ha & 3) && ((hb >> 32) & 3) != (ha & 3)) break;
    b[0] = 0;
  }
  if (!ok(b[0], "found a key sharing k0's first slot of 4, its second elsewhere (%s)", b)) return;
  mssa__replycache one, two;
  mssa__rc_init(&one, 4, 1, 16, 1 << 20);
  mssa__rc_init(&two, 4, 2, 16, 1 << 20);
  put_str(&one, 1, a, "A");
  put_str(&one, 1, b, "B");
  ok(!get_str(&one, 1, a) && get_str(&one, 1, b), "one choice: the colliding key evicts the first");
  put_str(&two, 1, a, "A");
  put_str(&two, 1, b, "B");
  is_str(get_str(&two, 1, a), "A", "two choices: the first key stays");
  is_str(get_str(&two, 1, b), "B", "two choices: the colliding key takes its second slot");
  mssa__rc_free(&one);
  mssa__rc_free(&two);
}

int main(void) {
  no_plan();
  test_hits_and_generations();
  test_caps();
  test_two_ways();
  return done_testing();
}
