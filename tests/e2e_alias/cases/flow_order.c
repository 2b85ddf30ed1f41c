/* Locals in SSA form: a variable's later value does not flow back to its earlier reads,
 * a join of two branches may hold either value, and a loop carries its value around. */
#include "alias_assert.h"

static char buf[64], other[64], third[64];

void later_assignment(char *p) {
    NOALIAS(p, buf); /* p is the caller's pointer here ... */
    p = buf;
    MAYALIAS(p, buf); /* ... and buf from here on */
}

void branches(int c) {
    char *u;
    if (c)
        u = buf;
    else
        u = other;
    MAYALIAS(u, buf);
    MAYALIAS(u, other);
    NOALIAS(u, third);
    u = third;
    NOALIAS(u, buf);
    MAYALIAS(u, third);
}

void loop(int n) {
    char *cur = buf;
    char *prev = 0;
    for (int i = 0; i < n; ++i) {
        MAYALIAS(cur, buf);
        MAYALIAS(cur, other); /* from the second iteration on */
        prev = cur;
        cur = other;
    }
    MAYALIAS(prev, buf);
    NOALIAS(prev, third);
}

void reused_temporary(void) {
    char *t = buf;
    char *first = t;
    t = other;
    char *second = t;
    NOALIAS(first, second);
    NOALIAS(first, other);
    MAYALIAS(second, other);
}

int main(int argc, char **argv) {
    later_assignment(argv[0]);
    branches(argc);
    loop(argc);
    reused_temporary();
    return 0;
}
