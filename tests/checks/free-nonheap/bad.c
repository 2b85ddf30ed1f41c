/* The examples of docs/checks/free-nonheap.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

void greet(int argc, char **argv) {
    char *name = "anonymous";
    if (argc > 1) name = strdup(argv[1]);
    free(name); /* expect: free-nonheap warning */
}

void scratch(void) {
    char buf[64];
    char *p = buf;
    free(p); /* expect: free-nonheap error */
}

/* The condition changes between the choice and the release: the buffer may be released. */
void convert(size_t n) {
    char local[32];
    char *buf = local;
    if (n > 32) buf = malloc(n);
    n = n * 2;
    if (n > 32) free(buf); /* expect: free-nonheap warning */
}

/* A release wrapper: one of its calls is guarded, the other is not. */
static char fallback[8];
static void drop(void *p) {
    free(p); /* expect: free-nonheap warning */
}
void drop_twice(size_t n) {
    char *b = n > 8 ? malloc(n) : fallback;
    if (b != fallback) drop(b);
    drop(b);
}

int main(int argc, char **argv) {
    drop_twice(4);
    greet(argc, argv);
    scratch();
    convert((size_t)argc);
    return 0;
}
