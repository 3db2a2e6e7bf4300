/*
** libtable.c -- what the C library functions a program calls without a
** body do to memory (the functions of LLVM's TargetLibraryInfo, with the
** effects InferFunctionAttrs gives them, and what the C standard says they
** may touch), and what a declaration's own attributes say otherwise.
**
** Invariants:
**   1. Every effect is a superset of what the function may do: strings
**      and buffers are whole objects (any offset); printf-like functions
**      read every pointer argument (%s) and write every one (%n); stdio
**      and math functions may write errno, which is `other` memory (marked
**      as errno for the walker: MSSA_IPA_ERRNO).
**   2. Functions that call back into the program (qsort, bsearch, exit with
**      atexit handlers) say so; the caller then calls through EXTERNAL.
**      Functions that may hand out code outside the program (dlsym) say so
**      too: indirect calls may then reach unknown code.
**   3. As LLVM's inferred attributes do (before errnomem), the allocation
**      functions touch only the allocator's state (inaccessible memory that
**      no code of the program reaches). Stdio's state is inaccessible too,
**      but program code may read FILE objects (getc_unlocked's macro), so
**      it is kept apart (L_STDIO).
**      Signal handlers installed by sigaction are not modelled (as LLVM does
**      not: a handler may only touch volatile sig_atomic_t objects).
**   4. The table is sorted by name (checked when first used) and looked up
**      by binary search.
**
** Pure C11; no libuv, no jansson.
*/
#include <stdlib.h>
#include <string.h>

#include "ipa/ipa_internal.h"

enum {
  L_VA_R = 1, L_VA_W = 2,        /* pointer arguments after the fixed ones */
  L_IN_R = 4, L_IN_W = 8,        /* inaccessible (the library's own state) */
  L_OT_R = 16, L_OT_W = 32,      /* other memory (errno, static buffers) */
  L_AL_W = 64,                   /* writes the block it allocates */
  L_CB = 128,                    /* calls back into the program */
  L_EXTCODE = 256,               /* may return code outside the program */
  L_UNKNOWN = 512,               /* treated as unknown */
  L_ERRNO = 1024,                /* writes errno (other memory, marked so:
                                    ipa.h, MSSA_IPA_ERRNO) */
  L_STDIO = 2048                 /* its inaccessible state is stdio's, which
                                    the program's code may read directly
                                    (ipa.h, MSSA_IPA_HIDDEN) */
};
#define L_IO (L_IN_R | L_IN_W | L_ERRNO | L_STDIO)   /* stdio: buffers, FILE, errno */
#define L_HEAP (L_IN_R | L_IN_W)            /* the allocator's state */

/* params: one letter per fixed parameter: '-' nothing, 'r' reads, 'w'
** writes, 'b' both (anywhere in the object it points to). ret: see
** mssa__ipa_lib_ret. */
typedef struct lib_fn {
  const char *name;
  const char *params;
  unsigned flags;
  char ret;
} lib_fn;

static const lib_fn LIB[] = {
  {"__assert_fail", "rr-r", L_IO, 0},
  {"__ctype_b_loc", "", 0, 'o'},
  {"__ctype_tolower_loc", "", 0, 'o'},
  {"__ctype_toupper_loc", "", 0, 'o'},
  {"__errno_location", "", 0, 'o'},
  {"__isoc99_fscanf", "-r", L_IO | L_VA_W, 0},
  {"__isoc99_scanf", "r", L_IO | L_VA_W, 0},
  {"__isoc99_sscanf", "rr", L_ERRNO | L_IN_R | L_VA_W, 0},
  {"__memcpy_chk", "wr--", 0, '0'},
  {"__memmove_chk", "wr--", 0, '0'},
  {"__memset_chk", "w---", 0, '0'},
  {"__printf_chk", "-r", L_IO | L_VA_R | L_VA_W, 0},
  {"__snprintf_chk", "w---r", L_ERRNO | L_IN_R | L_VA_R | L_VA_W, 0},
  {"__sprintf_chk", "w--r", L_ERRNO | L_IN_R | L_VA_R | L_VA_W, 0},
  {"__strcat_chk", "br-", 0, '0'},
  {"__strcpy_chk", "wr-", 0, '0'},
  {"__strncpy_chk", "wr--", 0, '0'},
  {"__uflow", "-", L_IO, 0},
  {"_exit", "", 0, 0},
  {"_longjmp", "r", 0, 0},
  {"_setjmp", "w", 0, 0},
  {"abort", "", 0, 0},
  {"abs", "", 0, 0},
  {"acos", "", L_ERRNO, 0},
  {"asin", "", L_ERRNO, 0},
  {"atan", "", L_ERRNO, 0},
  {"atan2", "", L_ERRNO, 0},
  {"atexit", "", L_IN_W, 0},
  {"atof", "r", L_IN_R, 0},
  {"atoi", "r", L_IN_R, 0},
  {"atol", "r", L_IN_R, 0},
  {"bcmp", "rr", 0, 0},
  {"bsearch", "rr---", L_CB, 0},
  {"calloc", "", L_HEAP | L_AL_W, 'a'},
  {"ceil", "", 0, 0},
  {"clearerr", "-", L_IN_R | L_IN_W, 0},
  {"clock", "", L_IN_R, 0},
  {"close", "", L_IO, 0},
  {"cos", "", L_ERRNO, 0},
  {"difftime", "", 0, 0},
  {"dlclose", "-", L_IO | L_CB, 0},
  {"dlerror", "", L_IO | L_OT_R, 'o'},
  {"dlopen", "r", L_IO | L_OT_R | L_CB, 'o'},
  {"dlsym", "-r", L_IO | L_OT_R | L_EXTCODE, 'o'},
  {"exit", "", L_IO | L_CB, 0},
  {"exp", "", L_ERRNO, 0},
  {"fabs", "", 0, 0},
  {"fclose", "-", L_IO, 0},
  {"feof", "-", L_IN_R, 0},
  {"ferror", "-", L_IN_R, 0},
  {"fflush", "-", L_IO, 0},
  {"fgetc", "-", L_IO, 0},
  {"fgets", "w--", L_IO, '0'},
  {"flockfile", "-", L_IN_R | L_IN_W, 0},
  {"floor", "", 0, 0},
  {"fmod", "", L_ERRNO, 0},
  {"fopen", "rr", L_IO, 'o'},
  {"fopen64", "rr", L_IO, 'o'},
  {"fprintf", "-r", L_IO | L_VA_R | L_VA_W, 0},
  {"fputc", "--", L_IO, 0},
  {"fputs", "r-", L_IO, 0},
  {"fread", "w---", L_IO, 0},
  {"free", "w", L_HEAP, 0},
  {"freopen", "rr-", L_IO, 'o'},
  {"freopen64", "rr-", L_IO, 'o'},
  {"frexp", "-w", 0, 0},
  {"fseek", "---", L_IO, 0},
  {"fseeko64", "---", L_IO, 0},
  {"ftell", "-", L_IO, 0},
  {"ftello64", "-", L_IO, 0},
  {"funlockfile", "-", L_IN_R | L_IN_W, 0},
  {"fwrite", "r---", L_IO, 0},
  {"getc", "-", L_IO, 0},
  {"getchar", "", L_IO, 0},
  {"getenv", "r", L_OT_R, 'o'},
  {"gmtime_r", "rw", L_IN_R, '1'},
  {"isalnum", "", L_IN_R, 0},
  {"isalpha", "", L_IN_R, 0},
  {"isatty", "", L_IO, 0},
  {"isdigit", "", L_IN_R, 0},
  {"isspace", "", L_IN_R, 0},
  {"labs", "", 0, 0},
  {"ldexp", "", L_ERRNO, 0},
  {"localeconv", "", L_IN_R | L_OT_W, 'o'},
  {"localtime_r", "rw", L_IN_R | L_IN_W | L_OT_W, '1'},
  {"log", "", L_ERRNO, 0},
  {"log10", "", L_ERRNO, 0},
  {"log2", "", L_ERRNO, 0},
  {"longjmp", "r", 0, 0},
  {"malloc", "", L_HEAP, 'a'},
  {"memchr", "r", 0, '0'},
  {"memcmp", "rr", 0, 0},
  {"memcpy", "wr", 0, '0'},
  {"memmove", "wr", 0, '0'},
  {"memset", "w", 0, '0'},
  {"mkstemp", "b", L_IO, 0},
  {"mkstemp64", "b", L_IO, 0},
  {"mktime", "b", L_IN_R | L_IN_W | L_OT_W, 0},
  {"pclose", "-", L_IO, 0},
  {"perror", "r", L_IO | L_OT_R, 0},
  {"popen", "rr", L_IO, 'o'},
  {"pow", "", L_ERRNO, 0},
  {"printf", "r", L_IO | L_VA_R | L_VA_W, 0},
  {"putc", "--", L_IO, 0},
  {"putchar", "", L_IO, 0},
  {"puts", "r", L_IO, 0},
  {"qsort", "b---", L_CB, 0},
  {"rand", "", L_IN_R | L_IN_W, 0},
  {"realloc", "b", L_HEAP | L_AL_W, 'r'},
  {"remove", "r", L_IO, 0},
  {"rename", "rr", L_IO, 0},
  {"setjmp", "w", 0, 0},
  {"setlocale", "-r", L_IN_R | L_IN_W | L_OT_W, 'o'},
  {"setvbuf", "-b--", L_IO, 0},
  {"sigaction", "-rw", L_IN_R | L_IN_W, 0},
  {"sigemptyset", "w", 0, 0},
  {"sin", "", L_ERRNO, 0},
  {"snprintf", "w-r", L_ERRNO | L_IN_R | L_VA_R | L_VA_W, 0},
  {"sprintf", "wr", L_ERRNO | L_IN_R | L_VA_R | L_VA_W, 0},
  {"sqrt", "", L_ERRNO, 0},
  {"srand", "", L_IN_W, 0},
  {"sscanf", "rr", L_ERRNO | L_IN_R | L_VA_W, 0},
  {"strcat", "br", 0, '0'},
  {"strchr", "r", 0, '0'},
  {"strcmp", "rr", 0, 0},
  {"strcoll", "rr", L_IN_R, 0},
  {"strcpy", "wr", 0, '0'},
  {"strcspn", "rr", 0, 0},
  {"strdup", "r", L_HEAP | L_AL_W, 'a'},
  {"strerror", "", L_OT_R | L_OT_W | L_IN_R, 'o'},
  {"strftime", "w-rr", L_IN_R, 0},
  {"strlen", "r", 0, 0},
  {"strncat", "br", 0, '0'},
  {"strncmp", "rr", 0, 0},
  {"strncpy", "wr", 0, '0'},
  {"strndup", "r", L_HEAP | L_AL_W, 'a'},
  {"strnlen", "r", 0, 0},
  {"strpbrk", "rr", 0, '0'},
  {"strrchr", "r", 0, '0'},
  {"strspn", "rr", 0, 0},
  {"strstr", "rr", 0, '0'},
  {"strtod", "rw", L_ERRNO | L_IN_R, 0},
  {"strtol", "rw", L_ERRNO | L_IN_R, 0},
  {"strtoul", "rw", L_ERRNO | L_IN_R, 0},
  {"system", "r", L_IO, 0},
  {"tan", "", L_ERRNO, 0},
  {"time", "w", 0, 0},
  {"tmpfile", "", L_IO, 'o'},
  {"tmpfile64", "", L_IO, 'o'},
  {"tolower", "", L_IN_R, 0},
  {"toupper", "", L_IN_R, 0},
  {"ungetc", "--", L_IO, 0},
  {"vfprintf", "-rb", L_IO | L_OT_R, 0},
  {"vprintf", "rb", L_IO | L_OT_R, 0},
  {"vsnprintf", "w-rb", L_OT_R | L_OT_W | L_IN_R, 0},
  {"vsprintf", "wrb", L_OT_R | L_OT_W | L_IN_R, 0},
};
#define NLIB (sizeof LIB / sizeof LIB[0])

int mssa__ipa_lib_find(const char *name) {
  size_t lo = 0, hi = NLIB;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    MSSA_ASSERT(mid == 0 || strcmp(LIB[mid - 1].name, LIB[mid].name) < 0);   /* invariant 4 */
    int c = strcmp(LIB[mid].name, name);
    if (!c) return (int)mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

static void push(mssa_ipa_entry **a, uint32_t *n, mssa_ipa_entry e) {
  *a = mssa_xrealloc(*a, ((size_t)*n + 1) * sizeof **a);
  (*a)[(*n)++] = e;
}

static mssa_ipa_entry ent(unsigned kind, uint32_t id, bool from) {
  mssa_ipa_entry e = {(uint8_t)kind, 1, (uint8_t)from, 0, id, 0, 0};
  return e;
}

void mssa__ipa_lib_summary(int lib, mssa_ipa_summary *out) {
  memset(out, 0, sizeof *out);
  MSSA_ASSERT(lib >= 0 && (size_t)lib < NLIB);
  const lib_fn *l = &LIB[lib];
  if (l->flags & L_UNKNOWN) {
    out->read_all = out->write_all = true;
    out->reason = MSSA_IPA_R_UNKNOWN_CALLEE;
    return;
  }
  /* entries are pushed in the normal order: kind, then id (invariant 3 of
  ** ipa_internal.h holds without sorting) */
  for (int side = 0; side < 2; side++) {
    mssa_ipa_entry **a = side ? &out->w : &out->r;
    uint32_t *n = side ? &out->nw : &out->nr;
    uint32_t k = 0;
    for (; l->params[k]; k++) {
      char c = l->params[k];
      if (c == 'b' || c == (side ? 'w' : 'r')) push(a, n, ent(MSSA_IPA_PARAM, k, false));
    }
    if (l->flags & (side ? L_VA_W : L_VA_R)) push(a, n, ent(MSSA_IPA_PARAM, k, true));
    if (side && (l->flags & L_AL_W)) push(a, n, ent(MSSA_IPA_ALLOC, 0, false));
    if (l->flags & (side ? L_OT_W : L_OT_R)) push(a, n, ent(MSSA_IPA_OTHER, 0, false));
    if (side && (l->flags & L_ERRNO)) push(a, n, ent(MSSA_IPA_OTHER, MSSA_IPA_ERRNO, false));
    if (l->flags & (side ? L_IN_W : L_IN_R))
      push(a, n, ent(MSSA_IPA_INACC, (l->flags & L_STDIO) ? 0 : MSSA_IPA_HIDDEN, false));
  }
}

bool mssa__ipa_lib_callback(int lib) { return lib >= 0 && (LIB[lib].flags & L_CB); }
bool mssa__ipa_lib_extcode(int lib) { return lib >= 0 && (LIB[lib].flags & L_EXTCODE); }
char mssa__ipa_lib_ret(int lib) { return lib >= 0 ? LIB[lib].ret : 0; }

/* ------------------------------------------------------------ attributes */

void mssa__ipa_decl_summary(const mssa_module *m, const mssa_func *f, mssa_ipa_summary *out) {
  memset(out, 0, sizeof *out);
  uint32_t mem = f->attrs != MSSA_NONE && f->attrs < m->attrlists.n ? m->attrlists.a[f->attrs].mem
                                                                     : MSSA_MEM_ANY;
  /* any location kind but argument and inaccessible memory: unknown for that
  ** access (errno included: other memory, which a summary cannot narrow) */
  for (uint32_t l = 0; l < MSSA_MEM_NLOC; l++) {
    if (l == MSSA_MEM_ARG || l == MSSA_MEM_INACCESSIBLE) continue;
    uint32_t a = MSSA_MEM_GET(mem, l);
    if (l == MSSA_MEM_ERRNO) {
      if (a & MSSA_MA_REF) push(&out->r, &out->nr, ent(MSSA_IPA_OTHER, MSSA_IPA_ERRNO, false));
      if (a & MSSA_MA_MOD) push(&out->w, &out->nw, ent(MSSA_IPA_OTHER, MSSA_IPA_ERRNO, false));
      continue;
    }
    if (a & MSSA_MA_REF) out->read_all = true;
    if (a & MSSA_MA_MOD) out->write_all = true;
  }
  uint32_t arg = MSSA_MEM_GET(mem, MSSA_MEM_ARG), in = MSSA_MEM_GET(mem, MSSA_MEM_INACCESSIBLE);
  const mssa_type *ft = &m->types.a[f->type];
  for (uint32_t k = 0; arg && k < f->nargs; k++) {
    if (m->types.a[f->args[k].type].kind != MSSA_T_PTR) continue;
    uint32_t pa = f->args[k].attrs;
    if (pa & MSSA_A_READNONE) continue;
    if ((arg & MSSA_MA_REF) && !(pa & MSSA_A_WRITEONLY) && !out->read_all)
      push(&out->r, &out->nr, ent(MSSA_IPA_PARAM, k, false));
    if ((arg & MSSA_MA_MOD) && !(pa & (MSSA_A_READONLY | MSSA_A_BYVAL)) && !out->write_all)
      push(&out->w, &out->nw, ent(MSSA_IPA_PARAM, k, false));
  }
  /* variadic: argument memory includes the pointers passed after the fixed ones */
  if (arg && (ft->flags & MSSA_TF_VARARG)) {
    if ((arg & MSSA_MA_REF) && !out->read_all) push(&out->r, &out->nr, ent(MSSA_IPA_PARAM, f->nargs, true));
    if ((arg & MSSA_MA_MOD) && !out->write_all) push(&out->w, &out->nw, ent(MSSA_IPA_PARAM, f->nargs, true));
  }
  /* LLVM's inaccessiblemem: no code of the module reaches it */
  if ((in & MSSA_MA_REF) && !out->read_all) push(&out->r, &out->nr, ent(MSSA_IPA_INACC, MSSA_IPA_HIDDEN, false));
  if ((in & MSSA_MA_MOD) && !out->write_all) push(&out->w, &out->nw, ent(MSSA_IPA_INACC, MSSA_IPA_HIDDEN, false));
  if (out->read_all) { free(out->r); out->r = NULL; out->nr = 0; }
  if (out->write_all) { free(out->w); out->w = NULL; out->nw = 0; }
  if (out->read_all || out->write_all) out->reason = MSSA_IPA_R_UNKNOWN_CALLEE;
}
