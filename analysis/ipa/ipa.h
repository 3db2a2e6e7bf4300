/*
** ipa.h -- whole programs: several modules linked by symbol name, their
** call graph, and per-function interprocedural mod/ref summaries that the
** walker uses to see through calls (docs: /work/notes/ipa-format.md is the
** contract of what a summary means).
**
** Invariants:
**   1. A program never changes its modules; it only reads them. Modules
**      outlive the program.
**   2. Every table (globals, functions, entries) is sorted by name, then
**      module order, then offsets: nothing depends on addresses, hash
**      seeds or the order of definitions in a file.
**   3. Summaries are sound: every byte an activation of f (with its
**      callees) may read or write is covered by an entry, or f is unknown.
**   4. Every summary is capped (MSSA_IPA_CAP entries per list); beyond the
**      cap it is coarsened, then unknown with reason "cap".
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_IPA_H
#define MSSA_IPA_H

#include <stdbool.h>
#include <stdint.h>

#include "alias/aa.h"
#include "base/check.h"
#include "ir/ir.h"
#include "mssa/mssa.h"

/* Entries per list (reads, writes) of one summary. */
#define MSSA_IPA_CAP 32

typedef enum {
  MSSA_IPA_GLOBAL = 0,  /* bytes [lo, hi) of a global (whole: anywhere in it) */
  MSSA_IPA_PARAM = 1,   /* bytes [lo, hi) from pointer parameter `id` at entry */
  MSSA_IPA_ALLOC = 2,   /* heap allocated during the call */
  MSSA_IPA_OTHER = 3,   /* memory whose address may have escaped */
  MSSA_IPA_INACC = 4    /* the C library's own state */
} mssa_ipa_kind;

/* mssa_ipa_entry.id of inaccessible memory no code of the program can
** reach (LLVM's inaccessiblemem: the allocator's state, locale tables...);
** 0 is the C library's stdio state, whose FILE objects macros such as
** getc_unlocked read directly. The JSON shows one "inaccessible". */
#define MSSA_IPA_HIDDEN 1

/* mssa_ipa_entry.id of other memory that is errno alone (the C library's
** thread-local errno, which no global or stack object of the program is). */
#define MSSA_IPA_ERRNO UINT32_MAX

typedef struct mssa_ipa_entry {
  uint8_t kind;      /* mssa_ipa_kind */
  uint8_t whole;     /* range unknown: anywhere in the object */
  uint8_t from;      /* PARAM only: every pointer argument from index id on
                        (a variadic library function's arguments); never in a
                        defined function's summary */
  uint8_t pad_;
  uint32_t id;       /* GLOBAL: program global id; PARAM: parameter index;
                        INACC: 0, or MSSA_IPA_HIDDEN;
                        OTHER: 0 for any access, MSSA_IPA_ERRNO for errno,
                        else 1 + the !tbaa access tag (of module `lo`) of
                        every access it stands for (kept for the walker;
                        the JSON shows one "other") */
  int64_t lo, hi;    /* byte range when !whole */
} mssa_ipa_entry;

/* Does entry e name a byte range (not a whole object)? Only global and
** parameter entries have ranges, and a range is never empty. */
static inline bool mssa_ipa_entry_ranged(const mssa_ipa_entry *e) {
  bool r = (e->kind == MSSA_IPA_GLOBAL || e->kind == MSSA_IPA_PARAM) && !e->whole;
  MSSA_ASSERT(!r || e->lo < e->hi);
  return r;
}

/* Why a summary is unknown. */
typedef enum {
  MSSA_IPA_KNOWN = 0, MSSA_IPA_R_CAP, MSSA_IPA_R_UNKNOWN_CALLEE, MSSA_IPA_R_ASM,
  MSSA_IPA_R_ATOMIC, MSSA_IPA_R_LOCAL
} mssa_ipa_reason;
/* "cap", "unknown-callee", "asm", "atomic", "local-mode"; NULL for
** MSSA_IPA_KNOWN. */
const char *mssa_ipa_reason_name(unsigned r);

typedef struct mssa_ipa_summary {
  bool read_all, write_all;   /* may read (write) anything; the lists then empty */
  uint8_t reason;             /* mssa_ipa_reason when read_all or write_all */
  uint32_t nr, nw;
  mssa_ipa_entry *r, *w;      /* sorted, merged, at most MSSA_IPA_CAP each */
} mssa_ipa_summary;

typedef struct mssa_ipa_global {
  const char *name;
  int32_t module;             /* module index for internal/private, -1 else */
  bool defined;
  bool address_taken;
  uint64_t size;              /* bytes when defined */
} mssa_ipa_global;

typedef struct mssa_ipa_func {
  const char *name;
  int32_t module;             /* module index for internal/private, -1 else */
  uint32_t def_mod, def_fi;   /* the body: module and function index;
                                 def_fi MSSA_NONE for a declaration only */
  uint32_t occ_fi;            /* a declaration: its first occurrence (index in
                                 module def_mod); a definition: def_fi */
  bool address_taken;
  bool called;                /* some direct call names it */
  int lib;                    /* library table entry (libtable.c), -1 if none */
} mssa_ipa_func;

typedef struct mssa_program mssa_program;

/* Links modules mods[0..n) (names: as reported, e.g. file names). */
int mssa_program_new(const mssa_module *const *mods, const char *const *names, uint32_t n,
                     mssa_program **out);
void mssa_program_free(mssa_program *p);

/* Computes every function's summary: with use_callees, bottom-up over the
** call graph (the ipa mode); without, each function alone (every call not
** a library function is unknown: the local mode). */
int mssa_program_summarize(mssa_program *p, bool use_callees);

uint32_t mssa_program_nmodules(const mssa_program *p);
const char *mssa_program_module_name(const mssa_program *p, uint32_t k);
uint32_t mssa_program_nglobals(const mssa_program *p);
const mssa_ipa_global *mssa_program_global(const mssa_program *p, uint32_t g);
/* Functions: every symbol (defined or declared), sorted by (name, module). */
uint32_t mssa_program_nfuncs(const mssa_program *p);
const mssa_ipa_func *mssa_program_func(const mssa_program *p, uint32_t k);
const mssa_ipa_summary *mssa_program_summary(const mssa_program *p, uint32_t k);
/* The program function a module's function (index fi in module mod) is. */
uint32_t mssa_program_func_of(const mssa_program *p, uint32_t mod, uint32_t fi);

/* Fault injection: drops write entry k of the defined function named
** `fname` (MSSA_IPA_DROP_WRITE="fname:k"). MSSA_ENOENT if none. */
int mssa_program_drop_write(mssa_program *p, const char *fname, uint32_t k);

/* Sets the refinement hook of builds of module `mod`'s functions: the
** walker and use optimization then see through calls with the summaries.
** The program must be summarized and outlive the builds. */
void mssa_program_refine(const mssa_program *p, uint32_t mod, mssa_refine *out);

#endif
