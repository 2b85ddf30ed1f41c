#include "alias_assert.h"
int target, other;
static int *get_target(void) { return &target; }
typedef int *(*getter)(void);
static getter choose(void) { return get_target; }
int main(void) {
    getter g = choose();
    int *r = g();
    MAYALIAS(r, &target);
    NOALIAS(r, &other);
    return 0;
}
