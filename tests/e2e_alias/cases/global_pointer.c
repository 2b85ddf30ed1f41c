#include "alias_assert.h"
int target, other;
int *gp;
static void set(void) { gp = &target; }
static int *get(void) { return gp; }
int main(void) {
    set();
    int *p = get();
    MAYALIAS(p, &target);
    NOALIAS(p, &other);
    return 0;
}
