#include "alias_assert.h"
int main(void) {
    int x, y;
    int *slot = &y;
    __atomic_store_n(&slot, &x, __ATOMIC_SEQ_CST);
    int *seen = __atomic_load_n(&slot, __ATOMIC_SEQ_CST);
    MAYALIAS(seen, &x);
    int z;
    NOALIAS(seen, &z);
    return 0;
}
