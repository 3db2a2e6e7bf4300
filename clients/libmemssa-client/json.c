/*
** json.c -- the client library's small JSON reader (a DOM), so that a
** compiler linking libmemssa-client needs nothing else.
**
** Invariants:
**   1. Recursion depth is bounded (MAX_DEPTH); any input either parses or
**      yields NULL, without reading past `len`.
**   2. Strings are decoded (\uXXXX with surrogate pairs to UTF-8) into
**      NUL-terminated copies; a string holding \u0000 is cut there.
**   3. Accessors are NULL-safe, so lookups chain without checks.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "memssa-client.h"

#define MAX_DEPTH 512

struct memssa_json {
  memssa_json_type type;
  double num;
  char *str;                /* STRING */
  size_t n, cap;            /* ARRAY/OBJECT */
  char **keys;              /* OBJECT */
  memssa_json **items;
};

typedef struct jp {
  const char *s;
  size_t i, len;
  int depth;
  int fail;
} jp;

static void ws(jp *p) {
  while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' ||
                           p->s[p->i] == '\r'))
    p->i++;
}

static memssa_json *node(memssa_json_type t) {
  memssa_json *v = calloc(1, sizeof *v);
  if (v) v->type = t;
  return v;
}

static int push(memssa_json *v, char *key, memssa_json *item) {
  if (v->n == v->cap) {
    size_t nc = v->cap ? v->cap * 2 : 4;
    memssa_json **ni = realloc(v->items, nc * sizeof *ni);
    if (!ni) return -1;
    v->items = ni;
    if (v->type == MEMSSA_JSON_OBJECT) {
      char **nk = realloc(v->keys, nc * sizeof *nk);
      if (!nk) return -1;
      v->keys = nk;
    }
    v->cap = nc;
  }
  if (v->type == MEMSSA_JSON_OBJECT) v->keys[v->n] = key;
  v->items[v->n++] = item;
  return 0;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int hex4(jp *p, unsigned *out) {
  if (p->len - p->i < 4) return -1;
  unsigned v = 0;
  for (int k = 0; k < 4; k++) {
    int h = hexval(p->s[p->i + k]);
    if (h < 0) return -1;
    v = v * 16 + (unsigned)h;
  }
  p->i += 4;
  *out = v;
  return 0;
}

static size_t utf8(char *o, unsigned cp) {
  if (cp < 0x80) { o[0] = (char)cp; return 1; }
  if (cp < 0x800) { o[0] = (char)(0xc0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
  if (cp < 0x10000) {
    o[0] = (char)(0xe0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    o[2] = (char)(0x80 | (cp & 0x3f)); return 3;
  }
  o[0] = (char)(0xf0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

/* At the opening quote; returns a malloc'ed decoded string or NULL. */
static char *string(jp *p) {
  p->i++;
  size_t start = p->i, n = 0;
  /* Decoded length <= raw length (escapes never grow). */
  while (p->i < p->len && p->s[p->i] != '"') {
    if (p->s[p->i] == '\\') p->i++;
    p->i++;
  }
  if (p->i >= p->len) return NULL;
  size_t end = p->i;
  char *o = malloc(end - start + 1);
  if (!o) return NULL;
  p->i = start;
  while (p->i < end) {
    char c = p->s[p->i++];
    if ((unsigned char)c < 0x20) goto bad;
    if (c != '\\') { o[n++] = c; continue; }
    c = p->s[p->i++];
    switch (c) {
    case '"': o[n++] = '"'; break;
    case '\\': o[n++] = '\\'; break;
    case '/': o[n++] = '/'; break;
    case 'b': o[n++] = '\b'; break;
    case 'f': o[n++] = '\f'; break;
    case 'n': o[n++] = '\n'; break;
    case 'r': o[n++] = '\r'; break;
    case 't': o[n++] = '\t'; break;
    case 'u': {
      unsigned cp, lo;
      if (hex4(p, &cp)) goto bad;
      if (cp >= 0xd800 && cp < 0xdc00 && p->i + 6 <= end && p->s[p->i] == '\\' &&
          p->s[p->i + 1] == 'u') {
        p->i += 2;
        if (hex4(p, &lo) || lo < 0xdc00 || lo > 0xdfff) goto bad;
        cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
      }
      if (n + 4 > end - start) goto bad;   /* cannot happen: \uXXXX is 6 bytes */
      n += utf8(o + n, cp);
      break;
    }
    default: goto bad;
    }
  }
  o[n] = 0;
  p->i = end + 1;
  return o;
bad:
  free(o);
  return NULL;
}

static memssa_json *value(jp *p);

static memssa_json *container(jp *p, bool obj) {
  if (++p->depth > MAX_DEPTH) return NULL;
  memssa_json *v = node(obj ? MEMSSA_JSON_OBJECT : MEMSSA_JSON_ARRAY);
  if (!v) return NULL;
  p->i++;
  ws(p);
  if (p->i < p->len && p->s[p->i] == (obj ? '}' : ']')) {
    p->i++;
    p->depth--;
    return v;
  }
  for (;;) {
    char *key = NULL;
    ws(p);
    if (obj) {
      if (p->i >= p->len || p->s[p->i] != '"' || !(key = string(p))) goto bad;
      ws(p);
      if (p->i >= p->len || p->s[p->i] != ':') { free(key); goto bad; }
      p->i++;
    }
    memssa_json *item = value(p);
    if (!item || push(v, key, item)) {
      free(key);
      memssa_json_free(item);
      goto bad;
    }
    ws(p);
    if (p->i < p->len && p->s[p->i] == ',') { p->i++; continue; }
    if (p->i < p->len && p->s[p->i] == (obj ? '}' : ']')) { p->i++; break; }
    goto bad;
  }
  p->depth--;
  return v;
bad:
  memssa_json_free(v);
  return NULL;
}

static memssa_json *value(jp *p) {
  ws(p);
  if (p->i >= p->len) return NULL;
  char c = p->s[p->i];
  if (c == '{' || c == '[') return container(p, c == '{');
  if (c == '"') {
    char *s = string(p);
    if (!s) return NULL;
    memssa_json *v = node(MEMSSA_JSON_STRING);
    if (!v) { free(s); return NULL; }
    v->str = s;
    return v;
  }
  static const struct { const char *w; memssa_json_type t; } lit[] = {
    {"null", MEMSSA_JSON_NULL}, {"true", MEMSSA_JSON_TRUE}, {"false", MEMSSA_JSON_FALSE}};
  for (int k = 0; k < 3; k++) {
    size_t n = strlen(lit[k].w);
    if (p->len - p->i >= n && !memcmp(p->s + p->i, lit[k].w, n)) {
      p->i += n;
      return node(lit[k].t);
    }
  }
  if (c == '-' || (c >= '0' && c <= '9')) {
    char tmp[64];
    size_t n = 0;
    while (p->i < p->len && n < sizeof tmp - 1 &&
           strchr("+-0123456789.eE", p->s[p->i]) && p->s[p->i])
      tmp[n++] = p->s[p->i++];
    tmp[n] = 0;
    char *end;
    double d = strtod(tmp, &end);
    if (*end) return NULL;
    memssa_json *v = node(MEMSSA_JSON_NUMBER);
    if (v) v->num = d;
    return v;
  }
  return NULL;
}

memssa_json *memssa_json_parse(const char *text, size_t len) {
  if (!text) return NULL;
  jp p = {text, 0, len, 0, 0};
  memssa_json *v = value(&p);
  ws(&p);
  if (v && p.i != p.len) {
    memssa_json_free(v);
    return NULL;
  }
  return v;
}

void memssa_json_free(memssa_json *v) {
  if (!v) return;
  for (size_t i = 0; i < v->n; i++) {
    memssa_json_free(v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->str);
  free(v);
}

memssa_json_type memssa_json_kind(const memssa_json *v) { return v ? v->type : MEMSSA_JSON_NULL; }

const memssa_json *memssa_json_get(const memssa_json *o, const char *key) {
  if (!o || o->type != MEMSSA_JSON_OBJECT) return NULL;
  for (size_t i = 0; i < o->n; i++)
    if (!strcmp(o->keys[i], key)) return o->items[i];
  return NULL;
}

const memssa_json *memssa_json_path(const memssa_json *v, const char *path) {
  char seg[256];
  while (v && *path) {
    size_t n = strcspn(path, ".");
    if (n >= sizeof seg) return NULL;
    memcpy(seg, path, n);
    seg[n] = 0;
    path += n + (path[n] == '.');
    if (v->type == MEMSSA_JSON_ARRAY) {
      char *end;
      unsigned long k = strtoul(seg, &end, 10);
      v = *end ? NULL : memssa_json_at(v, k);
    } else {
      v = memssa_json_get(v, seg);
    }
  }
  return v;
}

size_t memssa_json_len(const memssa_json *a) {
  return a && (a->type == MEMSSA_JSON_ARRAY || a->type == MEMSSA_JSON_OBJECT) ? a->n : 0;
}

const memssa_json *memssa_json_at(const memssa_json *a, size_t i) {
  return i < memssa_json_len(a) ? a->items[i] : NULL;
}

const char *memssa_json_key_at(const memssa_json *o, size_t i) {
  return o && o->type == MEMSSA_JSON_OBJECT && i < o->n ? o->keys[i] : NULL;
}

const char *memssa_json_str(const memssa_json *v) {
  return v && v->type == MEMSSA_JSON_STRING ? v->str : "";
}

double memssa_json_num(const memssa_json *v) {
  return v && v->type == MEMSSA_JSON_NUMBER ? v->num : 0;
}

long long memssa_json_int(const memssa_json *v) { return (long long)memssa_json_num(v); }

bool memssa_json_bool(const memssa_json *v) { return v && v->type == MEMSSA_JSON_TRUE; }

size_t memssa_json_quote(char *buf, size_t cap, const char *s) {
  size_t n = 0;
#define PUT(ch) do { if (n + 1 < cap) buf[n] = (ch); n++; } while (0)
  PUT('"');
  for (const unsigned char *q = (const unsigned char *)s; *q; q++) {
    unsigned char c = *q;
    if (c == '"' || c == '\\') { PUT('\\'); PUT((char)c); }
    else if (c == '\n') { PUT('\\'); PUT('n'); }
    else if (c == '\t') { PUT('\\'); PUT('t'); }
    else if (c == '\r') { PUT('\\'); PUT('r'); }
    else if (c < 0x20) {
      static const char hx[] = "0123456789abcdef";
      PUT('\\'); PUT('u'); PUT('0'); PUT('0'); PUT(hx[c >> 4]); PUT(hx[c & 15]);
    } else PUT((char)c);
  }
  PUT('"');
#undef PUT
  if (cap) buf[n < cap ? n : cap - 1] = 0;
  return n;
}
