#include "alias_assert.h"
struct entry { int *key; int *value; };
int main(void) {
    int k, v, w;
    struct entry table[8];
    for (int i = 0; i < 8; ++i) table[i].key = &k;
    table[5].value = &v;
    MAYALIAS(table[3].key, &k);
    NOALIAS(table[0].key, table[0].value);
    NOALIAS(table[1].value, &w);
    return 0;
}
