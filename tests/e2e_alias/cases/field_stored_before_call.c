// A field read right after its store, with nothing between that may write it, is the value
// stored (docs/FACTS.md, "Fields stored before a call"), even though the struct's address
// went to a call before; after another such call it is the field's node again.
#include "alias_assert.h"
struct str { char *data; };
void fill(struct str *s);
int main(void) {
    char addr[8];
    char other[8];
    struct str s;
    s.data = addr;
    fill(&s);
    s.data = other;
    NOALIAS(s.data, addr);
    fill(&s);
    MAYALIAS(s.data, addr);
    MAYALIAS(s.data, other);
    return 0;
}
