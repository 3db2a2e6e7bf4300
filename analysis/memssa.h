/*
** memssa.h -- the front door of the analysis library (build/libmemssa.a):
** the one header a program outside analysis/ includes.
**
**   #include "memssa.h"          (with -Ianalysis)
**
** It includes every public header of the stages, bottom to top, so a
** caller sees the whole public API (mssa_*) and nothing else: the daemon's
** protocol/ and server/, the CLI and the LSP bridge under clients/, and the
** bench programs all come in through here (tests/layers.t checks it).
**
** What it promises is about includes, so tests/layers.t checks it (rules
** 11 and 12), not an assert:
**   - nothing internal crosses: no header reachable from here is a
**     folder's *_internal.h or the reader's lexer (ll_lex.h, ll_kw.h), and
**     none declares an internal (mssa__) name;
**   - every other header of analysis/ is reachable from here, so the door
**     is the whole public API, not a part of it;
**   - pure C11, like the rest of analysis/: no libuv, no jansson.
*/
#ifndef MSSA_MEMSSA_H
#define MSSA_MEMSSA_H

/* base/: error codes, allocation, buffers, hashing, checked invariants. */
#include "base/error.h"
#include "base/util.h"
#include "base/buf.h"
#include "base/check.h"
#include "base/filemap.h"
#include "base/hashtab.h"
#include "base/oom.h"

/* ir/: the module and its in-place edits. */
#include "ir/ir.h"
#include "ir/ir_edit.h"

/* reader/ (.ll text -> IR, the text of edits) and cfg/ (dominance). */
#include "reader/reader.h"
#include "reader/retext.h"
#include "cfg/domtree.h"

/* alias/, mssa/, update/: alias analysis, MemorySSA, its exact updates. */
#include "alias/aa.h"
#include "alias/phitrans.h"
#include "mssa/mssa.h"
#include "ipa/ipa.h"
#include "update/mssa_update.h"

/* query/: the bundle and the answers built on it. */
#include "query/mssa_query.h"
#include "query/deps.h"
#include "query/dot.h"
#include "query/reach.h"
#include "query/source.h"
#include "query/varname.h"
#include "query/dwtype.h"
#include "query/refs.h"

/* memcap/: the memory cap on built graphs (memssad's --max-memory). */
#include "memcap/memcap.h"

#endif
