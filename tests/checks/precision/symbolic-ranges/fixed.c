/* Copies within one buffer whose ranges never meet, shown by the offsets and lengths alone:
 * nothing is reported. */
#include <string.h>
#include "alias_assert.h"

struct slot {
    int key;
    int rep[3];
    long cost;
};

/* Slide the upper half of a window down: [0, size - more) ends where [size, ...) starts. */
void slide(unsigned char *window, unsigned size, unsigned more) {
    memcpy(window, window + size, size - more);
}

/* Insertion sort's step: [p - size, p) and [p, p + size) are adjacent. */
void step_back(char *p, size_t size) {
    memcpy(p, p - size, size);
}

/* A field of one element copied into the same field of the next: 24 bytes apart, 12 copied. */
void carry(struct slot *opt, size_t cur) {
    memcpy(opt[cur].rep, opt[cur - 1].rep, sizeof opt[0].rep);
}

/* Duplicate the first n counters after themselves, past a gap of one. */
void duplicate(unsigned *counts, size_t n) {
    memcpy(&counts[2 + n], &counts[1], n * sizeof counts[0]);
}

int main(void) {
    unsigned char window[64] = {0};
    char text[32] = {0};
    struct slot opt[4];
    unsigned counts[16] = {0};
    memset(opt, 0, sizeof opt);
    slide(window, 32, 4);
    step_back(text + 8, 4);
    carry(opt, 2);
    duplicate(counts, 4);
    return 0;
}
