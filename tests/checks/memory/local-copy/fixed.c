/* The twins of bad.c: the copies hold heap memory, the start of the block, the matching
   release, a static, a store written again before the return. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *saved;

void release_copy(void) {
    char *buf = malloc(16);
    char *p = buf;
    char *q = p;
    free(q);
}

void release_default(int argc, char **argv) {
    char *name = strdup("anonymous");
    if (argc > 1) {
        free(name);
        name = malloc(32);
    }
    free(name);
    (void)argv;
}

void release_trimmed(const char *text) {
    char *s = malloc(64);
    char *cursor = s;
    while (*cursor == ' ') cursor++;
    (void)text;
    free(s);
}

void close_copy(void) {
    FILE *f = fopen("log.txt", "r");
    FILE *g = f;
    if (g) fclose(g);
}

int *dangling(void) {
    static int n = 0;
    int *p = &n;
    int *q = p;
    return q;
}

void keep(void) {
    int n = 0;
    int *p = &n;
    int *old = saved;
    saved = p;
    saved = old;
}

int main(int argc, char **argv) {
    release_copy();
    release_default(argc, argv);
    release_trimmed("  x");
    close_copy();
    keep();
    return dangling() != NULL;
}
