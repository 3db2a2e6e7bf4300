/*
** base_compat.h -- TRANSITIONAL: the helpers of util.h under the internal
** spelling they had before they became base's public API. Lets folders not
** yet renamed build unchanged; delete this file (and its #include in
** util.h) once no folder uses the old spellings.
*/
#ifndef MSSA_BASE_COMPAT_H
#define MSSA_BASE_COMPAT_H

#define mssa__xmalloc mssa_xmalloc
#define mssa__xcalloc mssa_xcalloc
#define mssa__xrealloc mssa_xrealloc
#define mssa__xstrndup mssa_xstrndup
#define mssa__grow mssa_grow
#define mssa__vec_reserve mssa_vec_reserve
#define mssa__vec_push mssa_vec_push
#define mssa__vec_free mssa_vec_free
#define mssa__hash mssa_hash
#define mssa__hash_words mssa_hash_words
#define mssa__hash_mix mssa_hash_mix
#define mssa__now_ns mssa_now_ns

#endif
