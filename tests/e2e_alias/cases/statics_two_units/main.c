// Two file-static variables of the same name in two units are two nodes.
#include "alias_assert.h"
static int *cache;
static int mine;
int **other_cache(void);
int main(void) {
    cache = &mine;
    int **theirs = other_cache();
    NOALIAS(&cache, theirs);
    NOALIAS(cache, *theirs);
    return 0;
}
