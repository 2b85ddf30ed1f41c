/* use-after-free: the shapes real code has, each with its twin in fixed.c. */
#include <stdlib.h>
#include <string.h>

struct node {
    int value;
    struct node *next;
};
struct list {
    struct node *head;
};
struct buffer {
    char *data;
};

void release_then_use(void) {
    char *p = malloc(8);
    free(p);
    p[0] = 1; /* expect: use-after-free error */
}

void release_on_a_branch(int c) {
    char *p = malloc(8);
    if (c) free(p);
    p[0] = 1; /* expect: use-after-free warning */
}

void two_pointers(void) {
    char *p = malloc(8);
    char *q = p;
    free(p);
    q[0] = 1; /* expect: use-after-free error */
}

void through_a_field(struct buffer *b) {
    char *copy = b->data;
    free(b->data);
    copy[0] = 1; /* expect: use-after-free error */
}

void list_destroy(struct list *l) {
    struct node *n = l->head;
    while (n) {
        struct node *next = n->next;
        free(n);
        n = next;
    }
    free(l);
}

void list_then_node(struct list *l) {
    struct node *first = l->head;
    list_destroy(l);
    first->value = 0; /* expect: use-after-free note */
}

void drop(char *p) {
    free(p);
}

void released_by_a_callee(void) {
    char *p = malloc(8);
    drop(p);
    strlen(p); /* expect: use-after-free error */
}

char *returned_after_release(void) {
    char *p = malloc(8);
    free(p);
    return p; /* expect: use-after-free error */
}

/* The flag is set where the block is released, but the use does not test it. */
enum status { DONE, OUT_OF_MEMORY };
enum status flag_not_tested(size_t n, char **out) {
    enum status result = DONE;
    char *a = malloc(n + 1);
    char *b = malloc(n + 1);
    if (a == NULL) return OUT_OF_MEMORY;
    if (b == NULL) {
        free(a);
        result = OUT_OF_MEMORY;
    }
    a[n] = 0; /* expect: use-after-free warning */
    *out = b;
    return result;
}

int main(int argc, char **argv) {
    (void)argv;
    char *out = NULL;
    flag_not_tested(4, &out);
    free(out);
    release_then_use();
    release_on_a_branch(argc);
    two_pointers();
    struct buffer b = {malloc(4)};
    through_a_field(&b);
    struct list *l = calloc(1, sizeof *l);
    list_then_node(l);
    released_by_a_callee();
    return returned_after_release() != NULL;
}
