/* The pointer is kept in a global variable between calls. */
#include <stdio.h>
#include <stdlib.h>

char *g_name = "default";
FILE *g_log;
char *g_cursor;

struct context {
    int depth;
};
static struct context *g_current;
void work(void);

void reset_name(void) {
    free(g_name); /* expect: free-nonheap warning */
}

void open_log(void) {
    g_log = fopen("log.txt", "a");
}

void close_log(void) {
    free(g_log); /* expect: mismatched-release warning */
}

void release_cursor(void) {
    g_cursor = malloc(16);
    g_cursor += 2;
    free(g_cursor); /* missed: free-offset */
}

void run(void) {
    struct context c = {0};
    g_current = &c; /* expect: stack-address-escape warning */
    work();
}

void work(void) {
    g_current->depth++;
}

int main(void) {
    open_log();
    close_log();
    reset_name();
    release_cursor();
    run();
    return 0;
}
