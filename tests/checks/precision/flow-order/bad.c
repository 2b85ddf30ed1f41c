/* The same variable holds the destination and, on a join, the source. */
#include <string.h>

static char buf[64];
static char other[64];

void join(int c, size_t n) {
    char *p = other;
    if (c) p = buf;
    memcpy(buf, p, n); /* expect: overlapping-copy warning */
}

void shift(void) {
    char *p = buf;
    char *q = p + 4;
    memcpy(q, p, 8); /* expect: overlapping-copy error */
}

/* A field stored, then written again between the store and the copy: by a call given the
 * struct's address, or through a pointer that may point to the struct. The copy reads the
 * later value (`addr`). */
struct str {
    size_t len;
    char *data;
};

static char pool[4096];
static size_t used;

static char *pool_alloc(size_t n) {
    char *p = pool + used;
    used += n;
    return p;
}

static void point_back(struct str *s, char *to) {
    s->data = to;
}

void field_written_by_call(void) {
    struct str s;
    char addr[64];
    s.data = pool_alloc(64);
    point_back(&s, addr);
    memcpy(s.data, addr, 8); /* expect: overlapping-copy warning */
}

void field_written_through_pointer(struct str *other) {
    struct str s;
    char addr[64];
    struct str *p = other;
    if (used) p = &s;
    s.data = pool_alloc(64);
    p->data = addr; /* expect: stack-address-escape warning */
    memcpy(s.data, addr, 8); /* expect: overlapping-copy warning */
}

int main(int argc, char **argv) {
    static struct str elsewhere;
    (void)argv;
    join(argc, 8);
    shift();
    field_written_by_call();
    field_written_through_pointer(&elsewhere);
    return 0;
}
