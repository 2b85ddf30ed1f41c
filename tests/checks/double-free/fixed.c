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

/* A callee releases the fields of a member struct (`set_clear(&e->set)`); the caller then
 * releases another field of the outer struct that lies at the same offset from its start as
 * the released field from the member's: a different block. */
struct set {
    long count;
    long size;
    char *keys;
};
struct entry {
    long hash;
    long next;
    char *path;
    struct set set;
};
void set_clear(struct set *s) {
    free(s->keys);
}
void entry_clear(struct entry *e) {
    set_clear(&e->set);
    free(e->path);
}

/* A release inside a statement macro's `do { ... } while (0)`: the loop runs once. */
#define RELEASE(x) \
    do {           \
        free(x);   \
    } while (0)
void in_a_macro(void) {
    char *p = malloc(8);
    RELEASE(p);
}

/* realloc that fails keeps the block: the null branch releases the old pointer once. */
char *grow(char *buf, size_t size) {
    char *bigger = realloc(buf, 2 * size);
    if (bigger == NULL) {
        free(buf);
        return NULL;
    }
    return bigger;
}
char *grow_in_place(char *buf, size_t size) {
    char *tmp;
    if ((tmp = realloc(buf, 2 * size)) == NULL) {
        free(buf);
        return NULL;
    }
    return tmp;
}

/* realloc that fails keeps the block, tested with another condition first. */
void *resize_or_release(void *ptr, size_t size) {
    void *bigger = realloc(ptr, size);
    if (size && !bigger) free(ptr);
    return bigger;
}
/* The second release is behind a test of the flag the first one set. */
int two_blocks(size_t n) {
    int failed = 0;
    char *a = malloc(n);
    if (a == NULL) return -1;
    char *b = malloc(n);
    if (b == NULL) {
        free(a);
        failed = 1;
    }
    if (!failed) {
        free(a);
        free(b);
    }
    return failed;
}

/* The release happens when the lookup failed or found nothing; the same two tests after the
   loop return then, so the last release is of a block not released. `found` is an
   out-parameter: only the call it is given to changes it. */
struct account {
    char *name;
};
int lookup_account(char *buf, size_t size, struct account **found);
int account_name(char **name) {
    struct account *found;
    char *buf;
    int r;
    for (size_t size = 64;; size *= 2) {
        buf = malloc(size);
        if (buf == NULL) return -1;
        r = lookup_account(buf, size, &found);
        if (r != 0 || found == NULL) free(buf);
        if (r != 34) break;
    }
    if (r != 0) return r;
    if (found == NULL) return -2;
    *name = malloc(8);
    if (*name == NULL) {
        free(buf);
        return -1;
    }
    free(buf);
    return 0;
}

int main(int argc, char **argv) {
    (void)argv;
    char *name = NULL;
    if (account_name(&name) == 0) free(name);
    free(resize_or_release(malloc(4), 8));
    two_blocks(4);
    twice();
    in_a_loop(argc);
    callee_then_caller();
    on_a_branch(argc);
    struct buffer b = {malloc(4)};
    through_a_field(&b);
    struct entry *e = calloc(1, sizeof *e);
    entry_clear(e);
    in_a_macro();
    free(grow(malloc(4), 4));
    free(grow_in_place(malloc(4), 4));
    free(e);
    return 0;
}
