/* A block an allocator returns at this call cannot overlap anything that existed before
 * it: the copy's source is an older object of the same allocation site. */
#include <stdlib.h>
#include <string.h>
#include "alias_assert.h"

struct node {
    struct node *next;
    int value;
};

/* The source came before the allocation: a parameter, reached through recursion. */
struct node *copy_list(const struct node *src) {
    if (src == NULL) return NULL;
    struct node *d = malloc(sizeof *d);
    if (d == NULL) return NULL;
    memcpy(d, src, sizeof *d);
    NOALIAS(d, (void *)src);
    d->next = copy_list(src->next);
    return d;
}

/* The source is loaded after the allocation, but the block went nowhere before the copy. */
struct holder {
    struct node *item;
};
struct node *detach(struct holder *h) {
    struct node *d = malloc(sizeof *d);
    if (d == NULL) return NULL;
    memcpy(d, h->item, sizeof *d);
    return d;
}

/* The new block is stored in a field of a new object and read back from there; the source is
 * the same field of the older object, read after the new one was published to the caller. */
struct state {
    char *window;
    char *pending;
    size_t size;
};
struct stream {
    struct state *state;
};
struct state *copy_state(struct stream *dest, const struct state *src) {
    struct state *ds = malloc(sizeof *ds);
    if (ds == NULL) return NULL;
    dest->state = ds;
    memcpy(ds, src, sizeof *ds);
    ds->window = malloc(src->size);
    ds->pending = malloc(src->size);
    if (ds->window == NULL || ds->pending == NULL) return NULL;
    memcpy(ds->window, src->window, src->size);
    memcpy(ds->pending, src->pending, src->size);
    return ds;
}

/* The source is read from an element at an index known only at run time, before the
 * allocation: a value whose place is not known exactly still existed before the block, even
 * though it points into an older block of the same allocation site. */
struct path {
    struct path *next;
    char *name;
    char bytes[];
};
void extend(struct path **all, int n) {
    for (int i = 1; i < n; i++) {
        const char *name = all[i - 1]->name;
        size_t len = strlen(name);
        struct path *p = malloc(sizeof *p + len + 1);
        if (p == NULL) break;
        p->name = p->bytes;
        memcpy(p->name, name, len + 1);
        all[i] = p;
    }
}

/* The holder of the block is read before the loop that allocates it (a trie node split
 * off its parent): the copy still knows the block is new. */
struct trie {
    struct trie *children[4];
    void *value;
};
void *split(struct trie *root, void *value, int n) {
    void *old;
    if (n == 0) {
        old = root->value;
        root->value = value;
        return old;
    }
    for (int i = 0; i < n; i++) {
        struct trie *child = malloc(sizeof *child);
        if (child == NULL) return NULL;
        memcpy(child->children, root->children, sizeof root->children);
        child->value = root->value;
        root->children[0] = child;
    }
    return NULL;
}

/* The block of the previous turn is released at the top of the loop, before the new one is
 * made: the copy into the new one still knows it is new. */
char *rename_each(char **names, int n) {
    char *name = NULL;
    for (int i = 0; i < n; i++) {
        free(name);
        name = malloc(32);
        if (name == NULL) return NULL;
        memcpy(name, names[i], 32);
    }
    return name;
}

/* The block of the previous turn is copied out at the top of the loop: the copy into the
 * new one, further down, still knows it is new. */
char *rotate(char **names, char *out, int n) {
    char *name = NULL;
    for (int i = 0; i < n; i++) {
        if (name != NULL) memcpy(out, name, 32);
        name = malloc(32);
        if (name == NULL) return NULL;
        memcpy(name, names[i], 32);
    }
    return name;
}

int main(void) {
    struct trie root = {{NULL}, NULL};
    split(&root, &root, 2);
    static char first[32] = "a";
    char *names[2] = {first, first};
    names[1] = rename_each(names, 1);
    free(rename_each(names, 2));
    static char spare[32];
    names[0] = rotate(names, spare, 1);
    free(rotate(names, spare, 2));
    struct path *all[2] = {malloc(sizeof(struct path) + 2), NULL};
    if (all[0] != NULL) {
        all[0]->name = all[0]->bytes;
        strcpy(all[0]->name, "a");
        extend(all, 2);
    }
    struct node a = {NULL, 1};
    struct node *c = copy_list(&a);
    struct holder h = {c};
    free(detach(&h));
    static char w[8], p[8];
    struct state s = {w, p, sizeof w};
    struct stream out;
    copy_state(&out, &s);
    return 0;
}
