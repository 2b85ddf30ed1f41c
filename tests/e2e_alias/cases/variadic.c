#include <stdarg.h>
#include "alias_assert.h"
static void *nth(int n, ...) {
    va_list ap;
    va_start(ap, n);
    void *result = 0;
    for (int i = 0; i <= n; ++i) result = va_arg(ap, void *);
    va_end(ap);
    return result;
}
int main(void) {
    int x, y, z;
    void *r = nth(1, &x, &y);
    MAYALIAS(r, &y);
    MAYALIAS(r, &x);
    NOALIAS(r, &z);
    return 0;
}
