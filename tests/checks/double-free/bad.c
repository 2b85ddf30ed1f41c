/* double-free: the shapes real code has, each with its twin in fixed.c. */
#include <stdlib.h>

struct buffer {
    char *data;
};

void twice(void) {
    char *p = malloc(8);
    free(p);
    free(p); /* expect: double-free error */
}

void in_a_loop(int n) {
    char *p = malloc(8);
    for (int i = 0; i < n; ++i) free(p); /* expect: double-free warning */
}

void drop(char *p) {
    free(p);
}

void callee_then_caller(void) {
    char *p = malloc(8);
    drop(p);
    free(p); /* expect: double-free error */
}

void on_a_branch(int c) {
    char *p = malloc(8);
    if (c) free(p);
    free(p); /* expect: double-free warning */
}

void through_a_field(struct buffer *b) {
    free(b->data);
    free(b->data); /* expect: double-free error */
}

/* A callee releases a field of a member struct; the caller releases it again. */
struct set {
    long count;
    long size;
    char *keys;
};
struct entry {
    long hash;
    char *path;
    struct set set;
};
void set_clear(struct set *s) {
    free(s->keys);
}
void entry_clear(struct entry *e) {
    set_clear(&e->set);
    free(e->set.keys); /* expect: double-free error */
}

/* realloc that succeeds has released the old block. */
char *grow_and_drop(char *buf, size_t size) {
    char *bigger = realloc(buf, 2 * size);
    if (bigger != NULL) free(buf); /* expect: double-free warning */
    return bigger;
}

int main(int argc, char **argv) {
    (void)argv;
    twice();
    in_a_loop(argc);
    callee_then_caller();
    on_a_branch(argc);
    struct buffer b = {malloc(4)};
    through_a_field(&b);
    struct entry *e = calloc(1, sizeof *e);
    entry_clear(e);
    free(grow_and_drop(malloc(4), 4));
    free(e);
    return 0;
}
