/*
** oom.h -- allocation failure as an error of one request: recovery scopes.
**
** Why: the daemon serves many clients from one process; an allocation that
** fails inside one request (an oversized load, a machine under pressure)
** must fail that request with an error reply, not abort every session.
** Threading an error code out of each of the library's ~200 allocation
** sites (and its every caller) would touch every file; instead a request
** opens a scope at its boundary, and an allocation that fails inside it
** unwinds (longjmp) to that boundary, SQLite's "one place handles NOMEM"
** with the unwinding done by the C library.
**
** What makes the jump safe:
**   - Every block the scope's allocation wrappers (mssa_xmalloc & co,
**     mssa_oom_malloc for jansson) hand out is recorded in the scope's
**     registry, and a free of it (the daemon links free through
**     mssa_oom_forget, server/oom_free.c) removes it again. So at the jump
**     the registry holds exactly the blocks the scope made that are still
**     live: its temporaries and the half-built new objects, which the
**     sweep frees. A block realloc'ed inherits the registry status of the
**     old one: growing a vector the scope did not make (a module's, a
**     cache's) keeps it out of the sweep.
**   - State older than the scope is changed either at commit points (a
**     new bundle swapped in after its build) or under an end hook
**     (mssa_oom_on_end) that puts it back when the scope fails (an edit's
**     snapshot, the journal's record), or it is a cache the boundary drops
**     on failure (through its own free functions, while the registry still
**     follows frees, so a block the scope linked into it is freed once).
**
** Invariants:
**   1. Scopes are per thread and nest; the innermost one on the thread is
**      the one a failure unwinds to. A block is in at most one registry.
**   2. Outside any scope (the CLI, startup, the daemon's own bookkeeping)
**      allocation failure keeps its old meaning: mssa_xmalloc prints one
**      line and aborts; mssa_oom_malloc returns NULL (jansson's contract).
**   3. A scope is ended exactly once, by mssa_oom_commit (its blocks become
**      ordinary: the registry is forgotten, then success hooks run, outside
**      the scope, so nothing they commit is unwound) or, after the jump, by
**      mssa_oom_rollback (failure hooks, the caller's cleanup, then the
**      sweep). While it rolls back, what is allocated is not recorded (it
**      serves the state being put back) and a failing allocation aborts:
**      there is no boundary left to unwind to.
**   4. Scopes are enabled only when frees are followed (mssa_oom_init
**      checks it): without that a sweep could free a block twice, so
**      scopes then only mark boundaries and failure aborts as before.
**   5. The test hook (mssa_oom_fail_after) counts allocations made inside
**      scopes, so a request's count does not depend on the daemon's other
**      work, and the daemon's fallible allocations (mssa_oom_try_malloc,
**      wherever they run: a connection's buffers, below); it fails one
**      allocation, or every one from the Nth on.
**   6. Guards are per thread and strictly nested in scopes: a guard pushed
**      inside a scope is popped (or run by a failure) before it ends.
**   7. A request that must change state it cannot put back (a reload by
**      difference rewrites the installed module in place) first passes its
**      scope's point of no return (mssa_oom_no_return): from there to the
**      scope's end nothing is recorded (what is made belongs to the changed
**      state), frees are still followed, and a failure aborts as outside
**      scopes, so a reply never says "nothing changed" when something did.
**      Work past it that may fail without harm gets a scope of its own
**      (mssa_oom_try_call): the daemon encodes such a request's reply so,
**      and closes the client unanswered if it cannot (protocol/dispatch.c).
**   8. A fallible allocation (mssa_oom_try_*) never unwinds and is never
**      recorded: it returns NULL, and its caller degrades (closes one
**      client, keeps a buffer as it is). It is for state that outlives any
**      scope it may run in (a connection's buffers, a write in flight).
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_OOM_H
#define MSSA_OOM_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* End hooks a scope holds at most: an edit needs two (snapshot, journal). */
#define MSSA_OOM_HOOKS 4

/* `failed` is true when the scope rolls back, false when it commits. */
typedef void (*mssa_oom_hook_fn)(void *arg, bool failed);

/* A guard: code that changes state older than the scope only for a while
** (a swap it undoes before returning) pushes one, and pops it when the
** state is whole again; a failure in between runs fn(arg) at the point of
** failure, before the jump, innermost guard first (invariant 6). */
typedef struct mssa_oom_guard {
  struct mssa_oom_guard *next;
  void (*fn)(void *arg);
  void *arg;
} mssa_oom_guard;

typedef struct mssa_oom_scope {
  jmp_buf jb;
  struct mssa_oom_scope *outer;
  mssa_oom_guard *guards0;  /* the thread's guards when the scope opened */
  void **slot;              /* registry: open addressing, NULL = empty */
  uint32_t n, cap;          /* cap: 0 or a power of two, n * 2 <= cap */
  struct { mssa_oom_hook_fn fn; void *arg; } hook[MSSA_OOM_HOOKS];
  uint32_t nhooks;
  bool rolling_back;
  bool no_return;           /* past its point of no return (invariant 7) */
  bool small;               /* a few blocks expected: a small first registry */
  size_t failed_bytes;      /* the size asked for by the allocation that failed */
} mssa_oom_scope;

/* Opens a scope on this thread and evaluates to true; after a failure
** inside it, execution comes back here and it evaluates to false (the
** caller then calls mssa_oom_rollback). Locals the caller changes between
** the two and reads after a failure must be volatile (C11 7.13.2.1). */
#define MSSA_OOM_TRY(sc) (mssa_oom_enter(sc), setjmp((sc)->jb) == 0)

/* Checks that frees are followed and enables scopes if so (invariant 4);
** true if enabled. Call once at startup, before any thread runs. */
bool mssa_oom_init(void);
bool mssa_oom_enabled(void);
void mssa_oom_enter(mssa_oom_scope *sc);
/* Ends sc (the innermost scope) successfully (invariant 3). */
void mssa_oom_commit(mssa_oom_scope *sc);
/* Ends sc after a failure: its failure hooks (last added first), then
** cleanup(arg) if non-NULL, then the sweep (invariant 3). */
void mssa_oom_rollback(mssa_oom_scope *sc, void (*cleanup)(void *), void *arg);
/* Adds an end hook to the innermost scope; without a scope, nothing
** (the caller then commits by itself: mssa_oom_active() says which). */
void mssa_oom_on_end(mssa_oom_hook_fn fn, void *arg);
/* The thread's innermost scope (NULL: none, or scopes disabled). Inline:
** every allocation and every free of the daemon asks it. */
extern _Thread_local mssa_oom_scope *mssa_oom_cur;
static inline bool mssa_oom_active(void) { return mssa_oom_cur != NULL; }
static inline mssa_oom_scope *mssa_oom_scope_now(void) { return mssa_oom_cur; }
/* Removes p from the registries of this thread's scopes: a block that has
** just been freed (server/oom_free.c), or one the caller hands to state
** that outlives the scope even if the scope fails (mssa_oom_keep). */
void mssa_oom_forget(void *p);
#define mssa_oom_keep(p) mssa_oom_forget(p)
/* The reverse: p, a block older than the innermost scope that the scope
** now owns alone (a spare buffer it took from a shared slot), is recorded
** in it, so a failure sweeps it too. Nothing outside a recording scope. */
void mssa_oom_adopt(void *p);

/* Invariant 7, for the innermost scope (nothing without one). */
void mssa_oom_no_return(void);

void mssa_oom_guard_push(mssa_oom_guard *g, void (*fn)(void *arg), void *arg);
void mssa_oom_guard_pop(mssa_oom_guard *g);

/* Allocation failure of n bytes: unwinds to the innermost scope, or, with
** none (or while rolling back), prints one line and aborts. */
_Noreturn void mssa_oom_fail(size_t n);

/* Invariant 8: NULL when memory runs out (or the test hook says so),
** whether or not a scope is open; the block is in no registry. p, for the
** realloc, must be in none either (a block made outside scopes). */
void *mssa_oom_try_malloc(size_t n);
void *mssa_oom_try_realloc(void *p, size_t n);

/* Runs fn(arg) in a scope of its own: true if it ran to its end (what it
** made is then ordinary), false if memory ran out inside it (what it made
** is swept, after undo(arg) if non-NULL). For work that may simply not
** happen (a journal compaction, a batch's framing): the caller degrades. */
bool mssa_oom_try_call(void (*fn)(void *arg), void (*undo)(void *arg), void *arg);

/* jansson's allocator (json_set_alloc_funcs): in a scope, mssa_xmalloc;
** outside, malloc (NULL on failure, invariant 2). */
void *mssa_oom_malloc(size_t n);

/* The test hook (invariant 5): after n > 0, the nth allocation made
** inside scopes from now on fails (and, with persist, every later one);
** 0 disarms. mssa_oom_counted gives the allocations counted since the
** last arming, mssa_oom_fired whether the armed failure happened. */
void mssa_oom_fail_after(uint64_t n, bool persist);
uint64_t mssa_oom_counted(void);
bool mssa_oom_fired(void);

#endif
