/* The good examples of docs/checks/stack-address-escape.md. */
#include <stddef.h>
#include <stdlib.h>

struct request {
    int id;
};

static struct request *current;

void process(void) {
    if (current) current->id++;
}

void handle(void) {
    struct request r = {0};
    current = &r;
    process();
    current = NULL;
}

void nested(void) {
    struct request r = {0};
    struct request *saved = current;
    current = &r;
    process();
    current = saved;
}

/* The whole struct put back, as nginx's configuration parser does. */
struct conf {
    void *ctx;
    int line;
};

void parse(struct conf *cf) {
    cf->line++;
}

void block(struct conf *cf) {
    struct conf saved;
    int ctx = 0;
    saved = *cf;
    cf->ctx = &ctx;
    parse(cf);
    *cf = saved;
}

/* Set and undone under the same condition. */
struct hook {
    void *ctx;
};
struct session {
    struct hook hook;
};
struct table {
    int stat;
};

void work(struct session *s) {
    (void)s;
}

void update(struct session *s, struct table *t) {
    struct hook saved = {0};
    int local = 0;
    if (t->stat) {
        saved = s->hook;
        s->hook.ctx = &local;
    }
    work(s);
    if (t->stat) s->hook = saved;
}

int *counter(void) {
    static int n = 0;
    return &n;
}

/* A sentinel on the stack linked into a list while it is walked. The list links of every
   node are one field to the points-to analysis, so they seem to hold `walk`'s own sentinel
   too; but `walk` never calls `splice_back`, so its frame is not alive below it. */
struct link {
    struct link *prev, *next;
};
void splice_back(struct link *list) {
    struct link sentinel;
    struct link *first = list->next;
    sentinel.next = first;
    first->prev = &sentinel; /* expect: stack-address-escape note */
    list->next->prev = list;
}
void walk(struct link *list) {
    struct link head;
    head.next = list->next;
    list->next = &head;
    list->next = head.next;
}

int main(void) {
    handle();
    nested();
    struct conf cf = {0};
    block(&cf);
    struct session s = {{0}};
    struct table t = {1};
    update(&s, &t);
    struct link *ring = malloc(sizeof *ring);
    ring->prev = ring->next = ring;
    splice_back(ring);
    walk(ring);
    free(ring);
    return counter() != NULL;
}
