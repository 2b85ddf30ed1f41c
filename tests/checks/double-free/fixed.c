/* double-free: the twins of bad.c, which release each block once, or clear the pointer. */
#include <stdlib.h>

struct buffer {
    char *data;
};

void twice(void) {
    char *p = malloc(8);
    free(p);
    p = NULL;
    free(p);
}

void in_a_loop(int n) {
    for (int i = 0; i < n; ++i) {
        char *p = malloc(8);
        free(p);
    }
}

void drop(char *p) {
    free(p);
}

void callee_then_caller(void) {
    char *p = malloc(8);
    drop(p);
}

void on_a_branch(int c) {
    char *p = malloc(8);
    if (c) {
        free(p);
        return;
    }
    free(p);
}

void through_a_field(struct buffer *b) {
    free(b->data);
    b->data = NULL;
    free(b->data);
}

int main(int argc, char **argv) {
    (void)argv;
    twice();
    in_a_loop(argc);
    callee_then_caller();
    on_a_branch(argc);
    struct buffer b = {malloc(4)};
    through_a_field(&b);
    return 0;
}
