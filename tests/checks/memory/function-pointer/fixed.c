/* The twins of bad.c: heap memory of the right family from its start, and a depth kept in
   static storage. */
#include <stdio.h>
#include <stdlib.h>

typedef void (*dispose_fn)(void *);
static dispose_fn dispose = free;
static int *g_depth;

static void enter(void) {
    static int depth = 0;
    g_depth = &depth;
}

static void (*hook)(void) = enter;

int main(void) {
    dispose(malloc(8));
    FILE *f = fopen("log.txt", "r");
    if (f) fclose(f);
    char *p = malloc(8);
    dispose(p);
    hook();
    return 0;
}
