/* Structs, nested struct fields, arrays of structs, unions, bitfields. */
struct point { int x, y; };
struct rect { struct point lo, hi; int tag; };
struct node { struct rect box; struct node *next; short kind; char name[8]; };

union number { int i; float f; unsigned char bytes[4]; };

struct flags {
  unsigned a : 3;
  unsigned b : 5;
  unsigned c : 1;
  int value;
};

int area(struct rect *r) {
  int w = r->hi.x - r->lo.x;
  int h = r->hi.y - r->lo.y;
  r->tag = w * h;
  return r->tag + r->lo.x;
}

void grow(struct rect *r, int d) {
  r->lo.x -= d;
  r->lo.y -= d;
  r->hi.x += d;
  r->hi.y += d;
}

int walk(struct node *n) {
  int total = 0;
  while (n) {
    total += n->box.hi.x + n->kind;
    n->name[0] = 'v';
    n = n->next;
  }
  return total;
}

int centers(struct point *pts, int n) {
  struct point acc = {0, 0};
  for (int i = 0; i < n; i++) {
    acc.x += pts[i].x;
    acc.y += pts[i].y;
  }
  return acc.x * 31 + acc.y;
}

unsigned pun(float f) {
  union number u;
  u.f = f;
  u.bytes[3] ^= 0x80;
  return (unsigned)u.i;
}

int bits(struct flags *fl, int v) {
  fl->a = v;
  fl->b = v >> 3;
  fl->c = 1;
  fl->value = fl->a + fl->b;
  return fl->value + fl->c;
}

struct rect make_rect(int x0, int y0, int x1, int y1) {
  struct rect r = {{x0, y0}, {x1, y1}, 0};
  grow(&r, 1);
  return r;
}
