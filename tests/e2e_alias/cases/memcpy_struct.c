#include <string.h>
#include "alias_assert.h"
struct pair { int *a; int *b; };
int main(void) {
    int x, y, z;
    struct pair s = {&x, &y};
    struct pair d;
    memcpy(&d, &s, sizeof s);
    MAYALIAS(d.a, &x);
    MAYALIAS(d.b, &y);
    NOALIAS(d.a, &z);
    return 0;
}
