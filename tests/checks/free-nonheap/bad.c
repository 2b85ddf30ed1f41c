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

int main(int argc, char **argv) {
    greet(argc, argv);
    scratch();
    return 0;
}
