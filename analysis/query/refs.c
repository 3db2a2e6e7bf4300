/*
** refs.c -- the writers and readers of a global or a struct member within
** one function (see refs.h).
**
** A global's location is the whole global (its value type's store size),
** so an access to any part of it (a field of a struct global) is PartialAlias
** or MustAlias, and one through a pointer that may point to it MayAlias.
** A member has no single location across functions; its references are the
** accesses the debug info names as that member, in every function alike.
**
** Invariants:
**   1. See refs.h: alias analysis decides for globals, DWARF names for
**      members; at most cap refs are written.
**   2. Only instructions with a MemoryAccess are looked at (lifetime
**      markers excepted: they touch allocas only), so the list is made of
**      what the MemorySSA of the function already accounts for.
**   3. The members' index gives the answers the scan gives: it holds every
**      load and store under each member of its chain, and a hit is checked
**      against the names again (two names may share a hash).
*/
#include "query/refs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/aa.h"
#include "base/check.h"
#include "query/dwtype.h"

uint32_t mssa_q_refs_find_global(const mssa_qmodule *q, const char *name) {
  const mssa_module *m = q->m;
  for (uint32_t g = 0; g < m->globals.n; g++) {
    const mssa_global *gl = &m->globals.a[g];
    if (!gl->is_alias && gl->name != MSSA_NONE && !strcmp(mssa_str(m, gl->name), name)) return g;
  }
  return MSSA_NONE;
}

/* The location of the whole of global g. */
static mssa_loc global_loc(const mssa_module *m, uint32_t g) {
  uint64_t sz = mssa_type_get(m, m->globals.a[g].type)->store_size;
  return (mssa_loc){.ptr = MSSA_VAL(MSSA_VK_GLOBAL, g),
                    .size = sz ? sz : MSSA_LOC_UNKNOWN,
                    .tbaa = MSSA_NONE,
                    .scope = MSSA_NONE,
                    .noalias = MSSA_NONE};
}

/* The mod/ref of inst on global location gl; *ar its alias answer (-1 for
** a call or an instruction without a location). */
static unsigned global_mr(mssa_aa *aa, uint32_t inst, const mssa_loc *gl, int *ar) {
  mssa_loc l;
  *ar = -1;
  if (!mssa_aa_inst_loc(aa, inst, &l)) return mssa_aa_modref_loc(aa, inst, gl) & MSSA_MR_MODREF;
  mssa_alias_result r = mssa_aa_alias(aa, &l, gl);
  if (r == MSSA_NO_ALIAS) return MSSA_MR_NONE;
  *ar = (int)r;
  return mssa_aa_inst_modref(aa, inst) & MSSA_MR_MODREF;
}

/* The mod/ref of inst on member t (a load or store named as it), else none. */
static unsigned member_mr(mssa_qmodule *q, const mssa_func *f, uint32_t inst,
                          const mssa_qrefs_target *t, mssa_aa *aa) {
  if (mssa_q_inst_ptr(f, inst) == MSSA_VAL_NONE) return MSSA_MR_NONE;
  mssa_qmember mb;
  if (mssa_q_inst_member_ix(mssa_qmodule_var_index(q), q->m, f, inst, &mb)) return MSSA_MR_NONE;
  for (uint32_t k = 0; k < mb.n; k++)   /* `L->top.p` is lua_State.top and StkIdRel.p */
    if (!strcmp(mb.chain[k].type, t->type) && !strcmp(mb.chain[k].member, t->member))
      return mssa_aa_inst_modref(aa, inst) & MSSA_MR_MODREF;
  return MSSA_MR_NONE;
}

uint32_t mssa_q_refs_func(mssa_qmodule *q, mssa_ssa *s, uint32_t fi, const mssa_qrefs_target *t,
                          unsigned want, bool calls, mssa_qref *out, uint32_t cap) {
  const mssa_module *m = q->m;
  const mssa_func *f = &m->funcs.a[fi];
  MSSA_ASSERT(s && s == q->ssa[fi]);   /* the caller's graph is this function's */
  bool global = t->kind == MSSA_REFS_GLOBAL;
  if (global && t->global >= m->globals.n) return 0;
  mssa_loc gl = global ? global_loc(m, t->global) : (mssa_loc){0};
  uint32_t n = 0;
  for (uint32_t i = 0; i < f->insts.n; i++) {
    const mssa_inst *in = &f->insts.a[i];
    if (in->block == MSSA_NONE || mssa_ssa_inst_access(s, i) == MSSA_NONE) continue;
    if (in->intrinsic == MSSA_INTR_LIFETIME_START || in->intrinsic == MSSA_INTR_LIFETIME_END)
      continue;   /* invariant 2 */
    bool call = in->opcode == MSSA_OP_CALL || in->opcode == MSSA_OP_INVOKE;
    if (call && !calls) continue;
    int ar = -1;
    unsigned mr = global ? global_mr(s->aa, i, &gl, &ar)
                         : call ? MSSA_MR_NONE : member_mr(q, f, i, t, s->aa);
    if (!(mr & want)) continue;
    if (!global) ar = -1;
    if (n < cap) out[n] = (mssa_qref){fi, i, mr, call, ar};
    n++;
  }
  MSSA_ASSERT(!global || gl.ptr == MSSA_VAL(MSSA_VK_GLOBAL, t->global));   /* invariant 1 */
  return n;
}

/* ------------------------------------------------------ the members' index */

typedef struct refs_ent {
  uint32_t fi, inst;
  uint32_t key;              /* its "type.member" in keys */
  uint32_t next;             /* the entry before, of the same hash */
} refs_ent;

struct mssa_qrefs_index {
  uint64_t version;
  bool complete;             /* false: over MSSA_REFS_INDEX_MAX, no entries */
  mssa_u64map heads;         /* hash of "type.member" -> its last entry */
  mssa_u64map key_of;        /* hash -> a key with that hash (reuse only) */
  MSSA_VEC(refs_ent) e;
  MSSA_VEC(char *) keys;     /* the distinct "type.member" strings */
};

#define KEY_CAP (sizeof ((mssa_qmember_name *)0)->type + sizeof ((mssa_qmember_name *)0)->member + 2)

static uint64_t member_key(char k[KEY_CAP], const char *type, const char *member) {
  int n = snprintf(k, KEY_CAP, "%s.%s", type, member);
  return mssa_hash(k, n > 0 ? (size_t)n : 0);
}

/* The key id of string k (hash h): the one kept for h when it is k, else
** a new one (two names of one hash each get their own). */
static uint32_t key_id(mssa_qrefs_index *ix, const char *k, uint64_t h) {
  uint32_t id = mssa_u64map_get(&ix->key_of, h);
  if (id != MSSA_NONE && !strcmp(ix->keys.a[id], k)) return id;
  char *copy = mssa_xmalloc(strlen(k) + 1);
  memcpy(copy, k, strlen(k) + 1);
  mssa_vec_push(&ix->keys, copy);
  if (id == MSSA_NONE) mssa_u64map_put(&ix->key_of, h, ix->keys.n - 1);
  return ix->keys.n - 1;
}

/* A load's or store's mod/ref bits: what the instruction does. */
static unsigned op_mr(const mssa_inst *in) {
  switch (in->opcode) {
  case MSSA_OP_LOAD: return MSSA_MR_REF;
  case MSSA_OP_STORE: return MSSA_MR_MOD;
  default: return MSSA_MR_MODREF;   /* cmpxchg, atomicrmw, va_arg */
  }
}

static void index_clear(mssa_qrefs_index *ix) {
  mssa_u64map_free(&ix->heads);
  mssa_u64map_free(&ix->key_of);
  for (uint32_t k = 0; k < ix->keys.n; k++) free(ix->keys.a[k]);
  mssa_vec_free(&ix->keys);
  mssa_vec_free(&ix->e);
}

void mssa_q_refs_index_free(mssa_qrefs_index *ix) {
  if (!ix) return;
  index_clear(ix);
  free(ix);
}

static mssa_qrefs_index *index_new(mssa_qmodule *q) {
  mssa_qrefs_index *ix = mssa_xcalloc(1, sizeof *ix);
  ix->version = q->version;
  ix->complete = true;
  const mssa_qvar_index *vx = mssa_qmodule_var_index(q);
  const mssa_module *m = q->m;
  for (uint32_t fi = 0; fi < m->funcs.n && ix->complete; fi++) {
    const mssa_func *f = &m->funcs.a[fi];
    if (f->is_decl || f->md_dbg == MSSA_NONE) continue;
    for (uint32_t i = 0; i < f->insts.n; i++) {
      mssa_qmember mb;
      if (mssa_q_inst_ptr(f, i) == MSSA_VAL_NONE || mssa_q_inst_member_ix(vx, m, f, i, &mb))
        continue;
      for (uint32_t k = 0; k < mb.n; k++) {
        if (ix->e.n >= MSSA_REFS_INDEX_MAX) {
          ix->complete = false;   /* the cap: no index, queries scan */
          break;
        }
        char ks[KEY_CAP];
        uint64_t key = member_key(ks, mb.chain[k].type, mb.chain[k].member);
        refs_ent x = {fi, i, key_id(ix, ks, key), mssa_u64map_get(&ix->heads, key)};
        if (x.next != MSSA_NONE && ix->e.a[x.next].fi == fi && ix->e.a[x.next].inst == i)
          continue;   /* `n->next->next`'s chain names one member twice */
        mssa_vec_push(&ix->e, x);
        mssa_u64map_put(&ix->heads, key, ix->e.n - 1);
      }
    }
  }
  if (!ix->complete) index_clear(ix);
  MSSA_ASSERT(ix->complete || !ix->e.n);   /* an incomplete index holds nothing */
  return ix;
}

uint32_t mssa_q_refs_members(mssa_qmodule *q, const mssa_qrefs_target *t, unsigned want,
                             mssa_qref *out, uint32_t cap) {
  if (!q->refs || q->refs->version != q->version) {
    mssa_q_refs_index_free(q->refs);
    q->refs = index_new(q);
  }
  if (!q->refs->complete) return UINT32_MAX;
  const mssa_qrefs_index *ix = q->refs;
  char want_key[KEY_CAP];
  uint32_t n = 0;
  for (uint32_t e = mssa_u64map_get(&ix->heads, member_key(want_key, t->type, t->member));
       e != MSSA_NONE; e = ix->e.a[e].next) {
    MSSA_ASSERT(e < ix->e.n);   /* chains run backwards through the entries */
    const refs_ent *x = &ix->e.a[e];
    const mssa_func *f = &q->m->funcs.a[x->fi];
    bool same = !strcmp(ix->keys.a[x->key], want_key);   /* invariant 3: names, not hashes */
    unsigned mr = op_mr(&f->insts.a[x->inst]);
    if (!same || !(mr & want)) continue;
    if (n < cap) out[n] = (mssa_qref){x->fi, x->inst, mr, false, -1};
    n++;
  }
  return n;
}
