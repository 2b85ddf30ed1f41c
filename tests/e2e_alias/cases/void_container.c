// A generic container of void pointers: what goes in may come out (of any slot).
#include "alias_assert.h"
struct box { void *items[4]; int count; };
static void put(struct box *b, void *item) { b->items[b->count++] = item; }
static void *get(struct box *b, int i) { return b->items[i]; }
int main(void) {
    int x, y, z;
    struct box b = {{0}, 0};
    put(&b, &x);
    put(&b, &y);
    void *first = get(&b, 0);
    MAYALIAS(first, &x);
    EXPECTEDFAIL_NOALIAS(first, &y);
    NOALIAS(first, &z);
    return 0;
}
