// A function defined in another unit is linked by name, parameters and all.
#include "alias_assert.h"
int *pass_through(int *p);
int *registry_get(void);
void registry_put(int *p);
int main(void) {
    int x, y;
    int *r = pass_through(&x);
    registry_put(&y);
    MAYALIAS(r, &x);
    MAYALIAS(registry_get(), &y);
    NOALIAS(r, &y);
    return 0;
}
