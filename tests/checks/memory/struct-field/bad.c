/* The pointer goes through a field of a struct: of a variable, or of the objects a pointer
   points to. */
#include <stdio.h>
#include <stdlib.h>

struct holder {
    char *data;
    FILE *log;
    int *current;
};

struct cursor {
    char *at;
};

static char fallback[8];

void release_member(void) {
    struct holder h;
    h.data = fallback;
    free(h.data); /* expect: free-nonheap error */
}

void init(struct holder *h) {
    h->data = fallback;
    h->log = fopen("log.txt", "w");
}

void release_held(struct holder *h) {
    free(h->data); /* expect: free-nonheap note */
    free(h->log); /* expect: mismatched-release note */
}

void release_cursor(struct cursor *c) {
    c->at = malloc(16);
    c->at++;
    free(c->at); /* missed: free-offset */
}

void remember(struct holder *h) {
    int depth = 0;
    h->current = &depth; /* expect: stack-address-escape error */
}

int main(void) {
    struct holder h;
    struct cursor c;
    init(&h);
    release_member();
    release_held(&h);
    release_cursor(&c);
    remember(&h);
    return 0;
}
