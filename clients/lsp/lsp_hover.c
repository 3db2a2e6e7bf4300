/*
** lsp_hover.c -- memory answers in words a C programmer uses: what a write
** is ("a call to `memcpy`", never an LLVM intrinsic's name; lifetime
** markers and atomic loads are not writes), and a hover's list grouped
** (calls by callee, the other writes by line) and capped, with "and N
** more" and the command that lists them all. A list that fits is shown
** write by write.
**
** Invariants:
**   1. Nothing is left out silently: every write of the access is in one
**      entry, or counted in "and N more"; only what is never a write
**      (mssa__lsp_write_shown) is dropped, before anything is counted.
**   2. Entries come in the order of their first write (memssad's layout
**      order), so the same answer renders the same text.
**   3. Every string grows through mssa__lsp_sb_add (no fixed buffer holds
**      a list).
**   4. A program's read whose value may come from before its function
**      asks memssad once more for the writes at its callers (`at_callers`,
**      one level up), at most HOVER_MAX_CALLERS lines, the rest counted.
*/
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsp_int.h"

#define LINE_MAX_BYTES 4096
#define HOVER_MAX_CALLERS 8

void mssa__lsp_sb_add(lsp_sbuf *b, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if (b->p && b->n + (size_t)k < b->cap) {
      b->n += (size_t)k;
      return;
    }
    b->cap = (b->n + (size_t)k + 1) * 2;
    b->p = realloc(b->p, b->cap);
    if (!b->p) abort();
  }
}

void mssa__lsp_sb_code(lsp_sbuf *b, const char *code) {
  const char *fence = strchr(code, '`') ? "`` " : "`";
  const char *close = strchr(code, '`') ? " ``" : "`";
  mssa__lsp_sb_add(b, "%s%s%s", fence, code, close);
}

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '.' || c == '$' || c == '-';
}

bool mssa__lsp_callee(const char *text, char *buf, size_t cap) {
  const char *c = strstr(text, "call ");
  if (!c || (c != text && c[-1] != ' ')) return false;
  /* the callee is the first @name or %name that an argument list follows
  ** (a type such as `i32 (ptr, ...)` may come before it) */
  for (const char *p = c + 5; *p; p++) {
    if (*p != '@' && *p != '%') continue;
    const char *e = p + 1;
    while (ident_char(*e)) e++;
    if (*e != '(') continue;
    if (*p == '%') {
      snprintf(buf, cap, "%s", "");
      return true;
    }
    size_t n = (size_t)(e - p - 1);
    const char *name = p + 1;
    if (n > 5 && !strncmp(name, "llvm.", 5)) {   /* llvm.memcpy.p0.p0.i64 -> memcpy */
      name += 5;
      n = strcspn(name, ".(");
    }
    snprintf(buf, cap, "%.*s", (int)n, name);
    return true;
  }
  return false;
}

/* The variable a C expression is about: `c` of `c.flags`, `c->f`, `*c`. */
static size_t root_len(const char *v) {
  return strcspn(v, ".-[ ");
}

bool mssa__lsp_write_shown(const lsp_access *a, const lsp_site *w) {
  if (w->reads || w->lifetime == 2) return false;
  if (w->lifetime == 1) {
    const char *v = a->self.var;
    if (!v || !w->var || a->self.write) return false;
    while (*v == '*') v++;
    size_t n = root_len(v);
    return n && n == strlen(w->var) && !strncmp(v, w->var, n);
  }
  return true;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* "line 12" or "other.h:12", with the column when two writes share it. */
static void where(lsp_sbuf *b, const lsp_access *a, const lsp_site *w) {
  bool here = a->self.file && !strcmp(w->file, a->self.file);
  mssa__lsp_sb_add(b, "%s%sline %u", here ? "" : base_name(w->file), here ? "" : ":", w->line);
  for (size_t i = 0; i < a->nwrites; i++)   /* two writes on one line: say the columns */
    if (&a->writes[i] != w && a->writes[i].line == w->line && a->writes[i].file &&
        !strcmp(a->writes[i].file, w->file)) {
      mssa__lsp_sb_add(b, ":%u", w->col);
      break;
    }
}

/* One write as a bullet: its line of source and what it writes. */
static void write_entry(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a, const lsp_site *w) {
  char line[LINE_MAX_BYTES];
  if (w->param) {
    mssa__lsp_sb_add(b, "- the value the parameter ");
    mssa__lsp_sb_code(b, w->var ? w->var : "?");
    mssa__lsp_sb_add(b, " had when `%s` was entered\n", w->function ? w->function : "?");
    return;
  }
  if (!w->file) {
    mssa__lsp_sb_add(b, "- on entry to `%s`, without a source line: ",
                     w->function ? w->function : "?");
    mssa__lsp_sb_code(b, w->text ? w->text : "?");
    mssa__lsp_sb_add(b, "\n");
    return;
  }
  mssa__lsp_sb_add(b, "- ");
  if (w->changed) {   /* its line is gone from the buffer: say so, never a wrong line */
    mssa__lsp_sb_add(b, "a line changed since the last good compile (line %u then)", w->line);
  } else {
    where(b, a, w);
  }
  if (!w->changed && mssa__lsp_source_line(L, w->file, w->line, line, sizeof line)) {
    mssa__lsp_sb_add(b, ": ");
    mssa__lsp_sb_code(b, line + strspn(line, " \t"));
  }
  if (w->lifetime == 1) {
    mssa__lsp_sb_add(b, " — the start of ");
    mssa__lsp_sb_code(b, w->var);
    mssa__lsp_sb_add(b, "'s lifetime (not initialised yet)");
  } else if (w->callee && *w->callee) {
    mssa__lsp_sb_add(b, " — a call to `%s`", w->callee);
  } else if (w->callee) {
    mssa__lsp_sb_add(b, " — an indirect call");
  } else if (w->var) {
    mssa__lsp_sb_add(b, " — writes ");
    mssa__lsp_sb_code(b, w->var);
  }
  if (w->loop) mssa__lsp_sb_add(b, " (around the loop)");
  mssa__lsp_sb_add(b, "\n");
}

/* Has an earlier write of the list the same group as writes[i]: calls to
** one callee, or other writes of one line? */
static bool grouped_before(const lsp_access *a, size_t i) {
  const lsp_site *w = &a->writes[i];
  for (size_t j = 0; j < i; j++) {
    const lsp_site *x = &a->writes[j];
    if (w->callee && x->callee && *w->callee && !strcmp(w->callee, x->callee)) return true;
    if (!w->callee && !x->callee && w->file && x->file && !w->param && !x->param &&
        w->line == x->line && !strcmp(w->file, x->file))
      return true;
  }
  return false;
}

/* A group of several writes as one bullet: "calls to `f` at lines 3, 9"
** or "line 16: `…` — writes `a`, `b`". */
static void group_entry(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a, size_t i) {
  const lsp_site *w = &a->writes[i];
  size_t n = 1;
  for (size_t j = i + 1; j < a->nwrites; j++) {
    const lsp_site *x = &a->writes[j];
    n += w->callee ? *w->callee && x->callee && !strcmp(x->callee, w->callee)
                   : !x->callee && x->file && w->file && x->line == w->line &&
                         !strcmp(x->file, w->file) && !x->param;
  }
  if (n == 1) {
    write_entry(L, b, a, w);
    return;
  }
  if (w->callee) {   /* a named callee: an indirect call is never grouped */
    mssa__lsp_sb_add(b, "- %zu calls to `%s`, at lines", n, w->callee);
    const char *sep = " ";
    for (size_t j = i; j < a->nwrites; j++)
      if (a->writes[j].callee && !strcmp(a->writes[j].callee, w->callee)) {
        mssa__lsp_sb_add(b, "%s%u", sep, a->writes[j].line);
        sep = ", ";
      }
    mssa__lsp_sb_add(b, "%s\n", w->loop ? " (around the loop)" : "");
    return;
  }
  char line[LINE_MAX_BYTES];
  mssa__lsp_sb_add(b, "- line %u", w->line);
  if (mssa__lsp_source_line(L, w->file, w->line, line, sizeof line)) {
    mssa__lsp_sb_add(b, ": ");
    mssa__lsp_sb_code(b, line + strspn(line, " \t"));
  }
  mssa__lsp_sb_add(b, " — writes");
  const char *sep = " ";
  for (size_t j = i; j < a->nwrites; j++) {
    const lsp_site *x = &a->writes[j];
    if (x->callee || !x->file || x->param || x->line != w->line || strcmp(x->file, w->file))
      continue;
    mssa__lsp_sb_add(b, "%s", sep);
    mssa__lsp_sb_code(b, x->var ? x->var : "memory");
    sep = ", ";
  }
  mssa__lsp_sb_add(b, "\n");
}

/* A program's answer: the writes inside the callee the value may come from
** (through_call), each with its file and line, "in `f`" when that is not
** the callee itself. */
static void inner_entries(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a) {
  char line[LINE_MAX_BYTES];
  for (size_t i = 0; i < a->ninner; i++) {
    const lsp_site *w = &a->inner[i];
    mssa__lsp_sb_add(b, "  - inside `%s`: ", a->via);
    if (!w->file) mssa__lsp_sb_add(b, "a write without a source line");
    else if (w->changed) mssa__lsp_sb_add(b, "%s, a line changed since the last save", base_name(w->file));
    else mssa__lsp_sb_add(b, "%s:line %u", base_name(w->file), w->line);
    if (w->file && !w->changed && mssa__lsp_source_line(L, w->file, w->line, line, sizeof line)) {
      mssa__lsp_sb_add(b, ": ");
      mssa__lsp_sb_code(b, line + strspn(line, " \t"));
    }
    if (w->function && strcmp(w->function, a->via)) mssa__lsp_sb_add(b, " (in `%s`)", w->function);
    mssa__lsp_sb_add(b, "\n");
  }
  if (a->inner_truncated) mssa__lsp_sb_add(b, "  - … (more inside `%s`)\n", a->via);
}

/* A source position of memssad's answer as a site, its line mapped to the
** buffer's when the file is open, as lsp_reach.c maps its sites (which
** this file may not call: lsp_reach.c calls it). */
static lsp_site site_of(mssa__lsp *L, json_t *src) {
  lsp_site s = {.file = (char *)json_string_value(json_object_get(src, "file")),
                .line = (unsigned)json_integer_value(json_object_get(src, "line")), .inst = -1};
  for (size_t i = 0; s.file && i < L->ndocs; i++) {
    const lsp_doc *o = L->docs[i];
    if (o->unit || strcmp(o->path, s.file)) continue;
    unsigned now = s.line ? mssa__lsp_to_current(o, s.line) : 0;
    if (now) s.line = now;
    else if (s.line) s.changed = true;
    break;
  }
  return s;
}

/* One line of at_callers: write w before a call, or (w NULL) a call whose
** value comes from before its own function (nothing written there first). */
static void caller_line(mssa__lsp *L, lsp_sbuf *b, json_t *call, json_t *w) {
  const char *fn = json_string_value(json_object_get(call, "function"));
  lsp_site c = site_of(L, json_object_get(call, "source"));
  lsp_site x = site_of(L, json_object_get(w, "source"));
  char text[LINE_MAX_BYTES];
  mssa__lsp_sb_add(b, "  - at callers: ");
  if (!w) mssa__lsp_sb_add(b, "from before `%s`", fn ? fn : "?");
  else if (!x.file) mssa__lsp_sb_add(b, "a write without a source line in `%s`", fn ? fn : "?");
  else if (x.changed) mssa__lsp_sb_add(b, "%s, a line changed since the last save", base_name(x.file));
  else mssa__lsp_sb_add(b, "%s line %u", base_name(x.file), x.line);
  if (x.file && !x.changed && mssa__lsp_source_line(L, x.file, x.line, text, sizeof text)) {
    mssa__lsp_sb_add(b, ": ");
    mssa__lsp_sb_code(b, text + strspn(text, " \t"));
  }
  if (c.file && !c.changed)
    mssa__lsp_sb_add(b, " (the call in `%s`, %s line %u)", fn ? fn : "?", base_name(c.file), c.line);
  mssa__lsp_sb_add(b, "\n");
}

/* A program's read of a value from before its function: the writes of the
** global at the function's callers (invariant 4). */
static void caller_entries(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a) {
  if (!a->unit || !a->module || !a->self.function || a->self.inst < 0 || a->self.write) return;
  json_t *r, *p = json_pack("{sssssssI}", "module", a->module, "unit", a->unit, "function",
                            a->self.function, "inst", (json_int_t)a->self.inst);
  if (mssa__lsp_call(L, "clobber", p, &r)) {
    json_decref(r);
    return;
  }
  json_t *up = json_object_get(r, "at_callers");
  size_t shown = 0, left = 0, i, k;
  json_t *call, *w;
  json_array_foreach(json_object_get(up, "calls"), i, call) {
    json_t *ws = json_object_get(call, "writes");
    json_array_foreach(ws, k, w) {
      if (shown == HOVER_MAX_CALLERS) {
        left++;
        continue;
      }
      caller_line(L, b, call, w);
      shown++;
    }
    if (!json_is_true(json_object_get(call, "entry")) || json_array_size(ws)) continue;
    if (shown == HOVER_MAX_CALLERS) {
      left++;
      continue;
    }
    caller_line(L, b, call, NULL);
    shown++;
  }
  if (left) mssa__lsp_sb_add(b, "  - and %zu more at callers\n", left);
  if (json_is_true(json_object_get(up, "truncated"))) mssa__lsp_sb_add(b, "  - … (more at callers)\n");
  json_decref(r);
}

void mssa__lsp_hover_access(mssa__lsp *L, lsp_sbuf *b, const lsp_access *a, size_t cap) {
  const char *fn = a->self.function ? a->self.function : "?";
  mssa__lsp_sb_add(b, "**%s ", a->self.write ? "write to" : "read of");
  mssa__lsp_sb_code(b, a->self.var ? a->self.var : "memory");
  mssa__lsp_sb_add(b, "** in `%s`, line %u — %s\n\n", fn, a->self.line,
                   a->self.write ? "overwrites the value written at:"
                                 : "may read the value written at:");
  /* a short list is shown write by write; a long one is grouped first */
  bool group = cap && a->nwrites > cap;
  size_t shown = 0, left = 0;
  for (size_t i = 0; i < a->nwrites; i++) {
    if (group && grouped_before(a, i)) continue;
    if (cap && shown == cap) {
      left++;
      continue;
    }
    if (group) group_entry(L, b, a, i);
    else write_entry(L, b, a, &a->writes[i]);
    const lsp_site *w = &a->writes[i];
    if (a->via && w->callee && !strcmp(w->callee, a->via)) inner_entries(L, b, a);
    shown++;
  }
  if (left)
    mssa__lsp_sb_add(b, "- and %zu more (the command `memssa.writes` lists them all)\n", left);
  if (a->entry) {
    mssa__lsp_sb_add(
        b, "- before `%s` was entered (a parameter, a global, or memory its caller wrote)\n", fn);
    caller_entries(L, b, a);
  }
  if (a->truncated) mssa__lsp_sb_add(b, "- … (more: the list was cut short)\n");
  if (!a->nwrites && !a->entry) mssa__lsp_sb_add(b, "- nothing in this function\n");
}
