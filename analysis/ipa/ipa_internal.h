/*
** ipa_internal.h -- what the files of ipa/ share: the program (symbol
** tables, call graph nodes, per-function call sites and the bases of their
** pointer arguments) and the helpers on entry lists.
**
** Invariants:
**   1. Node ids: 0..nfuncs-1 are the program's function symbols (sorted by
**      name, module), then one node per indirect-call signature (SIG), then
**      the EXTERNAL node: code outside the program, which may call every
**      address-taken function (and, when the program may reach code outside
**      itself, every function it exports), and may touch other, allocated
**      and inaccessible memory and whatever its arguments point to.
**   2. A base is where a pointer may point at a function's entry: a global
**      at an offset, a parameter at an offset, memory allocated during the
**      call, or other (escaped) memory; the function's own stack objects are
**      no base (they die with the call). A pointer whose bases could not be
**      found within the caps has `overflow` set, and whoever uses it falls
**      back to unknown.
**   3. Every list of entries that leaves mssa__ipa_normalize is sorted and
**      merged and at most MSSA_IPA_CAP long, or the side is unknown.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_IPA_INTERNAL_H
#define MSSA_IPA_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/check.h"
#include "base/util.h"
#include "ipa/ipa.h"

#define MSSA__IPA_MAX_BASES 16    /* bases of one pointer */
#define MSSA__IPA_MAX_STEPS 64    /* values visited to find them */

enum { MSSA__B_GLOBAL = MSSA_IPA_GLOBAL, MSSA__B_PARAM = MSSA_IPA_PARAM,
       MSSA__B_ALLOC = MSSA_IPA_ALLOC, MSSA__B_OTHER = MSSA_IPA_OTHER };

typedef struct mssa__ipa_base {
  uint8_t kind;     /* MSSA__B_* */
  uint8_t whole;    /* offset unknown */
  uint32_t id;      /* global id or parameter index */
  int64_t off;
} mssa__ipa_base;

typedef struct mssa__ipa_bases {
  uint32_t n;
  bool overflow;
  mssa__ipa_base b[MSSA__IPA_MAX_BASES];
} mssa__ipa_bases;

/* Node kinds. */
enum {
  MSSA__N_DEF = 0,   /* a defined function: its call sites */
  MSSA__N_LIB,       /* a declared library function (fixed effects; maybe a callback) */
  MSSA__N_DECL,      /* a declared function: its attributes, or unknown */
  MSSA__N_SIG,       /* indirect calls of one signature: the union of its members */
  MSSA__N_EXT        /* the EXTERNAL node */
};

/* The base at index k of a pointer's bases (invariant 2: never more than
** MSSA__IPA_MAX_BASES). */
static inline const mssa__ipa_base *mssa__ipa_base_at(const mssa__ipa_bases *b, uint32_t k) {
  MSSA_ASSERT(k < b->n && b->n <= MSSA__IPA_MAX_BASES);
  return &b->b[k];
}

/* A call site of a defined function: callee node (MSSA_NONE: unknown with
** `reason`), and per argument the index of its bases in the function's
** pool (MSSA_NONE: not a pointer). */
typedef struct mssa__ipa_call {
  uint32_t inst;
  uint32_t callee;
  uint32_t callee2;   /* a second callee (an indirect call that may reach
                         code outside the program: EXTERNAL), or MSSA_NONE */
  uint8_t reason;     /* when callee is MSSA_NONE */
  uint32_t nargs;
  uint32_t args;      /* start in mssa__ipa_fn.argb */
} mssa__ipa_call;

typedef MSSA_VEC(mssa_ipa_entry) mssa__ipa_entvec;

/* A defined function's own accesses and its call sites. */
typedef struct mssa__ipa_fn {
  mssa__ipa_entvec lr, lw;        /* local reads and writes (normalized) */
  bool lr_all, lw_all;
  uint8_t lreason;
  MSSA_VEC(mssa__ipa_call) calls; /* sorted by inst */
  mssa_u32vec argb;               /* per call argument: index into bases */
  MSSA_VEC(mssa__ipa_bases) bases;
} mssa__ipa_fn;

typedef struct mssa__ipa_node {
  uint8_t kind;       /* MSSA__N_* */
  uint32_t func;      /* DEF/LIB/DECL: program function id */
  uint32_t e0, e1;    /* callees: edges[e0..e1) */
} mssa__ipa_node;

struct mssa_program {
  uint32_t nmods;
  const mssa_module *const *mods;
  char **names;
  MSSA_VEC(mssa_ipa_global) globals;
  MSSA_VEC(mssa_ipa_func) funcs;
  uint32_t **gmap;    /* gmap[mod][module global] -> program global or MSSA_NONE */
  uint32_t **fmap;    /* fmap[mod][module function] -> program function */
  /* call graph */
  uint32_t nsig;
  char **sigs;        /* sorted signature keys of SIG nodes */
  uint32_t ext;       /* EXTERNAL node id */
  bool extcode;       /* some call may reach code outside the program */
  MSSA_VEC(mssa__ipa_node) nodes;
  mssa_u32vec edges;
  mssa__ipa_fn *fns;  /* per program function (DEF only filled) */
  mssa_ipa_summary *sum; /* per node */
  struct mssa__ipa_ctx *ctx; /* per module: the refinement hook's context */
  bool summarized;
};

/* The context of the refinement hook of one module's builds (refine.c). */
typedef struct mssa__ipa_ctx {
  const mssa_program *p;
  uint32_t mod;
} mssa__ipa_ctx;

/* link.c: symbol tables, module maps and address-taken flags. */
void mssa__ipa_link(mssa_program *p);

/* sig.c: the signature key of function type `fty` of module m, into buf
** (MSSA__IPA_SIG_CAP bytes are enough), and the SIG node of a key. */
#define MSSA__IPA_SIG_CAP 256
void mssa__ipa_sig_key(const mssa_module *m, uint32_t fty, char *buf, size_t cap);
uint32_t mssa__ipa_sig_node(const mssa_program *p, const char *key);

/* libtable.c: the library table entry of a function name (-1 none), the
** summary it gives a function of `nparams` fixed parameters, and whether it
** calls back (EXTERNAL) or may hand out code outside the program. */
int mssa__ipa_lib_find(const char *name);
void mssa__ipa_lib_summary(int lib, mssa_ipa_summary *out);
bool mssa__ipa_lib_callback(int lib);
bool mssa__ipa_lib_extcode(int lib);
/* What a call to library function `lib` returns: 'a' a new block, 'r' a
** new block or argument 0's (realloc), '0' ('1') a pointer into argument
** 0 (1), 'o' other memory, 0 not known. */
char mssa__ipa_lib_ret(int lib);
/* The summary a declaration's attributes give (unknown if they say nothing). */
void mssa__ipa_decl_summary(const mssa_module *m, const mssa_func *f, mssa_ipa_summary *out);

/* local.c: fills p->fns[k] for defined function k (needs the nodes). */
void mssa__ipa_local(mssa_program *p, uint32_t k);
/* The bases of pointer v in function f of module mod. */
void mssa__ipa_bases_of(const mssa_program *p, uint32_t mod, mssa_aa *aa, mssa_val v,
                        mssa__ipa_bases *out);

/* callgraph.c: nodes and edges; SCCs bottom-up (callees first):
** scc_of[n] and order (nodes, grouped by SCC, each SCC contiguous) with
** scc_start (nscc + 1 entries). */
void mssa__ipa_callgraph(mssa_program *p);
/* The SIG node of an indirect call of function type fty (module m), or
** MSSA_NONE when no address-taken function has that signature. */
uint32_t mssa__ipa_sig_of_call(const mssa_program *p, const mssa_module *m, uint32_t fty);
void mssa__ipa_sccs(const mssa_program *p, uint32_t *order, uint32_t *scc_start, uint32_t *nscc);

/* entries.c */
void mssa__ipa_push(mssa__ipa_entvec *v, mssa_ipa_entry e);
/* Sorts and merges v (no coarsening). */
void mssa__ipa_merge(mssa__ipa_entvec *v);
/* Sorts and merges v; coarsens beyond the cap; returns false when even the
** coarse form exceeds it (the side is then unknown). */
bool mssa__ipa_normalize(const mssa_program *p, mssa__ipa_entvec *v);
/* Ranges that changed since `old` become whole (widening, to end a fixpoint). */
void mssa__ipa_widen(mssa__ipa_entvec *v, const mssa_ipa_entry *old, uint32_t nold);
bool mssa__ipa_entry_eq(const mssa_ipa_entry *a, const mssa_ipa_entry *b);
/* Would normalizing s[0..ns) (a normalized list) with e[0..ne) added give
** s[0..ns) again? True only when each of e adds nothing: s names its
** object whole, or a range of it holding e's, or an equal entry, or other
** memory of any access covers it (a tagged other, an address-taken global). */
bool mssa__ipa_absorbed(const mssa_program *p, const mssa_ipa_entry *s, uint32_t ns,
                        const mssa_ipa_entry *e, uint32_t ne);
/* Are list a[0..na) and v the same entries (mssa__ipa_entry_eq), in order? */
bool mssa__ipa_same_list(const mssa_ipa_entry *a, uint32_t na, const mssa__ipa_entvec *v);
void mssa__ipa_summary_free(mssa_ipa_summary *s);
/* A base with an access range [lo, hi) (whole) as an entry. */
mssa_ipa_entry mssa__ipa_base_entry(const mssa__ipa_base *b, int64_t lo, int64_t hi, bool whole);

/* summary.c */
int mssa__ipa_solve(mssa_program *p, bool use_callees);
/* The call site record of instruction `inst` of program function k, or NULL. */
const mssa__ipa_call *mssa__ipa_call_at(const mssa_program *p, uint32_t k, uint32_t inst);

#endif
