/*
** test_reader_mapped.c -- reading a mapped module (the CLI's --local
** commands) gives the pages of text behind the reader back to the system
** as it goes (ll_read.c forget_read_text), and still builds the module a
** heap copy of the text builds; what was given back reads as the file's
** bytes; an edit's text moves a mapped module's text to the heap.
**
** The module is written here: ~4.5 MB of functions that use one struct
** type by name and as a typed pointer, and debug metadata whose field names
** repeat -- what the reader remembers spellings of (invariant: it must not
** compare against text it has given back, or it maps it again).
*/
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ir/ir.h"
#include "ir/ir_edit.h"
#include "module_same.h"
#include "reader/reader.h"
#include "tap.h"

#define NFUNCS 8000
#define PAGE 4096u
/* ll_read.c gives back text in steps of 1 MiB; what may stay mapped after
** a parse: one step, the last entity, and one fault-around window. */
#define RESIDENT_MAX ((size_t)1536 << 10)

static void write_module(FILE *fp) {
  fputs("%struct.S = type { i32, ptr }\n"
        "%struct.T = type { i64, %struct.S* }\n\n", fp);
  for (int i = 0; i < NFUNCS; i++) {
    fprintf(fp,
            "define i32 @f%d(%%struct.T* %%t, i32 %%x) !dbg !%d {\n"
            "entry:\n"
            "  %%a = alloca %%struct.S, align 8\n"
            "  %%p = getelementptr inbounds %%struct.T, %%struct.T* %%t, i32 0, i32 1\n"
            "  %%s = load %%struct.S*, %%struct.S** %%p, align 8, !dbg !%d\n"
            "  %%q = getelementptr inbounds %%struct.S, %%struct.S* %%s, i32 0, i32 0\n"
            "  store i32 %%x, i32* %%q, align 4, !dbg !%d\n"
            "  %%v = load i32, i32* %%q, align 4, !dbg !%d\n"
            "  ret i32 %%v\n"
            "}\n\n",
            i, 10 + 3 * i, 11 + 3 * i, 12 + 3 * i, 11 + 3 * i);
  }
  fputs("!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!3}\n"
        "!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: \"t\", "
        "isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
        "!1 = !DIFile(filename: \"t.c\", directory: \"/tmp\")\n"
        "!2 = !DISubroutineType(types: !{null})\n"
        "!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n", fp);
  for (int i = 0; i < NFUNCS; i++) {
    int sp = 10 + 3 * i;
    fprintf(fp,
            "!%d = distinct !DISubprogram(name: \"f%d\", scope: !1, file: !1, line: %d, "
            "type: !2, scopeLine: %d, spFlags: DISPFlagDefinition, unit: !0)\n"
            "!%d = !DILocation(line: %d, column: 3, scope: !%d)\n"
            "!%d = !DILocation(line: %d, column: 7, scope: !%d)\n",
            sp, i, i + 1, i + 1, sp + 1, i + 1, sp, sp + 2, i + 1, sp);
  }
}

/* Bytes of [p, p + len) mapped in this process now (/proc/self/pagemap's
** present bit), or -1 when that cannot be read. */
static long resident(const char *p, size_t len) {
  int fd = open("/proc/self/pagemap", O_RDONLY);
  if (fd < 0) return -1;
  uintptr_t first = (uintptr_t)p / PAGE, last = ((uintptr_t)p + len - 1) / PAGE;
  long n = 0;
  for (uintptr_t pg = first; pg <= last; pg++) {
    uint64_t e;
    if (pread(fd, &e, sizeof e, (off_t)(pg * sizeof e)) != (ssize_t)sizeof e) { n = -1; break; }
    if (e >> 63) n += PAGE;
  }
  close(fd);
  return n;
}

int main(void) {
  no_plan();
  char path[] = "/tmp/memssa-mapped-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) skip_all("no temporary file");
  FILE *fp = fdopen(fd, "w");
  write_module(fp);
  long size = ftell(fp);
  if (size % PAGE == 0) fputc('\n', fp), size++;   /* filemap.c maps only such sizes */
  fclose(fp);
  ok(size > 4 * (1 << 20), "the module is %ld bytes, over 4 MiB", size);

  mssa_module *mapped = NULL, *heap = NULL;
  mssa_diag d;
  ok(mssa_module_parse_file_mapped(path, &mapped, &d) == MSSA_OK && mapped->text_mapped,
     "read mapped");
  ok(mssa_module_parse_file(path, &heap, &d) == MSSA_OK && !heap->text_mapped, "read into the heap");
  if (!mapped || !heap) { unlink(path); return done_testing(); }
  const char *diff = difference(mapped, heap);
  ok(!diff, "the mapped read builds the heap read's module");
  if (diff) diag("differs in: %s", diff);
  ok(mapped->funcs.n == NFUNCS, "%u functions", mapped->funcs.n);

  long res = resident(mapped->text, mapped->text_len);
  if (res < 0) {
    skip(2, "/proc/self/pagemap unreadable");
  } else {
    ok((size_t)res <= RESIDENT_MAX, "after the read %ld KiB of the %ld KiB text stay mapped (at most %zu)",
       res >> 10, size >> 10, RESIDENT_MAX >> 10);
    /* the first spellings of %struct.T, %struct.S* and the DI field names
    ** are in the first MiB; hits on them must not map it again */
    long head = resident(mapped->text, (size_t)1 << 20);
    ok(head == 0, "none of the first MiB, where the remembered spellings were read (%ld KiB)", head >> 10);
  }
  ok(memcmp(mapped->text, heap->text, heap->text_len) == 0,
     "what was given back reads as the file's bytes");

  /* an instruction's new text: a mapping cannot grow, so it moves */
  mssa_func *f = &mapped->funcs.a[0];
  ok(mssa_ir_set_text(mapped, f, 0, "%a = alloca i64", 15) == MSSA_OK, "set an instruction's text");
  ok(!mapped->text_mapped, "the text moved to the heap");
  ok(mapped->text_len == heap->text_len + 16 && memcmp(mapped->text, heap->text, heap->text_len) == 0 &&
     !strcmp(mapped->text + heap->text_len, "\n%a = alloca i64"),
     "the module's text kept, the new text after it");
  ok(f->insts.a[0].text_off == heap->text_len + 1 && f->insts.a[0].text_len == 15,
     "the instruction's span names the new text");

  mssa_module_free(mapped);
  mssa_module_free(heap);
  unlink(path);
  return done_testing();
}
