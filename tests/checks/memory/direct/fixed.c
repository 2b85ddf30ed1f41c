/* The twins of bad.c: heap memory, the block's start, the matching release, a static
   variable, a store cleared before the return. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char table[32];
int *saved;
void use(void);

void release_local(void) {
    char *buf = malloc(16);
    free(buf);
}

void release_table(void) {
    memset(table, 0, sizeof table);
}

void release_middle(void) {
    char *p = malloc(8);
    p[1] = 0;
    free(p);
}

void close_with_free(void) {
    FILE *f = fopen("log.txt", "r");
    if (f) fclose(f);
}

int *dangling(void) {
    static int n = 0;
    return &n;
}

void keep(void) {
    int n = 0;
    saved = &n;
    use();
    saved = NULL;
}

void use(void) {}

int main(void) {
    release_local();
    release_table();
    release_middle();
    close_with_free();
    keep();
    return dangling() != NULL;
}
