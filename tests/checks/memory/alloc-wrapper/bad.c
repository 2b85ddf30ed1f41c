/* Allocation functions of the program's own: wrappers of malloc and fopen, and a function
   that looks like one but hands out static storage. */
#include <stdio.h>
#include <stdlib.h>

void *xmalloc(size_t n) {
    void *p = malloc(n);
    if (!p) abort();
    return p;
}

FILE *xfopen(const char *name) {
    FILE *f = fopen(name, "r");
    if (!f) abort();
    return f;
}

char *scratch(void) {
    static char pool[64];
    return pool;
}

char *make_name(void) {
    char name[16] = "anonymous";
    return name; /* expect: stack-address-escape error */
}

int main(void) {
    char *p = xmalloc(8);
    p += 4;
    free(p); /* expect: free-offset error */
    free(xfopen("log.txt")); /* expect: mismatched-release error */
    free(scratch()); /* expect: free-nonheap warning */
    return make_name() != NULL;
}
