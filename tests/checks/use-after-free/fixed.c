/* use-after-free: the twins of bad.c, which use each block before releasing it or give the
   pointer a new block first. */
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
    p[0] = 1;
    free(p);
}

void release_on_a_branch(int c) {
    char *p = malloc(8);
    if (c) {
        free(p);
        p = malloc(8);
    }
    p[0] = 1;
    free(p);
}

void reassigned(void) {
    char *p = malloc(8);
    free(p);
    p = malloc(8);
    p[0] = 1;
    free(p);
}

void two_pointers(void) {
    char *p = malloc(8);
    char *q = p;
    q[0] = 1;
    free(p);
}

void through_a_field(struct buffer *b) {
    char *copy = b->data;
    copy[0] = 1;
    free(b->data);
    b->data = NULL;
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
    if (first) first->value = 0;
    list_destroy(l);
}

void drop(char *p) {
    free(p);
}

void released_by_a_callee(void) {
    char *p = malloc(8);
    strlen(p);
    drop(p);
}

char *returned_after_release(void) {
    char *p = malloc(8);
    return p;
}

int main(int argc, char **argv) {
    (void)argv;
    release_then_use();
    release_on_a_branch(argc);
    reassigned();
    two_pointers();
    struct buffer b = {malloc(4)};
    through_a_field(&b);
    struct list *l = calloc(1, sizeof *l);
    list_then_node(l);
    released_by_a_callee();
    free(returned_after_release());
    return 0;
}
