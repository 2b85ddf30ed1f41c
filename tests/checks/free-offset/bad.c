/* The examples of docs/checks/free-offset.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

struct pair {
    int key;
    char *value;
};

void trim(const char *text) {
    char *s = strdup(text);
    while (*s == ' ') s++;
    free(s); /* expect: free-offset warning */
}

void drop(void) {
    struct pair *e = malloc(sizeof *e);
    free(&e->value); /* expect: free-offset error */
}

int main(void) {
    trim("  x");
    drop();
    return 0;
}
