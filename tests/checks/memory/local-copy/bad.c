/* The object's address reaches the call through copies into locals. */
#include <stdio.h>
#include <stdlib.h>

int *saved;

void release_copy(void) {
    char buf[16];
    char *p = buf;
    char *q = p;
    free(q); /* expect: free-nonheap error */
}

void release_default(int argc, char **argv) {
    char *name = "anonymous";
    if (argc > 1) name = malloc(32);
    free(name); /* expect: free-nonheap warning */
    (void)argv;
}

void release_trimmed(const char *text) {
    char *s = malloc(64);
    char *cursor = s;
    while (*cursor == ' ') cursor++;
    (void)text;
    free(cursor); /* expect: free-offset warning */
}

void close_copy(void) {
    char *line = malloc(80);
    FILE *f = (FILE *)line;
    fclose(f); /* expect: mismatched-release error */
}

int *dangling(void) {
    int n = 0;
    int *p = &n;
    int *q = p;
    return q; /* expect: stack-address-escape error */
}

void keep(void) {
    int n = 0;
    int *p = &n;
    saved = p; /* expect: stack-address-escape error */
}

int main(int argc, char **argv) {
    release_copy();
    release_default(argc, argv);
    release_trimmed("  x");
    close_copy();
    keep();
    return dangling() != NULL;
}
