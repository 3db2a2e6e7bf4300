/*
** mcp_schema.c -- a tool's arguments checked against its input schema,
** the same JSON Schema the tools/list reply shows the agent, so what is
** documented is what is enforced. Only the keywords the tool table uses
** are understood: type (a name or a list of names), properties, required,
** additionalProperties (false), minimum and maximum.
**
** Invariants:
**   1. The check walks with an explicit stack of at most MAX_FRAMES
**      frames and follows only members the schema lists, so the schema's
**      depth bounds it, never the arguments' (a value nested deeper than
**      the schema is not looked into; a stack that would overflow is a
**      refusal, not a crash).
**   2. The first mismatch is reported with its path from `arguments`
**      ("arguments.a.size must be an integer"), in the schema's
**      property order, so the same call always gets the same message.
*/
#include <stdio.h>
#include <string.h>

#include "memssa.h"
#include "mcp_internal.h"

#define MAX_FRAMES 128

/* Whether v is of the JSON Schema type `t`. */
static bool is_type(const json_t *v, const char *t) {
  if (!strcmp(t, "object")) return json_is_object(v);
  if (!strcmp(t, "string")) return json_is_string(v);
  if (!strcmp(t, "integer")) return json_is_integer(v);
  if (!strcmp(t, "number")) return json_is_number(v);
  if (!strcmp(t, "boolean")) return json_is_boolean(v);
  if (!strcmp(t, "array")) return json_is_array(v);
  return json_is_null(v) && !strcmp(t, "null");
}

/* v against the schema's type and bounds (not its members). */
static int check_scalar(const json_t *s, const json_t *v, const char *path, char *why,
                        size_t cap) {
  const json_t *t = json_object_get(s, "type");
  bool fits = !t;
  if (json_is_string(t)) fits = is_type(v, json_string_value(t));
  for (size_t i = 0; json_is_array(t) && i < json_array_size(t) && !fits; i++)
    fits = is_type(v, json_string_value(json_array_get(t, i)));
  if (!fits) {
    char names[128] = "";
    if (json_is_string(t))
      snprintf(names, sizeof names, "%s", json_string_value(t));
    for (size_t i = 0; json_is_array(t) && i < json_array_size(t); i++) {
      size_t n = strlen(names);
      snprintf(names + n, sizeof names - n, "%s%s", i ? " or " : "",
               json_string_value(json_array_get(t, i)));
    }
    snprintf(why, cap, "%s must be %s %s", path, strchr("aeiou", names[0]) ? "an" : "a", names);
    return -1;
  }
  if (json_is_integer(v)) {
    json_int_t x = json_integer_value(v);
    const json_t *lo = json_object_get(s, "minimum"), *hi = json_object_get(s, "maximum");
    if ((lo && x < json_integer_value(lo)) || (hi && x > json_integer_value(hi))) {
      snprintf(why, cap, "%s must be between %lld and %lld", path,
               lo ? (long long)json_integer_value(lo) : -(1LL << 62),
               hi ? (long long)json_integer_value(hi) : 1LL << 62);
      return -1;
    }
  }
  return 0;
}

typedef struct frame {
  const json_t *schema, *value;
  char path[256];
} frame;

int mssa__mcp_check_args(const json_t *schema, const json_t *args, char *why, size_t cap) {
  frame stack[MAX_FRAMES];
  size_t top = 0;
  stack[top].schema = schema;
  stack[top].value = args;
  snprintf(stack[top].path, sizeof stack[top].path, "arguments");
  top++;
  while (top) {
    frame f = stack[--top];
    if (check_scalar(f.schema, f.value, f.path, why, cap)) return -1;
    if (!json_is_object(f.value)) continue;
    const json_t *props = json_object_get(f.schema, "properties");
    const json_t *req = json_object_get(f.schema, "required");
    for (size_t i = 0; i < json_array_size(req); i++) {
      const char *k = json_string_value(json_array_get(req, i));
      if (!json_object_get(f.value, k)) {
        snprintf(why, cap, "%s.%s is required", f.path, k);
        return -1;
      }
    }
    if (json_is_false(json_object_get(f.schema, "additionalProperties"))) {
      const char *k;
      const json_t *x;
      json_object_foreach((json_t *)f.value, k, x) {
        if (!json_object_get(props, k)) {
          snprintf(why, cap, "%s has no member '%s' (the schema lists the members)", f.path, k);
          return -1;
        }
      }
    }
    /* Members in reverse schema order on the stack, so the first listed
    ** is checked first (invariant 2). */
    const char *keys[64];
    size_t nk = 0;
    const char *k;
    const json_t *sub;
    json_object_foreach((json_t *)props, k, sub) if (nk < 64) keys[nk++] = k;
    for (size_t i = nk; i-- > 0;) {
      const json_t *v = json_object_get(f.value, keys[i]);
      if (!v) continue;
      if (top == sizeof stack / sizeof *stack || strlen(f.path) > 200) {
        snprintf(why, cap, "%s is nested too deeply", f.path);
        return -1;
      }
      MSSA_ASSERT(top < sizeof stack / sizeof *stack);
      stack[top].schema = json_object_get(props, keys[i]);
      stack[top].value = v;
      int n = snprintf(stack[top].path, sizeof stack[top].path, "%s.%s", f.path, keys[i]);
      if (n < 0 || (size_t)n >= sizeof stack[top].path) {   /* a key too long to name */
        snprintf(why, cap, "%s has a property name too long", f.path);
        return -1;
      }
      top++;
    }
  }
  return 0;
}
