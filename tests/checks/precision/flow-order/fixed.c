/* Locals in SSA form: a later assignment does not flow back to an earlier copy, and one
 * temporary reused for two results keeps them apart. */
#include <stdlib.h>
#include <string.h>
#include "alias_assert.h"

static char buf[64];

void later_assignment(char *p, size_t n) {
    memcpy(buf, p, n); /* p is the caller's pointer here */
    p = buf;
    p[0] = 0;
}

void reused_temporary(size_t n) {
    char *t = malloc(n);
    char *first = t;
    t = malloc(n);
    char *second = t;
    if (first == NULL || second == NULL) return;
    NOALIAS(first, second);
    memcpy(second, first, n);
    free(first);
    free(second);
}

void other_branch(int c, size_t n) {
    static char in[64], out[64];
    char *src = in;
    char *dst;
    if (c)
        dst = out;
    else
        dst = malloc(n);
    NOALIAS(dst, src);
    memcpy(dst, src, n);
}

/* A field of a local struct stored again before the copy, with nothing between that may
 * write it (nginx's `s.data = addr; ...; s.data = ngx_pnalloc(...)`): the copy reads the
 * second value only, although `&s` went to a call in between. */
struct str {
    size_t len;
    char *data;
};

int fill(struct str *s);

static char pool[4096];
static size_t used;

static char *pool_alloc(size_t n) {
    char *p = pool + used;
    used += n;
    return p;
}

void field_stored_again(void) {
    struct str s;
    char addr[64];
    s.len = sizeof addr;
    s.data = addr;
    if (fill(&s) != 0) return;
    s.data = pool_alloc(s.len);
    if (s.data == NULL) return;
    memcpy(s.data, addr, s.len);
}

int main(int argc, char **argv) {
    field_stored_again();
    later_assignment(argv[0], 4);
    reused_temporary(8);
    other_branch(argc, 8);
    return 0;
}
