// RUN: --indirect-calls=types
// By types, every address-taken function with a matching signature is a target: the call
// through fp also reaches get_other, so the answer for `other` is imprecise.
#include "alias_assert.h"
int target, other, third;
static int *get_target(void) { return &target; }
static int *get_other(void) { return &other; }
static int *get_two(int *a, int *b) { return &third; }
void *registry[] = {(void *)get_other, (void *)get_two};
int main(void) {
    int *(*fp)(void) = get_target;
    int *r = fp();
    MAYALIAS(r, &target);
    EXPECTEDFAIL_NOALIAS(r, &other);
    NOALIAS(r, &third);
    return 0;
}
