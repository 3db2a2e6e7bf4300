/*
** varname.h -- C names for memory, from a module's debug info: the local
** a pointer is the address of (llvm.dbg.declare / #dbg_declare and its
** DILocalVariable), a global's DIGlobalVariable, and short access paths
** over them: `a[…]` for an element, `p->next` and `s.f` for fields (member
** names from the DICompositeType of the struct), `*q` through a pointer.
**
** Invariants:
**   1. Lookups follow at most MSSA_VARNAME_DEPTH links (bases of bases),
**      so a malformed or cyclic chain cannot loop; a name that needs more
**      is "unknown" (MSSA_ENOENT), never a wrong name.
**   2. Every name is written into the caller's buffer, truncated to cap
**      and NUL-terminated when cap > 0.
**   3. The module is never modified. Lookups without an index cache
**      nothing; a bundle's index (mssa_qmodule_var_index) is built once
**      per bundle version, like its line index.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_VARNAME_H
#define MSSA_VARNAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

/* Links (GEP, cast, load) a name may follow from the accessed pointer. */
#define MSSA_VARNAME_DEPTH 6

/* The C expression pointer `ptr` (a value of function f) points to:
** "total", "a[…]", "p->next", "s.f", "*q", or a global's C name. MSSA_OK,
** or MSSA_ENOENT when the debug info does not say. */
int mssa_q_ptr_var(const mssa_module *m, const mssa_func *f, mssa_val ptr, char *buf,
                   size_t cap);

/* The pointer operand of a memory instruction (load, store, cmpxchg,
** atomicrmw, va_arg), or MSSA_VAL_NONE for any other. */
mssa_val mssa_q_inst_ptr(const mssa_func *f, uint32_t inst);

/* The C expression instruction `inst` (a load, store, ...) accesses:
** mssa_q_ptr_var of its pointer operand. */
int mssa_q_inst_var(const mssa_module *m, const mssa_func *f, uint32_t inst, char *buf,
                    size_t cap);

/* Is `inst` a store of one of the function's arguments (the spill clang
** writes at entry, which has no source line)? Sets *arg to its number. */
bool mssa_q_stores_param(const mssa_func *f, uint32_t inst, uint32_t *arg);

/* A constant integer operand's value (not one wider than 64 bits). */
bool mssa_q_const_int(const mssa_module *m, mssa_val v, int64_t *out);

/* What the debug info names, indexed once per module (a lookup without it
** scans the function, and the DICompositeTypes, each time). */
typedef struct mssa_qvar_index mssa_qvar_index;
mssa_qvar_index *mssa_q_var_index_new(const mssa_module *m, uint64_t version);
void mssa_q_var_index_free(mssa_qvar_index *ix);
/* mssa_q_inst_var with an index (NULL: none). */
int mssa_q_inst_var_ix(const mssa_qvar_index *ix, const mssa_module *m, const mssa_func *f,
                       uint32_t inst, char *buf, size_t cap);
/* The struct or union members an access is to, by their DWARF names: the
** members the C expression mssa_q_inst_var names ends in, outermost first
** (`L->top.p`: lua_State's `top`, then StkIdRel's `p`), when it ends in
** them (`p->flags`, `s.a[2]`; not `*p->next`, which is the pointee).
** type is "struct client" ("union u"), member "flags"; comp the innermost
** one's DICompositeType node. Deeper chains keep their outermost
** MSSA_QMEMBER_CHAIN - 1 and their innermost member. MSSA_ENOENT (n 0,
** comp MSSA_NONE) when the access is to no named member (anonymous
** structs have no name). */
#define MSSA_QMEMBER_CHAIN 4
typedef struct mssa_qmember_name {
  char type[136];
  char member[128];
} mssa_qmember_name;
typedef struct mssa_qmember {
  uint32_t comp;
  uint32_t n;
  mssa_qmember_name chain[MSSA_QMEMBER_CHAIN];
} mssa_qmember;
int mssa_q_inst_member_ix(const mssa_qvar_index *ix, const mssa_module *m, const mssa_func *f,
                          uint32_t inst, mssa_qmember *out);

/* The bundle's index, built on first use and rebuilt when its version
** moves (queries on a bundle are serialized: mssa_query.h). */
struct mssa_qmodule;
const mssa_qvar_index *mssa_qmodule_var_index(struct mssa_qmodule *q);

#endif
