/*
** dot.h -- a Graphviz drawing of a function's MemorySSA: one cluster per
** basic block (in layout order, with its CFG edges), a node per access
** (liveOnEntry, defs, uses, phis) labelled with opt's text for it, its
** source line and C variable; def-use chains (each access's defining
** access, each phi's operands) as solid edges, the walker's clobber
** answers as dashed ones where they differ from the defining access.
**
** Node names are stable for tests and tools: block `b<label>`, a def or
** phi `d<id>` (liveOnEntry is d0), a use `u<instruction id>`.
**
** Invariants:
**   1. The output is one `digraph`; every label is escaped for dot.
**   2. Asking the walker caches its answers on the graph, as the
**      print<memoryssa-walker> printer does.
**
** Pure C11; no libuv, no jansson.
*/
#ifndef MSSA_QUERY_DOT_H
#define MSSA_QUERY_DOT_H

#include <stdio.h>

#include "mssa/mssa.h"

/* Writes the drawing of graph s to f. */
void mssa_q_dot(FILE *f, mssa_ssa *s);

#endif
