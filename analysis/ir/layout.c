/*
** layout.c -- LLVM 14 DataLayout: parsing the `target datalayout` string and
** computing type sizes, alignments and struct field offsets.
**
** Invariants:
**   1. The alignment table mirrors DataLayout::Alignments: entries sorted by
**      (kind, bit width) with kind order 'a' < 'f' < 'i' < 'v' (the enum
**      values LLVM sorts by are the ASCII letters), seeded with LLVM's
**      defaults and overridden by the string. Lookups follow
**      DataLayout::getAlignmentInfo exactly, including its fallbacks: an
**      integer width without an entry takes the next larger integer entry,
**      else the largest; a vector width without an entry gets its natural
**      alignment; anything else the power of two >= its store size.
**   2. Sizes: store size = ceil(bits / 8); alloc size = store size rounded up
**      to the ABI alignment; arrays are count * element alloc size; structs
**      are laid out with each field at its ABI alignment (1 when packed) and
**      the total rounded to the struct alignment.
**   3. Computation is iterative (explicit stack) because named structs can
**      nest arbitrarily deep without the parser's depth limit applying; a
**      struct containing itself by value is reported, not looped on.
**   4. Unsized types (void, label, metadata, token, function, opaque
**      structs, aggregates containing them) have MSSA_TF_SIZED clear and
**      size 0. Scalable vectors get their known-minimum size and alignment
**      but not MSSA_TF_SIZED (their size is not a compile-time constant).
**   5. The preferred alignment (mssa_type_pref_align) follows
**      DataLayout::getPrefTypeAlign: the table's preferred column with the
**      same fallbacks, arrays take their element's, and a struct the larger
**      of the aggregate entry's preferred alignment and its fields' ABI
**      alignment (1 when packed).
*/
#include <string.h>

#include "base/check.h"
#include "ir/ir.h"
#include "ir/ir_internal.h"

static uint32_t pow2ceil(uint64_t v) {
  uint64_t r = 1;
  while (r < v) r <<= 1;
  return r > 0x80000000u ? 0x80000000u : (uint32_t)r;
}

static void set_align(mssa_datalayout *dl, uint8_t kind, uint32_t bits, uint32_t abi, uint32_t pref) {
  uint32_t i = 0;
  while (i < dl->nalign && (dl->aligns[i].kind < kind || (dl->aligns[i].kind == kind && dl->aligns[i].bits < bits))) i++;
  if (i < dl->nalign && dl->aligns[i].kind == kind && dl->aligns[i].bits == bits) {
    dl->aligns[i].abi = abi;
    dl->aligns[i].pref = pref;
    return;
  }
  if (dl->nalign >= sizeof dl->aligns / sizeof dl->aligns[0]) return;
  memmove(&dl->aligns[i + 1], &dl->aligns[i], (dl->nalign - i) * sizeof dl->aligns[0]);
  dl->aligns[i].kind = kind;
  dl->aligns[i].bits = bits;
  dl->aligns[i].abi = abi;
  dl->aligns[i].pref = pref;
  dl->nalign++;
  /* invariant 1: the table stays sorted by (kind, bit width), no repeats. */
  MSSA_ASSERT(i == 0 || dl->aligns[i - 1].kind < kind ||
              (dl->aligns[i - 1].kind == kind && dl->aligns[i - 1].bits < bits));
}

static void set_ptr(mssa_datalayout *dl, uint32_t as, uint32_t size, uint32_t abi, uint32_t pref) {
  uint32_t i = 0;
  while (i < dl->nptr && dl->ptrs[i].as != as) i++;
  if (i == dl->nptr) {
    if (dl->nptr >= sizeof dl->ptrs / sizeof dl->ptrs[0]) return;
    dl->nptr++;
  }
  dl->ptrs[i].as = as;
  dl->ptrs[i].size = size;
  dl->ptrs[i].abi = abi;
  dl->ptrs[i].pref = pref;
}

/* DataLayout::getAlignmentInfo for integer/float/vector kinds: the ABI
** alignment, or the preferred one with `pref`; 0 = no entry applies (caller
** falls back). */
static uint32_t lookup_col(const mssa_datalayout *dl, uint8_t kind, uint32_t bits, bool pref) {
  uint32_t i = 0;
  while (i < dl->nalign && (dl->aligns[i].kind < kind || (dl->aligns[i].kind == kind && dl->aligns[i].bits < bits))) i++;
  if (!(i < dl->nalign && dl->aligns[i].kind == kind && (dl->aligns[i].bits == bits || kind == 'i'))) {
    if (!(kind == 'i' && i > 0 && dl->aligns[i - 1].kind == 'i')) return 0;
    i--;
  }
  MSSA_ASSERT(i < dl->nalign);
  return pref ? dl->aligns[i].pref : dl->aligns[i].abi;
}

static uint32_t lookup(const mssa_datalayout *dl, uint8_t kind, uint32_t bits) {
  return lookup_col(dl, kind, bits, false);
}

static uint32_t lookup_pref(const mssa_datalayout *dl, uint8_t kind, uint32_t bits) {
  return lookup_col(dl, kind, bits, true);
}

static void summarize(mssa_datalayout *dl) {
  static const uint32_t ib[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  for (int k = 0; k < 8; k++) dl->int_align[k] = lookup(dl, 'i', ib[k]);
  uint32_t f;
  dl->f16_align = (f = lookup(dl, 'f', 16)) ? f : 2;
  dl->f32_align = (f = lookup(dl, 'f', 32)) ? f : 4;
  dl->f64_align = (f = lookup(dl, 'f', 64)) ? f : 8;
  dl->f80_align = (f = lookup(dl, 'f', 80)) ? f : 16;
  dl->f128_align = (f = lookup(dl, 'f', 128)) ? f : 16;
  dl->vec64_align = (f = lookup(dl, 'v', 64)) ? f : 8;
  dl->vec128_align = (f = lookup(dl, 'v', 128)) ? f : 16;
  dl->agg_align = 1;
  for (uint32_t i = 0; i < dl->nalign; i++)
    if (dl->aligns[i].kind == 'a') dl->agg_align = dl->aligns[i].abi;
  MSSA_ASSERT(dl->nptr >= 1 && dl->ptrs[0].as == 0); /* defaults() seeds address space 0 */
  dl->ptr_size = dl->ptrs[0].size;
  dl->ptr_align = dl->ptrs[0].abi;
}

/* LLVM's default alignments (DataLayout's DefaultAlignments): kind, bit
** width, ABI and preferred alignment in bytes. */
static const struct { char kind; uint32_t bits, abi, pref; } default_aligns[] = {
  {'i', 1, 1, 1}, {'i', 8, 1, 1}, {'i', 16, 2, 2}, {'i', 32, 4, 4}, {'i', 64, 4, 8},
  {'f', 16, 2, 2}, {'f', 32, 4, 4}, {'f', 64, 8, 8}, {'f', 128, 16, 16},
  {'v', 64, 8, 8}, {'v', 128, 16, 16}, {'a', 0, 1, 8},
};

static void defaults(mssa_datalayout *dl) {
  memset(dl, 0, sizeof *dl);
  for (size_t i = 0; i < sizeof default_aligns / sizeof default_aligns[0]; i++)
    set_align(dl, default_aligns[i].kind, default_aligns[i].bits, default_aligns[i].abi,
              default_aligns[i].pref);
  set_ptr(dl, 0, 8, 8, 8);
}

/* Parses a decimal field [s, e); returns -1 if empty/invalid/too large. */
static int64_t num(const char *s, const char *e) {
  if (s >= e) return -1;
  int64_t v = 0;
  for (; s < e; s++) {
    if (*s < '0' || *s > '9') return -1;
    v = v * 10 + (*s - '0');
    if (v > (1ll << 32)) return -1;
  }
  return v;
}

/* Splits [s,e) at ':' into up to 5 fields. */
static int fields(const char *s, const char *e, const char **fs, const char **fe) {
  int n = 0;
  const char *q = s;
  for (const char *p = s; p <= e; p++) {
    if (p == e || *p == ':') {
      if (n == 5) return -1;
      fs[n] = q;
      fe[n] = p;
      n++;
      q = p + 1;
    }
  }
  return n;
}

static const char *align_bits(int64_t bits, uint32_t *out, int allow_zero) {
  if (bits < 0) return "invalid alignment in datalayout string";
  if (bits == 0 && !allow_zero) return "ABI alignment specification must be >0 for non-aggregate types";
  if (bits % 8) return "Invalid alignment, must be a 16bit integer";
  uint64_t b = (uint64_t)bits / 8;
  if (b & (b - 1)) return "Invalid alignment, must be a power of 2";
  *out = b ? (uint32_t)b : 1;
  return NULL;
}

const char *mssa_layout_parse_checked(mssa_datalayout *dl, const char *s, size_t n) {
  defaults(dl);
  const char *e = s + n, *p = s;
  const char *err = NULL;
  while (p < e && !err) {
    const char *q = p;
    while (q < e && *q != '-') q++;
    const char *fs[5], *fe[5];
    int nf = fields(p, q, fs, fe);
    if (nf < 1) { err = "Invalid datalayout string"; break; }
    char c = *fs[0];
    if (fe[0] - fs[0] >= 2 && c == 'n' && fs[0][1] == 'i') { p = q + (q < e); continue; } /* ni:... */
    switch (c) {
    case 'e': dl->big_endian = 0; break;
    case 'E': dl->big_endian = 1; break;
    case 'm': case 'n': case 'F': case 'P': case 'A': case 'G': break;
    case 'S': {
      int64_t v = num(fs[0] + 1, fe[0]);
      uint32_t a;
      if (v < 0) { err = "invalid stack alignment"; break; }
      if (v == 0) { dl->stack_align = 0; break; }
      if ((err = align_bits(v, &a, 0))) break;
      dl->stack_align = a;
      break;
    }
    case 'p': {
      int64_t as = fe[0] > fs[0] + 1 ? num(fs[0] + 1, fe[0]) : 0;
      if (as < 0 || nf < 3) { err = "Missing size specification for pointer in datalayout string"; break; }
      int64_t sz = num(fs[1], fe[1]), abi = num(fs[2], fe[2]);
      int64_t pref = nf >= 4 ? num(fs[3], fe[3]) : abi;
      uint32_t a, pa;
      if (sz <= 0 || sz % 8) { err = "Invalid pointer size in datalayout string"; break; }
      if ((err = align_bits(abi, &a, 0))) break;
      if ((err = align_bits(pref, &pa, 0))) break;
      set_ptr(dl, (uint32_t)as, (uint32_t)(sz / 8), a, pa);
      break;
    }
    case 'i': case 'v': case 'f': case 'a': {
      int64_t bits = fe[0] > fs[0] + 1 ? num(fs[0] + 1, fe[0]) : 0;
      if (bits < 0 || (c != 'a' && bits == 0)) { err = "Invalid size in datalayout string"; break; }
      if (c == 'a' && bits != 0) { err = "Sized aggregate specification in datalayout string"; break; }
      if (nf < 2) { err = "Missing alignment specification in datalayout string"; break; }
      int64_t abi = num(fs[1], fe[1]);
      int64_t pref = nf >= 3 ? num(fs[2], fe[2]) : abi;
      uint32_t a, pa;
      if ((err = align_bits(abi, &a, c == 'a'))) break;
      if ((err = align_bits(pref, &pa, c == 'a'))) break;
      if (c == 'i' && bits == 8 && a != 1) { err = "Invalid ABI alignment, i8 must be naturally aligned"; break; }
      set_align(dl, (uint8_t)c, (uint32_t)bits, a, pa);
      break;
    }
    default:
      err = "Unknown specifier in datalayout string";
      break;
    }
    p = q + (q < e);
  }
  if (err) defaults(dl);
  summarize(dl);
  return err;
}

void mssa_layout_parse(mssa_datalayout *dl, const char *s, size_t n) {
  (void)mssa_layout_parse_checked(dl, s, n);
}

/* ------------------------------------------------------------ computation */

static void ptr_info(const mssa_datalayout *dl, uint32_t as, uint32_t *size, uint32_t *align) {
  for (uint32_t i = 0; i < dl->nptr; i++)
    if (dl->ptrs[i].as == as) { *size = dl->ptrs[i].size; *align = dl->ptrs[i].abi; return; }
  *size = dl->ptrs[0].size;
  *align = dl->ptrs[0].abi;
}

static uint64_t align_to(uint64_t v, uint32_t a) { return a ? (v + a - 1) / a * a : v; }

/* Computes one type whose dependencies are done. bits: size in bits. */
static void compute_one(mssa_module *m, uint32_t id) {
  const mssa_datalayout *dl = &m->dl;
  MSSA_ASSERT(id < m->types.n);
  mssa_type *t = &m->types.a[id];
  uint64_t bits = 0;
  uint32_t align = 0;
  int sized = 1;
  switch (t->kind) {
  case MSSA_T_INT:
    bits = t->bits;
    align = lookup(dl, 'i', t->bits);
    if (!align) align = pow2ceil((bits + 7) / 8);
    break;
  case MSSA_T_HALF: case MSSA_T_BFLOAT: bits = 16; goto fp;
  case MSSA_T_FLOAT: bits = 32; goto fp;
  case MSSA_T_DOUBLE: bits = 64; goto fp;
  case MSSA_T_X86_FP80: bits = 80; goto fp;
  case MSSA_T_FP128: case MSSA_T_PPC_FP128: bits = 128; goto fp;
  fp:
    align = lookup(dl, 'f', (uint32_t)bits);
    if (!align) align = pow2ceil((bits + 7) / 8);
    break;
  case MSSA_T_X86_MMX:
    bits = 64;
    align = lookup(dl, 'v', 64);
    if (!align) align = 8;
    break;
  case MSSA_T_X86_AMX:
    bits = 8192;
    align = 64;
    break;
  case MSSA_T_PTR: {
    uint32_t sz, a;
    ptr_info(dl, t->bits, &sz, &a);
    bits = (uint64_t)sz * 8;
    align = a;
    break;
  }
  case MSSA_T_ARRAY: {
    MSSA_ASSERT(t->elem < m->types.n);
    const mssa_type *e = &m->types.a[t->elem];
    if (!(e->flags & MSSA_TF_SIZED)) { sized = 0; break; }
    /* saturate absurd sizes ([2^60 x [2^60 x i8]]) instead of wrapping */
    if (e->size && t->count > (UINT64_MAX / 16) / e->size) bits = UINT64_MAX / 2;
    else bits = t->count * e->size * 8;
    align = e->align;
    break;
  }
  case MSSA_T_VECTOR: {
    const mssa_type *e = &m->types.a[t->elem];
    uint64_t ebits;
    /* element size in bits: getTypeSizeInBits(elem) */
    if (e->kind == MSSA_T_INT) ebits = e->bits;
    else if (e->kind == MSSA_T_X86_FP80) ebits = 80;
    else ebits = e->store_size * 8;
    bits = ebits && t->count > (UINT64_MAX / 16) / ebits ? UINT64_MAX / 2 : t->count * ebits;
    align = lookup(dl, 'v', (uint32_t)(bits > 0xffffffffu ? 0xffffffffu : bits));
    if (!align) align = pow2ceil(e->size * t->count);
    if (t->flags & MSSA_TF_SCALABLE) sized = 0;
    break;
  }
  case MSSA_T_STRUCT: {
    if ((t->flags & MSSA_TF_OPAQUE) || !(t->flags & MSSA_TF_DEFINED)) { sized = 0; break; }
    uint64_t off = 0;
    uint32_t salign = 1;
    int packed = !!(t->flags & MSSA_TF_PACKED);
    uint32_t first = m->toffs.n;
    MSSA_ASSERT(t->fields + t->nfields <= m->tlist.n);
    for (uint32_t i = 0; i < t->nfields; i++) {
      MSSA_ASSERT(m->tlist.a[t->fields + i] < m->types.n);
      const mssa_type *f = &m->types.a[m->tlist.a[t->fields + i]];
      if (!(f->flags & MSSA_TF_SIZED)) { sized = 0; break; }
      uint32_t fa = packed ? 1 : f->align;
      off = align_to(off, fa);
      if (fa > salign) salign = fa;
      mssa_vec_push(&m->toffs, off);
      off = f->size > UINT64_MAX / 32 - off ? UINT64_MAX / 32 : off + f->size;
    }
    if (!sized) { m->toffs.n = first; break; }
    t = &m->types.a[id];
    off = align_to(off, salign);
    t->offsets = first;
    bits = off * 8;
    align = packed ? 1 : (salign > dl->agg_align ? salign : dl->agg_align);
    break;
  }
  default:
    sized = 0;
    break;
  }
  t = &m->types.a[id];
  if (t->kind == MSSA_T_VECTOR && (t->flags & MSSA_TF_SCALABLE)) {
    t->store_size = (bits + 7) / 8;
    t->align = align;
    t->size = align_to(t->store_size, align);
    return;
  }
  if (!sized) {
    t->flags &= (uint8_t)~MSSA_TF_SIZED;
    t->size = t->store_size = 0;
    t->align = 0;
    return;
  }
  t->flags |= MSSA_TF_SIZED;
  t->store_size = (bits + 7) / 8;
  t->align = align ? align : 1;
  t->size = align_to(t->store_size, t->align);
  /* invariant 2: the alignment is a power of two and the alloc size is the
  ** store size rounded up to it. */
  MSSA_ASSERT((t->align & (t->align - 1)) == 0 && t->size >= t->store_size &&
              t->size % t->align == 0);
}

/* Dependencies whose layout must be known first. */
static uint32_t ndeps(const mssa_module *m, uint32_t id) {
  const mssa_type *t = &m->types.a[id];
  if (t->kind == MSSA_T_ARRAY || t->kind == MSSA_T_VECTOR) return 1;
  if (t->kind == MSSA_T_STRUCT && (t->flags & MSSA_TF_DEFINED)) return t->nfields;
  return 0;
}

static uint32_t dep(const mssa_module *m, uint32_t id, uint32_t k) {
  const mssa_type *t = &m->types.a[id];
  if (t->kind == MSSA_T_ARRAY || t->kind == MSSA_T_VECTOR) return t->elem;
  return m->tlist.a[t->fields + k];
}

uint32_t mssa_layout_compute_checked(mssa_module *m) {
  uint32_t n = m->types.n;
  m->toffs.n = 0;
  mssa__dfs d;
  mssa__dfs_init(&d, n);
  uint32_t bad = MSSA_NONE;
  for (uint32_t root = 0; root < n && bad == MSSA_NONE; root++) {
    if (d.state[root]) continue;
    mssa__dfs_push(&d, root);
    while (d.sp) {
      uint32_t id = d.stk[d.sp - 2], k = d.stk[d.sp - 1];
      if (k < ndeps(m, id)) {
        d.stk[d.sp - 1] = k + 1;
        uint32_t c = dep(m, id, k);
        if (d.state[c] == 1) { bad = c; break; }
        if (d.state[c] == 0) mssa__dfs_push(&d, c);
        continue;
      }
      compute_one(m, id);
      d.state[id] = 2;
      d.sp -= 2;
    }
  }
  mssa__dfs_free(&d);
  return bad;
}

void mssa_layout_compute(mssa_module *m) { (void)mssa_layout_compute_checked(m); }

uint32_t mssa_type_pref_align(const mssa_module *m, uint32_t id) {
  const mssa_datalayout *dl = &m->dl;
  /* arrays: the element's (a loop, not recursion: invariant 3) */
  while (id < m->types.n && m->types.a[id].kind == MSSA_T_ARRAY) id = m->types.a[id].elem;
  if (id >= m->types.n) return 1;
  const mssa_type *t = &m->types.a[id];
  uint32_t a = 0;
  switch (t->kind) {
  case MSSA_T_INT: a = lookup_pref(dl, 'i', t->bits); break;
  case MSSA_T_HALF: case MSSA_T_BFLOAT: a = lookup_pref(dl, 'f', 16); break;
  case MSSA_T_FLOAT: a = lookup_pref(dl, 'f', 32); break;
  case MSSA_T_DOUBLE: a = lookup_pref(dl, 'f', 64); break;
  case MSSA_T_X86_FP80: a = lookup_pref(dl, 'f', 80); break;
  case MSSA_T_FP128: case MSSA_T_PPC_FP128: a = lookup_pref(dl, 'f', 128); break;
  case MSSA_T_X86_MMX: case MSSA_T_VECTOR:
    a = lookup_pref(dl, 'v', t->kind == MSSA_T_X86_MMX ? 64 :
                    (uint32_t)(t->store_size * 8 > 0xffffffffu ? 0xffffffffu : t->store_size * 8));
    break;
  case MSSA_T_PTR:
    a = dl->ptrs[0].pref;
    for (uint32_t i = 0; i < dl->nptr; i++)
      if (dl->ptrs[i].as == t->bits) { a = dl->ptrs[i].pref; break; }
    break;
  case MSSA_T_STRUCT: {
    uint32_t agg = 0;
    for (uint32_t i = 0; i < dl->nalign; i++)
      if (dl->aligns[i].kind == 'a') agg = dl->aligns[i].pref;
    /* the fields' ABI alignment: t->align, except packed (1) */
    uint32_t fields = (t->flags & MSSA_TF_PACKED) ? 1 : t->align;
    a = agg > fields ? agg : fields;
    break;
  }
  default: break;
  }
  return a ? a : (t->align ? t->align : 1);
}
