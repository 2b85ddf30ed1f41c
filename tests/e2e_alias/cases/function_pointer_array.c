#include "alias_assert.h"
int g1, g2, g3;
static int *h1(void) { return &g1; }
static int *h2(void) { return &g2; }
static int *(*handlers[])(void) = {h1, h2};
int main(int argc, char **argv) {
    int *r = handlers[argc % 2]();
    MAYALIAS(r, &g1);
    MAYALIAS(r, &g2);
    NOALIAS(r, &g3);
    return 0;
}
