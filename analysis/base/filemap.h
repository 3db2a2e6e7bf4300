/*
** filemap.h -- a whole file's bytes as one NUL-terminated text: mapped from
** the page cache where that is possible and safe, read into memory otherwise.
**
** Why map: reading a 10 MB module with read(2) copies every byte into fresh
** heap pages, and the first touch of each of those 2,500 pages is a page
** fault; a mapping shares the page cache's pages (one fault per 16 pages,
** no copy). On lua.O0.ll that is ~3 ms of a ~40 ms parse.
**
** Why it is opt-in: a mapped file that another process truncates while it is
** mapped raises SIGBUS on the next access to a page past its new end. A
** one-shot command can report that and stop (see the CLI's SIGBUS handler);
** a long-running process (the daemon, an editor's files) must not map, as
** editors save by truncating and rewriting.
**
** Pure C11 plus POSIX open/fstat/mmap where the system has them.
*/
#ifndef MSSA_FILEMAP_H
#define MSSA_FILEMAP_H

#include <stddef.h>

/* A file's text: text[len] == 0. `mapped` is the mapping's length, or 0 when
** `text` is a malloc'ed block. */
typedef struct mssa_filetext {
  char *text;
  size_t len;
  size_t mapped;
} mssa_filetext;

/* How to get the bytes. */
enum {
  MSSA_FILE_READ = 0,   /* read(2) into a malloc'ed block */
  MSSA_FILE_MAP = 1     /* map when the file is regular, at least
                           MSSA_FILE_MAP_MIN bytes and its size leaves room
                           for the NUL in its last page; else read */
};
#define MSSA_FILE_MAP_MIN ((size_t)1 << 20)

/* Fills *out with the file's bytes. `max` bounds the size: a larger file
** fails with errno EFBIG (as soon as its size or what was read shows it).
** Returns 0, or -1 with errno set and *out empty. */
int mssa_filetext_read(const char *path, int how, size_t max, mssa_filetext *out);
/* Lets the system take back the mapped pages wholly inside [from, to): a
** reader that has gone past them calls this so a big module does not keep
** its whole text resident. They stay readable: the next read of one maps
** the file's page again (the mapping is never written, filemap.c invariant
** 5). A no-op for a malloc'ed text (mapped == 0). */
void mssa_filetext_forget(char *text, size_t mapped, size_t from, size_t to);
/* Releases what mssa_filetext_read made (NULL text: no-op). */
void mssa_filetext_release(char *text, size_t mapped);

#endif
