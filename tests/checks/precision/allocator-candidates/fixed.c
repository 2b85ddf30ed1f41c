/* The same pool allocator, named in the folder's galias.toml ([analysis] allocators): each
 * block it returns is new, so no name copied into one can be in it. */
#include <string.h>

struct pool {
    char *next;
    char *end;
};

static char arena[4096];

void *pool_alloc(struct pool *p, size_t n) {
    char *block = p->next;
    p->next += n;
    return block;
}

char *copy_name(struct pool *p, const char *name, size_t n) {
    char *copy = pool_alloc(p, n + 1);
    memcpy(copy, name, n + 1);
    return copy;
}

int main(void) {
    struct pool p = {arena, arena + sizeof arena};
    char *first = copy_name(&p, "first", 5);
    char *second = copy_name(&p, first, 5);
    return second[0];
}
