/* The twins of bad.c: the fields hold heap memory of the right family, the block's start,
   and the frame's address is taken out again before the return. */
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

void release_member(void) {
    struct holder h;
    h.data = malloc(8);
    free(h.data);
}

void init(struct holder *h) {
    h->data = malloc(8);
    h->log = fopen("log.txt", "w");
}

void release_held(struct holder *h) {
    free(h->data);
    if (h->log) fclose(h->log);
}

void release_cursor(struct cursor *c) {
    char *start = malloc(16);
    c->at = start;
    c->at++;
    free(start);
}

void remember(struct holder *h) {
    int depth = 0;
    h->current = &depth;
    h->current = NULL;
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
