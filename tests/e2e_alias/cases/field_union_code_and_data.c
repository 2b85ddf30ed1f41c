// A function pointer and a data pointer sharing a union are assumed to be read as what was
// written (as tagged unions are): a callback stored as `run` is not seen through `data`.
#include "alias_assert.h"
static void work(void) {}
union slot { void (*run)(void); void *data; };
int main(void) {
    int x;
    union slot s;
    union slot *ps = &s;
    ps->run = work;
    union slot t;
    union slot *pt = &t;
    pt->data = &x;
    MAYALIAS(pt->data, &x);
    EXPECTEDFAIL_MAYALIAS(ps->data, (void *)work);
    return 0;
}
