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

int main(int argc, char **argv) {
    later_assignment(argv[0], 4);
    reused_temporary(8);
    other_branch(argc, 8);
    return 0;
}
