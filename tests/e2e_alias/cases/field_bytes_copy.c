// Under the types field model a copy between character buffers moves no pointer: a
// pointer smuggled through a char buffer is lost (docs/FACTS.md, "Soundness limits").
#include <string.h>
#include "alias_assert.h"
int main(void) {
    int x;
    int *p = &x;
    char buffer[sizeof p];
    char *raw = (char *)&p;
    memcpy(buffer, raw, sizeof p);
    int *q;
    char *out = (char *)&q;
    memcpy(out, buffer, sizeof q);
    EXPECTEDFAIL_MAYALIAS(q, &x);
    return 0;
}
