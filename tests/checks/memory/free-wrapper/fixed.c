/* The twins of bad.c: the wrappers get heap memory of the right family, from its start. */
#include <stdio.h>
#include <stdlib.h>

void my_free(void *p) {
    free(p);
}

void my_close(FILE *f) {
    if (f) fclose(f);
}

int main(void) {
    my_free(malloc(8));
    char *p = malloc(8);
    my_free(p);
    my_close(fopen("log.txt", "r"));
    return 0;
}
