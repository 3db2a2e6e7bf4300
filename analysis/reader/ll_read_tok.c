/*
** ll_read_tok.c -- the token helpers every parser of the reader calls: the
** one diagnostic, the nesting bound, expecting a token or a keyword, names,
** strings and integers read from tokens, number maps, and the optional
** calling convention and address space.
**
** Why a file of its own: these sit under all the parsers (module level,
** types, constants, metadata, attributes, instructions) and call none of
** them; at the driver's home (ll_read.c), which calls every parser, each
** parser calling back for a token tied the reader's files into one circle.
**
** Invariants:
**   1. Exactly one diagnostic per failed parse: mssa__ll_err formats the
**      first error and longjmps to mssa_module_parse (reader_internal.h,
**      invariant 1); every helper that refuses a token does so through it.
**   2. Positions are byte offsets into m->text; line and column are computed
**      only when a diagnostic is made, so the hot path never tracks lines.
**   3. A lexer error (LT_ERROR) is reported as the lexer's message, before
**      any "expected ..." of the parser, so the first fault is the one named.
**   4. A number map grows its dense array only up to NUM_DENSE_SLACK past
**      its end; larger numbers go to the hash map, so a stray `!4000000000`
**      costs one entry, not gigabytes.
*/
#include "reader/reader_internal.h"

#include "base/check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ diagnostics */

static void pos_of(const ll_parser *p, uint32_t off, uint32_t *line, uint32_t *col) {
  const char *t = p->m->text;
  size_t n = p->m->text_len;
  if (off > n) off = (uint32_t)n;
  uint32_t l = 1;
  size_t ls = 0;
  for (const char *q = t; ; ) {
    const char *nl = memchr(q, '\n', (size_t)(t + off - q));
    if (!nl) break;
    l++;
    ls = (size_t)(nl - t) + 1;
    q = nl + 1;
  }
  *line = l;
  *col = (uint32_t)(off - ls) + 1;
}

_Noreturn void mssa__ll_err(ll_parser *p, uint32_t off, const char *fmt, ...) {
  if (p->diag) {
    mssa_diag *d = p->diag;
    snprintf(d->file, sizeof d->file, "%s", p->m->path ? p->m->path : "<input>");
    pos_of(p, off, &d->line, &d->col);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    va_end(ap);
  }
  longjmp(p->jb, 1);
}

void mssa__ll_enter(ll_parser *p) {
  MSSA_EXPENSIVE_ASSERT(p->depth >= 0 && p->depth <= LL_MAX_DEPTH); /* reader_internal.h invariant 3 */
  if (++p->depth > LL_MAX_DEPTH) mssa__ll_err(p, p->lx.tok.off, "nesting too deep");
}

/* ---------------------------------------------------------- token helpers */

const char *mssa__ll_tokdesc(ll_parser *p, char *buf, size_t cap) {
  const ll_tok *t = &p->lx.tok;
  if (t->kind == LT_EOF) return "end of file";
  size_t n = t->end > t->off ? t->end - t->off : 1;
  if (n > 40) n = 40;
  MSSA_ASSERT(t->off + n <= p->m->text_len + 1); /* invariant 2: offsets into m->text */
  snprintf(buf, cap, "'%.*s'", (int)n, p->m->text + t->off);
  return buf;
}

void mssa__ll_expect_failed(ll_parser *p, const char *what) {
  mssa__ll_lex_check(p);
  mssa__ll_err(p, p->lx.tok.off, "expected %s", what);
}

void mssa__ll_expect_kw(ll_parser *p, unsigned kw) {
  mssa__ll_lex_check(p);
  if (!mssa__ll_is_kw(p, kw))
    mssa__ll_err(p, p->lx.tok.off, "expected '%s'", mssa__kw_name(kw));
  mssa__ll_next(p);
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Unescapes LLVM's `\xx` and `\\` into p->sbuf; returns its length. */
static size_t unescape(ll_parser *p, const char *s, size_t n) {
  p->sbuf.n = 0;
  mssa_vec_reserve(&p->sbuf, (uint32_t)n + 1);
  char *o = p->sbuf.a;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\\' && i + 1 < n) {
      if (s[i + 1] == '\\') { o[k++] = '\\'; i++; continue; }
      if (i + 2 < n && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
        o[k++] = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
        i += 2;
        continue;
      }
    }
    o[k++] = s[i];
  }
  MSSA_ASSERT(k <= n); /* unescaping never lengthens: sbuf had room */
  return k;
}

uint32_t mssa__ll_name(ll_parser *p, const ll_tok *t) {
  MSSA_EXPENSIVE_ASSERT(t->toff + t->tlen <= p->m->text_len); /* invariant 2 */
  const char *s = p->m->text + t->toff;
  if (!t->quoted) return mssa_strtab_intern(&p->m->strs, s, t->tlen);
  size_t k = unescape(p, s, t->tlen);
  return mssa_strtab_intern(&p->m->strs, p->sbuf.a, k);
}

uint32_t mssa__ll_string(ll_parser *p, const ll_tok *t) {
  size_t k = unescape(p, p->m->text + t->toff, t->tlen);
  return mssa_strtab_intern(&p->m->strs, p->sbuf.a, k);
}

uint64_t mssa__ll_uint(ll_parser *p, const char *what) {
  mssa__ll_lex_check(p);
  ll_tok *t = &p->lx.tok;
  if (t->kind != LT_INT || p->m->text[t->toff] == '-')
    mssa__ll_err(p, t->off, "expected %s", what);
  uint64_t v = 0;
  const char *s = p->m->text + t->toff;
  MSSA_EXPENSIVE_ASSERT(t->tlen >= 1 && t->toff + t->tlen <= p->m->text_len);
  for (uint32_t i = 0; i < t->tlen; i++) {
    if (v > (UINT64_MAX - 9) / 10) mssa__ll_err(p, t->off, "%s is too large", what);
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  mssa__ll_next(p);
  return v;
}

uint64_t mssa__ll_local_key(ll_parser *p, const ll_tok *t) {
  if (t->kind == LT_LOCALID || t->kind == LT_GLOBALID || t->kind == LT_LABELID)
    return LL_NUMKEY(t->num);
  return mssa__ll_name(p, t);
}

/* ------------------------------------------------------------ number maps */

/* Numbers up to this far past the array's end grow it; beyond, they go to
** the hash map (a stray `!4000000000` must not allocate 16 GB). */
#define NUM_DENSE_SLACK 65536u

void mssa__ll_num_put(ll_nummap *m, uint64_t n, uint32_t v) {
  if (n >= m->dense.n && n < 2 * (uint64_t)m->dense.n + NUM_DENSE_SLACK) {
    uint64_t old = m->dense.n;
    mssa_vec_reserve(&m->dense, n + 1);
    for (uint32_t i = m->dense.n; i <= n; i++) m->dense.a[i] = MSSA_NONE;
    m->dense.n = (uint32_t)n + 1;
    /* invariant 4: the dense array grows by at most NUM_DENSE_SLACK past
    ** twice its size */
    MSSA_ASSERT(m->dense.n <= 2 * old + NUM_DENSE_SLACK);
  }
  if (n < m->dense.n) m->dense.a[n] = v;
  else mssa_u64map_put(&m->sparse, n, v);
}

void mssa__ll_num_clear(ll_nummap *m) {
  m->dense.n = 0;
  if (m->sparse.n) mssa_u64map_free(&m->sparse);
}

void mssa__ll_num_free(ll_nummap *m) {
  mssa_vec_free(&m->dense);
  mssa_u64map_free(&m->sparse);
}

void mssa__ll_locals_clear(ll_parser *p) {
  mssa_u64map_free(&p->lmap);
  mssa__ll_num_clear(&p->lnum);
}

/* -------------------------------------------- calling conventions, spaces */

/* What a keyword may be in a global's or function's prefix (LL_KC_*). */
const uint8_t mssa__ll_kw_class[LL_KW_COUNT_] = {
  [LL_KW_private] = LL_KC_LINKAGE, [LL_KW_internal] = LL_KC_LINKAGE,
  [LL_KW_available_externally] = LL_KC_LINKAGE, [LL_KW_linkonce] = LL_KC_LINKAGE,
  [LL_KW_weak] = LL_KC_LINKAGE, [LL_KW_appending] = LL_KC_LINKAGE, [LL_KW_extern_weak] = LL_KC_LINKAGE,
  [LL_KW_linkonce_odr] = LL_KC_LINKAGE, [LL_KW_weak_odr] = LL_KC_LINKAGE, [LL_KW_external] = LL_KC_LINKAGE,
  [LL_KW_common] = LL_KC_LINKAGE,
  [LL_KW_default] = LL_KC_PREFIX, [LL_KW_hidden] = LL_KC_PREFIX, [LL_KW_protected] = LL_KC_PREFIX,
  [LL_KW_dllimport] = LL_KC_PREFIX, [LL_KW_dllexport] = LL_KC_PREFIX, [LL_KW_dso_local] = LL_KC_PREFIX,
  [LL_KW_dso_preemptable] = LL_KC_PREFIX,
  [LL_KW_ccc] = LL_KC_CC, [LL_KW_fastcc] = LL_KC_CC, [LL_KW_coldcc] = LL_KC_CC, [LL_KW_webkit_jscc] = LL_KC_CC,
  [LL_KW_anyregcc] = LL_KC_CC, [LL_KW_preserve_mostcc] = LL_KC_CC, [LL_KW_preserve_allcc] = LL_KC_CC,
  [LL_KW_ghccc] = LL_KC_CC, [LL_KW_swiftcc] = LL_KC_CC, [LL_KW_swifttailcc] = LL_KC_CC,
  [LL_KW_x86_stdcallcc] = LL_KC_CC, [LL_KW_x86_fastcallcc] = LL_KC_CC, [LL_KW_x86_thiscallcc] = LL_KC_CC,
  [LL_KW_x86_vectorcallcc] = LL_KC_CC, [LL_KW_x86_regcallcc] = LL_KC_CC, [LL_KW_arm_apcscc] = LL_KC_CC,
  [LL_KW_arm_aapcscc] = LL_KC_CC, [LL_KW_arm_aapcs_vfpcc] = LL_KC_CC, [LL_KW_aarch64_vector_pcs] = LL_KC_CC,
  [LL_KW_aarch64_sve_vector_pcs] = LL_KC_CC, [LL_KW_msp430_intrcc] = LL_KC_CC, [LL_KW_avr_intrcc] = LL_KC_CC,
  [LL_KW_avr_signalcc] = LL_KC_CC, [LL_KW_ptx_kernel] = LL_KC_CC, [LL_KW_ptx_device] = LL_KC_CC,
  [LL_KW_spir_kernel] = LL_KC_CC, [LL_KW_spir_func] = LL_KC_CC, [LL_KW_intel_ocl_bicc] = LL_KC_CC,
  [LL_KW_x86_64_sysvcc] = LL_KC_CC, [LL_KW_win64cc] = LL_KC_CC, [LL_KW_hhvmcc] = LL_KC_CC,
  [LL_KW_hhvm_ccc] = LL_KC_CC, [LL_KW_cxx_fast_tlscc] = LL_KC_CC, [LL_KW_amdgpu_vs] = LL_KC_CC,
  [LL_KW_amdgpu_ls] = LL_KC_CC, [LL_KW_amdgpu_hs] = LL_KC_CC, [LL_KW_amdgpu_es] = LL_KC_CC,
  [LL_KW_amdgpu_gs] = LL_KC_CC, [LL_KW_amdgpu_ps] = LL_KC_CC, [LL_KW_amdgpu_cs] = LL_KC_CC,
  [LL_KW_amdgpu_kernel] = LL_KC_CC, [LL_KW_amdgpu_gfx] = LL_KC_CC, [LL_KW_tailcc] = LL_KC_CC,
  [LL_KW_cfguard_checkcc] = LL_KC_CC, [LL_KW_x86_intrcc] = LL_KC_CC,
  /* LLVM 15+ */
  [LL_KW_preserve_nonecc] = LL_KC_CC, [LL_KW_riscv_vector_cc] = LL_KC_CC, [LL_KW_m68k_rtdcc] = LL_KC_CC,
  [LL_KW_aarch64_sme_preservemost_from_x0] = LL_KC_CC, [LL_KW_aarch64_sme_preservemost_from_x1] = LL_KC_CC,
  [LL_KW_aarch64_sme_preservemost_from_x2] = LL_KC_CC, [LL_KW_amdgpu_cs_chain] = LL_KC_CC,
  [LL_KW_amdgpu_cs_chain_preserve] = LL_KC_CC, [LL_KW_graalcc] = LL_KC_CC,
};

/* Optional calling convention (`fastcc`, `cc 10`, ...). Exposed to the
** instruction parser through mssa__ll_opt_cc. */
void mssa__ll_opt_cc(ll_parser *p) {
  ll_tok *t = &p->lx.tok;
  if (t->kind != LT_KW) return;
  if (t->kw == LL_KW_cc) {
    mssa__ll_next(p);
    mssa__ll_uint(p, "calling convention number");
  } else if (mssa__ll_kw_class[t->kw] == LL_KC_CC) {
    mssa__ll_next(p);
  }
}

/* `addrspace(N)` if present; returns N or `dflt`. */
uint32_t mssa__ll_opt_addrspace(ll_parser *p, uint32_t dflt) {
  if (!mssa__ll_eat_kw(p, LL_KW_addrspace)) return dflt;
  mssa__ll_expect(p, LT_LPAREN, "'(' in address space");
  uint64_t n = mssa__ll_uint(p, "address space");
  if (n >= (1u << 24)) mssa__ll_err(p, p->lx.prev_end, "invalid address space, must be a 24-bit integer");
  mssa__ll_expect(p, LT_RPAREN, "')' in address space");
  return (uint32_t)n;
}

/* ------------------------------------------------------------ numbered names */

/* The interned name of a numbered entity (`@3`, `%7`): its digits. */
uint32_t mssa__ll_num_name(ll_parser *p, uint64_t num) {
  char b[24];
  snprintf(b, sizeof b, "%llu", (unsigned long long)num);
  return mssa_strtab_intern(&p->m->strs, b, strlen(b));
}
