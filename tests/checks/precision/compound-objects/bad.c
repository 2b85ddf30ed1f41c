/* Two pointers read from slots of one array may point into one object. When that object is
 * a buffer of bytes, that is a possible overlap (warning); when it is a table of records,
 * whose parts the slot mixes up, it is weak evidence (note). */
#include <string.h>

struct command {
    char name[8];
    int arity;
};

static struct command table[2];
static char line[64];

void copy_command_name(void **slots) {
    memcpy(slots[0], slots[1], 8); /* expect: overlapping-copy note */
}

void copy_line(char **slots, size_t n) {
    memcpy(slots[0], slots[1], n); /* expect: overlapping-copy warning */
}

int main(void) {
    void *commands[2] = {&table[0], &table[1]};
    copy_command_name(commands);
    char *parts[2] = {line, line + 8};
    copy_line(parts, 8);
    return 0;
}
