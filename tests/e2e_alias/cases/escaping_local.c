#include "alias_assert.h"
int *saved;
static void keep(void) {
    int local;
    saved = &local;
}
int main(void) {
    int x;
    keep();
    NOALIAS(saved, &x);
    MAYALIAS(saved, saved);
    return 0;
}
