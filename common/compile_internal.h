/*
** compile_internal.h -- what the compile driver's files share (compile.c runs
** clang, compile_policy.c decides what may run and with which flags,
** compile_util.c holds strings and paths). Not installed.
**
** Invariants:
**   1. An mssa__strv's array is NULL-terminated whenever it is non-NULL
**      (a[n] == NULL), so it can be handed to posix_spawn as it is.
**   2. Paths from mssa__cc_path_join are absolute and lexically clean (no
**      ".", "..", or repeated slashes).
*/
#ifndef MSSA_COMMON_COMPILE_INTERNAL_H
#define MSSA_COMMON_COMPILE_INTERNAL_H

#include <jansson.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>
#include <time.h>

#include "compile.h"

/* A NULL-terminated vector of owned strings. */
typedef struct mssa__strv {
  char **a;
  size_t n, cap;
} mssa__strv;

void *mssa__cc_realloc(void *p, size_t n);   /* aborts on failure */
char *mssa__cc_strdup(const char *s);
char *mssa__cc_strndup(const char *s, size_t n);
void mssa__strv_push(mssa__strv *v, const char *s);

/* `rel` made absolute against `dir` (a relative `dir` against the working
** directory), lexically normalised (invariant 2). */
char *mssa__cc_path_join(const char *dir, const char *rel);
/* realpath of an existing path, else its lexical form. */
char *mssa__cc_canon(const char *dir, const char *rel);
char *mssa__cc_dir_of(const char *path);
/* CLOCK_MONOTONIC seconds, for the time limits of what is kept. */
time_t mssa__cc_now_s(void);
/* Are a and b the stat of one unchanged file: device, inode, size, mtime
** and ctime (which moves on every write and no tool sets back)? */
bool mssa__cc_same_file(const struct stat *a, const struct stat *b);
bool mssa__cc_is_file(const char *p);
bool mssa__cc_is_dir(const char *p);

/* ------------------------------------------------ compile_db.c */

/* The realpaths of a compile_commands.json's files (compile_db.c): for
** entry i of the array, canon[i] (NULL: no directory or file). */
typedef struct mssa__ccdb {
  char *path;
  struct stat st;       /* the identity of the file they are of */
  time_t at;            /* when (CLOCK_MONOTONIC seconds) */
  size_t n;
  char **canon;
  atomic_uint refs;
} mssa__ccdb;
/* Parses the database at `db` into *root (the array; json_decref it) and
** gives its entries' realpaths in *out, those kept from an earlier look-up
** while the file is unchanged (at most 30 s), else taken now. 0, or
** MSSA_COMPILE_EDB when it is not a JSON array. Release *out with
** mssa__ccdb_release. */
int mssa__ccdb_get(const char *db, json_t **root, mssa__ccdb **out);
void mssa__ccdb_release(mssa__ccdb *d);

/* ------------------------------------------------ compile_policy.c */

/* What the policy decided about one compile command. */
typedef struct mssa__ccpolicy {
  mssa__strv keep;      /* flags that survive (invariant 1) */
  mssa__strv refused;   /* each refused flag once, with its value ("-Xclang -load") */
  mssa__strv notes;     /* other remarks (response files that were not read) */
} mssa__ccpolicy;

/* Filters argv[first..argc) (a command's flags) by the allow-list,
** expanding response files relative to `dir`. Never fails. */
void mssa__cc_filter(char *const *argv, size_t argc, size_t first, const char *dir,
                     mssa__ccpolicy *out);
void mssa__cc_policy_free(mssa__ccpolicy *p);

/* Is `exe` (an absolute path) matched by the trusted globs: the built-in
** ones, `extra` (NULL-terminated, may be NULL) and the user's config
** file? */
bool mssa__cc_trusted(const char *exe, const char *const *extra);

/* The environment clang runs in (NULL-terminated, malloc'ed; free with
** mssa_compile_argv_free): only the variables docs/editor.md lists. */
char **mssa__cc_env(void);

#endif
