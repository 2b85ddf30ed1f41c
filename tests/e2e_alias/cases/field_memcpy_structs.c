// memcpy between two struct types copies the bytes of one as the fields of the other:
// overlapping fields are one location. A byte copy between char buffers moves no pointer.
#include <string.h>
#include "alias_assert.h"
struct wide { int *a; int *b; };
struct narrow { int *first; };
int main(void) {
    int x, y;
    struct wide w;
    w.a = &x;
    w.b = &y;
    struct narrow n;
    memcpy(&n, &w, sizeof n);
    MAYALIAS(n.first, &x);
    NOALIAS(n.first, &y);
    return 0;
}
