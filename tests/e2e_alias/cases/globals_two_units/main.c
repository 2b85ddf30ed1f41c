// A global defined in one unit and set in another is one node.
#include "alias_assert.h"
extern int *shared;
extern int value;
void set_shared(void);
int main(void) {
    int local;
    set_shared();
    MAYALIAS(shared, &value);
    NOALIAS(shared, &local);
    return 0;
}
