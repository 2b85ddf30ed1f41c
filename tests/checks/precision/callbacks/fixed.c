/* A scan routine calls back with its caller's data: each caller's callback sees only that
 * caller's data, not every object handed to any scan. */
#include <string.h>
#include "alias_assert.h"

typedef void (*visit_fn)(char *entry, void *data);

struct table {
    char *entries[4];
    int count;
};

static void scan(struct table *t, visit_fn visit, void *data) {
    for (int i = 0; i < t->count; ++i) visit(t->entries[i], data);
}

struct copier {
    char out[64];
};
static char names[4][16];
static char counts[4][16];

static void copy_out(char *entry, void *data) {
    struct copier *c = data;
    strcpy(c->out, entry);
    NOALIAS(c->out, entry);
}

static void mark(char *entry, void *data) {
    char *flags = data;
    flags[0] = entry[0];
}

int main(void) {
    struct table by_name = {{names[0], names[1]}, 2};
    struct table by_count = {{counts[0]}, 1};
    struct copier c;
    /* The other scan's data is one of its own entries. */
    scan(&by_name, copy_out, &c);
    scan(&by_count, mark, counts[3]);
    return c.out[0];
}
