#include "shared.h"
int *pick(int *a, int *b) { return a ? a : b; }
int main(void) {
    int x = 0, y = 0;
    int *p = pick(&x, &y);
    return *p;
}
