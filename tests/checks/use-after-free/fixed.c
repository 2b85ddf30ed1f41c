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

/* A callee that releases the block in a slot and stores a new one there: the caller's
 * slot holds the new block after the call. */
void store_string(char **slot, const char *text) {
    free(*slot);
    *slot = strdup(text);
}
char *replaced_by_a_callee(const char *path) {
    char *copy = strdup(path);
    if (copy == NULL) return NULL;
    if (copy[0] != '/') {
        store_string(&copy, "/");
        return copy;
    }
    return copy;
}

/* A release on some paths of a callee's callee: a condition of the inner function's own
 * (here a flag the block carries) decides, which the outer caller cannot see; not a finding. */
struct conn {
    int closing;
    int sent;
};
void close_if_closing(struct conn *c) {
    if (c->closing) free(c);
}
void reply(struct conn *c, int n) {
    c->sent += n;
    close_if_closing(c);
}
int replied_twice(struct conn *c) {
    reply(c, 1);
    reply(c, 2);
    return c->sent;
}

/* Popping a stack: the top is read, the cell gets the next element, then the old top is
 * released; the next read of the cell sees the next element, not the released one. */
struct frame {
    const char *origin;
    struct frame *prev;
};
void pop_until_root(struct frame **stack) {
    while ((*stack)->origin) {
        struct frame *elem = *stack;
        *stack = elem->prev;
        free(elem);
    }
}

/* Walking up a path: the old string is released after the variable got the next one. */
char *parent_of(const char *dir);
void count_parents(char *dir) {
    while (*dir != '\0') {
        char *freeme = dir;
        dir = parent_of(dir);
        free(freeme);
    }
    free(dir);
}
char *parent_of(const char *dir) {
    const char *slash = strrchr(dir, '/');
    return strndup(dir, slash != NULL ? (size_t)(slash - dir) : 0);
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
    free(replaced_by_a_callee("a"));
    struct conn *c = calloc(1, sizeof *c);
    replied_twice(c);
    struct frame *top = calloc(1, sizeof *top);
    pop_until_root(&top);
    count_parents(strdup("a/b/c"));
    free(top);
    free(c);
    return 0;
}
