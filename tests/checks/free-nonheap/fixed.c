/* The good examples of docs/checks/free-nonheap.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

void greet(int argc, char **argv) {
    char *name = argc > 1 ? strdup(argv[1]) : strdup("anonymous");
    free(name);
}

void scratch(size_t n) {
    char small[64];
    char *p = n > sizeof small ? malloc(n) : small;
    if (p != small) free(p);
}

void early(size_t n) {
    char small[64];
    char *p = n > sizeof small ? malloc(n) : small;
    if (p == small) return;
    free(p);
}

int main(int argc, char **argv) {
    greet(argc, argv);
    scratch((size_t)argc * 100);
    early((size_t)argc * 100);
    return 0;
}
