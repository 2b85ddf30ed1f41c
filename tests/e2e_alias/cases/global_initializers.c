#include "alias_assert.h"
int x, y, z;
int *table[] = {&x, &y};
struct pair { int *a; int *b; } pair = {&x, &z};
int **cursor = table;
int main(void) {
    MAYALIAS(*cursor, &x);
    EXPECTEDFAIL_NOALIAS(table[1], &x);  /* table[1] is &y: one abstract element */
    NOALIAS(pair.a, pair.b);
    NOALIAS(table[0], &z);
    return 0;
}
