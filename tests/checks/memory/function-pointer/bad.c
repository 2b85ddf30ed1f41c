/* The release or the escaping function is reached through a function pointer. */
#include <stdio.h>
#include <stdlib.h>

typedef void (*dispose_fn)(void *);
static dispose_fn dispose = free;
static int *g_depth;

static void enter(void) {
    int depth = 0;
    g_depth = &depth; /* expect: stack-address-escape error */
}

static void (*hook)(void) = enter;

int main(void) {
    static char table[8];
    dispose(table); /* expect: free-nonheap error */
    FILE *f = fopen("log.txt", "r");
    dispose(f); /* expect: mismatched-release error */
    char *p = malloc(8);
    dispose(p + 2); /* expect: free-offset error */
    hook();
    return 0;
}
