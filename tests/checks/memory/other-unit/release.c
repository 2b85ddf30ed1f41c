/* Release functions called from caller.c. */
#include <stdio.h>
#include <stdlib.h>

void release(char *p) {
    free(p); /* expect: free-nonheap warning */
}

void release_tail(char *p) {
    free(p + 1); /* expect: free-offset warning */
}

void close_stream(FILE *f) {
    fclose(f); /* expect: mismatched-release warning */
}

void fill(int **out) {
    int value = 1;
    *out = &value; /* expect: stack-address-escape error */
}
