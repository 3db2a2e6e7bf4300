/*
** reach.h -- reaching writes and readers: the MemoryDefs whose value an
** access may read (through MemoryPhis, path by path, with the walker and
** the access's location), and the inverse, the loads that may read what a
** MemoryDef wrote.
**
** Invariants:
**   1. Sound: every MemoryDef that a CFG path from it to the access passes
**      without a killing store in between, and that may write the accessed
**      bytes (LLVM's instructionClobbersQuery), is listed -- unless the
**      answer says `truncated`. A store kills only when it must-aliases the
**      location, writes at least its bytes, and the location is precise
**      on that path (across a loop back edge a pointer that is not
**      loop-invariant loses its size, as in LLVM's walker).
**   2. Bounded: at most `max` writes, MSSA_REACH_MAX_STEPS def-chain walks
**      and MSSA_REACH_MAX_PHIS MemoryPhi expansions per answer; beyond,
**      `truncated`.
**   3. Location queries cache nothing on the graph: asking never changes
**      a printed form (the initial walker answer of a `readers` query does
**      not run; only location queries are made).
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_REACH_H
#define MSSA_REACH_H

#include <stdbool.h>
#include <stdint.h>

#include "mssa/mssa.h"

#define MSSA_REACH_MAX_STEPS 4096u
#define MSSA_REACH_MAX_PHIS 256u
#define MSSA_REACH_DEFAULT_MAX 64u

/* How a reaching write gets to the access. */
typedef enum {
  MSSA_PATH_STRAIGHT = 0,  /* it dominates the access: every path passes it */
  MSSA_PATH_BRANCH = 1,    /* some paths, none around a loop */
  MSSA_PATH_LOOP = 2,      /* only around a loop (through a back edge of a
                              loop the access is in) */
  MSSA_PATH_ENTRY = 3      /* liveOnEntry: the value from before the function */
} mssa_path_kind;

typedef struct mssa_qwrite {
  uint32_t access;         /* a MemoryDef, or MSSA_LIVE_ON_ENTRY */
  uint8_t path;            /* mssa_path_kind */
} mssa_qwrite;

typedef struct mssa_qreach {
  mssa_qwrite *w;          /* malloc'ed; writes in layout order, liveOnEntry last */
  uint32_t n;
  bool entry;              /* liveOnEntry is among them */
  bool truncated;
  bool has_loc;            /* false: the access has no location (a call):
                              every def above it on some path is listed */
} mssa_qreach;

/* "straight", "branch", "loop", "entry". */
const char *mssa_path_name(unsigned path);

/* The reaching writes of access `a` (a MemoryUse or MemoryDef), at most
** `max` (0: MSSA_REACH_DEFAULT_MAX). MSSA_OK, or MSSA_ENOENT when `a` is
** not a use or def. Free with mssa_qreach_free. */
int mssa_q_reaching(mssa_ssa *s, uint32_t a, uint32_t max, mssa_qreach *out);

/* The source view (for the editor; `print` and the offload queries never
** use it): paths that only clang's cleanup dispatch creates are not paths
** -- a switch on an alloca that holds a known constant on each incoming
** path takes only the edge that constant selects (reach_paths.c). The
** answer is then sound for the program as C runs it, not for every CFG
** path of the IR. */
#define MSSA_REACH_SOURCE_VIEW 1u
/* In the source view, alias analysis also sees the program as written:
**   - loads of locals mem2reg promotes are the values stored (reach.c,
**     the promoted view; query/deps.h);
**   - member accesses of one C struct type to disjoint members never
**     touch the same bytes (mssa_q_members_disjoint).
** Both only remove writes the program cannot make reach. */
/* Are instructions a and b (loads or stores of s's function) accesses of
** disjoint members of one C struct type, under strict aliasing (both
** tagged !tbaa)? Then, whatever objects their pointers name, they touch
** no byte in common (reach_members.c). False when unsure. */
bool mssa_q_members_disjoint(const mssa_ssa *s, uint32_t a, uint32_t b);
/* The same in two steps, for a walk that asks of one access again and
** again: the member an access touches (its struct type and byte range in
** it), and whether two such are apart. */
typedef struct mssa_qfield {
  uint32_t type;           /* the struct's type id */
  uint64_t lo, hi;         /* bytes [lo, hi) within it */
} mssa_qfield;
bool mssa_q_member(const mssa_ssa *s, uint32_t inst, mssa_qfield *out);
bool mssa_q_members_apart(const mssa_qfield *a, const mssa_qfield *b);
/* mssa_q_reaching with flags (MSSA_REACH_*; 0: mssa_q_reaching). */
int mssa_q_reaching_view(mssa_ssa *s, uint32_t a, uint32_t max, unsigned flags,
                         mssa_qreach *out);
void mssa_qreach_free(mssa_qreach *r);

/* The MemoryUses whose reaching writes include MemoryDef `def`, in layout
** order: up to `cap` into out[], returns the total found; *truncated when
** some use could not be decided within the bounds (it is then listed: a
** reader is never left out). */
uint32_t mssa_q_readers(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap,
                        bool *truncated);
/* mssa_q_readers with flags (MSSA_REACH_*). */
uint32_t mssa_q_readers_view(mssa_ssa *s, uint32_t def, uint32_t *out, uint32_t cap,
                             unsigned flags, bool *truncated);

#endif
