/*
** ir.h -- the in-memory IR: module, types, constants, metadata, functions,
** blocks, instructions, operands.
**
** Design: arrays and 32-bit indices, no pointer graphs. Every function owns
** its blocks, instructions and operand pool, so a function can be rebuilt or
** freed in one step, and edits never renumber anything.
**
** Invariants:
**   1. An instruction id (index into mssa_func.insts) is stable for the life
**      of the function. A removed instruction keeps its slot with
**      block == MSSA_NONE; its id is never reused.
**   2. Block ids are stable likewise. Layout order is the doubly linked list
**      first_block/next; instruction order within a block is first/next.
**   3. The terminator, if any, is the last instruction of its block.
**   4. An instruction's operands are ops[inst.ops .. inst.ops+inst.nops) in
**      the function's operand pool. Editing an operand list appends a fresh
**      range to the pool rather than moving other instructions' ranges.
**   5. A value reference (mssa_val) is a 4-bit kind and a 28-bit index; the
**      index is into the array named by the kind (function-local for INST,
**      ARG, BLOCK; module-wide for GLOBAL, FUNC, CONST, META).
**   6. Type ids are module-wide; types are interned, so two equal literal
**      types have one id (named structs are identified by name).
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_IR_H
#define MSSA_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "base/util.h"

/* ---------------------------------------------------------------- values */

typedef uint32_t mssa_val;
enum {
  MSSA_VK_NONE = 0,   /* no value (index ignored) */
  MSSA_VK_INST = 1,   /* instruction result, index = instruction id */
  MSSA_VK_ARG = 2,    /* function argument, index = argument number */
  MSSA_VK_GLOBAL = 3, /* global variable or alias, index into module globals */
  MSSA_VK_FUNC = 4,   /* function, index into module funcs */
  MSSA_VK_CONST = 5,  /* constant, index into module consts */
  MSSA_VK_BLOCK = 6,  /* basic block label, index = block id */
  MSSA_VK_META = 7,   /* metadata operand (dbg intrinsics), index into module md */
  MSSA_VK_ASM = 8     /* inline asm (index unused) */
};
#define MSSA_VAL(k, i) ((mssa_val)(((uint32_t)(k) << 28) | ((uint32_t)(i) & 0x0fffffffu)))
#define MSSA_VAL_KIND(v) ((uint32_t)(v) >> 28)
#define MSSA_VAL_INDEX(v) ((uint32_t)(v) & 0x0fffffffu)
#define MSSA_VAL_NONE ((mssa_val)0)
/* Indices stay below this so they fit mssa_val's 28 bits with room to
** spare: more instructions, blocks or nodes than this are refused. */
#define MSSA_MAX_INDEX 0x0ffffff0u

/* ----------------------------------------------------------------- types */

typedef enum {
  MSSA_T_VOID, MSSA_T_INT, MSSA_T_HALF, MSSA_T_BFLOAT, MSSA_T_FLOAT,
  MSSA_T_DOUBLE, MSSA_T_X86_FP80, MSSA_T_FP128, MSSA_T_PPC_FP128,
  MSSA_T_X86_MMX, MSSA_T_X86_AMX, MSSA_T_PTR, MSSA_T_STRUCT, MSSA_T_ARRAY,
  MSSA_T_VECTOR, MSSA_T_LABEL, MSSA_T_METADATA, MSSA_T_TOKEN, MSSA_T_FUNC,
  MSSA_T_TARGET,     /* target("name", types..., ints...) (LLVM 16+): no layout */
  MSSA_T_COUNT_
} mssa_type_kind;

enum {
  MSSA_TF_PACKED = 1,     /* struct: <{ ... }> */
  MSSA_TF_OPAQUE = 2,     /* struct: `type opaque`, or not yet defined */
  MSSA_TF_SCALABLE = 4,   /* vector: <vscale x N x T> (size unknown) */
  MSSA_TF_VARARG = 8,     /* function type: ... */
  MSSA_TF_DEFINED = 16,   /* named struct: its body has been read */
  MSSA_TF_SIZED = 32      /* layout computed a size (false for opaque/func/...) */
};

typedef struct mssa_type {
  uint8_t kind;      /* mssa_type_kind */
  uint8_t flags;     /* MSSA_TF_* */
  uint16_t pad_;
  uint32_t bits;     /* INT: bit width; PTR: address space; TARGET: how many
                        integer parameters follow the type parameters */
  uint32_t elem;     /* PTR: pointee type (MSSA_NONE for opaque `ptr`);
                        ARRAY/VECTOR: element type; FUNC: return type */
  uint32_t nfields;  /* STRUCT: field count; FUNC: parameter count; TARGET:
                        type parameters, then `bits` integers, in tlist */
  uint32_t fields;   /* STRUCT/FUNC/TARGET: start in module.tlist */
  uint32_t name;     /* STRUCT: interned name without '%', or MSSA_NONE;
                        TARGET: the target type's name */
  uint64_t count;    /* ARRAY/VECTOR: element count */
  uint64_t size;     /* alloc size in bytes (DataLayout::getTypeAllocSize) */
  uint64_t store_size; /* store size in bytes (DataLayout::getTypeStoreSize) */
  uint32_t align;    /* ABI alignment in bytes */
  uint32_t offsets;  /* STRUCT: start in module.toffs (field byte offsets) */
} mssa_type;

/* ------------------------------------------------------------- constants */

typedef enum {
  MSSA_C_INT,       /* ival (low 64 bits, sign-extended from type width) */
  MSSA_C_FP,        /* floating point literal (value not modelled) */
  MSSA_C_NULL,      /* null pointer */
  MSSA_C_UNDEF,
  MSSA_C_POISON,
  MSSA_C_ZERO,      /* zeroinitializer */
  MSSA_C_AGG,       /* { ... } [ ... ] < ... >: ops are the elements */
  MSSA_C_STRING,    /* c"...": aux = string id */
  MSSA_C_EXPR,      /* constant expression: opcode + ops */
  MSSA_C_BLOCKADDR, /* blockaddress(@f, %bb): ops[0] = function */
  MSSA_C_TOKEN_NONE,
  MSSA_C_OTHER,     /* dso_local_equivalent, no_cfi, ...: ops[0] = global;
                       ptrauth(...) (LLVM 19+): its operands */
  MSSA_C_SPLAT      /* splat (T v) (LLVM 19+): a vector of v; ops[0] = v */
} mssa_const_kind;

typedef struct mssa_const {
  uint8_t kind;     /* mssa_const_kind */
  uint8_t flags;    /* EXPR: MSSA_OF_* (getelementptr: MSSA_IF_INBOUNDS...) */
  uint16_t opcode;  /* EXPR: mssa_opcode */
  uint32_t type;    /* type id of the constant */
  uint32_t nops;
  uint32_t ops;     /* start in module.cops (mssa_val) */
  uint32_t aux;     /* EXPR gep: source element type; cmp: predicate;
                       STRING: string id */
  int64_t ival;     /* INT: value; `wide` set if it did not fit */
  uint32_t wide;    /* INT: 1 if the literal did not fit in 64 bits */
} mssa_const;

/* -------------------------------------------------------------- metadata */

typedef enum {
  MSSA_MD_TUPLE,        /* !{ ... } and any generic node */
  MSSA_MD_LOCATION,     /* !DILocation(line:, column:, scope:, inlinedAt:) */
  MSSA_MD_SUBPROGRAM,   /* !DISubprogram(name:, file:, line:, scope:) */
  MSSA_MD_FILE,         /* !DIFile(filename:, directory:) */
  MSSA_MD_LEXBLOCK,     /* !DILexicalBlock / DILexicalBlockFile (scope:, file:) */
  MSSA_MD_OTHER_DI,     /* any other specialized node (fields not kept) */
  MSSA_MD_STRING,       /* !"..." as a standalone node (str = string id) */
  MSSA_MD_VALUE         /* a value wrapped as metadata (val) */
} mssa_md_kind;

/* A metadata operand: a node, a string, a constant value, or null. */
enum { MSSA_MDO_NULL = 0, MSSA_MDO_NODE = 1, MSSA_MDO_STRING = 2, MSSA_MDO_VALUE = 3 };
typedef struct mssa_mdop {
  uint32_t kind;    /* MSSA_MDO_* */
  uint32_t idx;     /* NODE: md index; STRING: string id; VALUE: mssa_val */
} mssa_mdop;

typedef struct mssa_md {
  uint8_t kind;      /* mssa_md_kind */
  uint8_t distinct;
  uint16_t pad_;
  uint32_t nops, ops;  /* TUPLE: operands, start in module.mdops */
  uint32_t line, col;  /* LOCATION, SUBPROGRAM (line) */
  uint32_t scope;      /* LOCATION/LEXBLOCK/SUBPROGRAM: md index or MSSA_NONE */
  uint32_t file;       /* SUBPROGRAM/LEXBLOCK: md index of DIFile or MSSA_NONE */
  uint32_t str;        /* FILE: filename; SUBPROGRAM: name; STRING: the string */
  uint32_t dir;        /* FILE: directory string id or MSSA_NONE */
  uint32_t inlined_at; /* LOCATION: md index or MSSA_NONE */
  mssa_val val;        /* VALUE */
  uint32_t path;       /* FILE: filename joined to directory when relative
                          (what mssa_inst_source returns), else MSSA_NONE */
  uint32_t tag;        /* specialized node (`!DIxxx(...)`, any kind but TUPLE/
                          STRING/VALUE): string id of the class name, e.g.
                          "DILocalVariable"; else MSSA_NONE. For these nodes
                          ops/nops list their node-valued fields in text
                          order as pairs: {STRING field name, NODE value}
                          (nops counts entries, i.e. 2 per field), so LLVM's
                          operand order can be derived per class (needed to
                          reproduce the printer's metadata numbering). */
  uint32_t text_off, text_len; /* specialized nodes: `!DIxxx(...)` source span */
} mssa_md;

/* ------------------------------------------------------------ attributes */

/* Attribute bits, for functions, call sites, return values and parameters. */
enum {
  MSSA_A_READNONE = 1u << 0,
  MSSA_A_READONLY = 1u << 1,
  MSSA_A_WRITEONLY = 1u << 2,
  MSSA_A_ARGMEMONLY = 1u << 3,
  MSSA_A_INACCESSIBLEMEMONLY = 1u << 4,
  MSSA_A_INACCESSIBLEMEM_OR_ARGMEMONLY = 1u << 5,
  MSSA_A_NOCAPTURE = 1u << 6,
  MSSA_A_NOALIAS = 1u << 7,
  MSSA_A_BYVAL = 1u << 8,
  MSSA_A_SRET = 1u << 9,
  MSSA_A_NONNULL = 1u << 10,
  MSSA_A_NOUNWIND = 1u << 11,
  MSSA_A_NOFREE = 1u << 12,
  MSSA_A_WILLRETURN = 1u << 13,
  MSSA_A_NOSYNC = 1u << 14,
  MSSA_A_RETURNED = 1u << 15,
  MSSA_A_DEREFERENCEABLE = 1u << 16,
  MSSA_A_NULL_POINTER_IS_VALID = 1u << 17,
  MSSA_A_NOBUILTIN = 1u << 18,
  MSSA_A_BUILTIN = 1u << 19,
  MSSA_A_OPTNONE = 1u << 20,
  MSSA_A_INALLOCA = 1u << 21,
  MSSA_A_PREALLOCATED = 1u << 22,
  MSSA_A_NOMERGE = 1u << 23,
  MSSA_A_NORETURN = 1u << 24,
  MSSA_A_SPECULATABLE = 1u << 25,
  MSSA_A_DEREFERENCEABLE_OR_NULL = 1u << 26,
  MSSA_A_IMMARG = 1u << 27,
  MSSA_A_NOUNDEF = 1u << 28,
  MSSA_A_WRITABLE = 1u << 29,       /* parameter: `writable` (LLVM 18+) */
  MSSA_A_DEAD_ON_UNWIND = 1u << 30, /* parameter: `dead_on_unwind` (LLVM 18+) */
  MSSA_A_RETURNS_TWICE = 1u << 31   /* function: `returns_twice` (setjmp) */
};

/*
** Memory effects of a function or call (LLVM's MemoryEffects, written
** `memory(...)` since LLVM 16): an access kind of 2 bits per location,
** location L at bits 2L..2L+1. A function without the attribute, or with
** only the older spellings, gets what LLVM's upgrade gives them
** (readonly -> memory(read), argmemonly -> memory(argmem: readwrite), ...).
*/
enum {
  MSSA_MEM_ARG = 0,          /* argmem: memory the pointer arguments point to */
  MSSA_MEM_INACCESSIBLE = 1, /* inaccessiblemem */
  MSSA_MEM_ERRNO = 2,        /* errnomem (LLVM 21+) */
  MSSA_MEM_OTHER = 3,        /* everything else (and location kinds unknown to us) */
  MSSA_MEM_TARGET0 = 4,      /* target_mem0 (LLVM 22+) */
  MSSA_MEM_TARGET1 = 5,      /* target_mem1 (LLVM 22+) */
  MSSA_MEM_NLOC = 6
};
/* Access kinds of a location (the values of alias/aa.h's MSSA_MR_*). */
enum { MSSA_MA_NONE = 0, MSSA_MA_REF = 1, MSSA_MA_MOD = 2, MSSA_MA_MODREF = 3 };
#define MSSA_MEM_ANY 0xfffu   /* every location read and written: no constraint */
#define MSSA_MEM_GET(mem, loc) (((mem) >> (2 * (loc))) & 3u)

/*
** Capture components of a pointer parameter (LLVM's CaptureInfo, written
** `captures(...)` since LLVM 21; `nocapture` is captures(none)): the low
** nibble for captures other than through the return value, the high
** nibble for `ret:` captures. MSSA_CAP_ALL when no attribute says less.
*/
enum {
  MSSA_CAP_ADDRESS_IS_NULL = 1,
  MSSA_CAP_ADDRESS = 3,          /* includes address_is_null */
  MSSA_CAP_READ_PROVENANCE = 4,
  MSSA_CAP_PROVENANCE = 12,      /* includes read_provenance */
  MSSA_CAP_ALL = 0xff
};

/*
** An attribute list: function, return and per-parameter attributes, as on a
** `define`/`declare` or a call site. deref[] carries dereferenceable(N) bytes
** per parameter (0 if absent) for alias analysis' object-size reasoning.
*/
typedef struct mssa_attrlist {
  uint32_t fn;        /* MSSA_A_* bits; a memory(...) attribute sets the bits
                         that say as much (memory(none) READNONE,
                         memory(argmem: read) ARGMEMONLY | READONLY, ...) */
  uint32_t ret;
  uint32_t nparams;
  uint32_t params;    /* start in module.pattrs (one uint32_t bitset each)
                         and module.pcaps (one capture byte each) */
  uint32_t mem;       /* memory effects (MSSA_MEM_*), MSSA_MEM_ANY if none */
} mssa_attrlist;

/* ---------------------------------------------------------- instructions */

typedef enum {
  MSSA_OP_INVALID = 0,
  /* terminators */
  MSSA_OP_RET, MSSA_OP_BR, MSSA_OP_SWITCH, MSSA_OP_INDIRECTBR, MSSA_OP_INVOKE,
  MSSA_OP_RESUME, MSSA_OP_UNREACHABLE, MSSA_OP_CLEANUPRET, MSSA_OP_CATCHRET,
  MSSA_OP_CATCHSWITCH, MSSA_OP_CALLBR,
  /* unary / binary */
  MSSA_OP_FNEG, MSSA_OP_ADD, MSSA_OP_FADD, MSSA_OP_SUB, MSSA_OP_FSUB,
  MSSA_OP_MUL, MSSA_OP_FMUL, MSSA_OP_UDIV, MSSA_OP_SDIV, MSSA_OP_FDIV,
  MSSA_OP_UREM, MSSA_OP_SREM, MSSA_OP_FREM, MSSA_OP_SHL, MSSA_OP_LSHR,
  MSSA_OP_ASHR, MSSA_OP_AND, MSSA_OP_OR, MSSA_OP_XOR,
  /* memory */
  MSSA_OP_ALLOCA, MSSA_OP_LOAD, MSSA_OP_STORE, MSSA_OP_GEP, MSSA_OP_FENCE,
  MSSA_OP_CMPXCHG, MSSA_OP_ATOMICRMW,
  /* casts */
  MSSA_OP_TRUNC, MSSA_OP_ZEXT, MSSA_OP_SEXT, MSSA_OP_FPTOUI, MSSA_OP_FPTOSI,
  MSSA_OP_UITOFP, MSSA_OP_SITOFP, MSSA_OP_FPTRUNC, MSSA_OP_FPEXT,
  MSSA_OP_PTRTOINT, MSSA_OP_INTTOPTR, MSSA_OP_BITCAST, MSSA_OP_ADDRSPACECAST,
  /* other */
  MSSA_OP_ICMP, MSSA_OP_FCMP, MSSA_OP_PHI, MSSA_OP_CALL, MSSA_OP_SELECT,
  MSSA_OP_VAARG, MSSA_OP_EXTRACTELEMENT, MSSA_OP_INSERTELEMENT,
  MSSA_OP_SHUFFLEVECTOR, MSSA_OP_EXTRACTVALUE, MSSA_OP_INSERTVALUE,
  MSSA_OP_LANDINGPAD, MSSA_OP_CLEANUPPAD, MSSA_OP_CATCHPAD, MSSA_OP_FREEZE,
  /* added after the others so earlier numbers keep their meaning */
  MSSA_OP_PTRTOADDR,   /* cast (LLVM 22+): the address bits of a pointer */
  MSSA_OP_COUNT_
} mssa_opcode;

/*
** Operand layout by opcode (ops[i] are mssa_val):
**   ret          [value]?                        (none for `ret void`)
**   br           [dest] | [cond, iftrue, iffalse]
**   switch       [cond, default, case0val, case0dest, case1val, ...]
**   indirectbr   [address, dest0, dest1, ...]
**   invoke       [callee, arg0..argN-1, normal, unwind]
**   callbr       [callee, arg0..argN-1, default, indirect0, ...]; aux2 = #indirect
**   call         [callee, arg0..argN-1]          aux = function type of the call
**                (likewise for invoke and callbr)
**   resume       [value]; cleanupret [pad, unwind?]; catchret [pad, dest]
**   catchswitch  [parent, handler0.., unwind?]  aux = 1 if unwind? present
**   load         [ptr]                           type = loaded type
**   store        [value, ptr]                    aux = stored value's type
**   alloca       [count]?                        aux = allocated type
**   getelementptr [base, idx0, idx1, ...]        aux = source element type
**   fence        []
**   cmpxchg      [ptr, cmp, new]                 ordering = success ordering
**   atomicrmw    [ptr, value]                    aux = operation (MSSA_RMW_*)
**   casts        [value]                         aux = source type
**   icmp/fcmp    [lhs, rhs]                      aux = predicate index (LLVM's
**                                                CmpInst::Predicate; icmp: MSSA_ICMP_*)
**   phi          [value0, block0, value1, block1, ...]
**   select       [cond, iftrue, iffalse]
**   va_arg       [va_list ptr]
**   extractvalue [agg, idx consts...]; insertvalue [agg, val, idx consts...]
**   others       their operands in textual order
*/

/* icmp predicates as aux holds them: LLVM's CmpInst::Predicate numbers. */
enum {
  MSSA_ICMP_EQ = 32, MSSA_ICMP_NE = 33, MSSA_ICMP_UGT = 34, MSSA_ICMP_UGE = 35,
  MSSA_ICMP_ULT = 36, MSSA_ICMP_ULE = 37, MSSA_ICMP_SGT = 38, MSSA_ICMP_SGE = 39,
  MSSA_ICMP_SLT = 40, MSSA_ICMP_SLE = 41
};

enum {
  MSSA_IF_VOLATILE = 1,    /* load/store/cmpxchg/atomicrmw/memory intrinsic call */
  MSSA_IF_INBOUNDS = 2,    /* getelementptr */
  MSSA_IF_TAIL = 4,        /* call: tail/musttail */
  MSSA_IF_BUNDLES = 8,     /* call/invoke: has operand bundles */
  MSSA_IF_INVARIANT_LOAD = 16, /* load: !invariant.load */
  MSSA_IF_WEAK = 32,       /* cmpxchg weak */
  MSSA_IF_INLINEASM = 64,  /* call: callee is inline asm */
  MSSA_IF_INVARIANT_GROUP = 128 /* load/store: !invariant.group */
};

/* Operator flags of an instruction (mssa_inst.opflags) or a constant
** expression (mssa_const.flags, which also keeps MSSA_IF_INBOUNDS): wrap
** flags, `exact`, `nneg` (zext, uitofp), `disjoint` (or), `samesign`
** (icmp), and getelementptr's no-wrap flags (`inbounds` implies nusw, as
** in LLVM). Fast-math flags are not kept. */
enum {
  MSSA_OF_NUW = 1,
  MSSA_OF_INBOUNDS = 2,     /* == MSSA_IF_INBOUNDS */
  MSSA_OF_NSW = 4,
  MSSA_OF_NUSW = 8,
  MSSA_OF_EXACT = 16,
  MSSA_OF_NNEG = 32,
  MSSA_OF_DISJOINT = 64,
  MSSA_OF_SAMESIGN = 128
};

/* atomicrmw operations (mssa_inst.aux). */
enum {
  MSSA_RMW_XCHG, MSSA_RMW_ADD, MSSA_RMW_SUB, MSSA_RMW_AND, MSSA_RMW_NAND, MSSA_RMW_OR,
  MSSA_RMW_XOR, MSSA_RMW_MAX, MSSA_RMW_MIN, MSSA_RMW_UMAX, MSSA_RMW_UMIN, MSSA_RMW_FADD,
  MSSA_RMW_FSUB, MSSA_RMW_FMAX, MSSA_RMW_FMIN,
  /* LLVM 15+ */
  MSSA_RMW_UINC_WRAP, MSSA_RMW_UDEC_WRAP, MSSA_RMW_FMAXIMUM, MSSA_RMW_FMINIMUM,
  MSSA_RMW_USUB_COND, MSSA_RMW_USUB_SAT, MSSA_RMW_FMAXIMUMNUM, MSSA_RMW_FMINIMUMNUM,
  MSSA_RMW_COUNT_
};

/* Atomic orderings, in LLVM's AtomicOrdering numbering. */
enum {
  MSSA_AO_NOTATOMIC = 0, MSSA_AO_UNORDERED = 1, MSSA_AO_MONOTONIC = 2,
  MSSA_AO_ACQUIRE = 4, MSSA_AO_RELEASE = 5, MSSA_AO_ACQREL = 6, MSSA_AO_SEQCST = 7
};

typedef struct mssa_inst {
  uint32_t block;    /* owning block id; MSSA_NONE when removed */
  uint32_t prev, next; /* neighbours in the block; MSSA_NONE at the ends */
  uint16_t opcode;   /* mssa_opcode */
  uint8_t flags;     /* MSSA_IF_* */
  uint8_t ordering;  /* MSSA_AO_* (cmpxchg: success ordering) */
  uint32_t type;     /* result type id (void type when none) */
  uint32_t name;     /* interned name without '%', or MSSA_NONE if unnamed */
  uint32_t slot;     /* unnamed value number (%N) or MSSA_NONE */
  uint32_t nops;
  uint32_t ops;      /* start in func.ops */
  uint32_t aux;      /* see the operand layout above */
  uint32_t aux2;     /* callbr: number of indirect destinations, else 0 */
  uint32_t attrs;    /* call/invoke/callbr: attribute list id or MSSA_NONE */
  uint32_t align;    /* load/store/alloca/cmpxchg/atomicrmw alignment, 0 if none */
  uint32_t md_tbaa;  /* !tbaa node or MSSA_NONE */
  uint32_t md_scope; /* !alias.scope node or MSSA_NONE */
  uint32_t md_noalias; /* !noalias node or MSSA_NONE */
  uint32_t dbg;      /* !dbg DILocation node or MSSA_NONE */
  uint32_t text_off; /* span of the instruction's original text in module.text */
  uint32_t text_len; /* 0 if the instruction was not read from text */
  uint16_t intrinsic; /* call: mssa_intrinsic of a direct callee, else 0 */
  uint16_t opflags;  /* MSSA_OF_* */
  uint32_t mdatt;    /* attachments other than !dbg !tbaa !alias.scope
                        !noalias (e.g. !llvm.loop !range !invariant.load
                        !srcloc): md index of a TUPLE of {STRING kind name,
                        NODE} pairs in text order, or MSSA_NONE */
} mssa_inst;

/* Intrinsics the analysis distinguishes (0 = not an intrinsic or unknown). */
typedef enum {
  MSSA_INTR_NONE = 0, MSSA_INTR_OTHER, MSSA_INTR_MEMCPY, MSSA_INTR_MEMCPY_INLINE,
  MSSA_INTR_MEMMOVE, MSSA_INTR_MEMSET, MSSA_INTR_LIFETIME_START,
  MSSA_INTR_LIFETIME_END, MSSA_INTR_INVARIANT_START, MSSA_INTR_INVARIANT_END,
  MSSA_INTR_ASSUME, MSSA_INTR_DBG_DECLARE, MSSA_INTR_DBG_VALUE,
  MSSA_INTR_DBG_LABEL, MSSA_INTR_DBG_ADDR, MSSA_INTR_NOALIAS_SCOPE_DECL,
  MSSA_INTR_PSEUDOPROBE, MSSA_INTR_LAUNDER_INVARIANT_GROUP,
  MSSA_INTR_STRIP_INVARIANT_GROUP, MSSA_INTR_OBJECTSIZE, MSSA_INTR_EXPECT,
  MSSA_INTR_STACKSAVE, MSSA_INTR_STACKRESTORE, MSSA_INTR_SIDEEFFECT,
  MSSA_INTR_MASKED_LOAD, MSSA_INTR_MASKED_STORE, MSSA_INTR_MASKED_GATHER,
  MSSA_INTR_MASKED_SCATTER, MSSA_INTR_EXPERIMENTAL_GUARD, MSSA_INTR_TRAP,
  MSSA_INTR_PREFETCH, MSSA_INTR_VASTART, MSSA_INTR_VAEND, MSSA_INTR_VACOPY,
  MSSA_INTR_PTR_ANNOTATION, MSSA_INTR_VAR_ANNOTATION,
  MSSA_INTR_ALLOW_RUNTIME_CHECK, MSSA_INTR_ALLOW_UBSAN_CHECK,   /* LLVM 19 */
  MSSA_INTR_COUNT_
} mssa_intrinsic;
/* The LLVM that added llvm.allow.{runtime,ubsan}.check: MemorySSA gives them
** no access from then on; an older LLVM calls them unknown functions. */
#define MSSA_LLVM_ALLOW_CHECK 19

/* ---------------------------------------------------------------- blocks */

typedef struct mssa_block {
  uint32_t name;     /* interned label without '%', or MSSA_NONE if unnamed */
  uint32_t slot;     /* unnamed block number or MSSA_NONE */
  uint32_t first, last; /* first and last instruction ids, MSSA_NONE if empty */
  uint32_t prev, next;  /* layout neighbours, MSSA_NONE at the ends */
  uint32_t removed;  /* 1 when removed from the function */
} mssa_block;

typedef struct mssa_arg {
  uint32_t name;     /* interned, or MSSA_NONE */
  uint32_t slot;     /* unnamed number or MSSA_NONE */
  uint32_t type;
  uint32_t attrs;    /* MSSA_A_* bits */
  uint64_t deref;    /* dereferenceable(N) bytes, 0 if not given */
  uint32_t align;    /* `align N` parameter attribute, 0 if not given */
  uint32_t caps;     /* MSSA_CAP_* components it may be captured with */
} mssa_arg;

/* ---------------------------------------------------------- debug records */

/* Debug records (LLVM 19+ `#dbg_value(...)` lines): not instructions -- they
** take no number and touch no memory -- but they name source variables and
** locations. LLVM attaches each to the instruction that follows it. */
typedef enum {
  MSSA_DBG_DECLARE, MSSA_DBG_VALUE, MSSA_DBG_ASSIGN, MSSA_DBG_LABEL, MSSA_DBG_DECLARE_VALUE
} mssa_dbg_kind;

typedef struct mssa_dbg_record {
  uint32_t inst;     /* id of the instruction it precedes (a removed one
                        after edits: the record then precedes its place) */
  uint32_t kind;     /* mssa_dbg_kind */
  uint32_t var;      /* md index: DILocalVariable (LABEL: DILabel) */
  uint32_t expr;     /* md index: DIExpression; MSSA_NONE for labels */
  uint32_t loc;      /* md index: the DILocation */
  uint32_t arg;      /* md index: the location operand as metadata (a VALUE
                        wrapper, a DIArgList or a node); MSSA_NONE for labels */
  mssa_val addr;     /* the value `arg` wraps (DECLARE: the variable's
                        address), MSSA_VAL_NONE when it wraps none */
  uint32_t assign_id;   /* ASSIGN: md index of the DIAssignID, else MSSA_NONE */
  uint32_t assign_addr; /* ASSIGN: md index of the address operand */
  uint32_t assign_expr; /* ASSIGN: md index of the address expression */
  uint32_t text_off, text_len; /* span of `#dbg_...(...)` in module.text */
} mssa_dbg_record;

/* ------------------------------------------------------------- functions */

typedef struct mssa_func {
  uint32_t name;       /* interned, without '@' */
  uint32_t type;       /* function type id */
  uint32_t attrs;      /* attribute list id or MSSA_NONE */
  uint32_t intrinsic;  /* mssa_intrinsic for llvm.* declarations */
  uint8_t is_decl;     /* 1 for `declare` */
  uint8_t linkage;     /* MSSA_LINK_* as written (external when none) */
  uint8_t pad_[2];
  uint32_t nargs;
  mssa_arg *args;
  MSSA_VEC(mssa_block) blocks;
  MSSA_VEC(mssa_inst) insts;
  MSSA_VEC(mssa_val) ops;
  uint32_t entry;      /* entry block id (first in layout), MSSA_NONE for decls */
  uint32_t first_block, last_block; /* layout list */
  uint32_t head_off, head_len; /* text of the `define ... {` line(s) */
  uint32_t line;       /* 1-based line of `define` in the module text */
  uint32_t md_dbg;     /* !dbg DISubprogram or MSSA_NONE */
  void *data;          /* for the owner (e.g. MemorySSA of this function) */
  uint32_t ptype;      /* type of the value @f itself (pointer to `type`) */
  uint32_t mdatt;      /* all function attachments, as mssa_global.mdatt */
  MSSA_VEC(mssa_dbg_record) dbg; /* debug records in text order */
} mssa_func;

/* Linkage of a global or function as written (what a linker needs to
** resolve symbols across modules, ipa/). */
enum {
  MSSA_LINK_EXTERNAL = 0, MSSA_LINK_INTERNAL, MSSA_LINK_PRIVATE, MSSA_LINK_WEAK,
  MSSA_LINK_WEAK_ODR, MSSA_LINK_LINKONCE, MSSA_LINK_LINKONCE_ODR, MSSA_LINK_COMMON,
  MSSA_LINK_EXTERN_WEAK, MSSA_LINK_AVAILABLE_EXTERNALLY, MSSA_LINK_APPENDING
};

/* --------------------------------------------------------------- globals */

typedef struct mssa_global {
  uint32_t name;       /* interned, without '@' */
  uint32_t type;       /* value type (the pointee) */
  uint32_t init;       /* mssa_val initializer, MSSA_VAL_NONE for external */
  uint8_t is_const;    /* `constant` rather than `global` */
  uint8_t is_alias;    /* alias/ifunc: init is the aliasee */
  uint8_t is_decl;     /* external declaration (no initializer) */
  uint8_t linkage;     /* MSSA_LINK_* as written (external when none) */
  uint32_t addrspace;
  uint32_t align;
  uint32_t ptype;      /* type of the value @g itself (pointer to `type`) */
  uint32_t mdatt;      /* metadata attachments (`, !dbg !5`): md index of a
                          TUPLE of {STRING kind name, NODE} pairs in text
                          order, or MSSA_NONE */
} mssa_global;

/* ------------------------------------------------------------ datalayout */

typedef struct mssa_datalayout {
  uint8_t big_endian;
  uint32_t ptr_size;      /* bytes, address space 0 */
  uint32_t ptr_align;     /* bytes */
  uint32_t int_align[8];  /* ABI align for i1/i8/i16/i32/i64/i128 by log2 slot */
  uint32_t f16_align, f32_align, f64_align, f80_align, f128_align;
  uint32_t vec64_align, vec128_align;
  uint32_t agg_align;
  uint32_t stack_align;
  /* The full LLVM alignment table (what the fields above summarize):
  ** entries {kind 'i'/'f'/'v'/'a', bit width, abi bytes, pref bytes},
  ** kept sorted by (kind, width) like DataLayout::Alignments. */
  uint32_t nalign;
  struct { uint8_t kind; uint32_t bits, abi, pref; } aligns[32];
  /* pointer specs per address space: {as, size bytes, abi, pref}; entry 0
  ** is address space 0. */
  uint32_t nptr;
  struct { uint32_t as, size, abi, pref; } ptrs[16];
} mssa_datalayout;

/* ---------------------------------------------------------------- module */

typedef struct mssa_module {
  void *data;               /* for the owner */
  char *path;               /* file name used in diagnostics (owned) */
  char *text;               /* the module text (owned, NUL-terminated) */
  size_t text_len;
  size_t text_mapped;       /* text is a file mapping of this length
                               (base/filemap.h), or 0: a malloc'ed block */
  mssa_datalayout dl;
  mssa_strtab strs;
  MSSA_VEC(mssa_type) types;
  MSSA_VEC(uint32_t) tlist;   /* struct fields / function params */
  MSSA_VEC(uint64_t) toffs;   /* struct field offsets */
  MSSA_VEC(mssa_const) consts;
  MSSA_VEC(mssa_val) cops;
  MSSA_VEC(mssa_md) md;
  MSSA_VEC(mssa_mdop) mdops;
  MSSA_VEC(mssa_attrlist) attrlists;
  MSSA_VEC(uint32_t) pattrs;
  MSSA_VEC(uint8_t) pcaps;    /* per parameter, beside pattrs: MSSA_CAP_* */
  MSSA_VEC(mssa_global) globals;
  MSSA_VEC(mssa_func) funcs;
  uint32_t t_void, t_i1, t_i8, t_i32, t_i64, t_ptr, t_label, t_md; /* common types */
  uint8_t opaque_ptrs;      /* the text used `ptr` (LLVM 14 -opaque-pointers) */
  /* Which LLVM the module is read as (see mssa_module_llvm_version), and
  ** the evidence the reader found for it: */
  uint8_t llvm_version;     /* 14..22: the semantics that apply */
  uint8_t llvm_detected;    /* what the reader decided from the text */
  uint8_t llvm_ident;       /* clang major version !llvm.ident names, 0 if none */
  uint8_t llvm_syntax_version; /* newest LLVM whose syntax the text uses (>= 14) */
  uint8_t llvm_requested;   /* llvm_version was set by mssa_module_set_llvm_version */
  uint32_t llvm_syntax;     /* MSSA_SYN_* bits seen */
  MSSA_VEC(mssa_mdop) named_md; /* `!name = !{...}` in text order: pairs
                               {STRING name, NODE tuple of its operands} */
  mssa_u32vec md_canon;     /* md index -> the node LLVM would unique it to
                               (structurally equal non-distinct nodes are
                               one node in LLVM: `!2 = !{}` and `!7 = !{}`) */
  mssa_u32vec md_kinds;     /* attachment kind names (string ids) in order of
                               first appearance: custom kinds get LLVM kind
                               ids in this order after the fixed ones */
  /* The reader's numbering tables, kept so parts of a new text can be
  ** parsed into this module later (retext.h): */
  mssa_u32vec mdnum;        /* `!N` of the text -> md index (MSSA_NONE
                               where N is not defined); empty when the
                               numbers are too sparse for an array */
  mssa_u64map mdnum_sparse; /* the same table as a map when mdnum is empty
                               (too sparse), for the printer */
  mssa_u64map agnum;        /* `#N` of the text -> index into agbits */
  mssa_u64map gnames;       /* global names: name id, or (1 << 40) | N for
                               `@N` -> mssa_val (GLOBAL or FUNC) */
  mssa_u32vec agbits;       /* attribute group -> its function MSSA_A_* bits */
  mssa_u32vec agmem;        /* attribute group -> its memory effects */
  struct mssa_textmap *tmap; /* shape of `text` (reader/retext.h), or NULL */
  void (*tmap_free)(struct mssa_textmap *); /* frees tmap: set by the reader,
                               which owns the map's type (the IR does not) */
  void *print_cache;        /* the printer's tables for this module (metadata
                               and attribute-group numbering), or NULL */
  void (*print_cache_free)(void *); /* frees print_cache: set by the printer */
} mssa_module;

/* ------------------------------------------------------------------- API */

/* A diagnostic: FILE:LINE:COL: error: MSG. */
typedef struct mssa_diag {
  char file[256];
  uint32_t line, col;   /* 1-based */
  char msg[512];
} mssa_diag;


/* Frees a module (made by the reader, reader/reader.h); NULL is a no-op. */
void mssa_module_free(mssa_module *m);
/* Formats "FILE:LINE:COL: error: MSG" into buf. */
void mssa_diag_format(const mssa_diag *d, char *buf, size_t cap);

static inline const char *mssa_str(const mssa_module *m, uint32_t id) {
  return mssa_strtab_get(&m->strs, id);
}
static inline const mssa_type *mssa_type_get(const mssa_module *m, uint32_t t) {
  return &m->types.a[t];
}
static inline const mssa_val *mssa_inst_ops(const mssa_func *f, const mssa_inst *i) {
  /* An empty pool is NULL, and NULL + 0 is undefined in C. */
  return f->ops.a ? f->ops.a + i->ops : NULL;
}
static inline const mssa_const *mssa_const_get(const mssa_module *m, mssa_val v) {
  return &m->consts.a[MSSA_VAL_INDEX(v)];
}

/* Type of any value; MSSA_NONE for blocks/metadata without a type. */
uint32_t mssa_val_type(const mssa_module *m, const mssa_func *f, mssa_val v);
/* True for terminator opcodes. */
bool mssa_opcode_is_terminator(unsigned op);
const char *mssa_opcode_name(unsigned op);
/* The direct callee of a call/invoke/callbr (looking through pointer
** bitcasts of a function), or MSSA_NONE. */
uint32_t mssa_call_callee(const mssa_module *m, const mssa_func *f, const mssa_inst *i);
/* Number of call arguments of a call/invoke/callbr. */
uint32_t mssa_call_nargs(const mssa_inst *i);
/* Parameter attributes of argument `argno` at a call site: the call site's
** own plus, for a direct callee, the callee declaration's. */
uint32_t mssa_call_param_attrs(const mssa_module *m, const mssa_func *f,
                               const mssa_inst *i, uint32_t argno);
/* Function attributes of a call: call-site bits | callee bits. */
uint32_t mssa_call_fn_attrs(const mssa_module *m, const mssa_func *f, const mssa_inst *i);

/* DataLayout::getPrefTypeAlign of a sized type, in bytes (what LLParser
** gives an alloca written without `align`); the type's ABI alignment is
** mssa_type.align. */
uint32_t mssa_type_pref_align(const mssa_module *m, uint32_t type);

/* Successor blocks of a terminator, in terminator order (duplicates kept).
** Writes up to `cap` block ids to `out`; returns the total count. */
uint32_t mssa_inst_successors(const mssa_func *f, const mssa_inst *term,
                              uint32_t *out, uint32_t cap);
/* The block's terminator or MSSA_NONE. */
uint32_t mssa_block_terminator(const mssa_func *f, uint32_t b);

/* Source position of an instruction from its !dbg (file is a string id of
** the DIFile name, with directory joined if relative); false if none. With
** a location whose scope chain names no file, true with *file and *dir
** MSSA_NONE. */
bool mssa_inst_source(const mssa_module *m, const mssa_inst *i,
                      uint32_t *file, uint32_t *dir, uint32_t *line, uint32_t *col);

/* The metadata-node operands of node `md` (md indices) in LLVM's internal
** operand order -- the order SlotTracker::CreateMetadataSlot visits when it
** numbers metadata for printing. Tuples: their node operands in order;
** DILocation: scope, inlinedAt; specialized nodes: per class (DISubprogram:
** file, scope, type, unit, declaration, retainedNodes, containingType,
** templateParams, thrownTypes, annotations; ...), unknown fields last in
** text order. Strings and values are not nodes and are left out. Note LLVM
** gives DIExpression/DIArgList no slot at all (check mssa_md.tag). Writes up
** to `cap` ids; returns the total count. */
uint32_t mssa_md_node_operands(const mssa_module *m, uint32_t md, uint32_t *out, uint32_t cap);

/* LLVM's metadata numbering when print<memoryssa> prints function `func`
** (SlotTracker with ShouldInitializeAllMetadata off): globals' attachments
** and named metadata first, then the function's attachments, then per
** instruction the metadata operands of intrinsic calls and its attachments
** in kind-id order. Fills slots[md index] (caller allocates m->md.n
** entries) with the printed number, MSSA_NONE for nodes not printed with
** a number; returns the count of numbered nodes. Iterative (no recursion). */
uint32_t mssa_md_print_slots(const mssa_module *m, uint32_t func, uint32_t *slots);

/* The same numbering for printing function after function: the module
** level is numbered once (mssa_md_slots_new), then mssa_md_slots_func
** numbers one function's own metadata on top (forgetting the previous
** function's) in time linear in what that function reaches, and returns
** the count of numbered nodes. mssa_md_slot: the number node `md` prints
** with, MSSA_NONE for none. Valid while the module's metadata is
** unchanged (m->md.n nodes). */
typedef struct mssa_md_slots mssa_md_slots;
mssa_md_slots *mssa_md_slots_new(const mssa_module *m);
uint32_t mssa_md_slots_func(mssa_md_slots *st, const mssa_module *m, uint32_t func);
uint32_t mssa_md_slot(const mssa_md_slots *st, const mssa_module *m, uint32_t md);
void mssa_md_slots_free(mssa_md_slots *st);

/* LLVM versions the reader knows the syntax of. */
#define MSSA_LLVM_MIN 14
#define MSSA_LLVM_MAX 22

/* Syntax that says which LLVM wrote a module (mssa_module.llvm_syntax),
** each with the first LLVM version that has it (mssa_syntax_version). */
enum {
  MSSA_SYN_TYPED_PTR = 1u << 0,     /* `i32*` (LLVM 14; gone in 17) */
  MSSA_SYN_DBG_CALL = 1u << 1,      /* calls to llvm.dbg.* (LLVM <= 18 style) */
  MSSA_SYN_MEMORY = 1u << 2,        /* memory(...) (16) */
  MSSA_SYN_TARGET_TYPE = 1u << 3,   /* target("...") types (16) */
  MSSA_SYN_RMW_WRAP = 1u << 4,      /* atomicrmw uinc_wrap/udec_wrap (16) */
  MSSA_SYN_NOFPCLASS = 1u << 5,     /* nofpclass(...) (17) */
  MSSA_SYN_NNEG = 1u << 6,          /* zext/uitofp nneg (18) */
  MSSA_SYN_DISJOINT = 1u << 7,      /* or disjoint (18) */
  MSSA_SYN_WRITABLE = 1u << 8,      /* writable, dead_on_unwind (18) */
  MSSA_SYN_DBG_RECORD = 1u << 9,    /* #dbg_value(...) records (19) */
  MSSA_SYN_TRUNC_WRAP = 1u << 10,   /* trunc nuw/nsw (19) */
  MSSA_SYN_GEP_NOWRAP = 1u << 11,   /* getelementptr nuw/nusw (19) */
  MSSA_SYN_INRANGE = 1u << 12,      /* getelementptr inrange(a, b) (19) */
  MSSA_SYN_RANGE = 1u << 13,        /* range(...), initializes(...) (19) */
  MSSA_SYN_SPLAT = 1u << 14,        /* splat (...) constants (19) */
  MSSA_SYN_SAMESIGN = 1u << 15,     /* icmp samesign (20) */
  MSSA_SYN_RMW_SAT = 1u << 16,      /* atomicrmw usub_cond/usub_sat/fmaximum/fminimum (20) */
  MSSA_SYN_CAPTURES = 1u << 17,     /* captures(...) (21) */
  MSSA_SYN_ERRNOMEM = 1u << 18,     /* memory(errnomem: ...) (21) */
  MSSA_SYN_DEAD_ON_RETURN = 1u << 19, /* dead_on_return (21) */
  MSSA_SYN_TARGET_MEM = 1u << 20,   /* memory(target_mem0/1: ...) (22) */
  MSSA_SYN_LIFETIME_PTR = 1u << 21, /* llvm.lifetime.start(ptr) without size (22) */
  MSSA_SYN_PTRTOADDR = 1u << 22,    /* ptrtoaddr (22) */
  MSSA_SYN_RMW_NUM = 1u << 23,      /* atomicrmw fmaximumnum/fminimumnum (22) */
  MSSA_SYN_COUNT_ = 24
};
/* The first LLVM version with syntax bit `bit` (one MSSA_SYN_* value). */
unsigned mssa_syntax_version(uint32_t bit);
/* The names of the syntax bits in `bits`, comma separated, into buf. */
void mssa_syntax_names(uint32_t bits, char *buf, size_t cap);

/*
** Which LLVM the module is read as: 14 reproduces LLVM 14; 15..22 the
** current LLVM. Set by the reader from the module itself: the clang
** version named by !llvm.ident when it is 15 or newer; else 14 for typed
** pointers, llvm.dbg.* calls or an !llvm.ident naming clang 14; else the
** newest version whose syntax the module uses (14 if none newer).
*/
unsigned mssa_module_llvm_version(const mssa_module *m);
/* Overrides it (`--llvm N`): N from MSSA_LLVM_MIN to MSSA_LLVM_MAX, or 0
** for what the reader detected. Returns MSSA_OK or MSSA_EINVAL. */
int mssa_module_set_llvm_version(mssa_module *m, unsigned v);
/* How mssa_module_llvm_version was decided, one word: "requested" (set by
** mssa_module_set_llvm_version with N != 0), "ident" (!llvm.ident names
** clang N), "typed-pointers" or "dbg-calls" (marks of LLVM 14), "syntax"
** (the newest version whose syntax the module uses) or "default" (nothing
** newer than LLVM 14 seen). */
const char *mssa_module_llvm_basis(const mssa_module *m);

/* Function lookup by name; MSSA_NONE if absent. */
uint32_t mssa_module_find_func(const mssa_module *m, const char *name);

/* Computes type sizes/alignments/offsets from m->dl (called by the reader). */
void mssa_layout_compute(mssa_module *m);
/* Parses a datalayout string into *dl (unknown parts keep defaults). */
void mssa_layout_parse(mssa_datalayout *dl, const char *s, size_t n);
/* The same, for a reader that reports bad input: returns an error message
** (static string) for a malformed spec, or NULL. *dl is left with defaults
** for the bad part. */
const char *mssa_layout_parse_checked(mssa_datalayout *dl, const char *s, size_t n);
/* mssa_layout_compute, returning the id of a struct type that contains
** itself by value (LLVM: "invalid recursive type"), or MSSA_NONE. */
uint32_t mssa_layout_compute_checked(mssa_module *m);

#endif
