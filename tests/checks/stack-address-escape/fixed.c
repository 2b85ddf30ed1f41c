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

int *counter(void) {
    static int n = 0;
    return &n;
}

int main(void) {
    handle();
    nested();
    return counter() != NULL;
}
