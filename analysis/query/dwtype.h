/*
** dwtype.h -- C types from debug info, for naming memory: the DWARF type of
** a variable, what a pointer type points to, an array's element, and the
** member of a struct at a byte offset (DW_TAG_member `offset:` in bits),
** so members are found as DWARF numbers them, not by IR field index
** (bitfields share one IR field; padding adds IR fields).
**
** Invariants:
**   1. Every walk through typedefs and qualifiers follows at most
**      MSSA_DWTYPE_STRIP links, so a malformed or cyclic chain ends.
**   2. A type that cannot be read is MSSA_NONE, never a guess.
**   3. The module is never modified.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_DWTYPE_H
#define MSSA_DWTYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

#define MSSA_DWTYPE_STRIP 16

/* The kinds of type a name is built over. */
typedef enum { MSSA_DW_OTHER, MSSA_DW_STRUCT, MSSA_DW_UNION, MSSA_DW_ARRAY, MSSA_DW_POINTER } mssa_dw_kind;

/* A string-valued field (`name: "x"`) of a specialized metadata node, read
** from its text: MSSA_OK or MSSA_ENOENT. */
int mssa_q_md_string_field(const mssa_module *m, uint32_t md, const char *field, char *buf,
                           size_t cap);
/* A node-valued field (`elements: !5`) of a specialized metadata node: its
** md index, or MSSA_NONE. */
uint32_t mssa_q_md_node_field(const mssa_module *m, uint32_t md, const char *field);

/* An unquoted field of a specialized node (`tag: DW_TAG_member`,
** `offset: 64`, `flags: DIFlagBitField`), read from its text. */
int mssa_q_md_word_field(const mssa_module *m, uint32_t md, const char *field, char *buf,
                         size_t cap);

/* Type `t` without typedefs, const, volatile, restrict and _Atomic. */
uint32_t mssa_q_dw_strip(const mssa_module *m, uint32_t t);
/* The kind of stripped type t (MSSA_DW_OTHER for MSSA_NONE). */
mssa_dw_kind mssa_q_dw_kind(const mssa_module *m, uint32_t t);
/* The `type:` of a DILocalVariable / DIGlobalVariable, stripped. */
uint32_t mssa_q_dw_var_type(const mssa_module *m, uint32_t var);
/* What pointer type t points to / array type t holds (stripped), or MSSA_NONE. */
uint32_t mssa_q_dw_pointee(const mssa_module *m, uint32_t t);
/* The size in bytes of type t (`size:` in bits), 0 if unknown. */
uint64_t mssa_q_dw_size(const mssa_module *m, uint32_t t);

/* The member of struct or union type t at byte `off` of an access of
** `size` bytes (0: any) that is a pointer (ptr 1), not one (0) or either
** (-1; among a union's members of one size the kind decides): its name
** ("rc"; bitfields sharing the bytes are "{t,e}") and its type (stripped;
** MSSA_NONE for bitfields). MSSA_OK or MSSA_ENOENT. */
int mssa_q_dw_member_at(const mssa_module *m, uint32_t t, uint64_t off, uint64_t size,
                        int ptr, char *buf, size_t cap, uint32_t *mtype);

#endif
