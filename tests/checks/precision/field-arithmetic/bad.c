/* Claims that arithmetic across fields stays in one field are wrong. */
#include <stddef.h>
#include "alias_assert.h"

struct regs {
    long r0;
    long r1;
    long r2;
};

void step(struct regs *s, size_t i) {
    long *p = &s->r0 + i;
    NOALIAS(p, &s->r2); /* expect: alias-assertion error */
}

int main(int argc, char **argv) {
    (void)argv;
    struct regs s = {0, 0, 0};
    step(&s, (size_t)argc);
    return 0;
}
