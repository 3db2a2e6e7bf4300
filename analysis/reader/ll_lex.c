/*
** ll_lex.c -- tokenizer for LLVM textual IR (see ll_lex.h for invariants).
**
** Follows LLVM 14's LLLexer closely enough that every token LLVM accepts is
** accepted here with the same split: names `%x` `@x` `$x` `!x`, numbered
** ids `%N` `@N` `#N` `^N`, labels `name:` `N:` `"str":`, integers, hex ints
** `u0x`/`s0x`, floats (decimal and the hex forms), `iN` types, keywords.
** Comments (`;` to end of line) are whitespace, which is also why old-style
** `; <label>:5` block headers need nothing special: the block's number is
** implicit.
*/
#include "reader/ll_lex.h"

#include "base/check.h"

#include <stdatomic.h>
#include <string.h>

static const char *const kw_names[] = {
#define X(n) #n,
#include "reader/ll_kw.h"
#undef X
};

/* Character classes, one table lookup per byte on the hot path. */
enum { C_DIGIT = 1, C_ALPHA = 2, C_NAME = 4, C_WORD = 8, C_HEX = 16, C_SPACE = 32, C_MDSTOP = 64 };
static unsigned char cls[256];
static atomic_int cls_state;  /* 0 = not built, 1 = building, 2 = ready */
static void kw_init(void);

/* The tables are built once, on first use, by whichever thread gets there
** first; the others wait for the release store (parses may run
** concurrently in the server's worker pool). */
static void cls_build(void);
static void cls_init(void) {
  if (atomic_load_explicit(&cls_state, memory_order_acquire) == 2) return;
  int expect = 0;
  if (atomic_compare_exchange_strong(&cls_state, &expect, 1)) {
    cls_build();
    atomic_store_explicit(&cls_state, 2, memory_order_release);
    return;
  }
  while (atomic_load_explicit(&cls_state, memory_order_acquire) != 2) {}
}

static void cls_build(void) {
  for (int c = 0; c < 256; c++) {
    unsigned char v = 0;
    if (c >= '0' && c <= '9') v |= C_DIGIT | C_NAME | C_WORD | C_HEX;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) v |= C_ALPHA | C_NAME | C_WORD;
    if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) v |= C_HEX;
    if (c == '_' || c == '.') v |= C_NAME | C_WORD;
    if (c == '-' || c == '$') v |= C_NAME;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') v |= C_SPACE;
    if (c == 0 || strchr("\";,()[]{}!", c)) v |= C_MDSTOP; /* what skip_parens looks at */
    cls[c] = v;
  }
  kw_init();
}

#define IS(c, k) (cls[(unsigned char)(c)] & (k))

const char *mssa__kw_name(unsigned kw) {
  return kw < LL_KW_COUNT_ ? kw_names[kw] : "?";
}

/* Keyword hash table (open addressing, built once with the class table):
** one hash and usually one memcmp per identifier instead of a binary
** search with a strlen per probe. */
#define KW_HSIZE 1024
static int16_t kw_hash[KW_HSIZE];
static uint8_t kw_len[LL_KW_COUNT_];

#define KW_MAXLEN 40

/* The hash reads the length and four bytes (first, second, middle, last),
** not every byte: words are scanned once, by class, and the probe compares
** the whole word anyway; these few bytes spread the keywords well enough
** (a probe or two at most). */
static inline uint32_t kw_h(const char *s, size_t n) {
  if (n == 0) return 0;
  uint32_t h = (uint32_t)n * 0x9e3779b1u;
  h ^= (uint32_t)(unsigned char)s[0] * 0x85ebca77u;
  h ^= (uint32_t)(unsigned char)s[n > 1] * 0xc2b2ae3du;
  h ^= (uint32_t)(unsigned char)s[n / 2] * 0x27d4eb2fu;
  h ^= (uint32_t)(unsigned char)s[n - 1] * 0x165667b1u;
  return h ^ (h >> 15);
}

/* Keywords of at most 8 bytes (most of those in a module: ptr, align,
** load, label, store...) also have a table keyed by the
** word as one 64-bit number (its bytes, zero above the last): one
** multiply to hash, one compare to match. Words never hold a NUL, so equal
** numbers mean equal words, lengths included. */
#define KW8_HSIZE 1024
static int16_t kw8_hash[KW8_HSIZE];
static uint64_t kw8_word[LL_KW_COUNT_];

static inline uint32_t kw8_h(uint64_t w) {
  return (uint32_t)((w * 0x9e3779b97f4a7c15ull) >> 54);   /* 10 bits: KW8_HSIZE */
}

/* The n <= 8 bytes at s as a number, read byte by byte (setup only). */
static uint64_t word_bytes(const char *s, size_t n) {
  uint64_t w = 0;
  for (size_t i = 0; i < n; i++) w |= (uint64_t)(unsigned char)s[i] << (8 * i);
  return w;
}

static void kw_init(void) {
  for (int i = 0; i < KW_HSIZE; i++) kw_hash[i] = -1;
  for (int i = 0; i < KW8_HSIZE; i++) kw8_hash[i] = -1;
  for (int k = 0; k < LL_KW_COUNT_; k++) {
    size_t n = strlen(kw_names[k]);
    /* invariant 4: every keyword fits the tables it is looked up in */
    MSSA_ASSERT(n >= 1 && n <= KW_MAXLEN && LL_KW_COUNT_ < KW_HSIZE && LL_KW_COUNT_ < KW8_HSIZE);
    kw_len[k] = (uint8_t)n;
    uint32_t j = kw_h(kw_names[k], n) & (KW_HSIZE - 1);
    while (kw_hash[j] >= 0) j = (j + 1) & (KW_HSIZE - 1);
    kw_hash[j] = (int16_t)k;
    if (n > 8) continue;
    kw8_word[k] = word_bytes(kw_names[k], n);
    j = kw8_h(kw8_word[k]);
    while (kw8_hash[j] >= 0) j = (j + 1) & (KW8_HSIZE - 1);
    kw8_hash[j] = (int16_t)k;
  }
}

/* The keyword whose bytes are the number w (a word of 1..8 bytes), or -1. */
static inline int kw8_lookup(uint64_t w) {
  for (uint32_t j = kw8_h(w);; j = (j + 1) & (KW8_HSIZE - 1)) {
    int k = kw8_hash[j];
    if (k < 0 || kw8_word[k] == w) return k;
  }
}

/* The keyword s[0..n) whose kw_h is h, or -1. Compared in place: keywords
** are short, and a call to memcmp per word showed in profiles. */
static inline int kw_lookup(const char *s, size_t n, uint32_t h) {
  if (n == 0 || n > KW_MAXLEN) return -1;
  for (uint32_t j = h & (KW_HSIZE - 1);; j = (j + 1) & (KW_HSIZE - 1)) {
    int k = kw_hash[j];
    if (k < 0) return -1;
    if (kw_len[k] != n) continue;
    const char *a = kw_names[k];
    if (n >= 4) {
      /* two overlapping 4-byte compares cover 4..8 bytes (both strings
      ** have n readable bytes); longer keywords compare the middle too */
      uint32_t x, y, u, v;
      memcpy(&x, a, 4); memcpy(&y, s, 4);
      memcpy(&u, a + n - 4, 4); memcpy(&v, s + n - 4, 4);
      if (x != y || u != v) continue;
      size_t i = 4;
      while (i < n - 4 && a[i] == s[i]) i++;
      if (i >= n - 4) return k;
      continue;
    }
    size_t i = 0;
    while (i < n && a[i] == s[i]) i++;
    if (i == n) return k;
  }
}

int mssa__kw_find(const char *s, size_t n) { return kw_lookup(s, n, kw_h(s, n)); }

static int kw_find_slow(const char *s, size_t n) {
  int lo = 0, hi = LL_KW_COUNT_ - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    const char *k = kw_names[mid];
    size_t kn = strlen(k);
    int c = memcmp(s, k, n < kn ? n : kn);
    if (c == 0) c = (n > kn) - (n < kn);
    if (c == 0) return mid;
    if (c < 0) hi = mid - 1; else lo = mid + 1;
  }
  return -1;
}

int mssa__kw_table_ok(void) {
  cls_init();
  for (int i = 1; i < LL_KW_COUNT_; i++)
    if (strcmp(kw_names[i - 1], kw_names[i]) >= 0) return 0;
  for (int i = 0; i < LL_KW_COUNT_; i++) {
    size_t n = strlen(kw_names[i]);
    if (mssa__kw_find(kw_names[i], n) != i || kw_find_slow(kw_names[i], n) != i) return 0;
    if (n <= 8 && kw8_lookup(word_bytes(kw_names[i], n)) != i) return 0;
  }
  return 1;
}

void mssa__lex_init(ll_lexer *lx, const char *text, size_t len) {
  cls_init();
  /* invariant 1: scanning stops at the NUL that ends the text. */
  MSSA_ASSERT(text != NULL && text[len] == '\0');
  memset(lx, 0, sizeof *lx);
  lx->text = text;
  lx->len = len;
}

static void set_err(ll_lexer *lx, size_t at, const char *msg) {
  /* invariant 3: the error is at or past the last good token, within the text. */
  MSSA_ASSERT(at <= lx->len && lx->prev_end <= at);
  lx->tok.kind = LT_ERROR;
  lx->tok.off = (uint32_t)at;
  /* An error token "ends" where the previous token ended (never after
  ** `at`), so that the next mssa__lex_next leaves prev_end at the last
  ** good token without testing the kind of every token. */
  lx->tok.end = lx->prev_end;
  lx->msg = msg;
  lx->pos = lx->len; /* stop: the parser reports and gives up */
}

/* Reads decimal digits at p into *out; returns the end, or NULL on overflow
** past 32 bits (ids and widths never need more). */
static const char *read_u32(const char *p, uint64_t *out) {
  uint64_t v = 0;
  while (IS(*p, C_DIGIT)) {
    v = v * 10 + (uint64_t)(*p - '0');
    if (v > 0xffffffffull) return NULL;
    p++;
  }
  *out = v;
  return p;
}

/* A name token of kind `kind` from p: name characters from q on. */
static void set_name(ll_lexer *lx, int kind, const char *p, const char *q) {
  while (IS(*q, C_NAME)) q++;
  lx->tok.kind = (uint8_t)kind;
  lx->tok.toff = (uint32_t)(p - lx->text);
  lx->tok.tlen = (uint32_t)(q - p);
  lx->pos = (size_t)(q - lx->text);
}

/* After a sigil: a name ([-a-zA-Z$._][-a-zA-Z$._0-9]*), a quoted name, or
** digits. Returns 0 on success. */
static int lex_sigil(ll_lexer *lx, const char *s, int kname, int kid, const char *what) {
  const char *t = lx->text;
  const char *p = s + 1;
  ll_tok *k = &lx->tok;
  if (*p == '"') {
    const char *q = p + 1;
    while (*q != '"' && (*q || (size_t)(q - t) < lx->len)) q++;
    if (*q != '"') { set_err(lx, (size_t)(s - t), "end of file in quoted name"); return -1; }
    k->kind = (uint8_t)kname;
    k->quoted = 1;
    k->toff = (uint32_t)(p + 1 - t);
    k->tlen = (uint32_t)(q - p - 1);
    lx->pos = (size_t)(q + 1 - t);
    MSSA_EXPENSIVE_ASSERT(lx->pos <= lx->len); /* the closing quote is in the text */
    return 0;
  }
  if (IS(*p, C_DIGIT) && kid >= 0) {
    const char *q = read_u32(p, &k->num);
    if (!q) { set_err(lx, (size_t)(s - t), "invalid value number (too large)"); return -1; }
    if (IS(*q, C_NAME) && !IS(*q, C_DIGIT)) {
      /* `%1a` is a name in LLVM (names may start with digits only if quoted
      ** normally, but the lexer accepts [-a-zA-Z$._0-9]+ after a digit run). */
      set_name(lx, kname, p, q);
      return 0;
    }
    k->kind = (uint8_t)kid;
    lx->pos = (size_t)(q - t);
    return 0;
  }
  if (IS(*p, C_NAME)) {
    set_name(lx, kname, p, p);
    return 0;
  }
  set_err(lx, (size_t)(s - t), what);
  return -1;
}

/* A label `s..q` whose ':' is at q. */
static void set_label(ll_lexer *lx, const char *s, const char *q) {
  lx->tok.kind = LT_LABEL;
  lx->tok.toff = (uint32_t)(s - lx->text);
  lx->tok.tlen = (uint32_t)(q - s);
  lx->pos = (size_t)(q + 1 - lx->text);
  lx->tok.end = (uint32_t)lx->pos;
}

static void lex_number(ll_lexer *lx, const char *s) {
  const char *t = lx->text, *p = s;
  ll_tok *k = &lx->tok;
  /* Hex floats: 0x, 0xK, 0xL, 0xM, 0xH, 0xR. */
  if (p[0] == '0' && p[1] == 'x') {
    const char *q = p + 2;
    if (*q == 'K' || *q == 'L' || *q == 'M' || *q == 'H' || *q == 'R') q++;
    const char *h = q;
    while (IS(*q, C_HEX)) q++;
    if (q == h) { set_err(lx, (size_t)(s - t), "invalid hexadecimal floating point constant"); return; }
    k->kind = LT_FLOAT;
    k->toff = (uint32_t)(s - t);
    k->tlen = (uint32_t)(q - s);
    lx->pos = (size_t)(q - t);
    return;
  }
  if (*p == '-') p++;
  const char *d = p;
  while (IS(*p, C_DIGIT)) p++;
  if (p == d) {
    /* `-name:` is a label in LLVM; anything else after '-' is an error. */
    const char *q = p;
    while (IS(*q, C_NAME)) q++;
    if (*q == ':' && q > p) {
      set_label(lx, s, q);
      return;
    }
    set_err(lx, (size_t)(s - t), "invalid character");
    return;
  }
  if (*p == ':' && *s != '-') {
    uint64_t v;
    if (!read_u32(s, &v)) { set_err(lx, (size_t)(s - t), "invalid label number (too large)"); return; }
    k->kind = LT_LABELID;
    k->num = v;
    lx->pos = (size_t)(p + 1 - t);
    return;
  }
  if (IS(*p, C_ALPHA) || *p == '_' || *p == '$' || (*p == '-' && p > d)) {
    /* digits followed by name characters: a label like `1abc:` */
    const char *q = p;
    while (IS(*q, C_NAME)) q++;
    if (*q == ':') {
      set_label(lx, s, q);
      return;
    }
  }
  if (*p == '.') {
    p++;
    while (IS(*p, C_DIGIT)) p++;
    if ((*p == 'e' || *p == 'E') &&
        (IS(p[1], C_DIGIT) || ((p[1] == '-' || p[1] == '+') && IS(p[2], C_DIGIT)))) {
      p += 2;
      while (IS(*p, C_DIGIT)) p++;
    }
    k->kind = LT_FLOAT;
  } else {
    k->kind = LT_INT;
  }
  k->toff = (uint32_t)(s - t);
  k->tlen = (uint32_t)(p - s);
  lx->pos = (size_t)(p - t);
}

/* The keyword s[0..n) (n >= 1), or -1; avail bytes of text start at s. A
** word of at most 8 bytes with 8 bytes to read is looked up as a number
** (kw8_lookup) on a little-endian machine, whose byte order word_bytes
** gives the table. */
static inline int word_kw(const char *s, size_t n, size_t avail) {
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (n <= 8 && avail >= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    if (n < 8) w &= (1ull << (8 * n)) - 1;
    return kw8_lookup(w);
  }
#else
  (void)avail;
#endif
  return kw_lookup(s, n, n <= KW_MAXLEN ? kw_h(s, n) : 0);
}

static void lex_word(ll_lexer *lx, const char *s) {
  const char *t = lx->text;
  ll_tok *k = &lx->tok;
  size_t avail = lx->len - (size_t)(s - t);
  /* One scan: the word part [a-zA-Z0-9_.]*, then any further label
  ** characters ('-', '$'); [-a-zA-Z$._0-9]+ followed by ':' is a label. */
  const char *w = s;
  while (IS(*w, C_WORD)) w++;
  const char *q = w;
  if (*q == '-' || *q == '$') while (IS(*q, C_NAME)) q++;
  if (*q == ':') {
    set_label(lx, s, q);
    return;
  }
  /* u0x / s0x hex integers */
  if ((s[0] == 'u' || s[0] == 's') && s[1] == '0' && s[2] == 'x' && IS(s[3], C_HEX)) {
    q = s + 3;
    while (IS(*q, C_HEX)) q++;
    k->kind = LT_HEXINT;
    k->toff = (uint32_t)(s - t);
    k->tlen = (uint32_t)(q - s);
    lx->pos = (size_t)(q - t);
    k->end = (uint32_t)lx->pos;
    return;
  }
  q = w;
  size_t n = (size_t)(q - s);
  lx->pos = (size_t)(q - t);
  k->end = (uint32_t)lx->pos;
  k->toff = (uint32_t)(s - t);
  k->tlen = (uint32_t)n;
  if (s[0] == 'i' && n > 1 && IS(s[1], C_DIGIT)) {
    const char *e = s + 1;
    while (IS(*e, C_DIGIT)) e++;
    if (e == q) {
      uint64_t w;
      if (!read_u32(s + 1, &w) || w == 0 || w >= (1u << 24)) {
        set_err(lx, (size_t)(s - t), "bitwidth for integer type out of range!");
        return;
      }
      k->kind = LT_INTTYPE;
      k->num = w;
      return;
    }
  }
  int kw = word_kw(s, n, avail);
  if (kw >= 0) {
    k->kind = LT_KW;
    k->kw = (uint16_t)kw;
    if (kw == LL_KW_ptr) lx->saw_ptr = 1;
  } else {
    k->kind = LT_IDENT;
  }
}

/* `#dbg_KIND` (a debug record, LLVM 19+): KIND among those LLVM knows,
** numbered as mssa_dbg_kind. */
static void lex_dbg_record(ll_lexer *lx, const char *s) {
  static const char *const kinds[] = {"declare", "value", "assign", "label", "declare_value"};
  const char *q = s + 1;
  while (IS(*q, C_NAME)) q++;
  size_t n = (size_t)(q - s);
  if (n > 5 && memcmp(s + 1, "dbg_", 4) == 0) {
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
      if (strlen(kinds[k]) == n - 5 && memcmp(s + 5, kinds[k], n - 5) == 0) {
        lx->tok.kind = LT_DBGREC;
        lx->tok.num = k;
        lx->tok.toff = (uint32_t)(s + 5 - lx->text);
        lx->tok.tlen = (uint32_t)(n - 5);
        lx->pos = (size_t)(q - lx->text);
        return;
      }
    }
    set_err(lx, (size_t)(s - lx->text), "expected debug record type here");
    return;
  }
  set_err(lx, (size_t)(s - lx->text), "invalid character");
}

/* Single-character punctuation -> its token kind (0: not punctuation). */
static const uint8_t punct[256] = {
  ['='] = LT_EQ, [','] = LT_COMMA, ['*'] = LT_STAR, ['['] = LT_LSQ, [']'] = LT_RSQ,
  ['{'] = LT_LBRACE, ['}'] = LT_RBRACE, ['('] = LT_LPAREN, [')'] = LT_RPAREN, ['<'] = LT_LT,
  ['>'] = LT_GT, ['|'] = LT_BAR,
};


/* Kept out of line, so that mssa__lex_next saves no registers: inlined, its
** calls (memchr, lex_word) made every token pay for saving and restoring
** six registers, a fifth of the lexer's instructions. */
#if defined(__GNUC__)
#define LEX_NOINLINE __attribute__((noinline))
#else
#define LEX_NOINLINE
#endif

static LEX_NOINLINE void lex_token(ll_lexer *lx, const char *p);

/* At p, past whitespace and comments: any token. Inlined into both of its
** callers; it makes only tail calls, so lex_slow saves no registers. */
static inline void lex_at(ll_lexer *lx, const char *p) {
  ll_tok *k = &lx->tok;
  uint32_t off = (uint32_t)(p - lx->text);
  k->off = k->toff = off;
  k->quoted = 0;
  k->tlen = 0;
  uint8_t pk = punct[(unsigned char)*p];
  if (pk) {
    k->kind = pk;
    k->end = off + 1;
    lx->pos = off + 1;
    return;
  }
  /* words (a third of all tokens: keywords, types) go straight to
  ** lex_word, past lex_token's switch */
  if (IS(*p, C_ALPHA)) {
    k->num = 0;
    lex_word(lx, p);
    return;
  }
  lex_token(lx, p);
}

/* At a ';': comments and whitespace up to the next token (memchr per
** comment; kept apart so that lex_slow stays free of calls). */
static LEX_NOINLINE void lex_comments(ll_lexer *lx, const char *p) {
  const char *t = lx->text;
  for (;;) {
    while (IS(*p, C_SPACE)) p++;
    if (*p != ';') break;
    const char *nl = memchr(p, '\n', lx->len - (size_t)(p - t));
    p = nl ? nl : t + lx->len;
  }
  lex_at(lx, p);
}

/* From p on: whitespace, then any token (comments in lex_comments). */
static LEX_NOINLINE void lex_slow(ll_lexer *lx, const char *p) {
  while (IS(*p, C_SPACE)) p++;
  if (*p == ';') {
    lex_comments(lx, p);
    return;
  }
  lex_at(lx, p);
}

/* The hot path stays small and calls nothing but its tail: whitespace,
** punctuation, `%N` and `!N` here; comments and every other token in
** lex_slow (which lexes them all, these included). */
void mssa__lex_next(ll_lexer *lx) {
  const char *t = lx->text;
  ll_tok *k = &lx->tok;
  /* A position never beyond the end (invariant 1: the NUL stops every scan). */
  MSSA_EXPENSIVE_ASSERT(lx->pos <= lx->len && k->end <= lx->len);
  lx->prev_end = k->end;
  const char *p = t + lx->pos;
  while (IS(*p, C_SPACE)) p++;
  uint32_t off = (uint32_t)(p - t);
  uint8_t pk = punct[(unsigned char)*p];
  if (pk) {
    k->off = k->toff = off;
    k->quoted = 0;
    k->tlen = 0;
    k->kind = pk;
    k->end = off + 1;
    lx->pos = off + 1;
    return;
  }
  if ((*p == '%' || *p == '!') && IS(p[1], C_DIGIT)) {
    /* `%N` / `!N`: at most 9 digits and no name character after them */
    /* the first digit is known; at most 8 more (9 in all), compared
    ** arithmetically rather than through the class table */
    const char *q = p + 2, *lim = p + 10;
    uint32_t v = (uint32_t)(p[1] - '0');
    while (q < lim && (unsigned char)(*q - '0') < 10) v = v * 10 + (uint32_t)(*q++ - '0');
    if (!IS(*q, C_NAME)) {
      k->off = k->toff = off;
      k->quoted = 0;
      k->tlen = 0;
      k->kind = *p == '%' ? LT_LOCALID : LT_MDREF;
      k->num = v;
      lx->pos = (size_t)(q - t);
      k->end = (uint32_t)lx->pos;
      return;
    }
  }
  lex_slow(lx, p);
}

static LEX_NOINLINE void lex_token(ll_lexer *lx, const char *p) {
  const char *t = lx->text;
  ll_tok *k = &lx->tok;
  k->num = 0;
  lx->pos = (size_t)(p - t);
  unsigned char c = (unsigned char)*p;
  switch (c) {
  case 0:
    if ((size_t)(p - t) >= lx->len) { k->kind = LT_EOF; k->end = k->off; return; }
    set_err(lx, (size_t)(p - t), "invalid character (NUL byte)");
    break;
  case '%': lex_sigil(lx, p, LT_LOCAL, LT_LOCALID, "invalid local name"); break;
  case '@': lex_sigil(lx, p, LT_GLOBAL, LT_GLOBALID, "invalid global name"); break;
  case '$': {
    /* `$name:` would be a label; `$name` / `$"name"` is a comdat. */
    const char *q = p;
    while (IS(*q, C_NAME)) q++;
    if (*q == ':') { lex_word(lx, p); break; }
    lex_sigil(lx, p, LT_COMDATVAR, -1, "invalid comdat name");
    break;
  }
  case '!': {
    const char *q = p + 1;
    if (IS(*q, C_NAME) && !IS(*q, C_DIGIT)) {
      while (IS(*q, C_NAME) || *q == '\\') q++;
      k->kind = LT_MDVAR;
      k->toff = (uint32_t)(p + 1 - t);
      k->tlen = (uint32_t)(q - p - 1);
      lx->pos = (size_t)(q - t);
    } else if (IS(*q, C_DIGIT)) {
      /* `!N`, the commonest metadata token: one token, its number read */
      uint32_t v = 0;
      const char *d = q;
      while (IS(*q, C_DIGIT) && q - d < 9) v = v * 10 + (uint32_t)(*q++ - '0');
      if (IS(*q, C_DIGIT)) {
        k->kind = LT_EXCL;
        lx->pos++;
      } else {
        k->kind = LT_MDREF;
        k->num = v;
        lx->pos = (size_t)(q - t);
      }
    } else if (*q == '\\') {
      while (IS(*q, C_NAME) || *q == '\\') q++;
      k->kind = LT_MDVAR;
      k->quoted = 1;
      k->toff = (uint32_t)(p + 1 - t);
      k->tlen = (uint32_t)(q - p - 1);
      lx->pos = (size_t)(q - t);
    } else {
      k->kind = LT_EXCL;
      lx->pos++;
    }
    break;
  }
  case '#': case '^': {
    const char *q = p + 1;
    if (c == '#' && !IS(*q, C_DIGIT)) { lex_dbg_record(lx, p); break; }
    if (!IS(*q, C_DIGIT)) { set_err(lx, (size_t)(p - t), "invalid character"); break; }
    q = read_u32(q, &k->num);
    if (!q) { set_err(lx, (size_t)(p - t), "invalid number (too large)"); break; }
    k->kind = c == '#' ? LT_ATTRID : LT_SUMMARYID;
    lx->pos = (size_t)(q - t);
    break;
  }
  case '"': {
    const char *q = p + 1;
    const char *e = memchr(q, '"', lx->len - (size_t)(q - t));
    if (!e) { set_err(lx, (size_t)(p - t), "end of file in string constant"); break; }
    k->toff = (uint32_t)(q - t);
    k->tlen = (uint32_t)(e - q);
    k->quoted = 1;
    if (e[1] == ':') { k->kind = LT_LABEL; lx->pos = (size_t)(e + 2 - t); }
    else { k->kind = LT_STRING; lx->pos = (size_t)(e + 1 - t); }
    break;
  }
  case '.':
    if (p[1] == '.' && p[2] == '.') { k->kind = LT_DOTS; lx->pos += 3; break; }
    lex_word(lx, p);
    if (k->kind != LT_LABEL && k->kind != LT_ERROR) set_err(lx, (size_t)(p - t), "invalid character");
    break;
  default:
    if (IS(c, C_DIGIT) || c == '-') lex_number(lx, p);
    else if (IS(c, C_ALPHA) || c == '_') lex_word(lx, p);
    else set_err(lx, (size_t)(p - t), "invalid character");
    break;
  }
  if (k->kind != LT_ERROR) k->end = (uint32_t)lx->pos;
  /* invariant 1: a token is a span of the input, its payload inside it */
  MSSA_EXPENSIVE_ASSERT(k->kind == LT_ERROR ||
                        (k->off <= k->end && k->end <= lx->len && k->toff + k->tlen <= k->end));
}

/* Skips raw text from the current position up to and including the ')'
** that closes an already consumed '(' of a metadata node, without making
** tokens: strings are skipped whole, brackets counted, and each `!N` is
** reported through `ref` so undefined nodes are still caught. Returns 0, or
** -1 with lx->tok set to an error (unbalanced input, end of file). */
int mssa__lex_skip_parens(ll_lexer *lx, ll_ref_fn ref, void *ctx) {
  const char *t = lx->text, *p = t + lx->pos, *e = t + lx->len;
  uint32_t depth = 1;
  const char *fs = p;   /* start of the current top-level field */
  while (p < e) {
    /* one table test per byte of what the switch ignores (most of it) */
    while (!IS(*p, C_MDSTOP)) p++;
    if (p >= e) break;
    char c = *p;
    switch (c) {
    case '"': {
      const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));
      if (!q) { set_err(lx, (size_t)(p - t), "end of file in string constant"); return -1; }
      p = q + 1;
      continue;
    }
    case ';': {
      const char *q = memchr(p, '\n', (size_t)(e - p));
      p = q ? q : e;
      continue;
    }
    case ',': if (depth == 1) fs = p + 1; break;
    case '(': case '[': case '{': depth++; break;
    case ')': case ']': case '}':
      if (--depth == 0) {
        if (c != ')') { set_err(lx, (size_t)(p - t), "unbalanced brackets in metadata"); return -1; }
        lx->pos = (size_t)(p + 1 - t);
        lx->tok.end = (uint32_t)lx->pos;
        MSSA_ASSERT(lx->pos <= lx->len); /* the ')' is before the NUL */
        return 0;
      }
      break;
    case '!':
      if (IS(p[1], C_DIGIT)) {
        uint64_t v = 0;
        const char *q = p + 1;
        while (IS(*q, C_DIGIT) && v < 0xffffffffull) v = v * 10 + (uint64_t)(*q++ - '0');
        if (v >= 0xffffffffull) { set_err(lx, (size_t)(p - t), "invalid metadata number"); return -1; }
        const char *a = fs, *b;
        while (a < p && IS(*a, C_SPACE)) a++;
        for (b = a; b < p && IS(*b, C_NAME); b++) {}
        if (b >= p || *b != ':') b = a;
        MSSA_EXPENSIVE_ASSERT(fs <= a && a <= b && b < p); /* the field name precedes the reference */
        ref(ctx, v, (uint32_t)(p - t), (uint32_t)(a - t), (uint32_t)(b - a));
        p = q;
        continue;
      }
      break;
    case 0:
      if (p < e) { set_err(lx, (size_t)(p - t), "invalid character (NUL byte)"); return -1; }
      break;
    default: break;
    }
    p++;
  }
  set_err(lx, lx->len, "expected ')' here");
  lx->tok.off = (uint32_t)lx->len;
  return -1;
}
