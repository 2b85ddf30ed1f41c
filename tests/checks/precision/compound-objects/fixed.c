/* Two different tables and two different buffers, passed apart: nothing in common. */
#include <string.h>

struct command {
    char name[8];
    int arity;
};

static struct command table[2];
static struct command saved[2];
static char line[64];
static char copy[64];

void copy_command_name(void *to, const void *from) {
    memcpy(to, from, 8);
}

void copy_line(char *to, const char *from, size_t n) {
    memcpy(to, from, n);
}

int main(void) {
    copy_command_name(&saved[0], &table[1]);
    copy_line(copy, line + 8, 8);
    return 0;
}
