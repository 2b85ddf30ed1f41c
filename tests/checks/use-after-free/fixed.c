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

/* A flag set where a block is released guards every later use: the paths that use the
   block are those on which the flag says nothing was released. */
enum status { DONE, OUT_OF_MEMORY };
enum status split_login(const char *login, size_t user_len, size_t pass_len, char **user, char **pass) {
    enum status result = DONE;
    char *ubuf = malloc(user_len + 1);
    char *pbuf = NULL;
    if (!ubuf) result = OUT_OF_MEMORY;
    if (!result) {
        pbuf = malloc(pass_len + 1);
        if (!pbuf) {
            free(ubuf);
            result = OUT_OF_MEMORY;
        }
    }
    if (!result) {
        memcpy(ubuf, login, user_len);
        ubuf[user_len] = '\0';
        *user = ubuf;
        memcpy(pbuf, login + user_len, pass_len);
        *pass = pbuf;
    }
    return result;
}
/* The release happens when the lookup failed; the same test after the loop returns then. */
int fill(char *buf, size_t size);
int lookup(size_t *length) {
    char *buf;
    int r;
    for (size_t size = 64;; size *= 2) {
        buf = malloc(size);
        if (buf == NULL) return -1;
        r = fill(buf, size);
        if (r != 0) free(buf);
        if (r != 34) break;
    }
    if (r != 0) return r;
    *length = strlen(buf);
    free(buf);
    return 0;
}

int main(int argc, char **argv) {
    (void)argv;
    char *user = NULL, *pass = NULL;
    if (split_login("ab", 1, 1, &user, &pass) == DONE) {
        free(user);
        free(pass);
    }
    size_t length = 0;
    lookup(&length);
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
