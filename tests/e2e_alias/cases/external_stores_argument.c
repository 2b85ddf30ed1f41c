// A library function without a body or a model is assumed not to store its arguments
// (docs/FACTS.md, "Soundness limits"): what `keep` might hand back through `fetch` is lost.
#include "alias_assert.h"
void keep(int *p);
int *fetch(void);
int main(void) {
    int x;
    keep(&x);
    int *q = fetch();
    EXPECTEDFAIL_MAYALIAS(q, &x);
    return 0;
}
