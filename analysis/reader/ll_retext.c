/*
** ll_retext.c -- a module takes a new version of its text, reparsing only
** what changed (retext.h): the daemon's reload by difference.
**
** Clang and opt number metadata (`!N`) and attribute groups (`#N`) in order
** of first use, so changing one function renumbers everything after it:
** comparing texts byte by byte would call every later function changed.
** Instead the old and new texts are compared *modulo a renaming* of those
** numbers, and the renaming is checked to be a bisimulation:
**
**   - the new text is cut like the old one (mssa_textmap): `define`s
**     (header and body), metadata definition lines `!N = ...`, attribute
**     group lines `attributes #N = ...`, and the other top-level lines (the
**     frame). Anything not in the printer's one-entity-per-line shape gives
**     up (a full parse).
**   - regions are compared byte by byte except that a number after `!` or
**     `#` may differ: the pair (new N, old M) is recorded, and every pair
**     must be consistent (one old number per new number and back);
**   - each new pair's definition lines are compared the same way, which
**     records their references' pairs, until closed.
** The frame and every header must match (else a full parse). A body that
** does not match, or whose pairs cannot be closed consistently, is
** "changed": its pairs are rolled back and it is reparsed from the new
** text. New metadata definitions that no kept part reaches (the changed
** bodies' own locations, say) are parsed into the module too.
**
** Invariants:
**   1. Nothing changes unless everything succeeds: comparison only reads;
**      the parse phase runs with m->text pointing at the new text and, on
**      any error, restores the old text, truncates the metadata tables to
**      their old sizes and puts the old bodies back.
**   2. A kept part (frame line, header, unchanged body, mapped definition)
**      equals its old version under the renaming, and the renaming maps
**      every number the kept parts use: so every md node, attribute bit and
**      instruction a kept part refers to is what the new text means there.
**   3. Every offset kept in the module is moved into the new text through
**      anchors recorded while comparing: within a compared region the two
**      texts differ only in digits of numbers, so an offset maps linearly
**      from the last anchor at or before it (an anchor is recorded at each
**      region start and wherever two numbers' lengths differ). Old metadata
**      nodes whose span lies in no kept region belonged only to changed
**      bodies or dropped definitions: nothing reaches them; they are made
**      distinct and spanless so the uniquing pass skips them.
**   4. m->mdnum, m->agnum and m->agbits describe the new text afterwards
**      (the parse-phase parser is seeded with the mapped numbers and then
**      parses the unmapped definitions; its tables become the module's).
**   5. Bounded work, no recursion: every loop walks the texts or the
**      tables once (plus the rollbacks of failed body comparisons, each
**      bounded by what that comparison recorded).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "base/check.h"
#include "base/filemap.h"
#include "reader/reader_internal.h"
#include "reader/retext.h"

/* ------------------------------------------------------------ text shape */

typedef struct fspan {
  uint32_t head, body, end;         /* `define` .. past '{' .. past its "}" */
} fspan;

typedef struct mdef {
  uint32_t off, num;                /* an `!N = ...` line: offset, N */
} mdef;

typedef struct mssa_textmap {
  MSSA_VEC(fspan) f;                /* `define`s, in text order */
  uint32_t *fidx;                   /* function index of each */
  uint32_t nmd, nag;                /* definition numbers are below these */
  uint32_t *mdline, *agline;        /* per number: line offset + 1, 0 if none */
  MSSA_VEC(mdef) def;               /* md definition lines, in text order */
  size_t len;                       /* the text length it describes */
  bool refs;                        /* the text has a '!' or '#' somewhere */
  /* Table sizes after the last full parse: reparsed bodies leave their old
  ** metadata nodes and attribute lists behind (unreferenced), so retext
  ** refuses once the tables doubled -- a full load compacts them. */
  uint32_t md0, mdops0, al0;
} mssa_textmap;

void mssa_textmap_free(mssa_textmap *t) {
  if (!t) return;
  mssa_vec_free(&t->f);
  mssa_vec_free(&t->def);
  free(t->fidx);
  free(t->mdline);
  free(t->agline);
  free(t);
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Reads up to 9 digits at t[*i] (the caller checked the first); false if
** there are more (no printer numbers that large). Hot in comparisons:
** every `!N` of both texts goes through here. */
static bool read_num(const char *t, size_t n, size_t *i, uint32_t *v) {
  MSSA_EXPENSIVE_ASSERT(*i < n && is_digit(t[*i])); /* the caller checked the first */
  size_t j = *i, e = n - j > 10 ? j + 10 : n;
  uint64_t x = 0;
  while (j < e && (unsigned char)(t[j] - '0') < 10) x = x * 10 + (uint64_t)(t[j++] - '0');
  if (j - *i > 9) return false;
  *v = (uint32_t)x;
  *i = j;
  return true;
}

/* Sets tab[num] = off + 1, growing it (bounded by the text size: printer
** numbers are dense, a number above the byte count is not its shape). */
static bool put_line(uint32_t **tab, uint32_t *cap, uint32_t num, size_t off, size_t textlen) {
  if ((size_t)num > textlen) return false;
  if (num >= *cap) {
    uint32_t nc = *cap ? *cap : 256;
    while (nc <= num) nc *= 2;
    *tab = mssa_xrealloc(*tab, nc * sizeof **tab);
    memset(*tab + *cap, 0, (nc - *cap) * sizeof **tab);
    *cap = nc;
  }
  if ((*tab)[num]) return false;   /* defined twice: let the parser say so */
  (*tab)[num] = (uint32_t)off + 1;
  return true;
}

/* Cuts text[0..n) into the shape above, or NULL. A function body ends at
** the first line that is exactly "}"; only '}' bytes are looked at inside
** it. Frame lines must start like a top-level entity LLVM prints.
** With `om` (the map of an old text without references, whose common
** prefix and suffix with this one are pre and suf bytes long), the parts
** of the map in the prefix and the suffix are copied from om (shifted by
** the length difference in the suffix) and only the middle is scanned. */
static mssa_textmap *textmap_new(const char *t, size_t n, const mssa_textmap *om, size_t pre,
                                  size_t suf) {
  if (n >= 0xfffffff0u) return NULL;
  mssa_textmap *m = mssa_xcalloc(1, sizeof *m);
  uint32_t mdcap = 0, agcap = 0, k1 = MSSA_NONE;
  size_t ls = 0, scan0 = 0, scan1 = n, delta = 0;
  if (om && !om->refs) {
    uint32_t k = 0;
    while (k < om->f.n && om->f.a[k].end <= pre) mssa_vec_push(&m->f, om->f.a[k++]);
    scan0 = ls = k ? om->f.a[k - 1].end : 0;
    k1 = k;
    while (k1 < om->f.n && om->f.a[k1].head < om->len - suf) k1++;
    delta = n - om->len;   /* modulo 2^N: offsets shift by it either way */
  }
  while (ls < n) {
    if (k1 != MSSA_NONE && k1 < om->f.n && ls >= n - suf && ls == om->f.a[k1].head + delta) {
      /* Back in step with the old text: the rest is old, shifted. */
      for (; k1 < om->f.n; k1++) {
        fspan f = om->f.a[k1];
        mssa_vec_push(&m->f, ((fspan){(uint32_t)(f.head + delta), (uint32_t)(f.body + delta),
                                       (uint32_t)(f.end + delta)}));
      }
      scan1 = ls;
      break;
    }
    char c = t[ls];
    if (c == 'd' && n - ls >= 7 && !memcmp(t + ls, "define ", 7)) {
      const char *ob = NULL;
      for (const char *q = t + ls; (q = memchr(q, '{', (size_t)(t + n - q))); q++)
        if (q + 1 < t + n && q[1] == '\n') { ob = q; break; }
      if (!ob) goto bad;
      size_t body = (size_t)(ob - t) + 1, pos = body, end = 0;
      while (pos < n) {
        const char *cb = memchr(t + pos, '}', n - pos);
        if (!cb) break;
        size_t k = (size_t)(cb - t);
        if (t[k - 1] == '\n' && (k + 1 == n || t[k + 1] == '\n')) { end = k + 1; break; }
        pos = k + 1;
      }
      if (!end) goto bad;
      mssa_vec_push(&m->f, ((fspan){(uint32_t)ls, (uint32_t)body, (uint32_t)end}));
      ls = end;
    } else if (c == '!' && ls + 1 < n && is_digit(t[ls + 1])) {
      size_t i = ls + 1;
      uint32_t num;
      if (!read_num(t, n, &i, &num) || n - i < 3 || memcmp(t + i, " = ", 3)) goto bad;
      if (!put_line(&m->mdline, &mdcap, num, ls, n)) goto bad;
      if (num + 1 > m->nmd) m->nmd = num + 1;
      mssa_vec_push(&m->def, ((mdef){(uint32_t)ls, num}));
    } else if (c == 'a' && n - ls >= 12 && !memcmp(t + ls, "attributes #", 12)) {
      size_t i = ls + 12;
      uint32_t num;
      if (i >= n || !is_digit(t[i]) || !read_num(t, n, &i, &num)) goto bad;
      if (!put_line(&m->agline, &agcap, num, ls, n)) goto bad;
      if (num + 1 > m->nag) m->nag = num + 1;
    } else if (!(c == '\n' || c == ';' || c == '%' || c == '@' || c == '!' || c == '$' ||
                 c == '^' || (c >= 'a' && c <= 'z'))) {
      goto bad;   /* a continuation line or something we do not know */
    }
    const char *nl = memchr(t + ls, '\n', n - ls);
    if (!nl) break;
    ls = (size_t)(nl - t) + 1;
  }
  m->len = n;
  m->refs = memchr(t + scan0, '!', scan1 - scan0) || memchr(t + scan0, '#', scan1 - scan0);
  return m;
bad:
  mssa_textmap_free(m);
  return NULL;
}

/* The function index of each `define`: defined functions in index order
** are the `define`s in text order (the reader appends them as it goes). */
static bool textmap_bind(mssa_textmap *t, const mssa_module *m) {
  t->fidx = mssa_xmalloc((t->f.n ? t->f.n : 1) * sizeof *t->fidx);
  uint32_t k = 0;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    if (m->funcs.a[fi].is_decl) continue;
    if (k == t->f.n || m->funcs.a[fi].head_off != t->f.a[k].head) return false;
    t->fidx[k++] = fi;
  }
  return k == t->f.n;
}

/* Makes t (or NULL) the module's map, freeing the old one. The module frees
** it through the hook, as the IR cannot name the reader's code. */
static void module_set_textmap(mssa_module *m, mssa_textmap *t) {
  mssa_textmap_free(m->tmap);
  m->tmap = t;
  m->tmap_free = t ? mssa_textmap_free : NULL;
}

int mssa_module_textmap_build(mssa_module *m) {
  mssa_module_textmap_drop(m);
  mssa_textmap *t = textmap_new(m->text, m->text_len, NULL, 0, 0);
  if (!t) return MSSA_EINVAL;
  if (!textmap_bind(t, m)) {
    mssa_textmap_free(t);
    return MSSA_EINVAL;
  }
  t->md0 = m->md.n;
  t->mdops0 = m->mdops.n;
  t->al0 = m->attrlists.n;
  module_set_textmap(m, t);
  return MSSA_OK;
}

void mssa_module_textmap_drop(mssa_module *m) {
  if (m) module_set_textmap(m, NULL);
}

/* ------------------------------------------------------------ comparison */

typedef struct anchor {
  uint32_t o, n;   /* old offset -> new offset; n == NONE: region ends */
} anchor;

typedef MSSA_VEC(anchor) anchor_vec;

typedef struct rt {
  const char *ot, *nt;             /* old and new texts */
  size_t olen, nlen;
  const mssa_textmap *om, *nm;
  /* The renaming, per namespace (0: `!N`, 1: `#N`): fwd[new] = old + 1,
  ** rev[old] = new + 1, 0 when unset. */
  uint32_t *fwd[2], *rev[2];
  uint32_t nfwd[2], nrev[2];
  MSSA_VEC(uint32_t) log;          /* pairs in order: ns << 31 | new number */
  uint32_t done;                   /* log entries whose definitions matched */
  anchor_vec a1;                   /* frame lines, headers, bodies (text order) */
  anchor_vec a2;                   /* md definition lines */
  uint32_t *a2at;                  /* per old md number: first a2 index + 1 */
  size_t pre, suf;                 /* common prefix / suffix (texts without
                                      references only; else 0) */
  bool soft;                       /* the parse failed on a limit of the
                                      reparse, not on an error in the text */
  bool relined;                    /* some `line:` value differed there */
} rt;

static bool pair(rt *r, int ns, uint32_t nn, uint32_t on) {
  if (nn >= r->nfwd[ns] || on >= r->nrev[ns]) return false;
  uint32_t f = r->fwd[ns][nn];
  /* invariant 2: the renaming is one-to-one, fwd and rev inverse */
  MSSA_ASSERT(!f || (f - 1 < r->nrev[ns] && r->rev[ns][f - 1] == nn + 1));
  if (f) return f == on + 1;
  if (r->rev[ns][on]) return false;
  r->fwd[ns][nn] = on + 1;
  r->rev[ns][on] = nn + 1;
  mssa_vec_push(&r->log, ((uint32_t)ns << 31) | nn);
  return true;
}

static bool is_special(char c) { return c == '!' || c == '#' || c == '"' || c == ';'; }

/* How many leading bytes of a and b (n at most) are equal and not special
** (`!`, `#`, `"`, `;`) in a: the bytes cmp_region can pass without a look.
** Debug info puts a special byte every ~20 bytes, so this is the hot loop:
** 16 bytes per step with SSE2 (x86-64's baseline), else one at a time. */
static size_t plain_run(const char *a, const char *b, size_t n) {
  size_t i = 0;
#ifdef __SSE2__
  const __m128i s1 = _mm_set1_epi8('!'), s2 = _mm_set1_epi8('#'), s3 = _mm_set1_epi8('"'),
                s4 = _mm_set1_epi8(';');
  for (; n - i >= 16; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(a + i));
    __m128i y = _mm_loadu_si128((const __m128i *)(b + i));
    __m128i sp = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, s1), _mm_cmpeq_epi8(x, s2)),
                              _mm_or_si128(_mm_cmpeq_epi8(x, s3), _mm_cmpeq_epi8(x, s4)));
    unsigned stop = (unsigned)_mm_movemask_epi8(sp) | ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xffffu);
    if (stop) return i + (size_t)__builtin_ctz(stop);
  }
#endif
  while (i < n && a[i] == b[i] && !is_special(a[i])) i++;
  return i;
}

/* Whether the string opening at t[q] is a DIFile's `checksum:` value.
** DWARF 5 (clang's default -g) puts the source file's MD5 there, so every
** edit of the C file changes it; nothing in the module reads it (md nodes
** keep no field values), so a checksum of the same length, which an MD5 or
** SHA always has, counts as equal: an edit of one function then stays a
** reload by difference instead of changing the DIFile every function
** reaches. */
static bool is_checksum(const char *t, size_t q) {
  static const char key[] = "checksum: ";
  size_t k = sizeof key - 1;
  return q >= k && !memcmp(t + q - k, key, k);
}

/* In a metadata definition line, a differing number after `line: ` (or
** `scopeLine: `): passes both numbers (an anchor when their lengths differ)
** and returns true. A line added to one function moves the DISubprogram,
** DILocations and variables of every function below it; their bodies and
** MemorySSA are unchanged, so they stay kept and only the line fields of
** their nodes are read again from the new text (reread_lines). */
static bool line_shift(rt *r, size_t *o, size_t oe, size_t *n, size_t ne, anchor_vec *av) {
  static const char key[] = "ine: ";
  const size_t k = sizeof key - 1;
  /* only a difference inside a number (each call then moves o or n on) */
  if (!is_digit(r->ot[*o]) && !is_digit(r->nt[*n])) return false;
  size_t o0 = *o;
  while (o0 > 0 && is_digit(r->ot[o0 - 1])) o0--;
  size_t n0 = *n - (*o - o0);
  if (o0 < k + 1 || memcmp(r->ot + o0 - k, key, k) || (r->ot[o0 - k - 1] != 'l' &&
                                                        r->ot[o0 - k - 1] != 'L'))
    return false;
  if (!is_digit(r->ot[o0]) || !is_digit(r->nt[n0])) return false;
  size_t o1 = o0, n1 = n0;
  uint32_t a, b;
  if (!read_num(r->ot, oe, &o1, &a) || !read_num(r->nt, ne, &n1, &b)) return false;
  if (av && o1 - o0 != n1 - n0) mssa_vec_push(av, ((anchor){(uint32_t)o1, (uint32_t)n1}));
  *o = o1;
  *n = n1;
  r->relined = true;
  return true;
}

/* Compares old [o, oe) with new [n, ne) modulo the renaming (recording
** pairs), pushing anchors to `av` (NULL: none). Only a number after `!` or
** `#` outside strings and comments may differ: a string ("...": LLVM
** escapes '"' inside as \22) or a comment (';' to the end of the line) is
** compared as bytes, so `c"-#0\00"` is no reference (except a DIFile
** checksum: is_checksum). Runs of other bytes go
** through plain_run. */
static bool cmp_region(rt *r, size_t o, size_t oe, size_t n, size_t ne, anchor_vec *av) {
  const char *ot = r->ot, *nt = r->nt;
  if (av) mssa_vec_push(av, ((anchor){(uint32_t)o, (uint32_t)n}));
  /* Fast path: the same bytes and no reference at all (text without
  ** debug info: most regions). */
  if (oe - o == ne - n && !memchr(ot + o, '!', oe - o) && !memchr(ot + o, '#', oe - o)) {
    if (memcmp(ot + o, nt + n, oe - o)) return false;
    if (av) mssa_vec_push(av, ((anchor){(uint32_t)oe, MSSA_NONE}));
    return true;
  }
  for (;;) {
    size_t L = plain_run(ot + o, nt + n, oe - o < ne - n ? oe - o : ne - n);
    o += L;
    n += L;
    if (o == oe) break;
    /* md definition lines are the ones compared with anchors into a2 */
    if (av == &r->a2 && n < ne && line_shift(r, &o, oe, &n, ne, av)) continue;
    char c = ot[o];
    if (n == ne || nt[n] != c || !is_special(c)) return false;
    o++;
    n++;
    if (c == '"' || c == ';') {
      /* through the closing quote / to the end of the line, as bytes */
      const char *q = memchr(ot + o, c == '"' ? '"' : '\n', oe - o);
      size_t e = q ? (size_t)(q - ot) + (c == '"') : oe;
      L = e - o;
      if (ne - n < L) return false;
      if (memcmp(ot + o, nt + n, L) &&
          !(c == '"' && is_checksum(ot, o - 1) && nt[n + L - 1] == '"' &&
            !memchr(nt + n, '"', L - 1)))
        return false;
      o += L;
      n += L;
      continue;
    }
    int ns = c == '#';
    bool od = o < oe && is_digit(ot[o]), nd = n < ne && is_digit(nt[n]);
    if (od != nd) return false;
    if (!od) continue;
    size_t o0 = o, n0 = n;
    uint32_t a, b;
    if (!read_num(ot, oe, &o, &a) || !read_num(nt, ne, &n, &b)) return false;
    if (!pair(r, ns, b, a)) return false;
    if (av && o - o0 != n - n0) mssa_vec_push(av, ((anchor){(uint32_t)o, (uint32_t)n}));
  }
  if (n != ne) return false;
  if (av) mssa_vec_push(av, ((anchor){(uint32_t)oe, MSSA_NONE}));
  return true;
}

static size_t eol(const char *t, size_t len, size_t off) {
  const char *nl = memchr(t + off, '\n', len - off);
  return nl ? (size_t)(nl - t) : len;
}

/* Past "!N = " or "attributes #N" at a definition line. */
static size_t def_rest(const char *t, size_t off) {
  off += t[off] == '!' ? 1 : 12;
  while (is_digit(t[off])) off++;
  return off;
}

/* Compares the definitions of every pair not yet checked. */
static bool close_pairs(rt *r) {
  while (r->done < r->log.n) {
    uint32_t e = r->log.a[r->done++], ns = e >> 31, nn = e & 0x7fffffffu;
    uint32_t on = r->fwd[ns][nn] - 1;
    const uint32_t *ol = ns ? r->om->agline : r->om->mdline;
    const uint32_t *nl = ns ? r->nm->agline : r->nm->mdline;
    if (on >= (ns ? r->om->nag : r->om->nmd) || nn >= (ns ? r->nm->nag : r->nm->nmd) ||
        !ol[on] || !nl[nn])
      return false;   /* a reference to a number nobody defines */
    size_t o = def_rest(r->ot, ol[on] - 1), n = def_rest(r->nt, nl[nn] - 1);
    if (!ns) r->a2at[on] = r->a2.n + 1;
    if (!cmp_region(r, o, eol(r->ot, r->olen, o), n, eol(r->nt, r->nlen, n), ns ? NULL : &r->a2))
      return false;
  }
  return true;
}

/* Length of the common prefix of a and b (n bytes each at most), found a
** block at a time (memcmp is fast), then a byte at a time. */
static size_t common_prefix(const char *a, const char *b, size_t n) {
  size_t i = 0;
  while (n - i >= 4096 && !memcmp(a + i, b + i, 4096)) i += 4096;
  while (n - i >= 64 && !memcmp(a + i, b + i, 64)) i += 64;
  while (i < n && a[i] == b[i]) i++;
  return i;
}

/* Length of the common suffix of a[0..an) and b[0..bn), at most `cap`. */
static size_t common_suffix(const char *a, size_t an, const char *b, size_t bn, size_t cap) {
  size_t i = 0;
  while (cap - i >= 4096 && !memcmp(a + an - i - 4096, b + bn - i - 4096, 4096)) i += 4096;
  while (cap - i >= 64 && !memcmp(a + an - i - 64, b + bn - i - 64, 64)) i += 64;
  while (i < cap && a[an - i - 1] == b[bn - i - 1]) i++;
  return i;
}

typedef struct mark { uint32_t log, a1, a2; } mark;

static mark mark_of(const rt *r) { return (mark){r->log.n, r->a1.n, r->a2.n}; }

static void rollback(rt *r, mark k) {
  /* invariant 5: a rollback undoes only what was recorded since the mark */
  MSSA_ASSERT(k.log <= r->log.n && k.a1 <= r->a1.n && k.a2 <= r->a2.n && r->done <= r->log.n);
  while (r->log.n > k.log) {
    uint32_t e = r->log.a[--r->log.n], ns = e >> 31, nn = e & 0x7fffffffu;
    MSSA_ASSERT(nn < r->nfwd[ns] && r->fwd[ns][nn] != 0);
    uint32_t on = r->fwd[ns][nn] - 1;
    if (!ns) r->a2at[on] = 0;
    r->fwd[ns][nn] = 0;
    r->rev[ns][on] = 0;
  }
  r->done = k.log;
  r->a1.n = k.a1;
  r->a2.n = k.a2;
}

static bool is_def_line(const char *t, size_t len, size_t ls) {
  return (t[ls] == '!' && ls + 1 < len && is_digit(t[ls + 1])) ||
         (t[ls] == 'a' && len - ls >= 12 && !memcmp(t + ls, "attributes #", 12));
}

/* Next frame line at or after *p before e that is not a definition; false
** at e. */
static bool next_line(const char *t, size_t len, size_t *p, size_t e, size_t *ls, size_t *le) {
  while (*p < e) {
    size_t s = *p, x = eol(t, e, s);
    *p = x < e ? x + 1 : e;
    if (is_def_line(t, len, s)) continue;
    *ls = s;
    *le = x;
    return true;
  }
  return false;
}

/* Frame gap k: from the end of define k-1 (or 0) to define k (or the end). */
static void gap(const mssa_textmap *m, uint32_t k, size_t *s, size_t *e) {
  *s = k ? m->f.a[k - 1].end : 0;
  *e = k < m->f.n ? m->f.a[k].head : m->len;
  MSSA_ASSERT(*s <= *e && *e <= m->len); /* definitions are in text order */
}

static bool cmp_gap(rt *r, uint32_t k) {
  size_t op, oe, np, ne, ols, ole, nls, nle;
  gap(r->om, k, &op, &oe);
  gap(r->nm, k, &np, &ne);
  for (;;) {
    bool a = next_line(r->ot, r->olen, &op, oe, &ols, &ole);
    bool b = next_line(r->nt, r->nlen, &np, ne, &nls, &nle);
    if (a != b) return false;
    if (!a) return true;
    if (!cmp_region(r, ols, ole, nls, nle, &r->a1) || !close_pairs(r)) return false;
  }
}

/* Last anchor at or before x in a[0..n) (sorted by o), or NONE. */
static uint32_t find_anchor(const anchor *a, uint32_t n, uint32_t x) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (a[mid].o <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo ? lo - 1 : MSSA_NONE;
}

/* Moves old offset x through anchor a (NONE if a is none or a region end). */
static uint32_t through(const anchor *a, uint32_t x) {
  if (!a || a->n == MSSA_NONE) return MSSA_NONE;
  MSSA_ASSERT(a->o <= x); /* invariant 3: the last anchor at or before x */
  return a->n + (x - a->o);
}

/* ------------------------------------------------------------ parse phase */

/* Unnamed values continue after the unnamed arguments (parse_function). */
static uint32_t first_slot(const mssa_func *f) {
  uint32_t slot = 0;
  for (uint32_t a = 0; a < f->nargs; a++)
    if (f->args[a].slot != MSSA_NONE && f->args[a].slot + 1 > slot) slot = f->args[a].slot + 1;
  return slot;
}

static void body_free(mssa_func *f) {
  mssa_vec_free(&f->blocks);
  mssa_vec_free(&f->insts);
  mssa_vec_free(&f->ops);
  mssa_vec_free(&f->dbg);
}

static void lex_at(ll_parser *p, size_t off) {
  mssa__lex_init(&p->lx, p->m->text, p->m->text_len);
  p->lx.pos = off;
  p->lx.saw_ptr = p->m->opaque_ptrs;
  mssa__ll_next(p);
}

/* A definition parsed alone must end its line, as the whole-module parser
** would require (the next entity starts a line): `!7 = !{}, i64 0}` is an
** error there, so it is one here. */
static void line_done(ll_parser *p, size_t start) {
  size_t e = eol(p->m->text, p->m->text_len, start);
  if (p->lx.tok.kind != LT_EOF && p->lx.tok.off < e)
    mssa__ll_err(p, p->lx.tok.off, "expected top-level entity");
}

/* Seeds parser p (over the new text) with the renaming, then parses the
** unmapped definitions and the changed bodies (saving the old bodies in
** saved[]). Errors longjmp to the caller's setjmp. */
static void parse_changed(ll_parser *p, rt *r, const uint32_t *chg, uint32_t nch,
                          mssa_func *saved, volatile uint32_t *nsaved, uint32_t *ndefs,
                          mssa_u32vec *seed) {
  mssa_module *m = p->m;
  const mssa_textmap *nm = r->nm;
  uint32_t types0 = m->types.n;
  /* The renaming, as the reader's `!N` fallback table (seed): new number
  ** -> the old node it maps to; the rest is parsed into p->mdmap. */
  for (uint32_t nn = 0; nn < nm->nmd; nn++) {
    uint32_t on = r->fwd[0][nn], id = MSSA_NONE;
    if (on) {
      id = on - 1 < m->mdnum.n ? m->mdnum.a[on - 1] : MSSA_NONE;
      if (id == MSSA_NONE) {
      r->soft = true;
      mssa__ll_err(p, nm->mdline[nn] - 1, "metadata numbering lost");
    }
    }
    seed->a[nn] = id;
  }
  p->mdseed = seed;
  for (uint32_t nn = 0; nn < nm->nag; nn++) {
    if (!r->fwd[1][nn]) continue;
    uint32_t gi = mssa_u64map_get(&m->agnum, r->fwd[1][nn] - 1);
    if (gi == MSSA_NONE || gi >= m->agbits.n) {
      r->soft = true;
      mssa__ll_err(p, nm->agline[nn] - 1, "attribute group lost");
    }
    mssa_u64map_put(&p->agmap, nn, p->agbits.n);
    mssa_vec_push(&p->agbits, m->agbits.a[gi]);
    mssa_vec_push(&p->agmem, gi < m->agmem.n ? m->agmem.a[gi] : MSSA_MEM_ANY);
  }
  for (uint32_t k = 0; k < nm->def.n; k++) {
    if (r->fwd[0][nm->def.a[k].num]) continue;
    lex_at(p, nm->def.a[k].off);
    mssa__ll_md_def(p);
    line_done(p, nm->def.a[k].off);
    (*ndefs)++;
  }
  for (uint32_t nn = 0; nn < nm->nag; nn++) {
    if (!nm->agline[nn] || r->fwd[1][nn]) continue;
    lex_at(p, nm->agline[nn] - 1);
    mssa__ll_attr_group(p);
    line_done(p, nm->agline[nn] - 1);
  }
  for (uint32_t k = 0; k < nch; k++) {
    uint32_t i = chg[k], fi = r->om->fidx[i];
    mssa_func *f = &m->funcs.a[fi];
    saved[(*nsaved)++] = *f;
    memset(&f->blocks, 0, sizeof f->blocks);
    memset(&f->insts, 0, sizeof f->insts);
    memset(&f->ops, 0, sizeof f->ops);
    memset(&f->dbg, 0, sizeof f->dbg);
    f->entry = f->first_block = f->last_block = MSSA_NONE;
    p->fidx = fi;
    p->next_slot = first_slot(f);
    lex_at(p, nm->f.a[i].body);
    mssa__ll_function_body(p);
    if (p->lx.prev_end != nm->f.a[i].end) mssa__ll_err(p, p->lx.prev_end, "expected the end of the function body");
    if (p->gfwd.n) mssa__ll_err(p, p->gfwd.a[0].off, "use of undefined global value");
    if (p->baddr.n) {
      r->soft = true;
      mssa__ll_err(p, p->baddr.a[0].off, "blockaddress in a reparsed body");
    }
    mssa__ll_call_intrinsics(m, f);
  }
  for (uint32_t i = 0; i < p->mdref.n; i++)
    if (p->mdref.a[i] != MSSA_NONE) mssa__ll_err(p, p->mdref.a[i], "use of undefined metadata");
  mssa__ll_types_check(p, types0);
  for (uint32_t i = 0; i < p->agref.n; i++) {
    ll_pending *pe = &p->agref.a[i];
    uint32_t gi = mssa_u64map_get(&p->agmap, pe->b);
    if (gi != MSSA_NONE) mssa__ll_merge_group(m, pe->a, p->agbits.a[gi], p->agmem.a[gi]);
  }
}

/* Newlines in s[0..n). A text has one per ~40 bytes, so a memchr call per
** line would cost more than the bytes: SSE2 compares 16 bytes at a time
** and sums the matches in byte lanes (flushed before they can wrap);
** elsewhere a word-at-a-time zero-byte test. */
static uint32_t count_newlines(const char *s, size_t n) {
  uint64_t c = 0;
  size_t i = 0;
#ifdef __SSE2__
  const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  while (n - i >= 16) {
    __m128i acc = zero;
    size_t stop = i + 16 * 255 < n - 15 ? i + 16 * 255 : n - 15;
    for (; i < stop; i += 16)
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(s + i)), nl));
    __m128i sum = _mm_sad_epu8(acc, zero);
    c += (uint64_t)_mm_cvtsi128_si32(sum) + (uint64_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
  }
#else
  const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull, nl = ones * '\n';
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    w ^= nl;   /* newline bytes are now zero */
    uint64_t z = ~(((w & ~high) + ~high) | w) & high;   /* exact zero-byte test */
    c += ((z >> 7) * ones) >> 56;                       /* sum of eight 0/1 bytes */
  }
#endif
  for (; i < n; i++) c += s[i] == '\n';
  return (uint32_t)c;
}

/* Cursor over a1 for nondecreasing offsets: the last anchor at or before
** x, or NONE if none is. */
static uint32_t seek(const anchor *a, uint32_t n, uint32_t *k, uint32_t x) {
  if (*k == MSSA_NONE) {
    if (!n || a[0].o > x) return MSSA_NONE;
    *k = 0;
  }
  while (*k + 1 < n && a[*k + 1].o <= x) (*k)++;
  MSSA_ASSERT(*k < n && a[*k].o <= x); /* invariant 3 */
  return *k;
}

/* Moves old offset x, the end of a span (so it may sit on its region's end
** marker), from cursor k on: the last real anchor at or before x. */
static uint32_t through_end(const anchor *a, uint32_t n, uint32_t k, uint32_t x) {
  if (k == MSSA_NONE || a[k].n == MSSA_NONE) return MSSA_NONE;
  while (k + 1 < n && a[k + 1].o <= x && a[k + 1].n != MSSA_NONE) k++;
  return through(&a[k], x);
}

/* Moves span (*off, *len) of a kept body into the new text, walking cursor
** *cur forward; a span that cannot move is dropped (cannot happen in a kept
** body). */
static void move_span(const anchor *a1, uint32_t n1, uint32_t *cur, uint32_t *off, uint32_t *len) {
  if (!*len) return;
  uint32_t x = *off, y = x + *len;
  uint32_t k = seek(a1, n1, cur, x);
  uint32_t nx = through(k == MSSA_NONE ? NULL : &a1[k], x), ny = through_end(a1, n1, k, y);
  if (nx == MSSA_NONE || ny == MSSA_NONE || ny < nx) {
    *off = *len = 0;
    return;
  }
  *off = nx;
  *len = ny - nx;
}

/* Function headers and the text spans of kept bodies. */
static void rebase_funcs(mssa_module *m, rt *r, const uint8_t *is_chg) {
  const anchor *a1 = r->a1.a;
  uint32_t n1 = r->a1.n;
  uint32_t *bstart = mssa_xmalloc((m->funcs.n ? m->funcs.n : 1) * 2 * sizeof *bstart);
  uint32_t *bend = bstart + (m->funcs.n ? m->funcs.n : 1);
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) bstart[fi] = MSSA_NONE;
  for (uint32_t k = 0; k < r->om->f.n; k++) {
    bstart[r->om->fidx[k]] = r->om->f.a[k].body;
    bend[r->om->fidx[k]] = r->om->f.a[k].end;
  }
  /* Functions are in text order, and so are their headers, bodies and
  ** instructions: one cursor walks a1 once. */
  uint32_t cur = MSSA_NONE;
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    uint32_t h = seek(a1, n1, &cur, f->head_off);
    uint32_t nh = through(h == MSSA_NONE ? NULL : &a1[h], f->head_off);
    uint32_t nhe = through_end(a1, n1, h, f->head_off + f->head_len);
    if (nh != MSSA_NONE && nhe != MSSA_NONE) {
      f->head_off = nh;
      f->head_len = nhe - nh;
    }
    if (f->is_decl || (is_chg && is_chg[fi]) || bstart[fi] == MSSA_NONE) continue;
    /* A body that did not move and holds no anchor inside: nothing to do
    ** (its instructions are not even touched: they are cache misses). The
    ** body's region starts right after its header's end marker. */
    uint32_t b = seek(a1, n1, &cur, bstart[fi]);
    if (b != MSSA_NONE && a1[b].n == a1[b].o &&
        (b + 1 == n1 || (a1[b + 1].n == MSSA_NONE && a1[b + 1].o >= bend[fi])))
      continue;
    /* instructions, then debug records: each in text order, and the
    ** records between the same instructions, so each walks from the body's
    ** anchor */
    uint32_t body = cur;
    for (uint32_t j = 0; j < f->insts.n; j++)
      move_span(a1, n1, &cur, &f->insts.a[j].text_off, &f->insts.a[j].text_len);
    uint32_t rcur = body;
    for (uint32_t j = 0; j < f->dbg.n; j++)
      move_span(a1, n1, &rcur, &f->dbg.a[j].text_off, &f->dbg.a[j].text_len);
    if (rcur != MSSA_NONE && (cur == MSSA_NONE || rcur > cur)) cur = rcur;
  }
  free(bstart);
}

/* One past the index of the old definition line holding offset x (0 if x
** is before every one); *dc is a cursor: md indices follow the text
** roughly, so the last answer or its successor usually is it. */
static uint32_t def_line_after(const mssa_textmap *om, uint32_t *dc, uint32_t x) {
  uint32_t c = *dc, lo;
  const mdef *d = om->def.a;
  if (c < om->def.n && d[c].off <= x && (c + 1 == om->def.n || d[c + 1].off > x)) {
    lo = c + 1;
  } else if (c + 1 < om->def.n && d[c + 1].off <= x && (c + 2 == om->def.n || d[c + 2].off > x)) {
    lo = c + 2;
  } else {
    uint32_t hi = om->def.n;
    lo = 0;
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (d[mid].off <= x) lo = mid + 1;
      else hi = mid;
    }
  }
  if (lo) *dc = lo - 1;
  return lo;
}

/* Metadata spans: in a mapped definition line, or in a kept region. Only
** the nodes the module had before the parse phase (md0 of them): the ones
** that phase made were read from the new text, so their spans are in it
** already. */
static void rebase_md(mssa_module *m, rt *r, uint32_t md0) {
  const anchor *a1 = r->a1.a;
  uint32_t n1 = r->a1.n;
  const mssa_textmap *om = r->om;
  uint32_t dc = 0;   /* cursor into om->def */
  MSSA_ASSERT(md0 <= m->md.n);
  for (uint32_t i = 0; i < md0; i++) {
    mssa_md *d = &m->md.a[i];
    if (!d->text_len) continue;
    uint32_t x = d->text_off, y = x + d->text_len, nx = MSSA_NONE, ny = MSSA_NONE;
    uint32_t lo = def_line_after(om, &dc, x);
    if (lo && x < eol(r->ot, r->olen, om->def.a[lo - 1].off)) {
      uint32_t on = om->def.a[lo - 1].num;
      if (on < om->nmd && r->rev[0][on] && r->a2at[on]) {
        uint32_t s = r->a2at[on] - 1, k = s, ke;
        while (k + 1 < r->a2.n && r->a2.a[k + 1].n != MSSA_NONE && r->a2.a[k + 1].o <= x) k++;
        ke = k;
        while (ke + 1 < r->a2.n && r->a2.a[ke + 1].n != MSSA_NONE && r->a2.a[ke + 1].o <= y) ke++;
        nx = through(&r->a2.a[k], x);
        ny = through(&r->a2.a[ke], y);
      }
    } else {
      uint32_t k = find_anchor(a1, n1, x);
      if (k != MSSA_NONE && a1[k].n != MSSA_NONE) {
        uint32_t ke = k;
        while (ke + 1 < n1 && a1[ke + 1].o <= y && a1[ke + 1].n != MSSA_NONE) ke++;
        nx = through(&a1[k], x);
        ny = through(&a1[ke], y);
      }
    }
    if (nx == MSSA_NONE || ny == MSSA_NONE || ny < nx) {
      d->text_off = d->text_len = 0;
      d->distinct = 1;   /* unreachable now; keep it out of uniquing */
    } else {
      d->text_off = nx;
      d->text_len = ny - nx;
    }
  }
}

/* `define`/`declare` line numbers: counted through the new text, except
** that a header in the common prefix keeps its line and one in the common
** suffix moves by the difference of the middles' line counts. */
static void rebase_lines(mssa_module *m, rt *r) {
  size_t pos = 0;
  uint32_t line = 1;
  int64_t dl = 0;
  if (r->pre || r->suf)
    dl = (int64_t)count_newlines(r->nt + r->pre, r->nlen - r->suf - r->pre) -
         (int64_t)count_newlines(r->ot + r->pre, r->olen - r->suf - r->pre);
  for (uint32_t fi = 0; fi < m->funcs.n; fi++) {
    mssa_func *f = &m->funcs.a[fi];
    size_t to = f->head_off;
    if (to < pos) continue;   /* not in text order: keep the old number */
    if (r->pre || r->suf) {
      if (to + f->head_len <= r->pre || to >= r->nlen - r->suf) {
        if (to >= r->nlen - r->suf && to + f->head_len > r->pre) f->line = (uint32_t)((int64_t)f->line + dl);
        pos = to;
        line = f->line;
        continue;
      }
    }
    line += count_newlines(r->nt + pos, to - pos);
    pos = to;
    f->line = line;
  }
}

/* The `line:` value of a DILocation or DISubprogram, read again from its
** span in the new text (line_shift let it differ). Only a field name
** following '(' or ' ' counts, so `scopeLine:` is not taken; strings are
** passed whole. */
static void reread_lines(mssa_module *m) {
  for (uint32_t i = 0; i < m->md.n; i++) {
    mssa_md *d = &m->md.a[i];
    if ((d->kind != MSSA_MD_LOCATION && d->kind != MSSA_MD_SUBPROGRAM) || !d->text_len) continue;
    const char *t = m->text + d->text_off, *e = t + d->text_len;
    for (const char *q = t + 1; q < e; q++) {   /* t[0] is the node's "!" */
      if (*q == '"') {
        const char *c = memchr(q + 1, '"', (size_t)(e - q - 1));
        if (!c) break;
        q = c;
        continue;
      }
      if ((q[-1] != '(' && q[-1] != ' ') || (size_t)(e - q) < 6 || memcmp(q, "line: ", 6)) continue;
      uint32_t v = 0;
      for (q += 6; q < e && is_digit(*q); q++) v = v * 10 + (uint32_t)(*q - '0');
      d->line = v;
      break;
    }
  }
}

/* Moves every offset the module keeps into the new text (invariant 3);
** md0: the metadata nodes there were before the parse phase. */
static void rebase(mssa_module *m, rt *r, const uint8_t *is_chg, uint32_t md0) {
  rebase_funcs(m, r, is_chg);
  rebase_md(m, r, md0);
  rebase_lines(m, r);
}

static void rt_free(rt *r) {
  for (int ns = 0; ns < 2; ns++) {
    free(r->fwd[ns]);
    free(r->rev[ns]);
  }
  mssa_vec_free(&r->log);
  mssa_vec_free(&r->a1);
  mssa_vec_free(&r->a2);
  free(r->a2at);
}

static int refuse(mssa_retext *res, const char *why) {
  size_t n = strlen(why);
  if (n >= sizeof res->why) n = sizeof res->why - 1;   /* cut, as snprintf would */
  memcpy(res->why, why, n);
  res->why[n] = 0;
  return MSSA_EINVAL;
}

/* ------------------------------------------------------------ the two phases */

/* What the comparison found: the renaming, the anchors, the new text's map
** and the changed functions (text order). Holds no pointer into either text
** nor into the module, so it can be made on another thread from copies. */
struct mssa_retext_plan {
  rt r;                    /* ot, nt, om unset between the phases */
  mssa_textmap *nm;
  uint32_t *chg, nch, nf, renumbered;
  size_t olen, nlen;
};

void mssa_retext_plan_free(mssa_retext_plan *pl) {
  if (!pl) return;
  rt_free(&pl->r);
  mssa_textmap_free(pl->nm);
  free(pl->chg);
  free(pl);
}

mssa_textmap *mssa_textmap_dup(const mssa_textmap *t) {
  if (!t) return NULL;
  mssa_textmap *d = mssa_xmalloc(sizeof *d);
  *d = *t;
  memset(&d->f, 0, sizeof d->f);
  memset(&d->def, 0, sizeof d->def);
  for (uint32_t i = 0; i < t->f.n; i++) mssa_vec_push(&d->f, t->f.a[i]);
  for (uint32_t i = 0; i < t->def.n; i++) mssa_vec_push(&d->def, t->def.a[i]);
  d->fidx = mssa_xmalloc((t->f.n ? t->f.n : 1) * sizeof *d->fidx);
  memcpy(d->fidx, t->fidx, t->f.n * sizeof *d->fidx);
  d->mdline = mssa_xcalloc(t->nmd ? t->nmd : 1, sizeof *d->mdline);
  if (t->nmd) memcpy(d->mdline, t->mdline, t->nmd * sizeof *d->mdline);
  d->agline = mssa_xcalloc(t->nag ? t->nag : 1, sizeof *d->agline);
  if (t->nag) memcpy(d->agline, t->agline, t->nag * sizeof *d->agline);
  return d;
}

const mssa_textmap *mssa_module_textmap(const mssa_module *m) { return m ? m->tmap : NULL; }

uint8_t *mssa_module_pinned_funcs(const mssa_module *m) {
  uint8_t *pin = NULL;
  for (uint32_t c = 0; c < m->consts.n; c++) {
    const mssa_const *cc = &m->consts.a[c];
    if (cc->kind != MSSA_C_BLOCKADDR) continue;
    mssa_val fv = m->cops.a[cc->ops];
    if (MSSA_VAL_KIND(fv) != MSSA_VK_FUNC || MSSA_VAL_INDEX(fv) >= m->funcs.n) continue;
    if (!pin) pin = mssa_xcalloc(m->funcs.n ? m->funcs.n : 1, 1);
    pin[MSSA_VAL_INDEX(fv)] = 1;
  }
  return pin;
}

bool mssa_textmap_has_refs(const mssa_textmap *t) { return t && t->refs; }

int mssa_retext_plan_new(const char *otext, size_t olen, const mssa_textmap *om,
                          const char *text, size_t len, uint32_t max_changed,
                          const uint8_t *pinned, mssa_retext_plan **out, char *why,
                          size_t cap) {
  *out = NULL;
  if (cap) why[0] = 0;
#define REFUSE(msg) do { snprintf(why, cap, "%s", msg); rc = MSSA_EINVAL; goto out; } while (0)
  int rc = MSSA_EINVAL;
  mssa_retext_plan *pl = NULL;
  mssa_textmap *nm = NULL;
  if (!om) {
    snprintf(why, cap, "the module was edited, or its text is not in printer form");
    return MSSA_EINVAL;
  }
  if (olen != om->len) {
    snprintf(why, cap, "the module text changed since it was read");
    return MSSA_EINVAL;
  }
  /* A text without any `!`/`#` (no debug info) first takes the common
  ** prefix and suffix of the two texts (memcmp passes): the new map is the
  ** old one outside the middle, and a function whose gap, header and body
  ** lie in the prefix or the suffix is compared as one region. */
  size_t pre = 0, suf = 0;
  if (!om->refs) {
    size_t mn = len < olen ? len : olen;
    pre = common_prefix(otext, text, mn);
    suf = common_suffix(otext, olen, text, len, mn - pre);
  }
  nm = textmap_new(text, len, om, pre, suf);
  if (!nm) REFUSE("the new text is not in printer form (one entity per line)");
  if (nm->f.n != om->f.n) REFUSE("functions were added or removed");
  pl = mssa_xcalloc(1, sizeof *pl);
  rt *r = &pl->r;
  r->ot = otext;
  r->olen = olen;
  r->nt = text;
  r->nlen = len;
  r->om = om;
  r->nm = nm;
  r->nfwd[0] = nm->nmd;
  r->nfwd[1] = nm->nag;
  r->nrev[0] = om->nmd;
  r->nrev[1] = om->nag;
  for (int ns = 0; ns < 2; ns++) {
    r->fwd[ns] = mssa_xcalloc(r->nfwd[ns] ? r->nfwd[ns] : 1, sizeof(uint32_t));
    r->rev[ns] = mssa_xcalloc(r->nrev[ns] ? r->nrev[ns] : 1, sizeof(uint32_t));
  }
  r->a2at = mssa_xcalloc(om->nmd ? om->nmd : 1, sizeof(uint32_t));
  r->pre = pre;
  r->suf = suf;
  uint32_t nf = om->f.n;
  pl->nf = nf;
  pl->chg = mssa_xmalloc((nf ? nf : 1) * sizeof *pl->chg);
  /* Frame gaps and headers must match, bodies may not. */
  for (uint32_t k = 0; k <= nf; k++) {
    if (!om->refs) {
      size_t go, ge, gn, gne;
      gap(om, k, &go, &ge);
      gap(nm, k, &gn, &gne);
      size_t eo = k < nf ? om->f.a[k].end : olen, en = k < nf ? nm->f.a[k].end : len;
      if ((eo <= pre && en <= pre && go == gn) ||
          (go >= olen - suf && gn >= len - suf && gn - go == len - olen)) {
        mssa_vec_push(&r->a1, ((anchor){(uint32_t)go, (uint32_t)gn}));
        mssa_vec_push(&r->a1, ((anchor){(uint32_t)eo, MSSA_NONE}));
        continue;
      }
    }
    if (!cmp_gap(r, k))
      REFUSE("something outside function bodies changed (types, globals, declarations, "
             "named metadata)");
    if (k == nf) break;
    const fspan *of = &om->f.a[k], *nf_ = &nm->f.a[k];
    if (!cmp_region(r, of->head, of->body, nf_->head, nf_->body, &r->a1) || !close_pairs(r))
      REFUSE("a define line changed");
    mark mk = mark_of(r);
    if (!cmp_region(r, of->body, of->end, nf_->body, nf_->end, &r->a1) || !close_pairs(r)) {
      rollback(r, mk);
      if (pinned && pinned[om->fidx[k]])
        REFUSE("a changed function is named by a blockaddress constant");
      pl->chg[pl->nch++] = k;
      if (pl->nch > max_changed) {
        snprintf(why, cap, "more than %u of %u functions changed", max_changed, nf);
        rc = MSSA_EINVAL;
        goto out;
      }
    } else if (of->end - of->body != nf_->end - nf_->body ||
               memcmp(otext + of->body, text + nf_->body, of->end - of->body)) {
      pl->renumbered++;
    }
  }
  r->ot = r->nt = NULL;
  r->om = NULL;
  r->nm = NULL;
  pl->nm = nm;
  pl->olen = olen;
  pl->nlen = len;
  *out = pl;
  return MSSA_OK;
out:
#undef REFUSE
  mssa_textmap_free(nm);
  if (pl) {
    pl->nm = NULL;
    mssa_retext_plan_free(pl);
  }
  return rc;
}

/* Why plan pl cannot be applied to m (with a new text of len bytes): 0 if
** it can, else MSSA_EINVAL with res->why set. */
static int apply_refused(const mssa_module *m, const mssa_retext_plan *pl, char **text, size_t len,
                         mssa_retext *res) {
  const mssa_textmap *om = m ? m->tmap : NULL;
  if (!m || !text || !*text || !pl) return refuse(res, "no text");
  if (!om || m->text_len != pl->olen || len != pl->nlen || om->f.n != pl->nf)
    return refuse(res, "the module changed while the new text was compared");
  if (om->nmd && !m->mdnum.n) return refuse(res, "the text's metadata numbers are too sparse to follow");
  if (m->md.n > 2 * om->md0 + 4096 || m->mdops.n > 2 * om->mdops0 + 8192 ||
      m->attrlists.n > 2 * om->al0 + 4096)
    return refuse(res, "earlier reloads left many unused nodes: a full load compacts them");
  return 0;
}

int mssa_retext_apply(mssa_module *m, mssa_retext_plan *pl, char **text, size_t len,
                       mssa_retext *res, mssa_diag *diag) {
  memset(res, 0, sizeof *res);
  if (diag) memset(diag, 0, sizeof *diag);
  int rc = MSSA_EINVAL;
  /* Set before the setjmp below, read after a longjmp: volatile keeps the
  ** compiler from caching them in registers. */
  mssa_func *volatile saved = NULL;
  uint8_t *volatile is_chg = NULL;
  const mssa_textmap *om = m ? m->tmap : NULL;
  if (apply_refused(m, pl, text, len, res)) goto out;
  rt *r = &pl->r;
  mssa_textmap *nm = pl->nm;
  r->ot = m->text;
  r->nt = *text;
  r->om = om;
  r->nm = nm;
  uint32_t nf = pl->nf, nch = pl->nch, *chg = pl->chg;
  res->renumbered = pl->renumbered;
  /* A blockaddress constant names a block of an old body by index: a
  ** changed function must have none pointing into it. */
  if (nch) {
    is_chg = mssa_xcalloc(m->funcs.n ? m->funcs.n : 1, 1);
    for (uint32_t k = 0; k < nch; k++) is_chg[om->fidx[chg[k]]] = 1;
    for (uint32_t c = 0; c < m->consts.n; c++) {
      const mssa_const *cc = &m->consts.a[c];
      if (cc->kind != MSSA_C_BLOCKADDR) continue;
      mssa_val fv = m->cops.a[cc->ops];
      if (MSSA_VAL_KIND(fv) == MSSA_VK_FUNC && is_chg[MSSA_VAL_INDEX(fv)]) {
        refuse(res, "a changed function is named by a blockaddress constant");
        goto out;
      }
    }
  }
  /* Parse the unmapped definitions and the changed bodies. */
  {
    uint32_t md0 = m->md.n, mdops0 = m->mdops.n, kinds0 = m->md_kinds.n;
    /* Changed between setjmp and a longjmp, so volatile (C11 7.13.2.1). */
    volatile uint32_t nsaved = 0;
    /* Sized before setjmp: after it only its elements are written. */
    mssa_u32vec seed = {0};
    mssa_vec_reserve(&seed, nm->nmd ? nm->nmd : 1);
    seed.n = nm->nmd;
    char *otext = m->text;
    size_t olen = m->text_len;
    saved = mssa_xcalloc(nch ? nch : 1, sizeof *saved);
    ll_parser *p = mssa_xcalloc(1, sizeof *p);
    p->m = m;
    p->diag = diag;
    p->line_no = 1;
    m->text = *text;
    m->text_len = len;
    if (setjmp(p->jb)) {
      for (uint32_t k = 0; k < nsaved; k++) {
        mssa_func *f = &m->funcs.a[om->fidx[chg[k]]];
        body_free(f);
        *f = saved[k];
      }
      m->md.n = md0;
      m->mdops.n = mdops0;
      m->md_kinds.n = kinds0;
      m->text = otext;
      m->text_len = olen;
      mssa_layout_compute(m);   /* types_reopen cleared the layout marks */
      mssa_vec_free(&seed);
      mssa__ll_parser_free(p);
      free(p);
      rc = MSSA_EPARSE;
      if (r->soft) {
        refuse(res, diag && diag->msg[0] ? diag->msg : "a limit of the reparse");
        rc = MSSA_EINVAL;
      }
      goto out;
    }
    mssa__ll_parser_scratch(p);
    mssa__ll_reopen_module(p);
    parse_changed(p, r, chg, nch, saved, &nsaved, &res->new_md, &seed);
    mssa__ll_md_paths(p, md0);
    mssa_layout_compute(m);
    /* Commit. */
    rebase(m, r, is_chg, md0);
    if (r->relined) reread_lines(m);
    for (uint32_t k = 0; k < nsaved; k++) body_free(&saved[k]);
    mssa__ll_keep_numbering(p, &seed);
    mssa__ll_parser_free(p);
    free(p);
    m->md_canon.n = 0;   /* recomputed on demand (nodes were added or retired) */
    nm->md0 = om->md0;
    nm->mdops0 = om->mdops0;
    nm->al0 = om->al0;
    nm->fidx = mssa_xmalloc((nf ? nf : 1) * sizeof *nm->fidx);
    memcpy(nm->fidx, om->fidx, (nf ? nf : 1) * sizeof *nm->fidx);
    mssa_filetext_release(otext, m->text_mapped);
    m->text_mapped = 0;   /* the new text is the caller's malloc'ed block */
    module_set_textmap(m, nm);
    pl->nm = NULL;
    *text = NULL;
    for (uint32_t k = 0; k < nch; k++) chg[k] = m->tmap->fidx[chg[k]];
    res->changed = chg;
    res->nchanged = nch;
    res->nfuncs = nf;
    pl->chg = NULL;
    rc = MSSA_OK;
  }
out:
  free(saved);
  free(is_chg);
  mssa_retext_plan_free(pl);
  return rc;
}

int mssa_module_retext(mssa_module *m, char **text, size_t len, uint32_t max_changed,
                        mssa_retext *res, mssa_diag *diag) {
  memset(res, 0, sizeof *res);
  if (diag) memset(diag, 0, sizeof *diag);
  if (!m || !text || !*text) return refuse(res, "no text");
  mssa_retext_plan *pl;
  uint8_t *pinned = mssa_module_pinned_funcs(m);
  int rc = mssa_retext_plan_new(m->text, m->text_len, m->tmap, *text, len, max_changed, pinned,
                                 &pl, res->why, sizeof res->why);
  free(pinned);
  if (rc != MSSA_OK) return rc;
  return mssa_retext_apply(m, pl, text, len, res, diag);
}
