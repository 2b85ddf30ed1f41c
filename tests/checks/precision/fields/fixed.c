/* Every field is its own bytes: two fields of one struct never overlap, through one
 * pointer or two, and a copy within a field's size stays in it. */
#include <string.h>
#include "alias_assert.h"

struct two {
    char a[8];
    char b[8];
};
struct request {
    int id;
    char addr[16];
    char name[32];
    struct {
        char user[8];
        char host[8];
    } from;
};

void swap_halves(struct two *t) {
    char tmp[8];
    memcpy(tmp, t->a, 8);
    memcpy(t->a, t->b, 8);
    memcpy(t->b, tmp, 8);
    NOALIAS(t->a, t->b);
}

void fill(struct request *r, struct request *s) {
    strcpy(r->name, r->addr);
    strncpy(r->from.user, r->from.host, sizeof r->from.user);
    memcpy(&r->addr, s->name, sizeof r->addr);
    NOALIAS(&r->addr, r->name);
    NOALIAS(r->from.user, r->from.host);
    MAYALIAS(r->name, r);
}

void disjoint_parts(void) {
    static char block[64];
    memcpy(block + 32, block, 32);
    MAYALIAS(block + 32, block + 16); /* pointers into one array: no bound on what each reaches */
}

int main(void) {
    struct two t = {{0}, {0}};
    struct request r = {0}, s = {0};
    swap_halves(&t);
    fill(&r, &s);
    disjoint_parts();
    return 0;
}
