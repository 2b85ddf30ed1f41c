/* A pool allocator galias cannot tell from a function returning memory it already holds:
 * it hands out the bytes at a cursor and moves the cursor on. The copy into its block is
 * reported, and the message names the function whose answer would settle it. */
#include <string.h>

struct pool {
    char *next;
    char *end;
};

static char arena[4096];

void *pool_take(struct pool *p, size_t n) {
    char *block = p->next;
    p->next += n;
    return block;
}

char *copy_name(struct pool *p, const char *name, size_t n) {
    char *copy = pool_take(p, n + 1);
    memcpy(copy, name, n + 1); /* expect: overlapping-copy warning; allocator-candidate: pool_take */
    return copy;
}

int main(void) {
    struct pool p = {arena, arena + sizeof arena};
    char *first = copy_name(&p, "first", 5);
    char *second = copy_name(&p, first, 5);
    return second[0];
}
