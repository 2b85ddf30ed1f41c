/* Two pointers read from slots of one array may point into one object. When that object is
 * a buffer of bytes, that is a possible overlap (warning); when it is a table of records,
 * whose parts the slot mixes up, it is weak evidence (note). A const sentinel whose address
 * shares the slots is never written, so it is no evidence at all: only the block is. */
#include <stdlib.h>
#include <string.h>

struct command {
    char name[8];
    int arity;
};

static struct command table[2];
static char line[64];
static const char sentinel = 's';

void copy_command_name(void **slots) {
    memcpy(slots[0], slots[1], 8); /* expect: overlapping-copy note */
}

void copy_line(char **slots, size_t n) {
    memcpy(slots[0], slots[1], n); /* expect: overlapping-copy warning */
}

void copy_tag(char **slots) {
    memcpy(slots[0], slots[1], 1); /* expect: overlapping-copy note */
}

int main(void) {
    void *commands[2] = {&table[0], &table[1]};
    copy_command_name(commands);
    char *parts[2] = {line, line + 8};
    copy_line(parts, 8);
    char *tags[2] = {(char *)&sentinel, malloc(8)};
    copy_tag(tags);
    return 0;
}
