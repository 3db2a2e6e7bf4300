/*
** ll_lex.h -- tokenizer for LLVM textual IR.
**
** Invariants:
**   1. The lexer never allocates: a token is a kind plus a byte span of the
**      input (and a number for %N/@N/!N/#N/N: and iN tokens). The input must
**      be NUL-terminated (the module copy is), so scanning stops at the NUL
**      without a bounds check per byte.
**   2. Names keep their escapes: `quoted` tells the parser to unescape
**      (`\xx` hex, `\\`) into its scratch buffer before interning.
**   3. A malformed token (unterminated string, bad number, stray byte) is
**      LT_ERROR with `msg` set; the parser turns it into the one diagnostic.
**      Its `end` is the previous token's end (prev_end stays at the last
**      good token, whatever is lexed after it).
**   4. Keywords are identified here (hash tables over ll_kw.h), so the
**      parser compares small integers, never strings, on the hot path.
*/
#ifndef MSSA_LL_LEX_H
#define MSSA_LL_LEX_H

#include <stddef.h>
#include <stdint.h>

enum {
#define X(n) LL_KW_##n,
#include "reader/ll_kw.h"
#undef X
  LL_KW_COUNT_
};

typedef enum {
  LT_EOF, LT_ERROR,
  LT_EQ, LT_COMMA, LT_STAR, LT_LSQ, LT_RSQ, LT_LBRACE, LT_RBRACE, LT_LPAREN,
  LT_RPAREN, LT_LT, LT_GT, LT_EXCL, LT_BAR, LT_DOTS,
  LT_LOCAL,     /* %name  (text = name, maybe quoted) */
  LT_LOCALID,   /* %N     (num) */
  LT_GLOBAL,    /* @name */
  LT_GLOBALID,  /* @N */
  LT_COMDATVAR, /* $name */
  LT_LABEL,     /* name:  or "name": */
  LT_LABELID,   /* N: */
  LT_MDVAR,     /* !name (text = name, escapes kept) */
  LT_ATTRID,    /* #N */
  LT_SUMMARYID, /* ^N */
  LT_STRING,    /* "..." (text = between the quotes, escapes kept) */
  LT_INT,       /* [-]digits (text) */
  LT_HEXINT,    /* u0x... / s0x... (text includes the prefix) */
  LT_FLOAT,     /* decimal or 0x/0xK/0xL/0xM/0xH/0xR hex float (text) */
  LT_INTTYPE,   /* iN (num = N) */
  LT_KW,        /* keyword (kw) */
  LT_IDENT,     /* any other bare word */
  LT_DBGREC,    /* #dbg_value etc. (num = mssa_dbg_kind; text = after "#dbg_") */
  LT_MDREF      /* !N with N of at most 9 digits (num = N); longer is '!' then N */
} ll_tokkind;

typedef struct ll_tok {
  uint8_t kind;     /* ll_tokkind */
  uint8_t quoted;   /* name/label written in quotes: may hold escapes */
  uint16_t kw;      /* LT_KW: LL_KW_* */
  uint32_t off;     /* byte offset of the token's first byte */
  uint32_t end;     /* byte offset one past its last byte */
  uint32_t toff, tlen; /* payload text (name without sigil/quotes) */
  uint64_t num;     /* numeric payload */
} ll_tok;

typedef struct ll_lexer {
  const char *text; /* NUL-terminated */
  size_t len;
  size_t pos;       /* next byte to read */
  ll_tok tok;       /* current token */
  const char *msg;  /* LT_ERROR reason */
  uint32_t prev_end; /* end offset of the previous token */
  int saw_ptr;      /* the `ptr` keyword has been seen (opaque pointers) */
} ll_lexer;

void mssa__lex_init(ll_lexer *lx, const char *text, size_t len);
/* Advances to the next token (lx->tok). */
void mssa__lex_next(ll_lexer *lx);
/* Name of a keyword (for messages). */
const char *mssa__kw_name(unsigned kw);
/* Keyword id of `s[0..n)` or -1. */
int mssa__kw_find(const char *s, size_t n);
/* Skips a metadata node's raw text to the ')' closing an already consumed
** '(' (see ll_lex.c); reports each `!N` through ref(ctx, N, offset, field
** name offset, field name length) -- the field is the `name:` label that
** the reference belongs to (length 0 if none). */
typedef void (*ll_ref_fn)(void *ctx, uint64_t n, uint32_t off, uint32_t foff, uint32_t flen);
int mssa__lex_skip_parens(ll_lexer *lx, ll_ref_fn ref, void *ctx);
/* 1 if the keyword table is sorted (self-check used by the tests). */
int mssa__kw_table_ok(void);

#endif
