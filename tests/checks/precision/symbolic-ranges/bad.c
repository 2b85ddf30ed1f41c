/* Offsets and lengths that are sums of the values a copy reads: the distance between the two
 * pointers decides, whatever the values are. */
#include <string.h>
#include "alias_assert.h"

struct entry {
    char name[20];
    int id;
};

/* Two bytes apart, whatever i is, and ten bytes copied. */
void shift(char *b, size_t i) {
    memcpy(b + i + 6, b + i + 4, 10); /* expect: overlapping-copy error */
}

/* Removing a prefix: [0, total - n) and [n, total) meet when total > 2n. */
void drop_prefix(char *buf, size_t n, size_t total) {
    memcpy(buf, buf + n, total - n); /* expect: overlapping-copy warning */
}

/* One element onto another: they meet only when i == j (a copy onto itself). */
void move_entry(struct entry *table, size_t i, size_t j) {
    memcpy(&table[i], &table[j], sizeof table[0]); /* expect: overlapping-copy note */
}

/* Sliding a window: [0, n) and [k, k + n) meet where n > k, which nothing here relates: the
 * two lengths read different values. A note, not a warning. */
void slide(char *w, size_t k, size_t n) {
    memcpy(w, w + k, n); /* expect: overlapping-copy note */
}

int main(void) {
    char b[64] = {0};
    struct entry table[4];
    memset(table, 0, sizeof table);
    shift(b, 3);
    drop_prefix(b, 8, 40);
    move_entry(table, 1, 2);
    slide(b, 32, 16);
    return 0;
}
