/* The twins of bad.c: contexts of heap memory of the right family, and a result kept in
   the caller's job. */
#include <stdio.h>
#include <stdlib.h>

struct job {
    int *result;
    int value;
};

static void each(void (*fn)(void *), void *ctx) {
    fn(ctx);
}

static void drop(void *ctx) {
    free(ctx);
}

static void shut(void *ctx) {
    if (ctx) fclose(ctx);
}

static void compute(void *ctx) {
    struct job *j = ctx;
    j->value = 42;
    j->result = &j->value;
}

int main(void) {
    each(drop, malloc(8));
    each(shut, fopen("log.txt", "r"));
    struct job j;
    each(compute, &j);
    return 0;
}
