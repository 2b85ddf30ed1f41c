/* The good examples of docs/checks/free-nonheap.md. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

void greet(int argc, char **argv) {
    char *name = argc > 1 ? strdup(argv[1]) : strdup("anonymous");
    free(name);
}

void scratch(size_t n) {
    char small[64];
    char *p = n > sizeof small ? malloc(n) : small;
    if (p != small) free(p);
}

void early(size_t n) {
    char small[64];
    char *p = n > sizeof small ? malloc(n) : small;
    if (p == small) return;
    free(p);
}

/* The small-buffer pattern: the release is guarded by the condition that chose the heap. */
void convert(size_t n) {
    char local[32];
    char *buf;
    if (n >= sizeof local) {
        buf = malloc(n + 1);
    } else {
        buf = local;
    }
    buf[0] = 0;
    if (n >= sizeof local) free(buf);
}

void widen(size_t n) {
    char local[32];
    char *buf = local;
    if (n > 32) buf = malloc(n);
    buf[0] = 0;
    if (n > 32) free(buf);
}

/* A release wrapper called under a guard: the static default is never passed to it. */
static int default_slots[4];
static void release(void *p) {
    free(p);
}
void use_slots(size_t n) {
    int *slots = default_slots;
    if (n > 4) slots = malloc(n * sizeof *slots);
    slots[0] = 0;
    if (slots != default_slots) release(slots);
}

/* `(void) &name;` only silences a warning: `name` is still a plain local, and what it
   holds when it is stored is the copy, not the buffer. */
char *silenced(void) {
    char buf[16] = "cpu model";
    char *name;
    (void)&name;
    name = buf + 4;
    name = strdup(name);
    return name;
}

int main(int argc, char **argv) {
    greet(argc, argv);
    scratch((size_t)argc * 100);
    early((size_t)argc * 100);
    convert((size_t)argc);
    widen((size_t)argc);
    use_slots((size_t)argc);
    free(silenced());
    return 0;
}
