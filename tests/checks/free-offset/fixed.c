/* The good examples of docs/checks/free-offset.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

struct pair {
    int key;
    char *value;
};

void use(const char *s) { (void)s; }

void trim(const char *text) {
    char *copy = strdup(text), *s = copy;
    while (*s == ' ') s++;
    use(s);
    free(copy);
}

void drop(void) {
    struct pair *e = malloc(sizeof *e);
    e->value = malloc(8);
    free(e->value);
    free(e);
}

/* A header in front of the user's block, as custom allocators keep one. */
struct header {
    size_t size;
};

void *sized_alloc(size_t n) {
    struct header *h = malloc(sizeof *h + n);
    if (!h) return NULL;
    h->size = n;
    return h + 1;
}

void sized_free(void *p) {
    if (p) free((struct header *)p - 1);
}

int main(void) {
    trim("  x");
    drop();
    sized_free(sized_alloc(8));
    return 0;
}
