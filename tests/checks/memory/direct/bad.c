/* Memory errors where the pointer is the object's address itself. */
#include <stdio.h>
#include <stdlib.h>

static char table[32];
int *saved;

void release_local(void) {
    char buf[16];
    free(buf); /* expect: free-nonheap error */
}

void release_table(void) {
    free(table); /* expect: free-nonheap error */
}

void release_middle(void) {
    char *p = malloc(8);
    free(p + 1); /* expect: free-offset error */
}

void close_with_free(void) {
    FILE *f = fopen("log.txt", "r");
    free(f); /* expect: mismatched-release error */
}

int *dangling(void) {
    int n = 0;
    return &n; /* expect: stack-address-escape error */
}

void keep(void) {
    int n = 0;
    saved = &n; /* expect: stack-address-escape error */
}

int main(void) {
    release_local();
    release_table();
    release_middle();
    close_with_free();
    keep();
    return dangling() != NULL;
}
