/* The twins of bad.c: the global holds heap memory of the right family, released from its
   start, and the context is taken out of the global before the return. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *g_name;
FILE *g_log;
char *g_cursor;

struct context {
    int depth;
};
static struct context *g_current;
void work(void);

void reset_name(void) {
    free(g_name);
    g_name = strdup("default");
}

void open_log(void) {
    g_log = fopen("log.txt", "a");
}

void close_log(void) {
    if (g_log) fclose(g_log);
}

void release_cursor(void) {
    char *start = malloc(16);
    g_cursor = start + 2;
    free(start);
}

void run(void) {
    struct context c = {0};
    g_current = &c;
    work();
    g_current = NULL;
}

void work(void) {
    if (g_current) g_current->depth++;
}

int main(void) {
    open_log();
    close_log();
    reset_name();
    release_cursor();
    run();
    return 0;
}
