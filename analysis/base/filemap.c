/*
** filemap.c -- a whole file's bytes as one NUL-terminated text (filemap.h).
**
** Invariants:
**   1. On success text[len] == 0 and the caller owns the text, released by
**      mssa_filetext_release with the same `mapped`.
**   2. A mapping is made only for a regular file whose size is not a
**      multiple of the page size: POSIX zero-fills the rest of the last page,
**      so text[len] is a mapped 0 byte without writing to the file's pages.
**   3. A mapping is private and writable, so a stray write changes a copy of
**      a page, never the file or another process's view of it.
**   4. Everything else (pipes, small files, whole-page sizes, a failed mmap)
**      is read with stdio into a heap block, growing geometrically, so a file
**      that grows while it is read is read whole or refused as too large.
**   5. Nothing writes to a mapped text (mssa_ir_set_text moves it to the
**      heap first), so a page mssa_filetext_forget dropped reads back as the
**      file's bytes, the ones it held.
*/
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise */
#include "base/filemap.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define HAVE_MMAP 1
#endif

/* stdio's reads go in steps of at least this; a file that outgrows the size
** stat gave is read on in doubling blocks. */
#define READ_CHUNK 65536

static int read_stdio(const char *path, size_t max, mssa_filetext *out) {
  FILE *fp = fopen(path, "rb");
  if (!fp) return -1;
  char *buf = NULL;
  size_t n = 0, cap = 0;
  int err = EFBIG;
  if (fseek(fp, 0, SEEK_END) == 0) {
    /* only a hint: a directory's "size" here is not what reads give */
    long sz = ftell(fp);
    if (sz > 0 && (unsigned long)sz <= max) cap = (size_t)sz + READ_CHUNK + 1;
    if (fseek(fp, 0, SEEK_SET) != 0) cap = 0;
    if (cap) buf = mssa_xmalloc(cap), mssa_advise_huge(buf, cap);
  }
  for (;;) {
    if (n + READ_CHUNK > cap) {
      /* at most one chunk past the limit, enough to see the file pass it */
      cap = cap ? cap * 2 : 1 << 20;
      if (cap > max + (size_t)READ_CHUNK + 1) cap = max + (size_t)READ_CHUNK + 1;
      if (n + 1 >= cap) goto fail;
      buf = mssa_xrealloc(buf, cap);
    }
    size_t k = fread(buf + n, 1, cap - n - 1, fp);
    n += k;
    if (n > max) goto fail;
    if (k == 0) break;
  }
  if (ferror(fp)) {
    err = errno ? errno : EIO;
    goto fail;
  }
  fclose(fp);
  buf = buf ? mssa_xrealloc(buf, n + 1) : mssa_xmalloc(1); /* give back the slack */
  buf[n] = 0;
  out->text = buf;
  out->len = n;
  out->mapped = 0;
  return 0;
fail:
  free(buf);
  fclose(fp);
  errno = err;
  return -1;
}

#ifdef HAVE_MMAP
/* 1 and *out filled when the file was mapped; 0 to read it instead. */
static int try_map(const char *path, size_t max, mssa_filetext *out, int *err) {
  *err = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) { *err = errno; return 0; }
  struct stat st;
  long page = sysconf(_SC_PAGESIZE);
  int ok = 0;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && page > 0 &&
      (uintmax_t)st.st_size >= MSSA_FILE_MAP_MIN && (uintmax_t)st.st_size <= max &&
      st.st_size % page != 0) {
    size_t len = (size_t)st.st_size;
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (p != MAP_FAILED) {
      /* The reader goes through the text once, front to back. */
      (void)madvise(p, len, MADV_SEQUENTIAL);
      (void)madvise(p, len, MADV_WILLNEED);
      out->text = p;
      out->len = len;
      out->mapped = len;
      ok = 1;
    }
  }
  close(fd);
  return ok;
}
#endif

int mssa_filetext_read(const char *path, int how, size_t max, mssa_filetext *out) {
  out->text = NULL;
  out->len = out->mapped = 0;
#ifdef HAVE_MMAP
  if (how == MSSA_FILE_MAP) {
    int err;
    if (try_map(path, max, out, &err)) {
      assert(out->text[out->len] == 0);   /* invariant 2 */
      return 0;
    }
    if (err) { errno = err; return -1; }
  }
#else
  (void)how;
#endif
  return read_stdio(path, max, out);
}

void mssa_filetext_forget(char *text, size_t mapped, size_t from, size_t to) {
#ifdef HAVE_MMAP
  long page = sysconf(_SC_PAGESIZE);
  if (!mapped || page <= 0 || to > mapped) return;
  size_t a = (from + (size_t)page - 1) / (size_t)page * (size_t)page;
  size_t b = to / (size_t)page * (size_t)page;
  if (b > a) (void)madvise(text + a, b - a, MADV_DONTNEED);
#else
  (void)text, (void)mapped, (void)from, (void)to;
#endif
}

void mssa_filetext_release(char *text, size_t mapped) {
  if (!text) return;
#ifdef HAVE_MMAP
  if (mapped) { (void)munmap(text, mapped); return; }
#endif
  assert(!mapped);
  free(text);
}
