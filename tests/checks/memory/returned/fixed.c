/* The twins of bad.c: the functions return heap blocks of the right family, from their
   start, and no frame's address. */
#include <stdio.h>
#include <stdlib.h>

static FILE *g_log;

char *pick(int fresh) {
    return fresh ? malloc(8) : calloc(1, 8);
}

FILE *get_log(void) {
    if (!g_log) g_log = fopen("log.txt", "a");
    return g_log;
}

char *skip(char *s) {
    return s;
}

int *identity(int *p) {
    return p;
}

int *counter(void) {
    static int n = 0;
    return identity(&n);
}

int main(int argc, char **argv) {
    (void)argv;
    free(pick(argc));
    FILE *log = get_log();
    if (log) fclose(log);
    free(skip(malloc(8)));
    return counter() != NULL;
}
