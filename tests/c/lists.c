/* Linked data structures on the heap: pointer chasing, insertion,
   recursion over a tree. */
#include <stdlib.h>

struct list { int value; struct list *next; };
struct tree { int key; struct tree *left, *right; };

struct list *push(struct list *head, int v) {
  struct list *n = malloc(sizeof *n);
  if (!n) return head;
  n->value = v;
  n->next = head;
  return n;
}

int length(const struct list *l) {
  int n = 0;
  for (; l; l = l->next) n++;
  return n;
}

struct list *reverse(struct list *l) {
  struct list *prev = NULL;
  while (l) {
    struct list *next = l->next;
    l->next = prev;
    prev = l;
    l = next;
  }
  return prev;
}

void free_list(struct list *l) {
  while (l) {
    struct list *n = l->next;
    free(l);
    l = n;
  }
}

struct tree *insert(struct tree *t, int key) {
  if (!t) {
    t = calloc(1, sizeof *t);
    if (t) t->key = key;
    return t;
  }
  if (key < t->key) t->left = insert(t->left, key);
  else t->right = insert(t->right, key);
  return t;
}

int depth(const struct tree *t) {
  if (!t) return 0;
  int l = depth(t->left), r = depth(t->right);
  return 1 + (l > r ? l : r);
}

void bump_all(struct tree *t, int d) {
  struct tree *stack[64];
  int sp = 0;
  if (t) stack[sp++] = t;
  while (sp > 0) {
    struct tree *n = stack[--sp];
    n->key += d;
    if (n->left && sp < 64) stack[sp++] = n->left;
    if (n->right && sp < 64) stack[sp++] = n->right;
  }
}
