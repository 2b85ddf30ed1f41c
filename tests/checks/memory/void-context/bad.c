/* The pointer travels as a callback's void * context. */
#include <stdio.h>
#include <stdlib.h>

struct job {
    int *result;
};

static void each(void (*fn)(void *), void *ctx) {
    fn(ctx);
}

static void drop(void *ctx) {
    free(ctx); /* expect: free-nonheap warning */
}

static void shut(void *ctx) {
    fclose(ctx); /* expect: mismatched-release warning */
}

static void compute(void *ctx) {
    struct job *j = ctx;
    int answer = 42;
    j->result = &answer; /* expect: stack-address-escape error */
}

int main(void) {
    char buf[8];
    each(drop, buf);
    each(shut, malloc(8));
    struct job j;
    each(compute, &j);
    return 0;
}
