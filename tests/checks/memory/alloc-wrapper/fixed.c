/* The twins of bad.c: the wrappers' blocks released from their start with the matching
   function, and a name on the heap. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    return xmalloc(64);
}

char *make_name(void) {
    return strdup("anonymous");
}

int main(void) {
    char *p = xmalloc(8);
    free(p);
    fclose(xfopen("log.txt"));
    free(scratch());
    char *name = make_name();
    free(name);
    return 0;
}
