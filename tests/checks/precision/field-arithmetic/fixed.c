/* Pointer arithmetic by an unknown amount from one field may reach every field of the
 * struct: galias keeps it a may-alias, and does not call it certain. */
#include <stddef.h>
#include "alias_assert.h"

struct regs {
    long r0;
    long r1;
    long r2;
};

void step(struct regs *s, size_t i) {
    long *p = &s->r0 + i;
    MAYALIAS(p, &s->r2);
    MAYALIAS(p, &s->r0);
    NOALIAS(&s->r1, &s->r2);
}

int main(int argc, char **argv) {
    (void)argv;
    struct regs s = {0, 0, 0};
    step(&s, (size_t)argc);
    return 0;
}
