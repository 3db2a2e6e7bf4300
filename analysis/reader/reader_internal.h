/*
** reader_internal.h -- what the LLVM IR reader's files share: the parser
** state and each file's entry points (ll_read_tok.c: the token helpers
** and the diagnostic, under every parser; ll_read.c: module level and
** functions; ll_read_type.c: types; ll_read_const.c: values and constants;
** ll_read_inst.c: instructions; ll_read_md.c: metadata; ll_read_attr.c:
** attributes and intrinsic ids; ll_read_edit.c: one instruction of edit
** text; ll_retext.c: reload by difference). The lexer (ll_lex.h) is private
** to the reader too; the public API is reader.h.
**
** Invariants:
**   1. Errors longjmp to the entry point (mssa__ll_err never returns): the
**      first error is the only diagnostic, and every allocation made so far
**      is reachable from the parser or the module, so one cleanup frees all.
**   2. Forward references get a temporary value kind (LL_VK_FWDL for
**      function-local, LL_VK_FWDG for globals) whose index names an entry in
**      the parser's fwd tables; they are patched to real values at the end of
**      the function (locals) or module (globals). No such value survives a
**      successful parse.
**   3. Recursion is bounded: types, constants and metadata nest through
**      mssa__ll_enter(), which fails with "nesting too deep" past LL_MAX_DEPTH.
**   4. Local keys: a name is its string id; a number N is LL_NUMKEY(N), so the
**      two never collide in one map.
**   5. A function body is read into the parser's scratch arrays (scr_*),
**      moved into the function for the parse and replaced by exact-size
**      copies at its end, the scratch going back to the parser. Growing each
**      function's arrays by doubling would leave a trail of freed smaller
**      copies and unused capacity: several MB of a large module's memory,
**      all of it first-touched. While lent, a scratch array belongs to the
**      function alone (its field in the parser is empty), so an error
**      mid-body frees it once, with the module.
*/
#ifndef MSSA_READER_INTERNAL_H
#define MSSA_READER_INTERNAL_H

#include <setjmp.h>
#include <string.h>

#include "base/hashtab.h"
#include "base/check.h"
#include "ir/ir.h"
#include "reader/ll_lex.h"
#include "reader/reader.h"

#define LL_MAX_DEPTH 512
#define LL_VK_FWDL 14u
#define LL_VK_FWDG 15u
#define LL_NUMKEY(n) ((1ull << 40) | (uint64_t)(n))

typedef struct ll_fwd {
  uint64_t key;      /* name key */
  uint32_t off;      /* offset of the first reference */
  uint32_t type;     /* expected type (locals) or MSSA_NONE */
  mssa_val val;      /* resolved value, MSSA_VAL_NONE while pending */
} ll_fwd;

typedef MSSA_VEC(ll_fwd) ll_fwdvec;

/* A map of numbers (`!N`, `%N`) to ids: an array while the numbers stay
** dense (printers number from 0 up), a hash map for the rest. A dense
** entry wins over a sparse one for the same number. */
typedef struct ll_nummap {
  mssa_u32vec dense;    /* MSSA_NONE where unset */
  mssa_u64map sparse;
} ll_nummap;

typedef struct ll_pending {
  uint32_t a, b, c;  /* meaning depends on the list */
  uint32_t off;
} ll_pending;

/* A remembered spelling: a copy of its bytes, not an offset in the text,
** since the text behind the reader may have gone back to the system
** (forget_read_text) and comparing with it would map it again. Longer
** spellings are not remembered. */
#define LL_SPELL_MAX 56   /* the struct: 64 bytes */
typedef struct ll_spell {
  uint32_t len, id;   /* id 0: empty */
  char s[LL_SPELL_MAX];
} ll_spell;

/* Entries of the spelling caches (powers of two): `%T` names recur most. */
#define LL_SPELL_SLOTS 64
#define LL_TNAME_SLOTS 256
/* A spelling's slot in a cache of mask + 1 entries. */
static inline uint32_t mssa__ll_spell_slot(const char *s, uint32_t len, uint32_t mask) {
  if (!len) return 0;
  return (len * 7u + (uint32_t)(unsigned char)s[len - 1] * 31u + (uint32_t)(unsigned char)s[len / 2]) & mask;
}

static inline int mssa__ll_spell_is(const ll_spell *c, const char *s, uint32_t len) {
  return c->id && c->len == len && memcmp(c->s, s, len) == 0;
}

static inline void mssa__ll_spell_set(ll_spell *c, const char *s, uint32_t len, uint32_t id) {
  if (len > LL_SPELL_MAX) return;
  memcpy(c->s, s, len);
  c->len = len;
  c->id = id;
}

typedef struct ll_parser {
  mssa_module *m;
  ll_lexer lx;
  jmp_buf jb;
  mssa_diag *diag;
  int depth;
  /* "scope" and "inlinedAt" string ids + 1 (0: not yet), DILocation's
  ** node fields; each fills a 4-byte padding hole: growing ll_parser by 8
  ** bytes shifted the heap's layout, +50 page faults and +300 KiB peak
  ** RSS on real22/lua.O0. */
  uint32_t fn_scope;
  MSSA_VEC(char) sbuf;          /* scratch for unescaping */

  /* module-level symbols */
  mssa_u64map gmap;             /* name key -> mssa_val (GLOBAL/FUNC/FWDG) */
  ll_fwdvec gfwd;
  uint32_t next_gslot;          /* next @N number */
  uint32_t fn_inl;              /* see fn_scope */
  mssa_u64map tmap;             /* named/numbered type key -> type id */
  MSSA_VEC(uint32_t) tref;      /* per type id: first-ref offset of a named
                                   struct not yet defined, else MSSA_NONE */
  MSSA_VEC(uint32_t) tdef;      /* per type id: offset of its definition */
  mssa_idtab tset;              /* literal type interning */
  mssa_idtab cset;              /* constant interning */
  ll_nummap mdmap;              /* !N -> md index */
  const mssa_u64map *gseed;     /* when set, a global not in gmap is looked
                                   up here (a module's names: reparses) */
  const mssa_u32vec *mdseed;    /* when set, !N not in mdmap is looked up
                                   here (a module's numbering: edit text) */
  MSSA_VEC(uint32_t) mdref;     /* per md index: first-ref offset while undefined */
  mssa_u64map agmap;            /* #N -> index into agbits */
  MSSA_VEC(uint32_t) agbits;    /* attribute group fn bits */
  mssa_u32vec agmem;            /* attribute group memory effects */
  MSSA_VEC(ll_pending) agref;   /* a = attrlist id, b = group N, c = 0 fn / 1 param... */
  mssa_u64map comdats;          /* comdat name id -> 1 */
  MSSA_VEC(ll_pending) comdatref; /* a = name id */
  mssa_u64map kinds;            /* attachment kind names seen (md_kinds) */
  ll_spell fname_cache[LL_SPELL_SLOTS]; /* DI field names -> string id + 1 */
  int16_t kw_attr[LL_KW_COUNT_]; /* per keyword: attribute table index + 1,
                                    -1 if no attribute, 0 not looked up yet */
  ll_spell tname_cache[LL_TNAME_SLOTS]; /* `%T` spellings -> type id + 1 */
  ll_spell tspell_cache[LL_SPELL_SLOTS]; /* `%T**` spellings -> type id + 1 */
  uint32_t fn_loctag;           /* "DILocation" string id + 1 (0: not yet) */
  uint32_t dbg_decl_fty;        /* void (metadata, metadata, metadata) + 1 (0: not yet) */
  MSSA_VEC(ll_pending) baddr;   /* blockaddress: a = const id, b = block key lo, c = key hi */
  uint32_t t_ptr0;              /* opaque `ptr` */
  uint32_t int_cache[129];      /* iN for N <= 128 (0 = not yet interned) */
  uint32_t kind_cache[MSSA_T_COUNT_]; /* parameterless types by kind */
  MSSA_VEC(uint32_t) ptr_cache; /* typed T* in address space 0, by T (+1) */

  /* current function */
  mssa_func *f;
  uint32_t fidx;
  mssa_u64map lmap;             /* local name -> mssa_val (INST/ARG/BLOCK/FWDL) */
  ll_nummap lnum;               /* local number -> the same */
  ll_fwdvec lfwd;
  uint32_t next_slot;
  MSSA_VEC(uint32_t) bref;      /* per block id: first-ref offset while undefined */
  uint32_t md_mark;             /* md.n at function start (local md values) */
  MSSA_VEC(uint32_t) attrs_tmp; /* per-argument attribute bits while parsing */
  MSSA_VEC(uint32_t) stk;       /* LIFO scratch: users push, then truncate back */
  MSSA_VEC(mssa_arg) argv;      /* function header arguments */
  MSSA_VEC(ll_pending) agtmp;   /* #N refs seen before their attrlist exists */
  uint32_t line_off, line_no;   /* incremental line counter for `define` */
  uint32_t forgot;              /* mapped text before this was handed back */
  uint8_t in_md;                /* a top-level `!N = ` was read */
  /* The growing arrays of the function being read (invariant 5): lent to
  ** it while its body is parsed, then copied out at their exact size. */
  MSSA_VEC(mssa_inst) scr_insts;
  MSSA_VEC(mssa_val) scr_ops;
  MSSA_VEC(mssa_block) scr_blocks;
  ll_tok asm_cons;              /* the constraint string of the last `asm` value */
  uint32_t asm_off;             /* and where its `asm` keyword is */
} ll_parser;

/* ll_read_tok.c: number maps, the diagnostic, token helpers */
void mssa__ll_num_put(ll_nummap *m, uint64_t n, uint32_t v);
void mssa__ll_num_clear(ll_nummap *m);   /* empties it, keeping its arrays */
void mssa__ll_num_free(ll_nummap *m);
static inline uint32_t mssa__ll_num_get(const ll_nummap *m, uint64_t n) {
  if (n < m->dense.n && m->dense.a[n] != MSSA_NONE) return m->dense.a[n];
  return m->sparse.n ? mssa_u64map_get(&m->sparse, n) : MSSA_NONE;
}
/* Local keys (invariant 4): numbers in lnum, names in lmap. */
static inline uint32_t mssa__ll_local_get(ll_parser *p, uint64_t key) {
  return key >> 40 ? mssa__ll_num_get(&p->lnum, key & 0xffffffffffu) : mssa_u64map_get(&p->lmap, key);
}
static inline void mssa__ll_local_put(ll_parser *p, uint64_t key, uint32_t v) {
  if (key >> 40) mssa__ll_num_put(&p->lnum, key & 0xffffffffffu, v);
  else mssa_u64map_put(&p->lmap, key, v);
}
void mssa__ll_locals_clear(ll_parser *p);  /* a new function's scope */
_Noreturn void mssa__ll_err(ll_parser *p, uint32_t off, const char *fmt, ...);
void mssa__ll_enter(ll_parser *p);
static inline void mssa__ll_leave(ll_parser *p) {
  MSSA_EXPENSIVE_ASSERT(p->depth > 0); /* invariant 3: every leave has its enter */
  p->depth--;
}
static inline void mssa__ll_next(ll_parser *p) { mssa__lex_next(&p->lx); }
static inline ll_tok *mssa__ll_tok(ll_parser *p) { return &p->lx.tok; }
/* The token can start a metadata node operand (`!N`, `!{`, `!"`, `!DIx`). */
static inline int mssa__ll_at_md(ll_parser *p) {
  unsigned k = p->lx.tok.kind;
  return k == LT_MDREF || k == LT_EXCL || k == LT_MDVAR;
}
/* A name character as the lexer's class C_NAME: [-a-zA-Z$._0-9] (for the
** fast paths that read a token's text in place). */
static inline int mssa__ll_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '-' || c == '$' || c == '.' || c == '_';
}
/* 1 if the text at q starts with the n bytes of lit. For the fixed
** spellings of the fast paths: n is a constant, so the loop unrolls into
** byte compares (no call), and it stops at the first difference, never
** reading past the text's NUL. MSSA__LL_HAS takes a string literal. */
static inline int mssa__ll_has(const char *q, const char *lit, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (q[k] != lit[k]) return 0;
  return 1;
}
#define MSSA__LL_HAS(q, lit) mssa__ll_has((q), (lit), sizeof(lit) - 1)
/* Notes syntax of a newer LLVM (MSSA_SYN_* bits; 0 is none). */
static inline void mssa__ll_saw(ll_parser *p, uint32_t syn) { p->m->llvm_syntax |= syn; }
/* The token helpers are inline: they run for nearly every token. */
static inline int mssa__ll_is_kw(ll_parser *p, unsigned kw) {
  return p->lx.tok.kind == LT_KW && p->lx.tok.kw == kw;
}
static inline int mssa__ll_eat_kw(ll_parser *p, unsigned kw) {
  if (!mssa__ll_is_kw(p, kw)) return 0;
  mssa__ll_next(p);
  return 1;
}
static inline int mssa__ll_eat(ll_parser *p, unsigned kind) {
  if (p->lx.tok.kind != kind) return 0;
  mssa__ll_next(p);
  return 1;
}
/* A lexer error is reported as the lexer's message (ll_read_tok.c,
** invariant 3). */
static inline void mssa__ll_lex_check(ll_parser *p) {
  if (p->lx.tok.kind == LT_ERROR) mssa__ll_err(p, p->lx.tok.off, "%s", p->lx.msg);
}
/* The error of mssa__ll_expect: the lexer's, or "expected WHAT". */
_Noreturn void mssa__ll_expect_failed(ll_parser *p, const char *what);
static inline void mssa__ll_expect(ll_parser *p, unsigned kind, const char *what) {
  if (p->lx.tok.kind != kind) mssa__ll_expect_failed(p, what);
  mssa__ll_next(p);
}
void mssa__ll_expect_kw(ll_parser *p, unsigned kw);
uint32_t mssa__ll_name(ll_parser *p, const ll_tok *t); /* intern token name */
uint32_t mssa__ll_string(ll_parser *p, const ll_tok *t); /* intern unescaped string */
uint64_t mssa__ll_uint(ll_parser *p, const char *what); /* INT token -> value */
uint64_t mssa__ll_local_key(ll_parser *p, const ll_tok *t);
uint32_t mssa__ll_num_name(ll_parser *p, uint64_t num); /* `@3` -> "3" interned */
const char *mssa__ll_tokdesc(ll_parser *p, char *buf, size_t cap);

/* ll_read_type.c */
uint32_t mssa__ll_type(ll_parser *p);                 /* parses a type */
int mssa__ll_at_type(ll_parser *p);                   /* token can start a type */
uint32_t mssa__ll_intern_type(ll_parser *p, const mssa_type *t, const uint32_t *fields);
uint32_t mssa__ll_int_type(ll_parser *p, uint32_t bits);
uint32_t mssa__ll_ptr_type(ll_parser *p, uint32_t elem, uint32_t as);
uint32_t mssa__ll_vec_type(ll_parser *p, uint32_t elem, uint64_t n, int scalable);
uint32_t mssa__ll_func_type(ll_parser *p, uint32_t ret, const uint32_t *params, uint32_t n, int vararg);
/* The type the token path made from the spelling text[off..off+len)
** (`%T**`, `i8*`), if it is in the spelling cache; MSSA_NONE if not. */
uint32_t mssa__ll_tspell_get(const ll_parser *p, uint32_t off, uint32_t len);
uint32_t mssa__ll_struct_type(ll_parser *p, const uint32_t *fields, uint32_t n, int packed);
void mssa__ll_type_str(ll_parser *p, uint32_t t, char *buf, size_t cap);
uint32_t mssa__ll_named_type(ll_parser *p, uint64_t key, uint32_t name, uint32_t off);
uint32_t mssa__ll_struct_fields(ll_parser *p);  /* after '{' to '}': fields on p->stk */
void mssa__ll_types_init(ll_parser *p);
uint32_t mssa__ll_gep_result(ll_parser *p, uint32_t srcelem, uint32_t basety,
                             const mssa_val *idx, uint32_t nidx, const uint32_t *idxty, uint32_t off);
uint32_t mssa__ll_agg_index(ll_parser *p, uint32_t agg, uint64_t idx, uint32_t off);
int mssa__ll_is_ptr(ll_parser *p, uint32_t t);

/* ll_read_const.c */
/* The call's callee was `asm` (the last asm value parsed): its constraint
** string must suit function type fty, as LLVM's InlineAsm::Verify says;
** else the error LLParser gives, at the `asm` keyword. */
void mssa__ll_asm_verify(ll_parser *p, uint32_t fty);
int mssa__ll_kw_binop(unsigned kw);      /* binary opcode keyword -> MSSA_OP_*, or 0 */
int mssa__ll_kw_castop(unsigned kw);     /* cast opcode keyword -> MSSA_OP_*, or 0 */
uint32_t mssa__ll_pred(ll_parser *p, int fcmp); /* predicate -> LLVM number */
uint32_t mssa__ll_cmp_type(ll_parser *p, uint32_t opty); /* i1 or <N x i1> */
uint32_t mssa__ll_flags(ll_parser *p);  /* operator flags -> MSSA_OF_* */
uint32_t mssa__ll_gep_flags(ll_parser *p); /* inbounds/nusw/nuw -> MSSA_OF_* */
mssa_val mssa__ll_value(ll_parser *p, uint32_t ty);   /* value of a known type */
mssa_val mssa__ll_tvalue(ll_parser *p, uint32_t *ty); /* type then value */
uint32_t mssa__ll_tvalue_list(ll_parser *p, unsigned close); /* values on p->stk */
uint32_t mssa__ll_const(ll_parser *p, const mssa_const *c, const mssa_val *ops);
mssa_val mssa__ll_const_int(ll_parser *p, uint32_t ty, int64_t v);
mssa_val mssa__ll_local_ref(ll_parser *p, const ll_tok *t, uint32_t ty);
mssa_val mssa__ll_global_ref(ll_parser *p, const ll_tok *t);
uint32_t mssa__ll_block_ref(ll_parser *p, const ll_tok *t);
int64_t mssa__ll_const_ival(ll_parser *p, mssa_val v, int *ok);
/* One extractvalue/insertvalue index: member type of `cur`, *iv the index. */
uint32_t mssa__ll_agg_step(ll_parser *p, uint32_t cur, mssa_val *iv);

/* ll_read_inst.c */
void mssa__ll_function_body(ll_parser *p);
void mssa__ll_md_paths(ll_parser *p, uint32_t from); /* DIFile paths from md index on */

/* ll_read_md.c */
uint32_t mssa__ll_md_ref(ll_parser *p, uint32_t n, uint32_t off); /* !N */
uint32_t mssa__ll_md_node(ll_parser *p);   /* at '!': !N, !{..}, !DIx(..), !"s" */
mssa_val mssa__ll_md_value(ll_parser *p);  /* after `metadata`: any md operand */
uint32_t mssa__ll_md_empty_di(ll_parser *p, uint32_t off, uint32_t namelen); /* `!NAME()` */
void mssa__ll_md_def(ll_parser *p);        /* `!N = ...` at top level */
void mssa__ll_named_md(ll_parser *p);      /* `!name = !{...}` at top level */
void mssa__ll_inst_md(ll_parser *p, mssa_inst *ins); /* `!kind !N` list */
uint32_t mssa__ll_attachments(ll_parser *p, int comma_separated, uint32_t *dbg);

/* ll_read_attr.c */
/* What a run of attributes says. */
typedef struct ll_attrs {
  uint32_t bits;      /* MSSA_A_* */
  uint32_t mem;       /* memory effects (function position), MSSA_MEM_ANY if none */
  uint32_t caps;      /* MSSA_CAP_* (parameters), MSSA_CAP_ALL if none */
  uint32_t align;     /* `align N`, 0 if none */
  uint64_t deref;     /* dereferenceable(N), 0 if none */
} ll_attrs;
enum { MSSA__ATTR_PARAM, MSSA__ATTR_RET, MSSA__ATTR_FN };
void mssa__ll_attrs_init(ll_attrs *a);   /* nothing said */
/* Parses attributes into *out (which accumulates). ctx MSSA__ATTR_*: the
** function position also accepts #N, strings and unknown words with
** arguments. */
void mssa__ll_attrs(ll_parser *p, int ctx, ll_attrs *out);
void mssa__ll_attr_group(ll_parser *p);    /* `attributes #N = { ... }` */
uint32_t mssa__ll_intrinsic_id(const char *name, size_t n);
/* A new attribute list: function attributes, return bits, and per
** parameter a (bits, captures) pair in params[2i], params[2i+1]. */
uint32_t mssa__ll_attrlist(ll_parser *p, const ll_attrs *fn, uint32_t ret, const uint32_t *params,
                           uint32_t n);
uint32_t mssa__ll_mem_bits(uint32_t mem);  /* memory effects -> MSSA_A_* */
/* Merges an attribute group's function bits and memory effects into list al. */
static inline void mssa__ll_merge_group(mssa_module *m, uint32_t al, uint32_t bits, uint32_t mem) {
  MSSA_ASSERT(al < m->attrlists.n);
  m->attrlists.a[al].fn |= bits;
  m->attrlists.a[al].mem &= mem;
}

/* ll_read_tok.c: calling conventions and address spaces. The class of
** each keyword in a global's or function's prefix (a table, read in place). */
enum { LL_KC_OTHER, LL_KC_LINKAGE, LL_KC_PREFIX, LL_KC_CC };
extern const uint8_t mssa__ll_kw_class[LL_KW_COUNT_];
void mssa__ll_opt_cc(ll_parser *p);
uint32_t mssa__ll_opt_addrspace(ll_parser *p, uint32_t dflt);

/* Reopening a parsed module to parse edits (ll_read_edit.c); added at the
** end of ll_read_type.c, ll_read_const.c and ll_read_inst.c. */
void mssa__ll_types_reopen(ll_parser *p);
/* After a reparse: any named type first referenced from type `from` on and
** still undefined is an error, as at the end of a module. */
void mssa__ll_types_check(ll_parser *p, uint32_t from);
void mssa__ll_consts_reopen(ll_parser *p);
int mssa__ll_inst_body(ll_parser *p, mssa_inst *ins);
void mssa__ll_reopen_module(ll_parser *p);  /* for reparses (ll_read.c) */
void mssa__ll_call_intrinsics(mssa_module *m, mssa_func *f);
void mssa__ll_keep_numbering(ll_parser *p, mssa_u32vec *base_steal); /* -> module */
void mssa__ll_parser_free(ll_parser *p);  /* end of ll_read.c */
void mssa__ll_parser_scratch(ll_parser *p);  /* reserves the scratch stacks */
int mssa__ll_inst_begin(ll_parser *p, mssa_inst *ins, uint32_t bid, ll_tok *nt);  /* ll_read_inst.c */

#endif
