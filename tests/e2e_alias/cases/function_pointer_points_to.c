// The default (points-to) resolution of the program in function_pointer_by_types.c: only
// get_target reaches fp.
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
    NOALIAS(r, &other);
    NOALIAS(r, &third);
    return 0;
}
