/* Release functions of the program's own: a wrapper releases its parameter. */
#include <stdio.h>
#include <stdlib.h>

void my_free(void *p) {
    free(p); /* expect: free-nonheap warning */
}

void my_close(FILE *f) {
    if (f) fclose(f); /* expect: mismatched-release warning */
}

int main(void) {
    char buf[8];
    my_free(buf);
    char *p = malloc(8);
    my_free(p + 1); /* missed: free-offset */
    my_close((FILE *)malloc(64));
    return 0;
}
