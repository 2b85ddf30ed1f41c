/* The pointer is the result of a function. */
#include <stdio.h>
#include <stdlib.h>

static FILE *g_log;

char *pick(int fresh) {
    static char fallback[8];
    return fresh ? malloc(8) : fallback;
}

FILE *get_log(void) {
    if (!g_log) g_log = fopen("log.txt", "a");
    return g_log;
}

char *skip(char *s) {
    return s + 1;
}

int *identity(int *p) {
    return p;
}

int *dangling(void) {
    int n = 0;
    return identity(&n); /* expect: stack-address-escape warning */
}

int main(int argc, char **argv) {
    (void)argv;
    free(pick(argc)); /* expect: free-nonheap warning */
    free(get_log()); /* expect: mismatched-release warning */
    free(skip(malloc(8))); /* missed: free-offset */
    return dangling() != NULL;
}
