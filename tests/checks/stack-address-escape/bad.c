/* The examples of docs/checks/stack-address-escape.md. */
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
    current = &r; /* expect: stack-address-escape warning */
    process();
}

int *counter(void) {
    int n = 0;
    return &n; /* expect: stack-address-escape error */
}

int main(void) {
    handle();
    return counter() != NULL;
}
