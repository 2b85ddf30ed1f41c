/* The callback's data is the very table it scans: the copy may write over its source. */
#include <string.h>

typedef void (*visit_fn)(char *entry, void *data);

struct table {
    char *entries[4];
    int count;
};

static void scan(struct table *t, visit_fn visit, void *data) {
    for (int i = 0; i < t->count; ++i) visit(t->entries[i], data);
}

static void copy_into(char *entry, void *data) {
    strcpy((char *)data, entry); /* expect: overlapping-copy warning */
}

static char names[4][16];

int main(void) {
    struct table t = {{names[0], names[1]}, 2};
    scan(&t, copy_into, names[0]);
    return 0;
}
