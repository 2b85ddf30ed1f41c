/* The good examples of docs/checks/stack-address-escape.md. */
#include <stddef.h>

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

int main(void) {
    handle();
    nested();
    struct conf cf = {0};
    block(&cf);
    struct session s = {{0}};
    struct table t = {1};
    update(&s, &t);
    return counter() != NULL;
}
